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

static const char USAGE[] =
    "usage: grandamp <command> [options]\n"
    "\n"
    "Normal damping of granular (DEM) contacts with LAMMPS pair_style granular semantics.\n"
    "\n"
    "commands:\n"
    "  model '<text>'       print the resolved model (coefficients and derived constants) as JSON\n"
    "  contact --model '<text>' --radius Ri Rj --mass mi mj --overlap delta --vn vnnr\n"
    "          [--was-touching]\n"
    "                       evaluate one contact's normal force and damping, print JSON\n"
    "                       (vnnr < 0 on approach; Rj and mj may be inf: a flat wall)\n"
    "  packing --type fcc|random [--n N --seed S --radius R --density RHO --overlap F\n"
    "          --phi PHI --ratio Q --dist uniform|lognormal --velocity V --spin W] --out FILE.data\n"
    "                       write a synthetic packing as a LAMMPS data file\n"
    "  run --packing fcc|random|FILE.data [--n N] --model '<text>' --steps S [--dt DT]\n"
    "      [--threads T] [--strategy full|half-reduce|half-atomic] [--skin SKIN] [--ref]\n"
    "                       time steps; prints phase times, rates, memory and energies (JSON)\n"
    "  forces --data FILE.data --coeff '<I> <J> <text>' [--coeff ...] [--boundary p|f|xyz]\n"
    "         --out forces.csv\n"
    "                       one force evaluation (LAMMPS run 0): id,fx,fy,fz,tqx,tqy,tqz\n"
    "  collide --model '<text>' --radius Ri [Rj] (--mass mi [mj] | --density RHO) --v V\n"
    "          [--vt VT] [--spin Wi [Wj]] [--dt DT | --dt-fraction F] [--wall] [--phase P]\n"
    "                       a collision (or sphere on a flat wall), head-on or oblique, through\n"
    "                       the pair loop and integrator: e, collision time, overlap, energies\n"
    "  calibrate --material E NU RHO --radius R [R2] --e TARGET --v VREF [--wall] [--models a,b]\n"
    "                       every damping model's coefficient that gives e = TARGET at VREF\n"
    "  engines [--markdown]  which grandamp models LAMMPS, LIGGGHTS and Yade can run, and how\n"
    "  engines bench --rows ROWS.csv --packings NAME=FILE.data[,...] --out OUT.csv [--engines a,b]\n"
    "                       the benchmark's model rows timed inside each installed engine\n"
    "  help [<command>]     this text, or a command's options and an example\n"
    "                       (also: grandamp <command> --help);  version: build information\n"
    "\n"
    "<text> is the model part of a LAMMPS pair_coeff line, e.g.\n"
    "  'hertz/material 1e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji'\n"
    "\n"
    "exit codes: 0 ok, 1 runtime failure (I/O, memory), 2 bad usage or input,\n"
    "            3 verification failed\n";

static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    fputs(USAGE, stderr);
    return GD_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  const bool help_word = strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0;
  /* `grandamp help`, and `grandamp help --help` (help on help is the overview) */
  if (help_word && (argc == 2 || (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h") ||
                                                  !strcmp(argv[2], "help"))))) {
    fputs(USAGE, stdout);
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
