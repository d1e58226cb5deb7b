/* cli_common.c - option helpers shared by run, forces and packing (see cli_common.h). */
#include "cli_common.h"

#include <math.h>
#include <omp.h>
#include <string.h>

#include "sysmem.h"

static bool whole(double v) { return isfinite(v) && v == floor(v); }

void packing_opts_apply(CliOpt *opts, int nopts, const PackingOpts *o, PackingSpec *spec, ErrList *err) {
  CliOpt *c;
  if ((c = cli_opt(opts, nopts, "--n")) && c->given && !c->bad) {
    if (!whole(o->n) || o->n < 0 || o->n > 9e15) errlist_add(err, "--n: must be a whole number, got %g", o->n);
    else spec->n = (int64_t)o->n;
  }
  if ((c = cli_opt(opts, nopts, "--seed")) && c->given && !c->bad) {
    if (!whole(o->seed) || o->seed < 0 || o->seed > 9e15) errlist_add(err, "--seed: must be a whole number >= 0");
    else spec->seed = (uint64_t)o->seed;
  }
#define TAKE(opt, field)                                                                       \
  if ((c = cli_opt(opts, nopts, opt)) && c->given && !c->bad) spec->field = o->field;
  TAKE("--radius", radius)
  TAKE("--density", density)
  TAKE("--overlap", overlap)
  TAKE("--phi", phi)
  TAKE("--ratio", ratio)
  TAKE("--velocity", velocity)
  TAKE("--spin", spin)
#undef TAKE
  if ((c = cli_opt(opts, nopts, "--dist")) && c->given && o->dist) {
    if (strcmp(o->dist, "uniform") == 0) spec->dist = RADIUS_UNIFORM;
    else if (strcmp(o->dist, "lognormal") == 0) spec->dist = RADIUS_LOGNORMAL;
    else errlist_add(err, "--dist: '%s' is not uniform or lognormal", o->dist);
  }
}

size_t machine_memory(void) { return sysmem_physical(); }

size_t peak_memory(void) { return sysmem_peak(); }

int single_type(Particles *p) {
  for (int64_t i = 0; i < p->n; i++) p->type[i] = 1;
  p->ntypes = 1;
  return 1;
}

void threads_apply(const CliOpt *o, double threads, ErrList *err) {
  if (!o->given || o->bad) return;
  if (!whole(threads) || threads < 1 || threads > 4096) errlist_add(err, "--threads: must be a whole number >= 1");
  else omp_set_num_threads((int)threads);
}
