/*
 * test_law.c - the verifier's own normal force law (verify/oracle/law.c), which the continuous-time
 * references integrate instead of the library's.
 *
 *   - law_matches_library: the two laws on random contact states (fixed seed) agree to 1e-12
 *     relative, for every normal x damping combination both readers accept, with and without
 *     limit_damping, over overlaps from 1e-9 to 0.1 Reff (jkr: to 1e4 pull-off distances),
 *     approach and separation, and JKR contacts near the pull-off distance touching before or not. This is the one place that
 *     includes src/'s model headers next to the law: it is the consistency check between the
 *     two, not a part of the reference.
 *   - hand values: one force per model, worked out by hand in the comment, to 1e-14: the law
 *     is the formula, not a copy of the library's code (a copied slip would pass the first test).
 *   - the reader: the texts the rows write, the blocks it reads past, and what it refuses.
 * A bare § is a section of docs/models.md.
 */
#include "tests.h"

#include "contact.h"
#include "law.h"
#include "model.h"
#include "ode_ref.h"
#include "cases.h"

#define TOL_AGREE 1e-12
#define TOL_HAND 1e-14

static LawModel law_ok(const char *text) {
  LawModel m;
  char why[256];
  if (!law_parse(text, &m, why, sizeof why)) fail_msg("law_parse('%s'): %s", text, why);
  return m;
}

/* ---- the two laws on random states ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static double uniform(void) { /* splitmix64, [0, 1) */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  z ^= z >> 31;
  return (double)(z >> 11) * 0x1.0p-53;
}
static double log_uniform(double lo, double hi) { return lo * pow(hi / lo, uniform()); }

/* |a − b| <= TOL_AGREE · scale, where scale is the size of the terms that make the value (for
 * a cohesive force near its zero, the elastic and the adhesive term, not their difference). */
static void agree(const char *what, const char *text, double delta, double rate, double a, double b, double scale) {
  if (!(fabs(a - b) <= TOL_AGREE * scale))
    fail_msg("%s: %s at delta %.17g, rate %.17g: library %.17g, law %.17g (diff %.3g, scale %.3g)", what, text, delta,
             rate, a, b, a - b, scale);
}

/* A model text of normal n and damping d with random coefficients of a realistic size. */
static void random_text(int n, int d, bool limit, char *text, size_t size) {
  double damp;
  switch ((LawDamping)d) {
  case LAW_DAMP_VELOCITY: damp = log_uniform(1e-3, 1e2); break;      /* kg/s */
  case LAW_DAMP_MASS_VELOCITY: damp = log_uniform(1e-2, 1e4); break; /* 1/s */
  case LAW_DAMP_VISCOELASTIC: damp = log_uniform(1e2, 1e7); break;   /* 1/(s m) */
  case LAW_DAMP_NONE: damp = uniform(); break;
  default: damp = uniform() < 0.1 ? 1.0 : 0.05 + 0.95 * uniform(); break; /* e, 1 included */
  }
  char normal[160];
  const double nu = 0.5 * uniform(), gamma = log_uniform(1e-3, 10.0);
  switch (n) {
  case 0: snprintf(normal, sizeof normal, "hooke %.17g %.17g", log_uniform(1e2, 1e7), damp); break;
  case 1: snprintf(normal, sizeof normal, "hertz %.17g %.17g", log_uniform(1e5, 1e11), damp); break;
  case 2: snprintf(normal, sizeof normal, "hertz/material %.17g %.17g %.17g", log_uniform(1e5, 1e11), damp, nu); break;
  default:
    snprintf(normal, sizeof normal, "%s %.17g %.17g %.17g %.17g", law_normal_name((LawNormal)n),
             log_uniform(1e5, 1e11), damp, nu, gamma);
    break;
  }
  snprintf(text, size, "%s tangential linear_nohistory 0.5 0.3 damping %s%s", normal, law_damping_name((LawDamping)d),
           limit ? " limit_damping" : "");
}

typedef struct Counts {
  int states, touching, clamped, beyond, jkr_released;
} Counts;

static void compare_state(const char *text, const ContactModel *cm, const LawModel *lm, double delta, double rate,
                          double Reff, double meff, bool before, Counts *n) {
  NormalContact c = {.delta = delta, .Reff = Reff, .meff = meff, .vnnr = -rate, .touching_before = before};
  contact_normal_compute(cm, &c);
  const LawForce f = law_force(lm, delta, rate, Reff, meff, before);
  n->states++;
  /* The touch test: the pull-off distances may differ in the last bit, so a state within
   * 1e-12 of the boundary is not asked which side it is on. */
  const double dpo = law_pulloff_distance(lm, Reff);
  if (lm->normal == LAW_JKR && fabs(delta + dpo) <= 1e-12 * dpo) return;
  if (c.touching != f.touching)
    fail_msg("touching: %s at delta %.17g (d_po %.17g, before %d): library %d, law %d", text, delta, dpo, before,
             c.touching, f.touching);
  if (!f.touching) {
    if (lm->normal == LAW_JKR && delta < 0.0 && before) n->jkr_released++;
    assert_true(f.total == 0.0 && f.elastic == 0.0 && f.damping == 0.0);
    return;
  }
  n->touching++;
  n->beyond += delta <= 0.0;
  n->clamped += c.clamped && f.total == 0.0;
  /* the scale of the elastic force: its terms' sizes */
  double scale_el = fabs(f.elastic);
  if (lm->normal == LAW_DMT) scale_el = fabs(f.elastic) + 2.0 * 4.0 * LAW_PI * lm->gamma * Reff;
  if (lm->normal == LAW_JKR) {
    const double a3 = f.a * f.a * f.a;
    scale_el = lm->k * a3 / Reff + 4.0 * sqrt(LAW_PI * lm->gamma * lm->Estar * a3);
  }
  agree("elastic", text, delta, rate, c.Fne, f.elastic, scale_el);
  agree("damping", text, delta, rate, c.Fdamp, f.damping, fabs(f.damping));
  agree("total", text, delta, rate, c.Fntot, f.total, scale_el + fabs(f.damping));
  if (lm->normal == LAW_JKR) agree("contact radius", text, delta, rate, c.a, f.a, f.a);
}

static void law_matches_library(void **state) {
  (void)state;
  Counts n = {0};
  int models = 0;
  for (int in = 0; in < LAW_N_NORMAL; in++)
    for (int id = 0; id < LAW_N_DAMPING; id++)
      for (int limit = 0; limit < 2; limit++) {
        const bool cohesive = in >= 3;
        if (cohesive && (id >= 4 || limit)) continue; /* refused by both readers (below) */
        for (int rep = 0; rep < 6; rep++) {
          char text[320];
          random_text(in, id, limit, text, sizeof text);
          const ContactModel cm = parse_ok(text);
          const LawModel lm = law_ok(text);
          models++;
          for (int k = 0; k < 60; k++) {
            const double Reff = log_uniform(1e-4, 1e-1), meff = log_uniform(1e-6, 10.0);
            double delta = Reff * log_uniform(1e-9, 0.1);
            /* jkr: up to 1e4 d_po, where the library's closed-form radius holds 1e-13 (it
             * loses digits beyond: jkr_radius_accuracy) */
            if (in == 4) delta = fmin(0.1 * Reff, law_pulloff_distance(&lm, Reff) * log_uniform(1e-6, 1e4));
            const double rate = (uniform() < 0.5 ? -1.0 : 1.0) * log_uniform(1e-4, 1e2);
            compare_state(text, &cm, &lm, delta, rate, Reff, meff, true, &n);
            if (in == 4) { /* JKR past contact: from −d_po (1 − 1e-12) up to 0, either history */
              const double dpo = law_pulloff_distance(&lm, Reff);
              const double below = -dpo * (1.0 - log_uniform(1e-12, 1.0));
              compare_state(text, &cm, &lm, below, rate, Reff, meff, true, &n);
              compare_state(text, &cm, &lm, below, rate, Reff, meff, false, &n);
              compare_state(text, &cm, &lm, -dpo * (1.0 + log_uniform(1e-9, 1.0)), rate, Reff, meff, true, &n);
            }
          }
        }
      }
  /* not vacuous: every kind of state was met */
  assert_int_equal(models, 6 * (3 * 7 * 2 + 2 * 4));
  assert_true(n.touching > 10000);
  assert_true(n.clamped > 100);
  assert_true(n.beyond > 500);
  assert_true(n.jkr_released > 500);
}

/* Both readers refuse the same combinations (so the matrix above is the whole of it). */
static void law_refuses_what_library_refuses(void **state) {
  (void)state;
  for (int in = 0; in < LAW_N_NORMAL; in++)
    for (int id = 0; id < LAW_N_DAMPING; id++)
      for (int limit = 0; limit < 2; limit++) {
        char text[320];
        random_text(in, id, limit, text, sizeof text);
        ContactModel cm;
        ErrList err = {0};
        const bool lib = model_parse(text, &cm, &err) == 0 && err.n == 0;
        errlist_free(&err);
        LawModel lm;
        char why[256];
        const bool law = law_parse(text, &lm, why, sizeof why);
        if (lib != law) fail_msg("'%s': library %s, law %s", text, lib ? "reads it" : "refuses it", law ? "reads it" : why);
      }
}

/* ---- hand values ---- */

static void hand_hooke_and_hertz(void **state) {
  (void)state;
  /* hooke k = 1e5 N/m, velocity d = 2 kg/s: δ = 1e-4 m, δ' = 0.5 m/s:
   * F_ne = 1e5 · 1e-4 = 10 N, F_damp = 2 · 0.5 = 1 N, total 11 N. */
  const LawModel hooke = law_ok("hooke 1e5 2 tangential linear_nohistory 0 0 damping velocity");
  LawForce f = law_force(&hooke, 1e-4, 0.5, 1e-2, 0.2, false);
  assert_rel(f.elastic, 10.0, TOL_HAND);
  assert_rel(f.damping, 1.0, TOL_HAND);
  assert_rel(f.total, 11.0, TOL_HAND);
  /* hertz k_n = 1e6 N/m², mass_velocity d = 0.5 1/s: R = 1e-2 m, δ = 1e-4 m, meff = 0.2 kg,
   * separating at δ' = −3 m/s: a = sqrt(δR) = 1e-3 m, F_ne = k a δ = 0.1 N, η = d meff =
   * 0.1 kg/s, F_damp = −0.3 N, total −0.2 N; with limit_damping the pull is clamped to 0. */
  const LawModel hertz = law_ok("hertz 1e6 0.5 tangential linear_nohistory 0 0 damping mass_velocity");
  f = law_force(&hertz, 1e-4, -3.0, 1e-2, 0.2, false);
  assert_rel(f.a, 1e-3, TOL_HAND);
  assert_rel(f.elastic, 0.1, TOL_HAND);
  assert_rel(f.damping, -0.3, TOL_HAND);
  assert_rel(f.total, -0.2, TOL_HAND);
  const LawModel clamped = law_ok("hertz 1e6 0.5 tangential linear_nohistory 0 0 damping mass_velocity limit_damping");
  f = law_force(&clamped, 1e-4, -3.0, 1e-2, 0.2, false);
  assert_rel(f.sum, -0.2, TOL_HAND);
  assert_true(f.total == 0.0);
  /* hertz/material E = 1e8 Pa, ν = 0.3, viscoelastic d = 2: E* = 1e8/(2 · 0.91) = 1e8/1.82,
   * k = (4/3) E*; R = 1e-2, δ = 1e-4, a = 1e-3: F_ne = k a δ = (4/3)(1e8/1.82) 1e-7 = 40/5.46 N;
   * meff = 0.2: η = d meff a = 4e-4 kg/s, at δ' = 5: F_damp = 2e-3 N. */
  const LawModel mat = law_ok("hertz/material 1e8 2 0.3 tangential linear_nohistory 0 0 damping viscoelastic");
  f = law_force(&mat, 1e-4, 5.0, 1e-2, 0.2, false);
  assert_rel(f.elastic, 40.0 / 5.46, TOL_HAND);
  assert_rel(f.damping, 2e-3, TOL_HAND);
  /* damping defaults to viscoelastic (§7) */
  assert_int_equal(law_ok("hertz/material 1e8 2 0.3 tangential linear_nohistory 0 0").damping, LAW_DAMP_VISCOELASTIC);
}

static void hand_restitution_damping(void **state) {
  (void)state;
  /* tsuji on hooke, e = 0.5: α(0.5) = 0.340740625 (§3.1); k = 1e4, meff = 0.25: sqrt(meff k)
   * = 50, η = √2 · 0.340740625 · 50, at δ' = 2: F_damp = √2 · 34.0740625 N; legacy without √2. */
  const LawModel ts = law_ok("hooke 1e4 0.5 tangential linear_nohistory 0 0 damping tsuji");
  const LawModel lg = law_ok("hooke 1e4 0.5 tangential linear_nohistory 0 0 damping tsuji/legacy");
  assert_rel(law_force(&ts, 1e-3, 2.0, 1e-2, 0.25, false).damping, sqrt(2.0) * 34.0740625, TOL_HAND);
  assert_rel(law_force(&lg, 1e-3, 2.0, 1e-2, 0.25, false).damping, 34.0740625, TOL_HAND);
  /* coeff_restitution with e = exp(−π): ln e = −π, β = π/sqrt(2π²) = 1/√2.
   * hooke: η = 2β sqrt(meff k) = √2 · 50; at δ' = 1: 50√2 N.
   * hertz/material (E* = 1e8/1.82, k = (4/3)E*), R = 1e-2, δ = 1e-4, a = 1e-3, meff = 0.2:
   * η = √5 β sqrt(meff k a) = sqrt((5/2) · 0.2 · (4/3)(1e8/1.82) · 1e-3) = sqrt(2e5/5.46). */
  char text[256];
  snprintf(text, sizeof text, "hooke 1e4 %.17g tangential linear_nohistory 0 0 damping coeff_restitution", exp(-LAW_PI));
  const LawModel crh = law_ok(text);
  assert_rel(law_force(&crh, 1e-3, 1.0, 1e-2, 0.25, false).damping, 50.0 * sqrt(2.0), TOL_HAND);
  snprintf(text, sizeof text, "hertz/material 1e8 %.17g 0.3 tangential linear_nohistory 0 0 damping coeff_restitution",
           exp(-LAW_PI));
  const LawModel cr = law_ok(text);
  assert_rel(law_force(&cr, 1e-4, 1.0, 1e-2, 0.2, false).damping, sqrt(2e5 / 5.46), TOL_HAND);
  /* the guard of §3.3: no damping at δ = 0 even where the contact could count as touching */
  assert_true(law_force(&cr, 0.0, 1.0, 1e-2, 0.2, true).damping == 0.0);
}

static void hand_cohesive(void **state) {
  (void)state;
  /* dmt: hertz/material as above minus 4π γ R, γ = 0.5, R = 1e-2: 40/5.46 − 0.02π N. */
  const LawModel dmt = law_ok("dmt 1e8 0 0.3 0.5 tangential linear_nohistory 0 0 damping velocity");
  assert_rel(law_force(&dmt, 1e-4, 1.0, 1e-2, 0.2, false).elastic, 40.0 / 5.46 - 0.02 * LAW_PI, TOL_HAND);
  assert_false(law_force(&dmt, -1e-12, 1.0, 1e-2, 0.2, true).touching); /* dmt holds nothing past contact */
  /* jkr with ν = 0, E = 2π·1e6 (E* = π·1e6), γ = 1, R = 1e-4: π γ/E* = 1e-6. At a = 1e-4:
   * δ = a²/R − 2 sqrt(π γ a/E*) = 1e-4 − 2e-5 = 8e-5, and
   * F_ne = 4E* a³/(3R) − 4 sqrt(π γ E* a³) = 4π/300 − 4π·1e-3 = 7π/750 N. */
  char text[256];
  snprintf(text, sizeof text, "jkr %.17g 0 0 1 tangential linear_nohistory 0 0 damping none", 2.0 * LAW_PI * 1e6);
  const LawModel jkr = law_ok(text);
  LawForce f = law_force(&jkr, 8e-5, 1.0, 1e-4, 1.0, false);
  assert_rel(f.a, 1e-4, TOL_HAND);
  assert_rel(f.elastic, 7.0 * LAW_PI / 750.0, TOL_HAND);
  /* d_po = (3π² γ² R/(16 E*²))^(1/3) = (3e-16/16)^(1/3) = cbrt(1.875e-17) m (§1.5); just inside
   * it a contact that touched holds with the most tensile force −3π γ R = −3π·1e-4 N (§2.5;
   * the force is stationary there, so 1e-9 inside changes it by ~1e-18 relative); one that did
   * not touch before does not touch. */
  const double dpo = law_pulloff_distance(&jkr, 1e-4);
  assert_rel(dpo, cbrt(1.875e-17), TOL_HAND);
  f = law_force(&jkr, -dpo * (1.0 - 1e-9), 1.0, 1e-4, 1.0, true);
  assert_true(f.touching);
  assert_rel(f.elastic, -3.0 * LAW_PI * 1e-4, 1e-13);
  assert_false(law_force(&jkr, -dpo * (1.0 - 1e-9), 1.0, 1e-4, 1.0, false).touching);
  assert_false(law_force(&jkr, -dpo * (1.0 + 1e-9), 1.0, 1e-4, 1.0, true).touching);
  /* docs/models.md §2.5's check values (9 digits given): E = 1e6, ν = 0.3, γ = 10, R = 0.25,
   * δ = 0.01: a = 0.058428485763, F_ne = 349.810022; δ = 0: F_ne = −(8/9) 3π γ R. */
  const LawModel doc = law_ok("jkr 1e6 0 0.3 10 tangential linear_nohistory 0 0 damping none");
  f = law_force(&doc, 0.01, 0.0, 0.25, 1.0, false);
  assert_rel(f.a, 0.058428485763, 1e-11);
  assert_rel(f.elastic, 349.810022, 1e-8);
  assert_rel(law_force(&doc, 0.0, 0.0, 0.25, 1.0, true).elastic, -8.0 / 9.0 * 3.0 * LAW_PI * 10.0 * 0.25, 1e-13);
}

/* The law's JKR radius solves δ = a²/R − 2 sqrt(π γ a/E*) to rounding, from the pull-off
 * distance to overlaps 1e9 times it (weak adhesion), where the library's closed form (§2.5)
 * has lost digits: its residual grows to ~5e-10 of the terms at 1e9 d_po, ~1e-13 at 1e4. */
static void jkr_radius_accuracy(void **state) {
  (void)state;
  double worst = 0.0;
  for (int k = 0; k < 20000; k++) {
    char text[256];
    snprintf(text, sizeof text, "jkr %.17g 0 %.17g %.17g tangential linear_nohistory 0 0", log_uniform(1e5, 1e11),
             0.5 * uniform(), log_uniform(1e-3, 10.0));
    const LawModel m = law_ok(text);
    const double R = log_uniform(1e-4, 1e-1), dpo = law_pulloff_distance(&m, R);
    const double delta = k % 4 == 0 ? -dpo * (1.0 - log_uniform(1e-12, 1.0)) : dpo * log_uniform(1e-9, 1e9);
    const long double a = law_jkr_radius(&m, delta, R), pi = 3.14159265358979323846264338L;
    const long double adh = 2.0L * sqrtl(pi * m.gamma * a / m.Estar);
    const long double resid = a * a / R - adh - delta; /* in long double: the rounding of δ(a) itself */
    worst = fmax(worst, (double)(fabsl(resid) / (a * a / R + adh)));
  }
  assert_true(worst <= 2e-15);
}

static void hand_elastic_time(void **state) {
  (void)state;
  /* hooke: π sqrt(meff/k) = π sqrt(0.25/1e4) = π/200 s */
  const LawModel hooke = law_ok("hooke 1e4 0 tangential linear_nohistory 0 0 damping none");
  assert_rel(law_elastic_time(&hooke, 1e-2, 0.25, 1.0), LAW_PI / 200.0, TOL_HAND);
  /* hertz k_n = 1e6, R = 1e-2: k_H = 1e5; meff = 1e-5 kg, v0 = 1: 3.218065 (1e-10)^(2/5) = 3.218065e-4 s */
  const LawModel hertz = law_ok("hertz 1e6 0 tangential linear_nohistory 0 0 damping none");
  assert_rel(law_elastic_time(&hertz, 1e-2, 1e-5, 1.0), 3.218065e-4, TOL_HAND);
  /* the references' time limits are the verifier's (collide max_tc) */
  assert_true(REFERENCE_MAX_TC == VERIFY_MAX_TC && ODE_MAX_TC == VERIFY_MAX_TC);
}

/* ---- the reader ---- */

static void reader(void **state) {
  (void)state;
  /* read past: every tangential block, rolling/twisting/heat none, cutoff; keywords in any order */
  const LawModel m = law_ok("hertz/material 1e8 0.5 0.3 limit_damping tangential mindlin NULL 1 0.4 rolling none "
                            "twisting none heat none cutoff 0.01 damping tsuji");
  assert_int_equal(m.normal, LAW_HERTZ_MATERIAL);
  assert_int_equal(m.damping, LAW_DAMP_TSUJI);
  assert_true(m.limit_damping);
  static const char *const BAD[] = {
      "",                                                                   /* empty */
      "mdr 1e7 0.3 1e5 0 0.8 0.1 tangential linear_nohistory 0 0 damping mdr 1", /* stateful */
      "hooke 1e4 tangential linear_nohistory 0 0",                          /* too few numbers */
      "hooke 1e4 1 2 tangential linear_nohistory 0 0",                      /* one too many */
      "hooke -1e4 1 tangential linear_nohistory 0 0",                       /* negative stiffness */
      "hertz/material 1e8 1 0.6 tangential linear_nohistory 0 0",           /* ν > 0.5 */
      "jkr 1e8 1 0.3 0 tangential linear_nohistory 0 0",                    /* jkr needs γ > 0 */
      "jkr 1e8 0.5 0.3 1 tangential linear_nohistory 0 0 damping tsuji",    /* cohesion */
      "dmt 1e8 1 0.3 1 tangential linear_nohistory 0 0 damping velocity limit_damping",
      "hooke 1e4 1.5 tangential linear_nohistory 0 0 damping coeff_restitution", /* e > 1 */
      "hooke 1e4 1 tangential linear_nohistory 0 0 damping sticky",         /* unknown damping */
      "hooke 1e4 1 tangential linear_nohistory 0 0 synchronized_verlet",    /* not read */
  };
  for (size_t k = 0; k < sizeof BAD / sizeof *BAD; k++) {
    LawModel bad;
    char why[256] = "";
    if (law_parse(BAD[k], &bad, why, sizeof why)) fail_msg("law_parse accepted '%s'", BAD[k]);
    assert_true(why[0] != '\0');
  }
}

const struct CMUnitTest law_tests[] = {
    cmocka_unit_test(law_matches_library), cmocka_unit_test(law_refuses_what_library_refuses),
    cmocka_unit_test(hand_hooke_and_hertz), cmocka_unit_test(hand_restitution_damping),
    cmocka_unit_test(hand_cohesive),        cmocka_unit_test(jkr_radius_accuracy),
    cmocka_unit_test(hand_elastic_time),
    cmocka_unit_test(reader),
};
const size_t law_ntests = sizeof law_tests / sizeof law_tests[0];
