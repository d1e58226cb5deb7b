/*
 * compare_load.c - reading the previous run's CSV for `--compare` (see compare.h), through the
 * bounded line reader (textfile.h): bounded in size, every record checked, stored compactly.
 * Apart from compare.c so that the fuzz harness (fuzz/fuzz_compare.c) links the reader alone.
 */
#include "compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "textfile.h"
#include "usertext.h"

const char *const previous_statuses[5] = {"PASS", "FAIL", "SKIP", "XFAIL", "XPASS"};

#define MAX_FIELDS 64

/* Splits one CSV record (RFC 4180 quoting, as write_csv writes it) into at most max fields, in
 * place; returns the number of fields, -1 for a quote that is not closed or text after a closing
 * quote. */
static int csv_split(char *line, char **field, int max) {
  int n = 0;
  char *p = line;
  while (n < max) {
    char *out = p;
    field[n++] = p;
    if (*p == '"') {
      const char *in = p + 1;
      for (;;) {
        if (*in == '\0') return -1;
        if (*in == '"' && in[1] == '"') *out++ = '"', in += 2;
        else if (*in == '"') {
          in++;
          break;
        } else *out++ = *in++;
      }
      p = (char *)in;
      if (*p != ',' && *p != '\0') return -1;
    } else
      while (*p && *p != ',') *out++ = *p++;
    const char sep = *p;
    *out = '\0';
    if (sep != ',') break;
    p++;
  }
  return n;
}

/* Whether the record's quotes are balanced (an open quote continues on the next line). */
static bool quotes_closed(const char *s, size_t n) {
  size_t q = 0;
  for (size_t k = 0; k < n; k++) q += s[k] == '"';
  return q % 2 == 0;
}

/* A number as the verifier writes it (the shortest round trip, num_csv; nan and inf too), the whole field. */
static bool number(const char *s, double *v) {
  char *end;
  *v = strtod(s, &end);
  return end != s && *end == '\0';
}

typedef struct Problems {
  char *why;
  size_t size, len;
  int n;
} Problems;

static void problem(Problems *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(Problems *p, const char *fmt, ...) {
  p->n++;
  if (p->len + 1 >= p->size) return;
  if (p->len) p->len += (size_t)snprintf(p->why + p->len, p->size - p->len, "\n"); /* a line each */
  if (p->len + 1 >= p->size) {
    p->len = p->size - 1;
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  const int w = vsnprintf(p->why + p->len, p->size - p->len, fmt, ap);
  va_end(ap);
  if (w > 0) p->len += (size_t)w < p->size - p->len ? (size_t)w : p->size - p->len - 1;
}

static int by_name(const void *a, const void *b, void *names) {
  return strcmp((const char *)names + ((const PrevCase *)a)->name, (const char *)names + ((const PrevCase *)b)->name);
}

/* qsort with a context, by hand (qsort_r is not POSIX): a heap sort, O(n log n) in any case. */
static void sift(PrevCase *c, size_t root, size_t n, const char *names) {
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= n) return;
    if (child + 1 < n && by_name(&c[child], &c[child + 1], (void *)names) < 0) child++;
    if (by_name(&c[root], &c[child], (void *)names) >= 0) return;
    const PrevCase t = c[root];
    c[root] = c[child], c[child] = t;
    root = child;
  }
}

static void sort_cases(PrevCase *c, size_t n, const char *names) {
  for (size_t k = n / 2; k-- > 0;) sift(c, k, n, names);
  for (size_t end = n; end-- > 1;) {
    const PrevCase t = c[0];
    c[0] = c[end], c[end] = t;
    sift(c, 0, end, names);
  }
}

static bool add_case(Previous *prev, const char *name, int status, double measured, double tol) {
  const size_t len = strlen(name) + 1;
  if (prev->names_len + len > UINT32_MAX) return false;
  if (prev->names_len + len > prev->names_cap) {
    size_t cap = prev->names_cap ? prev->names_cap : 4096;
    while (cap < prev->names_len + len) cap *= 2;
    char *names = realloc(prev->names, cap);
    if (!names) return false;
    prev->names = names, prev->names_cap = cap;
  }
  if (prev->n == prev->cap) {
    const int cap = prev->cap ? 2 * prev->cap : 256;
    PrevCase *c = realloc(prev->c, (size_t)cap * sizeof *c);
    if (!c) return false;
    prev->c = c, prev->cap = cap;
  }
  memcpy(prev->names + prev->names_len, name, len);
  prev->c[prev->n++] = (PrevCase){.name = (uint32_t)prev->names_len, .status = (uint8_t)status, .measured = measured,
                                  .tol = tol};
  prev->names_len += len;
  return true;
}

bool previous_load(Previous *prev, const char *path, char *why, size_t why_size) {
  *prev = (Previous){.path = path};
  if (why_size) why[0] = '\0';
  Problems pr = {why, why_size, 0, 0};
  TextFile t;
  if (!textfile_open(&t, path, PREVIOUS_MAX_BYTES, PREVIOUS_MAX_LINE)) {
    problem(&pr, "%s", t.why);
    return false;
  }
  char *rec = malloc(PREVIOUS_MAX_LINE + 1);
  if (!rec) {
    textfile_close(&t);
    problem(&pr, "%.300s: out of memory", path);
    return false;
  }
  int col_name = -1, col_status = -1, col_measured = -1, col_tol = -1, need = 0;
  bool header = true, stop = false;
  long first = 0; /* the record's first line */
  size_t len = 0;
  for (int rc; !stop && (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) {
      problem(&pr, "%s", t.why);
      if (t.fatal) break;
      len = 0;
      continue;
    }
    if (len == 0) first = t.line;
    else if (len + 1 + t.len > PREVIOUS_MAX_LINE) {
      problem(&pr, "%.300s:%ld: a quoted field open over more than %zu bytes", path, first, PREVIOUS_MAX_LINE);
      break;
    } else rec[len++] = '\n'; /* a quoted field across lines */
    memcpy(rec + len, t.text, t.len);
    len += t.len;
    rec[len] = '\0';
    if (!quotes_closed(rec, len)) continue;
    const size_t rec_len = len;
    len = 0;
    if (header) { /* the columns by name, so that an older or newer layout still reads */
      char *field[MAX_FIELDS];
      const int n = csv_split(rec, field, MAX_FIELDS);
      for (int k = 0; k < n; k++) {
        if (!strcmp(field[k], "name")) col_name = k;
        if (!strcmp(field[k], "status")) col_status = k;
        if (!strcmp(field[k], "measured")) col_measured = k;
        if (!strcmp(field[k], "tolerance")) col_tol = k;
      }
      header = false;
      if (col_name < 0 || col_status < 0 || col_measured < 0 || col_tol < 0) {
        problem(&pr, "%.300s:%ld: not a grandamp-verify CSV (its header names no name, status, measured and tolerance columns)",
                path, first);
        break;
      }
      need = 1 + col_name;
      if (col_status >= need) need = col_status + 1;
      if (col_measured >= need) need = col_measured + 1;
      if (col_tol >= need) need = col_tol + 1;
      continue;
    }
    if (rec_len == 0) continue; /* a blank line */
    char *field[MAX_FIELDS];
    const int n = csv_split(rec, field, MAX_FIELDS);
    const char *bad = NULL;
    int status = -1;
    double measured = NAN, tol = NAN;
    if (n < 0) bad = "a quote that does not close its field";
    else if (n < need) bad = "fewer fields than the header";
    else if (!field[col_name][0]) bad = "an empty case name";
    else {
      for (int s = 0; s < 5 && status < 0; s++)
        if (!strcmp(field[col_status], previous_statuses[s])) status = s;
      if (status < 0) bad = "a status that is not PASS, FAIL, SKIP, XFAIL or XPASS";
      else if (!number(field[col_measured], &measured)) bad = "a measured value that is not a number";
      else if (!number(field[col_tol], &tol)) bad = "a tolerance that is not a number";
    }
    if (bad) {
      problem(&pr, "%.300s:%ld: %s", path, first, bad);
      if (textfile_give_up(&t)) problem(&pr, "%s", t.why), stop = true;
      continue;
    }
    if (!add_case(prev, field[col_name], status, measured, tol)) {
      problem(&pr, "%.300s:%ld: out of memory", path, first);
      break;
    }
  }
  if (len && !pr.n) problem(&pr, "%.300s:%ld: a quote that does not close its field", path, first);
  textfile_close(&t);
  free(rec);
  if (!pr.n && header) problem(&pr, "%.300s: empty: not a grandamp-verify CSV", path);
  else if (!pr.n && prev->n == 0) problem(&pr, "%.300s: a header and no case: not a previous run", path);
  if (!pr.n) {
    sort_cases(prev->c, (size_t)prev->n, prev->names);
    for (int k = 1; k < prev->n && pr.n < TEXTFILE_MAX_ERRORS; k++)
      if (!strcmp(previous_name(prev, &prev->c[k - 1]), previous_name(prev, &prev->c[k])))
        problem(&pr, "%.300s: case %s appears twice", path, user_text(previous_name(prev, &prev->c[k])).s);
  }
  if (pr.n) {
    previous_free(prev);
    prev->path = path;
    return false;
  }
  return true;
}

size_t previous_bytes(const Previous *prev) {
  return (size_t)prev->cap * sizeof *prev->c + prev->names_cap;
}

void previous_free(Previous *prev) {
  free(prev->c);
  free(prev->names);
  *prev = (Previous){0};
}
