/* sysload.c - the cores other work keeps busy, and the load average (see sysload.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_ISSET */
#include "sysload.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum { SYSLOAD_MAXCPU = 1024 };

/* The whole of a small text file into buf (NUL-terminated); false when it cannot be read. */
static bool read_text(const char *dir, const char *name, char *buf, size_t size) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (!f) return false;
  const size_t n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
  return n > 0;
}

/* The per-CPU lines of /proc/stat text: busy and total ticks by CPU number (idle and iowait are
 * not busy); seen[cpu] set for each line found. */
static void stat_parse(const char *text, unsigned long long *busy, unsigned long long *total, bool *seen) {
  for (const char *line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
    int cpu;
    unsigned long long v[8] = {0};
    if (strncmp(line, "cpu", 3) != 0 ||
        sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
               &v[6], &v[7]) < 5 ||
        cpu < 0 || cpu >= SYSLOAD_MAXCPU)
      continue; /* the all-CPU line "cpu  ...", or not a CPU line */
    total[cpu] = 0;
    for (int k = 0; k < 8; k++) total[cpu] += v[k];
    busy[cpu] = total[cpu] - v[3] - v[4];
    seen[cpu] = true;
  }
}

/* sysload_other_cores over the CPUs of mask (NULL: every CPU listed). */
static double other_cores_in(const char *stat0, const char *stat1, double own_ticks, const cpu_set_t *mask, int *cpus) {
  static unsigned long long b0[SYSLOAD_MAXCPU], t0[SYSLOAD_MAXCPU], b1[SYSLOAD_MAXCPU], t1[SYSLOAD_MAXCPU];
  static bool s0[SYSLOAD_MAXCPU], s1[SYSLOAD_MAXCPU];
  memset(s0, 0, sizeof s0);
  memset(s1, 0, sizeof s1);
  stat_parse(stat0, b0, t0, s0);
  stat_parse(stat1, b1, t1, s1);
  double busy = 0.0, total = 0.0;
  int n = 0;
  for (int c = 0; c < SYSLOAD_MAXCPU; c++) {
    if (!s0[c] || !s1[c] || (mask && !CPU_ISSET(c, mask)) || t1[c] < t0[c] || b1[c] < b0[c]) continue;
    busy += (double)(b1[c] - b0[c]);
    total += (double)(t1[c] - t0[c]);
    n++;
  }
  *cpus = n;
  if (n == 0 || !(total > 0)) return -1.0;
  /* this process's own ticks are not other work (it sleeps in the window; its OpenMP threads
   * may still spin down there) */
  double other = (busy - own_ticks) / (total / n);
  return other < 0 ? 0.0 : other > n ? n : other;
}

double sysload_other_cores(const char *stat0, const char *stat1, double own_ticks, int *cpus) {
  return other_cores_in(stat0, stat1, own_ticks, NULL, cpus);
}

/* This process's CPU time (every thread), user and system, in seconds. */
static double own_cpu_seconds(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0.0;
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

SysLoad sysload_sense(int window_ms) {
  SysLoad l = {.known = false, .other_cores = 0.0, .loadavg1 = -1.0, .cpus = 0};
  const char *fake = getenv("GRANDAMP_PROC_DIR");
  const char *dir = fake && *fake ? fake : "/proc";
  static char stat0[1 << 16], stat1[1 << 16];
  char avg[256];
  if (read_text(dir, "loadavg", avg, sizeof avg) && sscanf(avg, "%lf", &l.loadavg1) != 1) l.loadavg1 = -1.0;
  const double own0 = own_cpu_seconds();
  if (!read_text(dir, "stat", stat0, sizeof stat0)) return l;
  if (dir == fake) {
    if (!read_text(dir, "stat.later", stat1, sizeof stat1)) return l;
  } else {
    const struct timespec ts = {window_ms / 1000, (long)(window_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    if (!read_text(dir, "stat", stat1, sizeof stat1)) return l;
  }
  const long hz = sysconf(_SC_CLK_TCK);
  const double own_ticks = dir == fake ? 0.0 : (own_cpu_seconds() - own0) * (double)(hz > 0 ? hz : 100);
  cpu_set_t mask;
  const bool masked = dir != fake && sched_getaffinity(0, sizeof mask, &mask) == 0;
  const double other = other_cores_in(stat0, stat1, own_ticks, masked ? &mask : NULL, &l.cpus);
  if (other < 0) return l;
  l.known = true;
  l.other_cores = other;
  return l;
}

bool sysload_busy(const SysLoad *l) { return l->known && l->other_cores * 1000.0 >= SYSLOAD_BUSY_MILLICORES; }

const char *sysload_describe(const SysLoad *l, char *buf, size_t size) {
  char avg[64] = "";
  if (l->loadavg1 >= 0) snprintf(avg, sizeof avg, ", load average %.2f", l->loadavg1);
  if (!l->known) snprintf(buf, size, "load not measured (/proc/stat unreadable)%s", avg);
  else snprintf(buf, size, "other work kept %.2f of %d cores busy%s", l->other_cores, l->cpus, avg);
  return buf;
}
