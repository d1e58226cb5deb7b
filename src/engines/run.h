/*
 * run.h - what every engine adapter shares: the time limits of its runs (started by
 * src/base/proc.h), whether the engine still answers (EngineHealth: its probe, its failed starts
 * in a row, the limits it learned), reading its logs within bounds (src/base/textfile.h),
 * checking its timing numbers, finding its decks, and MPI's command line.
 */
#ifndef GD_ENGINE_RUN_H
#define GD_ENGINE_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "proc.h"

/** Failed starts of one engine in a row after which it is unresponsive: its remaining runs fail
 *  at once (EngineHealth). */
#define ENGINE_UNRESPONSIVE_AFTER 3
/** The start-up probe (an empty input) must end within this many seconds (times the time scale),
 *  else the engine is unresponsive before its first real run. */
#define ENGINE_PROBE_LIMIT_S 10.0
/** After a start that was killed at its limit, the next start's limit allows each of its cases
 *  this many times what a case finished in that start took (the hang at the same point of every
 *  start then costs seconds, not the full limit). */
#define ENGINE_LEARNED_MARGIN 4.0
/** The factor on every limit of an engine's runs: GRANDAMP_ENGINE_TIME_SCALE, a number in
 *  [0.01, 1] (unset: 1), for tests that need a hang to end quickly; an invalid value stops the
 *  process with exit 2. */
double engine_time_scale(void);

/** The time limit of one run: slack_s, ten times the engine's start-up startup_s (30 s when it
 *  is unknown, NAN), and work_s for the work itself; times engine_time_scale(). */
double engine_time_limit(double startup_s, double slack_s, double work_s);
/** The wall time of one run of the engine on an empty input (argv), its start-up, to scale the
 *  time limits of real runs; NAN with *why when it crashed, could not start or ran past
 *  ENGINE_PROBE_LIMIT_S (an exit with any status is an answer). */
double engine_probe(const char *const argv[], const char *out_path, char *why, size_t why_size);

/** How one start of an engine (a single run, a batch, a timing run) ended. */
typedef struct EngineStart {
  int finished;      /**< its cases that ran to their end (a done file, a dump, a result read) */
  ProcFault fault;   /**< how the process ended (NONE: it exited, with any status) */
  double finished_s; /**< wall time from its start to its last finished case [s] (NAN: unknown) */
  const char *why;   /**< why it failed, when it did (for the unresponsive message) */
} EngineStart;

/** Whether an engine still answers, with the rules every driver of its runs shares (the
 *  verifier's batches and single runs, the gas, the LAMMPS force cross-check, engines bench):
 *  - a probe that fails (crash, time-out past ENGINE_PROBE_LIMIT_S, failed start) makes it
 *    unresponsive at once, with the probe's reason;
 *  - a start fails when it finished none of its cases (whatever its exit status), was killed at
 *    its limit or passed the output bound (the cases it finished before do not count as an
 *    answer); any other start sets the streak back to 0; ENGINE_UNRESPONSIVE_AFTER failed starts
 *    in a row make it unresponsive;
 *  - after a start killed at its limit that finished some cases, the next limits are at most
 *    ENGINE_LEARNED_MARGIN times the time those cases took each (until a start succeeds). */
typedef struct EngineHealth {
  char name[32];         /**< the engine's name, for the messages */
  double startup_s;      /**< its probe's wall time [s] (NAN: no probe) */
  int streak;            /**< failed starts in a row */
  int starts;            /**< starts noted so far */
  double learned_case_s; /**< after a time-out: a finished case's time in that start [s] (NAN: none) */
  char dead[512];        /**< set: unresponsive, with the reason; the remaining runs fail at once */
} EngineHealth;
struct Engine;
/** Health of engine e: its probe (run once per process, engine_startup) decides whether it
 *  answers at all. */
void engine_health_init(EngineHealth *h, const struct Engine *e);
/** The limit of a start that runs n cases with work_s of work: engine_time_limit, or less after
 *  a time-out (ENGINE_LEARNED_MARGIN). */
double engine_health_limit(const EngineHealth *h, double slack_s, double work_s, int n);
/** Notes how a start ended; true once the engine is unresponsive (h->dead set, and said once on
 *  stderr). */
bool engine_health_note(EngineHealth *h, const EngineStart *s);
/** Seconds from t0 (CLOCK_REALTIME) to the last change of the file at path; NAN when it is not
 *  there (when a batch's case or job finished). */
struct timespec;
double engine_file_since(const struct timespec *t0, const char *path);

/** The first line of a file that starts with prefix (NULL: the last non-empty line), into buf.
 *  False when there is none, or when the file is not a readable text file of an engine
 *  (engine_log_line says why). A line longer than buf is cut (an excerpt for a message). */
bool engine_file_line(const char *path, const char *prefix, char *buf, size_t size);
/** engine_file_line with the reason: 1 found, 0 not there, -1 with *why when the file is not a
 *  regular text file within the bounds (256 MiB, lines of 64 KiB, no NUL byte: refused, not
 *  cut) or the line asked for by prefix does not fit buf. */
int engine_log_line(const char *path, const char *prefix, char *buf, size_t size, char *why, size_t why_size);
/** Opens an engine's file for reading line by line with those bounds (textfile.h); false with
 *  *why. */
struct TextFile;
bool engine_log_open(struct TextFile *t, const char *path, char *why, size_t why_size);
/** Every number of a timing run as reported: loop and pair times finite, > 0 and at most
 *  ENGINE_TIME_CEILING_S, the pair time no longer than the loop (within the logs' rounding),
 *  counts positive, the rate contacts0 * steps / pair time at most ENGINE_RATE_CEILING a rank.
 *  False with *why naming the engine, the number and the pair time by the engine's name for it
 *  (pair_name: "Pair", "InteractionLoop"). */
#define ENGINE_TIME_CEILING_S 1e6
#define ENGINE_RATE_CEILING 1e10
struct EngineTiming;
bool engine_timing_check(const char *engine, const char *pair_name, const struct EngineTiming *t, char *why,
                         size_t why_size);
/** The loop time no longer than wall_s, the wall time grandamp measured for the process that
 *  reported it (plus the logs' rounding); false with *why. */
bool engine_timing_wall(const char *engine, const struct EngineTiming *t, double wall_s, char *why, size_t why_size);
/** Whether every number of an engine's log line is written in decimal (no "0x10", where the logs
 *  print decimals: sscanf and strtod would take it). */
bool engine_line_decimal(const char *line);
/** A count an engine printed as a number (a %g or %lf field) as a long: whole, 0..1e15; false
 *  otherwise (NaN, negative, fractional, too large to convert). */
bool engine_count_field(double v, long *out);
/** printf into a message buffer of size n; longer messages are cut (they are excerpts). */
void engine_msgf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** argv for running prog on ranks MPI ranks: prog itself for 1, else "mpirun -np N
 *  --oversubscribe [--allow-run-as-root when root] prog" (Open MPI, Debian's default). Fills
 *  argv[0..] and returns how many entries it wrote; nbuf holds the rank count's text. */
int engine_mpi_argv(const char **argv, int ranks, const char *prog, char nbuf[16]);
/** The path of one of this project's engine decks (src/engines/decks/NAME), found as
 *  proc_runtime_file finds a run-time file ($GRANDAMP_SHARE/decks/NAME first). NULL with *why
 *  when it is not readable. The returned buffer is static. */
const char *engine_deck_path(const char *name, char *why, size_t why_size);

/** A path as the value of a deck variable that the deck takes as one word (`read_data ${data}`,
 *  `fix print ... file ${gapfile}`): in double quotes, into buf. LAMMPS and LIGGGHTS substitute
 *  ${name} outside quotes only and then split the line at its blanks, honouring the quotes that
 *  the value brings: a path with spaces stays one word, a '#' or '$' in it is left alone. False
 *  with the reason (engine_path_check's) when the path cannot be carried whole. */
bool engine_path_word(const char *path, char *buf, size_t size, char *why, size_t why_size);
/** Whether a path can be handed to every engine whole: no quote (' or "), tab, line break or other
 *  control byte (a quoted word cannot hold its own quote; Yade's batch lists are tab-separated
 *  lines). False with the reason, naming what (e.g. "--packings"). */
bool engine_path_check(const char *what, const char *path, char *why, size_t why_size);
/** proc_scratch_check, and TMPDIR's own name through engine_path_check: for a command's checks
 *  before any engine runs. */
bool engine_scratch_check(char *why, size_t why_size);

struct EngineGas;
struct EngineGasResult;
/** The kinetic-energy table of a gas run's log (the decks' `thermo_style custom step c_ke`):
 *  the rows "step ke" after the header "Step c_ke" (LIGGGHTS: "Step ke"), one every g->every
 *  steps from 0 to g->steps, into r->ke; false with why (prog names the engine) when a row is
 *  missing, out of order or not finite. */
bool engine_read_ke_table(const char *log_path, const char *prog, const struct EngineGas *g,
                          struct EngineGasResult *r, char *why, size_t why_size);

#endif
