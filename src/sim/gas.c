/* gas.c - the granular gas packing and its temperature (see gas.h). */
#include "gas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "error.h"
#include "model.h"
#include "rng.h"
#include "sim.h"

enum { STREAM_PLACE = 32, STREAM_VEL = 40, STREAM_SPIN = 48 };

double gas_collision_frequency(double n, double sigma, double m, double T) {
  const double phi = n * GD_PI * sigma * sigma * sigma / 6.0;
  const double chi = (1.0 - 0.5 * phi) / ((1.0 - phi) * (1.0 - phi) * (1.0 - phi));
  return 4.0 * sqrt(GD_PI) * n * sigma * sigma * chi * sqrt(T / m);
}

GasTemperature gas_temperature(const Particles *p) {
  double M = 0.0, P[3] = {0.0, 0.0, 0.0};
  for (int64_t i = 0; i < p->n; i++) {
    M += p->mass[i];
    P[0] += p->mass[i] * p->vx[i], P[1] += p->mass[i] * p->vy[i], P[2] += p->mass[i] * p->vz[i];
  }
  GasTemperature t = {0.0, 0.0};
  if (p->n == 0) return t;
  const double V[3] = {P[0] / M, P[1] / M, P[2] / M};
  for (int64_t i = 0; i < p->n; i++) {
    const double ux = p->vx[i] - V[0], uy = p->vy[i] - V[1], uz = p->vz[i] - V[2];
    t.trans += p->mass[i] * (ux * ux + uy * uy + uz * uz);
    const double I = 0.4 * p->mass[i] * p->radius[i] * p->radius[i];
    t.rot += I * (p->wx[i] * p->wx[i] + p->wy[i] * p->wy[i] + p->wz[i] * p->wz[i]);
  }
  t.trans /= 3.0 * (double)p->n;
  t.rot /= 3.0 * (double)p->n;
  return t;
}

int64_t gas_new_contacts(Sim *s) {
  if (s->models[0].normal.model == NORMAL_JKR) return -1;
  const Particles *p = &s->p;
  const NeighborList *nl = &s->nl;
  double len[3], half[3];
  box_images(&s->box, len, half);
  int64_t begun = 0;
  for (int64_t i = 0; i < p->n; i++)
    for (int64_t k = nl->start[i]; k < nl->start[i + 1]; k++) {
      const int64_t j = nl->j[k];
      double d[3];
      pair_separation(p->x, p->y, p->z, i, j, len, half, d);
      const double rs = p->radius[i] + p->radius[j];
      const bool on = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] < rs * rs;
      if (on && !nl->touch[k] && (!nl->full || p->id[i] < p->id[j])) begun++;
      nl->touch[k] = on;
    }
  const bool first = !s->gas_counting;
  s->gas_counting = true;
  return first ? 0 : begun;
}

/* A periodic grid of cells at least one largest diameter wide over a cube of side L (positions
 * measured from its lower corner), for the overlap tests of the placement and the separation. */
typedef struct Grid {
  int64_t m;     /* cells per side */
  double h;      /* cell width */
  int64_t *head; /* first particle of each cell, -1: none */
  int64_t *next; /* next particle in the same cell */
} Grid;

static void grid_clear(Grid *g);

/* Cells at least one largest diameter wide, and at most 64 per sphere (512 bytes, less than the
 * run's lists take): a dilute gas's box would otherwise ask for up to 1024^3 cells (8 GiB) to
 * hold a few spheres; wider cells only hold more spheres each. The cap binds below phi = 0.008
 * only, so every denser gas keeps its cells and its bits (separate's sweep order follows them).
 * Judged in double: L / 2 r_max may pass any integer. */
static void grid_init(Grid *g, double L, double rmax, int64_t n) {
  const double fit = floor(L / (2.0 * rmax)), most = fmin(1024.0, floor(cbrt(64.0 * (double)n + 4096.0)));
  g->m = fit >= 1.0 ? (int64_t)fmin(fit, most) : 1;
  g->h = L / (double)g->m;
  g->head = gd_xmalloc((size_t)(g->m * g->m * g->m) * sizeof *g->head);
  g->next = gd_xmalloc((size_t)n * sizeof *g->next);
  grid_clear(g);
}

static void grid_clear(Grid *g) {
  for (int64_t c = 0; c < g->m * g->m * g->m; c++) g->head[c] = -1;
}

static void grid_free(Grid *g) {
  free(g->head);
  free(g->next);
}

/* Files particle i at x (from the lower corner) in its cell. */
static void grid_add(Grid *g, int64_t i, double x, double y, double z) {
  int64_t c[3] = {(int64_t)(x / g->h), (int64_t)(y / g->h), (int64_t)(z / g->h)};
  for (int d = 0; d < 3; d++) c[d] = c[d] < 0 ? 0 : c[d] >= g->m ? g->m - 1 : c[d];
  const int64_t k = (c[2] * g->m + c[1]) * g->m + c[0];
  g->next[i] = g->head[k];
  g->head[k] = i;
}

/* The 27 cells around x (from the lower corner), periodic; a box of fewer than 3 cells a side
 * repeats some, which the callers' tests take as often (a repeated overlap test, or a pair
 * pushed apart once more in a sweep). */
static void grid_near(const Grid *g, double x, double y, double z, int64_t cells[27]) {
  const int64_t m = g->m, c0 = (int64_t)(x / g->h), c1 = (int64_t)(y / g->h), c2 = (int64_t)(z / g->h);
  int k = 0;
  for (int64_t dz = -1; dz <= 1; dz++)
    for (int64_t dy = -1; dy <= 1; dy++)
      for (int64_t dx = -1; dx <= 1; dx++) {
        const int64_t cx = ((c0 + dx) % m + m) % m, cy = ((c1 + dy) % m + m) % m, cz = ((c2 + dz) % m + m) % m;
        cells[k++] = (cz * m + cy) * m + cx;
      }
}

/* The minimum-image separation a - b in a periodic cube of side L. */
static void cube_image(const double a[3], const double b[3], double L, double d[3]) {
  for (int k = 0; k < 3; k++) d[k] = a[k] - b[k] - L * nearbyint((a[k] - b[k]) / L);
}

/* Whether a sphere of radius r at x overlaps one of the spheres placed so far. */
static bool overlaps(const Grid *g, const Particles *p, double L, const double x[3], double r) {
  int64_t cells[27];
  grid_near(g, x[0], x[1], x[2], cells);
  for (int c = 0; c < 27; c++)
    for (int64_t j = g->head[cells[c]]; j >= 0; j = g->next[j]) {
      const double xj[3] = {p->x[j], p->y[j], p->z[j]};
      double d[3];
      cube_image(x, xj, L, d);
      const double s = r + p->radius[j];
      if (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] < s * s) return true;
    }
  return false;
}

/* Random sequential placement without overlap, in id order, each candidate position drawn
 * from the seed and an attempt counter (serial: the same gas for any thread count). */
static void place(const PackingSpec *s, Particles *p, double L, double rmax) {
  Grid g;
  grid_init(&g, L, rmax, p->n);
  uint64_t attempt = 0;
  const uint64_t max_attempts = 2000u * (uint64_t)p->n + 100000u;
  for (int64_t i = 0; i < p->n; i++) {
    double x[3];
    do {
      if (attempt >= max_attempts)
        gd_die(GD_EXIT_RUNTIME, "packing: could not place %lld spheres without overlap at --phi %g",
               (long long)p->n, s->phi);
      for (int d = 0; d < 3; d++) x[d] = L * rng_uniform(s->seed, attempt, STREAM_PLACE + (uint64_t)d);
      attempt++;
    } while (overlaps(&g, p, L, x, p->radius[i]));
    p->x[i] = x[0], p->y[i] = x[1], p->z[i] = x[2];
    grid_add(&g, i, x[0], x[1], x[2]);
  }
  grid_free(&g);
}

/* Pushes apart the pairs that overlap (collisions in progress when the elastic motion stopped),
 * each by its overlap plus a hair along the line of centres, sweep after sweep, so that the gas
 * is written without overlaps: no run model, whatever its stiffness, starts with stored elastic
 * energy. The pairs move by about 2 % of a diameter; the velocities stay. */
static void separate(Particles *p, const Box *b, double rmax) {
  const double L = b->hi[0] - b->lo[0], *lo = b->lo;
  Grid g;
  grid_init(&g, L, rmax, p->n);
  for (int sweep = 0; sweep < 100; sweep++) {
    particles_wrap(p, b);
    grid_clear(&g);
    for (int64_t i = 0; i < p->n; i++) grid_add(&g, i, p->x[i] - lo[0], p->y[i] - lo[1], p->z[i] - lo[2]);
    int64_t moved = 0;
    for (int64_t i = 0; i < p->n; i++) {
      int64_t cells[27];
      grid_near(&g, p->x[i] - lo[0], p->y[i] - lo[1], p->z[i] - lo[2], cells);
      for (int c = 0; c < 27; c++)
        for (int64_t j = g.head[cells[c]]; j >= 0; j = g.next[j]) {
          if (j <= i) continue;
          const double xi[3] = {p->x[i], p->y[i], p->z[i]}, xj[3] = {p->x[j], p->y[j], p->z[j]};
          double d[3];
          cube_image(xi, xj, L, d);
          const double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), s = p->radius[i] + p->radius[j];
          if (!(r < s) || r == 0.0) continue;
          const double push = 0.5 * (s - r + 1e-9 * s) / r;
          p->x[i] += push * d[0], p->y[i] += push * d[1], p->z[i] += push * d[2];
          p->x[j] -= push * d[0], p->y[j] -= push * d[1], p->z[j] -= push * d[2];
          moved++;
        }
    }
    if (!moved) break;
  }
  particles_wrap(p, b);
  grid_free(&g);
}

/* Velocities shifted to zero total momentum and scaled to temperature T exactly. */
static void set_temperature(Particles *p, double T) {
  double M = 0.0, P[3] = {0.0, 0.0, 0.0};
  for (int64_t i = 0; i < p->n; i++) {
    M += p->mass[i];
    P[0] += p->mass[i] * p->vx[i], P[1] += p->mass[i] * p->vy[i], P[2] += p->mass[i] * p->vz[i];
  }
  for (int64_t i = 0; i < p->n; i++) p->vx[i] -= P[0] / M, p->vy[i] -= P[1] / M, p->vz[i] -= P[2] / M;
  const double now = gas_temperature(p).trans;
  const double f = now > 0.0 ? sqrt(T / now) : 0.0;
  for (int64_t i = 0; i < p->n; i++) p->vx[i] *= f, p->vy[i] *= f, p->vz[i] *= f;
}

/* The equilibration's contact: g = 2 sqrt(T/m) the rms normal speed, an overlap of 2 % of the
 * diameter at g, 15 steps per contact (equilibrate, below, and gas_layout size it alike). */
#define GAS_EQ_OVERLAP 0.02
#define GAS_EQ_STEPS_PER_CONTACT 15.0
#define GAS_EQ_SKIN 0.3 /* of the mean diameter */

GasLayout gas_layout(const PackingSpec *s) {
  const double q = s->ratio, rsmall = q == 1.0 ? s->radius : 2.0 * s->radius / (1.0 + q), rlarge = q * rsmall;
  const double n_small = q == 1.0 ? (double)s->n : (double)((s->n + 1) / 2), n_large = (double)s->n - n_small;
  const double volume = 4.0 / 3.0 * GD_PI * (n_small * rsmall * rsmall * rsmall + n_large * rlarge * rlarge * rlarge);
  GasLayout g;
  g.L = cbrt(volume / s->phi);
  g.sigma = (n_small * 2.0 * rsmall + n_large * 2.0 * rlarge) / (double)s->n;
  g.mass_min = sphere_mass(rsmall, s->density);
  g.mass_max = sphere_mass(rlarge, s->density);
  g.mass = (n_small * g.mass_min + n_large * g.mass_max) / (double)s->n;
  g.range = 2.0 * rlarge + GAS_EQ_SKIN * g.sigma;
  const double T = s->temperature, speed = 2.0 * sqrt(T / g.mass), delta = GAS_EQ_OVERLAP * g.sigma;
  g.k = 0.5 * g.mass * speed * speed / (delta * delta);
  g.dt = GD_PI * delta / speed / GAS_EQ_STEPS_PER_CONTACT; /* pi sqrt(meff/k) = pi delta/g */
  /* omega dt does not depend on T: C / (omega dt) steps (gas_collision_frequency) */
  const double n_density = (double)s->n / (g.L * g.L * g.L);
  const double omega_dt = gas_collision_frequency(n_density, g.sigma, 1.0, 1.0) * 0.5 * GD_PI * delta /
                          GAS_EQ_STEPS_PER_CONTACT;
  g.steps = s->equilibrate > 0.0 ? ceil(s->equilibrate / omega_dt) : 0.0;
  return g;
}

/* Elastic collisions (hooke, no damping, frictionless) for c collisions per sphere (Enskog's
 * frequency), so that the pair structure relaxes from random placement to a gas's: contact
 * stiffness for an overlap of 2 % of the diameter at the rms normal speed, 15 steps per
 * contact. Its energy drift does not matter: the velocities are rescaled afterwards. */
static void equilibrate(const PackingSpec *s, Particles *p, Box *b, double sigma, double m) {
  const double T = s->temperature, V = (b->hi[0] - b->lo[0]) * (b->hi[1] - b->lo[1]) * (b->hi[2] - b->lo[2]);
  const double g = 2.0 * sqrt(T / m), meff = 0.5 * m, delta = GAS_EQ_OVERLAP * sigma;
  const double k = meff * g * g / (delta * delta);
  const double tc = GD_PI * sqrt(meff / k), dt = tc / GAS_EQ_STEPS_PER_CONTACT;
  const double omega = gas_collision_frequency((double)p->n / V, sigma, m, T);
  const int64_t steps = (int64_t)ceil(s->equilibrate / (omega * dt));
  char text[160];
  snprintf(text, sizeof text, "hooke %.17g 0 tangential linear_nohistory 0 0 damping none", k);
  ErrList err = {0};
  ContactModel *model = gd_xmalloc(sizeof *model);
  if (model_parse(text, model, &err)) gd_die(GD_EXIT_RUNTIME, "internal error: the gas's elastic model");
  Sim sim;
  sim_init(&sim, p, b, model, 1, FORCE_FULL, false, LOOP_DOUBLE, s->threads, GAS_EQ_SKIN * sigma, dt);
  const char *why = NULL;
  bool ok = sim_setup(&sim, &why);
  for (int64_t step = 0; ok && step < steps; step++) ok = sim_step(&sim, &why);
  if (!ok) gd_die(GD_EXIT_RUNTIME, "packing: the gas's elastic equilibration failed: %s", why);
  *p = sim.p; /* the particles back, in the list's cell order */
  memset(&sim.p, 0, sizeof sim.p);
  sim_free(&sim);
  particles_wrap(p, b);
}

void gas_make(const PackingSpec *s, Particles *p, Box *b) {
  particles_alloc(p, s->n, 1);
  const double q = s->ratio, rsmall = 2.0 * s->radius / (1.0 + q), rlarge = q * rsmall;
  double volume = 0.0, mass = 0.0;
  for (int64_t i = 0; i < p->n; i++) {
    const double r = q == 1.0 ? s->radius : (p->id[i] % 2 ? rsmall : rlarge);
    p->radius[i] = r;
    p->mass[i] = sphere_mass(r, s->density);
    volume += 4.0 / 3.0 * GD_PI * r * r * r;
    mass += p->mass[i];
  }
  const double L = cbrt(volume / s->phi);
  for (int d = 0; d < 3; d++) b->lo[d] = 0.0, b->hi[d] = L, b->periodic[d] = true;
  place(s, p, L, q == 1.0 ? s->radius : rlarge);
  for (int64_t i = 0; i < p->n; i++) { /* Maxwellian: each component N(0, T/m_i) */
    const uint64_t id = (uint64_t)p->id[i];
    const double sd = sqrt(s->temperature / p->mass[i]);
    p->vx[i] = sd * rng_normal(s->seed, id, STREAM_VEL + 0);
    p->vy[i] = sd * rng_normal(s->seed, id, STREAM_VEL + 1);
    p->vz[i] = sd * rng_normal(s->seed, id, STREAM_VEL + 2);
    p->wx[i] = s->spin * rng_normal(s->seed, id, STREAM_SPIN + 0);
    p->wy[i] = s->spin * rng_normal(s->seed, id, STREAM_SPIN + 1);
    p->wz[i] = s->spin * rng_normal(s->seed, id, STREAM_SPIN + 2);
  }
  set_temperature(p, s->temperature);
  if (s->equilibrate > 0.0 && s->temperature > 0.0 && p->n > 1) {
    const double m = mass / (double)p->n;
    double dsum = 0.0;
    for (int64_t i = 0; i < p->n; i++) dsum += 2.0 * p->radius[i];
    equilibrate(s, p, b, dsum / (double)p->n, m);
    separate(p, b, q == 1.0 ? s->radius : rlarge);
    set_temperature(p, s->temperature);
  }
}
