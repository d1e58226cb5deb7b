# What mixed precision buys and what it costs, per model: touching-pair throughput (1 thread,
# half-reduce, the benchmark's precision family) against the worst error of e over the verifier's
# head-on restitution rows of the model (|e - e_expected|), an arrow from the double loop to the
# mixed one for each model row, frictionless and with mindlin.
# gnuplot -e "prec='data/precision-x.csv'; out='plots/'; cpu='...'" plots/precision.gp
#   ->  <out>precision.{png,svg}
if (!exists("prec") || system('[ -r ' . "'" . prec . "'" . ' ] && echo 1 || echo 0') ne '1') {
  print "grandamp: notice: precision.gp: no precision CSV; no plot"; exit
}
if (!exists("out")) out = 'plots/'
if (!exists("cpu")) cpu = ''
set datafile separator ','
set key autotitle columnhead
set logscale y
set format y '10^{%L}'
set grid xtics ytics lc rgb '#dddddd'
set xlabel 'M pairs/s, 1 thread'
set ylabel 'worst |e - e_{expected}| over the restitution rows'
set key outside right top font ',9'
set offsets graph 0.05, graph 0.25, graph 0.1, graph 0.1
lab(n, d) = sprintf('%s/%s', n, d)
nohist(t) = (t eq 'nohistory')
do for [term = 1:2] {
  if (term == 1) { set terminal pngcairo size 1200,700 enhanced font 'Sans,10'; set output out . 'precision.png' }
  if (term == 2) { set terminal svg size 1200,700 enhanced font 'Sans,10' background rgb 'white'; set output out . 'precision.svg' }
  set title sprintf("Mixed against double precision: throughput and the error of e, per model%s", strlen(cpu) > 0 ? "\n(" . cpu . ')' : '') noenhanced
  plot prec using ($4/1e6):8:(($5-$4)/1e6):($9-$8) with vectors head filled size screen 0.008,20 lc rgb '#999999' title 'double -> mixed', \
       prec using ($4/1e6):(nohist(strcol(3)) ? $8 : NaN) with points pt 6 ps 1.4 lc rgb '#1f77b4' title 'double, frictionless', \
       prec using ($5/1e6):(nohist(strcol(3)) ? $9 : NaN) with points pt 7 ps 1.2 lc rgb '#1f77b4' title 'mixed, frictionless', \
       prec using ($4/1e6):(nohist(strcol(3)) ? NaN : $8) with points pt 8 ps 1.4 lc rgb '#d62728' title 'double, mindlin', \
       prec using ($5/1e6):(nohist(strcol(3)) ? NaN : $9) with points pt 9 ps 1.2 lc rgb '#d62728' title 'mixed, mindlin', \
       prec using ($5/1e6):9:(lab(strcol(1), strcol(2))) with labels offset char 1,0.4 left font ',7' noenhanced notitle
  set output
}
