/*
 * test_model_lists.c - the model lists (normal.h, damping.h, tangential.h) are the one source
 * of truth: the parser, the combination predicate and the kernel tables agree on them, and
 * every combination the parser accepts has a benchmark row and verifier cases. A model row
 * added without its bench coefficients or its verifier expectation fails here.
 */
#include <stdlib.h>
#include <unistd.h>

#include "force_simd.h"
#include "tests.h"

/* pair_coeff coefficients of each normal model (the restitution models read damp 0.5 as e). */
static const char *normal_coeffs(NormalModel nm) {
  switch (nm) {
  case NORMAL_HOOKE: return "2000 0.5";
  case NORMAL_HERTZ: return "4e4 0.5";
  case NORMAL_HERTZ_MATERIAL: return "1e5 0.5 0.3";
  case NORMAL_DMT:
  case NORMAL_JKR: return "1e5 0.5 0.3 0.02";
  case NORMAL_MDR: return "5.0e6 0.4 1.9e5 2.0 0.5 0.5";
  case N_NORMAL: break;
  }
  return NULL;
}

static const char *const NORMAL_IDS[] = {
#define X(ID, id, name, nc, fl, cn, kern) #id,
    NORMAL_MODELS(X)
#undef X
};
static const char *const DAMPING_IDS[] = {
#define X(ID, id, name, nc, fl, form) #id,
    DAMPING_MODELS(X)
#undef X
};
static const int DAMPING_NCOEFF[] = {
#define X(ID, id, name, nc, fl, form) nc,
    DAMPING_MODELS(X)
#undef X
};

/* Whether the parser accepts normal nm with damping dm (tangential linear_history). */
static bool parser_accepts(NormalModel nm, DampingModel dm) {
  const char *coeffs = normal_coeffs(nm);
  if (!coeffs) fail_msg("normal model %s has no coefficients in this test: add them", normal_name(nm));
  char text[256];
  snprintf(text, sizeof text, "%s %s tangential linear_history 800 0.5 0.3 damping %s%s", normal_name(nm), coeffs,
           damping_name(dm), DAMPING_NCOEFF[dm] == 1 ? " 1" : "");
  ContactModel m;
  ErrList err = {0};
  const int nerr = model_parse(text, &m, &err);
  errlist_free(&err);
  return nerr == 0;
}

/* The parser's check is model_combo_allowed; a kernel exists exactly for the allowed
 * combinations on a normal model whose row has kernels, and one per damping form. */
static void test_parser_predicate_and_tables_agree(void **state) {
  (void)state;
  setenv("GRANDAMP_SIMD", "1", 1); /* the vector table answers whatever the build's default */
  int allowed = 0;
  for (int n = 0; n < N_NORMAL; n++)
    for (int d = 0; d < N_DAMPING; d++) {
      const NormalModel nm = (NormalModel)n;
      const DampingModel dm = (DampingModel)d;
      const bool ok = model_combo_allowed(nm, dm);
      if (parser_accepts(nm, dm) != ok)
        fail_msg("%s + %s: the parser %s it, model_combo_allowed %s", normal_name(nm), damping_name(dm),
                 ok ? "refuses" : "accepts", ok ? "allows" : "does not");
      allowed += ok;
      const unsigned nf = normal_model_flags(nm);
      for (int t = 0; t < N_TANGENTIAL; t++)
        for (int s = 0; s < N_STRATEGY; s++) {
          const TangentialModel tm = (TangentialModel)t;
          const ForceStrategy st = (ForceStrategy)s;
          const bool scalar = force_scalar_kernel(nm, dm, tm, st) != NULL;
          const bool vector = force_simd_kernel(nm, dm, tm, st) != NULL;
          if (scalar != (ok && (nf & NFLAG_SCALAR_KERNELS)) || vector != (ok && (nf & NFLAG_VECTOR_KERNELS)))
            fail_msg("%s + %s + %s: scalar kernel %d, vector kernel %d, allowed %d", normal_name(nm), damping_name(dm),
                     tangential_name(tm), scalar, vector, ok);
        }
      /* the models of one form share a kernel; models of different forms do not */
      for (int e = 0; e < N_DAMPING && ok && (nf & NFLAG_SCALAR_KERNELS); e++) {
        const DampingModel em = (DampingModel)e;
        if (!model_combo_allowed(nm, em)) continue;
        const bool same = force_scalar_kernel(nm, dm, TANGENTIAL_MINDLIN, FORCE_FULL) ==
                          force_scalar_kernel(nm, em, TANGENTIAL_MINDLIN, FORCE_FULL);
        if (same != (damping_form(dm) == damping_form(em)))
          fail_msg("%s: %s and %s %s one kernel", normal_name(nm), damping_name(dm), damping_name(em),
                   same ? "share" : "do not share");
      }
    }
  unsetenv("GRANDAMP_SIMD");
  assert_true(allowed >= 30); /* 29 combinations with kernels, and mdr + mdr */
  /* the flags the kernels read from the form agree with the rows */
  for (int d = 0; d < N_DAMPING; d++) {
    const DampingModel dm = (DampingModel)d;
    assert_int_equal(!!(damping_model_flags(dm) & DFLAG_CONTACT_RADIUS), damping_form(dm) == DFORM_VISCO);
    assert_int_equal(damping_form(damping_form_model(damping_form(dm))), damping_form(dm));
  }
}

/* none runs the constant form with D = +0.0: the same bits as velocity with damp 0. */
static void test_none_is_velocity_with_zero_damp(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 400, 5);
  for (int v = 0; v < 2; v++) {
    setenv("GRANDAMP_SIMD", v ? "1" : "0", 1);
    Sim a = fixture_sim(&p0, &b, "hertz/material 1e5 0.3 0.3 tangential mindlin 2e4 0.5 0.3 damping none",
                        FORCE_HALF_REDUCE, false);
    Sim c = fixture_sim(&p0, &b, "hertz/material 1e5 0 0.3 tangential mindlin 2e4 0.5 0.3 damping velocity",
                        FORCE_HALF_REDUCE, false);
    for (int k = 0; k < 3; k++) {
      sim_step(&a, &(const char *){NULL});
      sim_step(&c, &(const char *){NULL});
    }
    assert_true(a.last.contacts > 0);
    assert_true(same_state_bits(&a, &c));
    assert_memory_equal(&a.last.power_normal, &c.last.power_normal, sizeof(double));
    assert_memory_equal(&a.last.power_tangential, &c.last.power_tangential, sizeof(double));
    sim_free(&a);
    sim_free(&c);
  }
  unsetenv("GRANDAMP_SIMD");
  particles_free(&p0);
}

/* Whether a line of list (its name: after the first space, if any) starts with prefix: the
 * benchmark "model/<normal>/<damping>/...", the verifier's "group restitution/<normal>/<damping>/..."
 * and "group mdr/restitution/<damping>_<d_type>...". */
static bool has_prefix_line(const char *list, const char *prefix) {
  for (const char *line = list; line && *line;) {
    const char *end = strchr(line, '\n');
    const char *name = line;
    const char *sp = memchr(line, ' ', end ? (size_t)(end - line) : strlen(line));
    if (sp) name = sp + 1; /* the verifier prints "group name" */
    if (strncmp(name, prefix, strlen(prefix)) == 0) return true;
    line = end ? end + 1 : NULL;
  }
  return false;
}

/* The name prefix of damping model dm after head in a listing: head damping/, or for a model
 * with a d_type (mdr) head damping_ (the d_type follows). */
static void combo_prefix(const char *head, DampingModel dm, char *buf, size_t size) {
  snprintf(buf, size, "%s%s%s", head, DAMPING_IDS[dm], DAMPING_NCOEFF[dm] ? "_" : "/");
}

static void test_bench_has_every_combination(void **state) {
  (void)state;
  /* make test sets GRANDAMP_BENCH_BIN; make race builds no bench harness (C++, Google Benchmark) */
  const char *bin = getenv("GRANDAMP_BENCH_BIN");
  if (!bin && access("build/grandamp_bench", X_OK) != 0) skip();
  CmdResult *r = malloc(sizeof *r);
  run_program(r, bin ? bin : "build/grandamp_bench", (const char *const[]){"--benchmark_list_tests", NULL});
  assert_int_equal(r->status, 0);
  for (int n = 0; n < N_NORMAL; n++)
    for (int d = 0; d < N_DAMPING; d++) {
      if (!model_combo_allowed((NormalModel)n, (DampingModel)d)) continue;
      char head[64], prefix[128];
      snprintf(head, sizeof head, "model/%s/", NORMAL_IDS[n]);
      combo_prefix(head, (DampingModel)d, prefix, sizeof prefix);
      if (!has_prefix_line(r->out, prefix))
        fail_msg("%s + %s: no benchmark %s... (bench/bench.cpp: normal_text, model_rows)",
                 normal_name((NormalModel)n), damping_name((DampingModel)d), prefix);
    }
  free(r);
}

static void test_verifier_has_every_combination(void **state) {
  (void)state;
  const char *bin = getenv("GRANDAMP_VERIFY_BIN");
  CmdResult *r = malloc(sizeof *r);
  run_program(r, bin ? bin : "build/grandamp_verify", (const char *const[]){"--list", "--quick", NULL});
  assert_int_equal(r->status, 0);
  for (int n = 0; n < N_NORMAL; n++)
    for (int d = 0; d < N_DAMPING; d++) {
      const NormalModel nm = (NormalModel)n;
      if (!model_combo_allowed(nm, (DampingModel)d)) continue;
      char head[64], prefix[128];
      if (normal_model_flags(nm) & NFLAG_MDR) /* its own cases (verify/cases/cases_mdr.c) */
        snprintf(head, sizeof head, "%s/restitution/", NORMAL_IDS[n]);
      else snprintf(head, sizeof head, "restitution/%s/", NORMAL_IDS[n]);
      combo_prefix(head, (DampingModel)d, prefix, sizeof prefix);
      if (!has_prefix_line(r->out, prefix))
        fail_msg("%s + %s: no verifier case %s... (verify/cases/rows.c: its expectation)", normal_name(nm),
                 damping_name((DampingModel)d), prefix);
    }
  free(r);
}

const struct CMUnitTest model_lists_tests[] = {
    cmocka_unit_test(test_parser_predicate_and_tables_agree),
    cmocka_unit_test(test_none_is_velocity_with_zero_damp),
    cmocka_unit_test(test_bench_has_every_combination),
    cmocka_unit_test(test_verifier_has_every_combination),
};
const size_t model_lists_ntests = sizeof model_lists_tests / sizeof *model_lists_tests;
