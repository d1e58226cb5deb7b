/*
 * calibrate.h - the damping coefficient that gives a material its measured restitution: for each
 * damping model on hertz/material, the coefficient with which a collision through the production
 * loops (collide.h) at the reference speed ends with e = the target (`grandamp calibrate`).
 *
 * Solved, not fitted: e of the collision is monotone in the coefficient (falling in the dashpot's
 * D of velocity, mass_velocity and viscoelastic, rising in the e put into tsuji, tsuji/legacy and
 * coeff_restitution), so a bracket and bisection find the coefficient whose collision gives the
 * target to within `tol` in e. The collision runs at dt = t_c/steps; its own integrator error
 * (f dt/t_c, docs/verification.md §7.2) is on top of `tol` and is reported with the result.
 */
#ifndef GD_CALIBRATE_H
#define GD_CALIBRATE_H

#include <stdbool.h>

#include "damping.h"
#include "error.h"

typedef struct CalibrateSpec {
  double E, nu, rho;  /**< the material: Young's modulus [Pa], Poisson ratio, density [kg/m^3] */
  double Ri, Rj;      /**< radii [m]; Rj = INFINITY: a sphere on a flat wall of the same material */
  double e_target;    /**< in (0, 1] */
  double v_ref;       /**< impact speed [m/s] */
  bool limit_damping; /**< force-end (the model text's limit_damping) */
  double tol;         /**< accuracy of the solve in e (0: 1e-7) */
  double steps;       /**< steps per elastic collision time (0: 2000) */
} CalibrateSpec;

typedef struct CalibrateResult {
  DampingModel model;
  bool reachable;     /**< the target lies within the coefficient's range */
  double coeff;       /**< the coefficient as pair_coeff writes it (D, or the e put in) */
  double e;           /**< e of the collision with that coefficient */
  double dt_over_tc;  /**< of that collision */
  char text[256];     /**< the model text: paste after "pair_coeff I J" */
  char why[256];      /**< when not reachable: why */
} CalibrateResult;

/** Checks the specification; one message per problem; returns how many. */
int calibrate_check(const CalibrateSpec *s, ErrList *err);
/** Solves for one damping model (every one but none and mdr; the spec checked). False when a
 *  collision fails (why in res->why); an unreachable target is res->reachable = false. */
bool calibrate_solve(const CalibrateSpec *s, DampingModel dm, CalibrateResult *res);

#endif
