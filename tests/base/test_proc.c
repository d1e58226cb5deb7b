/*
 * test_proc.c - scratch-folder removal (src/base/proc.c) always ends: a tree deeper than the
 * removal's stack, a read-only folder an engine left, and an entry this process may not remove
 * (another user's folder, as a mount point would be). Each removal runs in a child process with
 * an alarm, so that a removal that spins fails the test instead of hanging the suite; where the
 * suite runs as root, the child runs as nobody, as a user's verifier would.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "tests.h"

enum { NOBODY = 65534, ALARM_S = 20 };

/* A fresh folder under /tmp, owned by the user the removal runs as. */
static void fresh_folder(char *path, size_t size, bool for_nobody) {
  snprintf(path, size, "/tmp/grandamp-test-proc-XXXXXX");
  assert_non_null(mkdtemp(path));
  if (for_nobody) assert_int_equal(chown(path, NOBODY, NOBODY), 0);
}

static bool as_root(void) { return geteuid() == 0; }

/* Runs body(path) in a child (as nobody when root) with an alarm; returns its exit status, or
 * -1 when it died (the alarm: the removal did not end). */
static int in_child(int (*body)(const char *), const char *path) {
  const pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    alarm(ALARM_S);
    if (as_root() && (setgid(NOBODY) != 0 || setuid(NOBODY) != 0)) _exit(90);
    _exit(body(path));
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* 300 folders inside each other, a file in each: deeper than the removal's own recursion. */
static int make_and_remove_deep(const char *top) {
  char scratch[256];
  snprintf(scratch, sizeof scratch, "%s/scratch", top);
  if (mkdir(scratch, 0700) != 0) return 10;
  int dir = open(scratch, O_RDONLY | O_DIRECTORY);
  for (int k = 0; k < 300 && dir >= 0; k++) {
    const int file = openat(dir, "log", O_WRONLY | O_CREAT, 0600);
    if (file < 0 || mkdirat(dir, "d", 0700) != 0) return 11;
    close(file);
    const int next = openat(dir, "d", O_RDONLY | O_DIRECTORY);
    close(dir);
    dir = next;
  }
  if (dir < 0) return 12;
  close(dir);
  if (!proc_scratch_remove(scratch)) return 13;
  return access(scratch, F_OK) == 0 ? 14 : 0;
}

static void test_scratch_removal_any_depth(void **state) {
  (void)state;
  char top[64];
  fresh_folder(top, sizeof top, as_root());
  assert_int_equal(in_child(make_and_remove_deep, top), 0);
  assert_int_equal(rmdir(top), 0);
}

/* What an engine leaves when it is not root: folders without write or read permission. */
static int make_and_remove_read_only(const char *top) {
  char scratch[256], path[320];
  snprintf(scratch, sizeof scratch, "%s/scratch", top);
  if (mkdir(scratch, 0700) != 0) return 10;
  snprintf(path, sizeof path, "%s/ro", scratch);
  if (mkdir(path, 0700) != 0) return 11;
  snprintf(path, sizeof path, "%s/ro/closed", scratch);
  if (mkdir(path, 0700) != 0) return 11;
  snprintf(path, sizeof path, "%s/ro/closed/out.log", scratch);
  const int file = open(path, O_WRONLY | O_CREAT, 0400);
  if (file < 0) return 12;
  close(file);
  snprintf(path, sizeof path, "%s/ro/closed", scratch);
  if (chmod(path, 0) != 0) return 13;
  snprintf(path, sizeof path, "%s/ro", scratch);
  if (chmod(path, 0500) != 0) return 13;
  if (!proc_scratch_remove(scratch)) return 14;
  return access(scratch, F_OK) == 0 ? 15 : 0;
}

static void test_scratch_removal_read_only_folders(void **state) {
  (void)state;
  char top[64];
  fresh_folder(top, sizeof top, as_root());
  assert_int_equal(in_child(make_and_remove_read_only, top), 0);
  assert_int_equal(rmdir(top), 0);
}

/* The scratch folder holds another user's folder with a file: the removal ends, says that not
 * everything went, and removes the rest. */
static int remove_with_foreign(const char *scratch) {
  char path[320];
  if (proc_scratch_remove(scratch)) return 20; /* it cannot all have gone */
  snprintf(path, sizeof path, "%s/mine", scratch);
  if (access(path, F_OK) == 0) return 21;
  snprintf(path, sizeof path, "%s/foreign/file", scratch);
  return access(path, F_OK) == 0 ? 0 : 22; /* not ours: left */
}

static void test_scratch_removal_ends_on_what_cannot_go(void **state) {
  (void)state;
  if (!as_root()) { /* a user cannot make an entry it may not remove; root can, for nobody */
    skip();
    return;
  }
  char scratch[64], path[128];
  fresh_folder(scratch, sizeof scratch, true);
  snprintf(path, sizeof path, "%s/foreign", scratch);
  assert_int_equal(mkdir(path, 0755), 0); /* root's: nobody may not empty it */
  snprintf(path, sizeof path, "%s/foreign/file", scratch);
  const int file = open(path, O_WRONLY | O_CREAT, 0644);
  assert_true(file >= 0);
  close(file);
  snprintf(path, sizeof path, "%s/mine", scratch);
  assert_int_equal(mkdir(path, 0700), 0);
  assert_int_equal(chown(path, NOBODY, NOBODY), 0);
  assert_int_equal(in_child(remove_with_foreign, scratch), 0);
  assert_true(proc_scratch_remove(scratch)); /* root removes what is left */
}

const struct CMUnitTest proc_tests[] = {
    tagged_test(serial, test_scratch_removal_any_depth),
    tagged_test(serial, test_scratch_removal_read_only_folders),
    tagged_test(serial, test_scratch_removal_ends_on_what_cannot_go),
};
const size_t proc_ntests = sizeof proc_tests / sizeof *proc_tests;
