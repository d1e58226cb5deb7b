/*
 * oblique_engines.c - what the engines' oblique generators share (oblique_engines.h): Chung & Ooi's
 * tests 4 to 8 (cases_chung_ooi_oblique_engines.c) and the energy sweeps
 * (cases_energy_gain_engines.c) both call it, and it calls neither.
 */
#include "oblique_engines.h"

#include <math.h>
#include <stdio.h>

#include "energy_gain.h"
#include "engine_cases.h"

const char *oblique_damping(const Engine *eng, const char *normal, double e) {
  static const char *const E_INPUT[] = {"coeff_restitution", "tsuji/legacy"};
  const char *native;
  if (e == 1.0) return eng->supports(normal, "none", &native) ? "none" : NULL;
  for (int k = 0; k < 2; k++)
    if (eng->supports(normal, E_INPUT[k], &native)) return E_INPUT[k];
  return NULL;
}

EngineCase oblique_engine_case(const ObliqueTest *t, const Material *m, const Tangential *tg, const char *damping,
                               const Impact *im, char *text, size_t size) {
  EngineCase c = {.normal = t->plane ? "hertz" : "hertz/material", .damping = damping, .E = m->E, .nu = m->nu,
                  .damp = t->e, .Ri = im->Ri, .Rj = im->Rj, .rho = m->rho, .v0 = im->vn, .tangential = tg->name,
                  .xt = tg->xt, .mu = t->mu, .vt0 = im->vt0, .wi0 = im->wi0, .wj0 = im->wj0};
  c.kt = oblique_model_text(t, m, tg, damping, text, size);
  c.kn = t->plane ? 4.0 / 3.0 * m->E / (1.0 - m->nu * m->nu) : 0.0;
  c.rho_j = t->plane ? 0.0 : m->rho * t->ratio_rho;
  return c;
}

void engine_gain_verdict(Verifier *v, EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                         const EngineResult *r, const Impact *im, bool plane, double mu, double e, double de_factor,
                         double dv_factor, double steps) {
  const double de = de_factor / steps, dv = dv_factor / steps;
  const Outcome o = {r->e, r->vt, r->wi, r->wj};
  const double vx = r->e * im->vn; /* the engines' e is read along x */
  const double Ein = impact_energy(im, plane, 0.0, NULL), Eout = impact_energy(im, plane, vx, &o);
  const double tol = ran ? energy_gain_bound(im, plane, vx, &o, mu, e, de, dv) / Ein : 0.0;
  char src[256];
  snprintf(src, sizeof src, "(E_out - E_in)/E_in at most the integrator's bound (e within %g dt/t_c, V_t' and R w' "
           "within %g dt/t_c of mu(1+e)V_n) (%s)", de_factor, dv_factor, r->version);
  engine_verdict(v, ctx, eng, ran, why, QTY_GAIN, ran ? (Eout - Ein) / Ein : NAN, 0.0, tol, NULL, src);
}
