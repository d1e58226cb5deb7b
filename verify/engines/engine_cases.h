/*
 * engine_cases.h - the engine case generators beside the restitution matrix (cases_engines.c):
 * each runs its collisions through the one judge (judge.h).
 */
#ifndef GD_ENGINE_CASES_H
#define GD_ENGINE_CASES_H

#include "judge.h"

/** The collisions of the outside engines of --engine, judged against the same expectations. */
void cases_engines(Verifier *v);
/** LAMMPS's forces and collisions against grandamp's (cases_lammps.c; skipped without lmp). */
void cases_lammps(Verifier *v);
/** The verdict per engine and model of the engine cases that ran: text (markdown false) for the end
 *  of the run, or the markdown table of DATA/verify-engines-verdict.md. Nothing without them. */
void engines_verdict(const Verifier *v, FILE *out, bool markdown);
/** The Chung & Ooi table (DATA/verify-chung-ooi.md, the README's): per test, what it checks and
 *  the verdict of grandamp's cases and of each engine's. */
void chung_ooi_table(const Verifier *v, FILE *out);

/** The seed's claim that damping mass_velocity reproduces the legacy gran/hooke/... styles, in an engine
 *  that has them (Engine.styles; cases_legacy_engines.c). */
void cases_legacy_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** A legacy style's segment of a case name: "gran/hooke/history" -> "gran_hooke_history/". */
void style_segment(const char *style, char *buf, size_t size);
/** Kharaz et al. (2001)'s measurement against the engine's tangential models (cases_kharaz_engines.c). */
void cases_kharaz_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** A flat wall against a partner of R_j = 1e4 R_i, per row and style (cases_pair_wall_engines.c). */
void cases_pair_wall_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** Chung & Ooi (2011) tests 1-3 in the engine, and 1-2 in each legacy style that runs undamped
 *  Hertz (cases_chung_ooi_engines.c). */
void cases_chung_ooi_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** Its tests 4-8, oblique impacts, in an engine that runs them (cases_chung_ooi_oblique_engines.c). */
void cases_chung_ooi_oblique_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** Energy never created: grandamp's sweeps in the engine and in each of its legacy styles
 *  (cases_energy_gain_engines.c). */
void cases_energy_gain_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** `grandamp calibrate`'s coefficients run in the engine, judged against their target e
 *  (cases_calibrate_engines.c). */
void cases_calibrate_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);
/** The cooling gas in the engine, judged as grandamp's gas cases (cases_gas_engines.c). */
void cases_gas_engines(Verifier *v, EngineCtx *ctx, const Engine *eng);

#endif
