/* test_engine_liggghts.c - the LIGGGHTS adapter: its model map, the -var command line it writes
 * for the deck, its reading of stored LIGGGHTS 3.8.0 logs (tests/data/engines/liggghts-*.log),
 * and one live collision when `liggghts` is installed; the same for its timing runs
 * (src/engines/decks/liggghts_bench.in) on one of grandamp's FCC packings. */
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"

#include "liggghts.h"
#include "run.h"

#define PI_ 3.14159265358979323846
#define DATA "tests/data/engines/"

/* The case of the stored logs: equal spheres of R = 5 mm, rho = 2500, v0 = 1 m/s, dt = 1e-6. */
static EngineCase material_case(void) {
  return (EngineCase){.normal = "hertz/material", .damping = "coeff_restitution", .E = 1e8, .nu = 0.3, .damp = 0.5,
                      .Ri = 0.005, .Rj = 0.005, .rho = 2500, .v0 = 1.0, .dt = 1e-6, .t_run = 1e-3};
}

static double mass(double R) { return 4.0 / 3.0 * PI_ * R * R * R * 2500.0; }

static double var_of(const LiggghtsArgs *a, const char *name) {
  const char *s = liggghts_arg_var(a, name);
  if (!s) fail_msg("no -var %s", name);
  return strtod(s, NULL);
}

static void test_liggghts_supports(void **state) {
  (void)state;
  static const char *const yes[][2] = {{"hooke", "coeff_restitution"}, {"hertz", "coeff_restitution"},
                                       {"hertz/material", "coeff_restitution"}, {"hooke", "velocity"},
                                       {"hooke", "mass_velocity"}, {"hooke", "none"}, {"hertz", "viscoelastic"},
                                       {"hertz/material", "viscoelastic"}, {"hertz", "none"},
                                       {"hertz/material", "none"}};
  const char *native = NULL;
  for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++) {
    native = NULL;
    if (!ENGINE_LIGGGHTS.supports(yes[k][0], yes[k][1], &native)) fail_msg("%s + %s not supported", yes[k][0], yes[k][1]);
    assert_non_null(strstr(native, "gran model "));
  }
  assert_true(ENGINE_LIGGGHTS.supports("hooke", "coeff_restitution", &native));
  assert_non_null(strstr(native, "characteristicVelocity"));
  static const char *const no[][3] = {{"hertz", "tsuji", "Tsuji"},       {"hooke", "tsuji/legacy", "Tsuji"},
                                      {"jkr", "coeff_restitution", "JKR"}, {"mdr", "mdr", "MDR"},
                                      {"hertz", "velocity", "constant"},  {"hooke", "viscoelastic", "sqrt"}};
  for (size_t k = 0; k < sizeof no / sizeof no[0]; k++) {
    native = NULL;
    assert_false(ENGINE_LIGGGHTS.supports(no[k][0], no[k][1], &native));
    if (!strstr(native, no[k][2])) fail_msg("%s + %s: why '%s' lacks '%s'", no[k][0], no[k][1], native, no[k][2]);
  }
  assert_string_equal(ENGINE_LIGGGHTS.name, "liggghts");
  assert_string_equal(ENGINE_LIGGGHTS.command, "liggghts");
  assert_string_equal(ENGINE_LIGGGHTS.package, "liggghts");
}

/* hertz/material: LIGGGHTS hertz with the case's E, nu and e; the pair placed as collide.c places
 * it (apart by 2.3 v0 dt, the centre of mass at rest), the run long enough for t_run. */
static void test_liggghts_args_pair(void **state) {
  (void)state;
  EngineCase c = material_case();
  c.Rj = 0.01;
  LiggghtsArgs a;
  char why[256] = "";
  assert_true(liggghts_args(&c, "deck.in", "out.log", &a, why, sizeof why));
  assert_string_equal(a.argv[0], "liggghts");
  assert_null(a.argv[a.argc]);
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hertz");
  assert_string_equal(liggghts_arg_var(&a, "settings"), "tangential_damping off limitForce off");
  assert_string_equal(liggghts_arg_var(&a, "wall"), "0");
  assert_true(var_of(&a, "E") == 1e8 && var_of(&a, "nu") == 0.3 && var_of(&a, "e") == 0.5);
  assert_true(var_of(&a, "dt") == 1e-6 && var_of(&a, "d1") == 0.01 && var_of(&a, "d2") == 0.02);
  assert_int_equal(a.steps, 1000 + 3);
  assert_int_equal((long)var_of(&a, "steps"), a.steps);
  const double gap = var_of(&a, "x2") - var_of(&a, "x1") - 0.015;
  assert_rel(gap, 2.3e-6, 1e-9);
  const double mi = mass(0.005), mj = mass(0.01);
  assert_rel(var_of(&a, "v1") - var_of(&a, "v2"), 1.0, 1e-15);
  assert_abs(mi * var_of(&a, "v1") + mj * var_of(&a, "v2"), 0.0, 1e-18);
  assert_rel(a.meff, mi * mj / (mi + mj), 1e-15);
  assert_true(var_of(&a, "Lx") > var_of(&a, "x2") + 0.01 + 1e-3); /* room for the rebound */
  assert_non_null(strstr(a.argv[2], "deck.in"));
  assert_string_equal(a.argv[4], "out.log");
}

/* LIGGGHTS hooke has no k_n input: it follows from Y* and characteristicVelocity V as
 * k_n = (16/15) sqrt(Reff) Y* (15 meff V^2/(16 sqrt(Reff) Y*))^(1/5). The adapter's E must give
 * grandamp's k_n back through that formula, for a pair and for a wall (Reff = R, meff = m). */
static void test_liggghts_args_hooke_kn(void **state) {
  (void)state;
  for (int wall = 0; wall < 2; wall++) {
    EngineCase c = {.normal = "hooke", .damping = "coeff_restitution", .kn = 1e5, .damp = 0.3, .Ri = 0.005,
                    .Rj = wall ? INFINITY : 0.005, .rho = 2500, .v0 = 0.1, .dt = 1e-6, .t_run = 1e-3};
    LiggghtsArgs a;
    char why[256] = "";
    assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
    assert_string_equal(liggghts_arg_var(&a, "normal"), "hooke");
    const double E = var_of(&a, "E"), nu = var_of(&a, "nu"), V = var_of(&a, "charvel");
    const double Ystar = 1.0 / ((1.0 - nu * nu) / E + (1.0 - nu * nu) / E);
    const double Reff = wall ? 0.005 : 0.0025, meff = wall ? mass(0.005) : mass(0.005) / 2;
    const double kn = 16.0 / 15.0 * sqrt(Reff) * Ystar * pow(15.0 * meff * V * V / (16.0 * sqrt(Reff) * Ystar), 0.2);
    assert_rel(kn, 1e5, 1e-13);
    assert_true(V >= 1e-2); /* LIGGGHTS's lower bound in SI */
    assert_true(var_of(&a, "e") == 0.3);
    assert_string_equal(liggghts_arg_var(&a, "wall"), wall ? "1" : "0");
    if (wall) assert_rel(var_of(&a, "wallx") - var_of(&a, "x1"), 0.005 + 2.3 * 0.1 * 1e-6, 1e-12);
  }
}

/* grandamp hertz (F = k_n sqrt(Reff) d^1.5) on LIGGGHTS hertz: (4/3) Y* = k_n; the stiffness
 * models pass k_n and gamma_n as they are, hooke + velocity with absolute_damping on. */
static void test_liggghts_args_stiffness(void **state) {
  (void)state;
  LiggghtsArgs a;
  char why[256] = "";
  EngineCase c = material_case();
  c.normal = "hertz", c.kn = 7.3e7;
  assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  const double E = var_of(&a, "E"), nu = var_of(&a, "nu");
  assert_true(nu == 0.0);
  assert_rel(4.0 / 3.0 * (1.0 / (1.0 / E + 1.0 / E)), 7.3e7, 1e-15);

  c = material_case();
  c.normal = "hooke", c.damping = "velocity", c.kn = 1e5, c.damp = 3.5;
  assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hooke/stiffness");
  assert_non_null(strstr(liggghts_arg_var(&a, "settings"), "absolute_damping on"));
  assert_true(var_of(&a, "kn") == 1e5 && var_of(&a, "gamman") == 3.5);

  c.damping = "mass_velocity";
  assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_null(strstr(liggghts_arg_var(&a, "settings"), "absolute_damping"));
  assert_true(var_of(&a, "gamman") == 3.5);

  c.damping = "none";
  assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_true(var_of(&a, "gamman") == 0.0);

  c = material_case();
  c.damping = "viscoelastic", c.damp = 120.0;
  assert_true(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hertz/stiffness");
  assert_rel(var_of(&a, "kn"), 4.0 / 3.0 * 1e8 / (2.0 * (1.0 - 0.09)), 1e-15);
  assert_true(var_of(&a, "gamman") == 120.0);
}

static void test_liggghts_args_refused(void **state) {
  (void)state;
  LiggghtsArgs a;
  char why[256] = "";
  EngineCase c = material_case();
  c.damping = "tsuji";
  assert_false(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "hertz/material + tsuji: no Tsuji"));
  c = material_case();
  c.Ri = 0.0;
  assert_false(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "radii"));
  c = material_case();
  c.t_run = 1.0, c.dt = 1e-9;
  assert_false(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "1e8 steps"));
  c = material_case();
  c.nu = 0.6;
  assert_false(liggghts_args(&c, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "nu"));
}

/* A real log (trimmed) of material_case(): e from the two GRANDAMP lines, the contact
 * duration from the running mean of the contact flag over steps 0..1004, the version. */
static void test_liggghts_parse_collide(void **state) {
  (void)state;
  EngineResult r;
  char why[256] = "";
  const double meff = mass(0.005) / 2;
  if (!liggghts_parse_log(DATA "liggghts-collide.log", NULL, 1004, 1e-6, meff, &r, why, sizeof why)) fail_msg("%s", why);
  assert_true(r.e == 2.0 * 0.24994180115922784); /* (v2 - v1) after over v1 - v2 = 1 before */
  assert_rel(r.t_c, 443e-6, 1e-12);               /* 0.44079601990049749 * 1005 = 443 */
  assert_rel(r.ke_in, 0.5 * meff, 1e-15);
  assert_rel(r.ke_out, 0.5 * meff * r.e * r.e, 1e-15);
  assert_string_equal(r.version, "LIGGGHTS-PUBLIC 3.8.0");
  /* a log whose last step is not the run's (stale, or of another case) is not taken */
  assert_false(liggghts_parse_log(DATA "liggghts-collide.log", NULL, 1005, 1e-6, meff, &r, why, sizeof why));
}

static void test_liggghts_parse_failures(void **state) {
  (void)state;
  EngineResult r;
  char why[256] = "";
  assert_false(liggghts_parse_log(DATA "liggghts-error.log", NULL, 1004, 1e-6, 1e-3, &r, why, sizeof why));
  assert_string_equal(why, "liggghts: ERROR: 0.05 < coefficientRestitution <= 1 required (./src/global_properties.cpp:489)");
  /* an ERROR that reached only the screen (the log had not been opened) */
  assert_false(liggghts_parse_log(DATA "liggghts-noresult.log", DATA "liggghts-error.log", 1004, 1e-6, 1e-3, &r, why,
                                  sizeof why));
  assert_non_null(strstr(why, "ERROR: 0.05 < coefficientRestitution"));
  /* killed after step 0: no result, the last line quoted */
  assert_false(liggghts_parse_log(DATA "liggghts-noresult.log", NULL, 1004, 1e-6, 1e-3, &r, why, sizeof why));
  assert_non_null(strstr(why, "no result after 1004 steps (1 GRANDAMP lines); last line: GRANDAMP 0 0.5 -0.5"));
  assert_false(liggghts_parse_log(DATA "liggghts-contact.log", NULL, 204, 1e-6, 1e-3, &r, why, sizeof why));
  assert_string_equal(why, "still in contact after 204 steps (t_run too short, or the pair was captured)");
  assert_false(liggghts_parse_log(DATA "no-such.log", NULL, 1004, 1e-6, 1e-3, &r, why, sizeof why));
  assert_non_null(strstr(why, "no log"));
}

/* One live collision each of LIGGGHTS hertz and hooke (equal spheres) and of hertz on a wall
 * (e = 0.5, v0 = 1 m/s, dt = t_c/200). Tolerances of docs/verification.md §7.2: e within
 * f dt/t_c + 1e-12 of the target (δ-end exact, §1.3 and §2.2), f = 0.6 Hertz +
 * coeff_restitution, 1.2 hooke; t_c within 2 dt of the continuous value (hooke:
 * pi/(w0 sqrt(1 - zeta^2)); Hertz: 1.0934 t_c,el at e = 0.5, §2.1, its 4 digits adding
 * 1e-4 t_c): §7.2's dt for the integrator plus < dt for counting whole steps in contact (the
 * adapter does not interpolate the onset and the end). */
static void test_liggghts_live(void **state) {
  (void)state;
  if (!proc_installed("liggghts")) {
    print_message("test_liggghts_live: liggghts not installed, skipped (apt-get install liggghts)\n");
    skip();
  }
  const char *tmp = getenv("TMPDIR");
  char dir[512];
  snprintf(dir, sizeof dir, "%s/gd-liggghts-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  assert_non_null(mkdtemp(dir));
  const double v0 = 1.0;
  for (int k = 0; k < 3; k++) { /* hertz pair, hooke pair, hertz on a wall (Reff = R, meff = m) */
    const bool hooke = k == 1, wall = k == 2;
    const double meff = wall ? mass(0.005) : mass(0.005) / 2, Reff = wall ? 0.005 : 0.0025;
    EngineCase c = material_case();
    if (wall) c.Rj = INFINITY;
    double t_c, f;
    if (hooke) {
      c.normal = "hooke", c.kn = 1e5;
      const double zeta = fabs(log(0.5)) / sqrt(PI_ * PI_ + log(0.5) * log(0.5));
      t_c = PI_ / (sqrt(c.kn / meff) * sqrt(1.0 - zeta * zeta)), f = 1.2;
    } else {
      const double kH = 4.0 / 3.0 * 1e8 / (2.0 * (1.0 - 0.09)) * sqrt(Reff);
      t_c = 1.0934 * 3.218065 * pow(meff / kH, 0.4) * pow(v0, -0.2), f = 0.6;
    }
    c.dt = t_c / 200.0, c.t_run = 2.0 * t_c;
    EngineResult r;
    char why[512] = "";
    if (!ENGINE_LIGGGHTS.collide(&c, dir, &r, why, sizeof why)) fail_msg("%s: %s", c.normal, why);
    print_message("liggghts %s, %s + coeff_restitution%s, e target 0.5, dt = t_c/200, v0 = 1 m/s: e = %.10f, "
                  "t_c = %.6g s (expected %.6g)\n", r.version, c.normal, wall ? " on a wall" : "", r.e, r.t_c, t_c);
    assert_abs(r.e, 0.5, f / 200.0 + 1e-12);
    assert_abs(r.t_c, t_c, 2.0 * c.dt + (hooke ? 0.0 : 1e-4 * t_c));
    assert_rel(r.ke_in, 0.5 * meff * v0 * v0, 1e-12);
    assert_non_null(strstr(r.version, "3.8"));
  }
  char path[600];
  snprintf(path, sizeof path, "%s/liggghts.log", dir);
  unlink(path);
  snprintf(path, sizeof path, "%s/liggghts.screen", dir);
  unlink(path);
  assert_int_equal(rmdir(dir), 0);
}

/* ---- timing runs ---- */

/* The benchmark rows LIGGGHTS has (both tangential models each); the rest say why not. */
static void test_liggghts_bench_supports(void **state) {
  (void)state;
  static const char *const yes[][2] = {{"hooke", "velocity"}, {"hooke", "mass_velocity"},
                                       {"hertz/material", "viscoelastic"}, {"hertz/material", "coeff_restitution"}};
  const char *native = NULL;
  for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++) {
    if (!ENGINE_LIGGGHTS.bench_supports(yes[k][0], yes[k][1], "nohistory", &native))
      fail_msg("%s + %s nohistory not supported", yes[k][0], yes[k][1]);
    assert_non_null(strstr(native, "tangential no_history, frictionless"));
    if (!ENGINE_LIGGGHTS.bench_supports(yes[k][0], yes[k][1], "mindlin", &native))
      fail_msg("%s + %s mindlin not supported", yes[k][0], yes[k][1]);
    assert_non_null(strstr(native, "tangential history (not Mindlin"));
  }
  static const char *const no[][4] = {{"hertz", "velocity", "nohistory", "constant"},
                                      {"hertz/material", "tsuji", "mindlin", "Tsuji"},
                                      {"hooke", "coeff_restitution", "nohistory", "not a row"},
                                      {"hooke", "velocity", "linear_history", "tangential models"}};
  for (size_t k = 0; k < sizeof no / sizeof no[0]; k++) {
    native = NULL;
    assert_false(ENGINE_LIGGGHTS.bench_supports(no[k][0], no[k][1], no[k][2], &native));
    if (!strstr(native, no[k][3])) fail_msg("%s + %s: why '%s' lacks '%s'", no[k][0], no[k][1], native, no[k][3]);
  }
  assert_non_null(ENGINE_LIGGGHTS.bench);
}

static EngineBench bench_row(const char *normal, const char *damping, const char *tangential) {
  return (EngineBench){.data_file = DATA "liggghts-bench.log", /* any readable file: the args do not read it */
                       .atoms = 4000, .contacts = 24000, .normal = normal, .damping = damping,
                       .tangential = tangential, .kn = 2000, .E = 1e6, .nu = 0.3, .damp = 0.5, .kt = NAN,
                       .mu = !strcmp(tangential, "mindlin") ? 0.4 : 0.0, .dt = 1e-4, .skin = 0.1, .steps = 50,
                       .ranks = 1, .timeout_s = 60};
}

/* hertz/material + viscoelastic + mindlin on 2 ranks: hertz/stiffness with kn = (4/3) E/(2(1-nu^2)),
 * the history spring's kt = 8 G* = 2E/((2-nu)(1+nu)) (the k_t of mindlin NULL, which the
 * benchmark writes out for hooke and hertz as 904977.375565611), gammat = gamman = the damping
 * number (mindlin's damping 1.0), friction mu; launched through mpirun. */
static void test_liggghts_bench_args_mindlin(void **state) {
  (void)state;
  EngineBench b = bench_row("hertz/material", "viscoelastic", "mindlin");
  b.ranks = 2;
  LiggghtsArgs a;
  char why[256] = "";
  if (!liggghts_bench_args(&b, "bench.in", "out.log", &a, why, sizeof why)) fail_msg("%s", why);
  assert_string_equal(a.argv[0], "mpirun");
  assert_string_equal(a.argv[1], "-np");
  assert_string_equal(a.argv[2], "2");
  assert_null(a.argv[a.argc]);
  int prog = 0;
  while (prog < a.argc && strcmp(a.argv[prog], "liggghts")) prog++;
  assert_true(prog < a.argc);
  assert_string_equal(a.argv[prog + 1], "-in");
  assert_string_equal(a.argv[prog + 2], "bench.in");
  assert_string_equal(a.argv[prog + 4], "out.log");
  char quoted[600]; /* in double quotes: the deck's ${data} is one word whatever the path holds */
  snprintf(quoted, sizeof quoted, "\"%s\"", b.data_file);
  assert_string_equal(liggghts_arg_var(&a, "data"), quoted);
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hertz/stiffness");
  assert_string_equal(liggghts_arg_var(&a, "tangential"), "history");
  assert_string_equal(liggghts_arg_var(&a, "settings"), "tangential_damping on limitForce off");
  assert_rel(var_of(&a, "kn"), 4.0 / 3.0 * 1e6 / (2.0 * (1.0 - 0.09)), 1e-15);
  assert_rel(var_of(&a, "kt"), 904977.375565611, 1e-14);
  assert_true(var_of(&a, "gamman") == 0.5 && var_of(&a, "gammat") == 0.5 && var_of(&a, "mu") == 0.4);
  assert_true(var_of(&a, "dt") == 1e-4 && var_of(&a, "skin") == 0.1);
  assert_int_equal((long)var_of(&a, "steps"), 50);
}

/* nohistory: no_history with no friction and no tangential damping; hooke + velocity takes
 * absolute_damping on, hertz/material + coeff_restitution LIGGGHTS hertz with E, nu, e. */
static void test_liggghts_bench_args_nohistory(void **state) {
  (void)state;
  LiggghtsArgs a;
  char why[256] = "";
  EngineBench b = bench_row("hooke", "velocity", "nohistory");
  if (!liggghts_bench_args(&b, "d", "l", &a, why, sizeof why)) fail_msg("%s", why);
  assert_string_equal(a.argv[0], "liggghts");
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hooke/stiffness");
  assert_string_equal(liggghts_arg_var(&a, "tangential"), "no_history");
  assert_string_equal(liggghts_arg_var(&a, "settings"), "absolute_damping on tangential_damping off limitForce off");
  assert_true(var_of(&a, "kn") == 2000 && var_of(&a, "gamman") == 0.5);
  assert_true(var_of(&a, "gammat") == 0.0 && var_of(&a, "mu") == 0.0);

  b = bench_row("hooke", "mass_velocity", "mindlin");
  if (!liggghts_bench_args(&b, "d", "l", &a, why, sizeof why)) fail_msg("%s", why);
  assert_string_equal(liggghts_arg_var(&a, "settings"), "tangential_damping on limitForce off");
  assert_true(var_of(&a, "kt") == 2000 && var_of(&a, "gammat") == 0.5 && var_of(&a, "mu") == 0.4);

  b = bench_row("hertz/material", "coeff_restitution", "nohistory");
  if (!liggghts_bench_args(&b, "d", "l", &a, why, sizeof why)) fail_msg("%s", why);
  assert_string_equal(liggghts_arg_var(&a, "normal"), "hertz");
  assert_true(var_of(&a, "E") == 1e6 && var_of(&a, "nu") == 0.3 && var_of(&a, "e") == 0.5);
  assert_true(var_of(&a, "gamman") == 0.0);
}

static void test_liggghts_bench_args_refused(void **state) {
  (void)state;
  LiggghtsArgs a;
  char why[256] = "";
  EngineBench b = bench_row("hertz", "mass_velocity", "nohistory");
  assert_false(liggghts_bench_args(&b, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "hertz + mass_velocity, nohistory: LIGGGHTS 3.8 hertz/stiffness"));
  /* read_data that cannot open its file aborts one rank before the log is written: checked first */
  b = bench_row("hooke", "velocity", "nohistory");
  b.data_file = DATA "no-such.data";
  assert_false(liggghts_bench_args(&b, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "no-such.data is not readable"));
  b = bench_row("hooke", "velocity", "nohistory");
  b.steps = 0;
  assert_false(liggghts_bench_args(&b, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "steps"));
  b = bench_row("hertz/material", "viscoelastic", "mindlin");
  b.nu = 0.6;
  assert_false(liggghts_bench_args(&b, "d", "l", &a, why, sizeof why));
  assert_non_null(strstr(why, "nu"));
}

/* Real logs of the bench deck (FCC N = 4000, 20 steps): on 2 ranks (run 0's loop line comes
 * first, the deck's comments are echoed), a packing cut short (read_data's ERROR), and the
 * first log cut after its loop line (no timing breakdown). */
static void test_liggghts_read_timing(void **state) {
  (void)state;
  EngineTiming t = {0};
  char why[256] = "";
  if (!liggghts_read_timing(DATA "liggghts-bench.log", NULL, &t, why, sizeof why)) fail_msg("%s", why);
  assert_string_equal(t.version, "LIGGGHTS-PUBLIC 3.8.0");
  assert_true(t.loop_time_s == 0.127703 && t.pair_time_s == 0.0253068);
  assert_int_equal(t.ranks, 2);
  assert_int_equal(t.steps, 20);
  assert_int_equal(t.atoms, 4000);
  assert_int_equal(t.contacts0, 24000);
  assert_int_equal(t.contacts, 24000);

  t = (EngineTiming){0};
  assert_false(liggghts_read_timing(DATA "liggghts-bench-error.log", NULL, &t, why, sizeof why));
  assert_string_equal(why, "liggghts: ERROR: Unexpected end of data file (./src/read_data.cpp:687)");
  /* an ERROR that reached only the screen */
  assert_false(liggghts_read_timing(DATA "liggghts-bench-nopair.log", DATA "liggghts-bench-error.log", &t, why,
                                    sizeof why));
  assert_non_null(strstr(why, "Unexpected end of data file"));
  assert_false(liggghts_read_timing(DATA "liggghts-bench-nopair.log", NULL, &t, why, sizeof why));
  assert_non_null(strstr(why, "lacks its timing breakdown's \"Pair  time\" line"));
  assert_false(liggghts_read_timing(DATA "no-such.log", NULL, &t, why, sizeof why));
  assert_non_null(strstr(why, "no log"));
}

/* One live timing run: grandamp's FCC packing of 4000 spheres (12 touching neighbours each,
 * 6 N = 24000 pairs), 20 steps, 1 rank, hertz/material + coeff_restitution, nohistory. LIGGGHTS
 * must read every sphere and see every contact at the start and the end. */
static void test_liggghts_bench_live(void **state) {
  (void)state;
  if (!proc_installed("liggghts")) {
    print_message("test_liggghts_bench_live: liggghts not installed, skipped (apt-get install liggghts)\n");
    skip();
  }
  const char *tmp = getenv("TMPDIR");
  char dir[512], data[600], path[600];
  snprintf(dir, sizeof dir, "%s/gd-liggghts-bench-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  assert_non_null(mkdtemp(dir));
  snprintf(data, sizeof data, "%s/fcc.data", dir);
  write_fcc_data(data, 4000);

  EngineBench b = bench_row("hertz/material", "coeff_restitution", "nohistory");
  b.data_file = data, b.steps = 20, b.timeout_s = 120;
  EngineTiming t;
  char why[512] = "";
  const bool ok = ENGINE_LIGGGHTS.bench(&b, dir, &t, why, sizeof why);
  if (!ok) fail_msg("%s", why);
  print_message("liggghts %s, FCC N = 4000, 20 steps, 1 rank, %s: Pair %.4g s, loop %.4g s, contacts %ld -> %ld\n",
                t.version, t.native, t.pair_time_s, t.loop_time_s, t.contacts0, t.contacts);
  assert_int_equal(t.atoms, 4000);
  assert_int_equal(t.contacts0, 24000);
  assert_int_equal(t.contacts, 24000);
  assert_int_equal(t.ranks, 1);
  assert_int_equal(t.steps, 20);
  assert_true(t.pair_time_s > 0 && t.pair_time_s <= t.loop_time_s);
  assert_non_null(strstr(t.version, "3.8"));
  assert_non_null(strstr(t.native, "gran model hertz"));
  static const char *const files[] = {"fcc.data", "liggghts.log", "liggghts.screen"};
  for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[k]);
    unlink(path);
  }
  assert_int_equal(rmdir(dir), 0);
}

/* A cooling gas in LIGGGHTS through the adapter (the timing runs' model mapping, its "Step ke"
 * table): KE(0) = 3N T0/2 of the file, and after 400 steps the kinetic energy of grandamp's own
 * run of that file and model to 1e-4 (hooke/stiffness with absolute damping is the same law). */
static void test_liggghts_gas_live(void **state) {
  (void)state;
  if (!proc_installed("liggghts")) {
    printf("      (liggghts not installed: the live LIGGGHTS gas run is not run)\n");
    return;
  }
  const EngineGas g = live_gas_spec();
  EngineGasResult res;
  char why[512] = "";
  double own;
  const bool ok = live_gas(&ENGINE_LIGGGHTS, g, LIVE_GAS_MODEL, &res, &own, why, sizeof why);
  if (!ok) fail_msg("liggghts gas run: %s", why);
  assert_rel(res.ke[4], own, 1e-4);
  assert_non_null(strstr(res.version, "3.8"));
}

const struct CMUnitTest engine_liggghts_tests[] = {
    cmocka_unit_test(test_liggghts_gas_live),
    cmocka_unit_test(test_liggghts_supports),        cmocka_unit_test(test_liggghts_args_pair),
    cmocka_unit_test(test_liggghts_args_hooke_kn),   cmocka_unit_test(test_liggghts_args_stiffness),
    cmocka_unit_test(test_liggghts_args_refused),    cmocka_unit_test(test_liggghts_parse_collide),
    cmocka_unit_test(test_liggghts_parse_failures),  cmocka_unit_test(test_liggghts_live),
    cmocka_unit_test(test_liggghts_bench_supports),  cmocka_unit_test(test_liggghts_bench_args_mindlin),
    cmocka_unit_test(test_liggghts_bench_args_nohistory), cmocka_unit_test(test_liggghts_bench_args_refused),
    cmocka_unit_test(test_liggghts_read_timing),     cmocka_unit_test(test_liggghts_bench_live),
};
const size_t engine_liggghts_ntests = sizeof engine_liggghts_tests / sizeof engine_liggghts_tests[0];
