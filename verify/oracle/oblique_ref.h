/*
 * oblique_ref.h - the verifier's continuous reference of an oblique impact with spin: a sphere on
 * a flat wall, or two spheres, moving in the x-y plane (docs/verification.md §8a).
 *
 * The normal force is the verifier's own law (verify/oracle/law.h); the tangential model is written
 * here again from docs/models.md §5, sharing no code with src/. Motion is planar, so the
 * tangential history is one number s along the tangent t = z × n, carried with t as the line of
 * centres turns (what rotate_rescale does step by step). With v = v_tr · t the slip speed at the
 * contact and a = sqrt(δ R_eff):
 *
 *   linear_history         f_el = -k_t s,      s' = v
 *   mindlin                f_el = -k_t a s,    s' = v
 *   mindlin/force          f_el = s,           s' = -k_t a v
 *   mindlin_rescale        f_el = -k_t a s,    s' = v + s min(a', 0)/a
 *   mindlin_rescale/force  f_el = s,           s' = -k_t a v + s min(a', 0)/a
 *   linear_nohistory       f = -min(mu F_ncrit, eta_t |v|) sign(v)
 *
 * with f = f_el - eta_t v capped at mu F_ncrit (F_ncrit = |F_ntot| after the limit_damping
 * clamp), the history rewritten to match the cap while it slides. Torques -(arm) f about z on
 * both spheres, the arm R - δ/2 (a wall: R); I = (2/5) m R^2.
 *
 * Method: classical Runge-Kutta (4th order) at a fixed step h = t_elastic/steps, the cap applied
 * inside every stage and the history returned onto the cap after every step, so the reference is
 * first order in h where stick turns to slip and fourth order elsewhere; the step that leaves the
 * contact (δ back to 0) is shortened to end on it. Its error is measured by halving h
 * (tests/verify/test_oblique_ref.c); the verifier runs it at 40 times the resolution of the runs it
 * judges.
 */
#ifndef GD_OBLIQUE_REF_H
#define GD_OBLIQUE_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "law.h"

typedef enum ObliqueTangential {
  OBLIQUE_NONE, /**< no tangential block: frictionless */
  OBLIQUE_LINEAR_NOHISTORY,
  OBLIQUE_LINEAR_HISTORY,
  OBLIQUE_MINDLIN,
  OBLIQUE_MINDLIN_FORCE,
  OBLIQUE_MINDLIN_RESCALE,
  OBLIQUE_MINDLIN_RESCALE_FORCE
} ObliqueTangential;

/** A contact law with its tangential model, read from the model text. */
typedef struct ObliqueLaw {
  LawModel normal;
  ObliqueTangential tangential;
  double kt; /**< [N/m] linear_history, [Pa] (times a) the mindlin family; an explicit number */
  double xt; /**< x_gamma_t: eta_t = x_gamma_t eta_n */
  double mu; /**< friction coefficient */
} ObliqueLaw;

/** The bodies and the start: sphere i against j (or a wall), touching at t = 0 with the line of
 *  centres along x, normal approach speed v0 > 0, tangential relative speed vt0 = (v_i - v_j)_y,
 *  spins wi0, wj0 about z. */
typedef struct ObliqueImpact {
  double Ri, Rj, mi, mj; /**< radii [m], masses [kg]; Rj, mj unused with wall */
  bool wall;
  double v0, vt0, wi0, wj0;
  bool full_arm; /**< a pair's tangential torque on the full radii (LAMMPS's legacy gran/hooke... styles),
                      not R - delta/2 (pair_style granular; docs/models.md §4) */
} ObliqueImpact;

typedef struct ObliqueResult {
  double e;       /**< normal separation speed along the line of centres at the end over v0 */
  double vt;      /**< (v_i - v_j)_y at the end [m/s] */
  double wi, wj;  /**< spins about z at the end [rad/s] (wj 0 with wall) */
  double t_c;     /**< contact duration [s] */
  double slid;    /**< the fraction of the contact time the Coulomb cap held */
  int64_t steps;
  bool captured;  /**< no end within ODE_MAX_TC elastic collision times */
} ObliqueResult;

/** Reads the model text: the normal part with law_parse, the tangential block here (linear_nohistory
 *  x_gamma_t mu_t; the history models k_t x_gamma_t mu_t with k_t a number: NULL is refused).
 *  False with a message in why when it cannot. */
bool oblique_law_parse(const char *text, ObliqueLaw *law, char *why, size_t why_size);

/** Integrates the impact with `steps` steps per elastic collision time (law_elastic_time; <= 0:
 *  20000). False on a bad argument (non-finite or non-positive radii, masses or v0). */
bool oblique_collide(const ObliqueLaw *law, const ObliqueImpact *imp, double steps, ObliqueResult *out);

#endif
