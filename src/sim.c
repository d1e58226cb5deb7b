/* sim.c - setup, stepping and bookkeeping of a simulation (see sim.h). */
#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrate.h"

double sim_pulloff_range(const ContactModel *models, int ntypes, double rmax) {
  double extra = 0.0;
  for (int k = 0; k < ntypes * ntypes; k++)
    extra = fmax(extra, normal_pulloff_distance(models[k].normal.model, &models[k].normal, rmax));
  return extra;
}

void sim_init(Sim *s, Particles *p, const Box *b, ContactModel *models, int ntypes, ForceStrategy st,
              double skin, double dt) {
  memset(s, 0, sizeof *s);
  s->p = *p;
  memset(p, 0, sizeof *p);
  s->box = *b;
  s->models = models;
  s->ntypes = ntypes;
  s->strategy = st;
  s->dt = dt;
  int hs = 0;
  for (int k = 0; k < ntypes * ntypes; k++) hs = models[k].history_size > hs ? models[k].history_size : hs;
  double rmax = 0.0;
  for (int64_t i = 0; i < s->p.n; i++) rmax = fmax(rmax, s->p.radius[i]);
  nbr_init(&s->nl, force_strategy_full_list(st), hs, skin, sim_pulloff_range(models, ntypes, rmax));
}

static ForceSystem force_system(Sim *s, bool history_update) {
  return (ForceSystem){.p = &s->p, .box = &s->box, .nl = &s->nl, .models = s->models, .ntypes = s->ntypes,
                       .dt = s->dt, .history_update = history_update};
}

void sim_force(Sim *s, bool history_update) {
  const double t0 = timer_now();
  ForceSystem fs = force_system(s, history_update);
  if (s->use_ref || !force_specialised(&fs)) force_compute_ref(&fs, &s->last);
  else force_compute(&fs, s->strategy, &s->work, &s->last);
  s->pair_evals += s->last.pairs / (s->nl.full ? 2 : 1);
  s->contact_evals += s->last.contacts / (s->nl.full ? 2 : 1);
  if (s->walls.n) { /* after the pair forces, as fix wall/gran (§6.0 step 5) */
    const int64_t pair_contacts = s->last.contacts;
    walls_force(&s->walls, &s->p, s->models, s->ntypes, s->dt, history_update, &s->last);
    s->wall_contacts = s->last.contacts - pair_contacts;
    s->contact_evals += s->wall_contacts;
  }
  s->time[TIMER_FORCE] += timer_now() - t0;
  s->force_passes++;
}

static bool rebuild(Sim *s, const char **why) {
  const double t0 = timer_now();
  const double sort0 = s->nl.t_sort;
  const bool ok = nbr_build(&s->nl, &s->p, &s->box, why);
  if (ok && s->walls.n) walls_permute(&s->walls, s->nl.order);
  const double sort = s->nl.t_sort - sort0;
  s->time[TIMER_SORT] += sort;
  s->time[TIMER_NEIGHBOR] += timer_now() - t0 - sort;
  return ok;
}

bool sim_setup(Sim *s, const char **why) {
  if (s->use_ref) s->nl.full = false;
  if (s->walls.n && s->walls.np != s->p.n) walls_alloc(&s->walls, s->p.n, s->nl.hsize);
  if (!rebuild(s, why)) return false;
  sim_force(s, false);
  return true;
}

bool sim_step(Sim *s, const char **why) {
  double t0 = timer_now();
  integrate_initial(&s->p, s->dt);
  s->time[TIMER_INTEGRATE] += timer_now() - t0;
  if (nbr_needs_rebuild(&s->nl, &s->p) && !rebuild(s, why)) return false;
  sim_force(s, true);
  t0 = timer_now();
  integrate_final(&s->p, s->dt);
  s->time[TIMER_INTEGRATE] += timer_now() - t0;
  /* The powers are those of the forces just computed (positions x_{n+1}, velocities v_{n+1/2}). */
  s->ledger.diss_normal += s->last.power_normal * s->dt;
  s->ledger.diss_tangential += s->last.power_tangential * s->dt;
  s->ledger.diss_friction += s->last.power_friction * s->dt;
  s->step++;
  return true;
}

Ledger sim_ledger(const Sim *s) {
  Ledger l = s->ledger;
  energy_kinetic(&s->p, &l.ke_trans, &l.ke_rot);
  ForceSystem fs = force_system((Sim *)s, false);
  l.elastic = energy_elastic(&fs);
  return l;
}

void sim_free(Sim *s) {
  particles_free(&s->p);
  nbr_free(&s->nl);
  force_work_free(&s->work);
  walls_free(&s->walls);
  free(s->models);
  memset(s, 0, sizeof *s);
}
