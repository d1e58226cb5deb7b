/* packing.c - fcc and random packings (see packing.h). */
#include "packing.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "energy.h"
#include "force.h"
#include "gas.h"
#include "model.h"
#include "neighbor.h"
#include "plan.h"
#include "rng.h"
#include "common.h"

enum { STREAM_X, STREAM_Y, STREAM_Z, STREAM_R, STREAM_V = 8, STREAM_W = 16 };

PackingSpec packing_defaults(void) {
  return (PackingSpec){.type = PACKING_FCC, .n = 32000, .seed = 1, .radius = 0.5, .density = 1.0,
                       .overlap = 0.005, .phi = 0.66, .ratio = 2.0, .dist = RADIUS_UNIFORM,
                       .velocity = 0.005, .spin = 0.01, .temperature = 1.0, .equilibrate = 2.0, .threads = 0};
}

int64_t packing_fcc_cells(int64_t n) {
  int64_t m = (int64_t)llround(cbrt((double)n / 4.0));
  return m < 3 ? 3 : m; /* at least 3 cells per side: the neighbour stencil needs them */
}

size_t packing_bytes(int64_t n) {
  /* particles, a full list with history (~40 entries of 4 + 1 + 32 bytes), sort scratch, the
   * vector loop's particle records (96 bytes) and two threads' accumulator records (64 each) */
  return (size_t)n * (PARTICLES_BYTES_PER_ATOM + 40 * 37 + 64 + 96 + 2 * 64);
}

/* The smallest and largest radius a spec gives (the gas: two sizes; random: the uniform or
 * truncated lognormal range). */
static void radius_range(const PackingSpec *s, double *rmin, double *rmax) {
  const double q = s->type == PACKING_FCC ? 1.0 : s->ratio;
  *rmin = q == 1.0 ? s->radius : 2.0 * s->radius / (1.0 + q);
  *rmax = q == 1.0 ? s->radius : q * *rmin;
}

/* Whether v is within PACKING_SCALE_MIN..PACKING_SCALE_MAX (NaN is not). */
static bool in_scale(double v) { return v >= PACKING_SCALE_MIN && v <= PACKING_SCALE_MAX; }

/* Masses, moments of inertia and the energies of the motion drawn, within double's range with
 * margin (PACKING_SCALE_MAX), so that no sum of the run's energy ledger overflows: each velocity
 * or spin component is std * z with |z| < sqrt(PACKING_Z2_MAX) (rng_normal), so the sums
 * sum m v^2 and sum I w^2 are at most 3 N PACKING_Z2_MAX m_max std^2. */
static void check_scales(const PackingSpec *s, ErrList *err) {
  double rmin, rmax;
  radius_range(s, &rmin, &rmax);
  const double mmin = sphere_mass(rmin, s->density), mmax = sphere_mass(rmax, s->density);
  const double imin = 0.4 * mmin * rmin * rmin, imax = 0.4 * mmax * rmax * rmax;
  if (!(in_scale(mmin) && in_scale(mmax) && in_scale(imin) && in_scale(imax))) {
    errlist_add(err, "packing: --radius %g and --density %g give sphere masses %g..%g kg and moments of inertia "
                "%g..%g kg m^2; each must be within %g..%g (double's range, with margin)", s->radius, s->density,
                mmin, mmax, imin, imax, PACKING_SCALE_MIN, PACKING_SCALE_MAX);
    return;
  }
  const double draws = 3.0 * (double)s->n * PACKING_Z2_MAX;
  if (s->type != PACKING_GAS && s->velocity >= 0.0 && !(draws * s->velocity * s->velocity <= PACKING_SCALE_MAX / mmax))
    errlist_add(err, "packing: --velocity %g: the kinetic energy of %lld spheres could pass %g J; at most %.3g "
                "here", s->velocity, (long long)s->n, PACKING_SCALE_MAX, sqrt(PACKING_SCALE_MAX / mmax / draws));
  if (s->spin >= 0.0 && !(draws * s->spin * s->spin <= PACKING_SCALE_MAX / imax))
    errlist_add(err, "packing: --spin %g: the rotational energy of %lld spheres could pass %g J; at most %.3g here",
                s->spin, (long long)s->n, PACKING_SCALE_MAX, sqrt(PACKING_SCALE_MAX / imax / draws));
  if (s->type == PACKING_GAS && s->temperature > 0.0 && isfinite(s->temperature)) {
    /* v = sqrt(T0/m) z: the squares T0 z^2/m representable (no zero velocities), sum m v^2 too */
    const double T = s->temperature, lo = PACKING_SCALE_MIN * mmax, hi = PACKING_SCALE_MAX / draws;
    const double hi_v = fmin(hi, PACKING_SCALE_MAX / PACKING_Z2_MAX * mmin);
    if (!(T >= lo && T <= hi_v))
      errlist_add(err, "packing: --temperature %g: the velocities and the kinetic energy of %lld spheres of "
                  "%g..%g kg must stay within %g..%g; T0 must be in %.3g..%.3g here", T, (long long)s->n, mmin, mmax,
                  PACKING_SCALE_MIN, PACKING_SCALE_MAX, lo, hi_v);
  }
}

/* The gas's volume fraction, placement and elastic equilibration (gas.h), before any work;
 * sizes_ok: n, radius, density and ratio are in range (the plan needs them). */
static void check_gas(const PackingSpec *s, bool sizes_ok, ErrList *err) {
  if (!(s->ratio >= 1.0 && s->ratio <= 3.0)) errlist_add(err, "packing: --ratio must be in [1, 3]");
  const bool T_ok = s->temperature > 0.0 && isfinite(s->temperature);
  if (!T_ok) errlist_add(err, "packing: --temperature must be > 0 (the granular temperature, in energy units)");
  const bool C_ok = s->equilibrate >= 0.0 && s->equilibrate <= 1000.0;
  if (!C_ok) errlist_add(err, "packing: --equilibrate must be in [0, 1000] (collisions per sphere)");
  const bool phi_ok = s->phi >= GAS_PHI_MIN && s->phi <= GAS_PHI_MAX;
  if (!phi_ok)
    errlist_add(err, "packing: --phi %g: a gas's volume fraction must be in [%g, %g] (the most that random "
                "placement reaches at every --ratio, the least whose equilibration ends in bounded steps)", s->phi,
                GAS_PHI_MIN, GAS_PHI_MAX);
  if (!sizes_ok || !C_ok || s->equilibrate == 0.0) return;
  const GasLayout g = gas_layout(s);
  if (phi_ok && g.L < 3.0 * g.range)
    errlist_add(err, "packing: --n %lld spheres at --phi %g make a box of %.3g diameters, narrower than 3 "
                "neighbour ranges of the equilibration (%.3g diameters); use more spheres, a lower --phi, or "
                "--equilibrate 0", (long long)s->n, s->phi, g.L / g.sigma, 3.0 * g.range / g.sigma);
  if (phi_ok && !(g.steps <= GAS_EQUILIBRATION_MAX_STEPS))
    errlist_add(err, "packing: --equilibrate %g at --phi %g takes %.3g steps (15 per contact at Enskog's collision "
                "rate), more than %g; lower --equilibrate or raise --phi", s->equilibrate, s->phi, g.steps,
                GAS_EQUILIBRATION_MAX_STEPS);
  if (T_ok && !(in_scale(g.k) && in_scale(g.dt)))
    errlist_add(err, "packing: --temperature %g with spheres of %g m and %g kg gives the equilibration a "
                "stiffness %g N/m and a step %g s; both must be within %g..%g", s->temperature, g.sigma, g.mass, g.k,
                g.dt, PACKING_SCALE_MIN, PACKING_SCALE_MAX);
}

int packing_check(const PackingSpec *s, size_t max_bytes, const char *limit_name, ErrList *err) {
  const int n0 = err->n;
  if (s->n < 2) errlist_add(err, "packing: --n must be >= 2, got %lld", (long long)s->n);
  else if (s->n > (int64_t)1 << 31)
    errlist_add(err, "packing: --n %lld is above the 2^31 particles a neighbour list can index", (long long)s->n);
  else if (packing_bytes(s->n) > max_bytes)
    errlist_add(err, "packing: --n %lld needs about %.1f GiB, more than the %.1f GiB of %s",
                (long long)s->n, packing_bytes(s->n) / 1073741824.0, max_bytes / 1073741824.0, limit_name);
  if (!(s->radius > 0.0)) errlist_add(err, "packing: --radius must be > 0");
  if (!(s->density > 0.0)) errlist_add(err, "packing: --density must be > 0");
  if (!(s->velocity >= 0.0)) errlist_add(err, "packing: --velocity must be >= 0");
  if (!(s->spin >= 0.0)) errlist_add(err, "packing: --spin must be >= 0");
  if (s->type == PACKING_FCC && !(s->overlap >= 0.0 && s->overlap < 0.2))
    errlist_add(err, "packing: --overlap must be in [0, 0.2) (a fraction of the diameter)");
  const bool sizes_ok = s->n >= 2 && s->n <= (int64_t)1 << 31 && s->radius > 0.0 && isfinite(s->radius) &&
                        s->density > 0.0 && isfinite(s->density) &&
                        (s->type == PACKING_FCC || (s->ratio >= 1.0 && s->ratio <= 3.0));
  if (s->type == PACKING_GAS) check_gas(s, sizes_ok, err);
  if (s->type == PACKING_RANDOM) {
    if (!(s->phi > 0.0 && s->phi <= 0.74))
      errlist_add(err, "packing: --phi %g is impossible for a random packing; it must be in (0, 0.74]", s->phi);
    if (!(s->ratio >= 1.0 && s->ratio <= 3.0)) errlist_add(err, "packing: --ratio must be in [1, 3]");
    if (!(s->overlap > 0.0 && s->overlap < 0.2)) errlist_add(err, "packing: --overlap must be in (0, 0.2)");
  }
  if (sizes_ok) check_scales(s, err);
  return err->n - n0;
}

int packing_motion_check(const Particles *p, const char *source, ErrList *err) {
  double trans = 0.0, rot = 0.0;
  int64_t worst = -1;
  for (int64_t i = 0; i < p->n; i++) {
    const double v2 = p->vx[i] * p->vx[i] + p->vy[i] * p->vy[i] + p->vz[i] * p->vz[i];
    const double w2 = p->wx[i] * p->wx[i] + p->wy[i] * p->wy[i] + p->wz[i] * p->wz[i];
    const double e = p->mass[i] * v2, r = 0.4 * p->mass[i] * p->radius[i] * p->radius[i] * w2;
    trans += e, rot += r;
    if (worst < 0 && !(v2 <= PACKING_SCALE_MAX && w2 <= PACKING_SCALE_MAX && e <= PACKING_SCALE_MAX &&
                       r <= PACKING_SCALE_MAX))
      worst = i;
  }
  if (worst >= 0)
    errlist_add(err, "%s: atom id %lld: its velocity %g %g %g m/s or spin %g %g %g 1/s (mass %g kg, radius %g m) "
                "gives squares or energies past %g; the run's energy sums would overflow", source,
                (long long)p->id[worst], p->vx[worst], p->vy[worst], p->vz[worst], p->wx[worst], p->wy[worst],
                p->wz[worst], p->mass[worst], p->radius[worst], PACKING_SCALE_MAX);
  else if (!(trans <= PACKING_SCALE_MAX && rot <= PACKING_SCALE_MAX))
    errlist_add(err, "%s: the velocities and spins give sum m v^2 = %g J and sum I w^2 = %g J; each must be at most "
                "%g (the run's energy sums would overflow)", source, trans, rot, PACKING_SCALE_MAX);
  return worst >= 0 || !(trans <= PACKING_SCALE_MAX && rot <= PACKING_SCALE_MAX);
}

static void random_motion(const PackingSpec *s, Particles *p) {
#pragma omp parallel for schedule(static) num_threads(sysmem_threads(s->threads))
  for (int64_t i = 0; i < p->n; i++) {
    const uint64_t id = (uint64_t)p->id[i];
    p->vx[i] = s->velocity * rng_normal(s->seed, id, STREAM_V + 0);
    p->vy[i] = s->velocity * rng_normal(s->seed, id, STREAM_V + 1);
    p->vz[i] = s->velocity * rng_normal(s->seed, id, STREAM_V + 2);
    p->wx[i] = s->spin * rng_normal(s->seed, id, STREAM_W + 0);
    p->wy[i] = s->spin * rng_normal(s->seed, id, STREAM_W + 1);
    p->wz[i] = s->spin * rng_normal(s->seed, id, STREAM_W + 2);
  }
}

static void make_fcc(const PackingSpec *s, Particles *p, Box *b) {
  const int64_t m = packing_fcc_cells(s->n);
  const double a = (1.0 - s->overlap) * 2.0 * s->radius * sqrt(2.0);
  particles_alloc(p, 4 * m * m * m, 1);
  static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
#pragma omp parallel for schedule(static) num_threads(sysmem_threads(s->threads))
  for (int64_t c = 0; c < m * m * m; c++) {
    const int64_t cx = c % m, cy = (c / m) % m, cz = c / (m * m);
    for (int k = 0; k < 4; k++) {
      const int64_t i = 4 * c + k;
      p->x[i] = (cx + basis[k][0]) * a;
      p->y[i] = (cy + basis[k][1]) * a;
      p->z[i] = (cz + basis[k][2]) * a;
      p->radius[i] = s->radius;
      p->mass[i] = sphere_mass(s->radius, s->density);
    }
  }
  for (int d = 0; d < 3; d++) {
    b->lo[d] = 0.0;
    b->hi[d] = m * a;
    b->periodic[d] = true;
  }
}

/* Radius of particle i: uniform in [Rmin, ratio Rmin], or lognormal truncated to it, with the
 * mean near s->radius. */
static double draw_radius(const PackingSpec *s, uint64_t id) {
  const double q = s->ratio;
  const double rmin = 2.0 * s->radius / (1.0 + q), rmax = q * rmin;
  if (s->dist == RADIUS_UNIFORM) return rmin + (rmax - rmin) * rng_uniform(s->seed, id, STREAM_R);
  const double mu = log(sqrt(rmin * rmax)), sigma = q > 1.0 ? log(q) / 4.0 : 0.0;
  for (uint64_t attempt = 0; attempt < 64; attempt++) {
    const double r = exp(mu + sigma * rng_normal(s->seed, id, STREAM_R + 1 + attempt));
    if (r >= rmin && r <= rmax) return r;
  }
  return sqrt(rmin * rmax);
}

static void make_random(const PackingSpec *s, Particles *p, Box *b) {
  particles_alloc(p, s->n, 1);
  double volume = 0.0;
  for (int64_t i = 0; i < p->n; i++) {
    const double r = draw_radius(s, (uint64_t)p->id[i]);
    p->radius[i] = r;
    p->mass[i] = sphere_mass(r, s->density);
    volume += 4.0 / 3.0 * GD_PI * r * r * r;
  }
  const double L = cbrt(volume / s->phi);
  for (int d = 0; d < 3; d++) {
    b->lo[d] = 0.0;
    b->hi[d] = L;
    b->periodic[d] = true;
  }
#pragma omp parallel for schedule(static) num_threads(sysmem_threads(s->threads))
  for (int64_t i = 0; i < p->n; i++) {
    const uint64_t id = (uint64_t)p->id[i];
    p->x[i] = L * rng_uniform(s->seed, id, STREAM_X);
    p->y[i] = L * rng_uniform(s->seed, id, STREAM_Y);
    p->z[i] = L * rng_uniform(s->seed, id, STREAM_Z);
  }

  /* Overdamped relaxation with the project's pair loop: harmonic repulsion, step c F / k capped
   * at a tenth of the smallest radius. */
  ErrList err = {0};
  ContactModel model;
  if (model_parse("hooke 1 0 tangential linear_nohistory 0 0 damping none", &model, &err))
    gd_die(GD_EXIT_RUNTIME, "internal error: relaxation model");
  double rmin = INFINITY, dsum = 0.0;
  for (int64_t i = 0; i < p->n; i++) {
    rmin = fmin(rmin, p->radius[i]);
    dsum += 2.0 * p->radius[i];
  }
  const double dmean = dsum / p->n, target = s->overlap * dmean, cap = 0.1 * rmin;
  NeighborList nl;
  nbr_init(&nl, true, 0, 0.2 * rmin, 0.0, s->threads);
  ForceSystem fs = {.p = p, .box = b, .nl = &nl, .models = &model, .ntypes = 1, .dt = 0.0, .history_update = false};
  const LoopPlan plan = loop_plan(&model, 1, FORCE_FULL, false, LOOP_DOUBLE, s->threads);
  ForceWork work = {0};
  double best = INFINITY;
  int stall = 0;
  for (int it = 0; it < 5000; it++) {
    const char *why = NULL;
    if (nbr_needs_rebuild(&nl, p) && !nbr_build(&nl, p, b, &why))
      gd_die(GD_EXIT_USAGE, "packing: %s; use more particles or a larger --phi", why);
    ForceStats st;
    force_compute(&fs, &plan, &work, &st);
    if (it % 10 == 0) {
      /* rms overlap of the contacts from the elastic energy sum(delta^2)/2 (k = 1) */
      const double rms = st.contacts > 0 ? sqrt(2.0 * energy_elastic(&fs, s->threads) / (double)st.contacts) : 0.0;
      if (rms <= target) break;
      stall = rms > 0.995 * best ? stall + 1 : 0;
      if (stall >= 10) break; /* jammed: the overlaps no longer shrink */
      best = fmin(best, rms);
    }
#pragma omp parallel for schedule(static) num_threads(sysmem_threads(s->threads))
    for (int64_t i = 0; i < p->n; i++) {
      const double f = sqrt(p->fx[i] * p->fx[i] + p->fy[i] * p->fy[i] + p->fz[i] * p->fz[i]);
      if (f > 0.0) {
        const double step = fmin(0.2 * f, cap) / f;
        p->x[i] += step * p->fx[i];
        p->y[i] += step * p->fy[i];
        p->z[i] += step * p->fz[i];
      }
    }
  }
  force_work_free(&work);
  nbr_free(&nl);
  particles_wrap(p, b);
}

void packing_make(const PackingSpec *spec, Particles *p, Box *b) {
  PackingSpec s = *spec;
  s.threads = sysmem_threads_for(s.threads, s.n);
  if (s.type == PACKING_GAS) {
    gas_make(&s, p, b);
    return;
  }
  if (s.type == PACKING_FCC) make_fcc(&s, p, b);
  else make_random(&s, p, b);
  random_motion(&s, p);
}

/* Periodic images of a packing laid side by side, as LAMMPS `replicate nx ny nz` does: copy c
 * of particle i is particle c*n + i, id c*max_id + id, shifted by whole box lengths. */
void packing_replicate(const Particles *src, const Box *b, const int reps[3], int threads, Particles *dst, Box *db) {
  const int64_t n = src->n, copies = (int64_t)reps[0] * reps[1] * reps[2];
  int64_t max_id = 0;
  for (int64_t i = 0; i < n; i++) max_id = src->id[i] > max_id ? src->id[i] : max_id;
  particles_alloc(dst, n * copies, src->ntypes);
  *db = *b;
  double len[3];
  for (int d = 0; d < 3; d++) {
    len[d] = b->hi[d] - b->lo[d];
    db->hi[d] = b->lo[d] + reps[d] * len[d];
  }
#pragma omp parallel for schedule(static) num_threads(sysmem_threads(threads))
  for (int64_t c = 0; c < copies; c++) {
    const int64_t cx = c % reps[0], cy = c / reps[0] % reps[1], cz = c / ((int64_t)reps[0] * reps[1]);
    const double sx = (double)cx * len[0], sy = (double)cy * len[1], sz = (double)cz * len[2];
    for (int64_t i = 0, k = c * n; i < n; i++, k++) {
      dst->id[k] = c * max_id + src->id[i];
      dst->type[k] = src->type[i];
      dst->x[k] = src->x[i] + sx;
      dst->y[k] = src->y[i] + sy;
      dst->z[k] = src->z[i] + sz;
      dst->vx[k] = src->vx[i];
      dst->vy[k] = src->vy[i];
      dst->vz[k] = src->vz[i];
      dst->wx[k] = src->wx[i];
      dst->wy[k] = src->wy[i];
      dst->wz[k] = src->wz[i];
      dst->radius[k] = src->radius[i];
      dst->mass[k] = src->mass[i];
    }
  }
}
