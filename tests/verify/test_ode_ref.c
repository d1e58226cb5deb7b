/*
 * test_ode_ref.c - the verifier's continuous-time reference (verify/oracle/ode_ref.c) against the
 * closed forms of docs/verification.md, coded here from the spec's formulas:
 *   §1.1/§1.2 hooke LSD (δ-end and Schwager–Pöschel force-end, every ζ branch), §2.1 the exact
 *   Hertz map (coeff_restitution, tsuji), the elastic Hertz collision time and δ_max, §5 the
 *   energy identities (with and without limit_damping), and the tabulated values of §3.4
 *   (viscoelastic) and §4 (Hertz + constant damping, capture).
 * Tolerances follow §7 item 1: |e_ref − e_exact| <= 3e-12 and t_c to 1e-12 (relative).
 * The models are the reference's own force law (verify/oracle/law.h), read from the same texts.
 */
#include "tests.h"

#include "law.h"
#include "ode_ref.h"

#define TOL_E 3e-12  /* §7 item 1, absolute in e */
#define TOL_TC 1e-12 /* §7 item 1, relative in t_c */

/* ---- closed forms (docs/verification.md), independent of the model kernels ---- */

/* §1.1: LSD δ-end restitution, duration times ω0, maximum overlap times ω0/v0 (ζ < 1). */
static double lsd_e(double z) { return exp(-LAW_PI * z / sqrt(1.0 - z * z)); }
static double lsd_w0tc(double z) { return LAW_PI / sqrt(1.0 - z * z); }
static double lsd_dmax(double z) {
  const double q = sqrt(1.0 - z * z);
  return z == 0.0 ? 1.0 : exp(-(z / q) * atan(q / z));
}

/* §1.2: Schwager–Pöschel force-end duration times ω0 (three branches) and restitution. */
static double sp_w0tc(double z) {
  if (z < 1.0) return atan2(2.0 * z * sqrt(1.0 - z * z), 2.0 * z * z - 1.0) / sqrt(1.0 - z * z);
  if (z == 1.0) return 2.0;
  const double q = sqrt(z * z - 1.0);
  return log((z + q) / (z - q)) / q;
}
static double sp_e(double z) { return exp(-z * sp_w0tc(z)); }

/* §2.1: elastic Hertz δ_max = (5 m v0²/(4 k_H))^(2/5) and t_c = 2 δ_max/v0 ∫_0^1 du/√(1 − u^(5/2))
 * = (4/5) B(2/5, 1/2) δ_max/v0 (the exact form behind the 3.218065 of the spec). */
static double hertz_dmax_el(double meff, double kH, double v0) { return pow(5.0 * meff * v0 * v0 / (4.0 * kH), 0.4); }
static double hertz_tc_el(double meff, double kH, double v0) {
  const double B = tgamma(0.4) * tgamma(0.5) / tgamma(0.9);
  return 0.8 * B * hertz_dmax_el(meff, kH, v0) / v0;
}

/* ---- set-up ---- */

/* A sphere of R = 5 mm, density 2500, on its twin (Reff = 2.5 mm would do as well). */
static const double REFF = 0.005, MEFF = 6.5e-4;

/* The reference's force law of a model text that must be readable. */
static LawModel law_ok(const char *text) {
  LawModel m;
  char why[256];
  if (!law_parse(text, &m, why, sizeof why)) fail_msg("law_parse('%s'): %s", text, why);
  return m;
}

static LawModel model_with(const char *fmt, double x) {
  char text[256];
  snprintf(text, sizeof text, fmt, x);
  return law_ok(text);
}

static OdeCollision collide_ok(const LawModel *m, double Reff, double meff, double v0, OdeEnd end) {
  OdeCollision c;
  assert_true(ode_collide(m, Reff, meff, v0, end, 0.0, &c));
  return c;
}

/* k_H of F_ne = k_H δ^(3/2): k √R (hertz), (4/3) E* √R (hertz/material) (§0). */
static double hertz_kH(const LawModel *m, double Reff) { return m->k * sqrt(Reff); }

/* ---- hooke (§1) ---- */

/* LSD with ζ = η/(2√(m k)); m = 0.25 kg, k = 1e4 N/m so that √(m k) = 50 and ζ = η/100 exactly. */
static const double HK_M = 0.25, HK_K = 1e4, HK_V0 = 0.5;

static void hooke_delta_end_closed_form(void **state) {
  (void)state;
  const double w0 = sqrt(HK_K / HK_M), zetas[] = {0.05, 0.3, 0.6, 0.9};
  for (size_t i = 0; i < sizeof zetas / sizeof *zetas; i++) {
    const double z = zetas[i];
    /* velocity: η = η0; mass_velocity: η = η0 m_eff (§1.3) */
    const LawModel mv = model_with("hooke 1e4 %.17g tangential linear_nohistory 0 0 damping velocity", 100.0 * z);
    const LawModel mm =
        model_with("hooke 1e4 %.17g tangential linear_nohistory 0 0 damping mass_velocity", 100.0 * z / HK_M);
    const LawModel *ms[] = {&mv, &mm};
    for (int k = 0; k < 2; k++) {
      const OdeCollision c = collide_ok(ms[k], REFF, HK_M, HK_V0, ODE_DELTA_END);
      assert_false(c.captured);
      assert_abs(c.e, lsd_e(z), TOL_E);
      assert_rel(c.t_c, lsd_w0tc(z) / w0, TOL_TC);
      assert_rel(c.delta_max, HK_V0 / w0 * lsd_dmax(z), 1e-12);
      assert_true(c.delta_end == 0.0);
    }
  }
}

static void hooke_force_end_closed_form(void **state) {
  (void)state;
  const double w0 = sqrt(HK_K / HK_M);
  /* below and above the branch change at 1/√2, critical damping, overdamped */
  const double zetas[] = {0.05, 0.3, 0.6, 0.70710678118654752, 0.9, 1.0, 1.5, 3.0};
  for (size_t i = 0; i < sizeof zetas / sizeof *zetas; i++) {
    const double z = zetas[i];
    const LawModel m = model_with("hooke 1e4 %.17g tangential linear_nohistory 0 0 damping velocity", 100.0 * z);
    assert_rel(m.eta_of / (2.0 * sqrt(HK_M * HK_K)), z, 1e-15);
    const OdeCollision c = collide_ok(&m, REFF, HK_M, HK_V0, ODE_FORCE_END);
    assert_false(c.captured);
    assert_abs(c.e, sp_e(z), TOL_E);
    assert_rel(c.t_c, sp_w0tc(z) / w0, TOL_TC);
    assert_true(c.delta_end > 0.0); /* the force vanishes while the springs still overlap */
    /* §5: U_F/E0 = 4ζ² e_F² for the LSD */
    assert_abs(c.U_F / c.E0, 4.0 * z * z * c.e * c.e, 1e-12);
  }
}

/* ζ >= 1 with δ-end: δ never returns to 0 (§1.1); reported as captured, in bounded time. */
static void hooke_capture(void **state) {
  (void)state;
  const double zetas[] = {1.0, 1.5, 3.0};
  for (size_t i = 0; i < sizeof zetas / sizeof *zetas; i++) {
    const LawModel m =
        model_with("hooke 1e4 %.17g tangential linear_nohistory 0 0 damping velocity", 100.0 * zetas[i]);
    const OdeCollision c = collide_ok(&m, REFF, HK_M, HK_V0, ODE_DELTA_END);
    assert_true(c.captured);
    assert_true(c.e == 0.0);
    assert_true(isinf(c.t_c));
    assert_true(c.steps < 100000);
  }
}

/* ---- Hertz with η ∝ √(m F/δ) (§2) ---- */

/* Both criteria map onto the LSD with ζ = α/√5 (§2.1), α = the model's D; δ_max by the map. */
static void check_hertz_exact_map(const LawModel *m, double v0) {
  const double kH = hertz_kH(m, REFF), z = m->eta_of / sqrt(5.0);
  const OdeCollision d = collide_ok(m, REFF, MEFF, v0, ODE_DELTA_END);
  const OdeCollision f = collide_ok(m, REFF, MEFF, v0, ODE_FORCE_END);
  assert_abs(d.e, lsd_e(z), TOL_E);
  assert_abs(f.e, sp_e(z), TOL_E);
  /* δ_max,Hertz/δ_max,el = (LSD ratio)^(4/5) */
  assert_rel(d.delta_max, hertz_dmax_el(MEFF, kH, v0) * pow(lsd_dmax(z), 0.8), 1e-12);
  assert_rel(f.delta_max, d.delta_max, 1e-13);
  /* §5: U_F/E0 = 4ζ² e_F² carries over through the map */
  assert_abs(f.U_F / f.E0, 4.0 * z * z * f.e * f.e, 1e-12);
}

static void hertz_coeff_restitution_exact(void **state) {
  (void)state;
  const double targets[] = {0.1, 0.5, 0.9};
  for (size_t i = 0; i < 3; i++) {
    const LawModel m = model_with(
        "hertz/material 1e7 %.17g 0.3 tangential linear_nohistory 0 0 damping coeff_restitution", targets[i]);
    check_hertz_exact_map(&m, 1.0);
    /* δ-end: e is the target itself (§2.2), at any speed */
    assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END).e, targets[i], TOL_E);
    assert_abs(collide_ok(&m, REFF, MEFF, 0.01, ODE_DELTA_END).e, targets[i], TOL_E);
  }
}

static void hertz_tsuji_exact_map(void **state) {
  (void)state;
  const double targets[] = {0.1, 0.5, 0.9};
  const double sqrt2 = 1.41421356237309504880;
  for (size_t i = 0; i < 3; i++) {
    const LawModel m =
        model_with("hertz/material 1e7 %.17g 0.3 tangential linear_nohistory 0 0 damping tsuji", targets[i]);
    /* α = √2 P(e) (LAMMPS 2Sep2026, §2.3): the model's D, P from the spec's polynomial */
    const double e = targets[i];
    const double P = 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) -
                     18.022 * pow(e, 5) + 4.8218 * pow(e, 6);
    assert_rel(m.eta_of, sqrt2 * P, 1e-13);
    check_hertz_exact_map(&m, 1.0);
    const LawModel legacy = model_with("hertz 1e6 %.17g tangential linear_nohistory 0 0 damping tsuji/legacy", e);
    check_hertz_exact_map(&legacy, 2.0);
  }
  /* the spec's table (5 digits): target 0.5 gives e_δ = .49992, e_F = .5502 */
  const LawModel m = model_with("hertz/material 1e7 %.17g 0.3 tangential linear_nohistory 0 0 damping tsuji", 0.5);
  assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END).e, 0.49992, 5e-6);
  assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_FORCE_END).e, 0.5502, 5e-5);
}

/* Elastic Hertz (damping none, or velocity with damp 0): e = 1, t_c and δ_max exact (§2.1). */
static void hertz_elastic(void **state) {
  (void)state;
  const char *texts[] = {"hertz 1e6 0 tangential linear_nohistory 0 0 damping velocity",
                         "hertz 1e6 0.3 tangential linear_nohistory 0 0 damping none",
                         "hertz/material 1e7 0 0.3 tangential linear_nohistory 0 0 damping velocity"};
  for (size_t i = 0; i < 3; i++) {
    const LawModel m = law_ok(texts[i]);
    const double kH = hertz_kH(&m, REFF), v0s[] = {1.0, 0.03};
    for (int k = 0; k < 2; k++) {
      const double v0 = v0s[k];
      for (int end = ODE_DELTA_END; end <= ODE_FORCE_END; end++) {
        const OdeCollision c = collide_ok(&m, REFF, MEFF, v0, (OdeEnd)end);
        assert_abs(c.e, 1.0, TOL_E);
        assert_rel(c.t_c, hertz_tc_el(MEFF, kH, v0), TOL_TC);
        assert_rel(c.t_c, 3.218065 * pow(MEFF / kH, 0.4) * pow(v0, -0.2), 1e-6); /* 7 digits known */
        assert_rel(c.delta_max, hertz_dmax_el(MEFF, kH, v0), 1e-12);
        assert_abs(c.W / c.E0, 0.0, 1e-15);
      }
    }
  }
}

/* ---- energy identities (§5) ---- */

static void energy_identities(void **state) {
  (void)state;
  const char *texts[] = {
      "hooke 1e4 1.5 tangential linear_nohistory 0 0 damping velocity",
      "hooke 1e4 2e6 tangential linear_nohistory 0 0 damping viscoelastic",
      "hertz/material 1e7 0.3 0.3 tangential linear_nohistory 0 0 damping tsuji",
      "hertz/material 1e7 0.7 0.3 tangential linear_nohistory 0 0 damping coeff_restitution",
      "hertz/material 1e7 5e5 0.3 tangential linear_nohistory 0 0 damping viscoelastic",
      "hertz 1e6 800 tangential linear_nohistory 0 0 damping mass_velocity",
      "hertz 1e6 0.4 tangential linear_nohistory 0 0 damping velocity",
  };
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    const LawModel m = law_ok(texts[i]);
    const OdeCollision d = collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END);
    const OdeCollision f = collide_ok(&m, REFF, MEFF, 1.0, ODE_FORCE_END);
    assert_false(d.captured);
    assert_true(d.e > 0.05 && d.e < 0.95); /* a real test of the damping work */
    /* δ-end: 1 − e² = W/E0, nothing stored at δ = 0 */
    assert_rel(d.W / d.E0, 1.0 - d.e * d.e, 1e-10);
    assert_abs(d.U_F / d.E0, 0.0, 1e-13);
    /* force-end: 1 − e_F² = (W_F + U_F)/E0 with U_F > 0, and W alone does not close it */
    assert_true(f.U_F > 1e-3 * f.E0);
    assert_rel((f.W + f.U_F) / f.E0, 1.0 - f.e * f.e, 1e-10);
    assert_true(f.e > d.e && f.t_c < d.t_c);
  }
}

/* limit_damping (δ-end): after the force first vanishes the clamp lets the pair fly apart, so
 * e equals the force-end e, and the applied damping work (η v², then F_ne v under the clamp)
 * closes the ledger: W = W_F + U_F (§0, §5). */
static void limit_damping_ledger(void **state) {
  (void)state;
  const char *texts[] = {"hertz/material 1e7 0.5 0.3 tangential linear_nohistory 0 0 damping coeff_restitution",
                         "hertz 1e6 0.4 tangential linear_nohistory 0 0 damping velocity",
                         "hooke 1e4 30 tangential linear_nohistory 0 0 damping velocity"};
  for (size_t i = 0; i < 3; i++) {
    char clamped_text[256];
    snprintf(clamped_text, sizeof clamped_text, "%s limit_damping", texts[i]);
    const LawModel m = law_ok(texts[i]), mc = law_ok(clamped_text);
    const double meff = m.normal == LAW_HOOKE ? HK_M : MEFF;
    const OdeCollision f = collide_ok(&m, REFF, meff, 1.0, ODE_FORCE_END);
    const OdeCollision c = collide_ok(&mc, REFF, meff, 1.0, ODE_DELTA_END);
    const OdeCollision cf = collide_ok(&mc, REFF, meff, 1.0, ODE_FORCE_END);
    assert_abs(c.e, f.e, 1e-13);
    assert_abs(cf.e, f.e, 1e-15);
    assert_rel(c.W / c.E0, 1.0 - c.e * c.e, 1e-10);
    assert_rel(c.W, f.W + f.U_F, 1e-10);
    /* the free flight after the force-end: δ_F at the constant speed e v0 */
    assert_rel(c.t_c, f.t_c + f.delta_end / (f.e * 1.0), 1e-11);
    if (m.damping == LAW_DAMP_COEFF_RESTITUTION) assert_abs(c.e, sp_e(m.eta_of / sqrt(5.0)), TOL_E);
  }
}

/* ---- tabulated values without closed form (§3.4, §4) ---- */

/* hertz/material + viscoelastic: e depends on b = η0 R^(1/5) (m_eff/k_n)^(3/5) v0^(1/5) only. */
static LawModel visco_model(double b, double meff, double v0, double *kn) {
  const LawModel base = law_ok("hertz/material 1e7 0 0.3 tangential linear_nohistory 0 0");
  *kn = base.k; /* (4/3) E* */
  const double eta0 = b / (pow(REFF, 0.2) * pow(meff / *kn, 0.6) * pow(v0, 0.2));
  return model_with("hertz/material 1e7 %.17g 0.3 tangential linear_nohistory 0 0 damping viscoelastic", eta0);
}

static void viscoelastic_table(void **state) {
  (void)state;
  const double b[] = {0.1, 0.5, 1.0};
  const double e_delta[] = {0.892148, 0.573825, 0.331165}, e_force[] = {0.892859, 0.595252, 0.393931};
  for (size_t i = 0; i < 3; i++) {
    double kn;
    const LawModel m = visco_model(b[i], MEFF, 1.0, &kn);
    assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END).e, e_delta[i], 1e-6);
    assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_FORCE_END).e, e_force[i], 1e-6);
  }
  /* the invariance of §3.1: another speed and mass at the same b give the same e */
  double kn;
  const LawModel m1 = visco_model(0.5, MEFF, 1.0, &kn), m2 = visco_model(0.5, 4.0 * MEFF, 0.01, &kn);
  assert_abs(collide_ok(&m2, REFF, 4.0 * MEFF, 0.01, ODE_DELTA_END).e,
             collide_ok(&m1, REFF, MEFF, 1.0, ODE_DELTA_END).e, 1e-12);
}

/* hertz + mass_velocity: e depends on γ = η0 (m_eff/k_H)^(2/5) v0^(−1/5) only (§4). */
static LawModel const_damping_model(double gamma, double v0) {
  const double kH = 1e6 * sqrt(REFF);
  return model_with("hertz 1e6 %.17g tangential linear_nohistory 0 0 damping mass_velocity",
                    gamma / (pow(MEFF / kH, 0.4) * pow(v0, -0.2)));
}

static void mass_velocity_table(void **state) {
  (void)state;
  const double g[] = {0.1, 0.5, 1.0};
  const double e_delta[] = {0.83335, 0.35691, 0.04132}, e_force[] = {0.84488, 0.46804, 0.25184};
  for (size_t i = 0; i < 3; i++) {
    const LawModel m = const_damping_model(g[i], 1.0);
    assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END).e, e_delta[i], 1e-5);
    assert_abs(collide_ok(&m, REFF, MEFF, 1.0, ODE_FORCE_END).e, e_force[i], 1e-5);
  }
  /* past γ_c = 1.128 the δ-end pair creeps into (0, 0): captured; force-end still separates */
  const LawModel m = const_damping_model(1.5, 1.0);
  const OdeCollision d = collide_ok(&m, REFF, MEFF, 1.0, ODE_DELTA_END);
  assert_true(d.captured);
  assert_true(d.e == 0.0);
  assert_true(d.steps < 100000);
  const OdeCollision f = collide_ok(&m, REFF, MEFF, 1.0, ODE_FORCE_END);
  assert_false(f.captured);
  assert_abs(f.e, 0.14908, 1e-5);
}

/* ---- every normal x damping model (mdr excepted) ---- */

/* Each model integrates under both criteria, with and without limit_damping where allowed, and
 * the ledger ½ m v_end² + U_F + W = E0 closes (three separately integrated quantities); jkr ends
 * at δ = −d_po. A strongly cohesive slow impact sticks and is reported captured. */
static void every_model(void **state) {
  (void)state;
  const char *normals[] = {"hooke 1e4 %.17g", "hertz 1e6 %.17g", "hertz/material 1e7 %.17g 0.3",
                           "dmt 1e7 %.17g 0.3 1", "jkr 1e7 %.17g 0.3 1"};
  const char *dampings[] = {"none", "velocity", "mass_velocity", "viscoelastic", "tsuji", "tsuji/legacy",
                            "coeff_restitution"};
  /* damp values of moderate dissipation for each normal model (rows) and damping (columns) */
  const double damp[5][7] = {{0, 1.5, 2353, 2e6, 0.5, 0.5, 0.5},
                             {0, 0.32, 490, 2.8e5, 0.5, 0.5, 0.5},
                             {0, 0.72, 1100, 9.3e5, 0.5, 0.5, 0.5},
                             {0, 0.72, 1100, 9.3e5, 0.5, 0.5, 0.5},
                             {0, 0.72, 1100, 9.3e5, 0.5, 0.5, 0.5}};
  int ran = 0;
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 7; j++) {
      const bool cohesive = i >= 3;
      if (cohesive && j >= LAW_DAMP_TSUJI) continue; /* tsuji, tsuji/legacy, coeff_restitution refuse cohesion */
      for (int clamp = 0; clamp <= (cohesive ? 0 : 1); clamp++) {
        char normal[96], text[256];
        snprintf(normal, sizeof normal, normals[i], damp[i][j]);
        snprintf(text, sizeof text, "%s tangential linear_nohistory 0 0 damping %s%s", normal, dampings[j],
                 clamp ? " limit_damping" : "");
        const LawModel m = law_ok(text);
        assert_int_equal((int)m.damping, j);
        for (int end = ODE_DELTA_END; end <= ODE_FORCE_END; end++) {
          const OdeCollision c = collide_ok(&m, REFF, MEFF, 1.0, (OdeEnd)end);
          if (c.captured) fail_msg("%s: captured", text);
          const double ledger = 1.0 - c.e * c.e - (c.W + c.U_F) / c.E0;
          if (!(fabs(ledger) <= 1e-10)) fail_msg("%s, end %d: energy ledger off by %.3g E0", text, end, ledger);
          if (i == 4 && end == ODE_DELTA_END)
            assert_rel(c.delta_end, -law_pulloff_distance(&m, REFF), 1e-12);
          ran++;
        }
      }
    }
  }
  assert_int_equal(ran, 2 * (3 * 7 * 2 + 2 * 4));
  /* cohesive sticking: slow impacts of damped dmt and jkr contacts never separate */
  const char *sticky[] = {"dmt 1e7 0.72 0.3 1 tangential linear_nohistory 0 0 damping velocity",
                          "jkr 1e7 0.72 0.3 1 tangential linear_nohistory 0 0 damping velocity"};
  for (int k = 0; k < 2; k++) {
    const LawModel m = law_ok(sticky[k]);
    const OdeCollision c = collide_ok(&m, REFF, MEFF, 0.01, ODE_DELTA_END);
    assert_true(c.captured);
    assert_true(c.e == 0.0);
    assert_true(c.delta_end > 0.0); /* still pressed together */
  }
}

static void bad_input(void **state) {
  (void)state;
  const LawModel m = law_ok("hooke 1e4 30 tangential linear_nohistory 0 0 damping velocity");
  OdeCollision c;
  assert_false(ode_collide(&m, REFF, MEFF, 0.0, ODE_DELTA_END, 0.0, &c));
  assert_false(ode_collide(&m, REFF, MEFF, -1.0, ODE_DELTA_END, 0.0, &c));
  assert_false(ode_collide(&m, REFF, NAN, 1.0, ODE_DELTA_END, 0.0, &c));
  assert_false(ode_collide(&m, 0.0, MEFF, 1.0, ODE_DELTA_END, 0.0, &c));
  assert_false(ode_collide(&m, REFF, MEFF, INFINITY, ODE_FORCE_END, 0.0, &c));
  assert_false(ode_collide(&m, REFF, MEFF, 1.0, (OdeEnd)7, 0.0, &c));
  assert_true(c.e == 0.0 && c.steps == 0);
  assert_false(ode_collide(NULL, REFF, MEFF, 1.0, ODE_DELTA_END, 0.0, &c));
  /* mdr (stateful) is no force law of this kind: refused when read */
  LawModel mdr;
  char why[256];
  assert_false(law_parse("mdr 1e7 0.3 1e5 0 0.8 0.1 tangential linear_nohistory 0 0 damping mdr 1", &mdr, why, sizeof why));
  /* a looser tolerance is honoured (fewer steps, still close) */
  OdeCollision fine, loose;
  assert_true(ode_collide(&m, REFF, HK_M, 1.0, ODE_DELTA_END, 0.0, &fine));
  assert_true(ode_collide(&m, REFF, HK_M, 1.0, ODE_DELTA_END, 1e-8, &loose));
  assert_true(loose.steps < fine.steps);
  assert_abs(loose.e, fine.e, 1e-6);
}

const struct CMUnitTest ode_ref_tests[] = {
    cmocka_unit_test(hooke_delta_end_closed_form), cmocka_unit_test(hooke_force_end_closed_form),
    cmocka_unit_test(hooke_capture),               cmocka_unit_test(hertz_coeff_restitution_exact),
    cmocka_unit_test(hertz_tsuji_exact_map),       cmocka_unit_test(hertz_elastic),
    cmocka_unit_test(energy_identities),           cmocka_unit_test(limit_damping_ledger),
    cmocka_unit_test(viscoelastic_table),          cmocka_unit_test(mass_velocity_table),
    cmocka_unit_test(every_model),                 cmocka_unit_test(bad_input),
};
const size_t ode_ref_ntests = sizeof ode_ref_tests / sizeof ode_ref_tests[0];
