/*
 * gas.h - the granular gas: a packing of spheres at low volume fraction with Maxwellian
 * velocities (packing --type gas), and its granular temperature.
 *
 * Granular temperature in energy units (Brilliantov & Poeschel 2004, ch. 2): translational
 * T = (1/3N) sum m_i |v_i - V_cm|^2 (LAMMPS's `temp` counts 3N - 3 degrees of freedom: the same
 * times N/(N - 1)), rotational T_rot = (1/3N) sum I_i |w_i|^2 with I = (2/5) m R^2.
 */
#ifndef GD_GAS_H
#define GD_GAS_H

#include "packing.h"
#include "particles.h"
#include "sim.h"

/** Builds the gas of spec s (type PACKING_GAS, checked): equal spheres (or two sizes, ratio
 *  s->ratio, alternating by id) placed at random without overlap in a periodic cube at volume
 *  fraction s->phi; Maxwellian velocities at temperature s->temperature, zero total momentum;
 *  then s->equilibrate collisions per sphere of elastic (undamped hooke) motion, so that the
 *  pair structure is a gas's and not random placement's; finally the velocities rescaled to
 *  exactly s->temperature. Spins: Gaussian, std s->spin. Same seed, same gas, any thread count. */
void gas_make(const PackingSpec *s, Particles *p, Box *b);

/** The gas of spec s as its checks see it before anything is built (packing_check): the same
 *  formulas as gas_make's, from the radii by id instead of sums over the spheres. */
typedef struct GasLayout {
  double L;        /**< side of the periodic cube [m] */
  double sigma;    /**< mean diameter [m] */
  double mass;     /**< mean mass [kg]; mass_min, mass_max: the small and the large sphere's */
  double mass_min, mass_max;
  double range;    /**< the equilibration's neighbour range, 2 R_max + skin [m]: the box must be 3 of them */
  double k;        /**< the equilibration's contact stiffness [N/m] */
  double dt;       /**< its time step [s] */
  double steps;    /**< its steps: C / (omega dt), whatever T0 (0 without equilibration) */
} GasLayout;
GasLayout gas_layout(const PackingSpec *s);

typedef struct GasTemperature {
  double trans; /**< translational granular temperature [J] */
  double rot;   /**< rotational granular temperature [J] */
} GasTemperature;

/** The granular temperatures of p (serial sums: the same bits for any thread count). */
GasTemperature gas_temperature(const Particles *p);

/** Collisions begun since the last call: touching pairs of s's list (each pair once) that
 *  were not touching then, by the flags the list carries across rebuilds (nl.touch). The first
 *  call only sets the flags and returns 0. -1 for jkr, whose kernels keep those flags
 *  themselves (touch hysteresis). Call it after every step to miss no collision. */
int64_t gas_new_contacts(Sim *s);

/** Enskog's collision frequency per sphere of equal spheres, diameter sigma, mass m, number
 *  density n, at temperature T: 4 sqrt(pi) n sigma^2 chi sqrt(T/m), with Carnahan-Starling's
 *  chi(phi) = (1 - phi/2)/(1 - phi)^3 (Brilliantov & Poeschel 2004, eq. 6.19 and 6.22). Used to
 *  size the equilibration (the verifier's expectations have their own). */
double gas_collision_frequency(double n, double sigma, double m, double T);

#endif
