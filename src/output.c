/*
 * output.c - atomic output files (see output.h).
 *
 * Linux-specific on purpose (with a portable fallback): O_TMPFILE gives a file with no name
 * until it is complete, so a crash cannot leave a partial file or a stale temporary behind;
 * linkat() through /proc/self/fd names it (AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH).
 * The temporary name carries the pid so that two processes writing the same path do not
 * remove each other's file; the last rename wins, and both results are complete.
 */
#define _GNU_SOURCE /* O_TMPFILE, fopencookie */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "error.h"
#include "numparse.h"

/* ---- test hook: GRANDAMP_TEST_WRITE_FAULT=enospc:<N> | kill:<N> ---------------------------- */

typedef struct Fault {
  int fd;
  long written; /* bytes passed to the file so far */
  long limit;   /* bytes allowed before the fault */
  bool kill;    /* SIGKILL instead of ENOSPC */
} Fault;

static ssize_t fault_write(void *cookie, const char *buf, size_t size) {
  Fault *ft = cookie;
  const size_t room = ft->written < ft->limit ? (size_t)(ft->limit - ft->written) : 0;
  const size_t allowed = size < room ? size : room;
  size_t done = 0;
  while (done < allowed) {
    const ssize_t w = write(ft->fd, buf + done, allowed - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return (ssize_t)done; /* a short count is an error for the stream */
    done += (size_t)w;
  }
  ft->written += (long)done;
  if (done < size) {
    if (ft->kill) raise(SIGKILL);
    errno = ENOSPC;
  }
  return (ssize_t)done;
}

static int fault_close(void *cookie) {
  Fault *ft = cookie;
  const int rc = close(ft->fd);
  free(ft);
  return rc;
}

/* The stream on fd: plain, or behind the fault hook when GRANDAMP_TEST_WRITE_FAULT is set. */
static FILE *out_stream(int fd) {
  const char *spec = getenv("GRANDAMP_TEST_WRITE_FAULT");
  if (!spec || !*spec) return fdopen(fd, "w");
  const char *colon = strchr(spec, ':');
  long limit = -1;
  const bool kill = colon && (size_t)(colon - spec) == 4 && !strncmp(spec, "kill", 4);
  const bool enospc = colon && (size_t)(colon - spec) == 6 && !strncmp(spec, "enospc", 6);
  if (!(kill || enospc) || num_parse_long(colon + 1, &limit) != NUM_OK || limit < 0) {
    gd_warn("GRANDAMP_TEST_WRITE_FAULT='%s' ignored (expected enospc:<bytes> or kill:<bytes>)", spec);
    return fdopen(fd, "w");
  }
  Fault *ft = gd_xmalloc(sizeof *ft);
  *ft = (Fault){.fd = fd, .written = 0, .limit = limit, .kill = kill};
  FILE *f = fopencookie(ft, "w", (cookie_io_functions_t){.write = fault_write, .close = fault_close});
  if (!f) free(ft);
  return f;
}

/* ---- OutFile ----------------------------------------------------------------------------- */

static void release(OutFile *o) {
  free(o->path);
  free(o->tmp_path);
  o->path = o->tmp_path = NULL;
  o->f = NULL;
  o->fd = -1;
}

/* An unnamed file in the directory of path, or -1 (no O_TMPFILE here, or no /proc). */
static int open_unnamed(const char *path) {
#ifdef O_TMPFILE
  if (access("/proc/self/fd", X_OK) != 0) return -1;
  const char *slash = strrchr(path, '/');
  char *dir = NULL;
  if (!slash) {
    dir = gd_xmalloc(2);
    memcpy(dir, ".", 2);
  } else {
    const size_t len = slash == path ? 1 : (size_t)(slash - path);
    dir = gd_xmalloc(len + 1);
    memcpy(dir, path, len);
    dir[len] = '\0';
  }
  const int fd = open(dir, O_WRONLY | O_TMPFILE | O_CLOEXEC, 0666);
  free(dir);
  return fd;
#else
  (void)path;
  return -1;
#endif
}

bool out_open(OutFile *o, const char *path) {
  memset(o, 0, sizeof *o);
  o->fd = -1;
  const size_t len = strlen(path);
  o->path = gd_xmalloc(len + 1);
  memcpy(o->path, path, len + 1);
  const size_t tlen = len + 32;
  o->tmp_path = gd_xmalloc(tlen);
  snprintf(o->tmp_path, tlen, "%s.%ld.tmp", path, (long)getpid());
  o->fd = open_unnamed(path);
  o->unnamed = o->fd >= 0;
  if (!o->unnamed) o->fd = open(o->tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (o->fd < 0) {
    gd_error("cannot write %s: %s", o->tmp_path, strerror(errno));
    release(o);
    return false;
  }
  o->f = out_stream(o->fd);
  if (!o->f) {
    gd_error("cannot write %s: %s", o->tmp_path, strerror(errno));
    close(o->fd);
    if (!o->unnamed) remove(o->tmp_path);
    release(o);
    return false;
  }
  return true;
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

bool out_commit(OutFile *o) {
  int err = 0;
  bool named = !o->unnamed; /* a name exists that must go on failure */
  errno = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
  if (!err && o->unnamed) {
    err = link_unnamed(o);
    named = err == 0;
  }
  errno = 0;
  if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
  if (!err && rename(o->tmp_path, o->path) != 0) err = errno;
  if (err) {
    gd_error("writing %s failed: %s; %s left unchanged", o->path, strerror(err), o->path);
    if (named) remove(o->tmp_path);
  }
  release(o);
  return !err;
}

void out_abort(OutFile *o) {
  if (o->f) fclose(o->f);
  if (o->tmp_path && !o->unnamed) remove(o->tmp_path);
  release(o);
}
