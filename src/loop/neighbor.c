/*
 * neighbor.c - cell sort, neighbour list build and history carry-over (see neighbor.h).
 *
 * The build is deterministic for any thread count: rows are filled in stencil order and then
 * sorted by partner index, so the list (and everything computed from it) depends only on the
 * particle positions.
 */
#include "neighbor.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "plan.h"
#include "team.h"

void nbr_init(NeighborList *nl, bool full, int hsize, double skin, double extra, int threads) {
  memset(nl, 0, sizeof *nl);
  nl->threads = threads;
  nl->full = full;
  nl->hsize = hsize;
  nl->skin = skin;
  nl->trigger = 0.5;
  nl->extra = extra;
}

void nbr_free(NeighborList *nl) {
  free(nl->start);
  free(nl->j);
  free(nl->hist);
  free(nl->touch);
  free(nl->interior);
  free(nl->x0);
  free(nl->y0);
  free(nl->z0);
  free(nl->order);
  free(nl->r0);
  const bool full = nl->full, grow = nl->grow;
  const int hsize = nl->hsize, flip0 = nl->flip0, threads = nl->threads;
  const double skin = nl->skin, extra = nl->extra;
  nbr_init(nl, full, hsize, skin, extra, threads); /* keeps the settings, drops the lists */
  nl->grow = grow;
  nl->flip0 = flip0;
}

size_t nbr_bytes(const NeighborList *nl) {
  return (size_t)(nl->n + 1) * sizeof(int64_t) + (size_t)nl->cap * (sizeof(int32_t) + 1 + nl->hsize * sizeof(double)) +
         3 * (size_t)nl->n * sizeof(double);
}

#define SLAB_PARTICLES 1024.0 /* particles per z-layer of a sort slab (cell_rank) */

/* The cell grid: nc[d] cells of width w[d] from lo[d]. */
typedef struct Grid {
  int nc[3];
  int slab; /* cells along y per slab of the sort order (cell_rank) */
  /* per cell row cy: where its slab starts in the order, the slab's width and cy's row in it
   * (cell_rank without an integer division per call: grid_rows) */
  int64_t *ybase;
  int *ywidth, *yrow;
  double lo[3], w[3];
  bool periodic[3];
  int64_t ncells;
} Grid;

static bool grid_make(Grid *g, const Particles *p, const Box *b, double range, const char **why) {
  const double *c[3] = {p->x, p->y, p->z};
  int64_t total = 1;
  for (int d = 0; d < 3; d++) {
    double lo = b->lo[d], hi = b->hi[d];
    if (!b->periodic[d]) /* fixed dimension: particles may have left the box */
      for (int64_t i = 0; i < p->n; i++) {
        lo = fmin(lo, c[d][i]);
        hi = fmax(hi, c[d][i]);
      }
    const double len = hi - lo;
    int n = (int)fmin(floor(len / range), 1 << 20);
    if (n < 1) n = 1;
    if (b->periodic[d] && n < 3) {
      *why = "the box is narrower than 3 interaction ranges (2 R_max + skin) along a periodic dimension";
      return false;
    }
    g->nc[d] = n;
    g->lo[d] = lo;
    g->w[d] = len / n;
    g->periodic[d] = b->periodic[d];
    total *= n;
  }
  /* A very sparse system would get more cells than particles are worth: coarsen it, keeping
   * at least 3 cells along periodic dimensions (fewer would repeat cells in the stencil). */
  bool shrunk = true;
  while (total > 8 * p->n + 64 && shrunk) {
    total = 1;
    shrunk = false;
    for (int d = 0; d < 3; d++) {
      int n = (g->nc[d] + 1) / 2;
      if (g->periodic[d] && n < 3) n = g->nc[d] < 3 ? g->nc[d] : 3;
      shrunk = shrunk || n != g->nc[d];
      g->w[d] *= (double)g->nc[d] / n;
      g->nc[d] = n;
      total *= n;
    }
  }
  g->ncells = total;
  /* Slabs of about SLAB_PARTICLES particles per z-layer (at least one row of cells). */
  const double per_row = (double)g->nc[0] * (double)p->n / (double)total;
  const double rows = floor(SLAB_PARTICLES / (per_row > 1.0 ? per_row : 1.0) + 0.5);
  g->slab = rows < 1.0 ? 1 : rows > g->nc[1] ? g->nc[1] : (int)rows;
  return true;
}

/* Position of cell (cx, cy, cz) in the sort order: slabs of g->slab cell rows along y, each
 * walked z-layer by z-layer, x fastest. A row's neighbours then lie in its slab's current and
 * next z-layers (the rest of the slab is not touched), so the loop's working set stays about
 * 3 layers of SLAB_PARTICLES whatever the box size; plain x-y-z order needs 2 to 3 whole
 * x-y planes (at 1M FCC spheres some 13000 particles each, 2 MB of particle and accumulator
 * records: past a core's L2). Only the rows along a slab's edge reach into the next slab. */
static inline int64_t cell_rank(const Grid *g, int cx, int cy, int cz) {
  return g->ybase[cy] + ((int64_t)cz * g->ywidth[cy] + g->yrow[cy]) * g->nc[0] + cx;
}

/* cell_rank's per-row terms (freed by grid_free). */
static void grid_rows(Grid *g) {
  const int ny = g->nc[1];
  g->ybase = gd_xmalloc((size_t)ny * sizeof *g->ybase);
  g->ywidth = gd_xmalloc((size_t)ny * sizeof *g->ywidth);
  g->yrow = gd_xmalloc((size_t)ny * sizeof *g->yrow);
  for (int cy = 0; cy < ny; cy++) {
    const int s = cy / g->slab;
    g->ywidth[cy] = ny - s * g->slab < g->slab ? ny - s * g->slab : g->slab;
    g->ybase[cy] = (int64_t)s * g->slab * g->nc[2] * g->nc[0];
    g->yrow[cy] = cy - s * g->slab;
  }
}
static void grid_free(Grid *g) {
  free(g->ybase);
  free(g->ywidth);
  free(g->yrow);
}

static inline int cell_coord(const Grid *g, int d, double v) {
  int k = (int)floor((v - g->lo[d]) / g->w[d]);
  if (k < 0) k = 0;
  if (k >= g->nc[d]) k = g->nc[d] - 1;
  return k;
}

static void sort_row(int32_t *j, int64_t n) {
  for (int64_t a = 1; a < n; a++) {
    int32_t v = j[a];
    int64_t k = a - 1;
    while (k >= 0 && j[k] > v) {
      j[k + 1] = j[k];
      k--;
    }
    j[k + 1] = v;
  }
}

/* A cell coordinate one step outside the grid wrapped to the other side when periodic (>= 3
 * cells then: no repeats); false when it lies beyond a fixed boundary. */
static inline bool wrap_cell(const Grid *g, int d, int *c) {
  if (*c >= 0 && *c < g->nc[d]) return true;
  if (!g->periodic[d]) return false;
  *c = (*c + g->nc[d]) % g->nc[d];
  return true;
}

/* What a row's scan of candidate partners reads. */
typedef struct Scan {
  const double *x, *y, *z, *rad;
  double len[3], half[3], lim[3];
  double reach; /* skin + extra */
  bool full;
} Scan;

/* Row i's partners among the particles j0 .. j1 - 1 (one cell, or three cells along x, which are
 * consecutive in the sort), written to jl from *out on; *in cleared when one lies beyond the
 * interior limits (NeighborList.interior). The row is sorted after. */
static inline void scan_range(const Scan *s, int64_t i, int64_t j0, int64_t j1, int32_t *jl, int64_t *out, bool *in) {
  const double xi = s->x[i], yi = s->y[i], zi = s->z[i], ri = s->rad[i];
  if (!s->full && j0 <= i) j0 = i + 1; /* the half list's partners j > i: a range below i is skipped whole */
  for (int64_t j = j0; j < j1; j++) {
    if (j == i) continue;
    const double ddx = box_min_image(xi - s->x[j], s->len[0], s->half[0]);
    const double ddy = box_min_image(yi - s->y[j], s->len[1], s->half[1]);
    const double ddz = box_min_image(zi - s->z[j], s->len[2], s->half[2]);
    const double cut = ri + s->rad[j] + s->reach;
    if (ddx * ddx + ddy * ddy + ddz * ddz < cut * cut) {
      jl[(*out)++] = (int32_t)j;
      *in = *in && fabs(xi - s->x[j]) <= s->lim[0] && fabs(yi - s->y[j]) <= s->lim[1] && fabs(zi - s->z[j]) <= s->lim[2];
    }
  }
}

/* Index of partner `want` in the old row `row`, or -1. */
static inline int64_t find_in_row(const int64_t *start, const int32_t *jl, int64_t row, int32_t want) {
  for (int64_t k = start[row]; k < start[row + 1]; k++)
    if (jl[k] == want) return k;
  return -1;
}

bool nbr_build(NeighborList *nl, Particles *p, const Box *b, const char **why) {
  const int nth = sysmem_threads(nl->threads);
  const int64_t n = p->n;
  const double t0 = omp_get_wtime();
  particles_wrap(p, b);
  double rmax = 0.0;
  for (int64_t i = 0; i < n; i++) rmax = fmax(rmax, p->radius[i]);
  const double skin = nl->skin, extra = nl->extra;
  Grid g;
  if (!grid_make(&g, p, b, 2.0 * rmax + skin + extra, why)) return false;
  grid_rows(&g);

  /* Counting sort by cell (stable: ties keep their current order). */
  int64_t *cell_of = gd_xmalloc((size_t)n * sizeof *cell_of);
  int64_t *cstart = gd_xmalloc((size_t)(g.ncells + 1) * sizeof *cstart);
  memset(cstart, 0, (size_t)(g.ncells + 1) * sizeof *cstart);
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t i = 0; i < n; i++) {
    const int cx = cell_coord(&g, 0, p->x[i]), cy = cell_coord(&g, 1, p->y[i]), cz = cell_coord(&g, 2, p->z[i]);
    cell_of[i] = cell_rank(&g, cx, cy, cz);
  }
  for (int64_t i = 0; i < n; i++) cstart[cell_of[i] + 1]++;
  for (int64_t c = 0; c < g.ncells; c++) cstart[c + 1] += cstart[c];
  int64_t *order = gd_xmalloc((size_t)n * sizeof *order);
  {
    int64_t *fill = gd_xmalloc((size_t)g.ncells * sizeof *fill);
    memcpy(fill, cstart, (size_t)g.ncells * sizeof *fill);
    for (int64_t i = 0; i < n; i++) order[fill[cell_of[i]]++] = i;
    free(fill);
  }
  free(cell_of);
  particles_permute(p, order, nl->threads);
  const double t1 = omp_get_wtime();
  nl->t_sort += t1 - t0;

  double len[3], half[3];
  box_images(b, len, half);
  const double *x = p->x, *y = p->y, *z = p->z, *rad = p->radius;
  const bool full = nl->full;
  int64_t *start = gd_xmalloc((size_t)(n + 1) * sizeof *start);
  start[0] = 0;

  /* One pass over the stencil: each thread fills its contiguous share of the rows, in order,
   * into a buffer of its own, and the shares are then copied to their place in the list. The
   * pass also flags the rows whose raw separations stay within half a box until the next build:
   * the minimum image is then the identity for them (NeighborList.interior). */
  unsigned char *interior = gd_xmalloc((size_t)(n > 0 ? n : 1));
  const double lim[3] = {half[0] - 1.5 * skin, half[1] - 1.5 * skin, half[2] - 1.5 * skin}; /* inf when fixed */
  const Scan sc = {x, y, z, rad, {len[0], len[1], len[2]}, {half[0], half[1], half[2]}, {lim[0], lim[1], lim[2]},
                   skin + extra, full};
  int32_t **share = calloc((size_t)nth, sizeof *share);
  int64_t *share_at = calloc((size_t)nth + 1, sizeof *share_at), *share_len = calloc((size_t)nth, sizeof *share_len);
  if (!share || !share_at || !share_len) gd_die(GD_EXIT_RUNTIME, "out of memory");
  int nshares = 1;
#pragma omp parallel num_threads(nth)
  {
    const int th = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t r0 = n * th / nt, r1 = n * (th + 1) / nt;
#pragma omp single nowait
    nshares = nt;
    share_at[th] = r0;
    int64_t cap = 4096, used = 0;
    int32_t *buf = gd_xmalloc((size_t)cap * sizeof *buf);
    for (int64_t i = r0; i < r1; i++) {
      const int c0[3] = {cell_coord(&g, 0, x[i]), cell_coord(&g, 1, y[i]), cell_coord(&g, 2, z[i])};
      int64_t rj0[27], rj1[27], room = 0; /* the stencil's particle ranges, and how many they hold */
      int nr = 0;
      for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++) {
          int cy = c0[1] + dy, cz = c0[2] + dz;
          if (!wrap_cell(&g, 1, &cy) || !wrap_cell(&g, 2, &cz)) continue;
          if (c0[0] > 0 && c0[0] + 1 < g.nc[0]) { /* three cells along x, consecutive in rank */
            const int64_t c = cell_rank(&g, c0[0] - 1, cy, cz);
            rj0[nr] = cstart[c], rj1[nr] = cstart[c + 3], room += rj1[nr] - rj0[nr], nr++;
            continue;
          }
          for (int dx = -1; dx <= 1; dx++) {
            int cx = c0[0] + dx;
            if (!wrap_cell(&g, 0, &cx)) continue;
            const int64_t c = cell_rank(&g, cx, cy, cz);
            rj0[nr] = cstart[c], rj1[nr] = cstart[c + 1], room += rj1[nr] - rj0[nr], nr++;
          }
        }
      if (used + room > cap) {
        while (used + room > cap) cap *= 2;
        buf = gd_xrealloc(buf, (size_t)cap * sizeof *buf);
      }
      int64_t out = used;
      bool in = true;
      for (int r = 0; r < nr; r++) scan_range(&sc, i, rj0[r], rj1[r], buf, &out, &in);
      const int64_t cnt = out - used;
      sort_row(buf + used, cnt);
      interior[i] = in;
      start[i + 1] = cnt;
      used += cnt;
    }
    share[th] = buf, share_len[th] = used;
  }
  share_at[nshares] = n;
  for (int64_t i = 0; i < n; i++) start[i + 1] += start[i];
  int32_t *jl = gd_xmalloc((size_t)(start[n] > 0 ? start[n] : 1) * sizeof *jl);
  for (int t = 0; t < nshares; t++) {
    if (share_len[t]) memcpy(jl + start[share_at[t]], share[t], (size_t)share_len[t] * sizeof *jl);
    free(share[t]);
  }
  free(share), free(share_at), free(share_len);
  free(cstart);
  grid_free(&g);
  const int64_t npairs = start[n];

  /* History and touch flags carried over by identity (order[k] = old index of new k). */
  const int hs = nl->hsize, flip0 = nl->flip0;
  double *hist = gd_xmalloc((size_t)(npairs > 0 ? npairs : 1) * (size_t)(hs > 0 ? hs : 1) * sizeof *hist);
  unsigned char *touch = gd_xmalloc((size_t)(npairs > 0 ? npairs : 1));
  memset(hist, 0, (size_t)(npairs > 0 ? npairs : 1) * (size_t)(hs > 0 ? hs : 1) * sizeof *hist);
  memset(touch, 0, (size_t)(npairs > 0 ? npairs : 1));
  if (nl->start && nl->n == n) {
    const int64_t *ostart = nl->start;
    const int32_t *ojl = nl->j;
    const double *ohist = nl->hist;
    const unsigned char *otouch = nl->touch;
#pragma omp parallel for schedule(dynamic, 256) num_threads(nth)
    for (int64_t i = 0; i < n; i++) {
      const int64_t oi = order[i];
      for (int64_t k = start[i]; k < start[i + 1]; k++) {
        const int64_t oj = order[jl[k]];
        double sign = 1.0;
        int64_t ok = find_in_row(ostart, ojl, oi, (int32_t)oj);
        if (ok < 0 && !full) {
          ok = find_in_row(ostart, ojl, oj, (int32_t)oi);
          sign = -1.0; /* the pair changed rows: i and j swap roles */
        }
        if (ok < 0) continue;
        touch[k] = otouch[ok];
        for (int h = 0; h < hs; h++)
          hist[k * hs + h] = (h >= flip0 && h < flip0 + 3 ? sign : 1.0) * ohist[ok * hs + h];
      }
    }
  }
  free(nl->order);
  nl->order = order; /* kept: per-particle state outside the list follows the same sort */
  free(nl->start);
  free(nl->j);
  free(nl->hist);
  free(nl->touch);
  free(nl->interior);
  nl->interior = interior;
  nl->start = start;
  nl->j = jl;
  nl->hist = hist;
  nl->touch = touch;
  nl->npairs = nl->cap = npairs;
  nl->n = n;

  if (!nl->x0) {
    nl->x0 = gd_xmalloc((size_t)n * sizeof(double));
    nl->y0 = gd_xmalloc((size_t)n * sizeof(double));
    nl->z0 = gd_xmalloc((size_t)n * sizeof(double));
  }
  memcpy(nl->x0, p->x, (size_t)n * sizeof(double));
  memcpy(nl->y0, p->y, (size_t)n * sizeof(double));
  memcpy(nl->z0, p->z, (size_t)n * sizeof(double));
  if (nl->grow) {
    if (!nl->r0) nl->r0 = gd_xmalloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    memcpy(nl->r0, p->radius, (size_t)n * sizeof(double));
  }
  nl->builds++;
  static uint64_t last_build_id; /* shared by every list of the process */
  nl->build_id = __atomic_add_fetch(&last_build_id, 1, __ATOMIC_RELAXED);
  nl->t_build += omp_get_wtime() - t1;
  return true;
}

/* Whether a sphere of rows [i0, i1) moved enough for a rebuild (nbr_needs_rebuild). */
static int moved_rows(const NeighborList *nl, const Particles *p, int64_t i0, int64_t i1) {
  int moved = 0;
  if (nl->grow) { /* a pair unlisted at the build is r > R_i0 + R_j0 + skin apart */
    const double *r0 = nl->r0, *rad = p->radius;
    const double hskin = nl->trigger * nl->skin;
    for (int64_t i = i0; i < i1 && !moved; i++) {
      const double dx = p->x[i] - nl->x0[i], dy = p->y[i] - nl->y0[i], dz = p->z[i] - nl->z0[i];
      moved = sqrt(dx * dx + dy * dy + dz * dz) + (rad[i] - r0[i]) > hskin;
    }
    return moved;
  }
  const double lim = (nl->trigger * nl->skin) * (nl->trigger * nl->skin); /* (skin/2)^2 */
  const double *x = p->x, *y = p->y, *z = p->z, *x0 = nl->x0, *y0 = nl->y0, *z0 = nl->z0;
  /* | rather than ||: no early exit, so the loop vectorises (every step pays it for every sphere) */
  for (int64_t i = i0; i < i1; i++) {
    const double dx = x[i] - x0[i], dy = y[i] - y0[i], dz = z[i] - z0[i];
    moved |= dx * dx + dy * dy + dz * dz > lim;
  }
  return moved;
}

bool nbr_needs_rebuild(const NeighborList *nl, const Particles *p) {
  if (!nl->start) return true;
  const int nth = sysmem_threads(nl->threads);
  if (nth == 1) return moved_rows(nl, p, 0, p->n); /* no OpenMP region (team.h) */
  int moved = 0;
#pragma omp parallel num_threads(nth) reduction(| : moved)
  {
    int64_t i0, i1;
    team_rows(p->n, &i0, &i1);
    moved |= moved_rows(nl, p, i0, i1);
  }
  return moved;
}
