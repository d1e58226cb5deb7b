/*
 * test_determinism.c - what `run` claims about reproducibility holds: with the full list (and
 * the serial --ref loop) every figure of the energy report is the same bits for 1, 2 and 3
 * threads; with any strategy the set-up pass's energies are; and the report says which case
 * it is in ("reproducible").
 */
#include <stdlib.h>

#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

/* The JSON text from "energy_initial" to the end: every energy figure of the report. */
static const char *energies(const CmdResult *r) {
  const char *e = strstr(r->out, "\"energy_initial\"");
  if (!e) fail_msg("no energy_initial in:\n%s\nstderr:\n%s", r->out, r->err);
  return e;
}

/* Runs `run` with the strategy and model for 1, 2 and 3 threads; the energy texts must agree. */
static void expect_same_energies(const char *strategy, const char *model, const char *packing, const char *steps,
                                 bool ref, const char *want_reproducible) {
  static CmdResult r1, r;
  const char *threads[] = {"1", "2", "3"};
  for (int t = 0; t < 3; t++) {
    CmdResult *cur = t == 0 ? &r1 : &r;
    if (ref)
      RUN(cur, "run", "--packing", packing, "--n", "3000", "--seed", "3", "--model", model, "--steps", steps, "--dt",
          "1e-5", "--strategy", strategy, "--threads", threads[t], "--ref");
    else
      RUN(cur, "run", "--packing", packing, "--n", "3000", "--seed", "3", "--model", model, "--steps", steps, "--dt",
          "1e-5", "--strategy", strategy, "--threads", threads[t]);
    if (cur->status != 0) fail_msg("%s %s threads %s: exit %d\n%s", strategy, model, threads[t], cur->status, cur->err);
    if (!strstr(cur->out, want_reproducible))
      fail_msg("%s: the report does not say %s:\n%s", strategy, want_reproducible, cur->out);
    if (t > 0 && strcmp(energies(&r1), energies(cur)) != 0)
      fail_msg("%s, %s threads: energies differ from 1 thread's:\n%s\n---\n%s", strategy, threads[t], energies(&r1),
               energies(cur));
  }
}

#define MINDLIN "hertz/material 1e8 0.3 0.3 tangential mindlin NULL 1.0 0.5 damping tsuji"

static void test_full_list_energies_thread_independent(void **state) {
  (void)state;
  expect_same_energies("full", MINDLIN, "random", "20", false, "\"reproducible\": \"bitwise for any thread count\"");
  expect_same_energies("full", "hooke 1e5 50 tangential linear_history 1e4 1.0 0.3 damping mass_velocity", "fcc",
                       "20", false, "\"reproducible\": \"bitwise for any thread count\"");
  expect_same_energies("full", "mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr 1",
                       "random", "10", false, "\"reproducible\": \"bitwise for any thread count\"");
}

static void test_ref_energies_thread_independent(void **state) {
  (void)state;
  expect_same_energies("half-reduce", MINDLIN, "random", "10", true, "\"reproducible\": \"bitwise for any thread count\"");
}

/* The set-up pass's energies depend on positions and velocities alone: any strategy. */
static void test_setup_energies_thread_independent(void **state) {
  (void)state;
  expect_same_energies("half-reduce", MINDLIN, "random", "0", false,
                       "\"reproducible\": \"bitwise for the same thread count\"");
  expect_same_energies("half-atomic", MINDLIN, "random", "0", false, "\"reproducible\": \"not bitwise");
}

const struct CMUnitTest determinism_tests[] = {
    tagged_test(repeat, test_full_list_energies_thread_independent),
    tagged_test(repeat, test_ref_energies_thread_independent),
    tagged_test(repeat, test_setup_energies_thread_independent),
};
const size_t determinism_ntests = sizeof determinism_tests / sizeof *determinism_tests;
