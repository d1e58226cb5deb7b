/*
 * test_oblique_ref.c - the verifier's oblique-impact reference (verify/oracle/oblique_ref.c) against
 * closed forms coded here:
 *   - gross sliding of a rigid-body impact (Chung & Ooi 2011 eq. for tests 4-5; Maw et al.
 *     1976): V_t' = V_t - mu (1 + e) V_n and R w' = (5/2) mu (1 + e) V_n for a solid sphere on a
 *     plane, exact for any contact law while the cap holds throughout and F_n >= 0;
 *   - a linear tangential spring without slip beside a linear normal spring: the slip speed
 *     oscillates with omega_t^2 = k_t/m_t, m_t = (2/7) m (a sphere on a plane), over the
 *     normal contact time pi sqrt(m/k_n): v_s' = v_s cos(pi sqrt(7 k_t/(2 k_n)));
 *   - no friction: the tangential motion and spins pass unchanged and e is that of the head-on
 *     reference (ode_collide), which integrates the same normal law by another method.
 * And Maw, Barber & Fawcett's microslip impact (verify/oracle/mbf.c) against the same gross-sliding
 * closed form, its elastic e = 1, and the sign of its recoil (the contact point's tangential
 * velocity reverses at small angles: Maw et al. 1976; Kharaz et al. 2001 measured it).
 */
#include "tests.h"

#include "law.h"
#include "mbf.h"
#include "oblique_ref.h"
#include "ode_ref.h"

static ObliqueLaw law_of(const char *text) {
  ObliqueLaw law;
  char why[256];
  if (!oblique_law_parse(text, &law, why, sizeof why)) fail_msg("oblique_law_parse('%s'): %s", text, why);
  return law;
}

/* A 2.5 mm aluminium-oxide sphere (Chung & Ooi test 4) on a rigid plane. */
static const double R = 0.0025, M = 4.0 / 3.0 * LAW_PI * 0.0025 * 0.0025 * 0.0025 * 4000.0;

static void parse_tangential(void **state) {
  (void)state;
  ObliqueLaw law = law_of("hertz 5e11 0.9 damping coeff_restitution tangential mindlin/force 7e11 0.5 0.092");
  assert_int_equal(law.tangential, OBLIQUE_MINDLIN_FORCE);
  assert_true(law.kt == 7e11 && law.xt == 0.5 && law.mu == 0.092);
  law = law_of("hooke 1e5 0 tangential linear_nohistory 1.0 0.3 damping velocity");
  assert_int_equal(law.tangential, OBLIQUE_LINEAR_NOHISTORY);
  assert_true(law.kt == 0.0 && law.xt == 1.0 && law.mu == 0.3);
  law = law_of("hertz 5e11 0.9 damping coeff_restitution");
  assert_int_equal(law.tangential, OBLIQUE_NONE);
  char why[256];
  assert_false(oblique_law_parse("hertz/material 7e10 0.9 0.3 tangential mindlin NULL 1 0.4", &law, why, sizeof why));
  assert_non_null(strstr(why, "NULL"));
  assert_false(oblique_law_parse("hertz 5e11 0 tangential stick 1 1 1", &law, why, sizeof why));
}

static void gross_sliding_closed_form(void **state) {
  (void)state;
  const char *texts[] = {
      "hertz 5.35e11 0 damping none tangential mindlin 7e11 0 0.092",
      "hertz 5.35e11 0 damping none tangential linear_history 5e7 0 0.092",
      "hertz 5.35e11 0 damping none tangential mindlin_rescale/force 7e11 1 0.092",
  }; /* elastic: with damping the cap need not hold to the end (the dashpot's share of a stored
      * force, or a damping-dominated start, can fall inside it) */
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++) {
    const ObliqueLaw law = law_of(texts[k]);
    const double th = 80.0 * LAW_PI / 180.0, vn = 3.9 * cos(th), vt = 3.9 * sin(th);
    const ObliqueImpact imp = {.Ri = R, .mi = M, .wall = true, .v0 = vn, .vt0 = vt};
    ObliqueResult r;
    assert_true(oblique_collide(&law, &imp, 0, &r));
    assert_false(r.captured);
    const double e = r.e, J = 0.092 * (1.0 + e) * vn;
    assert_true(e > 0.5 && e <= 1.0 + 1e-12);
    assert_rel(r.vt, vt - J, 1e-9);
    assert_rel(R * r.wi, 2.5 * J, 1e-7);
    if (r.slid < 0.97) fail_msg("%s: slid %g", texts[k], r.slid); /* the cap holds from the first steps on */
  }
}

static void linear_spring_closed_form(void **state) {
  (void)state;
  const double kn = 1e6, ratios[] = {2.0 / 7.0, 1.0 / 14.0, 0.5};
  for (size_t k = 0; k < 3; k++) {
    char text[256];
    snprintf(text, sizeof text, "hooke %.17g 0 damping none tangential linear_history %.17g 0 1e6", kn, ratios[k] * kn);
    const ObliqueLaw law = law_of(text);
    const ObliqueImpact imp = {.Ri = R, .mi = M, .wall = true, .v0 = 0.2, .vt0 = 0.05, .wi0 = 30.0};
    ObliqueResult r;
    assert_true(oblique_collide(&law, &imp, 0, &r));
    const double vs0 = imp.vt0 - R * imp.wi0, vs1 = vs0 * cos(LAW_PI * sqrt(3.5 * ratios[k]));
    const double J = (vs1 - vs0) / 3.5 * M; /* the slip speed changes by 7/2 J/m */
    assert_abs(r.e, 1.0, 1e-9);
    assert_abs(r.t_c, LAW_PI * sqrt(M / kn), 1e-9 * LAW_PI * sqrt(M / kn));
    /* 1e-6: first order in the step where the cap falls to 0 at the end (up to 1.6e-7 seen) */
    assert_abs(r.vt, imp.vt0 + J / M, 1e-6 * fabs(vs0));
    assert_abs(R * r.wi, R * imp.wi0 - 2.5 * J / M, 1e-6 * fabs(vs0)); /* the torque arm -R x */
  }
}

static void frictionless_passes_through(void **state) {
  (void)state;
  const char *text = "hertz 5.35e11 0.8 damping coeff_restitution tangential linear_nohistory 1 0";
  const ObliqueLaw law = law_of(text);
  for (int wall = 0; wall < 2; wall++) {
    const ObliqueImpact imp = {.Ri = R, .Rj = 2 * R, .mi = M, .mj = 8 * M, .wall = wall, .v0 = 1.0, .vt0 = 0.3,
                               .wi0 = 5.0, .wj0 = -7.0};
    ObliqueResult r;
    assert_true(oblique_collide(&law, &imp, 0, &r));
    assert_true(r.wi == imp.wi0 && r.wj == (wall ? 0.0 : imp.wj0));
    if (!wall) { /* the line of centres turns: the normal force is central, d x u is conserved */
      assert_rel(r.vt * (R + 2 * R), imp.vt0 * (R + 2 * R), 1e-3); /* ends touching again */
    } else {
      assert_true(r.vt == imp.vt0);
      OdeCollision h;
      assert_true(ode_collide(&law.normal, R, M, 1.0, ODE_DELTA_END, 0.0, &h));
      assert_abs(r.e, h.e, 1e-6); /* fixed-step RK4 across the non-smooth onset and end */
      assert_rel(r.t_c, h.t_c, 1e-7);
    }
  }
}

/* The reference's own resolution: halving the step changes the answer by far less than the
 * bounds it judges by (a self-consistency check, not a verification). */
static void converges_in_the_step(void **state) {
  (void)state;
  const ObliqueLaw law = law_of("hertz 5.35e11 0.9 damping coeff_restitution tangential mindlin 7e11 1 0.092");
  const double th = 20.0 * LAW_PI / 180.0;
  const ObliqueImpact imp = {.Ri = R, .mi = M, .wall = true, .v0 = 3.9 * cos(th), .vt0 = 3.9 * sin(th)};
  ObliqueResult a, b;
  assert_true(oblique_collide(&law, &imp, 20000, &a));
  assert_true(oblique_collide(&law, &imp, 40000, &b));
  assert_true(a.slid > 0.05 && a.slid < 0.95); /* stick and slip both occur */
  assert_abs(a.vt, b.vt, 1e-6 * imp.vt0);
  assert_abs(R * a.wi, R * b.wi, 1e-6 * imp.vt0);
}

static void bad_input(void **state) {
  (void)state;
  const ObliqueLaw law = law_of("hertz 5e11 0 damping none");
  ObliqueResult r;
  const ObliqueImpact bad[] = {{.Ri = 0, .mi = M, .wall = true, .v0 = 1},
                               {.Ri = R, .mi = M, .wall = true, .v0 = 0},
                               {.Ri = R, .mi = M, .wall = true, .v0 = 1, .vt0 = NAN},
                               {.Ri = R, .mi = M, .Rj = R, .mj = -1, .v0 = 1}};
  for (size_t k = 0; k < 4; k++) assert_false(oblique_collide(&law, &bad[k], 0, &r));
}

static void mbf_limits(void **state) {
  (void)state;
  const double E = 380e9, nu = 0.23, G = E / (2.0 * (1.0 + nu));
  MbfImpact in = {.R = R, .m = M, .Estar = E / (1.0 - nu * nu), .Gstar = G / (2.0 - nu), .mu = 0.092};
  MbfResult r;
  const double angles[] = {15.0, 60.0, 85.0};
  double beta[3];
  for (int k = 0; k < 3; k++) {
    const double th = angles[k] * LAW_PI / 180.0;
    in.vn = 3.9 * cos(th), in.vt = 3.9 * sin(th);
    assert_true(mbf_collide(&in, &r));
    assert_abs(r.e, 1.0, 1e-6);
    beta[k] = -(r.vt - R * r.w) / in.vt;
    if (k > 0) { /* gross sliding: the rigid-body impulse, to the springs' discretisation */
      const double J = 0.092 * 2.0 * in.vn;
      assert_abs(r.vt, in.vt - J, 1e-4 * J);
      assert_abs(R * r.w, 2.5 * J, 1e-4 * J);
    }
  }
  assert_true(beta[0] > 0.0 && beta[1] < 0.0 && beta[2] < beta[1]);
  in.mu = 0.0;
  assert_true(mbf_collide(&in, &r));
  assert_true(r.vt == in.vt && r.w == 0.0);
  in.vn = 0.0;
  assert_false(mbf_collide(&in, &r));
}

const struct CMUnitTest oblique_ref_tests[] = {
    cmocka_unit_test(parse_tangential),          cmocka_unit_test(gross_sliding_closed_form),
    cmocka_unit_test(linear_spring_closed_form), cmocka_unit_test(frictionless_passes_through),
    cmocka_unit_test(converges_in_the_step),     cmocka_unit_test(bad_input),
    cmocka_unit_test(mbf_limits),
};
const size_t oblique_ref_ntests = sizeof oblique_ref_tests / sizeof oblique_ref_tests[0];
