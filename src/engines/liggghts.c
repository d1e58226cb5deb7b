/*
 * liggghts.c - the LIGGGHTS 3.8 adapter (see liggghts.h): grandamp's collision as `-var`
 * arguments of the project's deck, and the GRANDAMP thermo lines of the log read back.
 *
 * What LIGGGHTS 3.8 computes (its normal models, per contact; Reff, meff as grandamp's, a wall
 * having Reff = R and meff = m; Y* = 1/((1-nu_i^2)/E_i + (1-nu_j^2)/E_j), one material:
 * E/(2(1-nu^2)); beta = ln e/sqrt(ln^2 e + pi^2); v_n the normal relative velocity):
 *   hertz            F = (4/3)Y* sqrt(Reff d) d + 2 sqrt(5/6)|beta| sqrt(S_n meff) v_n,
 *                    S_n = 2Y* sqrt(Reff d) = (3/2) F_el/d. The damping is sqrt(5)|beta|
 *                    sqrt(meff F_el/d): grandamp's coeff_restitution on Hertz, whose delta-end e
 *                    is the target exactly (docs/verification.md §2.2).
 *   hooke            F = k_n d + gamma_n v_n, gamma_n = sqrt(4 meff k_n/(1 + (pi/ln e)^2))
 *                    = 2|beta| sqrt(meff k_n): zeta = beta(e), so e = target exactly (§1.3,
 *                    grandamp hooke + coeff_restitution). k_n is not an input:
 *                    k_n = (16/15) sqrt(Reff) Y* (15 meff V^2/(16 sqrt(Reff) Y*))^(1/5),
 *                    V = characteristicVelocity (the
 *                    secant stiffness of a Hertz contact of Y* hit at V). The adapter fixes
 *                    V = 1 m/s, nu = 0 and solves for Y*: Y* = (15/16) k_n^(5/4)/(sqrt(Reff)
 *                    (meff V^2)^(1/4)), E = 2Y*; LIGGGHTS gives k_n back to rounding.
 *   hooke/stiffness  F = k_n d + gamma_n meff v_n (grandamp mass_velocity, damp = gamma_n), or
 *                    with absolute_damping on F = k_n d + gamma_n_abs v_n (velocity).
 *   hertz/stiffness  F = k_n sqrt(Reff d) d + gamma_n meff sqrt(Reff d) v_n: grandamp hertz
 *                    (k_n as its F = k sqrt(Reff) d^1.5) + viscoelastic (eta = damp meff a).
 * grandamp hertz on LIGGGHTS hertz: nu = 0 and E = (3/2) k_n, so (4/3)Y* = k_n. hertz/material
 * on hertz/stiffness: k_n = (4/3) E/(2(1-nu^2)). Not run (no equivalent): tsuji, tsuji/legacy,
 * hooke + viscoelastic, Hertz + velocity or mass_velocity (hertz/stiffness always carries
 * sqrt(Reff d)), dmt, jkr (LIGGGHTS's sjkr cohesion is another law), mdr; LIGGGHTS's luding,
 * edinburgh, thornton_ning and hooke/hysteresis have no grandamp counterpart. The contact ends
 * at delta = 0 (limitForce off), grandamp's default; limitForce on (F_n >= 0) would be
 * limit_damping's force-end, which EngineCase cannot ask for. LIGGGHTS refuses
 * coefficientRestitution <= 0.05 (its ERROR is the why).
 */
#include "liggghts.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "numparse.h"
#include "run.h"
#include "textfile.h"
#include "common.h"

#define LIGGGHTS_TIMEOUT 300.0   /* s: a collision takes well under a second (4e5 steps/s) */
#define LIGGGHTS_DECK "liggghts_collide.in"
#define LIGGGHTS_BENCH_DECK "liggghts_bench.in"
#define LIGGGHTS_PHASE 0.3       /* contact onset inside a step, as the LAMMPS adapter's */
#define LIGGGHTS_CHAR_VEL 1.0    /* characteristicVelocity of model hooke [m/s] */
#define LIGGGHTS_MAX_STEPS 100000000L
#define LIGGGHTS_SETTINGS "tangential_damping off limitForce off"

/* One grandamp model LIGGGHTS runs: its native model, its keywords, the table's spelling. */
typedef struct LiggghtsMap {
  const char *normal, *damping; /* grandamp */
  const char *model;            /* LIGGGHTS normal model */
  bool absolute;                /* absolute_damping on */
  const char *native;
} LiggghtsMap;

static const LiggghtsMap MAP[] = {
    {"hooke", "coeff_restitution", "hooke", false,
     "gran model hooke + coefficientRestitution, k_n from characteristicVelocity"},
    {"hertz", "coeff_restitution", "hertz", false, "gran model hertz + coefficientRestitution (E = 3k_n/2, nu = 0)"},
    {"hertz/material", "coeff_restitution", "hertz", false,
     "gran model hertz + youngsModulus, poissonsRatio, coefficientRestitution"},
    {"hooke", "velocity", "hooke/stiffness", true, "gran model hooke/stiffness absolute_damping on (gamman_abs)"},
    {"hooke", "mass_velocity", "hooke/stiffness", false, "gran model hooke/stiffness (gamman per meff)"},
    {"hooke", "none", "hooke/stiffness", false, "gran model hooke/stiffness, gamman 0"},
    {"hertz", "viscoelastic", "hertz/stiffness", false, "gran model hertz/stiffness (gamman meff sqrt(R d))"},
    {"hertz/material", "viscoelastic", "hertz/stiffness", false,
     "gran model hertz/stiffness, kn = 4/3 E/(2(1-nu^2))"},
    {"hertz", "none", "hertz/stiffness", false, "gran model hertz/stiffness, gamman 0"},
    {"hertz/material", "none", "hertz/stiffness", false, "gran model hertz/stiffness, gamman 0"},
};
#define NMAP (sizeof MAP / sizeof MAP[0])

static const LiggghtsMap *find_map(const char *normal, const char *damping) {
  if (!normal || !damping) return NULL;
  for (size_t k = 0; k < NMAP; k++)
    if (!strcmp(MAP[k].normal, normal) && !strcmp(MAP[k].damping, damping)) return &MAP[k];
  return NULL;
}

/* Why a model has no LIGGGHTS 3.8 equivalent. */
static const char *why_not(const char *normal, const char *damping) {
  if (!strcmp(normal, "dmt") || !strcmp(normal, "jkr"))
    return "no DMT or JKR normal model in LIGGGHTS 3.8 (cohesion sjkr/sjkr2 is a different law)";
  if (!strcmp(normal, "mdr")) return "no MDR normal model in LIGGGHTS 3.8";
  if (!strncmp(damping, "tsuji", 5)) return "no Tsuji damping in LIGGGHTS 3.8 (hooke and hertz take coefficientRestitution)";
  if (!strcmp(damping, "viscoelastic")) return "no hooke with damping in sqrt(R d) in LIGGGHTS 3.8";
  if (!strcmp(damping, "velocity") || !strcmp(damping, "mass_velocity"))
    return "LIGGGHTS 3.8 hertz/stiffness damps with gamman meff sqrt(R d), never a constant";
  return "no LIGGGHTS 3.8 equivalent";
}

bool liggghts_oblique_supports(const char *tangential, double xt, const char **native) {
  const bool ok = !strcmp(tangential, "mindlin") && xt == 0.0;
  *native = ok ? "tangential history with tangential_damping off (shear displacement; k_t = 8 G* a for hertz, the kt "
                 "property for hertz/stiffness)"
               : "only mindlin without tangential damping (its tangential history)";
  return ok;
}

static bool liggghts_supports(const char *normal, const char *damping, const char **native) {
  const LiggghtsMap *m = find_map(normal, damping);
  if (native) *native = m ? m->native : why_not(normal ? normal : "", damping ? damping : "");
  return m != NULL;
}

/* ---- the command line ---- */

static bool add(LiggghtsArgs *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool add(LiggghtsArgs *a, const char *fmt, ...) {
  if (a->argc + 2 > (int)(sizeof a->argv / sizeof a->argv[0]) || a->used >= sizeof a->pool) return false;
  va_list ap;
  va_start(ap, fmt);
  const int n = vsnprintf(a->pool + a->used, sizeof a->pool - a->used, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof a->pool - a->used) return false;
  a->argv[a->argc++] = a->pool + a->used;
  a->argv[a->argc] = NULL;
  a->used += (size_t)n + 1;
  return true;
}

static bool var(LiggghtsArgs *a, const char *name, double x) {
  return add(a, "-var") && add(a, "%s", name) && add(a, "%.17g", x);
}


/* hertz/stiffness's kn for a grandamp model: (4/3) E* of hertz/material, else k_n as given. */
static double stiffness_kn(const EngineCase *c) {
  return !strcmp(c->normal, "hertz/material") ? 4.0 / 3.0 * (c->E / (2.0 * (1.0 - c->nu * c->nu))) : c->kn;
}

static bool bad(char *why, size_t n, const char *msg) {
  engine_msgf(why, n, "%s", msg);
  return false;
}

bool liggghts_args(const EngineCase *c, const char *deck, const char *log, LiggghtsArgs *a, char *why, size_t why_size) {
  memset(a, 0, sizeof *a);
  const LiggghtsMap *m = find_map(c->normal, c->damping);
  if (!m) {
    engine_msgf(why, why_size, "%s + %s: %s", c->normal ? c->normal : "?", c->damping ? c->damping : "?",
                why_not(c->normal ? c->normal : "", c->damping ? c->damping : ""));
    return false;
  }
  const bool wall = isinf(c->Rj);
  if (!(c->Ri > 0 && isfinite(c->Ri)) || !(wall || (c->Rj > 0 && isfinite(c->Rj))))
    return bad(why, why_size, "radii must be finite and > 0 (Rj = INFINITY: a wall)");
  const char *native;
  if (c->tangential && !liggghts_oblique_supports(c->tangential, c->xt, &native)) {
    engine_msgf(why, why_size, "liggghts: tangential %s: %s", c->tangential, native);
    return false;
  }
  if (c->wi0 != 0.0 || c->wj0 != 0.0 || (c->rho_j > 0.0 && c->rho_j != c->rho))
    return bad(why, why_size, "liggghts: no initial spins (LIGGGHTS 3.8's set has no omega) and one density only");
  if (!c->tangential && c->vt0 != 0.0) return bad(why, why_size, "liggghts: an oblique impact needs a tangential model");
  if (!(c->rho > 0 && isfinite(c->rho)) || !(c->v0 > 0 && isfinite(c->v0)) || !(c->dt > 0 && isfinite(c->dt)) ||
      !(c->t_run > 0 && isfinite(c->t_run)))
    return bad(why, why_size, "rho, v0, dt and t_run must be finite and > 0");
  /* + the approach of (2 + phase) steps; 1e-9 keeps 1e-3/1e-6 = 1000.0000000000001 at 1000 */
  const double steps_d = ceil(c->t_run / c->dt - 1e-9) + 3.0;
  if (!(steps_d <= (double)LIGGGHTS_MAX_STEPS)) return bad(why, why_size, "t_run/dt is over 1e8 steps");
  a->steps = (long)steps_d;

  double mi, mj, meff;
  engine_case_masses(c, &mi, &mj, &meff);
  const double Reff = wall ? c->Ri : c->Ri * c->Rj / (c->Ri + c->Rj);
  a->meff = meff;
  const bool material = !strcmp(c->normal, "hertz/material");
  if (material && !(c->E > 0 && isfinite(c->E) && c->nu >= 0 && c->nu <= 0.5))
    return bad(why, why_size, "hertz/material needs E > 0 and 0 <= nu <= 0.5 (LIGGGHTS's poissonsRatio range)");
  if (!material && !(c->kn > 0 && isfinite(c->kn))) return bad(why, why_size, "k_n must be finite and > 0");

  /* Inert defaults for what the model does not read (the deck defines every property). */
  double E = 1e7, nu = 0.0, e = 1.0, kn = 1.0, gamman = 0.0;
  const bool restitution = !strcmp(c->damping, "coeff_restitution");
  if (restitution) e = c->damp;
  else if (strcmp(c->damping, "none")) gamman = c->damp;
  if (!strcmp(m->model, "hooke")) {
    const double V2 = LIGGGHTS_CHAR_VEL * LIGGGHTS_CHAR_VEL;
    E = 2.0 * (15.0 / 16.0) * pow(c->kn, 1.25) / (sqrt(Reff) * pow(meff * V2, 0.25));
  } else if (!strcmp(m->model, "hertz")) {
    E = material ? c->E : 1.5 * c->kn, nu = material ? c->nu : 0.0;
  } else if (!strcmp(m->model, "hertz/stiffness")) {
    kn = stiffness_kn(c);
  } else {
    kn = c->kn;
  }
  if (!(isfinite(E) && isfinite(kn) && isfinite(gamman) && gamman >= 0 && e > 0 && e <= 1))
    return bad(why, why_size, "the damping number or the stiffness is out of range");

  /* The placement of grandamp's collide and the LAMMPS adapter: apart by (2 + phase) v0 dt,
   * the centre of mass at rest; a wall is the plane on sphere 1's right. */
  const double gap = (2.0 + LIGGGHTS_PHASE) * c->v0 * c->dt;
  double x1, x2, v1, v2, vy1, vy2, y1 = 0.0, y2 = 0.0, wallx = 0.0;
  if (wall) {
    x1 = 0.0, v1 = c->v0, x2 = 0.0, v2 = 0.0, wallx = c->Ri + gap, vy1 = c->vt0, vy2 = 0.0;
  } else {
    const double M = mi + mj, t_free = (2.0 + LIGGGHTS_PHASE) * c->dt; /* oblique: centres along x at the onset */
    x1 = -(c->Ri + 0.5 * gap), x2 = c->Rj + 0.5 * gap;
    v1 = c->v0 * mj / M, v2 = -c->v0 * mi / M;
    vy1 = c->vt0 * mj / M, vy2 = -c->vt0 * mi / M;
    y1 = -vy1 * t_free, y2 = -vy2 * t_free;
  }
  const double rsum = wall ? c->Ri : c->Ri + c->Rj;
  const double Lx = 2.0 * (rsum + gap + c->v0 * (double)a->steps * c->dt);
  const double Ly = 2.0 * (wall ? c->Ri : fmax(c->Ri, c->Rj)) + 2.0 * fabs(c->vt0) * (double)a->steps * c->dt;
  const double d2 = wall ? 2.0 * c->Ri : 2.0 * c->Rj;

  bool ok = add(a, "liggghts") && add(a, "-in") && add(a, "%s", deck) && add(a, "-log") && add(a, "%s", log) &&
            add(a, "-nocite") && add(a, "-var") && add(a, "normal") && add(a, "%s", m->model) && add(a, "-var") &&
            add(a, "settings") && add(a, "%s%s", m->absolute ? "absolute_damping on " : "", LIGGGHTS_SETTINGS);
  ok = ok && var(a, "E", E) && var(a, "nu", nu) && var(a, "e", e) && var(a, "charvel", LIGGGHTS_CHAR_VEL) &&
       var(a, "kn", kn) && var(a, "gamman", gamman);
  ok = ok && var(a, "d1", 2.0 * c->Ri) && var(a, "d2", d2) && var(a, "rho", c->rho) && var(a, "x1", x1) &&
       var(a, "x2", x2) && var(a, "v1", v1) && var(a, "v2", v2) && add(a, "-var") && add(a, "wall") &&
       add(a, "%d", wall ? 1 : 0) && var(a, "wallx", wallx);
  ok = ok && var(a, "y1", y1) && var(a, "y2", y2) && var(a, "vy1", vy1) && var(a, "vy2", vy2) &&
       var(a, "mu", c->tangential ? c->mu : 0.0) && add(a, "-var") && add(a, "tangential") &&
       add(a, "%s", c->tangential ? "history" : "no_history");
  ok = ok && var(a, "Lx", Lx) && var(a, "Ly", Ly) && var(a, "skin", 0.1 * fmin(c->Ri, wall ? c->Ri : c->Rj)) &&
       var(a, "dt", c->dt) && add(a, "-var") && add(a, "steps") && add(a, "%ld", a->steps);
  if (!ok) return bad(why, why_size, "the LIGGGHTS command line does not fit its buffer (paths too long?)");
  return true;
}

const char *liggghts_arg_var(const LiggghtsArgs *a, const char *name) {
  for (int k = 0; k + 2 < a->argc; k++)
    if (!strcmp(a->argv[k], "-var") && !strcmp(a->argv[k + 1], name)) return a->argv[k + 2];
  return NULL;
}

/* ---- the log ---- */

typedef struct ResultLine {
  long step;
  double v1, v2, contact_mean, gap, vy1, vy2, wz1, wz2;
} ResultLine;

/* The first ERROR line of a file into buf (the log, or the captured screen). */
static bool error_line(const char *path, char *buf, size_t size) {
  return path && engine_file_line(path, "ERROR", buf, size);
}

/* The log of a run, open for reading, after its ERROR lines (log, then screen output) are ruled
 * out; NULL with the reason in why. */
static bool open_log(TextFile *f, const char *log, const char *screen, char *why, size_t why_size) {
  char line[1024];
  if (error_line(log, line, sizeof line) || error_line(screen, line, sizeof line)) {
    engine_msgf(why, why_size, "liggghts: %.300s", line);
    return false;
  }
  if (access(log, F_OK) != 0) {
    engine_msgf(why, why_size, "liggghts wrote no log %.200s", log);
    return false;
  }
  if (engine_log_open(f, log, why, why_size)) return true;
  char reason[512];
  engine_msgf(reason, sizeof reason, "%s", why);
  engine_msgf(why, why_size, "liggghts log refused: %s", reason);
  return false;
}

/* The next line of a log; false at its end, or with why when it is refused (NUL, too long). */
static bool log_next(TextFile *f, bool *bad, char *why, size_t why_size) {
  const int rc = textfile_next(f);
  if (rc < 0) engine_msgf(why, why_size, "liggghts log refused: %s", f->why), *bad = true;
  return rc > 0;
}

/* Whether a timing line of the log (Loop time, Pair, GRANDAMP_BENCH) holds a number that is not
 * decimal (sscanf would read "0x10" as 16); *why says where. */
static bool timing_not_decimal(const char *line, const char *log, long at, char *why, size_t why_size) {
  const bool timing = !strncmp(line, "Loop time of ", 13) || !strncmp(line, "Pair ", 5) ||
                      !strncmp(line, "GRANDAMP_BENCH ", 15);
  if (!timing || engine_line_decimal(line)) return false;
  engine_msgf(why, why_size, "%.200s:%ld: liggghts printed a number that is not decimal: %.100s", log, at, line);
  return true;
}

bool liggghts_parse_log(const char *log, const char *screen, long steps, double dt, double meff, EngineResult *r,
                        char *why, size_t why_size) {
  TextFile f;
  if (!open_log(&f, log, screen, why, why_size)) return false;
  snprintf(r->version, sizeof r->version, "unknown");
  ResultLine first = {0}, last = {0};
  int n = 0;
  bool bad = false;
  while (log_next(&f, &bad, why, why_size)) {
    const char *line = f.text;
    static const char version_tag[] = "LIGGGHTS (Version ";
    if (timing_not_decimal(line, log, f.line, why, why_size)) {
      bad = true;
      break;
    }
    if (!strncmp(line, version_tag, sizeof version_tag - 1)) {
      const char *v = line + sizeof version_tag - 1;
      snprintf(r->version, sizeof r->version, "%.*s", (int)strcspn(v, ",)"), v);
    } else if (!strncmp(line, "GRANDAMP ", 9)) {
      /* y velocities: 0 in a log of the head-on deck (5 columns); spins: NaN in one without them (7) */
      ResultLine x = {.wz1 = NAN, .wz2 = NAN};
      const int got = sscanf(line + 9, "%ld %lf %lf %lf %lf %lf %lf %lf %lf", &x.step, &x.v1, &x.v2, &x.contact_mean,
                             &x.gap, &x.vy1, &x.vy2, &x.wz1, &x.wz2);
      if (got != 5 && got != 7 && got != 9) {
        engine_msgf(why, why_size, "unreadable result line in %.100s: %.200s", log, line);
        textfile_close(&f);
        return false;
      }
      if (n++ == 0) first = x;
      last = x;
    }
  }
  textfile_close(&f);
  if (bad) return false;
  if (n < 2 || last.step != steps) {
    char tail[512] = "";
    engine_file_line(log, NULL, tail, sizeof tail);
    engine_msgf(why, why_size, "liggghts gave no result after %ld steps (%d GRANDAMP lines); last line: %s", steps, n,
                tail);
    return false;
  }
  const double approach = first.v1 - first.v2, leave = last.v2 - last.v1;
  if (!(approach > 0) || !isfinite(leave)) {
    engine_msgf(why, why_size, "liggghts: bad velocities (approach %g, separation %g)", approach, leave);
    return false;
  }
  const double contact_steps = last.contact_mean * (double)(steps + 1); /* samples at steps 0..steps */
  const double whole = round(contact_steps);
  if (whole < 1) {
    engine_msgf(why, why_size, "the bodies never touched in %ld steps", steps);
    return false;
  }
  if (!(last.gap > 0)) {
    engine_msgf(why, why_size, "still in contact after %ld steps (t_run too short, or the pair was captured)", steps);
    return false;
  }
  r->e = leave / approach;
  r->vt = last.vy1 - last.vy2;
  r->wi = last.wz1, r->wj = last.wz2;
  r->t_c = fabs(contact_steps - whole) < 1e-6 ? whole * dt : NAN;
  r->ke_in = 0.5 * meff * approach * approach;
  r->ke_out = 0.5 * meff * leave * leave;
  return true;
}

/* ---- one run ---- */

/* The log and screen-output paths of a run in workdir (each buffer 4096 bytes). */
static bool run_paths(const char *workdir, char log[4096], char screen[4096], char *why, size_t why_size) {
  if (snprintf(log, 4096, "%s/liggghts.log", workdir) >= 4096 ||
      snprintf(screen, 4096, "%s/liggghts.screen", workdir) >= 4096)
    return bad(why, why_size, "workdir path too long");
  return true;
}

static bool liggghts_collide(const EngineCase *c, const char *workdir, EngineResult *r, char *why, size_t why_size) {
  const char *deck = engine_deck_path(LIGGGHTS_DECK, why, why_size);
  if (!deck) return false;
  char log[4096], screen[4096];
  if (!run_paths(workdir, log, screen, why, why_size)) return false;
  LiggghtsArgs a;
  if (!liggghts_args(c, deck, log, &a, why, why_size)) return false;
  const int rc = proc_spawn(a.argv, screen, c->timeout_s > 0.0 ? c->timeout_s : LIGGGHTS_TIMEOUT, why, why_size);
  if (rc < 0) return false;
  if (!liggghts_parse_log(log, screen, a.steps, c->dt, a.meff, r, why, why_size)) return false;
  if (rc != 0) {
    engine_msgf(why, why_size, "liggghts exited with status %d after writing its result", rc);
    return false;
  }
  return true;
}

/* ---- several collisions in one start (src/engines/batch.h): each case's deck after `clear` ---- */

static void liggghts_batch_command(const char *input, const char *log, const char *argv[16]) {
  int k = 0;
  argv[k++] = "liggghts", argv[k++] = "-in", argv[k++] = input, argv[k++] = "-log", argv[k++] = log;
  argv[k++] = "-nocite", argv[k] = NULL;
}

static bool liggghts_batch_case(FILE *in, const EngineCase *c, const char *dir) {
  char why[256], log[4096], screen[4096];
  const char *deck = engine_deck_path(LIGGGHTS_DECK, why, sizeof why);
  LiggghtsArgs a;
  return deck && run_paths(dir, log, screen, why, sizeof why) && liggghts_args(c, deck, log, &a, why, sizeof why) &&
         engine_batch_lmp_case(in, a.argv, dir);
}

static bool liggghts_batch_read(const EngineCase *c, const char *dir, const char *log, const char *screen,
                                EngineResult *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  char clog[4096], unused[4096];
  const char *deck = engine_deck_path(LIGGGHTS_DECK, why, why_size);
  LiggghtsArgs a;
  if (!deck || !run_paths(dir, clog, unused, why, why_size) || !liggghts_args(c, deck, clog, &a, why, why_size))
    return false;
  /* the batch's screen output only for the case that was running at its end: its ERROR line */
  const bool ok = liggghts_parse_log(clog, screen, a.steps, c->dt, a.meff, r, why, why_size);
  static const char version_tag[] = "LIGGGHTS (Version "; /* it heads the batch's log, not the case's */
  char line[512];
  if (engine_file_line(log, version_tag, line, sizeof line)) {
    const char *v = line + sizeof version_tag - 1;
    snprintf(r->version, sizeof r->version, "%.*s", (int)strcspn(v, ",)"), v);
  }
  return ok;
}

static const EngineBatch LIGGGHTS_BATCH = {
    .command = liggghts_batch_command, .write_case = liggghts_batch_case, .read_case = liggghts_batch_read};

/* ---- timing runs (src/engines/decks/liggghts_bench.in) ----
 *
 * The benchmark rows LIGGGHTS has, with the collision's parameter map (MAP above). Tangential
 * nohistory is its no_history with no friction and no tangential damping: no tangential force,
 * as linear_nohistory 0 0. grandamp's mindlin (k_t a, damping 1.0, mu) runs as its `history`,
 * which is not Mindlin: a Cundall-Strack spring on the accumulated shear displacement,
 * F_t = -k_t xi - gamma_t v_t, |F_t| capped at mu |F_n| by shortening xi (the dashpot is dropped
 * while sliding). Its k_t and gamma_t follow the normal model: hertz/stiffness takes
 * k_t sqrt(R d) and gamma_t meff sqrt(R d), so k_t = 8 G* (the k_t a of mindlin NULL,
 * 8 G* = 2E/((2 - nu)(1 + nu)) for one material) and gamma_t = gamma_n (mindlin's damping 1.0)
 * are grandamp's exactly; hooke/stiffness has a constant k_t, which takes k_n (the k_t a of
 * mindlin cannot be written), and gamma_t = gamma_n; hertz computes its own k_t = 8 G* a and
 * gamma_t = 2 sqrt(5/6)|beta| sqrt(8 G* a meff) from E, nu and e. */
typedef struct LiggghtsBenchRow {
  const char *normal, *damping, *tangential; /* grandamp */
  const char *native;
} LiggghtsBenchRow;

static const LiggghtsBenchRow BENCH_ROWS[] = {
    {"hooke", "velocity", "nohistory",
     "gran model hooke/stiffness absolute_damping on (kn, gamman_abs), tangential no_history, frictionless"},
    {"hooke", "velocity", "mindlin",
     "gran model hooke/stiffness absolute_damping on, tangential history (not Mindlin: constant kt = kn, "
     "gammat_abs = gamman_abs, capped at mu Fn)"},
    {"hooke", "mass_velocity", "nohistory", "gran model hooke/stiffness (gamman per meff), tangential no_history, frictionless"},
    {"hooke", "mass_velocity", "mindlin",
     "gran model hooke/stiffness, tangential history (not Mindlin: constant kt = kn, gammat = gamman, capped at mu Fn)"},
    {"hertz/material", "viscoelastic", "nohistory",
     "gran model hertz/stiffness, kn = 4/3 E/(2(1-nu^2)), tangential no_history, frictionless"},
    {"hertz/material", "viscoelastic", "mindlin",
     "gran model hertz/stiffness, tangential history (not Mindlin: spring kt a = 8G* a, gammat = gamman, capped at mu "
     "Fn)"},
    {"hertz/material", "coeff_restitution", "nohistory",
     "gran model hertz + coefficientRestitution, tangential no_history, frictionless"},
    {"hertz/material", "coeff_restitution", "mindlin",
     "gran model hertz + coefficientRestitution, tangential history (not Mindlin: spring 8G* a, its own gammat from "
     "8G* a, capped at mu Fn)"},
};
#define NBENCH (sizeof BENCH_ROWS / sizeof BENCH_ROWS[0])

static const LiggghtsBenchRow *find_bench_row(const char *normal, const char *damping, const char *tangential) {
  if (!normal || !damping || !tangential) return NULL;
  for (size_t k = 0; k < NBENCH; k++)
    if (!strcmp(BENCH_ROWS[k].normal, normal) && !strcmp(BENCH_ROWS[k].damping, damping) &&
        !strcmp(BENCH_ROWS[k].tangential, tangential))
      return &BENCH_ROWS[k];
  return NULL;
}

static bool liggghts_bench_supports(const char *normal, const char *damping, const char *tangential,
                                    const char **native) {
  const LiggghtsBenchRow *row = find_bench_row(normal, damping, tangential);
  if (native) {
    if (row) *native = row->native;
    else if (!tangential || (strcmp(tangential, "nohistory") && strcmp(tangential, "mindlin")))
      *native = "only the benchmark's tangential models (nohistory, mindlin)";
    else if (!find_map(normal, damping)) *native = why_not(normal ? normal : "", damping ? damping : "");
    else *native = "not a row of the benchmark matrix (no timing mapping)";
  }
  return row != NULL;
}

bool liggghts_bench_args(const EngineBench *b, const char *deck, const char *log, LiggghtsArgs *a, char *why,
                         size_t why_size) {
  memset(a, 0, sizeof *a);
  if (!find_bench_row(b->normal, b->damping, b->tangential)) {
    const char *native;
    liggghts_bench_supports(b->normal, b->damping, b->tangential, &native);
    engine_msgf(why, why_size, "%s + %s, %s: %s", b->normal ? b->normal : "?", b->damping ? b->damping : "?",
                b->tangential ? b->tangential : "?", native);
    return false;
  }
  const LiggghtsMap *m = find_map(b->normal, b->damping);
  /* A read_data that cannot open its file stops on one rank (MPI_Abort) before the log is
   * flushed: the log would be empty and the why lost, so the file is checked here. */
  if (!b->data_file || access(b->data_file, R_OK) != 0) {
    engine_msgf(why, why_size, "packing %.300s is not readable", b->data_file ? b->data_file : "(none)");
    return false;
  }
  if (!engine_path_check("packing", b->data_file, why, why_size)) return false; /* the deck's ${data}: quoted below */
  if (!(b->steps > 0 && b->steps <= LIGGGHTS_MAX_STEPS) || !(b->dt > 0 && isfinite(b->dt)) ||
      !(b->skin > 0 && isfinite(b->skin)) || b->ranks < 1)
    return bad(why, why_size, "steps, dt, skin and ranks must be > 0");
  const bool mindlin = !strcmp(b->tangential, "mindlin");
  const bool material = !strcmp(b->normal, "hertz/material");
  if (material && !(b->E > 0 && isfinite(b->E) && b->nu >= 0 && b->nu <= 0.5))
    return bad(why, why_size, "hertz/material needs E > 0 and 0 <= nu <= 0.5 (LIGGGHTS's poissonsRatio range)");
  if (!material && !(b->kn > 0 && isfinite(b->kn))) return bad(why, why_size, "k_n must be finite and > 0");
  if (mindlin && !(b->mu >= 0 && isfinite(b->mu))) return bad(why, why_size, "mu must be finite and >= 0");

  /* Inert defaults for what the model does not read (the deck defines every property). */
  double E = 1e7, nu = 0.0, e = 1.0, kn = 1.0, kt = 1.0, gamman = 0.0;
  if (!strcmp(b->damping, "coeff_restitution")) e = b->damp;
  else gamman = b->damp;
  if (!strcmp(m->model, "hertz")) {
    E = b->E, nu = b->nu;
  } else if (!strcmp(m->model, "hertz/stiffness")) {
    kn = 4.0 / 3.0 * (b->E / (2.0 * (1.0 - b->nu * b->nu)));
    kt = 2.0 * b->E / ((2.0 - b->nu) * (1.0 + b->nu)); /* 8 G* of one material: mindlin NULL's k_t */
  } else {
    kn = b->kn, kt = b->kn;
  }
  if (!(isfinite(kn) && isfinite(kt) && isfinite(gamman) && gamman >= 0 && e > 0 && e <= 1))
    return bad(why, why_size, "the damping number or the stiffness is out of range");

  char nbuf[16];
  const char *launcher[8];
  const int nl = engine_mpi_argv(launcher, b->ranks, "liggghts", nbuf);
  bool ok = true;
  for (int k = 0; k < nl && ok; k++) ok = add(a, "%s", launcher[k]); /* into the pool: nbuf is local */
  ok = ok && add(a, "-in") && add(a, "%s", deck) && add(a, "-log") && add(a, "%s", log) && add(a, "-nocite") &&
       add(a, "-var") && add(a, "data") && add(a, "\"%s\"", b->data_file) && add(a, "-var") && add(a, "normal") &&
       add(a, "%s", m->model) && add(a, "-var") && add(a, "tangential") &&
       add(a, "%s", mindlin ? "history" : "no_history") && add(a, "-var") && add(a, "settings") &&
       add(a, "%stangential_damping %s limitForce off", m->absolute ? "absolute_damping on " : "", mindlin ? "on" : "off");
  ok = ok && var(a, "E", E) && var(a, "nu", nu) && var(a, "e", e) && var(a, "kn", kn) && var(a, "kt", kt) &&
       var(a, "gamman", gamman) && var(a, "gammat", mindlin ? gamman : 0.0) && var(a, "mu", mindlin ? b->mu : 0.0);
  ok = ok && add(a, "-var") && add(a, "steps") && add(a, "%ld", b->steps) && var(a, "dt", b->dt) &&
       var(a, "skin", b->skin);
  if (!ok) return bad(why, why_size, "the LIGGGHTS command line does not fit its buffer (paths too long?)");
  a->steps = b->steps;
  return true;
}

bool liggghts_read_timing(const char *log, const char *screen, EngineTiming *t, char *why, size_t why_size) {
  TextFile f;
  if (!open_log(&f, log, screen, why, why_size)) return false;
  /* The last "Loop time" line and the Pair line after it are the timed run's (run 0 comes first
   * and prints no breakdown). */
  bool loop = false, pair = false, counts = false, bad = false;
  while (log_next(&f, &bad, why, why_size)) {
    const char *line = f.text;
    static const char version_tag[] = "LIGGGHTS (Version ";
    if (timing_not_decimal(line, log, f.line, why, why_size)) {
      bad = true;
      break;
    }
    double lt, avg, d0, d1;
    int procs;
    long steps, atoms;
    if (!strncmp(line, version_tag, sizeof version_tag - 1)) {
      const char *v = line + sizeof version_tag - 1;
      engine_msgf(t->version, sizeof t->version, "%.*s", (int)strcspn(v, ",)\r\n"), v);
    } else if (sscanf(line, "Loop time of %lf on %d procs for %ld steps with %ld atoms", &lt, &procs, &steps, &atoms) ==
               4) {
      t->loop_time_s = lt, t->ranks = procs, t->steps = steps, t->atoms = atoms, loop = true, pair = false;
    } else if (loop && sscanf(line, "Pair time (%%) = %lf", &avg) == 1) { /* 3.8: "Pair  time (%) = avg (pct)" */
      t->pair_time_s = avg, pair = true;
    } else if (sscanf(line, "GRANDAMP_BENCH contacts0=%lf contacts=%lf", &d0, &d1) == 2) {
      if (!engine_count_field(d0, &t->contacts0) || !engine_count_field(d1, &t->contacts)) {
        engine_msgf(why, why_size, "%.200s:%ld: liggghts counted %g and %g contacts", log, f.line, d0, d1);
        bad = true;
        break;
      }
      counts = true;
    }
  }
  textfile_close(&f);
  if (bad) return false;
  if (!loop || !pair || !counts) {
    engine_msgf(why, why_size, "liggghts log lacks its %s line (%.200s)",
                !loop ? "\"Loop time\"" : !pair ? "timing breakdown's \"Pair  time\"" : "GRANDAMP_BENCH", log);
    return false;
  }
  return engine_timing_check("liggghts", "Pair", t, why, why_size);
}

static bool liggghts_bench(const EngineBench *b, const char *workdir, EngineTiming *t, char *why, size_t why_size) {
  memset(t, 0, sizeof *t);
  const char *deck = engine_deck_path(LIGGGHTS_BENCH_DECK, why, why_size);
  if (!deck) return false;
  char log[4096], screen[4096];
  if (!run_paths(workdir, log, screen, why, why_size)) return false;
  LiggghtsArgs a;
  if (!liggghts_bench_args(b, deck, log, &a, why, why_size)) return false;
  const LiggghtsBenchRow *row = find_bench_row(b->normal, b->damping, b->tangential);
  engine_msgf(t->native, sizeof t->native, "%s", row->native);
  const int rc = proc_spawn(a.argv, screen, b->timeout_s, why, why_size);
  if (rc < 0) return false;
  if (!liggghts_read_timing(log, screen, t, why, why_size)) {
    char last[512] = "(empty)", abort_line[16];
    if (rc != 0) { /* an error on one rank aborts MPI before the log is flushed: no ERROR line */
      engine_file_line(log, NULL, last, sizeof last);
      const bool aborted = engine_file_line(screen, "MPI_ABORT", abort_line, sizeof abort_line);
      engine_msgf(why, why_size, "liggghts exited with status %d without an ERROR line%s; its log ends: %.300s", rc,
                  aborted ? " (MPI_ABORT on one rank: its message was lost)" : "", last);
    }
    return false;
  }
  if (rc != 0) {
    engine_msgf(why, why_size, "liggghts exited with status %d after its timing", rc);
    return false;
  }
  return true;
}

/* ---- a cooling gas (decks/liggghts_gas.in): the bench's model mapping, the KE table ---- */

static bool liggghts_gas(const EngineGas *g, const char *workdir, EngineGasResult *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (g->every <= 0 || g->steps / g->every > ENGINE_GAS_MAX)
    return bad(why, why_size, "gas: more outputs than the table holds");
  const char *deck = engine_deck_path("liggghts_gas.in", why, why_size);
  if (!deck) return false;
  char deck_copy[4096]; /* engine_deck_path's buffer is static */
  snprintf(deck_copy, sizeof deck_copy, "%s", deck);
  char log[4096], screen[4096];
  if (!run_paths(workdir, log, screen, why, why_size)) return false;
  const EngineBench b = {.data_file = g->data_file, .atoms = g->atoms, .normal = g->normal, .damping = g->damping,
                         .tangential = "nohistory", .pair_coeff = g->pair_coeff, .kn = g->kn, .E = g->E, .nu = g->nu,
                         .damp = g->damp, .kt = NAN, .mu = 0.0, .dt = g->dt, .skin = g->skin, .steps = g->steps,
                         .ranks = 1, .timeout_s = g->timeout_s};
  LiggghtsArgs a;
  if (!liggghts_bench_args(&b, deck_copy, log, &a, why, why_size)) return false;
  if (!(add(&a, "-var") && add(&a, "every") && add(&a, "%ld", g->every)))
    return bad(why, why_size, "the LIGGGHTS command line does not fit its buffer");
  const int rc = proc_spawn(a.argv, screen, g->timeout_s, why, why_size);
  if (rc < 0) return false;
  TextFile f;
  if (!open_log(&f, log, screen, why, why_size)) return false; /* its ERROR lines and version */
  textfile_close(&f);
  char line[1024];
  static const char tag[] = "LIGGGHTS (Version ";
  if (engine_file_line(log, tag, line, sizeof line))
    engine_msgf(r->version, sizeof r->version, "%.*s", (int)strcspn(line + sizeof tag - 1, ",)"), line + sizeof tag - 1);
  if (!engine_read_ke_table(log, "liggghts", g, r, why, why_size)) return false;
  if (rc != 0) {
    engine_msgf(why, why_size, "liggghts exited with status %d after its gas run", rc);
    return false;
  }
  return true;
}

/* The properties LIGGGHTS 3.8 reads for the rows it runs with the same law (the MAP above;
 * hooke's coefficientRestitution needs a characteristicVelocity per contact: not offered). */
static bool liggghts_calibrated(const EngineCase *c, double e, char *buf, size_t size) {
  (void)e;
  const LiggghtsMap *m = find_map(c->normal, c->damping);
  if (!m || !strcmp(c->damping, "none") || (!strcmp(m->model, "hooke"))) {
    engine_msgf(buf, size, "%s", m ? "hooke's coefficientRestitution takes k_n from a characteristicVelocity, not k_n"
                                    : why_not(c->normal, c->damping));
    return false;
  }
  const char *head = "pair_style gran model %s tangential no_history%s%s  (your tangential model in place of no_history)\n";
  const char *pre = "fix m%d all property/global %s %s%s\n"; /* lines to paste: the shortest round-trip numbers */
  int n = snprintf(buf, size, head, m->model, m->absolute ? " absolute_damping on" : "", "");
  if (n < 0 || (size_t)n >= size) return false;
  if (!strcmp(m->model, "hertz")) {
    n += snprintf(buf + n, size - (size_t)n, pre, 1, "youngsModulus", "peratomtype ", num_text(c->E).s);
    n += snprintf(buf + n, size - (size_t)n, pre, 2, "poissonsRatio", "peratomtype ", num_text(c->nu).s);
    n += snprintf(buf + n, size - (size_t)n, pre, 3, "coefficientRestitution", "peratomtypepair 1 ", num_text(c->damp).s);
  } else {
    n += snprintf(buf + n, size - (size_t)n, pre, 1, "kn", "peratomtypepair 1 ", num_text(stiffness_kn(c)).s);
    n += snprintf(buf + n, size - (size_t)n, pre, 2, m->absolute ? "gamman_abs" : "gamman", "peratomtypepair 1 ",
                  num_text(c->damp).s);
  }
  if (n > 0 && (size_t)n <= size && buf[n - 1] == '\n') buf[n - 1] = '\0';
  return n > 0 && (size_t)n < size;
}

static const char *const LIGGGHTS_PROBE[] = {"liggghts", "-in", "/dev/null", "-log", "none", "-screen", "none", NULL};

const Engine ENGINE_LIGGGHTS = {
    .gas = liggghts_gas,
    .probe = LIGGGHTS_PROBE,
    .name = "liggghts",
    .command = "liggghts",
    .package = "liggghts",
    .supports = liggghts_supports,
    .collide = liggghts_collide,
    .batch = &LIGGGHTS_BATCH,
    .oblique_supports = liggghts_oblique_supports,
    .bench_supports = liggghts_bench_supports,
    .bench = liggghts_bench,
    .calibrated = liggghts_calibrated,
};
