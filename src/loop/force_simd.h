/*
 * force_simd.h - internal to the force pass: the explicitly vectorised pair-loop body (one row
 * per lane, GCC vector types) and the macro that stamps out its specialisations.
 *
 * Covers hooke, hertz, hertz/material and dmt with every damping and tangential model they
 * allow, all strategies, plus a frictionless loop for linear_nohistory without tangential force;
 * jkr and mdr run the scalar kernels. Same operations in the same order as contact_force(), so a
 * lane's pair results are the scalar kernel's bit for bit. Design: docs/pair-loop.md;
 * measurements and what was tried: docs/performance-log.md.
 */
#ifndef GD_FORCE_SIMD_H
#define GD_FORCE_SIMD_H

#include <stdint.h>
#include <string.h>

#include "force_kernel.h"

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

/** The vectorised kernel for (normal, damping, tangential, strategy), or NULL when the
 *  combination is not covered or the scalar kernels are selected: by default where the build
 *  lacks AVX, or by GRANDAMP_SIMD=0 in the environment (GRANDAMP_SIMD=1 forces the vector
 *  kernels; see kernels.c). */
ForceKernel force_simd_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st);
/** The vectorised kernel for linear_nohistory with no tangential force (every type pair with
 *  x_gamma_t = 0 or mu_t = 0: frictionless in plan.c), under the same conditions; it gives the
 *  general kernel's results bit for bit. */
ForceKernel force_simd_kernel_frictionless(NormalModel nm, DampingModel dm, ForceStrategy st);

GD_INLINE SimdD simd_splat(double x) {
  return (SimdD){0} + x;
}
GD_INLINE SimdD simd_sel(SimdM m, SimdD a, SimdD b) { return (SimdD)(((SimdM)a & m) | ((SimdM)b & ~m)); }
GD_INLINE SimdD simd_sqrt(SimdD v) {
  SimdD r = {0};
  for (int l = 0; l < SIMD_W; l++) r[l] = __builtin_sqrt(v[l]);
  return r;
}
/* gd_max / gd_min / fabs of normal.h, lane-wise. (v)maxpd and (v)minpd are exactly a > b ? a : b
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
/* box_min_image of particles.h, lane-wise. */
GD_INLINE SimdD simd_min_image(SimdD d, double len, double half) {
  d = simd_sel(d > half, d - len, d);
  return simd_sel(d < -half, d + len, d);
}
/* out[c] lane l = rec[l][off + c], c < 4: one aligned group of four fields of SIMD_W particle
 * records (force_kernel.h), loaded whole and transposed to one vector per field. The caller
 * forms each lane's record address once for its three groups (offsets 0, 4, 8). */
#if SIMD_W == 8
#include <immintrin.h>
GD_INLINE void simd_gather4(const double *const rec[SIMD_W], int off, SimdD out[4]) {
  __m512d r[4]; /* r[q] = record q | record q + 4 */
  for (int q = 0; q < 4; q++)
    r[q] = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(rec[q] + off)), _mm256_loadu_pd(rec[q + 4] + off), 1);
  const __m512d t0 = _mm512_unpacklo_pd(r[0], r[1]), t1 = _mm512_unpackhi_pd(r[0], r[1]);
  const __m512d t2 = _mm512_unpacklo_pd(r[2], r[3]), t3 = _mm512_unpackhi_pd(r[2], r[3]);
  const __m512i lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0), hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  out[0] = (SimdD)_mm512_permutex2var_pd(t0, lo, t2);
  out[1] = (SimdD)_mm512_permutex2var_pd(t1, lo, t3);
  out[2] = (SimdD)_mm512_permutex2var_pd(t0, hi, t2);
  out[3] = (SimdD)_mm512_permutex2var_pd(t1, hi, t3);
}
/* acc[KERNEL_ACC * idx[l] + c] -= u[c][l] for c < KERNEL_ACC, lane after lane (two lanes may
 * share an idx): an 8x8 transpose turns the SIMD_W lanes into SIMD_W records, each subtracted
 * from its accumulator record (64-byte aligned) with one vector read-modify-write. The two pad
 * fields get u[6] = u[7] = +0.0 and stay zero. */
GD_INLINE void simd_scatter_sub(double *restrict acc, const int32_t *idx, const SimdD u[KERNEL_ACC]) {
  __m512d t[8], s[8]; /* t: pairs of inputs interleaved; s: quads, lanes l and l + 4 */
  for (int q = 0; q < 4; q++) {
    t[2 * q] = _mm512_unpacklo_pd((__m512d)u[2 * q], (__m512d)u[2 * q + 1]);
    t[2 * q + 1] = _mm512_unpackhi_pd((__m512d)u[2 * q], (__m512d)u[2 * q + 1]);
  }
  const __m512i even = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0), odd = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  for (int h = 0; h < 2; h++) { /* inputs 0-3 (h = 0) and 4-7 */
    s[4 * h + 0] = _mm512_permutex2var_pd(t[4 * h], even, t[4 * h + 2]);    /* lanes 0, 4 */
    s[4 * h + 1] = _mm512_permutex2var_pd(t[4 * h + 1], even, t[4 * h + 3]); /* lanes 1, 5 */
    s[4 * h + 2] = _mm512_permutex2var_pd(t[4 * h], odd, t[4 * h + 2]);     /* lanes 2, 6 */
    s[4 * h + 3] = _mm512_permutex2var_pd(t[4 * h + 1], odd, t[4 * h + 3]);  /* lanes 3, 7 */
  }
  __m512d r[8]; /* r[l]: lane l's record */
  for (int l = 0; l < 4; l++) {
    r[l] = _mm512_shuffle_f64x2(s[l], s[l + 4], 0x44);
    r[l + 4] = _mm512_shuffle_f64x2(s[l], s[l + 4], 0xEE);
  }
  for (int l = 0; l < 8; l++) {
    double *p = acc + KERNEL_ACC * (int64_t)idx[l];
    _mm512_store_pd(p, _mm512_sub_pd(_mm512_load_pd(p), r[l]));
  }
}
#elif SIMD_W == 4
#include <immintrin.h>
/* out[0] lane l = r[l][0], out[1] lane l = r[l][1]: the 16-byte pairs of lanes 0 | 2 and
 * 1 | 3 loaded into two vectors and interleaved (4 loads, 4 shuffles). */
GD_INLINE void simd_load_pairs(const double *const r[4], SimdD out[2]) {
  const __m256d x02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(r[0])), _mm_loadu_pd(r[2]), 1);
  const __m256d x13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(r[1])), _mm_loadu_pd(r[3]), 1);
  out[0] = (SimdD)_mm256_unpacklo_pd(x02, x13);
  out[1] = (SimdD)_mm256_unpackhi_pd(x02, x13);
}
/* r[l][0] = a lane l, r[l][1] = b lane l: simd_load_pairs reversed. */
GD_INLINE void simd_store_pairs(double *const r[4], SimdD a, SimdD b) {
  const __m256d t = _mm256_unpacklo_pd((__m256d)a, (__m256d)b); /* lanes 0 | 2 */
  const __m256d u = _mm256_unpackhi_pd((__m256d)a, (__m256d)b); /* lanes 1 | 3 */
  _mm_storeu_pd(r[0], _mm256_castpd256_pd128(t));
  _mm_storeu_pd(r[1], _mm256_castpd256_pd128(u));
  _mm_storeu_pd(r[2], _mm256_extractf128_pd(t, 1));
  _mm_storeu_pd(r[3], _mm256_extractf128_pd(u, 1));
}
/* A record's 4 fields as two pairs per lane (simd_load_pairs): 8 loads and 4 shuffles for 4
 * fields. Lane by lane, GCC spends some 16 instructions per vector (callgrind). */
GD_INLINE void simd_gather4(const double *const rec[4], int off, SimdD out[4]) {
  const double *const r[4] = {rec[0] + off, rec[1] + off, rec[2] + off, rec[3] + off};
  simd_load_pairs(r, out);
  const double *const r2[4] = {r[0] + 2, r[1] + 2, r[2] + 2, r[3] + 2};
  simd_load_pairs(r2, out + 2);
}
/* acc[KERNEL_ACC * idx[l] + c] -= u[c][l] for c < 6, lane after lane (two lanes may share an
 * idx): a 4x4 transpose of u[0..3] gives each lane's first four fields (one 32-byte
 * read-modify-write), an interleave of u[4], u[5] its next two (one 16-byte). The pads stay. */
GD_INLINE void simd_scatter_sub(double *restrict acc, const int32_t *idx, const SimdD u[KERNEL_ACC]) {
  const __m256d t0 = _mm256_unpacklo_pd((__m256d)u[0], (__m256d)u[1]), t1 = _mm256_unpackhi_pd((__m256d)u[0], (__m256d)u[1]);
  const __m256d t2 = _mm256_unpacklo_pd((__m256d)u[2], (__m256d)u[3]), t3 = _mm256_unpackhi_pd((__m256d)u[2], (__m256d)u[3]);
  const __m256d s0 = _mm256_unpacklo_pd((__m256d)u[4], (__m256d)u[5]), s1 = _mm256_unpackhi_pd((__m256d)u[4], (__m256d)u[5]);
  const __m256d lo[4] = {_mm256_permute2f128_pd(t0, t2, 0x20), _mm256_permute2f128_pd(t1, t3, 0x20),
                         _mm256_permute2f128_pd(t0, t2, 0x31), _mm256_permute2f128_pd(t1, t3, 0x31)};
  const __m128d hi[4] = {_mm256_castpd256_pd128(s0), _mm256_castpd256_pd128(s1), _mm256_extractf128_pd(s0, 1),
                         _mm256_extractf128_pd(s1, 1)};
  for (int l = 0; l < 4; l++) {
    double *r = acc + KERNEL_ACC * (int64_t)idx[l];
    _mm256_store_pd(r, _mm256_sub_pd(_mm256_load_pd(r), lo[l]));
    _mm_store_pd(r + 4, _mm_sub_pd(_mm_load_pd(r + 4), hi[l]));
  }
}
/* acc[KERNEL_ACC * idx[l] + c] -= u[c][l] for c < 3 (the frictionless loops: no torques), lane after
 * lane: a 4x4 transpose of u[0..2] and zeros, one 32-byte read-modify-write per lane (the
 * first torque field takes -= +0.0, exactly itself: the records are never -0.0). */
GD_INLINE void simd_scatter_sub_force(double *restrict acc, const int32_t *idx, const SimdD u[3]) {
  const __m256d z = _mm256_setzero_pd();
  const __m256d t0 = _mm256_unpacklo_pd((__m256d)u[0], (__m256d)u[1]);
  const __m256d t1 = _mm256_unpackhi_pd((__m256d)u[0], (__m256d)u[1]);
  const __m256d t2 = _mm256_unpacklo_pd((__m256d)u[2], z), t3 = _mm256_unpackhi_pd((__m256d)u[2], z);
  const __m256d lo[4] = {_mm256_permute2f128_pd(t0, t2, 0x20), _mm256_permute2f128_pd(t1, t3, 0x20),
                         _mm256_permute2f128_pd(t0, t2, 0x31), _mm256_permute2f128_pd(t1, t3, 0x31)};
  for (int l = 0; l < 4; l++) {
    double *r = acc + KERNEL_ACC * (int64_t)idx[l];
    _mm256_store_pd(r, _mm256_sub_pd(_mm256_load_pd(r), lo[l]));
  }
}
/* The history of 3 or 4 doubles (hs) at hp[l] of each lane, as one vector per value (h[3] is
 * undefined when hs = 3), and back. An entry of 3 is read as 16 + 8 bytes: a 32-byte load would
 * reach the next entry, which another thread may be writing. */
GD_INLINE void simd_hist_load(double *const hp[4], int hs, SimdD h[4]) {
  simd_load_pairs((const double *const *)hp, h);
  if (hs == 3) {
    h[2] = (SimdD)_mm256_setr_pd(hp[0][2], hp[1][2], hp[2][2], hp[3][2]);
    h[3] = h[2];
  } else {
    const double *const hp2[4] = {hp[0] + 2, hp[1] + 2, hp[2] + 2, hp[3] + 2};
    simd_load_pairs(hp2, h + 2);
  }
}
GD_INLINE void simd_hist_store(double *const hp[4], int hs, const SimdD h[4]) {
  simd_store_pairs(hp, h[0], h[1]);
  if (hs == 3) {
    const __m128d lo = _mm256_castpd256_pd128((__m256d)h[2]), hi = _mm256_extractf128_pd((__m256d)h[2], 1);
    _mm_store_sd(hp[0] + 2, lo);
    _mm_storeh_pd(hp[1] + 2, lo);
    _mm_store_sd(hp[2] + 2, hi);
    _mm_storeh_pd(hp[3] + 2, hi);
  } else {
    double *const hp2[4] = {hp[0] + 2, hp[1] + 2, hp[2] + 2, hp[3] + 2};
    simd_store_pairs(hp2, h[2], h[3]);
  }
}
#else /* lane by lane */
GD_INLINE void simd_gather4(const double *const rec[SIMD_W], int off, SimdD out[4]) {
  double v[4][SIMD_W]; /* through memory: lane stores into out trip -Wmaybe-uninitialized */
  for (int c = 0; c < 4; c++)
    for (int l = 0; l < SIMD_W; l++) v[c][l] = rec[l][off + c];
  memcpy(out, v, sizeof v);
}
GD_INLINE void simd_scatter_sub(double *restrict acc, const int32_t *idx, const SimdD u[KERNEL_ACC]) {
  for (int l = 0; l < SIMD_W; l++)
    for (int c = 0; c < 6; c++) acc[KERNEL_ACC * (int64_t)idx[l] + c] -= u[c][l];
}
#endif
#if SIMD_W != 4 /* the full record's scatter with zero torques (AVX-512), or lane by lane */
GD_INLINE void simd_scatter_sub_force(double *restrict acc, const int32_t *idx, const SimdD u[3]) {
  const SimdD z = {0};
  const SimdD all[KERNEL_ACC] = {u[0], u[1], u[2], z, z, z, z, z};
  simd_scatter_sub(acc, idx, all);
}
#endif
#if SIMD_W != 4 /* lane by lane (see the AVX versions above) */
GD_INLINE void simd_hist_load(double *const hp[SIMD_W], int hs, SimdD h[4]) {
  double v[4][SIMD_W] = {{0}}; /* through memory, as simd_gather4 */
  for (int c = 0; c < hs; c++)
    for (int l = 0; l < SIMD_W; l++) v[c][l] = hp[l][c];
  memcpy(h, v, sizeof v);
}
GD_INLINE void simd_hist_store(double *const hp[SIMD_W], int hs, const SimdD h[4]) {
  for (int c = 0; c < hs; c++)
    for (int l = 0; l < SIMD_W; l++) hp[l][c] = h[c][l];
}
#endif

/* The per-type-pair coefficients the covered models read, one lane per pair. */
typedef struct SimdParams {
  SimdD k;     /* NormalParams.k */
  SimdD kt;    /* TangentialParams.kt (history models) */
  SimdD g4;    /* 4 pi gamma (dmt: F_po = g4 Reff, the association of normal_force) */
  SimdD D;     /* DampingParams.D */
  SimdD xt, mu; /* TangentialParams */
  SimdM limit; /* limit_damping */
} SimdParams;

GD_INLINE SimdParams simd_params(const ContactModel *const m[SIMD_W]) {
  double k[SIMD_W], kt[SIMD_W], g4[SIMD_W], D[SIMD_W], xt[SIMD_W], mu[SIMD_W];
  int64_t limit[SIMD_W];
  for (int l = 0; l < SIMD_W; l++) {
    k[l] = m[l]->normal.k;
    kt[l] = m[l]->tangential.kt;
    g4[l] = 4.0 * GD_PI * m[l]->normal.gamma;
    D[l] = m[l]->damping.D;
    xt[l] = m[l]->tangential.xt;
    mu[l] = m[l]->tangential.mu;
    limit[l] = m[l]->limit_damping ? -1 : 0;
  }
  SimdParams q; /* filled through memcpy: lane stores into a struct member trip -Wmaybe-uninitialized */
  memcpy(&q.k, k, sizeof q.k);
  memcpy(&q.kt, kt, sizeof q.kt);
  memcpy(&q.g4, g4, sizeof q.g4);
  memcpy(&q.D, D, sizeof q.D);
  memcpy(&q.xt, xt, sizeof q.xt);
  memcpy(&q.mu, mu, sizeof q.mu);
  memcpy(&q.limit, limit, sizeof q.limit);
  return q;
}

/* Whether the vector body covers the combination: a scalar kernel exists and the normal
 * model's row has the vector loops (NFLAG_VECTOR_KERNELS; constant for literal ids). */
GD_INLINE bool simd_covered(NormalModel nm, DampingModel dm, TangentialModel tm) {
  (void)tm; /* every tangential model */
  return combo_valid(nm, dm) && (normal_model_flags(nm) & NFLAG_VECTOR_KERNELS);
}
/* Whether some damping model of form df is covered on nm: the form's vector kernels of nm get
 * a body (constant for literal ids). */
GD_INLINE bool simd_form_covered(NormalModel nm, DampingForm df) {
  return form_valid(nm, df) && (normal_model_flags(nm) & NFLAG_VECTOR_KERNELS);
}

/* tangential_force() of tangential.h for the history models, lane-wise: the same operations in
 * the same order, its selects as masked selects. h[0..3] is the lane's history (h[3]: a_prev of
 * the rescale models), updated in place. */
GD_INLINE void simd_tangential_history(TangentialModel tm, SimdD kt, SimdD a, SimdD eta_t, SimdD Fscrit,
                                       const SimdD n[3], const SimdD vtr[3], double dt, bool history_update,
                                       SimdD h[4], SimdD fs[3], SimdD *p_damp, SimdD *p_fric) {
  const SimdD zero = simd_splat(0.0);
  const bool mindlin = tm != TANGENTIAL_LINEAR_HISTORY;
  const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const bool rescale = tm == TANGENTIAL_MINDLIN_RESCALE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const SimdD k = mindlin ? kt * a : kt;
  SimdD h0 = h[0], h1 = h[1], h2 = h[2];
  if (rescale) { /* step 0: unloading shrinks the history with the contact */
    const SimdD factor = simd_sel(a < h[3], a / h[3], simd_splat(1.0));
    h0 *= factor, h1 *= factor, h2 *= factor;
  }
  if (history_update) { /* step 1: rotate onto the tangent plane, rescale, accumulate */
    const SimdD hn = h0 * n[0] + h1 * n[1] + h2 * n[2];
    const SimdD ahn = simd_abs(hn);
    const SimdM rotate = (force_history ? ahn : ahn * k) > TANGENTIAL_EPSILON * Fscrit;
    const SimdD mag = simd_sqrt(h0 * h0 + h1 * h1 + h2 * h2);
    const SimdD p0 = h0 - hn * n[0], p1 = h1 - hn * n[1], p2 = h2 - hn * n[2];
    const SimdD prj = simd_sqrt(p0 * p0 + p1 * p1 + p2 * p2);
    const SimdD scale = simd_sel(prj > 0.0, mag / prj, zero);
    h0 = simd_sel(rotate, p0 * scale, h0);
    h1 = simd_sel(rotate, p1 * scale, h1);
    h2 = simd_sel(rotate, p2 * scale, h2);
    if (force_history) {
      h0 += -k * vtr[0] * dt, h1 += -k * vtr[1] * dt, h2 += -k * vtr[2] * dt;
    } else {
      h0 += vtr[0] * dt, h1 += vtr[1] * dt, h2 += vtr[2] * dt;
    }
    if (rescale) h[3] = a;
  }
  /* step 2: spring (or stored elastic force) plus dashpot */
  SimdD fs0 = (force_history ? h0 : -k * h0) - eta_t * vtr[0];
  SimdD fs1 = (force_history ? h1 : -k * h1) - eta_t * vtr[1];
  SimdD fs2 = (force_history ? h2 : -k * h2) - eta_t * vtr[2];
  /* step 3: Coulomb cap, rewriting the history (k = 0 keeps 0, as the scalar kernel) */
  const SimdD fsmag = simd_sqrt(fs0 * fs0 + fs1 * fs1 + fs2 * fs2);
  const SimdM sliding = fsmag > Fscrit;
  const SimdD p_stick = eta_t * (vtr[0] * vtr[0] + vtr[1] * vtr[1] + vtr[2] * vtr[2]);
  if (!simd_any(sliding)) { /* all lanes stick: what the selects below keep, without the cap's 4 divisions */
    h[0] = h0, h[1] = h1, h[2] = h2;
    fs[0] = fs0, fs[1] = fs1, fs[2] = fs2;
    *p_fric = zero;
    *p_damp = p_stick;
    return;
  }
  const SimdM has_history = (h0 * h0 + h1 * h1 + h2 * h2) != 0.0;
  const SimdD cap = Fscrit / fsmag;
  const SimdD c0 = fs0 * cap, c1 = fs1 * cap, c2 = fs2 * cap;
  const SimdD e0 = c0 + eta_t * vtr[0], e1 = c1 + eta_t * vtr[1], e2 = c2 + eta_t * vtr[2];
  const SimdM k_ok = k != 0.0;
  const SimdD r0 = force_history ? e0 : simd_sel(k_ok, -e0 / k, zero);
  const SimdD r1 = force_history ? e1 : simd_sel(k_ok, -e1 / k, zero);
  const SimdD r2 = force_history ? e2 : simd_sel(k_ok, -e2 / k, zero);
  const SimdM rewrite = sliding & has_history;
  h[0] = simd_sel(rewrite, r0, h0);
  h[1] = simd_sel(rewrite, r1, h1);
  h[2] = simd_sel(rewrite, r2, h2);
  fs0 = simd_sel(sliding, simd_sel(has_history, c0, zero), fs0);
  fs1 = simd_sel(sliding, simd_sel(has_history, c1, zero), fs1);
  fs2 = simd_sel(sliding, simd_sel(has_history, c2, zero), fs2);
  fs[0] = fs0, fs[1] = fs1, fs[2] = fs2;
  *p_fric = simd_sel(sliding, -(fs0 * vtr[0] + fs1 * vtr[1] + fs2 * vtr[2]), zero);
  *p_damp = simd_sel(sliding, zero, p_stick);
}

/* Rows per chunk of simd_rows' grouping. */
#define SIMD_CHUNK 512
#define SIMD_LEN_BUCKETS 64

/* rows[] = the rows c0 .. c1 - 1 (at most SIMD_CHUNK) by descending list length (a stable
 * counting sort; lengths from SIMD_LEN_BUCKETS - 1 up share a bucket), so that the SIMD_W rows of
 * a group have nearly equal lengths and few lanes idle. In row order, the half list of a cell-
 * sorted FCC packing fills 74 % of the lanes (j > i leaves rows of 0 to 12 partners). Returns
 * the count. */
GD_INLINE int simd_rows_by_length(const int64_t *restrict start, int64_t c0, int64_t c1, int32_t rows[SIMD_CHUNK]) {
  int at[SIMD_LEN_BUCKETS + 1] = {0};
  uint8_t len[SIMD_CHUNK];
  const int n = (int)(c1 - c0);
  for (int r = 0; r < n; r++) {
    const int64_t k = start[c0 + r + 1] - start[c0 + r];
    len[r] = (uint8_t)(SIMD_LEN_BUCKETS - 1 - (k < SIMD_LEN_BUCKETS - 1 ? k : SIMD_LEN_BUCKETS - 1));
    at[len[r] + 1]++;
  }
  for (int b = 0; b < SIMD_LEN_BUCKETS; b++) at[b + 1] += at[b];
  for (int r = 0; r < n; r++) rows[at[len[r]]++] = (int32_t)(c0 + r);
  return n;
}

/* force_rows() of force_kernel.h for the covered models, SIMD_W rows at a time: the rows of each
 * chunk of SIMD_CHUNK go in groups of SIMD_W of similar list length (simd_rows_by_length), lane
 * l walks the group's row l, step k evaluates the k-th list entry of every row (lanes past a
 * row's end are masked).
 * frictionless (with linear_nohistory only): every type pair has x_gamma_t = 0 or mu_t = 0, so
 * that the tangential force of each contact is +-0 (fmag = min(Fscrit, fdamp) = 0 with either
 * factor 0, inputs finite) and so are its torques and tangential powers. The loop then skips
 * them: no spins gathered, no tangential velocity, no torques, a force-only j-update. Every
 * sum and record comes out bit for bit as the general loop's: a +-0 term changes neither a
 * non-zero sum nor a zero one, which starts at +0.0 and stays +0.0 (x + y and x - y of zeros
 * are -0.0 only for -0.0 - +0.0 and -0.0 + -0.0 in round-to-nearest). */
GD_INLINE void simd_rows(NormalModel nm, DampingForm df, TangentialModel tm, ForceStrategy st, bool frictionless,
                         const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *stats) {
  if (!simd_form_covered(nm, df) || (frictionless && tm != TANGENTIAL_LINEAR_NOHISTORY)) return;
  const DampingModel dm = damping_form_model(df); /* every model of the form: the same pair code */
  const bool half = st != FORCE_FULL;
  const bool need_a = contact_needs_radius(nm, dm, tm);
  const int hs = tangential_nhist(tm);
  double *restrict hist = a->hist;
  const double *restrict pack = a->pack;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  const int nt = a->ntypes;
  const int *restrict type = a->type;
  const unsigned char *restrict interior = a->interior;
  const double lx = a->len[0], ly = a->len[1], lz = a->len[2];
  const double hx = a->half[0], hy = a->half[1], hz = a->half[2];
  double *restrict fx = t->fx, *restrict fy = t->fy, *restrict fz = t->fz;
  double *restrict tx = t->tx, *restrict ty = t->ty, *restrict tz = t->tz;
  const ContactModel *m1[SIMD_W];
  for (int l = 0; l < SIMD_W; l++) m1[l] = a->models;
  /* The lanes' coefficients: the single type pair's when nt == 1, set once (a per-step copy of
   * it cost 10 instructions of some 420 per step), else per step. */
  SimdParams q = simd_params(m1);
  bool limit_any = false; /* limit_damping on some type pair; else no lane is ever clamped */
  for (int k = 0; k < nt * nt; k++) limit_any = limit_any || a->models[k].limit_damping;
  const SimdD zero = simd_splat(0.0);
  SimdD pn = zero, pt = zero, pf = zero, excess = zero;
  SimdM contacts = (SimdM)zero;
  double dead_hist[4] = {0, 0, 0, 0}; /* the history of dead lanes: read as zeros, written zeros */

  int32_t rows[SIMD_CHUNK]; /* the current chunk's rows, by length */
  int nrows = 0;
  for (int64_t c0 = i0, g = 0;; g += SIMD_W) {
    if (g >= nrows) { /* next chunk */
      if (c0 >= i1) break;
      const int64_t c1 = c0 + SIMD_CHUNK < i1 ? c0 + SIMD_CHUNK : i1;
      nrows = simd_rows_by_length(start, c0, c1, rows);
      c0 = c1, g = 0;
    }
    /* The group's rows; lanes past the chunk repeat its last row with no entries. */
    int32_t ii[SIMD_W];
    int64_t kb[SIMD_W], nk[SIMD_W];
    int64_t kmax = 0;
    for (int l = 0; l < SIMD_W; l++) {
      const int64_t i = rows[g + l < nrows ? g + l : nrows - 1];
      ii[l] = (int32_t)i;
      kb[l] = start[i];
      nk[l] = g + l < nrows ? start[i + 1] - start[i] : 0;
      kmax = nk[l] > kmax ? nk[l] : kmax;
    }
    SimdM nkv;
    memcpy(&nkv, nk, sizeof nkv);
    /* Whether a row of the group may have a partner across a periodic boundary (else the raw
     * separations are the minimum images, bit for bit: NeighborList.interior). */
    bool wrap = !interior;
    for (int l = 0; l < SIMD_W && !wrap; l++) wrap = !interior[ii[l]];
    SimdD ip[4], iv[4], iw[4] = {zero, zero, zero, zero}; /* x y z R, vx vy vz m, wx wy wz - of each row */
    const double *ri[SIMD_W];
    for (int l = 0; l < SIMD_W; l++) ri[l] = pack + KERNEL_PACK * (int64_t)ii[l];
    simd_gather4(ri, 0, ip);
    simd_gather4(ri, 4, iv);
    if (!frictionless) simd_gather4(ri, 8, iw); /* spins: the tangential velocity only */
    const SimdD xi = ip[0], yi = ip[1], zi = ip[2], Ri = ip[3], mi = iv[3];
    const SimdD vxi = iv[0], vyi = iv[1], vzi = iv[2], wxi = iw[0], wyi = iw[1], wzi = iw[2];
    /* The row sums, one lane per row, each in its row's list order: bitwise force_rows'. */
    SimdD fxi = zero, fyi = zero, fzi = zero, txi = zero, tyi = zero, tzi = zero;
    for (int64_t k = 0; k < kmax; k++) {
      const SimdM live = k < nkv;
      int32_t jj[SIMD_W];
      int64_t kk[SIMD_W]; /* list entry of each lane (a dead lane: its row's start, never read) */
      for (int l = 0; l < SIMD_W; l++) {
        kk[l] = k < nk[l] ? kb[l] + k : kb[l];
        jj[l] = k < nk[l] ? jl[kk[l]] : ii[l]; /* a dead lane pairs its row with itself */
      }
      if (nt != 1) {
        const ContactModel *ml[SIMD_W];
        for (int l = 0; l < SIMD_W; l++) ml[l] = &a->models[(type[ii[l]] - 1) * nt + type[jj[l]] - 1];
        q = simd_params(ml);
      }
      SimdD jp[4], jv[4], jw[4] = {zero, zero, zero, zero}; /* the partners' records */
      const double *rj[SIMD_W];
      for (int l = 0; l < SIMD_W; l++) rj[l] = pack + KERNEL_PACK * (int64_t)jj[l];
      simd_gather4(rj, 0, jp);
      simd_gather4(rj, 4, jv);
      if (!frictionless) simd_gather4(rj, 8, jw);
      const SimdD Rj = jp[3], mj = jv[3];
      SimdD dx0 = xi - jp[0], dx1 = yi - jp[1], dx2 = zi - jp[2];
      if (wrap) {
        dx0 = simd_min_image(dx0, lx, hx);
        dx1 = simd_min_image(dx1, ly, hy);
        dx2 = simd_min_image(dx2, lz, hz);
      }
      const SimdD rsq = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
      const SimdD radsum = Ri + Rj;
      const SimdD Reff = Ri * Rj / (Ri + Rj);
      const SimdM on = (rsq < radsum * radsum) & live;
      /* Zero outputs off contact. With linear_nohistory on a non-cohesive model, a lane that does
       * not touch (dead lanes included: r = 0) gets n = 0 and Fntot = 0, hence Fscrit = 0,
       * |fs| = 0 and zero force, torques and tangential power (+0.0 or -0.0, which the sums and
       * records take exactly; inputs finite). Its outputs then need no masks (out: every lane),
       * some 6 vector operations fewer per step. dmt (pull-off force off contact) and the
       * history models (stored springs) keep them. */
      const bool zero_off = tm == TANGENTIAL_LINEAR_NOHISTORY && nm != NORMAL_DMT;
      const SimdM out = zero_off ? (SimdM)(zero == zero) : on; /* the lanes whose outputs are kept */
      const SimdD r = simd_sqrt(rsq), rinv = zero_off ? simd_sel(on, 1.0 / r, zero) : 1.0 / r;
      const SimdD n0 = dx0 * rinv, n1 = dx1 * rinv, n2 = dx2 * rinv;
      const SimdD vr0 = vxi - jv[0], vr1 = vyi - jv[1], vr2 = vzi - jv[2];
      const SimdD vnnr = vr0 * n0 + vr1 * n1 + vr2 * n2;
      const SimdD vt0 = vr0 - vnnr * n0, vt1 = vr1 - vnnr * n1, vt2 = vr2 - vnnr * n2;
      const SimdD wr0 = Ri * wxi + Rj * jw[0];
      const SimdD wr1 = Ri * wyi + Rj * jw[1];
      const SimdD wr2 = Ri * wzi + Rj * jw[2];
      const SimdD vtr0 = vt0 - (wr1 * n2 - wr2 * n1), vtr1 = vt1 - (wr2 * n0 - wr0 * n2),
                  vtr2 = vt2 - (wr0 * n1 - wr1 * n0);
      const SimdD vrel = simd_sqrt(vtr0 * vtr0 + vtr1 * vtr1 + vtr2 * vtr2);
      const SimdD meff = mi * mj / (mi + mj);
      /* Normal force and damping (contact_normal_force, normal_force, damping_eta). */
      const SimdD delta = simd_sel(on, radsum - r, zero);
      const SimdD ca = need_a ? simd_sqrt(delta * Reff) : zero;
      SimdD Fne, F_po = zero;
      if (nm == NORMAL_HOOKE) Fne = q.k * delta;
      else if (nm == NORMAL_DMT) {
        F_po = q.g4 * Reff;
        Fne = (q.k * ca) * delta - F_po;
      } else Fne = (q.k * ca) * delta;
      SimdD eta = zero; /* damping_eta by form (mdr has no vector loop) */
      if (df == DFORM_CONSTANT) eta = q.D;
      else if (df == DFORM_MASS) eta = q.D * meff;
      else if (df == DFORM_VISCO) eta = q.D * meff * ca;
      else if (df == DFORM_RESTITUTION) {
        /* the guard of damping_eta (§3.3): delta > 0, and max(0, .) before the sqrt */
        const SimdD arg = simd_sel(delta > 0.0, simd_max(zero, meff * Fne / delta), zero);
        eta = q.D * simd_sqrt(arg);
      }
      const SimdD Fdamp = -eta * vnnr;
      SimdD Fntot = Fne + Fdamp;
      SimdM clamped = (SimdM)zero;
      if (limit_any) {
        clamped = q.limit & (Fntot < 0.0);
        Fntot = simd_sel(clamped, zero, Fntot);
      }
      /* for Fncrit; frictionless, nothing reads it off contact (f = Fntot n = 0 there) */
      if (zero_off && !frictionless) Fntot = simd_sel(on, Fntot, zero);
      const SimdD Fncrit = nm == NORMAL_DMT ? simd_abs(Fne + 2.0 * F_po) : simd_abs(Fntot);
      /* Tangential (tangential_force). */
      const SimdD eta_t = q.xt * eta;
      const SimdD Fscrit = q.mu * Fncrit;
      SimdD fs0 = zero, fs1 = zero, fs2 = zero, pt_k = zero, pf_k = zero;
      if (frictionless) {
        /* none: see simd_rows */
      } else if (tm == TANGENTIAL_LINEAR_NOHISTORY) { /* dashpot capped at mu_t Fncrit */
        const SimdD fdamp = eta_t * vrel;
        const SimdD fmag = simd_min(Fscrit, fdamp);
        const SimdD scale = simd_sel(vrel != 0.0, -fmag / vrel, zero);
        fs0 = scale * vtr0, fs1 = scale * vtr1, fs2 = scale * vtr2;
        const SimdM sliding = Fscrit < fdamp;
        const SimdD P = fmag * vrel;
        pt_k = simd_sel(out & ~sliding, P, zero), pf_k = simd_sel(out & sliding, P, zero);
      } else { /* history: lane l is list entry kk[l]; a dead lane (kk may be past the list) reads and
                * writes the zeros of dead_hist instead */
        double *hp[SIMD_W];
        for (int l = 0; l < SIMD_W; l++) hp[l] = k < nk[l] ? hist + kk[l] * hs : dead_hist;
        SimdD h[4];
        simd_hist_load(hp, hs, h);
        const SimdD nv[3] = {n0, n1, n2}, vtr[3] = {vtr0, vtr1, vtr2};
        SimdD fs[3], p_damp, p_fric;
        simd_tangential_history(tm, q.kt, ca, eta_t, Fscrit, nv, vtr, a->dt, a->history_update, h, fs, &p_damp,
                                &p_fric);
        for (int c = 0; c < hs; c++) h[c] = simd_sel(on, h[c], zero); /* zeroed when it ends */
        simd_hist_store(hp, hs, h);
        fs0 = fs[0], fs1 = fs[1], fs2 = fs[2];
        pt_k = simd_sel(on, p_damp, zero), pf_k = simd_sel(on, p_fric, zero);
      }
      /* Force and torques (step 9). */
      const SimdD tor0 = n1 * fs2 - n2 * fs1, tor1 = n2 * fs0 - n0 * fs2, tor2 = n0 * fs1 - n1 * fs0;
      const SimdD arm_i = Ri - 0.5 * delta, arm_j = Rj - 0.5 * delta;
      const SimdD f0 = simd_sel(out, frictionless ? Fntot * n0 : Fntot * n0 + fs0, zero);
      const SimdD f1 = simd_sel(out, frictionless ? Fntot * n1 : Fntot * n1 + fs1, zero);
      const SimdD f2 = simd_sel(out, frictionless ? Fntot * n2 : Fntot * n2 + fs2, zero);
      const SimdD ai0 = simd_sel(out, arm_i * tor0, zero); /* torque on i: -ai */
      const SimdD ai1 = simd_sel(out, arm_i * tor1, zero);
      const SimdD ai2 = simd_sel(out, arm_i * tor2, zero);
      const SimdD p_dashpot = eta * vnnr * vnnr; /* the dashpot's power, or Fne vnnr where clamped */
      /* zero_off: vnnr = 0 off contact (n = 0), and no such lane is clamped (Fntot = +-0) */
      const SimdD pn_lane = limit_any ? simd_sel(clamped, Fne * vnnr, p_dashpot) : p_dashpot;
      const SimdD pn_k = zero_off ? pn_lane : simd_sel(on, pn_lane, zero);
      /* off contact delta = 0, so delta - min(R) < 0 <= excess: no mask needed */
      excess = simd_max(excess, delta - simd_min(Ri, Rj));
      contacts -= on; /* a true lane is -1 */
      /* Row sums lane-wise (a dead or non-touching lane adds or subtracts +0.0 or -0.0, both the
       * identity here: a sum that starts at +0.0 is never -0.0 in round-to-nearest); powers per
       * lane.
       * x - y is x + (-y) exactly, and (-a) b = -(a b): subtracting ai is adding force_rows'
       * -arm_i tor, bit for bit, one negation fewer. */
      fxi += f0, fyi += f1, fzi += f2;
      pn += pn_k;
      if (!frictionless) txi -= ai0, tyi -= ai1, tzi -= ai2, pt += pt_k, pf += pf_k;
      if (st == FORCE_HALF_REDUCE && frictionless) {
        const SimdD u[3] = {f0, f1, f2};
        simd_scatter_sub_force(t->acc, jj, u);
      } else if (st == FORCE_HALF_REDUCE) {
        /* j-updates into the thread's records, every lane, subtracted (x - y is x + (-y)
         * exactly: the scalar kernel's adds of -f, without the negations); a lane that does not
         * touch subtracts +0.0 or -0.0, the exact identity, as the records are never -0.0 (its
         * j may be its own row). */
        const SimdD u[KERNEL_ACC] = {f0, f1, f2, simd_sel(out, arm_j * tor0, zero), simd_sel(out, arm_j * tor1, zero),
                                     simd_sel(out, arm_j * tor2, zero), zero, zero};
        simd_scatter_sub(t->acc, jj, u);
      } else if (half) { /* atomics, touching lanes only, lane by lane */
        const SimdD tj0 = -arm_j * tor0, tj1 = -arm_j * tor1, tj2 = -arm_j * tor2;
        for (int l = 0; l < SIMD_W; l++) {
          if (!on[l]) continue;
          const int64_t j = jj[l];
          ATOMIC_ADD(fx[j], -f0[l]);
          ATOMIC_ADD(fy[j], -f1[l]);
          ATOMIC_ADD(fz[j], -f2[l]);
          if (frictionless) continue;
          ATOMIC_ADD(tx[j], tj0[l]);
          ATOMIC_ADD(ty[j], tj1[l]);
          ATOMIC_ADD(tz[j], tj2[l]);
        }
      }
    }
    for (int l = 0; l < SIMD_W && g + l < nrows; l++) {
      const int64_t i = ii[l];
      if (st == FORCE_FULL) { /* the only writer of row i */
        fx[i] = fxi[l], fy[i] = fyi[l], fz[i] = fzi[l], tx[i] = txi[l], ty[i] = tyi[l], tz[i] = tzi[l];
      } else if (st == FORCE_HALF_REDUCE) {
        double *r = t->acc + KERNEL_ACC * i;
        r[0] += fxi[l], r[1] += fyi[l], r[2] += fzi[l], r[3] += txi[l], r[4] += tyi[l], r[5] += tzi[l];
      } else {
        ATOMIC_ADD(fx[i], fxi[l]);
        ATOMIC_ADD(fy[i], fyi[l]);
        ATOMIC_ADD(fz[i], fzi[l]);
        if (frictionless) continue;
        ATOMIC_ADD(tx[i], txi[l]);
        ATOMIC_ADD(ty[i], tyi[l]);
        ATOMIC_ADD(tz[i], tzi[l]);
      }
    }
  }
  int64_t nc = 0;
  double spn = 0.0, spt = 0.0, spf = 0.0;
  for (int l = 0; l < SIMD_W; l++) nc += contacts[l], spn += pn[l], spt += pt[l], spf += pf[l];
  const double w = half ? 1.0 : 0.5; /* the full list sees each pair twice */
  stats->pairs += (start[i1] - start[i0]);
  stats->contacts += nc;
  stats->power_normal += w * spn;
  stats->power_tangential += w * spt;
  stats->power_friction += w * spf;
  stats->overlap_excess = gd_max(stats->overlap_excess, simd_hmax(excess));
}

/* ---- one kernel per covered (normal, damping form, tangential, strategy) ----------------- */

#define SIMD_KERNEL_DEF(N, F, T, S)                                                           \
  static void simd_kernel_##N##__##F##__##T##__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                                   int64_t i1, ForceStats *st) {             \
    simd_rows(NORMAL_##N, DFORM_##F, TANGENTIAL_##T, FORCE_##S, false, a, t, i0, i1, st);     \
  }
#define SIMD_FRICTIONLESS_DEF(N, F, S)                                                         \
  static void simd_kernel_##N##__##F##__frictionless__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                                          int64_t i1, ForceStats *st) {      \
    simd_rows(NORMAL_##N, DFORM_##F, TANGENTIAL_LINEAR_NOHISTORY, FORCE_##S, true, a, t, i0, i1, st); \
  }
#define SIMD_KDEF_S(ctx, S, ...) GD_CALL(SIMD_KERNEL_DEF, (GD_UNPACK3 ctx, S))
#define SIMD_KDEF_T(ctx, T, ...) FORCE_STRATEGIES_EX(SIMD_KDEF_S, (GD_UNPACK2 ctx, T))
#define SIMD_KDEF_FS(ctx, S, ...) GD_CALL(SIMD_FRICTIONLESS_DEF, (GD_UNPACK2 ctx, S))
#define SIMD_KDEF_F_STAMPED(N, F) TANGENTIAL_MODELS_EX(SIMD_KDEF_T, (N, F)) FORCE_STRATEGIES_EX(SIMD_KDEF_FS, (N, F))
#define SIMD_KDEF_F_OWN_LOOP(N, F)
#define SIMD_KDEF_F(N, F, form, rep, eta, stamp) SIMD_KDEF_F_##stamp(N, F)

#define SIMD_KTAB_ENTRY(N, F, T, S) [DFORM_##F][TANGENTIAL_##T][FORCE_##S] = simd_kernel_##N##__##F##__##T##__##S,
#define SIMD_KTAB_S(ctx, S, ...) GD_CALL(SIMD_KTAB_ENTRY, (GD_UNPACK3 ctx, S))
#define SIMD_KTAB_T(ctx, T, ...) FORCE_STRATEGIES_EX(SIMD_KTAB_S, (GD_UNPACK2 ctx, T))
#define SIMD_FTAB_ENTRY(N, F, S) [DFORM_##F][SIMD_FRICTIONLESS][FORCE_##S] = simd_kernel_##N##__##F##__frictionless__##S,
#define SIMD_FTAB_S(ctx, S, ...) GD_CALL(SIMD_FTAB_ENTRY, (GD_UNPACK2 ctx, S))
#define SIMD_KTAB_F_STAMPED(N, F) TANGENTIAL_MODELS_EX(SIMD_KTAB_T, (N, F)) FORCE_STRATEGIES_EX(SIMD_FTAB_S, (N, F))
#define SIMD_KTAB_F_OWN_LOOP(N, F)
#define SIMD_KTAB_F(N, F, form, rep, eta, stamp) SIMD_KTAB_F_##stamp(N, F)

/* The table's tangential index of the frictionless loops (linear_nohistory, see simd_rows). */
#define SIMD_FRICTIONLESS N_TANGENTIAL
typedef ForceKernel SimdSlice[N_DFORM][N_TANGENTIAL + 1][N_STRATEGY];

/** Defines the vector kernels of normal model N and their table slice force_simd_slice_N
 *  (uncovered combinations are empty functions that force_simd_kernel never returns). */
#define FORCE_SIMD_DEFINE_NORMAL(N)                                                           \
  DAMPING_FORMS_EX(SIMD_KDEF_F, N)                                                            \
  const SimdSlice force_simd_slice_##N = {DAMPING_FORMS_EX(SIMD_KTAB_F, N)};

/* The slices of the normal models whose kernels column is VECTOR (normal.h). */
#define SIMD_DECLARE_SLICE_VECTOR(N) extern const SimdSlice force_simd_slice_##N;
#define SIMD_DECLARE_SLICE_SCALAR(N)
#define SIMD_DECLARE_SLICE_NONE(N)
#define SIMD_DECLARE_SLICE(c, N, id, name, nc, fl, cn, kern) SIMD_DECLARE_SLICE_##kern(N)
NORMAL_MODELS_EX(SIMD_DECLARE_SLICE, _)

#endif
