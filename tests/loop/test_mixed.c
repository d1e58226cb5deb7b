/*
 * test_mixed.c - the mixed-precision loop (--precision mixed): its per-pair error bound against
 * the scalar double contact, the loop against the double loop, and the plan's choice.
 */
#include <math.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "plan.h"
#include "sim.h"
#include "tests.h"

/* The unit roundoff of binary32, 2^-24, and the bound of docs/pair-loop.md ("Mixed precision"):
 * per pair, every force component within MIXED_BOUND u S and every torque component within
 * MIXED_BOUND u S (R_i + R_j), S the pair's force scale. */
#define U_SINGLE 5.9604644775390625e-8
#define MIXED_BOUND 80.0

/* A deterministic uniform draw in [0, 1) (splitmix64). */
static double draw(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (double)((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
}
static double sym(uint64_t *s) { return 2.0 * draw(s) - 1.0; }

/* One pair of a lane: what the scalar contact reads, and its history. */
typedef struct PairCase {
  PairInput in;
  double mi, mj;
  double h[4];
  bool live;
} PairCase;

/* A pair drawn around contact: overlaps up to 3 % of R_i + R_j (a fifth apart), any direction,
 * relative speeds and spins over three decades, and a history that sometimes slides. */
static PairCase draw_pair(uint64_t *s, const ContactModel *m, double dt) {
  PairCase c = {.live = true};
  c.in.Ri = 0.3 + 0.4 * draw(s), c.in.Rj = 0.3 + 0.4 * draw(s);
  c.mi = 4.0 / 3.0 * GD_PI * pow(c.in.Ri, 3), c.mj = 4.0 / 3.0 * GD_PI * pow(c.in.Rj, 3);
  const double radsum = c.in.Ri + c.in.Rj, r = radsum * (1.0 - (0.04 * draw(s) - 0.01));
  double d[3] = {sym(s), sym(s), sym(s)};
  const double dn = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + 1e-300;
  const double vs = pow(10.0, -3.0 * draw(s)), ws = pow(10.0, -3.0 * draw(s));
  for (int k = 0; k < 3; k++) {
    c.in.dx[k] = r * d[k] / dn;
    c.in.vr[k] = vs * sym(s);
    c.in.wi[k] = ws * sym(s) / c.in.Ri, c.in.wj[k] = ws * sym(s) / c.in.Rj;
  }
  c.in.meff = contact_meff(c.mi, c.mj);
  c.in.dt = dt;
  c.in.history_update = true;
  const double delta = fmax(radsum - r, 0.0), Reff = contact_reff(c.in.Ri, c.in.Rj);
  const TangentialModel tm = m->tangential.model;
  const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const double a = sqrt(delta * Reff), hs = force_history ? 0.05 * m->tangential.kt * a * delta : 0.05 * delta;
  for (int k = 0; k < 3; k++) c.h[k] = delta > 0 ? hs * sym(s) : 0.0;
  c.h[3] = delta > 0 ? a * (0.8 + 0.4 * draw(s)) : 0.0;
  return c;
}

/* The force scale S of a pair (docs/pair-loop.md): the normal terms |F_ne| + 2 |F_po| + eta_n |v_r|,
 * the tangential ones eta_t (|v_r| + R_i |w_i| + R_j |w_j|) + mu_t (normal terms), and the stored
 * spring's force, before and after the step. */
static double force_scale(const ContactModel *m, const PairCase *c, const ContactOutput *o, const double *h_after) {
  const PairInput *in = &c->in;
  const double vr = sqrt(in->vr[0] * in->vr[0] + in->vr[1] * in->vr[1] + in->vr[2] * in->vr[2]);
  const double wi = sqrt(in->wi[0] * in->wi[0] + in->wi[1] * in->wi[1] + in->wi[2] * in->wi[2]);
  const double wj = sqrt(in->wj[0] * in->wj[0] + in->wj[1] * in->wj[1] + in->wj[2] * in->wj[2]);
  const double Sn = fabs(o->n.Fne) + 2.0 * fabs(o->n.F_po) + fabs(o->n.eta) * vr;
  const TangentialModel tm = m->tangential.model;
  double spring = 0.0;
  if (tangential_nhist(tm)) {
    const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
    const double k = tm == TANGENTIAL_LINEAR_HISTORY ? m->tangential.kt : m->tangential.kt * o->n.a;
    const double h0 = sqrt(c->h[0] * c->h[0] + c->h[1] * c->h[1] + c->h[2] * c->h[2]);
    const double h1 = sqrt(h_after[0] * h_after[0] + h_after[1] * h_after[1] + h_after[2] * h_after[2]);
    spring = (force_history ? 1.0 : k) * (h0 + h1);
  }
  return Sn + fabs(o->t.eta_t) * (vr + in->Ri * wi + in->Rj * wj) + m->tangential.mu * Sn + spring;
}

/* lane_contact_mixed against contact_compute (the scalar double contact) on every covered
 * (normal, damping, tangential) combination, with and without limit_damping: forces, torques
 * and histories within the bound, the same contacts, zeros on dead lanes; and the largest error
 * seen is above u S / 10 (the law did run in single precision). */
static void test_mixed_pair_bound(void **state) {
  (void)state;
  uint64_t seed = 12345;
  const double dt = 1e-3;
  double worst = 0.0;
  int combos = 0;
  for (int in = 0; in < 4; in++)
    for (int id = 0; id < N_DAMPING; id++)
      for (int it = 0; it < 6; it++)
        for (int lim = 0; lim < 2; lim++) {
          char text[256];
          if (!model_text(in, id, it, text, sizeof text)) continue;
          if (lim && in == NORMAL_DMT) continue; /* limit_damping is refused with cohesion */
          if (lim) strncat(text, " limit_damping", sizeof text - strlen(text) - 1);
          const ContactModel m = parse_ok(text);
          const NormalModel nm = m.normal.model;
          const TangentialModel tm = m.tangential.model;
          const DampingForm df = damping_form(m.damping.model);
          if (!simd_covered(nm, m.damping.model, tm)) continue;
          combos++;
          const ContactModel *ms[SIMDF_W];
          for (int l = 0; l < SIMDF_W; l++) ms[l] = &m;
          const SimdParams_f qf = simd_params_f(ms);
          const int hs = tangential_nhist(tm);
          double worst_here = 0.0;
          for (int trial = 0; trial < 40; trial++) {
            PairCase pc[SIMDF_W];
            LanePair lp[2];
            SimdD h[2][4];
            memset(lp, 0, sizeof lp);
            memset(h, 0, sizeof h);
            for (int L = 0; L < SIMDF_W; L++) {
              pc[L] = draw_pair(&seed, &m, dt);
              if (trial % 4 == 0 && L == SIMD_W) { /* a dead lane: a row paired with itself */
                pc[L].live = false;
                memset(pc[L].in.dx, 0, sizeof pc[L].in.dx);
                memset(pc[L].in.vr, 0, sizeof pc[L].in.vr);
                memset(pc[L].h, 0, sizeof pc[L].h);
              }
              const int p = L / SIMD_W, l = L % SIMD_W;
              for (int k = 0; k < 3; k++) {
                lp[p].dx[k][l] = pc[L].in.dx[k], lp[p].vr[k][l] = pc[L].in.vr[k];
                lp[p].wi[k][l] = pc[L].in.wi[k], lp[p].wj[k][l] = pc[L].in.wj[k];
              }
              lp[p].Ri[l] = pc[L].in.Ri, lp[p].Rj[l] = pc[L].in.Rj, lp[p].mi[l] = pc[L].mi, lp[p].mj[l] = pc[L].mj;
              lp[p].live[l] = pc[L].live ? -1 : 0;
              for (int k = 0; k < 4; k++) h[p][k][l] = pc[L].h[k];
            }
            /* a row's radius, mass and spin come once per group: each lane its own here */
            const LaneRow_f row = lane_row_f(lp, true);
            LaneContact cs[2];
            lane_contact_mixed(nm, df, tm, false, m.limit_damping, &qf, lp, &row, (float)dt, true, h, cs);
            for (int L = 0; L < SIMDF_W; L++) {
              const int p = L / SIMD_W, l = L % SIMD_W;
              if (!pc[L].live) {
                assert_false(cs[p].on[l]);
                for (int k = 0; k < 3; k++) assert_true(cs[p].f[k][l] == 0.0 && cs[p].ti[k][l] == 0.0);
                continue;
              }
              double hr[4];
              memcpy(hr, pc[L].h, sizeof hr);
              bool touch = false;
              ContactOutput o;
              const bool on = contact_compute(&m, &pc[L].in, hr, &touch, &o);
              assert_int_equal(on, cs[p].on[l] != 0);
              const double S = force_scale(&m, &pc[L], &o, hr), arm = pc[L].in.Ri + pc[L].in.Rj;
              for (int k = 0; k < 3; k++) {
                const double df_ = fabs(cs[p].f[k][l] - o.force[k]);
                const double dti = fabs(-cs[p].ti[k][l] - o.torque_i[k]), dtj = fabs(-cs[p].tj[k][l] - o.torque_j[k]);
                const double ratio = fmax(df_, fmax(dti, dtj) / arm) / (U_SINGLE * fmax(S, 1e-300));
                worst_here = fmax(worst_here, S > 0 ? ratio : 0.0);
                if (!(df_ <= MIXED_BOUND * U_SINGLE * S && fmax(dti, dtj) <= MIXED_BOUND * U_SINGLE * S * arm))
                  fail_msg("%s, lane %d: force %.17g against %.17g, torques %.17g %.17g against %.17g %.17g, S %.6g",
                           text, L, cs[p].f[k][l], o.force[k], -cs[p].ti[k][l], -cs[p].tj[k][l], o.torque_i[k],
                           o.torque_j[k], S);
              }
              /* the history in force units: within the same bound of the spring's force */
              const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
              const double k_t = tm == TANGENTIAL_LINEAR_HISTORY ? m.tangential.kt : m.tangential.kt * o.n.a;
              for (int k = 0; k < hs && on; k++) {
                const double dh = fabs(h[p][k][l] - hr[k]) * (force_history || k == 3 ? 1.0 : k_t);
                const double scale = k == 3 ? fabs(hr[3]) : S;
                if (!(dh <= MIXED_BOUND * U_SINGLE * scale))
                  fail_msg("%s, lane %d: history %d %.17g against %.17g", text, L, k, h[p][k][l], hr[k]);
              }
            }
          }
          worst = fmax(worst, worst_here);
        }
  assert_true(combos >= 100); /* every covered normal x damping x tangential, with and without the clamp */
  assert_true(worst <= MIXED_BOUND);
  assert_true(worst > 0.1); /* single precision did the arithmetic */
  print_message("mixed: worst error %.2f u S over %d combinations (bound %.0f)\n", worst, combos, MIXED_BOUND);
}

/* A mixed simulation of the small packing: setup and three steps. */
static Sim mixed_sim(const Particles *p0, const Box *b, const char *text, LoopPrecision prec, int threads) {
  Sim s = fixture_sim_precision(p0, b, text, FORCE_HALF_REDUCE, false, prec, threads);
  const char *why = NULL;
  for (int k = 0; k < 3; k++) assert_true(sim_step(&s, &why));
  return s;
}

/* The mixed loop against the double vector loop on a packing with contacts: the same contacts,
 * forces within 1e-5 of the largest (each pair's error is within the bound; the positions after
 * three steps differ by less), not bit for bit (it did run in single precision), and the same
 * bits again for the same thread count, 1 or 2 (2 threads: the 1-thread forces to rounding). */
static void test_mixed_loop(void **state) {
  (void)state;
  if (!force_mixed_kernel(NORMAL_HOOKE, DAMPING_VELOCITY, TANGENTIAL_LINEAR_NOHISTORY, FORCE_HALF_REDUCE)) {
    print_message("no mixed kernels in this build (GD_NO_MIXED)\n");
    skip();
  }
  Particles p0;
  Box b;
  small_packing(&p0, &b, 700, 23);
  const char *const models[] = {
      "hooke 2000 0.3 tangential linear_nohistory 0 0 damping velocity",
      "hertz/material 1e5 0.7 0.3 tangential linear_nohistory 0 0 damping tsuji",
      "hertz/material 1e5 0.3 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji",
      "dmt 1e5 0.3 0.3 0.02 tangential linear_history 800 0.5 0.3 damping viscoelastic",
      "hertz 4e4 0.3 tangential mindlin 2e4 0.5 0.3 damping mass_velocity",
  };
  const char *const labels[] = {"vector, frictionless, mixed", "vector, frictionless, mixed", "vector, mixed",
                                "vector, mixed", "vector, mixed"};
  for (int k = 0; k < (int)(sizeof models / sizeof *models); k++) {
    Sim d = mixed_sim(&p0, &b, models[k], LOOP_DOUBLE, 1);
    Sim x = mixed_sim(&p0, &b, models[k], LOOP_MIXED, 1);
    Sim y = mixed_sim(&p0, &b, models[k], LOOP_MIXED, 1);
    assert_string_equal(sim_kernel_name(&x), labels[k]);
    assert_int_equal(x.plan.precision, LOOP_MIXED);
    assert_null(x.plan.precision_note);
    assert_int_equal(x.last.contacts, d.last.contacts);
    assert_true(d.last.contacts > 0);
    double fmax_ = 0.0, dmax = 0.0;
    const double *fd[] = {d.p.fx, d.p.fy, d.p.fz}, *fx[] = {x.p.fx, x.p.fy, x.p.fz};
    for (int c = 0; c < 3; c++)
      for (int64_t i = 0; i < d.p.n; i++) {
        fmax_ = fmax(fmax_, fabs(fd[c][i]));
        dmax = fmax(dmax, fabs(fd[c][i] - fx[c][i]));
      }
    if (!(dmax <= 1e-5 * fmax_ && dmax > 0.0)) fail_msg("%s: mixed - double %.3g of the largest force %.3g", models[k], dmax, fmax_);
    assert_rel(x.last.power_normal, d.last.power_normal, 1e-4);
    const size_t by = (size_t)x.p.n * sizeof(double);
    assert_true(memcmp(x.p.fx, y.p.fx, by) == 0 && memcmp(x.p.tz, y.p.tz, by) == 0);
    /* 2 threads: the same bits again for that count, and the 1-thread forces to rounding */
    Sim x2 = mixed_sim(&p0, &b, models[k], LOOP_MIXED, 2), y2 = mixed_sim(&p0, &b, models[k], LOOP_MIXED, 2);
    assert_true(memcmp(x2.p.fx, y2.p.fx, by) == 0 && memcmp(x2.p.ty, y2.p.ty, by) == 0);
    assert_int_equal(x2.last.contacts, x.last.contacts);
    for (int64_t i = 0; i < x.p.n; i++) assert_true(fabs(x2.p.fz[i] - x.p.fz[i]) <= 1e-9 * fmax_);
    sim_free(&x2);
    sim_free(&y2);
    sim_free(&d);
    sim_free(&x);
    sim_free(&y);
  }
  particles_free(&p0);
}

/* Where there is no mixed loop the plan runs double and says why; a mixed plan says nothing. */
static void test_mixed_plan_notes(void **state) {
  (void)state;
  const bool built = force_mixed_kernel(NORMAL_HOOKE, DAMPING_VELOCITY, TANGENTIAL_LINEAR_NOHISTORY, FORCE_HALF_REDUCE);
  const struct {
    const char *text;
    ForceStrategy st;
    bool ref;
    const char *note; /* NULL: runs mixed */
  } cases[] = {
      {"hertz/material 1e5 0.5 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji", FORCE_HALF_REDUCE, false, NULL},
      {"jkr 1e5 0.3 0.3 0.02 tangential linear_nohistory 0.5 0.3 damping velocity", FORCE_HALF_REDUCE, false, "only hooke"},
      {"hooke 2000 0.3 tangential linear_nohistory 0 0 damping velocity", FORCE_FULL, false, "half-reduce"},
      {"hooke 2000 0.3 tangential linear_nohistory 0 0 damping velocity", FORCE_HALF_REDUCE, true, "reference"},
      {"hertz 4e4 0.3 tangential mindlin_rescale/force 2e4 0.5 0.3 damping mass_velocity", FORCE_HALF_REDUCE, false,
       "covers linear_nohistory"},
      {"mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr 1", FORCE_HALF_REDUCE,
       false, "mdr"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const ContactModel m = parse_ok(cases[k].text);
    const LoopPlan p = loop_plan(&m, 1, cases[k].st, cases[k].ref, LOOP_MIXED, 1);
    if (!cases[k].note && built) {
      assert_int_equal(p.precision, LOOP_MIXED);
      assert_null(p.precision_note);
      continue;
    }
    assert_int_equal(p.precision, LOOP_DOUBLE);
    assert_non_null(p.precision_note);
    if (cases[k].note && !strstr(p.precision_note, cases[k].note))
      fail_msg("%s: note '%s' lacks '%s'", cases[k].text, p.precision_note, cases[k].note);
    const LoopPlan d = loop_plan(&m, 1, cases[k].st, cases[k].ref, LOOP_DOUBLE, 1);
    assert_null(d.precision_note); /* double asked: nothing to say */
    assert_string_equal(d.label, p.label);
  }
}

/* `run --precision`: mixed says so in the JSON, double where there is no mixed loop with a
 * notice on stderr, and a wrong word is refused (exit 2) with the choices. */
static void test_mixed_cli(void **state) {
  (void)state;
  const bool built = force_mixed_kernel(NORMAL_HOOKE, DAMPING_VELOCITY, TANGENTIAL_LINEAR_NOHISTORY, FORCE_HALF_REDUCE);
  CmdResult *r = malloc(sizeof *r);
  const char *mixed[] = {"run", "--packing", "fcc", "--n", "500", "--steps", "2", "--precision", "mixed", "--model",
                         "hertz/material 1e5 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji", NULL};
  run_grandamp(r, mixed);
  assert_int_equal(r->status, 0);
  assert_non_null(strstr(r->out, built ? "\"precision\": \"mixed\"" : "\"precision\": \"double\""));
  const char *jkr[] = {"run", "--packing", "fcc", "--n", "500", "--steps", "1", "--precision", "mixed", "--model",
                       "jkr 1e5 0.3 0.3 0.02 tangential linear_nohistory 0.5 0.3 damping velocity", NULL};
  run_grandamp(r, jkr);
  assert_int_equal(r->status, 0);
  assert_non_null(strstr(r->out, "\"precision\": \"double\""));
  assert_non_null(strstr(r->err, "--precision mixed: only hooke"));
  const char *bad[] = {"run", "--packing", "fcc", "--n", "500", "--steps", "1", "--precision", "single", "--model",
                       "hooke 2000 0.3 tangential linear_nohistory 0 0 damping velocity", NULL};
  run_grandamp(r, bad);
  assert_int_equal(r->status, 2);
  assert_non_null(strstr(r->err, "--precision: 'single' is unknown; expected double or mixed"));
  free(r);
}

/* The verifier's fitted convergence order in mixed precision: the elastic Hertz row's error
 * reaches the law's single-precision floor near N = 1600, so the fit leaves the points under ten
 * times |mixed - double| out and goes down to coarser N (cases_convergence.c); in double it keeps
 * N = 200..3200. Both must find Verlet's 2.5. */
static void test_mixed_order_floor(void **state) {
  (void)state;
  const bool built = force_mixed_kernel(NORMAL_HERTZ, DAMPING_NONE, TANGENTIAL_LINEAR_NOHISTORY, FORCE_HALF_REDUCE);
  CmdResult *r = malloc(sizeof *r);
  const char *precision[] = {"double", "mixed"};
  for (int k = 0; k < 2; k++) {
    const char *args[] = {"--filter", "^convergence/hertz/none/elastic=0/order", "--precision", precision[k], "--data",
                          test_path("data"), "--no-lammps", NULL};
    run_program(r, verify_bin(), args);
    if (r->status != 0) fail_msg("verify --precision %s: exit %d\n%s%s", precision[k], r->status, r->out, r->err);
    assert_non_null(strstr(r->out, "PASS convergence/hertz/none/elastic=0/order"));
    const bool floor_seen = k == 1 && built; /* mixed: the finest points are at the floor (measured: N=50..400) */
    const bool full_range = strstr(r->out, "N=200..3200 (5 points)") != NULL;
    if (floor_seen == full_range) fail_msg("verify --precision %s: fitted range not as expected\n%s", precision[k], r->out);
  }
  free(r);
}

const struct CMUnitTest mixed_tests[] = {
    cmocka_unit_test(test_mixed_pair_bound),
    cmocka_unit_test(test_mixed_loop),
    cmocka_unit_test(test_mixed_plan_notes),
    cmocka_unit_test(test_mixed_cli),
    cmocka_unit_test_setup_teardown(test_mixed_order_floor, test_dir_setup, test_dir_teardown),
};
const size_t mixed_ntests = sizeof mixed_tests / sizeof *mixed_tests;
