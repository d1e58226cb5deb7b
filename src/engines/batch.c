/* batch.c - several collisions in one start of an engine (see batch.h). */
#include "batch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void engine_batch_done_path(const char *dir, char *buf, size_t size) { engine_msgf(buf, size, "%s/done", dir); }

/* The quote that makes s one word of a line of the batch input: '"', or '\'' for a value that holds
 * a '"' (a path word of engine_path_word); 0 when none does (both quotes, a line break, or a '$':
 * a case with one runs alone, from its command line). */
static char quote_for(const char *s) {
  if (strchr(s, '$') || strchr(s, '\n') || (strchr(s, '"') && strchr(s, '\''))) return 0;
  return strchr(s, '"') ? '\'' : '"';
}

static bool quotable(const char *s) { return quote_for(s) == '"'; }

bool engine_batch_lmp_case(FILE *in, const char *const *argv, const char *dir) {
  const char *deck = NULL, *log = NULL;
  for (int k = 1; argv[k]; k++) {
    if (!quote_for(argv[k])) return false;
    if (!strcmp(argv[k], "-in") && argv[k + 1]) deck = argv[++k];
    else if (!strcmp(argv[k], "-log") && argv[k + 1]) log = argv[++k];
  }
  if (!deck || !log || !quotable(deck) || !quotable(log) || !quotable(dir)) return false;
  /* The marker line names the folder (a fake engine in the tests finds its cases by it). */
  fprintf(in, "# GRANDAMP_CASE %s\nclear\nlog \"%s\"\n", dir, log);
  for (int k = 1; argv[k]; k++) {
    if (!strcmp(argv[k], "-in") || !strcmp(argv[k], "-log")) k++;
    else if (!strcmp(argv[k], "-var") && argv[k + 1] && argv[k + 2]) {
      /* variables outlive `clear`; a string variable is redefined only after a delete */
      const char q = quote_for(argv[k + 2]);
      fprintf(in, "variable %s delete\nvariable %s string %c%s%c\n", argv[k + 1], argv[k + 1], q, argv[k + 2], q);
      k += 2;
    }
  }
  char done[4200];
  engine_batch_done_path(dir, done, sizeof done);
  fprintf(in, "include \"%s\"\nprint \"\" file \"%s\" screen no\n", deck, done);
  return true;
}

/* The outcome of the case that was running when the batch ended: the crash or time-out of the
 * run, else what its own files say (an ERROR line), else that the engine stopped before its end. */
static void charge_running(const Engine *eng, EngineBatchCase *bc, const char *log, const char *screen, int rc,
                           ProcFault fault, const char *spawn_why) {
  bc->ran = false;
  bc->fault = fault;
  if (fault != PROC_FAULT_NONE) {
    engine_msgf(bc->why, sizeof bc->why, "%s", spawn_why);
    return;
  }
  if (eng->batch->read_case(bc->c, bc->dir, log, screen, &bc->r, bc->why, sizeof bc->why))
    engine_msgf(bc->why, sizeof bc->why, "%s exited with status %d before the end of this case", eng->command, rc);
}

/* The cases of a running batch read so far (its cases before `read`), for read_while_running. */
typedef struct BatchProgress {
  const Engine *eng;
  EngineBatchCase *cs;
  int m;                      /* cases in the batch's input */
  const char *log;            /* the batch's own log */
  int read;
  const struct timespec *t0;  /* the batch's start: the done files' times against it */
  EngineStart *start;         /* what the finished cases took (EngineHealth) */
} BatchProgress;

/* A finished case read, then its folder removed: its files do not wait for the rest. Its done
 * file's time is noted first (what the finished cases took). */
static void read_finished(BatchProgress *p) {
  EngineBatchCase *bc = &p->cs[p->read++];
  char done[4200];
  engine_batch_done_path(bc->dir, done, sizeof done);
  const double since = engine_file_since(p->t0, done);
  p->start->finished = p->read;
  if (!isnan(since)) p->start->finished_s = since;
  bc->ran = p->eng->batch->read_case(bc->c, bc->dir, p->log, NULL, &bc->r, bc->why, sizeof bc->why);
  proc_scratch_remove(bc->dir);
}

/* While the batch runs (proc_spawn_watched): a case is read once the case after it is done too,
 * so that the engine has closed every file of it (LAMMPS closes a case's log at the next one's
 * `log`, its fix print file at the next `clear`). At most two cases' files are on disk at once. */
static void read_while_running(void *ctx) {
  BatchProgress *p = ctx;
  char done[4200];
  while (p->read + 1 < p->m) {
    engine_batch_done_path(p->cs[p->read + 1].dir, done, sizeof done);
    if (access(done, F_OK) != 0) break;
    read_finished(p);
  }
}

int engine_batch_run(const Engine *eng, EngineBatchCase *cs, int n, const char *batchdir, double timeout_s,
                     EngineStart *start) {
  for (int k = 0; k < n; k++) cs[k].ran = false, cs[k].fault = PROC_FAULT_NONE, cs[k].why[0] = '\0';
  *start = (EngineStart){.finished_s = NAN};
  char input[4200], log[4200], screen[4200];
  engine_msgf(input, sizeof input, "%s/batch.in", batchdir);
  engine_msgf(log, sizeof log, "%s/batch.log", batchdir);
  engine_msgf(screen, sizeof screen, "%s/batch.out", batchdir);
  FILE *in = fopen(input, "w");
  int m = 0;
  while (in && m < n && eng->batch->write_case(in, cs[m].c, cs[m].dir)) m++;
  const bool written = in && fclose(in) == 0;
  if (!written || m == 0) { /* the first case alone, as a single run */
    cs[0].ran = eng->collide(cs[0].c, cs[0].dir, &cs[0].r, cs[0].why, sizeof cs[0].why);
    cs[0].fault = proc_last_fault();
    *start = (EngineStart){.finished = cs[0].ran, .fault = cs[0].fault, .finished_s = NAN, .why = cs[0].why};
    return 1;
  }
  const char *argv[16];
  eng->batch->command(input, log, argv);
  char why[512] = "";
  struct timespec t0; /* the done files' times against it: what the finished cases took */
  clock_gettime(CLOCK_REALTIME, &t0);
  BatchProgress progress = {.eng = eng, .cs = cs, .m = m, .log = log, .t0 = &t0, .start = start};
  const int rc = proc_spawn_watched(argv, screen, timeout_s, read_while_running, &progress, why, sizeof why);
  const ProcFault fault = proc_last_fault();
  start->fault = fault;
  for (int k = progress.read; k < m; k++) {
    char done[4200];
    engine_batch_done_path(cs[k].dir, done, sizeof done);
    const double since = engine_file_since(&t0, done);
    if (isnan(since)) { /* the case that was running: the rest were not reached */
      charge_running(eng, &cs[k], log, screen, rc, fault, why);
      start->why = cs[k].why;
      return k + 1;
    }
    read_finished(&progress);
  }
  if (fault != PROC_FAULT_NONE || rc != 0) { /* it ended badly after the last case: that case is charged */
    EngineBatchCase *last = &cs[m - 1];
    last->ran = false, last->fault = fault;
    if (fault != PROC_FAULT_NONE) engine_msgf(last->why, sizeof last->why, "%s", why);
    else engine_msgf(last->why, sizeof last->why, "%s exited with status %d after its last case", eng->command, rc);
    start->why = last->why;
  }
  return m;
}
