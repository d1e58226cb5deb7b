/*
 * cli_calibrate.c - `grandamp calibrate`: for a material and a measured restitution, every damping
 * model's coefficient that gives it (calibrate.h), as pair_coeff lines to paste and as JSON.
 *
 *   grandamp calibrate --material E NU RHO --radius R [R2] --e TARGET --v VREF
 *                      [--wall] [--models NAME,...] [--limit-damping] [--tol TOL] [--steps N] [--json]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "cli.h"
#include "cli_args.h"
#include "error.h"
#include "json.h"
#include "model.h"

/* The damping models calibrate solves for: every one but none and mdr (on hertz/material). */
static bool calibrated(DampingModel dm) {
  return !(damping_model_flags(dm) & (DFLAG_ELASTIC | DFLAG_NEEDS_MDR)) &&
         model_combo_allowed(NORMAL_HERTZ_MATERIAL, dm);
}

/* --models a,b,c into wanted[]; one message per unknown name. */
static void parse_models(const char *list, bool wanted[N_DAMPING], ErrList *err) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *save = NULL, *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
    bool found = false;
    for (int d = 0; d < N_DAMPING; d++)
      if (calibrated((DampingModel)d) && strcmp(name, damping_name((DampingModel)d)) == 0) wanted[d] = found = true;
    if (!found)
      errlist_add(err, "--models: '%.60s' is not a damping model calibrate solves for (velocity, mass_velocity, "
                  "viscoelastic, tsuji, tsuji/legacy, coeff_restitution)", name);
  }
}

int cli_calibrate(int argc, char **argv) {
  double material[3] = {0, 0, 0}, radius[2] = {0, 0}, e = 0, v = 0, tol = 0, steps = 0;
  const char *models = NULL;
  CliOpt opts[] = {
      {.name = "--material", .nvals = 3, .value_names = "E NU RHO", .vals = material},
      {.name = "--radius", .nvals = 1, .max_vals = 2, .allow_inf = true, .value_names = "R [R2]", .vals = radius},
      {.name = "--e", .nvals = 1, .value_names = "TARGET", .vals = &e},
      {.name = "--v", .nvals = 1, .value_names = "VREF", .vals = &v},
      {.name = "--wall", .nvals = 0},
      {.name = "--models", .nvals = -1, .value_names = "NAME,...", .str = &models},
      {.name = "--limit-damping", .nvals = 0},
      {.name = "--tol", .nvals = 1, .value_names = "TOL", .vals = &tol},
      {.name = "--steps", .nvals = 1, .value_names = "N", .vals = &steps},
      {.name = "--json", .nvals = 0},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  static const char *const REQUIRED[] = {"--material", "--radius", "--e", "--v"};
  bool complete = true;
  for (int k = 0; k < 4; k++) {
    const CliOpt *o = cli_opt(opts, nopts, REQUIRED[k]);
    if (!o->given) errlist_add(&err, "calibrate: %s is required", REQUIRED[k]);
    complete = complete && o->given && !o->bad;
  }
  const CliOpt *orad = cli_opt(opts, nopts, "--radius");
  const bool wall = cli_opt(opts, nopts, "--wall")->given || (orad->count == 2 && isinf(radius[1]));
  if (wall && orad->count == 2 && !isinf(radius[1]))
    errlist_add(&err, "calibrate: --wall takes one radius (got a second, %g m)", radius[1]);
  CalibrateSpec s = {.E = material[0], .nu = material[1], .rho = material[2], .Ri = radius[0],
                     .Rj = wall ? INFINITY : orad->count == 2 ? radius[1] : radius[0], .e_target = e, .v_ref = v,
                     .limit_damping = cli_opt(opts, nopts, "--limit-damping")->given, .tol = tol, .steps = steps};
  bool wanted[N_DAMPING] = {false};
  if (models) parse_models(models, wanted, &err);
  else
    for (int d = 0; d < N_DAMPING; d++) wanted[d] = calibrated((DampingModel)d);
  if (complete) calibrate_check(&s, &err); /* the values, beside the problems above */
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  const bool json = cli_opt(opts, nopts, "--json")->given;
  CalibrateResult res[N_DAMPING];
  int unreachable = 0;
  for (int d = 0; d < N_DAMPING; d++) {
    if (!wanted[d]) continue;
    if (!calibrate_solve(&s, (DampingModel)d, &res[d])) {
      gd_error("calibrate: %s: %s", damping_name((DampingModel)d), res[d].why);
      return GD_EXIT_RUNTIME;
    }
    unreachable += !res[d].reachable;
  }
  const double tol_e = tol > 0 ? tol : 1e-7, n = steps > 0 ? steps : 2000;
  if (json) {
    Json j;
    json_begin(&j, stdout);
    json_num(&j, "E", s.E), json_num(&j, "nu", s.nu), json_num(&j, "rho", s.rho);
    json_num(&j, "Ri", s.Ri), json_num(&j, "Rj", s.Rj), json_bool(&j, "wall", wall);
    json_num(&j, "e_target", s.e_target), json_num(&j, "v", s.v_ref);
    json_str(&j, "criterion", s.limit_damping ? "force-end" : "delta-end");
    json_num(&j, "tolerance", tol_e), json_num(&j, "steps_per_tc", n);
    json_object(&j, "models");
    for (int d = 0; d < N_DAMPING; d++) {
      if (!wanted[d]) continue;
      json_object(&j, damping_name((DampingModel)d));
      json_bool(&j, "reachable", res[d].reachable);
      if (res[d].reachable) {
        json_num(&j, "coefficient", res[d].coeff);
        json_num(&j, "e", res[d].e);
        json_num(&j, "dt_over_tc", res[d].dt_over_tc);
        json_str(&j, "pair_coeff", res[d].text);
      } else {
        json_str(&j, "why", res[d].why);
      }
      json_close(&j);
    }
    json_close(&j);
    json_end(&j);
  } else {
    char bodies[96];
    if (wall) snprintf(bodies, sizeof bodies, "a sphere of R %g m on a wall", s.Ri);
    else snprintf(bodies, sizeof bodies, "two spheres of R %g and %g m", s.Ri, s.Rj);
    printf("# hertz/material E %g, nu %g, rho %g; %s; e = %g at %g m/s (%s)\n", s.E, s.nu, s.rho, bodies, s.e_target,
           s.v_ref, s.limit_damping ? "force-end" : "delta-end");
    printf("# each line: the coefficient whose collision through grandamp's loops at dt = t_c/%g gives e within %g\n"
           "# of the target (the run's own error, f dt/t_c, is on top: docs/verification.md 7.2)\n", n, tol_e);
    for (int d = 0; d < N_DAMPING; d++) {
      if (!wanted[d]) continue;
      if (res[d].reachable) printf("pair_coeff * * %s\n", res[d].text);
      else printf("# %s: %s\n", damping_name((DampingModel)d), res[d].why);
    }
  }
  if (fflush(stdout) != 0) return GD_EXIT_RUNTIME;
  return unreachable && models ? GD_EXIT_USAGE : GD_EXIT_OK;
}
