/*
 * force_kernel.h - internal to the force pass: the always-inline pair-loop body and the macro
 * that stamps out its specialisations (see force.c for the design). The kernels are stamped per
 * (normal model, damping form, tangential model, strategy): the damping models of one per-pair
 * form (damping.h) share a kernel. Each normal model's kernels are one object the build makes
 * from kernel_stamp.c (Makefile: KERNEL_NORMALS), so the build parallelises.
 */
#ifndef GD_FORCE_KERNEL_H
#define GD_FORCE_KERNEL_H

#include "blocksum.h"
#include "contact.h"
#include "drive.h"

/* What a kernel reads (hoisted once per pass). */
typedef struct KernelArgs {
  const double *x, *y, *z, *vx, *vy, *vz, *wx, *wy, *wz, *rad, *mass;
  const int *type;
  const int64_t *start;
  const int32_t *jl;
  double *hist;
  unsigned char *touch;
  const unsigned char *interior; /* NeighborList.interior (NULL: every row takes the minimum image) */
  const ContactModel *models;
  const double *pack; /* the vector kernels' particle records (pack_particle), else NULL */
  const int32_t *row_order; /* the vector kernels: each block's rows by descending list length
                               (rows_by_length, cached per list build by the driver), or NULL */
  const int32_t *row_live;  /* ... and each block's count of rows with a partner */
  bool pack_positions;      /* few contacts: the records hold x y z R alone, and the vector kernels
                               read the rest of a touching pair from the arrays (pack_position) */
  int ntypes;
  double len[3], half[3]; /* periodic lengths; half = inf along fixed dimensions */
  double dt;
  bool history_update;
} KernelArgs;

/* The vector kernels group SIMD_W rows of similar list length; the rows of each block of
 * ROW_CHUNK (the driver's scheduling block) are ordered once per list build. */
#define ROW_CHUNK BLOCKSUM_ROWS
#define ROW_LEN_BUCKETS 64

/* rows[] = the rows c0 .. c1 - 1 (at most ROW_CHUNK) by descending list length (a stable
 * counting sort; lengths from ROW_LEN_BUCKETS - 1 up share a bucket), so that the SIMD_W rows of
 * a group have nearly equal lengths and few lanes idle. In row order, the half list of a cell-
 * sorted FCC packing fills 74 % of the lanes (j > i leaves rows of 0 to 12 partners). Returns
 * how many rows have a partner (they come first): the rest, a dilute gas's majority, cost
 * nothing more. */
GD_INLINE int rows_by_length(const int64_t *restrict start, int64_t c0, int64_t c1, int32_t *restrict rows) {
  int at[ROW_LEN_BUCKETS + 1] = {0};
  uint8_t len[ROW_CHUNK];
  const int n = (int)(c1 - c0);
  for (int r = 0; r < n; r++) {
    const int64_t k = start[c0 + r + 1] - start[c0 + r];
    len[r] = (uint8_t)(ROW_LEN_BUCKETS - 1 - (k < ROW_LEN_BUCKETS - 1 ? k : ROW_LEN_BUCKETS - 1));
    at[len[r] + 1]++;
  }
  const int live = n - at[ROW_LEN_BUCKETS]; /* the last bucket holds the empty rows */
  for (int b = 0; b < ROW_LEN_BUCKETS; b++) at[b + 1] += at[b];
  for (int r = 0; r < n; r++) rows[at[len[r]]++] = (int32_t)(c0 + r);
  return live;
}

/* A particle's record for the vector kernels' gathers: one row holds what a partner j
 * contributes to a pair, in three aligned groups of four, so 3 loads fetch it (11 SoA arrays
 * cost 11 cache lines per partner; measured in the issue note of the vectorised loop). */
#define KERNEL_PACK 12
GD_INLINE void pack_particle(const Particles *p, int64_t i, double *restrict r) {
  r[0] = p->x[i], r[1] = p->y[i], r[2] = p->z[i], r[3] = p->radius[i];
  r[4] = p->vx[i], r[5] = p->vy[i], r[6] = p->vz[i], r[7] = p->mass[i];
  r[8] = p->wx[i], r[9] = p->wy[i], r[10] = p->wz[i], r[11] = 0.0;
}
/* The first group alone, as records of KERNEL_PACK_POSITION doubles: a pass with few contacts
 * reads the rest from the arrays, for the touching pairs only (a quarter of the bytes: the
 * positions' partial writes into whole records cost more than the pass's pairs). */
#define KERNEL_PACK_POSITION 4
GD_INLINE void pack_position(const Particles *p, int64_t i, double *restrict r) {
  r[0] = p->x[i], r[1] = p->y[i], r[2] = p->z[i], r[3] = p->radius[i];
}
/* The first two groups alone: the frictionless loops never read the spins. */
GD_INLINE void pack_particle_nospin(const Particles *p, int64_t i, double *restrict r) {
  r[0] = p->x[i], r[1] = p->y[i], r[2] = p->z[i], r[3] = p->radius[i];
  r[4] = p->vx[i], r[5] = p->vy[i], r[6] = p->vz[i], r[7] = p->mass[i];
}

/* Where a kernel writes: the particles' arrays, or a thread's private copies. The vector
 * kernels' half-reduce pass writes a thread's private accumulators as records instead (acc:
 * KERNEL_ACC doubles per particle, fx fy fz tx ty tz and two zeros, one cache line), so a
 * partner's update is one vector read-modify-write instead of six scalar ones. */
#define KERNEL_ACC 8
typedef struct Targets {
  double *fx, *fy, *fz, *tx, *ty, *tz;
  double *acc; /* the records, or NULL */
  unsigned char *dirty; /* with acc, when few pairs touch: 1 for each record the pass changes
                         * (ForceWork.dirty), else NULL */
} Targets;

/** The kernel arguments of a force system (hoisted once per pass; force.c). */
KernelArgs force_kernel_args(const ForceSystem *s);
/** Adds the counts and powers of src to dst (overlap_excess: the larger). */
void force_stats_add(ForceStats *dst, const ForceStats *src);

typedef void (*ForceKernel)(const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *st);
/** The specialised scalar kernel for (normal, damping, tangential, strategy), or NULL when the
 *  combination has none (kernels.c). */
ForceKernel force_scalar_kernel(NormalModel nm, DampingModel dm, TangentialModel tm, ForceStrategy st);

/* A kernel call's totals into stats: the list entries of rows [i0, i1), the pairs in contact,
 * the dissipated powers (a full list sees each pair twice: weight 1/2) and the deepest excess. */
GD_INLINE void kernel_stats_add(ForceStats *stats, const int64_t *start, int64_t i0, int64_t i1, bool full,
                                int64_t contacts, double pn, double pt, double pf, double excess) {
  const double w = full ? 0.5 : 1.0;
  stats->pairs += start[i1] - start[i0];
  stats->contacts += contacts;
  stats->power_normal += w * pn;
  stats->power_tangential += w * pt;
  stats->power_friction += w * pf;
  stats->overlap_excess = gd_max(stats->overlap_excess, excess);
}

/* Combinations with a scalar kernel: the model checks allow them (model_combo_allowed) and the
 * normal model's row has stamped kernels (constant for literal ids). */
GD_INLINE bool combo_valid(NormalModel nm, DampingModel dm) {
  return model_combo_allowed(nm, dm) && (normal_model_flags(nm) & NFLAG_SCALAR_KERNELS);
}

/* Whether some damping model of form df has a scalar kernel on nm: then the form's kernels of
 * nm get a body (constant for literal ids). */
GD_INLINE bool form_valid(NormalModel nm, DampingForm df) {
  bool any = false;
#define X(ID, id, name, nc, fl, form) any = any || (DFORM_##form == df && combo_valid(nm, DAMPING_##ID));
  DAMPING_MODELS(X)
#undef X
  return any;
}

#define ATOMIC_ADD(dst, v) _Pragma("omp atomic") dst += (v)


GD_INLINE void force_rows(NormalModel nm, DampingForm df, TangentialModel tm, ForceStrategy st,
                          const KernelArgs *a, const Targets *t, int64_t i0, int64_t i1, ForceStats *stats) {
  if (!form_valid(nm, df)) return;
  const DampingModel dm = damping_form_model(df); /* every model of the form: the same pair code */
  const bool half = st != FORCE_FULL;
  const int hs = tangential_nhist(tm);
  const bool keep_touch = nm == NORMAL_JKR; /* only JKR reads the previous touch flag */
  const double *restrict x = a->x, *restrict y = a->y, *restrict z = a->z;
  const double *restrict vx = a->vx, *restrict vy = a->vy, *restrict vz = a->vz;
  const double *restrict wx = a->wx, *restrict wy = a->wy, *restrict wz = a->wz;
  const double *restrict rad = a->rad, *restrict mass = a->mass;
  const int64_t *restrict start = a->start;
  const int32_t *restrict jl = a->jl;
  double *restrict hist = a->hist;
  unsigned char *restrict touchf = a->touch;
  const int nt = a->ntypes;
  const int *restrict type = a->type;
  const double lx = a->len[0], ly = a->len[1], lz = a->len[2];
  const double hx = a->half[0], hy = a->half[1], hz = a->half[2];
  double *restrict fx = t->fx, *restrict fy = t->fy, *restrict fz = t->fz;
  double *restrict tx = t->tx, *restrict ty = t->ty, *restrict tz = t->tz;
  int64_t contacts = 0;
  double pn = 0.0, pt = 0.0, pf = 0.0, excess = 0.0;

  for (int64_t i = i0; i < i1; i++) {
    const double xi = x[i], yi = y[i], zi = z[i], Ri = rad[i], mi = mass[i];
    const ContactModel *mrow = nt == 1 ? a->models : &a->models[(type[i] - 1) * nt];
    double fxi = 0.0, fyi = 0.0, fzi = 0.0, txi = 0.0, tyi = 0.0, tzi = 0.0;
    for (int64_t k = start[i]; k < start[i + 1]; k++) {
      const int64_t j = jl[k];
      const ContactModel *m = nt == 1 ? mrow : &mrow[type[j] - 1];
      const double dx0 = box_min_image(xi - x[j], lx, hx), dx1 = box_min_image(yi - y[j], ly, hy),
                   dx2 = box_min_image(zi - z[j], lz, hz), Rj = rad[j];
      /* Out of contact (most entries of a dilute list): contact_force's own test, the same
       * operations, first. It would evaluate the pair at delta = 0 and discard every output;
       * what it keeps, a zeroed history and a cleared touch flag, is done here instead. */
      if (!contact_touching_rsq(nm, &m->normal, dx0 * dx0 + dx1 * dx1 + dx2 * dx2, Ri + Rj, Ri * Rj / (Ri + Rj),
                                keep_touch && touchf[k])) {
        if (keep_touch) touchf[k] = false;
        for (int h = 0; h < hs; h++) hist[k * hs + h] = 0.0;
        continue;
      }
      const double mj = mass[j];
      const PairInput in = {.dx = {dx0, dx1, dx2},
                            .vr = {vx[i] - vx[j], vy[i] - vy[j], vz[i] - vz[j]},
                            .wi = {wx[i], wy[i], wz[i]},
                            .wj = {wx[j], wy[j], wz[j]},
                            .Ri = Ri,
                            .Rj = Rj,
                            .meff = mi * mj / (mi + mj),
                            .dt = a->dt,
                            .history_update = a->history_update,
                            .wall = false};
      bool touch = keep_touch && touchf[k];
      ContactOutput o;
      const bool on = contact_force(nm, dm, tm, m, &in, hs ? &hist[k * hs] : NULL, &touch, &o);
      if (keep_touch) touchf[k] = touch;
      if (!on) continue;
      contacts++;
      pn += o.power_normal_damping;
      pt += o.t.power_damping;
      pf += o.t.power_friction;
      excess = gd_max(excess, o.n.delta - gd_min(Ri, in.Rj));
      fxi += o.force[0];
      fyi += o.force[1];
      fzi += o.force[2];
      txi += o.torque_i[0];
      tyi += o.torque_i[1];
      tzi += o.torque_i[2];
      if (st == FORCE_HALF_REDUCE) {
        fx[j] -= o.force[0];
        fy[j] -= o.force[1];
        fz[j] -= o.force[2];
        tx[j] += o.torque_j[0];
        ty[j] += o.torque_j[1];
        tz[j] += o.torque_j[2];
      } else if (st == FORCE_HALF_ATOMIC) {
        ATOMIC_ADD(fx[j], -o.force[0]);
        ATOMIC_ADD(fy[j], -o.force[1]);
        ATOMIC_ADD(fz[j], -o.force[2]);
        ATOMIC_ADD(tx[j], o.torque_j[0]);
        ATOMIC_ADD(ty[j], o.torque_j[1]);
        ATOMIC_ADD(tz[j], o.torque_j[2]);
      }
    }
    if (st == FORCE_FULL) { /* the only writer of row i */
      fx[i] = fxi, fy[i] = fyi, fz[i] = fzi, tx[i] = txi, ty[i] = tyi, tz[i] = tzi;
    } else if (st == FORCE_HALF_REDUCE) {
      fx[i] += fxi, fy[i] += fyi, fz[i] += fzi, tx[i] += txi, ty[i] += tyi, tz[i] += tzi;
    } else {
      ATOMIC_ADD(fx[i], fxi);
      ATOMIC_ADD(fy[i], fyi);
      ATOMIC_ADD(fz[i], fzi);
      ATOMIC_ADD(tx[i], txi);
      ATOMIC_ADD(ty[i], tyi);
      ATOMIC_ADD(tz[i], tzi);
    }
  }
  kernel_stats_add(stats, start, i0, i1, !half, contacts, pn, pt, pf, excess);
}

/* ---- one wrapper per (normal, damping form, tangential, strategy) ------------------------ */

#define GD_UNPACK2(a, b) a, b
#define GD_UNPACK3(a, b, c) a, b, c
#define GD_CALL(m, args) m args

#define KERNEL_DEF(N, F, T, S)                                                                \
  static void kernel_##N##__##F##__##T##__##S(const KernelArgs *a, const Targets *t, int64_t i0, \
                                              int64_t i1, ForceStats *st) {                  \
    force_rows(NORMAL_##N, DFORM_##F, TANGENTIAL_##T, FORCE_##S, a, t, i0, i1, st);           \
  }
#define KDEF_S(ctx, S, ...) GD_CALL(KERNEL_DEF, (GD_UNPACK3 ctx, S))
#define KDEF_T(ctx, T, ...) FORCE_STRATEGIES_EX(KDEF_S, (GD_UNPACK2 ctx, T))
#define KDEF_F_STAMPED(N, F) TANGENTIAL_MODELS_EX(KDEF_T, (N, F))
#define KDEF_F_OWN_LOOP(N, F)
#define KDEF_F(N, F, form, rep, eta, stamp) KDEF_F_##stamp(N, F)

#define KTAB_ENTRY(N, F, T, S) [DFORM_##F][TANGENTIAL_##T][FORCE_##S] = kernel_##N##__##F##__##T##__##S,
#define KTAB_S(ctx, S, ...) GD_CALL(KTAB_ENTRY, (GD_UNPACK3 ctx, S))
#define KTAB_T(ctx, T, ...) FORCE_STRATEGIES_EX(KTAB_S, (GD_UNPACK2 ctx, T))
#define KTAB_F_STAMPED(N, F) TANGENTIAL_MODELS_EX(KTAB_T, (N, F))
#define KTAB_F_OWN_LOOP(N, F)
#define KTAB_F(N, F, form, rep, eta, stamp) KTAB_F_##stamp(N, F)

/* One normal model's kernels, by damping form (kernels.c maps a damping model to its form; a
 * form with a loop of its own has NULL entries). */
typedef ForceKernel ForceSlice[N_DFORM][N_TANGENTIAL][N_STRATEGY];

/** Defines every kernel of normal model N and its table slice force_slice_N. */
#define FORCE_DEFINE_NORMAL(N)                                                                \
  DAMPING_FORMS_EX(KDEF_F, N)                                                                 \
  const ForceSlice force_slice_##N = {DAMPING_FORMS_EX(KTAB_F, N)};

#define FORCE_DECLARE_SLICE(c, N, ...) extern const ForceSlice force_slice_##N;
NORMAL_MODELS_EX(FORCE_DECLARE_SLICE, _)

#endif
