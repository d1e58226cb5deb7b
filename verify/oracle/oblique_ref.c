/* oblique_ref.c - the continuous reference of an oblique impact (see oblique_ref.h). A bare § is
 * a section of docs/models.md. */
#include "oblique_ref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ode_ref.h"

static const struct {
  const char *name;
  ObliqueTangential model;
  int ncoeff;
} TANGENTIALS[] = {
    {"linear_nohistory", OBLIQUE_LINEAR_NOHISTORY, 2}, {"linear_history", OBLIQUE_LINEAR_HISTORY, 3},
    {"mindlin", OBLIQUE_MINDLIN, 3},                   {"mindlin/force", OBLIQUE_MINDLIN_FORCE, 3},
    {"mindlin_rescale", OBLIQUE_MINDLIN_RESCALE, 3},   {"mindlin_rescale/force", OBLIQUE_MINDLIN_RESCALE_FORCE, 3},
};

bool oblique_law_parse(const char *text, ObliqueLaw *law, char *why, size_t why_size) {
  memset(law, 0, sizeof *law);
  if (!law_parse(text, &law->normal, why, why_size)) return false;
  char buf[1024];
  if (strlen(text) >= sizeof buf) {
    snprintf(why, why_size, "the model text is too long");
    return false;
  }
  strcpy(buf, text);
  char *save = NULL;
  for (char *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
    if (strcmp(w, "tangential") != 0) continue;
    const char *name = strtok_r(NULL, " \t\n", &save);
    for (size_t k = 0; name && k < sizeof TANGENTIALS / sizeof *TANGENTIALS; k++) {
      if (strcmp(name, TANGENTIALS[k].name) != 0) continue;
      law->tangential = TANGENTIALS[k].model;
      double c[3];
      for (int i = 0; i < TANGENTIALS[k].ncoeff; i++) {
        const char *num = strtok_r(NULL, " \t\n", &save);
        char *end = NULL;
        c[i] = num ? strtod(num, &end) : NAN;
        if (!num || *end || !isfinite(c[i])) {
          snprintf(why, why_size, "tangential %s: coefficient %d is '%s', not a number (NULL is not read here)", name,
                   i + 1, num ? num : "(missing)");
          return false;
        }
      }
      const bool history = TANGENTIALS[k].ncoeff == 3;
      law->kt = history ? c[0] : 0.0;
      law->xt = history ? c[1] : c[0];
      law->mu = history ? c[2] : c[1];
      return true;
    }
    snprintf(why, why_size, "tangential '%s' is not a model of §5", name ? name : "(missing)");
    return false;
  }
  return true; /* no tangential block: frictionless */
}

/* The state: relative position d = x_i - x_j and velocity u = v_i - v_j in the x-y plane (a
 * wall: the sphere's centre over the wall and its velocity), the spins, the history s. */
enum { DX, DY, UX, UY, WI, WJ, S, NSTATE };

typedef struct Setup {
  const ObliqueLaw *law;
  const ObliqueImpact *imp;
  double Reff, meff, Ii, Ij;
} Setup;

/* What one evaluation finds besides the derivatives. */
typedef struct Eval {
  double delta, n[2], t[2], v; /* overlap, normal, tangent, slip speed along t */
  double a, k, eta_t, Fs;      /* contact radius, tangential stiffness, eta_t, mu F_ncrit */
  bool sliding;
} Eval;

static bool displacement_history(ObliqueTangential m) {
  return m == OBLIQUE_LINEAR_HISTORY || m == OBLIQUE_MINDLIN || m == OBLIQUE_MINDLIN_RESCALE;
}
static bool force_history(ObliqueTangential m) {
  return m == OBLIQUE_MINDLIN_FORCE || m == OBLIQUE_MINDLIN_RESCALE_FORCE;
}

/* Geometry, normal law and tangential stiffness of the state y. */
static void contact_of(const Setup *su, const double y[NSTATE], Eval *ev, LawForce *F) {
  const ObliqueImpact *imp = su->imp;
  const ObliqueLaw *law = su->law;
  if (imp->wall) {
    ev->n[0] = 1.0, ev->n[1] = 0.0;
    ev->delta = imp->Ri - y[DX];
  } else {
    const double r = hypot(y[DX], y[DY]);
    ev->n[0] = y[DX] / r, ev->n[1] = y[DY] / r;
    ev->delta = imp->Ri + imp->Rj - r;
  }
  ev->t[0] = -ev->n[1], ev->t[1] = ev->n[0]; /* t = z x n */
  const double vnnr = y[UX] * ev->n[0] + y[UY] * ev->n[1];
  const double surface = imp->Ri * y[WI] + (imp->wall ? 0.0 : imp->Rj * y[WJ]); /* §1.1: full radii */
  ev->v = y[UX] * ev->t[0] + y[UY] * ev->t[1] - surface;
  *F = ev->delta > 0.0 ? law_force(&law->normal, ev->delta, -vnnr, su->Reff, su->meff, true) : (LawForce){0};
  ev->a = ev->delta > 0.0 ? sqrt(ev->delta * su->Reff) : 0.0; /* §1.4 */
  const bool mindlin = law->tangential != OBLIQUE_LINEAR_HISTORY;
  ev->k = mindlin ? law->kt * ev->a : law->kt;
  ev->eta_t = law->xt * F->eta;
  ev->Fs = law->mu * fabs(F->total); /* §2.8, after the clamp */
}

/* The elastic part of the tangential force held by the history s. */
static double elastic_part(const ObliqueLaw *law, const Eval *ev, double s) {
  if (displacement_history(law->tangential)) return -ev->k * s;
  if (force_history(law->tangential)) return s;
  return 0.0;
}

/* The tangential force (along t) of the state: the model's force, capped at mu F_ncrit. */
static double tangential_force(const ObliqueLaw *law, Eval *ev, double s) {
  ev->sliding = false;
  if (law->tangential == OBLIQUE_NONE || !(ev->delta >= 0.0)) return 0.0;
  if (law->tangential == OBLIQUE_LINEAR_NOHISTORY) {
    const double damp = ev->eta_t * fabs(ev->v);
    ev->sliding = damp > ev->Fs;
    return -copysign(fmin(damp, ev->Fs), ev->v);
  }
  const double f = elastic_part(law, ev, s) - ev->eta_t * ev->v;
  ev->sliding = fabs(f) > ev->Fs;
  return ev->sliding ? copysign(ev->Fs, f) : f;
}

/* dy/dt at y. */
static void rhs(const Setup *su, const double y[NSTATE], double dy[NSTATE], Eval *ev) {
  const ObliqueImpact *imp = su->imp;
  const ObliqueLaw *law = su->law;
  LawForce F;
  contact_of(su, y, ev, &F);
  const double f = tangential_force(law, ev, y[S]);
  const double Fx = F.total * ev->n[0] + f * ev->t[0], Fy = F.total * ev->n[1] + f * ev->t[1];
  dy[DX] = y[UX], dy[DY] = y[UY];
  dy[UX] = Fx / su->meff, dy[UY] = Fy / su->meff; /* i gets +F, j -F */
  /* torque -(arm)(n x f t) = -(arm) f z on both spheres (§4 step 9) */
  const double inset = imp->full_arm ? 0.0 : 0.5 * ev->delta;
  const double arm_i = imp->wall ? imp->Ri : imp->Ri - inset;
  dy[WI] = -arm_i * f / su->Ii;
  dy[WJ] = imp->wall ? 0.0 : -(imp->Rj - inset) * f / su->Ij;
  /* the history: stick rule; the cap is restored after the step (return_map) */
  double ds = 0.0;
  if (ev->delta >= 0.0) { /* from the onset at δ = 0 on */
    const double a_dot = ev->a > 0.0 ? su->Reff * (-(y[UX] * ev->n[0] + y[UY] * ev->n[1])) / (2.0 * ev->a) : 0.0;
    const bool rescale = law->tangential == OBLIQUE_MINDLIN_RESCALE || law->tangential == OBLIQUE_MINDLIN_RESCALE_FORCE;
    const double shrink = rescale && ev->a > 0.0 ? fmin(a_dot, 0.0) / ev->a * y[S] : 0.0;
    if (displacement_history(law->tangential)) ds = ev->v + shrink;
    else if (force_history(law->tangential)) ds = -law->kt * ev->a * ev->v + shrink;
  }
  dy[S] = ds;
}

/* After a step: a history beyond the cap is rewritten to hold the capped force (§5 step 3).
 * Returns whether the cap held (linear_nohistory: whether the dashpot reached it). */
static bool return_map(const Setup *su, double y[NSTATE]) {
  const ObliqueLaw *law = su->law;
  Eval ev;
  LawForce F;
  contact_of(su, y, &ev, &F);
  if (!(ev.delta > 0.0) || law->tangential == OBLIQUE_NONE) return false;
  if (law->tangential == OBLIQUE_LINEAR_NOHISTORY) return ev.eta_t * fabs(ev.v) >= ev.Fs;
  const double f = elastic_part(law, &ev, y[S]) - ev.eta_t * ev.v;
  if (!(fabs(f) > ev.Fs)) return fabs(f) >= ev.Fs * (1.0 - 1e-12); /* on the cap after the last rewrite */
  const double capped = copysign(ev.Fs, f) + ev.eta_t * ev.v; /* the elastic part to hold */
  if (force_history(law->tangential)) y[S] = capped;
  else y[S] = ev.k != 0.0 ? -capped / ev.k : 0.0;
  return true;
}

static void rk4_step(const Setup *su, const double y[NSTATE], double h, double out[NSTATE], bool *sliding) {
  double k1[NSTATE], k2[NSTATE], k3[NSTATE], k4[NSTATE], tmp[NSTATE];
  Eval ev;
  rhs(su, y, k1, &ev);
  for (int i = 0; i < NSTATE; i++) tmp[i] = y[i] + 0.5 * h * k1[i];
  rhs(su, tmp, k2, &ev);
  for (int i = 0; i < NSTATE; i++) tmp[i] = y[i] + 0.5 * h * k2[i];
  rhs(su, tmp, k3, &ev);
  for (int i = 0; i < NSTATE; i++) tmp[i] = y[i] + h * k3[i];
  rhs(su, tmp, k4, &ev);
  for (int i = 0; i < NSTATE; i++) out[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  *sliding = return_map(su, out);
}

static double overlap_of(const Setup *su, const double y[NSTATE]) {
  const ObliqueImpact *imp = su->imp;
  return imp->wall ? imp->Ri - y[DX] : imp->Ri + imp->Rj - hypot(y[DX], y[DY]);
}

/* The normal separation speed u . n (> 0: separating). */
static double separation_speed(const Setup *su, const double y[NSTATE]) {
  if (su->imp->wall) return y[UX];
  const double r = hypot(y[DX], y[DY]);
  return (y[UX] * y[DX] + y[UY] * y[DY]) / r;
}

bool oblique_collide(const ObliqueLaw *law, const ObliqueImpact *imp, double steps, ObliqueResult *out) {
  memset(out, 0, sizeof *out);
  const bool ok_i = isfinite(imp->Ri) && imp->Ri > 0.0 && isfinite(imp->mi) && imp->mi > 0.0;
  const bool ok_j = imp->wall || (isfinite(imp->Rj) && imp->Rj > 0.0 && isfinite(imp->mj) && imp->mj > 0.0);
  if (!ok_i || !ok_j || !(isfinite(imp->v0) && imp->v0 > 0.0) || !isfinite(imp->vt0) || !isfinite(imp->wi0) ||
      !isfinite(imp->wj0))
    return false;
  Setup su = {.law = law, .imp = imp};
  su.Reff = imp->wall ? imp->Ri : imp->Ri * imp->Rj / (imp->Ri + imp->Rj);
  su.meff = imp->wall ? imp->mi : imp->mi * imp->mj / (imp->mi + imp->mj);
  su.Ii = 0.4 * imp->mi * imp->Ri * imp->Ri;
  su.Ij = imp->wall ? INFINITY : 0.4 * imp->mj * imp->Rj * imp->Rj;
  const double t_el = law_elastic_time(&law->normal, su.Reff, su.meff, imp->v0);
  const double h = t_el / (steps > 0.0 ? steps : 20000.0);
  /* touching at t = 0, the line of centres along x: i left of j (n = -x), or over the wall (n = +x) */
  double y[NSTATE] = {0};
  y[DX] = imp->wall ? imp->Ri : -(imp->Ri + imp->Rj);
  y[UX] = imp->wall ? -imp->v0 : imp->v0;
  y[UY] = imp->vt0, y[WI] = imp->wi0, y[WJ] = imp->wall ? 0.0 : imp->wj0;
  const int64_t nmax = (int64_t)ceil(ODE_MAX_TC * t_el / h);
  int64_t k = 0, sliding_steps = 0;
  double t = 0.0;
  bool ended = false;
  for (; k < nmax && !ended; k++) {
    double next[NSTATE];
    bool sliding;
    rk4_step(&su, y, h, next, &sliding);
    /* Near the end the cap mu F_ncrit falls to 0 with δ: the tangential force jumps to 0 in the
     * last instants, and a stage that lands there would weigh the jump by h/6. A step that ends
     * out of the contact, or within two steps of its end, is redone as the end stretch. */
    const double d_next = overlap_of(&su, next), vsep = separation_speed(&su, next);
    if (k == 0 || (d_next > 0.0 && !(vsep > 0.0 && d_next < 2.0 * h * vsep))) {
      memcpy(y, next, sizeof next);
      t += h;
      sliding_steps += sliding;
      continue;
    }
    /* The end stretch: the time to δ = 0 within 3 steps (bisection on one step's length), then
     * integrated in 256 substeps on the side still touching. */
    double lo = 0.0, hi = 3.0 * h;
    rk4_step(&su, y, hi, next, &sliding);
    if (overlap_of(&su, next) > 0.0) { /* not ending yet after all */
      rk4_step(&su, y, h, next, &sliding);
      memcpy(y, next, sizeof next);
      t += h;
      sliding_steps += sliding;
      continue;
    }
    for (int it = 0; it < 64; it++) {
      const double mid = 0.5 * (lo + hi);
      rk4_step(&su, y, mid, next, &sliding);
      if (overlap_of(&su, next) > 0.0) lo = mid;
      else hi = mid;
    }
    for (int sub = 0; sub < 256; sub++) {
      rk4_step(&su, y, lo / 256.0, next, &sliding);
      memcpy(y, next, sizeof next);
    }
    t += lo;
    ended = true;
  }
  out->steps = k;
  out->captured = !ended;
  out->t_c = ended ? t : INFINITY;
  out->slid = k ? (double)sliding_steps / (double)k : 0.0;
  Eval ev;
  LawForce F;
  contact_of(&su, y, &ev, &F);
  const double vnnr = y[UX] * ev.n[0] + y[UY] * ev.n[1]; /* > 0: separating */
  out->e = ended ? vnnr / imp->v0 : 0.0;
  out->vt = y[UY];
  out->wi = y[WI];
  out->wj = imp->wall ? 0.0 : y[WJ];
  return true;
}
