#!/bin/sh
# Converts the Google Benchmark (1.7.1) JSON of bench/bench.cpp into a tidy CSV, one row per
# aggregate entry (mean, median, stddev, cv), with the benchmark name split into its fields.
# Usage: bench/bench_csv.sh IN.json OUT.csv      (needs jq; writes OUT.csv.tmp, then renames)
# real_time_ns is real_time in ns, except on cv rows where it is the dimensionless ratio
# stddev/mean as Google Benchmark writes it (the counters of cv rows are ratios too).
set -eu

die() { echo "grandamp: error: $*" >&2; exit 1; }

[ $# -eq 2 ] || die "usage: bench/bench_csv.sh IN.json OUT.csv"
in="$1"; out="$2"
command -v jq >/dev/null 2>&1 || die "jq not found; install it (apt-get install jq)"
[ -r "$in" ] || die "$in: cannot read the benchmark JSON"
[ -s "$in" ] || die "$in: the benchmark JSON is empty"

tmp="$out.tmp"
trap 'rm -f "$tmp" "$tmp.err"' EXIT
trap 'exit 1' HUP INT TERM

# Google Benchmark writes non-finite doubles as NaN / Infinity; jq 1.6 reads NaN as null and
# Infinity as the largest double, which the filter below turns into an empty field.
# shellcheck disable=SC2016
filter='
def cell: if type == "number" and (. == . ) and (. < 1.7976931348623157e308) and (. > -1.7976931348623157e308)
          then tostring else "" end;
def scale: {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[.];
if (type != "object") or ((.benchmarks | type) != "array") then
  error("no \"benchmarks\" array (is this Google Benchmark JSON output?)")
else . end
| ["family","normal","damping","tangential","packing","strategy","n","threads","aggregate",
   "real_time_ns","pairs_per_s","contacts_per_s","atom_steps_per_s","bytes_per_particle",
   "pairs_per_atom","bytes_per_s","ops_per_s","sqrtdiv_per_pair","bytes_per_pair","frac_sqrtdiv",
   "frac_bandwidth"] as $hdr
| [.benchmarks[] | select(type == "object" and has("aggregate_name"))] as $rows
| if ($rows | length) == 0 then
    error("no aggregate entries (mean/median/stddev/cv): run with --benchmark_repetitions >= 2")
  else . end
| ($hdr | join(",")),
  ($rows[]
   | . as $b
   | ((.run_name // .name // "") | tostring) as $rn
   | ($rn | split("/")) as $f
   | ([$f[6:][] | select(startswith("n:"))][0] // null) as $nf
   | ([$f[6:][] | select(startswith("threads:"))][0] // null) as $tf
   | if ($f | length) < 7 or $nf == null or ($f[0:6] | map(length == 0) | any) then
       error("benchmark \"\($rn)\" is not <family>/<normal>/<damping>/<tangential>/<packing>/<strategy>/n:<N>/threads:<T>")
     else . end
   | ($nf[2:]) as $n
   | (if $tf != null then $tf[8:] else ($b.threads // 1 | tostring) end) as $t
   | if ($n | test("^[0-9]+$") | not) or ($t | test("^[0-9]+$") | not) then
       error("benchmark \"\($rn)\": n and threads must be integers")
     else . end
   | (($b.time_unit // "ns") | scale) as $s
   | if $s == null then error("benchmark \"\($rn)\": unknown time_unit \"\($b.time_unit)\"") else . end
   | (if ($b.aggregate_unit // "time") == "percentage" then $b.real_time
      elif ($b.real_time | type) == "number" then $b.real_time * $s
      else null end) as $rt
   | ($f[0:6] + [$n, $t, ($b.aggregate_name | tostring)]) as $keys
   | if ($keys | map(test("[,\"\n\r]")) | any) then
       error("benchmark \"\($rn)\": a name field contains a comma or a quote")
     else . end
   | $keys + ([$rt, $b.pairs_per_s, $b.contacts_per_s, $b.atom_steps_per_s, $b.bytes_per_particle,
              $b.pairs_per_atom, $b.bytes_per_s, $b.ops_per_s, $b.sqrtdiv_per_pair, $b.bytes_per_pair,
              $b.frac_sqrtdiv, $b.frac_bandwidth] | map(cell))
   | join(","))
'

if ! jq -r "$filter" "$in" >"$tmp" 2>"$tmp.err"; then
  msg=$(sed 's/^jq: error ([^)]*): //; s/^jq: error: //' "$tmp.err" | head -n 3)
  rm -f "$tmp.err"
  die "$in: not valid benchmark JSON: $msg"
fi
rm -f "$tmp.err"

# Errored or skipped benchmarks have no aggregate rows: say so instead of dropping them silently.
jq -r '.benchmarks[] | select(.error_occurred == true) | "grandamp: warning: \(.run_name // .name): \(.error_message // "error")"' \
  "$in" >&2 2>/dev/null || true

rows=$(($(wc -l <"$tmp") - 1))
mv "$tmp" "$out"
trap - EXIT
echo "grandamp: wrote $out ($rows rows)" >&2
