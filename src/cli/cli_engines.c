/*
 * cli_engines.c - `grandamp engines`: which grandamp model each outside engine (LAMMPS, LIGGGHTS,
 * Yade; engines/) can run and under which native name, head-on and in oblique impacts; and `grandamp engines bench`, the
 * benchmark's model rows timed inside each engine on grandamp's own packings.
 *
 *   grandamp engines [--markdown]
 *   grandamp engines bench --rows ROWS.csv --packings NAME=FILE.data[,...] --out OUT.csv
 *                          [--engines a,b] [--ranks 1,N] [--steps S] [--dt DT] [--skin SKIN]
 *                          [--reps R] [--timeout SECONDS]
 *
 * A time is trusted only when the engine's log shows the run it was asked for: as many spheres
 * as the data file holds, the requested ranks and steps, and the touching pairs grandamp counts
 * at step 0 (a deck that builds a partial packing, or reads it wrongly, fails here). A run that
 * fails or miscounts is a FAIL row with its reason, and the command exits 1. Each row also
 * carries the cores other work kept busy just before and just after its run (sysload.h), and
 * whether that makes it a busy run (docs/benchmark.md, "A busy machine").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_rows.h"
#include "cli.h"
#include "cli_args.h"
#include "cli_common.h"
#include "datafile.h"
#include "engine.h"
#include "error.h"
#include "model.h"
#include "numparse.h"
#include "output.h"
#include "run.h"
#include "sim.h"
#include "sysload.h"
#include "sysmem.h"
#include "timer.h"

/* ---- the support table ---------------------------------------------------------------------- */

static int engines_table(int argc, char **argv) {
  const bool markdown = argc == 1 && strcmp(argv[0], "--markdown") == 0;
  if (argc > 1 || (argc == 1 && !markdown)) {
    gd_error("engines: unknown argument '%s'; expected --markdown or bench (grandamp engines --help)", argv[0]);
    return GD_EXIT_USAGE;
  }
  const int ne = engine_count();
  if (markdown) {
    printf("| grandamp model |");
    for (int e = 0; e < ne; e++) printf(" %s |", engine_at(e)->name);
    printf("\n|---|");
    for (int e = 0; e < ne; e++) printf("---|");
    printf("\n");
  }
  for (int e = 0; e < ne && !markdown; e++) {
    const Engine *en = engine_at(e);
    printf("%s: command %s (Debian package %s), %s\n", en->name, en->command, en->package,
           proc_installed(en->command) ? "installed" : "not installed");
  }
  for (int n = 0; n < N_NORMAL; n++)
    for (int d = 0; d < N_DAMPING; d++) {
      if (!model_combo_allowed((NormalModel)n, (DampingModel)d)) continue;
      const char *nn = normal_name((NormalModel)n), *dn = damping_name((DampingModel)d);
      if (markdown) printf("| %s + %s |", nn, dn);
      else printf("\n%s + %s\n", nn, dn);
      for (int e = 0; e < ne; e++) {
        const Engine *en = engine_at(e);
        const char *native = "";
        const bool yes = en->supports(nn, dn, &native);
        if (markdown) printf(" %s |", yes ? "yes" : "no");
        else printf("  %-9s %s %s\n", en->name, yes ? "yes:" : "no: ", native);
      }
      if (markdown) printf("\n");
    }
  /* Oblique impacts (Chung & Ooi's tests 4-8): which tangential model each engine runs. */
  for (int t = 0; t < N_TANGENTIAL; t++)
    for (int damped = 0; damped < 2; damped++) {
      const char *tn = tangential_name((TangentialModel)t);
      const double xt = damped ? 1.0 : 0.0;
      if (markdown) printf("| oblique impact, tangential %s, x_gamma_t %g |", tn, xt);
      else printf("\noblique impact, tangential %s, x_gamma_t %g\n", tn, xt);
      for (int e = 0; e < ne; e++) {
        const Engine *en = engine_at(e);
        const char *native = "head-on collisions only";
        const bool yes = en->oblique_supports && en->oblique_supports(tn, xt, &native);
        if (markdown) printf(" %s |", yes ? "yes" : "no");
        else printf("  %-9s %s %s%s\n", en->name, yes ? "yes:" : "no: ", native,
                    yes && !en->oblique_spins ? " (no initial spins)" : "");
      }
      if (markdown) printf("\n");
    }
  /* The legacy styles (LAMMPS's gran/hooke, ...): the grandamp models each one runs, and how. */
  for (int e = 0; e < ne; e++) {
    const Engine *en = engine_at(e);
    for (const char *const *st = en->styles; st && *st; st++) {
      char models[256] = "";
      const char *native = "";
      for (int n = 0; n < N_NORMAL; n++)
        for (int d = 0; d < N_DAMPING; d++) {
          const char *nn = normal_name((NormalModel)n), *dn = damping_name((DampingModel)d), *why = "";
          if (!model_combo_allowed((NormalModel)n, (DampingModel)d) || !en->style_supports(*st, nn, dn, NULL, &why))
            continue;
          if (strcmp(dn, "none")) native = why;
          const size_t len = strlen(models);
          snprintf(models + len, sizeof models - len, "%s%s + %s", len ? ", " : "", nn, dn);
        }
      if (markdown) {
        printf("| legacy style %s (%s) |", *st, models);
        for (int k = 0; k < ne; k++) printf(" %s |", k == e ? "yes" : "no");
        printf("\n");
      } else {
        printf("\nlegacy style %s: %s\n  %-9s yes: %s\n", *st, models, en->name, native);
      }
    }
  }
  return GD_EXIT_OK;
}

/* ---- timing runs ---------------------------------------------------------------------------- */

#define MAX_LIST 16

typedef struct BenchPacking {
  char name[32];
  const char *path;
  long atoms, contacts; /* grandamp's counts: spheres, touching pairs at step 0 */
} BenchPacking;

/* Splits a comma list in place into at most MAX_LIST items; the count, or -1 when too many. */
static int split_list(char *s, char *items[MAX_LIST]) {
  int n = 0;
  for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ","))
    if (*tok) {
      if (n == MAX_LIST) return -1;
      items[n++] = tok;
    }
  return n;
}

/* The packing's sphere count and touching pairs at step 0, as grandamp's own loop counts them. */
static bool count_packing(BenchPacking *pk, double skin, ErrList *err) {
  Particles p = {0};
  Box b = {0};
  if (!datafile_read(pk->path, &p, &b, err)) return false;
  for (int d = 0; d < 3; d++) b.periodic[d] = true;
  ContactModel m;
  if (model_parse("hooke 1 0 tangential linear_nohistory 0 0 damping velocity", &m, err) != 0) {
    particles_free(&p);
    return false;
  }
  const int nt = single_type(&p);
  ContactModel *models = gd_xmalloc((size_t)nt * (size_t)nt * sizeof *models);
  for (int k = 0; k < nt * nt; k++) models[k] = m;
  Sim s;
  sim_init(&s, &p, &b, models, nt, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 0, skin, 1.0);
  const char *why = NULL;
  const bool ok = sim_setup(&s, &why);
  if (ok) pk->atoms = (long)s.p.n, pk->contacts = (long)s.contact_evals;
  else errlist_add(err, "%s: %s", pk->path, why ? why : "cannot set up the packing");
  sim_free(&s);
  return ok;
}

/* A CSV field, quoted when it holds a comma, quote or line break. */
static void csv_field(FILE *f, const char *s) {
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s == '\n' ? ' ' : *s, f);
  }
  fputc('"', f);
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Whether the engine's log shows the run that was asked for; else false with the reason. */
static bool counts_agree(const EngineTiming *t, const EngineBench *b, char *why, size_t size) {
  if (t->atoms != b->atoms)
    engine_msgf(why, size, "the engine ran %ld spheres, the packing has %ld", t->atoms, b->atoms);
  else if (t->ranks != b->ranks)
    engine_msgf(why, size, "the engine ran on %d ranks, not %d", t->ranks, b->ranks);
  else if (t->steps != b->steps)
    engine_msgf(why, size, "the engine ran %ld steps, not %ld", t->steps, b->steps);
  /* The same positions and the same r < Ri + Rj test: only a pair at the rounding edge of
   * touching may count differently, and pairs that touch or part within the steps before an
   * engine counts (Yade counts after its six warm-up steps): 50 ppm of a packing's contacts
   * (10 of 850 000 in a relaxed random packing), and in a dilute gas (under one contact per ten
   * spheres), whose collisions start within those steps, one sphere in 50. */
  else if (labs(t->contacts0 - b->contacts) > 1 + b->contacts / 20000 + (10 * b->contacts < b->atoms ? b->atoms / 50 : 0))
    engine_msgf(why, size, "the engine counts %ld touching pairs at the start, grandamp %ld", t->contacts0,
                b->contacts);
  else return true;
  return false;
}

/* A timing run's work for its limit: reading the packing and the first step at 0.5 ms a sphere
 * (Yade's, the slowest: its Python reader and first collider sweep take about 0.4 ms a sphere at
 * 256 000 spheres; LAMMPS and LIGGGHTS some us), and 20 us a sphere and step (every engine
 * here steps a sphere in well under 10 us, Yade's Python loop included). */
static double bench_work(long atoms, double steps) { return 5e-4 * (double)atoms + 2e-5 * (double)atoms * steps; }

/* A timing run's limit: the engine's measured start-up (a run on an empty input) ten times over,
 * the run's work and 10 s of slack; less after a time-out (EngineHealth). */
#define BENCH_SLACK_S 10.0
static double bench_time_limit(const EngineHealth *h, long atoms, double steps) {
  return engine_health_limit(h, BENCH_SLACK_S, bench_work(atoms, steps), 1);
}

/* One timing run of row on packing pk with ranks (its limit: --timeout, else scaled to the work). */
static EngineBench bench_of(const BenchRow *row, const BenchPacking *pk, int ranks, double dt, double skin, double steps,
                            double timeout, const EngineHealth *h) {
  const ContactModel *m = &row->model;
  const bool material = m->normal.model != NORMAL_HOOKE && m->normal.model != NORMAL_HERTZ;
  return (EngineBench){.data_file = pk->path,
                       .atoms = pk->atoms,
                       .contacts = pk->contacts,
                       .normal = normal_name(m->normal.model),
                       .damping = damping_name(m->damping.model),
                       .tangential = row->label[2],
                       .pair_coeff = row->text,
                       .kn = material ? NAN : m->normal.coeff[0],
                       .E = material ? m->normal.E : NAN,
                       .nu = material ? m->normal.nu : NAN,
                       .damp = m->normal.coeff[1],
                       .kt = m->tangential.kt_is_null ? NAN : m->tangential.coeff[0],
                       .mu = m->tangential.mu,
                       .dt = dt,
                       .skin = skin,
                       .steps = (long)steps,
                       .ranks = ranks,
                       .timeout_s = timeout > 0 ? timeout : bench_time_limit(h, pk->atoms, steps)};
}

/* The timing runs bs[0..n) of one packing in batches (Engine.bench_batch) into
 * out: a batch's limit is one start-up and slack plus each run's work (or --timeout per run);
 * the runs after a crash or time-out go into a new batch; each start is noted in h, and once the
 * engine is unresponsive the rest fail at once with the reason. Each loop time is bounded by the
 * wall time of its batch. */
static void bench_batches(const Engine *en, const EngineBench *bs, int n, double timeout, EngineBenchOutcome *out,
                          EngineHealth *h) {
  for (int at = 0; at < n;) {
    if (h->dead[0]) {
      for (; at < n; at++) out[at].ok = false, engine_msgf(out[at].why, sizeof out[at].why, "%s", h->dead);
      break;
    }
    double limit = 0.0, work = 0.0;
    for (int k = at; k < n; k++) {
      limit += timeout;
      work += bench_work(bs[k].atoms, (double)bs[k].steps);
    }
    if (!(timeout > 0)) limit = engine_health_limit(h, BENCH_SLACK_S, work, n - at);
    char wd[4096];
    if (!proc_scratch_make(wd, sizeof wd, "grandamp-engine", out[at].why, sizeof out[at].why)) {
      out[at++].ok = false;
      continue;
    }
    const double t0 = timer_now();
    const int reached = en->bench_batch(bs + at, n - at, wd, limit, out + at);
    const double wall = timer_now() - t0;
    EngineStart start = {.finished_s = NAN, .fault = (ProcFault)out[at + reached - 1].fault};
    for (int k = at; k < at + reached; k++) {
      start.finished += out[k].ok; /* its log read: it ran to its end */
      if (out[k].ok && !engine_timing_wall(en->name, &out[k].t, wall, out[k].why, sizeof out[k].why)) out[k].ok = false;
    }
    start.why = out[at + reached - 1].why;
    engine_health_note(h, &start);
    proc_scratch_remove(wd);
    at += reached;
  }
}

/* The load columns of a row: the cores other work kept busy before and after its run (empty
 * where not measured) and busy yes/no/unknown; true when busy. */
static bool load_fields(FILE *f, const SysLoad *before, const SysLoad *after) {
  const bool busy = sysload_busy(before) || sysload_busy(after);
  const SysLoad *l[2] = {before, after};
  for (int k = 0; k < 2; k++) {
    if (l[k]->known) fprintf(f, ",%.3f", l[k]->other_cores);
    else fputc(',', f);
  }
  fprintf(f, ",%s", busy ? "yes" : before->known && after->known ? "no" : "unknown");
  return busy;
}

static int engines_bench(int argc, char **argv) {
  const char *rows_path = NULL, *packings_arg = NULL, *out_path = NULL, *engines_arg = NULL, *ranks_arg = NULL;
  double steps = 10, dt = 1e-4, skin = 0.1, reps = 1, timeout = 0; /* 0: scaled to the work */
  CliOpt opts[] = {
      {.name = "--rows", .nvals = -1, .value_names = "ROWS.csv", .str = &rows_path, .in_file = true},
      {.name = "--packings", .nvals = -1, .value_names = "NAME=FILE.data[,...]", .str = &packings_arg},
      {.name = "--out", .nvals = -1, .out_file = true, .value_names = "OUT.csv", .str = &out_path},
      {.name = "--engines", .nvals = -1, .value_names = "NAME[,...]", .str = &engines_arg},
      {.name = "--ranks", .nvals = -1, .value_names = "R[,...]", .str = &ranks_arg},
      {.name = "--steps", .nvals = 1, .value_names = "S", .vals = &steps},
      {.name = "--dt", .nvals = 1, .value_names = "DT", .vals = &dt},
      {.name = "--skin", .nvals = 1, .value_names = "SKIN", .vals = &skin},
      {.name = "--reps", .nvals = 1, .value_names = "R", .vals = &reps},
      {.name = "--timeout", .nvals = 1, .value_names = "SECONDS", .vals = &timeout},
  };
  const int nopts = (int)(sizeof opts / sizeof *opts);
  ErrList err = {0};
  cli_parse(argc, argv, opts, nopts, &err);
  if (!rows_path) errlist_add(&err, "engines bench: --rows ROWS.csv is required (grandamp_bench --model-rows)");
  if (!packings_arg) errlist_add(&err, "engines bench: --packings NAME=FILE.data[,...] is required");
  if (!out_path) errlist_add(&err, "engines bench: --out OUT.csv is required");
  whole_option("--steps", steps, 1, 1e9, "1..1e9", &err);
  whole_option("--reps", reps, 1, 100, "1..100", &err);
  if (!(dt > 0) || !isfinite(dt)) errlist_add(&err, "--dt: must be > 0");
  if (!(skin >= 0) || !isfinite(skin)) errlist_add(&err, "--skin: must be >= 0");
  if (!(timeout >= 0) || !isfinite(timeout)) errlist_add(&err, "--timeout: must be > 0 (0: scaled to the run)");

  /* Engines: the named ones must be installed; by default every installed one. */
  const Engine *engines[MAX_LIST];
  int ne = 0;
  char engines_buf[256] = "", *names[MAX_LIST];
  if (engines_arg) {
    snprintf(engines_buf, sizeof engines_buf, "%s", engines_arg);
    const int n = split_list(engines_buf, names);
    if (n <= 0) errlist_add(&err, "--engines: expected a comma list of engine names");
    for (int k = 0; k < n; k++) {
      const Engine *en = engine_find(names[k]);
      if (!en) errlist_add(&err, "--engines: unknown engine '%s' (grandamp engines lists them)", names[k]);
      else if (!proc_installed(en->command))
        errlist_add(&err, "--engines: %s is not installed (%s not on PATH; apt-get install %s)", en->name,
                    en->command, en->package);
      else if (!en->bench) errlist_add(&err, "--engines: %s has no timing runs", en->name);
      else engines[ne++] = en;
    }
  } else {
    for (int k = 0; k < engine_count(); k++) {
      const Engine *en = engine_at(k);
      if (en->bench && proc_installed(en->command)) engines[ne++] = en;
      else if (en->bench)
        fprintf(stderr, "grandamp: notice: %s is not installed; skipping its timing runs (apt-get install %s)\n",
                en->name, en->package);
    }
  }
  /* Ranks: default 1 and this machine's cores. */
  int ranks[MAX_LIST], nr = 0;
  char ranks_buf[256], *rank_items[MAX_LIST];
  if (ranks_arg) {
    snprintf(ranks_buf, sizeof ranks_buf, "%s", ranks_arg);
    const int n = split_list(ranks_buf, rank_items);
    if (n <= 0) errlist_add(&err, "--ranks: expected a comma list of rank counts");
    for (int k = 0; k < n; k++) {
      char *end;
      const long r = strtol(rank_items[k], &end, 10);
      if (*end || r < 1 || r > 4096) errlist_add(&err, "--ranks: '%s' is not a rank count 1..4096", rank_items[k]);
      else ranks[nr++] = (int)r;
    }
  } else {
    const int cores = sysmem_threads(0);
    ranks[nr++] = 1;
    if (cores > 1) ranks[nr++] = cores;
  }
  /* Packings. */
  BenchPacking packings[MAX_LIST];
  int np = 0;
  char packings_buf[4096], *pk_items[MAX_LIST], path_why[600];
  if (packings_arg) {
    snprintf(packings_buf, sizeof packings_buf, "%s", packings_arg);
    const int n = split_list(packings_buf, pk_items);
    if (n <= 0) errlist_add(&err, "--packings: expected NAME=FILE.data[,...]");
    for (int k = 0; k < n; k++) {
      char *eq = strchr(pk_items[k], '=');
      if (!eq || eq == pk_items[k] || !eq[1] || (size_t)(eq - pk_items[k]) >= sizeof packings[0].name) {
        errlist_add(&err, "--packings: '%s' is not NAME=FILE.data", pk_items[k]);
        continue;
      }
      *eq = '\0';
      BenchPacking *pk = &packings[np++];
      snprintf(pk->name, sizeof pk->name, "%s", pk_items[k]);
      pk->path = eq + 1;
      if (pk->path[0] != '/') errlist_add(&err, "--packings: %s: give an absolute path (the engines run elsewhere)", pk->path);
      else if (access(pk->path, R_OK) != 0) errlist_add(&err, "--packings: cannot read %s", pk->path);
      else if (!engine_path_check("--packings", pk->path, path_why, sizeof path_why)) errlist_add(&err, "%s", path_why);
      else if (out_path) cli_refuse_input("--out", out_path, "the --packings file", pk->path, &err);
    }
  }
  char tmp_why[600];
  if (ne > 0 && !engine_scratch_check(tmp_why, sizeof tmp_why)) /* every run's scratch folder goes there */
    errlist_add(&err, "engines bench: %s", tmp_why);
  static BenchRow rows[BENCH_MAX_ROWS];
  const int nrows = rows_path ? bench_rows_read(rows_path, rows, &err) : 0;
  if (!err.n)
    for (int k = 0; k < np; k++) count_packing(&packings[k], skin, &err);
  if (err.n) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  if (ne == 0) { /* none asked for and none installed: nothing to time, nothing written */
    fprintf(stderr, "grandamp: notice: no engine is installed; no timing runs (%s not written)\n", out_path);
    return GD_EXIT_OK;
  }

  OutFile out;
  if (!out_open(&out, out_path)) return GD_EXIT_RUNTIME;
  fprintf(out.f, "engine,engine_version,packing,n,normal,damping,tangential,ranks,steps,contacts,pair_time_s,"
                 "loop_time_s,contacts_per_s,status,native,why,load_before,load_after,busy\n");
  int total = 0, k = 0, failed = 0, busy_rows = 0;
  SysLoad load_mark = sysload_sense(SYSLOAD_WINDOW_MS); /* before the next run; each run's after */
  for (int e = 0; e < ne; e++)
    for (int r = 0; r < nrows; r++) {
      const ContactModel *m = &rows[r].model;
      const char *native = "";
      const char *tang = rows[r].label[2];
      if (engines[e]->bench_supports(normal_name(m->normal.model), damping_name(m->damping.model), tang, &native))
        total += np * nr;
    }
  for (int e = 0; e < ne; e++) {
    const Engine *en = engines[e];
    /* its probe (its start-up scales each run's limit; a failed probe fails every run at once)
     * and its failed starts in a row: the rules of run.h's EngineHealth */
    EngineHealth health;
    engine_health_init(&health, en);
    for (int pi = 0; pi < np; pi++) {
      /* An engine that times several runs per start (Yade: the packing loaded and its collider's
       * first sweep paid once per law, each rank count a thread count of its pair loop) runs this
       * packing's runs first, in batches, each row at every rank count in turn; the loop below
       * takes their outcomes in order (first[ri][r]: row r's first at rank count ri). */
      EngineBenchOutcome *pre = NULL;
      SysLoad batch_before = load_mark;
      static int first[MAX_LIST][BENCH_MAX_ROWS];
      if (en->bench_batch) {
        EngineBench *bs = calloc((size_t)nrows * (size_t)nr * (size_t)reps + 1, sizeof *bs);
        if (!bs) gd_die(GD_EXIT_RUNTIME, "out of memory");
        int n = 0;
        for (int r = 0; r < nrows; r++) {
          const char *native = "";
          const bool runs = en->bench_supports(normal_name(rows[r].model.normal.model),
                                               damping_name(rows[r].model.damping.model), rows[r].label[2], &native);
          for (int ri = 0; ri < nr; ri++) {
            first[ri][r] = n;
            for (int rep = 0; rep < (int)reps && runs; rep++)
              bs[n++] = bench_of(&rows[r], &packings[pi], ranks[ri], dt, skin, steps, timeout, &health);
          }
        }
        pre = calloc((size_t)n + 1, sizeof *pre);
        if (!pre) gd_die(GD_EXIT_RUNTIME, "out of memory");
        bench_batches(en, bs, n, timeout, pre, &health);
        load_mark = sysload_sense(SYSLOAD_WINDOW_MS);
        free(bs);
      }
      for (int ri = 0; ri < nr; ri++) {
        for (int r = 0; r < nrows; r++) {
          const BenchRow *row = &rows[r];
          const ContactModel *m = &row->model;
          const char *nn = normal_name(m->normal.model), *dn = damping_name(m->damping.model), *native = "";
          if (!en->bench_supports(nn, dn, row->label[2], &native)) continue;
          const EngineBench b = bench_of(row, &packings[pi], ranks[ri], dt, skin, steps, timeout, &health);
          EngineTiming t = {0};
          double pair[100], loop[100];
          char why[512] = "";
          bool ok = true;
          const SysLoad before = pre ? batch_before : load_mark;
          for (int rep = 0; rep < (int)reps && ok; rep++) {
            char wd[4096];
            if (pre) { /* run in a batch above; every number checked again here, as below */
              const EngineBenchOutcome *o = &pre[first[ri][r] + rep];
              t = o->t;
              engine_msgf(why, sizeof why, "%s", o->why);
              ok = o->ok && engine_timing_check(en->name, "pair", &t, why, sizeof why) &&
                   counts_agree(&t, &b, why, sizeof why);
              pair[rep] = t.pair_time_s, loop[rep] = t.loop_time_s;
              continue;
            }
            if (health.dead[0]) {
              engine_msgf(why, sizeof why, "%s", health.dead);
              ok = false;
              break;
            }
            if (!proc_scratch_make(wd, sizeof wd, "grandamp-engine", why, sizeof why)) {
              ok = false;
              break;
            }
            /* every number the engine reported checked again here, whatever its adapter checked,
             * its loop time against the wall time of the process */
            const double t0 = timer_now();
            memset(&t, 0, sizeof t);
            const bool ran = en->bench(&b, wd, &t, why, sizeof why);
            const double wall = timer_now() - t0;
            /* a log with its loop time, however impossible its numbers: the engine ran to its end */
            const bool finished = ran || (proc_last_fault() == PROC_FAULT_NONE && t.loop_time_s != 0.0);
            engine_health_note(&health, &(EngineStart){.finished = finished, .fault = proc_last_fault(),
                                                         .finished_s = NAN, .why = why});
            ok = ran && engine_timing_check(en->name, "pair", &t, why, sizeof why) &&
                 engine_timing_wall(en->name, &t, wall, why, sizeof why) && counts_agree(&t, &b, why, sizeof why);
            pair[rep] = t.pair_time_s, loop[rep] = t.loop_time_s;
            proc_scratch_remove(wd); /* the scratch folder this run made */
          }
          if (!pre) load_mark = sysload_sense(SYSLOAD_WINDOW_MS);
          k++;
          double pt = NAN, lt = NAN, rate = NAN;
          if (ok) {
            qsort(pair, (size_t)reps, sizeof *pair, cmp_double);
            qsort(loop, (size_t)reps, sizeof *loop, cmp_double);
            const int mid = (int)reps / 2;
            pt = (int)reps % 2 ? pair[mid] : 0.5 * (pair[mid - 1] + pair[mid]);
            lt = (int)reps % 2 ? loop[mid] : 0.5 * (loop[mid - 1] + loop[mid]);
            rate = (double)t.contacts0 * steps / pt;
            if (!(pt > 0.0) || !isfinite(rate)) { /* the medians of checked runs: cannot happen */
              ok = false;
              engine_msgf(why, sizeof why, "%s: a median pair time of %g s in a loop of %g s (rate %g)", en->name, pt, lt,
                          rate);
            }
          }
          if (ok) {
            fprintf(stderr, "grandamp engines: [%d/%d] %s %s %s/%s/%s, %d rank(s): pair %.4g s, %.4g M contacts/s\n",
                    k, total, en->name, packings[pi].name, row->label[0], row->label[1], row->label[2], ranks[ri],
                    pt, rate / 1e6);
          } else {
            failed++;
            fprintf(stderr, "grandamp engines: [%d/%d] %s %s %s/%s/%s, %d rank(s): FAIL: %s\n", k, total, en->name,
                    packings[pi].name, row->label[0], row->label[1], row->label[2], ranks[ri], why);
          }
          fprintf(out.f, "%s,", en->name);
          csv_field(out.f, t.version);
          fprintf(out.f, ",%s,%ld,%s,%s,%s,%d,%ld,%ld,", packings[pi].name, packings[pi].atoms, row->label[0],
                  row->label[1], row->label[2], ranks[ri], (long)steps, ok ? t.contacts0 : packings[pi].contacts);
          if (ok) fprintf(out.f, "%s,%s,%s,PASS,", num_csv(pt).s, num_csv(lt).s, num_csv(rate).s);
          else fprintf(out.f, ",,,FAIL,");
          csv_field(out.f, t.native[0] ? t.native : native);
          fputc(',', out.f);
          csv_field(out.f, why);
          busy_rows += load_fields(out.f, &before, &load_mark);
          fputc('\n', out.f);
          fflush(out.f);
        }
      }
      free(pre);
    }
  }
  if (!out_commit(&out)) return GD_EXIT_RUNTIME;
  fprintf(stderr, "grandamp engines: %d timing runs, %d failed; wrote %s\n", k, failed, out_path);
  if (busy_rows)
    fprintf(stderr, "grandamp engines: warning: %d of %d timing runs were measured on a busy machine (busy column of %s): not comparable with quiet runs\n",
            busy_rows, k, out_path);
  return failed ? GD_EXIT_RUNTIME : GD_EXIT_OK;
}

int cli_engines(int argc, char **argv) {
  if (argc >= 1 && strcmp(argv[0], "bench") == 0) return engines_bench(argc - 1, argv + 1);
  return engines_table(argc, argv);
}
