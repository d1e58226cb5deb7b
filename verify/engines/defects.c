/* defects.c - the engines' known defects and what each predicts (see defects.h). */
#include "defects.h"

#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "reference.h"
#include "rows.h"
#include "run.h"

static const char *const PREDICTION_NAMES[N_PREDICTIONS] = {
    "-", "tsuji-legacy", "wall-stiff", "nonfinite", "en", "wall-mass", "wall-half-radius"};

const char *defect_prediction_name(DefectPrediction p) { return p < N_PREDICTIONS ? PREDICTION_NAMES[p] : "?"; }

static bool parse_line(const char *line, Defect *d, char *why, size_t why_size) {
  char kind[16], predict[32];
  int used = 0;
  memset(d, 0, sizeof *d);
  if (sscanf(line, "%31s %15s %191s %31s %n", d->engine, kind, d->pattern, predict, &used) != 4 || !line[used]) {
    snprintf(why, why_size, "want ENGINE xfail|skip CASE-PATTERN PREDICTION REASON");
    return false;
  }
  if (strcmp(kind, "xfail") && strcmp(kind, "skip")) {
    snprintf(why, why_size, "kind '%.15s' is neither xfail nor skip", kind);
    return false;
  }
  d->skip = !strcmp(kind, "skip");
  int p = -1;
  for (int k = 0; k < N_PREDICTIONS; k++)
    if (!strcmp(predict, PREDICTION_NAMES[k])) p = k;
  if (p < 0 || (p == PREDICT_NOTHING) != d->skip) {
    snprintf(why, why_size, "prediction '%.31s': a skip takes '-', an xfail one of tsuji-legacy, wall-stiff, nonfinite, en, "
                            "wall-mass, wall-half-radius", predict);
    return false;
  }
  d->predict = (DefectPrediction)p;
  snprintf(d->reason, sizeof d->reason, "%s", line + used);
  return true;
}

bool defects_parse(const char *text, Defects *out, char *why, size_t why_size) {
  out->n = 0;
  int lineno = 0;
  for (const char *p = text; *p;) {
    const char *end = strchr(p, '\n');
    const size_t len = end ? (size_t)(end - p) : strlen(p);
    char line[512];
    lineno++;
    if (len >= sizeof line) {
      snprintf(why, why_size, "line %d: longer than %zu bytes", lineno, sizeof line - 1);
      return false;
    }
    memcpy(line, p, len);
    line[len] = '\0';
    line[strcspn(line, "\r")] = '\0';
    p += len + (end ? 1 : 0);
    if (line[0] == '#' || line[strspn(line, " \t")] == '\0') continue;
    char lwhy[256];
    if (out->n == MAX_DEFECTS) {
      snprintf(why, why_size, "line %d: more than %d defects", lineno, MAX_DEFECTS);
      return false;
    }
    if (!parse_line(line, &out->d[out->n], lwhy, sizeof lwhy)) {
      snprintf(why, why_size, "line %d: %s", lineno, lwhy);
      return false;
    }
    out->n++;
  }
  return true;
}

bool defects_load(Defects *out, char *why, size_t why_size) {
  char dwhy[512];
  const char *path = engine_deck_path("known-defects.txt", dwhy, sizeof dwhy);
  if (!path) {
    snprintf(why, why_size, "%s", dwhy);
    return false;
  }
  FILE *f = fopen(path, "r");
  char text[32768];
  const size_t n = f ? fread(text, 1, sizeof text, f) : 0;
  const bool whole = f && n < sizeof text && !ferror(f) && memchr(text, '\0', n) == NULL;
  if (f) fclose(f);
  if (!whole) {
    snprintf(why, why_size, "%.300s: not readable, over %zu bytes or not text", path, sizeof text - 1);
    return false;
  }
  text[n] = '\0';
  char pwhy[512];
  if (!defects_parse(text, out, pwhy, sizeof pwhy)) {
    snprintf(why, why_size, "%.300s: %s", path, pwhy);
    return false;
  }
  return true;
}

const Defect *defect_find(const Defects *ds, const char *engine, const char *name) {
  for (int k = 0; k < ds->n; k++)
    if (!strcmp(ds->d[k].engine, engine) && fnmatch(ds->d[k].pattern, name, 0) == 0) return &ds->d[k];
  return NULL;
}

/* e or the duration (of delta > 0 when force-end) of a reference collision. */
static double reference_quantity(const LawModel *law, const DefectCase *c, double reff) {
  const Reference r = reference_collide(law, reff, c->meff, c->v0, c->force_end);
  if (r.captured) return NAN;
  return c->is_tc ? (c->force_end ? r.t_pos : r.t_c) : r.e;
}

double defect_predict(const Defect *d, const DefectCase *c) {
  switch (d->predict) {
  case PREDICT_NOTHING:
  case PREDICT_NONFINITE:
  case N_PREDICTIONS: return NAN;
  case PREDICT_TSUJI_LEGACY: {
    /* LAMMPS before 2Sep2026: alpha(e) without the sqrt 2 (docs/models.md §3.1) */
    const Row *legacy = c->is_tc ? NULL : row_find(c->normal, "tsuji/legacy");
    const char *src = NULL;
    const double closed = legacy ? row_closed_form(legacy, c->x, c->force_end, &src) : NAN;
    if (!isnan(closed) || !c->law) return closed;
    LawModel l = *c->law;
    l.damping = LAW_DAMP_TSUJI_LEGACY;
    l.eta_of /= sqrt(2.0);
    return reference_quantity(&l, c, c->reff);
  }
  case PREDICT_WALL_STIFF: {
    /* E* = E/(2(1 - nu)) for E/(2(1 - nu^2)): every stiffness 1 + nu times the law's */
    if (!c->law || !c->wall) return NAN;
    LawModel l = *c->law;
    l.k *= 1.0 + c->nu;
    l.Estar *= 1.0 + c->nu;
    return reference_quantity(&l, c, c->reff);
  }
  case PREDICT_EN: return c->is_tc ? NAN : c->x;
  case PREDICT_WALL_MASS: {
    /* a spring and dashpot made for meff = m/2 acting on m: omega0 / sqrt 2, zeta / sqrt 2 */
    if (c->is_tc || !c->wall) return NAN;
    const double zeta = expect_beta(c->x) / sqrt(2.0);
    return c->force_end ? expect_sp_e(zeta) : expect_lsd_e(zeta);
  }
  case PREDICT_WALL_HALF_R:
    /* Hertz: t_c ~ R^(-1/5) (Johnson 1985 §11.4); e does not depend on R for these laws */
    if (!c->wall) return NAN;
    if (c->law) return reference_quantity(c->law, c, 0.5 * c->reff);
    return c->is_tc ? c->expected * pow(2.0, 0.2) : c->expected;
  }
  return NAN;
}
