/*
 * gas_theory.h - kinetic theory of a freely cooling gas of smooth equal spheres (diameter sigma,
 * mass m, number density n, volume fraction phi = n pi sigma^3 / 6), the expectation of the
 * verifier's gas cases. Granular temperature T in energy units, T = m <|v - V|^2> / 3.
 *
 * (a) Constant restitution e: Haff's law T(t) = T0 / (1 + t/tau0)^2 (Haff 1983, J. Fluid Mech.
 *     134:401), tau0 from Enskog's collision frequency with Carnahan-Starling's contact value
 *     (Brilliantov & Poeschel 2004, Kinetic Theory of Granular Gases, ch. 6-7), optionally times
 *     the first Sonine correction of the homogeneous cooling state (van Noije & Ernst 1998,
 *     Granular Matter 1:57).
 * (b) Any e(g): dT/dt = -(omega/3) (m_eff/2) <(1 - e(g)^2) g^2>, the mean over colliding pairs
 *     with the collision-flux weight of a Maxwellian, p(g) = (m_eff/T) g exp(-m_eff g^2 / 2T) for
 *     the normal relative speed g at contact (the energy balance of ch. 6 of the book with e
 *     depending on g; Brilliantov & Poeschel 2000, PRE 61:5573). For constant e it is (a) without
 *     the Sonine factor.
 * (c) The first-order viscoelastic law: with 1 - e(g)^2 = 2 c g^(1/5) (small dissipation),
 *     T(t) = T0 / (1 + t/tau_v)^(5/3) (Schwager & Poeschel 1998, PRE 57:650).
 * Nothing here reads the code it judges: e(g) comes from the caller (the oracle's own two-body
 * reference).
 */
#ifndef GD_VERIFY_GAS_THEORY_H
#define GD_VERIFY_GAS_THEORY_H

#include <stdbool.h>

/** Carnahan-Starling's pair correlation at contact, chi = (1 - phi/2) / (1 - phi)^3. */
double gas_chi(double phi);
/** Enskog's collision frequency per sphere, 4 sqrt(pi) n sigma^2 chi(phi) sqrt(T/m). */
double gas_omega(double n, double sigma, double m, double T);
/** van Noije & Ernst's second Sonine coefficient of the homogeneous cooling state,
 *  a2 = 16 (1 - e)(1 - 2 e^2) / (81 - 17 e + 30 e^2 (1 - e)). */
double gas_sonine_a2(double e);
/** Haff's time tau0 = 6 / (omega(T0) (1 - e^2)), times 1/(1 + 3 a2 / 16) with sonine. */
double gas_haff_tau(double e, double n, double sigma, double m, double T0, bool sonine);
/** Haff's law T0 / (1 + t/tau)^2. */
double gas_haff(double t, double T0, double tau);
/** The clustering instability's critical size for constant e: a periodic box of side L stays
 *  homogeneous (its longest shear mode decays against the temperature) while L < L_c =
 *  2 pi sqrt(2 nu / zeta); about 18 mean free paths at e = 0.8 in the dilute limit. */
double gas_shear_length(double e, double n, double sigma);
/** How much the longest shear mode of box L has grown, relative to the thermal speed, after
 *  t_over_tau Haff times: (1 + t/tau0)^(1 - (L_c/L)^2); below 1 when L < L_c. */
double gas_shear_growth(double L, double L_c, double t_over_tau);

/** 1 - e(g)^2 on a log-spaced grid of normal impact speeds (expectation (b)). */
typedef struct GasLoss {
  int n;
  double lg0, dlg; /* log(g) of the first point, spacing */
  double loss[256];
} GasLoss;
/** Tabulates 1 - e(g)^2 at n (<= 256) log-spaced speeds from gmin to gmax; e(ctx, g) gives the
 *  restitution of a head-on collision of two of the gas's spheres at speed g (0 when captured). */
void gas_loss_table(GasLoss *t, double (*e)(void *ctx, double g), void *ctx, double gmin, double gmax, int n);
/** The table's 1 - e(g)^2 (linear in log g; the end values beyond the ends). */
double gas_loss_at(const GasLoss *t, double g);
/** The flux-weighted mean <(1 - e^2) g^2> over (2T/m_eff) at temperature T for equal spheres of
 *  mass m: the loss factor that replaces 1 - e^2 in Haff's rate (1 - e^2 for constant e). */
double gas_loss_mean(const GasLoss *t, double m, double T);
/** Expectation (b): T(t) at the nt times t[] (ascending, from 0) of a gas at T0, integrated by
 *  fourth-order Runge-Kutta in log T with steps of at most 1 % of the local cooling time. */
void gas_cooling(const GasLoss *t, double n, double sigma, double m, double T0, const double *times, int nt,
                 double *T);
/** Expectation (c): T0 / (1 + t/tau_v)^(5/3) with 1/tau_v = (3/5) |dT/dt|(T0) / T0, the rate of
 *  (b) at T0 for the law 1 - e^2 = 2 c g^(1/5) (c from the caller: Brilliantov's first-order
 *  coefficient). */
double gas_visco_first_order(double t, double T0, double c, double n, double sigma, double m);

#endif
