/* bench_rows.c - engines bench's rows file (see bench_rows.h). */
#include "bench_rows.h"

#include <stdio.h>
#include <string.h>

#include "textfile.h"
#include "usertext.h"

/* A row's line is at most three names of 47 bytes and a 511-byte text; the file at most
 * BENCH_MAX_ROWS of them with room for blank lines. */
#define ROWS_MAX_LINE 1024
#define ROWS_MAX_BYTES (1LL << 20)

int bench_rows_read(const char *path, BenchRow *rows, ErrList *err) {
  TextFile t;
  if (!textfile_open(&t, path, ROWS_MAX_BYTES, ROWS_MAX_LINE)) {
    errlist_add(err, "--rows: %s", t.why);
    return 0;
  }
  int n = 0;
  for (int rc; (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) {
      errlist_add(err, "--rows: %s", t.why);
      if (t.fatal) break;
      continue;
    }
    const char *line = t.text;
    if (!*line) continue;
    if (n == BENCH_MAX_ROWS) {
      errlist_add(err, "--rows: %.300s:%ld: more than %d rows", path, t.line, BENCH_MAX_ROWS);
      break;
    }
    BenchRow *r = &rows[n];
    const char *p = line;
    bool ok = true;
    for (int k = 0; k < 3 && ok; k++) {
      const char *comma = strchr(p, ',');
      ok = comma && comma > p && (size_t)(comma - p) < sizeof r->label[k];
      if (ok) snprintf(r->label[k], sizeof r->label[k], "%.*s", (int)(comma - p), p), p = comma + 1;
    }
    if (!ok || strlen(p) >= sizeof r->text || !*p) {
      errlist_add(err, "--rows: %.300s:%ld: '%s' is not normal,damping,tangential,<pair_coeff text>", path, t.line,
                  user_text(line).s);
      if (textfile_give_up(&t)) {
        errlist_add(err, "--rows: %s", t.why);
        break;
      }
      continue;
    }
    snprintf(r->text, sizeof r->text, "%s", p);
    ErrList mine = {0};
    if (model_parse(r->text, &r->model, &mine) == 0) n++;
    for (int k = 0; k < mine.n; k++) errlist_add(err, "--rows: %.300s:%ld: %s", path, t.line, mine.msg[k]);
    if (mine.n && textfile_give_up(&t)) {
      errlist_free(&mine);
      errlist_add(err, "--rows: %s", t.why);
      break;
    }
    errlist_free(&mine);
  }
  textfile_close(&t);
  if (n == 0 && !err->n) errlist_add(err, "--rows: %.300s: no rows", path);
  return n;
}
