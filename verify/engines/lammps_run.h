/*
 * lammps_run.h - runs Debian's LAMMPS (`lmp`, 29Sep2021) and the grandamp binary for the
 * verifier's cross-check, in a private temporary directory.
 *
 * A batch holds independent LAMMPS runs ("jobs"). They go into one input script, separated
 * by `clear`, so lmp starts once (its MPI start-up costs a quarter to half a second, the runs
 * themselves milliseconds). Each job ends with a write_dump to its own file in %.17g; a job
 * whose dump is missing failed. lmp stops at the first error, so the batch is rerun from the
 * job after a failed one until every job has either a dump or its error message.
 */
#ifndef GD_VERIFY_LAMMPS_RUN_H
#define GD_VERIFY_LAMMPS_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"

typedef struct LmpJob {
  char *script;    /**< the commands of the run, ending with the write_dump of dump */
  size_t len, cap;
  char dump[4096]; /**< absolute path of the dump it writes */
  bool ok;         /**< the dump exists */
  char error[256]; /**< why not (an excerpt of lmp's message) */
} LmpJob;

typedef struct LmpBatch {
  char dir[4096]; /**< the mkdtemp directory; every file of the batch lives here */
  LmpJob *job;
  int n, cap;
  int attempts;   /**< lmp invocations so far */
} LmpBatch;

/** Creates the temporary directory (under $TMPDIR or /tmp). False with *why on failure. */
bool lmp_batch_open(LmpBatch *b, char *why, size_t why_size);
/** Removes every file of the directory and the directory itself; frees the jobs. */
void lmp_batch_close(LmpBatch *b);
/** The absolute path of a file of the batch's directory (in a static ring of buffers). */
const char *lmp_batch_path(const LmpBatch *b, const char *name);
/** Starts a new job; returns its index. */
int lmp_job_new(LmpBatch *b);
/** Appends printf-formatted commands to job k. */
void lmp_job_printf(LmpBatch *b, int k, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Runs every job; sets ok / error per job. Each lmp invocation runs the jobs not yet done,
 *  within 3 s plus ten times lmp's start-up (measured once) plus per_job_s for each of them
 *  (less after a time-out: EngineHealth); a crash, an error or a time-out restarts after the job
 *  that stopped it, and once lmp is unresponsive (its probe failed, or EngineHealth's failed starts
 *  in a row) the remaining jobs fail at once. A job's last command must write its dump,
 *  b->job[k].dump (write_dump ... modify format float %.17g). */
void lmp_batch_run(LmpBatch *b, double per_job_s);

/** Reads the ATOMS rows of a dump written by the batch (columns: id, then ncols numbers),
 *  at most max rows. Returns the row count, or -1 with *why. */
int64_t lmp_dump_read(const char *path, int ncols, int64_t *id, double *val, int64_t max, char *why,
                      size_t why_size);
/** Reads a `grandamp forces` CSV (id,fx,fy,fz,tqx,tqy,tqz): as lmp_dump_read with ncols = 6. */
int64_t lmp_forces_csv_read(const char *path, int64_t *id, double *val, int64_t max, char *why, size_t why_size);



/** The grandamp binary: $GRANDAMP_BIN, else `grandamp` next to this executable. NULL with
 *  *why when neither is executable. */
const char *lmp_grandamp_bin(char *why, size_t why_size);

#endif
