/*
 * proc.h - other programs, for the layers above: start one found on PATH with a time limit, its
 * output captured in a file, and kill it with everything it started; scratch folders that a
 * fatal signal removes; whether a program is installed; where this executable lies. POSIX only.
 */
#ifndef GD_PROC_H
#define GD_PROC_H

#include <stdbool.h>
#include <stddef.h>

/** How the last proc_spawn of this thread ended, beyond its exit status. */
typedef enum ProcFault {
  PROC_FAULT_NONE,    /**< it exited (with any status) */
  PROC_FAULT_START,   /**< it could not be started (or waited for) */
  PROC_FAULT_SIGNAL,  /**< it died of a signal (a crash) */
  PROC_FAULT_TIMEOUT, /**< it ran past its time limit and was killed */
  PROC_FAULT_OUTPUT   /**< it wrote past the bound on its output (a file, or its scratch folder) */
} ProcFault;

/** What a run may write: each file at most this (RLIMIT_FSIZE in the child: the write that would
 *  pass it fails and the child gets SIGXFSZ), and all it writes into the scratch folder of its
 *  out_path at most this (looked at every 0.1 s; past it, the run is killed). The engines' readers
 *  refuse a longer file (src/engines/run.c). */
#define PROC_OUTPUT_MAX_BYTES (256LL << 20)
/** The environment variable that lowers that bound (bytes, 1 MiB or more; never raises it). */
#define PROC_OUTPUT_ENV "GRANDAMP_OUTPUT_MAX"
/** The bound in force: PROC_OUTPUT_MAX_BYTES, or less by PROC_OUTPUT_ENV. */
long long proc_output_bound(void);
/** Whether the file system of dir has need bytes free (statvfs, as an unprivileged user may use
 *  them); false with the reason. */
bool proc_room_check(const char *dir, long long need, char *why, size_t why_size);

/** Runs argv[0] (searched in PATH) with stdin from /dev/null and stdout+stderr to out_path, in
 *  a process group of its own, with the fatal signals and SIGXFSZ at their default actions and
 *  its output bounded (PROC_OUTPUT_MAX_BYTES: a file; and, when out_path lies in a scratch
 *  folder of proc_scratch_make, all it writes there, whose file system must have that much free
 *  before it starts). After timeout_s, or past the bound, it is stopped and killed with
 *  everything it started. Whatever it leaves running when it ends is killed too: its group, and
 *  every process it started, in a group or session of its own or detached (setsid) included.
 *
 *  How every descendant is found: this process makes itself a child subreaper
 *  (prctl(PR_SET_CHILD_SUBREAPER), Linux 3.4) at the first spawn, so a process whose parent
 *  ends is re-parented to it rather than to init, and every process an engine started stays
 *  below this one in /proc's parent links. Its runs are therefore one at a time: a detached
 *  process cannot be told from another run's (the engines of runs still going are spared).
 *  While it runs, SIGHUP, SIGINT, SIGQUIT or SIGTERM to this process kill its group and every
 *  descendant of this process (the same walk of /proc, with system calls only) and remove the
 *  scratch folders of proc_scratch_make before this process dies of the signal. Returns its
 *  exit status, or -1 with *why (spawn failure, signal, timeout, output; proc_last_fault says
 *  which). */
int proc_spawn(const char *const argv[], const char *out_path, double timeout_s, char *why, size_t why_size);
/** proc_spawn with a look at the run while it goes: tick(ctx), when not NULL, is called in this
 *  thread about every 0.1 s while the program runs (an engine batch reads and removes the cases
 *  it finished). */
int proc_spawn_watched(const char *const argv[], const char *out_path, double timeout_s, void (*tick)(void *ctx),
                       void *ctx, char *why, size_t why_size);
/** How this thread's last proc_spawn ended. */
ProcFault proc_last_fault(void);
/** A new scratch folder TMPDIR/PREFIX-XXXXXX (TMPDIR unset: /tmp; it must be a writable folder)
 *  into path, removed by the fatal-signal handler above if the process dies of one; false with
 *  a reason. */
bool proc_scratch_make(char *path, size_t size, const char *prefix, char *why, size_t why_size);
/** Whether TMPDIR (unset: /tmp) is a writable folder with room for a run's output
 *  (proc_output_bound free), for a command's checks before its work; false with the reason. */
bool proc_scratch_check(char *why, size_t why_size);
/** Removes a scratch folder and everything in it, in this process (no `rm` looked up on PATH;
 *  links inside are removed, never followed; a folder of its own that is read-only is made
 *  writable; a mount point inside and what it holds are left). Always ends; whether all went. */
bool proc_scratch_remove(const char *path);
/** Whether an executable of that name is on PATH. */
bool proc_installed(const char *command);
/** The folder of this executable (from /proc/self/exe) into dir; false when unknown. */
bool proc_exe_dir(char *dir, size_t size);
/** A file grandamp reads at run time (the engines' decks, the plot scripts), into path:
 *  $GRANDAMP_SHARE/<installed> when that setting is given (a folder laid out as make install's
 *  share/grandamp: decks/, plots/), else <exe dir>/../<in_tree> where the executable is in a build
 *  folder of the tree, else <exe dir>/../share/grandamp/<installed>; false when the one it looks
 *  at last is not readable (path then holds it, for messages). */
bool proc_runtime_file(const char *in_tree, const char *installed, char *path, size_t size);

#endif
