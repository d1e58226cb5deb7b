/*
 * run.h - what every engine adapter shares: the time limits of its runs (started by
 * src/base/proc.h), counting crashes in a row, reading its logs within bounds
 * (src/base/textfile.h), checking its timing numbers, finding its decks, and MPI's command line.
 */
#ifndef GD_ENGINE_RUN_H
#define GD_ENGINE_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "proc.h"

/** Crashes, time-outs or failed starts of one engine in a row after which it is unresponsive:
 *  its remaining runs fail at once. */
#define ENGINE_UNRESPONSIVE_AFTER 3
/** Counts this thread's last proc_spawn into *streak (its crashes, time-outs and failed starts
 *  in a row; an exit, whatever its status, sets it back to 0); true once the engine is
 *  unresponsive. */
bool engine_streak(int *streak);
/** engine_streak for a run that ended with fault (a case of a batch, src/engines/batch.h). */
bool engine_streak_of(ProcFault fault, int *streak);
/** The time limit of one run: slack_s, ten times the engine's start-up startup_s (30 s when it
 *  is unknown, NAN), and work_s for the work itself. */
double engine_time_limit(double startup_s, double slack_s, double work_s);
/** The wall time of one run of the engine on an empty input (argv), its start-up, to scale the
 *  time limits of real runs; NAN when it crashed, hung for a minute or could not start. */
double engine_probe(const char *const argv[], const char *out_path);
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
/** Every number of a timing run as reported: loop and pair times finite and > 0, the pair time
 *  no longer than the loop (within the logs' rounding), counts positive, the rate
 *  contacts0 * steps / pair time finite. False with *why naming the engine, the number and the
 *  pair time by the engine's name for it (pair_name: "Pair", "InteractionLoop"). */
struct EngineTiming;
bool engine_timing_check(const char *engine, const char *pair_name, const struct EngineTiming *t, char *why,
                         size_t why_size);
/** A count an engine printed as a number (a %g or %lf field) as a long: whole, 0..1e15; false
 *  otherwise (NaN, negative, fractional, too large to convert). */
bool engine_count_field(double v, long *out);
/** printf into a message buffer of size n; longer messages are cut (they are excerpts). */
void engine_msgf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** argv for running prog on ranks MPI ranks: prog itself for 1, else "mpirun -np N
 *  --oversubscribe [--allow-run-as-root when root] prog" (Open MPI, Debian's default). Fills
 *  argv[0..] and returns how many entries it wrote; nbuf holds the rank count's text. */
int engine_mpi_argv(const char **argv, int ranks, const char *prog, char nbuf[16]);
/** The path of one of this project's engine decks (src/engines/decks/NAME): $GRANDAMP_ENGINE_DECKS/NAME,
 *  else src/engines/decks/NAME beside the folder of this executable (build/../src/engines/decks). NULL with *why
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
