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
#define GAS_OUT 20 /* output times after t = 0 */
#define GAS_STEPS_PER_TC 40.0

typedef struct GasRow {
  const char *normal, *damping;
  const char *not_judged; /* why kinetic theory does not apply (NULL: judged) */
} GasRow;

int gas_row_count(void);
const GasRow *gas_row_at(int k);

/** One gas case prepared: the calibrated model, the expectation at the output times, the band's
 *  systematic terms (cases_gas.c says how each is derived). */
typedef struct GasPlan {
  char text[512];   /**< the model text, damping calibrated to e = GAS_E at the rms normal speed */
  double kn, E, nu, coeff; /**< its numbers: hooke's k_n, hertz/material's E and nu, the damping
                                coefficient as pair_coeff writes it */
  double e_dt;      /**< e of that collision through the production loops at dt */
  GasLoss loss;     /**< 1 - e(g)^2 of the oracle's reference */
  double nd;        /**< number density */
  double dt, tau;   /**< time step; Haff's time at e(g_rms) (the plot's unit) */
  int every;        /**< steps between output times */
  int64_t steps;
  double times[GAS_OUT + 1], Tb[GAS_OUT + 1]; /**< output times, the expectation (b) there */
  double w_tc, overlap, sonine, step;         /**< the band's terms per unit |ln T/T0| */
} GasPlan;

/** The gas of n spheres every case runs (sigma = m = T0 = 1, phi = GAS_PHI, seed 1). */
PackingSpec gas_spec(int64_t n, int threads);
/** Calibrates the row's model and computes the expectation; false with why. */
bool gas_plan(const GasRow *g, int64_t n, GasPlan *p, char *why, size_t why_size);
/** The worst point of T[0..GAS_OUT] against the expectation in units of its band: T/T_theory
 *  there and the band; coll[k]: collisions counted by time k (NULL: Enskog's number along the
 *  expectation, for an engine that does not count them). */
void gas_judge(const GasPlan *p, int64_t n, const double *T, const double *coll, double *ratio, double *band);

#endif
