/*
 * cases_chung_ooi_oblique.c - tests 4 to 8 of Chung & Ooi (2011): oblique impacts and spin, for
 * every tangential model (docs/verification.md §8a). Parameters as the public implementations
 * state them (LIGGGHTS-PFM's examples/LIGGGHTS/PFM/tests/contact_models/chung, Yade's Test4.py,
 * Kratos's DEMApplication Chung_Ooi_class):
 *
 *   test 4  a sphere on a rigid plane, R 2.5 mm, 3.9 m/s at 5...85 degrees, mu 0.092, e 0.98:
 *           aluminium oxide (380 GPa, 0.23, 4000) and aluminium alloy (70 GPa, 0.33, 2700);
 *   test 5  a sphere on a rigid plane, R 0.01 mm, V_n 5 m/s, V_t 0.1...21 m/s, mu 0.3, e 1:
 *           steel (208 GPa, 0.30, 7850) and polyethylene (1 GPa, 0.40, 1400);
 *   test 6  a sphere on a rigid plane, R 0.1 m, V_n 0.2 m/s, spin 0.175...21 rad/s, mu 0.4,
 *           e 0.5: aluminium alloy (70 GPa, 0.33, 2700) and nylon (2.5 GPa, 0.40, 1000);
 *   test 7  two identical spheres, R 0.1 m, 0.2 m/s each, equal and opposite spins 0.175...21
 *           rad/s (the contact points move together: no slip), mu 0.4, e 0.5: aluminium alloy
 *           and copper (120 GPa, 0.35, 8900);
 *   test 8  a sphere of R 0.1 m at 0.2 m/s with spin 0.175...21 rad/s on one of 5R, 1000 times
 *           denser, at rest, mu 0.4, e 0.5: aluminium alloy and nylon.
 *
 * The rigid plane is hertz with k = (4/3) E/(1 - nu^2) (grandamp's wall is the sphere's own
 * material), two spheres hertz/material. e comes from coeff_restitution (the exact Hertz map,
 * δ-end). Tangential models: linear_nohistory (x_gamma_t 1), and linear_history and the mindlin
 * family with x_gamma_t 0 and 1; mindlin's k_t = 8 G* (Mindlin 1949: G* = G/(2 - nu) on a
 * rigid plane, G/(2(2 - nu)) for two spheres of one material), linear_history's the same
 * stiffness at Hertz's largest contact radius, 8 G* sqrt(R* delta_max).
 *
 * Every impact runs through the production loops at dt = t_c/500 and is judged against the
 * verifier's continuous reference of the same model (verify/oracle/oblique_ref.c, 40 times finer):
 * the largest of |dV_t|, R_i |dw_i| and R_j |dw_j| over the impulse scale mu (1 + e) V_n must
 * stay within OBLIQUE_C dt/t_c. Test 5 (e = 1) is also judged in the gross-sliding regime
 * against the rigid-body closed form V_t' = V_t - mu (1 + e) V_n, R w' = (5/2) mu (1 + e) V_n,
 * and test 7 against the exact answer of no slip (nothing changes).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "energy_gain.h"
#include "mbf.h"
#include "oblique_ref.h"
#include "oblique_tests.h"
#include "output.h"
#include "cases.h"

/* The slip speed of the contact point of i against j along y: V_t - R w on a plane (the contact
 * point lies at -R x), V_t + R_i w_i + R_j w_j for i left of j (docs/models.md §1.1). */
static double slip_of(bool plane, const Impact *im, double vt, double wi, double wj) {
  return plane ? vt - im->Ri * wi : vt + im->Ri * wi + im->Rj * wj;
}

/* One impact through the production loops (sim) and the continuous reference (ref). */
static void run_impact(const Verifier *v, const ObliqueTest *t, const Material *m, const Tangential *tg,
                       const Impact *im, Outcome *sim, Outcome *ref, double *dt_over_tc, double *vx) {
  char text[384];
  oblique_model_text(t, m, tg, "coeff_restitution", text, sizeof text);
  CollideResult r;
  const char *why = NULL;
  if (!impact_run(v, text, im, t->plane, &r, &why)) gd_die(GD_EXIT_RUNTIME, "verify: chung-ooi/%d %s: %s", t->number, text, why);
  const ObliqueResult o = reference_of(t, text, im, false);
  *sim = (Outcome){r.e, r.vt, r.wi, r.wj};
  *ref = (Outcome){o.e, o.vt, o.wi, o.wj};
  *dt_over_tc = r.dt / r.tc_elastic;
  *vx = r.vx;
}

/* The impact's energy case (cases_energy_gain.c, family energy-gain), counted only when sim is
 * NULL. */
#define GAIN_GROUP "energy_gain.chung_ooi"
static void energy_case(Verifier *v, const ObliqueTest *t, const Tangential *tg, const Impact *im, const char *name,
                        double vx, const Outcome *sim, double dt_tc) {
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "energy-gain");
  if (case_begin(v, GAIN_GROUP, "energy-gain/%s", name) && sim)
    gain_judge(v, im, t->plane, vx, sim, t->mu, t->e, gain_e_bound(t->plane ? "hertz" : "hertz/material") * dt_tc,
               bound_c(tg) * dt_tc, name);
  v->key = outer;
}

/* One impact's cases: against the reference, and the closed form where one applies. Returns
 * whether it ran (sim and ref set). */
static bool impact_cases(Verifier *v, const ObliqueTest *t, const Material *m, const Tangential *tg, double value,
                         Outcome *sim, Outcome *ref) {
  const char *group = "chung_ooi.oblique";
  char name[160];
  impact_name("", t, m, tg, value, name, sizeof name);
  const Impact im = impact_of(t, m, value);
  const Closed closed = closed_form_of(t, &im);
  const bool want = case_wanted(v, group, "%s", name) ||
                    (closed && case_wanted(v, group, "%s/%s", name, CLOSED_NAMES[closed])) ||
                    case_wanted(v, GAIN_GROUP, "energy-gain/%s", name);
  if (!want) {
    if (v->dry) { /* count them */
      case_begin(v, group, "%s", name);
      if (closed) case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed]);
      energy_case(v, t, tg, &im, name, 0.0, NULL, 0.0);
    }
    return false;
  }
  double dt_tc;
  double vx;
  run_impact(v, t, m, tg, &im, sim, ref, &dt_tc, &vx);
  const double scale = t->mu * (1.0 + t->e) * im.vn; /* the gross-sliding impulse per mass */
  if (case_begin(v, group, "%s", name))
    case_end(v, oblique_error(t, &im, sim, ref), 0.0, bound_c(tg) * dt_tc,
             "continuous reference of the tangential model (verify/oracle/oblique_ref.c): max(|dV_t|, R|dw|)/(mu(1+e)V_n); "
             "%g dt/t_c", bound_c(tg));
  if (closed == CLOSED_SLIDING && case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed])) {
    const double err = fmax(fabs(sim->vt - (im.vt0 - scale)), fabs(im.Ri * sim->wi - 2.5 * scale));
    case_end(v, err / scale, 0.0, 1e-4,
             "rigid-body gross sliding V_t' = V_t - mu(1+e)V_n, R w' = (5/2) mu(1+e)V_n (Chung & Ooi 2011, test 5), "
             "over mu(1+e)V_n; 1e-4 (e = 1 within 0.1 (dt/t_c)^2)");
  }
  if (closed == CLOSED_NO_SLIP && case_begin(v, group, "%s/%s", name, CLOSED_NAMES[closed])) {
    const double err = fmax(fabs(sim->vt), fmax(im.Ri * fabs(sim->wi - im.wi0), im.Rj * fabs(sim->wj - im.wj0)));
    case_end(v, err / scale, 0.0, 1e-12,
             "no slip under equal and opposite spins: V_t' = 0, w' = w (Chung & Ooi 2011, test 7), over mu(1+e)V_n; "
             "1e-12");
  }
  energy_case(v, t, tg, &im, name, vx, sim, dt_tc);
  return true;
}

/* The paper's quantities of one impact, for the plots: the varied value, e_t = V_t'/V_t, the spin
 * w_i', the rebound angle of the contact point atan(V_s'/(e V_n)) [deg], beta = -V_s'/V_s,
 * 3.5 mu (1+e) V_n/|V_s|, and V_s'/(mu V_n), R w'/(mu V_n) (test 5's normalisation). */
static void plot_row(FILE *f, const ObliqueTest *t, const Impact *im, double value, const Outcome *o) {
  const double vs0 = slip_of(t->plane, im, im->vt0, im->wi0, im->wj0);
  const double vs1 = slip_of(t->plane, im, o->vt, o->wi, o->wj);
  fprintf(f, "%g %.10g %.10g %.10g %.10g %.10g %.10g %.10g", value, im->vt0 != 0.0 ? o->vt / im->vt0 : NAN, o->wi,
          atan2(vs1, o->e * im->vn) * 180.0 / GD_PI, vs0 != 0.0 ? -vs1 / vs0 : NAN,
          vs0 != 0.0 ? 3.5 * t->mu * (1.0 + t->e) * im->vn / fabs(vs0) : NAN, vs1 / (t->mu * im->vn),
          im->Ri * o->wi / (t->mu * im->vn));
}

/* Two more blocks for the plots: Maw, Barber & Fawcett's elastic microslip impact (verify/oracle/mbf.c)
 * at test 4's aluminium oxide and test 5's steel, in plot_row's columns. */
static void mbf_blocks(FILE *f) {
  for (int i = 0; i < 2; i++) {
    const ObliqueTest *t = &OBLIQUE_TESTS[i];
    const Material *m = &t->materials[0];
    fprintf(f, "\n\n\"Maw, Barber & Fawcett (1976), elastic, test %d %s\"\n", t->number, m->name);
    for (int n = 0; n < t->nvalues; n++) {
      const Impact im = impact_of(t, m, t->values[n]);
      const double G = m->E / (2.0 * (1.0 + m->nu));
      const MbfImpact in = {.R = im.Ri, .m = im.mi, .Estar = m->E / (1.0 - m->nu * m->nu), .Gstar = G / (2.0 - m->nu),
                            .mu = t->mu, .vn = im.vn, .vt = im.vt0, .w0 = im.wi0};
      MbfResult r;
      if (!mbf_collide(&in, &r)) gd_die(GD_EXIT_RUNTIME, "verify: the Maw-Barber-Fawcett impact did not run");
      const Outcome o = {r.e, r.vt, r.w, 0.0};
      plot_row(f, t, &im, t->values[n], &o);
      fputc('\n', f);
    }
  }
}

void cases_chung_ooi_oblique(Verifier *v) {
  OutFile o = {0};
  const bool plot = chung_ooi_open_plot(v, "chung_ooi.oblique", "chung-ooi/", "verify-chung-ooi-48.dat", &o);
  if (plot)
    fprintf(o.f, "# Chung & Ooi tests 4-8 through grandamp's loops (dt = t_c/500) and the continuous reference\n"
                 "# value e_t w' rebound_deg beta x=3.5mu(1+e)Vn/|Vs| Vs'/(muVn) Rw'/(muVn), grandamp then reference;\n"
                 "# blocks: test / material / tangential model\n");
  const CaseKey outer = v->key;
  for (int i = 0; i < N_OBLIQUE_TESTS; i++) {
    const ObliqueTest *t = &OBLIQUE_TESTS[i];
    case_key_set(v->key.family, sizeof v->key.family, "chung-ooi/%d", t->number);
    for (int k = 0; k < 2; k++)
      for (int g = 0; g < N_OF(TANGENTIALS); g++) {
        const Tangential *tg = &TANGENTIALS[g];
        if (!tg->history && t->e == 1.0) continue; /* no damping: linear_nohistory has no force */
        if (plot)
          fprintf(o.f, "\n\n\"test %d %s %s x_gamma_t %g\"\n", t->number, t->materials[k].name, tg->name, tg->xt);
        for (int n = 0; n < t->nvalues; n++) {
          /* the make-test subset: one impact per test, the first material, four models */
          if (v->quick && (k > 0 || n != 1 || !(g == 0 || g == 1 || g == 3 || g == 6))) continue;
          Outcome sim, ref;
          if (!impact_cases(v, t, &t->materials[k], tg, t->values[n], &sim, &ref)) continue;
          if (plot) {
            const Impact im = impact_of(t, &t->materials[k], t->values[n]);
            plot_row(o.f, t, &im, t->values[n], &sim);
            fputc(' ', o.f);
            plot_row(o.f, t, &im, t->values[n], &ref);
            fputc('\n', o.f);
          }
        }
      }
  }
  v->key = outer;
  if (plot) mbf_blocks(o.f);
  if (plot && !out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: the plot data above could not be written");
}
