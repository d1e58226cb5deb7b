/*
 * fuzz_output.c - fuzz harness: the write paths (output.h: out_open, out_commit, out_abort, and
 * datafile_write on top of them) over every kind of destination.
 *
 * Each input builds a private directory holding one destination and writes to it:
 *   byte 0  the destination: a regular file, a missing name, a symbolic link to a file, a
 *           dangling link, a chain of links (one absolute), a FIFO (the harness holds its read
 *           end), a directory, a name in a missing directory, a read-only file, or "-"
 *           (standard output, on a pipe of the harness's for the call);
 *   byte 1  bit 0: out_abort instead of out_commit (not with bit 1); bit 1: datafile_write of particles made
 *           from the content; bit 2: a disk-full fault (GRANDAMP_TEST_WRITE_FAULT=enospc:<N>,
 *           N = 16 * byte 2); bits 3-4: the old file's mode; bit 5: no O_TMPFILE;
 *   the rest the content (at most 4096 bytes, so a FIFO never fills).
 * Then it checks the contract: the call succeeds exactly when it should; no node but the final
 * target changed (a link stays the same link, a FIFO a FIFO, a directory a directory), no
 * temporary or other name appeared; the target holds the complete new content (and its old
 * mode) on success and its old content (or nothing) otherwise; a stream got a prefix of the
 * content, all of it on success.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datafile.h"
#include "fuzz.h"
#include "output.h"

enum Kind { K_FILE, K_MISSING, K_LINK, K_DANGLING, K_CHAIN, K_FIFO, K_DIR, K_NO_DIR, K_READONLY, K_STDOUT, K_COUNT };
enum { MAX_CONTENT = 4096, MAX_NODES = 8 };

static char out_scratch[256], out_case[300], out_ref[320];

static void out_scratch_remove(void) { rmdir(out_scratch); }

static void fuzz_output_init(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(out_scratch, sizeof out_scratch, "%s/grandamp-fuzz-out-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  FUZZ_CHECK(mkdtemp(out_scratch) != NULL, "mkdtemp %s failed", out_scratch);
  snprintf(out_case, sizeof out_case, "%s/case", out_scratch);
  snprintf(out_ref, sizeof out_ref, "%s/ref", out_scratch);
  atexit(out_scratch_remove);
}

static const char *at(const char *name) {
  static char path[2][sizeof out_case + 260]; /* the case folder and a name of up to 255 bytes */
  static int k;
  k ^= 1;
  snprintf(path[k], sizeof path[k], "%s/%s", out_case, name);
  return path[k];
}

/* The whole of a regular file (malloc'd; NULL when it cannot be read). */
static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1024, n = 0, got;
  char *buf = malloc(cap);
  FUZZ_CHECK(buf != NULL, "out of memory");
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      buf = realloc(buf, cap *= 2);
      FUZZ_CHECK(buf != NULL, "out of memory");
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

static void write_all(const char *path, const char *text, mode_t mode) {
  const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  FUZZ_CHECK(fd >= 0, "cannot create %s", path);
  FUZZ_CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text), "cannot write %s", path);
  FUZZ_CHECK(fchmod(fd, mode) == 0 && close(fd) == 0, "cannot finish %s", path);
}

/* ---- snapshots of the private directory --------------------------------------------------- */

typedef struct Node {
  char name[32];
  mode_t mode;
  ino_t ino;
  char link[400];
  char *data; /* regular files */
  size_t len;
} Node;

typedef struct Snapshot {
  Node node[MAX_NODES];
  int n;
} Snapshot;

static void snapshot(Snapshot *s) {
  s->n = 0;
  DIR *d = opendir(out_case);
  FUZZ_CHECK(d != NULL, "cannot list %s", out_case);
  const struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    FUZZ_CHECK(s->n < MAX_NODES, "too many names in %s (a temporary left?): %s", out_case, e->d_name);
    Node *nd = &s->node[s->n++];
    memset(nd, 0, sizeof *nd);
    FUZZ_CHECK(strlen(e->d_name) < sizeof nd->name, "unexpected name %s", e->d_name);
    strcpy(nd->name, e->d_name);
    struct stat st;
    FUZZ_CHECK(lstat(at(nd->name), &st) == 0, "lstat %s failed", nd->name);
    nd->mode = st.st_mode;
    nd->ino = st.st_ino;
    if (S_ISLNK(st.st_mode)) {
      const ssize_t k = readlink(at(nd->name), nd->link, sizeof nd->link - 1);
      FUZZ_CHECK(k >= 0, "readlink %s failed", nd->name);
    } else if (S_ISREG(st.st_mode)) {
      nd->data = read_all(at(nd->name), &nd->len);
      FUZZ_CHECK(nd->data != NULL || (st.st_mode & 0444) == 0, "cannot read %s", nd->name);
    }
  }
  closedir(d);
}

static const Node *find(const Snapshot *s, const char *name) {
  for (int k = 0; k < s->n; k++)
    if (!strcmp(s->node[k].name, name)) return &s->node[k];
  return NULL;
}

static void snapshot_free(Snapshot *s) {
  for (int k = 0; k < s->n; k++) free(s->node[k].data);
  s->n = 0;
}

static bool same_bytes(const char *a, size_t na, const char *b, size_t nb) {
  return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

static bool same_node(const Node *a, const Node *b) {
  return a->mode == b->mode && a->ino == b->ino && !strcmp(a->link, b->link) &&
         same_bytes(a->data, a->len, b->data, b->len);
}

/* ---- one case ----------------------------------------------------------------------------- */

static void clean_case(void) {
  DIR *d = opendir(out_case);
  if (!d) return;
  const struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    const char *p = at(e->d_name);
    if (unlink(p) != 0) rmdir(p);
  }
  closedir(d);
  rmdir(out_case);
}

/* Makes the destination; returns the path to write and sets *target to the name that must get
 * the content ("" when none may change). */
static const char *make_destination(int kind, mode_t mode, const char **target, int *fifo_rd) {
  *target = "out";
  switch (kind) {
  case K_FILE: write_all(at("out"), "old content\n", mode); break;
  case K_MISSING: break;
  case K_LINK:
    write_all(at("file"), "old content\n", mode);
    FUZZ_CHECK(symlink("file", at("out")) == 0, "symlink failed");
    *target = "file";
    break;
  case K_DANGLING:
    FUZZ_CHECK(symlink("file", at("out")) == 0, "symlink failed");
    *target = "file";
    break;
  case K_CHAIN:
    write_all(at("file"), "old content\n", mode);
    FUZZ_CHECK(symlink("file", at("l2")) == 0 && symlink(at("l2"), at("out")) == 0, "symlink failed");
    *target = "file";
    break;
  case K_FIFO:
    FUZZ_CHECK(mkfifo(at("out"), 0600) == 0, "mkfifo failed");
    *fifo_rd = open(at("out"), O_RDWR | O_NONBLOCK | O_CLOEXEC); /* a reader: the writer's open never waits */
    FUZZ_CHECK(*fifo_rd >= 0, "cannot open the FIFO");
    break;
  case K_DIR: FUZZ_CHECK(mkdir(at("out"), 0700) == 0, "mkdir failed"); break;
  case K_NO_DIR: *target = ""; return at("nodir/out");
  case K_READONLY: write_all(at("out"), "old content\n", 0444); break;
  default: *target = ""; return "-";
  }
  return at("out");
}

/* Particles made from the content bytes (a few, all valid), for datafile_write. */
static void make_particles(const uint8_t *bytes, size_t len, Particles *p, Box *b) {
  const int64_t n = (int64_t)(len / 3 < 8 ? len / 3 : 8);
  particles_alloc(p, n, 2);
  for (int64_t i = 0; i < n; i++) {
    p->x[i] = bytes[3 * i] / 25.6;
    p->y[i] = bytes[3 * i + 1] / 25.6;
    p->z[i] = bytes[3 * i + 2] / 25.6;
    p->type[i] = 1 + (bytes[3 * i] & 1);
    p->radius[i] = 0.5;
    p->mass[i] = 1.0;
  }
  *b = (Box){.lo = {0, 0, 0}, .hi = {10, 10, 10}, .periodic = {true, true, true}};
}

/* Writes the case; returns whether it succeeded. */
static bool write_case(const char *path, bool datafile, bool abort_it, const Particles *p, const Box *b,
                       const uint8_t *content, size_t len) {
  if (datafile) return datafile_write(path, p, b, "fuzz");
  OutFile o;
  if (!out_open(&o, path)) return false;
  if (len > 0) fwrite(content, 1, len, o.f);
  if (abort_it) {
    out_abort(&o);
    return false;
  }
  return out_commit(&o);
}

/* Everything in fd, non-blocking (malloc'd). */
static char *drain(int fd, size_t *len) {
  char *buf = malloc(2 * MAX_CONTENT + 65536);
  FUZZ_CHECK(buf != NULL, "out of memory");
  size_t n = 0;
  ssize_t got;
  while ((got = read(fd, buf + n, 2 * MAX_CONTENT + 65536 - n)) > 0) n += (size_t)got;
  *len = n;
  return buf;
}

int fuzz_output(const uint8_t *data, size_t size) {
  if (size < 3) return 0;
  if (!out_scratch[0]) fuzz_output_init();
  static const mode_t modes[] = {0644, 0600, 0640, 0664};
  const int kind = data[0] % K_COUNT;
  const bool datafile = data[1] & 2, abort_it = (data[1] & 1) && !datafile, fault = data[1] & 4;
  const mode_t mode = modes[(data[1] >> 3) & 3];
  const long limit = 16L * data[2];
  const uint8_t *content = data + 3;
  const size_t len = size - 3 < MAX_CONTENT ? size - 3 : MAX_CONTENT;

  /* the content a success must leave: the bytes, or what datafile_write makes of them */
  Particles p = {0};
  Box b;
  char *want = NULL;
  size_t want_len = len;
  if (datafile) {
    make_particles(content, len, &p, &b);
    FUZZ_CHECK(datafile_write(out_ref, &p, &b, "fuzz"), "datafile_write refused valid particles");
    want = read_all(out_ref, &want_len);
    FUZZ_CHECK(want != NULL && unlink(out_ref) == 0, "cannot read %s", out_ref);
  } else {
    want = malloc(len + 1);
    FUZZ_CHECK(want != NULL, "out of memory");
    if (len > 0) memcpy(want, content, len);
  }

  clean_case(); /* left by a failed check of the previous input */
  FUZZ_CHECK(mkdir(out_case, 0700) == 0, "mkdir %s failed", out_case);
  const char *target = NULL;
  int fifo_rd = -1;
  const char *path = make_destination(kind, mode, &target, &fifo_rd);
  Snapshot before, after;
  snapshot(&before);

  if (fault) {
    char spec[32];
    snprintf(spec, sizeof spec, "enospc:%ld", limit);
    setenv("GRANDAMP_TEST_WRITE_FAULT", spec, 1);
  }
  if (data[1] & 32) setenv("GRANDAMP_TEST_NO_TMPFILE", "1", 1);
  int saved_stdout = -1, pipe_rd = -1;
  if (kind == K_STDOUT) {
    int fds[2];
    fflush(stdout);
    FUZZ_CHECK(pipe2(fds, O_CLOEXEC) == 0, "pipe failed");
    saved_stdout = dup(STDOUT_FILENO);
    FUZZ_CHECK(saved_stdout >= 0 && dup2(fds[1], STDOUT_FILENO) == STDOUT_FILENO, "dup2 failed");
    close(fds[1]);
    pipe_rd = fds[0];
  }
  const bool ok = write_case(path, datafile, abort_it, &p, &b, content, len);
  if (kind == K_STDOUT) {
    fflush(stdout);
    clearerr(stdout);
    FUZZ_CHECK(dup2(saved_stdout, STDOUT_FILENO) == STDOUT_FILENO, "dup2 failed");
    close(saved_stdout);
  }
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  unsetenv("GRANDAMP_TEST_NO_TMPFILE");

  /* when it must succeed: a place it may write, and the content within a disk-full limit */
  bool should = !abort_it && kind != K_DIR && kind != K_NO_DIR && (kind != K_READONLY || geteuid() == 0);
  if (fault && kind != K_STDOUT && (long)want_len > limit) should = false;
  FUZZ_CHECK(ok == should, "destination %d, flags %#x: %s, expected %s", kind, data[1], ok ? "written" : "failed",
             should ? "written" : "a failure");

  snapshot(&after);
  for (int k = 0; k < before.n; k++) {
    const Node *was = &before.node[k], *now = find(&after, was->name);
    FUZZ_CHECK(now != NULL, "destination %d: %s disappeared", kind, was->name);
    if (strcmp(was->name, target) != 0 || !S_ISREG(was->mode)) {
      FUZZ_CHECK(same_node(was, now), "destination %d: %s changed", kind, was->name);
      continue;
    }
    FUZZ_CHECK(S_ISREG(now->mode), "destination %d: the target is no longer a regular file", kind);
    if (ok)
      FUZZ_CHECK(same_bytes(now->data, now->len, want, want_len) && (now->mode & 07777) == (was->mode & 07777),
                 "destination %d: the target has %zu bytes, mode %o; expected %zu, mode %o", kind, now->len,
                 (unsigned)(now->mode & 07777), want_len, (unsigned)(was->mode & 07777));
    else
      FUZZ_CHECK(same_node(was, now), "destination %d: a failed write changed the target", kind);
  }
  for (int k = 0; k < after.n; k++) {
    const Node *now = &after.node[k];
    if (find(&before, now->name)) continue;
    FUZZ_CHECK(ok && !strcmp(now->name, target), "destination %d: %s appeared", kind, now->name);
    FUZZ_CHECK(S_ISREG(now->mode) && same_bytes(now->data, now->len, want, want_len),
               "destination %d: the new %s is not the content", kind, now->name);
  }
  /* a stream got a prefix of the content, all of it on success */
  const int rd = kind == K_FIFO ? fifo_rd : pipe_rd;
  if (rd >= 0) {
    size_t got_len;
    char *got = drain(rd, &got_len);
    FUZZ_CHECK(got_len <= want_len && same_bytes(got, got_len, want, got_len), "destination %d: the stream got "
               "%zu bytes that are not a prefix of the %zu written", kind, got_len, want_len);
    FUZZ_CHECK(!ok || got_len == want_len, "destination %d: the stream got %zu of %zu bytes", kind, got_len, want_len);
    free(got);
    close(rd);
  }
  snapshot_free(&before);
  snapshot_free(&after);
  clean_case();
  free(want);
  particles_free(&p);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_output(data, size); }
#endif
