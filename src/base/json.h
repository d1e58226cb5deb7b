/*
 * json.h - a small streaming JSON writer for command output (pretty-printed, 2-space indent).
 *
 * Numbers are written with 17 significant digits, so every double reads back exactly.
 * JSON has no inf or nan: non-finite values are written as null.
 */
#ifndef GD_JSON_H
#define GD_JSON_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JSON_MAX_DEPTH 16

typedef struct Json {
  FILE *f;
  int depth;
  bool first[JSON_MAX_DEPTH]; /**< no member written yet at this depth */
} Json;

/** Starts the top-level object on f. */
void json_begin(Json *j, FILE *f);
/** Ends the top-level object and the line. */
void json_end(Json *j);
/** Opens a nested object under key. */
void json_object(Json *j, const char *key);
/** Closes the innermost nested object. */
void json_close(Json *j);
void json_num(Json *j, const char *key, double v);
void json_int(Json *j, const char *key, long v);
void json_str(Json *j, const char *key, const char *s);
void json_bool(Json *j, const char *key, bool v);
void json_null(Json *j, const char *key);
/** Writes key: [v0, v1, ...] on one line. */
void json_array(Json *j, const char *key, const double *v, int n);

#ifdef __cplusplus
}
#endif
#endif
