# Time-step error of the pair loop: worst |e - e_exact| over four onset phases against
# dt/t_c, one series per model row (δ-end), with each row's bound f dt/t_c (verification.md §6,
# §7.2) and the slope theory expects (verify/cases_convergence.c, ORDER_THEORY) drawn through
# the finest step. The fitted orders are in verify-convergence-orders.dat.
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-convergence.dat'
nblocks = int(system("awk 'NF>=4 && $1 !~ /^#/ {if ($1 != last) n++; last=$1} END {print n+0}' '" . data . "'"))
name(i) = system(sprintf("awk 'NF>=4 && $1 !~ /^#/ {if ($1 != last) {n++; last=$1; if (n==%d) print $1}}' '%s'", i + 1, data))
set title "Velocity-Verlet time-step error of e (worst of 4 onset phases, §6)\nsolid: measured; dashed: tolerance f dt/t_c of §7.2; dotted: the expected order"
set xlabel 'dt / t_c'
set ylabel '|e - e_{exact}|'
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set key outside right noenhanced
set grid lc rgb '#dddddd'
array C[10] = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf']
do for [i=1:10] { set linetype i lc rgb C[i] }
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1300,800 enhanced font 'Sans,10' } else { set terminal svg size 1300,800 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-convergence.' . t
  plot for [i=0:nblocks-1] data index i using 2:3 with linespoints lw 1.5 pt 7 ps 0.6 lc i+1 title name(i), \
       for [i=0:nblocks-1] data index i using 2:4 with lines dt 2 lc i+1 notitle, \
       for [i=0:nblocks-1] data index i using 2:5 with lines dt 3 lw 0.8 lc i+1 notitle
  set output
}
