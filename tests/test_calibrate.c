/*
 * test_calibrate.c - the calibration solver (src/sim/calibrate.c): every damping model's
 * coefficient fed back through the collision solver gives the target; coeff_restitution, whose
 * e put in is the exact Hertz map's e out (docs/verification.md §2.1), is recovered to the
 * collision's own first-order error; a force-end floor is reported as out of reach; bad
 * specifications are listed in full.
 */
#include "tests.h"

#include "calibrate.h"
#include "collide.h"

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
}

const struct CMUnitTest calibrate_tests[] = {
    cmocka_unit_test(every_model_reaches_the_target),
    cmocka_unit_test(coeff_restitution_recovers_its_input),
    cmocka_unit_test(force_end_floor_is_out_of_reach),
    cmocka_unit_test(bad_specification_listed),
};
const size_t calibrate_ntests = sizeof calibrate_tests / sizeof calibrate_tests[0];
