/*
 * tangential.h - tangential (friction) models of LAMMPS pair_style granular: coefficients.
 *
 * Spec: ../shared/spec/granular-models.md §5. Every model damps with eta_t = x_gamma_t * eta_n
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

GD_INLINE double tng_dot(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** rotate_rescale (§5): project h onto the plane normal to n, keeping |h| (zero if the
 *  projection vanishes). */
GD_INLINE void tangential_rotate_rescale(double h[3], const double n[3]) {
  const double mag = sqrt(tng_dot(h, h));
  const double hn = tng_dot(h, n);
  for (int k = 0; k < 3; k++) h[k] -= hn * n[k];
  const double prj = sqrt(tng_dot(h, h));
  const double scale = prj > 0.0 ? mag / prj : 0.0;
  for (int k = 0; k < 3; k++) h[k] *= scale;
}

/** Tangential force (§5) and the history update of h (3 or 4 values; none for
 *  linear_nohistory). Dissipation: while sticking, the dashpot dissipates eta_t |vtr|^2; while
 *  the Coulomb cap holds, the whole tangential force is friction, -fs . vtr. */
GD_INLINE void tangential_force(TangentialModel tm, const TangentialParams *p, const TangentialInput *in,
                                    double *h, TangentialOutput *out) {
  const double eta_t = p->xt * in->eta_n;
  const double Fscrit = p->mu * in->Fncrit;
  const double *vtr = in->vtr;
  out->eta_t = eta_t;
  out->Fscrit = Fscrit;
  out->sliding = false;
  out->power_damping = out->power_friction = 0.0;

  if (tm == TANGENTIAL_LINEAR_NOHISTORY) {
    const double fdamp = eta_t * in->vrel;
    const double fmag = fmin(Fscrit, fdamp);
    const double scale = in->vrel != 0.0 ? -fmag / in->vrel : 0.0;
    for (int k = 0; k < 3; k++) out->fs[k] = scale * vtr[k];
    out->sliding = Fscrit < fdamp;
    const double P = fmag * in->vrel; /* = -fs . vtr */
    if (out->sliding) out->power_friction = P;
    else out->power_damping = P;
    return;
  }

  const bool mindlin = tm != TANGENTIAL_LINEAR_HISTORY;
  const bool force_history = tm == TANGENTIAL_MINDLIN_FORCE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const bool rescale = tm == TANGENTIAL_MINDLIN_RESCALE || tm == TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const double k = mindlin ? p->kt * in->a : p->kt;

  /* Step 0: unloading shrinks the contact; scale the history with it (always, §5). */
  if (rescale && in->a < h[3]) {
    const double factor = in->a / h[3];
    for (int c = 0; c < 3; c++) h[c] *= factor;
  }
  /* Step 1: frame update onto the current tangent plane, then accumulate. */
  if (in->history_update) {
    const double hn = fabs(tng_dot(h, in->n));
    if ((force_history ? hn : hn * k) > TANGENTIAL_EPSILON * Fscrit) tangential_rotate_rescale(h, in->n);
    if (force_history)
      for (int c = 0; c < 3; c++) h[c] += -k * vtr[c] * in->dt;
    else
      for (int c = 0; c < 3; c++) h[c] += vtr[c] * in->dt;
    if (rescale) h[3] = in->a;
  }
  /* Step 2: spring (or stored elastic force) plus dashpot. */
  double fs[3];
  for (int c = 0; c < 3; c++) fs[c] = (force_history ? h[c] : -k * h[c]) - eta_t * vtr[c];
  /* Step 3: Coulomb cap; it rewrites the history even on setup evaluations (as LAMMPS). */
  const double fsmag = sqrt(tng_dot(fs, fs));
  if (fsmag > Fscrit) {
    out->sliding = true;
    const double hmag = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    if (hmag != 0.0) {
      const double scale = Fscrit / fsmag;
      for (int c = 0; c < 3; c++) {
        fs[c] *= scale;
        const double elastic = fs[c] + eta_t * vtr[c]; /* fs - f_damp */
        /* LAMMPS divides by k here; with k = 0 (k_t = 0, or mindlin at a = 0) that makes the
         * history inf/NaN although any finite value gives the same force: keep it 0 (§9.14). */
        h[c] = force_history ? elastic : (k != 0.0 ? -elastic / k : 0.0);
      }
    } else {
      fs[0] = fs[1] = fs[2] = 0.0;
    }
  }
  for (int c = 0; c < 3; c++) out->fs[c] = fs[c];
  if (out->sliding) out->power_friction = -tng_dot(fs, vtr);
  else out->power_damping = eta_t * tng_dot(vtr, vtr);
}

#ifdef __cplusplus
}
#endif
#endif
