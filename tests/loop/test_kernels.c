/*
 * test_kernels.c - the specialised pair loops against the `_ref` loop: every (normal, damping,
 * tangential) combination and strategy, thread-count invariance, half-reduce's reused records and
 * block map, Newton's third law, history across rebuilds, and an all-pairs cross-check.
 */
#include <omp.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "packing.h"
#include "sim.h"
#include "tests.h"

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
        Sim ref = fixture_sim(&p0, &b, text, FORCE_HALF_REDUCE, true);
        for (int k = 0; k < 3; k++) sim_step(&ref, &(const char *){NULL});
        assert_true(ref.last.contacts > 0);
        for (int st = 0; st < N_STRATEGY; st++) {
          Sim s = fixture_sim(&p0, &b, text, (ForceStrategy)st, false);
          for (int k = 0; k < 3; k++) sim_step(&s, &(const char *){NULL});
          char what[320];
          snprintf(what, sizeof what, "%s [%s]", text, force_strategy_name((ForceStrategy)st));
          assert_same_forces(&s, &ref, 1e-12, what);
          assert_int_equal(s.last.contacts, ref.last.contacts); /* unique pairs, whatever the list */
          assert_int_equal(s.last.pairs, ref.last.pairs);
          assert_rel(s.last.power_normal, ref.last.power_normal, 1e-10);
          sim_free(&s);
        }
        sim_free(&ref);
        combos++;
      }
  assert_int_equal(combos, 146); /* 29 (normal, damping) x 6 tangential, less NULL k_t on hooke/hertz */
  particles_free(&p0);
}

/* half-reduce reuses its per-thread records across passes (force.c: the reduction leaves them
 * zero, ForceWork.zeroed): one ForceWork through 2 threads, 1 thread, the geometry pass (the
 * scalar layout, 6 arrays per thread) and 2 threads again gives bitwise the first pass's forces,
 * and a fresh ForceWork agrees. */
static void test_half_reduce_reuses_records(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, test_size(3000, 1200), 12);
  Sim s = fixture_sim(&p0, &b, "hertz/material 1e6 0.5 0.3 damping tsuji tangential linear_nohistory 0 0",
                   FORCE_HALF_REDUCE, false);
  const ForceSystem fs = {.p = &s.p, .box = &s.box, .nl = &s.nl, .models = s.models, .ntypes = s.ntypes,
                          .dt = s.dt, .history_update = false};
  const LoopPlan on1 = loop_plan(s.models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1);
  const LoopPlan on2 = loop_plan(s.models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 2);
  const size_t bytes = (size_t)s.p.n * sizeof(double);
  double *first = malloc(6 * bytes);
  ForceWork w = {0}, fresh = {0};
  ForceStats st;
  force_compute(&fs, &on2, &w, &st);
  double *const f[6] = {s.p.fx, s.p.fy, s.p.fz, s.p.tx, s.p.ty, s.p.tz};
  for (int c = 0; c < 6; c++) memcpy(first + c * s.p.n, f[c], bytes);
  force_compute(&fs, &on1, &w, &st);
  force_geometry(&fs, &on1, &w, &st);
  force_compute(&fs, &on2, &w, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(first + c * s.p.n, f[c], bytes);
  force_compute(&fs, &on2, &fresh, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(first + c * s.p.n, f[c], bytes);
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
  Sim dense = fixture_sim(&dense0, &b, text, FORCE_HALF_REDUCE, false);
  Sim dilute = fixture_sim(&dilute0, &bd, text, FORCE_HALF_REDUCE, false);
  assert_int_equal(dilute.nl.npairs, 0);
  assert_true(dense.nl.npairs > 0);
  assert_int_equal(dense.nl.builds, dilute.nl.builds);
  const LoopPlan on2 = loop_plan(dilute.models, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 2);
  ForceWork w = {0}, fresh = {0};
  ForceStats st;
  ForceSystem fs = {.p = &dilute.p, .box = &dilute.box, .nl = &dilute.nl, .models = dilute.models,
                    .ntypes = 1, .dt = dilute.dt, .history_update = false};
  force_compute(&fs, &on2, &w, &st); /* maps the dilute list */
  const NeighborList held = dilute.nl;            /* the dense list moves into the dilute one's place */
  dilute.nl = dense.nl;
  fs = (ForceSystem){.p = &dense.p, .box = &dense.box, .nl = &dilute.nl, .models = dense.models, .ntypes = 1,
                     .dt = dense.dt, .history_update = false};
  const size_t bytes = (size_t)dense.p.n * sizeof(double);
  double *const f[6] = {dense.p.fx, dense.p.fy, dense.p.fz, dense.p.tx, dense.p.ty, dense.p.tz};
  double *expect = malloc(6 * bytes);
  force_compute(&fs, &on2, &fresh, &st);
  assert_true(st.contacts > 0);
  for (int c = 0; c < 6; c++) memcpy(expect + c * dense.p.n, f[c], bytes);
  force_compute(&fs, &on2, &w, &st);
  for (int c = 0; c < 6; c++) assert_memory_equal(expect + c * dense.p.n, f[c], bytes);
  dilute.nl = held;
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
  int rows = 0;
  for (int in = 0; in < 5; in++)
    for (int id = 0; id < 7; id++) {
      char text[256];
      int it = (in * 7 + id) % 6;
      if (!model_text(in, id, it, text, sizeof text) && !model_text(in, id, --it, text, sizeof text)) continue;
      Sim a = fixture_sim_threads(&p0, &b, text, FORCE_FULL, false, 1);
      Sim h1 = fixture_sim_threads(&p0, &b, text, FORCE_HALF_REDUCE, false, 1);
      for (int k = 0; k < 5; k++) {
        sim_step(&a, &(const char *){NULL});
        sim_step(&h1, &(const char *){NULL});
      }
      Sim c = fixture_sim_threads(&p0, &b, text, FORCE_FULL, false, 2);
      for (int k = 0; k < 5; k++) sim_step(&c, &(const char *){NULL});
      if (!same_state_bits(&a, &c)) fail_msg("%s: full list differs between 1 and 2 threads", text);
      for (int st = FORCE_HALF_REDUCE; st <= FORCE_HALF_ATOMIC; st++) {
        Sim h2 = fixture_sim_threads(&p0, &b, text, (ForceStrategy)st, false, 2);
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
  assert_int_equal(rows, 29);
  particles_free(&p0);
}

/* Newton's third law with periodic boundaries: the forces sum to zero. */
static void test_newton_third_law(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, test_size(2000, 800), 3);
  for (int st = 0; st < N_STRATEGY; st++) {
    Sim s = fixture_sim(&p0, &b, "hertz/material 1e5 0.7 0.3 tangential mindlin NULL 0.5 0.3 damping coeff_restitution",
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
  small_packing(&p0, &b, test_size(1500, 800), 5);
  for (int full = 0; full <= 1; full++) {
    Sim s = fixture_sim(&p0, &b, "hertz/material 1e5 0.3 0.3 tangential mindlin_rescale NULL 0.5 0.3 damping velocity",
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
  sim_init(&s, &p, &b, m, 2, FORCE_FULL, false, LOOP_DOUBLE, 0, 0.0, 1.0);
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
  assert_int_equal(contacts, 2 * s.last.contacts); /* ordered pairs here, unique ones there */
  assert_true(contacts > 2 * s.p.n);
  sim_free(&s);
  particles_free(&p0);
}

const struct CMUnitTest kernels_tests[] = {
    cmocka_unit_test(test_strategies_match_ref),
    cmocka_unit_test(test_half_reduce_reuses_records),
    cmocka_unit_test(test_half_reduce_map_per_build),
    cmocka_unit_test(test_thread_invariance_every_model),
    cmocka_unit_test(test_newton_third_law),
    cmocka_unit_test(test_history_across_rebuild),
    cmocka_unit_test(test_all_pairs_cross_check),
};
const size_t kernels_ntests = sizeof kernels_tests / sizeof *kernels_tests;
