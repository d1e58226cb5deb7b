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
# the rows of the most common configuration first, then those of other configurations (their
# label carries it in brackets): a dotted line between the two
nplain = int(system(sel . 'bars ' . q(csv) . ' | grep -vc "(" || true'))
nall = int(system(sel . 'bars ' . q(csv) . ' | wc -l'))
set title sprintf("Force pass throughput per damping model: %s unless the label says otherwise (in brackets)\nmedian over repetitions, error bars: standard deviation", cfg) . busy
set ylabel 'throughput [M listed pairs/s]'
unset xlabel   # the labels say normal/damping; rotated, they leave no room for it
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.85 border rgb '#333333'
set boxwidth 0.9
set xtics rotate by 45 right nomirror font ',9'
set xrange [-0.6:nall - 0.4]
# room above the tallest bar and its error bar for the key
ytop = real(system(sel . 'bars ' . q(csv) . " | awk '{ for (i = 2; i <= 4; i += 2) if ($i != \"?\") { t = $i + ($(i + 1) == \"?\" ? 0 : $(i + 1)); if (t > m) m = t } } END { print m + 0 }'"))
set yrange [0:(ytop > 0 ? ytop * 1.18 : 1)]
# the key in that band, never on a bar
set key inside top center horizontal opaque box
set bmargin 14
set rmargin 4
set lmargin 10
if (nplain > 0 && nplain < nall) {
  set arrow 1 from first nplain - 0.5, graph 0 to first nplain - 0.5, graph 1 nohead dt 3 lc rgb '#444444' front
}
set terminal pngcairo size 1300,700 noenhanced font 'Sans,10'
set output out . name . '.png'
plot data using 2:3:xtic(1) title 'tangential nohistory' lc rgb '#1f77b4', \
     '' using 4:5 title 'tangential mindlin (mdr: linear_history)' noenhanced lc rgb '#ff7f0e'
set terminal svg size 1300,700 noenhanced font 'Sans,10' background rgb 'white'
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
