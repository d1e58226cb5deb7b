/*
 * sysmem.h - what this machine offers: how much memory it (and this process) may use, for the
 * checks that refuse an input before allocating what the machine cannot hold, and how many
 * threads a parallel region runs on.
 */
#ifndef GD_SYSMEM_H
#define GD_SYSMEM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Physical memory of this machine in bytes. */
size_t sysmem_physical(void);
/** The most memory this process may ever use, in bytes: the tightest of physical memory, the
 *  cgroup memory limit (v2 memory.max, v1 memory.limit_in_bytes) and the address-space limit
 *  (RLIMIT_AS, `ulimit -v`, less what this process has mapped already); *which (if not NULL) names it for messages. Unlike
 *  sysmem_available it does not move with the load, so a check against it repeats. */
size_t sysmem_limit(const char **which);
/** Memory this process can still get, in bytes: the kernel's MemAvailable estimate (free
 *  memory plus reclaimable caches), lowered by a cgroup memory limit and by the address-space
 *  limit (ulimit -v) where they are set; physical memory when none of them can be read. */
size_t sysmem_available(void);
/** Peak resident memory of this process in bytes. */
size_t sysmem_peak(void);
/** The threads a parallel region runs on: threads, or the OpenMP default for 0 (every layer's
 *  regions take their count as data through this). */
int sysmem_threads(int threads);
/** The threads for a problem of `items` spheres: threads when it is > 0 (asked for), else one
 *  per sysmem_spheres_per_thread(), at least 1, at most the OpenMP default and, with the default
 *  share, at most the cores other work leaves free (sysmem_free_cpus). A small problem on every
 *  core pays a barrier per parallel region for little work, and on a loaded machine waits for
 *  descheduled threads at each (3-3000x slower than one thread; a thread whose core another
 *  process holds makes the whole step wait: docs/performance-log.md). */
int sysmem_threads_for(int threads, long long items);
/** The rule of sysmem_threads_for: items / per, at most `most` and, when free_cpus >= 0, at
 *  most free_cpus; at least 1. */
int sysmem_threads_pick(long long items, long long per, int most, int free_cpus);
/** The CPUs of this process's affinity mask that other work does not keep busy, sensed once per
 *  process (SYSMEM_SENSE_MS of sleep at the first call), or -1 where /proc/stat cannot tell. */
int sysmem_free_cpus(void);
enum { SYSMEM_SENSE_MS = 60 };
/** SYSMEM_SPHERES_PER_THREAD, or the environment's GRANDAMP_SPHERES_PER_THREAD (a whole number
 *  >= 1; make race sets 1 so that every test run has threads to watch). */
long long sysmem_spheres_per_thread(void);
enum { SYSMEM_SPHERES_PER_THREAD = 4000 };
/** bytes as a short decimal size ("512 B", "21.3 kB", "1.9 GB") into buf. */
const char *sysmem_format(double bytes, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
