/* cli_common.h - helpers shared by the run, forces and packing commands. */
#ifndef GD_CLI_COMMON_H
#define GD_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "cli_args.h"
#include "packing.h"

/* The packing options, shared by `packing` and `run`. */
typedef struct PackingOpts {
  double n, seed, radius, density, overlap, phi, ratio, velocity, spin, temperature, equilibrate;
  const char *dist;
} PackingOpts;

#define PACKING_OPTS(o)                                                                        \
  {.name = "--n", .nvals = 1, .value_names = "N", .vals = &(o).n},                             \
  {.name = "--seed", .nvals = 1, .value_names = "S", .vals = &(o).seed},                       \
  {.name = "--radius", .nvals = 1, .value_names = "R", .vals = &(o).radius},                   \
  {.name = "--density", .nvals = 1, .value_names = "rho", .vals = &(o).density},               \
  {.name = "--overlap", .nvals = 1, .value_names = "fraction of d", .vals = &(o).overlap},     \
  {.name = "--phi", .nvals = 1, .value_names = "packing fraction", .vals = &(o).phi},          \
  {.name = "--ratio", .nvals = 1, .value_names = "Rmax/Rmin", .vals = &(o).ratio},             \
  {.name = "--velocity", .nvals = 1, .value_names = "std", .vals = &(o).velocity},             \
  {.name = "--spin", .nvals = 1, .value_names = "std", .vals = &(o).spin},                     \
  {.name = "--dist", .nvals = -1, .value_names = "uniform|lognormal", .str = &(o).dist},        \
  {.name = "--temperature", .nvals = 1, .value_names = "T0", .vals = &(o).temperature},        \
  {.name = "--equilibrate", .nvals = 1, .value_names = "C", .vals = &(o).equilibrate}
#define N_PACKING_OPTS 12

/** Fills spec from the options given (the others keep their defaults); errors to err. */
void packing_opts_apply(CliOpt *opts, int nopts, const PackingOpts *o, PackingSpec *spec, ErrList *err);
/** The most memory this process may use in bytes: the tightest of physical memory, the cgroup
 *  limit and `ulimit -v` (sysmem_limit), *which naming it. */
size_t machine_memory(const char **which);
/** Peak resident memory of this process in bytes (sysmem_peak). */
size_t peak_memory(void);
/** True if v, the value of option opt, is a whole number in lo..hi; otherwise appends
 *  "<opt>: must be a whole number in <range>, got <v>" (range: lo..hi as the user reads it,
 *  "0..1e12"). */
bool whole_option(const char *opt, double v, double lo, double hi, const char *range, ErrList *err);
/** The --threads limit: far above the cores of any one node, so a larger value is a slip. */
#define MAX_THREADS 4096
#define MAX_THREADS_TEXT "1..4096"
/** Gives every particle type 1 and p->ntypes = 1, and returns 1: for a command that uses one
 *  model for all types, whose table then holds one model, however many types a file declares. */
int single_type(Particles *p);
/** The thread count of a --threads value, for the loop plan and the packing: 0 (the OpenMP
 *  default) when not given or refused (errors to err). */
int threads_option(const CliOpt *o, double threads, ErrList *err);

#endif
