#!/bin/sh
# The LAMMPS comparison: runs bench/in.fcc-bench (hertz/material + tsuji on the
# compressed FCC packing) with tangential linear_nohistory and mindlin, on 1 MPI rank and on
# nproc ranks (when mpirun works), and writes the pair evaluations per second,
# 6 * N * steps / (Pair avg time of the MPI task timing breakdown), N = 4 * N_CELLS^3.
# Usage: [LAMMPS_REPS=3] bench/lammps.sh OUT.csv [N_CELLS (40)] [STEPS (50)]
# Each configuration runs LAMMPS_REPS times; pair_time_s is the median Pair time.
# Optionally also every model row of the matrix on nproc ranks (LAMMPS_MODELS_IN/OUT, below).
# Output CSV: tangential,ranks,n,steps,pair_time_s,pairs_per_s  (n = number of spheres, as
# in the n:<N> of the grandamp benchmark names). Skips (exit 0, nothing written) without lmp.
set -eu

die() { echo "grandamp: error: $*" >&2; exit 1; }

if [ $# -lt 1 ] || [ $# -gt 3 ]; then die "usage: bench/lammps.sh OUT.csv [N_CELLS] [STEPS]"; fi
out="$1"; cells="${2:-40}"; steps="${3:-50}"; reps="${LAMMPS_REPS:-3}"
case "$reps" in '' | *[!0-9]* | 0) die "LAMMPS_REPS must be a positive integer, got '$reps'" ;; esac
case "$cells" in '' | *[!0-9]* | 0) die "N_CELLS must be a positive integer, got '$cells'" ;; esac
case "$steps" in '' | *[!0-9]* | 0) die "STEPS must be a positive integer, got '$steps'" ;; esac

if ! command -v lmp >/dev/null 2>&1; then
  echo "grandamp: notice: lmp not found; skipping the LAMMPS comparison (apt-get install lammps)" >&2
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
deck="$root/bench/in.fcc-bench"
[ -r "$deck" ] || die "$deck: LAMMPS deck not found"
deck=$(cd "$(dirname "$deck")" && pwd)/$(basename "$deck")
case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac

nproc=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
atoms=$((4 * cells * cells * cells))
normal="hertz/material 1e6 0.5 0.3"
damp="tsuji"

work=$(mktemp -d "${TMPDIR:-/tmp}/grandamp-lammps.XXXXXX")
tmp="$out.tmp"
trap 'rm -rf "$work"; rm -f "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# run_lmp RANKS TANG LOG: one LAMMPS run from the scratch directory (log.lammps stays there).
# RANKS = 1 runs lmp directly; otherwise through mpirun ($mpi holds the working launcher).
run_lmp() {
  if [ "$1" -eq 1 ]; then
    (cd "$work" && OMP_NUM_THREADS=1 lmp -log none -in "$deck" -var n "$cells" -var steps "$steps" \
      -var normal "$normal" -var damp "$damp" -var tang "$2") >"$3" 2>&1
  else
    # shellcheck disable=SC2086
    (cd "$work" && OMP_NUM_THREADS=1 $mpi -np "$1" lmp -log none -in "$deck" -var n "$cells" \
      -var steps "$steps" -var normal "$normal" -var damp "$damp" -var tang "$2") >"$3" 2>&1
  fi
}

# parse LOG RANKS: prints "pair_time_s" after checking the run really had RANKS ranks, STEPS
# steps and N atoms; fails otherwise.
parse() {
  awk -v ranks="$2" -v steps="$steps" -v atoms="$atoms" '
    /^Loop time of / { procs = $6; nsteps = $9; natoms = $12 }
    /^Pair +\|/ { split($0, f, "|"); pair = f[3] + 0; havepair = 1 }
    END {
      if (procs == "") { print "no \"Loop time\" line in the LAMMPS output" > "/dev/stderr"; exit 1 }
      if (procs != ranks) { printf "LAMMPS ran on %s procs, not %s\n", procs, ranks > "/dev/stderr"; exit 1 }
      if (nsteps != steps || natoms != atoms) {
        printf "LAMMPS ran %s steps with %s atoms, expected %s and %s\n", nsteps, natoms, steps, atoms > "/dev/stderr"; exit 1 }
      if (!havepair || pair <= 0) { print "no positive Pair time in the timing breakdown" > "/dev/stderr"; exit 1 }
      printf "%.9g\n", pair
    }' "$1"
}

# more_runs N RANKS TANG LOG WHAT: N more LAMMPS runs, their Pair times (space-separated).
# stdin is /dev/null: mpirun would otherwise eat the model rows the caller is reading.
more_runs() {
  mr_i=0 mr_times=""
  while [ "$mr_i" -lt "$1" ]; do
    mr_i=$((mr_i + 1))
    run_lmp "$2" "$3" "$4" </dev/null || { tail -n 5 "$4" >&2; die "lmp failed for $5 (run $mr_i)"; }
    mr_times="$mr_times $(parse "$4" "$2")" || die "$5 (run $mr_i): unreadable LAMMPS output"
  done
  echo "${mr_times# }"
}

# median T...: the median of the numbers given.
median() {
  printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
}

# pair_rate T: pair evaluations per second for a Pair time T, 6 N steps / T.
pair_rate() { awk -v a="$atoms" -v s="$steps" -v t="$1" 'BEGIN { printf "%.6g", 6 * a * s / t }'; }

# Contacts at the last thermo step (c_ncsum); every sphere of the packing has 12.
contacts() {
  awk '/^ *Step /{t=1; next} /^Loop time/{t=0} t && NF >= 4 && $1 ~ /^[0-9]+$/ {c = $4} END {print c}' "$1"
}

mpi=""
if [ "$nproc" -gt 1 ]; then
  if command -v mpirun >/dev/null 2>&1; then
    mpi="mpirun --allow-run-as-root --oversubscribe"
  else
    echo "grandamp: notice: mpirun not found; LAMMPS on 1 MPI rank only" >&2
  fi
fi
rank_list="1"
[ -n "$mpi" ] && rank_list="1 $nproc"
total=2; [ -n "$mpi" ] && total=4

printf 'tangential,ranks,n,steps,pair_time_s,pairs_per_s\n' >"$tmp"
k=0
multi_done=0
for tname in nohistory mindlin; do
  case "$tname" in
    nohistory) tang="linear_nohistory 0 0" ;;
    mindlin) tang="mindlin NULL 1.0 0.4" ;;
  esac
  for ranks in $rank_list; do
    if [ "$ranks" -gt 1 ] && [ -z "$mpi" ]; then continue; fi
    k=$((k + 1))
    log="$work/$tname-$ranks.out"
    ok=1
    run_lmp "$ranks" "$tang" "$log" || ok=0
    if [ "$ok" = 1 ]; then pt=$(parse "$log" "$ranks" 2>"$work/parse.err") || ok=0; fi
    if [ "$ok" = 0 ] && [ "$ranks" -gt 1 ] && [ "$mpi" = "mpirun --allow-run-as-root --oversubscribe" ]; then
      mpi="mpirun"   # not Open MPI, or its options refused: try the plain launcher once
      ok=1
      run_lmp "$ranks" "$tang" "$log" || ok=0
      if [ "$ok" = 1 ]; then pt=$(parse "$log" "$ranks" 2>"$work/parse.err") || ok=0; fi
    fi
    if [ "$ok" = 0 ]; then
      if [ "$ranks" -gt 1 ]; then
        echo "grandamp: notice: mpirun -np $ranks lmp failed ($(cat "$work/parse.err" 2>/dev/null; tail -n 2 "$log" | tr '\n' ' ')); LAMMPS on 1 MPI rank only" >&2
        mpi=""
        k=$((k - 1))
        total=$((2 + multi_done))
        continue
      fi
      echo "grandamp: error: lmp failed for tangential $tname (last lines of its output below)" >&2
      cat "$work/parse.err" >&2 2>/dev/null || true
      tail -n 15 "$log" >&2
      exit 1
    fi
    # The median Pair time of REPS runs (LAMMPS alone varies by up to 30 % run to run here).
    times="$pt $(more_runs $((reps - 1)) "$ranks" "$tang" "$log" "tangential $tname, $ranks rank(s)")" || exit 1
    # shellcheck disable=SC2086
    pt=$(median $times)
    nc=$(contacts "$log")
    if [ -n "$nc" ] && [ "$nc" != $((12 * atoms)) ]; then
      echo "grandamp: warning: LAMMPS reports $nc contacts at the last step, not 12 N = $((12 * atoms))" >&2
    fi
    rate=$(pair_rate "$pt")
    echo "grandamp lammps: [$k/$total] tangential $tname, $ranks rank(s), $atoms spheres, $steps steps: Pair $pt s (median of $reps: $times), $rate pairs/s" >&2
    printf '%s,%s,%s,%s,%s,%s\n' "$tname" "$ranks" "$atoms" "$steps" "$pt" "$rate" >>"$tmp"
    if [ "$ranks" -gt 1 ]; then multi_done=$((multi_done + 1)); fi
  done
done
mv "$tmp" "$out"
echo "grandamp: wrote $out" >&2

# Per-model comparison (LAMMPS_MODELS_IN=ROWS LAMMPS_MODELS_OUT=CSV): every model row of the
# benchmark matrix (grandamp_bench --lammps-rows: normal,damping,tangential,pair_coeff text) on
# nproc ranks (1 without a working mpirun), LAMMPS_MODEL_REPS runs each (default 1), median.
# Debian's LAMMPS 29Sep2021 has no coeff_restitution (skipped with a notice); its tsuji is the
# legacy formula, which costs the same as grandamp's tsuji (the sqrt 2 is one constant), so
# tsuji and tsuji/legacy both run as its tsuji.
[ -n "${LAMMPS_MODELS_IN:-}" ] || exit 0
[ -n "${LAMMPS_MODELS_OUT:-}" ] || die "LAMMPS_MODELS_IN needs LAMMPS_MODELS_OUT"
[ -r "$LAMMPS_MODELS_IN" ] || die "$LAMMPS_MODELS_IN: cannot read the model rows"
mreps="${LAMMPS_MODEL_REPS:-1}"
case "$mreps" in '' | *[!0-9]* | 0) die "LAMMPS_MODEL_REPS must be a positive integer, got '$mreps'" ;; esac
mranks=1
[ -n "$mpi" ] && mranks="$nproc"
mout="$LAMMPS_MODELS_OUT"
case "$mout" in /*) ;; *) mout="$(pwd)/$mout" ;; esac
tmp="$mout.tmp"
printf 'normal,damping,tangential,ranks,n,steps,pair_time_s,pairs_per_s\n' >"$tmp"
mtotal=$(wc -l <"$LAMMPS_MODELS_IN")
k=0
while IFS=, read -r mnormal mdamp mtang text; do
  k=$((k + 1))
  normal="${text%% tangential *}"
  rest="${text#* tangential }"
  tang="${rest%% damping *}"
  damp="${rest##* damping }"
  case "$damp" in
    coeff_restitution) echo "grandamp lammps: [$k/$mtotal] $mnormal/$mdamp/$mtang: skipped (LAMMPS 29Sep2021 has no coeff_restitution)" >&2; continue ;;
    tsuji/legacy) damp=tsuji ;;
  esac
  log="$work/model-$k.out"
  times=$(more_runs "$mreps" "$mranks" "$tang" "$log" "$mnormal/$mdamp/$mtang") || exit 1
  # shellcheck disable=SC2086
  pt=$(median $times)
  rate=$(pair_rate "$pt")
  echo "grandamp lammps: [$k/$mtotal] $mnormal/$mdamp/$mtang, $mranks rank(s): Pair $pt s, $rate pairs/s" >&2
  printf '%s,%s,%s,%s,%s,%s,%s,%s\n' "$mnormal" "$mdamp" "$mtang" "$mranks" "$atoms" "$steps" "$pt" "$rate" >>"$tmp"
done <"$LAMMPS_MODELS_IN"
mv "$tmp" "$mout"
echo "grandamp: wrote $mout" >&2
