# What mixed precision buys and what it costs, per model: listed-pair throughput (1 thread,
# half-reduce, the benchmark's precision family) against the worst error of e over the verifier's
# head-on restitution rows of the model (|e - e_expected|), an arrow from the double loop to the
# mixed one for each model row; one panel frictionless, one with mindlin.
# gnuplot -e "prec='data/precision-x.csv'; out='plots/'; cpu='...'" plots/precision.gp
#   ->  <out>precision.{png,svg}
if (!exists("prec") || system('[ -r ' . "'" . prec . "'" . ' ] && echo 1 || echo 0') ne '1') {
  print "grandamp: notice: precision.gp: no precision CSV; no plot"; exit
}
if (!exists("out")) out = 'plots/'
if (!exists("cpu")) cpu = ''
load ARG0[1:strlen(ARG0) - strlen('precision.gp')] . 'summary.gp'
set datafile separator ','
# the error axis: the data's decade(s) and a margin, not gnuplot's whole decades around them
stats prec using 8 nooutput
elo = STATS_min; ehi = STATS_max
stats prec using 9 nooutput
elo = (STATS_min < elo) ? STATS_min : elo
ehi = (STATS_max > ehi) ? STATS_max : ehi
stats prec using 4 nooutput
xtop = STATS_max / 1e6
decades = log10(ehi / elo)
pad = (decades > 0.3 ? decades : 0.3) * 0.25
ylo = elo / 10**pad; yhi = ehi * 10**pad
# the model names in a column right of the panel's double points, each at its point's height
# unless that would overprint the one below (then moved up by a line of the label font: gap, as a
# fraction of the axis); a thin line leads from the point to its label
gap = 0.06
layout(t) = sprintf("< awk -F, -v t=%s -v lo=%.9g -v hi=%.9g -v gap=%g '%s' '%s'", t, ylo, yhi, gap, \
  'NR > 1 && $3 == t { n++; x[n] = $4 / 1e6; y[n] = $8; name[n] = $1 "/" $2; f[n] = log(y[n] / lo) / log(hi / lo); ' . \
  '  if (x[n] > xl) xl = x[n] } ' . \
  'END { for (i = 2; i <= n; i++) for (j = i; j > 1 && f[j - 1] > f[j]; j--) { ' . \
  '  s = f[j]; f[j] = f[j - 1]; f[j - 1] = s; s = x[j]; x[j] = x[j - 1]; x[j - 1] = s; ' . \
  '  s = y[j]; y[j] = y[j - 1]; y[j - 1] = s; s = name[j]; name[j] = name[j - 1]; name[j - 1] = s } ' . \
  '  xl *= 1.03; for (i = 2; i <= n; i++) if (f[i] < f[i - 1] + gap) f[i] = f[i - 1] + gap; ' . \
  '  if (n && f[n] > 1 - gap / 2) f[n] = 1 - gap / 2; ' . \
  '  for (i = n - 1; i >= 1; i--) if (f[i] > f[i + 1] - gap) f[i] = f[i + 1] - gap; ' . \
  '  for (i = 1; i <= n; i++) printf "%g,%g,%g,%.9g,%s\n", x[i], y[i], xl, lo * exp(f[i] * log(hi / lo)), name[i] }', prec)
set logscale y
set yrange [ylo:yhi]
# gnuplot's log tics fall on whole decades only: 1-9 (or 1, 2, 5 over many decades) of each one
set format y '%.0t·10^{%T}'
set ytics ()
do for [d = floor(log10(ylo)):ceil(log10(yhi))] {
  do for [m = 1:9] { if (decades < 1.5 || m == 1 || m == 2 || m == 5) { set ytics add (m * 10.0**d) } }
}
set lmargin at screen 0.08
set rmargin at screen 0.8
set xrange [0:xtop * 1.5]
set grid xtics ytics lc rgb '#dddddd'
set xlabel 'M listed pairs/s, 1 thread'
set ylabel 'worst |e - e_{expected}|'
set key outside right top font ',9'
nohist(t) = (t eq 'nohistory')
array TANG[2] = ['nohistory', 'mindlin']
array WHAT[2] = ['frictionless', 'mindlin']
array COL[2] = ['#1f77b4', '#d62728']
array PT[2] = [6, 8]   # double: open; mixed: the filled one after it
summary_xlog = 0; summary_ylog = 1
do for [term = 1:2] {
  if (term == 1) { set terminal pngcairo size 1200,800 enhanced font 'Sans,10'; set output out . 'precision.png' }
  if (term == 2) { set terminal svg size 1200,800 enhanced font 'Sans,10' background rgb 'white'; set output out . 'precision.svg' }
  set multiplot layout 2, 1 title sprintf("Mixed against double precision: throughput and the worst error of e over the restitution rows, per model%s", strlen(cpu) > 0 ? "\n(" . cpu . ')' : '') noenhanced
  do for [k = 1:2] {
    set title WHAT[k] noenhanced
    plot prec using ($4/1e6):(strcol(3) eq TANG[k] ? $8 : NaN):(($5-$4)/1e6):($9-$8) with vectors head filled size screen 0.008,20 lc rgb '#999999' title 'double -> mixed', \
         prec using ($4/1e6):(strcol(3) eq TANG[k] ? $8 : NaN) with points pt PT[k] ps 1.4 lc rgb COL[k] title 'double, ' . WHAT[k], \
         prec using ($5/1e6):(strcol(3) eq TANG[k] ? $9 : NaN) with points pt PT[k] + 1 ps 1.2 lc rgb COL[k] title 'mixed, ' . WHAT[k], \
         layout(TANG[k]) using 1:2:($3 - $1):($4 - $2) with vectors nohead lw 0.5 lc rgb '#bbbbbb' notitle, \
         layout(TANG[k]) using 3:4:5 with labels left offset char 0.5,0 font ',8' noenhanced notitle
    if (term == 1 && summary_on) {
      summary_name = 'precision/' . WHAT[k]
      eval summary_axes
      dummy = summary_series('#999999', 1, -1, 'double -> mixed') . summary_series(COL[k], 1, PT[k], 'double, ' . WHAT[k]) . summary_series(COL[k], 1, PT[k] + 1, 'mixed, ' . WHAT[k])
      labels = ''
      stats [*:*][*:*] layout(TANG[k]) using (labels = labels . summary_label($3, $4, 0.5, 0, 0.8, strcol(5)), 0) nooutput
    }
  }
  unset multiplot
  set output
}
