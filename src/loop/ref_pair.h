/*
 * ref_pair.h - for the serial loops that evaluate one pair at a time through contact_compute
 * (the `_ref` loops of force.c and force_mdr.c, and the fault search of sim.c): one pair's
 * contact input, and adding one contact's result to both particles and the statistics. Not on
 * a specialised loop's path: those inline their own, vectorisable copies (force_kernel.h).
 */
#ifndef GD_REF_PAIR_H
#define GD_REF_PAIR_H

#include "contact.h"
#include "force.h"

/* The contact input of pair (i, j); len and half from box_images. */
static inline PairInput ref_pair_input(const Particles *p, int64_t i, int64_t j, const double len[3],
                                       const double half[3], double dt, bool history_update) {
  PairInput in = {.Ri = p->radius[i], .Rj = p->radius[j], .meff = contact_meff(p->mass[i], p->mass[j]),
                  .dt = dt, .history_update = history_update, .wall = false};
  pair_separation(p->x, p->y, p->z, i, j, len, half, in.dx);
  in.vr[0] = p->vx[i] - p->vx[j], in.vr[1] = p->vy[i] - p->vy[j], in.vr[2] = p->vz[i] - p->vz[j];
  in.wi[0] = p->wx[i], in.wi[1] = p->wy[i], in.wi[2] = p->wz[i];
  in.wj[0] = p->wx[j], in.wj[1] = p->wy[j], in.wj[2] = p->wz[j];
  return in;
}

/* A touching pair's result: its force and torques on i and j, its powers and overlap counted. */
static inline void ref_pair_apply(Particles *p, int64_t i, int64_t j, const PairInput *in, const ContactOutput *o,
                                  ForceStats *st) {
  st->contacts++;
  st->power_normal += o->power_normal_damping;
  st->power_tangential += o->t.power_damping;
  st->power_friction += o->t.power_friction;
  st->overlap_excess = gd_max(st->overlap_excess, o->n.delta - gd_min(in->Ri, in->Rj));
  p->fx[i] += o->force[0], p->fy[i] += o->force[1], p->fz[i] += o->force[2];
  p->tx[i] += o->torque_i[0], p->ty[i] += o->torque_i[1], p->tz[i] += o->torque_i[2];
  p->fx[j] -= o->force[0], p->fy[j] -= o->force[1], p->fz[j] -= o->force[2];
  p->tx[j] += o->torque_j[0], p->ty[j] += o->torque_j[1], p->tz[j] += o->torque_j[2];
}

#endif
