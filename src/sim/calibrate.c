/* calibrate.c - the coefficient that gives the target restitution (see calibrate.h). */
#include "calibrate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide.h"
#include "model.h"

int calibrate_check(const CalibrateSpec *s, ErrList *err) {
  const int n0 = err->n;
  if (!(isfinite(s->E) && s->E > 0.0)) errlist_add(err, "calibrate: E must be finite and > 0 (got %g)", s->E);
  if (!(s->nu >= 0.0 && s->nu <= 0.5)) errlist_add(err, "calibrate: nu must be in [0, 0.5] (got %g)", s->nu);
  if (!(isfinite(s->rho) && s->rho > 0.0)) errlist_add(err, "calibrate: rho must be finite and > 0 (got %g)", s->rho);
  if (!(isfinite(s->Ri) && s->Ri > 0.0) || !(s->Rj > 0.0))
    errlist_add(err, "calibrate: the radii must be > 0 (got %g and %g m; inf: a wall)", s->Ri, s->Rj);
  if (!(s->e_target > 0.0 && s->e_target <= 1.0))
    errlist_add(err, "calibrate: the target e must be in (0, 1] (got %g)", s->e_target);
  if (!(isfinite(s->v_ref) && s->v_ref > 0.0))
    errlist_add(err, "calibrate: the impact speed must be finite and > 0 (got %g)", s->v_ref);
  if (!(s->tol >= 0.0 && s->tol < 0.1)) errlist_add(err, "calibrate: the tolerance must be in [0, 0.1) (got %g)", s->tol);
  if (!(s->steps == 0.0 || (s->steps >= 50.0 && s->steps <= 1e6)))
    errlist_add(err, "calibrate: the steps per collision time must be in [50, 1e6] (got %g)", s->steps);
  return err->n - n0;
}

/* One collision with the coefficient x; false with res->why on a failed run. */
static bool run(const CalibrateSpec *s, DampingModel dm, double x, double *e, CalibrateResult *res) {
  snprintf(res->text, sizeof res->text, "hertz/material %.17g %.17g %.17g tangential linear_nohistory 0 0 damping %s%s",
           s->E, x, s->nu, damping_name(dm), s->limit_damping ? " limit_damping" : "");
  ErrList err = {0};
  CollideSpec c = collide_defaults();
  if (model_parse(res->text, &c.model, &err)) {
    snprintf(res->why, sizeof res->why, "%s", err.msg[0]);
    errlist_free(&err);
    return false;
  }
  const bool wall = isinf(s->Rj);
  c.Ri = s->Ri, c.Rj = s->Rj, c.wall = wall;
  c.mi = 4.0 / 3.0 * GD_PI * pow(s->Ri, 3) * s->rho;
  c.mj = wall ? INFINITY : 4.0 / 3.0 * GD_PI * pow(s->Rj, 3) * s->rho;
  c.v0 = s->v_ref;
  c.dt_fraction = 1.0 / (s->steps > 0.0 ? s->steps : 2000.0);
  c.threads = 1;
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) {
    snprintf(res->why, sizeof res->why, "%s", why);
    return false;
  }
  *e = r.captured ? 0.0 : r.e;
  res->dt_over_tc = r.captured ? NAN : r.dt / r.t_c;
  return true;
}

bool calibrate_solve(const CalibrateSpec *s, DampingModel dm, CalibrateResult *res) {
  memset(res, 0, sizeof *res);
  res->model = dm;
  const double tol = s->tol > 0.0 ? s->tol : 1e-7, target = s->e_target;
  const bool e_input = damping_model_flags(dm) & DFLAG_RESTITUTION; /* e rises with x */
  /* lo: the coefficient at the low-e end of the bracket, hi: at the high-e end */
  double lo, hi, e_lo, e_hi;
  if (e_input) {
    lo = 1e-9, hi = 1.0; /* the e put in: (0, 1] */
    if (!run(s, dm, lo, &e_lo, res) || !run(s, dm, hi, &e_hi, res)) return false;
  } else {
    /* D from 0 (elastic) up: double until the collision falls below the target */
    hi = 0.0, lo = 1.0;
    if (!run(s, dm, hi, &e_hi, res)) return false;
    if (!run(s, dm, lo, &e_lo, res)) return false;
    for (int k = 0; k < 400 && e_lo > target; k++) {
      hi = lo, e_hi = e_lo, lo *= 2.0;
      if (!run(s, dm, lo, &e_lo, res)) return false;
    }
  }
  /* now e(lo) = e_lo is the low end, e(hi) = e_hi the high end */
  if (!(e_lo <= target + tol) || !(e_hi >= target - tol)) {
    res->reachable = false;
    snprintf(res->why, sizeof res->why, "e spans %.6g ... %.6g with this model%s at %g m/s: the target %g is out of reach",
             e_lo, e_hi, s->limit_damping ? " (force-end: limit_damping puts a floor under e)" : "", s->v_ref, target);
    return true;
  }
  double x = fabs(e_hi - target) <= tol ? hi : lo, e = fabs(e_hi - target) <= tol ? e_hi : e_lo;
  for (int it = 0; it < 200 && fabs(e - target) > tol; it++) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break; /* the bracket is one rounding wide */
    x = mid;
    if (!run(s, dm, x, &e, res)) return false;
    if (e < target) lo = x;
    else hi = x;
  }
  if (!run(s, dm, x, &e, res)) return false; /* res->text and dt/t_c of the answer */
  res->reachable = fabs(e - target) <= tol;
  res->coeff = x, res->e = e;
  if (!res->reachable)
    snprintf(res->why, sizeof res->why, "the bisection stopped at e = %.9g, %.3g from the target", e, fabs(e - target));
  return true;
}
