/*
 * test_help.c - `grandamp <command> --help`: every command has one, it and `grandamp help` name
 * every option the command's parser accepts, and its example runs (exit 0) as printed.
 */
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"

static const char *const COMMANDS[] = {"model", "contact", "packing", "run", "forces", "collide"};
enum { N_COMMANDS = sizeof COMMANDS / sizeof *COMMANDS };

static void help_of(const char *command, CmdResult *r) {
  run_grandamp(r, (const char *const[]){command, "--help", NULL});
  if (r->status != 0) fail_msg("grandamp %s --help: exit %d (%s)", command, r->status, r->err);
}

/* The commands whose parser takes options: the words that start it, and its help's topic. */
static const struct {
  const char *words[2];
  const char *topic;
} PARSERS[] = {{{"contact"}, "contact"}, {{"packing"}, "packing"}, {{"run"}, "run"},
               {{"forces"}, "forces"},   {{"collide"}, "collide"}, {{"calibrate"}, "calibrate"},
               {{"engines", "bench"}, "engines"}};

/* Whether text names option as a word: "--name" followed by a space, a line end, ',' or ']'. */
static bool names_option(const char *text, const char *option) {
  const size_t n = strlen(option);
  for (const char *h = strstr(text, option); h; h = strstr(h + 1, option))
    if ((h == text || h[-1] == ' ' || h[-1] == '[' || h[-1] == '(') &&
        (h[n] == ' ' || h[n] == '\n' || h[n] == ',' || h[n] == ']'))
      return true;
  return false;
}

/* The usage lines of one command in `grandamp help`: from "\n    <words> " to the blank line
 * that ends the command's block. */
static void overview_section(const char *overview, const char *const words[2], char *out, size_t size) {
  char start[64];
  snprintf(start, sizeof start, "\n    %s%s%s ", words[0], words[1] ? " " : "", words[1] ? words[1] : "");
  const char *p = strstr(overview, start);
  if (!p) fail_msg("grandamp help has no usage line for%s", start + 4);
  const char *end = strstr(p, "\n\n");
  snprintf(out, size, "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
}

/* The options the parser accepts are listed by its unknown-option message (the option table
 * itself); each must appear in `grandamp CMD --help` and in that command's part of `grandamp
 * help`, which is made of the same texts. */
static void test_help_names_every_option(void **state) {
  (void)state;
  CmdResult overview;
  run_grandamp(&overview, (const char *const[]){"help", NULL});
  assert_int_equal(overview.status, 0);
  for (size_t c = 0; c < sizeof PARSERS / sizeof *PARSERS; c++) {
    CmdResult help, bad;
    help_of(PARSERS[c].topic, &help);
    char section[8192];
    overview_section(overview.out, PARSERS[c].words, section, sizeof section);
    const char *w1 = PARSERS[c].words[1];
    if (w1) run_grandamp(&bad, (const char *const[]){PARSERS[c].words[0], w1, "--no-such-option", "x", NULL});
    else run_grandamp(&bad, (const char *const[]){PARSERS[c].words[0], "--no-such-option", "x", NULL});
    assert_int_equal(bad.status, 2);
    const char *list = strstr(bad.err, "the options are ");
    if (!list) fail_msg("%s: no option list in '%s'", PARSERS[c].topic, bad.err);
    list += strlen("the options are ");
    const char *end = strstr(list, " (--help");
    assert_non_null(end);
    for (const char *p = list; p < end;) {
      const char *q = memchr(p, ' ', (size_t)(end - p));
      if (!q) q = end;
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)(q - p), p);
      if (!names_option(help.out, name)) fail_msg("grandamp %s --help does not explain %s", PARSERS[c].topic, name);
      if (!names_option(section, name)) fail_msg("grandamp help does not name %s of %s:\n%s", name, PARSERS[c].topic, section);
      p = q + 1;
    }
  }
}

/* `help <command>`, `<command> -h` and `<command> ... --help` print the same text. */
static void test_help_spellings(void **state) {
  (void)state;
  CmdResult a, b, c;
  help_of("run", &a);
  run_grandamp(&b, (const char *const[]){"help", "run", NULL});
  run_grandamp(&c, (const char *const[]){"run", "--steps", "3", "-h", NULL});
  assert_int_equal(b.status, 0);
  assert_int_equal(c.status, 0);
  assert_string_equal(a.out, b.out);
  assert_string_equal(a.out, c.out);
  run_grandamp(&b, (const char *const[]){"help", "nosuch", NULL});
  assert_int_equal(b.status, 2);
  assert_non_null(strstr(b.err, "unknown command"));
  /* help on help is the overview, not an error */
  run_grandamp(&b, (const char *const[]){"help", NULL});
  run_grandamp(&c, (const char *const[]){"help", "--help", NULL});
  assert_int_equal(c.status, 0);
  assert_string_equal(b.out, c.out);
}

/* Each help's example, run through the shell with the grandamp under test, in a private
 * directory (packing writes random.data, which the forces example reads: the order matters). */
static void test_help_examples_run(void **state) {
  (void)state;
  const char *bin = getenv("GRANDAMP_BIN");
  bin = bin ? bin : "build/grandamp";
  char abs_bin[4096], cwd[2048];
  assert_non_null(getcwd(cwd, sizeof cwd));
  snprintf(abs_bin, sizeof abs_bin, "%s%s%s", bin[0] == '/' ? "" : cwd, bin[0] == '/' ? "" : "/", bin);
  for (int c = 0; c < N_COMMANDS; c++) {
    CmdResult help;
    help_of(COMMANDS[c], &help);
    const char *ex = strstr(help.out, "example:\n");
    if (!ex) fail_msg("grandamp %s --help has no example", COMMANDS[c]);
    ex += strlen("example:\n");
    char script[8192];
    snprintf(script, sizeof script, "cd '%s' || exit 99\ngrandamp() { \"%s\" \"$@\"; }\n%s", test_path(""), abs_bin, ex);
    CmdResult r;
    run_program(&r, "/bin/sh", (const char *const[]){"-c", script, NULL});
    if (r.status != 0) fail_msg("the example of grandamp %s --help failed (exit %d): %s", COMMANDS[c], r.status, r.err);
    if (strlen(r.out) == 0 && strcmp(COMMANDS[c], "packing") != 0 && strcmp(COMMANDS[c], "forces") != 0)
      fail_msg("the example of grandamp %s --help printed nothing", COMMANDS[c]);
  }
}

const struct CMUnitTest help_tests[] = {
    cmocka_unit_test(test_help_names_every_option),
    cmocka_unit_test(test_help_spellings),
    tagged_test_setup_teardown(serial, test_help_examples_run, test_dir_setup, test_dir_teardown),
};
const size_t help_ntests = sizeof help_tests / sizeof *help_tests;
