/*
 * oblique_engines.h - what the engines' oblique generators share (Chung & Ooi 4-8, the energy sweep,
 * Kharaz): the engine case of one impact, the engine's e-input damping, and the energy verdict.
 */
#ifndef GD_OBLIQUE_ENGINES_H
#define GD_OBLIQUE_ENGINES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"
#include "judge.h"
#include "oblique_tests.h"

/** The engine case of impact im of test t on material m with tangential model tg and the damping
 *  model `damping` at the test's e (hertz with 4/3 E* on a plane, hertz/material for a pair), and
 *  its model text into text; the caller sets dt and t_run. */
EngineCase oblique_engine_case(const ObliqueTest *t, const Material *m, const Tangential *tg, const char *damping,
                               const Impact *im, char *text, size_t size);
/** The engine's damping model that takes e as its input for a normal model (none when e = 1),
 *  NULL when it has none. */
const char *oblique_damping(const Engine *eng, const char *normal, double e);
/** Closes the energy case begun last for an engine's oblique impact im (its result r, ran and why
 *  as engine_run gave them), run at steps steps per contact time: (E_out - E_in)/E_in, one-sided,
 *  within the bound of e and of V_t' (de_factor and dv_factor dt/t_c; verify/cases/energy_gain.h). */
void engine_gain_verdict(Verifier *v, EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                         const EngineResult *r, const Impact *im, bool plane, double mu, double e, double de_factor,
                         double dv_factor, double steps);

#endif
