/*
 * contact.h - one granular contact: geometry, normal force, damping, (tangential), assembly.
 *
 * Spec: ../shared/spec/granular-models.md §1 (geometry, meff, walls, touch), §4 (assembly).
 * The kernels are static inline and take the model ids as arguments: called with literal ids
 * (the specialised pair loops) every switch folds away; contact.c wraps them with the run-time
 * ids of a ContactModel for the command-line tool, the tests and the `_ref` loops.
 *
 * Walls: a flat wall is the partner j with R_j = inf and m_j = inf (§1.3): Reff = R_i,
 * meff = m_i, the wall's E* equals the self-mix of the same coefficients.
 */
#ifndef GD_CONTACT_H
#define GD_CONTACT_H

#include <math.h>
#include <stdbool.h>

#include "damping.h"
#include "model.h"
#include "normal.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Effective radius R_i R_j/(R_i + R_j); R_i for a flat wall (R_j = inf) (§1.1, §1.3). */
static inline double contact_reff(double Ri, double Rj) {
  return isinf(Rj) ? Ri : Ri * Rj / (Ri + Rj);
}

/** Effective mass (§1.2): m_i m_j/(m_i + m_j); an infinite mass is a frozen particle or a wall.
 *  As in LAMMPS, "i frozen" is checked first and "j frozen" second, so both give m_i. */
static inline double contact_meff(double mi, double mj) {
  double meff = mi * mj / (mi + mj);
  if (isinf(mi)) meff = mj;
  if (isinf(mj)) meff = mi;
  return meff;
}

/** The normal part of a contact, given the overlap and normal velocity directly. */
typedef struct NormalContact {
  /* in */
  double delta;         /**< overlap R_i + R_j - r [m] */
  double Reff;          /**< [m] */
  double meff;          /**< [kg] */
  double vnnr;          /**< (v_i - v_j).n, negative on approach [m/s] */
  bool touching_before; /**< touch flag of the previous evaluation (JKR hysteresis, §1.5) */
  /* out */
  bool touching; /**< in contact by the touch criterion of §1.5 */
  double a;      /**< contact radius [m] */
  double Fne;    /**< elastic normal force, cohesion included [N] */
  double F_po;   /**< pull-off force (dmt 4 pi gamma Reff, jkr 3 pi gamma Reff) [N] */
  double knd;    /**< Fne/delta, 0 when delta <= 0 [N/m] */
  double eta;    /**< normal damping prefactor eta_n [kg/s] */
  double Fdamp;  /**< -eta_n vnnr [N] */
  double Fntot;  /**< Fne + Fdamp, after limit_damping [N] */
  double Fncrit; /**< normal load for the Coulomb limit (§2.8) [N] */
} NormalContact;

/** Touch test in terms of the overlap: delta > 0, or delta > -d_po for a JKR contact that was
 *  touching before (strict, as rsq < (radsum + d_po)^2 in §1.5). */
static inline bool contact_touching(NormalModel nm, const NormalParams *np, double delta,
                                    double Reff, bool touching_before) {
  if (nm == NORMAL_JKR && touching_before) return delta > -normal_pulloff_distance(nm, np, Reff);
  return delta > 0.0;
}

/** Steps 2-7 of §4 for one touching contact: a, Fne, eta_n, F_damp, Fntot, Fncrit.
 *  damp_scale is MDR's DAMP_SCALE (0 for every other model). */
static inline void contact_normal_force(NormalModel nm, DampingModel dm, const ContactModel *m,
                                        double damp_scale, NormalContact *c) {
  const double a = normal_contact_radius(nm, &m->normal, c->delta, c->Reff);
  double F_po;
  const double Fne = normal_force(nm, &m->normal, c->delta, c->Reff, a, &F_po);
  const DampingInput din = {.delta = c->delta, .meff = c->meff, .a = a, .Fne = Fne,
                            .damp_scale = damp_scale};
  const double eta = damping_eta(dm, &m->damping, &din);
  const double Fdamp = -eta * c->vnnr;
  double Fntot = Fne + Fdamp;
  if (m->limit_damping && Fntot < 0.0) Fntot = 0.0; /* §4 step 6: the only clamp */
  c->a = a;
  c->Fne = Fne;
  c->F_po = F_po;
  c->knd = c->delta > 0.0 ? Fne / c->delta : 0.0;
  c->eta = eta;
  c->Fdamp = Fdamp;
  c->Fntot = Fntot;
  c->Fncrit = normal_fncrit(nm, Fne, Fntot, F_po);
}

/** The scalar contact with the model's run-time ids: touch test, then contact_normal_force.
 *  A contact that does not touch has every output 0. */
void contact_normal_compute(const ContactModel *m, NormalContact *c);

#ifdef __cplusplus
}
#endif
#endif
