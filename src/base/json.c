/* json.c - streaming JSON writer (see json.h). */
#include "json.h"

#include <math.h>

#include "numparse.h"

static void indent(Json *j) {
  for (int i = 0; i < j->depth; i++) fputs("  ", j->f);
}

static void member(Json *j, const char *key) {
  fputs(j->first[j->depth] ? "\n" : ",\n", j->f);
  j->first[j->depth] = false;
  indent(j);
  fprintf(j->f, "\"%s\": ", key);
}

/* The shortest text that reads back to the same double (0.1, not 0.10000000000000001), 0 for -0
 * (a product with a zero velocity reads as a sign that is not there), null when not finite. */
static void number(FILE *f, double v) {
  if (isfinite(v)) fputs(num_text(v).s, f);
  else fputs("null", f);
}

void json_begin(Json *j, FILE *f) {
  j->f = f;
  j->depth = 1;
  j->first[1] = true;
  fputc('{', f);
}

void json_end(Json *j) {
  fputs("\n}\n", j->f);
  j->depth = 0;
}

void json_object(Json *j, const char *key) {
  member(j, key);
  fputc('{', j->f);
  if (j->depth + 1 < JSON_MAX_DEPTH) j->depth++;
  j->first[j->depth] = true;
}

void json_close(Json *j) {
  bool empty = j->first[j->depth];
  j->depth--;
  if (!empty) {
    fputc('\n', j->f);
    indent(j);
  }
  fputc('}', j->f);
}

void json_num(Json *j, const char *key, double v) {
  member(j, key);
  number(j->f, v);
}

void json_int(Json *j, const char *key, long v) {
  member(j, key);
  fprintf(j->f, "%ld", v);
}

void json_str(Json *j, const char *key, const char *s) {
  member(j, key);
  fputc('"', j->f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', j->f);
    if ((unsigned char)*s < 0x20) fprintf(j->f, "\\u%04x", (unsigned)(unsigned char)*s);
    else fputc(*s, j->f);
  }
  fputc('"', j->f);
}

void json_bool(Json *j, const char *key, bool v) {
  member(j, key);
  fputs(v ? "true" : "false", j->f);
}

void json_null(Json *j, const char *key) {
  member(j, key);
  fputs("null", j->f);
}

void json_array(Json *j, const char *key, const double *v, int n) {
  member(j, key);
  fputc('[', j->f);
  for (int i = 0; i < n; i++) {
    if (i) fputs(", ", j->f);
    number(j->f, v[i]);
  }
  fputc(']', j->f);
}
