# The cooling granular gas: granular temperature against time in Haff times, one panel per judged
# damping model (the models' curves nearly coincide, so one panel each keeps every one visible):
# the run through the pair loops (filled points) against kinetic theory with the model's own e(g)
# (line, verification.md, gas cooling), that theory continued to 100 Haff times (dash-dot), where
# constant-e models follow Haff's t^-2 and viscoelastic spheres t^-5/3; and, in its model's panel,
# the late-time gas (2000 spheres at phi = 0.05, 30 Haff times: open symbols) that runs into that
# regime. The last panel is the key.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-gas.gp -> <out>verify-gas.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
load ARG0[1:strlen(ARG0) - strlen('verify-gas.gp')] . 'summary.gp'
load ARG0[1:strlen(ARG0) - strlen('verify-gas.gp')] . 'models.gp'
data = dir . 'verify-gas.dat'
theory = dir . 'verify-gas-theory.dat'
late = dir . 'verify-gas-late.dat'
stats data using 1 nooutput
nblocks = STATS_blocks
# the blocks' names (NAME[b]) and, for each, the index of the late-time block of the same model
# (LATE[b], -1 where none: a quick run has no late gas)
array NAME[nblocks]
array LATE[nblocks]
eval system("awk '/^\"/ { s = $0; gsub(/\"/, \"\", s); if (FILENAME == ARGV[1]) { m++; printf \"NAME[%d] = \\\"%s\\\"; LATE[%d] = -1; \", m, s, m; n[s] = m } " . \
  "else { sub(/^.*: /, \"\", s); if (s in n) printf \"LATE[%d] = %d; \", n[s], k; k++ } }' '" . data . "' '" . late . "' 2>/dev/null")
haff(x) = 1.0 / (1.0 + x)**2
late53(x) = 0.55 * x**(-5.0/3.0)
# the styles, one each: the run filled circles, its late gas open squares, theory solid, its
# continuation dash-dot, Haff dashed, t^-5/3 dotted
RUN_PT = 7; LATE_PT = 4; THEORY_DT = 1; CONT_DT = 4; HAFF_DT = 2; LATE53_DT = 3
grey = '#999999'; light = '#bbbbbb'
ncol = 4
nrow = int((nblocks + 1 + ncol - 1) / ncol)   # the models' panels and the key's
summary_xlog = 1; summary_ylog = 1
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1400,380 * nrow + 80 enhanced font 'Sans,10' } else { set terminal svg size 1400,380 * nrow + 80 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-gas.' . t
  set multiplot layout nrow, ncol title "Cooling granular gas (e = 0.8 at the rms normal speed): T(t) through the pair loops against kinetic theory with each model's e(g)\nfilled: 8000 spheres at phi = 0.1 to 1 Haff time; open, in their models' panels: 2000 at phi = 0.05 to 30 Haff times; the key in the last panel" noenhanced
  set logscale xy
  set format x '10^{%L}'
  set format y '10^{%L}'
  set xlabel 't / tau_0 (Haff time at T_0)'
  set ylabel 'T / T_0'
  set grid lc rgb '#dddddd'
  set xrange [0.01:100]
  set yrange [1e-4:1.2]
  unset key
  do for [b = 1:nblocks] {
    c = model_colour(NAME[b])
    set title NAME[b] noenhanced
    # the plot as a command, for the late gas only where the model has one
    eval "plot haff(x) lw 1.5 lc rgb grey dt HAFF_DT, late53(x) lw 1.5 lc rgb light dt LATE53_DT, " . \
      "theory index b - 1 using 1:2 with lines lw 1 lc rgb c dt CONT_DT, " . \
      "data index b - 1 using 1:3 with lines lw 2 lc rgb c dt THEORY_DT, " . \
      "data index b - 1 using ($1 > 0 ? $1 : 1/0):2 with points pt RUN_PT ps 0.7 lc rgb c" . \
      (LATE[b] >= 0 ? sprintf(", late index %d using ($1 > 0 ? $1 : 1/0):2 every 3 with points pt LATE_PT ps 0.8 lc rgb c", LATE[b]) : '')
    if (t eq "png" && summary_on) {
      summary_name = 'verify-gas/' . NAME[b]
      eval summary_axes
      dummy = summary_series(grey, HAFF_DT, -1, 'Haff') . summary_series(light, LATE53_DT, -1, 't^-5/3') . \
        summary_series(c, CONT_DT, -1, 'theory continued, ' . NAME[b]) . summary_series(c, THEORY_DT, -1, 'theory, ' . NAME[b]) . \
        summary_series(c, -1, RUN_PT, NAME[b]) . (LATE[b] >= 0 ? summary_series(c, -1, LATE_PT, 'late ' . NAME[b]) : '')
    }
  }
  # the key: every style once, in black where the panels use the model's colour
  unset logscale xy; unset border; unset tics; unset grid; unset xlabel; unset ylabel; unset title
  set xrange [0:1]; set yrange [0:1]
  set key center center Left reverse enhanced spacing 1.4
  plot 2 with points pt RUN_PT lc rgb 'black' title 'the run: 8000 spheres, phi = 0.1', \
       2 with points pt LATE_PT lc rgb 'black' title 'the late gas: 2000 spheres, phi = 0.05', \
       2 with lines lw 2 dt THEORY_DT lc rgb 'black' title "kinetic theory, the model's e(g)", \
       2 with lines lw 1 dt CONT_DT lc rgb 'black' title 'that theory to 100 Haff times', \
       2 with lines lw 1.5 dt HAFF_DT lc rgb grey title 'Haff: (1 + t/tau_0)^{-2}', \
       2 with lines lw 1.5 dt LATE53_DT lc rgb light title 't^{-5/3} (viscoelastic, late)'
  unset multiplot
  set border; set tics; set grid
  set output
}
