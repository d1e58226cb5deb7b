#!/bin/sh
# Data selection for the gnuplot scripts in plots/: reads the tidy CSV of bench/bench_csv.sh
# (columns found by header name) and prints whitespace-separated tables for gnuplot, "?" for
# a missing value. Only the median and stddev aggregate rows are used. awk + sort only.
#   select.sh check CSV                             prints ok if CSV has the columns used
#   select.sh keys CSV FAMILY XFIELD [ALWAYS]       series keys (one line, space-separated)
#   select.sh series CSV FAMILY XFIELD KEY [ALWAYS] x median_pairs_per_s stddev bytes_per_particle
#   select.sh ideal CSV FAMILY XFIELD KEY [ALWAYS]  x ideal (linear from the smallest x)
#   select.sh bars CSV                              label med_noh sd_noh med_mind sd_mind (M pairs/s)
#   select.sh floor CSV                             label ratio_noh sd_noh ratio_mind sd_mind
#   select.sh floorinfo CSV                         one line describing the geometry floor
#   select.sh max CSV FAMILY FIELD                  largest value of FIELD
#   select.sh config CSV FAMILY [FIELDS]            most common value of each field (default
#                                                   packing,strategy,n,threads)
#   select.sh engines CSV COMPARE PACKING 1|max     grouped table for plots/engines.gp (with header;
#                                                   COMPARE: data/compare-*.csv of bench/bench.sh)
# A series key is the "/"-joined values of the ALWAYS fields (comma-separated names) and of
# the name fields that vary within FAMILY, XFIELD excepted; n and threads appear as N=, T=.
set -eu

die() { echo "grandamp: error: select.sh: $*" >&2; exit 1; }
[ $# -ge 2 ] || die "usage: select.sh MODE CSV ..."
mode="$1"; csv="$2"
[ -r "$csv" ] || die "$csv: cannot read the benchmark CSV"

# Common awk code: column lookup by header name (every column used must be there).
# shellcheck disable=SC2016
lib='
function need(names,   a, i, k) {
  k = split(names, a, ",")
  for (i = 1; i <= k; i++) if (!(a[i] in col)) { printf "grandamp: error: select.sh: %s: no column %s\n", FILENAME, a[i] > "/dev/stderr"; bad = 1; exit 1 }
}
function v(name) { return $(col[name]) }
function num(x) { return (x == "") ? "?" : x }
FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; need("family,normal,damping,tangential,packing,strategy,n,threads,aggregate,real_time_ns,pairs_per_s,bytes_per_particle"); next }
'
names="normal damping tangential packing strategy n threads"

case "$mode" in
check)
  awk -F, "$lib"'END { if (bad) exit 1; if (NR < 1) { print "grandamp: error: select.sh: " FILENAME ": empty CSV" > "/dev/stderr"; exit 1 }; print "ok" }' "$csv"
  ;;

keys | series | ideal)
  [ $# -ge 4 ] || die "usage: select.sh $mode CSV FAMILY XFIELD ..."
  fam="$3"; xf="$4"
  if [ "$mode" = keys ]; then key=""; always="${5:-}"; else
    [ $# -ge 5 ] || die "usage: select.sh $mode CSV FAMILY XFIELD KEY [ALWAYS]"
    key="$5"; always="${6:-}"
  fi
  awk -F, -v fam="$fam" -v xf="$xf" -v want="$key" -v always="$always" -v mode="$mode" -v names="$names" "$lib"'
    $(col["family"]) != fam || (v("aggregate") != "median" && v("aggregate") != "stddev") { next }
    {
      r++; agg[r] = v("aggregate"); x[r] = v(xf); y[r] = v("pairs_per_s"); b[r] = v("bytes_per_particle")
      for (j = 1; j <= nn; j++) { f = nm[j]; val[r, f] = v(f); if (!((f, "first") in seen)) { seen[f, "first"] = val[r, f] } else if (seen[f, "first"] != val[r, f]) vary[f] = 1 }
    }
    BEGIN { nn = split(names, nm, " "); na = split(always, al, ","); for (j = 1; j <= na; j++) force[al[j]] = 1 }
    END {
      if (bad) exit 1
      if (!(xf in col)) { printf "grandamp: error: select.sh: no column %s\n", xf > "/dev/stderr"; exit 1 }
      nk = 0
      for (i = 1; i <= r; i++) {
        k = ""
        for (j = 1; j <= na + nn; j++) { f = (j <= na) ? al[j] : nm[j - na]; if (f == xf || (j > na && (f in force)) || !((f in vary) || (f in force))) continue
          s = val[i, f]; if (f == "n") s = "N=" s; if (f == "threads") s = "T=" s
          k = (k == "") ? s : k "/" s }
        if (k == "") k = "all"
        key[i] = k
        if (!(k in known)) { known[k] = 1; order[++nk] = k }
      }
      if (mode == "keys") { line = ""; for (i = 1; i <= nk; i++) line = line (i > 1 ? " " : "") order[i]; print line; exit 0 }
      for (i = 1; i <= r; i++) {
        if (key[i] != want) continue
        if (agg[i] == "median") { med[x[i]] = y[i]; bpp[x[i]] = b[i]; xs[x[i]] = 1 } else sd[x[i]] = y[i]
      }
      xmin = ""
      for (xx in xs) if (xmin == "" || xx + 0 < xmin + 0) xmin = xx
      for (xx in xs) {
        if (mode == "series") print xx, num(med[xx]), num(sd[xx]), num(bpp[xx])
        else if (med[xmin] != "") print xx, med[xmin] * xx / xmin
      }
    }' "$csv" | sort -g
  ;;

bars | floor | floorinfo)
  awk -F, -v mode="$mode" "$lib"'
    # geometry-floor rows, by configuration
    v("family") == "geometry" && v("aggregate") == "median" { g++; gcfg = v("packing") SUBSEP v("strategy") SUBSEP v("n") SUBSEP v("threads"); gt[gcfg] = v("real_time_ns"); gdesc = v("packing") ", " v("strategy") ", N=" v("n") ", T=" v("threads"); gone = gcfg; next }
    v("family") == "geometry" && v("aggregate") == "stddev" { gs[v("packing") SUBSEP v("strategy") SUBSEP v("n") SUBSEP v("threads")] = v("real_time_ns"); next }
    v("family") != "model" || (v("aggregate") != "median" && v("aggregate") != "stddev") { next }
    {
      cfg = v("packing") SUBSEP v("strategy") SUBSEP v("n") SUBSEP v("threads")
      m = v("normal") "/" v("damping")
      if (!((m, cfg) in have)) { have[m, cfg] = 1; nr++; rm[nr] = m; rc[nr] = cfg; cnt[cfg]++ }
      # the history column: mindlin, or linear_history for the MDR rows (MDR takes no other)
      t = v("tangential"); if (t == "linear_history") t = "mindlin"; a = v("aggregate")
      p[m, cfg, t, a] = v("pairs_per_s"); rt[m, cfg, t, a] = v("real_time_ns")
    }
    function ratio(m, c, t, gc,   q, e1, e2) {
      if (rt[m, c, t, "median"] == "" || gt[gc] == "" || gt[gc] + 0 == 0) return "? ?"
      q = rt[m, c, t, "median"] / gt[gc]
      e1 = (rt[m, c, t, "stddev"] == "") ? 0 : rt[m, c, t, "stddev"] / rt[m, c, t, "median"]
      e2 = (gs[gc] == "") ? 0 : gs[gc] / gt[gc]
      return q " " q * sqrt(e1 * e1 + e2 * e2)
    }
    function mil(x) { return (x == "") ? "?" : x / 1e6 }
    END {
      if (bad) exit 1
      # the most common configuration gets plain labels; the others carry it in brackets
      best = ""; for (c in cnt) if (best == "" || cnt[c] > cnt[best]) best = c
      if (mode == "floorinfo") {
        if (g == 0) print "no geometry rows"
        else if (g == 1) print "geometry floor " gdesc ": " gt[gone] / 1e6 " ms"
        else { split(best, b, SUBSEP); gc = best
          if (gc in gt) print "geometry floor at the same configuration (" b[1] ", " b[2] ", N=" b[3] ", T=" b[4] "): " gt[gc] / 1e6 " ms"
          else print "geometry floor: " g " rows, none at the configuration of the model rows" }
        exit 0
      }
      skipped = 0
      split(best, bb, SUBSEP)
      for (i = 1; i <= nr; i++) {
        m = rm[i]; c = rc[i]; split(c, b, SUBSEP)
        # the configuration of the matrix and the tsuji rows of the other packings and strategies;
        # not the rows the engines are compared on (1 thread, every model on the random packing)
        if (c != best && (b[4] != bb[4] || m !~ /\/tsuji$/)) continue
        lab = m; if (c != best) { split(best, bb, SUBSEP); d = ""
          for (j = 1; j <= 4; j++) if (j <= 2 || b[j] != bb[j]) d = d (d == "" ? "" : ",") ((j == 3) ? "N=" : (j == 4) ? "T=" : "") b[j]
          lab = m "(" d ")" }
        if (mode == "bars")
          print lab, mil(p[m, c, "nohistory", "median"]), mil(p[m, c, "nohistory", "stddev"]), mil(p[m, c, "mindlin", "median"]), mil(p[m, c, "mindlin", "stddev"])
        else {
          gc = (c in gt) ? c : ((g == 1) ? gone : "")
          if (gc == "") { skipped++; continue }
          print lab, ratio(m, c, "nohistory", gc), ratio(m, c, "mindlin", gc)
        }
      }
      if (skipped) printf "grandamp: notice: floor: %d model row(s) without a geometry row at the same n/threads/packing/strategy left out\n", skipped > "/dev/stderr"
    }' "$csv"
  ;;

engines)
  [ $# -eq 5 ] || die "usage: select.sh engines CSV COMPARE_CSV PACKING 1|max"
  ccsv="$3"; pk="$4"; rk="$5"
  [ -r "$ccsv" ] || die "$ccsv: cannot read the comparison CSV"
  case "$(head -n 1 "$ccsv")" in
    engine,engine_version,packing,n,normal,damping,tangential,ranks,grandamp_threads,grandamp_contacts_per_s,engine_contacts_per_s,ratio*) ;;
    *) die "$ccsv: not a comparison CSV of bench/bench.sh (header engine,engine_version,packing,...)" ;;
  esac
  # One line per model row (in the order of the CSV), grandamp then each engine, M contacts/s.
  awk -F, -v pk="$pk" -v rk="$rk" '
    FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    function v(n) { return $(c[n]) }
    { rows[NR] = $0 }
    v("packing") == pk && v("ranks") + 0 > R + 0 { R = v("ranks") }
    END {
      r = (rk == "max") ? R : rk
      for (i = 2; i <= NR; i++) {
        $0 = rows[i]
        if (v("packing") != pk || v("ranks") != r) continue
        key = v("normal") "/" v("damping") "/" v("tangential")
        if (!(key in seen)) { seen[key] = 1; order[++nk] = key; if (n == "") n = v("n") }
        e = v("engine")
        if (!(e in eseen)) { eseen[e] = 1; eng[++ne] = e; ever[e] = v("engine_version") }
        G[key] = v("grandamp_contacts_per_s"); E[key, e] = v("engine_contacts_per_s")
      }
      if (!nk) exit
      printf "# N=%s columns=%d ranks=%s\n", n, ne + 1, r
      line = "\"row\" \"grandamp, " r " thread" (r > 1 ? "s" : "") "\""
      for (j = 1; j <= ne; j++) line = line " \"" eng[j] " " ever[eng[j]] ", " r " rank" (r > 1 ? "s" : "") "\""
      print line
      for (k = 1; k <= nk; k++) {
        line = order[k] " " G[order[k]] / 1e6
        for (j = 1; j <= ne; j++) line = line " " (((order[k], eng[j]) in E) ? E[order[k], eng[j]] / 1e6 : "?")
        print line
      }
    }' "$ccsv"
  ;;

max)
  [ $# -eq 4 ] || die "usage: select.sh max CSV FAMILY FIELD"
  awk -F, -v fam="$3" -v f="$4" "$lib"'
    v("family") == fam && v("aggregate") == "median" && (m == "" || v(f) + 0 > m + 0) { m = v(f) }
    END { if (bad) exit 1; print (m == "") ? 0 : m }' "$csv"
  ;;

config)
  [ $# -ge 3 ] || die "usage: select.sh config CSV FAMILY [FIELDS]"
  awk -F, -v fam="$3" -v fields="${4:-packing,strategy,n,threads}" "$lib"'
    v("family") != fam || v("aggregate") != "median" { next }
    { for (j = 1; j <= nf; j++) { c[j, v(fl[j])]++; if (c[j, v(fl[j])] > top[j]) { top[j] = c[j, v(fl[j])]; best[j] = v(fl[j]) } } }
    BEGIN { nf = split(fields, fl, ",") }
    END {
      if (bad) exit 1
      line = ""
      for (j = 1; j <= nf; j++) { s = best[j]; if (fl[j] == "n") s = "N=" s; if (fl[j] == "threads") s = "T=" s
        line = line (j > 1 ? ", " : "") s }
      print line
    }' "$csv"
  ;;

*) die "unknown mode '$mode'" ;;
esac
