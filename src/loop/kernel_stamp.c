/* kernel_stamp.c - one normal model's stamped pair loops. The build compiles this file once per
 * normal model and kind (Makefile: KERNEL_NORMALS, SIMD_NORMALS) with -DGD_STAMP_NORMAL=<ID>
 * (an id of NORMAL_MODELS) and -DGD_STAMP_SIMD=0 (scalar, force_kernel.h), 1 (vector,
 * force_simd.h) or 2 (vector, mixed precision), into kernels_<normal>.o, kernels_simd_<normal>.o
 * and kernels_mixed_<normal>.o. */
#if GD_STAMP_SIMD == 2
#define GD_STAMP_MIXED 1
#endif
#include "force_simd.h"

#ifndef GD_STAMP_NORMAL
#error "kernel_stamp.c is compiled by the Makefile with -DGD_STAMP_NORMAL=<normal model id>"
#endif

/* Expands GD_STAMP_NORMAL to the id before the definer pastes it into names. */
#define GD_STAMP_WITH(define, normal) define(normal)
#if GD_STAMP_SIMD == 2
GD_STAMP_WITH(FORCE_MIXED_DEFINE_NORMAL, GD_STAMP_NORMAL)
#elif GD_STAMP_SIMD
GD_STAMP_WITH(FORCE_SIMD_DEFINE_NORMAL, GD_STAMP_NORMAL)
#else
GD_STAMP_WITH(FORCE_DEFINE_NORMAL, GD_STAMP_NORMAL)
#endif
