/* cli_common.c - option helpers shared by run, forces and packing (see cli_common.h). */
#include "cli_common.h"

#include <math.h>
#include <string.h>

#include "sysmem.h"

bool whole_option(const char *opt, double v, double lo, double hi, const char *range, ErrList *err) {
  if (isfinite(v) && v == floor(v) && v >= lo && v <= hi) return true;
  errlist_add(err, "%s: must be a whole number in %s, got %.15g", opt, range, v);
  return false;
}

void packing_opts_apply(CliOpt *opts, int nopts, const PackingOpts *o, PackingSpec *spec, ErrList *err) {
  CliOpt *c;
  /* packing_check's limit: a neighbour list indexes at most 2^31 particles. */
  if ((c = cli_opt(opts, nopts, "--n")) && c->given && !c->bad &&
      whole_option("--n", o->n, 2, 2147483648.0, "2..2^31 (2147483648)", err))
    spec->n = (int64_t)o->n;
  /* Beyond 2^53 a double no longer holds every whole number: the seed would not be the one given. */
  if ((c = cli_opt(opts, nopts, "--seed")) && c->given && !c->bad &&
      whole_option("--seed", o->seed, 0, 9007199254740992.0, "0..2^53 (9007199254740992)", err))
    spec->seed = (uint64_t)o->seed;
  if (spec->type == PACKING_GAS) { /* the gas's own defaults, where not given */
    spec->phi = 0.1, spec->ratio = 1.0, spec->spin = 0.0;
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
  TAKE("--temperature", temperature)
  TAKE("--equilibrate", equilibrate)
#undef TAKE
  if ((c = cli_opt(opts, nopts, "--dist")) && c->given && o->dist) {
    if (strcmp(o->dist, "uniform") == 0) spec->dist = RADIUS_UNIFORM;
    else if (strcmp(o->dist, "lognormal") == 0) spec->dist = RADIUS_LOGNORMAL;
    else errlist_add(err, "--dist: '%s' is not uniform or lognormal", o->dist);
  }
}

size_t machine_memory(const char **which) { return sysmem_limit(which); }

size_t peak_memory(void) { return sysmem_peak(); }

int single_type(Particles *p) {
  for (int64_t i = 0; i < p->n; i++) p->type[i] = 1;
  p->ntypes = 1;
  return 1;
}

int threads_option(const CliOpt *o, double threads, ErrList *err) {
  if (!o->given || o->bad) return 0;
  return whole_option("--threads", threads, 1, MAX_THREADS, MAX_THREADS_TEXT, err) ? (int)threads : 0;
}
