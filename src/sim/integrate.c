/* integrate.c - fix nve/sphere half-kick / drift / half-kick (see integrate.h). */
#include "integrate.h"

#include <stdbool.h>

#include "plan.h"
#include "team.h"

#define INERTIA 0.4 /* solid sphere: I = 0.4 m R^2 */

/* Rows [i0, i1) of one pass over the particles: the half kick of v and w, with the drift of x in
 * between when drift is set (loop-invariant, so the branch is predicted or unswitched away). */
static void kick_rows(Particles *p, double dt, bool drift, int64_t i0, int64_t i1) {
  const double dtf = 0.5 * dt, dtfrot = dtf / INERTIA;
  double *restrict x = p->x, *restrict y = p->y, *restrict z = p->z;
  double *restrict vx = p->vx, *restrict vy = p->vy, *restrict vz = p->vz;
  double *restrict wx = p->wx, *restrict wy = p->wy, *restrict wz = p->wz;
  const double *restrict fx = p->fx, *restrict fy = p->fy, *restrict fz = p->fz;
  const double *restrict tx = p->tx, *restrict ty = p->ty, *restrict tz = p->tz;
  const double *restrict m = p->mass, *restrict r = p->radius;
#pragma omp simd
  for (int64_t i = i0; i < i1; i++) {
    const double dtfm = dtf / m[i];
    vx[i] += dtfm * fx[i];
    vy[i] += dtfm * fy[i];
    vz[i] += dtfm * fz[i];
    if (drift) {
      x[i] += dt * vx[i];
      y[i] += dt * vy[i];
      z[i] += dt * vz[i];
    }
    const double dtirot = dtfrot / (r[i] * r[i] * m[i]);
    wx[i] += dtirot * tx[i];
    wy[i] += dtirot * ty[i];
    wz[i] += dtirot * tz[i];
  }
}

/* The pass on the plan's threads; on one, outside any OpenMP region (team.h). */
static void kick(Particles *p, double dt, bool drift, int threads) {
  const int nth = sysmem_threads(threads);
  if (nth == 1) {
    kick_rows(p, dt, drift, 0, p->n);
    return;
  }
#pragma omp parallel num_threads(nth)
  {
    int64_t i0, i1;
    team_rows(p->n, &i0, &i1);
    kick_rows(p, dt, drift, i0, i1);
  }
}

void integrate_initial(Particles *p, double dt, int threads) { kick(p, dt, true, threads); }
void integrate_final(Particles *p, double dt, int threads) { kick(p, dt, false, threads); }
