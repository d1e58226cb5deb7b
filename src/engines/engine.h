/*
 * engine.h - the engine layer: one adapter per outside DEM engine (LAMMPS, LIGGGHTS, Yade) that
 * runs one head-on collision inside that engine and reads back what the verifier judges. An
 * adapter writes the engine's own input (from a deck or script that is this project's file),
 * runs the engine with a time limit and a captured log, and parses the log or the files the
 * deck wrote. It knows nothing of grandamp's force code: the verifier judges what the engine
 * gives against its own expectations (docs/verification.md), never against grandamp.
 *
 * Units: SI. Masses and radii are those of the two spheres; Rj = INFINITY is a flat wall.
 */
#ifndef GD_ENGINE_H
#define GD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

/** One collision, head-on or oblique, in grandamp's terms (the adapter maps them onto the
 *  engine's). The pair starts apart along x (sphere i below j, or over a wall at x = 0), moving
 *  in the x-y plane. */
typedef struct EngineCase {
  const char *style;   /**< NULL: the engine's own interface to grandamp's models (LAMMPS: pair_style
                            granular); else one of Engine.styles (LAMMPS: "gran/hooke/history"),
                            which runs the same model under the style's own syntax */
  const char *normal;  /**< grandamp normal model: "hooke", "hertz", "hertz/material", ... */
  const char *damping; /**< grandamp damping model: "coeff_restitution", "tsuji", "viscoelastic", ... */
  double kn;           /**< hooke: k [N/m]; hertz: k [N/m^2] (F = k sqrt(Reff) delta^1.5) */
  double E, nu;        /**< Young's modulus [Pa] and Poisson ratio of both bodies (material models) */
  double surface_energy; /**< dmt, jkr: surface energy [J/m^2] */
  double damp;         /**< the damping number as grandamp's pair_coeff writes it (e for the
                            restitution-type models) */
  double Ri, Rj;       /**< radii [m]; Rj = INFINITY: a wall */
  double rho;          /**< density of both spheres [kg/m^3] */
  double rho_j;        /**< sphere j's density when it differs (0: rho; only engines with
                            oblique impacts take it, the others refuse it) */
  double v0;           /**< approach speed [m/s] */
  const char *tangential; /**< NULL: frictionless; else grandamp's tangential model (an oblique
                               impact: Engine.oblique_supports) */
  double kt, xt, mu;   /**< its coefficients as pair_coeff writes them (kt unused by linear_nohistory) */
  double vt0;          /**< tangential relative speed (v_i - v_j) along y at the start [m/s] */
  double wi0, wj0;     /**< spins about z at the start [rad/s] */
  double dt;           /**< time step [s] */
  double t_run;        /**< simulated time, long enough for the bodies to separate [s] */
  double timeout_s;    /**< the run is killed after this long (0: the adapter's generous default) */
} EngineCase;

/** What the verifier judges of one collision. */
typedef struct EngineResult {
  double e;      /**< coefficient of restitution: -(normal relative velocity after)/v0 */
  double t_c;    /**< contact duration [s] (NAN when the engine's output does not give it) */
  double ke_in, ke_out; /**< kinetic energy of the relative motion before and after [J] */
  double vt;     /**< (v_i - v_j) along y after (an oblique impact; NAN otherwise) [m/s] */
  double wi, wj; /**< spins about z after (an oblique impact; NAN otherwise) [rad/s] */
  char version[64];     /**< the engine's version as it reports it */
} EngineResult;

/** One timing run: a packing of grandamp's (a LAMMPS data file, atom_style sphere, periodic box)
 *  stepped in the engine with one model row of the benchmark matrix (docs/benchmark.md). The
 *  units are those of the packing (grandamp's benchmark: diameter ~1, density 1). */
typedef struct EngineBench {
  const char *data_file;  /**< absolute path of the packing (`grandamp packing` writes them) */
  long atoms;             /**< spheres in the file: the engine must report as many */
  long contacts;          /**< touching pairs at step 0 as grandamp counts them */
  const char *normal, *damping; /**< grandamp model names ("hertz/material", "tsuji", ...) */
  const char *tangential; /**< "nohistory" (linear_nohistory 0 0) or "mindlin" (mindlin kt 1.0 mu) */
  const char *pair_coeff; /**< grandamp's model text of the row (LAMMPS runs it as written) */
  double kn;              /**< hooke, hertz: the stiffness as pair_coeff writes it */
  double E, nu;           /**< hertz/material: Young's modulus and Poisson ratio */
  double damp;            /**< the damping number as pair_coeff writes it */
  double kt;              /**< tangential stiffness (NAN: derived from the material, pair_coeff NULL) */
  double mu;              /**< friction coefficient (0 for nohistory) */
  double dt, skin;        /**< time step and neighbour skin */
  long steps;             /**< steps timed */
  int ranks;              /**< MPI ranks (Yade: OpenMP threads) */
  double timeout_s;       /**< the run is killed after this long */
} EngineBench;

/** What an engine reports of a timing run. */
typedef struct EngineTiming {
  double pair_time_s; /**< the engine's own time of its pair (contact force) computation over
                           the run, averaged over ranks; Yade: its InteractionLoop */
  double loop_time_s; /**< the whole stepping loop, as the engine reports it */
  long atoms;         /**< spheres in the run, as the engine reports */
  long contacts0;     /**< touching pairs at the start (step 0; Yade: after its first step, which
                           creates the interactions), as the engine reports */
  long contacts;      /**< touching pairs at the end of the run, as the engine reports */
  long steps;         /**< steps run, as the engine reports */
  int ranks;          /**< ranks (threads) it ran on, as it reports */
  char version[64];
  char native[200];   /**< what it ran, in its own terms */
} EngineTiming;

/** How one timing run of a batch ended (Engine.bench_batch). */
typedef struct EngineBenchOutcome {
  bool ok;           /**< it ran and its log was read into t */
  int fault;         /**< an ProcFault (run.h): the crash or time-out that ended the batch while it ran */
  EngineTiming t;
  char why[512];     /**< why not, when ok is false */
} EngineBenchOutcome;

/** A cooling gas stepped in the engine: the data file of `grandamp packing --type gas` (LAMMPS lj
 *  units: sigma, m and T in the file's own units) with one model, its translational kinetic
 *  energy every `every` steps from t = 0. */
#define ENGINE_GAS_MAX 64
typedef struct EngineGas {
  const char *data_file;  /**< absolute path of the gas */
  long atoms;             /**< spheres in the file */
  const char *pair_coeff; /**< grandamp's model text (LAMMPS runs it as written) */
  const char *normal, *damping; /**< its model names, and its numbers as pair_coeff writes them: */
  double kn, E, nu, damp; /**< (for the engines that take the model apart, as EngineBench) */
  double dt, skin;
  long steps, every;      /**< steps, and steps between outputs (steps / every <= ENGINE_GAS_MAX) */
  double timeout_s;
} EngineGas;
typedef struct EngineGasResult {
  int n;                              /**< outputs, t = 0 first */
  double ke[ENGINE_GAS_MAX + 1];      /**< translational kinetic energy of all spheres */
  char version[64];
} EngineGasResult;

/** One engine. */
typedef struct Engine {
  const char *name;    /**< "lammps", "liggghts", "yade" */
  const char *command; /**< the program looked up on PATH: "lmp", "liggghts", "yade" */
  const char *package; /**< the Debian package that installs it */
  /** A run of the engine on an empty input: its wall time, measured once, is the start-up that
   *  scales the time limits of the real runs (engine_probe). */
  const char *const *probe;
  bool force_end;      /**< its laws clamp the normal force at zero (no pull): its e is the
                            force-end e of docs/verification.md (grandamp's limit_damping) */
  /** Whether the engine can run this grandamp model; *native (native must not be NULL) gets the
   *  engine's own spelling
   *  (for the table that `grandamp engines` prints) or why not. */
  bool (*supports)(const char *normal, const char *damping, const char **native);
  /** Runs one collision in workdir (an existing, empty folder); false with a one-line reason
   *  in why when the engine fails, times out or its output cannot be read. */
  bool (*collide)(const EngineCase *c, const char *workdir, EngineResult *r, char *why, size_t why_size);
  /** Several collisions in one start of the engine (src/engines/batch.h); NULL: one start each. */
  const struct EngineBatch *batch;
  /** The engine's other styles that run some of grandamp's models (NULL-terminated; NULL: none):
   *  LAMMPS's legacy gran/hooke, gran/hooke/history and gran/hertz/history, each also a fix
   *  wall/gran style. EngineCase.style names one. */
  const char *const *styles;
  /** Whether the style runs this grandamp model (tangential NULL: frictionless), *native (not
   *  NULL) its mapping in the style's own terms, or why not. */
  bool (*style_supports)(const char *style, const char *normal, const char *damping, const char *tangential,
                         const char **native);
  /** Whether collide can run an oblique impact with grandamp's tangential model and x_gamma_t
   *  (*native: the engine's spelling, or why not). NULL: head-on collisions only. */
  bool (*oblique_supports)(const char *tangential, double xt, const char **native);
  /** Its oblique impacts run grandamp's own laws (LAMMPS), so they are judged against the
   *  verifier's continuous reference; otherwise only against the closed forms that hold for any
   *  Coulomb law (gross sliding, no slip). */
  bool oblique_same_law;
  /** Its oblique impacts can start with spins (LIGGGHTS 3.8 cannot set them). */
  bool oblique_spins;
  /** Whether the engine can time this benchmark row (tangential "nohistory" or "mindlin"); *native
   *  as for supports. NULL: the engine has no timing runs. */
  bool (*bench_supports)(const char *normal, const char *damping, const char *tangential, const char **native);
  /** One timing run in workdir (an existing, empty folder); false with a one-line reason when the
   *  engine fails, times out, or its log lacks the loop, pair-time or count lines. It does not
   *  judge the counts: the caller compares them with the packing's. */
  bool (*bench)(const EngineBench *b, const char *workdir, EngineTiming *t, char *why, size_t why_size);
  /** Several timing runs in one start of the engine, bs[0..n) on the same packing (Yade: the
   *  packing read once, its collider's first sweep paid once per law, started with the largest
   *  ranks and each run's pair loop on its own ranks as threads), in workdir
   *  (an existing, empty folder) within timeout_s; out[0..returned) get their outcomes, at least
   *  one: a crash or time-out fails the run that was running and the runs after it are not
   *  reached (src/engines/batch.h). NULL: one start per run (bench). */
  int (*bench_batch)(const EngineBench *bs, int n, const char *workdir, double timeout_s, EngineBenchOutcome *out);
  /** The engine's input for a head-on contact model that `grandamp calibrate` solved (c's normal,
   *  damping, material, damp = the coefficient, radii; e = the restitution it gives): lines that
   *  give the engine the same law with the same e, '\n'-separated, into buf; false with why in
   *  buf when the engine has no equivalent. Asked only with the engine's own end criterion
   *  (force_end). NULL: none known. */
  bool (*calibrated)(const EngineCase *c, double e, char *buf, size_t size);
  /** Steps a cooling gas (EngineGas) in workdir (an existing, empty folder); false with a one-line
   *  reason when the engine fails, times out or its output cannot be read. NULL: no gas runs. */
  bool (*gas)(const EngineGas *g, const char *workdir, EngineGasResult *r, char *why, size_t why_size);
} Engine;

/** The engines the verifier knows (src/engines/registry.c), by index or by name (NULL: none). */
/** The masses of a case's spheres (sphere_mass of Ri with rho, Rj with rho_j or rho; mj infinite
 *  for a wall) and their effective mass (mi for a wall). */
void engine_case_masses(const EngineCase *c, double *mi, double *mj, double *meff);

int engine_count(void);
const Engine *engine_at(int k);
const Engine *engine_find(const char *name);
/** The engine's start-up in seconds (its probe, Engine.probe, run once per process and
 *  remembered), which scales every time limit of its runs; NAN when it has no probe, or when the
 *  probe failed (then *why says how; else *why is NULL). */
double engine_startup(const Engine *e, const char **why);

#endif
