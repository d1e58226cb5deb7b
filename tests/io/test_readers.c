/*
 * test_readers.c - every file the tools read is bounded and checked (issue 36, items 3, 6 and 8):
 * the shared line reader (src/base/textfile.c) with small limits; calibrate's points file (a
 * UTF-8 BOM, only the exact header); engines bench's rows (a NUL byte, /dev/zero); the
 * verifier's --compare file (empty, header-only, a directory, a device, records that are not
 * cases, its memory); the engines' logs (NUL, over-long lines, counts out of range, a line split
 * by a short buffer); and engines bench against a stand-in lmp that reports impossible times.
 */
#define _GNU_SOURCE /* mallinfo2 */
#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests.h"

#include "bench_rows.h"
#include "calibrate.h"
#include "compare.h"
#include "engine.h"
#include "lammps.h"
#include "liggghts.h"
#include "run.h"
#include "textfile.h"
#include "yade.h"

static void write_bytes(const char *path, const char *bytes, size_t n) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(bytes, 1, n, f), n);
  fclose(f);
}

static void write_text(const char *path, const char *text) { write_bytes(path, text, strlen(text)); }

static bool has_error(const ErrList *err, const char *want) {
  for (int k = 0; k < err->n; k++)
    if (strstr(err->msg[k], want)) return true;
  return false;
}

static void print_errors(const ErrList *err) {
  for (int k = 0; k < err->n; k++) fprintf(stderr, "  %s\n", err->msg[k]);
}

/* ---- the shared reader, with small limits ---- */

static void textfile_bounds_lines_and_bytes(void **state) {
  (void)state;
  char path[600];
  snprintf(path, sizeof path, "%s", test_path("t.txt"));
  /* a line over the limit is refused (not cut) and the reading goes on after it; CRLF ends */
  write_text(path, "short\r\n0123456789ABCDEF\nlast");
  TextFile t;
  assert_true(textfile_open(&t, path, 1000, 10));
  assert_int_equal(textfile_next(&t), 1);
  assert_string_equal(t.text, "short");
  assert_int_equal(textfile_next(&t), -1);
  assert_false(t.fatal);
  if (!strstr(t.why, ":2: a line longer than 10 bytes")) fail_msg("%s", t.why);
  assert_int_equal(textfile_next(&t), 1);
  assert_string_equal(t.text, "last");
  assert_int_equal(t.line, 3);
  assert_int_equal(textfile_next(&t), 0);
  textfile_close(&t);
  /* a NUL byte ends the reading, with its line */
  write_bytes(path, "a\nb\0c\nd\n", 8);
  assert_true(textfile_open(&t, path, 1000, 10));
  assert_int_equal(textfile_next(&t), 1);
  assert_int_equal(textfile_next(&t), -1);
  assert_true(t.fatal);
  if (!strstr(t.why, ":2: a NUL byte")) fail_msg("%s", t.why);
  assert_int_equal(textfile_next(&t), 0);
  textfile_close(&t);
  /* a regular file over the total is refused before reading */
  assert_false(textfile_open(&t, path, 4, 10));
  if (!strstr(t.why, "8 bytes, more than the 4")) fail_msg("%s", t.why);
  /* a pipe over the total is cut off at the limit, not read to its end */
  int fd[2];
  assert_int_equal(pipe(fd), 0);
  char many[3000];
  memset(many, 'x', sizeof many);
  for (int k = 49; k < (int)sizeof many; k += 50) many[k] = '\n';
  assert_int_equal(write(fd[1], many, sizeof many), (ssize_t)sizeof many);
  close(fd[1]);
  char pipe_path[64];
  snprintf(pipe_path, sizeof pipe_path, "/proc/self/fd/%d", fd[0]);
  assert_true(textfile_open(&t, pipe_path, 1000, 100));
  int rc, lines = 0;
  while ((rc = textfile_next(&t)) == 1) lines++;
  assert_int_equal(rc, -1);
  assert_true(t.fatal);
  if (!strstr(t.why, "more than 1000 bytes")) fail_msg("%s", t.why);
  textfile_close(&t);
  close(fd[0]);
  /* what is not a file or a pipe */
  assert_false(textfile_open(&t, "/dev/zero", 1000, 100));
  if (!strstr(t.why, "a device")) fail_msg("%s", t.why);
  assert_false(textfile_open(&t, "/tmp", 1000, 100));
  if (!strstr(t.why, "a directory")) fail_msg("%s", t.why);
  assert_false(textfile_open(&t, "", 1000, 100));
  /* an engine's file must be a regular file: a FIFO without a writer is refused, not waited on */
  char fifo[600];
  snprintf(fifo, sizeof fifo, "%s", test_path("fifo"));
  assert_int_equal(mkfifo(fifo, 0600), 0);
  assert_false(textfile_open_regular(&t, fifo, 1000, 100));
  if (!strstr(t.why, "not a regular file")) fail_msg("%s", t.why);
  unlink(fifo);
}

/* ---- calibrate's points ---- */

static void points_header_is_exact_and_bom_is_accepted(void **state) {
  (void)state;
  char path[600];
  snprintf(path, sizeof path, "%s", test_path("p.csv"));
  CalibratePoint pts[8];
  ErrList err = {0};
  /* a UTF-8 BOM before the header: stripped */
  write_text(path, "\xEF\xBB\xBFv,e\n1,0.5\n2,0.4\n");
  assert_int_equal(calibrate_read_points(path, pts, 8, &err), 2);
  if (err.n) {
    print_errors(&err);
    fail_msg("a BOM-prefixed header was refused");
  }
  /* a BOM before a first point */
  write_text(path, "\xEF\xBB\xBF" "1,0.5\n");
  assert_int_equal(calibrate_read_points(path, pts, 8, &err), 1);
  assert_int_equal(err.n, 0);
  /* a typo'd header is not taken as the header: an error at its line, the points still read */
  static const char *const TYPO[] = {"v,E\n1,0.5\n", "speed,e\n1,0.5\n", "# units: m/s\nv;e\n1,0.5\n",
                                     "\xEF\xBB\xBFve,e\n1,0.5\n"};
  static const char *const LINE[] = {":1: 'v,E' is neither the header", ":1: 'speed,e'", ":2: 'v;e'", ":1: 've,e'"};
  for (size_t k = 0; k < sizeof TYPO / sizeof *TYPO; k++) {
    write_text(path, TYPO[k]);
    assert_int_equal(calibrate_read_points(path, pts, 8, &err), 1);
    if (err.n != 1 || !strstr(err.msg[0], LINE[k])) {
      print_errors(&err);
      fail_msg("case %zu: expected one error '%s'", k, LINE[k]);
    }
    errlist_free(&err);
  }
  /* a header that is not the first line is an error too */
  write_text(path, "1,0.5\nv,e\n");
  assert_int_equal(calibrate_read_points(path, pts, 8, &err), 1);
  assert_true(has_error(&err, ":2: 'v,e' is not 'v,e' (two numbers)"));
  errlist_free(&err);
  /* a line over 4096 bytes: refused with its number, not cut into a point */
  char line[5000];
  memset(line, ' ', sizeof line);
  memcpy(line, "1,0.5", 5);
  line[sizeof line - 2] = '7', line[sizeof line - 1] = '\n';
  FILE *f = fopen(path, "w");
  fputs("v,e\n", f);
  fwrite(line, 1, sizeof line, f);
  fputs("2,0.4\n", f);
  fclose(f);
  assert_int_equal(calibrate_read_points(path, pts, 8, &err), 1);
  assert_true(has_error(&err, ":2: a line longer than 4096 bytes"));
  errlist_free(&err);
  /* a NUL byte */
  write_bytes(path, "v,e\n1,0.5\n2,0\0.4\n", 18);
  calibrate_read_points(path, pts, 8, &err);
  assert_true(has_error(&err, ":3: a NUL byte"));
  errlist_free(&err);
}

/* calibrate --data /dev/stdin from /dev/zero ends at once (it grew without bound per line). */
static void points_from_endless_stdin_end(void **state) {
  (void)state;
  CmdResult r;
  char cmd[800];
  const char *bin = getenv("GRANDAMP_BIN");
  snprintf(cmd, sizeof cmd, "timeout 20 %s calibrate --material 48e9 0.2 2800 --radius 0.005 --data /dev/stdin "
           "</dev/zero 2>%s; echo $? >%s",
           bin ? bin : "build/grandamp", test_path("err"), test_path("rc"));
  assert_int_equal(system(cmd), 0);
  FILE *f = fopen(test_path("rc"), "r");
  int rc = -1;
  assert_int_equal(fscanf(f, "%d", &rc), 1);
  fclose(f);
  assert_int_equal(rc, 2);
  f = fopen(test_path("err"), "r");
  const size_t n = fread(r.err, 1, sizeof r.err - 1, f);
  r.err[n] = '\0';
  fclose(f);
  if (!strstr(r.err, "/dev/stdin:1: a NUL byte")) fail_msg("%s", r.err);
}

/* ---- engines bench's rows ---- */

static const char ROW[] = "hertz_material,tsuji,nohistory,hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji";

static void rows_refuse_nul_and_devices(void **state) {
  (void)state;
  char path[600], text[512];
  snprintf(path, sizeof path, "%s", test_path("rows.csv"));
  static BenchRow rows[BENCH_MAX_ROWS];
  ErrList err = {0};
  /* a NUL byte cut the line before: "...damping tsuji\0 garbage" read as the row */
  const int n = snprintf(text, sizeof text, "%s\n%s", ROW, ROW);
  text[n] = '\0', text[n + 1] = 'x', text[n + 2] = '\n';
  write_bytes(path, text, (size_t)n + 3);
  bench_rows_read(path, rows, &err);
  if (!has_error(&err, ":2: a NUL byte")) {
    print_errors(&err);
    fail_msg("no NUL error");
  }
  errlist_free(&err);
  /* a bad line and a bad model text: both listed, with their lines */
  snprintf(text, sizeof text, "%s\nno commas here\nhooke,velocity,nohistory,hooke -1 0\n", ROW);
  write_text(path, text);
  assert_int_equal(bench_rows_read(path, rows, &err), 1);
  if (!has_error(&err, ":2: 'no commas here' is not normal,damping,tangential") || !has_error(&err, ":3: ")) {
    print_errors(&err);
    fail_msg("bad rows not listed with their lines");
  }
  errlist_free(&err);
  /* /dev/zero is refused at once, through the command (it never ended) */
  CmdResult r;
  run_grandamp(&r, (const char *const[]){"engines", "bench", "--rows", "/dev/zero", "--packings", "fcc=/nonexistent.data",
                                         "--out", test_path("o.csv"), NULL});
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, "--rows: /dev/zero: a device")) fail_msg("%s", r.err);
}

/* ---- the verifier's --compare ---- */

static void compare_refuses_what_is_not_a_run(void **state) {
  (void)state;
  char path[600];
  snprintf(path, sizeof path, "%s", test_path("prev.csv"));
  static const struct {
    const char *text, *want;
  } BAD[] = {
      {"", "empty"},
      {"group,name,status,measured,expected,abs_diff,tolerance\n", "a header and no case"},
      {"group,name,status,measured,tolerance\n\"g\",\"a\",PASS,1,0\n\"g\",\"b\",MAYBE,1,0\n\"g\",\"c\",PASS,x,0\n"
       "\"g\",\"d\n",
       ":3: a status that is not PASS"},
      {"group,name,status,measured,tolerance\n\"g\",\"a\",PASS,1,0\n\"g\",\"b\",MAYBE,1,0\n\"g\",\"c\",PASS,x,0\n",
       ":4: a measured value that is not a number"},
      {"group,name,status,measured,tolerance\n\"g\",\"a\",PASS,1\n", ":2: fewer fields than the header"},
      {"group,name,status,measured,tolerance\n\"g\",\"a\",PASS,1,0\n\"g\",\"a\",FAIL,1,0\n", "case a appears twice"},
      {"what,ever\n1,2\n", "not a grandamp-verify CSV"},
  };
  Previous prev;
  char why[4200];
  for (size_t k = 0; k < sizeof BAD / sizeof *BAD; k++) {
    write_text(path, BAD[k].text);
    if (previous_load(&prev, path, why, sizeof why)) fail_msg("case %zu read as a previous run", k);
    if (!strstr(why, BAD[k].want)) fail_msg("case %zu: '%s' lacks '%s'", k, why, BAD[k].want);
  }
  assert_false(previous_load(&prev, "/dev/zero", why, sizeof why));
  assert_non_null(strstr(why, "a device"));
  /* a quoted field across lines, CRLF ends: read */
  write_text(path, "group,name,status,measured,tolerance\r\n\"g\",\"a\",PASS,1,0\r\n\"g\",\"two\nlines\",XFAIL,nan,0.5\n");
  if (!previous_load(&prev, path, why, sizeof why)) fail_msg("%s", why);
  assert_int_equal(prev.n, 2);
  assert_string_equal(previous_name(&prev, &prev.c[1]), "two\nlines");
  assert_string_equal(previous_statuses[prev.c[1].status], "XFAIL");
  previous_free(&prev);
  /* through the verifier: a directory, an empty file, exit 2 before any case runs */
  CmdResult r;
  write_text(path, "");
  const char *bin = verify_bin();
  run_program(&r, bin, (const char *const[]){"--filter", "reference/hooke/tsuji/delta-end", "--compare", path, NULL});
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, "empty")) fail_msg("%s", r.err);
  run_program(&r, bin, (const char *const[]){"--filter", "reference/hooke/tsuji/delta-end", "--compare", "/tmp", NULL});
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, "a directory")) fail_msg("%s", r.err);
}

/* A previous file of many short cases costs a few times its size, not 28 times (224 bytes a case). */
static void compare_memory_is_compact(void **state) {
  (void)state;
  char path[600];
  snprintf(path, sizeof path, "%s", test_path("big.csv"));
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("name,status,measured,tolerance\n", f);
  for (int k = 0; k < 100000; k++) fprintf(f, "%x,PASS,0,0\n", k);
  const long size = ftell(f);
  fclose(f);
  const size_t before = mallinfo2().uordblks;
  Previous prev;
  char why[4200];
  if (!previous_load(&prev, path, why, sizeof why)) fail_msg("%s", why);
  const size_t held = mallinfo2().uordblks - before;
  assert_int_equal(prev.n, 100000);
  previous_free(&prev);
  if ((double)held > 4.0 * (double)size) fail_msg("%zu bytes held for a file of %ld bytes", held, size);
}

/* ---- the engines' logs ---- */

static void engine_logs_refuse_nul_and_long_lines(void **state) {
  (void)state;
  char path[600];
  snprintf(path, sizeof path, "%s", test_path("log.lammps"));
  double v1, v2;
  char version[64], why[512];
  /* a line longer than the adapters' 1024-byte buffer whose 1024th byte starts a result line:
   * fgets read the rest as a line of its own, and the echo of a command became the result */
  char text[4096];
  int n = snprintf(text, sizeof text, "LAMMPS (29 Sep 2021)\n");
  const int start = n;
  n += snprintf(text + n, sizeof text - (size_t)n, "print \"");
  while (n < start + 1023) text[n++] = 'x';
  snprintf(text + n, sizeof text - (size_t)n, "GRANDAMP_RESULT v1=1 v2=2\"\n");
  write_text(path, text);
  assert_false(lammps_read_log(path, &v1, &v2, version, sizeof version, why, sizeof why));
  if (!strstr(why, "no result line")) fail_msg("%s", why);
  /* a NUL byte in the log: refused with its line */
  write_bytes(path, "LAMMPS (29 Sep 2021)\nxx\0\nGRANDAMP_RESULT v1=-1 v2=1\n", 51);
  assert_false(lammps_read_log(path, &v1, &v2, version, sizeof version, why, sizeof why));
  if (!strstr(why, ":2: a NUL byte")) fail_msg("%s", why);
  /* a result line longer than its buffer is refused, not cut */
  n = snprintf(text, sizeof text, "GRANDAMP_RESULT v1=-1 v2=1");
  while (n < 2000) text[n++] = '5';
  text[n++] = '\n', text[n] = '\0';
  write_text(path, text);
  assert_false(lammps_read_log(path, &v1, &v2, version, sizeof version, why, sizeof why));
  if (!strstr(why, "GRANDAMP_RESULT line of")) fail_msg("%s", why);
  /* a line over 64 KiB */
  FILE *f = fopen(path, "w");
  for (int k = 0; k < 70000; k++) fputc('y', f);
  fputs("\nGRANDAMP_RESULT v1=-1 v2=1\n", f);
  fclose(f);
  assert_false(lammps_read_log(path, &v1, &v2, version, sizeof version, why, sizeof why));
  if (!strstr(why, ":1: a line longer than 65536 bytes")) fail_msg("%s", why);
  /* the last line of a log with a NUL byte is not quoted */
  write_bytes(path, "a\nb\0\n", 5);
  char last[64] = "(none)";
  assert_false(engine_file_line(path, NULL, last, sizeof last));
  assert_string_equal(last, "(none)");
}

/* Counts out of a long's range were converted (undefined behaviour); times are checked. */
static void engine_timing_numbers_are_checked(void **state) {
  (void)state;
  char path[600], why[512];
  snprintf(path, sizeof path, "%s", test_path("bench.log"));
  EngineTiming t;
  static const struct {
    const char *loop, *pair, *counts, *want;
  } LAMMPS[] = {
      {"0.5", "0.25", "1e300", "counted 1e+300"},
      {"0.5", "0.25", "nan", "counted nan"},
      {"nan", "0.25", "3000", "loop time of nan"},
      {"-0.5", "0.25", "3000", "loop time of -0.5"},
      {"0.5", "0.75", "3000", "Pair time of 0.75 s, longer than its loop of 0.5 s"},
      {"0.5", "1e-320", "3000", "gives no finite rate"},
      {"0.5", "-0", "3000", "Pair time of -0"},
  };
  for (size_t k = 0; k < sizeof LAMMPS / sizeof *LAMMPS; k++) {
    char text[1024];
    snprintf(text, sizeof text,
             "LAMMPS (29 Sep 2021)\nLoop time of %s on 1 procs for 20 steps with 500 atoms\n"
             "Pair    | %s       | %s       | %s       |   0.0 | 50.00\nGRANDAMP_BENCH contacts0=%s contacts=3000\n",
             LAMMPS[k].loop, LAMMPS[k].pair, LAMMPS[k].pair, LAMMPS[k].pair, LAMMPS[k].counts);
    write_text(path, text);
    memset(&t, 0, sizeof t);
    if (lammps_read_timing(path, &t, why, sizeof why)) fail_msg("lammps case %zu accepted", k);
    if (!strstr(why, LAMMPS[k].want)) fail_msg("lammps case %zu: '%s' lacks '%s'", k, why, LAMMPS[k].want);
  }
  /* within the breakdown's 4 digits the pair time may pass the loop's */
  write_text(path, "Loop time of 0.25 on 1 procs for 20 steps with 500 atoms\nPair | 0.2501 | 0.2501 | 0.2501 | 0 | 100\n"
                   "GRANDAMP_BENCH contacts0=3000 contacts=3000\n");
  memset(&t, 0, sizeof t);
  if (!lammps_read_timing(path, &t, why, sizeof why)) fail_msg("%s", why);
  write_text(path, "Loop time of 0.5 on 1 procs for 20 steps with 500 atoms\nPair  time (%) = 0.75 (150)\n"
                   "GRANDAMP_BENCH contacts0=3000 contacts=1e300\n");
  memset(&t, 0, sizeof t);
  assert_false(liggghts_read_timing(path, NULL, &t, why, sizeof why));
  if (!strstr(why, "counted 3000 and 1e+300")) fail_msg("%s", why);
  write_text(path, "Loop time of 0.5 on 1 procs for 20 steps with 500 atoms\nPair  time (%) = 0.75 (150)\n"
                   "GRANDAMP_BENCH contacts0=3000 contacts=3000\n");
  memset(&t, 0, sizeof t);
  assert_false(liggghts_read_timing(path, NULL, &t, why, sizeof why));
  if (!strstr(why, "longer than its loop")) fail_msg("%s", why);
  write_text(path, "GRANDAMP_BENCH pair_time_s=0.3 loop_time_s=0.2 atoms=4 contacts0=6 contacts=6 steps=2 threads=1 "
                   "version=v\n");
  memset(&t, 0, sizeof t);
  assert_false(yade_read_timing(path, &t, why, sizeof why));
  if (!strstr(why, "InteractionLoop time of 0.3 s, longer than its loop of 0.2 s")) fail_msg("%s", why);
}

/* ---- engines bench with a stand-in lmp that reports impossible numbers ---- */

/* A stand-in lmp: the Nth run writes the Nth of the given (loop, pair) times into its log. */
static void write_lying_lmp(const char *dir, const char *const *loop, const char *const *pair, int n) {
  char path[700];
  snprintf(path, sizeof path, "%s/lmp", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0 # the start-up probe is no run\n"
             "log=\nwhile [ $# -gt 0 ]; do [ \"$1\" = -log ] && log=$2; shift; done\n"
             "k=$(cat '%s/count' 2>/dev/null || echo 0); echo $((k + 1)) >'%s/count'\ncase $k in\n",
          dir, dir);
  for (int k = 0; k < n; k++) fprintf(f, "%d) loop=%s; pair=%s;;\n", k, loop[k], pair[k]);
  fprintf(f, "esac\n"
             "cat >\"$log\" <<END\nLAMMPS (29 Sep 2021 - Update 2)\n"
             "Loop time of $loop on 1 procs for 20 steps with 500 atoms\n"
             "Pair    | $pair | $pair | $pair |   0.0 | 50.00\n"
             "GRANDAMP_BENCH contacts0=3000 contacts=3000\nEND\n");
  fclose(f);
  assert_int_equal(chmod(path, 0755), 0);
}

static void engines_bench_refuses_impossible_times(void **state) {
  (void)state;
  CmdResult r;
  char data[600], rows[600], bindir[600], path[8192], packings[700], out[600];
  snprintf(data, sizeof data, "%s", test_path("fcc.data"));
  run_grandamp(&r, (const char *const[]){"packing", "--type", "fcc", "--n", "500", "--out", data, NULL});
  assert_int_equal(r.status, 0);
  /* the last four: past the ceiling, longer than the process that reported it ran, a pair time
   * that makes 6e13 contacts/s, a hexadecimal number; then one possible run */
  static const char *const LOOP[] = {"nan", "-0.5", "0.5", "0.5", "1e308", "50", "0.002", "0x10", "0.002"};
  static const char *const PAIR[] = {"0.25", "0.25", "0.75", "1e-320", "0.001", "0.001", "1e-9", "0.001", "0.001"};
  static const char *const WANT[] = {"loop time of nan", "loop time of -0.5", "longer than its loop",
                                     "gives no finite rate", "loop time of 1e+308 s (possible: > 0 and at most 1e+06 s)",
                                     "loop time of 50 s from a process that ran", "more than the ceiling of 1e+10",
                                     "not decimal: Loop time of 0x10", NULL};
  enum { N = 9 };
  snprintf(rows, sizeof rows, "%s", test_path("rows.csv"));
  FILE *f = fopen(rows, "w");
  for (int k = 0; k < N; k++) fprintf(f, "%s\n", ROW);
  fclose(f);
  snprintf(bindir, sizeof bindir, "%s", test_path("bin"));
  assert_int_equal(mkdir(bindir, 0755), 0);
  write_lying_lmp(bindir, LOOP, PAIR, N);
  const char *old = getenv("PATH");
  char *saved = old ? strdup(old) : NULL;
  snprintf(path, sizeof path, "%s:%s", bindir, saved ? saved : "/usr/bin:/bin");
  setenv("PATH", path, 1);
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  run_grandamp(&r, (const char *const[]){"engines", "bench", "--rows", rows, "--packings", packings, "--engines", "lammps",
                                         "--ranks", "1", "--steps", "20", "--out", out, NULL});
  if (saved) setenv("PATH", saved, 1), free(saved);
  else unsetenv("PATH");
  if (r.status != 1) fail_msg("exit %d, expected 1:\n%s", r.status, r.err);
  char csv[8192] = "";
  f = fopen(out, "r");
  assert_non_null(f);
  csv[fread(csv, 1, sizeof csv - 1, f)] = '\0';
  fclose(f);
  /* one line a run, in order: the header, the FAIL rows with their reasons, one PASS */
  const char *line = strchr(csv, '\n');
  for (int k = 0; k < N; k++) {
    assert_non_null(line);
    line++;
    const char *end = strchr(line, '\n');
    assert_non_null(end);
    char row[2048];
    snprintf(row, sizeof row, "%.*s", (int)(end - line), line);
    if (WANT[k] ? !strstr(row, ",,,FAIL,") || !strstr(row, WANT[k]) : !strstr(row, ",0.001,0.002,60000000,PASS,"))
      fail_msg("run %d: expected %s in\n%s", k, WANT[k] ? WANT[k] : "PASS", row);
    assert_null(strstr(row, "inf"));
    assert_null(strstr(row, "nan,"));
    line = end;
  }
}

const struct CMUnitTest readers_tests[] = {
    cmocka_unit_test_setup_teardown(textfile_bounds_lines_and_bytes, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(points_header_is_exact_and_bom_is_accepted, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(points_from_endless_stdin_end, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(rows_refuse_nul_and_devices, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(compare_refuses_what_is_not_a_run, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(compare_memory_is_compact, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(engine_logs_refuse_nul_and_long_lines, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(engine_timing_numbers_are_checked, test_dir_setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(engines_bench_refuses_impossible_times, test_dir_setup, test_dir_teardown),
};
const size_t readers_ntests = sizeof readers_tests / sizeof readers_tests[0];
