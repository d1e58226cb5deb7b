/*
 * cases.h - the cases room (verify/cases/): the generators of grandamp's own cases, each judging
 * the production loops against the oracle, and the two-body collision set-up they share
 * (setup.c). The framework they use is verify/core/verify.h.
 */
#ifndef GD_VERIFY_CASES_H
#define GD_VERIFY_CASES_H

#include "collide.h"
#include "model.h"
#include "verify.h"

/* ---- physical set-up shared by the generators ---- */
typedef enum Geometry { GEO_EQUAL, GEO_UNEQUAL, GEO_WALL, N_GEO } Geometry;
extern const char *const GEO_NAMES[N_GEO];

/** A collision set-up: geometry, speed, time step, onset phase. */
typedef struct Setup {
  Geometry geo;
  double v0;
  double dt_fraction; /**< of the elastic collision time */
  double phase;
  ForceStrategy strategy;
  bool use_ref;
  int threads; /**< of the pair loop (Verify.threads; 0: the OpenMP default) */
  LoopPrecision precision; /**< of the pair loop (Verifier.precision) */
} Setup;

/** A pair still in contact after this many elastic collision times is captured (the pair
 * loop's collide max_tc and the reference's time limit). */
#define VERIFY_MAX_TC 50.0

/** Radii and masses of a geometry (density 2500 kg/m^3, R = 5 mm; unequal 5 and 10 mm). */
void setup_bodies(Geometry g, double *Ri, double *Rj, double *mi, double *mj);
double setup_reff(Geometry g);
double setup_meff(Geometry g);
/** Parses text (exits 2 with the messages on failure: a verifier bug). */
ContactModel setup_model(const char *text);
/** Runs the collision through the production loops. */
CollideResult setup_collide(const ContactModel *m, const Setup *s);

/* ---- the continuous-time reference (verify/oracle/reference.h: Reference, reference_collide) ---- */
#include "reference.h"

/* ---- the generators ---- */
void cases_restitution(Verifier *v);
void cases_theory(Verifier *v);
void cases_convergence(Verifier *v);
void cases_invariance(Verifier *v);
void cases_packing(Verifier *v);
void cases_mdr(Verifier *v);
/** Chung & Ooi (2011)'s particle-impact benchmark tests (cases_chung_ooi.c). */
void cases_chung_ooi(Verifier *v);
/** Opens DATA/name for a family's plot data (Chung & Ooi's, the gas's) when this run writes it
 *  (not the dry pass, the filter runs the family's cases under prefix); false when it does not
 *  (cases_chung_ooi.c). */
bool chung_ooi_open_plot(const Verifier *v, const char *group, const char *prefix, const char *name, OutFile *o);
/** Its tests 4 to 8: oblique impacts and spin, every tangential model (cases_chung_ooi_oblique.c). */
void cases_chung_ooi_oblique(Verifier *v);
/** Energy never created: the oblique sweeps (cases_energy_gain.c; Chung & Ooi's impacts have
 *  their energy cases in cases_chung_ooi_oblique.c). */
void cases_energy_gain(Verifier *v);
/** Kharaz, Gorham & Salman (2001)'s measurement against the tangential models (cases_kharaz.c). */
void cases_kharaz(Verifier *v);
/** The cooling granular gas judged against kinetic theory (cases_gas.c). */
void cases_gas(Verifier *v);
/** The MDR compaction cases (cases_mdr_compaction.c), run by cases_mdr. */
void cases_mdr_compaction(Verifier *v);

#endif
