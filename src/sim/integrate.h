/*
 * integrate.h - velocity Verlet in the order of LAMMPS fix nve/sphere (translation and rotation).
 *
 *   initial:  v += (dt/2) f/m;  x += dt v;  w += (dt/2) t/I
 *   (forces)
 *   final:    v += (dt/2) f/m;  w += (dt/2) t/I
 * with the solid-sphere moment of inertia I = 0.4 m R^2.
 */
#ifndef GD_INTEGRATE_H
#define GD_INTEGRATE_H

#include "particles.h"

/* threads: of the pass (0: the OpenMP default). */
void integrate_initial(Particles *p, double dt, int threads);
void integrate_final(Particles *p, double dt, int threads);

#endif
