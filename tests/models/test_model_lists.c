/*
 * test_model_lists.c - the model lists (normal.h, damping.h, tangential.h) are the one source
 * of truth: the parser, the combination predicate and the kernel tables agree on them, and
 * every combination the parser accepts has a benchmark row and verifier cases. A model row
 * added without its bench coefficients or its verifier expectation fails here.
 */
#include <dirent.h>
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


/* ---- the files a new damping model touches (docs/adding-a-damping-model.md, section 4) ---- */

static const char *const DAMPING_KEYWORDS[] = {
#define X(ID, id, name, nc, fl, form) name,
    DAMPING_MODELS(X)
#undef X
};
static const char *const DAMPING_ENUMS[] = {
#define X(ID, id, name, nc, fl, form) #ID,
    DAMPING_MODELS(X)
#undef X
};

/* How many damping models path names: by its quoted keyword, its DAMPING_ id or the oracle's
 * LAW_DAMP_ id. */
static int models_named(const char *path) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char text[1 << 20];
  const size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  int named = 0;
  for (int d = 0; d < N_DAMPING; d++) {
    char quoted[64], id[64], law[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", DAMPING_KEYWORDS[d]);
    snprintf(id, sizeof id, "DAMPING_%s", DAMPING_ENUMS[d]);
    snprintf(law, sizeof law, "LAW_DAMP_%s", DAMPING_ENUMS[d]);
    bool found = strstr(text, quoted) != NULL;
    for (const char *ids[] = {id, law}, **p = ids; !found && p < ids + 2; p++)
      for (const char *at = text; !found && (at = strstr(at, *p)) != NULL; at += strlen(*p)) {
        const char next = at[strlen(*p)]; /* DAMPING_TSUJI is not DAMPING_TSUJI_LEGACY */
        found = !(next == '_' || (next >= 'A' && next <= 'Z'));
      }
    named += found;
  }
  return named;
}

typedef struct TouchedTable {
  char file[32][128];
  char role[32][24]; /* write, recommended, no */
  int n, stated;     /* rows; the "**N files** to write" of the text */
} TouchedTable;

static void touched_table(TouchedTable *t) {
  FILE *f = fopen("docs/adding-a-damping-model.md", "r");
  assert_non_null(f);
  char line[1024];
  bool in = false;
  t->n = 0, t->stated = -1;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "## ", 3)) in = strstr(line, "Files touched") != NULL;
    if (!in) continue;
    char file[128], role[16];
    if (sscanf(line, "| `%127[^`]` | %15[a-z]", file, role) == 2) {
      assert_true(t->n < 32);
      snprintf(t->file[t->n], sizeof t->file[0], "%s", file);
      snprintf(t->role[t->n++], sizeof t->role[0], "%s", role);
    }
    const char *stated = strstr(line, "**");
    int k;
    if (t->stated < 0 && stated && sscanf(stated, "**%d files** to write", &k) == 1) t->stated = k;
  }
  fclose(f);
}

/* Every source file of dir (and its folders) that names six or more damping models, into found. */
static void per_model_files(const char *dir, char found[64][256], int *nfound) {
  DIR *d = opendir(dir);
  if (!d) fail_msg("cannot open %s (run from the repository root)", dir);
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    char path[256];
    if (snprintf(path, sizeof path, "%s/%.200s", dir, e->d_name) >= (int)sizeof path) fail_msg("%s: path too long", dir);
    const size_t len = strlen(e->d_name);
    const bool source = (len > 2 && (!strcmp(e->d_name + len - 2, ".c") || !strcmp(e->d_name + len - 2, ".h"))) ||
                        (len > 4 && !strcmp(e->d_name + len - 4, ".cpp"));
    if (!source) {
      DIR *sub = opendir(path);
      if (sub) closedir(sub), per_model_files(path, found, nfound);
      continue;
    }
    if (models_named(path) >= 6) {
      assert_true(*nfound < 64);
      snprintf(found[(*nfound)++], 256, "%s", path);
    }
  }
  closedir(d);
}

/* The page's table of files is the tree's: each file that names six or more damping models (a
 * place a new model may need) is in it, each file to write names them (it has an entry per model),
 * and the count the text states is the table's count of files to write. */
static void test_adding_a_model_files_are_the_trees(void **state) {
  (void)state;
  TouchedTable t;
  touched_table(&t);
  assert_true(t.n >= 5);
  int write = 0;
  for (int k = 0; k < t.n; k++) {
    if (strcmp(t.role[k], "write") && strcmp(t.role[k], "recommended") && strcmp(t.role[k], "no"))
      fail_msg("docs/adding-a-damping-model.md: %s: role '%s' is not write, recommended or no", t.file[k], t.role[k]);
    if (strcmp(t.role[k], "write")) continue;
    write++;
    if (models_named(t.file[k]) < 6)
      fail_msg("%s is a file to write for a new damping model but names %d of them", t.file[k], models_named(t.file[k]));
  }
  if (t.stated != write)
    fail_msg("docs/adding-a-damping-model.md says **%d files** to write; its table has %d", t.stated, write);
  char found[64][256];
  int nfound = 0;
  for (const char *dirs[] = {"src", "verify", "bench"}, **d = dirs; d < dirs + 3; d++) per_model_files(*d, found, &nfound);
  for (int k = 0; k < nfound; k++) {
    bool listed = false;
    for (int q = 0; q < t.n && !listed; q++) listed = !strcmp(found[k], t.file[q]);
    if (!listed)
      fail_msg("%s names %d damping models but docs/adding-a-damping-model.md's table of files lacks it", found[k],
               models_named(found[k]));
  }
}

const struct CMUnitTest model_lists_tests[] = {
    cmocka_unit_test(test_parser_predicate_and_tables_agree),
    cmocka_unit_test(test_none_is_velocity_with_zero_damp),
    cmocka_unit_test(test_bench_has_every_combination),
    cmocka_unit_test(test_verifier_has_every_combination),
    cmocka_unit_test(test_adding_a_model_files_are_the_trees),
};
const size_t model_lists_ntests = sizeof model_lists_tests / sizeof *model_lists_tests;
