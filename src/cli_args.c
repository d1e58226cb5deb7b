/* cli_args.c - option table parsing (see cli_args.h). */
#include "cli_args.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "numparse.h"
#include "usertext.h"

static bool is_option(const char *s) { return s[0] == '-' && s[1] == '-' && s[2] != '\0'; }

CliOpt *cli_opt(CliOpt *opts, int nopts, const char *name) {
  for (int i = 0; i < nopts; i++)
    if (strcmp(opts[i].name, name) == 0) return &opts[i];
  return NULL;
}

/* An output path must name a file in an existing directory. Checked up front, with the other
 * problems, instead of failing at the final rename with the kernel's "Not a directory".
 * example: the option's value name ("forces.csv"), for the suggestion. */
static void check_out_file(const char *opt, const char *path, const char *example, ErrList *err) {
  const size_t len = strlen(path);
  struct stat st;
  if (len == 0) {
    errlist_add(err, "%s: the file name is empty", opt);
    return;
  }
  const bool slash_end = path[len - 1] == '/';
  if (slash_end || (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
    errlist_add(err, "%s: '%s' %s; give a file name in it (e.g. %s%s%s)", opt, user_text(path).s,
                slash_end ? "names a directory (it ends with '/')" : "is a directory", user_text(path).s,
                slash_end ? "" : "/", example);
    return;
  }
  const char *slash = strrchr(path, '/');
  if (!slash) return; /* in the current directory */
  char dir[4096];
  const size_t dlen = slash == path ? 1 : (size_t)(slash - path);
  if (dlen >= sizeof dir) return; /* longer than any path: open() says so */
  memcpy(dir, path, dlen);
  dir[dlen] = '\0';
  const int got = stat(dir, &st), why = errno;
  if (got != 0)
    errlist_add(err, "%s: '%s': directory '%s' %s", opt, user_text(path).s, user_text(dir).s,
                why == ENOENT    ? "does not exist; create it first"
                : why == ENOTDIR ? "is not a directory (part of its path is a file)"
                                 : strerror(why));
  else if (!S_ISDIR(st.st_mode))
    errlist_add(err, "%s: '%s': '%s' is a file, not a directory", opt, user_text(path).s, user_text(dir).s);
}

int cli_parse(int argc, char **argv, CliOpt *opts, int nopts, ErrList *err) {
  const int nerr0 = err->n;
  int i = 0;
  while (i < argc) {
    const char *arg = argv[i++];
    CliOpt *o = is_option(arg) ? cli_opt(opts, nopts, arg) : NULL;
    if (!o) {
      if (is_option(arg)) errlist_add(err, "%s: unknown option", user_text(arg).s);
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
      if (o->out_file) check_out_file(arg, *o->str, o->value_names, err);
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
  return err->n - nerr0;
}
