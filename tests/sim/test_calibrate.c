/*
 * test_calibrate.c - the calibration solver (src/calibrate/calibrate.c): every damping model's
 * coefficient fed back through the collision solver gives the target; coeff_restitution, whose
 * e put in is the exact Hertz map's e out (docs/verification.md §2.1), is recovered to the
 * collision's own first-order error; the closed forms of the linear dashpot and of Tsuji's
 * polynomial are recovered (docs/verification.md §1.3, §2.1, §2.3); the behaviour across contacts
 * follows the linear dashpot's closed form; a least-squares fit of points made by one coefficient
 * gives it back; a force-end floor is reported as out of reach; bad specifications, a tunnelling
 * contact and bad points are listed in full.
 */
#include "tests.h"

#include "calibrate.h"
#include "collide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static CalibrateSpec glass(void) {
  return (CalibrateSpec){.normal = NORMAL_HERTZ_MATERIAL, .E = 48e9, .nu = 0.2, .rho = 2800.0, .Ri = 0.005, .Rj = 0.005, .e_target = 0.5, .v_ref = 1.0};
}

static void every_model_reaches_the_target(void **state) {
  (void)state;
  const CalibrateSpec s = glass();
  const DampingModel models[] = {DAMPING_VELOCITY, DAMPING_MASS_VELOCITY, DAMPING_VISCOELASTIC, DAMPING_TSUJI,
                                 DAMPING_TSUJI_LEGACY, DAMPING_COEFF_RESTITUTION};
  for (size_t k = 0; k < sizeof models / sizeof *models; k++) {
    CalibrateResult r;
    assert_true(calibrate_solve(&s, models[k], &r));
    if (!r.reachable) fail_msg("%s: %s", damping_name(models[k]), r.why);
    assert_abs(r.e, 0.5, 1e-7);
    /* fed back through collide as a user would paste it */
    CollideSpec c = collide_defaults();
    c.model = parse_ok(r.text);
    c.Ri = c.Rj = 0.005, c.mi = c.mj = 4.0 / 3.0 * GD_PI * 1.25e-7 * 2800.0, c.v0 = 1.0, c.dt_fraction = 1.0 / 2000, c.threads = 1;
    CollideResult cr;
    const char *why = NULL;
    assert_true(collide_run(&c, &cr, &why));
    assert_abs(cr.e, 0.5, 1e-7);
  }
}

/* The linear dashpot's damping ratio for e, δ-end: beta(e) = -ln e / sqrt(pi^2 + ln^2 e) (§1.1). */
static double beta(double e) { return -log(e) / sqrt(GD_PI * GD_PI + log(e) * log(e)); }
/* The dashpot's e for damping ratio z < 1: exp(-pi z / sqrt(1 - z^2)). */
static double lsd_e(double z) { return exp(-GD_PI * z / sqrt(1.0 - z * z)); }
/* Marshall's (2009) fit of Tsuji's alpha(e), docs/verification.md §2.3. */
static double tsuji_P(double e) {
  static const double c[] = {1.2728, -4.2783, 11.087, -22.348, 27.467, -18.022, 4.8218};
  double p = 0.0;
  for (int k = 6; k >= 0; k--) p = p * e + c[k];
  return p;
}
/* The exact Hertz map's alpha for e, δ-end: sqrt(5) beta(e) (§2.1). */
static double alpha_exact(double e) { return sqrt(5.0) * beta(e); }

static CalibrateSpec hooke(void) {
  return (CalibrateSpec){.normal = NORMAL_HOOKE, .kn = 1e5, .rho = 2800.0, .Ri = 0.005, .Rj = 0.005, .e_target = 0.5,
                         .v_ref = 1.0};
}

/* The coefficient x solves g(x) = the closed form's value at the target; the collision's own error
 * is |e - e_exact| <= f dt/t_c, so g(x) must lie between the closed form at target -+ that. */
static void assert_between(double gx, double lo, double hi) {
  if (!(gx >= fmin(lo, hi) && gx <= fmax(lo, hi))) fail_msg("%.10g is not in [%.10g, %.10g]", gx, fmin(lo, hi), fmax(lo, hi));
}

static void closed_forms_recovered(void **state) {
  (void)state;
  const double meff = 0.5 * 4.0 / 3.0 * GD_PI * 1.25e-7 * 2800.0, k = 1e5;
  CalibrateSpec h = hooke();
  CalibrateResult r;
  /* hooke, f = 1.2 (§7.2): velocity D = 2 sqrt(meff k) beta(e), mass_velocity D = 2 omega0 beta(e) */
  for (int pass = 0; pass < 2; pass++) {
    h.e_target = pass ? 0.8 : 0.3;
    const double de = 1.2 / 2000.0;
    assert_true(calibrate_solve(&h, DAMPING_VELOCITY, &r) && r.reachable);
    assert_between(r.coeff, 2.0 * sqrt(meff * k) * beta(h.e_target - de), 2.0 * sqrt(meff * k) * beta(h.e_target + de));
    assert_true(calibrate_solve(&h, DAMPING_MASS_VELOCITY, &r) && r.reachable);
    assert_between(r.coeff, 2.0 * sqrt(k / meff) * beta(h.e_target - de), 2.0 * sqrt(k / meff) * beta(h.e_target + de));
    /* coeff_restitution takes beta(e) itself: e in = e out */
    assert_true(calibrate_solve(&h, DAMPING_COEFF_RESTITUTION, &r) && r.reachable);
    assert_between(r.coeff, h.e_target - de, h.e_target + de);
    /* tsuji on hooke: eta = sqrt(2) P(e) sqrt(meff k), zeta = sqrt(2) P(e)/2 (§1.3) */
    assert_true(calibrate_solve(&h, DAMPING_TSUJI, &r) && r.reachable);
    assert_between(sqrt(2.0) * tsuji_P(r.coeff) / 2.0, beta(h.e_target - de), beta(h.e_target + de));
  }
  /* Hertz, f = 0.6: tsuji's sqrt(2) P(e_in) and tsuji/legacy's P(e_in) are alpha_exact(target) */
  CalibrateSpec s = glass();
  const double de = 0.6 / 2000.0;
  assert_true(calibrate_solve(&s, DAMPING_TSUJI, &r) && r.reachable);
  assert_between(sqrt(2.0) * tsuji_P(r.coeff), alpha_exact(0.5 - de), alpha_exact(0.5 + de));
  assert_abs(alpha_exact(0.5), 0.4818, 5e-5); /* the table of §2.3 */
  assert_true(calibrate_solve(&s, DAMPING_TSUJI_LEGACY, &r) && r.reachable);
  assert_between(tsuji_P(r.coeff), alpha_exact(0.5 - de), alpha_exact(0.5 + de));
}

/* velocity on hooke is a linear dashpot with zeta = D/(2 sqrt(meff k)): e does not depend on the
 * speed, and on a wall (meff = m) and a 1:2 pair (meff = 8m/9) zeta scales with 1/sqrt(meff). */
static void behaviour_follows_the_dashpot(void **state) {
  (void)state;
  const CalibrateSpec h = hooke();
  CalibrateResult r;
  assert_true(calibrate_solve(&h, DAMPING_VELOCITY, &r) && r.reachable);
  CalibrateBehaviour b;
  char why[512];
  assert_true(calibrate_behaviour(&h, &r, &b, why, sizeof why));
  const double f = 1.2 * r.dt_over_tc;
  for (int k = 0; k < CAL_NSPEED; k++) assert_abs(b.e_v[k], 0.5, f + 1e-7);
  assert_true(b.v[0] < 0.032 && b.v[CAL_NSPEED - 1] > 31.6); /* three decades */
  const double z = beta(0.5);
  assert_int_equal(b.ngeom, 3);
  assert_true(isinf(b.geom_Rj[1]));
  assert_abs(b.e_geom[1], lsd_e(z / sqrt(2.0)), f + 1e-7);
  assert_abs(b.geom_Rj[2], 0.01, 0.0);
  assert_abs(b.e_geom[2], lsd_e(z * 0.75), f + 1e-7);
  /* the largest step: within the bound there, and e at the limit close to the target */
  assert_true(isfinite(b.dt_max_tc) && b.dt_max_tc > r.dt_over_tc);
  assert_abs(b.e_zero, 0.5, 1.2 * r.dt_over_tc / 4.0 + 2e-7);
  CalibrateRun at;
  assert_true(calibrate_collide(&h, DAMPING_VELOCITY, r.coeff, h.Ri, h.Rj, h.v_ref, 1.0 / b.dt_max_tc, &at));
  assert_true(fabs(at.e - b.e_zero) <= 0.01 * b.e_zero);
}

/* Points made by one viscoelastic coefficient are fitted back by it (residuals at the solve's
 * tolerance), and ranked above a model whose e does not change with speed. */
static void fit_recovers_its_coefficient(void **state) {
  (void)state;
  CalibrateSpec s = glass();
  s.tol = 1e-5, s.steps = 500; /* the points are made at the same step: their residuals vanish at D0 */
  const double D0 = 3.0e8;
  CalibratePoint pts[4] = {{0.1, 0}, {0.5, 0}, {2.0, 0}, {8.0, 0}};
  for (int k = 0; k < 4; k++) {
    CalibrateRun run;
    assert_true(calibrate_collide(&s, DAMPING_VISCOELASTIC, D0, s.Ri, s.Rj, pts[k].v, s.steps, &run));
    pts[k].e = run.e;
  }
  static CalibrateFit visco, cr;
  assert_true(calibrate_fit(&s, DAMPING_VISCOELASTIC, pts, 4, &visco));
  assert_true(visco.ok);
  assert_rel(visco.coeff, D0, 1e-4);
  assert_true(visco.max_abs < 1e-4);
  assert_true(calibrate_fit(&s, DAMPING_COEFF_RESTITUTION, pts, 4, &cr));
  assert_true(cr.rms > 100.0 * visco.rms);
  /* a constant e is coeff_restitution's own: its e in comes back */
  for (int k = 0; k < 4; k++) pts[k].e = 0.7;
  assert_true(calibrate_fit(&s, DAMPING_COEFF_RESTITUTION, pts, 4, &cr));
  assert_abs(cr.coeff, 0.7, 0.6 / 500.0 + 1e-5);
}

static void coeff_restitution_recovers_its_input(void **state) {
  (void)state;
  CalibrateSpec s = glass();
  s.e_target = 0.8;
  CalibrateResult r;
  assert_true(calibrate_solve(&s, DAMPING_COEFF_RESTITUTION, &r));
  assert_true(r.reachable);
  /* the exact Hertz map gives e_out = e_in; the collision's error is at most f dt/t_c, f = 0.6 */
  assert_abs(r.coeff, 0.8, 0.6 * r.dt_over_tc + 1e-7);
}

static void force_end_floor_is_out_of_reach(void **state) {
  (void)state;
  CalibrateSpec s = glass();
  s.limit_damping = true, s.e_target = 0.02;
  CalibrateResult r;
  assert_true(calibrate_solve(&s, DAMPING_COEFF_RESTITUTION, &r));
  assert_false(r.reachable);
  assert_non_null(strstr(r.why, "floor"));
}

static void bad_specification_listed(void **state) {
  (void)state;
  CalibrateSpec s = {.normal = NORMAL_HERTZ_MATERIAL, .E = -1, .nu = 0.7, .rho = 0, .Ri = 0, .Rj = 1, .e_target = 1.5, .v_ref = NAN};
  ErrList err = {0};
  assert_int_equal(calibrate_check(&s, &err), 6);
  errlist_free(&err);
  s = glass();
  assert_int_equal(calibrate_check(&s, &err), 0);
  /* a rubber-soft material at 10 m/s: the elastic overlap passes the radius */
  s.E = 1e5, s.v_ref = 10.0;
  assert_int_equal(calibrate_check(&s, &err), 1);
  assert_non_null(strstr(err.msg[0], "tunnels"));
  errlist_free(&err);
  /* the points: each bad line named, a header skipped */
  char path[] = "/tmp/grandamp-points-XXXXXX";
  const int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs("v,e\n# comment\n1,0.5\n2;0.4\n-1,0.3\n3,1.5\n\n4, 0.45 \n", f);
  fclose(f);
  CalibratePoint pts[8];
  assert_int_equal(calibrate_read_points(path, pts, 8, &err), 2);
  unlink(path);
  assert_int_equal(err.n, 3);
  assert_non_null(strstr(err.msg[0], ":4:"));
  assert_non_null(strstr(err.msg[1], ":5:"));
  assert_non_null(strstr(err.msg[2], ":6:"));
  assert_abs(pts[1].v, 4.0, 0.0);
  assert_abs(pts[1].e, 0.45, 0.0);
  errlist_free(&err);
}

const struct CMUnitTest calibrate_tests[] = {
    cmocka_unit_test(every_model_reaches_the_target),
    cmocka_unit_test(coeff_restitution_recovers_its_input),
    cmocka_unit_test(closed_forms_recovered),
    cmocka_unit_test(behaviour_follows_the_dashpot),
    cmocka_unit_test(fit_recovers_its_coefficient),
    cmocka_unit_test(force_end_floor_is_out_of_reach),
    cmocka_unit_test(bad_specification_listed),
};
const size_t calibrate_ntests = sizeof calibrate_tests / sizeof calibrate_tests[0];
