/*
 * fuzz_datafile.c - fuzz harness: the LAMMPS data-file reader (datafile.h).
 *
 * The input is the file: it is written to a memfd (one per process, truncated for each
 * input) and read through its /proc/self/fd path, so the reader sees a regular file with a
 * size, as it does for a real file. The reader must either report errors (and leave *p zeroed)
 * or give particles that satisfy its contract (ids >= 1, types in 1..ntypes, finite values,
 * radius >= 0, mass > 0, lo < hi). An accepted file is written back with datafile_write into a
 * scratch directory; when the writer accepts it, reading that file must give the same atoms
 * (bitwise, except mass, which goes through density: a few ulp).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "datafile.h"
#include "fuzz.h"

static int memfd = -1;
static char memfd_path[64];
static char scratch[256];
static char out_path[300];

static void scratch_remove(void) {
  unlink(out_path);
  rmdir(scratch);
}

static void fuzz_datafile_init(void) {
  memfd = memfd_create("grandamp-fuzz.data", 0);
  FUZZ_CHECK(memfd >= 0, "memfd_create failed");
  snprintf(memfd_path, sizeof memfd_path, "/proc/self/fd/%d", memfd);
  const char *tmp = getenv("TMPDIR");
  snprintf(scratch, sizeof scratch, "%s/grandamp-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  FUZZ_CHECK(mkdtemp(scratch) != NULL, "mkdtemp %s failed", scratch);
  snprintf(out_path, sizeof out_path, "%s/out.data", scratch);
  atexit(scratch_remove);
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static double no_subnormal(double v) { return fpclassify(v) == FP_SUBNORMAL ? copysign(0.0, v) : v; }

static int cmp_id(const void *a, const void *b) {
  const int64_t u = *(const int64_t *)a, v = *(const int64_t *)b;
  return (u > v) - (u < v);
}

static void check_contract(const Particles *p, const Box *b) {
  FUZZ_CHECK(p->n >= 0 && p->ntypes >= 1, "n %lld, ntypes %d", (long long)p->n, p->ntypes);
  for (int d = 0; d < 3; d++)
    FUZZ_CHECK(isfinite(b->lo[d]) && isfinite(b->hi[d]) && b->lo[d] < b->hi[d], "box %d: %g %g", d, b->lo[d],
               b->hi[d]);
  for (int64_t i = 0; i < p->n; i++) {
    FUZZ_CHECK(p->id[i] >= 1 && p->type[i] >= 1 && p->type[i] <= p->ntypes, "atom %lld: id %lld type %d",
               (long long)i, (long long)p->id[i], p->type[i]);
    const double v[11] = {p->x[i],  p->y[i],  p->z[i],  p->vx[i],     p->vy[i],  p->vz[i],
                          p->wx[i], p->wy[i], p->wz[i], p->radius[i], p->mass[i]};
    for (int c = 0; c < 11; c++) FUZZ_CHECK(isfinite(v[c]), "atom %lld: value %d is %g", (long long)i, c, v[c]);
    FUZZ_CHECK(p->radius[i] >= 0.0 && p->mass[i] > 0.0, "atom %lld: radius %g mass %g", (long long)i,
               p->radius[i], p->mass[i]);
  }
  int64_t *ids = malloc((size_t)(p->n > 0 ? p->n : 1) * sizeof *ids);
  FUZZ_CHECK(ids != NULL, "out of memory");
  if (p->n > 0) memcpy(ids, p->id, (size_t)p->n * sizeof *ids);
  qsort(ids, (size_t)p->n, sizeof *ids, cmp_id);
  for (int64_t i = 1; i < p->n; i++) FUZZ_CHECK(ids[i] != ids[i - 1], "id %lld accepted twice", (long long)ids[i]);
  free(ids);
}

static void check_round_trip(const Particles *p, const Box *b) {
  if (!datafile_write(out_path, p, b, NULL)) return; /* refused (e.g. a density out of range) */
  Particles q;
  Box c = {.periodic = {false, false, false}};
  ErrList err = {0};
  const bool ok = datafile_read(out_path, &q, &c, &err);
  if (!ok) errlist_print(&err, stderr);
  FUZZ_CHECK(ok, "the reader refuses the file the writer wrote");
  errlist_free(&err);
  FUZZ_CHECK(q.n == p->n && q.ntypes == p->ntypes, "round trip: n %lld -> %lld, ntypes %d -> %d",
             (long long)p->n, (long long)q.n, p->ntypes, q.ntypes);
  for (int d = 0; d < 3; d++)
    FUZZ_CHECK(same_bits(c.lo[d], b->lo[d]) && same_bits(c.hi[d], b->hi[d]), "round trip: box %d", d);
  for (int64_t i = 0; i < p->n; i++) {
    FUZZ_CHECK(q.id[i] == p->id[i] && q.type[i] == p->type[i], "round trip: atom %lld id/type", (long long)i);
    const double a[10] = {p->x[i], p->y[i], p->z[i], p->vx[i], p->vy[i], p->vz[i], p->wx[i], p->wy[i], p->wz[i],
                          p->radius[i]};
    const double e[10] = {q.x[i], q.y[i], q.z[i], q.vx[i], q.vy[i], q.vz[i], q.wx[i], q.wy[i], q.wz[i], q.radius[i]};
    for (int k = 0; k < 10; k++)
      FUZZ_CHECK(same_bits(no_subnormal(a[k]), e[k]) || (k == 9 && same_bits(a[k], e[k])),
                 "round trip: atom %lld value %d: %.17g -> %.17g", (long long)i, k, a[k], e[k]);
    FUZZ_CHECK(fabs(q.mass[i] - p->mass[i]) <= 1e-14 * p->mass[i], "round trip: atom %lld mass %.17g -> %.17g",
               (long long)i, p->mass[i], q.mass[i]);
  }
  particles_free(&q);
  unlink(out_path); /* libFuzzer may end without atexit handlers: leave at most the directory */
}

int fuzz_datafile(const uint8_t *data, size_t size) {
  if (memfd < 0) fuzz_datafile_init();
  FUZZ_CHECK(ftruncate(memfd, 0) == 0, "ftruncate failed");
  for (size_t done = 0; done < size;) {
    const ssize_t w = pwrite(memfd, data + done, size - done, (off_t)done);
    FUZZ_CHECK(w > 0, "pwrite failed");
    done += (size_t)w;
  }
  Particles p;
  Box b = {.periodic = {true, true, true}};
  ErrList err = {0};
  const bool ok = datafile_read(memfd_path, &p, &b, &err);
  if (!ok) {
    FUZZ_CHECK(err.n > 0, "read failed without an error message");
    FUZZ_CHECK(p.n == 0 && p.x == NULL && p.id == NULL, "failed read left particles behind");
  } else {
    FUZZ_CHECK(err.n == 0, "read succeeded with %d error messages", err.n);
    check_contract(&p, &b);
    check_round_trip(&p, &b);
    particles_free(&p);
  }
  errlist_free(&err);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_datafile(data, size); }
#endif
