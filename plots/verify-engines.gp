# One engine's e against the target e, per matrix row with a target (equal spheres, 1 m/s,
# dt = t_c/200): the engine's points, the expectation of docs/verification.md as lines, and
# grandamp's own pair loop (t_c/500) beside them.
# gnuplot -e "dir='data/'; out='plots/'; engine='lammps'" plots/verify-engines.gp
#   -> <out>verify-engine-<engine>.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
if (!exists("engine")) engine = 'lammps'
data = dir . 'verify-engine-' . engine . '.dat'
stats data using 1 nooutput
nblocks = STATS_blocks
set title sprintf("%s: e against the target e (equal spheres, 1 m/s, dt = t_c/200)\npoints: the engine; lines: the expectation (docs/verification.md); open circles: grandamp", engine)
set xlabel 'target e'
set ylabel 'measured e'
set key outside right top noenhanced
set grid lc rgb '#dddddd'
set xrange [0:1]
set yrange [0:1]
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1100,800 noenhanced font 'Sans,10' } else { set terminal svg size 1100,800 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-engine-' . engine . '.' . t
  plot x title 'e = target' dt 2 lc rgb '#888888', \
       for [i=0:nblocks-1] data index i using 1:3 with lines lw 1.2 lc i+1 notitle, \
       for [i=0:nblocks-1] data index i using 1:2 with points pt 7 ps 1.1 lc i+1 title columnheader(1), \
       for [i=0:nblocks-1] data index i using 1:4 with points pt 6 ps 1.6 lc i+1 notitle
  set output
}
