/* integrate.c - fix nve/sphere half-kick / drift / half-kick (see integrate.h). */
#include "integrate.h"

#include <stdbool.h>

#include "plan.h"

#define INERTIA 0.4 /* solid sphere: I = 0.4 m R^2 */

/* One pass over the particles: the half kick of v and w, with the drift of x in between when
 * drift is set (loop-invariant, so the branch is predicted or unswitched away). */
static void kick(Particles *p, double dt, bool drift, int threads) {
  const int nth = sysmem_threads(threads);
  const double dtf = 0.5 * dt, dtfrot = dtf / INERTIA;
  const int64_t n = p->n;
  double *restrict x = p->x, *restrict y = p->y, *restrict z = p->z;
  double *restrict vx = p->vx, *restrict vy = p->vy, *restrict vz = p->vz;
  double *restrict wx = p->wx, *restrict wy = p->wy, *restrict wz = p->wz;
  const double *restrict fx = p->fx, *restrict fy = p->fy, *restrict fz = p->fz;
  const double *restrict tx = p->tx, *restrict ty = p->ty, *restrict tz = p->tz;
  const double *restrict m = p->mass, *restrict r = p->radius;
#pragma omp parallel for simd schedule(static) num_threads(nth)
  for (int64_t i = 0; i < n; i++) {
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

void integrate_initial(Particles *p, double dt, int threads) { kick(p, dt, true, threads); }
void integrate_final(Particles *p, double dt, int threads) { kick(p, dt, false, threads); }
