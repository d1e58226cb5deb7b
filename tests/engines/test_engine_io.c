/*
 * test_engine_io.c - what an engine may do to this machine, bounded (src/base/proc.h and the
 * engine layer's decks): its output capped while it writes (a file, its scratch folder, the free
 * space asked for before it starts), paths with a space carried whole into every LAMMPS deck
 * (or refused up front when they cannot be), and every process it started killed, its MPI ranks
 * in sessions of their own and the processes it detached included, when it ends and when this
 * process is killed. The engines are shell scripts first on PATH: no engine needs installing.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

#include "batch.h"
#include "lammps.h"
#include "proc.h"
#include "run.h"

extern char **environ;

static char dir[512]; /* the test's folder (test_path's buffers rotate) */

static int setup(void **state) {
  if (test_dir_setup(state)) return -1;
  snprintf(dir, sizeof dir, "%s", test_path("."));
  return mkdir(test_path("bin"), 0755) || mkdir(test_path("tmp"), 0755) || mkdir(test_path("tmp dir"), 0755) ||
         mkdir(test_path("data"), 0755);
}

/* An executable script bin/NAME with the text. */
static void write_script(const char *name, const char *text) {
  char path[600];
  snprintf(path, sizeof path, "%s/bin/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  assert_int_equal(fclose(f), 0);
  assert_int_equal(chmod(path, 0755), 0);
}

/* The fake engines first on PATH and TMPDIR set (NULL: unset), for what is started next; the old
 * PATH, to give back with real_env. */
static char *fake_env(const char *tmpdir) {
  char path[4096];
  const char *old = getenv("PATH");
  char *saved = strdup(old ? old : "/usr/bin:/bin");
  snprintf(path, sizeof path, "%s/bin:%s", dir, saved);
  setenv("PATH", path, 1);
  if (tmpdir) setenv("TMPDIR", tmpdir, 1);
  return saved;
}

static void real_env(char *saved) {
  setenv("PATH", saved, 1);
  unsetenv("TMPDIR");
  unsetenv(PROC_OUTPUT_ENV);
  free(saved);
}

#define assert_status(r, want)                                                                          \
  do {                                                                                                  \
    if ((r).status != (want)) fail_msg("exit %d, want %d; stderr: %.2000s", (r).status, (want), (r).err); \
  } while (0)

/* Whether pid runs (exists and is no zombie); a zombie child of this process is reaped. */
static bool running(pid_t pid) {
  char path[64], line[512];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return false;
  const bool got = fgets(line, sizeof line, f) != NULL;
  fclose(f);
  const char *paren = got ? strrchr(line, ')') : NULL;
  if (!paren || paren[1] != ' ') return false;
  if (paren[2] == 'Z' || paren[2] == 'X') {
    waitpid(pid, NULL, WNOHANG);
    return false;
  }
  return true;
}

/* Whether pid still runs after up to five seconds (SIGKILL is delivered at once: a bounded wait). */
static bool survives(pid_t pid) {
  for (int k = 0; k < 500 && running(pid); k++) nanosleep(&(struct timespec){0, 10000000}, NULL);
  return running(pid);
}

/* The whole numbers in the file (pids, a size), one a line, into v; their count. */
static int read_ints(const char *file, int *v, int max) {
  FILE *f = fopen(file, "r");
  int n = 0;
  while (f && n < max && fscanf(f, "%d", &v[n]) == 1) n++;
  if (f) fclose(f);
  return n;
}

/* Nothing left in the folder. */
static void assert_empty_folder(const char *path) {
  DIR *d = opendir(path);
  assert_non_null(d);
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) fail_msg("left in %s: %s", path, e->d_name);
  closedir(d);
}

/* ---- output capped ------------------------------------------------------------------------- */

/* A run of `sh -c SCRIPT` with its output in a scratch folder under the test's TMPDIR, the bound
 * lowered to 1 MiB; its status, with the fault and the reason. */
static int bounded_run(const char *script, ProcFault *fault, char *why, size_t why_size) {
  char *saved = fake_env(test_path("tmp"));
  setenv(PROC_OUTPUT_ENV, "1048576", 1);
  char scratch[4096], out[4200];
  assert_true(proc_scratch_make(scratch, sizeof scratch, "grandamp-test", why, why_size));
  snprintf(out, sizeof out, "%s/out", scratch);
  setenv("SCRATCH", scratch, 1);
  const char *argv[] = {"sh", "-c", script, NULL};
  const int rc = proc_spawn(argv, out, 60.0, why, why_size);
  *fault = proc_last_fault();
  proc_scratch_remove(scratch);
  unsetenv("SCRATCH");
  real_env(saved);
  return rc;
}

/* Each file a run writes stops at the bound (RLIMIT_FSIZE): a helper that writes past it fails
 * there, and a run that does so itself dies of SIGXFSZ with the bound named. */
static void a_file_stops_at_the_bound(void **state) {
  (void)state;
  char script[1024], why[512] = "";
  ProcFault fault;
  snprintf(script, sizeof script, "head -c 3000000 /dev/zero > \"$SCRATCH/big\"; wc -c < \"$SCRATCH/big\" > '%s/size'",
           dir);
  assert_int_equal(bounded_run(script, &fault, why, sizeof why), 0);
  int size[1];
  assert_int_equal(read_ints(test_path("size"), size, 1), 1);
  assert_int_equal(size[0], 1048576);
  assert_int_equal(bounded_run("exec head -c 3000000 /dev/zero > \"$SCRATCH/big\"", &fault, why, sizeof why), -1);
  assert_int_equal(fault, PROC_FAULT_OUTPUT);
  assert_non_null(strstr(why, "SIGXFSZ"));
  assert_non_null(strstr(why, "1 MiB"));
  assert_empty_folder(test_path("tmp"));
}

/* Files each under the bound but over it together, in the run's scratch folder: the run is
 * killed with that reason (long before its time limit, which it would sleep through). */
static void a_scratch_folder_stops_at_the_bound(void **state) {
  (void)state;
  char why[512] = "";
  ProcFault fault;
  const int rc = bounded_run("for k in 1 2 3 4; do head -c 400000 /dev/zero > \"$SCRATCH/f$k\"; done; sleep 8790",
                             &fault, why, sizeof why);
  assert_int_equal(rc, -1);
  assert_int_equal(fault, PROC_FAULT_OUTPUT);
  assert_non_null(strstr(why, "passed 1 MiB, the bound on what a run writes"));
  assert_empty_folder(test_path("tmp"));
}

/* The free space a run may need is asked of TMPDIR's file system first, with the reason. */
static void free_space_checked_first(void **state) {
  (void)state;
  char why[512] = "";
  assert_true(proc_room_check(test_path("tmp"), 1, why, sizeof why));
  assert_false(proc_room_check(test_path("tmp"), 1LL << 62, why, sizeof why));
  assert_non_null(strstr(why, "MiB free; an engine run may write up to"));
  assert_true(proc_output_bound() == PROC_OUTPUT_MAX_BYTES);
  setenv(PROC_OUTPUT_ENV, "1048576", 1);
  assert_true(proc_output_bound() == 1048576);
  setenv(PROC_OUTPUT_ENV, "1e12", 1); /* not a whole number of bytes: the bound stays */
  assert_true(proc_output_bound() == PROC_OUTPUT_MAX_BYTES);
  unsetenv(PROC_OUTPUT_ENV);
}

/* A batch's cases are read while it runs and their folders removed: the fake lmp, before its
 * third collision and each after, waits (up to 3 s, a bound, not a timing; well inside the
 * batch's limit) for the folder of the collision two before to go, and notes in `kept` the first
 * that stays (then waits no more). */
static void a_batch_case_removed_once_read(void **state) {
  (void)state;
  char script[2048], data[600];
  snprintf(script, sizeof script,
           "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0\nolder=; old=\n"
           "for dir in $(sed -n 's/^# GRANDAMP_CASE //p' \"$2\"); do\n"
           "  if [ -n \"$older\" ] && [ ! -e '%s/kept' ]; then\n"
           "    i=0; while [ -e \"$older\" ] && [ $i -lt 300 ]; do sleep 0.01; i=$((i + 1)); done\n"
           "    [ -e \"$older\" ] && echo \"$older\" >> '%s/kept'\n  fi\n"
           "  printf 'LAMMPS (29 Sep 2021 - fake)\\nGRANDAMP_RESULT v1=-0.35 v2=0.35\\n"
           "GRANDAMP_OBLIQUE vy1=0 vy2=0 wz1=0 wz2=0\\n' > \"$dir/log.lammps\"\n"
           "  printf -- '-1e-9\\n-1e-9\\n' > \"$dir/gap.txt\"\n  : > \"$dir/done\"\n"
           "  older=$old; old=$dir\ndone\n",
           dir, dir);
  write_script("lmp", script);
  snprintf(data, sizeof data, "%s", test_path("data"));
  const char *args[] = {"--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hooke/velocity/equal/e=0.7/",
                        "--data", data, NULL};
  char *saved = fake_env(test_path("tmp"));
  CmdResult r;
  run_program(&r, verify_bin(), args);
  real_env(saved);
  assert_null(strstr(r.out, "killed after")); /* the batch ran to its end */
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=200/e"));
  if (access(test_path("kept"), F_OK) == 0) fail_msg("a read case's folder stayed while the batch ran");
  assert_empty_folder(test_path("tmp"));
}

/* ---- paths with a space --------------------------------------------------------------------- */

/* A fake lmp that reads the lines that carry paths as LAMMPS does (substitution of ${gapfile}
 * outside quotes, then words split at blanks with quotes grouping, as its Input::nextword): in a
 * batch the log, gapfile, include and done lines, alone its -log and -var gapfile; the deck's
 * `fix print ... file ${gapfile} screen no` must give three words, else "Illegal fix print
 * command" as lmp says. Answers e = 0.7. */
static const char LAMMPS_READER[] =
    "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0\n"
    "result() { printf 'LAMMPS (29 Sep 2021 - fake)\\nGRANDAMP_RESULT v1=-0.35 v2=0.35\\n"
    "GRANDAMP_OBLIQUE vy1=0 vy2=0 wz1=0 wz2=0\\n' > \"$log\"; }\n"
    "deck() {\n"
    "  line=$(grep '^fix gaps ' \"$1\") || { echo \"ERROR: no fix print line in $1\" > \"$log\"; exit 1; }\n"
    "  tail=${line#* file }\n"
    "  tail=${tail%%\\${gapfile\\}*}$gapvalue${tail#*\\${gapfile\\}}\n"
    "  eval \"set -- $tail\"\n"
    "  if [ $# -ne 3 ] || [ \"$2\" != screen ]; then echo 'ERROR: Illegal fix print command' > \"$log\"; exit 1; fi\n"
    "  printf -- '-1e-9\\n-1e-9\\n-1e-9\\n-1e-9\\n' > \"$1\" || exit 1\n"
    "  result\n}\n"
    "input=$2\n"
    "if grep -q '^# GRANDAMP_CASE ' \"$input\"; then\n"
    "  while IFS= read -r line; do\n"
    "    case $line in\n"
    "      'log '*) eval \"set -- ${line#log }\"; log=$1;;\n"
    "      'variable gapfile string '*) eval \"set -- ${line#variable gapfile string }\"; gapvalue=$1;;\n"
    "      'include '*) eval \"set -- ${line#include }\"; deck \"$1\";;\n"
    "      'print \"\" file '*) eval \"set -- ${line#print \\\"\\\" file }\"; : > \"$1\";;\n"
    "    esac\n  done < \"$input\"\n  exit 0\nfi\n"
    "while [ $# -gt 0 ]; do case $1 in -log) log=$2; shift;; -var) [ \"$2\" = gapfile ] && gapvalue=$3; shift 2;; esac; "
    "shift; done\n"
    "deck \"$input\"\n";

/* A TMPDIR with a space: every collision of a batch reaches its deck whole and passes. */
static void tmpdir_with_a_space_reaches_the_batch_whole(void **state) {
  (void)state;
  write_script("lmp", LAMMPS_READER);
  char data[600], tmp[600];
  snprintf(data, sizeof data, "%s", test_path("data"));
  snprintf(tmp, sizeof tmp, "%s", test_path("tmp dir"));
  const char *args[] = {"--no-lammps", "--engine", "lammps", "--filter", "engine/lammps/hooke/velocity/equal/e=0.7/",
                        "--data", data, NULL};
  char *saved = fake_env(tmp);
  CmdResult r;
  run_program(&r, verify_bin(), args);
  real_env(saved);
  assert_null(strstr(r.out, "Illegal"));
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=50/e"));
  assert_non_null(strstr(r.out, "PASS engine/lammps/hooke/velocity/equal/e=0.7/v=1/N=200/e"));
  assert_empty_folder(tmp);
}

/* A single run (no batch) in a folder with a space: the deck's gap file is the one asked for. */
static void a_single_run_in_a_folder_with_a_space(void **state) {
  (void)state;
  write_script("lmp", LAMMPS_READER);
  char workdir[600], gap[700], why[512] = "";
  snprintf(workdir, sizeof workdir, "%s", test_path("tmp dir"));
  const EngineCase c = {.normal = "hooke", .damping = "velocity", .kn = 1e5, .damp = 0.2, .Ri = 0.005, .Rj = 0.005,
                        .rho = 2500.0, .v0 = 1.0, .dt = 1e-6, .t_run = 4e-4, .timeout_s = 60.0};
  char *saved = fake_env(NULL);
  EngineResult res;
  const bool ok = ENGINE_LAMMPS.collide(&c, workdir, &res, why, sizeof why);
  real_env(saved);
  if (!ok) fail_msg("collide: %s", why);
  assert_rel(res.e, 0.7, 1e-12);
  snprintf(gap, sizeof gap, "%s/gap.txt", workdir);
  assert_int_equal(access(gap, R_OK), 0);
}

/* A packing whose path holds a space: the timing deck's `read_data ${data}` reads one word, the
 * file (a fake lmp that splits the line as lmp does, and reads no further). */
static void a_packing_with_a_space_reaches_read_data(void **state) {
  (void)state;
  write_script("lmp", "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0\n"
                      "while [ $# -gt 0 ]; do case $1 in -in) deck=$2; shift;; -log) log=$2; shift;; "
                      "-var) [ \"$2\" = data ] && data=$3; shift 2;; esac; shift; done\n"
                      "line=$(grep '^read_data ' \"$deck\"); args=${line#read_data }\n"
                      "args=${args%%\\${data\\}*}$data${args#*\\${data\\}}\n"
                      "eval \"set -- $args\"\n"
                      "if [ $# -ne 1 ] || [ ! -r \"$1\" ]; then echo 'ERROR: Illegal read_data command' > \"$log\"; exit 1; fi\n"
                      "echo \"read $1\" > \"$log\"\n");
  char data[600], workdir[600], why[512] = "";
  snprintf(data, sizeof data, "%s", test_path("tmp dir/fcc 500.data"));
  write_fcc_data(data, 500);
  snprintf(workdir, sizeof workdir, "%s", test_path("tmp dir/run"));
  assert_int_equal(mkdir(workdir, 0755), 0);
  const EngineBench b = {.data_file = data, .atoms = 500, .normal = "hooke", .damping = "velocity",
                         .tangential = "nohistory",
                         .pair_coeff = "hooke 1000 1 tangential linear_nohistory 0 0 damping velocity", .kn = 1000,
                         .damp = 1, .kt = NAN, .dt = 1e-4, .skin = 0.1, .steps = 10, .ranks = 1, .timeout_s = 60};
  char *saved = fake_env(NULL);
  EngineTiming t;
  const bool ok = ENGINE_LAMMPS.bench(&b, workdir, &t, why, sizeof why);
  real_env(saved);
  assert_false(ok); /* the fake reads the packing and stops: no timing */
  if (!strstr(why, "lacks its \"Loop time\" line")) fail_msg("bench: %s", why);
}

/* The batch input's lines: a path variable keeps the quotes it brings (in single quotes), the
 * log, deck and done paths are quoted; a path an engine cannot carry is refused with the reason. */
static void batch_text_quotes_every_path(void **state) {
  (void)state;
  char word[600], why[512] = "", text[4096] = "";
  assert_true(engine_path_word("/t d/c 1/gap.txt", word, sizeof word, why, sizeof why));
  assert_string_equal(word, "\"/t d/c 1/gap.txt\"");
  const char *argv[] = {"lmp", "-in", "/d e/lammps_pair.in", "-log", "/t d/c 1/log.lammps", "-var", "gapfile", word,
                        "-var", "pc", "hooke 1 0 damping velocity", NULL};
  FILE *f = fmemopen(text, sizeof text - 1, "w");
  assert_non_null(f);
  assert_true(engine_batch_lmp_case(f, argv, "/t d/c 1"));
  fclose(f);
  assert_non_null(strstr(text, "\nlog \"/t d/c 1/log.lammps\"\n"));
  assert_non_null(strstr(text, "\nvariable gapfile string '\"/t d/c 1/gap.txt\"'\n"));
  assert_non_null(strstr(text, "\nvariable pc string \"hooke 1 0 damping velocity\"\n"));
  assert_non_null(strstr(text, "\ninclude \"/d e/lammps_pair.in\"\n"));
  assert_non_null(strstr(text, "\nprint \"\" file \"/t d/c 1/done\" screen no\n"));
  assert_false(engine_path_word("/t\"d/gap.txt", word, sizeof word, why, sizeof why));
  assert_non_null(strstr(why, "holds a quote"));
  assert_false(engine_path_check("--packings", "/t\td.data", why, sizeof why));
  assert_non_null(strstr(why, "--packings: /t\td.data holds a tab"));
}

/* A TMPDIR that no deck can carry is refused before any case runs, with the reason. */
static void tmpdir_with_a_quote_refused_up_front(void **state) {
  (void)state;
  write_script("lmp", LAMMPS_READER);
  char data[600], tmp[600];
  snprintf(data, sizeof data, "%s", test_path("data"));
  snprintf(tmp, sizeof tmp, "%s", test_path("it's"));
  assert_int_equal(mkdir(tmp, 0755), 0);
  const char *args[] = {"--quick", "--no-lammps", "--engine", "lammps", "--data", data, NULL};
  char *saved = fake_env(tmp);
  CmdResult r;
  run_program(&r, verify_bin(), args);
  real_env(saved);
  assert_status(r, 2);
  assert_non_null(strstr(r.err, "TMPDIR:"));
  assert_non_null(strstr(r.err, "holds a quote"));
  assert_null(strstr(r.out, "FAIL"));
}

/* ---- every rank and descendant killed --------------------------------------------------------- */

/* A packing and one benchmark row for `grandamp engines bench` (its paths into data, rows). */
static void bench_inputs(char *data, char *rows, size_t size) {
  snprintf(data, size, "%s", test_path("fcc.data"));
  const char *pack[] = {"packing", "--type", "fcc", "--n", "500", "--out", data, NULL};
  CmdResult r;
  run_grandamp(&r, pack);
  assert_status(r, 0);
  snprintf(rows, size, "%s", test_path("rows.csv"));
  FILE *f = fopen(rows, "w");
  assert_non_null(f);
  fprintf(f, "hooke,velocity,nohistory,hooke 1000 1 tangential linear_nohistory 0 0 damping velocity\n");
  fclose(f);
}

/* SIGTERM to `grandamp engines bench --ranks 2` while its ranks run: a fake mpirun starts each
 * rank in a session of its own (setsid) and detaches one more process (its parent gone), each
 * noting its pid once in its new session; none of them outlives grandamp, which dies of the
 * signal. */
static void sigterm_kills_every_rank_and_detached_process(void **state) {
  (void)state;
  char script[2048], pids[600], data[600], rows[600], packings[700], out[600];
  snprintf(pids, sizeof pids, "%s", test_path("pids"));
  snprintf(script, sizeof script,
           "#!/bin/sh\n# mpirun -np N [--options] PROGRAM ARGS\nn=$2; shift 2\n"
           "while [ \"${1#--}\" != \"$1\" ]; do shift; done\n"
           "for r in $(seq $n); do setsid sh -c 'echo $$ >> \"$0\"; exec \"$@\"' '%s' \"$@\" & done\n"
           "( setsid sh -c 'echo $$ >> \"$0\"; exec sleep 8791' '%s' & )\nwait\n",
           pids, pids);
  write_script("mpirun", script);
  write_script("lmp", "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0\nexec sleep 8792\n");
  bench_inputs(data, rows, sizeof data);
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  const char *bin = getenv("GRANDAMP_BIN");
  const char *argv[] = {bin ? bin : "build/grandamp", "engines", "bench", "--rows", rows, "--packings", packings, "--engines",
                        "lammps", "--ranks", "2", "--timeout", "300", "--out", out, NULL};
  char *saved = fake_env(test_path("tmp"));
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  assert_int_equal(posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  real_env(saved);
  int started[8];
  for (int k = 0; k < 1000 && read_ints(pids, started, 8) < 3; k++) nanosleep(&(struct timespec){0, 10000000}, NULL);
  assert_int_equal(read_ints(pids, started, 8), 3);
  for (int k = 0; k < 3; k++) assert_true(running(started[k]));
  kill(pid, SIGTERM);
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  for (int k = 0; k < 3; k++)
    if (survives(started[k])) fail_msg("process %d (a rank or the detached one) outlived grandamp", (int)started[k]);
  assert_empty_folder(test_path("tmp"));
}

/* An engine that detaches a process (setsid, in the background) and exits once it is detached (its
 * pid noted from its new session): the process is killed when the run ends, not left to run on
 * after grandamp. */
static void a_detached_process_ends_with_its_run(void **state) {
  (void)state;
  char script[2048], pids[600], data[600], rows[600], packings[700], out[600];
  snprintf(pids, sizeof pids, "%s", test_path("pids"));
  snprintf(script, sizeof script,
           "#!/bin/sh\n[ \"$2\" = /dev/null ] && exit 0\n"
           "setsid sh -c 'echo $$ >> \"$0\"; exec sleep 8793' '%s' &\n"
           "i=0; while [ ! -s '%s' ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done\nexit 1\n",
           pids, pids);
  write_script("lmp", script);
  bench_inputs(data, rows, sizeof data);
  snprintf(packings, sizeof packings, "fcc=%s", data);
  snprintf(out, sizeof out, "%s", test_path("t.csv"));
  const char *bin = getenv("GRANDAMP_BIN");
  const char *argv[] = {bin ? bin : "build/grandamp", "engines", "bench", "--rows", rows, "--packings", packings,
                        "--engines", "lammps", "--ranks", "1", "--timeout", "300", "--out", out, NULL};
  char *saved = fake_env(test_path("tmp"));
  /* its output to /dev/null, not to pipes: a process left running with them would hold them */
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  assert_int_equal(posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  real_env(saved);
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
  int started[1];
  assert_int_equal(read_ints(pids, started, 1), 1);
  if (survives(started[0])) fail_msg("the detached process %d outlived its run", (int)started[0]);
  assert_empty_folder(test_path("tmp"));
}

const struct CMUnitTest engine_io_tests[] = {
    cmocka_unit_test_setup_teardown(a_file_stops_at_the_bound, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(a_scratch_folder_stops_at_the_bound, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(free_space_checked_first, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(a_batch_case_removed_once_read, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(tmpdir_with_a_space_reaches_the_batch_whole, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(a_single_run_in_a_folder_with_a_space, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(a_packing_with_a_space_reaches_read_data, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(batch_text_quotes_every_path, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(tmpdir_with_a_quote_refused_up_front, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(sigterm_kills_every_rank_and_detached_process, setup, test_dir_teardown),
    cmocka_unit_test_setup_teardown(a_detached_process_ends_with_its_run, setup, test_dir_teardown),
};
const size_t engine_io_ntests = sizeof engine_io_tests / sizeof engine_io_tests[0];
