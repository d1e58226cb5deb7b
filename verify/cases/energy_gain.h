/*
 * energy_gain.h - the energy-never-created family (docs/verification.md §8b), shared by grandamp's
 * cases (cases_energy_gain.c) and the engines' (verify/engines/cases_energy_gain_engines.c): the
 * angle sweeps, the bound on e, and the one-sided judgement of an impact's energy.
 */
#ifndef GD_VERIFY_ENERGY_GAIN_H
#define GD_VERIFY_ENERGY_GAIN_H

#include <stdbool.h>

#include "oblique_tests.h"
#include "cases.h"

/** The sweeps: on a plane [0] and between two equal spheres [1]. */
extern const ObliqueTest GAIN_SWEEPS[2];
/** The backspin of a sweep impact with spin: R w = -V_t (the contact slips at twice V_t). */
double gain_backspin(const Impact *im);
/** The bound factor f of e (e within f dt/t_c) of a normal model: its rows' largest (§7.2). */
double gain_e_bound(const char *normal);
/** The sweep case's name under prefix ("" or "engine/NAME/[STYLE/]"): PREFIXenergy-gain/sweep/
 *  wall|pair/MODEL[/x0|/x1]/spin=none|back/theta=A. */
void gain_sweep_name(const char *prefix, const ObliqueTest *t, const Tangential *tg, bool spin, double angle,
                     char *buf, size_t size);
/** Ends the case begun last: (E_out - E_in)/E_in against the bound over E_in, one-sided (a loss
 *  of any size passes), vx the relative speed along x after (impact_energy), de and dv the
 *  bounds' factors times dt/t_c; what names the model. */
void gain_judge(Verifier *v, const Impact *im, bool plane, double vx, const Outcome *o, double mu, double e,
                double de, double dv, const char *what);

#endif
