# The plots of `grandamp calibrate --plots DIR`: per calibrated damping model, e against the
# impact speed, e against the time step, and e on the other contacts; with --data, the measured
# points beside the fitted models. Drawn by grandamp itself:
# gnuplot -e "dat='DIR/calibrate.dat'; out='DIR/'; nmodels=N; fit=0|1; v_ref=V; bound=B" plots/calibrate.gp
#   -> <out>calibrate-{speed,dt,contacts[,fit]}.png
# calibrate.dat: nmodels blocks of "v e", nmodels of "dt/t_c e e_limit e_min e_max", nmodels of
# "index e label", then (fit) one of the measured "v e"; each block's first line is its title.
if (!exists("dat")) dat = 'calibrate.dat'
if (!exists("out")) out = ''
if (!exists("nmodels")) nmodels = 6
if (!exists("fit")) fit = 0
if (!exists("v_ref")) v_ref = 1
if (!exists("bound")) bound = 0.01
set datafile missing '?'
set terminal pngcairo size 1000,650 noenhanced font 'Sans,10'
set grid lc rgb '#dddddd'
set key outside right top noenhanced
set yrange [0:1.02]

set output out . 'calibrate-speed.png'
set title sprintf("e against the impact speed, each model with the coefficient calibrated at %g m/s", v_ref)
set logscale x
set xlabel 'impact speed [m/s]'
set ylabel 'e'
set arrow 1 from v_ref, graph 0 to v_ref, graph 1 nohead dt 2 lc rgb '#888888'
plot for [i=0:nmodels-1] dat index i using 1:2 with linespoints pt i+4 ps 1.0 lw 1.5 lc i+1 title columnheader(1)
unset arrow 1

set output out . 'calibrate-dt.png'
set title sprintf("e against the time step at %g m/s: onset mid-step, the bars over the onset phases;\nthe dotted band: within %g %% of each model's dt -> 0 limit", v_ref, 100 * bound)
set xlabel 'dt / t_c (elastic collision time)'
set autoscale y
plot for [i=0:nmodels-1] dat index nmodels + i using 1:2 with lines lw 1.5 lc i+1 title columnheader(1), \
     for [i=0:nmodels-1] dat index nmodels + i using 1:2:4:5 with yerrorbars pt i+4 ps 1.0 lc i+1 notitle, \
     for [i=0:nmodels-1] dat index nmodels + i using 1:($3 * (1 - bound)) with lines dt 3 lc i+1 notitle, \
     for [i=0:nmodels-1] dat index nmodels + i using 1:($3 * (1 + bound)) with lines dt 3 lc i+1 notitle
unset logscale x

set output out . 'calibrate-contacts.png'
set title sprintf("e at %g m/s on other contacts (the first: the calibrated one)", v_ref)
set xlabel ''
set xrange [-0.5:*]
set yrange [0:1.02]
set offsets 0, 0.5, 0, 0
plot dat index 2 * nmodels using 1:(NaN):xtic(3) with points notitle, \
     for [i=0:nmodels-1] dat index 2 * nmodels + i using ($1 + 0.08 * (i - (nmodels - 1) / 2.0)):2 \
     with points pt i+4 ps 1.5 lc i+1 title columnheader(1)
set xrange [*:*]
set offsets 0, 0, 0, 0

if (fit) {
  set output out . 'calibrate-fit.png'
  set title "measured (v, e) and each model's least-squares coefficient, best first"
  set logscale x
  set xlabel 'impact speed [m/s]'
  set xtics auto
  plot dat index 3 * nmodels using 1:2 with points pt 5 ps 1.2 lc rgb 'black' title 'measured', \
       for [i=0:nmodels-1] dat index i using 1:2 with lines lw 1.5 lc i+1 title columnheader(1)
}
set output
