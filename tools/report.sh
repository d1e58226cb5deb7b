#!/bin/sh
# The nightly report as one static page, OUT/index.html: the verification verdict (data/verify.csv,
# its markdown tables) and what changed since the run before (the verifier's own comparison,
# data/verify-changes.txt), the latest benchmark with the CPU it ran on and grandamp over each
# engine (data/bench-*.csv and .json, compare-*.csv), the last runs side by side, every plot with
# a caption. Each run's summary is kept in OUT/history/ (one file per run, named by the run's own
# time, so that reporting a run twice keeps one). A missing input is said on the page.
# The page is written to a temporary file and renamed; an OUT/index.html this script did not
# write (no generator mark), or one that is not a regular file, is left alone (exit 1).
# Usage: tools/report.sh [--quick] [--data DIR] [--bench DIR] [--plots DIR] [--bench-plots DIR]
#                        [--out DIR] [--runs N]
#   defaults: the verifier's data and plots in data/ and plots/ (--quick: data/quick, plots/quick,
#   and the page in report/quick/), the bench's in data/ and plots/, the page in report/, 10 runs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)/report
export LC_ALL=C   # awk works on bytes (url encoding), sort and ls in one order
die() { echo "grandamp: error: report: $*" >&2; exit "${2:-2}"; }

quick=0; data=data; bench=data; plots=plots; bench_plots=plots; out=report; runs=10
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; data=data/quick; plots=plots/quick; out=report/quick; shift; continue ;;
    --data | --bench | --plots | --bench-plots | --out | --runs) if [ $# -lt 2 ] || [ -z "$2" ]; then die "$1 needs a value"; fi ;;
    *) die "unknown option '$1' (usage: tools/report.sh [--quick] [--data DIR] [--bench DIR] [--plots DIR] [--bench-plots DIR] [--out DIR] [--runs N])" ;;
  esac
  case "$1" in
    --data) data=$2 ;; --bench) bench=$2 ;; --plots) plots=$2 ;; --bench-plots) bench_plots=$2 ;;
    --out) out=$2 ;; --runs) runs=$2 ;;
  esac
  shift 2
done
case "$runs" in '' | *[!0-9]* | 0) die "--runs must be a whole number above 0" ;; esac
subset=full; [ "$quick" = 1 ] && subset=quick

page="$out/index.html"
# Only a page of ours is replaced.
ours() {
  [ ! -e "$page" ] && [ ! -L "$page" ] && return 0
  [ -f "$page" ] && [ ! -L "$page" ] && grep -q '<meta name="generator" content="grandamp tools/report.sh">' "$page"
}
ours || die "$page exists and was not written by this script: left alone (move it away first)" 1
mkdir -p "$out/history" || die "cannot create $out/history" 1
work=$(mktemp -d "$out/.report.XXXXXX") || die "cannot create a work folder in $out" 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

inputs=""
input() { inputs="$inputs$1	$2
"; }
awk_lib() { awk -f "$here/lib.awk" "$@"; }
# Moves a run's record into the history, unless something that is not a plain file has its name.
keep_record() {
  if [ -e "$2" ] && { [ -L "$2" ] || [ ! -f "$2" ]; }; then
    echo "grandamp: warning: report: $2 is not a plain file: this run's summary is not kept" >&2
  else
    mv "$1" "$2"
  fi
}
# A markdown table of the verifier or the bench, folded under a summary line.
md_details() {
  [ -s "$2" ] || return 0
  printf '<details><summary>%s</summary>\n' "$1"
  awk_lib -f "$here/mdtable.awk" "$2"
  echo "</details>"
  input "table" "$2"
}

# ---- the verification: its CSV (the reference run keeps it compressed) ------------------------
csv=""
for f in "$data/verify.csv" "$data/verify.csv.gz"; do [ -f "$f" ] && { csv=$f; break; }; done
read_csv() { case "$csv" in *.gz) gzip -dc "$csv" ;; *) cat "$csv" ;; esac; }
verdict=none
if [ -n "$csv" ]; then
  input "verification" "$csv"
  wall=""
  [ -f "$data/verify-junit.xml" ] && wall=$(sed -n 's/.*<testsuites[^>]* time="\([0-9.]*\)".*/\1/p' "$data/verify-junit.xml" | head -n 1)
  read_csv | awk_lib -v record="$work/verify.tsv" -v card="$work/card-verify.html" -v subset="$subset" -v wall="$wall" \
    -f "$here/verdict.awk" >"$work/verdict.html"
  verdict=$(sed -n 's/^<p class="banner [a-z]*"><strong>\([A-Z]*\)<.*/\1/p' "$work/verdict.html")
  # the tables of this run only: an engine verdict left by an earlier run with engines is not shown
  if read_csv | grep -q '^"engine\.'; then
    md_details "The engines' verdict per model (known defects listed)" "$data/verify-engines-verdict.md" >>"$work/verdict.html"
  fi
  if read_csv | grep -q ',"chung-ooi/'; then
    md_details "Chung &amp; Ooi's benchmark tests, per model and engine" "$data/verify-chung-ooi.md" >>"$work/verdict.html"
  fi
  if [ -s "$work/verify.tsv" ]; then
    stamp=$(sed -n '2s/\t.*//p' "$work/verify.tsv" | tr -cd '0-9TZ')
    [ -n "$stamp" ] && keep_record "$work/verify.tsv" "$out/history/verify-$stamp.tsv"
  fi
  if [ -f "$data/verify-changes.txt" ]; then
    input "comparison" "$data/verify-changes.txt"
    awk_lib -v card="$work/card-changes.html" -f "$here/changes.awk" "$data/verify-changes.txt" >"$work/changes.html"
  else
    echo "<p class=\"missing\">The verifier compared this run with none: it found no earlier verify.csv in its folder.</p>" >"$work/changes.html"
  fi
fi

# ---- the latest benchmark and its engine comparison -------------------------------------------
# shellcheck disable=SC2012 # our own file names (bench-HOST-DATE-TIME.csv)
bench_csv=$(ls -t "$bench"/bench-*.csv 2>/dev/null | head -n 1 || true)
if [ -n "$bench_csv" ]; then
  base=${bench_csv%.csv}
  name=${base##*/}; stamp=${name#bench-}
  input "benchmark" "$bench_csv"
  compare="${base%/*}/compare-$stamp.csv"
  : >"$work/context.tsv"
  if [ -f "$base.json" ] && command -v jq >/dev/null 2>&1; then
    input "machine" "$base.json"
    jq -r '.context | (to_entries[] | select(.value | type == "string" or type == "number" or type == "boolean")
        | [.key, (.value | tostring)] | @tsv),
      (["caches", ((.caches // []) | map("L\(.level)\(if .type == "Data" then "d" elif .type == "Instruction" then "i" else "" end) "
        + "\(if .size >= 1048576 then "\(.size / 1048576) MiB" else "\(.size / 1024) KiB" end)"
        + "\(if .num_sharing > 1 then " (shared by \(.num_sharing))" else "" end)") | join(", "))] | @tsv)' \
      "$base.json" >"$work/context.tsv" || echo "grandamp: warning: report: $base.json: no machine information read" >&2
  else
    echo "grandamp: notice: report: $base.json or jq missing: the machine is not named" >&2
  fi
  if [ -f "$compare" ]; then input "engine comparison" "$compare"; else compare=""; fi
  awk_lib -v record="$work/bench.tsv" -v card="$work/card-bench.html" -v stamp="$stamp" -f "$here/bench.awk" \
    "$work/context.tsv" "$bench_csv" ${compare:+"$compare"} >"$work/bench.html"
  [ -n "$compare" ] && md_details "grandamp and each engine, model row by model row" "${compare%.csv}.md" >>"$work/bench.html"
  stepcmp="${base%/*}/step-compare-$stamp.md"   # the whole step against each engine's Loop time
  if [ -f "$stepcmp" ]; then
    input "whole-step comparison" "${stepcmp%.md}.csv"
    md_details "The whole step (integration, list builds, forces) against each engine's Loop time" "$stepcmp" >>"$work/bench.html"
  fi
  # named by the run's time first, so that the history sorts by time whatever the host
  when=$(printf '%s\n' "$stamp" | sed -n 's/^\(.*\)-\([0-9]\{8\}-[0-9]\{6\}\)$/\2-\1/p' | tr -cd 'A-Za-z0-9._-')
  [ -n "$when" ] && [ -s "$work/bench.tsv" ] && keep_record "$work/bench.tsv" "$out/history/bench-$when.tsv"
fi

# ---- the last runs, newest first ---------------------------------------------------------------
# Only plain files with the names keep_record gives: a FIFO would hang the page, a folder or a
# name with a blank would break it; whatever else lies there is passed over with a notice.
nl='
'
for kind in verify bench; do
  records=""
  for f in "$out/history/$kind"-*.tsv; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    name=${f##*/}
    case "$name" in *[!A-Za-z0-9._-]*) ok=0 ;; *) ok=1 ;; esac
    if [ "$ok" = 1 ] && [ -f "$f" ] && [ ! -L "$f" ]; then records="$records$f$nl"
    else echo "grandamp: notice: report: $f is not a run's summary (not a plain file, or not a name of ours): passed over" >&2
    fi
  done
  records=$(printf '%s' "$records" | sort -r | head -n "$runs")
  [ -n "$records" ] || continue
  # one name a line: OUT may hold blanks
  set -f; old_ifs=$IFS; IFS=$nl
  # shellcheck disable=SC2086
  awk_lib -v kind="$kind" -f "$here/history.awk" $records >"$work/history-$kind.html"
  IFS=$old_ifs; set +f
done

# ---- every plot, by its path from the page -----------------------------------------------------
tab=$(printf '\t')
list_plots() {   # DIR, which: bench (every *.png but verify-*) or verify (verify-*.png)
  for f in "$1"/*.png; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .png)
    case "$name" in *[!A-Za-z0-9._-]*) continue ;; esac
    case "$name" in verify-*) [ "$2" = verify ] || continue ;; *) [ "$2" = bench ] || continue ;; esac
    rel=$(realpath --relative-to="$out" "$f") || continue
    case "$rel" in *"$tab"* | *"
"*) continue ;; esac
    printf '%s\t%s\t%s\n' "$rel" "$name" "$(date -u -r "$f" '+%Y-%m-%d %H:%M UTC')"
  done
}
{ list_plots "$bench_plots" bench; list_plots "$plots" verify; } >"$work/plots.tsv"
[ -s "$work/plots.tsv" ] && awk_lib -f "$here/plots.awk" "$here/captions.tsv" "$work/plots.tsv" >"$work/plots.html"
[ -s "$work/plots.tsv" ] && input "plots" "$bench_plots/ and $plots/"

# ---- the page ------------------------------------------------------------------------------------
env REPORT_WORK="$work" REPORT_STYLE="$here/style.css" REPORT_SUBSET="$subset" REPORT_VERDICT="$verdict" \
  REPORT_GENERATED="$(date -u '+%Y-%m-%d %H:%M UTC')" REPORT_INPUTS="$inputs" \
  awk -f "$here/lib.awk" -f "$here/page.awk" </dev/null >"$work/index.html"
ours || die "$page appeared meanwhile and was not written by this script: left alone" 1
mv -f "$work/index.html" "$page"
echo "grandamp report: $page (verification: $verdict${bench_csv:+; bench: $bench_csv})" >&2
