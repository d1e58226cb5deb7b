/*
 * test_pairloop.c - packings, neighbour lists and the specialised pair loops: every
 * (normal, damping, tangential) combination and strategy against the `_ref` loop, thread-count
 * invariance, Newton's third law, history across rebuilds, and an all-pairs cross-check.
 */
#include <omp.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "packing.h"
#include "sim.h"
#include "tests.h"

static const char *const NORMAL_TEXT[] = {"hooke 2000 %g", "hertz 4e4 %g", "hertz/material 1e5 %g 0.3",
                                          "dmt 1e5 %g 0.3 0.02", "jkr 1e5 %g 0.3 0.02"};
static const char *const DAMPING_WORD[] = {"none", "velocity", "mass_velocity", "viscoelastic", "tsuji",
                                           "tsuji/legacy", "coeff_restitution"};
static const char *const TANG_TEXT[] = {"linear_nohistory 0.5 0.3", "linear_history 800 0.5 0.3",
                                        "mindlin 2e4 0.5 0.3", "mindlin/force NULL 0.5 0.3",
                                        "mindlin_rescale 2e4 0.5 0.3", "mindlin_rescale/force NULL 0.5 0.3"};

/* A small polydisperse packing with overlaps and motion. */
static void small_packing(Particles *p, Box *b, int64_t n, uint64_t seed) {
  PackingSpec s = packing_defaults();
  s.type = PACKING_RANDOM;
  s.n = n;
  s.seed = seed;
  s.phi = 0.68;
  s.overlap = 0.01;
  s.velocity = 0.05;
  s.spin = 0.2;
  packing_make(&s, p, b);
}

static bool model_text(int in, int id, int it, char *text, size_t size) {
  const bool restitution = id >= 4, cohesive = in >= 3;
  if (restitution && cohesive) return false;
  char normal[64];
  snprintf(normal, sizeof normal, NORMAL_TEXT[in], restitution ? 0.7 : 0.3);
  if (it % 2 == 1 && strstr(TANG_TEXT[it], "NULL") && in < 2) return false; /* NULL needs a material */
  snprintf(text, size, "%s tangential %s damping %s", normal, TANG_TEXT[it], DAMPING_WORD[id]);
  return true;
}

static Sim make_sim(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref) {
  ErrList err = {0};
  ContactModel *m = malloc(sizeof *m);
  if (model_parse(text, m, &err)) {
    errlist_print(&err, stderr);
    fail_msg("refused: %s", text);
  }
  Particles p;
  particles_copy(&p, src);
  Sim s;
  sim_init(&s, &p, b, m, 1, st, 0.05, 2e-3);
  s.use_ref = ref;
  const char *why = NULL;
  if (!sim_setup(&s, &why)) fail_msg("setup failed: %s", why);
  return s;
}

/* Forces and torques of a and b agree per atom: |d| <= tol (|f_i| + mean |f|). */
static void assert_same_forces(const Sim *a, const Sim *b, double tol, const char *what) {
  const int64_t n = a->p.n;
  double mean_f = 0, mean_t = 0;
  for (int64_t i = 0; i < n; i++) {
    mean_f += sqrt(a->p.fx[i] * a->p.fx[i] + a->p.fy[i] * a->p.fy[i] + a->p.fz[i] * a->p.fz[i]) / n;
    mean_t += sqrt(a->p.tx[i] * a->p.tx[i] + a->p.ty[i] * a->p.ty[i] + a->p.tz[i] * a->p.tz[i]) / n;
  }
  for (int64_t i = 0; i < n; i++) {
    if (a->p.id[i] != b->p.id[i]) fail_msg("%s: particle order differs at %lld", what, (long long)i);
    const double df[3] = {a->p.fx[i] - b->p.fx[i], a->p.fy[i] - b->p.fy[i], a->p.fz[i] - b->p.fz[i]};
    const double dt[3] = {a->p.tx[i] - b->p.tx[i], a->p.ty[i] - b->p.ty[i], a->p.tz[i] - b->p.tz[i]};
    const double f = sqrt(a->p.fx[i] * a->p.fx[i] + a->p.fy[i] * a->p.fy[i] + a->p.fz[i] * a->p.fz[i]);
    const double t = sqrt(a->p.tx[i] * a->p.tx[i] + a->p.ty[i] * a->p.ty[i] + a->p.tz[i] * a->p.tz[i]);
    if (sqrt(df[0] * df[0] + df[1] * df[1] + df[2] * df[2]) > tol * (f + mean_f) ||
        sqrt(dt[0] * dt[0] + dt[1] * dt[1] + dt[2] * dt[2]) > tol * (t + mean_t))
      fail_msg("%s: atom %lld force (%.17g %.17g %.17g) vs (%.17g %.17g %.17g)", what, (long long)a->p.id[i],
               a->p.fx[i], a->p.fy[i], a->p.fz[i], b->p.fx[i], b->p.fy[i], b->p.fz[i]);
  }
}

/* Every combination and strategy against _ref, over a few steps with history. */
static void test_strategies_match_ref(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 600, 7);
  int combos = 0;
  for (int in = 0; in < 5; in++)
    for (int id = 0; id < 7; id++)
      for (int it = 0; it < 6; it++) {
        char text[256];
        if (!model_text(in, id, it, text, sizeof text)) continue;
        Sim ref = make_sim(&p0, &b, text, FORCE_HALF_REDUCE, true);
        for (int k = 0; k < 3; k++) sim_step(&ref, &(const char *){NULL});
        assert_true(ref.last.contacts > 0);
        for (int st = 0; st < N_STRATEGY; st++) {
          Sim s = make_sim(&p0, &b, text, (ForceStrategy)st, false);
          for (int k = 0; k < 3; k++) sim_step(&s, &(const char *){NULL});
          char what[320];
          snprintf(what, sizeof what, "%s [%s]", text, force_strategy_name((ForceStrategy)st));
          assert_same_forces(&s, &ref, 1e-12, what);
          assert_int_equal(s.last.contacts / (s.nl.full ? 2 : 1), ref.last.contacts);
          assert_rel(s.last.power_normal, ref.last.power_normal, 1e-10);
          sim_free(&s);
        }
        sim_free(&ref);
        combos++;
      }
  assert_int_equal(combos, 146); /* 29 (normal, damping) x 6 tangential, less NULL k_t on hooke/hertz */
  particles_free(&p0);
}

/* Same positions and velocities, forces and torques bit for bit. */
static bool same_state_bits(const Sim *a, const Sim *c) {
  const size_t bytes = (size_t)a->p.n * sizeof(double);
  return memcmp(a->p.fx, c->p.fx, bytes) == 0 && memcmp(a->p.fy, c->p.fy, bytes) == 0 &&
         memcmp(a->p.fz, c->p.fz, bytes) == 0 && memcmp(a->p.tx, c->p.tx, bytes) == 0 &&
         memcmp(a->p.ty, c->p.ty, bytes) == 0 && memcmp(a->p.tz, c->p.tz, bytes) == 0 &&
         memcmp(a->p.x, c->p.x, bytes) == 0 && memcmp(a->p.vy, c->p.vy, bytes) == 0 &&
         memcmp(a->p.wz, c->p.wz, bytes) == 0;
}

/* half-reduce reuses its per-thread records across passes (force.c: the reduction leaves them
 * zero, ForceWork.zeroed): one ForceWork through 2 threads, 1 thread, the geometry pass (the
 * scalar layout, 6 arrays per thread) and 2 threads again gives bitwise the first pass's forces,
 * and a fresh ForceWork agrees. */
static void test_half_reduce_reuses_records(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 3000, 12);
  Sim s = make_sim(&p0, &b, "hertz/material 1e6 0.5 0.3 damping tsuji tangential linear_nohistory 0 0",
                   FORCE_HALF_REDUCE, false);
  const ForceSystem fs = {.p = &s.p, .box = &s.box, .nl = &s.nl, .models = s.models, .ntypes = s.ntypes,
                          .dt = s.dt, .history_update = false};
  const int saved = omp_get_max_threads();
  const size_t bytes = (size_t)s.p.n * sizeof(double);
  double *first = malloc(6 * bytes);
  ForceWork w = {0}, fresh = {0};
  ForceStats st;
  omp_set_num_threads(2);
  force_compute(&fs, FORCE_HALF_REDUCE, &w, &st);
  double *const f[6] = {s.p.fx, s.p.fy, s.p.fz, s.p.tx, s.p.ty, s.p.tz};
  for (int c = 0; c < 6; c++) memcpy(first + c * s.p.n, f[c], bytes);
  omp_set_num_threads(1);
  force_compute(&fs, FORCE_HALF_REDUCE, &w, &st);
  force_geometry(&fs, FORCE_HALF_REDUCE, &w, &st);
  omp_set_num_threads(2);
  force_compute(&fs, FORCE_HALF_REDUCE, &w, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(first + c * s.p.n, f[c], bytes);
  force_compute(&fs, FORCE_HALF_REDUCE, &fresh, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(first + c * s.p.n, f[c], bytes);
  omp_set_num_threads(saved);
  force_work_free(&w);
  force_work_free(&fresh);
  free(first);
  sim_free(&s);
  particles_free(&p0);
}

/* half-reduce's block map (which record blocks each thread writes) is cached in ForceWork per
 * list build. A list that ends and another that takes its place (the same address and build
 * count: the struct reused) must not inherit it: here the first list is dilute (each thread
 * writes only its own rows' blocks), the second dense (threads write each other's blocks), and
 * forces through the reused ForceWork equal a fresh ForceWork's bit for bit. */
static void test_half_reduce_map_per_build(void **state) {
  (void)state;
  const char *text = "hertz/material 1e6 0.5 0.3 damping tsuji tangential linear_nohistory 0 0";
  Particles dense0, dilute0;
  Box b, bd;
  small_packing(&dense0, &b, 3000, 21);
  particles_copy(&dilute0, &dense0);
  bd = b;
  for (int d = 0; d < 3; d++) bd.lo[d] *= 3.0, bd.hi[d] *= 3.0;
  for (int64_t i = 0; i < dilute0.n; i++) dilute0.x[i] *= 3.0, dilute0.y[i] *= 3.0, dilute0.z[i] *= 3.0;
  Sim dense = make_sim(&dense0, &b, text, FORCE_HALF_REDUCE, false);
  Sim dilute = make_sim(&dilute0, &bd, text, FORCE_HALF_REDUCE, false);
  assert_int_equal(dilute.nl.npairs, 0);
  assert_true(dense.nl.npairs > 0);
  assert_int_equal(dense.nl.builds, dilute.nl.builds);
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
  ForceWork w = {0}, fresh = {0};
  ForceStats st;
  ForceSystem fs = {.p = &dilute.p, .box = &dilute.box, .nl = &dilute.nl, .models = dilute.models,
                    .ntypes = 1, .dt = dilute.dt, .history_update = false};
  force_compute(&fs, FORCE_HALF_REDUCE, &w, &st); /* maps the dilute list */
  const NeighborList held = dilute.nl;            /* the dense list moves into the dilute one's place */
  dilute.nl = dense.nl;
  fs = (ForceSystem){.p = &dense.p, .box = &dense.box, .nl = &dilute.nl, .models = dense.models, .ntypes = 1,
                     .dt = dense.dt, .history_update = false};
  const size_t bytes = (size_t)dense.p.n * sizeof(double);
  double *const f[6] = {dense.p.fx, dense.p.fy, dense.p.fz, dense.p.tx, dense.p.ty, dense.p.tz};
  double *expect = malloc(6 * bytes);
  force_compute(&fs, FORCE_HALF_REDUCE, &fresh, &st);
  assert_true(st.contacts > 0);
  for (int c = 0; c < 6; c++) memcpy(expect + c * dense.p.n, f[c], bytes);
  force_compute(&fs, FORCE_HALF_REDUCE, &w, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(expect + c * dense.p.n, f[c], bytes);
  dilute.nl = held;
  omp_set_num_threads(saved);
  free(expect);
  force_work_free(&w);
  force_work_free(&fresh);
  sim_free(&dense);
  sim_free(&dilute);
  particles_free(&dense0);
  particles_free(&dilute0);
}

/* Thread safety (issue 8 item 5), for all 29 (normal, damping) rows, each with one of the six
 * tangential models in turn: the full list gives bitwise-identical results for 1 and 2 threads
 * over steps with history; the reduction strategies at 2 threads agree
 * with 1 thread to 1e-12 per atom. */
static void test_thread_invariance_every_model(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 3000, 11);
  const int saved = omp_get_max_threads();
  int rows = 0;
  for (int in = 0; in < 5; in++)
    for (int id = 0; id < 7; id++) {
      char text[256];
      int it = (in * 7 + id) % 6;
      if (!model_text(in, id, it, text, sizeof text) && !model_text(in, id, --it, text, sizeof text)) continue;
      omp_set_num_threads(1);
      Sim a = make_sim(&p0, &b, text, FORCE_FULL, false);
      Sim h1 = make_sim(&p0, &b, text, FORCE_HALF_REDUCE, false);
      for (int k = 0; k < 5; k++) {
        sim_step(&a, &(const char *){NULL});
        sim_step(&h1, &(const char *){NULL});
      }
      omp_set_num_threads(2);
      Sim c = make_sim(&p0, &b, text, FORCE_FULL, false);
      for (int k = 0; k < 5; k++) sim_step(&c, &(const char *){NULL});
      if (!same_state_bits(&a, &c)) fail_msg("%s: full list differs between 1 and 2 threads", text);
      for (int st = FORCE_HALF_REDUCE; st <= FORCE_HALF_ATOMIC; st++) {
        Sim h2 = make_sim(&p0, &b, text, (ForceStrategy)st, false);
        for (int k = 0; k < 5; k++) sim_step(&h2, &(const char *){NULL});
        char what[320];
        snprintf(what, sizeof what, "%s [%s, 1 vs 2 threads]", text, force_strategy_name((ForceStrategy)st));
        assert_same_forces(&h1, &h2, 1e-12, what);
        sim_free(&h2);
      }
      sim_free(&a);
      sim_free(&c);
      sim_free(&h1);
      rows++;
    }
  omp_set_num_threads(saved);
  assert_int_equal(rows, 29);
  particles_free(&p0);
}

/* Newton's third law with periodic boundaries: the forces sum to zero. */
static void test_newton_third_law(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 2000, 3);
  for (int st = 0; st < N_STRATEGY; st++) {
    Sim s = make_sim(&p0, &b, "hertz/material 1e5 0.7 0.3 tangential mindlin NULL 0.5 0.3 damping coeff_restitution",
                     (ForceStrategy)st, false);
    for (int k = 0; k < 4; k++) sim_step(&s, &(const char *){NULL});
    double sum[3] = {0, 0, 0}, mag = 0;
    for (int64_t i = 0; i < s.p.n; i++) {
      sum[0] += s.p.fx[i], sum[1] += s.p.fy[i], sum[2] += s.p.fz[i];
      mag += fabs(s.p.fx[i]) + fabs(s.p.fy[i]) + fabs(s.p.fz[i]);
    }
    assert_true(mag > 0);
    for (int d = 0; d < 3; d++) assert_true(fabs(sum[d]) <= 1e-13 * mag);
    sim_free(&s);
  }
  particles_free(&p0);
}

/* History survives a rebuild that re-sorts the particles and moves pairs between rows. */
static void test_history_across_rebuild(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 1500, 5);
  for (int full = 0; full <= 1; full++) {
    Sim s = make_sim(&p0, &b, "hertz/material 1e5 0.3 0.3 tangential mindlin_rescale NULL 0.5 0.3 damping velocity",
                     full ? FORCE_FULL : FORCE_HALF_REDUCE, false);
    for (int k = 0; k < 5; k++) sim_step(&s, &(const char *){NULL});
    /* History by (id_i, id_j), as seen from the lower id. */
    const int64_t np = s.nl.npairs, hs = s.nl.hsize;
    int64_t *key = malloc((size_t)np * 2 * sizeof *key);
    double *val = malloc((size_t)np * (size_t)hs * sizeof *val);
    int64_t nkeys = 0;
    for (int64_t i = 0; i < s.p.n; i++)
      for (int64_t k = s.nl.start[i]; k < s.nl.start[i + 1]; k++) {
        const int64_t a = s.p.id[i], c = s.p.id[s.nl.j[k]];
        const double sign = a < c ? 1.0 : -1.0;
        key[2 * nkeys] = a < c ? a : c;
        key[2 * nkeys + 1] = a < c ? c : a;
        for (int h = 0; h < hs; h++) val[nkeys * hs + h] = (h < 3 ? sign : 1.0) * s.nl.hist[k * hs + h];
        nkeys++;
      }
    /* Shift everything by half a box (the sort order and the row owners change) and rebuild. */
    for (int64_t i = 0; i < s.p.n; i++) {
      s.p.x[i] += 0.37 * (b.hi[0] - b.lo[0]);
      s.p.y[i] += 0.51 * (b.hi[1] - b.lo[1]);
    }
    const char *why = NULL;
    assert_true(nbr_build(&s.nl, &s.p, &s.box, &why));
    int64_t found = 0, nonzero = 0;
    for (int64_t i = 0; i < s.p.n; i++)
      for (int64_t k = s.nl.start[i]; k < s.nl.start[i + 1]; k++) {
        const int64_t a = s.p.id[i], c = s.p.id[s.nl.j[k]];
        const int64_t lo = a < c ? a : c, hi = a < c ? c : a;
        const double sign = a < c ? 1.0 : -1.0;
        for (int64_t q = 0; q < nkeys; q++)
          if (key[2 * q] == lo && key[2 * q + 1] == hi) {
            for (int h = 0; h < hs; h++) assert_true(s.nl.hist[k * hs + h] == (h < 3 ? sign : 1.0) * val[q * hs + h]);
            found++;
            nonzero += s.nl.hist[k * hs] != 0.0;
            break;
          }
      }
    /* the shift rounds positions, so a pair or two may cross the list range; all others match */
    assert_true(found >= s.nl.npairs - 10);
    assert_true(nonzero > s.p.n); /* the contacts really carried history */
    free(key);
    free(val);
    sim_free(&s);
  }
  particles_free(&p0);
}

/* The pair loop against an all-pairs loop over the per-contact function, two types, mixing. */
static void test_all_pairs_cross_check(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 500, 9);
  ErrList err = {0};
  ContactModel *m = malloc(4 * sizeof *m);
  model_parse("hertz/material 1e5 0.6 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji", &m[0], &err);
  model_parse("hertz/material 3e5 0.8 0.25 tangential mindlin NULL 0.4 0.5 damping tsuji", &m[3], &err);
  assert_true(model_mix(&m[0], &m[3], 1, 2, &m[1], &err));
  m[2] = m[1];
  Particles p;
  particles_copy(&p, &p0);
  p.ntypes = 2;
  for (int64_t i = 0; i < p.n; i++) p.type[i] = 1 + (int)(p.id[i] % 2);
  Sim s;
  sim_init(&s, &p, &b, m, 2, FORCE_FULL, 0.0, 1.0);
  const char *why = NULL;
  assert_true(sim_setup(&s, &why));
  const double L[3] = {b.hi[0] - b.lo[0], b.hi[1] - b.lo[1], b.hi[2] - b.lo[2]};
  int64_t contacts = 0;
  for (int64_t i = 0; i < s.p.n; i++) {
    double f[3] = {0, 0, 0}, t[3] = {0, 0, 0};
    for (int64_t j = 0; j < s.p.n; j++) {
      if (j == i) continue;
      PairInput in = {.Ri = s.p.radius[i], .Rj = s.p.radius[j],
                      .meff = contact_meff(s.p.mass[i], s.p.mass[j]), .dt = 1.0};
      const double xi[3] = {s.p.x[i], s.p.y[i], s.p.z[i]}, xj[3] = {s.p.x[j], s.p.y[j], s.p.z[j]};
      const double vi[3] = {s.p.vx[i], s.p.vy[i], s.p.vz[i]}, vj[3] = {s.p.vx[j], s.p.vy[j], s.p.vz[j]};
      for (int d = 0; d < 3; d++) {
        double dx = xi[d] - xj[d];
        dx -= L[d] * nearbyint(dx / L[d]);
        in.dx[d] = dx;
        in.vr[d] = vi[d] - vj[d];
      }
      in.wi[0] = s.p.wx[i], in.wi[1] = s.p.wy[i], in.wi[2] = s.p.wz[i];
      in.wj[0] = s.p.wx[j], in.wj[1] = s.p.wy[j], in.wj[2] = s.p.wz[j];
      const ContactModel *mm = &m[(s.p.type[i] - 1) * 2 + (s.p.type[j] - 1)];
      double h[4] = {0, 0, 0, 0};
      bool touch = false;
      ContactOutput o;
      if (!contact_compute(mm, &in, h, &touch, &o)) continue;
      contacts++;
      for (int d = 0; d < 3; d++) f[d] += o.force[d], t[d] += o.torque_i[d];
    }
    const double got[6] = {s.p.fx[i], s.p.fy[i], s.p.fz[i], s.p.tx[i], s.p.ty[i], s.p.tz[i]};
    for (int d = 0; d < 3; d++) {
      assert_true(fabs(got[d] - f[d]) <= 1e-12 * (fabs(f[d]) + 1.0));
      assert_true(fabs(got[3 + d] - t[d]) <= 1e-12 * (fabs(t[d]) + 1.0));
    }
  }
  assert_int_equal(contacts, s.last.contacts);
  assert_true(contacts > 2 * s.p.n);
  sim_free(&s);
  particles_free(&p0);
}

/* Steps a copy of p0 with models m (nt x nt, copied) and GRANDAMP_SIMD as given. */
static Sim simd_sim(const Particles *p0, const Box *b, const ContactModel *m, int nt, ForceStrategy st,
                    bool ref, bool simd) {
  ContactModel *mm = malloc((size_t)(nt * nt) * sizeof *mm);
  memcpy(mm, m, (size_t)(nt * nt) * sizeof *mm);
  Particles p;
  particles_copy(&p, p0);
  p.ntypes = nt;
  for (int64_t i = 0; i < p.n; i++) p.type[i] = nt == 1 ? 1 : 1 + (int)(p.id[i] % 2);
  setenv("GRANDAMP_SIMD", simd ? "1" : "0", 1); /* the vector kernels also in a non-AVX build */
  Sim s;
  sim_init(&s, &p, b, mm, nt, st, 0.05, 2e-3);
  s.use_ref = ref;
  const char *why = NULL;
  if (!sim_setup(&s, &why)) fail_msg("setup failed: %s", why);
  for (int k = 0; k < 3; k++) sim_step(&s, &(const char *){NULL});
  unsetenv("GRANDAMP_SIMD");
  return s;
}

/* The models of a one- or two-type run: text[0] for type 1 into m[0], text[1] for type 2 into
 * m[3], and with two types the mixed cross pair into m[1] and m[2] (the nt x nt table simd_sim
 * reads: m[0] alone with one type). */
static void parse_type_models(const char *const text[2], int nt, ContactModel m[4]) {
  ErrList err = {0};
  for (int t = 0; t < 2; t++)
    if (model_parse(text[t], &m[3 * t], &err)) {
      errlist_print(&err, stderr);
      fail_msg("refused: %s", text[t]);
    }
  if (nt == 2) {
    assert_true(model_mix(&m[0], &m[3], 1, 2, &m[1], &err));
    m[2] = m[1];
  }
}

/* The kernel sim_kernel_name reports for s with the vector kernels on (GRANDAMP_SIMD=1, as
 * simd_sim ran it) and GRANDAMP_FRICTIONLESS as given (NULL: unset). */
static const char *simd_kernel_name(const Sim *s, const char *frictionless) {
  setenv("GRANDAMP_SIMD", "1", 1);
  if (frictionless) setenv("GRANDAMP_FRICTIONLESS", frictionless, 1);
  const char *name = sim_kernel_name(s);
  unsetenv("GRANDAMP_FRICTIONLESS");
  unsetenv("GRANDAMP_SIMD");
  return name;
}

/* The vectorised kernels (force_simd.h) against the scalar kernels and `_ref`: every covered
 * (normal, damping) with linear_nohistory, with and without limit_damping, one and two atom
 * types, and with each history tangential model, every strategy. Against the scalar kernel:
 * forces bitwise with the full list (a lane walks one row in list order), to 1e-12 with the half
 * lists (the j-updates arrive in another order), counts and overlap excess exactly; against
 * `_ref`: forces and powers to 1e-12. */
static void test_simd_matches_scalar(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 700, 17);
  const char *const normal[] = {"hooke 2000 %g", "hertz 4e4 %g", "hertz/material 1e5 %g 0.3", "dmt 1e5 %g 0.3 0.02"};
  const char *const normal2[] = {"hooke 3000 %g", "hertz 6e4 %g", "hertz/material 3e5 %g 0.25",
                                 "dmt 3e5 %g 0.25 0.03"};
  /* the history models with explicit k_t (hooke and hertz have no material for NULL); mu_t
   * small enough that some contacts slide and others stick */
  const char *const tang[] = {"linear_nohistory %g %g", "linear_history 800 %g %g", "mindlin 2e4 %g %g",
                              "mindlin/force 2e4 %g %g", "mindlin_rescale 2e4 %g %g",
                              "mindlin_rescale/force 2e4 %g %g"};
  int combos = 0;
  double slide = 0, stick = 0;
  for (int in = 0; in < 4; in++)
    for (int id = 0; id < 7; id++)
      for (int it = 0; it < 6; it++)
      for (int lim = 0; lim < 2; lim++)
        for (int nt = 1; nt <= 2; nt++) {
          const bool restitution = id >= 4, cohesive = in == 3;
          if (restitution && cohesive) continue;
          if (lim && cohesive) continue; /* limit_damping is refused with cohesion */
          if (it > 0 && (lim || (nt == 2) != (id % 2 == 1))) continue; /* history models: a sample of the rest */
          char text[2][256];
          for (int t = 0; t < 2; t++) {
            char nrm[64], tg[64];
            snprintf(nrm, sizeof nrm, (t ? normal2 : normal)[in], restitution ? 0.7 - 0.1 * t : 0.3 + 0.2 * t);
            snprintf(tg, sizeof tg, tang[it], 0.5 + 0.3 * t, 0.05 + 0.1 * t);
            snprintf(text[t], sizeof text[t], "%s tangential %s damping %s%s", nrm, tg, DAMPING_WORD[id],
                     lim ? " limit_damping" : "");
          }
          ContactModel m[4];
          parse_type_models((const char *const[]){text[0], text[1]}, nt, m);
          const ContactModel *m0 = &m[0];
          setenv("GRANDAMP_SIMD", "1", 1);
          assert_non_null(force_simd_kernel(m0->normal.model, m0->damping.model, m0->tangential.model, FORCE_FULL));
          Sim ref = simd_sim(&p0, &b, m, nt, FORCE_HALF_REDUCE, true, false);
          assert_true(ref.last.contacts > 0);
          for (int st = 0; st < N_STRATEGY; st++) {
            Sim sc = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, false);
            Sim v = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, true);
            char what[600];
            snprintf(what, sizeof what, "%s (%d types) [%s]", text[0], nt, force_strategy_name((ForceStrategy)st));
            assert_same_forces(&v, &sc, 1e-12, what);
            if (st == FORCE_FULL) { /* each row summed in list order, one lane per row: bitwise */
              const size_t by = (size_t)v.p.n * sizeof(double);
              if (memcmp(v.p.fx, sc.p.fx, by) || memcmp(v.p.fy, sc.p.fy, by) || memcmp(v.p.fz, sc.p.fz, by) ||
                  memcmp(v.p.tx, sc.p.tx, by) || memcmp(v.p.ty, sc.p.ty, by) || memcmp(v.p.tz, sc.p.tz, by))
                fail_msg("%s: not bitwise the scalar kernel's", what);
            }
            assert_same_forces(&v, &ref, 1e-12, what);
            assert_int_equal(v.last.pairs, sc.last.pairs);
            assert_int_equal(v.last.contacts, sc.last.contacts);
            assert_int_equal(v.last.contacts / (v.nl.full ? 2 : 1), ref.last.contacts);
            assert_true(v.last.overlap_excess == sc.last.overlap_excess);
            assert_rel(v.last.power_normal, sc.last.power_normal, 1e-12);
            assert_rel(v.last.power_tangential, sc.last.power_tangential, 1e-12);
            assert_rel(v.last.power_friction, sc.last.power_friction, 1e-12);
            assert_rel(v.last.power_normal, ref.last.power_normal, 1e-12);
            assert_rel(v.last.power_tangential, ref.last.power_tangential, 1e-12);
            assert_rel(v.last.power_friction, ref.last.power_friction, 1e-12);
            slide += v.last.power_friction, stick += v.last.power_tangential;
            sim_free(&sc);
            sim_free(&v);
          }
          sim_free(&ref);
          combos++;
        }
  /* nohistory: hooke, hertz, hertz/material x 7 x limit x 2 type counts, dmt x 4 x 2; each of the
   * five history models: the 25 (normal, damping) rows once */
  assert_int_equal(combos, 2 * (3 * 7 * 2 + 4) + 5 * 25);
  assert_true(slide > 0 && stick > 0); /* both branches of the Coulomb cap were taken */
  /* not covered: jkr stays on the scalar kernels */
  setenv("GRANDAMP_SIMD", "1", 1);
  assert_null(force_simd_kernel(NORMAL_JKR, DAMPING_VELOCITY, TANGENTIAL_LINEAR_NOHISTORY, FORCE_FULL));
  assert_non_null(force_simd_kernel(NORMAL_HERTZ_MATERIAL, DAMPING_TSUJI, TANGENTIAL_MINDLIN, FORCE_FULL));
  setenv("GRANDAMP_SIMD", "0", 1);
  assert_null(force_simd_kernel(NORMAL_HERTZ_MATERIAL, DAMPING_TSUJI, TANGENTIAL_LINEAR_NOHISTORY, FORCE_FULL));
  unsetenv("GRANDAMP_SIMD");
  /* the full list stays bitwise identical for 1 and 2 threads */
  const int saved = omp_get_max_threads();
  ContactModel m[1];
  ErrList err = {0};
  assert_int_equal(model_parse("hertz/material 1e5 0.6 0.3 tangential linear_nohistory 0.5 0.05 damping tsuji", m, &err), 0);
  omp_set_num_threads(1);
  Sim a = simd_sim(&p0, &b, m, 1, FORCE_FULL, false, true);
  omp_set_num_threads(2);
  Sim c = simd_sim(&p0, &b, m, 1, FORCE_FULL, false, true);
  omp_set_num_threads(saved);
  const size_t bytes = (size_t)a.p.n * sizeof(double);
  assert_true(memcmp(a.p.fx, c.p.fx, bytes) == 0 && memcmp(a.p.fy, c.p.fy, bytes) == 0 &&
              memcmp(a.p.fz, c.p.fz, bytes) == 0 && memcmp(a.p.tx, c.p.tx, bytes) == 0 &&
              memcmp(a.p.ty, c.p.ty, bytes) == 0 && memcmp(a.p.tz, c.p.tz, bytes) == 0);
  sim_free(&a);
  sim_free(&c);
  particles_free(&p0);
}

/* Whether every particle field of a and b (after the steps of simd_sim) is the same bit for bit. */
static bool same_state(const Sim *a, const Sim *b) {
  const size_t by = (size_t)a->p.n * sizeof(double);
  const double *const fa[] = {a->p.x, a->p.y, a->p.z, a->p.vx, a->p.vy, a->p.vz, a->p.wx, a->p.wy, a->p.wz,
                              a->p.fx, a->p.fy, a->p.fz, a->p.tx, a->p.ty, a->p.tz};
  const double *const fb[] = {b->p.x, b->p.y, b->p.z, b->p.vx, b->p.vy, b->p.vz, b->p.wx, b->p.wy, b->p.wz,
                              b->p.fx, b->p.fy, b->p.fz, b->p.tx, b->p.ty, b->p.tz};
  for (size_t k = 0; k < sizeof fa / sizeof *fa; k++)
    if (a->p.n != b->p.n || memcmp(fa[k], fb[k], by) != 0) return false;
  return true;
}

/* The frictionless vector loops (linear_nohistory with x_gamma_t = 0 or mu_t = 0: no tangential
 * force, force_simd.h) against the general vector loop on the same model (GRANDAMP_FRICTIONLESS=0)
 * and the scalar kernel: every covered (normal, damping), each way to be frictionless, one and
 * two atom types, every strategy. The general loop computes a tangential force of +-0 that the
 * frictionless one skips, so positions, velocities, forces and torques after three steps are the
 * same bit for bit (half-atomic: to 1e-12, its atomics land in any order), as are the powers;
 * the torques are exactly zero. A model with friction keeps the general loop. */
static void test_simd_frictionless(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 500, 23);
  const char *const zero_friction[] = {"0 0", "0 0.4", "0.6 0"}; /* x_gamma_t mu_t */
  int combos = 0;
  for (int in = 0; in < 4; in++)
    for (int id = 0; id < 7; id++)
      for (int iz = 0; iz < 3; iz++) {
        const bool restitution = id >= 4, cohesive = in == 3;
        if (restitution && cohesive) continue;
        const int nt = 1 + (id + iz) % 2;
        char text[2][256];
        for (int t = 0; t < 2; t++) {
          char nrm[64];
          snprintf(nrm, sizeof nrm, NORMAL_TEXT[in], restitution ? 0.7 - 0.1 * t : 0.3 + 0.2 * t);
          snprintf(text[t], sizeof text[t], "%s tangential linear_nohistory %s damping %s%s", nrm,
                   zero_friction[(iz + t) % 3], DAMPING_WORD[id], !cohesive && id % 3 == 1 ? " limit_damping" : "");
        }
        ContactModel m[4];
        parse_type_models((const char *const[]){text[0], text[1]}, nt, m);
        for (int st = 0; st < N_STRATEGY; st++) {
          char what[600];
          snprintf(what, sizeof what, "%s (%d types) [%s]", text[0], nt, force_strategy_name((ForceStrategy)st));
          Sim fl = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, true);
          setenv("GRANDAMP_FRICTIONLESS", "0", 1);
          Sim gen = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, true);
          unsetenv("GRANDAMP_FRICTIONLESS");
          Sim sc = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, false);
          assert_string_equal(simd_kernel_name(&fl, NULL), "vector, frictionless");
          assert_string_equal(simd_kernel_name(&gen, "0"), "vector");
          assert_true(fl.last.contacts > 0);
          if (st != FORCE_HALF_ATOMIC && !same_state(&fl, &gen)) fail_msg("%s: not bitwise the general loop's", what);
          if (st == FORCE_FULL && !same_state(&fl, &sc)) fail_msg("%s: not bitwise the scalar kernel's", what);
          assert_same_forces(&fl, &gen, 1e-12, what);
          assert_same_forces(&fl, &sc, 1e-12, what);
          for (int64_t i = 0; i < fl.p.n; i++)
            if (fl.p.tx[i] != 0.0 || fl.p.ty[i] != 0.0 || fl.p.tz[i] != 0.0) fail_msg("%s: a torque", what);
          assert_true(fl.last.power_tangential == 0.0 && fl.last.power_friction == 0.0);
          assert_true(gen.last.power_tangential == 0.0 && gen.last.power_friction == 0.0);
          if (st != FORCE_HALF_ATOMIC) assert_true(fl.last.power_normal == gen.last.power_normal);
          assert_rel(fl.last.power_normal, sc.last.power_normal, 1e-12);
          assert_int_equal(fl.last.contacts, gen.last.contacts);
          assert_true(fl.last.overlap_excess == gen.last.overlap_excess);
          sim_free(&fl);
          sim_free(&gen);
          sim_free(&sc);
        }
        combos++;
      }
  assert_int_equal(combos, 3 * 7 * 3 + 4 * 3);
  /* friction on any type pair keeps the general loop */
  const char *const friction[] = {"hertz/material 1e5 0.3 0.3 tangential linear_nohistory 0.5 0.05 damping tsuji",
                                  "hertz/material 1e5 0.3 0.3 tangential mindlin NULL 0 0 damping tsuji"};
  for (int k = 0; k < 2; k++) {
    ContactModel m[1];
    ErrList err = {0};
    assert_int_equal(model_parse(friction[k], m, &err), 0);
    Sim v = simd_sim(&p0, &b, m, 1, FORCE_HALF_REDUCE, false, true);
    assert_string_equal(simd_kernel_name(&v, NULL), "vector");
    sim_free(&v);
  }
  /* frictionless like types, an explicit pair_coeff 1 2 with friction */
  ContactModel m2[4];
  ErrList err = {0};
  assert_int_equal(model_parse("hooke 2000 0.3 tangential linear_nohistory 0 0 damping velocity", &m2[0], &err), 0);
  assert_int_equal(model_parse("hooke 2500 0.3 tangential linear_nohistory 0.5 0.1 damping velocity", &m2[1], &err), 0);
  m2[2] = m2[1];
  assert_int_equal(model_parse("hooke 3000 0.3 tangential linear_nohistory 0 0.4 damping velocity", &m2[3], &err), 0);
  Sim v = simd_sim(&p0, &b, m2, 2, FORCE_FULL, false, true);
  assert_string_equal(simd_kernel_name(&v, NULL), "vector");
  sim_free(&v);
  particles_free(&p0);
}

/* Packings are deterministic for a seed and independent of the thread count. */
static void test_packing_determinism(void **state) {
  (void)state;
  const int saved = omp_get_max_threads();
  Particles a, c;
  Box ba, bc;
  omp_set_num_threads(1);
  small_packing(&a, &ba, 800, 21);
  omp_set_num_threads(2);
  small_packing(&c, &bc, 800, 21);
  omp_set_num_threads(saved);
  const size_t bytes = (size_t)a.n * sizeof(double);
  assert_true(a.n == c.n && memcmp(a.x, c.x, bytes) == 0 && memcmp(a.radius, c.radius, bytes) == 0 &&
              memcmp(a.vz, c.vz, bytes) == 0 && memcmp(a.id, c.id, (size_t)a.n * sizeof *a.id) == 0);
  particles_free(&a);
  particles_free(&c);
  /* fcc: 12 contacts per sphere of the requested overlap */
  PackingSpec s = packing_defaults();
  s.n = 4 * 5 * 5 * 5;
  Particles f;
  Box bf;
  packing_make(&s, &f, &bf);
  assert_int_equal(f.n, 500);
  Sim sim;
  ErrList err = {0};
  ContactModel *m = malloc(sizeof *m);
  model_parse("hooke 1000 0 tangential linear_nohistory 0 0 damping none", m, &err);
  sim_init(&sim, &f, &bf, m, 1, FORCE_FULL, 0.1, 1e-3);
  const char *why = NULL;
  assert_true(sim_setup(&sim, &why));
  assert_int_equal(sim.last.contacts, 12 * 500);
  assert_int_equal(sim.nl.npairs, 12 * 500);
  /* every sphere has 12 equal contacts: the forces cancel */
  for (int64_t i = 0; i < sim.p.n; i++) assert_true(fabs(sim.p.fx[i]) < 1e-12);
  sim_free(&sim);
}

/* A replicated packing (LAMMPS `replicate`) has every sphere's contacts and forces of the
 * original: 2 x 1 x 3 copies of a relaxed random packing, setup forces per id to rounding. */
static void test_packing_replicate(void **state) {
  (void)state;
  Particles p0, big;
  Box b0, bb;
  small_packing(&p0, &b0, 700, 5);
  packing_replicate(&p0, &b0, (const int[3]){2, 1, 3}, &big, &bb);
  assert_int_equal(big.n, 6 * p0.n);
  assert_true(fabs((bb.hi[2] - bb.lo[2]) - 3 * (b0.hi[2] - b0.lo[2])) < 1e-12);
  const char *text = "hertz/material 1e5 0.5 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji";
  Sim a = make_sim(&p0, &b0, text, FORCE_HALF_REDUCE, false);
  Sim c = make_sim(&big, &bb, text, FORCE_HALF_REDUCE, false);
  assert_int_equal(c.last.contacts, 6 * a.last.contacts);
  /* original force by id (ids are 1..n) */
  double *fx = calloc((size_t)p0.n + 1, sizeof *fx), *tz = calloc((size_t)p0.n + 1, sizeof *tz);
  for (int64_t i = 0; i < a.p.n; i++) {
    fx[a.p.id[i]] = a.p.fx[i];
    tz[a.p.id[i]] = a.p.tz[i];
  }
  double scale = 0, tscale = 0;
  for (int64_t i = 1; i <= p0.n; i++) {
    scale = fmax(scale, fabs(fx[i]));
    tscale = fmax(tscale, fabs(tz[i]));
  }
  assert_true(scale > 0 && tscale > 0);
  for (int64_t k = 0; k < c.p.n; k++) {
    const int64_t id = (c.p.id[k] - 1) % p0.n + 1;
    if (fabs(c.p.fx[k] - fx[id]) > 1e-12 * scale || fabs(c.p.tz[k] - tz[id]) > 1e-12 * tscale)
      fail_msg("replica id %lld: fx %.17g vs %.17g", (long long)c.p.id[k], c.p.fx[k], fx[id]);
  }
  free(fx);
  free(tz);
  sim_free(&a);
  sim_free(&c);
  particles_free(&p0);
  particles_free(&big);
}

/* The energy ledger closes: without damping KE + U is conserved; with damping the loss is the
 * dissipated work (to the integrator's accuracy). */
static void test_energy_ledger(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 800, 13);
  const char *texts[] = {"hertz/material 1e5 0.7 0.3 tangential linear_nohistory 0 0 damping none",
                         "hertz/material 1e5 0.5 0.3 tangential linear_nohistory 0.5 0.3 damping tsuji"};
  double ke_end[2];
  for (int t = 0; t < 2; t++) {
    Sim s = make_sim(&p0, &b, texts[t], FORCE_HALF_REDUCE, false);
    s.dt = 2e-4;
    const Ledger l0 = sim_ledger(&s);
    for (int k = 0; k < 200; k++) sim_step(&s, &(const char *){NULL});
    const Ledger l1 = sim_ledger(&s);
    const double e0 = l0.ke_trans + l0.ke_rot + l0.elastic;
    const double diss = l1.diss_normal + l1.diss_tangential + l1.diss_friction;
    const double e1 = l1.ke_trans + l1.ke_rot + l1.elastic + diss;
    ke_end[t] = l1.ke_trans + l1.ke_rot;
    if (t == 0) assert_true(diss == 0.0);
    if (t == 1) assert_true(l1.diss_normal > 0 && diss > ke_end[1] && ke_end[1] < 0.5 * ke_end[0]);
    assert_true(fabs(e1 - e0) <= 1e-4 * e0); /* measured: 4e-6 and 1e-5 of e0 */
    sim_free(&s);
  }
  particles_free(&p0);
}

/* A dilute periodic system gets a coarsened cell grid: 64 x 4 x 4 cells must not become
 * 32 x 2 x 2, where the stencil visits the neighbouring y and z cells twice. */
static void test_dilute_list(void **state) {
  (void)state;
  Particles p;
  particles_alloc(&p, 3, 1);
  const double pos[3][3] = {{1.0, 2.0, 2.0}, {1.0, 2.5, 2.0}, {40.0, 2.0, 2.0}}; /* 0-1 in y cells 0, 1 */
  for (int i = 0; i < 3; i++) {
    p.x[i] = pos[i][0], p.y[i] = pos[i][1], p.z[i] = pos[i][2];
    p.radius[i] = 0.5, p.mass[i] = 1.0;
  }
  Box b = {.lo = {0, 0, 0}, .hi = {71, 4.5, 4.5}, .periodic = {true, true, true}};
  for (int full = 0; full <= 1; full++) {
    NeighborList nl;
    nbr_init(&nl, full, 0, 0.1, 0.0);
    const char *why = NULL;
    assert_true(nbr_build(&nl, &p, &b, &why));
    assert_int_equal(nl.npairs, full ? 2 : 1);
    nbr_free(&nl);
  }
  particles_free(&p);
}

/* NeighborList.interior: a flagged row's partners need no minimum image along any periodic
 * dimension after every particle has moved by up to half a skin in the worst directions (the
 * rebuild limit), for half and full lists; rows next to a periodic boundary are not flagged. */
static void test_interior_rows(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 1500, 31);
  double rmax = 0.0;
  for (int64_t i = 0; i < p0.n; i++) rmax = fmax(rmax, p0.radius[i]);
  const double skin = 0.3 * rmax;
  double len[3], half[3];
  box_images(&b, len, half);
  for (int full = 0; full <= 1; full++)
    for (int sign = -1; sign <= 1; sign += 2) {
      Particles p;
      particles_copy(&p, &p0);
      NeighborList nl;
      nbr_init(&nl, full, 0, skin, 0.0);
      const char *why = NULL;
      assert_true(nbr_build(&nl, &p, &b, &why));
      /* each particle half a skin along +-(1,1,1)/sqrt(3), the sign by id parity: pairs close
       * in or move apart by a skin along every axis */
      const double h = 0.5 * skin / sqrt(3.0) * (1.0 - 1e-12);
      for (int64_t i = 0; i < p.n; i++) {
        const double s = (p.id[i] % 2 ? 1.0 : -1.0) * sign * h;
        p.x[i] += s, p.y[i] += s, p.z[i] += s;
      }
      assert_false(nbr_needs_rebuild(&nl, &p));
      int64_t inside = 0, boundary = 0;
      double *c[3] = {p.x, p.y, p.z};
      for (int64_t i = 0; i < p.n; i++) {
        bool crosses = false; /* a partner beyond half a box along some dimension, raw */
        for (int64_t k = nl.start[i]; k < nl.start[i + 1]; k++)
          for (int d = 0; d < 3; d++) {
            const double dd = c[d][i] - c[d][nl.j[k]];
            crosses = crosses || box_min_image(dd, len[d], half[d]) != dd;
          }
        if (nl.interior[i] && crosses) fail_msg("row %lld is flagged, with a partner across a boundary", (long long)i);
        inside += nl.interior[i], boundary += crosses;
      }
      assert_true(inside > p.n / 4 && boundary > 0); /* both kinds of row */
      nbr_free(&nl);
      particles_free(&p);
    }
  particles_free(&p0);
}

/* The particle arrays' slots (particles.c): 64-byte aligned, each (and the spare) at its own
 * offset modulo 4096, also after particles_permute, which moves every value with its particle. */
static void test_particle_slots(void **state) {
  (void)state;
  const int64_t sizes[] = {1, 512, 1000};
  for (int s = 0; s < 3; s++) {
    const int64_t n = sizes[s];
    Particles p;
    particles_alloc(&p, n, 1);
    double *const *field[] = {&p.x,  &p.y,  &p.z,  &p.vx, &p.vy, &p.vz, &p.wx, &p.wy,    &p.wz,
                              &p.fx, &p.fy, &p.fz, &p.tx, &p.ty, &p.tz, &p.radius, &p.mass};
    enum { NF = sizeof field / sizeof *field };
    for (int f = 0; f < NF; f++)
      for (int64_t i = 0; i < n; i++) (*field[f])[i] = 1000.0 * f + (double)i;
    int64_t *order = malloc((size_t)n * sizeof *order);
    for (int64_t k = 0; k < n; k++) order[k] = (k * 7 + 3) % n; /* a permutation for these n */
    for (int pass = 0; pass < 2; pass++) {
      uintptr_t off[NF + 1];
      for (int f = 0; f < NF; f++) off[f] = (uintptr_t)*field[f];
      off[NF] = (uintptr_t)p.spare;
      for (int f = 0; f <= NF; f++) {
        assert_int_equal(off[f] % 64, 0);
        for (int g = 0; g < f; g++) assert_true(off[f] % 4096 != off[g] % 4096);
      }
      if (pass == 0) particles_permute(&p, order);
    }
    for (int f = 0; f < NF; f++)
      for (int64_t k = 0; k < n; k++) assert_true((*field[f])[k] == 1000.0 * f + (double)order[k]);
    free(order);
    particles_free(&p);
  }
}

const struct CMUnitTest pairloop_tests[] = {
    cmocka_unit_test(test_dilute_list),             cmocka_unit_test(test_particle_slots),
    cmocka_unit_test(test_strategies_match_ref),    cmocka_unit_test(test_thread_invariance_every_model),
    cmocka_unit_test(test_half_reduce_reuses_records), cmocka_unit_test(test_half_reduce_map_per_build),
    cmocka_unit_test(test_newton_third_law),        cmocka_unit_test(test_history_across_rebuild),
    cmocka_unit_test(test_all_pairs_cross_check),   cmocka_unit_test(test_packing_determinism),
    cmocka_unit_test(test_packing_replicate),
    cmocka_unit_test(test_energy_ledger),           cmocka_unit_test(test_simd_matches_scalar), cmocka_unit_test(test_simd_frictionless), cmocka_unit_test(test_interior_rows),
};
const size_t pairloop_ntests = sizeof pairloop_tests / sizeof *pairloop_tests;
