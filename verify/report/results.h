/*
 * results.h - the verifier's record of one case, and the run's results as files: the CSV, the
 * JUnit XML (CI's test report), each written atomically (src/io/output.h).
 */
#ifndef GD_VERIFY_RESULTS_H
#define GD_VERIFY_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** What a case is about, stored with it so that the reports pick cases by field, never by
 *  parsing names. Each field is "" where it does not apply. */
typedef struct CaseKey {
  char family[24];   /**< e.g. chung-ooi/4 (set by the generator of a family the reports sum) */
  char engine[16];   /**< the outside engine that ran it; "" for grandamp's own cases */
  char style[24];    /**< the engine's legacy style that ran it (Engine.styles); "" for its own */
  char row[48];      /**< the restitution matrix's model row (normal/damping, e.g. hertz_material/tsuji) */
  char geometry[12]; /**< equal, unequal or wall */
  char quantity[12]; /**< what is measured: e, t_c, ... */
} CaseKey;

/** How a case's measured value is judged: within tol of expected, or a one-sided bound
 *  (expected + tol at most, expected - tol at least), printed as such. */
typedef enum CaseCheck { CHECK_WITHIN, CHECK_AT_MOST, CHECK_AT_LEAST } CaseCheck;

typedef struct CaseResult {
  char group[64];    /**< JUnit classname, e.g. restitution.hertz_material.tsuji */
  char name[192];    /**< unique case name */
  CaseKey key;       /**< its structured identity (the scope it was begun in: Verifier.key) */
  double measured, expected, tol;
  CaseCheck check;   /**< CHECK_WITHIN unless the generator said otherwise (case_check_one_sided) */
  bool pass, skipped;
  bool xfail;        /**< a known defect (an outside engine's): with pass, XFAIL (the engine gave the
                          defect's predicted value); without, XPASS (the case passes: the defect is
                          gone, and the run fails so that it is noticed) */
  char source[256];  /**< where the expectation comes from */
  char known[128];   /**< the known defect's reason (xfail) */
  char reason[256];  /**< a skip's reason without measured numbers (its details are in source):
                          the run's summary counts the skips by it */
  double seconds;    /**< its own time, case_begin to its end */
  double setup_seconds; /**< the time before it that no case held (set-up it shares with the
                             cases after it: a gas placed, an engine's batch run) */
} CaseResult;

/** PASS, FAIL, SKIP, XFAIL or XPASS. */
const char *case_status(const CaseResult *c);

/** Which run a CSV or JUnit file holds: revision, start date (UTC) and machine. */
typedef struct RunId {
  char revision[64];
  char date[32];
  char machine[320];
} RunId;

/** The bound of a one-sided case (expected + tol or expected - tol); NAN for CHECK_WITHIN. */
double case_bound(const CaseResult *c);
/** The judged part of a case's line: "measured=... expected=... |diff|=... tol=..." or, one-sided,
 *  "measured=... ≤ bound=..." (">" and "not ≤" where it does not hold). */
void case_print_judgement(const CaseResult *c, FILE *out);
/** The family a case's time counts toward: its name up to the first '/', an engine's cases as
 *  one (engine/NAME). */
void case_family(const char *name, char *fam, size_t size);
/** The time by family (each family's cases' own seconds), the set-up no case held by the family
 *  it preceded, and their sum against the run's wall time (seconds): they add up. */
void results_print_times(const CaseResult *res, int n, double seconds, FILE *out);
/** The skipped cases counted by their reason (CaseResult.reason), each reason once. */
void results_print_skips(const CaseResult *res, int n, FILE *out);

/** This run's id: revision as given, the date now, the host name, CPU model and cores. */
RunId run_id(const char *revision);
/** path: one line per case (group, name, status, measured, expected, |diff|, tolerance,
 *  source, seconds) with the run's id; false when it cannot be written (said on stderr). */
bool results_write_csv(const CaseResult *res, int n, const RunId *id, const char *path);
/** path: the cases as JUnit XML (a failure per FAIL or XPASS, skipped for SKIP and XFAIL), the
 *  suite named grandamp-verify (grandamp-verify-quick when quick), failed and skipped the run's
 *  counts; false when it cannot be written. */
bool results_write_junit(const CaseResult *res, int n, int failed, int skipped, bool quick, double seconds,
                         const RunId *id, const char *path);

#endif
