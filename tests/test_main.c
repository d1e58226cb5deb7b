/* test_main.c - runs the unit tests by concern (tests/<concern>/test_<area>.c), one cmocka group
 * each, and says how long each concern took. */
#include <fnmatch.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* Every area in the order it runs (tests.h, TEST_GROUPS); the concerns are the folders of tests/. */
static const struct Area {
  const char *concern;
  const struct CMUnitTest *tests;
  const size_t *n;
} AREAS[] = {
#define TEST_AREA(concern, area) {#concern, area##_tests, &area##_ntests},
    TEST_GROUPS(TEST_AREA)
#undef TEST_AREA
};

static int skips; /* skip() calls of this run (tests.h) */
void tests_note_skip(void) { skips++; }

/* Whether name matches one of the comma-separated shell patterns of list. */
static bool matches(const char *list, const char *name) {
  char pats[1024];
  snprintf(pats, sizeof pats, "%s", list);
  for (char *save = NULL, *pat = strtok_r(pats, ",", &save); pat; pat = strtok_r(NULL, ",", &save))
    if (fnmatch(pat, name, 0) == 0) return true;
  return false;
}

/* GRANDAMP_TEST_FILTER="pat1,pat2,...": only the tests whose name matches one of the shell
 * patterns; GRANDAMP_TEST_SKIP="slow:*,...": not those that match (the tags of tests.h). Unset,
 * every test runs. Adds the concern's tests that run to all[*n], counts those left out. */
static void add_concern(const char *concern, struct CMUnitTest *all, size_t *n, size_t *left_out) {
  const char *filter = getenv("GRANDAMP_TEST_FILTER"), *skip = getenv("GRANDAMP_TEST_SKIP");
  for (size_t a = 0; a < sizeof AREAS / sizeof *AREAS; a++) {
    if (strcmp(AREAS[a].concern, concern)) continue;
    for (size_t i = 0; i < *AREAS[a].n; i++) {
      const struct CMUnitTest *t = &AREAS[a].tests[i];
      if (filter && *filter && !matches(filter, t->name)) continue;
      if (skip && *skip && matches(skip, t->name)) ++*left_out;
      else all[(*n)++] = *t;
    }
  }
}

int main(void) {
  static struct CMUnitTest all[1024];
  const char *concerns[16];
  size_t nconcerns = 0, left_out = 0, ran = 0;
  double seconds[16];
  size_t counts[16];
  int failed = 0;
  for (size_t a = 0; a < sizeof AREAS / sizeof *AREAS; a++) { /* the concerns in order, once each */
    bool seen = false;
    for (size_t c = 0; c < nconcerns; c++) seen = seen || !strcmp(concerns[c], AREAS[a].concern);
    if (!seen) concerns[nconcerns++] = AREAS[a].concern;
  }
  for (size_t c = 0; c < nconcerns; c++) {
    size_t n = 0;
    add_concern(concerns[c], all, &n, &left_out);
    counts[c] = n;
    seconds[c] = 0.0;
    if (n == 0) continue;
    const double t0 = omp_get_wtime();
    failed += _cmocka_run_group_tests(concerns[c], all, n, NULL, NULL);
    seconds[c] = omp_get_wtime() - t0;
    ran += n;
  }
  if (ran == 0) {
    fprintf(stderr, "test_grandamp: GRANDAMP_TEST_FILTER matches no test\n");
    return 2;
  }
  double total = 0.0;
  printf("\ntest_grandamp: wall time by concern (tests/<concern>/)\n");
  for (size_t c = 0; c < nconcerns; c++) {
    if (counts[c] == 0) continue;
    printf("  %-8s %4zu tests %8.1f s\n", concerns[c], counts[c], seconds[c]);
    total += seconds[c];
  }
  printf("  %-8s %4zu tests %8.1f s\n", "all", ran, total);
  if (left_out) printf("test_grandamp: %zu test%s left out by GRANDAMP_TEST_SKIP=%s\n", left_out, left_out == 1 ? "" : "s",
                       getenv("GRANDAMP_TEST_SKIP"));
  if (skips) printf("test_grandamp: %d test%s skipped (cmocka's SKIPPED lines above say why)\n", skips, skips == 1 ? "" : "s");
  printf("%zu passed, %d failed\n", ran - (size_t)failed - (size_t)skips, failed);
  return failed ? 1 : 0;
}
