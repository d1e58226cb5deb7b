/* calibrate_fit.c - the least-squares coefficient of each damping model for measured (v, e)
 * points (see calibrate.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "calibrate.h"
#include "numparse.h"
#include "usertext.h"

/* The field p[0..len) without its surrounding blanks into out. */
static void field(char *out, size_t size, const char *p, size_t len) {
  while (len && (*p == ' ' || *p == '\t')) p++, len--;
  while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
  snprintf(out, size, "%.*s", (int)len, p);
}

/* Refused before reading: what is not a file or a pipe (a directory, a device such as /dev/zero
 * that never ends), and more than this much text. */
#define POINTS_MAX_BYTES (16L << 20)

int calibrate_read_points(const char *path, CalibratePoint *pts, int max, ErrList *err) {
  FILE *f = fopen(path, "r");
  if (!f) {
    errlist_add(err, "calibrate: --data %.200s: %s", path, strerror(errno));
    return 0;
  }
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode))) {
    errlist_add(err, "calibrate: --data %.200s: not a file or a pipe (%s)", path,
                S_ISDIR(st.st_mode) ? "a directory" : "a device or socket");
    fclose(f);
    return 0;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  long bytes = 0;
  int n = 0, lineno = 0;
  bool header_seen = false;
  while ((len = getline(&line, &cap, f)) >= 0) {
    lineno++;
    if ((bytes += len) > POINTS_MAX_BYTES) {
      errlist_add(err, "calibrate: %.200s: more than %ld MiB of text", path, POINTS_MAX_BYTES >> 20);
      break;
    }
    if (memchr(line, '\0', (size_t)len)) {
      errlist_add(err, "calibrate: %.200s:%d: a NUL byte: not a text file", path, lineno);
      break;
    }
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line + strspn(line, " \t");
    if (*p == '\0' || *p == '#') continue;
    char *comma = strchr(p, ',');
    char a[128] = "", b[128] = "";
    if (comma) {
      field(a, sizeof a, p, (size_t)(comma - p));
      field(b, sizeof b, comma + 1, strlen(comma + 1));
    }
    double v = NAN, e = NAN;
    const bool numbers = comma && num_parse_double(a, false, &v) == NUM_OK && num_parse_double(b, false, &e) == NUM_OK;
    if (!numbers && !header_seen && n == 0 && comma && !strchr(comma + 1, ',')) { /* "v,e": a header */
      header_seen = true;
      continue;
    }
    if (!numbers || strchr(comma + 1, ',')) {
      errlist_add(err, "calibrate: %.200s:%d: '%s' is not 'v,e' (two numbers)", path, lineno, user_text(p).s);
      continue;
    }
    if (!(v > 0.0) || !(e >= 0.0 && e <= 1.0)) {
      errlist_add(err, "calibrate: %.200s:%d: v = %g must be > 0 and e = %g in [0, 1]", path, lineno, v, e);
      continue;
    }
    if (n == max) {
      errlist_add(err, "calibrate: %.200s: more than %d points", path, max);
      break;
    }
    pts[n++] = (CalibratePoint){v, e};
  }
  if (ferror(f)) errlist_add(err, "calibrate: --data %.200s: read error: %s", path, strerror(errno));
  free(line);
  fclose(f);
  if (n == 0 && err->n == 0) errlist_add(err, "calibrate: %.200s: no (v, e) points", path);
  return n;
}

/* The residuals e(v_k; x) - e_k at coefficient x into r; their sum of squares, NAN (with why)
 * when a collision fails. The points run in parallel, each collision on one thread. */
static double squares(const CalibrateSpec *s, DampingModel dm, double x, const CalibratePoint *pts, int n, double *r,
                      char *why, size_t why_size) {
  int failed = -1;
#pragma omp parallel for schedule(dynamic, 1)
  for (int k = 0; k < n; k++) {
    CalibrateRun run;
    if (calibrate_collide(s, dm, x, s->Ri, s->Rj, pts[k].v, s->steps, &run)) {
      r[k] = run.e - pts[k].e;
    } else {
      r[k] = NAN;
#pragma omp critical(calibrate_fit_fail)
      if (failed < 0) failed = k, snprintf(why, why_size, "at v = %g m/s: %.400s", pts[k].v, run.why);
    }
  }
  if (failed >= 0) return NAN;
  double ss = 0.0;
  for (int k = 0; k < n; k++) ss += r[k] * r[k];
  return ss;
}

bool calibrate_fit(const CalibrateSpec *s, DampingModel dm, const CalibratePoint *pts, int n, CalibrateFit *f) {
  memset(f, 0, sizeof *f);
  f->model = dm;
  const double tol = s->tol > 0.0 ? s->tol : 1e-7;
  /* Each residual is monotone in x, so the minimum lies between the smallest and the largest of
   * the points' own coefficients (or the ends of the range for points out of reach). */
  double lo = INFINITY, hi = -INFINITY;
  int failed = -1;
#pragma omp parallel for schedule(dynamic, 1) reduction(min : lo) reduction(max : hi)
  for (int k = 0; k < n; k++) {
    CalibrateResult r;
    if (calibrate_solve_at(s, dm, pts[k].v, pts[k].e, tol, &r)) {
      lo = fmin(lo, r.coeff), hi = fmax(hi, r.coeff);
    } else {
#pragma omp critical(calibrate_fit_fail)
      if (failed < 0) failed = k, snprintf(f->why, sizeof f->why, "at v = %g m/s: %.400s", pts[k].v, r.why);
    }
  }
  if (failed >= 0) return false;
  /* golden section on [lo, hi] down to a relative width of 1e-6 in the coefficient */
  const double g = 0.5 * (sqrt(5.0) - 1.0);
  double a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
  double fc = squares(s, dm, c, pts, n, f->resid, f->why, sizeof f->why);
  double fd = squares(s, dm, d, pts, n, f->resid, f->why, sizeof f->why);
  for (int it = 0; it < 100 && b - a > 1e-6 * fmax(fabs(a), fabs(b)) && isfinite(fc) && isfinite(fd); it++) {
    if (fc <= fd) b = d, d = c, fd = fc, c = b - g * (b - a), fc = squares(s, dm, c, pts, n, f->resid, f->why, sizeof f->why);
    else a = c, c = d, fc = fd, d = a + g * (b - a), fd = squares(s, dm, d, pts, n, f->resid, f->why, sizeof f->why);
  }
  if (!isfinite(fc) || !isfinite(fd)) return false;
  /* the middle of the last bracket (an end of [lo, hi] when the minimum lies there), with its residuals */
  f->coeff = 0.5 * (a + b);
  const double ss = squares(s, dm, f->coeff, pts, n, f->resid, f->why, sizeof f->why);
  if (!isfinite(ss)) return false;
  f->rms = sqrt(ss / n);
  for (int k = 0; k < n; k++) f->max_abs = fmax(f->max_abs, fabs(f->resid[k]));
  f->ok = true;
  return true;
}
