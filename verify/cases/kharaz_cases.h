/*
 * kharaz_cases.h - Kharaz, Gorham & Salman (2001)'s measurement against the models (docs/
 * verification.md §8c), shared by grandamp's cases (cases_kharaz.c) and the engines'
 * (verify/engines/cases_kharaz_engines.c): test 4's impact (aluminium oxide, 3.9 m/s, mu 0.092,
 * e 0.98) at each measured angle, per tangential model. In the gross-sliding regime (above
 * kharaz_sliding_angle) every Coulomb model's e_t and spin must meet the measurement within its
 * tolerance: those cases are judged (kharaz_judged); every other point is recorded (a case not
 * judged, SKIP, saying whether the model follows the point) and counted in
 * DATA/verify-kharaz.md, the table of which models follow the measurement where.
 */
#ifndef GD_VERIFY_KHARAZ_CASES_H
#define GD_VERIFY_KHARAZ_CASES_H

#include <stdbool.h>

#include "kharaz.h"
#include "oblique_tests.h"
#include "cases.h"

/** The model's value of quantity q after an impact on the plane (vx: the normal speed after). */
double kharaz_measure(KharazQuantity q, const Impact *im, double vx, const Outcome *o);
/** The regime of an angle: 0 below 10 degrees (sticking to the onset of slip), 1 microslip up to the
 *  sliding angle, 2 gross sliding. */
int kharaz_regime(double angle);
/** Whether a point is judged: the spin and e_t of a Coulomb model (the history family: coulomb) in
 *  gross sliding. The rest is recorded (SKIP, and the table): the microslip and sticking regimes,
 *  where the models differ by design; linear_nohistory, whose force at test 4's damping is its
 *  dashpot's, never the Coulomb cap; and the rebound angle, which at 39.6 degrees, just past the
 *  sliding angle, is measured 0.7 degrees below the rigid body's sliding value that every model
 *  gives (4 times the scatter; docs/verification.md §8c). */
bool kharaz_judged(KharazQuantity q, bool coulomb, double angle);
/** Why a point is not judged, in a few words. */
const char *kharaz_why_not(KharazQuantity q, bool coulomb, double angle);
/** Records point k of quantity q for the table's row (e.g. "grandamp mindlin x0"): whether the
 *  model's value y follows the measurement (within tol). Not in a dry or planning pass. */
void kharaz_record(const Verifier *v, const char *row, KharazQuantity q, int k, double y, double tol);
/** Writes DATA/verify-kharaz.md (nothing when no point was recorded); false when it cannot. */
bool kharaz_write_table(const Verifier *v, const char *data);

#endif
