/*
 * drive.c - the strategies and the one OpenMP driver of the pair loops (see drive.h): blocks of
 * rows scheduled over the threads, half-reduce's per-thread records and their reduction in thread
 * order, the statistics summed in block order.
 */
#include "drive.h"

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "blocksum.h"
#include "error.h"
#include "force_kernel.h"
#include "sysmem.h"

#define FORCE_BLOCK BLOCKSUM_ROWS /* rows per scheduling block, and per partial sum of the statistics */
_Static_assert(FORCE_BLOCK == ROW_CHUNK, "the vector kernels' row order is cached per scheduling block");

static const char *const STRATEGY_NAMES[] = {
#define X(c, ID, id, name, fl) name,
    FORCE_STRATEGIES_EX(X, _)
#undef X
};
static const bool STRATEGY_FULL[] = {
#define X(c, ID, id, name, fl) fl,
    FORCE_STRATEGIES_EX(X, _)
#undef X
};

const char *force_strategy_name(ForceStrategy s) { return STRATEGY_NAMES[s]; }
bool force_strategy_full_list(ForceStrategy s) { return STRATEGY_FULL[s]; }

bool force_strategy_parse(const char *s, ForceStrategy *out) {
  for (int k = 0; k < N_STRATEGY; k++)
    if (strcmp(s, STRATEGY_NAMES[k]) == 0) {
      *out = (ForceStrategy)k;
      return true;
    }
  return false;
}

KernelArgs force_kernel_args(const ForceSystem *s) {
  const Particles *p = s->p;
  KernelArgs a = {.x = p->x, .y = p->y, .z = p->z, .vx = p->vx, .vy = p->vy, .vz = p->vz,
                  .wx = p->wx, .wy = p->wy, .wz = p->wz, .rad = p->radius, .mass = p->mass,
                  .type = p->type, .start = s->nl->start, .jl = s->nl->j, .hist = s->nl->hist,
                  .touch = s->nl->touch, .interior = s->nl->interior, .models = s->models, .ntypes = s->ntypes,
                  .dt = s->dt, .history_update = s->history_update};
  box_images(s->box, a.len, a.half);
  return a;
}

/* The kernels count list entries: a full list holds every pair twice, mirrored, so its counts
 * are halved once per pass here rather than by every caller (the kernels weight the powers
 * themselves). */
static void force_stats_unique(ForceStats *st, bool full_list) {
  if (!full_list) return;
  st->pairs /= 2;
  st->contacts /= 2;
}

void force_stats_add(ForceStats *dst, const ForceStats *src) {
  dst->pairs += src->pairs;
  dst->contacts += src->contacts;
  dst->power_normal += src->power_normal;
  dst->power_tangential += src->power_tangential;
  dst->power_friction += src->power_friction;
  dst->overlap_excess = gd_max(dst->overlap_excess, src->overlap_excess);
}

/* Grows a scratch array to at least need doubles, 64-byte aligned (contents not kept). */
static double *work_reserve(double **arr, size_t *size, size_t need) {
  if (*size < need) {
    free(*arr);
    *arr = gd_xmalloc_aligned(need * sizeof(double));
    *size = need;
  }
  return *arr;
}

/* Sums particle i's ncomp values over the writing threads' records, in thread order, and zeroes
 * them for the next pass (no memset). Inlined with a literal ncomp for the force loops. */
GD_INLINE void reduce_record(double *restrict sum, int ncomp, double *buf, const int *writers, int nw,
                             size_t per_thread, bool packed, int64_t i, int64_t n) {
  for (int q = 0; q < nw; q++) {
    double *mine = buf + (size_t)writers[q] * per_thread;
    for (int c = 0; c < ncomp; c++) {
      double *v = packed ? &mine[KERNEL_ACC * i + c] : &mine[(size_t)c * (size_t)n + (size_t)i];
      sum[c] += *v;
      *v = 0.0;
    }
  }
}

/* reduce_record for the packed records of the vector kernels (nx = 0), rows i0 .. i1 - 1: each
 * record read as two 4-double vectors, summed in thread order (component by component, as
 * reduce_record: the same bits) and cleared whole (its two pad fields are zero already). A
 * dilute packing's pass is mostly this per-sphere work, so it is kept to a few instructions. */
typedef double Rec4 __attribute__((vector_size(32)));
static void reduce_packed(Particles *p, double *buf, const int *writers, int nw, size_t per_thread, int64_t i0,
                          int64_t i1) {
  const Rec4 zero = {0.0, 0.0, 0.0, 0.0};
  for (int64_t i = i0; i < i1; i++) {
    Rec4 lo = zero, hi = zero;
    for (int q = 0; q < nw; q++) {
      double *r = buf + (size_t)writers[q] * per_thread + KERNEL_ACC * (size_t)i;
      Rec4 a, b;
      memcpy(&a, r, sizeof a);
      memcpy(&b, r + 4, sizeof b);
      lo += a, hi += b;
      memcpy(r, &zero, sizeof zero);
      memcpy(r + 4, &zero, sizeof zero);
    }
    p->fx[i] = lo[0], p->fy[i] = lo[1], p->fz[i] = lo[2];
    p->tx[i] = lo[3], p->ty[i] = hi[0], p->tz[i] = hi[1];
  }
}

/* Particle i's record in pk as the pass reads it: positions alone (a pass with few contacts,
 * KERNEL_PACK_POSITION doubles a record), all but the spins, or all (KERNEL_PACK). */
static inline void pack_one(const Particles *p, int64_t i, double *pk, bool few, bool nospin) {
  if (few) pack_position(p, i, pk + KERNEL_PACK_POSITION * i);
  else if (nospin) pack_particle_nospin(p, i, pk + KERNEL_PACK * i);
  else pack_particle(p, i, pk + KERNEL_PACK * i);
}

/* +0.0 into the forces and torques of particles i0 .. i1 - 1. */
static void zero_forces(Particles *p, int64_t i0, int64_t i1) {
  double *restrict fx = p->fx, *restrict fy = p->fy, *restrict fz = p->fz;
  double *restrict tx = p->tx, *restrict ty = p->ty, *restrict tz = p->tz;
  for (int64_t i = i0; i < i1; i++) fx[i] = fy[i] = fz[i] = tx[i] = ty[i] = tz[i] = 0.0;
}

/* reduce_packed of particle i when some writer flagged its record (ForceWork.dirty), the flags
 * cleared; else nothing (its records are +0.0, its forces set +0.0 by the caller). */
static inline void reduce_flagged(Particles *p, double *buf, unsigned char *dirty, const int *writers, int nw,
                                  size_t per_thread, int64_t i, int64_t n) {
  unsigned char any = 0;
  for (int q = 0; q < nw; q++) any |= dirty[(size_t)writers[q] * (size_t)n + (size_t)i];
  if (!any) return;
  for (int q = 0; q < nw; q++) dirty[(size_t)writers[q] * (size_t)n + (size_t)i] = 0;
  reduce_packed(p, buf, writers, nw, per_thread, i, i + 1);
}

/* One past the last row of scheduling block b. */
static inline int64_t block_end(int64_t b, int64_t n) { return (b + 1) * FORCE_BLOCK < n ? (b + 1) * FORCE_BLOCK : n; }

/* The particles in some pair of the list (a row with partners, or a partner), ascending, and
 * where each block's start; sparse when they are under half of all: a dilute gas's pass
 * then packs and reduces those alone (every other particle's force is +0.0, as its zeroed
 * records would sum to). The rows' order by length is made with the packing (force_drive). */
static void list_plan(ForceWork *w, const NeighborList *nl, int64_t n, int64_t nblocks) {
  if (w->order_cap < n || !w->order) {
    free(w->order), free(w->live), free(w->inv), free(w->inv_at);
    const size_t cap = (size_t)(n > 0 ? n : 1), blocks = (size_t)(nblocks > 0 ? nblocks : 1);
    w->order = gd_xmalloc(cap * sizeof *w->order);
    w->inv = gd_xmalloc(cap * sizeof *w->inv);
    w->live = gd_xmalloc(blocks * sizeof *w->live);
    w->inv_at = gd_xmalloc((blocks + 1) * sizeof *w->inv_at);
    w->order_cap = n;
  }
  unsigned char *in = calloc((size_t)(n > 0 ? n : 1), 1);
  if (!in) gd_die(GD_EXIT_RUNTIME, "out of memory");
  for (int64_t i = 0; i < n; i++)
    if (nl->start[i + 1] > nl->start[i]) in[i] = 1;
  for (int64_t k = 0; k < nl->start[n]; k++) in[nl->j[k]] = 1;
  int64_t m = 0;
  for (int64_t b = 0; b < nblocks; b++) {
    w->inv_at[b] = m;
    for (int64_t i = b * FORCE_BLOCK; i < block_end(b, n); i++)
      if (in[i]) w->inv[m++] = (int32_t)i;
  }
  w->inv_at[nblocks] = m;
  free(in);
  w->sparse = 2 * m < n;
  w->order_n = n, w->order_build = nl->build_id;
}

/* What the force pass's team shares (force_drive fills it; drive_team reads it). */
typedef struct DriveTeam {
  const KernelArgs *a;
  Targets global;
  ForceStats *bstats;
  double *buf, *pk;
  size_t per_thread, zeroed;
  int64_t n, nblocks;
  ForceKernel kern;
  ForceStrategy st;
  Particles *p;
  int *nth_used;
  unsigned char *touched, *dirty;
  bool remap, xadd, reorder, nospin, few;
  const int64_t *start, *inv_at;
  const int32_t *jl, *inv;
  int32_t *order, *live;
  int nthreads, nx;
  double *const *xg;
} DriveTeam;

/* The pass's work for each thread of the team: packing, the kernel over blocks and the
 * reduction, their worksharing orphaned, so that one thread can run it outside any OpenMP
 * region (team.h). */
static void drive_team(const DriveTeam *d) {
  const KernelArgs *a = d->a;
  const Targets global = d->global;
  ForceStats *bstats = d->bstats;
  double *buf = d->buf, *pk = d->pk;
  const size_t per_thread = d->per_thread, zeroed = d->zeroed;
  const int64_t n = d->n, nblocks = d->nblocks;
  const ForceKernel kern = d->kern;
  const ForceStrategy st = d->st;
  Particles *p = d->p;
  unsigned char *touched = d->touched, *dirty = d->dirty;
  const bool remap = d->remap, xadd = d->xadd, reorder = d->reorder, nospin = d->nospin, few = d->few;
  const int64_t *start = d->start, *inv_at = d->inv_at;
  const int32_t *jl = d->jl, *inv = d->inv;
  int32_t *order = d->order, *live = d->live;
  const int nthreads = d->nthreads, nx = d->nx;
  double *const *xg = d->xg;
  Targets tg = global;
  if (pk) { /* each thread packs the blocks it will walk (first touch); the loop's barrier publishes them */
#pragma omp for schedule(static)
    for (int64_t b = 0; b < nblocks; b++) {
      const int64_t i0 = b * FORCE_BLOCK, i1 = block_end(b, n);
      if (inv) /* only a pair's particles are read */
        for (int64_t k = inv_at[b]; k < inv_at[b + 1]; k++) pack_one(p, inv[k], pk, few, nospin);
      else
        for (int64_t i = i0; i < i1; i++) pack_one(p, i, pk, few, nospin);
      if (reorder) live[b] = rows_by_length(start, i0, i1, order + i0);
    }
  }
  if (st == FORCE_HALF_REDUCE) {
    const int th = omp_get_thread_num();
    double *mine = buf + (size_t)th * per_thread;
    /* The last reduction zeroed what it read; a new buffer is zeroed (first touch) by its owner. */
    if ((size_t)(th + 1) * per_thread > zeroed) memset(mine, 0, per_thread * sizeof(double));
    if (remap && omp_get_num_threads() == nthreads) {
      unsigned char *map = touched + (size_t)th * (size_t)nblocks;
      memset(map, 0, (size_t)nblocks);
#pragma omp for schedule(static) /* the kernel loop's partition (same count and schedule) */
      for (int64_t b = 0; b < nblocks; b++) {
        const int64_t i0 = b * FORCE_BLOCK, i1 = block_end(b, n);
        map[b] = 1;
        for (int64_t k = start[i0]; k < start[i1]; k++) map[jl[k] / FORCE_BLOCK] = 1;
      }
    }
    if (pk) tg = (Targets){.acc = mine, .dirty = dirty ? dirty + (size_t)th * (size_t)n : NULL};
    else tg = (Targets){mine, mine + n, mine + 2 * n, mine + 3 * n, mine + 4 * n, mine + 5 * n, NULL, NULL};
  } else if (st == FORCE_HALF_ATOMIC) {
#pragma omp for schedule(static)
    for (int64_t i = 0; i < n; i++) p->fx[i] = p->fy[i] = p->fz[i] = p->tx[i] = p->ty[i] = p->tz[i] = 0.0;
  }
#pragma omp for schedule(static)
  for (int64_t b = 0; b < nblocks; b++) {
    const int64_t i0 = b * FORCE_BLOCK, i1 = block_end(b, n);
    ForceStats bs = {0};
    kern(a, &tg, i0, i1, &bs);
    bstats[b] = bs;
  }
  if (st == FORCE_HALF_REDUCE) { /* implicit barrier above: every private array is complete */
    const int nth = omp_get_num_threads();
    const bool mapped = nth == nthreads; /* else every block counts as written */
#pragma omp single nowait
    *d->nth_used = nth;
#pragma omp for schedule(static)
    for (int64_t b = 0; b < nblocks; b++) {
      int writers[nth], nw = 0; /* a record no thread wrote is +0.0: skipping it keeps the sum */
      for (int th = 0; th < nth; th++)
        if (!mapped || touched[(size_t)th * (size_t)nblocks + (size_t)b]) writers[nw++] = th;
      const int64_t i0 = b * FORCE_BLOCK, i1 = block_end(b, n);
      if (dirty) { /* the flagged records alone; every other particle's force is +0.0 */
        zero_forces(p, i0, i1);
        if (inv)
          for (int64_t k = inv_at[b]; k < inv_at[b + 1]; k++) reduce_flagged(p, buf, dirty, writers, nw, per_thread, inv[k], n);
        else
          for (int64_t i = i0; i < i1; i += 8) { /* eight flags a word: most words of a dilute pass are 0 */
            uint64_t any = 0;
            if (i + 8 <= i1)
              for (int q = 0; q < nw; q++) {
                uint64_t word;
                memcpy(&word, dirty + (size_t)writers[q] * (size_t)n + (size_t)i, sizeof word);
                any |= word;
              }
            else any = 1;
            for (int64_t k = i; any && k < i + 8 && k < i1; k++) reduce_flagged(p, buf, dirty, writers, nw, per_thread, k, n);
          }
        continue;
      }
      if (nx == 0 && inv) { /* the records of particles in no pair stay zero: their sums are +0.0 */
        zero_forces(p, i0, i1);
        for (int64_t k = inv_at[b]; k < inv_at[b + 1]; k++) reduce_packed(p, buf, writers, nw, per_thread, inv[k], inv[k] + 1);
        continue;
      }
      if (nx == 0 && pk) {
        reduce_packed(p, buf, writers, nw, per_thread, i0, i1);
        continue;
      }
      if (nx == 0) { /* a sum of 6 alone (zeroing the extras' room costs a rep stos per sphere) */
        for (int64_t i = i0; i < i1; i++) {
          double sum[6] = {0}; /* in thread order: deterministic for a thread count */
          reduce_record(sum, 6, buf, writers, nw, per_thread, pk != NULL, i, n);
          p->fx[i] = sum[0], p->fy[i] = sum[1], p->fz[i] = sum[2];
          p->tx[i] = sum[3], p->ty[i] = sum[4], p->tz[i] = sum[5];
        }
        continue;
      }
      for (int64_t i = i0; i < i1; i++) {
        double sum[6 + DRIVE_EXTRA_MAX] = {0};
        reduce_record(sum, 6 + nx, buf, writers, nw, per_thread, false, i, n);
        p->fx[i] = sum[0], p->fy[i] = sum[1], p->fz[i] = sum[2];
        p->tx[i] = sum[3], p->ty[i] = sum[4], p->tz[i] = sum[5];
        if (xadd)
          for (int c = 0; c < nx; c++) xg[c][i] += sum[6 + c];
      }
    }
  }
}

void force_drive(const ForceSystem *s, ForceStrategy st, ForceKernel kern, DrivePack pack_kind, int threads,
                 const DriveExtra *ex, ForceWork *w, ForceStats *stats) {
  const bool pack = pack_kind != DRIVE_PACK_NONE, nospin = pack_kind == DRIVE_PACK_NO_SPIN;
  KernelArgs own = force_kernel_args(s);
  KernelArgs *ap = ex ? ex->args : &own;
  const int nx = ex ? ex->n : 0; /* extra per-particle sums after the six of forces and torques */
  Particles *p = s->p;
  const int64_t n = p->n, nblocks = (n + FORCE_BLOCK - 1) / FORCE_BLOCK;
  const Targets global = {p->fx, p->fy, p->fz, p->tx, p->ty, p->tz, NULL, NULL};
  ForceStats total = {0};
  const int nthreads = sysmem_threads(threads);
  /* half-reduce: per thread, 6 arrays (scalar kernels) or KERNEL_ACC-double records (vector) */
  const size_t per_thread = (pack ? KERNEL_ACC : (size_t)(6 + nx)) * (size_t)n;
  double *buf = NULL;
  int nth_used = 1;
  /* Which blocks of records each thread writes (its rows' blocks and their partners'): fixed
   * for a list and a thread count, so mapped once per build; the reduction skips the rest. */
  unsigned char *touched = NULL;
  bool remap = false;
  if (st == FORCE_HALF_REDUCE) {
    if (w->size < (size_t)nthreads * per_thread) w->zeroed = 0;
    buf = work_reserve(&w->buf, &w->size, (size_t)nthreads * per_thread);
    const size_t need = (size_t)nthreads * (size_t)nblocks;
    remap = w->touched_build == 0 || w->touched_build != s->nl->build_id || w->touched_n != n ||
            w->touched_nth != nthreads;
    if (w->touched_size < need) {
      free(w->touched);
      w->touched = gd_xmalloc(need > 0 ? need : 1);
      w->touched_size = need;
      remap = true;
    }
    touched = w->touched;
  }
  /* Few contacts in the last pass: the records the pass changes are flagged and the reduction
   * reads those alone (the others are +0.0: their sums are +0.0 whether read or not). */
  const bool few = pack && nx == 0 && 4 * w->last_contacts < n;
  const bool flag = few && st == FORCE_HALF_REDUCE;
  if (flag && w->dirty_size < (size_t)nthreads * (size_t)n) {
    free(w->dirty);
    w->dirty_size = (size_t)nthreads * (size_t)n;
    w->dirty = calloc(w->dirty_size > 0 ? w->dirty_size : 1, 1); /* all clear; each reduction clears what it reads */
    if (!w->dirty) gd_die(GD_EXIT_RUNTIME, "out of memory");
  }
  unsigned char *dirty = flag ? w->dirty : NULL;
  const size_t zeroed = w->zeroed;
  const int64_t *start = s->nl->start;
  const int32_t *jl = s->nl->j;
  double *pk = pack ? work_reserve(&w->pack, &w->pack_size, KERNEL_PACK * (size_t)n) : NULL;
  ap->pack = pk;
  /* What the vector kernels' passes derive from the list alone: once per build (a list without
   * a build id, every pass) */
  const bool reorder = pack && (s->nl->build_id == 0 || w->order_build != s->nl->build_id || w->order_n != n);
  if (reorder) list_plan(w, s->nl, n, nblocks);
  int32_t *order = pack ? w->order : NULL, *live = pack ? w->live : NULL;
  const int32_t *inv = pack && w->sparse ? w->inv : NULL;
  const int64_t *inv_at = w->inv_at;
  ap->row_order = order, ap->row_live = live;
  ap->pack_positions = few; /* and the touching pairs' velocities, masses and spins from the arrays */
  const KernelArgs *a = ap;
  double *const *xg = ex ? ex->global : NULL;
  const bool xadd = ex && ex->add;
  /* Statistics per block, added in block order after the loop: the powers are the same bits
   * for any thread count (blocksum.h), as the full list's forces are. */
  ForceStats *bstats = gd_xmalloc((size_t)(nblocks > 0 ? nblocks : 1) * sizeof *bstats);
  const DriveTeam team = {.a = a, .global = global, .bstats = bstats, .buf = buf, .pk = pk, .per_thread = per_thread,
                          .zeroed = zeroed, .n = n, .nblocks = nblocks, .kern = kern, .st = st, .p = p,
                          .nth_used = &nth_used, .touched = touched, .dirty = dirty, .remap = remap, .xadd = xadd,
                          .reorder = reorder, .nospin = nospin, .few = few, .start = start, .inv_at = inv_at, .jl = jl,
                          .inv = inv, .order = order, .live = live, .nthreads = nthreads, .nx = nx, .xg = xg};
  /* one thread: no OpenMP region (team.h), unless inside another team's region, whose threads
   * the orphaned worksharing would split this pass among */
  if (nthreads == 1 && !omp_in_parallel()) drive_team(&team);
  else {
#pragma omp parallel num_threads(nthreads) default(none) shared(team)
    drive_team(&team);
  }
  for (int64_t b = 0; b < nblocks; b++) force_stats_add(&total, &bstats[b]);
  free(bstats);
  w->last_contacts = total.contacts;
  force_stats_unique(&total, s->nl->full);
  if (st == FORCE_HALF_REDUCE) {
    if ((size_t)nth_used * per_thread > w->zeroed) w->zeroed = (size_t)nth_used * per_thread;
    const bool valid = nth_used == nthreads; /* the map was built (remap) or is still current */
    w->touched_build = valid ? s->nl->build_id : 0;
    w->touched_n = n, w->touched_nth = nthreads;
  }
  *stats = total;
}

void force_work_free(ForceWork *w) {
  free(w->buf);
  free(w->pack);
  free(w->order);
  free(w->live);
  free(w->inv);
  free(w->inv_at);
  free(w->touched);
  free(w->dirty);
  *w = (ForceWork){0};
}
