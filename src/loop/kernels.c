/*
 * kernels.c - the kernel tables: the specialised scalar loop of force_kernel.h for a model, and
 * the vectorised loop of force_simd.h, or none. A damping model indexes its per-pair form's
 * kernels (damping.h); a kernel exists exactly for the combinations model_combo_allowed allows
 * on a normal model whose row has kernels (normal.h, the kernels column).
 *
 * The default is the vector kernels where the build has AVX (SIMD_W = 4, or 8 with AVX-512)
 * and the scalar ones otherwise: on the SSE2 baseline the two-lane body measured slower than
 * the scalar loop with the half list (0.83x, its scalar j-updates and lane extractions outweigh
 * two-lane sqrt/div) and only 1.15x faster with the full list. That choice, and GRANDAMP_SIMD=0
 * or 1 in the environment to force either, are the loop plan's (plan.c, read once at setup):
 * these tables only look kernels up.
 */
#include "force_simd.h"

/* One scalar table slice per normal model with kernels, each its own object (kernel_stamp.c);
 * a missing one fails at link. */
#define SLICE_PTR_VECTOR(N) [NORMAL_##N] = &force_slice_##N,
#define SLICE_PTR_SCALAR(N) [NORMAL_##N] = &force_slice_##N,
#define SLICE_PTR_NONE(N)
#define SLICE_PTR(c, N, id, name, nc, fl, cn, kern) SLICE_PTR_##kern(N)
static const ForceSlice *const SLICES[N_NORMAL] = {NORMAL_MODELS_EX(SLICE_PTR, _)};

ForceKernel force_scalar_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st) {
  if (nm >= N_NORMAL || dm >= N_DAMPING || tm >= N_TANGENTIAL || !combo_valid(nm, dm) || !SLICES[nm]) return NULL;
  return (*SLICES[nm])[damping_form(dm)][tm][st];
}

#define SIMD_SLICE_PTR_VECTOR(N) [NORMAL_##N] = &force_simd_slice_##N,
#define SIMD_SLICE_PTR_SCALAR(N)
#define SIMD_SLICE_PTR_NONE(N)
#define SIMD_SLICE_PTR(c, N, id, name, nc, fl, cn, kern) SIMD_SLICE_PTR_##kern(N)
static const SimdSlice *const SIMD_SLICES[N_NORMAL] = {NORMAL_MODELS_EX(SIMD_SLICE_PTR, _)};
/* A build with GD_NO_MIXED (the sanitized builds, whose compile time they would double) has no
 * mixed kernels: the plan then runs double with a note. */
#ifdef GD_NO_MIXED
#define MIXED_SLICE_PTR_VECTOR(N) [NORMAL_##N] = NULL, /* C11 has no empty initializer */
#else
#define MIXED_SLICE_PTR_VECTOR(N) [NORMAL_##N] = &force_mixed_slice_##N,
#endif
#define MIXED_SLICE_PTR_SCALAR(N)
#define MIXED_SLICE_PTR_NONE(N)
#define MIXED_SLICE_PTR(c, N, id, name, nc, fl, cn, kern) MIXED_SLICE_PTR_##kern(N)
static const SimdSlice *const MIXED_SLICES[N_NORMAL] = {NORMAL_MODELS_EX(MIXED_SLICE_PTR, _)};

ForceKernel force_simd_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st) {
  if (nm >= N_NORMAL || dm >= N_DAMPING || !simd_covered(nm, dm, tm) || !SIMD_SLICES[nm]) return NULL;
  return (*SIMD_SLICES[nm])[damping_form(dm)][tm][st];
}

ForceKernel force_simd_kernel_frictionless(NormalModel nm, DampingModel dm, ForceStrategy st) {
  if (!force_simd_kernel(nm, dm, TANGENTIAL_LINEAR_NOHISTORY, st)) return NULL;
  return (*SIMD_SLICES[nm])[damping_form(dm)][SIMD_FRICTIONLESS][st];
}

ForceKernel force_mixed_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st) {
  if (!mixed_stamped(tm, st) || !force_simd_kernel(nm, dm, tm, st) || !MIXED_SLICES[nm]) return NULL;
  return (*MIXED_SLICES[nm])[damping_form(dm)][tm][st];
}

ForceKernel force_mixed_kernel_frictionless(NormalModel nm, DampingModel dm, ForceStrategy st) {
  if (!force_mixed_kernel(nm, dm, TANGENTIAL_LINEAR_NOHISTORY, st)) return NULL;
  return (*MIXED_SLICES[nm])[damping_form(dm)][SIMD_FRICTIONLESS][st];
}
