/*
 * contact_lanes.h - contact_force() of contact.h for SIMD_W pairs at once, one pair per lane:
 * the same operations in the same order, its selects as lane masks, so a lane's results are
 * the scalar contact's bit for bit; and its mixed-precision twin for 2 SIMD_W pairs (the law in
 * single precision, lane_contact_mixed). The law after the geometry is written once, in
 * contact_lanes_law.h, for both. A physics change edits that file and contact.h, its
 * neighbour. Covers hooke, hertz, hertz/material and dmt with every damping form and
 * tangential model they allow (jkr and mdr run the scalar kernels). The lane arithmetic is
 * src/base/lanes.h; the rows, gathers and scatters around it are src/loop/force_simd.h.
 */
#ifndef GD_CONTACT_LANES_H
#define GD_CONTACT_LANES_H

#include <string.h>

#include "contact.h"
#include "lanes.h"

/* The law after the geometry, once on doubles (the double loop: contact_force() bit for bit)
 * and once on floats (the mixed-precision loop): SimdParams, simd_params, LaneLawIn, LaneContact,
 * lane_law, and the same with _f on SimdF. */
#define LANE_T SimdD
#define LANE_M SimdM
#define LANE_S double
#define LANE_MS int64_t
#define LANE_N SIMD_W
#define LANE_(name) name
#define L_SPLAT simd_splat
#define L_SEL simd_sel
#define L_SQRT simd_sqrt
#define L_MAX simd_max
#define L_MIN simd_min
#define L_ANY simd_any
#define L_ABS simd_abs
#include "contact_lanes_law.h"

#define LANE_T SimdF
#define LANE_M SimdMF
#define LANE_S float
#define LANE_MS int32_t
#define LANE_N SIMDF_W
#define LANE_(name) name##_f
#define L_SPLAT simdf_splat
#define L_SEL simdf_sel
#define L_SQRT simdf_sqrt
#define L_MAX simdf_max
#define L_MIN simdf_min
#define L_ANY simdf_any
#define L_ABS simdf_abs
#include "contact_lanes_law.h"

/* One pair per lane, as the double loop gathers it (a wall has no vector loop): the law's input,
 * its geometry fields filled by lane_geometry. */
typedef LaneLawIn LanePair;

/* Whether off-contact lanes give zero outputs unmasked: with linear_nohistory on a non-cohesive
 * model, a lane that does not touch (dead lanes included: r = 0) gets n = 0 and Fntot = 0, hence
 * Fscrit = 0, |fs| = 0 and zero force, torques and tangential power (+0.0 or -0.0, which the sums
 * and records take exactly; inputs finite), some 6 vector operations fewer per step. dmt
 * (pull-off force off contact) and the history models (stored springs) keep their masks. */
GD_INLINE bool lane_zero_off(NormalModel nm, TangentialModel tm) {
  return tm == TANGENTIAL_LINEAR_NOHISTORY && nm != NORMAL_DMT;
}

/* Step 1 of §4 (§1.1) in double: touching, overlap and unit normal of SIMD_W pairs, into in. */
GD_INLINE void lane_geometry(LanePair *in, bool zero_off) {
  const SimdD zero = simd_splat(0.0);
  const SimdD dx0 = in->dx[0], dx1 = in->dx[1], dx2 = in->dx[2];
  const SimdD rsq = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
  const SimdD radsum = in->Ri + in->Rj;
  const SimdM on = (rsq < radsum * radsum) & in->live;
  const SimdD r = simd_sqrt(rsq), rinv = zero_off ? simd_sel(on, 1.0 / r, zero) : 1.0 / r;
  in->n[0] = dx0 * rinv, in->n[1] = dx1 * rinv, in->n[2] = dx2 * rinv;
  in->delta = simd_sel(on, radsum - r, zero);
  in->on = on;
}

/* Steps 1-9 of §4 (docs/models.md) for SIMD_W pairs in double: contact_force() lane-wise, bit
 * for bit. h[0..3] is the lanes' tangential history (history models; zeroed on lanes not
 * touching), q the lanes' coefficients. frictionless (linear_nohistory only): every lane's
 * tangential force is +-0, so it is not computed and the loop reads neither ti, tj, pt nor pf
 * (force_simd.h says why that is bit for bit). limit_any: some lane may have limit_damping. */
GD_INLINE void lane_contact(NormalModel nm, DampingForm df, TangentialModel tm, bool frictionless, bool limit_any,
                            const SimdParams *qp, LanePair *in, double dt, bool history_update, SimdD h[4],
                            LaneContact *c) {
  const bool zero_off = lane_zero_off(nm, tm);
  lane_geometry(in, zero_off);
  lane_law(nm, df, tm, frictionless, limit_any, zero_off, qp, in, dt, history_update, h, c);
}

/* What lane_contact_mixed reads of the rows in single precision, rounded once per row group:
 * radius, mass, spin (the LanePairs' Ri, mi, wi). */
typedef struct LaneRow_f {
  SimdF R, m, w[3];
} LaneRow_f;
GD_INLINE LaneRow_f lane_row_f(const LanePair in[2], bool spins) {
  const SimdF zero = simdf_splat(0);
  LaneRow_f r = {.R = simd_narrow(in[0].Ri, in[1].Ri), .m = simd_narrow(in[0].mi, in[1].mi), .w = {zero, zero, zero}};
  if (spins)
    for (int d = 0; d < 3; d++) r.w[d] = simd_narrow(in[0].wi[d], in[1].wi[d]);
  return r;
}

/* The mixed-precision contact of 2 SIMD_W pairs (SIMDF_W lanes; in[0] the first SIMD_W), as
 * lane_contact but: in double the separation, the touching test (lane_contact's, so the same
 * contacts) and the overlap's numerator (R_i + R_j)^2 - r^2, where the cancellation is; then in
 * single precision the normal dx / r, the overlap (numerator / (R_i + R_j + r), equal to
 * R_i + R_j - r without its cancellation), and lane_law_f; the outputs widened back to double
 * for the sums. h: each half's history in double, rounded to single for the step. The error
 * bound against lane_contact: docs/pair-loop.md, "Mixed precision". */
GD_INLINE void lane_contact_mixed(NormalModel nm, DampingForm df, TangentialModel tm, bool frictionless,
                                  bool limit_any, const SimdParams_f *qp, const LanePair in[2],
                                  const LaneRow_f *row, float dt, bool history_update, SimdD h[2][4],
                                  LaneContact c[2]) {
  const bool zero_off = lane_zero_off(nm, tm);
  const SimdF zero = simdf_splat(0);
  SimdD rsq[2], num[2];
  SimdM on[2];
  for (int p = 0; p < 2; p++) {
    const SimdD dx0 = in[p].dx[0], dx1 = in[p].dx[1], dx2 = in[p].dx[2];
    rsq[p] = dx0 * dx0 + dx1 * dx1 + dx2 * dx2;
    const SimdD radsum = in[p].Ri + in[p].Rj;
    on[p] = (rsq[p] < radsum * radsum) & in[p].live;
    num[p] = radsum * radsum - rsq[p];
  }
#define NARROW(field) simd_narrow(in[0].field, in[1].field)
  LaneLawIn_f law = {.on = simd_narrow_mask(on[0], on[1]), .vr = {NARROW(vr[0]), NARROW(vr[1]), NARROW(vr[2])},
                     .Ri = row->R, .Rj = NARROW(Rj), .mi = row->m, .mj = NARROW(mj)};
  if (!frictionless)
    for (int d = 0; d < 3; d++) law.wi[d] = row->w[d], law.wj[d] = NARROW(wj[d]);
  const SimdF r = simdf_sqrt(simd_narrow(rsq[0], rsq[1]));
  const SimdF rinv = zero_off ? simdf_sel(law.on, 1 / r, zero) : 1 / r;
  for (int d = 0; d < 3; d++) law.n[d] = NARROW(dx[d]) * rinv;
#undef NARROW
  law.delta = simdf_sel(law.on, simd_narrow(num[0], num[1]) / (law.Ri + law.Rj + r), zero);
  const int hs = tangential_nhist(tm);
  SimdF hf[4] = {zero, zero, zero, zero};
  for (int k = 0; k < hs; k++) hf[k] = simd_narrow(h[0][k], h[1][k]);
  LaneContact_f cf;
  lane_law_f(nm, df, tm, frictionless, limit_any, zero_off, qp, &law, dt, history_update, hf, &cf);
  for (int p = 0; p < 2; p++) {
    for (int k = 0; k < hs; k++) h[p][k] = simd_widen(hf[k], p);
    c[p] = (LaneContact){.on = on[p]}; /* out is not widened: the loops read on */
    c[p].delta = simd_widen(cf.delta, p);
    for (int d = 0; d < 3; d++) c[p].f[d] = simd_widen(cf.f[d], p);
    c[p].pn = simd_widen(cf.pn, p);
    if (frictionless) continue;
    for (int d = 0; d < 3; d++) c[p].ti[d] = simd_widen(cf.ti[d], p), c[p].tj[d] = simd_widen(cf.tj[d], p);
    c[p].pt = simd_widen(cf.pt, p), c[p].pf = simd_widen(cf.pf, p);
  }
}

#endif
