/* run.c - an engine's runs: their limits, their logs and their decks (see run.h). */
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "error.h"
#include "textfile.h"
#include "timer.h"

void engine_msgf(char *dst, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dst, n, fmt, ap); /* through vsnprintf: the cut is intended, not a format warning */
  va_end(ap);
}

/* An engine's file: a regular file of at most 256 MiB (an engine's log is some kB; a collision's
 * gap file a line per step), lines of at most 64 KiB, no NUL byte. A longer file is refused
 * rather than scanned for minutes: every reader here reads the file through once. */
#define ENGINE_LOG_MAX_BYTES PROC_OUTPUT_MAX_BYTES /* the bound proc_spawn holds the engine to while it writes */
#define ENGINE_LOG_MAX_LINE ((size_t)64 << 10)

bool engine_log_open(TextFile *t, const char *path, char *why, size_t why_size) {
  if (textfile_open_regular(t, path, ENGINE_LOG_MAX_BYTES, ENGINE_LOG_MAX_LINE)) return true;
  engine_msgf(why, why_size, "%s", t->why);
  return false;
}

/* The line (see engine_log_line); strict: a prefixed line that does not fit buf is refused, else cut. */
static int log_line(const char *path, const char *prefix, char *buf, size_t size, bool strict, char *why,
                    size_t why_size) {
  TextFile t;
  if (access(path, F_OK) != 0) return 0; /* no file: no line (the callers say what is missing) */
  if (!engine_log_open(&t, path, why, why_size)) return -1;
  char *line = malloc(size); /* buf keeps its text unless a line is found */
  if (!line) {
    textfile_close(&t);
    engine_msgf(why, why_size, "out of memory");
    return -1;
  }
  const size_t plen = prefix ? strlen(prefix) : 0;
  int found = 0;
  for (int rc; (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) { /* refused, not skipped: the line might have been the one asked for */
      engine_msgf(why, why_size, "%s", t.why);
      found = -1;
      break;
    }
    if (prefix ? strncmp(t.text, prefix, plen) == 0 : t.len > 0) {
      if (strict && prefix && t.len >= size) {
        engine_msgf(why, why_size, "%.300s:%ld: a %s line of %zu bytes (at most %zu expected)", path, t.line, prefix,
                    t.len, size - 1);
        found = -1;
        break;
      }
      const size_t n = t.len < size ? t.len : size - 1; /* an excerpt for a message, may be cut */
      memcpy(line, t.text, n);
      line[n] = '\0';
      found = 1;
      if (prefix) break;
    }
  }
  textfile_close(&t);
  if (found == 1) memcpy(buf, line, strlen(line) + 1);
  free(line);
  return found;
}

int engine_log_line(const char *path, const char *prefix, char *buf, size_t size, char *why, size_t why_size) {
  return size > 0 ? log_line(path, prefix, buf, size, true, why, why_size) : -1;
}

bool engine_file_line(const char *path, const char *prefix, char *buf, size_t size) {
  char why[8];
  return size > 0 && log_line(path, prefix, buf, size, false, why, sizeof why) == 1;
}

bool engine_timing_check(const char *engine, const char *pair_name, const EngineTiming *t, char *why, size_t why_size) {
  /* Logs print times to 4 significant digits (LAMMPS's breakdown) or more: a pair time may pass
   * the loop's by that rounding, not more. */
  const double rounding = 1e-3;
  const double rate = (double)t->contacts0 * (double)t->steps / t->pair_time_s;
  if (!isfinite(t->loop_time_s) || !(t->loop_time_s > 0.0) || t->loop_time_s > ENGINE_TIME_CEILING_S)
    engine_msgf(why, why_size, "%s reported its loop time of %g s (possible: > 0 and at most %g s)", engine,
                t->loop_time_s, ENGINE_TIME_CEILING_S);
  else if (!isfinite(t->pair_time_s) || !(t->pair_time_s > 0.0))
    engine_msgf(why, why_size, "%s reported its %s time of %g s", engine, pair_name, t->pair_time_s);
  else if (t->pair_time_s > t->loop_time_s * (1.0 + rounding))
    engine_msgf(why, why_size, "%s reported its %s time of %g s, longer than its loop of %g s", engine, pair_name,
                t->pair_time_s, t->loop_time_s);
  else if (t->atoms <= 0 || t->steps <= 0 || t->ranks <= 0 || t->contacts0 < 0 || t->contacts < 0)
    engine_msgf(why, why_size, "%s reported %ld spheres, %ld steps, %d ranks, %ld and %ld contacts", engine, t->atoms,
                t->steps, t->ranks, t->contacts0, t->contacts);
  else if (!isfinite(rate))
    engine_msgf(why, why_size, "%s: a pair time of %g s for %ld contacts over %ld steps gives no finite rate", engine,
                t->pair_time_s, t->contacts0, t->steps);
  else if (rate > ENGINE_RATE_CEILING * t->ranks)
    engine_msgf(why, why_size, "%s: a %s time of %g s for %ld contacts over %ld steps gives %g contacts/s, more than "
                "the ceiling of %g a rank", engine, pair_name, t->pair_time_s, t->contacts0, t->steps, rate,
                ENGINE_RATE_CEILING);
  else return true;
  return false;
}

bool engine_timing_wall(const char *engine, const EngineTiming *t, double wall_s, char *why, size_t why_size) {
  /* the log's own rounding (6 digits of LAMMPS's loop time, 4 of its breakdown) and the clock's */
  if (t->loop_time_s <= wall_s * (1.0 + 1e-3) + 1e-3) return true;
  engine_msgf(why, why_size, "%s reported a loop time of %g s from a process that ran %.3g s", engine, t->loop_time_s,
              wall_s);
  return false;
}

bool engine_line_decimal(const char *line) {
  for (const char *p = line; *p; p++) /* a "0x" or "0X" that starts a number */
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && (p == line || !isalnum((unsigned char)p[-1])))
      return false;
  return true;
}

bool engine_count_field(double v, long *out) {
  if (!(v >= 0.0 && v <= 1e15) || v != floor(v)) return false; /* NaN fails the first test */
  *out = (long)v;
  return true;
}

double engine_time_scale(void) {
  static double scale; /* read once: every limit of the process uses the same */
  if (scale > 0.0) return scale;
  const char *env = getenv("GRANDAMP_ENGINE_TIME_SCALE");
  scale = 1.0;
  if (env && *env) {
    char *end;
    errno = 0;
    const double v = strtod(env, &end);
    if (*end || errno || !(v >= 0.01 && v <= 1.0))
      gd_die(GD_EXIT_USAGE, "GRANDAMP_ENGINE_TIME_SCALE: must be a number in [0.01, 1], got '%.40s'", env);
    scale = v;
  }
  return scale;
}

double engine_time_limit(double startup_s, double slack_s, double work_s) {
  return engine_time_scale() * (slack_s + 10.0 * (isnan(startup_s) ? 30.0 : startup_s) + work_s);
}

double engine_probe(const char *const argv[], const char *out_path, char *why, size_t why_size) {
  const double t0 = timer_now();
  (void)proc_spawn(argv, out_path, engine_time_scale() * ENGINE_PROBE_LIMIT_S, why, why_size);
  /* an empty input may end non-zero: that is an answer; a crash, a hang or no start is not */
  return proc_last_fault() == PROC_FAULT_NONE ? timer_now() - t0 : NAN;
}

void engine_health_init(EngineHealth *h, const Engine *e) {
  memset(h, 0, sizeof *h);
  engine_msgf(h->name, sizeof h->name, "%s", e->name);
  h->learned_case_s = NAN;
  const char *why = NULL;
  h->startup_s = engine_startup(e, &why);
  if (!why) return;
  char cmd[200] = "";
  for (int k = 0; e->probe && e->probe[k]; k++) {
    const size_t len = strlen(cmd);
    engine_msgf(cmd + len, sizeof cmd - len, "%s%s", k ? " " : "", e->probe[k]);
  }
  engine_msgf(h->dead, sizeof h->dead, "%s unresponsive: its start-up probe (%s) failed: %.300s", e->name, cmd, why);
  fprintf(stderr, "grandamp: %s; every run of it fails\n", h->dead);
}

double engine_health_limit(const EngineHealth *h, double slack_s, double work_s, int n) {
  const double full = engine_time_limit(h->startup_s, slack_s, work_s);
  if (!isfinite(h->learned_case_s)) return full;
  /* the start-up and slack as always, the cases at what they took in the start that hung */
  const double learned = engine_time_limit(h->startup_s, slack_s, 0.0) + ENGINE_LEARNED_MARGIN * h->learned_case_s * n;
  return learned < full ? learned : full;
}

bool engine_health_note(EngineHealth *h, const EngineStart *s) {
  h->starts++;
  const bool timed_out = s->fault == PROC_FAULT_TIMEOUT;
  const bool failed = s->finished == 0 || timed_out || s->fault == PROC_FAULT_OUTPUT; /* a flood is never an answer */
  if (timed_out && s->finished > 0 && isfinite(s->finished_s)) /* its start-up is in every limit already */
    h->learned_case_s = fmax(0.0, s->finished_s - (isnan(h->startup_s) ? 0.0 : h->startup_s)) / s->finished;
  else if (!failed) h->learned_case_s = NAN;
  h->streak = failed ? h->streak + 1 : 0;
  if (!h->dead[0] && h->streak >= ENGINE_UNRESPONSIVE_AFTER) {
    engine_msgf(h->dead, sizeof h->dead,
                "%s unresponsive: %d starts in a row finished no case or were killed at their limit (the last: %.300s)",
                h->name, h->streak, s->why && s->why[0] ? s->why : "no reason given");
    fprintf(stderr, "grandamp: %s; its remaining runs fail\n", h->dead);
  }
  return h->dead[0] != '\0';
}

double engine_file_since(const struct timespec *t0, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) return NAN;
  return (double)(st.st_mtim.tv_sec - t0->tv_sec) + 1e-9 * (double)(st.st_mtim.tv_nsec - t0->tv_nsec);
}

const char *engine_deck_path(const char *name, char *why, size_t why_size) {
  static char path[4096];
  /* build/grandamp_verify: ../src/engines/decks of the build folder; installed: share/grandamp/decks */
  char in_tree[256], installed[256];
  snprintf(in_tree, sizeof in_tree, "src/engines/decks/%.200s", name);
  snprintf(installed, sizeof installed, "decks/%.200s", name);
  if (proc_runtime_file(in_tree, installed, path, sizeof path)) return path;
  const char *share = getenv("GRANDAMP_SHARE");
  if (share && *share) engine_msgf(why, why_size, "engine deck %.200s: not readable (GRANDAMP_SHARE)", path);
  else engine_msgf(why, why_size, "engine deck %s not found next to the build folder nor in %.200s (make install); "
                   "set GRANDAMP_SHARE", name, path);
  return NULL;
}

int engine_mpi_argv(const char **argv, int ranks, const char *prog, char nbuf[16]) {
  int k = 0;
  if (ranks > 1) {
    snprintf(nbuf, 16, "%d", ranks);
    argv[k++] = "mpirun", argv[k++] = "-np", argv[k++] = nbuf, argv[k++] = "--oversubscribe";
    if (geteuid() == 0) argv[k++] = "--allow-run-as-root"; /* Open MPI refuses root without it */
  }
  argv[k++] = prog;
  return k;
}

bool engine_read_ke_table(const char *log_path, const char *prog, const EngineGas *g, EngineGasResult *r, char *why,
                          size_t why_size) {
  TextFile f;
  if (!engine_log_open(&f, log_path, why, why_size)) return false;
  bool table = false;
  r->n = 0;
  for (int rc; (rc = textfile_next(&f)) != 0;) {
    if (rc < 0) {
      engine_msgf(why, why_size, "%s log refused: %s", prog, f.why);
      textfile_close(&f);
      return false;
    }
    char a[32], b[32];
    if (sscanf(f.text, " %31s %31s", a, b) == 2 && !strcmp(a, "Step") && (!strcmp(b, "c_ke") || !strcmp(b, "ke"))) {
      table = true;
      continue;
    }
    if (!table) continue;
    if (!strncmp(f.text, "Loop time", 9)) break;
    long step;
    double ke;
    char extra;
    if (sscanf(f.text, " %ld %lf %c", &step, &ke, &extra) != 2 || step != r->n * g->every || r->n > ENGINE_GAS_MAX ||
        !isfinite(ke)) {
      engine_msgf(why, why_size, "%.200s:%ld: not the thermo row of step %ld: %.100s", log_path, f.line,
                  (long)r->n * g->every, f.text);
      textfile_close(&f);
      return false;
    }
    r->ke[r->n++] = ke;
  }
  textfile_close(&f);
  if (r->n != g->steps / g->every + 1) {
    engine_msgf(why, why_size, "%s log holds %d of the %ld thermo rows (%.200s)", prog, r->n,
                g->steps / g->every + 1, log_path);
    return false;
  }
  return true;
}

bool engine_path_check(const char *what, const char *path, char *why, size_t why_size) {
  for (const unsigned char *p = (const unsigned char *)path; *p; p++)
    if (*p == '"' || *p == '\'' || *p < 0x20 || *p == 0x7f) {
      engine_msgf(why, why_size, "%s: %.300s holds a %s, which an engine's input cannot carry whole (LAMMPS and "
                  "LIGGGHTS read a path as a quoted word); use a path without it", what, path,
                  *p == '"' || *p == '\'' ? "quote" : *p == '\t' ? "tab" : *p == '\n' ? "line break" : "control byte");
      return false;
    }
  return true;
}

bool engine_path_word(const char *path, char *buf, size_t size, char *why, size_t why_size) {
  if (!engine_path_check("engine file", path, why, why_size)) return false;
  const int n = snprintf(buf, size, "\"%s\"", path);
  if (n > 0 && (size_t)n < size) return true;
  engine_msgf(why, why_size, "engine file %.300s: the path is too long", path);
  return false;
}

bool engine_scratch_check(char *why, size_t why_size) {
  if (!proc_scratch_check(why, why_size)) return false;
  const char *tmp = getenv("TMPDIR");
  return engine_path_check("TMPDIR", tmp && *tmp ? tmp : "/tmp", why, why_size);
}
