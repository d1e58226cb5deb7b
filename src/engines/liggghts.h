/*
 * liggghts.h - the LIGGGHTS adapter (Debian's liggghts 3.8.0, command `liggghts`): one head-on
 * collision through the project's deck src/engines/decks/liggghts_collide.in, driven by `-var`
 * arguments, judged from the two GRANDAMP thermo lines of its log.
 *
 * grandamp model -> LIGGGHTS 3.8 (pair_style gran / fix wall/gran, tangential no_history,
 * coefficientFriction 0; the formulas are LIGGGHTS's, in the adapter's words in liggghts.c):
 *   hooke + coeff_restitution               model hooke (k_n through characteristicVelocity)
 *   hertz, hertz/material + coeff_restitution  model hertz (youngsModulus, poissonsRatio)
 *   hooke + velocity                        model hooke/stiffness absolute_damping on
 *   hooke + mass_velocity, none             model hooke/stiffness
 *   hertz, hertz/material + viscoelastic, none  model hertz/stiffness
 * Everything else has no LIGGGHTS equivalent (supports() says why).
 *
 * Timing runs (src/engines/decks/liggghts_bench.in: grandamp's packing through read_data, newton
 * off, as pair gran with a shear history requires) for the benchmark rows hooke + velocity,
 * hooke + mass_velocity, hertz/material + viscoelastic and hertz/material + coeff_restitution,
 * as above; tangential nohistory is its frictionless no_history, mindlin its `history` spring
 * (not Mindlin; liggghts.c says what it is).
 */
#ifndef GD_ENGINE_LIGGGHTS_H
#define GD_ENGINE_LIGGGHTS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

extern const Engine ENGINE_LIGGGHTS;

/** The arguments of one LIGGGHTS run (argv[0] = "liggghts", NULL-terminated), their text in pool. */
typedef struct LiggghtsArgs {
  const char *argv[96];
  int argc;
  char pool[4096];
  size_t used;
  long steps;        /**< the number of steps the deck runs */
  double meff;       /**< the adapter's reduced mass of the case [kg] (for the energies) */
} LiggghtsArgs;

/** The command line for case c: `liggghts -in deck -log log -nocite -var ...`. False with why
 *  when LIGGGHTS cannot run the model or the case is not a valid collision. */
bool liggghts_args(const EngineCase *c, const char *deck, const char *log, LiggghtsArgs *a, char *why, size_t why_size);
/** The value that follows `-var name` in a, or NULL. */
const char *liggghts_arg_var(const LiggghtsArgs *a, const char *name);
/** Reads a LIGGGHTS log of the deck (screen: its captured standard output, may be NULL, read
 *  for an ERROR line that never reached the log) into r: e, the contact duration (steps in
 *  contact times dt; NAN when the count is not whole), the energies of the relative motion
 *  and the version. False with a one-line why (an ERROR line, a missing result, no contact,
 *  still in contact at the end). */
bool liggghts_parse_log(const char *log, const char *screen, long steps, double dt, double meff, EngineResult *r,
                        char *why, size_t why_size);
/** The command line of one timing run of b: `[mpirun -np P ...] liggghts -in deck -log log -nocite
 *  -var ...` (its texts in a's pool). False with why when LIGGGHTS has no such benchmark row or
 *  the run's numbers are out of range. */
bool liggghts_bench_args(const EngineBench *b, const char *deck, const char *log, LiggghtsArgs *a, char *why,
                         size_t why_size);
/** Reads a log of src/engines/decks/liggghts_bench.in into t: the version, the timed run's "Loop
 *  time of T on P procs for S steps with N atoms" line, the Pair time of the timing breakdown
 *  after it (3.8 prints "Pair  time (%) = avg (percent)", averaged over the ranks) and the
 *  GRANDAMP_BENCH counts. False with why on an ERROR line (log, or screen, which may be NULL) or
 *  a missing line. */
bool liggghts_read_timing(const char *log, const char *screen, EngineTiming *t, char *why, size_t why_size);

/** Oblique impacts (Engine.oblique_supports): grandamp's mindlin without tangential damping as
 *  LIGGGHTS's tangential history; tangential speed only (no initial spins). */
bool liggghts_oblique_supports(const char *tangential, double xt, const char **native);

#endif
