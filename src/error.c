/* error.c - error lists, warnings, fatal exits and checked allocation (see error.h). */
#include "error.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *vformat(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int len = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (len < 0) len = 0;
  char *s = gd_xmalloc((size_t)len + 1);
  vsnprintf(s, (size_t)len + 1, fmt, ap);
  return s;
}

void errlist_add(ErrList *e, const char *fmt, ...) {
  if (e->n == e->cap) {
    e->cap = e->cap ? 2 * e->cap : 8;
    e->msg = gd_xrealloc(e->msg, (size_t)e->cap * sizeof *e->msg);
  }
  va_list ap;
  va_start(ap, fmt);
  e->msg[e->n++] = vformat(fmt, ap);
  va_end(ap);
}

void errlist_print(const ErrList *e, FILE *f) {
  for (int i = 0; i < e->n; i++) fprintf(f, "grandamp: error: %s\n", e->msg[i]);
}

void errlist_free(ErrList *e) {
  for (int i = 0; i < e->n; i++) free(e->msg[i]);
  free(e->msg);
  e->msg = NULL;
  e->n = e->cap = 0;
}

void gd_warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("grandamp: warning: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void print_error(const char *fmt, va_list ap) {
  fputs("grandamp: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void gd_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  print_error(fmt, ap);
  va_end(ap);
}

void gd_die(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  print_error(fmt, ap);
  va_end(ap);
  exit(code);
}

void *gd_xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) gd_die(GD_EXIT_RUNTIME, "out of memory allocating %zu bytes", size);
  return p;
}

void *gd_xmalloc_aligned(size_t size) {
  void *p = NULL;
  const size_t rounded = size ? (size + 63) / 64 * 64 : 64;
  if (posix_memalign(&p, 64, rounded) != 0) gd_die(GD_EXIT_RUNTIME, "out of memory allocating %zu bytes", rounded);
  return p;
}

void *gd_xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q) gd_die(GD_EXIT_RUNTIME, "out of memory allocating %zu bytes", size);
  return q;
}
