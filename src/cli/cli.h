/* cli.h - the grandamp subcommands; each returns the process exit code (enum GdExit). */
#ifndef GD_CLI_H
#define GD_CLI_H

int cli_model(int argc, char **argv);
int cli_contact(int argc, char **argv);
int cli_packing(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_forces(int argc, char **argv);
int cli_collide(int argc, char **argv);

#endif
