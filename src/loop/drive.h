/*
 * drive.h - what every pair loop shares: the strategies, the system a pass reads and writes, its
 * statistics and scratch, and the one OpenMP driver that runs a kernel over the list's rows
 * (drive.c). The pair loops of force.c and MDR's of force_mdr.c both stand on it; neither needs
 * the other.
 */
#ifndef GD_DRIVE_H
#define GD_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "neighbor.h"
#include "particles.h"

#ifdef __cplusplus
extern "C" {
#endif

struct MdrSystem; /* force_mdr.h */

/* X(ctx, ID, id, "name", full list) */
#define FORCE_STRATEGIES_EX(X, c)                                                             \
  X(c, FULL, full, "full", true)                                                              \
  X(c, HALF_REDUCE, half_reduce, "half-reduce", false)                                        \
  X(c, HALF_ATOMIC, half_atomic, "half-atomic", false)

typedef enum ForceStrategy {
#define X(c, ID, id, name, fl) FORCE_##ID,
  FORCE_STRATEGIES_EX(X, _)
#undef X
  N_STRATEGY
} ForceStrategy;

/** What the force pass reads and writes. */
typedef struct ForceSystem {
  Particles *p;
  const Box *box;
  NeighborList *nl;            /**< full list for FORCE_FULL, half list otherwise */
  const ContactModel *models;  /**< ntypes x ntypes table; one model when ntypes = 1 */
  int ntypes;
  double dt;                   /**< time step, for the history update [s] */
  bool history_update;         /**< false on a setup evaluation (LAMMPS `run 0`) */
  struct MdrSystem *mdr;       /**< MDR's state (force_mdr.h), for the MDR loops; else NULL */
} ForceSystem;

/** Counts and dissipated power of one force pass. The counts are of unique pairs whatever the
 *  list (the driver halves a full list's, which holds each pair twice). */
typedef struct ForceStats {
  int64_t pairs;           /**< neighbour pairs examined (unique) */
  int64_t contacts;        /**< pairs in contact (unique) */
  double power_normal;     /**< normal damping [W] */
  double power_tangential; /**< tangential damping [W] */
  double power_friction;   /**< friction sliding [W] */
  double overlap_excess;   /**< max over contacts of delta - min(R_i, R_j), at least 0: > 0 is a
                                contact beyond any model's range (hardening) [m] */
} ForceStats;

/** Scratch kept between passes: the half-reduce strategy's per-thread arrays, and the vector
 *  kernels' packed particle records (force_kernel.h, KernelArgs.pack). */
/* What of the packed particle records (force_kernel.h) a kernel reads: none (the scalar kernels),
 * all, or all but the spins (the frictionless vector loops). */
typedef enum DrivePack { DRIVE_PACK_NONE, DRIVE_PACK_ALL, DRIVE_PACK_NO_SPIN } DrivePack;

typedef struct ForceWork {
  double *buf;
  size_t size;   /**< doubles allocated */
  size_t zeroed; /**< leading doubles of buf known to be zero (half-reduce leaves them so) */
  unsigned char *touched; /**< half-reduce: per thread, which row blocks its pass writes */
  size_t touched_size;    /**< bytes allocated */
  uint64_t touched_build; /**< the list build (NeighborList.build_id; 0: none) touched describes */
  int64_t touched_n;      /**< ... and its rows and thread count */
  int touched_nth;
  double *pack;
  size_t pack_size; /**< doubles allocated */
  /* What the vector kernels' passes derive from the list alone, made once per build: */
  int32_t *order;   /**< each block's rows by list length (KernelArgs.row_order) */
  int32_t *live;    /**< each block's rows with a partner (KernelArgs.row_live) */
  int32_t *inv;     /**< the particles in some pair of the list, ascending */
  int64_t *inv_at;  /**< where each block's particles start in inv (blocks + 1) */
  bool sparse;      /**< few particles are in a pair: pack and reduce only those */
  int64_t order_cap, order_n; /**< particles allocated; rows described (0: none) */
  uint64_t order_build; /**< the list build described (0: none) */
  /* Few contacts (the last pass's under a quarter of the particles): the vector half-reduce
   * pass flags, per thread, the records it changes, and the reduction reads those alone. */
  unsigned char *dirty; /**< per thread, one byte per particle, cleared by the reduction */
  size_t dirty_size;    /**< bytes allocated */
  int64_t last_contacts; /**< the last pass's contacts (-1: none yet) */
} ForceWork;

const char *force_strategy_name(ForceStrategy s);
/** Parses "full", "half-reduce", "half-atomic"; false if unknown. */
bool force_strategy_parse(const char *s, ForceStrategy *out);
bool force_strategy_full_list(ForceStrategy s);

/* ---- the one OpenMP driver, for the pair loops' kernels and MDR's ---------------------------- */

struct KernelArgs;
struct Targets;
#define DRIVE_EXTRA_MAX 9 /* MDR's accumulators */
/** Per-particle sums a kernel writes besides forces and torques (MDR's accumulators): with the
 *  half-reduce strategy they follow the six force and torque arrays in each thread's record
 *  (Targets.fx + (6 + c) n) and are reduced with them; otherwise the kernel writes global[c]. */
typedef struct DriveExtra {
  struct KernelArgs *args; /**< the kernel's arguments (force_kernel_args plus what it needs) */
  int n;                   /**< sums per particle, at most DRIVE_EXTRA_MAX */
  double *const *global;   /**< n arrays of p->n doubles */
  bool add;                /**< the reduction adds to global (false: the kernel wrote none) */
} DriveExtra;
/** Runs kern over the list's rows in blocks with strategy st on threads threads (0: the OpenMP
 *  default): the scratch of w, the reduction of half-reduce, the statistics summed in block
 *  order and counted in unique pairs. pack: what of the packed particle records the kernel reads. */
void force_drive(const ForceSystem *s, ForceStrategy st,
                 void (*kern)(const struct KernelArgs *, const struct Targets *, int64_t, int64_t, ForceStats *),
                 DrivePack pack, int threads, const DriveExtra *ex, ForceWork *w, ForceStats *stats);
void force_work_free(ForceWork *w);

#ifdef __cplusplus
}
#endif
#endif
