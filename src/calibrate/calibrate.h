/*
 * calibrate.h - the damping coefficient that gives a material its measured restitution: for each
 * damping model on hertz/material (or hooke), the coefficient with which a collision through the
 * production loops (collide.h) at the reference speed ends with e = the target (`grandamp
 * calibrate`); how e then behaves across speeds, contacts and time steps; and the least-squares
 * coefficient of measured (v, e) points.
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
#include "normal.h"

typedef struct CalibrateSpec {
  NormalModel normal; /**< NORMAL_HERTZ_MATERIAL (E, nu) or NORMAL_HOOKE (kn) */
  double E, nu;       /**< hertz/material: Young's modulus [Pa], Poisson ratio */
  double kn;          /**< hooke: the spring [N/m] */
  double rho;         /**< density [kg/m^3] (both bodies) */
  double Ri, Rj;      /**< radii [m]; Rj = INFINITY: a sphere on a flat wall of the same material */
  double e_target;    /**< in (0, 1] */
  double v_ref;       /**< impact speed [m/s] */
  bool limit_damping; /**< force-end (the model text's limit_damping) */
  double tol;         /**< accuracy of the solve in e (0: 1e-7) */
  double steps;       /**< steps per elastic collision time (0: 2000) */
  double dt_error;    /**< the largest time step keeps e's relative error below this (0: 0.01) */
} CalibrateSpec;

typedef struct CalibrateResult {
  DampingModel model;
  bool reachable;     /**< the target lies within the coefficient's range */
  double coeff;       /**< the coefficient as pair_coeff writes it (D, or the e put in); when not
                           reachable, the end of its range nearest the target */
  double e;           /**< e of the collision with that coefficient */
  double dt_over_tc;  /**< of that collision */
  char text[256];     /**< the model text: paste after "pair_coeff I J" */
  char why[512];      /**< when not reachable: why */
} CalibrateResult;

/** One collision of the specified material: damping dm with coefficient x between spheres of
 *  radii Ri and Rj (INFINITY: Ri on a wall) at speed v and dt = t_c,elastic/steps. */
typedef struct CalibrateRun {
  double e;          /**< 0 when captured */
  double dt_over_tc; /**< dt over the elastic collision time */
  double dt;         /**< [s] */
  char text[256];    /**< the model text it ran */
  char why[512];     /**< why it could not run */
} CalibrateRun;

/* The inputs calibrate accepts (calibrate_check): radii 1 nm to 1 km, E 1 Pa to 10 TPa, k_n 1e-6 to
 * 1e15 N/m, rho 1e-3 to 1e5 kg/m^3, speeds 1e-6 to 1e4 m/s. */
#define CAL_R_MIN 1e-9
#define CAL_R_MAX 1e3
#define CAL_E_MIN 1.0
#define CAL_E_MAX 1e13
#define CAL_KN_MIN 1e-6
#define CAL_KN_MAX 1e15
#define CAL_RHO_MIN 1e-3
#define CAL_RHO_MAX 1e5
#define CAL_V_MIN 1e-6
#define CAL_V_MAX 1e4

/** The damping models calibrate solves for on the spec's normal model: every one but none and mdr. */
bool calibrate_model(NormalModel nm, DampingModel dm);
/** Those models' names, comma-separated, into out (for help texts and errors). */
void calibrate_model_names(NormalModel nm, char *out, size_t size);
/** The ranges of the specification's values alone (no collision); one message per problem;
 *  returns how many. */
int calibrate_check_ranges(const CalibrateSpec *s, ErrList *err);
/** Checks the specification; one message per problem (a contact that would tunnel at the
 *  reference speed included); returns how many. */
int calibrate_check(const CalibrateSpec *s, ErrList *err);
/** Runs one collision (the spec checked); false with out->why when it cannot run. */
bool calibrate_collide(const CalibrateSpec *s, DampingModel dm, double x, double Ri, double Rj, double v,
                       double steps, CalibrateRun *out);
/** calibrate_collide with the onset at the fraction phase of a step (calibrate_collide: 0.5). */
bool calibrate_collide_phase(const CalibrateSpec *s, DampingModel dm, double x, double Ri, double Rj, double v,
                             double steps, double phase, CalibrateRun *out);
/** The coefficient whose collision at speed v gives e within tol of target (the result's text
 *  and dt/t_c those of that collision). False when a collision fails (why in res->why); an
 *  unreachable target is res->reachable = false with the range spanned in res->why. */
bool calibrate_solve_at(const CalibrateSpec *s, DampingModel dm, double v, double target, double tol,
                        CalibrateResult *res);
/** calibrate_solve_at at the spec's v_ref, e_target and tol. */
bool calibrate_solve(const CalibrateSpec *s, DampingModel dm, CalibrateResult *res);

/* ---- how the calibrated coefficient behaves (calibrate_behaviour.c) ---- */

enum { CAL_NSPEED = 13, CAL_NGEOM = 5, CAL_NDT = 12 };

typedef struct CalibrateBehaviour {
  double v[CAL_NSPEED], e_v[CAL_NSPEED]; /**< three decades around v_ref; NAN: cannot run there */
  int ngeom;
  char geom[CAL_NGEOM][64];              /**< e.g. "R 0.005 : 0.01 m", "R 0.005 m on a wall" */
  double geom_Ri[CAL_NGEOM], geom_Rj[CAL_NGEOM], e_geom[CAL_NGEOM]; /**< at v_ref; the first: calibrated */
  int ndt;
  double dt_tc[CAL_NDT], e_dt[CAL_NDT];  /**< e against dt/t_c at v_ref, onset mid-step (NAN: the step
                                              is unstable) */
  double e_dt_min[CAL_NDT], e_dt_max[CAL_NDT]; /**< over the onset phases 0.1, 0.3, 0.5, 0.7, 0.9: where
                                              in its step a contact begins changes e at a coarse step */
  double e_zero;                         /**< e at dt -> 0, stood for by dt = t_c/(4 steps) */
  double dt_max_tc;                      /**< the largest dt/t_c whose e, at every phase, is within dt_error of e_zero
                                              (NAN: not even 1/steps) */
  double dt_max;                         /**< that step at v_ref [s] */
  bool dt_max_capped;                    /**< every step tried passed: dt_max_tc is the largest tried */
} CalibrateBehaviour;

/** The calibrated coefficient of res across speeds, contacts and time steps. False with why
 *  when a collision fails for another reason than the contact's (tunnelling, instability). */
bool calibrate_behaviour(const CalibrateSpec *s, const CalibrateResult *res, CalibrateBehaviour *b, char *why,
                         size_t why_size);

/* ---- least squares on measured points (calibrate_fit.c) ---- */

enum { CAL_MAX_POINTS = 1000 };

typedef struct CalibratePoint {
  double v, e;
} CalibratePoint;

typedef struct CalibrateFit {
  DampingModel model;
  bool ok;                        /**< the fit ran (false: a collision failed, why) */
  double coeff;                   /**< the least-squares coefficient */
  double rms, max_abs;            /**< of the residuals e_model - e_measured */
  double resid[CAL_MAX_POINTS];   /**< per point */
  char why[512];
} CalibrateFit;

/** Reads "v,e" lines (a header line, blank lines and '#' comments skipped); one message per bad
 *  line; returns the number of points read (check err->n). */
int calibrate_read_points(const char *path, CalibratePoint *pts, int max, ErrList *err);
/** The coefficient of dm minimising the squared residuals of e over the points: bracketed by the
 *  points' own coefficients (each solved to `tol` in e), then a golden section to a relative
 *  width of 1e-6 in the coefficient. False when a collision fails (why in f->why). */
bool calibrate_fit(const CalibrateSpec *s, DampingModel dm, const CalibratePoint *pts, int n, CalibrateFit *f);

#endif
