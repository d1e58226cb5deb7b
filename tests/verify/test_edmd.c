/*
 * test_edmd.c - the oracle's event-driven hard spheres (verify/oracle/edmd.c) checked before they
 * judge anything: an elastic gas keeps its energy and momentum to round-off and never overlaps,
 * and its equilibrium collision frequency is Enskog's at three densities.
 */
#include <stdlib.h>

#include "edmd.h"
#include "gas_theory.h"
#include "tests.h"

/* n spheres of diameter 1 and mass 1 on a simple cubic lattice filling the box of volume fraction
 * phi, with velocities from a fixed linear congruential sequence (Box-Muller), zero momentum,
 * scaled to T = 1. */
static Edmd *lattice_gas(int side, double phi, double e) {
  const int n = side * side * side;
  const double L = cbrt(n * GD_PI / (6.0 * phi)), a = L / side;
  double *x = malloc(3 * (size_t)n * sizeof *x), *v = malloc(3 * (size_t)n * sizeof *v), *m = malloc((size_t)n * sizeof *m);
  uint64_t state = 12345;
  double p[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    const int ix = i % side, iy = (i / side) % side, iz = i / (side * side);
    x[3 * i] = (ix + 0.5) * a, x[3 * i + 1] = (iy + 0.5) * a, x[3 * i + 2] = (iz + 0.5) * a;
    m[i] = 1.0;
    for (int d = 0; d < 3; d++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const double u1 = ((state >> 11) + 0.5) / 9007199254740992.0;
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const double u2 = ((state >> 11) + 0.5) / 9007199254740992.0;
      v[3 * i + d] = sqrt(-2.0 * log(u1)) * cos(2.0 * GD_PI * u2);
      p[d] += v[3 * i + d];
    }
  }
  double sum = 0.0;
  for (int i = 0; i < n; i++)
    for (int d = 0; d < 3; d++) {
      v[3 * i + d] -= p[d] / n;
      sum += v[3 * i + d] * v[3 * i + d];
    }
  const double scale = sqrt(3.0 * n / sum);
  for (int k = 0; k < 3 * n; k++) v[k] *= scale;
  char why[256];
  Edmd *s = edmd_new(n, L, 1.0, m, x, v, e, why, sizeof why);
  if (!s) fail_msg("edmd_new: %s", why);
  free(x), free(v), free(m);
  return s;
}

/* e = 1: each collision keeps the kinetic energy and the momentum exactly but for round-off
 * (about 1e-16 of the pair's energy each, so some 1e-13 over 1e5 collisions: 1e-11 allowed), and
 * no two spheres ever overlap. */
static void edmd_elastic_gas_keeps_its_energy(void **state) {
  (void)state;
  Edmd *s = lattice_gas(10, 0.2, 1.0);
  const double E0 = edmd_kinetic_energy(s);
  char why[256];
  assert_true(edmd_run_to(s, 60.0, 1e3, why, sizeof why)); /* Enskog: 4.2 collisions per sphere per unit time */
  assert_true(edmd_collisions(s) > 100000);
  assert_rel(edmd_kinetic_energy(s), E0, 1e-11);
  double p[3];
  edmd_momentum(s, p);
  for (int d = 0; d < 3; d++) assert_true(fabs(p[d]) < 1e-10 * sqrt(2.0 * E0 * 1000));
  assert_false(edmd_overlap(s, 1e-9));
  edmd_free(s);
}

/* In equilibrium a hard-sphere gas collides at Enskog's frequency 4 sqrt(pi) n sigma^2 g(sigma)
 * sqrt(T/m) per sphere exactly, g(sigma) its contact value (Chapman & Cowling ch. 16; Brilliantov
 * & Poeschel 2004, eq. 6.19); Carnahan-Starling's chi gives g(sigma) to 0.3 % at phi <= 0.2 (its
 * pressure to 0.1 %). Counted over a window of about 10^5 collisions after 5 mean free times of
 * equilibration: tolerance 3/sqrt(N_c) (the count's statistics) + 0.005 (chi and the finite box). */
static void edmd_collision_frequency_is_enskogs(void **state) {
  (void)state;
  const double phis[3] = {0.05, 0.1, 0.2};
  for (int k = 0; k < 3; k++) {
    Edmd *s = lattice_gas(10, phis[k], 1.0);
    const double n = 6.0 * phis[k] / GD_PI, omega = gas_omega(n, 1.0, 1.0, edmd_temperature(s));
    char why[256];
    assert_true(edmd_run_to(s, 5.0 / omega, 1e3, why, sizeof why));
    const int64_t c0 = edmd_collisions(s);
    const double t0 = edmd_time(s), window = 2e5 / (1000 * omega);
    assert_true(edmd_run_to(s, t0 + window, 1e3, why, sizeof why));
    const double nc = (double)(edmd_collisions(s) - c0), rate = 2.0 * nc / (1000.0 * window);
    const double tol = 3.0 / sqrt(nc) + 0.005;
    if (!(fabs(rate / omega - 1.0) <= tol))
      fail_msg("phi %g: %g collisions per sphere per unit time, Enskog %g (ratio %.5f, tolerance %.4f)", phis[k], rate,
               omega, rate / omega, tol);
    edmd_free(s);
  }
}

/* Same input, same result; and what it refuses. */
static void edmd_repeats_and_refuses(void **state) {
  (void)state;
  Edmd *a = lattice_gas(6, 0.1, 0.9), *b = lattice_gas(6, 0.1, 0.9);
  char why[256];
  assert_true(edmd_run_to(a, 20.0, 1e3, why, sizeof why));
  assert_true(edmd_run_to(b, 20.0, 1e3, why, sizeof why));
  assert_int_equal(edmd_collisions(a), edmd_collisions(b));
  assert_true(edmd_temperature(a) == edmd_temperature(b));
  assert_true(edmd_temperature(a) < 1.0); /* it cooled */
  edmd_free(a), edmd_free(b);
  const double x[6] = {1.0, 1.0, 1.0, 1.5, 1.0, 1.0}, v[6] = {0}, m[2] = {1.0, 1.0};
  assert_null(edmd_new(2, 10.0, 1.0, m, x, v, 1.0, why, sizeof why));
  assert_non_null(strstr(why, "overlap"));
  assert_null(edmd_new(2, 2.5, 1.0, m, x, v, 1.0, why, sizeof why));
  assert_non_null(strstr(why, "narrower"));
  assert_null(edmd_new(2, 10.0, 1.0, m, x, v, 1.5, why, sizeof why));
}

const struct CMUnitTest edmd_tests[] = {
    cmocka_unit_test(edmd_elastic_gas_keeps_its_energy),
    cmocka_unit_test(edmd_collision_frequency_is_enskogs),
    cmocka_unit_test(edmd_repeats_and_refuses),
};
const size_t edmd_ntests = sizeof edmd_tests / sizeof *edmd_tests;
