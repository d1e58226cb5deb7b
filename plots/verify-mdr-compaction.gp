# Uniaxial compaction of a small fcc block between a static and a moving wall (MDR, seed
# material, damping mdr 1 0.5): force on the moving wall against the wall-gap strain, with the
# bulk response (psi_b = 0.8) and without it (psi_b = 0); the runs are identical until some
# particle's free-area ratio psi falls below psi_b (right axis: min psi).
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-mdr-compaction.gp -> <out>verify-mdr-compaction.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-mdr-compaction.dat'
set title "MDR uniaxial compaction between walls: bulk-response stiffening past psi_b\nlines: wall force; dashed: smallest free-area ratio psi (right axis)"
set xlabel 'strain of the wall gap'
set ylabel 'force on the moving wall [N]'
set y2label 'min psi'
set y2tics
set ytics nomirror
set y2range [0:1]
# the key beside the plot: the psi lines cross the whole frame
set key outside right top noenhanced
set autoscale xfix
set grid lc rgb '#dddddd'
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1150,650 noenhanced font 'Sans,10' } else { set terminal svg size 1150,650 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-mdr-compaction.' . t
  # colour and marker: the run; solid or dashed: the quantity
  plot data using 1:2 with linespoints pi 25 pt 7 ps 0.8 lw 2 lc rgb '#d62728' title 'force, psi_b = 0.8 (bulk response)', \
       data using 1:3 with linespoints pi 25 pt 4 ps 0.9 lw 2 lc rgb '#1f77b4' title 'force, psi_b = 0 (no bulk response)', \
       data using 1:4 axes x1y2 with linespoints pi 25 pt 7 ps 0.6 dt 2 lc rgb '#d62728' title 'min psi, psi_b = 0.8', \
       data using 1:5 axes x1y2 with linespoints pi 25 pt 4 ps 0.7 dt 2 lc rgb '#1f77b4' title 'min psi, psi_b = 0', \
       0.8 axes x1y2 with lines dt 3 lc rgb '#888888' title 'psi_b = 0.8'
  set output
}
