/*
 * verify.h - the verifier's framework (verify/core/): every check is one "case" with a measured
 * value, an expected value, a tolerance and the source of the expectation (docs/verification.md
 * section); the Verifier carries the run, the case API records and prints each case, and the
 * progress line keeps a long case audible. The generators live in the rooms above (cases/, engines/).
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

#include "plan.h"
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

#endif
