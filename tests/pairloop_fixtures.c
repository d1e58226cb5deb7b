/*
 * pairloop_fixtures.c - what the pair-loop tests share: the model texts of every combination,
 * a small polydisperse packing and a set-up simulation of it.
 */
#include <stdlib.h>

#include "packing.h"
#include "tests.h"

const char *const LOOP_NORMAL_TEXT[5] = {"hooke 2000 %g", "hertz 4e4 %g", "hertz/material 1e5 %g 0.3",
                                    "dmt 1e5 %g 0.3 0.02", "jkr 1e5 %g 0.3 0.02"};
/* Every damping model by its DampingModel index (the list of damping.h; mdr, last, has no
 * stamped kernel and model_text refuses it). */
const char *const LOOP_DAMPING_WORD[N_DAMPING] = {
#define X(ID, id, name, nc, fl, form) name,
    DAMPING_MODELS(X)
#undef X
};
const char *const LOOP_TANG_TEXT[6] = {"linear_nohistory 0.5 0.3", "linear_history 800 0.5 0.3",
                                  "mindlin 2e4 0.5 0.3", "mindlin/force NULL 0.5 0.3",
                                  "mindlin_rescale 2e4 0.5 0.3", "mindlin_rescale/force NULL 0.5 0.3"};

/* A small polydisperse packing with overlaps and motion, built on the given thread count. */
void small_packing_threads(Particles *p, Box *b, int64_t n, uint64_t seed, int threads) {
  PackingSpec s = packing_defaults();
  s.type = PACKING_RANDOM;
  s.n = n;
  s.seed = seed;
  s.phi = 0.68;
  s.overlap = 0.01;
  s.velocity = 0.05;
  s.spin = 0.2;
  s.threads = threads;
  packing_make(&s, p, b);
}

void small_packing(Particles *p, Box *b, int64_t n, uint64_t seed) { small_packing_threads(p, b, n, seed, 0); }

bool model_text(int in, int id, int it, char *text, size_t size) {
  const NormalModel nm = (NormalModel)in; /* LOOP_NORMAL_TEXT is in NormalModel order */
  const DampingModel dm = (DampingModel)id;
  if (!model_combo_allowed(nm, dm)) return false;
  const bool restitution = damping_model_flags(dm) & DFLAG_RESTITUTION; /* damp is e: in (0, 1] */
  char normal[64];
  snprintf(normal, sizeof normal, LOOP_NORMAL_TEXT[in], restitution ? 0.7 : 0.3);
  if (it % 2 == 1 && strstr(LOOP_TANG_TEXT[it], "NULL") && !(normal_model_flags(nm) & NFLAG_MATERIAL))
    return false; /* NULL needs a material */
  snprintf(text, size, "%s tangential %s damping %s", normal, LOOP_TANG_TEXT[it], LOOP_DAMPING_WORD[id]);
  return true;
}

Sim fixture_sim(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref) {
  return fixture_sim_threads(src, b, text, st, ref, 0);
}

Sim fixture_sim_threads(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref, int threads) {
  return fixture_sim_precision(src, b, text, st, ref, LOOP_DOUBLE, threads);
}

Sim fixture_sim_precision(const Particles *src, const Box *b, const char *text, ForceStrategy st, bool ref,
                          LoopPrecision prec, int threads) {
  ErrList err = {0};
  ContactModel *m = malloc(sizeof *m);
  if (model_parse(text, m, &err)) {
    errlist_print(&err, stderr);
    fail_msg("refused: %s", text);
  }
  Particles p;
  particles_copy(&p, src);
  Sim s;
  sim_init(&s, &p, b, m, 1, st, ref, prec, threads, 0.05, 2e-3);
  const char *why = NULL;
  if (!sim_setup(&s, &why)) fail_msg("setup failed: %s", why);
  return s;
}

/* Forces and torques of a and b agree per atom: |d| <= tol (|f_i| + mean |f|). */
void assert_same_forces(const Sim *a, const Sim *b, double tol, const char *what) {
  const int64_t n = a->p.n;
  double mean_f = 0, mean_t = 0;
  for (int64_t i = 0; i < n; i++) {
    mean_f += sqrt(a->p.fx[i] * a->p.fx[i] + a->p.fy[i] * a->p.fy[i] + a->p.fz[i] * a->p.fz[i]) / n;
    mean_t += sqrt(a->p.tx[i] * a->p.tx[i] + a->p.ty[i] * a->p.ty[i] + a->p.tz[i] * a->p.tz[i]) / n;
  }
  for (int64_t i = 0; i < n; i++) {
    if (a->p.id[i] != b->p.id[i]) fail_msg("%s: particle order differs at %lld", what, (long long)i);
    const double df[3] = {a->p.fx[i] - b->p.fx[i], a->p.fy[i] - b->p.fy[i], a->p.fz[i] - b->p.fz[i]};
    const double dt[3] = {a->p.tx[i] - b->p.tx[i], a->p.ty[i] - b->p.ty[i], a->p.tz[i] - b->p.tz[i]};
    const double f = sqrt(a->p.fx[i] * a->p.fx[i] + a->p.fy[i] * a->p.fy[i] + a->p.fz[i] * a->p.fz[i]);
    const double t = sqrt(a->p.tx[i] * a->p.tx[i] + a->p.ty[i] * a->p.ty[i] + a->p.tz[i] * a->p.tz[i]);
    if (sqrt(df[0] * df[0] + df[1] * df[1] + df[2] * df[2]) > tol * (f + mean_f) ||
        sqrt(dt[0] * dt[0] + dt[1] * dt[1] + dt[2] * dt[2]) > tol * (t + mean_t))
      fail_msg("%s: atom %lld force (%.17g %.17g %.17g) vs (%.17g %.17g %.17g)", what, (long long)a->p.id[i],
               a->p.fx[i], a->p.fy[i], a->p.fz[i], b->p.fx[i], b->p.fy[i], b->p.fz[i]);
  }
}

/* Same positions and velocities, forces and torques bit for bit. */
bool same_state_bits(const Sim *a, const Sim *c) {
  const size_t bytes = (size_t)a->p.n * sizeof(double);
  return memcmp(a->p.fx, c->p.fx, bytes) == 0 && memcmp(a->p.fy, c->p.fy, bytes) == 0 &&
         memcmp(a->p.fz, c->p.fz, bytes) == 0 && memcmp(a->p.tx, c->p.tx, bytes) == 0 &&
         memcmp(a->p.ty, c->p.ty, bytes) == 0 && memcmp(a->p.tz, c->p.tz, bytes) == 0 &&
         memcmp(a->p.x, c->p.x, bytes) == 0 && memcmp(a->p.vy, c->p.vy, bytes) == 0 &&
         memcmp(a->p.wz, c->p.wz, bytes) == 0;
}
