/*
 * cli_contact.c - `grandamp contact`: evaluate one contact and print it as JSON.
 *
 * Scalar form (normal + damping): --model TEXT --radius Ri Rj --mass mi mj --overlap delta
 * --vn vnnr [--was-touching]. vnnr follows LAMMPS: negative on approach. Rj = inf and mj = inf
 * stand for a flat wall or an infinitely heavy partner.
 */
#include <math.h>
#include <stdio.h>

#include "cli.h"
#include "cli_args.h"
#include "contact.h"
#include "error.h"
#include "json.h"
#include "model.h"

enum { O_MODEL, O_RADIUS, O_MASS, O_OVERLAP, O_VN, O_WAS_TOUCHING, N_OPTS };

/* Radii and masses: the first finite and positive, the second positive or inf. */
static void check_pair(const CliOpt *o, ErrList *err) {
  if (!o->given || o->bad) return;
  if (!(o->vals[0] > 0.0) || isinf(o->vals[0]))
    errlist_add(err, "%s: the first value must be finite and > 0", o->name);
  if (!(o->vals[1] > 0.0)) errlist_add(err, "%s: the second value must be > 0 (or inf)", o->name);
}

int cli_contact(int argc, char **argv) {
  const char *text = NULL;
  double radius[2] = {0}, mass[2] = {0}, overlap = 0, vn = 0;
  CliOpt opts[N_OPTS] = {
      [O_MODEL] = {.name = "--model", .nvals = -1, .value_names = "'<pair_coeff text>'", .str = &text},
      [O_RADIUS] = {.name = "--radius", .nvals = 2, .allow_inf = true, .value_names = "Ri Rj", .vals = radius},
      [O_MASS] = {.name = "--mass", .nvals = 2, .allow_inf = true, .value_names = "mi mj", .vals = mass},
      [O_OVERLAP] = {.name = "--overlap", .nvals = 1, .value_names = "delta", .vals = &overlap},
      [O_VN] = {.name = "--vn", .nvals = 1, .value_names = "vnnr", .vals = &vn},
      [O_WAS_TOUCHING] = {.name = "--was-touching", .nvals = 0},
  };
  ErrList err = {0};
  cli_parse(argc, argv, opts, N_OPTS, &err);
  for (int k = O_MODEL; k <= O_VN; k++)
    if (!opts[k].given) errlist_add(&err, "contact: %s %s is required", opts[k].name, opts[k].value_names);
  check_pair(&opts[O_RADIUS], &err);
  check_pair(&opts[O_MASS], &err);
  ContactModel m;
  if (text) model_parse(text, &m, &err);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }

  NormalContact c = {.delta = overlap,
                     .Reff = contact_reff(radius[0], radius[1]),
                     .meff = contact_meff(mass[0], mass[1]),
                     .vnnr = vn,
                     .touching_before = opts[O_WAS_TOUCHING].given};
  contact_normal_compute(&m, &c);

  Json j;
  json_begin(&j, stdout);
  json_str(&j, "model", text);
  json_bool(&j, "wall", isinf(radius[1]));
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
  return fflush(stdout) == 0 && !ferror(stdout) ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
