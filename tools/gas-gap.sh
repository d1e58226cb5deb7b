#!/bin/sh
# The gas's gap to kinetic theory against contact duration and density: hooke + velocity at
# e = 0.8 (closed form: linear spring-dashpot, verification.md §1.1), N = 8000, sigma = m = T0 = 1,
# run for one Haff time tau0 (no Sonine factor; T/T0 = 1/4 there), dt = t_c/40, skin 0.3.
# Prints: phi k t_c/tau_free and T(tau0)/T_Haff(tau0) - 1 for each seed, their mean and its
# standard error, one line per point.
# Usage: tools/gas-gap.sh [GRANDAMP] [N] [SEEDS]     (about 4 minutes per seed on 2 cores)
set -eu
bin=${1:-build/grandamp}; n=${2:-8000}; seeds=${3:-3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "phi k tc_over_tau_free gaps mean stderr"
for point in "0.1 2e4" "0.1 1e5" "0.1 5e5" "0.05 1e5" "0.025 1e5"; do
  set -- $point; phi=$1; k=$2; gaps=""
  for seed in $(seq 1 "$seeds"); do
  "$bin" packing --type gas --n "$n" --phi "$phi" --radius 0.5 --density 1.909859317102744 --seed "$seed" \
    --out "$tmp/gas.data" 2>/dev/null
  # e = 0.8: zeta = -ln e / sqrt(pi^2 + ln^2 e), eta = 2 zeta sqrt(k meff), meff = 1/2
  set -- $(awk -v k="$k" -v phi="$phi" 'BEGIN { pi = atan2(0, -1); l = log(0.8); z = -l / sqrt(pi * pi + l * l);
    eta = 2 * z * sqrt(k * 0.5); tc = pi / (sqrt(k / 0.5) * sqrt(1 - z * z));
    n = 6 * phi / pi; chi = (1 - phi / 2) / (1 - phi) ^ 3; w = 4 * sqrt(pi) * n * chi;
    tau = 6 / (w * (1 - 0.64)); dt = tc / 40; steps = int(tau / dt + 0.5);
    printf "%.17g %.17g %d %.17g %.17g\n", eta, dt, steps, tc * w, steps * dt / tau }')
  eta=$1; dt=$2; steps=$3; ratio=$4; frac=$5
  T=$("$bin" run --packing "$tmp/gas.data" --model "hooke $k $eta tangential linear_nohistory 0 0 damping velocity" \
      --steps "$steps" --dt "$dt" --skin 0.3 --every "$steps" | sed -n 's/.*"temperature": \[[^,]*, \([^]]*\)\].*/\1/p')
  gaps="$gaps $(awk -v T="$T" -v f="$frac" 'BEGIN { printf "%+.4f", T * (1 + f) ^ 2 - 1 }')"
  done
  echo "$phi $k $ratio$gaps" | awk '{ s = 0; q = 0; for (i = 4; i <= NF; i++) { s += $i; q += $i * $i }
    m = s / (NF - 3); sd = NF > 4 ? sqrt((q - (NF - 3) * m * m) / (NF - 4)) / sqrt(NF - 3) : 0
    printf "%s %+.4f %.4f\n", $0, m, sd }'
done
