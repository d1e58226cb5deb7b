/*
 * cases_restitution.c - the matrix: every normal x damping row, geometries (equal spheres,
 * unequal radii and masses, sphere-wall), both end-of-contact criteria, the row's parameter
 * sweep and impact speeds over three decades. Per collision three checks, and a fourth on equal
 * spheres at 1 m/s:
 *   e       the pair loop's e against the continuous-time e of the model (closed form of
 *           §1-§2, else the reference integrator), tolerance f dt/t_c + 1e-12 (§7.2);
 *   energy  1 - e^2 - W/E0 (the applied-damping ledger) against the continuous-time value
 *           (0, or the JKR snap-off loss), tolerance (2 f + LEDGER_Q) dt/t_c (§5, §7.5; see below);
 *   t_c     the duration against the continuous-time one, tolerance dt (§7.2); for the cohesive
 *           rows dt max(1, f/e), as the end moves by the overlap error over the exit speed;
 *   e_fine  the e check at a ten times finer step (see FINE).
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "rows.h"
#include "cases.h"

#define DT_FRACTION (1.0 / 500.0)
/* The e check once more at a ten times finer step (equal spheres, 1 m/s): a 1 % error of η moves
 * e by |de/d ln η|/100, 1e-3 to 4e-3 on the rows here, which at dt = t_c/500 can sit inside the
 * bound f dt/t_c (2.4e-3 for hooke, 1e-2 for the cohesive rows). At t_c/5000 the bound is ten
 * times tighter, so such a fault shows in every row (the per-row fault test, tests/verify/test_verify.c). */
#define FINE 10.0
/* The ledger defect 1 − e² − W/E0 errs by −Δ(e²) − ΔW/E0. The first part is |Δe| (e_loop + e)
 * <= 2 f dt/t_c (§7.5's d(e²) = 2e de, with e <= 1 and the row's e bound f). The second is the
 * ledger's own quadrature error (the damping power at half-step velocities, first order,
 * cases_convergence.c): its worst |ΔW|/E0 t_c/dt over 8 onset phases, 16 fractional N from 20
 * to 1000, every row's sweep (speeds and geometries for the cohesive and hooke + viscoelastic
 * rows) is 4.91 (Hertz + constant damping, γ = 1, N = 20; the cohesive rows 4.86, hooke 3.44),
 * so LEDGER_Q = 6.0 (1.22x). Tolerance (2 f + LEDGER_Q) dt/t_c; the worst defect error of the
 * same scan is 4.85 on the non-cohesive rows (against 6.3 to 8.8 here) and 6.15 on the cohesive
 * ones (against 16). */
#define LEDGER_Q 6.0

static void one(Verifier *v, const Row *r, double x, Geometry g, double v0, bool limit) {
  char id[64], group[96], base[192], text[512];
  row_id(r, id, sizeof id);
  snprintf(group, sizeof group, "restitution.%s", id);
  for (char *c = group; *c; c++)
    if (*c == '/') *c = '.';
  snprintf(base, sizeof base, "restitution/%s/%s/%s/%s=%g/v=%g", id, GEO_NAMES[g], limit ? "force-end" : "delta-end",
           row_param_name(r->param), x, v0);
  const bool want_e = case_begin(v, group, "%s/e", base);
  const bool want_w = case_begin(v, group, "%s/energy", base);
  const bool want_t = case_begin(v, group, "%s/t_c", base);
  const bool want_f = g == GEO_EQUAL && v0 == 1.0 && case_begin(v, group, "%s/e_fine", base);
  if (!want_e && !want_w && !want_t && !want_f) return;
  const double t_start = omp_get_wtime(); /* the collision and reference count to the e case */
  row_model_text(r, x, g, v0, limit, text, sizeof text);
  const ContactModel m = setup_model(text);
  const Setup s = {.geo = g, .v0 = v0, .dt_fraction = DT_FRACTION, .phase = 0.3,
                   .strategy = FORCE_HALF_REDUCE, .threads = v->threads, .precision = v->precision};
  const CollideResult c = setup_collide(&m, &s); /* with the --broken fault, if any */
  /* The reference sees the model as written (the broken self-test must not fix it). */
  const LawModel law = law_model(text); /* the text as written: the fault lives in setup_collide */
  const Reference ref = reference_collide(&law, c.Reff, c.meff, v0, limit);
  const char *src = NULL;
  const double closed = row_closed_form(r, x, limit, &src);
  const double e_exp = isnan(closed) ? ref.e : closed;
  if (isnan(closed)) src = "continuous-time reference (verify/oracle/reference.c)";
  const double tc = ref.captured ? NAN : (limit ? ref.t_pos : ref.t_c);
  const double ratio = c.captured || !(c.t_c > 0) ? c.dt / c.tc_elastic : c.dt / c.t_c;
  const double tol = r->f * ratio + 1e-12;
  if (want_e) {
    if (ref.captured || c.captured) {
      case_begin(v, group, "%s/e", base); /* re-open (the flags above only counted) */
      case_end_bool(v, ref.captured == c.captured, c.captured, ref.captured,
                    "captured (never separates) in both the pair loop and the reference");
    } else {
      case_begin(v, group, "%s/e", base);
      v->t0 = t_start;
      case_end(v, c.e, e_exp, tol, "%s; %s", src, r->f_src);
    }
  }
  if (want_w) {
    case_begin(v, group, "%s/energy", base);
    if (c.captured || ref.captured) case_skip(v, "captured: no end of contact");
    else {
      const double defect = 1.0 - c.e * c.e - c.W_damp / c.E0;
      const double ref_defect = 1.0 - ref.e * ref.e - ref.W / ref.E0;
      case_end(v, defect, ref_defect, (2.0 * r->f + LEDGER_Q) * ratio + 1e-12,
               "1-e^2=W/E0 (§5), applied-damping ledger; (2f + %.1f) dt/t_c (2e de + quadrature, see file comment)",
               LEDGER_Q);
    }
  }
  if (want_t) {
    case_begin(v, group, "%s/t_c", base);
    if (c.captured || ref.captured) case_skip(v, "captured: no end of contact");
    else if (row_allows_limit(r)) case_end(v, c.t_c, tc, c.dt, "continuous-time contact duration (reference), +-dt (§7.2)");
    else /* cohesive: the end moves by the overlap error over the exit speed, ~ f dt/e (inferred) */
      case_end(v, c.t_c, tc, c.dt * fmax(1.0, r->f / c.e), "continuous-time duration, +-dt max(1, f/e) (cohesive: inferred)");
  }
  if (want_f) {
    const Setup sf = {.geo = g, .v0 = v0, .dt_fraction = DT_FRACTION / FINE, .phase = 0.3,
                      .strategy = FORCE_HALF_REDUCE, .threads = v->threads, .precision = v->precision};
    const CollideResult cf = setup_collide(&m, &sf);
    case_begin(v, group, "%s/e_fine", base);
    if (ref.captured || cf.captured)
      case_end_bool(v, ref.captured == cf.captured, cf.captured, ref.captured,
                    "captured (never separates) in both the pair loop and the reference");
    else
      case_end(v, cf.e, e_exp, r->f * cf.dt / cf.t_c + 1e-12, "%s at dt = t_c/%g; %s", src, FINE / DT_FRACTION,
               r->f_src);
  }
}

void cases_restitution(Verifier *v) {
  static const double SPEEDS[] = {0.01, 0.1, 1.0, 10.0};
  for (int k = 0; k < row_count(); k++) {
    const Row *r = row_at(k);
    double xs[8];
    const int nx = row_params(r, v->quick, xs);
    for (int limit = 0; limit < (row_allows_limit(r) ? 2 : 1); limit++)
      for (int g = 0; g < N_GEO; g++)
        for (int ix = 0; ix < nx; ix++)
          for (int iv = 0; iv < 4; iv++) {
            const double v0 = SPEEDS[iv];
            /* Three decades on equal spheres; the other geometries at 1 m/s; quick: 1 m/s,
             * equal spheres, plus the wall for the δ-end criterion. */
            if ((g != GEO_EQUAL || v->quick) && v0 != 1.0) continue;
            if (v->quick && g == GEO_UNEQUAL) continue;
            if (v->quick && g == GEO_WALL && limit) continue;
            one(v, r, xs[ix], (Geometry)g, v0, limit);
          }
  }
}
