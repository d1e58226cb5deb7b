/*
 * ode_ref.c - adaptive Dormand–Prince 5(4) integration of the head-on contact ODE (ode_ref.h),
 * the verifier's continuous-time reference (docs/verification.md §0, §6, §7 item 1).
 *
 * Why not simply integrate in time: for Hertz the damping of tsuji and coeff_restitution grows
 * as δ^{1/4} and the viscoelastic one as δ^{1/2}, and hooke's damping force jumps at onset and
 * end, so the right-hand side is not smooth in t where δ = 0 and a time integrator loses its
 * order there (§6: fixed-step RK4 reaches only ≈ 1.25). In the phase plane with the independent
 * variable s = δ^{1/4} (δ = s⁴, dδ/ds = 4s³),
 *
 *     dt/ds = 4s³/v,   dv/ds = −4s³ F_ntot/(m_eff v),   dW/ds = 4s³ (F_ntot − F_ne),
 *     dU/ds = 4s³ F_ne,                                                (v = δ')
 *
 * every term is a polynomial in s times a power of 1/v for hooke and Hertz (F_ne ∝ s⁴ or s⁶)
 * with damping forces ∝ v, s v (tsuji, coeff_restitution) or s² v (viscoelastic), so the
 * segments next to δ = 0 are smooth as long as v stays away from 0. A non-cohesive collision
 * is therefore integrated in three segments:
 *   1. onset, in s from 0 until δ' has fallen to v0/2;
 *   2. the middle, in t, through the turning point δ' = 0 (where δ_max is read) until δ is back
 *      to δ_max/2;
 *   3. the way out, in s down to exactly s = 0 (the δ-end: t_c and δ' are read there, no root
 *      finding needed).
 * On the way out δ' cannot return to 0 while δ > 0 (at δ' = 0 the force is F_ne > 0), so the
 * third segment stays smooth; a captured pair (hertz + velocity past γ_c, hooke with ζ ≥ 1)
 * creeps towards (δ, δ') = (0, 0) with t → ∞, and is caught by the time limit.
 * Cohesive models (dmt, jkr) are integrated in t throughout: their force is smooth at δ = 0
 * except for the jump at onset (taken by the step control), and jkr continues to δ = −d_po.
 *
 * Events (the turning point, the hand-over overlaps, the zero of the total force, the δ-end of
 * cohesive models, the time limit) are zero crossings g > 0 → g <= 0 within an accepted step.
 * They are located by re-taking that step from its start with the length θh and solving
 * g(θ) = 0 by the Illinois variant of regula falsi, so an event is as accurate as the
 * integrator itself (no interpolant); the state at the end of the search (g <= 0) is kept.
 * Restarting at an event also removes the kinks of the limit_damping clamp from the steps.
 *
 * Error control: the Dormand–Prince embedded 4th-order estimate, max norm, component i scaled
 * by rtol (a_i + max(|y_i|, |y_i,new|)) with a_i the component's natural size (δ_el, v0, E0 or
 * the elastic collision time), local extrapolation (the 5th-order solution is kept).
 *
 * Units: SI throughout (m, s, kg, N, J).
 */
#include "ode_ref.h"

#include <float.h>
#include <math.h>
#include <string.h>


#define NY 4                /* time: (δ, v, W, U);  phase plane: (t, v, W, U) */
#define MAX_ATTEMPTS 2000000 /* attempted steps per collision: bounds the run time */

/* Events, in the order in which a tie (same θ) is resolved: terminal ones first. */
enum { EV_END, EV_OUT, EV_TMAX, EV_FORCE, EV_TURN, EV_SLOW, N_EV };
enum { SEG_X_END = -1, SEG_FAIL = -2 }; /* other segment results: the event that ended it */
#define BIT(ev) (1u << (ev))

typedef struct Run {
  const LawModel *m;
  double Reff, meff, v0, rtol;
  bool phase;          /* independent variable s = δ^{1/4} instead of t */
  double scale_t[NY];  /* absolute scales of (δ, v, W, U) */
  double scale_s[NY];  /* absolute scales of (t, v, W, U) */
  double delta_out;    /* hand-over overlap on the way out (δ_max/2) */
  double delta_end;    /* cohesive δ-end: 0 (dmt) or −d_po (jkr) [m] */
  double t_max;        /* capture time limit [s] */
  int64_t steps, attempts;
} Run;

typedef struct Force {
  double F;    /* applied total normal force F_ntot (after the limit_damping clamp) [N] */
  double Fne;  /* elastic force, cohesion included [N] */
  double Fsum; /* unclamped total F_ne + F_damp [N] */
  bool touching;
} Force;

static Force run_force(const Run *r, double delta, double v) {
  /* touching_before: a jkr contact under way holds down to −d_po (§1.5); no other model reads it. */
  const LawForce f = law_force(r->m, delta, v, r->Reff, r->meff, true);
  return (Force){.F = f.total, .Fne = f.elastic, .Fsum = f.sum, .touching = f.touching};
}

static double run_delta(const Run *r, double x, const double *y) {
  return r->phase ? (x * x) * (x * x) : y[0];
}

static void run_rhs(const Run *r, double x, const double *y, double *dy) {
  const double v = y[1];
  const Force f = run_force(r, run_delta(r, x, y), v);
  if (!r->phase) {
    dy[0] = v;
    dy[1] = -f.F / r->meff;
    dy[2] = (f.F - f.Fne) * v;
    dy[3] = f.Fne * v;
    return;
  }
  const double ds = 4.0 * x * x * x; /* dδ/ds */
  dy[0] = ds / v;
  dy[1] = -ds * f.F / (r->meff * v);
  dy[2] = ds * (f.F - f.Fne);
  dy[3] = ds * f.Fne;
}

/* One Dormand–Prince 5(4) step of length h from (x, y) (Dormand & Prince 1980); yout gets the
 * 5th-order solution. Returns the scaled error norm (<= 1: acceptable; inf when not finite). */
static double run_step(const Run *r, double x, const double *y, double h, double *yout) {
  static const double c[7] = {0.0, 1.0 / 5.0, 3.0 / 10.0, 4.0 / 5.0, 8.0 / 9.0, 1.0, 1.0};
  static const double a[7][6] = {
      {0.0},
      {1.0 / 5.0},
      {3.0 / 40.0, 9.0 / 40.0},
      {44.0 / 45.0, -56.0 / 15.0, 32.0 / 9.0},
      {19372.0 / 6561.0, -25360.0 / 2187.0, 64448.0 / 6561.0, -212.0 / 729.0},
      {9017.0 / 3168.0, -355.0 / 33.0, 46732.0 / 5247.0, 49.0 / 176.0, -5103.0 / 18656.0},
      {35.0 / 384.0, 0.0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0}};
  /* b5 − b4: the 5th-order weights (last row of a) minus the embedded 4th-order ones. */
  static const double e[7] = {71.0 / 57600.0,      0.0,           -71.0 / 16695.0, 71.0 / 1920.0,
                              -17253.0 / 339200.0, 22.0 / 525.0, -1.0 / 40.0};
  double k[7][NY], yt[NY];
  for (int st = 0; st < 7; st++) {
    for (int i = 0; i < NY; i++) {
      double acc = 0.0;
      for (int q = 0; q < st; q++) acc += a[st][q] * k[q][i];
      yt[i] = y[i] + h * acc;
    }
    run_rhs(r, x + c[st] * h, yt, k[st]);
  }
  /* Stage 7 is evaluated at the 5th-order solution itself (the FSAL point). */
  const double *scale = r->phase ? r->scale_s : r->scale_t;
  double err = 0.0;
  for (int i = 0; i < NY; i++) {
    double est = 0.0;
    for (int st = 0; st < 7; st++) est += e[st] * k[st][i];
    yout[i] = yt[i];
    const double tol = r->rtol * (scale[i] + fmax(fabs(y[i]), fabs(yt[i])));
    err = fmax(err, fabs(h * est) / tol);
  }
  return isfinite(err) ? err : INFINITY;
}

/* The event functions g (the event is g crossing from > 0 to <= 0). */
static double run_event(const Run *r, int ev, double x, const double *y) {
  const double delta = run_delta(r, x, y), v = y[1];
  switch (ev) {
  case EV_END: return delta - r->delta_end;
  case EV_OUT: return delta - r->delta_out;
  case EV_TMAX: return r->t_max - (r->phase ? y[0] : x);
  case EV_FORCE: {
    /* Defined only inside the contact (NaN, never a crossing, outside it): losing contact ends
     * the collision through EV_END or s = 0 under either criterion, and the onset of a
     * cohesive contact, where the force jumps from 0 to −F_po, is no return to 0. */
    const Force f = run_force(r, delta, v);
    return f.touching ? f.Fsum : NAN;
  }
  case EV_TURN: return v;
  case EV_SLOW: return v - 0.5 * r->v0;
  default: return 1.0;
  }
}

/* Locates event ev inside the accepted step (x, y) -> (x + h, y1), where g went from g0 > 0 to
 * g1 <= 0: returns θ in (0, 1] with g(x + θh) <= 0 at the end of the bracket, and its state. */
static double run_locate(const Run *r, int ev, double x, const double *y, double h, double g0, double g1,
                         const double *y1, double *yev) {
  double lo = 0.0, hi = 1.0, glo = g0, ghi = g1;
  int side = 0; /* Illinois: halve the stale end's value when the same end moves twice */
  memcpy(yev, y1, sizeof(double) * NY);
  for (int it = 0; it < 100 && ghi != 0.0; it++) {
    double th = (lo * ghi - hi * glo) / (ghi - glo);
    if (!(th > lo && th < hi)) th = 0.5 * (lo + hi);
    double yt[NY];
    run_step(r, x, y, th * h, yt);
    const double g = run_event(r, ev, x + th * h, yt);
    if (g > 0.0) {
      lo = th, glo = g;
      if (side == 1) ghi *= 0.5;
      side = 1;
    } else {
      hi = th, ghi = g;
      memcpy(yev, yt, sizeof yt);
      if (side == -1) glo *= 0.5;
      side = -1;
    }
    if (hi - lo <= 4.0 * DBL_EPSILON * hi) break;
  }
  return hi;
}

/* Integrates from (*x, y) towards x_end (may be ±INFINITY) with the step *h (its sign gives
 * the direction) until x_end (SEG_X_END) or one of the events in mask (the event's id); on
 * return (*x, y) is the end point and *h the step to continue with. SEG_FAIL: the attempt
 * budget ran out or the step underflowed. */
static int run_segment(Run *r, double *x, double *y, double *h, double x_end, unsigned mask) {
  for (;;) {
    if (r->attempts++ >= MAX_ATTEMPTS) return SEG_FAIL;
    double hs = *h;
    bool last = false;
    if (isfinite(x_end) && (*x + hs - x_end) * hs >= 0.0) hs = x_end - *x, last = true;
    double yn[NY];
    const double err = run_step(r, *x, y, hs, yn);
    if (!(err <= 1.0)) {
      *h = hs * (isfinite(err) ? fmax(0.1, 0.9 * pow(err, -0.2)) : 0.1);
      if (*x + *h == *x) return SEG_FAIL;
      continue;
    }
    r->steps++;
    int hit = SEG_X_END;
    double th_hit = 2.0, y_hit[NY];
    for (int ev = 0; ev < N_EV; ev++) {
      if (!(mask & BIT(ev))) continue;
      const double g0 = run_event(r, ev, *x, y), g1 = run_event(r, ev, *x + hs, yn);
      if (!(g0 > 0.0 && g1 <= 0.0)) continue;
      double ye[NY];
      const double th = run_locate(r, ev, *x, y, hs, g0, g1, yn, ye);
      if (th < th_hit) hit = ev, th_hit = th, memcpy(y_hit, ye, sizeof ye);
    }
    if (hit != SEG_X_END) {
      *x = th_hit == 1.0 && last ? x_end : *x + th_hit * hs;
      memcpy(y, y_hit, sizeof y_hit);
      return hit;
    }
    *x = last ? x_end : *x + hs;
    memcpy(y, yn, sizeof yn);
    if (last) return SEG_X_END;
    *h = hs * (err > 0.0 ? fmin(5.0, fmax(0.2, 0.9 * pow(err, -0.2))) : 5.0);
  }
}

/* Records the end state; (t, δ, y = (·, v, W, U)). */
static void run_finish(OdeCollision *out, const Run *r, double t, double delta, const double *y, double dmax) {
  out->e = -y[1] / r->v0;
  out->t_c = t;
  out->delta_end = delta;
  out->delta_max = fmax(dmax, delta);
  out->W = y[2];
  out->U_F = y[3];
  out->steps = r->steps;
}

static void run_captured(OdeCollision *out, const Run *r, double delta, const double *y, double dmax) {
  out->captured = true;
  out->e = 0.0;
  out->t_c = INFINITY;
  out->delta_end = delta;
  out->delta_max = dmax;
  out->W = y[2];
  out->U_F = y[3];
  out->steps = r->steps;
}

static bool run_failed(OdeCollision *out) {
  memset(out, 0, sizeof *out);
  return false;
}

bool ode_collide(const LawModel *m, double Reff, double meff, double v0, OdeEnd end, double rtol,
                 OdeCollision *out) {
  if (!out) return false;
  memset(out, 0, sizeof *out);
  if (!m || !(isfinite(Reff) && Reff > 0.0) || !(isfinite(meff) && meff > 0.0) || !(isfinite(v0) && v0 > 0.0))
    return false;
  if (end != ODE_DELTA_END && end != ODE_FORCE_END) return false;
  rtol = rtol > 0.0 ? fmax(rtol, 1e-15) : ODE_RTOL_DEFAULT;

  const double E0 = 0.5 * meff * v0 * v0;
  const double t_el = law_elastic_time(m, Reff, meff, v0);
  if (!(isfinite(t_el) && t_el > 0.0)) return false;
  const double d_el = v0 * t_el / LAW_PI; /* hooke: v0/ω0; Hertz: 1.024 δ_max,el */
  Run r = {.m = m, .Reff = Reff, .meff = meff, .v0 = v0, .rtol = rtol,
           .scale_t = {d_el, v0, E0, E0}, .scale_s = {t_el, v0, E0, E0},
           .delta_end = -law_pulloff_distance(m, Reff), .t_max = ODE_MAX_TC * t_el};
  const bool cohesive = m->normal == LAW_DMT || m->normal == LAW_JKR;
  const bool force_terminal = end == ODE_FORCE_END;
  /* With limit_damping (δ-end) the first zero of the force is where the clamp sets in: a
   * restart there keeps the kink out of the steps. */
  unsigned force_bit = force_terminal || m->limit_damping ? BIT(EV_FORCE) : 0u;

  double x = 0.0, y[NY] = {0.0, v0, 0.0, 0.0}, h, dmax = 0.0;
  int ev;
  out->E0 = E0;
  out->t_elastic = t_el;

  if (!cohesive) { /* 1. onset in the phase plane, y = (t, v, W, U) */
    r.phase = true;
    h = 1e-3 * pow(d_el, 0.25);
    for (;;) {
      ev = run_segment(&r, &x, y, &h, INFINITY, BIT(EV_SLOW) | force_bit);
      if (ev != EV_FORCE || force_terminal) break;
      force_bit = 0u; /* the clamp has set in; carry on */
    }
    const double delta = (x * x) * (x * x);
    if (ev == SEG_FAIL) return run_failed(out);
    if (ev == EV_FORCE) {
      run_finish(out, &r, y[0], delta, y, delta);
      return true;
    }
    x = y[0]; /* to the time domain, y = (δ, v, W, U) */
    y[0] = delta;
    r.phase = false;
  }

  /* 2. the middle in time: through the turning point, back to δ_max/2 (or the cohesive end) */
  h = 1e-3 * t_el;
  bool turned = false;
  for (;;) {
    const unsigned mask = BIT(EV_TURN) | force_bit | (turned ? (cohesive ? BIT(EV_END) : BIT(EV_OUT)) : 0u);
    ev = run_segment(&r, &x, y, &h, r.t_max, mask);
    if (ev == EV_TURN) {
      dmax = fmax(dmax, y[0]);
      if (!turned) r.delta_out = 0.5 * y[0];
      turned = true;
      continue;
    }
    if (ev == EV_FORCE && !force_terminal) {
      force_bit = 0u;
      continue;
    }
    break;
  }
  if (ev == SEG_FAIL) return run_failed(out);
  if (ev == SEG_X_END || ev == EV_FORCE || ev == EV_END) {
    if (ev == SEG_X_END) run_captured(out, &r, y[0], y, dmax);
    else run_finish(out, &r, x, y[0], y, dmax);
    return true;
  }

  /* 3. the way out in the phase plane, s from (δ_max/2)^{1/4} down to 0 */
  const double t_out = x;
  x = pow(y[0], 0.25);
  y[0] = t_out;
  r.phase = true;
  h = -0.02 * x;
  for (;;) {
    ev = run_segment(&r, &x, y, &h, 0.0, BIT(EV_TMAX) | force_bit);
    if (ev != EV_FORCE || force_terminal) break;
    force_bit = 0u;
  }
  const double delta = (x * x) * (x * x);
  if (ev == SEG_FAIL) return run_failed(out);
  if (ev == EV_TMAX) run_captured(out, &r, delta, y, dmax);
  else run_finish(out, &r, y[0], ev == SEG_X_END ? 0.0 : delta, y, dmax);
  return true;
}
