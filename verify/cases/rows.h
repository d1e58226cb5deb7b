/*
 * rows.h - the normal x damping rows of the verifier and how each row's damping coefficient
 * follows from its dimensionless parameter (target e, ζ, γ or b; docs/verification.md §1-§4).
 *
 * The rows derive from the model lists: every combination model_combo_allowed accepts, normal
 * model by normal model, except the mdr normal model (NFLAG_MDR), whose cases are
 * cases_mdr.c's. What a row expects comes from its damping model's expectation entry
 * (rows.c, EXPECTATIONS): the parameter kind and tolerance factor on each normal family.
 */
#ifndef GD_VERIFY_ROWS_H
#define GD_VERIFY_ROWS_H

#include <stdbool.h>

#include "engine.h"
#include "cases.h"

typedef enum RowParam {
  PARAM_E,     /**< target coefficient of restitution */
  PARAM_ZETA,  /**< damping ratio of an LSD (hooke + viscoelastic: at the elastic δ_max) */
  PARAM_GAMMA, /**< γ of Hertz + constant damping (§4) */
  PARAM_B,     /**< b of viscoelastic damping (§3.1) */
  PARAM_NONE   /**< elastic */
} RowParam;

typedef struct Row {
  NormalModel nm;
  DampingModel dm;
  const char *normal;  /**< pair_coeff name */
  const char *damping; /**< pair_coeff name ("none": elastic) */
  RowParam param;
  double f;            /**< time-step tolerance factor of §7 item 2 */
  const char *f_src;   /**< where f comes from */
} Row;

/** The number of rows: every allowed normal x damping combination but mdr's. */
int row_count(void);
/** Row k < row_count(). */
const Row *row_at(int k);
/** Whether Debian's LAMMPS 29Sep2021 runs the row's damping model (as its spelling). */
bool row_in_lammps_2021(const Row *r);

/** The row of a normal and damping model name (pair_coeff spelling); NULL if there is none. */
const Row *row_find(const char *normal, const char *damping);
/** The parameter values of a row's sweep (quick: one). Returns the count. */
int row_params(const Row *r, bool quick, double out[8]);
/** "e=0.5", "gamma=0.1", ... */
const char *row_param_name(RowParam p);

/** Model text of a row at parameter value x for a geometry and impact speed: the model as
 *  written (the self-test's faults act on the parsed production model, verify/cases/faults.h). */
void row_model_text(const Row *r, double x, Geometry g, double v0, bool limit, char *buf, int size);

/** The same collision as row_model_text's, as an outside engine's case (src/engines/engine.h); the
 *  caller sets dt and t_run. */
void row_engine_case(const Row *r, double x, Geometry g, double v0, EngineCase *c);

/** The continuous-time expectation of a row: a closed form where §1-§2 give one (sets
 *  *closed and the source), else NAN (the caller uses the reference integrator). */
double row_closed_form(const Row *r, double x, bool force_end, const char **src);

/** limit_damping (force-end) is refused with the cohesive models dmt and jkr (as in LAMMPS). */
bool row_allows_limit(const Row *r);
/** The Hertz stiffness k_H of the row's spring at Reff ([N/m^1.5]; hooke: k [N/m]). */
double row_spring(const Row *r, double Reff);
/** The identifier of a row for case names: "hertz_material/tsuji". */
void row_id(const Row *r, char *buf, int size);

#define E_MOD 1e8          /* Young's modulus of the material models [Pa] */
#define NU 0.3             /* Poisson ratio */
#define K_HOOKE 1e5        /* hooke stiffness [N/m] */
#define SURFACE_ENERGY 0.5 /* dmt and jkr [J/m^2] */

#endif
