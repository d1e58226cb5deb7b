/*
 * defects.h - the known defects of the engine builds the verifier runs
 * (src/engines/decks/known-defects.txt), each with the wrong value it predicts.
 *
 * A defect is XFAIL only where the engine gives what the defect predicts, computed by the
 * verifier's own oracle (verify/oracle/expect.c, verify/oracle/reference.c, never src/): a case whose engine
 * did not run, whose result is impossible, or whose wrong value is not the predicted one is a
 * FAIL whatever the list says. Line format:
 *     ENGINE xfail CASE-PATTERN PREDICTION REASON...
 *     ENGINE skip  CASE-PATTERN -          REASON...
 * PREDICTION is one of the names of defect_prediction_names (defects.c says what each computes).
 */
#ifndef GD_VERIFY_DEFECTS_H
#define GD_VERIFY_DEFECTS_H

#include <stdbool.h>
#include <stddef.h>

#include "law.h"

typedef enum DefectPrediction {
  PREDICT_NOTHING,     /**< a skip: the quantity is not judged */
  PREDICT_TSUJI_LEGACY, /**< e of damping tsuji without the sqrt 2 (tsuji/legacy's closed form) */
  PREDICT_WALL_STIFF,  /**< a wall whose E* is 1 + nu too large: the reference with that stiffness */
  PREDICT_NONFINITE,   /**< the run finishes with a non-finite result (an otherwise impossible one) */
  PREDICT_EN,          /**< e = the en given, force-end (Thornton et al. 2013's fit aims at it) */
  PREDICT_WALL_MASS,   /**< a wall counted as a second body of the sphere's mass: zeta / sqrt 2 */
  PREDICT_WALL_HALF_R, /**< Hertz on a wall with R/2 for R: the duration 2^(1/5) times longer */
  N_PREDICTIONS
} DefectPrediction;

typedef struct Defect {
  char engine[32], pattern[192], reason[160];
  bool skip;
  DefectPrediction predict;
} Defect;

enum { MAX_DEFECTS = 64 };
typedef struct Defects {
  Defect d[MAX_DEFECTS];
  int n;
} Defects;

/** What a prediction needs of one case. */
typedef struct DefectCase {
  const char *normal, *damping; /**< the grandamp row's model names */
  double x;          /**< the row's parameter (the target e for the restitution-type models) */
  bool wall, force_end;
  bool is_tc;        /**< the quantity is the duration (else e) */
  double expected;   /**< the correct expectation of the quantity */
  const LawModel *law; /**< the row's law (NULL: not known to the generator) */
  double reff, meff, v0, nu;
} DefectCase;

/** Parses the defects list text (every line; the first unreadable one makes it false with the
 *  line number and why). */
bool defects_parse(const char *text, Defects *out, char *why, size_t why_size);
/** Reads src/engines/decks/known-defects.txt (engine_deck_path); false with why. */
bool defects_load(Defects *out, char *why, size_t why_size);
/** The first defect of engine whose pattern matches the case name; NULL when none. */
const Defect *defect_find(const Defects *ds, const char *engine, const char *name);
/** The value the defect predicts for the case (NAN: it predicts nothing for this quantity, or
 *  PREDICT_NONFINITE, which the caller matches by the result's finiteness). */
double defect_predict(const Defect *d, const DefectCase *c);
/** The prediction's name as the list spells it. */
const char *defect_prediction_name(DefectPrediction p);

#endif
