/*
 * tests.h - shared helpers of the grandamp unit tests (cmocka).
 *
 * Each tests/<concern>/test_<area>.c defines <area>_tests[] and <area>_ntests; test_main.c runs
 * them one concern (a cmocka group) after another and ends with the whole run's count.
 */
#ifndef GD_TESTS_H
#define GD_TESTS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* skip() counted, so that the run's last line can say how many passed (test_main.c). */
void tests_note_skip(void);
#undef skip
#define skip() (tests_note_skip(), _skip(__FILE__, __LINE__))

/* Tags in a test's name ("slow:name"), for the sanitized builds (GRANDAMP_TEST_SKIP, set by the
 * Makefile's test and race targets); the normal suite runs every test:
 *   slow:   long, and its code is what shorter tests run too (a sweep of every fault, of every
 *           row): no sanitizer sees anything there that it does not see elsewhere;
 *   repeat: the same run again at other thread counts, to compare the figures bit for bit (the
 *           normal suite's check); the loops' threads are what the shorter 1-vs-2-thread tests
 *           run under ThreadSanitizer too;
 *   serial: no parallel region of its own (the command line, files, signals, comparisons):
 *           ThreadSanitizer has nothing to see, AddressSanitizer keeps it. */
#define tagged_test(tag, f) {#tag ":" #f, f, NULL, NULL, NULL}
#define tagged_test_setup_teardown(tag, f, setup, teardown) {#tag ":" #f, f, setup, teardown, NULL}

/* Every test group, in the order test_main.c runs them: X(concern, area) for the array
 * area_tests[] and its length area_ntests of tests/<concern>/test_<area>.c. A new test file adds
 * its line here, and only here. */
#define TEST_GROUPS(X) \
  X(base, numparse) \
  X(base, layout) \
  X(base, proc) \
  X(models, normal) \
  X(models, damping) \
  X(models, model) \
  X(models, mixing) \
  X(models, tangential) \
  X(models, mdr) \
  X(models, model_lists) \
  X(loop, kernels) \
  X(loop, simd) \
  X(loop, mixed) \
  X(loop, lists) \
  X(loop, determinism) \
  X(sim, packing) \
  X(sim, mdr_run) \
  X(sim, calibrate) \
  X(sim, results) \
  X(io, datafile) \
  X(io, output) \
  X(io, readers) \
  X(io, fuzz_regress) \
  X(cli, help) \
  X(cli, commands) \
  X(cli, cli) \
  X(cli, hardening_cli) \
  X(cli, hardening_gas) \
  X(cli, plots) \
  X(cli, report) \
  X(cli, first_hour) \
  X(cli, load) \
  X(verify, verify) \
  X(verify, verify_output) \
  X(verify, ode_ref) \
  X(verify, oblique_ref) \
  X(verify, kharaz_energy) \
  X(verify, law) \
  X(verify, gas_theory) \
  X(verify, edmd) \
  X(verify, defects) \
  X(engines, engine_lammps) \
  X(engines, engine_yade) \
  X(engines, engine_liggghts) \
  X(engines, engines_cli) \
  X(engines, fake_engines) \
  X(engines, engine_io)

#define TEST_GROUP_DECLARE(concern, area)                                                      \
  extern const struct CMUnitTest area##_tests[];                                               \
  extern const size_t area##_ntests;
TEST_GROUPS(TEST_GROUP_DECLARE)

/** n, or small in the sanitized suites (GRANDAMP_TEST_SMALL=1, which make test SAN=1 and make
 *  race set): a sweep over every model, strategy and thread count keeps all of them and runs them
 *  on fewer spheres or steps, where the sanitizers see the same code (they slow it 10 to 30 times). */
int64_t test_size(int64_t n, int64_t small);

/* Relative closeness |a - b| <= tol * max(|a|, |b|), or |a - b| <= tol when both are tiny. */
static inline bool rel_close(double a, double b, double tol) {
  if (a == b) return true;
  const double scale = fmax(fabs(a), fabs(b));
  return fabs(a - b) <= tol * (scale > 1e-300 ? scale : 1.0);
}

#define assert_rel(actual, expected, tol)                                                      \
  do {                                                                                         \
    const double a_ = (actual), e_ = (expected);                                               \
    if (!rel_close(a_, e_, (tol)))                                                             \
      fail_msg("%s = %.17g, expected %.17g (rel. diff %.3g > %.3g)", #actual, a_, e_,          \
               fabs(a_ - e_) / fmax(fabs(e_), 1e-300), (double)(tol));                         \
  } while (0)

/** |actual - expected| <= tol (an absolute tolerance), with both values in the message. */
#define assert_abs(actual, expected, tol)                                                      \
  do {                                                                                         \
    const double a_ = (actual), e_ = (expected);                                               \
    if (!(fabs(a_ - e_) <= (tol)))                                                             \
      fail_msg("%s = %.17g, expected %.17g (diff %.3g > %.3g)", #actual, a_, e_, a_ - e_,      \
               (double)(tol));                                                                 \
  } while (0)

/* Result of running build/grandamp with arguments. */
typedef struct CmdResult {
  int status;   /* exit status, or -1 if it did not exit normally */
  char out[65536];
  char err[65536];
} CmdResult;

/* Runs $GRANDAMP_BIN (default build/grandamp) with the NULL-terminated argument list. */
void run_grandamp(CmdResult *r, const char *const *args);
/* Runs bin with the NULL-terminated argument list (output past the buffers is dropped). */
void run_program(CmdResult *r, const char *bin, const char *const *args);
/** The verifier binary: $GRANDAMP_VERIFY_BIN, else build/grandamp_verify. */
const char *verify_bin(void);
/** Runs the verifier's quick subset (--quick --no-lammps) into a new folder under /tmp (its name
 *  into dir) with the extra arguments (NULL-terminated, at most 11). */
void run_verify_quick(CmdResult *r, const char *const *extra, char *dir, size_t n);
/* The number after "key": in a JSON text (fails the test if the key is missing). */
double json_value(const char *json, const char *key);
/* cmocka setup and teardown: a private directory for the test, removed with its files after. */
int test_dir_setup(void **state);
int test_dir_teardown(void **state);
/* <the test's directory>/name (valid for the next three calls). */
const char *test_path(const char *name);
/* Writes grandamp's FCC packing of n spheres (touching, 12 neighbours each) to path as a LAMMPS
 * data file, as the engines' timing runs read them (fails the test otherwise). */
void write_fcc_data(const char *path, long n);
/* The engines' live gas runs: grandamp's gas of n unit spheres (m = sigma = 1, T0 = 1) at path,
 * and the translational kinetic energy grandamp's own run of it ends with (model text pc, steps
 * at dt 3e-4, skin 0.3), the engine's to compare with. */
#define LIVE_GAS_MODEL "hooke 2e4 14.17 tangential linear_nohistory 0 0 damping velocity"
void write_gas_data(const char *path, long n);
double own_gas_ke(const char *path, const char *pc, long steps);
#include "engine.h"
/** The live gas runs' set-up: 1000 spheres, LIVE_GAS_MODEL taken apart for the engines that need
 *  it, 400 steps of 3e-4 in outputs of 100. */
EngineGas live_gas_spec(void);
/** g (its data_file set here) through engine eng on a gas of g.atoms spheres written in a scratch
 *  folder (removed after), and *own, grandamp's own kinetic energy of that gas after g.steps
 *  steps of own_model at dt 3e-4; false with why when the engine's run failed. When it ran: one
 *  output per `every` steps from t = 0, and KE(0) = 3N/2 (T0 = 1) to 1e-12, asserted. */
bool live_gas(const Engine *eng, EngineGas g, const char *own_model, EngineGasResult *res, double *own, char *why,
              size_t why_size);
/* Parses a model text that must be valid (fails the test otherwise). */
struct ContactModel parse_ok(const char *text);

/* Pair-loop fixtures (pairloop_fixtures.c). */
#include "sim.h"
extern const char *const LOOP_NORMAL_TEXT[5];   /* printf formats taking the damp coefficient */
extern const char *const LOOP_DAMPING_WORD[N_DAMPING]; /* by DampingModel */
extern const char *const LOOP_TANG_TEXT[6];
/** A small polydisperse packing with overlaps and motion. */
void small_packing(Particles *p, Box *b, int64_t n, uint64_t seed);
/** The same packing built on the given thread count (0: the OpenMP default). */
void small_packing_threads(Particles *p, Box *b, int64_t n, uint64_t seed, int threads);
/** The model text of combination (normal in, damping id, tangential it); false if refused. */
bool model_text(int in, int id, int it, char *text, size_t size);
/** A copy of src set up with one model and strategy (ref: the `_ref` loop). */
Sim fixture_sim(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref);
/** fixture_sim on threads threads (0: the OpenMP default). */
Sim fixture_sim_threads(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref, int threads);
/** fixture_sim_threads in precision prec (--precision). */
Sim fixture_sim_precision(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref,
                          LoopPrecision prec, int threads);
/** Forces and torques of a and b agree per atom: |d| <= tol (|f_i| + mean |f|). */
void assert_same_forces(const Sim *a, const Sim *b, double tol, const char *what);
/** Same positions and velocities, forces and torques bit for bit. */
bool same_state_bits(const Sim *a, const Sim *c);

#endif
