# Chung & Ooi (2011) tests 1 and 2: the normal force against the overlap of an elastic impact,
# two identical spheres (test 1) and a sphere on a rigid plane (test 2), through grandamp's pair
# loop and integrator (dt = t_c/500; points, every 10th step) beside Hertz's k_H delta^(3/2) (lines).
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-chung-ooi-12.gp -> <out>verify-chung-ooi-12.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-chung-ooi-12.dat'
# the two materials of a test: colour, marker (circle, square) and line (solid, dashed)
set key top left noenhanced font ',9'
set grid lc rgb '#dddddd'
set xlabel 'normal overlap [um]'
set ylabel 'normal force [kN]'
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1200,550 noenhanced font 'Sans,10' } else { set terminal svg size 1200,550 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-chung-ooi-12.' . t
  set multiplot layout 1,2 title "Chung & Ooi (2011): elastic normal impact, force against overlap (points: grandamp, every 10th step; lines: Hertz)"
  set title 'test 1: two identical spheres, R = 10 mm, 10 m/s each'
  plot for [b=0:1] data index b using 1:3 with lines lw 1.5 dt 1 + b % 2 lc b + 1 notitle, \
       for [b=0:1] data index b every 10 using 1:2 with points pt 7 - 2 * (b % 2) ps 0.7 lc b + 1 title columnheader(1)
  set title 'test 2: sphere on a rigid plane, R = 0.1 m, 0.2 m/s'
  plot for [b=2:3] data index b using 1:3 with lines lw 1.5 dt 1 + b % 2 lc b + 1 notitle, \
       for [b=2:3] data index b every 10 using 1:2 with points pt 7 - 2 * (b % 2) ps 0.7 lc b + 1 title columnheader(1)
  unset multiplot
  set output
}
