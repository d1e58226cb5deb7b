/*
 * sysmem.h - how much memory this machine (and this process) may use, for the checks that
 * refuse an input before allocating what the machine cannot hold.
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
/** bytes as a short decimal size ("512 B", "21.3 kB", "1.9 GB") into buf. */
const char *sysmem_format(double bytes, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
