#!/bin/sh
# Where the homogeneous cooling state ends: the same gas (hooke + velocity at e = 0.8, phi = 0.1,
# sigma = m = T0 = 1, soft contacts k_n = 2000, dt = t_c/20, skin 0.3) in three boxes, below and
# above the clustering instability's critical size L_c = 2 pi sqrt(2 nu / zeta) = 20.7 (verify/
# oracle/gas_theory.c, gas_shear_length: 1000 spheres, L = 17.4; 8000, L = 34.7; 64000, L = 69.5),
# each run to 30 Haff times. Prints, per box, t/tau0 and T/T_Haff (Haff's law without the Sonine
# factor), one block per box, for plots/gas-cluster.gp. Below L_c the gas follows Haff; above, the
# shear modes beyond L_c grow against the temperature (vortices, then clusters) and T leaves it.
# Usage: tools/gas-cluster.sh [GRANDAMP] > data/reference/gas-cluster.dat   (about 5 minutes on 2 cores)
set -eu
bin=${1:-build/grandamp}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
k=2000; phi=0.1
# e = 0.8: zeta = -ln e / sqrt(pi^2 + ln^2 e), eta = 2 zeta sqrt(k meff), meff = 1/2; Haff's tau0
# with Enskog's omega and Carnahan-Starling's chi
set -- $(awk -v k="$k" -v phi="$phi" 'BEGIN { pi = atan2(0, -1); l = log(0.8); z = -l / sqrt(pi * pi + l * l);
  eta = 2 * z * sqrt(k * 0.5); tc = pi / (sqrt(k / 0.5) * sqrt(1 - z * z));
  n = 6 * phi / pi; chi = (1 - phi / 2) / (1 - phi) ^ 3; w = 4 * sqrt(pi) * n * chi;
  tau = 6 / (w * (1 - 0.64)); dt = tc / 20; steps = int(30 * tau / dt / 120 + 0.5) * 120;
  printf "%.17g %.17g %.17g %d\n", eta, dt, tau, steps }')
eta=$1; dt=$2; tau=$3; steps=$4
echo "# the cooling gas below and above the clustering size (tools/gas-cluster.sh): t/tau0 T/T_Haff; blocks by box"
echo "# hooke k $k + velocity, e = 0.8, phi $phi, dt $dt, tau0 $tau, L_c = 20.7"
for n in 1000 8000 64000; do
  "$bin" packing --type gas --n "$n" --phi "$phi" --radius 0.5 --density 1.909859317102744 --seed 1 \
    --out "$tmp/gas.data" 2>/dev/null
  "$bin" run --packing "$tmp/gas.data" --model "hooke $k $eta tangential linear_nohistory 0 0 damping velocity" \
    --steps "$steps" --dt "$dt" --skin 0.3 --every $((steps / 120)) --series "$tmp/series.csv" >/dev/null
  L=$(awk -v n="$n" -v phi="$phi" 'BEGIN { printf "%.1f", (n * atan2(0, -1) / 6 / phi) ^ (1 / 3) }')
  printf '\n\n"%s spheres, L = %s"\n' "$n" "$L"
  awk -F, -v tau="$tau" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { t = $c["time"] / tau; printf "%.6g %.6g\n", t, $c["temperature"] * (1 + t) ^ 2 }' "$tmp/series.csv"
done
