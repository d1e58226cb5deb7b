/*
 * contact_lanes.h - contact_force() of contact.h for SIMD_W pairs at once, one pair per lane:
 * the same operations in the same order, its selects as lane masks, so a lane's results are
 * the scalar contact's bit for bit. A physics change edits this file and contact.h, its
 * neighbour. Covers hooke, hertz, hertz/material and dmt with every damping form and
 * tangential model they allow (jkr and mdr run the scalar kernels). The lane arithmetic is
 * src/base/lanes.h; the rows, gathers and scatters around it are src/loop/force_simd.h.
 */
#ifndef GD_CONTACT_LANES_H
#define GD_CONTACT_LANES_H

#include <string.h>

#include "contact.h"
#include "lanes.h"

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

/* One pair per lane, as the pair loops gather it (a wall has no vector loop). */
typedef struct LanePair {
  SimdD dx[3];         /* x_i - x_j, minimum image */
  SimdD vr[3];         /* v_i - v_j */
  SimdD wi[3], wj[3];  /* spins (not read by the frictionless loops) */
  SimdD Ri, Rj, mi, mj;
  SimdM live;          /* lanes that hold a list entry (the others pair a row with itself) */
} LanePair;

/* What the loops keep of a lane's contact; every output is zero on a lane not kept (out). */
typedef struct LaneContact {
  SimdM on;         /* touching */
  SimdM out;        /* lanes whose outputs are kept: on, or every lane where off-contact outputs
                     * are zeros anyway (zero_off in lane_contact) */
  SimdD delta;      /* overlap, 0 off contact */
  SimdD f[3];       /* force on i; j receives -f */
  SimdD ti[3];      /* arm_i (n x fs): i's torque is -ti */
  SimdD tj[3];      /* arm_j (n x fs): j's torque is -tj */
  SimdD pn, pt, pf; /* power of the normal dashpot, the tangential dashpot, friction */
} LaneContact;

/* Steps 1-9 of §4 (docs/models.md) for SIMD_W pairs: contact_force() lane-wise. h[0..3] is the
 * lanes' tangential history (history models; zeroed on lanes not touching), q the lanes'
 * coefficients. frictionless (linear_nohistory only): every lane's tangential force is +-0, so
 * it is not computed and the loop reads neither ti, tj, pt nor pf (force_simd.h says why that
 * is bit for bit). limit_any: some lane may have limit_damping. */
GD_INLINE void lane_contact(NormalModel nm, DampingForm df, TangentialModel tm, bool frictionless, bool limit_any,
                            const SimdParams *qp, const LanePair *in, double dt, bool history_update, SimdD h[4],
                            LaneContact *c) {
  const SimdParams q = *qp;
  const DampingModel dm = damping_form_model(df); /* every model of the form: the same pair code */
  const bool need_a = contact_needs_radius(nm, dm, tm);
  const SimdD zero = simd_splat(0.0);
  const SimdD dx0 = in->dx[0], dx1 = in->dx[1], dx2 = in->dx[2];
  const SimdD Ri = in->Ri, Rj = in->Rj, mi = in->mi, mj = in->mj;
  const SimdD rsq = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
  const SimdD radsum = Ri + Rj;
  const SimdD Reff = Ri * Rj / (Ri + Rj);
  const SimdM on = (rsq < radsum * radsum) & in->live;
  /* Zero outputs off contact. With linear_nohistory on a non-cohesive model, a lane that does
   * not touch (dead lanes included: r = 0) gets n = 0 and Fntot = 0, hence Fscrit = 0,
   * |fs| = 0 and zero force, torques and tangential power (+0.0 or -0.0, which the sums and
   * records take exactly; inputs finite). Its outputs then need no masks (out: every lane),
   * some 6 vector operations fewer per step. dmt (pull-off force off contact) and the
   * history models (stored springs) keep them. */
  const bool zero_off = tm == TANGENTIAL_LINEAR_NOHISTORY && nm != NORMAL_DMT;
  const SimdM out = zero_off ? (SimdM)(zero == zero) : on; /* the lanes whose outputs are kept */
  /* Step 1: geometry (§1.1). */
  const SimdD r = simd_sqrt(rsq), rinv = zero_off ? simd_sel(on, 1.0 / r, zero) : 1.0 / r;
  const SimdD n0 = dx0 * rinv, n1 = dx1 * rinv, n2 = dx2 * rinv;
  const SimdD vr0 = in->vr[0], vr1 = in->vr[1], vr2 = in->vr[2];
  const SimdD vnnr = vr0 * n0 + vr1 * n1 + vr2 * n2;
  const SimdD vt0 = vr0 - vnnr * n0, vt1 = vr1 - vnnr * n1, vt2 = vr2 - vnnr * n2;
  const SimdD wr0 = Ri * in->wi[0] + Rj * in->wj[0];
  const SimdD wr1 = Ri * in->wi[1] + Rj * in->wj[1];
  const SimdD wr2 = Ri * in->wi[2] + Rj * in->wj[2];
  const SimdD vtr0 = vt0 - (wr1 * n2 - wr2 * n1), vtr1 = vt1 - (wr2 * n0 - wr0 * n2),
              vtr2 = vt2 - (wr0 * n1 - wr1 * n0);
  const SimdD vrel = simd_sqrt(vtr0 * vtr0 + vtr1 * vtr1 + vtr2 * vtr2);
  const SimdD meff = mi * mj / (mi + mj);
  /* Steps 2-7: normal force and damping (contact_normal_force, normal_force, damping_eta). */
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
  /* Step 8: tangential (tangential_force). */
  const SimdD eta_t = q.xt * eta;
  const SimdD Fscrit = q.mu * Fncrit;
  SimdD fs0 = zero, fs1 = zero, fs2 = zero, pt = zero, pf = zero;
  if (frictionless) {
    /* none */
  } else if (tm == TANGENTIAL_LINEAR_NOHISTORY) { /* dashpot capped at mu_t Fncrit */
    const SimdD fdamp = eta_t * vrel;
    const SimdD fmag = simd_min(Fscrit, fdamp);
    const SimdD scale = simd_sel(vrel != 0.0, -fmag / vrel, zero);
    fs0 = scale * vtr0, fs1 = scale * vtr1, fs2 = scale * vtr2;
    const SimdM sliding = Fscrit < fdamp;
    const SimdD P = fmag * vrel;
    pt = simd_sel(out & ~sliding, P, zero), pf = simd_sel(out & sliding, P, zero);
  } else {
    const SimdD nv[3] = {n0, n1, n2}, vtr[3] = {vtr0, vtr1, vtr2};
    SimdD fs[3], p_damp, p_fric;
    simd_tangential_history(tm, q.kt, ca, eta_t, Fscrit, nv, vtr, dt, history_update, h, fs, &p_damp, &p_fric);
    for (int k = 0; k < tangential_nhist(tm); k++) h[k] = simd_sel(on, h[k], zero); /* zeroed when it ends */
    fs0 = fs[0], fs1 = fs[1], fs2 = fs[2];
    pt = simd_sel(on, p_damp, zero), pf = simd_sel(on, p_fric, zero);
  }
  /* Step 9: force and torques. */
  const SimdD tor0 = n1 * fs2 - n2 * fs1, tor1 = n2 * fs0 - n0 * fs2, tor2 = n0 * fs1 - n1 * fs0;
  const SimdD arm_i = Ri - 0.5 * delta, arm_j = Rj - 0.5 * delta;
  c->on = on;
  c->out = out;
  c->delta = delta;
  c->f[0] = simd_sel(out, frictionless ? Fntot * n0 : Fntot * n0 + fs0, zero);
  c->f[1] = simd_sel(out, frictionless ? Fntot * n1 : Fntot * n1 + fs1, zero);
  c->f[2] = simd_sel(out, frictionless ? Fntot * n2 : Fntot * n2 + fs2, zero);
  c->ti[0] = simd_sel(out, arm_i * tor0, zero);
  c->ti[1] = simd_sel(out, arm_i * tor1, zero);
  c->ti[2] = simd_sel(out, arm_i * tor2, zero);
  c->tj[0] = simd_sel(out, arm_j * tor0, zero);
  c->tj[1] = simd_sel(out, arm_j * tor1, zero);
  c->tj[2] = simd_sel(out, arm_j * tor2, zero);
  const SimdD p_dashpot = eta * vnnr * vnnr; /* the dashpot's power, or Fne vnnr where clamped */
  /* zero_off: vnnr = 0 off contact (n = 0), and no such lane is clamped (Fntot = +-0) */
  const SimdD pn_lane = limit_any ? simd_sel(clamped, Fne * vnnr, p_dashpot) : p_dashpot;
  c->pn = zero_off ? pn_lane : simd_sel(on, pn_lane, zero);
  c->pt = pt;
  c->pf = pf;
}

#endif
