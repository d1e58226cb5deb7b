/*
 * engine_plan.h - an engine's collisions run in batches (src/engines/batch.h) for the verifier. The
 * case generators run once more before the real pass, in a planning pass that judges nothing:
 * each collision they would run is noted, in order. The noted collisions then run in batches of
 * a few dozen per start of the engine, and the real pass takes each outcome in the same order.
 * A case the real pass asks for that is not the next one noted runs alone, as before.
 */
#ifndef GD_ENGINE_PLAN_H
#define GD_ENGINE_PLAN_H

#include <stdbool.h>

#include "batch.h"
#include "engine.h"

/** One noted collision: the case (its text copied) and, once run, its outcome. */
typedef struct PlannedCase {
  EngineCase c;
  char normal[32], damping[32], tangential[32], style[32];
  double work_s;      /**< its share of a batch's time limit (the work of its steps) */
  bool ran;
  EngineResult r;
  char why[512];
} PlannedCase;

typedef struct EnginePlan {
  PlannedCase *cases;
  int n, cap;
  int next; /**< the next outcome the real pass takes */
} EnginePlan;

/** Notes c (its timeout_s its limit alone) with work_s, the work it adds to a batch's limit. */
void plan_add(EnginePlan *p, const EngineCase *c, double work_s);
/** Runs every noted case in batches in workdir (an existing folder; each batch and case gets a
 *  folder of its own, numbered from *serial, removed once read), a line on stderr per batch. Each
 *  batch's limit is h's for its cases' work (engine_health_limit, slack_s); a crash, an ERROR or
 *  a time-out fails the case that was running and the cases after it run in a new batch. Each
 *  start is noted in h; once h is unresponsive the rest fail at once with its reason. */
void plan_run(EnginePlan *p, const Engine *eng, const char *workdir, int *serial, double slack_s, EngineHealth *h);
/** The outcome of c when it is the next noted case (then taken), else NULL. */
const PlannedCase *plan_take(EnginePlan *p, const EngineCase *c);
void plan_free(EnginePlan *p);

#endif
