/*
 * edmd.h - the oracle's event-driven simulation of smooth hard spheres in a periodic cube: each
 * collision applied at the instant of contact by a rule (constant normal restitution e), no time
 * step, no overlap, no contact duration, so that a soft-sphere run can be set beside the
 * hard-sphere limit of its own model (Rapaport, The Art of Molecular Dynamics Simulation, ch. 14:
 * cell lists, one predicted event per sphere in a priority queue, lazy invalidation by per-sphere
 * collision counters). Like the rest of the oracle it includes nothing of src/: the caller hands
 * it positions and velocities. Same input, same result (no randomness inside).
 */
#ifndef GD_VERIFY_EDMD_H
#define GD_VERIFY_EDMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Edmd Edmd;

/** A gas of n equal-diameter spheres (diameter sigma, masses mass[i]) in the periodic cube
 *  [0, L)^3 at the positions x and velocities v (3n each, copied), restitution e in (0, 1]. NULL
 *  with the reason in why when the spheres overlap (by more than 1e-10 sigma), a figure is not
 *  finite and positive, or the box is narrower than 3 sigma. */
Edmd *edmd_new(int n, double L, double sigma, const double *mass, const double *x, const double *v, double e,
               char *why, size_t why_size);
void edmd_free(Edmd *s);

/** Runs to time t (>= the current time): every collision before it applied. False with the
 *  reason when a sphere exceeds max_per_sphere collisions per unit time in this call (inelastic
 *  collapse; the cap guards it, 0: no cap). */
bool edmd_run_to(Edmd *s, double t, double max_per_sphere, char *why, size_t why_size);

double edmd_time(const Edmd *s);
/** Collisions applied since the start. */
int64_t edmd_collisions(const Edmd *s);
/** The granular temperature sum m |v - V_cm|^2 / (3 n) and the total momentum (3 components). */
double edmd_temperature(const Edmd *s);
void edmd_momentum(const Edmd *s, double p[3]);
/** The kinetic energy sum m |v|^2 / 2. */
double edmd_kinetic_energy(const Edmd *s);
/** Whether two spheres overlap (by more than tol sigma) at the current time: a check of the
 *  event bookkeeping. */
bool edmd_overlap(const Edmd *s, double tol);

#endif
