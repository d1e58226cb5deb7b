/*
 * mdr.c - the MDR normal model and damping mdr (see mdr.h).
 *
 * Spec: docs/models.md §6 and §3.4; every formula cites its section. The
 * formulas are evaluated in the order the spec writes them (it follows LAMMPS 07b704ca /
 * fix GRANULAR/MDR 084135fa), so rounding matches where the spec says it matters (F_na at first
 * touch, §6.5). MAX/MIN are gd_max/gd_min, LAMMPS's (a > b ? a : b), whose NaN behaviour the
 * spec relies on (a NaN dR gives 0, §6.3).
 *
 * Where the spec reports a difference between LAMMPS's code and its documentation, the code
 * is followed and the place says so (DAMP_SCALE, §3.4); where the spec marks something
 * unverified, the comment says so too.
 *
 * Units: SI.
 */
#include "mdr.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "normal.h"
#include "particles.h"
#include "sysmem.h"

/* ---- coefficients ------------------------------------------------------------------------ */

static const char *const COEFF_MESSAGES[MDR_NCOEFF] = {
    "Illegal MDR normal model, Young's modulus must be greater than 0",
    "Illegal MDR normal model, Poisson's ratio must be between 0 and 0.5",
    "Illegal MDR normal model, yield stress must be greater than or equal to 0",
    "Illegal MDR normal model, effective surface energy must be greater than or equal to 0",
    "Illegal MDR normal model, psi_b must be between 0 and 1.0",
    "Illegal MDR normal model, damping coefficent must be greater than or equal to 0", /* sic */
};
static const char *const COEFF_RANGES[MDR_NCOEFF] = {"> 0", "in [0, 0.5]", ">= 0", ">= 0", "in [0, 1]", ">= 0"};

const char *mdr_coeff_error(int k, double v) {
  bool ok = false;
  switch (k) { /* §6.1, items 1-6 */
  case 0: ok = v > 0.0; break;
  case 1: ok = v >= 0.0 && v <= 0.5; break;
  case 2:
  case 3:
  case 5: ok = v >= 0.0; break;
  case 4: ok = v >= 0.0 && v <= 1.0; break;
  default: return "no such MDR coefficient";
  }
  return ok ? NULL : COEFF_MESSAGES[k];
}

const char *mdr_coeff_range(int k) { return k >= 0 && k < MDR_NCOEFF ? COEFF_RANGES[k] : "?"; }

const char *mdr_coeff_caveat(int k, double v, bool *fatal) {
  *fatal = false;
  if (k == 2 && v == 0.0) { /* §6.1: p_Y = 0 yields at once, then A = 0 and delta_e = 0/0 */
    *fatal = true;
    return "Y = 0 makes every contact yield on its first step with a zero indenter (A = 0), "
           "and the force is NaN (LAMMPS accepts it and aborts with 'F_MDR is NaN'); grandamp "
           "refuses it";
  }
  if (k == 1 && v == 0.5) /* §6.1: kappa = E/(3(1 - 2 nu)) is infinite */
    return "nu = 0.5 makes the bulk modulus kappa infinite: the strains eps_c vanish and any bulk "
           "force (psi < psi_b) is infinite";
  return NULL;
}

void mdr_setup(MdrParams *p, const double c[MDR_NCOEFF], int d_type) {
  memset(p, 0, sizeof *p);
  p->E = c[0];
  p->nu = c[1];
  p->Y = c[2];
  p->gamma = c[3];
  p->psi_b = c[4];
  p->damp = c[5]; /* §3.4: D = eta_n0, coefficient index 5 */
  p->d_type = d_type;
  p->G = p->E / (2.0 * (1.0 + p->nu));           /* §6.1 */
  p->kappa = p->E / (3.0 * (1.0 - 2.0 * p->nu)); /* §6.1 */
  p->Eeff = p->E / (1.0 - p->nu * p->nu);        /* §6.1: plane strain, against a rigid flat */
  p->Eeff2particle = p->Eeff / 2.0;              /* §6.1: wall DAMP_SCALE only */
}

/* ---- per-particle state ------------------------------------------------------------------ */

#define MDR_FIELDS(X)                                                                          \
  X(Ro) X(Vcaps) X(Vgeo) X(Velas) X(eps_bar) X(dRnumerator) X(dRdenominator) X(Acon0) X(Acon1)   \
  X(Atot) X(Atot_sum) X(ddelta_bar) X(psi) X(history_setup_flag) X(sigmaxx) X(sigmayy)           \
  X(sigmazz) X(dRavg)

/* The list above must name every array of MdrParticles (18, §6.3). */
_Static_assert(sizeof(MdrParticles) == sizeof(int64_t) + 18 * sizeof(double *), "MDR_FIELDS out of date");

static double *zeroed(int64_t n) {
  const size_t bytes = (size_t)(n > 0 ? n : 1) * sizeof(double);
  double *p = gd_xmalloc(bytes);
  memset(p, 0, bytes);
  return p;
}

void mdr_particles_alloc(MdrParticles *s, int64_t n) {
  s->n = n;
#define X(f) s->f = zeroed(n);
  MDR_FIELDS(X)
#undef X
}

void mdr_particles_free(MdrParticles *s) {
#define X(f) free(s->f);
  MDR_FIELDS(X)
#undef X
  memset(s, 0, sizeof *s);
}

void mdr_particles_permute(MdrParticles *s, const int64_t *order, int threads) {
  const int64_t n = s->n;
  const int nth = sysmem_threads(threads);
  double *tmp = zeroed(n);
#define X(f)                                                                                   \
  {                                                                                            \
    _Pragma("omp parallel for schedule(static) num_threads(nth)") for (int64_t k = 0; k < n; k++) tmp[k] = s->f[order[k]]; \
    double *swap = s->f;                                                                       \
    s->f = tmp;                                                                                \
    tmp = swap;                                                                                \
  }
  MDR_FIELDS(X)
#undef X
  free(tmp);
}

void mdr_accum_add(MdrParticles *s, int64_t i, const MdrAccum *a) {
  s->Vcaps[i] += a->Vcaps;
  s->eps_bar[i] += a->eps_bar;
  s->dRnumerator[i] += a->dRnumerator;
  s->dRdenominator[i] += a->dRdenominator;
  s->Acon1[i] += a->Acon1;
  s->Atot_sum[i] += a->Atot_sum;
  s->sigmaxx[i] += a->sigmaxx;
  s->sigmayy[i] += a->sigmayy;
  s->sigmazz[i] += a->sigmazz;
}

/* ---- the pre-force pass (§6.3) ----------------------------------------------------------- */

bool mdr_particle_init(MdrParticles *s, int64_t i, double R) {
  if (!(s->history_setup_flag[i] < MDR_FIX_EPSILON)) return false; /* §6.3 step 1 */
  s->Ro[i] = R;
  s->Acon0[i] = s->Acon1[i] = s->Vcaps[i] = s->eps_bar[i] = 0.0;
  s->dRnumerator[i] = s->dRdenominator[i] = s->Atot_sum[i] = s->ddelta_bar[i] = 0.0;
  s->sigmaxx[i] = s->sigmayy[i] = s->sigmazz[i] = 0.0;
  s->history_setup_flag[i] = 1.0; /* dRavg is not reset (§6.3) */
  return true;
}

void mdr_particle_update(const MdrParams *p, MdrParticles *s, int64_t i, double *Rp) {
  const double R = *Rp, Ro = s->Ro[i];
  const double Vo = 4.0 / 3.0 * GD_PI * Ro * Ro * Ro;                   /* §6.3 step 2 */
  s->Vgeo[i] = gd_min(4.0 / 3.0 * GD_PI * R * R * R - s->Vcaps[i], Vo); /* §6.3 step 2 */
  s->Velas[i] = Vo * (1.0 + s->eps_bar[i]);                             /* §6.3 step 2 */
  s->Atot[i] = 4.0 * GD_PI * R * R + s->Atot_sum[i];                    /* §6.3 step 2 */
  const double psi = (s->Atot[i] - s->Acon1[i]) / s->Atot[i];           /* §6.3 step 2 */
  s->psi[i] = psi;
  if (p->psi_b < psi) { /* §6.3: strict; no radius update once the bulk response is on */
    const double wc = psi > 0.1 ? 1.0 / (1.0 + exp(-75.0 * (psi - 0.2))) : 0.0; /* §6.3 */
    /* §6.3: max(., 0) also turns a NaN quotient (0/0) into 0, as LAMMPS's MAX does. */
    const double dR = gd_max(wc * s->dRnumerator[i] / (s->dRdenominator[i] - 4.0 * GD_PI * R * R), 0.0);
    if (dR > 0.0) s->dRavg[i] += (dR - s->dRavg[i]) / 10.0; /* §6.3: 10-step smoothing */
    /* §6.3: the cap tests dR but the increment is dRavg, so R can end slightly above 1.5 Ro. */
    if (dR > 0.0 && R + dR < 1.5 * Ro) *Rp = R + s->dRavg[i];
  }
  s->Acon0[i] = s->Acon1[i]; /* §6.3 step 2 */
}

void mdr_particle_zero(MdrParticles *s, int64_t i, bool regular) {
  s->ddelta_bar[i] = 0.0; /* §6.3 step 4 */
  if (!regular) return;   /* setup keeps the accumulators (§6.0) */
  s->Vcaps[i] = s->eps_bar[i] = s->dRnumerator[i] = s->dRdenominator[i] = 0.0;
  s->Acon1[i] = s->Atot_sum[i] = 0.0;
  s->sigmaxx[i] = s->sigmayy[i] = s->sigmazz[i] = 0.0;
}

void mdr_prepass_particles(const MdrParams *p, MdrParticles *s, double *radius, int64_t i0, int64_t i1,
                           bool regular) {
  for (int64_t i = i0; i < i1; i++) {
    const bool fresh = mdr_particle_init(s, i, radius[i]);
    if (regular || fresh) mdr_particle_update(p, s, i, &radius[i]);
    mdr_particle_zero(s, i, regular);
  }
}

double mdr_penalty_sigmoid(double alpha) {
  return 1.0 / (1.0 + exp(-50.0 * (alpha / GD_PI - 0.5))); /* §6.3 step 5 */
}

/* Minimum-image separation x_p - x_q of particles p and q (exactly antisymmetric). */
static void separation(const MdrGeometry *g, int64_t p, int64_t q, double d[3]) {
  d[0] = box_min_image(g->x[p] - g->x[q], g->len[0], g->half[0]);
  d[1] = box_min_image(g->y[p] - g->y[q], g->len[1], g->half[1]);
  d[2] = box_min_image(g->z[p] - g->z[q], g->len[2], g->half[2]);
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

double mdr_triple_penalty(const MdrGeometry *g, int64_t a, int64_t b, int64_t c) {
  if (a == b || c == a || c == b) return 0.0;
  double dab[3], dac[3], dbc[3];
  separation(g, a, b, dab);
  separation(g, a, c, dac); /* x_a - x_c: from c towards a */
  separation(g, b, c, dbc); /* x_b - x_c: from c towards b */
  const double r2ab = dot3(dab, dab), r2ac = dot3(dac, dac), r2bc = dot3(dbc, dbc);
  const double rab = sqrt(r2ab), rac = sqrt(r2ac), rbc = sqrt(r2bc);
  const double *R = g->radius;
  /* §6.3 step 5: all three overlaps >= 0 (zero overlap counts). */
  if (!(R[a] + R[b] - rab >= 0.0 && R[a] + R[c] - rac >= 0.0 && R[b] + R[c] - rbc >= 0.0)) return 0.0;
  /* (a, b) must be the longest side; a side is ranked by (r^2, tag of its opposite particle),
   * so an exact tie goes to one side whichever pair evaluates the triple (§6.3: any fixed rule). */
  const int64_t ia = g->id[a], ib = g->id[b], ic = g->id[c];
  const bool beats_ac = r2ab > r2ac || (r2ab == r2ac && ic > ib);
  const bool beats_bc = r2ab > r2bc || (r2ab == r2bc && ic > ia);
  if (!(beats_ac && beats_bc)) return 0.0;
  double cosa = dot3(dac, dbc) / (rac * rbc); /* the angle at c between c->a and c->b */
  cosa = gd_max(-1.0, gd_min(1.0, cosa));     /* rounding may step outside acos's domain */
  return mdr_penalty_sigmoid(acos(cosa));
}

double mdr_pair_penalty(const MdrGeometry *g, int64_t a, int64_t b, const int32_t *cand, int64_t ncand) {
  double p = 0.0;
  for (int64_t k = 0; k < ncand; k++) p += mdr_triple_penalty(g, a, b, cand[k]);
  return p;
}

double mdr_side_displacement(double Delta, double Dmax, double Rs, double Rother, double deltap_s,
                             double deltap_sum, bool own_first, bool *capped) {
  /* §6.4: radical-plane cap heights at Dmax (h_s + h_o = Dmax). */
  const double den = 2.0 * (Rs + Rother - Dmax);
  const double hs = Dmax * (2.0 * Rother - Dmax) / den;
  const double ho = Dmax * (2.0 * Rs - Dmax) / den;
  const bool cap_s = hs / Rs > MDR_OVERLAP_LIMIT, cap_o = ho / Rother > MDR_OVERLAP_LIMIT;
  double dgeo = hs; /* §6.4 overlap cap, in the order of the caller's choice */
  if (own_first) {
    if (cap_s) dgeo = MDR_OVERLAP_LIMIT * Rs;
    else if (cap_o) dgeo = Dmax - MDR_OVERLAP_LIMIT * Rother;
  } else {
    if (cap_o) dgeo = Dmax - MDR_OVERLAP_LIMIT * Rother;
    else if (cap_s) dgeo = MDR_OVERLAP_LIMIT * Rs;
  }
  *capped = cap_s || cap_o;
  /* §6.4: the line through (Dmax, dgeo) and (deltap_sum, deltap_s). */
  return dgeo + (deltap_s - dgeo) * (Delta - Dmax) / (deltap_sum - Dmax);
}

bool mdr_pair_ddelta(const MdrParticles *s, int64_t i, int64_t j, int64_t id_i, int64_t id_j, double Ri,
                     double Rj, double r, double hist[MDR_NHIST], double *inc_i, double *inc_j) {
  *inc_i = *inc_j = 0.0;
  if (r >= Ri + Rj) { /* §6.3 step 5: a pair that no longer touches forgets its history here */
    memset(hist, 0, MDR_NHIST * sizeof *hist);
    return false;
  }
  const double Delta = Ri + Rj - r;
  const double Dmax = gd_max(hist[MDR_DELTA_MAX], Delta); /* §6.3: predicted, not stored */
  const bool i0 = id_i > id_j, i1 = id_i < id_j;           /* §6.2: side 0 = larger tag */
  const int64_t p0 = i0 ? i : j, p1 = i1 ? i : j;
  const double R0 = i0 ? Ri : Rj, R1 = i1 ? Ri : Rj;
  const double dp = hist[MDR_DELTAP_0] + hist[MDR_DELTAP_1];
  bool capped;
  /* §6.3: the fix tests side 0's cap first for both sides. */
  const double d0 = mdr_side_displacement(Delta, Dmax, R0, R1, hist[MDR_DELTAP_0], dp, true, &capped);
  const double d1 = mdr_side_displacement(Delta, Dmax, R1, R0, hist[MDR_DELTAP_1], dp, false, &capped);
  /* dp = Dmax would divide by zero; unreachable here (Delta > 0 and DELTAP_s < DELTAMAX_MDR_s
   * for Y > 0), and the force pass reports it if it ever happens, so add nothing. */
  double inc0 = 0.0, inc1 = 0.0;
  if (dp - Dmax != 0.0) {
    if (s->Acon0[p0] != 0.0) inc0 = hist[MDR_AC_0] / s->Acon0[p0] * (d0 - hist[MDR_DELTA_0]); /* §6.3 */
    if (s->Acon0[p1] != 0.0) inc1 = hist[MDR_AC_1] / s->Acon0[p1] * (d1 - hist[MDR_DELTA_1]); /* §6.3 */
  }
  if (i0) *inc_i += inc0;
  else *inc_j += inc0;
  if (i1) *inc_i += inc1;
  else *inc_j += inc1;
  return true;
}

double mdr_wall_ddelta(const MdrParticles *s, int64_t i, double delta, const double hist[MDR_NHIST]) {
  if (s->Acon0[i] == 0.0) return 0.0;
  return hist[MDR_AC_0] * (delta - hist[MDR_DELTA_0]) / s->Acon0[i]; /* §6.3 step 5, walls */
}

/* ---- the indenter (§6.5) ----------------------------------------------------------------- */

double mdr_fna(double x, double A, double B, double Eeff) {
  const double u = x / A; /* §6.5 F_na, as written (its rounding is LAMMPS's) */
  return (Eeff * A * B / 4.0) * (acos(1.0 - 2.0 * x / A) - (2.0 - 4.0 * x / A) * sqrt(u - u * u));
}

double mdr_g(double a, double A, double B) {
  double g = A / 2.0 - (A / B) * sqrt(B * B / 4.0 - a * a); /* §6.5 */
  if (g > -MDR_EPSILON3 && g < 0.0) g = 0.0;                /* §6.5: round-off below 0 */
  return g;
}

double mdr_critical_radius(double A, double B, double gamma, double Eeff) {
  const double SQRT27 = 5.19615242270663188058;   /* sqrt(27) */
  const double CBRT2 = 1.25992104989487316477;    /* 2^(1/3) */
  const double PI53 = 6.73880859569814128522;     /* pi^(5/3) */
  const double CBRT_PI_2 = 1.16244735150962647557; /* (pi/2)^(1/3) */
  const double PI = GD_PI, E = Eeff, g = gamma;
  const double A2 = A * A, A4 = A2 * A2, B2 = B * B, B4 = B2 * B2, B6 = B4 * B2;
  /* §6.5: T; a negative radicand (very large gamma) gives NaN, and then no detachment. */
  const double T = cbrt(27.0 * A4 * B4 * g / E - 2.0 * B6 * g * g * g * PI * PI / (E * E * E) +
                        SQRT27 * A2 * B4 * sqrt(27.0 * A4 * E * E * g * g - 4.0 * B2 * g * g * g * g * PI * PI) / (E * E));
  /* §6.5: a_crit, the root of 2 A^2 Eeff a^3 + pi gamma B^2 a^2 - pi gamma B^4/4 = 0 (f'(a) = 0). */
  return (-B2 * g * PI / (A2 * E) + CBRT2 * B4 * g * g * PI53 / (A2 * E * E * T) + CBRT_PI_2 * T / A2) / 6.0;
}

double mdr_adhesive_radius(double delta_e, double A, double B, double gamma, double Eeff, double a0,
                           int *iterations) {
  const double SQRT_PI_2 = 1.25331413731550025121; /* sqrt(pi/2) */
  double a = a0;
  int updates = 0;
  for (int it = 0; it < MDR_MAX_IT; it++) { /* §6.5 case 3 */
    const double base = delta_e - A / 2.0 + (A / B) * sqrt(B * B / 4.0 - a * a);
    const double f = base + sqrt(2.0 * GD_PI * a * gamma / Eeff);
    if (fabs(f) < MDR_EPSILON1) break;
    const double fp = -a * A / (B * sqrt(B * B / 4.0 - a * a)) + gamma * SQRT_PI_2 / sqrt(a * gamma * Eeff);
    a = a - f / fp;
    updates++;
    /* f2: the sqrt-free part at the OLD a plus the adhesive term at the new a (§6.5). */
    const double f2 = base + sqrt(2.0 * GD_PI * a * gamma / Eeff);
    if (fabs(f - f2) < MDR_EPSILON2) break;
    if (it == MDR_MAX_IT - 1) a = 0.0; /* no stop in 100 iterations: detachment (§6.5) */
  }
  if (iterations) *iterations = updates;
  return a;
}

/* ---- one side (§6.5) --------------------------------------------------------------------- */

typedef struct SideIn {
  int s;             /* side, 0 or 1 */
  int64_t p;         /* its particle */
  double delta_s;    /* side displacement (§6.4) [m] */
  double R;          /* current radius [m] */
  double w;          /* penalty weight [-] */
  bool hu;           /* history_update */
  bool fresh;        /* DELTA_MAX was exactly 0 before this evaluation (pre-existing overlap) */
} SideIn;

typedef struct SideOut {
  double Fs;     /* F_MDR + F_BULK [N] */
  double a_damp; /* this side's damping radius [m] */
  double wAc;    /* w A_c [m^2] */
  bool warn;     /* setup: would yield at once */
  MdrError err;
} SideOut;

static void side_eval(const MdrParams *p, const MdrParticles *st, const SideIn *in, const double n[3],
                      double *h, MdrAccum *acc, SideOut *out) {
  const int s = in->s;
  const int64_t i = in->p;
  const double R = in->R, Ro = st->Ro[i], ds = in->delta_s, w = in->w;
  const double Eeff = p->Eeff, gamma = p->gamma;
  const bool hu = in->hu;
  out->warn = false;
  out->err = MDR_OK;

  /* Kinematics (§6.5). */
  const double ddelta = ds - h[MDR_DELTA_0 + s];
  const double delta_o = ds - (R - Ro);
  const double ddelta_o = delta_o - h[MDR_DELTAO_0 + s];

  /* MDR/bulk split (§6.5); psi and ddelta_bar from this step's pre-force pass. */
  double dd_mdr = ddelta, dd_bulk = 0.0;
  if (st->psi[i] < p->psi_b) {
    dd_mdr = gd_min(ddelta - st->ddelta_bar[i], ds - h[MDR_DELTA_MDR_0 + s]);
    dd_bulk = st->ddelta_bar[i];
  }
  const double delta_mdr = h[MDR_DELTA_MDR_0 + s] + dd_mdr;
  const double delta_bulk = gd_max(0.0, h[MDR_DELTA_BULK_0 + s] + dd_bulk);
  const double dmax = gd_max(h[MDR_DELTAMAX_MDR_0 + s], delta_mdr);
  h[MDR_DELTAMAX_MDR_0 + s] = dmax; /* §6.2: written in setup too */
  if (hu) {
    h[MDR_DELTA_0 + s] = ds;
    h[MDR_DELTAO_0 + s] = delta_o;
    h[MDR_DELTA_MDR_0 + s] = delta_mdr;
    h[MDR_DELTA_BULK_0 + s] = delta_bulk;
  }

  /* Yield (§6.5): p_Y of the current maximum; the flag takes effect in this evaluation. */
  const double pY = p->Y * (1.75 * exp(-4.4 * dmax / R) + 1.0);
  if (h[MDR_YFLAG_0 + s] == 0.0 && delta_mdr >= dmax) {
    const double pH = 4.0 * Eeff * sqrt(delta_mdr) / (3.0 * GD_PI * sqrt(R)); /* §6.5 mean Hertz pressure */
    if (pH > pY) {
      if (hu) {
        h[MDR_YFLAG_0 + s] = 1.0;
        h[MDR_DELTAY_0 + s] = delta_mdr;
        h[MDR_CA_0 + s] = GD_PI * (delta_mdr * delta_mdr - delta_mdr * R); /* §6.5 c_A, R at yield */
      } else if (in->fresh) {
        out->warn = true; /* §6.5: setup flags no yield; it warns once per model */
      }
    }
  }
  const bool plastic = h[MDR_YFLAG_0 + s] != 0.0;

  /* Indenter parameters (§6.5). */
  double A, B, delta_e, amax;
  if (!plastic) {
    A = 4.0 * R;
    B = 2.0 * R;
    delta_e = delta_mdr;
    amax = sqrt(dmax * R);
  } else {
    amax = sqrt(2.0 * dmax * R - dmax * dmax + h[MDR_CA_0 + s] / GD_PI); /* §6.5 */
    A = 4.0 * pY * amax / Eeff;                                           /* §6.5 */
    B = 2.0 * amax;                                                       /* §6.5 */
    const double demax = A / 2.0;                                         /* §6.5 delta_e,max */
    const double Fmax = mdr_fna(demax, A, B, Eeff); /* §6.5: = pi p_Y a_max^2; the second bracket term is exactly 0 */
    const double zR = R - (dmax - demax);           /* §6.5 */
    const double root = sqrt(amax * amax + zR * zR);
    const double dR = (2.0 * amax * amax * (p->nu - 1.0) - (2.0 * p->nu - 1.0) * zR * (-zR + root)) * Fmax /
                      (2.0 * GD_PI * amax * amax * p->G * root);   /* §6.5 Delta R */
    delta_e = (delta_mdr - dmax + demax + dR) / (1.0 + dR / demax); /* §6.5 */
    if (hu) h[MDR_DELTAP_0 + s] = dmax - (demax + dR);              /* §6.5 residual plastic displacement */
  }

  /* Non-adhesive radius (§6.5); delta_e > A gives NaN, caught below. The tests on delta_e here
   * and in F are written so that a NaN delta_e reaches F and is reported: §6.1 says Y = 0
   * (A = 0, delta_e = 0/0) aborts with "F_MDR is NaN", which needs exactly this (an inference:
   * the spec does not spell out the comparisons' NaN behaviour). */
  const double a_na = delta_e < 0.0 ? 0.0 : B * sqrt(A - delta_e) * sqrt(delta_e) / A;

  /* Force F_MDR (§6.5). a_adh is the local, capped adhesive radius; it feeds the damping. */
  double a_adh = gd_min(h[MDR_AADH_0 + s], MDR_A_FAC * amax);
  double F;
  MdrError nan_err;
  if (!(gamma > 0.0)) { /* gamma = 0 */
    F = delta_e <= 0.0 ? 0.0 : mdr_fna(delta_e, A, B, Eeff);
    if (hu) h[MDR_AADH_0 + s] = a_na;
    nan_err = MDR_ERR_NAN_NONADHESIVE;
    a_adh = a_na; /* §6.5: the damping radius of a non-adhesive side is a_na */
  } else if (delta_mdr == dmax || a_na >= a_adh) { /* case 1: no tensile springs */
    F = delta_e <= 0.0 ? 0.0 : mdr_fna(delta_e, A, B, Eeff);
    if (hu) h[MDR_AADH_0 + s] = MDR_A_FAC * a_na; /* the local a_adh keeps its capped old value (§3.4) */
    nan_err = MDR_ERR_NAN_CASE1;
  } else {
    const double lmax = sqrt(2.0 * GD_PI * a_adh * gamma / Eeff); /* §6.5 l_max */
    const double g_adh = mdr_g(a_adh, A, B);
    const double acrit = mdr_critical_radius(A, B, gamma, Eeff);
    if (delta_e + lmax - g_adh >= 0.0) { /* case 2: springs within their critical length; AADH kept */
      F = mdr_fna(g_adh, A, B, Eeff) + 2.0 * Eeff * (delta_e - g_adh) * a_adh; /* §6.5 */
      nan_err = MDR_ERR_NAN_CASE2;
    } else { /* case 3: the springs exceed l_max, the radius shrinks */
      double a = 0.0;
      F = 0.0;
      if (!(a_adh < acrit)) { /* a NaN a_crit never detaches (§6.5) */
        a = mdr_adhesive_radius(delta_e, A, B, gamma, Eeff, a_adh, NULL);
        if (a < acrit) { /* §6.5: the post-Newton check (NEW only, §6.8) */
          a = 0.0;
        } else {
          const double ga = mdr_g(a, A, B);
          F = mdr_fna(ga, A, B, Eeff) + 2.0 * Eeff * (delta_e - ga) * a; /* §6.5 */
        }
      }
      if (hu) h[MDR_AADH_0 + s] = a; /* 0 after detachment */
      a_adh = a;
      nan_err = MDR_ERR_NAN_CASE3;
    }
  }
  if (isnan(F)) {
    out->err = nan_err;
    return;
  }

  /* Area, bulk and accumulators (§6.5). */
  double Ac = plastic ? GD_PI * (2.0 * ds * R - ds * ds) + h[MDR_CA_0 + s] : GD_PI * ds * R;
  Ac = gd_max(Ac, 0.0);
  const double Fbulk = delta_bulk > 0.0 ? p->kappa * st->Acon0[i] * delta_bulk * Ac / st->Vgeo[i] : 0.0; /* §6.5 */
  const double Fs = F + Fbulk;
  const double eps_c = -w * Fs * (Ro - delta_o) / (3.0 * p->kappa * st->Velas[i]); /* §6.5 */
  if (hu) {
    acc->Atot_sum += w * (Ac - 2.0 * GD_PI * R * (dmax + delta_bulk)); /* §6.5 */
    acc->Acon1 += w * Ac;
    h[MDR_AC_0 + s] = w * Ac;
    acc->Vcaps += (GD_PI / 3.0) * ds * ds * (3.0 * R - ds); /* §6.5 cap volume */
    acc->eps_bar += eps_c;
    if (delta_mdr == dmax && plastic && F > 0.0) { /* §6.5: plastic loading grows the radius */
      const double Vo = 4.0 / 3.0 * GD_PI * Ro * Ro * Ro;
      acc->dRnumerator -= Vo * (eps_c - h[MDR_EPS_BAR_0 + s]);
      acc->dRnumerator -= w * GD_PI * ddelta_o * (2.0 * delta_o * Ro - delta_o * delta_o + R * R - Ro * Ro);
      acc->dRdenominator += w * 2.0 * GD_PI * R * (delta_o + R - Ro);
    }
    h[MDR_EPS_BAR_0 + s] = eps_c;
    const double sf = w * Fs * (Ro - delta_o) / st->Velas[i]; /* §6.5 sigma, diagnostic only */
    acc->sigmaxx -= sf * n[0] * n[0];
    acc->sigmayy -= sf * n[1] * n[1];
    acc->sigmazz -= sf * n[2] * n[2];
  }
  out->Fs = Fs;
  out->a_damp = a_adh;
  out->wAc = w * Ac;
}

/* ---- one contact (§6.4, §6.6, §3.4) ------------------------------------------------------ */

const char *mdr_error_message(MdrError e) {
  switch (e) {
  case MDR_OK: return "no error";
  case MDR_ERR_PARTITION:
    return "the MDR displacement partition divides by zero (DELTAP_0 + DELTAP_1 = DELTA_MAX, e.g. a new "
           "contact at exactly zero overlap; LAMMPS aborts with 'F_MDR is NaN' here)";
  case MDR_ERR_NAN_NONADHESIVE: return "F_MDR is NaN, non-adhesive case";
  case MDR_ERR_NAN_CASE1: return "F_MDR is NaN, case 1: no tensile springs";
  case MDR_ERR_NAN_CASE2: return "F_MDR is NaN, case 2: tensile springs, but not exceeding critical length";
  case MDR_ERR_NAN_CASE3: return "F_MDR is NaN, case 3: tensile springs exceed critical length";
  }
  return "?";
}

static void fail(MdrContactOutput *out, MdrError e, int side) {
  out->err = e;
  out->err_side = side;
  out->F = out->eta = 0.0;
  memset(&out->acc_i, 0, sizeof out->acc_i);
  memset(&out->acc_j, 0, sizeof out->acc_j);
}

MdrError mdr_contact(const MdrParams *p, const MdrParticles *s, const MdrContactInput *in,
                     double hist[MDR_NHIST], MdrContactOutput *out) {
  memset(out, 0, sizeof *out);
  const bool hu = in->history_update;
  const double Delta = in->delta;
  /* §6.4: DELTA_MAX before the side loop, in every evaluation (for a wall it is written too,
   * and read by nothing). DELTAP is read before either side rewrites it. */
  const bool fresh = hist[MDR_DELTA_MAX] == 0.0;
  const double Dmax = gd_max(hist[MDR_DELTA_MAX], Delta);
  hist[MDR_DELTA_MAX] = Dmax;
  const double dp = hist[MDR_DELTAP_0] + hist[MDR_DELTAP_1];

  SideIn si[2];
  SideOut so[2];
  MdrAccum acc[2];
  memset(acc, 0, sizeof acc);
  int nsides;
  bool side_is_i[2];
  if (in->wall) {
    nsides = 1;
    side_is_i[0] = true;
    /* §6.4: a wall side takes the whole overlap, no partition, no cap; w = 1 (§6.6). */
    si[0] = (SideIn){.s = 0, .p = in->i, .delta_s = Delta, .R = in->Ri, .w = 1.0, .hu = hu, .fresh = fresh};
  } else {
    nsides = 2;
    side_is_i[0] = in->id_i > in->id_j; /* §6.2: side 0 = larger tag; equal tags: both j */
    side_is_i[1] = in->id_i < in->id_j;
    const double w = gd_max(1.0 - hist[MDR_PENALTY], 0.0); /* §6.3: w = max(1 - p, 0) */
    for (int k = 0; k < 2; k++) {
      const double Rs = side_is_i[k] ? in->Ri : in->Rj;
      const double Rother = side_is_i[1 - k] ? in->Ri : in->Rj;
      bool capped;
      /* §6.4: each side tests its own cap first in the force pass. */
      const double ds = mdr_side_displacement(Delta, Dmax, Rs, Rother, hist[MDR_DELTAP_0 + k], dp, true, &capped);
      out->capped = out->capped || capped;
      if (dp - Dmax == 0.0 || isnan(ds)) { /* §6.4, §9.13 */
        fail(out, MDR_ERR_PARTITION, k);
        return out->err;
      }
      si[k] = (SideIn){.s = k, .p = side_is_i[k] ? in->i : in->j, .delta_s = ds, .R = Rs, .w = w,
                       .hu = hu, .fresh = fresh};
    }
  }

  double Fsum = 0.0, a_sum = 0.0, Ac_sum = 0.0;
  for (int k = 0; k < nsides; k++) {
    side_eval(p, s, &si[k], in->n, hist, &acc[k], &so[k]);
    if (so[k].err != MDR_OK) {
      fail(out, so[k].err, k);
      return out->err;
    }
    Fsum += so[k].Fs;
    a_sum += so[k].a_damp;
    Ac_sum += so[k].wAc;
    out->warn_preexisting = out->warn_preexisting || so[k].warn;
  }

  /* Combining the sides (§6.6). */
  double F, a_damp, damp_scale;
  if (in->wall) {
    a_damp = a_sum / 2.0; /* §6.6: a_0/2 */
    /* §3.4, §6.6: k_mdr = 2 (Eeff/2)(a_0/2). The docs' k_mdr = 2 E_eff a_mdr matches only with
     * a_mdr = a0/4 for walls; the code is followed (whether intended is unverified, §10). */
    damp_scale = a_damp > 0.0 ? sqrt(in->meff * 2.0 * p->Eeff2particle * a_damp) : 0.0;
    const double wfm = exp(10.7 * hist[MDR_DELTAO_0] / s->Ro[in->i] - 10.0) + 1.0; /* §6.6 wall force magnifier */
    F = so[0].Fs * wfm; /* §6.6: w F_0 wfm, with w = 1 for walls */
  } else {
    a_damp = a_sum; /* §3.4, §6.6: the SUM a_0 + a_1, not the mean (code, not docs; unverified, §10) */
    damp_scale = a_damp > 0.0 ? sqrt(in->meff * 2.0 * p->Eeff * a_damp) : 0.0;
    const double w = si[0].w;
    F = w * Fsum / 2.0; /* §6.6: the mean of the two sides, weighted by the penalty */
  }
  if (hu) hist[MDR_DAMP_SCALE] = damp_scale; /* §3.4: only with history_update */

  /* damping mdr (§3.4), from this contact's DAMP_SCALE (in setup the stored one). */
  const double ds_used = hist[MDR_DAMP_SCALE];
  out->eta = p->d_type == 1 ? p->damp * ds_used : (ds_used != 0.0 ? p->damp : 0.0);
  out->damp_scale = ds_used;
  out->F = F;
  out->a_damp = a_damp;
  out->Ac_avg = Ac_sum / 2.0; /* §6.6 */
  const double Reff = in->wall ? in->Ri : in->Ri * in->Rj / (in->Ri + in->Rj);
  out->a = sqrt(Delta * Reff); /* §1.4: the default contact radius, what the tangential models see */
  for (int k = 0; k < nsides; k++) {
    MdrAccum *dst = side_is_i[k] ? &out->acc_i : &out->acc_j;
    const MdrAccum *a = &acc[k];
    dst->Vcaps += a->Vcaps;
    dst->eps_bar += a->eps_bar;
    dst->dRnumerator += a->dRnumerator;
    dst->dRdenominator += a->dRdenominator;
    dst->Acon1 += a->Acon1;
    dst->Atot_sum += a->Atot_sum;
    dst->sigmaxx += a->sigmaxx;
    dst->sigmayy += a->sigmayy;
    dst->sigmazz += a->sigmazz;
  }
  return MDR_OK;
}
