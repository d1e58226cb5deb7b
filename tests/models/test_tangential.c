/*
 * test_tangential.c - the full contact (spec §4, §5): every tangential model on a fresh
 * contact, with stored history off the tangent plane, sliding at the Coulomb limit, in a
 * rotated frame and with i and j swapped; torques, walls, the dissipation channels, and the
 * reference values of spec §9.7 and §9.8.
 */
#include "contact.h"
#include "model.h"
#include "tests.h"

static void cross(const double a[3], const double b[3], double c[3]) {
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}
static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static double norm(const double a[3]) { return sqrt(dot(a, a)); }


/* A two-sphere configuration, not aligned with any axis. */
typedef struct Config {
  double xi[3], xj[3], vi[3], vj[3], wi[3], wj[3], Ri, Rj, mi, mj;
} Config;

static Config base_config(void) {
  const double u[3] = {1.0 / 3, 2.0 / 3, 2.0 / 3}; /* unit vector from i to j */
  Config c = {.xi = {0.1, -0.2, 0.3}, .Ri = 0.5, .Rj = 0.6, .mi = 1.3, .mj = 2.1,
              .vi = {0.3, -0.1, 0.2}, .vj = {-0.2, 0.15, -0.05}, .wi = {1.0, -2.0, 0.5}, .wj = {-0.3, 0.4, 1.1}};
  const double r = 1.08; /* delta = 0.02 */
  for (int k = 0; k < 3; k++) c.xj[k] = c.xi[k] + r * u[k];
  return c;
}

static PairInput pair_input(const Config *c, double dt, bool update) {
  PairInput in = {.Ri = c->Ri, .Rj = c->Rj, .meff = contact_meff(c->mi, c->mj), .dt = dt,
                  .history_update = update, .wall = isinf(c->Rj)};
  for (int k = 0; k < 3; k++) {
    in.dx[k] = c->xi[k] - c->xj[k];
    in.vr[k] = c->vi[k] - c->vj[k];
    in.wi[k] = c->wi[k];
    in.wj[k] = c->wj[k];
  }
  return in;
}

/* Independent kinematics of §1.1 for the reference. */
typedef struct Kin {
  double n[3], delta, Reff, meff, vnnr, vtr[3], vrel, a;
} Kin;

static Kin kinematics(const Config *c) {
  Kin k;
  double d[3], vr[3], wr[3], wxn[3];
  for (int i = 0; i < 3; i++) d[i] = c->xi[i] - c->xj[i];
  const double r = norm(d);
  for (int i = 0; i < 3; i++) k.n[i] = d[i] / r;
  k.delta = c->Ri + c->Rj - r;
  k.Reff = 1.0 / (1.0 / c->Ri + 1.0 / c->Rj);
  k.meff = 1.0 / (1.0 / c->mi + 1.0 / c->mj);
  for (int i = 0; i < 3; i++) vr[i] = c->vi[i] - c->vj[i];
  k.vnnr = dot(vr, k.n);
  for (int i = 0; i < 3; i++) wr[i] = c->Ri * c->wi[i] + c->Rj * c->wj[i];
  cross(wr, k.n, wxn);
  for (int i = 0; i < 3; i++) k.vtr[i] = vr[i] - k.vnnr * k.n[i] - wxn[i];
  k.vrel = norm(k.vtr);
  k.a = sqrt(k.delta * k.Reff);
  return k;
}

/* hertz/material E = 1e6, nu = 0.3, velocity damping 20 (kg/s): the normal part. */
static const char *const NORMAL_TEXT = "hertz/material 1e6 20 0.3";
static double ref_Fntot(const Kin *k) {
  const double Es = 1e6 / (2 * (1 - 0.09));
  return 4.0 / 3.0 * Es * sqrt(k->Reff) * pow(k->delta, 1.5) - 20 * k->vnnr;
}

typedef struct TangCase {
  const char *name;
  bool mindlin, force, rescale;
} TangCase;

static const TangCase TANG[] = {
    {"linear_history", false, false, false},   {"mindlin", true, false, false},
    {"mindlin/force", true, true, false},      {"mindlin_rescale", true, false, true},
    {"mindlin_rescale/force", true, true, true},
};

static void check_vec(const double *got, const double *want, int n, double tol, const char *what) {
  for (int i = 0; i < n; i++)
    if (!rel_close(got[i], want[i], tol) && fabs(got[i] - want[i]) > 1e-18)
      fail_msg("%s[%d] = %.17g, expected %.17g", what, i, got[i], want[i]);
}

/* Fresh contact and stored history off the tangent plane (frame rotation), for every model. */
static void test_history_models_stick(void **state) {
  (void)state;
  const double kt = 7e5, xt = 0.8, mu = 50.0, dt = 1e-4;
  for (size_t t = 0; t < sizeof TANG / sizeof *TANG; t++)
    for (int stored = 0; stored <= 1; stored++) {
      const TangCase *tc = &TANG[t];
      char text[256];
      snprintf(text, sizeof text, "%s tangential %s %g %g %g damping velocity", NORMAL_TEXT, tc->name, kt, xt, mu);
      ContactModel m = parse_ok(text);
      Config c = base_config();
      Kin k = kinematics(&c);
      const double Fn = ref_Fntot(&k), eta_t = xt * 20, kk = tc->mindlin ? kt * k.a : kt;
      /* History before: zero, or a vector with a normal component (and a_prev > a). */
      double h[4] = {0, 0, 0, 0}, want[4] = {0, 0, 0, 0};
      if (stored) {
        const double h0[3] = {2e-6, -1e-6, 3e-6};
        const double scale = tc->force ? kk : 1.0;
        for (int i = 0; i < 3; i++) h[i] = h0[i] * scale;
        h[3] = tc->rescale ? 1.25 * k.a : 0.0;
        double hs[3];
        const double shrink = tc->rescale ? 1.0 / 1.25 : 1.0; /* a/a_prev */
        for (int i = 0; i < 3; i++) hs[i] = h[i] * shrink;
        const double hn = dot(hs, k.n);
        double p[3];
        for (int i = 0; i < 3; i++) p[i] = hs[i] - hn * k.n[i];
        for (int i = 0; i < 3; i++) want[i] = p[i] * norm(hs) / norm(p);
      }
      for (int i = 0; i < 3; i++) want[i] += tc->force ? -kk * k.vtr[i] * dt : k.vtr[i] * dt;
      if (tc->rescale) want[3] = k.a;
      double fs[3];
      for (int i = 0; i < 3; i++) fs[i] = (tc->force ? want[i] : -kk * want[i]) - eta_t * k.vtr[i];
      assert_true(norm(fs) < mu * fabs(Fn)); /* sticking */

      PairInput in = pair_input(&c, dt, true);
      bool touch = stored;
      ContactOutput o;
      assert_true(contact_compute(&m, &in, h, &touch, &o));
      check_vec(h, want, m.history_size, 1e-12, "history");
      check_vec(o.t.fs, fs, 3, 1e-12, "fs");
      double F[3], tor[3], ti[3], tj[3];
      cross(k.n, fs, tor);
      for (int i = 0; i < 3; i++) {
        F[i] = Fn * k.n[i] + fs[i];
        ti[i] = -(c.Ri - k.delta / 2) * tor[i];
        tj[i] = -(c.Rj - k.delta / 2) * tor[i];
      }
      check_vec(o.force, F, 3, 1e-12, "force");
      check_vec(o.torque_i, ti, 3, 1e-12, "torque_i");
      check_vec(o.torque_j, tj, 3, 1e-12, "torque_j");
      assert_false(o.t.sliding);
      assert_rel(o.power_normal_damping, 20 * k.vnnr * k.vnnr, 1e-13);
      assert_rel(o.t.power_damping, eta_t * k.vrel * k.vrel, 1e-13);
      assert_true(o.t.power_friction == 0.0);
    }
}

/* Sliding at the Coulomb limit: history along vtr, so fs is antiparallel to vtr and the
 * friction power is |F_t| |v_t,rel|; the history is rewritten to match the capped force. */
static void test_sliding_at_coulomb_limit(void **state) {
  (void)state;
  const double kt = 7e5, xt = 0.8, mu = 0.3, dt = 1e-4;
  for (size_t t = 0; t < sizeof TANG / sizeof *TANG; t++) {
    const TangCase *tc = &TANG[t];
    char text[256];
    snprintf(text, sizeof text, "%s tangential %s %g %g %g damping velocity", NORMAL_TEXT, tc->name, kt, xt, mu);
    ContactModel m = parse_ok(text);
    Config c = base_config();
    Kin k = kinematics(&c);
    const double Fscrit = mu * fabs(ref_Fntot(&k)), eta_t = xt * 20, kk = tc->mindlin ? kt * k.a : kt;
    double u[3], h[4] = {0, 0, 0, 0};
    for (int i = 0; i < 3; i++) u[i] = k.vtr[i] / k.vrel;
    for (int i = 0; i < 3; i++) h[i] = (tc->force ? -kk : 1.0) * 0.1 * u[i]; /* k|h| far beyond the cap */
    PairInput in = pair_input(&c, dt, true);
    bool touch = true;
    ContactOutput o;
    contact_compute(&m, &in, h, &touch, &o);
    assert_true(o.t.sliding);
    assert_rel(norm(o.t.fs), Fscrit, 1e-13);
    double want_fs[3], want_h[3];
    for (int i = 0; i < 3; i++) {
      want_fs[i] = -Fscrit * u[i];
      const double elastic = want_fs[i] + eta_t * k.vtr[i];
      want_h[i] = tc->force ? elastic : -elastic / kk;
    }
    check_vec(o.t.fs, want_fs, 3, 1e-12, "fs");
    check_vec(h, want_h, 3, 1e-11, "history");
    assert_rel(o.t.power_friction, norm(o.t.fs) * k.vrel, 1e-13);
    assert_true(o.t.power_damping == 0.0);
  }
  /* linear_nohistory: the dashpot force capped at Fscrit. */
  ContactModel m = parse_ok("hertz/material 1e6 20 0.3 tangential linear_nohistory 100 0.3 damping velocity");
  Config c = base_config();
  Kin k = kinematics(&c);
  PairInput in = pair_input(&c, 1e-4, true);
  bool touch = false;
  ContactOutput o;
  contact_compute(&m, &in, NULL, &touch, &o);
  const double Fscrit = 0.3 * fabs(ref_Fntot(&k));
  assert_true(o.t.sliding);
  assert_rel(norm(o.t.fs), Fscrit, 1e-13);
  assert_rel(o.t.power_friction, Fscrit * k.vrel, 1e-13);
  assert_rel(dot(o.t.fs, k.vtr), -Fscrit * k.vrel, 1e-13);
  /* ... and below the cap it is a pure dashpot. */
  m = parse_ok("hertz/material 1e6 20 0.3 tangential linear_nohistory 0.01 0.3 damping velocity");
  contact_compute(&m, &in, NULL, &touch, &o);
  assert_false(o.t.sliding);
  assert_rel(o.t.power_damping, 0.01 * 20 * k.vrel * k.vrel, 1e-13);
  for (int i = 0; i < 3; i++) assert_rel(o.t.fs[i], -0.2 * k.vtr[i], 1e-13);
}

/* Rotating the whole configuration rotates forces, torques and history (a rotated frame). */
static void test_rotated_frame(void **state) {
  (void)state;
  const double Q[3][3] = {{0.36, 0.48, -0.8}, {-0.8, 0.6, 0.0}, {0.48, 0.64, 0.6}}; /* orthogonal */
  const char *texts[] = {
      "hertz/material 1e6 0.6 0.3 tangential mindlin_rescale NULL 0.5 0.4 damping tsuji",
      "hooke 1e4 3 tangential linear_history 2e3 0.5 0.2 damping mass_velocity",
      "jkr 1e6 2 0.3 5 tangential mindlin/force NULL 0.5 0.4 damping viscoelastic",
  };
  for (int t = 0; t < 3; t++) {
    ContactModel m = parse_ok(texts[t]);
    Config c = base_config(), cr = c;
#define ROT(dst, src) for (int i = 0; i < 3; i++) dst[i] = Q[i][0] * src[0] + Q[i][1] * src[1] + Q[i][2] * src[2]
    ROT(cr.xi, c.xi); ROT(cr.xj, c.xj); ROT(cr.vi, c.vi); ROT(cr.vj, c.vj); ROT(cr.wi, c.wi); ROT(cr.wj, c.wj);
    double h[4] = {1e-4, -2e-4, 5e-5, 0.02}, hr[4];
    ROT(hr, h);
    hr[3] = h[3];
    for (int step = 0; step < 3; step++) {
      PairInput in = pair_input(&c, 1e-4, true), inr = pair_input(&cr, 1e-4, true);
      bool touch = true, touchr = true;
      ContactOutput o, orr;
      contact_compute(&m, &in, h, &touch, &o);
      contact_compute(&m, &inr, hr, &touchr, &orr);
      double want[3];
      ROT(want, o.force);
      check_vec(orr.force, want, 3, 1e-12, "rotated force");
      ROT(want, o.torque_i);
      check_vec(orr.torque_i, want, 3, 1e-12, "rotated torque_i");
      ROT(want, o.torque_j);
      check_vec(orr.torque_j, want, 3, 1e-12, "rotated torque_j");
      ROT(want, h);
      check_vec(hr, want, 3, 1e-11, "rotated history");
      assert_rel(orr.power_normal_damping + orr.t.power_damping + orr.t.power_friction,
                 o.power_normal_damping + o.t.power_damping + o.t.power_friction, 1e-12);
    }
#undef ROT
  }
}

/* Swapping i and j (history transfer factor -1) gives the opposite force; torques swap. */
static void test_swap_symmetry(void **state) {
  (void)state;
  ContactModel m = parse_ok("hertz/material 1e6 0.6 0.3 tangential mindlin NULL 0.5 0.4 damping coeff_restitution");
  Config c = base_config(), s = c;
  for (int k = 0; k < 3; k++) {
    s.xi[k] = c.xj[k], s.xj[k] = c.xi[k], s.vi[k] = c.vj[k], s.vj[k] = c.vi[k];
    s.wi[k] = c.wj[k], s.wj[k] = c.wi[k];
  }
  s.Ri = c.Rj, s.Rj = c.Ri, s.mi = c.mj, s.mj = c.mi;
  double h[3] = {1e-5, 2e-5, -1e-5}, hs[3] = {-1e-5, -2e-5, 1e-5};
  bool t1 = true, t2 = true;
  ContactOutput o, os;
  PairInput in = pair_input(&c, 1e-4, true), ins = pair_input(&s, 1e-4, true);
  contact_compute(&m, &in, h, &t1, &o);
  contact_compute(&m, &ins, hs, &t2, &os);
  for (int k = 0; k < 3; k++) {
    assert_rel(os.force[k], -o.force[k], 1e-13);
    assert_rel(os.torque_i[k], o.torque_j[k], 1e-13);
    assert_rel(os.torque_j[k], o.torque_i[k], 1e-13);
    assert_rel(hs[k], -h[k], 1e-13);
  }
}

/* Spec §9.8 (LAMMPS 29Sep2021, run 0): f_i = (-10.1, -0.05, 0), tau_i = tau_j = (0, 0, -0.02475). */
static void test_reference_values(void **state) {
  (void)state;
  ContactModel m = parse_ok("hooke 1000 0.5 tangential linear_history 1000 1 0.5 damping velocity");
  Config c = {.xi = {0, 0, 0}, .xj = {0.99, 0, 0}, .vi = {0.1, 0.1, 0}, .vj = {-0.1, 0, 0},
              .Ri = 0.5, .Rj = 0.5, .mi = 1, .mj = 1};
  PairInput in = pair_input(&c, 0, false);
  double h[3] = {0, 0, 0};
  bool touch = false;
  ContactOutput o;
  contact_compute(&m, &in, h, &touch, &o);
  const double f[3] = {-10.1, -0.05, 0}, tq[3] = {0, 0, -0.02475};
  check_vec(o.force, f, 3, 1e-14, "f_i");
  check_vec(o.torque_i, tq, 3, 1e-14, "tau_i");
  check_vec(o.torque_j, tq, 3, 1e-14, "tau_j");
  assert_true(h[0] == 0 && h[1] == 0 && h[2] == 0); /* setup: no history update */

  /* Spec §9.7: limit_damping while separating zeroes Fncrit, hence the friction. */
  ContactModel lim = parse_ok("hooke 1000 100 tangential linear_nohistory 1 0.5 damping velocity limit_damping");
  ContactModel nolim = parse_ok("hooke 1000 100 tangential linear_nohistory 1 0.5 damping velocity");
  Config s = {.xi = {0, 0, 0}, .xj = {0.99, 0, 0}, .vi = {-0.1, 0.1, 0}, .vj = {0.1, 0, 0},
              .Ri = 0.5, .Rj = 0.5, .mi = 1, .mj = 1};
  in = pair_input(&s, 0, false);
  touch = false;
  contact_compute(&lim, &in, NULL, &touch, &o);
  assert_true(o.n.Fntot == 0.0 && norm(o.t.fs) == 0.0);
  assert_rel(o.t.eta_t, 100, 0);
  assert_rel(o.power_normal_damping, 10.0 * 0.2, 1e-13); /* under the clamp: Fne vnnr */
  contact_compute(&nolim, &in, NULL, &touch, &o);
  assert_rel(o.n.Fntot, -10, 1e-13);
  assert_rel(norm(o.t.fs), 5, 1e-13);
}

/* Setup evaluations: a fresh capped contact gives fs = 0; stored history is still rewritten. */
static void test_setup_evaluation(void **state) {
  (void)state;
  ContactModel m = parse_ok("hertz/material 1e6 20 0.3 tangential mindlin NULL 100 0.3 damping velocity");
  Config c = base_config();
  PairInput in = pair_input(&c, 1e-4, false);
  double h[3] = {0, 0, 0};
  bool touch = false;
  ContactOutput o;
  contact_compute(&m, &in, h, &touch, &o);
  assert_true(o.t.sliding && norm(o.t.fs) == 0.0);
  double h2[3] = {1e-3, 0, 0}, before[3] = {1e-3, 0, 0};
  contact_compute(&m, &in, h2, &touch, &o);
  assert_true(o.t.sliding);
  assert_true(h2[0] != before[0]);
  assert_rel(norm(o.t.fs), o.t.Fscrit, 1e-13);
}

/* Separation zeroes the history and the touch flag; a wall has arm R_i and no torque_j. */
static void test_separation_and_wall(void **state) {
  (void)state;
  ContactModel m = parse_ok("hertz/material 1e6 20 0.3 tangential mindlin_rescale NULL 1 0.4 damping velocity");
  Config c = base_config();
  for (int k = 0; k < 3; k++) c.xj[k] += 0.1;
  double h[4] = {1, 2, 3, 4};
  bool touch = true;
  ContactOutput o;
  PairInput in = pair_input(&c, 1e-4, true);
  assert_false(contact_compute(&m, &in, h, &touch, &o));
  assert_false(touch);
  assert_true(h[0] == 0 && h[1] == 0 && h[2] == 0 && h[3] == 0 && o.force[0] == 0);

  /* Sphere on a flat wall below it: dx = (0, 0, R - delta). */
  Config w = {.xi = {0, 0, 0.49}, .xj = {0, 0, 0}, .vi = {0.2, 0, -0.3}, .wi = {0, 1, 0},
              .Ri = 0.5, .Rj = INFINITY, .mi = 2, .mj = INFINITY};
  PairInput wi = pair_input(&w, 1e-4, true);
  double hw[4] = {0, 0, 0, 0};
  touch = false;
  assert_true(contact_compute(&m, &wi, hw, &touch, &o));
  const double Es = 1e6 / (2 * 0.91), delta = 0.01, R = 0.5;
  assert_rel(o.n.Fne, 4.0 / 3.0 * Es * sqrt(R) * pow(delta, 1.5), 1e-13);
  assert_rel(o.n.eta, 20, 0);
  /* vtr = vt - (R w) x n = (0.2, 0, 0) - (0, 0.5, 0) x (0, 0, 1) = (0.2 - 0.5, 0, 0) */
  const double vtr0 = 0.2 - 0.5;
  double fs[3] = {-(1e6 * 2 / (1.7 * 1.3)) * sqrt(R * delta) * vtr0 * 1e-4 - 20 * vtr0, 0, 0};
  check_vec(o.t.fs, fs, 3, 1e-12, "wall fs");
  double tor[3], ti[3];
  const double n[3] = {0, 0, 1};
  cross(n, fs, tor);
  for (int k = 0; k < 3; k++) ti[k] = -R * tor[k];
  check_vec(o.torque_i, ti, 3, 1e-12, "wall torque");
  assert_true(o.torque_j[0] == 0 && o.torque_j[1] == 0 && o.torque_j[2] == 0);
}

/* k = 0 in the Coulomb rewrite (k_t = 0): LAMMPS divides by zero; grandamp keeps h = 0. */
static void test_zero_stiffness_guard(void **state) {
  (void)state;
  ContactModel m = parse_ok("hertz/material 1e6 20 0.3 tangential linear_history 0 100 0.3 damping velocity");
  Config c = base_config();
  PairInput in = pair_input(&c, 1e-4, true);
  double h[3] = {0, 0, 0};
  bool touch = true;
  ContactOutput o;
  contact_compute(&m, &in, h, &touch, &o);
  assert_true(o.t.sliding);
  assert_true(h[0] == 0 && h[1] == 0 && h[2] == 0);
  assert_rel(norm(o.t.fs), o.t.Fscrit, 1e-13);
}

/* Forces and torques printed by Debian's LAMMPS 29Sep2021 (`run 0`, %.17g) for base_config(). */
static void test_lammps_29sep2021_run0(void **state) {
  (void)state;
  static const struct {
    const char *text;
    double f[3], ti[3], tj[3];
  } ref[] = {
      {"hertz/material 1e6 20 0.3 tangential mindlin NULL 0.8 50 damping velocity",
       {-351.11655476239781, -719.29977619146234, -733.32644285812898},
       {-4.5820444444444437, 5.0785777777777783, -2.7875555555555565},
       {-5.5171555555555551, 6.1150222222222226, -3.3564444444444455}},
      {"hooke 1e4 3 tangential linear_nohistory 0.5 0.2 damping mass_velocity",
       {-65.994872549020414, -133.27445098039377, -134.33031862745258},
       {-0.34491676470588239, 0.38229367647058832, -0.20983529411764712},
       {-0.41530794117647063, 0.46031279411764714, -0.25265882352941182}},
      {"hertz 1e5 2 tangential mindlin_rescale 1e5 0.5 0.05 damping viscoelastic", /* capped */
       {-49.203519535905052, -98.470293616821607, -98.522280946002923},
       {-0.016982527532565999, 0.01882283945149426, -0.010331575685211257},
       {-0.020448349477987633, 0.022664235257921658, -0.012440060518927841}},
  };
  for (size_t i = 0; i < sizeof ref / sizeof *ref; i++) {
    ContactModel m = parse_ok(ref[i].text);
    Config c = base_config();
    c.xj[0] = 0.46, c.xj[1] = 0.52, c.xj[2] = 1.02; /* the positions as typed into LAMMPS */
    PairInput in = pair_input(&c, 0, false);
    double h[4] = {0, 0, 0, 0};
    bool touch = false;
    ContactOutput o;
    contact_compute(&m, &in, h, &touch, &o);
    check_vec(o.force, ref[i].f, 3, 1e-14, "force");
    check_vec(o.torque_i, ref[i].ti, 3, 1e-14, "torque_i");
    check_vec(o.torque_j, ref[i].tj, 3, 1e-14, "torque_j");
  }
}

const struct CMUnitTest tangential_tests[] = {
    cmocka_unit_test(test_history_models_stick),   cmocka_unit_test(test_sliding_at_coulomb_limit),
    cmocka_unit_test(test_rotated_frame),          cmocka_unit_test(test_swap_symmetry),
    cmocka_unit_test(test_reference_values),       cmocka_unit_test(test_setup_evaluation),
    cmocka_unit_test(test_separation_and_wall),    cmocka_unit_test(test_zero_stiffness_guard),
    cmocka_unit_test(test_lammps_29sep2021_run0),
};
const size_t tangential_ntests = sizeof tangential_tests / sizeof *tangential_tests;
