# The cooling gas's gap to kinetic theory against the contact duration, one point per (phi, k_n):
# T(tau0)/T_Haff(tau0) - 1 of hooke + velocity (e = 0.8, 8000 spheres, one Haff time), the mean
# of 3 seeds with its standard error (tools/gas-gap.sh; verification.md §10).
# gnuplot -e "dir='data/reference/'; out='plots/reference/'" plots/gas-gap.gp -> <out>gas-gap.{png,svg}
if (!exists("dir")) dir = 'data/reference/'
if (!exists("out")) out = 'plots/reference/'
data = dir . 'gas-gap.dat'
set title "Cooling gas: the gap to kinetic theory against t_c / tau_free (hooke + velocity, e = 0.8, 8000 spheres, 3 seeds)" noenhanced
set xlabel 't_c / tau_free (contact time over the mean free time, at T_0)' noenhanced
set ylabel 'T / T_theory - 1 after one Haff time [%]' noenhanced
set key top left noenhanced
set grid lc rgb '#dddddd'
set xrange [0:0.03]
set yrange [-1:5]
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 900,550 enhanced font 'Sans,10' } else { set terminal svg size 900,550 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'gas-gap.' . t
  plot data using ($1 == 0.1 ? $3 : 1/0):(100*$7):(100*$8) with yerrorlines pt 7 lw 1.5 lc rgb '#1f77b4' title 'phi = 0.1 (k_n 2e4, 1e5, 5e5)', \
       data using ($1 == 0.05 ? $3 : 1/0):(100*$7):(100*$8) with yerrorbars pt 5 ps 1.3 lc rgb '#ff7f0e' title 'phi = 0.05 (k_n 1e5)', \
       data using ($1 == 0.025 ? $3 : 1/0):(100*$7):(100*$8) with yerrorbars pt 9 ps 1.5 lc rgb '#2ca02c' title 'phi = 0.025 (k_n 1e5)', \
       0 notitle lc rgb '#999999'
  set output
}
