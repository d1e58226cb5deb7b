# Cost of each damping model relative to the geometry floor (distance and overlap only, no
# force law): median real_time of the family=model rows divided by the median real_time of
# the family=geometry row at the same n/threads/packing/strategy (or of the only geometry row).
# gnuplot -e "csv='data/x.csv'; out='plots/'" plots/floor.gp  ->  <out>floor.{png,svg}
name = 'floor'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
data = '< ' . sel . 'floor ' . q(csv) . ' 2>/dev/null'
if (int(system(sel . 'floor ' . q(csv) . ' | wc -l')) == 0) {
  print 'grandamp: notice: floor.gp: no family=model row with a matching family=geometry row; no plot'; exit
}
info = system(sel . 'floorinfo ' . q(csv))
set title sprintf("Force pass time relative to the geometry floor (distance + overlap, no force law)\n%s; error bars: propagated standard deviations", info)
set ylabel 'time / geometry-floor time [ratio]'
set xlabel 'normal model / damping model'
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.85 border rgb '#333333'
set boxwidth 0.9
set xtics rotate by 30 right nomirror
set yrange [0:*]
set key top left
set bmargin 12
set rmargin 4
set lmargin 10
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb '#444444' front
set label 1 'geometry floor = 1' at graph 0.99, first 1 right offset 0, 0.7 front
eval png_term
set output out . name . '.png'
plot data using 2:3:xtic(1) title 'tangential nohistory' lc rgb '#1f77b4', \
     '' using 4:5 title 'tangential mindlin' lc rgb '#ff7f0e'
eval svg_term
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
