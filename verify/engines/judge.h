/*
 * judge.h - the one judge of the engine cases: every generator (the restitution matrix, Chung &
 * Ooi, calibrate's lines) runs its collisions in the engine through engine_run or engine_judge,
 * and closes each case with engine_verdict, the known defects of
 * src/engines/decks/known-defects.txt applied.
 */
#ifndef GD_VERIFY_JUDGE_H
#define GD_VERIFY_JUDGE_H

#include "defects.h"
#include "engine.h"
#include "cases.h"

/** One engine's run state: its known defects, scratch folder, time limits and whether it still
 *  answers (judge.c). */
typedef struct EngineCtx EngineCtx;

/** What an engine case measures, for the check that the number is possible at all. */
typedef enum EngineQuantity {
  QTY_E,    /**< a normal coefficient of restitution: in [0, 1 + tol] */
  QTY_TC,   /**< a duration: > 0 */
  QTY_ERROR, /**< a relative error or distance: >= 0 */
  QTY_GAIN   /**< a relative energy gain: >= -1, and judged one-sided (at most expected + tol) */
} EngineQuantity;

/** Runs c (its dt and t_run set) in the engine and judges the cases BASE/e (e against e_exp
 *  within e_tol, e_src naming the expectation) and, when tc_exp > 0, BASE/t_c (the engine's steps
 *  with overlap against tc_exp within 2 dt), in the group engine.NAME; law (NULL: none) lets a
 *  known defect predict through the reference; hooks (NULL: none) skip the run, and see each
 *  case's result as it is recorded (not in the planning pass). */
typedef struct EngineJudgeHooks {
  const char *skip; /**< non-NULL: the engine is not run, both cases are skipped with this reason */
  void (*recorded)(void *arg, const CaseResult *cr, const EngineResult *res); /**< each case as recorded */
  void *arg;
} EngineJudgeHooks;
void engine_judge(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *base, EngineCase *c, const LawModel *law,
                  double e_exp, double e_tol, const char *e_src, double tc_exp, const EngineJudgeHooks *hooks);

/** The start of the reason of an impossible result (engine_result_possible). */
#define ENGINE_IMPOSSIBLE "impossible result from "
/** How far above 1 a normal e (head-on, or on a flat wall) may be before it is impossible: more
 *  than any velocity-Verlet error of the engine cases' steps (dt <= t_c/50: e within
 *  f dt/t_c <= 5/50 of the continuous e); and the energy of relative motion and spin a collision
 *  may seem to gain, as a fraction of what it had: (1 + ENGINE_E_SLACK)^2 - 1. */
#define ENGINE_E_SLACK 0.1
#define ENGINE_GAIN_SLACK 0.21
/** Whether an engine's result of collision c is possible at all, before any of its quantities is
 *  judged: e, and for an oblique impact V_t' and the spins, finite; e in [0, 1 + ENGINE_E_SLACK]
 *  where it is the normal e (head-on, or on a flat wall; a sticking pair's 0 included); the energy
 *  of relative motion and spin at most (1 + ENGINE_GAIN_SLACK) times the start's; a contact
 *  duration, when given, > 0. False with *why starting with ENGINE_IMPOSSIBLE ("(not finite" next
 *  for a non-finite one): every quantity of the run fails with it (engine_run applies it to every
 *  result). */
bool engine_result_possible(const Engine *eng, const EngineCase *c, const EngineResult *r, char *why, size_t why_size);
/** Runs c in the engine in a fresh folder (or takes its outcome from the batches), with a time
 *  limit scaled to its steps and the engine's measured start-up (EngineHealth, src/engines/run.h);
 *  false with a reason in why when it did not run (at once when the engine is unresponsive) or
 *  its result is impossible (engine_result_possible). */
bool engine_run(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *c, EngineResult *r, char *why,
                size_t why_size);
/** Runs a and b (engine_run), for a case that compares the two: false when either did not run,
 *  why naming each that did not. */
bool engine_run_both(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *a, const EngineCase *b,
                     EngineResult *ra, EngineResult *rb, char *why, size_t why_size);
/** Closes the case begun last: FAIL when the engine did not run (ran false, why) or gave an
 *  impossible number, whatever the known defects say; else a matching known defect's SKIP, or
 *  XFAIL when the value is the one it predicts (dc, NULL: it predicts nothing), XPASS when the
 *  case passes instead, FAIL naming both otherwise; without a defect PASS or FAIL (measured
 *  against expected within tol, src naming the expectation). */
void engine_verdict(Verifier *v, const EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                    EngineQuantity q, double measured, double expected, double tol, const DefectCase *dc,
                    const char *src);

/** What a known defect's prediction needs of an engine case c (law: NULL when the generator has
 *  none; is_tc: the quantity is the duration; expected: its correct value). */
DefectCase engine_defect_case(const Engine *eng, const EngineCase *c, const LawModel *law, bool is_tc, double expected);
/** Steps a cooling gas in the engine (eng->gas) in a fresh folder, with a time limit scaled to its
 *  sphere-steps and the engine's start-up; false with a reason in why when it did not run (no
 *  gas run in the adapter, a crash, a time-out, an unreadable log). */
bool engine_gas(Verifier *v, EngineCtx *ctx, const Engine *eng, EngineGas *g, EngineGasResult *r, char *why,
                size_t why_size);
/** The engine's scratch folder (files its cases share, e.g. the gas's data file). */
const char *engine_workdir(const EngineCtx *ctx);
/** An engine's case generators: they call engine_judge, or engine_run and engine_verdict. */
typedef void (*EngineGenerators)(Verifier *v, EngineCtx *ctx, const Engine *eng, void *arg);
/** Runs one engine's cases: a scratch folder and the engine's start-up measured, then (when the
 *  engine runs several collisions per start) a planning pass of generators whose collisions run
 *  in batches, then the real pass, which judges them. */
void engine_cases_run(Verifier *v, const Engine *eng, const Defects *defects, EngineGenerators generators, void *arg);

#endif
