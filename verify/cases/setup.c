/* setup.c - the two-body collision set-up the case generators share (cases.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cases.h"
#include "contact.h"
#include "error.h"
#include "faults.h"

const char *const GEO_NAMES[N_GEO] = {"equal", "unequal", "wall"};

#define DENSITY 2500.0
#define RADIUS 0.005

void setup_bodies(Geometry g, double *Ri, double *Rj, double *mi, double *mj) {
  *Ri = RADIUS;
  *Rj = g == GEO_UNEQUAL ? 2.0 * RADIUS : g == GEO_WALL ? INFINITY : RADIUS;
  *mi = sphere_mass(*Ri, DENSITY);
  *mj = g == GEO_WALL ? INFINITY : sphere_mass(*Rj, DENSITY);
}

double setup_reff(Geometry g) {
  double Ri, Rj, mi, mj;
  setup_bodies(g, &Ri, &Rj, &mi, &mj);
  return contact_reff(Ri, Rj);
}

double setup_meff(Geometry g) {
  double Ri, Rj, mi, mj;
  setup_bodies(g, &Ri, &Rj, &mi, &mj);
  return contact_meff(mi, mj);
}

ContactModel setup_model(const char *text) {
  ContactModel m;
  ErrList err = {0};
  if (model_parse(text, &m, &err) != 0 || err.n) {
    fprintf(stderr, "grandamp-verify: internal error: model '%s' does not parse:\n", text);
    errlist_print(&err, stderr);
    exit(GD_EXIT_USAGE);
  }
  return m;
}

CollideResult setup_collide(const ContactModel *m, const Setup *s) {
  CollideSpec c = collide_defaults();
  c.model = *m;
  setup_bodies(s->geo, &c.Ri, &c.Rj, &c.mi, &c.mj);
  fault_apply(&c.model, c.mi, c.mj); /* --broken: the production run only, never the reference */
  c.wall = s->geo == GEO_WALL;
  c.v0 = s->v0;
  c.dt_fraction = s->dt_fraction;
  c.phase = s->phase;
  c.strategy = s->strategy;
  c.use_ref = s->use_ref;
  c.threads = s->threads;
  c.precision = s->precision;
  c.max_tc = VERIFY_MAX_TC;
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) gd_die(GD_EXIT_RUNTIME, "verify: collision set-up failed: %s", why);
  return r;
}
