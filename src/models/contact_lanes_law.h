/*
 * contact_lanes_law.h - the lane-wise contact law after the geometry: steps 2-9 of §4
 * (docs/models.md) on LANE_T vectors, written once and included twice by contact_lanes.h: on
 * SimdD (the double loop, the scalar contact_force()'s operations bit for bit) and on SimdF (the
 * mixed-precision loop, the same operations rounded to single precision). No include guard.
 *
 * The includer defines LANE_T (the lane type), LANE_M (its mask), LANE_S (its scalar), LANE_MS
 * (a mask lane), LANE_N (lanes), LANE_(name) (the instance's names) and the helpers L_SPLAT,
 * L_SEL, L_SQRT, L_MAX, L_MIN, L_ANY and L_ABS of src/base/lanes.h; the end of this file
 * undefines them for the next instance.
 */

/* The per-type-pair coefficients the covered models read, one lane per pair. */
typedef struct LANE_(SimdParams) {
  LANE_T k;      /* NormalParams.k */
  LANE_T kt;     /* TangentialParams.kt (history models) */
  LANE_T g4;     /* 4 pi gamma (dmt: F_po = g4 Reff, the association of normal_force) */
  LANE_T D;      /* DampingParams.D */
  LANE_T xt, mu; /* TangentialParams */
  LANE_M limit;  /* limit_damping */
} LANE_(SimdParams);

GD_INLINE LANE_(SimdParams) LANE_(simd_params)(const ContactModel *const m[LANE_N]) {
  LANE_S k[LANE_N], kt[LANE_N], g4[LANE_N], D[LANE_N], xt[LANE_N], mu[LANE_N];
  LANE_MS limit[LANE_N];
  for (int l = 0; l < LANE_N; l++) {
    k[l] = (LANE_S)m[l]->normal.k;
    kt[l] = (LANE_S)m[l]->tangential.kt;
    g4[l] = (LANE_S)(4.0 * GD_PI * m[l]->normal.gamma);
    D[l] = (LANE_S)m[l]->damping.D;
    xt[l] = (LANE_S)m[l]->tangential.xt;
    mu[l] = (LANE_S)m[l]->tangential.mu;
    limit[l] = m[l]->limit_damping ? -1 : 0;
  }
  LANE_(SimdParams) q; /* filled through memcpy: lane stores into a struct member trip -Wmaybe-uninitialized */
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
GD_INLINE void LANE_(simd_tangential_history)(TangentialModel tm, LANE_T kt, LANE_T a, LANE_T eta_t, LANE_T Fscrit,
                                              const LANE_T n[3], const LANE_T vtr[3], LANE_S dt, bool history_update,
                                              LANE_T h[4], LANE_T fs[3], LANE_T *p_damp, LANE_T *p_fric) {
  const LANE_T zero = L_SPLAT(0);
  const bool mindlin = tm != TANGENTIAL_LINEAR_HISTORY;
  const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const bool rescale = tm == TANGENTIAL_MINDLIN_RESCALE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const LANE_T k = mindlin ? kt * a : kt;
  LANE_T h0 = h[0], h1 = h[1], h2 = h[2];
  if (rescale) { /* step 0: unloading shrinks the history with the contact */
    const LANE_T factor = L_SEL(a < h[3], a / h[3], L_SPLAT(1));
    h0 *= factor, h1 *= factor, h2 *= factor;
  }
  if (history_update) { /* step 1: rotate onto the tangent plane, rescale, accumulate */
    const LANE_T hn = h0 * n[0] + h1 * n[1] + h2 * n[2];
    const LANE_T ahn = L_ABS(hn);
    const LANE_M rotate = (force_history ? ahn : ahn * k) > (LANE_S)TANGENTIAL_EPSILON * Fscrit;
    const LANE_T mag = L_SQRT(h0 * h0 + h1 * h1 + h2 * h2);
    const LANE_T p0 = h0 - hn * n[0], p1 = h1 - hn * n[1], p2 = h2 - hn * n[2];
    const LANE_T prj = L_SQRT(p0 * p0 + p1 * p1 + p2 * p2);
    const LANE_T scale = L_SEL(prj > 0, mag / prj, zero);
    h0 = L_SEL(rotate, p0 * scale, h0);
    h1 = L_SEL(rotate, p1 * scale, h1);
    h2 = L_SEL(rotate, p2 * scale, h2);
    if (force_history) {
      h0 += -k * vtr[0] * dt, h1 += -k * vtr[1] * dt, h2 += -k * vtr[2] * dt;
    } else {
      h0 += vtr[0] * dt, h1 += vtr[1] * dt, h2 += vtr[2] * dt;
    }
    if (rescale) h[3] = a;
  }
  /* step 2: spring (or stored elastic force) plus dashpot */
  LANE_T fs0 = (force_history ? h0 : -k * h0) - eta_t * vtr[0];
  LANE_T fs1 = (force_history ? h1 : -k * h1) - eta_t * vtr[1];
  LANE_T fs2 = (force_history ? h2 : -k * h2) - eta_t * vtr[2];
  /* step 3: Coulomb cap, rewriting the history (k = 0 keeps 0, as the scalar kernel) */
  const LANE_T fsmag = L_SQRT(fs0 * fs0 + fs1 * fs1 + fs2 * fs2);
  const LANE_M sliding = fsmag > Fscrit;
  const LANE_T p_stick = eta_t * (vtr[0] * vtr[0] + vtr[1] * vtr[1] + vtr[2] * vtr[2]);
  if (!L_ANY(sliding)) { /* all lanes stick: what the selects below keep, without the cap's 4 divisions */
    h[0] = h0, h[1] = h1, h[2] = h2;
    fs[0] = fs0, fs[1] = fs1, fs[2] = fs2;
    *p_fric = zero;
    *p_damp = p_stick;
    return;
  }
  const LANE_M has_history = (h0 * h0 + h1 * h1 + h2 * h2) != 0;
  const LANE_T cap = Fscrit / fsmag;
  const LANE_T c0 = fs0 * cap, c1 = fs1 * cap, c2 = fs2 * cap;
  const LANE_T e0 = c0 + eta_t * vtr[0], e1 = c1 + eta_t * vtr[1], e2 = c2 + eta_t * vtr[2];
  const LANE_M k_ok = k != 0;
  const LANE_T r0 = force_history ? e0 : L_SEL(k_ok, -e0 / k, zero);
  const LANE_T r1 = force_history ? e1 : L_SEL(k_ok, -e1 / k, zero);
  const LANE_T r2 = force_history ? e2 : L_SEL(k_ok, -e2 / k, zero);
  const LANE_M rewrite = sliding & has_history;
  h[0] = L_SEL(rewrite, r0, h0);
  h[1] = L_SEL(rewrite, r1, h1);
  h[2] = L_SEL(rewrite, r2, h2);
  fs0 = L_SEL(sliding, L_SEL(has_history, c0, zero), fs0);
  fs1 = L_SEL(sliding, L_SEL(has_history, c1, zero), fs1);
  fs2 = L_SEL(sliding, L_SEL(has_history, c2, zero), fs2);
  fs[0] = fs0, fs[1] = fs1, fs[2] = fs2;
  *p_fric = L_SEL(sliding, -(fs0 * vtr[0] + fs1 * vtr[1] + fs2 * vtr[2]), zero);
  *p_damp = L_SEL(sliding, zero, p_stick);
}

/* One pair per lane: what the loops gather (dx, live and the kinematics) and what the geometry
 * adds for the law (touching, overlap, unit normal; zero_off's n = 0 off contact). One struct,
 * filled in place, so that the double loop copies nothing between its gathers and the law. */
typedef struct LANE_(LaneLawIn) {
  LANE_T dx[3];          /* x_i - x_j, minimum image (the geometry's input) */
  LANE_M live;           /* lanes that hold a list entry (the others pair a row with itself) */
  LANE_M on;             /* touching */
  LANE_T delta;          /* overlap, 0 off contact */
  LANE_T n[3];           /* unit normal from j to i */
  LANE_T vr[3];          /* v_i - v_j */
  LANE_T wi[3], wj[3];   /* spins (not read by the frictionless loops) */
  LANE_T Ri, Rj, mi, mj;
} LANE_(LaneLawIn);

/* What the loops keep of a lane's contact; every output is zero on a lane not kept (out). */
typedef struct LANE_(LaneContact) {
  LANE_M on;          /* touching */
  LANE_M out;         /* lanes whose outputs are kept: on, or every lane where off-contact outputs
                       * are zeros anyway (zero_off of lane_contact) */
  LANE_T delta;       /* overlap, 0 off contact */
  LANE_T f[3];        /* force on i; j receives -f */
  LANE_T ti[3];       /* arm_i (n x fs): i's torque is -ti */
  LANE_T tj[3];       /* arm_j (n x fs): j's torque is -tj */
  LANE_T pn, pt, pf;  /* power of the normal dashpot, the tangential dashpot, friction */
} LANE_(LaneContact);

/* Steps 1 (from the normal on) to 9 of §4 for LANE_N pairs, contact_force()'s operations lane-wise.
 * zero_off: linear_nohistory on a non-cohesive model, whose off-contact lanes give zero outputs
 * unmasked (lane_contact says why). */
GD_INLINE void LANE_(lane_law)(NormalModel nm, DampingForm df, TangentialModel tm, bool frictionless,
                               bool limit_any, bool zero_off, const LANE_(SimdParams) *qp,
                               const LANE_(LaneLawIn) *in, LANE_S dt, bool history_update, LANE_T h[4],
                               LANE_(LaneContact) *c) {
  const LANE_(SimdParams) q = *qp;
  const DampingModel dm = damping_form_model(df); /* every model of the form: the same pair code */
  const bool need_a = contact_needs_radius(nm, dm, tm);
  const LANE_T zero = L_SPLAT(0);
  const LANE_T Ri = in->Ri, Rj = in->Rj, mi = in->mi, mj = in->mj;
  const LANE_T Reff = Ri * Rj / (Ri + Rj);
  const LANE_M on = in->on;
  const LANE_M out = zero_off ? (LANE_M)(zero == zero) : on; /* the lanes whose outputs are kept */
  const LANE_T n0 = in->n[0], n1 = in->n[1], n2 = in->n[2];
  const LANE_T vr0 = in->vr[0], vr1 = in->vr[1], vr2 = in->vr[2];
  const LANE_T vnnr = vr0 * n0 + vr1 * n1 + vr2 * n2;
  const LANE_T vt0 = vr0 - vnnr * n0, vt1 = vr1 - vnnr * n1, vt2 = vr2 - vnnr * n2;
  const LANE_T wr0 = Ri * in->wi[0] + Rj * in->wj[0];
  const LANE_T wr1 = Ri * in->wi[1] + Rj * in->wj[1];
  const LANE_T wr2 = Ri * in->wi[2] + Rj * in->wj[2];
  const LANE_T vtr0 = vt0 - (wr1 * n2 - wr2 * n1), vtr1 = vt1 - (wr2 * n0 - wr0 * n2),
               vtr2 = vt2 - (wr0 * n1 - wr1 * n0);
  const LANE_T vrel = L_SQRT(vtr0 * vtr0 + vtr1 * vtr1 + vtr2 * vtr2);
  const LANE_T meff = mi * mj / (mi + mj);
  /* Steps 2-7: normal force and damping (contact_normal_force, normal_force, damping_eta). */
  const LANE_T delta = in->delta;
  const LANE_T ca = need_a ? L_SQRT(delta * Reff) : zero;
  LANE_T Fne, F_po = zero;
  if (nm == NORMAL_HOOKE) Fne = q.k * delta;
  else if (nm == NORMAL_DMT) {
    F_po = q.g4 * Reff;
    Fne = (q.k * ca) * delta - F_po;
  } else Fne = (q.k * ca) * delta;
  LANE_T eta = zero; /* damping_eta by form (mdr has no vector loop) */
  if (df == DFORM_CONSTANT) eta = q.D;
  else if (df == DFORM_MASS) eta = q.D * meff;
  else if (df == DFORM_VISCO) eta = q.D * meff * ca;
  else if (df == DFORM_RESTITUTION) {
    /* the guard of damping_eta (§3.3): delta > 0, and max(0, .) before the sqrt */
    const LANE_T arg = L_SEL(delta > 0, L_MAX(zero, meff * Fne / delta), zero);
    eta = q.D * L_SQRT(arg);
  }
  const LANE_T Fdamp = -eta * vnnr;
  LANE_T Fntot = Fne + Fdamp;
  LANE_M clamped = (LANE_M)zero;
  if (limit_any) {
    clamped = q.limit & (Fntot < 0);
    Fntot = L_SEL(clamped, zero, Fntot);
  }
  /* for Fncrit; frictionless, nothing reads it off contact (f = Fntot n = 0 there) */
  if (zero_off && !frictionless) Fntot = L_SEL(on, Fntot, zero);
  const LANE_T Fncrit = nm == NORMAL_DMT ? L_ABS(Fne + 2 * F_po) : L_ABS(Fntot);
  /* Step 8: tangential (tangential_force). */
  const LANE_T eta_t = q.xt * eta;
  const LANE_T Fscrit = q.mu * Fncrit;
  LANE_T fs0 = zero, fs1 = zero, fs2 = zero, pt = zero, pf = zero;
  if (frictionless) {
    /* none */
  } else if (tm == TANGENTIAL_LINEAR_NOHISTORY) { /* dashpot capped at mu_t Fncrit */
    const LANE_T fdamp = eta_t * vrel;
    const LANE_T fmag = L_MIN(Fscrit, fdamp);
    const LANE_T scale = L_SEL(vrel != 0, -fmag / vrel, zero);
    fs0 = scale * vtr0, fs1 = scale * vtr1, fs2 = scale * vtr2;
    const LANE_M sliding = Fscrit < fdamp;
    const LANE_T P = fmag * vrel;
    pt = L_SEL(out & ~sliding, P, zero), pf = L_SEL(out & sliding, P, zero);
  } else {
    const LANE_T nv[3] = {n0, n1, n2}, vtr[3] = {vtr0, vtr1, vtr2};
    LANE_T fs[3], p_damp, p_fric;
    LANE_(simd_tangential_history)(tm, q.kt, ca, eta_t, Fscrit, nv, vtr, dt, history_update, h, fs, &p_damp,
                                   &p_fric);
    for (int k = 0; k < tangential_nhist(tm); k++) h[k] = L_SEL(on, h[k], zero); /* zeroed when it ends */
    fs0 = fs[0], fs1 = fs[1], fs2 = fs[2];
    pt = L_SEL(on, p_damp, zero), pf = L_SEL(on, p_fric, zero);
  }
  /* Step 9: force and torques. */
  const LANE_T tor0 = n1 * fs2 - n2 * fs1, tor1 = n2 * fs0 - n0 * fs2, tor2 = n0 * fs1 - n1 * fs0;
  const LANE_T half = L_SPLAT(0.5);
  const LANE_T arm_i = Ri - half * delta, arm_j = Rj - half * delta;
  c->on = on;
  c->out = out;
  c->delta = delta;
  c->f[0] = L_SEL(out, frictionless ? Fntot * n0 : Fntot * n0 + fs0, zero);
  c->f[1] = L_SEL(out, frictionless ? Fntot * n1 : Fntot * n1 + fs1, zero);
  c->f[2] = L_SEL(out, frictionless ? Fntot * n2 : Fntot * n2 + fs2, zero);
  c->ti[0] = L_SEL(out, arm_i * tor0, zero);
  c->ti[1] = L_SEL(out, arm_i * tor1, zero);
  c->ti[2] = L_SEL(out, arm_i * tor2, zero);
  c->tj[0] = L_SEL(out, arm_j * tor0, zero);
  c->tj[1] = L_SEL(out, arm_j * tor1, zero);
  c->tj[2] = L_SEL(out, arm_j * tor2, zero);
  const LANE_T p_dashpot = eta * vnnr * vnnr; /* the dashpot's power, or Fne vnnr where clamped */
  /* zero_off: vnnr = 0 off contact (n = 0), and no such lane is clamped (Fntot = +-0) */
  const LANE_T pn_lane = limit_any ? L_SEL(clamped, Fne * vnnr, p_dashpot) : p_dashpot;
  c->pn = zero_off ? pn_lane : L_SEL(on, pn_lane, zero);
  c->pt = pt;
  c->pf = pf;
}

#undef LANE_T
#undef LANE_M
#undef LANE_S
#undef LANE_MS
#undef LANE_N
#undef LANE_
#undef L_SPLAT
#undef L_SEL
#undef L_SQRT
#undef L_MAX
#undef L_MIN
#undef L_ANY
#undef L_ABS
