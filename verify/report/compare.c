/*
 * compare.c - what changed since the last run (`--compare PREVIOUS.csv`, see compare.h): the
 * cases whose status changed, whose measured value moved by more than a tenth of its tolerance
 * (any change where the tolerance is 0), and the cases that are new or gone.
 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "usertext.h"

/* The previous case of that name (prev->c is sorted by name), or NULL. */
static PrevCase *find(Previous *prev, const char *name) {
  int lo = 0, hi = prev->n;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    const int c = strcmp(previous_name(prev, &prev->c[mid]), name);
    if (c == 0) return &prev->c[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

/* Two measured values differ by more than a tenth of the tolerance (bitwise where it is 0;
 * NaN equals NaN, as the CSV writes both as nan). */
static bool moved(double was, double now, double tol) {
  if (isnan(was) || isnan(now)) return isnan(was) != isnan(now);
  if (tol > 0) return fabs(now - was) > 0.1 * tol;
  return was != now;
}

int previous_report(Previous *prev, const CaseResult *res, int nres, bool filtered, FILE *out) {
  int changed = 0, shifted = 0, added = 0, gone = 0;
  fprintf(out, "grandamp-verify: compared with %s (%d cases):\n", user_text(prev->path).s, prev->n);
  for (int k = 0; k < nres; k++) {
    const CaseResult *c = &res[k];
    PrevCase *p = find(prev, c->name);
    if (!p) {
      added++;
      fprintf(out, "  new      %s %s  measured=%.10g\n", case_status(c), c->name, c->measured);
      continue;
    }
    p->seen = true;
    if (strcmp(previous_statuses[p->status], case_status(c)) != 0) {
      changed++;
      fprintf(out, "  status   %s -> %s %s  measured=%.10g (was %.10g) tol=%.3g\n", previous_statuses[p->status],
              case_status(c), c->name,
              c->measured, p->measured, c->tol);
    } else if (!c->skipped && moved(p->measured, c->measured, c->tol)) {
      shifted++;
      fprintf(out, "  moved    %s %s  measured=%.10g (was %.10g, by %.3g; tol=%.3g)\n", case_status(c), c->name, c->measured,
              p->measured, c->measured - p->measured, c->tol);
    }
  }
  if (!filtered) /* with a filter, the cases not run are not gone */
    for (int k = 0; k < prev->n; k++)
      if (!prev->c[k].seen) {
        gone++;
        /* a name from the previous file: its bytes escaped, never sent raw to the terminal */
        char name[4 * 192 + 1];
        user_text_escape(name, sizeof name, previous_name(prev, &prev->c[k]));
        fprintf(out, "  gone     %s %s\n", previous_statuses[prev->c[k].status], name);
      }
  const int total = changed + shifted + added + gone;
  if (total == 0) fprintf(out, "grandamp-verify: no change since the last run\n");
  else
    fprintf(out, "grandamp-verify: %d status change%s, %d moved by more than a tenth of the tolerance, %d new, %d gone\n",
            changed, changed == 1 ? "" : "s", shifted, added, gone);
  return total;
}
