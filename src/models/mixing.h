/*
 * mixing.h - LAMMPS mixing rules for cross-type coefficients (spec §2.7).
 */
#ifndef GD_MIXING_H
#define GD_MIXING_H

#include <math.h>

/** Geometric mean, the default rule for every coefficient. */
static inline double mix_geom(double a, double b) { return sqrt(a * b); }

/** Effective Young's modulus E* of two materials: 1/((1-nu1^2)/E1 + (1-nu2^2)/E2). */
static inline double mix_stiffnessE(double E1, double E2, double nu1, double nu2) {
  return 1.0 / ((1.0 - nu1 * nu1) / E1 + (1.0 - nu2 * nu2) / E2);
}

/** Effective shear modulus: 1/(2(2-nu1)(1+nu1)/E1 + 2(2-nu2)(1+nu2)/E2). */
static inline double mix_stiffnessG(double E1, double E2, double nu1, double nu2) {
  return 1.0 / (2.0 * (2.0 - nu1) * (1.0 + nu1) / E1 + 2.0 * (2.0 - nu2) * (1.0 + nu2) / E2);
}

#endif
