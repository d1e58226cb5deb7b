/*
 * cases_kharaz.c - Kharaz, Gorham & Salman (2001)'s measured rebound of 5 mm aluminium oxide
 * spheres (verify/oracle/kharaz.h) against grandamp's tangential models (kharaz_cases.h says how
 * they are judged): cases kharaz/MODEL[/x0|/x1]/e_t|spin|rebound/theta=A, family kharaz, the
 * impact of Chung & Ooi's test 4 at each measured angle through the production loops
 * (dt = t_c/500). Also the table of DATA/verify-kharaz.md and the points for the test-4 plot
 * (DATA/verify-kharaz.dat).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "error.h"
#include "kharaz_cases.h"
#include "output.h"

/* ---- the table -------------------------------------------------------------------------------- */

#define MAX_ROWS 64
typedef struct KharazRow {
  char label[64];
  int follows[N_KHARAZ][3], points[N_KHARAZ][3]; /* per quantity and regime */
} KharazRow;
static KharazRow rows[MAX_ROWS];
static int nrows;

int kharaz_regime(double angle) { return angle < 10.0 ? 0 : angle < kharaz_sliding_angle() ? 1 : 2; }

bool kharaz_judged(KharazQuantity q, bool coulomb, double angle) {
  return coulomb && q != KHARAZ_REBOUND && kharaz_regime(angle) == 2;
}

const char *kharaz_why_not(KharazQuantity q, bool coulomb, double angle) {
  if (!coulomb) return "a tangential dashpot, not a Coulomb slider, at this damping";
  if (q == KHARAZ_REBOUND) return "the rebound angle: every sliding model gives the rigid body's";
  return kharaz_regime(angle) ? "microslip regime" : "sticking regime";
}

double kharaz_measure(KharazQuantity q, const Impact *im, double vx, const Outcome *o) {
  switch (q) {
  case KHARAZ_ET: return o->vt / im->vt0;
  case KHARAZ_SPIN: return fabs(o->wi);
  default: return atan2(fabs(o->vt), fabs(vx)) * 180.0 / GD_PI;
  }
}

void kharaz_record(const Verifier *v, const char *row, KharazQuantity q, int k, double y, double tol) {
  if (v->dry || v->planning) return;
  int n;
  const KharazPoint *p = &kharaz_points(q, &n)[k];
  KharazRow *r = NULL;
  for (int i = 0; i < nrows && !r; i++)
    if (!strcmp(rows[i].label, row)) r = &rows[i];
  if (!r && nrows < MAX_ROWS) r = &rows[nrows++], snprintf(r->label, sizeof r->label, "%s", row);
  if (!r) return;
  const int g = kharaz_regime(kharaz_angle(p));
  r->points[q][g]++;
  r->follows[q][g] += isfinite(y) && fabs(y - kharaz_value(p)) <= tol;
}

bool kharaz_write_table(const Verifier *v, const char *data) {
  (void)v;
  if (!nrows) return true;
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-kharaz.md", data);
  OutFile o;
  if (!out_open(&o, path)) return false;
  fprintf(o.f, "| Kharaz et al. (2001): points followed, below 10° · microslip · sliding | e_t | spin | rebound angle |\n"
               "|---|---|---|---|\n");
  for (int i = 0; i < nrows; i++) {
    fprintf(o.f, "| %s |", rows[i].label);
    for (int q = 0; q < N_KHARAZ; q++) {
      fputc(' ', o.f);
      for (int g = 0; g < 3; g++)
        fprintf(o.f, "%s%d/%d", g ? " · " : "", rows[i].follows[q][g], rows[i].points[q][g]);
      fprintf(o.f, " |");
    }
    fputc('\n', o.f);
  }
  fprintf(o.f, "\nRegimes by the impact angle from the normal: below 10°, 10° to %.1f° (microslip), above it "
               "(gross sliding, where the e_t and spin of every model with a history are judged); a point is "
               "followed within 3 times the measurement's scatter about Maw, Barber & Fawcett's theory plus the "
               "two digitisations' disagreement.\n",
          kharaz_sliding_angle());
  return out_commit(&o);
}

/* The measured points for the test-4 plot: per quantity, digitisation A then B (two blocks each). */
static void write_points(const Verifier *v) {
  if (v->dry || !v->data) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-kharaz.dat", v->data);
  OutFile o;
  if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  fprintf(o.f, "# Kharaz, Gorham & Salman (2001): angle [deg] value; blocks: e_t A, e_t B, spin A, spin B, "
               "rebound A, rebound B (A: MFiX DEM05, B: Lethe's example)\n");
  for (int q = 0; q < N_KHARAZ; q++)
    for (int d = 0; d < 2; d++) {
      int n;
      const KharazPoint *ps = kharaz_points((KharazQuantity)q, &n);
      fprintf(o.f, "%s\"%s %s\"\n", q || d ? "\n\n" : "", kharaz_name((KharazQuantity)q), d ? "B" : "A");
      for (int k = 0; k < n; k++)
        fprintf(o.f, "%.6g %.6g\n", d ? ps[k].angle_b : ps[k].angle_a, d ? ps[k].value_b : ps[k].value_a);
    }
  if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
}

/* ---- grandamp's models ------------------------------------------------------------------------ */

/* One measured point of quantity q for one tangential model: its case. */
static void point_case(Verifier *v, const Tangential *tg, KharazQuantity q, int k, double scatter) {
  const ObliqueTest *t = &OBLIQUE_TESTS[0]; /* test 4 is this experiment */
  const Material *m = &t->materials[0];
  int n;
  const KharazPoint *p = &kharaz_points(q, &n)[k];
  const double angle = kharaz_angle(p), tol = kharaz_tolerance(q, p, scatter);
  char model[48];
  snprintf(model, sizeof model, "%s%s", tg->name, tg->history ? (tg->xt == 0.0 ? "/x0" : "/x1") : "");
  if (!case_begin(v, "kharaz", "kharaz/%s/%s/theta=%.4g", model, kharaz_name(q), angle)) return;
  const Impact im = impact_of(t, m, angle);
  char text[384];
  oblique_model_text(t, m, tg, "coeff_restitution", text, sizeof text);
  CollideResult r;
  const char *why = NULL;
  if (!impact_run(v, text, &im, true, &r, &why)) {
    case_end_outcome(v, OUTCOME_FAIL, NULL, NAN, kharaz_value(p), tol, "the collision did not run: %s", why);
    return;
  }
  const Outcome o = {r.e, r.vt, r.wi, r.wj};
  const double y = kharaz_measure(q, &im, r.vx, &o);
  char row[64];
  snprintf(row, sizeof row, "grandamp %s", model);
  kharaz_record(v, row, q, k, y, tol);
  if (kharaz_judged(q, tg->history, angle)) {
    case_end(v, y, kharaz_value(p), tol,
             "Kharaz et al. (2001), gross sliding: 3x the scatter about Maw et al. (%.4g) + the digitisations' "
             "disagreement",
             scatter);
  } else {
    char reason[160];
    snprintf(reason, sizeof reason, "recorded, not judged (%s)", kharaz_why_not(q, tg->history, angle));
    case_skip_detail(v, reason, "%.4g against the measured %.4g, %s (tolerance %.3g)", y, kharaz_value(p),
                     fabs(y - kharaz_value(p)) <= tol ? "follows" : "leaves it", tol);
  }
}

void cases_kharaz(Verifier *v) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "kharaz");
  double scatter[N_KHARAZ];
  for (int q = 0; q < N_KHARAZ; q++) scatter[q] = v->dry ? 0.0 : kharaz_scatter((KharazQuantity)q);
  for (int g = 0; g < N_OF(TANGENTIALS); g++) {
    if (v->quick && !(g == 1 || g == 3)) continue;
    for (int q = 0; q < N_KHARAZ; q++) {
      int n;
      kharaz_points((KharazQuantity)q, &n);
      for (int k = 0; k < n; k++) point_case(v, &TANGENTIALS[g], (KharazQuantity)q, k, scatter[q]);
    }
  }
  write_points(v);
  v->key = outer;
}
