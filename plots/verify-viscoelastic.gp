# e against the impact speed for viscoelastic (Brilliantov) damping on hertz/material, at a
# fixed eta0 (b = 0.5 at 1 m/s, b ~ v^(1/5)), measured through the pair loop for both end
# criteria, against the Müller-Pöschel Padé [3/6] (force-end) and Padé - (4/15) b^2.5 e^1.5
# (δ-end), verification.md §3.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-viscoelastic.gp -> <out>verify-viscoelastic.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-viscoelastic.dat'
pade(b) = (1 + sqrt(b)*(1.07232 + sqrt(b)*(0.574198 + sqrt(b)*0.141552))) / \
          (1 + sqrt(b)*(1.07232 + sqrt(b)*(1.72765 + sqrt(b)*(1.37842 + sqrt(b)*(1.19449 + sqrt(b)*(0.467273 + sqrt(b)*0.235585))))))
dend(b) = pade(b) - 4.0/15.0 * b**2.5 * pade(b)**1.5
bv(v) = 0.5 * v**0.2
set title "Viscoelastic damping: e against impact speed (hertz/material, eta0 fixed: b = 0.5 (v / 1 m/s)^(1/5))\npoints: grandamp pair loop (dt = t_c/500); lines: Brilliantov / Schwager-Pöschel expectation" noenhanced
set xlabel 'impact speed v0 [m/s]'
set ylabel 'e'
set logscale x
set format x '10^{%L}'
# enhanced text for the axis only: the key's names (limit_damping) are literal
set key bottom left noenhanced
set grid lc rgb '#dddddd'
set xrange [5e-4:200]
set samples 400
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1000,600 enhanced font 'Sans,10' } else { set terminal svg size 1000,600 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-viscoelastic.' . t
  plot pade(bv(x)) title 'Padé [3/6] (force-end)' lw 1.5 lc rgb '#ff7f0e', \
       dend(bv(x)) title 'Padé - (4/15) b^(5/2) e^(3/2) (δ-end)' lw 1.5 dt 2 lc rgb '#1f77b4', \
       data using 1:4 with points pt 7 ps 1.2 lc rgb '#ff7f0e' title 'pair loop, limit_damping (force-end)', \
       data using 1:3 with points pt 5 ps 1.2 lc rgb '#1f77b4' title 'pair loop, default (δ-end)'
  set output
}
