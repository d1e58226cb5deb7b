/*
 * lammps_legacy.c - LAMMPS's legacy granular styles (pair_style gran/hooke, gran/hooke/history,
 * gran/hertz/history and the fix wall/gran styles of the same names) as grandamp models.
 *
 * The styles' force (LAMMPS documentation, pair_style gran/hooke etc., and fix wall/gran):
 *   hooke:  F = (K_n delta - m_eff gamma_n v_n) n - (K_t Delta s_t + m_eff gamma_t v_t)
 *   hertz:  the same times sqrt(delta R_eff) (every term: the springs, both dashpots)
 * with m_eff = m_i m_j / (m_i + m_j) for a pair and the sphere's mass on a wall, R_eff the pair's
 * R_i R_j / (R_i + R_j) or the sphere's radius on a flat wall, the tangential force capped at
 * xmu |F_n| (the normal force with its dashpot). K_t = NULL is 2/7 K_n, gamma_t = NULL is gamma_n / 2;
 * dampflag 0 drops the tangential dashpot. gran/hooke keeps no shear history (K_t unused).
 *
 * So, term by term, each style is one of grandamp's pair_style granular models:
 *   gran/hooke          hooke K_n gamma_n damping mass_velocity tangential linear_nohistory x mu
 *   gran/hooke/history  hooke K_n gamma_n damping mass_velocity tangential linear_history K_t x mu
 *   gran/hertz/history  hertz K_n gamma_n damping viscoelastic tangential mindlin K_t x mu
 * with gamma_t = x gamma_n (pair_style granular's tangential dashpot is x_gamma_t times the normal
 * one: m_eff gamma_n, and sqrt(delta R_eff) m_eff gamma_n = a m_eff gamma_n for viscoelastic), and
 * mindlin's stiffness K_t a equal to the legacy K_t sqrt(delta R_eff). The first line is the seed's
 * claim ("use damping mass_velocity to reproduce the damping behavior of pair gran/hooke/...", LAMMPS
 * pair_style granular documentation); the verifier checks all three (docs/engines.md).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lammps.h"
#include "numparse.h"
#include "run.h"

const char *const LAMMPS_LEGACY_STYLES[] = {"gran/hooke", "gran/hooke/history", "gran/hertz/history", NULL};

typedef struct LegacyStyle {
  const char *name;
  const char *normal, *damping; /* the grandamp model of its normal force */
  const char *tangential;       /* and of its tangential force */
  const char *native;           /* the mapping, for `grandamp engines` */
} LegacyStyle;

static const LegacyStyle STYLES[] = {
    {"gran/hooke", "hooke", "mass_velocity", "linear_nohistory",
     "pair_style gran/hooke K_n 0 gamma_n gamma_t xmu 1: hooke + mass_velocity, linear_nohistory (gamma_t = x gamma_n)"},
    {"gran/hooke/history", "hooke", "mass_velocity", "linear_history",
     "pair_style gran/hooke/history K_n K_t gamma_n gamma_t xmu 1: hooke + mass_velocity, linear_history "
     "(gamma_t = x gamma_n)"},
    {"gran/hertz/history", "hertz", "viscoelastic", "mindlin",
     "pair_style gran/hertz/history K_n K_t gamma_n gamma_t xmu 1: hertz + viscoelastic, mindlin "
     "(all scaled by sqrt(delta R_eff); gamma_t = x gamma_n)"},
};
#define N_STYLES ((int)(sizeof STYLES / sizeof STYLES[0]))

static const LegacyStyle *style_of(const char *name) {
  for (int k = 0; name && k < N_STYLES; k++)
    if (!strcmp(STYLES[k].name, name)) return &STYLES[k];
  return NULL;
}

bool lammps_style_supports(const char *style, const char *normal, const char *damping, const char *tangential,
                           const char **native) {
  const LegacyStyle *s = style_of(style);
  const char *why = NULL;
  if (!s) why = "not a legacy style of LAMMPS 29Sep2021";
  else if (strcmp(normal, s->normal)) why = "another normal model";
  else if (strcmp(damping, s->damping) && strcmp(damping, "none")) why = "another damping model";
  else if (tangential && strcmp(tangential, s->tangential)) why = "another tangential model";
  if (native) *native = why ? why : s->native;
  return !why;
}

bool lammps_legacy_args(const EngineCase *c, char *out, size_t size) {
  const char *native;
  if (!lammps_style_supports(c->style, c->normal, c->damping, c->tangential, &native)) {
    engine_msgf(out, size, "%s cannot run %s + %s%s%s: %s", c->style ? c->style : "(no style)", c->normal, c->damping,
                c->tangential ? ", tangential " : "", c->tangential ? c->tangential : "", native);
    return false;
  }
  const double gamma_n = strcmp(c->damping, "none") ? c->damp : 0.0;
  /* frictionless: no tangential force at all (xmu 0 caps it at zero, dampflag 0 drops its dashpot) */
  const bool friction = c->tangential != NULL;
  const double kt = friction && strcmp(c->tangential, "linear_nohistory") ? c->kt : 0.0;
  const double gamma_t = friction ? c->xt * gamma_n : 0.0;
  const int n = snprintf(out, size, "%s %s %s %s %s %d", num_text(c->kn).s,
                         num_text(kt).s, num_text(gamma_n).s, num_text(gamma_t).s, num_text(friction ? c->mu : 0.0).s,
                         friction ? 1 : 0);
  return n > 0 && (size_t)n < size;
}
