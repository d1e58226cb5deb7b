/*
 * test_cli.c - the grandamp binary: output, exit codes and messages of `model` and `contact`.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "tests.h"
#include "usertext.h"

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
                        "--vn: needs 1 number", "--bogus: unknown option; the options are --model", "--overlap delta is required",
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


/* ---- issue 26: messages say the real limit and bound what they echo -------------------- */

#define MODEL_OK "hooke 1000 50 tangential linear_nohistory 0 0 damping velocity"

static void expect_err(const CmdResult *r, const char *msg) {
  if (!strstr(r->err, msg)) fail_msg("no \"%s\" in stderr:\n%.2000s", msg, r->err);
}

static int count_lines(const char *s) {
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

static void test_whole_number_limits(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "run", "--packing", "fcc", "--n", "32", "--model", MODEL_OK, "--steps", "1e15", "--threads", "100000",
      "--seed", "1e30");
  assert_int_equal(r.status, 2);
  expect_err(&r, "grandamp: error: --steps: must be a whole number in 0..1e12, got 1e+15\n");
  expect_err(&r, "grandamp: error: --threads: must be a whole number in 1..4096, got 100000\n");
  expect_err(&r, "grandamp: error: --seed: must be a whole number in 0..2^53 (9007199254740992), got 1e+30\n");
  RUN(&r, "run", "--packing", "random", "--n", "2.5", "--model", MODEL_OK, "--steps", "-1", "--threads", "0");
  assert_int_equal(r.status, 2);
  expect_err(&r, "grandamp: error: --n: must be a whole number in 2..2^31 (2147483648), got 2.5\n");
  expect_err(&r, "grandamp: error: --steps: must be a whole number in 0..1e12, got -1\n");
  expect_err(&r, "grandamp: error: --threads: must be a whole number in 1..4096, got 0\n");
}

static void test_number_limits(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "model", "hooke 1e-310 50 tangential linear_nohistory 0 0");
  assert_int_equal(r.status, 2);
  expect_err(&r, "word 2 '1e-310': normal hooke k_n underflows: its magnitude is below 2.2e-308, the smallest "
                 "normal double (give 0, or a value >= 2.2e-308)\n");
  RUN(&r, "model", "hooke 1000 -1e310 tangential linear_nohistory 0 0");
  assert_int_equal(r.status, 2);
  expect_err(&r, "word 3 '-1e310': normal hooke damp overflows: its magnitude exceeds 1.8e308, the largest double\n");
  RUN(&r, "contact", "--model", MODEL_OK, "--radius", "1e-400", "1", "--mass", "1", "1", "--overlap", "0.1", "--vn", "0");
  assert_int_equal(r.status, 2);
  expect_err(&r, "--radius: '1e-400' underflows: its magnitude is below 2.2e-308");
}

/* --out must name a file in an existing directory: said up front, nothing written. */
static void test_out_path_checked(void **state) {
  (void)state;
  static CmdResult r;
  char dir[] = "/tmp/grandamp_cli_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char adir[64], file[64], want[512];
  snprintf(adir, sizeof adir, "%s/adir", dir);
  snprintf(file, sizeof file, "%s/f.data", dir);
  assert_int_equal(mkdir(adir, 0700), 0);
  FILE *f = fopen(file, "w");
  assert_non_null(f);
  fclose(f);
  char out[96];
  snprintf(out, sizeof out, "%s/", adir);
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", out);
  assert_int_equal(r.status, 2);
  snprintf(want, sizeof want, "grandamp: error: --out: cannot write %s/: it is a directory; give a file name\n", adir);
  expect_err(&r, want);
  RUN(&r, "forces", "--data", file, "--coeff", "* * " MODEL_OK, "--out", adir);
  assert_int_equal(r.status, 2);
  snprintf(want, sizeof want, "grandamp: error: --out: cannot write %s: it is a directory; give a file name\n", adir);
  expect_err(&r, want);
  snprintf(out, sizeof out, "%s/x.data", file);
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", out);
  assert_int_equal(r.status, 2);
  snprintf(want, sizeof want, "grandamp: error: --out: cannot write %s: Not a directory (a part of its path is a file, "
           "not a directory)\n", out);
  expect_err(&r, want);
  snprintf(out, sizeof out, "%s/nodir/x.data", dir);
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", out);
  assert_int_equal(r.status, 2);
  snprintf(want, sizeof want, "grandamp: error: --out: cannot write %s: cannot create a file in its directory "
           "%s/nodir: No such file or directory\n", out, dir);
  expect_err(&r, want);
  snprintf(out, sizeof out, "%s/nodir/", dir);
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", out);
  assert_int_equal(r.status, 2);
  snprintf(want, sizeof want, "grandamp: error: --out: cannot write %s: it ends with '/', so it names a directory; "
           "give a file name\n", out);
  expect_err(&r, want);
  struct stat st;
  assert_int_equal(stat(file, &st), 0);
  assert_int_equal(st.st_size, 0); /* untouched */
  assert_int_equal(rmdir(adir), 0);
  assert_int_equal(unlink(file), 0);
  assert_int_equal(rmdir(dir), 0);
}

/* A keyword repeated thousands of times warns once; a repeated mistake gives a screenful. */
static void test_repeats_bounded(void **state) {
  (void)state;
  static CmdResult r;
  static char text[131000];
  snprintf(text, sizeof text, "%s", MODEL_OK);
  for (int k = 0; k < 9000; k++) strcat(text, " limit_damping");
  RUN(&r, "model", text);
  assert_int_equal(r.status, 0);
  assert_string_equal(r.err, "grandamp: warning: model: 'limit_damping' given 9000 times (first at word 10, last "
                             "at word 9009); the last one wins, as in LAMMPS\n");
  snprintf(text, sizeof text, "%s", MODEL_OK);
  for (int k = 0; k < 10000; k++) strcat(text, " damping foo");
  RUN(&r, "model", text);
  assert_int_equal(r.status, 2);
  assert_int_equal(count_lines(r.err), 22); /* one warning, 20 errors, one count */
  expect_err(&r, "grandamp: warning: model: 'damping' given 10001 times (first at word 8, last at word 20008)");
  expect_err(&r, "grandamp: error: model text: 9980 more errors not shown (fix the ones above first)\n");
  /* One command line with 60 unknown options: the first 50 errors and a count. */
  const char *args[64] = {"run"};
  char names[60][24];
  for (int k = 0; k < 60; k++) {
    snprintf(names[k], sizeof names[k], "--bad%d", k);
    args[1 + k] = names[k];
  }
  run_grandamp(&r, args);
  assert_int_equal(r.status, 2);
  assert_int_equal(count_lines(r.err), 51);
  expect_err(&r, "grandamp: error: ... and 13 more errors (the first 50 are shown)\n");
}

/* A 130 kB word or binary bytes are echoed cut and escaped. */
static void test_echo_bounded(void **state) {
  (void)state;
  static CmdResult r;
  static char word[130001], text[130100], want[256];
  memset(word, 'x', 130000);
  snprintf(want, sizeof want, "'%.60s... (130000 bytes)'", word);
  snprintf(text, sizeof text, "hooke %s 1 tangential linear_nohistory 0 0", word);
  RUN(&r, "model", text);
  assert_int_equal(r.status, 2);
  expect_err(&r, want);
  assert_true(strlen(r.err) < 300);
  RUN(&r, "run", "--packing", "fcc", "--model", MODEL_OK, "--steps", word, word);
  assert_int_equal(r.status, 2);
  expect_err(&r, want);
  assert_true(strlen(r.err) < 400);
  RUN(&r, "model", "hooke \x01\xff\xfe\x1b[2J 1 tangential linear_nohistory 0 0 damping caf\xc3\xa9");
  assert_int_equal(r.status, 2);
  expect_err(&r, "word 2 '\\x01\\xFF\\xFE\\x1B[2J': normal hooke k_n is not a number");
  expect_err(&r, "word 9 'caf\xc3\xa9': unknown damping model");
}

static void test_user_text(void **state) {
  (void)state;
  assert_string_equal(user_text("plain words").s, "plain words");
  assert_string_equal(user_text(NULL).s, "(null)");
  assert_string_equal(user_text_n("a\0b\n", 4).s, "a\\x00b\\x0A");
  /* not UTF-8: an overlong '/', a surrogate, a lone continuation byte, a C1 control (CSI) */
  assert_string_equal(user_text("\xc0\xaf|\xed\xa0\x80|\x80|\xc2\x9b").s,
                      "\\xC0\\xAF|\\xED\\xA0\\x80|\\x80|\\xC2\\x9B");
  assert_string_equal(user_text("\xe2\x82\xac \xf0\x9f\x98\x80").s, "\xe2\x82\xac \xf0\x9f\x98\x80");
  char e40[81] = "", ae40[82] = "a", want[200];
  for (int k = 0; k < 40; k++) strcat(e40, "\xc3\xa9");
  strcat(ae40, e40);
  snprintf(want, sizeof want, "%.60s... (80 bytes)", e40); /* 30 whole characters */
  assert_string_equal(user_text(e40).s, want);
  snprintf(want, sizeof want, "%.59s... (81 bytes)", ae40); /* never half a character */
  assert_string_equal(user_text(ae40).s, want);
  static char bin[5000];
  memset(bin, 0x01, sizeof bin - 1);
  assert_true(strlen(user_text(bin).s) == 60 * 4 + strlen("... (4999 bytes)"));
}

/* The last guard: a message is cut to its head and tail, whatever a call site passes. */
static void test_message_cut(void **state) {
  (void)state;
  static char big[5001];
  memset(big, 'm', 5000);
  big[0] = 'H';
  big[4999] = 'T';
  ErrList err = {0};
  errlist_add(&err, "%s", big);
  assert_true(strlen(err.msg[0]) < 1100);
  assert_true(err.msg[0][0] == 'H' && err.msg[0][strlen(err.msg[0]) - 1] == 'T');
  assert_non_null(strstr(err.msg[0], " [... 4000 bytes cut ...] "));
  errlist_free(&err);
}

const struct CMUnitTest cli_tests[] = {
    cmocka_unit_test(test_model_command),
    cmocka_unit_test(test_contact_scalar),
    cmocka_unit_test(test_contact_bad_input),
    cmocka_unit_test(test_contact_vector),
    cmocka_unit_test(test_contact_vector_bad_input),
    cmocka_unit_test(test_usage),
    cmocka_unit_test(test_whole_number_limits),
    cmocka_unit_test(test_number_limits),
    cmocka_unit_test(test_out_path_checked),
    cmocka_unit_test(test_repeats_bounded),
    cmocka_unit_test(test_echo_bounded),
    cmocka_unit_test(test_user_text),
    cmocka_unit_test(test_message_cut),
};
const size_t cli_ntests = sizeof cli_tests / sizeof *cli_tests;
