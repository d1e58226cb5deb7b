/*
 * reference.h - the verifier's continuous-time reference collision (verify/oracle/reference.c): the
 * contact ODE of the model's own force law (verify/oracle/law.h, independent of src/) integrated to
 * near machine precision. Kept apart from verify.h so that the reference sees no src/ header.
 */
#ifndef GD_VERIFY_REFERENCE_H
#define GD_VERIFY_REFERENCE_H

#include <stdbool.h>

#include "law.h"

/** A contact still open after this many elastic collision times (law_elastic_time) is
 *  captured; the same limit as VERIFY_MAX_TC (the pair loop's collide max_tc). */
#define REFERENCE_MAX_TC 50.0

typedef struct Reference {
  double e, t_c, t_pos; /**< t_pos: duration of delta > 0 (= t_c except with limit_damping) */
  double delta_max, W, U_F, E0;
  bool captured;
} Reference;
/** High-accuracy e, t_c, ... of the model's contact ODE (force-end when force_end). */
Reference reference_collide(const LawModel *m, double Reff, double meff, double v0, bool force_end);

#endif
