/*
 * cases_gas.c - the many-body check: a freely cooling gas of smooth equal spheres on the
 * production pair loops (packing --type gas, the run loop, every thread), its granular
 * temperature T(t) judged against kinetic theory (verify/oracle/gas_theory.h, expectation (b):
 * the cooling equation with the model's own e(g) from the oracle's two-body reference).
 *
 * The gas: sigma = 1, m = 1, phi = 0.1, T0 = 1, N = 8000 (quick: 1000); hooke k = 1e5 and
 * hertz/material E = 5e6, nu = 0.3, so that the overlap at the rms normal speed 2 sqrt(T0/m) is
 * about 0.45 % of sigma; the damping calibrated through the production calibrator to e = 0.8 at
 * that speed; dt = t_c/40; run until the expectation's T falls to T0/4 (one Haff time).
 *
 * One case per model, gas/<row>/N=<N>/T: the worst point of the curve (20 output times) in units
 * of its band, the band derived, not fitted (docs/verification.md, gas cooling):
 *   band(t) = 3 s(t) + (w t_c + delta_max/sigma + |3 a2/16| + 2 e |e_dt - e| / (1 - e^2)) |ln T/T0|
 * s(t) = (T0/T - 1) sqrt(2/N_c): the statistical error of the energy lost in N_c collisions
 * (each removes an exponentially distributed share: relative spread 1); then, per unit of
 * |ln T/T0| (a relative error of the cooling rate accumulates so), the time a sphere spends in
 * contact, w t_c (it cannot collide then: Enskog's rate is too high by that fraction), the
 * overlap at contact over sigma (the contact is not at sigma), the Sonine correction (b) leaves
 * out, and the time step's error in e (the production collision at the gas's dt against the
 * reference's e, through d ln(1 - e^2) = 2 e de / (1 - e^2)). Each term is taken at T0.
 * Models outside kinetic theory's domain are not judged: velocity and mass_velocity on Hertz
 * capture pairs as the gas cools (e -> 0 at low speed), dmt and jkr aggregate, mdr's radii grow
 * with its history.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate.h"
#include "faults.h"
#include "gas.h"
#include "gas_theory.h"
#include "law.h"
#include "packing.h"
#include "reference.h"
#include "rows.h"
#include "sim.h"
#include "verify.h"

#include "gas_cases.h"

static const GasRow GAS_ROWS[] = {
    {"hooke", "velocity", NULL},
    {"hooke", "mass_velocity", NULL},
    {"hooke", "tsuji", NULL},
    {"hooke", "coeff_restitution", NULL},
    {"hertz/material", "tsuji", NULL},
    {"hertz/material", "coeff_restitution", NULL},
    {"hertz/material", "viscoelastic", NULL},
    {"hertz/material", "velocity", "e falls to 0 at low speeds: pairs are captured as the gas cools"},
    {"hertz/material", "mass_velocity", "e falls to 0 at low speeds: pairs are captured as the gas cools"},
    {"dmt", "viscoelastic", "cohesion: the cooling gas aggregates, which kinetic theory of free spheres leaves out"},
    {"jkr", "viscoelastic", "cohesion: the cooling gas aggregates, which kinetic theory of free spheres leaves out"},
};
#define N_GAS_ROWS ((int)(sizeof GAS_ROWS / sizeof GAS_ROWS[0]))

int gas_row_count(void) { return N_GAS_ROWS; }
const GasRow *gas_row_at(int k) { return k >= 0 && k < N_GAS_ROWS ? &GAS_ROWS[k] : NULL; }

/* The model text of a row, its damping calibrated to e = GAS_E at the rms normal speed, and e of
 * that collision through the production loops at the gas's time step (*e_dt). */
static bool gas_model_text(const GasRow *g, DampingModel dm, GasPlan *p, char *why, size_t why_size) {
  const bool hooke = !strcmp(g->normal, "hooke");
  CalibrateSpec s = {.normal = hooke ? NORMAL_HOOKE : NORMAL_HERTZ_MATERIAL, .E = 5e6, .nu = 0.3, .kn = 1e5,
                     .rho = 6.0 / GD_PI, .Ri = 0.5, .Rj = 0.5, .e_target = GAS_E, .v_ref = 2.0 * sqrt(GAS_T0)};
  CalibrateResult res;
  CalibrateRun run;
  if (!calibrate_solve_at(&s, dm, s.v_ref, GAS_E, 1e-7, &res) || !res.reachable ||
      !calibrate_collide(&s, dm, res.coeff, s.Ri, s.Rj, s.v_ref, GAS_STEPS_PER_TC, &run)) {
    snprintf(why, why_size, "calibration to e = %g failed: %.400s", GAS_E, res.why[0] ? res.why : run.why);
    return false;
  }
  snprintf(p->text, sizeof p->text, "%s", res.text);
  p->e_dt = run.e;
  p->kn = s.kn, p->E = s.E, p->nu = s.nu, p->coeff = res.coeff;
  return true;
}

typedef struct LawCtx {
  LawModel law;
} LawCtx;
/* e of a head-on collision of two of the gas's spheres at speed g (the oracle's reference,
 * delta-end: a gas has no limit_damping); 0 when captured. */
static double law_e(void *ctx, double g) {
  const Reference r = reference_collide(&((const LawCtx *)ctx)->law, 0.25, 0.5, g, false);
  return r.captured ? 0.0 : r.e;
}

PackingSpec gas_spec(int64_t n, int threads) {
  PackingSpec spec = packing_defaults();
  spec.type = PACKING_GAS, spec.n = n, spec.phi = GAS_PHI, spec.ratio = 1.0, spec.spin = 0.0;
  spec.radius = 0.5, spec.density = 6.0 / GD_PI, spec.temperature = GAS_T0, spec.seed = 1;
  spec.threads = threads;
  return spec;
}

bool gas_plan(const GasRow *g, int64_t n, GasPlan *p, char *why, size_t why_size) {
  memset(p, 0, sizeof *p);
  const Row *r = row_find(g->normal, g->damping);
  if (!r) {
    snprintf(why, why_size, "no row %s/%s", g->normal, g->damping);
    return false;
  }
  if (!gas_model_text(g, r->dm, p, why, why_size)) return false;
  /* the expectation: e(g) of the oracle's law of the same text */
  LawCtx lc = {.law = law_model(p->text)};
  gas_loss_table(&p->loss, law_e, &lc, 2e-3, 20.0, 64);
  const double sigma = 1.0, m = 1.0, grms = 2.0 * sqrt(GAS_T0 / m);
  p->nd = 6.0 * GAS_PHI / GD_PI;
  const double omega0 = gas_omega(p->nd, sigma, m, GAS_T0);
  const double rate0 = omega0 / 3.0 * gas_loss_mean(&p->loss, m, GAS_T0);
  /* a Haff time tau0 = 2/rate0 (T0/4 for constant e); the strategy runs half of it, the quick
   * subset a quarter */
  const double t_end = (n >= 8000 ? 2.0 : n >= 2000 ? 1.0 : 0.5) / rate0;
  const Reference ref0 = reference_collide(&lc.law, 0.25, 0.5, grms, false);
  p->dt = law_elastic_time(&lc.law, 0.25, 0.5, grms) / GAS_STEPS_PER_TC;
  p->every = (int)ceil(t_end / p->dt / GAS_OUT);
  p->steps = (int64_t)p->every * GAS_OUT;
  for (int k = 0; k <= GAS_OUT; k++) p->times[k] = (double)k * p->every * p->dt;
  gas_cooling(&p->loss, p->nd, sigma, m, GAS_T0, p->times, GAS_OUT + 1, p->Tb);
  /* the band's terms per unit |ln T/T0|, at T0 */
  const double e0 = ref0.captured ? 0.0 : ref0.e;
  p->w_tc = omega0 * ref0.t_c;
  p->overlap = ref0.delta_max / sigma;
  p->sonine = fabs(3.0 * gas_sonine_a2(e0) / 16.0);
  p->step = 2.0 * e0 * fabs(p->e_dt - e0) / (1.0 - e0 * e0); /* the loop's e at this dt, measured */
  p->tau = 6.0 / (omega0 * (1.0 - e0 * e0)); /* Haff's time at e(g_rms) */
  return true;
}

void gas_judge(const GasPlan *p, int64_t n, const double *T, const double *coll, double *ratio, double *band) {
  const double sys = p->w_tc + p->overlap + p->sonine + p->step;
  double worst = -1.0, expected = 0.0;
  *ratio = 1.0, *band = 0.0;
  for (int k = 1; k <= GAS_OUT; k++) {
    /* Enskog's collisions so far along the expectation (trapezoids), where the run counts none */
    const double w0 = gas_omega(p->nd, 1.0, 1.0, p->Tb[k - 1]), w1 = gas_omega(p->nd, 1.0, 1.0, p->Tb[k]);
    expected += 0.5 * (double)n * 0.5 * (w0 + w1) * (p->times[k] - p->times[k - 1]);
    const double nc = coll ? coll[k] : expected;
    const double stat = nc > 0.0 ? (GAS_T0 / p->Tb[k] - 1.0) * sqrt(2.0 / nc) : INFINITY;
    const double b = 3.0 * stat + sys * fabs(log(p->Tb[k] / GAS_T0));
    const double dev = fabs(T[k] / p->Tb[k] - 1.0) / b;
    if (!(dev <= worst)) worst = dev, *ratio = T[k] / p->Tb[k], *band = b;
  }
}

/* The run: T at the output times and the collisions so far; false with why on failure. */
static bool gas_run(Verifier *v, const char *text, int64_t n, ForceStrategy st, int threads, double dt, int64_t steps,
                    int every, double *T, double *coll, char *why, size_t why_size) {
  PackingSpec spec = gas_spec(n, v->machine_threads);
  Particles p;
  Box b;
  packing_make(&spec, &p, &b);
  ContactModel *m = gd_xmalloc(sizeof *m);
  *m = setup_model(text);
  fault_apply(m, 1.0, 1.0);
  Sim s;
  sim_init(&s, &p, &b, m, 1, st, false, threads, 0.3, dt);
  fault_apply_list(&s.nl);
  const char *err = NULL;
  bool ok = sim_setup(&s, &err);
  int64_t collisions = ok ? gas_new_contacts(&s) : 0;
  int out = 0;
  if (ok) T[out] = gas_temperature(&s.p).trans, coll[out++] = 0.0;
  for (int64_t k = 1; ok && k <= steps; k++) {
    ok = sim_step(&s, &err);
    if (!ok) break;
    collisions += gas_new_contacts(&s);
    if (k % every == 0 && out <= GAS_OUT) T[out] = gas_temperature(&s.p).trans, coll[out++] = (double)collisions;
  }
  if (!ok) snprintf(why, why_size, "the run stopped: %s", err ? err : "?");
  sim_free(&s);
  return ok;
}

/* The expectation far past the run (0.01 to 100 Haff times, log-spaced): where the damping
 * models part, t^-2 for constant e and t^-5/3 for viscoelastic spheres (the plot's thin lines). */
static void theory_block(FILE *f, const GasRow *g, const GasLoss *loss, double nd, double tau) {
  enum { NT = 41 };
  double t[NT + 1], T[NT + 1];
  t[0] = 0.0;
  for (int k = 1; k <= NT; k++) t[k] = tau * pow(10.0, -2.0 + 4.0 * (k - 1) / (NT - 1));
  gas_cooling(loss, nd, 1.0, 1.0, GAS_T0, t, NT + 1, T);
  fprintf(f, "\n\n\"%s + %s\"\n", g->normal, g->damping);
  for (int k = 1; k <= NT; k++) fprintf(f, "%.6g %.6g\n", t[k] / tau, T[k] / GAS_T0);
}

/* One judged gas: the run of the row's model on n spheres with strategy st on threads threads
 * (0: every one), named gas/<row>/N=<n><variant>/T. */
static void gas_case_run(Verifier *v, const GasRow *g, int64_t n, ForceStrategy st, int threads, const char *variant,
                         FILE *plot, FILE *theory) {
  char id[64], group[96];
  const Row *r = row_find(g->normal, g->damping);
  if (!r) return;
  row_id(r, id, sizeof id);
  snprintf(group, sizeof group, "gas.%s", id);
  for (char *c = group; *c; c++) *c = *c == '/' ? '.' : *c;
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "gas");
  row_id(r, v->key.row, sizeof v->key.row);
  case_key_set(v->key.quantity, sizeof v->key.quantity, "T");
  if (g->not_judged) {
    if (case_begin(v, group, "gas/%s/N=%lld%s/T", id, (long long)n, variant)) case_skip(v, g->not_judged);
    v->key = outer;
    return;
  }
  if (!case_begin(v, group, "gas/%s/N=%lld%s/T", id, (long long)n, variant)) {
    v->key = outer;
    return;
  }
  char why[512];
  GasPlan pl;
  if (!gas_plan(g, n, &pl, why, sizeof why)) {
    case_end(v, NAN, 1.0, 0.0, "%s", why);
    v->key = outer;
    return;
  }
  double T[GAS_OUT + 1], coll[GAS_OUT + 1];
  if (!gas_run(v, pl.text, n, st, threads ? threads : v->machine_threads, pl.dt, pl.steps, pl.every, T, coll, why,
               sizeof why)) {
    case_end(v, NAN, 1.0, 0.0, "%s", why);
    v->key = outer;
    return;
  }
  double at_ratio, at_band;
  gas_judge(&pl, n, T, coll, &at_ratio, &at_band);
  if (plot) {
    fprintf(plot, "\n\n\"%s + %s\"\n", g->normal, g->damping);
    for (int k = 0; k <= GAS_OUT; k++)
      fprintf(plot, "%.6g %.6g %.6g %.6g\n", pl.times[k] / pl.tau, T[k] / GAS_T0, pl.Tb[k] / GAS_T0, pl.times[k]);
    if (theory) theory_block(theory, g, &pl.loss, pl.nd, pl.tau);
  }
  case_end(v, at_ratio, 1.0, at_band,
           "kinetic theory with the model's e(g) (verify/oracle/gas_theory.c (b); Brilliantov & Poeschel 2004): "
           "T/T_theory at the curve's worst point; band 3 s(t) + (w t_c %.3g + delta_max/sigma %.3g + Sonine %.3g + "
           "dt %.3g) |ln T/T0|",
           pl.w_tc, pl.overlap, pl.sonine, pl.step);
  v->key = outer;
}

static void gas_case(Verifier *v, const GasRow *g, FILE *plot, FILE *theory) {
  gas_case_run(v, g, v->quick ? 1000 : 8000, FORCE_HALF_REDUCE, 0, "", plot, theory);
}

/* The same gas (hooke + velocity, 2000 spheres, half a Haff time) through each strategy on one
 * thread and on every thread: each run is judged against the theory with its own band, so the
 * loops agree within statistics (their trajectories part after a few collisions: chaos). */
static void gas_loops(Verifier *v) {
  if (v->quick) return;
  static const ForceStrategy ST[3] = {FORCE_FULL, FORCE_HALF_REDUCE, FORCE_HALF_ATOMIC};
  const int all = v->machine_threads > 1 ? v->machine_threads : 2;
  for (int k = 0; k < 3; k++)
    for (int t = 0; t < 2; t++) {
      char variant[64];
      const int threads = t ? all : 1;
      snprintf(variant, sizeof variant, "/%s/threads=%d", force_strategy_name(ST[k]), threads);
      gas_case_run(v, &GAS_ROWS[0], 2000, ST[k], threads, variant, NULL, NULL);
    }
}

void cases_gas(Verifier *v) {
  OutFile o = {0}, th = {0};
  const bool plot = chung_ooi_open_plot(v, "gas", "gas/", "verify-gas.dat", &o) &&
                    chung_ooi_open_plot(v, "gas", "gas/", "verify-gas-theory.dat", &th);
  if (plot) {
    fprintf(o.f, "# cooling gas (phi = %g, e = %g at 2 sqrt(T0/m)), the run and kinetic theory (b):\n"
                 "# t/tau_Haff T/T0 T_theory/T0 t; blocks by model\n", GAS_PHI, GAS_E);
    fprintf(th.f, "# kinetic theory (b) of the same gases to 100 Haff times: t/tau_Haff T_theory/T0; blocks by model\n");
  }
  /* the make-test subset: hooke + velocity alone, 1000 spheres over a quarter of a Haff time */
  for (int k = 0; k < (v->quick ? 1 : N_GAS_ROWS); k++) gas_case(v, &GAS_ROWS[k], plot ? o.f : NULL, plot ? th.f : NULL);
  gas_loops(v);
  if (plot && (!out_commit(&o) || !out_commit(&th))) gd_die(GD_EXIT_RUNTIME, "verify: the gas's plot data could not be written");
}
