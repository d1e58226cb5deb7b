/*
 * cases_mdr.c - the MDR normal model and `damping mdr` in `make verify` (spec
 * docs/models.md §6, §6.10 verification hooks, §3.4), through the production code: the
 * Sim (neighbour list, MDR pre-force pass, MDR pair and wall passes, velocity Verlet) and
 * collide_run. Every expectation comes from the docs' formulas (expect_mdr.c: the yield onset,
 * the quasi-static side model; the Tsuji form and §4's table), never from mdr.c. Cases:
 *   mdr/elastic/...     Y = 1e30, gamma = 0, psi_b = 0 (§6.10 "elastic limit"): the pair force
 *                       over hertz/material, its 3/80 slope, the wall factor ~2, e = 1 without
 *                       damping and no hysteresis in the force-overlap loop, e of damping mdr 1
 *                       (hook 4) and of damping mdr 2 (Hertz + constant damping, verification.md
 *                       §4), no damping in setup (hook 10), tag swap (hook 8);
 *   mdr/yield/...       the yield onset overlap of hook 5 (pair and wall), the force-overlap
 *                       loop's W_out/W_in against the quasi-static side model of §6.5, the
 *                       residual plastic overlap of hook 7;
 *   mdr/energy/...      over a yielding impact: the Sim's damping ledger against eta v along the
 *                       trajectory (the rest of the energy balance is a velocity-Verlet identity);
 *   mdr/restitution/... e(v) of head-on impacts, 0.3..100 v_Y: e = 1 below V_y is judged; the
 *                       curves beside Thornton (1997) are plot data (data/verify-mdr-
 *                       restitution.dat, plots/verify-mdr-restitution.gp), not cases;
 *   mdr/compaction/...  cases_mdr_compaction.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact.h"
#include "error.h"
#include "expect.h"
#include "expect_mdr.h"
#include "faults.h"
#include "output.h"
#include "sim.h"
#include "cases.h"

/* Whether the filter lets the case named fmt... through (case_begin's test, without starting it). */
static bool wants(const Verifier *v, const char *group, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool wants(const Verifier *v, const char *group, const char *fmt, ...) {
  char name[192];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  return !v->filter || strstr(name, v->filter) || strstr(group, v->filter);
}

/* ---- one head-on impact through the Sim, with its trajectory integrals -------------------- */

typedef struct Impact {
  double e, E0, ke_end;
  double D_yield, D_yield_step; /**< overlap at the first step with YFLAG set, and its advance */
  double D_zero, D_zero_step;   /**< overlap at the first unloading step with zero MDR force */
  double deltap_sum;            /**< DELTAP_0 + DELTAP_1 (wall: DELTAP_0) at that step */
  double W_in, W_out;           /**< work of F_MDR while the overlap grows / shrinks (> 0 both) */
  double W_plastic;             /**< -sum F_MDR dr over the cycle (trapezoid) */
  double W_damp_traj, W_ledger; /**< damping work: -sum F_damp dr, and the Sim's ledger */
  double D_max, tc_steps;
  double R_growth; /**< largest (R - R_o)/R_o of the particles at the end */
  bool ended;
} Impact;

/* The contact's history (the one listed pair, or the wall contact). */
static const double *contact_hist(const Sim *s, bool wall) {
  if (wall) return s->walls.hist;
  for (int64_t k = 0; k < s->nl.start[s->p.n]; k++) return &s->nl.hist[k * s->nl.hsize];
  return NULL;
}

static Impact impact(const char *text, bool wall, double v0, double dt) {
  Impact r = {0};
  const double R = RAD, m = mdr_sphere_mass(R), meff = wall ? m : 0.5 * m;
  const ContactModel model = setup_model(text);
  const double damp = model.normal.coeff[5]; /* eta_n0, the sixth mdr coefficient (§3.4) */
  const int d_type = model.damping.d_type;
  const double gap = 2.5 * v0 * dt, L = 1.0;
  Box box = {.lo = {-L, -L, -L}, .hi = {L, L, L}, .periodic = {false, false, false}};
  Particles p;
  particles_alloc(&p, wall ? 1 : 2, 1);
  if (wall) {
    p.x[0] = R + gap, p.vx[0] = -v0;
  } else {
    p.x[0] = -(R + 0.5 * gap), p.x[1] = R + 0.5 * gap;
    p.vx[0] = 0.5 * v0, p.vx[1] = -0.5 * v0;
    p.radius[1] = R, p.mass[1] = m;
  }
  p.radius[0] = R, p.mass[0] = m;
  ContactModel *models = gd_xmalloc(sizeof *models);
  models[0] = model;
  fault_apply(&models[0], m, wall ? INFINITY : m); /* --broken: the Sim only, not damp/d_type above */
  Sim s;
  sim_init(&s, &p, &box, models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.2 * R, dt);
  fault_apply_list(&s.nl);
  if (wall) walls_add(&s.walls, 0, false, 0.0);
  const char *why = NULL;
  if (!sim_setup(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr impact set-up: %s", why);
  r.E0 = 0.5 * meff * v0 * v0;
  r.D_yield = r.D_zero = NAN;
  double r_prev = NAN, Fm_prev = 0.0, Fd_prev = 0.0, D_prev = 0.0;
  bool began = false, unloading = false;
  for (int64_t k = 0; k < 2000000; k++) {
    if (!sim_step(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr impact: %s", why);
    const Particles *q = &s.p;
    /* b: the particle on the right (+x); the contact force on it is +F along x. */
    const int b = wall ? 0 : (q->x[0] > q->x[1] ? 0 : 1), a = 1 - b;
    const double rr = wall ? q->x[0] - s.walls.w[0].pos : q->x[b] - q->x[a];
    const double D = wall ? q->radius[0] - rr : q->radius[a] + q->radius[b] - rr;
    const double F = q->fx[b];
    /* The force pass saw v_{n+1/2} = v_{n+1} - f dt/(2m). */
    const double vb = q->vx[b] - F * dt / (2.0 * q->mass[b]);
    const double va = wall ? 0.0 : q->vx[a] + F * dt / (2.0 * q->mass[a]);
    const bool on = s.last.contacts > 0;
    double Fm = 0.0, Fd = 0.0;
    const double *h = contact_hist(&s, wall);
    if (on) {
      const double ds = h[MDR_DAMP_SCALE];
      const double eta = d_type == 1 ? damp * ds : (ds != 0.0 ? damp : 0.0); /* §3.4 */
      Fd = -eta * (vb - va);
      Fm = F - Fd;
      if (!began) began = true;
      if (isnan(r.D_yield) && h[MDR_YFLAG_0] != 0.0) r.D_yield = D, r.D_yield_step = D - D_prev;
      if (D > r.D_max) r.D_max = D;
      if (D < D_prev) unloading = true;
      if (unloading && isnan(r.D_zero) && Fm <= 0.0) {
        r.D_zero = D, r.D_zero_step = D_prev - D;
        r.deltap_sum = h[MDR_DELTAP_0] + (wall ? 0.0 : h[MDR_DELTAP_1]);
      }
      r.tc_steps += 1.0;
    }
    if (began && !isnan(r_prev)) {
      const double dW = 0.5 * (Fm + Fm_prev) * (rr - r_prev), dWd = 0.5 * (Fd + Fd_prev) * (rr - r_prev);
      r.W_plastic -= dW;
      r.W_damp_traj -= dWd;
      /* The loop of the force against the overlap (what the side model of §6.5 prescribes, radius
       * growth included): loading while Delta grows, unloading while it shrinks. */
      const double dWD = 0.5 * (Fm + Fm_prev) * (D - D_prev);
      if (D > D_prev) r.W_in += dWD;
      else r.W_out -= dWD;
    }
    r_prev = rr, Fm_prev = Fm, Fd_prev = Fd, D_prev = D;
    if (began && !on) {
      r.ended = true;
      break;
    }
  }
  double ke_t, ke_r;
  energy_kinetic(&s.p, &ke_t, &ke_r, s.plan.threads);
  r.ke_end = ke_t + ke_r;
  const double vrel = wall ? s.p.vx[0] : fabs(s.p.vx[1] - s.p.vx[0]);
  r.e = r.ended ? vrel / v0 : 0.0;
  r.W_ledger = s.ledger.diss_normal;
  for (int64_t i = 0; i < s.p.n; i++) r.R_growth = fmax(r.R_growth, s.p.radius[i] / R - 1.0);
  sim_free(&s);
  return r;
}

/* ---- elastic limit ----------------------------------------------------------------------- */

/* The setup evaluation (history_update off) of a fresh pair at overlap D, at rest: its force. */
static double static_pair_force(const char *text, double R, double D, bool swap_tags, double vrel) {
  Particles p;
  particles_alloc(&p, 2, 1);
  p.x[0] = 0.0, p.x[1] = 2.0 * R - D;
  p.vx[0] = 0.5 * vrel, p.vx[1] = -0.5 * vrel;
  p.radius[0] = p.radius[1] = R;
  p.mass[0] = p.mass[1] = mdr_sphere_mass(R);
  if (swap_tags) p.id[0] = 2, p.id[1] = 1;
  Box box = {.lo = {-1, -1, -1}, .hi = {1, 1, 1}, .periodic = {false, false, false}};
  ContactModel *models = gd_xmalloc(sizeof *models);
  models[0] = setup_model(text);
  fault_apply(&models[0], p.mass[0], p.mass[1]); /* --broken */
  Sim s;
  sim_init(&s, &p, &box, models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.1 * R, 1e-6);
  fault_apply_list(&s.nl);
  const char *why = NULL;
  if (!sim_setup(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr static pair: %s", why);
  const int right = s.p.x[0] > s.p.x[1] ? 0 : 1;
  const double F = s.p.fx[right];
  sim_free(&s);
  return F;
}

static double static_wall_force(const char *text, double R, double d) {
  Particles p;
  particles_alloc(&p, 1, 1);
  p.x[0] = R - d, p.radius[0] = R, p.mass[0] = mdr_sphere_mass(R);
  Box box = {.lo = {-1, -1, -1}, .hi = {1, 1, 1}, .periodic = {false, false, false}};
  ContactModel *models = gd_xmalloc(sizeof *models);
  models[0] = setup_model(text);
  fault_apply(&models[0], p.mass[0], INFINITY); /* --broken */
  Sim s;
  /* One regular step (the setup evaluation reads the magnifier from the stored DELTAO_0 = 0,
   * §6.6), with dt = 1e-12 s: the particle moves by F dt^2/(2m) ~ 1e-20 m, far below rounding. */
  sim_init(&s, &p, &box, models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.1 * R, 1e-12);
  walls_add(&s.walls, 0, false, 0.0);
  const char *why = NULL;
  if (!sim_setup(&s, &why) || !sim_step(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr static wall: %s", why);
  const double F = s.walls.force[0];
  sim_free(&s);
  return F;
}

/* hertz/material with the same E, nu (§2.3): (4/3)(Eeff/2) sqrt(Reff) delta^{3/2}. */
static double hertz_material(double Reff, double d) { return 4.0 / 3.0 * (0.5 * mdr_eeff()) * sqrt(Reff) * pow(d, 1.5); }

static void elastic(Verifier *v) {
  char el[256];
  mdr_text(el, sizeof el, 1e30, 0.0, 0.0, 1);
  const double R = RAD;
  /* Hook 1: F_MDR/F_hertz = 1 - (3/80)x + O(x^2), x = Delta/R. The spec's own values
   * (0.999625 at 0.01, 0.99624 at 0.1, i.e. slope 0.0375 and 0.0376 +- 5e-5) bound the O(x)
   * correction of the slope by 1.5e-3 x; below x ~ 1e-4 F_na's rounding dominates (§6.5), so the
   * smallest x is 1e-3 (rounding ~4e-11 relative at delta_s/R = 5e-4, 4e-8 in the slope). */
  static const double X[] = {1e-3, 3e-3, 1e-2, 3e-2, 1e-1};
  double slope[5];
  bool want_slope = wants(v, "mdr.elastic", "mdr/elastic/pair/slope/extrapolated");
  for (int k = 0; k < 5; k++) want_slope = want_slope || wants(v, "mdr.elastic", "mdr/elastic/pair/slope/Delta_R=%g", X[k]);
  if (v->dry) want_slope = false;
  for (int k = 0; k < 5; k++) {
    if (!want_slope) {
      case_begin(v, "mdr.elastic", "mdr/elastic/pair/slope/Delta_R=%g", X[k]); /* counts */
      continue;
    }
    const double ratio = static_pair_force(el, R, X[k] * R, false, 0.0) / hertz_material(0.5 * R, X[k] * R);
    slope[k] = (1.0 - ratio) / X[k];
    if (case_begin(v, "mdr.elastic", "mdr/elastic/pair/slope/Delta_R=%g", X[k]))
      case_end(v, slope[k], 3.0 / 80.0, 1.5e-3 * X[k] + 1e-7,
               "(1 - F_MDR/F_hertz)/(Delta/R) = 3/80 + O(Delta/R) (§6.10.1); tol 1.5e-3 x from the spec's values");
  }
  if (case_begin(v, "mdr.elastic", "mdr/elastic/pair/slope/extrapolated") && want_slope) {
    /* Linear extrapolation of the slope from x = 1e-3, 3e-3 to 0: leaves c2 x1 x2 (< 1.5e-3 * 3e-3
     * x1-relative terms ~5e-9) plus 1.5x the slope rounding (~6e-8): 1e-6 covers both. */
    const double s0 = (slope[0] * X[1] - slope[1] * X[0]) / (X[1] - X[0]);
    case_end(v, s0, 3.0 / 80.0, 1e-6, "slope of F_MDR/F_hertz at Delta -> 0 is 3/80 (§6.10.1); rounding + O(x1 x2)");
  }
  /* Hook 2: the wall is a rigid flat, about twice hertz/material: F_na(delta) wfm over
   * hertz/material = 2 (1 - 3x/40 - 3x^2/896 - x^3/3072 - ...)(1 + e^{10.7x - 10}), x = delta/R
   * (the series of §6.5's F_na with A = 4R, B = 2R, worked out here to x^3). Tolerance: twice
   * the first omitted term (x^3/1536) plus F_na's rounding (~1e-11 at x = 1e-3, §6.5). */
  static const double XW[] = {1e-3, 1e-2, 1e-1};
  for (int k = 0; k < 3; k++) {
    if (!case_begin(v, "mdr.elastic", "mdr/elastic/wall/ratio/delta_R=%g", XW[k])) continue;
    const double ratio = static_wall_force(el, R, XW[k] * R) / hertz_material(R, XW[k] * R);
    const double x = XW[k], wfm = 1.0 + exp(10.7 * x - 10.0);
    case_end(v, ratio, 2.0 * (1.0 - 3.0 / 40.0 * x - 3.0 / 896.0 * x * x) * wfm, 2.0 * x * x * x / 1536.0 + 1e-9,
             "wall = 2 hertz/material (1 - 3x/40 - 3x^2/896)(1 + e^{10.7x-10}) (§6.10.2, §6.5); tol 2 x^3/1536");
  }
  /* Hook 8: swapping the tags swaps the sides, not the force (equal radii: bitwise). */
  if (case_begin(v, "mdr.elastic", "mdr/elastic/pair/tag_swap")) {
    const double a = static_pair_force(el, R, 0.02 * R, false, 0.0), b = static_pair_force(el, R, 0.02 * R, true, 0.0);
    case_end_bool(v, a == b, b, a, "tags swapped: same force, bitwise (§6.10.8)");
  }
  /* Hook 10: the setup evaluation of a fresh contact has DAMP_SCALE = 0: no damping even moving. */
  if (case_begin(v, "mdr.elastic", "mdr/elastic/pair/setup_no_damping")) {
    char dm[256];
    mdr_text(dm, sizeof dm, 1e30, 0.0, 0.5, 1);
    const double a = static_pair_force(dm, R, 0.02 * R, false, 0.0), b = static_pair_force(dm, R, 0.02 * R, false, 1.0);
    case_end_bool(v, a == b, b, a, "run 0 on a fresh pair: no damping, force independent of v (§6.10.10, §3.4)");
  }
  /* Hook 3: no damping, equal spheres or a wall: e = 1 to integrator accuracy. Velocity Verlet
   * on a conservative Hertz-type force: the spec's time-step bound f dt/t_c with f = 0.6 (Hertz,
   * docs/verification.md §7.2), dt = t_c/200. */
  for (int w = 0; w < 2; w++) {
    const char *geo = w ? "wall" : "pair";
    if (v->dry || !(wants(v, "mdr.elastic", "mdr/elastic/%s/e=1/no_damping", geo) ||
                    wants(v, "mdr.elastic", "mdr/elastic/%s/hysteresis", geo))) {
      case_begin(v, "mdr.elastic", "mdr/elastic/%s/e=1/no_damping", geo); /* counts (dry pass) */
      case_begin(v, "mdr.elastic", "mdr/elastic/%s/hysteresis", geo);
      continue;
    }
    const ContactModel m = setup_model(el);
    const double meff = w ? mdr_sphere_mass(R) : 0.5 * mdr_sphere_mass(R), Reff = w ? R : 0.5 * R;
    const double tc = collide_elastic_time(&m, Reff, meff, 1.0) * (w ? pow(2.0, -0.4) : 1.0);
    const double frac = 1.0 / 200.0;
    const Impact r = impact(el, w, 1.0, frac * tc);
    if (case_begin(v, "mdr.elastic", "mdr/elastic/%s/e=1/no_damping", geo))
      case_end(v, r.e, 1.0, 0.6 * frac, "e = 1 without damping (§6.10.3); tol 0.6 dt/t_c (verification.md §7.2)");
    if (case_begin(v, "mdr.elastic", "mdr/elastic/%s/hysteresis", geo)) {
      /* Elastic and undamped, F_MDR is a function of Delta alone (the wall magnifier reads this
       * step's DELTAO_0), so the work against the overlap on the way out equals that on the way
       * in whatever the Verlet trajectory: only the trapezoid rule over the sampled overlaps
       * errs. With F ~ Delta^{3/2} and steps h <= v0 dt its error on each half is at most
       * (h^2/12) int|F''| = (h^2/12) 1.5 F_max/Delta_max against W = 0.4 F_max Delta_max, i.e.
       * 0.31 (h/Delta_max)^2; both halves, and the partial first and last steps
       * (~(h/Delta_max)^{5/2}): (h/Delta_max)^2. */
      const double h = 1.0 * frac * tc / r.D_max;
      case_end(v, r.W_out / r.W_in, 1.0, h * h,
               "W_out/W_in of F_MDR against the overlap = 1 when elastic (§6.10.3); tol (v0 dt/Delta_max)^2 (trapezoid)");
    }
  }
  /* Hook 4: damping mdr 1, eta_n0 = 0.1: Tsuji form with alpha = sqrt6 eta_n0 (pair), sqrt(3/8)
   * eta_n0 (wall), e = exp(-pi zeta/sqrt(1 - zeta^2)), zeta = alpha/sqrt5: 0.70735 / 0.91753.
   * Error: O(Delta_max/R) (~3e-6 here, spec) + the Hertz + tsuji time-step bound 0.6 dt/t_c. */
  for (int w = 0; w < 2; w++) {
    if (v->quick && w) continue;
    if (!case_begin(v, "mdr.elastic", "mdr/elastic/%s/damping_mdr_1/eta0=0.1", w ? "wall" : "pair")) continue;
    char dm[256];
    mdr_text(dm, sizeof dm, 1e30, 0.0, 0.1, 1);
    const double alpha = (w ? sqrt(3.0 / 8.0) : sqrt(6.0)) * 0.1, zeta = alpha / sqrt(5.0);
    const double e_exp = exp(-GD_PI * zeta / sqrt(1.0 - zeta * zeta));
    const ContactModel m = setup_model(dm);
    const double meff = w ? mdr_sphere_mass(R) : 0.5 * mdr_sphere_mass(R), Reff = w ? R : 0.5 * R;
    const double tc = collide_elastic_time(&m, Reff, meff, 0.1) * (w ? pow(2.0, -0.4) : 1.0);
    const double frac = 1.0 / 400.0;
    const Impact r = impact(dm, w, 0.1, frac * tc);
    case_end(v, r.e, e_exp, 0.6 * frac + 5.0 * r.D_max / R * 1e-3,
             "damping mdr 1 = Tsuji form alpha = %s eta_n0 (§6.10.4); tol 0.6 dt/t_c + O(Delta_max/R)",
             w ? "sqrt(3/8)" : "sqrt6");
  }
}

/* damping mdr 2 in the elastic limit: Hertz with constant damping, e = f(gamma) of
 * verification.md §4. d_type 2 gives eta_n = eta_n0 (mass/time) wherever DAMP_SCALE != 0, i.e.
 * wherever the elastic contact radius a_na > 0, i.e. Delta > 0 (§3.4): the `velocity` model with
 * D = eta_n0. The elastic force is hertz/material's, k_H Delta^{3/2} with k_H = (4/3)(Eeff/2)
 * sqrt(Reff) for a pair (hook 1) and (4/3) Eeff sqrt(R) for the wall (hook 2, twice). So
 * gamma = (eta_n0/meff)(meff/k_H)^{2/5} v0^{-1/5}, and eta_n0 = gamma meff^{3/5} k_H^{2/5} v0^{1/5}.
 * The expectation is the table's e_delta(gamma) to 12 digits (expect_hertz_const_table). */
static void damping_mdr_2(Verifier *v) {
  static const struct { bool wall; double gamma; } C[] = {{false, 0.5}, {false, 0.3}, {true, 0.5}};
  const double R = RAD, v0 = 0.01;
  for (int c = 0; c < 3; c++) {
    const bool w = C[c].wall;
    if (v->quick && c) continue;
    if (!case_begin(v, "mdr.elastic", "mdr/elastic/%s/damping_mdr_2/gamma=%g", w ? "wall" : "pair", C[c].gamma)) continue;
    const double meff = w ? mdr_sphere_mass(R) : 0.5 * mdr_sphere_mass(R);
    const double kH = w ? 4.0 / 3.0 * mdr_eeff() * sqrt(R) : 4.0 / 3.0 * (0.5 * mdr_eeff()) * sqrt(0.5 * R);
    const double eta = C[c].gamma * pow(meff, 0.6) * pow(kH, 0.4) * pow(v0, 0.2);
    char dm[256];
    mdr_text(dm, sizeof dm, 1e30, 0.0, eta, 2);
    /* The elastic Hertz duration (verification.md §2.1), N = 2000 steps of it. */
    const double tc_el = 3.218065 * pow(meff / kH, 0.4) * pow(v0, -0.2);
    const Impact r = impact(dm, w, v0, tc_el / 2000.0);
    /* Tolerance: the Hertz + velocity time-step bound 1.4 dt/t_c
     * (verification.md §7.2) with t_c the contact's own duration in steps; MDR's departure from
     * Hertz, F = k_H Delta^{3/2}(1 - c Delta/R), c = 3/80 pair, 3/40 wall (hooks 1, 2), at most
     * a stiffness lower by c Delta_max/R, so gamma ~ k_H^{-2/5} higher by at most
     * (2/5) c Delta_max/R, times |de/dgamma| <= 1.787814 (e(gamma) is convex: its slope is
     * steepest at 0); the wall magnifier's 1 + e^{10.7 x - 10} adds (2/5) 4.6e-5 in gamma. */
    const double x = r.D_max / R, c_mdr = w ? 3.0 / 40.0 : 3.0 / 80.0;
    const double tol = 1.4 / r.tc_steps + 1.787814 * C[c].gamma * 0.4 * (c_mdr * x + (w ? 4.6e-5 : 0.0));
    case_end(v, r.e, expect_hertz_const_table(C[c].gamma, false), tol,
             "damping mdr 2 = Hertz + constant eta, e_delta(gamma) of verification.md §4; tol 1.4 dt/t_c + O(Delta/R)");
  }
}

/* ---- yield, hysteresis, residual overlap ------------------------------------------------- */

static void yield_cases(Verifier *v) {
  const double R = RAD, xY = mdr_yield_ratio(MDR_Y / mdr_eeff());
  for (int w = 0; w < 2; w++) {
    const char *geo = w ? "wall" : "pair";
    const bool want = wants(v, "mdr.yield", "mdr/yield/%s/onset", geo) ||
                      wants(v, "mdr.yield", "mdr/yield/%s/hysteresis", geo) ||
                      wants(v, "mdr.yield", "mdr/yield/%s/residual", geo);
    if (!want) continue;
    if (v->dry) { /* count the cases only */
      case_begin(v, "mdr.yield", "mdr/yield/%s/onset", geo);
      case_begin(v, "mdr.yield", "mdr/yield/%s/hysteresis", geo);
      case_begin(v, "mdr.yield", "mdr/yield/%s/residual", geo);
      continue;
    }
    /* No damping (mdr 2, eta_n0 = 0): the force is the MDR force. v0 = 3 m/s loads the seed
     * material to about 3 yield overlaps (Delta_Y/R = 0.0706 for the pair). */
    char text[256];
    mdr_text(text, sizeof text, MDR_Y, 0.0, 0.0, 2);
    const ContactModel m = setup_model(text);
    const double meff = w ? mdr_sphere_mass(R) : 0.5 * mdr_sphere_mass(R), Reff = w ? R : 0.5 * R;
    const double dt = collide_elastic_time(&m, Reff, meff, 3.0) / 2000.0;
    const Impact r = impact(text, w, 3.0, dt);
    const double DY = (w ? 1.0 : 2.0) * xY * R; /* hook 5: Delta_Y = 2 delta_Y for equal spheres */
    if (case_begin(v, "mdr.yield", "mdr/yield/%s/onset", geo))
      /* YFLAG flips at the first step with Delta >= Delta_Y: in [Delta_Y, Delta_Y + one step's advance]. */
      case_end(v, r.D_yield / R, (DY + 0.5 * r.D_yield_step) / R, 0.5 * r.D_yield_step / R + 1e-12,
               "Delta at the YFLAG step / R = %s delta_Y/R of §6.10.5 (delta_Y/R = %.6f) within the step's advance",
               w ? "" : "2", xY);
    if (case_begin(v, "mdr.yield", "mdr/yield/%s/hysteresis", geo)) {
      /* The loop of the MDR force against the overlap: W_out/W_in of the quasi-static side model
       * (§6.5, side_loop_ratio) loaded to the measured largest side displacement. Undamped and
       * rate-independent, so the trajectory only picks the largest displacement. Tolerance,
       * relative: radius growth, left out of the prediction, of about g = (dm/R)^2 (3 - dm/R)/12
       * (the flattened cap's volume spread over the sphere; 3.1e-3 pair, 1.3e-2 wall): a radius
       * R(1 + g) moves the predicted ratio by about g/2, and the growth of the last loading steps,
       * which the ten-step smoothing carries past the maximum, by 1-2 g more (1.5 g pair, 2.3 g
       * wall measured): 3 g. The trapezoid over steps of at most v0 dt at the yield kink and the
       * turning point: 3 v0 dt/Delta_max. */
      const double dm = (w ? 1.0 : 0.5) * r.D_max, ratio = mdr_side_loop_ratio(R, xY * R, dm, w);
      const double g = dm * dm * (3.0 * R - dm) / (12.0 * R * R * R), h = 3.0 * dt / r.D_max;
      const double tol = ratio * (3.0 * g + 3.0 * h);
      case_end(v, r.W_out / r.W_in, ratio, tol,
               "W_out/W_in = side model's plastic loop (§6.5), Delta_max/R %.3f, loss >= %.3f; tol 3g growth + 3 v0 dt/Delta_max",
               r.D_max / R, 1.0 - ratio - tol);
    }
    if (case_begin(v, "mdr.yield", "mdr/yield/%s/residual", geo))
      /* Hook 7: F_MDR = 0 at Delta = DELTAP_0 + DELTAP_1 > 0, reached between two steps. */
      case_end(v, r.D_zero / R, r.deltap_sum / R, r.D_zero_step / R + 1e-12,
               "first zero-force overlap / R = (DELTAP_0 + DELTAP_1)/R > 0 (residual plastic overlap, §6.10.7); tol one step");
  }
}

/* ---- energy ledger over a cycle ---------------------------------------------------------- */

static void energy_cases(Verifier *v) {
  const double R = RAD;
  for (int d = 1; d <= 2; d++) {
    for (int w = 0; w < 2; w++) {
      if (v->quick && w) continue;
      if (!case_begin(v, "mdr.energy", "mdr/energy/%s/damping_mdr_%d/closure", w ? "wall" : "pair", d)) continue;
      /* d_type 1: eta_n0 = 0.1; d_type 2: the same eta at the elastic Delta_Y scale, so both
       * damp comparably: DAMP_SCALE(pair, elastic) = sqrt(meff 2 Eeff 2 sqrt(delta R)). */
      const double meff = w ? mdr_sphere_mass(R) : 0.5 * mdr_sphere_mass(R);
      const double xY = mdr_yield_ratio(MDR_Y / mdr_eeff());
      const double ds = sqrt(meff * 2.0 * mdr_eeff() * (w ? 0.5 : 2.0) * sqrt(xY) * R);
      char text[256];
      mdr_text(text, sizeof text, MDR_Y, 0.0, d == 1 ? 0.1 : 0.1 * ds, d);
      const ContactModel m = setup_model(text);
      const double N = 2000.0;
      const double dt = collide_elastic_time(&m, w ? R : 0.5 * R, meff, 3.0) / N;
      const Impact r = impact(text, w, 3.0, dt);
      /* What this can catch. Velocity Verlet makes the trapezoid rule of the total force along its
       * own positions equal to the kinetic energy change: with x' = x + v dt + F dt^2/2m and
       * v' = v + (F + F')dt/2m, KE' - KE = (F + F')/2 (x' - x) + (F'^2 - F^2) dt^2/8m, and the
       * second term telescopes to 0 between two force-free states. So "E0 - KE_end = W_plastic
       * (the remainder -sum F_MDR dr) + W_damp" is an identity and says nothing about
       * plasticity (the hysteresis cases do). What is left is the damping term: the Sim's ledger
       * against the work of eta v along the trajectory, eta rebuilt here from DAMP_SCALE and
       * d_type by §3.4. It fails if the ledger misses or miscounts damping work, or if damping
       * mdr applies another eta than §3.4's rule on DAMP_SCALE (a d_type 2 that scales with
       * DAMP_SCALE, an eta_n0 off by 1 %, damping left on after DAMP_SCALE = 0). Tolerance: the
       * ledger's half-step quadrature differs from the trapezoid by O(dt^2) on smooth parts and
       * O(dt) where eta jumps (the yield step, hook 6; d_type 2 switching on and off, §3.4): each
       * jump J costs ~J v dt/2; summed below E0/N: 1/N relative to E0. */
      case_end(v, r.W_ledger / r.E0, r.W_damp_traj / r.E0, 1.0 / N,
               "damping ledger = -sum F_damp dr, eta by §3.4 (W_plastic %.4f E0: the Verlet-identity remainder); tol dt/t_c",
               r.W_plastic / r.E0);
    }
  }
}

/* ---- restitution against Thornton (1997) ------------------------------------------------- */

/* Thornton 1997 (J. Appl. Mech. 64, 383), elastic-perfectly-plastic spheres, for V > V_y:
 * e = sqrt(6 sqrt3/5) sqrt(1 - (u^2)/6) [u/(u + 2 sqrt(6/5 - u^2/5))]^{1/4}, u = V_y/V; 1 below. */
static double thornton_e(double vr) {
  if (vr <= 1.0) return 1.0;
  const double u = 1.0 / vr;
  return sqrt(6.0 * sqrt(3.0) / 5.0) * sqrt(1.0 - u * u / 6.0) * pow(u / (u + 2.0 * sqrt(6.0 / 5.0 - u * u / 5.0)), 0.25);
}

static void restitution_cases(Verifier *v) {
  /* Y/Eeff = 1e-3 (delta_Y/R = 4.2e-5): 100 V_y stays at small overlaps. Thornton's V_y is the
   * speed at which the contact first yields; here from MDR's own onset (hook 5) with the
   * hertz/material pair energy (8/15) E* sqrt(R*) Delta_Y^{5/2} = meff V_y^2 / 2. */
  const double R = RAD, Y = 1e-3 * mdr_eeff(), xY = mdr_yield_ratio(1e-3), DY = 2.0 * xY * R;
  const double meff = 0.5 * mdr_sphere_mass(R), Rs = 0.5 * R, Es = 0.5 * mdr_eeff();
  const double VY = sqrt(2.0 * (8.0 / 15.0) * Es * sqrt(Rs) * pow(DY, 2.5) / meff);
  static const double VR[] = {0.3, 0.6, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 50.0, 100.0};
  static const int QUICK[] = {1, 5, 11};
  const int nv = v->quick ? 3 : 12;
  /* The curves: no damping (d_type 1 and 2 coincide at eta_n0 = 0), damping mdr 1 eta_n0 = 0.05,
   * damping mdr 2 with the same eta at the yield scale. Thornton (1997) is plotted beside them,
   * not judged: MDR's yield pressure falls from 2.75 Y towards Y, its radius grows and it
   * unloads along the 1D indenter, where Thornton has a fixed limiting pressure, so no bound on
   * e - e_Thornton follows from either model (the undamped curve lies 0.02-0.03 below it above
   * 1.5 V_y). What is judged is the part that follows from MDR alone: below V_y the contact
   * never yields, so e = 1. */
  const double ds = sqrt(meff * 2.0 * mdr_eeff() * 2.0 * sqrt(xY) * R);
  const struct { int d; double damp; const char *name; } CURVE[3] = {
      {1, 0.0, "mdr_1_eta0=0"}, {1, 0.05, "mdr_1_eta0=0.05"}, {2, 0.05 * ds, "mdr_2_eta=0.05dsY"}};
  bool any = false;
  for (int c = 0; c < 3; c++) any = any || wants(v, "mdr.restitution", "mdr/restitution/%s/below_V_y", CURVE[c].name);
  if (v->dry || !any) {
    for (int c = 0; c < 3; c++) /* counts (dry pass) */
      case_begin(v, "mdr.restitution", "mdr/restitution/%s/below_V_y", CURVE[c].name);
    return;
  }
  const double dt_fraction = 0.002;
  double e[3][12];
  for (int c = 0; c < 3; c++) {
    char text[256];
    mdr_text(text, sizeof text, Y, 0.0, CURVE[c].damp, CURVE[c].d);
    const ContactModel m = setup_model(text);
    for (int k = 0; k < nv; k++) {
      const double vr = VR[v->quick ? QUICK[k] : k];
      CollideSpec cs = collide_defaults();
      cs.model = m;
      cs.Ri = cs.Rj = R;
      cs.mi = cs.mj = mdr_sphere_mass(R);
      fault_apply(&cs.model, cs.mi, cs.mj); /* --broken */
      cs.v0 = vr * VY;
      cs.dt_fraction = dt_fraction;
      cs.max_tc = VERIFY_MAX_TC;
      CollideResult res;
      const char *why = NULL;
      if (!collide_run(&cs, &res, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr restitution: %s", why);
      e[c][k] = res.captured ? 0.0 : res.e;
    }
  }
  /* Below V_y, at V <= 0.6 V_y, the largest overlap is at most 0.6^{4/5} = 0.66 of Delta_Y
   * (Hertz: Delta_max ~ V^{4/5}), so the contact never yields and each curve is an elastic-limit
   * impact of known e: undamped e = 1; damping mdr 1 the Tsuji form, alpha = sqrt6 eta_n0 (hook
   * 4), e = exp(-pi zeta/sqrt(1 - zeta^2)), zeta = alpha/sqrt5, whatever V; damping mdr 2
   * hertz/material (hook 1: the same E, nu) with the constant damping eta (§3.4), whose e the
   * continuous-time reference integrates (verification.md §4, §7.1). Tolerance: the time-step
   * bound f dt/t_c of verification.md §7.2, f = 0.6 (Hertz, tsuji form) and 1.4 (Hertz + velocity),
   * plus MDR's departure from Hertz, (3/80) Delta/R < 3e-6 in the stiffness here. Fails if the
   * contact yields early (Y or the yield law scaled down: V_y below 0.6 of hook 5's) or if
   * damping mdr's eta departs from §3.4. */
  for (int c = 0; c < 3; c++) {
    if (!case_begin(v, "mdr.restitution", "mdr/restitution/%s/below_V_y", CURVE[c].name)) continue;
    double worst = 0.0, expected = 1.0, at = 0.0;
    for (int k = 0; k < nv; k++) {
      const double vr = VR[v->quick ? QUICK[k] : k];
      if (vr > 0.6) continue;
      double ek = 1.0;
      if (c == 1) {
        const double zeta = sqrt(6.0) * CURVE[c].damp / sqrt(5.0);
        ek = exp(-GD_PI * zeta / sqrt(1.0 - zeta * zeta));
      } else if (c == 2) {
        char hm[256];
        snprintf(hm, sizeof hm, "hertz/material %.17g %.17g %.17g damping velocity tangential linear_nohistory 0 0", MDR_E,
                 CURVE[c].damp, MDR_NU);
        const LawModel hmodel = law_model(hm);
        ek = reference_collide(&hmodel, 0.5 * R, meff, vr * VY, false).e;
      }
      if (fabs(e[c][k] - ek) >= fabs(worst)) worst = e[c][k] - ek, expected = ek, at = vr;
    }
    const double f = c == 2 ? 1.4 : 0.6;
    case_end(v, expected + worst, expected, f * dt_fraction + 1e-5,
             "below V_y (V = %g V_y): elastic e of the curve (%s); tol %.1f dt/t_c (verification.md §7.2) + O(Delta/R)", at,
             c == 0 ? "1" : c == 1 ? "Tsuji form, hook 4" : "Hertz + velocity, §4", f);
  }
  if (!v->data) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-mdr-restitution.dat", v->data);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  fprintf(o.f, "# V/V_y e_thornton e(mdr 1 eta0=0) e(mdr 1 eta0=0.05) e(mdr 2 eta=0.05 ds_Y); V_y = %.6g m/s, "
               "E = %g, nu = %g, Y = %g (Y/Eeff = 1e-3), R = %g, equal spheres\n", VY, MDR_E, MDR_NU, Y, R);
  for (int k = 0; k < nv; k++) {
    const double vr = VR[v->quick ? QUICK[k] : k];
    fprintf(o.f, "%.6g %.8f", vr, thornton_e(vr));
    for (int c = 0; c < 3; c++) fprintf(o.f, " %.8f", e[c][k]);
    fputc('\n', o.f);
  }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

void cases_mdr(Verifier *v) {
  elastic(v);
  damping_mdr_2(v);
  yield_cases(v);
  energy_cases(v);
  restitution_cases(v);
  cases_mdr_compaction(v);
}
