/* reference.c - reference_collide (verify.h) over the continuous-time integrator.
 * PROVISIONAL: fixed-step RK4 until verify/ode_ref.c lands. */
#include <math.h>

#include "contact.h"
#include "verify.h"

typedef struct St { double d, v, W, U; } St;

static double force(const ContactModel *m, double Reff, double meff, double d, double v, bool *touch, double *Fne) {
  NormalContact c = {.delta = d, .Reff = Reff, .meff = meff, .vnnr = -v, .touching_before = *touch};
  contact_normal_compute(m, &c);
  *Fne = c.Fne;
  return c.Fntot;
}

Reference reference_collide(const ContactModel *m, double Reff, double meff, double v0, bool force_end) {
  Reference r = {0};
  r.E0 = 0.5 * meff * v0 * v0;
  const double tc = collide_elastic_time(m, Reff, meff, v0);
  const double h = tc / 2e5;
  St s = {0, v0, 0, 0};
  bool touch = true;
  double t = 0;
  const double dend = -normal_pulloff_distance(m->normal.model, &m->normal, Reff);
  for (long k = 0; k < (long)4e7; k++) {
    St y[4], dy[4];
    y[0] = s;
    for (int q = 0; q < 4; q++) {
      if (q) {
        const double c = q == 3 ? 1.0 : 0.5;
        y[q] = (St){s.d + c * h * dy[q - 1].d, s.v + c * h * dy[q - 1].v, 0, 0};
      }
      double Fne;
      const double F = force(m, Reff, meff, y[q].d, y[q].v, &touch, &Fne);
      dy[q] = (St){y[q].v, -F / meff, (Fne - F) * y[q].v, Fne * y[q].v};
    }
    St n = s;
    n.d += h / 6 * (dy[0].d + 2 * dy[1].d + 2 * dy[2].d + dy[3].d);
    n.v += h / 6 * (dy[0].v + 2 * dy[1].v + 2 * dy[2].v + dy[3].v);
    n.W += h / 6 * (dy[0].W + 2 * dy[1].W + 2 * dy[2].W + dy[3].W);
    n.U += h / 6 * (dy[0].U + 2 * dy[1].U + 2 * dy[2].U + dy[3].U);
    r.delta_max = fmax(r.delta_max, n.d);
    if (n.d <= dend || (!m->limit_damping && force_end && 0)) {
      const double f = (s.d - dend) / (s.d - n.d);
      r.t_c = t + f * h;
      r.t_pos = r.t_c;
      r.e = -(s.v + f * (n.v - s.v)) / v0;
      r.W = s.W;
      return r;
    }
    s = n;
    t += h;
    if (t > 200 * tc) break;
  }
  r.captured = true;
  return r;
}
