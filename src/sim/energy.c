/* energy.c - kinetic and elastic energy (see energy.h). */
#include "energy.h"

#include <math.h>
#include <stdlib.h>

#include "blocksum.h"
#include "contact.h"
#include "error.h"
#include "plan.h"

/* Both sums in blocks (blocksum.h): the same bits for any thread count. */
void energy_kinetic(const Particles *p, double *ke_trans, double *ke_rot, int threads) {
  const int nth = sysmem_threads(threads);
  const int64_t n = p->n, nb = blocksum_blocks(n);
  double *part = gd_xmalloc((size_t)(nb > 0 ? nb : 1) * 2 * sizeof *part);
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t b = 0; b < nb; b++) {
    const int64_t i1 = (b + 1) * BLOCKSUM_ROWS < n ? (b + 1) * BLOCKSUM_ROWS : n;
    double kt = 0.0, kr = 0.0;
    for (int64_t i = b * BLOCKSUM_ROWS; i < i1; i++) {
      const double m = p->mass[i], r = p->radius[i];
      kt += 0.5 * m * (p->vx[i] * p->vx[i] + p->vy[i] * p->vy[i] + p->vz[i] * p->vz[i]);
      kr += 0.5 * 0.4 * m * r * r * (p->wx[i] * p->wx[i] + p->wy[i] * p->wy[i] + p->wz[i] * p->wz[i]);
    }
    part[2 * b] = kt, part[2 * b + 1] = kr;
  }
  double sum[2];
  blocksum_total(part, nb, 2, sum);
  free(part);
  *ke_trans = sum[0];
  *ke_rot = sum[1];
}

static double contact_energy(const ContactModel *m, double delta, double Reff, const double *h) {
  const NormalParams *np = &m->normal;
  const double a = sqrt(delta * Reff);
  double u;
  switch (np->model) {
  case NORMAL_HOOKE: u = 0.5 * np->k * delta * delta; break;
  case NORMAL_HERTZ:
  case NORMAL_HERTZ_MATERIAL: u = 0.4 * np->k * a * delta * delta; break;
  case NORMAL_DMT: u = 0.4 * np->k * a * delta * delta - 4.0 * GD_PI * np->gamma * Reff * delta; break;
  default: return NAN;
  }
  const TangentialModel tm = m->tangential.model;
  if (tm != TANGENTIAL_LINEAR_NOHISTORY) {
    const double k = tm == TANGENTIAL_LINEAR_HISTORY ? m->tangential.kt : m->tangential.kt * a;
    const double h2 = h[0] * h[0] + h[1] * h[1] + h[2] * h[2];
    const bool force = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
    if (force) u += k > 0.0 ? 0.5 * h2 / k : 0.0;
    else u += 0.5 * k * h2;
  }
  return u;
}

double energy_elastic(const ForceSystem *s, int threads) {
  const int nth = sysmem_threads(threads);
  const Particles *p = s->p;
  const NeighborList *nl = s->nl;
  double len[3], half[3];
  box_images(s->box, len, half);
  const int64_t n = p->n, nb = blocksum_blocks(n);
  double *part = gd_xmalloc((size_t)(nb > 0 ? nb : 1) * sizeof *part);
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t b = 0; b < nb; b++) {
    const int64_t i1 = (b + 1) * BLOCKSUM_ROWS < n ? (b + 1) * BLOCKSUM_ROWS : n;
    double u = 0.0;
    for (int64_t i = b * BLOCKSUM_ROWS; i < i1; i++)
      for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
        const int64_t j = nl->j[k];
        double d[3];
        pair_separation(p->x, p->y, p->z, i, j, len, half, d);
        const double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        const double delta = p->radius[i] + p->radius[j] - r;
        if (delta <= 0.0) continue;
        const ContactModel *m = &s->models[(p->type[i] - 1) * s->ntypes + (p->type[j] - 1)];
        const double Reff = contact_reff(p->radius[i], p->radius[j]);
        u += (nl->full ? 0.5 : 1.0) * contact_energy(m, delta, Reff, nl->hsize ? &nl->hist[k * nl->hsize] : NULL);
      }
    part[b] = u;
  }
  double u;
  blocksum_total(part, nb, 1, &u);
  free(part);
  return u;
}
