/* calibrate_fit.c - the least-squares coefficient of each damping model for measured (v, e)
 * points (see calibrate.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate.h"

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
