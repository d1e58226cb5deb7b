/*
 * test_mixing.c - per-type coefficients with LAMMPS type ranges and the mixing rules of
 * spec §2.7 for unset cross-type pairs.
 */
#include "type_table.h"
#include "tests.h"

static void set(TypeTable *t, const char *line) {
  ErrList err = {0};
  if (type_table_coeff(t, line, &err)) {
    errlist_print(&err, stderr);
    fail_msg("refused: %s", line);
  }
}

static void test_ranges(void **state) {
  (void)state;
  TypeTable t;
  type_table_init(&t, 4);
  set(&t, "* * hooke 1000 1 tangential linear_nohistory 0 0 damping velocity");
  set(&t, "2* 3 hooke 2000 1 tangential linear_nohistory 0 0 damping velocity");
  ErrList err = {0};
  assert_int_equal(type_table_resolve(&t, &err), 0);
  assert_true(type_table_get(&t, 1, 4)->normal.k == 1000);
  assert_true(type_table_get(&t, 2, 3)->normal.k == 2000 && type_table_get(&t, 3, 2)->normal.k == 2000);
  assert_true(type_table_get(&t, 3, 3)->normal.k == 2000 && type_table_get(&t, 4, 4)->normal.k == 1000);
  assert_true(type_table_get(&t, 2, 4)->normal.k == 1000); /* 4 is outside J = 3 */
  assert_true(type_table_coeff(&t, "0 1 hooke 1 1 tangential linear_nohistory 0 0", &err) > 0);
  assert_true(type_table_coeff(&t, "1 5 hooke 1 1 tangential linear_nohistory 0 0", &err) > 0);
  assert_true(type_table_coeff(&t, "3 1 hooke 1 1 tangential linear_nohistory 0 0", &err) > 0);
  assert_true(type_table_coeff(&t, "x* 1 hooke 1 1 tangential linear_nohistory 0 0", &err) > 0);
  assert_true(strstr(err.msg[2], "sets no type pair") != NULL);
  errlist_free(&err);
  type_table_free(&t);
}

static void test_geometric_and_stiffness_mixing(void **state) {
  (void)state;
  TypeTable t;
  type_table_init(&t, 2);
  set(&t, "1 1 hertz/material 1e6 0.81 0.2 tangential mindlin 4e5 0.5 0.4 damping tsuji");
  set(&t, "2 2 hertz/material 3e6 0.49 0.3 tangential mindlin 9e5 0.2 0.9 damping tsuji limit_damping");
  ErrList err = {0};
  assert_int_equal(type_table_resolve(&t, &err), 0);
  const ContactModel *m = type_table_get(&t, 1, 2);
  const double Es = 1.0 / ((1 - 0.04) / 1e6 + (1 - 0.09) / 3e6); /* mix_stiffnessE is E* */
  assert_rel(m->normal.Estar, Es, 1e-15);
  assert_rel(m->normal.k, 4.0 / 3.0 * Es, 1e-15);
  assert_rel(m->normal.nu, sqrt(0.2 * 0.3), 1e-15);
  /* e is mixed geometrically, then converted (§2.6, §9.6): sqrt(0.81 * 0.49) = 0.63 */
  assert_rel(m->damping.d, 0.63, 1e-15);
  const double e = 0.63, P = 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) -
                             18.022 * pow(e, 5) + 4.8218 * pow(e, 6);
  assert_rel(m->damping.D, sqrt(2.0) * P, 1e-14);
  assert_rel(m->tangential.kt, 6e5, 1e-15);
  assert_rel(m->tangential.xt, sqrt(0.1), 1e-15);
  assert_rel(m->tangential.mu, 0.6, 1e-15);
  assert_true(m->limit_damping); /* max of the flags */
  /* A self pair keeps its own self-mixed E*. */
  assert_rel(type_table_get(&t, 2, 2)->normal.Estar, 3e6 / (2 * 0.91), 1e-15);
  type_table_free(&t);
}

/* Unverified rule of §2.7: NULL k_t on a mixed pair is derived from the mixed E*. */
static void test_null_kt_on_mixed_pair(void **state) {
  (void)state;
  TypeTable t;
  type_table_init(&t, 2);
  set(&t, "1 1 hertz/material 1e6 0.5 0.3 tangential mindlin NULL 1 0.4");
  set(&t, "2 2 hertz/material 1e6 0.5 0.3 tangential mindlin 5e5 1 0.4");
  ErrList err = {0};
  assert_int_equal(type_table_resolve(&t, &err), 0);
  const ContactModel *self = type_table_get(&t, 1, 1), *mixed = type_table_get(&t, 1, 2);
  assert_true(mixed->tangential.kt_is_null);
  assert_rel(mixed->tangential.kt / self->tangential.kt, 1.0 / (2 * (1 - 0.09)), 1e-14);
  type_table_free(&t);
}

static void test_forms_must_match(void **state) {
  (void)state;
  TypeTable t;
  type_table_init(&t, 3);
  set(&t, "1 1 hooke 1000 1 tangential linear_nohistory 0 0 damping velocity");
  set(&t, "2 2 hooke 1000 1 tangential linear_nohistory 0 0 damping mass_velocity");
  ErrList err = {0};
  assert_true(type_table_resolve(&t, &err) > 0);
  assert_true(strstr(err.msg[0], "type pair 3 3 is not set") != NULL);
  errlist_free(&err);
  set(&t, "3 3 hooke 1000 1 tangential linear_nohistory 0 0 damping velocity");
  assert_int_equal(type_table_resolve(&t, &err), 2); /* 1-2 and 2-3 differ; 1-3 mixes */
  assert_true(strstr(err.msg[0], "types 1 and 2: the sub-models differ") != NULL);
  assert_true(strstr(err.msg[1], "types 2 and 3") != NULL);
  errlist_free(&err);
  set(&t, "1 2 hooke 1000 1 tangential linear_nohistory 0 0 damping velocity");
  set(&t, "2 3 hooke 1000 1 tangential linear_nohistory 0 0 damping velocity");
  assert_int_equal(type_table_resolve(&t, &err), 0);
  type_table_free(&t);
}

const struct CMUnitTest mixing_tests[] = {
    cmocka_unit_test(test_ranges),
    cmocka_unit_test(test_geometric_and_stiffness_mixing),
    cmocka_unit_test(test_null_kt_on_mixed_pair),
    cmocka_unit_test(test_forms_must_match),
};
const size_t mixing_ntests = sizeof mixing_tests / sizeof *mixing_tests;
