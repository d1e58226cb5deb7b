/*
 * sim_mdr.c - what MDR adds to a simulation's step (SimHooks, sim.h): its pre-force pass before
 * the pairs, its contact law on the walls, its per-particle state permuted with the list, and
 * after the forces its once-per-model warning and the first failed contact.
 */
#include <stdio.h>

#include "error.h"
#include "sim.h"

/* MDR's pre-force pass (§6.0 step 3): particles, then (regular steps) penalties and the pairs'
 * and walls' ddelta_bar increments, in that order. */
static void mdr_prepass(Sim *s, bool regular) {
  const double t0 = timer_now();
  ForceSystem fs = sim_force_system(s, regular);
  force_mdr_prepass(&fs, &s->mdr, s->plan.threads);
  if (regular && s->walls.n) walls_mdr_ddelta(&s->walls, &s->p, &s->mdr, s->plan.threads);
  s->time[TIMER_FORCE] += timer_now() - t0;
}

/* A failed MDR contact (§6.9) stops the run with the step, the pair (or wall) and the model. */
static bool mdr_fault(Sim *s, const char **why) {
  const MdrFault *f = &s->mdr.fault;
  if (f->err == MDR_OK) return false;
  const ContactModel *m = &s->models[0];
  const long long step = (long long)s->step + (s->force_passes > 1 ? 1 : 0);
  if (f->j >= 0)
    snprintf(s->fault, sizeof s->fault, "step %lld: MDR contact of particles id %lld and %lld (model %s + damping %s "
             "%d): %s", step, (long long)s->p.id[f->i], (long long)s->p.id[f->j], normal_name(m->normal.model),
             damping_name(m->damping.model), m->damping.d_type, mdr_error_message(f->err));
  else
    snprintf(s->fault, sizeof s->fault, "step %lld: MDR contact of particle id %lld with wall %d (model %s + damping "
             "%s %d): %s", step, (long long)s->p.id[f->i], f->wall + 1, normal_name(m->normal.model),
             damping_name(m->damping.model), m->damping.d_type, mdr_error_message(f->err));
  *why = s->fault;
  return true;
}

static MdrSystem *mdr_wall_law(Sim *s) { return &s->mdr; }

static void mdr_after_rebuild(Sim *s) { mdr_particles_permute(&s->mdr.s, s->nl.order, s->plan.threads); }

static bool mdr_after_force(Sim *s, bool regular, const char **why) {
  if (!regular && s->mdr.warn_preexisting && !s->mdr.warned) { /* once per model (§6.5) */
    gd_warn("%s", MDR_MSG_PREEXISTING);
    s->mdr.warned = true;
  }
  return !mdr_fault(s, why);
}

const SimHooks SIM_MDR_HOOKS = {.before_force = mdr_prepass,
                                .wall_law = mdr_wall_law,
                                .after_rebuild = mdr_after_rebuild,
                                .after_force = mdr_after_force};
