/*
 * neighbor.h - cell sort and Verlet neighbour lists with per-contact history.
 *
 * Particles are sorted in cell order (counting sort on a cell grid at least as wide as the
 * largest interaction range; cells walked in y-slabs of some 1000 particles per z-layer, see
 * cell_rank), so neighbours are near in memory. A pair (i, j) enters the list
 * while r < R_i + R_j + skin (+ the JKR pull-off range); the list is rebuilt once any particle
 * has moved more than half the skin since the last build. Lists are CSR: the partners of i are
 * j[start[i] .. start[i+1]). A half list holds each pair once (in the row of the lower index),
 * a full list twice. Each entry carries the contact's history and touch flag; a rebuild carries
 * them over by particle identity, as LAMMPS fix neigh/history does (the vector components change
 * sign when the pair changes rows, §5), and a pair that leaves the list forgets them.
 */
#ifndef GD_NEIGHBOR_H
#define GD_NEIGHBOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "particles.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct NeighborList {
  bool full;             /**< full (each pair twice) or half list */
  int64_t n;             /**< rows (particles) */
  int64_t *start;        /**< n + 1 row offsets */
  int32_t *j;            /**< partner index per entry */
  int64_t npairs;        /**< entries, start[n] */
  int64_t cap;           /**< allocated entries */
  int hsize;             /**< history doubles per entry */
  double *hist;          /**< npairs * hsize */
  unsigned char *touch;  /**< touch flag per entry (JKR hysteresis, §1.5) */
  unsigned char *interior; /**< per row: 1 if the row needs no minimum image until the next build
                                (every partner within half a box less 1.5 skins along each
                                periodic dimension at the build; each end then moves at most
                                half a skin), so the vector loops skip it (force_simd.h) */
  double skin;           /**< [m] */
  double trigger;        /**< a rebuild once a sphere has moved trigger x skin: 0.5 (nbr_init), so
                              that no pair comes within reach unlisted (each end moves half a skin) */
  double extra;          /**< extra range beyond R_i + R_j + skin (JKR pull-off) [m] */
  double *x0, *y0, *z0;  /**< positions at the last build */
  int flip0;             /**< first of the 3 history values that change sign when a pair changes
                              rows (the tangential vector; MDR_NHIST after MDR's history) */
  bool grow;             /**< radii may grow (MDR): the rebuild test adds each radius growth */
  double *r0;            /**< radii at the last build (only when grow) */
  int64_t *order;        /**< the last build's sort: new index k held old index order[k] */
  int64_t builds;        /**< number of builds so far */
  uint64_t build_id;     /**< the last build's id, unique in the process (0: never built); what
                              caches derived from the list (ForceWork's block map) key on */
  double t_sort, t_build; /**< seconds spent sorting and building, summed over builds */
  int threads;           /**< of the build's and the rebuild test's parallel regions (0: the OpenMP default) */
} NeighborList;

/** Prepares an empty list. hsize: history doubles per entry; extra: pull-off range; threads:
 *  of its parallel regions (0: the OpenMP default). */
void nbr_init(NeighborList *nl, bool full, int hsize, double skin, double extra, int threads);
void nbr_free(NeighborList *nl);

/** Sorts the particles in cell order and rebuilds the list, carrying history and touch flags
 *  over from the previous list (if any). Returns false and sets *why when the box is too small
 *  for the interaction range along a periodic dimension (fewer than 3 cells). */
bool nbr_build(NeighborList *nl, Particles *p, const Box *b, const char **why);

/** True if some particle moved more than half the skin since the last build (with grow:
 *  moved plus grew, |dx_i| + (R_i - R_i0) > skin/2, so no unlisted pair can touch). */
bool nbr_needs_rebuild(const NeighborList *nl, const Particles *p);

/** Bytes held by the list (for the memory report). */
size_t nbr_bytes(const NeighborList *nl);

#ifdef __cplusplus
}
#endif
#endif
