/*
 * reference.c - the continuous-time reference of the verifier (docs/verification.md §0, §7.1): the
 * contact ODE  m_eff δ'' = −F_n(δ, δ')  integrated with an adaptive Dormand–Prince 5(4) method,
 * with end-of-contact events located to machine precision, using the verifier's own force law
 * (verify/oracle/law.c, written independently of src/), so every normal x damping model is covered and
 * a wrong law in src/ is not taken for the expectation.
 *
 * The Hertz-type damping η ∝ δ^{1/4} or δ^{1/2} is singular where δ = 0, which limits any
 * integrator in time to low order there (§6). The segments next to δ = 0 are therefore
 * integrated in the phase plane with s = δ^{1/4} as the independent variable, where
 *     dt/ds = 4s³/v,  dv/ds = −4s³ F/(m v),  dW/ds = 4s³ P/v,  dU/ds = 4s³ F_ne,
 * is smooth for every model here (F ~ s⁶ + s v, s² v or v). The middle of the contact, where v
 * passes through 0, is integrated in time. Events (the return to δ₁ where the phase-plane
 * segment takes over, the zero of the total force, the JKR pull-off at δ = −d_po) are located
 * by re-taking the last step with a secant-bisection on its length, so each event is found to
 * the integrator's own accuracy, not to a dense-output interpolant's.
 *
 * Energy bookkeeping: P = (F_ntot − F_ne) v is the applied damping power (η v² without the
 * limit_damping clamp, F_ne v under it), U = ∫ F_ne dδ the elastic work stored.
 */
#include <math.h>
#include <string.h>

#include "law.h"
#include "reference.h"

#define NY 4
#define REF_MAX_TC REFERENCE_MAX_TC /* time domain: (δ, v, W, U); phase plane: (t, v, W, U) */

typedef struct Ode {
  const LawModel *m;
  double Reff, meff;
  bool phase; /* independent variable s = δ^{1/4} instead of t */
} Ode;

typedef struct Force {
  double F, Fne, Fsum; /* applied total (clamped), elastic, unclamped total */
} Force;

static Force force_at(const Ode *o, double delta, double v) {
  const LawForce f = law_force(o->m, delta, v, o->Reff, o->meff, true);
  return (Force){.F = f.total, .Fne = f.elastic, .Fsum = f.sum};
}

static void rhs(const Ode *o, double x, const double *y, double *dy) {
  if (!o->phase) { /* y = (δ, v, W, U), x = t */
    const Force f = force_at(o, y[0], y[1]);
    dy[0] = y[1];
    dy[1] = -f.F / o->meff;
    dy[2] = (f.F - f.Fne) * y[1];
    dy[3] = f.Fne * y[1];
    return;
  }
  const double s = x, s3 = 4.0 * s * s * s, v = y[1]; /* y = (t, v, W, U), x = s */
  const Force f = force_at(o, s * s * s * s, v);
  dy[0] = s3 / v;
  dy[1] = -s3 * f.F / (o->meff * v);
  dy[2] = s3 * (f.F - f.Fne);
  dy[3] = s3 * f.Fne;
}

/* One Dormand–Prince 5(4) step; returns the scaled error norm (<= 1: accept). */
static double dp_step(const Ode *o, double x, const double *y, double h, const double *scale, double rtol, double *out) {
  static const double A[7][6] = {
      {0},
      {1.0 / 5},
      {3.0 / 40, 9.0 / 40},
      {44.0 / 45, -56.0 / 15, 32.0 / 9},
      {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
      {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
      {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
  static const double C[7] = {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1};
  static const double E[7] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
  double k[7][NY], yt[NY];
  for (int st = 0; st < 7; st++) {
    for (int i = 0; i < NY; i++) {
      double acc = 0.0;
      for (int q = 0; q < st; q++) acc += A[st][q] * k[q][i];
      yt[i] = y[i] + h * acc;
    }
    rhs(o, x + C[st] * h, yt, k[st]);
  }
  double err = 0.0;
  for (int i = 0; i < NY; i++) {
    out[i] = yt[i]; /* the 7th stage point is the 5th-order solution (FSAL) */
    double e = 0.0;
    for (int st = 0; st < 7; st++) e += E[st] * k[st][i];
    const double sc = rtol * (scale[i] + fmax(fabs(y[i]), fabs(out[i])));
    err = fmax(err, fabs(h * e) / sc);
  }
  return isfinite(err) ? err : INFINITY;
}

/* An event: g(x, y) crossing zero from above (g > 0 before). */
typedef double (*EventFn)(const Ode *o, double x, const double *y, const void *ctx);

typedef struct Segment {
  double x_end;     /* stop here if no event first (may be INFINITY) */
  EventFn ev[3];    /* events, NULL-terminated */
  const void *ctx;
  double max_steps; /* capture guard */
} Segment;

/* Integrates from (x, y) towards x_end; returns the index of the event that ended it, -1 at
 * x_end, -2 when the step budget ran out (captured). On return x, y hold the end point. */
static int integrate(const Ode *o, double *x, double *y, double h, const double *scale, double rtol, const Segment *sg,
                     double *dmax, long *steps) {
  const double dir = sg->x_end >= *x ? 1.0 : -1.0;
  h = dir * fabs(h);
  for (long n = 0; n < sg->max_steps; n++) {
    bool last = false;
    if (isfinite(sg->x_end) && dir * (*x + h - sg->x_end) >= 0.0) h = sg->x_end - *x, last = true;
    double yn[NY];
    const double err = dp_step(o, *x, y, h, scale, rtol, yn);
    if (err > 1.0) {
      h *= fmax(0.2, 0.9 * pow(err, -0.2));
      if (fabs(h) < 1e-300) return -2;
      continue;
    }
    (*steps)++;
    /* Events: the first whose sign turned, located by re-taking the step with length hh. */
    for (int e = 0; e < 3 && sg->ev[e]; e++) {
      const double g0 = sg->ev[e](o, *x, y, sg->ctx), g1 = sg->ev[e](o, *x + h, yn, sg->ctx);
      if (!(g0 > 0.0 && g1 <= 0.0)) continue;
      double lo = 0.0, hi = 1.0, glo = g0, ghi = g1, yt[NY];
      for (int it = 0; it < 200; it++) { /* Illinois-style secant with bisection fallback */
        double f = lo + (hi - lo) * glo / (glo - ghi);
        if (!(f > lo && f < hi) || it % 3 == 2) f = 0.5 * (lo + hi);
        dp_step(o, *x, y, f * h, scale, rtol, yt);
        const double g = sg->ev[e](o, *x + f * h, yt, sg->ctx);
        if (g > 0.0) lo = f, glo = g;
        else hi = f, ghi = g;
        if ((hi - lo) * fabs(h) <= 4e-16 * fmax(fabs(*x), fabs(h))) break;
      }
      dp_step(o, *x, y, hi * h, scale, rtol, yt); /* the first point at or past the event */
      *x += hi * h;
      memcpy(y, yt, sizeof yt);
      return e;
    }
    *x += h;
    memcpy(y, yn, sizeof yn);
    if (!o->phase) *dmax = fmax(*dmax, y[0]);
    if (last) return -1;
    h *= fmin(5.0, fmax(0.2, err > 0 ? 0.9 * pow(err, -0.2) : 5.0));
  }
  return -2;
}

/* ---- events ---- */
typedef struct EvCtx {
  double delta1; /* phase-plane switch overlap */
  double v_min;  /* onset: hand over to the time domain if v falls this low */
  double dpo;    /* JKR pull-off distance */
} EvCtx;

static double delta_of(const Ode *o, double x, const double *y) { return o->phase ? x * x * x * x : y[0]; }

static double ev_force(const Ode *o, double x, const double *y, const void *ctx) {
  (void)ctx;
  return force_at(o, delta_of(o, x, y), y[1]).Fsum; /* total force back to 0 (force-end) */
}
static double ev_back_to_delta1(const Ode *o, double x, const double *y, const void *ctx) {
  const EvCtx *c = ctx;
  return y[1] < 0.0 ? delta_of(o, x, y) - c->delta1 : 1.0; /* only on the way out */
}
static double ev_pulloff(const Ode *o, double x, const double *y, const void *ctx) {
  const EvCtx *c = ctx;
  return y[1] < 0.0 ? delta_of(o, x, y) + c->dpo : 1.0;
}
static double ev_turn(const Ode *o, double x, const double *y, const void *ctx) {
  (void)o, (void)x, (void)ctx;
  return y[1]; /* v = 0: the deepest point */
}
static double ev_slow(const Ode *o, double x, const double *y, const void *ctx) {
  (void)o, (void)x;
  const EvCtx *c = ctx;
  return y[1] - c->v_min;
}

Reference reference_collide(const LawModel *m, double Reff, double meff, double v0, bool force_end) {
  Reference r = {0};
  r.E0 = 0.5 * meff * v0 * v0;
  const double rtol = 1e-14;
  const bool jkr = m->normal == LAW_JKR;
  const bool clamp = m->limit_damping;
  const double tc_el = law_elastic_time(m, Reff, meff, v0);
  /* elastic δ_max: hooke v0/ω0; Hertz (5 meff v0²/(4 k_H))^(2/5) */
  const double dmax_el = v0 * tc_el / LAW_PI;
  EvCtx ctx = {.delta1 = 0.02 * dmax_el, .v_min = 0.5 * v0, .dpo = law_pulloff_distance(m, Reff)};
  const double sc_phase[NY] = {tc_el, v0, r.E0, r.E0}, sc_time[NY] = {dmax_el, v0, r.E0, r.E0};
  long steps = 0;
  double dmax = 0.0;
  bool ended = false;
  double t = 0.0, v = v0, W = 0.0, U = 0.0, delta = 0.0;

  /* 1. onset in the phase plane, s = 0 .. δ₁^{1/4} (or until v falls to v0/2) */
  Ode o = {.m = m, .Reff = Reff, .meff = meff, .phase = true};
  double x = 0.0, y[NY] = {0.0, v0, 0.0, 0.0};
  Segment s1 = {.x_end = pow(ctx.delta1, 0.25), .ev = {force_end ? ev_force : NULL, NULL, NULL}, .ctx = &ctx, .max_steps = 1e6};
  if (force_end) s1.ev[1] = ev_slow;
  else s1.ev[0] = ev_slow;
  int why = integrate(&o, &x, y, 1e-3 * s1.x_end, sc_phase, rtol, &s1, &dmax, &steps);
  t = y[0], v = y[1], W = y[2], U = y[3], delta = x * x * x * x;
  const bool force_ended = force_end && why == 0;
  if (force_ended) ended = true;

  /* 2. the middle in time, until the way back reaches δ₁ (or the force-end, or the pull-off) */
  if (!ended) {
    o.phase = false;
    double yt[NY] = {delta, v, W, U}, xt = t;
    /* 2a. to the turning point, where δ_max is read */
    Segment s2a = {.x_end = REF_MAX_TC * tc_el, .ev = {ev_turn, NULL, NULL}, .ctx = &ctx, .max_steps = 2e6};
    why = integrate(&o, &xt, yt, 1e-4 * tc_el, sc_time, rtol, &s2a, &dmax, &steps);
    dmax = fmax(dmax, yt[0]);
    if (why == -1) why = -2;
    Segment s2 = {.x_end = REF_MAX_TC * tc_el, .ctx = &ctx, .max_steps = 2e6};
    int ne = 0;
    if (force_end) s2.ev[ne++] = ev_force;
    s2.ev[ne++] = jkr ? ev_pulloff : ev_back_to_delta1;
    if (why != -2) why = integrate(&o, &xt, yt, 1e-4 * tc_el, sc_time, rtol, &s2, &dmax, &steps);
    t = xt, delta = yt[0], v = yt[1], W = yt[2], U = yt[3];
    if (why < 0) { /* still in contact after REF_MAX_TC elastic times, as collide's max_tc */
      r.captured = true;
    } else if (force_end && why == 0) {
      ended = true;
    } else if (jkr) {
      ended = true; /* the pull-off */
    }
    /* a pair that creeps in without separating (δ-end capture) runs out of steps: captured */
  }

  /* 3. the way out in the phase plane, s = δ₁^{1/4} .. 0 */
  if (!ended && !r.captured) {
    o.phase = true;
    x = pow(fmax(delta, 0.0), 0.25);
    double yp[NY] = {t, v, W, U};
    Segment s3 = {.x_end = 0.0, .ev = {force_end ? ev_force : NULL, NULL, NULL}, .ctx = &ctx, .max_steps = 1e6};
    why = integrate(&o, &x, yp, -1e-3 * x, sc_phase, rtol, &s3, &dmax, &steps);
    t = yp[0], v = yp[1], W = yp[2], U = yp[3], delta = x * x * x * x;
    if (why == -2 || !(v < 0.0)) r.captured = true;
    ended = !r.captured;
  }

  r.delta_max = dmax;
  if (r.captured) {
    r.e = 0.0;
    return r;
  }
  r.e = -v / v0;
  r.t_c = t;
  r.t_pos = t;
  r.W = W;
  r.U_F = U;
  if (force_end) {
    r.U_F = U; /* elastic energy still stored when the force vanishes (§5) */
    if (clamp) {
      /* limit_damping: the pair flies apart at constant speed (§0); the clamp's applied damping
       * does the remaining elastic work U_F, so the applied ledger closes (§5). */
      r.t_pos = t + (jkr ? 0.0 : delta / -v);
      r.W = W + U;
    }
  }
  return r;
}
