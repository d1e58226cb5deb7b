/* cli_args.c - option table parsing (see cli_args.h). */
#include "cli_args.h"

#include <limits.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

#include "numparse.h"
#include "output.h"
#include "usertext.h"

static bool is_option(const char *s) { return s[0] == '-' && s[1] == '-' && s[2] != '\0'; }

CliOpt *cli_opt(CliOpt *opts, int nopts, const char *name) {
  for (int i = 0; i < nopts; i++)
    if (strcmp(opts[i].name, name) == 0) return &opts[i];
  return NULL;
}

/* An output path is checked up front with the other problems, as out_open will judge it, so
 * that a run does not end in "cannot write" after its work. */
static void check_out_file(const char *opt, const char *path, ErrList *err) {
  char msg[PATH_MAX + 512];
  if (!out_check(path, msg, sizeof msg)) errlist_add(err, "%s: %s", opt, msg);
}

int cli_parse(int argc, char **argv, CliOpt *opts, int nopts, ErrList *err) {
  const int nerr0 = err->n;
  int i = 0;
  while (i < argc) {
    const char *arg = argv[i++];
    CliOpt *o = is_option(arg) ? cli_opt(opts, nopts, arg) : NULL;
    if (!o) {
      if (is_option(arg)) {
        char names[512] = "";
        for (int k = 0; k < nopts; k++) /* the table's names: also what the help test reads */
          snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? " " : "", opts[k].name);
        errlist_add(err, "%s: unknown option; the options are %s (--help explains them)", user_text(arg).s, names);
      }
      else errlist_add(err, "'%s': unexpected argument (options start with --)", user_text(arg).s);
      while (i < argc && !is_option(argv[i])) i++;
      continue;
    }
    if (o->given) errlist_add(err, "%s: given more than once", arg);
    o->given = true;
    if (o->nvals == 0 && o->max_vals == 0) continue; /* a flag */
    if (o->nvals < 0) {
      if (i >= argc) {
        errlist_add(err, "%s: needs a value (%s)", arg, o->value_names);
        o->bad = true;
        continue;
      }
      *o->str = argv[i++];
      if (!**o->str) {
        errlist_add(err, "%s: an empty value; give %s", arg, o->value_names);
        o->bad = true;
      } else if (o->out_file) {
        check_out_file(arg, *o->str, err);
      }
      continue;
    }
    const int maxn = o->max_vals > o->nvals ? o->max_vals : o->nvals;
    int n = 0;
    while (i < argc && !is_option(argv[i]) && n < maxn) {
      double v;
      enum NumStatus st = num_parse_double(argv[i], o->allow_inf, &v);
      if (st != NUM_OK) {
        errlist_add(err, "%s: '%s' %s", arg, user_text(argv[i]).s, num_status_str(st));
        o->bad = true;
      } else {
        o->vals[n] = v;
      }
      n++, i++;
    }
    o->count = n;
    if (n < o->nvals || (i < argc && !is_option(argv[i]))) {
      o->bad = true;
      while (i < argc && !is_option(argv[i])) i++, n++;
      if (o->max_vals > o->nvals)
        errlist_add(err, "%s: needs %d to %d numbers (%s), got %d", arg, o->nvals, o->max_vals,
                    o->value_names, n);
      else
        errlist_add(err, "%s: needs %d number%s (%s), got %d", arg, o->nvals, o->nvals == 1 ? "" : "s",
                    o->value_names, n);
    }
  }
  /* an output that is an input: refused before any work (the output would destroy what it reads) */
  for (int a = 0; a < nopts; a++)
    for (int b = 0; b < nopts; b++)
      if (opts[a].out_file && opts[b].in_file && opts[a].given && opts[b].given && !opts[a].bad && !opts[b].bad &&
          *opts[a].str && *opts[b].str) {
        char what[96];
        snprintf(what, sizeof what, "the %s file", opts[b].name);
        cli_refuse_input(opts[a].name, *opts[a].str, what, *opts[b].str, err);
      }
  return err->n - nerr0;
}

bool cli_refuse_input(const char *opt, const char *out, const char *what, const char *in, ErrList *err) {
  if (!out_same_file(out, in)) return false;
  errlist_add(err, "%s %s: it is %s %s, which the output would overwrite; choose another output", opt,
              user_text(out).s, what, user_text(in).s);
  return true;
}
