/*
 * packing.h - synthetic packings, deterministic for a seed and independent of the thread count
 * (particle i draws its numbers from rng.h keyed by i).
 *
 *   fcc     periodic FCC lattice of equal spheres with nearest-neighbour distance
 *           (1 - overlap) * diameter: every sphere has 12 contacts of overlap `overlap * d`.
 *   random  polydisperse spheres (uniform or lognormal radii, R_max/R_min = ratio <= 3) placed at
 *           random in a periodic cube at packing fraction phi (nominal sphere volumes), then
 *           relaxed by overdamped steps of grandamp's own pair loop (hooke repulsion) until the
 *           mean overlap of the contacts is at most `overlap * d_mean` or relaxation stalls.
 * Both get Gaussian velocities (std `velocity` per component) and spins (std `spin`).
 *   gas     equal spheres (or two sizes, ratio `ratio`) at random without overlap at volume
 *           fraction phi in [GAS_PHI_MIN, GAS_PHI_MAX], Maxwellian velocities at granular temperature `temperature`,
 *           equilibrated elastically for `equilibrate` collisions per sphere (gas.h).
 */
#ifndef GD_PACKING_H
#define GD_PACKING_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "particles.h"

typedef enum PackingType { PACKING_FCC, PACKING_RANDOM, PACKING_GAS } PackingType;
typedef enum RadiusDist { RADIUS_UNIFORM, RADIUS_LOGNORMAL } RadiusDist;

typedef struct PackingSpec {
  PackingType type;
  int64_t n;        /**< requested particles (fcc rounds to 4 m^3) */
  uint64_t seed;
  double radius;    /**< fcc radius; random: mean radius [m] */
  double density;   /**< [kg/m^3] */
  double overlap;   /**< fcc: overlap / diameter; random: target mean overlap / mean diameter */
  double phi;       /**< random: packing fraction */
  double ratio;     /**< random: R_max / R_min, in [1, 3] */
  RadiusDist dist;  /**< random: radius distribution */
  double velocity;  /**< std of each velocity component [m/s] */
  double spin;      /**< std of each angular velocity component [1/s] (gas: 0 by default) */
  double temperature; /**< gas: granular temperature T0 [J] */
  double equilibrate; /**< gas: elastic collisions per sphere before it is written */
  int threads;      /**< of every parallel region building it (0: the OpenMP default) */
} PackingSpec;

/** Defaults: fcc, n = 32000, seed 1, radius 0.5, density 1, overlap 0.005, phi 0.66, ratio 2,
 *  uniform, velocity 0.005, spin 0.01; gas: temperature 1, equilibrate 2 (packing_gas_defaults
 *  sets the gas's own phi 0.1, ratio 1 and spin 0 where not given). */
PackingSpec packing_defaults(void);
/** What packing_check accepts of the gas (docs/commands.md, `packing`). The volume fraction:
 *  random sequential placement (gas.c) jams, with no room for the next sphere within its
 *  2000 N + 1e5 attempts, at 0.32..0.36 for N = 1000 and 5000 and as low as 0.29 in the boxes of N = 40,
 *  by ratio and seed; measured with the placement's own code: at 0.28, 2 of 10 430 placements
 *  jammed (N = 2..150, seeds 1..10, ratios 1, 1.1, 1.2, 1.5, 2, 2.5, 3), at 0.25 none of 20 860
 *  (seeds 1..20). GAS_PHI_MAX keeps a margin of 0.03 below the first jam seen. Below
 *  GAS_PHI_MIN the equilibration's steps (about 35 C / phi) pass any useful bound; those steps
 *  are also bounded by GAS_EQUILIBRATION_MAX_STEPS. */
#define GAS_PHI_MIN 1e-3
#define GAS_PHI_MAX 0.25
#define GAS_EQUILIBRATION_MAX_STEPS 1e6
/** Masses, moments of inertia, the equilibration's stiffness and step, and the bounds of the
 *  energies of the motion drawn: within PACKING_SCALE_MIN..PACKING_SCALE_MAX, double's range
 *  (2.2e-308..1.8e308) less a margin of 1e8 for the ledger's sums. */
#define PACKING_SCALE_MIN 1e-300
#define PACKING_SCALE_MAX 1e300
/** z^2 of rng_normal is below -2 ln(2^-54) = 74.9 (its uniform is at least 2^-54). */
#define PACKING_Z2_MAX 75.0
/** Checks the spec (every problem appended to err): each option's range, the gas's with what
 *  its placement and equilibration can do (GAS_*), masses and energies within double's range
 *  with margin (PACKING_SCALE_*); also refuses n whose memory would exceed max_bytes (the
 *  tightest limit, named limit_name: sysmem_limit), naming the bytes needed. */
int packing_check(const PackingSpec *s, size_t max_bytes, const char *limit_name, ErrList *err);
/** Refuses (appends "<source>: ..." to err and returns 1) a state whose energy sums would overflow:
 *  some v^2, w^2, m v^2 or I w^2, or the sums sum m v^2, sum I w^2, past PACKING_SCALE_MAX (a data
 *  file's Velocities). */
int packing_motion_check(const Particles *p, const char *source, ErrList *err);
/** Bytes a packing of n particles needs while it is built and run (estimate). */
size_t packing_bytes(int64_t n);
/** Builds the packing (the spec must have passed packing_check). */
void packing_make(const PackingSpec *s, Particles *p, Box *b);
/** dst = reps[0] x reps[1] x reps[2] periodic images of src side by side in a box that many
 *  times larger (LAMMPS `replicate`): the same local structure, contacts and overlaps at any
 *  multiple of N, without relaxing a large random packing from scratch. Copy c is src shifted
 *  by whole box lengths (positions need not be wrapped); its ids are c * max(id) + id. threads:
 *  of the copy (0: the OpenMP default). */
void packing_replicate(const Particles *src, const Box *b, const int reps[3], int threads, Particles *dst, Box *db);
/** FCC cells per side for n particles (n rounds to 4 m^3). */
int64_t packing_fcc_cells(int64_t n);

#endif
