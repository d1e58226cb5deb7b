/*
 * sim.h - a running simulation: particles, box, models, neighbour list, force pass, time
 * stepping (fix nve/sphere order) and the energy ledger. The same code serves `grandamp run`,
 * the packing relaxation, the benchmark and the verifier.
 */
#ifndef GD_SIM_H
#define GD_SIM_H

#include <stdbool.h>

#include "energy.h"
#include "force.h"
#include "force_mdr.h"
#include "neighbor.h"
#include "particles.h"
#include "plan.h"
#include "timer.h"
#include "wall.h"

struct Sim;
/** What a kind of loop adds to a step around the pair forces, chosen once by sim_init from the
 *  loop plan (NULL: nothing; MDR's: sim_mdr.c). */
typedef struct SimHooks {
  void (*before_force)(struct Sim *s, bool regular); /**< before the pairs (MDR's pre-force pass) */
  struct MdrSystem *(*wall_law)(struct Sim *s);     /**< the walls' contact law (walls_force's ms) */
  void (*after_rebuild)(struct Sim *s);              /**< after a list build (its per-particle state permuted) */
  bool (*after_force)(struct Sim *s, bool regular, const char **why); /**< false: the run stops (why) */
} SimHooks;

/** MDR's hooks (sim_mdr.c). */
extern const SimHooks SIM_MDR_HOOKS;

typedef struct Sim {
  Particles p;
  Box box;
  ContactModel *models; /**< ntypes x ntypes, owned */
  int ntypes;
  NeighborList nl;
  LoopPlan plan;        /**< the pair loop, its list type, label and thread count (made by sim_init) */
  ForceWork work;
  Walls walls;          /**< flat walls (walls_add after sim_init, before sim_setup) */
  int64_t wall_contacts; /**< particle-wall contacts of the last force pass */
  double dt;            /**< [s] */
  int64_t step;
  ForceStats last;      /**< stats of the last force pass */
  Ledger ledger;        /**< dissipated energy accumulated since sim_setup */
  double time[N_TIMERS]; /**< seconds per phase */
  int64_t pair_evals;   /**< neighbour pairs examined, summed over force passes (unique pairs) */
  int64_t contact_evals; /**< contacts evaluated, summed over force passes */
  int64_t force_passes;
  char fault[320];      /**< why the last sim_step failed (pair, model, step) */
  MdrSystem mdr;        /**< the MDR state (mdr.on when the model is mdr; force_mdr.h) */
  const SimHooks *hooks; /**< what the plan's loop adds to a step (NULL: nothing) */
  bool gas_counting;    /**< gas_new_contacts has set the list's touch flags (gas.h) */
} Sim;


/** Takes ownership of p and models and makes the loop plan (plan.h): strategy st, or the `_ref`
 *  twin when reference, on threads threads (0: the OpenMP default); the list type is the plan's.
 *  Does not compute. */
void sim_init(Sim *s, Particles *p, const Box *b, ContactModel *models, int ntypes, ForceStrategy st,
              bool reference, LoopPrecision precision, int threads, double skin, double dt);
/** Builds the list and runs the setup force evaluation (history_update off, LAMMPS `run 0`).
 *  Returns false with *why set when the box is too small for the interaction range, or (with
 *  s->fault set, as sim_step) when that evaluation finds a non-finite force or torque or a
 *  contact deeper than the smaller radius. */
bool sim_setup(Sim *s, const char **why);
/** One velocity-Verlet step with a rebuild when needed. Returns false as sim_setup does. */
bool sim_step(Sim *s, const char **why);
/** What the force pass of s reads and writes (its particles, list, models, MDR's state). */
ForceSystem sim_force_system(Sim *s, bool history_update);
/** The force pass alone, with the given history_update (timed as force). */
void sim_force(Sim *s, bool history_update);
/** The pair loop sim_force runs: the plan's label ("scalar", "vector", "vector, frictionless",
 *  "reference", "mdr", "mdr reference"). */
const char *sim_kernel_name(const Sim *s);
/** Kinetic and elastic energy now, plus the dissipated energy so far. */
Ledger sim_ledger(const Sim *s);
void sim_free(Sim *s);

/** The largest JKR pull-off distance of any type pair (extra neighbour range). */
double sim_pulloff_range(const ContactModel *models, int ntypes, double rmax);

#endif
