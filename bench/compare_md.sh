#!/bin/sh
# The README's engine comparison from a comparison CSV of bench/bench.sh (data/compare-*.csv):
# per packing, one row per model row, grandamp and each engine in M touching pairs per second of
# pair time (data/step-compare-*.csv: M atom-steps per second of the whole step against the
# engine's Loop time), "1 rank / N ranks" (grandamp: threads), and grandamp's ratio to each
# engine at 1 and N; CPU, when given, is named under each table.
# Usage: bench/compare_md.sh COMPARE.csv [PACKING] > COMPARE.md   (PACKING: that packing only;
#        CPU from the environment; ONE_TABLE=1: every packing in one table)
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] && [ -r "$1" ] || { echo "usage: bench/compare_md.sh COMPARE.csv [PACKING]" >&2; exit 2; }
awk -F, -v only="${2:-}" -v cpu="${CPU:-}" -v one="${ONE_TABLE:-}" '
  NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i
    what = ("grandamp_atom_steps_per_s" in c) ? "atom_steps" : "contacts"
    unit = what == "contacts" ? "M touching pairs/s" : "M atom-steps/s, whole step against the engine'"'"'s Loop time"
    next
  }
  function v(n) { return $(c[n]) }
  {
    if (only != "" && v("packing") != only) next
    pk = v("packing"); e = v("engine"); key = v("normal") "/" v("damping") "/" v("tangential"); r = v("ranks") + 0
    if (!(pk in pseen)) { pseen[pk] = 1; pks[++np] = pk; N[pk] = v("n") }
    if (!((pk, key) in kseen)) { kseen[pk, key] = 1; keys[pk, ++nk[pk]] = key }
    if (!(e in eseen)) { eseen[e] = 1; engs[++ne] = e; ver[e] = v("engine_version") }
    if (r > R) R = r
    G[pk, key, r] = v("grandamp_" what "_per_s"); E[pk, key, e, r] = v("engine_" what "_per_s")
  }
  function m(x) { return (x == "") ? "–" : sprintf("%.3g", x / 1e6) }
  function pair(a, b) { return (a == "" && b == "") ? "–" : m(a) " / " m(b) }
  function header(first) {
    line = "| " first " | grandamp |"; sep = "|---|---|"
    for (j = 1; j <= ne; j++) { line = line " " engs[j] " " ver[engs[j]] " | grandamp / " engs[j] " |"; sep = sep "---|---|" }
    print line; print sep
  }
  END {
    if (one) { # every packing in one table
      printf "%s, 1 / %d %s%s\n\n", unit, R, "rank", (R > 1 ? "s" : "")
      header("packing (spheres): model row")
    }
    for (p = 1; p <= np; p++) {
      pk = pks[p]
      if (!one) {
        printf "%s packing, N = %s: %s, 1 / %d %s%s\n\n", pk, N[pk], unit, R, "rank", (R > 1 ? "s" : "")
        header("model row")
      }
      for (k = 1; k <= nk[pk]; k++) {
        key = keys[pk, k]
        line = "| " (one ? pk " (" N[pk] "): " : "") key " | " pair(G[pk, key, 1], G[pk, key, R]) " |"
        for (j = 1; j <= ne; j++) {
          e = engs[j]; a = E[pk, key, e, 1]; b = E[pk, key, e, R]
          r1 = (a != "" && G[pk, key, 1] != "") ? sprintf("%.2f", G[pk, key, 1] / a) : "–"
          rN = (b != "" && G[pk, key, R] != "") ? sprintf("%.2f", G[pk, key, R] / b) : "–"
          ratio = r1 " / " rN
          line = line " " pair(a, b) " | " ratio " |"
        }
        print line
      }
      if (!one && cpu != "") printf "\nMeasured on %s.\n", cpu
      if (!one && p < np) print ""
    }
    if (one && cpu != "") printf "\nMeasured on %s.\n", cpu
  }' "$1"
