/*
 * tangential.h - tangential (friction) models of LAMMPS pair_style granular: coefficients.
 *
 * Spec: ../shared/spec/granular-models.md §5. Every model damps with eta_t = x_gamma_t * eta_n
 * and caps the force at Fscrit = mu_t * Fncrit. The history models keep a tangential
 * displacement (or, for the /force variants, an elastic force) per contact.
 */
#ifndef GD_TANGENTIAL_H
#define GD_TANGENTIAL_H

#include <stdbool.h>

#include "mixing.h"
#include "normal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Row flags. */
#define TFLAG_HISTORY 1u /**< keeps a 3-vector of history per contact */
#define TFLAG_MINDLIN 2u /**< stiffness k_t * a; k_t may be NULL (from the material) */
#define TFLAG_FORCE 4u   /**< history holds the elastic force F_te, not a displacement */
#define TFLAG_RESCALE 8u /**< a 4th history value a_prev rescales the history on unloading */

/* X(ID, id, "name", number of coefficients, history values per contact, flags, "coefficient names") */
#define TANGENTIAL_MODELS(X)                                                                  \
  X(LINEAR_NOHISTORY, linear_nohistory, "linear_nohistory", 2, 0, 0u, "x_gamma_t mu_t")       \
  X(LINEAR_HISTORY, linear_history, "linear_history", 3, 3, TFLAG_HISTORY,                    \
    "k_t x_gamma_t mu_t")                                                                     \
  X(MINDLIN, mindlin, "mindlin", 3, 3, TFLAG_HISTORY | TFLAG_MINDLIN, "k_t x_gamma_t mu_t")   \
  X(MINDLIN_FORCE, mindlin_force, "mindlin/force", 3, 3,                                      \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_FORCE, "k_t x_gamma_t mu_t")                        \
  X(MINDLIN_RESCALE, mindlin_rescale, "mindlin_rescale", 3, 4,                                \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_RESCALE, "k_t x_gamma_t mu_t")                      \
  X(MINDLIN_RESCALE_FORCE, mindlin_rescale_force, "mindlin_rescale/force", 3, 4,              \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_RESCALE | TFLAG_FORCE, "k_t x_gamma_t mu_t")

typedef enum TangentialModel {
#define X(ID, id, name, nc, nh, fl, cn) TANGENTIAL_##ID,
  TANGENTIAL_MODELS(X)
#undef X
  N_TANGENTIAL
} TangentialModel;

#define TANGENTIAL_MAX_HISTORY 4

/** Tangential coefficients as given, and as derived by tangential_setup(). */
typedef struct TangentialParams {
  TangentialModel model;
  double coeff[3]; /**< pair_coeff numbers in order; NULL is held as -1 (§7) */
  bool kt_is_null; /**< mindlin family: k_t given as NULL, derived from the material */
  /* Derived: */
  double kt; /**< stiffness: [N/m] linear_history; [Pa] (times a) mindlin family */
  double xt; /**< x_gamma_t: eta_t = xt * eta_n [-] */
  double mu; /**< friction coefficient mu_t [-] */
} TangentialParams;

/** Derives kt, xt, mu; a NULL k_t becomes 8 mix_stiffnessG(E, E, nu, nu) from the normal
 *  model's coefficient 0 and nu (raw E for explicit pairs, E* for mixed ones, §5, §2.7). */
static inline void tangential_setup(TangentialParams *p, const NormalParams *np) {
  const double *c = p->coeff;
  if (p->model == TANGENTIAL_LINEAR_NOHISTORY) {
    p->kt = 0.0;
    p->xt = c[0];
    p->mu = c[1];
    return;
  }
  p->kt = p->kt_is_null ? 8.0 * mix_stiffnessG(np->E, np->E, np->nu, np->nu) : c[0];
  p->xt = c[1];
  p->mu = c[2];
}

#ifdef __cplusplus
}
#endif
#endif
