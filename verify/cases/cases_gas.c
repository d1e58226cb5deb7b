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
 *   band(t) = 3 s(t) + integral over |d ln T| of (w t_c + delta_max/sigma + |3 a2/16| + dt term + 0.3 phi)
 * s(t) = |ln T/T0| sqrt(2/N_c), the statistical error of N_c collisions (gas_stat); the terms,
 * relative errors of the cooling rate, taken at each temperature (band_rate). The late-time gas
 * (late_setup) adds the exponent d ln T / d ln t from 3 to 30 Haff times.
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
#include "cases.h"

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

/* Two significant digits: the stiffness a user would type. */
static double round2(double x) {
  const double p = pow(10.0, floor(log10(x)) - 1.0);
  return round(x / p) * p;
}

/* The model text of a row, its damping calibrated to e = GAS_E at the rms normal speed, and e of
 * that collision through the production loops at the gas's time step (*e_dt). The stiffness
 * from the set-up's overlap at that speed: hooke delta = g sqrt(m_eff/k) (undamped), Hertz
 * delta = (15 m_eff g^2 / (16 E* sqrt(R_eff)))^(2/5) (Johnson 1985, ch. 11), E = 2 (1 - nu^2) E*. */
static bool gas_model_text(const GasRow *g, const GasSetup *su, DampingModel dm, GasPlan *p, char *why,
                           size_t why_size) {
  const bool hooke = !strcmp(g->normal, "hooke");
  const double grms = 2.0 * sqrt(GAS_T0), meff = 0.5, nu = 0.3, d = su->overlap;
  CalibrateSpec s = {.normal = hooke ? NORMAL_HOOKE : NORMAL_HERTZ_MATERIAL, .E = 5e6, .nu = nu, .kn = 1e5,
                     .rho = 6.0 / GD_PI, .Ri = 0.5, .Rj = 0.5, .e_target = GAS_E, .v_ref = grms,
                     .limit_damping = su->limit_damping};
  if (d > 0.0) {
    s.kn = round2(meff * grms * grms / (d * d));
    s.E = round2(2.0 * (1.0 - nu * nu) * 15.0 * meff * grms * grms / (16.0 * sqrt(0.25) * pow(d, 2.5)));
  }
  CalibrateResult res;
  CalibrateRun run;
  if (!calibrate_solve_at(&s, dm, s.v_ref, GAS_E, 1e-7, &res) || !res.reachable ||
      !calibrate_collide(&s, dm, res.coeff, s.Ri, s.Rj, s.v_ref, su->steps_per_tc, &run)) {
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
  bool limit; /* force-end (limit_damping) */
} LawCtx;
/* e of a head-on collision of two of the gas's spheres at speed g (the oracle's reference,
 * delta-end unless the set-up's law clamps the force); 0 when captured. */
static double law_e(void *ctx, double g) {
  const LawCtx *c = ctx;
  const Reference r = reference_collide(&c->law, 0.25, 0.5, g, c->limit);
  return r.captured ? 0.0 : r.e;
}

GasSetup gas_setup(int64_t n) {
  return (GasSetup){.n = n, .seed = 1, .phi = GAS_PHI, .overlap = 0.0, .steps_per_tc = GAS_STEPS_PER_TC,
                    .horizon = n >= 8000 ? 1.0 : n >= 2000 ? 0.5 : 0.25, .out = GAS_OUT, .skin = 0.3};
}

PackingSpec gas_spec(const GasSetup *s, int threads) {
  PackingSpec spec = packing_defaults();
  spec.type = PACKING_GAS, spec.n = s->n, spec.phi = s->phi, spec.ratio = 1.0, spec.spin = 0.0;
  spec.radius = 0.5, spec.density = 6.0 / GD_PI, spec.temperature = GAS_T0, spec.seed = s->seed;
  spec.threads = threads;
  return spec;
}

/* The gas cools slower than Enskog's rate by a density effect of its own (velocity correlations
 * that build up from the first collisions; Kawahara & Nakanishi, arXiv:cond-mat/0309130): 0.27 phi
 * per Haff time (ln 4 of |ln T|) at vanishing contact time in tools/gas-gap.sh's sweep of three
 * densities and three seeds each, i.e. 0.2 phi per unit |ln T|; carried at 0.3 phi for the
 * sweep's standard errors (docs/verification.md §10). A measured term, not a derived one. */
#define GAS_DENSITY_RATE 0.3

/* The band's systematic terms per unit |ln T| at temperature T, from the oracle's reference
 * collision at the rms normal speed 2 sqrt(T/m): the time a sphere spends in contact, w t_c (it
 * cannot start a collision then: Enskog's rate is too high by about that fraction); the overlap
 * at contact over sigma (the contact is not at sigma); the Sonine correction (b) leaves out; and
 * the density term above. */
static double band_rate(const GasPlan *p, const LawModel *law, double T, double *w_tc, double *overlap,
                        double *sonine) {
  const Reference r = reference_collide(law, 0.25, 0.5, 2.0 * sqrt(T), p->setup.limit_damping);
  const double e = r.captured ? 0.0 : r.e;
  *w_tc = gas_omega(p->nd, 1.0, 1.0, T) * r.t_c;
  *overlap = r.delta_max;
  *sonine = fabs(3.0 * gas_sonine_a2(e) / 16.0);
  return *w_tc + *overlap + *sonine + p->step + GAS_DENSITY_RATE * p->setup.phi;
}

bool gas_plan(const GasRow *g, const GasSetup *su, GasPlan *p, char *why, size_t why_size) {
  memset(p, 0, sizeof *p);
  p->setup = *su;
  const Row *r = row_find(g->normal, g->damping);
  if (!r) {
    snprintf(why, why_size, "no row %s/%s", g->normal, g->damping);
    return false;
  }
  if (su->out < 1 || su->out > GAS_OUT_MAX) {
    snprintf(why, why_size, "%d output times: 1 to %d", su->out, GAS_OUT_MAX);
    return false;
  }
  if (!gas_model_text(g, su, r->dm, p, why, why_size)) return false;
  /* the expectation: e(g) of the oracle's law of the same text */
  LawCtx lc = {.law = law_model(p->text), .limit = su->limit_damping};
  gas_loss_table(&p->loss, law_e, &lc, 2e-3, 20.0, 64);
  const double sigma = 1.0, m = 1.0, grms = 2.0 * sqrt(GAS_T0 / m);
  p->nd = 6.0 * su->phi / GD_PI;
  const double omega0 = gas_omega(p->nd, sigma, m, GAS_T0);
  const double rate0 = omega0 / 3.0 * gas_loss_mean(&p->loss, m, GAS_T0);
  const double t_end = su->horizon * 2.0 / rate0; /* a Haff time is 2/rate0: T0/4 for constant e */
  const Reference ref0 = reference_collide(&lc.law, 0.25, 0.5, grms, su->limit_damping);
  const double e0 = ref0.captured ? 0.0 : ref0.e;
  p->dt = law_elastic_time(&lc.law, 0.25, 0.5, grms) / su->steps_per_tc;
  p->every = (int)ceil(t_end / p->dt / su->out);
  p->steps = (int64_t)p->every * su->out;
  for (int k = 0; k <= su->out; k++) p->times[k] = (double)k * p->every * p->dt;
  gas_cooling(&p->loss, p->nd, sigma, m, GAS_T0, p->times, su->out + 1, p->Tb);
  /* the time step's error in e, measured at T0 and kept (the production collision at the gas's
   * dt against the reference's e, through d ln(1 - e^2) = 2 e de / (1 - e^2)) */
  p->step = 2.0 * e0 * fabs(p->e_dt - e0) / (1.0 - e0 * e0);
  band_rate(p, &lc.law, GAS_T0, &p->w_tc, &p->overlap, &p->sonine);
  /* the systematic band: a relative error r(T) of the cooling rate accumulates as the integral
   * of r over |d ln T|; r taken at each interval's geometric mean temperature */
  for (int k = 1; k <= su->out; k++) {
    double a, b, c;
    const double Tm = sqrt(p->Tb[k - 1] * p->Tb[k]);
    p->sys[k] = p->sys[k - 1] + band_rate(p, &lc.law, Tm, &a, &b, &c) * fabs(log(p->Tb[k - 1] / p->Tb[k]));
  }
  p->tau = 6.0 / (omega0 * (1.0 - e0 * e0)); /* Haff's time at e(g_rms) */
  const double L = cbrt((double)su->n / p->nd), Lc = gas_shear_length(e0, p->nd, sigma);
  if (su->homogeneous && !(L < Lc)) {
    snprintf(why, why_size, "the box (%.4g) is not below the clustering instability's critical size %.4g", L, Lc);
    return false;
  }
  return true;
}

double gas_enskog_collisions(const GasPlan *p, int i, int j) {
  double c = 0.0;
  for (int k = i + 1; k <= j; k++) {
    const double w0 = gas_omega(p->nd, 1.0, 1.0, p->Tb[k - 1]), w1 = gas_omega(p->nd, 1.0, 1.0, p->Tb[k]);
    c += 0.5 * (double)p->setup.n * 0.5 * (w0 + w1) * (p->times[k] - p->times[k - 1]);
  }
  return c;
}

/* ln T = ln T0 + sum over collisions of ln(1 - eps_i), each eps_i the share of the gas's energy
 * one collision removes: exponentially distributed (relative spread 1), and their number itself
 * Poisson; so ln T/T0 spreads by |ln T/T0| sqrt(2/N_c) over N_c collisions. */
double gas_stat(const GasPlan *p, int k, double n_c) {
  return n_c > 0.0 ? fabs(log(p->Tb[k] / GAS_T0)) * sqrt(2.0 / n_c) : INFINITY;
}

void gas_judge(const GasPlan *p, const double *T, const double *coll, double *ratio, double *band) {
  double worst = -1.0;
  *ratio = 1.0, *band = 0.0;
  for (int k = 1; k <= p->setup.out; k++) {
    const double nc = coll ? coll[k] : gas_enskog_collisions(p, 0, k);
    const double b = 3.0 * gas_stat(p, k, nc) + p->sys[k];
    const double dev = fabs(T[k] / p->Tb[k] - 1.0) / b;
    if (!(dev <= worst)) worst = dev, *ratio = T[k] / p->Tb[k], *band = b;
  }
}

/* The last gas placed: the large one takes seconds to place and equilibrate, and every model's
 * run starts from a copy of the same spheres. */
static struct {
  bool have;
  GasSetup su;
  Particles p;
  Box b;
} last_gas;

static void gas_packing(Verifier *v, const GasSetup *su, Particles *p, Box *b) {
  if (!last_gas.have || last_gas.su.n != su->n || last_gas.su.phi != su->phi || last_gas.su.seed != su->seed) {
    if (last_gas.have) particles_free(&last_gas.p);
    const PackingSpec spec = gas_spec(su, verify_threads_for(v, su->n));
    packing_make(&spec, &last_gas.p, &last_gas.b);
    last_gas.have = true, last_gas.su = *su;
  }
  particles_copy(p, &last_gas.p);
  *b = last_gas.b;
}

/* The run: T at the output times and the collisions so far; false with why on failure. A
 * progress line names it what (case_progress). */
static bool gas_run(Verifier *v, const char *what, const GasPlan *pl, ForceStrategy st, int threads, double *T,
                    double *coll, char *why, size_t why_size) {
  const double started = omp_get_wtime();
  Particles p;
  Box b;
  gas_packing(v, &pl->setup, &p, &b);
  ContactModel *m = gd_xmalloc(sizeof *m);
  *m = setup_model(pl->text);
  fault_apply(m, 1.0, 1.0);
  Sim s;
  sim_init(&s, &p, &b, m, 1, st, false, st == FORCE_HALF_REDUCE ? v->precision : LOOP_DOUBLE, threads, pl->setup.skin, pl->dt);
  fault_apply_list(&s.nl);
  const char *err = NULL;
  bool ok = sim_setup(&s, &err);
  int64_t collisions = ok ? gas_new_contacts(&s) : 0;
  int out = 0;
  if (ok) T[out] = gas_temperature(&s.p).trans, coll[out++] = 0.0;
  for (int64_t k = 1; ok && k <= pl->steps; k++) {
    ok = sim_step(&s, &err);
    if (!ok) break;
    collisions += gas_new_contacts(&s);
    case_progress(v, what, started, s.plan.threads, k, pl->steps);
    if (k % pl->every == 0 && out <= pl->setup.out) T[out] = gas_temperature(&s.p).trans, coll[out++] = (double)collisions;
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

/* Opens the scope of a row's gas case: its group and key; false (and the case reported as SKIP)
 * where kinetic theory does not apply. */
static bool gas_scope(Verifier *v, const GasRow *g, const char *quantity, char *id, size_t id_size, char *group,
                      size_t group_size) {
  const Row *r = row_find(g->normal, g->damping);
  if (!r) return false;
  row_id(r, id, id_size);
  snprintf(group, group_size, "gas.%s", id);
  for (char *c = group; *c; c++) *c = *c == '/' ? '.' : *c;
  case_key_set(v->key.family, sizeof v->key.family, "gas");
  row_id(r, v->key.row, sizeof v->key.row);
  case_key_set(v->key.quantity, sizeof v->key.quantity, quantity);
  return true;
}

static const char GAS_SOURCE[] = "kinetic theory (b), the model's e(g) (verify/oracle/gas_theory.c)";

static void gas_report(Verifier *v, const GasPlan *pl, double ratio, double band) {
  case_end(v, ratio, 1.0, band,
           "%s: T/T_theory at the worst point; band 3 s + (w t_c %.3g + delta/sigma %.3g + Sonine %.3g + dt %.3g "
           "+ 0.3 phi at T0) over |d ln T|",
           GAS_SOURCE, pl->w_tc, pl->overlap, pl->sonine, pl->step);
}

/* The run's and the theory's T/T0 against t/tau, a block per model. */
static void gas_plot_block(FILE *plot, const char *label, const GasRow *g, const GasPlan *pl, const double *T) {
  fprintf(plot, "\n\n\"%s%s + %s\"\n", label, g->normal, g->damping);
  for (int k = 0; k <= pl->setup.out; k++)
    fprintf(plot, "%.6g %.6g %.6g %.6g\n", pl->times[k] / pl->tau, T[k] / GAS_T0, pl->Tb[k] / GAS_T0, pl->times[k]);
}

/* One judged gas: the run of the row's model on the set-up's gas with strategy st on threads
 * threads (0: every one), named gas/<row>/N=<n><variant>/T. */
static void gas_case_run(Verifier *v, const GasRow *g, const GasSetup *su, ForceStrategy st, int threads,
                         const char *variant, FILE *plot, FILE *theory) {
  char id[64], group[96];
  const CaseKey outer = v->key;
  if (!gas_scope(v, g, "T", id, sizeof id, group, sizeof group)) return;
  if (!case_begin(v, group, "gas/%s/N=%lld%s/T", id, (long long)su->n, variant)) {
    v->key = outer;
    return;
  }
  if (g->not_judged) {
    case_skip(v, g->not_judged);
    v->key = outer;
    return;
  }
  char why[512];
  GasPlan pl;
  double T[GAS_OUT_MAX + 1], coll[GAS_OUT_MAX + 1];
  if (!gas_plan(g, su, &pl, why, sizeof why) ||
      !gas_run(v, v->cur.name, &pl, st, threads ? threads : verify_threads_for(v, su->n), T, coll, why, sizeof why)) {
    case_end(v, NAN, 1.0, 0.0, "%s", why);
    v->key = outer;
    return;
  }
  double at_ratio, at_band;
  gas_judge(&pl, T, coll, &at_ratio, &at_band);
  if (plot) {
    gas_plot_block(plot, "", g, &pl, T);
    if (theory) theory_block(theory, g, &pl.loss, pl.nd, pl.tau);
  }
  gas_report(v, &pl, at_ratio, at_band);
  v->key = outer;
}

static void gas_case(Verifier *v, const GasRow *g, FILE *plot, FILE *theory) {
  const GasSetup su = gas_setup(v->quick ? 1000 : 8000);
  gas_case_run(v, g, &su, FORCE_HALF_REDUCE, 0, "", plot, theory);
}

/* The same gas (hooke + velocity, 2000 spheres, half a Haff time) through each strategy on one
 * thread and on every thread: each run is judged against the theory with its own band, so the
 * loops agree within statistics (their trajectories part after a few collisions: chaos); and
 * the gases of two more seeds. */
static void gas_loops(Verifier *v) {
  if (v->quick) return;
  static const ForceStrategy ST[3] = {FORCE_FULL, FORCE_HALF_REDUCE, FORCE_HALF_ATOMIC};
  const int all = v->machine_threads > 1 ? v->machine_threads : 2;
  for (int k = 0; k < 3; k++)
    for (int t = 0; t < 2; t++) {
      char variant[64];
      const int threads = t ? all : 1;
      snprintf(variant, sizeof variant, "/%s/threads=%d", force_strategy_name(ST[k]), threads);
      const GasSetup su = gas_setup(2000);
      gas_case_run(v, &GAS_ROWS[0], &su, ST[k], threads, variant, NULL, NULL);
    }
  /* and two more gases, other seeds: each within its own statistics */
  for (uint64_t seed = 2; seed <= 3; seed++) {
    GasSetup su = gas_setup(2000);
    su.seed = seed;
    char variant[32];
    snprintf(variant, sizeof variant, "/seed=%llu", (unsigned long long)seed);
    gas_case_run(v, &GAS_ROWS[0], &su, FORCE_HALF_REDUCE, 0, variant, NULL, NULL);
  }
}

/* The late-time gas: where Haff's t^-2 and the viscoelastic t^-5/3 part, 30 Haff times. Soft
 * contacts keep it affordable (overlap 3 % of sigma at the rms speed, falling as the gas cools; 20
 * steps per contact), and its box stays below the clustering instability's critical size
 * (gas_shear_length: L = 27.6 against L_c = 41 at e = 0.8; larger as a viscoelastic e rises), so
 * the homogeneous state holds for the whole run. */
static GasSetup late_setup(void) {
  return (GasSetup){.n = 2000, .seed = 1, .phi = 0.05, .overlap = 0.03, .steps_per_tc = 20.0, .horizon = 30.0, .out = 120,
                    .skin = 0.3, .homogeneous = true};
}

/* The exponent of T(t) from 3 to 30 Haff times, ln(T2/T1)/ln(t2/t1), against the theory (b)
 * restarted from the run's own T at t1 (so that the deviation gathered before t1 does not
 * count twice); band (3 s12 + sys12)/ln(t2/t1), s12 the statistical error of the collisions
 * between t1 and t2, sys12 the systematic band gathered between them. */
static void gas_exponent(Verifier *v, const char *group, const char *id, const GasPlan *pl, const double *T,
                         const double *coll, const char *asymptote) {
  case_key_set(v->key.quantity, sizeof v->key.quantity, "exponent");
  if (!case_begin(v, group, "gas/%s/N=%lld/late/exponent", id, (long long)pl->setup.n)) return;
  const int k1 = pl->setup.out / 10, k2 = pl->setup.out;
  const double t1 = pl->times[k1], t2 = pl->times[k2], span = log(t2 / t1);
  const double rel[2] = {0.0, t2 - t1};
  double Tth[2];
  gas_cooling(&pl->loss, pl->nd, 1.0, 1.0, T[k1], rel, 2, Tth);
  const double run = log(T[k2] / T[k1]) / span, theory = log(Tth[1] / Tth[0]) / span;
  const double n_c = coll[k2] - coll[k1];
  const double stat = n_c > 0.0 ? fabs(log(Tth[1] / Tth[0])) * sqrt(2.0 / n_c) : INFINITY;
  case_end(v, run, theory, (3.0 * stat + pl->sys[k2] - pl->sys[k1]) / span,
           "%s restarted from the run's T at t1: d ln T / d ln t from %.3g to %.3g Haff times (asymptote %s)",
           GAS_SOURCE, t1 / pl->tau, t2 / pl->tau, asymptote);
}

/* Constant e (Haff's t^-2) and viscoelastic spheres (t^-5/3) on the late-time gas: the whole
 * curve as gas/<row>/N=2000/late/T, and its late exponent. */
static void gas_late(Verifier *v, FILE *plot) {
  if (v->quick) return;
  static const struct {
    int row;
    const char *asymptote;
  } LATE[] = {{3, "-2, Haff"}, {6, "-5/3, Schwager & Poeschel"}};
  const GasSetup su = late_setup();
  for (int q = 0; q < 2; q++) {
    const GasRow *g = &GAS_ROWS[LATE[q].row];
    char id[64], group[96], why[512];
    const CaseKey outer = v->key;
    if (!gas_scope(v, g, "T", id, sizeof id, group, sizeof group)) continue;
    const bool want_T = case_wanted(v, group, "gas/%s/N=%lld/late/T", id, (long long)su.n);
    const bool want_x = case_wanted(v, group, "gas/%s/N=%lld/late/exponent", id, (long long)su.n);
    if (!want_T && !want_x) { /* (the dry pass counts them) */
      case_begin(v, group, "gas/%s/N=%lld/late/T", id, (long long)su.n);
      case_begin(v, group, "gas/%s/N=%lld/late/exponent", id, (long long)su.n);
      v->key = outer;
      continue;
    }
    GasPlan pl;
    double T[GAS_OUT_MAX + 1], coll[GAS_OUT_MAX + 1], ratio = NAN, band = 0.0;
    char what[160];
    snprintf(what, sizeof what, "gas/%s/N=%lld/late (for its T and exponent cases)", id, (long long)su.n);
    const bool ok = gas_plan(g, &su, &pl, why, sizeof why) &&
                    gas_run(v, what, &pl, FORCE_HALF_REDUCE, verify_threads_for(v, su.n), T, coll, why, sizeof why);
    if (ok) gas_judge(&pl, T, coll, &ratio, &band);
    if (case_begin(v, group, "gas/%s/N=%lld/late/T", id, (long long)su.n)) {
      if (ok) gas_report(v, &pl, ratio, band);
      else case_end(v, NAN, 1.0, 0.0, "%s", why);
    }
    if (ok) gas_exponent(v, group, id, &pl, T, coll, LATE[q].asymptote);
    else if (case_begin(v, group, "gas/%s/N=%lld/late/exponent", id, (long long)su.n)) case_end(v, NAN, 1.0, 0.0, "%s", why);
    if (ok && plot) gas_plot_block(plot, "2000 spheres, phi 0.05: ", g, &pl, T);
    v->key = outer;
  }
}

/* The gas at scale: 100 000 spheres on every thread, the loops the benchmark times, for every
 * judged model. Homogeneous needs a box below the clustering instability's critical size
 * (gas_shear_length), so a low volume fraction, 0.011 (L = 168 against L_c = 191 at e = 0.8);
 * collisions are rare there (Haff's time 109), so soft contacts as in the late-time gas and a
 * skin of one diameter (rebuilds every 40-odd steps). 0.6 Haff times per model (T falls to 0.39
 * T0) keeps the family within its nightly budget on 2 cores (docs/verification.md). */
static GasSetup large_setup(void) {
  return (GasSetup){.n = 100000, .seed = 1, .phi = 0.011, .overlap = 0.03, .steps_per_tc = 20.0, .horizon = 0.6,
                    .out = GAS_OUT, .skin = 1.0, .homogeneous = true};
}

static void gas_large(Verifier *v) {
  if (v->quick) return;
  const GasSetup su = large_setup();
  for (int k = 0; k < N_GAS_ROWS; k++)
    if (!GAS_ROWS[k].not_judged) gas_case_run(v, &GAS_ROWS[k], &su, FORCE_HALF_REDUCE, 0, "", NULL, NULL);
}

void cases_gas(Verifier *v) {
  OutFile o = {0}, th = {0}, late = {0};
  const bool plot = chung_ooi_open_plot(v, "gas", "gas/", "verify-gas.dat", &o) &&
                    chung_ooi_open_plot(v, "gas", "gas/", "verify-gas-theory.dat", &th) &&
                    chung_ooi_open_plot(v, "gas", "gas/", "verify-gas-late.dat", &late);
  if (plot) {
    fprintf(o.f, "# cooling gas (phi = %g, e = %g at 2 sqrt(T0/m)), the run and kinetic theory (b):\n"
                 "# t/tau_Haff T/T0 T_theory/T0 t; blocks by model\n", GAS_PHI, GAS_E);
    fprintf(th.f, "# kinetic theory (b) of the same gases to 100 Haff times: t/tau_Haff T_theory/T0; blocks by model\n");
    fprintf(late.f, "# the late-time gas (phi = 0.05, 2000 spheres, 30 Haff times): t/tau_Haff T/T0 T_theory/T0 t; "
                    "blocks by model\n");
  }
  /* the make-test subset: hooke + velocity alone, 1000 spheres over a quarter of a Haff time */
  for (int k = 0; k < (v->quick ? 1 : N_GAS_ROWS); k++) gas_case(v, &GAS_ROWS[k], plot ? o.f : NULL, plot ? th.f : NULL);
  gas_loops(v);
  gas_late(v, plot ? late.f : NULL);
  gas_large(v);
  if (last_gas.have) particles_free(&last_gas.p), last_gas.have = false;
  if (plot && (!out_commit(&o) || !out_commit(&th) || !out_commit(&late))) gd_die(GD_EXIT_RUNTIME, "verify: the gas's plot data could not be written");
}
