/*
 * cases_legacy_engines.c - the seed's claim, checked in the engine that has the legacy styles
 * (Engine.styles: LAMMPS's gran/hooke and gran/hooke/history). The LAMMPS documentation of
 * pair_style granular says: "Use damping mass_velocity to reproduce the damping behavior of pair
 * gran/hooke/...". Each such style runs the same collisions as pair_style granular's hooke + mass_velocity
 * (src/engines/lammps_legacy.c maps the coefficients), and the two results must agree:
 *   head-on, the row's target e on equal and unequal spheres and a wall at dt = t_c/200: e within
 *     the row's bound f dt/t_c, the contact's steps within 2 dt (the matrix's tolerances);
 *   oblique, 10-85 degrees at 1 m/s, mu 0.3, the style's tangential force (gran/hooke: no history,
 *     linear_nohistory; gran/hooke/history: linear_history, K_t = 2/7 K_n), gamma_t = gamma_n / 2
 *     (the styles' default; x_gamma_t 0.5): e as above, and V_t' and the spins within the oblique
 *     cases' 2 dt/t_c of mu (1 + e) V_n (verify/cases/oblique_tests.h).
 * This compares an engine with itself, style against style: a consistency check of the claim, not
 * a verification of either (each is verified against the expectations in the restitution matrix,
 * engine/NAME/STYLE/...). Cases engine/NAME/seed-claim/STYLE/GEOMETRY/e=X[/theta=A]/{e,t_c,tangential}.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine_cases.h"
#include "law.h"
#include "reference.h"
#include "rows.h"

#define STEPS 200
#define MU 0.3
#define X_GAMMA_T 0.5 /* gamma_t = gamma_n / 2, the legacy styles' NULL */

void style_segment(const char *style, char *buf, size_t size) {
  size_t n = 0;
  for (; style[n] && n + 2 < size; n++) buf[n] = style[n] == '/' ? '_' : style[n];
  buf[n++] = '/';
  buf[n] = '\0';
}

/* One collision in the legacy style and in pair_style granular, its cases judged. */
static void claim_case(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, const Row *r, double x,
                       Geometry g, double theta) {
  char group[64], base[192], segment[32], angle[32] = "";
  style_segment(style, segment, sizeof segment);
  if (theta > 0.0) snprintf(angle, sizeof angle, "/theta=%g", theta);
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(base, sizeof base, "engine/%s/seed-claim/%s%s/%s=%g%s", eng->name, segment, GEO_NAMES[g],
           row_param_name(r->param), x, angle);
  const bool oblique = theta > 0.0;
  if (v->dry) {
    case_begin(v, group, "%s/e", base);
    case_begin(v, group, "%s/%s", base, oblique ? "tangential" : "t_c");
    return;
  }
  if (!case_wanted(v, group, "%s/e", base) && !case_wanted(v, group, "%s/%s", base, oblique ? "tangential" : "t_c"))
    return;
  const double vn = oblique ? cos(theta * LAW_PI / 180.0) : 1.0, vt = oblique ? sin(theta * LAW_PI / 180.0) : 0.0;
  char text[512];
  row_model_text(r, x, g, vn, false, text, sizeof text);
  const LawModel law = law_model(text);
  const Reference ref = reference_collide(&law, setup_reff(g), setup_meff(g), vn, false);
  EngineCase granular;
  row_engine_case(r, x, g, vn, &granular);
  granular.dt = ref.t_c / STEPS;
  granular.t_run = 2.0 * ref.t_c + 10.0 * granular.dt;
  if (oblique) {
    const bool history = strstr(style, "history") != NULL;
    granular.tangential = history ? "linear_history" : "linear_nohistory";
    granular.kt = history ? 2.0 / 7.0 * granular.kn : 0.0;
    granular.xt = X_GAMMA_T, granular.mu = MU, granular.vt0 = vt;
  }
  EngineCase legacy = granular;
  legacy.style = style;
  EngineResult a, b;
  char why[1100];
  const bool ran = engine_run_both(v, ctx, eng, &legacy, &granular, &a, &b, why, sizeof why);
  char src[320];
  const CaseKey outer = v->key;
  case_key_set(v->key.quantity, sizeof v->key.quantity, "e");
  case_begin(v, group, "%s/e", base);
  snprintf(src, sizeof src, "%s against pair_style granular %s + %s (e %.10g), within the row's %s (%s)", style,
           r->normal, r->damping, b.e, r->f_src, a.version);
  engine_verdict(v, ctx, eng, ran, why, QTY_E, a.e, b.e, r->f / STEPS + 1e-12, NULL, src);
  if (!oblique) {
    case_key_set(v->key.quantity, sizeof v->key.quantity, "t_c");
    case_begin(v, group, "%s/t_c", base);
    snprintf(src, sizeof src, "%s's contact steps against pair_style granular's, +-2 dt (%s)", style, a.version);
    engine_verdict(v, ctx, eng, ran, why, QTY_TC, a.t_c, b.t_c, 2.0 * granular.dt, NULL, src);
  } else {
    case_key_set(v->key.quantity, sizeof v->key.quantity, "tangential");
    case_begin(v, group, "%s/tangential", base);
    const bool wall = isinf(granular.Rj);
    double err = fmax(fabs(a.vt - b.vt), granular.Ri * fabs(a.wi - b.wi));
    if (!wall) err = fmax(err, granular.Rj * fabs(a.wj - b.wj));
    const double scale = MU * (1.0 + b.e) * vn;
    snprintf(src, sizeof src, "%s's V_t' and spins against pair_style granular %s's: max(|dV_t|, R|dw|)/(mu(1+e)V_n), "
             "2 dt/t_c (%s)", style, granular.tangential, a.version);
    engine_verdict(v, ctx, eng, ran, why, QTY_ERROR, ran ? err / scale : NAN, 0.0, 2.0 / STEPS, NULL, src);
  }
  v->key = outer;
}

void cases_legacy_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  const Row *r = row_find("hooke", "mass_velocity");
  if (!r || !eng->styles) return;
  static const double ANGLES[] = {10, 30, 60, 85};
  static const Geometry GEOS[] = {GEO_EQUAL, GEO_UNEQUAL, GEO_WALL};
  const CaseKey outer = v->key;
  for (const char *const *s = eng->styles; *s; s++) {
    const char *native;
    if (!eng->style_supports(*s, r->normal, r->damping, NULL, &native)) continue;
    case_key_set(v->key.family, sizeof v->key.family, "seed-claim");
    case_key_set(v->key.style, sizeof v->key.style, "%s", *s);
    row_id(r, v->key.row, sizeof v->key.row);
    double xs[8];
    const int nx = row_params(r, v->quick, xs);
    for (int g = 0; g < (v->quick ? 1 : 3); g++) {
      case_key_set(v->key.geometry, sizeof v->key.geometry, "%s", GEO_NAMES[GEOS[g]]);
      for (int i = 0; i < nx; i++) claim_case(v, ctx, eng, *s, r, xs[i], GEOS[g], 0.0);
      if (v->quick || GEOS[g] == GEO_UNEQUAL) continue;
      for (int k = 0; k < (int)(sizeof ANGLES / sizeof ANGLES[0]); k++)
        claim_case(v, ctx, eng, *s, r, xs[nx / 2], GEOS[g], ANGLES[k]);
    }
  }
  v->key = outer;
}
