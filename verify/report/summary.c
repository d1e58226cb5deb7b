/*
 * summary.c - the end of a verifier run as a nightly log is read (see results.h): each case's
 * judgement as a line, where the time went (families and the set-up between their cases, adding up
 * to the run), and the skips counted by reason.
 */
#include "results.h"

#include <math.h>
#include <string.h>

double case_bound(const CaseResult *c) {
  switch (c->check) {
  case CHECK_AT_MOST: return c->expected + c->tol;
  case CHECK_AT_LEAST: return c->expected - c->tol;
  case CHECK_WITHIN: break;
  }
  return NAN;
}

void case_print_judgement(const CaseResult *c, FILE *out) {
  if (c->check == CHECK_WITHIN) {
    fprintf(out, "measured=%.10g expected=%.10g |diff|=%.3g tol=%.3g", c->measured, c->expected,
            fabs(c->measured - c->expected), c->tol);
    return;
  }
  /* a bound, not a distance: |diff| against tol would read as a failure of a case that passes */
  const double bound = case_bound(c);
  const bool most = c->check == CHECK_AT_MOST;
  const bool holds = most ? c->measured <= bound : c->measured >= bound; /* false for NaN */
  const char *rel = holds ? (most ? "≤" : "≥") : isnan(c->measured) ? (most ? "not ≤" : "not ≥") : (most ? ">" : "<");
  fprintf(out, "measured=%.10g %s bound=%.10g", c->measured, rel, bound);
}

void case_family(const char *name, char *fam, size_t size) {
  size_t len = strcspn(name, "/");
  if (strncmp(name, "engine/", 7) == 0) len = 7 + strcspn(name + 7, "/"); /* one per engine */
  snprintf(fam, size, "%.*s", (int)(len < size ? len : size - 1), name);
}

enum { MAX_FAMILIES = 64 };

/* Each family once, in the order its first case ran, with its cases' own seconds and the set-up
 * that preceded them. */
typedef struct FamilyTimes {
  char name[MAX_FAMILIES][32];
  double own[MAX_FAMILIES], setup[MAX_FAMILIES];
  int cases[MAX_FAMILIES];
  int n;
  double other_own, other_setup; /* past MAX_FAMILIES: still counted, so that the sums hold */
} FamilyTimes;

static void family_add(FamilyTimes *t, const CaseResult *c) {
  char fam[32];
  case_family(c->name, fam, sizeof fam);
  int k = 0;
  while (k < t->n && strcmp(t->name[k], fam) != 0) k++;
  if (k == t->n) {
    if (t->n == MAX_FAMILIES) {
      t->other_own += c->seconds, t->other_setup += c->setup_seconds;
      return;
    }
    snprintf(t->name[t->n++], sizeof t->name[0], "%s", fam);
  }
  t->own[k] += c->seconds, t->setup[k] += c->setup_seconds, t->cases[k]++;
}

void results_print_times(const CaseResult *res, int n, double seconds, FILE *out) {
  static FamilyTimes t;
  memset(&t, 0, sizeof t);
  for (int k = 0; k < n; k++) family_add(&t, &res[k]);
  double own = t.other_own, setup = t.other_setup;
  fprintf(out, "grandamp-verify: time by family (its cases' own time):");
  for (int k = 0; k < t.n; k++) {
    fprintf(out, "%s %s %.1f s (%d)", k ? "," : "", t.name[k], t.own[k], t.cases[k]);
    own += t.own[k], setup += t.setup[k];
  }
  if (t.other_own > 0.0) fprintf(out, ", other families %.1f s", t.other_own);
  /* the rest of the run: writing the files after the last case (and clock reads between) */
  const double after = seconds - own - setup > 0.0 ? seconds - own - setup : 0.0;
  fprintf(out, "\ngrandamp-verify: shared set-up outside the cases (gases placed, engine batches planned and run), "
               "by the family it preceded:");
  int shown = 0;
  double small = t.other_setup;
  for (int k = 0; k < t.n; k++) {
    if (t.setup[k] < 0.05) { /* a few clock reads between cases: summed, not listed */
      small += t.setup[k];
      continue;
    }
    fprintf(out, "%s %s %.1f s", shown++ ? "," : "", t.name[k], t.setup[k]);
  }
  fprintf(out, "%s between the other cases %.1f s, after the last case %.1f s\n", shown ? "," : "", small, after);
  fprintf(out, "grandamp-verify: the cases %.1f s + shared set-up %.1f s = the run's %.1f s\n", own, seconds - own,
          seconds);
}

/* A skip's reason: its stable key, or where a generator gave none its whole source. */
static const char *skip_reason(const CaseResult *c) { return c->reason[0] ? c->reason : c->source; }

void results_print_skips(const CaseResult *res, int n, FILE *out) {
  int skipped = 0;
  for (int k = 0; k < n; k++) skipped += res[k].skipped;
  if (!skipped) return;
  /* (tests and logs look for "skipped, not passed:"; each case's details are in the CSV's source) */
  fprintf(out, "grandamp-verify: %d case%s skipped, not passed:\n", skipped, skipped == 1 ? "" : "s");
  for (int k = 0; k < n; k++) {
    if (!res[k].skipped) continue;
    const char *why = skip_reason(&res[k]);
    bool seen = false;
    for (int q = 0; q < k && !seen; q++) seen = res[q].skipped && strcmp(skip_reason(&res[q]), why) == 0;
    if (seen) continue;
    int count = 0;
    for (int q = k; q < n; q++) count += res[q].skipped && strcmp(skip_reason(&res[q]), why) == 0;
    fprintf(out, "  %5d  %s\n", count, why);
  }
}
