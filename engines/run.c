/* run.c - starting an engine with a time limit and a captured log, and reading its files (see run.h). */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

void engine_msgf(char *dst, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dst, n, fmt, ap); /* through vsnprintf: the cut is intended, not a format warning */
  va_end(ap);
}

bool engine_file_line(const char *path, const char *prefix, char *buf, size_t size) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  char line[1024];
  bool found = false;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (prefix ? strncmp(line, prefix, strlen(prefix)) == 0 : line[0] != '\0') {
      const size_t n = strlen(line) < size ? strlen(line) : size - 1; /* an excerpt may be cut */
      memcpy(buf, line, n);
      buf[n] = '\0';
      found = true;
      if (prefix) break;
    }
  }
  fclose(f);
  return found;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int engine_spawn(const char *const argv[], const char *out_path, double timeout_s, char *why, size_t why_size) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid;
  /* posix_spawnp takes char *const argv[] for historical reasons; it does not modify them. */
  const int err = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err) {
    engine_msgf(why, why_size, "cannot start %s: %s", argv[0], strerror(err));
    return -1;
  }
  const double t0 = now();
  int status = 0;
  for (;;) {
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) {
      engine_msgf(why, why_size, "waitpid %s: %s", argv[0], strerror(errno));
      return -1;
    }
    if (now() - t0 > timeout_s) {
      kill(pid, SIGKILL); /* the process this function started, by its id */
      waitpid(pid, &status, 0);
      engine_msgf(why, why_size, "%s killed after %.0f s", argv[0], timeout_s);
      return -1;
    }
    const struct timespec nap = {0, 2000000}; /* 2 ms */
    nanosleep(&nap, NULL);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  engine_msgf(why, why_size, "%s died of signal %d", argv[0], WIFSIGNALED(status) ? WTERMSIG(status) : -1);
  return -1;
}

bool engine_installed(const char *command) {
  const char *path = getenv("PATH");
  if (!path || !command || !*command) return false;
  char buf[4096];
  for (const char *p = path; *p;) {
    const char *e = strchr(p, ':');
    const size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, command);
    if (access(buf, X_OK) == 0) return true;
    p += n + (e ? 1 : 0);
  }
  return false;
}

bool engine_exe_dir(char *dir, size_t size) {
  const ssize_t n = readlink("/proc/self/exe", dir, size - 1);
  if (n <= 0) return false;
  dir[n] = '\0';
  char *slash = strrchr(dir, '/');
  if (!slash) return false;
  *slash = '\0';
  return true;
}

const char *engine_deck_path(const char *name, char *why, size_t why_size) {
  static char path[4096];
  const char *env = getenv("GRANDAMP_ENGINE_DECKS");
  if (env && *env) {
    snprintf(path, sizeof path, "%s/%s", env, name);
    if (access(path, R_OK) == 0) return path;
    engine_msgf(why, why_size, "%.200s: not readable (GRANDAMP_ENGINE_DECKS)", path);
    return NULL;
  }
  char self[4096]; /* build/grandamp_verify: the decks are ../engines/decks of the build folder */
  if (engine_exe_dir(self, sizeof self) &&
      snprintf(path, sizeof path, "%s/../engines/decks/%s", self, name) < (int)sizeof path && access(path, R_OK) == 0)
    return path;
  engine_msgf(why, why_size, "engine deck %s not found next to the build folder; set GRANDAMP_ENGINE_DECKS", name);
  return NULL;
}

int engine_mpi_argv(const char **argv, int ranks, const char *prog, char nbuf[16]) {
  int k = 0;
  if (ranks > 1) {
    snprintf(nbuf, 16, "%d", ranks);
    argv[k++] = "mpirun", argv[k++] = "-np", argv[k++] = nbuf, argv[k++] = "--oversubscribe";
    if (geteuid() == 0) argv[k++] = "--allow-run-as-root"; /* Open MPI refuses root without it */
  }
  argv[k++] = prog;
  return k;
}
