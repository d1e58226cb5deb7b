/*
 * mdr.h - the MDR normal model (Zunker & Kamrin) and `damping mdr`, as a self-contained module:
 * coefficients, the 27 history values per contact, the 18 values per particle, the pre-force
 * pass, and one contact evaluation. Nothing here touches the pair loops or global state, so
 * every function can run inside an OpenMP loop over disjoint particles or contacts.
 *
 * Spec: docs/models.md §6 (the model), §3.4 (damping mdr), §6.0 (order of
 * operations and setup semantics), §6.9 (errors). References: Zunker & Kamrin 2024, J. Mech.
 * Phys. Solids 183, 105492 and 105493; Zunker, Dunatunga, Thakur, Tang & Kamrin 2025, Powder
 * Technology 120972. LAMMPS keyword: pair_style granular, `mdr E nu Y gamma psi_b damp`,
 * `damping mdr 1|2`, with fix GRANULAR/MDR. Only the newest version is implemented
 * (OVERLAP_LIMIT 0.95, dRavg smoothing, post-Newton a_crit check, wall force magnifier, §6.8).
 *
 * Units: SI. Positive force = repulsion. Side 0 of a pair is the particle with the larger atom
 * tag (§6.2); a wall contact has side 0 only.
 *
 * What a caller does each step (spec §6.0):
 *   regular step (history_update = 1), after the drift and the neighbour build:
 *     1. mdr_prepass_particles(regular = true) over all particles (parallel over i);
 *     2. barrier; then for every listed pair, penalty first: hist[MDR_PENALTY] =
 *        mdr_pair_penalty(...) (parallel over pairs: each pair's slot has one writer);
 *     3. then for every listed pair mdr_pair_ddelta(...) and for every wall contact
 *        mdr_wall_ddelta(...), adding the returned increments to ddelta_bar (a reduction);
 *     4. the pair pass: mdr_contact() for each touching pair, the returned accumulator
 *        increments reduced into the particles (mdr_accum_add, or per-thread buffers);
 *     5. the wall pass: mdr_contact() with wall = true, same reduction.
 *   setup evaluation (history_update = 0): mdr_prepass_particles(regular = false), no penalty,
 *   no ddelta_bar, then the force passes with history_update = 0 (they return zero increments).
 */
#ifndef GD_MDR_H
#define GD_MDR_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- coefficients (§6.1) ----------------------------------------------------------------- */

#define MDR_NCOEFF 6 /**< E nu Y gamma psi_b damp, in pair_coeff order */

/* Numerical constants of §6.1. */
#define MDR_MAX_IT 100          /**< Newton iterations */
#define MDR_EPSILON1 1e-10      /**< Newton residual tolerance [m] */
#define MDR_EPSILON2 1e-16      /**< Newton step-change tolerance [m] */
#define MDR_EPSILON3 1e-20      /**< g(a) in (-1e-20, 0) is set to 0 */
#define MDR_OVERLAP_LIMIT 0.95  /**< cap of a side's cap height over its radius */
#define MDR_A_FAC 0.99          /**< adhesive radius factor */
#define MDR_FIX_EPSILON 1e-16   /**< initialisation flag test */

/** LAMMPS's messages for the other MDR usage rules (§3.4, §3.5, §6.9), verbatim (sic). */
#define MDR_MSG_DAMPING_TYPE "Illegal MDR damping model, damping type must an integer equal to 1 or 2"
#define MDR_MSG_DAMPING_NEEDS_MDR "Damping mdr can only be used with mdr normal model"
#define MDR_MSG_NORMAL_NEEDS_DAMPING "Only damping mdr may be used with the mdr normal model"
#define MDR_MSG_PREEXISTING                                                                    \
  "The newly inserted particles have pre-existing overlaps that have caused immediate plastic " \
  "deformation. This could lead to non-physical results in the MDR model, as it handles some " \
  "aspects related to plastic deformation incrementally."

/** §6.1 check of coefficient k (0..5): NULL when v is accepted, else LAMMPS's message
 *  ("Illegal MDR normal model, ..."). */
const char *mdr_coeff_error(int k, double v);
/** The range §6.1 accepts for coefficient k, as text ("> 0", "in [0, 0.5]", ...). */
const char *mdr_coeff_range(int k);
/** grandamp's caveats on values §6.1 accepts but that break the model (§6.1): Y = 0 (every
 *  contact yields with a zero indenter and a NaN force: *fatal = true, grandamp refuses it)
 *  and nu = 0.5 (kappa infinite: *fatal = false, a warning). NULL when there is none. */
const char *mdr_coeff_caveat(int k, double v, bool *fatal);

/** Coefficients and the constants derived from them at pair_coeff time (§6.1). */
typedef struct MdrParams {
  double E;     /**< Young's modulus [Pa] */
  double nu;    /**< Poisson's ratio [-] */
  double Y;     /**< yield stress [Pa] */
  double gamma; /**< effective surface energy (Delta gamma); 0 = non-adhesive [J/m^2] */
  double psi_b; /**< bulk-response trigger: critical free-area ratio [-] */
  double damp;  /**< eta_n0 of damping mdr: [-] for d_type 1, [kg/s] for d_type 2 */
  int d_type;   /**< damping mdr type, 1 or 2 (§3.4) */
  double G;     /**< shear modulus E/(2(1+nu)) [Pa] */
  double kappa; /**< bulk modulus E/(3(1-2nu)) [Pa] */
  double Eeff;  /**< plane-strain modulus E/(1-nu^2) (against a rigid flat) [Pa] */
  double Eeff2particle; /**< Eeff/2, only for the wall DAMP_SCALE [Pa] */
} MdrParams;

/** Fills *p from the pair_coeff numbers (E nu Y gamma psi_b damp) and the damping type.
 *  Precondition: the values passed the §6.1 checks. */
void mdr_setup(MdrParams *p, const double coeff[MDR_NCOEFF], int d_type);

/* ---- per-contact history (§6.2) ---------------------------------------------------------- */

/** The 27 history doubles of a contact; `_0`/`_1` = side 0/1, slot of side s is X_0 + s.
 *  All 0 when a contact is created and zeroed when it stops touching; all transfer factors
 *  +1 (nothing changes sign when a pair changes rows of a neighbour list). */
enum MdrHistory {
  MDR_DELTA_0 = 0,         /**< side displacement delta_s of the last update [m] (h) */
  MDR_DELTA_1 = 1,
  MDR_DELTAO_0 = 2,        /**< delta_s - (R - Ro) [m] (h) */
  MDR_DELTAO_1 = 3,
  MDR_DELTA_MDR_0 = 4,     /**< accumulated MDR part of the displacement [m] (h) */
  MDR_DELTA_MDR_1 = 5,
  MDR_DELTA_BULK_0 = 6,    /**< accumulated bulk part, >= 0 [m] (h) */
  MDR_DELTA_BULK_1 = 7,
  MDR_DELTAMAX_MDR_0 = 8,  /**< maximum delta_MDR reached [m] (always) */
  MDR_DELTAMAX_MDR_1 = 9,
  MDR_YFLAG_0 = 10,        /**< 0 elastic, 1 yielded (h) */
  MDR_YFLAG_1 = 11,
  MDR_DELTAY_0 = 12,       /**< delta_MDR at yield [m] (h) */
  MDR_DELTAY_1 = 13,
  MDR_CA_0 = 14,           /**< contact-area intercept pi(dY^2 - dY R) [m^2] (h) */
  MDR_CA_1 = 15,
  MDR_AADH_0 = 16,         /**< adhesive contact radius (a_na when gamma = 0) [m] (h) */
  MDR_AADH_1 = 17,
  MDR_AC_0 = 18,           /**< w A_c, weighted contact area [m^2] (h) */
  MDR_AC_1 = 19,
  MDR_EPS_BAR_0 = 20,      /**< this contact's last contribution eps_c to eps_bar [-] (h) */
  MDR_EPS_BAR_1 = 21,
  MDR_PENALTY = 22,        /**< contact penalty p_ij (pre-force pass, regular steps; 0 for walls) */
  MDR_DELTA_MAX = 23,      /**< maximum total overlap [m] (always) */
  MDR_DELTAP_0 = 24,       /**< residual plastic displacement [m] (h, plastic only) */
  MDR_DELTAP_1 = 25,
  MDR_DAMP_SCALE = 26,     /**< sqrt(meff k_mdr), or 0 [kg/s] (h) */
  MDR_NHIST = 27
};

/* ---- per-particle state (§6.3) ----------------------------------------------------------- */

/** The 18 doubles per particle of fix GRANULAR/MDR, as a structure of arrays indexed like the
 *  Particles arrays (so it must be permuted with them, mdr_particles_permute). All 0 when a
 *  particle is created. */
typedef struct MdrParticles {
  int64_t n;              /**< particles */
  double *Ro;             /**< original radius [m] */
  double *Vcaps;          /**< sum of the cap volumes of the particle's contacts [m^3] */
  double *Vgeo;           /**< geometric volume, sphere minus caps, at most Vo [m^3] */
  double *Velas;          /**< elastic volume Vo (1 + eps_bar) [m^3] */
  double *eps_bar;        /**< sum of eps_c, the volume-averaged strain [-] */
  double *dRnumerator;    /**< numerator sum of the radius update [m^3] */
  double *dRdenominator;  /**< denominator sum of the radius update [m^2] */
  double *Acon0;          /**< sum of w A_c of the previous force pass [m^2] */
  double *Acon1;          /**< sum of w A_c of the current force pass [m^2] */
  double *Atot;           /**< total surface area [m^2] */
  double *Atot_sum;       /**< sum of w (A_c - 2 pi R (dmax_MDR + d_BULK)) [m^2] */
  double *ddelta_bar;     /**< mean surface-displacement increment of this step [m] */
  double *psi;            /**< free-area ratio (Atot - Acon1)/Atot [-] */
  double *history_setup_flag; /**< 1 once initialised [-] */
  double *sigmaxx;        /**< stress diagnostic, no effect on forces [Pa] */
  double *sigmayy;        /**< [Pa] */
  double *sigmazz;        /**< [Pa] */
  double *dRavg;          /**< smoothed radius increment [m] */
} MdrParticles;

/** Allocates n particles' state, all zero (exits on failure). */
void mdr_particles_alloc(MdrParticles *s, int64_t n);
void mdr_particles_free(MdrParticles *s);
/** Applies a permutation: new index k takes the state at old index order[k] (particles_permute). */
void mdr_particles_permute(MdrParticles *s, const int64_t *order, int threads);

/** What one force evaluation adds to a particle's accumulators (§6.5, history_update only). */
typedef struct MdrAccum {
  double Vcaps;                   /**< [m^3] */
  double eps_bar;                 /**< [-] */
  double dRnumerator;             /**< [m^3] */
  double dRdenominator;           /**< [m^2] */
  double Acon1;                   /**< [m^2] */
  double Atot_sum;                /**< [m^2] */
  double sigmaxx, sigmayy, sigmazz; /**< [Pa] */
} MdrAccum;

/** Adds *a to particle i's accumulators (serial callers; threaded ones reduce first). */
void mdr_accum_add(MdrParticles *s, int64_t i, const MdrAccum *a);

/* ---- the pre-force pass (§6.3) ----------------------------------------------------------- */

/** Step 1: initialises particle i if not yet done (flag < 1e-16): Ro = R, the accumulators,
 *  Acon0, ddelta_bar and sigma zeroed, the flag set (dRavg is kept). Returns true if it was new. */
bool mdr_particle_init(MdrParticles *s, int64_t i, double R);
/** Step 2 for particle i: Vgeo, Velas, Atot, psi from the previous pass's sums; the radius
 *  update with its dRavg smoothing and 1.5 Ro cap while psi_b < psi; then Acon0 = Acon1.
 *  *R is the particle's radius, updated in place. */
void mdr_particle_update(const MdrParams *p, MdrParticles *s, int64_t i, double *R);
/** Step 4 for particle i: ddelta_bar = 0, and on regular steps the accumulators too. */
void mdr_particle_zero(MdrParticles *s, int64_t i, bool regular);
/** Steps 1, 2 and 4 for particles [i0, i1): regular steps update every particle, setup only
 *  the new ones. Writes only particles i0..i1-1 (radius[] included): thread-safe over
 *  disjoint ranges. Must finish for all particles before the penalty and ddelta_bar passes,
 *  which read the updated radii of neighbours. */
void mdr_prepass_particles(const MdrParams *p, MdrParticles *s, double *radius, int64_t i0, int64_t i1,
                           bool regular);

/** Positions, radii and tags the three-body penalty reads (§6.3 step 5). */
typedef struct MdrGeometry {
  const double *x, *y, *z;  /**< positions [m] */
  const double *radius;     /**< current radii, after this step's update [m] */
  const int64_t *id;        /**< atom tags (they break exact ties of the longest side) */
  double len[3], half[3];   /**< periodic images, as box_images() gives them */
} MdrGeometry;

/** Penalty sigmoid 1/(1 + exp(-50(alpha/pi - 0.5))) of the angle alpha in [0, pi] (§6.3). */
double mdr_penalty_sigmoid(double alpha);
/** The contribution of particle c to the penalty of pair (a, b): the sigmoid of the angle at c
 *  when a, b, c are distinct, their three pairwise overlaps R + R' - r are all >= 0, and (a, b)
 *  is the longest side of the triangle; else 0. Exact ties of the longest side go to the side
 *  whose opposite particle has the larger tag (spec: any fixed rule), so that each triple adds
 *  to exactly one pair, whichever pair evaluates it. */
double mdr_triple_penalty(const MdrGeometry *g, int64_t a, int64_t b, int64_t c);
/** p_ab: the sum of mdr_triple_penalty(a, b, c) over the candidates c, in their order. The
 *  candidates must include every particle c whose overlap with a is >= 0 (a's row of a full
 *  neighbour list does), each at most once; a, b and non-touching ones are skipped. The caller
 *  stores it in hist[MDR_PENALTY] of the pair, for every listed pair (a pair that does not
 *  touch gets 0), on regular steps only. The force uses w = max(1 - p_ab, 0). Where a pair has
 *  two history copies (a full list), give both the same value (e.g. a = the lower index, with
 *  a's row), since a different summation order can change the last bit. */
double mdr_pair_penalty(const MdrGeometry *g, int64_t a, int64_t b, const int32_t *cand, int64_t ncand);

/** ddelta_bar contributions of one listed pair (§6.3 step 5): if r >= Ri + Rj the pair does not
 *  touch, its history is zeroed and false returned; else the side displacements the force pass
 *  will compute are predicted (§6.4 with Delta_max' = max(DELTA_MAX, Delta), not stored; the
 *  overlap cap tested on side 0 first) and *inc_i, *inc_j receive AC_s/Acon0(p_s) (delta_s -
 *  DELTA_s) of the side of i and of j (0 where Acon0 = 0). Regular steps only, after the
 *  penalty; the caller adds the increments to ddelta_bar[i], ddelta_bar[j] (a reduction). */
bool mdr_pair_ddelta(const MdrParticles *s, int64_t i, int64_t j, int64_t id_i, int64_t id_j, double Ri,
                     double Rj, double r, double hist[MDR_NHIST], double *inc_i, double *inc_j);
/** ddelta_bar contribution of a touching wall contact with overlap delta = R - r_c:
 *  AC_0 (delta - DELTA_0)/Acon0, or 0 where Acon0 = 0 (§6.3 step 5). */
double mdr_wall_ddelta(const MdrParticles *s, int64_t i, double delta, const double hist[MDR_NHIST]);

/* ---- one contact (§6.4-§6.6, §3.4) ------------------------------------------------------- */

/** Why a contact evaluation failed; LAMMPS aborts the run in each case (§6.9). */
typedef enum MdrError {
  MDR_OK = 0,
  MDR_ERR_PARTITION,      /**< the displacement partition divided by zero (§6.4, §9.13) */
  MDR_ERR_NAN_NONADHESIVE, /**< F_MDR is NaN, gamma = 0 */
  MDR_ERR_NAN_CASE1,      /**< F_MDR is NaN, adhesive case 1 */
  MDR_ERR_NAN_CASE2,      /**< F_MDR is NaN, adhesive case 2 */
  MDR_ERR_NAN_CASE3       /**< F_MDR is NaN, adhesive case 3 */
} MdrError;

/** The message of an error: LAMMPS's text for the NaN cases (case 1 in LAMMPS also names the
 *  two atom tags, which the caller appends), grandamp's for the partition. */
const char *mdr_error_message(MdrError e);

/** One contact as mdr_contact() reads it. */
typedef struct MdrContactInput {
  double delta;        /**< Delta = R_i + R_j - r for a pair, R_i - r for a wall, with the
                            current radii; the contact touches (Delta >= 0) [m] */
  double Ri, Rj;       /**< current (apparent) radii [m]; Rj is not used for a wall */
  int64_t i, j;        /**< indices into MdrParticles (j not used for a wall) */
  int64_t id_i, id_j;  /**< atom tags: side 0 is the larger; equal tags (a periodic self-image)
                            give both sides to j, as LAMMPS (§6.2) */
  double meff;         /**< effective mass (m_i for a wall) [kg] */
  double n[3];         /**< unit normal (only the sigma diagnostics read it) */
  bool wall;           /**< a flat wall: one side, no partition, no penalty (§6.4, §6.6) */
  bool history_update; /**< false on a setup evaluation: only DELTA_MAX and DELTAMAX_MDR are
                            written and no accumulator is incremented (§6.0) */
} MdrContactInput;

/** What mdr_contact() returns. */
typedef struct MdrContactOutput {
  double F;          /**< Fnormal: the MDR normal force (bulk, penalty weight and wall
                          magnifier included), before damping [N] */
  double eta;        /**< damping mdr prefactor eta_n (F_damp = -eta vnnr, not weighted by w) [kg/s] */
  double damp_scale; /**< DAMP_SCALE the damping used (this step's on regular steps, the
                          stored one in setup) [kg/s] */
  double a;          /**< contact radius for the tangential models, sqrt(Delta Reff) (§1.4) [m] */
  double a_damp;     /**< this evaluation's damping radius (pair: a_0 + a_1, wall: a_0/2) [m] */
  double Ac_avg;     /**< Ac_avg/2, the p13 output of compute pair/local (§6.6) [m^2] */
  MdrAccum acc_i;    /**< increments for particle i (zero in setup) */
  MdrAccum acc_j;    /**< increments for particle j (zero for a wall and in setup) */
  bool capped;       /**< the 0.95 overlap cap of §6.4 was active on some side */
  bool warn_preexisting; /**< setup only: this contact would yield at once (warn once per model) */
  MdrError err;      /**< MDR_OK, or why it failed (then F = eta = 0 and the run must stop) */
  int err_side;      /**< the side that failed */
} MdrContactOutput;

/** Evaluates one touching MDR contact (§6.4 partition, §6.5 per side, §6.6 combination, §3.4
 *  damping). hist is the contact's 27 values (in/out); s is only read (ψ, ddelta_bar, Acon0,
 *  Vgeo, Velas, Ro of this step's pre-force pass); the accumulator increments are returned in
 *  out for the caller to reduce. A contact that stops touching is the caller's: zero its
 *  history. Returns out->err. */
MdrError mdr_contact(const MdrParams *p, const MdrParticles *s, const MdrContactInput *in,
                     double hist[MDR_NHIST], MdrContactOutput *out);

/* ---- the pieces, exposed for the tests and the verifier ------------------------------------ */

/** §6.4: side displacement of a side with radius Rs against partner radius Rother, at overlap
 *  Delta with maximum Dmax, its residual deltap_s and the sum deltap_sum of both sides'.
 *  own_first: this side's cap ratio is tested first (force pass) or the partner's (the fix's
 *  prediction for side 1). *capped reports the 0.95 cap. */
double mdr_side_displacement(double Delta, double Dmax, double Rs, double Rother, double deltap_s,
                             double deltap_sum, bool own_first, bool *capped);
/** §6.5: the 1D-indenter force F_na(x) = (Eeff A B/4)[acos(1 - 2x/A) - (2 - 4x/A) sqrt(x/A - (x/A)^2)],
 *  evaluated as written (as LAMMPS; it cancels badly at small x/A). */
double mdr_fna(double x, double A, double B, double Eeff);
/** §6.5: g(a) = A/2 - (A/B) sqrt(B^2/4 - a^2), 0 where it lies in (-1e-20, 0). */
double mdr_g(double a, double A, double B);
/** §6.5: the closed-form critical adhesive radius a_crit (NaN for very large gamma). */
double mdr_critical_radius(double A, double B, double gamma, double Eeff);
/** §6.5 case 3: Newton's method for f(a) = delta_e - A/2 + (A/B) sqrt(B^2/4 - a^2) +
 *  sqrt(2 pi a gamma/Eeff) = 0 from a0, with LAMMPS's two stopping tests; 0 after 100
 *  iterations without a stop (a failed iteration acts as detachment). *iterations (may be
 *  NULL) receives the number of Newton updates made. */
double mdr_adhesive_radius(double delta_e, double A, double B, double gamma, double Eeff, double a0,
                           int *iterations);

#ifdef __cplusplus
}
#endif
#endif
