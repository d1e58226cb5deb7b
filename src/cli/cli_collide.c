/*
 * cli_collide.c - `grandamp collide`: one collision (or a sphere on a flat wall), head-on or
 * oblique, through the production pair loop and integrator; prints one JSON object.
 *
 *   grandamp collide --model TEXT --radius Ri [Rj] (--mass mi [mj] | --density rho) --v V
 *                    [--vt VT] [--spin Wi [Wj]]
 *                    [--dt DT | --dt-fraction F] [--wall] [--phase P] [--threads T]
 *                    [--strategy full|half-reduce|half-atomic] [--ref] [--max-tc K]
 *                    [--precision double|mixed]
 * Rj = inf (or --wall) is a flat wall. The criterion is δ-end, or force-end when the model
 * sets limit_damping (docs/verification.md §0).
 */
#include <math.h>
#include <stdio.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_common.h"
#include "collide.h"
#include "error.h"
#include "json.h"
#include "plan.h"

int cli_collide(int argc, char **argv) {
  const char *text = NULL, *strategy = "half-reduce", *precision = "double";
  double radius[2] = {0, 0}, mass[2] = {0, 0}, spin[2] = {0, 0}, density = 0, v = 0, vt = 0, dt = 0, frac = 0, phase = 0, threads = 0,
         max_tc = 0;
  CliOpt opts[] = {
      {.name = "--model", .nvals = -1, .value_names = "'<pair_coeff text>'", .str = &text},
      {.name = "--radius", .nvals = 1, .max_vals = 2, .allow_inf = true, .value_names = "Ri [Rj]", .vals = radius},
      {.name = "--mass", .nvals = 1, .max_vals = 2, .allow_inf = true, .value_names = "mi [mj]", .vals = mass},
      {.name = "--density", .nvals = 1, .value_names = "rho", .vals = &density},
      {.name = "--v", .nvals = 1, .value_names = "V", .vals = &v},
      {.name = "--vt", .nvals = 1, .value_names = "VT", .vals = &vt},
      {.name = "--spin", .nvals = 1, .max_vals = 2, .value_names = "Wi [Wj]", .vals = spin},
      {.name = "--dt", .nvals = 1, .value_names = "DT", .vals = &dt},
      {.name = "--dt-fraction", .nvals = 1, .value_names = "F", .vals = &frac},
      {.name = "--phase", .nvals = 1, .value_names = "P", .vals = &phase},
      {.name = "--wall", .nvals = 0},
      {.name = "--threads", .nvals = 1, .value_names = "T", .vals = &threads},
      {.name = "--strategy", .nvals = -1, .value_names = "full|half-reduce|half-atomic", .str = &strategy},
      {.name = "--ref", .nvals = 0},
      {.name = "--precision", .nvals = -1, .value_names = "double|mixed", .str = &precision},
      {.name = "--max-tc", .nvals = 1, .value_names = "K", .vals = &max_tc},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  CollideSpec c = collide_defaults();
  const CliOpt *orad = cli_opt(opts, nopts, "--radius"), *omass = cli_opt(opts, nopts, "--mass");
  const CliOpt *oden = cli_opt(opts, nopts, "--density");
  if (!text) errlist_add(&err, "collide: --model '<pair_coeff text>' is required");
  else model_parse(text, &c.model, &err);
  if (!orad->given) errlist_add(&err, "collide: --radius Ri [Rj] is required");
  c.wall = cli_opt(opts, nopts, "--wall")->given || (orad->count == 2 && isinf(radius[1]));
  if (orad->given && !orad->bad) {
    if (!(radius[0] > 0) || isinf(radius[0])) errlist_add(&err, "--radius: Ri must be finite and > 0");
    if (!c.wall && orad->count < 2) errlist_add(&err, "--radius: Rj is required for a pair (or give --wall)");
    if (!c.wall && !(radius[1] > 0)) errlist_add(&err, "--radius: Rj must be > 0 (inf: a flat wall)");
  }
  if (omass->given == oden->given) errlist_add(&err, "collide: give either --mass mi [mj] or --density rho");
  if (oden->given && !oden->bad && !(density > 0 && isfinite(density))) errlist_add(&err, "--density: must be finite and > 0");
  if (omass->given && !omass->bad) {
    if (!(mass[0] > 0) || isinf(mass[0])) errlist_add(&err, "--mass: mi must be finite and > 0");
    if (!c.wall && omass->count < 2) errlist_add(&err, "--mass: mj is required for a pair");
    if (!c.wall && !(mass[1] > 0)) errlist_add(&err, "--mass: mj must be > 0");
  }
  if (c.wall && cli_opt(opts, nopts, "--spin")->count == 2)
    errlist_add(&err, "--spin: Wj is the spin of sphere j; a wall has none (give Wi alone)");
  if (!cli_opt(opts, nopts, "--v")->given) errlist_add(&err, "collide: --v V (the approach speed) is required");
  else if (!(v > 0 && isfinite(v))) errlist_add(&err, "--v: must be finite and > 0");
  const bool has_dt = cli_opt(opts, nopts, "--dt")->given, has_frac = cli_opt(opts, nopts, "--dt-fraction")->given;
  if (has_dt && has_frac) errlist_add(&err, "collide: give --dt or --dt-fraction, not both");
  if (has_dt && !(dt > 0 && isfinite(dt))) errlist_add(&err, "--dt: must be finite and > 0");
  if (has_frac && !(frac > 0 && frac <= 1)) errlist_add(&err, "--dt-fraction: must be in (0, 1]");
  if (cli_opt(opts, nopts, "--phase")->given && !(phase >= 0 && phase < 1)) errlist_add(&err, "--phase: must be in [0, 1)");
  if (cli_opt(opts, nopts, "--max-tc")->given && !(max_tc >= 1 && max_tc <= 1e6)) errlist_add(&err, "--max-tc: must be in [1, 1e6]");
  if (!force_strategy_parse(strategy, &c.strategy))
    errlist_add(&err, "--strategy: '%s' is unknown; expected full, half-reduce or half-atomic", strategy);
  const int nthreads = threads_option(cli_opt(opts, nopts, "--threads"), threads, &err);
  if (!loop_precision_parse(precision, &c.precision))
    errlist_add(&err, "--precision: '%s' is unknown; expected double or mixed", precision);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  c.Ri = radius[0];
  c.Rj = c.wall ? INFINITY : radius[1];
  if (oden->given) {
    c.mi = sphere_mass(c.Ri, density);
    c.mj = c.wall ? INFINITY : sphere_mass(c.Rj, density);
  } else {
    c.mi = mass[0];
    c.mj = c.wall ? INFINITY : mass[1];
  }
  c.v0 = v;
  c.vt0 = vt;
  c.wi0 = spin[0];
  c.wj0 = c.wall ? 0.0 : spin[1];
  if (has_dt) c.dt = dt;
  if (has_frac) c.dt_fraction = frac;
  if (cli_opt(opts, nopts, "--phase")->given) c.phase = phase;
  if (cli_opt(opts, nopts, "--max-tc")->given) c.max_tc = max_tc;
  c.use_ref = cli_opt(opts, nopts, "--ref")->given;
  c.threads = nthreads;
  if (collide_check(&c, &err)) { /* what cannot run (overflow, tunnelling, an unstable step): bad input */
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  CollideResult r;
  const char *why = NULL;
  if (!collide_run(&c, &r, &why)) {
    gd_error("collide: %s", why);
    return GD_EXIT_RUNTIME;
  }
  if (r.precision_note) fprintf(stderr, "grandamp: notice: --precision mixed: %s; running in double\n", r.precision_note);
  Json j;
  json_begin(&j, stdout);
  json_str(&j, "model", text);
  json_bool(&j, "wall", c.wall);
  json_str(&j, "criterion", c.model.limit_damping ? "force-end" : "delta-end");
  json_str(&j, "strategy", c.use_ref ? "ref" : force_strategy_name(c.strategy));
  json_str(&j, "kernel", r.kernel);
  json_str(&j, "precision", loop_precision_name(r.precision));
  json_int(&j, "threads", r.threads);
  json_num(&j, "Reff", r.Reff);
  json_num(&j, "meff", r.meff);
  json_num(&j, "v0", c.v0);
  json_num(&j, "vt0", c.vt0);
  json_num(&j, "spin0_i", c.wi0);
  json_num(&j, "spin0_j", c.wj0);
  json_num(&j, "e", r.e);
  json_num(&j, "vt", r.vt);
  json_num(&j, "spin_i", r.wi);
  json_num(&j, "spin_j", r.wj);
  json_bool(&j, "captured", r.captured);
  json_num(&j, "collision_time", r.t_c);
  json_num(&j, "max_overlap", r.delta_max);
  json_num(&j, "max_force", r.force_max);
  json_num(&j, "E0", r.E0);
  json_num(&j, "dissipated_energy", r.E_diss);
  json_num(&j, "damping_work", r.W_damp);
  json_int(&j, "steps", (long)r.steps);
  json_int(&j, "contact_steps", (long)r.contact_steps);
  json_num(&j, "dt", r.dt);
  json_num(&j, "phase", c.phase);
  json_num(&j, "dt_over_tc", r.captured || !(r.t_c > 0) ? NAN : r.dt / r.t_c);
  json_num(&j, "tc_elastic", r.tc_elastic);
  json_end(&j);
  return fflush(stdout) == 0 ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
