/*
 * particles.h - particle storage (structure of arrays) and the simulation box.
 *
 * Arrays are 64-byte aligned so the pair loops can load them with aligned vector moves.
 * Units: SI (or any consistent set, as in LAMMPS units lj). Positions inside the box for the
 * periodic dimensions after particles_wrap().
 */
#ifndef GD_PARTICLES_H
#define GD_PARTICLES_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Axis-aligned box; a dimension is periodic (LAMMPS `p`) or fixed (`f`, no images). */
typedef struct Box {
  double lo[3], hi[3]; /**< [m] */
  bool periodic[3];
} Box;

/** Particles as a structure of arrays; index i is the storage order (sorted by cell). */
typedef struct Particles {
  int64_t n;                 /**< number of particles */
  int ntypes;                /**< atom types 1..ntypes */
  int64_t *id;               /**< LAMMPS atom ID (tag), unique, >= 1 */
  int *type;                 /**< atom type, 1..ntypes */
  double *x, *y, *z;         /**< position [m] */
  double *vx, *vy, *vz;      /**< velocity [m/s] */
  double *wx, *wy, *wz;      /**< angular velocity [1/s] */
  double *fx, *fy, *fz;      /**< force [N] */
  double *tx, *ty, *tz;      /**< torque [N m] */
  double *radius;            /**< [m] */
  double *mass;              /**< [kg] */
  double *block;             /**< the one allocation holding the double arrays (particles.c) */
  double *spare;             /**< its unused slot, the scratch of particles_permute */
} Particles;

/** Bytes per particle held by particles_alloc (for memory estimates). */
#define PARTICLES_BYTES_PER_ATOM (18 * sizeof(double) + sizeof(int64_t) + sizeof(int))

/** Allocates n particles (every array zeroed, types 1, ids 1..n); exits on failure. */
void particles_alloc(Particles *p, int64_t n, int ntypes);
void particles_free(Particles *p);
/** Applies permutation: new index k takes the particle at old index order[k]. */
void particles_permute(Particles *p, const int64_t *order, int threads);
/** Maps positions into [lo, hi) along periodic dimensions. */
void particles_wrap(Particles *p, const Box *b);
/** Allocates dst as a copy of src: ids, types, positions, velocities, spins, radii, masses
 *  (forces and torques zeroed). */
void particles_copy(Particles *dst, const Particles *src);

/** The mass of a sphere of radius r and density rho, 4/3 pi r^3 rho (as LAMMPS's read_data
 *  computes it from a diameter and a density). */
static inline double sphere_mass(double r, double rho) { return 4.0 / 3.0 * GD_PI * r * r * r * rho; }

/** Periodic image lengths of the box: len = hi - lo and half = len/2 along periodic
 *  dimensions; len = 0 and half = inf along fixed ones, so box_min_image leaves them alone. */
static inline void box_images(const Box *b, double len[3], double half[3]) {
  for (int d = 0; d < 3; d++) {
    len[d] = b->periodic[d] ? b->hi[d] - b->lo[d] : 0.0;
    half[d] = b->periodic[d] ? 0.5 * len[d] : INFINITY;
  }
}

/** Minimum-image separation along one dimension (positions wrapped at the last rebuild and
 *  moved less than a skin since, so one correction suffices). Exactly antisymmetric. */
static inline double box_min_image(double d, double len, double half) {
  d = d > half ? d - len : d;
  return d < -half ? d + len : d;
}

/** The pair geometry every loop but the vector one starts from (the driver's rows, the `_ref`
 *  loops, MDR's passes, the fault search): d = x_i - x_j by the minimum image. Inlined, it is
 *  the three box_min_image calls it replaces. */
static inline __attribute__((always_inline)) void pair_separation(const double *x, const double *y, const double *z,
                                                                  int64_t i, int64_t j, const double len[3],
                                                                  const double half[3], double d[3]) {
  d[0] = box_min_image(x[i] - x[j], len[0], half[0]);
  d[1] = box_min_image(y[i] - y[j], len[1], half[1]);
  d[2] = box_min_image(z[i] - z[j], len[2], half[2]);
}

#ifdef __cplusplus
}
#endif
#endif
