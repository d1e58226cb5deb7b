/*
 * cases_convergence.c - time-step convergence of the pair loop (docs/verification.md §6, §7.2):
 *   - hooke, e = 0.5, contact starting on a step boundary, t_c/dt an integer: halving dt
 *     halves the error (ratio 2.0 +- 0.1 for N >= 50);
 *   - every row (δ-end; force-end where limit_damping is allowed): the error, worst of four
 *     onset phases, within the bound f dt/t_c at every N = t_c/dt from 25 to 3200, and the
 *     fitted order of the e error and of the ledger defect within 0.15 of the order theory
 *     expects (ORDER_THEORY below).
 * Writes the error against dt/t_c for the plot and the table of expected and measured orders.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"
#include "output.h"
#include "rows.h"
#include "cases.h"

static void hooke_ratio(Verifier *v) {
  const Row *r = row_find("hooke", "coeff_restitution");
  char text[512];
  row_model_text(r, 0.5, GEO_EQUAL, 1.0, false, text, sizeof text);
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
                     .phase = 1e-9, .strategy = FORCE_HALF_REDUCE, .threads = v->threads, .precision = v->precision};
    const CollideResult c = setup_collide(&m, &s);
    err[k] = c.e - 0.5;
  }
  for (int k = 0; k + 1 < 5; k++) {
    if (!case_begin(v, "convergence.hooke", "convergence/hooke/coeff_restitution/e=0.5/N=%d:%d/ratio", N[k], N[k + 1]))
      continue;
    case_end(v, err[k] / err[k + 1], 2.0, 0.1, "integer N, onset on a step boundary: error ratio 2.0+-0.1 (§7.2)");
  }
}

/*
 * The order of the e error that theory expects for each row, and of the ledger defect
 * |1 - e^2 - W/E0| (docs/verification.md §6). Velocity Verlet with LAMMPS's ordering feeds the
 * damping the half-step velocity, an O(dt) error wherever damping acts; besides, the step that
 * straddles onset (and end) of contact integrates a force F ~ t^s near δ = 0 with an error
 * ~ dt^(1+s): a jump (s = 0) gives order 1, a force ∝ δ^p without a jump order 1 + p, and
 * damping η ∝ δ^s adds a dt^(1+s) term to the first-order one. The damped ledger is a
 * first-order quadrature of η v_half^2 whatever e does; with W = 0 the defect is 1 - e^2, which
 * carries the e error. limit_damping clamps the end but keeps the onset and the half-step
 * velocity, so both criteria expect the same orders.
 *
 * How it is measured: N + 1/2 steps per continuous-time contact (t_c of the reference; the
 * duration of δ > 0 with limit_damping), N = 200 ... 3200, the worst of four onset phases, a
 * least-squares slope of log error against log(dt/t_c). The half step keeps the end phase half a
 * step from the onset phase: with an integer N the onset and end errors of the linear spring
 * cancel to third order, an accident of the symmetry rather than the scheme's order. N starts at
 * 200 because two higher-order terms fade slowly against the first-order one: the dt^(3/2) term
 * of δ^(1/2) damping (as dt^(1/2); hooke + viscoelastic: local slopes 1.27 at N = 25-50, 1.13 at
 * 400-800) and, in the ledger of a lightly damped contact, the undamped spring's dt^2 energy
 * error against a first-order term that shrinks with the damping (as dt; hooke, e = 0.9: local
 * slopes 1.69 at N = 25-50, 1.12 at 800-1600). The tsuji-type dt^(5/4) term never fades within
 * reach (as dt^(1/4)): there the expectation is the middle of the interval theory allows.
 *
 * The fit sees the integrator only where the loop's rounding is small beside its error. In
 * mixed precision each collision also runs in double, and a point whose error is under
 * FLOOR_FACTOR times |mixed - double| (worst of the phases) is at the precision floor and left
 * out (an elastic Hertz row reaches it near N = 1600, about 1e-8); with fewer than 4 points left
 * at N >= 200 the fit takes the finest points above the floor below 200, where those rows have no
 * fading term. In double nothing is left out.
 */
typedef struct OrderTheory {
  const char *normal, *damping;
  double e_order, w_order;
  const char *why;
} OrderTheory;

#define JUMP "constant eta: the damping force jumps by eta v0 at onset (and end); order 1"
#define HALF_STEP_SQRT "eta ∝ δ^(1/2): order 1 (half-step velocity) + a dt^(3/2) onset term that fades as dt^(1/2)"
#define TSUJI_HERTZ "eta ∝ δ^(1/4): order 1 + a dt^(5/4) term fading as dt^(1/4): any fit in [1, 1.25], expect the middle"
#define COHESIVE_JUMP "the force jumps to -F_po (DMT at onset; JKR at snap-in and pull-off); order 1"
static const OrderTheory ORDER_THEORY[] = {
    {"hooke", "none", 2.0, 2.0, "F = k δ is continuous at onset and end: Verlet's own order 2; W = 0"},
    {"hooke", "velocity", 1.0, 1.0, JUMP},
    {"hooke", "mass_velocity", 1.0, 1.0, JUMP},
    {"hooke", "viscoelastic", 1.0, 1.0, HALF_STEP_SQRT},
    {"hooke", "tsuji", 1.0, 1.0, JUMP " (tsuji on hooke: eta constant)"},
    {"hooke", "tsuji/legacy", 1.0, 1.0, JUMP " (tsuji on hooke: eta constant)"},
    {"hooke", "coeff_restitution", 1.0, 1.0, JUMP " (coeff_restitution on hooke: eta constant)"},
    {"hertz", "none", 2.5, 2.5, "F ∝ δ^(3/2), no jump: the onset step errs by dt^(5/2); order 2.5; W = 0"},
    {"hertz", "velocity", 1.0, 1.0, JUMP},
    {"hertz", "mass_velocity", 1.0, 1.0, JUMP},
    {"hertz", "viscoelastic", 1.0, 1.0, HALF_STEP_SQRT},
    {"hertz", "tsuji", 1.125, 1.0, TSUJI_HERTZ},
    {"hertz", "tsuji/legacy", 1.125, 1.0, TSUJI_HERTZ},
    {"hertz", "coeff_restitution", 1.125, 1.0, TSUJI_HERTZ},
    {"hertz/material", "none", 2.5, 2.5, "F ∝ δ^(3/2), no jump: the onset step errs by dt^(5/2); order 2.5; W = 0"},
    {"hertz/material", "velocity", 1.0, 1.0, JUMP},
    {"hertz/material", "mass_velocity", 1.0, 1.0, JUMP},
    {"hertz/material", "viscoelastic", 1.0, 1.0, HALF_STEP_SQRT},
    {"hertz/material", "tsuji", 1.125, 1.0, TSUJI_HERTZ},
    {"hertz/material", "tsuji/legacy", 1.125, 1.0, TSUJI_HERTZ},
    {"hertz/material", "coeff_restitution", 1.125, 1.0, TSUJI_HERTZ},
    {"dmt", "none", 1.0, 1.0, COHESIVE_JUMP "; W = 0"},
    {"dmt", "velocity", 1.0, 1.0, JUMP " and the cohesive jump"},
    {"dmt", "mass_velocity", 1.0, 1.0, JUMP " and the cohesive jump"},
    {"dmt", "viscoelastic", 1.0, 1.0, COHESIVE_JUMP},
    {"jkr", "none", 1.0, 1.0, COHESIVE_JUMP "; W = 0"},
    {"jkr", "velocity", 1.0, 1.0, JUMP " and the cohesive jump"},
    {"jkr", "mass_velocity", 1.0, 1.0, JUMP " and the cohesive jump"},
    {"jkr", "viscoelastic", 1.0, 1.0, COHESIVE_JUMP},
};
#undef JUMP
#undef HALF_STEP_SQRT
#undef TSUJI_HERTZ
#undef COHESIVE_JUMP
#define ORDER_TOL 0.15

/* The theory entry of a row; NULL if the table lacks it (its order cases then fail). */
static const OrderTheory *order_theory(const Row *r) {
  for (size_t k = 0; k < sizeof ORDER_THEORY / sizeof *ORDER_THEORY; k++)
    if (strcmp(ORDER_THEORY[k].normal, r->normal) == 0 && strcmp(ORDER_THEORY[k].damping, r->damping) == 0)
      return &ORDER_THEORY[k];
  return NULL;
}

enum { FIT_MIN = 4 }; /* points a fitted order needs */
#define FLOOR_FACTOR 10.0 /* a fitted point's error over its precision floor, at least */

/* Least-squares slope of log(error) against log(dt/t_c); NaN with fewer than FIT_MIN points. */
static double fit_order(const double *lx, const double *ly, int n) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int k = 0; k < n; k++) sx += lx[k], sy += ly[k], sxx += lx[k] * lx[k], sxy += lx[k] * ly[k];
  return n >= FIT_MIN ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NAN;
}

/* One line of the orders table (data/verify-convergence-orders.dat). */
typedef struct OrderLine {
  char name[128];
  double e_expected, e_measured, w_expected, w_measured;
} OrderLine;

enum { N_STEPS = 8, FIT_FROM = 3, MAX_ORDER_LINES = 64 };
static const int STEPS[N_STEPS] = {25, 50, 100, 200, 400, 800, 1600, 3200}; /* fit: 200 ... 3200 (above the floor) */

static void model_order(Verifier *v, const Row *r, double x, bool limit, OrderLine *line) {
  char id[64], name[128], text[512];
  row_id(r, id, sizeof id);
  /* δ-end keeps the names the nightly comparison knows; force-end says so */
  snprintf(name, sizeof name, "%s%s/%s=%g", id, limit ? "/force-end" : "", row_param_name(r->param), x);
  const OrderTheory *th = order_theory(r);
  bool work = case_wanted(v, "convergence.order", "convergence/%s/order", name) ||
              case_wanted(v, "convergence.order", "convergence/%s/energy_order", name);
  for (int k = 0; k < N_STEPS; k++)
    work = work || case_wanted(v, "convergence.bound", "convergence/%s/N=%d/bound", name, STEPS[k]);
  double lx[N_STEPS] = {0}, ly[N_STEPS] = {0}, ly_w[N_STEPS] = {0}, ratios[N_STEPS] = {0}, worsts[N_STEPS] = {0};
  double worsts_w[N_STEPS] = {0};
  bool above_floor[N_STEPS] = {false}; /* the point's error stands above the precision floor */
  int nfit = 0, fit_lo = 0, fit_hi = 0; /* points fitted, their coarsest and finest N */
  if (work) {
    row_model_text(r, x, GEO_EQUAL, 1.0, limit, text, sizeof text);
    const ContactModel m = setup_model(text);
    const double Reff = setup_reff(GEO_EQUAL), meff = setup_meff(GEO_EQUAL);
    const LawModel law = law_model(text); /* the reference's own force law, same text */
    const Reference ref = reference_collide(&law, Reff, meff, 1.0, limit);
    const char *src = NULL;
    const double closed = row_closed_form(r, x, limit, &src);
    const double e_exp = isnan(closed) ? ref.e : closed;
    const double defect_exp = 1.0 - ref.e * ref.e - ref.W / ref.E0; /* 0 but for the JKR snap-off */
    const double tc = limit ? ref.t_pos : ref.t_c, tc_el = collide_elastic_time(&m, Reff, meff, 1.0);
    static const double PHASES[] = {0.1, 0.37, 0.62, 0.88};
    for (int k = 0; k < N_STEPS; k++) {
      const double ratio = 1.0 / (STEPS[k] + 0.5); /* dt/t_c */
      double worst = 0.0, worst_w = 0.0, rounding = 0.0, rounding_w = 0.0; /* |mixed - double| */
      for (int ph = 0; ph < 4; ph++) {
        Setup s = {.geo = GEO_EQUAL, .v0 = 1.0, .dt_fraction = ratio * tc / tc_el, .phase = PHASES[ph],
                   .strategy = FORCE_HALF_REDUCE, .threads = v->threads, .precision = v->precision};
        const CollideResult c = setup_collide(&m, &s);
        const double defect = 1.0 - c.e * c.e - c.W_damp / c.E0;
        worst = fmax(worst, c.captured ? INFINITY : fabs(c.e - e_exp));
        worst_w = fmax(worst_w, c.captured ? INFINITY : fabs(defect - defect_exp));
        if (v->precision != LOOP_DOUBLE) { /* the precision floor: the same collision in double */
          s.precision = LOOP_DOUBLE;
          const CollideResult d = setup_collide(&m, &s);
          rounding = fmax(rounding, fabs(c.e - d.e));
          rounding_w = fmax(rounding_w, fabs(defect - (1.0 - d.e * d.e - d.W_damp / d.E0)));
        }
      }
      above_floor[k] = worst > FLOOR_FACTOR * rounding && worst_w > FLOOR_FACTOR * rounding_w && worst > 0 && worst_w > 0;
      ratios[k] = ratio, worsts[k] = worst, worsts_w[k] = worst_w;
    }
    /* N >= 200 above the floor; with too few there, the finest points above it below 200 too */
    bool fit[N_STEPS] = {false};
    int nabove = 0;
    for (int k = FIT_FROM; k < N_STEPS; k++)
      if (above_floor[k]) fit[k] = true, nabove++;
    for (int k = FIT_FROM - 1; k >= 0 && nabove < FIT_MIN; k--)
      if (above_floor[k]) fit[k] = true, nabove++;
    for (int k = 0; k < N_STEPS; k++) {
      if (!fit[k]) continue;
      lx[nfit] = log(ratios[k]), ly[nfit] = log(worsts[k]), ly_w[nfit] = log(worsts_w[k]), nfit++;
      if (nfit == 1) fit_lo = STEPS[k];
      fit_hi = STEPS[k];
    }
  }
  for (int k = 0; k < N_STEPS; k++) /* also in the counting pass */
    if (case_begin(v, "convergence.bound", "convergence/%s/N=%d/bound", name, STEPS[k]))
      case_end(v, worsts[k], 0.0, r->f * ratios[k] + 1e-12, "worst of 4 onset phases within f dt/t_c; %s", r->f_src);
  const double e_order = fit_order(lx, ly, nfit), w_order = fit_order(lx, ly_w, nfit);
  const double e_want = th ? th->e_order : NAN, w_want = th ? th->w_order : NAN;
  if (work && v->plot_conv && !limit) { /* δ-end only, to keep the plot readable; the slope line through the finest N */
    for (int k = 0; k < N_STEPS; k++)
      fprintf(v->plot_conv, "%s %.6g %.6g %.6g %.6g\n", name, ratios[k], worsts[k], r->f * ratios[k],
              worsts[N_STEPS - 1] * pow(ratios[k] / ratios[N_STEPS - 1], e_want));
    fprintf(v->plot_conv, "\n\n");
  }
  if (case_begin(v, "convergence.order", "convergence/%s/order", name))
    case_end(v, e_order, e_want, ORDER_TOL, "fitted order of the e error, N=%d..%d (%d points), within 0.15 of theory: %s",
             fit_lo, fit_hi, nfit, th ? th->why : "no ORDER_THEORY entry for this row");
  if (case_begin(v, "convergence.order", "convergence/%s/energy_order", name))
    case_end(v, w_order, w_want, ORDER_TOL, "fitted order of the ledger defect |1-e^2-W/E0|, N=%d..%d, within 0.15 (%s)",
             fit_lo, fit_hi, w_want == 1.0 ? "first-order half-step quadrature of the damping power" : "W = 0: 1-e^2 carries the e error");
  if (line && work) *line = (OrderLine){.e_expected = e_want, .e_measured = e_order, .w_expected = w_want, .w_measured = w_order};
  if (line && work) snprintf(line->name, sizeof line->name, "%s", name);
}

/* The expected and measured orders of the rows that ran, with pass flags. */
static void write_orders(const Verifier *v, const OrderLine *lines, int n) {
  if (v->dry || !v->data || n == 0) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-convergence-orders.dat", v->data);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  fprintf(o.f, "# row expected_e_order measured_e_order pass expected_energy_order measured_energy_order pass "
               "(worst of 4 onset phases, N+1/2 steps per contact, N = 200..3200, tolerance %.2f)\n", ORDER_TOL);
  for (int k = 0; k < n; k++) {
    const OrderLine *l = &lines[k];
    fprintf(o.f, "%s %.3f %.4f %s %.3f %.4f %s\n", l->name, l->e_expected, l->e_measured,
            fabs(l->e_measured - l->e_expected) <= ORDER_TOL ? "pass" : "FAIL", l->w_expected, l->w_measured,
            fabs(l->w_measured - l->w_expected) <= ORDER_TOL ? "pass" : "FAIL");
  }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

void cases_convergence(Verifier *v) {
  hooke_ratio(v);
  /* The rows of the earlier convergence cases at their parameter values (names kept), then
   * every other row at its quick parameter value; force-end at the same value. */
  static const struct {
    const char *normal, *damping;
    double x;
  } NAMED[] = {
      {"hooke", "coeff_restitution", 0.5},          {"hooke", "velocity", 0.9},
      {"hertz/material", "coeff_restitution", 0.5}, {"hertz/material", "coeff_restitution", 0.9},
      {"hertz/material", "tsuji", 0.5},             {"hertz/material", "viscoelastic", 0.3},
      {"hertz", "mass_velocity", 0.5},              {"hertz/material", "none", 0.0},
      {"dmt", "velocity", 0.1},                     {"jkr", "viscoelastic", 0.1},
  };
  enum { N_NAMED = sizeof NAMED / sizeof *NAMED };
  static OrderLine lines[MAX_ORDER_LINES];
  int nlines = 0;
  if (v->quick) { /* two rows, δ-end */
    model_order(v, row_find(NAMED[0].normal, NAMED[0].damping), NAMED[0].x, false, &lines[nlines++]);
    model_order(v, row_find(NAMED[2].normal, NAMED[2].damping), NAMED[2].x, false, &lines[nlines++]);
  } else {
    for (int k = 0; k < N_NAMED; k++)
      model_order(v, row_find(NAMED[k].normal, NAMED[k].damping), NAMED[k].x, false, &lines[nlines++]);
    for (int k = 0; k < row_count(); k++) {
      const Row *r = row_at(k);
      double x = NAN;
      for (int j = 0; j < N_NAMED && isnan(x); j++)
        if (row_find(NAMED[j].normal, NAMED[j].damping) == r) x = NAMED[j].x;
      if (isnan(x)) {
        double xs[8];
        row_params(r, true, xs);
        x = xs[0];
        if (nlines < MAX_ORDER_LINES) model_order(v, r, x, false, &lines[nlines++]);
      }
      if (row_allows_limit(r) && nlines < MAX_ORDER_LINES) model_order(v, r, x, true, &lines[nlines++]);
    }
  }
  int n = 0; /* the lines of rows that ran (a filter may leave some out) */
  for (int k = 0; k < nlines; k++)
    if (lines[k].name[0]) lines[n++] = lines[k];
  write_orders(v, lines, n);
  memset(lines, 0, sizeof lines);
}
