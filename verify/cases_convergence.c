/*
 * cases_convergence.c - time-step convergence of the pair loop (docs/verification.md §6, §7.2):
 *   - hooke, e = 0.5, contact starting on a step boundary, t_c/dt an integer: halving dt
 *     halves the error (ratio 2.0 +- 0.1 for N >= 50);
 *   - per model: the error (worst of four onset phases) at N = t_c/dt = 25 ... 400 within the
 *     bound f dt/t_c at every N, and the fitted order at least 0.8 (first order expected:
 *     the damping sees the half-step velocity; 2.5 for elastic Hertz).
 * Writes the error against dt/t_c for the plot.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"
#include "rows.h"
#include "verify.h"

static void hooke_ratio(Verifier *v) {
  const Row *r = row_find("hooke", "coeff_restitution");
  char text[512];
  row_model_text(r, 0.5, GEO_EQUAL, 1.0, false, NULL, text, sizeof text);
  const ContactModel m = setup_model(text);
  const double zeta = expect_beta(0.5);
  static const int N[] = {50, 100, 200, 400, 800};
  double err[5] = {NAN, NAN, NAN, NAN, NAN};
  /* The collisions serve every ratio case: run them when any of those cases is wanted (a filter
   * such as "ratio" matches the end of a name only). */
  bool work = false;
  for (int k = 0; k + 1 < 5; k++)
    work = work || case_wanted(v, "convergence.hooke", "convergence/hooke/coeff_restitution/e=0.5/N=%d:%d/ratio", N[k],
                               N[k + 1]);
  for (int k = 0; k < 5; k++) {
    if (!work) break;
    /* t_c = t_c,el / sqrt(1 - ζ²): N steps per contact exactly; the onset a hair after a
     * step boundary, so that rounding cannot move it to the step before. */
    const Setup s = {.geo = GEO_EQUAL, .v0 = 1.0, .dt_fraction = 1.0 / (N[k] * sqrt(1.0 - zeta * zeta)),
                     .phase = 1e-9, .strategy = FORCE_HALF_REDUCE, .threads = v->threads};
    const CollideResult c = setup_collide(&m, &s);
    err[k] = c.e - 0.5;
  }
  for (int k = 0; k + 1 < 5; k++) {
    if (!case_begin(v, "convergence.hooke", "convergence/hooke/coeff_restitution/e=0.5/N=%d:%d/ratio", N[k], N[k + 1]))
      continue;
    case_end(v, err[k] / err[k + 1], 2.0, 0.1, "integer N, onset on a step boundary: error ratio 2.0+-0.1 (§7.2)");
  }
}

/* Least-squares slope of log(error) against log(dt/t_c); NaN with fewer than 4 points. */
static double fit_order(const double *lx, const double *ly, int n) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int k = 0; k < n; k++) sx += lx[k], sy += ly[k], sxx += lx[k] * lx[k], sxy += lx[k] * ly[k];
  return n >= 4 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NAN;
}

typedef struct OrderRow {
  const char *normal, *damping;
  double x;
} OrderRow;

static void model_order(Verifier *v, const OrderRow *o) {
  const Row *r = row_find(o->normal, o->damping);
  char id[64], text[512];
  row_id(r, id, sizeof id);
  row_model_text(r, o->x, GEO_EQUAL, 1.0, false, NULL, text, sizeof text);
  const ContactModel m = setup_model(text);
  static const int N[] = {25, 50, 100, 200, 400};
  static const double PHASES[] = {0.1, 0.37, 0.62, 0.88};
  const char *src = NULL;
  const double closed = row_closed_form(r, o->x, false, &src);
  double e_exp = closed, defect_exp = 0.0;
  /* The collisions serve every case of the row: run them when any is wanted. */
  bool work = case_wanted(v, "convergence.order", "convergence/%s/%s=%g/order", id, row_param_name(r->param), o->x) ||
              case_wanted(v, "convergence.order", "convergence/%s/%s=%g/energy_order", id, row_param_name(r->param), o->x);
  for (int k = 0; k < 5; k++)
    work = work || case_wanted(v, "convergence.bound", "convergence/%s/%s=%g/N=%d/bound", id, row_param_name(r->param),
                               o->x, N[k]);
  if (work) {
    const LawModel law = law_model(text); /* the reference's own force law, same text */
    const Reference ref = reference_collide(&law, setup_reff(GEO_EQUAL), setup_meff(GEO_EQUAL), 1.0, false);
    if (isnan(closed)) e_exp = ref.e;
    defect_exp = 1.0 - ref.e * ref.e - ref.W / ref.E0; /* 0 but for the JKR snap-off */
  }
  double lx[5], ly[5], ly_w[5];
  int nfit = 0;
  for (int k = 0; k < 5; k++) {
    const bool want = case_begin(v, "convergence.bound", "convergence/%s/%s=%g/N=%d/bound", id, row_param_name(r->param),
                                 o->x, N[k]);
    if (!work) continue;
    double worst = 0.0, worst_w = 0.0, ratio = 0.0;
    for (int ph = 0; ph < 4; ph++) {
      /* dt from the measured duration of a first run, so that N = t_c/dt holds */
      Setup s = {.geo = GEO_EQUAL, .v0 = 1.0, .dt_fraction = 1.0 / N[k], .phase = PHASES[ph],
                       .strategy = FORCE_HALF_REDUCE, .threads = v->threads};
      CollideResult c = setup_collide(&m, &s);
      s.dt_fraction *= c.t_c / c.tc_elastic;
      c = setup_collide(&m, &s);
      worst = fmax(worst, fabs(c.e - e_exp));
      worst_w = fmax(worst_w, fabs(1.0 - c.e * c.e - c.W_damp / c.E0 - defect_exp));
      ratio = c.dt / c.t_c;
    }
    if (worst > 0 && worst_w > 0) lx[nfit] = log(ratio), ly[nfit] = log(worst), ly_w[nfit] = log(worst_w), nfit++;
    if (v->plot_conv) fprintf(v->plot_conv, "%s/%s=%g %.6g %.6g %.6g\n", id, row_param_name(r->param), o->x, ratio, worst,
                              r->f * ratio);
    if (want) case_end(v, worst, 0.0, r->f * ratio + 1e-12, "worst of 4 onset phases within f dt/t_c; %s", r->f_src);
  }
  if (v->plot_conv) fprintf(v->plot_conv, "\n\n");
  if (case_begin(v, "convergence.order", "convergence/%s/%s=%g/order", id, row_param_name(r->param), o->x)) {
    const double order = fit_order(lx, ly, nfit);
    case_end_bool(v, order >= 0.8, order, 1.0, "fitted order of the e error against dt/t_c >= 0.8 (first order expected, §6)");
  }
  if (case_begin(v, "convergence.order", "convergence/%s/%s=%g/energy_order", id, row_param_name(r->param), o->x)) {
    const double order = fit_order(lx, ly_w, nfit);
    case_end_bool(v, order >= 0.8, order, 1.0, "fitted order of the ledger defect |1-e^2-W/E0| >= 0.8 (integrator order, §5)");
  }
}

void cases_convergence(Verifier *v) {
  hooke_ratio(v);
  static const OrderRow ORDER[] = {
      {"hooke", "coeff_restitution", 0.5},  {"hooke", "velocity", 0.9},
      {"hertz/material", "coeff_restitution", 0.5}, {"hertz/material", "coeff_restitution", 0.9},
      {"hertz/material", "tsuji", 0.5},     {"hertz/material", "viscoelastic", 0.3},
      {"hertz", "mass_velocity", 0.5},      {"hertz/material", "none", 0.0},
      {"dmt", "velocity", 0.1},             {"jkr", "viscoelastic", 0.1},
  };
  const int n = v->quick ? 2 : (int)(sizeof ORDER / sizeof *ORDER);
  for (int k = 0; k < n; k++) model_order(v, &ORDER[v->quick ? 2 * k : k]);
}
