/*
 * test_results.c - no impossible result with exit 0 (issue 26, items 2 and 3): collide refuses a
 * step that is not stable for the contact, tunnelling and overflowing inputs, and stops on an
 * overlap deeper than a radius; run, forces and contact check their first force evaluation
 * and name both particles.
 */
#include <stdlib.h>
#include <unistd.h>

#include "collide.h"
#include "datafile.h"
#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})
#define NOFRICTION " tangential linear_nohistory 0 0"

static void expect_error(const CmdResult *r, int status, const char *text) {
  if (r->status != status || !strstr(r->err, text))
    fail_msg("expected exit %d and '%s'; got exit %d, stderr:\n%s\nstdout:\n%s", status, text, r->status, r->err,
             r->out);
  assert_string_equal(r->out, "");
}

/* One step of velocity Verlet as sim_step runs it on m x'' = -k x - eta v: the force of step n+1
 * from x_{n+1} and the half-step velocity. Returns the largest |x| over the steps, over the
 * initial amplitude. */
static double verlet_growth(double omega2, double gamma, double dt, int steps) {
  double x = 1.0, v = 0.0, a = -omega2 * x, worst = 0.0;
  for (int n = 0; n < steps; n++) {
    v += 0.5 * dt * a;
    x += dt * v;
    a = -omega2 * x - gamma * v;
    v += 0.5 * dt * a;
    worst = fmax(worst, fabs(x));
  }
  return worst;
}

/* The criterion omega0^2 dt^2 + 2 gamma dt < 4 and its dt_max, against the integrator itself
 * (a hand-rolled iteration) for an undamped, a damped and an overdamped spring. */
static void test_collide_stability_criterion(void **state) {
  (void)state;
  const double meff = 0.5, k = 2e4;
  const double dampings[] = {0.0, 300.0, 1e5}; /* eta_n [kg/s] of damping velocity */
  for (int c = 0; c < 3; c++) {
    char text[160];
    snprintf(text, sizeof text, "hooke %g %g" NOFRICTION " damping velocity", k, dampings[c]);
    const ContactModel m = parse_ok(text);
    const double dt = 1e-3;
    const CollideStability st = collide_stability(&m, 1e-4, 0.5, meff, dt);
    const double w2 = k / meff, g = dampings[c] / meff;
    assert_rel(st.k, k, 1e-9);
    assert_rel(st.omega0 * st.omega0, w2, 1e-9);
    assert_rel(st.gamma, g, 1e-12);
    assert_rel(st.number, w2 * dt * dt + 2.0 * g * dt, 1e-9);
    assert_rel(st.omega0 * st.omega0 * st.dt_max * st.dt_max + 2.0 * st.gamma * st.dt_max, 4.0, 1e-9);
    if (c == 0) assert_rel(st.dt_max, 2.0 / sqrt(w2), 1e-9); /* the familiar dt < 2/omega0 */
    /* just below dt_max the iteration stays bounded, just above it grows without bound */
    assert_true(verlet_growth(w2, g, 0.98 * st.dt_max, 20000) < 1e3);
    assert_true(verlet_growth(w2, g, 1.02 * st.dt_max, 20000) > 1e6);
  }
  /* Hertz: the tangent stiffness dF/ddelta = 3/2 k_H sqrt(delta), not the secant k_H sqrt(delta) */
  const ContactModel h = parse_ok("hertz 1e6 0" NOFRICTION " damping velocity");
  const double Reff = 0.5, delta = 1e-3;
  const CollideStability st = collide_stability(&h, delta, Reff, 1.0, 1e-3);
  assert_rel(st.k, 1.5 * 1e6 * sqrt(Reff) * sqrt(delta), 1e-7);
}

/* Issue 26 item 2: e = 4e4 (eta = 1e6 at the default step), e = 3.9 and -2 (a step near the
 * collision time) came out with exit 0. */
static void test_collide_refuses_unstable_step(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "collide", "--model", "hooke 1e5 1e6" NOFRICTION " damping velocity", "--radius", "0.001", "0.001",
      "--density", "2500", "--v", "1");
  expect_error(&r, 2, "collide: the time step 2.27326e-07 s (--dt-fraction 0.01 of the elastic collision time "
                      "2.27326e-05 s) is not stable for this contact: omega0^2 dt^2 + 2 gamma dt = 8.683e+04 must be < 4");
  assert_non_null(strstr(r.err, "gamma = eta_n/meff = 1.91e+11 1/s"));
  assert_non_null(strstr(r.err, "use --dt below 1.047e-11 s"));
  /* undamped hooke: stable iff dt < 2/omega0 = (2/pi) t_c, dt-fraction 0.6366 */
  const char *hooke = "hooke 1e5 0" NOFRICTION " damping none";
  RUN(&r, "collide", "--model", hooke, "--radius", "0.001", "0.001", "--density", "2500", "--v", "1", "--dt-fraction",
      "0.64");
  expect_error(&r, 2, "omega0^2 dt^2 + 2 gamma dt = 4.043 must be < 4");
  assert_non_null(strstr(r.err, "use --dt below 1.447e-05 s"));
  RUN(&r, "collide", "--model", hooke, "--radius", "0.001", "0.001", "--density", "2500", "--v", "1", "--dt-fraction",
      "0.63");
  if (r.status != 0) fail_msg("%s", r.err);
  RUN(&r, "collide", "--model", hooke, "--radius", "0.001", "0.001", "--density", "2500", "--v", "1", "--dt", "1.5e-5");
  expect_error(&r, 2, "collide: --dt 1.5e-05 is not stable for this contact");
  /* the pair whose centres crossed (e = -1.99 before): refused before it runs */
  RUN(&r, "collide", "--model", "hooke 1 0" NOFRICTION " damping velocity", "--radius", "1", "1", "--mass", "1", "1",
      "--v", "3", "--dt-fraction", "1", "--phase", "0.9");
  expect_error(&r, 2, "is not stable for this contact");
  /* the library path (the verifier) refuses it too */
  CollideSpec c = collide_defaults();
  c.model = parse_ok("hooke 1e5 1e6" NOFRICTION " damping velocity");
  c.Ri = c.Rj = 1e-3, c.mi = c.mj = 1e-5, c.v0 = 1.0;
  CollideResult res;
  const char *why = NULL;
  assert_false(collide_run(&c, &res, &why));
  assert_non_null(strstr(why, "is not stable for this contact"));
}

/* A run that passes the a-priori checks and still goes deeper than a radius stops (exit 1); a
 * first contact step already deeper, infinite or vanishing scales, and a model without
 * stiffness are refused (exit 2); "captured, e = 0" after zero contact steps is gone. */
static void test_collide_refuses_impossible_runs(void **state) {
  (void)state;
  static CmdResult r;
  const char *soft = "hooke 1 0" NOFRICTION " damping velocity";
  RUN(&r, "collide", "--model", soft, "--radius", "1", "1", "--mass", "1", "1", "--v", "3");
  expect_error(&r, 1, "contact of particles id 1 and 2 (model hooke + damping velocity) is out of range");
  RUN(&r, "collide", "--model", soft, "--radius", "1", "--wall", "--mass", "1", "--v", "3");
  expect_error(&r, 1, "a particle is deeper in a wall than its radius");
  const char *hooke = "hooke 1e5 0" NOFRICTION " damping velocity";
  RUN(&r, "collide", "--model", hooke, "--radius", "0.001", "0.001", "--mass", "1", "1", "--v", "1e300");
  expect_error(&r, 2, "collide: the impact energy 1/2 meff v^2 = inf J is not a finite number > 0");
  RUN(&r, "collide", "--model", hooke, "--radius", "0.001", "0.001", "--mass", "1", "1", "--v", "1e5");
  expect_error(&r, 2, "the first step in contact would already overlap by 3.51241 m, deeper than the smaller "
                      "radius 0.001 m: the spheres would pass through in one step");
  RUN(&r, "collide", "--model", hooke, "--radius", "1e300", "1e300", "--mass", "1", "1", "--v", "1");
  expect_error(&r, 2, "the effective radius of the pair, R_i R_j/(R_i + R_j) = inf m, is not a finite number > 0");
  RUN(&r, "collide", "--model", hooke, "--radius", "1e-300", "1e-300", "--mass", "1", "1", "--v", "1");
  expect_error(&r, 2, "the effective radius of the pair, R_i R_j/(R_i + R_j) = 0 m");
  RUN(&r, "collide", "--model", hooke, "--radius", "1", "1", "--mass", "1e300", "1e300", "--v", "1");
  expect_error(&r, 2, "the effective mass of the pair, m_i m_j/(m_i + m_j) = inf kg");
  RUN(&r, "collide", "--model", "hertz/material 1e8 0 0.3" NOFRICTION " damping velocity", "--radius", "1e300",
      "1e300", "--density", "1", "--v", "1");
  expect_error(&r, 2, "collide: the masses must be finite and > 0 (got inf and inf kg");
  RUN(&r, "collide", "--model", "hooke 0 0" NOFRICTION " damping velocity", "--radius", "0.001", "0.001", "--mass",
      "1", "1", "--v", "1", "--dt", "1e-5");
  expect_error(&r, 2, "the elastic collision time of this model is inf s");
  /* a legitimate capture stays a result: overdamped, never separates */
  RUN(&r, "collide", "--model", "hooke 1e5 1e6" NOFRICTION " damping mass_velocity", "--radius", "0.001", "0.001",
      "--density", "2500", "--v", "1", "--max-tc", "5");
  if (r.status != 0) fail_msg("%s", r.err);
  assert_true(strstr(r.out, "\"captured\": true") != NULL && json_value(r.out, "contact_steps") > 0);
  /* and a good collision is unchanged: e in [0, 1] up to the integrator's error */
  RUN(&r, "collide", "--model", "hertz/material 1e8 0.5 0.3" NOFRICTION " damping tsuji", "--radius", "0.001",
      "0.001", "--density", "2500", "--v", "1");
  if (r.status != 0) fail_msg("%s", r.err);
  assert_rel(json_value(r.out, "e"), 0.5, 0.01);
}

/* A 108-sphere FCC packing with sphere 50 moved onto sphere 7 (coincident centres). */
static const char *coincident_data(void) {
  static CmdResult r;
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", test_path("fcc.data"));
  assert_int_equal(r.status, 0);
  Particles p;
  Box b;
  ErrList err = {0};
  assert_true(datafile_read(test_path("fcc.data"), &p, &b, &err));
  int64_t i7 = -1, i50 = -1;
  for (int64_t i = 0; i < p.n; i++) {
    if (p.id[i] == 7) i7 = i;
    if (p.id[i] == 50) i50 = i;
  }
  assert_true(i7 >= 0 && i50 >= 0);
  p.x[i50] = p.x[i7], p.y[i50] = p.y[i7], p.z[i50] = p.z[i7];
  assert_true(datafile_write(test_path("same.data"), &p, &b, "two coincident spheres"));
  particles_free(&p);
  return test_path("same.data");
}

/* Issue 26 item 3: run went NaN in the setup pass and exited 0 with null energies (or named
 * particle 66 at step 1); forces wrote -nan. Every strategy names the pair 7 and 50. */
static void test_setup_pass_is_checked(void **state) {
  (void)state;
  static CmdResult r;
  const char *data = coincident_data();
  const char *model = "hooke 1e5 0.5" NOFRICTION " damping velocity";
  const char *const strategy[] = {"full", "half-reduce", "half-atomic"};
  const char *want = "step 0 (setup): contact of particles id 7 and 50 (model hooke + damping velocity) is out of range";
  for (int s = 0; s < 4; s++) {
    if (s < 3)
      RUN(&r, "run", "--packing", data, "--model", model, "--steps", "2", "--dt", "1e-6", "--strategy", strategy[s]);
    else
      RUN(&r, "run", "--packing", data, "--model", model, "--steps", "2", "--dt", "1e-6", "--ref");
    expect_error(&r, 1, want);
  }
  RUN(&r, "forces", "--data", data, "--coeff", "* * hooke 1e5 0.5" NOFRICTION " damping velocity", "--out",
      test_path("f.csv"));
  expect_error(&r, 1, want);
  assert_int_equal(access(test_path("f.csv"), F_OK), -1);
  /* gamma = 1e308: an infinite pull-off force on every contact of the packing */
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--overlap", "0.01", "--out", test_path("over.data"));
  assert_int_equal(r.status, 0);
  const char *dmt = "dmt 1e8 0.3 0.3 1e308" NOFRICTION " damping velocity";
  RUN(&r, "run", "--packing", test_path("over.data"), "--model", dmt, "--steps", "2", "--dt", "1e-6");
  expect_error(&r, 1, "step 0 (setup): contact of particles id ");
  assert_non_null(strstr(r.err, "(model dmt + damping velocity) is out of range"));
  RUN(&r, "forces", "--data", test_path("over.data"), "--coeff", "* * dmt 1e8 0.3 0.3 1e308" NOFRICTION " damping velocity",
      "--out", test_path("f.csv"));
  expect_error(&r, 1, "step 0 (setup): contact of particles id ");
  assert_int_equal(access(test_path("f.csv"), F_OK), -1);
}

/* Issue 26 item 3: contact printed -nan / null and accepted an overlap that run refuses. */
static void test_contact_refuses_bad_results(void **state) {
  (void)state;
  static CmdResult r;
  const char *hooke = "hooke 1e5 0.5" NOFRICTION " damping velocity";
  RUN(&r, "contact", "--model", hooke, "--radius", "1", "2", "--mass", "1", "1", "--overlap", "1.5", "--vn", "-1");
  expect_error(&r, 1, "contact: particles 1 and 2 overlap by 1.5 m, deeper than the smaller radius 1 m");
  RUN(&r, "contact", "--model", hooke, "--radius", "1", "inf", "--mass", "1", "inf", "--overlap", "1.5", "--vn", "-1");
  expect_error(&r, 1, "contact: particle 1 and the wall overlap by 1.5 m, deeper than the sphere's radius 1 m");
  RUN(&r, "contact", "--model", hooke, "--radius", "1", "1", "--mass", "1", "1", "--x1", "0", "0", "0", "--x2", "0", "0",
      "0");
  expect_error(&r, 1, "contact: particles 1 and 2 overlap by 2 m, deeper than the smaller radius 1 m");
  assert_non_null(strstr(r.err, "contact: the contact of particles 1 and 2 has a non-finite result (vnnr = NaN"));
  const char *dmt = "dmt 1e8 0.3 0.3 1e308" NOFRICTION " damping velocity";
  RUN(&r, "contact", "--model", dmt, "--radius", "1", "1", "--mass", "1", "1", "--overlap", "0.01", "--vn", "-1");
  expect_error(&r, 1, "contact: the contact of particles 1 and 2 has a non-finite result (k_nd = -inf, Fne = -inf");
  RUN(&r, "contact", "--model", dmt, "--radius", "1", "inf", "--mass", "1", "inf", "--x1", "0", "0", "0.99", "--x2",
      "0", "0", "0");
  expect_error(&r, 1, "contact: the contact of particle 1 and the wall has a non-finite result (Fne = -inf");
  /* in range: unchanged */
  RUN(&r, "contact", "--model", hooke, "--radius", "1", "1", "--mass", "1", "1", "--overlap", "0.5", "--vn", "-1");
  assert_int_equal(r.status, 0);
  assert_rel(json_value(r.out, "F_n"), 1e5 * 0.5 + 0.5, 1e-12);
}

/* The trace hook sees every step in contact, in time order, and its largest force and overlap are
 * the result's force_max and delta_max. */
typedef struct TraceLog {
  int n;
  double t_last, f_max, d_max;
  bool ordered;
} TraceLog;

static void log_step(void *ctx, double t, double delta, double fn) {
  TraceLog *l = ctx;
  l->ordered = l->ordered && t > l->t_last;
  l->t_last = t, l->n++;
  l->f_max = fmax(l->f_max, fn), l->d_max = fmax(l->d_max, delta);
}

static void collide_trace_sees_every_contact_step(void **state) {
  (void)state;
  CollideSpec c = collide_defaults();
  c.model = parse_ok("hertz/material 1e8 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji");
  c.Ri = c.Rj = 0.005, c.mi = c.mj = 1e-3, c.v0 = 1.0;
  TraceLog l = {.t_last = -1.0, .ordered = true};
  c.trace = log_step, c.trace_ctx = &l;
  CollideResult r;
  const char *why = NULL;
  assert_true(collide_run(&c, &r, &why));
  assert_int_equal(l.n, (int)r.contact_steps);
  assert_true(l.ordered && l.n > 50);
  assert_true(l.f_max > 0.0 && l.f_max == r.force_max);
  assert_true(l.d_max == r.delta_max);
}

/* An oblique pair with friction and spin: the tangential force acts on both spheres at the one
 * contact point, so their torques have the arms R_i - delta/2 and R_j - delta/2 (docs/models.md
 * §4) and the spins change as I_i dw_i / (I_j dw_j) = (R_i - delta/2)/(R_j - delta/2), R_i/R_j to
 * delta_max/R (2e-5 here); without friction the spins pass unchanged. */
static void collide_oblique_torques_share_the_contact(void **state) {
  (void)state;
  CollideSpec c = collide_defaults();
  c.model = parse_ok("hertz/material 7e10 0.5 0.33 damping coeff_restitution tangential mindlin NULL 1.0 0.4");
  c.Ri = 0.1, c.Rj = 0.05, c.mi = 11.3, c.mj = 4.0, c.v0 = 0.2, c.vt0 = 0.3, c.wi0 = 2.0, c.wj0 = -7.0;
  CollideResult r;
  const char *why = NULL;
  assert_true(collide_run(&c, &r, &why));
  const double Li = 0.4 * c.mi * c.Ri * c.Ri * (r.wi - c.wi0), Lj = 0.4 * c.mj * c.Rj * c.Rj * (r.wj - c.wj0);
  assert_true(fabs(r.wi - c.wi0) > 0.1); /* friction acted */
  assert_rel(Li / Lj, c.Ri / c.Rj, 1e-3);
  CollideSpec f = c;
  f.model = parse_ok("hertz/material 7e10 0.5 0.33 damping coeff_restitution tangential linear_nohistory 0 0");
  CollideResult rf;
  assert_true(collide_run(&f, &rf, &why));
  assert_true(rf.wi == c.wi0 && rf.wj == c.wj0);
  assert_rel(rf.e, r.e, 1e-3); /* the normal motion barely feels the friction (the line of centres turns) */
}

const struct CMUnitTest results_tests[] = {
    cmocka_unit_test(collide_trace_sees_every_contact_step),
    cmocka_unit_test(collide_oblique_torques_share_the_contact),
    cmocka_unit_test(test_collide_stability_criterion),
    cmocka_unit_test(test_collide_refuses_unstable_step),
    cmocka_unit_test(test_collide_refuses_impossible_runs),
    cmocka_unit_test_setup_teardown(test_setup_pass_is_checked, test_dir_setup, test_dir_teardown),
    cmocka_unit_test(test_contact_refuses_bad_results),
};
const size_t results_ntests = sizeof results_tests / sizeof *results_tests;
