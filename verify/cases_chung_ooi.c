/*
 * cases_chung_ooi.c - the particle-impact benchmark tests of Chung & Ooi (2011, "Benchmark tests
 * for verifying discrete element modelling codes at particle impact level", Granular Matter
 * 13:643-656), as far as they are built: tests 1 and 2, the elastic normal impacts.
 *
 *   test 1  two identical spheres, R = 10 mm, each at 10 m/s towards the other (v0 = 20 m/s):
 *           glass (E 48 GPa, nu 0.20, rho 2800) and limestone (20 GPa, 0.25, 2500);
 *   test 2  a sphere on a rigid plane, R = 0.1 m, 0.2 m/s: aluminium alloy (70 GPa, 0.30, 2699)
 *           and magnesium alloy (40 GPa, 0.35, 1800).
 * The materials are those the public implementations of the tests state (Yade's and Kratos's
 * benchmark scripts); the paper's friction does not enter a frictionless head-on impact.
 *
 * Each runs through the production loops (grandamp collide) in every normal model it applies to:
 * hertz/material (two spheres of one material: E* = E/(2(1 - nu^2))) and hertz with
 * k = (4/3) E*. A rigid plane has E* = E/(1 - nu^2), which only hertz can state: grandamp's wall
 * is the particle's own material (a hertz/material wall is a second body of the same E), so test
 * 2 runs hertz alone. Cases chung-ooi/TEST/MATERIAL/NORMAL/{delta_max,F_max,t_c,e}, judged against
 * the closed forms of Hertz's elastic impact (expect_hertz_impact, independent of src/) at
 * dt = t_c/500, within the bounds derived below.
 */
#include <math.h>
#include <stdio.h>

#include "expect.h"
#include "faults.h"
#include "verify.h"

typedef struct Material {
  const char *name;
  double E, nu, rho;
} Material;

typedef struct ImpactTest {
  int number;
  double R, v_each; /* sphere radius [m]; each body's speed towards the contact [m/s] */
  bool plane;       /* a sphere on a rigid plane, else two identical spheres */
  Material materials[2];
} ImpactTest;

static const ImpactTest TESTS[] = {
    {1, 0.010, 10.0, false, {{"glass", 48e9, 0.20, 2800.0}, {"limestone", 20e9, 0.25, 2500.0}}},
    {2, 0.10, 0.2, true, {{"al-alloy", 70e9, 0.30, 2699.0}, {"mg-alloy", 40e9, 0.35, 1800.0}}},
};

/* The steps per elastic collision time. */
#define STEPS_PER_TC 500.0

/* Bounds at dt = t_c/N (relative): delta_max and F_max are sampled at steps, at most
 * (1/2) a_max dt^2 below the true peak, (5/8)(v0 dt/delta_max)^2 = (5/8)(2.943/N)^2 = 5.4/N^2
 * relative in delta (F: 3/2 of it), plus velocity Verlet's O(dt^2) error; t_c is interpolated at
 * both ends, O(dt^2) relative; e of an elastic impact differs from 1 by the integrator's energy
 * error. The impact is self-similar (every material gives the same relative errors at the same
 * N and onset phase), so one scan covers them: over N = 50...2000 and phases 0.05...0.95 the
 * worst |error| N^2 was 0.91 (delta_max), 1.37 (F_max), 0.53 (t_c) and 0.10 (e). The bound is
 * 4/N^2 for all four, a margin of 2.9 or more. */
#define BOUND_C 4.0

/* hertz: the normal model hertz with k = (4/3) E*, else hertz/material. */
static void impact_cases(Verifier *v, const ImpactTest *t, const Material *m, bool hertz) {
  const double mass = 4.0 / 3.0 * GD_PI * t->R * t->R * t->R * m->rho;
  /* Two identical spheres: E* = E/(2(1 - nu^2)), R* = R/2, m* = m/2; the rigid plane:
   * E* = E/(1 - nu^2), R* = R, m* = m. */
  const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
  const double Rstar = t->plane ? t->R : 0.5 * t->R, mstar = t->plane ? mass : 0.5 * mass;
  const double v0 = t->plane ? t->v_each : 2.0 * t->v_each;
  char base[160];
  snprintf(base, sizeof base, "chung-ooi/%d/%s/%s", t->number, m->name, hertz ? "hertz" : "hertz_material");
  const char *group = "chung_ooi.elastic";
  static const char *const WHAT[4] = {"delta_max", "F_max", "t_c", "e"};
  bool any = false;
  for (int k = 0; k < 4; k++) any = any || case_wanted(v, group, "%s/%s", base, WHAT[k]);
  if (!any) {
    for (int k = 0; k < 4; k++) case_begin(v, group, "%s/%s", base, WHAT[k]); /* the dry pass counts them */
    return;
  }
  char text[256];
  if (hertz)
    snprintf(text, sizeof text, "hertz %.17g 0 tangential linear_nohistory 0 0 damping none", 4.0 / 3.0 * Estar);
  else
    snprintf(text, sizeof text, "hertz/material %.17g 0 %.17g tangential linear_nohistory 0 0 damping none", m->E, m->nu);
  CollideSpec c = collide_defaults();
  c.model = setup_model(text);
  c.Ri = t->R, c.Rj = t->plane ? INFINITY : t->R;
  c.mi = mass, c.mj = t->plane ? INFINITY : mass;
  fault_apply(&c.model, c.mi, c.mj);
  c.wall = t->plane;
  c.v0 = v0;
  c.dt_fraction = 1.0 / STEPS_PER_TC;
  c.threads = v->threads;
  c.max_tc = VERIFY_MAX_TC;
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) gd_die(GD_EXIT_RUNTIME, "verify: %s: %s", base, why);
  const HertzImpact h = expect_hertz_impact(Estar, Rstar, mstar, v0);
  const double bound = BOUND_C / (STEPS_PER_TC * STEPS_PER_TC);
  const double measured[4] = {r.delta_max / h.delta_max, r.force_max / h.force_max, r.t_c / h.t_c, r.e};
  static const char *const SRC[4] = {
      "Hertz delta_max = (5 m* v0^2/(4 k_H))^(2/5) (Johnson 1985 §11.4), relative; 4 (dt/t_c)^2",
      "Hertz F_max = k_H delta_max^(3/2), relative; 4 (dt/t_c)^2",
      "Hertz t_c = 3.2180655 (m*/k_H)^(2/5) v0^(-1/5) (§2.1), relative; 4 (dt/t_c)^2",
      "elastic: e = 1; 4 (dt/t_c)^2"};
  for (int k = 0; k < 4; k++) {
    if (!case_begin(v, group, "%s/%s", base, WHAT[k])) continue;
    case_end(v, measured[k], 1.0, bound, "%s", SRC[k]);
  }
}

void cases_chung_ooi(Verifier *v) {
  for (size_t i = 0; i < sizeof TESTS / sizeof TESTS[0]; i++)
    for (int k = 0; k < 2; k++) {
      impact_cases(v, &TESTS[i], &TESTS[i].materials[k], true);
      if (!TESTS[i].plane) impact_cases(v, &TESTS[i], &TESTS[i].materials[k], false);
    }
}
