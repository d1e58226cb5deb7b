# Shared settings of the plots/*.gp scripts (loaded by each): the variables csv (tidy CSV of
# bench/bench_csv.sh), compare (data/compare-*.csv of bench/bench.sh, may be '' or missing) and out (output
# prefix, e.g. 'plots/'), the helper plots/select.sh, and the two terminals (PNG and SVG).
if (!exists("csv")) csv = 'data/bench.csv'
if (!exists("compare")) compare = ''
if (!exists("out")) out = 'plots/'
if (!exists("quiet")) quiet = 0
# busy: a last subtitle line for a run measured on a busy machine (plots/all.sh), else ''
if (!exists("busy")) busy = ''
busy = (strlen(busy) > 0) ? "\n" . busy : ''
q(s) = "'" . s . "'"
lastslash(s, i) = (i < 1) ? 0 : ((s[i:i] eq '/') ? i : lastslash(s, i - 1))
here = (lastslash(ARG0, strlen(ARG0)) > 0) ? ARG0[1:lastslash(ARG0, strlen(ARG0)) - 1] : '.'
if (!exists("helper")) helper = here . '/select.sh'
sel = 'sh ' . q(helper) . ' '
if (system('[ -r ' . q(csv) . ' ] && echo 1 || echo 0') ne '1') {
  print sprintf("grandamp: error: %s: cannot read the benchmark CSV", csv); exit status 1
}
if (system(sel . 'check ' . q(csv)) ne 'ok') { exit status 1 }
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set key noenhanced
png_term = "set terminal pngcairo size 1000,600 noenhanced font 'Sans,10'"
svg_term = "set terminal svg size 1000,600 noenhanced font 'Sans,10' background rgb 'white'"
# "a/b/c" -> "a, b, c" (series keys as legend titles)
commas(s) = (strstrt(s, '/') > 0) ? s[1:strstrt(s, '/') - 1] . ', ' . commas(s[strstrt(s, '/') + 1:]) : s
