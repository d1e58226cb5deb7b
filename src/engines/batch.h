/*
 * batch.h - several collisions in one start of an engine: its start-up (0.4 s for lmp, 1.3 s for
 * yade) is paid once per batch instead of once per collision. The adapter writes each case's
 * part of one input (Engine.batch: a LAMMPS or LIGGGHTS deck per case after `clear`, a line of
 * Yade's batch list), every case writing its own files into its own folder and, last, a file
 * `done` there; the engine runs the input once and each case is read back from its folder as a
 * single run's would be.
 *
 * While the engine runs, each case is read as soon as the case after it is done (every file of
 * it closed), and its folder removed: a batch holds at most two cases' files, never all of them.
 *
 * A crash, a time-out or an ERROR fails only the case that was running (the first without its
 * `done`); the cases before it keep their results and the cases after it are not reached: the
 * caller runs them again in a new batch.
 */
#ifndef GD_ENGINE_BATCH_H
#define GD_ENGINE_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine.h"
#include "run.h"

/** An engine's way of running a batch (Engine.batch). */
typedef struct EngineBatch {
  /** The command line that runs the batch input file `input` with its own log `log`
   *  (NULL-terminated, at most 15 entries, pointing into the arguments or static text). */
  void (*command)(const char *input, const char *log, const char *argv[16]);
  /** Writes c's part of the input: run c with its files in dir, then create dir/done. False
   *  when c cannot go into a batch (it then runs alone, Engine.collide). */
  bool (*write_case)(FILE *in, const EngineCase *c, const char *dir);
  /** Reads c's result from dir after the batch ended, as collide does after a run that exited
   *  with status 0; log: the batch's own log (the version); screen: the batch's captured output
   *  when c was the case running at its end (its ERROR line), else NULL. */
  bool (*read_case)(const EngineCase *c, const char *dir, const char *log, const char *screen, EngineResult *r,
                    char *why, size_t why_size);
} EngineBatch;

/** One case of a batch. */
typedef struct EngineBatchCase {
  const EngineCase *c; /**< in: the case (its timeout_s is its limit when it runs alone) */
  const char *dir;     /**< in: its own folder, existing and empty; removed once the case is read */
  bool ran;            /**< out: it ran to its end and its result was read into r */
  ProcFault fault;   /**< out: the crash or time-out that ended the batch while it ran (NONE else) */
  EngineResult r;
  char why[512];       /**< out: why not, when ran is false */
} EngineBatchCase;

/** Runs cs[0..n) in one start of eng (eng->batch; a case it cannot carry alone, through
 *  eng->collide) within timeout_s, its files in batchdir (an existing, empty folder). Returns how
 *  many cases it reached, at least 1: cs[0..returned) have their outcome, the rest did not run;
 *  *start says how the start ended (for EngineHealth: the cases with their done file, the time
 *  until the last of them, the fault). */
int engine_batch_run(const Engine *eng, EngineBatchCase *cs, int n, const char *batchdir, double timeout_s,
                     EngineStart *start);

/** For the adapters of LAMMPS-like engines: writes the case that the single-run command line argv
 *  (-in DECK, -log LOG, -var NAME VALUE..., other options ignored) runs, as the lines `clear`,
 *  `log LOG`, each variable redefined as a string (in double quotes, or single ones around a path
 *  word of engine_path_word, so that its quotes reach the deck), `include DECK` and the done file
 *  of dir. False when a value cannot be quoted (a '$', a line break, or both quotes in it; a '"'
 *  in the deck, log or folder). */
bool engine_batch_lmp_case(FILE *in, const char *const *argv, const char *dir);
/** The path of dir's done file into buf. */
void engine_batch_done_path(const char *dir, char *buf, size_t size);

#endif
