/* mbf.c - Maw, Barber & Fawcett's elastic oblique impact by the method of dimensionality
 * reduction (see mbf.h). */
#include "mbf.h"

#include <math.h>
#include <stdlib.h>

bool mbf_collide(const MbfImpact *in, MbfResult *out) {
  const double R = in->R, m = in->m, Es = in->Estar, Gs = in->Gstar, mu = in->mu;
  if (!(isfinite(R) && R > 0.0 && isfinite(m) && m > 0.0 && isfinite(Es) && Es > 0.0 && isfinite(Gs) && Gs > 0.0 &&
        isfinite(in->vn) && in->vn > 0.0 && isfinite(in->vt) && isfinite(in->w0) && isfinite(mu) && mu >= 0.0))
    return false;
  const int n = in->springs > 0 ? in->springs : 400, steps = in->steps > 0 ? in->steps : 20000;
  /* Hertz (Johnson 1985 §11.4): k_H = (4/3) E* sqrt(R), delta_max, and the contact time */
  const double kH = 4.0 / 3.0 * Es * sqrt(R);
  const double dmax = pow(15.0 * m * in->vn * in->vn / (16.0 * Es * sqrt(R)), 0.4);
  const double tc = 3.21806545972 * pow(m / kH, 0.4) * pow(in->vn, -0.2);
  const double dt = tc / steps, dx = 1.05 * sqrt(R * dmax) / n, I = 0.4 * m * R * R;
  const double kt = 4.0 * Gs * 2.0 * dx; /* a spring pair at +-x: 4 G* per unit length each */
  double *u = calloc((size_t)n, sizeof *u);
  if (!u) return false;
  double delta = 0.0, vd = in->vn; /* overlap and its rate (> 0 approaching) */
  double vt = in->vt, w = in->w0;
  double Fn = 0.0;
  for (long k = 0; k < 4L * steps; k++) {
    /* normal: velocity Verlet on Hertz's law */
    vd -= 0.5 * dt * Fn / m;
    delta += dt * vd;
    Fn = delta > 0.0 ? kH * delta * sqrt(delta) : 0.0;
    vd -= 0.5 * dt * Fn / m;
    if (delta <= 0.0 && k > 0) break;
    /* tangential: every spring in the contact follows the slip until its own Coulomb limit */
    const double a2 = R * delta, slip = (vt - R * w) * dt;
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
      const double x = (i + 0.5) * dx;
      if (x * x >= a2) {
        u[i] = 0.0;
        continue;
      }
      const double limit = mu * Es * (delta - x * x / R) / (4.0 * Gs);
      u[i] = fmax(-limit, fmin(limit, u[i] + slip));
      sum += u[i];
    }
    const double Ft = -kt * sum; /* on the sphere, along y, at its contact point -R x */
    vt += dt * Ft / m;
    w += dt * (-R * Ft) / I;
  }
  free(u);
  out->vt = vt, out->w = w, out->e = -vd / in->vn;
  return true;
}
