/* test_main.c - runs every unit-test area in one cmocka group. */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

static void add(struct CMUnitTest *all, size_t *n, const struct CMUnitTest *t, size_t count) {
  for (size_t i = 0; i < count; i++) all[(*n)++] = t[i];
}

/* Whether name matches one of the comma-separated shell patterns of list. */
static bool matches(const char *list, const char *name) {
  char pats[1024];
  snprintf(pats, sizeof pats, "%s", list);
  for (char *save = NULL, *pat = strtok_r(pats, ",", &save); pat; pat = strtok_r(NULL, ",", &save))
    if (fnmatch(pat, name, 0) == 0) return true;
  return false;
}

/* GRANDAMP_TEST_FILTER="pat1,pat2,...": keep only the tests whose name matches one of the shell
 * patterns; GRANDAMP_TEST_SKIP="slow:*,...": leave out those that match (the tags of tests.h).
 * Unset, every test runs. */
static size_t keep_filtered(struct CMUnitTest *all, size_t n) {
  const char *filter = getenv("GRANDAMP_TEST_FILTER"), *skip = getenv("GRANDAMP_TEST_SKIP");
  size_t kept = 0, skipped = 0;
  for (size_t i = 0; i < n; i++) {
    if (filter && *filter && !matches(filter, all[i].name)) continue;
    if (skip && *skip && matches(skip, all[i].name)) {
      skipped++;
      continue;
    }
    all[kept++] = all[i];
  }
  if (skipped)
    fprintf(stderr, "test_grandamp: %zu test%s left out (GRANDAMP_TEST_SKIP=%s)\n", skipped, skipped == 1 ? "" : "s", skip);
  return kept;
}

int main(void) {
  static struct CMUnitTest all[1024];
  size_t n = 0;
  add(all, &n, numparse_tests, numparse_ntests);
  add(all, &n, normal_tests, normal_ntests);
  add(all, &n, damping_tests, damping_ntests);
  add(all, &n, model_tests, model_ntests);
  add(all, &n, mixing_tests, mixing_ntests);
  add(all, &n, tangential_tests, tangential_ntests);
  add(all, &n, kernels_tests, kernels_ntests);
  add(all, &n, simd_tests, simd_ntests);
  add(all, &n, lists_tests, lists_ntests);
  add(all, &n, packing_tests, packing_ntests);
  add(all, &n, help_tests, help_ntests);
  add(all, &n, commands_tests, commands_ntests);
  add(all, &n, cli_tests, cli_ntests);
  add(all, &n, datafile_tests, datafile_ntests);
  add(all, &n, mdr_tests, mdr_ntests);
  add(all, &n, mdr_run_tests, mdr_run_ntests);
  add(all, &n, verify_tests, verify_ntests);
  add(all, &n, ode_ref_tests, ode_ref_ntests);
  add(all, &n, oblique_ref_tests, oblique_ref_ntests);
  add(all, &n, calibrate_tests, calibrate_ntests);
  add(all, &n, hardening_cli_tests, hardening_cli_ntests);
  add(all, &n, law_tests, law_ntests);
  add(all, &n, engine_lammps_tests, engine_lammps_ntests);
  add(all, &n, output_tests, output_ntests);
  add(all, &n, fuzz_regress_tests, fuzz_regress_ntests);
  add(all, &n, determinism_tests, determinism_ntests);
  add(all, &n, results_tests, results_ntests);
  add(all, &n, model_lists_tests, model_lists_ntests);
  add(all, &n, engine_yade_tests, engine_yade_ntests);
  add(all, &n, engine_liggghts_tests, engine_liggghts_ntests);
  add(all, &n, engines_cli_tests, engines_cli_ntests);
  add(all, &n, defects_tests, defects_ntests);
  add(all, &n, fake_engines_tests, fake_engines_ntests);
  add(all, &n, readers_tests, readers_ntests);
  add(all, &n, plots_tests, plots_ntests);
  add(all, &n, report_tests, report_ntests);
  n = keep_filtered(all, n);
  if (n == 0) {
    fprintf(stderr, "test_grandamp: GRANDAMP_TEST_FILTER matches no test\n");
    return 2;
  }
  return _cmocka_run_group_tests("grandamp", all, n, NULL, NULL);
}
