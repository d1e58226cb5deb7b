/*
 * test_fuzz_regress.c - replays the fuzz harnesses (fuzz/fuzz_<target>.c) in the normal
 * build: every crashing input the fuzzers found (fuzz/regress/<target>/) and every seed
 * (fuzz/corpus/<target>/) goes through the same harness body, with its checks reported as
 * test failures. The harness files are included here rather than linked, so the test build
 * needs no fuzzing toolchain; make fuzz builds the same files with libFuzzer.
 * Run from the repository root (make test does).
 */
#define _GNU_SOURCE /* memfd_create, open_memstream in fuzz_datafile.c */
#include <dirent.h>
#include <sys/stat.h>

#include "tests.h"

#define FUZZ_FAIL(...) fail_msg(__VA_ARGS__)
#include "../../fuzz/fuzz_cli.c"
#include "../../fuzz/fuzz_datafile.c"
#include "../../fuzz/fuzz_model.c"
#include "../../fuzz/fuzz_numparse.c"
#include "../../fuzz/fuzz_output.c"
#include "../../fuzz/fuzz_englog.c"
#include "../../fuzz/fuzz_points.c"
#include "../../fuzz/fuzz_compare.c"
#include "../../fuzz/fuzz_rows.c"
#include "../../fuzz/fuzz_report.c"
#include "../../fuzz/fuzz_gas.c"

/* Runs body over every regular file of dir; returns the number of files (-1: no dir). */
static int replay_dir(const char *dir, int (*body)(const uint8_t *, size_t)) {
  struct dirent **names;
  const int n = scandir(dir, &names, NULL, alphasort);
  if (n < 0) return -1;
  int files = 0;
  for (int i = 0; i < n; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
    free(names[i]);
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    uint8_t *data = malloc((size_t)st.st_size + 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)st.st_size, f), (size_t)st.st_size);
    fclose(f);
    body(data, (size_t)st.st_size);
    free(data);
    files++;
  }
  free(names);
  return files;
}

static void replay(const char *target, int (*body)(const uint8_t *, size_t), int min_seeds) {
  char dir[128];
  snprintf(dir, sizeof dir, "fuzz/regress/%s", target);
  replay_dir(dir, body); /* may not exist: no crash found yet */
  snprintf(dir, sizeof dir, "fuzz/corpus/%s", target);
  const int seeds = replay_dir(dir, body);
  if (seeds < 0) fail_msg("cannot read %s (run the tests from the repository root)", dir);
  if (seeds < min_seeds) fail_msg("%s: only %d seeds", dir, seeds);
}

static void test_fuzz_model(void **state) {
  (void)state;
  replay("model", fuzz_model, 50);
}

static void test_fuzz_numparse(void **state) {
  (void)state;
  replay("numparse", fuzz_numparse, 2);
}

static void test_fuzz_datafile(void **state) {
  (void)state;
  replay("datafile", fuzz_datafile, 4);
}

static void test_fuzz_output(void **state) {
  (void)state;
  replay("output", fuzz_output, 30);
}

static void test_fuzz_cli(void **state) {
  (void)state;
  replay("cli", fuzz_cli, 20);
}

static void test_fuzz_englog(void **state) {
  (void)state;
  replay("englog", fuzz_englog, 15);
}

static void test_fuzz_points(void **state) {
  (void)state;
  replay("points", fuzz_points, 6);
}

static void test_fuzz_compare(void **state) {
  (void)state;
  replay("compare", fuzz_compare, 5);
}

static void test_fuzz_rows(void **state) {
  (void)state;
  replay("rows", fuzz_rows, 4);
}

static void test_fuzz_report(void **state) {
  (void)state;
  replay("report", fuzz_report, 6);
}

static void test_fuzz_gas(void **state) {
  (void)state;
  replay("gas", fuzz_gas, 12);
}

/* The datafile harness's out-of-memory: a file declaring 3e8 atoms in 89 bytes made the reader
 * allocate and zero 44 GiB before its first Atoms line (an OOM kill on a 23 GiB machine;
 * libFuzzer: malloc(2400000000)). libFuzzer found the same with 167772163 atoms in 713 bytes
 * (oom-167772163-atoms-in-713-bytes, replayed above). Now refused against the file's size. */
static void test_regress_count_beyond_file_size(void **state) {
  (void)state;
  const char *path = "fuzz/regress/datafile/count-beyond-file-size";
  Particles p;
  Box b;
  ErrList err = {0};
  assert_false(datafile_read(path, &p, &b, &err));
  char want[256];
  snprintf(want, sizeof want,
           "%s:2: header: 300000000 atoms cannot be in this file of 89 bytes (an Atoms line takes at least 14 bytes)",
           path);
  bool found = false;
  for (int i = 0; i < err.n; i++) found = found || !strcmp(err.msg[i], want);
  if (!found) fail_msg("no '%s' among %d errors (first: %s)", want, err.n, err.n ? err.msg[0] : "none");
  assert_null(p.x);
  errlist_free(&err);
}

const struct CMUnitTest fuzz_regress_tests[] = {
    cmocka_unit_test(test_regress_count_beyond_file_size),
    cmocka_unit_test(test_fuzz_model),
    cmocka_unit_test(test_fuzz_numparse),
    cmocka_unit_test(test_fuzz_datafile),
    cmocka_unit_test(test_fuzz_output),
    tagged_test(serial, test_fuzz_cli),
    cmocka_unit_test(test_fuzz_englog),
    cmocka_unit_test(test_fuzz_points),
    cmocka_unit_test(test_fuzz_compare),
    cmocka_unit_test(test_fuzz_rows),
    tagged_test(serial, test_fuzz_report),
    tagged_test(serial, test_fuzz_gas),
};
const size_t fuzz_regress_ntests = sizeof fuzz_regress_tests / sizeof *fuzz_regress_tests;
