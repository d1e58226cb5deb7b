/* gas_expect.c - a gas's kinetic-theory cooling for one model text (gas_expect.h). */
#include "gas_expect.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reference.h"

/* e of a head-on collision of two of the gas's spheres at normal speed g; 0 when captured. */
static double head_on_e(void *ctx, double g) {
  const GasExpect *x = ctx;
  const Reference r = reference_collide(&x->law, 0.25 * x->sigma, 0.5 * x->m, g, x->law.limit_damping);
  return r.captured ? 0.0 : r.e;
}

static bool positive_finite(double v) { return v > 0.0 && isfinite(v); }

bool gas_expect_init(GasExpect *x, const char *model_text, double n, double sigma, double m, double T0, char *why,
                     size_t why_size) {
  memset(x, 0, sizeof *x);
  if (!(positive_finite(n) && positive_finite(sigma) && positive_finite(m) && positive_finite(T0))) {
    snprintf(why, why_size, "the gas's density %g, diameter %g, mass %g and temperature %g must be positive and "
             "finite", n, sigma, m, T0);
    return false;
  }
  if (!law_parse(model_text, &x->law, why, why_size)) return false;
  x->n = n, x->sigma = sigma, x->m = m, x->T0 = T0;
  /* the flux-weighted mean reaches 7 thermal speeds (gas_loss_mean); a gas cooled by 10^8 has
   * speeds 10^-4 of the first ones */
  const double grms = 2.0 * sqrt(T0 / m);
  gas_loss_table(&x->loss, head_on_e, x, 1e-4 * grms, 10.0 * grms, 128);
  x->e_rms = head_on_e(x, grms);
  x->omega0 = gas_omega(n, sigma, m, T0);
  x->haff_time = 6.0 / (x->omega0 * (1.0 - x->e_rms * x->e_rms));
  x->clustering_length = x->e_rms < 1.0 ? gas_shear_length(x->e_rms, n, sigma) : INFINITY;
  return true;
}

double gas_expect_after(const GasExpect *x, double T, double dt) {
  double out = T;
  gas_cooling(&x->loss, x->n, x->sigma, x->m, T, &dt, 1, &out);
  return out;
}
