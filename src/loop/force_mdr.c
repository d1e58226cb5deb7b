/*
 * force_mdr.c - the MDR pre-force pass and pair force pass (see force_mdr.h).
 *
 * The generic specialised kernels (force_kernel.h) stay stateless and fast: combo_valid keeps
 * the MDR row of their table empty, and the loop plan sends MDR here. The strategies below are
 * one always-inline row body with the strategy as a literal, like force_rows(), run by the pair
 * loops' driver (force_drive) with the accumulators as extra sums; the contact itself
 * (mdr_contact, a few hundred flops and a Newton iteration with adhesion) is an out-of-line
 * call, so a per-tangential-model specialisation would buy nothing measurable.
 */
#include "force_mdr.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "blocksum.h"
#include "error.h"
#include "force_kernel.h"
#include "plan.h"
#include "ref_pair.h"

/* The MDR row of the generic kernel table is empty (combo_valid): the loop plan picks MDR's
 * passes (force_mdr_pass, force_mdr_pass_ref) for mdr. */
const ForceSlice force_slice_MDR = {{{NULL}}};

#define MDR_BLOCK BLOCKSUM_ROWS /* rows per scheduling block of the pre-force pass */
#define NACC 9        /* doubles of MdrAccum */
#define NF 6          /* force and torque components */

void mdr_system_init(MdrSystem *ms, const ContactModel *m, int64_t n) {
  memset(ms, 0, sizeof *ms);
  if (m->normal.model != NORMAL_MDR) return;
  ms->on = true;
  mdr_setup(&ms->p, m->normal.coeff, m->damping.d_type);
  mdr_particles_alloc(&ms->s, n);
}

void mdr_system_free(MdrSystem *ms) {
  if (ms->on) mdr_particles_free(&ms->s);
  free(ms->inc);
  free(ms->adj_start);
  free(ms->adj);
  memset(ms, 0, sizeof *ms);
}

/* ---- one contact ------------------------------------------------------------------------- */

bool force_mdr_contact(TangentialModel tm, const ContactModel *m, const MdrSystem *ms, const PairInput *in,
                       int64_t i, int64_t j, int64_t id_i, int64_t id_j, double *hist, int hs, ContactOutput *out,
                       MdrContactOutput *mo) {
  memset(out, 0, sizeof *out);
  const double dx0 = in->dx[0], dx1 = in->dx[1], dx2 = in->dx[2];
  const double r = sqrt(dx0 * dx0 + dx1 * dx1 + dx2 * dx2);
  const double Ri = in->Ri, Rj = in->Rj;
  const double radsum = in->wall ? Ri : Ri + Rj;
  if (!(r < radsum)) { /* §6.0 step 2: a contact that stops touching forgets everything */
    for (int h = 0; h < hs; h++) hist[h] = 0.0;
    memset(mo, 0, sizeof *mo);
    return false;
  }
  /* Geometry (§1.1), as contact_force. */
  ContactGeometry geo;
  contact_geometry(in, r, &geo);
  const double n0 = geo.n[0], n1 = geo.n[1], n2 = geo.n[2], vnnr = geo.vnnr;
  TangentialInput ti = {.n = {n0, n1, n2}, .vtr = {geo.vtr[0], geo.vtr[1], geo.vtr[2]}, .vrel = geo.vrel,
                        .dt = in->dt, .history_update = in->history_update};

  const MdrContactInput mi = {.delta = radsum - r, .Ri = Ri, .Rj = in->wall ? Ri : Rj, .i = i, .j = j,
                              .id_i = id_i, .id_j = id_j, .meff = in->meff, .n = {n0, n1, n2},
                              .wall = in->wall, .history_update = in->history_update};
  NormalContact *c = &out->n;
  c->delta = mi.delta;
  c->Reff = in->wall ? Ri : Ri * Rj / (Ri + Rj);
  c->meff = in->meff;
  c->vnnr = vnnr;
  c->touching_before = c->touching = true;
  if (mdr_contact(&ms->p, &ms->s, &mi, hist, mo) != MDR_OK) return true; /* the caller stops the run */

  /* §4 steps 3-7: Fne from MDR, damping mdr (not weighted by w, §3.4), the clamp, Fncrit. */
  const double Fne = mo->F, eta = mo->eta, Fdamp = -eta * vnnr;
  double Fntot = Fne + Fdamp;
  const bool clamped = m->limit_damping && Fntot < 0.0;
  if (clamped) Fntot = 0.0;
  c->a = mo->a;
  c->Fne = Fne;
  c->knd = Fne / c->delta;
  c->eta = eta;
  c->Fdamp = Fdamp;
  c->Fntot = Fntot;
  c->Fncrit = fabs(Fntot); /* §6.6: the default |Fntot| (§2.8) */
  c->clamped = clamped;

  /* Step 8: tangential, its history after MDR's 27 values. */
  ti.a = c->a;
  ti.eta_n = eta;
  ti.Fncrit = c->Fncrit;
  TangentialOutput to;
  tangential_force(tm, &m->tangential, &ti, hist + MDR_NHIST, &to);

  /* Step 9: force and torques. */
  contact_assemble(true, in, geo.n, c->delta, Fntot, to.fs, out);
  out->power_normal_damping = clamped ? Fne * vnnr : eta * vnnr * vnnr;
  out->t = to;
  return true;
}

/* ---- the pre-force pass ------------------------------------------------------------------ */

/* Full adjacency of a half list (row a: every listed partner of a, ascending), the penalty's
 * candidates: the same entries, in the same order, as a's row of the full list. */
static void half_adjacency(MdrSystem *ms, const NeighborList *nl) {
  const int64_t n = nl->n, np = nl->start[n];
  free(ms->adj_start);
  ms->adj_start = gd_xmalloc((size_t)(n + 2) * sizeof *ms->adj_start);
  int64_t *cs = ms->adj_start;
  memset(cs, 0, (size_t)(n + 2) * sizeof *cs);
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
      cs[i + 2]++;
      cs[nl->j[k] + 2]++;
    }
  for (int64_t i = 0; i < n; i++) cs[i + 2] += cs[i + 1];
  if (ms->adjsize < (size_t)(2 * np + 1)) {
    free(ms->adj);
    ms->adjsize = (size_t)(2 * np + 1);
    ms->adj = gd_xmalloc(ms->adjsize * sizeof *ms->adj);
  }
  /* cs[a + 1] is the fill position of row a; after the fill cs[a] is its start. */
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
      const int64_t j = nl->j[k];
      ms->adj[cs[i + 1]++] = (int32_t)j; /* i's own row: j > i, after every partner below i */
      ms->adj[cs[j + 1]++] = (int32_t)i; /* rows i < j arrive in ascending i */
    }
}

void force_mdr_prepass(const ForceSystem *fs, MdrSystem *ms, int threads) {
  const int nth = sysmem_threads(threads);
  Particles *p = fs->p;
  const int64_t n = p->n, nblocks = (n + MDR_BLOCK - 1) / MDR_BLOCK;
  const bool regular = fs->history_update;
  /* Steps 1, 2 and 4 (§6.3): each block writes only its own particles. */
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t b = 0; b < nblocks; b++) {
    const int64_t i0 = b * MDR_BLOCK, i1 = i0 + MDR_BLOCK < n ? i0 + MDR_BLOCK : n;
    mdr_prepass_particles(&ms->p, &ms->s, p->radius, i0, i1, regular);
  }
  if (!regular) return; /* setup: no penalty, no ddelta_bar (§6.0) */

  NeighborList *nl = fs->nl;
  const int hs = nl->hsize;
  const int64_t *restrict start = nl->start;
  const int32_t *restrict jl = nl->j;
  double *hist = nl->hist;
  MdrGeometry g = {.x = p->x, .y = p->y, .z = p->z, .radius = p->radius, .id = p->id};
  box_images(fs->box, g.len, g.half);
  const int64_t *cs = start;
  const int32_t *cj = jl;
  if (!nl->full) {
    half_adjacency(ms, nl);
    cs = ms->adj_start;
    cj = ms->adj;
  }
  /* Step 5a, penalty: both copies of a full-list pair are evaluated from the lower index's row,
   * so they hold the same value; each slot has one writer. */
#pragma omp parallel for schedule(dynamic, 64) num_threads(nth)
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = start[i]; k < start[i + 1]; k++) {
      const int64_t j = jl[k], a = i < j ? i : j, b = i < j ? j : i;
      hist[k * hs + MDR_PENALTY] = mdr_pair_penalty(&g, a, b, cj + cs[a], cs[a + 1] - cs[a]);
    }
  /* Step 5b, the pairs' ddelta_bar increments, summed per particle in ascending partner order
   * (the same order for the full and the half list). */
  const double *x = p->x, *y = p->y, *z = p->z, *rad = p->radius;
  const int64_t *id = p->id;
  double *ddb = ms->s.ddelta_bar;
  if (nl->full) {
#pragma omp parallel for schedule(dynamic, 64) num_threads(nth)
    for (int64_t i = 0; i < n; i++) {
      double sum = 0.0;
      for (int64_t k = start[i]; k < start[i + 1]; k++) {
        const int64_t j = jl[k];
        double d[3];
        pair_separation(x, y, z, i, j, g.len, g.half, d);
        const double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        double inc_i = 0.0, inc_j = 0.0;
        if (mdr_pair_ddelta(&ms->s, i, j, id[i], id[j], rad[i], rad[j], r, &hist[k * hs], &inc_i, &inc_j))
          sum += inc_i;
      }
      ddb[i] += sum;
    }
    return;
  }
  const int64_t np = start[n];
  if (ms->incsize < (size_t)(2 * np + 2)) {
    free(ms->inc);
    ms->incsize = (size_t)(2 * np + 2);
    ms->inc = gd_xmalloc(ms->incsize * sizeof *ms->inc);
  }
  double *inc = ms->inc;
#pragma omp parallel for schedule(dynamic, 64) num_threads(nth)
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = start[i]; k < start[i + 1]; k++) {
      const int64_t j = jl[k];
      double d[3];
      pair_separation(x, y, z, i, j, g.len, g.half, d);
      const double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      inc[2 * k] = inc[2 * k + 1] = 0.0;
      mdr_pair_ddelta(&ms->s, i, j, id[i], id[j], rad[i], rad[j], r, &hist[k * hs], &inc[2 * k], &inc[2 * k + 1]);
    }
  /* The reduction, serial in a fixed order (O(pairs) additions): particle a receives its
   * partners below a (rows i < a, ascending) before its own row (ascending), i.e. ascending
   * partner order, as a full-list row. */
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = start[i]; k < start[i + 1]; k++) {
      ddb[i] += inc[2 * k];
      ddb[jl[k]] += inc[2 * k + 1];
    }
}

/* ---- the pair pass ----------------------------------------------------------------------- */

/* Where a row body writes the accumulators: 9 arrays of n (MdrAccum order). */
typedef struct AccTargets {
  double *v[NACC];
} AccTargets;

static AccTargets acc_global(MdrParticles *s) {
  return (AccTargets){{s->Vcaps, s->eps_bar, s->dRnumerator, s->dRdenominator, s->Acon1, s->Atot_sum, s->sigmaxx,
                       s->sigmayy, s->sigmazz}};
}

GD_INLINE void acc_vals(const MdrAccum *a, double v[NACC]) {
  v[0] = a->Vcaps, v[1] = a->eps_bar, v[2] = a->dRnumerator, v[3] = a->dRdenominator, v[4] = a->Acon1;
  v[5] = a->Atot_sum, v[6] = a->sigmaxx, v[7] = a->sigmayy, v[8] = a->sigmazz;
}

static void fault_keep(MdrFault *f, MdrError e, int64_t i, int64_t j, int wall) {
  const bool first = f->err == MDR_OK || i < f->i || (i == f->i && j < f->j);
  if (first) *f = (MdrFault){.err = e, .i = i, .j = j, .wall = wall};
}

/* What MDR's rows read besides the pair loop's arguments. KernelArgs comes first: the driver
 * (force_drive) passes &a and the rows cast back to the whole. */
typedef struct MdrRowArgs {
  KernelArgs a;
  const MdrSystem *ms;
  const int64_t *id;
  int hs;             /* history values per list entry */
  int64_t n;          /* particles */
  AccTargets global;  /* the accumulators, written directly by the full and half-atomic rows */
  MdrFault *fault;    /* per thread: its first failed contact */
  bool *warn;         /* per thread: a contact yielded at once */
} MdrRowArgs;

GD_INLINE void mdr_rows(ForceStrategy st, const KernelArgs *ka, const Targets *t, int64_t i0, int64_t i1,
                        ForceStats *stats) {
  const MdrRowArgs *ra = (const MdrRowArgs *)ka;
  const KernelArgs *a = &ra->a;
  const MdrSystem *ms = ra->ms;
  /* The thread's fault and warning live on this stack while the rows run and are stored once at
   * the end: the per-thread slots share cache lines, and a store per contact made the threads
   * fight over them (5 % of MDR's pass on 2 threads). */
  const int th = omp_get_thread_num();
  MdrFault fault_here = ra->fault[th];
  bool warn_here = ra->warn[th];
  MdrFault *fault = &fault_here;
  bool *warn = &warn_here;
  AccTargets acc_here = ra->global; /* half-reduce: the thread's arrays after its six (force_drive) */
  if (st == FORCE_HALF_REDUCE)
    for (int c = 0; c < NACC; c++) acc_here.v[c] = t->fx + (size_t)(NF + c) * (size_t)ra->n;
  const AccTargets *acc = &acc_here;
  const bool hu = a->history_update;
  const int hs = ra->hs;
  const TangentialModel tm = a->models[0].tangential.model;
  const int nt = a->ntypes;
  int64_t contacts = 0;
  double pn = 0.0, pt = 0.0, pf = 0.0, excess = 0.0;
  for (int64_t i = i0; i < i1; i++) {
    const double mi = a->mass[i], Ri = a->rad[i];
    double fi[NF] = {0, 0, 0, 0, 0, 0}, ai[NACC] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int64_t k = a->start[i]; k < a->start[i + 1]; k++) {
      const int64_t j = a->jl[k];
      const ContactModel *m = &a->models[(a->type[i] - 1) * nt + (a->type[j] - 1)];
      const double mj = a->mass[j];
      PairInput in = {.vr = {a->vx[i] - a->vx[j], a->vy[i] - a->vy[j], a->vz[i] - a->vz[j]},
                      .wi = {a->wx[i], a->wy[i], a->wz[i]},
                      .wj = {a->wx[j], a->wy[j], a->wz[j]},
                      .Ri = Ri,
                      .Rj = a->rad[j],
                      .meff = mi * mj / (mi + mj),
                      .dt = a->dt,
                      .history_update = hu,
                      .wall = false};
      pair_separation(a->x, a->y, a->z, i, j, a->len, a->half, in.dx);
      ContactOutput o;
      MdrContactOutput mo;
      if (!force_mdr_contact(tm, m, ms, &in, i, j, ra->id[i], ra->id[j], &a->hist[k * hs], hs, &o, &mo)) continue;
      if (mo.err != MDR_OK) {
        fault_keep(fault, mo.err, i < j ? i : j, i < j ? j : i, -1);
        continue;
      }
      *warn = *warn || mo.warn_preexisting;
      contacts++;
      pn += o.power_normal_damping;
      pt += o.t.power_damping;
      pf += o.t.power_friction;
      excess = gd_max(excess, o.n.delta - gd_min(Ri, in.Rj));
      const double fo[NF] = {o.force[0], o.force[1], o.force[2], o.torque_i[0], o.torque_i[1], o.torque_i[2]};
      const double fj[NF] = {-o.force[0], -o.force[1], -o.force[2], o.torque_j[0], o.torque_j[1], o.torque_j[2]};
      double vi[NACC], vj[NACC];
      acc_vals(&mo.acc_i, vi);
      acc_vals(&mo.acc_j, vj);
      for (int c = 0; c < NF; c++) fi[c] += fo[c];
      for (int c = 0; c < NACC; c++) ai[c] += vi[c];
      double *tj[NF] = {t->fx, t->fy, t->fz, t->tx, t->ty, t->tz};
      if (st == FORCE_HALF_REDUCE) {
        for (int c = 0; c < NF; c++) tj[c][j] += fj[c];
        if (hu)
          for (int c = 0; c < NACC; c++) acc->v[c][j] += vj[c];
      } else if (st == FORCE_HALF_ATOMIC) {
        for (int c = 0; c < NF; c++) ATOMIC_ADD(tj[c][j], fj[c]);
        if (hu)
          for (int c = 0; c < NACC; c++) ATOMIC_ADD(acc->v[c][j], vj[c]);
      }
    }
    double *ti[NF] = {t->fx, t->fy, t->fz, t->tx, t->ty, t->tz};
    if (st == FORCE_FULL) { /* the only writer of row i */
      for (int c = 0; c < NF; c++) ti[c][i] = fi[c];
      if (hu)
        for (int c = 0; c < NACC; c++) acc->v[c][i] += ai[c];
    } else if (st == FORCE_HALF_REDUCE) {
      for (int c = 0; c < NF; c++) ti[c][i] += fi[c];
      if (hu)
        for (int c = 0; c < NACC; c++) acc->v[c][i] += ai[c];
    } else {
      for (int c = 0; c < NF; c++) ATOMIC_ADD(ti[c][i], fi[c]);
      if (hu)
        for (int c = 0; c < NACC; c++) ATOMIC_ADD(acc->v[c][i], ai[c]);
    }
  }
  ra->fault[th] = fault_here;
  ra->warn[th] = warn_here;
  kernel_stats_add(stats, a->start, i0, i1, st == FORCE_FULL, contacts, pn, pt, pf, excess);
}

#define MDR_KERNEL_DEF(c, S, ...)                                                                 \
  static void mdr_kernel_##S(const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *st) { \
    mdr_rows(FORCE_##S, a, t, i0, i1, st);                                                       \
  }
FORCE_STRATEGIES_EX(MDR_KERNEL_DEF, _)
#define MDR_KERNEL_PTR(c, S, ...) [FORCE_##S] = mdr_kernel_##S,
static const ForceKernel MDR_KERNELS[N_STRATEGY] = {FORCE_STRATEGIES_EX(MDR_KERNEL_PTR, _)};


/* The serial `_ref` twin: half list, one contact at a time, forces and accumulators of both
 * particles updated directly (mdr_accum_add), the tangential model dispatched at run time. */
static void mdr_compute_ref(const ForceSystem *fs, MdrSystem *ms, ForceStats *stats) {
  GD_ASSERT(!fs->nl->full);
  Particles *p = fs->p;
  const NeighborList *nl = fs->nl;
  const int hs = nl->hsize;
  double len[3], half[3];
  box_images(fs->box, len, half);
  ForceStats st = {0};
  bool warn = false;
  for (int64_t i = 0; i < p->n; i++) p->fx[i] = p->fy[i] = p->fz[i] = p->tx[i] = p->ty[i] = p->tz[i] = 0.0;
  for (int64_t i = 0; i < p->n; i++)
    for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
      const int64_t j = nl->j[k];
      const ContactModel *m = &fs->models[(p->type[i] - 1) * fs->ntypes + (p->type[j] - 1)];
      const PairInput in = ref_pair_input(p, i, j, len, half, fs->dt, fs->history_update);
      ContactOutput o;
      MdrContactOutput mo;
      st.pairs++;
      if (!force_mdr_contact(m->tangential.model, m, ms, &in, i, j, p->id[i], p->id[j], &nl->hist[k * hs], hs, &o,
                             &mo))
        continue;
      if (mo.err != MDR_OK) {
        fault_keep(&ms->fault, mo.err, i, j, -1);
        continue;
      }
      warn = warn || mo.warn_preexisting;
      ref_pair_apply(p, i, j, &in, &o, &st);
      if (fs->history_update) {
        mdr_accum_add(&ms->s, i, &mo.acc_i);
        mdr_accum_add(&ms->s, j, &mo.acc_j);
      }
    }
  ms->warn_preexisting = warn;
  *stats = st;
}

void force_mdr_pass_ref(const ForceSystem *fs, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  (void)plan, (void)w;
  MdrSystem *ms = fs->mdr;
  GD_ASSERT(ms && ms->on);
  ms->fault = (MdrFault){.err = MDR_OK, .j = -1, .wall = -1};
  mdr_compute_ref(fs, ms, stats);
}

void force_mdr_pass(const ForceSystem *fs, const LoopPlan *plan, ForceWork *w, ForceStats *stats) {
  MdrSystem *ms = fs->mdr;
  GD_ASSERT(ms && ms->on);
  const ForceStrategy st = plan->strategy;
  ms->fault = (MdrFault){.err = MDR_OK, .j = -1, .wall = -1};
  GD_ASSERT(fs->nl->full == force_strategy_full_list(st));
  /* The pair loops' driver runs MDR's rows: its accumulators are reduced with the forces. */
  const int nthreads = sysmem_threads(plan->threads);
  MdrFault *faults = gd_xmalloc((size_t)nthreads * sizeof *faults);
  bool *warns = gd_xmalloc((size_t)nthreads * sizeof *warns);
  for (int th = 0; th < nthreads; th++) faults[th] = ms->fault, warns[th] = false;
  MdrRowArgs ra = {.a = force_kernel_args(fs), .ms = ms, .id = fs->p->id, .hs = fs->nl->hsize, .n = fs->p->n,
                   .global = acc_global(&ms->s), .fault = faults, .warn = warns};
  const DriveExtra ex = {.args = &ra.a, .n = NACC, .global = ra.global.v, .add = fs->history_update};
  force_drive(fs, st, MDR_KERNELS[st], DRIVE_PACK_NONE, plan->threads, &ex, w, stats);
  bool warn = false;
  for (int th = 0; th < nthreads; th++) { /* the first failure whatever the thread order (fault_keep) */
    if (faults[th].err != MDR_OK) fault_keep(&ms->fault, faults[th].err, faults[th].i, faults[th].j, faults[th].wall);
    warn = warn || warns[th];
  }
  ms->warn_preexisting = warn;
  free(faults);
  free(warns);
}
