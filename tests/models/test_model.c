/*
 * test_model.c - the pair_coeff grammar (spec §7): the seed's examples and their constants,
 * and every class of bad input with its message (word position included).
 */
#include <stdlib.h>

#include "model.h"
#include "tests.h"
#include "type_table.h"

static const double PI = 3.14159265358979323846;


/* Parses text expecting failure; every needle must occur in some message. Returns the count. */
static int parse_bad(const char *text, const char *const *needles) {
  ErrList err = {0};
  ContactModel m;
  int n = model_parse(text, &m, &err);
  if (n == 0) fail_msg("accepted: %s", text);
  for (; *needles; needles++) {
    bool found = false;
    for (int i = 0; i < err.n; i++) found = found || strstr(err.msg[i], *needles);
    if (!found) {
      errlist_print(&err, stderr);
      fail_msg("no message containing \"%s\" for: %s", *needles, text);
    }
  }
  errlist_free(&err);
  return n;
}
#define BAD(text, ...) parse_bad(text, (const char *const[]){__VA_ARGS__, NULL})

static void test_seed_examples(void **state) {
  (void)state;
  ContactModel m = parse_ok("hooke 1000.0 50.0 tangential linear_nohistory 1.0 0.4 damping velocity");
  assert_true(m.normal.model == NORMAL_HOOKE && m.damping.model == DAMPING_VELOCITY &&
              m.tangential.model == TANGENTIAL_LINEAR_NOHISTORY);
  assert_true(m.normal.k == 1000 && m.damping.D == 50 && m.tangential.xt == 1 && m.tangential.mu == 0.4);
  assert_int_equal(m.history_size, 0);

  m = parse_ok("hooke 1000.0 50.0 tangential linear_history 500.0 1.0 0.4 damping mass_velocity");
  assert_true(m.damping.model == DAMPING_MASS_VELOCITY && m.tangential.kt == 500 && m.history_size == 3);

  m = parse_ok("hertz 1000.0 50.0 tangential mindlin 1000.0 1.0 0.4 damping viscoelastic");
  assert_true(m.normal.k == 1000 && m.tangential.kt == 1000 && m.contact_radius);

  m = parse_ok("hertz/material 1.0e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji");
  const double Es = 1e8 / (2 * (1 - 0.09));
  assert_rel(m.normal.Estar, Es, 1e-15);
  assert_rel(m.normal.k, 4.0 / 3.0 * Es, 1e-15);
  const double e = 0.3, P = 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) -
                            18.022 * pow(e, 5) + 4.8218 * pow(e, 6);
  assert_rel(m.damping.alpha, P, 1e-14);
  assert_rel(m.damping.D, sqrt(2.0) * P, 1e-14);
  assert_true(m.tangential.kt_is_null);
  assert_rel(m.tangential.kt, 2 * 1e8 / ((2 - 0.3) * (1 + 0.3)), 1e-15); /* 8 G* of one material */

  m = parse_ok("hertz/material 1.0e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping coeff_restitution");
  assert_rel(m.damping.D, -sqrt(5.0) * log(0.3) / sqrt(PI * PI + log(0.3) * log(0.3)), 1e-14);

  m = parse_ok("mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr 1");
  assert_true(m.normal.model == NORMAL_MDR && m.damping.model == DAMPING_MDR && m.damping.d_type == 1);
  assert_int_equal(m.history_size, 27 + 3); /* MDR's 27 values, then the tangential 3 (§6.2) */
}

static void test_defaults_and_keywords(void **state) {
  (void)state;
  /* damping defaults to viscoelastic; rolling/twisting/heat none are no-ops; cutoff; repeats. */
  ContactModel m = parse_ok("hertz 1000 0.5 tangential linear_nohistory 0 0");
  assert_true(m.damping.model == DAMPING_VISCOELASTIC);
  m = parse_ok("hooke 1 0.5 rolling none tangential linear_nohistory 0 0 twisting none heat none cutoff 0.3 "
               "limit_damping");
  assert_true(m.limit_damping && m.has_cutoff && m.cutoff == 0.3);
  m = parse_ok("hooke 1 0.5 tangential linear_nohistory 0 0 damping velocity damping tsuji");
  assert_true(m.damping.model == DAMPING_TSUJI); /* the last occurrence wins, as in LAMMPS */
  m = parse_ok("hooke 1 0.5 tangential linear_nohistory 0 0 damping none");
  assert_true(m.damping.model == DAMPING_NONE && m.damping.D == 0);
  m = parse_ok("  hooke\t1 0.5\n tangential mindlin_rescale/force 3 1 0.2 ");
  assert_true(m.tangential.model == TANGENTIAL_MINDLIN_RESCALE_FORCE && m.history_size == 4);
  m = parse_ok("hooke 1 1 tangential linear_nohistory 0 0 damping coeff_restitution");
  assert_true(m.damping.D == 0.0);
}

static void test_unknown_names(void **state) {
  (void)state;
  BAD("hook 1000 50 tangential linear_nohistory 1 0.4", "word 1 'hook': unknown normal model", "hertz/material");
  BAD("hooke 1000 50 tangential linear_nohistory 1 0.4 damping tsujii", "word 9 'tsujii': unknown damping model",
      "coeff_restitution");
  BAD("hooke 1000 50 tangential mindlin_foo 1 0.4", "word 5 'mindlin_foo': unknown tangential model");
  BAD("hooke 1000 50 tangential linear_nohistory 1 0.4 bogus", "word 8 'bogus': unexpected word");
  BAD("", "empty model text");
}

static void test_wrong_counts(void **state) {
  (void)state;
  BAD("hooke 1000", "normal hooke: needs 2 numbers (k_n damp), got 1");
  BAD("hertz/material 1e8 0.3 tangential linear_nohistory 1 0.4", "got 2 before the next keyword");
  BAD("hooke 1000 50 tangential linear_history 1 0.4", "tangential linear_history: needs 3 numbers");
  BAD("hooke 1000 50 7 tangential linear_nohistory 1 0.4", "word 4 '7': unexpected word");
  BAD("hooke 1000 50 tangential linear_nohistory 1 0.4 cutoff", "cutoff: needs 1 number");
  BAD("hooke 1000 50 tangential", "word 4 'tangential': needs a model name");
  BAD("hooke 1000 50 tangential linear_nohistory 1 0.4 damping", "'damping': needs a model name");
  BAD("hooke 1000 50 tangential linear_nohistory 1 0.4 damping mdr", "damping mdr: needs 1 number");
}

static void test_bad_numbers(void **state) {
  (void)state;
  BAD("hooke 1e3x 50 tangential linear_nohistory 1 0.4", "word 2 '1e3x': normal hooke k_n is not a number");
  BAD("hooke nan 50 tangential linear_nohistory 1 0.4", "word 2 'nan'", "is not a number");
  BAD("hooke inf 50 tangential linear_nohistory 1 0.4", "word 2 'inf'", "must be finite");
  BAD("hooke 0x10 50 tangential linear_nohistory 1 0.4", "word 2 '0x10'");
  BAD("hooke 1e999 50 tangential linear_nohistory 1 0.4", "overflows: its magnitude exceeds 1.8e308");
  BAD("hooke -1 50 tangential linear_nohistory 1 0.4", "word 2 '-1': normal hooke k_n must be >= 0");
  BAD("hooke 1 -50 tangential linear_nohistory 1 0.4", "normal hooke damp must be >= 0");
  BAD("hooke NULL 50 tangential linear_nohistory 1 0.4", "word 2 'NULL'", "cannot be NULL");
  BAD("hertz/material 0 0.5 0.3 tangential linear_nohistory 1 0.4", "E must be > 0");
  BAD("hertz/material 1e6 0.5 0.6 tangential linear_nohistory 1 0.4", "nu must be in [0, 0.5]");
  BAD("hertz/material 1e6 0.5 NULL tangential linear_nohistory 1 0.4", "nu cannot be NULL");
  BAD("dmt 1e6 0.5 0.3 -1 tangential linear_nohistory 1 0.4", "gamma must be >= 0");
  BAD("jkr 1e6 0.5 0.3 0 tangential linear_nohistory 1 0.4", "gamma must be > 0");
  BAD("hooke 1 1 tangential linear_nohistory 1 -0.4", "word 7 '-0.4': tangential linear_nohistory mu_t must be >= 0");
  BAD("hooke 1 1 tangential linear_history -5 1 0.4", "k_t must be >= 0");
  BAD("hooke 1 1 tangential linear_history NULL 1 0.4", "k_t cannot be NULL");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 cutoff -1", "cutoff must be > 0");
  BAD("mdr 5e6 0.6 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping mdr 1", "nu must be in [0, 0.5]");
  BAD("mdr 5e6 0.4 1.9e5 2 1.5 0.5 tangential linear_history 940 1 0.7 damping mdr 1", "psi_b must be in [0, 1]");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping mdr 3", "d_type must be 1 or 2");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping mdr NULL", "d_type must be 1 or 2");
}

static void test_restitution_range(void **state) {
  (void)state;
  BAD("hooke 1000 0 tangential linear_nohistory 1 0.4 damping coeff_restitution", "word 3 '0'",
      "restitution coefficient e, which must be in (0, 1]");
  BAD("hooke 1000 1.5 tangential linear_nohistory 1 0.4 damping tsuji", "word 3 '1.5'", "(0, 1]");
  BAD("hertz/material 1e6 0 0.3 tangential linear_nohistory 1 0.4 damping tsuji/legacy", "(0, 1]");
  parse_ok("hooke 1000 1 tangential linear_nohistory 1 0.4 damping tsuji");
  parse_ok("hooke 1000 1e-9 tangential linear_nohistory 1 0.4 damping coeff_restitution");
}

static void test_incompatible(void **state) {
  (void)state;
  BAD("jkr 1e6 0.5 0.3 1 tangential linear_nohistory 1 0.4 damping tsuji",
      "damping tsuji: not allowed with cohesive normal model jkr");
  BAD("dmt 1e6 0.5 0.3 1 tangential linear_nohistory 1 0.4 damping coeff_restitution",
      "damping coeff_restitution: not allowed with cohesive normal model dmt");
  BAD("dmt 1e6 0.5 0.3 1 tangential linear_nohistory 1 0.4 damping tsuji/legacy", "cohesive normal model dmt");
  BAD("hooke 1e6 0.5 tangential linear_nohistory 1 0.4 damping mdr 1",
      "damping mdr: only allowed with normal model mdr, not hooke");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7",
      "normal mdr: only damping mdr may be used with it, not viscoelastic (the default)");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping tsuji", "not tsuji");
  BAD("dmt 1e6 0.5 0.3 1 tangential linear_nohistory 1 0.4 limit_damping",
      "limit_damping: not allowed with cohesive normal model dmt");
  BAD("hooke 1 1 damping velocity", "tangential: missing; LAMMPS requires a tangential model");
  BAD("hooke 1 1 tangential none", "tangential none is not allowed");
  BAD("hertz 1000 1 tangential mindlin NULL 1 0.4",
      "word 6 'NULL': tangential mindlin k_t NULL needs a material normal model", "not hertz");
}

static void test_unsupported(void **state) {
  (void)state;
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 rolling sds 1 1 1", "rolling sds is not supported");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 twisting marshall", "twisting marshall is not supported");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 twisting sds 1 1 1", "twisting sds is not supported");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 heat area 1", "heat area is not supported");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 rolling bogus", "unknown rolling model");
  BAD("hooke 1 1 tangential linear_nohistory 1 0.4 synchronized_verlet", "synchronized_verlet': not supported");
  BAD("hooke 1 1 tangential linear_history_classic 1 1 0.4", "classic wall styles) is not supported");
}

/* All problems of one input are reported in one run. */
static void test_all_errors_at_once(void **state) {
  (void)state;
  int n = BAD("dmt -1e6 x 0.9 1 tangential mindlin NULL -1 0.4 damping tsuji limit_damping bogus 3",
              "word 2 '-1e6'", "word 3 'x'", "word 4 '0.9'", "word 9 '-1'", "damping tsuji: not allowed",
              "limit_damping: not allowed", "word 14 'bogus'");
  assert_true(n >= 7);
}


/* ---- issue 26: bounded output and memory ------------------------------------------------ */

/* A text that repeats a mistake 5000 times gives 20 errors and a count. */
static void test_errors_capped(void **state) {
  (void)state;
  static char text[70000] = "hooke 1 1 tangential linear_nohistory 0 0";
  for (int k = 0; k < 5000; k++) strcat(text, " damping foo");
  ErrList err = {0};
  ContactModel m;
  assert_int_equal(model_parse(text, &m, &err), 21);
  assert_int_equal(err.n, 21);
  assert_non_null(strstr(err.msg[0], "word 9 'foo': unknown damping model"));
  assert_string_equal(err.msg[20], "model text: 4980 more errors not shown (fix the ones above first)");
  errlist_free(&err);
}

static double k_of(const TypeTable *t, int i, int j) { return type_table_get(t, i, j)->normal.k; }

/* 2e9 declared types cost what the pair_coeff lines need: a few classes, not 2e9^2 models. */
static void test_type_classes(void **state) {
  (void)state;
  const int N = 2000000000;
  TypeTable t;
  type_table_init(&t, N);
  ErrList err = {0};
  assert_int_equal(type_table_coeff(&t, "* * hooke 1000 1 tangential linear_nohistory 0 0", &err), 0);
  assert_int_equal(type_table_coeff(&t, "2 1999999999* hooke 2000 1 tangential linear_nohistory 0 0", &err), 0);
  assert_int_equal(type_table_resolve(&t, &err), 0);
  assert_int_equal(t.nclass, 4); /* {1}, {2}, {3..1999999998}, {1999999999..N} */
  assert_true(k_of(&t, 1, 1) == 1000 && k_of(&t, 1, N) == 1000 && k_of(&t, N, N) == 1000);
  assert_true(k_of(&t, 2, 1999999999) == 2000 && k_of(&t, N, 2) == 2000);
  assert_true(k_of(&t, 2, 2) == 1000 && k_of(&t, 3, N) == 1000); /* 2 is outside J; 3 outside I */
  /* The particles get dense types 1..nt of the classes they use, the table nt x nt models. */
  Particles p;
  particles_alloc(&p, 3, N);
  p.type[0] = N;
  p.type[1] = 2;
  p.type[2] = N - 1;
  type_table_bind(&t, &p);
  assert_int_equal(p.ntypes, 2);
  assert_int_equal(t.ntypes, 2);
  assert_true(p.type[0] == 2 && p.type[1] == 1 && p.type[2] == 2);
  assert_true(t.model[0].normal.k == 1000 && t.model[1].normal.k == 2000 && t.model[2].normal.k == 2000 &&
              t.model[3].normal.k == 1000);
  assert_true(k_of(&t, 1, 2) == 2000);
  particles_free(&p);
  type_table_free(&t);
}

/* Unset self pairs are listed per class: 3 lines for 2e9 types, not 2e9 lines. */
static void test_type_classes_unset(void **state) {
  (void)state;
  TypeTable t;
  type_table_init(&t, 2000000000);
  ErrList err = {0};
  assert_int_equal(type_table_coeff(&t, "1 1 hooke 1000 1 tangential linear_nohistory 0 0", &err), 0);
  assert_int_equal(type_table_coeff(&t, "3*5 4* hooke 1000 1 tangential linear_nohistory 0 0", &err), 0);
  assert_int_equal(type_table_resolve(&t, &err), 3);
  assert_string_equal(err.msg[0], "pair_coeff: type pair 2 2 is not set (every self pair must be given)");
  assert_string_equal(err.msg[1], "pair_coeff: type pair 3 3 is not set (every self pair must be given)");
  assert_string_equal(err.msg[2], "pair_coeff: type pairs 6 6 to 2000000000 2000000000 are not set (every self "
                                  "pair must be given)");
  errlist_free(&err);
  type_table_free(&t);
}

const struct CMUnitTest model_tests[] = {
    cmocka_unit_test(test_seed_examples),     cmocka_unit_test(test_defaults_and_keywords),
    cmocka_unit_test(test_unknown_names),     cmocka_unit_test(test_wrong_counts),
    cmocka_unit_test(test_bad_numbers),       cmocka_unit_test(test_restitution_range),
    cmocka_unit_test(test_incompatible),      cmocka_unit_test(test_unsupported),
    cmocka_unit_test(test_all_errors_at_once),
    cmocka_unit_test(test_errors_capped),
    cmocka_unit_test(test_type_classes),
    cmocka_unit_test(test_type_classes_unset),
};
const size_t model_ntests = sizeof model_tests / sizeof *model_tests;
