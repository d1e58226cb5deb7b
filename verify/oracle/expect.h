/*
 * expect.h - the analytic expectations of docs/verification.md, coded independently of the
 * model kernels (so that a wrong model cannot agree with its own expectation).
 */
#ifndef GD_VERIFY_EXPECT_H
#define GD_VERIFY_EXPECT_H

#include <stdbool.h>

/** β(e) = |ln e|/sqrt(π² + ln² e): the LSD damping ratio that gives e with δ-end (§1.1). */
double expect_beta(double e);
/** LSD δ-end restitution exp(−πζ/sqrt(1−ζ²)); 0 for ζ ≥ 1 (§1.1). */
double expect_lsd_e(double zeta);
/** LSD δ-end collision time times ω0: π/sqrt(1−ζ²) (§1.1). */
double expect_lsd_w0tc(double zeta);
/** LSD δ-end maximum overlap times ω0/v0 (§1.1). */
double expect_lsd_dmax(double zeta);
/** Schwager–Pöschel force-end collision time times ω0, every regime (§1.2). */
double expect_sp_w0tc(double zeta);
/** Schwager–Pöschel force-end restitution exp(−ζ ω0 t_c) (§1.2). */
double expect_sp_e(double zeta);
/** Marshall (2009) polynomial P(e) of the Tsuji damping (§2.3). */
double expect_tsuji_P(double e);
/** Padé [3/6] of Müller & Pöschel 2011 in s = sqrt(b): viscoelastic force-end e (§3.3). */
double expect_pade36(double b);
/** δ-end estimate of viscoelastic damping: Padé minus (4/15) b^(5/2) e^(3/2) (§3.3). */
double expect_visco_delta_end(double b);
/** Ramírez/Brilliantov series 1 − C1 b + C2 b² (§3.2). */
double expect_ramirez2(double b);
/** Hertz + constant damping, δ-end small-γ series 1 − 1.787814γ + 1.2785γ² − 0.688γ³ (§4). */
double expect_hertz_const_series(double gamma);
/** §4's table of Hertz + constant damping, e(γ) for γ in {0.01, 0.1, 0.3, 0.5, 0.7, 1, 1.5, 3}
 *  (0: captured), δ-end or force-end, to 12 digits: the reference integrator at rtol 1e-14
 *  (verify/oracle/ode_ref.c, equal spheres, 1 m/s); the published 5 digits are these rounded. NAN for
 *  a γ not in the table. */
double expect_hertz_const_table(double gamma, bool force_end);
/** The C1 constant of §3.2 from its Gamma-function form. */
double expect_C1(void);
/** The linear coefficient 2(5/4)^(2/5)(2/5)B(2/5, 3/2) of §4. */
double expect_const_damping_c1(void);
/** Elastic Hertz collision time over (meff/k_H)^(2/5) v0^(-1/5): (4/5)(5/4)^(2/5) B(2/5, 1/2)
 *  = 3.21806545972 (§2.1 quotes 3.218065). */
double expect_hertz_tc_coeff(void);

/** An elastic Hertz impact at approach speed v0 (Johnson 1985, §11.4; docs/verification.md §2.1):
 *  with k_H = (4/3) E* sqrt(R*), delta_max = (5 m* v0^2/(4 k_H))^(2/5), F_max = k_H delta_max^(3/2)
 *  and t_c = expect_hertz_tc_coeff() (m_eff/k_H)^(2/5) v0^(-1/5), m_eff = m*. */
typedef struct HertzImpact {
  double delta_max, force_max, t_c;
} HertzImpact;
HertzImpact expect_hertz_impact(double Estar, double Rstar, double mstar, double v0);

#endif
