/*
 * test_first_hour.c - what a new user meets in the first hour: the
 * numbers of every CSV grandamp writes are the shortest that read back to the same bits, as the
 * JSON's are; collide's JSON gives the threads that ran; `make install-share` lays out the files
 * an installed binary reads, and the binary finds them; the README check fails a bare `grandamp`;
 * `make deps` names each package once; the files the documented examples write are ignored by git.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "numparse.h"
#include "run.h"
#include "tests.h"

/* Every field of a CSV line (a header's names aside) must be num_csv's text of what it reads
 * back as: the shortest that round-trips ("0.64", not "0.64000000000000001"). */
static void expect_shortest_fields(const char *line, const char *file, int row) {
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", line);
  copy[strcspn(copy, "\n")] = '\0';
  for (char *save = NULL, *f = strtok_r(copy, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
    const double x = strtod(f, NULL);
    if (strcmp(num_csv(x).s, f) != 0)
      fail_msg("%s row %d: '%s' is not the shortest text of its double (%s)", file, row, f, num_csv(x).s);
  }
}

/* The values of the JSON array "key": [..] into v (at most max); returns how many. */
static int json_array_values(const char *json, const char *key, double *v, int max) {
  char pat[96];
  snprintf(pat, sizeof pat, "\"%s\": [", key);
  const char *p = strstr(json, pat);
  if (!p) fail_msg("no %s array in the JSON", key);
  p += strlen(pat);
  int n = 0;
  for (char *end; n < max && *p != ']'; p = end + (*end == ',' ? 1 : 0)) {
    v[n++] = strtod(p, &end);
    if (end == p) fail_msg("%s: not a number at '%.20s'", key, p);
    while (*end == ' ') end++;
  }
  return n;
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0 || (a == 0.0 && b == 0.0); }

/* run --series: the time 64 x 0.01 is written 0.64, as the JSON writes it, and every column reads
 * back to the JSON's doubles bit for bit (the JSON keeps the shortest round trip too). */
static void test_series_csv_is_shortest_and_exact(void **state) {
  (void)state;
  static CmdResult r;
  const char *csv = test_path("series.csv");
  run_grandamp(&r, (const char *const[]){"run", "--packing", "fcc", "--n", "500", "--model",
                                         "hooke 10 0.5 tangential linear_nohistory 0 0 damping velocity", "--steps", "64",
                                         "--dt", "0.01", "--every", "16", "--series", csv, "--threads", "1", NULL});
  if (r.status != 0) fail_msg("run: exit %d: %s", r.status, r.err);
  FILE *f = fopen(csv, "r");
  assert_non_null(f);
  char header[1024], line[4096];
  assert_non_null(fgets(header, sizeof header, f));
  header[strcspn(header, "\n")] = '\0';
  double col[16][8];
  int rows = 0, ncol = 0;
  while (rows < 8 && fgets(line, sizeof line, f)) {
    expect_shortest_fields(line, "--series", rows + 1);
    ncol = 0;
    for (char *save = NULL, *t = strtok_r(line, ",\n", &save); t && ncol < 16; t = strtok_r(NULL, ",\n", &save))
      col[ncol++][rows] = strtod(t, NULL);
    rows++;
  }
  fclose(f);
  assert_int_equal(rows, 5);
  assert_true(col[1][4] == 64 * 0.01); /* the time column's last row: 0.64000000000000001 before */
  int c = 0;
  for (char *save = NULL, *name = strtok_r(header, ",", &save); name; name = strtok_r(NULL, ",", &save), c++) {
    double v[8];
    assert_int_equal(json_array_values(r.out, name, v, 8), rows);
    for (int k = 0; k < rows; k++)
      if (!same_bits(v[k], col[c][k])) fail_msg("%s row %d: CSV %.17g, JSON %.17g", name, k + 1, col[c][k], v[k]);
  }
  assert_int_equal(c, ncol);
}

/* forces --out: every force and torque in its shortest round-trip text. */
static void test_forces_csv_is_shortest(void **state) {
  (void)state;
  static CmdResult r;
  run_grandamp(&r, (const char *const[]){"packing", "--type", "random", "--n", "200", "--seed", "5", "--velocity", "0.1",
                                         "--spin", "0.3", "--out", test_path("p.data"), NULL});
  if (r.status != 0) fail_msg("packing: %s", r.err);
  run_grandamp(&r, (const char *const[]){"forces", "--data", test_path("p.data"), "--coeff",
                                         "* * hertz/material 1e5 0.5 0.3 tangential mindlin NULL 1 0.4 damping tsuji", "--out",
                                         test_path("f.csv"), NULL});
  if (r.status != 0) fail_msg("forces: %s", r.err);
  FILE *f = fopen(test_path("f.csv"), "r");
  assert_non_null(f);
  char line[4096];
  int rows = 0;
  assert_non_null(fgets(line, sizeof line, f)); /* the header */
  while (fgets(line, sizeof line, f)) expect_shortest_fields(line, "forces --out", ++rows);
  fclose(f);
  assert_int_equal(rows, 200);
}

/* num_csv keeps what num_text (the JSON's) drops: the sign of a zero; and names what JSON cannot. */
static void test_num_csv_keeps_every_bit(void **state) {
  (void)state;
  assert_string_equal(num_csv(-0.0).s, "-0");
  assert_string_equal(num_csv(0.0).s, "0");
  assert_string_equal(num_csv(64 * 0.01).s, "0.64");
  assert_string_equal(num_csv(0.1 + 0.2).s, "0.30000000000000004");
  assert_string_equal(num_csv(INFINITY).s, "inf");
  assert_string_equal(num_csv(-INFINITY).s, "-inf");
  assert_true(isnan(strtod(num_csv(NAN).s, NULL)));
  const double xs[] = {-0.0, 5e-324, -2.2250738585072014e-308, 1.7976931348623157e308, 1e17, -123456789012345678.0,
                       1.0 / 3.0};
  for (size_t k = 0; k < sizeof xs / sizeof *xs; k++)
    if (!same_bits(strtod(num_csv(xs[k]).s, NULL), xs[k]) || signbit(strtod(num_csv(xs[k]).s, NULL)) != signbit(xs[k]))
      fail_msg("%.17g written as %s", xs[k], num_csv(xs[k]).s);
}

/* collide's "threads" is the count that ran: two spheres take one thread (one per 4000
 * spheres), whatever OMP_NUM_THREADS allows; an asked count is kept. */
static void test_collide_json_gives_resolved_threads(void **state) {
  (void)state;
  const char *omp = getenv("OMP_NUM_THREADS"), *per = getenv("GRANDAMP_SPHERES_PER_THREAD");
  char omp_saved[64] = "", per_saved[64] = "";
  if (omp) snprintf(omp_saved, sizeof omp_saved, "%s", omp);
  if (per) snprintf(per_saved, sizeof per_saved, "%s", per);
  setenv("OMP_NUM_THREADS", "3", 1);
  setenv("GRANDAMP_SPHERES_PER_THREAD", "4000", 1);
  static CmdResult r, asked;
  const char *const base[] = {"collide", "--model", "hertz 1e5 0.8 tangential linear_nohistory 0 0 damping coeff_restitution",
                              "--radius", "0.5", "0.5", "--density", "1", "--v", "0.1"};
  run_grandamp(&r, (const char *const[]){base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7], base[8],
                                         base[9], NULL});
  run_grandamp(&asked, (const char *const[]){base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7],
                                             base[8], base[9], "--threads", "2", NULL});
  if (omp) setenv("OMP_NUM_THREADS", omp_saved, 1);
  else unsetenv("OMP_NUM_THREADS");
  if (per) setenv("GRANDAMP_SPHERES_PER_THREAD", per_saved, 1);
  else unsetenv("GRANDAMP_SPHERES_PER_THREAD");
  if (r.status != 0 || asked.status != 0) fail_msg("collide: %s%s", r.err, asked.err);
  assert_int_equal((int)json_value(r.out, "threads"), 1);
  assert_int_equal((int)json_value(asked.out, "threads"), 2);
}

/* make install's data files: the decks and calibrate's plot script under PREFIX/share/grandamp,
 * where a copied binary in PREFIX/bin finds the script (calibrate --plots checks it first). */
static void test_installed_binary_finds_its_files(void **state) {
  (void)state;
  const char *bin = getenv("GRANDAMP_BIN");
  bin = bin ? bin : "build/grandamp";
  char prefix[1024], script[4096];
  snprintf(prefix, sizeof prefix, "%s", test_path("prefix"));
  snprintf(script, sizeof script,
           "make --no-print-directory -s install-share PREFIX='%s' >/dev/null && mkdir -p '%s/bin' && cp '%s' '%s/bin/grandamp'",
           prefix, prefix, bin, prefix);
  static CmdResult r;
  run_program(&r, "/bin/sh", (const char *const[]){"-c", script, NULL});
  if (r.status != 0) fail_msg("make install-share: exit %d: %s", r.status, r.err);
  char path[2048];
  snprintf(path, sizeof path, "%s/share/grandamp/decks/lammps_pair.in", prefix);
  assert_int_equal(access(path, R_OK), 0);
  snprintf(path, sizeof path, "%s/bin/grandamp", prefix);
  const bool gnuplot = access("/usr/bin/gnuplot", X_OK) == 0;
  const char *saved = getenv("GRANDAMP_SHARE");
  char plots_saved[1024] = "";
  if (saved) snprintf(plots_saved, sizeof plots_saved, "%s", saved), unsetenv("GRANDAMP_SHARE");
  run_program(&r, path, (const char *const[]){"calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--e",
                                              "0.8", "--v", "1", "--models", "tsuji", "--plots", test_path("out"), NULL});
  if (strstr(r.err, "calibrate.gp not found")) fail_msg("the installed grandamp did not find its plot script: %s", r.err);
  if (gnuplot && r.status != 0) fail_msg("installed calibrate --plots: exit %d: %s", r.status, r.err);
  /* GRANDAMP_SHARE, the one setting for another place: the tree's binary reads that folder (an
   * empty one: refused, the setting named), as the engines' decks do */
  char share[1100];
  snprintf(share, sizeof share, "%s/share/grandamp", prefix);
  setenv("GRANDAMP_SHARE", test_path("empty"), 1);
  mkdir(test_path("empty"), 0700);
  run_program(&r, bin, (const char *const[]){"calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--e",
                                             "0.8", "--v", "1", "--models", "tsuji", "--plots", test_path("out2"), NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "GRANDAMP_SHARE"));
  char deck_why[512] = "";
  assert_null(engine_deck_path("lammps_pair.in", deck_why, sizeof deck_why));
  assert_non_null(strstr(deck_why, "(GRANDAMP_SHARE)"));
  setenv("GRANDAMP_SHARE", share, 1);
  const char *deck = engine_deck_path("lammps_pair.in", deck_why, sizeof deck_why);
  assert_non_null(deck);
  assert_non_null(strstr(deck, "/prefix/share/grandamp/decks/lammps_pair.in"));
  run_program(&r, bin, (const char *const[]){"calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--e",
                                             "0.8", "--v", "1", "--models", "tsuji", "--plots", test_path("out3"), NULL});
  if (saved) setenv("GRANDAMP_SHARE", plots_saved, 1);
  else unsetenv("GRANDAMP_SHARE");
  if (gnuplot && r.status != 0) fail_msg("calibrate --plots with GRANDAMP_SHARE: exit %d: %s", r.status, r.err);
}

/* The README check runs a bare `grandamp ...` (a table's example, a code block's line) as a new
 * user's shell would before make install: exit 127, a failed check (it put build/ on PATH before).
 * Its scratch copy goes into the test's folder (TMPDIR), which the teardown removes. */
static void test_readme_check_refuses_bare_grandamp(void **state) {
  (void)state;
  FILE *f = fopen(test_path("page.md"), "w");
  assert_non_null(f);
  fputs("# a page\n\n| command | example |\n|---|---|\n| `version` | `grandamp version` |\n\n```sh\n"
        "grandamp model 'hooke 1 0 tangential linear_nohistory 0 0'\n```\n", f);
  assert_int_equal(fclose(f), 0);
  char script[1024];
  snprintf(script, sizeof script, "TMPDIR='%s' tools/readme-check.sh '%s'", test_path(""), test_path("page.md"));
  static CmdResult r;
  run_program(&r, "/bin/sh", (const char *const[]){"-c", script, NULL});
  assert_int_equal(r.status, 1);
  if (!strstr(r.out, "FAIL  grandamp version (exit 127") || !strstr(r.out, "FAIL  grandamp model 'hooke") ||
      !strstr(r.out, "0 passed, 2 failed"))
    fail_msg("the check passed a bare grandamp:\n%s%s", r.out, r.err);
  assert_non_null(strstr(r.out, "make install puts it there"));
}

/* make deps (and every target's tools/deps.sh) names each package once, after a space. */
static void test_deps_names_each_package_once(void **state) {
  (void)state;
  static CmdResult r;
  run_program(&r, "/bin/sh",
              (const char *const[]){"-c", "GRANDAMP_DEPS_DRY_RUN=1 tools/deps.sh dpkg dpkg && "
                                          "GRANDAMP_DEPS_DRY_RUN=1 tools/deps.sh grandamp-no-such-package grandamp-no-such-package",
                                    NULL});
  assert_int_equal(r.status, 0);
  assert_string_equal(r.out, "grandamp: every package needed is installed: dpkg\n"
                             "grandamp: would install: grandamp-no-such-package\n");
}

/* The relative files and folders the documented examples write (--out, --plots, --series values
 * in README.md, docs/commands.md and each command's --help example) are ignored by git, so
 * pasting them leaves the checkout clean. */
static void add_outputs(const char *text, char names[][64], int *n, int max) {
  static const char *const OPTS[] = {"--out ", "--plots ", "--series "};
  for (size_t o = 0; o < sizeof OPTS / sizeof *OPTS; o++)
    for (const char *p = strstr(text, OPTS[o]); p; p = strstr(p + 1, OPTS[o])) {
      const char *v = p + strlen(OPTS[o]);
      const size_t len = strcspn(v, " \n`\\|'\"]");
      char name[64];
      if (len == 0 || len >= sizeof name) continue;
      snprintf(name, sizeof name, "%.*s", (int)len, v);
      bool placeholder = strchr(name, '/') || strchr(name, '$') || strchr(name, '<') || !strcmp(name, "-");
      for (const char *q = name; *q; q++) placeholder |= *q >= 'A' && *q <= 'Z'; /* FILE.data, DIR */
      for (int k = 0; k < *n && !placeholder; k++) placeholder = !strcmp(names[k], name);
      if (!placeholder && *n < max) snprintf(names[(*n)++], 64, "%s", name);
    }
}

static void test_example_outputs_are_ignored(void **state) {
  (void)state;
  static CmdResult r;
  run_program(&r, "/bin/sh", (const char *const[]){"-c", "git rev-parse --is-inside-work-tree", NULL});
  if (r.status != 0) skip(); /* a copy without git (a tarball): nothing to ignore */
  static char text[1 << 20];
  char names[64][64];
  int n = 0;
  const char *const pages[] = {"README.md", "docs/commands.md"};
  for (size_t k = 0; k < 2; k++) {
    FILE *f = fopen(pages[k], "r");
    if (!f) fail_msg("cannot read %s", pages[k]);
    const size_t got = fread(text, 1, sizeof text - 1, f);
    text[got] = '\0';
    fclose(f);
    add_outputs(text, names, &n, 64);
  }
  const char *const commands[] = {"packing", "run", "forces", "collide", "calibrate", "engines"};
  for (size_t k = 0; k < sizeof commands / sizeof *commands; k++) {
    run_grandamp(&r, (const char *const[]){"help", commands[k], NULL});
    const char *ex = strstr(r.out, "example");
    if (ex) add_outputs(ex, names, &n, 64);
  }
  if (n < 3) fail_msg("only %d example outputs found: the scan of the pages is broken", n);
  for (int k = 0; k < n; k++) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "git check-ignore --no-index -q -- '%s'", names[k]);
    run_program(&r, "/bin/sh", (const char *const[]){"-c", cmd, NULL});
    if (r.status != 0) fail_msg("%s, which an example writes in the working folder, is not in .gitignore", names[k]);
  }
}

/* make help names every phony target of the Makefile (but the internal race-run and FORCE), each
 * with its duration, and no placeholder is left. */
static void test_make_help_names_every_target(void **state) {
  (void)state;
  static CmdResult r;
  run_program(&r, "/bin/sh", (const char *const[]){"-c", "make --no-print-directory -s help", NULL});
  assert_int_equal(r.status, 0);
  assert_null(strstr(r.out, "HELP_"));
  FILE *f = fopen("Makefile", "r");
  assert_non_null(f);
  char line[1024];
  int targets = 0;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, ".PHONY:", 7)) continue;
    for (char *save = NULL, *t = strtok_r(line + 7, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
      if (!strcmp(t, "FORCE") || !strcmp(t, "race-run") || !strcmp(t, "all") || !strcmp(t, "help")) continue;
      const size_t n = strlen(t);
      bool found = false;
      for (const char *at = r.out; !found && (at = strstr(at, t)); at++) { /* the whole word */
        const bool before = at == r.out || at[-1] == ' ' || at[-1] == '(' || at[-1] == '\n';
        const char after = at[n];
        found = before && !(isalnum((unsigned char)after) || after == '-' || after == '_');
      }
      if (!found) fail_msg("make help does not name the target %s:\n%s", t, r.out);
      targets++;
    }
  }
  fclose(f);
  assert_true(targets >= 15);
}

const struct CMUnitTest first_hour_tests[] = {
    tagged_test(serial, test_make_help_names_every_target),
    cmocka_unit_test_setup_teardown(test_series_csv_is_shortest_and_exact, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_forces_csv_is_shortest, test_dir_setup, test_dir_teardown),
    tagged_test(serial, test_num_csv_keeps_every_bit),
    cmocka_unit_test(test_collide_json_gives_resolved_threads),
    tagged_test_setup_teardown(serial, test_installed_binary_finds_its_files, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, test_readme_check_refuses_bare_grandamp, test_dir_setup, test_dir_teardown),
    tagged_test(serial, test_deps_names_each_package_once),
    tagged_test(serial, test_example_outputs_are_ignored),
};
const size_t first_hour_ntests = sizeof first_hour_tests / sizeof *first_hour_tests;
