/*
 * normal.h - elastic normal contact models of LAMMPS pair_style granular.
 *
 * Spec: docs/models.md §2 (forces, coefficients), §1.4 (contact radius),
 * §1.5 (touch and pull-off), §2.8 (Fncrit). Every model is one row of NORMAL_MODELS; the per-
 * contact kernels are static inline and take the model id as an argument, so a caller that
 * passes a literal id (the specialised pair loops) keeps only that model's straight-line code.
 *
 * Units: SI. Sign convention: positive force = repulsion; delta > 0 when the spheres overlap.
 */
#ifndef GD_NORMAL_H
#define GD_NORMAL_H

#include <math.h>
#include <stdbool.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif


/* Row flags. */
#define NFLAG_CONTACT_RADIUS 1u /**< needs the contact radius a (§1.4) */
#define NFLAG_MATERIAL 2u       /**< coefficient 0 is Young's modulus E (mindlin NULL k_t works) */
#define NFLAG_COHESIVE 4u       /**< cohesive_flag: tsuji, coeff_restitution, limit_damping refused */
#define NFLAG_BEYOND_CONTACT 8u /**< JKR hysteresis: touching up to the pull-off distance */
#define NFLAG_MDR 16u           /**< runs only damping models flagged DFLAG_NEEDS_MDR (its own loop) */
#define NFLAG_SCALAR_KERNELS 32u /**< has the stamped scalar pair loops (force_kernel.h) */
#define NFLAG_VECTOR_KERNELS 64u /**< has the stamped vector pair loops too (force_simd.h) */

/* The kernels column of a row: which stamped pair loops the normal model has. The build reads
 * this column (tools/normal_kernels.sh) and compiles src/loop/kernel_stamp.c once per normal
 * model and kind (Makefile KERNEL_NORMALS, SIMD_NORMALS). */
#define NKERNELS_VECTOR (NFLAG_SCALAR_KERNELS | NFLAG_VECTOR_KERNELS)
#define NKERNELS_SCALAR NFLAG_SCALAR_KERNELS
#define NKERNELS_NONE 0u

/* X(ID, id, "name", number of pair_coeff numbers, flags, "coefficient names", kernels) */
#define NORMAL_MODELS_EX(X, c)                                                                \
  X(c, HOOKE, hooke, "hooke", 2, 0u, "k_n damp", VECTOR)                                      \
  X(c, HERTZ, hertz, "hertz", 2, NFLAG_CONTACT_RADIUS, "k_n damp", VECTOR)                    \
  X(c, HERTZ_MATERIAL, hertz_material, "hertz/material", 3,                                   \
    NFLAG_CONTACT_RADIUS | NFLAG_MATERIAL, "E damp nu", VECTOR)                               \
  X(c, DMT, dmt, "dmt", 4, NFLAG_CONTACT_RADIUS | NFLAG_MATERIAL | NFLAG_COHESIVE,            \
    "E damp nu gamma", VECTOR)                                                                \
  X(c, JKR, jkr, "jkr", 4,                                                                    \
    NFLAG_CONTACT_RADIUS | NFLAG_MATERIAL | NFLAG_COHESIVE | NFLAG_BEYOND_CONTACT,            \
    "E damp nu gamma", SCALAR)                                                                \
  X(c, MDR, mdr, "mdr", 6, NFLAG_CONTACT_RADIUS | NFLAG_MATERIAL | NFLAG_MDR,                 \
    "E nu Y gamma psi_b damp", NONE)
#define NORMAL_MODELS(X) NORMAL_MODELS_EX(GD_APPLY_ROW, X)

typedef enum NormalModel {
#define X(ID, id, name, nc, fl, cn, kern) NORMAL_##ID,
  NORMAL_MODELS(X)
#undef X
  N_NORMAL
} NormalModel;

/** A normal model's row flags, its kernels column included (constant for a literal id). */
GD_INLINE unsigned normal_model_flags(NormalModel m) {
  switch (m) {
#define X(ID, id, name, nc, fl, cn, kern)                                                     \
  case NORMAL_##ID: return (fl) | NKERNELS_##kern;
    NORMAL_MODELS(X)
#undef X
  case N_NORMAL: break;
  }
  return 0u;
}

#define NORMAL_MAX_COEFF 6

/** Coefficients of one normal model: the pair_coeff numbers and what setup derives from them. */
typedef struct NormalParams {
  NormalModel model;
  double coeff[NORMAL_MAX_COEFF]; /**< pair_coeff numbers in order; NULL is held as -1 (§7) */
  bool emod_is_mixed;             /**< coeff[0] already holds E* (automatic mixing, §2.7) */
  /* Derived by normal_setup(): */
  double k;     /**< hooke [N/m]; hertz [N/m^2]; material models 4/3 E* [Pa] */
  double damp;  /**< the damping coefficient the damping model reads (§2.6) */
  double E;     /**< coefficient 0 of material models: raw E, or E* when mixed [Pa] */
  double nu;    /**< Poisson ratio [-] */
  double Estar; /**< effective modulus E* [Pa] (material models) */
  double gamma; /**< surface energy [J/m^2] (dmt, jkr) */
} NormalParams;

/** Derives k, E*, damp, ... from coeff[] (once per pair type, never per pair). */
static inline void normal_setup(NormalParams *p) {
  const double *c = p->coeff;
  p->k = p->damp = p->E = p->nu = p->Estar = p->gamma = 0.0;
  switch (p->model) {
  case NORMAL_HOOKE:
  case NORMAL_HERTZ:
    p->k = c[0];
    p->damp = c[1];
    break;
  case NORMAL_HERTZ_MATERIAL:
  case NORMAL_DMT:
  case NORMAL_JKR:
    p->E = c[0];
    p->damp = c[1];
    p->nu = c[2];
    p->gamma = p->model == NORMAL_HERTZ_MATERIAL ? 0.0 : c[3];
    /* Explicit pairs self-mix E* = E/(2(1-nu^2)); a mixed pair already holds E* (§2.3, §2.7). */
    p->Estar = p->emod_is_mixed ? c[0] : c[0] / (2.0 * (1.0 - c[2] * c[2]));
    p->k = 4.0 / 3.0 * p->Estar;
    break;
  case NORMAL_MDR:
    p->E = c[0];
    p->nu = c[1];
    p->gamma = c[3];
    p->damp = c[5]; /* MDR's damp is its sixth coefficient (§2.6) */
    p->Estar = c[0] / (2.0 * (1.0 - c[1] * c[1]));
    break;
  case N_NORMAL: break;
  }
}

/** JKR contact radius from the closed-form inversion of delta = a^2/R - 2 sqrt(pi gamma a/E*),
 *  evaluated in the order and association of spec §2.5 (valid for delta >= -d_po). */
GD_INLINE double normal_jkr_contact_radius(double delta, double Reff, double Estar, double gamma) {
  const double PI27SQ = 266.479318829412648029;  /* 27 pi^2 */
  const double SQRT3X3 = 5.19615242270663202362; /* 3 sqrt(3) */
  const double SQRT6X6 = 14.69693845669906728801; /* 6 sqrt(6) */
  const double INVSQRT6 = 0.40824829046386307274; /* 1/sqrt(6) */
  const double R = Reff, E = Estar, D = delta * Reff;
  const double R2 = R * R, D2 = D * D;
  const double t0 = (((gamma * gamma) * R2) * R2) * E;
  const double t1 = PI27SQ * t0;
  const double t2 = ((((8.0 * D) * D2) * E) * E) * E;
  const double t3 = (4.0 * D2) * E;
  const double s1 = gd_max(0.0, t0 * (t1 + 2.0 * t2)); /* clamps absorb rounding only (§2.5) */
  const double t4 = cbrt((t1 + t2) + ((SQRT3X3 * GD_PI) * sqrt(s1)));
  const double t5 = t3 / t4 + t4 / E;
  const double t6 = sqrt(gd_max(0.0, 2.0 * D + t5));
  const double s3 = gd_max(0.0, (4.0 * D - t5) + (((SQRT6X6 * gamma) * GD_PI) * R2) / (E * t6));
  return INVSQRT6 * (t6 + sqrt(s3));
}

/** Contact radius a (§1.4): JKR inversion for jkr, sqrt(delta Reff) for every other model. */
GD_INLINE double normal_contact_radius(NormalModel m, const NormalParams *p, double delta, double Reff) {
  if (m == NORMAL_JKR) return normal_jkr_contact_radius(delta, Reff, p->Estar, p->gamma);
  return sqrt(delta * Reff);
}

/** JKR pull-off distance d_po = (3 pi^2/16)^(1/3) (Reff gamma^2/E*^2)^(1/3) (§1.5); 0 otherwise. */
GD_INLINE double normal_pulloff_distance(NormalModel m, const NormalParams *p, double Reff) {
  if (m != NORMAL_JKR || Reff <= 0.0) return 0.0;
  const double C = 1.2277228507842888; /* (3 pi^2 / 16)^(1/3) */
  return C * cbrt(Reff * p->gamma * p->gamma / (p->Estar * p->Estar));
}

/** Elastic normal force Fne (cohesion included) and the pull-off force *F_po (§2.1-2.5).
 *  MDR has its own stateful kernel and is rejected before any contact is evaluated. */
GD_INLINE double normal_force(NormalModel m, const NormalParams *p, double delta, double Reff,
                                  double a, double *F_po) {
  *F_po = 0.0;
  switch (m) {
  case NORMAL_HOOKE: return p->k * delta;
  case NORMAL_HERTZ:
  case NORMAL_HERTZ_MATERIAL: return (p->k * a) * delta;
  case NORMAL_DMT:
    *F_po = 4.0 * GD_PI * p->gamma * Reff;
    return (p->k * a) * delta - *F_po;
  case NORMAL_JKR: {
    *F_po = 3.0 * GD_PI * p->gamma * Reff;
    const double a2 = a * a;
    return ((p->k * a) * a2) / Reff - ((2.0 * GD_PI * a2) * sqrt(((4.0 * p->gamma) * p->Estar) / (GD_PI * a)));
  }
  case NORMAL_MDR:
  case N_NORMAL: break;
  }
  return 0.0;
}

/** Normal load for the Coulomb limits (§2.8): |Fne + 2 F_po| for dmt/jkr, else |Fntot|
 *  (after the limit_damping clamp). */
GD_INLINE double normal_fncrit(NormalModel m, double Fne, double Fntot, double F_po) {
  if (m == NORMAL_DMT || m == NORMAL_JKR) return fabs(Fne + 2.0 * F_po);
  return fabs(Fntot);
}

#ifdef __cplusplus
}
#endif
#endif
