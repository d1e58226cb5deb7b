/*
 * collide.h - a head-on binary collision (or a sphere on a flat wall) through the production
 * pair loop, wall pass and velocity-Verlet integrator: the measurement behind
 * `grandamp collide` and the verifier (spec verification.md §0, §6).
 *
 * The pair starts apart along x with relative speed v0, the centre of mass at rest, so that
 * the overlap would reach 0 (in continuous time) at the fraction `phase` of a step. The run
 * ends at the first step whose force pass finds no contact after the contact began (δ-end,
 * or the JKR pull-off), and e is the separation speed then over v0.
 */
#ifndef GD_COLLIDE_H
#define GD_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "force.h"
#include "model.h"

typedef struct CollideSpec {
  ContactModel model;
  double Ri, Rj;     /**< radii [m] (Rj unused with wall) */
  double mi, mj;     /**< masses [kg] (mj unused with wall) */
  double v0;         /**< approach speed [m/s], > 0 */
  double dt;         /**< time step [s]; 0: dt_fraction times the elastic estimate */
  double dt_fraction; /**< dt / t_c,elastic when dt = 0 */
  double phase;      /**< onset sub-step phase in [0, 1) */
  bool wall;         /**< sphere i on a flat wall instead of a pair */
  ForceStrategy strategy;
  bool use_ref;      /**< the `_ref` pair loop instead of the specialised kernel */
  double max_tc;     /**< give up (captured) after this many elastic collision times */
} CollideSpec;

typedef struct CollideResult {
  double e;           /**< coefficient of restitution (0 when captured) */
  double t_c;         /**< contact duration, onset and end interpolated within their steps [s] */
  double delta_max;   /**< largest overlap seen at a step [m] */
  double E0;          /**< 1/2 meff v0^2 [J] */
  double E_diss;      /**< E0 minus the kinetic energy after the contact [J] */
  double W_damp;      /**< integrated damping work of the ledger (all channels) [J] */
  double meff, Reff;  /**< [kg], [m] */
  double dt;          /**< [s] */
  double tc_elastic;  /**< elastic estimate of the collision time used for dt_fraction [s] */
  int64_t steps;      /**< steps run */
  int64_t contact_steps; /**< force passes with the contact on */
  bool captured;      /**< still in contact after max_tc elastic times (never separated) */
} CollideResult;

/** Defaults: phase 0.5, dt_fraction 0.01, half-reduce, max_tc 200. */
CollideSpec collide_defaults(void);
/** The elastic collision time of the model's spring (hooke pi/omega0; Hertz-type
 *  3.218065 (meff/k_H)^(2/5) v0^(-1/5), §2.1), the scale of dt_fraction. */
double collide_elastic_time(const ContactModel *m, double Reff, double meff, double v0);
/** Runs the collision. Returns false with *why set on a set-up failure. */
bool collide_run(const CollideSpec *spec, CollideResult *res, const char **why);

#endif
