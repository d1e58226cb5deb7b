/* cli.h - the grandamp subcommands; each returns the process exit code (enum GdExit). */
#ifndef GD_CLI_H
#define GD_CLI_H

#include <stdbool.h>

int cli_model(int argc, char **argv);
int cli_contact(int argc, char **argv);
int cli_packing(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_forces(int argc, char **argv);
int cli_collide(int argc, char **argv);
int cli_engines(int argc, char **argv);
int cli_calibrate(int argc, char **argv);

/** The `--help` text of a command (usage, options, an example), or NULL (cli_help.c). */
const char *cli_help(const char *command);
/** The `grandamp help` text: every command's usage lines, taken from its help, and what it does. */
const char *cli_overview(void);
/** Whether a command's arguments ask for its help (--help or -h anywhere). */
bool cli_wants_help(int argc, char **argv);

#endif
