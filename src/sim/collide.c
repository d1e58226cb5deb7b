/* collide.c - one collision through the production loops (see collide.h). */
#include "collide.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "contact.h"
#include "error.h"
#include "sim.h"

CollideSpec collide_defaults(void) {
  return (CollideSpec){.phase = 0.5, .dt_fraction = 0.01, .strategy = FORCE_HALF_REDUCE, .max_tc = 200.0};
}

double collide_elastic_time(const ContactModel *m, double Reff, double meff, double v0) {
  const NormalParams *np = &m->normal;
  if (np->model == NORMAL_HOOKE) return GD_PI * sqrt(meff / np->k); /* §1.1 at zeta = 0 */
  /* k_H in F = k_H delta^(3/2): k sqrt(R) (hertz), 4/3 E* sqrt(R) (material models) (§0).
   * mdr: the elastic limit of a pair is hertz/material with the same E* = E/(2(1 - nu^2))
   * (§6.10 hook 1; a wall is about twice as stiff, and yield softens it): an estimate that only
   * sets the time step and the run length. */
  const double kH = (np->model == NORMAL_HERTZ ? np->k : 4.0 / 3.0 * np->Estar) * sqrt(Reff);
  return 3.218065 * pow(meff / kH, 0.4) * pow(v0, -0.2); /* docs/verification.md §2.1 */
}

/* Elastic force and eta_n of the contact at the overlap delta > 0. */
static double elastic_force(const ContactModel *m, double delta, double Reff, double meff, double *eta) {
  NormalContact c = {.delta = delta, .Reff = Reff, .meff = meff, .vnnr = 0.0, .touching_before = true};
  contact_normal_compute(m, &c);
  if (eta) *eta = c.eta;
  return c.Fne;
}

CollideStability collide_stability(const ContactModel *m, double delta, double Reff, double meff, double dt) {
  CollideStability st = {.delta = delta};
  const double h = 1e-4 * delta; /* central difference: relative error ~1e-8 for the Hertz family */
  st.k = (elastic_force(m, delta + h, Reff, meff, NULL) - elastic_force(m, delta - h, Reff, meff, NULL)) / (2.0 * h);
  double eta = 0.0;
  elastic_force(m, delta, Reff, meff, &eta);
  st.omega0 = sqrt(fmax(st.k, 0.0) / meff);
  st.gamma = eta / meff;
  st.number = st.omega0 * st.omega0 * dt * dt + 2.0 * st.gamma * dt;
  /* the positive root of omega0^2 dt^2 + 2 gamma dt = 4, written without cancellation */
  st.dt_max = 4.0 / (st.gamma + sqrt(st.gamma * st.gamma + 4.0 * st.omega0 * st.omega0));
  return st;
}

/* Elastic work W(delta) = integral of F_ne from 0 to delta (Simpson, 64 intervals). */
static double elastic_work(const ContactModel *m, double delta, double Reff, double meff) {
  enum { N = 64 };
  const double h = delta / N;
  double sum = elastic_force(m, 1e-12 * h, Reff, meff, NULL) + elastic_force(m, delta, Reff, meff, NULL);
  for (int k = 1; k < N; k++) sum += (k % 2 ? 4.0 : 2.0) * elastic_force(m, k * h, Reff, meff, NULL);
  return sum * h / 3.0;
}

/* The overlap where the elastic work reaches E0 (the maximum of an undamped impact; damping
 * only lowers it), capped at cap, the deepest overlap a run accepts. */
static double elastic_max_overlap(const ContactModel *m, double E0, double Reff, double meff, double cap) {
  if (elastic_work(m, cap, Reff, meff) < E0) return cap;
  double lo = 0.0, hi = cap; /* W < E0 on the falling (cohesive) part: one crossing */
  for (int it = 0; it < 80 && hi - lo > 1e-12 * hi; it++) {
    const double mid = 0.5 * (lo + hi);
    if (elastic_work(m, mid, Reff, meff) < E0) lo = mid;
    else hi = mid;
  }
  return hi;
}

/* The worst stability over 0 < delta <= delta_top (32 overlaps; the tangent stiffness and eta_n
 * of the Hertz family grow with delta, cohesive ones need not), with the smallest dt_max. */
static CollideStability worst_stability(const ContactModel *m, double delta_top, double Reff, double meff,
                                        double dt) {
  enum { N = 32 };
  CollideStability worst = {.number = -1.0}, best_dt = {.dt_max = INFINITY};
  for (int k = 1; k <= N; k++) {
    const CollideStability st = collide_stability(m, delta_top * k / N, Reff, meff, dt);
    if (!(st.number < worst.number)) worst = st; /* NaN counts as the worst; ties: the deeper */
    if (st.dt_max < best_dt.dt_max) best_dt = st;
  }
  worst.dt_max = best_dt.dt_max;
  return worst;
}

static bool cohesive(const ContactModel *m) {
  return m->normal.model == NORMAL_DMT || m->normal.model == NORMAL_JKR || m->normal.gamma > 0.0;
}

/* What collide_check and collide_run derive from the specification. */
typedef struct Derived {
  double meff, Reff, E0, tc_elastic, dt, rmin, rsum, gap;
} Derived;

static Derived derive(const CollideSpec *c) {
  Derived d;
  const double mj = c->wall ? INFINITY : c->mj, Rj = c->wall ? INFINITY : c->Rj;
  d.meff = contact_meff(c->mi, mj);
  d.Reff = contact_reff(c->Ri, Rj);
  d.E0 = 0.5 * d.meff * c->v0 * c->v0;
  d.tc_elastic = collide_elastic_time(&c->model, d.Reff, d.meff, c->v0);
  d.dt = c->dt > 0.0 ? c->dt : c->dt_fraction * d.tc_elastic;
  d.rmin = c->wall ? c->Ri : fmin(c->Ri, c->Rj);
  d.rsum = c->wall ? c->Ri : c->Ri + c->Rj;
  d.gap = (2.0 + c->phase) * c->v0 * d.dt; /* (2 + phase) steps of free flight */
  return d;
}

/* The kinetic energy in the centre-of-mass frame at the start, spins included (I = 2/5 m R^2). */
static double total_energy(const CollideSpec *c, const Derived *d) {
  const double spin_i = c->wi0 == 0.0 ? 0.0 : 0.2 * c->mi * c->Ri * c->Ri * c->wi0 * c->wi0; /* no inf * 0 */
  const double spin_j = c->wall || c->wj0 == 0.0 ? 0.0 : 0.2 * c->mj * c->Rj * c->Rj * c->wj0 * c->wj0;
  return d->E0 + 0.5 * d->meff * c->vt0 * c->vt0 + spin_i + spin_j;
}

/* The most steps a run may take (max_tc elastic collision times, then captured), in double:
 * an infinite collision time must not reach an integer conversion. */
#define COLLIDE_MAX_STEPS 1e9
static double max_steps(const CollideSpec *c, const Derived *d) {
  return ceil(c->max_tc * d->tc_elastic / d->dt) + 8.0;
}

/* "the time step X s (--dt)" or "(--dt-fraction F of the elastic collision time T s)". */
static void describe_dt(const CollideSpec *c, const Derived *d, char *buf, size_t size) {
  if (c->dt > 0.0) snprintf(buf, size, "--dt %.6g", d->dt);
  else snprintf(buf, size, "the time step %.6g s (%s%g of the elastic collision time %.6g s)", d->dt,
                c->advice ? "" : "--dt-fraction ", c->dt_fraction, d->tc_elastic);
}

static void stability_message(const CollideSpec *c, const Derived *d, const CollideStability *st, const char *where,
                              char *buf, size_t size) {
  char what[160];
  describe_dt(c, d, what, sizeof what);
  snprintf(buf, size, "%s is not stable for this contact: omega0^2 dt^2 + 2 gamma dt = %.4g must be < 4 (velocity "
           "Verlet on the linearised contact; omega0 = sqrt(k/meff) = %.4g 1/s with the tangent stiffness "
           "k = dF/ddelta = %.4g N/m, gamma = eta_n/meff = %.4g 1/s, at the overlap %.4g m%s); %s %.4g s%s",
           what, st->number, st->omega0, st->k, st->gamma, st->delta, where,
           c->advice ? c->advice : "use --dt below", st->dt_max, c->advice ? ")" : "");
}

int collide_check(const CollideSpec *c, ErrList *err) {
  const int n0 = err->n;
  const Derived d = derive(c);
  const char *pair = c->wall ? "the sphere" : "the pair";
  if (!(isfinite(c->Ri) && c->Ri > 0.0) || (!c->wall && !(isfinite(c->Rj) && c->Rj > 0.0)))
    errlist_add(err, "collide: the radii must be finite and > 0 (got %g and %g m)", c->Ri, c->Rj);
  if (!(isfinite(c->mi) && c->mi > 0.0) || (!c->wall && !(isfinite(c->mj) && c->mj > 0.0)))
    errlist_add(err, "collide: the masses must be finite and > 0 (got %g and %g kg; --density gives "
                "4/3 pi R^3 rho, which overflows above about 1e308 kg)", c->mi, c->wall ? INFINITY : c->mj);
  if (!isfinite(c->vt0) || !isfinite(c->wi0) || (!c->wall && !isfinite(c->wj0)))
    errlist_add(err, "collide: the tangential speed and the spins must be finite (got %g m/s, %g and %g rad/s)",
                c->vt0, c->wi0, c->wall ? 0.0 : c->wj0);
  if (err->n > n0) return err->n - n0;
  if (!(isfinite(d.meff) && d.meff > 0.0))
    errlist_add(err, "collide: the effective mass of %s, m_i m_j/(m_i + m_j) = %g kg, is not a finite number > 0: "
                "the product of the masses leaves the range of double (about 1e-308 to 1e308); rescale the units",
                pair, d.meff);
  if (!(isfinite(d.Reff) && d.Reff > 0.0))
    errlist_add(err, "collide: the effective radius of %s, R_i R_j/(R_i + R_j) = %g m, is not a finite number > 0: "
                "the product of the radii leaves the range of double (about 1e-308 to 1e308); rescale the units",
                pair, d.Reff);
  if (err->n > n0) return err->n - n0;
  if (!(isfinite(d.E0) && d.E0 > 0.0))
    errlist_add(err, "collide: the impact energy 1/2 meff v^2 = %g J is not a finite number > 0; lower --v or "
                "rescale the units", d.E0);
  else if (!isfinite(total_energy(c, &d)))
    errlist_add(err, "collide: the kinetic energy with the tangential speed and the spins, 1/2 meff (v^2 + vt^2) + "
                "1/5 m R^2 w^2 per sphere, = %g J, leaves the range of double (about 1e308): lower --vt or --spin",
                total_energy(c, &d));
  if (!(isfinite(d.tc_elastic) && d.tc_elastic > 0.0))
    errlist_add(err, "collide: the elastic collision time of this model is %g s (a zero or infinite stiffness), and "
                "the step (--dt-fraction) and the run length (--max-tc) are set from it; give the normal model a "
                "finite stiffness > 0", d.tc_elastic);
  else if (!(isfinite(d.dt) && d.dt > 0.0))
    errlist_add(err, "collide: the time step %g s is not a finite number > 0; give --dt", d.dt);
  if (err->n > n0) return err->n - n0;
  const double nmax = max_steps(c, &d);
  if (!(nmax <= COLLIDE_MAX_STEPS))
    errlist_add(err, "collide: the run may take %.3g steps (--max-tc %g elastic collision times of %.6g s at the "
                "step %.6g s), more than the %.0e a collision is allowed; raise the step or lower --max-tc",
                nmax, c->max_tc, d.tc_elastic, d.dt, COLLIDE_MAX_STEPS);
  if (err->n > n0) return err->n - n0;
  const double first = c->v0 * d.dt * (1.0 - c->phase); /* the overlap of the first step in contact */
  if (!(first <= d.rmin) || !isfinite(d.gap) || !isfinite(4.0 * d.rsum + 4.0 * d.gap)) {
    char what[160];
    describe_dt(c, &d, what, sizeof what);
    errlist_add(err, "collide: at --v %g and %s the first step in contact would already overlap by %g m, deeper "
                "than the %s radius %g m: %s would pass through in one step; %s %.4g s%s",
                c->v0, what, first, c->wall ? "sphere's" : "smaller", d.rmin,
                c->wall ? "the sphere and the wall" : "the spheres", c->advice ? c->advice : "lower --v or use --dt below",
                d.rmin / (c->v0 * (1.0 - c->phase)), c->advice ? ")" : "");
    return err->n - n0;
  }
  if (c->model.normal.model == NORMAL_MDR) return err->n - n0; /* its force needs per-particle state */
  const double top = elastic_max_overlap(&c->model, d.E0, d.Reff, d.meff, d.rmin);
  const CollideStability st = worst_stability(&c->model, top, d.Reff, d.meff, d.dt);
  if (!isfinite(top) || !isfinite(st.k) || !isfinite(st.gamma)) {
    errlist_add(err, "collide: the contact's numbers leave the range of double (about 1e-308 to 1e308): its "
                "tangent stiffness or damping over the overlaps up to the elastic maximum is not a finite number "
                "(radii %g and %g m, masses %g and %g kg, --v %g); rescale the units", c->Ri,
                c->wall ? INFINITY : c->Rj, c->mi, c->wall ? INFINITY : c->mj, c->v0);
    return err->n - n0;
  }
  if (!(st.number < 4.0)) {
    char msg[640];
    char where[96];
    snprintf(where, sizeof where, ", the worst of the overlaps up to %s %.4g m", top < d.rmin ?
             "the elastic maximum" : "the smaller radius", top);
    stability_message(c, &d, &st, where, msg, sizeof msg);
    errlist_add(err, "collide: %s", msg);
  }
  return err->n - n0;
}

/* Overlap, separation speed along the line of centres and normal force of the pair (or
 * sphere-wall) now, and the vector from i to j (the wall: along x). */
static void pair_state(const Sim *s, const CollideSpec *c, double wall_x, double *delta, double *vsep, double *fn,
                       double rel[2]) {
  const Particles *p = &s->p;
  if (c->wall) {
    *delta = c->Ri - (p->x[0] - wall_x);
    *vsep = p->vx[0];
    *fn = p->fx[0]; /* the wall lies below the sphere: a repulsive force points along +x */
    rel[0] = -(p->x[0] - wall_x), rel[1] = 0.0;
    return;
  }
  /* The sort may have swapped the two particles: find them by id. */
  const int a = p->id[0] == 1 ? 0 : 1, b = 1 - a;
  /* The line of centres from i (id 1) to j; an oblique pair turns it in the x-y plane. (Head-on,
   * dy = 0 and r = dx exactly: sqrt of a correctly rounded square is exact.) */
  const double dx = p->x[b] - p->x[a], dy = p->y[b] - p->y[a], r = sqrt(dx * dx + dy * dy);
  const double nx = dx / r, ny = dy / r;
  *delta = c->Ri + c->Rj - r;
  *vsep = (p->vx[b] - p->vx[a]) * nx + (p->vy[b] - p->vy[a]) * ny;
  *fn = -(p->fx[a] * nx + p->fy[a] * ny); /* repulsion pushes i away from j */
  rel[0] = dx, rel[1] = dy;
}

/* The separation speed after the contact along the line of centres at the moment of separation
 * (rel0, rel1: the vector from i to j at the last step in contact and the first after; frac: where
 * in between the contact ended). The line of an oblique pair turns during the contact (by about
 * vt t_c/(Ri + Rj)), so the end step's own line, up to a step late, would add up to
 * vt^2 dt/((Ri + Rj) v0) to e. Head-on and on a wall the line stays along x: the end step's vsep,
 * bit for bit.
 * e = -v_n(separation)/v_n(first contact), each along the line of centres at its moment (Newton's kinematic e; docs/commands.md, collide). */
static double separation_speed(const Sim *s, const CollideSpec *c, const double rel0[2], const double rel1[2],
                               double frac) {
  const Particles *p = &s->p;
  if (c->wall) return p->vx[0];
  const int a = p->id[0] == 1 ? 0 : 1, b = 1 - a;
  const double f = isfinite(frac) ? fmin(fmax(frac, 0.0), 1.0) : 1.0;
  const double dx = rel0[0] + f * (rel1[0] - rel0[0]), dy = rel0[1] + f * (rel1[1] - rel0[1]);
  const double r = sqrt(dx * dx + dy * dy);
  return (p->vx[b] - p->vx[a]) * (dx / r) + (p->vy[b] - p->vy[a]) * (dy / r);
}

/* The tangential relative velocity and the spins at the end (see CollideResult). */
static void tangential_state(const Sim *s, const CollideSpec *c, CollideResult *res) {
  const Particles *p = &s->p;
  const int a = c->wall || p->id[0] == 1 ? 0 : 1, b = 1 - a;
  res->vt = c->wall ? p->vy[0] : p->vy[a] - p->vy[b];
  res->vx = c->wall ? p->vx[0] : p->vx[b] - p->vx[a];
  res->wi = p->wz[a];
  res->wj = c->wall ? 0.0 : p->wz[b];
}

/* Sets *why to a message of this thread (the verifier runs collisions in parallel). */
static bool fail(const char **why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(const char **why, const char *fmt, ...) {
  static _Thread_local char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  *why = msg;
  return false;
}

/* The checks of one step of the run: an overlap deeper than the smaller radius (the force pass
 * sees only |r|: spheres whose centres crossed look shallow to it), and the step's stability at
 * the overlap reached. */
static bool check_step(const CollideSpec *c, const Derived *d, int64_t step, double delta, bool on,
                       const char **why) {
  if (delta > d->rmin)
    return fail(why, "step %lld: %s reached an overlap of %.6g m, deeper than the %s radius %.6g m%s; %s",
                (long long)step, c->wall ? "the sphere and the wall" : "particles id 1 and 2", delta,
                c->wall ? "sphere's" : "smaller", d->rmin, delta > d->rsum ? " (their centres passed each other)" : "",
                c->advice ? c->advice : "lower --dt or --v");
  if (!on || !(delta > 0.0) || c->model.normal.model == NORMAL_MDR) return true;
  const CollideStability st = collide_stability(&c->model, delta, d->Reff, d->meff, d->dt);
  if (st.number < 4.0) return true;
  char msg[640];
  stability_message(c, d, &st, ", reached in the run", msg, sizeof msg);
  return fail(why, "step %lld: %s", (long long)step, msg);
}

/* e must be finite and >= 0; without cohesion the contact cannot return more energy than the
 * impact brought, up to the integrator's first-order error (f dt/t_c with f <= 1.4 for every
 * row, docs/verification.md §7.2; 2 dt/t_c here). */
static bool check_result(const CollideSpec *c, const CollideResult *r, const char **why) {
  const double all[] = {r->t_c, r->delta_max, r->force_max, r->vt, r->wi, r->wj, r->E0, r->E_diss, r->W_damp};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (!isfinite(all[k]))
      return fail(why, "the run's results are not all finite numbers (collision time %g s, largest overlap %g m, "
                  "largest force %g N, vt %g m/s, spins %g and %g rad/s, E0 %g J, dissipated %g J, damping work "
                  "%g J): the scales leave the range of double; rescale the units or lower --vt and --spin",
                  r->t_c, r->delta_max, r->force_max, r->vt, r->wi, r->wj, r->E0, r->E_diss, r->W_damp);
  if (r->captured) return true;
  const double upper = cohesive(&c->model) ? INFINITY : 1.0 + 2.0 * r->dt / r->t_c;
  if (isfinite(r->e) && r->e >= 0.0 && r->e <= upper) return true;
  return fail(why, "the result e = %g after %lld contact steps is impossible (it must be finite, >= 0%s); the step "
              "%.6g s is too coarse for this contact (collision time %.6g s): %s", r->e,
              (long long)r->contact_steps, isfinite(upper) ? ", and at most 1 + 2 dt/t_c without cohesion" : "",
              r->dt, r->t_c, c->advice ? c->advice : "lower --dt");
}

bool collide_run(const CollideSpec *c, CollideResult *res, const char **why) {
  memset(res, 0, sizeof *res);
  ErrList err = {0};
  if (collide_check(c, &err)) {
    fail(why, "%s", err.msg[0] + (strncmp(err.msg[0], "collide: ", 9) == 0 ? 9 : 0));
    errlist_free(&err);
    return false;
  }
  const Derived d = derive(c);
  res->meff = d.meff;
  res->Reff = d.Reff;
  res->E0 = total_energy(c, &d);
  res->tc_elastic = d.tc_elastic;
  const double dt = d.dt, gap = d.gap;
  res->dt = dt;

  /* Gap (2 + phase) steps of free flight: continuous-time onset at t_on = (2 + phase) dt. */
  const double L = 4.0 * d.rsum + 4.0 * gap; /* a closed box, big enough for the whole run */
  Box box = {.lo = {-L, -L, -L}, .hi = {L, L, L}, .periodic = {false, false, false}};
  Particles p;
  particles_alloc(&p, c->wall ? 1 : 2, 1);
  double wall_x = 0.0;
  if (c->wall) {
    wall_x = -0.5 * L;
    p.x[0] = wall_x + c->Ri + gap;
    p.vx[0] = -c->v0;
    p.vy[0] = c->vt0;
    p.wz[0] = c->wi0;
    p.radius[0] = c->Ri, p.mass[0] = c->mi;
  } else {
    /* Centre of mass at rest; i on the left moving +x, j on the right moving -x. */
    const double M = c->mi + c->mj;
    p.x[0] = -(c->Ri + 0.5 * gap), p.x[1] = c->Rj + 0.5 * gap;
    p.vx[0] = c->v0 * c->mj / M, p.vx[1] = -c->v0 * c->mi / M;
    p.vy[0] = c->vt0 * c->mj / M, p.vy[1] = -c->vt0 * c->mi / M;
    /* an oblique pair meets with its line of centres along x: offset y by the free flight */
    const double t_free = (2.0 + c->phase) * dt;
    p.y[0] = -p.vy[0] * t_free, p.y[1] = -p.vy[1] * t_free;
    p.wz[0] = c->wi0, p.wz[1] = c->wj0;
    p.radius[0] = c->Ri, p.radius[1] = c->Rj;
    p.mass[0] = c->mi, p.mass[1] = c->mj;
  }
  ContactModel *models = gd_xmalloc(sizeof *models);
  models[0] = c->model;
  Sim s;
  const LoopPrecision prec = c->wall ? LOOP_DOUBLE : c->precision; /* walls_force has no mixed law */
  sim_init(&s, &p, &box, models, 1, c->strategy, c->use_ref, prec, c->threads, 2.0 * gap, dt); /* listed from the start */
  res->kernel = s.plan.label;
  res->threads = s.plan.threads;
  res->precision = s.plan.precision;
  res->precision_note = c->wall && c->precision == LOOP_MIXED ? "a wall's contact has no mixed-precision law"
                                                               : s.plan.precision_note;
  if (c->wall) walls_add(&s.walls, 0, false, wall_x);
  if (!sim_setup(&s, why)) {
    fail(why, "%s", *why); /* *why may point into s */
    sim_free(&s);
    return false;
  }
  const double t_on = (2.0 + c->phase) * dt;
  const double d_end = -normal_pulloff_distance(c->model.normal.model, &c->model.normal, res->Reff);
  const int64_t nmax = (int64_t)max_steps(c, &d); /* <= COLLIDE_MAX_STEPS (collide_check) */
  double delta_prev = 0.0, vsep = 0.0, delta = 0.0, fn = 0.0, rel[2] = {0.0, 0.0}, rel_prev[2] = {0.0, 0.0};
  bool began = false, ended = false;
  int64_t k = 0;
  /* The first step in contact is step 3 (index 2); a few more for rounding, then it tunnelled. */
  const int64_t onset_limit = 8;
  for (; k < nmax && !ended && (began || k < onset_limit); k++) {
    if (!sim_step(&s, why)) {
      fail(why, "%s", *why); /* *why may point into s */
      sim_free(&s);
      return false;
    }
    pair_state(&s, c, wall_x, &delta, &vsep, &fn, rel);
    const bool on = s.last.contacts > 0;
    if (!check_step(c, &d, k + 1, delta, on, why)) {
      sim_free(&s);
      return false;
    }
    if (on) {
      began = true;
      res->contact_steps++;
      res->delta_max = fmax(res->delta_max, delta);
      res->force_max = fmax(res->force_max, fn);
      if (c->trace) c->trace(c->trace_ctx, (double)(k + 1) * dt - t_on, delta, fn);
    } else if (began) {
      ended = true;
      /* End of contact within the step: linear in delta between the last two steps. */
      const double t1 = (double)(k + 1) * dt;
      const double frac = (delta_prev - d_end) / (delta_prev - delta);
      res->t_c = t1 - dt + frac * dt - t_on;
      vsep = separation_speed(&s, c, rel_prev, rel, frac);
    }
    delta_prev = delta;
    rel_prev[0] = rel[0], rel_prev[1] = rel[1];
  }
  res->steps = k;
  res->captured = !ended;
  res->e = ended ? vsep / c->v0 : 0.0;
  if (!ended) res->t_c = (double)k * dt - t_on;
  tangential_state(&s, c, res);
  double ke_t, ke_r;
  energy_kinetic(&s.p, &ke_t, &ke_r, s.plan.threads);
  res->E_diss = res->E0 - (ke_t + ke_r);
  res->W_damp = s.ledger.diss_normal + s.ledger.diss_tangential + s.ledger.diss_friction;
  sim_free(&s);
  if (res->contact_steps == 0)
    return fail(why, "no step found %s in contact (the first should have overlapped by %.6g m): they passed "
                "through each other within one step, or one step's approach v dt = %.6g m is lost in the "
                "rounding of positions of size %.6g m; %s", c->wall ? "the sphere and the wall"
                : "the spheres", c->v0 * dt * (1.0 - c->phase), c->v0 * dt, L, c->advice ? c->advice : "change --dt or --v");
  return check_result(c, res, why);
}
