/* type_table.c - per-type-pair models with LAMMPS ranges and mixing (see type_table.h). */
#include "type_table.h"

#include <stdlib.h>
#include <string.h>

#include "numparse.h"

void type_table_init(TypeTable *t, int ntypes) {
  t->ntypes = ntypes;
  const size_t n = (size_t)ntypes * (size_t)ntypes;
  t->model = gd_xmalloc(n * sizeof *t->model);
  t->is_set = gd_xmalloc(n * sizeof *t->is_set);
  memset(t->model, 0, n * sizeof *t->model);
  memset(t->is_set, 0, n * sizeof *t->is_set);
}

void type_table_free(TypeTable *t) {
  free(t->model);
  free(t->is_set);
  t->model = NULL;
  t->is_set = NULL;
  t->ntypes = 0;
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

static const char *next_word(const char *p, char *buf, size_t size) {
  while (*p == ' ' || *p == '\t') p++;
  size_t n = strcspn(p, " \t\n");
  if (n >= size) n = size - 1;
  memcpy(buf, p, n);
  buf[n] = '\0';
  return p + strcspn(p, " \t\n");
}

int type_table_coeff(TypeTable *t, const char *line, ErrList *err) {
  const int nerr0 = err->n;
  char wi[32], wj[32];
  const char *rest = next_word(next_word(line, wi, sizeof wi), wj, sizeof wj);
  int ilo = 0, ihi = 0, jlo = 0, jhi = 0;
  if (!parse_range(wi, t->ntypes, &ilo, &ihi))
    errlist_add(err, "pair_coeff '%s': type '%s' is not a type or range within 1..%d", line, wi, t->ntypes);
  if (!parse_range(wj, t->ntypes, &jlo, &jhi))
    errlist_add(err, "pair_coeff '%s': type '%s' is not a type or range within 1..%d", line, wj, t->ntypes);
  ContactModel m;
  model_parse(rest, &m, err);
  if (err->n > nerr0) return err->n - nerr0;
  int count = 0;
  for (int i = ilo; i <= ihi; i++)
    for (int j = (i > jlo ? i : jlo); j <= jhi; j++) {
      const size_t ij = (size_t)(i - 1) * (size_t)t->ntypes + (size_t)(j - 1);
      const size_t ji = (size_t)(j - 1) * (size_t)t->ntypes + (size_t)(i - 1);
      t->model[ij] = t->model[ji] = m;
      t->is_set[ij] = t->is_set[ji] = true;
      count++;
    }
  if (count == 0) /* LAMMPS: "Incorrect args for pair coefficients" */
    errlist_add(err, "pair_coeff '%s': sets no type pair (the first type range must not lie above the second)", line);
  return err->n - nerr0;
}

int type_table_resolve(TypeTable *t, ErrList *err) {
  const int nerr0 = err->n;
  const int n = t->ntypes;
  for (int i = 1; i <= n; i++)
    if (!t->is_set[(size_t)(i - 1) * (size_t)n + (size_t)(i - 1)])
      errlist_add(err, "pair_coeff: type pair %d %d is not set (every self pair must be given)", i, i);
  if (err->n > nerr0) return err->n - nerr0;
  for (int i = 1; i <= n; i++)
    for (int j = i + 1; j <= n; j++) {
      const size_t ij = (size_t)(i - 1) * (size_t)n + (size_t)(j - 1);
      const size_t ji = (size_t)(j - 1) * (size_t)n + (size_t)(i - 1);
      if (t->is_set[ij]) continue;
      if (model_mix(type_table_get(t, i, i), type_table_get(t, j, j), i, j, &t->model[ij], err))
        t->model[ji] = t->model[ij];
    }
  return err->n - nerr0;
}

const ContactModel *type_table_get(const TypeTable *t, int i, int j) {
  return &t->model[(size_t)(i - 1) * (size_t)t->ntypes + (size_t)(j - 1)];
}
