/*
 * compare.h - the nightly report: this run against the previous run's CSV (`--compare FILE`;
 * `make verify` passes its last data/verify.csv when there is one).
 */
#ifndef GD_VERIFY_COMPARE_H
#define GD_VERIFY_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results.h"

/** The largest previous CSV read (a full run's is about 3 MB), and its longest record. */
#define PREVIOUS_MAX_BYTES (32LL << 20)
#define PREVIOUS_MAX_LINE ((size_t)64 << 10)

/** One case of the previous run, compactly: its name lives in Previous.names (a 20 MB file must
 *  not cost hundreds of MB). */
typedef struct PrevCase {
  uint32_t name;  /**< offset of its NUL-terminated name in Previous.names */
  uint8_t status; /**< index into previous_statuses */
  bool seen;      /**< matched by a case of this run */
  double measured, tol;
} PrevCase;

typedef struct Previous {
  const char *path;
  PrevCase *c; /**< sorted by name */
  int n, cap;
  char *names; /**< the names, one after another */
  size_t names_len, names_cap;
} Previous;

/** The statuses a verifier CSV holds, by PrevCase.status. */
extern const char *const previous_statuses[5];

/** Reads a previous verify.csv (any column order; older layouts too): a header naming at least
 *  name, status, measured and tolerance, then one case a record. False with *why set (every
 *  problem, each with its line, one a line) when it cannot be read, is not a regular file or
 *  pipe, passes PREVIOUS_MAX_BYTES, holds a NUL byte, a record that is not a case (a missing
 *  field, an unknown status, a value that is not a number), a case twice, or no case at all. */
bool previous_load(Previous *prev, const char *path, char *why, size_t why_size);
/** The name of a previous case. */
static inline const char *previous_name(const Previous *prev, const PrevCase *c) { return prev->names + c->name; }
/** The bytes prev holds (its cases and names). */
size_t previous_bytes(const Previous *prev);
/** Prints every case whose status changed, that moved by more than a tenth of its tolerance, or
 *  that is new or (without a filter) gone, then one summary line ("no change since the last run"
 *  when there is nothing). Returns the number of cases listed. */
int previous_report(Previous *prev, const CaseResult *res, int nres, bool filtered, FILE *out);
void previous_free(Previous *prev);

#endif
