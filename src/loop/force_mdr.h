/*
 * force_mdr.h - the MDR model in the simulation: its state (per-particle arrays, scratch), the
 * pre-force pass (§6.3: particle update, contact penalty, mean surface displacement) and the
 * pair force pass with the three strategies and the serial `_ref` twin.
 *
 * MDR is stateful per particle (the accumulators every contact adds to, the radius it grows),
 * so it does not fit the stateless specialised kernels of force_kernel.h (combo_valid leaves
 * the MDR row empty). Its rows are kernels of the pair loops' one OpenMP driver (force_drive,
 * drive.c), which reduces their accumulators with the forces; they, the serial `_ref` twin and
 * the wall pass share one contact body (force_mdr_contact): geometry, mdr_contact() (§6.4-§6.6), damping mdr
 * (§3.4), the limit_damping clamp, Fncrit = |Fntot| and the tangential model (§4), whose
 * history follows the 27 MDR values (slots MDR_NHIST..).
 *
 * Determinism: the pre-force pass writes disjoint rows per thread and reduces ddelta_bar in a
 * fixed order; the full list writes only row i (forces and accumulators), so it is bitwise
 * identical for any thread count; half-reduce sums per-thread arrays in thread order
 * (deterministic for a fixed thread count); half-atomic is order-dependent in the last bits.
 */
#ifndef GD_FORCE_MDR_H
#define GD_FORCE_MDR_H

#include <stdbool.h>
#include <stdint.h>

#include "contact.h"
#include "drive.h"
#include "mdr.h"

#ifdef __cplusplus
extern "C" {
#endif

struct LoopPlan; /* plan.h */

/** The first failed MDR contact of a pass (§6.9): the run must stop. */
typedef struct MdrFault {
  MdrError err; /**< MDR_OK when none */
  int64_t i, j; /**< particle indices; j = -1 for a wall contact */
  int wall;     /**< the wall index of a wall contact */
} MdrFault;

/** MDR's part of a simulation. */
typedef struct MdrSystem {
  bool on;             /**< the model is mdr */
  MdrParams p;         /**< coefficients (one MDR model per simulation, §6.1) */
  MdrParticles s;      /**< the 18 values per particle, permuted with the particles */
  bool warn_preexisting; /**< the last setup evaluation had a contact yielding at once */
  bool warned;         /**< MDR_MSG_PREEXISTING was printed */
  MdrFault fault;      /**< of the last force pass (pairs, then walls) */
  /* scratch */
  double *inc;         /**< half list: ddelta_bar increments per entry, 2 per entry */
  size_t incsize;
  int64_t *adj_start;  /**< half list: touching partners of each particle (penalty candidates) */
  int32_t *adj;
  size_t adjsize;
} MdrSystem;

/** Sets up the MDR state for n particles when m is an mdr model (else ms->on = false). */
void mdr_system_init(MdrSystem *ms, const ContactModel *m, int64_t n);
void mdr_system_free(MdrSystem *ms);

/** The pre-force pass (§6.0 step 3, §6.3) over the pairs of fs->nl: particle update on all
 *  particles (regular) or the new ones (setup), then on regular steps the penalty of every
 *  listed pair and the pairs' ddelta_bar increments. The walls' increments are added after it
 *  (walls_mdr_ddelta). threads: of its parallel regions (0: the OpenMP default). */
void force_mdr_prepass(const ForceSystem *fs, MdrSystem *ms, int threads);

/** The MDR pair force passes the plan picks (plan.h), on MDR's state fs->mdr: force_mdr_pass
 *  (LOOP_MDR) with the plan's strategy (the list must match it) and thread count, and
 *  force_mdr_pass_ref (LOOP_MDR_REFERENCE), the serial `_ref` twin on a half list. Each sets f
 *  and t of every particle; on regular steps it adds the contacts' increments to the
 *  per-particle accumulators. The first failure goes to ms->fault (forces of that contact are
 *  0). The counts are of unique pairs. */
void force_mdr_pass(const ForceSystem *fs, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);
void force_mdr_pass_ref(const ForceSystem *fs, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);

/** One MDR contact (pair, or wall with in->wall): touch test r < R_i + R_j (R_i for a wall;
 *  not touching: all hs history values zeroed, false returned), mdr_contact(), damping mdr,
 *  the limit_damping clamp, Fncrit and the tangential model tm on hist + MDR_NHIST, forces and
 *  torques as contact_force() gives them. *mo receives mdr_contact's output (mo->err != MDR_OK:
 *  forces 0). hist holds hs = MDR_NHIST + the tangential history values. */
bool force_mdr_contact(TangentialModel tm, const ContactModel *m, const MdrSystem *ms, const PairInput *in,
                       int64_t i, int64_t j, int64_t id_i, int64_t id_j, double *hist, int hs, ContactOutput *out,
                       MdrContactOutput *mo);

#ifdef __cplusplus
}
#endif
#endif
