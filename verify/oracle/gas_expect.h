/*
 * gas_expect.h - the kinetic-theory expectation of a freely cooling gas of smooth equal spheres
 * under one model text, for `grandamp run --theory` and the verifier's gas cases: the oracle's
 * own law (law.h) gives e(g) of a head-on collision at each impact speed (reference.h), and
 * gas_theory.h's cooling equation (b) turns it into T(t). Nothing here reads src/.
 */
#ifndef GD_VERIFY_GAS_EXPECT_H
#define GD_VERIFY_GAS_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "gas_theory.h"
#include "law.h"

typedef struct GasExpect {
  LawModel law;
  GasLoss loss;      /**< 1 - e(g)^2 from 1e-4 to 10 times the rms normal speed at T0 */
  double n, sigma, m; /**< number density, diameter, mass of the gas's spheres */
  double T0;
  double e_rms;      /**< e at the rms normal impact speed 2 sqrt(T0/m) (0: captured) */
  double omega0;     /**< Enskog's collision frequency per sphere at T0 */
  double haff_time;  /**< Haff's time 6 / (omega0 (1 - e_rms^2)) (infinite when e_rms = 1) */
  double clustering_length; /**< the box side past which the gas clusters (gas_shear_length at e_rms) */
} GasExpect;

/** Sets x up for the model text (law_parse's grammar) and a gas of number density n, spheres of
 *  diameter sigma and mass m, at temperature T0 [J]; false with the reason in why when the text
 *  is not a law the oracle has or a figure is not positive and finite. */
bool gas_expect_init(GasExpect *x, const char *model_text, double n, double sigma, double m, double T0, char *why,
                     size_t why_size);

/** The expected temperature a time dt after the gas was at T (expectation (b), fourth-order
 *  Runge-Kutta in log T with steps of at most 1 % of the local cooling time). */
double gas_expect_after(const GasExpect *x, double T, double dt);

#endif
