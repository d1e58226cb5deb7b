/*
 * compare.c - what changed since the last run (`--compare PREVIOUS.csv`, see compare.h): the
 * cases whose status changed, whose measured value moved by more than a tenth of its tolerance
 * (any change where the tolerance is 0), and the cases that are new or gone.
 */
#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

/* Splits one CSV record (RFC 4180 quoting, as write_csv writes it) into at most max fields, in
 * place; returns the number of fields. */
static int csv_split(char *line, char **field, int max) {
  int n = 0;
  char *p = line;
  while (n < max) {
    char *out = p;
    field[n++] = p;
    if (*p == '"') {
      const char *in = p + 1;
      for (;;) {
        if (*in == '\0') break;
        if (*in == '"' && in[1] == '"') *out++ = '"', in += 2;
        else if (*in == '"') {
          in++;
          break;
        } else *out++ = *in++;
      }
      p = (char *)in;
    } else
      while (*p && *p != ',' && *p != '\n' && *p != '\r') *out++ = *p++;
    const char sep = *p;
    *out = '\0';
    if (sep != ',') break;
    p++;
  }
  return n;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const PrevCase *)a)->name, ((const PrevCase *)b)->name);
}

bool previous_load(Previous *prev, const char *path, char *why, size_t why_size) {
  *prev = (Previous){.path = path};
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(why, why_size, "cannot read %s: %s", path, strerror(errno));
    return false;
  }
  char *line = NULL;
  size_t cap = 0;
  int col_name = -1, col_status = -1, col_measured = -1, col_tol = -1;
  bool header = true, ok = true;
  while (getline(&line, &cap, f) > 0) {
    char *field[16];
    const int n = csv_split(line, field, 16);
    if (header) { /* the columns by name, so that an older or newer layout still reads */
      for (int k = 0; k < n; k++) {
        if (!strcmp(field[k], "name")) col_name = k;
        if (!strcmp(field[k], "status")) col_status = k;
        if (!strcmp(field[k], "measured")) col_measured = k;
        if (!strcmp(field[k], "tolerance")) col_tol = k;
      }
      header = false;
      if (col_name < 0 || col_status < 0 || col_measured < 0 || col_tol < 0) {
        snprintf(why, why_size, "%s is not a grandamp-verify CSV (no name, status, measured, tolerance columns)", path);
        ok = false;
        break;
      }
      continue;
    }
    const int need = 1 + (col_name > col_status ? col_name : col_status);
    if (n < need || n <= col_measured || n <= col_tol) continue; /* a torn last line: skip it */
    if (prev->n == prev->cap) {
      prev->cap = prev->cap ? 2 * prev->cap : 1024;
      prev->c = realloc(prev->c, (size_t)prev->cap * sizeof *prev->c);
      if (!prev->c) gd_die(GD_EXIT_RUNTIME, "out of memory");
    }
    PrevCase *c = &prev->c[prev->n++];
    snprintf(c->name, sizeof c->name, "%s", field[col_name]);
    snprintf(c->status, sizeof c->status, "%s", field[col_status]);
    c->measured = strtod(field[col_measured], NULL);
    c->tol = strtod(field[col_tol], NULL);
    c->seen = false;
  }
  free(line);
  fclose(f);
  if (!ok) {
    free(prev->c);
    prev->c = NULL;
    return false;
  }
  qsort(prev->c, (size_t)prev->n, sizeof *prev->c, by_name);
  return true;
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
  fprintf(out, "grandamp-verify: compared with %s (%d cases):\n", prev->path, prev->n);
  for (int k = 0; k < nres; k++) {
    const CaseResult *c = &res[k];
    PrevCase key;
    snprintf(key.name, sizeof key.name, "%s", c->name);
    PrevCase *p = bsearch(&key, prev->c, (size_t)prev->n, sizeof *prev->c, by_name);
    if (!p) {
      added++;
      fprintf(out, "  new      %s %s  measured=%.10g\n", case_status(c), c->name, c->measured);
      continue;
    }
    p->seen = true;
    if (strcmp(p->status, case_status(c)) != 0) {
      changed++;
      fprintf(out, "  status   %s -> %s %s  measured=%.10g (was %.10g) tol=%.3g\n", p->status, case_status(c), c->name,
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
        fprintf(out, "  gone     %s %s\n", prev->c[k].status, prev->c[k].name);
      }
  const int total = changed + shifted + added + gone;
  if (total == 0) fprintf(out, "grandamp-verify: no change since the last run\n");
  else
    fprintf(out, "grandamp-verify: %d status change%s, %d moved by more than a tenth of the tolerance, %d new, %d gone\n",
            changed, changed == 1 ? "" : "s", shifted, added, gone);
  return total;
}

void previous_free(Previous *prev) {
  free(prev->c);
  *prev = (Previous){0};
}
