/*
 * test_cli.c - the grandamp binary: output, exit codes and messages of `model` and `contact`.
 */
#include <stdlib.h>

#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

/* The number after "key": in a JSON text. */
static double json_value(const char *json, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  const char *p = strstr(json, pat);
  if (!p) fail_msg("no \"%s\" in output:\n%s", key, json);
  return strtod(p + strlen(pat), NULL);
}

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
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mdr is not available yet"));

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
    cmocka_unit_test(test_usage),
};
const size_t cli_ntests = sizeof cli_tests / sizeof *cli_tests;
