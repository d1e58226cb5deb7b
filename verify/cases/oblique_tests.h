/*
 * oblique_tests.h - Chung & Ooi (2011)'s tests 4 to 8 as data, shared by grandamp's cases
 * (cases_chung_ooi_oblique.c) and the engines' (verify/engines/cases_chung_ooi_oblique_engines.c):
 * the tests and their materials, the tangential models, one impact's start, its model text, the
 * continuous reference, the judged error and the closed forms (docs/verification.md §8a).
 */
#ifndef GD_VERIFY_OBLIQUE_TESTS_H
#define GD_VERIFY_OBLIQUE_TESTS_H

#include <stdbool.h>
#include <stddef.h>

#include "oblique_ref.h"

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct Material {
  const char *name;
  double E, nu, rho;
} Material;

typedef enum Vary { VARY_ANGLE, VARY_VT, VARY_SPIN, VARY_COUNTER_SPIN } Vary;

typedef struct ObliqueTest {
  int number;
  bool plane;
  double R, ratio_R, ratio_rho; /* sphere i's radius; j's radius and density over i's */
  double v;                     /* V (test 4: the resultant) or V_n [m/s] of sphere i against j */
  double mu, e;
  Vary vary;
  const double *values; /* angles [deg], V_t [m/s] or spins [rad/s] */
  int nvalues;
  Material materials[2];
} ObliqueTest;

#define N_OBLIQUE_TESTS 5
extern const ObliqueTest OBLIQUE_TESTS[N_OBLIQUE_TESTS];

/* The tangential models, with their x_gamma_t. */
typedef struct Tangential {
  const char *name;
  double xt;
  bool history;
} Tangential;
#define N_TANGENTIALS 11
extern const Tangential TANGENTIALS[N_TANGENTIALS];

#define STEPS_PER_TC 500.0
#define REF_STEPS (40.0 * STEPS_PER_TC)
/* Bound on the largest velocity error over mu (1 + e) V_n: C dt/t_c (first order: the history is
 * advanced with the half-step slip and the stick-slip switch falls within a step). Over tests 4-8
 * at dt = t_c/500 the worst error was 1.1 dt/t_c, except mindlin and mindlin_rescale with
 * x_gamma_t > 0: their displacement history holds the dashpot's share of a capped force divided
 * by k_t a, which diverges at the onset (a = 0), and both the loops and the reference converge
 * at first order with a constant of 15 (test 6, aluminium alloy, 1.5 rad/s: N = 500, 2000
 * against the reference at 80000 steps per t_c). */
#define OBLIQUE_C 2.0
#define OBLIQUE_C_DAMPED_DISPLACEMENT 32.0

/* One impact: the start of the run and its outcome. */
typedef struct Impact {
  double vn, vt0, wi0, wj0;
  double Ri, Rj, mi, mj;
} Impact;

/** The start of one impact of test t on material m at the varied value (angle, V_t or spin). */
Impact impact_of(const ObliqueTest *t, const Material *m, double value);
/** The case name of one impact: PREFIXchung-ooi/TEST/MATERIAL/MODEL[/x0|/x1]/VARIED=VALUE. */
void impact_name(const char *prefix, const ObliqueTest *t, const Material *m, const Tangential *tg, double value,
                 char *buf, size_t size);
/** The model text of one material and tangential model with the damping model `damping` (an
 *  e-input model, or none); returns the tangential stiffness it writes. */
double oblique_model_text(const ObliqueTest *t, const Material *m, const Tangential *tg, const char *damping,
                          char *text, size_t size);
/** One impact of the model text through the production loops (grandamp's collide, the verifier's
 *  threads and precision, dt = t_c/STEPS_PER_TC, the self-test's fault applied); false with why
 *  when it did not run. */
struct Verifier;
struct CollideResult;
bool impact_run(const struct Verifier *v, const char *text, const Impact *im, bool plane, struct CollideResult *r,
                const char **why);
/** The continuous reference of one impact of the model text (dies when it does not end); full_arm:
 *  a pair's torque on the full radii (the legacy styles; ObliqueImpact). */
ObliqueResult reference_of(const ObliqueTest *t, const char *text, const Impact *im, bool full_arm);

/* What the plots take of one impact. */
typedef struct Outcome {
  double e, vt, wi, wj;
} Outcome;

/** The kinetic energy of an impact's relative motion, m* |v|^2/2 with m* the reduced mass (the
 *  sphere's on a plane), and of the spins, (2/5) m R^2 w^2/2 each [J]: before it (o NULL), or after
 *  it with the relative speed vx along x (the start's line of centres) and the outcome's V_t'. */
double impact_energy(const Impact *im, bool plane, double vx, const Outcome *o);
/** The integrator's bound on the energy an impact may seem to gain [J] (docs/verification.md §8b).
 *  In continuous time no contact law here creates energy over a whole contact (the dashpots and
 *  the Coulomb slider dissipate, the springs return at most what they stored, and what a
 *  tangential spring holds at separation is lost). A stepped outcome q differs from the
 *  continuous one by at most d_q, so |q^2 - q_c^2| <= d_q (2 |q| + d_q): the normal speed's
 *  d_n = de V_n (de the bound on e), V_t' and each R w' d_t = dv mu (1 + e) V_n (dv the oblique
 *  bound C dt/t_c); a pair's line of centres turns, so its x and y speeds take d_n + d_t each. */
double energy_gain_bound(const Impact *im, bool plane, double vx, const Outcome *o, double mu, double e, double de,
                         double dv);

/** The judged error of an impact: the largest of |dV_t|, R_i |dw_i| and R_j |dw_j| over the
 *  gross-sliding impulse per mass mu (1 + e) V_n. */
double oblique_error(const ObliqueTest *t, const Impact *im, const Outcome *a, const Outcome *b);
/** The bound's constant C of the error, C dt/t_c, for the tangential model. */
double bound_c(const Tangential *tg);
/* The closed form that applies to an impact, if any: test 5's gross sliding (e = 1: the normal
 * force never pulls; the cap holds the whole contact once V_t >= 8 mu V_n, past the rigid
 * body's 7 mu V_n), test 7's no slip (nothing changes). */
typedef enum Closed { CLOSED_NONE, CLOSED_SLIDING, CLOSED_NO_SLIP } Closed;
Closed closed_form_of(const ObliqueTest *t, const Impact *im);
extern const char *const CLOSED_NAMES[3];

#endif
