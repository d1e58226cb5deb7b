/*
 * cases_pair_wall_engines.c - a wall and an infinitely large, infinitely heavy sphere are the same
 * body: in each engine, and in each of its legacy styles, a sphere hitting a flat wall and the same
 * sphere hitting a partner of the same material with R_j = 10^4 R_i (its mass 10^12 m_i) give
 * the same contact: R_eff -> R_i, m_eff -> m_i, and for two bodies of one material the same E* as
 * the wall's (E/(2(1 - nu^2)) both; LAMMPS 2Sep2026, fix wall/gran). A partner of infinite mass
 * alone would not do: equal radii give R_eff = R/2, a Hertz contact 2^(1/5) longer.
 * lammps/lammps#4141 found walls mixing Young's modulus differently from pairs; this project found
 * 29Sep2021's wall E* 1 + nu too large (src/engines/decks/known-defects.txt).
 *
 * Per row the engine (or style) runs, at the row's middle parameter, 1 m/s, dt = t_c/200 of the
 * wall's reference contact: engine/NAME/[STYLE/]pair-wall/ROW/PARAM=X/e, the wall's e against the
 * pair's within the row's f dt/t_c, and .../t_c, its contact steps against the pair's within 2 dt
 * (not for the cohesive rows, whose contact the engines' gap does not follow past delta = 0).
 * The engine against itself: a consistency check; each geometry is verified on its own by the
 * restitution matrix. A known defect of the wall is XFAIL where its prediction for the wall
 * case (the verifier's oracle) is the wall's value.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine_cases.h"
#include "law.h"
#include "reference.h"
#include "rows.h"

#define STEPS 200
#define HUGE_RATIO 1e4 /* the partner's radius over the sphere's */

static bool runs(const Engine *eng, const char *style, const Row *r) {
  const char *native;
  return style ? eng->style_supports(style, r->normal, r->damping, NULL, &native)
               : eng->supports(r->normal, r->damping, &native);
}

static void pair_wall(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, const Row *r, double x) {
  char id[64], group[64], base[192], segment[32] = "";
  row_id(r, id, sizeof id);
  if (style) style_segment(style, segment, sizeof segment);
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(base, sizeof base, "engine/%s/%spair-wall/%s/%s=%g", eng->name, segment, id, row_param_name(r->param), x);
  const bool judge_tc = row_allows_limit(r);
  if (v->dry) {
    case_begin(v, group, "%s/e", base);
    if (judge_tc) case_begin(v, group, "%s/t_c", base);
    return;
  }
  if (!case_wanted(v, group, "%s/e", base) && !(judge_tc && case_wanted(v, group, "%s/t_c", base))) return;
  char text[512];
  row_model_text(r, x, GEO_WALL, 1.0, eng->force_end, text, sizeof text);
  const LawModel law = law_model(text);
  const Reference ref = reference_collide(&law, setup_reff(GEO_WALL), setup_meff(GEO_WALL), 1.0, eng->force_end);
  const double tc = eng->force_end ? ref.t_pos : ref.t_c;
  EngineCase wall;
  row_engine_case(r, x, GEO_WALL, 1.0, &wall);
  wall.style = style;
  wall.dt = tc / STEPS;
  wall.t_run = 2.0 * tc + 10.0 * wall.dt;
  EngineCase pair = wall;
  pair.Rj = HUGE_RATIO * wall.Ri; /* the same density: 10^12 times the mass */
  EngineResult a, b;
  char why[1100];
  const bool ran = engine_run_both(v, ctx, eng, &wall, &pair, &a, &b, why, sizeof why);
  char src[320];
  const CaseKey outer = v->key;
  for (int which = 0; which < (judge_tc ? 2 : 1); which++) {
    case_key_set(v->key.quantity, sizeof v->key.quantity, "%s", which ? "t_c" : "e");
    case_begin(v, group, "%s/%s", base, which ? "t_c" : "e");
    const double measured = which ? a.t_c : a.e, expected = which ? b.t_c : b.e;
    const DefectCase dc = engine_defect_case(eng, &wall, &law, which == 1, expected);
    if (which)
      snprintf(src, sizeof src, "the wall's contact steps against the pair's with R_j = 1e4 R_i (t_c %.10g), +-2 dt (%s)",
               b.t_c, a.version);
    else
      snprintf(src, sizeof src, "the wall's e against the pair's with R_j = 1e4 R_i (e %.10g), within the row's %s (%s)",
               b.e, r->f_src, a.version);
    engine_verdict(v, ctx, eng, ran, why, which ? QTY_TC : QTY_E, measured, expected,
                   which ? 2.0 * wall.dt : r->f / STEPS + 1e-12, &dc, src);
  }
  v->key = outer;
}

void cases_pair_wall_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "pair-wall");
  case_key_set(v->key.geometry, sizeof v->key.geometry, "wall");
  for (int s = -1; s < 0 || (eng->styles && eng->styles[s]); s++) {
    const char *style = s < 0 ? NULL : eng->styles[s];
    case_key_set(v->key.style, sizeof v->key.style, "%s", style ? style : "");
    for (int k = 0; k < row_count(); k++) {
      const Row *r = row_at(k);
      if (!runs(eng, style, r)) continue;
      row_id(r, v->key.row, sizeof v->key.row);
      double xs[8];
      const int nx = row_params(r, v->quick, xs);
      pair_wall(v, ctx, eng, style, r, xs[nx / 2]);
    }
  }
  v->key = outer;
}
