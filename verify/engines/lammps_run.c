/* lammps_run.c - lmp batches, dump and CSV readers, and process spawning (see lammps_run.h). */
#include "lammps_run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "error.h"
#include "textfile.h"

bool lmp_batch_open(LmpBatch *b, char *why, size_t why_size) {
  memset(b, 0, sizeof *b);
  /* the engine layer's scratch folder: removed by this process, also when a signal ends it */
  if (proc_scratch_make(b->dir, sizeof b->dir, "grandamp-lammps", why, why_size)) return true;
  b->dir[0] = '\0';
  return false;
}

void lmp_batch_close(LmpBatch *b) {
  if (b->dir[0]) proc_scratch_remove(b->dir);
  for (int k = 0; k < b->n; k++) free(b->job[k].script);
  free(b->job);
  memset(b, 0, sizeof *b);
}

const char *lmp_batch_path(const LmpBatch *b, const char *name) {
  static _Thread_local char ring[4][8192];
  static _Thread_local int next;
  char *p = ring[next++ & 3];
  snprintf(p, sizeof ring[0], "%s/%s", b->dir, name);
  return p;
}

int lmp_job_new(LmpBatch *b) {
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 64;
    LmpJob *j = realloc(b->job, (size_t)b->cap * sizeof *j);
    if (!j) gd_die(GD_EXIT_RUNTIME, "out of memory (%zu bytes)", (size_t)b->cap * sizeof *j);
    b->job = j;
  }
  LmpJob *j = &b->job[b->n];
  memset(j, 0, sizeof *j);
  char name[64];
  snprintf(name, sizeof name, "job%04d.dump", b->n);
  snprintf(j->dump, sizeof j->dump, "%s", lmp_batch_path(b, name));
  return b->n++;
}

void lmp_job_printf(LmpBatch *b, int k, const char *fmt, ...) {
  LmpJob *j = &b->job[k];
  va_list ap;
  va_start(ap, fmt);
  const int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) gd_die(GD_EXIT_RUNTIME, "lmp_job_printf: bad format");
  if (j->len + (size_t)n + 1 > j->cap) {
    j->cap = 2 * (j->len + (size_t)n + 1);
    char *s = realloc(j->script, j->cap);
    if (!s) gd_die(GD_EXIT_RUNTIME, "out of memory (%zu bytes)", j->cap);
    j->script = s;
  }
  va_start(ap, fmt);
  vsnprintf(j->script + j->len, j->cap - j->len, fmt, ap);
  va_end(ap);
  j->len += (size_t)n;
}

static bool file_exists(const char *path) { return access(path, R_OK) == 0; }

/* Writes jobs [first, n) into one input (separated by clear); false with *why. */
static bool write_input(const LmpBatch *b, int first, const char *path, char *why, size_t why_size) {
  FILE *f = fopen(path, "w");
  if (!f) {
    engine_msgf(why, why_size, "%s: %s", path, strerror(errno));
    return false;
  }
  bool ok = true;
  for (int k = first; k < b->n && ok; k++)
    ok = fprintf(f, "%s# ---- job %d\n%s", k > first ? "clear\n" : "", k, b->job[k].script ? b->job[k].script : "") >= 0;
  ok = fclose(f) == 0 && ok;
  if (!ok) engine_msgf(why, why_size, "%s: write failed", path);
  return ok;
}

void lmp_batch_run(LmpBatch *b, double per_job_s) {
  int first = 0;
  EngineHealth health; /* lmp's probe (run once per process) and this batch's failed starts */
  engine_health_init(&health, engine_find("lammps"));
  while (first < b->n) {
    if (health.dead[0]) { /* the rest fail at once: lmp does not answer */
      for (int k = first; k < b->n; k++) engine_msgf(b->job[k].error, sizeof b->job[k].error, "%s", health.dead);
      break;
    }
    /* one start-up and 3 s of slack, and per_job_s for each job still to run */
    const double timeout_s = engine_health_limit(&health, 3.0, per_job_s * (b->n - first), b->n - first);
    char in[64], log[64], out[64], why[256] = "";
    const int a = b->attempts++;
    snprintf(in, sizeof in, "in%02d.lmp", a);
    snprintf(log, sizeof log, "log%02d.lammps", a);
    snprintf(out, sizeof out, "out%02d.txt", a);
    char in_path[8192], log_path[8192], out_path[8192];
    snprintf(in_path, sizeof in_path, "%s", lmp_batch_path(b, in));
    snprintf(log_path, sizeof log_path, "%s", lmp_batch_path(b, log));
    snprintf(out_path, sizeof out_path, "%s", lmp_batch_path(b, out));
    int rc = -1;
    ProcFault fault = PROC_FAULT_START;
    struct timespec t0; /* the dumps' times against it: what the finished jobs took */
    clock_gettime(CLOCK_REALTIME, &t0);
    if (write_input(b, first, in_path, why, sizeof why)) {
      const char *argv[] = {"lmp", "-in", in_path, "-log", log_path, "-screen", "none", "-nocite", NULL};
      rc = proc_spawn(argv, out_path, timeout_s, why, sizeof why);
      fault = proc_last_fault();
    }
    int k = first;
    double finished_s = NAN;
    while (k < b->n && file_exists(b->job[k].dump)) finished_s = engine_file_since(&t0, b->job[k].dump), b->job[k++].ok = true;
    EngineStart start = {.finished = k - first, .fault = fault, .finished_s = finished_s, .why = why};
    if (k == b->n) {
      engine_health_note(&health, &start);
      break;
    }
    /* Job k wrote nothing: lmp stopped there. Its ERROR line says why. */
    LmpJob *j = &b->job[k];
    char line[200];
    if (engine_file_line(log_path, "ERROR", line, sizeof line) || engine_file_line(out_path, "ERROR", line, sizeof line))
      engine_msgf(j->error, sizeof j->error, "lmp: %s", line);
    else if (why[0])
      engine_msgf(j->error, sizeof j->error, "lmp: %s", why);
    else if (engine_file_line(log_path, NULL, line, sizeof line) || engine_file_line(out_path, NULL, line, sizeof line))
      engine_msgf(j->error, sizeof j->error, "lmp exited with status %d without its dump; last output: %s", rc, line);
    else
      engine_msgf(j->error, sizeof j->error, "lmp exited with status %d without its dump and without output", rc);
    start.why = j->error;
    engine_health_note(&health, &start);
    first = k + 1;
  }
}

/* Splits s at separators sep into at most max numbers; returns the count (-1: not a number). */
static int parse_row(char *s, const char *sep, double *out, int max) {
  int n = 0;
  for (char *t = strtok(s, sep); t; t = strtok(NULL, sep)) {
    if (n == max) return max + 1;
    char *end;
    errno = 0;
    out[n++] = strtod(t, &end);
    if (end == t || *end || errno == ERANGE) return -1;
  }
  return n;
}

/* Rows after the line that starts with `after` (NULL: after the first line), each id then ncols
 * numbers. */
static int64_t read_rows(const char *path, const char *after, const char *sep, int ncols, int64_t *id, double *val,
                         int64_t max, char *why, size_t why_size) {
  TextFile t; /* lmp's file: bounded as every engine log is (a NUL, an endless or huge file refused) */
  if (!engine_log_open(&t, path, why, why_size)) return -1;
  bool in_rows = false;
  int64_t n = 0;
  for (int rc; (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) {
      engine_msgf(why, why_size, "%s", t.why);
      textfile_close(&t);
      return -1;
    }
    char *line = t.text;
    if (!in_rows) {
      in_rows = after ? strncmp(line, after, strlen(after)) == 0 : true;
      continue;
    }
    if (!line[0]) continue;
    double row[16];
    const int got = parse_row(line, sep, row, ncols + 1);
    const bool id_ok = got >= 1 && row[0] >= 0.0 && row[0] <= 9.0e15 && row[0] == floor(row[0]); /* before the cast */
    if (got != ncols + 1 || !id_ok || n == max) {
      engine_msgf(why, why_size, "%s:%ld: %s", path, t.line,
                  n == max ? "more rows than atoms" : !id_ok && got >= 1 ? "an atom id that is no whole number"
                                                                          : "expected an id and numbers");
      textfile_close(&t);
      return -1;
    }
    id[n] = (int64_t)row[0];
    for (int c = 0; c < ncols; c++) val[n * ncols + c] = row[1 + c];
    n++;
  }
  textfile_close(&t);
  if (!in_rows) {
    engine_msgf(why, why_size, "%s: no %s line", path, after ? after : "header");
    return -1;
  }
  return n;
}

int64_t lmp_dump_read(const char *path, int ncols, int64_t *id, double *val, int64_t max, char *why,
                      size_t why_size) {
  if (ncols > 15) gd_die(GD_EXIT_RUNTIME, "lmp_dump_read: at most 15 columns");
  return read_rows(path, "ITEM: ATOMS", " \t", ncols, id, val, max, why, why_size);
}

int64_t lmp_forces_csv_read(const char *path, int64_t *id, double *val, int64_t max, char *why, size_t why_size) {
  return read_rows(path, NULL, ",", 6, id, val, max, why, why_size);
}

const char *lmp_grandamp_bin(char *why, size_t why_size) {
  static char path[4096];
  const char *env = getenv("GRANDAMP_BIN");
  if (env && *env) {
    snprintf(path, sizeof path, "%s", env);
    if (access(path, X_OK) == 0) return path;
    engine_msgf(why, why_size, "GRANDAMP_BIN '%.200s' is not executable", env);
    return NULL;
  }
  char self[4096];
  const bool known = proc_exe_dir(self, sizeof self);
  if (known && snprintf(path, sizeof path, "%s/grandamp", self) < (int)sizeof path && access(path, X_OK) == 0)
    return path;
  engine_msgf(why, why_size, "the grandamp binary is not next to the verifier (%.200s); build it or set GRANDAMP_BIN",
              known ? path : "/proc/self/exe unreadable");
  return NULL;
}
