/*
 * test_output.c - atomic outputs (output.h): a run that dies or hits a full disk mid-write
 * leaves the previous result intact and no partial or temporary file behind; a failed write
 * to stdout is an exit-1 failure, not a silent success.
 *
 * The faults are injected deterministically with the test hook of output.h,
 * GRANDAMP_TEST_WRITE_FAULT=kill:<N> (the process SIGKILLs itself after N bytes of an output
 * file) and enospc:<N> (the write fails with ENOSPC after N bytes), set in the environment the
 * child inherits; stdout goes to /dev/full.
 */
#define _GNU_SOURCE /* O_TMPFILE */
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
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

#define T(f) cmocka_unit_test_setup_teardown(f, dir_setup, dir_teardown)
const struct CMUnitTest output_tests[] = {
    T(test_out_commit_leaves_only_the_file), T(test_out_commit_disk_full), T(test_packing_killed_or_disk_full),
    T(test_forces_killed_or_disk_full), cmocka_unit_test(test_stdout_full),
};
#undef T
const size_t output_ntests = sizeof output_tests / sizeof *output_tests;
