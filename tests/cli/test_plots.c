/*
 * test_plots.c - every plot script on the reference data, into a temporary folder (issue 37,
 * item 4): the bench plots (plots/all.sh on data/reference/'s bench and comparison CSVs), the
 * verifier's (plots/verify.sh on data/reference/'s .dat files and verify.csv, the engine plots
 * included) and calibrate's (plots/calibrate.gp on plots/reference/calibrate.dat and, for the fit
 * plot, tests/data/calibrate-fit.dat: a fit run takes half a minute). Each image must be there
 * and gnuplot must not warn: a warning is a plot that lost something (a bad range, an empty
 * series, a font or text problem). Skipped without gnuplot. Run from the repository root.
 *
 * The scripts that draw models (verify-gas, precision, calibrate's) also say what they drew when
 * GRANDAMP_PLOT_SUMMARY names a file (plots/summary.gp), and that is checked for what a warning
 * never shows (issue 57): an axis far wider than its data, series told apart by colour alone
 * (curves that coincide hide all but the last one), overprinted labels, and a model whose colour
 * changes between plots.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
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

/* ---- the summary of what the scripts drew (plots/summary.gp) ------------------------------ */

enum { SUMMARY_MAX_ITEMS = 64, SUMMARY_MAX_TITLES = 256, SUMMARY_TEXT = 128 };

typedef struct SummarySeries {
  char colour[16];
  int dash, point; /* -1: no line, no marker */
  char title[SUMMARY_TEXT];
} SummarySeries;

typedef struct SummaryBox {
  double x0, y0, x1, y1; /* pixels */
  char text[SUMMARY_TEXT];
} SummaryBox;

/* A series title, its colour and the panel it was first drawn in. */
typedef struct SummarySeen {
  char title[SUMMARY_TEXT], colour[16], panel[SUMMARY_TEXT];
} SummarySeen;

/* One panel as the summary lists it, and the colour each series title had anywhere before. */
typedef struct SummaryCheck {
  char panel[SUMMARY_TEXT];
  SummarySeries series[SUMMARY_MAX_ITEMS];
  SummaryBox labels[SUMMARY_MAX_ITEMS];
  int nseries, nlabels, npanels;
  SummarySeen seen[SUMMARY_MAX_TITLES];
  int nseen;
} SummaryCheck;

/* An axis drawn far wider than its data hides the data's differences (precision's four decades
 * for data in one, calibrate-fit's 0-1 for e in 0.7-0.9): a log axis may span at most ten times
 * the data's ratio (one decade more), and on a linear one the data must cover a third at least. */
static void check_axis(const char *panel, const char *line) {
  char which, scale[4];
  double lo, hi, dlo, dhi;
  if (sscanf(line, "axis %c %3s %lf %lf %lf %lf", &which, scale, &lo, &hi, &dlo, &dhi) != 6)
    fail_msg("%s: a summary line not understood: %s", panel, line);
  if (!(dhi > dlo)) return; /* one value (or none): no span to compare */
  if (strcmp(scale, "log") == 0) {
    if (!(lo > 0 && dlo > 0)) fail_msg("%s: a log %c axis from %g, data from %g", panel, which, lo, dlo);
    const double axis_decades = log10(hi / lo), data_decades = log10(dhi / dlo);
    if (axis_decades > data_decades + 1)
      fail_msg("%s: the %c axis spans %.2g decades (%g to %g) for data in %.2g (%g to %g)", panel, which, axis_decades,
               lo, hi, data_decades, dlo, dhi);
  } else if ((dhi - dlo) < (hi - lo) / 3)
    fail_msg("%s: the data cover %.0f %% of the %c axis (%g to %g of %g to %g)", panel, 100 * (dhi - dlo) / (hi - lo),
             which, dlo, dhi, lo, hi);
}

/* At the end of a panel: its series differ in shape (dash or marker), not in colour alone, and
 * no two of its labels overlap. */
static void check_panel(const SummaryCheck *c) {
  for (int i = 0; i < c->nseries; i++)
    for (int j = 0; j < i; j++) {
      const SummarySeries *a = &c->series[i], *b = &c->series[j];
      if (a->dash == b->dash && a->point == b->point)
        fail_msg("%s: '%s' and '%s' are drawn alike (dash %d, marker %d), told apart by colour alone (%s, %s)", c->panel,
                 b->title, a->title, a->dash, a->point, b->colour, a->colour);
    }
  for (int i = 0; i < c->nlabels; i++)
    for (int j = 0; j < i; j++) {
      const SummaryBox *a = &c->labels[i], *b = &c->labels[j];
      if (a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1)
        fail_msg("%s: the labels '%s' and '%s' overprint each other", c->panel, b->text, a->text);
    }
}

/* A series title keeps its colour in every panel and plot (a model's colour follows the model). */
static void check_colour(SummaryCheck *c, const SummarySeries *s) {
  for (int k = 0; k < c->nseen; k++)
    if (strcmp(c->seen[k].title, s->title) == 0) {
      if (strcmp(c->seen[k].colour, s->colour) != 0)
        fail_msg("%s: '%s' is drawn in %s here, in %s in %s", c->panel, s->title, s->colour, c->seen[k].colour,
                 c->seen[k].panel);
      return;
    }
  if (c->nseen == SUMMARY_MAX_TITLES) fail_msg("more than %d series titles in the summary", SUMMARY_MAX_TITLES);
  SummarySeen *seen = &c->seen[c->nseen++];
  memcpy(seen->title, s->title, sizeof seen->title); /* the same sizes, each terminated */
  memcpy(seen->colour, s->colour, sizeof seen->colour);
  memcpy(seen->panel, c->panel, sizeof seen->panel);
}

/* Every check on the summary file at path; the panels whose names begin with each of want must
 * be there (a script that stopped writing its summary would pass unseen). */
static void assert_summary_clean(const char *path, const char *const *want) {
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("%s: no plot summary written", path);
  static SummaryCheck c;
  memset(&c, 0, sizeof c);
  char line[512];
  int found[16] = {0};
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (strncmp(line, "panel ", 6) == 0) {
      if (c.npanels++) check_panel(&c);
      snprintf(c.panel, sizeof c.panel, "%.*s", (int)sizeof c.panel - 1, line + 6);
      c.nseries = c.nlabels = 0;
      for (int w = 0; want[w]; w++) found[w] += strncmp(c.panel, want[w], strlen(want[w])) == 0;
    } else if (strncmp(line, "axis ", 5) == 0) {
      check_axis(c.panel, line);
    } else if (strncmp(line, "series ", 7) == 0) {
      if (c.nseries == SUMMARY_MAX_ITEMS) fail_msg("%s: more than %d series", c.panel, SUMMARY_MAX_ITEMS);
      SummarySeries *s = &c.series[c.nseries++];
      int title = 0;
      if (sscanf(line, "series %15s %d %d %n", s->colour, &s->dash, &s->point, &title) != 3 || !title)
        fail_msg("%s: a summary line not understood: %s", c.panel, line);
      snprintf(s->title, sizeof s->title, "%.*s", (int)sizeof s->title - 1, line + title);
      check_colour(&c, s);
    } else if (strncmp(line, "label ", 6) == 0) {
      if (c.nlabels == SUMMARY_MAX_ITEMS) fail_msg("%s: more than %d labels", c.panel, SUMMARY_MAX_ITEMS);
      SummaryBox *b = &c.labels[c.nlabels++];
      int text = 0;
      if (sscanf(line, "label %lf %lf %lf %lf %n", &b->x0, &b->y0, &b->x1, &b->y1, &text) != 4 || !text)
        fail_msg("%s: a summary line not understood: %s", c.panel, line);
      snprintf(b->text, sizeof b->text, "%.*s", (int)sizeof b->text - 1, line + text);
    } else
      fail_msg("%s: a summary line not understood: %s", path, line);
  }
  fclose(f);
  if (c.npanels) check_panel(&c);
  for (int w = 0; want[w]; w++)
    if (!found[w]) fail_msg("%s: no panel %s... in the plot summary", path, want[w]);
}

/* The bench plots, the engine comparison among them. */
static void test_plots_bench_reference(void **state) {
  (void)state;
  if (!have_gnuplot()) skip();
  char dir[64], cmd[1024];
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
  /* precision.gp, as bench/bench.sh has gnuplot draw it */
  snprintf(cmd, sizeof cmd,
           "GRANDAMP_PLOT_SUMMARY='%s/summary' gnuplot -e \"prec='$(ls data/reference/precision-*.csv | head -n 1)'; "
           "out='%s/'; cpu='reference'\" plots/precision.gp",
           dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/precision.gp");
  static const char *const PRECISION[] = {"precision", NULL};
  assert_drawn(dir, PRECISION, true);
  char summary[128];
  snprintf(summary, sizeof summary, "%s/summary", dir);
  static const char *const PANELS[] = {"precision/frictionless", "precision/mindlin", NULL};
  assert_summary_clean(summary, PANELS);
  plots_done(dir);
}

/* The verifier's plots: the reference .dat files and verify.csv (it names the engines judged)
 * in a folder of their own, as a run leaves them. */
static void test_plots_verify_reference(void **state) {
  (void)state;
  if (!have_gnuplot()) skip();
  char dir[64], cmd[1024];
  plots_dir(dir, sizeof dir);
  static CmdResult r;
  snprintf(cmd, sizeof cmd,
           "mkdir '%s/data' && cp data/reference/*.dat '%s/data/' && "
           "gzip -dc data/reference/verify.csv.gz >'%s/data/verify.csv' && "
           "GRANDAMP_PLOT_SUMMARY='%s/summary' sh plots/verify.sh '%s/data' '%s'",
           dir, dir, dir, dir, dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/verify.sh");
  static const char *const NAMES[] = {"verify-tsuji", "verify-viscoelastic", "verify-convergence",
                                      "verify-mdr-restitution", "verify-mdr-compaction", "verify-chung-ooi-12",
                                      "verify-chung-ooi-3", "verify-chung-ooi-48", "verify-gas", "verify-engine-lammps",
                                      "verify-engine-liggghts", "verify-engine-yade", NULL};
  assert_drawn(dir, NAMES, true);
  char summary[128];
  snprintf(summary, sizeof summary, "%s/summary", dir);
  static const char *const PANELS[] = {"verify-gas/hooke + velocity", "verify-gas/hertz/material + viscoelastic", NULL};
  assert_summary_clean(summary, PANELS);
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
           "GRANDAMP_PLOT_SUMMARY='%s/summary' gnuplot -e \"dat='plots/reference/calibrate.dat'; out='%s/'; nmodels=6; "
           "fit=0; v_ref=1; bound=0.01\" plots/calibrate.gp",
           dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/calibrate.gp");
  static const char *const NAMES[] = {"calibrate-speed", "calibrate-dt", "calibrate-contacts", NULL};
  assert_drawn(dir, NAMES, false);
  snprintf(cmd, sizeof cmd,
           "mkdir '%s/fit' && GRANDAMP_PLOT_SUMMARY='%s/summary' gnuplot -e \"dat='tests/data/calibrate-fit.dat'; "
           "out='%s/fit/'; nmodels=$(grep -c ' speed$' tests/data/calibrate-fit.dat); fit=1; v_ref=1; bound=0.01\" "
           "plots/calibrate.gp",
           dir, dir, dir);
  run_sh(&r, cmd);
  assert_no_warning(&r, "plots/calibrate.gp (fit)");
  static const char *const FIT[] = {"calibrate-speed", "calibrate-dt", "calibrate-contacts", "calibrate-fit", NULL};
  char fitdir[128];
  snprintf(fitdir, sizeof fitdir, "%s/fit", dir);
  assert_drawn(fitdir, FIT, false);
  /* both runs in one summary: a model keeps its colour from the README's example to a fit,
   * where the models come in the order of their rank */
  char summary[128];
  snprintf(summary, sizeof summary, "%s/summary", dir);
  static const char *const PANELS[] = {"calibrate-speed/", "calibrate-dt/", "calibrate-contacts", "calibrate-fit/", NULL};
  assert_summary_clean(summary, PANELS);
  plots_done(dir);
}

const struct CMUnitTest plots_tests[] = {
    cmocka_unit_test(test_plots_bench_reference),
    cmocka_unit_test(test_plots_verify_reference),
    cmocka_unit_test(test_plots_calibrate_reference),
};
const size_t plots_ntests = sizeof plots_tests / sizeof *plots_tests;
