/* sysmem.c - physical, available and peak memory; thread counts (see sysmem.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "sysmem.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

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

int sysmem_threads_pick(long long items, long long per, int most, int free_cpus) {
  long long n = items / per;
  if (n > most) n = most;
  if (free_cpus >= 0 && n > free_cpus) n = free_cpus;
  return n < 1 ? 1 : (int)n;
}

/* One CPU's line of /proc/stat: its busy and total time in USER_HZ ticks (idle and iowait are
 * not busy); false past the per-CPU lines. */
static bool stat_cpu(FILE *f, int *cpu, unsigned long long *busy, unsigned long long *total) {
  char line[512];
  if (!fgets(line, sizeof line, f) || strncmp(line, "cpu", 3) != 0) return false;
  unsigned long long v[8] = {0};
  if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
             &v[6], &v[7]) < 5)
    *cpu = -1; /* the all-CPU line "cpu  ..." */
  *total = 0;
  for (int k = 0; k < 8; k++) *total += v[k];
  *busy = *total - v[3] - v[4];
  return true;
}

/* The CPUs this process may run on that other work keeps more than half busy, from the
 * per-CPU times of /proc/stat over SYSMEM_SENSE_MS of sleep (this process sleeps meanwhile, so
 * its own CPU counts as free); -1 when they cannot be read. */
static int sense_busy_cpus(void) {
  cpu_set_t mask;
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return -1;
  enum { MAXCPU = 1024 };
  static unsigned long long b0[MAXCPU], t0[MAXCPU];
  for (int pass = 0; pass < 2; pass++) {
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return -1;
    int cpu, busy_cpus = 0, seen = 0;
    unsigned long long b, t;
    while (stat_cpu(f, &cpu, &b, &t)) {
      if (cpu < 0 || cpu >= MAXCPU || !CPU_ISSET(cpu, &mask)) continue;
      seen++;
      if (pass == 0) b0[cpu] = b, t0[cpu] = t;
      else if (t > t0[cpu] && 2 * (b - b0[cpu]) > t - t0[cpu]) busy_cpus++;
    }
    fclose(f);
    if (seen == 0) return -1;
    if (pass == 1) return busy_cpus;
    const struct timespec ts = {0, SYSMEM_SENSE_MS * 1000000L};
    nanosleep(&ts, NULL);
  }
  return -1;
}

int sysmem_free_cpus(void) {
  static _Atomic int cached = -2; /* not sensed yet */
  int v = atomic_load(&cached);
  if (v != -2) return v;
  cpu_set_t mask;
  const int busy = sense_busy_cpus();
  v = busy < 0 || sched_getaffinity(0, sizeof mask, &mask) != 0 ? -1 : CPU_COUNT(&mask) - busy;
  atomic_store(&cached, v);
  return v;
}

int sysmem_threads_for(int threads, long long items) {
  if (threads > 0) return threads;
  const long long per = sysmem_spheres_per_thread();
  const int most = omp_get_max_threads();
  /* the load is sensed only when it can matter: more than one thread wanted, the default share */
  const bool sense = items / per > 1 && most > 1 && !getenv("GRANDAMP_SPHERES_PER_THREAD");
  return sysmem_threads_pick(items, per, most, sense ? sysmem_free_cpus() : -1);
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

/* The cgroup (v2, else v1) memory limit itself, SIZE_MAX without one. */
static size_t cgroup_limit(void) {
  unsigned long long limit = read_number("/sys/fs/cgroup/memory.max");
  if (limit == 0) limit = read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  return limit == 0 || limit >= (unsigned long long)1 << 60 ? SIZE_MAX : (size_t)limit;
}

size_t sysmem_limit(const char **which) {
  size_t limit = sysmem_physical();
  const char *name = "the physical memory";
  const size_t cg = cgroup_limit();
  if (cg < limit) limit = cg, name = "the cgroup memory limit";
  /* the address space counts what is mapped already (libraries, thread stacks, arenas) */
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    const size_t mapped = (size_t)read_number("/proc/self/statm") * (size_t)sysconf(_SC_PAGE_SIZE);
    const size_t room = (size_t)rl.rlim_cur > mapped ? (size_t)rl.rlim_cur - mapped : 0;
    if (room < limit) limit = room, name = "the address-space limit (ulimit -v)";
  }
  if (which) *which = name;
  return limit;
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
