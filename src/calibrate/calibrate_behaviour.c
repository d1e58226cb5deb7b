/* calibrate_behaviour.c - how a calibrated coefficient behaves away from the one collision it was
 * solved on: e over three decades of impact speed, on a wall and on unequal spheres, and against
 * the time step (see calibrate.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "model.h"

/* The contacts beside the calibrated one: the sphere on a wall, the pair 1:2, and the same for
 * the second radius when it differs (a wall calibration adds the equal pair instead). */
static void contacts(const CalibrateSpec *s, CalibrateBehaviour *b) {
  int n = 0;
#define ADD(RI, RJ, ...)                                                   \
  do {                                                                     \
    b->geom_Ri[n] = (RI), b->geom_Rj[n] = (RJ);                            \
    snprintf(b->geom[n], sizeof b->geom[n], __VA_ARGS__);                  \
    n++;                                                                   \
  } while (0)
  if (isinf(s->Rj)) {
    ADD(s->Ri, INFINITY, "R %g m on a wall", s->Ri);
    ADD(s->Ri, s->Ri, "R %g : %g m", s->Ri, s->Ri);
    ADD(s->Ri, 2.0 * s->Ri, "R %g : %g m", s->Ri, 2.0 * s->Ri);
  } else {
    ADD(s->Ri, s->Rj, "R %g : %g m", s->Ri, s->Rj);
    ADD(s->Ri, INFINITY, "R %g m on a wall", s->Ri);
    if (s->Rj != 2.0 * s->Ri) ADD(s->Ri, 2.0 * s->Ri, "R %g : %g m", s->Ri, 2.0 * s->Ri);
    if (s->Rj != s->Ri) {
      ADD(s->Rj, INFINITY, "R %g m on a wall", s->Rj);
      if (s->Ri != 2.0 * s->Rj) ADD(s->Rj, 2.0 * s->Rj, "R %g : %g m", s->Rj, 2.0 * s->Rj);
    }
  }
#undef ADD
  b->ngeom = n;
}

/* e of one collision, NAN when the contact cannot be run there (it tunnels, or the step is
 * unstable at the overlap it reaches): a property of the model and the step, reported as such. */
static double e_or_nan(const CalibrateSpec *s, DampingModel dm, double x, double Ri, double Rj, double v, double steps) {
  CalibrateRun r;
  return calibrate_collide(s, dm, x, Ri, Rj, v, steps, &r) ? r.e : NAN;
}

static double rel_error(double e, double e0) { return e0 > 0.0 ? fabs(e - e0) / e0 : fabs(e - e0); }

/* e at dt = t_c/steps at every onset phase: the mid-step one, the smallest and the largest (NAN
 * when any cannot run); true when all lie within bound of e0. */
static const double PHASES[] = {0.5, 0.1, 0.3, 0.7, 0.9};
static bool phases_within(const CalibrateSpec *s, DampingModel dm, double x, double steps, double e0, double bound,
                          double *mid, double *lo, double *hi) {
  *lo = INFINITY, *hi = -INFINITY, *mid = NAN;
  bool ok = true;
  for (size_t k = 0; k < sizeof PHASES / sizeof *PHASES; k++) {
    CalibrateRun r;
    const double e = calibrate_collide_phase(s, dm, x, s->Ri, s->Rj, s->v_ref, steps, PHASES[k], &r) ? r.e : NAN;
    if (k == 0) *mid = e;
    if (!isfinite(e)) {
      *lo = *hi = NAN;
      return false;
    }
    *lo = fmin(*lo, e), *hi = fmax(*hi, e);
    ok = ok && rel_error(e, e0) <= bound;
  }
  return ok;
}

bool calibrate_behaviour(const CalibrateSpec *s, const CalibrateResult *res, CalibrateBehaviour *b, char *why,
                         size_t why_size) {
  memset(b, 0, sizeof *b);
  const DampingModel dm = res->model;
  const double x = res->coeff, steps = s->steps > 0.0 ? s->steps : 2000.0;
  const double bound = s->dt_error > 0.0 ? s->dt_error : 0.01;
  /* three decades, four points each, centred on v_ref */
  for (int k = 0; k < CAL_NSPEED; k++) {
    b->v[k] = s->v_ref * pow(10.0, 0.25 * (k - CAL_NSPEED / 2));
    b->e_v[k] = k == CAL_NSPEED / 2 ? res->e : e_or_nan(s, dm, x, s->Ri, s->Rj, b->v[k], steps);
  }
  contacts(s, b);
  for (int g = 0; g < b->ngeom; g++)
    b->e_geom[g] = g == 0 ? res->e : e_or_nan(s, dm, x, b->geom_Ri[g], b->geom_Rj[g], s->v_ref, steps);

  /* e against the step. The limit dt -> 0 is stood for by e at a quarter of the calibration's
   * step: the end of contact falls at a different phase of the step for each dt, so the error is
   * first order but not smooth in dt and extrapolation would not hold (§7.2). */
  CalibrateRun fine;
  if (!calibrate_collide(s, dm, x, s->Ri, s->Rj, s->v_ref, 4.0 * steps, &fine)) {
    snprintf(why, why_size, "%s at dt = t_c/%g: %.400s", damping_name(dm), 4.0 * steps, fine.why);
    return false;
  }
  b->e_zero = fine.e;
  static const double GRID[] = {1000, 500, 200, 100, 50, 20, 10, 5, 3, 2};
  bool pass_all = true; /* every step so far within the bound at every phase */
  int pass = -1;
  for (int k = 0; k <= (int)(sizeof GRID / sizeof *GRID) && b->ndt < CAL_NDT; k++) {
    const double n = k == 0 ? steps : GRID[k - 1];
    if (k > 0 && n >= steps) continue;
    const int j = b->ndt++;
    b->dt_tc[j] = 1.0 / n;
    const bool ok = phases_within(s, dm, x, n, b->e_zero, bound, &b->e_dt[j], &b->e_dt_min[j], &b->e_dt_max[j]);
    pass_all = pass_all && ok;
    if (pass_all) pass = j;
  }
  /* the largest step within the bound: the grid up to its first failure, then eight steps
   * between the last pass and the first failure, again up to the first failure */
  if (pass < 0) { /* even the calibration's own step misses the bound: NAN, "raise --steps" */
    b->dt_max_tc = b->dt_max = NAN;
    return true;
  }
  b->dt_max_tc = b->dt_tc[pass];
  b->dt_max_capped = pass == b->ndt - 1;
  if (!b->dt_max_capped) {
    const double ratio = pow(b->dt_tc[pass + 1] / b->dt_tc[pass], 1.0 / 8.0);
    for (int k = 1; k < 8; k++) {
      const double f = b->dt_tc[pass] * pow(ratio, k);
      double mid, lo, hi;
      if (!phases_within(s, dm, x, 1.0 / f, b->e_zero, bound, &mid, &lo, &hi)) break;
      b->dt_max_tc = f;
    }
  }
  b->dt_max = b->dt_max_tc * (fine.dt / fine.dt_over_tc); /* times the elastic collision time at v_ref */
  return true;
}
