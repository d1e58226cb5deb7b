/*
 * numparse.h - strict number parsing for model text and command-line values.
 *
 * A token is a number only if all of it is a decimal literal: [+-]digits[.digits][(e|E)[+-]digits]
 * (or .digits). No leading or trailing blanks, no hex floats, no "nan"; "inf" only where the
 * caller allows it (an infinite radius or mass stands for a flat wall). Values that overflow a
 * double (magnitude above DBL_MAX, 1.8e308) or underflow it (nonzero, but below DBL_MIN,
 * 2.2e-308, the smallest normal double: subnormal or rounded to 0) are refused; each has its own
 * status, so the message can say which limit was passed. This is stricter than strtod and
 * matches what a user means.
 */
#ifndef GD_NUMPARSE_H
#define GD_NUMPARSE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum NumStatus {
  NUM_OK = 0,
  NUM_NOT_A_NUMBER, /**< not a decimal literal (or empty) */
  NUM_OVERFLOW,     /**< magnitude above the largest double (or, for a long, beyond LONG_MIN..LONG_MAX) */
  NUM_UNDERFLOW,    /**< nonzero, but smaller in magnitude than the smallest normal double */
  NUM_INF_REFUSED   /**< "inf" where only finite values make sense (the last status) */
};

/** A number as text for a line meant to be pasted: the shortest %g form that reads back to the
 *  same double (0.2, not 0.20000000000000001; a whole number below 1e17 in full), and 0 for -0. The struct lives until the end of
 *  the full expression, as printf's arguments need. */
typedef struct NumText {
  char s[32];
} NumText;
NumText num_text(double x);
/** A number for a data file (every CSV grandamp writes): the shortest %g form that reads back to
 *  the same bits, -0 as "-0", non-finite values as inf, -inf and nan. */
NumText num_csv(double x);

/** Parses s into *out. allow_inf accepts "inf", "+inf", "Inf", "infinity". */
enum NumStatus num_parse_double(const char *s, bool allow_inf, double *out);
/** Parses a decimal integer (optional sign, digits only) that fits in a long. */
enum NumStatus num_parse_long(const char *s, long *out);
/** A phrase for the status of num_parse_double, for error messages ("is not a number",
 *  "overflows: its magnitude exceeds 1.8e308, the largest double", ...). */
const char *num_status_str(enum NumStatus st);

#ifdef __cplusplus
}
#endif
#endif
