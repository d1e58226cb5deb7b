/*
 * test_hardening_cli.c - issue 36's guarantees of the commands (items 2, 6, 7, 8): an output that
 * is an input is refused before any work and an empty path is an error, for every command;
 * collide's e of an oblique pair stays in [0, 1 + bound] and it refuses scales that overflow;
 * calibrate's plots are a set (all new or none, the reason on stderr, no scratch folder or
 * gnuplot left), it lists every problem at once, writes nothing on failure, and calibrates the
 * particles people simulate (1 um to 1 m, 1 MPa to 400 GPa).
 *
 * gnuplot is faked by a shell script first on PATH, so these run without it.
 */
#include <signal.h>
#include <time.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "calibrate.h"
#include "collide.h"
#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

static bool exists(const char *p) { return access(p, F_OK) == 0; }

#define TSUJI_MINDLIN "hertz/material 1e7 0.3 0.3 damping tsuji tangential mindlin NULL 1 0.5"

/* item 6: e of an oblique pair is measured along the line of centres at the moment of separation
 * (it turns by about vt t_c/(Ri + Rj) during the contact); it stays in [0, 1 + 2 dt/t_c] at any
 * tangential speed, and the head-on e is unchanged. */
static void test_collide_oblique_e_bounded(void **state) {
  (void)state;
  static CmdResult r;
  const char *vts[] = {"0", "1", "5", "20", "50"};
  for (size_t k = 0; k < sizeof vts / sizeof *vts; k++) {
    RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "0.01", "0.01", "--density", "1000", "--v", "1", "--vt",
        vts[k]);
    assert_int_equal(r.status, 0);
    const double e = json_value(r.out, "e"), bound = 2.0 * json_value(r.out, "dt") / json_value(r.out, "collision_time");
    if (!(e >= 0.0 && e <= 1.0 + bound)) fail_msg("--vt %s: e = %.6g outside [0, 1 + %.3g]", vts[k], e, bound);
    if (k == 0) assert_abs(e, 0.3, 0.01); /* head-on: tsuji's target */
  }
}

/* item 6: spins whose energy overflows are refused (no null energies with exit 0); radii whose
 * contact leaves double's range are refused with the reason, never "-nan m". */
static void test_collide_overflow_refused(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "0.01", "0.01", "--density", "1000", "--v", "1", "--spin",
      "1e160");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.out, "null"));
  assert_non_null(strstr(r.err, "--spin"));
  RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "1e300", "--wall", "--mass", "1", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.err, "nan"));
  assert_non_null(strstr(r.err, "range of double"));
  RUN(&r, "calibrate", "--material", "1e7", "0.3", "1000", "--radius", "1e300", "--e", "0.5", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.err, "nan"));
  assert_non_null(strstr(r.err, "--radius"));
}


/* ---- calibrate's plots with a fake gnuplot ---------------------------------------------------- */

/* A private folder with bin/gnuplot (the script body given), a tmp/ for TMPDIR and out/ for the
 * plots; PATH and TMPDIR point there for the children. */
static char fake_root[64];
static void fake_setup(const char *body) {
  strcpy(fake_root, "/tmp/grandamp-fakegp-XXXXXX");
  assert_non_null(mkdtemp(fake_root));
  char p[256];
  snprintf(p, sizeof p, "%s/bin", fake_root), mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/tmp", fake_root), mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/out", fake_root), mkdir(p, 0755);
  snprintf(p, sizeof p, "%s/bin/gnuplot", fake_root);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  /* out='<dir>/' from gnuplot's -e text; png NAME writes a whole (tiny) PNG there */
  fprintf(f, "#!/bin/sh\nout=$(printf '%%s' \"$2\" | sed -n \"s/.*out='\\([^']*\\)'.*/\\1/p\")\n"
             "png() { printf '\\211PNG\\r\\n\\032\\nxx\\0\\0\\0\\0IEND\\256B`\\202' > \"${out}$1\"; }\n%s\n", body);
  fclose(f);
  chmod(p, 0755);
  static char path_env[4200], tmp_env[128];
  snprintf(path_env, sizeof path_env, "%s/bin:%s", fake_root, getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  snprintf(tmp_env, sizeof tmp_env, "%s/tmp", fake_root);
  setenv("PATH", path_env, 1);
  setenv("TMPDIR", tmp_env, 1);
}
static char saved_path[4200];
static void fake_teardown(void) {
  setenv("PATH", saved_path, 1);
  unsetenv("TMPDIR");
  unsetenv("GRANDAMP_TEST_GNUPLOT_TIMEOUT");
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", fake_root);
  assert_int_equal(system(cmd), 0);
}
static const char *fake_path(const char *name) {
  static char buf[4][256];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", fake_root, name);
  return buf[k];
}
static void nap(void) { /* 0.2 s */
  const struct timespec t = {0, 200000000};
  nanosleep(&t, NULL);
}
/* pid is a live process (not gone, not a zombie waiting for a parent that does not reap) */
static bool alive(int pid) {
  char p[64], buf[512] = "";
  snprintf(p, sizeof p, "/proc/%d/stat", pid);
  FILE *f = fopen(p, "r");
  if (!f) return false;
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *close = strrchr(buf, ')');
  return close && close[1] == ' ' && close[2] != 'Z' && close[2] != 'X';
}
static int entries(const char *dir) { /* files in a folder */
  char cmd[300];
  snprintf(cmd, sizeof cmd, "exit $(ls -A '%s' | wc -l)", dir);
  const int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}
static bool file_is(const char *path, const char *text) {
  char buf[4096] = "";
  FILE *f = fopen(path, "r");
  if (!f) return false;
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return strcmp(buf, text) == 0;
}
#define DRAW_ALL "png calibrate-speed.png; png calibrate-dt.png; png calibrate-contacts.png; png calibrate-fit.png; exit 0"
#define GLASS "--material", "48e9", "0.2", "2800", "--radius", "0.005"

/* item 2: the points file is never a plot's destination (as named, through a link, a hard link),
 * and an empty path is an error, in calibrate and the other commands. */
static void test_calibrate_inputs_never_clobbered(void **state) {
  (void)state;
  snprintf(saved_path, sizeof saved_path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  fake_setup(DRAW_ALL);
  static CmdResult r;
  char points[256], elsewhere[256];
  snprintf(points, sizeof points, "%s", fake_path("out/calibrate.dat"));
  snprintf(elsewhere, sizeof elsewhere, "%s", fake_path("points.csv"));
  const char *POINTS = "v,e\n0.5,0.64\n1,0.6\n2,0.56\n";
  write_text(points, POINTS);
  RUN(&r, "calibrate", GLASS, "--data", points, "--plots", fake_path("out"), "--models", "velocity");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "which the output would overwrite"));
  assert_true(file_is(points, POINTS));
  /* a link in the plots folder to the points elsewhere, and a hard link */
  write_text(elsewhere, POINTS);
  unlink(points);
  assert_int_equal(symlink(elsewhere, fake_path("out/calibrate-speed.png")), 0);
  assert_int_equal(link(elsewhere, fake_path("out/calibrate-dt.png")), 0);
  RUN(&r, "calibrate", GLASS, "--data", elsewhere, "--plots", fake_path("out"), "--models", "velocity");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "calibrate-speed.png: it is an input file"));
  assert_non_null(strstr(r.err, "calibrate-dt.png: it is an input file"));
  assert_true(file_is(elsewhere, POINTS));
  assert_int_equal(r.out[0], '\0');
  /* empty names: never the root folder */
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--plots", "", "--models", "");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--plots: an empty value"));
  assert_non_null(strstr(r.err, "--models: an empty value"));
  assert_false(exists("/calibrate.dat"));
  RUN(&r, "packing", "--type", "fcc", "--n", "32", "--out", "");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--out: an empty value"));
  RUN(&r, "forces", "--data", "", "--out", fake_path("f.csv"), "--coeff", "1 1 hooke 1000 0 tangential linear_nohistory 0 0");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--data: an empty value"));
  /* engines bench: its --out is not its --rows */
  RUN(&r, "engines", "bench", "--rows", elsewhere, "--packings", "a=/nonexistent.data", "--out", elsewhere);
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, "it is the --rows file")) fail_msg("%s", r.err);
  assert_true(file_is(elsewhere, POINTS));
  fake_teardown();
}

/* item 7: a failed gnuplot changes nothing (neither the data nor the old images), says why with
 * its own words on stderr, prints no result; a gnuplot past `ulimit -f` (SIGXFSZ back at its
 * default in the child) installs no truncated image; a successful run installs the whole set and
 * leaves no scratch folder. */
static void test_calibrate_plots_all_or_none(void **state) {
  (void)state;
  snprintf(saved_path, sizeof saved_path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  fake_setup("echo 'line 7: font not found' >&2; png calibrate-speed.png; exit 1");
  static CmdResult r;
  write_text(fake_path("out/calibrate.dat"), "old data\n");
  write_text(fake_path("out/calibrate-speed.png"), "old image\n");
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--steps", "200", "--plots",
      fake_path("out"));
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "no plots written"));
  assert_non_null(strstr(r.err, "font not found"));
  assert_int_equal(r.out[0], '\0');
  assert_true(file_is(fake_path("out/calibrate.dat"), "old data\n"));
  assert_true(file_is(fake_path("out/calibrate-speed.png"), "old image\n"));
  assert_int_equal(entries(fake_path("out")), 2);
  assert_int_equal(entries(fake_path("tmp")), 0);
  fake_teardown();

  /* a 200 kB image under ulimit -f 64 (kB; dash counts 512-byte blocks: 32 kB); not under
   * ThreadSanitizer, whose runtime dies of SIGBUS when the file size limit stops its own mappings */
  if (getenv("TSAN_OPTIONS")) {
    printf("      (ThreadSanitizer: the ulimit -f case is not run)\n");
    goto whole_set;
  }
  fake_setup("head -c 200000 /dev/zero > \"${out}calibrate-speed.png\"; png calibrate-dt.png; png "
             "calibrate-contacts.png; exit 0");
  char cmd[2048];
  snprintf(cmd, sizeof cmd, "ulimit -f 64; exec %s calibrate --material 48e9 0.2 2800 --radius 0.005 --e 0.5 --v 1 "
           "--models velocity --steps 200 --plots %s", getenv("GRANDAMP_BIN") ? getenv("GRANDAMP_BIN") : "build/grandamp",
           fake_path("out"));
  run_program(&r, "/bin/sh", (const char *const[]){"-c", cmd, NULL});
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "no plots written"));
  assert_int_equal(entries(fake_path("out")), 0);
  assert_int_equal(entries(fake_path("tmp")), 0);
  fake_teardown();

whole_set:
  fake_setup(DRAW_ALL);
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--steps", "200", "--plots",
      fake_path("out"));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "pair_coeff * * hertz/material"));
  assert_int_equal(entries(fake_path("out")), 4);
  assert_int_equal(entries(fake_path("tmp")), 0);
  /* a --plots folder that does not exist yet is made (the README's example; mkdir -p), one under a
   * file is refused before the work */
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--steps", "200", "--plots",
      fake_path("new/plots"));
  assert_int_equal(r.status, 0);
  assert_int_equal(entries(fake_path("new/plots")), 4);
  write_text(fake_path("afile"), "x");
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--plots", fake_path("afile/plots"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "cannot create it"));
  /* TMPDIR that is not a directory: refused before the work */
  write_text(fake_path("notdir"), "x");
  setenv("TMPDIR", fake_path("notdir"), 1);
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--plots", fake_path("out"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "TMPDIR"));
  fake_teardown();
}

/* item 7: a hung gnuplot is killed with its whole process group (a child it started too) at the
 * time-out; SIGTERM to calibrate while gnuplot runs removes the scratch folder (no rm on PATH:
 * PATH holds only the fake gnuplot, sh and sleep) and kills gnuplot's group, and calibrate dies of
 * SIGTERM. */
static void test_calibrate_gnuplot_group_and_signals(void **state) {
  (void)state;
  snprintf(saved_path, sizeof saved_path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  fake_setup("sleep 300 & echo $! > \"$(dirname \"$out\")/../child.pid\"; : > \"$(dirname \"$out\")/../ready\"; sleep 300");
  static CmdResult r;
  setenv("GRANDAMP_TEST_GNUPLOT_TIMEOUT", "1", 1);
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", "velocity", "--steps", "200", "--plots",
      fake_path("out"));
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "killed"));
  FILE *f = fopen(fake_path("child.pid"), "r");
  assert_non_null(f);
  int pid = 0;
  assert_int_equal(fscanf(f, "%d", &pid), 1);
  fclose(f);
  nap();
  assert_false(alive(pid)); /* gnuplot's own child is gone too */
  assert_int_equal(entries(fake_path("tmp")), 0);
  assert_int_equal(entries(fake_path("out")), 0);
  unsetenv("GRANDAMP_TEST_GNUPLOT_TIMEOUT");
  unlink(fake_path("ready"));
  unlink(fake_path("child.pid"));
  char cmd[2048];
  snprintf(cmd, sizeof cmd, "%s calibrate --material 48e9 0.2 2800 --radius 0.005 --e 0.5 --v 1 --models velocity "
           "--steps 200 --plots %s & p=$!; while [ ! -e %s ]; do sleep 0.05; done; kill -TERM $p; wait $p; echo "
           "status=$?", getenv("GRANDAMP_BIN") ? getenv("GRANDAMP_BIN") : "build/grandamp", fake_path("out"),
           fake_path("ready"));
  run_program(&r, "/bin/sh", (const char *const[]){"-c", cmd, NULL});
  assert_non_null(strstr(r.out, "status=143")); /* 128 + SIGTERM: died of the signal */
  f = fopen(fake_path("child.pid"), "r");
  assert_non_null(f);
  assert_int_equal(fscanf(f, "%d", &pid), 1);
  fclose(f);
  nap();
  assert_false(alive(pid));
  assert_int_equal(entries(fake_path("tmp")), 0);
  assert_int_equal(entries(fake_path("out")), 0);
  fake_teardown();
}

/* item 8: every problem at once with a malformed number; an unreachable target asked for by
 * --models is exit 2 with nothing on stdout; 10 um glass calibrates, and its message never names
 * an option calibrate lacks. */
static void test_calibrate_errors_and_small_particles(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "calibrate", "--material", "abc", "0.7", "2800", "--radius", "-1", "--e", "2", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "'abc'"));
  assert_non_null(strstr(r.err, "nu must be in [0, 0.5]"));
  assert_non_null(strstr(r.err, "radii"));
  assert_non_null(strstr(r.err, "target e must be in (0, 1]"));
  RUN(&r, "calibrate", GLASS, "--e", "0.02", "--v", "1", "--limit-damping", "--models", "velocity,tsuji", "--steps",
      "200", "--tol", "1e-4");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "tsuji: e spans"));
  assert_int_equal(r.out[0], '\0');
  /* a model list that names nothing, or a long one, is read whole: every empty or unknown name said */
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", ",,,");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--models: name 4 of the list is empty"));
  assert_int_equal(r.out[0], '\0');
  char long_list[1200];
  snprintf(long_list, sizeof long_list, "%0*d,velocity,nosuch", 1000, 0);
  RUN(&r, "calibrate", GLASS, "--e", "0.5", "--v", "1", "--models", long_list);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "'nosuch' is not a damping model"));
  RUN(&r, "calibrate", "--material", "63e9", "0.23", "2500", "--radius", "1e-5", "--e", "0.5", "--v", "1", "--steps",
      "200", "--tol", "1e-5", "--json");
  assert_int_equal(r.status, 0);
  assert_null(strstr(r.out, "\"reachable\": false"));
  assert_null(strstr(r.err, "--dt"));
}

/* item 8: the particles people simulate, 1 um to 1 m and E from 1 MPa to 400 GPa: every dashpot
 * model (and tsuji) reaches the target, and the coefficient fed back through collide gives it. */
static void test_calibrate_scales(void **state) {
  (void)state;
  const struct {
    double R, E, rho, v;
  } pts[] = {{1e-6, 400e9, 3900, 1}, {1e-5, 63e9, 2500, 1}, {1e-6, 1e6, 1000, 0.01},
             {1e-3, 1e6, 1000, 1}, {1.0, 1e6, 1000, 0.1}, {1.0, 400e9, 7800, 1}};
  const DampingModel models[] = {DAMPING_VELOCITY, DAMPING_MASS_VELOCITY, DAMPING_VISCOELASTIC, DAMPING_TSUJI};
  for (size_t k = 0; k < sizeof pts / sizeof *pts; k++)
    for (size_t m = 0; m < sizeof models / sizeof *models; m++) {
      const CalibrateSpec s = {.normal = NORMAL_HERTZ_MATERIAL, .E = pts[k].E, .nu = 0.3, .rho = pts[k].rho,
                               .Ri = pts[k].R, .Rj = pts[k].R, .e_target = 0.5, .v_ref = pts[k].v, .tol = 1e-4,
                               .steps = 200};
      ErrList err = {0};
      if (calibrate_check(&s, &err)) fail_msg("R %g E %g: %s", pts[k].R, pts[k].E, err.msg[0]);
      CalibrateResult res;
      if (!calibrate_solve(&s, models[m], &res) || !res.reachable)
        fail_msg("R %g E %g %s: %s", pts[k].R, pts[k].E, damping_name(models[m]), res.why);
      CollideSpec c = collide_defaults();
      c.model = parse_ok(res.text);
      c.Ri = c.Rj = pts[k].R, c.mi = c.mj = sphere_mass(pts[k].R, pts[k].rho), c.v0 = pts[k].v;
      c.dt_fraction = 1.0 / 200, c.threads = 1;
      CollideResult cr;
      const char *why = NULL;
      if (!collide_run(&c, &cr, &why)) fail_msg("R %g E %g %s: %s", pts[k].R, pts[k].E, damping_name(models[m]), why);
      assert_abs(cr.e, 0.5, 1e-4);
    }
}

const struct CMUnitTest hardening_cli_tests[] = {
    cmocka_unit_test(test_collide_oblique_e_bounded),
    cmocka_unit_test(test_collide_overflow_refused),
    cmocka_unit_test(test_calibrate_inputs_never_clobbered),
    cmocka_unit_test(test_calibrate_plots_all_or_none),
    cmocka_unit_test(test_calibrate_gnuplot_group_and_signals),
    cmocka_unit_test(test_calibrate_errors_and_small_particles),
    cmocka_unit_test(test_calibrate_scales),
};
const size_t hardening_cli_ntests = sizeof hardening_cli_tests / sizeof *hardening_cli_tests;
