# One engine's e against the target e, per matrix row with a target (equal spheres, 1 m/s,
# dt = t_c/200), one panel per row (rows that agree would hide one another on one plot): the
# engine's points, the expectation of docs/verification.md as a line, and grandamp's own pair
# loop (t_c/500) beside them; below each panel the largest |engine - expected|.
# gnuplot -e "dir='data/'; out='plots/'; engine='lammps'" plots/verify-engines.gp
#   -> <out>verify-engine-<engine>.{png,svg}
if (!exists("dir")) dir = 'data/'
if (!exists("out")) out = 'plots/'
if (!exists("engine")) engine = 'lammps'
data = dir . 'verify-engine-' . engine . '.dat'
# the rows, in block order (each block's first line: "normal/damping" engine expected grandamp)
rows = system("awk '/^\"/ { gsub(/\"/, \"\", $1); printf \"%s \", $1 }' '" . data . "'")
nblocks = words(rows)
# the largest |engine - expected| of block i, to name a defect in its panel's title
dev(i) = real(system(sprintf("awk -v b=%d 'BEGIN { n = -1 } /^\"/ { n++; next } n == b && NF >= 3 && $1 !~ /^#/ { d = $2 - $3; if (d < 0) d = -d; if (d > m) m = d } END { print m + 0 }' '%s'", i, data)))
ncol = (nblocks <= 3) ? nblocks : ((nblocks <= 8) ? int((nblocks + 1) / 2) : 4)
nrow = int((nblocks + ncol - 1) / ncol)
width = (360 * ncol + 40 > 1000) ? 360 * ncol + 40 : 1000   # room for the figure's title
set xlabel 'target e'
set ylabel 'measured e'
# the symbols are named once, in the figure's title (a key in each panel would cover points)
unset key
set grid lc rgb '#dddddd'
set xrange [0:1]
set yrange [0:1]
set xtics 0.2
set ytics 0.2
do for [t in "png svg"] {
  if (t eq "png") { set terminal pngcairo size width, 340 * nrow + 100 noenhanced font 'Sans,10' } else { set terminal svg size width, 340 * nrow + 100 noenhanced font 'Sans,10' background rgb 'white' }
  set output out . 'verify-engine-' . engine . '.' . t
  set multiplot layout nrow, ncol title sprintf("%s: e against the target e (equal spheres, 1 m/s, dt = t_c/200), one panel per row\nfilled red: the engine; blue line: the expectation (docs/verification.md); open green circles: grandamp's pair loop; dashed: e = target\npanel title in red: the engine is more than 0.02 off the expectation somewhere", engine)
  do for [i=0:nblocks-1] {
    d = dev(i)
    set title sprintf("%s\nlargest |%s - expected| = %.3f", word(rows, i + 1), engine, d) font ',9' textcolor rgb (d > 0.02 ? '#d62728' : '#000000')
    plot x title 'e = target' dt 2 lc rgb '#888888', \
         data index i using 1:3 with lines lw 1.5 lc rgb '#1f77b4' title 'expected', \
         data index i using 1:4 with points pt 6 ps 1.8 lc rgb '#2ca02c' title 'grandamp', \
         data index i using 1:2 with points pt 7 ps 0.8 lc rgb '#d62728' title engine
  }
  unset multiplot
  set output
}
