/*
 * cases_chung_ooi.c - the particle-impact benchmark tests of Chung & Ooi (2011, "Benchmark tests
 * for verifying discrete element modelling codes at particle impact level", Granular Matter
 * 13:643-656), as far as they are built: tests 1 and 2, the elastic normal impacts.
 *
 *   test 1  two identical spheres, R = 10 mm, each at 10 m/s towards the other (v0 = 20 m/s):
 *           glass (E 48 GPa, nu 0.20, rho 2800) and limestone (20 GPa, 0.25, 2500);
 *   test 2  a sphere on a rigid plane, R = 0.1 m, 0.2 m/s: aluminium alloy (70 GPa, 0.30, 2699)
 *           and magnesium alloy (40 GPa, 0.35, 1800);
 *   test 3  a sphere on a rigid plane with a restitution coefficient as input, R = 2.5 mm,
 *           3.9 m/s, e_in = 0.2 ... 1.0: aluminium oxide (380 GPa, 0.23, 4000) and cast iron
 *           (100 GPa, 0.25, 7000).
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
#include <string.h>

#include "expect.h"
#include "faults.h"
#include "output.h"
#include "rows.h"
#include "cases.h"

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

/* The force-overlap trajectory of a traced impact, in the paper's units (um, kN), with Hertz's
 * force at the same overlap. */
typedef struct Trace {
  FILE *f;
  double kH;
} Trace;

static void trace_step(void *ctx, double t, double delta, double fn) {
  (void)t;
  const Trace *tr = ctx;
  fprintf(tr->f, "%.8g %.8g %.8g\n", delta * 1e6, fn * 1e-3, tr->kH * pow(fmax(delta, 0.0), 1.5) * 1e-3);
}

/* hertz: the normal model hertz with k = (4/3) E*, else hertz/material. plot: where the
 * trajectory goes (NULL: not traced). */
static void impact_cases(Verifier *v, const ImpactTest *t, const Material *m, bool hertz, FILE *plot) {
  const double mass = 4.0 / 3.0 * GD_PI * t->R * t->R * t->R * m->rho;
  /* Two identical spheres: E* = E/(2(1 - nu^2)), R* = R/2, m* = m/2; the rigid plane:
   * E* = E/(1 - nu^2), R* = R, m* = m. */
  const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
  const double Rstar = t->plane ? t->R : 0.5 * t->R, mstar = t->plane ? mass : 0.5 * mass;
  const double v0 = t->plane ? t->v_each : 2.0 * t->v_each;
  char base[160];
  snprintf(base, sizeof base, "chung-ooi/%d/%s/%s", t->number, m->name, hertz ? "hertz" : "hertz_material");
  const char *group = "chung_ooi.elastic";
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/%d", t->number);
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
  c.precision = v->precision;
  c.max_tc = VERIFY_MAX_TC;
  Trace tr = {plot, 4.0 / 3.0 * Estar * sqrt(Rstar)};
  if (plot) {
    fprintf(plot, "\n\n\"test %d, %s (%s)\"\n", t->number, m->name, hertz ? "hertz" : "hertz/material");
    c.trace = trace_step, c.trace_ctx = &tr;
  }
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

/* Opens DATA/name for a family's plot data when this run writes it (not the dry pass, and the
 * filter runs the family's cases under prefix); false when it does not. */
bool chung_ooi_open_plot(const Verifier *v, const char *group, const char *prefix, const char *name, OutFile *o) {
  if (v->dry || !v->data || !case_matches(v, group, prefix)) return false;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", v->data, name);
  if (!out_open(o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  return true;
}

/* ---- test 3: e_out against e_in for every e-input damping model ---------------------------- */

static const Material TEST3[2] = {{"al-oxide", 380e9, 0.23, 4000.0}, {"cast-iron", 100e9, 0.25, 7000.0}};
#define TEST3_R 0.0025
#define TEST3_V 3.9
static const double TEST3_E[] = {0.2, 0.4, 0.6, 0.8, 1.0};
#define N_TEST3_E ((int)(sizeof TEST3_E / sizeof TEST3_E[0]))
/* The damping models that take e as their input, on the rigid plane's hertz. */
static const char *const TEST3_DAMPING[] = {"coeff_restitution", "tsuji", "tsuji/legacy"};
#define N_TEST3_DAMPING 3

/* One impact of test 3: e through the production loops against the row's closed form, else the
 * continuous-time reference of the verifier's own law (verify/oracle/law.c), within the row's bound
 * f dt/t_c (§7.2) at dt = t_c/500. Returns the measured e (NAN when the case did not run). */
static double test3_case(Verifier *v, const Material *m, const Row *r, double e_in, bool limit, double *expected) {
  char id[64];
  row_id(r, id, sizeof id);
  const char *crit = limit ? "force-end" : "delta-end";
  *expected = NAN;
  if (!case_begin(v, "chung_ooi.restitution", "chung-ooi/3/%s/%s/%s/e_in=%g/e", m->name, id, crit, e_in)) return NAN;
  const double Estar = m->E / (1.0 - m->nu * m->nu); /* the rigid plane */
  const double mass = 4.0 / 3.0 * GD_PI * TEST3_R * TEST3_R * TEST3_R * m->rho;
  char text[256];
  snprintf(text, sizeof text, "hertz %.17g %.17g tangential linear_nohistory 0 0 damping %s%s", 4.0 / 3.0 * Estar,
           e_in, r->damping, limit ? " limit_damping" : "");
  CollideSpec c = collide_defaults();
  c.model = setup_model(text);
  c.Ri = TEST3_R, c.Rj = INFINITY, c.mi = mass, c.mj = INFINITY;
  fault_apply(&c.model, c.mi, c.mj);
  c.wall = true;
  c.v0 = TEST3_V;
  c.dt_fraction = 1.0 / STEPS_PER_TC;
  c.threads = v->threads;
  c.precision = v->precision;
  c.max_tc = VERIFY_MAX_TC;
  CollideResult res;
  const char *why = NULL;
  if (!collide_run(&c, &res, &why)) gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/3 %s: %s", text, why);
  const char *src = NULL;
  double e_exp = row_closed_form(r, e_in, limit, &src);
  if (isnan(e_exp)) {
    const LawModel law = law_model(text);
    e_exp = reference_collide(&law, TEST3_R, mass, TEST3_V, limit).e;
    src = "continuous-time reference (verify/oracle/reference.c)";
  }
  *expected = e_exp;
  case_end(v, res.e, e_exp, r->f * res.dt / res.tc_elastic + 1e-12, "%s; %s", src, r->f_src);
  return res.e;
}

/* Writes DATA/verify-chung-ooi-3.dat: per material and model, e_out against e_in (grandamp, and
 * the expectation), one block per material and model. */
static void test3_cases(Verifier *v) {
  OutFile o = {0};
  const bool plot = chung_ooi_open_plot(v, "chung_ooi.restitution", "chung-ooi/3/", "verify-chung-ooi-3.dat", &o);
  if (plot) {
    fprintf(o.f, "# Chung & Ooi test 3: e_out against e_in, sphere on a rigid plane (hertz), 3.9 m/s, dt = t_c/500\n"
                 "# e_in e_out expected; blocks: material / model / criterion\n");
  }
  for (int k = 0; k < 2; k++)
    for (int d = 0; d < N_TEST3_DAMPING; d++)
      for (int limit = 0; limit < 2; limit++) {
        const Row *r = row_find("hertz", TEST3_DAMPING[d]);
        if (!r) gd_die(GD_EXIT_RUNTIME, "verify: no hertz + %s row", TEST3_DAMPING[d]);
        if (plot) fprintf(o.f, "\n\n\"%s %s %s\"\n", TEST3[k].name, TEST3_DAMPING[d], limit ? "force-end" : "delta-end");
        for (int i = 0; i < N_TEST3_E; i++) {
          double expected;
          const double e = test3_case(v, &TEST3[k], r, TEST3_E[i], limit, &expected);
          if (plot && !isnan(e)) fprintf(o.f, "%g %.10g %.10g\n", TEST3_E[i], e, expected);
        }
      }
  if (plot && !out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: the plot data above could not be written");
}

/* ---- mixed pairs and size ratios ----------------------------------------------------------- */

/* Two materials of different e in one simulation (pair_coeff 1 1 and 2 2, the cross pair mixed
 * automatically, docs/models.md §2.7): tsuji and coeff_restitution mix e before converting it,
 * so the cross pair's e is sqrt(e1 e2), whatever the moduli and sizes; the radius of the second
 * sphere is q times the first's, q = 1 ... 10. The mixed model comes from the library's mixing
 * (model_mix), the production side; the expectation applies the rule to the two e and takes the
 * row's closed form at that e. */
static const Material MIXED[2] = {{"glass", 48e9, 0.20, 2800.0}, {"limestone", 20e9, 0.25, 2500.0}};
static const double MIXED_E[2] = {0.9, 0.5};
static const double MIXED_Q[] = {1.0, 2.0, 5.0, 10.0};
#define MIXED_R 0.005
#define MIXED_V 1.0

static void mixed_case(Verifier *v, const Row *r, double q, bool limit) {
  char id[64];
  row_id(r, id, sizeof id);
  if (!case_begin(v, "chung_ooi.mixed", "chung-ooi/mixed/glass-limestone/%s/%s/ratio=%g/e", id,
                  limit ? "force-end" : "delta-end", q))
    return;
  ContactModel self[2];
  for (int k = 0; k < 2; k++) {
    char text[256];
    snprintf(text, sizeof text, "hertz/material %.17g %.17g %.17g tangential linear_nohistory 0 0 damping %s%s",
             MIXED[k].E, MIXED_E[k], MIXED[k].nu, r->damping, limit ? " limit_damping" : "");
    self[k] = setup_model(text);
  }
  ErrList err = {0};
  CollideSpec c = collide_defaults();
  if (!model_mix(&self[0], &self[1], 1, 2, &c.model, &err)) {
    errlist_print(&err, stderr);
    gd_die(GD_EXIT_RUNTIME, "verify: the glass-limestone cross pair does not mix");
  }
  c.Ri = MIXED_R, c.Rj = q * MIXED_R;
  c.mi = 4.0 / 3.0 * GD_PI * pow(c.Ri, 3) * MIXED[0].rho;
  c.mj = 4.0 / 3.0 * GD_PI * pow(c.Rj, 3) * MIXED[1].rho;
  fault_apply(&c.model, c.mi, c.mj);
  c.v0 = MIXED_V;
  c.dt_fraction = 1.0 / STEPS_PER_TC;
  c.threads = v->threads;
  c.precision = v->precision;
  c.max_tc = VERIFY_MAX_TC;
  CollideResult res;
  const char *why = NULL;
  if (!collide_run(&c, &res, &why)) gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/mixed: %s", why);
  const double e_mix = sqrt(MIXED_E[0] * MIXED_E[1]); /* §2.7: e mixes before it is converted */
  const char *src = NULL;
  const double e_exp = row_closed_form(r, e_mix, limit, &src);
  case_end(v, res.e, e_exp, r->f * res.dt / res.tc_elastic + 1e-12, "%s at e = sqrt(e1 e2) = %.6g (§2.7); %s", src,
           e_mix, r->f_src);
}

static void mixed_cases(Verifier *v) {
  static const char *const DAMPING[] = {"coeff_restitution", "tsuji"};
  for (int d = 0; d < 2; d++)
    for (int limit = 0; limit < 2; limit++)
      for (size_t k = 0; k < sizeof MIXED_Q / sizeof MIXED_Q[0]; k++)
        mixed_case(v, row_find("hertz/material", DAMPING[d]), MIXED_Q[k], limit);
}

/* Tests 1 and 2; DATA/verify-chung-ooi-12.dat gets the force-overlap trajectory of each material's
 * impact (test 1: hertz/material, test 2: hertz), one block each, when the filter runs them all. */
static void elastic_cases(Verifier *v) {
  OutFile o = {0};
  const bool plot = chung_ooi_open_plot(v, "chung_ooi.elastic", "chung-ooi/", "verify-chung-ooi-12.dat", &o);
  if (plot) {
    fprintf(o.f, "# Chung & Ooi tests 1 and 2: normal force against overlap through grandamp's loops (dt = t_c/500)\n"
                 "# overlap [um] force [kN] Hertz k_H delta^(3/2) [kN]; one block per test and material\n");
  }
  for (size_t i = 0; i < sizeof TESTS / sizeof TESTS[0]; i++)
    for (int k = 0; k < 2; k++) {
      impact_cases(v, &TESTS[i], &TESTS[i].materials[k], true, plot && TESTS[i].plane ? o.f : NULL);
      if (!TESTS[i].plane) impact_cases(v, &TESTS[i], &TESTS[i].materials[k], false, plot ? o.f : NULL);
    }
  if (plot && !out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: the plot data above could not be written");
}

void cases_chung_ooi(Verifier *v) {
  const CaseKey outer = v->key;
  elastic_cases(v); /* its families per test: impact_cases */
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/3");
  test3_cases(v);
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/mixed");
  mixed_cases(v);
  v->key = outer;
}
