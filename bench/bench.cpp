/*
 * bench.cpp - the grandamp benchmark matrix: a thin Google Benchmark (1.7.1) wrapper over the
 * C library.
 *
 * Families (the first field of every benchmark name, which bench/bench_csv.sh splits on '/'):
 *   model     every damping model on its natural normal models, tangential off and mindlin,
 *             and once (tangential off) on every other normal model it may run with: the rows
 *             are derived from the model lists (model_rows);
 *   strategy  the three OpenMP strategies x threads 1..nproc for hertz/material + tsuji;
 *   precision the natural model rows, frictionless and mindlin, on 1 thread with half-reduce,
 *             in double and in mixed precision (the strategy field holds the precision);
 *   size      hertz/material + tsuji over N (32k .. 4M);
 *   geometry  the floor: the same list and writes with the force law replaced by delta n;
 *   probe     this machine's ceilings: memory bandwidth (STREAM triad) and sqrt+div
 *             throughput at the vector loop's width.
 * Name: <family>/<normal>/<damping>/<tangential>/<packing>/<strategy>/n:<N>/threads:<T>.
 * Packings and neighbour lists are built outside the timed region; one iteration is one force
 * pass with history update. Counters: pairs_per_s, contacts_per_s, atom_steps_per_s (kIsRate),
 * bytes_per_particle, pairs_per_atom, and the fractions of this machine's ceilings measured by
 * the probes (which run first): frac_sqrtdiv = pairs/s x sqrtdiv_per_pair / (sqrt+div)/s of the
 * probe, frac_bandwidth = pairs/s x bytes_per_pair / triad bytes/s, where sqrtdiv_per_pair is
 * counted from the code path of the model (the kernels are branch-free: every listed pair
 * pays it) and bytes_per_pair is the traffic of a pair if nothing of j were cached (an upper
 * bound; the cell sort keeps most of it in cache). Options after the Google Benchmark ones:
 *   --quick   the smoke matrix (small N, few models), for `make bench QUICK=1` and CI;
 *   --load-out=FILE  the load before and after the matrix as CSV (src/base/sysload.h); the
 *             "before" reading is in the JSON's context too, and a busy machine is warned of on
 *             stderr at the start and the end (docs/benchmark.md, "A busy machine").
 */
#include <benchmark/benchmark.h>
#include <errno.h>
#if defined(__SSE2__)
#include <immintrin.h>
#endif
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "build_info.h"
#include "contact.h"
#include "datafile.h"
#include "error.h"
#include "force.h"
#include "model.h"
#include "packing.h"
#include "plan.h"
#include "sim.h"
#include "sysload.h"
}

namespace {

/* The bench's coefficients of each normal model (the restitution models
 * read damp = 0.5 as e). mdr has its own rows (make_mdr_case). */
const char *normal_text(NormalModel nm) {
  switch (nm) {
  case NORMAL_HOOKE: return "hooke 2000 0.5";
  case NORMAL_HERTZ: return "hertz 1e5 0.5";
  case NORMAL_HERTZ_MATERIAL: return "hertz/material 1e6 0.5 0.3";
  case NORMAL_DMT: return "dmt 1e6 0.5 0.3 0.01";
  case NORMAL_JKR: return "jkr 1e6 0.5 0.3 0.01";
  case NORMAL_MDR:
  case N_NORMAL: break;
  }
  return nullptr;
}
/* The natural normal models of each damping form: velocity and mass_velocity on hooke and
 * hertz, the rest on hertz/material. There a damping model runs with both tangential models
 * and in the LAMMPS comparison; on every other normal model it allows it runs once, without
 * friction, so that each combination the model check accepts has a row. */
unsigned natural_normals(DampingForm f) {
  switch (f) {
  case DFORM_CONSTANT:
  case DFORM_MASS: return 1u << NORMAL_HOOKE | 1u << NORMAL_HERTZ;
  case DFORM_VISCO:
  case DFORM_RESTITUTION: return 1u << NORMAL_HERTZ_MATERIAL;
  case DFORM_MDR:
  case N_DFORM: break;
  }
  return 0u;
}

struct Row { /* one damping model on one normal model */
  NormalModel normal;
  DampingModel damping;
  bool natural; /* both tangential models and LAMMPS; else the frictionless row only */
  const char *normal_name() const { return NORMAL_IDS[normal]; }
  const char *damping_name() const { return DAMPING_IDS[damping]; }
  static const char *const NORMAL_IDS[N_NORMAL], *const DAMPING_IDS[N_DAMPING];
};
/* Benchmark names spell the models by their list ids: hertz_material, tsuji_legacy. */
const char *const Row::NORMAL_IDS[N_NORMAL] = {
#define X(ID, id, name, nc, fl, cn, kern) #id,
    NORMAL_MODELS(X)
#undef X
};
const char *const Row::DAMPING_IDS[N_DAMPING] = {
#define X(ID, id, name, nc, fl, form) #id,
    DAMPING_MODELS(X)
#undef X
};

/* Every damping model of the list on every normal model it may run with (model_combo_allowed),
 * damping model by damping model; the elastic baseline (DFLAG_ELASTIC) has no natural row. */
std::vector<Row> model_rows() {
  std::vector<Row> rows;
  for (int d = 0; d < N_DAMPING; d++)
    for (int n = 0; n < N_NORMAL; n++) {
      const DampingModel dm = (DampingModel)d;
      const NormalModel nm = (NormalModel)n;
      if (!normal_text(nm) || !model_combo_allowed(nm, dm)) continue;
      const bool natural = (natural_normals(damping_form(dm)) >> nm & 1u) && !(damping_model_flags(dm) & DFLAG_ELASTIC);
      rows.push_back(Row{nm, dm, natural});
    }
  return rows;
}
const std::vector<Row> ROWS = model_rows();

const char *TANGENTIAL[][2] = {{"nohistory", "linear_nohistory 0 0"}, {"mindlin", "mindlin NULL 1.0 0.4"}};
/* hooke and hertz have no material to derive a NULL k_t from: the value NULL gives for
 * hertz/material 1e6 0.3, 2E/((2 - nu)(1 + nu)). */
const char *MINDLIN_EXPLICIT = "mindlin 904977.375565611 1.0 0.4";

/* Packings are expensive (the random one is relaxed): build each (type, n) once. */
/* The cooling gas's time step: the elastic contact time pi sqrt(m_eff/k_n) of hooke k_n = 1e5
 * between two unit masses, over 40 (the verifier's gas/ step). */
constexpr double kGasDt = 1.7562e-4;

struct Packing {
  Particles p;
  Box b;
};
std::map<std::string, std::unique_ptr<Packing>> g_packings;

/* The probes' results by thread count (the probes are registered, and so run, first). */
std::map<int, double> g_bandwidth, g_sqrtdiv;

/* Square roots and divisions on the path of one pair (contact.h, normal.h, damping.h,
 * tangential.h; counted by hand, approximate for jkr) in the loop the plan runs. */
double sqrtdiv_per_pair(const ContactModel *m, const LoopPlan *plan) {
  const NormalModel nm = m->normal.model;
  const DampingModel dm = m->damping.model;
  const TangentialModel tm = m->tangential.model;
  const bool frictionless = plan->kind == LOOP_VECTOR_FRICTIONLESS; /* no |v_t|, no tangential force */
  double n = frictionless ? 4.0 : 5.0; /* sqrt(rsq), 1/r, Reff, meff, |v_t| */
  if (contact_needs_radius(nm, dm, tm)) n += nm == NORMAL_JKR ? 7.0 : 1.0; /* a */
  n += 1.0;                                                               /* k_nd = Fne/delta */
  if (damping_form(dm) == DFORM_RESTITUTION) n += 2.0;
  if (tm == TANGENTIAL_LINEAR_NOHISTORY) n += frictionless ? 0.0 : 1.0;
  else n += (tm == TANGENTIAL_LINEAR_HISTORY ? 0.0 : 3.0) + 5.0; /* frame rotation; Coulomb cap */
  return n;
}

/* Bytes one listed pair moves if nothing of j is cached: j's index, j's data (the vector
 * loop's 96-byte particle record, 64 bytes of it without spins in the frictionless loop, else 11
 * doubles), the history read and written, and for the half lists j's force and torque read and
 * written (the vector half-reduce loop's 64-byte accumulator record, else 6 doubles; the
 * frictionless atomics: 3). */
double bytes_per_pair(const ContactModel *m, const LoopPlan *plan) {
  const ForceStrategy st = plan->strategy;
  const bool frictionless = plan->kind == LOOP_VECTOR_FRICTIONLESS, vec = frictionless || plan->kind == LOOP_VECTOR;
  const double j_update = st == FORCE_FULL                   ? 0.0
                          : vec && st == FORCE_HALF_REDUCE   ? 128.0
                          : frictionless                     ? 48.0
                                                             : 96.0;
  return 4.0 + (frictionless ? 64.0 : vec ? 96.0 : 88.0) + 16.0 * tangential_nhist(m->tangential.model) + j_update;
}

/* The largest random packing relaxed from scratch; larger ones replicate it. */
constexpr int64_t kRandomBase = 256000;

const Packing &packing(const std::string &type, int64_t n) {
  const std::string key = type + "/" + std::to_string(n);
  auto it = g_packings.find(key);
  if (it != g_packings.end()) return *it->second;
  PackingSpec s = packing_defaults();
  if (type == "gas" || type == "gas2") { /* the verifier's cooling gas (sigma = m = T0 = 1, phi 0.1) */
    s.type = PACKING_GAS, s.n = n, s.phi = 0.1, s.ratio = type == "gas2" ? 2.0 : 1.0, s.spin = 0.0;
    s.radius = 0.5, s.density = 6.0 / GD_PI, s.temperature = 1.0;
    auto pk = std::make_unique<Packing>();
    packing_make(&s, &pk->p, &pk->b);
    return *(g_packings[key] = std::move(pk));
  }
  s.type = type == "fcc" ? PACKING_FCC : PACKING_RANDOM;
  s.n = n;
  auto pk = std::make_unique<Packing>();
  if (s.type == PACKING_FCC) {
    packing_make(&s, &pk->p, &pk->b);
    return *(g_packings[key] = std::move(pk));
  }
  /* Past 256k the random packing is the relaxed 256k one replicated (LAMMPS `replicate`; a
   * power-of-two multiple, spread over the axes): the same contacts and overlaps per sphere,
   * without relaxing millions of spheres from scratch (about 10 and 40 minutes for 1M and 4M). */
  if (n > kRandomBase && n % kRandomBase == 0 && ((n / kRandomBase) & (n / kRandomBase - 1)) == 0) {
    const Packing &base = packing(type, kRandomBase);
    int reps[3] = {1, 1, 1};
    for (int64_t f = n / kRandomBase, d = 0; f > 1; f /= 2, d = (d + 1) % 3) reps[d] *= 2;
    std::fprintf(stderr, "grandamp bench: random packing of %lld spheres: the 256k one replicated %d x %d x %d\n",
                 (long long)n, reps[0], reps[1], reps[2]);
    packing_replicate(&base.p, &base.b, reps, 0, &pk->p, &pk->b);
    return *(g_packings[key] = std::move(pk));
  }
  /* The random packing is relaxed with grandamp's own loops (about 2 minutes for 256k spheres
   * on 2 cores): cached as a LAMMPS data file under data/packings/, named by its parameters,
   * and reused by later runs. Delete the folder to rebuild. */
  char path[512];
  std::snprintf(path, sizeof path, "data/packings/random-n%lld-seed%llu-phi%g-ratio%g-overlap%g-%s.data", (long long)n,
                (unsigned long long)s.seed, s.phi, s.ratio, s.overlap, s.dist == RADIUS_LOGNORMAL ? "lognormal" : "uniform");
  ErrList err = {};
  if (access(path, R_OK) == 0 && datafile_read(path, &pk->p, &pk->b, &err)) {
    for (int d = 0; d < 3; d++) pk->b.periodic[d] = true;
    std::fprintf(stderr, "grandamp bench: packing %s (cached)\n", path);
  } else {
    errlist_free(&err);
    std::fprintf(stderr, "grandamp bench: relaxing a random packing of %lld spheres (cached in %s for later runs)\n",
                 (long long)n, path);
    packing_make(&s, &pk->p, &pk->b);
    if (mkdir("data", 0777) == 0 || errno == EEXIST) mkdir("data/packings", 0777);
    if (!datafile_write(path, &pk->p, &pk->b, "grandamp bench random packing"))
      std::fprintf(stderr, "grandamp bench: warning: could not cache %s\n", path);
  }
  return *(g_packings[key] = std::move(pk));
}

struct Case {
  std::string family, normal, damping, tangential, packing, strategy_name;
  std::string model_text; /* empty for the geometry floor */
  ForceStrategy strategy;
  int64_t n;
  int threads;
  double dt = 1e-4, skin = 0.1; /* the whole step's (bm_step): the engines' timing runs' defaults */
  LoopPrecision precision = LOOP_DOUBLE; /* the precision family's mixed rows */
};

/* Whether the loop plan runs the model of text in mixed precision (hooke, hertz, hertz/material,
 * dmt in a build with the mixed kernels). */
bool has_mixed_loop(const std::string &text) {
  ErrList err = {};
  ContactModel m;
  const bool ok = model_parse(text.c_str(), &m, &err) == 0;
  errlist_free(&err);
  return ok && loop_plan(&m, 1, FORCE_HALF_REDUCE, false, LOOP_MIXED, 1).precision == LOOP_MIXED;
}

/* The case's packing (a copy) and model in a set-up sim with skin and dt; false (the benchmark
 * skipped with the reason) when the model is refused or the set-up fails. */
bool start_sim(benchmark::State &state, const Case &c, const std::string &text, double skin, double dt, Sim *s) {
  const Packing &pk = packing(c.packing, c.n);
  ErrList err = {};
  ContactModel *model = (ContactModel *)std::malloc(sizeof *model);
  if (model_parse(text.c_str(), model, &err)) {
    errlist_print(&err, stderr);
    state.SkipWithError("model refused");
    std::free(model);
    return false;
  }
  Particles p;
  particles_copy(&p, &pk.p);
  Box b = pk.b;
  sim_init(s, &p, &b, model, 1, c.strategy, false, c.precision, c.threads, skin, dt);
  if (s->plan.precision != c.precision) {
    state.SkipWithError(s->plan.precision_note ? s->plan.precision_note : "no mixed-precision loop");
    sim_free(s);
    return false;
  }
  const char *why = nullptr;
  if (!sim_setup(s, &why)) {
    state.SkipWithError(why);
    sim_free(s);
    return false;
  }
  return true;
}

void bm_force(benchmark::State &state, const Case c) {
  const std::string text = c.model_text.empty() ? "hooke 1 0 tangential linear_nohistory 0 0 damping none" : c.model_text;
  Sim s;
  if (!start_sim(state, c, text, 0.1, 1e-4, &s)) return;
  const ContactModel *model = s.models;
  ForceSystem fs = {&s.p, &s.box, &s.nl, s.models, 1, 1e-4, true, &s.mdr};
  ForceStats st = {};
  const bool geometry = c.model_text.empty();
  const bool mdr = s.mdr.on;
  const double t0 = omp_get_wtime();
  for (auto _ : state) {
    if (geometry) force_geometry(&fs, &s.plan, &s.work, &st);
    else { /* MDR: what a user's step pays, the pre-force pass (§6.3) before the pair pass */
      if (mdr) force_mdr_prepass(&fs, &s.mdr, s.plan.threads);
      force_compute(&fs, &s.plan, &s.work, &st);
    }
    benchmark::DoNotOptimize(s.p.fx);
    benchmark::ClobberMemory();
  }
  const double elapsed = omp_get_wtime() - t0;
  const double pairs = (double)st.pairs, contacts = (double)st.contacts; /* unique pairs (ForceStats) */
  const double it = (double)state.iterations();
  state.counters["pairs_per_s"] = benchmark::Counter(pairs * it, benchmark::Counter::kIsRate);
  state.counters["contacts_per_s"] = benchmark::Counter(contacts * it, benchmark::Counter::kIsRate);
  state.counters["atom_steps_per_s"] = benchmark::Counter((double)s.p.n * it, benchmark::Counter::kIsRate);
  state.counters["pairs_per_atom"] = pairs / (double)s.p.n;
  state.counters["bytes_per_particle"] =
      (double)(PARTICLES_BYTES_PER_ATOM * (size_t)s.p.n + nbr_bytes(&s.nl) + s.work.size * sizeof(double)) / (double)s.p.n;
  if (!geometry && !mdr) { /* MDR's operation count is not tallied by hand: no ceiling fractions */
    const double sd = sqrtdiv_per_pair(model, &s.plan), bp = bytes_per_pair(model, &s.plan);
    state.counters["sqrtdiv_per_pair"] = sd;
    state.counters["bytes_per_pair"] = bp;
    const double seconds = state.iterations() > 0 ? elapsed : 0.0;
    const double rate = seconds > 0 ? pairs * it / seconds : 0.0;
    if (g_sqrtdiv.count(c.threads) && g_sqrtdiv[c.threads] > 0) state.counters["frac_sqrtdiv"] = rate * sd / g_sqrtdiv[c.threads];
    if (g_bandwidth.count(c.threads) && g_bandwidth[c.threads] > 0)
      state.counters["frac_bandwidth"] = rate * bp / g_bandwidth[c.threads];
  }
  sim_free(&s);
}

/* The whole step (integration, list rebuilds when due, forces: sim_step), what an engine's
 * "Loop time" covers: on the cooling gas, few contacts per sphere and frequent rebuilds, the
 * workload where per-sphere costs show (each iteration one step of the gas as it cools: the
 * verifier's gas/ set-up, hooke k_n = 1e5, e = 0.8 at the rms normal speed, dt = t_c/40, skin
 * 0.3), and on the dense packings of the model rows (dt 1e-4, skin 0.1, as the engines' runs). */
void bm_step(benchmark::State &state, const Case c) {
  Sim s;
  if (!start_sim(state, c, c.model_text, c.skin, c.dt, &s)) return;
  const char *why = nullptr;
  const int64_t builds0 = s.nl.builds, contacts0 = s.contact_evals, pairs0 = s.pair_evals;
  for (auto _ : state) {
    if (!sim_step(&s, &why)) {
      state.SkipWithError(why);
      break;
    }
    benchmark::ClobberMemory();
  }
  const double it = (double)state.iterations();
  state.counters["atom_steps_per_s"] = benchmark::Counter((double)s.p.n * it, benchmark::Counter::kIsRate);
  state.counters["contacts_per_s"] = benchmark::Counter((double)(s.contact_evals - contacts0), benchmark::Counter::kIsRate);
  state.counters["pairs_per_s"] = benchmark::Counter((double)(s.pair_evals - pairs0), benchmark::Counter::kIsRate);
  state.counters["pairs_per_atom"] = it > 0 ? (double)(s.pair_evals - pairs0) / it / (double)s.p.n : 0.0;
  state.counters["steps_per_build"] = s.nl.builds > builds0 ? it / (double)(s.nl.builds - builds0) : it;
  sim_free(&s);
}

/* STREAM triad: a = b + q c, 24 bytes per element. */
void bm_bandwidth(benchmark::State &state, int64_t n, int threads) {
  std::vector<double> a((size_t)n), b((size_t)n, 1.0), c((size_t)n, 2.0);
  double *pa = a.data();
  const double *pb = b.data(), *pc = c.data();
  const double t0 = omp_get_wtime();
  for (auto _ : state) {
#pragma omp parallel for schedule(static) num_threads(threads)
    for (int64_t i = 0; i < n; i++) pa[i] = pb[i] + 3.0 * pc[i];
    benchmark::DoNotOptimize(pa);
    benchmark::ClobberMemory();
  }
  const double bytes = 24.0 * (double)n * (double)state.iterations(), dt = omp_get_wtime() - t0;
  if (dt > 0) g_bandwidth[threads] = std::max(g_bandwidth[threads], bytes / dt); /* best repetition */
  state.counters["bytes_per_s"] = benchmark::Counter(bytes, benchmark::Counter::kIsRate);
}

/* sqrt + div throughput at the pair loop's vector width (AVX-512: 8 lanes, AVX: 4, as
 * src/force_simd.h; SSE2: 2), 8 independent chains per thread so that the divide/sqrt unit, not
 * its latency, is the limit: the ceiling of a loop whose every pair pays sqrtdiv_per_pair of them. */
#if defined(__AVX512F__)
using SqrtDivVec = __m512d;
constexpr int kSqrtDivLanes = 8;
inline SqrtDivVec sd_set(double x) { return _mm512_set1_pd(x); }
/* the masked form: _mm512_sqrt_pd trips GCC 12 -Wuninitialized on its _mm512_undefined_pd at -O1 */
inline SqrtDivVec sd_step(SqrtDivVec v, SqrtDivVec two) {
  const __m512d s = _mm512_add_pd(v, two);
  return _mm512_div_pd(_mm512_mask_sqrt_pd(s, 0xFF, s), v);
}
inline double sd_first(SqrtDivVec v) { return _mm512_cvtsd_f64(v); }
#elif defined(__AVX__)
using SqrtDivVec = __m256d;
constexpr int kSqrtDivLanes = 4;
inline SqrtDivVec sd_set(double x) { return _mm256_set1_pd(x); }
inline SqrtDivVec sd_step(SqrtDivVec v, SqrtDivVec two) { return _mm256_div_pd(_mm256_sqrt_pd(_mm256_add_pd(v, two)), v); }
inline double sd_first(SqrtDivVec v) { return _mm256_cvtsd_f64(v); }
#elif defined(__SSE2__)
using SqrtDivVec = __m128d;
constexpr int kSqrtDivLanes = 2;
inline SqrtDivVec sd_set(double x) { return _mm_set1_pd(x); }
inline SqrtDivVec sd_step(SqrtDivVec v, SqrtDivVec two) { return _mm_div_pd(_mm_sqrt_pd(_mm_add_pd(v, two)), v); }
inline double sd_first(SqrtDivVec v) { return _mm_cvtsd_f64(v); }
#else
using SqrtDivVec = double;
constexpr int kSqrtDivLanes = 1;
inline SqrtDivVec sd_set(double x) { return x; }
inline SqrtDivVec sd_step(SqrtDivVec v, SqrtDivVec two) { return std::sqrt(v + two) / v; }
inline double sd_first(SqrtDivVec v) { return v; }
#endif

void bm_sqrtdiv(benchmark::State &state, int threads) {
  const int64_t per_thread = 1 << 20; /* lane operations (one sqrt and one division each) */
  const double t0 = omp_get_wtime();
  for (auto _ : state) {
    double total = 0.0;
#pragma omp parallel num_threads(threads) reduction(+ : total)
    {
      const SqrtDivVec two = sd_set(2.0);
      SqrtDivVec v[8];
      for (int c = 0; c < 8; c++) v[c] = sd_set(1.1 + 0.1 * c);
      for (int64_t k = 0; k < per_thread / (8 * kSqrtDivLanes); k++)
        for (int c = 0; c < 8; c++) v[c] = sd_step(v[c], two);
      for (int c = 0; c < 8; c++) total += sd_first(v[c]);
    }
    benchmark::DoNotOptimize(total);
  }
  const double ops = (double)per_thread * threads * (double)state.iterations(), dt = omp_get_wtime() - t0;
  /* one op is a sqrt and a division: 2 of the operations sqrtdiv_per_pair counts */
  if (dt > 0) g_sqrtdiv[threads] = std::max(g_sqrtdiv[threads], 2.0 * ops / dt);
  state.counters["ops_per_s"] = benchmark::Counter(ops, benchmark::Counter::kIsRate);
  state.counters["lanes"] = kSqrtDivLanes;
}

std::string name_of(const Case &c) {
  return c.family + "/" + c.normal + "/" + c.damping + "/" + c.tangential + "/" + c.packing + "/" + c.strategy_name +
         "/n:" + std::to_string(c.n) + "/threads:" + std::to_string(c.threads);
}

Case make_case(const std::string &family, const Row &r, int t, const std::string &pack, ForceStrategy st, int64_t n,
               int threads) {
  Case c;
  c.family = family;
  c.normal = r.normal_name();
  c.damping = r.damping_name();
  c.tangential = TANGENTIAL[t][0];
  c.packing = pack;
  c.strategy = st;
  c.strategy_name = force_strategy_name(st);
  const bool material = normal_model_flags(r.normal) & NFLAG_MATERIAL;
  const char *tang = t == 1 && !material ? MINDLIN_EXPLICIT : TANGENTIAL[t][1];
  c.model_text = std::string(normal_text(r.normal)) + " tangential " + tang + " damping " + damping_name(r.damping);
  c.n = n;
  c.threads = threads;
  return c;
}

/* MDR rows: the seed example with damping mdr 1 or 2 on the fcc packing, whose
 * default overlap (Delta/R = 0.01) stays below the yield overlap Delta_Y/R = 0.07 of this
 * material (spec §6.10 hook 5): repeated passes are then a steady state (no yield, no radius
 * growth, psi ~ 0.97 > psi_b), so every iteration times the same work. */
Case make_mdr_case(int d_type, int64_t n, ForceStrategy st, int threads) {
  Case c;
  c.family = "model";
  c.normal = "mdr";
  c.damping = "mdr_" + std::to_string(d_type);
  c.tangential = "linear_history";
  c.packing = "fcc";
  c.strategy = st;
  c.strategy_name = force_strategy_name(st);
  c.model_text = "mdr 5.0e6 0.4 1.9e5 2.0 0.5 0.5 tangential linear_history 940.0 1.0 0.7 damping mdr " +
                 std::to_string(d_type);
  c.n = n;
  c.threads = threads;
  return c;
}

/* The gas workload's rows: hooke + velocity at e = 0.8 (the verifier's calibrated coefficient
 * for these spheres), frictionless and with friction, on the equal-sphere gas, and the two-size
 * gas (radii 1:2). */
Case make_step_case(const std::string &pack, bool friction, int64_t n, int threads) {
  Case c;
  c.family = "step";
  c.normal = "hooke";
  c.damping = "velocity";
  c.tangential = friction ? "linear_history" : "nohistory"; /* nohistory: the model rows' name */
  c.packing = pack;
  c.strategy = FORCE_HALF_REDUCE;
  c.strategy_name = force_strategy_name(c.strategy);
  c.model_text = std::string("hooke 100000 31.681138146574035 tangential ") +
                 (friction ? "linear_history 28571.4 0 0.5" : "linear_nohistory 0 0") + " damping velocity";
  c.n = n;
  c.threads = threads;
  c.dt = kGasDt;
  c.skin = 0.3;
  return c;
}

/* The gas rows the engines step (`grandamp engines bench` times the engines' runs of the
 * frictionless one; they have no linear_history timing run). */
const int64_t kGasN = 8000, kGasQuickN = 2000;

/* Console output plus a "[k/N]" progress line on stderr for every finished benchmark. */
class ProgressReporter : public benchmark::ConsoleReporter {
 public:
  explicit ProgressReporter(size_t total)
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular), total_(total) {}
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    if (!runs.empty() && runs.front().aggregate_name == "mean")
      std::fprintf(stderr, "grandamp bench: [%zu/%zu] %s done\n", ++done_, total_, runs.front().run_name.str().c_str());
  }

 private:
  size_t total_, done_ = 0;
};

/* The CPU's model name from /proc/cpuinfo (Google Benchmark's context has only the clock and
 * caches): the nightly report says which CPU a run was measured on. */
std::string cpu_model() {
  std::string model = "unknown";
  if (FILE *f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, f))
      if (!std::strncmp(line, "model name", 10) && std::strchr(line, ':')) {
        model = std::strchr(line, ':') + 1;
        model.erase(0, model.find_first_not_of(" \t"));
        model.erase(model.find_last_not_of(" \t\n") + 1);
        break;
      }
    std::fclose(f);
  }
  return model;
}

/* The machine's load before and after the matrix (sysload.h): a busy machine makes every rate
 * low and noisy, an all-threads row most (a descheduled thread stalls each barrier), so the run
 * says so on stderr, one line, at its start and its end. */
SysLoad sense_load(const char *when) {
  const SysLoad l = sysload_sense(SYSLOAD_WINDOW_MS);
  char text[160];
  sysload_describe(&l, text, sizeof text);
  if (sysload_busy(&l))
    std::fprintf(stderr, "grandamp bench: warning: the machine was busy %s (%s): rates are low and noisy, not comparable with a quiet run\n",
                 when, text);
  return l;
}

/* The load's fields in the JSON context (the after ones are added by bench/bench.sh from the
 * --load-out file: the context is written before the runs). */
void load_context(const char *when, const SysLoad &l) {
  char v[64];
  std::snprintf(v, sizeof v, "%.3f", l.other_cores);
  benchmark::AddCustomContext(std::string("load_") + when + "_other_cores", l.known ? v : "");
  std::snprintf(v, sizeof v, "%.2f", l.loadavg1);
  benchmark::AddCustomContext(std::string("load_") + when + "_loadavg", l.loadavg1 >= 0 ? v : "");
  benchmark::AddCustomContext(std::string("load_") + when + "_busy", sysload_busy(&l) ? "yes" : l.known ? "no" : "unknown");
}

/* --load-out=FILE: the load before and after as a small CSV (when,other_cores,cpus,loadavg,busy),
 * the sidecar bench/bench.sh keeps beside the tidy CSV; false when it cannot be written. */
bool write_load(const char *path, const SysLoad &before, const SysLoad &after) {
  FILE *f = std::fopen(path, "w");
  if (!f) return false;
  bool ok = std::fprintf(f, "when,other_cores,cpus,loadavg,busy\n") > 0;
  const SysLoad *l[2] = {&before, &after};
  for (int k = 0; k < 2; k++) {
    char cores[32] = "", avg[32] = "";
    if (l[k]->known) std::snprintf(cores, sizeof cores, "%.3f", l[k]->other_cores);
    if (l[k]->loadavg1 >= 0) std::snprintf(avg, sizeof avg, "%.2f", l[k]->loadavg1);
    ok = ok && std::fprintf(f, "%s,%s,%d,%s,%s\n", k ? "after" : "before", cores, l[k]->cpus, avg,
                            sysload_busy(l[k]) ? "yes" : l[k]->known ? "no" : "unknown") > 0;
  }
  return std::fclose(f) == 0 && ok;
}

} // namespace

/* --model-rows: the model rows as "normal,damping,tangential,pair_coeff text" lines, so that
 * `grandamp engines bench` runs the engines on exactly the models of the matrix (one table, here). */
int print_model_rows() {
  for (const Row &r : ROWS)
    for (int t = 0; t < 2 && r.natural; t++) {
      const Case c = make_case("model", r, t, "fcc", FORCE_HALF_REDUCE, 0, 1);
      std::printf("%s,%s,%s,%s\n", c.normal.c_str(), c.damping.c_str(), c.tangential.c_str(), c.model_text.c_str());
    }
  return 0;
}

/* --engine-packings [--quick]: the matrix's FCC and random packings of the model rows as data
 * files under data/packings/ (the random one is the cached file the matrix reads; the FCC one
 * is written from the same spec), printed as "fcc=PATH,random=PATH" with absolute paths, so
 * that every engine steps the spheres grandamp times. */
int write_engine_packings(bool quick) {
  const int64_t n = quick ? 4000 : 256000;
  (void)packing("random", n); /* relaxes and caches it when absent */
  char random[512], fcc[512], cwd[4096];
  const PackingSpec s = packing_defaults();
  std::snprintf(random, sizeof random, "data/packings/random-n%lld-seed%llu-phi%g-ratio%g-overlap%g-%s.data", (long long)n,
                (unsigned long long)s.seed, s.phi, s.ratio, s.overlap, s.dist == RADIUS_LOGNORMAL ? "lognormal" : "uniform");
  std::snprintf(fcc, sizeof fcc, "data/packings/fcc-n%lld-overlap%g.data", (long long)n, s.overlap);
  const Packing &f = packing("fcc", n);
  if (access(random, R_OK) != 0) {
    std::fprintf(stderr, "grandamp bench: error: %s was not written\n", random);
    return 1;
  }
  if (!datafile_write(fcc, &f.p, &f.b, "grandamp bench FCC packing")) return 1;
  if (!getcwd(cwd, sizeof cwd)) return 1;
  std::printf("fcc=%s/%s,random=%s/%s\n", cwd, fcc, cwd, random);
  return 0;
}

/* --step-rows: the whole-step gas row as --model-rows prints a model row (the engines time its
 * Loop time on the gas of --engine-gas). */
int print_step_rows() {
  const Case c = make_step_case("gas", false, 0, 1);
  std::printf("%s,%s,%s,%s\n", c.normal.c_str(), c.damping.c_str(), c.tangential.c_str(), c.model_text.c_str());
  return 0;
}

/* --engine-gas [--quick]: the whole-step gas (bm_step's, same seed) as a data file with its
 * velocities under data/packings/, printed as "gas=PATH" (absolute), then its step and skin as
 * `grandamp engines bench` options. */
int write_engine_gas(bool quick) {
  const int64_t n = quick ? kGasQuickN : kGasN;
  char path[512], cwd[4096];
  std::snprintf(path, sizeof path, "data/packings/gas-n%lld-phi0.1.data", (long long)n);
  const Packing &g = packing("gas", n);
  if ((mkdir("data", 0777) != 0 && errno != EEXIST) || (mkdir("data/packings", 0777) != 0 && errno != EEXIST)) return 1;
  if (!datafile_write(path, &g.p, &g.b, "grandamp bench cooling gas")) return 1;
  if (!getcwd(cwd, sizeof cwd)) return 1;
  std::printf("gas=%s/%s\n--dt %.17g --skin %g\n", cwd, path, kGasDt, make_step_case("gas", false, n, 1).skin);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--model-rows") == 0) return print_model_rows();
  if (argc == 2 && std::strcmp(argv[1], "--step-rows") == 0) return print_step_rows();
  if (argc >= 2 && std::strcmp(argv[1], "--engine-gas") == 0)
    return write_engine_gas(argc == 3 && std::strcmp(argv[2], "--quick") == 0);
  if (argc >= 2 && std::strcmp(argv[1], "--engine-packings") == 0)
    return write_engine_packings(argc == 3 && std::strcmp(argv[2], "--quick") == 0);
  bool quick = false, listing = false;
  const char *load_out = nullptr;
  for (int i = 1; i < argc; i++) {
    quick = quick || std::strcmp(argv[i], "--quick") == 0;
    listing = listing || std::strncmp(argv[i], "--benchmark_list_tests", 22) == 0;
    if (std::strncmp(argv[i], "--load-out=", 11) == 0) load_out = argv[i] + 11;
  }
  /* Repetitions and minimum time as default flags (the command line can override them), so
   * they do not become part of the benchmark names. */
  static char reps_flag[] = "--benchmark_repetitions=3", quick_reps[] = "--benchmark_repetitions=2";
  static char time_flag[] = "--benchmark_min_time=0.3", quick_time[] = "--benchmark_min_time=0.05";
  static char aggr_flag[] = "--benchmark_report_aggregates_only=true";
  std::vector<char *> args = {argv[0], quick ? quick_reps : reps_flag, quick ? quick_time : time_flag, aggr_flag};
  for (int i = 1; i < argc; i++)
    if (std::strcmp(argv[i], "--quick") != 0 && std::strncmp(argv[i], "--load-out=", 11) != 0) args.push_back(argv[i]);
  int bargc = (int)args.size();
  const int nproc = omp_get_num_procs();
  const int64_t n_model = quick ? 4000 : 256000;
  const ForceStrategy def = FORCE_HALF_REDUCE;
  const Row tsuji{NORMAL_HERTZ_MATERIAL, DAMPING_TSUJI, true};

  std::vector<Case> cases;
  for (const Row &r : ROWS)
    for (int t = 0; t < (r.natural ? 2 : 1); t++) cases.push_back(make_case("model", r, t, "fcc", def, n_model, nproc));
  if (quick) cases.push_back(make_mdr_case(1, n_model, def, nproc));
  else
    for (int d = 1; d <= 2; d++) cases.push_back(make_mdr_case(d, n_model, def, nproc));
  for (int st = 0; st < N_STRATEGY; st++)
    for (int th = 1; th <= nproc; th++)
      for (int t = 0; t < 2; t++) cases.push_back(make_case("strategy", tsuji, t, "fcc", (ForceStrategy)st, n_model, th));
  for (const Row &r : ROWS)
    for (int t = 0; t < 2 && r.natural; t++)
      for (LoopPrecision pr : {LOOP_DOUBLE, LOOP_MIXED}) {
        Case c = make_case("precision", r, t, "fcc", def, n_model, 1);
        c.precision = pr;
        c.strategy_name = loop_precision_name(pr);
        if (pr == LOOP_MIXED && !has_mixed_loop(c.model_text)) continue; /* jkr: no mixed loop */
        cases.push_back(c);
      }
  const std::vector<int64_t> sizes = quick ? std::vector<int64_t>{4000, 32000} : std::vector<int64_t>{32000, 256000, 1000000, 4000000};
  for (int64_t n : sizes) cases.push_back(make_case("size", tsuji, 0, "fcc", def, n, nproc));
  /* The random packing (relaxed once, then cached in data/packings/): every strategy at 256k,
   * and over N = 32k, 256k, 1M and 4M (the last two: the 256k one replicated 4 and 16 times). */
  const int64_t n_random = quick ? 4000 : kRandomBase;
  for (int st = 0; st < N_STRATEGY; st++)
    cases.push_back(make_case("model", tsuji, 0, "random", (ForceStrategy)st, n_random, nproc));
  /* The rows the engines are compared on (`grandamp engines bench`: every natural row on both
   * packings at 1 rank and at nproc): the same on the random packing, and on 1 thread. */
  for (const Row &r : ROWS)
    for (int t = 0; t < 2 && r.natural; t++) {
      if (!(r.normal == tsuji.normal && r.damping == tsuji.damping && t == 0))
        cases.push_back(make_case("model", r, t, "random", def, n_random, nproc));
      if (nproc > 1) {
        cases.push_back(make_case("model", r, t, "fcc", def, n_model, 1));
        cases.push_back(make_case("model", r, t, "random", def, n_random, 1));
      }
    }
  if (!quick)
    for (int64_t n : {(int64_t)32000, kRandomBase, 4 * kRandomBase, 16 * kRandomBase})
      cases.push_back(make_case("size", tsuji, 0, "random", def, n, nproc));
  for (int st = 0; st < N_STRATEGY; st++)
    for (int th = 1; th <= nproc; th++) {
      Case g = make_case("geometry", tsuji, 0, "fcc", (ForceStrategy)st, n_model, th);
      g.normal = g.damping = g.tangential = "none";
      g.model_text.clear();
      cases.push_back(g);
    }
  for (int64_t n : sizes) {
    Case g = make_case("geometry", tsuji, 0, "fcc", def, n, nproc);
    g.normal = g.damping = g.tangential = "none";
    g.model_text.clear();
    g.family = "geometry";
    if (n != n_model) cases.push_back(g);
  }
  /* The probes first: the model benchmarks report fractions of their ceilings. */
  const int64_t stream_n = quick ? (1 << 22) : (1 << 25);
  for (int th = 1; th <= nproc; th++) {
    const std::string t = std::to_string(th);
    benchmark::RegisterBenchmark(("probe/bandwidth/none/none/none/none/n:" + std::to_string(stream_n) + "/threads:" + t).c_str(),
                                 bm_bandwidth, stream_n, th)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("probe/sqrtdiv/none/none/none/none/n:" + std::to_string(1 << 20) + "/threads:" + t).c_str(),
                                 bm_sqrtdiv, th)
        ->UseRealTime();
  }
  for (const Case &c : cases)
    benchmark::RegisterBenchmark(name_of(c).c_str(), bm_force, c)->UseRealTime()->Unit(benchmark::kMillisecond);
  /* The whole step on the cooling gas (8000 spheres; the quick matrix 2000) and on the dense
   * packings (the tsuji row, with and without friction), 1 and nproc threads. */
  std::vector<Case> steps;
  const int64_t n_gas = quick ? kGasQuickN : kGasN;
  for (int th = 1; th <= nproc; th += (nproc > 1 ? nproc - 1 : 1)) {
    steps.push_back(make_step_case("gas", false, n_gas, th));
    steps.push_back(make_step_case("gas", true, n_gas, th));
    steps.push_back(make_step_case("gas2", false, n_gas, th));
    for (const char *pack : {"fcc", "random"})
      for (int t = 0; t < 2; t++) steps.push_back(make_case("step", tsuji, t, pack, def, pack[0] == 'f' ? n_model : n_random, th));
  }
  for (const Case &c : steps)
    benchmark::RegisterBenchmark(name_of(c).c_str(), bm_step, c)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::AddCustomContext("grandamp_revision", GD_BUILD_REVISION);
  benchmark::AddCustomContext("compiler", GD_BUILD_COMPILER);
  benchmark::AddCustomContext("flags", GD_BUILD_FLAGS);
  benchmark::AddCustomContext("cpu_model", cpu_model());
  benchmark::AddCustomContext("vector_isa", loop_vector_isa());
  benchmark::AddCustomContext("matrix", quick ? "quick" : "default");
  const SysLoad before = listing ? SysLoad{} : sense_load("at the start");
  if (!listing) load_context("before", before);
  benchmark::Initialize(&bargc, args.data());
  if (benchmark::ReportUnrecognizedArguments(bargc, args.data())) return 2;
  const size_t registered = cases.size() + steps.size() + 2 * (size_t)nproc;
  ProgressReporter progress(registered);
  const size_t ran = benchmark::RunSpecifiedBenchmarks(&progress);
  benchmark::Shutdown();
  if (!listing) {
    const SysLoad after = sense_load("at the end");
    if (load_out && !write_load(load_out, before, after)) {
      std::fprintf(stderr, "grandamp bench: error: cannot write %s\n", load_out);
      return 1;
    }
  }
  for (auto &kv : g_packings) particles_free(&kv.second->p);
  return ran > 0 ? 0 : 1;
}
