/*
 * cases_chung_ooi_oblique_engines.c - Chung & Ooi (2011)'s tests 4 to 8 in an outside engine
 * (--engine NAME) that runs them: the impacts of grandamp's cases (verify/cases/oblique_tests.h)
 * through the one judge (judge.h), named as grandamp's under engine/NAME/.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "energy_gain.h"
#include "engine_cases.h"
#include "law.h"
#include "oblique_engines.h"
#include "oblique_tests.h"
#include "reference.h"

/* Begins an impact's energy case (family energy-gain); whether it runs. */
static bool gain_case(Verifier *v, const char *group, const char *name) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "energy-gain");
  const bool run = case_begin(v, group, "%s", name);
  v->key = outer;
  return run;
}

/* One impact in the engine at dt = t_c/200: against the continuous reference of the same model
 * text (the engine's damping model) when the engine runs grandamp's laws, and against the closed
 * form that applies (any Coulomb law: gross sliding's V_t', not the spin, whose arm an engine may
 * take as R - delta/2; no slip), named as grandamp's cases under engine/NAME/. */
/* A legacy style's run of a test (its hertz K_n and viscoelastic gamma_n; NULL: the engine's own
 * interface). */
typedef struct Legacy {
  const char *style;
  double kn, gamma_n;
} Legacy;

static void engine_impact(Verifier *v, EngineCtx *ctx, const Engine *eng, const ObliqueTest *t, const Material *m,
                          const Tangential *tg, const char *damping, double value, const Legacy *legacy) {
  char group[64], prefix[96], name[192], segment[32] = "";
  if (legacy) style_segment(legacy->style, segment, sizeof segment);
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(prefix, sizeof prefix, "engine/%s/%s", eng->name, segment);
  impact_name(prefix, t, m, tg, value, name, sizeof name);
  const Impact im = impact_of(t, m, value);
  const Closed closed = closed_form_of(t, &im);
  const bool want_ref = eng->oblique_same_law && case_wanted(v, group, "%s", name);
  const bool want_closed = closed && case_wanted(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
  char gain[192]; /* its energy case (cases_energy_gain_engines.c) */
  snprintf(gain, sizeof gain, "%senergy-gain/%s", prefix, name + strlen(prefix));
  const bool want_gain = case_wanted(v, group, "%s", gain);
  if (v->dry) {
    if (eng->oblique_same_law) case_begin(v, group, "%s", name);
    if (closed) case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
    gain_case(v, group, gain);
    return;
  }
  if (!want_ref && !want_closed && !want_gain) return;
  char text[384];
  EngineCase c = oblique_engine_case(t, m, tg, damping, &im, text, sizeof text);
  if (legacy) { /* hertz with K_n and gamma_n as the style takes them, the torque on the full radius */
    c.style = legacy->style, c.normal = "hertz", c.kn = legacy->kn, c.damp = legacy->gamma_n;
    snprintf(text, sizeof text, "hertz %.17g %.17g damping %s tangential %s %.17g %.17g %.17g", c.kn, c.damp, damping,
             tg->name, c.kt, tg->xt, t->mu);
  }
  const ObliqueResult o = reference_of(t, text, &im, legacy && !t->plane);
  const double steps = 200.0;
  c.dt = o.t_c / steps;
  c.t_run = 1.3 * o.t_c + 10.0 * c.dt;
  EngineResult r;
  char why[512] = "";
  const bool ran = engine_run(v, ctx, eng, &c, &r, why, sizeof why);
  const Outcome got = {r.e, r.vt, r.wi, r.wj}, ref = {o.e, o.vt, o.wi, o.wj};
  const double scale = t->mu * (1.0 + t->e) * im.vn;
  for (int which = 0; which < 2; which++) {
    if (which == 0 ? !want_ref : !want_closed) continue;
    if (which == 0) case_begin(v, group, "%s", name);
    else case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
    /* what the engine reports besides the judged quantity must at least be finite (its e is read
     * along x, which the line of centres leaves at grazing incidence: no bound on it here) */
    const bool possible = !ran || (isfinite(r.e) && isfinite(r.vt));
    char src[256];
    if (!possible) {
      snprintf(src, sizeof src, "its e = %.10g, V_t' = %.10g are not finite (%s)", r.e, r.vt, r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, NAN, 0.0, 0.0, NULL, src);
    } else if (which == 0) {
      snprintf(src, sizeof src, "continuous reference of the tangential model (verify/oracle/oblique_ref.c), damping %s: "
               "max(|dV_t|, R|dw|)/(mu(1+e)V_n); %g dt/t_c (%s)", damping, bound_c(tg), r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, ran ? oblique_error(t, &im, &got, &ref) : NAN, 0.0,
                     bound_c(tg) / steps, NULL, src);
    } else if (closed == CLOSED_SLIDING) {
      snprintf(src, sizeof src, "rigid-body gross sliding V_t' = V_t - mu(1+e)V_n (Chung & Ooi 2011, test 5), over "
               "mu(1+e)V_n; 1e-4 (%s)", r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, fabs(r.vt - (im.vt0 - scale)) / scale, 0.0, 1e-4, NULL, src);
    } else {
      const double err = fmax(fabs(r.vt), fmax(im.Ri * fabs(r.wi - im.wi0), im.Rj * fabs(r.wj - im.wj0)));
      snprintf(src, sizeof src, "no slip under equal and opposite spins: V_t' = 0, w' = w (Chung & Ooi 2011, test 7), "
               "over mu(1+e)V_n; 1e-9 (%s)", r.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, err / scale, 0.0, 1e-9, NULL, src);
    }
  }
  if (want_gain && gain_case(v, group, gain))
    engine_gain_verdict(v, ctx, eng, ran, why, &r, &im, t->plane, t->mu, t->e,
                        gain_e_bound(t->plane ? "hertz" : "hertz/material"), bound_c(tg), steps);
}

/* The viscoelastic gamma_n that gives e at speed v head-on (hertz K_n on R_eff, m_eff), by bisection
 * on the verifier's continuous reference (e falls as gamma_n grows). */
static double viscoelastic_gamma(double kn, double Reff, double meff, double v, double e) {
  double lo = 0.0, hi = 1.0, mid = 0.0;
  char text[256];
  for (int k = 0; k < 200; k++) {
    mid = k < 60 && lo == 0.0 ? hi : 0.5 * (lo + hi);
    snprintf(text, sizeof text, "hertz %.17g %.17g damping viscoelastic tangential linear_nohistory 0 0", kn, mid);
    const LawModel law = law_model(text);
    const Reference r = reference_collide(&law, Reff, meff, v, false);
    if (lo == 0.0 && k < 60 && !r.captured && r.e > e) { /* not damped enough yet: double */
      hi *= 2.0;
      continue;
    }
    if (r.captured || r.e < e) hi = mid;
    else lo = mid;
    if (hi - lo <= 1e-12 * hi) break;
  }
  return 0.5 * (lo + hi);
}

/* Tests 4-8 in a legacy style that runs Hertz with mindlin (LAMMPS's gran/hertz/history): its
 * viscoelastic gamma_n solved for the test's e at its speed V (undamped when e = 1), K_n = 4/3 E*,
 * and the reference with the torque on the full radii, as the legacy styles take it. */
static void legacy_tests(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style) {
  const char *native;
  if (!eng->style_supports(style, "hertz", "viscoelastic", "mindlin", &native)) return;
  const CaseKey outer = v->key;
  case_key_set(v->key.style, sizeof v->key.style, "%s", style);
  for (int i = 0; i < N_OBLIQUE_TESTS; i++) {
    const ObliqueTest *t = &OBLIQUE_TESTS[i];
    case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/%d", t->number);
    const char *damping = t->e == 1.0 ? "none" : "viscoelastic";
    for (int k = 0; k < 2; k++) {
      const Material *m = &t->materials[k];
      const Impact im = impact_of(t, m, 0.0);
      const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
      const double Reff = t->plane ? im.Ri : im.Ri * im.Rj / (im.Ri + im.Rj);
      const double meff = t->plane ? im.mi : im.mi * im.mj / (im.mi + im.mj);
      Legacy lg = {.style = style, .kn = 4.0 / 3.0 * Estar};
      /* solved only where a case of it may run (the bisection costs a few hundred references) */
      char group[64], segment[32], ref_prefix[160], gain_prefix[192];
      style_segment(style, segment, sizeof segment);
      snprintf(group, sizeof group, "engine.%s", eng->name);
      snprintf(ref_prefix, sizeof ref_prefix, "engine/%s/%schung-ooi/%d/%s/", eng->name, segment, t->number, m->name);
      snprintf(gain_prefix, sizeof gain_prefix, "engine/%s/%senergy-gain/chung-ooi/%d/%s/", eng->name, segment,
               t->number, m->name);
      const bool wanted = case_matches(v, group, ref_prefix) || case_matches(v, group, gain_prefix);
      if (t->e < 1.0 && !v->dry && wanted) lg.gamma_n = viscoelastic_gamma(lg.kn, Reff, meff, t->v, t->e);
      for (int g = 0; g < N_OF(TANGENTIALS); g++) {
        const Tangential *tg = &TANGENTIALS[g];
        if (strcmp(tg->name, "mindlin") || !eng->style_supports(style, "hertz", damping, tg->name, &native)) continue;
        for (int n = 0; n < t->nvalues; n++)
          if (n % 3 == 1 && (!v->quick || n == 1)) engine_impact(v, ctx, eng, t, m, tg, damping, t->values[n], &lg);
      }
    }
  }
  v->key = outer;
}

void cases_chung_ooi_oblique_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  const CaseKey outer = v->key;
  for (int i = 0; i < N_OBLIQUE_TESTS; i++) {
    const ObliqueTest *t = &OBLIQUE_TESTS[i];
    case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/%d", t->number);
    const char *damping = oblique_damping(eng, t->plane ? "hertz" : "hertz/material", t->e);
    const bool spins = t->vary == VARY_SPIN || t->vary == VARY_COUNTER_SPIN;
    if (!damping || (spins && !eng->oblique_spins)) continue;
    for (int k = 0; k < 2; k++)
      for (int g = 0; g < N_OF(TANGENTIALS); g++) {
        const char *native;
        const Tangential *tg = &TANGENTIALS[g];
        if (!eng->oblique_supports(tg->name, tg->xt, &native) || (!tg->history && t->e == 1.0)) continue;
        for (int n = 0; n < t->nvalues; n++)
          if (n % 3 == 1 && (!v->quick || n == 1))
            engine_impact(v, ctx, eng, t, &t->materials[k], tg, damping, t->values[n], NULL);
      }
  }
  for (const char *const *s = eng->styles; s && *s; s++) legacy_tests(v, ctx, eng, *s);
  v->key = outer;
}
