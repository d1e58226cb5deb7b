/*
 * lammps.h - the LAMMPS adapter of the engine layer: Debian's `lmp` (29Sep2021), pair_style
 * granular for a pair, fix wall/gran granular for a sphere on a wall (src/engines/decks/lammps_*.in).
 *
 * What 29Sep2021 differs in from LAMMPS 2Sep2026, as this adapter meets it (docs/engines.md):
 *   - its `damping tsuji` has no sqrt 2 (grandamp's tsuji/legacy): grandamp's tsuji runs as it, and
 *     the verdict against the sqrt-2 expectation is a known defect, not a mapping;
 *   - no `damping coeff_restitution` and no mdr model: not supported;
 *   - no `damping none`: velocity damping with coefficient 0, the same force;
 *   - jkr with `tangential linear_nohistory` stops with a neighbour-history overflow:
 *     linear_history 0 0 0, the same zero tangential force head-on.
 */
#ifndef GD_ENGINE_LAMMPS_H
#define GD_ENGINE_LAMMPS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

extern const Engine ENGINE_LAMMPS;

/** The legacy styles the adapter runs (lammps_legacy.c), NULL-terminated: gran/hooke,
 *  gran/hooke/history, gran/hertz/history, as pair styles and as fix wall/gran styles. */
extern const char *const LAMMPS_LEGACY_STYLES[];
/** Whether a legacy style runs a grandamp model (Engine.style_supports). */
bool lammps_style_supports(const char *style, const char *normal, const char *damping, const char *tangential,
                           const char **native);
/** The legacy style's arguments for a case (c->style set): "K_n K_t gamma_n gamma_t xmu dampflag",
 *  as pair_style gran/... and fix wall/gran ... take them; false with the reason in out when the
 *  style cannot run the case's model. */
bool lammps_legacy_args(const EngineCase *c, char *out, size_t size);

/** The model text lmp 29Sep2021 runs for a case (pair_coeff, or the wall/gran model block); false
 *  with the reason in out when the engine has no such model. */
bool lammps_model_text(const EngineCase *c, char *out, size_t size);
/** Reads a log of src/engines/decks/lammps_*.in: the final velocities and the version. False with
 *  why when the result line is missing or malformed (the log's ERROR line, if any, in why). */
bool lammps_read_log(const char *log_path, double *v1, double *v2, char *version, size_t version_size, char *why,
                     size_t why_size);
/** The pair_coeff text lmp 29Sep2021 runs for a benchmark row (grandamp's text with tsuji/legacy
 *  as tsuji); false with the reason in out when the engine has no such model. */
bool lammps_bench_text(const EngineBench *b, char *out, size_t size);
/** Reads a log of src/engines/decks/lammps_bench.in into t (times, counts, ranks, version); false with
 *  why when a line is missing or the log has an ERROR. */
bool lammps_read_timing(const char *log_path, EngineTiming *t, char *why, size_t why_size);
/** Steps with a negative gap in a gap file of the decks (contact), or -1 when it cannot be read. */
long lammps_contact_steps(const char *gap_path);
/** The tangential velocities and spins of the deck's GRANDAMP_OBLIQUE line; false when the log
 *  has none or it is unreadable. */
bool lammps_read_oblique(const char *log_path, double *vy1, double *vy2, double *wz1, double *wz2);

#endif
