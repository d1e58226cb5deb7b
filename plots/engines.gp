# grandamp beside the engines it is compared with (LAMMPS, LIGGGHTS, Yade): the benchmark's model
# rows on the same packings, touching pairs per second (the engine's own pair time), four panels:
# FCC and random packing, 1 rank and all ranks (grandamp: as many OpenMP threads).
# gnuplot -e "csv='data/x.csv'; compare='data/compare-x.csv'; out='plots/'" plots/engines.gp
#   ->  <out>engines.{png,svg}; without a comparison CSV nothing is drawn.
name = 'engines'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
if (strlen(compare) == 0 || system('[ -r ' . q(compare) . ' ] && echo 1 || echo 0') ne '1') {
  print sprintf("grandamp: notice: engines.gp: no comparison CSV%s; no plot", (strlen(compare) > 0) ? ' (' . compare . ' not found)' : '')
  exit
}
cmd(pk, rk) = sel . 'engines ' . q(csv) . ' ' . q(compare) . ' ' . pk . ' ' . rk
if (system(cmd('fcc', 'max') . ' >/dev/null && echo ok') ne 'ok') { exit status 1 }
hdr(pk, rk) = system(cmd(pk, rk) . ' | head -n 1')
ncol(pk, rk) = (words(hdr(pk, rk)) >= 3) ? int(word(hdr(pk, rk), 3)[9:]) : 0
nval(pk, rk) = (words(hdr(pk, rk)) >= 3) ? word(hdr(pk, rk), 2)[3:] : '?'
# one log axis for the four panels, whole decades around the data, with at least half a decade
# above the tallest bar for the key, as powers of ten (gnuplot reads "1e-05" as a bad octal number)
lim = system('for p in fcc random; do for r in 1 max; do ' . cmd('$p', '$r') . ' 2>/dev/null; done; done | ' . \
  "awk '/^[^#\"]/ { for (i = 2; i <= NF; i++) if ($i != \"?\" && $i + 0 > 0) { if (lo == \"\" || $i + 0 < lo) lo = $i + 0; if ($i + 0 > hi) hi = $i + 0 } } " . \
  "END { if (lo == \"\") { print 0, 1; exit } u = int(log(hi) / log(10) + 0.999999); if (hi > 10 ^ u / 3.2) u++; print int(log(lo) / log(10) + 100) - 100, u }'")
set style data histogram
set style histogram clustered gap 1.5
set style fill solid 0.85 border rgb '#333333'
set boxwidth 1
set logscale y
set yrange [10.0**int(word(lim, 1)):10.0**int(word(lim, 2))]
set key inside top center horizontal font ',8' maxrows 2 opaque
# labels end at their bar group and run down to the left, inside the image
set xtics nomirror rotate by 35 right font ',7'
set ylabel 'M touching pairs/s (log scale)'
set bmargin 9
set lmargin 14
set rmargin 3
panel(pk, rk) = sprintf("%s packing, N = %s, %s", pk, nval(pk, rk), rk eq '1' ? '1 rank / thread' : 'all ranks / threads')
do for [term = 1:2] {
  if (term == 1) { set terminal pngcairo size 1600,1100 noenhanced font 'Sans,10'; set output out . name . '.png' }
  if (term == 2) { set terminal svg size 1600,1100 noenhanced font 'Sans,10' background rgb 'white'; set output out . name . '.svg' }
  set multiplot layout 2,2 title "grandamp and the DEM engines on the same packings and pair_coeff rows: touching pairs per second of pair time\n(engine: its own timing breakdown; grandamp: median of the benchmark)" . busy
  do for [pk in 'fcc random'] {
    do for [rk in '1 max'] {
      n = ncol(pk, rk)
      set title panel(pk, rk)
      if (n < 1) {
        unset logscale y; set yrange [0:1]; unset key
        set label 1 'no data' at graph 0.5, 0.5 center
        plot 2 notitle
        unset label 1; set logscale y; set yrange [10.0**int(word(lim, 1)):10.0**int(word(lim, 2))]; set key
      } else {
        data = '< ' . cmd(pk, rk) . ' 2>/dev/null'
        plot for [c=2:n + 1] data using c:xtic(1) title columnheader(c)
      }
    }
  }
  unset multiplot
  set output
}
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
