/*
 * test_kharaz_energy.c - the verifier's measured data and energy bound:
 *   - Kharaz, Gorham & Salman (2001)'s points (verify/oracle/kharaz.c): two digitisations that are
 *     not copies of each other (every angle and value differs) and agree within the
 *     disagreements docs/verification.md §8c states; the sliding angle atan(3.5 mu (1 + e)) by hand
 *     (32.52 degrees for mu 0.092, e 0.98); the points near Maw, Barber & Fawcett's theory, as
 *     Kharaz et al. report ("very close agreement"): an RMS under 0.02 in e_t, 5 % of the peak
 *     spin, 0.5 degrees;
 *   - the impact energy and its bound (verify/cases/oblique_tests.c) against hand values.
 */
#include "tests.h"

#include "kharaz.h"
#include "oblique_tests.h"

static void kharaz_digitisations_are_independent(void **state) {
  (void)state;
  static const int COUNT[N_KHARAZ] = {8, 7, 9};
  static const double MAX_VALUE_GAP[N_KHARAZ] = {0.0008, 1.2, 0.18}, MAX_ANGLE_GAP = 0.23;
  for (int q = 0; q < N_KHARAZ; q++) {
    int n;
    const KharazPoint *p = kharaz_points((KharazQuantity)q, &n);
    assert_int_equal(n, COUNT[q]);
    for (int k = 0; k < n; k++) {
      assert_true(p[k].angle_a != p[k].angle_b || p[k].value_a != p[k].value_b); /* not copied */
      assert_true(fabs(p[k].angle_a - p[k].angle_b) <= MAX_ANGLE_GAP);
      assert_true(fabs(p[k].value_a - p[k].value_b) <= MAX_VALUE_GAP[q]);
      if (k) assert_true(kharaz_angle(&p[k]) > kharaz_angle(&p[k - 1]));
    }
  }
  int n;
  const KharazPoint *p = kharaz_points(KHARAZ_ET, &n);
  assert_abs(kharaz_value(&p[3]), 0.5 * (0.5964 + 0.59691), 1e-15); /* the e_t minimum near 20 degrees */
  assert_abs(kharaz_tolerance(KHARAZ_ET, &p[3], 0.01), 0.03 + fabs(0.5964 - 0.59691), 1e-15);
  assert_abs(kharaz_sliding_angle(), 32.51995489689859, 1e-12);
  assert_string_equal(kharaz_name(KHARAZ_REBOUND), "rebound");
}

static void kharaz_points_follow_the_elastic_theory(void **state) {
  (void)state;
  assert_true(kharaz_scatter(KHARAZ_ET) < 0.02);
  assert_true(kharaz_scatter(KHARAZ_SPIN) < 0.05 * 612.9);
  assert_true(kharaz_scatter(KHARAZ_REBOUND) < 0.5);
}

/* m* |v|^2/2 + (2/5) m R^2 w^2/2 by hand: a plane with m = 2, R = 0.5 (I = 0.2); a pair of m 2 and 6
 * (m* 1.5), R 0.5 and 1 (I 0.2 and 2.4). */
static void impact_energy_by_hand(void **state) {
  (void)state;
  const Impact plane = {.vn = 3.0, .vt0 = 4.0, .wi0 = 1.0, .Ri = 0.5, .mi = 2.0, .Rj = INFINITY, .mj = INFINITY};
  assert_abs(impact_energy(&plane, true, 0.0, NULL), 0.5 * 2.0 * 25.0 + 0.5 * 0.2 * 1.0, 1e-14);
  const Outcome o = {.e = 0.5, .vt = 2.0, .wi = 4.0, .wj = 3.0};
  assert_abs(impact_energy(&plane, true, 1.0, &o), 0.5 * 2.0 * 5.0 + 0.5 * 0.2 * 16.0, 1e-14);
  const Impact pair = {.vn = 3.0, .vt0 = 4.0, .wi0 = 1.0, .wj0 = -1.0, .Ri = 0.5, .mi = 2.0, .Rj = 1.0, .mj = 6.0};
  assert_abs(impact_energy(&pair, false, 0.0, NULL), 0.5 * 1.5 * 25.0 + 0.5 * 0.2 + 0.5 * 2.4, 1e-14);
  assert_abs(impact_energy(&pair, false, 1.0, &o), 0.5 * 1.5 * 5.0 + 0.5 * 0.2 * 16.0 + 0.5 * 2.4 * 9.0, 1e-13);
  /* the bound: d_n = de V_n = 0.03, d_t = dv mu (1 + e) V_n = 0.01 * 0.5 * 1.5 * 3 = 0.0225 (e = 0.5),
   * q^2 within d (2|q| + d); on the plane x takes d_n, y d_t, the spin d_t/R */
  const double dn = 0.03, dt = 0.0225;
  const double plane_bound = 0.5 * 2.0 * (dn * (2.0 * 1.0 + dn) + dt * (2.0 * 2.0 + dt)) +
                             0.5 * 0.2 * (dt / 0.5) * (2.0 * 4.0 + dt / 0.5);
  assert_abs(energy_gain_bound(&plane, true, 1.0, &o, 0.5, 0.5, 0.01, 0.01), plane_bound, 1e-15);
  const double dxy = dn + dt; /* a pair's line of centres turns: x and y take both */
  const double pair_bound = 0.5 * 1.5 * (dxy * (2.0 * 1.0 + dxy) + dxy * (2.0 * 2.0 + dxy)) +
                            0.5 * 0.2 * (dt / 0.5) * (2.0 * 4.0 + dt / 0.5) + 0.5 * 2.4 * (dt / 1.0) * (2.0 * 3.0 + dt);
  assert_abs(energy_gain_bound(&pair, false, 1.0, &o, 0.5, 0.5, 0.01, 0.01), pair_bound, 1e-15);
}

const struct CMUnitTest kharaz_energy_tests[] = {
    cmocka_unit_test(kharaz_digitisations_are_independent),
    cmocka_unit_test(kharaz_points_follow_the_elastic_theory),
    cmocka_unit_test(impact_energy_by_hand),
};
const size_t kharaz_energy_ntests = sizeof kharaz_energy_tests / sizeof kharaz_energy_tests[0];
