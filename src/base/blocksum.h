/*
 * blocksum.h - sums over particles that give the same bits for any thread count.
 *
 * An OpenMP reduction adds each thread's partial sum in an order that depends on the thread
 * count, so a total differs in its last bits between 1 and 2 threads. Here each fixed block of
 * BLOCKSUM_ROWS rows gets its own partial sum (a block is always summed by one thread, in row
 * order), and the partials are added serially in block order: the result depends on the data
 * alone (the XSBench idea of keying the work by item, not by thread).
 */
#ifndef GD_BLOCKSUM_H
#define GD_BLOCKSUM_H

#include <stdint.h>

#define BLOCKSUM_ROWS 512 /* the force loops' scheduling block: one partial per block they run */

/** Number of blocks of BLOCKSUM_ROWS rows covering n rows. */
static inline int64_t blocksum_blocks(int64_t n) { return (n + BLOCKSUM_ROWS - 1) / BLOCKSUM_ROWS; }

/** out[c] = sum over b = 0, 1, ... of part[b * width + c], in that order. */
static inline void blocksum_total(const double *part, int64_t nblocks, int width, double *out) {
  for (int c = 0; c < width; c++) out[c] = 0.0;
  for (int64_t b = 0; b < nblocks; b++)
    for (int c = 0; c < width; c++) out[c] += part[b * width + c];
}

#endif
