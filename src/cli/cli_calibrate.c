/*
 * cli_calibrate.c - `grandamp calibrate`: for a material and a measured restitution (or measured
 * (v, e) points), every damping model's coefficient that gives it (calibrate.h), how each then
 * behaves across speeds, contacts and time steps, as pair_coeff lines, a table, JSON and plots.
 *
 *   grandamp calibrate (--material E NU RHO | --hooke KN --density RHO) --radius R [R2]
 *                      (--e TARGET --v VREF | --data POINTS.csv [--v VREF])
 *                      [--wall] [--models NAME,...] [--limit-damping] [--tol TOL] [--steps N]
 *                      [--dt-error BOUND] [--plots DIR] [--json]
 */
#include "cli_calibrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "error.h"
#include "model.h"
#include "output.h"
#include "run.h"

/* --models a,b,c into wanted[]; one message per unknown or empty name (",," or a trailing ",":
 * a list that asks for nothing is a mistake, not a run of no model). */
static void parse_models(const char *list, NormalModel nm, bool wanted[N_DAMPING], ErrList *err) {
  char names[512];
  calibrate_model_names(nm, names, sizeof names);
  const int before = err->n;
  int item = 0;
  for (const char *name = list;; item++) {
    const char *comma = strchr(name, ',');
    const size_t len = comma ? (size_t)(comma - name) : strlen(name);
    bool found = false;
    for (int d = 0; d < N_DAMPING && len > 0; d++)
      if (calibrate_model(nm, (DampingModel)d) && strlen(damping_name((DampingModel)d)) == len &&
          !strncmp(name, damping_name((DampingModel)d), len))
        wanted[d] = found = true;
    if (len == 0) errlist_add(err, "--models: name %d of the list is empty (names: %s)", item + 1, names);
    else if (!found)
      errlist_add(err, "--models: '%.*s' is not a damping model calibrate solves for (%s)", len > 60 ? 60 : (int)len,
                  name, names);
    if (!comma || err->n - before >= 8) break; /* eight of them say enough */
    name = comma + 1;
  }
}

/* The fit's coefficient as a result (e at v_ref) for the behaviour and the lines. */
static bool fitted_result(const CalibrateSpec *s, const CalibrateFit *f, CalibrateResult *res) {
  memset(res, 0, sizeof *res);
  res->model = f->model;
  CalibrateRun run;
  if (!calibrate_collide(s, f->model, f->coeff, s->Ri, s->Rj, s->v_ref, s->steps, &run)) {
    snprintf(res->why, sizeof res->why, "%.400s", run.why);
    return false;
  }
  res->reachable = true, res->coeff = f->coeff, res->e = run.e, res->dt_over_tc = run.dt_over_tc;
  memcpy(res->text, run.text, sizeof res->text);
  return true;
}

static CalibrateReport report; /* large (the fits' residuals): not on the stack */

int cli_calibrate(int argc, char **argv) {
  double material[3] = {0, 0, 0}, hooke = 0, density = 0, radius[2] = {0, 0}, e = 0, v = 0, tol = 0, steps = 0;
  double dt_error = 0;
  const char *models = NULL, *data = NULL, *plots = NULL;
  CliOpt opts[] = {
      {.name = "--material", .nvals = 3, .value_names = "E NU RHO", .vals = material},
      {.name = "--hooke", .nvals = 1, .value_names = "KN", .vals = &hooke},
      {.name = "--density", .nvals = 1, .value_names = "RHO", .vals = &density},
      {.name = "--radius", .nvals = 1, .max_vals = 2, .allow_inf = true, .value_names = "R [R2]", .vals = radius},
      {.name = "--e", .nvals = 1, .value_names = "TARGET", .vals = &e},
      {.name = "--v", .nvals = 1, .value_names = "VREF", .vals = &v},
      {.name = "--data", .nvals = -1, .value_names = "POINTS.csv", .str = &data, .in_file = true},
      {.name = "--wall", .nvals = 0},
      {.name = "--models", .nvals = -1, .value_names = "NAME,...", .str = &models},
      {.name = "--limit-damping", .nvals = 0},
      {.name = "--tol", .nvals = 1, .value_names = "TOL", .vals = &tol},
      {.name = "--steps", .nvals = 1, .value_names = "N", .vals = &steps},
      {.name = "--dt-error", .nvals = 1, .value_names = "BOUND", .vals = &dt_error},
      {.name = "--plots", .nvals = -1, .value_names = "DIR", .str = &plots},
      {.name = "--json", .nvals = 0},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  const bool given_mat = cli_opt(opts, nopts, "--material")->given, given_hooke = cli_opt(opts, nopts, "--hooke")->given;
  const bool given_density = cli_opt(opts, nopts, "--density")->given;
  const bool fit_mode = cli_opt(opts, nopts, "--data")->given;
  if (given_mat == given_hooke)
    errlist_add(&err, "calibrate: give the material as --material E NU RHO (hertz/material) or --hooke KN --density RHO");
  if (given_hooke && !given_density) errlist_add(&err, "calibrate: --hooke needs --density RHO");
  if (given_mat && given_density) errlist_add(&err, "calibrate: --density goes with --hooke (--material has RHO)");
  if (!cli_opt(opts, nopts, "--radius")->given) errlist_add(&err, "calibrate: --radius is required");
  if (fit_mode && cli_opt(opts, nopts, "--e")->given)
    errlist_add(&err, "calibrate: --e and --data exclude each other (the points are the targets)");
  if (!fit_mode && !cli_opt(opts, nopts, "--e")->given) errlist_add(&err, "calibrate: --e is required (or --data)");
  if (!fit_mode && !cli_opt(opts, nopts, "--v")->given) errlist_add(&err, "calibrate: --v is required");
  /* complete: every value needed is given and well formed, so the contact itself can be checked;
   * else the values that are there are still range-checked (every problem in one run) */
  bool complete = err.n == 0;
  for (int k = 0; k < nopts; k++) complete = complete && !opts[k].bad;
  const CliOpt *orad = cli_opt(opts, nopts, "--radius");
  const bool wall = cli_opt(opts, nopts, "--wall")->given || (orad->count == 2 && isinf(radius[1]));
  if (wall && orad->count == 2 && !isinf(radius[1]))
    errlist_add(&err, "calibrate: --wall takes one radius (got a second, %g m)", radius[1]);

  CalibrateReport *r = &report;
  memset(r, 0, sizeof *r);
  r->fit_mode = fit_mode;
  static CalibratePoint pts[CAL_MAX_POINTS];
  if (fit_mode && data && *data) r->npts = calibrate_read_points(data, pts, CAL_MAX_POINTS, &err);
  r->pts = pts;
  double v_ref = v;
  if (fit_mode && !cli_opt(opts, nopts, "--v")->given && r->npts > 0) { /* the middle of the points' speeds */
    double lo = INFINITY, hi = 0.0;
    for (int k = 0; k < r->npts; k++) lo = fmin(lo, pts[k].v), hi = fmax(hi, pts[k].v);
    v_ref = sqrt(lo * hi);
  }
  r->s = (CalibrateSpec){.normal = given_hooke ? NORMAL_HOOKE : NORMAL_HERTZ_MATERIAL, .E = material[0],
                         .nu = material[1], .kn = hooke, .rho = given_hooke ? density : material[2], .Ri = radius[0],
                         .Rj = wall ? INFINITY : orad->count == 2 ? radius[1] : radius[0],
                         .e_target = fit_mode ? 0.5 : e, .v_ref = v_ref,
                         .limit_damping = cli_opt(opts, nopts, "--limit-damping")->given, .tol = tol, .steps = steps,
                         .dt_error = dt_error};
  bool wanted[N_DAMPING] = {false};
  if (models && *models) parse_models(models, r->s.normal, wanted, &err); /* "": cli_args said so */
  else if (!models)
    for (int d = 0; d < N_DAMPING; d++) wanted[d] = calibrate_model(r->s.normal, (DampingModel)d);
  if (plots && *plots) {
    const char *inputs[] = {data};
    calibrate_plots_check(plots, fit_mode, inputs, 1, &err);
  }
  /* the values, beside the problems above; in fit mode the contact at every point's speed too */
  if (complete && (!fit_mode || r->npts > 0)) {
    if (calibrate_check(&r->s, &err) == 0 && fit_mode) {
      const int n0 = err.n;
      for (int k = 0; k < r->npts && err.n - n0 < 8; k++) {
        CalibrateSpec at = r->s;
        at.v_ref = pts[k].v;
        calibrate_check(&at, &err);
      }
    }
  } else { /* the ranges of what was given; a missing or malformed value stands in as a valid one */
    CalibrateSpec ranges = r->s;
    const CliOpt *omat = cli_opt(opts, nopts, "--material");
    if (!given_mat) ranges.E = 1e9, ranges.nu = 0.3, ranges.rho = given_hooke ? ranges.rho : 1000.0;
    else if (omat->bad) { /* a value that did not parse is left 0: the others are still checked */
      if (material[0] == 0.0) ranges.E = 1e9;
      if (material[1] == 0.0) ranges.nu = 0.3;
      if (material[2] == 0.0) ranges.rho = 1000.0;
    }
    if (!given_hooke || cli_opt(opts, nopts, "--hooke")->bad) ranges.kn = 1e5;
    if (given_hooke && (!given_density || cli_opt(opts, nopts, "--density")->bad)) ranges.rho = 1000.0;
    if (!orad->given || orad->bad) ranges.Ri = 0.01, ranges.Rj = wall ? INFINITY : 0.01;
    if (fit_mode || !cli_opt(opts, nopts, "--e")->given || cli_opt(opts, nopts, "--e")->bad) ranges.e_target = 0.5;
    if (!cli_opt(opts, nopts, "--v")->given || cli_opt(opts, nopts, "--v")->bad) ranges.v_ref = 1.0;
    if (cli_opt(opts, nopts, "--tol")->bad) ranges.tol = 0.0;
    if (cli_opt(opts, nopts, "--steps")->bad) ranges.steps = 0.0;
    if (cli_opt(opts, nopts, "--dt-error")->bad) ranges.dt_error = 0.0;
    calibrate_check_ranges(&ranges, &err);
  }
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }

  for (int d = 0; d < N_DAMPING; d++)
    if (wanted[d]) r->model[r->nmodels++] = (DampingModel)d;
  static CalibrateFit fits[N_DAMPING];
  r->fit = fits;
  int unreachable = 0;
  for (int m = 0; m < r->nmodels; m++) {
    const DampingModel dm = r->model[m];
    bool ok;
    if (fit_mode) ok = calibrate_fit(&r->s, dm, pts, r->npts, &fits[m]) && fitted_result(&r->s, &fits[m], &r->res[m]);
    else ok = calibrate_solve(&r->s, dm, &r->res[m]);
    if (!ok) {
      gd_error("calibrate: %s: %s", damping_name(dm), fit_mode && !fits[m].ok ? fits[m].why : r->res[m].why);
      return GD_EXIT_RUNTIME;
    }
    unreachable += !r->res[m].reachable;
    if (!r->res[m].reachable) continue;
    char why[512];
    if (!calibrate_behaviour(&r->s, &r->res[m], &r->beh[m], why, sizeof why)) {
      gd_error("calibrate: %s", why);
      return GD_EXIT_RUNTIME;
    }
    r->has_behaviour[m] = true;
  }
  if (fit_mode) { /* rank by the residuals' rms: insertion sort of nmodels <= N_DAMPING */
    for (int m = 0; m < r->nmodels; m++) {
      int k = m;
      for (; k > 0 && fits[r->rank[k - 1]].rms > fits[m].rms; k--) r->rank[k] = r->rank[k - 1];
      r->rank[k] = m;
    }
  }
  /* A model asked for by --models that cannot reach the target: exit 2, and nothing written. */
  if (unreachable && models) {
    for (int m = 0; m < r->nmodels; m++)
      if (!r->res[m].reachable) gd_error("calibrate: %s: %s", damping_name(r->model[m]), r->res[m].why);
    return GD_EXIT_USAGE;
  }
  /* the results into memory: printed only once the plots, when asked for, are all written */
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem) {
    gd_error("calibrate: out of memory");
    return GD_EXIT_RUNTIME;
  }
  if (cli_opt(opts, nopts, "--json")->given) calibrate_print_json(r, mem);
  else calibrate_print_text(r, mem);
  if (fclose(mem) != 0) {
    free(text);
    gd_error("calibrate: out of memory");
    return GD_EXIT_RUNTIME;
  }
  if (plots && !calibrate_write_plots(r, plots)) {
    free(text);
    return GD_EXIT_RUNTIME;
  }
  const bool wrote = fwrite(text, 1, len, stdout) == len;
  free(text);
  if (!wrote || fflush(stdout) != 0) return GD_EXIT_RUNTIME;
  return GD_EXIT_OK;
}
