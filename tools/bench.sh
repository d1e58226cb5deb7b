#!/bin/sh
# Runs the benchmark matrix: Google Benchmark JSON to data/bench-<host>-<date>.json, a tidy CSV
# beside it, the LAMMPS comparison when lmp is installed, then the plots. Every output is
# written to a temporary name and renamed when complete.
set -eu
bin="$1"
host=$(hostname -s 2>/dev/null || echo host)
stamp=$(date +%Y%m%d-%H%M%S)
base="data/bench-$host-$stamp"
mkdir -p data plots
args=""
[ "${QUICK:-0}" = 1 ] && args="--quick"
[ -n "${FILTER:-}" ] && args="$args --benchmark_filter=$FILTER"
echo "grandamp bench: writing $base.json (progress on stderr)" >&2
# A failed or interrupted benchmark leaves no partial JSON behind.
trap 'rm -f "$base.json.tmp"' EXIT
trap 'exit 1' HUP INT TERM
# shellcheck disable=SC2086
if ! "$bin" $args --benchmark_out="$base.json.tmp" --benchmark_out_format=json; then
  rm -f "$base.json.tmp"
  echo "grandamp: error: the benchmark failed; no result written" >&2
  exit 1
fi
mv "$base.json.tmp" "$base.json"
tools/bench_csv.sh "$base.json" "$base.csv"
lammps="data/lammps-$host-$stamp.csv"
if [ "${QUICK:-0}" = 1 ]; then
  bench/lammps.sh "$lammps" 10 20 || echo "grandamp: warning: the LAMMPS comparison failed" >&2
else
  bench/lammps.sh "$lammps" 40 50 || echo "grandamp: warning: the LAMMPS comparison failed" >&2
fi
[ -f "$lammps" ] || lammps=""
plots/all.sh "$base.csv" "$lammps" plots/
echo "grandamp bench: results in $base.json, $base.csv${lammps:+, $lammps}; plots in plots/" >&2
