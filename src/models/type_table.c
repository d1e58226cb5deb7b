/* type_table.c - per-type-pair models with LAMMPS ranges and mixing, held per class of types
 * (see type_table.h). */
#include "type_table.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "sysmem.h"
#include "usertext.h"

struct CoeffLine {
  int ilo, ihi, jlo, jhi; /* the type ranges I and J */
  ContactModel m;
};

void type_table_init(TypeTable *t, int ntypes) {
  memset(t, 0, sizeof *t);
  t->ntypes = ntypes;
}

/* Drops the class table (resolve builds it again). */
static void drop_classes(TypeTable *t) {
  free(t->class_lo);
  free(t->model);
  t->class_lo = NULL;
  t->model = NULL;
  t->nclass = 0;
}

void type_table_free(TypeTable *t) {
  drop_classes(t);
  free(t->line);
  memset(t, 0, sizeof *t);
}

/* Parses a LAMMPS type range (n, *, n*, *n, m*n) into [lo, hi] within 1..ntypes. */
static bool parse_range(const char *s, int ntypes, int *lo, int *hi) {
  const char *star = strchr(s, '*');
  long a = 1, b = ntypes;
  char buf[32];
  if (strlen(s) >= sizeof buf) return false;
  if (!star) {
    if (num_parse_long(s, &a) != NUM_OK) return false;
    b = a;
  } else {
    size_t left = (size_t)(star - s);
    memcpy(buf, s, left);
    buf[left] = '\0';
    if (left && num_parse_long(buf, &a) != NUM_OK) return false;
    if (star[1] && num_parse_long(star + 1, &b) != NUM_OK) return false;
  }
  if (a < 1 || b > ntypes || a > b) return false;
  *lo = (int)a;
  *hi = (int)b;
  return true;
}

/* The next blank-separated word after p into buf (cut to size - 1 bytes); returns where it ends. */
static const char *next_word(const char *p, char *buf, size_t size) {
  while (*p == ' ' || *p == '\t') p++;
  size_t n = strcspn(p, " \t\n");
  const char *end = p + n;
  if (n >= size) n = size - 1;
  memcpy(buf, p, n);
  buf[n] = '\0';
  return end;
}

int type_table_coeff(TypeTable *t, const char *line, ErrList *err) {
  const int nerr0 = err->n;
  char wi[64], wj[64];
  const char *rest = next_word(next_word(line, wi, sizeof wi), wj, sizeof wj);
  int ilo = 0, ihi = 0, jlo = 0, jhi = 0;
  if (!parse_range(wi, t->ntypes, &ilo, &ihi))
    errlist_add(err, "pair_coeff '%s': type '%s' is not a type or range within 1..%d", user_text(line).s,
                user_text(wi).s, t->ntypes);
  if (!parse_range(wj, t->ntypes, &jlo, &jhi))
    errlist_add(err, "pair_coeff '%s': type '%s' is not a type or range within 1..%d", user_text(line).s,
                user_text(wj).s, t->ntypes);
  ContactModel m;
  model_parse(rest, &m, err);
  if (err->n > nerr0) return err->n - nerr0;
  if (ilo > jhi) { /* every i in I lies above every j in J: LAMMPS "Incorrect args for pair coefficients" */
    errlist_add(err, "pair_coeff '%s': sets no type pair (the first type range must not lie above the second)",
                user_text(line).s);
    return err->n - nerr0;
  }
  if (t->nline == t->cap_line) {
    t->cap_line = t->cap_line ? 2 * t->cap_line : 8;
    t->line = gd_xrealloc(t->line, (size_t)t->cap_line * sizeof *t->line);
  }
  t->line[t->nline++] = (CoeffLine){ilo, ihi, jlo, jhi, m};
  return 0;
}

static int cmp_int64(const void *a, const void *b) {
  const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The class bounds: 1, ntypes + 1 and every end of every line's ranges, sorted, unique. */
static int make_classes(TypeTable *t) {
  int64_t *b = gd_xmalloc((size_t)(4 * t->nline + 2) * sizeof *b);
  int n = 0;
  b[n++] = 1;
  b[n++] = (int64_t)t->ntypes + 1; /* 64-bit: ntypes may be INT_MAX */
  for (int k = 0; k < t->nline; k++) {
    const CoeffLine *l = &t->line[k];
    b[n++] = l->ilo;
    b[n++] = (int64_t)l->ihi + 1;
    b[n++] = l->jlo;
    b[n++] = (int64_t)l->jhi + 1;
  }
  qsort(b, (size_t)n, sizeof *b, cmp_int64);
  int u = 0;
  for (int k = 0; k < n; k++)
    if (u == 0 || b[k] != b[u - 1]) b[u++] = b[k];
  t->class_lo = b;
  return u - 1;
}

/* The class holding type i (1 <= i <= ntypes). */
static int class_of(const TypeTable *t, int i) {
  int lo = 0, hi = t->nclass - 1;
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (t->class_lo[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* Whether the type range [lo, hi] holds all of class c (it holds all or none of it). */
static bool covers(const TypeTable *t, int c, int lo, int hi) {
  return t->class_lo[c] >= lo && t->class_lo[c + 1] - 1 <= hi;
}

int type_table_resolve(TypeTable *t, ErrList *err) {
  const int nerr0 = err->n;
  drop_classes(t);
  const int nc = make_classes(t);
  const double need = (double)nc * (double)nc * (double)(sizeof *t->model + 1);
  const size_t avail = sysmem_available();
  if (need > (double)avail) { /* only a program with many more lines than the CLI's 64 gets here */
    char a[32], b[32];
    errlist_add(err, "pair_coeff: %d lines cut the %d atom types into %d classes, whose %d x %d pair models of %zu B "
                "need %s; this machine has %s available; use fewer pair_coeff lines",
                t->nline, t->ntypes, nc, nc, nc, sizeof *t->model, sysmem_format(need, a, sizeof a),
                sysmem_format((double)avail, b, sizeof b));
    drop_classes(t);
    return err->n - nerr0;
  }
  t->nclass = nc;
  const size_t n2 = (size_t)nc * (size_t)nc;
  t->model = gd_xmalloc(n2 * sizeof *t->model);
  bool *is_set = gd_xmalloc(n2 * sizeof *is_set);
  memset(t->model, 0, n2 * sizeof *t->model);
  memset(is_set, 0, n2 * sizeof *is_set);
  /* Class a below class b means every type of a is below every type of b: the pairs (i, j),
   * i in a, j in b are set by a line with a in I and b in J, as i <= j (LAMMPS pair_coeff). */
  for (int k = 0; k < t->nline; k++) {
    const CoeffLine *l = &t->line[k];
    for (int a = class_of(t, l->ilo); a < nc && t->class_lo[a] <= l->ihi; a++)
      for (int c = class_of(t, l->jlo); c < nc && t->class_lo[c] <= l->jhi; c++) {
        if (c < a || !covers(t, a, l->ilo, l->ihi) || !covers(t, c, l->jlo, l->jhi)) continue;
        t->model[(size_t)a * nc + c] = t->model[(size_t)c * nc + a] = l->m;
        is_set[(size_t)a * nc + c] = is_set[(size_t)c * nc + a] = true;
      }
  }
  for (int c = 0; c < nc; c++) {
    if (is_set[(size_t)c * nc + c]) continue;
    const int lo = (int)t->class_lo[c], hi = (int)(t->class_lo[c + 1] - 1);
    if (lo == hi) errlist_add(err, "pair_coeff: type pair %d %d is not set (every self pair must be given)", lo, lo);
    else
      errlist_add(err, "pair_coeff: type pairs %d %d to %d %d are not set (every self pair must be given)", lo, lo,
                  hi, hi);
  }
  if (err->n == nerr0)
    for (int a = 0; a < nc; a++)
      for (int c = a + 1; c < nc; c++) {
        if (is_set[(size_t)a * nc + c]) continue;
        ContactModel *m = &t->model[(size_t)a * nc + c];
        if (model_mix(&t->model[(size_t)a * nc + a], &t->model[(size_t)c * nc + c], (int)t->class_lo[a],
                      (int)t->class_lo[c], m, err))
          t->model[(size_t)c * nc + a] = *m;
      }
  free(is_set);
  return err->n - nerr0;
}

const ContactModel *type_table_get(const TypeTable *t, int i, int j) {
  return &t->model[(size_t)class_of(t, i) * (size_t)t->nclass + (size_t)class_of(t, j)];
}

void type_table_bind(TypeTable *t, Particles *p) {
  const int nc = t->nclass;
  int *dense = gd_xmalloc((size_t)nc * sizeof *dense); /* class -> dense type, 0 if unused */
  memset(dense, 0, (size_t)nc * sizeof *dense);
  for (int64_t i = 0; i < p->n; i++) dense[class_of(t, p->type[i])] = 1;
  if (p->n == 0) dense[0] = 1; /* one type all the same */
  int nt = 0;
  int *cls = gd_xmalloc((size_t)nc * sizeof *cls); /* dense type - 1 -> class */
  for (int c = 0; c < nc; c++)
    if (dense[c]) {
      cls[nt] = c;
      dense[c] = ++nt;
    }
  for (int64_t i = 0; i < p->n; i++) p->type[i] = dense[class_of(t, p->type[i])];
  ContactModel *m = gd_xmalloc((size_t)nt * (size_t)nt * sizeof *m);
  for (int a = 0; a < nt; a++)
    for (int c = 0; c < nt; c++) m[(size_t)a * nt + c] = t->model[(size_t)cls[a] * nc + cls[c]];
  free(t->model);
  t->model = m;
  t->nclass = nt;
  t->ntypes = nt;
  for (int k = 0; k <= nt; k++) t->class_lo[k] = k + 1; /* type k + 1 is class k */
  p->ntypes = nt;
  free(dense);
  free(cls);
}
