/*
 * plan.h - which pair loop a simulation runs, decided once at setup.
 *
 * loop_plan() is the one place that chooses: the specialised scalar kernel, the vector loop
 * (force_simd.h) or its frictionless form, the serial `_ref` loop, or MDR's loops, as the pass
 * force_compute() runs (nothing downstream asks which kind it is); the list type
 * (full or half) they need; the label the outputs print; and the thread count of every parallel
 * region the simulation runs. The environment overrides GRANDAMP_SIMD and GRANDAMP_FRICTIONLESS
 * are read here and only here, so changing them after setup changes nothing.
 */
#ifndef GD_PLAN_H
#define GD_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "drive.h"
#include "model.h"
#include "sysmem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel type of force_kernel.h, repeated so that callers need not see the kernel bodies. */
struct KernelArgs;
struct Targets;
typedef void (*ForceKernel)(const struct KernelArgs *a, const struct Targets *t, int64_t i0, int64_t i1,
                            ForceStats *st);
struct LoopPlan;
/* One whole force pass (force.h, force_mdr.h): the plan's kernel through the driver, the serial
 * reference, or MDR's pass; force_compute() runs the plan's. */
typedef void (*ForcePass)(const ForceSystem *s, const struct LoopPlan *plan, ForceWork *w, ForceStats *stats);

/* X(ID, "label") */
#define LOOP_KINDS(X)                                                                          \
  X(SCALAR, "scalar")                                                                          \
  X(VECTOR, "vector")                                                                          \
  X(VECTOR_FRICTIONLESS, "vector, frictionless")                                               \
  X(VECTOR_MIXED, "vector, mixed")                                                             \
  X(VECTOR_FRICTIONLESS_MIXED, "vector, frictionless, mixed")                                  \
  X(REFERENCE, "reference")                                                                    \
  X(MDR, "mdr")                                                                                \
  X(MDR_REFERENCE, "mdr reference")

typedef enum LoopKind {
#define X(ID, label) LOOP_##ID,
  LOOP_KINDS(X)
#undef X
  N_LOOP_KIND
} LoopKind;

/* The arithmetic of the pair loop (--precision): double, or the mixed-precision vector loop
 * (geometry in double, the contact law in single precision, sums in double: contact_lanes.h). */
typedef enum LoopPrecision { LOOP_DOUBLE, LOOP_MIXED } LoopPrecision;

typedef struct LoopPlan {
  ForceStrategy strategy; /**< as asked; the `_ref` loops ignore it */
  bool full_list;         /**< the neighbour list the loop reads */
  LoopKind kind;
  ForcePass pass;         /**< what force_compute() runs: every kind's pass, chosen here once */
  ForceKernel kernel;     /**< the specialised scalar or vector kernel; NULL for the others */
  DrivePack pack;         /**< what of the packed particle records the kernel reads (the vector loops) */
  int threads;            /**< of every parallel region; 0: the OpenMP default */
  LoopPrecision precision; /**< what the loop computes in */
  const char *precision_note; /**< why a loop asked to be mixed runs in double, else NULL */
  const char *label;      /**< what the outputs print: "scalar", "vector", "vector, frictionless",
                               "reference", "mdr", "mdr reference" */
} LoopPlan;

/** The plan for an ntypes x ntypes model table run with strategy st (reference: the `_ref`
 *  twin on a half list) in precision prec on threads threads (0: the OpenMP default). A table
 *  whose type pairs differ in their (normal, damping, tangential) ids runs the reference loop.
 *  LOOP_MIXED runs the mixed vector loop where one exists (hooke, hertz, hertz/material, dmt),
 *  else the double loop with precision_note saying why. */
LoopPlan loop_plan(const ContactModel *models, int ntypes, ForceStrategy st, bool reference, LoopPrecision prec,
                   int threads);
/** "double" or "mixed"; parses them (false if neither). */
const char *loop_precision_name(LoopPrecision p);
bool loop_precision_parse(const char *s, LoopPrecision *out);

/** True for the MDR loops (which need MDR's pre-force pass, wall pass and fault check). */
static inline bool loop_plan_mdr(const LoopPlan *p) { return p->kind == LOOP_MDR || p->kind == LOOP_MDR_REFERENCE; }

/** The instruction set and width the vector loops were built for ("AVX2, 4 doubles a vector"). */
const char *loop_vector_isa(void);

/** The name of a loop kind (its label). */
const char *loop_kind_name(LoopKind k);

#ifdef __cplusplus
}
#endif
#endif
