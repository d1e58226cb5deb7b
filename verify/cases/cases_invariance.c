/*
 * cases_invariance.c - the cheap invariances of docs/verification.md §8, and the determinism of
 * the loops: e independent of v0 and of the mass ratio at fixed meff (tsuji, coeff_restitution
 * on Hertz); hertz/material equal to hertz with k = 4/3 E*; two-body equal to particle-wall
 * at the same meff and Reff; thread counts and strategies.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "faults.h"
#include "rows.h"
#include "cases.h"

/* A collision with explicit bodies (the Setup geometries are fixed). */
static CollideResult collide_bodies(const char *text, double Ri, double Rj, double mi, double mj, bool wall,
                                    ForceStrategy st, bool use_ref, int threads) {
  CollideSpec c = collide_defaults();
  c.model = setup_model(text);
  c.Ri = Ri, c.Rj = Rj, c.mi = mi, c.mj = mj, c.wall = wall;
  fault_apply(&c.model, mi, wall ? INFINITY : mj); /* --broken */
  c.v0 = 1.0;
  c.dt = 2e-7;
  c.phase = 0.3;
  c.strategy = st;
  c.use_ref = use_ref;
  c.threads = threads;
  CollideResult r;
  const char *why;
  if (!collide_run(&c, &r, &why)) gd_die(GD_EXIT_RUNTIME, "verify: %s", why);
  return r;
}

static double rel(double a, double b) { return fabs(a - b) / fmax(fabs(b), 1e-300); }

static void speed_and_mass(Verifier *v) {
  static const char *const DM[] = {"tsuji", "coeff_restitution"};
  for (int d = 0; d < 2; d++) {
    const Row *r = row_find("hertz/material", DM[d]);
    char text[512];
    row_model_text(r, 0.5, GEO_EQUAL, 1.0, false, text, sizeof text);
    const LawModel m = law_model(text); /* the reference's own force law */
    const double Reff = setup_reff(GEO_EQUAL), meff = setup_meff(GEO_EQUAL);
    if (case_begin(v, "invariance.speed", "invariance/hertz_material/%s/e=0.5/v=1e-2..1e2/reference", DM[d])) {
      const Reference r1 = reference_collide(&m, Reff, meff, 1.0, false);
      double worst = 0.0;
      for (double v0 = 1e-2; v0 <= 1.01e2; v0 *= 10.0)
        worst = fmax(worst, fabs(reference_collide(&m, Reff, meff, v0, false).e - r1.e));
      case_end(v, worst, 0.0, 1e-11, "e independent of v0 over 4 decades (§8), continuous time");
    }
    if (case_begin(v, "invariance.mass", "invariance/hertz_material/%s/e=0.5/mass_ratio/loop", DM[d])) {
      /* meff = m/2 from (m, m) and (3m/4, 3m/2); the relative motion is the same ODE step by step */
      const double mm = 2.0 * meff;
      const int nth = v->threads;
      const CollideResult a = collide_bodies(text, 0.005, 0.005, mm, mm, false, FORCE_HALF_REDUCE, false, nth);
      const CollideResult b =
          collide_bodies(text, 0.005, 0.005, 0.75 * mm, 1.5 * mm, false, FORCE_HALF_REDUCE, false, nth);
      case_end(v, rel(b.e, a.e), 0.0, 1e-12, "e independent of the mass ratio at fixed meff (§8), relative, up to rounding");
    }
  }
}

static void material_vs_hertz(Verifier *v) {
  static const char *const DM[] = {"viscoelastic", "tsuji", "velocity"};
  for (int d = 0; d < 3; d++) {
    if (!case_begin(v, "invariance.material", "invariance/hertz_material=hertz/%s/loop", DM[d])) continue;
    char a[512], b[512];
    row_model_text(row_find("hertz/material", DM[d]), 0.3, GEO_EQUAL, 1.0, false, a, sizeof a);
    row_model_text(row_find("hertz", DM[d]), 0.3, GEO_EQUAL, 1.0, false, b, sizeof b);
    const double mm = 2.0 * setup_meff(GEO_EQUAL);
    const CollideResult ca = collide_bodies(a, 0.005, 0.005, mm, mm, false, FORCE_HALF_REDUCE, false, v->threads);
    const CollideResult cb = collide_bodies(b, 0.005, 0.005, mm, mm, false, FORCE_HALF_REDUCE, false, v->threads);
    case_end(v, rel(cb.e, ca.e), 0.0, 1e-12, "hertz/material = hertz with k = 4/3 E* (§8), relative, up to rounding");
  }
}

static void pair_vs_wall(Verifier *v) {
  static const char *const NM[] = {"hooke", "hertz/material", "dmt", "jkr"};
  for (int k = 0; k < 4; k++) {
    if (!case_begin(v, "invariance.wall", "invariance/pair=wall/%s/viscoelastic/loop", k == 1 ? "hertz_material" : NM[k])) continue;
    char text[512];
    const Row *r = row_find(NM[k], "viscoelastic");
    row_model_text(r, r->param == PARAM_ZETA ? 0.2 : 0.3, GEO_EQUAL, 1.0, false, text, sizeof text);
    const double mm = 2.0 * setup_meff(GEO_EQUAL);
    /* pair: R, R, m, m -> Reff = R/2, meff = m/2; wall: radius R/2, mass m/2 */
    const CollideResult p = collide_bodies(text, 0.005, 0.005, mm, mm, false, FORCE_HALF_REDUCE, false, v->threads);
    const CollideResult w =
        collide_bodies(text, 0.0025, INFINITY, 0.5 * mm, INFINITY, true, FORCE_HALF_REDUCE, false, v->threads);
    case_end(v, rel(w.e, p.e), 0.0, 1e-12, "two-body = particle-wall at the same meff, Reff (§8), relative");
  }
}

static void threads_and_strategies(Verifier *v) {
  static const char *const NM[][2] = {{"hooke", "velocity"}, {"hertz/material", "tsuji"}, {"jkr", "viscoelastic"}};
  for (int k = 0; k < 3; k++) {
    const Row *r = row_find(NM[k][0], NM[k][1]);
    char id[64], text[512];
    row_id(r, id, sizeof id);
    double xs[8];
    row_params(r, true, xs);
    row_model_text(r, xs[0], GEO_UNEQUAL, 1.0, false, text, sizeof text);
    double Ri, Rj, mi, mj;
    setup_bodies(GEO_UNEQUAL, &Ri, &Rj, &mi, &mj);
    const bool want_t = case_begin(v, "invariance.threads", "invariance/%s/full/threads=1:2/bitwise", id);
    const bool want_s = case_begin(v, "invariance.strategies", "invariance/%s/strategies+ref/loop", id);
    if (!want_t && !want_s) continue;
    const int nth = v->threads;
    const CollideResult f1 = collide_bodies(text, Ri, Rj, mi, mj, false, FORCE_FULL, false, 1);
    const CollideResult f2 = collide_bodies(text, Ri, Rj, mi, mj, false, FORCE_FULL, false, 2);
    if (want_t) {
      case_begin(v, "invariance.threads", "invariance/%s/full/threads=1:2/bitwise", id);
      case_end_bool(v, f1.e == f2.e && f1.t_c == f2.t_c && f1.W_damp == f2.W_damp, f2.e, f1.e,
                    "full list: bitwise identical for 1 and 2 threads (docs/commands.md, reproducibility)");
    }
    if (want_s) {
      double worst = 0.0;
      for (int st = 0; st < N_STRATEGY; st++)
        worst = fmax(worst, rel(collide_bodies(text, Ri, Rj, mi, mj, false, (ForceStrategy)st, false, nth).e, f1.e));
      worst = fmax(worst, rel(collide_bodies(text, Ri, Rj, mi, mj, false, FORCE_HALF_REDUCE, true, nth).e, f1.e));
      case_begin(v, "invariance.strategies", "invariance/%s/strategies+ref/loop", id);
      case_end(v, worst, 0.0, 1e-12,
               "every strategy and the _ref loop agree, relative (docs/commands.md, reproducibility)");
    }
  }
}

void cases_invariance(Verifier *v) {
  speed_and_mass(v);
  material_vs_hertz(v);
  pair_vs_wall(v);
  threads_and_strategies(v);
}
