/*
 * law.c - the verifier's own normal force law (see law.h). Written from the formulas of
 * docs/models.md and the papers it names, in forms of our own choosing (the JKR radius by
 * Newton's method, the Tsuji polynomial by Horner's rule, the damping through the contact
 * stiffness instead of the quotient F_ne/δ), so that it does not inherit the library's slips.
 * A bare § is a section of docs/models.md.
 */
#include "law.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the model text (docs/models.md §7) ---- */

#define MAX_WORDS 64
#define MAX_TEXT 1024

typedef struct Words {
  char buf[MAX_TEXT];
  const char *w[MAX_WORDS];
  int n, at;
} Words;

static bool fail(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *why, size_t size, const char *fmt, ...) {
  if (why && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
  }
  return false;
}

static bool split(const char *text, Words *ws, char *why, size_t size) {
  if (strlen(text) >= MAX_TEXT) return fail(why, size, "longer than %d characters", MAX_TEXT - 1);
  strcpy(ws->buf, text);
  ws->n = ws->at = 0;
  for (char *p = ws->buf; *p;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') *p++ = '\0';
    if (!*p) break;
    if (ws->n == MAX_WORDS) return fail(why, size, "more than %d words", MAX_WORDS);
    ws->w[ws->n++] = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n') p++;
  }
  return true;
}

static bool is_number(const char *s, double *x) {
  char *end;
  const double v = strtod(s, &end);
  if (end == s || *end || !isfinite(v)) return false;
  if (x) *x = v;
  return true;
}

static bool is_keyword(const char *s) {
  static const char *const KW[] = {"tangential", "damping", "rolling", "twisting", "heat", "cutoff", "limit_damping"};
  for (size_t k = 0; k < sizeof KW / sizeof *KW; k++)
    if (strcmp(s, KW[k]) == 0) return true;
  return false;
}

typedef struct NormalName {
  const char *name;
  LawNormal id;
  int ncoeff; /* hooke, hertz: k damp; hertz/material: E damp ν; dmt, jkr: E damp ν γ */
} NormalName;

static const NormalName NORMALS[] = {{"hooke", LAW_HOOKE, 2},          {"hertz", LAW_HERTZ, 2},
                                     {"hertz/material", LAW_HERTZ_MATERIAL, 3},
                                     {"dmt", LAW_DMT, 4},              {"jkr", LAW_JKR, 4}};

static const char *const DAMPINGS[] = {"none",  "velocity",     "mass_velocity",    "viscoelastic",
                                       "tsuji", "tsuji/legacy", "coeff_restitution"};

_Static_assert(sizeof NORMALS / sizeof *NORMALS == LAW_N_NORMAL, "a normal law without its keyword, or the count");
_Static_assert(sizeof DAMPINGS / sizeof *DAMPINGS == LAW_N_DAMPING, "a damping law without its keyword, or the count");

const char *law_normal_name(LawNormal n) { return (int)n < LAW_N_NORMAL ? NORMALS[n].name : "?"; }
int law_normal_coefficients(LawNormal n) { return (int)n < LAW_N_NORMAL ? NORMALS[n].ncoeff : 0; }
const char *law_damping_name(LawDamping d) { return (int)d < LAW_N_DAMPING ? DAMPINGS[d] : "?"; }

static bool cohesive(LawNormal n) { return n == LAW_DMT || n == LAW_JKR; }
static bool restitution_form(LawDamping d) {
  return d == LAW_DAMP_TSUJI || d == LAW_DAMP_TSUJI_LEGACY || d == LAW_DAMP_COEFF_RESTITUTION;
}

/* Marshall (2009) eq. 53, the fit to Tsuji et al. (1992), by Horner's rule (models.md §3.1). */
static double tsuji_alpha(double e) {
  return 1.2728 + e * (-4.2783 + e * (11.087 + e * (-22.348 + e * (27.467 + e * (-18.022 + e * 4.8218)))));
}

/* The damping constant the force law multiplies (docs/models.md §3, §3.1, §3.2). */
static double damping_constant(const LawModel *m) {
  switch (m->damping) {
  case LAW_DAMP_NONE: return 0.0;
  case LAW_DAMP_VELOCITY:
  case LAW_DAMP_MASS_VELOCITY:
  case LAW_DAMP_VISCOELASTIC: return m->damp;
  case LAW_DAMP_TSUJI: return sqrt(2.0) * tsuji_alpha(m->damp); /* √2: Tsuji's mass to meff (§3.1) */
  case LAW_DAMP_TSUJI_LEGACY: return tsuji_alpha(m->damp);       /* LAMMPS before 2Sep2026 (§3.1) */
  case LAW_DAMP_COEFF_RESTITUTION: {
    /* β = −ln e/sqrt(π² + ln² e); 2β for the linear spring, √5 β for Hertz (§3.2,
     * Brilliantov et al. 1996 with S_n = (3/2) F_ne/δ) */
    const double L = log(m->damp), beta = -L / sqrt(LAW_PI * LAW_PI + L * L);
    return m->normal == LAW_HOOKE ? 2.0 * beta : sqrt(5.0) * beta;
  }
  }
  return 0.0;
}

bool law_parse(const char *text, LawModel *m, char *why, size_t size) {
  memset(m, 0, sizeof *m);
  if (!text) return fail(why, size, "no text");
  Words ws;
  if (!split(text, &ws, why, size)) return false;
  if (ws.n == 0) return fail(why, size, "empty");
  const NormalName *nn = NULL;
  for (size_t k = 0; k < sizeof NORMALS / sizeof *NORMALS; k++)
    if (strcmp(ws.w[0], NORMALS[k].name) == 0) nn = &NORMALS[k];
  if (!nn) return fail(why, size, "'%s' is no normal model of this law (hooke, hertz, hertz/material, dmt, jkr)", ws.w[0]);
  m->normal = nn->id;
  double c[4] = {0.0, 0.0, 0.0, 0.0};
  for (int k = 0; k < nn->ncoeff; k++)
    if (k + 1 >= ws.n || !is_number(ws.w[k + 1], &c[k]))
      return fail(why, size, "%s needs %d numbers; word %d is '%s'", nn->name, nn->ncoeff, k + 2,
                  k + 1 < ws.n ? ws.w[k + 1] : "(end)");
  ws.at = 1 + nn->ncoeff;
  m->damp = c[1];
  if (m->normal == LAW_HOOKE || m->normal == LAW_HERTZ) {
    m->k = c[0];
    if (!(m->k > 0.0)) return fail(why, size, "%s: k_n must be > 0 (got %g)", nn->name, m->k);
  } else {
    const double E = c[0], nu = c[2];
    if (!(E > 0.0)) return fail(why, size, "%s: E must be > 0 (got %g)", nn->name, E);
    if (!(nu >= 0.0 && nu <= 0.5)) return fail(why, size, "%s: nu must be in [0, 0.5] (got %g)", nn->name, nu);
    m->Estar = E / (2.0 * (1.0 - nu * nu)); /* one material against itself (Hertz 1882; §2.3) */
    m->k = 4.0 / 3.0 * m->Estar;
    m->gamma = cohesive(m->normal) ? c[3] : 0.0;
    if (m->normal == LAW_DMT && !(m->gamma >= 0.0)) return fail(why, size, "dmt: gamma must be >= 0");
    if (m->normal == LAW_JKR && !(m->gamma > 0.0)) return fail(why, size, "jkr: gamma must be > 0");
  }
  if (!(m->damp >= 0.0)) return fail(why, size, "%s: damp must be >= 0 (got %g)", nn->name, m->damp);

  m->damping = LAW_DAMP_VISCOELASTIC; /* the default of pair_style granular (§7) */
  while (ws.at < ws.n) {
    const char *kw = ws.w[ws.at++];
    if (strcmp(kw, "limit_damping") == 0) {
      m->limit_damping = true;
    } else if (strcmp(kw, "damping") == 0) {
      if (ws.at >= ws.n) return fail(why, size, "damping: no model name");
      const char *name = ws.w[ws.at++];
      int found = -1;
      for (int k = 0; k < (int)(sizeof DAMPINGS / sizeof *DAMPINGS); k++)
        if (strcmp(name, DAMPINGS[k]) == 0) found = k;
      if (found < 0) return fail(why, size, "damping '%s' is no damping model of this law", name);
      m->damping = (LawDamping)found;
    } else if (strcmp(kw, "cutoff") == 0) {
      if (ws.at >= ws.n || !is_number(ws.w[ws.at++], NULL)) return fail(why, size, "cutoff needs a number");
    } else if (is_keyword(kw)) {
      /* tangential, rolling, twisting, heat: a name and its numbers (or NULL), not normal */
      if (ws.at >= ws.n || is_number(ws.w[ws.at], NULL)) return fail(why, size, "%s: no model name", kw);
      ws.at++;
      while (ws.at < ws.n && (is_number(ws.w[ws.at], NULL) || strcmp(ws.w[ws.at], "NULL") == 0)) ws.at++;
    } else {
      return fail(why, size, "word %d '%s' is not a keyword this law reads", ws.at, kw);
    }
  }
  if (cohesive(m->normal) && restitution_form(m->damping))
    return fail(why, size, "damping %s is refused with the cohesive %s (F_ne/delta can be negative, §3.5)",
                DAMPINGS[m->damping], nn->name);
  if (cohesive(m->normal) && m->limit_damping) return fail(why, size, "limit_damping is refused with %s (§4)", nn->name);
  if (restitution_form(m->damping) && !(m->damp > 0.0 && m->damp <= 1.0))
    return fail(why, size, "damping %s: e must be in (0, 1] (got %g)", DAMPINGS[m->damping], m->damp);
  m->eta_of = damping_constant(m);
  return true;
}

LawModel law_model(const char *text) {
  LawModel m;
  char why[256];
  if (!law_parse(text, &m, why, sizeof why)) {
    fprintf(stderr, "grandamp-verify: internal error: the reference's force law cannot read '%s': %s\n",
            text ? text : "(null)", why);
    exit(2);
  }
  return m;
}

/* ---- the force ---- */

double law_pulloff_distance(const LawModel *m, double Reff) {
  if (m->normal != LAW_JKR || !(Reff > 0.0)) return 0.0;
  /* a_po = (9π γ R²/(4E*))^(1/3), the radius of the most tensile force; d_po = a_po²/(3R)
   * (Johnson, Kendall & Roberts 1971; models.md §1.5) */
  const double a_po = cbrt(9.0 * LAW_PI * m->gamma * Reff * Reff / (4.0 * m->Estar));
  return a_po * a_po / (3.0 * Reff);
}

double law_jkr_radius(const LawModel *m, double delta, double Reff) {
  /* The JKR overlap δ(a) = a²/R − c sqrt(a), c = 2 sqrt(π γ/E*) (JKR 1971; models.md §2.5).
   * g(a) = δ(a) − δ is convex; from a start right of the stable root, where g > 0, Newton's
   * steps decrease monotonically onto it. The start sqrt(R δ⁺) + 1.5 (cR)^(2/3) has g > 0
   * for every δ (the adhesion term is at most the squared one there) and lies right of the
   * minimum of δ(a) at (cR/4)^(2/3). The iteration stops when a step no longer decreases a:
   * the root to rounding. */
  const double c = 2.0 * sqrt(LAW_PI * m->gamma / m->Estar);
  const double w = cbrt(c * Reff);
  double a = sqrt(Reff * fmax(delta, 0.0)) + 1.5 * w * w;
  for (int it = 0; it < 200; it++) {
    const double s = sqrt(a);
    const double g = a * a / Reff - c * s - delta, dg = 2.0 * a / Reff - 0.5 * c / s;
    const double next = a - g / dg;
    if (!(next < a)) break;
    a = next;
  }
  return a;
}

LawForce law_force(const LawModel *m, double delta, double delta_dot, double Reff, double meff, bool touching_before) {
  LawForce f = {0};
  /* touching: δ > 0; a JKR contact that touched holds down to −d_po (models.md §1.5) */
  f.touching = delta > 0.0 || (m->normal == LAW_JKR && touching_before && delta > -law_pulloff_distance(m, Reff));
  if (!f.touching) return f;
  double stiffness; /* F_ne/δ of the non-cohesive springs, for the restitution-type damping */
  switch (m->normal) {
  case LAW_HOOKE:
    f.a = sqrt(delta * Reff);
    stiffness = m->k;
    f.elastic = m->k * delta; /* linear spring (§2.1) */
    break;
  case LAW_HERTZ:
  case LAW_HERTZ_MATERIAL:
  case LAW_DMT:
    f.a = sqrt(delta * Reff);    /* Hertz contact radius (§1.4) */
    stiffness = m->k * f.a;
    f.elastic = stiffness * delta; /* Hertz (1882): k sqrt(R) δ^(3/2) (§2.2, §2.3) */
    if (m->normal == LAW_DMT) f.elastic -= 4.0 * LAW_PI * m->gamma * Reff; /* DMT (1975) pull 4πγR (§2.4) */
    break;
  case LAW_JKR: {
    f.a = law_jkr_radius(m, delta, Reff);
    const double a3 = f.a * f.a * f.a;
    stiffness = 0.0; /* restitution-type damping is refused with jkr */
    f.elastic = m->k * a3 / Reff - 4.0 * sqrt(LAW_PI * m->gamma * m->Estar * a3); /* JKR (1971) (§2.5) */
    break;
  }
  default: stiffness = 0.0; break;
  }
  switch (m->damping) { /* η_n of models.md §3 */
  case LAW_DAMP_NONE: f.eta = 0.0; break;
  case LAW_DAMP_VELOCITY: f.eta = m->eta_of; break;
  case LAW_DAMP_MASS_VELOCITY: f.eta = m->eta_of * meff; break;
  case LAW_DAMP_VISCOELASTIC: f.eta = m->eta_of * meff * f.a; break; /* Brilliantov et al. (1996) */
  case LAW_DAMP_TSUJI:
  case LAW_DAMP_TSUJI_LEGACY:
  case LAW_DAMP_COEFF_RESTITUTION:
    f.eta = delta > 0.0 ? m->eta_of * sqrt(meff * stiffness) : 0.0; /* none at δ = 0 (§3.3) */
    break;
  }
  f.damping = f.eta * delta_dot; /* −η vnnr: repulsive on approach (§3) */
  f.sum = f.elastic + f.damping;
  f.total = m->limit_damping && f.sum < 0.0 ? 0.0 : f.sum; /* the only clamp (§4 step 6) */
  return f;
}

double law_elastic_time(const LawModel *m, double Reff, double meff, double v0) {
  if (m->normal == LAW_HOOKE) return LAW_PI * sqrt(meff / m->k); /* half a period of the spring */
  /* Hertz spring k_H = k sqrt(R): t = 3.218065 (meff/k_H)^(2/5) v0^(−1/5)
   * (docs/verification.md §2.1; cohesion left out: a scale only) */
  const double kH = m->k * sqrt(Reff);
  return 3.218065 * pow(meff / kH, 0.4) * pow(v0, -0.2);
}
