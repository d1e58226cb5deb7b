/*
 * force_simd.c - picks the vectorised pair loop of force_simd.h for a model, or none.
 *
 * GRANDAMP_SIMD=0 in the environment selects the scalar kernels everywhere (read on every
 * force pass, so a test or a benchmark can switch between the two in one process).
 */
#include "force_simd.h"

#include <stdlib.h>
#include <string.h>

static const SimdSlice *const SIMD_SLICES[N_NORMAL] = {
    [NORMAL_HOOKE] = &force_simd_slice_HOOKE,
    [NORMAL_HERTZ] = &force_simd_slice_HERTZ,
    [NORMAL_HERTZ_MATERIAL] = &force_simd_slice_HERTZ_MATERIAL,
    [NORMAL_DMT] = &force_simd_slice_DMT,
};

ForceKernel force_simd_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st) {
  const char *env = getenv("GRANDAMP_SIMD");
  if (env && strcmp(env, "0") == 0) return NULL;
  if (nm >= N_NORMAL || dm >= N_DAMPING || !simd_covered(nm, dm, tm) || !SIMD_SLICES[nm]) return NULL;
  return (*SIMD_SLICES[nm])[dm][st];
}
