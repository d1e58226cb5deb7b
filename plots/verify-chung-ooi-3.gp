# Chung & Ooi (2011) test 3: the restitution coefficient out against the one put in, a sphere
# (R = 2.5 mm, 3.9 m/s) on a rigid plane, for every damping model that takes e as its input,
# through grandamp's pair loop (dt = t_c/500), both end criteria; lines: the expectation.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-chung-ooi-3.gp -> <out>verify-chung-ooi-3.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-chung-ooi-3.dat'
set title "Chung & Ooi (2011) test 3: e_out against e_in, sphere on a rigid plane (hertz), 3.9 m/s, dt = t_c/500\npoints: grandamp (aluminium oxide; cast iron gives the same); lines: closed forms (verification.md §2)"
set xlabel 'e_in (the damping model''s input)'
set ylabel 'e_out'
set key top left noenhanced font ',9'
set grid lc rgb '#dddddd'
set xrange [0:1.05]
set yrange [0:1.05]
set size ratio -1
# blocks: material x {coeff_restitution, tsuji, tsuji/legacy} x {delta-end, force-end}; 0-5 aluminium oxide
# colour and marker shape by model, filled small (delta-end) or open large (force-end, dashed line):
# rows that agree (coeff_restitution and tsuji) stay visible, the larger around the smaller
mcol(b) = word('#1f77b4 #2ca02c #d62728', int(b / 2) + 1)
mpt(b) = int(word('7 6 5 4 9 8', b + 1))
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 800,800 noenhanced font 'Sans,10' } else { set terminal svg size 800,800 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-chung-ooi-3.' . t
  plot x title 'e_out = e_in' dt 2 lc rgb '#888888', \
       for [b=0:5] data index b using 1:3 with lines lw 1.2 dt 1 + b % 2 lc rgb mcol(b) notitle, \
       for [b=0:5] data index b using 1:2 with points pt mpt(b) ps (b % 2 ? 1.6 : 0.8) * (b < 2 ? 1.7 : 1) lw 1.5 lc rgb mcol(b) title columnheader(1)
  set output
}
