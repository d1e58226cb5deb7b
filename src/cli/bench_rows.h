/*
 * bench_rows.h - `grandamp engines bench --rows ROWS.csv`: the benchmark's model rows as
 * grandamp_bench --model-rows writes them (normal,damping,tangential,<pair_coeff text>, one a
 * line), read through the bounded line reader (textfile.h). Apart from cli_engines.c so that the
 * fuzz harness (fuzz/fuzz_rows.c) links the reader alone.
 */
#ifndef GD_BENCH_ROWS_H
#define GD_BENCH_ROWS_H

#include "error.h"
#include "model.h"

#define BENCH_MAX_ROWS 256

typedef struct BenchRow {
  char label[3][48];   /* the benchmark's names: normal, damping, tangential (hertz_material, ...) */
  char text[512];      /* its pair_coeff text */
  ContactModel model;
} BenchRow;

/** Reads at most BENCH_MAX_ROWS rows of path into rows; every bad line is listed in err (with
 *  its line number). Returns the number of rows read (check err->n). */
int bench_rows_read(const char *path, BenchRow *rows, ErrList *err);

#endif
