/*
 * cases_calibrate_engines.c - `grandamp calibrate`'s engine lines, run: for each damping model
 * whose calibrated coefficient an engine takes under the same law (Engine.calibrated), the
 * coefficient grandamp solves for e = 0.5 and 0.8 at 1 m/s (two 5 mm spheres of glass on
 * hertz/material, and on hooke) runs inside the engine, and the engine's e is judged against the
 * target itself: within the row's f dt/t_c at the engine's dt = t_c/200 (docs/verification.md §7.2)
 * plus the calibration's own error (f/2000 + its tolerance). The expectation is the user's e, not
 * grandamp's output. The engine's end criterion is the calibration's (Engine.force_end).
 * Cases engine/NAME/calibrate/NORMAL/DAMPING/e=TARGET/e.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "engine_cases.h"
#include "model.h"
#include "rows.h"

#define STEPS_PER_TC 200.0

void cases_calibrate_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  if (!eng->calibrated || v->quick) return;
  static const double TARGETS[] = {0.5, 0.8};
  for (int hooke = 0; hooke < 2; hooke++) {
    const CalibrateSpec base = {.normal = hooke ? NORMAL_HOOKE : NORMAL_HERTZ_MATERIAL, .E = 48e9, .nu = 0.2,
                                .kn = 1e5, .rho = 2800.0, .Ri = 0.005, .Rj = 0.005, .v_ref = 1.0,
                                .limit_damping = eng->force_end};
    const char *normal = hooke ? "hooke" : "hertz/material";
    for (int d = 0; d < N_DAMPING; d++) {
      const DampingModel dm = (DampingModel)d;
      if (!calibrate_model(base.normal, dm)) continue;
      EngineCase c = {.normal = normal, .damping = damping_name(dm), .kn = base.kn, .E = base.E, .nu = base.nu,
                      .damp = 0.5, .Ri = base.Ri, .Rj = base.Rj, .rho = base.rho, .v0 = base.v_ref};
      char lines[2048];
      if (!eng->calibrated(&c, 0.5, lines, sizeof lines)) continue; /* another law: nothing to run */
      const Row *r = row_find(normal, damping_name(dm));
      if (!r) continue;
      for (size_t t = 0; t < sizeof TARGETS / sizeof *TARGETS; t++) {
        char name[192], group[96];
        snprintf(group, sizeof group, "engine.%s", eng->name);
        snprintf(name, sizeof name, "engine/%s/calibrate/%s/%s/e=%g", eng->name, hooke ? "hooke" : "hertz_material",
                 damping_name(dm), TARGETS[t]);
        CalibrateSpec s = base;
        s.e_target = TARGETS[t];
        CalibrateResult res;
        double tc = 1e-5;
        if (case_wanted(v, group, "%s/e", name)) {
          if (!calibrate_solve(&s, dm, &res) || !res.reachable) {
            case_begin(v, group, "%s/e", name);
            case_end(v, NAN, TARGETS[t], 0.0, "calibrate found no coefficient: %s", res.why);
            continue;
          }
          CalibrateRun run;
          if (calibrate_collide(&s, dm, res.coeff, s.Ri, s.Rj, s.v_ref, 0, &run)) tc = run.dt / run.dt_over_tc;
          c.damp = res.coeff;
        }
        c.dt = tc / STEPS_PER_TC;
        c.t_run = 2.0 * tc + 10.0 * c.dt; /* the damped contact lasts at most about 1.1 t_c,el */
        char src[200];
        snprintf(src, sizeof src, "the target e of the calibration; %s, plus the calibration's f/2000 + 1e-7", r->f_src);
        engine_judge(v, ctx, eng, name, &c, NULL, TARGETS[t], r->f / STEPS_PER_TC + r->f / 2000.0 + 1e-7, src, 0.0, NULL);
      }
    }
  }
}
