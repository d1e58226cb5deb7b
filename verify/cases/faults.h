/*
 * faults.h - the verifier's deliberate faults (`grandamp_verify --broken NAME`): each imitates a
 * small, realistic bug in one damping model or end-of-contact criterion, so that a run with it
 * shows the verifier can see that bug (the run must exit 3).
 *
 * A fault acts on the production side only: on the ContactModel that the pair loop, wall pass
 * or Sim runs, after model_parse has set it up (a derived coefficient scaled, a factor dropped,
 * limit_damping switched). The reference integrators and the expectations see the model as
 * written. The fault is selected once per process, like a bug compiled into the code: every
 * production run (setup_collide, the invariance and MDR set-ups) gets it, none of the
 * references does.
 */
#ifndef GD_VERIFY_FAULTS_H
#define GD_VERIFY_FAULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "model.h"
#include "neighbor.h"

typedef struct Fault {
  const char *name;     /**< the --broken spelling */
  const char *breaks;   /**< the damping model or end criterion it breaks */
  const char *imitates; /**< one line: the code bug it imitates */
  /** Changes a set-up production model; mass_ratio = m_i/meff of the contact (1 on a wall). */
  void (*apply)(ContactModel *m, double mass_ratio);
  /** Changes a production neighbour list instead (NULL: none): a many-body fault. */
  void (*apply_list)(NeighborList *nl);
} Fault;

/** The number of faults in the table. */
int fault_count(void);
/** Fault k < fault_count(). */
const Fault *fault_at(int k);
/** The fault of that name; NULL if there is none. */
const Fault *fault_find(const char *name);
/** Prints the table (name, what it breaks, what it imitates), one fault a line. */
void fault_print_table(FILE *f);

/** Selects the fault every later production model gets (NULL: none). Returns false, leaving
 *  none selected, for an unknown name. */
bool fault_select(const char *name);
/** The selected fault, or NULL. */
const Fault *fault_selected(void);
/** Applies the selected fault, if any, to a production model of a contact between masses mi
 *  and mj (mj = INFINITY: a wall). */
void fault_apply(ContactModel *m, double mi, double mj);
/** Applies the selected fault, if it is a list's, to a production neighbour list (after
 *  sim_init): the gas cases, whose spheres move far between rebuilds, call it. */
void fault_apply_list(NeighborList *nl);

#endif
