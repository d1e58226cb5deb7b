/*
 * cases_kharaz_engines.c - Kharaz, Gorham & Salman (2001)'s measurement against each engine's
 * tangential models (verify/cases/kharaz_cases.h says what is judged and what recorded): test
 * 4's impact at each measured angle, hertz on a plane with the engine's e-input damping at e 0.98,
 * dt = t_c/200 of Hertz's elastic contact at V_n (Johnson 1985 §11.4); cases
 * engine/NAME/kharaz/MODEL[/x0|/x1]/e_t|spin|rebound/theta=A, rows "NAME MODEL" of the table.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine_cases.h"
#include "expect.h"
#include "kharaz_cases.h"
#include "oblique_engines.h"

#define STEPS 200.0

static void point_case(Verifier *v, EngineCtx *ctx, const Engine *eng, const Tangential *tg, const char *damping,
                       KharazQuantity q, int k, double scatter) {
  const ObliqueTest *t = &OBLIQUE_TESTS[0]; /* test 4 is this experiment */
  const Material *m = &t->materials[0];
  int n;
  const KharazPoint *p = &kharaz_points(q, &n)[k];
  const double angle = kharaz_angle(p), tol = kharaz_tolerance(q, p, scatter);
  char model[48], group[64], name[192];
  snprintf(model, sizeof model, "%s%s", tg->name, tg->history ? (tg->xt == 0.0 ? "/x0" : "/x1") : "");
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(name, sizeof name, "engine/%s/kharaz/%s/%s/theta=%.4g", eng->name, model, kharaz_name(q), angle);
  if (v->dry) {
    case_begin(v, group, "%s", name);
    return;
  }
  if (!case_wanted(v, group, "%s", name)) return;
  const Impact im = impact_of(t, m, angle);
  char text[384];
  EngineCase c = oblique_engine_case(t, m, tg, damping, &im, text, sizeof text);
  const double tc = expect_hertz_impact(m->E / (1.0 - m->nu * m->nu), im.Ri, im.mi, im.vn).t_c;
  c.dt = tc / STEPS;
  c.t_run = 1.5 * tc + 10.0 * c.dt;
  EngineResult r;
  char why[512] = "";
  const bool ran = engine_run(v, ctx, eng, &c, &r, why, sizeof why);
  case_begin(v, group, "%s", name);
  const Outcome o = {r.e, r.vt, r.wi, r.wj};
  const double y = ran ? kharaz_measure(q, &im, r.e * im.vn, &o) : NAN;
  char row[64], src[256];
  snprintf(row, sizeof row, "%s %s", eng->name, model);
  if (ran) kharaz_record(v, row, q, k, y, tol);
  if (!ran || !isfinite(y) || kharaz_judged(q, tg->history, angle)) {
    snprintf(src, sizeof src, "Kharaz et al. (2001), gross sliding: |model - measured %.6g|, 3x the scatter about "
             "Maw et al. + the digitisations' disagreement (%s)", kharaz_value(p), r.version);
    engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, fabs(y - kharaz_value(p)), 0.0, tol, NULL, src);
  } else {
    snprintf(src, sizeof src, "recorded, not judged (%s)", kharaz_why_not(q, tg->history, angle));
    case_skip_detail(v, src, "%.4g against the measured %.4g, %s (tolerance %.3g)", y, kharaz_value(p),
                     fabs(y - kharaz_value(p)) <= tol ? "follows" : "leaves it", tol);
  }
}

void cases_kharaz_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  if (!eng->oblique_supports) return;
  const char *damping = oblique_damping(eng, "hertz", OBLIQUE_TESTS[0].e);
  if (!damping) return;
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "kharaz");
  double scatter[N_KHARAZ];
  for (int q = 0; q < N_KHARAZ; q++) scatter[q] = v->dry ? 0.0 : kharaz_scatter((KharazQuantity)q);
  for (int g = 0; g < N_OF(TANGENTIALS); g++) {
    const char *native;
    if (!eng->oblique_supports(TANGENTIALS[g].name, TANGENTIALS[g].xt, &native)) continue;
    if (v->quick && g != 3) continue;
    for (int q = 0; q < N_KHARAZ; q++) {
      int n;
      kharaz_points((KharazQuantity)q, &n);
      for (int k = 0; k < n; k++) point_case(v, ctx, eng, &TANGENTIALS[g], damping, (KharazQuantity)q, k, scatter[q]);
    }
  }
  v->key = outer;
}
