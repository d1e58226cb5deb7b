/* registry.c - the engines the verifier can run (engine.h). */
#include <string.h>

#include "engine.h"
#include "lammps.h"
#include "liggghts.h"
#include "yade.h"

static const Engine *const ENGINES[] = {&ENGINE_LAMMPS, &ENGINE_LIGGGHTS, &ENGINE_YADE};
#define N_ENGINES ((int)(sizeof ENGINES / sizeof ENGINES[0]))

int engine_count(void) { return N_ENGINES; }

const Engine *engine_at(int k) { return k >= 0 && k < N_ENGINES ? ENGINES[k] : NULL; }

const Engine *engine_find(const char *name) {
  for (int k = 0; name && k < N_ENGINES; k++)
    if (strcmp(ENGINES[k]->name, name) == 0) return ENGINES[k];
  return NULL;
}
