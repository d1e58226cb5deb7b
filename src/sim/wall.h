/*
 * wall.h - flat walls (LAMMPS fix wall/gran with a plane): sphere-wall contacts with history.
 *
 * A wall is the plane x_axis = pos; a "lo" wall pushes particles towards +axis, a "hi" wall
 * towards -axis. Each particle-wall contact is the pair contact of spec §1.3 with R_j = inf,
 * m_j = inf (Reff = R_i, meff = m_i, torque arm R_i), evaluated with the model of the
 * particle's own type pair (I, I). The wall pass runs after the pair pass (spec §6.0 step 5)
 * and adds to the forces and torques; each thread writes only its own particles, so the
 * result is bitwise identical for any thread count.
 */
#ifndef GD_WALL_H
#define GD_WALL_H

#include <stdbool.h>
#include <stdint.h>

#include "force.h"
#include "force_mdr.h"
#include "model.h"
#include "particles.h"

#define WALLS_MAX 6

typedef struct Wall {
  int axis;   /**< 0, 1, 2 for x, y, z */
  bool hi;    /**< the wall bounds particles from above (its normal points to -axis) */
  double pos; /**< plane position [m] */
  double vel; /**< plane velocity along axis [m/s]: sim_step advances pos by vel dt with the
                   drift, and the contact sees the particle velocity relative to it (0: static) */
} Wall;

/** The walls of a simulation and their contact state per (particle, wall). */
typedef struct Walls {
  int n;
  Wall w[WALLS_MAX];
  int hsize;            /**< history doubles per contact */
  int64_t np;           /**< particles the state is sized for */
  double *hist;         /**< np * n * hsize, particle-major */
  unsigned char *touch; /**< np * n */
  double force[WALLS_MAX]; /**< force along the axis exerted on the particles by each wall in
                                the last force pass [N] (a diagnostic: OpenMP sum order) */
} Walls;

/** Adds a wall; false if WALLS_MAX are already set. */
bool walls_add(Walls *ws, int axis, bool hi, double pos);
/** Sizes (and zeroes) the contact state for np particles with hsize history values. */
void walls_alloc(Walls *ws, int64_t np, int hsize);
/** Reorders the contact state after the particles were permuted (new k = old order[k]). */
void walls_permute(Walls *ws, const int64_t *order);
void walls_free(Walls *ws);

/** Adds every wall contact's force and torque to the particles; powers and the number of
 *  touching contacts are added to *stats. ms NULL: each model's contact law; else the MDR wall
 *  pass (§6.0 step 5): one side per wall contact (mdr_contact with wall = true), each
 *  particle's increments added to its own accumulators on regular steps, the first failure in
 *  ms->fault (after any pair fault). threads (here and below): of the pass (0: the OpenMP
 *  default). */
void walls_force(Walls *ws, Particles *p, const ContactModel *models, int ntypes, double dt,
                 bool history_update, MdrSystem *ms, int threads, ForceStats *stats);

/** MDR (§6.3 step 5, walls): adds each touching wall contact's ddelta_bar increment
 *  (mdr_wall_ddelta, delta = R - r_c) to ms->s.ddelta_bar, after the pairs' increments. */
void walls_mdr_ddelta(const Walls *ws, const Particles *p, MdrSystem *ms, int threads);

#endif
