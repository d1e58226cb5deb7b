/*
 * tangential.h - tangential (friction) models of LAMMPS pair_style granular: coefficients.
 *
 * Spec: docs/models.md §5. Every model damps with eta_t = x_gamma_t * eta_n
 * and caps the force at Fscrit = mu_t * Fncrit. The history models keep a tangential
 * displacement (or, for the /force variants, an elastic force) per contact.
 */
#ifndef GD_TANGENTIAL_H
#define GD_TANGENTIAL_H

#include <math.h>
#include <stdbool.h>

#include "mixing.h"
#include "normal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Row flags. */
#define TFLAG_HISTORY 1u /**< keeps a 3-vector of history per contact */
#define TFLAG_MINDLIN 2u /**< stiffness k_t * a; k_t may be NULL (from the material) */
#define TFLAG_FORCE 4u   /**< history holds the elastic force F_te, not a displacement */
#define TFLAG_RESCALE 8u /**< a 4th history value a_prev rescales the history on unloading */

/* X(ID, id, "name", number of coefficients, history values per contact, flags, "coefficient names") */
#define TANGENTIAL_MODELS_EX(X, c)                                                            \
  X(c, LINEAR_NOHISTORY, linear_nohistory, "linear_nohistory", 2, 0, 0u, "x_gamma_t mu_t")    \
  X(c, LINEAR_HISTORY, linear_history, "linear_history", 3, 3, TFLAG_HISTORY,                 \
    "k_t x_gamma_t mu_t")                                                                     \
  X(c, MINDLIN, mindlin, "mindlin", 3, 3, TFLAG_HISTORY | TFLAG_MINDLIN,                      \
    "k_t x_gamma_t mu_t")                                                                     \
  X(c, MINDLIN_FORCE, mindlin_force, "mindlin/force", 3, 3,                                   \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_FORCE, "k_t x_gamma_t mu_t")                        \
  X(c, MINDLIN_RESCALE, mindlin_rescale, "mindlin_rescale", 3, 4,                             \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_RESCALE, "k_t x_gamma_t mu_t")                      \
  X(c, MINDLIN_RESCALE_FORCE, mindlin_rescale_force, "mindlin_rescale/force", 3, 4,           \
    TFLAG_HISTORY | TFLAG_MINDLIN | TFLAG_RESCALE | TFLAG_FORCE, "k_t x_gamma_t mu_t")
#define TANGENTIAL_MODELS(X) TANGENTIAL_MODELS_EX(GD_APPLY_ROW, X)

typedef enum TangentialModel {
#define X(ID, id, name, nc, nh, fl, cn) TANGENTIAL_##ID,
  TANGENTIAL_MODELS(X)
#undef X
  N_TANGENTIAL
} TangentialModel;

#define TANGENTIAL_MAX_HISTORY 4

/** History doubles per contact, constant for a literal id. */
GD_INLINE int tangential_nhist(TangentialModel tm) {
  return tm == TANGENTIAL_LINEAR_NOHISTORY ? 0
         : tm == TANGENTIAL_MINDLIN_RESCALE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE ? 4 : 3;
}

/** Tangential coefficients as given, and as derived by tangential_setup(). */
typedef struct TangentialParams {
  TangentialModel model;
  double coeff[3]; /**< pair_coeff numbers in order; NULL is held as -1 (§7) */
  bool kt_is_null; /**< mindlin family: k_t given as NULL, derived from the material */
  /* Derived: */
  double kt; /**< stiffness: [N/m] linear_history; [Pa] (times a) mindlin family */
  double xt; /**< x_gamma_t: eta_t = xt * eta_n [-] */
  double mu; /**< friction coefficient mu_t [-] */
} TangentialParams;

/** Derives kt, xt, mu; a NULL k_t becomes 8 mix_stiffnessG(E, E, nu, nu) from the normal
 *  model's coefficient 0 and nu (raw E for explicit pairs, E* for mixed ones, §5, §2.7). */
static inline void tangential_setup(TangentialParams *p, const NormalParams *np) {
  const double *c = p->coeff;
  if (p->model == TANGENTIAL_LINEAR_NOHISTORY) {
    p->kt = 0.0;
    p->xt = c[0];
    p->mu = c[1];
    return;
  }
  p->kt = p->kt_is_null ? 8.0 * mix_stiffnessG(np->E, np->E, np->nu, np->nu) : c[0];
  p->xt = c[1];
  p->mu = c[2];
}


/** True if the model has no tangential force: linear_nohistory with x_gamma_t = 0 or mu_t = 0,
 *  where fmag = min(mu_t Fncrit, x_gamma_t eta_n |v_t|) is 0 (+-0; inputs finite). */
static inline bool tangential_frictionless(const TangentialParams *p) {
  return p->model == TANGENTIAL_LINEAR_NOHISTORY && (p->xt == 0.0 || p->mu == 0.0);
}

/** What a tangential kernel reads about the contact (§4 step 8). */
typedef struct TangentialInput {
  double n[3];         /**< unit normal, from j to i */
  double vtr[3];       /**< relative tangential surface velocity [m/s] */
  double vrel;         /**< |vtr| [m/s] */
  double a;            /**< contact radius [m] (mindlin family) */
  double eta_n;        /**< normal damping prefactor of the same step [kg/s] */
  double Fncrit;       /**< normal load of the Coulomb limit [N] */
  double dt;           /**< time step [s] */
  bool history_update; /**< false on a setup evaluation (LAMMPS `run 0`) */
} TangentialInput;

/** The tangential force and how it dissipates. */
typedef struct TangentialOutput {
  double fs[3];  /**< tangential force on i [N] */
  double eta_t;  /**< x_gamma_t * eta_n [kg/s] */
  double Fscrit; /**< mu_t * Fncrit [N] */
  bool sliding;  /**< the Coulomb cap was active */
  double power_damping;  /**< eta_t |vtr|^2 while sticking [W] */
  double power_friction; /**< -fs . vtr while sliding [W] */
} TangentialOutput;

#define TANGENTIAL_EPSILON 1e-10 /* frame-update threshold relative to Fscrit (§5) */

/** Tangential force (§5) and the history update of h (3 or 4 values; none for
 *  linear_nohistory). Dissipation: while sticking, the dashpot dissipates eta_t |vtr|^2; while
 *  the Coulomb cap holds, the whole tangential force is friction, -fs . vtr.
 *  Written with selects instead of branches: every expression is evaluated and the branch of
 *  the spec is chosen by a ternary (a discarded value may be a division by zero; the build uses
 *  -fno-trapping-math). */
GD_INLINE void tangential_force(TangentialModel tm, const TangentialParams *p, const TangentialInput *in,
                                double *h, TangentialOutput *out) {
  const double eta_t = p->xt * in->eta_n;
  const double Fscrit = p->mu * in->Fncrit;
  const double vtr0 = in->vtr[0], vtr1 = in->vtr[1], vtr2 = in->vtr[2], vrel = in->vrel;
  out->eta_t = eta_t;
  out->Fscrit = Fscrit;

  if (tm == TANGENTIAL_LINEAR_NOHISTORY) {
    const double fdamp = eta_t * vrel;
    const double fmag = gd_min(Fscrit, fdamp);
    const double scale = vrel != 0.0 ? -fmag / vrel : 0.0;
    out->fs[0] = scale * vtr0;
    out->fs[1] = scale * vtr1;
    out->fs[2] = scale * vtr2;
    const bool sliding = Fscrit < fdamp;
    const double P = fmag * vrel; /* = -fs . vtr */
    out->sliding = sliding;
    out->power_friction = sliding ? P : 0.0;
    out->power_damping = sliding ? 0.0 : P;
    return;
  }

  const bool mindlin = tm != TANGENTIAL_LINEAR_HISTORY;
  const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const bool rescale = tm == TANGENTIAL_MINDLIN_RESCALE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const double k = mindlin ? p->kt * in->a : p->kt;
  const double n0 = in->n[0], n1 = in->n[1], n2 = in->n[2], dt = in->dt;
  double h0 = h[0], h1 = h[1], h2 = h[2];

  /* Step 0: unloading shrinks the contact; scale the history with it (always, §5). */
  if (rescale) {
    const double aprev = h[3];
    const double factor = in->a < aprev ? in->a / aprev : 1.0;
    h0 *= factor, h1 *= factor, h2 *= factor;
  }
  /* Step 1: frame update onto the current tangent plane (rotate_rescale), then accumulate. */
  if (in->history_update) {
    const double hn = h0 * n0 + h1 * n1 + h2 * n2;
    const double ahn = fabs(hn);
    const bool rotate = (force_history ? ahn : ahn * k) > TANGENTIAL_EPSILON * Fscrit;
    const double mag = sqrt(h0 * h0 + h1 * h1 + h2 * h2);
    const double p0 = h0 - hn * n0, p1 = h1 - hn * n1, p2 = h2 - hn * n2;
    const double prj = sqrt(p0 * p0 + p1 * p1 + p2 * p2);
    const double scale = prj > 0.0 ? mag / prj : 0.0;
    h0 = rotate ? p0 * scale : h0;
    h1 = rotate ? p1 * scale : h1;
    h2 = rotate ? p2 * scale : h2;
    if (force_history) {
      h0 += -k * vtr0 * dt, h1 += -k * vtr1 * dt, h2 += -k * vtr2 * dt;
    } else {
      h0 += vtr0 * dt, h1 += vtr1 * dt, h2 += vtr2 * dt;
    }
    if (rescale) h[3] = in->a;
  }
  /* Step 2: spring (or stored elastic force) plus dashpot. */
  double fs0 = (force_history ? h0 : -k * h0) - eta_t * vtr0;
  double fs1 = (force_history ? h1 : -k * h1) - eta_t * vtr1;
  double fs2 = (force_history ? h2 : -k * h2) - eta_t * vtr2;
  /* Step 3: Coulomb cap; it rewrites the history even on setup evaluations (as LAMMPS). */
  const double fsmag = sqrt(fs0 * fs0 + fs1 * fs1 + fs2 * fs2);
  const bool sliding = fsmag > Fscrit;
  const bool has_history = (h0 * h0 + h1 * h1 + h2 * h2) != 0.0;
  const double cap = Fscrit / fsmag;
  const double c0 = fs0 * cap, c1 = fs1 * cap, c2 = fs2 * cap;
  /* the elastic part fs - f_damp; LAMMPS divides it by k, and with k = 0 (k_t = 0, or mindlin
   * at a = 0) stores an inf/NaN history although any finite value gives the same force: keep 0
   * (§9.14) */
  const double e0 = c0 + eta_t * vtr0, e1 = c1 + eta_t * vtr1, e2 = c2 + eta_t * vtr2;
  const bool k_ok = k != 0.0;
  const double r0 = force_history ? e0 : k_ok ? -e0 / k : 0.0;
  const double r1 = force_history ? e1 : k_ok ? -e1 / k : 0.0;
  const double r2 = force_history ? e2 : k_ok ? -e2 / k : 0.0;
  const bool rewrite = sliding & has_history; /* & not &&: no branch */
  h0 = rewrite ? r0 : h0;
  h1 = rewrite ? r1 : h1;
  h2 = rewrite ? r2 : h2;
  fs0 = sliding ? (has_history ? c0 : 0.0) : fs0;
  fs1 = sliding ? (has_history ? c1 : 0.0) : fs1;
  fs2 = sliding ? (has_history ? c2 : 0.0) : fs2;
  h[0] = h0, h[1] = h1, h[2] = h2;
  out->fs[0] = fs0, out->fs[1] = fs1, out->fs[2] = fs2;
  out->sliding = sliding;
  out->power_friction = sliding ? -(fs0 * vtr0 + fs1 * vtr1 + fs2 * vtr2) : 0.0;
  out->power_damping = sliding ? 0.0 : eta_t * (vtr0 * vtr0 + vtr1 * vtr1 + vtr2 * vtr2);
}

#ifdef __cplusplus
}
#endif
#endif
