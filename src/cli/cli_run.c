/*
 * cli_run.c - `grandamp run`: time steps over a packing, reporting per-phase times and rates.
 *
 *   grandamp run --packing fcc|random|FILE.data --n N --model '<text>' --steps S [--dt DT]
 *                [--threads T] [--strategy full|half-reduce|half-atomic] [--skin SKIN]
 *                [--ref] [--precision double|mixed] [--every K [--series OUT.csv] [--theory]]
 *                [packing options]
 * Rates: pair evaluations/s are neighbour pairs (each pair once, whatever the list) per second
 * of force time over the S steps (the setup pass is timed under "setup"); contacts/s the
 * touching pairs among them; atom-steps/s N * steps per second of the whole loop. The JSON
 * report also holds the energy ledger.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_info.h"
#include "cli.h"
#include "cli_common.h"
#include "datafile.h"
#include "error.h"
#include "gas.h"
#include "gas_expect.h"
#include "json.h"
#include "numparse.h"
#include "output.h"
#include "sim.h"
#include "sysmem.h"
#include "usertext.h"

static void ledger_json(Json *j, const char *key, const Ledger *l) {
  json_object(j, key);
  json_num(j, "kinetic_translational", l->ke_trans);
  json_num(j, "kinetic_rotational", l->ke_rot);
  json_num(j, "elastic", l->elastic);
  json_num(j, "dissipated_normal_damping", l->diss_normal);
  json_num(j, "dissipated_tangential_damping", l->diss_tangential);
  json_num(j, "dissipated_friction", l->diss_friction);
  json_close(j);
}

/* Which runs give the same bits again (spec: determinism): the full list sums each particle's
 * force in its own row, and --ref runs one serial loop, so both give the same figures for any
 * thread count; half-reduce adds the threads' private force arrays in thread order; half-atomic
 * adds in whatever order the threads arrive. Energy and power sums are thread-count independent
 * (blocksum.h), so the forces decide. */
/* The time series of --every K: one row per K steps (and the first and last). The rows go to
 * --series's file as they are made (its temporary, renamed once the run succeeds), so a long
 * series costs no memory; the JSON copy is kept only for runs of at most SERIES_JSON_MAX_ROWS
 * rows (8 MB of doubles), and a longer one without --series is refused before the run. */
enum { SE_STEP, SE_TIME, SE_T, SE_TROT, SE_COLL, SE_CONTACTS, SE_KE, SE_DN, SE_DT, SE_DF, SE_N };
static const char *const SE_NAMES[SE_N] = {"step", "time", "temperature", "temperature_rotational", "collisions",
                                           "contacts", "kinetic_energy", "dissipated_normal_damping",
                                           "dissipated_tangential_damping", "dissipated_friction"};
#define SERIES_JSON_MAX_ROWS 100000
typedef struct Series {
  double *col[SE_N];  /* the JSON's copy (keep) */
  int n, cap;
  bool keep;          /* the run's rows fit the JSON */
  bool streaming;     /* csv is open */
  OutFile csv;
  const char *path;
  int64_t collisions; /* collisions begun since t = 0 (-1: not counted, jkr) */
  const GasExpect *theory; /* --theory: the kinetic-theory column beside T (else NULL) */
  double theory_t, theory_T; /* the expectation's last time and temperature */
  double *col_theory;
} Series;

/* Rows of a run of steps steps sampled every K: t = 0, every K-th step, and the last. */
static double series_rows(double steps, double K) {
  return 1.0 + floor(steps / K) + (fmod(steps, K) != 0.0 ? 1.0 : 0.0);
}

/* Opens the CSV (header written) when path is given; false: out_open said why. */
static bool series_open(Series *se, const char *path, bool keep) {
  se->keep = keep;
  se->path = path;
  if (!path) return true;
  if (!out_open(&se->csv, path)) return false;
  se->streaming = true;
  for (int c = 0; c < SE_N; c++) fprintf(se->csv.f, "%s%s", SE_NAMES[c], c + 1 < SE_N ? "," : "");
  fprintf(se->csv.f, "%s\n", se->theory ? ",temperature_theory" : "");
  return !ferror(se->csv.f);
}

/* The state now as a row: to the CSV and the JSON's copy. False (the run stops, *why set) when
 * the state is no longer finite or the CSV cannot be written. */
static bool series_sample(Series *se, Sim *s, const char **why) {
  const GasTemperature T = gas_temperature(&s->p);
  const Ledger l = sim_ledger(s);
  const double row[SE_N] = {(double)s->step, (double)s->step * s->dt, T.trans, T.rot,
                            se->collisions < 0 ? NAN : (double)se->collisions, (double)s->last.contacts,
                            l.ke_trans + l.ke_rot, l.diss_normal, l.diss_tangential, l.diss_friction};
  if (se->theory) { /* the expectation carried on from the last row (at t = 0: the gas's T0) */
    se->theory_T = gas_expect_after(se->theory, se->theory_T, row[SE_TIME] - se->theory_t);
    se->theory_t = row[SE_TIME];
  }
  for (int c = SE_T; c < SE_N; c++)
    if (c != SE_COLL && !isfinite(row[c])) {
      snprintf(s->fault, sizeof s->fault, "step %lld: the %s is %g, not a finite number (the state left double's "
               "range); lower the time step, the speeds or the stiffness", (long long)s->step, SE_NAMES[c], row[c]);
      *why = s->fault;
      return false;
    }
  if (se->streaming) {
    for (int c = 0; c < SE_N; c++) fprintf(se->csv.f, "%s%s", num_csv(row[c]).s, c + 1 < SE_N ? "," : "");
    if (se->theory) fprintf(se->csv.f, ",%s", num_csv(se->theory_T).s);
    fputc('\n', se->csv.f);
    if (ferror(se->csv.f)) { /* out_commit would say the same at the end of a long run */
      snprintf(s->fault, sizeof s->fault, "step %lld: writing --series %s failed; the run stops", (long long)s->step,
               se->path);
      *why = s->fault;
      return false;
    }
  }
  if (!se->keep) return true;
  if (se->n == se->cap) {
    se->cap = se->cap ? 2 * se->cap : 64;
    for (int c = 0; c < SE_N; c++) se->col[c] = gd_xrealloc(se->col[c], (size_t)se->cap * sizeof(double));
    if (se->theory) se->col_theory = gd_xrealloc(se->col_theory, (size_t)se->cap * sizeof(double));
  }
  for (int c = 0; c < SE_N; c++) se->col[c][se->n] = row[c];
  if (se->theory) se->col_theory[se->n] = se->theory_T;
  se->n++;
  return true;
}

static void series_json(Json *j, const Series *se) {
  json_object(j, "series");
  for (int c = 0; c < SE_N; c++) json_array(j, SE_NAMES[c], se->col[c], se->n);
  if (se->theory) json_array(j, "temperature_theory", se->col_theory, se->n);
  json_close(j);
}

/* Ends the series: the CSV renamed into place (commit) or dropped; the copy freed by series_free. */
static bool series_finish(Series *se, bool commit) {
  if (!se->streaming) return true;
  se->streaming = false;
  if (commit) return out_commit(&se->csv);
  out_abort(&se->csv);
  return false;
}

static void series_free(Series *se) {
  series_finish(se, false);
  for (int c = 0; c < SE_N; c++) free(se->col[c]);
  free(se->col_theory);
  memset(se, 0, sizeof *se);
}

/* A ledger the JSON can print: every figure finite, the elastic energy too where the model
 * defines it (defined: it was finite at the start; JKR's is NaN throughout). */
static bool ledger_finite(const Ledger *l, bool elastic_defined) {
  return isfinite(l->ke_trans) && isfinite(l->ke_rot) && isfinite(l->diss_normal) && isfinite(l->diss_tangential) &&
         isfinite(l->diss_friction) && (!elastic_defined || isfinite(l->elastic));
}

static const char *reproducibility(ForceStrategy st, bool ref) {
  if (ref || st == FORCE_FULL) return "bitwise for any thread count";
  if (st == FORCE_HALF_REDUCE) return "bitwise for the same thread count";
  return "not bitwise (atomic force updates in arrival order)";
}

/* --theory describes a gas of equal smooth spheres at most as dense as the gas packing makes
 * (Enskog's chi and the Maxwellian of gas_theory.h): a data file must be one. Returns the number
 * density. */
static double theory_gas_check(const Particles *p, const Box *b, const char *packing, ErrList *err) {
  const double r = p->radius[0], m = p->mass[0];
  for (int64_t i = 1; i < p->n; i++)
    if (p->radius[i] != r || p->mass[i] != m) {
      errlist_add(err, "--theory: %s: atom %lld's radius %g and mass %g differ from the first's (%g, %g); the "
                  "expectation is for equal spheres", packing, (long long)p->id[i], p->radius[i], p->mass[i], r, m);
      return 0.0;
    }
  const double V = (b->hi[0] - b->lo[0]) * (b->hi[1] - b->lo[1]) * (b->hi[2] - b->lo[2]);
  const double n = (double)p->n / V, phi = n * GD_PI * 8.0 * r * r * r / 6.0;
  if (!(phi <= GAS_PHI_MAX))
    errlist_add(err, "--theory: %s: volume fraction %.4g; the expectation is for a gas (at most %g, the gas "
                "packing's range)", packing, phi, GAS_PHI_MAX);
  return n;
}

static void theory_json(Json *j, const GasExpect *x, double box) {
  json_object(j, "theory");
  json_str(j, "expectation", "Enskog-Haff cooling of smooth spheres with the model's e(g) (Brilliantov & "
           "Poeschel 2004, ch. 6-7; Carnahan-Starling chi; no Sonine correction)");
  json_num(j, "temperature_initial", x->T0);
  json_num(j, "collision_frequency", x->omega0);
  json_num(j, "restitution_rms", x->e_rms);
  json_num(j, "haff_time", x->haff_time);
  json_num(j, "box_length", box);
  json_num(j, "clustering_length", x->clustering_length);
  json_close(j);
}

int cli_run(int argc, char **argv) {
  PackingOpts po = {0};
  const char *packing = NULL, *text = NULL, *strategy = "half-reduce", *precision = "double";
  double steps = 0, dt = 1e-4, threads = 0, skin = 0.1, every = 0;
  const char *series_csv = NULL;
  CliOpt opts[] = {
      PACKING_OPTS(po),
      {.name = "--packing", .nvals = -1, .value_names = "fcc|random|gas|FILE.data", .str = &packing},
      {.name = "--model", .nvals = -1, .value_names = "'<pair_coeff text>'", .str = &text},
      {.name = "--steps", .nvals = 1, .value_names = "S", .vals = &steps},
      {.name = "--dt", .nvals = 1, .value_names = "DT", .vals = &dt},
      {.name = "--threads", .nvals = 1, .value_names = "T", .vals = &threads},
      {.name = "--strategy", .nvals = -1, .value_names = "full|half-reduce|half-atomic", .str = &strategy},
      {.name = "--skin", .nvals = 1, .value_names = "SKIN", .vals = &skin},
      {.name = "--ref", .nvals = 0},
      {.name = "--precision", .nvals = -1, .value_names = "double|mixed", .str = &precision},
      {.name = "--every", .nvals = 1, .value_names = "K", .vals = &every},
      {.name = "--series", .nvals = -1, .value_names = "OUT.csv", .str = &series_csv, .out_file = true},
      {.name = "--theory", .nvals = 0},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  if (!packing) errlist_add(&err, "run: --packing fcc|random|gas|FILE.data is required");
  if (cli_opt(opts, nopts, "--every")->given) whole_option("--every", every, 1, 1e12, "1..1e12", &err);
  if (series_csv && !(every >= 1)) errlist_add(&err, "--series: needs --every K (the rows it writes)");
  if (series_csv && out_is_stdout(series_csv))
    errlist_add(&err, "--series %s: standard output carries the JSON report; give the CSV a file name",
                user_text(series_csv).s);
  if (!text) errlist_add(&err, "run: --model '<pair_coeff text>' is required");
  if (!cli_opt(opts, nopts, "--steps")->given) errlist_add(&err, "run: --steps S is required");
  else if (whole_option("--steps", steps, 0, 1e12, "0..1e12", &err) && every >= 1 && !series_csv &&
           series_rows(steps, every) > SERIES_JSON_MAX_ROWS)
    errlist_add(&err, "--every %.0f: %.0f steps give %.0f rows, more than the %d the JSON holds; give --series "
                "OUT.csv (written as the run goes, any length) or a larger K", every, steps,
                series_rows(steps, every), SERIES_JSON_MAX_ROWS);
  if (!(dt > 0)) errlist_add(&err, "--dt: must be > 0");
  if (!(skin >= 0)) errlist_add(&err, "--skin: must be >= 0");
  ForceStrategy st = FORCE_HALF_REDUCE;
  if (!force_strategy_parse(strategy, &st))
    errlist_add(&err, "--strategy: '%s' is unknown; expected full, half-reduce or half-atomic", strategy);
  const int nthreads = threads_option(cli_opt(opts, nopts, "--threads"), threads, &err);
  const bool ref = cli_opt(opts, nopts, "--ref")->given;
  LoopPrecision prec = LOOP_DOUBLE;
  if (!loop_precision_parse(precision, &prec))
    errlist_add(&err, "--precision: '%s' is unknown; expected double or mixed", precision);
  ContactModel model;
  const int model_errors = err.n;
  if (text) model_parse(text, &model, &err);
  const bool model_read = text && err.n == model_errors;
  const bool theory = cli_opt(opts, nopts, "--theory")->given;
  if (theory) {
    char why[256];
    LawModel law;
    if (!(every >= 1)) errlist_add(&err, "--theory: needs --every K (the series it joins)");
    if (model_read && !law_parse(text, &law, why, sizeof why))
      errlist_add(&err, "--theory: no kinetic-theory expectation for this model: %s", why);
    if (model_read && model.tangential.mu != 0.0)
      errlist_add(&err, "--theory: the model has friction (mu_t = %g); the expectation is for smooth spheres "
                  "('tangential linear_nohistory 0 0')", model.tangential.mu);
  }
  PackingSpec spec = packing_defaults();
  const bool synthetic =
      packing && (strcmp(packing, "fcc") == 0 || strcmp(packing, "random") == 0 || strcmp(packing, "gas") == 0);
  if (synthetic) {
    spec.type = strcmp(packing, "fcc") == 0 ? PACKING_FCC : strcmp(packing, "gas") == 0 ? PACKING_GAS : PACKING_RANDOM;
    packing_opts_apply(opts, nopts, &po, &spec, &err);
    if (theory && spec.type != PACKING_GAS)
      errlist_add(&err, "--theory: needs a gas (--packing gas, or a gas's data file), not %s", packing);
    else if (theory && spec.ratio != 1.0)
      errlist_add(&err, "--theory: --ratio %g makes two sizes; the expectation is for equal spheres", spec.ratio);
    spec.threads = nthreads;
    const char *limit_name = NULL;
    const size_t limit = machine_memory(&limit_name);
    packing_check(&spec, limit, limit_name, &err);
  } else if (packing && cli_opt(opts, nopts, "--n")->given) {
    errlist_add(&err, "--n: not used with a data file (%s)", packing);
  }
  /* the one output that is a file is never the input (as named, through a link, a hard link) */
  if (packing && !synthetic && series_csv)
    cli_refuse_input("--series", series_csv, "the --packing file", packing, &err);
  Particles p = {0};
  Box b = {0};
  if (!err.n && packing && !synthetic) {
    if (datafile_read(packing, &p, &b, &err) && !packing_motion_check(&p, packing, &err))
      for (int d = 0; d < 3; d++) b.periodic[d] = true;
  }
  if (!err.n && p.n == 0 && !synthetic) errlist_add(&err, "run: %s holds no particles", packing);
  double theory_n = 0.0;
  if (!err.n && theory && !synthetic) theory_n = theory_gas_check(&p, &b, packing, &err);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    particles_free(&p);
    return GD_EXIT_USAGE;
  }
  if (synthetic) packing_make(&spec, &p, &b);
  if (synthetic && theory) theory_n = theory_gas_check(&p, &b, packing, &err); /* a gas of ratio 1: holds */
  /* One type (a data file's types all get the same model). */
  const int nt = single_type(&p);
  ContactModel *models = gd_xmalloc((size_t)nt * (size_t)nt * sizeof *models);
  for (int k = 0; k < nt * nt; k++) models[k] = model;
  Sim s;
  sim_init(&s, &p, &b, models, nt, st, ref, prec, nthreads, skin, dt);
  if (s.plan.precision_note) fprintf(stderr, "grandamp: notice: --precision mixed: %s; running in double\n", s.plan.precision_note);
  if (nthreads == 0 && s.plan.threads < sysmem_threads_pick(s.p.n, sysmem_spheres_per_thread(), omp_get_max_threads(), -1))
    fprintf(stderr, "grandamp: notice: other work keeps cores busy (%d free): running on %d thread(s) (--threads T sets the count)\n",
            sysmem_free_cpus(), s.plan.threads);
  const char *why = NULL;
  const double t0 = timer_now();
  bool ok = sim_setup(&s, &why);
  const Ledger l0 = ok ? sim_ledger(&s) : (Ledger){0};
  /* The phases and rates cover the S steps, as LAMMPS's timing breakdown does: the setup's list
   * build and force pass (which also first-touches every scratch buffer) count under "setup".
   * With --steps 0 they are all there is. */
  double setup_time[N_TIMERS];
  memcpy(setup_time, s.time, sizeof setup_time);
  const int64_t setup_pairs = s.pair_evals, setup_contacts = s.contact_evals, setup_passes = s.force_passes;
  Series se = {0};
  const int64_t K = (int64_t)every;
  GasExpect expect;
  /* the longest side holds the longest shear mode, the first to grow (gas_shear_length) */
  const double box = fmax(b.hi[0] - b.lo[0], fmax(b.hi[1] - b.lo[1], b.hi[2] - b.lo[2]));
  if (ok && theory) {
    char twhy[256];
    const GasTemperature T0 = gas_temperature(&s.p);
    if (!gas_expect_init(&expect, text, theory_n, 2.0 * s.p.radius[0], s.p.mass[0], T0.trans, twhy, sizeof twhy)) {
      gd_error("run: --theory: %s", twhy);
      sim_free(&s);
      return GD_EXIT_USAGE;
    }
    se.theory = &expect, se.theory_T = T0.trans;
    if (!(box < expect.clustering_length))
      gd_note("--theory: the box (side %.4g) is not below the clustering length %.4g at e = %.4g: the gas will "
              "form clusters and leave the homogeneous theory", box, expect.clustering_length, expect.e_rms);
  }
  if (ok && !series_open(&se, K > 0 ? series_csv : NULL, K > 0 && series_rows(steps, every) <= SERIES_JSON_MAX_ROWS)) {
    sim_free(&s);
    return GD_EXIT_RUNTIME;
  }
  const bool elastic_defined = isfinite(l0.elastic);
  if (ok && !ledger_finite(&l0, elastic_defined)) {
    snprintf(s.fault, sizeof s.fault, "step 0 (setup): the energies are not finite numbers (kinetic %g + %g J); "
             "lower the speeds or spins", l0.ke_trans, l0.ke_rot);
    why = s.fault, ok = false;
  }
  if (ok && K > 0) { /* t = 0; the first count sets the touch flags */
    se.collisions = gas_new_contacts(&s);
    ok = series_sample(&se, &s, &why);
  }
  const double t1 = timer_now();
  for (int64_t k = 0; ok && k < (int64_t)steps; k++) {
    ok = sim_step(&s, &why);
    if (ok && K > 0) {
      const int64_t begun = gas_new_contacts(&s);
      se.collisions = begun < 0 ? -1 : se.collisions + begun;
      if ((k + 1) % K == 0 || k + 1 == (int64_t)steps) ok = series_sample(&se, &s, &why);
    }
  }
  const double t2 = timer_now();
  Ledger l1 = {0};
  if (ok) {
    l1 = sim_ledger(&s);
    if (!ledger_finite(&l1, elastic_defined)) {
      snprintf(s.fault, sizeof s.fault, "step %lld: the energies are no longer finite numbers (kinetic %g + %g J, "
               "elastic %g J); lower the time step, the speeds or the stiffness", (long long)s.step, l1.ke_trans,
               l1.ke_rot, l1.elastic);
      why = s.fault, ok = false;
    }
  }
  if (!ok) {
    const bool fault = s.fault[0] != '\0'; /* the physics failed, not the set-up */
    gd_error("run: %s%s", why, fault ? "" : " (grow the packing, or lower --skin)");
    if (se.streaming) gd_note("--series %s: not written (the previous file, if any, is unchanged)", se.path);
    series_free(&se);
    sim_free(&s);
    return fault ? GD_EXIT_RUNTIME : GD_EXIT_USAGE;
  }
  /* the series is in place before the report: a failed write leaves no success JSON */
  if (!series_finish(&se, true)) {
    series_free(&se);
    sim_free(&s);
    return GD_EXIT_RUNTIME;
  }
  if (K > 0 && !se.keep)
    gd_note("the series (%.0f rows) is in %s only: the JSON holds at most %d rows", series_rows(steps, every),
            series_csv, SERIES_JSON_MAX_ROWS);
  const bool stepped = s.force_passes > setup_passes; /* else report the setup pass */
  double phase[N_TIMERS];
  for (int k = 0; k < N_TIMERS; k++) phase[k] = s.time[k] - (stepped ? setup_time[k] : 0.0);
  const double pair_evals = (double)(s.pair_evals - (stepped ? setup_pairs : 0));
  const double contact_evals = (double)(s.contact_evals - (stepped ? setup_contacts : 0));
  const double passes = (double)(s.force_passes - (stepped ? setup_passes : 0));
  const double loop = t2 - t1, ftime = phase[TIMER_FORCE];
  Json j;
  json_begin(&j, stdout);
  json_str(&j, "grandamp", GD_BUILD_REVISION);
  json_str(&j, "packing", packing);
  json_int(&j, "n", (long)s.p.n);
  json_str(&j, "model", text);
  json_str(&j, "strategy", ref ? "ref" : force_strategy_name(st));
  json_str(&j, "kernel", sim_kernel_name(&s));
  json_str(&j, "precision", loop_precision_name(s.plan.precision));
  json_str(&j, "reproducible", reproducibility(st, ref));
  json_int(&j, "threads", sysmem_threads(s.plan.threads));
  json_int(&j, "steps", (long)steps);
  json_num(&j, "dt", dt);
  json_num(&j, "skin", skin);
  json_int(&j, "neighbor_builds", (long)s.nl.builds);
  json_num(&j, "pairs_per_atom", pair_evals / passes / (double)s.p.n);
  json_num(&j, "contacts_per_atom", 2.0 * contact_evals / passes / (double)s.p.n);
  json_object(&j, "time_s");
  for (int k = 0; k < N_TIMERS; k++) json_num(&j, TIMER_NAMES[k], phase[k]);
  json_num(&j, "setup", t1 - t0);
  json_num(&j, "loop", loop);
  json_close(&j);
  json_num(&j, "pair_evals_per_s", ftime > 0 ? pair_evals / ftime : 0.0);
  json_num(&j, "contacts_per_s", ftime > 0 ? contact_evals / ftime : 0.0);
  json_num(&j, "atom_steps_per_s", loop > 0 ? (double)s.p.n * steps / loop : 0.0);
  json_int(&j, "peak_memory_bytes", (long)peak_memory());
  ledger_json(&j, "energy_initial", &l0);
  ledger_json(&j, "energy_final", &l1);
  if (K > 0) json_int(&j, "series_rows", (long)series_rows(steps, every));
  if (K > 0 && se.keep) series_json(&j, &se);
  if (theory) theory_json(&j, &expect, box);
  json_end(&j);
  sim_free(&s);
  series_free(&se);
  return fflush(stdout) == 0 ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
