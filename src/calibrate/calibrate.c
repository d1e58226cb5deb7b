/* calibrate.c - the coefficient that gives the target restitution (see calibrate.h). */
#include "calibrate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numparse.h"

#include "collide.h"
#include "model.h"

bool calibrate_model(NormalModel nm, DampingModel dm) {
  return (nm == NORMAL_HERTZ_MATERIAL || nm == NORMAL_HOOKE) &&
         !(damping_model_flags(dm) & (DFLAG_ELASTIC | DFLAG_NEEDS_MDR)) && model_combo_allowed(nm, dm);
}

void calibrate_model_names(NormalModel nm, char *out, size_t size) {
  size_t at = 0;
  out[0] = '\0';
  for (int d = 0; d < N_DAMPING && at < size; d++)
    if (calibrate_model(nm, (DampingModel)d))
      at += (size_t)snprintf(out + at, size - at, "%s%s", at ? ", " : "", damping_name((DampingModel)d));
}

/* The largest overlap of the elastic contact at speed v: where its work reaches 1/2 meff v^2
 * (Hertz: (15 meff v^2 / (16 E* sqrt(R)))^(2/5), Johnson 1985 §11.1; hooke: v sqrt(meff/k)). */
static double elastic_overlap(const CalibrateSpec *s, double Ri, double Rj, double v) {
  const bool wall = isinf(Rj);
  const double mi = sphere_mass(Ri, s->rho);
  const double meff = wall ? mi : mi * sphere_mass(Rj, s->rho) / (mi + sphere_mass(Rj, s->rho));
  if (s->normal == NORMAL_HOOKE) return v * sqrt(meff / s->kn);
  const double Reff = wall ? Ri : Ri * Rj / (Ri + Rj), Estar = s->E / (2.0 * (1.0 - s->nu * s->nu));
  return pow(15.0 * meff * v * v / (16.0 * Estar * sqrt(Reff)), 0.4);
}

int calibrate_check_ranges(const CalibrateSpec *s, ErrList *err) {
  const int n0 = err->n;
  /* The ranges of the inputs: far beyond any granular material, and narrow enough that every scale
   * derived from them (masses, stiffnesses, overlaps, collision times) stays a finite double. */
  if (s->normal == NORMAL_HOOKE) {
    if (!(s->kn >= CAL_KN_MIN && s->kn <= CAL_KN_MAX))
      errlist_add(err, "calibrate: k_n (--hooke) must be in [%g, %g] N/m (got %g)", CAL_KN_MIN, CAL_KN_MAX, s->kn);
  } else {
    if (!(s->E >= CAL_E_MIN && s->E <= CAL_E_MAX))
      errlist_add(err, "calibrate: E (--material) must be in [%g, %g] Pa (got %g)", CAL_E_MIN, CAL_E_MAX, s->E);
    if (!(s->nu >= 0.0 && s->nu <= 0.5)) errlist_add(err, "calibrate: nu must be in [0, 0.5] (got %g)", s->nu);
  }
  if (!(s->rho >= CAL_RHO_MIN && s->rho <= CAL_RHO_MAX))
    errlist_add(err, "calibrate: rho must be in [%g, %g] kg/m^3 (got %g)", CAL_RHO_MIN, CAL_RHO_MAX, s->rho);
  if (!(s->Ri >= CAL_R_MIN && s->Ri <= CAL_R_MAX) || !((s->Rj >= CAL_R_MIN && s->Rj <= CAL_R_MAX) || s->Rj == INFINITY))
    errlist_add(err, "calibrate: the radii (--radius) must be in [%g, %g] m (got %g and %g m; inf: a wall)", CAL_R_MIN,
                CAL_R_MAX, s->Ri, s->Rj);
  if (!(s->e_target > 0.0 && s->e_target <= 1.0))
    errlist_add(err, "calibrate: the target e must be in (0, 1] (got %g)", s->e_target);
  if (!(s->v_ref >= CAL_V_MIN && s->v_ref <= CAL_V_MAX))
    errlist_add(err, "calibrate: the impact speed must be in [%g, %g] m/s (got %g)", CAL_V_MIN, CAL_V_MAX, s->v_ref);
  if (!(s->tol >= 0.0 && s->tol < 0.1)) errlist_add(err, "calibrate: the tolerance must be in [0, 0.1) (got %g)", s->tol);
  if (!(s->steps == 0.0 || (s->steps >= 50.0 && s->steps <= 1e6)))
    errlist_add(err, "calibrate: the steps per collision time must be in [50, 1e6] (got %g)", s->steps);
  if (!(s->dt_error >= 0.0 && s->dt_error < 1.0))
    errlist_add(err, "calibrate: the time-step error bound must be in [0, 1) (got %g)", s->dt_error);
  return err->n - n0;
}

int calibrate_check(const CalibrateSpec *s, ErrList *err) {
  const int n0 = err->n;
  if (calibrate_check_ranges(s, err)) return err->n - n0;
  /* The contact itself: an elastic overlap past the smaller radius passes one body through the
   * other (the force pass sees only the distance of the centres); then every step must run. */
  const double rmin = fmin(s->Ri, s->Rj), top = elastic_overlap(s, s->Ri, s->Rj, s->v_ref);
  if (!(top < rmin)) {
    errlist_add(err, "calibrate: at %g m/s the contact tunnels: the elastic overlap would reach %.4g m, past the "
                "smaller radius %g m (the material is too soft or the speed too high for a contact model)",
                s->v_ref, top, rmin);
    return err->n - n0;
  }
  CalibrateRun r;
  if (!calibrate_collide(s, DAMPING_VELOCITY, 0.0, s->Ri, s->Rj, s->v_ref, s->steps, &r))
    errlist_add(err, "calibrate: the elastic collision at %g m/s cannot run: %s", s->v_ref, r.why);
  return err->n - n0;
}

bool calibrate_collide(const CalibrateSpec *s, DampingModel dm, double x, double Ri, double Rj, double v,
                       double steps, CalibrateRun *out) {
  return calibrate_collide_phase(s, dm, x, Ri, Rj, v, steps, 0.5, out);
}

bool calibrate_collide_phase(const CalibrateSpec *s, DampingModel dm, double x, double Ri, double Rj, double v,
                             double steps, double phase, CalibrateRun *out) {
  memset(out, 0, sizeof *out);
  const char *ld = s->limit_damping ? " limit_damping" : "";
  if (s->normal == NORMAL_HOOKE)
    snprintf(out->text, sizeof out->text, "hooke %s %s tangential linear_nohistory 0 0 damping %s%s", num_text(s->kn).s,
             num_text(x).s, damping_name(dm), ld);
  else
    snprintf(out->text, sizeof out->text, "hertz/material %s %s %s tangential linear_nohistory 0 0 damping %s%s",
             num_text(s->E).s, num_text(x).s, num_text(s->nu).s, damping_name(dm), ld); /* lines to paste */
  ErrList err = {0};
  CollideSpec c = collide_defaults();
  if (model_parse(out->text, &c.model, &err)) {
    snprintf(out->why, sizeof out->why, "%s", err.msg[0]);
    errlist_free(&err);
    return false;
  }
  const bool wall = isinf(Rj);
  c.Ri = Ri, c.Rj = Rj, c.wall = wall;
  c.mi = sphere_mass(Ri, s->rho);
  c.mj = wall ? INFINITY : sphere_mass(Rj, s->rho);
  c.v0 = v;
  c.phase = phase;
  c.dt_fraction = 1.0 / (steps > 0.0 ? steps : 2000.0);
  c.threads = 1;
  c.advice = "raise --steps or lower the speed (a step below";
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) {
    snprintf(out->why, sizeof out->why, "%s", why);
    return false;
  }
  out->e = r.captured ? 0.0 : r.e;
  out->dt = r.dt;
  out->dt_over_tc = r.dt / r.tc_elastic;
  return true;
}

/* The first guess of a dashpot model's D for e = target at speed v, from the contact's own scales:
 * the linear spring-dashpot's damping ratio zeta = -ln e / sqrt(pi^2 + ln^2 e) (from
 * e = exp(-pi zeta / sqrt(1 - zeta^2)), docs/verification.md §1.1) gives eta_n = 2 zeta sqrt(k meff)
 * with k the secant stiffness F_ne/delta at the elastic maximum overlap (hooke: k_n; Hertz:
 * 4/3 E* a, a = sqrt(Reff delta)); D = eta_n (velocity), eta_n/meff (mass_velocity),
 * eta_n/(meff a) (viscoelastic), docs/models.md §3. A fixed start (D = 1) is unstable for small
 * particles and far off for large ones. */
static double dashpot_scale(const CalibrateSpec *s, DampingModel dm, double v, double target) {
  const bool wall = isinf(s->Rj);
  const double mi = sphere_mass(s->Ri, s->rho), mj = wall ? INFINITY : sphere_mass(s->Rj, s->rho);
  const double meff = wall ? mi : mi * mj / (mi + mj), Reff = wall ? s->Ri : s->Ri * s->Rj / (s->Ri + s->Rj);
  const double delta = elastic_overlap(s, s->Ri, s->Rj, v), a = sqrt(Reff * delta);
  const double k = s->normal == NORMAL_HOOKE ? s->kn : 4.0 / 3.0 * s->E / (2.0 * (1.0 - s->nu * s->nu)) * a;
  const double le = log(fmin(fmax(target, 1e-12), 1.0));
  const double zeta = fmax(-le / sqrt(GD_PI * GD_PI + le * le), 1e-3); /* e = 1: a small D still brackets */
  const double eta = 2.0 * zeta * sqrt(k * meff);
  const double D = dm == DAMPING_MASS_VELOCITY ? eta / meff : dm == DAMPING_VISCOELASTIC ? eta / (meff * a) : eta;
  return isfinite(D) && D > 0.0 ? D : 1.0;
}

/* One collision at v with coefficient x into *e; false with res->why. */
static bool run(const CalibrateSpec *s, DampingModel dm, double v, double x, double *e, CalibrateResult *res) {
  CalibrateRun r;
  if (!calibrate_collide(s, dm, x, s->Ri, s->Rj, v, s->steps, &r)) {
    snprintf(res->why, sizeof res->why, "%s", r.why);
    return false;
  }
  *e = r.e;
  memcpy(res->text, r.text, sizeof res->text);
  res->dt_over_tc = r.dt_over_tc;
  return true;
}

bool calibrate_solve_at(const CalibrateSpec *s, DampingModel dm, double v, double target, double tol,
                        CalibrateResult *res) {
  memset(res, 0, sizeof *res);
  res->model = dm;
  const bool e_input = damping_model_flags(dm) & DFLAG_RESTITUTION; /* e rises with x */
  /* lo: the coefficient at the low-e end of the bracket, hi: at the high-e end */
  double lo, hi, e_lo, e_hi;
  if (e_input) {
    lo = 1e-9, hi = 1.0; /* the e put in: (0, 1] */
    if (!run(s, dm, v, lo, &e_lo, res) || !run(s, dm, v, hi, &e_hi, res)) return false;
  } else {
    /* D from 0 (elastic) and from the model's own scale (dashpot_scale) up: double until the
     * collision falls below the target; a D whose collision cannot run (an unstable step) ends the
     * model's range */
    hi = 0.0, lo = dashpot_scale(s, dm, v, target);
    if (!run(s, dm, v, hi, &e_hi, res)) return false;
    for (int k = 0; k < 400; k++) {
      CalibrateRun cr;
      if (!calibrate_collide(s, dm, lo, s->Ri, s->Rj, v, s->steps, &cr)) {
        res->reachable = false, res->coeff = hi, res->e = e_hi;
        snprintf(res->why, sizeof res->why, "e reaches %.6g at D = %.6g at %g m/s, and the collision with twice "
                 "that cannot run (%.300s): the target %g is out of reach", e_hi, hi, v, cr.why, target);
        return true;
      }
      e_lo = cr.e;
      if (e_lo <= target) break;
      hi = lo, e_hi = e_lo, lo *= 2.0;
    }
  }
  /* now e(lo) = e_lo is the low end, e(hi) = e_hi the high end */
  if (!(e_lo <= target + tol) || !(e_hi >= target - tol)) {
    res->reachable = false;
    /* the end of the range nearest the target (the least-squares fit brackets with it) */
    res->coeff = target > e_hi ? hi : lo, res->e = target > e_hi ? e_hi : e_lo;
    snprintf(res->why, sizeof res->why, "e spans %.6g ... %.6g with this model%s at %g m/s: the target %g is out of reach",
             e_lo, e_hi, s->limit_damping ? " (force-end: limit_damping puts a floor under e)" : "", v, target);
    return true;
  }
  double x = fabs(e_hi - target) <= tol ? hi : lo, e = fabs(e_hi - target) <= tol ? e_hi : e_lo;
  for (int it = 0; it < 200 && fabs(e - target) > tol; it++) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break; /* the bracket is one rounding wide */
    x = mid;
    if (!run(s, dm, v, x, &e, res)) return false;
    if (e < target) lo = x;
    else hi = x;
  }
  if (!run(s, dm, v, x, &e, res)) return false; /* res->text and dt/t_c of the answer */
  res->reachable = fabs(e - target) <= tol;
  res->coeff = x, res->e = e;
  if (!res->reachable)
    snprintf(res->why, sizeof res->why, "the bisection stopped at e = %.9g, %.3g from the target", e, fabs(e - target));
  return true;
}

bool calibrate_solve(const CalibrateSpec *s, DampingModel dm, CalibrateResult *res) {
  return calibrate_solve_at(s, dm, s->v_ref, s->e_target, s->tol > 0.0 ? s->tol : 1e-7, res);
}
