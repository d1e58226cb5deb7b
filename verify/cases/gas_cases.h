/*
 * gas_cases.h - the gas family's set-up and judgement (cases_gas.c), shared by grandamp's own gas
 * cases and the engines' (verify/engines/cases_gas_engines.c): the same gas file, the same
 * calibrated model, the same expectation and band.
 */
#ifndef GD_VERIFY_GAS_CASES_H
#define GD_VERIFY_GAS_CASES_H

#include <stdbool.h>
#include <stdint.h>

#include "gas_theory.h"
#include "packing.h"

#define GAS_PHI 0.1
#define GAS_T0 1.0
#define GAS_E 0.8
#define GAS_OUT 20      /* output times after t = 0 of the standard gas */
#define GAS_OUT_MAX 128 /* of any gas */
#define GAS_STEPS_PER_TC 40.0

typedef struct GasRow {
  const char *normal, *damping;
  const char *not_judged; /* why kinetic theory does not apply (NULL: judged) */
} GasRow;

int gas_row_count(void);
const GasRow *gas_row_at(int k);

/** Which gas a case runs (sigma = m = T0 = 1). */
typedef struct GasSetup {
  int64_t n;
  uint64_t seed;       /**< of the placement and the velocities (gas_setup: 1) */
  double phi;
  double overlap;      /**< delta_max/sigma at the rms normal speed that sets k_n and E (0: the
                            standard gas's k_n = 1e5 and E = 5e6, 0.45 % and 0.44 %) */
  double steps_per_tc; /**< time steps per contact time at the rms speed */
  double horizon;      /**< run length in Haff times at e(g_rms) */
  int out;             /**< output intervals, equally spaced (<= GAS_OUT_MAX) */
  double skin;         /**< the neighbour list's skin */
  bool limit_damping; /**< the law clamps the normal force at zero (an engine's force-end laws):
                            calibrated, and e(g) taken, with limit_damping */
  bool homogeneous;    /**< the box must be below the clustering instability's critical size
                            (gas_shear_length at e(g_rms)); gas_plan refuses it otherwise */
} GasSetup;

/** The standard gas of n spheres (seed 1): phi = GAS_PHI, one Haff time (8000 and more), half (2000 and
 *  more), a quarter (fewer), GAS_OUT outputs. */
GasSetup gas_setup(int64_t n);

/** One gas case prepared: the calibrated model, the expectation at the output times, the band's
 *  systematic terms (cases_gas.c says how each is derived). */
typedef struct GasPlan {
  char text[512];   /**< the model text, damping calibrated to e = GAS_E at the rms normal speed */
  double kn, E, nu, coeff; /**< its numbers: hooke's k_n, hertz/material's E and nu, the damping
                                coefficient as pair_coeff writes it */
  GasSetup setup;
  double e_dt;      /**< e of that collision through the production loops at dt */
  GasLoss loss;     /**< 1 - e(g)^2 of the oracle's reference */
  double nd;        /**< number density */
  double dt, tau;   /**< time step; Haff's time at e(g_rms) (the plot's unit) */
  int every;        /**< steps between output times */
  int64_t steps;
  double times[GAS_OUT_MAX + 1], Tb[GAS_OUT_MAX + 1]; /**< output times, the expectation (b) there */
  double sys[GAS_OUT_MAX + 1]; /**< the band's systematic part at each output time: its terms
                                    integrated over |d ln T| along the expectation */
  double w_tc, overlap, sonine, step; /**< the terms per unit |ln T/T0| at T0 (for the report) */
} GasPlan;

/** The packing of a gas set-up. */
PackingSpec gas_spec(const GasSetup *s, int threads);
/** Calibrates the row's model and computes the expectation; false with why. */
bool gas_plan(const GasRow *g, const GasSetup *s, GasPlan *p, char *why, size_t why_size);
/** The worst point of T[0..out] against the expectation in units of its band: T/T_theory
 *  there and the band; coll[k]: collisions counted by time k (NULL: Enskog's number along the
 *  expectation, for an engine that does not count them). */
void gas_judge(const GasPlan *p, const double *T, const double *coll, double *ratio, double *band);
/** The statistical error of ln T at output k given n_c collisions so far (cases_gas.c). */
double gas_stat(const GasPlan *p, int k, double n_c);
/** Enskog's collisions from output i to output j along the expectation (trapezoids). */
double gas_enskog_collisions(const GasPlan *p, int i, int j);

#endif
