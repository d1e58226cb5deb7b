/*
 * law.h - the verifier's own normal force law: elastic force (cohesion included), damping
 * force, the limit_damping clamp and the touch test of one head-on contact, written from the
 * formulas (docs/models.md §1.4, §1.5, §2, §3, §4; the papers it names) and sharing no code or
 * header with src/. The continuous-time references (verify/oracle/reference.c, verify/oracle/ode_ref.c)
 * integrate this law, so a wrong force or damping law in src/ shows up as a failed case instead
 * of being integrated as the expectation. tests/verify/test_law.c checks that the two laws agree.
 *
 * The model is read from the same pair_coeff text the production run parses (docs/models.md
 * §7): the normal block (hooke, hertz, hertz/material, dmt, jkr), `damping` (none, velocity,
 * mass_velocity, viscoelastic, tsuji, tsuji/legacy, coeff_restitution; viscoelastic when
 * absent) and `limit_damping`. The tangential, rolling, twisting and heat blocks and `cutoff`
 * are read past: they do not act on a head-on contact's normal force. mdr is not a normal law
 * of this kind (stateful) and is refused.
 *
 * Sign conventions: δ > 0 is overlap, δ' = dδ/dt > 0 on approach (δ' = −vnnr), a positive
 * force pushes the bodies apart. SI units.
 */
#ifndef GD_VERIFY_LAW_H
#define GD_VERIFY_LAW_H

#include <stdbool.h>
#include <stddef.h>

#define LAW_PI 3.14159265358979323846

typedef enum LawNormal {
  LAW_HOOKE,          /**< F = k δ */
  LAW_HERTZ,          /**< F = k a δ, k given */
  LAW_HERTZ_MATERIAL, /**< F = k a δ, k = 4/3 E* */
  LAW_DMT,            /**< hertz/material − 4π γ R */
  LAW_JKR             /**< 4E* a³/(3R) − 4 sqrt(π γ E* a³), a from the JKR overlap relation */
} LawNormal;

/* In the order of the pair_coeff damping keywords as docs/models.md §3 lists them. */
typedef enum LawDamping {
  LAW_DAMP_NONE,              /**< η = 0 */
  LAW_DAMP_VELOCITY,          /**< η = d */
  LAW_DAMP_MASS_VELOCITY,     /**< η = d meff */
  LAW_DAMP_VISCOELASTIC,      /**< η = d meff a */
  LAW_DAMP_TSUJI,             /**< η = √2 α(e) sqrt(meff F_ne/δ) */
  LAW_DAMP_TSUJI_LEGACY,      /**< η = α(e) sqrt(meff F_ne/δ) */
  LAW_DAMP_COEFF_RESTITUTION  /**< η = c β(e) sqrt(meff F_ne/δ), c = 2 (hooke) or √5 */
} LawDamping;

/** One contact law, as read from a model text. */
typedef struct LawModel {
  LawNormal normal;
  LawDamping damping;
  double k;       /**< hooke [N/m], hertz [N/m²], material models 4/3 E* [Pa] */
  double Estar;   /**< effective modulus E/(2(1 − ν²)) of the material models [Pa] */
  double gamma;   /**< surface energy (dmt, jkr) [J/m²] */
  double damp;    /**< the normal block's damping number as written */
  double eta_of;  /**< the damping constant: d, or the factor in front of sqrt(meff F_ne/δ) */
  bool limit_damping;
} LawModel;

/** The normal force of one contact state. All 0 when the contact does not touch. */
typedef struct LawForce {
  bool touching;   /**< δ > 0, or jkr touching before and δ > −d_po */
  double a;        /**< contact radius [m] */
  double elastic;  /**< F_ne, cohesion included [N] */
  double eta;      /**< damping prefactor η_n [kg/s] */
  double damping;  /**< η_n δ' [N] */
  double sum;      /**< elastic + damping, before the clamp [N] */
  double total;    /**< the applied force: sum, or 0 where limit_damping clamps a pull [N] */
} LawForce;

#define LAW_N_NORMAL 5  /**< the normal laws, LawNormal's values */
#define LAW_N_DAMPING 7 /**< the damping laws, LawDamping's values */
/** The pair_coeff keyword of a normal law (hooke, ..., jkr) and its number of coefficients. */
const char *law_normal_name(LawNormal n);
int law_normal_coefficients(LawNormal n);
/** The pair_coeff keyword of a damping law (none, velocity, ..., coeff_restitution): the list the
 *  law reads, so that a test walks every law the oracle has without a copy of it. */
const char *law_damping_name(LawDamping d);

/** Reads a model text; false with a message in why (size why_size) when it cannot. */
bool law_parse(const char *text, LawModel *m, char *why, size_t why_size);

/** law_parse, or exit 2 with the message: a text the verifier writes must be readable. */
LawModel law_model(const char *text);

/** The force at overlap delta, rate delta_dot = dδ/dt, effective radius Reff and mass meff;
 *  touching_before: the contact touched at the previous evaluation (JKR hysteresis). */
LawForce law_force(const LawModel *m, double delta, double delta_dot, double Reff, double meff,
                   bool touching_before);

/** JKR pull-off distance d_po (> 0; 0 for every other model) [m]. */
double law_pulloff_distance(const LawModel *m, double Reff);

/** Elastic collision time at impact speed v0: π sqrt(meff/k) (hooke), else that of the Hertz
 *  spring with the same stiffness, cohesion left out; a scale for the integrators [s]. */
double law_elastic_time(const LawModel *m, double Reff, double meff, double v0);

/** JKR contact radius for an overlap delta >= −d_po (Newton, to machine precision) [m]. */
double law_jkr_radius(const LawModel *m, double delta, double Reff);

#endif
