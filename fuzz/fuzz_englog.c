/*
 * fuzz_englog.c - fuzz harness: every reader of an engine's output (src/engines/lammps.c,
 * liggghts.c, yade.c and engine_file_line of run.c) on one file, the input, held in a memfd.
 *
 * Each reader must refuse or give finite numbers; an accepted timing must pass
 * engine_timing_check (finite positive times, pair <= loop within rounding, finite rate) and
 * give counts >= 0. The line helpers must give a NUL-terminated line that fits their buffer.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine.h"
#include "fuzz.h"
#include "lammps.h"
#include "liggghts.h"
#include "run.h"
#include "yade.h"

static int englog_fd = -1;
static char englog_path[64];

static void check_timing(bool ok, const EngineTiming *t, const char *who) {
  if (!ok) return;
  char why[256];
  FUZZ_CHECK(engine_timing_check(who, "pair", t, why, sizeof why), "%s accepted a timing that fails its check: %s", who,
             why);
  FUZZ_CHECK(t->contacts0 >= 0 && t->contacts >= 0 && t->atoms > 0 && t->steps > 0, "%s: counts %ld %ld %ld %ld", who,
             t->contacts0, t->contacts, t->atoms, t->steps);
  FUZZ_CHECK(memchr(t->version, '\0', sizeof t->version) != NULL, "%s: version not terminated", who);
}

int fuzz_englog(const uint8_t *data, size_t size) {
  FUZZ_MEMFD_FILE(englog_fd, englog_path, data, size);
  const char *path = englog_path;
  char why[512], line[128], version[64];
  /* the line helpers */
  if (engine_file_line(path, NULL, line, sizeof line))
    FUZZ_CHECK(strlen(line) < sizeof line && strlen(line) > 0, "last line of %zu bytes", strlen(line));
  const int got = engine_log_line(path, "GRANDAMP", line, sizeof line, why, sizeof why);
  FUZZ_CHECK(got >= -1 && got <= 1, "engine_log_line returned %d", got);
  if (got == 1) FUZZ_CHECK(!strncmp(line, "GRANDAMP", 8), "a line without its prefix: %s", line);
  /* LAMMPS */
  double v1, v2, a, b, c, d;
  if (lammps_read_log(path, &v1, &v2, version, sizeof version, why, sizeof why))
    FUZZ_CHECK(isfinite(v1) && isfinite(v2), "lammps: v1 %g v2 %g", v1, v2);
  if (lammps_read_oblique(path, &a, &b, &c, &d))
    FUZZ_CHECK(isfinite(a) && isfinite(b) && isfinite(c) && isfinite(d), "lammps oblique: not finite");
  const long steps = lammps_contact_steps(path);
  FUZZ_CHECK(steps >= -1, "lammps contact steps %ld", steps);
  EngineTiming t;
  memset(&t, 0, sizeof t);
  check_timing(lammps_read_timing(path, &t, why, sizeof why), &t, "lmp");
  /* LIGGGHTS */
  EngineResult r;
  memset(&r, 0, sizeof r);
  if (liggghts_parse_log(path, NULL, 1004, 1e-6, 1e-3, &r, why, sizeof why))
    FUZZ_CHECK(isfinite(r.e) && r.e >= 0 && isfinite(r.ke_in) && isfinite(r.ke_out) && r.ke_in > 0,
               "liggghts: e %g ke %g %g", r.e, r.ke_in, r.ke_out);
  memset(&t, 0, sizeof t);
  check_timing(liggghts_read_timing(path, NULL, &t, why, sizeof why), &t, "liggghts");
  /* Yade */
  memset(&r, 0, sizeof r);
  if (yade_parse_log(path, &r, why, sizeof why))
    FUZZ_CHECK(isfinite(r.e) && isfinite(r.t_c) && isfinite(r.ke_in) && isfinite(r.ke_out), "yade: not finite");
  memset(&t, 0, sizeof t);
  check_timing(yade_read_timing(path, &t, why, sizeof why), &t, "yade");
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_englog(data, size); }
#endif
