/*
 * cli_forces.c - `grandamp forces`: one force evaluation (the LAMMPS `run 0` equivalent) of a
 * data file with pair_coeff lines, written as id,fx,fy,fz,tqx,tqy,tqz in full precision.
 *
 *   grandamp forces --data FILE.data --coeff '<I> <J> <text>' [--coeff ...] [--boundary p|f|xyz]
 *                   [--threads T] --out forces.csv
 * The full-list kernel is used (forces bitwise identical for any thread count); type pairs
 * with different model forms fall back to the `_ref` loop.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_common.h"
#include "datafile.h"
#include "error.h"
#include "numparse.h"
#include "output.h"
#include "sim.h"
#include "type_table.h"

#define MAX_COEFF_LINES 64

/* (id, storage index) for writing the rows in id order, as LAMMPS dumps sorted by id. */
typedef struct IdIndex {
  int64_t id, index;
} IdIndex;

static int cmp_id(const void *a, const void *b) {
  const int64_t x = ((const IdIndex *)a)->id, y = ((const IdIndex *)b)->id;
  return (x > y) - (x < y);
}

int cli_forces(int argc, char **argv) {
  const char *data = NULL, *out = NULL, *boundary = "p";
  const char *coeff[MAX_COEFF_LINES] = {0};
  int ncoeff = 0;
  double threads = 0;
  /* --coeff may repeat: collect them before the table parser sees the rest. */
  char **rest = gd_xmalloc((size_t)(argc + 1) * sizeof *rest);
  int nrest = 0;
  ErrList err = {0};
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--coeff") == 0) {
      if (i + 1 >= argc) errlist_add(&err, "--coeff: needs a value ('<I> <J> <model text>')");
      else if (ncoeff == MAX_COEFF_LINES) errlist_add(&err, "--coeff: at most %d lines", MAX_COEFF_LINES);
      else coeff[ncoeff++] = argv[i + 1];
      i++;
    } else {
      rest[nrest++] = argv[i];
    }
  }
  CliOpt opts[] = {
      {.name = "--data", .nvals = -1, .value_names = "FILE.data", .str = &data, .in_file = true},
      {.name = "--out", .nvals = -1, .value_names = "forces.csv", .str = &out, .out_file = true},
      {.name = "--boundary", .nvals = -1, .value_names = "p|f|xyz", .str = &boundary},
      {.name = "--threads", .nvals = 1, .value_names = "T", .vals = &threads},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  cli_parse(nrest, rest, opts, nopts, &err);
  free(rest);
  if (!data) errlist_add(&err, "forces: --data FILE.data is required");
  if (!out) errlist_add(&err, "forces: --out forces.csv is required");
  if (ncoeff == 0) errlist_add(&err, "forces: at least one --coeff '<I> <J> <model text>' is required");
  bool periodic[3] = {true, true, true};
  const size_t bl = strlen(boundary);
  if (bl == 1 && (boundary[0] == 'p' || boundary[0] == 'f')) {
    for (int d = 0; d < 3; d++) periodic[d] = boundary[0] == 'p';
  } else if (bl == 3 && strspn(boundary, "pf") == 3) {
    for (int d = 0; d < 3; d++) periodic[d] = boundary[d] == 'p';
  } else {
    errlist_add(&err, "--boundary: '%s' must be p, f, or three letters of p and f (x y z)", boundary);
  }
  const int nthreads = threads_option(cli_opt(opts, nopts, "--threads"), threads, &err);
  Particles p = {0};
  Box b = {0};
  TypeTable table = {0};
  if (data && datafile_read(data, &p, &b, &err)) {
    type_table_init(&table, p.ntypes);
    for (int k = 0; k < ncoeff; k++) type_table_coeff(&table, coeff[k], &err);
    if (!err.n) type_table_resolve(&table, &err);
  }
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    particles_free(&p);
    type_table_free(&table);
    return GD_EXIT_USAGE;
  }
  for (int d = 0; d < 3; d++) b.periodic[d] = periodic[d];
  type_table_bind(&table, &p); /* p's types renumbered to the classes of types it uses */
  const int nt = table.ntypes;
  ContactModel *models = gd_xmalloc((size_t)nt * (size_t)nt * sizeof *models);
  memcpy(models, table.model, (size_t)nt * (size_t)nt * sizeof *models);
  type_table_free(&table);
  Sim s;
  sim_init(&s, &p, &b, models, nt, FORCE_FULL, false, LOOP_DOUBLE, nthreads, 0.0, 1.0); /* mixed models: the plan's `_ref` */
  const char *why = NULL;
  if (!sim_setup(&s, &why)) {
    const bool fault = s.fault[0] != '\0'; /* a bad contact, not a box too small for the list */
    gd_error("forces: %s%s", why, fault ? "" : " (use --boundary f)");
    sim_free(&s);
    return fault ? GD_EXIT_RUNTIME : GD_EXIT_USAGE;
  }
  IdIndex *idx = gd_xmalloc((size_t)s.p.n * sizeof *idx);
  for (int64_t i = 0; i < s.p.n; i++) idx[i] = (IdIndex){s.p.id[i], i};
  qsort(idx, (size_t)s.p.n, sizeof *idx, cmp_id);
  OutFile of;
  bool ok = out_open(&of, out);
  if (ok) {
    fprintf(of.f, "id,fx,fy,fz,tqx,tqy,tqz\n");
    for (int64_t k = 0; k < s.p.n; k++) {
      const int64_t i = idx[k].index;
      fprintf(of.f, "%lld,%s,%s,%s,%s,%s,%s\n", (long long)s.p.id[i], num_csv(s.p.fx[i]).s, num_csv(s.p.fy[i]).s,
              num_csv(s.p.fz[i]).s, num_csv(s.p.tx[i]).s, num_csv(s.p.ty[i]).s, num_csv(s.p.tz[i]).s);
    }
    ok = out_commit(&of);
  }
  if (ok)
    gd_note("wrote forces of %lld particles (%lld contacts) to %s", (long long)s.p.n,
            (long long)s.last.contacts, out);
  free(idx);
  sim_free(&s);
  return ok ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
