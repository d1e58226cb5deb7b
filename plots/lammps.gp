# grandamp against LAMMPS (pair_style granular, hertz/material + tsuji on the FCC packing):
# grouped bars of pairs/s for tangential nohistory and mindlin; LAMMPS on 1 and nproc MPI
# ranks (CSV of bench/lammps.sh) next to the grandamp rows (model, strategy, size families).
# gnuplot -e "csv='data/x.csv'; lammps='data/l.csv'; out='plots/'" plots/lammps.gp
#   ->  <out>lammps.{png,svg}; without the LAMMPS CSV only grandamp is drawn.
name = 'lammps'
load ARG0[1:strlen(ARG0) - strlen(name) - 3] . 'common.gp'
larg = '-'
if (strlen(lammps) > 0 && system('[ -r ' . q(lammps) . ' ] && echo 1 || echo 0') eq '1') {
  larg = q(lammps)
} else {
  print sprintf("grandamp: notice: lammps.gp: no LAMMPS CSV%s; drawing grandamp only", (strlen(lammps) > 0) ? ' (' . lammps . ' not found)' : '')
}
cmd = sel . 'lammps ' . q(csv) . ' ' . larg
data = '< ' . cmd . ' 2>/dev/null'
if (system(cmd . ' >/dev/null && echo ok') ne 'ok') { exit status 1 }
hdr = system(cmd . ' | head -n 1')
ncol = (words(hdr) == 3) ? int(word(hdr, 3)[9:]) : 0
nval = (words(hdr) == 3) ? word(hdr, 2)[3:] : '?'
if (ncol < 1) {
  print 'grandamp: notice: lammps.gp: no hertz_material/tsuji rows; no plot'; exit
}
set title sprintf("grandamp vs LAMMPS 29Sep2021 (pair_style granular): hertz/material + tsuji, compressed FCC packing, N = %s\ngrandamp: median over repetitions; LAMMPS: 6 N steps / Pair time; log scale, bar labels in M pairs/s", nval)
set ylabel 'throughput [M pairs/s] (log scale)'
set style data histogram
set style histogram clustered gap 1.5
set style fill solid 0.85 border rgb '#333333'
set boxwidth 1
set logscale y
set yrange [*:*]
set offsets 0, 0, graph 0.25, 0
set key outside below center maxcols 3
set xtics nomirror
gap = 1.5
xpos(i, c) = i + (c - 2 - (ncol - 1) / 2.0) / (ncol + gap)
eval png_term
set output out . name . '.png'
plot for [c=2:ncol + 1] data using c:xtic(1) title columnheader(c), \
     for [c=2:ncol + 1] data skip 2 using (xpos($0, c)):(column(c)):(sprintf('%.3g', column(c))) with labels offset 0, 0.7 font ',8' notitle
eval svg_term
set output out . name . '.svg'
replot
set output
if (!quiet) print sprintf('grandamp: wrote %s%s.png and %s%s.svg', out, name, out, name)
