/* sim.c - setup, stepping and bookkeeping of a simulation (see sim.h). */
#include "sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact.h"
#include "error.h"
#include "integrate.h"
#include "ref_pair.h"
#include "team.h"

double sim_pulloff_range(const ContactModel *models, int ntypes, double rmax) {
  double extra = 0.0;
  for (int k = 0; k < ntypes * ntypes; k++)
    extra = fmax(extra, normal_pulloff_distance(models[k].normal.model, &models[k].normal, rmax));
  return extra;
}

void sim_init(Sim *s, Particles *p, const Box *b, ContactModel *models, int ntypes, ForceStrategy st,
              bool reference, LoopPrecision precision, int threads, double skin, double dt) {
  memset(s, 0, sizeof *s);
  s->p = *p;
  memset(p, 0, sizeof *p);
  s->box = *b;
  s->models = models;
  s->ntypes = ntypes;
  threads = sysmem_threads_for(threads, s->p.n);
  s->plan = loop_plan(models, ntypes, st, reference, precision, threads);
  s->dt = dt;
  int hs = 0;
  for (int k = 0; k < ntypes * ntypes; k++) hs = models[k].history_size > hs ? models[k].history_size : hs;
  double rmax = 0.0;
  for (int64_t i = 0; i < s->p.n; i++) rmax = fmax(rmax, s->p.radius[i]);
  nbr_init(&s->nl, s->plan.full_list, hs, skin, sim_pulloff_range(models, ntypes, rmax), threads);
  mdr_system_init(&s->mdr, &models[0], s->p.n); /* one MDR model per simulation (§6.1) */
  if (loop_plan_mdr(&s->plan)) { /* the one place that asks */
    s->hooks = &SIM_MDR_HOOKS;
    s->nl.flip0 = MDR_NHIST; /* MDR's 27 values keep their sign; the tangential vector follows */
    s->nl.grow = true;       /* radii grow up to ~1.5 Ro (§6.3) */
  }
}

ForceSystem sim_force_system(Sim *s, bool history_update) {
  return (ForceSystem){.p = &s->p, .box = &s->box, .nl = &s->nl, .models = s->models, .ntypes = s->ntypes,
                       .dt = s->dt, .history_update = history_update, .mdr = &s->mdr};
}

const char *sim_kernel_name(const Sim *s) { return s->plan.label; }

void sim_force(Sim *s, bool history_update) {
  const double t0 = timer_now();
  ForceSystem fs = sim_force_system(s, history_update);
  force_compute(&fs, &s->plan, &s->work, &s->last);
  s->pair_evals += s->last.pairs;
  s->contact_evals += s->last.contacts;
  if (s->walls.n) { /* after the pair forces, as fix wall/gran (§6.0 step 5) */
    const int64_t pair_contacts = s->last.contacts;
    MdrSystem *ms = s->hooks && s->hooks->wall_law ? s->hooks->wall_law(s) : NULL;
    walls_force(&s->walls, &s->p, s->models, s->ntypes, s->dt, history_update, ms, s->plan.threads, &s->last);
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
  if (ok && s->hooks && s->hooks->after_rebuild) s->hooks->after_rebuild(s);
  const double sort = s->nl.t_sort - sort0;
  s->time[TIMER_SORT] += sort;
  s->time[TIMER_NEIGHBOR] += timer_now() - t0 - sort;
  return ok;
}

/* The pair (i, j) of the half or full list whose contact gives a non-finite or out-of-range
 * result, searched only after the cheap per-particle scan found one (spec: hardening). */
static bool find_bad_pair(const Sim *s, int64_t i, int64_t *j_out, const ContactModel **m_out) {
  const Particles *p = &s->p;
  const NeighborList *nl = &s->nl;
  double len[3], half[3];
  box_images(&s->box, len, half);
  for (int64_t a = 0; a < p->n; a++)
    for (int64_t k = nl->start[a]; k < nl->start[a + 1]; k++) {
      const int64_t b = nl->j[k];
      if (a != i && b != i) continue;
      const ContactModel *m = &s->models[(p->type[a] - 1) * s->ntypes + (p->type[b] - 1)];
      const PairInput in = ref_pair_input(p, a, b, len, half, s->dt, false);
      double hist[64] = {0};
      for (int h = 0; h < nl->hsize && h < 64; h++) hist[h] = nl->hist[k * nl->hsize + h];
      bool touch = nl->touch[k];
      ContactOutput o;
      contact_compute(m, &in, hist, &touch, &o);
      const double delta = o.n.delta, rmin = fmin(in.Ri, in.Rj);
      bool bad = delta > rmin;
      for (int d = 0; d < 3; d++) bad |= !isfinite(o.force[d]) || !isfinite(o.torque_i[d]) || !isfinite(o.torque_j[d]);
      if (bad) {
        *j_out = a == i ? b : a;
        *m_out = m;
        return true;
      }
    }
  return false;
}

/* "step N", or "step 0 (setup)" for the setup evaluation (s->step counts finished steps). */
static void step_label(const Sim *s, bool setup, char *buf, size_t size) {
  if (setup) snprintf(buf, size, "step 0 (setup)");
  else snprintf(buf, size, "step %lld", (long long)s->step + 1);
}

/* Whether some force or torque of rows [i0, i1) is not finite. */
static int nonfinite_rows(const Particles *p, int64_t i0, int64_t i1) {
  int nonfinite = 0;
  for (int64_t i = i0; i < i1; i++) {
    const double sum = p->fx[i] + p->fy[i] + p->fz[i] + p->tx[i] + p->ty[i] + p->tz[i];
    nonfinite |= !isfinite(sum);
  }
  return nonfinite;
}

/* Stops the run at the first non-finite force or torque, or a contact deeper than the smaller
 * radius (reported by the force pass), naming the step, the pair and the model. */
static bool check_forces(Sim *s, bool setup, const char **why) {
  const Particles *p = &s->p;
  int64_t bad = -1;
  /* a vectorised test first (every step, every sphere); the index only on a fault */
  const int nth = sysmem_threads(s->plan.threads);
  int nonfinite = 0;
  if (nth == 1) nonfinite = nonfinite_rows(p, 0, p->n); /* no OpenMP region (team.h) */
  else {
#pragma omp parallel num_threads(nth) reduction(| : nonfinite)
    {
      int64_t i0, i1;
      team_rows(p->n, &i0, &i1);
      nonfinite |= nonfinite_rows(p, i0, i1);
    }
  }
  for (int64_t i = p->n - 1; nonfinite && i >= 0 && bad < 0; i--)
    if (!isfinite(p->fx[i] + p->fy[i] + p->fz[i] + p->tx[i] + p->ty[i] + p->tz[i])) bad = i;
  if (bad < 0 && s->last.overlap_excess > 0.0) { /* some contact is deeper than a radius */
    const NeighborList *nl = &s->nl;
    double len[3], half[3];
    box_images(&s->box, len, half);
    for (int64_t a = 0; a < p->n && bad < 0; a++)
      for (int64_t k = nl->start[a]; k < nl->start[a + 1]; k++) {
        const int64_t b = nl->j[k];
        double d[3];
        pair_separation(p->x, p->y, p->z, a, b, len, half, d);
        const double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (p->radius[a] + p->radius[b] - r > fmin(p->radius[a], p->radius[b])) {
          bad = a;
          break;
        }
      }
    if (bad < 0) { /* a wall contact */
      char when[32];
      step_label(s, setup, when, sizeof when);
      snprintf(s->fault, sizeof s->fault, "%s: a particle is deeper in a wall than its radius (overlap "
               "%.6g m beyond it); %s", when, s->last.overlap_excess,
               setup ? "check the positions and radii, and the walls" : "lower the time step or the speeds");
      *why = s->fault;
      return false;
    }
  }
  if (bad < 0) return true;
  int64_t j = -1;
  const ContactModel *m = NULL;
  const bool found = find_bad_pair(s, bad, &j, &m);
  char when[32];
  step_label(s, setup, when, sizeof when);
  /* At setup no step has moved anything yet: the input itself holds the bad contact. */
  const char *fix = setup ? "check the positions and radii of the data, and the model's coefficients"
                          : "lower the time step or the speeds";
  const long long idi = (long long)p->id[bad];
  if (found) {
    const long long idj = (long long)p->id[j];
    snprintf(s->fault, sizeof s->fault,
             "%s: contact of particles id %lld and %lld (model %s + damping %s) is out of range: overlap "
             "beyond the smaller radius, or a force that is NaN or infinite; %s",
             when, idi < idj ? idi : idj, idi < idj ? idj : idi, normal_name(m->normal.model),
             damping_name(m->damping.model), fix);
  } else {
    snprintf(s->fault, sizeof s->fault, "%s: non-finite force or torque on particle id %lld; %s", when, idi, fix);
  }
  *why = s->fault;
  return false;
}

/* The force evaluation of a step (regular) or of the setup, with what the plan's loop adds
 * around it (MDR: its pre-force pass, its once-per-model warning and its fault check). */
static bool force_pass(Sim *s, bool regular, const char **why) {
  if (s->hooks && s->hooks->before_force) s->hooks->before_force(s, regular);
  sim_force(s, regular);
  return !(s->hooks && s->hooks->after_force) || s->hooks->after_force(s, regular, why);
}

bool sim_setup(Sim *s, const char **why) {
  s->fault[0] = '\0';
  if (s->walls.n && s->walls.np != s->p.n) walls_alloc(&s->walls, s->p.n, s->nl.hsize);
  if (!rebuild(s, why)) return false;
  if (!force_pass(s, false, why)) return false;
  /* The first evaluation gets the same check as every step: a NaN here would otherwise reach
   * the positions in the first drift and hide from every later check. */
  return check_forces(s, true, why);
}

bool sim_step(Sim *s, const char **why) {
  double t0 = timer_now();
  integrate_initial(&s->p, s->dt, s->plan.threads);
  for (int w = 0; w < s->walls.n; w++) s->walls.w[w].pos += s->walls.w[w].vel * s->dt; /* with the drift */
  s->time[TIMER_INTEGRATE] += timer_now() - t0;
  if (nbr_needs_rebuild(&s->nl, &s->p) && !rebuild(s, why)) return false;
  if (!force_pass(s, true, why)) return false;
  if (!check_forces(s, false, why)) return false;
  t0 = timer_now();
  integrate_final(&s->p, s->dt, s->plan.threads);
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
  energy_kinetic(&s->p, &l.ke_trans, &l.ke_rot, s->plan.threads);
  ForceSystem fs = sim_force_system((Sim *)s, false);
  l.elastic = energy_elastic(&fs, s->plan.threads);
  return l;
}

void sim_free(Sim *s) {
  particles_free(&s->p);
  nbr_free(&s->nl);
  force_work_free(&s->work);
  walls_free(&s->walls);
  mdr_system_free(&s->mdr);
  free(s->models);
  memset(s, 0, sizeof *s);
}
