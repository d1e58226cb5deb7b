/*
 * test_cli.c - the grandamp binary: output, exit codes and messages of `model` and `contact`.
 */
#include <stdlib.h>

#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})


static void test_model_command(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "model", "hertz/material 1.0e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping coeff_restitution");
  assert_int_equal(r.status, 0);
  assert_string_equal(r.err, "");
  const double l = log(0.3), PI = 3.14159265358979323846;
  assert_rel(json_value(r.out, "D"), -sqrt(5.0) * l / sqrt(PI * PI + l * l), 1e-15);
  assert_rel(json_value(r.out, "k_t"), 2e8 / (1.7 * 1.3), 1e-15);
  assert_rel(json_value(r.out, "Estar"), 1e8 / 1.82, 1e-15);
  assert_non_null(strstr(r.out, "\"branch\": \"hertz\""));

  RUN(&r, "model", "hertz/material 1e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsujj cutoff");
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_non_null(strstr(r.err, "grandamp: error: word 11 'tsujj': unknown damping model"));
  assert_non_null(strstr(r.err, "grandamp: error: cutoff: needs 1 number"));

  RUN(&r, "model", "mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr 1");
  assert_int_equal(r.status, 0); /* MDR runs (issue 7) */

  RUN(&r, "model");
  assert_int_equal(r.status, 2);
  RUN(&r, "model", "a", "b");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "exactly one argument"));
}

static void test_contact_scalar(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "contact", "--model", "hooke 1000 0.5 tangential linear_nohistory 0 0 damping tsuji", "--radius", "0.5",
      "0.5", "--mass", "1", "1", "--overlap", "0.01", "--vn", "-0.2");
  assert_int_equal(r.status, 0);
  assert_rel(json_value(r.out, "F_n"), 12.1550329326986, 1e-14);
  assert_rel(json_value(r.out, "k_nd"), 1000, 1e-15);
  assert_rel(json_value(r.out, "Fne"), 10, 1e-15);
  assert_rel(json_value(r.out, "meff"), 0.5, 0);

  /* A flat wall: Reff = Ri, meff = mi. */
  RUN(&r, "contact", "--model", "hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping velocity",
      "--radius", "0.25", "inf", "--mass", "0.5", "inf", "--overlap", "0.01", "--vn", "-0.2");
  assert_int_equal(r.status, 0);
  assert_rel(json_value(r.out, "F_n"), 366.300366300366 + 0.1, 1e-14);
  assert_non_null(strstr(r.out, "\"wall\": true"));

  /* JKR beyond contact only with --was-touching. */
  RUN(&r, "contact", "--model", "jkr 1e6 0 0.3 10 tangential linear_nohistory 0 0 damping velocity", "--radius",
      "0.5", "0.5", "--mass", "1", "1", "--overlap", "-5e-4", "--vn", "0", "--was-touching");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "\"touching\": true"));
  assert_true(json_value(r.out, "Fne") < -23.0);
}

static void test_contact_bad_input(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "contact", "--radius", "1", "--mass", "0", "x", "--vn", "--bogus", "1", "--model",
      "hooke 1 1 tangential linear_nohistory 1 -1");
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  const char *want[] = {"--radius: needs 2 numbers (Ri Rj), got 1", "--mass: 'x' is not a number",
                        "--vn: needs 1 number", "--bogus: unknown option", "--overlap delta is required",
                        "mu_t must be >= 0"};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    if (!strstr(r.err, want[i])) fail_msg("missing \"%s\" in:\n%s", want[i], r.err);

  RUN(&r, "contact", "--model", "hooke 1 1 tangential linear_nohistory 1 1", "--radius", "inf", "1", "--mass",
      "1", "-1", "--overlap", "0.1", "--vn", "nan");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--radius: the first value must be finite and > 0"));
  assert_non_null(strstr(r.err, "--mass: the second value must be > 0 (or inf)"));
  assert_non_null(strstr(r.err, "--vn: 'nan' is not a number"));
}

/* The vector form: the seed's examples evaluate a whole contact. */
static void test_contact_vector(void **state) {
  (void)state;
  static CmdResult r;
  const char *seeds[] = {
      "hooke 1000.0 50.0 tangential linear_nohistory 1.0 0.4 damping velocity",
      "hooke 1000.0 50.0 tangential linear_history 500.0 1.0 0.4 damping mass_velocity",
      "hertz 1000.0 50.0 tangential mindlin 1000.0 1.0 0.4 damping viscoelastic",
      "hertz/material 1.0e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji",
      "hertz/material 1.0e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping coeff_restitution",
  };
  for (int i = 0; i < 5; i++) {
    RUN(&r, "contact", "--model", seeds[i], "--x1", "0", "0", "0", "--x2", "0.999", "0", "0", "--v1", "0.1", "0.2",
        "0", "--v2", "-0.1", "0", "0", "--omega1", "0", "0", "1", "--radius", "0.5", "0.5", "--mass", "1", "1",
        "--dt", "1e-5");
    if (r.status != 0) fail_msg("%s:\n%s", seeds[i], r.err);
    assert_non_null(strstr(r.out, "\"force1\": ["));
    assert_non_null(strstr(r.out, "\"torque2\": ["));
    assert_non_null(strstr(r.out, "\"tangential_damping\": "));
    assert_true(json_value(r.out, "F_n") > 0);
    assert_true(json_value(r.out, "total") > 0);
  }
  /* Spec §9.8 through the binary (a setup evaluation: no --dt). */
  RUN(&r, "contact", "--model", "hooke 1000 0.5 tangential linear_history 1000 1 0.5 damping velocity", "--x1",
      "0", "0", "0", "--x2", "0.99", "0", "0", "--v1", "0.1", "0.1", "0", "--v2", "-0.1", "0", "0", "--radius",
      "0.5", "0.5", "--mass", "1", "1", "--history", "0", "0", "0");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "\"history_update\": false"));
  const char *f = strstr(r.out, "\"force1\": [");
  assert_non_null(f);
  double fx, fy, fz;
  assert_int_equal(sscanf(f, "\"force1\": [%lf, %lf, %lf]", &fx, &fy, &fz), 3);
  assert_rel(fx, -10.1, 1e-14);
  assert_rel(fy, -0.05, 1e-14);
  const char *t = strstr(r.out, "\"torque2\": [");
  double tx, ty, tz;
  assert_int_equal(sscanf(t, "\"torque2\": [%lf, %lf, %lf]", &tx, &ty, &tz), 3);
  assert_rel(tz, -0.02475, 1e-14);
}

static void test_contact_vector_bad_input(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "contact", "--model", "hooke 1 1 tangential linear_history 1 1 -0.5", "--x1", "0", "0", "--x2", "1",
      "0", "0", "--radius", "0.5", "inf", "--mass", "1", "1", "--omega2", "0", "1", "0", "--history", "1", "2",
      "--dt", "0");
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  const char *want[] = {"--x1: needs 3 numbers (x y z), got 2", "mu_t must be >= 0",
                        "--omega2: a flat wall (Rj = inf) does not rotate", "--dt: must be > 0"};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    if (!strstr(r.err, want[i])) fail_msg("missing \"%s\" in:\n%s", want[i], r.err);

  RUN(&r, "contact", "--model", "hooke 1 1 tangential linear_history 1 1 0.5", "--x1", "0", "0", "0", "--x2", "1",
      "0", "0", "--radius", "0.5", "0.5", "--mass", "1", "1", "--history", "1", "2");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--history: tangential linear_history keeps 3 values per contact, got 2"));

  RUN(&r, "contact", "--model", "hertz 1e3 1 tangential mindlin NULL 1 0.5", "--x1", "0", "0", "0", "--x2", "1",
      "0", "0", "--radius", "0.5", "0.5", "--mass", "1", "1", "--overlap", "0.1");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "cannot be combined"));
  assert_non_null(strstr(r.err, "k_t NULL needs a material normal model"));

  RUN(&r, "contact", "--model", "hooke 1 1 tangential linear_nohistory 1 0.5", "--radius", "0.5", "0.5", "--mass",
      "1", "1", "--overlap", "0.1", "--vn", "0", "--dt", "1e-4");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--dt belongs to the vector form"));
}

static void test_usage(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "frobnicate");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "unknown command"));
  RUN(&r, "help");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "exit codes"));
  RUN(&r, "version");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "flags:"));
}

const struct CMUnitTest cli_tests[] = {
    cmocka_unit_test(test_model_command),
    cmocka_unit_test(test_contact_scalar),
    cmocka_unit_test(test_contact_bad_input),
    cmocka_unit_test(test_contact_vector),
    cmocka_unit_test(test_contact_vector_bad_input),
    cmocka_unit_test(test_usage),
};
const size_t cli_ntests = sizeof cli_tests / sizeof *cli_tests;
