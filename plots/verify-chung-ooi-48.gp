# Chung & Ooi (2011) tests 4-8, as the paper draws them: oblique impacts and spin through
# grandamp's pair loop (dt = t_c/500, points) against the verifier's continuous reference of the
# same tangential model (lines), with the rigid-body limits (dashed) and Maw, Barber & Fawcett's
# elastic microslip theory (thick grey); on test 4, Kharaz et al. (2001)'s measured points (black).
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-chung-ooi-48.gp -> <out>verify-chung-ooi-48.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-chung-ooi-48.dat'
# Blocks, in the order verify/cases/cases_chung_ooi_oblique.c writes them: test (4..8) x material (2) x
# tangential model: linear_nohistory, then linear_history, mindlin, mindlin/force, mindlin_rescale,
# mindlin_rescale/force, each with x_gamma_t 0 and 1 (11; test 5, undamped, has no linear_nohistory: 10).
# Columns: value e_t w' rebound_deg beta x Vs'/(mu Vn) R w'/(mu Vn), grandamp (1-8), reference (9-16).
# Then two blocks of Maw, Barber & Fawcett's elastic microslip impact (columns 1-8): test 4's
# aluminium oxide, test 5's steel.
T4 = 0; T5 = 22; T6 = 42; T7 = 64; T8 = 86; MBF4 = 108; MBF5 = 109
LH0 = 1; MD0 = 3; MF0 = 5; MD1 = 4        # offsets within a material's 11 blocks (test 5: minus 1)
mu4 = 0.092; e4 = 0.98; mu5 = 0.3; vn5 = 5.0; R4 = 0.0025; V4 = 3.9
th_c = atan(3.5 * mu4 * (1 + e4)) * 180 / pi   # rigid body: sliding throughout above this angle
rad(t) = t * pi / 180
et_rigid(t) = t < th_c ? 5.0 / 7.0 : 1 - mu4 * (1 + e4) / tan(rad(t))
w_rigid(t) = t < th_c ? 5.0 / 7.0 * V4 * sin(rad(t)) / R4 : 2.5 * mu4 * (1 + e4) * V4 * cos(rad(t)) / R4
reb_rigid(t) = t < th_c ? 0 : atan((tan(rad(t)) - 3.5 * mu4 * (1 + e4)) / e4) * 180 / pi
# rows of block b (gnuplot's index: blocks apart by two blank lines); a quick run leaves some
# blocks empty (mindlin/force, test 7's copper), and their series are then left out rather than
# warned of
rows(b) = int(system(sprintf("awk -v b=%d '/^#/ { next } NF == 0 { e++; next } { if (e >= 2 && seen) k++; e = 0; seen = 1 } k == b && $1 ~ /^[-0-9.]/ { n++ } END { print n + 0 }' '%s'", b, data)))
mf = rows(T4 + MF0) > 0
MF(c) = mf ? sprintf(", data index %d using 1:%d with points pt 4 ps 1.5 lc 3 title 'mindlin/force', data index %d using 9:%d with lines lc 3 notitle", T4 + MF0, c, T4 + MF0, c + 8) : ''
# test 4's three panels (column c of the .dat, its reference c + 8, the rigid-body curve), as a
# command for eval
t4plot(c, rigid) = sprintf("plot data index %d using 1:%d with lines lw 4 lc rgb '#bbbbbb' title 'Maw et al. (elastic)', %s(x) dt 2 lc rgb '#888888' title 'rigid body', data index %d using 1:%d with points pt 6 ps 1.6 lc 1 title 'linear_history', data index %d using 9:%d with lines lc 1 notitle, data index %d using 1:%d with points pt 7 lc 2 title 'mindlin', data index %d using 9:%d with lines lc 2 notitle", MBF4, c, rigid, T4 + LH0, c, T4 + LH0, c + 8, T4 + MD0, c, T4 + MD0, c + 8) . MF(c)
# Kharaz, Gorham & Salman (2001)'s measured points (verify/oracle/kharaz.h), as two digitisations
# read them: e_t (blocks 0, 1) and the spin (2, 3) of DATA/verify-kharaz.dat, when the run wrote it
kz = dir . 'verify-kharaz.dat'
has_kz = int(system("test -r '" . kz . "' && echo 1 || echo 0"))
KZ(b) = has_kz ? sprintf(", kz index %d using 1:2 with points pt 9 ps 1.5 lc rgb 'black' title 'Kharaz et al. (2001), MFiX digitisation', kz index %d using 1:2 with points pt 10 ps 1.9 lc rgb 'black' title 'Kharaz et al. (2001), Lethe digitisation'", b, b + 1) : ''
cu = rows(T7 + 11 + LH0) > 0
copper = cu ? sprintf(", data index %d using 1:3 with points pt 6 ps 1.6 lc 1 title 'copper, linear_history'", T7 + 11 + LH0) : ''
nohist = sprintf(", data index %d using 1:2 with points pt 8 ps 1.5 lc 4 title 'linear_nohistory', data index %d using 9:10 with lines lc 4 notitle", T4, T4)
set grid lc rgb '#dddddd'
set key noenhanced font ',8'
# open markers drawn larger than filled ones: where two models agree both stay visible
set linetype 5 lc rgb '#b8860b'   # a dark yellow: the default yellow is hard to see on white
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1500,950 noenhanced font 'Sans,10' } else { set terminal svg size 1500,950 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-chung-ooi-48.' . t
  set multiplot layout 2,3 title "Chung & Ooi (2011) tests 4-8 through grandamp's loops (points, dt = t_c/500) and the continuous reference of each tangential model (lines); dashed: rigid body"
  set title 'test 4: Al oxide sphere on a plane, 3.9 m/s, mu 0.092, e 0.98'
  set xlabel 'impact angle [deg]'; set ylabel 'tangential restitution e_t = V_t''/V_t'
  set xrange [0:90]; set yrange [*:*]; set key bottom right
  eval t4plot(2, 'et_rigid') . nohist . KZ(0)
  set ylabel 'rebound spin w'' [rad/s]'; set key top right
  eval t4plot(3, 'w_rigid') . KZ(2)
  set ylabel 'rebound angle of the contact point [deg]'; set key top left
  eval t4plot(4, 'reb_rigid')
  set title 'test 5: steel sphere on a plane, V_n 5 m/s, mu 0.3, e 1'
  set xlabel 'V_t/(mu V_n)'; set ylabel 'rebound slip V_s''/(mu V_n)'; set xrange [0:15]; set yrange [-2.5:10]; set key top left  # headroom for the key
  plot data index MBF5 using ($1/(mu5*vn5)):7 with lines lw 4 lc rgb '#bbbbbb' title 'Maw et al. (elastic)', \
       data index MBF5 using ($1/(mu5*vn5)):8 with lines lw 4 lc rgb '#bbbbbb' notitle, \
       (x < 7 ? 1/0 : x - 7) dt 2 lc rgb '#888888' title 'gross sliding: x - 7', \
       data index T5+LH0-1 using ($1/(mu5*vn5)):7 with points pt 6 ps 1.6 lc 1 title 'linear_history', data index T5+LH0-1 using ($9/(mu5*vn5)):15 with lines lc 1 notitle, \
       data index T5+MD0-1 using ($1/(mu5*vn5)):7 with points pt 7 lc 2 title 'mindlin', data index T5+MD0-1 using ($9/(mu5*vn5)):15 with lines lc 2 notitle, \
       data index T5+MD0-1 using ($1/(mu5*vn5)):8 with points pt 5 lc 5 title 'mindlin: R w''/(mu V_n)', data index T5+MD0-1 using ($9/(mu5*vn5)):16 with lines lc 5 notitle, \
       (x < 7 ? 1/0 : 5) dt 3 lc rgb '#888888' title 'gross sliding: R w''/(mu V_n) = 5'
  set title 'tests 6 and 8: Al alloy, V_n 0.2 m/s with spin, mu 0.4, e 0.5'
  set xlabel '3.5 mu (1 + e) V_n/|V_s|'; set ylabel 'beta = -V_s''/V_s'; set xrange [0:*]; set yrange [*:*]; set key bottom right
  plot (x <= 1 ? x - 1 : 1/0) dt 2 lc rgb '#888888' title 'gross sliding: x - 1', \
       data index T6+MD0 using 6:5 with points pt 7 lc 2 title 'test 6 (plane), mindlin', data index T6+MD0 using 14:13 with lines lc 2 notitle, \
       data index T6+LH0 using 6:5 with points pt 6 ps 1.6 lc 1 title 'test 6, linear_history', data index T6+LH0 using 14:13 with lines lc 1 notitle, \
       data index T8+MD0 using 6:5 with points pt 5 lc 6 title 'test 8 (R on 5R, 1000x denser), mindlin', data index T8+MD0 using 14:13 with lines lc 6 notitle
  set title 'test 7: two spheres, 0.2 m/s each, opposite spins (no slip)'
  set xlabel 'spin before [rad/s]'; set ylabel 'spin after [rad/s]'; set xrange [0:22]; set key top left
  eval "plot x dt 2 lc rgb '#888888' title 'no slip: unchanged', data index T7+MD0 using 1:3 with points pt 7 lc 2 title 'aluminium alloy, mindlin'" . copper
  unset multiplot
  set output
}
