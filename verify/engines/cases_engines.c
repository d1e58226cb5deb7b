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
#include "numparse.h"
#include "output.h"
#include "reference.h"
#include "rows.h"
#include "run.h"
#include "cases.h"

typedef struct Line {
  char engine[32], version[64], name[192], normal[32], damping[32], param[16];
  CaseKey key; /* the case's (geometry, quantity) */
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
    fprintf(o.f, "%s,\"%s\",%s,%s,%s,%s,%s,", l->engine, l->version, l->name, l->normal, l->damping, l->param,
            num_csv(l->x).s);
    if (!strcmp(l->param, "e")) fprintf(o.f, "%s", num_csv(l->x).s);
    fprintf(o.f, ",%s,%s,%s,%s,%s,%s\n", num_csv(l->v0).s, num_csv(l->dt_over_tc).s, num_csv(l->measured).s,
            num_csv(l->expected).s, num_csv(l->tol).s, l->status);
  }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

/* A recorded case of one(): its line of verify-engines.csv and the plot. */
typedef struct OneLine {
  Lines *ls;
  Line line; /* the collision's fields; name, values and status per case */
} OneLine;

static void one_recorded(void *arg, const CaseResult *cr, const EngineResult *res) {
  OneLine *o = arg;
  snprintf(o->line.version, sizeof o->line.version, "%s", res->version);
  snprintf(o->line.name, sizeof o->line.name, "%s", cr->name);
  o->line.key = cr->key;
  o->line.measured = cr->measured, o->line.expected = cr->expected, o->line.tol = cr->tol;
  o->line.status = case_status(cr);
  lines_add(o->ls, &o->line);
}

/* One collision of the matrix in the engine, its two cases through the judge (one() sets their
 * key). */
static void one_cases(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, const Row *r, double x,
                      Geometry g, double v0, int N, Lines *ls) {
  char id[64], group[96], base[192], segment[32] = "";
  row_id(r, id, sizeof id);
  if (style) style_segment(style, segment, sizeof segment);
  snprintf(group, sizeof group, "engine.%s", eng->name);
  snprintf(base, sizeof base, "engine/%s/%s%s/%s/%s=%g/v=%g/N=%d", eng->name, segment, id, GEO_NAMES[g],
           row_param_name(r->param), x, v0, N);
  const bool judge_tc = row_allows_limit(r); /* not the cohesive rows (see the file comment) */
  const bool limit = eng->force_end; /* an engine that clamps the force is judged force-end */
  if (v->dry) { /* the counting pass: the judge's cases, nothing computed */
    case_begin(v, group, "%s/e", base);
    if (judge_tc) case_begin(v, group, "%s/t_c", base);
    return;
  }
  if (!case_wanted(v, group, "%s/e", base) && !(judge_tc && case_wanted(v, group, "%s/t_c", base))) return;
  char text[512];
  row_model_text(r, x, g, v0, limit, text, sizeof text);
  const LawModel law = law_model(text);
  EngineCase c;
  row_engine_case(r, x, g, v0, &c);
  c.style = style;
  const Reference ref = reference_collide(&law, setup_reff(g), setup_meff(g), v0, limit);
  const char *src = NULL;
  const double closed = row_closed_form(r, x, limit, &src);
  const double tc = limit ? ref.t_pos : ref.t_c; /* the duration of delta > 0 */
  const double e_exp = isnan(closed) ? ref.e : closed;
  if (isnan(closed)) src = "continuous-time reference (verify/oracle/reference.c)";
  c.dt = tc / N;
  c.t_run = 2.0 * tc + 10.0 * c.dt; /* an engine's defect may lengthen the contact (Yade's wall: sqrt 2) */
  char e_src[256];
  snprintf(e_src, sizeof e_src, "%s; %s", src, r->f_src);
  OneLine o = {.ls = ls, .line = {.x = x, .v0 = v0, .dt_over_tc = 1.0 / N}};
  snprintf(o.line.engine, sizeof o.line.engine, "%s", eng->name);
  snprintf(o.line.normal, sizeof o.line.normal, "%s", r->normal);
  snprintf(o.line.damping, sizeof o.line.damping, "%s", r->damping);
  snprintf(o.line.param, sizeof o.line.param, "%s", row_param_name(r->param));
  const EngineJudgeHooks hooks = {
      .skip = ref.captured ? "captured in continuous time: no end of contact to compare" : NULL,
      .recorded = one_recorded,
      .arg = &o};
  engine_judge(v, ctx, eng, base, &c, &law, e_exp, r->f * (1.0 / N) + 1e-12, e_src, judge_tc ? tc : 0.0, &hooks);
}

static void one(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, const Row *r, double x, Geometry g,
                double v0, int N, Lines *ls) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "restitution");
  case_key_set(v->key.style, sizeof v->key.style, "%s", style ? style : "");
  row_id(r, v->key.row, sizeof v->key.row);
  case_key_set(v->key.geometry, sizeof v->key.geometry, "%s", GEO_NAMES[g]);
  one_cases(v, ctx, eng, style, r, x, g, v0, N, ls);
  v->key = outer;
}

/* Whether the engine runs a row head-on: in its own interface (style NULL), or in one of its
 * legacy styles. */
static bool runs_row(const Engine *eng, const char *style, const Row *r) {
  const char *native;
  return style ? eng->style_supports(style, r->normal, r->damping, NULL, &native)
               : eng->supports(r->normal, r->damping, &native);
}

/* The matrix's collisions of every row the engine runs (in the style: NULL its own). */
static void matrix(Verifier *v, EngineCtx *ctx, const Engine *eng, const char *style, Lines *ls) {
  static const int NS[2] = {50, 200};
  for (int k = 0; k < row_count(); k++) {
    const Row *r = row_at(k);
    if (!runs_row(eng, style, r)) continue;
    double xs[8];
    const int nx = row_params(r, v->quick, xs);
    const double xmid = xs[nx / 2];
    for (int n = 0; n < 2; n++) {
      for (int ix = 0; ix < nx; ix++) one(v, ctx, eng, style, r, xs[ix], GEO_EQUAL, 1.0, NS[n], ls);
      if (v->quick) continue;
      one(v, ctx, eng, style, r, xmid, GEO_EQUAL, 0.01, NS[n], ls);
      one(v, ctx, eng, style, r, xmid, GEO_EQUAL, 10.0, NS[n], ls);
      one(v, ctx, eng, style, r, xmid, GEO_UNEQUAL, 1.0, NS[n], ls);
      one(v, ctx, eng, style, r, xmid, GEO_WALL, 1.0, NS[n], ls);
    }
  }
}

/* Every collision of one engine's cases (the planning pass, then the real pass: judge.h). */
static void engine_generators(Verifier *v, EngineCtx *ctx, const Engine *eng, void *arg) {
  Lines *ls = arg;
  matrix(v, ctx, eng, NULL, ls);
  for (const char *const *s = eng->styles; s && *s; s++) matrix(v, ctx, eng, *s, ls);
  cases_legacy_engines(v, ctx, eng);
  cases_pair_wall_engines(v, ctx, eng);
  cases_chung_ooi_engines(v, ctx, eng);
  if (eng->oblique_supports) cases_chung_ooi_oblique_engines(v, ctx, eng);
  cases_energy_gain_engines(v, ctx, eng);
  cases_kharaz_engines(v, ctx, eng);
  cases_calibrate_engines(v, ctx, eng);
  cases_gas_engines(v, ctx, eng);
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
    if (strcmp(l->engine, eng->name) || l->key.style[0] || strcmp(l->param, "e") || strcmp(l->key.geometry, "equal") || l->v0 != 1.0 ||
        l->dt_over_tc != 1.0 / 200 || strcmp(l->key.quantity, "e"))
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
  for (int k = 0; k < v->nengines; k++) engine_cases_run(v, engine_find(v->engines[k]), &defects, engine_generators, &ls);
  if (!v->dry && v->data) write_verdict(v);
  if (!v->dry && v->data && ls.n) {
    write_lines(v, &ls);
    for (int k = 0; k < v->nengines; k++) write_plot(v, engine_find(v->engines[k]), &ls);
  }
  free(ls.l);
}
