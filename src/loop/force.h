/*
 * force.h - the pair force pass over a neighbour list, specialised per contact model.
 *
 * Strategies (the benchmark compares them):
 *   full         full list; a thread writes only f[i], t[i] (no atomics, no copies); forces are
 *                bitwise identical for any thread count; every pair is evaluated twice;
 *   half-reduce  half list; per-thread force arrays summed in thread order afterwards;
 *   half-atomic  half list; atomic updates of i and j.
 * Which loop runs is the loop plan's (plan.h), made once at setup; force_compute() runs it.
 * force_compute_ref() is the plain serial `_ref` twin (half list, run-time model dispatch
 * through contact_compute) that the specialised loops are validated against.
 */
#ifndef GD_FORCE_H
#define GD_FORCE_H

#include <stdbool.h>
#include <stdint.h>

#include "drive.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

struct LoopPlan; /* plan.h */

/** One force pass with the loop the plan chose (plan.h: its pass): sets f and t of every
 *  particle. The list must be the plan's (full_list); the MDR loops need s->mdr. */
void force_compute(const ForceSystem *s, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);
/** The passes of the plan's kinds (plan.c): its specialised kernel through the driver (scalar
 *  and vector loops), and the serial reference (force_compute_ref). */
void force_pass_kernel(const ForceSystem *s, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);
void force_pass_ref(const ForceSystem *s, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);
/** The geometry floor of the benchmark: the same loop and writes as the plan's strategy with the
 *  force law replaced by the overlap vector (f = delta n; torques untouched). */
void force_geometry(const ForceSystem *s, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);
/** The serial reference pass (half list only): contact_compute per pair. */
void force_compute_ref(const ForceSystem *s, ForceStats *stats);

#ifdef __cplusplus
}
#endif
#endif
