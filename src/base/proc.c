/* proc.c - starting a program with a time limit and a captured output, scratch folders that a
 * fatal signal removes, and where programs are (see proc.h). */
#define _GNU_SOURCE /* syscall(SYS_getdents64): a directory listing that is async-signal-safe */
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fatalsig.h"

extern char **environ;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* printf into a message buffer; a longer message is cut (it is an excerpt). */
static void msgf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void msgf(char *dst, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dst, n, fmt, ap);
  va_end(ap);
}

/* ---- what is running and what lies around, for the fatal-signal handler ----------------------
 * The handler may only use async-signal-safe calls: the tables are fixed, an entry counts only
 * while its flag is set (after its content is complete). */

enum { LIVE_SLOTS = 8, SCRATCH_SLOTS = 8, SCRATCH_PATH = 4096 };
static volatile sig_atomic_t live_group[LIVE_SLOTS];  /* process groups of running engines (0: free) */
static char scratch_path[SCRATCH_SLOTS][SCRATCH_PATH];
static volatile sig_atomic_t scratch_live[SCRATCH_SLOTS];
static struct sigaction previous_action[NSIG];
static bool handlers_installed;
static _Thread_local ProcFault last_fault;

/* Removes name under dirfd and everything below it, without following links and without leaving
 * this file system (a mount point inside is left with its content), with system calls only
 * (async-signal-safe: the same code serves the handler and the normal path). Returns whether
 * name is gone. It always ends: a pass over a folder is repeated only while it removed something
 * (a move up lowers the depth: no cycle), so an entry that cannot go (not ours, busy, another
 * file system) is left, not retried for ever. A folder that this process owns but may not write or read (an engine's
 * read-only output) is made writable first. Folders nested deeper than REMOVE_DEPTH are moved up
 * to the top folder (root_fd) under a new name and removed from there: any depth, a bounded stack. */
enum { REMOVE_DEPTH = 48 };
static volatile sig_atomic_t moved_up_serial;

static int open_folder_at(int dirfd, const char *name) {
  const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  int fd = openat(dirfd, name, flags);
  if (fd < 0 && errno == EACCES && fchmodat(dirfd, name, S_IRWXU, 0) == 0) fd = openat(dirfd, name, flags);
  return fd;
}

/* Moves dirfd/name to root_fd/.deep-N (a fresh N); whether it went. */
static bool move_up(int dirfd, const char *name, int root_fd) {
  for (int tries = 0; tries < 16; tries++) {
    char fresh[32] = ".deep-";
    unsigned n = (unsigned)++moved_up_serial, k = 6;
    char digits[12];
    int d = 0;
    do digits[d++] = (char)('0' + n % 10u); while ((n /= 10u) > 0);
    while (d > 0) fresh[k++] = digits[--d];
    fresh[k] = '\0';
    if (renameat(dirfd, name, root_fd, fresh) == 0) return true;
    if (errno != EEXIST && errno != ENOTEMPTY) return false;
  }
  return false;
}

static bool remove_tree_at(int dirfd, const char *name, int depth, dev_t dev, int root_fd) {
  if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT) return true;
  if (errno != EISDIR && errno != EPERM) return false;
  if (unlinkat(dirfd, name, AT_REMOVEDIR) == 0) return true; /* an empty folder */
  if (errno != ENOTEMPTY && errno != EEXIST && errno != EACCES && errno != EPERM) return false; /* busy, ... */
  const int fd = open_folder_at(dirfd, name);
  if (fd < 0) return false;
  struct stat st;
  if (fstat(fd, &st) != 0 || (depth > 0 && st.st_dev != dev)) { /* a mount point: not ours to empty */
    close(fd);
    return false;
  }
  if ((st.st_mode & S_IRWXU) != S_IRWXU) fchmod(fd, st.st_mode | S_IRWXU); /* fails harmlessly if not ours */
  if (depth == 0) dev = st.st_dev, root_fd = fd;
  char buf[2048] __attribute__((aligned(8)));
  for (bool removed = true; removed;) { /* again while a pass removes something (a listing may skip) */
    removed = false;
    lseek(fd, 0, SEEK_SET);
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
      for (long at = 0; at < n;) {
        unsigned short reclen; /* after d_ino and d_off (8 bytes each) */
        memcpy(&reclen, buf + at + 16, sizeof reclen);
        if (reclen == 0) break; /* never from the kernel; no endless loop on it either */
        const char *entry = buf + at + 19; /* after d_reclen and d_type */
        at += reclen;
        if (!strcmp(entry, ".") || !strcmp(entry, "..")) continue;
        const bool gone = depth + 1 < REMOVE_DEPTH ? remove_tree_at(fd, entry, depth + 1, dev, root_fd)
                                                   : unlinkat(fd, entry, 0) == 0 || move_up(fd, entry, root_fd);
        removed = removed || gone;
      }
  }
  close(fd);
  return unlinkat(dirfd, name, AT_REMOVEDIR) == 0;
}

static void kill_live_groups(void) {
  for (int k = 0; k < LIVE_SLOTS; k++)
    if (live_group[k] > 0) kill(-(pid_t)live_group[k], SIGKILL);
}

/* ---- every descendant, detached ones included ------------------------------------------------
 * This process is a child subreaper (prctl PR_SET_CHILD_SUBREAPER, install_handlers): whatever an
 * engine leaves behind when its parent ends (a daemon it detached with setsid, an MPI rank whose
 * launcher died) is re-parented to this process instead of init. So every process an engine
 * started stays below this one in /proc's parent links, whatever its process group or session,
 * and both the fatal-signal handler and the end of every run find them there. The walk uses
 * system calls only (open, read, getdents64, kill): the handler runs it too. */

enum { SWEEP_MAX = 4096, SWEEP_PASSES = 64 };

static bool pid_listed(pid_t pid, const pid_t *list, int n) {
  for (int k = 0; k < n; k++)
    if (list[k] == pid) return true;
  return false;
}

/* The pid of a /proc entry's name, or -1 when the name is not a process. */
static long proc_entry_pid(const char *name) {
  long pid = 0;
  int digits = 0;
  for (; *name; name++, digits++) {
    if (*name < '0' || *name > '9' || digits > 9) return -1;
    pid = 10 * pid + (*name - '0');
  }
  return digits ? pid : -1;
}

/* The parent of process `name` (an entry of /proc, open as procfd) from its stat line; -1 when
 * it is gone. The name in parentheses may hold any byte: the fields start after the last ')'. */
static long proc_parent_of(int procfd, const char *name) {
  char path[32], line[512];
  const size_t n = strlen(name);
  if (n > 16) return -1;
  memcpy(path, name, n);
  memcpy(path + n, "/stat", 6);
  const int fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  const ssize_t got = read(fd, line, sizeof line - 1);
  close(fd);
  if (got <= 0) return -1;
  line[got] = '\0';
  const char *p = NULL;
  for (ssize_t k = 0; k < got; k++)
    if (line[k] == ')') p = line + k;
  if (!p || !p[1] || !p[2] || !p[3]) return -1;
  p += 4; /* past ") S ": the state, then the parent */
  long ppid = 0;
  int digits = 0;
  for (; *p >= '0' && *p <= '9' && digits < 10; p++, digits++) ppid = 10 * ppid + (*p - '0');
  return digits ? ppid : -1;
}

/* Kills (SIGKILL) every descendant of root but the trees of the processes in spare, into
 * found[0..returned): pass after pass over /proc until one finds no new process (a killed
 * process's children are re-parented to this subreaper and found by the next pass). */
static int kill_descendants(pid_t root, pid_t *found, int max, const pid_t *spare, int nspare) {
  int n = 0;
  char buf[4096] __attribute__((aligned(8)));
  for (int pass = 0, grew = 1; grew && pass < SWEEP_PASSES && n < max; pass++) {
    grew = 0;
    const int procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (procfd < 0) break;
    long got;
    while (n < max && (got = syscall(SYS_getdents64, procfd, buf, sizeof buf)) > 0)
      for (long at = 0; at < got && n < max;) {
        unsigned short reclen; /* after d_ino and d_off (8 bytes each) */
        memcpy(&reclen, buf + at + 16, sizeof reclen);
        if (reclen == 0) break;
        const char *name = buf + at + 19; /* after d_reclen and d_type */
        at += reclen;
        const long pid = proc_entry_pid(name);
        if (pid <= 0 || pid_listed((pid_t)pid, found, n) || pid_listed((pid_t)pid, spare, nspare)) continue;
        const long ppid = proc_parent_of(procfd, name);
        if (ppid <= 0 || ((pid_t)ppid != root && !pid_listed((pid_t)ppid, found, n))) continue;
        kill((pid_t)pid, SIGKILL);
        found[n++] = (pid_t)pid;
        grew = 1;
      }
    close(procfd);
  }
  return n;
}

static pid_t handler_found[SWEEP_MAX]; /* the handler's own: it may interrupt a sweep of the normal path */

static void on_fatal_signal(int sig) {
  const int saved = errno;
  kill_live_groups();
  kill_descendants(getpid(), handler_found, SWEEP_MAX, NULL, 0);
  for (int k = 0; k < SCRATCH_SLOTS; k++)
    if (scratch_live[k]) remove_tree_at(AT_FDCWD, scratch_path[k], 0, 0, -1);
  fatalsig_pass_on(sig, previous_action); /* e.g. output.c's temporaries, or death by sig */
  errno = saved;
}

/* Installs the handler once, for the signals that are not ignored (a background job's ignored
 * SIGINT stays ignored); the handler that was there before is called after ours. */
static void install_handlers(void) {
  if (handlers_installed) return;
  handlers_installed = true;
  static const int fatal[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM};
  fatalsig_install(fatal, (int)(sizeof fatal / sizeof *fatal), on_fatal_signal, previous_action);
  /* Orphans of the engines come to this process, not to init (see kill_descendants). Without it
   * (a kernel before 3.4) the process groups and the tree found before a time-out are killed. */
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

static int live_add(pid_t pgid) {
  for (int k = 0; k < LIVE_SLOTS; k++)
    if (live_group[k] == 0) {
      live_group[k] = (sig_atomic_t)pgid;
      return k;
    }
  return -1;
}

static void live_remove(int slot) {
  if (slot >= 0) live_group[slot] = 0;
}

long long proc_output_bound(void) {
  const char *env = getenv(PROC_OUTPUT_ENV);
  char *end;
  errno = 0;
  const long long asked = env && *env ? strtoll(env, &end, 10) : 0;
  const bool lower = env && *env && !*end && !errno && asked >= (1LL << 20) && asked < PROC_OUTPUT_MAX_BYTES;
  return lower ? asked : PROC_OUTPUT_MAX_BYTES;
}

static long long mib(long long bytes) { return bytes >> 20; }

bool proc_room_check(const char *dir, long long need, char *why, size_t why_size) {
  struct statvfs fs;
  if (statvfs(dir, &fs) != 0) {
    msgf(why, why_size, "cannot tell the free space of %.200s: %s", dir, strerror(errno));
    return false;
  }
  const long double avail = (long double)fs.f_bavail * (long double)fs.f_frsize;
  if (avail >= (long double)need) return true;
  msgf(why, why_size, "%.200s has %lld MiB free; an engine run may write up to %lld MiB there (free some space or "
       "set TMPDIR to a larger folder)", dir, (long long)(avail / (1 << 20)), mib(need));
  return false;
}

bool proc_scratch_check(char *why, size_t why_size) {
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  struct stat st;
  errno = 0;
  if (stat(tmp, &st) == 0 && S_ISDIR(st.st_mode) && access(tmp, W_OK | X_OK) == 0) {
    char room[400];
    if (proc_room_check(tmp, proc_output_bound(), room, sizeof room)) return true;
    msgf(why, why_size, "TMPDIR %s", room);
    return false;
  }
  msgf(why, why_size, "TMPDIR %.200s is not a writable folder%s%s", tmp, errno ? ": " : "",
              errno ? strerror(errno) : "");
  return false;
}

bool proc_scratch_make(char *path, size_t size, const char *prefix, char *why, size_t why_size) {
  install_handlers();
  if (!proc_scratch_check(why, why_size)) return false;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  const int n = snprintf(path, size, "%s/%s-XXXXXX", tmp, prefix);
  if (n < 0 || (size_t)n >= size || (size_t)n >= SCRATCH_PATH) {
    msgf(why, why_size, "TMPDIR %.200s: the name is too long", tmp);
    return false;
  }
  if (!mkdtemp(path)) {
    msgf(why, why_size, "cannot create a folder under %.200s: %s", tmp, strerror(errno));
    return false;
  }
  for (int k = 0; k < SCRATCH_SLOTS; k++)
    if (!scratch_live[k]) {
      memcpy(scratch_path[k], path, (size_t)n + 1);
      atomic_signal_fence(memory_order_seq_cst); /* the name is complete before the handler may use it */
      scratch_live[k] = 1;
      break;
    }
  return true;
}

bool proc_scratch_remove(const char *path) {
  for (int k = 0; k < SCRATCH_SLOTS; k++)
    if (scratch_live[k] && !strcmp(scratch_path[k], path)) {
      scratch_live[k] = 0;
      atomic_signal_fence(memory_order_seq_cst);
    }
  return remove_tree_at(AT_FDCWD, path, 0, 0, -1);
}

/* The processes below root (its children, theirs, ...), from /proc: an engine's MPI ranks or
 * helpers may sit in process groups of their own. At most max ids; returns the count. */
static int descendants(pid_t root, pid_t *out, int max) {
  int n = 0;
  out[n++] = root;
  for (bool grew = true; grew && n < max;) {
    grew = false;
    DIR *d = opendir("/proc");
    if (!d) break;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
      char *end;
      const long pid = strtol(e->d_name, &end, 10);
      if (*end || pid <= 0) continue;
      bool known = false;
      for (int k = 0; k < n && !known; k++) known = out[k] == (pid_t)pid;
      if (known) continue;
      char path[64], stat_line[512];
      snprintf(path, sizeof path, "/proc/%ld/stat", pid);
      FILE *f = fopen(path, "r");
      if (!f) continue;
      const bool read = fgets(stat_line, sizeof stat_line, f) != NULL;
      fclose(f);
      const char *paren = read ? strrchr(stat_line, ')') : NULL; /* the name may hold spaces */
      long ppid = 0;
      if (!paren || sscanf(paren + 1, " %*c %ld", &ppid) != 1) continue;
      for (int k = 0; k < n; k++)
        if (out[k] == (pid_t)ppid) {
          out[n++] = (pid_t)pid;
          grew = true;
          break;
        }
    }
    closedir(d);
  }
  return n;
}

/* Ends the engine and everything it started. SIGTERM first, with a second's grace, so that a
 * launcher (mpirun) can end its ranks and remove its session files; then whatever is left of
 * the group and of every descendant (found while they were still its descendants) is killed. */
static void kill_tree(pid_t pid) {
  pid_t all[256];
  const int n = descendants(pid, all, 256);
  kill(-pid, SIGTERM);
  siginfo_t info;
  for (int k = 0; k < 100; k++) { /* WNOWAIT: the leader stays a zombie, its group id not reused */
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) break;
    const struct timespec nap = {0, 10000000}; /* 10 ms */
    nanosleep(&nap, NULL);
  }
  kill(-pid, SIGKILL);
  for (int k = 1; k < n; k++) kill(all[k], SIGKILL);
}

/* The scratch folder (its slot) that holds path, or -1. */
static int scratch_slot_of(const char *path) {
  for (int k = 0; k < SCRATCH_SLOTS; k++) {
    const size_t n = strlen(scratch_path[k]);
    if (scratch_live[k] && !strncmp(path, scratch_path[k], n) && path[n] == '/') return k;
  }
  return -1;
}

/* Bytes on disk below the folder dirfd (links not followed), at most *entries more entries and
 * 64 levels; -1 past either (an engine that makes a million files floods too). */
static long long tree_usage(int dirfd, int depth, long *entries) {
  DIR *d = fdopendir(dirfd);
  if (!d) {
    close(dirfd);
    return 0;
  }
  long long sum = 0;
  for (struct dirent *e; sum >= 0 && (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    struct stat st;
    if (--*entries < 0 || depth > 64) sum = -1;
    else if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
      sum += (long long)st.st_blocks * 512;
      if (S_ISDIR(st.st_mode)) {
        const int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const long long below = sub < 0 ? 0 : tree_usage(sub, depth + 1, entries);
        sum = below < 0 ? -1 : sum + below;
      }
    }
  }
  closedir(d);
  return sum;
}

/* What a scratch folder holds on disk; -1 when it holds too many entries to count. */
static long long scratch_usage(const char *dir) {
  const int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  long entries = 100000;
  return fd < 0 ? 0 : tree_usage(fd, 0, &entries);
}

/* After a run: what it left below this process, in its own process group or not, detached or
 * not (re-parented here, see kill_descendants), is killed and reaped; the engines of other runs
 * still going (their leaders' trees) are spared. Nothing to do without a child. */
static void kill_leftovers(pid_t leader) {
  siginfo_t info;
  if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno == ECHILD) return;
  pid_t spare[LIVE_SLOTS], found[SWEEP_MAX];
  int nspare = 0;
  for (int k = 0; k < LIVE_SLOTS; k++)
    if (live_group[k] > 0 && live_group[k] != leader) spare[nspare++] = (pid_t)live_group[k];
  const int n = kill_descendants(getpid(), found, SWEEP_MAX, spare, nspare);
  /* Each comes here once its parent is dead too: reaped then, for a second at most (a process
   * stuck in the kernel is left to the end of this process). */
  for (int tries = 0, left = n; left > 0 && tries < 100; tries++) {
    left = 0;
    for (int k = 0; k < n; k++) {
      if (!found[k]) continue;
      const pid_t r = waitpid(found[k], NULL, WNOHANG);
      if (r == found[k] || (r < 0 && errno == ECHILD && kill(found[k], 0) != 0)) found[k] = 0;
      else left++;
    }
    const struct timespec nap = {0, 10000000}; /* 10 ms */
    if (left) nanosleep(&nap, NULL);
  }
}

/* The environment of an engine whose output goes into one of this process's scratch folders:
 * TMPDIR is that folder, so that what the engine or its launcher leaves there (Open MPI's
 * session folder when it is killed) goes with the folder. Else this process's own. */
static char **child_environ(const char *out_path, char *tmpdir_entry, size_t size) {
  const char *slash = strrchr(out_path, '/');
  const bool scratch = scratch_slot_of(out_path) >= 0;
  if (!scratch || !slash || snprintf(tmpdir_entry, size, "TMPDIR=%.*s", (int)(slash - out_path), out_path) >= (int)size)
    return environ;
  size_t n = 0;
  while (environ[n]) n++;
  char **env = malloc((n + 2) * sizeof *env);
  if (!env) return environ;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "TMPDIR=", 7)) env[k++] = environ[i];
  env[k++] = tmpdir_entry;
  env[k] = NULL;
  return env;
}

ProcFault proc_last_fault(void) { return last_fault; }

/* Starts argv with stdin from /dev/null, stdout and stderr into out_path, in a process group of
 * its own, under the file-size bound; 0 or the error number of posix_spawnp. */
static int spawn_child(const char *const argv[], const char *out_path, long long bound, pid_t *pid, int *slot) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  /* Its own process group (killed as one), the signals this process ignores or catches back at
   * their defaults (an ignored SIGXFSZ would let a full file pass), nothing blocked. */
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&at, 0);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  static const int DEFAULTED[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGXFSZ, SIGCHLD};
  for (size_t k = 0; k < sizeof DEFAULTED / sizeof *DEFAULTED; k++) sigaddset(&defaults, DEFAULTED[k]);
  posix_spawnattr_setsigdefault(&at, &defaults);
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&at, &none);
  /* The signal handler must not miss a group between the spawn and its entry in the table. */
  sigset_t fatal, old_mask;
  sigemptyset(&fatal);
  sigaddset(&fatal, SIGHUP), sigaddset(&fatal, SIGINT), sigaddset(&fatal, SIGQUIT), sigaddset(&fatal, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &fatal, &old_mask);
  char tmpdir_entry[SCRATCH_PATH + 8];
  char **env = child_environ(out_path, tmpdir_entry, sizeof tmpdir_entry);
  /* The child inherits RLIMIT_FSIZE (posix_spawn cannot set it): this process's soft limit is
   * lowered to the bound for the spawn only, while it does nothing else, and set back. */
  struct rlimit old_fsize;
  bool lowered = false;
  if (getrlimit(RLIMIT_FSIZE, &old_fsize) == 0 &&
      (old_fsize.rlim_cur == RLIM_INFINITY || old_fsize.rlim_cur > (rlim_t)bound)) {
    const struct rlimit lim = {(rlim_t)bound, old_fsize.rlim_max};
    lowered = setrlimit(RLIMIT_FSIZE, &lim) == 0;
  }
  /* posix_spawnp takes char *const argv[] for historical reasons; it does not modify them. */
  const int err = posix_spawnp(pid, argv[0], &fa, &at, (char *const *)argv, env);
  if (lowered) setrlimit(RLIMIT_FSIZE, &old_fsize);
  if (env != environ) free(env);
  *slot = err ? -1 : live_add(*pid);
  pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  return err;
}

/* Its exit status, or the fault and its reason, from the wait status of a run that ended. */
static int ended(const char *prog, int status, long long bound, char *why, size_t why_size) {
  if (WIFEXITED(status)) {
    last_fault = PROC_FAULT_NONE;
    return WEXITSTATUS(status);
  }
  const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : -1;
  if (sig == SIGXFSZ) {
    last_fault = PROC_FAULT_OUTPUT;
    msgf(why, why_size, "%s died of SIGXFSZ: a file it wrote reached %lld MiB, the bound on a file of a run", prog,
         mib(bound));
  } else {
    last_fault = PROC_FAULT_SIGNAL;
    msgf(why, why_size, "%s died of signal %d", prog, sig);
  }
  return -1;
}

int proc_spawn(const char *const argv[], const char *out_path, double timeout_s, char *why, size_t why_size) {
  return proc_spawn_watched(argv, out_path, timeout_s, NULL, NULL, why, why_size);
}

int proc_spawn_watched(const char *const argv[], const char *out_path, double timeout_s, void (*tick)(void *ctx),
                       void *ctx, char *why, size_t why_size) {
  install_handlers();
  last_fault = PROC_FAULT_START;
  const long long bound = proc_output_bound();
  const int scratch = scratch_slot_of(out_path);
  char room[400];
  if (scratch >= 0 && !proc_room_check(scratch_path[scratch], bound, room, sizeof room)) {
    msgf(why, why_size, "%s not started: TMPDIR %s", argv[0], room);
    return -1;
  }
  pid_t pid;
  int slot;
  const int err = spawn_child(argv, out_path, bound, &pid, &slot);
  if (err) {
    msgf(why, why_size, "cannot start %s: %s", argv[0], strerror(err));
    return -1;
  }
  const double t0 = now();
  double next_look = t0 + 0.1;
  int status = 0;
  int rc = -1;
  siginfo_t info;
  for (;;) { /* WNOWAIT: the exited leader stays a zombie, so its group id is not reused before the kill */
    memset(&info, 0, sizeof info);
    const int w = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    if (w == 0 && info.si_pid == pid) break;
    if (w < 0 && errno != EINTR) {
      msgf(why, why_size, "waiting for %s: %s", argv[0], strerror(errno));
      kill_tree(pid);
      waitpid(pid, &status, 0);
      goto done;
    }
    if (now() - t0 > timeout_s) {
      kill_tree(pid);
      waitpid(pid, &status, 0);
      last_fault = PROC_FAULT_TIMEOUT;
      msgf(why, why_size, "%s killed after %.3g s (its time limit)", argv[0], timeout_s);
      goto done;
    }
    /* Every 0.1 s: the caller's look at what it finished, then all it wrote into its scratch
     * folder against the same bound as a file. */
    if (now() >= next_look) {
      if (tick) tick(ctx);
      const long long used = scratch >= 0 ? scratch_usage(scratch_path[scratch]) : 0;
      if (used < 0 || used > bound) {
        kill_tree(pid);
        waitpid(pid, &status, 0);
        last_fault = PROC_FAULT_OUTPUT;
        if (used < 0)
          msgf(why, why_size, "%s killed: its scratch folder %.200s holds more than 100000 entries", argv[0],
               scratch_path[scratch]);
        else
          msgf(why, why_size, "%s killed: what it wrote into its scratch folder %.200s passed %lld MiB, the bound on "
               "what a run writes", argv[0], scratch_path[scratch], mib(bound));
        goto done;
      }
      next_look = now() + 0.1;
    }
    const struct timespec nap = {0, 2000000}; /* 2 ms */
    nanosleep(&nap, NULL);
  }
  kill(-pid, SIGKILL); /* whatever it left running in its group */
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  rc = ended(argv[0], status, bound, why, why_size);
done:
  kill_leftovers(pid); /* what it detached, or left behind when it was killed */
  live_remove(slot);
  return rc;
}

bool proc_installed(const char *command) {
  const char *path = getenv("PATH");
  if (!path || !command || !*command) return false;
  char buf[4096];
  for (const char *p = path; *p;) {
    const char *e = strchr(p, ':');
    const size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, command);
    struct stat st; /* a folder of that name is searchable, not a program */
    if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0) return true;
    p += n + (e ? 1 : 0);
  }
  return false;
}

bool proc_exe_dir(char *dir, size_t size) {
  const ssize_t n = readlink("/proc/self/exe", dir, size - 1);
  if (n <= 0) return false;
  dir[n] = '\0';
  char *slash = strrchr(dir, '/');
  if (!slash) return false;
  *slash = '\0';
  return true;
}

bool proc_runtime_file(const char *in_tree, const char *installed, char *path, size_t size) {
  const char *share = getenv("GRANDAMP_SHARE");
  if (share && *share) {
    const int n = snprintf(path, size, "%s/%s", share, installed);
    return n > 0 && (size_t)n < size && access(path, R_OK) == 0;
  }
  char self[4096];
  if (!proc_exe_dir(self, sizeof self)) {
    snprintf(path, size, "(unknown: /proc/self/exe unreadable)");
    return false;
  }
  int n = snprintf(path, size, "%s/../%s", self, in_tree);
  if (n > 0 && (size_t)n < size && access(path, R_OK) == 0) return true;
  n = snprintf(path, size, "%s/../share/grandamp/%s", self, installed);
  return n > 0 && (size_t)n < size && access(path, R_OK) == 0;
}
