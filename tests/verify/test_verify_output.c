/*
 * test_verify_output.c - what a nightly verifier log says besides its case lines: one-sided
 * verdicts as bounds, the skips counted by a reason without measured numbers, the time by family
 * adding up to the run with the shared set-up, and the many-body cases on the threads `grandamp
 * run` would take, with progress lines on stderr (GRANDAMP_VERIFY_PROGRESS_S=0: at every step).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"

#include "results.h"

/* text written by print into a string (static: one at a time) */
static const char *printed(void (*print)(const CaseResult *, int, FILE *), const CaseResult *res, int n) {
  static char buf[8192];
  FILE *f = fmemopen(buf, sizeof buf, "w");
  assert_non_null(f);
  print(res, n, f);
  fclose(f);
  return buf;
}

static void print_one(const CaseResult *c, int n, FILE *out) {
  (void)n;
  case_print_judgement(c, out);
}

static CaseResult judged(double measured, double expected, double tol, CaseCheck check) {
  CaseResult c = {.measured = measured, .expected = expected, .tol = tol, .check = check, .pass = true};
  return c;
}

/* An energy gain of -0.241 (energy lost) under a bound of 0.0148 passes: printed as the bound it
 * meets, not as a distance of 0.241 against a tolerance of 0.0148. */
static void one_sided_verdict_printed_as_bound(void **state) {
  (void)state;
  CaseResult c = judged(-0.241, 0.0, 0.0148, CHECK_AT_MOST);
  assert_string_equal(printed(print_one, &c, 1), "measured=-0.241 ≤ bound=0.0148");
  c = judged(0.03, 0.0, 0.0148, CHECK_AT_MOST);
  assert_string_equal(printed(print_one, &c, 1), "measured=0.03 > bound=0.0148");
  c = judged(2.0, 1.0, 0.5, CHECK_AT_LEAST);
  assert_string_equal(printed(print_one, &c, 1), "measured=2 ≥ bound=0.5");
  c = judged(1.5, 1.0, 0.25, CHECK_WITHIN); /* a two-sided case keeps its line */
  assert_string_equal(printed(print_one, &c, 1), "measured=1.5 expected=1 |diff|=0.5 tol=0.25");
}

/* Three skips, two of one reason with different measured details: each reason once, counted. */
static void skips_counted_by_reason(void **state) {
  (void)state;
  CaseResult res[4] = {0};
  const char *src[4] = {"recorded, not judged (microslip regime): 0.6867 against the measured 0.6879",
                        "recorded, not judged (microslip regime): 610.1 against the measured 612.8",
                        "captured: no end of contact", "judged"};
  for (int k = 0; k < 4; k++) {
    res[k].skipped = k < 3;
    snprintf(res[k].source, sizeof res[k].source, "%s", src[k]);
  }
  snprintf(res[0].reason, sizeof res[0].reason, "recorded, not judged (microslip regime)");
  snprintf(res[1].reason, sizeof res[1].reason, "recorded, not judged (microslip regime)");
  const char *out = printed(results_print_skips, res, 4);
  assert_non_null(strstr(out, "3 cases skipped, not passed:\n"));
  assert_non_null(strstr(out, "      2  recorded, not judged (microslip regime)\n"));
  assert_non_null(strstr(out, "      1  captured: no end of contact\n")); /* no reason key: its source */
  assert_null(strstr(out, "against the measured"));
}

/* Families' own time plus the set-up between their cases is the run's time, the set-up by the
 * family it preceded (a gas placed before its cases, an engine's batch). */
static void family_times_add_up(void **state) {
  (void)state;
  CaseResult res[4] = {0};
  const char *names[4] = {"theory/a", "gas/hooke/N=8000/T", "gas/tsuji/N=8000/T", "engine/lammps/x/e"};
  const double own[4] = {0.5, 2.0, 1.0, 0.25}, setup[4] = {0.0, 3.0, 0.0, 2.0};
  for (int k = 0; k < 4; k++) {
    snprintf(res[k].name, sizeof res[k].name, "%s", names[k]);
    res[k].seconds = own[k], res[k].setup_seconds = setup[k];
  }
  FILE *f;
  static char buf[4096];
  assert_non_null(f = fmemopen(buf, sizeof buf, "w"));
  results_print_times(res, 4, 10.0, f);
  fclose(f);
  assert_non_null(strstr(buf, "time by family (its cases' own time): theory 0.5 s (1), gas 3.0 s (2), engine/lammps 0.2 s (1)\n"));
  assert_non_null(strstr(buf, "by the family it preceded: gas 3.0 s, engine/lammps 2.0 s, between the other cases 0.0 s, "
                              "after the last case 1.2 s\n"));
  assert_non_null(strstr(buf, "the cases 3.8 s + shared set-up 6.2 s = the run's 10.0 s\n"));
}

static void run_verify_env(CmdResult *r, const char *const *extra, char *dir, size_t n) {
  run_verify_quick(r, extra, dir, n);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

/* Sets name to value (NULL: unsets it), returning the old value (to put back). */
static char *env_swap(const char *name, const char *value) {
  const char *old = getenv(name);
  char *saved = old ? strdup(old) : NULL;
  if (value) setenv(name, value, 1);
  else unsetenv(name);
  return saved;
}

/* The quick gas (1000 spheres) on the threads of `grandamp run`'s rule, one per
 * GRANDAMP_SPHERES_PER_THREAD spheres (here 500: 2 of OMP_NUM_THREADS=4; 4000: 1), or on
 * --threads; each step's progress line on stderr (interval 0) names the case, the threads and the
 * step, and stdout's case lines stay as they were. */
static void verify_gas_threads_and_progress(void **state) {
  (void)state;
  static const struct {
    const char *per, *threads, *says;
  } RUNS[] = {{"500", NULL, " on 2 threads, step "}, {"4000", NULL, " on 1 thread, step "}, {"4000", "3", " on 3 threads, step "}};
  char *omp = env_swap("OMP_NUM_THREADS", "4"), *interval = env_swap("GRANDAMP_VERIFY_PROGRESS_S", "0");
  char *per = env_swap("GRANDAMP_SPHERES_PER_THREAD", NULL);
  /* the sanitized suites: the first run only (the thread rule is serial code; the gas's threads are
   * what they watch) */
  const size_t runs = (size_t)test_size((int64_t)(sizeof RUNS / sizeof *RUNS), 1);
  for (size_t k = 0; k < runs; k++) {
    setenv("GRANDAMP_SPHERES_PER_THREAD", RUNS[k].per, 1);
    const char *extra[] = {"--filter", "gas/hooke/velocity/N=1000/", RUNS[k].threads ? "--threads" : NULL, RUNS[k].threads,
                           NULL};
    static CmdResult r;
    char dir[64];
    run_verify_env(&r, extra, dir, sizeof dir);
    assert_int_equal(r.status, 0);
    const char *line = strstr(r.err, "grandamp-verify: [1/1] gas/hooke/velocity/N=1000/T: ");
    if (!line || !strstr(line, RUNS[k].says)) fail_msg("run %zu: no progress line with '%s' in:\n%.600s", k, RUNS[k].says, r.err);
    assert_non_null(strstr(line, " of "));
    assert_non_null(strstr(r.out, "] PASS gas/hooke/velocity/N=1000/T  measured="));
    assert_null(strstr(r.out, "step ")); /* progress never on stdout */
  }
  free(env_swap("GRANDAMP_SPHERES_PER_THREAD", per)), free(per);
  free(env_swap("GRANDAMP_VERIFY_PROGRESS_S", interval)), free(interval);
  free(env_swap("OMP_NUM_THREADS", omp)), free(omp);
}

/* The last number before text in s (e.g. "3.8" of "the cases 3.8 s +"). */
static double number_before(const char *s, const char *text) {
  const char *at = strstr(s, text);
  assert_non_null(at);
  while (at > s && (at[-1] == ' ')) at--;
  while (at > s && (at[-1] == '.' || (at[-1] >= '0' && at[-1] <= '9'))) at--;
  return atof(at);
}

/* A quick run's end: the energy-gain cases as bounds, Kharaz's skips once per reason (no
 * measured numbers), the CSV with each skip's reason, and the times that add up to the run. */
static void verify_quick_summary(void **state) {
  (void)state;
  static CmdResult r;
  char dir[64];
  const char *extra[] = {"--filter", "^energy-gain/", NULL};
  run_verify_env(&r, extra, dir, sizeof dir);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, " ≤ bound="));
  for (const char *p = strstr(r.out, "] PASS energy-gain/"); p; p = strstr(p + 1, "] PASS energy-gain/")) {
    const char *end = strchr(p, '\n');
    const char *diff = strstr(p, "|diff|=");
    if (diff && (!end || diff < end)) fail_msg("a one-sided case printed as a distance:\n%.300s", p);
  }
  const char *kh[] = {"--filter", "^kharaz/", NULL};
  run_verify_env(&r, kh, dir, sizeof dir);
  assert_int_equal(r.status, 0);
  const char *skips = strstr(r.out, "skipped, not passed:\n");
  assert_non_null(skips);
  const char *end = strstr(skips, "grandamp-verify: time by family");
  assert_non_null(end);
  const char *measured = strstr(skips, "against the measured");
  if (measured && measured < end) fail_msg("a skip reason with measured numbers:\n%.*s", (int)(end - skips), skips);
  assert_non_null(strstr(skips, "  recorded, not judged ("));
  /* the sums: cases + shared set-up = the run's time, and the run's time is the summary's */
  const double own = number_before(r.out, " s + shared set-up"), shared = number_before(r.out, " s = the run's");
  const char *total = strstr(r.out, "= the run's ");
  assert_non_null(total);
  const double whole = atof(total + strlen("= the run's "));
  assert_true(fabs(own + shared - whole) <= 0.11); /* each printed to 0.1 s */
  const char *summary = strstr(r.out, " cases in ");
  assert_non_null(summary);
  assert_true(fabs(atof(summary + strlen(" cases in ")) - whole) <= 0.051);
}

/* The CSV keeps its columns and adds check and reason: a skip's reason without its numbers. */
static void verify_csv_reason_column(void **state) {
  (void)state;
  char dir[64], path[128];
  snprintf(dir, sizeof dir, "/tmp/grandamp-test-verifyout-XXXXXX");
  assert_non_null(mkdtemp(dir));
  const char *args[] = {"--quick", "--no-lammps", "--filter", "^kharaz/", "--data", dir, NULL};
  static CmdResult r;
  run_program(&r, verify_bin(), args);
  assert_int_equal(r.status, 0);
  snprintf(path, sizeof path, "%s/verify.csv", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char line[4096];
  assert_non_null(fgets(line, sizeof line, f));
  assert_string_equal(line, "group,name,status,measured,expected,abs_diff,tolerance,source,seconds,revision,date,machine,"
                            "check,reason\n");
  bool seen = false;
  while (fgets(line, sizeof line, f))
    if (strstr(line, ",SKIP,")) {
      seen = true;
      const char *reason = strstr(line, ",within,\"recorded, not judged (");
      if (!reason || strstr(reason, "against the measured")) fail_msg("a skip's reason column:\n%s", line);
    }
  fclose(f);
  assert_true(seen);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

const struct CMUnitTest verify_output_tests[] = {
    tagged_test(serial, one_sided_verdict_printed_as_bound), tagged_test(serial, skips_counted_by_reason),
    tagged_test(serial, family_times_add_up),                cmocka_unit_test(verify_gas_threads_and_progress),
    tagged_test(serial, verify_quick_summary),               tagged_test(serial, verify_csv_reason_column),
};
const size_t verify_output_ntests = sizeof verify_output_tests / sizeof verify_output_tests[0];
