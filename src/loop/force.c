/*
 * force.c - one force pass with the loop the plan chose (its pass: the specialised pair loops,
 * the serial reference, or MDR's of force_mdr.c); and the geometry floor of the benchmark.
 *
 * Kernels are specialised per (normal, damping form, tangential, strategy) by the X-macros of
 * force_kernel.h and force_simd.h, so no per-pair model branch or indirect call survives. The
 * parallel region lives in the one driver, force_drive() (drive.c), outside the inlined bodies;
 * it runs whichever kernel the loop plan (plan.c) picked at setup, the geometry floor's and MDR's
 * rows included. Strategies, determinism and the half-reduce records: docs/pair-loop.md.
 */
#include "force.h"

#include <stdlib.h>

#include "contact.h"
#include "error.h"
#include "force_kernel.h"
#include "force_simd.h"
#include "ref_pair.h"
#include "plan.h"

/* The geometry floor (benchmark baseline): the same list, strategy and write pattern as a
 * force pass, with the force law replaced by the overlap vector delta n of touching pairs. */
GD_INLINE void geometry_rows(ForceStrategy st, const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1,
                             ForceStats *stats) {
  const double *restrict x = a->x, *restrict y = a->y, *restrict z = a->z, *restrict rad = a->rad;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  int64_t contacts = 0;
  for (int64_t i = i0; i < i1; i++) {
    double gx = 0.0, gy = 0.0, gz = 0.0;
    for (int64_t k = start[i]; k < start[i + 1]; k++) {
      const int64_t j = jl[k];
      double d[3];
      pair_separation(x, y, z, i, j, a->len, a->half, d);
      const double dx = d[0], dy = d[1], dz = d[2];
      const double rsq = dx * dx + dy * dy + dz * dz, radsum = rad[i] + rad[j];
      const bool on = rsq < radsum * radsum;
      const double r = sqrt(rsq), s = on ? (radsum - r) / r : 0.0;
      contacts += on;
      gx += s * dx, gy += s * dy, gz += s * dz;
      if (st == FORCE_HALF_REDUCE) t->fx[j] -= s * dx, t->fy[j] -= s * dy, t->fz[j] -= s * dz;
      if (st == FORCE_HALF_ATOMIC) {
        ATOMIC_ADD(t->fx[j], -s * dx);
        ATOMIC_ADD(t->fy[j], -s * dy);
        ATOMIC_ADD(t->fz[j], -s * dz);
      }
    }
    if (st == FORCE_FULL) t->fx[i] = gx, t->fy[i] = gy, t->fz[i] = gz;
    else if (st == FORCE_HALF_REDUCE) t->fx[i] += gx, t->fy[i] += gy, t->fz[i] += gz;
    else {
      ATOMIC_ADD(t->fx[i], gx);
      ATOMIC_ADD(t->fy[i], gy);
      ATOMIC_ADD(t->fz[i], gz);
    }
  }
  stats->pairs += start[i1] - start[i0];
  stats->contacts += contacts;
}
#define GEOMETRY_DEF(c, S, ...)                                                                \
  static void geometry_##S(const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *st) { \
    geometry_rows(FORCE_##S, a, t, i0, i1, st);                                               \
  }
FORCE_STRATEGIES_EX(GEOMETRY_DEF, _)
#define GEOMETRY_PTR(c, S, ...) [FORCE_##S] = geometry_##S,
static const ForceKernel GEOMETRY[N_STRATEGY] = {FORCE_STRATEGIES_EX(GEOMETRY_PTR, _)};


void force_compute(const ForceSystem *s, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  GD_ASSERT(s->nl->full == plan->full_list);
  plan->pass(s, plan, w, stats);
}

void force_pass_kernel(const ForceSystem *s, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  force_drive(s, plan->strategy, plan->kernel, plan->pack, plan->threads, NULL, w, stats);
}

void force_pass_ref(const ForceSystem *s, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  (void)plan, (void)w;
  force_compute_ref(s, stats);
}

void force_geometry(const ForceSystem *s, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  GD_ASSERT(s->nl->full == force_strategy_full_list(plan->strategy));
  force_drive(s, plan->strategy, GEOMETRY[plan->strategy], DRIVE_PACK_NONE, plan->threads, NULL, w, stats);
}

void force_compute_ref(const ForceSystem *s, ForceStats *stats) {
  GD_ASSERT(!s->nl->full);
  const KernelArgs a = force_kernel_args(s);
  Particles *p = s->p;
  const NeighborList *nl = s->nl;
  const int hs = nl->hsize;
  ForceStats st = {0};
  for (int64_t i = 0; i < p->n; i++) p->fx[i] = p->fy[i] = p->fz[i] = p->tx[i] = p->ty[i] = p->tz[i] = 0.0;
  for (int64_t i = 0; i < p->n; i++)
    for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
      const int64_t j = nl->j[k];
      const ContactModel *m = &s->models[(p->type[i] - 1) * s->ntypes + (p->type[j] - 1)];
      const PairInput in = ref_pair_input(p, i, j, a.len, a.half, s->dt, s->history_update);
      bool touch = nl->touch[k];
      ContactOutput o;
      const bool on = contact_compute(m, &in, hs ? &nl->hist[k * hs] : NULL, &touch, &o);
      nl->touch[k] = touch;
      st.pairs++;
      if (on) ref_pair_apply(p, i, j, &in, &o, &st);
    }
  *stats = st;
}

