/*
 * verify.h - the verifier: every check is one "case" with a measured value, an expected value,
 * a tolerance and the source of the expectation (docs/verification.md section).
 *
 * The case generators run twice: a dry pass that only counts (so the progress line can say
 * "[k/N]") and the real pass. Each generator wraps one check in
 *     if (case_begin(v, group, "name...")) { ...measure...; case_end(v, measured, expected, tol, src); }
 * case_begin returns false in the dry pass and for cases the filter leaves out.
 */
#ifndef GD_VERIFY_H
#define GD_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "collide.h"
#include "model.h"
#include "output.h"
#include "results.h"


typedef struct Verifier {
  bool dry;           /**< counting pass */
  bool planning;      /**< an engine's planning pass (verify/engines/engine_plan.h): cases run as in the real
                           pass but nothing is recorded, counted or printed */
  bool list;          /**< --list: the counting pass prints each case's group and name */
  bool quick;         /**< the make-test subset */
  const char *filter; /**< substring a case name must contain, or with a leading '^' begin with (NULL: all) */
  const char *broken; /**< deliberately broken model for the self-test (NULL: none) */
  int threads;        /**< threads of the collisions (invariance checks use 1 and 2 too) */
  int threads_asked;  /**< --threads T, else 0: the many-body cases take the rule of `grandamp run`
                           (verify_threads_for) */
  LoopPrecision precision; /**< of the collisions' and the gas's pair loop (--precision) */
  int machine_threads; /**< OpenMP's default (the gas's thread-count comparison uses it) */
  int total, done, failed, skipped, xfailed;
  CaseResult *res;
  int nres, cap;
  CaseResult cur;
  double t0;
  double mark;          /**< when the last case ended (or the run began): the set-up before a case */
  double progress_last; /**< when the last progress line was printed (case_progress) */
  FILE *plot_tsuji, *plot_visco, *plot_conv; /**< plot data (NULL in the dry pass) */
  bool have_lmp;      /**< Debian's lmp found */
  bool lmp_required;  /**< --lammps: a LAMMPS case fails, not skips, when lmp is missing */
  const char *engines[8]; /**< --engine NAME...: the outside engines whose collisions are judged */
  int nengines;
  char engine_versions[8][64]; /**< each engine's version as it reported it (the verdict table) */
  const char *data;   /**< the --data directory (generators writing their own plot data) */
  CaseKey key;        /**< the scope of the cases begun now, stored with each (case_begin): a
                           generator sets the fields it knows and restores the outer scope */
} Verifier;

bool case_begin(Verifier *v, const char *group, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Whether case_begin would run this exact case (not a dry pass, the filter matches): for
 *  generators whose set-up serves several cases, to decide whether it is needed. */
bool case_wanted(const Verifier *v, const char *group, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Whether a case named prefix... in group could pass the filter (to skip set-up work). */
bool case_matches(const Verifier *v, const char *group, const char *prefix);
/** Sets one field of the scope v->key (e.g. case_key_set(v->key.family, sizeof v->key.family,
 *  "chung-ooi/%d", n)); the generator saves and restores v->key around its cases. */
void case_key_set(char *field, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Passes when |measured - expected| <= tol (NaN never passes). */
void case_end(Verifier *v, double measured, double expected, double tol, const char *src, ...)
    __attribute__((format(printf, 5, 6)));
/** Passes when cond holds (measured/expected reported as given). */
void case_end_bool(Verifier *v, bool cond, double measured, double expected, const char *src);
void case_skip(Verifier *v, const char *why);
/** Skips the case for reason (no measured numbers in it: the summary counts skips by it), with the
 *  detail (measured values) after it in the case's source: "reason: detail". */
void case_skip_detail(Verifier *v, const char *reason, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Marks the case begun last as judged by a bound (its end passes measured <= expected + tol, or
 *  >= expected - tol), so that it is printed as a bound, not as a distance. */
void case_check_one_sided(Verifier *v, CaseCheck check);
/** The threads of a many-body case of that many spheres: --threads, else the rule of `grandamp
 *  run` (one per 4000 spheres, at most OpenMP's default and the cores other work leaves free). */
int verify_threads_for(const Verifier *v, int64_t spheres);
/** At most every VERIFY_PROGRESS_S seconds (GRANDAMP_VERIFY_PROGRESS_S, for tests) a line on stderr:
 *  the case what, the seconds since since (omp_get_wtime), threads, done of total steps. Long
 *  loops call it at every step. */
void case_progress(Verifier *v, const char *what, double since, int threads, int64_t done, int64_t total);
#define VERIFY_PROGRESS_S 20.0
/** How a case judged by its caller ends (the outside engines' cases, with their known defects). */
typedef enum CaseOutcome { OUTCOME_PASS, OUTCOME_FAIL, OUTCOME_XFAIL, OUTCOME_XPASS } CaseOutcome;
/** Closes the case begun last with that outcome; known: the known defect's reason (XFAIL, XPASS). */
void case_end_outcome(Verifier *v, CaseOutcome outcome, const char *known, double measured, double expected, double tol,
                      const char *src, ...) __attribute__((format(printf, 7, 8)));
/** PASS, FAIL, SKIP, XFAIL or XPASS. */

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
void cases_lammps(Verifier *v);
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
/** The collisions of the outside engines of --engine, judged against the same expectations. */
void cases_engines(Verifier *v);
/** The verdict per engine and model of the engine cases that ran: text (markdown false) for the end
 *  of the run, or the markdown table of DATA/verify-engines-verdict.md. Nothing without them. */
void engines_verdict(const Verifier *v, FILE *out, bool markdown);
/** The Chung & Ooi table (DATA/verify-chung-ooi.md, the README's): per test, what it checks and
 *  the verdict of grandamp's cases and of each engine's. */
void chung_ooi_table(const Verifier *v, FILE *out);
/** The cooling granular gas judged against kinetic theory (cases_gas.c). */
void cases_gas(Verifier *v);
/** The MDR compaction cases (cases_mdr_compaction.c), run by cases_mdr. */
void cases_mdr_compaction(Verifier *v);

#endif
