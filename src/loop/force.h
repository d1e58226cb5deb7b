/*
 * force.h - the pair force pass over a neighbour list, specialised per contact model.
 *
 * Strategies (the benchmark compares them):
 *   full         full list; a thread writes only f[i], t[i] (no atomics, no copies); forces are
 *                bitwise identical for any thread count; every pair is evaluated twice;
 *   half-reduce  half list; per-thread force arrays summed in thread order afterwards;
 *   half-atomic  half list; atomic updates of i and j.
 * force_compute_ref() is the plain serial `_ref` twin (half list, run-time model dispatch
 * through contact_compute) that the specialised loops are validated against.
 */
#ifndef GD_FORCE_H
#define GD_FORCE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "neighbor.h"
#include "particles.h"

#ifdef __cplusplus
extern "C" {
#endif

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
} ForceSystem;

/** Counts and dissipated power of one force pass (unique pairs, whatever the list). */
typedef struct ForceStats {
  int64_t pairs;           /**< neighbour pairs examined */
  int64_t contacts;        /**< pairs in contact */
  double power_normal;     /**< normal damping [W] */
  double power_tangential; /**< tangential damping [W] */
  double power_friction;   /**< friction sliding [W] */
  double overlap_excess;   /**< max over contacts of delta - min(R_i, R_j), at least 0: > 0 is a
                                contact beyond any model's range (hardening) [m] */
} ForceStats;

/** Scratch kept between passes: the half-reduce strategy's per-thread arrays, and the vector
 *  kernels' packed particle records (force_kernel.h, KernelArgs.pack). */
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
} ForceWork;

const char *force_strategy_name(ForceStrategy s);
/** Parses "full", "half-reduce", "half-atomic"; false if unknown. */
bool force_strategy_parse(const char *s, ForceStrategy *out);
bool force_strategy_full_list(ForceStrategy s);
/** True if every type pair has the same (normal, damping, tangential) ids and a specialised
 *  kernel exists for them (otherwise use force_compute_ref). */
bool force_specialised(const ForceSystem *s);

/** True if force_compute runs the vectorised pair loop for model m with strategy st (the
 *  benchmark's traffic estimate: its particle and accumulator records). */
bool force_vectorised(const ContactModel *m, ForceStrategy st);
/** True if force_compute runs the frictionless vector loop for model m (one type) and st. */
bool force_vector_frictionless(const ContactModel *m, ForceStrategy st);
/** True if no type pair has a tangential force: linear_nohistory with x_gamma_t = 0 or mu_t = 0
 *  (fmag = min(mu_t Fncrit, x_gamma_t eta_n |v_t|) = 0; the parser's 'no friction'). The
 *  vector loops then skip the tangential work (force_simd.h), with the same results bit for
 *  bit; GRANDAMP_FRICTIONLESS=0 in the environment keeps the general loop. */
bool force_frictionless(const ForceSystem *s);
/** Which loop force_compute runs: "vector, frictionless", "vector" or "scalar". */
const char *force_kernel_name(const ForceSystem *s, ForceStrategy st);
/** One force pass with the specialised kernel: sets f and t of every particle. */
void force_compute(const ForceSystem *s, ForceStrategy st, ForceWork *w, ForceStats *stats);
/** The geometry floor of the benchmark: the same loop and writes as force_compute with the
 *  force law replaced by the overlap vector (f = delta n; torques untouched). */
void force_geometry(const ForceSystem *s, ForceStrategy st, ForceWork *w, ForceStats *stats);
/** The serial reference pass (half list only): contact_compute per pair. */
void force_compute_ref(const ForceSystem *s, ForceStats *stats);
void force_work_free(ForceWork *w);

#ifdef __cplusplus
}
#endif
#endif
