#!/bin/sh
# Static throughput of one step of the vector pair loop (one list entry of SIMD_W rows), for
# machines whose counters perf cannot read (VMs) and for CPUs this one is not: force_simd.h is
# copied with LLVM-MCA markers around the step, compiled as the build compiles it for each
# -march given, hertz/material + coeff_restitution, half-reduce, frictionless and mindlin, and
# llvm-mca (Debian's llvm) reports the instructions, the simulated cycles and the block's
# reciprocal throughput per step and per pair. docs/pair-loop.md, What bounds the loop.
# Usage: tools/loop-mca.sh [MARCH ...]   (default: znver2 znver3 skylake-avx512, the -march values
#        GCC 12 and LLVM 14 both know among the machines this project runs on)
set -eu
mca=$(command -v llvm-mca || command -v llvm-mca-14 || true)
[ -n "$mca" ] || { echo "grandamp: error: llvm-mca not found (apt-get install llvm)" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grandamp-mca.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
# the markers: at the top of the step loop's body and after its partner updates
awk '
  /for \(int64_t k = 0; k < kmax; k\+\+\) \{/ { print; print "        __asm volatile(\"# LLVM-MCA-BEGIN step\");"; next }
  /ATOMIC_ADD\(tz\[j\], -c\.tj\[2\]\[l\]\);/ { print; inj = 1; next }
  inj && /^          }$/ { print; next }
  inj && /^        }$/ { print; print "        __asm volatile(\"# LLVM-MCA-END step\");"; inj = 0; next }
  { print }' "$top/src/loop/force_simd.h" >"$tmp/force_simd.h"
[ "$(grep -c 'LLVM-MCA-' "$tmp/force_simd.h")" = 2 ] || { echo "grandamp: error: the step loop of force_simd.h was not found" >&2; exit 1; }
cat >"$tmp/step.c" <<'EOF'
#include "force_simd.h"
void step_kernel(const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *st) {
  simd_rows(NORMAL_HERTZ_MATERIAL, DFORM_RESTITUTION, FRICTIONLESS ? TANGENTIAL_LINEAR_NOHISTORY : TANGENTIAL_MINDLIN,
            FORCE_HALF_REDUCE, FRICTIONLESS, a, t, i0, i1, st);
}
EOF
[ -f "$top/build/build_info.h" ] || { echo "grandamp: error: build first (make): build/build_info.h is missing" >&2; exit 2; }
printf '%-16s %-12s %5s %12s %12s %14s %14s\n' march loop lanes instr/step cycles/step rthroughput cycles/pair
for march in ${*:-znver2 znver3 skylake-avx512}; do
  for fl in 1 0; do
    name=$([ "$fl" = 1 ] && echo frictionless || echo mindlin)
    gcc -std=c11 -O3 -march="$march" -fopenmp -D_POSIX_C_SOURCE=200809L -fno-math-errno -fno-trapping-math \
      -ffp-contract=off -DFRICTIONLESS="$fl" -I"$tmp" -I"$top/src/base" -I"$top/src/models" -I"$top/src/loop" \
      -I"$top/src/sim" -I"$top/build" -S -o "$tmp/step-$march-$fl.s" "$tmp/step.c"
    lanes=$(gcc -march="$march" -dM -E - </dev/null | grep -q '__AVX512F__' && echo 8 || echo 4)
    "$mca" -mcpu="$march" -iterations=200 "$tmp/step-$march-$fl.s" 2>/dev/null |
      awk -v m="$march" -v n="$name" -v w="$lanes" '
        /^Instructions:/ { i = $2 } /^Total Cycles:/ { c = $3 } /^Block RThroughput:/ { b = $3 }
        END { printf "%-16s %-12s %5d %12.0f %12.0f %14.1f %6.1f - %5.1f\n", m, n, w, i / 200, c / 200, b, b / w, c / 200 / w }'
  done
done
