# The cooling granular gas: granular temperature against time in Haff times, every judged damping
# model through the pair loops (points) against kinetic theory with the model's own e(g) (lines,
# verification.md, gas cooling), and that theory continued to 100 Haff times (thin lines), where
# constant-e models follow Haff's t^-2 and viscoelastic spheres t^-5/3; and the late-time gas
# (2000 spheres at phi = 0.05, 30 Haff times: open symbols) that runs into that regime.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-gas.gp -> <out>verify-gas.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-gas.dat'
theory = dir . 'verify-gas-theory.dat'
late = dir . 'verify-gas-late.dat'
stats data using 1 nooutput
nblocks = STATS_blocks
nlate = int(system("cat '" . late . "' 2>/dev/null | grep -c '^\"'"))  # none in a quick run
set title "Cooling granular gas (e = 0.8 at the rms normal speed): T(t) through the pair loops, filled: 8000 spheres at phi = 0.1,\nopen: 2000 at phi = 0.05 to 30 Haff times; lines: kinetic theory with each model's e(g), thin: to 100 Haff times" noenhanced
set xlabel 't / tau_0 (Haff time at T_0)'
set ylabel 'T / T_0'
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set key bottom left noenhanced
set grid lc rgb '#dddddd'
set xrange [0.01:100]
set yrange [1e-4:1.2]
latecmd = nlate > 0 ? ', for [b=0:nlate-1] late index b using ($1 > 0 ? $1 : 1/0):2 every 3 with points pt (b ? 4 : 6) ps 1.1 lc rgb (b ? "#8c2d04" : "#000000") title columnheader(1)' : ''
haff(x) = 1.0 / (1.0 + x)**2
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1000,650 enhanced font 'Sans,10' } else { set terminal svg size 1000,650 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-gas.' . t
  plot haff(x) title "Haff: (1 + t/tau0)^-2" lw 2 lc rgb "#999999" dt 2, \
       0.55 * x**(-5.0/3.0) title "t^-5/3 (viscoelastic, late)" lw 2 lc rgb "#bbbbbb" dt 3, \
       for [b=0:nblocks-1] theory index b using 1:2 with lines lw 1 lc b+1 notitle, \
       for [b=0:nblocks-1] data index b using 1:3 with lines lw 2 lc b+1 notitle, \
       for [b=0:nblocks-1] data index b using ($1 > 0 ? $1 : 1/0):2 with points pt 7 ps 0.8 lc b+1 title columnheader(1) @latecmd
  set output
}
