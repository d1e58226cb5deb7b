/*
 * cases_energy_gain.c - energy is never created (docs/verification.md §8b): after an oblique
 * contact, the kinetic energy of the relative motion plus the spins' must not exceed what it was
 * before by more than the integrator's bound (energy_gain_bound, oblique_tests.h). lammps/lammps
 * pull request 5007 (2026) found fix wall/gran hooke/history gaining up to 34 % at grazing
 * incidence with mu 0.5; this family looks for any such gain in grandamp's loops.
 *
 *   energy-gain/chung-ooi/...  every impact of Chung & Ooi's tests 4-8 (cases_chung_ooi_oblique.c
 *                              judges them there too; this is their energy case);
 *   energy-gain/sweep/...      a sphere on a plane and two equal spheres (test 4's aluminium
 *                              oxide, R 2.5 mm, 3.9 m/s, e 0.98), mu 0.5, the impact angle from
 *                              5 to 89.9 degrees from the normal, without spin and with a
 *                              backspin R w = -V_t (the contact slipping at twice V_t), every
 *                              tangential model, dt = t_c/500.
 * Each case: (E_out - E_in)/E_in, one-sided: at most the bound over E_in.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "energy_gain.h"
#include "rows.h"

#define GAIN_MU 0.5

static const double ANGLES[] = {5, 15, 30, 45, 60, 70, 76, 80, 85, 88, 89, 89.5, 89.9};
#define OXIDE {"al-oxide", 380e9, 0.23, 4000.0}
/* The sweep as Chung & Ooi's test 4 with mu 0.5: on a plane, and between two equal spheres. */
const ObliqueTest GAIN_SWEEPS[2] = {
    {0, true, 0.0025, 0, 0, 3.9, GAIN_MU, 0.98, VARY_ANGLE, ANGLES, N_OF(ANGLES), {OXIDE, OXIDE}},
    {0, false, 0.0025, 1.0, 1.0, 3.9, GAIN_MU, 0.98, VARY_ANGLE, ANGLES, N_OF(ANGLES), {OXIDE, OXIDE}},
};

double gain_backspin(const Impact *im) { return -im->vt0 / im->Ri; }

void gain_sweep_name(const char *prefix, const ObliqueTest *t, const Tangential *tg, bool spin, double angle,
                     char *buf, size_t size) {
  snprintf(buf, size, "%senergy-gain/sweep/%s/%s%s/spin=%s/theta=%g", prefix, t->plane ? "wall" : "pair", tg->name,
           tg->history ? (tg->xt == 0.0 ? "/x0" : "/x1") : "", spin ? "back" : "none", angle);
}

double gain_e_bound(const char *normal) {
  double f = 0.0;
  for (int k = 0; k < row_count(); k++)
    if (!strcmp(row_at(k)->normal, normal)) f = fmax(f, row_at(k)->f);
  return f;
}

void gain_judge(Verifier *v, const Impact *im, bool plane, double vx, const Outcome *o, double mu, double e,
                double de, double dv, const char *what) {
  const double Ein = impact_energy(im, plane, 0.0, NULL), Eout = impact_energy(im, plane, vx, o);
  const double tol = energy_gain_bound(im, plane, vx, o, mu, e, de, dv) / Ein, gain = (Eout - Ein) / Ein;
  const bool pass = isfinite(gain) && gain <= tol;
  case_check_one_sided(v, CHECK_AT_MOST);
  case_end_outcome(v, pass ? OUTCOME_PASS : OUTCOME_FAIL, NULL, gain, 0.0, tol,
                   "(E_out - E_in)/E_in at most the integrator's bound (e within %g dt/t_c, V_t' and R w' within %g dt/t_c "
                   "of mu(1+e)V_n; oblique_tests.h): %s%s",
                   de, dv, what, pass ? "" : "; energy created");
}

/* One sweep impact through the production loops: its energy case. */
static void sweep_impact(Verifier *v, const ObliqueTest *t, const Tangential *tg, double angle, bool spin) {
  char name[192];
  gain_sweep_name("", t, tg, spin, angle, name, sizeof name);
  if (!case_begin(v, "energy_gain.sweep", "%s", name)) return;
  const Material *m = &t->materials[0];
  Impact im = impact_of(t, m, angle);
  if (spin) im.wi0 = gain_backspin(&im);
  char text[384];
  oblique_model_text(t, m, tg, "coeff_restitution", text, sizeof text);
  CollideResult r;
  const char *why = NULL;
  if (!impact_run(v, text, &im, t->plane, &r, &why)) {
    case_end_outcome(v, OUTCOME_FAIL, NULL, NAN, 0.0, 0.0, "the collision did not run: %s", why);
    return;
  }
  const Outcome o = {r.e, r.vt, r.wi, r.wj};
  const double dt_tc = r.dt / r.tc_elastic;
  gain_judge(v, &im, t->plane, r.vx, &o, t->mu, t->e, gain_e_bound(t->plane ? "hertz" : "hertz/material") * dt_tc,
             bound_c(tg) * dt_tc, text);
}

void cases_energy_gain(Verifier *v) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "energy-gain");
  for (int s = 0; s < 2; s++)
    for (int g = 0; g < N_OF(TANGENTIALS); g++) {
      const Tangential *tg = &TANGENTIALS[g];
      /* the make-test subset: one grazing and one steep impact of three models */
      if (v->quick && !(g == 0 || g == 1 || g == 3)) continue;
      for (int spin = 0; spin < 2; spin++)
        for (int a = 0; a < N_OF(ANGLES); a++) {
          if (v->quick && (spin || !(ANGLES[a] == 76 || ANGLES[a] == 89))) continue;
          sweep_impact(v, &GAIN_SWEEPS[s], tg, ANGLES[a], spin);
        }
    }
  v->key = outer;
}
