/*
 * lanes.h - lane arithmetic for the vector pair loops: SIMD_W doubles per vector (GCC vector
 * types at the build's native width), lane masks, selects, square roots, min and max as
 * common.h writes them, and the few reductions the loops need. No physics and no memory
 * layout: the lane-wise contact is in src/models/contact_lanes.h, the gathers and scatters in
 * src/loop/force_simd.h.
 */
#ifndef GD_LANES_H
#define GD_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "common.h"

#if defined(__AVX512F__)
#define SIMD_W 8
#elif defined(__AVX__)
#define SIMD_W 4
#else
#define SIMD_W 2
#endif

/* Vectors of SIMD_W doubles and the matching lane masks (all ones or all zeros per lane). A
 * 32-byte vector without AVX would change the ABI of a non-inline function (-Wpsabi); these
 * types never cross one, and SIMD_W keeps them at the native width anyway. */
typedef double SimdD __attribute__((vector_size(8 * SIMD_W)));
typedef int64_t SimdM __attribute__((vector_size(8 * SIMD_W)));

GD_INLINE SimdD simd_splat(double x) {
  return (SimdD){0} + x;
}
GD_INLINE SimdD simd_sel(SimdM m, SimdD a, SimdD b) { return (SimdD)(((SimdM)a & m) | ((SimdM)b & ~m)); }
GD_INLINE SimdD simd_sqrt(SimdD v) {
  SimdD r = {0};
  for (int l = 0; l < SIMD_W; l++) r[l] = __builtin_sqrt(v[l]);
  return r;
}
/* gd_max / gd_min of common.h and fabs, lane-wise. (v)maxpd and (v)minpd are exactly a > b ? a : b
 * and a < b ? a : b, zeros and NaN included (b when the test fails), in one instruction instead
 * of a compare and a blend. */
#if defined(__AVX512F__) && SIMD_W == 8
#include <immintrin.h>
GD_INLINE SimdD simd_max(SimdD a, SimdD b) { return (SimdD)_mm512_max_pd((__m512d)a, (__m512d)b); }
GD_INLINE SimdD simd_min(SimdD a, SimdD b) { return (SimdD)_mm512_min_pd((__m512d)a, (__m512d)b); }
#elif defined(__AVX__) && SIMD_W == 4
#include <immintrin.h>
GD_INLINE SimdD simd_max(SimdD a, SimdD b) { return (SimdD)_mm256_max_pd((__m256d)a, (__m256d)b); }
GD_INLINE SimdD simd_min(SimdD a, SimdD b) { return (SimdD)_mm256_min_pd((__m256d)a, (__m256d)b); }
#else
GD_INLINE SimdD simd_max(SimdD a, SimdD b) { return simd_sel(a > b, a, b); }
GD_INLINE SimdD simd_min(SimdD a, SimdD b) { return simd_sel(a < b, a, b); }
#endif
/* Whether any lane of m is set. */
GD_INLINE bool simd_any(SimdM m) {
#if defined(__AVX__) && SIMD_W == 4
  return !_mm256_testz_si256((__m256i)m, (__m256i)m);
#else
  int64_t any = 0;
  for (int l = 0; l < SIMD_W; l++) any |= m[l];
  return any != 0;
#endif
}
GD_INLINE SimdD simd_abs(SimdD a) { return (SimdD)((SimdM)a & INT64_MAX); }
GD_INLINE double simd_hmax(SimdD v) {
  double m = v[0];
  for (int l = 1; l < SIMD_W; l++) m = gd_max(m, v[l]);
  return m;
}
#endif
