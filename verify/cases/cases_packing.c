/*
 * cases_packing.c - a dense random packing relaxing under each damping model:
 * the mechanical energy (kinetic + elastic) must fall monotonically, and its loss must equal
 * the dissipated energy of the ledger (normal damping + tangential damping + friction).
 *
 * Tolerances, from the time step (dt = T/50, T = 2π/ω the period of a contact at the
 * packing's mean overlap):
 *   monotone  velocity Verlet's energy error between samples is O((ω dt)²); no sample may rise
 *             above the previous one by more than 1e-2 (ω dt)² E_mech(0) (measured: 0, and
 *             1.2e-7 for hooke, against 1.6e-4);
 *   ledger    the damping work is integrated with half-step velocities, first order in dt
 *             (§6): W / loss within 2 f dt/T with f = 1.4, as §7.5 allows for the energy of a
 *             collision (measured 0.6 % to 1.8 %, against 5.6 %).
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "packing.h"
#include "sim.h"
#include "cases.h"

typedef struct PackRow {
  const char *id;
  const char *text; /* %g: the damping coefficient */
  double damp;
} PackRow;

static const PackRow PACK_ROWS[] = {
    {"hertz_material/velocity", "hertz/material 1e4 %g 0.3 damping velocity tangential linear_nohistory 0 0", 5.0},
    {"hertz_material/mass_velocity", "hertz/material 1e4 %g 0.3 damping mass_velocity tangential linear_nohistory 0 0", 10.0},
    {"hertz_material/viscoelastic", "hertz/material 1e4 %g 0.3 damping viscoelastic tangential linear_nohistory 0 0", 50.0},
    {"hertz_material/tsuji", "hertz/material 1e4 %g 0.3 damping tsuji tangential linear_nohistory 0 0", 0.5},
    {"hertz_material/tsuji_legacy", "hertz/material 1e4 %g 0.3 damping tsuji/legacy tangential linear_nohistory 0 0", 0.5},
    {"hertz_material/coeff_restitution",
     "hertz/material 1e4 %g 0.3 damping coeff_restitution tangential mindlin NULL 1.0 0.4", 0.5},
    {"hooke/coeff_restitution", "hooke 400 %g damping coeff_restitution tangential linear_history 200 1.0 0.3", 0.5},
    {"dmt/viscoelastic", "dmt 1e4 %g 0.3 0.01 damping viscoelastic tangential linear_nohistory 0 0", 50.0},
};

static double mech(const Ledger *l) { return l->ke_trans + l->ke_rot + l->elastic; }

static void relax(Verifier *v, const PackRow *r) {
  const bool want_m = case_begin(v, "packing.energy", "packing/random/%s/monotone", r->id);
  const bool want_c = case_begin(v, "packing.energy", "packing/random/%s/ledger", r->id);
  if (!want_m && !want_c) return;
  PackingSpec ps = packing_defaults();
  ps.type = PACKING_RANDOM;
  ps.n = v->quick ? 500 : 2000;
  ps.seed = 7;
  ps.velocity = 0.01;
  ps.spin = 0.02;
  ps.threads = v->threads;
  Particles p;
  Box b;
  packing_make(&ps, &p, &b);
  char text[512];
  snprintf(text, sizeof text, r->text, r->damp);
  ContactModel *models = gd_xmalloc(sizeof *models);
  *models = setup_model(text);
  /* The time scale of a contact at the packing's mean overlap: ω² = (dF/dδ)/meff. */
  const double R = ps.radius, m = 4.0 / 3.0 * GD_PI * R * R * R * ps.density, meff = 0.5 * m;
  const double delta = ps.overlap * 2.0 * R;
  const double kdyn = models->normal.model == NORMAL_HOOKE ? models->normal.k
                                                            : 1.5 * models->normal.k * sqrt(0.5 * R * delta);
  const double w = sqrt(kdyn / meff), dt = 0.02 * 2.0 * GD_PI / w; /* 50 steps per period */
  Sim s;
  sim_init(&s, &p, &b, models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, verify_threads_for(v, ps.n), 0.1 * R, dt);
  const char *why;
  if (!sim_setup(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: packing: %s", why);
  const Ledger l0 = sim_ledger(&s);
  const double E0 = mech(&l0);
  const int steps = v->quick ? 500 : 2000, every = 10;
  double prev = E0, worst_rise = 0.0;
  Ledger l = l0;
  for (int k = 1; k <= steps; k++) {
    if (!sim_step(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: packing: %s", why);
    if (k % every) continue;
    l = sim_ledger(&s);
    const double e = mech(&l);
    worst_rise = fmax(worst_rise, (e - prev) / E0);
    prev = e;
  }
  const double loss = E0 - mech(&l), W = l.diss_normal + l.diss_tangential + l.diss_friction;
  const double wdt2 = (w * dt) * (w * dt);
  sim_free(&s);
  if (want_m) {
    case_begin(v, "packing.energy", "packing/random/%s/monotone", r->id);
    case_end(v, worst_rise, 0.0, wdt2 * 1e-2,
             "largest rise of E_mech between samples / E_mech(0) within 1e-2 (w dt)^2 (Verlet energy error)");
  }
  if (want_c) {
    case_begin(v, "packing.energy", "packing/random/%s/ledger", r->id);
    case_end(v, W / loss, 1.0, 2.0 * w * dt / (2.0 * GD_PI) * 1.4,
             "ledger / E_mech loss; 2 f dt/T with f=1.4 (first-order damping work, §7.5)");
  }
}

void cases_packing(Verifier *v) {
  const int n = (int)(sizeof PACK_ROWS / sizeof *PACK_ROWS);
  for (int k = 0; k < n; k++)
    if (!v->quick || k == 3) relax(v, &PACK_ROWS[k]);
}
