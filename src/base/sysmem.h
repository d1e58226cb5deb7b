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
 *  per sysmem_spheres_per_thread(), at least 1 and at most the OpenMP default. A small problem
 *  on every core pays a barrier per parallel region for little work, and on a loaded machine
 *  waits for descheduled threads at each (3-3000x slower than one thread). */
int sysmem_threads_for(int threads, long long items);
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
