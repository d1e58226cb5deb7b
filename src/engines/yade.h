/*
 * yade.h - the Yade adapter (Debian's yade 2023.02a, `yade -n -x src/engines/decks/yade_collide.py`).
 *
 * Which grandamp rows Yade can run, and how (the formulas are Yade's, checked by running it):
 *
 *   hooke + velocity           ViscElMat(kn = 2k, cn = 2 damp) + Law2_ScGeom_ViscElPhys_Basic.
 *                              The contact takes the harmonic mean of the two bodies' kn and cn,
 *                              so each body gets twice the contact value: k_n = k, eta = damp.
 *   hooke + coeff_restitution  ViscElMat(tc, en = damp): Yade sets kn = mR (pi^2 + ln^2 en)/tc^2
 *                              and cn = -2 mR ln(en)/tc (Pournin 2001), mR = m1 m2/(m1 + m2),
 *                              i.e. damping ratio beta(en) as grandamp's coeff_restitution. The
 *                              adapter passes tc = sqrt(meff (pi^2 + ln^2 e)/k), so that
 *                              Yade's kn is k for two spheres. A massless wall counts as a body
 *                              of the sphere's mass there (mR = m/2): kn = k/2, zeta = beta/sqrt 2.
 *   hooke + none               ViscElMat(kn = 2k, cn = 0).
 *   hertz/material + coeff_restitution
 *                              FrictMat(young = E, poisson = nu, friction 0) +
 *                              Ip2_FrictMat_FrictMat_MindlinPhys(en = damp) +
 *                              Law2_ScGeom_MindlinPhys_Mindlin: F = (4/3) E* sqrt(R) delta^1.5 with
 *                              E* = E/(2(1 - nu^2)), damping c = 2 beta_n sqrt(mbar dF/ddelta),
 *                              i.e. grandamp's eta = alpha sqrt(meff F/delta) with
 *                              alpha = sqrt(6) beta_n, where Yade takes beta_n from Thornton et al.
 *                              (2013, eq. B6), a fit that aims e = en with the force-end criterion:
 *                              within 2.5e-4 of en for en in 0.1 ... 0.9, but 0.948 for 0.95 and
 *                              0.979 for 0.99 (its alpha is too large near e = 1).
 *   hertz + coeff_restitution  the same with young = 3k/2, poisson = 0, so (4/3) E* = k.
 *   hertz, hertz/material + none  the same without en (no damping).
 *
 * Every Yade law here clamps the normal force at zero (no attraction): its e is the force-end
 * e of docs/verification.md (grandamp with limit_damping), not the delta-end e. On a flat wall
 * (utils.wall) Yade's Hertz uses R/2 instead of R (both refR are the sphere radius): e is the
 * same, the duration 2^(1/5) times longer than for a sphere on a flat.
 */
#ifndef GD_ENGINE_YADE_H
#define GD_ENGINE_YADE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

extern const Engine ENGINE_YADE;

/** The script's arguments for one case: argv[0] = "yade", then the options, the deck and its
 *  key=value pairs, NULL-terminated. */
typedef struct YadeArgs {
  char text[24][80];
  const char *argv[24];
  int argc;
} YadeArgs;

/** Fills a with the command line that runs deck on case c; false with why when the model has no
 *  Yade equivalent or a parameter is out of range. */
bool yade_args(const EngineCase *c, const char *deck, YadeArgs *a, char *why, size_t why_size);
/** Parses the script's log: its GRANDAMP_RESULT line into r; false with why (the script's
 *  GRANDAMP_ERROR line, a missing line or a malformed field). */
bool yade_parse_log(const char *log_path, EngineResult *r, char *why, size_t why_size);

/* ---- timing runs (src/engines/decks/yade_bench.py) ----
 *
 * The benchmark rows Yade has (`grandamp_bench --lammps-rows`), ranks = Yade's OpenMP threads
 * (`yade -j N`):
 *
 *   hooke + velocity           ViscElMat(kn = 2k, cn = 2 damp) + Law2_ScGeom_ViscElPhys_Basic, as
 *                              above. tangential nohistory: ks = cs = 0, friction 0. mindlin:
 *                              ks = 2 kt, cs = 2 xt damp, friction mu: a linear tangential spring
 *                              (F_t = kt xi), not Mindlin's kt a xi of LAMMPS.
 *   hertz/material + coeff_restitution
 *                              FrictMat(young = E, poisson = nu) + MindlinPhys(en = damp) +
 *                              Law2_ScGeom_MindlinPhys_Mindlin, as above. The law always computes
 *                              its tangential spring (Mindlin's, from the material); nohistory
 *                              sets friction 0, so the Coulomb limit zeroes that force; mindlin
 *                              (kt NULL) sets friction mu. Its tangential damping ratio is betan
 *                              (Yade's choice when only en is given), where LAMMPS's xt = 1 copies
 *                              the normal coefficient.
 *
 * The rest have no Yade law (see yade_missing in yade.c). The collider's bounds grow by
 * verletDist = skin/2 per side: pairs nearer than the skin are candidates and bounds are rebuilt
 * after half a skin of motion, as in a LAMMPS neighbour list with that skin. Pair time is the
 * InteractionLoop's own timer (O.timingEnabled): geometry, physics of new contacts and the law,
 * over every interaction (the collider's candidates too), as LAMMPS's Pair loops over its list.
 */

/** The command line of one timing run: argv[0] = "yade", then -j THREADS -n -x, the deck and its
 *  key=value pairs, NULL-terminated. */
typedef struct YadeBenchArgs {
  char data[4200];
  char threads[16];
  char text[12][80];
  const char *argv[24];
  int argc;
} YadeBenchArgs;

/** Fills a with the command line that times row b with deck; false with why when Yade has no
 *  law for the row or a parameter is out of range. native (may be NULL) gets what it runs. */
bool yade_bench_args(const EngineBench *b, const char *deck, YadeBenchArgs *a, char *native, size_t native_size,
                     char *why, size_t why_size);
/** Reads a log of src/engines/decks/yade_bench.py: its GRANDAMP_BENCH line into t (pair and loop
 *  times, atoms, contacts after the first step and at the end, steps, threads, version); false
 *  with why (the script's GRANDAMP_ERROR line, a missing line, a malformed field, a pair time that
 *  is not positive). */
bool yade_read_timing(const char *log_path, EngineTiming *t, char *why, size_t why_size);

/** Oblique impacts: grandamp's mindlin/force without tangential damping is Yade's Mindlin law
 *  (its incremental shear force); *native as Engine.oblique_supports. */
bool yade_oblique_supports(const char *tangential, double xt, const char **native);

#endif
