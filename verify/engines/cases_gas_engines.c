/*
 * cases_gas_engines.c - the cooling gas in an outside engine: the same gas file (its Velocities
 * included), the same calibrated model text and the same expectation and band as grandamp's own
 * gas cases (verify/cases/cases_gas.c), T(t) = 2 KE / 3N from the engine's own output. The
 * statistical part of the band uses Enskog's collision count along the expectation, since the
 * engine does not count collisions. Named engine/NAME/gas/<row>/N=8000/T (quick: 1000).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "datafile.h"
#include "engine_cases.h"
#include "error.h"
#include "gas_cases.h"
#include "judge.h"
#include "rows.h"

/* The engine runs the row's model as grandamp writes it only where its law is grandamp's: not
 * LAMMPS 29Sep2021's tsuji (its tsuji/legacy, a known defect its collisions show). */
static const char *gas_not_here(const Engine *eng, const GasRow *g) {
  const char *native;
  if (!eng->supports(g->normal, g->damping, &native)) return native;
  /* a gas run takes the model as the engine's timing runs do (nohistory, frictionless) */
  if (eng->bench_supports && !eng->bench_supports(g->normal, g->damping, "nohistory", &native)) return native;
  if (!strcmp(eng->name, "lammps") && !strcmp(g->damping, "tsuji"))
    return "LAMMPS 29Sep2021's tsuji lacks the sqrt 2 (known defect, judged in its collisions)";
  if (!strcmp(eng->name, "yade") && strcmp(g->normal, "hooke"))
    return "Yade's MindlinPhys(en) aims at e = en by Thornton's fit, another law (judged in its collisions)";
  return NULL;
}

void cases_gas_engines(Verifier *v, EngineCtx *ctx, const Engine *eng) {
  if (v->planning) return; /* no collision to batch */
  GasSetup su = gas_setup(v->quick ? 1000 : 8000);
  su.limit_damping = eng->force_end; /* its laws clamp the force: the expectation's too */
  const int64_t n = su.n;
  const CaseKey outer = v->key;
  case_key_set(v->key.family, sizeof v->key.family, "gas");
  case_key_set(v->key.quantity, sizeof v->key.quantity, "T");
  char group[64], data[4300] = "";
  snprintf(group, sizeof group, "engine.%s", eng->name);
  for (int k = 0; k < gas_row_count(); k++) {
    const GasRow *g = gas_row_at(k);
    const Row *r = row_find(g->normal, g->damping);
    if (!r || g->not_judged || gas_not_here(eng, g)) continue;
    if (v->quick && k > 0) break;
    char id[64];
    row_id(r, id, sizeof id);
    row_id(r, v->key.row, sizeof v->key.row);
    if (!case_begin(v, group, "engine/%s/gas/%s/N=%lld/T", eng->name, id, (long long)n)) continue;
    if (!eng->gas) {
      case_skip(v, "grandamp's adapter for this engine has no gas run yet");
      continue;
    }
    char why[512] = "";
    GasPlan pl;
    if (!gas_plan(g, &su, &pl, why, sizeof why)) {
      case_end(v, NAN, 1.0, 0.0, "%s", why);
      continue;
    }
    if (!data[0]) { /* the gas, once per engine, as grandamp's cases build it */
      snprintf(data, sizeof data, "%s/gas-%lld.data", engine_workdir(ctx), (long long)n);
      Particles p;
      Box b;
      const PackingSpec spec = gas_spec(&su, verify_threads_for(v, n));
      packing_make(&spec, &p, &b);
      if (!datafile_write(data, &p, &b, "grandamp verifier: the cooling gas")) gd_die(GD_EXIT_RUNTIME, "verify: cannot write %s", data);
      particles_free(&p);
    }
    EngineGas eg = {.data_file = data, .atoms = (long)n, .pair_coeff = pl.text, .normal = g->normal,
                    .damping = g->damping, .kn = pl.kn, .E = pl.E, .nu = pl.nu, .damp = pl.coeff, .dt = pl.dt,
                    .skin = su.skin, .steps = (long)pl.steps, .every = pl.every};
    EngineGasResult res;
    const bool ran = engine_gas(v, ctx, eng, &eg, &res, why, sizeof why);
    double T[GAS_OUT + 1], ratio = NAN, band = 0.0;
    if (ran && res.n == GAS_OUT + 1) {
      for (int q = 0; q <= GAS_OUT; q++) T[q] = 2.0 * res.ke[q] / (3.0 * (double)n);
      gas_judge(&pl, T, NULL, &ratio, &band);
    }
    char src[256];
    snprintf(src, sizeof src, "kinetic theory with the model's e(g), as gas/%s (%s): T/T_theory at the curve's worst point",
             id, res.version);
    engine_verdict(v, ctx, eng, ran, why, QTY_TC, ratio, 1.0, band, NULL, src);
  }
  v->key = outer;
}
