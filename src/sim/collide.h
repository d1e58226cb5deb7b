/*
 * collide.h - a binary collision (or a sphere on a flat wall) through the production pair loop,
 * wall pass and velocity-Verlet integrator: the measurement behind `grandamp collide` and the
 * verifier (docs/verification.md §0, §6, §8a).
 *
 * The pair starts apart along x with normal relative speed v0, the centre of mass at rest, so
 * that the overlap would reach 0 (in continuous time) at the fraction `phase` of a step. An
 * oblique impact adds a relative speed vt0 along y and spins about z (the plane of motion is
 * x-y). The run ends at the first step whose force pass finds no contact after the contact began
 * (δ-end, or the JKR pull-off), and e is the separation speed along the line of centres then
 * over v0.
 */
#ifndef GD_COLLIDE_H
#define GD_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "force.h"
#include "model.h"
#include "plan.h"

typedef struct CollideSpec {
  ContactModel model;
  double Ri, Rj;     /**< radii [m] (Rj unused with wall) */
  double mi, mj;     /**< masses [kg] (mj unused with wall) */
  double v0;         /**< approach speed [m/s], > 0 */
  double vt0;        /**< tangential relative speed v_i - v_j along y at the start [m/s] (0: head-on) */
  double wi0, wj0;   /**< spins about z at the start [rad/s] (wj0 unused with wall) */
  double dt;         /**< time step [s]; 0: dt_fraction times the elastic estimate */
  double dt_fraction; /**< dt / t_c,elastic when dt = 0 */
  double phase;      /**< onset sub-step phase in [0, 1) */
  bool wall;         /**< sphere i on a flat wall instead of a pair */
  ForceStrategy strategy;
  bool use_ref;      /**< the `_ref` pair loop instead of the specialised kernel */
  LoopPrecision precision; /**< of the pair loop (a wall's contact is always double) */
  int threads;       /**< of the pair loop (0: the OpenMP default) */
  double max_tc;     /**< give up (captured) after this many elastic collision times */
  /** Called after every step in contact, when set, with the time since the onset, the overlap and
   *  the normal force on sphere i (the trajectory of a force-overlap plot); NULL: none. */
  void (*trace)(void *ctx, double t, double delta, double fn);
  void *trace_ctx;
  /** What a message of a step that cannot run tells the user to do, for a caller without
   *  collide's options; where a largest step follows, it is written "<advice> <dt> s)", so the
   *  advice ends in an open parenthesis ("raise --steps (a step below"); NULL: collide's --dt, --v. */
  const char *advice;
} CollideSpec;

typedef struct CollideResult {
  double e;           /**< coefficient of restitution (0 when captured) */
  double t_c;         /**< contact duration, onset and end interpolated within their steps [s] */
  double delta_max;   /**< largest overlap seen at a step [m] */
  double force_max;   /**< largest normal force on sphere i seen at a step (the force the step's
                           pass gives at its positions; repulsive > 0) [N] */
  double vt;          /**< tangential relative velocity v_i - v_j along y at the end [m/s] */
  double vx;          /**< relative velocity v_j - v_i along x at the end (on a wall the sphere's
                           v_x) [m/s]: with vt the whole relative motion (e is along the line of
                           centres at separation, which an oblique pair has turned) */
  double wi, wj;      /**< spins about z at the end [rad/s] (wj 0 with wall) */
  double E0;          /**< kinetic energy in the centre-of-mass frame at the start, 1/2 meff (v0^2 +
                           vt0^2) plus the spins' (head-on: 1/2 meff v0^2) [J] */
  double E_diss;      /**< E0 minus the kinetic energy after the contact [J] */
  double W_damp;      /**< integrated damping work of the ledger (all channels) [J] */
  double meff, Reff;  /**< [kg], [m] */
  double dt;          /**< [s] */
  double tc_elastic;  /**< elastic estimate of the collision time used for dt_fraction [s] */
  int64_t steps;      /**< steps run */
  int64_t contact_steps; /**< force passes with the contact on */
  bool captured;      /**< still in contact after max_tc elastic times (never separated) */
  const char *kernel; /**< the pair loop that ran (LoopPlan.label) */
  int threads;        /**< ... on this many threads (the plan's, resolved from CollideSpec.threads) */
  LoopPrecision precision; /**< ... and its precision */
  const char *precision_note; /**< why mixed was asked and double ran, else NULL */
} CollideResult;

/** The linear stability of grandamp's velocity Verlet (the force of step n+1 from x_{n+1} and the
 *  half-step velocity v_{n+1/2}) for the contact linearised at one overlap: m_eff x'' = -k x - eta v
 *  with k = dF_ne/d(delta), omega0^2 = k/m_eff, gamma = eta_n/m_eff. The map (x_n, v_{n+1/2}) ->
 *  (x_{n+1}, v_{n+3/2}) has trace 2 - gamma dt - omega0^2 dt^2 and determinant 1 - gamma dt; the
 *  Jury conditions leave omega0^2 dt^2 + 2 gamma dt < 4 (gamma = 0: dt < 2/omega0). */
typedef struct CollideStability {
  double delta;  /**< overlap it was evaluated at [m] */
  double k;      /**< tangent stiffness dF_ne/d(delta) [N/m] */
  double omega0; /**< sqrt(max(k, 0)/m_eff) [1/s] */
  double gamma;  /**< eta_n/m_eff [1/s] */
  double number; /**< omega0^2 dt^2 + 2 gamma dt: stable when < 4 */
  double dt_max; /**< the largest stable step at this overlap, 4/(gamma + sqrt(gamma^2 + 4 omega0^2)) [s] */
} CollideStability;

/** Defaults: phase 0.5, dt_fraction 0.01, half-reduce, max_tc 200. */
CollideSpec collide_defaults(void);
/** The elastic collision time of the model's spring (hooke pi/omega0; Hertz-type
 *  3.218065 (meff/k_H)^(2/5) v0^(-1/5), §2.1), the scale of dt_fraction. */
double collide_elastic_time(const ContactModel *m, double Reff, double meff, double v0);
/** The stability of the step dt at the overlap delta > 0 (not for mdr, whose force needs its
 *  per-particle state). */
CollideStability collide_stability(const ContactModel *m, double delta, double Reff, double meff, double dt);
/** Checks that the collision can be run: finite positive radii, masses, m_eff, R_eff, E0 and
 *  step; a first contact step not deeper than the smaller radius (no tunnelling); and a step
 *  that is stable over every overlap up to the elastic maximum (the overlap where the elastic
 *  work reaches E0, at most the smaller radius; mdr is not checked). Adds one message per
 *  problem to err; returns how many. */
int collide_check(const CollideSpec *spec, ErrList *err);
/** Runs the collision (after collide_check). Returns false with *why set on a bad
 *  specification (collide_check's first message) or a fault of the run: a non-finite force,
 *  an overlap deeper than the smaller radius, a step found unstable at an overlap reached, no
 *  step in contact, or an impossible e (non-finite, negative, or above 1 + 2 dt/t_c without
 *  cohesion). */
bool collide_run(const CollideSpec *spec, CollideResult *res, const char **why);

#endif
