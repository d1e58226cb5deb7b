/*
 * test_fake_engines.c - the verifier against engines that crash, hang, lie or flood: a fake
 * `lmp` (a shell script first on PATH) in each of those ways, so that these run on CI without
 * any engine installed. A verdict must never hide a broken engine (a crash or an impossible
 * number is a FAIL even on a case with a known defect), a hung engine is killed with everything
 * it started within a limit scaled to the work and is declared unresponsive after a few
 * failures, the CSV and the JUnit XML stay valid whatever bytes the engine wrote, and nothing is
 * left running or lying around, also when the verifier itself is killed.
 */
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run.h"
#include "tests.h"

extern char **environ;

/* The fake lmp: answers the probe (-in /dev/null) at once. A batch of collisions (src/engines/batch.h:
 * each case marked "# GRANDAMP_CASE FOLDER" in its -in file): BODY for each case in turn with
 * its log and gap file in its folder, then the case's done file. A single run: finds its -log
 * and gapfile, then does BODY. */
static void fake_lmp(const char *body) {
  FILE *f = fopen(test_path("bin/lmp"), "w");
  assert_non_null(f);
  fprintf(f, "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0 # the start-up probe: an empty input\n"
             "if [ \"$1\" = -in ] && grep -q '^# GRANDAMP_CASE ' \"$2\"; then\n"
             "  for dir in $(sed -n 's/^# GRANDAMP_CASE //p' \"$2\"); do\n    log=$dir/log.lammps; gap=$dir/gap.txt\n"
             "%s\n    : > \"$dir/done\"\n  done\n  exit 0\nfi\nlog=/dev/null; gap=/dev/null\n"
             "while [ $# -gt 0 ]; do\n  case \"$1\" in\n    -log) log=$2; shift;;\n"
             "    -var) [ \"$2\" = gapfile ] && gap=$3; shift 2;;\n  esac\n  shift\ndone\n%s\n", body, body);
  fclose(f);
  assert_int_equal(chmod(test_path("bin/lmp"), 0755), 0);
}

/* A result line the adapter reads: v1, v2 (the pair's velocities along x after) and a gap file
 * with four steps of overlap. */
#define RESULT(v1, v2)                                                                                  \
  "printf 'LAMMPS (29 Sep 2021 - fake)\\nGRANDAMP_RESULT v1=" v1 " v2=" v2                             \
  "\\nGRANDAMP_OBLIQUE vy1=0 vy2=0 wz1=0 wz2=0\\n' > \"$log\"\nprintf -- '-1e-9\\n-1e-9\\n-1e-9\\n-1e-9\\n' > \"$gap\""

/* The fake engine first on PATH and TMPDIR set to tmpdir, for the programs started next; returns
 * the PATH to give back with real_env. */
static char *fake_env(const char *tmpdir) {
  char path[4096];
  const char *old = getenv("PATH");
  char *saved = strdup(old ? old : "/usr/bin:/bin");
  snprintf(path, sizeof path, "%s:%s", test_path("bin"), saved);
  setenv("PATH", path, 1);
  setenv("TMPDIR", tmpdir, 1);
  return saved;
}

static void real_env(char *saved) {
  setenv("PATH", saved, 1);
  unsetenv("TMPDIR");
  free(saved);
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Runs the verifier with the fake engine first on PATH and TMPDIR in the test's folder; returns
 * its wall time. */
static double run_verify(CmdResult *r, const char *const *args) {
  char *saved = fake_env(test_path("tmp"));
  const double t0 = seconds();
  run_program(r, verify_bin(), args);
  const double t = seconds() - t0;
  real_env(saved);
  return t;
}

static char data_dir[256]; /* test_path's buffers rotate: the argument lists keep their own copy */

static int setup(void **state) {
  if (test_dir_setup(state)) return -1;
  snprintf(data_dir, sizeof data_dir, "%s", test_path("data"));
  return mkdir(test_path("bin"), 0755) || mkdir(test_path("tmp"), 0755) || mkdir(test_path("data"), 0755);
}

#define assert_status(r, want)                                                                          \
  do {                                                                                                  \
    if ((r).status != (want)) fail_msg("exit %d, want %d; stderr: %.2000s", (r).status, (want), (r).err); \
  } while (0)

/* Nothing the run made is left in TMPDIR. */
static void assert_tmp_empty(void) {
  DIR *d = opendir(test_path("tmp"));
  assert_non_null(d);
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) fail_msg("left in TMPDIR: %s", e->d_name);
  closedir(d);
}

/* Whether a process whose command line is exactly `sleep SECONDS` is running. */
static bool sleeper_running(const char *seconds) {
  DIR *d = opendir("/proc");
  bool found = false;
  for (struct dirent *e; d && (e = readdir(d)) && !found;) {
    char path[300], cmd[64] = "";
    snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    const size_t n = fread(cmd, 1, sizeof cmd - 1, f);
    fclose(f);
    found = n > 6 && !strcmp(cmd, "sleep") && !strcmp(cmd + 6, seconds);
  }
  if (d) closedir(d);
  return found;
}

/* Valid UTF-8 without control bytes but newlines: what a CSV or XML reader needs. */
static void assert_clean_text(const char *file) {
  FILE *f = fopen(test_path(file), "rb");
  if (!f) fail_msg("%s not written", file);
  int c, line = 1;
  while ((c = fgetc(f)) != EOF) {
    if (c == '\n') line++;
    else if (c < 0x20 || c == 0x7f) fail_msg("%s line %d: control byte 0x%02x", file, line, c);
    else if (c >= 0x80) { /* a whole UTF-8 sequence */
      const int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : -1;
      if (more < 0 || c > 0xf4) fail_msg("%s line %d: byte 0x%02x is not UTF-8", file, line, c);
      for (int k = 0; k < more; k++)
        if (((c = fgetc(f)) & 0xc0) != 0x80) fail_msg("%s line %d: a cut UTF-8 sequence", file, line);
    }
  }
  fclose(f);
}

/* A crash on the known tsuji defect's cases is a FAIL, never the defect's XFAIL; after three
 * crashes in a row the engine is unresponsive and its remaining cases fail at once. */
static void crash_is_never_a_known_defect(void **state) {
  (void)state;
  fake_lmp("kill -SEGV $$");
  CmdResult r;
  const char *args[] = {"--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hertz/tsuji/", "--data",
                        data_dir, NULL};
  run_verify(&r, args);
  assert_status(r, 3);
  assert_null(strstr(r.out, "XFAIL engine"));
  assert_null(strstr(r.out, "SKIP engine")); /* the t_c cases the defect leaves unjudged: the engine never ran */
  assert_non_null(strstr(r.out, "FAIL engine/lammps/hertz/tsuji/equal/e=0.5/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "died of signal 11"));
  assert_non_null(strstr(r.out, "lammps unresponsive: 3 starts in a row"));
  assert_non_null(strstr(r.out, "\n0 passed, 40 failed"));
  assert_tmp_empty();
}

/* e = 1.5 (the pair) from a finished run: impossible, a FAIL on the defect's cases too; NaN is
 * the signature of one defect only (jkr on a wall), elsewhere a FAIL. */
static void impossible_numbers_fail(void **state) {
  (void)state;
  fake_lmp(RESULT("-0.75", "0.75"));
  CmdResult r;
  const char *tsuji[] = {"--quick", "--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hertz/tsuji/",
                         "--data", data_dir, NULL};
  run_verify(&r, tsuji);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "impossible result from lammps (e = 1.5 > 1 + 0.1 along the normal)"));
  assert_null(strstr(r.out, "XFAIL engine"));
  fake_lmp(RESULT("nan", "nan"));
  run_verify(&r, tsuji);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "impossible result from lammps (not finite"));
  const char *jkr[] = {"--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/jkr/none/wall/",
                       "--data", data_dir, NULL};
  run_verify(&r, jkr);
  assert_status(r, 0);
  assert_non_null(strstr(r.out, "XFAIL engine/lammps/jkr/none/wall/elastic=0/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "the run ends in a non-finite result, as predicted"));
  /* a right e where the defect predicts another value: XPASS, the run fails */
  fake_lmp(RESULT("-0.35", "0.35")); /* e = 0.7: tsuji at its target, not the legacy e */
  run_verify(&r, tsuji);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "XPASS engine/lammps/hertz/tsuji/equal/e=0.7/v=1/N=50/e"));
}

/* A hung engine (a shell that waits on a child of its own): killed with the child within the
 * scaled limit, three times, then the rest fail at once; no process and no folder left. */
static void hung_engine_is_bounded(void **state) {
  (void)state;
  fake_lmp("sleep 8765\nexit 0");
  CmdResult r;
  const char *args[] = {"--quick", "--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hooke/",
                        "--data", data_dir, NULL};
  const double seconds = run_verify(&r, args);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "killed after"));
  assert_non_null(strstr(r.out, "lammps unresponsive"));
  assert_true(seconds < 30.0); /* three limits of about 3 s each, then nothing: not 120 s a case */
  assert_false(sleeper_running("8765"));
  assert_tmp_empty();
}

/* An engine that floods its log with raw bytes and an ERROR line: the case fails with an excerpt
 * that is escaped, and the CSV and XML stay valid text. */
static void raw_log_bytes_stay_valid(void **state) {
  (void)state;
  fake_lmp("head -c 3000000 /dev/urandom > \"$log\"\n"
           "printf '\\nERROR: bad \\033[31m\\377\\376 <pair> & \"coeff\" \\001\\n' >> \"$log\"\nexit 1");
  CmdResult r;
  const char *args[] = {"--quick", "--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hooke/velocity/",
                        "--data", data_dir, NULL};
  run_verify(&r, args);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "did not run"));
  assert_clean_text("data/verify.csv");
  assert_clean_text("data/verify-junit.xml");
  assert_clean_text("data/verify-engines.csv");
  assert_tmp_empty();
}

/* SIGTERM to the verifier while the engine runs: the engine's whole tree dies with it and the
 * scratch folder is removed. */
static void sigterm_leaves_nothing(void **state) {
  (void)state;
  fake_lmp("sleep 8766\nexit 0");
  const char *argv[] = {verify_bin(), "--quick", "--no-lammps", "--engine", "lammps", "--filter",
                        "engine/lammps/hooke/", "--data", data_dir, NULL};
  char *saved = fake_env(test_path("tmp"));
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  assert_int_equal(posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  real_env(saved);
  for (int k = 0; k < 500 && !sleeper_running("8766"); k++) nanosleep(&(struct timespec){0, 10000000}, NULL);
  assert_true(sleeper_running("8766"));
  kill(pid, SIGTERM);
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  for (int k = 0; k < 100 && sleeper_running("8766"); k++) nanosleep(&(struct timespec){0, 10000000}, NULL); /* SIGKILL is delivered at once */
  assert_false(sleeper_running("8766"));
  assert_tmp_empty();
}

/* `grandamp engines bench` against a hung lmp (a shell waiting on its own child): each run killed
 * with the child at --timeout, the engine unresponsive after three, the rest failed at once;
 * nothing left running or in TMPDIR, exit 1. */
static void bench_hung_engine_is_bounded(void **state) {
  (void)state;
  char data[512], rows[512], packings[600], out[512];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  const char *pack[] = {"packing", "--type", "fcc", "--n", "500", "--out", data, NULL};
  CmdResult r;
  run_grandamp(&r, pack);
  assert_status(r, 0);
  snprintf(rows, sizeof rows, "%s", test_path("rows.csv"));
  FILE *f = fopen(rows, "w");
  assert_non_null(f);
  for (int k = 0; k < 5; k++)
    fprintf(f, "hooke,velocity,nohistory,hooke 1000 %d tangential linear_nohistory 0 0 damping velocity\n", k + 1);
  fclose(f);
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  fake_lmp("sleep 8767\nexit 0");
  const char *args[] = {"engines", "bench", "--rows", rows, "--packings", packings, "--engines", "lammps", "--ranks",
                        "1", "--steps", "20", "--timeout", "1", "--out", out, NULL};
  char *saved = fake_env(test_path("tmp"));
  const double t0 = seconds();
  run_grandamp(&r, args);
  const double elapsed = seconds() - t0;
  real_env(saved);
  assert_status(r, 1);
  assert_true(elapsed < 10.0); /* three 1 s limits (and their second of grace), then nothing */
  assert_non_null(strstr(r.err, "killed after 1 s"));
  assert_non_null(strstr(r.err, "[5/5] lammps fcc hooke/velocity/nohistory, 1 rank(s): FAIL: lammps unresponsive: 3 "));
  assert_false(sleeper_running("8767"));
  assert_tmp_empty();
}

/* The six collisions of one hooke + velocity parameter (v = 1, 0.01, 10 at N = 50 and 200), run
 * as one batch; the fake answers e = 0.7, the target, so the v = 1 cases pass. Each start of the
 * fake (not the probe) appends a line to the file starts. */
static const char *const SIX[] = {"--no-lammps", "--engine", "lammps", "--filter",
                                  "engine/lammps/hooke/velocity/equal/e=0.7/", "--data", data_dir, NULL};

/* The fake's body: the second collision it meets (over every start, counted in the file count)
 * does MISHAP, every other one answers e = 0.7; each start's first collision appends a line to
 * the file starts. */
static void fake_lmp_mishap_at_second(const char *mishap) {
  char body[2048];
  snprintf(body, sizeof body,
           "[ -z \"$started\" ] && { echo start >> '%s'; started=1; }\n"
           "n=$(( $(cat '%s' 2>/dev/null || echo 0) + 1 )); echo $n > '%s'\n"
           "if [ $n = 2 ]; then %s; fi\n%s",
           test_path("starts"), test_path("count"), test_path("count"), mishap, RESULT("-0.35", "0.35"));
  fake_lmp(body);
}

static int count_lines(const char *file) {
  FILE *f = fopen(test_path(file), "r");
  int n = 0;
  for (int c; f && (c = fgetc(f)) != EOF;) n += c == '\n';
  if (f) fclose(f);
  return n;
}

/* A crash in the middle of a batch fails the collision that was running (its e and t_c), not the
 * one before it, which keeps its verdict; the collisions after it run in a new start and pass. */
static void crash_mid_batch_fails_only_that_case(void **state) {
  (void)state;
  fake_lmp_mishap_at_second("kill -SEGV $$");
  CmdResult r;
  run_verify(&r, SIX);
  assert_status(r, 3);
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "FAIL engine/lammps/hooke/velocity/equal/e=0.7/v=0.01/N=50/e"));
  assert_non_null(strstr(r.out, "did not run: lmp died of signal 11"));
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=200/e"));
  int failed_runs = 0; /* the crashed collision's two cases, none other */
  for (const char *p = r.out; (p = strstr(p, "did not run")); p++) failed_runs++;
  assert_int_equal(failed_runs, 2);
  assert_null(strstr(r.out, "unresponsive"));
  FILE *f = fopen(test_path("count"), "r");
  int collisions = 0;
  assert_non_null(f);
  assert_int_equal(fscanf(f, "%d", &collisions), 1);
  fclose(f);
  assert_int_equal(collisions, 6);               /* each collision ran once: none again, none lost */
  assert_int_equal(count_lines("starts"), 2);    /* six collisions in two starts: the crash's, then the rest */
  assert_tmp_empty();
}

/* A hang in the middle of a batch: killed at the batch's limit (one start-up and slack plus the
 * work of its cases, seconds here), with everything it started; only that collision fails, the
 * ones before and after it keep or get their verdicts. */
static void hang_mid_batch_is_bounded(void **state) {
  (void)state;
  fake_lmp_mishap_at_second("sleep 8768");
  CmdResult r;
  const double seconds = run_verify(&r, SIX);
  assert_status(r, 3);
  assert_true(seconds < 20.0);
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "FAIL engine/lammps/hooke/velocity/equal/e=0.7/v=0.01/N=50/e"));
  assert_non_null(strstr(r.out, "did not run: lmp killed after"));
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=200/e"));
  assert_false(sleeper_running("8768"));
  assert_tmp_empty();
}

/* A TMPDIR that is no writable folder is refused before any case runs (not once per case). */
static void tmpdir_checked_before_the_work(void **state) {
  (void)state;
  fake_lmp("kill -SEGV $$");
  CmdResult r;
  const char *args[] = {"--quick", "--no-lammps", "--engine", "lammps", "--data", data_dir, NULL};
  char *saved = fake_env(test_path("no-such-folder"));
  run_program(&r, verify_bin(), args);
  real_env(saved);
  assert_status(r, 2);
  assert_non_null(strstr(r.err, "is not a writable folder"));
  assert_null(strstr(r.out, "FAIL"));
}


/* A fake lmp written whole: SCRIPT after a line that appends "call" to the file calls (every
 * start, the probe's included). */
static void fake_lmp_script(const char *script) {
  FILE *f = fopen(test_path("bin/lmp"), "w");
  assert_non_null(f);
  fprintf(f, "#!/bin/sh\necho call >> '%s'\n%s\n", test_path("calls"), script);
  fclose(f);
  assert_int_equal(chmod(test_path("bin/lmp"), 0755), 0);
}

/* Runs the verifier as run_verify does, every limit a tenth (GRANDAMP_ENGINE_TIME_SCALE): a hang
 * costs a tenth of its limit. */
static void run_verify_scaled(CmdResult *r, const char *const *args) {
  setenv("GRANDAMP_ENGINE_TIME_SCALE", "0.1", 1);
  run_verify(r, args);
  unsetenv("GRANDAMP_ENGINE_TIME_SCALE");
}

static int count_in(const char *text, const char *what) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, what)); p++) n++;
  return n;
}

/* The lines of text that hold both a and b (the case lines, not the summary's repeat of them). */
static int count_lines_with(const char *text, const char *a, const char *b) {
  int n = 0;
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    const size_t len = end ? (size_t)(end - line) : strlen(line);
    char buf[2048];
    snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
    n += strstr(buf, a) && strstr(buf, b);
    line += len + (end != NULL);
  }
  return n;
}

/* The limits of the batch lines on stderr ("..., limit X s: ..."), in order; how many. */
static int batch_limits(const char *err, double *limits, int max) {
  int n = 0;
  for (const char *p = err; n < max && (p = strstr(p, "grandamp-verify: lammps batch: ")); p++) {
    const char *l = strstr(p, ", limit ");
    if (l) limits[n++] = strtod(l + 8, NULL);
  }
  return n;
}

/* The limits EngineHealth chooses, from the starts it is told of (no engine run): the full limit
 * until a start is killed at its limit after finishing cases; then the start-up and slack plus
 * ENGINE_LEARNED_MARGIN times what each finished case took beyond the start-up, until a start
 * succeeds; three failed starts in a row (none finished, or killed) make it unresponsive. */
static void health_limits_and_streak(void **state) {
  (void)state;
  EngineHealth h = {.name = "fake", .startup_s = 0.4, .learned_case_s = NAN};
  const double full = 3.0 + 10.0 * 0.4 + 20.0;
  assert_float_equal(engine_health_limit(&h, 3.0, 20.0, 46), full, 1e-12);
  /* killed after two cases, the second done 0.5 s after the start: 0.05 s a case */
  assert_false(engine_health_note(&h, &(EngineStart){.finished = 2, .fault = PROC_FAULT_TIMEOUT, .finished_s = 0.5}));
  assert_int_equal(h.streak, 1);
  assert_float_equal(engine_health_limit(&h, 3.0, 20.0, 46), 3.0 + 4.0 + ENGINE_LEARNED_MARGIN * 0.05 * 46, 1e-12);
  assert_float_equal(engine_health_limit(&h, 3.0, 0.5, 46), 3.0 + 4.0 + 0.5, 1e-12); /* never above the full one */
  /* an exit with status 1 that finished nothing: still a failed start */
  assert_false(engine_health_note(&h, &(EngineStart){.finished = 0, .fault = PROC_FAULT_NONE, .finished_s = NAN}));
  assert_int_equal(h.streak, 2);
  /* a start that finished its cases sets both back */
  assert_false(engine_health_note(&h, &(EngineStart){.finished = 5, .fault = PROC_FAULT_NONE, .finished_s = 0.6}));
  assert_int_equal(h.streak, 0);
  assert_float_equal(engine_health_limit(&h, 3.0, 20.0, 46), full, 1e-12);
  for (int k = 0; k < 2; k++)
    assert_false(engine_health_note(&h, &(EngineStart){.finished = 0, .fault = PROC_FAULT_SIGNAL, .finished_s = NAN}));
  assert_true(engine_health_note(&h, &(EngineStart){.finished = 3, .fault = PROC_FAULT_TIMEOUT, .finished_s = 1.0,
                                                     .why = "lmp killed after 27 s"}));
  assert_int_equal(h.starts, 6);
  assert_non_null(strstr(h.dead, "fake unresponsive: 3 starts in a row"));
  assert_non_null(strstr(h.dead, "(the last: lmp killed after 27 s)"));
}

/* A probe that hangs (lmp -in /dev/null never returns): killed at its limit (10 s, a tenth here),
 * the engine unresponsive at once with that reason; no real run is started, every case fails. */
static void hung_probe_fails_every_case_at_once(void **state) {
  (void)state;
  fake_lmp_script("sleep 8770");
  CmdResult r;
  run_verify_scaled(&r, SIX);
  assert_status(r, 3);
  assert_int_equal(count_lines("calls"), 1); /* the probe, and no start after it */
  assert_non_null(strstr(r.out, "lammps unresponsive: its start-up probe (lmp -in /dev/null -log none -screen none) "
                                "failed: lmp killed after 1 s"));
  assert_non_null(strstr(r.out, "\n0 passed, 12 failed"));
  assert_false(sleeper_running("8770"));
  assert_tmp_empty();
}

/* An engine that exits non-zero before finishing any case (its probe answers): every such start
 * counts toward the streak, whatever its exit status; unresponsive after three starts. */
static void failed_exits_count_toward_the_streak(void **state) {
  (void)state;
  fake_lmp_script("[ \"$2\" = /dev/null ] && exit 0\nexit 1");
  CmdResult r;
  run_verify_scaled(&r, SIX);
  assert_status(r, 3);
  assert_int_equal(count_lines("calls"), 1 + 3); /* the probe, then three starts */
  assert_non_null(strstr(r.out, "lammps unresponsive: 3 starts in a row finished no case"));
  assert_non_null(strstr(r.out, "\n0 passed, 12 failed"));
  assert_int_equal(count_in(r.err, "grandamp-verify: lammps batch: "), 3); /* a line per batch while they run */
  assert_tmp_empty();
}

/* An engine that hangs at the third collision of every start: the two before it finish, and still
 * the start counts toward the streak (it was killed at its limit); the next starts get a limit
 * from what those cases took, less than the first; unresponsive after three starts. */
static void hang_at_same_point_is_recognised(void **state) {
  (void)state;
  char body[1024];
  snprintf(body, sizeof body,
           "[ -z \"$started\" ] && { echo start >> '%s'; started=1; n=0; }\n"
           "n=$((n + 1)); [ $n = 3 ] && sleep 8771\n%s",
           test_path("starts"), RESULT("-0.35", "0.35"));
  fake_lmp(body);
  CmdResult r;
  const char *args[] = {"--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hooke/velocity/", "--data",
                        data_dir, NULL};
  run_verify_scaled(&r, args);
  assert_status(r, 3);
  assert_int_equal(count_lines("starts"), 3);
  assert_non_null(strstr(r.out, "lammps unresponsive: 3 starts in a row"));
  double limits[8];
  assert_int_equal(batch_limits(r.err, limits, 8), 3); /* a line per batch, while they run */
  if (!(limits[1] <= limits[0] && limits[2] <= limits[0]))
    fail_msg("limits %g, %g, %g: the second or third above the first", limits[0], limits[1], limits[2]);
  /* the two finished collisions of each start keep their results (an e read, not a failed run);
   * the case lines only ("[k/N] STATUS ..."), not the list of failures at the end */
  assert_int_equal(count_lines_with(r.out, "/e  measured=", "] ") - count_lines_with(r.out, "/e  measured=nan", "] "), 6);
  assert_false(sleeper_running("8771"));
  assert_tmp_empty();
}

/* `engines bench --ranks 2` (through a fake mpirun that starts the fake lmp) against an lmp that
 * exits 1 at once on every run, its probe answered: the same rules as one rank, unresponsive after
 * three starts; the other runs fail at once with the reason, exit 1. */
static void bench_failed_exits_on_two_ranks(void **state) {
  (void)state;
  char data[512], rows[512], packings[600], out[512];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  const char *pack[] = {"packing", "--type", "fcc", "--n", "500", "--out", data, NULL};
  CmdResult r;
  run_grandamp(&r, pack);
  assert_status(r, 0);
  snprintf(rows, sizeof rows, "%s", test_path("rows.csv"));
  FILE *f = fopen(rows, "w");
  assert_non_null(f);
  for (int k = 0; k < 5; k++)
    fprintf(f, "hooke,velocity,nohistory,hooke 1000 %d tangential linear_nohistory 0 0 damping velocity\n", k + 1);
  fclose(f);
  f = fopen(test_path("bin/mpirun"), "w"); /* drops its own options, runs the rest */
  assert_non_null(f);
  fputs("#!/bin/sh\nwhile [ $# -gt 0 ]; do case \"$1\" in -np) shift 2;; --*) shift;; *) break;; esac; done\n"
        "exec \"$@\"\n", f);
  fclose(f);
  assert_int_equal(chmod(test_path("bin/mpirun"), 0755), 0);
  fake_lmp_script("[ \"$2\" = /dev/null ] && exit 0\nexit 1");
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  const char *args[] = {"engines", "bench", "--rows", rows, "--packings", packings, "--engines", "lammps", "--ranks",
                        "2", "--steps", "20", "--out", out, NULL};
  char *saved = fake_env(test_path("tmp"));
  run_grandamp(&r, args);
  real_env(saved);
  assert_status(r, 1);
  assert_int_equal(count_lines("calls"), 1 + 3); /* the probe, then three starts */
  assert_non_null(strstr(r.err, "[5/5] lammps fcc hooke/velocity/nohistory, 2 rank(s): FAIL: lammps unresponsive: 3 starts"));
  assert_tmp_empty();
}

/* The seed's claim compares two runs of the same fake: with e = 1.5, -0.5 or NaN both are
 * impossible, and every quantity of those runs fails with the reason (none passes because the
 * two impossible numbers agree). */
static void impossible_run_fails_every_quantity(void **state) {
  (void)state;
  static const char *const V[][3] = {{"-0.75", "0.75", "> 1 + 0.1 along the normal"}, {"0.25", "-0.25", "< 0 along the normal"},
                                     {"nan", "nan", "(not finite"}};
  const char *args[] = {"--quick", "--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/seed-claim/",
                        "--data", data_dir, NULL};
  for (size_t k = 0; k < sizeof V / sizeof *V; k++) {
    char body[1024];
    snprintf(body, sizeof body,
             "printf 'LAMMPS (29 Sep 2021 - fake)\\nGRANDAMP_RESULT v1=%s v2=%s\\n"
             "GRANDAMP_OBLIQUE vy1=0 vy2=0 wz1=0 wz2=0\\n' > \"$log\"\n"
             "printf -- '-1e-9\\n-1e-9\\n-1e-9\\n-1e-9\\n' > \"$gap\"",
             V[k][0], V[k][1]);
    fake_lmp(body);
    CmdResult r;
    run_verify(&r, args);
    assert_status(r, 3);
    if (strstr(r.out, "PASS engine/")) fail_msg("e from v1 = %s passes a quantity:\n%.3000s", V[k][0], r.out);
    if (!strstr(r.out, V[k][2])) fail_msg("no '%s' in\n%.2000s", V[k][2], r.out);
    assert_int_equal(count_in(r.out, "FAIL engine/"), count_in(r.out, "impossible result from lammps"));
  }
}

const struct CMUnitTest fake_engines_tests[] = {
    cmocka_unit_test_setup_teardown(tmpdir_checked_before_the_work, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(bench_hung_engine_is_bounded, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(crash_is_never_a_known_defect, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(impossible_numbers_fail, setup, test_dir_teardown),
    tagged_test_setup_teardown(slow, hung_engine_is_bounded, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(raw_log_bytes_stay_valid, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(sigterm_leaves_nothing, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(crash_mid_batch_fails_only_that_case, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(hang_mid_batch_is_bounded, setup, test_dir_teardown),
    cmocka_unit_test(health_limits_and_streak),
    cmocka_unit_test_setup_teardown(hung_probe_fails_every_case_at_once, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(failed_exits_count_toward_the_streak, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(hang_at_same_point_is_recognised, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(impossible_run_fails_every_quantity, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(bench_failed_exits_on_two_ranks, setup, test_dir_teardown),
};
const size_t fake_engines_ntests = sizeof fake_engines_tests / sizeof fake_engines_tests[0];
