/* yade.c - the Yade adapter: grandamp's case -> the project's Yade scripts (a collision, a timing run), their result lines -> EngineResult, EngineTiming (see yade.h). */
#include "yade.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "numparse.h"
#include "run.h"
#include "common.h"

#define YADE_DECK "yade_collide.py"
#define YADE_TIMEOUT_S 120.0 /* start-up is about 1 s; the stepping loop runs in Python */

/* The Yade law behind one grandamp row. */
typedef enum { LAW_VISCEL_KC, LAW_VISCEL_TC, LAW_MINDLIN } YadeLaw;

typedef struct YadeRow {
  const char *normal, *damping;
  YadeLaw law;
  bool damped;
  const char *native;
} YadeRow;

static const YadeRow YADE_ROWS[] = {
    {"hooke", "velocity", LAW_VISCEL_KC, true,
     "ViscElMat(kn=2k, cn=2*damp) + Law2_ScGeom_ViscElPhys_Basic (F_n >= 0: force-end)"},
    {"hooke", "coeff_restitution", LAW_VISCEL_TC, true,
     "ViscElMat(tc, en=damp) + Law2_ScGeom_ViscElPhys_Basic (Pournin kn, cn; F_n >= 0: force-end)"},
    {"hooke", "none", LAW_VISCEL_KC, false, "ViscElMat(kn=2k, cn=0) + Law2_ScGeom_ViscElPhys_Basic"},
    {"hertz", "coeff_restitution", LAW_MINDLIN, true,
     "FrictMat(young=3k/2, poisson=0) + Ip2_FrictMat_FrictMat_MindlinPhys(en=damp) + "
     "Law2_ScGeom_MindlinPhys_Mindlin (Thornton 2013 beta_n; F_n >= 0: force-end)"},
    {"hertz/material", "coeff_restitution", LAW_MINDLIN, true,
     "FrictMat(young=E, poisson=nu) + Ip2_FrictMat_FrictMat_MindlinPhys(en=damp) + "
     "Law2_ScGeom_MindlinPhys_Mindlin (Thornton 2013 beta_n; F_n >= 0: force-end)"},
    {"hertz", "none", LAW_MINDLIN, false,
     "FrictMat(young=3k/2, poisson=0) + Ip2_FrictMat_FrictMat_MindlinPhys + Law2_ScGeom_MindlinPhys_Mindlin"},
    {"hertz/material", "none", LAW_MINDLIN, false,
     "FrictMat(young=E, poisson=nu) + Ip2_FrictMat_FrictMat_MindlinPhys + Law2_ScGeom_MindlinPhys_Mindlin"},
};

static const YadeRow *yade_row(const char *normal, const char *damping) {
  for (size_t i = 0; i < sizeof YADE_ROWS / sizeof YADE_ROWS[0]; i++)
    if (strcmp(YADE_ROWS[i].normal, normal) == 0 && strcmp(YADE_ROWS[i].damping, damping) == 0) return &YADE_ROWS[i];
  return NULL;
}

/* Why a row has no Yade equivalent: one line for the engines table. */
static const char *yade_missing(const char *normal, const char *damping) {
  if (strcmp(damping, "tsuji") == 0 || strcmp(damping, "tsuji/legacy") == 0)
    return "no Yade law: Mindlin's en takes Thornton's damping ratio, not Tsuji's polynomial";
  if (strcmp(damping, "viscoelastic") == 0) return "no Yade law: no damping proportional to the contact radius";
  if (strcmp(damping, "mass_velocity") == 0) return "no Yade law: no damping proportional to meff";
  if (strcmp(normal, "hooke") != 0 && strcmp(damping, "velocity") == 0)
    return "no Yade law: Yade's Hertz damps with a ratio (betan), not a constant coefficient";
  if (strcmp(normal, "dmt") == 0 || strcmp(normal, "jkr") == 0 || strcmp(normal, "mdr") == 0)
    return "not mapped: no Yade law with this cohesion (Mindlin's DMT adhesion is not wired here)";
  return "no Yade law for this row";
}

static bool yade_supports(const char *normal, const char *damping, const char **native) {
  const YadeRow *row = yade_row(normal, damping);
  *native = row ? row->native : yade_missing(normal, damping);
  return row != NULL;
}

static void add_arg(YadeArgs *a, const char *fmt, double value, const char *key) {
  char *slot = a->text[a->argc - 4]; /* argv[0..3] are the program, its options and the deck */
  snprintf(slot, sizeof a->text[0], fmt, key, value);
  a->argv[a->argc++] = slot;
}

/* The duration ViscElMat(tc, en) takes for a linear spring k with damping ratio beta(e): Yade turns
 * (tc, en) back into kn = meff (pi^2 + ln^2 en)/tc^2, i.e. k for this pair (a wall: one body). */
static double viscel_tc(const EngineCase *c) {
  double mi, mj, meff;
  engine_case_masses(c, &mi, &mj, &meff);
  const double ln_e = log(c->damp);
  return sqrt(meff * (GD_PI * GD_PI + ln_e * ln_e) / c->kn);
}

bool yade_args(const EngineCase *c, const char *deck, YadeArgs *a, char *why, size_t why_size) {
  const YadeRow *row = yade_row(c->normal, c->damping);
  if (!row) {
    engine_msgf(why, why_size, "%s + %s: %s", c->normal, c->damping, yade_missing(c->normal, c->damping));
    return false;
  }
  const char *native;
  if (c->tangential && (row->law != LAW_MINDLIN || !yade_oblique_supports(c->tangential, c->xt, &native))) {
    engine_msgf(why, why_size, "yade: tangential %s (x_gamma_t %g) with %s + %s: %s", c->tangential, c->xt, c->normal,
                c->damping, row->law != LAW_MINDLIN ? "oblique impacts run Mindlin's law only" : native);
    return false;
  }
  if (!c->tangential && (c->vt0 != 0.0 || c->wi0 != 0.0 || c->wj0 != 0.0)) {
    engine_msgf(why, why_size, "yade: an oblique impact needs a tangential model");
    return false;
  }
  if (!(c->Ri > 0) || !(c->Rj > 0) || !(c->rho > 0) || !(c->v0 > 0) || !(c->dt > 0) || !(c->t_run > c->dt)) {
    engine_msgf(why, why_size, "yade: radii, density, v0, dt and t_run must be positive (t_run > dt)");
    return false;
  }
  if (row->damped && strcmp(c->damping, "coeff_restitution") == 0 && !(c->damp > 0 && c->damp < 1)) {
    engine_msgf(why, why_size, "yade: en = %g must lie in (0, 1)", c->damp);
    return false;
  }
  memset(a, 0, sizeof *a);
  a->argv[0] = "yade";
  a->argv[1] = "-n"; /* no GUI */
  a->argv[2] = "-x"; /* exit when the script ends */
  a->argv[3] = deck;
  a->argc = 4;
  const char *law = row->law == LAW_MINDLIN ? "mindlin" : row->law == LAW_VISCEL_TC ? "viscel_tc" : "viscel_kc";
  snprintf(a->text[0], sizeof a->text[0], "law=%s", law);
  a->argv[a->argc++] = a->text[0];
  const char *g = "%s=%.17g";
  add_arg(a, g, c->Ri, "R1");
  if (isinf(c->Rj)) {
    snprintf(a->text[a->argc - 4], sizeof a->text[0], "R2=inf");
    a->argv[a->argc] = a->text[a->argc - 4];
    a->argc++;
  } else {
    add_arg(a, g, c->Rj, "R2");
  }
  add_arg(a, g, c->rho, "rho");
  add_arg(a, g, c->v0, "v0");
  add_arg(a, g, c->dt, "dt");
  add_arg(a, g, c->t_run, "t_run");
  switch (row->law) {
  case LAW_VISCEL_KC: /* each body twice the contact value: Yade takes their harmonic mean */
    add_arg(a, g, 2.0 * c->kn, "kn");
    add_arg(a, g, row->damped ? 2.0 * c->damp : 0.0, "cn");
    break;
  case LAW_VISCEL_TC:
    add_arg(a, g, viscel_tc(c), "tc");
    add_arg(a, g, c->damp, "en");
    break;
  case LAW_MINDLIN:
    if (strcmp(c->normal, "hertz") == 0) { /* (4/3) E* = k with E* = young/2 at poisson 0 */
      add_arg(a, g, 1.5 * c->kn, "young");
      add_arg(a, g, 0.0, "poisson");
    } else {
      add_arg(a, g, c->E, "young");
      add_arg(a, g, c->nu, "poisson");
    }
    if (row->damped) add_arg(a, g, c->damp, "en");
    break;
  }
  if (c->tangential) {
    /* Yade's wall lies on the sphere's right (+x), grandamp's below it: mirrored in x, a spin
     * about z changes sign (yade_collide turns the answer back). */
    const bool wall = isinf(c->Rj);
    add_arg(a, g, c->mu, "mu");
    add_arg(a, g, c->vt0, "vt");
    add_arg(a, g, wall ? -c->wi0 : c->wi0, "w1");
    add_arg(a, g, wall ? 0.0 : c->wj0, "w2");
  }
  if (c->rho_j > 0.0) add_arg(a, g, c->rho_j, "rho2");
  a->argv[a->argc] = NULL;
  return true;
}

/* One key=value field of the result line, as a number; false when absent or not a whole number. */
static bool field_double(const char *line, const char *key, double *out) {
  char pat[32];
  snprintf(pat, sizeof pat, " %s=", key);
  const char *p = strstr(line, pat);
  if (!p) return false;
  p += strlen(pat);
  const char *digits = p + (*p == '-' || *p == '+');
  if (!isdigit((unsigned char)*digits) && *digits != '.') return false; /* no inf, nan, or hex (below) */
  if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) return false;
  char *end;
  *out = strtod(p, &end);
  return end != p && (*end == ' ' || *end == '\0');
}

/* The version=... field, the last of a GRANDAMP_* line (tag names the line in the message), into
 * buf; false with why when it is missing or empty. */
static bool field_version(const char *line, const char *tag, char *buf, size_t size, char *why, size_t why_size) {
  const char *ver = strstr(line, " version=");
  if (!ver || !ver[9] || ver[9] == ' ') {
    engine_msgf(why, why_size, "malformed %s line (field version): %s", tag, line);
    return false;
  }
  ver += 9;
  const size_t n = strcspn(ver, " ");
  snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), ver);
  return true;
}

/* The script's TAG line of a log into line; false with why when the script wrote GRANDAMP_ERROR
 * instead, or neither (then the log's last line is quoted). */
static bool script_line(const char *log_path, const char *tag, char *line, size_t size, char *why, size_t why_size) {
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s ", tag);
  if (engine_file_line(log_path, "GRANDAMP_ERROR ", line, size)) {
    engine_msgf(why, why_size, "yade script: %s", line + strlen("GRANDAMP_ERROR "));
    return false;
  }
  const int got = engine_log_line(log_path, prefix, line, size, why, why_size);
  if (got != 0) return got > 0; /* found, or refused with the reason (NUL, too long) */
  char last[256] = "(empty log)";
  engine_file_line(log_path, NULL, last, sizeof last);
  engine_msgf(why, why_size, "no %s line in %s; its last line: %s", tag, log_path, last);
  return false;
}

bool yade_parse_log(const char *log_path, EngineResult *r, char *why, size_t why_size) {
  char line[1024];
  if (!script_line(log_path, "GRANDAMP_RESULT", line, sizeof line, why, why_size)) return false;
  static const char *const keys[] = {"e", "t_c", "ke_in", "ke_out"};
  double v[4];
  for (size_t i = 0; i < 4; i++)
    if (!field_double(line, keys[i], &v[i]) || !isfinite(v[i])) {
      engine_msgf(why, why_size, "malformed GRANDAMP_RESULT line (field %s): %s", keys[i], line);
      return false;
    }
  if (!field_version(line, "GRANDAMP_RESULT", r->version, sizeof r->version, why, why_size)) return false;
  r->e = v[0];
  r->t_c = v[1];
  r->ke_in = v[2];
  r->ke_out = v[3];
  return true;
}

bool yade_oblique_supports(const char *tangential, double xt, const char **native) {
  const bool ok = !strcmp(tangential, "mindlin/force") && xt == 0.0;
  *native = ok ? "Law2_ScGeom_MindlinPhys_Mindlin: incremental shear force, k_s = 8 G* a, no shear damping"
               : "only mindlin/force without tangential damping (Mindlin's incremental shear force)";
  return ok;
}

/* A finished run's result from its log: the result line, and an oblique impact's vt and spins. */
static bool yade_read_case(const EngineCase *c, const char *log, EngineResult *r, char *why, size_t why_size) {
  if (!yade_parse_log(log, r, why, why_size)) return false;
  if (c->tangential) {
    char line[1024];
    double vt, w1, w2;
    char refused[8];
    if (engine_log_line(log, "GRANDAMP_RESULT ", line, sizeof line, refused, sizeof refused) != 1 ||
        !field_double(line, "vt", &vt) ||
        !field_double(line, "w1", &w1) || !field_double(line, "w2", &w2) || !isfinite(vt) || !isfinite(w1) ||
        !isfinite(w2)) {
      engine_msgf(why, why_size, "yade: the result line lacks vt, w1 or w2 (log %s)", log);
      return false;
    }
    const bool wall = isinf(c->Rj);
    r->vt = vt, r->wi = wall ? -w1 : w1, r->wj = wall ? 0.0 : w2;
  }
  return true;
}

static bool yade_collide(const EngineCase *c, const char *workdir, EngineResult *r, char *why, size_t why_size) {
  const char *deck = engine_deck_path(YADE_DECK, why, why_size);
  if (!deck) return false;
  char deck_copy[4096]; /* engine_deck_path's buffer is static */
  snprintf(deck_copy, sizeof deck_copy, "%s", deck);
  YadeArgs a;
  if (!yade_args(c, deck_copy, &a, why, why_size)) return false;
  char log[4096];
  snprintf(log, sizeof log, "%s/yade.log", workdir);
  const int status = proc_spawn(a.argv, log, c->timeout_s > 0.0 ? c->timeout_s : YADE_TIMEOUT_S, why, why_size);
  if (status < 0) return false;
  if (!yade_parse_log(log, r, why, why_size)) return false;
  if (status != 0) { /* a result printed before a crash on exit is not trusted */
    engine_msgf(why, why_size, "yade exited with status %d (log %s)", status, log);
    return false;
  }
  return yade_read_case(c, log, r, why, why_size);
}

/* ---- several collisions in one start (src/engines/batch.h): a line of the script's batch list
 * per case, each in a fresh scene (O.reset()) ---- */

static void yade_batch_command(const char *input, const char *log, const char *argv[16]) {
  (void)log; /* the script's own lines go to each case's folder, the rest to the captured output */
  static _Thread_local char deck[4096], batch[4200];
  char why[256];
  const char *path = engine_deck_path(YADE_DECK, why, sizeof why);
  snprintf(deck, sizeof deck, "%s", path ? path : YADE_DECK); /* checked by write_case before */
  snprintf(batch, sizeof batch, "batch=%s", input);
  int k = 0;
  argv[k++] = "yade", argv[k++] = "-n", argv[k++] = "-x", argv[k++] = deck, argv[k++] = batch, argv[k] = NULL;
}

static bool yade_batch_case(FILE *in, const EngineCase *c, const char *dir) {
  char why[256];
  const char *deck = engine_deck_path(YADE_DECK, why, sizeof why);
  YadeArgs a;
  if (!deck || !yade_args(c, deck, &a, why, sizeof why) || strpbrk(dir, "\t\n")) return false;
  fprintf(in, "%s", dir);
  for (int k = 4; k < a.argc; k++) fprintf(in, "\t%s", a.argv[k]); /* after yade -n -x DECK */
  fprintf(in, "\n");
  return true;
}

static bool yade_batch_read(const EngineCase *c, const char *dir, const char *log, const char *screen, EngineResult *r,
                            char *why, size_t why_size) {
  (void)log;
  memset(r, 0, sizeof *r);
  char clog[4200];
  snprintf(clog, sizeof clog, "%s/yade.log", dir);
  if (yade_read_case(c, clog, r, why, why_size)) return true;
  char last[256]; /* the case that was running: what Yade itself said last (a C++ error, a traceback) */
  if (screen && engine_file_line(screen, NULL, last, sizeof last)) {
    char first[512];
    engine_msgf(first, sizeof first, "%s", why);
    engine_msgf(why, why_size, "%s; yade's output ends: %s", first, last);
  }
  return false;
}

static const EngineBatch YADE_BATCH = {
    .command = yade_batch_command, .write_case = yade_batch_case, .read_case = yade_batch_read};

/* ---- timing runs (src/engines/decks/yade_bench.py; the map is in yade.h) ---- */

#define YADE_BENCH_DECK "yade_bench.py"

typedef struct YadeBenchRow {
  const char *normal, *damping, *tangential;
  YadeLaw law;
  const char *native;
} YadeBenchRow;

static const YadeBenchRow YADE_BENCH_ROWS[] = {
    {"hooke", "velocity", "nohistory", LAW_VISCEL_KC,
     "ViscElMat(kn=2k, cn=2*damp, ks=0, cs=0, frictionAngle 0) + Law2_ScGeom_ViscElPhys_Basic"},
    {"hooke", "velocity", "mindlin", LAW_VISCEL_KC,
     "ViscElMat(kn=2k, cn=2*damp, ks=2kt, cs=2*xt*damp, frictionAngle atan mu) + Law2_ScGeom_ViscElPhys_Basic: "
     "a linear tangential spring, not Mindlin"},
    {"hertz/material", "coeff_restitution", "nohistory", LAW_MINDLIN,
     "FrictMat(young=E, poisson=nu, frictionAngle 0) + Ip2_FrictMat_FrictMat_MindlinPhys(en=damp) + "
     "Law2_ScGeom_MindlinPhys_Mindlin (tangential spring limited to 0)"},
    {"hertz/material", "coeff_restitution", "mindlin", LAW_MINDLIN,
     "FrictMat(young=E, poisson=nu, frictionAngle atan mu) + Ip2_FrictMat_FrictMat_MindlinPhys(en=damp) + "
     "Law2_ScGeom_MindlinPhys_Mindlin (betas = betan)"},
};

static const YadeBenchRow *yade_bench_row(const char *normal, const char *damping, const char *tangential) {
  for (size_t i = 0; i < sizeof YADE_BENCH_ROWS / sizeof YADE_BENCH_ROWS[0]; i++) {
    const YadeBenchRow *r = &YADE_BENCH_ROWS[i];
    if (!strcmp(r->normal, normal) && !strcmp(r->damping, damping) && !strcmp(r->tangential, tangential)) return r;
  }
  return NULL;
}

static bool yade_bench_supports(const char *normal, const char *damping, const char *tangential,
                                const char **native) {
  const YadeBenchRow *row = yade_bench_row(normal, damping, tangential);
  const char *text;
  if (row)
    text = row->native;
  else if (strcmp(tangential, "nohistory") && strcmp(tangential, "mindlin"))
    text = "only the benchmark's tangential models (nohistory, mindlin)";
  else if (yade_row(normal, damping))
    text = "not a benchmark row: no timing run mapped";
  else
    text = yade_missing(normal, damping);
  if (native) *native = text;
  return row != NULL;
}

/* The tangential damping scale xt of "tangential mindlin KT XT MU" in grandamp's pair_coeff text. */
static bool mindlin_xt(const char *pair_coeff, double *xt) {
  const char *p = pair_coeff ? strstr(pair_coeff, "tangential mindlin ") : NULL;
  return p && sscanf(p + strlen("tangential mindlin "), "%*s %lf", xt) == 1 && isfinite(*xt) && *xt >= 0.0;
}

static void bench_arg(YadeBenchArgs *a, int *slot, const char *key, double value) {
  snprintf(a->text[*slot], sizeof a->text[0], "%s=%.17g", key, value);
  a->argv[a->argc++] = a->text[(*slot)++];
}

bool yade_bench_args(const EngineBench *b, const char *deck, YadeBenchArgs *a, char *native, size_t native_size,
                     char *why, size_t why_size) {
  const char *text;
  if (!yade_bench_supports(b->normal, b->damping, b->tangential, &text)) {
    engine_msgf(why, why_size, "%s + %s, tangential %s: %s", b->normal, b->damping, b->tangential, text);
    return false;
  }
  const YadeBenchRow *row = yade_bench_row(b->normal, b->damping, b->tangential);
  const bool mindlin = strcmp(b->tangential, "mindlin") == 0;
  if (!b->data_file || !(b->dt > 0) || !(b->skin >= 0) || b->steps < 1 || b->ranks < 1) {
    engine_msgf(why, why_size, "yade: a data file, dt > 0, skin >= 0, steps >= 1 and ranks >= 1 are required");
    return false;
  }
  if (mindlin && !(isfinite(b->mu) && b->mu >= 0.0)) {
    engine_msgf(why, why_size, "yade: friction coefficient mu = %g must be finite and >= 0", b->mu);
    return false;
  }
  double xt = 0.0;
  if (row->law == LAW_VISCEL_KC) {
    if (!(b->kn > 0) || !(b->damp >= 0) || !isfinite(b->kn) || !isfinite(b->damp)) {
      engine_msgf(why, why_size, "yade: ViscElMat needs k > 0 and damp >= 0 (k = %g, damp = %g)", b->kn, b->damp);
      return false;
    }
    if (mindlin && (!(b->kt > 0) || !isfinite(b->kt) || !mindlin_xt(b->pair_coeff, &xt))) {
      engine_msgf(why, why_size, "yade: ViscElMat's ks needs a given kt > 0 and xt in \"tangential mindlin kt xt mu\"");
      return false;
    }
  } else {
    if (!(b->E > 0) || !isfinite(b->E) || !(b->nu > -1.0 && b->nu <= 0.5) || !(b->damp > 0 && b->damp < 1)) {
      engine_msgf(why, why_size, "yade: Mindlin needs E > 0, -1 < nu <= 0.5 and en in (0, 1) (E = %g, nu = %g, en = %g)",
                  b->E, b->nu, b->damp);
      return false;
    }
    if (mindlin && !isnan(b->kt)) { /* Yade's Mindlin derives kt from the material: a given kt has no place */
      engine_msgf(why, why_size, "yade: Mindlin takes its kt from the material (kt NULL), not kt = %g", b->kt);
      return false;
    }
  }
  const int dlen = snprintf(a->data, sizeof a->data, "data=%s", b->data_file);
  if (dlen < 0 || (size_t)dlen >= sizeof a->data) {
    engine_msgf(why, why_size, "yade: data file path too long");
    return false;
  }
  snprintf(a->threads, sizeof a->threads, "%d", b->ranks);
  a->argc = 0;
  const char *head[] = {"yade", "-j", a->threads, "-n", "-x", deck, a->data};
  for (size_t i = 0; i < sizeof head / sizeof head[0]; i++) a->argv[a->argc++] = head[i];
  int slot = 0;
  snprintf(a->text[slot], sizeof a->text[0], "law=%s", row->law == LAW_MINDLIN ? "mindlin" : "viscel");
  a->argv[a->argc++] = a->text[slot++];
  bench_arg(a, &slot, "steps", (double)b->steps);
  bench_arg(a, &slot, "dt", b->dt);
  bench_arg(a, &slot, "skin", b->skin);
  if (row->law == LAW_VISCEL_KC) { /* each body twice the contact value: Yade takes their harmonic mean */
    bench_arg(a, &slot, "kn", 2.0 * b->kn);
    bench_arg(a, &slot, "cn", 2.0 * b->damp);
    bench_arg(a, &slot, "ks", mindlin ? 2.0 * b->kt : 0.0);
    bench_arg(a, &slot, "cs", mindlin ? 2.0 * xt * b->damp : 0.0);
  } else {
    bench_arg(a, &slot, "young", b->E);
    bench_arg(a, &slot, "poisson", b->nu);
    bench_arg(a, &slot, "en", b->damp);
  }
  bench_arg(a, &slot, "friction", mindlin ? b->mu : 0.0);
  bench_arg(a, &slot, "threads", (double)b->ranks); /* the InteractionLoop's (ompThreads): a batch starts at the most */
  a->argv[a->argc] = NULL;
  if (native) engine_msgf(native, native_size, "%s", row->native);
  return true;
}

/* A whole number field of the GRANDAMP_BENCH line. */
static bool field_long(const char *line, const char *key, long *out) {
  double v;
  if (!field_double(line, key, &v) || !(v >= 0) || v != floor(v) || v > 1e15) return false;
  *out = (long)v;
  return true;
}

bool yade_read_timing(const char *log_path, EngineTiming *t, char *why, size_t why_size) {
  char line[1024];
  if (!script_line(log_path, "GRANDAMP_BENCH", line, sizeof line, why, why_size)) return false;
  static const char *const times[] = {"pair_time_s", "loop_time_s"};
  double v[2];
  for (size_t i = 0; i < 2; i++)
    if (!field_double(line, times[i], &v[i]) || !isfinite(v[i])) {
      engine_msgf(why, why_size, "malformed GRANDAMP_BENCH line (field %s): %s", times[i], line);
      return false;
    }
  static const char *const counts[] = {"atoms", "contacts0", "contacts", "steps", "threads"};
  long n[5];
  for (size_t i = 0; i < 5; i++)
    if (!field_long(line, counts[i], &n[i])) {
      engine_msgf(why, why_size, "malformed GRANDAMP_BENCH line (field %s): %s", counts[i], line);
      return false;
    }
  if (!field_version(line, "GRANDAMP_BENCH", t->version, sizeof t->version, why, why_size)) return false;
  t->pair_time_s = v[0];
  t->loop_time_s = v[1];
  t->atoms = n[0];
  t->contacts0 = n[1];
  t->contacts = n[2];
  t->steps = n[3];
  t->ranks = (int)n[4];
  return engine_timing_check("yade", "InteractionLoop", t, why, why_size); /* its pair time: the InteractionLoop's */
}

static bool yade_bench(const EngineBench *b, const char *workdir, EngineTiming *t, char *why, size_t why_size) {
  memset(t, 0, sizeof *t);
  const char *deck = engine_deck_path(YADE_BENCH_DECK, why, why_size);
  if (!deck) return false;
  char deck_copy[4096]; /* engine_deck_path's buffer is static */
  snprintf(deck_copy, sizeof deck_copy, "%s", deck);
  YadeBenchArgs a;
  memset(&a, 0, sizeof a);
  if (!yade_bench_args(b, deck_copy, &a, t->native, sizeof t->native, why, why_size)) return false;
  char log[4096];
  snprintf(log, sizeof log, "%s/yade.log", workdir);
  const int status = proc_spawn(a.argv, log, b->timeout_s, why, why_size);
  if (status < 0) return false;
  if (!yade_read_timing(log, t, why, why_size)) return false;
  if (status != 0) { /* a timing printed before a crash on exit is not trusted */
    engine_msgf(why, why_size, "yade exited with status %d after its timing (log %s)", status, log);
    return false;
  }
  return true;
}

/* Several timing runs on one packing in one start (the script's batch=FILE: a line per run), Yade
 * started with the most threads a run asks for and each run's InteractionLoop on its own (its
 * ompThreads): the pair time of one thread under -j 2 is that of -j 1 (docs/engines.md), and a
 * run of the same law at another thread count reuses the loaded scene. */
static int yade_bench_batch(const EngineBench *bs, int n, const char *workdir, double timeout_s,
                            EngineBenchOutcome *out) {
  enum { MAX_RUNS = 64 };
  static char dirs[MAX_RUNS][4200]; /* static: too large for the stack; the command is single-threaded */
  char list[4200], screen[4200], deck[4096], why[512] = "";
  memset(out, 0, (size_t)n * sizeof *out);
  const char *path = engine_deck_path(YADE_BENCH_DECK, out[0].why, sizeof out[0].why);
  if (!path) return 1;
  snprintf(deck, sizeof deck, "%s", path); /* engine_deck_path's buffer is static */
  snprintf(list, sizeof list, "%s/batch.txt", workdir);
  snprintf(screen, sizeof screen, "%s/yade.out", workdir);
  FILE *f = fopen(list, "w");
  if (!f) {
    engine_msgf(out[0].why, sizeof out[0].why, "cannot write %.300s", list);
    return 1;
  }
  int m = 0;
  YadeBenchArgs a;
  for (; m < n && m < MAX_RUNS; m++) {
    const EngineBench *b = &bs[m];
    if (m > 0 && strcmp(b->data_file, bs[0].data_file)) break; /* one packing per start */
    memset(&a, 0, sizeof a);
    snprintf(dirs[m], sizeof dirs[m], "%s/run%03d", workdir, m);
    if (!yade_bench_args(b, deck, &a, out[m].t.native, sizeof out[m].t.native, out[m].why, sizeof out[m].why) ||
        mkdir(dirs[m], 0777) != 0 || strpbrk(dirs[m], "\t\n")) {
      if (m == 0 && !out[0].why[0]) engine_msgf(out[0].why, sizeof out[0].why, "cannot create %.300s", dirs[0]);
      break; /* the first run fails alone; a later one starts the next batch */
    }
    fprintf(f, "%s", dirs[m]);
    for (int k = 6; k < a.argc; k++) fprintf(f, "\t%s", a.argv[k]); /* after yade -j N -n -x DECK */
    fprintf(f, "\n");
  }
  if (fclose(f) != 0 || m == 0) return 1;
  char batch[4300], threads[16];
  snprintf(batch, sizeof batch, "batch=%s", list);
  int most = 1; /* Yade starts with the most threads any run asks for; each run's pair loop takes its own */
  for (int k = 0; k < m; k++) most = bs[k].ranks > most ? bs[k].ranks : most;
  snprintf(threads, sizeof threads, "%d", most);
  const char *argv[] = {"yade", "-j", threads, "-n", "-x", deck, batch, NULL};
  const int status = proc_spawn(argv, screen, timeout_s, why, sizeof why);
  const ProcFault fault = proc_last_fault();
  for (int k = 0; k < m; k++) {
    char done[4300], log[4300];
    engine_batch_done_path(dirs[k], done, sizeof done);
    engine_msgf(log, sizeof log, "%s/yade.log", dirs[k]);
    if (access(done, F_OK) != 0) { /* the run that was going on when it ended: the rest were not reached */
      out[k].fault = fault;
      if (fault != PROC_FAULT_NONE) engine_msgf(out[k].why, sizeof out[k].why, "%s", why);
      else if (yade_read_timing(log, &out[k].t, out[k].why, sizeof out[k].why))
        engine_msgf(out[k].why, sizeof out[k].why, "yade exited with status %d before the end of this run", status);
      return k + 1;
    }
    out[k].ok = yade_read_timing(log, &out[k].t, out[k].why, sizeof out[k].why);
  }
  if (fault != PROC_FAULT_NONE || status != 0) { /* it ended badly after the last run: that run is charged */
    EngineBenchOutcome *last = &out[m - 1];
    last->ok = false, last->fault = fault;
    if (fault != PROC_FAULT_NONE) engine_msgf(last->why, sizeof last->why, "%s", why);
    else engine_msgf(last->why, sizeof last->why, "yade exited with status %d after its timing (log %s)", status, screen);
  }
  return m;
}

/* Yade's laws are force-end. ViscElMat takes per-body values whose harmonic mean is the
 * contact's; MindlinPhys(en) takes Thornton et al.'s (2013) fit, another law, which aims at e = en
 * itself (within 2.5e-4 for en <= 0.9, docs/engines.md): the why says so, with the en to give. */
static bool yade_calibrated(const EngineCase *c, double e, char *buf, size_t size) {
  const YadeRow *row = yade_row(c->normal, c->damping);
  if (!row || !row->damped) {
    engine_msgf(buf, size, "%s", row ? "no damping" : yade_missing(c->normal, c->damping));
    return false;
  }
  const bool wall = isinf(c->Rj);
  switch (row->law) {
  case LAW_VISCEL_KC:
    engine_msgf(buf, size, "ViscElMat(kn=%s, cn=%s) + Law2_ScGeom_ViscElPhys_Basic  (each body; the contact "
                "takes their harmonic mean)", num_text(2.0 * c->kn).s, num_text(2.0 * c->damp).s);
    return true;
  case LAW_VISCEL_TC: {
    if (wall) {
      engine_msgf(buf, size, "ViscElMat(tc, en) counts a wall as a second body of the sphere's mass: not the same law");
      return false;
    }
    engine_msgf(buf, size, "ViscElMat(tc=%s, en=%s) + Law2_ScGeom_ViscElPhys_Basic  (tc for this pair's meff)",
                num_text(viscel_tc(c)).s, num_text(c->damp).s);
    return true;
  }
  case LAW_MINDLIN: /* another law, but the user's answer is plain: en = e */
    engine_msgf(buf, size, "MindlinPhys(en) takes Thornton's fit, not this law; it aims at e = en itself: "
                "FrictMat(young=%s, poisson=%s) + Ip2_FrictMat_FrictMat_MindlinPhys(en=%.6g) gives e within "
                "2.5e-4 of %.6g for en <= 0.9", num_text(c->E).s, num_text(c->nu).s, e, e);
    return false;
  }
  return false;
}

/* ---- a cooling gas (yade_bench.py with every=K: the timing run's scene, a kinetic-energy table) ---- */

/* The gas's law as the timing runs map it (frictionless: tangential nohistory), on one thread:
 * the table "Step ke" of the script, then its GRANDAMP_GAS line for the version. */
static bool yade_gas(const EngineGas *g, const char *workdir, EngineGasResult *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (g->every <= 0 || g->steps % g->every || g->steps / g->every > ENGINE_GAS_MAX) {
    engine_msgf(why, why_size, "gas: %ld steps in outputs of %ld: not whole, or more than %d outputs", g->steps,
                g->every, ENGINE_GAS_MAX);
    return false;
  }
  const char *deck = engine_deck_path(YADE_BENCH_DECK, why, why_size);
  if (!deck) return false;
  char deck_copy[4096]; /* engine_deck_path's buffer is static */
  snprintf(deck_copy, sizeof deck_copy, "%s", deck);
  const EngineBench b = {.data_file = g->data_file, .atoms = g->atoms, .normal = g->normal, .damping = g->damping,
                         .tangential = "nohistory", .pair_coeff = g->pair_coeff, .kn = g->kn, .E = g->E, .nu = g->nu,
                         .damp = g->damp, .kt = NAN, .mu = 0.0, .dt = g->dt, .skin = g->skin, .steps = g->steps,
                         .ranks = 1, .timeout_s = g->timeout_s};
  YadeBenchArgs a;
  memset(&a, 0, sizeof a);
  if (!yade_bench_args(&b, deck_copy, &a, NULL, 0, why, why_size)) return false;
  int slot = 0;
  while (slot < (int)(sizeof a.text / sizeof a.text[0]) && a.text[slot][0]) slot++;
  if (slot == (int)(sizeof a.text / sizeof a.text[0])) {
    engine_msgf(why, why_size, "yade: no room for the gas's every= argument");
    return false;
  }
  bench_arg(&a, &slot, "every", (double)g->every);
  a.argv[a.argc] = NULL;
  char log[4096], line[512];
  snprintf(log, sizeof log, "%s/yade.log", workdir);
  const int status = proc_spawn(a.argv, log, g->timeout_s, why, why_size);
  if (status < 0) return false;
  if (!script_line(log, "GRANDAMP_GAS", line, sizeof line, why, why_size) ||
      !field_version(line, "GRANDAMP_GAS", r->version, sizeof r->version, why, why_size) ||
      !engine_read_ke_table(log, "yade", g, r, why, why_size))
    return false;
  if (status != 0) {
    engine_msgf(why, why_size, "yade exited with status %d after its gas run (log %s)", status, log);
    return false;
  }
  return true;
}

/* an empty script: the whole start-up (1.3 s here) of a run; its help text alone takes 0.07 s */
static const char *const YADE_PROBE[] = {"yade", "-n", "-x", "/dev/null", NULL};

const Engine ENGINE_YADE = {
    .probe = YADE_PROBE,
    .name = "yade",
    .command = "yade",
    .package = "yade",
    .force_end = true, /* every law here clamps the normal force at zero (yade.h) */
    .supports = yade_supports,
    .collide = yade_collide,
    .batch = &YADE_BATCH,
    .oblique_supports = yade_oblique_supports,
    .oblique_spins = true,
    .bench_supports = yade_bench_supports,
    .bench = yade_bench,
    .bench_batch = yade_bench_batch,
    .calibrated = yade_calibrated,
    .gas = yade_gas,
};
