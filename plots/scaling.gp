# Thread scaling of the force pass (family=strategy): median pairs/s vs threads, one line per
# strategy (and tangential model), with ideal scaling from the 1-thread half-reduce value.
# gnuplot -e "csv='data/x.csv'; out='plots/'" plots/scaling.gp  ->  <out>scaling.{png,svg}
name = 'scaling'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
keys = system(sel . 'keys ' . q(csv) . ' strategy threads strategy')
if (strlen(keys) == 0) {
  print 'grandamp: notice: scaling.gp: no family=strategy rows; no plot'; exit
}
hr = ''
do for [k in keys] { if (strstrt(k, 'half-reduce') > 0) { hr = hr . ' ' . k } }
if (strlen(hr) == 0) { print 'grandamp: notice: scaling.gp: no half-reduce series; no ideal-scaling line' }
tmax = real(system(sel . 'max ' . q(csv) . ' strategy threads'))
cfg = system(sel . 'config ' . q(csv) . ' strategy normal,damping,packing,n')
series(k) = '< ' . sel . 'series ' . q(csv) . ' strategy threads ' . q(k) . ' strategy'
ideal(k) = '< ' . sel . 'ideal ' . q(csv) . ' strategy threads ' . q(k) . ' strategy'
# colour by strategy, point type and dashes by tangential model
sc(k) = (strstrt(k, 'half-atomic') > 0) ? 3 : ((strstrt(k, 'half-reduce') > 0) ? 2 : 1)
scol(k) = word('#1f77b4 #2ca02c #d62728', sc(k))
tm(k) = (strstrt(k, 'mindlin') > 0) ? 2 : 1
idt(k) = (tm(k) == 1) ? 2 : 4
set title sprintf("Thread scaling of the force pass (%s)\nmedian over repetitions, error bars: standard deviation; dashed grey: ideal scaling of half-reduce", cfg) . busy
set xlabel 'OpenMP threads'
set ylabel 'throughput [M pairs/s]'
set xrange [0.5:tmax + 0.5]
set yrange [0:*]
if (tmax <= 16) { set xtics 1 }
# the key beside the plot: the lines may run anywhere
set key outside right top
set terminal pngcairo size 1150,600 noenhanced font 'Sans,10'
set output out . name . '.png'
plot for [k in keys] series(k) using 1:($2 / 1e6):($3 / 1e6) with yerrorlines lw 2 lc rgb scol(k) dt tm(k) pt (tm(k) == 1 ? 7 : 5) title commas(k), \
     for [k in hr] ideal(k) using 1:($2 / 1e6) with lines lw 1.5 lc rgb '#888888' dt idt(k) title ('ideal, from 1 thread: ' . commas(k))
set terminal svg size 1150,600 noenhanced font 'Sans,10' background rgb 'white'
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
