/*
 * force_simd.h - internal to the force pass: the explicitly vectorised pair-loop body and the macro
 * that stamps out its specialisations.
 *
 * Covered: normal hooke, hertz, hertz/material, dmt (every damping model each allows) with every
 * tangential model (linear_nohistory, and the history models linear_history and the mindlin
 * family: their history is loaded lane by lane and stored for the touching lanes, zeroed for
 * the others), all three strategies. Not covered (scalar force_rows): jkr (its touch-flag
 * hysteresis, extended touch range and cbrt contact radius) and mdr. force_simd_kernel() picks
 * the kernel (by default only in AVX builds, see force_simd.c); force_compute() falls back to
 * the scalar table when it returns NULL.
 *
 * Design. The lanes are SIMD_W consecutive neighbours j of one row i (SIMD_W = 4 doubles with
 * AVX, 2 with the SSE2 baseline): the i-data are broadcast once per row, the j-data gathered
 * into vectors by scalar loads, and the row tail is padded with a copy of the chunk's first
 * partner under a false lane mask. The per-pair arithmetic is contact_force() of contact.h
 * for these models, written on GCC vector types with the same operations in the same order and
 * association (the build keeps -ffp-contract off in ISO C mode, so neither path fuses), and its
 * branches as masked selects; a lane's results are those of the scalar kernel bit for bit. The
 * i-sums and the powers are added lane by lane in list order, as force_rows adds them, so the
 * forces and statistics are bitwise those of the scalar kernel (full and half-reduce, any
 * thread count; half-atomic up to the order of its atomics) (lane-wise vector sums reduced once per row measured 1.8e-12 from `_ref` on the
 * tests' metric, past the 1e-12 budget, on near-cancelling atoms of a 4000-sphere packing;
 * the serial adds cost about 10 instructions per pair). The j-updates of the half strategies
 * are scalar stores after the vector body.
 *
 * sqrt is a loop over lanes that the vectoriser turns into one (v)sqrtpd; division is the
 * vector operator. Non-touching lanes compute garbage (0/0 in the discarded branch of a
 * select; the build uses -fno-trapping-math) that the selects drop.
 */
#ifndef GD_FORCE_SIMD_H
#define GD_FORCE_SIMD_H

#include <stdint.h>
#include <string.h>

#include "force_kernel.h"

#if defined(__AVX__)
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
 *  kernels; see force_simd.c). */
ForceKernel force_simd_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st);

GD_INLINE SimdD simd_splat(double x) {
#if SIMD_W == 4
  return (SimdD){x, x, x, x};
#else
  return (SimdD){x, x};
#endif
}
GD_INLINE SimdD simd_sel(SimdM m, SimdD a, SimdD b) { return (SimdD)(((SimdM)a & m) | ((SimdM)b & ~m)); }
GD_INLINE SimdD simd_sqrt(SimdD v) {
  SimdD r = {0};
  for (int l = 0; l < SIMD_W; l++) r[l] = __builtin_sqrt(v[l]);
  return r;
}
/* gd_max / gd_min / fabs of normal.h, lane-wise. */
GD_INLINE SimdD simd_max(SimdD a, SimdD b) { return simd_sel(a > b, a, b); }
GD_INLINE SimdD simd_min(SimdD a, SimdD b) { return simd_sel(a < b, a, b); }
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
/* Lane l of the result is p[idx[l]]. */
GD_INLINE SimdD simd_gather(const double *restrict p, const int32_t *idx) {
  SimdD v = {0};
  for (int l = 0; l < SIMD_W; l++) v[l] = p[idx[l]];
  return v;
}

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

/* Whether the vector body covers the combination (constant for literal ids). */
GD_INLINE bool simd_covered(NormalModel nm, DampingModel dm, TangentialModel tm) {
  (void)tm; /* every tangential model */
  return combo_valid(nm, dm) && nm != NORMAL_JKR;
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
  *p_damp = simd_sel(sliding, zero, eta_t * (vtr[0] * vtr[0] + vtr[1] * vtr[1] + vtr[2] * vtr[2]));
}

/* force_rows() of force_kernel.h for the covered models, SIMD_W partners at a time. */
GD_INLINE void simd_rows(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st,
                         const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *stats) {
  if (!simd_covered(nm, dm, tm)) return;
  const bool half = st != FORCE_FULL;
  const bool need_a = contact_needs_radius(nm, dm, tm);
  const int hs = tangential_nhist(tm);
  double *restrict hist = a->hist;
  const double *restrict x = a->x, *restrict y = a->y, *restrict z = a->z;
  const double *restrict vx = a->vx, *restrict vy = a->vy, *restrict vz = a->vz;
  const double *restrict wx = a->wx, *restrict wy = a->wy, *restrict wz = a->wz;
  const double *restrict rad = a->rad, *restrict mass = a->mass;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  const int nt = a->ntypes;
  const int *restrict type = a->type;
  const double lx = a->len[0], ly = a->len[1], lz = a->len[2];
  const double hx = a->half[0], hy = a->half[1], hz = a->half[2];
  double *restrict fx = t->fx, *restrict fy = t->fy, *restrict fz = t->fz;
  double *restrict tx = t->tx, *restrict ty = t->ty, *restrict tz = t->tz;
  SimdM lane = {0};
  for (int l = 0; l < SIMD_W; l++) lane[l] = l;
  const ContactModel *m1[SIMD_W];
  for (int l = 0; l < SIMD_W; l++) m1[l] = a->models;
  const SimdParams one = simd_params(m1); /* the single type pair when nt == 1 */
  const SimdD zero = simd_splat(0.0);
  double pn = 0.0, pt = 0.0, pf = 0.0;
  SimdD excess = zero;
  SimdM contacts = lane & 0;

  for (int64_t i = i0; i < i1; i++) {
    const double xi = x[i], yi = y[i], zi = z[i], Ri = rad[i], mi = mass[i];
    const double vxi = vx[i], vyi = vy[i], vzi = vz[i], wxi = wx[i], wyi = wy[i], wzi = wz[i];
    const ContactModel *mrow = nt == 1 ? a->models : &a->models[(type[i] - 1) * nt];
    double fxi = 0.0, fyi = 0.0, fzi = 0.0, txi = 0.0, tyi = 0.0, tzi = 0.0;
    const int64_t kend = start[i + 1];
    for (int64_t k = start[i]; k < kend; k += SIMD_W) {
      const int64_t cnt = kend - k < SIMD_W ? kend - k : SIMD_W;
      int32_t jj[SIMD_W];
      for (int l = 0; l < SIMD_W; l++) jj[l] = jl[l < cnt ? k + l : k]; /* pad with a real pair */
      SimdParams q = one;
      if (nt != 1) {
        const ContactModel *ml[SIMD_W];
        for (int l = 0; l < SIMD_W; l++) ml[l] = &mrow[type[jj[l]] - 1];
        q = simd_params(ml);
      }
      const SimdD Rj = simd_gather(rad, jj), mj = simd_gather(mass, jj);
      /* Geometry (contact_force step 1). */
      const SimdD dx0 = simd_min_image(xi - simd_gather(x, jj), lx, hx);
      const SimdD dx1 = simd_min_image(yi - simd_gather(y, jj), ly, hy);
      const SimdD dx2 = simd_min_image(zi - simd_gather(z, jj), lz, hz);
      const SimdD rsq = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
      const SimdD radsum = Ri + Rj;
      const SimdD Reff = Ri * Rj / (Ri + Rj);
      const SimdM on = (rsq < radsum * radsum) & (lane < cnt);
      const SimdD r = simd_sqrt(rsq), rinv = 1.0 / r;
      const SimdD n0 = dx0 * rinv, n1 = dx1 * rinv, n2 = dx2 * rinv;
      const SimdD vr0 = vxi - simd_gather(vx, jj), vr1 = vyi - simd_gather(vy, jj), vr2 = vzi - simd_gather(vz, jj);
      const SimdD vnnr = vr0 * n0 + vr1 * n1 + vr2 * n2;
      const SimdD vt0 = vr0 - vnnr * n0, vt1 = vr1 - vnnr * n1, vt2 = vr2 - vnnr * n2;
      const SimdD wr0 = Ri * wxi + Rj * simd_gather(wx, jj);
      const SimdD wr1 = Ri * wyi + Rj * simd_gather(wy, jj);
      const SimdD wr2 = Ri * wzi + Rj * simd_gather(wz, jj);
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
      SimdD eta = zero;
      if (dm == DAMPING_VELOCITY) eta = q.D;
      else if (dm == DAMPING_MASS_VELOCITY) eta = q.D * meff;
      else if (dm == DAMPING_VISCOELASTIC) eta = q.D * meff * ca;
      else if (dm == DAMPING_TSUJI || dm == DAMPING_TSUJI_LEGACY || dm == DAMPING_COEFF_RESTITUTION) {
        /* the guard of damping_eta (§3.3): delta > 0, and max(0, .) before the sqrt */
        const SimdD arg = simd_sel(delta > 0.0, simd_max(zero, meff * Fne / delta), zero);
        eta = q.D * simd_sqrt(arg);
      }
      const SimdD Fdamp = -eta * vnnr;
      SimdD Fntot = Fne + Fdamp;
      const SimdM clamped = q.limit & (Fntot < 0.0);
      Fntot = simd_sel(clamped, zero, Fntot);
      const SimdD Fncrit = nm == NORMAL_DMT ? simd_abs(Fne + 2.0 * F_po) : simd_abs(Fntot);
      /* Tangential (tangential_force). */
      const SimdD eta_t = q.xt * eta;
      const SimdD Fscrit = q.mu * Fncrit;
      SimdD fs0, fs1, fs2, pt_k, pf_k;
      if (tm == TANGENTIAL_LINEAR_NOHISTORY) { /* dashpot capped at mu_t Fncrit */
        const SimdD fdamp = eta_t * vrel;
        const SimdD fmag = simd_min(Fscrit, fdamp);
        const SimdD scale = simd_sel(vrel != 0.0, -fmag / vrel, zero);
        fs0 = scale * vtr0, fs1 = scale * vtr1, fs2 = scale * vtr2;
        const SimdM sliding = Fscrit < fdamp;
        const SimdD P = fmag * vrel;
        pt_k = simd_sel(on & ~sliding, P, zero), pf_k = simd_sel(on & sliding, P, zero);
      } else { /* history: lane l is list entry k + l; padding lanes read entry k, store nothing */
        SimdD h[4] = {zero, zero, zero, zero};
        for (int c = 0; c < hs; c++)
          for (int l = 0; l < SIMD_W; l++) h[c][l] = hist[(l < cnt ? k + l : k) * hs + c];
        const SimdD nv[3] = {n0, n1, n2}, vtr[3] = {vtr0, vtr1, vtr2};
        SimdD fs[3], p_damp, p_fric;
        simd_tangential_history(tm, q.kt, ca, eta_t, Fscrit, nv, vtr, a->dt, a->history_update, h, fs, &p_damp,
                                &p_fric);
        for (int c = 0; c < hs; c++)
          for (int l = 0; l < cnt; l++) hist[(k + l) * hs + c] = on[l] ? h[c][l] : 0.0; /* zeroed when it ends */
        fs0 = fs[0], fs1 = fs[1], fs2 = fs[2];
        pt_k = simd_sel(on, p_damp, zero), pf_k = simd_sel(on, p_fric, zero);
      }
      /* Force and torques (step 9). */
      const SimdD tor0 = n1 * fs2 - n2 * fs1, tor1 = n2 * fs0 - n0 * fs2, tor2 = n0 * fs1 - n1 * fs0;
      const SimdD arm_i = Ri - 0.5 * delta, arm_j = Rj - 0.5 * delta;
      const SimdD f0 = simd_sel(on, Fntot * n0 + fs0, zero);
      const SimdD f1 = simd_sel(on, Fntot * n1 + fs1, zero);
      const SimdD f2 = simd_sel(on, Fntot * n2 + fs2, zero);
      const SimdD ti0 = simd_sel(on, -arm_i * tor0, zero);
      const SimdD ti1 = simd_sel(on, -arm_i * tor1, zero);
      const SimdD ti2 = simd_sel(on, -arm_i * tor2, zero);
      const SimdD pn_k = simd_sel(on, simd_sel(clamped, Fne * vnnr, eta * vnnr * vnnr), zero);
      excess = simd_sel(on, simd_max(excess, delta - simd_min(simd_splat(Ri), Rj)), excess);
      contacts -= on; /* a true lane is -1 */
      /* The sums in list order, lane by lane, as force_rows adds them: bitwise the scalar
       * kernel's. A masked lane adds +0.0, the identity here (a sum that starts at +0.0 is
       * never -0.0 in round-to-nearest). */
      for (int l = 0; l < SIMD_W; l++) {
        fxi += f0[l], fyi += f1[l], fzi += f2[l], txi += ti0[l], tyi += ti1[l], tzi += ti2[l];
        pn += pn_k[l], pt += pt_k[l], pf += pf_k[l];
      }
      if (half) { /* j-updates, scalar, touching lanes only (as force_rows) */
        const SimdD tj0 = -arm_j * tor0, tj1 = -arm_j * tor1, tj2 = -arm_j * tor2;
        for (int l = 0; l < SIMD_W; l++) {
          if (!on[l]) continue;
          const int64_t j = jj[l];
          if (st == FORCE_HALF_REDUCE) {
            fx[j] -= f0[l];
            fy[j] -= f1[l];
            fz[j] -= f2[l];
            tx[j] += tj0[l];
            ty[j] += tj1[l];
            tz[j] += tj2[l];
          } else {
            ATOMIC_ADD(fx[j], -f0[l]);
            ATOMIC_ADD(fy[j], -f1[l]);
            ATOMIC_ADD(fz[j], -f2[l]);
            ATOMIC_ADD(tx[j], tj0[l]);
            ATOMIC_ADD(ty[j], tj1[l]);
            ATOMIC_ADD(tz[j], tj2[l]);
          }
        }
      }
    }
    if (st == FORCE_FULL) { /* the only writer of row i */
      fx[i] = fxi, fy[i] = fyi, fz[i] = fzi, tx[i] = txi, ty[i] = tyi, tz[i] = tzi;
    } else if (st == FORCE_HALF_REDUCE) {
      fx[i] += fxi, fy[i] += fyi, fz[i] += fzi, tx[i] += txi, ty[i] += tyi, tz[i] += tzi;
    } else {
      ATOMIC_ADD(fx[i], fxi);
      ATOMIC_ADD(fy[i], fyi);
      ATOMIC_ADD(fz[i], fzi);
      ATOMIC_ADD(tx[i], txi);
      ATOMIC_ADD(ty[i], tyi);
      ATOMIC_ADD(tz[i], tzi);
    }
  }
  int64_t nc = 0;
  for (int l = 0; l < SIMD_W; l++) nc += contacts[l];
  const double w = half ? 1.0 : 0.5; /* the full list sees each pair twice */
  stats->pairs += (start[i1] - start[i0]);
  stats->contacts += nc;
  stats->power_normal += w * pn;
  stats->power_tangential += w * pt;
  stats->power_friction += w * pf;
  stats->overlap_excess = gd_max(stats->overlap_excess, simd_hmax(excess));
}

/* ---- one kernel per covered (normal, damping, strategy) ---------------------------------- */

#define SIMD_KERNEL_DEF(N, D, T, S)                                                           \
  static void simd_kernel_##N##__##D##__##T##__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                                   int64_t i1, ForceStats *st) {             \
    simd_rows(NORMAL_##N, DAMPING_##D, TANGENTIAL_##T, FORCE_##S, a, t, i0, i1, st);          \
  }
#define SIMD_KDEF_S(ctx, S, ...) GD_CALL(SIMD_KERNEL_DEF, (GD_UNPACK3 ctx, S))
#define SIMD_KDEF_T(ctx, T, ...) FORCE_STRATEGIES_EX(SIMD_KDEF_S, (GD_UNPACK2 ctx, T))
#define SIMD_KDEF_D(N, D, ...) TANGENTIAL_MODELS_EX(SIMD_KDEF_T, (N, D))

#define SIMD_KTAB_ENTRY(N, D, T, S) [DAMPING_##D][TANGENTIAL_##T][FORCE_##S] = simd_kernel_##N##__##D##__##T##__##S,
#define SIMD_KTAB_S(ctx, S, ...) GD_CALL(SIMD_KTAB_ENTRY, (GD_UNPACK3 ctx, S))
#define SIMD_KTAB_T(ctx, T, ...) FORCE_STRATEGIES_EX(SIMD_KTAB_S, (GD_UNPACK2 ctx, T))
#define SIMD_KTAB_D(N, D, ...) TANGENTIAL_MODELS_EX(SIMD_KTAB_T, (N, D))

typedef ForceKernel SimdSlice[N_DAMPING][N_TANGENTIAL][N_STRATEGY];

/** Defines the vector kernels of normal model N and their table slice force_simd_slice_N
 *  (uncovered combinations are empty functions that force_simd_kernel never returns). */
#define FORCE_SIMD_DEFINE_NORMAL(N)                                                           \
  DAMPING_MODELS_EX(SIMD_KDEF_D, N)                                                           \
  const SimdSlice force_simd_slice_##N = {DAMPING_MODELS_EX(SIMD_KTAB_D, N)};

extern const SimdSlice force_simd_slice_HOOKE, force_simd_slice_HERTZ, force_simd_slice_HERTZ_MATERIAL,
    force_simd_slice_DMT;

#endif
