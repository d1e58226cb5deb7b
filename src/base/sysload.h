/*
 * sysload.h - how busy other work keeps this machine, measured around a timed run so that a
 * timing taken on a busy machine says so (docs/benchmark.md, "A busy machine").
 *
 * The measure is the cores other work keeps busy: the busy time of /proc/stat (every CPU of this
 * process's affinity mask; idle and iowait are not busy) over a short window in which this
 * process sleeps, less this process's own CPU time in the window (getrusage), over the window.
 * The 1-minute load average of /proc/loadavg is recorded beside it, not judged (it lags by a
 * minute and counts this process's own threads and the build that just ran).
 *
 * For tests, GRANDAMP_PROC_DIR names a folder read in place of /proc: its loadavg, and its stat
 * and stat.later as the readings at the start and the end of the window (no sleep).
 */
#ifndef GD_SYSLOAD_H
#define GD_SYSLOAD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One measurement of the machine's load. */
typedef struct {
  bool known;         /**< false where /proc/stat could not be read (other_cores is then 0) */
  double other_cores; /**< cores other work kept busy over the window, 0..cpus [cores] */
  double loadavg1;    /**< 1-minute load average, -1 when unknown [runnable threads] */
  int cpus;           /**< CPUs of this process's affinity mask (of the fake stat under tests) */
} SysLoad;

/** A window long enough for 20 ticks of USER_HZ = 100 per CPU, short enough to pay twice per run. */
enum { SYSLOAD_WINDOW_MS = 200 };
/** Busy: other work keeps at least this many cores busy (in thousandths, 500 = half a core). */
enum { SYSLOAD_BUSY_MILLICORES = 500 };

/** Measures the load over window_ms of sleep (none with GRANDAMP_PROC_DIR). */
SysLoad sysload_sense(int window_ms);
/** Whether the measurement says busy: known and other_cores >= SYSLOAD_BUSY_MILLICORES / 1000. */
bool sysload_busy(const SysLoad *l);
/** One short phrase for messages and records: "other work kept 1.84 of 2 cores busy, load
 *  average 6.50" or "load not measured (/proc/stat unreadable)". */
const char *sysload_describe(const SysLoad *l, char *buf, size_t size);
/** The cores other work kept busy between two readings of /proc/stat (the files' text), over
 *  the per-CPU lines of both, less own_ticks (USER_HZ ticks this process ran meanwhile), clamped
 *  to 0..CPUs; *cpus gets the CPUs counted; -1 when the readings cannot tell (no CPU line, or
 *  no time between them). */
double sysload_other_cores(const char *stat0, const char *stat1, double own_ticks, int *cpus);

#ifdef __cplusplus
}
#endif
#endif
