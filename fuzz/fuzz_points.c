/*
 * fuzz_points.c - fuzz harness: calibrate's measured points file (calibrate_read_points, the
 * input held in a memfd). Every point read has v > 0 and e in [0, 1], at most the maximum; a
 * file that gives no point gives a reason.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "calibrate.h"
#include "fuzz.h"
#include "textfile.h"

static int points_fd = -1;
static char points_path[64];

int fuzz_points(const uint8_t *data, size_t size) {
  FUZZ_MEMFD_FILE(points_fd, points_path, data, size);
  enum { MAX = 16 };
  CalibratePoint pts[MAX + 1];
  pts[MAX] = (CalibratePoint){-7.0, -7.0}; /* a guard: never written */
  ErrList err = {0};
  const int n = calibrate_read_points(points_path, pts, MAX, &err);
  FUZZ_CHECK(n >= 0 && n <= MAX, "%d points", n);
  FUZZ_CHECK(pts[MAX].v == -7.0, "wrote past the maximum");
  for (int k = 0; k < n; k++)
    FUZZ_CHECK(pts[k].v > 0 && isfinite(pts[k].v) && pts[k].e >= 0 && pts[k].e <= 1, "point %d: v %g e %g", k, pts[k].v,
               pts[k].e);
  FUZZ_CHECK(n > 0 || err.n > 0, "no points and no reason");
  for (int k = 0; k < err.n; k++) FUZZ_CHECK(strlen(err.msg[k]) < 2048, "a message of %zu bytes", strlen(err.msg[k]));
  FUZZ_CHECK(err.n <= TEXTFILE_MAX_ERRORS + 2, "%d errors", err.n);
  errlist_free(&err);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_points(data, size); }
#endif
