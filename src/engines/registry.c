/* registry.c - the engines the verifier can run, and their start-up times (engine.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "lammps.h"
#include "particles.h"
#include "liggghts.h"
#include "run.h"
#include "yade.h"

static const Engine *const ENGINES[] = {&ENGINE_LAMMPS, &ENGINE_LIGGGHTS, &ENGINE_YADE};
#define N_ENGINES ((int)(sizeof ENGINES / sizeof ENGINES[0]))

void engine_case_masses(const EngineCase *c, double *mi, double *mj, double *meff) {
  const bool wall = isinf(c->Rj);
  *mi = sphere_mass(c->Ri, c->rho);
  *mj = wall ? INFINITY : sphere_mass(c->Rj, c->rho_j > 0.0 ? c->rho_j : c->rho);
  *meff = wall ? *mi : *mi * *mj / (*mi + *mj);
}

int engine_count(void) { return N_ENGINES; }

const Engine *engine_at(int k) { return k >= 0 && k < N_ENGINES ? ENGINES[k] : NULL; }

const Engine *engine_find(const char *name) {
  for (int k = 0; name && k < N_ENGINES; k++)
    if (strcmp(ENGINES[k]->name, name) == 0) return ENGINES[k];
  return NULL;
}

double engine_startup(const Engine *e, const char **why) {
  static double measured[N_ENGINES];
  static char failed[N_ENGINES][300]; /* the probe's reason when it failed */
  static bool done[N_ENGINES];
  int k = 0;
  while (k < N_ENGINES && ENGINES[k] != e) k++;
  *why = NULL;
  if (k == N_ENGINES || !e->probe) return NAN;
  if (!done[k]) { /* in a scratch folder of its own: whatever the engine writes goes with it */
    char dir[4096], log[4200];
    measured[k] = NAN;
    if (proc_scratch_make(dir, sizeof dir, "grandamp-engine", failed[k], sizeof failed[k])) {
      snprintf(log, sizeof log, "%s/probe.log", dir);
      failed[k][0] = '\0';
      measured[k] = engine_probe(e->probe, log, failed[k], sizeof failed[k]);
      if (isnan(measured[k]) && !failed[k][0]) snprintf(failed[k], sizeof failed[k], "no reason given");
      proc_scratch_remove(dir);
    }
    done[k] = true;
  }
  if (isnan(measured[k])) *why = failed[k];
  return measured[k];
}
