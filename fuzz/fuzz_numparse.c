/*
 * fuzz_numparse.c - fuzz harness: command-line numbers (numparse.h) and option tables
 * (cli_args.h).
 *
 * The input is split at NUL bytes and newlines into words. Each word goes through
 * num_parse_double (with and without inf) and num_parse_long, which must agree with each
 * other and round-trip: an accepted double printed with %.17g parses back to the same bits,
 * an accepted long printed with %ld to the same value, every accepted long is also an
 * accepted double, and "inf" is the only way to an infinite value. Then the words are an argv
 * for cli_parse over a table with every kind of option (flag, string, fixed count, variadic,
 * inf allowed), which must report what it counted and never store past a destination.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "cli_args.h"
#include "fuzz.h"
#include "numparse.h"

#define FUZZ_NUM_MAX_WORDS 64

static void check_word(const char *s) {
  double d = 0.0, di = 0.0;
  long l = 0;
  const enum NumStatus sd = num_parse_double(s, false, &d);
  const enum NumStatus si = num_parse_double(s, true, &di);
  const enum NumStatus sl = num_parse_long(s, &l);
  FUZZ_CHECK(sd <= NUM_INF_REFUSED && si <= NUM_INF_REFUSED && sl <= NUM_INF_REFUSED, "bad status for '%s'", s);
  FUZZ_CHECK(si != NUM_INF_REFUSED, "'%s': inf refused although allowed", s);
  FUZZ_CHECK(sl != NUM_INF_REFUSED, "'%s': num_parse_long returned NUM_INF_REFUSED", s);
  if (sd == NUM_OK) {
    FUZZ_CHECK(isfinite(d), "'%s' accepted as the non-finite %g", s, d);
    FUZZ_CHECK(fpclassify(d) != FP_SUBNORMAL, "'%s' accepted as the subnormal %g", s, d);
    FUZZ_CHECK(si == NUM_OK && memcmp(&d, &di, sizeof d) == 0, "'%s': allow_inf changes a finite value", s);
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", d);
    double back = 0.0;
    FUZZ_CHECK(num_parse_double(buf, false, &back) == NUM_OK && memcmp(&back, &d, sizeof d) == 0,
               "'%s' -> %s does not round-trip", s, buf);
  } else if (sd == NUM_INF_REFUSED) {
    FUZZ_CHECK(si == NUM_OK && isinf(di) && di > 0, "'%s': refused as inf, but allow_inf gives %g", s, di);
  } else {
    FUZZ_CHECK(si == sd, "'%s': status %d without inf, %d with", s, (int)sd, (int)si);
  }
  if (sl == NUM_OK) {
    FUZZ_CHECK(sd == NUM_OK && d == (double)l, "'%s': long %ld but double status %d value %.17g", s, l, (int)sd, d);
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", l);
    long back = 0;
    FUZZ_CHECK(num_parse_long(buf, &back) == NUM_OK && back == l, "'%s' -> %s does not round-trip", s, buf);
  }
}

static void check_cli(int argc, char **argv) {
  double one[1], two[2], three[3], var[4 + 1], inf2[2];
  const char *str = NULL;
  const double guard = 12345.0;
  var[4] = guard; /* cli_parse must never write past max_vals */
  CliOpt opts[] = {
      {.name = "--flag"},
      {.name = "--str", .nvals = -1, .value_names = "S", .str = &str},
      {.name = "--one", .nvals = 1, .value_names = "x", .vals = one},
      {.name = "--two", .nvals = 2, .value_names = "x y", .vals = two},
      {.name = "--three", .nvals = 3, .value_names = "x y z", .vals = three},
      {.name = "--var", .nvals = 1, .max_vals = 4, .value_names = "v...", .vals = var},
      {.name = "--radius", .nvals = 2, .allow_inf = true, .value_names = "Ri Rj", .vals = inf2},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  const int nerr = cli_parse(argc, argv, opts, nopts, &err);
  FUZZ_CHECK(nerr == err.n, "cli_parse returned %d but listed %d errors", nerr, err.n);
  FUZZ_CHECK(var[4] == guard, "cli_parse wrote past the variadic option's values");
  for (int k = 0; k < nopts; k++) {
    const CliOpt *o = &opts[k];
    if (!o->given) FUZZ_CHECK(o->count == 0 && !o->bad, "%s not given but has values", o->name);
    if (o->nvals > 0 && o->given && !o->bad) {
      const int maxn = o->max_vals > o->nvals ? o->max_vals : o->nvals;
      FUZZ_CHECK(o->count >= o->nvals && o->count <= maxn, "%s: %d values accepted", o->name, o->count);
      for (int c = 0; c < o->count; c++)
        FUZZ_CHECK(o->allow_inf ? !isnan(o->vals[c]) : isfinite(o->vals[c]), "%s: value %d is %g", o->name, c,
                   o->vals[c]);
    }
    if (o->bad) FUZZ_CHECK(nerr > 0, "%s is bad but no error was reported", o->name);
  }
  if (str) {
    bool found = false;
    for (int k = 0; k < argc; k++) found = found || str == argv[k];
    FUZZ_CHECK(found, "--str does not point into argv");
  }
  errlist_free(&err);
}

int fuzz_numparse(const uint8_t *data, size_t size) {
  char *text = fuzz_cstring(data, size);
  char *argv[FUZZ_NUM_MAX_WORDS];
  int argc = 0;
  size_t start = 0;
  for (size_t i = 0; i <= size && argc < FUZZ_NUM_MAX_WORDS; i++) {
    if (i == size || text[i] == '\0' || text[i] == '\n') {
      text[i] = '\0';
      argv[argc++] = text + start;
      start = i + 1;
    }
  }
  for (int k = 0; k < argc; k++) check_word(argv[k]);
  check_cli(argc, argv);
  free(text);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_numparse(data, size); }
#endif
