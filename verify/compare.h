/*
 * compare.h - the nightly report: this run against the previous run's CSV (`--compare FILE`;
 * `make verify` passes its last data/verify.csv when there is one).
 */
#ifndef GD_VERIFY_COMPARE_H
#define GD_VERIFY_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "verify.h"

typedef struct PrevCase {
  char name[192];
  char status[8];
  double measured, tol;
  bool seen; /**< matched by a case of this run */
} PrevCase;

typedef struct Previous {
  const char *path;
  PrevCase *c; /**< sorted by name */
  int n, cap;
} Previous;

/** Reads a previous verify.csv (any column order; older layouts too). False with *why set when it
 *  cannot be read or is not a verifier CSV. */
bool previous_load(Previous *prev, const char *path, char *why, size_t why_size);
/** Prints every case whose status changed, that moved by more than a tenth of its tolerance, or
 *  that is new or (without a filter) gone, then one summary line ("no change since the last run"
 *  when there is nothing). Returns the number of cases listed. */
int previous_report(Previous *prev, const CaseResult *res, int nres, bool filtered, FILE *out);
void previous_free(Previous *prev);

#endif
