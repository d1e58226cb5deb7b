/*
 * fuzz_cli.c - fuzz harness: the command line of every grandamp command (cli.h).
 *
 * The input is split at NUL bytes and newlines into words. The first word names the command
 * (model, contact, packing, run, forces or collide; any other word picks one by its first
 * byte), the rest are its arguments. The command runs in this process with stdout and stderr
 * captured, and must keep the rules every command promises:
 *   - the exit status is 0, 1 or 2, and a non-zero one comes with an "error:" line;
 *   - every stderr line starts with "grandamp: " and is at most FUZZ_CLI_MAX_LINE bytes, and
 *     there are at most FUZZ_CLI_MAX_LINES of them, whatever the input's length (echoed input
 *     is bounded);
 *   - with exit 0, stdout is empty or one balanced JSON object with no non-finite number
 *     (json.c prints those as null: allowed only for the keys in NULL_OK) and, for collide,
 *     0 <= e <= 1 + max(FUZZ_CLI_E_SLACK, 2 dt/t_c), the integrator's error collide allows;
 *   - nothing is written outside the harness's private directory: every file name (--out,
 *     --data, --packing, --series) is mapped into it, slashes replaced, so `--out /etc/x` writes
 *     <dir>/_etc_x. That directory holds in.data (a 32-sphere packing) for forces and run.
 * Work is bounded so that one input takes well under a second: inputs that ask for more than
 * FUZZ_CLI_MAX_N spheres, FUZZ_CLI_MAX_STEPS steps, FUZZ_CLI_MAX_THREADS threads, or a
 * collision with an absolute --dt, a --dt-fraction below 1e-3 or --max-tc above 1e3 are
 * skipped (those bounds are the harness's, not the commands').
 */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "datafile.h"
#include "fuzz.h"
#include "packing.h"

#define FUZZ_CLI_MAX_WORDS 48
#define FUZZ_CLI_MAX_LINE 1100 /* error.c cuts a message to 1000 bytes plus its note and the prefix */
#define FUZZ_CLI_MAX_LINES 200
#define FUZZ_CLI_MAX_N 4000.0
#define FUZZ_CLI_MAX_STEPS 50.0
#define FUZZ_CLI_MAX_THREADS 4.0
#define FUZZ_CLI_E_SLACK 1e-2 /* e may exceed 1 by the integrator's error: collide allows 2 dt/t_c */

typedef int (*CliCommand)(int argc, char **argv);
static const struct {
  const char *name;
  CliCommand run;
} COMMANDS[] = {{"model", cli_model}, {"contact", cli_contact}, {"packing", cli_packing},
                {"run", cli_run},     {"forces", cli_forces},   {"collide", cli_collide}};
#define N_COMMANDS ((int)(sizeof COMMANDS / sizeof *COMMANDS))

/* Keys whose value may be null with exit 0: energies a model does not define (jkr, mdr), the
 * step-to-collision-time ratio of a captured pair (no collision time), and the model's
 * coefficients left to their default (mindlin's k_t NULL, no cutoff). */
static const char *const NULL_OK[] = {"\"elastic\"", "\"dt_over_tc\"", "\"k_t_given\"", "\"cutoff\""};

/* The whole file, or NULL when it cannot be read. */
static char *slurp_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 > cap) {
      cap = 2 * cap + 4096;
      char *nb = realloc(buf, cap);
      FUZZ_CHECK(nb != NULL, "out of memory");
      buf = nb;
    }
    const size_t got = fread(buf + *len, 1, cap - *len, f);
    *len += got;
    if (got == 0) break;
  }
  fclose(f);
  return buf;
}

static char fuzz_cli_dir[64];
static char *fuzz_cli_input;      /* in.data's bytes as written: no command may change them */
static size_t fuzz_cli_input_len;

/* Removes the private directory and what the commands wrote there (at exit). */
static void fuzz_dir_remove(void) {
  char cmd[96];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_cli_dir);
  if (system(cmd) != 0) fprintf(stderr, "fuzz_cli: cannot remove %s\n", fuzz_cli_dir);
}

/* The private directory, made once per process, with in.data in it. */
static const char *fuzz_dir(void) {
  char *dir = fuzz_cli_dir;
  if (dir[0]) return dir;
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof fuzz_cli_dir, "%s/grandamp_fuzz_cli_XXXXXX", tmp && *tmp && strlen(tmp) < 30 ? tmp : "/tmp");
  FUZZ_CHECK(mkdtemp(dir) != NULL, "cannot make %s", dir);
  atexit(fuzz_dir_remove);
  PackingSpec spec = packing_defaults();
  spec.type = PACKING_FCC;
  spec.n = 32;
  Particles p;
  Box b;
  packing_make(&spec, &p, &b);
  char path[128];
  snprintf(path, sizeof path, "%s/in.data", dir);
  FUZZ_CHECK(datafile_write(path, &p, &b, "fuzz_cli seed packing"), "cannot write %s", path);
  particles_free(&p);
  fuzz_cli_input = slurp_file(path, &fuzz_cli_input_len);
  return dir;
}

/* <dir>/<word with '/' as '_'>, at most 64 bytes of the word; "-" (standard output) stays. */
static char *confined_path(const char *word) {
  if (!strcmp(word, "-")) return strdup(word);
  const char *dir = fuzz_dir();
  const size_t len = strnlen(word, 64);
  char *p = malloc(strlen(dir) + len + 3); /* '/', the word, a '_' for "", "." or "..", NUL */
  FUZZ_CHECK(p != NULL, "out of memory");
  sprintf(p, "%s/", dir);
  char *q = p + strlen(p);
  for (size_t i = 0; i < len; i++) q[i] = word[i] == '/' ? '_' : word[i];
  q[len] = '\0';
  if (len == 0 || !strcmp(q, ".") || !strcmp(q, "..")) strcat(p, "_"); /* never the directory itself */
  return p;
}

static bool is_file_option(const char *cmd, const char *opt) {
  return !strcmp(opt, "--out") || !strcmp(opt, "--data") ||
         (!strcmp(cmd, "run") && (!strcmp(opt, "--packing") || !strcmp(opt, "--series")));
}

/* The number after option opt in argv, or def when absent or not a number. */
static double option_value(int argc, char **argv, const char *opt, double def) {
  for (int k = 0; k + 1 < argc; k++)
    if (!strcmp(argv[k], opt)) {
      char *end;
      const double v = strtod(argv[k + 1], &end);
      return end != argv[k + 1] ? v : def;
    }
  return def;
}

static bool has_option(int argc, char **argv, const char *opt) {
  for (int k = 0; k < argc; k++)
    if (!strcmp(argv[k], opt)) return true;
  return false;
}

/* True when the input asks for more work than one fuzz input may take. */
static bool too_costly(const char *cmd, int argc, char **argv) {
  if (!(option_value(argc, argv, "--threads", 1) <= FUZZ_CLI_MAX_THREADS)) return true;
  if (!(option_value(argc, argv, "--n", 0) <= FUZZ_CLI_MAX_N)) return true;
  if (!(option_value(argc, argv, "--steps", 0) <= FUZZ_CLI_MAX_STEPS)) return true;
  if (!strcmp(cmd, "collide"))
    return has_option(argc, argv, "--dt") || !(option_value(argc, argv, "--dt-fraction", 0.01) >= 1e-3) ||
           !(option_value(argc, argv, "--max-tc", 200) <= 1e3);
  return false;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if there is none. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  const size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : s[0] >= 0xe0 && s[0] < 0xf0 ? 3
                   : s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : 0;
  if (len == 0 || len > n) return 0;
  for (size_t k = 1; k < len; k++)
    if ((s[k] & 0xc0) != 0x80) return 0;
  return len;
}

/* True when the line is text a terminal shows as it is: UTF-8 without control characters
 * (echoed binary input must come escaped, never as raw escape sequences). */
static bool printable(const char *line, size_t n) {
  const unsigned char *s = (const unsigned char *)line;
  for (size_t i = 0; i < n;) {
    if ((s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f) return false;
    const size_t k = utf8_len(s + i, n - i);
    if (k == 0) return false;
    i += k;
  }
  return true;
}

static void check_stderr(const char *cmd, const char *err, size_t len, int status) {
  int lines = 0;
  bool has_error = false;
  for (const char *s = err; s < err + len;) {
    const char *nl = memchr(s, '\n', (size_t)(err + len - s));
    const size_t n = nl ? (size_t)(nl - s) : (size_t)(err + len - s);
    FUZZ_CHECK(n >= 10 && !strncmp(s, "grandamp: ", 10), "%s: stderr line without the 'grandamp: ' prefix: %.200s",
               cmd, s);
    FUZZ_CHECK(n <= FUZZ_CLI_MAX_LINE, "%s: a stderr line of %zu bytes (echoed input must be bounded): %.200s...",
               cmd, n, s);
    FUZZ_CHECK(printable(s, n), "%s: a stderr line with control bytes or invalid UTF-8 (echo them escaped)", cmd);
    has_error = has_error || !strncmp(s, "grandamp: error: ", 17);
    lines++;
    s += n + 1;
  }
  FUZZ_CHECK(lines <= FUZZ_CLI_MAX_LINES, "%s: %d lines on stderr", cmd, lines);
  FUZZ_CHECK(status == 0 || has_error, "%s: exit %d without an error message", cmd, status);
}

/* The value after "key": in json, or NAN when absent or not a number. */
static double json_number(const char *json, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  const char *p = strstr(json, pat);
  if (!p) return NAN;
  char *end;
  const double v = strtod(p + strlen(pat), &end);
  return end != p + strlen(pat) ? v : NAN;
}

static void check_stdout(const char *cmd, const char *out, size_t len) {
  if (len == 0) return;
  int depth = 0;
  bool in_str = false;
  for (size_t i = 0; i < len; i++) {
    const char c = out[i];
    if (in_str) {
      if (c == '\\') i++;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"') {
      in_str = true;
    } else if (c == '{' || c == '[') {
      depth++;
    } else if (c == '}' || c == ']') {
      depth--;
    } else if (c == 'n' && !strncmp(out + i, "null", 4)) {
      const char *key = out + i;
      while (key > out && key[-1] != '\n') key--; /* one "key": value per line */
      while (*key == ' ') key++;
      bool ok = false;
      for (size_t k = 0; k < sizeof NULL_OK / sizeof *NULL_OK; k++)
        ok = ok || !strncmp(key, NULL_OK[k], strlen(NULL_OK[k]));
      FUZZ_CHECK(ok, "%s: exit 0 with a non-finite result: %.120s", cmd, key);
    } else if ((c == 'n' && !strncmp(out + i, "nan", 3)) || (c == 'i' && !strncmp(out + i, "inf", 3))) {
      FUZZ_FAIL("%s: exit 0 with a bare non-finite number in:\n%s", cmd, out);
    }
    FUZZ_CHECK(depth >= 0, "%s: unbalanced JSON:\n%s", cmd, out);
  }
  FUZZ_CHECK(depth == 0 && !in_str, "%s: unbalanced JSON:\n%s", cmd, out);
  if (!strcmp(cmd, "collide")) {
    const double e = json_number(out, "e"), ratio = json_number(out, "dt_over_tc");
    const double slack = isfinite(ratio) ? fmax(FUZZ_CLI_E_SLACK, 2.0 * ratio) : FUZZ_CLI_E_SLACK;
    FUZZ_CHECK(e >= 0.0 && e <= 1.0 + slack, "collide: exit 0 with e = %.17g:\n%s", e, out);
  }
}

/* A contact reported with exit 0 is no deeper than the smaller radius (run's rule). */
static void check_contact(int argc, char **argv, const char *out) {
  double rmin = INFINITY;
  for (int k = 0; k + 2 < argc; k++)
    if (!strcmp(argv[k], "--radius")) rmin = fmin(strtod(argv[k + 1], NULL), strtod(argv[k + 2], NULL));
  const double delta = json_number(out, "delta");
  FUZZ_CHECK(!(delta > rmin), "contact: exit 0 with an overlap %.17g deeper than the radius %.17g", delta, rmin);
}

/* The command's input file is never destroyed (forces --data X --out X); restored if it was. */
static void check_input_kept(const char *cmd) {
  char path[128];
  snprintf(path, sizeof path, "%s/in.data", fuzz_dir());
  size_t len = 0;
  char *now = slurp_file(path, &len);
  const bool kept = now && len == fuzz_cli_input_len && !memcmp(now, fuzz_cli_input, len);
  free(now);
  if (kept) return;
  FILE *f = fopen(path, "wb");
  FUZZ_CHECK(f && fwrite(fuzz_cli_input, 1, fuzz_cli_input_len, f) == fuzz_cli_input_len && !fclose(f),
             "cannot restore %s", path);
  FUZZ_FAIL("%s changed %s, its input", cmd, path);
}

int fuzz_cli(const uint8_t *data, size_t size) {
  char *text = fuzz_cstring(data, size);
  char *words[FUZZ_CLI_MAX_WORDS];
  int nw = 0;
  size_t start = 0;
  for (size_t i = 0; i <= size && nw < FUZZ_CLI_MAX_WORDS; i++)
    if (i == size || text[i] == '\0' || text[i] == '\n') {
      text[i] = '\0';
      words[nw++] = text + start;
      start = i + 1;
    }
  int c = (unsigned char)words[0][0] % N_COMMANDS;
  for (int k = 0; k < N_COMMANDS; k++)
    if (!strcmp(words[0], COMMANDS[k].name)) c = k;
  const char *cmd = COMMANDS[c].name;
  int argc = nw - 1;
  char **argv = words + 1;
  char *mapped[FUZZ_CLI_MAX_WORDS] = {0};
  for (int k = 1; k < argc; k++)
    if (is_file_option(cmd, argv[k - 1]) && !(strcmp(cmd, "run") == 0 && (!strcmp(argv[k], "fcc") || !strcmp(argv[k], "random"))))
      argv[k] = mapped[k] = confined_path(argv[k]);
  if (!too_costly(cmd, argc, argv)) {
    char *out = NULL, *err = NULL;
    size_t nout = 0, nerr = 0;
    /* The OpenMP runtime starts before stdout is swapped: LLVM's libomp sets up C++ streams on
     * its first parallel region, and streams made while stdout is a memory stream would flush
     * that closed stream at exit. */
    omp_set_num_threads(1); /* the OpenMP default of a run without --threads: one thread */
#pragma omp parallel
    { (void)0; }
    FILE *saved_out = stdout, *saved_err = stderr;
    stdout = open_memstream(&out, &nout);
    stderr = open_memstream(&err, &nerr);
    FUZZ_CHECK(stdout && stderr, "open_memstream failed");
    const int status = COMMANDS[c].run(argc, argv);
    fclose(stdout);
    fclose(stderr);
    stdout = saved_out, stderr = saved_err;
    FUZZ_CHECK(status == 0 || status == 1 || status == 2, "%s: exit status %d", cmd, status);
    check_stderr(cmd, err, nerr, status);
    if (status == 0) check_stdout(cmd, out, nout);
    if (status == 0 && !strcmp(cmd, "contact")) check_contact(argc, argv, out);
    check_input_kept(cmd);
    free(out);
    free(err);
  }
  for (int k = 0; k < argc; k++) free(mapped[k]);
  free(text);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_cli(data, size); }
#endif
