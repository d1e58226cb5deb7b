/*
 * cases_chung_ooi_oblique.c - tests 4 to 8 of Chung & Ooi (2011): oblique impacts and spin, for
 * every tangential model (docs/verification.md §8a). Parameters as the public implementations
 * state them (LIGGGHTS-PFM's examples/LIGGGHTS/PFM/tests/contact_models/chung, Yade's Test4.py,
 * Kratos's DEMApplication Chung_Ooi_class):
 *
 *   test 4  a sphere on a rigid plane, R 2.5 mm, 3.9 m/s at 5...85 degrees, mu 0.092, e 0.98:
 *           aluminium oxide (380 GPa, 0.23, 4000) and aluminium alloy (70 GPa, 0.33, 2700);
 *   test 5  a sphere on a rigid plane, R 0.01 mm, V_n 5 m/s, V_t 0.1...21 m/s, mu 0.3, e 1:
 *           steel (208 GPa, 0.30, 7850) and polyethylene (1 GPa, 0.40, 1400);
 *   test 6  a sphere on a rigid plane, R 0.1 m, V_n 0.2 m/s, spin 0.175...21 rad/s, mu 0.4,
 *           e 0.5: aluminium alloy (70 GPa, 0.33, 2700) and nylon (2.5 GPa, 0.40, 1000);
 *   test 7  two identical spheres, R 0.1 m, 0.2 m/s each, equal and opposite spins 0.175...21
 *           rad/s (the contact points move together: no slip), mu 0.4, e 0.5: aluminium alloy
 *           and copper (120 GPa, 0.35, 8900);
 *   test 8  a sphere of R 0.1 m at 0.2 m/s with spin 0.175...21 rad/s on one of 5R, 1000 times
 *           denser, at rest, mu 0.4, e 0.5: aluminium alloy and nylon.
 *
 * The rigid plane is hertz with k = (4/3) E/(1 - nu^2) (grandamp's wall is the sphere's own
 * material), two spheres hertz/material. e comes from coeff_restitution (the exact Hertz map,
 * δ-end). Tangential models: linear_nohistory (x_gamma_t 1), and linear_history and the mindlin
 * family with x_gamma_t 0 and 1; mindlin's k_t = 8 G* (Mindlin 1949: G* = G/(2 - nu) on a
 * rigid plane, G/(2(2 - nu)) for two spheres of one material), linear_history's the same
 * stiffness at Hertz's largest contact radius, 8 G* sqrt(R* delta_max).
 *
 * Every impact runs through the production loops at dt = t_c/500 and is judged against the
 * verifier's continuous reference of the same model (verify/oracle/oblique_ref.c, 40 times finer):
 * the largest of |dV_t|, R_i |dw_i| and R_j |dw_j| over the impulse scale mu (1 + e) V_n must
 * stay within OBLIQUE_C dt/t_c. Test 5 (e = 1) is also judged in the gross-sliding regime
 * against the rigid-body closed form V_t' = V_t - mu (1 + e) V_n, R w' = (5/2) mu (1 + e) V_n,
 * and test 7 against the exact answer of no slip (nothing changes).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine_cases.h"
#include "faults.h"
#include "mbf.h"
#include "oblique_ref.h"
#include "output.h"
#include "verify.h"

typedef struct Material {
  const char *name;
  double E, nu, rho;
} Material;

typedef enum Vary { VARY_ANGLE, VARY_VT, VARY_SPIN, VARY_COUNTER_SPIN } Vary;

typedef struct ObliqueTest {
  int number;
  bool plane;
  double R, ratio_R, ratio_rho; /* sphere i's radius; j's radius and density over i's */
  double v;                     /* V (test 4: the resultant) or V_n [m/s] of sphere i against j */
  double mu, e;
  Vary vary;
  const double *values; /* angles [deg], V_t [m/s] or spins [rad/s] */
  int nvalues;
  Material materials[2];
} ObliqueTest;

static const double ANGLES[] = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85};
static const double VT5[] = {0.1, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 14.0, 17.0, 21.0};
static const double SPINS[] = {0.175, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0, 10.0, 14.0, 21.0};
#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

#define AL_ALLOY {"al-alloy", 70e9, 0.33, 2700.0} /* a macro: C initialisers take no const objects */
static const ObliqueTest TESTS[] = {
    {4, true, 0.0025, 0, 0, 3.9, 0.092, 0.98, VARY_ANGLE, ANGLES, N_OF(ANGLES),
     {{"al-oxide", 380e9, 0.23, 4000.0}, AL_ALLOY}},
    {5, true, 1e-5, 0, 0, 5.0, 0.3, 1.0, VARY_VT, VT5, N_OF(VT5),
     {{"steel", 208e9, 0.30, 7850.0}, {"polyethylene", 1e9, 0.40, 1400.0}}},
    {6, true, 0.1, 0, 0, 0.2, 0.4, 0.5, VARY_SPIN, SPINS, N_OF(SPINS), {AL_ALLOY, {"nylon", 2.5e9, 0.40, 1000.0}}},
    {7, false, 0.1, 1.0, 1.0, 0.4, 0.4, 0.5, VARY_COUNTER_SPIN, SPINS, N_OF(SPINS),
     {AL_ALLOY, {"copper", 120e9, 0.35, 8900.0}}},
    {8, false, 0.1, 5.0, 1000.0, 0.2, 0.4, 0.5, VARY_SPIN, SPINS, N_OF(SPINS), {AL_ALLOY, {"nylon", 2.5e9, 0.40, 1000.0}}},
};

/* The tangential models, with their x_gamma_t. */
typedef struct Tangential {
  const char *name;
  double xt;
  bool history;
} Tangential;
static const Tangential TANGENTIALS[] = {
    {"linear_nohistory", 1.0, false},    {"linear_history", 0.0, true},         {"linear_history", 1.0, true},
    {"mindlin", 0.0, true},              {"mindlin", 1.0, true},                {"mindlin/force", 0.0, true},
    {"mindlin/force", 1.0, true},        {"mindlin_rescale", 0.0, true},        {"mindlin_rescale", 1.0, true},
    {"mindlin_rescale/force", 0.0, true}, {"mindlin_rescale/force", 1.0, true},
};

#define STEPS_PER_TC 500.0
#define REF_STEPS (40.0 * STEPS_PER_TC)
/* Bound on the largest velocity error over mu (1 + e) V_n: C dt/t_c (first order: the history is
 * advanced with the half-step slip and the stick-slip switch falls within a step). Over tests 4-8
 * at dt = t_c/500 the worst error was 1.1 dt/t_c, except mindlin and mindlin_rescale with
 * x_gamma_t > 0: their displacement history holds the dashpot's share of a capped force divided
 * by k_t a, which diverges at the onset (a = 0), and both the loops and the reference converge
 * at first order with a constant of 15 (test 6, aluminium alloy, 1.5 rad/s: N = 500, 2000
 * against the reference at 80000 steps per t_c). */
#define OBLIQUE_C 2.0
#define OBLIQUE_C_DAMPED_DISPLACEMENT 32.0

/* One impact: the start of the run and its outcome. */
typedef struct Impact {
  double vn, vt0, wi0, wj0;
  double Ri, Rj, mi, mj;
} Impact;

static Impact impact_of(const ObliqueTest *t, const Material *m, double value) {
  Impact im = {.Ri = t->R};
  im.mi = 4.0 / 3.0 * GD_PI * pow(t->R, 3) * m->rho;
  im.Rj = t->plane ? INFINITY : t->ratio_R * t->R;
  im.mj = t->plane ? INFINITY : 4.0 / 3.0 * GD_PI * pow(im.Rj, 3) * m->rho * t->ratio_rho;
  im.vn = t->v;
  switch (t->vary) {
  case VARY_ANGLE:
    im.vn = t->v * cos(value * GD_PI / 180.0), im.vt0 = t->v * sin(value * GD_PI / 180.0);
    break;
  case VARY_VT: im.vt0 = value; break;
  case VARY_SPIN: im.wi0 = value; break;
  case VARY_COUNTER_SPIN: im.wi0 = value, im.wj0 = -value; break;
  }
  return im;
}

/* The slip speed of the contact point of i against j along y: V_t - R w on a plane (the contact
 * point lies at -R x), V_t + R_i w_i + R_j w_j for i left of j (docs/models.md §1.1). */
static double slip_of(bool plane, const Impact *im, double vt, double wi, double wj) {
  return plane ? vt - im->Ri * wi : vt + im->Ri * wi + im->Rj * wj;
}

/* The case name of one impact: PREFIXchung-ooi/TEST/MATERIAL/MODEL[/x0|/x1]/VARIED=VALUE. */
static void impact_name(const char *prefix, const ObliqueTest *t, const Material *m, const Tangential *tg,
                        double value, char *buf, size_t size) {
  static const char *const VARIED[] = {"theta", "vt", "spin", "spin"};
  snprintf(buf, size, "%schung-ooi/%d/%s/%s%s/%s=%g", prefix, t->number, m->name, tg->name,
           tg->history ? (tg->xt == 0.0 ? "/x0" : "/x1") : "", VARIED[t->vary], value);
}

/* The model text of one material and tangential model with the damping model `damping` (an
 * e-input model, or none), and the tangential stiffness it writes. */
static double model_text(const ObliqueTest *t, const Material *m, const Tangential *tg, const char *damping,
                         char *text, size_t size) {
  const Impact im = impact_of(t, m, 0.0);
  const double G = m->E / (2.0 * (1.0 + m->nu));
  const double Gstar = t->plane ? G / (2.0 - m->nu) : G / (2.0 * (2.0 - m->nu)); /* Mindlin (1949) */
  const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
  const double Rstar = t->plane ? im.Ri : im.Ri * im.Rj / (im.Ri + im.Rj);
  const double mstar = t->plane ? im.mi : im.mi * im.mj / (im.mi + im.mj);
  /* Hertz's largest overlap at the test's speed (Johnson 1985 §11.4), for linear_history's k_t */
  const double dmax = pow(15.0 * mstar * t->v * t->v / (16.0 * Estar * sqrt(Rstar)), 0.4);
  const double kt = !tg->history ? 0.0 : strcmp(tg->name, "linear_history") == 0 ? 8.0 * Gstar * sqrt(Rstar * dmax)
                                                                                  : 8.0 * Gstar;
  char normal[128], tang[128];
  if (t->plane) snprintf(normal, sizeof normal, "hertz %.17g %.17g", 4.0 / 3.0 * Estar, t->e);
  else snprintf(normal, sizeof normal, "hertz/material %.17g %.17g %.17g", m->E, t->e, m->nu);
  if (!tg->history) snprintf(tang, sizeof tang, "%s %.17g %.17g", tg->name, tg->xt, t->mu);
  else snprintf(tang, sizeof tang, "%s %.17g %.17g %.17g", tg->name, kt, tg->xt, t->mu);
  snprintf(text, size, "%s damping %s tangential %s", normal, damping, tang);
  return kt;
}

/* The continuous reference of one impact of the model text. */
static ObliqueResult reference_of(const ObliqueTest *t, const char *text, const Impact *im) {
  ObliqueLaw law;
  char lwhy[256];
  if (!oblique_law_parse(text, &law, lwhy, sizeof lwhy)) gd_die(GD_EXIT_RUNTIME, "verify: %s: %s", text, lwhy);
  const ObliqueImpact oi = {.Ri = im->Ri, .Rj = im->Rj, .mi = im->mi, .mj = im->mj, .wall = t->plane,
                            .v0 = im->vn, .vt0 = im->vt0, .wi0 = im->wi0, .wj0 = im->wj0};
  ObliqueResult o;
  if (!oblique_collide(&law, &oi, REF_STEPS, &o) || o.captured)
    gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/%d %s: the reference did not end", t->number, text);
  return o;
}

/* What the plots take of one impact. */
typedef struct Outcome {
  double e, vt, wi, wj;
} Outcome;

/* One impact through the production loops (sim) and the continuous reference (ref). */
static void run_impact(const Verifier *v, const ObliqueTest *t, const Material *m, const Tangential *tg,
                       const Impact *im, Outcome *sim, Outcome *ref, double *dt_over_tc) {
  char text[384];
  model_text(t, m, tg, "coeff_restitution", text, sizeof text);
  CollideSpec c = collide_defaults();
  c.model = setup_model(text);
  c.Ri = im->Ri, c.Rj = im->Rj, c.mi = im->mi, c.mj = im->mj;
  fault_apply(&c.model, c.mi, c.mj);
  c.wall = t->plane;
  c.v0 = im->vn, c.vt0 = im->vt0, c.wi0 = im->wi0, c.wj0 = im->wj0;
  c.dt_fraction = 1.0 / STEPS_PER_TC;
  c.threads = v->threads;
  c.max_tc = VERIFY_MAX_TC;
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/%d %s: %s", t->number, text, why);
  const ObliqueResult o = reference_of(t, text, im);
  *sim = (Outcome){r.e, r.vt, r.wi, r.wj};
  *ref = (Outcome){o.e, o.vt, o.wi, o.wj};
  *dt_over_tc = r.dt / r.tc_elastic;
}

/* The judged error of an impact: the largest of |dV_t|, R_i |dw_i| and R_j |dw_j| over the
 * gross-sliding impulse per mass mu (1 + e) V_n. */
static double oblique_error(const ObliqueTest *t, const Impact *im, const Outcome *a, const Outcome *b) {
  double err = fmax(fabs(a->vt - b->vt), im->Ri * fabs(a->wi - b->wi));
  if (!t->plane) err = fmax(err, im->Rj * fabs(a->wj - b->wj));
  return err / (t->mu * (1.0 + t->e) * im->vn);
}

static double bound_c(const Tangential *tg) {
  const bool stiff = tg->xt > 0.0 && (strcmp(tg->name, "mindlin") == 0 || strcmp(tg->name, "mindlin_rescale") == 0);
  return stiff ? OBLIQUE_C_DAMPED_DISPLACEMENT : OBLIQUE_C;
}

/* The closed form that applies to an impact, if any: test 5's gross sliding (e = 1: the normal
 * force never pulls; the cap holds the whole contact once V_t >= 8 mu V_n, past the rigid
 * body's 7 mu V_n), test 7's no slip (nothing changes). */
typedef enum Closed { CLOSED_NONE, CLOSED_SLIDING, CLOSED_NO_SLIP } Closed;
static Closed closed_form_of(const ObliqueTest *t, const Impact *im) {
  if (t->number == 5 && im->vt0 >= 8.0 * t->mu * im->vn) return CLOSED_SLIDING;
  if (t->number == 7) return CLOSED_NO_SLIP;
  return CLOSED_NONE;
}
static const char *const CLOSED_NAMES[] = {"", "gross-sliding", "no-slip"};

/* One impact's cases: against the reference, and the closed form where one applies. Returns
 * whether it ran (sim and ref set). */
static bool impact_cases(Verifier *v, const ObliqueTest *t, const Material *m, const Tangential *tg, double value,
                         Outcome *sim, Outcome *ref) {
  const char *group = "chung_ooi.oblique";
  char name[160];
  impact_name("", t, m, tg, value, name, sizeof name);
  const Impact im = impact_of(t, m, value);
  const Closed closed = closed_form_of(t, &im);
  const bool want = case_wanted(v, group, "%s", name) ||
                    (closed && case_wanted(v, group, "%s/%s", name, CLOSED_NAMES[closed]));
  if (!want) {
    if (v->dry) { /* count them */
      case_begin(v, group, "%s", name);
      if (closed) case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
    }
    return false;
  }
  double dt_tc;
  run_impact(v, t, m, tg, &im, sim, ref, &dt_tc);
  const double scale = t->mu * (1.0 + t->e) * im.vn; /* the gross-sliding impulse per mass */
  if (case_begin(v, group, "%s", name))
    case_end(v, oblique_error(t, &im, sim, ref), 0.0, bound_c(tg) * dt_tc,
             "continuous reference of the tangential model (verify/oracle/oblique_ref.c): max(|dV_t|, R|dw|)/(mu(1+e)V_n); "
             "%g dt/t_c", bound_c(tg));
  if (closed == CLOSED_SLIDING && case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed])) {
    const double err = fmax(fabs(sim->vt - (im.vt0 - scale)), fabs(im.Ri * sim->wi - 2.5 * scale));
    case_end(v, err / scale, 0.0, 1e-4,
             "rigid-body gross sliding V_t' = V_t - mu(1+e)V_n, R w' = (5/2) mu(1+e)V_n (Chung & Ooi 2011, test 5), "
             "over mu(1+e)V_n; 1e-4 (e = 1 within 0.1 (dt/t_c)^2)");
  }
  if (closed == CLOSED_NO_SLIP && case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed])) {
    const double err = fmax(fabs(sim->vt), fmax(im.Ri * fabs(sim->wi - im.wi0), im.Rj * fabs(sim->wj - im.wj0)));
    case_end(v, err / scale, 0.0, 1e-12,
             "no slip under equal and opposite spins: V_t' = 0, w' = w (Chung & Ooi 2011, test 7), over mu(1+e)V_n; "
             "1e-12");
  }
  return true;
}

/* The paper's quantities of one impact, for the plots: the varied value, e_t = V_t'/V_t, the spin
 * w_i', the rebound angle of the contact point atan(V_s'/(e V_n)) [deg], beta = -V_s'/V_s,
 * 3.5 mu (1+e) V_n/|V_s|, and V_s'/(mu V_n), R w'/(mu V_n) (test 5's normalisation). */
static void plot_row(FILE *f, const ObliqueTest *t, const Impact *im, double value, const Outcome *o) {
  const double vs0 = slip_of(t->plane, im, im->vt0, im->wi0, im->wj0);
  const double vs1 = slip_of(t->plane, im, o->vt, o->wi, o->wj);
  fprintf(f, "%g %.10g %.10g %.10g %.10g %.10g %.10g %.10g", value, im->vt0 != 0.0 ? o->vt / im->vt0 : NAN, o->wi,
          atan2(vs1, o->e * im->vn) * 180.0 / GD_PI, vs0 != 0.0 ? -vs1 / vs0 : NAN,
          vs0 != 0.0 ? 3.5 * t->mu * (1.0 + t->e) * im->vn / fabs(vs0) : NAN, vs1 / (t->mu * im->vn),
          im->Ri * o->wi / (t->mu * im->vn));
}

/* Two more blocks for the plots: Maw, Barber & Fawcett's elastic microslip impact (verify/oracle/mbf.c)
 * at test 4's aluminium oxide and test 5's steel, in plot_row's columns. */
static void mbf_blocks(FILE *f) {
  for (int i = 0; i < 2; i++) {
    const ObliqueTest *t = &TESTS[i];
    const Material *m = &t->materials[0];
    fprintf(f, "\n\n\"Maw, Barber & Fawcett (1976), elastic, test %d %s\"\n", t->number, m->name);
    for (int n = 0; n < t->nvalues; n++) {
      const Impact im = impact_of(t, m, t->values[n]);
      const double G = m->E / (2.0 * (1.0 + m->nu));
      const MbfImpact in = {.R = im.Ri, .m = im.mi, .Estar = m->E / (1.0 - m->nu * m->nu), .Gstar = G / (2.0 - m->nu),
                            .mu = t->mu, .vn = im.vn, .vt = im.vt0, .w0 = im.wi0};
      MbfResult r;
      if (!mbf_collide(&in, &r)) gd_die(GD_EXIT_RUNTIME, "verify: the Maw-Barber-Fawcett impact did not run");
      const Outcome o = {r.e, r.vt, r.w, 0.0};
      plot_row(f, t, &im, t->values[n], &o);
      fputc('\n', f);
    }
  }
}

void cases_chung_ooi_oblique(Verifier *v) {
  OutFile o = {0};
  const bool plot = chung_ooi_open_plot(v, "chung_ooi.oblique", "chung-ooi/", "verify-chung-ooi-48.dat", &o);
  if (plot)
    fprintf(o.f, "# Chung & Ooi tests 4-8 through grandamp's loops (dt = t_c/500) and the continuous reference\n"
                 "# value e_t w' rebound_deg beta x=3.5mu(1+e)Vn/|Vs| Vs'/(muVn) Rw'/(muVn), grandamp then reference;\n"
                 "# blocks: test / material / tangential model\n");
  for (int i = 0; i < N_OF(TESTS); i++) {
    const ObliqueTest *t = &TESTS[i];
    for (int k = 0; k < 2; k++)
      for (int g = 0; g < N_OF(TANGENTIALS); g++) {
        const Tangential *tg = &TANGENTIALS[g];
        if (!tg->history && t->e == 1.0) continue; /* no damping: linear_nohistory has no force */
        if (plot)
          fprintf(o.f, "\n\n\"test %d %s %s x_gamma_t %g\"\n", t->number, t->materials[k].name, tg->name, tg->xt);
        for (int n = 0; n < t->nvalues; n++) {
          /* the make-test subset: one impact per test, the first material, four models */
          if (v->quick && (k > 0 || n != 1 || !(g == 0 || g == 1 || g == 3 || g == 6))) continue;
          Outcome sim, ref;
          if (!impact_cases(v, t, &t->materials[k], tg, t->values[n], &sim, &ref)) continue;
          if (plot) {
            const Impact im = impact_of(t, &t->materials[k], t->values[n]);
            plot_row(o.f, t, &im, t->values[n], &sim);
            fputc(' ', o.f);
            plot_row(o.f, t, &im, t->values[n], &ref);
            fputc('\n', o.f);
          }
        }
      }
  }
  if (plot) mbf_blocks(o.f);
  if (plot && !out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: the plot data above could not be written");
}

/* ---- the same impacts in an outside engine (--engine NAME) ------------------------------ */

/* The engine's damping model that takes e as its input (none when e = 1), NULL when it has none. */
static const char *engine_damping(const Engine *eng, const char *normal, double e) {
  static const char *const E_INPUT[] = {"coeff_restitution", "tsuji/legacy"};
  const char *native;
  if (e == 1.0) return eng->supports(normal, "none", &native) ? "none" : NULL;
  for (int k = 0; k < 2; k++)
    if (eng->supports(normal, E_INPUT[k], &native)) return E_INPUT[k];
  return NULL;
}

/* One impact in the engine at dt = t_c/200: against the continuous reference of the same model
 * text (the engine's damping model) when the engine runs grandamp's laws, and against the closed
 * form that applies (any Coulomb law: gross sliding's V_t', not the spin, whose arm an engine may
 * take as R - delta/2; no slip), named as grandamp's cases under engine/NAME/. */
static void engine_impact(Verifier *v, EngineCtx *ctx, const Engine *eng, const ObliqueTest *t, const Material *m,
                          const Tangential *tg, const char *damping, double value) {
  char group[64], prefix[64], name[192];
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(prefix, sizeof prefix, "engine/%s/", eng->name);
  impact_name(prefix, t, m, tg, value, name, sizeof name);
  const Impact im = impact_of(t, m, value);
  const Closed closed = closed_form_of(t, &im);
  const bool want_ref = eng->oblique_same_law && case_wanted(v, group, "%s", name);
  const bool want_closed = closed && case_wanted(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
  if (v->dry) {
    if (eng->oblique_same_law) case_begin(v, group, "%s", name);
    if (closed) case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
    return;
  }
  if (!want_ref && !want_closed) return;
  char text[384];
  EngineCase c = {.normal = t->plane ? "hertz" : "hertz/material", .damping = damping, .E = m->E, .nu = m->nu,
                  .damp = t->e, .Ri = im.Ri, .Rj = im.Rj, .rho = m->rho, .v0 = im.vn, .tangential = tg->name,
                  .xt = tg->xt, .mu = t->mu, .vt0 = im.vt0, .wi0 = im.wi0, .wj0 = im.wj0};
  c.kt = model_text(t, m, tg, damping, text, sizeof text);
  c.kn = t->plane ? 4.0 / 3.0 * m->E / (1.0 - m->nu * m->nu) : 0.0;
  c.rho_j = t->plane ? 0.0 : m->rho * t->ratio_rho;
  const ObliqueResult o = reference_of(t, text, &im);
  const double steps = 200.0;
  c.dt = o.t_c / steps;
  c.t_run = 1.3 * o.t_c + 10.0 * c.dt;
  EngineResult r;
  char why[512] = "";
  const bool ran = engine_run(v, ctx, eng, &c, &r, why, sizeof why);
  const Outcome got = {r.e, r.vt, r.wi, r.wj}, ref = {o.e, o.vt, o.wi, o.wj};
  const double scale = t->mu * (1.0 + t->e) * im.vn;
  for (int which = 0; which < 2; which++) {
    if (which == 0 ? !want_ref : !want_closed) continue;
    if (which == 0) case_begin(v, group, "%s", name);
    else case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
    /* what the engine reports besides the judged quantity must at least be finite (its e is read
     * along x, which the line of centres leaves at grazing incidence: no bound on it here) */
    const bool possible = !ran || (isfinite(r.e) && isfinite(r.vt));
    char src[256];
    if (!possible) {
      snprintf(src, sizeof src, "its e = %.10g, V_t' = %.10g are not finite (%s)", r.e, r.vt, r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, NAN, 0.0, 0.0, NULL, src);
    } else if (which == 0) {
      snprintf(src, sizeof src, "continuous reference of the tangential model (verify/oracle/oblique_ref.c), damping %s: "
               "max(|dV_t|, R|dw|)/(mu(1+e)V_n); %g dt/t_c (%s)", damping, bound_c(tg), r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, ran ? oblique_error(t, &im, &got, &ref) : NAN, 0.0,
                     bound_c(tg) / steps, NULL, src);
    } else if (closed == CLOSED_SLIDING) {
      snprintf(src, sizeof src, "rigid-body gross sliding V_t' = V_t - mu(1+e)V_n (Chung & Ooi 2011, test 5), over "
               "mu(1+e)V_n; 1e-4 (%s)", r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, fabs(r.vt - (im.vt0 - scale)) / scale, 0.0, 1e-4, NULL, src);
    } else {
      const double err = fmax(fabs(r.vt), fmax(im.Ri * fabs(r.wi - im.wi0), im.Rj * fabs(r.wj - im.wj0)));
      snprintf(src, sizeof src, "no slip under equal and opposite spins: V_t' = 0, w' = w (Chung & Ooi 2011, test 7), "
               "over mu(1+e)V_n; 1e-9 (%s)", r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, err / scale, 0.0, 1e-9, NULL, src);
    }
  }
}

void cases_chung_ooi_oblique_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  for (int i = 0; i < N_OF(TESTS); i++) {
    const ObliqueTest *t = &TESTS[i];
    const char *damping = engine_damping(eng, t->plane ? "hertz" : "hertz/material", t->e);
    const bool spins = t->vary == VARY_SPIN || t->vary == VARY_COUNTER_SPIN;
    if (!damping || (spins && !eng->oblique_spins)) continue;
    for (int k = 0; k < 2; k++)
      for (int g = 0; g < N_OF(TANGENTIALS); g++) {
        const char *native;
        const Tangential *tg = &TANGENTIALS[g];
        if (!eng->oblique_supports(tg->name, tg->xt, &native) || (!tg->history && t->e == 1.0)) continue;
        for (int n = 0; n < t->nvalues; n++)
          if (n % 3 == 1 && (!v->quick || n == 1)) engine_impact(v, ctx, eng, t, &t->materials[k], tg, damping, t->values[n]);
      }
  }
}
