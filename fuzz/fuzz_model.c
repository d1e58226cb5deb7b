/*
 * fuzz_model.c - fuzz harness: the model text of a pair_coeff line (model.h, type_table.h).
 *
 * The input is split into lines. Line 1 is a model text: model_parse must either report
 * errors or give a set-up model for which model_setup() changes nothing (it is idempotent)
 * and whose JSON (model_write_json) is balanced and has no bare nan/inf. Then every line is
 * a pair_coeff line of a 3-type table (a line that does not start with a type or range gets
 * "k k " in front, k = 1, 2, 3 in turn), the table is resolved (unset cross pairs mixed) and
 * every resolved pair written as JSON under the same checks.
 */
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "model.h"
#include "type_table.h"

#define FUZZ_MODEL_MAX_LINES 8
#define FUZZ_MODEL_NTYPES 3

/* The JSON of m, with its balance and finiteness checked. */
static void check_json(const ContactModel *m) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  FUZZ_CHECK(f != NULL, "open_memstream failed");
  model_write_json(f, m);
  FUZZ_CHECK(fclose(f) == 0, "writing the model JSON failed");
  int depth = 0;
  bool in_str = false;
  for (size_t i = 0; i < len; i++) {
    const char c = buf[i];
    if (in_str) {
      if (c == '\\') i++;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"') in_str = true;
    else if (c == '{' || c == '[') depth++;
    else if (c == '}' || c == ']') depth--;
    else if ((c == 'n' && !strncmp(buf + i, "nan", 3)) || (c == 'i' && !strncmp(buf + i, "inf", 3)) ||
             (c == 'N' && !strncmp(buf + i, "NaN", 3)) || (c == 'I' && !strncmp(buf + i, "Inf", 3)))
      FUZZ_FAIL("non-finite number in the model JSON:\n%s", buf);
    FUZZ_CHECK(depth >= 0, "unbalanced model JSON:\n%s", buf);
  }
  FUZZ_CHECK(depth == 0 && !in_str, "unbalanced model JSON:\n%s", buf);
  free(buf);
}

static void check_model(const char *text) {
  ContactModel m;
  ErrList err = {0};
  const int nerr = model_parse(text, &m, &err);
  FUZZ_CHECK(nerr == err.n, "model_parse returned %d but listed %d errors", nerr, err.n);
  errlist_free(&err);
  if (nerr) return;
  ContactModel again;
  memcpy(&again, &m, sizeof again);
  model_setup(&again);
  FUZZ_CHECK(memcmp(&again, &m, sizeof m) == 0, "model_setup is not idempotent for '%s'", text);
  check_json(&m);
}

static void check_table(char **lines, int nlines) {
  TypeTable t;
  type_table_init(&t, FUZZ_MODEL_NTYPES);
  ErrList err = {0};
  for (int k = 0; k < nlines; k++) {
    const char c = lines[k][0];
    if ((c >= '0' && c <= '9') || c == '*') {
      type_table_coeff(&t, lines[k], &err);
    } else {
      const int type = k % FUZZ_MODEL_NTYPES + 1;
      const size_t len = strlen(lines[k]) + 32;
      char *line = malloc(len);
      FUZZ_CHECK(line != NULL, "out of memory");
      snprintf(line, len, "%d %d %s", type, type, lines[k]);
      type_table_coeff(&t, line, &err);
      free(line);
    }
  }
  errlist_free(&err);
  if (type_table_resolve(&t, &err) == 0)
    for (int i = 1; i <= FUZZ_MODEL_NTYPES; i++)
      for (int j = i; j <= FUZZ_MODEL_NTYPES; j++) check_json(type_table_get(&t, i, j));
  errlist_free(&err);
  type_table_free(&t);
}

int fuzz_model(const uint8_t *data, size_t size) {
  char *text = fuzz_cstring(data, size);
  char *lines[FUZZ_MODEL_MAX_LINES];
  int nlines = 0;
  for (char *p = text; nlines < FUZZ_MODEL_MAX_LINES;) {
    lines[nlines++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = '\0';
    p = nl + 1;
  }
  check_model(lines[0]);
  check_table(lines, nlines);
  free(text);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_model(data, size); }
#endif
