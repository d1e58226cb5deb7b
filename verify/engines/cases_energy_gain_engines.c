/*
 * cases_energy_gain_engines.c - energy never created (docs/verification.md §8b) inside an engine
 * that runs oblique impacts: the sweeps of grandamp's family (verify/cases/energy_gain.h), each
 * impact's (E_out - E_in)/E_in at most the integrator's bound, one-sided; the Chung & Ooi
 * impacts get their energy case in cases_chung_ooi_oblique_engines.c. Per engine:
 *   engine/NAME/energy-gain/sweep/...  the engine's own interface: hertz on a plane and
 *       hertz/material for the pair, with its e-input damping at e 0.98, every tangential model it
 *       runs, with the backspin only where it can start with spins;
 *   engine/NAME/STYLE/energy-gain/sweep/wall|pair/spin=none|back/theta=A  each legacy style
 *       (LAMMPS's gran/...: lammps/lammps pull request 5007 found fix wall/gran hooke/history
 *       gaining energy at grazing incidence in 2026): gran/hooke and gran/hooke/history as hooke +
 *       mass_velocity with e 0.98 (the LSD's closed form) and gamma_t = gamma_n / 2, K_n the
 *       Hertz contact's secant stiffness at its largest overlap, K_t 2/7 K_n; gran/hertz/history
 *       elastic (gamma_n 0) with mindlin's 8 G*.
 * dt = t_c/200 of the elastic contact at V_n (Hertz: Johnson 1985 §11.4; hooke: pi sqrt(m_eff/K_n)).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "energy_gain.h"
#include "engine_cases.h"
#include "expect.h"
#include "law.h"
#include "oblique_engines.h"

#define STEPS 200.0

/* One sweep impact in the engine: run, then its energy case (name under group). */
static void gain_run(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *name, EngineCase *c,
                     const Impact *im, bool plane, double mu, double e, double de_factor, double dv_factor) {
  char group[64];
  snprintf(group, sizeof group, "engine.%s", eng->name);
  if (v->dry) {
    case_begin(v, group, "%s", name);
    return;
  }
  if (!case_wanted(v, group, "%s", name)) return;
  EngineResult r;
  char why[512] = "";
  const bool ran = engine_run(v, ctx, eng, c, &r, why, sizeof why);
  case_begin(v, group, "%s", name);
  engine_gain_verdict(v, ctx, eng, ran, why, &r, im, plane, mu, e, de_factor, dv_factor, STEPS);
}

/* The elastic Hertz duration of a sweep impact at its V_n. */
static double hertz_tc(const ObliqueTest *t, const Material *m, const Impact *im) {
  const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
  const double Rstar = t->plane ? im->Ri : im->Ri * im->Rj / (im->Ri + im->Rj);
  const double mstar = t->plane ? im->mi : im->mi * im->mj / (im->mi + im->mj);
  return expect_hertz_impact(Estar, Rstar, mstar, im->vn).t_c;
}

/* The engine's own interface: every tangential model it runs. */
static void sweep_own(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  char prefix[64];
  snprintf(prefix, sizeof prefix, "engine/%s/", eng->name);
  for (int s = 0; s < 2; s++) {
    const ObliqueTest *t = &GAIN_SWEEPS[s];
    const Material *m = &t->materials[0];
    const char *damping = oblique_damping(eng, t->plane ? "hertz" : "hertz/material", t->e);
    if (!damping) continue;
    for (int g = 0; g < N_OF(TANGENTIALS); g++) {
      const Tangential *tg = &TANGENTIALS[g];
      const char *native;
      if (!eng->oblique_supports(tg->name, tg->xt, &native)) continue;
      if (v->quick && g > 3) continue;
      for (int spin = 0; spin < (eng->oblique_spins ? 2 : 1); spin++)
        for (int a = 0; a < t->nvalues; a++) {
          const double angle = t->values[a];
          if (v->quick && (spin || !(angle == 76 || angle == 89))) continue;
          char name[192], text[384];
          gain_sweep_name(prefix, t, tg, spin, angle, name, sizeof name);
          Impact im = impact_of(t, m, angle);
          if (spin) im.wi0 = gain_backspin(&im);
          EngineCase c = oblique_engine_case(t, m, tg, damping, &im, text, sizeof text);
          const double tc = hertz_tc(t, m, &im);
          c.dt = tc / STEPS;
          c.t_run = 1.5 * tc + 10.0 * c.dt;
          gain_run(v, ctx, eng, name, &c, &im, t->plane, t->mu, t->e, gain_e_bound(t->plane ? "hertz" : "hertz/material"),
                   bound_c(tg));
        }
    }
  }
}

/* One legacy style (Engine.styles): its model on the sweeps. */
static void sweep_style(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style) {
  const bool hertz = strstr(style, "hertz") != NULL, history = strstr(style, "history") != NULL;
  const char *normal = hertz ? "hertz" : "hooke", *damping = hertz ? "none" : "mass_velocity";
  const char *tangential = hertz ? "mindlin" : history ? "linear_history" : "linear_nohistory";
  const char *native;
  if (!eng->style_supports(style, normal, damping, tangential, &native)) return;
  char prefix[96], segment[32];
  style_segment(style, segment, sizeof segment);
  snprintf(prefix, sizeof prefix, "engine/%s/%senergy-gain/sweep", eng->name, segment);
  const CaseKey outer = v->key;
  case_key_set(v->key.style, sizeof v->key.style, "%s", style);
  for (int s = 0; s < 2; s++) {
    const ObliqueTest *t = &GAIN_SWEEPS[s];
    const Material *m = &t->materials[0];
    const double e = hertz ? 1.0 : t->e;
    const Impact im0 = impact_of(t, m, 0.0);
    const double Estar = t->plane ? m->E / (1.0 - m->nu * m->nu) : m->E / (2.0 * (1.0 - m->nu * m->nu));
    const double Rstar = t->plane ? im0.Ri : 0.5 * im0.Ri, mstar = t->plane ? im0.mi : 0.5 * im0.mi;
    const double G = m->E / (2.0 * (1.0 + m->nu)), Gstar = t->plane ? G / (2.0 - m->nu) : G / (2.0 * (2.0 - m->nu));
    /* hooke: the Hertz contact's secant stiffness at its largest overlap at the sweep's speed */
    const double dmax = expect_hertz_impact(Estar, Rstar, mstar, t->v).delta_max;
    const double kn = hertz ? 4.0 / 3.0 * Estar : mstar * t->v * t->v / (dmax * dmax);
    const double zeta = -log(e) / sqrt(LAW_PI * LAW_PI + log(e) * log(e)); /* e of the LSD (§1.1) */
    const double gamma_n = 2.0 * zeta * sqrt(kn / mstar);                   /* mass_velocity: eta = m* gamma_n */
    for (int spin = 0; spin < (eng->oblique_spins ? 2 : 1); spin++)
      for (int a = 0; a < t->nvalues; a++) {
        const double angle = t->values[a];
        if (v->quick && (spin || !(angle == 76 || angle == 89))) continue;
        char name[192];
        snprintf(name, sizeof name, "%s/%s/spin=%s/theta=%g", prefix, t->plane ? "wall" : "pair", spin ? "back" : "none",
                 angle);
        Impact im = impact_of(t, m, angle);
        if (spin) im.wi0 = gain_backspin(&im);
        EngineCase c = {.style = style, .normal = normal, .damping = damping, .kn = kn, .damp = hertz ? 0.0 : gamma_n,
                        .Ri = im.Ri, .Rj = im.Rj, .rho = m->rho, .v0 = im.vn, .tangential = tangential,
                        .kt = hertz ? 8.0 * Gstar : 2.0 / 7.0 * kn, .xt = hertz ? 0.0 : 0.5, .mu = t->mu,
                        .vt0 = im.vt0, .wi0 = im.wi0, .wj0 = im.wj0};
        const double tc = hertz ? hertz_tc(t, m, &im) : LAW_PI * sqrt(mstar / kn);
        c.dt = tc / STEPS;
        c.t_run = 1.5 * tc + 10.0 * c.dt;
        gain_run(v, ctx, eng, name, &c, &im, t->plane, t->mu, e, gain_e_bound(normal), OBLIQUE_C);
      }
  }
  v->key = outer;
}

void cases_energy_gain_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  if (!eng->oblique_supports) return;
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "energy-gain");
  sweep_own(v, ctx, eng);
  for (const char *const *s = eng->styles; s && *s; s++) sweep_style(v, ctx, eng, *s);
  v->key = outer;
}
