/* particles.c - aligned SoA allocation, permutation and wrapping (see particles.h). */
#include "particles.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "sysmem.h"

static void *aligned_zeroed(size_t bytes) {
  void *p = gd_xmalloc_aligned(bytes);
  memset(p, 0, bytes ? (bytes + 63) / 64 * 64 : 64); /* the padding too, as vector loads may read it */
  return p;
}

#define DOUBLE_FIELDS(X) X(x) X(y) X(z) X(vx) X(vy) X(vz) X(wx) X(wy) X(wz) X(fx) X(fy) X(fz) X(tx) X(ty) X(tz) X(radius) X(mass)
#define COUNT_FIELD(f) +1
enum { N_DOUBLE_FIELDS = 0 DOUBLE_FIELDS(COUNT_FIELD) }; /* 17 */

/* Bytes per slot of the block: whole pages plus one cache line, so slot s starts s lines past
 * slot 0 modulo 4096. Arrays that each start a page (as large mallocs do) share their L1 sets,
 * and a loop over a dozen of them at once (the integrator's kick, the pack of the vector
 * kernels' records) evicts its own lines: the kick ran 3.4x slower so at 1M
 * (docs/performance-log.md, 2026-12-03). */
static size_t slot_bytes(int64_t n) { return ((size_t)n * sizeof(double) + 4095) / 4096 * 4096 + 64; }

void particles_alloc(Particles *p, int64_t n, int ntypes) {
  memset(p, 0, sizeof *p);
  p->n = n;
  p->ntypes = ntypes;
  const size_t slot = slot_bytes(n);
  p->block = aligned_zeroed((N_DOUBLE_FIELDS + 1) * slot);
  char *at = (char *)p->block;
#define X(f) p->f = (double *)at, at += slot;
  DOUBLE_FIELDS(X)
#undef X
  p->spare = (double *)at;
  p->id = aligned_zeroed((size_t)n * sizeof *p->id);
  p->type = aligned_zeroed((size_t)n * sizeof *p->type);
  for (int64_t i = 0; i < n; i++) {
    p->id[i] = i + 1;
    p->type[i] = 1;
  }
}

void particles_free(Particles *p) {
  free(p->block);
  free(p->id);
  free(p->type);
  memset(p, 0, sizeof *p);
}

/* to[k] = from[order[k]] on nth threads; on one, outside any OpenMP region (team.h: a rebuild
 * permutes 16 fields). */
static void gather_field(double *restrict to, const double *restrict from, const int64_t *restrict order, int64_t n,
                         int nth) {
  if (nth == 1) {
    for (int64_t k = 0; k < n; k++) to[k] = from[order[k]];
    return;
  }
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t k = 0; k < n; k++) to[k] = from[order[k]];
}

void particles_permute(Particles *p, const int64_t *order, int threads) {
  const int64_t n = p->n;
  const int nth = sysmem_threads(threads);
  double *tmp = p->spare; /* each field is gathered into the spare slot, which the field's old slot becomes */
#define X(f)                                                                                   \
  {                                                                                            \
    gather_field(tmp, p->f, order, n, nth);                                                    \
    double *swap = p->f;                                                                       \
    p->f = tmp;                                                                                \
    tmp = swap;                                                                                \
  }
  DOUBLE_FIELDS(X)
#undef X
  p->spare = tmp;
  int64_t *id = aligned_zeroed((size_t)n * sizeof *id);
  int *type = aligned_zeroed((size_t)n * sizeof *type);
  for (int64_t k = 0; k < n; k++) {
    id[k] = p->id[order[k]];
    type[k] = p->type[order[k]];
  }
  free(p->id);
  free(p->type);
  p->id = id;
  p->type = type;
}

void particles_wrap(Particles *p, const Box *b) {
  double *c[3] = {p->x, p->y, p->z};
  for (int d = 0; d < 3; d++) {
    if (!b->periodic[d]) continue;
    const double lo = b->lo[d], len = b->hi[d] - b->lo[d];
    double *q = c[d];
    for (int64_t i = 0; i < p->n; i++) {
      double s = q[i] - lo;
      if (s < 0.0 || s >= len) {
        s -= len * floor(s / len);
        if (s >= len) s = 0.0; /* rounding of floor for values just below a multiple */
      }
      q[i] = lo + s;
    }
  }
}

void particles_copy(Particles *dst, const Particles *src) {
  particles_alloc(dst, src->n, src->ntypes);
  const size_t nd = (size_t)src->n * sizeof(double);
  memcpy(dst->id, src->id, (size_t)src->n * sizeof *src->id);
  memcpy(dst->type, src->type, (size_t)src->n * sizeof *src->type);
#define X(f) memcpy(dst->f, src->f, nd);
  X(x) X(y) X(z) X(vx) X(vy) X(vz) X(wx) X(wy) X(wz) X(radius) X(mass)
#undef X
}
