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
#if defined(__AVX512F__) && SIMD_W == 8
  return _mm512_test_epi64_mask((__m512i)m, (__m512i)m) != 0;
#elif defined(__AVX__) && SIMD_W == 4
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

/* ---- single precision, for the mixed-precision loop: twice the lanes in the same width ------ */

#define SIMDF_W (2 * SIMD_W)
typedef float SimdF __attribute__((vector_size(8 * SIMD_W)));
typedef int32_t SimdMF __attribute__((vector_size(8 * SIMD_W)));
typedef float SimdFHalf __attribute__((vector_size(4 * SIMD_W)));  /* SIMD_W floats */
typedef int32_t SimdMHalf __attribute__((vector_size(4 * SIMD_W))); /* SIMD_W lane masks */

GD_INLINE SimdF simdf_splat(float x) { return (SimdF){0} + x; }
GD_INLINE SimdF simdf_sel(SimdMF m, SimdF a, SimdF b) { return (SimdF)(((SimdMF)a & m) | ((SimdMF)b & ~m)); }
GD_INLINE SimdF simdf_sqrt(SimdF v) {
  SimdF r = {0};
  for (int l = 0; l < SIMDF_W; l++) r[l] = __builtin_sqrtf(v[l]);
  return r;
}
#if defined(__AVX512F__) && SIMD_W == 8
GD_INLINE SimdF simdf_max(SimdF a, SimdF b) { return (SimdF)_mm512_max_ps((__m512)a, (__m512)b); }
GD_INLINE SimdF simdf_min(SimdF a, SimdF b) { return (SimdF)_mm512_min_ps((__m512)a, (__m512)b); }
#elif defined(__AVX__) && SIMD_W == 4
GD_INLINE SimdF simdf_max(SimdF a, SimdF b) { return (SimdF)_mm256_max_ps((__m256)a, (__m256)b); }
GD_INLINE SimdF simdf_min(SimdF a, SimdF b) { return (SimdF)_mm256_min_ps((__m256)a, (__m256)b); }
#else
GD_INLINE SimdF simdf_max(SimdF a, SimdF b) { return simdf_sel(a > b, a, b); }
GD_INLINE SimdF simdf_min(SimdF a, SimdF b) { return simdf_sel(a < b, a, b); }
#endif
GD_INLINE bool simdf_any(SimdMF m) {
#if defined(__AVX512F__) && SIMD_W == 8
  return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0;
#elif defined(__AVX__) && SIMD_W == 4
  return !_mm256_testz_si256((__m256i)m, (__m256i)m);
#else
  int32_t any = 0;
  for (int l = 0; l < SIMDF_W; l++) any |= m[l];
  return any != 0;
#endif
}
GD_INLINE SimdF simdf_abs(SimdF a) { return (SimdF)((SimdMF)a & INT32_MAX); }

/* Two double vectors as one float vector (lanes of lo first), rounded to nearest; and back,
 * exactly. The masks likewise (-1 stays -1). */
#if SIMD_W == 8
#define SIMD_CONCAT_IDX 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
#define SIMD_LO_IDX 0, 1, 2, 3, 4, 5, 6, 7
#define SIMD_HI_IDX 8, 9, 10, 11, 12, 13, 14, 15
#elif SIMD_W == 4
#define SIMD_CONCAT_IDX 0, 1, 2, 3, 4, 5, 6, 7
#define SIMD_LO_IDX 0, 1, 2, 3
#define SIMD_HI_IDX 4, 5, 6, 7
#else
#define SIMD_CONCAT_IDX 0, 1, 2, 3
#define SIMD_LO_IDX 0, 1
#define SIMD_HI_IDX 2, 3
#endif
#if defined(__AVX512F__) && SIMD_W == 8
GD_INLINE SimdF simd_narrow(SimdD lo, SimdD hi) {
  const __m256d l = _mm256_castps_pd(_mm512_cvtpd_ps((__m512d)lo)), h = _mm256_castps_pd(_mm512_cvtpd_ps((__m512d)hi));
  return (SimdF)_mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(l), h, 1));
}
GD_INLINE SimdD simd_widen(SimdF f, int half) {
  const __m256 q = half ? _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd((__m512)f), 1))
                        : _mm512_castps512_ps256((__m512)f);
  return (SimdD)_mm512_cvtps_pd(q);
}
#elif defined(__AVX__) && SIMD_W == 4
GD_INLINE SimdF simd_narrow(SimdD lo, SimdD hi) {
  return (SimdF)_mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps((__m256d)lo)), _mm256_cvtpd_ps((__m256d)hi), 1);
}
GD_INLINE SimdD simd_widen(SimdF f, int half) {
  return (SimdD)_mm256_cvtps_pd(half ? _mm256_extractf128_ps((__m256)f, 1) : _mm256_castps256_ps128((__m256)f));
}
#else
GD_INLINE SimdF simd_narrow(SimdD lo, SimdD hi) {
  return __builtin_shufflevector(__builtin_convertvector(lo, SimdFHalf), __builtin_convertvector(hi, SimdFHalf),
                                 SIMD_CONCAT_IDX);
}
GD_INLINE SimdD simd_widen(SimdF f, int half) {
  return half ? __builtin_convertvector(__builtin_shufflevector(f, f, SIMD_HI_IDX), SimdD)
              : __builtin_convertvector(__builtin_shufflevector(f, f, SIMD_LO_IDX), SimdD);
}
#endif
/* Masks (0 or -1 a lane, exact either way). A narrowed mask is the low 32 bits of each 64-bit
 * lane (AVX-512: vpmovqd; AVX2: one shuffle and one permute to put them in lane order); a widened
 * one the sign extension of its half. */
#if defined(__AVX512F__) && SIMD_W == 8 /* vpmovqd truncates each lane to its low 32 bits */
GD_INLINE SimdMF simd_narrow_mask(SimdM lo, SimdM hi) {
  return (SimdMF)_mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32((__m512i)lo)),
                                    _mm512_cvtepi64_epi32((__m512i)hi), 1);
}
GD_INLINE SimdM simd_widen_mask(SimdMF m, int half) {
  return (SimdM)_mm512_cvtepi32_epi64(half ? _mm512_extracti64x4_epi64((__m512i)m, 1) : _mm512_castsi512_si256((__m512i)m));
}
#elif defined(__AVX2__) && SIMD_W == 4
GD_INLINE SimdMF simd_narrow_mask(SimdM lo, SimdM hi) {
  const __m256 s = _mm256_shuffle_ps(_mm256_castsi256_ps((__m256i)lo), _mm256_castsi256_ps((__m256i)hi), 0x88);
  return (SimdMF)_mm256_castpd_si256(_mm256_permute4x64_pd(_mm256_castps_pd(s), 0xD8));
}
GD_INLINE SimdM simd_widen_mask(SimdMF m, int half) {
  return (SimdM)_mm256_cvtepi32_epi64(half ? _mm256_extracti128_si256((__m256i)m, 1) : _mm256_castsi256_si128((__m256i)m));
}
#else
GD_INLINE SimdMF simd_narrow_mask(SimdM lo, SimdM hi) {
  return __builtin_shufflevector(__builtin_convertvector(lo, SimdMHalf), __builtin_convertvector(hi, SimdMHalf),
                                 SIMD_CONCAT_IDX);
}
GD_INLINE SimdM simd_widen_mask(SimdMF m, int half) {
  return half ? __builtin_convertvector(__builtin_shufflevector(m, m, SIMD_HI_IDX), SimdM)
              : __builtin_convertvector(__builtin_shufflevector(m, m, SIMD_LO_IDX), SimdM);
}
#endif
#endif
