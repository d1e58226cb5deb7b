/*
 * ode_ref.h - the continuous-time reference of the verifier: the head-on contact ODE
 *
 *     m_eff δ'' = −F_ntot(δ, δ'),   δ(0) = 0,  δ'(0) = v0 > 0,
 *
 * integrated to near machine precision (docs/verification.md §0, §7 item 1). F_ntot is the
 * total normal force of the verifier's own force law (verify/oracle/law.h, written independently of
 * src/: elastic + damping, cohesion and the limit_damping clamp included), so every normal x
 * damping model but mdr (stateful) is covered.
 *
 * Sign conventions: δ is the overlap (> 0 in contact), δ' = −vnnr its rate (> 0 on approach),
 * F_ntot > 0 pushes the bodies apart. e = −δ'(t_end)/v0.
 *
 * End of contact (§0):
 *   ODE_DELTA_END  δ returns to 0 (LAMMPS default); for jkr, δ reaches −d_po (§1.5 of
 *                  docs/models.md: a touching JKR contact holds down to the pull-off
 *                  distance). With limit_damping the clamped ODE itself is integrated: once the
 *                  total force has reached 0 the pair flies apart at constant speed, so e equals
 *                  the ODE_FORCE_END value and only t_c and the work ledger differ.
 *   ODE_FORCE_END  the unclamped total force F_ne + F_damp first returns to 0 from above
 *                  (Schwager & Pöschel 2007).
 *
 * Energy ledger (§5): W = ∫ (F_ntot − F_ne) δ' dt is the work of the damping force actually
 * applied (η δ'² without the clamp; −F_ne δ' while limit_damping clamps F_ntot to 0), and
 * U_F = ∫_0^{δ_end} F_ne dδ the elastic energy still stored at the end event, so that
 *     ½ m_eff v_end² + U_F + W = E0   (1 − e² = (W + U_F)/E0),
 * with U_F = 0 for a δ-end at δ = 0 (every model but the jkr pull-off).
 *
 * Method: Dormand–Prince 5(4) with adaptive steps (ode_ref.c explains the phase-plane
 * segments next to δ = 0 and the event location).
 */
#ifndef GD_ODE_REF_H
#define GD_ODE_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "law.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Default relative tolerance of the step control. */
#define ODE_RTOL_DEFAULT 1e-14

/** A contact still open after this many elastic collision times (law_elastic_time) is
 *  reported as captured; the same limit as the verifier's VERIFY_MAX_TC. */
#define ODE_MAX_TC 50.0

/** End-of-contact criterion (docs/verification.md §0). */
typedef enum OdeEnd {
  ODE_DELTA_END, /**< δ back to 0 (jkr: δ = −d_po) */
  ODE_FORCE_END  /**< F_ne + F_damp back to 0 */
} OdeEnd;

/** The result of one reference collision. */
typedef struct OdeCollision {
  double e;         /**< coefficient of restitution −δ'(t_end)/v0; 0 when captured [-] */
  double t_c;       /**< contact duration, onset (δ = 0) to the end event; INFINITY when captured [s] */
  double delta_max; /**< largest overlap [m] */
  double delta_end; /**< overlap at the end event: 0, −d_po (jkr), or δ_F (force-end) [m] */
  double W;         /**< applied damping work ∫ (F_ntot − F_ne) δ' dt over the contact [J] */
  double U_F;       /**< elastic energy stored at the end event, ∫_0^{δ_end} F_ne dδ [J] */
  double E0;        /**< ½ m_eff v0² [J] */
  double t_elastic; /**< the elastic collision time that scales the run (law_elastic_time) [s] */
  int64_t steps;    /**< accepted integration steps (event location not counted) */
  bool captured;    /**< no end event within ODE_MAX_TC elastic times: δ' → 0 inside the contact */
} OdeCollision;

/** Integrates one head-on collision of the force law m (from law_parse) with effective
 *  radius Reff [m], effective mass meff [kg] and approach speed v0 [m/s], ended by `end`, at
 *  relative tolerance rtol (<= 0: ODE_RTOL_DEFAULT; values below 1e-15 are raised to it).
 *  Returns false, with *out zeroed, when an argument is invalid (no model; non-positive or
 *  non-finite Reff, meff or v0) or the step budget runs out. */
bool ode_collide(const LawModel *m, double Reff, double meff, double v0, OdeEnd end, double rtol,
                 OdeCollision *out);

#ifdef __cplusplus
}
#endif
#endif
