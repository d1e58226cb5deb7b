/*
 * test_engine_yade.c - the Yade adapter (issue 22, item 6): its map of grandamp rows, the
 * script's command line, the log parser on stored Yade logs (tests/data/engines/yade-*.log) and
 * on broken ones, and, when `yade` is installed, two live collisions judged against the theory
 * of docs/verification.md for the law Yade runs (every Yade law here is force-end, §1.2).
 * Timing runs (item 4): the map of benchmark rows, the script's command line, the timing parser
 * on stored logs (tests/data/engines/yade-bench*.log) and, with `yade`, one live FCC run.
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
  if (!proc_installed("yade")) {
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
  if (!proc_installed("yade")) {
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

/* ---- timing runs ---- */

static EngineBench bench_row(const char *normal, const char *damping, const char *tangential) {
  EngineBench b = {.data_file = "/tmp/fcc.data", .atoms = 4000, .contacts = 24000, .normal = normal,
                   .damping = damping, .tangential = tangential, .kn = 2000.0, .E = 1e6, .nu = 0.3,
                   .damp = 0.5, .kt = NAN, .mu = 0.0, .dt = 1e-4, .skin = 0.1, .steps = 50, .ranks = 2,
                   .timeout_s = 60.0};
  if (!strcmp(normal, "hooke")) {
    b.pair_coeff = strcmp(tangential, "mindlin") ? "hooke 2000 0.5 tangential linear_nohistory 0 0 damping velocity"
                                                 : "hooke 2000 0.5 tangential mindlin 904977.375565611 1.0 0.4 "
                                                   "damping velocity";
    if (!strcmp(tangential, "mindlin")) b.kt = 904977.375565611, b.mu = 0.4;
  } else {
    b.pair_coeff = strcmp(tangential, "mindlin")
                       ? "hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping coeff_restitution"
                       : "hertz/material 1e6 0.5 0.3 tangential mindlin NULL 1.0 0.4 damping coeff_restitution";
    if (!strcmp(tangential, "mindlin")) b.mu = 0.4;
  }
  return b;
}

static int bench_find(const YadeBenchArgs *a, const char *text) {
  for (int i = 0; i < a->argc; i++)
    if (strcmp(a->argv[i], text) == 0) return i;
  return -1;
}

#define assert_bench_arg(a, text)                                                              \
  do {                                                                                         \
    if (bench_find((a), (text)) < 0) fail_msg("argument %s missing", (text));                  \
  } while (0)

static double bench_value(const YadeBenchArgs *a, const char *key) {
  const size_t n = strlen(key);
  for (int i = 0; i < a->argc; i++)
    if (strncmp(a->argv[i], key, n) == 0 && a->argv[i][n] == '=') return strtod(a->argv[i] + n + 1, NULL);
  fail_msg("no %s= argument", key);
  return NAN;
}

static void test_yade_bench_supports(void **state) {
  (void)state;
  const char *native = NULL;
  assert_non_null(ENGINE_YADE.bench_supports);
  assert_non_null(ENGINE_YADE.bench);
  assert_true(ENGINE_YADE.bench_supports("hooke", "velocity", "nohistory", &native));
  assert_non_null(strstr(native, "ks=0, cs=0"));
  assert_true(ENGINE_YADE.bench_supports("hooke", "velocity", "mindlin", &native));
  assert_non_null(strstr(native, "a linear tangential spring, not Mindlin"));
  assert_true(ENGINE_YADE.bench_supports("hertz/material", "coeff_restitution", "nohistory", &native));
  assert_non_null(strstr(native, "Ip2_FrictMat_FrictMat_MindlinPhys(en=damp)"));
  assert_non_null(strstr(native, "frictionAngle 0"));
  assert_true(ENGINE_YADE.bench_supports("hertz/material", "coeff_restitution", "mindlin", &native));
  assert_non_null(strstr(native, "frictionAngle atan mu"));
  /* the rows Yade has no law for, and one it has but the benchmark lacks */
  assert_false(ENGINE_YADE.bench_supports("hertz/material", "tsuji", "nohistory", &native));
  assert_non_null(strstr(native, "Tsuji"));
  assert_false(ENGINE_YADE.bench_supports("hertz", "velocity", "mindlin", &native));
  assert_non_null(strstr(native, "betan"));
  assert_false(ENGINE_YADE.bench_supports("hooke", "mass_velocity", "nohistory", &native));
  assert_false(ENGINE_YADE.bench_supports("hertz/material", "viscoelastic", "mindlin", &native));
  assert_false(ENGINE_YADE.bench_supports("hertz/material", "tsuji/legacy", "mindlin", &native));
  assert_false(ENGINE_YADE.bench_supports("hooke", "coeff_restitution", "nohistory", &native));
  assert_non_null(strstr(native, "not a benchmark row"));
  assert_false(ENGINE_YADE.bench_supports("hooke", "velocity", "linear_history", &native));
  assert_non_null(strstr(native, "nohistory, mindlin"));
}

static void test_yade_bench_args(void **state) {
  (void)state;
  YadeBenchArgs a;
  char native[200] = "", why[256] = "";
  /* hooke + velocity, mindlin: each body twice the contact's kn, cn, ks, cs (harmonic mean) */
  EngineBench b = bench_row("hooke", "velocity", "mindlin");
  assert_true(yade_bench_args(&b, "deck.py", &a, native, sizeof native, why, sizeof why));
  assert_string_equal(a.argv[0], "yade");
  assert_string_equal(a.argv[1], "-j");
  assert_string_equal(a.argv[2], "2");
  assert_string_equal(a.argv[3], "-n");
  assert_string_equal(a.argv[4], "-x");
  assert_string_equal(a.argv[5], "deck.py");
  assert_string_equal(a.argv[6], "data=/tmp/fcc.data");
  assert_null(a.argv[a.argc]);
  assert_bench_arg(&a, "law=viscel");
  assert_bench_arg(&a, "steps=50");
  assert_bench_arg(&a, "dt=0.0001");
  assert_bench_arg(&a, "skin=0.10000000000000001");
  assert_bench_arg(&a, "kn=4000");
  assert_bench_arg(&a, "cn=1");
  assert_rel(bench_value(&a, "ks"), 2.0 * 904977.375565611, 1e-15);
  assert_bench_arg(&a, "cs=1"); /* 2 xt damp, xt = 1.0 from the pair_coeff text */
  assert_bench_arg(&a, "friction=0.40000000000000002");
  assert_bench_arg(&a, "threads=2"); /* the pair loop's threads: all of -j in a run of its own */
  assert_non_null(strstr(native, "not Mindlin"));
  /* nohistory: no tangential spring, no friction */
  b = bench_row("hooke", "velocity", "nohistory");
  b.ranks = 1;
  assert_true(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_string_equal(a.argv[2], "1");
  assert_bench_arg(&a, "ks=0");
  assert_bench_arg(&a, "cs=0");
  assert_bench_arg(&a, "friction=0");
  /* hertz/material + coeff_restitution: the material and en, friction by tangential */
  b = bench_row("hertz/material", "coeff_restitution", "nohistory");
  assert_true(yade_bench_args(&b, "deck.py", &a, native, sizeof native, why, sizeof why));
  assert_bench_arg(&a, "law=mindlin");
  assert_bench_arg(&a, "young=1000000");
  assert_bench_arg(&a, "poisson=0.29999999999999999");
  assert_bench_arg(&a, "en=0.5");
  assert_bench_arg(&a, "friction=0");
  b = bench_row("hertz/material", "coeff_restitution", "mindlin");
  assert_true(yade_bench_args(&b, "deck.py", &a, native, sizeof native, why, sizeof why));
  assert_bench_arg(&a, "friction=0.40000000000000002");
  for (int i = 0; i < a.argc; i++) assert_true(strncmp(a.argv[i], "ks=", 3) != 0);
}

static void test_yade_bench_args_refused(void **state) {
  (void)state;
  YadeBenchArgs a;
  char why[256] = "";
  EngineBench b = bench_row("hertz/material", "tsuji", "nohistory");
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "hertz/material + tsuji, tangential nohistory: no Yade law"));
  /* Yade's Mindlin derives kt from the material: a given kt is refused, not dropped */
  b = bench_row("hertz/material", "coeff_restitution", "mindlin");
  b.kt = 1e5;
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "kt NULL"));
  b = bench_row("hertz/material", "coeff_restitution", "nohistory");
  b.damp = 1.0;
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "en in (0, 1)"));
  /* ViscElMat's ks needs kt and the xt of the text */
  b = bench_row("hooke", "velocity", "mindlin");
  b.pair_coeff = "hooke 2000 0.5 damping velocity";
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "xt"));
  b = bench_row("hooke", "velocity", "nohistory");
  b.steps = 0;
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "steps >= 1"));
  b = bench_row("hooke", "velocity", "nohistory");
  b.skin = -0.1; /* Yade reads a negative verletDist as a fraction of the smallest radius */
  assert_false(yade_bench_args(&b, "deck.py", &a, NULL, 0, why, sizeof why));
  assert_non_null(strstr(why, "skin >= 0"));
}

static void test_yade_read_timing_stored(void **state) {
  (void)state;
  EngineTiming t;
  char why[512] = "";
  memset(&t, 0, sizeof t);
  if (!yade_read_timing(DATA "yade-bench.log", &t, why, sizeof why)) fail_msg("%s", why);
  assert_true(t.pair_time_s == 0.190674938);
  assert_true(t.loop_time_s == 0.211886406);
  assert_int_equal(t.atoms, 4000);
  assert_int_equal(t.contacts0, 24000);
  assert_int_equal(t.contacts, 24000);
  assert_int_equal(t.steps, 20);
  assert_int_equal(t.ranks, 2);
  assert_string_equal(t.version, "2023.02a");
  /* the script's own failure is passed on */
  assert_false(yade_read_timing(DATA "yade-bench-error.log", &t, why, sizeof why));
  assert_non_null(strstr(why, "yade script: FileNotFoundError"));
  /* a run killed before its result: the log's last line is quoted */
  assert_false(yade_read_timing(DATA "yade-bench-noresult.log", &t, why, sizeof why));
  assert_non_null(strstr(why, "no GRANDAMP_BENCH line"));
  assert_non_null(strstr(why, "Running script"));
}

static void test_yade_read_timing_broken(void **state) {
  (void)state;
  EngineTiming t;
  char why[512] = "";
  const char *p = test_path("yade.log");
  static const char *const bad[][2] = {
      {"GRANDAMP_BENCH pair_time_s=0.1x loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 threads=1 version=v",
       "(field pair_time_s)"},
      {"GRANDAMP_BENCH pair_time_s=0.1 atoms=4 contacts0=6 contacts=6 steps=2 threads=1 version=v", "(field loop_time_s)"},
      {"GRANDAMP_BENCH pair_time_s=0.1 loop_time_s=0.2 atoms=4.5 contacts0=6 contacts=6 steps=2 threads=1 version=v",
       "(field atoms)"},
      {"GRANDAMP_BENCH pair_time_s=0.1 loop_time_s=0.2 atoms=4 contacts0=6 contacts=-6 steps=2 threads=1 version=v",
       "(field contacts)"},
      {"GRANDAMP_BENCH pair_time_s=0.1 loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 version=v", "(field threads)"},
      {"GRANDAMP_BENCH pair_time_s=0.1 loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 threads=1", "(field version)"},
      {"GRANDAMP_BENCH pair_time_s=0 loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 threads=1 version=v",
       "InteractionLoop time of 0 s"},
      {"GRANDAMP_BENCH pair_time_s=inf loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 threads=1 version=v",
       "(field pair_time_s)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    write_file(p, bad[i][0]);
    assert_false(yade_read_timing(p, &t, why, sizeof why));
    if (!strstr(why, bad[i][1])) fail_msg("case %zu: %s lacks %s", i, why, bad[i][1]);
  }
  write_file(p, "GRANDAMP_BENCH pair_time_s=0.1 loop_time_s=0.2 atoms=4 contacts0=6 contacts=5 steps=2 threads=1 "
                "version=v extra=1\n");
  assert_true(yade_read_timing(p, &t, why, sizeof why));
  assert_int_equal(t.contacts, 5);
  assert_string_equal(t.version, "v");
}

/* Live: grandamp's FCC packing of 4000 spheres (12 touching neighbours each: 6 N contacts) in
 * Yade, hertz/material + coeff_restitution, 20 steps on 1 thread: Yade must see every sphere and
 * every contact, before and after, and time its InteractionLoop. */
/* A cooling gas in Yade through the adapter (the timing runs' scene, its "Step ke" table): KE(0)
 * = 3N T0/2 of the file, and after 400 steps the kinetic energy of grandamp's own run of that
 * file with the same law clamped as Yade's is (limit_damping), to 1e-3: Yade's leapfrog reports
 * velocities half a step behind, which moves the kinetic energy of the pairs in contact at that
 * step by a few per cent of theirs (measured: 1.2e-4 of the whole). */
static void test_yade_gas_live(void **state) {
  (void)state;
  if (!proc_installed("yade")) {
    printf("      (yade not installed: the live Yade gas run is not run)\n");
    return;
  }
  const EngineGas g = live_gas_spec();
  EngineGasResult res;
  char why[512] = "";
  double own;
  const bool ok = live_gas(&ENGINE_YADE, g, LIVE_GAS_MODEL " limit_damping", &res, &own, why, sizeof why);
  if (!ok) fail_msg("yade gas run: %s", why);
  assert_rel(res.ke[4], own, 1e-3);
  assert_non_null(strstr(res.version, "2023"));
}

static void test_yade_live_bench(void **state) {
  (void)state;
  if (!proc_installed("yade")) {
    print_message("yade not installed: the live Yade timing run is skipped\n");
    skip();
  }
  char data[256];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  write_fcc_data(data, 4000);
  EngineBench b = bench_row("hertz/material", "coeff_restitution", "nohistory");
  b.data_file = data;
  b.steps = 20;
  b.ranks = 1;
  b.timeout_s = 120.0;
  EngineTiming t;
  char why[512] = "";
  if (!ENGINE_YADE.bench(&b, test_path(""), &t, why, sizeof why)) fail_msg("%s", why);
  assert_int_equal(t.atoms, 4000);
  assert_int_equal(t.contacts0, 24000);
  assert_int_equal(t.contacts, 24000);
  assert_int_equal(t.steps, 20);
  assert_int_equal(t.ranks, 1);
  assert_true(t.pair_time_s > 0.0);
  assert_true(t.loop_time_s >= t.pair_time_s);
  assert_string_equal(t.version, "2023.02a");
  assert_non_null(strstr(t.native, "Law2_ScGeom_MindlinPhys_Mindlin"));
}

/* Three timing runs in one start (bench_batch): the second of the same law as the first at another
 * thread count (the loaded scene reused, Yade started with -j 2 and the pair loop on one thread),
 * the third of another law (a fresh scene); each finds every contact of the packing, as a run of
 * its own does, and reports its own thread count. */
static void test_yade_live_bench_batch(void **state) {
  (void)state;
  if (!proc_installed("yade")) {
    print_message("yade not installed: the live Yade timing batch is skipped\n");
    skip();
  }
  char data[256];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  write_fcc_data(data, 4000);
  EngineBench b[3] = {bench_row("hooke", "velocity", "nohistory"), bench_row("hooke", "velocity", "mindlin"),
                      bench_row("hertz/material", "coeff_restitution", "nohistory")};
  for (int k = 0; k < 3; k++) b[k].data_file = data, b[k].steps = 10, b[k].ranks = k == 0 ? 2 : 1;
  EngineBenchOutcome out[3];
  assert_non_null(ENGINE_YADE.bench_batch);
  assert_int_equal(ENGINE_YADE.bench_batch(b, 3, test_path(""), 300.0, out), 3);
  for (int k = 0; k < 3; k++) {
    if (!out[k].ok) fail_msg("run %d: %s", k, out[k].why);
    assert_int_equal(out[k].t.atoms, 4000);
    assert_int_equal(out[k].t.contacts0, 24000);
    assert_int_equal(out[k].t.steps, 10);
    assert_int_equal(out[k].t.ranks, b[k].ranks);
    assert_true(out[k].t.pair_time_s > 0.0);
  }
  assert_non_null(strstr(out[1].t.native, "ViscElMat"));
  assert_non_null(strstr(out[2].t.native, "Law2_ScGeom_MindlinPhys_Mindlin"));
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
    cmocka_unit_test(test_yade_bench_supports),
    cmocka_unit_test(test_yade_bench_args),
    cmocka_unit_test(test_yade_bench_args_refused),
    cmocka_unit_test(test_yade_read_timing_stored),
    cmocka_unit_test_setup_teardown(test_yade_read_timing_broken, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_yade_live_bench, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_yade_live_bench_batch, test_dir_setup, test_dir_teardown),
    cmocka_unit_test(test_yade_gas_live),
};
const size_t engine_yade_ntests = sizeof engine_yade_tests / sizeof *engine_yade_tests;
