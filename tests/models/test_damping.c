/*
 * test_damping.c - every allowed normal x damping combination against closed forms written
 * out here (spec §2, §3), for equal and unequal spheres, a flat wall and an infinitely heavy
 * partner, approaching and separating, with and without limit_damping; plus the golden numbers
 * of spec §9.16, Debian's 29Sep2021 values of §8.2 and the edge cases of §9.
 */
#include "contact.h"
#include "model.h"
#include "tests.h"

static const double PI = 3.14159265358979323846;

/* Marshall's polynomial by Horner's rule (a different summation from the library's). */
static double marshall(double e) {
  return 1.2728 + e * (-4.2783 + e * (11.087 + e * (-22.348 + e * (27.467 + e * (-18.022 + e * 4.8218)))));
}

/* JKR contact radius by bisection on the loading branch of delta = a^2/R - 2 sqrt(pi g a/E*). */
static double jkr_radius_bisect(double delta, double R, double Es, double g) {
  double lo = cbrt(R * R * PI * g / (4 * Es)); /* minimum of delta(a) */
  double hi = lo + sqrt(R * fabs(delta)) * 4 + 10 * lo;
  for (int it = 0; it < 400 && hi - lo > 0; it++) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    const double f = mid * mid / R - 2 * sqrt(PI * g * mid / Es) - delta;
    if (f > 0) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

typedef struct Geo {
  double Ri, Rj, mi, mj;
  const char *label;
} Geo;

static const Geo GEOS[] = {
    {0.5, 0.5, 1.0, 1.0, "equal spheres"},
    {0.3, 0.7, 1.0, 3.0, "unequal spheres"},
    {0.4, INFINITY, 2.0, INFINITY, "flat wall"},
    {0.4, 0.6, 2.0, INFINITY, "infinitely heavy partner"},
};

typedef struct NormalCase {
  const char *fmt; /* model text with %g for damp */
  const char *name;
} NormalCase;

static const NormalCase NORMALS[] = {
    {"hooke 1000 %g", "hooke"},
    {"hertz 2e5 %g", "hertz"},
    {"hertz/material 1e6 %g 0.3", "hertz/material"},
    {"dmt 1e6 %g 0.25 5", "dmt"},
    {"jkr 1e6 %g 0.25 5", "jkr"},
};
static const char *const DAMPINGS[] = {"none", "velocity", "mass_velocity", "viscoelastic",
                                       "tsuji", "tsuji/legacy", "coeff_restitution"};

typedef struct Expect {
  double a, Fne, eta, Fn;
} Expect;

static Expect expected(const char *normal, const char *damping, double damp, double delta, const Geo *g,
                       double vn, bool limit) {
  const double Reff = isinf(g->Rj) ? g->Ri : 1.0 / (1.0 / g->Ri + 1.0 / g->Rj);
  const double meff = isinf(g->mj) ? g->mi : 1.0 / (1.0 / g->mi + 1.0 / g->mj);
  double a = sqrt(delta * Reff), Fne = 0, K = 0, Sn = 0;
  if (!strcmp(normal, "hooke")) {
    Fne = 1000 * delta;
    K = 1000;
  } else if (!strcmp(normal, "hertz")) {
    Fne = 2e5 * sqrt(Reff) * pow(delta, 1.5);
    K = 2e5 * a;
    Sn = 1.5 * K;
  } else {
    const double nu = !strcmp(normal, "hertz/material") ? 0.3 : 0.25;
    const double Es = 1e6 / (2 * (1 - nu * nu)), gam = 5;
    Fne = 4.0 / 3.0 * Es * sqrt(Reff) * pow(delta, 1.5);
    K = 4.0 / 3.0 * Es * a;
    Sn = 2 * Es * sqrt(Reff * delta);
    if (!strcmp(normal, "dmt")) Fne -= 4 * PI * gam * Reff;
    if (!strcmp(normal, "jkr")) {
      a = jkr_radius_bisect(delta, Reff, Es, gam);
      Fne = 4.0 / 3.0 * Es * a * a * a / Reff - sqrt(16 * PI * gam * Es * a * a * a);
    }
  }
  double eta = 0;
  const double lne = log(damp);
  if (!strcmp(damping, "velocity")) eta = damp;
  else if (!strcmp(damping, "mass_velocity")) eta = damp * meff;
  else if (!strcmp(damping, "viscoelastic")) eta = damp * meff * a;
  else if (!strcmp(damping, "tsuji")) eta = sqrt(2.0) * marshall(damp) * sqrt(meff * K);
  else if (!strcmp(damping, "tsuji/legacy")) eta = marshall(damp) * sqrt(meff * K);
  else if (!strcmp(damping, "coeff_restitution")) {
    if (!strcmp(normal, "hooke")) eta = 2 * sqrt(meff * K) * fabs(lne) / sqrt(PI * PI + lne * lne);
    else eta = -2 * sqrt(5.0 / 6.0) * (lne / sqrt(lne * lne + PI * PI)) * sqrt(Sn * meff);
  }
  double Fn = Fne - eta * vn;
  if (limit && Fn < 0) Fn = 0;
  return (Expect){a, Fne, eta, Fn};
}

static void test_every_combination(void **state) {
  (void)state;
  int checked = 0;
  for (size_t in = 0; in < sizeof NORMALS / sizeof *NORMALS; in++)
    for (size_t id = 0; id < sizeof DAMPINGS / sizeof *DAMPINGS; id++) {
      const char *dn = DAMPINGS[id];
      const bool restitution = strstr(dn, "tsuji") || strstr(dn, "coeff_restitution");
      const bool cohesive = in >= 3;
      if (restitution && cohesive) continue; /* refused, tested in test_model.c */
      const double damp = restitution ? 0.6 : 0.7;
      for (int limit = 0; limit <= (cohesive ? 0 : 1); limit++) {
        char text[256], fmt[128];
        snprintf(fmt, sizeof fmt, "%s tangential linear_nohistory 0 0 damping %%s%s", NORMALS[in].fmt,
                 limit ? " limit_damping" : "");
        snprintf(text, sizeof text, fmt, damp, dn);
        ErrList err = {0};
        ContactModel m;
        if (model_parse(text, &m, &err)) {
          errlist_print(&err, stderr);
          fail_msg("refused: %s", text);
        }
        for (size_t ig = 0; ig < sizeof GEOS / sizeof *GEOS; ig++) {
          const Geo *g = &GEOS[ig];
          const double deltas[] = {0.002, 0.02}, vns[] = {-0.3, 0.2, 3.0};
          for (int i = 0; i < 2; i++)
            for (int k = 0; k < 3; k++) {
              NormalContact c = {.delta = deltas[i],
                                 .Reff = contact_reff(g->Ri, g->Rj),
                                 .meff = contact_meff(g->mi, g->mj),
                                 .vnnr = vns[k]};
              contact_normal_compute(&m, &c);
              const Expect e = expected(NORMALS[in].name, dn, damp, deltas[i], g, vns[k], limit);
              if (!(rel_close(c.a, e.a, 1e-12) && rel_close(c.Fne, e.Fne, 1e-12) &&
                    rel_close(c.eta, e.eta, 1e-12) && rel_close(c.Fntot, e.Fn, 1e-12)))
                fail_msg("%s, %s, delta %g, vn %g: a %.17g/%.17g Fne %.17g/%.17g eta %.17g/%.17g "
                         "Fn %.17g/%.17g", text, g->label, deltas[i], vns[k], c.a, e.a, c.Fne, e.Fne,
                         c.eta, e.eta, c.Fntot, e.Fn);
              assert_rel(c.Fdamp, -e.eta * vns[k], 1e-12);
              checked++;
            }
        }
      }
    }
  assert_true(checked >= 5 * 24 * 5);
}

static double fn_of(const char *text, double Ri, double Rj, double mi, double mj, double delta, double vn) {
  ErrList err = {0};
  ContactModel m;
  if (model_parse(text, &m, &err)) fail_msg("refused: %s", text);
  NormalContact c = {.delta = delta, .Reff = contact_reff(Ri, Rj), .meff = contact_meff(mi, mj), .vnnr = vn};
  contact_normal_compute(&m, &c);
  return c.Fntot;
}

/* Spec §9.16: meff = 0.5, delta = 0.01, vnnr = -0.2, Reff = 0.25, e = 0.5. */
static void test_golden_numbers(void **state) {
  (void)state;
  const char *hk = "hooke 1000 0.5 tangential linear_nohistory 0 0 damping ";
  const char *hm = "hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping ";
  char t[256];
#define FN(base, d) (snprintf(t, sizeof t, "%s%s", base, d), fn_of(t, 0.5, 0.5, 1, 1, 0.01, -0.2))
  assert_rel(FN(hk, "tsuji"), 12.1550329326986, 1e-14);
  assert_rel(FN(hk, "coeff_restitution"), 11.9270770310583, 1e-14);
  assert_rel(FN(hk, "velocity"), 10.1, 1e-15);
  assert_rel(FN(hk, "mass_velocity"), 10.05, 1e-15);
  assert_rel(FN(hk, "viscoelastic"), 10.0025, 1e-15);
  assert_rel(FN(hm, "tsuji"), 379.343218947138, 1e-14);
  assert_rel(FN(hm, "coeff_restitution"), 379.340221176271, 1e-14);
  /* Debian's LAMMPS 29Sep2021 (no sqrt(2)), spec §8.2: reproduced by tsuji/legacy. */
  assert_rel(FN(hk, "tsuji/legacy"), 11.523838400391538, 1e-14);
  assert_rel(FN(hm, "tsuji/legacy"), 375.52305585291617, 1e-14);
#undef FN
  ErrList err = {0};
  ContactModel m;
  model_parse("hooke 1000 0.5 tangential linear_nohistory 0 0 damping tsuji", &m, &err);
  assert_rel(m.damping.D, 0.48188001312648504, 1e-15);
  assert_rel(m.damping.alpha, 0.340740625, 1e-15);
  model_parse("hooke 1000 0.5 tangential linear_nohistory 0 0 damping coeff_restitution", &m, &err);
  assert_rel(m.damping.D, 0.4309075239324936, 1e-15);
  model_parse("hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping coeff_restitution", &m, &err);
  assert_rel(m.damping.D, 0.4817692577645866, 1e-15);
  assert_int_equal(err.n, 0);
}

/* Spec §9.7: limit_damping while separating; Fncrit takes the clamped value. */
static void test_limit_damping_separating(void **state) {
  (void)state;
  ErrList err = {0};
  ContactModel with, without;
  model_parse("hooke 1000 100 tangential linear_nohistory 1 0.5 damping velocity limit_damping", &with, &err);
  model_parse("hooke 1000 100 tangential linear_nohistory 1 0.5 damping velocity", &without, &err);
  assert_int_equal(err.n, 0);
  NormalContact c = {.delta = 0.01, .Reff = 0.25, .meff = 0.5, .vnnr = 0.2};
  contact_normal_compute(&with, &c);
  assert_true(c.Fntot == 0.0 && c.Fncrit == 0.0);
  assert_rel(c.eta, 100, 0); /* eta is not changed by the clamp */
  c = (NormalContact){.delta = 0.01, .Reff = 0.25, .meff = 0.5, .vnnr = 0.2};
  contact_normal_compute(&without, &c);
  assert_rel(c.Fntot, -10, 1e-14);
  assert_rel(c.Fncrit, 10, 1e-14);
}

/* Spec §9.1-9.5: the guard at delta = 0, the limit delta -> 0+, e = 1. */
static void test_edge_cases(void **state) {
  (void)state;
  ErrList err = {0};
  ContactModel hk, hm, cr1, ts1;
  model_parse("hooke 1000 0.5 tangential linear_nohistory 0 0 damping tsuji", &hk, &err);
  model_parse("hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping coeff_restitution", &hm, &err);
  model_parse("hooke 1000 1 tangential linear_nohistory 0 0 damping coeff_restitution", &cr1, &err);
  model_parse("hooke 1000 1 tangential linear_nohistory 0 0 damping tsuji", &ts1, &err);
  assert_int_equal(err.n, 0);
  /* delta = 0 on a touching contact: eta = 0, not NaN (0/0). */
  NormalContact c = {.delta = 0.0, .Reff = 0.25, .meff = 0.5, .vnnr = -1};
  contact_normal_force(NORMAL_HOOKE, DAMPING_TSUJI, &hk, true, 0.0, &c);
  assert_true(c.eta == 0.0 && !isnan(c.Fntot));
  /* delta -> 0+: hooke keeps sqrt(meff k) (Fne/delta is a quotient, ~1 ulp from k) ... */
  c = (NormalContact){.delta = 1e-200, .Reff = 0.25, .meff = 0.5, .vnnr = -1};
  contact_normal_force(NORMAL_HOOKE, DAMPING_TSUJI, &hk, true, 0.0, &c);
  assert_rel(c.knd, 1000, 2.3e-16);
  assert_rel(c.eta, hk.damping.D * sqrt(0.5 * 1000), 1e-15);
  /* ... hertz goes to 0 like delta^(1/4), without blowing up. */
  c = (NormalContact){.delta = 1e-200, .Reff = 0.25, .meff = 0.5, .vnnr = -1};
  contact_normal_force(NORMAL_HERTZ_MATERIAL, DAMPING_COEFF_RESTITUTION, &hm, true, 0.0, &c);
  assert_true(c.eta > 0 && c.eta < 1e-40);
  /* e = 1: coeff_restitution has no damping; tsuji keeps alpha(1) = 0.0003 (times sqrt 2). */
  assert_true(cr1.damping.D == 0.0);
  /* The polynomial cancels down to 3e-4 from terms of order 10: compare absolutely. */
  assert_true(fabs(ts1.damping.alpha - 0.0003) <= 1e-14);
  assert_true(fabs(ts1.damping.D - 0.0003 * sqrt(2.0)) <= 2e-14);
  /* hooke + viscoelastic still computes a = sqrt(delta Reff) (§9.10). */
  ContactModel hv;
  model_parse("hooke 1000 2 tangential linear_nohistory 0 0 damping viscoelastic", &hv, &err);
  assert_true(hv.contact_radius);
  assert_rel(fn_of("hooke 1000 2 tangential linear_nohistory 0 0 damping viscoelastic", 0.5, 0.5, 1, 1,
                   0.01, -0.2),
             10 + 2 * 0.5 * 0.05 * 0.2, 1e-15);
  ContactModel hl;
  model_parse("hooke 1000 0.5 tangential linear_history 1 1 1 damping tsuji", &hl, &err);
  assert_false(hl.contact_radius);
  /* damping none: the elastic baseline. */
  assert_rel(fn_of("hertz 1000 5 tangential linear_nohistory 0 0 damping none", 0.5, 0.5, 1, 1, 0.01, -0.2),
             1000 * sqrt(0.25) * pow(0.01, 1.5), 1e-14);
  assert_int_equal(err.n, 0);
}

/* Effective mass rules (§1.2, §9.9): infinite partner, frozen i, both infinite. */
static void test_effective_mass(void **state) {
  (void)state;
  assert_rel(contact_meff(1, 3), 0.75, 1e-15);
  assert_true(contact_meff(2, INFINITY) == 2);
  assert_true(contact_meff(INFINITY, 3) == 3);
  assert_true(isinf(contact_meff(INFINITY, INFINITY))); /* m_i, as in LAMMPS */
  assert_rel(contact_reff(0.3, 0.7), 0.21, 1e-15);
  assert_true(contact_reff(0.4, INFINITY) == 0.4);
  /* mass_velocity and tsuji scale with meff. */
  const double f1 = fn_of("hooke 1000 2 tangential linear_nohistory 0 0 damping mass_velocity", 0.5, 0.5, 1,
                          INFINITY, 0.01, -0.2);
  assert_rel(f1, 10 + 2 * 1 * 0.2, 1e-15);
}

const struct CMUnitTest damping_tests[] = {
    cmocka_unit_test(test_every_combination),
    cmocka_unit_test(test_golden_numbers),
    cmocka_unit_test(test_limit_damping_separating),
    cmocka_unit_test(test_edge_cases),
    cmocka_unit_test(test_effective_mass),
};
const size_t damping_ntests = sizeof damping_tests / sizeof *damping_tests;
