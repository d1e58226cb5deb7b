/* calibrate_points.c - calibrate's measured (v, e) points file (`--data`; see calibrate.h), read
 * through the bounded line reader (textfile.h). Apart from calibrate_fit.c so that the fuzz
 * harness (fuzz/fuzz_points.c) links the reader without the collisions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "numparse.h"
#include "textfile.h"
#include "usertext.h"

/* The field p[0..len) without its surrounding blanks into out. */
static void field(char *out, size_t size, const char *p, size_t len) {
  while (len && (*p == ' ' || *p == '\t')) p++, len--;
  while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
  snprintf(out, size, "%.*s", (int)len, p);
}

/* At most this much text (a thousand points with comments fit many times over), and this long a
 * line; a directory or a device (such as /dev/zero, which would never end) is refused. */
#define POINTS_MAX_BYTES (16LL << 20)
#define POINTS_MAX_LINE 4096

int calibrate_read_points(const char *path, CalibratePoint *pts, int max, ErrList *err) {
  TextFile t;
  if (!textfile_open(&t, path, POINTS_MAX_BYTES, POINTS_MAX_LINE)) {
    errlist_add(err, "calibrate: --data %s", t.why);
    return 0;
  }
  int n = 0;
  bool first = true; /* the first line that is not blank or a comment: the header or a point */
  for (int rc; (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) {
      errlist_add(err, "calibrate: %s", t.why);
      if (t.fatal) break;
      continue;
    }
    char *p = t.text;
    if (t.line == 1 && !memcmp(p, "\xEF\xBB\xBF", 3)) p += 3; /* a UTF-8 byte order mark */
    p += strspn(p, " \t");
    if (*p == '\0' || *p == '#') continue;
    const bool was_first = first;
    first = false;
    char *comma = strchr(p, ',');
    char a[128] = "", b[128] = "";
    if (comma) {
      field(a, sizeof a, p, (size_t)(comma - p));
      field(b, sizeof b, comma + 1, strlen(comma + 1));
    }
    const bool two = comma && !strchr(comma + 1, ',');
    if (was_first && two && !strcmp(a, "v") && !strcmp(b, "e")) continue; /* the header, exactly */
    double v = NAN, e = NAN;
    const bool numbers = two && num_parse_double(a, false, &v) == NUM_OK && num_parse_double(b, false, &e) == NUM_OK;
    if (!numbers) {
      errlist_add(err, "calibrate: %.200s:%ld: '%s' is %s", path, t.line, user_text(p).s,
                  was_first ? "neither the header 'v,e' nor a point 'v,e' (two numbers)" : "not 'v,e' (two numbers)");
      if (textfile_give_up(&t)) {
        errlist_add(err, "calibrate: %s", t.why);
        break;
      }
      continue;
    }
    if (!(v > 0.0) || !(e >= 0.0 && e <= 1.0)) {
      errlist_add(err, "calibrate: %.200s:%ld: v = %g must be > 0 and e = %g in [0, 1]", path, t.line, v, e);
      if (textfile_give_up(&t)) {
        errlist_add(err, "calibrate: %s", t.why);
        break;
      }
      continue;
    }
    if (n == max) {
      errlist_add(err, "calibrate: %.200s:%ld: more than %d points", path, t.line, max);
      break;
    }
    pts[n++] = (CalibratePoint){v, e};
  }
  textfile_close(&t);
  if (n == 0 && err->n == 0) errlist_add(err, "calibrate: %.200s: no (v, e) points", path);
  return n;
}
