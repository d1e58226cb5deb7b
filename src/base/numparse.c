/* numparse.c - strict decimal number parsing (see numparse.h). */
#include "numparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* True if s is exactly a decimal floating-point literal. */
static bool is_decimal_literal(const char *s) {
  const char *p = s;
  if (*p == '+' || *p == '-') p++;
  int digits = 0;
  while (isdigit((unsigned char)*p)) p++, digits++;
  if (*p == '.') {
    p++;
    while (isdigit((unsigned char)*p)) p++, digits++;
  }
  if (digits == 0) return false;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!isdigit((unsigned char)*p)) return false;
    while (isdigit((unsigned char)*p)) p++;
  }
  return *p == '\0';
}

static bool is_inf_word(const char *s) {
  if (*s == '+') s++;
  return strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0;
}

enum NumStatus num_parse_double(const char *s, bool allow_inf, double *out) {
  if (!s) return NUM_NOT_A_NUMBER;
  if (is_inf_word(s)) {
    if (!allow_inf) return NUM_INF_REFUSED;
    *out = INFINITY;
    return NUM_OK;
  }
  if (!is_decimal_literal(s)) return NUM_NOT_A_NUMBER;
  errno = 0;
  char *end = NULL;
  double v = strtod(s, &end);
  if (*end != '\0') return NUM_NOT_A_NUMBER;
  /* ERANGE flags overflow (v is +-HUGE_VAL) and also underflow to a subnormal or zero from a
   * nonzero literal (C11 7.22.1.3). */
  if (!isfinite(v)) return NUM_OVERFLOW;
  if (errno == ERANGE || fpclassify(v) == FP_SUBNORMAL) return NUM_UNDERFLOW;
  *out = v;
  return NUM_OK;
}

enum NumStatus num_parse_long(const char *s, long *out) {
  if (!s) return NUM_NOT_A_NUMBER;
  const char *p = s;
  if (*p == '+' || *p == '-') p++;
  if (!isdigit((unsigned char)*p)) return NUM_NOT_A_NUMBER;
  while (isdigit((unsigned char)*p)) p++;
  if (*p != '\0') return NUM_NOT_A_NUMBER;
  errno = 0;
  long v = strtol(s, NULL, 10);
  if (errno == ERANGE) return NUM_OVERFLOW;
  *out = v;
  return NUM_OK;
}

const char *num_status_str(enum NumStatus st) {
  switch (st) {
  case NUM_OK: return "is fine";
  case NUM_NOT_A_NUMBER: return "is not a number";
  case NUM_OVERFLOW: return "overflows: its magnitude exceeds 1.8e308, the largest double";
  case NUM_UNDERFLOW:
    return "underflows: its magnitude is below 2.2e-308, the smallest normal double (give 0, or a value >= 2.2e-308)";
  case NUM_INF_REFUSED: return "must be finite";
  }
  return "is invalid";
}

/* The shortest %g text that reads back to x's bits: -0 keeps its sign, inf and nan their names. */
static NumText shortest(double x) {
  NumText t;
  if (x == floor(x) && fabs(x) < 1e17 && !(x == 0.0 && signbit(x))) { /* whole: 48000000000, not 4.8e+10 */
    snprintf(t.s, sizeof t.s, "%.0f", x);
    return t;
  }
  for (int digits = 1; digits <= 17; digits++) { /* 17 significant digits always round-trip */
    snprintf(t.s, sizeof t.s, "%.*g", digits, x);
    if (strtod(t.s, NULL) == x || isnan(x)) break;
  }
  return t;
}

NumText num_text(double x) {
  if (x == 0.0) x = 0.0; /* -0 prints as 0 */
  return shortest(x);
}

NumText num_csv(double x) { return shortest(x); }
