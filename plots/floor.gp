# Cost of each damping model relative to the geometry floor (distance and overlap only, no
# force law): median real_time of the family=model rows divided by the median real_time of
# the family=geometry row at the same n/threads/packing/strategy (or of the only geometry row),
# on a log axis. The floor is a scalar loop: it bounds the memory-bound runs, not cache-resident
# ones (QUICK), which the title then says.
# gnuplot -e "csv='data/x.csv'; out='plots/'" plots/floor.gp  ->  <out>floor.{png,svg}
name = 'floor'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
data = '< ' . sel . 'floor ' . q(csv) . ' 2>/dev/null'
nfloor = int(system(sel . 'floor ' . q(csv) . ' 2>/dev/null | wc -l'))
if (nfloor == 0) {
  print 'grandamp: notice: floor.gp: no family=model row with a matching family=geometry row; no plot'; exit
}
# rows of throughput.gp (other configurations) without a geometry row of their own: said in the title
nleft = int(system(sel . 'bars ' . q(csv) . ' | wc -l')) - nfloor
info = system(sel . 'floorinfo ' . q(csv))
nfl = int(system(sel . 'floorinfo ' . q(csv) . " | sed -n 's/.*N=\\([0-9]*\\).*/\\1/p'") . '0') / 10
# The floor is a scalar loop: where the data stay in cache (the QUICK matrix's N = 4000) the
# vector kernels of the simplest models beat it, and a pass of well under a millisecond is timed
# with the noise of the machine (wall clock); ratios below 1 are expected there, not an error.
note = (nfl > 0 && nfl < 100000) ? sprintf("\nN = %d stays in cache: the scalar floor loop is no lower bound for the vector kernels, and passes of a millisecond\ncarry the machine's timing noise (wall clock): ratios below 1 are expected here; the floor bounds the memory-bound runs (N >= 256000)", nfl) : ''
left = (nleft > 0) ? sprintf("\n%d row(s) of other configurations (no geometry row there) not drawn", nleft) : ''
set title sprintf("Force pass time relative to the geometry floor (the same loop and writes, the force law replaced by the overlap)\n%s; error bars: propagated standard deviations%s%s", info, left, note) . busy font ',9'
set ylabel 'time / geometry-floor time [ratio, log scale]'
unset xlabel   # the labels say normal/damping; rotated, they leave no room for it
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.85 border rgb '#333333'
set boxwidth 0.9
set xtics rotate by 45 right nomirror font ',9'
set xrange [-0.6:nfloor - 0.4]
# a log axis: the ratios run from below 1 to about 50 (mdr); whole decades, at least one below
# 1 (bars start at the bottom) and half a decade above the tallest bar for the key
set logscale y
lim = system(sel . 'floor ' . q(csv) . " 2>/dev/null | awk '{ for (i = 2; i <= 4; i += 2) if ($i != \"?\" && $i + 0 > 0) { if (lo == \"\" || $i + 0 < lo) lo = $i + 0; if ($i + 0 > hi) hi = $i + 0 } } END { if (lo == \"\" || lo > 0.5) lo = 0.5; if (hi < 1) hi = 1; a = int(log(lo) / log(10) + 100) - 100; b = int(log(hi) / log(10) + 0.999999); if (hi > 10 ^ b / 2) b++; if (b <= a) b = a + 1; print a, b }'")
set yrange [10.0**int(word(lim, 1)):10.0**int(word(lim, 2))]
set key inside top center horizontal opaque box
set bmargin 14
set rmargin 4
set lmargin 10
set terminal pngcairo size 1300,700 noenhanced font 'Sans,10'
set output out . name . '.png'
plot data using 2:3:xtic(1) title 'tangential nohistory' lc rgb '#1f77b4', \
     '' using 4:5 title 'tangential mindlin' lc rgb '#ff7f0e', \
     1 with lines dt 2 lw 1.5 lc rgb '#444444' title 'geometry floor = 1'
set terminal svg size 1300,700 noenhanced font 'Sans,10' background rgb 'white'
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
