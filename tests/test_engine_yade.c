/*
 * test_engine_yade.c - the Yade adapter (issue 22, item 6): its map of grandamp rows, the
 * script's command line, the log parser on stored Yade logs (tests/data/engines/yade-*.log) and
 * on broken ones, and, when `yade` is installed, two live collisions judged against the theory
 * of docs/verification.md for the law Yade runs (every Yade law here is force-end, §1.2).
 */
#include <stdlib.h>

#include "run.h"
#include "tests.h"
#include "yade.h"

#define DATA "tests/data/engines/"
#define PI 3.14159265358979323846

static int find_arg(const YadeArgs *a, const char *text) {
  for (int i = 0; i < a->argc; i++)
    if (strcmp(a->argv[i], text) == 0) return i;
  return -1;
}

static double arg_value(const YadeArgs *a, const char *key) {
  const size_t n = strlen(key);
  for (int i = 0; i < a->argc; i++)
    if (strncmp(a->argv[i], key, n) == 0 && a->argv[i][n] == '=') return strtod(a->argv[i] + n + 1, NULL);
  fail_msg("no %s= argument", key);
  return NAN;
}

#define assert_arg(a, text)                                                                    \
  do {                                                                                         \
    if (find_arg((a), (text)) < 0) fail_msg("argument %s missing", (text));                    \
  } while (0)

static EngineCase base_case(const char *normal, const char *damping) {
  return (EngineCase){.normal = normal, .damping = damping, .kn = 1e4, .E = 1e7, .nu = 0.3, .damp = 0.5,
                      .Ri = 1e-3, .Rj = 1e-3, .rho = 2500.0, .v0 = 1.0, .dt = 1e-6, .t_run = 1e-3};
}

static double sphere_mass(double R, double rho) { return 4.0 / 3.0 * PI * R * R * R * rho; }

/* Schwager & Pöschel's force-end restitution of the linear spring-dashpot (§1.2), any zeta;
 * *w0tc gets omega0 times the force-end duration. */
static double e_force_end(double zeta, double *w0tc) {
  double wt;
  if (zeta < 1.0) {
    const double s = sqrt(1.0 - zeta * zeta);
    wt = atan2(2.0 * zeta * s, 2.0 * zeta * zeta - 1.0) / s;
  } else if (zeta == 1.0) {
    wt = 2.0;
  } else {
    const double s = sqrt(zeta * zeta - 1.0);
    wt = log((zeta + s) / (zeta - s)) / s;
  }
  if (w0tc) *w0tc = wt;
  return exp(-zeta * wt);
}

static void test_yade_supports(void **state) {
  (void)state;
  const char *native = NULL;
  assert_true(ENGINE_YADE.supports("hooke", "velocity", &native));
  assert_non_null(strstr(native, "ViscElMat(kn=2k, cn=2*damp)"));
  assert_non_null(strstr(native, "force-end"));
  assert_true(ENGINE_YADE.supports("hooke", "coeff_restitution", &native));
  assert_non_null(strstr(native, "ViscElMat(tc, en=damp)"));
  assert_true(ENGINE_YADE.supports("hertz/material", "coeff_restitution", &native));
  assert_non_null(strstr(native, "Ip2_FrictMat_FrictMat_MindlinPhys(en=damp)"));
  assert_true(ENGINE_YADE.supports("hertz", "coeff_restitution", &native));
  assert_non_null(strstr(native, "young=3k/2"));
  assert_true(ENGINE_YADE.supports("hertz/material", "none", &native));
  assert_false(ENGINE_YADE.supports("hertz", "tsuji", &native));
  assert_non_null(strstr(native, "Tsuji"));
  assert_false(ENGINE_YADE.supports("hertz", "viscoelastic", &native));
  assert_non_null(strstr(native, "contact radius"));
  assert_false(ENGINE_YADE.supports("hertz", "velocity", &native));
  assert_false(ENGINE_YADE.supports("hooke", "mass_velocity", &native));
  assert_false(ENGINE_YADE.supports("jkr", "velocity", &native));
  assert_string_equal(ENGINE_YADE.name, "yade");
  assert_string_equal(ENGINE_YADE.command, "yade");
  assert_string_equal(ENGINE_YADE.package, "yade");
}

static void test_yade_args_mindlin(void **state) {
  (void)state;
  YadeArgs a;
  char why[256] = "";
  EngineCase c = base_case("hertz/material", "coeff_restitution");
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_string_equal(a.argv[0], "yade");
  assert_string_equal(a.argv[1], "-n");
  assert_string_equal(a.argv[2], "-x");
  assert_string_equal(a.argv[3], "deck.py");
  assert_null(a.argv[a.argc]);
  assert_arg(&a, "law=mindlin");
  assert_arg(&a, "R1=0.001");
  assert_arg(&a, "R2=0.001");
  assert_arg(&a, "rho=2500");
  assert_arg(&a, "v0=1");
  assert_arg(&a, "dt=9.9999999999999995e-07");
  assert_arg(&a, "young=10000000");
  assert_arg(&a, "poisson=0.29999999999999999");
  assert_arg(&a, "en=0.5");
  /* hertz: (4/3) E* = k with E* = young/2 at poisson 0 */
  c = base_case("hertz", "coeff_restitution");
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_abs(arg_value(&a, "young") * 0.5 * 4.0 / 3.0, c.kn, 1e-9);
  assert_arg(&a, "poisson=0");
  /* no damping: no en, so Yade's Mindlin has none */
  c = base_case("hertz/material", "none");
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  for (int i = 0; i < a.argc; i++) assert_true(strncmp(a.argv[i], "en=", 3) != 0);
}

static void test_yade_args_viscel(void **state) {
  (void)state;
  YadeArgs a;
  char why[256] = "";
  EngineCase c = base_case("hooke", "velocity");
  c.damp = 0.05;
  c.Rj = INFINITY;
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_arg(&a, "law=viscel_kc");
  assert_arg(&a, "R2=inf");
  assert_arg(&a, "kn=20000"); /* each body twice the contact value */
  assert_arg(&a, "cn=0.10000000000000001");
  c = base_case("hooke", "none");
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_arg(&a, "cn=0");
  /* coeff_restitution: tc of the spring-dashpot whose kn Yade rebuilds as k */
  c = base_case("hooke", "coeff_restitution");
  c.Rj = 2e-3;
  assert_true(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_arg(&a, "law=viscel_tc");
  assert_arg(&a, "en=0.5");
  const double m1 = sphere_mass(1e-3, 2500.0), m2 = sphere_mass(2e-3, 2500.0), meff = m1 * m2 / (m1 + m2);
  const double tc = arg_value(&a, "tc"), ln_e = log(0.5);
  assert_rel(meff * (PI * PI + ln_e * ln_e) / (tc * tc), c.kn, 1e-14);
}

static void test_yade_args_refused(void **state) {
  (void)state;
  YadeArgs a;
  char why[256] = "";
  EngineCase c = base_case("hertz", "tsuji");
  assert_false(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_non_null(strstr(why, "hertz + tsuji: no Yade law"));
  c = base_case("hooke", "coeff_restitution");
  c.damp = 1.0;
  assert_false(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_non_null(strstr(why, "en = 1 must lie in (0, 1)"));
  c = base_case("hooke", "velocity");
  c.dt = 0.0;
  assert_false(yade_args(&c, "deck.py", &a, why, sizeof why));
  assert_non_null(strstr(why, "must be positive"));
}

static void test_yade_parse_stored_log(void **state) {
  (void)state;
  EngineResult r;
  char why[512] = "";
  if (!yade_parse_log(DATA "yade-collide.log", &r, why, sizeof why)) fail_msg("%s", why);
  assert_true(r.e == 0.49969878691675801);
  assert_true(r.t_c == 0.00022499999999999999);
  assert_true(r.ke_in == 2.6179938779914943e-06);
  assert_true(r.ke_out == 6.5371013301878338e-07);
  assert_string_equal(r.version, "2023.02a");
  /* the script's own failure is passed on */
  assert_false(yade_parse_log(DATA "yade-error.log", &r, why, sizeof why));
  assert_non_null(strstr(why, "yade script: the bodies did not separate"));
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void test_yade_parse_broken_logs(void **state) {
  (void)state;
  EngineResult r;
  char why[512] = "";
  const char *p = test_path("yade.log");
  write_file(p, "Welcome to Yade 2023.02a\nTraceback (most recent call last):\nImportError: no module\n");
  assert_false(yade_parse_log(p, &r, why, sizeof why));
  assert_non_null(strstr(why, "no GRANDAMP_RESULT line"));
  assert_non_null(strstr(why, "ImportError: no module"));
  write_file(p, "GRANDAMP_RESULT e=0.5x t_c=1e-4 ke_in=1 ke_out=0.25 version=2023.02a\n");
  assert_false(yade_parse_log(p, &r, why, sizeof why));
  assert_non_null(strstr(why, "(field e)"));
  write_file(p, "GRANDAMP_RESULT e=0.5 t_c=1e-4 ke_out=0.25 version=2023.02a\n");
  assert_false(yade_parse_log(p, &r, why, sizeof why));
  assert_non_null(strstr(why, "(field ke_in)"));
  write_file(p, "GRANDAMP_RESULT e=nan t_c=1e-4 ke_in=1 ke_out=0.25 version=2023.02a\n");
  assert_false(yade_parse_log(p, &r, why, sizeof why));
  assert_non_null(strstr(why, "(field e)"));
  write_file(p, "GRANDAMP_RESULT e=0.5 t_c=1e-4 ke_in=1 ke_out=0.25\n");
  assert_false(yade_parse_log(p, &r, why, sizeof why));
  assert_non_null(strstr(why, "(field version)"));
  assert_false(yade_parse_log(test_path("absent.log"), &r, why, sizeof why));
  assert_non_null(strstr(why, "(empty log)"));
}

/* Live: hooke + velocity is ViscElMat(kn, cn), whose clamp F_n >= 0 makes it the force-end
 * spring-dashpot: e = §1.2's closed form within f dt/t_c, f = 1.2 (§7.2, hooke); the overlap
 * outlasts the force by delta_F/(e v0) = eta/k = 2 zeta/omega0 (the bodies part at constant
 * speed once the force is zero), counted in whole steps. */
static void test_yade_live_hooke(void **state) {
  (void)state;
  if (!engine_installed("yade")) {
    print_message("yade not installed: the live Yade collision is skipped\n");
    skip();
  }
  EngineCase c = base_case("hooke", "velocity");
  const double m = sphere_mass(c.Ri, c.rho), meff = m / 2.0, zeta = 0.3;
  c.damp = 2.0 * zeta * sqrt(meff * c.kn);
  const double w0 = sqrt(c.kn / meff), tc = PI / (w0 * sqrt(1.0 - zeta * zeta));
  c.dt = tc / 100.0;
  c.t_run = 5.0 * tc;
  EngineResult r;
  char why[512] = "";
  if (!ENGINE_YADE.collide(&c, test_path(""), &r, why, sizeof why)) fail_msg("%s", why);
  double w0tF;
  const double e_F = e_force_end(zeta, &w0tF);
  assert_abs(r.e, e_F, 1.2 * c.dt / tc + 1e-12);
  assert_abs(r.t_c, (w0tF + 2.0 * zeta) / w0, 2.0 * c.dt);
  assert_rel(r.ke_in, 0.5 * meff * c.v0 * c.v0, 1e-12);
  assert_rel(r.ke_out, r.e * r.e * r.ke_in, 1e-12);
  assert_string_equal(r.version, "2023.02a");
}

/* Live: hertz/material + coeff_restitution is Mindlin(en): eta = sqrt(6) beta_n sqrt(meff F/delta)
 * with Yade's beta_n (the log's betan), force-end; by the exact map of §2.1 (zeta = alpha/sqrt 5)
 * e is §1.2's e_F at zeta = sqrt(6/5) beta_n, within f dt/t_c, f = 0.6 (§7.2, Hertz +
 * coeff_restitution), t_c the elastic Hertz duration of §2.1. Thornton's beta_n aims e = en: held
 * to 1e-3 plus f dt/t_c (the fit's own error, e_F(beta_n) - en, is at most 2.5e-4 for en in
 * 0.1 ... 0.9, 1.1e-5 at 0.5; it grows to -1.9e-3 at 0.95 and -1.1e-2 at 0.99). */
static void test_yade_live_mindlin(void **state) {
  (void)state;
  if (!engine_installed("yade")) {
    print_message("yade not installed: the live Yade collision is skipped\n");
    skip();
  }
  EngineCase c = base_case("hertz/material", "coeff_restitution");
  const double m = sphere_mass(c.Ri, c.rho), meff = m / 2.0, Reff = c.Ri / 2.0;
  const double kH = 4.0 / 3.0 * c.E / (2.0 * (1.0 - c.nu * c.nu)) * sqrt(Reff);
  const double tc = 3.218065 * pow(meff / kH, 0.4) * pow(c.v0, -0.2);
  c.dt = tc / 100.0;
  c.t_run = 5.0 * tc;
  EngineResult r;
  char why[512] = "", line[1024];
  if (!ENGINE_YADE.collide(&c, test_path(""), &r, why, sizeof why)) fail_msg("%s", why);
  assert_true(engine_file_line(test_path("yade.log"), "GRANDAMP_RESULT ", line, sizeof line));
  const char *b = strstr(line, " betan=");
  assert_non_null(b);
  const double betan = strtod(b + 7, NULL);
  const double tol = 0.6 * c.dt / tc + 1e-12;
  assert_abs(r.e, e_force_end(sqrt(6.0 / 5.0) * betan, NULL), tol);
  assert_abs(r.e, c.damp, 1e-3 + tol);
}

const struct CMUnitTest engine_yade_tests[] = {
    cmocka_unit_test(test_yade_supports),
    cmocka_unit_test(test_yade_args_mindlin),
    cmocka_unit_test(test_yade_args_viscel),
    cmocka_unit_test(test_yade_args_refused),
    cmocka_unit_test(test_yade_parse_stored_log),
    cmocka_unit_test_setup_teardown(test_yade_parse_broken_logs, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_yade_live_hooke, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_yade_live_mindlin, test_dir_setup, test_dir_teardown),
};
const size_t engine_yade_ntests = sizeof engine_yade_tests / sizeof *engine_yade_tests;
