/*
 * test_output.c - atomic outputs (output.h): a run that dies or hits a full disk mid-write
 * leaves the previous result intact and no partial or temporary file behind; a failed write
 * to stdout is an exit-1 failure, not a silent success.
 *
 * The faults are injected deterministically with the test hook of output.h,
 * GRANDAMP_TEST_WRITE_FAULT=kill:<N> (the process SIGKILLs itself after N bytes of an output
 * file) and enospc:<N> (the write fails with ENOSPC after N bytes), set in the environment the
 * child inherits; stdout goes to /dev/full.
 *
 * The destinations other than a regular file (issue 26): a symbolic link (kept, its target
 * written), a dangling link, a FIFO and a character device (written in place, never replaced),
 * a directory (refused), standard output, an existing file's mode, the forces input given as
 * the output. Every node is made in the test's own directory; no test names a system device.
 * SIGTERM and SIGINT while the output is written and just before the rename, with and without
 * O_TMPFILE (GRANDAMP_TEST_NO_TMPFILE=1), leave the old file alone.
 */
#define _GNU_SOURCE /* O_TMPFILE */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "output.h"
#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

extern char **environ;

typedef struct OutDir {
  char path[64];
} OutDir;

static int dir_setup(void **state) {
  OutDir *d = calloc(1, sizeof *d);
  if (!d) return -1;
  snprintf(d->path, sizeof d->path, "/tmp/grandamp_output_XXXXXX");
  if (!mkdtemp(d->path)) return -1;
  *state = d;
  return 0;
}

static int dir_teardown(void **state) {
  OutDir *d = *state;
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  unsetenv("GRANDAMP_TEST_NO_TMPFILE");
  DIR *dd = opendir(d->path);
  if (dd) {
    struct dirent *e;
    while ((e = readdir(dd)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char p[512];
      snprintf(p, sizeof p, "%s/%s", d->path, e->d_name);
      remove(p);
    }
    closedir(dd);
  }
  const int rc = rmdir(d->path);
  free(d);
  return rc;
}

/* <dir>/<name>, valid for the next three calls. */
static const char *in_dir(const OutDir *d, const char *name) {
  static char file[4][192];
  static int k;
  k = (k + 1) % 4;
  snprintf(file[k], sizeof file[k], "%s/%s", d->path, name);
  return file[k];
}

/* The names in the directory, sorted, joined by blanks. */
static void listing(const OutDir *d, char *out, size_t size) {
  struct dirent **names;
  const int n = scandir(d->path, &names, NULL, alphasort);
  assert_true(n >= 0);
  out[0] = '\0';
  for (int i = 0; i < n; i++) {
    if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
      strncat(out, names[i]->d_name, size - strlen(out) - 1);
      strncat(out, " ", size - strlen(out) - 1);
    }
    free(names[i]);
  }
  free(names);
}

/* The whole file (malloc'd, NUL-terminated); *len its size. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot open %s", path);
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n < 2) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  assert_true(fputs(text, f) >= 0);
  assert_int_equal(fclose(f), 0);
}

/* True when the directory supports unnamed files (O_TMPFILE), so that even SIGKILL leaves no
 * temporary file; elsewhere output.h falls back to a named temporary. */
static bool unnamed_supported(const char *dir) {
  const int fd = open(dir, O_WRONLY | O_TMPFILE, 0600);
  if (fd < 0) return false;
  close(fd);
  return true;
}

/* ---- the library: out_open / out_commit ---------------------------------------------------- */

static void test_out_commit_leaves_only_the_file(void **state) {
  OutDir *d = *state;
  OutFile o;
  assert_true(out_open(&o, in_dir(d, "a.csv")));
  char names[256], want[256];
  listing(d, names, sizeof names);
  /* nothing visible while it is written (O_TMPFILE), else the documented temporary name */
  snprintf(want, sizeof want, "a.csv.%ld.tmp ", (long)getpid());
  assert_string_equal(names, o.unnamed ? "" : want);
  fprintf(o.f, "x,y\n1,2\n");
  assert_true(out_commit(&o));
  listing(d, names, sizeof names);
  assert_string_equal(names, "a.csv ");
  size_t len;
  char *text = slurp(in_dir(d, "a.csv"), &len);
  assert_string_equal(text, "x,y\n1,2\n");
  free(text);
  /* out_abort: the previous file stays, nothing else appears */
  assert_true(out_open(&o, in_dir(d, "a.csv")));
  fprintf(o.f, "partial");
  out_abort(&o);
  text = slurp(in_dir(d, "a.csv"), &len);
  assert_string_equal(text, "x,y\n1,2\n");
  free(text);
  listing(d, names, sizeof names);
  assert_string_equal(names, "a.csv ");
}

static void test_out_commit_disk_full(void **state) {
  OutDir *d = *state;
  write_file(in_dir(d, "b.csv"), "previous\n");
  setenv("GRANDAMP_TEST_WRITE_FAULT", "enospc:1000", 1);
  OutFile o;
  assert_true(out_open(&o, in_dir(d, "b.csv")));
  for (int i = 0; i < 1000; i++) fprintf(o.f, "%d,%d\n", i, i * i);
  assert_false(out_commit(&o));
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  size_t len;
  char *text = slurp(in_dir(d, "b.csv"), &len);
  assert_string_equal(text, "previous\n");
  free(text);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "b.csv ");
}

/* ---- the commands: killed and disk full mid-write ------------------------------------------ */

/* Runs one command with GRANDAMP_TEST_WRITE_FAULT=fault over an existing result file and checks
 * the result file is byte for byte the previous one and alone in the directory. */
static void expect_previous_kept(OutDir *d, const char *fault, const char *name, const char *const *args,
                                 int want_status, const char *want_err) {
  size_t len0;
  char *before = slurp(in_dir(d, name), &len0);
  setenv("GRANDAMP_TEST_WRITE_FAULT", fault, 1);
  static CmdResult r;
  run_grandamp(&r, args);
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  if (r.status != want_status) fail_msg("%s: exit status %d, expected %d; stderr:\n%s", fault, r.status, want_status, r.err);
  if (want_err && !strstr(r.err, want_err)) fail_msg("%s: no '%s' in stderr:\n%s", fault, want_err, r.err);
  size_t len1;
  char *after = slurp(in_dir(d, name), &len1);
  assert_int_equal(len1, len0);
  assert_memory_equal(after, before, len0);
  free(before);
  free(after);
  char names[256], want[128];
  listing(d, names, sizeof names);
  snprintf(want, sizeof want, "%s ", name);
  if (unnamed_supported(d->path) || want_status != -1) assert_string_equal(names, want);
}

static void test_packing_killed_or_disk_full(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *out = in_dir(d, "p.data");
  RUN(&r, "packing", "--type", "fcc", "--n", "500", "--out", out);
  assert_int_equal(r.status, 0);
  /* 4000 spheres: about 600 kB, killed (or out of space) after 64 kB */
  const char *const args[] = {"packing", "--type", "fcc", "--n", "4000", "--seed", "7", "--out", out, NULL};
  expect_previous_kept(d, "kill:65536", "p.data", args, -1, NULL);
  expect_previous_kept(d, "enospc:65536", "p.data", args, GD_EXIT_RUNTIME, "No space left on device");
  expect_previous_kept(d, "enospc:0", "p.data", args, GD_EXIT_RUNTIME, "No space left on device");
  /* without the fault the same command replaces the file */
  run_grandamp(&r, args);
  assert_int_equal(r.status, 0);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "p.data ");
}

static void test_forces_killed_or_disk_full(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *data = in_dir(d, "in.data");
  RUN(&r, "packing", "--type", "fcc", "--n", "2000", "--out", data);
  assert_int_equal(r.status, 0);
  const char *csv = in_dir(d, "f.csv");
  write_file(csv, "id,fx,fy,fz,tqx,tqy,tqz\n1,0,0,0,0,0,0\n");
  const char *const args[] = {"forces", "--data", in_dir(d, "in.data"), "--coeff",
                              "* * hertz/material 1e6 0.5 0.3 tangential mindlin NULL 1 0.4 damping tsuji",
                              "--out", in_dir(d, "f.csv"), NULL};
  setenv("GRANDAMP_TEST_WRITE_FAULT", "kill:4096", 1);
  run_grandamp(&r, args);
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  assert_int_equal(r.status, -1);
  size_t len;
  char *text = slurp(in_dir(d, "f.csv"), &len);
  assert_string_equal(text, "id,fx,fy,fz,tqx,tqy,tqz\n1,0,0,0,0,0,0\n");
  free(text);
  setenv("GRANDAMP_TEST_WRITE_FAULT", "enospc:4096", 1);
  run_grandamp(&r, args);
  unsetenv("GRANDAMP_TEST_WRITE_FAULT");
  assert_int_equal(r.status, GD_EXIT_RUNTIME);
  assert_non_null(strstr(r.err, "No space left on device"));
  text = slurp(in_dir(d, "f.csv"), &len);
  assert_string_equal(text, "id,fx,fy,fz,tqx,tqy,tqz\n1,0,0,0,0,0,0\n");
  free(text);
  char names[256];
  listing(d, names, sizeof names);
  if (unnamed_supported(d->path)) assert_string_equal(names, "f.csv in.data ");
}

/* ---- stdout on a full disk ------------------------------------------------------------------- */

/* Runs $GRANDAMP_BIN with stdout on /dev/full; returns the exit status (-1: a signal) and the
 * stderr text in err. */
static int run_to_dev_full(const char *const *args, char *err, size_t size) {
  const char *bin = getenv("GRANDAMP_BIN");
  if (!bin) bin = "build/grandamp";
  const char *argv[16];
  int argc = 0;
  argv[argc++] = bin;
  for (; args[argc - 1] && argc < 15; argc++) argv[argc] = args[argc - 1];
  argv[argc] = NULL;
  char errpath[] = "/tmp/grandamp_stderr_XXXXXX";
  const int efd = mkstemp(errpath);
  assert_true(efd >= 0);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/full", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, efd, 2);
  pid_t pid;
  if (posix_spawn(&pid, bin, &fa, NULL, (char *const *)argv, environ) != 0) fail_msg("cannot run %s", bin);
  posix_spawn_file_actions_destroy(&fa);
  int st;
  waitpid(pid, &st, 0);
  const ssize_t n = pread(efd, err, size - 1, 0);
  err[n > 0 ? n : 0] = '\0';
  close(efd);
  unlink(errpath);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_stdout_full(void **state) {
  (void)state;
  static char err[8192];
  const char *const model[] = {"model", "hooke 1000 0.5 tangential linear_nohistory 0 0", NULL};
  const char *const contact[] = {"contact", "--model", "hooke 1000 0.5 tangential linear_nohistory 0 0",
                                 "--radius", "0.5", "0.5", "--mass", "1", "1", "--overlap", "0.01", "--vn", "-0.2",
                                 NULL};
  const char *const version[] = {"version", NULL};
  const char *const help[] = {"help", NULL};
  const char *const *cmds[] = {model, contact, version, help};
  for (size_t k = 0; k < sizeof cmds / sizeof *cmds; k++) {
    const int rc = run_to_dev_full(cmds[k], err, sizeof err);
    if (rc != GD_EXIT_RUNTIME || !strstr(err, "No space left on device"))
      fail_msg("grandamp %s > /dev/full: exit %d, stderr:\n%s", cmds[k][0], rc, err);
  }
}

/* ---- destinations that are not a plain regular file ------------------------------------------ */

static const char *const PACK32[] = {"packing", "--type", "fcc", "--n", "32", "--seed", "3", "--out"};

/* Runs `grandamp packing --type fcc --n 32 --seed 3 --out out` (r: the result). */
static void pack32(CmdResult *r, const char *out) {
  const char *args[10];
  memcpy(args, PACK32, sizeof PACK32);
  args[8] = out;
  args[9] = NULL;
  run_grandamp(r, args);
}

/* The content that pack32 writes, from a run into a fresh file (removed again). */
static char *pack32_expected(OutDir *d, size_t *len) {
  static CmdResult r;
  pack32(&r, in_dir(d, "expected.tmpref"));
  if (r.status != 0) fail_msg("packing failed: %s", r.err);
  char *text = slurp(in_dir(d, "expected.tmpref"), len);
  assert_int_equal(unlink(in_dir(d, "expected.tmpref")), 0);
  return text;
}

static void assert_file_is(const char *path, const char *want, size_t want_len) {
  size_t len;
  char *text = slurp(path, &len);
  if (len != want_len || memcmp(text, want, len) != 0)
    fail_msg("%s: %zu bytes, not the %zu expected", path, len, want_len);
  free(text);
}

static void assert_link_is(const char *path, const char *want) {
  char text[256];
  const ssize_t n = readlink(path, text, sizeof text - 1);
  if (n < 0) fail_msg("%s is no longer a symbolic link", path);
  text[n] = '\0';
  assert_string_equal(text, want);
}

static void test_out_symlink_kept(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  size_t len;
  char *want = pack32_expected(d, &len);
  write_file(in_dir(d, "real.data"), "old\n");
  assert_int_equal(symlink("real.data", in_dir(d, "link")), 0);
  /* a chain: chain -> (absolute) link -> real.data */
  assert_int_equal(symlink(in_dir(d, "link"), in_dir(d, "chain")), 0);
  pack32(&r, in_dir(d, "link"));
  if (r.status != 0) fail_msg("--out link: exit %d: %s", r.status, r.err);
  assert_link_is(in_dir(d, "link"), "real.data");
  assert_file_is(in_dir(d, "real.data"), want, len);
  write_file(in_dir(d, "real.data"), "old\n");
  pack32(&r, in_dir(d, "chain"));
  if (r.status != 0) fail_msg("--out chain: exit %d: %s", r.status, r.err);
  assert_link_is(in_dir(d, "chain"), in_dir(d, "link"));
  assert_link_is(in_dir(d, "link"), "real.data");
  assert_file_is(in_dir(d, "real.data"), want, len);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "chain link real.data ");
  free(want);
}

static void test_out_dangling_symlink(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  size_t len;
  char *want = pack32_expected(d, &len);
  assert_int_equal(symlink("new.data", in_dir(d, "dangling")), 0);
  pack32(&r, in_dir(d, "dangling"));
  if (r.status != 0) fail_msg("--out dangling: exit %d: %s", r.status, r.err);
  assert_link_is(in_dir(d, "dangling"), "new.data");
  assert_file_is(in_dir(d, "new.data"), want, len);
  /* into a missing directory: refused, naming the link and its target, never the temporary */
  assert_int_equal(symlink("nodir/x.data", in_dir(d, "nowhere")), 0);
  pack32(&r, in_dir(d, "nowhere"));
  assert_int_equal(r.status, GD_EXIT_USAGE); /* found by the check before any work */
  char msg[512];
  snprintf(msg, sizeof msg, "cannot write %s (-> %s/nodir/x.data)", in_dir(d, "nowhere"), d->path);
  if (!strstr(r.err, msg) || strstr(r.err, ".tmp")) fail_msg("expected '%s' and no temporary name:\n%s", msg, r.err);
  assert_link_is(in_dir(d, "nowhere"), "nodir/x.data");
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "dangling new.data nowhere ");
  free(want);
}

static void test_out_message_names_target(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *out = in_dir(d, "missing/p.data");
  pack32(&r, out);
  assert_int_equal(r.status, GD_EXIT_USAGE); /* found by the check before any work */
  char msg[512];
  snprintf(msg, sizeof msg, "grandamp: error: --out: cannot write %s: cannot create a file in its directory %s/missing: "
           "No such file or directory\n", out, d->path);
  if (!strstr(r.err, msg) || strstr(r.err, ".tmp")) fail_msg("expected '%s' and no temporary name:\n%s", msg, r.err);
}

static void test_out_fifo_stays(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  size_t len;
  char *want = pack32_expected(d, &len);
  assert_true(len < 60000); /* fits the pipe buffer: the writer never waits for this reader */
  const char *fifo = in_dir(d, "fifo");
  assert_int_equal(mkfifo(fifo, 0600), 0);
  const int rd = open(fifo, O_RDWR | O_NONBLOCK); /* a reader, so the writer's open does not block */
  assert_true(rd >= 0);
  pack32(&r, fifo);
  if (r.status != 0) fail_msg("--out fifo: exit %d: %s", r.status, r.err);
  char *got = malloc(len + 16);
  const ssize_t n = read(rd, got, len + 16);
  close(rd);
  assert_int_equal(n, (ssize_t)len);
  assert_memory_equal(got, want, len);
  free(got);
  struct stat st;
  assert_int_equal(lstat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "fifo ");
  free(want);
}

/* A character device made here (the null device's numbers), written in place and kept. Needs
 * root (CAP_MKNOD); elsewhere this part is skipped. */
static void test_out_device_stays(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *dev = in_dir(d, "nulldev");
  if (geteuid() != 0 || mknod(dev, S_IFCHR | 0600, makedev(1, 3)) != 0) {
    print_message("test_out_device_stays: skipped (mknod needs root)\n");
    return;
  }
  pack32(&r, dev);
  if (r.status != 0) fail_msg("--out device: exit %d: %s", r.status, r.err);
  struct stat st;
  assert_int_equal(lstat(dev, &st), 0);
  assert_true(S_ISCHR(st.st_mode));
  assert_int_equal(major(st.st_rdev), 1);
  assert_int_equal(minor(st.st_rdev), 3);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "nulldev ");
}

static void test_out_directory_refused(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  assert_int_equal(mkdir(in_dir(d, "sub"), 0700), 0);
  pack32(&r, in_dir(d, "sub"));
  assert_int_equal(r.status, GD_EXIT_USAGE);
  char msg[512];
  snprintf(msg, sizeof msg, "--out: cannot write %s: it is a directory; give a file name\n", in_dir(d, "sub"));
  if (!strstr(r.err, msg)) fail_msg("expected '%s':\n%s", msg, r.err);
  struct stat st;
  assert_int_equal(lstat(in_dir(d, "sub"), &st), 0);
  assert_true(S_ISDIR(st.st_mode));
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "sub ");
}

/* Runs grandamp with stdout on the file out_path (opened for appending) and stderr in err;
 * returns the exit status, or -1 with *sig the signal. fsize: RLIMIT_FSIZE in bytes (0: none). */
static int run_redirected(const char *const *args, const char *out_path, long fsize, char *err, size_t size, int *sig) {
  const char *bin = getenv("GRANDAMP_BIN");
  if (!bin) bin = "build/grandamp";
  const char *argv[16];
  int argc = 0;
  argv[argc++] = bin;
  for (; args[argc - 1] && argc < 15; argc++) argv[argc] = args[argc - 1];
  argv[argc] = NULL;
  char errpath[] = "/tmp/grandamp_stderr_XXXXXX";
  const int efd = mkstemp(errpath);
  assert_true(efd >= 0);
  const int ofd = out_path ? open(out_path, O_WRONLY | O_APPEND) : dup(efd);
  assert_true(ofd >= 0);
  const pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    if (fsize > 0) {
      const struct rlimit rl = {(rlim_t)fsize, (rlim_t)fsize};
      if (setrlimit(RLIMIT_FSIZE, &rl) != 0) _exit(99);
    }
    dup2(ofd, 1);
    dup2(efd, 2);
    /* The signals the tests send take their default action, even where this suite runs as a
     * background job (the shell then ignores SIGINT, and grandamp rightly keeps it ignored). */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execve(bin, (char *const *)argv, environ);
    _exit(98);
  }
  close(ofd);
  int st;
  waitpid(pid, &st, 0);
  const ssize_t n = pread(efd, err, size - 1, 0);
  err[n > 0 ? n : 0] = '\0';
  close(efd);
  unlink(errpath);
  *sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_out_stdout(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  size_t len;
  char *want = pack32_expected(d, &len);
  pack32(&r, "-");
  if (r.status != 0) fail_msg("--out -: exit %d: %s", r.status, r.err);
  assert_int_equal(strlen(r.out), len);
  assert_memory_equal(r.out, want, len);
  /* a path that is the node of stdout (here a file of ours) is written as stdout: appended to,
   * the same file, not replaced by a new one */
  const char *so = in_dir(d, "stdout.txt");
  write_file(so, "head\n");
  struct stat before, after;
  assert_int_equal(stat(so, &before), 0);
  const char *args[10];
  memcpy(args, PACK32, sizeof PACK32);
  args[8] = so;
  args[9] = NULL;
  static char err[8192];
  int sig;
  const int rc = run_redirected(args, so, 0, err, sizeof err, &sig);
  if (rc != 0) fail_msg("--out <stdout's file>: exit %d, signal %d: %s", rc, sig, err);
  assert_int_equal(stat(so, &after), 0);
  assert_int_equal(after.st_ino, before.st_ino);
  size_t got_len;
  char *got = slurp(so, &got_len);
  assert_int_equal(got_len, 5 + len);
  assert_memory_equal(got, "head\n", 5);
  assert_memory_equal(got + 5, want, len);
  free(got);
  free(want);
}

static void test_out_mode_kept(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const mode_t modes[] = {0640, 0600, 0444};
  assert_int_equal(symlink("m.data", in_dir(d, "m.link")), 0);
  for (size_t k = 0; k < sizeof modes / sizeof *modes; k++) {
    write_file(in_dir(d, "m.data"), "old\n");
    assert_int_equal(chmod(in_dir(d, "m.data"), modes[k]), 0);
    pack32(&r, in_dir(d, k == 1 ? "m.link" : "m.data"));
    struct stat st;
    assert_int_equal(stat(in_dir(d, "m.data"), &st), 0);
    if ((modes[k] & 0200) || geteuid() == 0) {
      /* writable (or root, whom the shell's `>` would let write too): replaced, mode kept */
      if (r.status != 0) fail_msg("mode %04o: exit %d: %s", (unsigned)modes[k], r.status, r.err);
      if ((st.st_mode & 07777) != modes[k])
        fail_msg("mode %04o became %04o", (unsigned)modes[k], (unsigned)(st.st_mode & 07777));
      assert_true(st.st_size > 100);
    } else {
      assert_int_equal(r.status, GD_EXIT_RUNTIME);
      assert_non_null(strstr(r.err, "read-only"));
      assert_file_is(in_dir(d, "m.data"), "old\n", 4);
    }
  }
  chmod(in_dir(d, "m.data"), 0600);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "m.data m.link ");
}

static void test_forces_out_is_data(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *data = in_dir(d, "in.data");
  pack32(&r, data);
  assert_int_equal(r.status, 0);
  size_t len;
  char *before = slurp(data, &len);
  assert_int_equal(symlink("in.data", in_dir(d, "alias")), 0);
  const char *outs[] = {in_dir(d, "in.data"), in_dir(d, "alias")};
  for (int k = 0; k < 2; k++) {
    const char *const args[] = {"forces", "--data", data, "--coeff", "* * hooke 1000 0.5", "--out", outs[k], NULL};
    run_grandamp(&r, args);
    assert_int_equal(r.status, GD_EXIT_USAGE);
    char msg[512];
    snprintf(msg, sizeof msg, "--out %s: it is the --data file", outs[k]);
    if (!strstr(r.err, msg)) fail_msg("expected '%s':\n%s", msg, r.err);
    assert_file_is(data, before, len);
  }
  free(before);
}

/* A signal while the output is written, or once the temporary is named just before the
 * rename: the process dies of that signal and leaves the old file, alone in its directory. */
static void test_signal_leaves_only_old(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  const char *out = in_dir(d, "s.data");
  pack32(&r, out);
  assert_int_equal(r.status, 0);
  size_t len;
  char *before = slurp(out, &len);
  const char *const args[] = {"packing", "--type", "fcc", "--n", "4000", "--seed", "7", "--out", out, NULL};
  const char *faults[] = {"term:65536", "int:65536", "term-at-commit", "int-at-commit"};
  const int signals[] = {SIGTERM, SIGINT, SIGTERM, SIGINT};
  static char err[8192];
  for (int no_tmpfile = 0; no_tmpfile < 2; no_tmpfile++) {
    for (int k = 0; k < 4; k++) {
      setenv("GRANDAMP_TEST_WRITE_FAULT", faults[k], 1);
      setenv("GRANDAMP_TEST_NO_TMPFILE", no_tmpfile ? "1" : "0", 1);
      int sig;
      const int rc = run_redirected(args, NULL, 0, err, sizeof err, &sig);
      unsetenv("GRANDAMP_TEST_WRITE_FAULT");
      unsetenv("GRANDAMP_TEST_NO_TMPFILE");
      if (rc != -1 || sig != signals[k])
        fail_msg("%s (no O_TMPFILE: %d): exit %d, signal %d; expected signal %d; stderr:\n%s", faults[k], no_tmpfile,
                 rc, sig, signals[k], err);
      assert_file_is(out, before, len);
      char names[256];
      listing(d, names, sizeof names);
      if (strcmp(names, "s.data ")) fail_msg("%s (no O_TMPFILE: %d): left '%s'", faults[k], no_tmpfile, names);
    }
  }
  free(before);
}

/* Past `ulimit -f` the write fails (EFBIG) and is reported, instead of SIGXFSZ killing the
 * process with a partial temporary on disk. */
static void test_file_size_limit(void **state) {
  OutDir *d = *state;
  static CmdResult r;
  if (getenv("TSAN_OPTIONS")) { /* make race: ThreadSanitizer's runtime itself dies past ulimit -f */
    print_message("test_file_size_limit: skipped under ThreadSanitizer\n");
    return;
  }
  const char *out = in_dir(d, "f.data");
  pack32(&r, out);
  assert_int_equal(r.status, 0);
  size_t len;
  char *before = slurp(out, &len);
  const char *const args[] = {"packing", "--type", "fcc", "--n", "4000", "--out", out, NULL};
  static char err[8192];
  setenv("GRANDAMP_TEST_NO_TMPFILE", "1", 1);
  int sig;
  const int rc = run_redirected(args, NULL, 65536, err, sizeof err, &sig);
  unsetenv("GRANDAMP_TEST_NO_TMPFILE");
  if (rc != GD_EXIT_RUNTIME || !strstr(err, "File too large"))
    fail_msg("ulimit -f: exit %d, signal %d; stderr:\n%s", rc, sig, err);
  assert_file_is(out, before, len);
  char names[256];
  listing(d, names, sizeof names);
  assert_string_equal(names, "f.data ");
  free(before);
}

static void test_out_same_file(void **state) {
  OutDir *d = *state;
  write_file(in_dir(d, "a"), "a\n");
  write_file(in_dir(d, "b"), "a\n");
  assert_int_equal(symlink("a", in_dir(d, "to_a")), 0);
  assert_int_equal(link(in_dir(d, "a"), in_dir(d, "hard_a")), 0);
  assert_true(out_same_file(in_dir(d, "a"), in_dir(d, "to_a")));
  assert_true(out_same_file(in_dir(d, "hard_a"), in_dir(d, "a")));
  assert_false(out_same_file(in_dir(d, "a"), in_dir(d, "b")));
  assert_false(out_same_file(in_dir(d, "a"), in_dir(d, "missing")));
}

#define T(f) cmocka_unit_test_setup_teardown(f, dir_setup, dir_teardown)
const struct CMUnitTest output_tests[] = {
    T(test_out_commit_leaves_only_the_file), T(test_out_commit_disk_full), T(test_packing_killed_or_disk_full),
    T(test_forces_killed_or_disk_full), cmocka_unit_test(test_stdout_full), T(test_out_symlink_kept),
    T(test_out_dangling_symlink), T(test_out_message_names_target), T(test_out_fifo_stays),
    T(test_out_device_stays), T(test_out_directory_refused), T(test_out_stdout), T(test_out_mode_kept),
    T(test_forces_out_is_data), tagged_test_setup_teardown(serial, test_signal_leaves_only_old, dir_setup, dir_teardown), T(test_file_size_limit), T(test_out_same_file),
};
#undef T
const size_t output_ntests = sizeof output_tests / sizeof *output_tests;
