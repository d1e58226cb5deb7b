/*
 * test_mdr.c - the MDR normal model and damping mdr (src/mdr.c) against spec §6 and §3.4:
 * every §6.1 check and message, the §6.10 verification hooks that one contact can check
 * (hertz/material limit and its 3/80 slope, the wall factor 2, yield onset, the plastic
 * loading identity, hysteresis and the residual plastic displacement, adhesion and Newton,
 * damping types 1 and 2, setup evaluations), the pre-force pass on hand-computable
 * configurations, the penalty, ddelta_bar, and the side order by tag.
 *
 * Reference values are independent of the code under test: closed forms written out here,
 * roots found here by bisection, or 30-digit mpmath evaluations of the spec's formulas
 * (quoted to 20 digits). The single-contact ramps do not run the pre-force pass between
 * steps (unless said), so the radius stays Ro and no bulk response occurs: they test the
 * contact law alone.
 */
#include <stdlib.h>

#include "mdr.h"
#include "model.h"
#include "tests.h"

static const double PI = 3.14159265358979323846;

/* ---- fixtures ---------------------------------------------------------------------------- */

static MdrParams mk(double E, double nu, double Y, double gamma, double psi_b, double damp, int d_type) {
  const double c[MDR_NCOEFF] = {E, nu, Y, gamma, psi_b, damp};
  MdrParams p;
  mdr_setup(&p, c, d_type);
  return p;
}

/* Two particles (0 and 1) and one contact's history; the state is initialised by a setup pass. */
typedef struct Fix {
  MdrParams p;
  MdrParticles s;
  double R[2];
  int64_t id[2];
  double m[2];
  double h[MDR_NHIST];
} Fix;

static void fix_init(Fix *f, MdrParams p, double Ri, double Rj) {
  memset(f, 0, sizeof *f);
  f->p = p;
  f->R[0] = Ri;
  f->R[1] = Rj;
  f->id[0] = 2; /* particle 0 has the larger tag: side 0 */
  f->id[1] = 1;
  f->m[0] = f->m[1] = 1e-3;
  mdr_particles_alloc(&f->s, 2);
  mdr_prepass_particles(&f->p, &f->s, f->R, 0, 2, false);
}

static void fix_free(Fix *f) { mdr_particles_free(&f->s); }

static MdrContactOutput pair_eval(Fix *f, double Delta, bool hu) {
  const MdrContactInput in = {.delta = Delta, .Ri = f->R[0], .Rj = f->R[1], .i = 0, .j = 1,
                              .id_i = f->id[0], .id_j = f->id[1],
                              .meff = f->m[0] * f->m[1] / (f->m[0] + f->m[1]), .n = {1, 0, 0},
                              .wall = false, .history_update = hu};
  MdrContactOutput o;
  mdr_contact(&f->p, &f->s, &in, f->h, &o);
  return o;
}

static MdrContactOutput wall_eval(Fix *f, double delta, bool hu) {
  const MdrContactInput in = {.delta = delta, .Ri = f->R[0], .i = 0, .id_i = f->id[0], .meff = f->m[0],
                              .n = {0, 0, 1}, .wall = true, .history_update = hu};
  MdrContactOutput o;
  mdr_contact(&f->p, &f->s, &in, f->h, &o);
  return o;
}

/* F_na in long double, written independently of mdr_fna (§6.5). */
static double fna_ld(double x, double A, double B, double E) {
  const long double u = (long double)x / A;
  return (double)((long double)E * A * B / 4 * (acosl(1 - 2 * u) - (2 - 4 * u) * sqrtl(u - u * u)));
}

/* Hertz/material with the same E, nu (§2.3): (4/3) E* sqrt(Reff) delta^(3/2), E* = Eeff/2. */
static double hertz_material(const MdrParams *p, double Reff, double delta) {
  return 4.0 / 3.0 * (p->E / (2 * (1 - p->nu * p->nu))) * sqrt(Reff) * pow(delta, 1.5);
}

/* Root of the §6.10.5 yield condition 4 sqrt(x)/(3 pi) = (Y/Eeff)(1.75 e^{-4.4x} + 1), x = delta/R. */
static double yield_ratio(double Y_over_Eeff) {
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < 200; k++) {
    const double x = 0.5 * (lo + hi);
    const double f = 4 * sqrt(x) / (3 * PI) - Y_over_Eeff * (1.75 * exp(-4.4 * x) + 1);
    if (f > 0) hi = x;
    else lo = x;
  }
  return 0.5 * (lo + hi);
}

/* ---- §6.1 coefficients, and the other usage messages (§3.4, §6.9) --------------------------- */

static int parse_bad(const char *text, const char *const *needles) {
  ErrList err = {0};
  ContactModel m;
  int n = model_parse(text, &m, &err);
  if (n == 0) fail_msg("accepted: %s", text);
  for (; *needles; needles++) {
    bool found = false;
    for (int i = 0; i < err.n; i++) found = found || strstr(err.msg[i], *needles);
    if (!found) {
      errlist_print(&err, stderr);
      fail_msg("no message containing \"%s\" for: %s", *needles, text);
    }
  }
  errlist_free(&err);
  return n;
}
#define BAD(text, ...) parse_bad(text, (const char *const[]){__VA_ARGS__, NULL})
#define TAIL " tangential linear_history 940 1 0.7 damping mdr 1"

static void test_coefficient_checks(void **state) {
  (void)state;
  /* The seed example is accepted (it runs: test_mdr_run.c), with MDR's 27 history values first. */
  {
    ContactModel m = parse_ok("mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5" TAIL);
    assert_int_equal(m.history_size, MDR_NHIST + 3);
  }
  /* Each §6.1 rule, with LAMMPS's message (and the word that broke it). */
  BAD("mdr 0 0.4 1.9e5 2 0.5 0.5" TAIL, "word 2 '0': normal mdr E must be > 0",
      "Illegal MDR normal model, Young's modulus must be greater than 0");
  BAD("mdr -5e6 0.4 1.9e5 2 0.5 0.5" TAIL, "Young's modulus must be greater than 0");
  BAD("mdr 5e6 0.6 1.9e5 2 0.5 0.5" TAIL, "nu must be in [0, 0.5]",
      "Illegal MDR normal model, Poisson's ratio must be between 0 and 0.5");
  BAD("mdr 5e6 -0.1 1.9e5 2 0.5 0.5" TAIL, "Poisson's ratio must be between 0 and 0.5");
  BAD("mdr 5e6 0.4 -1 2 0.5 0.5" TAIL, "word 4 '-1'",
      "Illegal MDR normal model, yield stress must be greater than or equal to 0");
  BAD("mdr 5e6 0.4 1.9e5 -2 0.5 0.5" TAIL,
      "Illegal MDR normal model, effective surface energy must be greater than or equal to 0");
  BAD("mdr 5e6 0.4 1.9e5 2 1.5 0.5" TAIL, "psi_b must be in [0, 1]",
      "Illegal MDR normal model, psi_b must be between 0 and 1.0");
  BAD("mdr 5e6 0.4 1.9e5 2 -0.1 0.5" TAIL, "psi_b must be between 0 and 1.0");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 -0.5" TAIL,
      "Illegal MDR normal model, damping coefficent must be greater than or equal to 0");
  /* All problems at once. */
  assert_true(BAD("mdr 0 0.6 -1 -2 2 -1" TAIL, "Young's", "Poisson's", "yield stress", "surface energy",
                  "psi_b must be between", "damping coefficent") >= 6);
  /* grandamp refuses Y = 0 (every contact's force would be NaN, §6.1). */
  BAD("mdr 5e6 0.4 0 2 0.5 0.5" TAIL, "word 4 '0': normal mdr Y: Y = 0 makes every contact yield");
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 NULL" TAIL, "damp cannot be NULL");
  /* damping mdr (§3.4, §3.5) */
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping mdr 3",
      "d_type must be 1 or 2", MDR_MSG_DAMPING_TYPE);
  BAD("hooke 1e6 0.5 tangential linear_nohistory 1 0.4 damping mdr 1", MDR_MSG_DAMPING_NEEDS_MDR);
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7 damping tsuji",
      MDR_MSG_NORMAL_NEEDS_DAMPING);
  BAD("mdr 5e6 0.4 1.9e5 2 0.5 0.5 tangential linear_history 940 1 0.7", "(the default)",
      MDR_MSG_NORMAL_NEEDS_DAMPING);

  /* The boundaries of §6.1 are accepted. */
  assert_null(mdr_coeff_error(0, 1e-300));
  assert_non_null(mdr_coeff_error(0, 0.0));
  assert_null(mdr_coeff_error(1, 0.0));
  assert_null(mdr_coeff_error(1, 0.5));
  assert_non_null(mdr_coeff_error(1, 0.5000001));
  assert_null(mdr_coeff_error(2, 0.0));
  assert_null(mdr_coeff_error(3, 0.0));
  assert_null(mdr_coeff_error(4, 0.0));
  assert_null(mdr_coeff_error(4, 1.0));
  assert_non_null(mdr_coeff_error(4, 1.0000001));
  assert_null(mdr_coeff_error(5, 0.0));
  assert_non_null(mdr_coeff_error(5, -1e-300));
  bool fatal;
  assert_non_null(mdr_coeff_caveat(1, 0.5, &fatal)); /* a warning */
  assert_false(fatal);
  assert_non_null(mdr_coeff_caveat(2, 0.0, &fatal));
  assert_true(fatal);
  assert_null(mdr_coeff_caveat(2, 1.0, &fatal));

  /* Derived constants (§6.1). */
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 2, 0.5, 0.5, 1);
  assert_rel(p.G, 5e6 / 2.8, 1e-15);
  assert_rel(p.kappa, 5e6 / 0.6, 1e-15);
  assert_rel(p.Eeff, 5e6 / 0.84, 1e-15);
  assert_rel(p.Eeff2particle, 5e6 / 1.68, 1e-15);
  assert_true(p.damp == 0.5 && p.d_type == 1);
}

/* ---- §6.10.1 hertz/material limit (pairs) ------------------------------------------------- */

static void test_elastic_limit_pair(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0, 1);
  const double R = 1e-3;
  /* F_MDR/F_hertz = 1 - (3/80) x + O(x^2), x = Delta/R; 30-digit values of the spec formulas. */
  const double x[] = {1e-3, 3e-3, 1e-2, 3e-2, 1e-1};
  const double ratio_ref[] = {0.99996249916290573587, 0.99988749246541901361, 0.9996249162539267244,
                              0.99887424555104145766, 0.99624158851214708066};
  double slope[5];
  for (int k = 0; k < 5; k++) {
    Fix f;
    fix_init(&f, p, R, R);
    const double D = x[k] * R;
    const MdrContactOutput o = pair_eval(&f, D, true);
    assert_int_equal(o.err, MDR_OK);
    const double ratio = o.F / hertz_material(&p, R / 2, D);
    assert_rel(ratio, ratio_ref[k], 1e-9);
    slope[k] = (1 - ratio) / x[k];
    /* Equal radii: both sides at Delta/2 exactly, identical side states (§6.4, §6.10.8). */
    assert_true(f.h[MDR_DELTA_0] == D / 2 && f.h[MDR_DELTA_1] == D / 2);
    for (int sl = 0; sl < MDR_PENALTY; sl += 2) assert_true(f.h[sl] == f.h[sl + 1]);
    fix_free(&f);
  }
  /* The spec quotes 0.999625 at 0.01 and 0.99624 at 0.1. */
  assert_true(fabs(ratio_ref[2] - 0.999625) < 5e-7 && fabs(ratio_ref[4] - 0.99624) < 5e-6);
  for (int k = 0; k < 5; k++) {
    print_message("MDR/hertz slope (1 - F_MDR/F_hertz)/(Delta/R) at Delta/R = %g: %.9f\n", x[k], slope[k]);
    assert_true(fabs(slope[k] - 3.0 / 80.0) <= 0.001 * x[k] + 1e-7); /* O(x) correction ~8.4e-4 x */
  }
  /* Linear extrapolation of the slope to Delta -> 0 from 1e-3 and 3e-3. */
  const double s0 = (slope[0] * x[1] - slope[1] * x[0]) / (x[1] - x[0]);
  print_message("MDR/hertz slope extrapolated to Delta = 0: %.9f (3/80 = 0.0375)\n", s0);
  assert_true(fabs(s0 - 0.0375) < 1e-6);

  /* Unequal radii agree with hertz/material at leading order (deviation O(Delta/R)). */
  const double Rb = 2e-3, Reff = R * Rb / (R + Rb);
  for (int k = 0; k < 3; k++) {
    Fix f;
    fix_init(&f, p, R, Rb);
    const double D = x[k] * R;
    const MdrContactOutput o = pair_eval(&f, D, true);
    const double ratio = o.F / hertz_material(&p, Reff, D);
    assert_true(fabs(ratio - 1) < 0.1 * x[k]);
    /* The radical-plane split: delta_s = h_s (first loading), summing to Delta. */
    const double hs = D * (2 * Rb - D) / (2 * (R + Rb - D)), ho = D * (2 * R - D) / (2 * (R + Rb - D));
    assert_rel(f.h[MDR_DELTA_0], hs, 1e-15);
    assert_rel(f.h[MDR_DELTA_1], ho, 1e-15);
    fix_free(&f);
  }
}

/* ---- §6.10.2 walls are a rigid flat: about twice hertz/material -------------------------- */

static void test_elastic_limit_wall(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0, 1);
  const double R = 1e-3;
  /* F_na(delta) (e^{10.7 delta/R - 10} + 1) over (4/3)(Eeff/2) sqrt(R) delta^{3/2}, 30 digits. */
  const double x[] = {1e-3, 1e-2, 1e-1};
  const double ref[] = {1.9999417630538139011, 1.9986003081546613589, 1.9851950979525036436};
  for (int k = 0; k < 3; k++) {
    Fix f;
    fix_init(&f, p, R, R);
    const MdrContactOutput o = wall_eval(&f, x[k] * R, true);
    assert_int_equal(o.err, MDR_OK);
    const double ratio = o.F / hertz_material(&p, R, x[k] * R);
    print_message("MDR wall / hertz-material wall force at delta/R = %g: %.12f\n", x[k], ratio);
    assert_rel(ratio, ref[k], 1e-9);
    /* Only side 0 is used; the wall never writes side 1 or a penalty. */
    for (int sl = 1; sl < MDR_PENALTY; sl += 2) assert_true(f.h[sl] == 0.0);
    assert_true(f.h[MDR_DELTA_0] == x[k] * R);
    assert_true(o.acc_j.Acon1 == 0.0 && o.acc_i.Acon1 > 0.0);
    fix_free(&f);
  }
}

/* ---- §6.10.5-7 yield onset, plastic loading, hysteresis, residual displacement ------------ */

static void test_yield_hysteresis_residual(void **state) {
  (void)state;
  /* The docs' example material, gamma = 0, no bulk; damping type 2 with eta_n0 = 0.5 kg/s. */
  const MdrParams p = mk(5.0e6, 0.4, 1.9e5, 0, 0, 0.5, 2);
  const double R = 1e-3;
  const double xY = yield_ratio(p.Y / p.Eeff);
  print_message("yield onset delta_Y/R = %.7f (spec 0.03530), Delta_Y = 2 delta_Y for equal spheres\n", xY);
  assert_true(fabs(xY - 0.03530) < 5e-6);
  assert_true(fabs(yield_ratio(1e-3) - 4.1975e-5) < 5e-10); /* §6.10.5 small-Y value */
  assert_rel(yield_ratio(1e-3), 4.19745046079310661458e-5, 1e-9);

  Fix f;
  fix_init(&f, p, R, R);
  const double dD = 1e-4 * R, Dmax = 0.15 * R;
  const int nup = (int)lround(Dmax / dD);
  double *Fup = calloc((size_t)nup + 1, sizeof *Fup);
  double D_yield = -1;
  for (int k = 1; k <= nup; k++) {
    const double D = k * dD;
    const MdrContactOutput o = pair_eval(&f, D, true);
    assert_int_equal(o.err, MDR_OK);
    Fup[k] = o.F;
    if (D_yield < 0 && f.h[MDR_YFLAG_0] != 0) {
      D_yield = D;
      assert_true(f.h[MDR_YFLAG_1] != 0); /* equal spheres: both sides at once */
      assert_true(f.h[MDR_DELTAY_0] == D / 2);
    }
    if (f.h[MDR_YFLAG_0] != 0) {
      /* §6.10.6: while at the maximum after yield, F_MDR = pi p_Y a_max^2 (the ΔR term cancels). */
      const double dm = f.h[MDR_DELTAMAX_MDR_0];
      const double pY = p.Y * (1.75 * exp(-4.4 * dm / R) + 1);
      const double amax2 = 2 * dm * R - dm * dm + f.h[MDR_CA_0] / PI;
      assert_rel(o.F, PI * pY * amax2, 1e-12);
      assert_true(f.h[MDR_DELTAP_0] > 0 && f.h[MDR_DELTAP_0] < dm);
    } else {
      /* Elastic: F_na(Delta/2); evaluated as written its rounding grows like (R/x)^2 (§6.5). */
      const double xr = D / 2 / R;
      assert_rel(o.F, fna_ld(D / 2, 4 * R, 2 * R, p.Eeff), 1e-9 + 5e-16 / (xr * xr));
    }
  }
  print_message("yield flagged at Delta/R = %.4f (predicted 2 delta_Y/R = %.5f, step %.0e)\n", D_yield / R,
                2 * xY, dD / R);
  assert_true(D_yield >= 2 * xY * R && D_yield - dD < 2 * xY * R);

  /* Unloading: below the loading curve, down to zero force at the residual overlap. */
  const double dp = f.h[MDR_DELTAP_0] + f.h[MDR_DELTAP_1];
  print_message("residual plastic overlap DELTAP_0 + DELTAP_1 = %.6f R after loading to %.2f R\n", dp / R, Dmax / R);
  assert_true(dp > 0 && dp < Dmax);
  double W_up = 0, W_down = 0, Fprev = Fup[nup];
  bool zero_seen = false;
  for (int k = nup - 1; k >= 1; k--) {
    const double D = k * dD;
    const MdrContactOutput o = pair_eval(&f, D, true);
    assert_int_equal(o.err, MDR_OK);
    assert_true(o.F < Fup[k] || (o.F == 0 && Fup[k] == 0));
    assert_true(o.F <= Fprev); /* monotone unloading */
    W_up += 0.5 * (Fup[k] + Fup[k + 1]) * dD;
    W_down += 0.5 * (o.F + Fprev) * dD;
    Fprev = o.F;
    if (D > dp + 1e-12 * R) {
      assert_true(o.F > 0 && o.eta == p.damp); /* type 2: eta_n0 while DAMP_SCALE != 0 */
    } else {
      /* §6.10.7: zero force at and below Delta = DELTAP_0 + DELTAP_1, and no damping (§3.4). */
      assert_true(o.F == 0.0 && o.damp_scale == 0.0 && o.eta == 0.0);
      zero_seen = true;
    }
  }
  W_up += 0.5 * Fup[1] * dD;
  W_down += 0.5 * Fprev * dD;
  print_message("loading work %.6e J, unloading work %.6e J: plastic dissipation %.1f%%\n", W_up, W_down,
                100 * (W_up - W_down) / W_up);
  assert_true(zero_seen);
  assert_true(W_down < 0.9 * W_up);
  /* Right at the residual overlap the force vanishes, to the rounding of delta_e ~ 1e-16 A,
   * which acos(1 - 2 delta_e/A) turns into ~ sqrt(2e-16) of Eeff A B/4 (§6.5 precision). */
  const MdrContactOutput o = pair_eval(&f, dp, true);
  print_message("force at the residual overlap: %.3e N (loading maximum %.3e N)\n", o.F, Fup[nup]);
  assert_true(fabs(o.F) <= 1e-7 * Fup[nup]);
  free(Fup);
  fix_free(&f);
}

/* Elastic limit: loading and unloading follow the same curve (the split of equal radii is exact). */
static void test_elastic_path_independence(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0, 1);
  Fix f;
  fix_init(&f, p, 1e-3, 1e-3);
  /* (Overlaps >= 4e-3 R: below, F_na's own rounding, §6.5, exceeds the tolerance.) */
  double Fup[51];
  for (int k = 1; k <= 50; k++) Fup[k] = pair_eval(&f, k * 4e-6, true).F;
  for (int k = 49; k >= 1; k--) assert_rel(pair_eval(&f, k * 4e-6, true).F, Fup[k], 1e-10);
  assert_true(f.h[MDR_YFLAG_0] == 0 && f.h[MDR_DELTAP_0] == 0);
  fix_free(&f);
}

/* ---- adhesion (§6.5, §6.7) --------------------------------------------------------------- */

static void test_newton_and_critical_radius(void **state) {
  (void)state;
  const double Eeff = 5e6 / 0.84, g = 2.0;
  /* a_crit: the closed form is the root of 2 A^2 Eeff a^3 + pi gamma B^2 a^2 - pi gamma B^4/4
   * (f'(a) = 0); 30-digit value for A = 4e-4, B = 2e-3. */
  const double A = 4e-4, B = 2e-3;
  const double ac = mdr_critical_radius(A, B, g, Eeff);
  assert_rel(ac, 2.3198406877268406754e-4, 1e-12);
  const double cubic = 2 * A * A * Eeff * ac * ac * ac + PI * g * B * B * ac * ac - PI * g * B * B * B * B / 4;
  assert_true(fabs(cubic) <= 1e-12 * PI * g * B * B * B * B / 4);
  /* A negative radicand (very large gamma) gives NaN (§6.5), which never detaches. */
  assert_true(isnan(mdr_critical_radius(A, B, 1e3 * sqrt(27.0) * A * A * Eeff / (2 * B * PI), Eeff)));

  /* Newton on the elastic indenter A = 4R, B = 2R: choose a root and the delta_e it implies. */
  const double R = 1e-3, Ae = 4 * R, Be = 2 * R;
  const double acr = mdr_critical_radius(Ae, Be, g, Eeff);
  const double a_true = 2.5 * acr;
  const double de = Ae / 2 - (Ae / Be) * sqrt(Be * Be / 4 - a_true * a_true) - sqrt(2 * PI * a_true * g / Eeff);
  int it;
  const double a = mdr_adhesive_radius(de, Ae, Be, g, Eeff, 1.1 * a_true, &it);
  const double fa = de - Ae / 2 + (Ae / Be) * sqrt(Be * Be / 4 - a * a) + sqrt(2 * PI * a * g / Eeff);
  print_message("Newton: a = %.12e (root %.12e), |f| = %.2e m after %d updates\n", a, a_true, fabs(fa), it);
  assert_true(fabs(fa) < MDR_EPSILON1);
  assert_true(it >= 1 && it <= 8);
  assert_rel(a, a_true, 1e-4);
  assert_rel(mdr_g(a_true, Ae, Be), de + sqrt(2 * PI * a_true * g / Eeff), 1e-10);
  /* Already converged: no update. */
  mdr_adhesive_radius(de, Ae, Be, g, Eeff, a_true, &it);
  assert_int_equal(it, 0);
  /* A NaN iterate (start beyond B/2) meets neither stop test: 100 updates, then a = 0. */
  assert_true(mdr_adhesive_radius(de, Ae, Be, g, Eeff, 0.6 * Be, &it) == 0.0);
  assert_int_equal(it, MDR_MAX_IT);
  /* g(a): 0 at a = 0, A/2 at a = B/2. */
  assert_true(mdr_g(0, Ae, Be) == 0.0);
  assert_rel(mdr_g(Be / 2, Ae, Be), Ae / 2, 1e-15);
}

/* Hand-set wall states reach case 2 and case 3 of §6.5 (elastic, gamma > 0). */
static void test_adhesion_cases(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 2.0, 0, 0.3, 1);
  const double R = 1e-3, E = p.Eeff, g = p.gamma, A = 4 * R, B = 2 * R;
  const double amax = sqrt(2e-5 * R);
  for (int c = 2; c <= 3; c++) {
    Fix f;
    fix_init(&f, p, R, R);
    const double aadh = c == 2 ? 1e-4 : 1.3e-4, d = c == 2 ? 0.9e-6 : 1e-7;
    f.h[MDR_DELTA_0] = f.h[MDR_DELTA_MDR_0] = f.h[MDR_DELTAO_0] = 1e-6;
    f.h[MDR_DELTAMAX_MDR_0] = f.h[MDR_DELTA_MAX] = 2e-5;
    f.h[MDR_AADH_0] = aadh;
    const MdrContactOutput o = wall_eval(&f, d, true);
    assert_int_equal(o.err, MDR_OK);
    const double ga = A / 2 - (A / B) * sqrt(B * B / 4 - aadh * aadh);
    const double lmax = sqrt(2 * PI * aadh * g / E);
    const double wfm = exp(10.7 * d / R - 10) + 1;
    assert_true(sqrt(d * R - d * d / 4) < fmin(aadh, 0.99 * amax)); /* a_na below a_adh: springs */
    if (c == 2) {
      assert_true(d + lmax - ga >= 0);
      const double F = fna_ld(ga, A, B, E) + 2 * E * (d - ga) * aadh;
      assert_true(F < 0); /* tension */
      assert_rel(o.F, F * wfm, 1e-9);
      assert_true(f.h[MDR_AADH_0] == aadh); /* case 2 does not write AADH */
      assert_rel(o.damp_scale, sqrt(f.m[0] * E * aadh / 2), 1e-14); /* wall: sqrt(meff Eeff a_0/2) */
      assert_rel(o.eta, p.damp * o.damp_scale, 1e-15);
    } else {
      assert_true(d + lmax - ga < 0);
      assert_true(aadh > mdr_critical_radius(A, B, g, E));
      const double a = f.h[MDR_AADH_0]; /* the Newton result */
      /* Bisection on the stable branch [a_crit, aadh] for f(a) = 0. */
      double lo = mdr_critical_radius(A, B, g, E), hi = aadh;
      for (int k = 0; k < 200; k++) {
        const double m = 0.5 * (lo + hi);
        const double fm = d - A / 2 + (A / B) * sqrt(B * B / 4 - m * m) + sqrt(2 * PI * m * g / E);
        if (fm > 0) lo = m; /* f(a_crit) > 0 > f(a_adh) */
        else hi = m;
      }
      print_message("case 3: Newton a = %.10e, bisection %.10e, a_adh before %.3e\n", a, lo, aadh);
      assert_true(a > 0 && a < aadh);
      assert_rel(a, lo, 1e-5);
      const double gn = A / 2 - (A / B) * sqrt(B * B / 4 - a * a);
      assert_rel(o.F, (fna_ld(gn, A, B, E) + 2 * E * (d - gn) * a) * wfm, 1e-9);
      assert_true(o.F < 0);
      assert_rel(o.damp_scale, sqrt(f.m[0] * E * a / 2), 1e-14); /* damping radius: the new a */
    }
    fix_free(&f);
  }
}

/* A load-unload ramp with adhesion: tension on unloading, then detachment (§6.7, §3.4). */
static void test_adhesion_ramp(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 2.0, 0, 0.5, 2);
  const double R = 1e-3, dD = 1e-4 * R;
  Fix f;
  fix_init(&f, p, R, R);
  /* The first evaluation of an adhesive contact has no damping radius (§3.4). */
  MdrContactOutput o = pair_eval(&f, dD, true);
  assert_true(o.damp_scale == 0.0 && o.eta == 0.0 && f.h[MDR_AADH_0] > 0);
  o = pair_eval(&f, 2 * dD, true);
  assert_true(o.damp_scale > 0.0 && o.eta == p.damp);
  for (int k = 3; k <= 1000; k++) o = pair_eval(&f, k * dD, true);
  double Fmin = 0, D_detach = -1;
  for (int k = 999; k >= 1; k--) {
    o = pair_eval(&f, k * dD, true);
    assert_int_equal(o.err, MDR_OK);
    if (o.F < Fmin) Fmin = o.F;
    if (D_detach < 0 && Fmin < 0 && f.h[MDR_AADH_0] == 0.0) D_detach = k * dD;
  }
  print_message("adhesive ramp: most tensile force %.4e N, detached at Delta/R = %.4f (residual %.4f)\n", Fmin,
                D_detach / R, (f.h[MDR_DELTAP_0] + f.h[MDR_DELTAP_1]) / R);
  assert_true(Fmin < 0);
  assert_true(D_detach > 0);
  /* After detachment: no force, no damping, while still overlapping (case 1 with delta_e <= 0). */
  o = pair_eval(&f, D_detach - dD, true);
  assert_true(o.F == 0.0 && o.eta == 0.0);
  fix_free(&f);
}

/* ---- §3.4 damping mdr 1 and 2 ------------------------------------------------------------ */

static void test_damping_types(void **state) {
  (void)state;
  const double R = 1e-3, D = 2e-5;
  for (int t = 1; t <= 2; t++) {
    const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0.1, t);
    Fix f;
    fix_init(&f, p, R, R);
    const double meff = f.m[0] * f.m[1] / (f.m[0] + f.m[1]);
    /* Setup on a fresh contact: DAMP_SCALE is still 0, so no damping of either type (§3.4). */
    MdrContactOutput o = pair_eval(&f, D, false);
    assert_true(o.damp_scale == 0.0 && o.eta == 0.0);
    o = pair_eval(&f, D, true);
    /* §6.10.4: DAMP_SCALE = sqrt(2 meff Eeff sqrt(2 R Delta - Delta^2/4)) for equal radii: the
     * damping radius is the SUM of the two sides' a_na (LAMMPS's code; its docs' k_mdr =
     * 2 E_eff a_mdr would read a_mdr as one contact radius, §3.4, unverified §10). */
    const double ds = sqrt(2 * meff * p.Eeff * sqrt(2 * R * D - D * D / 4));
    assert_rel(o.damp_scale, ds, 1e-14);
    assert_rel(o.a_damp, 2 * sqrt(D / 2 * R - D * D / 16), 1e-14);
    assert_rel(o.a_damp, sqrt(2 * R * D - D * D / 4), 1e-14); /* not the mean: twice it */
    assert_rel(o.eta, t == 1 ? 0.1 * ds : 0.1, 1e-14);
    assert_true(f.h[MDR_DAMP_SCALE] == o.damp_scale);
    /* d_type 1 acts as Tsuji-form damping with alpha ~ sqrt(6) eta_n0 (§3.4). */
    if (t == 1) assert_rel(o.eta, sqrt(6.0) * 0.1 * sqrt(meff * o.F / D), 2e-3);
    /* The tangential models see the default contact radius (§1.4). */
    assert_rel(o.a, sqrt(D * R / 2), 1e-15);
    /* Setup afterwards uses the stored DAMP_SCALE. */
    const MdrContactOutput o2 = pair_eval(&f, 1.5 * D, false);
    assert_true(o2.damp_scale == o.damp_scale && o2.eta == o.eta);
    fix_free(&f);
  }
  /* Wall: DAMP_SCALE = sqrt(meff Eeff a_0/2), about (3/8) F/delta in k (§3.4). */
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0.1, 1);
  Fix f;
  fix_init(&f, p, R, R);
  const MdrContactOutput o = wall_eval(&f, D, true);
  const double a0 = sqrt(D * R - D * D / 4);
  assert_rel(o.damp_scale, sqrt(f.m[0] * p.Eeff * a0 / 2), 1e-14);
  assert_rel(o.damp_scale * o.damp_scale / f.m[0], 3.0 / 8.0 * o.F / D, 5e-3);
  fix_free(&f);
}

/* ---- setup evaluations (§6.0, §6.10.10) ---------------------------------------------------- */

static void test_setup_evaluation(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 2.0, 0, 0.5, 1);
  const double R = 1e-3;
  /* A fresh overlapping pair in setup: only DELTA_MAX and DELTAMAX_MDR become non-zero. */
  Fix f;
  fix_init(&f, p, R, R);
  MdrContactOutput o = pair_eval(&f, 0.1 * R, false);
  assert_int_equal(o.err, MDR_OK);
  for (int k = 0; k < MDR_NHIST; k++)
    if (k != MDR_DELTA_MAX && k != MDR_DELTAMAX_MDR_0 && k != MDR_DELTAMAX_MDR_1) assert_true(f.h[k] == 0.0);
  assert_true(f.h[MDR_DELTA_MAX] == 0.1 * R && f.h[MDR_DELTAMAX_MDR_0] == 0.05 * R);
  assert_true(o.damp_scale == 0 && o.eta == 0 && o.F > 0);
  assert_true(o.warn_preexisting); /* 0.05 R > delta_Y = 0.0353 R: would yield at once */
  MdrAccum zero = {0};
  assert_memory_equal(&o.acc_i, &zero, sizeof zero);
  assert_memory_equal(&o.acc_j, &zero, sizeof zero);
  /* The first regular step at the same overlap flags the yield (still at the maximum). */
  o = pair_eval(&f, 0.1 * R, true);
  assert_true(f.h[MDR_YFLAG_0] == 1.0 && !o.warn_preexisting);
  fix_free(&f);

  /* Below yield: no warning. */
  fix_init(&f, p, R, R);
  assert_false(pair_eval(&f, 0.01 * R, false).warn_preexisting);
  fix_free(&f);

  /* After regular loading (yield, adhesion), a setup evaluation changes no stored state. */
  fix_init(&f, p, R, 1.5 * R);
  for (int k = 1; k <= 600; k++) pair_eval(&f, k * 1e-4 * R, true);
  for (int k = 599; k >= 300; k--) pair_eval(&f, k * 1e-4 * R, true);
  double h0[MDR_NHIST];
  memcpy(h0, f.h, sizeof h0);
  MdrParticles s0;
  mdr_particles_alloc(&s0, 2);
  double *arrays0[] = {s0.Ro, s0.Vcaps, s0.Vgeo, s0.Velas, s0.eps_bar, s0.Acon0, s0.psi};
  double *arrays1[] = {f.s.Ro, f.s.Vcaps, f.s.Vgeo, f.s.Velas, f.s.eps_bar, f.s.Acon0, f.s.psi};
  for (int k = 0; k < 7; k++) memcpy(arrays0[k], arrays1[k], 2 * sizeof(double));
  const double Fprev = pair_eval(&f, 300 * 1e-4 * R, false).F; /* same geometry */
  assert_memory_equal(f.h, h0, sizeof h0);
  o = pair_eval(&f, 310 * 1e-4 * R, false); /* moved: only the two "always" slots may change */
  for (int k = 0; k < MDR_NHIST; k++)
    if (k != MDR_DELTA_MAX && k != MDR_DELTAMAX_MDR_0 && k != MDR_DELTAMAX_MDR_1) assert_true(f.h[k] == h0[k]);
  assert_memory_equal(&o.acc_i, &zero, sizeof zero);
  assert_false(isnan(Fprev));
  /* The setup pre-force pass keeps initialised particles (and their radius) as they are. */
  double Rcopy[2] = {f.R[0], f.R[1]};
  f.s.ddelta_bar[0] = 1.0;
  f.s.Vcaps[0] = 1e-12;
  mdr_prepass_particles(&p, &f.s, f.R, 0, 2, false);
  assert_true(f.R[0] == Rcopy[0] && f.R[1] == Rcopy[1]);
  assert_true(f.s.ddelta_bar[0] == 0.0 && f.s.Vcaps[0] == 1e-12);
  for (int k = 0; k < 7; k++)
    if (arrays1[k] != f.s.Vcaps) assert_memory_equal(arrays0[k], arrays1[k], 2 * sizeof(double));
  mdr_particles_free(&s0);
  fix_free(&f);
}

/* ---- the pre-force pass (§6.3) ------------------------------------------------------------ */

static void test_prepass_hand_values(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 0, 0.5, 0, 1);
  MdrParticles s;
  mdr_particles_alloc(&s, 3);
  double R[3] = {1.0, 2.0, 1.0};
  /* Initialisation in setup: Ro = R, Vgeo = Vo, Velas = Vo, Atot = 4 pi R^2, psi = 1. */
  s.dRavg[1] = 7.0; /* dRavg is not reset by the initialisation */
  mdr_prepass_particles(&p, &s, R, 0, 3, false);
  assert_true(s.Ro[1] == 2.0 && s.history_setup_flag[1] == 1.0 && s.psi[1] == 1.0 && s.dRavg[1] == 7.0);
  assert_rel(s.Vgeo[1], 4.0 / 3.0 * PI * 8, 1e-15);
  assert_rel(s.Velas[1], 4.0 / 3.0 * PI * 8, 1e-15);
  assert_rel(s.Atot[1], 16 * PI, 1e-15);
  assert_true(R[1] == 2.0);

  /* A regular step with the sums a previous force pass left (particle 0, R = Ro = 1). */
  s.Vcaps[0] = 0.1;
  s.eps_bar[0] = -0.01;
  s.Atot_sum[0] = -0.2;
  s.Acon1[0] = 0.5;
  s.dRnumerator[0] = -0.3;
  s.dRdenominator[0] = 1.0;
  s.ddelta_bar[0] = 3.0;
  /* Particle 2: psi below psi_b, no growth despite the same sums. */
  s.Acon1[2] = 0.9 * 4 * PI;
  s.dRnumerator[2] = -0.3;
  s.dRdenominator[2] = 1.0;
  mdr_prepass_particles(&p, &s, R, 0, 3, true);
  const double Vo = 4.0 / 3.0 * PI;
  assert_rel(s.Vgeo[0], Vo - 0.1, 1e-15);
  assert_rel(s.Velas[0], Vo * 0.99, 1e-15);
  assert_rel(s.Atot[0], 4 * PI - 0.2, 1e-15);
  const double psi = (4 * PI - 0.2 - 0.5) / (4 * PI - 0.2);
  assert_rel(s.psi[0], psi, 1e-15);
  assert_rel(s.psi[0], 0.9595677652, 1e-9); /* by hand: 11.866370614/12.366370614 */
  const double wc = 1 / (1 + exp(-75 * (psi - 0.2)));
  const double dR = wc * -0.3 / (1.0 - 4 * PI);
  assert_rel(dR, 0.0259373, 1e-5); /* by hand: 0.3/(4 pi - 1) */
  assert_rel(s.dRavg[0], dR / 10, 1e-15); /* the 10-step smoothing from dRavg = 0 */
  assert_rel(R[0], 1 + dR / 10, 1e-15);
  assert_true(s.Acon0[0] == 0.5); /* Acon0 <- Acon1, then the accumulators are zeroed */
  assert_true(s.Acon1[0] == 0 && s.Vcaps[0] == 0 && s.eps_bar[0] == 0 && s.dRnumerator[0] == 0 &&
              s.dRdenominator[0] == 0 && s.Atot_sum[0] == 0 && s.ddelta_bar[0] == 0);
  assert_rel(s.psi[2], 0.1, 1e-14);
  assert_true(R[2] == 1.0 && s.dRavg[2] == 0.0); /* psi <= psi_b: no radius update */
  /* Particle 1 had no contacts: psi = 1, dR = max(0/(0 - 4 pi R^2), 0) = 0, no change. */
  assert_true(R[1] == 2.0 && s.dRavg[1] == 7.0);

  /* Second growth step: dRavg <- dRavg + (dR - dRavg)/10 with the new R. */
  const double R1 = R[0], avg1 = s.dRavg[0];
  s.dRnumerator[0] = -0.3;
  s.dRdenominator[0] = 1.0;
  mdr_prepass_particles(&p, &s, R, 0, 1, true);
  const double psi2 = 1.0; /* no sums left: Atot = 4 pi R^2, Acon1 = 0 */
  const double dR2 = (1 / (1 + exp(-75 * (psi2 - 0.2)))) * -0.3 / (1.0 - 4 * PI * R1 * R1);
  assert_rel(s.dRavg[0], avg1 + (dR2 - avg1) / 10, 1e-15);
  assert_rel(R[0], R1 + s.dRavg[0], 1e-15);

  /* The 1.5 Ro cap is tested with dR, not dRavg. */
  R[0] = 1.49;
  s.dRavg[0] = 0.0;
  s.dRnumerator[0] = -0.3;
  s.dRdenominator[0] = 1.0;
  mdr_prepass_particles(&p, &s, R, 0, 1, true);
  assert_true(R[0] == 1.49 && s.dRavg[0] > 0); /* R + dR >= 1.5 Ro: dRavg moves, R does not */
  /* psi <= 0.1: w_c = 0, no growth (with psi_b = 0). */
  const MdrParams p0 = mk(5e6, 0.4, 1.9e5, 0, 0, 0, 1);
  R[2] = 1.0;
  s.Acon1[2] = 0.95 * 4 * PI;
  s.dRnumerator[2] = -0.3;
  s.dRavg[2] = 0;
  mdr_prepass_particles(&p0, &s, R, 2, 3, true);
  assert_true(s.psi[2] <= 0.1 && R[2] == 1.0 && s.dRavg[2] == 0.0);

  /* mdr_particles_permute moves every array. */
  const int64_t order[3] = {2, 0, 1};
  const double ro1 = s.Ro[1], psi0 = s.psi[0];
  mdr_particles_permute(&s, order, 1);
  assert_true(s.Ro[2] == ro1 && s.psi[1] == psi0);
  mdr_particles_free(&s);
}

/* Plastic loading through the full step cycle (pre-force pass, contact, reduction) grows the
 * radius, with the first increment one tenth of dR (§6.3). */
static void test_radius_growth_cycle(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 0, 0, 0, 1);
  const double R0 = 1e-3;
  Fix f;
  fix_init(&f, p, R0, R0);
  bool grew = false;
  for (int k = 1; k <= 1200; k++) {
    /* Expected increment from the sums the previous pass left (§6.3). */
    const double R = f.R[0], dRnum = f.s.dRnumerator[0], dRden = f.s.dRdenominator[0];
    const double Atot = 4 * PI * R * R + f.s.Atot_sum[0];
    const double psi = (Atot - f.s.Acon1[0]) / Atot;
    const double wc = psi > 0.1 ? 1 / (1 + exp(-75 * (psi - 0.2))) : 0;
    double dR = wc * dRnum / (dRden - 4 * PI * R * R);
    dR = dR > 0 ? dR : 0;
    const double avg = dR > 0 ? f.s.dRavg[0] + (dR - f.s.dRavg[0]) / 10 : f.s.dRavg[0];
    mdr_prepass_particles(&f.p, &f.s, f.R, 0, 2, true);
    if (dR > 0 && R + dR < 1.5 * R0) {
      assert_rel(f.R[0], R + avg, 1e-14);
      if (!grew) assert_rel(f.R[0] - R, dR / 10, 1e-6); /* (a difference of ~1e-3 m numbers) */
      grew = true;
    } else {
      assert_true(f.R[0] == R);
    }
    /* Overlap from a fixed centre distance 2 R0 - k * 1e-7 with the current radii. */
    const double Delta = f.R[0] + f.R[1] - (2 * R0 - k * 1e-7);
    const MdrContactOutput o = pair_eval(&f, Delta, true);
    assert_int_equal(o.err, MDR_OK);
    mdr_accum_add(&f.s, 0, &o.acc_i);
    mdr_accum_add(&f.s, 1, &o.acc_j);
  }
  print_message("radius after plastic compaction to 2R0 - r = 0.12 R0: R/R0 = %.6f (cap 1.5)\n", f.R[0] / R0);
  assert_true(grew && f.R[0] > R0 && f.R[0] < 1.5 * R0 + 1e-3 * R0);
  assert_true(f.R[0] == f.R[1]); /* equal spheres stay equal */
  fix_free(&f);
}

/* The bulk response (psi < psi_b): F_BULK = kappa Acon0 delta_BULK A_c/Vgeo (§6.5). */
static void test_bulk_response(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0.5, 0, 1);
  const double R = 1e-3;
  Fix f;
  fix_init(&f, p, R, R);
  f.s.psi[0] = 0.3;
  f.s.ddelta_bar[0] = 1e-7;
  f.s.Acon0[0] = 1e-7;
  f.h[MDR_DELTA_0] = f.h[MDR_DELTA_MDR_0] = f.h[MDR_DELTAMAX_MDR_0] = f.h[MDR_DELTAO_0] = 1e-6;
  f.h[MDR_DELTA_MAX] = 1e-6;
  const MdrContactOutput o = wall_eval(&f, 1.2e-6, true);
  /* d_MDR = min(2e-7 - 1e-7, 1.2e-6 - 1e-6) = 1e-7, d_BULK = 1e-7. */
  assert_rel(f.h[MDR_DELTA_MDR_0], 1.1e-6, 1e-12);
  assert_rel(f.h[MDR_DELTA_BULK_0], 1e-7, 1e-12);
  const double Ac = PI * 1.2e-6 * R, Vgeo = 4.0 / 3.0 * PI * R * R * R;
  const double Fb = p.kappa * 1e-7 * 1e-7 * Ac / Vgeo;
  const double Fm = fna_ld(1.1e-6, 4 * R, 2 * R, p.Eeff);
  const double wfm = exp(10.7 * 1.2e-6 / R - 10) + 1;
  assert_rel(o.F, (Fm + Fb) * wfm, 1e-8);
  assert_rel(o.acc_i.Acon1, Ac, 1e-15);
  assert_rel(o.acc_i.Atot_sum, Ac - 2 * PI * R * (1.1e-6 + 1e-7), 1e-12);
  fix_free(&f);
}

/* ---- penalty (§6.3 step 5, §6.10.9) ------------------------------------------------------- */

typedef struct Three {
  double x[3], y[3], z[3], R[3];
  int64_t id[3];
} Three;

static MdrGeometry geom(const Three *t) {
  MdrGeometry g = {.x = t->x, .y = t->y, .z = t->z, .radius = t->R, .id = t->id,
                   .len = {0, 0, 0}, .half = {INFINITY, INFINITY, INFINITY}};
  return g;
}

static void test_penalty(void **state) {
  (void)state;
  const int32_t all[3] = {0, 1, 2};
  /* Sample values of the sigmoid (§6.3). */
  assert_rel(mdr_penalty_sigmoid(PI / 2), 0.5, 1e-15);
  assert_rel(mdr_penalty_sigmoid(PI / 3), 2.40311712818926447960e-4, 1e-12);
  assert_rel(1 - mdr_penalty_sigmoid(PI), 1.38879438647711456099e-11, 1e-4);

  /* Three on a line, zero overlap between the outer two: the outer pair is switched off. */
  Three t = {.x = {0, 2, 1}, .R = {1, 1, 1}, .id = {1, 2, 3}};
  MdrGeometry g = geom(&t);
  const double pab = mdr_pair_penalty(&g, 0, 1, all, 3);
  const double w = fmax(1 - pab, 0);
  print_message("penalty on a line: w = %.4e (spec 1.4e-11)\n", w);
  assert_rel(w, 1.38879438647711456099e-11, 1e-4);
  assert_true(mdr_pair_penalty(&g, 0, 2, all, 3) == 0.0 && mdr_pair_penalty(&g, 1, 2, all, 3) == 0.0);
  assert_true(mdr_pair_penalty(&g, 1, 0, all, 3) == pab); /* the pair's orientation does not matter */
  /* A third particle that does not touch both contributes nothing. */
  t.y[2] = 0.5;
  t.R[2] = 0.1; /* 1.1 < r = 1.118 */
  assert_true(mdr_pair_penalty(&g, 0, 1, all, 3) == 0.0);

  /* A right angle at c gives w = 0.5. */
  Three r = {.x = {1, 0, 0}, .y = {0, 1, 0}, .R = {0.75, 0.75, 0.75}, .id = {1, 2, 3}};
  g = geom(&r);
  assert_rel(mdr_pair_penalty(&g, 0, 1, all, 3), 0.5, 1e-15);

  /* Near-equilateral: whichever side is longest gets sigma(pi/3) and the others nothing. */
  Three e = {.x = {0, 1, 0.5}, .y = {0, 0, 0.86602540378443864676}, .R = {0.6, 0.6, 0.6}, .id = {1, 2, 3}};
  g = geom(&e);
  const double s01 = mdr_pair_penalty(&g, 0, 1, all, 3), s02 = mdr_pair_penalty(&g, 0, 2, all, 3),
               s12 = mdr_pair_penalty(&g, 1, 2, all, 3);
  assert_rel(s01 + s02 + s12, 2.40311712818926447960e-4, 1e-6);
  assert_int_equal((s01 > 0) + (s02 > 0) + (s12 > 0), 1);

  /* An exact tie of the longest side (ac = bc = sqrt 5): exactly one pair gets it, the one
   * whose opposite particle has the larger tag: (a, c), opposite b (tag 2 > tag 1 of a). */
  Three tie = {.x = {0, 2, 1}, .y = {0, 0, 2}, .R = {1.2, 1.2, 1.2}, .id = {1, 2, 3}};
  g = geom(&tie);
  const double angle_b = acos(1 / sqrt(5.0)); /* at b, between b->a and b->c */
  assert_rel(mdr_pair_penalty(&g, 0, 2, all, 3), mdr_penalty_sigmoid(angle_b), 1e-15);
  assert_rel(mdr_pair_penalty(&g, 0, 2, all, 3), 6.23722624934333738437e-4, 1e-12);
  assert_true(mdr_pair_penalty(&g, 1, 2, all, 3) == 0.0 && mdr_pair_penalty(&g, 0, 1, all, 3) == 0.0);
  tie.id[0] = 5; /* now a has the larger tag: the tie goes to (b, c) */
  assert_true(mdr_pair_penalty(&g, 0, 2, all, 3) == 0.0);
  assert_rel(mdr_pair_penalty(&g, 1, 2, all, 3), mdr_penalty_sigmoid(angle_b), 1e-15);

  /* Across a periodic boundary (box length 10 along x): the line of the first case. */
  Three pb = {.x = {9.5, 0.5, 0.0}, .R = {0.5, 0.5, 0.5}, .id = {1, 2, 3}};
  g = geom(&pb);
  g.len[0] = 10;
  g.half[0] = 5;
  assert_rel(1 - mdr_pair_penalty(&g, 0, 1, all, 3), 1.38879438647711456099e-11, 1e-4);

  /* The force uses w = max(1 - p, 0): two obstructions switch a contact off (w = 0). */
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0, 1);
  Fix f;
  fix_init(&f, p, 1e-3, 1e-3);
  f.h[MDR_PENALTY] = 0.5;
  const double Fhalf = pair_eval(&f, 1e-5, true).F;
  Fix f2;
  fix_init(&f2, p, 1e-3, 1e-3);
  const double Ffull = pair_eval(&f2, 1e-5, true).F;
  assert_rel(Fhalf, 0.5 * Ffull, 1e-15); /* F = w (F_0 + F_1)/2 (§6.6) */
  f2.h[MDR_PENALTY] = 1.7;
  assert_true(pair_eval(&f2, 1.1e-5, true).F == 0.0);
  fix_free(&f);
  fix_free(&f2);
}

/* ---- ddelta_bar (§6.3 step 5) and its agreement with the force pass ------------------------ */

static void test_ddelta_bar(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 0, 0, 0, 1);
  MdrParticles s;
  mdr_particles_alloc(&s, 2);
  const double R = 1e-3;
  s.Acon0[0] = 6e-9;
  s.Acon0[1] = 1e-8;
  double h[MDR_NHIST] = {0};
  h[MDR_DELTA_MAX] = 2e-5;
  h[MDR_DELTA_0] = h[MDR_DELTA_1] = 1e-5;
  h[MDR_AC_0] = 3e-9;
  h[MDR_AC_1] = 4e-9;
  double inc_i, inc_j;
  /* i = 0 (tag 1), j = 1 (tag 2): side 0 is j. Delta = 2.2e-5, so delta_s = 1.1e-5. */
  assert_true(mdr_pair_ddelta(&s, 0, 1, 1, 2, R, R, 2 * R - 2.2e-5, h, &inc_i, &inc_j));
  assert_rel(inc_j, 3e-9 / 1e-8 * 1e-6, 1e-9);
  assert_rel(inc_i, 4e-9 / 6e-9 * 1e-6, 1e-9);
  assert_true(h[MDR_DELTA_MAX] == 2e-5); /* the prediction stores nothing */
  /* Acon0 = 0 contributes nothing. */
  s.Acon0[0] = 0;
  mdr_pair_ddelta(&s, 0, 1, 1, 2, R, R, 2 * R - 2.2e-5, h, &inc_i, &inc_j);
  assert_true(inc_i == 0.0 && inc_j > 0);
  /* A pair that no longer touches (r >= R_i + R_j) forgets its history here. */
  assert_false(mdr_pair_ddelta(&s, 0, 1, 1, 2, R, R, 2 * R, h, &inc_i, &inc_j));
  for (int k = 0; k < MDR_NHIST; k++) assert_true(h[k] == 0.0);
  assert_true(inc_i == 0 && inc_j == 0);
  /* Wall: AC_0 (delta - DELTA_0)/Acon0. */
  s.Acon0[1] = 2e-9;
  h[MDR_AC_0] = 1e-9;
  h[MDR_DELTA_0] = 1e-6;
  assert_rel(mdr_wall_ddelta(&s, 1, 1.5e-6, h), 1e-9 * 0.5e-6 / 2e-9, 1e-12);
  mdr_particles_free(&s);

  /* With unequal radii and plastic history, the prediction is the displacement the force pass
   * then computes (the cap inactive, so both test orders agree). */
  Fix f;
  fix_init(&f, p, R, 2 * R);
  for (int k = 1; k <= 800; k++) pair_eval(&f, k * 1e-4 * R, true);
  for (int k = 799; k >= 500; k--) {
    pair_eval(&f, k * 1e-4 * R, true);
    mdr_accum_add(&f.s, 0, &(MdrAccum){.Acon1 = 1e-9});
  }
  assert_true(f.h[MDR_YFLAG_0] != 0 && f.h[MDR_DELTAP_0] > 0);
  f.s.Acon0[0] = f.s.Acon0[1] = 1e-8;
  const double D = 0.048 * R;
  double hpred[MDR_NHIST];
  memcpy(hpred, f.h, sizeof hpred);
  mdr_pair_ddelta(&f.s, 0, 1, f.id[0], f.id[1], f.R[0], f.R[1], f.R[0] + f.R[1] - D, hpred, &inc_i, &inc_j);
  const double d0_old = f.h[MDR_DELTA_0], d1_old = f.h[MDR_DELTA_1];
  const double ac0 = f.h[MDR_AC_0], ac1 = f.h[MDR_AC_1]; /* the previous pass's areas */
  pair_eval(&f, D, true);
  /* particle 0 has tag 2: side 0 */
  assert_rel(inc_i, ac0 / 1e-8 * (f.h[MDR_DELTA_0] - d0_old), 1e-9);
  assert_rel(inc_j, ac1 / 1e-8 * (f.h[MDR_DELTA_1] - d1_old), 1e-9);
  assert_rel(f.h[MDR_DELTA_0] + f.h[MDR_DELTA_1], D, 1e-12); /* no cap: the sides sum to Delta */
  fix_free(&f);
}

/* ---- side order by tag (§6.2, §6.10.8) and the overlap cap (§6.4) -------------------------- */

static void test_side_order(void **state) {
  (void)state;
  const MdrParams p = mk(5e6, 0.4, 1e30, 0, 0, 0, 1);
  const double Ri = 1e-3, Rj = 2e-3, D = 1e-5;
  const double di = D * (2 * Rj - D) / (2 * (Ri + Rj - D)); /* i's side displacement */
  const double dj = D * (2 * Ri - D) / (2 * (Ri + Rj - D));
  Fix a, b;
  fix_init(&a, p, Ri, Rj); /* tags 2, 1: side 0 = i */
  fix_init(&b, p, Ri, Rj);
  b.id[0] = 1;
  b.id[1] = 2; /* side 0 = j */
  const MdrContactOutput oa = pair_eval(&a, D, true), ob = pair_eval(&b, D, true);
  assert_rel(a.h[MDR_DELTA_0], di, 1e-15);
  assert_rel(a.h[MDR_DELTA_1], dj, 1e-15);
  assert_rel(b.h[MDR_DELTA_0], dj, 1e-15);
  assert_rel(b.h[MDR_DELTA_1], di, 1e-15);
  assert_true(oa.F == ob.F); /* swapping the tags swaps the sides, not the force */
  assert_memory_equal(&oa.acc_i, &ob.acc_i, sizeof oa.acc_i);
  assert_memory_equal(&oa.acc_j, &ob.acc_j, sizeof oa.acc_j);
  assert_rel(oa.acc_i.Vcaps, PI / 3 * di * di * (3 * Ri - di), 1e-14); /* i's own cap */
  assert_rel(oa.acc_j.Vcaps, PI / 3 * dj * dj * (3 * Rj - dj), 1e-14);
  /* Evaluating the same contact as (j, i), as a full neighbour list does, gives the same force
   * and history bitwise, with the accumulators swapped: each copy can keep its own row. */
  {
    Fix e;
    fix_init(&e, mk(5e6, 0.4, 1.9e5, 2.0, 0, 0.5, 1), Ri, Rj); /* plastic and adhesive */
    double hji[MDR_NHIST];
    for (int k = 1; k <= 600; k++) {
      const double Dk = (k <= 300 ? k : 600 - k + 1) * 5e-7; /* load to 0.15 Ri, unload */
      memcpy(hji, e.h, sizeof hji);
      const MdrContactOutput oij = pair_eval(&e, Dk, true);
      const MdrContactInput in = {.delta = Dk, .Ri = Rj, .Rj = Ri, .i = 1, .j = 0, .id_i = e.id[1],
                                  .id_j = e.id[0], .meff = e.m[0] * e.m[1] / (e.m[1] + e.m[0]),
                                  .n = {-1, 0, 0}, .wall = false, .history_update = true};
      MdrContactOutput oji;
      mdr_contact(&e.p, &e.s, &in, hji, &oji);
      assert_true(oij.F == oji.F && oij.eta == oji.eta);
      assert_memory_equal(hji, e.h, sizeof hji);
      assert_memory_equal(&oij.acc_i, &oji.acc_j, sizeof oij.acc_i);
      assert_memory_equal(&oij.acc_j, &oji.acc_i, sizeof oij.acc_j);
    }
    assert_true(e.h[MDR_YFLAG_0] != 0); /* the ramp reached the plastic branch */
    fix_free(&e);
  }
  /* Equal tags (a periodic self-image): both sides go to j. */
  Fix c;
  fix_init(&c, p, Ri, Ri);
  c.id[0] = c.id[1] = 7;
  const MdrContactOutput oc = pair_eval(&c, D, true);
  assert_true(oc.acc_i.Acon1 == 0.0 && oc.acc_j.Acon1 > 0.0);
  fix_free(&a);
  fix_free(&b);
  fix_free(&c);

  /* The 0.95 cap on both sides at once (Dmax > 0.95 (R_s + R_o)): each side's own test comes
   * first in the force pass; the fix's prediction tests side 0 first for side 1 too. */
  bool capped;
  assert_rel(mdr_side_displacement(1.96, 1.96, 1, 1, 0, 0, true, &capped), 0.95, 1e-15);
  assert_true(capped);
  assert_rel(mdr_side_displacement(1.96, 1.96, 1, 1, 0, 0, false, &capped), 1.96 - 0.95, 1e-15);
  /* Only the partner capped: delta_geo = Dmax - 0.95 R_o. */
  assert_rel(mdr_side_displacement(1.0, 1.0, 10, 0.6, 0, 0, true, &capped), 1.0 - 0.95 * 0.6, 1e-15);
  /* Uncapped, elastic history: delta_s = h_s Delta/Dmax. */
  const double hs = 0.5 * (2 * 2.0 - 0.5) / (2 * (1.0 + 2.0 - 0.5));
  assert_rel(mdr_side_displacement(0.3, 0.5, 1.0, 2.0, 0, 0, true, &capped), hs * 0.3 / 0.5, 1e-15);
  assert_false(capped);
}

/* ---- errors (§6.9, §9.13) ---------------------------------------------------------------- */

static void test_errors(void **state) {
  (void)state;
  /* A new contact at exactly zero overlap: the partition is 0/0 (LAMMPS: NaN, abort). */
  const MdrParams p = mk(5e6, 0.4, 1.9e5, 0, 0, 0.5, 1);
  Fix f;
  fix_init(&f, p, 1e-3, 1e-3);
  MdrContactOutput o = pair_eval(&f, 0.0, true);
  assert_int_equal(o.err, MDR_ERR_PARTITION);
  assert_true(o.F == 0.0 && o.eta == 0.0);
  assert_non_null(strstr(mdr_error_message(o.err), "partition"));
  fix_free(&f);
  /* A wall has no partition: zero overlap is a zero force. */
  fix_init(&f, p, 1e-3, 1e-3);
  o = wall_eval(&f, 0.0, true);
  assert_true(o.err == MDR_OK && o.F == 0.0);
  fix_free(&f);
  /* Y = 0 (refused by the parser) would yield with A = 0: the NaN is reported, not returned. */
  const MdrParams y0 = mk(5e6, 0.4, 0.0, 0, 0, 0.5, 1);
  fix_init(&f, y0, 1e-3, 1e-3);
  o = pair_eval(&f, 1e-5, true);
  assert_int_equal(o.err, MDR_ERR_NAN_NONADHESIVE);
  assert_true(o.F == 0.0 && !isnan(o.F));
  assert_string_equal(mdr_error_message(o.err), "F_MDR is NaN, non-adhesive case");
  fix_free(&f);
  const MdrParams y0g = mk(5e6, 0.4, 0.0, 2.0, 0, 0.5, 1);
  fix_init(&f, y0g, 1e-3, 1e-3);
  o = wall_eval(&f, 1e-5, true);
  assert_int_equal(o.err, MDR_ERR_NAN_CASE1);
  assert_non_null(strstr(mdr_error_message(o.err), "case 1: no tensile springs"));
  fix_free(&f);
  assert_non_null(strstr(mdr_error_message(MDR_ERR_NAN_CASE2), "case 2: tensile springs, but not exceeding"));
  assert_non_null(strstr(mdr_error_message(MDR_ERR_NAN_CASE3), "case 3: tensile springs exceed"));
}

const struct CMUnitTest mdr_tests[] = {
    cmocka_unit_test(test_coefficient_checks),
    cmocka_unit_test(test_elastic_limit_pair),
    cmocka_unit_test(test_elastic_limit_wall),
    cmocka_unit_test(test_yield_hysteresis_residual),
    cmocka_unit_test(test_elastic_path_independence),
    cmocka_unit_test(test_newton_and_critical_radius),
    cmocka_unit_test(test_adhesion_cases),
    cmocka_unit_test(test_adhesion_ramp),
    cmocka_unit_test(test_damping_types),
    cmocka_unit_test(test_setup_evaluation),
    cmocka_unit_test(test_prepass_hand_values),
    cmocka_unit_test(test_radius_growth_cycle),
    cmocka_unit_test(test_bulk_response),
    cmocka_unit_test(test_penalty),
    cmocka_unit_test(test_ddelta_bar),
    cmocka_unit_test(test_side_order),
    cmocka_unit_test(test_errors),
};
const size_t mdr_ntests = sizeof mdr_tests / sizeof mdr_tests[0];
