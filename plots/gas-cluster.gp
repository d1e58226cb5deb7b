# Where the homogeneous cooling state ends: T / T_Haff against t / tau0 for the same gas in a box
# below the clustering instability's critical size L_c (verification.md §10) and in two above it
# (tools/gas-cluster.sh). Below, the gas keeps to Haff's law; above, it leaves it once its long
# shear modes have grown (vortices, then clusters): what the gas cases keep out of their boxes.
# gnuplot -e "dir='data/reference/'; out='plots/reference/'" plots/gas-cluster.gp -> <out>gas-cluster.{png,svg}
if (!exists("dir")) dir = 'data/reference/'
if (!exists("out")) out = 'plots/reference/'
data = dir . 'gas-cluster.dat'
set title "Cooling gas below and above the clustering size L_c = 20.7 (hooke + velocity, e = 0.8, phi = 0.1): T over Haff's law" noenhanced
set xlabel 't / tau_0 (Haff times)' noenhanced
set ylabel 'T / T_Haff' noenhanced
set logscale x
set key top left noenhanced
set grid lc rgb '#dddddd'
set xrange [0.1:30]
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 900,550 enhanced font 'Sans,10' } else { set terminal svg size 900,550 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'gas-cluster.' . t
  plot for [b=0:2] data index b using 1:2 with lines lw 2 lc b+1 title columnheader(1), \
       1 notitle lc rgb '#999999' dt 2
  set output
}
