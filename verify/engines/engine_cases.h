/*
 * engine_cases.h - what the engine case generators share (cases_engines.c runs the restitution
 * matrix in each engine, cases_chung_ooi_engines.c the Chung & Ooi tests): one collision run in
 * the engine and judged, with the known defects of src/engines/decks/known-defects.txt applied.
 */
#ifndef GD_ENGINE_CASES_H
#define GD_ENGINE_CASES_H

#include "defects.h"
#include "engine.h"
#include "verify.h"

/** One engine's run state: its known defects, scratch folder, time limits and whether it still
 *  answers (cases_engines.c). */
typedef struct EngineCtx EngineCtx;

/** What an engine case measures, for the check that the number is possible at all. */
typedef enum EngineQuantity {
  QTY_E,    /**< a normal coefficient of restitution: in [0, 1 + tol] */
  QTY_TC,   /**< a duration: > 0 */
  QTY_ERROR /**< a relative error or distance: >= 0 */
} EngineQuantity;

/** Runs c (its dt and t_run set) in the engine and judges the cases BASE/e (e against e_exp
 *  within e_tol, e_src naming the expectation) and, when tc_exp > 0, BASE/t_c (the engine's steps
 *  with overlap against tc_exp within 2 dt), in the group engine.NAME; law (NULL: none) lets a
 *  known defect predict through the reference. */
void engine_judge(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *base, EngineCase *c, const LawModel *law,
                  double e_exp, double e_tol, const char *e_src, double tc_exp);

/** Runs c in the engine in a fresh folder, with a time limit scaled to its steps and the engine's
 *  measured start-up; false with a reason in why when it did not run (after a few crashes or
 *  time-outs in a row, at once: the engine is unresponsive). */
bool engine_run(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *c, EngineResult *r, char *why,
                size_t why_size);
/** Closes the case begun last: FAIL when the engine did not run (ran false, why) or gave an
 *  impossible number, whatever the known defects say; else a matching known defect's SKIP, or
 *  XFAIL when the value is the one it predicts (dc, NULL: it predicts nothing), XPASS when the
 *  case passes instead, FAIL naming both otherwise; without a defect PASS or FAIL (measured
 *  against expected within tol, src naming the expectation). */
void engine_verdict(Verifier *v, const EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                    EngineQuantity q, double measured, double expected, double tol, const DefectCase *dc,
                    const char *src);

/** Chung & Ooi (2011) tests 1-3 in the engine (cases_chung_ooi_engines.c). */
void cases_chung_ooi_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** Its tests 4-8, oblique impacts, in an engine that runs them (cases_chung_ooi_oblique.c). */
void cases_chung_ooi_oblique_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** `grandamp calibrate`'s coefficients run in the engine, judged against their target e
 *  (cases_calibrate_engines.c). */
void cases_calibrate_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);

#endif
