/*
 * model.h - a whole contact model: one LAMMPS pair_coeff model text, parsed and set up.
 *
 * Grammar (spec §7):  <normal> <numbers...> tangential <model> <numbers...>
 *                     [damping <model> [d_type]] [rolling none] [twisting none] [heat none]
 *                     [cutoff <value>] [limit_damping] [synchronized_verlet]
 * model_parse() checks everything it can and appends one message per problem, so a user sees
 * all of them in one run. Coefficient conversions run once, in model_setup().
 */
#ifndef GD_MODEL_H
#define GD_MODEL_H

#include <stdbool.h>
#include <stdio.h>

#include "damping.h"
#include "error.h"
#include "normal.h"
#include "tangential.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A complete, set-up contact model for one pair of atom types. */
typedef struct ContactModel {
  NormalParams normal;
  DampingParams damping;
  TangentialParams tangential;
  bool limit_damping; /**< clamp Fntot at 0 (§4 step 6) */
  bool has_cutoff;    /**< a per-pair `cutoff` was given */
  double cutoff;      /**< [m] */
  /* Derived by model_setup(): */
  bool contact_radius; /**< some sub-model needs a (§1.4) */
  bool beyond_contact; /**< JKR hysteresis (§1.5) */
  int history_size;    /**< doubles of history per contact (tangential) */
} ContactModel;

/** Whether a normal and a damping model may be combined (§3.5, §4), from the rows' flags: a
 *  damping model flagged DFLAG_NO_COHESION refuses a cohesive normal model, and the mdr pair
 *  (NFLAG_MDR, DFLAG_NEEDS_MDR) goes only together. The parser, the kernel stamping and the
 *  kernel tables all ask this one predicate (constant for literal ids). */
GD_INLINE bool model_combo_allowed(NormalModel nm, DampingModel dm) {
  if (nm >= N_NORMAL || dm >= N_DAMPING) return false;
  const unsigned nf = normal_model_flags(nm), df = damping_model_flags(dm);
  if ((df & DFLAG_NO_COHESION) && (nf & NFLAG_COHESIVE)) return false;
  return !(nf & NFLAG_MDR) == !(df & DFLAG_NEEDS_MDR);
}

/** Parses and checks a model text into *m (set up when valid). Returns the number of errors
 *  appended to err; on errors *m is unspecified. Warnings go to stderr. */
int model_parse(const char *text, ContactModel *m, ErrList *err);

/** Derives every constant (k, E*, D, k_t, flags) from the coefficients. Idempotent. */
void model_setup(ContactModel *m);

/** Mixes an unset cross-type pair from the two self pairs (spec §2.7). Returns false and
 *  appends an error when the sub-model forms differ. The result is set up. */
bool model_mix(const ContactModel *mi, const ContactModel *mj, int ti, int tj, ContactModel *out,
               ErrList *err);

/** Writes the resolved model as one JSON object (names, coefficients, derived constants). */
void model_write_json(FILE *f, const ContactModel *m);

/** Model names for messages and output. */
const char *normal_name(NormalModel m);
const char *damping_name(DampingModel m);
const char *tangential_name(TangentialModel m);
unsigned tangential_flags(TangentialModel m);
int tangential_history_size(TangentialModel m);

#ifdef __cplusplus
}
#endif
#endif
