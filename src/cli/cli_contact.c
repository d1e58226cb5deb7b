/*
 * cli_contact.c - `grandamp contact`: evaluate one contact and print it as JSON.
 *
 * Scalar form (normal + damping):
 *   --model TEXT --radius Ri Rj --mass mi mj --overlap delta --vn vnnr [--was-touching]
 * Vector form (the whole contact, §4):
 *   --model TEXT --x1 x y z --x2 x y z [--v1 ..] [--v2 ..] [--omega1 ..] [--omega2 ..]
 *   --radius Ri Rj --mass mi mj [--history h...] [--dt dt] [--was-touching]
 * vnnr follows LAMMPS: negative on approach. Rj = inf is a flat wall (x2 is then the nearest
 * wall point), mj = inf an infinitely heavy partner. Without --dt the evaluation is a setup
 * step (LAMMPS `run 0`): the history is not advanced, only the Coulomb cap may rewrite it.
 */
#include <math.h>
#include <stdio.h>

#include "cli.h"
#include "cli_args.h"
#include "contact.h"
#include "error.h"
#include "json.h"
#include "model.h"

enum {
  O_MODEL, O_RADIUS, O_MASS, O_OVERLAP, O_VN, O_WAS_TOUCHING,
  O_X1, O_X2, O_V1, O_V2, O_W1, O_W2, O_HISTORY, O_DT, N_OPTS
};

typedef struct Args {
  const char *text;
  double radius[2], mass[2], overlap, vn, dt;
  double x1[3], x2[3], v1[3], v2[3], w1[3], w2[3];
  double history[TANGENTIAL_MAX_HISTORY];
} Args;

/* Radii and masses: the first finite and positive, the second positive or inf. */
static void check_pair(const CliOpt *o, ErrList *err) {
  if (!o->given || o->bad) return;
  if (!(o->vals[0] > 0.0) || isinf(o->vals[0]))
    errlist_add(err, "%s: the first value must be finite and > 0", o->name);
  if (!(o->vals[1] > 0.0)) errlist_add(err, "%s: the second value must be > 0 (or inf)", o->name);
}

/* A named result value, for the finiteness check before anything is printed. */
typedef struct Named {
  const char *name;
  double value;
} Named;

/* The one rule of every command (as `run` stops a step): a contact deeper than the smaller
 * radius (a wall: the sphere's radius), or any non-finite result, is refused with exit 1 and
 * nothing printed. Adds one message per problem to err. */
static void check_result(const Args *a, double delta, const Named *vals, int n, ErrList *err) {
  const bool wall = isinf(a->radius[1]);
  const char *who = wall ? "particle 1 and the wall" : "particles 1 and 2";
  const double rmin = fmin(a->radius[0], a->radius[1]);
  if (delta > rmin)
    errlist_add(err, "contact: %s overlap by %.6g m, deeper than the %s radius %.6g m: no contact model holds "
                "there (`run` stops at such a contact); give an overlap below %.6g m", who, delta,
                wall ? "sphere's" : "smaller", rmin, rmin);
  enum { SHOWN = 6 }; /* name a few; the rest are counted */
  char bad[256] = "";
  size_t len = 0;
  int nbad = 0;
  for (int k = 0; k < n; k++) {
    const double v = vals[k].value;
    if (isfinite(v)) continue;
    if (nbad < SHOWN)
      len += (size_t)snprintf(bad + len, sizeof bad - len, "%s%s = %s", nbad ? ", " : "", vals[k].name,
                              isnan(v) ? "NaN" : v > 0 ? "inf" : "-inf");
    nbad++;
  }
  if (nbad > SHOWN) snprintf(bad + len, sizeof bad - len, " and %d more", nbad - SHOWN);
  if (nbad)
    errlist_add(err, "contact: the contact of %s has a non-finite result (%s); check the positions, radii, "
                "masses and model coefficients (values past the range of double overflow)", who, bad);
}

/* Prints err (exit 1) when the result was refused. */
static int refused(ErrList *err) {
  errlist_print(err, stderr);
  errlist_free(err);
  return GD_EXIT_RUNTIME;
}

static int print_scalar(const Args *a, const ContactModel *m, bool was_touching) {
  NormalContact c = {.delta = a->overlap,
                     .Reff = contact_reff(a->radius[0], a->radius[1]),
                     .meff = contact_meff(a->mass[0], a->mass[1]),
                     .vnnr = a->vn,
                     .touching_before = was_touching};
  contact_normal_compute(m, &c);
  const Named vals[] = {{"delta", c.delta}, {"Reff", c.Reff}, {"meff", c.meff}, {"vnnr", c.vnnr}, {"a", c.a},
                        {"k_nd", c.knd}, {"Fne", c.Fne}, {"F_pulloff", c.F_po}, {"eta_n", c.eta},
                        {"F_damp", c.Fdamp}, {"F_n", c.Fntot}, {"Fncrit", c.Fncrit}};
  ErrList err = {0};
  check_result(a, c.delta, vals, (int)(sizeof vals / sizeof *vals), &err);
  if (err.n) return refused(&err);
  Json j;
  json_begin(&j, stdout);
  json_str(&j, "model", a->text);
  json_bool(&j, "wall", isinf(a->radius[1]));
  json_num(&j, "delta", c.delta);
  json_num(&j, "Reff", c.Reff);
  json_num(&j, "meff", c.meff);
  json_num(&j, "vnnr", c.vnnr);
  json_bool(&j, "touching", c.touching);
  json_num(&j, "a", c.a);
  json_num(&j, "k_nd", c.knd);
  json_num(&j, "Fne", c.Fne);
  json_num(&j, "F_pulloff", c.F_po);
  json_num(&j, "eta_n", c.eta);
  json_num(&j, "F_damp", c.Fdamp);
  json_num(&j, "F_n", c.Fntot);
  json_num(&j, "Fncrit", c.Fncrit);
  json_end(&j);
  return GD_EXIT_OK;
}

static int print_vector(Args *a, const ContactModel *m, bool was_touching, bool has_dt) {
  PairInput in = {.Ri = a->radius[0], .Rj = a->radius[1], .meff = contact_meff(a->mass[0], a->mass[1]),
                  .dt = has_dt ? a->dt : 0.0, .history_update = has_dt, .wall = isinf(a->radius[1])};
  for (int k = 0; k < 3; k++) {
    in.dx[k] = a->x1[k] - a->x2[k];
    in.vr[k] = a->v1[k] - a->v2[k];
    in.wi[k] = a->w1[k];
    in.wj[k] = a->w2[k];
  }
  bool touch = was_touching;
  ContactOutput o;
  contact_compute(m, &in, a->history, &touch, &o);
  const double total = o.power_normal_damping + o.t.power_damping + o.t.power_friction;
  /* delta is 0 for a contact that does not touch: the distance itself, to catch a centre
   * inside the partner (or beyond the wall) even then. */
  const double r = sqrt(in.dx[0] * in.dx[0] + in.dx[1] * in.dx[1] + in.dx[2] * in.dx[2]);
  const double depth = (in.wall ? in.Ri : in.Ri + in.Rj) - r;
  Named vals[32] = {{"delta", o.n.delta}, {"vnnr", o.n.vnnr}, {"a", o.n.a}, {"Fne", o.n.Fne}, {"eta_n", o.n.eta},
                    {"F_damp", o.n.Fdamp}, {"F_n", o.n.Fntot}, {"Fncrit", o.n.Fncrit}, {"eta_t", o.t.eta_t},
                    {"Fscrit", o.t.Fscrit}, {"power.total", total}, {"Reff", touch ? o.n.Reff : contact_reff(in.Ri, in.Rj)}};
  int nv = 12;
  const char *const axis[3] = {"[0]", "[1]", "[2]"};
  static char names[5][3][16];
  const char *const vec[5] = {"normal", "F_t", "force1", "torque1", "torque2"};
  const double *src[5] = {o.normal, o.t.fs, o.force, o.torque_i, o.torque_j};
  for (int v = 0; v < 5; v++)
    for (int d = 0; d < 3; d++) {
      snprintf(names[v][d], sizeof names[v][d], "%s%s", vec[v], axis[d]);
      vals[nv++] = (Named){names[v][d], src[v][d]};
    }
  ErrList err = {0};
  check_result(a, depth, vals, nv, &err);
  for (int h = 0; h < m->history_size; h++)
    if (!isfinite(a->history[h])) {
      errlist_add(&err, "contact: the contact of %s has a non-finite history value %d (%g)",
                  in.wall ? "particle 1 and the wall" : "particles 1 and 2", h, a->history[h]);
      break;
    }
  if (err.n) return refused(&err);
  Json j;
  json_begin(&j, stdout);
  json_str(&j, "model", a->text);
  json_bool(&j, "wall", in.wall);
  json_bool(&j, "history_update", in.history_update);
  json_bool(&j, "touching", touch);
  json_num(&j, "delta", o.n.delta);
  json_num(&j, "Reff", touch ? o.n.Reff : contact_reff(in.Ri, in.Rj));
  json_num(&j, "meff", in.meff);
  json_array(&j, "normal", o.normal, 3);
  json_num(&j, "vnnr", o.n.vnnr);
  json_num(&j, "a", o.n.a);
  json_num(&j, "Fne", o.n.Fne);
  json_num(&j, "eta_n", o.n.eta);
  json_num(&j, "F_damp", o.n.Fdamp);
  json_num(&j, "F_n", o.n.Fntot);
  json_num(&j, "Fncrit", o.n.Fncrit);
  json_num(&j, "eta_t", o.t.eta_t);
  json_num(&j, "Fscrit", o.t.Fscrit);
  json_bool(&j, "sliding", o.t.sliding);
  json_array(&j, "F_t", o.t.fs, 3);
  json_array(&j, "force1", o.force, 3);
  json_array(&j, "torque1", o.torque_i, 3);
  json_array(&j, "torque2", o.torque_j, 3);
  json_array(&j, "history", a->history, m->history_size);
  json_object(&j, "power");
  json_num(&j, "normal_damping", o.power_normal_damping);
  json_num(&j, "tangential_damping", o.t.power_damping);
  json_num(&j, "friction", o.t.power_friction);
  json_num(&j, "total", total);
  json_close(&j);
  json_end(&j);
  return GD_EXIT_OK;
}

int cli_contact(int argc, char **argv) {
  Args a = {0};
  CliOpt opts[N_OPTS] = {
      [O_MODEL] = {.name = "--model", .nvals = -1, .value_names = "'<pair_coeff text>'", .str = &a.text},
      [O_RADIUS] = {.name = "--radius", .nvals = 2, .allow_inf = true, .value_names = "Ri Rj", .vals = a.radius},
      [O_MASS] = {.name = "--mass", .nvals = 2, .allow_inf = true, .value_names = "mi mj", .vals = a.mass},
      [O_OVERLAP] = {.name = "--overlap", .nvals = 1, .value_names = "delta", .vals = &a.overlap},
      [O_VN] = {.name = "--vn", .nvals = 1, .value_names = "vnnr", .vals = &a.vn},
      [O_WAS_TOUCHING] = {.name = "--was-touching", .nvals = 0},
      [O_X1] = {.name = "--x1", .nvals = 3, .value_names = "x y z", .vals = a.x1},
      [O_X2] = {.name = "--x2", .nvals = 3, .value_names = "x y z", .vals = a.x2},
      [O_V1] = {.name = "--v1", .nvals = 3, .value_names = "vx vy vz", .vals = a.v1},
      [O_V2] = {.name = "--v2", .nvals = 3, .value_names = "vx vy vz", .vals = a.v2},
      [O_W1] = {.name = "--omega1", .nvals = 3, .value_names = "wx wy wz", .vals = a.w1},
      [O_W2] = {.name = "--omega2", .nvals = 3, .value_names = "wx wy wz", .vals = a.w2},
      [O_HISTORY] = {.name = "--history", .nvals = 0, .max_vals = TANGENTIAL_MAX_HISTORY,
                     .value_names = "h...", .vals = a.history},
      [O_DT] = {.name = "--dt", .nvals = 1, .value_names = "dt", .vals = &a.dt},
  };
  ErrList err = {0};
  cli_parse(argc, argv, opts, N_OPTS, &err);
  const bool scalar = opts[O_OVERLAP].given || opts[O_VN].given;
  const bool vector = opts[O_X1].given || opts[O_X2].given;
  if (scalar && vector) {
    errlist_add(&err, "contact: --overlap/--vn (scalar form) and --x1/--x2 (vector form) cannot be combined");
  } else if (vector) {
    const int need[] = {O_MODEL, O_X1, O_X2, O_RADIUS, O_MASS};
    for (size_t k = 0; k < sizeof need / sizeof *need; k++)
      if (!opts[need[k]].given)
        errlist_add(&err, "contact: %s %s is required", opts[need[k]].name, opts[need[k]].value_names);
    if (opts[O_DT].given && !opts[O_DT].bad && !(a.dt > 0.0)) errlist_add(&err, "--dt: must be > 0");
  } else {
    const int need[] = {O_MODEL, O_RADIUS, O_MASS, O_OVERLAP, O_VN};
    for (size_t k = 0; k < sizeof need / sizeof *need; k++)
      if (!opts[need[k]].given)
        errlist_add(&err, "contact: %s %s is required", opts[need[k]].name, opts[need[k]].value_names);
    const int vector_only[] = {O_V1, O_V2, O_W1, O_W2, O_HISTORY, O_DT};
    for (size_t k = 0; k < sizeof vector_only / sizeof *vector_only; k++)
      if (opts[vector_only[k]].given)
        errlist_add(&err, "contact: %s belongs to the vector form (give --x1 and --x2)", opts[vector_only[k]].name);
  }
  check_pair(&opts[O_RADIUS], &err);
  check_pair(&opts[O_MASS], &err);
  if (isinf(a.mass[0]) && isinf(a.mass[1]))
    errlist_add(&err, "--mass: at most one of the two masses may be inf");
  const bool wall = opts[O_RADIUS].given && !opts[O_RADIUS].bad && isinf(a.radius[1]);
  if (vector && wall && (a.w2[0] != 0.0 || a.w2[1] != 0.0 || a.w2[2] != 0.0))
    errlist_add(&err, "--omega2: a flat wall (Rj = inf) does not rotate; omit --omega2");
  ContactModel m;
  const bool model_ok = a.text && model_parse(a.text, &m, &err) == 0;
  /* MDR keeps state per particle (radius growth, volumes, psi, §6.3) and its history across
   * steps; one stateless evaluation has none of it, so contact_compute has no MDR branch. */
  if (model_ok && m.normal.model == NORMAL_MDR)
    errlist_add(&err, "contact: the mdr normal model is not available here: it needs per-particle state and a "
                "pre-force pass that one stateless contact evaluation does not have; use `grandamp forces` "
                "(a packing) or `grandamp collide` (a collision) instead");
  if (vector && model_ok && opts[O_HISTORY].given && !opts[O_HISTORY].bad &&
      opts[O_HISTORY].count != m.history_size)
    errlist_add(&err, "--history: tangential %s keeps %d value%s per contact, got %d",
                tangential_name(m.tangential.model), m.history_size, m.history_size == 1 ? "" : "s",
                opts[O_HISTORY].count);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  const bool was_touching = opts[O_WAS_TOUCHING].given;
  int rc = vector ? print_vector(&a, &m, was_touching, opts[O_DT].given) : print_scalar(&a, &m, was_touching);
  if (fflush(stdout) != 0 || ferror(stdout)) rc = GD_EXIT_RUNTIME;
  return rc;
}
