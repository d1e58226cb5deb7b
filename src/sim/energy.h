/*
 * energy.h - the energy ledger: kinetic energy, elastic energy where the model defines it,
 * and the dissipated energy per channel accumulated step by step.
 *
 * Elastic energy per contact: hooke k delta^2/2; hertz and hertz/material (2/5) k a delta^2;
 * dmt the same minus F_po delta; jkr is not defined here (its energy depends on the loading
 * history). Tangential springs: k |xi|^2/2 (k = k_t, or k_t a for mindlin), |F_te|^2/(2k) for
 * the /force variants.
 */
#ifndef GD_ENERGY_H
#define GD_ENERGY_H

#include <stdbool.h>

#include "force.h"
#include "particles.h"

typedef struct Ledger {
  double ke_trans;     /**< sum m v^2/2 [J] */
  double ke_rot;       /**< sum I w^2/2 [J] */
  double elastic;      /**< normal + tangential spring energy [J] (NaN if undefined) */
  double diss_normal;  /**< cumulative normal damping work [J] */
  double diss_tangential; /**< cumulative tangential damping work [J] */
  double diss_friction;   /**< cumulative friction work [J] */
} Ledger;

/* threads: of the sums' parallel regions (0: the OpenMP default). */
void energy_kinetic(const Particles *p, double *ke_trans, double *ke_rot, int threads);
/** Elastic energy of the contacts in the list (NaN for models without one). */
double energy_elastic(const ForceSystem *s, int threads);

#endif
