/*
 * cases_chung_ooi_engines.c - Chung & Ooi (2011) tests 1-3 inside the outside engines of
 * --engine NAME (the head-on tests; the engine layer runs no oblique impact yet), with the
 * materials and speeds of cases_chung_ooi.c, judged against the same expectations as grandamp's
 * own runs: tests 1 and 2 (elastic, the engine's undamped Hertz law) e = 1 within the Hertz rows'
 * f dt/t_c and the duration of Hertz's elastic impact (Johnson 1985 §11.4) within 2 dt; test 3
 * e_out against e_in for every e-input damping model the engine has, against the row's closed
 * form (force-end for an engine that clamps the force, Engine.force_end), and the reference's
 * duration. Each run at dt = t_c/200. Cases engine/NAME/chung-ooi/TEST/MATERIAL/NORMAL[/DAMPING]/...
 * Tests 1 and 2 also run in each legacy style of the engine that has undamped Hertz (LAMMPS's
 * gran/hertz/history with gamma_n = 0): engine/NAME/STYLE/chung-ooi/...; test 3 does not (the
 * legacy styles take no e).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine_cases.h"
#include "expect.h"
#include "law.h"
#include "reference.h"
#include "rows.h"

#define STEPS_PER_TC 200.0

typedef struct Material {
  const char *name;
  double E, nu, rho;
} Material;

/* The bound of e: the row's f dt/t_c (docs/verification.md §7.2), the Hertz family's largest
 * where the engine's model has no row of grandamp's (undamped Hertz). */
static double e_bound(const char *normal, const char *damping) {
  const Row *r = row_find(normal, damping);
  if (r) return r->f / STEPS_PER_TC + 1e-12;
  double f = 0.0;
  for (int k = 0; k < row_count(); k++)
    if (!strncmp(row_at(k)->normal, "hertz", 5)) f = fmax(f, row_at(k)->f);
  return f / STEPS_PER_TC + 1e-12;
}

/* Tests 1 and 2: an elastic impact of two identical spheres (plane false) or a sphere on a rigid
 * plane, in hertz/material (pairs only: grandamp's engines give a wall the sphere's material)
 * and hertz with k = (4/3) E*. */
static void elastic(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, int test, const Material *m,
                    double R, double v0, bool plane) {
  const double Estar = plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
  const double mass = 4.0 / 3.0 * LAW_PI * R * R * R * m->rho;
  const HertzImpact h = expect_hertz_impact(Estar, plane ? R : 0.5 * R, plane ? mass : 0.5 * mass, v0);
  static const char *const NORMALS[] = {"hertz", "hertz/material"};
  for (int k = 0; k < (plane ? 1 : 2); k++) {
    const char *native;
    if (!(style ? eng->style_supports(style, NORMALS[k], "none", NULL, &native)
                : eng->supports(NORMALS[k], "none", &native)))
      continue;
    EngineCase c = {.style = style, .normal = NORMALS[k], .damping = "none", .kn = 4.0 / 3.0 * Estar, .E = m->E,
                    .nu = m->nu, .Ri = R, .Rj = plane ? INFINITY : R, .rho = m->rho, .v0 = v0};
    c.dt = h.t_c / STEPS_PER_TC;
    c.t_run = 1.3 * h.t_c + 10.0 * c.dt;
    char base[192], segment[32] = "";
    if (style) style_segment(style, segment, sizeof segment);
    snprintf(base, sizeof base, "engine/%s/%schung-ooi/%d/%s/%s", eng->name, segment, test, m->name,
             k ? "hertz_material" : "hertz");
    engine_judge(v, ctx, eng, base, &c, NULL, 1.0, e_bound(NORMALS[k], "none"),
                 "elastic Hertz impact: e = 1, the Hertz rows' f dt/t_c", h.t_c, NULL);
  }
}

/* Tests 1 and 2 in the engine's own interface (style NULL) or a legacy style. */
static void elastic_tests(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style) {
  static const Material GLASS = {"glass", 48e9, 0.20, 2800.0}, LIMESTONE = {"limestone", 20e9, 0.25, 2500.0};
  static const Material AL = {"al-alloy", 70e9, 0.30, 2699.0}, MG = {"mg-alloy", 40e9, 0.35, 1800.0};
  case_key_set(v->key.style, sizeof v->key.style, "%s", style ? style : "");
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/1");
  elastic(v, ctx, eng, style, 1, &GLASS, 0.010, 20.0, false);
  elastic(v, ctx, eng, style, 1, &LIMESTONE, 0.010, 20.0, false);
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/2");
  elastic(v, ctx, eng, style, 2, &AL, 0.10, 0.2, true);
  elastic(v, ctx, eng, style, 2, &MG, 0.10, 0.2, true);
}

/* Test 3: e_out against e_in on a rigid plane (hertz, k = (4/3) E/(1 - nu^2)), R 2.5 mm, 3.9 m/s. */
static void restitution(Verifier *v, EngineCtx *ctx, const Engine *eng, const Material *m) {
  static const char *const DAMPING[] = {"coeff_restitution", "tsuji", "tsuji/legacy"};
  static const double E_IN[] = {0.2, 0.4, 0.6, 0.8, 0.95}; /* 0.95 for 1.0: Yade takes en < 1 */
  const double R = 0.0025, v0 = 3.9, Estar = m->E / (1.0 - m->nu * m->nu);
  const double mass = 4.0 / 3.0 * LAW_PI * R * R * R * m->rho;
  const bool limit = eng->force_end;
  for (int d = 0; d < 3; d++) {
    const char *native;
    if (!eng->supports("hertz", DAMPING[d], &native)) continue;
    const Row *r = row_find("hertz", DAMPING[d]);
    for (int i = 0; i < 5; i++) {
      char text[256], base[192], src[160];
      snprintf(text, sizeof text, "hertz %.17g %.17g tangential linear_nohistory 0 0 damping %s%s", 4.0 / 3.0 * Estar,
               E_IN[i], DAMPING[d], limit ? " limit_damping" : "");
      const LawModel law = law_model(text);
      const Reference ref = reference_collide(&law, R, mass, v0, limit);
      const char *csrc = NULL;
      double e_exp = row_closed_form(r, E_IN[i], limit, &csrc);
      if (isnan(e_exp)) e_exp = ref.e, csrc = "continuous-time reference (verify/oracle/reference.c)";
      const double tc = limit ? ref.t_pos : ref.t_c;
      EngineCase c = {.normal = "hertz", .damping = DAMPING[d], .kn = 4.0 / 3.0 * Estar, .E = m->E, .nu = m->nu,
                      .damp = E_IN[i], .Ri = R, .Rj = INFINITY, .rho = m->rho, .v0 = v0};
      c.dt = tc / STEPS_PER_TC;
      c.t_run = 1.3 * tc + 10.0 * c.dt;
      char id[64];
      row_id(r, id, sizeof id);
      snprintf(base, sizeof base, "engine/%s/chung-ooi/3/%s/%s/e_in=%g", eng->name, m->name, id, E_IN[i]);
      snprintf(src, sizeof src, "%s; %s", csrc, r->f_src);
      engine_judge(v, ctx, eng, base, &c, &law, e_exp, r->f / STEPS_PER_TC + 1e-12, src, tc, NULL);
    }
  }
}

void cases_chung_ooi_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  static const Material OXIDE = {"al-oxide", 380e9, 0.23, 4000.0}, IRON = {"cast-iron", 100e9, 0.25, 7000.0};
  const CaseKey outer = v->key;
  elastic_tests(v, ctx, eng, NULL);
  for (const char *const *s = eng->styles; s && *s; s++) elastic_tests(v, ctx, eng, *s);
  case_key_set(v->key.style, sizeof v->key.style, "%s", "");
  /* test 3 takes e as the input: the legacy styles have no such damping model */
  case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/3");
  if (!v->quick) {
    restitution(v, ctx, eng, &OXIDE);
    restitution(v, ctx, eng, &IRON);
  }
  v->key = outer;
}
