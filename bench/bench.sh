#!/bin/sh
# Runs the benchmark matrix: Google Benchmark JSON to data/bench-<host>-<date>.json, a tidy CSV
# beside it, the same rows inside the installed engines and the comparison, then the plots.
# Every output is written to a temporary name and renamed when complete. Then the report page
# (tools/report.sh: report/index.html).
# Usage: bench/bench.sh GRANDAMP_BENCH GRANDAMP [GRANDAMP_VERIFY]
#        (QUICK, FILTER, ENGINES, ENGINE_REPS from the environment)
set -eu
bin="$1"; grandamp="$2"; verify="${3:-}"
host=$(hostname -s 2>/dev/null || echo host)
stamp=$(date +%Y%m%d-%H%M%S)
base="data/bench-$host-$stamp"
mkdir -p data plots
args=""
[ "${QUICK:-0}" = 1 ] && args="--quick"
[ -n "${FILTER:-}" ] && args="$args --benchmark_filter=$FILTER"
echo "grandamp bench: writing $base.json (progress on stderr)" >&2
# The machine's load before and after the matrix (docs/benchmark.md, "A busy machine"): the
# binary warns at its start and end and writes both readings here; the JSON's context gets the
# after ones too (its context is written before the runs), so that the report and the plots mark
# a busy run.
load="data/load-$host-$stamp.csv"
# A failed or interrupted benchmark leaves no partial JSON behind.
trap 'rm -f "$base.json.tmp" "$base.json.tmp2" "$load.tmp"' EXIT
trap 'exit 1' HUP INT TERM
# shellcheck disable=SC2086
if ! "$bin" $args --load-out="$load.tmp" --benchmark_out="$base.json.tmp" --benchmark_out_format=json; then
  rm -f "$base.json.tmp"
  echo "grandamp: error: the benchmark failed; no result written" >&2
  exit 1
fi
mv "$load.tmp" "$load"
after=$(awk -F, '$1 == "after" { print $2 "\t" $4 "\t" $5 }' "$load")
jq --arg c "$(printf '%s' "$after" | cut -f1)" --arg a "$(printf '%s' "$after" | cut -f2)" --arg b "$(printf '%s' "$after" | cut -f3)" \
  '.context += {load_after_other_cores: $c, load_after_loadavg: $a, load_after_busy: $b}' "$base.json.tmp" >"$base.json.tmp2" &&
  mv "$base.json.tmp2" "$base.json.tmp" || echo "grandamp: warning: the load after the run is not in $base.json (it is in $load)" >&2
mv "$base.json.tmp" "$base.json"
busy=$(awk -F, '$5 == "yes" { printf "%s%.2f of %s cores %s", n++ ? "; " : "", $2, $3, $1 == "before" ? "at the start" : "at the end" }' "$load")
bench/bench_csv.sh "$base.json" "$base.csv"
# the machine every ratio below was measured on
cpu="$(jq -r '"\(.context.cpu_model // "unknown CPU"), \(.context.vector_isa // "unknown vector width")"' "$base.json")"
# The engines (LAMMPS, LIGGGHTS, Yade; `grandamp engines bench`): every model row each engine has,
# on the matrix's own FCC and random packings (written as data files), at 1 and nproc ranks, the
# engine's own pair time. ENGINES names the engines to run (each must be installed); without it
# none runs, and the run says so.
engines="data/engines-$host-$stamp.csv"
compare="data/compare-$host-$stamp.csv"
rows="data/.model-rows-$$"
trap 'rm -f "$base.json.tmp" "$rows" "$compare.tmp"' EXIT
"$bin" --model-rows >"$rows"
quick=""
[ "${QUICK:-0}" = 1 ] && quick="--quick"
steps=10
[ "${QUICK:-0}" = 1 ] && steps=20
engines_rc=0
if [ -z "${ENGINES:-}" ]; then
  # Only the engines ENGINES names run (each adds minutes: docs/benchmark.md): said, not silent.
  echo "grandamp bench: no engine timed (ENGINES=\"lammps liggghts yade\" adds them: about 13 min more for the full matrix, 1-2 min with QUICK=1)" >&2
  engines=""
else
  # shellcheck disable=SC2086
  packings=$("$bin" --engine-packings $quick) || { echo "grandamp: error: could not write the packings for the engines" >&2; exit 1; }
  engine_list="--engines $(echo "$ENGINES" | tr -s ' ' ',')"
  # shellcheck disable=SC2086
  "$grandamp" engines bench --rows "$rows" --packings "$packings" --steps "$steps" $engine_list \
    --reps "${ENGINE_REPS:-1}" --out "$engines" || engines_rc=$?
fi
if [ "$engines_rc" = 2 ]; then exit 2; fi   # an engine ENGINES names is missing: nothing timed
[ "$engines_rc" = 0 ] || echo "grandamp: warning: some engine runs failed (FAIL rows in $engines)" >&2
[ -f "$engines" ] || engines=""
# grandamp / engine per row: the model rows (half-reduce) against each engine's PASS runs, same
# packing, model and thread count as ranks.
if [ -n "$engines" ]; then
  awk -F, '
    FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    function v(n) { return $(c[FILENAME, n]) }
    # the engine run measured on a busy machine (yes, no, unknown; empty from an older CSV)
    function busy() { return ((FILENAME, "busy") in c) ? v("busy") : "" }
    { k = v("packing") "," v("normal") "," v("damping") "," v("tangential") }
    FILENAME == ARGV[1] && v("family") == "model" && v("strategy") == "half-reduce" && v("aggregate") == "median" {
      g[k, v("threads")] = v("contacts_per_s"); next }
    FILENAME == ARGV[2] && v("status") == "PASS" {
      t = v("ranks")
      if (!((k, t) in g)) next
      # a ratio of two positive, finite rates only: no inf or nan reaches the tables
      e = v("contacts_per_s") + 0; gr = g[k, t] + 0
      if (!(e > 0 && e < 1e300 && gr > 0 && gr < 1e300)) next
      if (!hdr++) print "engine,engine_version,packing,n,normal,damping,tangential,ranks,grandamp_threads,grandamp_contacts_per_s,engine_contacts_per_s,ratio,engine_busy"
      printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.4g,%s\n", v("engine"), v("engine_version"), v("packing"), v("n"), v("normal"),
        v("damping"), v("tangential"), t, t, g[k, t], v("contacts_per_s"), g[k, t] / v("contacts_per_s"), busy()
    }' "$base.csv" "$engines" >"$compare.tmp"
  if [ -s "$compare.tmp" ]; then
    mv "$compare.tmp" "$compare"
    CPU="$cpu" bench/compare_md.sh "$compare" >"${compare%.csv}.md.tmp" && mv "${compare%.csv}.md.tmp" "${compare%.csv}.md"
    # the README's table: the FCC packing (the random one is in the .md above)
    CPU="$cpu" bench/compare_md.sh "$compare" fcc >"${compare%.csv}-fcc.md.tmp" && mv "${compare%.csv}-fcc.md.tmp" "${compare%.csv}-fcc.md"
    echo "grandamp bench: grandamp / engine per model row, pair time ($compare; $cpu):" >&2
    awk -F, 'NR > 1 { printf "  %-9s %-7s %-45s %2s rank(s): %8.2f M vs %8.2f M contacts/s  %6.2fx\n", $1, $3, $5 "/" $6 "/" $7, $8, $10 / 1e6, $11 / 1e6, $12 }' "$compare" >&2
  fi
fi
[ -f "$compare" ] || compare=""
# The whole step (integration, list builds, forces: the step family) against each engine's Loop
# time, in atom-steps/s: the dense packings from the runs above, and the cooling gas of the step
# family stepped inside each engine here (its data file with velocities, its step and skin).
stepcmp="data/step-compare-$host-$stamp.csv"
if [ -n "$engines" ]; then
  step_engines="data/step-engines-$host-$stamp.csv"
  steprows="data/.step-rows-$$"; gasinfo="data/.gas-$$"
  trap 'rm -f "$base.json.tmp" "$rows" "$compare.tmp" "$steprows" "$gasinfo" "$stepcmp.tmp" "${stepcmp%.csv}.md.tmp"' EXIT
  gas_steps=3000
  [ "${QUICK:-0}" = 1 ] && gas_steps=500
  if "$bin" --step-rows >"$steprows" && "$bin" --engine-gas $quick >"$gasinfo"; then
    # shellcheck disable=SC2046,SC2086
    "$grandamp" engines bench --rows "$steprows" --packings "$(sed -n 1p "$gasinfo")" $(sed -n 2p "$gasinfo") \
      --steps "$gas_steps" $engine_list --reps "${ENGINE_REPS:-1}" --out "$step_engines" ||
      echo "grandamp: warning: some engine gas runs failed (FAIL rows in $step_engines)" >&2
  else
    echo "grandamp: warning: could not write the gas for the engines; no whole-step comparison on it" >&2
  fi
  [ -f "$step_engines" ] || step_engines=""
  awk -F, '
    FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    function v(n) { return $(c[FILENAME, n]) }
    # the engine run measured on a busy machine (yes, no, unknown; empty from an older CSV)
    function busy() { return ((FILENAME, "busy") in c) ? v("busy") : "" }
    { k = v("packing") "," v("normal") "," v("damping") "," v("tangential") }
    FILENAME == ARGV[1] && v("family") == "step" && v("aggregate") == "median" { g[k, v("threads")] = v("atom_steps_per_s"); next }
    FILENAME != ARGV[1] && v("status") == "PASS" && v("loop_time_s") > 0 {
      t = v("ranks")
      if (!((k, t) in g)) next
      # a ratio of two positive, finite rates only: no inf or nan reaches the tables
      e = v("contacts_per_s") + 0; gr = g[k, t] + 0
      if (!(e > 0 && e < 1e300 && gr > 0 && gr < 1e300)) next
      e = v("n") * v("steps") / v("loop_time_s")
      if (!hdr++) print "engine,engine_version,packing,n,normal,damping,tangential,ranks,grandamp_threads,grandamp_atom_steps_per_s,engine_atom_steps_per_s,ratio,engine_busy"
      printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.6g,%.4g,%s\n", v("engine"), v("engine_version"), v("packing"), v("n"), v("normal"),
        v("damping"), v("tangential"), t, t, g[k, t], e, g[k, t] / e, busy()
    }' "$base.csv" "$engines" $step_engines >"$stepcmp.tmp"
  if [ -s "$stepcmp.tmp" ]; then
    mv "$stepcmp.tmp" "$stepcmp"
    CPU="$cpu" ONE_TABLE=1 bench/compare_md.sh "$stepcmp" >"${stepcmp%.csv}.md.tmp" && mv "${stepcmp%.csv}.md.tmp" "${stepcmp%.csv}.md"
    echo "grandamp bench: the whole step, grandamp / engine Loop time ($stepcmp; $cpu):" >&2
    awk -F, 'NR > 1 { printf "  %-9s %-7s %-45s %2s rank(s): %8.3g vs %8.3g M atom-steps/s  %6.2fx\n", $1, $3, $5 "/" $6 "/" $7, $8, $10 / 1e6, $11 / 1e6, $12 }' "$stepcmp" >&2
  fi
fi
[ -f "$stepcmp" ] || stepcmp=""
# Mixed precision against double: the precision family's pairs/s beside what each costs in
# accuracy, the worst |e - e_expected| of the verifier's head-on restitution rows of the model
# (the matrix: names beginning restitution/; QUICK=1 its quick subset), run in double and in
# mixed (GRANDAMP_VERIFY given). One row per model and tangential model.
prec="data/precision-$host-$stamp.csv"
if [ -n "$verify" ] && grep -q '^precision,' "$base.csv"; then
  vdir=$(mktemp -d "data/.verify-precision.XXXXXX")
  trap 'rm -rf "$vdir"; rm -f "$base.json.tmp" "$rows" "$compare.tmp" "$prec.tmp" "${prec%.csv}.md.tmp"' EXIT
  for pr in double mixed; do
    mkdir -p "$vdir/$pr"
    # shellcheck disable=SC2086
    "$verify" $quick --filter '^restitution/' --precision "$pr" --data "$vdir/$pr" >"$vdir/$pr.log" 2>&1 ||
      echo "grandamp: warning: the verifier's restitution rows in $pr precision did not all pass ($vdir/$pr/verify.csv)" >&2
  done
  awk -F, '
    FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    function v(n) { x = $(c[FILENAME, n]); gsub(/"/, "", x); return x }
    FILENAME == ARGV[1] {
      if (v("family") != "precision" || v("aggregate") != "median") next
      k = v("normal") "," v("damping"); t = v("tangential")
      if (!((k, t) in seen)) { seen[k, t] = 1; keys[++n] = k "," t }
      speed[k, t, v("strategy")] = v("pairs_per_s"); next
    }
    {
      pr = (FILENAME == ARGV[2]) ? "double" : "mixed"
      split(v("name"), f, "/")
      if (f[1] != "restitution" || v("name") !~ /\/e$/ || v("status") == "SKIP") next
      k = f[2] "," f[3]; d = v("abs_diff") + 0
      rows[k, pr]++
      if (v("status") == "FAIL") failed[k, pr]++
      if (d > worst[k, pr]) worst[k, pr] = d
    }
    END {
      print "normal,damping,tangential,double_pairs_per_s,mixed_pairs_per_s,speedup,e_rows,double_worst_e_error,mixed_worst_e_error,double_failed,mixed_failed"
      for (q = 1; q <= n; q++) {
        split(keys[q], a, ","); k = a[1] "," a[2]; t = a[3]
        if (!((k, t, "mixed") in speed) || !((k, "double") in rows)) continue
        printf "%s,%s,%s,%s,%s,%.4g,%d,%.6g,%.6g,%d,%d\n", a[1], a[2], t, speed[k, t, "double"], speed[k, t, "mixed"],
          speed[k, t, "mixed"] / speed[k, t, "double"], rows[k, "double"], worst[k, "double"], worst[k, "mixed"],
          failed[k, "double"], failed[k, "mixed"]
      }
    }' "$base.csv" "$vdir/double/verify.csv" "$vdir/mixed/verify.csv" >"$prec.tmp"
  rm -rf "$vdir"
  if [ "$(wc -l <"$prec.tmp")" -gt 1 ]; then
    mv "$prec.tmp" "$prec"
    echo "grandamp bench: mixed against double precision, 1 thread ($prec; $cpu):" >&2
    awk -F, 'NR > 1 { printf "  %-32s %-9s %7.1f -> %7.1f M pairs/s  %5.2fx   worst |e - e_exp| %.2g -> %.2g (%d rows, %d failed)\n",
      $1 "/" $2, $3, $4 / 1e6, $5 / 1e6, $6, $8, $9, $7, $11 }' "$prec" >&2
    "${GNUPLOT:-gnuplot}" -e "prec='$prec'; out='plots/'; cpu='$cpu'" plots/precision.gp ||
      echo "grandamp: warning: plots/precision.gp failed" >&2
  else
    rm -f "$prec.tmp"
  fi
fi
[ -f "$prec" ] || prec=""
plots/all.sh "$base.csv" "$compare" plots/
[ -f "$compare" ] || compare=""
[ -z "$busy" ] || echo "grandamp bench: warning: this run was measured on a busy machine (other work kept busy $busy; $load): its rates are not comparable with a quiet run's" >&2
echo "grandamp bench: results in $base.json, $base.csv${engines:+, $engines}${compare:+, $compare}${stepcmp:+, $stepcmp}${prec:+, $prec}; plots in plots/ (measured on $cpu)" >&2
tools/report.sh || echo "grandamp: warning: the report page was not written" >&2
