/*
 * cases_mdr_compaction.c - MDR's bulk response in `make verify` (docs/models.md §6.3, §6.5): a
 * small fcc block squeezed between a static and a moving wall, run with psi_b = 0.8 and 0.
 *   mdr/compaction/identical_before_psi_b  the two runs give the same wall force until some
 *                                          psi < psi_b (the same computation until then);
 *   mdr/compaction/stiffening_past_psi_b   past it, the wall-force ratio of the two runs against
 *                                          the ratio of their interior bond forces (expect_mdr.c)
 *                                          at the bond overlaps measured in each run.
 * Writes data/verify-mdr-compaction.dat.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "expect_mdr.h"
#include "faults.h"
#include "output.h"
#include "sim.h"
#include "cases.h"

/* ---- uniaxial compaction between walls --------------------------------------------------- */

typedef struct Compaction {
  int n;
  double *strain, *force, *psi_min;
  double strain_at_psib; /**< first strain with some psi < psi_b (NaN if never) */
  double D_cross;        /**< mean interior bond overlap at that strain */
  double D_end, nx_end;  /**< the same and its mean |cos| to the wall normal, at the end */
} Compaction;

/* The mean overlap and |n_x| of the inclined bonds between interior particles (centres more than
 * 1.7 R from both walls: not the wall layers), from the positions (periodic in y and z). */
static void interior_bonds(const Sim *s, const Box *box, double gap_hi, double *D_mean, double *nx_mean) {
  const double R = RAD, Ly = box->hi[1] - box->lo[1], Lz = box->hi[2] - box->lo[2];
  double sum = 0.0, snx = 0.0;
  int cnt = 0;
  for (int64_t i = 0; i < s->p.n; i++) {
    if (s->p.x[i] < 1.7 * R || s->p.x[i] > gap_hi - 1.7 * R) continue;
    for (int64_t k = s->nl.start[i]; k < s->nl.start[i + 1]; k++) {
      const int64_t j = s->nl.j[k];
      if (s->p.x[j] < 1.7 * R || s->p.x[j] > gap_hi - 1.7 * R) continue;
      const double dx = s->p.x[j] - s->p.x[i];
      double dy = s->p.y[j] - s->p.y[i], dz = s->p.z[j] - s->p.z[i];
      dy -= round(dy / Ly) * Ly, dz -= round(dz / Lz) * Lz;
      const double r = sqrt(dx * dx + dy * dy + dz * dz), D = s->p.radius[i] + s->p.radius[j] - r;
      if (fabs(dx) < 0.3 * R || D <= 0.0) continue; /* the bonds in the y-z planes carry nothing */
      sum += D, snx += fabs(dx) / r, cnt++;
    }
  }
  *D_mean = cnt ? sum / cnt : NAN;
  *nx_mean = cnt ? snx / cnt : NAN;
}

/* An fcc block of nc x 3 x 3 cells (touching, periodic in y and z) between a lo wall at x = 0
 * and a hi wall moving in at speed vw, to the given strain of the wall gap. Force on the hi
 * wall (positive = compressive) and min psi per sample. */
static Compaction compact(double psi_b, int nc, double strain_end, double transits, int samples) {
  const double R = RAD, a = 2.0 * sqrt(2.0) * R; /* touching fcc: nearest distance a/sqrt2 = 2R */
  const int ny = 3, nz = 3; /* periodic: at least 3 interaction ranges 2R + skin wide */
  const int64_t n = 4 * (int64_t)nc * ny * nz;
  Particles p;
  particles_alloc(&p, n, 1);
  static const double B[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  int64_t k = 0;
  for (int i = 0; i < nc; i++)
    for (int j = 0; j < ny; j++)
      for (int l = 0; l < nz; l++)
        for (int b = 0; b < 4; b++, k++) {
          p.x[k] = R + (i + B[b][0]) * a, p.y[k] = (j + B[b][1]) * a, p.z[k] = (l + B[b][2]) * a;
          p.radius[k] = R, p.mass[k] = mdr_sphere_mass(R);
        }
  const double gap0 = (nc - 0.5) * a + 2.0 * R; /* last layer at x = R + (nc - 1/2) a */
  Box box = {.lo = {-R, 0, 0}, .hi = {gap0 + 2.0 * R, ny * a, nz * a}, .periodic = {false, true, true}};
  ContactModel *models = gd_xmalloc(sizeof *models);
  char text[256];
  mdr_text(text, sizeof text, MDR_Y, psi_b, 0.5, 1); /* eta_n0 = 0.5: quasi-static, little ringing */
  models[0] = setup_model(text);
  fault_apply(&models[0], mdr_sphere_mass(R), mdr_sphere_mass(R)); /* --broken */
  const double kappa = MDR_E / (3.0 * (1.0 - 2.0 * MDR_NU));
  const double dt = 0.08 * sqrt(mdr_sphere_mass(R) / (kappa * R)); /* the docs' time step (§6.1) */
  /* Quasi-static: the wall crosses the gap in many elastic wave transits (c = sqrt(E/rho)). */
  const double transit = gap0 / sqrt(MDR_E / RHO), T = transits * transit * strain_end / 0.1;
  const double vw = strain_end * gap0 / T;
  const int64_t steps = (int64_t)ceil(T / dt);
  Sim s;
  sim_init(&s, &p, &box, models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.2 * R, dt);
  walls_add(&s.walls, 0, false, 0.0);
  walls_add(&s.walls, 0, true, gap0);
  s.walls.w[1].vel = -vw;
  const char *why = NULL;
  if (!sim_setup(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr compaction: %s", why);
  Compaction c = {.n = samples, .strain_at_psib = NAN, .D_cross = NAN};
  c.strain = gd_xmalloc((size_t)samples * sizeof *c.strain);
  c.force = gd_xmalloc((size_t)samples * sizeof *c.force);
  c.psi_min = gd_xmalloc((size_t)samples * sizeof *c.psi_min);
  int next = 0;
  for (int64_t st = 1; st <= steps; st++) {
    if (!sim_step(&s, &why)) gd_die(GD_EXIT_RUNTIME, "verify: mdr compaction: %s", why);
    const double strain = (gap0 - s.walls.w[1].pos) / gap0;
    double pmin = 1.0;
    for (int64_t i = 0; i < s.p.n; i++) pmin = fmin(pmin, s.mdr.s.psi[i]);
    if (isnan(c.strain_at_psib) && pmin < psi_b) {
      c.strain_at_psib = strain;
      double nx;
      interior_bonds(&s, &box, s.walls.w[1].pos, &c.D_cross, &nx);
    }
    if (next < samples && st >= (int64_t)((double)(next + 1) * (double)steps / samples)) {
      c.strain[next] = strain, c.force[next] = -s.walls.force[1], c.psi_min[next] = pmin;
      next++;
    }
  }
  c.n = next;
  interior_bonds(&s, &box, s.walls.w[1].pos, &c.D_end, &c.nx_end);
  sim_free(&s);
  return c;
}

static void compaction_free(Compaction *c) {
  free(c->strain);
  free(c->force);
  free(c->psi_min);
}

void cases_mdr_compaction(Verifier *v) {
  const double R = RAD;
  /* the quick subset squeezes a smaller block faster: another measurement, so another name */
  const char *at = v->quick ? "mdr/compaction/quick-32-spheres" : "mdr/compaction";
  const bool want_a = case_wanted(v, "mdr.compaction", "%s/identical_before_psi_b", at);
  const bool want_b = case_wanted(v, "mdr.compaction", "%s/stiffening_past_psi_b", at);
  if (!(want_a || want_b)) {
    case_begin(v, "mdr.compaction", "%s/identical_before_psi_b", at); /* counts (dry pass) */
    case_begin(v, "mdr.compaction", "%s/stiffening_past_psi_b", at);
    return;
  }
  /* psi_b = 0.8: uniaxial strain of an fcc block lowers psi by ~0.016 per 1 % (measured), so
   * psi_b = 0.5 would need ~35 % strain, near the 0.95 overlap cap; 0.8 is crossed near 12 %. */
  const int nc = v->quick ? 2 : 3, samples = 250;
  const double strain_end = 0.25, psi_b = 0.8, transits = v->quick ? 10.0 : 40.0; /* per 10 % strain */
  Compaction b = compact(psi_b, nc, strain_end, transits, samples), z = compact(0.0, nc, strain_end, transits, samples);
  const int n = b.n < z.n ? b.n : z.n;
  /* Before any psi < psi_b the two runs are the same computation (the bulk term and the radius
   * freeze both need psi <= psi_b): identical forces. */
  double worst = 0.0;
  int k_cross = n;
  for (int k = 0; k < n; k++) {
    if (!isnan(b.strain_at_psib) && b.strain[k] >= b.strain_at_psib) {
      k_cross = k;
      break;
    }
    worst = fmax(worst, fabs(b.force[k] - z.force[k]) / fmax(fabs(z.force[k]), 1e-300));
  }
  if (case_begin(v, "mdr.compaction", "%s/identical_before_psi_b", at)) {
    case_end(v, worst, 0.0, 0.0, "psi_b = 0.8 vs 0: same wall force until some psi < psi_b (%d of %d samples; §6.3, §6.5)",
             k_cross, n);
  }
  if (case_begin(v, "mdr.compaction", "%s/stiffening_past_psi_b", at)) {
    /* The wall force is the force through any layer interface, 72 bonds times F n_x (quasi-
     * static), so the ratio of the two runs is the ratio of their interior bond forces times
     * their n_x, at the bond overlaps measured in each run (the geometry is the trajectory's; the
     * forces are §6.5's, evaluated here): psi_b = 0.8, the MDR part frozen where psi crossed
     * psi_b plus the bulk term (interior_bond_force); psi_b = 0, the plastic side force. Radius
     * growth (§6.3) lies between none and the growth that conserves the volume, which the
     * psi_b = 0.8 run stops at the crossing (psi <= psi_b) and the psi_b = 0 run keeps: the
     * expectation is the middle of the ratio with R = R_o and with the grown radii, the
     * tolerance half their difference (the growth lags the volume: ten-step smoothing, w_c) plus
     * 2 % of the stiffening for the rest (penalties of the 60 degree triangles, w = 1 - 2.4e-4;
     * damping at the quasi-static wall speed; the layers next to the walls, whose contacts do not
     * advance alike). */
    const double dY = mdr_yield_ratio(MDR_Y / mdr_eeff()) * R, db = 0.5 * b.D_cross;
    const double Rb = mdr_grown_radius(db), Rz = mdr_grown_radius(0.5 * z.D_end);
    const double bare = mdr_interior_bond_force(0.5 * b.D_end, db, R, dY) * b.nx_end /
                        (mdr_side_loading_force(0.5 * z.D_end, R, dY) * z.nx_end);
    const double grown = mdr_interior_bond_force(0.5 * b.D_end, db, Rb, dY) * b.nx_end /
                         (mdr_side_loading_force(0.5 * z.D_end, Rz, dY) * z.nx_end);
    const double pred = 0.5 * (bare + grown), tol = 0.5 * fabs(bare - grown) + 0.02 * (pred - 1.0);
    const double ratio = n ? b.force[n - 1] / z.force[n - 1] : NAN;
    case_end(v, ratio, pred, tol,
             "wall force, psi_b = 0.8 over 0, at strain %.3f = interior bond force ratio, bulk term of §6.5; tol: growth", n ? b.strain[n - 1] : NAN);
  }
  if (v->data) {
    char path[4096];
    snprintf(path, sizeof path, "%s/verify-mdr-compaction.dat", v->data);
    OutFile o;
    if (!out_open(&o, path)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
    fprintf(o.f, "# strain F_wall(psi_b=0.8) [N] F_wall(psi_b=0) [N] psi_min(psi_b=0.8) psi_min(psi_b=0); "
                 "fcc %dx3x3 cells, %d spheres R = %g m, mdr %g %g %g 0 psi_b(0.8|0) 0.5 damping mdr 1; psi < psi_b from "
                 "strain %.6g\n", nc, 36 * nc, RAD, MDR_E, MDR_NU, MDR_Y, b.strain_at_psib);
    for (int k = 0; k < n; k++)
      fprintf(o.f, "%.6g %.8g %.8g %.6f %.6f\n", b.strain[k], b.force[k], z.force[k], b.psi_min[k], z.psi_min[k]);
    if (!out_commit(&o)) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", path);
  }
  compaction_free(&b);
  compaction_free(&z);
}
