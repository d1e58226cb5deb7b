/* sysmem.c - physical, available and peak memory; thread counts (see sysmem.h). */
#include "sysmem.h"

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int sysmem_threads(int threads) { return threads > 0 ? threads : omp_get_max_threads(); }

long long sysmem_spheres_per_thread(void) {
  const char *s = getenv("GRANDAMP_SPHERES_PER_THREAD");
  char *end = NULL;
  const long long v = s ? strtoll(s, &end, 10) : 0;
  return s && *s && end && *end == '\0' && v >= 1 ? v : SYSMEM_SPHERES_PER_THREAD;
}

int sysmem_threads_for(int threads, long long items) {
  if (threads > 0) return threads;
  const long long wanted = items / sysmem_spheres_per_thread(), most = omp_get_max_threads();
  return wanted < 1 ? 1 : (int)(wanted < most ? wanted : most);
}

size_t sysmem_physical(void) {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)1 << 34;
}

/* The "MemAvailable:" line of /proc/meminfo in bytes; 0 if absent (kernels before 3.14). */
static size_t meminfo_available(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f) return 0;
  char line[256];
  unsigned long long kb = 0;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
  fclose(f);
  return (size_t)kb * 1024;
}

/* The first number in file, or 0 if it cannot be read or says "max". */
static unsigned long long read_number(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  unsigned long long v = 0;
  if (fscanf(f, "%llu", &v) != 1) v = 0;
  fclose(f);
  return v;
}

/* What the cgroup (v2, else v1) memory limit leaves to this process; SIZE_MAX without one. */
static size_t cgroup_room(void) {
  unsigned long long limit = read_number("/sys/fs/cgroup/memory.max");
  unsigned long long used = read_number("/sys/fs/cgroup/memory.current");
  if (limit == 0) {
    limit = read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    used = read_number("/sys/fs/cgroup/memory/memory.usage_in_bytes");
  }
  if (limit == 0 || limit >= (unsigned long long)1 << 60) return SIZE_MAX; /* "max" or v1's huge default */
  return used < limit ? (size_t)(limit - used) : 0;
}

size_t sysmem_available(void) {
  size_t avail = meminfo_available();
  if (avail == 0) {
    const long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    avail = pages > 0 && size > 0 ? (size_t)pages * (size_t)size : sysmem_physical();
  }
  const size_t room = cgroup_room();
  if (room < avail) avail = room;
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (size_t)rl.rlim_cur < avail)
    avail = (size_t)rl.rlim_cur;
  return avail;
}

size_t sysmem_peak(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (size_t)ru.ru_maxrss * 1024;
}

const char *sysmem_format(double bytes, char *buf, size_t size) {
  static const char *const unit[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
  int u = 0;
  while (bytes >= 1000.0 && u < 6) bytes /= 1000.0, u++;
  if (u == 0) snprintf(buf, size, "%.0f B", bytes);
  else snprintf(buf, size, "%.1f %s", bytes, unit[u]);
  return buf;
}
