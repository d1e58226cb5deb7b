#!/usr/bin/env bash
# tools/mixed-accuracy.sh DOUBLE.csv MIXED.csv - what mixed precision costs in accuracy, from two
# verifier runs of the same revision (grandamp_verify --data D, and --data M --precision mixed):
# every case's status in both, and for the coefficients of restitution (cases ending in /e) the
# worst |e_mixed - e_double| per family (the name up to its model). Markdown on stdout.
set -euo pipefail
[ $# = 2 ] || { echo "usage: tools/mixed-accuracy.sh DOUBLE.csv MIXED.csv" >&2; exit 2; }
for f in "$1" "$2"; do [ -r "$f" ] || { echo "tools/mixed-accuracy.sh: cannot read $f" >&2; exit 2; }; done
# Fields: group, "name", status, measured, ... (names and groups hold no comma).
awk -F, '
  FNR == 1 { file++; next }
  { name = $2; gsub(/"/, "", name) }
  file == 1 { st1[name] = $3; e1[name] = $4; next }
  { st2[name] = $3; e2[name] = $4; order[++n] = name }
  END {
    pass1 = pass2 = both = 0
    for (k = 1; k <= n; k++) {
      c = order[k]
      if (!(c in st1)) continue
      both++
      if (st1[c] == "PASS" || st1[c] == "XFAIL") pass1++
      if (st2[c] == "PASS" || st2[c] == "XFAIL") pass2++
      else if (st1[c] == "PASS") lost[++nl] = c
      if (c !~ /\/e$/ || st2[c] == "SKIP") continue
      fam = c; sub(/\/(equal|unequal|wall|ratio=|v=|e=|gamma=|delta-end|force-end).*$/, "", fam)
      d = e2[c] - e1[c]; if (d < 0) d = -d
      if (!(fam in worst)) fams[++nf] = fam
      if (!(fam in worst) || d > worst[fam]) { worst[fam] = d; at[fam] = c }
      rows[fam]++
    }
    printf "Cases in both runs: %d; passing in double: %d; in mixed: %d.\n\n", both, pass1, pass2
    for (k = 1; k <= nl; k++) printf "- passes in double, not in mixed: `%s`\n", lost[k]
    if (nl) printf "\n"
    printf "| family | e rows | worst \\|e_mixed - e_double\\| | at |\n|---|---|---|---|\n"
    for (k = 1; k <= nf; k++) { f = fams[k]; printf "| %s | %d | %.2g | `%s` |\n", f, rows[f], worst[f], at[f] }
  }' "$1" "$2"
