/*
 * contact.h - one granular contact: geometry, normal force, damping, (tangential), assembly.
 *
 * Spec: docs/models.md §1 (geometry, meff, walls, touch), §4 (assembly).
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
#include "tangential.h"

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
  bool clamped;  /**< limit_damping set Fntot to 0 */
} NormalContact;

/** Whether some sub-model needs the contact radius a (§1.4); constant for literal ids. */
GD_INLINE bool contact_needs_radius(NormalModel nm, DampingModel dm, TangentialModel tm) {
  const bool mindlin = tm != TANGENTIAL_LINEAR_NOHISTORY && tm != TANGENTIAL_LINEAR_HISTORY;
  return nm != NORMAL_HOOKE || damping_form(dm) == DFORM_VISCO || mindlin;
}

/** Touch test in terms of the overlap: delta > 0, or delta > -d_po for a JKR contact that was
 *  touching before (strict, as rsq < (radsum + d_po)^2 in §1.5). */
GD_INLINE bool contact_touching(NormalModel nm, const NormalParams *np, double delta,
                                    double Reff, bool touching_before) {
  if (nm == NORMAL_JKR && touching_before) return delta > -normal_pulloff_distance(nm, np, Reff);
  return delta > 0.0;
}

/** Steps 2-7 of §4 for one touching contact: a, Fne, eta_n, F_damp, Fntot, Fncrit.
 *  a is computed only if need_a (else reported as 0); damp_scale is MDR's DAMP_SCALE (0 for
 *  every other model). */
GD_INLINE void contact_normal_force(NormalModel nm, DampingModel dm, const ContactModel *m, bool need_a,
                                        double damp_scale, NormalContact *c) {
  const double a = need_a ? normal_contact_radius(nm, &m->normal, c->delta, c->Reff) : 0.0;
  double F_po;
  const double Fne = normal_force(nm, &m->normal, c->delta, c->Reff, a, &F_po);
  const DampingInput din = {.delta = c->delta, .meff = c->meff, .a = a, .Fne = Fne,
                            .damp_scale = damp_scale};
  const double eta = damping_eta(dm, &m->damping, &din);
  const double Fdamp = -eta * c->vnnr;
  double Fntot = Fne + Fdamp;
  const bool clamped = m->limit_damping & (Fntot < 0.0); /* & not &&: no branch */
  if (clamped) Fntot = 0.0; /* §4 step 6: the only clamp */
  c->clamped = clamped;
  c->a = a;
  c->Fne = Fne;
  c->F_po = F_po;
  c->knd = c->delta > 0.0 ? Fne / c->delta : 0.0;
  c->eta = eta;
  c->Fdamp = Fdamp;
  c->Fntot = Fntot;
  c->Fncrit = normal_fncrit(nm, Fne, Fntot, F_po);
}

/** One pair (or sphere-wall) contact as the pair loops see it. */
typedef struct PairInput {
  double dx[3];        /**< x_i - x_j; for a wall, x_i minus the nearest wall point [m] */
  double vr[3];        /**< v_i - v_j [m/s] */
  double wi[3], wj[3]; /**< angular velocities [1/s] (a wall has wj = 0) */
  double Ri, Rj;       /**< radii [m]; Rj is not used for a wall */
  double meff;         /**< effective mass [kg] */
  double dt;           /**< time step [s] */
  bool history_update; /**< false on a setup evaluation (LAMMPS `run 0`) */
  bool wall;           /**< j is a flat wall: radsum = Reff = R_i, torque arm R_i (§1.3) */
} PairInput;

/** The whole contact: forces, torques and the power it dissipates, by channel. */
typedef struct ContactOutput {
  NormalContact n;    /**< normal part (delta, a, Fne, eta_n, F_damp, Fntot, Fncrit) */
  TangentialOutput t; /**< tangential part (fs, eta_t, Fscrit, sliding, its two powers) */
  double normal[3];   /**< unit normal from j to i */
  double force[3];    /**< force on i; j receives -force [N] */
  double torque_i[3]; /**< added to i's torque [N m] */
  double torque_j[3]; /**< added to j's torque [N m] (zero for a wall) */
  double power_normal_damping; /**< -(Fntot - Fne) vnnr: eta_n vnnr^2, or Fne vnnr under the clamp [W] */
} ContactOutput;

/** Step 1 of §4, the geometry (§1.1), for a pair at distance r = |dx| > 0. */
typedef struct ContactGeometry {
  double n[3];   /**< unit normal from j to i */
  double vnnr;   /**< (v_i - v_j).n */
  double vtr[3]; /**< relative tangential velocity at the contact point, spins included */
  double vrel;   /**< |vtr| */
} ContactGeometry;

GD_INLINE void contact_geometry(const PairInput *in, double r, ContactGeometry *g) {
  const double Ri = in->Ri, Rj = in->Rj;
  const double rinv = 1.0 / r;
  const double n0 = in->dx[0] * rinv, n1 = in->dx[1] * rinv, n2 = in->dx[2] * rinv;
  const double vr0 = in->vr[0], vr1 = in->vr[1], vr2 = in->vr[2];
  const double vnnr = vr0 * n0 + vr1 * n1 + vr2 * n2;
  const double vt0 = vr0 - vnnr * n0, vt1 = vr1 - vnnr * n1, vt2 = vr2 - vnnr * n2;
  const double wr0 = in->wall ? Ri * in->wi[0] : Ri * in->wi[0] + Rj * in->wj[0];
  const double wr1 = in->wall ? Ri * in->wi[1] : Ri * in->wi[1] + Rj * in->wj[1];
  const double wr2 = in->wall ? Ri * in->wi[2] : Ri * in->wi[2] + Rj * in->wj[2];
  g->n[0] = n0, g->n[1] = n1, g->n[2] = n2;
  g->vnnr = vnnr;
  g->vtr[0] = vt0 - (wr1 * n2 - wr2 * n1);
  g->vtr[1] = vt1 - (wr2 * n0 - wr0 * n2);
  g->vtr[2] = vt2 - (wr0 * n1 - wr1 * n0);
  g->vrel = sqrt(g->vtr[0] * g->vtr[0] + g->vtr[1] * g->vtr[1] + g->vtr[2] * g->vtr[2]);
}

/** Step 9 of §4: normal, force and torques from Fntot and the tangential force fs (arm
 *  R - delta/2 for pairs, R_i for walls); every output 0 unless on. */
GD_INLINE void contact_assemble(bool on, const PairInput *in, const double n[3], double delta, double Fntot,
                                const double fs[3], ContactOutput *out) {
  const double n0 = n[0], n1 = n[1], n2 = n[2];
  const double fs0 = fs[0], fs1 = fs[1], fs2 = fs[2];
  const double tor0 = n1 * fs2 - n2 * fs1, tor1 = n2 * fs0 - n0 * fs2, tor2 = n0 * fs1 - n1 * fs0;
  const double arm_i = in->wall ? in->Ri : in->Ri - 0.5 * delta;
  const double arm_j = in->wall ? 0.0 : in->Rj - 0.5 * delta;
  const double g = on ? 1.0 : 0.0; /* selects every output of a non-touching pair to 0 */
  out->normal[0] = n0 * g, out->normal[1] = n1 * g, out->normal[2] = n2 * g;
  out->force[0] = on ? Fntot * n0 + fs0 : 0.0;
  out->force[1] = on ? Fntot * n1 + fs1 : 0.0;
  out->force[2] = on ? Fntot * n2 + fs2 : 0.0;
  out->torque_i[0] = on ? -arm_i * tor0 : 0.0;
  out->torque_i[1] = on ? -arm_i * tor1 : 0.0;
  out->torque_i[2] = on ? -arm_i * tor2 : 0.0;
  out->torque_j[0] = on ? -arm_j * tor0 : 0.0;
  out->torque_j[1] = on ? -arm_j * tor1 : 0.0;
  out->torque_j[2] = on ? -arm_j * tor2 : 0.0;
}

/** Touch test of §1.5 on the squared distance (strict; JKR hysteresis with the stored flag). */
GD_INLINE bool contact_touching_rsq(NormalModel nm, const NormalParams *np, double rsq, double radsum,
                                        double Reff, bool touching_before) {
  if (nm == NORMAL_JKR && touching_before) {
    const double reach = radsum + normal_pulloff_distance(nm, np, Reff);
    return rsq < reach * reach;
  }
  return rsq < radsum * radsum;
}

/** Evaluates one contact in the assembly order of §4. hist holds the model's history values
 *  (m->history_size of them) and *touch the stored touch flag; both are updated. A contact
 *  that does not touch has its history zeroed and every output 0. Returns the touch flag.
 *  Branch-free (selects, not early returns): a short, predictable body for the pair loops. */
GD_INLINE bool contact_force(NormalModel nm, DampingModel dm, TangentialModel tm, const ContactModel *m,
                             const PairInput *in, double *hist, bool *touch, ContactOutput *out) {
  const double dx0 = in->dx[0], dx1 = in->dx[1], dx2 = in->dx[2];
  const double rsq = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
  const double Ri = in->Ri, Rj = in->Rj;
  const double radsum = in->wall ? Ri : Ri + Rj;
  const double Reff = in->wall ? Ri : Ri * Rj / (Ri + Rj);
  const bool on = contact_touching_rsq(nm, &m->normal, rsq, radsum, Reff, *touch);
  *touch = on;
  /* Step 1: geometry (§1.1). */
  const double r = sqrt(rsq);
  ContactGeometry geo;
  contact_geometry(in, r, &geo);
  const double n0 = geo.n[0], n1 = geo.n[1], n2 = geo.n[2], vnnr = geo.vnnr;
  TangentialInput ti = {.n = {n0, n1, n2}, .vtr = {geo.vtr[0], geo.vtr[1], geo.vtr[2]}, .vrel = geo.vrel,
                        .a = 0.0, .eta_n = 0.0, .Fncrit = 0.0, /* every field: C++ includes this */
                        .dt = in->dt, .history_update = in->history_update};

  /* Steps 2-7; a pair out of contact is evaluated at delta = 0 and its results discarded.
   * Everything is computed in locals and stored to *out once, at the end. */
  NormalContact cn = {.delta = on ? radsum - r : 0.0, .Reff = Reff, .meff = in->meff, .vnnr = vnnr,
                      .touching_before = true, .touching = on, .a = 0.0, .Fne = 0.0, .F_po = 0.0, .knd = 0.0,
                      .eta = 0.0, .Fdamp = 0.0, .Fntot = 0.0, .Fncrit = 0.0, .clamped = false};
  NormalContact *c = &cn;
  contact_normal_force(nm, dm, m, contact_needs_radius(nm, dm, tm), 0.0, c);

  /* Step 8: tangential, on a private copy of the history (zeroed when the contact ends). */
  ti.a = c->a;
  ti.eta_n = c->eta;
  ti.Fncrit = c->Fncrit;
  const int hs = tangential_nhist(tm);
  double h[TANGENTIAL_MAX_HISTORY] = {0.0, 0.0, 0.0, 0.0};
  for (int k = 0; k < hs; k++) h[k] = hist[k];
  TangentialOutput to;
  tangential_force(tm, &m->tangential, &ti, h, &to);
  for (int k = 0; k < hs; k++) hist[k] = on ? h[k] : 0.0;

  contact_assemble(on, in, geo.n, c->delta, c->Fntot, to.fs, out);
  /* The work of the damping force; under the clamp the force removed is Fne itself. */
  const double pn = c->clamped ? c->Fne * vnnr : c->eta * vnnr * vnnr;
  out->power_normal_damping = on ? pn : 0.0;
  to.power_damping = on ? to.power_damping : 0.0;
  to.power_friction = on ? to.power_friction : 0.0;
  to.sliding = on & to.sliding;
  out->n = cn;
  out->t = to;
  return on;
}

/** contact_force with the model's run-time ids (the generic `_ref` path). */
bool contact_compute(const ContactModel *m, const PairInput *in, double *hist, bool *touch, ContactOutput *out);

/** The scalar contact with the model's run-time ids: touch test, then contact_normal_force.
 *  A contact that does not touch has every output 0. */
void contact_normal_compute(const ContactModel *m, NormalContact *c);

#ifdef __cplusplus
}
#endif
#endif
