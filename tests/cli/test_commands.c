/*
 * test_commands.c - the packing, run and forces commands: output, exit codes, messages, and
 * that nothing is written on bad input.
 */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "datafile.h"
#include "sysmem.h"
#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

static bool exists(const char *p) { return access(p, F_OK) == 0; }


static void test_packing_command(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "packing", "--type", "fcc", "--n", "500", "--out", test_path("fcc.data"));
  assert_int_equal(r.status, 0);
  Particles p;
  Box b;
  ErrList err = {0};
  assert_true(datafile_read(test_path("fcc.data"), &p, &b, &err));
  assert_int_equal(p.n, 500);
  particles_free(&p);
  assert_false(exists(test_path("fcc.data.tmp")));

  RUN(&r, "packing", "--type", "random", "--n", "300", "--ratio", "3", "--dist", "lognormal", "--seed", "5",
      "--out", test_path("rnd.data"));
  assert_int_equal(r.status, 0);
  assert_true(datafile_read(test_path("rnd.data"), &p, &b, &err));
  double rmin = 1e9, rmax = 0;
  for (int64_t i = 0; i < p.n; i++) rmin = fmin(rmin, p.radius[i]), rmax = fmax(rmax, p.radius[i]);
  assert_true(rmax / rmin <= 3.0 + 1e-12 && rmax / rmin > 1.5);
  particles_free(&p);

  RUN(&r, "packing", "--type", "random", "--n", "300", "--phi", "0.9", "--ratio", "4", "--out", test_path("bad.data"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--phi 0.9 is impossible"));
  assert_non_null(strstr(r.err, "--ratio must be in [1, 3]"));
  assert_false(exists(test_path("bad.data")));
  RUN(&r, "packing", "--type", "fcc", "--n", "1000000000000", "--out", test_path("bad.data"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "2^31"));
  RUN(&r, "packing", "--type", "fcc", "--n", "2000000000", "--out", test_path("bad.data"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "GiB, more than"));
  RUN(&r, "packing", "--type", "cubic", "--out", test_path("bad.data"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "'cubic' is not fcc, random or gas"));
  assert_false(exists(test_path("bad.data")));
}

/* Every key of a JSON text appears in docs/commands.md as `key`. */
static void keys_documented(const char *json) {
  FILE *f = fopen("docs/commands.md", "r");
  assert_non_null(f);
  static char doc[1 << 17];
  const size_t len = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[len] = '\0';
  for (const char *p = strchr(json, '"'); p; p = strchr(p + 1, '"')) {
    const char *end = strchr(p + 1, '"');
    if (!end) break;
    if (end[1] == ':') {
      char key[80];
      snprintf(key, sizeof key, "`%.*s`", (int)(end - p - 1), p + 1);
      if (!strstr(doc, key)) fail_msg("run's JSON key %s is not defined in docs/commands.md", key);
    }
    p = end;
  }
}

/* The gas and its temperature series: packing --type gas, then run --every K --series: one row
 * per K steps plus t = 0, T(0) = T0, collisions counted once each (about Enskog's number: a
 * check of the counter, 15 %, not of the theory), the energy closed (kinetic plus dissipated,
 * to the elastic energy stored in the few contacts), every JSON key documented, the CSV's
 * rows the JSON's. */
static void test_gas_series(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "packing", "--type", "gas", "--n", "1000", "--phi", "0.1", "--density", "1.9098593171027440", "--seed", "3",
      "--out", test_path("gas.data"));
  if (r.status != 0) fail_msg("%s", r.err);
  RUN(&r, "run", "--packing", test_path("gas.data"), "--model",
      "hooke 2e4 14.17 tangential linear_nohistory 0 0 damping velocity", "--steps", "3000", "--dt", "3e-4", "--skin",
      "0.3", "--every", "1000", "--series", test_path("series.csv"), "--threads", "2");
  if (r.status != 0) fail_msg("%s", r.err);
  keys_documented(r.out);
  const char *t = strstr(r.out, "\"temperature\": [");
  assert_non_null(t);
  double T[4];
  assert_int_equal(sscanf(t, "\"temperature\": [%lf, %lf, %lf, %lf]", &T[0], &T[1], &T[2], &T[3]), 4);
  assert_abs(T[0], 1.0, 1e-12);
  assert_true(T[3] < T[2] && T[2] < T[1] && T[1] < T[0]);
  const char *c = strstr(r.out, "\"collisions\": [");
  double coll[4];
  assert_int_equal(sscanf(c, "\"collisions\": [%lf, %lf, %lf, %lf]", &coll[0], &coll[1], &coll[2], &coll[3]), 4);
  assert_true(coll[0] == 0.0);
  /* Enskog: 4 sqrt(pi) n chi sqrt(T/m) per sphere (sigma = m = 1, phi = 0.1: n = 0.6/pi,
   * chi = 0.95/0.729), times N/2 pairs over t = 0.9 at the mean sqrt(T) */
  const double n = 0.6 / GD_PI, chi = 0.95 / 0.729, omega = 4.0 * sqrt(GD_PI) * n * chi;
  const double expect = 0.5 * 1000 * omega * 0.9 * 0.5 * (1.0 + sqrt(T[3]));
  assert_rel(coll[3], expect, 0.15);
  /* the gas is written without overlaps: no elastic energy at t = 0 */
  assert_true(json_value(strstr(r.out, "\"energy_initial\""), "elastic") == 0.0);
  /* energy: 3/2 N T + the contacts' elastic energy + dissipated = 3/2 N T0, to the ledger's
   * quadrature error (first order in dt/t_c, docs/verification.md §7.5; its signs vary from
   * collision to collision: 8e-4 here at dt = t_c/52) */
  const char *fin = strstr(r.out, "\"energy_final\"");
  const double diss = json_value(fin, "dissipated_normal_damping"), elastic = json_value(fin, "elastic");
  assert_rel(1.5 * 1000 * T[3] + elastic + diss, 1.5 * 1000, 3e-3);
  FILE *f = fopen(test_path("series.csv"), "r");
  assert_non_null(f);
  char line[1024];
  int rows = 0;
  while (fgets(line, sizeof line, f)) rows++;
  fclose(f);
  assert_int_equal(rows, 5);
  /* --theory: the kinetic-theory column beside T. This law's e is 0.80000 at every speed (a
   * linear dashpot: e = exp(-pi g / sqrt(w0^2 - g^2)), g = d/(2 meff) = 14.17, w0^2 = k/meff =
   * 4e4; hand), so the column is Haff's law T0 / (1 + t/tau)^2 with tau = 6 / (omega (1 - e^2))
   * and Enskog's omega above, to the reference's and the integrator's precision. */
  RUN(&r, "run", "--packing", test_path("gas.data"), "--model",
      "hooke 2e4 14.17 tangential linear_nohistory 0 0 damping velocity", "--steps", "3000", "--dt", "3e-4", "--skin",
      "0.3", "--every", "1000", "--series", test_path("series.csv"), "--threads", "2", "--theory");
  if (r.status != 0) fail_msg("%s", r.err);
  keys_documented(r.out);
  const double g = 14.17, e = exp(-GD_PI * g / sqrt(4e4 - g * g)), tau = 6.0 / (omega * (1.0 - e * e));
  assert_rel(json_value(r.out, "haff_time"), tau, 1e-6);
  assert_rel(json_value(r.out, "restitution_rms"), e, 1e-6);
  double Tt[4];
  assert_int_equal(sscanf(strstr(r.out, "\"temperature_theory\": ["), "\"temperature_theory\": [%lf, %lf, %lf, %lf]",
                          &Tt[0], &Tt[1], &Tt[2], &Tt[3]), 4);
  for (int k = 0; k < 4; k++) assert_rel(Tt[k], T[0] / pow(1.0 + 0.3 * k / tau, 2.0), 1e-6);
  f = fopen(test_path("series.csv"), "r");
  assert_non_null(f);
  assert_non_null(fgets(line, sizeof line, f));
  assert_non_null(strstr(line, ",dissipated_friction,temperature_theory\n"));
  fclose(f);
  /* what the theory does not describe, all said in one run: no series, friction, a mixture */
  RUN(&r, "run", "--packing", "gas", "--n", "200", "--ratio", "2", "--model",
      "hooke 2e4 14.17 tangential linear_nohistory 1 0.5", "--steps", "10", "--theory");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--theory: needs --every"));
  assert_non_null(strstr(r.err, "friction (mu_t = 0.5)"));
  assert_non_null(strstr(r.err, "--ratio 2 makes two sizes"));
  RUN(&r, "run", "--packing", "fcc", "--n", "500", "--model", "hooke 2e4 14.17 tangential linear_nohistory 0 0",
      "--steps", "10", "--every", "5", "--theory");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "needs a gas"));
  /* a data file must hold a gas: equal spheres (a polydisperse packing is refused by the first
   * atom that differs), at a gas's volume fraction (an FCC packing is not one) */
  RUN(&r, "packing", "--type", "random", "--n", "200", "--phi", "0.3", "--out", test_path("poly.data"));
  if (r.status != 0) fail_msg("%s", r.err);
  RUN(&r, "run", "--packing", test_path("poly.data"), "--model", "hooke 2e4 14.17 tangential linear_nohistory 0 0",
      "--steps", "10", "--every", "5", "--theory");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "differ from the first's"));
  RUN(&r, "packing", "--type", "fcc", "--n", "108", "--out", test_path("fcc.data"));
  if (r.status != 0) fail_msg("%s", r.err);
  RUN(&r, "run", "--packing", test_path("fcc.data"), "--model", "hooke 2e4 14.17 tangential linear_nohistory 0 0",
      "--steps", "10", "--every", "5", "--theory");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "the expectation is for a gas"));
  /* --series needs --every; --every must be whole and >= 1 */
  RUN(&r, "run", "--packing", test_path("gas.data"), "--model", "hooke 2e4 14.17 tangential linear_nohistory 0 0",
      "--steps", "10", "--series", test_path("s2.csv"), "--every", "0");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--every"));
  assert_non_null(strstr(r.err, "--series"));
}

static void test_run_command(void **state) {
  (void)state;
  static CmdResult r;
  const char *model = "hertz/material 1e6 0.5 0.3 tangential mindlin NULL 1 0.4 damping tsuji";
  const char *strategies[] = {"full", "half-reduce", "half-atomic"};
  for (int s = 0; s < 3; s++) {
    RUN(&r, "run", "--packing", "fcc", "--n", "500", "--model", model, "--steps", "20", "--strategy", strategies[s]);
    if (r.status != 0) fail_msg("%s", r.err);
    assert_rel(json_value(r.out, "pairs_per_atom"), 6, 0);
    assert_rel(json_value(r.out, "contacts_per_atom"), 12, 0);
    keys_documented(r.out);
    assert_non_null(strstr(r.out, "\"skin\": 0.1,")); /* shortest round trip, not 0.10000000000000001 */
    assert_true(json_value(r.out, "pair_evals_per_s") > 0 && json_value(r.out, "atom_steps_per_s") > 0);
    assert_true(json_value(r.out, "peak_memory_bytes") > 0);
    assert_non_null(strstr(r.out, "\"sort\": "));
    assert_non_null(strstr(r.out, "\"integrate\": "));
    /* the phases cover the steps: the setup's build is not in "sort" / "neighbor" */
    assert_rel(json_value(r.out, "neighbor_builds"), 1, 0); /* slow FCC: no rebuild in 20 steps */
    assert_true(json_value(r.out, "sort") == 0 && json_value(r.out, "neighbor") == 0);
  }
  /* --steps 0: the phases and rates are the setup's (one list build, one force pass) */
  RUN(&r, "run", "--packing", "fcc", "--n", "500", "--model", model, "--steps", "0");
  if (r.status != 0) fail_msg("%s", r.err);
  assert_rel(json_value(r.out, "pairs_per_atom"), 6, 0);
  assert_true(json_value(r.out, "pair_evals_per_s") > 0 && json_value(r.out, "neighbor") > 0);
  assert_true(json_value(r.out, "integrate") == 0 && json_value(r.out, "atom_steps_per_s") == 0);
  /* a data file in, the same packing */
  RUN(&r, "packing", "--type", "fcc", "--n", "500", "--out", test_path("p.data"));
  assert_int_equal(r.status, 0);
  RUN(&r, "run", "--packing", test_path("p.data"), "--model", model, "--steps", "5");
  assert_int_equal(r.status, 0);
  assert_rel(json_value(r.out, "n"), 500, 0);

  RUN(&r, "run", "--packing", "fcc", "--n", "500", "--model", "hooke 1 1 tangential linear_nohistory 0 0", "--steps",
      "-1", "--strategy", "half-magic", "--dt", "0");
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_non_null(strstr(r.err, "--strategy: 'half-magic' is unknown"));
  assert_non_null(strstr(r.err, "--steps: must be a whole number"));
  assert_non_null(strstr(r.err, "--dt: must be > 0"));
  RUN(&r, "run", "--packing", test_path("missing.data"), "--model", model, "--steps", "1");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "cannot open"));
}

/* Without --threads the thread count follows the work (one per 4000 spheres, at most the OpenMP
 * default and the cores other work leaves free); --threads is obeyed as given. */
static void test_threads_follow_the_work(void **state) {
  (void)state;
  static CmdResult r;
  const char *model = "hooke 1e3 0.5 tangential linear_nohistory 0 0 damping velocity";
  const char *per = getenv("GRANDAMP_SPHERES_PER_THREAD"); /* make race sets it */
  char per_saved[64] = "";
  if (per) snprintf(per_saved, sizeof per_saved, "%s", per);
  unsetenv("GRANDAMP_SPHERES_PER_THREAD");
  assert_int_equal(sysmem_threads_for(5, 10), 5);
  assert_int_equal(sysmem_threads_for(0, 0), 1);
  assert_int_equal(sysmem_threads_for(0, 2 * SYSMEM_SPHERES_PER_THREAD - 1), 1);
  /* the rule with the cores other work leaves free (hand values) */
  assert_int_equal(sysmem_threads_pick(32000, 4000, 8, -1), 8); /* not sensed */
  assert_int_equal(sysmem_threads_pick(32000, 4000, 8, 3), 3);
  assert_int_equal(sysmem_threads_pick(32000, 4000, 8, 0), 1);
  assert_int_equal(sysmem_threads_pick(32000, 4000, 2, 16), 2);
  assert_int_equal(sysmem_threads_pick(7999, 4000, 8, 16), 1);
  const int free_cpus = sysmem_free_cpus();
  if (free_cpus < -1 || free_cpus > omp_get_num_procs()) fail_msg("sysmem_free_cpus: %d of %d", free_cpus, omp_get_num_procs());
  /* The CLI's counts with an explicit share (GRANDAMP_SPHERES_PER_THREAD: the load is not sensed). */
  setenv("GRANDAMP_SPHERES_PER_THREAD", "4000", 1);
  const char *old = getenv("OMP_NUM_THREADS");
  char saved[64] = "";
  if (old) snprintf(saved, sizeof saved, "%s", old);
  setenv("OMP_NUM_THREADS", "3", 1);
  const struct { const char *n, *threads; double want; } cases[] = {
      {"500", NULL, 1}, {"8000", NULL, 2}, {"32000", NULL, 3}, {"500", "2", 2}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    if (cases[k].threads)
      RUN(&r, "run", "--packing", "fcc", "--n", cases[k].n, "--model", model, "--steps", "0", "--threads", cases[k].threads);
    else RUN(&r, "run", "--packing", "fcc", "--n", cases[k].n, "--model", model, "--steps", "0");
    if (r.status != 0) fail_msg("%s", r.err);
    if (json_value(r.out, "threads") != cases[k].want)
      fail_msg("n %s: %g threads, want %g", cases[k].n, json_value(r.out, "threads"), cases[k].want);
  }
  setenv("GRANDAMP_SPHERES_PER_THREAD", "2000", 1);
  RUN(&r, "run", "--packing", "fcc", "--n", "4000", "--model", model, "--steps", "0");
  assert_rel(json_value(r.out, "threads"), 2, 0);
  /* The default share on a machine whose every core another process keeps busy: one thread,
   * and a notice that says why. */
  unsetenv("GRANDAMP_SPHERES_PER_THREAD");
  const int ncpu = omp_get_num_procs();
  pid_t busy[64];
  int nbusy = 0;
  for (; nbusy < ncpu && nbusy < 64; nbusy++) {
    busy[nbusy] = fork();
    if (busy[nbusy] == 0)
      for (volatile unsigned long spin = 0;; spin++) {
      }
    assert_true(busy[nbusy] > 0);
  }
  nanosleep(&(struct timespec){0, 100000000L}, NULL); /* the spinners on their cores */
  RUN(&r, "run", "--packing", "fcc", "--n", "32000", "--model", model, "--steps", "0");
  for (int k = 0; k < nbusy; k++) kill(busy[k], SIGKILL), waitpid(busy[k], NULL, 0);
  if (r.status != 0) fail_msg("%s", r.err);
  assert_rel(json_value(r.out, "threads"), 1, 0);
  if (ncpu > 1 && !strstr(r.err, "other work keeps cores busy")) fail_msg("no notice: %s", r.err);
  if (old) setenv("OMP_NUM_THREADS", saved, 1);
  else unsetenv("OMP_NUM_THREADS");
  if (per) setenv("GRANDAMP_SPHERES_PER_THREAD", per_saved, 1);
  else unsetenv("GRANDAMP_SPHERES_PER_THREAD");
}

static void test_forces_command(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "packing", "--type", "random", "--n", "400", "--seed", "3", "--velocity", "0.1", "--spin", "0.5", "--out",
      test_path("f.data"));
  assert_int_equal(r.status, 0);
  RUN(&r, "forces", "--data", test_path("f.data"), "--coeff",
      "* * hertz/material 1e5 0.5 0.3 tangential mindlin NULL 1 0.4 damping viscoelastic", "--out", test_path("f.csv"));
  if (r.status != 0) fail_msg("%s", r.err);
  FILE *f = fopen(test_path("f.csv"), "r");
  assert_non_null(f);
  char line[512];
  int lines = 0;
  double sum[3] = {0, 0, 0}, mag = 0;
  long last_id = 0;
  assert_non_null(fgets(line, sizeof line, f));
  assert_string_equal(line, "id,fx,fy,fz,tqx,tqy,tqz\n");
  while (fgets(line, sizeof line, f)) {
    long id;
    double v[6];
    assert_int_equal(sscanf(line, "%ld,%lf,%lf,%lf,%lf,%lf,%lf", &id, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]), 7);
    assert_true(id > last_id); /* sorted by id */
    last_id = id;
    for (int d = 0; d < 3; d++) sum[d] += v[d], mag += fabs(v[d]);
    lines++;
  }
  fclose(f);
  assert_int_equal(lines, 400);
  for (int d = 0; d < 3; d++) assert_true(fabs(sum[d]) <= 1e-12 * mag);

  /* errors: nothing written, every problem listed */
  FILE *bad = fopen(test_path("bad.data"), "w");
  fputs("title\n\n2 atoms\n1 atom types\n0 4 xlo xhi\n0 4 ylo yhi\n0 4 zlo zhi\n\nAtoms # sphere\n\n"
        "1 1 1 1 0.5 0.5 0.5\n2 1 1 x 1.4 0.5 0.5\n", bad);
  fclose(bad);
  RUN(&r, "forces", "--data", test_path("bad.data"), "--coeff", "* * hooke 1 1 tangential linear_nohistory 0 0", "--out",
      test_path("out.csv"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "bad.data:12:"));
  assert_false(exists(test_path("out.csv")));
  RUN(&r, "forces", "--data", test_path("f.data"), "--boundary", "pq", "--out", test_path("out.csv"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "at least one --coeff"));
  assert_non_null(strstr(r.err, "--boundary: 'pq'"));
  RUN(&r, "forces", "--data", test_path("f.data"), "--coeff", "1 2 hooke 1 1 tangential linear_nohistory 0 0", "--out",
      test_path("out.csv"));
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "type '2' is not a type or range within 1..1"));
  assert_false(exists(test_path("out.csv")));
}

/* collide's max_overlap and max_force of an elastic Hertz impact against Hertz's closed forms
 * (Johnson 1985 §11.4): E* = E/(2(1 - nu^2)) for two spheres of one material, R* = R/2,
 * m* = m/2, k_H = (4/3) E* sqrt(R*), delta_max = (5 m* v0^2/(4 k_H))^(2/5), F_max = k_H
 * delta_max^(3/2); within 4 (dt/t_c)^2 at the default dt = t_c/100 (cases_chung_ooi.c's bound). */
static void test_collide_peak_force(void **state) {
  (void)state;
  CmdResult r;
  RUN(&r, "collide", "--model", "hertz/material 48e9 0 0.2 tangential linear_nohistory 0 0 damping none", "--radius",
      "0.01", "0.01", "--density", "2800", "--v", "20");
  assert_int_equal(r.status, 0);
  const double m = 4.0 / 3.0 * GD_PI * 1e-6 * 2800.0, Es = 48e9 / (2.0 * (1.0 - 0.04));
  const double kH = 4.0 / 3.0 * Es * sqrt(0.005), dmax = pow(5.0 * 0.5 * m * 400.0 / (4.0 * kH), 0.4);
  assert_rel(json_value(r.out, "max_overlap"), dmax, 4e-4);
  assert_rel(json_value(r.out, "max_force"), kH * pow(dmax, 1.5), 4e-4);
}

/* collide --vt --spin: a sphere sliding on a wall the whole contact (elastic, tan(theta) = 5 far
 * above 7/2 mu (1 + e)) takes the rigid-body gross-sliding impulse, V_t' = V_t - mu (1 + e) V_n and
 * R w' = (5/2) mu (1 + e) V_n (Chung & Ooi 2011, test 5), with e the run's own; bad numbers are
 * refused with a usage error. */
static void test_collide_oblique(void **state) {
  (void)state;
  CmdResult r;
  RUN(&r, "collide", "--model", "hertz 5e11 1 damping coeff_restitution tangential mindlin 7e11 0 0.092", "--radius",
      "0.0025", "--wall", "--density", "4000", "--v", "1", "--vt", "5", "--spin", "0", "--dt-fraction", "0.002");
  assert_int_equal(r.status, 0);
  const double e = json_value(r.out, "e"), J = 0.092 * (1.0 + e) * 1.0;
  assert_rel(json_value(r.out, "vt"), 5.0 - J, 1e-9);
  assert_rel(0.0025 * json_value(r.out, "spin_i"), 2.5 * J, 1e-9);
  assert_true(json_value(r.out, "spin_j") == 0.0);
  RUN(&r, "collide", "--model", "hertz 5e11 1 damping coeff_restitution tangential mindlin 7e11 0 0.092", "--radius",
      "0.0025", "--wall", "--density", "4000", "--v", "1", "--vt", "nan", "--spin", "1", "inf");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--vt"));
  assert_non_null(strstr(r.err, "--spin"));
  RUN(&r, "collide", "--model", "hertz 5e11 1 damping coeff_restitution", "--radius", "0.0025", "--wall", "--density",
      "4000", "--v", "1", "--spin", "1", "2");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "a wall has none"));
}

/* calibrate: every line it prints, pasted into collide, gives the target (within the solve's
 * tolerance at the same step); every bad option is listed at once with exit 2. */
static void test_calibrate_command(void **state) {
  (void)state;
  CmdResult r;
  RUN(&r, "calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--e", "0.6", "--v", "1", "--models",
      "velocity,coeff_restitution", "--json");
  assert_int_equal(r.status, 0);
  assert_true(json_value(r.out, "e_target") == 0.6);
  RUN(&r, "calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--e", "0.6", "--v", "1", "--models",
      "velocity");
  assert_int_equal(r.status, 0);
  const char *line = strstr(r.out, "pair_coeff * * ");
  assert_non_null(line);
  /* the engines' spellings: LAMMPS's the same text, Yade's only for force-end */
  assert_non_null(strstr(r.out, "# lammps 29Sep2021, velocity:\n#   pair_coeff * * hertz/material 48000000000 "));
  assert_non_null(strstr(r.out, "# yade: its contacts are force-end"));
  char text[512];
  snprintf(text, sizeof text, "%.*s", (int)strcspn(line + 15, "\n"), line + 15);
  RUN(&r, "collide", "--model", text, "--radius", "0.005", "0.005", "--density", "2800", "--v", "1", "--dt-fraction",
      "0.0005");
  assert_int_equal(r.status, 0);
  assert_abs(json_value(r.out, "e"), 0.6, 1e-7);
  RUN(&r, "calibrate", "--material", "48e9", "0.7", "2800", "--radius", "0.005", "--e", "1.5", "--v", "1", "--models",
      "tsuji,bogus");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "'bogus'"));
  assert_non_null(strstr(r.err, "nu must be in [0, 0.5]"));
  assert_non_null(strstr(r.err, "target e must be in (0, 1]"));
  RUN(&r, "calibrate", "--radius", "0.005", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--material E NU RHO"));
  assert_non_null(strstr(r.err, "--e is required"));
}

/* calibrate's table, fit and plots: a hooke dashpot's e is the same at every speed; bad points,
 * a tunnelling contact and --e beside --data are listed at once, exit 2, and --plots then writes
 * nothing; with gnuplot installed the four plots and their data appear. */
static void test_calibrate_fit_and_plots(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "calibrate", "--hooke", "1e5", "--density", "2800", "--radius", "0.005", "--e", "0.5", "--v", "1",
      "--models", "velocity", "--steps", "500");
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "pair_coeff * * hooke 100000 "));
  const char *row = strstr(r.out, "# velocity ");
  assert_non_null(row);
  double e[7];
  assert_int_equal(sscanf(row + 11, "%lf %lf %lf %lf %lf %lf %lf", &e[0], &e[1], &e[2], &e[3], &e[4], &e[5], &e[6]), 7);
  for (int k = 0; k < 7; k++) assert_abs(e[k], 0.5, 1.2 / 500 + 1e-4);

  char dir[] = "/tmp/grandamp-test-calibrate-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char points[256], dat[300];
  snprintf(points, sizeof points, "%s/points.csv", dir);
  snprintf(dat, sizeof dat, "%s/calibrate.dat", dir);
  FILE *f = fopen(points, "w");
  assert_non_null(f);
  fputs("v,e\n0.5,0.62\n1,0.6\nfast,0.5\n2,0.58\n", f);
  fclose(f);
  RUN(&r, "calibrate", "--material", "1e5", "0.3", "1000", "--radius", "0.005", "--data", points, "--e", "0.5", "--v",
      "20", "--plots", dir);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "points.csv:4:"));
  assert_non_null(strstr(r.err, "--e and --data exclude each other"));
  RUN(&r, "calibrate", "--material", "1e5", "0.3", "1000", "--radius", "0.005", "--e", "0.5", "--v", "20", "--plots", dir);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "tunnels"));
  assert_false(exists(dat));
  RUN(&r, "calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--data", "/dev/zero");
  assert_int_equal(r.status, 2); /* refused, not read for ever */
  assert_non_null(strstr(r.err, "not a file or a pipe"));

  f = fopen(points, "w");
  fputs("v,e\n0.5,0.64\n1,0.6\n2,0.56\n", f);
  fclose(f);
  const bool plots = system("command -v gnuplot >/dev/null 2>&1") == 0;
  /* a plot whose name is a link: the link stays, its target gets the image */
  char link[300], target[300];
  snprintf(link, sizeof link, "%s/calibrate-speed.png", dir);
  snprintf(target, sizeof target, "%s/speed-target.png", dir);
  assert_int_equal(symlink("speed-target.png", link), 0);
  RUN(&r, "calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--data", points, "--models",
      "viscoelastic,coeff_restitution", "--steps", "500", "--tol", "1e-5", "--json", plots ? "--plots" : "--json", dir);
  if (!plots) { /* without gnuplot: the same run without plots */
    RUN(&r, "calibrate", "--material", "48e9", "0.2", "2800", "--radius", "0.005", "--data", points, "--models",
        "viscoelastic,coeff_restitution", "--steps", "500", "--tol", "1e-5", "--json");
  }
  assert_int_equal(r.status, 0);
  /* viscoelastic (e falls with v, as the points do) ranks first */
  const char *visco = strstr(r.out, "\"viscoelastic\""), *cr = strstr(r.out, "\"coeff_restitution\"");
  assert_true(visco && cr && visco < cr);
  assert_non_null(strstr(visco, "\"rank\": 1"));
  struct stat lst;
  assert_int_equal(lstat(link, &lst), 0);
  assert_true(S_ISLNK(lst.st_mode));
  if (plots) {
    assert_true(exists(target));
    static const char *const NAMES[] = {"calibrate.dat", "calibrate-speed.png", "calibrate-dt.png",
                                        "calibrate-contacts.png", "calibrate-fit.png"};
    for (int k = 0; k < 5; k++) {
      char p[300];
      snprintf(p, sizeof p, "%s/%s", dir, NAMES[k]);
      struct stat st;
      assert_int_equal(stat(p, &st), 0);
      assert_true(st.st_size > 0);
      unlink(p);
    }
    unlink(target);
  } else {
    unlink(link);
    print_message("gnuplot not installed: calibrate --plots not exercised\n");
  }
  unlink(points);
  assert_int_equal(rmdir(dir), 0); /* nothing else left behind (no scratch folder) */
}

const struct CMUnitTest commands_tests[] = {
    cmocka_unit_test(test_collide_peak_force),
    cmocka_unit_test(test_collide_oblique),
    cmocka_unit_test(test_calibrate_command),
    cmocka_unit_test(test_calibrate_fit_and_plots),
    cmocka_unit_test_setup_teardown(test_packing_command, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_run_command, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(test_gas_series, test_dir_setup, test_dir_teardown),
    cmocka_unit_test(test_threads_follow_the_work),
    cmocka_unit_test_setup_teardown(test_forces_command, test_dir_setup, test_dir_teardown),
};
const size_t commands_ntests = sizeof commands_tests / sizeof *commands_tests;
