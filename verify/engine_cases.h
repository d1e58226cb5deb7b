/*
 * engine_cases.h - what the engine case generators share (cases_engines.c runs the restitution
 * matrix in each engine, cases_chung_ooi_engines.c the Chung & Ooi tests): one collision run in
 * the engine and judged, with the known defects of engines/decks/known-defects.txt applied.
 */
#ifndef GD_ENGINE_CASES_H
#define GD_ENGINE_CASES_H

#include "engine.h"
#include "verify.h"

/** One engine's run state: its known defects and scratch folder (cases_engines.c). */
typedef struct EngineCtx EngineCtx;

/** Runs c (its dt and t_run set) in the engine and judges the cases BASE/e (e against e_exp
 *  within e_tol, e_src naming the expectation) and, when tc_exp > 0, BASE/t_c (the engine's steps
 *  with overlap against tc_exp within 2 dt), in the group engine.NAME. */
void engine_judge(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *base, EngineCase *c, double e_exp,
                  double e_tol, const char *e_src, double tc_exp);

/** Runs c in the engine in a fresh folder; false with a reason in why when it did not run. */
bool engine_run(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *c, EngineResult *r, char *why,
                size_t why_size);
/** Applies the known defect of the case begun last, if any: XFAIL, or SKIP (true: the case is
 *  closed, not judged). */
bool engine_defect(Verifier *v, const EngineCtx *ctx, const Engine *eng);

/** Chung & Ooi (2011) tests 1-3 in the engine (cases_chung_ooi_engines.c). */
void cases_chung_ooi_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** Its tests 4-8, oblique impacts, in an engine that runs them (cases_chung_ooi_oblique.c). */
void cases_chung_ooi_oblique_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** `grandamp calibrate`'s coefficients run in the engine, judged against their target e
 *  (cases_calibrate_engines.c). */
void cases_calibrate_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);

#endif
