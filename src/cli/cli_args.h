/*
 * cli_args.h - table-driven parsing of subcommand options (--name value ...).
 *
 * Every problem (unknown option, missing or extra values, bad numbers, a required option
 * left out, an empty string value (an empty path would name the root folder), an output path that
 * cannot be a file or that is one of the command's input files) is appended to an ErrList, so the
 * user sees all of them in one run. The user's words in the messages are bounded and escaped (usertext.h).
 */
#ifndef GD_CLI_ARGS_H
#define GD_CLI_ARGS_H

#include <stdbool.h>

#include "error.h"

typedef struct CliOpt {
  const char *name;        /**< "--radius" */
  int nvals;               /**< numbers taken; 0 = flag; -1 = one string */
  int max_vals;            /**< > nvals: variadic, up to max_vals numbers (until the next --opt) */
  bool allow_inf;          /**< "inf" accepted (a flat wall's radius or mass) */
  bool out_file;           /**< a string naming a file to write: checked with out_check
                                (output.h) when parsed, and refused when it is an in_file's file */
  bool in_file;            /**< a string naming a file the command reads (no output may be it) */
  const char *value_names; /**< for messages and --help: "Ri Rj" */
  double *vals;            /**< destination of the numbers */
  const char **str;        /**< destination of a string value */
  bool given;              /**< set by the parser */
  int count;               /**< numbers read (variadic options) */
  bool bad;                /**< a value was missing or not a number (already reported) */
} CliOpt;

/** Parses argv[0..argc) against opts; returns the number of errors appended. */
int cli_parse(int argc, char **argv, CliOpt *opts, int nopts, ErrList *err);

/** Appends "<opt> <out>: it is <what> <in>, which the output would overwrite; ..." when out names the
 *  same existing regular file as in (after links; a hard link too) and returns true. */
bool cli_refuse_input(const char *opt, const char *out, const char *what, const char *in, ErrList *err);

/** The option named name (which must exist in opts). */
CliOpt *cli_opt(CliOpt *opts, int nopts, const char *name);

#endif
