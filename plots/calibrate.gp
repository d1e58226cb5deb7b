# The plots of `grandamp calibrate --plots DIR`: per calibrated damping model, e against the
# impact speed, e against the time step, and e on the other contacts; with --data, the measured
# points beside the fitted models. Drawn by grandamp itself:
# gnuplot -e "dat='DIR/calibrate.dat'; out='DIR/'; nmodels=N; fit=0|1; v_ref=V; bound=B" plots/calibrate.gp
#   -> <out>calibrate-{speed,dt,contacts[,fit]}.png
# calibrate.dat: nmodels blocks of "v e", nmodels of "dt/t_c e e_limit e_min e_max", nmodels of
# "index e label", then (fit) one of the measured "v e"; each block's first line is its title.
# Models often agree exactly (velocity and mass_velocity at the calibrated contact, the constant-e
# ones everywhere), so the curves are drawn one panel per model, the others in grey behind it.
if (!exists("dat")) dat = 'calibrate.dat'
if (!exists("out")) out = ''
if (!exists("nmodels")) nmodels = 6
if (!exists("fit")) fit = 0
if (!exists("v_ref")) v_ref = 1
if (!exists("bound")) bound = 0.01
set datafile missing '?'
# the models' names, in block order (the speed blocks)
names = system("awk '/^\"/ && $NF == \"speed\" { gsub(/\"/, \"\", $1); printf \"%s \", $1 }' '" . dat . "'")
# each model keeps its colour and marker in every plot, whatever its place or rank (plots/models.gp)
here = ARG0[1:strlen(ARG0) - strlen('calibrate.gp')]
load here . 'models.gp'
load here . 'summary.gp'
col(i) = model_colour(word(names, i + 1))
ptype(i) = model_point(word(names, i + 1))
# an e axis around [lo, hi]: 5 % of the span each side, at least 0.01 (flat curves)
epad(lo, hi) = (hi - lo) * 0.05 > 0.01 ? (hi - lo) * 0.05 : 0.01
ncol = (nmodels <= 3) ? nmodels : 3
nrow = int((nmodels + ncol - 1) / ncol)
grey = '#c8c8c8'
set grid lc rgb '#dddddd'
unset key
panels = sprintf("set terminal pngcairo size %d,%d noenhanced font 'Sans,10'", 400 * ncol + 60, 330 * nrow + 90)

set output out . 'calibrate-speed.png'
eval panels
set multiplot layout nrow, ncol title sprintf("e against the impact speed, each model with the coefficient calibrated at %g m/s (dashed)\none panel per model, the other models in grey", v_ref)
set logscale x
set xlabel 'impact speed [m/s]'
set ylabel 'e'
stats [*:*][*:*] dat index 0:nmodels - 1 using 2 nooutput
set yrange [STATS_min - epad(STATS_min, STATS_max):STATS_max + epad(STATS_min, STATS_max)]
set arrow 1 from v_ref, graph 0 to v_ref, graph 1 nohead dt 2 lc rgb '#888888'
do for [i=0:nmodels-1] {
  set title word(names, i + 1)
  plot for [j=0:nmodels-1] dat index j using 1:2 with lines lw 1 lc rgb grey notitle, \
       dat index i using 1:2 with linespoints pt ptype(i) ps 0.9 lw 2 lc rgb col(i) notitle
  if (summary_on) { summary_name = 'calibrate-speed/' . word(names, i + 1); summary_xlog = 1; summary_ylog = 0
    eval summary_axes; dummy = summary_series(col(i), 1, ptype(i), word(names, i + 1)) }
}
unset multiplot
unset arrow 1

# the dt axis and the e range shared by the panels (all bars and bands inside)
stats [*:*][*:*] dat index nmodels:2 * nmodels - 1 using 4 nooutput
elo = STATS_min
stats [*:*][*:*] dat index nmodels:2 * nmodels - 1 using 5 nooutput
ehi = STATS_max
stats [*:*][*:*] dat index nmodels:2 * nmodels - 1 using 3 nooutput
elo = (STATS_min * (1 - bound) < elo) ? STATS_min * (1 - bound) : elo
ehi = (STATS_max * (1 + bound) > ehi) ? STATS_max * (1 + bound) : ehi
set output out . 'calibrate-dt.png'
eval panels
set multiplot layout nrow, ncol title sprintf("e against the time step at %g m/s: onset mid-step, the bars over the onset phases;\nthe dotted band: within %g %% of the model's dt -> 0 limit; one panel per model, the others in grey", v_ref, 100 * bound)
set xlabel 'dt / t_c (elastic collision time)'
set yrange [elo - 0.02 * (ehi - elo):ehi + 0.02 * (ehi - elo)]
do for [i=0:nmodels-1] {
  set title word(names, i + 1)
  plot for [j=0:nmodels-1] dat index nmodels + j using 1:2 with lines lw 1 lc rgb grey notitle, \
       dat index nmodels + i using 1:($3 * (1 - bound)) with lines dt 3 lw 1.2 lc rgb col(i) notitle, \
       dat index nmodels + i using 1:($3 * (1 + bound)) with lines dt 3 lw 1.2 lc rgb col(i) notitle, \
       dat index nmodels + i using 1:2:4:5 with yerrorbars pt ptype(i) ps 0.9 lc rgb col(i) notitle, \
       dat index nmodels + i using 1:2 with lines lw 2 lc rgb col(i) notitle
  if (summary_on) { summary_name = 'calibrate-dt/' . word(names, i + 1); summary_xlog = 1; summary_ylog = 0
    eval summary_axes; dummy = summary_series(col(i), 1, ptype(i), word(names, i + 1)) . summary_series(col(i), 3, -1, 'band ' . word(names, i + 1)) }
}
unset multiplot
unset logscale x

# one plot: the points sit side by side at each contact
set output out . 'calibrate-contacts.png'
set terminal pngcairo size 1000,650 noenhanced font 'Sans,10'
set title sprintf("e at %g m/s on other contacts (the first: the calibrated one)", v_ref)
set key outside right top noenhanced
set xlabel ''
set xrange [-0.5:*]
stats [*:*][*:*] dat index 2 * nmodels:3 * nmodels - 1 using 2 nooutput
set yrange [STATS_min - epad(STATS_min, STATS_max):STATS_max + epad(STATS_min, STATS_max)]
set offsets 0, 0.5, 0, 0
plot dat index 2 * nmodels using 1:(NaN):xtic(3) with points notitle, \
     for [i=0:nmodels-1] dat index 2 * nmodels + i using ($1 + 0.08 * (i - (nmodels - 1) / 2.0)):2 \
     with points pt ptype(i) ps 1.5 lc rgb col(i) title columnheader(1)
if (summary_on) { summary_name = 'calibrate-contacts'; summary_xlog = 0; summary_ylog = 0; eval summary_axes
  do for [i=0:nmodels-1] { dummy = summary_series(col(i), -1, ptype(i), word(names, i + 1)) } }
set xrange [*:*]
set offsets 0, 0, 0, 0
unset key

if (fit) {
  set output out . 'calibrate-fit.png'
  eval panels
  set multiplot layout nrow, ncol title "measured (v, e) (black) and each model's least-squares coefficient, best first\none panel per model, the other models in grey; the axes span the measured points"
  set logscale x
  set xlabel 'impact speed [m/s]'
  set ylabel 'e'
  set xtics auto
  # the measured speeds (and a factor 2 each side), and e there: the residuals that rank the models
  stats [*:*][*:*] dat index 3 * nmodels using 1 nooutput
  vlo = STATS_min / 2; vhi = STATS_max * 2
  set xrange [vlo:vhi]
  inside(v, e) = (v >= vlo && v <= vhi) ? e : NaN
  stats [*:*][*:*] dat index 0:nmodels - 1 using (inside($1, $2)) nooutput
  elo = STATS_min; ehi = STATS_max
  stats [*:*][*:*] dat index 3 * nmodels using 2 nooutput
  elo = (STATS_min < elo) ? STATS_min : elo
  ehi = (STATS_max > ehi) ? STATS_max : ehi
  set yrange [elo - epad(elo, ehi):ehi + epad(elo, ehi)]
  do for [i=0:nmodels-1] {
    set title sprintf("%d. %s", i + 1, word(names, i + 1))
    plot for [j=0:nmodels-1] dat index j using 1:2 with lines lw 1 lc rgb grey notitle, \
         dat index i using 1:2 with lines lw 2 lc rgb col(i) notitle, \
         dat index 3 * nmodels using 1:2 with points pt 5 ps 0.9 lc rgb 'black' notitle
    if (summary_on) { summary_name = 'calibrate-fit/' . word(names, i + 1); summary_xlog = 1; summary_ylog = 0
      eval summary_axes; dummy = summary_series(col(i), 1, -1, word(names, i + 1)) . summary_series('black', -1, 5, 'measured') }
  }
  unset multiplot
}
set output
