/*
 * test_plots.c - every plot script on the reference data, into a temporary folder (issue 37,
 * item 4): the bench plots (plots/all.sh on data/reference/'s bench and comparison CSVs), the
 * verifier's (plots/verify.sh on data/reference/'s .dat files and verify.csv, the engine plots
 * included) and calibrate's (plots/calibrate.gp on plots/reference/calibrate.dat and, for the fit
 * plot, tests/data/calibrate-fit.dat: a fit run takes half a minute). Each image must be there
 * and gnuplot must not warn: a warning is a plot that lost something (a bad range, an empty
 * series, a font or text problem). Skipped without gnuplot. Run from the repository root.
 */
#include <ctype.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "tests.h"

static bool have_gnuplot(void) { return system("command -v gnuplot >/dev/null 2>&1") == 0; }

/* A private folder for one test's images (removed by plots_done). */
static void plots_dir(char *dir, size_t size) {
  snprintf(dir, size, "/tmp/grandamp-test-plots-XXXXXX");
  if (!mkdtemp(dir)) fail_msg("mkdtemp failed");
}

static void plots_done(const char *dir) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

/* sh -c script; its status 0. */
static void run_sh(CmdResult *r, const char *script) {
  const char *const args[] = {"-c", script, NULL};
  run_program(r, "/bin/sh", args);
  if (r->status != 0) fail_msg("exit %d from: %s\nstderr:\n%s", r->status, script, r->err);
}

/* No line of stdout or stderr says "warning" (gnuplot's own: '"x.gp" line 12: warning: ...'). */
static void assert_no_warning(const CmdResult *r, const char *what) {
  const char *const streams[2] = {r->out, r->err};
  for (int s = 0; s < 2; s++) {
    const char *text = streams[s];
    for (const char *p = text; *p; p++) {
      static const char word[] = "warning";
      size_t k = 0;
      while (word[k] && tolower((unsigned char)p[k]) == word[k]) k++;
      if (!word[k]) fail_msg("%s: a warning:\n%s", what, text);
    }
  }
}

/* dir/NAME.png for every name (and NAME.svg where svg), each not empty. */
static void assert_drawn(const char *dir, const char *const *names, bool svg) {
  for (int k = 0; names[k]; k++)
    for (int e = 0; e < (svg ? 2 : 1); e++) {
      char path[512];
      snprintf(path, sizeof path, "%s/%s.%s", dir, names[k], e ? "svg" : "png");
      struct stat st;
      if (stat(path, &st) != 0 || st.st_size == 0) fail_msg("%s was not drawn", path);
    }
}

/* The bench plots, the engine comparison among them. */
static void test_plots_bench_reference(void **state) {
  (void)state;
  if (!have_gnuplot()) skip();
  char dir[64], cmd[512];
  plots_dir(dir, sizeof dir);
  static CmdResult r;
  snprintf(cmd, sizeof cmd,
           "sh plots/all.sh \"$(ls data/reference/bench-*.csv | head -n 1)\" "
           "\"$(ls data/reference/compare-*.csv | head -n 1)\" '%s'",
           dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/all.sh");
  static const char *const NAMES[] = {"throughput", "scaling", "size", "floor", "engines", NULL};
  assert_drawn(dir, NAMES, true);
  plots_done(dir);
}

/* The verifier's plots: the reference .dat files and verify.csv (it names the engines judged)
 * in a folder of their own, as a run leaves them. */
static void test_plots_verify_reference(void **state) {
  (void)state;
  if (!have_gnuplot()) skip();
  char dir[64], cmd[512];
  plots_dir(dir, sizeof dir);
  static CmdResult r;
  snprintf(cmd, sizeof cmd,
           "mkdir '%s/data' && cp data/reference/*.dat '%s/data/' && "
           "gzip -dc data/reference/verify.csv.gz >'%s/data/verify.csv' && sh plots/verify.sh '%s/data' '%s'",
           dir, dir, dir, dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/verify.sh");
  static const char *const NAMES[] = {"verify-tsuji", "verify-viscoelastic", "verify-convergence",
                                      "verify-mdr-restitution", "verify-mdr-compaction", "verify-chung-ooi-12",
                                      "verify-chung-ooi-3", "verify-chung-ooi-48", "verify-gas", "verify-engine-lammps",
                                      "verify-engine-liggghts", "verify-engine-yade", NULL};
  assert_drawn(dir, NAMES, true);
  plots_done(dir);
}

/* calibrate's plots as `grandamp calibrate --plots` has gnuplot draw them: the README's example
 * (--e) and a fit (--data). */
static void test_plots_calibrate_reference(void **state) {
  (void)state;
  if (!have_gnuplot()) skip();
  char dir[64], cmd[1024];
  plots_dir(dir, sizeof dir);
  static CmdResult r;
  snprintf(cmd, sizeof cmd,
           "gnuplot -e \"dat='plots/reference/calibrate.dat'; out='%s/'; nmodels=6; fit=0; v_ref=1; bound=0.01\" "
           "plots/calibrate.gp",
           dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/calibrate.gp");
  static const char *const NAMES[] = {"calibrate-speed", "calibrate-dt", "calibrate-contacts", NULL};
  assert_drawn(dir, NAMES, false);
  snprintf(cmd, sizeof cmd,
           "mkdir '%s/fit' && gnuplot -e \"dat='tests/data/calibrate-fit.dat'; out='%s/fit/'; "
           "nmodels=$(grep -c ' speed$' tests/data/calibrate-fit.dat); fit=1; v_ref=1; bound=0.01\" plots/calibrate.gp",
           dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/calibrate.gp (fit)");
  static const char *const FIT[] = {"calibrate-speed", "calibrate-dt", "calibrate-contacts", "calibrate-fit", NULL};
  char fitdir[128];
  snprintf(fitdir, sizeof fitdir, "%s/fit", dir);
  assert_drawn(fitdir, FIT, false);
  plots_done(dir);
}

const struct CMUnitTest plots_tests[] = {
    cmocka_unit_test(test_plots_bench_reference),
    cmocka_unit_test(test_plots_verify_reference),
    cmocka_unit_test(test_plots_calibrate_reference),
};
const size_t plots_ntests = sizeof plots_tests / sizeof *plots_tests;
