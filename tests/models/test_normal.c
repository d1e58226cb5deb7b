/*
 * test_normal.c - normal models against closed forms written out here (spec §2),
 * and the JKR check values of spec §2.5.
 */
#include "contact.h"
#include "model.h"
#include "tests.h"


static NormalContact eval(const ContactModel *m, double delta, double Reff, double meff, double vn,
                          bool before) {
  NormalContact c = {.delta = delta, .Reff = Reff, .meff = meff, .vnnr = vn, .touching_before = before};
  contact_normal_compute(m, &c);
  return c;
}

static void test_hooke_and_hertz(void **state) {
  (void)state;
  ContactModel hk = parse_ok("hooke 1000 0 tangential linear_nohistory 0 0");
  ContactModel hz = parse_ok("hertz 1000 0 tangential linear_nohistory 0 0");
  const double R = 0.25;
  const double deltas[] = {1e-9, 1e-4, 0.01, 0.1};
  for (int i = 0; i < 4; i++) {
    const double d = deltas[i];
    NormalContact c = eval(&hk, d, R, 1, 0, false);
    assert_rel(c.Fne, 1000 * d, 1e-15);
    assert_rel(c.knd, 1000, 1e-15);
    c = eval(&hz, d, R, 1, 0, false);
    assert_rel(c.Fne, 1000 * sqrt(R) * pow(d, 1.5), 1e-13);
    assert_rel(c.a, sqrt(d * R), 1e-15);
    assert_rel(c.knd, 1000 * sqrt(R * d), 1e-13);
  }
}

static void test_hertz_material_and_dmt(void **state) {
  (void)state;
  ContactModel hm = parse_ok("hertz/material 1e6 0 0.3 tangential linear_nohistory 0 0");
  ContactModel dmt = parse_ok("dmt 1e6 0 0.3 10 tangential linear_nohistory 0 0");
  const double Estar = 1e6 / (2 * (1 - 0.09)); /* self-mix E/(2(1-nu^2)), §2.3 */
  assert_rel(hm.normal.Estar, 549450.5494505494, 1e-15);
  assert_rel(hm.normal.k, 4.0 / 3.0 * Estar, 1e-15);
  const double R = 0.25, d = 0.01;
  NormalContact c = eval(&hm, d, R, 0.5, 0, false);
  assert_rel(c.Fne, 366.300366300366, 1e-14); /* spec §9.16 */
  assert_rel(c.Fne, 4.0 / 3.0 * Estar * sqrt(R) * pow(d, 1.5), 1e-13);
  c = eval(&dmt, d, R, 0.5, 0, false);
  const double Fpo = 4 * 3.14159265358979323846 * 10 * R;
  assert_rel(c.Fne, 4.0 / 3.0 * Estar * sqrt(R) * pow(d, 1.5) - Fpo, 1e-13);
  assert_rel(c.F_po, Fpo, 1e-15);
  /* Fncrit = |Fne + 2 F_po| = |Hertz part + 4 pi gamma R| (§2.4) */
  assert_rel(c.Fncrit, 4.0 / 3.0 * Estar * sqrt(R) * pow(d, 1.5) + Fpo, 1e-13);
  /* DMT jumps to -F_po at vanishing overlap (§9.12) */
  c = eval(&dmt, 1e-300, R, 0.5, 0, false);
  assert_rel(c.Fne, -Fpo, 1e-15);
}

/* JKR: spec §2.5 check values (E = 1e6, nu = 0.3, gamma = 10, R = 0.25). */
static void test_jkr_check_values(void **state) {
  (void)state;
  ContactModel m = parse_ok("jkr 1e6 0 0.3 10 tangential linear_nohistory 0 0");
  const double PI = 3.14159265358979323846, R = 0.25, g = 10, Es = m.normal.Estar;
  const double dpo = normal_pulloff_distance(NORMAL_JKR, &m.normal, R);
  assert_rel(dpo, 5.351324257566943e-4, 1e-14);
  /* d_po = a_po^2/(3R) with a_po = (9 pi gamma R^2/(4E*))^(1/3) (§1.5) */
  const double apo = cbrt(9 * PI * g * R * R / (4 * Es));
  assert_rel(dpo, apo * apo / (3 * R), 1e-14);

  NormalContact c = eval(&m, 0.01, R, 1, 0, false);
  assert_true(fabs(c.a - 0.058428485763) <= 5e-13); /* the spec gives 12 digits */
  assert_rel(c.Fne, 349.81002172151761, 1e-15); /* LAMMPS 29Sep2021 */
  assert_rel(c.F_po, 3 * PI * g * R, 1e-15);
  c = eval(&m, 0.0, R, 1, 0, true);
  assert_true(fabs(c.a - 0.024269104766) <= 5e-13);
  assert_rel(c.Fne, -(8.0 / 9.0) * 3 * PI * g * R, 1e-13);
  c = eval(&m, -0.99 * dpo, R, 1, 0, true);
  assert_true(c.touching);
  assert_rel(c.Fne, -23.561615, 1e-7);
  /* The detachment point is the most tensile point of the curve, -3 pi gamma R. */
  const double a_at = normal_jkr_contact_radius(-dpo, R, Es, g);
  const double F_at = normal_force(NORMAL_JKR, &m.normal, -dpo, R, a_at, &(double){0});
  assert_rel(F_at, -3 * PI * g * R, 1e-9);

  /* a solves delta = a^2/R - 2 sqrt(pi gamma a/E*) for delta > 0, = 0 and in [-d_po, 0). */
  const double deltas[] = {0.05, 0.01, 1e-4, 0.0, -0.5 * dpo, -0.999 * dpo};
  for (int i = 0; i < 6; i++) {
    const double a = normal_jkr_contact_radius(deltas[i], R, Es, g);
    const double back = a * a / R - 2 * sqrt(PI * g * a / Es);
    assert_true(fabs(back - deltas[i]) <= 1e-13 * (a * a / R));
    /* Independent rewrite: 2 pi a^2 sqrt(4 gamma Es / (pi a)) = sqrt(16 pi gamma Es a^3) */
    const double F = normal_force(NORMAL_JKR, &m.normal, deltas[i], R, a, &(double){0});
    assert_rel(F, 4.0 / 3.0 * Es * a * a * a / R - sqrt(16 * PI * g * Es * a * a * a), 1e-12);
  }
}

/* JKR hysteresis (§1.5, §9.11): beyond contact only if touching before; strict at d_po. */
static void test_jkr_touch_hysteresis(void **state) {
  (void)state;
  ContactModel m = parse_ok("jkr 1e6 0 0.3 10 tangential linear_nohistory 0 0");
  const double R = 0.25, dpo = normal_pulloff_distance(NORMAL_JKR, &m.normal, R);
  assert_false(eval(&m, -0.5 * dpo, R, 1, 0, false).touching);
  assert_true(eval(&m, -0.5 * dpo, R, 1, 0, true).touching);
  assert_false(eval(&m, -dpo, R, 1, 0, true).touching);
  assert_false(eval(&m, 0.0, R, 1, 0, false).touching); /* r = radsum does not re-attach */
  assert_true(eval(&m, 1e-12, R, 1, 0, false).touching);
  /* Other models: no beyond-contact range. */
  ContactModel hm = parse_ok("hertz/material 1e6 0 0.3 tangential linear_nohistory 0 0");
  assert_false(eval(&hm, -1e-9, R, 1, 0, true).touching);
  NormalContact c = eval(&hm, -1e-3, R, 1, -1, true);
  assert_true(c.Fne == 0 && c.Fntot == 0 && c.eta == 0);
}

/* delta = 0 on a touching contact (§9.1): hertz gives a = 0 and Fne = 0, no NaN. */
static void test_zero_overlap(void **state) {
  (void)state;
  ContactModel hm = parse_ok("hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji");
  NormalContact c = {.delta = 0.0, .Reff = 0.25, .meff = 1, .vnnr = -1};
  contact_normal_force(NORMAL_HERTZ_MATERIAL, DAMPING_TSUJI, &hm, true, 0.0, &c);
  assert_true(c.a == 0.0 && c.Fne == 0.0 && c.eta == 0.0 && c.Fntot == 0.0);
  assert_false(isnan(c.knd));
}

const struct CMUnitTest normal_tests[] = {
    cmocka_unit_test(test_hooke_and_hertz),
    cmocka_unit_test(test_hertz_material_and_dmt),
    cmocka_unit_test(test_jkr_check_values),
    cmocka_unit_test(test_jkr_touch_hysteresis),
    cmocka_unit_test(test_zero_overlap),
};
const size_t normal_ntests = sizeof normal_tests / sizeof *normal_tests;
