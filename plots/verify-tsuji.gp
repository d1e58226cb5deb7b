# e against the target e for tsuji (with sqrt 2, LAMMPS >= 2Sep2026, and without, tsuji/legacy)
# and coeff_restitution on hertz/material, measured through the pair loop (dt = t_c/1000), with
# the exact-mapping values of verification.md §2.3.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-tsuji.gp -> <out>verify-tsuji.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-tsuji.dat'
set title "Coefficient of restitution against the target (hertz/material, head-on, dt = t_c/1000)\npoints: grandamp pair loop; lines: verification.md §2.3 (exact Hertz map)"
set xlabel 'target e'
set ylabel 'measured e'
set key top left noenhanced
set grid lc rgb '#dddddd'
set xrange [0:1]
set yrange [0:1]
set size ratio -1
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 800,800 noenhanced font 'Sans,10' } else { set terminal svg size 800,800 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-tsuji.' . t
  # tsuji and coeff_restitution agree: open circles around small filled triangles keep both visible
  plot x title 'e = target' dt 2 lc rgb '#888888', \
       data using 1:3 with lines lw 1.5 lc rgb '#1f77b4' title 'tsuji (sqrt 2), §2.3 table', \
       data using 1:2 with points pt 6 ps 1.8 lw 1.5 lc rgb '#1f77b4' title 'tsuji (sqrt 2), pair loop', \
       data using 1:5 with lines lw 1.5 dt 4 lc rgb '#d62728' title 'tsuji/legacy (no sqrt 2), §2.3 table', \
       data using 1:4 with points pt 5 ps 1.0 lc rgb '#d62728' title 'tsuji/legacy, pair loop', \
       data using 1:6 with points pt 9 ps 0.9 lc rgb '#2ca02c' title 'coeff_restitution, pair loop', \
       data using 1:7 with linespoints dt 3 pt 13 ps 0.8 lc rgb '#9467bd' title 'tsuji (sqrt 2) with limit_damping (force-end)'
  set output
}
