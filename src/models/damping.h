/*
 * damping.h - normal damping models of LAMMPS pair_style granular, plus two grandamp extensions.
 *
 * Spec: docs/models.md §3. One contract for every model (LAMMPS): the kernel
 * returns the prefactor eta_n >= 0 and the damping force is F_damp = -eta_n * vnnr, repulsive
 * while the spheres approach (vnnr < 0). Coefficients are converted once in damping_setup();
 * the per-pair kernel damping_eta() does no logarithm, polynomial or pow.
 *
 * grandamp extensions (not accepted by LAMMPS):
 *   none          eta = 0, the elastic baseline (LAMMPS spells it `damping velocity` with damp 0);
 *   tsuji/legacy  tsuji without the sqrt(2) of LAMMPS 2Sep2026 (alpha = P(e)), i.e. every
 *                 release before it and Debian's 29Sep2021, so the change can be measured.
 */
#ifndef GD_DAMPING_H
#define GD_DAMPING_H

#include <math.h>
#include <stdbool.h>

#include "normal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Row flags. */
#define DFLAG_CONTACT_RADIUS 1u /**< eta needs the contact radius a (exactly the visco form) */
#define DFLAG_NO_COHESION 2u    /**< refused with cohesive normal models (dmt, jkr) */
#define DFLAG_RESTITUTION 4u    /**< the normal model's damp is a restitution coefficient e */
#define DFLAG_NEEDS_MDR 8u      /**< only with the mdr normal model */
#define DFLAG_EXTENSION 16u     /**< grandamp extension, not a LAMMPS keyword */
#define DFLAG_ELASTIC 32u       /**< no damping at all: the elastic baseline (D = 0) */

/* The model of a pair_coeff line without a damping keyword (LAMMPS pair granular's default). */
#define DAMPING_DEFAULT DAMPING_VISCOELASTIC

/* The per-pair forms of eta_n: what damping_eta computes for a pair, from the constant D that
 * damping_setup derived. The pair loops are stamped once per form, not per model, so models
 * that differ only in their setup (tsuji, tsuji/legacy, coeff_restitution) share one kernel.
 * X(FORM, form, the model whose id the form's kernels pass to contact_force, "eta_n", stamped):
 * stamped is STAMPED where the generic pair loops are stamped for the form, OWN_LOOP where its
 * models run a loop of their own (mdr: force_mdr.c). */
#define DAMPING_FORMS_EX(X, c)                                                                \
  X(c, CONSTANT, constant, VELOCITY, "D", STAMPED)                                            \
  X(c, MASS, mass, MASS_VELOCITY, "D*meff", STAMPED)                                          \
  X(c, VISCO, visco, VISCOELASTIC, "D*meff*a", STAMPED)                                       \
  X(c, RESTITUTION, restitution, TSUJI, "D*sqrt(max(0,meff*Fne/delta))", STAMPED)             \
  X(c, MDR, mdr, MDR, "D*DAMP_SCALE", OWN_LOOP) /* d_type 2: D if DAMP_SCALE != 0 */
#define DAMPING_FORMS(X) DAMPING_FORMS_EX(GD_APPLY_ROW, X)

typedef enum DampingForm {
#define X(FORM, form, rep, eta, stamp) DFORM_##FORM,
  DAMPING_FORMS(X)
#undef X
  N_DFORM
} DampingForm;

/* X(ID, id, "name", number of coefficients after the name, flags, per-pair form).
 * none runs the constant form: its D is +0.0, and eta = D gives the bits of eta = 0 in every
 * force and power, the sign of zero included (-eta vnnr is -0.0 * vnnr either way). */
#define DAMPING_MODELS_EX(X, c)                                                               \
  X(c, NONE, none, "none", 0, DFLAG_EXTENSION | DFLAG_ELASTIC, CONSTANT)                                      \
  X(c, VELOCITY, velocity, "velocity", 0, 0u, CONSTANT)                                       \
  X(c, MASS_VELOCITY, mass_velocity, "mass_velocity", 0, 0u, MASS)                            \
  X(c, VISCOELASTIC, viscoelastic, "viscoelastic", 0, DFLAG_CONTACT_RADIUS, VISCO)            \
  X(c, TSUJI, tsuji, "tsuji", 0, DFLAG_NO_COHESION | DFLAG_RESTITUTION, RESTITUTION)          \
  X(c, TSUJI_LEGACY, tsuji_legacy, "tsuji/legacy", 0,                                         \
    DFLAG_NO_COHESION | DFLAG_RESTITUTION | DFLAG_EXTENSION, RESTITUTION)                     \
  X(c, COEFF_RESTITUTION, coeff_restitution, "coeff_restitution", 0,                          \
    DFLAG_NO_COHESION | DFLAG_RESTITUTION, RESTITUTION)                                       \
  X(c, MDR, mdr, "mdr", 1, DFLAG_NEEDS_MDR, MDR)
#define DAMPING_MODELS(X) DAMPING_MODELS_EX(GD_APPLY_ROW, X)

typedef enum DampingModel {
#define X(ID, id, name, nc, fl, form) DAMPING_##ID,
  DAMPING_MODELS(X)
#undef X
  N_DAMPING
} DampingModel;

/** A damping model's row flags (constant for a literal id). */
GD_INLINE unsigned damping_model_flags(DampingModel m) {
  switch (m) {
#define X(ID, id, name, nc, fl, form)                                                         \
  case DAMPING_##ID: return fl;
    DAMPING_MODELS(X)
#undef X
  case N_DAMPING: break;
  }
  return 0u;
}

/** The per-pair form a damping model runs (constant for a literal id). */
GD_INLINE DampingForm damping_form(DampingModel m) {
  switch (m) {
#define X(ID, id, name, nc, fl, form)                                                         \
  case DAMPING_##ID: return DFORM_##form;
    DAMPING_MODELS(X)
#undef X
  case N_DAMPING: break;
  }
  return N_DFORM;
}

/** The model whose id a form's kernels pass down (any model of the form runs the same per-pair
 *  code; constant for a literal form). */
GD_INLINE DampingModel damping_form_model(DampingForm f) {
  switch (f) {
#define X(FORM, form, rep, eta, stamp)                                                        \
  case DFORM_##FORM: return DAMPING_##rep;
    DAMPING_FORMS(X)
#undef X
  case N_DFORM: break;
  }
  return N_DAMPING;
}

/** Damping coefficients: the value read from the normal model and what setup derives. */
typedef struct DampingParams {
  DampingModel model;
  double coeff[1]; /**< mdr: d_type as given (truncated toward zero, §3.4) */
  int d_type;      /**< mdr damping type, 1 or 2 */
  double d;        /**< the normal model's damp as copied at setup (§2.6) */
  double alpha;    /**< tsuji: the Marshall polynomial P(e) (§3.1) */
  double D;        /**< the converted coefficient eta_n is built from (table of §3) */
} DampingParams;

/** Marshall (2009) eq. 53 fit to Tsuji et al. (1992), summed in the grouping of spec §3.1. */
static inline double damping_tsuji_polynomial(double e) {
  const double e2 = e * e, e3 = (e * e) * e, e4 = e2 * e2, e5 = e * e4, e6 = e2 * e4;
  return ((1.2728 - 4.2783 * e + 11.087 * e2) + (-22.348 * e3 + 27.467 * e4)) +
         (-18.022 * e5 + 4.8218 * e6);
}

/** Converts the normal model's damp into D, once per pair type (§2.6, §3). */
static inline void damping_setup(DampingParams *p, const NormalParams *np) {
  const double SQRT2 = 1.41421356237309504880;
  const double SQRT_3_2 = 1.22474487139158894067;     /* sqrt(3/2): S_n = (3/2) k_nd (§3.2) */
  const double TWO_SQRT_5_6 = 1.82574185835055380345; /* 2 sqrt(5/6) */
  p->d = np->damp;
  p->alpha = 0.0;
  p->D = p->d;
  p->d_type = (int)p->coeff[0];
  switch (p->model) {
  case DAMPING_NONE: p->D = 0.0; break;
  case DAMPING_TSUJI: /* LAMMPS 2Sep2026: alpha/sqrt(2) = P(e), the mass vs meff convention */
    p->alpha = damping_tsuji_polynomial(p->d);
    p->D = p->alpha * SQRT2;
    break;
  case DAMPING_TSUJI_LEGACY:
    p->alpha = damping_tsuji_polynomial(p->d);
    p->D = p->alpha;
    break;
  case DAMPING_COEFF_RESTITUTION: {
    /* Exact linear oscillator for hooke; Brilliantov/LIGGGHTS Hertz form otherwise (§3.2).
     * The branch follows the normal model's name, as in LAMMPS. */
    const double lne = log(p->d);
    const double root = sqrt(GD_PI * GD_PI + lne * lne);
    p->D = np->model == NORMAL_HOOKE ? -2.0 * lne / root : -SQRT_3_2 * TWO_SQRT_5_6 * lne / root;
    break;
  }
  case DAMPING_VELOCITY:
  case DAMPING_MASS_VELOCITY:
  case DAMPING_VISCOELASTIC:
  case DAMPING_MDR:
  case N_DAMPING: break;
  }
}

/** What a damping kernel may read about the contact. */
typedef struct DampingInput {
  double delta; /**< overlap [m] */
  double meff;  /**< effective mass [kg] */
  double a;     /**< contact radius [m] (valid when a model of the contact needs it) */
  double Fne;   /**< elastic normal force of the same step, cohesion included [N] */
  double damp_scale; /**< mdr: DAMP_SCALE history value (§3.4) */
} DampingInput;

/** Normal damping prefactor eta_n (table of §3); F_damp = -eta_n * vnnr. Switches on the
 *  model's per-pair form: the models of one form differ only in damping_setup's D. */
GD_INLINE double damping_eta(DampingModel m, const DampingParams *p, const DampingInput *in) {
  switch (damping_form(m)) {
  case DFORM_CONSTANT: return p->D;
  case DFORM_MASS: return p->D * in->meff;
  case DFORM_VISCO: return p->D * in->meff * in->a;
  case DFORM_RESTITUTION: {
    /* Guard of §3.3: delta can be 0 on a touching contact after rounding, and a negative
     * Fne (only reachable past the cohesion check) must not reach the sqrt. */
    const double arg = in->delta > 0.0 ? gd_max(0.0, in->meff * in->Fne / in->delta) : 0.0;
    return p->D * sqrt(arg);
  }
  case DFORM_MDR:
    if (p->d_type == 1) return p->D * in->damp_scale;
    return in->damp_scale != 0.0 ? p->D : 0.0;
  case N_DFORM: break;
  }
  return 0.0;
}

#ifdef __cplusplus
}
#endif
#endif
