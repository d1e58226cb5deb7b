/* test_main.c - runs every unit-test area in one cmocka group. */
#include <stdlib.h>

#include "tests.h"

static void add(struct CMUnitTest *all, size_t *n, const struct CMUnitTest *t, size_t count) {
  for (size_t i = 0; i < count; i++) all[(*n)++] = t[i];
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
  add(all, &n, pairloop_tests, pairloop_ntests);
  add(all, &n, commands_tests, commands_ntests);
  add(all, &n, cli_tests, cli_ntests);
  add(all, &n, datafile_tests, datafile_ntests);
  add(all, &n, mdr_tests, mdr_ntests);
  add(all, &n, mdr_run_tests, mdr_run_ntests);
  add(all, &n, verify_tests, verify_ntests);
  add(all, &n, ode_ref_tests, ode_ref_ntests);
  return _cmocka_run_group_tests("grandamp", all, n, NULL, NULL);
}
