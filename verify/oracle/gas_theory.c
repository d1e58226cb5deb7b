/* gas_theory.c - kinetic theory of the cooling granular gas (see gas_theory.h). */
#include "gas_theory.h"

#include <math.h>

#define GAS_PI 3.14159265358979323846

double gas_chi(double phi) { return (1.0 - 0.5 * phi) / ((1.0 - phi) * (1.0 - phi) * (1.0 - phi)); }

double gas_omega(double n, double sigma, double m, double T) {
  const double phi = n * GAS_PI * sigma * sigma * sigma / 6.0;
  return 4.0 * sqrt(GAS_PI) * n * sigma * sigma * gas_chi(phi) * sqrt(T / m);
}

double gas_sonine_a2(double e) {
  return 16.0 * (1.0 - e) * (1.0 - 2.0 * e * e) / (81.0 - 17.0 * e + 30.0 * e * e * (1.0 - e));
}

double gas_haff_tau(double e, double n, double sigma, double m, double T0, bool sonine) {
  const double tau = 6.0 / (gas_omega(n, sigma, m, T0) * (1.0 - e * e));
  return sonine ? tau / (1.0 + 3.0 * gas_sonine_a2(e) / 16.0) : tau;
}

double gas_haff(double t, double T0, double tau) { return T0 / ((1.0 + t / tau) * (1.0 + t / tau)); }

/* The shear mode u_k of wavenumber k decays by nu k^2 while the thermal speed falls at zeta/2:
 * it grows against the temperature where nu k^2 < zeta/2, i.e. for wavelengths beyond
 * L_c = 2 pi sqrt(2 nu / zeta) (Goldhirsch & Zanetti 1993, PRL 70:1619; Brilliantov & Poeschel
 * 2004 ch. 11). zeta = (omega/3)(1 - e^2); nu = eta / (n m) with Enskog's viscosity of elastic
 * spheres, eta = eta0 [1/chi + 0.8 (4 phi) + 0.7614 (4 phi)^2 chi], eta0 = (5/16 sigma^2)
 * sqrt(m T/pi) (Chapman & Cowling 1970, ch. 16.41); both scale with sqrt(T), so L_c does not
 * depend on T. Its inelastic corrections, of order 1 - e, are left out. */
double gas_shear_length(double e, double n, double sigma) {
  const double phi = n * GAS_PI * sigma * sigma * sigma / 6.0, chi = gas_chi(phi), b = 4.0 * phi;
  const double enskog = 1.0 / chi + 0.8 * b + 0.7614 * b * b * chi;
  const double nu = 5.0 / (16.0 * sigma * sigma * n) * sqrt(1.0 / GAS_PI) * enskog; /* at T = m = 1 */
  const double zeta = gas_omega(n, sigma, 1.0, 1.0) / 3.0 * (1.0 - e * e);
  return 2.0 * GAS_PI * sqrt(2.0 * nu / zeta);
}

/* In units of the thermal speed the longest shear mode of a box L grows at zeta/2 (1 - (L_c/L)^2),
 * and zeta = 2/(tau0 + t) on Haff's law, so over t it grows by (1 + t/tau0)^(1 - (L_c/L)^2). */
double gas_shear_growth(double L, double L_c, double t_over_tau) {
  const double x = L_c / L;
  return pow(1.0 + t_over_tau, 1.0 - x * x);
}

void gas_loss_table(GasLoss *t, double (*e)(void *ctx, double g), void *ctx, double gmin, double gmax, int n) {
  t->n = n < 2 ? 2 : n > 256 ? 256 : n;
  t->lg0 = log(gmin);
  t->dlg = (log(gmax) - t->lg0) / (t->n - 1);
  for (int k = 0; k < t->n; k++) {
    const double ek = e(ctx, exp(t->lg0 + k * t->dlg));
    t->loss[k] = 1.0 - ek * ek;
  }
}

double gas_loss_at(const GasLoss *t, double g) {
  const double u = (log(g) - t->lg0) / t->dlg;
  if (!(u > 0.0)) return t->loss[0];
  if (u >= t->n - 1) return t->loss[t->n - 1];
  const int k = (int)u;
  const double f = u - k;
  return (1.0 - f) * t->loss[k] + f * t->loss[k + 1];
}

/* <(1 - e^2) g^2> / (2T/m_eff) = integral over x = m_eff g^2 / 2T of (1 - e(g)^2) x e^-x, by
 * composite Simpson on x = u^2 (u in [0, 7]: the weight 2 u^3 e^(-u^2) is smooth at 0 and below
 * 1e-18 beyond), 700 intervals. */
double gas_loss_mean(const GasLoss *t, double m, double T) {
  const double meff = 0.5 * m, umax = 7.0;
  const int N = 700;
  const double h = umax / N;
  double sum = 0.0;
  for (int k = 0; k <= N; k++) {
    const double u = k * h, x = u * u;
    const double g = sqrt(2.0 * T * x / meff);
    const double f = k == 0 ? 0.0 : gas_loss_at(t, g) * 2.0 * u * x * exp(-x);
    sum += (k == 0 || k == N ? 1.0 : k % 2 ? 4.0 : 2.0) * f;
  }
  return sum * h / 3.0;
}

/* d(log T)/dt = -(omega(T)/3) <loss> (the rate of (b) over T). */
static double log_rate(const GasLoss *t, double n, double sigma, double m, double T) {
  return -gas_omega(n, sigma, m, T) / 3.0 * gas_loss_mean(t, m, T);
}

void gas_cooling(const GasLoss *t, double n, double sigma, double m, double T0, const double *times, int nt,
                 double *T) {
  double y = log(T0), now = 0.0;
  for (int k = 0; k < nt; k++) {
    while (now < times[k]) {
      const double r0 = fabs(log_rate(t, n, sigma, m, exp(y)));
      double h = r0 > 0.0 ? 0.01 / r0 : times[k] - now;
      if (now + h > times[k]) h = times[k] - now;
      const double k1 = log_rate(t, n, sigma, m, exp(y));
      const double k2 = log_rate(t, n, sigma, m, exp(y + 0.5 * h * k1));
      const double k3 = log_rate(t, n, sigma, m, exp(y + 0.5 * h * k2));
      const double k4 = log_rate(t, n, sigma, m, exp(y + h * k3));
      y += h * (k1 + 2.0 * k2 + 2.0 * k3 + k4) / 6.0;
      now += h;
    }
    T[k] = exp(y);
  }
}

double gas_visco_first_order(double t, double T0, double c, double n, double sigma, double m) {
  /* <(1 - e^2) g^2> = 2 c <g^(11/5)> = 2 c (2T/m_eff)^(11/10) Gamma(21/10) for the flux weight
   * (a Rayleigh law in g): over 2T/m_eff that is 2 c (2T/m_eff)^(1/10) Gamma(2.1) */
  const double meff = 0.5 * m;
  const double loss = 2.0 * c * pow(2.0 * T0 / meff, 0.1) * tgamma(2.1);
  const double rate = gas_omega(n, sigma, m, T0) / 3.0 * loss; /* |dT/dt| / T at T0 */
  return T0 * pow(1.0 + 0.6 * rate * t, -5.0 / 3.0);
}
