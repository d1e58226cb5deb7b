/*
 * test_packing.c - synthetic packings and the energy ledger: determinism for a seed and any thread
 * count, replication, and the ledger's closure.
 */
#include <omp.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "gas.h"
#include "packing.h"
#include "sim.h"
#include "tests.h"


/* Packings are deterministic for a seed and independent of the thread count. */
static void test_packing_determinism(void **state) {
  (void)state;
  Particles a, c;
  Box ba, bc;
  small_packing_threads(&a, &ba, 800, 21, 1);
  small_packing_threads(&c, &bc, 800, 21, 2);
  const size_t bytes = (size_t)a.n * sizeof(double);
  assert_true(a.n == c.n && memcmp(a.x, c.x, bytes) == 0 && memcmp(a.radius, c.radius, bytes) == 0 &&
              memcmp(a.vz, c.vz, bytes) == 0 && memcmp(a.id, c.id, (size_t)a.n * sizeof *a.id) == 0);
  particles_free(&a);
  particles_free(&c);
  /* fcc: 12 contacts per sphere of the requested overlap */
  PackingSpec s = packing_defaults();
  s.n = 4 * 5 * 5 * 5;
  Particles f;
  Box bf;
  packing_make(&s, &f, &bf);
  assert_int_equal(f.n, 500);
  Sim sim;
  ErrList err = {0};
  ContactModel *m = malloc(sizeof *m);
  model_parse("hooke 1000 0 tangential linear_nohistory 0 0 damping none", m, &err);
  sim_init(&sim, &f, &bf, m, 1, FORCE_FULL, false, LOOP_DOUBLE, 0, 0.1, 1e-3);
  const char *why = NULL;
  assert_true(sim_setup(&sim, &why));
  assert_int_equal(sim.last.contacts, 12 * 500 / 2); /* unique pairs, though the list is full */
  assert_int_equal(sim.nl.npairs, 12 * 500);
  /* every sphere has 12 equal contacts: the forces cancel */
  for (int64_t i = 0; i < sim.p.n; i++) assert_true(fabs(sim.p.fx[i]) < 1e-12);
  sim_free(&sim);
}

/* A replicated packing (LAMMPS `replicate`) has every sphere's contacts and forces of the
 * original: 2 x 1 x 3 copies of a relaxed random packing, setup forces per id to rounding. */
static void test_packing_replicate(void **state) {
  (void)state;
  Particles p0, big;
  Box b0, bb;
  small_packing(&p0, &b0, 700, 5);
  packing_replicate(&p0, &b0, (const int[3]){2, 1, 3}, 0, &big, &bb);
  assert_int_equal(big.n, 6 * p0.n);
  assert_true(fabs((bb.hi[2] - bb.lo[2]) - 3 * (b0.hi[2] - b0.lo[2])) < 1e-12);
  const char *text = "hertz/material 1e5 0.5 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji";
  Sim a = fixture_sim(&p0, &b0, text, FORCE_HALF_REDUCE, false);
  Sim c = fixture_sim(&big, &bb, text, FORCE_HALF_REDUCE, false);
  assert_int_equal(c.last.contacts, 6 * a.last.contacts);
  /* original force by id (ids are 1..n) */
  double *fx = calloc((size_t)p0.n + 1, sizeof *fx), *tz = calloc((size_t)p0.n + 1, sizeof *tz);
  for (int64_t i = 0; i < a.p.n; i++) {
    fx[a.p.id[i]] = a.p.fx[i];
    tz[a.p.id[i]] = a.p.tz[i];
  }
  double scale = 0, tscale = 0;
  for (int64_t i = 1; i <= p0.n; i++) {
    scale = fmax(scale, fabs(fx[i]));
    tscale = fmax(tscale, fabs(tz[i]));
  }
  assert_true(scale > 0 && tscale > 0);
  for (int64_t k = 0; k < c.p.n; k++) {
    const int64_t id = (c.p.id[k] - 1) % p0.n + 1;
    if (fabs(c.p.fx[k] - fx[id]) > 1e-12 * scale || fabs(c.p.tz[k] - tz[id]) > 1e-12 * tscale)
      fail_msg("replica id %lld: fx %.17g vs %.17g", (long long)c.p.id[k], c.p.fx[k], fx[id]);
  }
  free(fx);
  free(tz);
  sim_free(&a);
  sim_free(&c);
  particles_free(&p0);
  particles_free(&big);
}

/* The energy ledger closes: without damping KE + U is conserved; with damping the loss is the
 * dissipated work (to the integrator's accuracy). */
static void test_energy_ledger(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 800, 13);
  const char *texts[] = {"hertz/material 1e5 0.7 0.3 tangential linear_nohistory 0 0 damping none",
                         "hertz/material 1e5 0.5 0.3 tangential linear_nohistory 0.5 0.3 damping tsuji"};
  double ke_end[2];
  for (int t = 0; t < 2; t++) {
    Sim s = fixture_sim(&p0, &b, texts[t], FORCE_HALF_REDUCE, false);
    s.dt = 2e-4;
    const Ledger l0 = sim_ledger(&s);
    for (int k = 0; k < 200; k++) sim_step(&s, &(const char *){NULL});
    const Ledger l1 = sim_ledger(&s);
    const double e0 = l0.ke_trans + l0.ke_rot + l0.elastic;
    const double diss = l1.diss_normal + l1.diss_tangential + l1.diss_friction;
    const double e1 = l1.ke_trans + l1.ke_rot + l1.elastic + diss;
    ke_end[t] = l1.ke_trans + l1.ke_rot;
    if (t == 0) assert_true(diss == 0.0);
    if (t == 1) assert_true(l1.diss_normal > 0 && diss > ke_end[1] && ke_end[1] < 0.5 * ke_end[0]);
    assert_true(fabs(e1 - e0) <= 1e-4 * e0); /* measured: 4e-6 and 1e-5 of e0 */
    sim_free(&s);
  }
  particles_free(&p0);
}

/* A gas of 1500 equal spheres (sigma = 1, m = 1, phi = 0.1, T0 = 1), built with 1 and 2 threads. */
static void gas_small(Particles *p, Box *b, int threads) {
  PackingSpec s = packing_defaults();
  s.type = PACKING_GAS;
  s.n = 1500, s.phi = 0.1, s.ratio = 1.0, s.spin = 0.0, s.seed = 5, s.threads = threads;
  s.radius = 0.5, s.density = 6.0 / GD_PI; /* m = 1 */
  packing_make(&s, p, b);
}

/* The gas packing: volume fraction, temperature exactly T0, zero momentum, Maxwellian velocity
 * components (kurtosis 3 within 5 standard errors: sqrt(24/3N)), the same bits for 1 and 2
 * threads; and gas_temperature against a hand value. */
static void test_gas_packing(void **state) {
  (void)state;
  Particles p, q;
  Box b, bq;
  gas_small(&p, &b, 1);
  gas_small(&q, &bq, 2);
  const size_t bytes = (size_t)p.n * sizeof(double);
  assert_true(p.n == 1500 && q.n == 1500);
  assert_true(memcmp(p.x, q.x, bytes) == 0 && memcmp(p.vx, q.vx, bytes) == 0 && memcmp(p.id, q.id, (size_t)p.n * sizeof *p.id) == 0);
  const double L = b.hi[0] - b.lo[0];
  assert_abs(1500 * GD_PI / 6.0 / (L * L * L), 0.1, 1e-12);
  const GasTemperature T = gas_temperature(&p);
  assert_abs(T.trans, 1.0, 1e-12);
  assert_true(T.rot == 0.0);
  double P[3] = {0, 0, 0}, m2 = 0.0, m4 = 0.0;
  for (int64_t i = 0; i < p.n; i++) {
    const double v[3] = {p.vx[i], p.vy[i], p.vz[i]};
    for (int d = 0; d < 3; d++) P[d] += p.mass[i] * v[d], m2 += v[d] * v[d], m4 += v[d] * v[d] * v[d] * v[d];
  }
  for (int d = 0; d < 3; d++) assert_abs(P[d], 0.0, 1e-9);
  const double n3 = 3.0 * (double)p.n, kurt = (m4 / n3) / ((m2 / n3) * (m2 / n3));
  assert_abs(kurt, 3.0, 5.0 * sqrt(24.0 / n3));
  particles_free(&p);
  particles_free(&q);
  /* hand value: two spheres, m = 2 and 1, v = (1,0,0) and (-2,0,0): V_cm = 0, T = (2 + 4)/6 = 1;
   * spins: I = 0.4 m R^2 with R = 1 and 0.5, w = (0,0,3) and 0: T_rot = 0.4*2*9/6 = 1.2 */
  Particles two;
  particles_alloc(&two, 2, 1);
  two.mass[0] = 2, two.mass[1] = 1, two.radius[0] = 1, two.radius[1] = 0.5;
  two.vx[0] = 1, two.vx[1] = -2, two.wz[0] = 3;
  const GasTemperature t2 = gas_temperature(&two);
  assert_abs(t2.trans, 1.0, 1e-15);
  assert_abs(t2.rot, 1.2, 1e-15);
  particles_free(&two);
}

const struct CMUnitTest packing_tests[] = {
    cmocka_unit_test(test_gas_packing),
    cmocka_unit_test(test_packing_determinism),
    cmocka_unit_test(test_packing_replicate),
    cmocka_unit_test(test_energy_ledger),
};
const size_t packing_ntests = sizeof packing_tests / sizeof *packing_tests;
