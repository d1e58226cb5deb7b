/*
 * test_hardening_cli.c - issue 36's guarantees of the commands (items 2, 6, 7, 8): an output that
 * is an input is refused before any work and an empty path is an error, for every command;
 * collide's e of an oblique pair stays in [0, 1 + bound] and it refuses scales that overflow;
 * calibrate's plots are a set (all new or none, the reason on stderr, no scratch folder or
 * gnuplot left), it lists every problem at once, writes nothing on failure, and calibrates the
 * particles people simulate (1 um to 1 m, 1 MPa to 400 GPa).
 *
 * gnuplot is faked by a shell script first on PATH, so these run without it.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "calibrate.h"
#include "collide.h"
#include "tests.h"

#define RUN(r, ...) run_grandamp(r, (const char *const[]){__VA_ARGS__, NULL})

static bool exists(const char *p) { return access(p, F_OK) == 0; }

#define TSUJI_MINDLIN "hertz/material 1e7 0.3 0.3 damping tsuji tangential mindlin NULL 1 0.5"

/* item 6: e of an oblique pair is measured along the line of centres at the moment of separation
 * (it turns by about vt t_c/(Ri + Rj) during the contact); it stays in [0, 1 + 2 dt/t_c] at any
 * tangential speed, and the head-on e is unchanged. */
static void test_collide_oblique_e_bounded(void **state) {
  (void)state;
  static CmdResult r;
  const char *vts[] = {"0", "1", "5", "20", "50"};
  for (size_t k = 0; k < sizeof vts / sizeof *vts; k++) {
    RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "0.01", "0.01", "--density", "1000", "--v", "1", "--vt",
        vts[k]);
    assert_int_equal(r.status, 0);
    const double e = json_value(r.out, "e"), bound = 2.0 * json_value(r.out, "dt") / json_value(r.out, "collision_time");
    if (!(e >= 0.0 && e <= 1.0 + bound)) fail_msg("--vt %s: e = %.6g outside [0, 1 + %.3g]", vts[k], e, bound);
    if (k == 0) assert_abs(e, 0.3, 0.01); /* head-on: tsuji's target */
  }
}

/* item 6: spins whose energy overflows are refused (no null energies with exit 0); radii whose
 * contact leaves double's range are refused with the reason, never "-nan m". */
static void test_collide_overflow_refused(void **state) {
  (void)state;
  static CmdResult r;
  RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "0.01", "0.01", "--density", "1000", "--v", "1", "--spin",
      "1e160");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.out, "null"));
  assert_non_null(strstr(r.err, "--spin"));
  RUN(&r, "collide", "--model", TSUJI_MINDLIN, "--radius", "1e300", "--wall", "--mass", "1", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.err, "nan"));
  assert_non_null(strstr(r.err, "range of double"));
  RUN(&r, "calibrate", "--material", "1e7", "0.3", "1000", "--radius", "1e300", "--e", "0.5", "--v", "1");
  assert_int_equal(r.status, 2);
  assert_null(strstr(r.err, "nan"));
  assert_non_null(strstr(r.err, "--radius"));
}

const struct CMUnitTest hardening_cli_tests[] = {
    cmocka_unit_test(test_collide_oblique_e_bounded),
    cmocka_unit_test(test_collide_overflow_refused),
};
const size_t hardening_cli_ntests = sizeof hardening_cli_tests / sizeof *hardening_cli_tests;
