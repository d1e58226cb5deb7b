/*
 * expect_mdr.c - what the MDR cases expect, written from docs/models.md §6 (not from mdr.c): the
 * yield condition, the quasi-static side model of §6.5 and the interior bond force of the
 * compaction (see expect_mdr.h).
 */
#include "expect_mdr.h"
#include "law.h"

#include <math.h>
#include <stdio.h>


double mdr_eeff(void) { return MDR_E / (1.0 - MDR_NU * MDR_NU); }
double mdr_sphere_mass(double R) { return 4.0 / 3.0 * LAW_PI * R * R * R * RHO; }

/* Root x = delta_Y/R of the §6.10 hook 5 condition 4 sqrt(x)/(3 pi) = (Y/Eeff)(1.75 e^{-4.4x} + 1),
 * by bisection (independent of mdr.c). */
double mdr_yield_ratio(double y_over_eeff) {
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < 200; k++) {
    const double x = 0.5 * (lo + hi);
    if (4.0 * sqrt(x) / (3.0 * LAW_PI) - y_over_eeff * (1.75 * exp(-4.4 * x) + 1.0) > 0.0) hi = x;
    else lo = x;
  }
  return 0.5 * (lo + hi);
}

/* ---- the quasi-static side model of §6.5, written here from the docs (not from mdr.c) ------- */

/* F_na(x) of §6.5: the force of the 1D indenter (A, B) pressed to x. */
static double indenter_force(double x, double A, double B) {
  if (x <= 0.0) return 0.0;
  const double u = fmin(x / A, 0.5);
  return mdr_eeff() * A * B / 4.0 * (acos(1.0 - 2.0 * u) - (2.0 - 4.0 * u) * sqrt(u - u * u));
}

static double yield_pressure(double dmax, double R) { return MDR_Y * (1.75 * exp(-4.4 * dmax / R) + 1.0); }

/* The wall's magnifier of §6.6 at side displacement d (radius growth neglected: delta_o = d). */
static double wall_magnifier(double d, double R, bool wall) { return wall ? 1.0 + exp(10.7 * d / R - 10.0) : 1.0; }

/* The side's force while it is at its maximum d (monotone loading, gamma = 0, no bulk): elastic
 * Hertz-against-a-flat below the yield displacement dY, then pi p_Y a_max^2 with the area
 * intercept of dY. */
double mdr_side_loading_force(double d, double R, double dY) {
  if (d < dY) return indenter_force(d, 4.0 * R, 2.0 * R);
  return LAW_PI * yield_pressure(d, R) * (2.0 * d * R - d * d + dY * dY - dY * R);
}

/* Composite Simpson of f over [a, b] with n (even) intervals. */
static double simpson(double (*f)(double, const void *), const void *ctx, double a, double b, int n) {
  const double h = (b - a) / n;
  double sum = f(a, ctx) + f(b, ctx);
  for (int k = 1; k < n; k++) sum += (k % 2 ? 4.0 : 2.0) * f(a + k * h, ctx);
  return sum * h / 3.0;
}

typedef struct SideLoop {
  double R, dY, dm; /**< radius, yield displacement, largest displacement */
  bool wall;
  double A, B, de_max, dR; /**< the unloading indenter (plastic) and its radius correction */
} SideLoop;

static double loading_integrand(double d, const void *ctx) {
  const SideLoop *l = ctx;
  return mdr_side_loading_force(d, l->R, l->dY) * wall_magnifier(d, l->R, l->wall);
}

static double unloading_integrand(double d, const void *ctx) {
  const SideLoop *l = ctx;
  const double de = (d - l->dm + l->de_max + l->dR) / (1.0 + l->dR / l->de_max);
  return indenter_force(de, l->A, l->B) * wall_magnifier(d, l->R, l->wall);
}

/* W_out/W_in of one side loaded to dm and unloaded to zero force, quasi-statically (§6.5): the
 * work on the way in (elastic to dY, then plastic at the maximum) and on the way out (along the
 * elastic indenter of the largest contact, A = 4 p_Y a_max/Eeff, B = 2 a_max, shifted by the
 * radius correction Delta R). 1 when dm < dY. */
double mdr_side_loop_ratio(double R, double dY, double dm, bool wall) {
  SideLoop l = {.R = R, .dY = dY, .dm = dm, .wall = wall};
  if (dm <= dY) return 1.0;
  const int n = 20000;
  const double w_in = simpson(loading_integrand, &l, 0.0, dY, n) + simpson(loading_integrand, &l, dY, dm, n);
  const double a2 = 2.0 * dm * R - dm * dm + dY * dY - dY * R, a = sqrt(a2), pY = yield_pressure(dm, R);
  const double G = MDR_E / (2.0 * (1.0 + MDR_NU)), Fmax = LAW_PI * pY * a2;
  l.A = 4.0 * pY * a / mdr_eeff(), l.B = 2.0 * a, l.de_max = 0.5 * l.A;
  const double z = R - (dm - l.de_max), q = sqrt(a2 + z * z);
  l.dR = (2.0 * a2 * (MDR_NU - 1.0) - (2.0 * MDR_NU - 1.0) * z * (q - z)) * Fmax / (2.0 * LAW_PI * a2 * G * q);
  const double w_out = simpson(unloading_integrand, &l, dm - l.de_max - l.dR, dm, n);
  return w_out / w_in;
}

void mdr_text(char *buf, size_t n, double Y, double psi_b, double damp, int d_type) {
  snprintf(buf, n, "mdr %.17g %.17g %.17g 0 %.17g %.17g tangential linear_nohistory 0 0 damping mdr %d", MDR_E, MDR_NU,
           Y, psi_b, damp, d_type);
}


/* ---- the interior bond force of the compaction, from §6.3 and §6.5 (written here) ---------- */

/* A side's plastic contact area A_c of §6.5 at side displacement d, radius R (yield at dY). */
static double side_area(double d, double R, double dY) {
  return d < dY ? LAW_PI * d * R : LAW_PI * (2.0 * d * R - d * d) + LAW_PI * (dY * dY - dY * R);
}

/* The radius that keeps the volume of an interior particle with 8 caps of height d at V_o (the
 * growth of §6.3 undoes plastic flattening): (4/3) pi R^3 - 8 (pi/3) d^2 (3R - d) = (4/3) pi R_o^3. */
double mdr_grown_radius(double d) {
  double R = RAD;
  for (int k = 0; k < 60; k++) R = cbrt(RAD * RAD * RAD + 2.0 * d * d * (3.0 * R - d));
  return R;
}

/* The force of a bond between two interior fcc particles of radius R at side displacement d,
 * each with 8 such bonds (the 4 in the y-z plane stay at zero overlap: no area), the bulk
 * response on from side displacement db (d <= db: none). Every contact of such a particle
 * advances alike, so ddelta_bar (their area-weighted mean advance, §6.3) equals each side's
 * advance and dDelta_MDR = min(dd - ddelta_bar, ...) = 0: the MDR part stays at db and the
 * rest, delta_BULK = d - db, adds kappa Acon0 delta_BULK A_c/Vgeo (§6.5), Acon0 = 8 A_c,
 * Vgeo = (4/3) pi R^3 - 8 caps (at most V_o). */
double mdr_interior_bond_force(double d, double db, double R, double dY) {
  if (d <= db) return mdr_side_loading_force(d, R, dY);
  const double Ac = side_area(d, R, dY), kappa = MDR_E / (3.0 * (1.0 - 2.0 * MDR_NU));
  const double Vo = 4.0 / 3.0 * LAW_PI * RAD * RAD * RAD;
  const double Vgeo = fmin(4.0 / 3.0 * LAW_PI * R * R * R - 8.0 * LAW_PI / 3.0 * d * d * (3.0 * R - d), Vo);
  return mdr_side_loading_force(db, R, dY) + kappa * (8.0 * Ac) * (d - db) * Ac / Vgeo;
}

