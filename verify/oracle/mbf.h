/*
 * mbf.h - the elastic oblique impact of a sphere on a rigid plane with Mindlin-Deresiewicz
 * microslip, the theory of Maw, Barber & Fawcett (1976, "The oblique impact of elastic spheres",
 * Wear 38:101-114) that Chung & Ooi (2011) draw beside tests 4 and 5. Computed here by the method
 * of dimensionality reduction (Popov & Hess 2015, "Method of Dimensionality Reduction in Contact
 * Mechanics and Friction", ch. 3 and 5), which maps the axisymmetric Hertz-Mindlin contact with
 * partial slip exactly onto a row of independent springs: at x the normal spring carries
 * E* (delta - x^2/R) dx and the tangential spring 4 G* u(x) dx, and each tangential spring
 * sticks until its force reaches mu times its own normal force; a spring that leaves the contact
 * (|x| >= a = sqrt(R delta)) loses its displacement. With G* = G/(2 - nu) (the plane rigid), the
 * no-slip stiffness is Mindlin's 8 G* a.
 *
 * Used for the plots only: no grandamp tangential model is this law (the mindlin family
 * approximates it), so it is drawn beside the results, not judged against them.
 */
#ifndef GD_MBF_H
#define GD_MBF_H

#include <stdbool.h>

typedef struct MbfImpact {
  double R, m;       /**< sphere radius [m] and mass [kg] (solid: I = (2/5) m R^2) */
  double Estar;      /**< E/(1 - nu^2) of the sphere on a rigid plane [Pa] */
  double Gstar;      /**< G/(2 - nu) [Pa] */
  double mu;         /**< friction coefficient */
  double vn, vt, w0; /**< normal approach speed (> 0), tangential speed, spin about z [m/s, rad/s] */
  int springs;       /**< springs over the largest contact radius (<= 0: 400) */
  int steps;         /**< steps per Hertz contact time (<= 0: 20000) */
} MbfImpact;

typedef struct MbfResult {
  double vt, w; /**< tangential speed and spin after the impact */
  double e;     /**< normal restitution (1 up to the integrator) */
} MbfResult;

/** Integrates the impact (the sphere's contact point moves with vt - R w along y). False on a bad
 *  argument (non-finite or non-positive R, m, E*, G*, vn; negative mu). */
bool mbf_collide(const MbfImpact *in, MbfResult *out);

#endif
