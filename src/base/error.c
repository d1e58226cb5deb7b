/* error.c - error lists, warnings, fatal exits and checked allocation (see error.h). */
#include "error.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "usertext.h"

/* A message longer than MSG_MAX bytes keeps its head and tail around a note of what was cut:
 * the call sites bound the user's text they echo (usertext.h), this is the last guard. */
#define MSG_MAX 1000
#define MSG_TAIL 200
/* Errors printed by one errlist_print, warnings printed by one process; the rest are counted. */
#define MAX_PRINTED_ERRORS 50
#define MAX_WARNINGS 100

/* Cuts s (of len bytes) in place to at most MSG_MAX + the note's bytes. */
static bool utf8_continuation(char c) { return ((unsigned char)c & 0xC0) == 0x80; }

static void cut_long(char *s, size_t len) {
  if (len <= MSG_MAX) return;
  size_t head = MSG_MAX - MSG_TAIL, tail = len - MSG_TAIL;
  while (head > 0 && utf8_continuation(s[head])) head--; /* never half a character */
  while (tail < len && utf8_continuation(s[tail])) tail++;
  char note[64];
  const int w = snprintf(note, sizeof note, " [... %zu bytes cut ...] ", tail - head);
  memmove(s + head + (size_t)w, s + tail, len - tail + 1);
  memcpy(s + head, note, (size_t)w);
}

/* The formatted message, escaped (control bytes and bytes that are not UTF-8 as \xNN, as
 * usertext.h does, so that no message can carry a terminal escape) and cut to MSG_MAX. NULL
 * when memory is out (plain malloc: see print_message). */
static char *vformat(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int len = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (len < 0) len = 0;
  char *raw = malloc((size_t)len + 1), *s = malloc(4 * (size_t)len + 1);
  if (raw && s) {
    vsnprintf(raw, (size_t)len + 1, fmt, ap);
    cut_long(s, user_text_escape(s, 4 * (size_t)len + 1, raw));
  } else {
    free(s);
    s = NULL;
  }
  free(raw);
  return s;
}

void errlist_add(ErrList *e, const char *fmt, ...) {
  if (e->n == e->cap) {
    e->cap = e->cap ? 2 * e->cap : 8;
    e->msg = gd_xrealloc(e->msg, (size_t)e->cap * sizeof *e->msg);
  }
  va_list ap;
  va_start(ap, fmt);
  char *msg = vformat(fmt, ap);
  va_end(ap);
  if (!msg) gd_die(GD_EXIT_RUNTIME, "out of memory for an error message");
  e->msg[e->n++] = msg;
}

void errlist_print(const ErrList *e, FILE *f) {
  for (int i = 0; i < e->n && i < MAX_PRINTED_ERRORS; i++) fprintf(f, "grandamp: error: %s\n", e->msg[i]);
  if (e->n > MAX_PRINTED_ERRORS)
    fprintf(f, "grandamp: error: ... and %d more errors (the first %d are shown)\n", e->n - MAX_PRINTED_ERRORS,
            MAX_PRINTED_ERRORS);
}

void errlist_free(ErrList *e) {
  for (int i = 0; i < e->n; i++) free(e->msg[i]);
  free(e->msg);
  e->msg = NULL;
  e->n = e->cap = 0;
}

/* Prints "grandamp: <kind>: <message>", the message escaped and cut as in errlist_add. When
 * memory is out (gd_die's own "out of memory" must not recurse) it is printed as it is. */
static void print_message(const char *kind, const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  char *s = vformat(fmt, aq);
  va_end(aq);
  if (s) {
    fprintf(stderr, "grandamp: %s: %s\n", kind, s);
    free(s);
  } else {
    fprintf(stderr, "grandamp: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
  }
}

void gd_warn(const char *fmt, ...) {
  static atomic_int nwarn;
  const int k = atomic_fetch_add(&nwarn, 1) + 1;
  if (k > MAX_WARNINGS) {
    if (k == MAX_WARNINGS + 1)
      fprintf(stderr, "grandamp: warning: more than %d warnings; the rest are not shown\n", MAX_WARNINGS);
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  print_message("warning", fmt, ap);
  va_end(ap);
}

void gd_note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vformat(fmt, ap);
  va_end(ap);
  fprintf(stderr, "grandamp: %s\n", s ? s : "(out of memory for a note)");
  free(s);
}

static void print_error(const char *fmt, va_list ap) { print_message("error", fmt, ap); }

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
