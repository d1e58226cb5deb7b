/* oblique_tests.c - Chung & Ooi (2011)'s tests 4 to 8 as data (see oblique_tests.h). */
#include "oblique_tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "error.h"
#include "faults.h"
#include "cases.h"

static const double ANGLES[] = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85};
static const double VT5[] = {0.1, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 14.0, 17.0, 21.0};
static const double SPINS[] = {0.175, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0, 10.0, 14.0, 21.0};

#define AL_ALLOY {"al-alloy", 70e9, 0.33, 2700.0} /* a macro: C initialisers take no const objects */
const ObliqueTest OBLIQUE_TESTS[N_OBLIQUE_TESTS] = {
    {4, true, 0.0025, 0, 0, 3.9, 0.092, 0.98, VARY_ANGLE, ANGLES, N_OF(ANGLES),
     {{"al-oxide", 380e9, 0.23, 4000.0}, AL_ALLOY}},
    {5, true, 1e-5, 0, 0, 5.0, 0.3, 1.0, VARY_VT, VT5, N_OF(VT5),
     {{"steel", 208e9, 0.30, 7850.0}, {"polyethylene", 1e9, 0.40, 1400.0}}},
    {6, true, 0.1, 0, 0, 0.2, 0.4, 0.5, VARY_SPIN, SPINS, N_OF(SPINS), {AL_ALLOY, {"nylon", 2.5e9, 0.40, 1000.0}}},
    {7, false, 0.1, 1.0, 1.0, 0.4, 0.4, 0.5, VARY_COUNTER_SPIN, SPINS, N_OF(SPINS),
     {AL_ALLOY, {"copper", 120e9, 0.35, 8900.0}}},
    {8, false, 0.1, 5.0, 1000.0, 0.2, 0.4, 0.5, VARY_SPIN, SPINS, N_OF(SPINS), {AL_ALLOY, {"nylon", 2.5e9, 0.40, 1000.0}}},
};

const Tangential TANGENTIALS[N_TANGENTIALS] = {
    {"linear_nohistory", 1.0, false},    {"linear_history", 0.0, true},         {"linear_history", 1.0, true},
    {"mindlin", 0.0, true},              {"mindlin", 1.0, true},                {"mindlin/force", 0.0, true},
    {"mindlin/force", 1.0, true},        {"mindlin_rescale", 0.0, true},        {"mindlin_rescale", 1.0, true},
    {"mindlin_rescale/force", 0.0, true}, {"mindlin_rescale/force", 1.0, true},
};

Impact impact_of(const ObliqueTest *t, const Material *m, double value) {
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

/* The case name of one impact: PREFIXchung-ooi/TEST/MATERIAL/MODEL[/x0|/x1]/VARIED=VALUE. */
void impact_name(const char *prefix, const ObliqueTest *t, const Material *m, const Tangential *tg,
                        double value, char *buf, size_t size) {
  static const char *const VARIED[] = {"theta", "vt", "spin", "spin"};
  snprintf(buf, size, "%schung-ooi/%d/%s/%s%s/%s=%g", prefix, t->number, m->name, tg->name,
           tg->history ? (tg->xt == 0.0 ? "/x0" : "/x1") : "", VARIED[t->vary], value);
}

/* The model text of one material and tangential model with the damping model `damping` (an
 * e-input model, or none), and the tangential stiffness it writes. */
double oblique_model_text(const ObliqueTest *t, const Material *m, const Tangential *tg, const char *damping,
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
ObliqueResult reference_of(const ObliqueTest *t, const char *text, const Impact *im, bool full_arm) {
  ObliqueLaw law;
  char lwhy[256];
  if (!oblique_law_parse(text, &law, lwhy, sizeof lwhy)) gd_die(GD_EXIT_RUNTIME, "verify: %s: %s", text, lwhy);
  const ObliqueImpact oi = {.Ri = im->Ri, .Rj = im->Rj, .mi = im->mi, .mj = im->mj, .wall = t->plane,
                            .v0 = im->vn, .vt0 = im->vt0, .wi0 = im->wi0, .wj0 = im->wj0,
                            .full_arm = full_arm};
  ObliqueResult o;
  if (!oblique_collide(&law, &oi, REF_STEPS, &o) || o.captured)
    gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/%d %s: the reference did not end", t->number, text);
  return o;
}

/* The judged error of an impact: the largest of |dV_t|, R_i |dw_i| and R_j |dw_j| over the
 * gross-sliding impulse per mass mu (1 + e) V_n. */
double oblique_error(const ObliqueTest *t, const Impact *im, const Outcome *a, const Outcome *b) {
  double err = fmax(fabs(a->vt - b->vt), im->Ri * fabs(a->wi - b->wi));
  if (!t->plane) err = fmax(err, im->Rj * fabs(a->wj - b->wj));
  return err / (t->mu * (1.0 + t->e) * im->vn);
}

double bound_c(const Tangential *tg) {
  const bool stiff = tg->xt > 0.0 && (strcmp(tg->name, "mindlin") == 0 || strcmp(tg->name, "mindlin_rescale") == 0);
  return stiff ? OBLIQUE_C_DAMPED_DISPLACEMENT : OBLIQUE_C;
}

Closed closed_form_of(const ObliqueTest *t, const Impact *im) {
  if (t->number == 5 && im->vt0 >= 8.0 * t->mu * im->vn) return CLOSED_SLIDING;
  if (t->number == 7) return CLOSED_NO_SLIP;
  return CLOSED_NONE;
}
const char *const CLOSED_NAMES[3] = {"", "gross-sliding", "no-slip"};

double impact_energy(const Impact *im, bool plane, double vx, const Outcome *o) {
  const double mstar = plane ? im->mi : im->mi * im->mj / (im->mi + im->mj);
  const double ux = o ? vx : im->vn, uy = o ? o->vt : im->vt0;
  const double wi = o ? o->wi : im->wi0, wj = o ? o->wj : im->wj0;
  double E = 0.5 * mstar * (ux * ux + uy * uy) + 0.5 * 0.4 * im->mi * im->Ri * im->Ri * wi * wi;
  if (!plane) E += 0.5 * 0.4 * im->mj * im->Rj * im->Rj * wj * wj;
  return E;
}

/* |q^2 - q_c^2| <= d (2|q| + d) for |q - q_c| <= d. */
static double square_bound(double q, double d) { return d * (2.0 * fabs(q) + d); }

double energy_gain_bound(const Impact *im, bool plane, double vx, const Outcome *o, double mu, double e, double de,
                         double dv) {
  const double mstar = plane ? im->mi : im->mi * im->mj / (im->mi + im->mj);
  const double dn = de * im->vn, dt = dv * mu * (1.0 + e) * im->vn;
  const double dx = plane ? dn : dn + dt, dy = plane ? dt : dn + dt;
  double B = 0.5 * mstar * (square_bound(vx, dx) + square_bound(o->vt, dy)) +
             0.5 * 0.4 * im->mi * im->Ri * im->Ri * square_bound(o->wi, dt / im->Ri);
  if (!plane) B += 0.5 * 0.4 * im->mj * im->Rj * im->Rj * square_bound(o->wj, dt / im->Rj);
  return B;
}

bool impact_run(const Verifier *v, const char *text, const Impact *im, bool plane, CollideResult *r, const char **why) {
  CollideSpec c = collide_defaults();
  c.model = setup_model(text);
  c.Ri = im->Ri, c.Rj = im->Rj, c.mi = im->mi, c.mj = im->mj;
  fault_apply(&c.model, c.mi, c.mj);
  c.wall = plane;
  c.v0 = im->vn, c.vt0 = im->vt0, c.wi0 = im->wi0, c.wj0 = im->wj0;
  c.dt_fraction = 1.0 / STEPS_PER_TC;
  c.threads = v->threads;
  c.precision = v->precision;
  c.max_tc = VERIFY_MAX_TC;
  return collide_run(&c, r, why);
}
