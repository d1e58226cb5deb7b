/*
 * team.h - the per-step passes over the spheres on one thread open no OpenMP region. libgomp 12
 * makes one or two futex calls per parallel region even for a team of one, about 2 us a region
 * where system calls trap to the hypervisor, and a step opens five: more than the work of a
 * 2-sphere collision's step. A pass on several threads splits the rows as team_rows says.
 */
#ifndef GD_TEAM_H
#define GD_TEAM_H

#include <omp.h>
#include <stdint.h>

#include "common.h"

/* The calling thread's share [*i0, *i1) of n rows, in order: OpenMP's static schedule without a
 * chunk, to within a row. Outside a parallel region, every row. */
GD_INLINE void team_rows(int64_t n, int64_t *i0, int64_t *i1) {
  const int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
  *i0 = n * t / nt;
  *i1 = n * (t + 1) / nt;
}

#endif
