/* contact.c - run-time dispatch of the inline contact kernels (see contact.h). */
#include "contact.h"

#include <string.h>

void contact_normal_compute(const ContactModel *m, NormalContact *c) {
  const NormalContact in = *c;
  memset(c, 0, sizeof *c);
  c->delta = in.delta;
  c->Reff = in.Reff;
  c->meff = in.meff;
  c->vnnr = in.vnnr;
  c->touching_before = in.touching_before;
  c->touching = contact_touching(m->normal.model, &m->normal, in.delta, in.Reff, in.touching_before);
  if (c->touching) contact_normal_force(m->normal.model, m->damping.model, m, true, 0.0, c);
}

bool contact_compute(const ContactModel *m, const PairInput *in, double *hist, bool *touch, ContactOutput *out) {
  const bool on = contact_force(m->normal.model, m->damping.model, m->tangential.model, m, in, hist, touch, out);
  if (!on) memset(out, 0, sizeof *out); /* the kernel evaluates a separated pair at delta = 0 */
  return on;
}
