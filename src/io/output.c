/*
 * output.c - output files (see output.h).
 *
 * Linux-specific on purpose (with a portable fallback): O_TMPFILE gives a file with no name
 * until it is complete, so a crash cannot leave a partial file or a stale temporary behind;
 * linkat() through /proc/self/fd names it (AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH).
 * The temporary name carries the pid so that two processes writing the same path do not
 * remove each other's file; the last rename wins, and both results are complete.
 *
 * rename() replaces whatever node has the target name, so the target is classified first and
 * only a regular file (or nothing) is ever renamed onto: a symbolic link is followed to its
 * final target, a FIFO or device is written in place, anything else is refused.
 */
#define _GNU_SOURCE /* O_TMPFILE, fopencookie */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "error.h"
#include "fatalsig.h"
#include "numparse.h"

static char *dup_string(const char *s) {
  const size_t len = strlen(s) + 1;
  char *d = gd_xmalloc(len);
  memcpy(d, s, len);
  return d;
}

/* ---- test hooks: GRANDAMP_TEST_WRITE_FAULT, GRANDAMP_TEST_NO_TMPFILE ---------------------- */

typedef enum FaultAct { FAULT_NONE, FAULT_ENOSPC, FAULT_KILL, FAULT_TERM, FAULT_INT } FaultAct;

typedef struct FaultSpec {
  FaultAct act;
  long limit;     /* bytes allowed before the fault (-1: none) */
  bool at_commit; /* the signal comes in out_commit, before the rename */
} FaultSpec;

/* The parsed GRANDAMP_TEST_WRITE_FAULT (FAULT_NONE when unset or malformed; warn: say so). */
static FaultSpec fault_spec(bool warn) {
  static const struct {
    const char *name;
    FaultAct act;
  } acts[] = {{"enospc", FAULT_ENOSPC}, {"kill", FAULT_KILL}, {"term", FAULT_TERM}, {"int", FAULT_INT}};
  const char *spec = getenv("GRANDAMP_TEST_WRITE_FAULT");
  if (!spec || !*spec) return (FaultSpec){FAULT_NONE, -1, false};
  for (size_t k = 0; k < sizeof acts / sizeof *acts; k++) {
    const size_t n = strlen(acts[k].name);
    if (strncmp(spec, acts[k].name, n) != 0) continue;
    if (acts[k].act >= FAULT_TERM && !strcmp(spec + n, "-at-commit")) return (FaultSpec){acts[k].act, -1, true};
    long limit = -1;
    if (spec[n] == ':' && num_parse_long(spec + n + 1, &limit) == NUM_OK && limit >= 0)
      return (FaultSpec){acts[k].act, limit, false};
  }
  if (warn)
    gd_warn("GRANDAMP_TEST_WRITE_FAULT='%s' ignored (expected enospc:<bytes>, kill:<bytes>, term:<bytes>, "
            "int:<bytes>, term-at-commit or int-at-commit)",
            spec);
  return (FaultSpec){FAULT_NONE, -1, false};
}

static void fault_signal(FaultAct act) {
  if (act == FAULT_KILL) raise(SIGKILL);
  if (act == FAULT_TERM) raise(SIGTERM);
  if (act == FAULT_INT) raise(SIGINT);
}

typedef struct Fault {
  int fd;
  long written; /* bytes passed to the file so far */
  long limit;   /* bytes allowed before the fault */
  FaultAct act;
} Fault;

static ssize_t fault_write(void *cookie, const char *buf, size_t size) {
  Fault *ft = cookie;
  const size_t room = ft->written < ft->limit ? (size_t)(ft->limit - ft->written) : 0;
  size_t allowed = size < room ? size : room;
  if (allowed < size && ft->act != FAULT_ENOSPC) {
    fault_signal(ft->act); /* returns only when the signal is ignored: then no fault at all */
    ft->limit = LONG_MAX;
    allowed = size;
  }
  size_t done = 0;
  while (done < allowed) {
    const ssize_t w = write(ft->fd, buf + done, allowed - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return (ssize_t)done; /* a short count is an error for the stream */
    done += (size_t)w;
  }
  ft->written += (long)done;
  if (done < size) errno = ENOSPC;
  return (ssize_t)done;
}

static int fault_close(void *cookie) {
  Fault *ft = cookie;
  const int rc = close(ft->fd);
  free(ft);
  return rc;
}

/* The stream on fd: plain, or behind the fault hook when GRANDAMP_TEST_WRITE_FAULT asks. */
static FILE *out_stream(int fd) {
  const FaultSpec fs = fault_spec(true);
  if (fs.act == FAULT_NONE || fs.at_commit) return fdopen(fd, "w");
  Fault *ft = gd_xmalloc(sizeof *ft);
  *ft = (Fault){.fd = fd, .written = 0, .limit = fs.limit, .act = fs.act};
  FILE *f = fopencookie(ft, "w", (cookie_io_functions_t){.write = fault_write, .close = fault_close});
  if (!f) free(ft);
  return f;
}

static bool tmpfile_disabled(void) {
  const char *v = getenv("GRANDAMP_TEST_NO_TMPFILE");
  return v && *v && strcmp(v, "0") != 0;
}

/* ---- named temporaries removed on fatal signals --------------------------------------------
 * The handler may only use async-signal-safe calls: the names are preformatted in a fixed
 * table, and an entry counts only while its flag is set (after the name is complete). */

enum { CLEANUP_SLOTS = 32 };
static char cleanup_path[CLEANUP_SLOTS][PATH_MAX];
static volatile sig_atomic_t cleanup_live[CLEANUP_SLOTS];
static bool cleanup_used[CLEANUP_SLOTS]; /* taken by an open OutFile (main thread only) */
static bool cleanup_installed;
static struct sigaction cleanup_previous[NSIG]; /* another module's handler, called after ours */

static void cleanup_on_signal(int sig) {
  const int saved = errno;
  for (int k = 0; k < CLEANUP_SLOTS; k++)
    if (cleanup_live[k]) unlink(cleanup_path[k]);
  fatalsig_pass_on(sig, cleanup_previous); /* e.g. the engine layer's, or death by sig */
  errno = saved;
}

/* Installs the handlers once, where the signal has its default action or another module's
 * handler (called after ours); an ignored SIGINT, as in a background job, stays ignored. */
static void cleanup_install(void) {
  if (cleanup_installed) return;
  cleanup_installed = true;
  static const int fatal[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE};
  fatalsig_install(fatal, (int)(sizeof fatal / sizeof *fatal), cleanup_on_signal, cleanup_previous);
  /* past `ulimit -f` a write then fails with EFBIG, which the normal error path reports */
  struct sigaction old;
  if (sigaction(SIGXFSZ, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
    signal(SIGXFSZ, SIG_IGN);
}

/* A table entry for name, not yet live; -1 when the table is full or the name too long (then
 * a signal can leave that temporary behind, as before this table existed). */
static int cleanup_reserve(const char *name) {
  cleanup_install();
  const size_t len = strlen(name);
  if (len >= PATH_MAX) return -1;
  for (int k = 0; k < CLEANUP_SLOTS; k++) {
    if (cleanup_used[k]) continue;
    cleanup_used[k] = true;
    memcpy(cleanup_path[k], name, len + 1);
    return k;
  }
  return -1;
}

static void cleanup_arm(int slot) {
  if (slot < 0) return;
  atomic_signal_fence(memory_order_seq_cst); /* the name is complete before the handler may use it */
  cleanup_live[slot] = 1;
}

static void cleanup_release(int slot) {
  if (slot < 0) return;
  cleanup_live[slot] = 0;
  atomic_signal_fence(memory_order_seq_cst);
  cleanup_used[slot] = false;
}

/* ---- where the output goes ------------------------------------------------------------------ */

/* Why a destination is refused: out_open and out_check say the same. */
static const char WHY_DIRECTORY[] = "it is a directory; give a file name";
static const char WHY_SLASH[] = "it ends with '/', so it names a directory; give a file name";
static const char WHY_BLOCK[] = "it is a block device (a disk), which grandamp never writes; give a file name";
static const char WHY_OTHER[] = "it is neither a file, a FIFO nor a character device; give a file name";
static const char WHY_PROC[] = "it leads to an open file through /proc, which cannot be replaced; give the file's own "
                               "path, or - for standard output";
static const char WHY_READ_ONLY[] = "the file is read-only; make it writable or choose another path";

static void release(OutFile *o) {
  cleanup_release(o->slot);
  free(o->path);
  free(o->target);
  free(o->tmp_path);
  o->path = o->target = o->tmp_path = NULL;
  o->f = NULL;
  o->fd = -1;
  o->slot = -1;
}

/* The destination as messages name it: the user's path, and a link's final target after it. */
static char *shown_name(const OutFile *o) {
  if (o->kind == OUT_STDOUT && !strcmp(o->path, "-")) return dup_string("standard output");
  if (!o->target || !strcmp(o->target, o->path)) return dup_string(o->path);
  const size_t size = strlen(o->path) + strlen(o->target) + 8;
  char *s = gd_xmalloc(size);
  snprintf(s, size, "%s (-> %s)", o->path, o->target);
  return s;
}

/* "grandamp: error: cannot write <name>: <why>", then releases o; returns false. */
static bool open_failed(OutFile *o, const char *why) {
  char *name = shown_name(o);
  gd_error("cannot write %s: %s", name, why);
  free(name);
  release(o);
  return false;
}

/* The reason for an errno value, with what to do about it. */
static void errno_why(int err, char *why, size_t size) {
  const char *hint = err == ENOENT                    ? "; create its directory first or choose another path"
                     : err == EACCES || err == EPERM ? "; choose a path you may write"
                     : err == EROFS                   ? "; choose a path on a writable file system"
                     : err == ENOTDIR                 ? " (a part of its path is a file, not a directory)"
                                                      : "";
  snprintf(why, size, "%s%s", strerror(err), hint);
}

static bool open_failed_errno(OutFile *o, int err) {
  char why[256];
  errno_why(err, why, sizeof why);
  return open_failed(o, why);
}

static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return dup_string(".");
  const size_t len = slash == path ? 1 : (size_t)(slash - path);
  char *dir = gd_xmalloc(len + 1);
  memcpy(dir, path, len);
  dir[len] = '\0';
  return dir;
}

enum { RESOLVE_VIA_PROC = -1, MAX_LINK_HOPS = 40 /* Linux's own limit */ };

/* Follows the chain of symbolic links from path to the name that will be replaced: the first
 * one that is not a link, or does not exist (a dangling link's would-be target). Relative
 * links count from the link's directory. Returns 0 with *target (malloc'd), an errno value,
 * or RESOLVE_VIA_PROC with *target the /proc link met (it names an open file, not a place:
 * /dev/stderr, /proc/self/fd/N). */
static int resolve_links(const char *path, char **target) {
  char *cur = dup_string(path);
  for (int hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    struct stat st;
    const bool exists = lstat(cur, &st) == 0;
    if (!exists && errno != ENOENT) {
      const int err = errno;
      free(cur);
      return err;
    }
    if (!exists || !S_ISLNK(st.st_mode)) {
      *target = cur;
      return 0;
    }
    if (!strncmp(cur, "/proc/", 6)) {
      *target = cur;
      return RESOLVE_VIA_PROC;
    }
    char link[PATH_MAX];
    const ssize_t n = readlink(cur, link, sizeof link);
    if (n < 0 || (size_t)n >= sizeof link) {
      const int err = n < 0 ? errno : ENAMETOOLONG;
      free(cur);
      return err;
    }
    link[n] = '\0';
    const char *slash = strrchr(cur, '/');
    char *next;
    if (link[0] == '/' || !slash) {
      next = dup_string(link);
    } else {
      const size_t dlen = (size_t)(slash - cur) + 1;
      next = gd_xmalloc(dlen + (size_t)n + 1);
      memcpy(next, cur, dlen);
      memcpy(next + dlen, link, (size_t)n + 1);
    }
    free(cur);
    cur = next;
  }
  free(cur);
  return ELOOP;
}

/* An unnamed file in the directory of path, or -1 (no O_TMPFILE here, or no /proc). */
static int open_unnamed(const char *path) {
#ifdef O_TMPFILE
  if (tmpfile_disabled() || access("/proc/self/fd", X_OK) != 0) return -1;
  char *dir = dir_of(path);
  const int fd = open(dir, O_WRONLY | O_TMPFILE | O_CLOEXEC, 0666);
  free(dir);
  return fd;
#else
  (void)path;
  return -1;
#endif
}

/* The named temporary: never through a link someone left at that name (O_NOFOLLOW|O_EXCL);
 * a stale one of a dead process with our pid is removed once. */
static int open_named(const char *tmp_path) {
  for (int attempt = 0; attempt < 2; attempt++) {
    const int fd = open(tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
    unlink(tmp_path);
  }
  return -1;
}

/* Gives the new file the permission bits of the file it replaces (and its owner and group
 * where the system allows: as root, or a group of ours). 0 or an errno value. */
static int keep_mode(int fd, const struct stat *old) {
  mode_t mode = old->st_mode & 07777;
  if (old->st_uid != geteuid() || old->st_gid != getegid()) {
    /* a set-id bit must not move to a file that another owner now holds */
    if (fchown(fd, old->st_uid, old->st_gid) != 0) mode &= (mode_t) ~(S_ISUID | S_ISGID);
  }
  return fchmod(fd, mode) == 0 ? 0 : errno;
}

static bool open_stdout(OutFile *o) {
  o->kind = OUT_STDOUT;
  o->f = stdout;
  return true;
}

/* An existing FIFO or character device: written in place, never created or replaced. */
static bool open_in_place(OutFile *o) {
  o->kind = OUT_STREAM;
  o->fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (o->fd < 0) return open_failed_errno(o, errno);
  struct stat st;
  if (fstat(o->fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
    close(o->fd);
    return open_failed(o, "it changed while being opened; try again");
  }
  o->f = out_stream(o->fd);
  if (!o->f) {
    const int err = errno;
    close(o->fd);
    return open_failed_errno(o, err);
  }
  return true;
}

/* A regular file or a new one, through any chain of links: a temporary renamed at commit. */
static bool open_atomic(OutFile *o, const struct stat *old) {
  o->kind = OUT_ATOMIC;
  const int rc = resolve_links(o->path, &o->target);
  if (rc == RESOLVE_VIA_PROC)
    return open_failed(o, WHY_PROC);
  if (rc != 0) return open_failed_errno(o, rc);
  /* the chain must end where the kernel's own walk does (it may not: links that /proc makes up) */
  struct stat at;
  const bool found = lstat(o->target, &at) == 0;
  if (found != (old != NULL) || (old && (at.st_dev != old->st_dev || at.st_ino != old->st_ino)))
    return open_failed(o, "its symbolic links lead somewhere other than the file they name; give the file's own path");
  if (old && faccessat(AT_FDCWD, o->target, W_OK, AT_EACCESS) != 0)
    return errno == EACCES ? open_failed(o, WHY_READ_ONLY)
                           : open_failed_errno(o, errno);
  const size_t tlen = strlen(o->target) + 32;
  o->tmp_path = gd_xmalloc(tlen);
  snprintf(o->tmp_path, tlen, "%s.%ld.tmp", o->target, (long)getpid());
  o->slot = cleanup_reserve(o->tmp_path);
  o->fd = open_unnamed(o->target);
  o->unnamed = o->fd >= 0;
  if (!o->unnamed) {
    cleanup_arm(o->slot);
    o->fd = open_named(o->tmp_path);
  }
  if (o->fd < 0) {
    const int err = errno;
    char *dir = dir_of(o->target);
    char why[PATH_MAX + 320];
    snprintf(why, sizeof why, "cannot create a file in its directory %s: %s", dir, strerror(err));
    free(dir);
    return open_failed(o, why);
  }
  const int err = old ? keep_mode(o->fd, old) : 0;
  if (!err) o->f = out_stream(o->fd);
  if (err || !o->f) {
    const int e = err ? err : errno;
    close(o->fd);
    if (!o->unnamed) unlink(o->tmp_path);
    return open_failed_errno(o, e);
  }
  return true;
}

/* What out_open does with path, decided from the file system alone: OUT_STDOUT, OUT_STREAM or
 * OUT_ATOMIC (*old: the existing file, or NULL for a new one), or -1 with *why (a static text)
 * or *err (an errno value) for a destination it refuses. */
static int destination(const char *path, struct stat *st, const struct stat **old, const char **why, int *err) {
  *old = NULL;
  if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout")) return OUT_STDOUT;
  const size_t len = strlen(path);
  const bool slash = len > 0 && path[len - 1] == '/';
  if (stat(path, st) != 0) {
    if (errno != ENOENT || slash) {
      *err = errno;
      *why = slash && errno == ENOENT ? WHY_SLASH : NULL;
      return -1;
    }
    return OUT_ATOMIC;
  }
  struct stat so;
  if (fstat(STDOUT_FILENO, &so) == 0 && so.st_dev == st->st_dev && so.st_ino == st->st_ino) return OUT_STDOUT;
  if (S_ISFIFO(st->st_mode) || S_ISCHR(st->st_mode)) return OUT_STREAM;
  *why = S_ISDIR(st->st_mode) ? WHY_DIRECTORY : S_ISBLK(st->st_mode) ? WHY_BLOCK : !S_ISREG(st->st_mode) ? WHY_OTHER
       : slash ? WHY_SLASH : NULL;
  if (*why) return -1;
  *old = st;
  return OUT_ATOMIC;
}

bool out_open(OutFile *o, const char *path) {
  memset(o, 0, sizeof *o);
  o->fd = -1;
  o->slot = -1;
  o->path = dup_string(path);
  struct stat st;
  const struct stat *old;
  const char *why = NULL;
  int err = 0;
  switch (destination(path, &st, &old, &why, &err)) {
  case OUT_STDOUT: return open_stdout(o);
  case OUT_STREAM: return open_in_place(o);
  case OUT_ATOMIC: return open_atomic(o, old);
  default: return why ? open_failed(o, why) : open_failed_errno(o, err);
  }
}

bool out_check(const char *path, char *msg, size_t size) {
  OutFile o = {.fd = -1, .slot = -1, .path = dup_string(path)};
  struct stat st;
  const struct stat *old;
  const char *why = NULL;
  int err = 0;
  char buf[PATH_MAX + 320];
  if (!*path) {
    why = "the name is empty";
  } else if (destination(path, &st, &old, &why, &err) == OUT_ATOMIC) {
    const int rc = resolve_links(path, &o.target);
    if (rc == RESOLVE_VIA_PROC) {
      why = WHY_PROC;
    } else if (rc != 0) {
      err = rc;
    } else if (old && faccessat(AT_FDCWD, o.target, W_OK, AT_EACCESS) != 0) {
      err = errno;
      why = err == EACCES ? WHY_READ_ONLY : NULL;
    } else { /* the temporary is made beside the target: its directory must take a new file */
      char *dir = dir_of(o.target);
      struct stat ds;
      const int e = stat(dir, &ds) != 0                             ? errno
                    : !S_ISDIR(ds.st_mode)                          ? ENOTDIR
                    : faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) ? errno
                                                                     : 0;
      if (e) {
        snprintf(buf, sizeof buf, "cannot create a file in its directory %s: %s", dir, strerror(e));
        why = buf;
      }
      free(dir);
    }
  }
  if (why || err) {
    char reason[256];
    if (!why) errno_why(err, reason, sizeof reason);
    char *name = shown_name(&o);
    snprintf(msg, size, "cannot write %s: %s", name, why ? why : reason);
    free(name);
  }
  release(&o);
  return !why && !err;
}

/* Gives the unnamed file its temporary name; 0 or an errno value. */
static int link_unnamed(const OutFile *o) {
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
  for (int attempt = 0; attempt < 2; attempt++) {
    if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp_path, AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno != EEXIST) break;
    unlink(o->tmp_path); /* left by a dead process that had our pid */
  }
  return errno ? errno : EIO;
}

static bool commit_stdout(OutFile *o) {
  errno = 0;
  int err = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) err = errno ? errno : EIO;
  if (err) {
    char *name = shown_name(o);
    gd_error("writing %s failed: %s", name, strerror(err));
    free(name);
    clearerr(stdout); /* reported here: main need not report it again */
  }
  release(o);
  return !err;
}

static bool commit_in_place(OutFile *o) {
  int err = 0;
  errno = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
  errno = 0;
  if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
  if (err) {
    char *name = shown_name(o);
    gd_error("writing %s failed: %s; what it received may be incomplete", name, strerror(err));
    free(name);
  }
  release(o);
  return !err;
}

bool out_commit(OutFile *o) {
  if (o->kind == OUT_STDOUT) return commit_stdout(o);
  if (o->kind == OUT_STREAM) return commit_in_place(o);
  int err = 0;
  bool named = !o->unnamed; /* a name exists that must go on failure */
  errno = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
  if (!err && o->unnamed) {
    cleanup_arm(o->slot);
    err = link_unnamed(o);
    named = err == 0;
  }
  errno = 0;
  if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
  const FaultSpec fs = fault_spec(false);
  if (!err && fs.at_commit) fault_signal(fs.act);
  if (!err && rename(o->tmp_path, o->target) != 0) err = errno;
  if (err) {
    char *name = shown_name(o);
    gd_error("writing %s failed: %s; %s left unchanged", name, strerror(err), o->path);
    free(name);
    if (named) unlink(o->tmp_path);
  }
  release(o);
  return !err;
}

void out_abort(OutFile *o) {
  if (o->kind == OUT_STDOUT) {
    release(o);
    return;
  }
  if (o->f) fclose(o->f);
  if (o->kind == OUT_ATOMIC && o->tmp_path && !o->unnamed) unlink(o->tmp_path);
  release(o);
}

bool out_is_stdout(const char *path) {
  struct stat st;
  const struct stat *old;
  const char *why = NULL;
  int err = 0;
  return *path && destination(path, &st, &old, &why, &err) == OUT_STDOUT;
}

bool out_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  /* regular files only: a terminal or /dev/null read and written at once destroys nothing */
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}
