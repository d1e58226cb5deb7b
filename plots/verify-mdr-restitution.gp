# e against the impact speed for head-on MDR impacts of equal spheres (Y/Eeff = 1e-3, gamma = 0,
# psi_b = 0), measured through the pair loop (collide, dt = t_c/500), with Thornton's (1997)
# elastic-perfectly-plastic e(V/V_y) as the reference curve (a comparison, not a criterion).
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-mdr-restitution.gp -> <out>verify-mdr-restitution.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-mdr-restitution.dat'
set title "MDR head-on impacts: restitution against impact speed (equal spheres, Y/E_eff = 1e-3)\npoints: grandamp pair loop; line: Thornton (1997) elastic-perfectly-plastic"
set xlabel 'V / V_y (V_y: speed at which the contact first yields, spec §6.10 hook 5)'
set ylabel 'e'
set key bottom left noenhanced
set grid lc rgb '#dddddd'
set logscale x
set xrange [0.2:150]
set yrange [0:1.05]
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 900,650 noenhanced font 'Sans,10' } else { set terminal svg size 900,650 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-mdr-restitution.' . t
  plot data using 1:2 with lines lw 2 lc rgb '#444444' title 'Thornton 1997', \
       data using 1:3 with linespoints pt 7 ps 1.0 lc rgb '#1f77b4' title 'mdr, no damping (eta_n0 = 0)', \
       data using 1:4 with linespoints pt 5 ps 1.0 lc rgb '#d62728' title 'damping mdr 1, eta_n0 = 0.05', \
       data using 1:5 with linespoints pt 9 ps 1.2 lc rgb '#2ca02c' title 'damping mdr 2, eta_n0 = 0.05 DAMP_SCALE(Delta_Y)'
  set output
}
