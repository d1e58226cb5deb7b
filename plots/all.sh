#!/bin/sh
# Draws every plot of plots/*.gp from the tidy benchmark CSV (bench/bench_csv.sh) and the
# engine comparison CSV (data/compare-*.csv of bench/bench.sh; '' or a missing file: no engine plot) into OUTDIR, as NAME.png
# and NAME.svg. Images are drawn in a scratch folder and renamed into OUTDIR when complete.
# Usage: plots/all.sh CSV LAMMPS_CSV OUTDIR       (exit 1 if gnuplot fails for any script)
set -eu

die() { echo "grandamp: error: $*" >&2; exit 1; }
[ $# -eq 3 ] || die "usage: plots/all.sh CSV COMPARE_CSV OUTDIR"
csv="$1"; compare="$2"; outdir="${3%/}"
[ -n "$outdir" ] || outdir=.
gnuplot="${GNUPLOT:-gnuplot}"
command -v "$gnuplot" >/dev/null 2>&1 || die "gnuplot not found (apt-get install gnuplot-nox)"
[ -r "$csv" ] || die "$csv: cannot read the benchmark CSV"
case "$csv$compare$outdir" in *"'"*) die "paths with a single quote are not supported" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
sh "$here/select.sh" check "$csv" >/dev/null || exit 1
mkdir -p "$outdir"
scratch=$(mktemp -d "$outdir/.plots.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 1' HUP INT TERM

# A run measured on a busy machine (the load in its JSON's context, bench/bench.sh) says so in
# every plot's subtitle (common.gp's variable busy).
busy=""
json="${csv%.csv}.json"
if [ -r "$json" ] && command -v jq >/dev/null 2>&1; then
  busy=$(jq -r '.context | select(.load_before_busy == "yes" or .load_after_busy == "yes")
    | "BUSY MACHINE: other work kept \(.load_before_other_cores // "?") of \(.num_cpus) cores busy at the start, \(.load_after_other_cores // "?") at the end: rates low and noisy"' \
    "$json" 2>/dev/null | tr -d "'\n") || busy=""
fi
failed=""; written=""; skipped=""
for name in throughput scaling size floor engines; do
  if ! "$gnuplot" -e "csv='$csv'; compare='$compare'; out='$scratch/'; quiet=1; busy='$busy'" "$here/$name.gp"; then
    failed="$failed $name"
    continue
  fi
  if [ -s "$scratch/$name.png" ] && [ -s "$scratch/$name.svg" ]; then
    mv "$scratch/$name.png" "$outdir/$name.png"
    mv "$scratch/$name.svg" "$outdir/$name.svg"
    written="$written $outdir/$name.png $outdir/$name.svg"
  else
    skipped="$skipped $name"
  fi
done

[ -n "$written" ] && echo "grandamp: plots written:$written" >&2
[ -n "$skipped" ] && echo "grandamp: notice: no data for:$skipped (nothing written for them)" >&2
if [ -n "$failed" ]; then
  echo "grandamp: error: gnuplot failed for:$failed" >&2
  exit 1
fi
[ -n "$written" ] || echo "grandamp: warning: no plot written" >&2
exit 0
