/*
 * fuzz_gas.c - fuzz harness: the options of the gas packing (`grandamp packing --type gas`).
 *
 * The input is split at NUL bytes and newlines into words, the options given to
 * `packing --type gas ... --out <private dir>/gas.data`, run in this process with stdout and
 * stderr captured. Every option's range is checked before work (packing_check), so:
 *   - the exit status is 0 or 2, never 1 (a placement that jams, an equilibration that fails,
 *     a temperature that overflows: a range the check let through) and never an exit from
 *     inside (gd_die ends the process: libFuzzer reports it);
 *   - 2 comes with an "error:" line, every stderr line starts with "grandamp: ";
 *   - 0 leaves a data file that reads back with N spheres, every value finite, the granular
 *     temperature T0 to 1e-9 (never all-zero velocities), finite kinetic energies, and with
 *     --equilibrate 0 no two spheres overlapping (placement's promise).
 * Work is bounded by the harness, not the command: inputs without --n, with --n above
 * FUZZ_GAS_MAX_N or --threads above 2, or whose equilibration (gas_layout) passes
 * FUZZ_GAS_MAX_WORK sphere-steps are skipped.
 */
#define _GNU_SOURCE
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "datafile.h"
#include "fuzz.h"
#include "gas.h"
#include "packing.h"

#define FUZZ_GAS_MAX_WORDS 40
#define FUZZ_GAS_MAX_N 64.0
#define FUZZ_GAS_MAX_WORK 2e5 /* equilibration steps x (N + 16): well under a second */

static char gas_fz_dir[64];

static void gas_fz_dir_remove(void) {
  char cmd[96];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", gas_fz_dir);
  if (system(cmd) != 0) fprintf(stderr, "fuzz_gas: cannot remove %s\n", gas_fz_dir);
}

static const char *gas_fz_out(void) {
  static char path[96];
  if (!gas_fz_dir[0]) {
    const char *tmp = getenv("TMPDIR");
    snprintf(gas_fz_dir, sizeof gas_fz_dir, "%s/grandamp_fuzz_gas_XXXXXX",
             tmp && *tmp && strlen(tmp) < 30 ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(gas_fz_dir) != NULL, "cannot make %s", gas_fz_dir);
    atexit(gas_fz_dir_remove);
    snprintf(path, sizeof path, "%s/gas.data", gas_fz_dir);
  }
  return path;
}

/* The number after opt among the words, def when absent; *given says whether it was there. */
static double gas_fz_value(int argc, char **argv, const char *opt, double def, bool *given) {
  if (given) *given = false;
  for (int k = 0; k + 1 < argc; k++)
    if (!strcmp(argv[k], opt)) {
      if (given) *given = true;
      char *end;
      const double v = strtod(argv[k + 1], &end);
      return end != argv[k + 1] ? v : def;
    }
  return def;
}

static bool gas_fz_has(int argc, char **argv, const char *opt) {
  for (int k = 0; k < argc; k++)
    if (!strcmp(argv[k], opt)) return true;
  return false;
}

/* True when the input asks for more work than one fuzz input may take. */
static bool gas_fz_costly(int argc, char **argv) {
  bool given;
  const double n = gas_fz_value(argc, argv, "--n", NAN, &given);
  if (!given || !(n <= FUZZ_GAS_MAX_N)) return true;
  if (!(gas_fz_value(argc, argv, "--threads", 1, NULL) <= 2.0)) return true;
  PackingSpec s = packing_defaults();
  s.type = PACKING_GAS, s.n = n >= 2 ? (int64_t)n : 2;
  s.phi = gas_fz_value(argc, argv, "--phi", 0.1, NULL);
  s.ratio = gas_fz_value(argc, argv, "--ratio", 1.0, NULL);
  s.radius = gas_fz_value(argc, argv, "--radius", s.radius, NULL);
  s.equilibrate = gas_fz_value(argc, argv, "--equilibrate", s.equilibrate, NULL);
  if (!(s.phi >= GAS_PHI_MIN && s.phi <= GAS_PHI_MAX && s.ratio >= 1.0 && s.ratio <= 3.0 && s.equilibrate >= 0.0))
    return false; /* refused before any work */
  return !(gas_layout(&s).steps * ((double)s.n + 16.0) <= FUZZ_GAS_MAX_WORK);
}

static void gas_fz_check_stderr(const char *err, size_t len, int status) {
  bool has_error = false;
  for (const char *s = err; s < err + len;) {
    const char *nl = memchr(s, '\n', (size_t)(err + len - s));
    const size_t n = nl ? (size_t)(nl - s) : (size_t)(err + len - s);
    FUZZ_CHECK(n >= 10 && !strncmp(s, "grandamp: ", 10), "gas: stderr line without the prefix: %.200s", s);
    has_error = has_error || !strncmp(s, "grandamp: error: ", 17);
    s += n + 1;
  }
  FUZZ_CHECK(status == 0 || has_error, "gas: exit %d without an error message", status);
}

/* What an accepted gas must be (see the top). */
static void gas_fz_check_file(const char *path, int argc, char **argv) {
  Particles p;
  Box b;
  ErrList err = {0};
  FUZZ_CHECK(datafile_read(path, &p, &b, &err), "gas: exit 0 but %s does not read back: %s", path,
             err.n ? err.msg[0] : "?");
  const double n = gas_fz_value(argc, argv, "--n", 0, NULL), T0 = gas_fz_value(argc, argv, "--temperature", 1.0, NULL);
  FUZZ_CHECK((double)p.n == n, "gas: %lld spheres written, %g asked for", (long long)p.n, n);
  const GasTemperature T = gas_temperature(&p);
  FUZZ_CHECK(fabs(T.trans - T0) <= 1e-9 * T0, "gas: temperature %.17g, asked for %.17g", T.trans, T0);
  FUZZ_CHECK(isfinite(T.rot), "gas: rotational temperature %g", T.rot);
  double ke = 0.0;
  for (int64_t i = 0; i < p.n; i++)
    ke += p.mass[i] * (p.vx[i] * p.vx[i] + p.vy[i] * p.vy[i] + p.vz[i] * p.vz[i]) +
          0.4 * p.mass[i] * p.radius[i] * p.radius[i] * (p.wx[i] * p.wx[i] + p.wy[i] * p.wy[i] + p.wz[i] * p.wz[i]);
  FUZZ_CHECK(isfinite(ke) && ke > 0.0, "gas: kinetic energy %g", ke);
  if (gas_fz_value(argc, argv, "--equilibrate", 2.0, NULL) == 0.0) {
    const double L = b.hi[0] - b.lo[0];
    for (int64_t i = 0; i < p.n; i++)
      for (int64_t j = i + 1; j < p.n; j++) {
        double d[3] = {p.x[i] - p.x[j], p.y[i] - p.y[j], p.z[i] - p.z[j]};
        for (int k = 0; k < 3; k++) d[k] -= L * nearbyint(d[k] / L);
        const double s = p.radius[i] + p.radius[j], r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        FUZZ_CHECK(r2 >= s * s * (1.0 - 1e-12), "gas: ids %lld and %lld overlap after placement", (long long)p.id[i],
                   (long long)p.id[j]);
      }
  }
  particles_free(&p);
  errlist_free(&err);
}

int fuzz_gas(const uint8_t *data, size_t size) {
  char *text = fuzz_cstring(data, size);
  char *argv[FUZZ_GAS_MAX_WORDS + 6];
  int argc = 0;
  argv[argc++] = "--type", argv[argc++] = "gas";
  const int first = argc;
  size_t start = 0;
  for (size_t i = 0; i <= size && argc < FUZZ_GAS_MAX_WORDS; i++)
    if (i == size || text[i] == '\0' || text[i] == '\n') {
      text[i] = '\0';
      argv[argc++] = text + start;
      start = i + 1;
    }
  /* an --out among the words would name a real path: only the private one is written */
  const bool own_out = !gas_fz_has(argc - first, argv + first, "--out");
  const char *out = gas_fz_out();
  argv[argc++] = "--out", argv[argc++] = (char *)out;
  if (own_out && !gas_fz_costly(argc - first, argv + first)) {
    unlink(out);
    char *sout = NULL, *serr = NULL;
    size_t nout = 0, nerr = 0;
    omp_set_num_threads(1); /* as fuzz_cli: the runtime starts before stdout is swapped */
#pragma omp parallel
    { (void)0; }
    FILE *saved_out = stdout, *saved_err = stderr;
    stdout = open_memstream(&sout, &nout);
    stderr = open_memstream(&serr, &nerr);
    FUZZ_CHECK(stdout && stderr, "open_memstream failed");
    const int status = cli_packing(argc, argv);
    fclose(stdout);
    fclose(stderr);
    stdout = saved_out, stderr = saved_err;
    FUZZ_CHECK(status == 0 || status == 2, "gas: exit status %d (a range let through what the work cannot do): %.300s",
               status, serr ? serr : "");
    gas_fz_check_stderr(serr, nerr, status);
    if (status == 0) gas_fz_check_file(out, argc - first, argv + first);
    else FUZZ_CHECK(access(out, F_OK) != 0, "gas: exit %d, yet %s was written", status, out);
    free(sout);
    free(serr);
  }
  free(text);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_gas(data, size); }
#endif
