/* plan.c - the pair loop chosen once (see plan.h). */
#include "plan.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "force.h"
#include "force_mdr.h"
#include "force_simd.h"

static const char *const KIND_NAMES[N_LOOP_KIND] = {
#define X(ID, label) label,
    LOOP_KINDS(X)
#undef X
};

const char *loop_kind_name(LoopKind k) { return KIND_NAMES[k]; }

const char *loop_vector_isa(void) {
#if defined(__AVX512F__) && SIMD_W == 8
  return "AVX-512, 8 doubles a vector";
#elif defined(__AVX2__) && SIMD_W == 4
  return "AVX2, 4 doubles a vector";
#elif defined(__AVX__) && SIMD_W == 4
  return "AVX, 4 doubles a vector";
#else
  return "SSE2, 2 doubles a vector (the scalar loop by default)";
#endif
}

/* GRANDAMP_SIMD=0 or 1 forces the scalar or the vector kernels; by default the vector ones
 * where the build has AVX (kernels.c says why not on the SSE2 baseline), and the mixed loop
 * wherever it is asked for. False only for GRANDAMP_SIMD=0. */
static bool simd_wanted(void) {
  const char *env = getenv("GRANDAMP_SIMD");
  return !(env && *env && strcmp(env, "0") == 0);
}
/* The double vector loop by default, or GRANDAMP_SIMD set to something other than 0. */
static bool simd_double_wanted(void) {
  const char *env = getenv("GRANDAMP_SIMD");
  return env && *env ? strcmp(env, "0") != 0 : SIMD_W >= 4;
}

/* GRANDAMP_FRICTIONLESS=0 keeps the general vector loop for a frictionless model. */
static bool frictionless_wanted(void) {
  const char *env = getenv("GRANDAMP_FRICTIONLESS");
  return !(env && strcmp(env, "0") == 0);
}

/* Every type pair with the same (normal, damping, tangential) ids: one specialised kernel. */
static bool one_model_kind(const ContactModel *models, int ntypes) {
  const ContactModel *m0 = &models[0];
  for (int k = 1; k < ntypes * ntypes; k++) {
    const ContactModel *m = &models[k];
    if (m->normal.model != m0->normal.model || m->damping.model != m0->damping.model ||
        m->tangential.model != m0->tangential.model)
      return false;
  }
  return true;
}

/* True if no type pair has a tangential force: linear_nohistory with x_gamma_t = 0 or mu_t = 0
 * (fmag = min(mu_t Fncrit, x_gamma_t eta_n |v_t|) = 0; the parser's 'no friction'). The
 * vector loops then skip the tangential work (force_simd.h), with the same results bit for
 * bit. */
static bool frictionless(const ContactModel *models, int ntypes) {
  for (int k = 0; k < ntypes * ntypes; k++)
    if (!tangential_frictionless(&models[k].tangential)) return false;
  return true;
}

const char *loop_precision_name(LoopPrecision p) { return p == LOOP_MIXED ? "mixed" : "double"; }

bool loop_precision_parse(const char *s, LoopPrecision *out) {
  if (strcmp(s, "double") == 0) *out = LOOP_DOUBLE;
  else if (strcmp(s, "mixed") == 0) *out = LOOP_MIXED;
  else return false;
  return true;
}

/* Each kind's pass (force.c, force_mdr.c). */
static const ForcePass PASSES[N_LOOP_KIND] = {
    [LOOP_SCALAR] = force_pass_kernel, [LOOP_VECTOR] = force_pass_kernel,
    [LOOP_VECTOR_FRICTIONLESS] = force_pass_kernel, [LOOP_VECTOR_MIXED] = force_pass_kernel,
    [LOOP_VECTOR_FRICTIONLESS_MIXED] = force_pass_kernel, [LOOP_REFERENCE] = force_pass_ref,
    [LOOP_MDR] = force_mdr_pass, [LOOP_MDR_REFERENCE] = force_mdr_pass_ref,
};

static LoopPlan with_kind(LoopPlan p, LoopKind k) {
  p.kind = k;
  p.pass = PASSES[k];
  p.label = KIND_NAMES[k];
  return p;
}

/* The double plan, with why mixed was not run when it was asked. */
static LoopPlan double_plan(LoopPlan p, LoopKind k, LoopPrecision asked, const char *why) {
  p.precision_note = asked == LOOP_MIXED ? why : NULL;
  return with_kind(p, k);
}

LoopPlan loop_plan(const ContactModel *models, int ntypes, ForceStrategy st, bool reference, LoopPrecision prec,
                   int threads) {
  const ContactModel *m0 = &models[0];
  LoopPlan p = {.strategy = st, .full_list = !reference && force_strategy_full_list(st), .threads = threads,
                .precision = LOOP_DOUBLE};
  const NormalModel nm = m0->normal.model;
  if (nm == NORMAL_MDR)
    return double_plan(p, reference ? LOOP_MDR_REFERENCE : LOOP_MDR, prec, "mdr has no mixed-precision loop");
  const DampingModel dm = m0->damping.model;
  const TangentialModel tm = m0->tangential.model;
  const ForceKernel scalar = one_model_kind(models, ntypes) ? force_scalar_kernel(nm, dm, tm, st) : NULL;
  if (reference || !scalar) {
    p.full_list = false;
    return double_plan(p, LOOP_REFERENCE, prec,
                       reference ? "the reference loop is double" : "type pairs of different models run the double reference loop");
  }
  const bool simd = simd_wanted();
  const bool fl_ok = frictionless_wanted() && frictionless(models, ntypes);
  if (prec == LOOP_MIXED && simd) {
    const ForceKernel fl = fl_ok ? force_mixed_kernel_frictionless(nm, dm, st) : NULL;
    const ForceKernel vec = force_mixed_kernel(nm, dm, tm, st);
    if (fl || vec) {
      p.kernel = fl ? fl : vec;
      p.pack = fl ? DRIVE_PACK_NO_SPIN : DRIVE_PACK_ALL;
      p.precision = LOOP_MIXED;
      return with_kind(p, fl ? LOOP_VECTOR_FRICTIONLESS_MIXED : LOOP_VECTOR_MIXED);
    }
  }
  const char *why = !simd ? "GRANDAMP_SIMD=0 asks for the scalar loop, which is double"
                    : !force_simd_kernel(nm, dm, tm, st) ? "only hooke, hertz, hertz/material and dmt have a mixed-precision loop"
                    : st != FORCE_HALF_REDUCE ? "the mixed-precision loop runs with the half-reduce strategy only"
                    : !mixed_stamped(tm, st) ? "the mixed-precision loop covers linear_nohistory, linear_history and mindlin"
                                              : "this build has no mixed-precision kernels (a sanitized build)";
  if (simd_double_wanted()) {
    const ForceKernel fl = fl_ok ? force_simd_kernel_frictionless(nm, dm, st) : NULL;
    const ForceKernel vec = force_simd_kernel(nm, dm, tm, st);
    if (fl || vec) {
      p.kernel = fl ? fl : vec;
      p.pack = fl ? DRIVE_PACK_NO_SPIN : DRIVE_PACK_ALL;
      return double_plan(p, fl ? LOOP_VECTOR_FRICTIONLESS : LOOP_VECTOR, prec, why);
    }
  }
  p.kernel = scalar;
  return double_plan(p, LOOP_SCALAR, prec, why);
}
