/*
 * cli_packing.c - `grandamp packing --type fcc|random|gas [packing options] --out FILE.data`:
 * writes a LAMMPS data file (atom_style sphere), atomically.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_common.h"
#include "datafile.h"
#include "error.h"
#include "packing.h"

int cli_packing(int argc, char **argv) {
  PackingOpts po = {0};
  const char *type = NULL, *out = NULL;
  double threads = 0;
  CliOpt opts[] = {
      PACKING_OPTS(po),
      {.name = "--type", .nvals = -1, .value_names = "fcc|random|gas", .str = &type},
      {.name = "--out", .nvals = -1, .value_names = "FILE.data", .str = &out, .out_file = true},
      {.name = "--threads", .nvals = 1, .value_names = "T", .vals = &threads},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  PackingSpec spec = packing_defaults();
  if (!type) errlist_add(&err, "packing: --type fcc|random|gas is required");
  else if (strcmp(type, "fcc") == 0) spec.type = PACKING_FCC;
  else if (strcmp(type, "random") == 0) spec.type = PACKING_RANDOM;
  else if (strcmp(type, "gas") == 0) spec.type = PACKING_GAS;
  else errlist_add(&err, "--type: '%s' is not fcc, random or gas", type);
  if (!out) errlist_add(&err, "packing: --out FILE.data is required");
  packing_opts_apply(opts, nopts, &po, &spec, &err);
  const int nthreads = threads_option(cli_opt(opts, nopts, "--threads"), threads, &err);
  spec.threads = nthreads;
  const char *limit_name = NULL;
  const size_t limit = machine_memory(&limit_name);
  packing_check(&spec, limit, limit_name, &err);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  Particles p;
  Box b;
  packing_make(&spec, &p, &b);
  char title[160];
  snprintf(title, sizeof title, "LAMMPS data file written by grandamp packing --type %s --n %lld --seed %llu", type,
           (long long)spec.n, (unsigned long long)spec.seed);
  const bool ok = datafile_write(out, &p, &b, title);
  if (ok) gd_note("wrote %lld particles to %s", (long long)p.n, out);
  particles_free(&p);
  return ok ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
