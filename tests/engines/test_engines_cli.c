/*
 * test_engines_cli.c - `grandamp engines`: the support table, and `grandamp engines bench`'s
 * checks, run against a stand-in `lmp` (a shell script on PATH that writes a LAMMPS-shaped log),
 * so that they run where no engine is installed: a log with the wrong sphere count must be a
 * FAIL row and exit 1; a right one a PASS row with the engine's own pair time.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests.h"

#include "lammps.h"
#include "liggghts.h"
#include "yade.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

static void engines_table_lists_every_engine(void **state) {
  (void)state;
  CmdResult r;
  RUN(&r, "engines");
  assert_int_equal(r.status, 0);
  static const char *const WANT[] = {"lammps: command lmp", "liggghts: command liggghts", "yade: command yade",
                                     "hertz/material + tsuji", "without the sqrt 2", "coeff_restitution"};
  for (size_t k = 0; k < sizeof WANT / sizeof *WANT; k++)
    if (!strstr(r.out, WANT[k])) fail_msg("grandamp engines: no '%s' in\n%s", WANT[k], r.out);
  RUN(&r, "engines", "--markdown");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "| grandamp model | lammps | liggghts | yade |"));
  assert_non_null(strstr(r.out, "| hertz/material + coeff_restitution | no | yes | yes |"));
  RUN(&r, "engines", "--bogus");
  assert_int_equal(r.status, 2);
  RUN(&r, "engines", "--help");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "--packings NAME=FILE"));
}

/* Every problem of the command line at once, exit 2, nothing written. */
static void engines_bench_lists_every_problem(void **state) {
  (void)state;
  CmdResult r;
  RUN(&r, "engines", "bench", "--steps", "0", "--engines", "nosuch");
  assert_int_equal(r.status, 2);
  static const char *const WANT[] = {"--rows ROWS.csv is required", "--packings NAME=FILE.data[,...] is required",
                                     "--out OUT.csv is required", "--steps", "unknown engine 'nosuch'"};
  for (size_t k = 0; k < sizeof WANT / sizeof *WANT; k++)
    if (!strstr(r.err, WANT[k])) fail_msg("no '%s' in\n%s", WANT[k], r.err);
  RUN(&r, "engines", "bench", "--rows", "/nonexistent/rows.csv", "--packings", "fcc=relative.data", "--out",
      test_path("t.csv"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "cannot read /nonexistent/rows.csv"));
  assert_non_null(strstr(r.err, "give an absolute path"));
  assert_int_equal(access(test_path("t.csv"), F_OK), -1);
}

/* A stand-in lmp: writes to the -log file a LAMMPS-shaped timing log with ATOMS spheres. */
static void write_fake_lmp(const char *dir, long atoms) {
  char path[600];
  snprintf(path, sizeof path, "%s/lmp", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f,
          "#!/bin/sh\n"
          "[ \"$2\" = /dev/null ] && exit 0\n" /* the start-up probe: an empty input */
          "log=\n"
          "while [ $# -gt 0 ]; do [ \"$1\" = -log ] && log=$2; shift; done\n"
          "cat >\"$log\" <<'END'\n"
          "LAMMPS (29 Sep 2021 - Update 2)\n"
          "Loop time of 0.002 on 1 procs for 20 steps with %ld atoms\n" /* within the process's own wall time */
          "Section |  min time  |  avg time  |  max time  |%%varavg| %%total\n"
          "Pair    | 0.001      | 0.001      | 0.001      |   0.0 | 50.00\n"
          "GRANDAMP_BENCH contacts0=3000 contacts=3000\n"
          "END\n",
          atoms);
  fclose(f);
  assert_int_equal(chmod(path, 0755), 0);
}

static void engines_bench_trusts_only_the_asked_run(void **state) {
  (void)state;
  CmdResult r;
  char data[512], rows[512], bindir[512], path[8192];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  if (data[0] != '/') fail_msg("test directory %s is not absolute", data);
  RUN(&r, "packing", "--type", "fcc", "--n", "500", "--out", data);
  assert_int_equal(r.status, 0);
  snprintf(rows, sizeof rows, "%s", test_path("rows.csv"));
  FILE *f = fopen(rows, "w");
  fputs("hertz_material,tsuji,nohistory,hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji\n"
        "hertz_material,coeff_restitution,nohistory,hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping coeff_restitution\n",
        f);
  fclose(f);
  snprintf(bindir, sizeof bindir, "%s", test_path("bin"));
  assert_int_equal(mkdir(bindir, 0755), 0);
  const char *old = getenv("PATH");
  char *saved = old ? strdup(old) : NULL;
  snprintf(path, sizeof path, "%s:%s", bindir, saved ? saved : "/usr/bin:/bin");
  setenv("PATH", path, 1);
  char packings[600], out[512];
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  /* A partial packing (the trap of a deck that builds its own lattice): a FAIL row, exit 1. */
  write_fake_lmp(bindir, 188);
  RUN(&r, "engines", "bench", "--rows", rows, "--packings", packings, "--engines", "lammps", "--ranks", "1", "--steps",
      "20", "--out", out);
  char csv[4096] = "";
  f = fopen(out, "r");
  if (f) {
    const size_t n = fread(csv, 1, sizeof csv - 1, f);
    csv[n] = '\0';
    fclose(f);
  }
  const int partial = r.status;
  char partial_csv[4096];
  snprintf(partial_csv, sizeof partial_csv, "%s", csv);
  /* The run asked for: PASS, the rate from the engine's pair time; on a machine a fake /proc
   * says is busy (1.7 of 2 cores held by other work), each row flagged and a warning at the end. */
  write_fake_lmp(bindir, 500);
  char proc[512];
  snprintf(proc, sizeof proc, "%s", test_path("proc"));
  assert_int_equal(mkdir(proc, 0755), 0);
  static const char *const FAKE[][2] = {{"stat", "cpu0 100 0 50 500 0\ncpu1 100 0 50 500 0\n"},
                                        {"stat.later", "cpu0 180 0 60 510 0\ncpu1 150 0 80 510 10\n"},
                                        {"loadavg", "6.50 5.00 4.00 9/300 1234\n"}};
  for (int k = 0; k < 3; k++) {
    char p[600];
    snprintf(p, sizeof p, "%s/%s", proc, FAKE[k][0]);
    f = fopen(p, "w");
    assert_non_null(f);
    fputs(FAKE[k][1], f);
    fclose(f);
  }
  setenv("GRANDAMP_PROC_DIR", proc, 1);
  RUN(&r, "engines", "bench", "--rows", rows, "--packings", packings, "--engines", "lammps", "--ranks", "1", "--steps",
      "20", "--out", out);
  unsetenv("GRANDAMP_PROC_DIR");
  if (saved) setenv("PATH", saved, 1), free(saved);
  else unsetenv("PATH");
  assert_int_equal(partial, 1);
  if (!strstr(partial_csv, "FAIL,") || !strstr(partial_csv, "the engine ran 188 spheres, the packing has 500"))
    fail_msg("no FAIL row for the partial packing in\n%s", partial_csv);
  if (r.status != 0) fail_msg("exit %d: %s", r.status, r.err);
  f = fopen(out, "r");
  assert_non_null(f);
  const size_t n = fread(csv, 1, sizeof csv - 1, f);
  csv[n] = '\0';
  fclose(f);
  /* 3000 touching pairs x 20 steps / 0.001 s; coeff_restitution (not in 29Sep2021) is not run. */
  if (!strstr(csv, "lammps,29 Sep 2021 - Update 2,fcc,500,hertz_material,tsuji,nohistory,1,20,3000,0.001,0.002,60000000,PASS,"))
    fail_msg("no PASS row in\n%s", csv);
  assert_null(strstr(csv, "coeff_restitution"));
  if (!strstr(csv, ",load_before,load_after,busy\n") || !strstr(csv, ",1.700,1.700,yes\n"))
    fail_msg("no busy row in\n%s", csv);
  if (!strstr(r.err, "grandamp engines: warning: 1 of 1 timing runs were measured on a busy machine"))
    fail_msg("no busy warning in\n%s", r.err);
}

/* The README's generated tables are the reference run's files, verbatim: every block between
 * "<!-- begin: PATH -->" and "<!-- end: PATH -->" equals the file PATH (a consistency check of the
 * README against the stored run, so that the two cannot drift apart). */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  const long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  const size_t got = buf ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  if (buf) buf[got] = '\0';
  return buf;
}

static void readme_tables_are_the_reference_runs(void **state) {
  (void)state;
  char *readme = slurp("README.md");
  assert_non_null(readme);
  int blocks = 0;
  for (const char *p = strstr(readme, "<!-- begin: "); p; p = strstr(p + 1, "<!-- begin: ")) {
    char path[256], end_marker[300];
    if (sscanf(p, "<!-- begin: %255s -->", path) != 1) fail_msg("unreadable marker at '%.60s'", p);
    snprintf(end_marker, sizeof end_marker, "<!-- end: %s -->", path);
    const char *body = strchr(p, '\n');
    const char *end = strstr(p, end_marker);
    if (!body || !end || end < body) fail_msg("README: no %s after its begin marker", end_marker);
    body++;
    char *want = slurp(path);
    if (!want) fail_msg("README cites %s, which cannot be read", path);
    const size_t n = (size_t)(end - body);
    if (strlen(want) != n || memcmp(want, body, n) != 0)
      fail_msg("README's block differs from %s (copy the file between the markers)", path);
    free(want);
    blocks++;
  }
  free(readme);
  if (blocks < 2) fail_msg("README has %d generated blocks; expected the engine verdicts and the comparison", blocks);
}

/* The engines' lines for a model `grandamp calibrate` solved, against hand values: LAMMPS
 * 29Sep2021's wall E/(1 + nu) = 4e10 for E 48e9, nu 0.2; LIGGGHTS's hertz/stiffness
 * kn = 4/3 E/(2(1 - nu^2)) = 3.3333e10; Yade's ViscElMat per body 2k, 2D and
 * tc = sqrt(meff (pi^2 + ln^2 e)/k) = 8.7103e-4 s for meff = 7.3304e-4 kg (two 5 mm spheres of
 * 2800 kg/m^3), k 1e4, e 0.5; the rows without the same law say why. */
static void calibrated_lines_hand_values(void **state) {
  (void)state;
  char buf[2048];
  EngineCase c = {.normal = "hertz/material", .damping = "viscoelastic", .E = 48e9, .nu = 0.2, .damp = 3e8,
                  .Ri = 0.005, .Rj = INFINITY, .rho = 2800, .v0 = 1};
  assert_true(ENGINE_LAMMPS.calibrated(&c, 0.5, buf, sizeof buf));
  assert_non_null(strstr(buf, "fix wall all wall/gran granular hertz/material 40000000000 300000000 0.2"));
  c.Rj = 0.005;
  assert_true(ENGINE_LAMMPS.calibrated(&c, 0.5, buf, sizeof buf));
  assert_non_null(strstr(buf, "pair_coeff * * hertz/material 48000000000 300000000 0.2"));
  c.damping = "tsuji";
  assert_false(ENGINE_LAMMPS.calibrated(&c, 0.5, buf, sizeof buf));
  assert_non_null(strstr(buf, "tsuji/legacy"));
  c.damping = "viscoelastic";
  assert_true(ENGINE_LIGGGHTS.calibrated(&c, 0.5, buf, sizeof buf));
  assert_non_null(strstr(buf, "model hertz/stiffness"));
  const char *kn = strstr(buf, "kn peratomtypepair 1 ");
  assert_non_null(kn);
  assert_rel(strtod(kn + 21, NULL), 4.0 / 3.0 * 2.5e10, 1e-15);
  c.damping = "velocity";
  assert_false(ENGINE_LIGGGHTS.calibrated(&c, 0.5, buf, sizeof buf));
  c = (EngineCase){.normal = "hooke", .damping = "coeff_restitution", .kn = 1e4, .damp = 0.5, .Ri = 0.005,
                   .Rj = 0.005, .rho = 2800, .v0 = 1};
  assert_true(ENGINE_YADE.calibrated(&c, 0.5, buf, sizeof buf));
  const char *tc = strstr(buf, "tc=");
  assert_non_null(tc);
  const double meff = 0.5 * 4.0 / 3.0 * 3.14159265358979323846 * 1.25e-7 * 2800;
  assert_rel(meff, 7.3304e-4, 1e-4);
  assert_rel(strtod(tc + 3, NULL), 8.7103e-4, 1e-4);
  c.Rj = INFINITY; /* its ViscElMat(tc, en) counts a wall as a body of the sphere's mass */
  assert_false(ENGINE_YADE.calibrated(&c, 0.5, buf, sizeof buf));
  c.damping = "velocity", c.damp = 3.0;
  assert_true(ENGINE_YADE.calibrated(&c, 0.5, buf, sizeof buf));
  assert_non_null(strstr(buf, "ViscElMat(kn=20000, cn=6)"));
}

const struct CMUnitTest engines_cli_tests[] = {
    cmocka_unit_test(readme_tables_are_the_reference_runs),
    cmocka_unit_test(engines_table_lists_every_engine),
    cmocka_unit_test(calibrated_lines_hand_values),
    cmocka_unit_test_setup_teardown(engines_bench_lists_every_problem, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(engines_bench_trusts_only_the_asked_run, test_dir_setup, test_dir_teardown),
};
const size_t engines_cli_ntests = sizeof engines_cli_tests / sizeof engines_cli_tests[0];
