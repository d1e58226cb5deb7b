# Throughput against problem size (family=size): median pairs/s vs N on a log axis, and the
# memory per particle (bytes_per_particle) on the second axis.
# gnuplot -e "csv='data/x.csv'; out='plots/'" plots/size.gp  ->  <out>size.{png,svg}
name = 'size'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
keys = system(sel . 'keys ' . q(csv) . ' size n')
if (strlen(keys) == 0) {
  print 'grandamp: notice: size.gp: no family=size rows; no plot'; exit
}
nk = words(keys)
bcol(i) = i + nk
# each series its marker too: filled for the throughput, open for the memory
fpt(i) = int(word('7 5 9 11 13', (i - 1) % 5 + 1))
opt(i) = int(word('6 4 8 10 12', (i - 1) % 5 + 1))
cfg = system(sel . 'config ' . q(csv) . ' size normal,damping,tangential,strategy,threads')
series(k) = '< ' . sel . 'series ' . q(csv) . ' size n ' . q(k)
lbl(k) = (k eq 'all') ? '' : ' (' . commas(k) . ')'
set title sprintf("Throughput and memory against problem size (%s)\nmedian over repetitions, error bars: standard deviation", cfg) . busy
set xlabel 'particles N'
set ylabel 'throughput [M pairs/s]'
set y2label 'memory [bytes per particle]'
set logscale x
set format x '%.0s%c'
set yrange [0:*]
set y2range [0:*]
set ytics nomirror
set y2tics
set offsets graph 0.05, graph 0.05, 0, 0
# the key beside the plot (right of the memory axis): the lines may run anywhere
set key outside right top
set terminal pngcairo size 1150,600 noenhanced font 'Sans,10'
set output out . name . '.png'
plot for [i=1:nk] series(word(keys, i)) using 1:($2 / 1e6):($3 / 1e6) axes x1y1 with yerrorlines lw 2 pt fpt(i) lc i title 'throughput' . lbl(word(keys, i)), \
     for [i=1:nk] series(word(keys, i)) using 1:4 axes x1y2 with linespoints lw 1.5 dt 2 pt opt(i) lc bcol(i) title 'bytes per particle' . lbl(word(keys, i))
set terminal svg size 1150,600 noenhanced font 'Sans,10' background rgb 'white'
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
