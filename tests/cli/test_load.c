/*
 * test_load.c - a benchmark that knows when its machine is busy (docs/benchmark.md, "A busy
 * machine"): the cores other work keeps busy read from two /proc/stat readings; a busy run
 * warned at the start and the end of the bench binary, with its load in the JSON context and the
 * load sidecar; `grandamp engines bench` rows flagged; and the report marking the run on its
 * card, in its section and in the last-runs table beside a quiet run. The load comes from a fake
 * /proc (GRANDAMP_PROC_DIR), never from the machine the tests run on.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysload.h"
#include "tests.h"

/* Two CPUs; over the window cpu0 is busy 90 of 100 ticks and cpu1 80 of 100 (idle and iowait
 * are not busy): other work kept 1.7 cores busy. */
static const char STAT0[] = "cpu  200 0 100 1000 0 0 0 0 0 0\n"
                            "cpu0 100 0 50 500 0 0 0 0 0 0\n"
                            "cpu1 100 0 50 500 0 0 0 0 0 0\n"
                            "intr 1 2 3\n";
static const char STAT_BUSY[] = "cpu  330 0 140 1020 10 0 0 0 0 0\n"
                                "cpu0 180 0 60 510 0 0 0 0 0 0\n"
                                "cpu1 150 0 80 510 10 0 0 0 0 0\n"
                                "intr 1 2 3\n";
/* the same CPUs nearly idle: 2 busy ticks of 200 */
static const char STAT_QUIET[] = "cpu  201 0 101 1198 0 0 0 0 0 0\n"
                                 "cpu0 101 0 50 599 0 0 0 0 0 0\n"
                                 "cpu1 100 0 51 599 0 0 0 0 0 0\n";

/* Runs a shell command line; its output in r. */
static void sh_cmd(CmdResult *r, const char *cmd) { run_program(r, "/bin/sh", (const char *const[]){"-c", cmd, NULL}); }

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* A fake /proc in the test's folder: loadavg, and stat then stat.later for the window. */
static const char *fake_proc(const char *later, const char *loadavg) {
  static char dir[512];
  snprintf(dir, sizeof dir, "%s", test_path("proc"));
  mkdir(dir, 0755);
  char path[600];
  snprintf(path, sizeof path, "%s/stat", dir);
  write_file(path, STAT0);
  snprintf(path, sizeof path, "%s/stat.later", dir);
  write_file(path, later);
  snprintf(path, sizeof path, "%s/loadavg", dir);
  write_file(path, loadavg);
  return dir;
}

static void other_cores_from_two_readings(void **state) {
  (void)state;
  int cpus = 0;
  assert_float_equal(sysload_other_cores(STAT0, STAT_BUSY, 0.0, &cpus), 1.7, 1e-12);
  assert_int_equal(cpus, 2);
  /* this process's own ticks are not other work */
  assert_float_equal(sysload_other_cores(STAT0, STAT_BUSY, 50.0, &cpus), 1.2, 1e-12);
  assert_float_equal(sysload_other_cores(STAT0, STAT_QUIET, 0.0, &cpus), 0.02, 1e-12);
  /* no time between the readings, or no CPU line: cannot tell */
  assert_true(sysload_other_cores(STAT0, STAT0, 0.0, &cpus) < 0);
  assert_true(sysload_other_cores("intr 1\n", "intr 2\n", 0.0, &cpus) < 0);

  setenv("GRANDAMP_PROC_DIR", fake_proc(STAT_BUSY, "6.50 5.00 4.00 9/300 1234\n"), 1);
  SysLoad l = sysload_sense(SYSLOAD_WINDOW_MS);
  assert_true(l.known);
  assert_float_equal(l.other_cores, 1.7, 1e-12);
  assert_float_equal(l.loadavg1, 6.5, 1e-12);
  assert_true(sysload_busy(&l));
  char text[160];
  assert_string_equal(sysload_describe(&l, text, sizeof text), "other work kept 1.70 of 2 cores busy, load average 6.50");
  /* a high load average alone is not busy: it lags and counts this process's own threads */
  setenv("GRANDAMP_PROC_DIR", fake_proc(STAT_QUIET, "9.00 9.00 9.00 1/300 1234\n"), 1);
  l = sysload_sense(SYSLOAD_WINDOW_MS);
  unsetenv("GRANDAMP_PROC_DIR");
  assert_true(l.known);
  assert_false(sysload_busy(&l));
}

/* The bench binary on a busy fake machine (one tiny benchmark): a warning at its start and one
 * at its end, the load in the JSON context and in the --load-out sidecar. */
static void bench_warns_and_records_a_busy_run(void **state) {
  (void)state;
  const char *bin = getenv("GRANDAMP_BENCH_BIN");
  if (!bin && access("build/grandamp_bench", X_OK) != 0) skip(); /* make race builds no bench harness */
  setenv("GRANDAMP_PROC_DIR", fake_proc(STAT_BUSY, "6.50 5.00 4.00 9/300 1234\n"), 1);
  char json[600], load[600], out_flag[700], load_flag[700];
  snprintf(json, sizeof json, "%s", test_path("b.json"));
  snprintf(load, sizeof load, "%s", test_path("load.csv"));
  snprintf(out_flag, sizeof out_flag, "--benchmark_out=%s", json);
  snprintf(load_flag, sizeof load_flag, "--load-out=%s", load);
  static CmdResult r;
  run_program(&r, bin ? bin : "build/grandamp_bench",
              (const char *const[]){"--quick", "--benchmark_repetitions=2", "--benchmark_min_time=0.001",
                                    "--benchmark_filter=^geometry/none/none/none/fcc/full/n:4000/threads:1/real_time$", out_flag,
                                    "--benchmark_out_format=json", load_flag, NULL});
  unsetenv("GRANDAMP_PROC_DIR");
  if (r.status != 0) fail_msg("exit %d:\n%s", r.status, r.err);
  const char *start = strstr(r.err, "grandamp bench: warning: the machine was busy at the start (other work kept 1.70 of 2 cores busy, load average 6.50)");
  const char *end = strstr(r.err, "grandamp bench: warning: the machine was busy at the end (other work kept 1.70 of 2 cores busy");
  if (!start || !end || end < start) fail_msg("no busy warning at the start and the end:\n%s", r.err);
  FILE *f = fopen(json, "r");
  assert_non_null(f);
  static char text[1 << 16];
  text[fread(text, 1, sizeof text - 1, f)] = '\0';
  fclose(f);
  if (!strstr(text, "\"load_before_busy\": \"yes\"") || !strstr(text, "\"load_before_other_cores\": \"1.700\""))
    fail_msg("the JSON's context lacks the load:\n%.2000s", text);
  f = fopen(load, "r");
  assert_non_null(f);
  text[fread(text, 1, sizeof text - 1, f)] = '\0';
  fclose(f);
  assert_string_equal(text, "when,other_cores,cpus,loadavg,busy\nbefore,1.700,2,6.50,yes\nafter,1.700,2,6.50,yes\n");
}

/* The report of a busy bench run after a quiet one: the card, the section and the last-runs
 * table mark it, and the table says that the two do not compare; the page stays valid. */
static void report_marks_a_busy_run(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[4096], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  /* the quiet run: the reference bench with a quiet load; then the same run as a busy one, later */
  static const char *const Q = ".context += {load_before_other_cores: \"0.020\", load_before_busy: \"no\", "
                               "load_after_other_cores: \"0.050\", load_after_busy: \"no\"}";
  static const char *const B = ".context += {load_before_other_cores: \"1.700\", load_before_busy: \"yes\", "
                               "load_after_other_cores: \"0.300\", load_after_busy: \"no\"}";
  snprintf(cmd, sizeof cmd,
           "set -e; mkdir -p '%sdata' '%sout'; ref=data/reference/bench-vm-20261206-151421; "
           "cp $ref.csv '%sdata/bench-vm-20261206-151421.csv'; jq '%s' $ref.json >'%sdata/bench-vm-20261206-151421.json'; "
           "tools/report.sh --data '%sdata' --bench '%sdata' --plots '%sdata' --bench-plots '%sdata' --out '%sout' 2>/dev/null; "
           "cp $ref.csv '%sdata/bench-vm-20261207-151421.csv'; jq '%s' $ref.json >'%sdata/bench-vm-20261207-151421.json'; "
           "touch -d '+1 minute' '%sdata/bench-vm-20261207-151421.csv'; "
           "tools/report.sh --data '%sdata' --bench '%sdata' --plots '%sdata' --bench-plots '%sdata' --out '%sout'",
           d, d, d, Q, d, d, d, d, d, d, d, B, d, d, d, d, d, d, d);
  sh_cmd(&r, cmd);
  if (r.status != 0) fail_msg("exit %d:\n%s%s", r.status, r.out, r.err);
  static char page[4 << 20];
  FILE *f = fopen(test_path("out/index.html"), "r");
  assert_non_null(f);
  page[fread(page, 1, sizeof page - 1, f)] = '\0';
  fclose(f);
  const char *want[] = {
      "<div class=\"card changed\"><h2>Benchmark: busy machine</h2>",
      "<p><strong>measured on a busy machine</strong>: other work kept 1.70 of 2 cores busy at the start and 0.30 at the end</p>",
      "<p class=\"banner busy\"><strong>Busy machine</strong>: other work kept 1.70 of 2 cores busy at the start and 0.30 at the end.",
      "<tr class=\"latest busy\"><td>vm-20261207-151421</td>",
      "<td class=\"bad\">busy (1.70 / 0.30)</td>",
      "<td>quiet (0.02 / 0.05)</td>",
      "<p class=\"banner busy\">1 of these 2 runs were measured on a busy machine (marked busy)",
  };
  for (size_t k = 0; k < sizeof want / sizeof *want; k++)
    if (!strstr(page, want[k])) fail_msg("the page lacks: %s", want[k]);
  snprintf(cmd, sizeof cmd, "tidy -q -e '%sout/index.html' 2>&1", d);
  sh_cmd(&r, cmd);
  if (r.status != 0 || r.out[0]) fail_msg("tidy: exit %d:\n%s", r.status, r.out);
}

const struct CMUnitTest load_tests[] = {
    tagged_test_setup_teardown(serial, other_cores_from_two_readings, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, bench_warns_and_records_a_busy_run, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_marks_a_busy_run, test_dir_setup, test_dir_teardown),
};
const size_t load_ntests = sizeof load_tests / sizeof *load_tests;
