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
models="data/lammps-models-$host-$stamp.csv"
compare="data/compare-$host-$stamp.csv"
rows="data/.lammps-rows-$$"
trap 'rm -f "$base.json.tmp" "$rows" "$compare.tmp"' EXIT
"$bin" --lammps-rows >"$rows"
cells=40 steps=50
[ "${QUICK:-0}" = 1 ] && cells=10 steps=20
LAMMPS_MODELS_IN="$rows" LAMMPS_MODELS_OUT="$models" bench/lammps.sh "$lammps" "$cells" "$steps" ||
  echo "grandamp: warning: the LAMMPS comparison failed" >&2
[ -f "$lammps" ] || lammps=""
# grandamp / LAMMPS per model: the model rows (fcc, half-reduce, all threads) against LAMMPS on
# as many MPI ranks, same packing and pair_coeff.
if [ -f "$models" ]; then
  awk -F, '
    FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    function v(n) { return $(c[FILENAME, n]) }
    { k = v("normal") "," v("damping") "," v("tangential") }
    FILENAME == ARGV[1] && v("family") == "model" && v("packing") == "fcc" && v("aggregate") == "median" {
      g[k] = v("pairs_per_s"); th[k] = v("threads"); next }
    FILENAME == ARGV[2] {
      if (!(k in g)) next
      if (!hdr++) print "normal,damping,tangential,threads,grandamp_pairs_per_s,lammps_ranks,lammps_pairs_per_s,ratio"
      printf "%s,%s,%s,%s,%s,%.4g\n", k, th[k], g[k], v("ranks"), v("pairs_per_s"), g[k] / v("pairs_per_s")
    }' "$base.csv" "$models" >"$compare.tmp"
  if [ -s "$compare.tmp" ]; then
    mv "$compare.tmp" "$compare"
    echo "grandamp bench: grandamp / LAMMPS per model ($compare):" >&2
    awk -F, 'NR > 1 { printf "  %-40s %7.2f M vs %7.2f M  %5.2fx\n", $1 "/" $2 "/" $3, $5 / 1e6, $7 / 1e6, $8 }' "$compare" >&2
  fi
fi
plots/all.sh "$base.csv" "$lammps" plots/
[ -f "$compare" ] || compare=""
echo "grandamp bench: results in $base.json, $base.csv${lammps:+, $lammps}${compare:+, $compare}; plots in plots/" >&2
