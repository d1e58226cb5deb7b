/*
 * fuzz_rows.c - fuzz harness: engines bench's rows file (bench_rows_read, the input held in a
 * memfd). Every row read has three non-empty NUL-terminated names and a model text that parses
 * again to the same model kinds; a file that gives no row gives a reason.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench_rows.h"
#include "fuzz.h"

static int rows_fd = -1;
static char rows_path[64];
static BenchRow fuzz_rows_buf[BENCH_MAX_ROWS];

int fuzz_rows(const uint8_t *data, size_t size) {
  FUZZ_MEMFD_FILE(rows_fd, rows_path, data, size);
  ErrList err = {0};
  const int n = bench_rows_read(rows_path, fuzz_rows_buf, &err);
  FUZZ_CHECK(n >= 0 && n <= BENCH_MAX_ROWS, "%d rows", n);
  FUZZ_CHECK(n > 0 || err.n > 0, "no rows and no reason");
  for (int k = 0; k < n; k++) {
    const BenchRow *r = &fuzz_rows_buf[k];
    for (int j = 0; j < 3; j++)
      FUZZ_CHECK(memchr(r->label[j], '\0', sizeof r->label[j]) && r->label[j][0], "row %d: label %d", k, j);
    FUZZ_CHECK(memchr(r->text, '\0', sizeof r->text) && r->text[0], "row %d: text", k);
    ContactModel again;
    ErrList e2 = {0};
    FUZZ_CHECK(model_parse(r->text, &again, &e2) == 0, "row %d: its text no longer parses", k);
    FUZZ_CHECK(again.normal.model == r->model.normal.model && again.damping.model == r->model.damping.model,
               "row %d: another model on a second parse", k);
    errlist_free(&e2);
  }
  errlist_free(&err);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_rows(data, size); }
#endif
