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
  PROC_FAULT_TIMEOUT  /**< it ran past its time limit and was killed */
} ProcFault;

/** Runs argv[0] (searched in PATH) with stdin from /dev/null and stdout+stderr to out_path, in
 *  a process group of its own, with the fatal signals and SIGXFSZ at their default actions.
 *  After timeout_s it is stopped and killed with everything it started (its group and every
 *  descendant, MPI ranks in groups of their own included); whatever it leaves running in its
 *  group when it exits is killed too. While it runs, SIGHUP, SIGINT, SIGQUIT or SIGTERM to this
 *  process kill its group and remove the scratch folders of proc_scratch_make before this
 *  process dies of the signal. Returns its exit status, or -1 with *why (spawn failure,
 *  signal, timeout; proc_last_fault says which). */
int proc_spawn(const char *const argv[], const char *out_path, double timeout_s, char *why, size_t why_size);
/** How this thread's last proc_spawn ended. */
ProcFault proc_last_fault(void);
/** A new scratch folder TMPDIR/PREFIX-XXXXXX (TMPDIR unset: /tmp; it must be a writable folder)
 *  into path, removed by the fatal-signal handler above if the process dies of one; false with
 *  a reason. */
bool proc_scratch_make(char *path, size_t size, const char *prefix, char *why, size_t why_size);
/** Whether TMPDIR (unset: /tmp) is a writable folder, for a command's checks before its work;
 *  false with the reason proc_scratch_make would give. */
bool proc_scratch_check(char *why, size_t why_size);
/** Removes a scratch folder and everything in it, in this process (no `rm` looked up on PATH;
 *  links inside are removed, never followed; a folder of its own that is read-only is made
 *  writable; a mount point inside and what it holds are left). Always ends; whether all went. */
bool proc_scratch_remove(const char *path);
/** Whether an executable of that name is on PATH. */
bool proc_installed(const char *command);
/** The folder of this executable (from /proc/self/exe) into dir; false when unknown. */
bool proc_exe_dir(char *dir, size_t size);

#endif
