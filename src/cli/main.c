/*
 * main.c - the grandamp command-line tool: dispatch to subcommands; no physics here.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "cli.h"
#include "error.h"
#include "usertext.h"

static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    fputs(cli_overview(), stderr);
    return GD_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  const bool help_word = strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0;
  /* `grandamp help`, and `grandamp help --help` (help on help is the overview) */
  if (help_word && (argc == 2 || (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h") ||
                                                  !strcmp(argv[2], "help"))))) {
    fputs(cli_overview(), stdout);
    return GD_EXIT_OK;
  }
  const char *topic = help_word ? argv[2] : cli_wants_help(argc - 2, argv + 2) ? cmd : NULL;
  if (topic) {
    const char *text = cli_help(topic);
    if (text) {
      fputs(text, stdout);
      return GD_EXIT_OK;
    }
    if (help_word) {
      gd_error("help '%s': unknown command; expected model, contact, packing, run, forces, collide, engines or calibrate",
               user_text(topic).s);
      return GD_EXIT_USAGE;
    }
  }
  if (strcmp(cmd, "model") == 0) return cli_model(argc - 2, argv + 2);
  if (strcmp(cmd, "contact") == 0) return cli_contact(argc - 2, argv + 2);
  if (strcmp(cmd, "packing") == 0) return cli_packing(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0) return cli_run(argc - 2, argv + 2);
  if (strcmp(cmd, "forces") == 0) return cli_forces(argc - 2, argv + 2);
  if (strcmp(cmd, "collide") == 0) return cli_collide(argc - 2, argv + 2);
  if (strcmp(cmd, "engines") == 0) return cli_engines(argc - 2, argv + 2);
  if (strcmp(cmd, "calibrate") == 0) return cli_calibrate(argc - 2, argv + 2);
  if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
    printf("grandamp %s\ncompiler: %s\nflags: %s\n", GD_BUILD_REVISION, GD_BUILD_COMPILER, GD_BUILD_FLAGS);
    return GD_EXIT_OK;
  }
  gd_error("'%s': unknown command; expected model, contact, packing, run, forces, collide, engines, calibrate, help or version",
           user_text(cmd).s);
  return GD_EXIT_USAGE;
}

/* Every command's result goes to stdout: a write that failed there (a full disk) turns
 * success into a runtime failure with a message, never a silent exit 0. */
int main(int argc, char **argv) {
  int rc = dispatch(argc, argv);
  const int saved = errno; /* the failing write's reason, when a command already saw it fail */
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    const int e = errno ? errno : saved ? saved : EIO;
    gd_error("writing the output to stdout failed: %s", strerror(e));
    if (rc == GD_EXIT_OK) rc = GD_EXIT_RUNTIME;
  }
  return rc;
}
