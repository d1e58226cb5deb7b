/* collide.c - one head-on collision through the production loops (see collide.h). */
#include "collide.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contact.h"
#include "error.h"
#include "sim.h"

CollideSpec collide_defaults(void) {
  return (CollideSpec){.phase = 0.5, .dt_fraction = 0.01, .strategy = FORCE_HALF_REDUCE, .max_tc = 200.0};
}

double collide_elastic_time(const ContactModel *m, double Reff, double meff, double v0) {
  const NormalParams *np = &m->normal;
  if (np->model == NORMAL_HOOKE) return GD_PI * sqrt(meff / np->k); /* §1.1 at zeta = 0 */
  /* k_H in F = k_H delta^(3/2): k sqrt(R) (hertz), 4/3 E* sqrt(R) (material models) (§0).
   * mdr: the elastic limit of a pair is hertz/material with the same E* = E/(2(1 - nu^2))
   * (§6.10 hook 1; a wall is about twice as stiff, and yield softens it): an estimate that only
   * sets the time step and the run length. */
  const double kH = (np->model == NORMAL_HERTZ ? np->k : 4.0 / 3.0 * np->Estar) * sqrt(Reff);
  return 3.218065 * pow(meff / kH, 0.4) * pow(v0, -0.2); /* verification.md §2.1 */
}

/* Overlap and separation speed of the pair (or sphere-wall) now. */
static void pair_state(const Sim *s, const CollideSpec *c, double wall_x, double *delta, double *vsep) {
  const Particles *p = &s->p;
  if (c->wall) {
    *delta = c->Ri - (p->x[0] - wall_x);
    *vsep = p->vx[0];
    return;
  }
  /* The sort may have swapped the two particles: find them by id. */
  const int a = p->id[0] == 1 ? 0 : 1, b = 1 - a;
  *delta = c->Ri + c->Rj - (p->x[b] - p->x[a]);
  *vsep = p->vx[b] - p->vx[a];
}

bool collide_run(const CollideSpec *c, CollideResult *res, const char **why) {
  memset(res, 0, sizeof *res);
  const double mj = c->wall ? INFINITY : c->mj, Rj = c->wall ? INFINITY : c->Rj;
  res->meff = contact_meff(c->mi, mj);
  res->Reff = contact_reff(c->Ri, Rj);
  res->E0 = 0.5 * res->meff * c->v0 * c->v0;
  res->tc_elastic = collide_elastic_time(&c->model, res->Reff, res->meff, c->v0);
  const double dt = c->dt > 0.0 ? c->dt : c->dt_fraction * res->tc_elastic;
  res->dt = dt;

  /* Gap (2 + phase) steps of free flight: continuous-time onset at t_on = (2 + phase) dt. */
  const double gap = (2.0 + c->phase) * c->v0 * dt;
  const double rsum = c->wall ? c->Ri : c->Ri + c->Rj;
  const double L = 4.0 * rsum + 4.0 * gap; /* a closed box, big enough for the whole run */
  Box box = {.lo = {-L, -L, -L}, .hi = {L, L, L}, .periodic = {false, false, false}};
  Particles p;
  particles_alloc(&p, c->wall ? 1 : 2, 1);
  double wall_x = 0.0;
  if (c->wall) {
    wall_x = -0.5 * L;
    p.x[0] = wall_x + c->Ri + gap;
    p.vx[0] = -c->v0;
    p.radius[0] = c->Ri, p.mass[0] = c->mi;
  } else {
    /* Centre of mass at rest; i on the left moving +x, j on the right moving -x. */
    const double M = c->mi + c->mj;
    p.x[0] = -(c->Ri + 0.5 * gap), p.x[1] = c->Rj + 0.5 * gap;
    p.vx[0] = c->v0 * c->mj / M, p.vx[1] = -c->v0 * c->mi / M;
    p.radius[0] = c->Ri, p.radius[1] = c->Rj;
    p.mass[0] = c->mi, p.mass[1] = c->mj;
  }
  ContactModel *models = gd_xmalloc(sizeof *models);
  models[0] = c->model;
  Sim s;
  sim_init(&s, &p, &box, models, 1, c->strategy, 2.0 * gap, dt); /* listed from the start */
  s.use_ref = c->use_ref;
  if (c->wall) walls_add(&s.walls, 0, false, wall_x);
  if (!sim_setup(&s, why)) {
    sim_free(&s);
    return false;
  }
  const double t_on = (2.0 + c->phase) * dt;
  const double d_end = -normal_pulloff_distance(c->model.normal.model, &c->model.normal, res->Reff);
  const int64_t max_steps = (int64_t)ceil(c->max_tc * res->tc_elastic / dt) + 8;
  double delta_prev = 0.0, vsep = 0.0, delta = 0.0;
  bool began = false, ended = false;
  int64_t k = 0;
  for (; k < max_steps && !ended; k++) {
    if (!sim_step(&s, why)) {
      static _Thread_local char msg[sizeof s.fault]; /* *why may point into s */
      snprintf(msg, sizeof msg, "%s", *why);
      *why = msg;
      sim_free(&s);
      return false;
    }
    pair_state(&s, c, wall_x, &delta, &vsep);
    const bool on = s.last.contacts > 0;
    if (on) {
      began = true;
      res->contact_steps++;
      res->delta_max = fmax(res->delta_max, delta);
    } else if (began) {
      ended = true;
      /* End of contact within the step: linear in delta between the last two steps. */
      const double t1 = (double)(k + 1) * dt;
      const double frac = (delta_prev - d_end) / (delta_prev - delta);
      res->t_c = t1 - dt + frac * dt - t_on;
    }
    delta_prev = delta;
  }
  res->steps = k;
  res->captured = !ended;
  res->e = ended ? vsep / c->v0 : 0.0;
  if (!ended) res->t_c = (double)k * dt - t_on;
  double ke_t, ke_r;
  energy_kinetic(&s.p, &ke_t, &ke_r);
  res->E_diss = res->E0 - (ke_t + ke_r);
  res->W_damp = s.ledger.diss_normal + s.ledger.diss_tangential + s.ledger.diss_friction;
  sim_free(&s);
  return true;
}
