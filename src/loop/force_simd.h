/*
 * force_simd.h - internal to the force pass: the explicitly vectorised pair loop (one row per
 * lane: grouping, gathers, scatters, sums) and the macro that stamps out its specialisations.
 *
 * The contact itself is lane_contact() of src/models/contact_lanes.h, contact_force() lane-wise,
 * so a lane's pair results are the scalar kernel's bit for bit. Covers hooke, hertz,
 * hertz/material and dmt with every damping and tangential model they allow, all strategies,
 * plus a frictionless loop for linear_nohistory without tangential force; jkr and mdr run the
 * scalar kernels. simd_rows_mixed, its shape with 2 SIMD_W rows a group and lane_contact_mixed,
 * is the mixed-precision loop (GD_STAMP_MIXED; half-reduce only). Design: docs/pair-loop.md;
 * measurements and what was tried: docs/performance-log.md.
 */
#ifndef GD_FORCE_SIMD_H
#define GD_FORCE_SIMD_H

#include <stdint.h>
#include <string.h>

#include "contact_lanes.h"
#include "force_kernel.h"

/** The vectorised kernel for (normal, damping, tangential, strategy), or NULL when the
 *  combination is not covered or the scalar kernels are selected: by default where the build
 *  lacks AVX, or by GRANDAMP_SIMD=0 in the environment (GRANDAMP_SIMD=1 forces the vector
 *  kernels; see kernels.c). */
ForceKernel force_simd_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st);
/** The vectorised kernel for linear_nohistory with no tangential force (every type pair with
 *  x_gamma_t = 0 or mu_t = 0: frictionless in plan.c), under the same conditions; it gives the
 *  general kernel's results bit for bit. */
ForceKernel force_simd_kernel_frictionless(NormalModel nm, DampingModel dm, ForceStrategy st);
/** The mixed-precision twins of the two above (lane_contact_mixed of contact_lanes.h), for the
 *  same combinations with the half-reduce strategy and linear_nohistory, linear_history or
 *  mindlin (mixed_stamped), or NULL (the others, or a build with GD_NO_MIXED). */
ForceKernel force_mixed_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st);
ForceKernel force_mixed_kernel_frictionless(NormalModel nm, DampingModel dm, ForceStrategy st);

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

/* The mixed loop's kernels: the default strategy, and the tangential models the verifier's and
 * the bench's mixed runs use (linear_nohistory, linear_history, mindlin); the others would add
 * half again to its compile time. */
GD_INLINE bool mixed_stamped(TangentialModel tm, ForceStrategy st) {
  return st == FORCE_HALF_REDUCE &&
         (tm == TANGENTIAL_LINEAR_NOHISTORY || tm == TANGENTIAL_LINEAR_HISTORY || tm == TANGENTIAL_MINDLIN);
}

/* for (p < P) over the mixed loop's two double vectors of a row group, unrolled where the
 * compiler would otherwise keep the loop (-O1), so that the per-half arrays stay in registers. */
#define SIMD_FOR_HALVES(p) _Pragma("GCC unroll 2") for (int p = 0; p < P; p++)

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

/* out[c] lane l = arr[c][idx[l]], c < 4 (arr[c] NULL: zeros): the second or third group of a
 * particle record from the particle arrays, for a pass that packs positions alone. */
GD_INLINE void simd_gather_arrays(const double *const arr[4], const int32_t idx[SIMD_W], SimdD out[4]) {
  double v[4][SIMD_W] = {{0}}; /* through memory, as simd_gather4 */
  for (int c = 0; c < 4; c++)
    for (int l = 0; arr[c] && l < SIMD_W; l++) v[c][l] = arr[c][idx[l]];
  memcpy(out, v, sizeof v);
}

/* force_rows() of force_kernel.h for the covered models, SIMD_W rows at a time: the rows of each
 * chunk of ROW_CHUNK go in groups of SIMD_W of similar list length (rows_by_length), lane
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
  const bool half = st != FORCE_FULL;
  const int hs = tangential_nhist(tm);
  double *restrict hist = a->hist;
  const double *restrict pack = a->pack;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  const int nt = a->ntypes;
  const int *restrict type = a->type;
  const unsigned char *restrict interior = a->interior;
  /* a pass with few contacts packs positions alone: the rest from the arrays, touching pairs only */
  const bool soa = a->pack_positions;
  const int64_t stride = soa ? KERNEL_PACK_POSITION : KERNEL_PACK; /* doubles a record */
  const double *const vel[4] = {a->vx, a->vy, a->vz, a->mass}, *const spin[4] = {a->wx, a->wy, a->wz, NULL};
  const double lx = a->len[0], ly = a->len[1], lz = a->len[2];
  const double hx = a->half[0], hy = a->half[1], hz = a->half[2];
  double *restrict fx = t->fx, *restrict fy = t->fy, *restrict fz = t->fz;
  double *restrict tx = t->tx, *restrict ty = t->ty, *restrict tz = t->tz;
  unsigned char *restrict dirty = t->dirty; /* half-reduce with few contacts: the records changed */
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

  int32_t own[ROW_CHUNK]; /* a chunk's rows by length, when the driver has no cached order */
  for (int64_t c0 = i0; c0 < i1; c0 += ROW_CHUNK) {
    const int64_t c1 = c0 + ROW_CHUNK < i1 ? c0 + ROW_CHUNK : i1;
    const int32_t *rows = own;
    int nrows; /* the rows with a partner; the chunk's other rows follow them in rows[] */
    if (a->row_order) rows = a->row_order + c0, nrows = a->row_live[c0 / ROW_CHUNK];
    else nrows = rows_by_length(start, c0, c1, own);
    if (st == FORCE_FULL) /* the only writer of the rows without partners */
      for (int64_t r = nrows; r < c1 - c0; r++) {
        const int64_t i = rows[r];
        fx[i] = fy[i] = fz[i] = tx[i] = ty[i] = tz[i] = 0.0;
      }
    for (int g = 0; g < nrows; g += SIMD_W) {
      /* The group's rows; lanes past the chunk's rows with partners repeat its last one with no
       * entries. */
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
      /* x y z R, vx vy vz m, wx wy wz - of each row; the last two at the group's first touching
       * step (a dilute gas's groups mostly have none) */
      SimdD ip[4], iv[4] = {zero, zero, zero, zero}, iw[4] = {zero, zero, zero, zero};
      bool row_loaded = false;
      SimdM row_on = (SimdM)zero; /* the rows (lanes) with some touching entry */
      const double *ri[SIMD_W];
      for (int l = 0; l < SIMD_W; l++) ri[l] = pack + stride * (int64_t)ii[l];
      simd_gather4(ri, 0, ip);
      const SimdD xi = ip[0], yi = ip[1], zi = ip[2], Ri = ip[3];
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
        SimdD jp[4], jv[4], jw[4] = {zero, zero, zero, zero}; /* the partners' records */
        const double *rj[SIMD_W];
        for (int l = 0; l < SIMD_W; l++) rj[l] = pack + stride * (int64_t)jj[l];
        simd_gather4(rj, 0, jp);
        SimdD dx[3] = {xi - jp[0], yi - jp[1], zi - jp[2]};
        if (wrap) {
          dx[0] = simd_min_image(dx[0], lx, hx);
          dx[1] = simd_min_image(dx[1], ly, hy);
          dx[2] = simd_min_image(dx[2], lz, hz);
        }
        /* history models: lane l is list entry kk[l]; a dead lane (kk may be past the list) reads
         * and writes the zeros of dead_hist instead */
        double *hp[SIMD_W];
        if (hs)
          for (int l = 0; l < SIMD_W; l++) hp[l] = k < nk[l] ? hist + kk[l] * hs : dead_hist;
        /* No lane touching (most steps of a dilute gas): lane_contact's test, the same operations,
         * says so before the rest is gathered. Its outputs would all be +-0, the identity of every
         * sum, power and record (see above), and its histories zeros: those are stored and the
         * contact skipped, bit for bit. */
        const SimdD radsum = Ri + jp[3];
        if (!simd_any(((dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]) < radsum * radsum) & live)) {
          if (hs) {
            const SimdD none[4] = {zero, zero, zero, zero};
            simd_hist_store(hp, hs, none);
          }
          continue;
        }
        if (nt != 1) {
          const ContactModel *ml[SIMD_W];
          for (int l = 0; l < SIMD_W; l++) ml[l] = &a->models[(type[ii[l]] - 1) * nt + type[jj[l]] - 1];
          q = simd_params(ml);
        }
        if (!row_loaded && soa) {
          simd_gather_arrays(vel, ii, iv);
          if (!frictionless) simd_gather_arrays(spin, ii, iw);
        } else if (!row_loaded) {
          simd_gather4(ri, 4, iv);
          if (!frictionless) simd_gather4(ri, 8, iw); /* spins: the tangential velocity only */
        }
        row_loaded = true;
        if (soa) {
          simd_gather_arrays(vel, jj, jv);
          if (!frictionless) simd_gather_arrays(spin, jj, jw);
        } else {
          simd_gather4(rj, 4, jv);
          if (!frictionless) simd_gather4(rj, 8, jw);
        }
        LanePair in = {.dx = {dx[0], dx[1], dx[2]}, .Ri = Ri, .Rj = jp[3], .mi = iv[3], .mj = jv[3], .live = live,
                             .vr = {iv[0] - jv[0], iv[1] - jv[1], iv[2] - jv[2]},
                             .wi = {iw[0], iw[1], iw[2]}, .wj = {jw[0], jw[1], jw[2]}};
        SimdD h[4] = {zero, zero, zero, zero};
        if (hs) simd_hist_load(hp, hs, h);
        LaneContact c;
        lane_contact(nm, df, tm, frictionless, limit_any, &q, &in, a->dt, a->history_update, h, &c);
        if (hs) simd_hist_store(hp, hs, h);
        /* off contact delta = 0, so delta - min(R) < 0 <= excess: no mask needed */
        excess = simd_max(excess, c.delta - simd_min(in.Ri, in.Rj));
        contacts -= c.on; /* a true lane is -1 */
        row_on |= c.on;
        if (dirty) /* the j records this step changes (a lane off contact subtracts +-0: no change) */
          for (int l = 0; l < SIMD_W; l++)
            if (c.on[l]) dirty[jj[l]] = 1;
        /* Row sums lane-wise (a dead or non-touching lane adds or subtracts +0.0 or -0.0, both the
         * identity here: a sum that starts at +0.0 is never -0.0 in round-to-nearest); powers per
         * lane.
         * x - y is x + (-y) exactly, and (-a) b = -(a b): subtracting ti is adding force_rows'
         * -arm_i tor, bit for bit, one negation fewer. */
        fxi += c.f[0], fyi += c.f[1], fzi += c.f[2];
        pn += c.pn;
        if (!frictionless) txi -= c.ti[0], tyi -= c.ti[1], tzi -= c.ti[2], pt += c.pt, pf += c.pf;
        if (st == FORCE_HALF_REDUCE && frictionless) {
          simd_scatter_sub_force(t->acc, jj, c.f);
        } else if (st == FORCE_HALF_REDUCE) {
          /* j-updates into the thread's records, every lane, subtracted (x - y is x + (-y)
           * exactly: the scalar kernel's adds of -f, without the negations); a lane that does not
           * touch subtracts +0.0 or -0.0, the exact identity, as the records are never -0.0 (its
           * j may be its own row). */
          const SimdD u[KERNEL_ACC] = {c.f[0], c.f[1], c.f[2], c.tj[0], c.tj[1], c.tj[2], zero, zero};
          simd_scatter_sub(t->acc, jj, u);
        } else if (half) { /* atomics, touching lanes only, lane by lane; -(a b) is (-a) b exactly */
          for (int l = 0; l < SIMD_W; l++) {
            if (!c.on[l]) continue;
            const int64_t j = jj[l];
            ATOMIC_ADD(fx[j], -c.f[0][l]);
            ATOMIC_ADD(fy[j], -c.f[1][l]);
            ATOMIC_ADD(fz[j], -c.f[2][l]);
            if (frictionless) continue;
            ATOMIC_ADD(tx[j], -c.tj[0][l]);
            ATOMIC_ADD(ty[j], -c.tj[1][l]);
            ATOMIC_ADD(tz[j], -c.tj[2][l]);
          }
        }
      }
      for (int l = 0; l < SIMD_W && g + l < nrows; l++) {
        const int64_t i = ii[l];
        if (st == FORCE_FULL) { /* the only writer of row i */
          fx[i] = fxi[l], fy[i] = fyi[l], fz[i] = fzi[l], tx[i] = txi[l], ty[i] = tyi[l], tz[i] = tzi[l];
          continue;
        }
        if (!row_on[l]) continue; /* sums of +-0 only: adding them changes no record or force */
        if (st == FORCE_HALF_REDUCE) {
          double *r = t->acc + KERNEL_ACC * i;
          r[0] += fxi[l], r[1] += fyi[l], r[2] += fzi[l], r[3] += txi[l], r[4] += tyi[l], r[5] += tzi[l];
          if (dirty) dirty[i] = 1;
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
  }
  int64_t nc = 0;
  double spn = 0.0, spt = 0.0, spf = 0.0;
  for (int l = 0; l < SIMD_W; l++) nc += contacts[l], spn += pn[l], spt += pt[l], spf += pf[l];
  kernel_stats_add(stats, start, i0, i1, !half, nc, spn, spt, spf, simd_hmax(excess));
}

/* simd_rows for the mixed-precision loop (lane_contact_mixed), half-reduce only: the same rows,
 * gathers and partner updates, with 2 SIMD_W rows a group, two double vectors for the gathers and
 * the geometry and one float vector for the law. Its per-half arrays cost the double loop 2-3 %
 * when one loop served both precisions, so the double loop keeps its own (simd_rows). */
GD_INLINE void simd_rows_mixed(NormalModel nm, DampingForm df, TangentialModel tm, ForceStrategy st,
                               bool frictionless, const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1,
                               ForceStats *stats) {
  if (!simd_form_covered(nm, df) || (frictionless && tm != TANGENTIAL_LINEAR_NOHISTORY)) return;
  if (!mixed_stamped(tm, st)) return; /* from here st is FORCE_HALF_REDUCE */
  enum { P = 2, G = P * SIMD_W }; /* double vectors a group, rows a group */
  const int hs = tangential_nhist(tm);
  double *restrict hist = a->hist;
  const double *restrict pack = a->pack;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  const int nt = a->ntypes;
  const int *restrict type = a->type;
  const unsigned char *restrict interior = a->interior;
  /* a pass with few contacts packs positions alone: the rest from the arrays, touching pairs only */
  const bool soa = a->pack_positions;
  const int64_t stride = soa ? KERNEL_PACK_POSITION : KERNEL_PACK; /* doubles a record */
  const double *const vel[4] = {a->vx, a->vy, a->vz, a->mass}, *const spin[4] = {a->wx, a->wy, a->wz, NULL};
  const double lx = a->len[0], ly = a->len[1], lz = a->len[2];
  const double hx = a->half[0], hy = a->half[1], hz = a->half[2];
  unsigned char *restrict dirty = t->dirty; /* half-reduce with few contacts: the records changed */
  const ContactModel *m1[2 * SIMD_W];
  for (int l = 0; l < 2 * SIMD_W; l++) m1[l] = a->models;
  /* The lanes' coefficients: the single type pair's when nt == 1, set once (a per-step copy of
   * it cost 10 instructions of some 420 per step), else per step. */
  SimdParams_f qf = simd_params_f(m1);
  bool limit_any = false; /* limit_damping on some type pair; else no lane is ever clamped */
  for (int k = 0; k < nt * nt; k++) limit_any = limit_any || a->models[k].limit_damping;
  const SimdD zero = simd_splat(0.0);
  SimdD pn = zero, pt = zero, pf = zero, excess = zero;
  SimdM contacts = (SimdM)zero;
  double dead_hist[4] = {0, 0, 0, 0}; /* the history of dead lanes: read as zeros, written zeros */

  int32_t own[ROW_CHUNK]; /* a chunk's rows by length, when the driver has no cached order */
  for (int64_t c0 = i0; c0 < i1; c0 += ROW_CHUNK) {
    const int64_t c1 = c0 + ROW_CHUNK < i1 ? c0 + ROW_CHUNK : i1;
    const int32_t *rows = own;
    int nrows; /* the rows with a partner; the chunk's other rows follow them in rows[] */
    if (a->row_order) rows = a->row_order + c0, nrows = a->row_live[c0 / ROW_CHUNK];
    else nrows = rows_by_length(start, c0, c1, own);
    for (int g = 0; g < nrows; g += G) {
      /* The group's rows; lanes past the chunk's rows with partners repeat its last one with no
       * entries. */
      int32_t ii[2 * SIMD_W];
      int64_t kb[2 * SIMD_W], nk[2 * SIMD_W];
      int64_t kmax = 0;
      for (int l = 0; l < G; l++) {
        const int64_t i = rows[g + l < nrows ? g + l : nrows - 1];
        ii[l] = (int32_t)i;
        kb[l] = start[i];
        nk[l] = g + l < nrows ? start[i + 1] - start[i] : 0;
        kmax = nk[l] > kmax ? nk[l] : kmax;
      }
      SimdM nkv[2];
      memcpy(nkv, nk, (size_t)P * sizeof nkv[0]);
      /* Whether a row of the group may have a partner across a periodic boundary (else the raw
       * separations are the minimum images, bit for bit: NeighborList.interior). */
      bool wrap = !interior;
      for (int l = 0; l < G && !wrap; l++) wrap = !interior[ii[l]];
      /* x y z R, vx vy vz m, wx wy wz - of each row; the last two at the group's first touching
       * step (a dilute gas's groups mostly have none) */
      SimdD ip[2][4], iv[2][4], iw[2][4];
      bool row_loaded = false, row_f_ready = false;
      LaneRow_f row_f; /* mixed: the rows' radius, mass and spin in single precision, once a group */
      SimdM row_on[2]; /* the rows (lanes) with some touching entry */
      const double *ri[2 * SIMD_W];
      for (int l = 0; l < G; l++) ri[l] = pack + stride * (int64_t)ii[l];
      /* The row sums, one lane per row, each in its row's list order: bitwise force_rows'. */
      SimdD fxi[2], fyi[2], fzi[2], txi[2], tyi[2], tzi[2];
      SIMD_FOR_HALVES(p) {
        simd_gather4(ri + p * SIMD_W, 0, ip[p]);
        for (int c = 0; c < 4; c++) iv[p][c] = iw[p][c] = zero;
        row_on[p] = (SimdM)zero;
        fxi[p] = fyi[p] = fzi[p] = txi[p] = tyi[p] = tzi[p] = zero;
      }
      for (int64_t k = 0; k < kmax; k++) {
        SimdM live[2];
        SIMD_FOR_HALVES(p) live[p] = k < nkv[p];
        int32_t jj[2 * SIMD_W];
        int64_t kk[2 * SIMD_W]; /* list entry of each lane (a dead lane: its row's start, never read) */
        for (int l = 0; l < G; l++) {
          kk[l] = k < nk[l] ? kb[l] + k : kb[l];
          jj[l] = k < nk[l] ? jl[kk[l]] : ii[l]; /* a dead lane pairs its row with itself */
        }
        SimdD jp[2][4], jv[2][4], jw[2][4]; /* the partners' records */
        const double *rj[2 * SIMD_W];
        for (int l = 0; l < G; l++) rj[l] = pack + stride * (int64_t)jj[l];
        SimdD dx[2][3];
        bool any = false;
        SIMD_FOR_HALVES(p) {
          simd_gather4(rj + p * SIMD_W, 0, jp[p]);
          dx[p][0] = ip[p][0] - jp[p][0], dx[p][1] = ip[p][1] - jp[p][1], dx[p][2] = ip[p][2] - jp[p][2];
          if (wrap) {
            dx[p][0] = simd_min_image(dx[p][0], lx, hx);
            dx[p][1] = simd_min_image(dx[p][1], ly, hy);
            dx[p][2] = simd_min_image(dx[p][2], lz, hz);
          }
          /* No lane touching (most steps of a dilute gas): lane_contact's test, the same
           * operations, says so before the rest is gathered. */
          const SimdD radsum = ip[p][3] + jp[p][3];
          const SimdD rsq = dx[p][0] * dx[p][0] + dx[p][1] * dx[p][1] + dx[p][2] * dx[p][2];
          any = any || simd_any((rsq < radsum * radsum) & live[p]);
        }
        /* history models: lane l is list entry kk[l]; a dead lane (kk may be past the list) reads
         * and writes the zeros of dead_hist instead */
        double *hp[2 * SIMD_W];
        if (hs)
          for (int l = 0; l < G; l++) hp[l] = k < nk[l] ? hist + kk[l] * hs : dead_hist;
        /* Its outputs would all be +-0, the identity of every sum, power and record (see above),
         * and its histories zeros: those are stored and the contact skipped, bit for bit. */
        if (!any) {
          if (hs) {
            const SimdD none[4] = {zero, zero, zero, zero};
            SIMD_FOR_HALVES(p) simd_hist_store(hp + p * SIMD_W, hs, none);
          }
          continue;
        }
        if (nt != 1) {
          const ContactModel *ml[2 * SIMD_W];
          for (int l = 0; l < G; l++) ml[l] = &a->models[(type[ii[l]] - 1) * nt + type[jj[l]] - 1];
          qf = simd_params_f(ml);
        }
        SIMD_FOR_HALVES(p) {
          const int32_t *ip_rows = ii + p * SIMD_W, *ip_parts = jj + p * SIMD_W;
          if (!row_loaded && soa) {
            simd_gather_arrays(vel, ip_rows, iv[p]);
            if (!frictionless) simd_gather_arrays(spin, ip_rows, iw[p]);
          } else if (!row_loaded) {
            simd_gather4(ri + p * SIMD_W, 4, iv[p]);
            if (!frictionless) simd_gather4(ri + p * SIMD_W, 8, iw[p]); /* spins: the tangential velocity only */
          }
          for (int c = 0; c < 4; c++) jw[p][c] = zero;
          if (soa) {
            simd_gather_arrays(vel, ip_parts, jv[p]);
            if (!frictionless) simd_gather_arrays(spin, ip_parts, jw[p]);
          } else {
            simd_gather4(rj + p * SIMD_W, 4, jv[p]);
            if (!frictionless) simd_gather4(rj + p * SIMD_W, 8, jw[p]);
          }
        }
        row_loaded = true;
        LanePair in[2];
        SimdD h[2][4];
        SIMD_FOR_HALVES(p) {
          in[p] = (LanePair){.dx = {dx[p][0], dx[p][1], dx[p][2]}, .Ri = ip[p][3], .Rj = jp[p][3], .mi = iv[p][3],
                             .mj = jv[p][3], .live = live[p],
                             .vr = {iv[p][0] - jv[p][0], iv[p][1] - jv[p][1], iv[p][2] - jv[p][2]},
                             .wi = {iw[p][0], iw[p][1], iw[p][2]}, .wj = {jw[p][0], jw[p][1], jw[p][2]}};
          for (int c = 0; c < 4; c++) h[p][c] = zero;
          if (hs) simd_hist_load(hp + p * SIMD_W, hs, h[p]);
        }
        LaneContact cs[2];
        if (!row_f_ready) row_f = lane_row_f(in, !frictionless), row_f_ready = true;
        lane_contact_mixed(nm, df, tm, frictionless, limit_any, &qf, in, &row_f, (float)a->dt, a->history_update, h,
                           cs);
        SIMD_FOR_HALVES(p) {
          const LaneContact *c = &cs[p];
          const int32_t *jh = jj + p * SIMD_W;
          if (hs) simd_hist_store(hp + p * SIMD_W, hs, h[p]);
          /* off contact delta = 0, so delta - min(R) < 0 <= excess: no mask needed */
          excess = simd_max(excess, c->delta - simd_min(in[p].Ri, in[p].Rj));
          contacts -= c->on; /* a true lane is -1 */
          row_on[p] |= c->on;
          if (dirty) /* the j records this step changes (a lane off contact subtracts +-0: no change) */
            for (int l = 0; l < SIMD_W; l++)
              if (c->on[l]) dirty[jh[l]] = 1;
          /* Row sums lane-wise (a dead or non-touching lane adds or subtracts +0.0 or -0.0, both
           * the identity here: a sum that starts at +0.0 is never -0.0 in round-to-nearest);
           * powers per lane.
           * x - y is x + (-y) exactly, and (-a) b = -(a b): subtracting ti is adding force_rows'
           * -arm_i tor, bit for bit, one negation fewer. */
          fxi[p] += c->f[0], fyi[p] += c->f[1], fzi[p] += c->f[2];
          pn += c->pn;
          if (!frictionless) txi[p] -= c->ti[0], tyi[p] -= c->ti[1], tzi[p] -= c->ti[2], pt += c->pt, pf += c->pf;
          if (frictionless) {
            simd_scatter_sub_force(t->acc, jh, c->f);
          } else {
            /* j-updates into the thread's records, every lane, subtracted (x - y is x + (-y)
             * exactly: the scalar kernel's adds of -f, without the negations); a lane that does
             * not touch subtracts +0.0 or -0.0, the exact identity, as the records are never -0.0
             * (its j may be its own row). */
            const SimdD u[KERNEL_ACC] = {c->f[0], c->f[1], c->f[2], c->tj[0], c->tj[1], c->tj[2], zero, zero};
            simd_scatter_sub(t->acc, jh, u);
          }
        }
      }
      SIMD_FOR_HALVES(p)
        for (int l = 0; l < SIMD_W && g + p * SIMD_W + l < nrows; l++) {
          const int64_t i = ii[p * SIMD_W + l];
          if (!row_on[p][l]) continue; /* sums of +-0 only: adding them changes no record or force */
          double *r = t->acc + KERNEL_ACC * i;
          r[0] += fxi[p][l], r[1] += fyi[p][l], r[2] += fzi[p][l];
          r[3] += txi[p][l], r[4] += tyi[p][l], r[5] += tzi[p][l];
          if (dirty) dirty[i] = 1;
        }
    }
  }
  int64_t nc = 0;
  double spn = 0.0, spt = 0.0, spf = 0.0;
  for (int l = 0; l < SIMD_W; l++) nc += contacts[l], spn += pn[l], spt += pt[l], spf += pf[l];
  kernel_stats_add(stats, start, i0, i1, false, nc, spn, spt, spf, simd_hmax(excess)); /* a half list */
}

/* ---- one kernel per covered (normal, damping form, tangential, strategy) ----------------- */

/* 1 where kernel_stamp.c stamps the mixed-precision kernels (their own objects). */
#ifndef GD_STAMP_MIXED
#define GD_STAMP_MIXED 0
#endif
#if GD_STAMP_MIXED
#define SIMD_ROWS simd_rows_mixed
#else
#define SIMD_ROWS simd_rows
#endif

#define SIMD_KERNEL_DEF(N, F, T, S)                                                           \
  static void simd_kernel_##N##__##F##__##T##__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                                   int64_t i1, ForceStats *st) {             \
    SIMD_ROWS(NORMAL_##N, DFORM_##F, TANGENTIAL_##T, FORCE_##S, false, a, t, i0, i1, st);     \
  }
#define SIMD_FRICTIONLESS_DEF(N, F, S)                                                         \
  static void simd_kernel_##N##__##F##__frictionless__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                                          int64_t i1, ForceStats *st) {      \
    SIMD_ROWS(NORMAL_##N, DFORM_##F, TANGENTIAL_LINEAR_NOHISTORY, FORCE_##S, true, a, t, i0, i1, st); \
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
/** The same for the mixed-precision kernels (GD_STAMP_MIXED 1): force_mixed_slice_N. */
#define FORCE_MIXED_DEFINE_NORMAL(N)                                                          \
  DAMPING_FORMS_EX(SIMD_KDEF_F, N)                                                            \
  const SimdSlice force_mixed_slice_##N = {DAMPING_FORMS_EX(SIMD_KTAB_F, N)};

/* The slices of the normal models whose kernels column is VECTOR (normal.h). */
#define SIMD_DECLARE_SLICE_VECTOR(N) extern const SimdSlice force_simd_slice_##N, force_mixed_slice_##N;
#define SIMD_DECLARE_SLICE_SCALAR(N)
#define SIMD_DECLARE_SLICE_NONE(N)
#define SIMD_DECLARE_SLICE(c, N, id, name, nc, fl, cn, kern) SIMD_DECLARE_SLICE_##kern(N)
NORMAL_MODELS_EX(SIMD_DECLARE_SLICE, _)

#endif
