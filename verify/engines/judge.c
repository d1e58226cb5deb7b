/*
 * judge.c - one judge for every engine case (see judge.h): an engine's runs (batched by a
 * planning pass, or one by one), the known defects applied, the verdict of each case.
 */
#include "judge.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine_plan.h"
#include "error.h"
#include "law.h"
#include "run.h"

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
  EngineHealth health; /* its probe, failed starts in a row, learned limits, the reason it is dead */
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
  return engine_health_limit(&ctx->health, RUN_SLACK_S, work_of(c), 1);
}

/* The version is the engine's own bytes: it goes into CSV fields, markdown cells and XML. */
static void version_printable(EngineResult *r) {
  for (char *p = r->version; *p; p++)
    if (*p < 0x20 || *p > 0x7e || *p == '"' || *p == '|' || *p == ',' || *p == '<' || *p == '&') *p = '?';
}

/* A collision's energy of relative motion and spins (the centre of mass moves on unchanged), before
 * (the case) and after (the result); a wall (Rj infinite) neither moves nor spins. */
static void collision_energy(const EngineCase *c, const EngineResult *r, double *before, double *after) {
  const bool wall = isinf(c->Rj);
  const double mi = sphere_mass(c->Ri, c->rho), mj = wall ? INFINITY : sphere_mass(c->Rj, c->rho_j > 0 ? c->rho_j : c->rho);
  const double meff = wall ? mi : mi * mj / (mi + mj);
  const double Ii = 0.4 * mi * c->Ri * c->Ri, Ij = wall ? 0.0 : 0.4 * mj * c->Rj * c->Rj;
  const bool oblique = c->tangential != NULL;
  const double vt = oblique ? r->vt : c->vt0, wi = oblique ? r->wi : c->wi0, wj = oblique && !wall ? r->wj : c->wj0;
  *before = 0.5 * meff * (c->v0 * c->v0 + c->vt0 * c->vt0) + 0.5 * Ii * c->wi0 * c->wi0 + 0.5 * Ij * c->wj0 * c->wj0;
  *after = 0.5 * meff * (r->e * r->e * c->v0 * c->v0 + vt * vt) + 0.5 * Ii * wi * wi + 0.5 * Ij * wj * wj;
}

bool engine_result_possible(const Engine *eng, const EngineCase *c, const EngineResult *r, char *why, size_t why_size) {
  const bool oblique = c->tangential != NULL;
  const bool head_on = !oblique || (c->vt0 == 0.0 && c->wi0 == 0.0 && c->wj0 == 0.0);
  const bool wall = isinf(c->Rj);
  double before, after;
  collision_energy(c, r, &before, &after);
  if (!isfinite(r->e) || (oblique && (!isfinite(r->vt) || !isfinite(r->wi) || (!wall && !isfinite(r->wj)))))
    snprintf(why, why_size, ENGINE_IMPOSSIBLE "%s (not finite: e = %g, V_t' = %g, w_i' = %g, w_j' = %g)", eng->name,
             r->e, r->vt, r->wi, r->wj);
  else if ((head_on || wall) && r->e < 0.0) /* still approaching: no impact ended (a sticking pair's e is 0) */
    snprintf(why, why_size, ENGINE_IMPOSSIBLE "%s (e = %.10g < 0 along the normal)", eng->name, r->e);
  else if ((head_on || wall) && r->e > 1.0 + ENGINE_E_SLACK)
    snprintf(why, why_size, ENGINE_IMPOSSIBLE "%s (e = %.10g > 1 + %g along the normal)", eng->name, r->e,
             ENGINE_E_SLACK);
  else if (!(after <= before * (1.0 + ENGINE_GAIN_SLACK)))
    snprintf(why, why_size, ENGINE_IMPOSSIBLE "%s (energy created: after/before = %.10g, e = %.10g)", eng->name,
             after / before, r->e);
  else if (isfinite(r->t_c) && !(r->t_c > 0.0))
    snprintf(why, why_size, ENGINE_IMPOSSIBLE "%s (a contact of %g s)", eng->name, r->t_c);
  else return true;
  const size_t len = strlen(why);
  snprintf(why + len, why_size - len, ": every quantity of this run fails");
  return false;
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
  bool ran;
  if (done) { /* run in a batch before this pass */
    *r = done->r;
    snprintf(why, why_size, "%s", done->why);
    ran = done->ran;
  } else if (ctx->health.dead[0]) {
    snprintf(why, why_size, "%s", ctx->health.dead);
    return false;
  } else {
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/case%05d", ctx->workdir, ctx->serial++);
    if (mkdir(dir, 0777) != 0) gd_die(GD_EXIT_RUNTIME, "verify: cannot create %s", dir);
    ran = eng->collide(&limited, dir, r, why, why_size);
    engine_health_note(&ctx->health, &(EngineStart){.finished = ran, .fault = proc_last_fault(), .finished_s = NAN,
                                                     .why = why});
    proc_scratch_remove(dir); /* a run's files are read: nothing piles up over thousands of cases */
  }
  version_printable(r);
  if (ran) note_version(v, eng, r);
  /* one check of the whole result before any quantity: an impossible one fails every quantity */
  return ran && engine_result_possible(eng, c, r, why, why_size);
}

bool engine_run_both(Verifier *v, EngineCtx *ctx, const Engine *eng, const EngineCase *a, const EngineCase *b,
                     EngineResult *ra, EngineResult *rb, char *why, size_t why_size) {
  char why_a[512] = "", why_b[512] = "";
  const bool ran_a = engine_run(v, ctx, eng, a, ra, why_a, sizeof why_a);
  const bool ran_b = engine_run(v, ctx, eng, b, rb, why_b, sizeof why_b);
  snprintf(why, why_size, "%s%s%s", ran_a ? "" : why_a, ran_a || ran_b ? "" : "; ", ran_b ? "" : why_b);
  return ran_a && ran_b;
}

/* A gas step costs the engines about 3e-8 s per sphere (LAMMPS on the 8000-sphere gas);
 * the limit allows ten times that. */
#define GAS_SECONDS_PER_ATOM_STEP 3e-7

bool engine_gas(Verifier *v, EngineCtx *ctx, const Engine *eng, EngineGas *g, EngineGasResult *r, char *why,
                size_t why_size) {
  memset(r, 0, sizeof *r);
  if (!eng->gas) {
    snprintf(why, why_size, "grandamp's %s adapter has no gas run", eng->name);
    return false;
  }
  if (ctx->health.dead[0]) {
    snprintf(why, why_size, "%s", ctx->health.dead);
    return false;
  }
  g->timeout_s =
      engine_health_limit(&ctx->health, RUN_SLACK_S, GAS_SECONDS_PER_ATOM_STEP * (double)g->atoms * (double)g->steps, 1);
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/case%05d", ctx->workdir, ctx->serial++);
  if (mkdir(dir, 0777) != 0) gd_die(GD_EXIT_RUNTIME, "verify: cannot create %s", dir);
  const bool ran = eng->gas(g, dir, r, why, why_size);
  engine_health_note(&ctx->health,
                     &(EngineStart){.finished = ran, .fault = proc_last_fault(), .finished_s = NAN, .why = why});
  EngineResult vr = {0};
  snprintf(vr.version, sizeof vr.version, "%s", r->version);
  version_printable(&vr);
  snprintf(r->version, sizeof r->version, "%s", vr.version);
  if (ran) note_version(v, eng, &vr);
  proc_scratch_remove(dir);
  return ran;
}

const char *engine_workdir(const EngineCtx *ctx) { return ctx->workdir; }

void engine_verdict(Verifier *v, const EngineCtx *ctx, const Engine *eng, bool ran, const char *why,
                    EngineQuantity q, double measured, double expected, double tol, const DefectCase *dc,
                    const char *src) {
  const Defect *d = defect_find(ctx->defects, eng->name, v->cur.name);
  const char *known = d ? d->reason : NULL;
  if (!ran) { /* a crash, an ERROR, a time-out, an impossible result: never a known defect's signature */
    const bool impossible = !strncmp(why, ENGINE_IMPOSSIBLE, strlen(ENGINE_IMPOSSIBLE));
    if (impossible && strstr(why, "(not finite") && !isfinite(measured) && d && !d->skip && d->predict == PREDICT_NONFINITE)
      case_end_outcome(v, OUTCOME_XFAIL, known, measured, expected, tol,
                       "known defect seen: the run ends in a non-finite result, as predicted (%s)", known);
    else if (impossible)
      case_end_outcome(v, OUTCOME_FAIL, NULL, measured, expected, tol, "%s", why);
    else
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
                          (q == QTY_TC && !(measured > 0.0)) || (q == QTY_ERROR && !(measured >= 0.0)) ||
                          (q == QTY_GAIN && !(measured >= -1.0));
  if (impossible) {
    const char *what = q == QTY_E      ? "e outside [0, 1 + tol]"
                       : q == QTY_TC   ? "a duration <= 0"
                       : q == QTY_GAIN ? "less than no energy"
                                       : "a negative error";
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
  const bool meets = q == QTY_GAIN ? measured <= expected + tol : fabs(measured - expected) <= tol;
  if (q == QTY_GAIN) case_check_one_sided(v, CHECK_AT_MOST); /* an energy gain is bounded above only */
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

DefectCase engine_defect_case(const Engine *eng, const EngineCase *c, const LawModel *law, bool is_tc, double expected) {
  const bool wall = isinf(c->Rj);
  const double mi = 4.0 / 3.0 * LAW_PI * c->Ri * c->Ri * c->Ri * c->rho;
  const double mj = wall ? INFINITY : 4.0 / 3.0 * LAW_PI * c->Rj * c->Rj * c->Rj * (c->rho_j > 0.0 ? c->rho_j : c->rho);
  return (DefectCase){.normal = c->normal, .damping = c->damping, .x = c->damp, .wall = wall,
                      .force_end = eng->force_end, .is_tc = is_tc, .expected = expected, .law = law,
                      .reff = wall ? c->Ri : c->Ri * c->Rj / (c->Ri + c->Rj), .meff = wall ? mi : mi * mj / (mi + mj),
                      .v0 = c->v0, .nu = c->nu};
}

void engine_judge(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *base, EngineCase *c, const LawModel *law,
                  double e_exp, double e_tol, const char *e_src, double tc_exp, const EngineJudgeHooks *hooks) {
  char group[96];
  snprintf(group, sizeof group, "engine.%s", eng->name);
  const bool want_e = case_begin(v, group, "%s/e", base);
  const bool want_t = tc_exp > 0.0 && case_begin(v, group, "%s/t_c", base);
  if (!want_e && !want_t) return;
  EngineResult res = {0};
  char why[512] = "", src[256];
  const double t_start = omp_get_wtime();
  const char *skip = hooks ? hooks->skip : NULL;
  const bool ran = !skip && engine_run(v, ctx, eng, c, &res, why, sizeof why);
  for (int which = 0; which < 2; which++) {
    if (which == 0 ? !want_e : !want_t) continue;
    const CaseKey outer = v->key;
    case_key_set(v->key.quantity, sizeof v->key.quantity, "%s", which == 0 ? "e" : "t_c");
    case_begin(v, group, "%s/%s", base, which == 0 ? "e" : "t_c");
    v->key = outer;
    if (which == 0) v->t0 = t_start;
    const DefectCase dc = engine_defect_case(eng, c, law, which == 1, which == 0 ? e_exp : tc_exp);
    if (skip) {
      case_skip(v, skip);
    } else if (which == 0) {
      snprintf(src, sizeof src, "%s (%s)", e_src, res.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_E, res.e, e_exp, e_tol, &dc, src);
    } else {
      snprintf(src, sizeof src, "the expected duration, +-2 dt: the engine's steps with overlap, a step at each end (%s)",
               res.version);
      engine_verdict(v, ctx, eng, ran, why, QTY_TC, res.t_c, tc_exp, 2.0 * c->dt, &dc, src);
    }
    if (hooks && hooks->recorded && !v->planning) hooks->recorded(hooks->arg, &v->res[v->nres - 1], &res);
  }
}

void engine_cases_run(Verifier *v, const Engine *eng, const Defects *defects, EngineGenerators generators, void *arg) {
  EngineCtx ctx = {.defects = defects};
  const CaseKey outer = v->key;
  case_key_set(v->key.engine, sizeof v->key.engine, "%s", eng->name);
  if (!v->dry) {
    char why[512];
    if (!proc_scratch_make(ctx.workdir, sizeof ctx.workdir, "grandamp-engine", why, sizeof why))
      gd_die(GD_EXIT_RUNTIME, "verify: %s", why);
    engine_health_init(&ctx.health, eng); /* a probe that fails: every case fails at once */
  }
  if (!v->dry && eng->batch && !getenv("GRANDAMP_ENGINE_NO_BATCH")) {
    /* The planning pass notes the collisions (nothing judged, no line), which then run in
     * batches; the real pass below takes their outcomes in the same order. */
    v->planning = ctx.planning = true;
    generators(v, &ctx, eng, arg);
    v->planning = ctx.planning = false;
    plan_run(&ctx.plan, eng, ctx.workdir, &ctx.serial, RUN_SLACK_S, &ctx.health);
  }
  generators(v, &ctx, eng, arg);
  plan_free(&ctx.plan);
  if (ctx.workdir[0]) proc_scratch_remove(ctx.workdir);
  v->key = outer;
}
