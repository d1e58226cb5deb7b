/*
 * test_simd.c - the vectorised pair loops (force_simd.h) against the scalar kernels and `_ref`,
 * and the frictionless vector loops.
 */
#include <omp.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "packing.h"
#include "sim.h"
#include "tests.h"

/* Steps a copy of p0 with models m (nt x nt, copied), GRANDAMP_SIMD as given (set before the
 * sim is made: the loop plan reads it then) and threads threads (0: the OpenMP default). */
static Sim simd_sim_threads(const Particles *p0, const Box *b, const ContactModel *m, int nt, ForceStrategy st,
                            bool ref, bool simd, int threads) {
  ContactModel *mm = malloc((size_t)(nt * nt) * sizeof *mm);
  memcpy(mm, m, (size_t)(nt * nt) * sizeof *mm);
  Particles p;
  particles_copy(&p, p0);
  p.ntypes = nt;
  for (int64_t i = 0; i < p.n; i++) p.type[i] = nt == 1 ? 1 : 1 + (int)(p.id[i] % 2);
  setenv("GRANDAMP_SIMD", simd ? "1" : "0", 1); /* the vector kernels also in a non-AVX build */
  Sim s;
  sim_init(&s, &p, b, mm, nt, st, ref, LOOP_DOUBLE, threads, 0.05, 2e-3);
  unsetenv("GRANDAMP_SIMD"); /* the plan is made: what follows runs the same loop */
  const char *why = NULL;
  if (!sim_setup(&s, &why)) fail_msg("setup failed: %s", why);
  for (int k = 0; k < 3; k++) sim_step(&s, &(const char *){NULL});
  return s;
}

static Sim simd_sim(const Particles *p0, const Box *b, const ContactModel *m, int nt, ForceStrategy st, bool ref,
                    bool simd) {
  return simd_sim_threads(p0, b, m, nt, st, ref, simd, 0);
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

/* Whether the forces and torques of a and b are the same bit for bit. */
static bool same_forces_bits(const Sim *a, const Sim *b) {
  const size_t by = (size_t)a->p.n * sizeof(double);
  return a->p.n == b->p.n && !memcmp(a->p.fx, b->p.fx, by) && !memcmp(a->p.fy, b->p.fy, by) &&
         !memcmp(a->p.fz, b->p.fz, by) && !memcmp(a->p.tx, b->p.tx, by) && !memcmp(a->p.ty, b->p.ty, by) &&
         !memcmp(a->p.tz, b->p.tz, by);
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
  small_packing(&p0, &b, test_size(700, 300), 17);
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
            snprintf(text[t], sizeof text[t], "%s tangential %s damping %s%s", nrm, tg, LOOP_DAMPING_WORD[id],
                     lim ? " limit_damping" : "");
          }
          ContactModel m[4];
          parse_type_models((const char *const[]){text[0], text[1]}, nt, m);
          const ContactModel *m0 = &m[0];
          assert_non_null(force_simd_kernel(m0->normal.model, m0->damping.model, m0->tangential.model, FORCE_FULL));
          Sim ref = simd_sim(&p0, &b, m, nt, FORCE_HALF_REDUCE, true, false);
          assert_true(ref.last.contacts > 0);
          for (int st = 0; st < N_STRATEGY; st++) {
            Sim sc = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, false);
            Sim v = simd_sim(&p0, &b, m, nt, (ForceStrategy)st, false, true);
            char what[600];
            snprintf(what, sizeof what, "%s (%d types) [%s]", text[0], nt, force_strategy_name((ForceStrategy)st));
            assert_same_forces(&v, &sc, 1e-12, what);
            if (st == FORCE_FULL && !same_forces_bits(&v, &sc)) /* each row in list order, one lane per row */
              fail_msg("%s: not bitwise the scalar kernel's", what);
            assert_same_forces(&v, &ref, 1e-12, what);
            assert_int_equal(v.last.pairs, sc.last.pairs);
            assert_int_equal(v.last.contacts, sc.last.contacts);
            assert_int_equal(v.last.contacts, ref.last.contacts); /* unique pairs, whatever the list */
            assert_int_equal(v.last.pairs, ref.last.pairs);
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
  assert_null(force_simd_kernel(NORMAL_JKR, DAMPING_VELOCITY, TANGENTIAL_LINEAR_NOHISTORY, FORCE_FULL));
  assert_non_null(force_simd_kernel(NORMAL_HERTZ_MATERIAL, DAMPING_TSUJI, TANGENTIAL_MINDLIN, FORCE_FULL));
  /* the full list stays bitwise identical for 1 and 2 threads */
  ContactModel m[1];
  ErrList err = {0};
  assert_int_equal(model_parse("hertz/material 1e5 0.6 0.3 tangential linear_nohistory 0.5 0.05 damping tsuji", m, &err), 0);
  Sim a = simd_sim_threads(&p0, &b, m, 1, FORCE_FULL, false, true, 1);
  Sim c = simd_sim_threads(&p0, &b, m, 1, FORCE_FULL, false, true, 2);
  assert_string_equal(sim_kernel_name(&a), "vector");
  const size_t bytes = (size_t)a.p.n * sizeof(double);
  assert_true(memcmp(a.p.fx, c.p.fx, bytes) == 0 && memcmp(a.p.fy, c.p.fy, bytes) == 0 &&
              memcmp(a.p.fz, c.p.fz, bytes) == 0 && memcmp(a.p.tx, c.p.tx, bytes) == 0 &&
              memcmp(a.p.ty, c.p.ty, bytes) == 0 && memcmp(a.p.tz, c.p.tz, bytes) == 0);
  sim_free(&a);
  sim_free(&c);
  particles_free(&p0);
}

/* A dilute gas, where most spheres are in no listed pair: the vector loops then pack and reduce
 * only the spheres in some pair and skip the rows without partners (drive.c, list_plan). Against
 * the scalar kernel and `_ref`, every strategy, frictionless and with friction: the same forces
 * (bitwise with the full list), counts and powers, and the sparse path was taken; the pass for
 * few contacts and the general one give the same bits; with the full list, 300 steps more give
 * the same bits and histories. */
static void test_simd_dilute(void **state) {
  (void)state;
  PackingSpec spec = packing_defaults();
  spec.type = PACKING_GAS, spec.n = 3000, spec.phi = 0.03, spec.ratio = 1.0, spec.spin = 0.5, spec.seed = 5;
  spec.radius = 0.5, spec.density = 6.0 / GD_PI, spec.temperature = 1.0, spec.threads = 2;
  Particles p0;
  Box b;
  packing_make(&spec, &p0, &b);
  for (int64_t i = 0; i < p0.n; i++) p0.radius[i] *= 1.05; /* some pairs in contact at once */
  const char *const text[] = {"hooke 2000 5 tangential linear_nohistory 0 0 damping velocity",
                              "hertz/material 1e5 0.5 0.3 tangential mindlin NULL 1.0 0.5 damping tsuji"};
  for (int t = 0; t < 2; t++) {
    ContactModel m[1];
    ErrList err = {0};
    assert_int_equal(model_parse(text[t], m, &err), 0);
    Sim ref = simd_sim(&p0, &b, m, 1, FORCE_HALF_REDUCE, true, false);
    assert_true(ref.last.contacts > 10);
    for (int st = 0; st < N_STRATEGY; st++) {
      Sim sc = simd_sim(&p0, &b, m, 1, (ForceStrategy)st, false, false);
      Sim v = simd_sim(&p0, &b, m, 1, (ForceStrategy)st, false, true);
      char what[400];
      snprintf(what, sizeof what, "%s [%s]", text[t], force_strategy_name((ForceStrategy)st));
      assert_true(v.work.sparse); /* few spheres in a pair: the sparse pass ran */
      assert_same_forces(&v, &sc, 1e-12, what);
      assert_same_forces(&v, &ref, 1e-12, what);
      if (st == FORCE_FULL && !same_forces_bits(&v, &sc)) fail_msg("%s: not bitwise the scalar kernel's", what);
      assert_int_equal(v.last.pairs, ref.last.pairs);
      assert_int_equal(v.last.contacts, ref.last.contacts);
      assert_rel(v.last.power_normal, ref.last.power_normal, 1e-12);
      assert_rel(v.last.power_tangential + v.last.power_friction, ref.last.power_tangential + ref.last.power_friction,
                 1e-12);
      if (st == FORCE_FULL) {
        /* Contacts begin and end over 300 steps (some 12 contact times; 100 in the sanitized
         * suites): the vector loop skips the steps where no lane of a group touches
         * (force_simd.h), and its histories must end with their contacts as the scalar kernel's
         * do; every field the same bits. */
        for (int k = 0; k < test_size(300, 100); k++) {
          const char *why = NULL;
          if (!sim_step(&v, &why) || !sim_step(&sc, &why)) fail_msg("%s: step %d: %s", what, k, why);
        }
        if (!same_state(&v, &sc)) fail_msg("%s: after the steps, not bitwise the scalar kernel's", what);
        assert_memory_equal(v.nl.hist, sc.nl.hist, (size_t)v.nl.start[v.p.n] * (size_t)v.nl.hsize * sizeof(double));
      }
      { /* the general pass and the one for few contacts (drive.c: positions packed, the changed
         * records flagged), on the same state: the same bits */
        const size_t by = (size_t)v.p.n * sizeof(double);
        const size_t hby = (size_t)v.nl.start[v.p.n] * (size_t)v.nl.hsize * sizeof(double);
        double *general = malloc(6 * by), *hist = malloc(hby + 1);
        memcpy(hist, v.nl.hist, hby); /* a sliding contact's pass rewrites its history: both start alike */
        v.work.last_contacts = v.p.n;
        sim_force(&v, false);
        double *const f[6] = {v.p.fx, v.p.fy, v.p.fz, v.p.tx, v.p.ty, v.p.tz};
        for (int c = 0; c < 6; c++) memcpy((char *)general + c * by, f[c], by);
        memcpy(v.nl.hist, hist, hby);
        v.work.last_contacts = 0;
        sim_force(&v, false);
        for (int c = 0; c < 6; c++)
          if (memcmp((char *)general + c * by, f[c], by)) fail_msg("%s: the few-contact pass differs from the general one", what);
        free(general);
        free(hist);
      }
      sim_free(&sc);
      sim_free(&v);
    }
    sim_free(&ref);
  }
  particles_free(&p0);
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
          snprintf(nrm, sizeof nrm, LOOP_NORMAL_TEXT[in], restitution ? 0.7 - 0.1 * t : 0.3 + 0.2 * t);
          snprintf(text[t], sizeof text[t], "%s tangential linear_nohistory %s damping %s%s", nrm,
                   zero_friction[(iz + t) % 3], LOOP_DAMPING_WORD[id], !cohesive && id % 3 == 1 ? " limit_damping" : "");
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
          assert_string_equal(sim_kernel_name(&fl), "vector, frictionless");
          assert_string_equal(sim_kernel_name(&gen), "vector");
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
    assert_string_equal(sim_kernel_name(&v), "vector");
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
  assert_string_equal(sim_kernel_name(&v), "vector");
  sim_free(&v);
  particles_free(&p0);
}

/* The loop is chosen once (plan.c): the environment overrides decide at sim_init, and changing
 * them afterwards changes neither the plan nor the results (half-reduce on one thread, so the
 * comparison is bitwise). */
static void test_plan_fixed_at_setup(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 500, 29);
  const ContactModel m = parse_ok("hertz/material 1e5 0.6 0.3 tangential linear_nohistory 0 0 damping tsuji");
  setenv("GRANDAMP_SIMD", "0", 1);
  const LoopPlan scalar = loop_plan(&m, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1);
  setenv("GRANDAMP_SIMD", "1", 1);
  const LoopPlan vec = loop_plan(&m, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1);
  setenv("GRANDAMP_FRICTIONLESS", "0", 1);
  const LoopPlan general = loop_plan(&m, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1);
  unsetenv("GRANDAMP_FRICTIONLESS");
  assert_string_equal(scalar.label, "scalar");
  assert_string_equal(vec.label, "vector, frictionless");
  assert_string_equal(general.label, "vector");
  assert_true(scalar.kernel != vec.kernel && vec.kernel != general.kernel && !scalar.pack && vec.pack);
  /* made with the frictionless vector loop; stepped with the environment asking for scalar */
  Sim a, c;
  Particles pa, pc;
  particles_copy(&pa, &p0);
  particles_copy(&pc, &p0);
  ContactModel *ma = malloc(sizeof *ma), *mc = malloc(sizeof *mc);
  *ma = *mc = m;
  sim_init(&a, &pa, &b, ma, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.05, 2e-3);
  sim_init(&c, &pc, &b, mc, 1, FORCE_HALF_REDUCE, false, LOOP_DOUBLE, 1, 0.05, 2e-3);
  unsetenv("GRANDAMP_SIMD");
  setenv("GRANDAMP_SIMD", "0", 1);
  setenv("GRANDAMP_FRICTIONLESS", "0", 1);
  const char *why = NULL;
  assert_true(sim_setup(&a, &why));
  for (int k = 0; k < 3; k++) assert_true(sim_step(&a, &why));
  unsetenv("GRANDAMP_SIMD");
  unsetenv("GRANDAMP_FRICTIONLESS");
  assert_true(sim_setup(&c, &why));
  for (int k = 0; k < 3; k++) assert_true(sim_step(&c, &why));
  assert_string_equal(sim_kernel_name(&a), "vector, frictionless");
  assert_true(a.plan.kernel == vec.kernel && a.plan.kind == LOOP_VECTOR_FRICTIONLESS);
  if (!same_state(&a, &c)) fail_msg("the environment changed the loop after setup");
  sim_free(&a);
  sim_free(&c);
  particles_free(&p0);
}

/* The "kernel" string of a run's JSON output. */
static void json_kernel(const char *json, char *out, size_t size) {
  const char *p = strstr(json, "\"kernel\": \"");
  if (!p) fail_msg("no kernel in:\n%s", json);
  p += strlen("\"kernel\": \"");
  size_t k = 0;
  while (p[k] && p[k] != '"' && k + 1 < size) out[k] = p[k], k++;
  out[k] = '\0';
}

/* Every entry point reports the plan's label: loop_plan, a simulation (run, forces, collide, the
 * bench and the verifier all make theirs with sim_init) and `grandamp run`'s JSON. */
static void test_plan_labels(void **state) {
  (void)state;
  const char *const models[] = {
      "hertz/material 1e5 0.5 0.3 tangential mindlin NULL 0.5 0.3 damping tsuji",
      "hertz/material 1e5 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji",
      "jkr 1e5 0.3 0.3 0.02 tangential linear_nohistory 0.5 0.3 damping velocity",
      "mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr 1",
  };
  const char *const fixed[][2] = {{NULL, "reference"}, {NULL, "reference"}, {"scalar", "reference"},
                                  {"mdr", "mdr reference"}};
  const int nm = (int)(sizeof models / sizeof *models);
  Particles p0;
  Box b;
  PackingSpec spec = packing_defaults();
  spec.n = 108;
  packing_make(&spec, &p0, &b);
  for (int k = 0; k < nm; k++)
    for (int ref = 0; ref < 2; ref++)
      for (int st = 0; st < N_STRATEGY; st++) {
        const ContactModel m = parse_ok(models[k]);
        const LoopPlan plan = loop_plan(&m, 1, (ForceStrategy)st, ref, LOOP_DOUBLE, 0);
        if (fixed[k][ref]) assert_string_equal(plan.label, fixed[k][ref]);
        assert_true(plan.full_list == (!ref && st == FORCE_FULL) || plan.kind == LOOP_REFERENCE);
        Sim s = fixture_sim(&p0, &b, models[k], (ForceStrategy)st, ref);
        assert_string_equal(sim_kernel_name(&s), plan.label);
        assert_true(s.nl.full == plan.full_list);
        sim_free(&s);
        if (st != FORCE_FULL) continue;
        CmdResult *r = malloc(sizeof *r);
        const char *args[] = {"run", "--packing", "fcc", "--n", "108", "--model", models[k], "--steps", "0",
                              "--strategy", "full", ref ? "--ref" : NULL, NULL};
        run_grandamp(r, args);
        assert_int_equal(r->status, 0);
        char got[64];
        json_kernel(r->out, got, sizeof got);
        assert_string_equal(got, plan.label);
        free(r);
      }
  particles_free(&p0);
}

const struct CMUnitTest simd_tests[] = {
    cmocka_unit_test(test_simd_matches_scalar),
    cmocka_unit_test(test_simd_frictionless),
    cmocka_unit_test(test_simd_dilute),
    cmocka_unit_test(test_plan_fixed_at_setup),
    cmocka_unit_test(test_plan_labels),
};
const size_t simd_ntests = sizeof simd_tests / sizeof *simd_tests;
