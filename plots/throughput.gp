# Force-pass throughput of every damping model (family=model): median pairs/s per
# normal/damping model, tangential nohistory vs mindlin as grouped bars (the MDR rows, which
# take linear_history, in the history column), stddev error bars.
# gnuplot -e "csv='data/x.csv'; out='plots/'" plots/throughput.gp  ->  <out>throughput.{png,svg}
name = 'throughput'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
data = '< ' . sel . 'bars ' . q(csv)
if (int(system(sel . 'bars ' . q(csv) . ' | wc -l')) == 0) {
  print 'grandamp: notice: throughput.gp: no family=model rows; no plot'; exit
}
cfg = system(sel . 'config ' . q(csv) . ' model')
set title sprintf("Force pass throughput per damping model (%s)\nmedian over repetitions, error bars: standard deviation", cfg)
set ylabel 'throughput [M pairs/s]'
set xlabel 'normal model / damping model'
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.85 border rgb '#333333'
set boxwidth 0.9
set xtics rotate by 30 right nomirror
set yrange [0:*]
set key top right
set bmargin 13
set rmargin 4
set lmargin 10
eval png_term
set output out . name . '.png'
plot data using 2:3:xtic(1) title 'tangential nohistory' lc rgb '#1f77b4', \
     '' using 4:5 title 'tangential mindlin (mdr: linear_history)' noenhanced lc rgb '#ff7f0e'
eval svg_term
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
