/*
 * cases_engines.c - the outside DEM engines of --engine NAME (engines/: LAMMPS, ...) judged as
 * grandamp's own pair loop is: the head-on collisions of the restitution matrix run inside the
 * engine and are compared with the same expectations (the closed forms of docs/verification.md
 * §1-§2, else the continuous-time reference of the verifier's own law), never with grandamp.
 *
 * An engine whose laws clamp the normal force at zero (Engine.force_end: Yade) is judged against the
 * force-end expectations (grandamp's limit_damping), the others against the delta-end ones.
 * Per engine and per matrix row the engine has (Engine.supports): the row's parameter sweep on
 * equal spheres at 1 m/s, the middle parameter at 0.01 and 10 m/s (three decades) and on unequal
 * spheres and a wall, each at dt = t_c/50 and t_c/200, so that time-step error and model error
 * are told apart. Cases engine/NAME/ROW/GEOMETRY/PARAM=X/v=V0/N=50|200/e and .../t_c:
 *   e    against the expectation within the row's bound f dt/t_c + 1e-12 (§7.2);
 *   t_c  the steps with a positive overlap times dt, against the reference's duration within 2 dt
 *        (a step at each end; not for dmt and jkr, whose contact the engine's gap does not follow
 *        past delta = 0).
 * Known defects of an engine build are expected failures (XFAIL), listed with their reason in
 * src/engines/decks/known-defects.txt; a known defect that passes is XPASS, a failure of the run. A
 * quantity that a defect shifts by about the tolerance is listed as not judged (SKIP).
 * Writes DATA/verify-engines.csv, the verdict per engine and model (DATA/verify-engines-verdict.md,
 * and printed at the end of the run) and, per engine, DATA/verify-engine-NAME.dat (the plot).
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "defects.h"
#include "engine.h"
#include "engine_cases.h"
#include "engine_plan.h"
#include "error.h"
#include "law.h"
#include "output.h"
#include "reference.h"
#include "rows.h"
#include "run.h"
#include "verify.h"

typedef struct Line {
  char engine[32], version[64], name[192], normal[32], damping[32], param[16];
  double x, v0, dt_over_tc, measured, expected, tol;
  const char *status;
} Line;

typedef struct Lines {
  Line *l;
  int n, cap;
} Lines;

static void lines_add(Lines *ls, const Line *l) {
  if (ls->n == ls->cap) {
    ls->cap = ls->cap ? 2 * ls->cap : 256;
    ls->l = gd_xrealloc(ls->l, (size_t)ls->cap * sizeof *ls->l);
  }
  ls->l[ls->n++] = *l;
}

static void write_lines(const Verifier *v, const Lines *ls) {
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-engines.csv", v->data);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  fprintf(o.f, "engine,engine_version,case,normal,damping,param,param_value,target_e,v0,dt_over_tc,measured_e,"
               "expected_e,tolerance,status\n");
  for (int k = 0; k < ls->n; k++) {
    const Line *l = &ls->l[k];
    fprintf(o.f, "%s,\"%s\",%s,%s,%s,%s,%.6g,", l->engine, l->version, l->name, l->normal, l->damping, l->param, l->x);
    if (!strcmp(l->param, "e")) fprintf(o.f, "%.6g", l->x);
    fprintf(o.f, ",%.6g,%.6g,%.17g,%.17g,%.6g,%s\n", l->v0, l->dt_over_tc, l->measured, l->expected, l->tol, l->status);
  }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

/* The engine's version for the verdict table, from its first run. */
static void note_version(Verifier *v, const Engine *eng, const EngineResult *res) {
  for (int k = 0; k < v->nengines; k++)
    if (!strcmp(v->engines[k], eng->name) && !v->engine_versions[k][0])
      snprintf(v->engine_versions[k], sizeof v->engine_versions[k], "%s", res->version);
}

/* The state one engine's cases share (engine_cases.h). */
struct EngineCtx {
  const Defects *defects;
  char workdir[4096]; /* the scratch folder of its runs (proc_scratch_make) */
  int serial;
  double startup_s;   /* the probe's wall time (NAN: unknown) */
  int streak;         /* consecutive crashes, time-outs or failed starts */
  char dead[400];     /* set: the engine is unresponsive, its remaining cases fail at once */
  bool planning;      /* the planning pass: engine_run notes its case in plan and runs nothing */
  EnginePlan plan;    /* the collisions of the engine's cases, run in batches before the real pass */
};

/* A run's time limit: the engine's measured start-up (a run on an empty input) ten times over, plus a
 * millisecond per step (two-body steps take microseconds in every engine), plus 3 s of slack
 * for a busy machine; 30 s of start-up when the probe could not tell. A batch's: one start-up
 * and slack, plus the work of each of its cases. */
#define RUN_SLACK_S 3.0
static double work_of(const EngineCase *c) { return 1e-3 * ceil(c->t_run / c->dt); }
static double time_limit(const EngineCtx *ctx, const EngineCase *c) {
  return engine_time_limit(ctx->startup_s, RUN_SLACK_S, work_of(c));
}

/* The version is the engine's own bytes: it goes into CSV fields, markdown cells and XML. */
static void version_printable(EngineResult *r) {
  for (char *p = r->version; *p; p++)
    if (*p < 0x20 || *p > 0x7e || *p == '"' || *p == '|' || *p == ',' || *p == '<' || *p == '&') *p = '?';
}

bool engine_run(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *c, EngineResult *r, char *why,
                size_t why_size) {
  memset(r, 0, sizeof *r);
  EngineCase limited = *c;
  limited.timeout_s = time_limit(ctx, c);
  if (ctx->planning) {
    plan_add(&ctx->plan, &limited, work_of(c));
    snprintf(why, why_size, "planned, not run yet");
    return false;
  }
  const PlannedCase *done = plan_take(&ctx->plan, &limited);
  if (done) { /* run in a batch before this pass */
    *r = done->r;
    snprintf(why, why_size, "%s", done->why);
    version_printable(r);
    if (done->ran) note_version(v, eng, r);
    return done->ran;
  }
  if (ctx->dead[0]) {
    snprintf(why, why_size, "%s", ctx->dead);
    return false;
  }
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/case%05d", ctx->workdir, ctx->serial++);
  if (mkdir(dir, 0777) != 0) gd_die(GD_EXIT_RUNTIME, "verify: cannot create %s", dir);
  const bool ran = eng->collide(&limited, dir, r, why, why_size);
  version_printable(r);
  if (engine_streak(&ctx->streak))
    snprintf(ctx->dead, sizeof ctx->dead, "%s unresponsive: %d crashes or time-outs in a row (the last: %.300s)",
             eng->name, ctx->streak, why);
  if (ran) note_version(v, eng, r);
  proc_scratch_remove(dir); /* a run's files are read: nothing piles up over thousands of cases */
  return ran;
}

void engine_verdict(Verifier *v, const EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                    EngineQuantity q, double measured, double expected, double tol, const DefectCase *dc,
                    const char *src) {
  const Defect *d = defect_find(ctx->defects, eng->name, v->cur.name);
  const char *known = d ? d->reason : NULL;
  if (!ran) { /* a crash, an ERROR, a time-out: never a known defect's signature */
    case_end_outcome(v, OUTCOME_FAIL, NULL, NAN, expected, tol, "%s did not run: %s", eng->name, why);
    return;
  }
  const bool finite = isfinite(measured);
  if (!finite && d && !d->skip && d->predict == PREDICT_NONFINITE) {
    case_end_outcome(v, OUTCOME_XFAIL, known, measured, expected, tol,
                     "known defect seen: the run ends in a non-finite result, as predicted (%s)", known);
    return;
  }
  const bool impossible = !finite || (q == QTY_E && !(measured >= 0.0 && measured <= 1.0 + tol)) ||
                          (q == QTY_TC && !(measured > 0.0)) || (q == QTY_ERROR && !(measured >= 0.0));
  if (impossible) {
    const char *what = q == QTY_E ? "e outside [0, 1 + tol]" : q == QTY_TC ? "a duration <= 0" : "a negative error";
    case_end_outcome(v, OUTCOME_FAIL, NULL, measured, expected, tol, "impossible result from %s (%s): %s", eng->name,
                     finite ? what : "not finite", src);
    return;
  }
  if (d && d->skip) {
    char msg[200];
    snprintf(msg, sizeof msg, "known defect, not judged: %.150s", d->reason);
    case_skip(v, msg);
    return;
  }
  const bool meets = fabs(measured - expected) <= tol;
  if (!d) {
    case_end_outcome(v, meets ? OUTCOME_PASS : OUTCOME_FAIL, NULL, measured, expected, tol, "%s", src);
    return;
  }
  const double predicted = dc ? defect_predict(d, dc) : NAN;
  if (isfinite(predicted) && fabs(measured - predicted) <= tol)
    case_end_outcome(v, OUTCOME_XFAIL, known, measured, expected, tol,
                     "known defect seen: %.10g is its prediction %.10g (%s); %s", measured, predicted,
                     defect_prediction_name(d->predict), src);
  else if (meets)
    case_end_outcome(v, OUTCOME_XPASS, known, measured, expected, tol,
                     "the known defect (%s) no longer shows: the case passes; %s", known, src);
  else
    case_end_outcome(v, OUTCOME_FAIL, NULL, measured, expected, tol,
                     "neither the expectation (%s) nor the known defect's prediction %.10g (%s: %s)", src, predicted,
                     defect_prediction_name(d->predict), known);
}

/* What a defect's prediction needs of an engine case (law: NULL when the generator has none). */
static DefectCase defect_case(const Engine *eng, const EngineCase *c, const LawModel *law, bool is_tc, double expected) {
  const bool wall = isinf(c->Rj);
  const double mi = 4.0 / 3.0 * LAW_PI * c->Ri * c->Ri * c->Ri * c->rho;
  const double mj = wall ? INFINITY : 4.0 / 3.0 * LAW_PI * c->Rj * c->Rj * c->Rj * (c->rho_j > 0.0 ? c->rho_j : c->rho);
  return (DefectCase){.normal = c->normal, .damping = c->damping, .x = c->damp, .wall = wall,
                      .force_end = eng->force_end, .is_tc = is_tc, .expected = expected, .law = law,
                      .reff = wall ? c->Ri : c->Ri * c->Rj / (c->Ri + c->Rj), .meff = wall ? mi : mi * mj / (mi + mj),
                      .v0 = c->v0, .nu = c->nu};
}

/* One collision in the engine, its two cases. */
static void one(Verifier *v, EngineCtx *ctx, const Engine *eng, const Row *r, double x, Geometry g, double v0, int N,
                Lines *ls) {
  char id[64], group[96], base[192];
  row_id(r, id, sizeof id);
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(base, sizeof base, "engine/%s/%s/%s/%s=%g/v=%g/N=%d", eng->name, id, GEO_NAMES[g], row_param_name(r->param),
           x, v0, N);
  const bool judge_tc = row_allows_limit(r); /* not the cohesive rows (see the file comment) */
  const bool limit = eng->force_end; /* an engine that clamps the force is judged force-end */
  const bool want_e = case_begin(v, group, "%s/e", base);
  const bool want_t = judge_tc && case_begin(v, group, "%s/t_c", base);
  if (!want_e && !want_t) return;
  char text[512];
  row_model_text(r, x, g, v0, limit, text, sizeof text);
  const LawModel law = law_model(text);
  EngineCase c;
  row_engine_case(r, x, g, v0, &c);
  const Reference ref = reference_collide(&law, setup_reff(g), setup_meff(g), v0, limit);
  const char *src = NULL;
  const double closed = row_closed_form(r, x, limit, &src);
  const double tc = limit ? ref.t_pos : ref.t_c; /* the duration of delta > 0 */
  const double e_exp = isnan(closed) ? ref.e : closed;
  if (isnan(closed)) src = "continuous-time reference (verify/oracle/reference.c)";
  c.dt = tc / N;
  c.t_run = 2.0 * tc + 10.0 * c.dt; /* an engine's defect may lengthen the contact (Yade's wall: sqrt 2) */
  EngineResult res = {0};
  char why[512] = "";
  const double t_start = omp_get_wtime(); /* the engine's run counts to the e case */
  const bool captured = ref.captured;
  const bool ran = !captured && engine_run(v, ctx, eng, &c, &res, why, sizeof why);
  Line line = {.x = x, .v0 = v0, .dt_over_tc = 1.0 / N};
  snprintf(line.engine, sizeof line.engine, "%s", eng->name);
  snprintf(line.version, sizeof line.version, "%s", res.version);
  snprintf(line.normal, sizeof line.normal, "%s", r->normal);
  snprintf(line.damping, sizeof line.damping, "%s", r->damping);
  snprintf(line.param, sizeof line.param, "%s", row_param_name(r->param));
  for (int which = 0; which < 2; which++) {
    if (which == 0 ? !want_e : !want_t) continue;
    case_begin(v, group, "%s/%s", base, which == 0 ? "e" : "t_c");
    if (which == 0) v->t0 = t_start;
    DefectCase dc = {.normal = r->normal, .damping = r->damping, .x = x, .wall = g == GEO_WALL, .force_end = limit,
                     .is_tc = which == 1, .expected = which == 0 ? e_exp : tc, .law = &law, .reff = setup_reff(g),
                     .meff = setup_meff(g), .v0 = v0, .nu = NU};
    char csrc[256];
    if (captured) {
      case_skip(v, "captured in continuous time: no end of contact to compare");
    } else if (which == 0) {
      snprintf(csrc, sizeof csrc, "%s; %s (%s)", src, r->f_src, res.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_E, res.e, e_exp, r->f * (1.0 / N) + 1e-12, &dc, csrc);
    } else {
      /* The steps with overlap bracket the duration to a step at each end (onset and end phase). */
      engine_verdict(v, ctx, eng, ran, why, QTY_TC, res.t_c, tc, 2.0 * c.dt, &dc,
                     "the reference's duration, +-2 dt: the engine's steps with overlap, a step at each end");
    }
    if (v->planning) continue; /* nothing recorded: no line */
    const CaseResult *cr = &v->res[v->nres - 1];
    snprintf(line.name, sizeof line.name, "%s", cr->name);
    line.measured = cr->measured, line.expected = cr->expected, line.tol = cr->tol;
    line.status = case_status(cr);
    lines_add(ls, &line);
  }
}

void engine_judge(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *base, EngineCase *c, const LawModel *law,
                  double e_exp, double e_tol, const char *e_src, double tc_exp) {
  char group[96];
  snprintf(group, sizeof group, "engine.%s", eng->name);
  const bool want_e = case_begin(v, group, "%s/e", base);
  const bool want_t = tc_exp > 0.0 && case_begin(v, group, "%s/t_c", base);
  if (!want_e && !want_t) return;
  EngineResult res = {0};
  char why[512] = "", src[256];
  const double t_start = omp_get_wtime();
  const bool ran = engine_run(v, ctx, eng, c, &res, why, sizeof why);
  for (int which = 0; which < 2; which++) {
    if (which == 0 ? !want_e : !want_t) continue;
    case_begin(v, group, "%s/%s", base, which == 0 ? "e" : "t_c");
    if (which == 0) v->t0 = t_start;
    const DefectCase dc = defect_case(eng, c, law, which == 1, which == 0 ? e_exp : tc_exp);
    if (which == 0) {
      snprintf(src, sizeof src, "%s (%s)", e_src, res.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_E, res.e, e_exp, e_tol, &dc, src);
    } else {
      snprintf(src, sizeof src, "the expected duration, +-2 dt: the engine's steps with overlap, a step at each end (%s)",
               res.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_TC, res.t_c, tc_exp, 2.0 * c->dt, &dc, src);
    }
  }
}

/* Every collision of one engine's cases (generate: the real pass, or the planning pass). */
static void engine_generators(Verifier *v, EngineCtx *ctx, const Engine *eng, Lines *ls);

static void engine_cases(Verifier *v, const Engine *eng, const Defects *defects, Lines *ls) {
  EngineCtx ctx = {.defects = defects, .startup_s = NAN};
  if (!v->dry) {
    char why[512];
    if (!proc_scratch_make(ctx.workdir, sizeof ctx.workdir, "grandamp-engine", why, sizeof why))
      gd_die(GD_EXIT_RUNTIME, "verify: %s", why);
    ctx.startup_s = engine_startup(eng);
  }
  if (!v->dry && eng->batch && !getenv("GRANDAMP_ENGINE_NO_BATCH")) {
    /* The planning pass notes the collisions (nothing judged, no line), which then run in
     * batches; the real pass below takes their outcomes in the same order. */
    Lines none = {0};
    v->planning = ctx.planning = true;
    engine_generators(v, &ctx, eng, &none);
    v->planning = ctx.planning = false;
    free(none.l);
    plan_run(&ctx.plan, eng, ctx.workdir, &ctx.serial, ctx.startup_s, RUN_SLACK_S, &ctx.streak, ctx.dead,
             sizeof ctx.dead);
  }
  engine_generators(v, &ctx, eng, ls);
  plan_free(&ctx.plan);
  if (ctx.workdir[0]) proc_scratch_remove(ctx.workdir);
}

static void engine_generators(Verifier *v, EngineCtx *ctx, const Engine *eng, Lines *ls) {
  static const int NS[2] = {50, 200};
  for (int k = 0; k < row_count(); k++) {
    const Row *r = row_at(k);
    const char *native;
    if (!eng->supports(r->normal, r->damping, &native)) continue;
    double xs[8];
    const int nx = row_params(r, v->quick, xs);
    const double xmid = xs[nx / 2];
    for (int n = 0; n < 2; n++) {
      for (int ix = 0; ix < nx; ix++) one(v, ctx, eng, r, xs[ix], GEO_EQUAL, 1.0, NS[n], ls);
      if (v->quick) continue;
      one(v, ctx, eng, r, xmid, GEO_EQUAL, 0.01, NS[n], ls);
      one(v, ctx, eng, r, xmid, GEO_EQUAL, 10.0, NS[n], ls);
      one(v, ctx, eng, r, xmid, GEO_UNEQUAL, 1.0, NS[n], ls);
      one(v, ctx, eng, r, xmid, GEO_WALL, 1.0, NS[n], ls);
    }
  }
  cases_chung_ooi_engines(v, ctx, eng);
  if (eng->oblique_supports) cases_chung_ooi_oblique_engines(v, ctx, eng);
  cases_calibrate_engines(v, ctx, eng);
}

/* The plot data of one engine (plots/verify-engines.gp): per row with a target e, equal spheres at
 * 1 m/s and dt = t_c/200, the engine's e, the expectation and grandamp's own e of the matrix
 * (restitution/..., t_c/500; NaN when that case did not run), one block per row. */
static void write_plot(const Verifier *v, const Engine *eng, const Lines *ls) {
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-engine-%s.dat", v->data, eng->name);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  fprintf(o.f, "# %s: e against the target e (equal spheres, 1 m/s, dt = t_c/200, %s); blocks by row\n", eng->name,
          eng->force_end ? "force-end" : "delta-end");
  char last[64] = "";
  for (int k = 0; k < ls->n; k++) {
    const Line *l = &ls->l[k];
    const size_t nl = strlen(l->name);
    if (strcmp(l->engine, eng->name) || strcmp(l->param, "e") || !strstr(l->name, "/equal/") || l->v0 != 1.0 ||
        l->dt_over_tc != 1.0 / 200 || nl < 2 || strcmp(l->name + nl - 2, "/e"))
      continue;
    const Row *r = row_find(l->normal, l->damping);
    char id[64], own[192];
    row_id(r, id, sizeof id);
    if (strcmp(id, last)) {
      fprintf(o.f, "%s\"%s\" engine expected grandamp\n", last[0] ? "\n\n" : "", id);
      snprintf(last, sizeof last, "%s", id);
    }
    snprintf(own, sizeof own, "restitution/%s/equal/%s/e=%g/v=1/e", id, eng->force_end ? "force-end" : "delta-end", l->x);
    double mine = NAN;
    for (int q = 0; q < v->nres; q++)
      if (!strcmp(v->res[q].name, own)) mine = v->res[q].measured;
    fprintf(o.f, "%.6g %.10g %.10g %.10g\n", l->x, l->measured, l->expected, mine);
  }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

/* One engine's model row in the verdict table: its cases by outcome. */
typedef struct Verdict {
  int judged, passed, xfail, failed, skipped;
  const char *reasons[8]; /* the known defects seen, each once */
  int nreasons;
} Verdict;

static Verdict verdict_of(const Verifier *v, const char *prefix) {
  Verdict d = {0};
  const size_t np = strlen(prefix);
  for (int k = 0; k < v->nres; k++) {
    const CaseResult *c = &v->res[k];
    if (strncmp(c->name, prefix, np)) continue;
    if (c->skipped) {
      d.skipped++;
      continue;
    }
    d.judged++;
    if (c->xfail && c->pass) { /* XFAIL: the known defect seen */
      d.xfail++;
      bool seen = false;
      for (int r = 0; r < d.nreasons; r++) seen = seen || !strcmp(d.reasons[r], c->known);
      if (!seen && d.nreasons < 8) d.reasons[d.nreasons++] = c->known;
    } else if (c->pass && !c->xfail) {
      d.passed++;
    } else {
      d.failed++; /* FAIL, or XPASS: a listed defect that no longer shows */
    }
  }
  return d;
}

/* The verdict of one engine's row in a word or two. */
static void verdict_text(const Verdict *d, char *buf, size_t size) {
  if (d->failed) snprintf(buf, size, "FAIL");
  else if (d->xfail) snprintf(buf, size, "known defect: %s%s", d->reasons[0], d->nreasons > 1 ? " (and another)" : "");
  else if (d->passed) snprintf(buf, size, "PASS");
  else snprintf(buf, size, "not judged");
}

/* Chung & Ooi (2011)'s tests, what each checks (cases_chung_ooi*.c), one line each. */
static const struct {
  const char *prefix, *what;
} CHUNG_OOI[] = {
    {"chung-ooi/1/", "test 1: two spheres, elastic: delta_max, F_max, t_c, e against Hertz"},
    {"chung-ooi/2/", "test 2: sphere on a plane, elastic: the same against Hertz"},
    {"chung-ooi/3/", "test 3: e_out against e_in, every e-input damping model"},
    {"chung-ooi/4/", "test 4: oblique impact, 5-85 deg: V_t', w' against the reference"},
    {"chung-ooi/5/", "test 5: tangential speed: the same, and gross sliding in closed form"},
    {"chung-ooi/6/", "test 6: spin on a plane: V_t', w' against the reference"},
    {"chung-ooi/7/", "test 7: two spheres, opposite spins: no slip, exactly"},
    {"chung-ooi/8/", "test 8: spin, R on 5R 1000x denser: against the reference"},
    {"chung-ooi/mixed/", "mixed pairs: two materials' e, size ratio 1-10, sqrt(e1 e2)"},
};
#define N_CHUNG_OOI ((int)(sizeof CHUNG_OOI / sizeof CHUNG_OOI[0]))

/* The text table at the end of a run: one line per engine and model. */
static void verdict_lines(const Verifier *v, FILE *out) {
  bool header = false;
  for (int e = 0; e < v->nengines; e++)
    for (int k = 0; k < row_count(); k++) {
      const Row *r = row_at(k);
      char id[64], prefix[128], verdict[200], model[80];
      row_id(r, id, sizeof id);
      snprintf(prefix, sizeof prefix, "engine/%s/%s/", v->engines[e], id);
      const Verdict d = verdict_of(v, prefix);
      if (!d.judged && !d.skipped) continue;
      verdict_text(&d, verdict, sizeof verdict);
      snprintf(model, sizeof model, "%s + %s", r->normal, r->damping);
      if (!header)
        fprintf(out, "grandamp-verify: engine verdicts (e and t_c cases per model; known defects: "
                     "src/engines/decks/known-defects.txt):\n  %-9s %-24s %-44s %6s %6s %6s %6s %6s  %s\n",
                "engine", "version", "model", "judged", "passed", "XFAIL", "failed", "n.j.", "verdict");
      header = true;
      fprintf(out, "  %-9s %-24s %-44s %6d %6d %6d %6d %6d  %s\n", v->engines[e], v->engine_versions[e], model,
              d.judged, d.passed, d.xfail, d.failed, d.skipped, verdict);
    }
  for (int e = 0; e < v->nengines; e++)
    for (int t = 0; t < N_CHUNG_OOI; t++) {
      char prefix[128], verdict[200];
      snprintf(prefix, sizeof prefix, "engine/%s/%s", v->engines[e], CHUNG_OOI[t].prefix);
      const Verdict d = verdict_of(v, prefix);
      if (!d.judged && !d.skipped) continue;
      verdict_text(&d, verdict, sizeof verdict);
      fprintf(out, "  %-9s %-24s %-44s %6d %6d %6d %6d %6d  %s\n", v->engines[e], v->engine_versions[e],
              CHUNG_OOI[t].prefix, d.judged, d.passed, d.xfail, d.failed, d.skipped, verdict);
    }
}

/* The cell of one engine for the cases under prefix: its verdict, each known defect a note
 * number (notes gathers them). False when the engine ran no such case. */
static bool verdict_cell(const Verifier *v, const char *prefix, const char **notes, int *nnotes, char *cell,
                         size_t size) {
  const Verdict d = verdict_of(v, prefix);
  if (!d.judged && !d.skipped) {
    snprintf(cell, size, "–");
    return false;
  }
  char refs[64] = "";
  for (int i = 0; i < d.nreasons; i++) {
    int note = 0;
    for (int q = 0; q < *nnotes && !note; q++)
      if (!strcmp(notes[q], d.reasons[i])) note = q + 1;
    if (!note && *nnotes < 32) notes[(*nnotes)++] = d.reasons[i], note = *nnotes;
    const size_t len = strlen(refs);
    snprintf(refs + len, sizeof refs - len, "[%d]", note);
  }
  if (d.failed) snprintf(cell, size, "**FAIL** %d of %d", d.failed, d.judged);
  else if (d.xfail) snprintf(cell, size, "known defect %s: %d XFAIL, %d pass", refs, d.xfail, d.passed);
  else if (d.passed) snprintf(cell, size, "PASS %d/%d", d.passed, d.judged);
  else snprintf(cell, size, "not judged");
  return true;
}

static void matrix_header(const Verifier *v, FILE *out, const char *first) {
  fprintf(out, "| %s |", first);
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s %s |", v->engines[e], v->engine_versions[e]);
  fprintf(out, "\n|---|");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, "---|");
  fprintf(out, "\n");
}

/* The markdown matrix (the README's): one row per model, one column per engine, each known
 * defect a numbered note under the table. */
static void verdict_matrix(const Verifier *v, FILE *out) {
  const char *notes[32];
  int nnotes = 0;
  bool header = false;
  for (int k = 0; k < row_count(); k++) {
    const Row *r = row_at(k);
    char id[64], cells[8][160];
    row_id(r, id, sizeof id);
    bool any = false;
    for (int e = 0; e < v->nengines && e < 8; e++) {
      char prefix[128];
      snprintf(prefix, sizeof prefix, "engine/%s/%s/", v->engines[e], id);
      any = verdict_cell(v, prefix, notes, &nnotes, cells[e], sizeof cells[e]) || any;
    }
    if (!any) continue;
    if (!header) matrix_header(v, out, "grandamp model");
    header = true;
    fprintf(out, "| %s + %s |", r->normal, r->damping);
    for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s |", cells[e]);
    fprintf(out, "\n");
  }
  if (nnotes) fprintf(out, "\n");
  for (int q = 0; q < nnotes; q++) fprintf(out, "[%d] %s%s\n", q + 1, notes[q], q + 1 < nnotes ? "  " : "");
}

void chung_ooi_table(const Verifier *v, FILE *out) {
  const char *notes[32];
  int nnotes = 0;
  fprintf(out, "| Chung & Ooi (2011) | grandamp (every model) |");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s %s |", v->engines[e], v->engine_versions[e]);
  fprintf(out, "\n|---|---|");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, "---|");
  fprintf(out, "\n");
  for (int t = 0; t < N_CHUNG_OOI; t++) {
    char cell[160], prefix[128];
    verdict_cell(v, CHUNG_OOI[t].prefix, notes, &nnotes, cell, sizeof cell);
    fprintf(out, "| %s | %s |", CHUNG_OOI[t].what, cell);
    for (int e = 0; e < v->nengines && e < 8; e++) {
      snprintf(prefix, sizeof prefix, "engine/%s/%s", v->engines[e], CHUNG_OOI[t].prefix);
      verdict_cell(v, prefix, notes, &nnotes, cell, sizeof cell);
      fprintf(out, " %s |", cell);
    }
    fprintf(out, "\n");
  }
  if (nnotes) fprintf(out, "\n");
  for (int q = 0; q < nnotes; q++) fprintf(out, "[%d] %s%s\n", q + 1, notes[q], q + 1 < nnotes ? "  " : "");
}

void engines_verdict(const Verifier *v, FILE *out, bool markdown) {
  if (markdown) verdict_matrix(v, out);
  else verdict_lines(v, out);
}

static void write_verdict(const Verifier *v) {
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-engines-verdict.md", v->data);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  engines_verdict(v, o.f, true);
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

void cases_engines(Verifier *v) {
  if (!v->nengines) return;
  static Defects defects;
  char why[1024];
  if (!defects_load(&defects, why, sizeof why)) gd_die(GD_EXIT_RUNTIME, "verify: %s", why);
  Lines ls = {0};
  for (int k = 0; k < v->nengines; k++) engine_cases(v, engine_find(v->engines[k]), &defects, &ls);
  if (!v->dry && v->data) write_verdict(v);
  if (!v->dry && v->data && ls.n) {
    write_lines(v, &ls);
    for (int k = 0; k < v->nengines; k++) write_plot(v, engine_find(v->engines[k]), &ls);
  }
  free(ls.l);
}
