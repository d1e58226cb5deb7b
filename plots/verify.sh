#!/bin/sh
# Draws the verification plots (plots/verify-*.gp) from the verifier's data files in DATADIR
# into OUTDIR, as NAME.png and NAME.svg, drawn in a scratch folder and renamed when complete.
# Usage: plots/verify.sh DATADIR OUTDIR        (exit 1 if gnuplot fails for any plot)
set -eu
die() { echo "grandamp: error: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: plots/verify.sh DATADIR OUTDIR"
dir="${1%/}"; outdir="${2%/}"
gnuplot="${GNUPLOT:-gnuplot}"
command -v "$gnuplot" >/dev/null 2>&1 || die "gnuplot not found (apt-get install gnuplot-nox)"
case "$dir$outdir" in *"'"*) die "paths with a single quote are not supported" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$outdir"
scratch=$(mktemp -d "$outdir/.verify-plots.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 1' HUP INT TERM
failed=""; written=""
for name in verify-tsuji verify-viscoelastic verify-convergence verify-mdr-restitution verify-mdr-compaction verify-chung-ooi-12 verify-chung-ooi-3 verify-chung-ooi-48 verify-gas; do
  if [ ! -s "$dir/$name.dat" ] || [ "$(grep -c '^[^#[:space:]]' "$dir/$name.dat")" -eq 0 ]; then
    echo "grandamp: notice: $dir/$name.dat has no data (filtered run?): no $name plot" >&2
    continue
  fi
  if "$gnuplot" -e "dir='$dir/'; out='$scratch/'" "$here/$name.gp" 2>"$scratch/$name.log" \
     && [ -s "$scratch/$name.png" ] && [ -s "$scratch/$name.svg" ]; then
    cat "$scratch/$name.log" >&2   # gnuplot's warnings, if any (silent when all is well)
    mv "$scratch/$name.png" "$outdir/$name.png"
    mv "$scratch/$name.svg" "$outdir/$name.svg"
    written="$written $outdir/$name.png"
  else
    cat "$scratch/$name.log" >&2
    failed="$failed $name"
  fi
done
# One plot per engine the run judged (grandamp_verify --engine): data/verify-engine-NAME.dat.
for f in "$dir"/verify-engine-*.dat; do
  [ -s "$f" ] || continue
  engine=$(basename "$f" .dat); engine=${engine#verify-engine-}
  case "$engine" in *[!a-z0-9_]*) continue ;; esac
  # only an engine of this run: a data file left by an earlier --engine run is not redrawn
  grep -q "\"engine/$engine/" "$dir/verify.csv" 2>/dev/null || continue
  name="verify-engine-$engine"
  if [ "$(grep -c '^[0-9]' "$f")" -gt 0 ] &&
     "$gnuplot" -e "dir='$dir/'; out='$scratch/'; engine='$engine'" "$here/verify-engines.gp" 2>"$scratch/$name.log" \
     && [ -s "$scratch/$name.png" ] && [ -s "$scratch/$name.svg" ]; then
    cat "$scratch/$name.log" >&2
    mv "$scratch/$name.png" "$outdir/$name.png"
    mv "$scratch/$name.svg" "$outdir/$name.svg"
    written="$written $outdir/$name.png"
  elif [ "$(grep -c '^[0-9]' "$f")" -gt 0 ]; then
    cat "$scratch/$name.log" >&2
    failed="$failed $name"
  fi
done
[ -n "$written" ] && echo "grandamp: verification plots written:$written (and .svg)" >&2
[ -z "$failed" ] || die "gnuplot failed for:$failed"
