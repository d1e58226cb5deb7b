# Time-step error of the pair loop: worst |e - e_exact| over four onset phases against
# dt/t_c, one series per model row (δ-end), with each row's bound f dt/t_c (verification.md §6,
# §7.2) and the slope theory expects (verify/cases/cases_convergence.c, ORDER_THEORY) drawn through
# the finest step. The fitted orders are in verify-convergence-orders.dat. One panel per normal
# model (29 rows on one plot ran out of colours), the same axes in each; within a panel each row
# has its own colour and marker.
# gnuplot -e "dir='data/'; out='plots/'" plots/verify-convergence.gp -> <out>verify-convergence.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
data = dir . 'verify-convergence.dat'
rowsel = "awk 'NF >= 4 && $1 !~ /^#/ { if ($1 != last) { n++; last = $1; "
# the normal models in the order of the file, and the block indices (from 0) of each
normals = system(rowsel . "split($1, a, \"/\"); if (!(a[1] in s)) { s[a[1]] = 1; printf \"%s \", a[1] } } }' '" . data . "'")
blocks(nm) = system(rowsel . "split($1, a, \"/\"); if (a[1] == \"" . nm . "\") printf \"%d \", n - 1 } }' '" . data . "'")
name(i) = system(rowsel . "if (n == " . (i + 1) . ") { sub(/^[^\\/]*\\//, \"\", $1); print $1 } } }' '" . data . "'")
# whole decades around every measured error and bound, shared by the panels (as powers of ten:
# gnuplot reads "1e-09" as a bad octal number)
lim = system("awk 'NF >= 4 && $1 !~ /^#/ { if ($2 > 0 && (x0 == \"\" || $2 < x0)) x0 = $2; if ($2 > x1) x1 = $2; " . \
  "for (i = 3; i <= 4; i++) { if ($i > 0 && (y0 == \"\" || $i < y0)) y0 = $i; if ($i > y1) y1 = $i } } " . \
  "function lo(v) { return int(log(v) / log(10) + 100) - 100 } " . \
  "END { print lo(x0), lo(x1) + 1, lo(y0), lo(y1) + 1 }' '" . data . "'")
np = words(normals)
ncol = (np <= 2) ? np : 2
nrow = int((np + ncol - 1) / ncol)
array C[8] = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#17becf']
# rows that coincide stay visible: the open markers are drawn larger, around the filled ones
array P[8] = [6, 5, 9, 11, 13, 7, 4, 8]
array S[8] = [1.5, 0.8, 0.8, 0.8, 0.8, 0.8, 1.3, 1.3]
set xlabel 'dt / t_c'
set ylabel '|e - e_{exact}|'
set logscale xy
set xrange [10.0**int(word(lim, 1)):10.0**int(word(lim, 2))]
set yrange [10.0**int(word(lim, 3)):10.0**int(word(lim, 4))]
set format x '10^{%L}'
set format y '10^{%L}'
set key outside right top noenhanced font ',9' samplen 2
set grid lc rgb '#dddddd'
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size 1500, 420 * nrow + 70 enhanced font 'Sans,10' } else { set terminal svg size 1500, 420 * nrow + 70 enhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-convergence.' . t
  set multiplot layout nrow, ncol title "Velocity-Verlet time-step error of e (worst of 4 onset phases, §6), one panel per normal model\nsolid with markers: measured; dashed: tolerance f dt/t_c of §7.2; dotted: the expected order"
  do for [p=1:np] {
    nm = word(normals, p)
    B = blocks(nm)
    set title nm noenhanced
    plot for [j=1:words(B)] data index int(word(B, j)) using 2:3 with linespoints lw 1.5 pt P[(j - 1) % 8 + 1] ps S[(j - 1) % 8 + 1] lc rgb C[(j - 1) % 8 + 1] title name(int(word(B, j))), \
         for [j=1:words(B)] data index int(word(B, j)) using 2:4 with lines dt 2 lc rgb C[(j - 1) % 8 + 1] notitle, \
         for [j=1:words(B)] data index int(word(B, j)) using 2:5 with lines dt 3 lw 0.8 lc rgb C[(j - 1) % 8 + 1] notitle
  }
  unset multiplot
  set output
}
