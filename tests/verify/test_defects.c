/*
 * test_defects.c - the engines' known defects (verify/engines/defects.c): the list's grammar, and each
 * defect's prediction against the values the engines really gave in the reference run
 * (data/reference/verify-engines.csv and data/reference/verify.csv.gz, recorded from Debian's
 * LAMMPS 29Sep2021 and Yade 2023.02a): a defect that predicted something else would turn a real
 * known defect into a FAIL, and a prediction that matched anything would hide a broken engine.
 */
#include <stdlib.h>

#include "tests.h"

#include "defects.h"
#include "expect.h"
#include "law.h"
#include "rows.h"

static void defects_list_grammar(void **state) {
  (void)state;
  static Defects ds;
  char why[512];
  assert_true(defects_parse("# comment\n\nlammps xfail engine/lammps/*/tsuji/*/e tsuji-legacy too little damping\n"
                            "yade skip engine/yade/*/t_c - another law\n",
                            &ds, why, sizeof why));
  assert_int_equal(ds.n, 2);
  assert_int_equal(ds.d[0].predict, PREDICT_TSUJI_LEGACY);
  assert_string_equal(ds.d[0].reason, "too little damping");
  assert_true(ds.d[1].skip);
  assert_ptr_equal(defect_find(&ds, "lammps", "engine/lammps/hertz/tsuji/equal/e=0.5/v=1/N=50/e"), &ds.d[0]);
  assert_null(defect_find(&ds, "yade", "engine/lammps/hertz/tsuji/equal/e=0.5/v=1/N=50/e"));
  /* an xfail without a prediction, a skip with one, an unknown kind: refused with the line */
  assert_false(defects_parse("\nlammps xfail engine/* too little damping\n", &ds, why, sizeof why));
  assert_non_null(strstr(why, "line 2"));
  assert_false(defects_parse("yade skip engine/* en another law\n", &ds, why, sizeof why));
  assert_non_null(strstr(why, "a skip takes '-'"));
  assert_false(defects_parse("yade maybe engine/* - another law\n", &ds, why, sizeof why));
  assert_non_null(strstr(why, "neither xfail nor skip"));
  assert_false(defects_parse("yade xfail engine/*\n", &ds, why, sizeof why));
  /* the shipped list reads, and every xfail in it predicts something */
  assert_true(defects_load(&ds, why, sizeof why));
  assert_true(ds.n > 10);
  for (int k = 0; k < ds.n; k++) assert_true(ds.d[k].skip == (ds.d[k].predict == PREDICT_NOTHING));
}

static const Row *row_by_id(const char *id) {
  for (int k = 0; k < row_count(); k++) {
    char rid[64];
    row_id(row_at(k), rid, sizeof rid);
    if (!strcmp(rid, id)) return row_at(k);
  }
  return NULL;
}

/* Every XFAIL of the reference run's restitution matrix (121 cases of LAMMPS and Yade): the
 * engine's recorded value is the defect's prediction within the case's tolerance, and it is
 * not the correct expectation (else the defect would predict nothing). */
static void predictions_meet_the_recorded_engines(void **state) {
  (void)state;
  static Defects ds;
  char why[512];
  assert_true(defects_load(&ds, why, sizeof why));
  FILE *f = fopen("data/reference/verify-engines.csv", "r");
  assert_non_null(f);
  char line[1024];
  int checked = 0, not_run = 0;
  while (fgets(line, sizeof line, f)) {
    if (!strstr(line, ",XFAIL")) continue;
    if (strstr(line, ",\"\",")) { /* no version: the engine did not run, once counted XFAIL, now a FAIL */
      not_run++;
      continue;
    }
    /* engine,"version",case,normal,damping,param,x,target,v0,dt/tc,measured,expected,tol,status */
    char engine[32], name[192];
    const char *q = strchr(line, '"');
    q = q ? strchr(q + 1, '"') : NULL;
    assert_non_null(q);
    assert_int_equal(sscanf(line, "%31[^,]", engine), 1);
    assert_int_equal(sscanf(q + 2, "%191[^,]", name), 1);
    const char *p = q + 2;
    double num[7];
    for (int field = 0; field < 4; field++) p = strchr(p, ',') + 1; /* past case, normal, damping, param */
    for (int k = 0; k < 7; k++) {
      num[k] = strtod(p, NULL); /* x, target (may be empty), v0, dt/tc, measured, expected, tol */
      p = strchr(p, ',') + 1;
    }
    const double x = num[0], v0 = num[2], measured = num[4], expected = num[5], tol = num[6];
    char rid[64], geo[16];
    int N = 0;
    const char *after = name + strlen("engine/") + strlen(engine) + 1;
    const char *slash = strchr(strchr(after, '/') + 1, '/');
    snprintf(rid, sizeof rid, "%.*s", (int)(slash - after), after);
    assert_int_equal(sscanf(slash + 1, "%15[^/]", geo), 1);
    N = atoi(strstr(name, "/N=") + 3);
    const Row *r = row_by_id(rid);
    assert_non_null(r);
    const Geometry g = !strcmp(geo, "wall") ? GEO_WALL : !strcmp(geo, "unequal") ? GEO_UNEQUAL : GEO_EQUAL;
    const bool force_end = !strcmp(engine, "yade"), is_tc = strstr(name, "/t_c") != NULL;
    char text[512];
    row_model_text(r, x, g, v0, force_end, text, sizeof text);
    const LawModel law = law_model(text);
    const DefectCase dc = {.normal = r->normal, .damping = r->damping, .x = x, .wall = g == GEO_WALL,
                           .force_end = force_end, .is_tc = is_tc, .expected = expected, .law = &law,
                           .reff = setup_reff(g), .meff = setup_meff(g), .v0 = v0, .nu = NU};
    const Defect *d = defect_find(&ds, engine, name);
    if (!d) fail_msg("%s: XFAIL in the reference run, but no known defect matches it now", name);
    if (d->predict == PREDICT_NONFINITE) {
      assert_true(isnan(measured));
    } else {
      const double predicted = defect_predict(d, &dc);
      if (!(fabs(measured - predicted) <= tol * (1.0 + 1e-5)))
        fail_msg("%s: the engine gave %.10g, the defect (%s) predicts %.10g, tol %.3g (N=%d)", name, measured,
                 defect_prediction_name(d->predict), predicted, tol, N);
      assert_true(fabs(predicted - expected) > tol); /* a prediction that is the expectation says nothing */
    }
    checked++;
  }
  fclose(f);
  assert_int_equal(checked, 124);
  assert_int_equal(not_run, 0); /* Yade once outlasted t_run: one() runs 2 t_c */
}

/* The Chung & Ooi cases that have no law at hand use the closed forms: LAMMPS's tsuji on a plane
 * (test 3), Yade's Mindlin en (test 3) and its wall duration (test 2), against the reference run. */
static void predictions_meet_chung_ooi(void **state) {
  (void)state;
  static Defects ds;
  char why[512];
  assert_true(defects_load(&ds, why, sizeof why));
  DefectCase dc = {.normal = "hertz", .damping = "tsuji", .x = 0.2, .wall = true};
  const Defect *d = defect_find(&ds, "lammps", "engine/lammps/chung-ooi/3/al-oxide/hertz/tsuji/e_in=0.2/e");
  assert_non_null(d);
  assert_abs(defect_predict(d, &dc), 0.34269654303363573, 0.003);
  dc.x = 0.95;
  assert_abs(defect_predict(d, &dc), 0.9652005376942584, 0.003);
  dc = (DefectCase){.normal = "hertz", .damping = "coeff_restitution", .x = 0.4, .wall = true, .force_end = true};
  d = defect_find(&ds, "yade", "engine/yade/chung-ooi/3/cast-iron/hertz/coeff_restitution/e_in=0.4/e");
  assert_non_null(d);
  assert_abs(defect_predict(d, &dc), 0.39938242446852057, 0.003);
  dc = (DefectCase){.normal = "hertz", .damping = "none", .wall = true, .is_tc = true, .expected = 0.00073165664061868518};
  d = defect_find(&ds, "yade", "engine/yade/chung-ooi/2/al-alloy/hertz/t_c");
  assert_non_null(d);
  assert_abs(defect_predict(d, &dc), 0.0008377468535083946, 7.31657e-06);
  /* the same defect predicts nothing for a pair: the wall is its cause */
  dc.wall = false;
  assert_true(isnan(defect_predict(d, &dc)));
}

const struct CMUnitTest defects_tests[] = {
    cmocka_unit_test(defects_list_grammar),
    cmocka_unit_test(predictions_meet_the_recorded_engines),
    cmocka_unit_test(predictions_meet_chung_ooi),
};
const size_t defects_ntests = sizeof defects_tests / sizeof defects_tests[0];
