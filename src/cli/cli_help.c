/*
 * cli_help.c - `grandamp <command> --help`: each command's usage, options with their defaults
 * and units, and one example. The texts follow the option tables of cli_<command>.c; a unit
 * test checks that every option a command accepts is named in its help.
 */
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "cli.h"
#include "model.h"

static const char HELP_MODEL[] =
    "usage: grandamp model '<text>'\n"
    "\n"
    "Parses the model part of a LAMMPS pair_coeff line and prints the resolved model as JSON:\n"
    "model names, every coefficient by name and the constants derived once at setup (E*, k,\n"
    "the damping constant D, Tsuji's polynomial, the tangential stiffness k_t).\n"
    "\n"
    "<text>: <normal> <coefficients> tangential <model> <coefficients> [damping <model>]\n"
    "        [rolling none] [twisting none] [heat none] [cutoff C] [limit_damping]\n"
    "  normal:     hooke k_n damp | hertz k_n damp | hertz/material E damp nu |\n"
    "              dmt E damp nu gamma | jkr E damp nu gamma | mdr (see docs/models.md §6)\n"
    "@DAMPING_LINES@"
    "  tangential: linear_nohistory x_gamma_t mu_t | linear_history k_t x_gamma_t mu_t |\n"
    "              mindlin, mindlin/force, mindlin_rescale, mindlin_rescale/force k_t|NULL x_gamma_t mu_t\n"
    "\n"
    "example:\n"
    "  grandamp model 'hertz/material 1e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji'\n";

static const char HELP_CONTACT[] =
    "usage: grandamp contact --model '<text>' --radius Ri Rj --mass mi mj --overlap delta --vn vnnr\n"
    "                        [--was-touching]\n"
    "       grandamp contact --model '<text>' --x1 x y z --x2 x y z --radius Ri Rj --mass mi mj\n"
    "                        [--v1 vx vy vz] [--v2 vx vy vz] [--omega1 wx wy wz] [--omega2 wx wy wz]\n"
    "                        [--history h...] [--dt dt] [--was-touching]\n"
    "\n"
    "Evaluates one contact and prints JSON. The scalar form gives the normal part (contact\n"
    "radius, elastic force Fne, eta_n, F_damp = -eta_n vnnr, F_n, Fncrit); the vector form the\n"
    "whole contact (forces, both torques, tangential history, dissipated power by channel).\n"
    "\n"
    "  --model '<text>'       the model part of a pair_coeff line (grandamp model --help)\n"
    "  --radius Ri Rj         radii [length]; Rj = inf: a flat wall\n"
    "  --mass mi mj           masses [mass]; at most one inf (an infinitely heavy partner)\n"
    "  --overlap delta        scalar form: the overlap Ri + Rj - r [length]\n"
    "  --vn vnnr              scalar form: normal relative velocity, negative on approach\n"
    "  --x1, --x2 x y z       vector form: the centres (x2: the nearest wall point if Rj = inf)\n"
    "  --v1, --v2 vx vy vz    velocities (default 0)\n"
    "  --omega1, --omega2     angular velocities wx wy wz (default 0; a wall does not rotate)\n"
    "  --history h...         the contact's stored tangential history (3 values, 4 for _rescale)\n"
    "  --dt dt                a regular step of dt: the history is advanced (default: a setup\n"
    "                         evaluation, LAMMPS run 0)\n"
    "  --was-touching         the contact touched on the previous step (JKR keeps it to pull-off)\n"
    "\n"
    "example:\n"
    "  grandamp contact --model 'hooke 1000 0.5 tangential linear_nohistory 0 0 damping tsuji' \\\n"
    "    --radius 0.5 0.5 --mass 1 1 --overlap 0.01 --vn -0.2\n";

#define HELP_PACKING_OPTIONS                                                                   \
  "  --n N                  particles (default 32000; fcc rounds to 4 m^3, m >= 3)\n"           \
  "  --seed S               random seed (default 1): same seed, same packing, any thread count\n" \
  "  --radius R             radius, or the mean radius of random (default 0.5)\n"               \
  "  --density RHO          density (default 1)\n"                                              \
  "  --overlap F            fcc: overlap of each contact over 2R; random: target rms overlap\n"   \
  "                         over the mean diameter (default 0.005)\n"                            \
  "  --phi PHI              random: packing fraction (default 0.66, at most 0.74); gas:\n"       \
  "                         volume fraction (default 0.1, in [0.001, 0.25]: what random\n"       \
  "                         placement reaches at every ratio and N, with margin)\n"              \
  "  --ratio Q              random: largest over smallest radius (default 2, at most 3); gas:\n"  \
  "                         two sizes in that ratio (default 1, at most 3)\n"                    \
  "  --dist uniform|lognormal  random: radius distribution (default uniform)\n"                  \
  "  --velocity V           std of the Gaussian velocities (default 0.005)\n"                    \
  "  --spin W               std of the Gaussian angular velocities (default 0.01; gas: 0)\n"     \
  "  --temperature T0       gas: granular temperature of the Maxwellian velocities (default 1)\n" \
  "  --equilibrate C        gas: elastic collisions per sphere before it is written (default 2,\n" \
  "                         at most 1000 and 1e6 steps, about 35 C/PHI; box >= 3 (2 R_max + 0.3 d))\n" \
  "  V, W, T0, R, RHO: masses, inertias and energies (3N 75 m V^2, 3N 75 T0, 3N 75 I W^2)\n"      \
  "  in 1e-300..1e300; N: within the tightest of RAM, the cgroup limit and ulimit -v.\n"

static const char HELP_PACKING[] =
    "usage: grandamp packing --type fcc|random|gas [--n N] [--seed S] [--radius R] [--density RHO]\n"
    "                        [--overlap F] [--phi PHI] [--ratio Q] [--dist uniform|lognormal]\n"
    "                        [--velocity V] [--spin W] [--temperature T0] [--equilibrate C]\n"
    "                        [--threads T] --out FILE.data\n"
    "\n"
    "Writes a synthetic packing as a LAMMPS data file (atom_style sphere), atomically: fcc is a\n"
    "periodic FCC lattice with 12 contacts per sphere; random places polydisperse spheres at\n"
    "random and relaxes them with grandamp's own pair loop; gas places equal spheres at random\n"
    "without overlap, with Maxwellian velocities, and lets them collide elastically a while.\n"
    "\n"
    "  --type fcc|random|gas  the packing\n"
    "  --out FILE.data        where to write it ('-': stdout)\n"
    "  --threads T            OpenMP threads (default: one per 4000 spheres, at most\n"
    "                         OMP_NUM_THREADS or the cores other work leaves free)\n" HELP_PACKING_OPTIONS
    "\n"
    "example:\n"
    "  grandamp packing --type random --n 3000 --seed 7 --out random.data\n";

static const char HELP_RUN[] =
    "usage: grandamp run --packing fcc|random|gas|FILE.data --model '<text>' --steps S [--dt DT]\n"
    "                    [--threads T] [--strategy full|half-reduce|half-atomic] [--skin SKIN]\n"
    "                    [--ref] [--precision double|mixed]\n"
    "                    [--every K [--series OUT.csv] [--theory]]\n"
    "                    [packing options: --n --seed --radius --density --overlap --phi --ratio\n"
    "                    --dist --velocity --spin --temperature --equilibrate]\n"
    "\n"
    "Runs S velocity-Verlet steps (LAMMPS fix nve/sphere order) over a packing and prints JSON:\n"
    "the pair loop that ran, seconds per phase, pair, contact and atom-step rates, peak memory,\n"
    "the energy ledger before and after, and which repeat gives the same bits.\n"
    "\n"
    "  --packing fcc|random|gas|FILE.data  a synthetic packing, or a LAMMPS data file (periodic box)\n"
    "  --model '<text>'       the model part of a pair_coeff line (grandamp model --help)\n"
    "  --steps S              time steps (0: the setup evaluation only)\n"
    "  --dt DT                time step (default 1e-4)\n"
    "  --threads T            OpenMP threads (default: one per 4000 spheres, at most\n"
    "                         OMP_NUM_THREADS or the cores other work leaves free)\n"
    "  --strategy S           full: full list, bitwise for any thread count; half-reduce\n"
    "                         (default): half list, per-thread arrays; half-atomic: atomic updates\n"
    "  --skin SKIN            neighbour skin (default 0.1)\n"
    "  --ref                  the plain serial reference loop\n"
    "  --precision P          double (default), or mixed: the contact law in single precision\n"
    "                         (hooke, hertz, hertz/material, dmt; others run double, with a notice)\n"
    "  --every K              a time series (\"series\"): temperature, collisions, dissipated\n"
    "                         energy at t = 0, every K steps and at the end; at most 100000 rows\n"
    "                         (1 + ceil(S/K)) in the JSON, any with --series\n"
    "  --series OUT.csv       the rows as CSV, written as the run goes, in place before the JSON\n"
    "                         prints; never stdout or the --packing file\n"
    "  --theory               on a gas of equal smooth spheres: kinetic theory's T beside T\n"
    "                         (Enskog-Haff with the model's e(g)) and Haff's time\n"
    "A data file's energies must be <= 1e300; a state past double's range stops the run (exit 1).\n"
    "packing options (fcc, random and gas):\n" HELP_PACKING_OPTIONS
    "\n"
    "example:\n"
    "  grandamp run --packing fcc --n 4000 --steps 20 --threads 2 \\\n"
    "    --model 'hertz/material 1e6 0.5 0.3 tangential linear_nohistory 0 0 damping tsuji'\n";

static const char HELP_FORCES[] =
    "usage: grandamp forces --data FILE.data --coeff '<I> <J> <text>' [--coeff ...]\n"
    "                       [--boundary p|f|xyz] [--threads T] --out forces.csv\n"
    "\n"
    "One force evaluation, the equivalent of LAMMPS run 0, with LAMMPS pair_coeff lines: type\n"
    "ranges (* *, 1 2, 2*4), later lines override earlier ones, unset cross pairs are mixed.\n"
    "Writes id,fx,fy,fz,tqx,tqy,tqz sorted by id, each number the shortest text that reads back\n"
    "to the same bits, atomically.\n"
    "\n"
    "  --data FILE.data       a LAMMPS data file (atom_style sphere)\n"
    "  --coeff '<I> <J> <text>'  one pair_coeff line without 'pair_coeff' (repeatable)\n"
    "  --boundary p|f|xyz     periodic (default) or fixed, or one letter per axis x y z\n"
    "  --threads T            OpenMP threads (default: one per 4000 spheres, at most\n"
    "                         OMP_NUM_THREADS or the cores other work leaves free)\n"
    "  --out forces.csv       where to write the forces ('-': stdout; not the --data file)\n"
    "\n"
    "example:\n"
    "  grandamp forces --data random.data --out forces.csv \\\n"
    "    --coeff '* * hertz/material 1e6 0.5 0.3 tangential mindlin NULL 1 0.5 damping viscoelastic'\n";

static const char HELP_ENGINES[] =
    "usage: grandamp engines [--markdown]\n"
    "       grandamp engines bench --rows ROWS.csv --packings NAME=FILE.data[,...] --out OUT.csv\n"
    "                              [--engines NAME[,...]] [--ranks R[,...]] [--steps S] [--dt DT]\n"
    "                              [--skin SKIN] [--reps R] [--timeout SECONDS]\n"
    "\n"
    "The outside DEM engines grandamp can drive (LAMMPS, LIGGGHTS, Yade; docs/engines.md). Without\n"
    "arguments: whether each is installed, and for every grandamp model whether the engine can\n"
    "run it and under which native name, or why not; then which tangential models it runs in an\n"
    "oblique impact (--markdown: a yes/no table).\n"
    "\n"
    "bench: times the benchmark's model rows inside each engine on grandamp's own packings (make\n"
    "bench runs it). The time is the engine's own pair time; it is trusted only when the engine's\n"
    "log shows as many spheres as the data file, the asked ranks and steps, and the touching\n"
    "pairs grandamp counts at step 0. A failed or miscounted run is a FAIL row (exit 1).\n"
    "\n"
    "  --rows ROWS.csv        the model rows: normal,damping,tangential,<pair_coeff text> per line\n"
    "                         (grandamp_bench --model-rows)\n"
    "  --packings NAME=FILE   comma list of packings by name (absolute paths to LAMMPS data files)\n"
    "  --out OUT.csv          engine,engine_version,packing,n,normal,damping,tangential,ranks,steps,\n"
    "                         contacts,pair_time_s,loop_time_s,contacts_per_s,status,native,why,\n"
    "                         load_before,load_after,busy (docs/benchmark.md: a busy machine)\n"
    "  --engines a,b          engines to run (each must be installed; default: every installed one)\n"
    "  --ranks R,...          MPI ranks (Yade: threads) (default: 1 and the number of cores)\n"
    "  --steps S              steps timed (default 10)\n"
    "  --dt DT, --skin SKIN   time step (default 1e-4) and neighbour skin (default 0.1)\n"
    "  --reps R               runs per configuration, median taken (default 1)\n"
    "  --timeout SECONDS      a run is killed after this long (default 0: 10 s + 10 x the engine's\n"
    "                         start-up + 0.5 ms per sphere + 20 us per sphere and step)\n"
    "\n"
    "example:\n"
    "  grandamp engines\n"
    "  grandamp engines bench --rows rows.csv --packings fcc=$PWD/fcc.data --engines lammps --out t.csv\n";

static const char HELP_COLLIDE[] =
    "usage: grandamp collide --model '<text>' --radius Ri [Rj] (--mass mi [mj] | --density RHO) --v V\n"
    "                        [--vt VT] [--spin Wi [Wj]]\n"
    "                        [--dt DT | --dt-fraction F] [--wall] [--phase P] [--threads T]\n"
    "                        [--strategy full|half-reduce|half-atomic] [--ref] [--max-tc K]\n"
    "                        [--precision double|mixed]\n"
    "\n"
    "A collision of two spheres, or a sphere on a flat wall, head-on or oblique, run through the\n"
    "same neighbour list, pair loop and integrator as grandamp run. Prints JSON: the coefficient of\n"
    "restitution e, collision time, maximum overlap and force, the tangential velocity and spins\n"
    "after the contact, initial and dissipated energy, steps, dt.\n"
    "Refuses (exit 2) a time step the integrator cannot hold and states the largest stable one.\n"
    "\n"
    "  --model '<text>'       the model part of a pair_coeff line (grandamp model --help)\n"
    "  --radius Ri [Rj]       radii; Rj = inf or --wall: a flat wall\n"
    "  --mass mi [mj]         masses (or --density RHO: m = 4/3 pi R^3 RHO)\n"
    "  --v V                  approach speed (> 0), along x\n"
    "  --vt VT                tangential relative speed v_i - v_j along y (default 0: head-on)\n"
    "  --spin Wi [Wj]         spins about z [rad/s] (default 0); the surface of i at the contact\n"
    "                         moves with -Ri Wi on a wall, +Ri Wi against j\n"
    "  --dt DT                time step, or --dt-fraction F: dt = F x the elastic collision\n"
    "                         time (default F = 0.01)\n"
    "  --wall                 a sphere on a flat wall\n"
    "  --phase P              the fraction of a step at which the overlap reaches 0 (default 0.5)\n"
    "  --max-tc K             captured (e = 0) when still touching after K collision times\n"
    "                         (default 200)\n"
    "  --threads T            OpenMP threads (default: one per 4000 spheres, at most\n"
    "                         OMP_NUM_THREADS or the cores other work leaves free)\n"
    "  --strategy S           full, half-reduce (default) or half-atomic (grandamp run --help)\n"
    "  --ref                  the plain serial reference loop\n"
    "  --precision P          double (default) or mixed (grandamp run --help)\n"
    "\n"
    "example:\n"
    "  grandamp collide --model 'hertz 1e5 0.8 tangential linear_nohistory 0 0 damping coeff_restitution' \\\n"
    "    --radius 0.5 0.5 --density 1 --v 0.1\n";

static const char HELP_CALIBRATE[] =
    "usage: grandamp calibrate (--material E NU RHO | --hooke KN --density RHO) --radius R [R2]\n"
    "                          (--e TARGET --v VREF | --data POINTS.csv [--v VREF]) [--wall]\n"
    "                          [--models NAME,...] [--limit-damping] [--tol TOL] [--steps N]\n"
    "                          [--dt-error BOUND] [--plots DIR] [--json]\n"
    "\n"
    "For a material and a measured restitution TARGET at impact speed VREF: the coefficient of every\n"
    "damping model (@CALIBRATE_MODELS@)\n"
    "that gives e = TARGET, solved by bisection on collisions through grandamp's loops (not a fit),\n"
    "as pair_coeff lines to paste, with the lines of the engines that run the same law; then a table\n"
    "of how each behaves: e over three decades of speed, on a wall and on a 1:2 pair, and the largest\n"
    "time step whose e stays within BOUND of its dt -> 0 limit. With --data, each model's least-squares\n"
    "coefficient for the measured (v, e) points, ranked by the rms of the residuals.\n"
    "A target a model cannot reach is named with the range it spans (exit 2 when that model was\n"
    "asked for by --models).\n"
    "\n"
    "  --material E NU RHO    hertz/material: Young's modulus, Poisson ratio, density [Pa, -, kg/m^3]\n"
    "  --hooke KN             hooke with the spring KN [N/m] (with --density RHO)\n"
    "  --radius R [R2]        radii: two spheres R and R2 (default R2 = R); R2 = inf or --wall: a wall\n"
    "  --e TARGET             the restitution wanted, in (0, 1]\n"
    "  --v VREF               the impact speed it was measured at [m/s] (with --data: the speed of the\n"
    "                         table; default the geometric middle of the points' speeds)\n"
    "  --data POINTS.csv      measured 'v,e' lines (a header, blank lines and # comments skipped)\n"
    "  --models a,b           only these damping models\n"
    "  --limit-damping        force-end (limit_damping: the force never pulls; a floor under e)\n"
    "  --tol TOL              accuracy of the solve in e (default 1e-7)\n"
    "  --steps N              steps per elastic collision time of each collision (default 2000)\n"
    "  --dt-error BOUND       the relative error in e the largest time step may make (default 0.01)\n"
    "  --plots DIR            also DIR/calibrate.dat and DIR/calibrate-{speed,dt,contacts[,fit]}.png\n"
    "                         (needs gnuplot)\n"
    "  --json                 one JSON object instead of the lines and the table\n"
    "\n"
    "examples:\n"
    "  grandamp calibrate --material 48e9 0.2 2800 --radius 0.005 --e 0.5 --v 1 --plots out\n"
    "  grandamp calibrate --material 48e9 0.2 2800 --radius 0.005 --data points.csv --json\n";

/* Each command's help and what it does in one line (a summary is one line): `grandamp help` is made of the usage lines
 * of these texts and the summaries, so it names every option the commands' helps do. */
static const struct {
  const char *command, *text, *summary;
} HELP[] = {
    {"model", HELP_MODEL, "print the resolved model (coefficients and derived constants) as JSON"},
    {"contact", HELP_CONTACT, "one contact's force and damping as JSON (vnnr < 0 on approach; Rj = inf: a wall)"},
    {"packing", HELP_PACKING, "write a synthetic packing (fcc, random, or a Maxwellian gas) as a LAMMPS data file"},
    {"run", HELP_RUN, "time steps; prints phase times, rates, memory and energies (JSON), --every: a time series"},
    {"forces", HELP_FORCES, "one force evaluation (LAMMPS run 0): id,fx,fy,fz,tqx,tqy,tqz"},
    {"collide", HELP_COLLIDE, "two spheres or a sphere on a wall collide, head-on or oblique: e, contact time, energies"},
    {"calibrate", HELP_CALIBRATE, "every damping model's coefficient that gives e = TARGET at VREF, and how it behaves"},
    {"engines", HELP_ENGINES, "which models LAMMPS, LIGGGHTS and Yade run, and how; bench: the model rows timed in them"},
};

static const char OVERVIEW_HEAD[] =
    "usage: grandamp <command> [options]\n"
    "\n"
    "Normal damping of granular (DEM) contacts with LAMMPS pair_style granular semantics.\n"
    "\n"
    "commands (grandamp help <command>: the options explained, defaults, an example):\n"
    "\n";

static const char OVERVIEW_TAIL[] =
    "  help: this text, or a command's options and an example (also: grandamp <command> --help)\n"
    "    help [<command>]\n"
    "\n"
    "  version: build information (compiler, flags, revision)\n"
    "    version\n"
    "\n"
    "<text> is the model part of a LAMMPS pair_coeff line, e.g.\n"
    "  'hertz/material 1e8 0.3 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji'\n"
    "\n"
    "exit codes: 0 ok, 1 runtime failure (I/O, memory), 2 bad usage or input,\n"
    "            3 verification failed\n";

/* The damping models as `grandamp model --help` lists them, from the model list (damping.h):
 * LAMMPS's keywords, the default marked, then those of one normal model, then grandamp's own,
 * " | " between them, wrapped under the first. */
static void damping_lines(char *out, size_t size) {
  char items[N_DAMPING + 1][160], ext[128] = "";
  int n = 0;
  for (int d = 0; d < N_DAMPING; d++) {
    const unsigned f = damping_model_flags((DampingModel)d);
    const char *name = damping_name((DampingModel)d);
    if (f & DFLAG_EXTENSION)
      snprintf(ext + strlen(ext), sizeof ext - strlen(ext), "%s%s", ext[0] ? ", " : "", name);
    else if (!(f & DFLAG_NEEDS_MDR))
      snprintf(items[n++], sizeof items[0], "%s%s", name, d == DAMPING_DEFAULT ? " (default)" : "");
  }
  for (int d = 0; d < N_DAMPING; d++)
    if (damping_model_flags((DampingModel)d) & DFLAG_NEEDS_MDR)
      snprintf(items[n++], sizeof items[0], "%s d_type (with mdr only)", damping_name((DampingModel)d));
  if (ext[0]) snprintf(items[n++], sizeof items[0], "%s (grandamp extensions)", ext);
  char line[512] = "  damping:    ";
  size_t at = 0;
  for (int k = 0; k < n; k++) {
    const bool first = strlen(line) == 14;
    if (!first && strlen(line) + 3 + strlen(items[k]) > 96) { /* wrap: the line ends with its separator */
      at += (size_t)snprintf(out + at, size - at, "%s |\n", line);
      snprintf(line, sizeof line, "              %s", items[k]);
    } else {
      snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", first ? "" : " | ", items[k]);
    }
  }
  snprintf(out + at, size - at, "%s\n", line);
}

/* text with @NAME@ replaced by the list it names, into a static buffer. */
static const char *expand(const char *text) {
  static char buf[8192];
  char lines[1024], models[512];
  damping_lines(lines, sizeof lines);
  calibrate_model_names(NORMAL_HERTZ_MATERIAL, models, sizeof models);
  size_t at = 0;
  for (const char *p = text; *p && at + 1 < sizeof buf;) {
    const char *with = !strncmp(p, "@DAMPING_LINES@", 15) ? lines : !strncmp(p, "@CALIBRATE_MODELS@", 18) ? models : NULL;
    if (with) {
      at += (size_t)snprintf(buf + at, sizeof buf - at, "%s", with);
      p += with == lines ? 15 : 18;
    } else {
      buf[at++] = *p++;
    }
  }
  buf[at < sizeof buf ? at : sizeof buf - 1] = '\0';
  return buf;
}

/* The usage lines of a command's help (up to the first blank line), with "usage: grandamp " and
 * "       grandamp " made "    " and the continuation lines shifted left as much. */
static void append_usage(char *buf, size_t size, size_t *at, const char *help) {
  const size_t prefix = strlen("usage: grandamp "), indent = 4;
  for (const char *line = help; *line && *line != '\n';) {
    const char *end = strchr(line, '\n');
    const size_t len = end ? (size_t)(end - line) : strlen(line);
    const bool starts = !strncmp(line, "usage: grandamp ", prefix) || !strncmp(line, "       grandamp ", prefix);
    size_t skip = starts ? prefix : 0; /* a continuation: up to as many of its leading spaces */
    while (!starts && skip < prefix - indent && line[skip] == ' ') skip++;
    *at += (size_t)snprintf(buf + *at, size - *at, "%*s%.*s\n", starts ? (int)indent : 0, "", (int)(len - skip),
                            line + skip);
    if (*at >= size) *at = size - 1;
    line = end ? end + 1 : line + len;
  }
}

const char *cli_overview(void) {
  static char buf[16384];
  size_t at = (size_t)snprintf(buf, sizeof buf, "%s", OVERVIEW_HEAD);
  for (size_t k = 0; k < sizeof HELP / sizeof *HELP; k++) { /* "  name: what it does", its usage, a blank line */
    at += (size_t)snprintf(buf + at, sizeof buf - at, "  %s: %s\n", HELP[k].command, HELP[k].summary);
    if (at >= sizeof buf) at = sizeof buf - 1;
    append_usage(buf, sizeof buf, &at, cli_help(HELP[k].command));
    at += (size_t)snprintf(buf + at, sizeof buf - at, "\n");
    if (at >= sizeof buf) at = sizeof buf - 1;
  }
  snprintf(buf + at, sizeof buf - at, "%s", OVERVIEW_TAIL);
  return buf;
}

const char *cli_help(const char *command) {
  for (size_t k = 0; k < sizeof HELP / sizeof *HELP; k++)
    if (strcmp(HELP[k].command, command) == 0) return strchr(HELP[k].text, '@') ? expand(HELP[k].text) : HELP[k].text;
  return NULL;
}

bool cli_wants_help(int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return true;
  return false;
}
