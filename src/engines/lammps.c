/* lammps.c - one collision inside Debian's LAMMPS 29Sep2021 (see lammps.h). */
#include "lammps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "numparse.h"
#include "run.h"
#include "textfile.h"
#include "common.h"

#define TIMEOUT_S 120.0

static bool is_one_of(const char *s, const char *const *list) {
  for (; *list; list++)
    if (strcmp(s, *list) == 0) return true;
  return false;
}

static const char *const NORMALS[] = {"hooke", "hertz", "hertz/material", "dmt", "jkr", NULL};
static const char *const DAMPINGS[] = {"none", "velocity", "mass_velocity", "viscoelastic", "tsuji", "tsuji/legacy", NULL};

static bool lammps_supports(const char *normal, const char *damping, const char **native) {
  static const char *const WHY_NOT = "not in LAMMPS 29Sep2021 (coeff_restitution and mdr came later)";
  const bool cohesive = !strcmp(normal, "dmt") || !strcmp(normal, "jkr");
  const bool tsuji = !strcmp(damping, "tsuji") || !strcmp(damping, "tsuji/legacy");
  if (!is_one_of(normal, NORMALS) || !is_one_of(damping, DAMPINGS)) {
    if (native) *native = WHY_NOT;
    return false;
  }
  if (cohesive && tsuji) {
    if (native) *native = "refused by LAMMPS (tsuji needs F_ne/delta >= 0)";
    return false;
  }
  if (native) {
    if (!strcmp(damping, "tsuji")) *native = "pair_style granular ... damping tsuji (29Sep2021: without the sqrt 2)";
    else if (!strcmp(damping, "tsuji/legacy")) *native = "pair_style granular ... damping tsuji";
    else if (!strcmp(damping, "none")) *native = "pair_style granular ... damping velocity, coefficient 0";
    else *native = "pair_style granular (same model name)";
  }
  return true;
}

bool lammps_model_text(const EngineCase *c, char *out, size_t size) {
  const char *native;
  if (!lammps_supports(c->normal, c->damping, &native)) {
    engine_msgf(out, size, "%s", native);
    return false;
  }
  const bool none = !strcmp(c->damping, "none");
  const double damp = none ? 0.0 : c->damp;
  const char *damping = none ? "velocity" : !strncmp(c->damping, "tsuji", 5) ? "tsuji" : c->damping;
  char tangential[160];
  if (c->tangential && !strcmp(c->tangential, "linear_nohistory"))
    snprintf(tangential, sizeof tangential, "linear_nohistory %s %s", num_text(c->xt).s, num_text(c->mu).s);
  else if (c->tangential)
    snprintf(tangential, sizeof tangential, "%s %s %s %s", c->tangential, num_text(c->kt).s, num_text(c->xt).s,
             num_text(c->mu).s);
  else snprintf(tangential, sizeof tangential, "%s", !strcmp(c->normal, "jkr") ? "linear_history 0 0 0" : "linear_nohistory 0 0");
  char normal[256];
  if (!strcmp(c->normal, "hooke") || !strcmp(c->normal, "hertz"))
    snprintf(normal, sizeof normal, "%s %s %s", c->normal, num_text(c->kn).s, num_text(damp).s);
  else if (!strcmp(c->normal, "hertz/material"))
    snprintf(normal, sizeof normal, "%s %s %s %s", c->normal, num_text(c->E).s, num_text(damp).s, num_text(c->nu).s);
  else
    snprintf(normal, sizeof normal, "%s %s %s %s %s", c->normal, num_text(c->E).s, num_text(damp).s, num_text(c->nu).s,
             num_text(c->surface_energy).s);
  const int n = snprintf(out, size, "%s damping %s tangential %s", normal, damping, tangential);
  return n > 0 && (size_t)n < size;
}

bool lammps_read_log(const char *log_path, double *v1, double *v2, char *version, size_t version_size, char *why,
                     size_t why_size) {
  char line[1024];
  if (version_size) version[0] = '\0';
  if (engine_file_line(log_path, "LAMMPS (", line, sizeof line)) {
    const char *open = strchr(line, '('), *close = strrchr(line, ')');
    if (open && close > open) engine_msgf(version, version_size, "%.*s", (int)(close - open - 1), open + 1);
  }
  const int got = engine_log_line(log_path, "GRANDAMP_RESULT", line, sizeof line, why, why_size);
  if (got < 0) return false; /* a log that is not text, or too long: refused with the reason */
  if (got) {
    /* A non-finite velocity is returned as read: the run finished, and its NaN is the verdict's
     * to judge (an impossible result, or a known defect whose signature it is). */
    if (engine_line_decimal(line) && sscanf(line, "GRANDAMP_RESULT v1=%lf v2=%lf", v1, v2) == 2) return true;
    engine_msgf(why, why_size, "lmp result line unreadable: %.200s", line);
    return false;
  }
  if (engine_file_line(log_path, "ERROR", line, sizeof line)) engine_msgf(why, why_size, "lmp: %.300s", line);
  else engine_msgf(why, why_size, "lmp wrote no result line (%.200s)", log_path);
  return false;
}

long lammps_contact_steps(const char *gap_path) {
  TextFile t;
  char why[8];
  if (!engine_log_open(&t, gap_path, why, sizeof why)) return -1;
  long steps = 0;
  for (int rc; (rc = textfile_next(&t)) != 0;) {
    if (rc < 0) { /* a NUL byte or an over-long line: no count rather than a wrong one */
      steps = -1;
      break;
    }
    if (t.text[0] == '#') continue;
    char *end;
    const double gap = strtod(t.text, &end);
    if (end == t.text) continue;
    steps += gap < 0.0;
  }
  textfile_close(&t);
  return steps;
}

/* The tangential models of pair_style granular in 29Sep2021: grandamp's, by the same names. */
static const char *const TANGENTIALS[] = {"linear_nohistory", "linear_history", "mindlin", "mindlin/force",
                                          "mindlin_rescale", "mindlin_rescale/force", NULL};

static bool lammps_oblique_supports(const char *tangential, double xt, const char **native) {
  (void)xt;
  const bool ok = is_one_of(tangential, TANGENTIALS);
  *native = ok ? "pair_style granular ... tangential (same model name)" : "not a tangential model of LAMMPS 29Sep2021";
  return ok;
}

bool lammps_read_oblique(const char *log_path, double *vy1, double *vy2, double *wz1, double *wz2) {
  char line[1024], why[8];
  return engine_log_line(log_path, "GRANDAMP_OBLIQUE", line, sizeof line, why, sizeof why) == 1 &&
         sscanf(line, "GRANDAMP_OBLIQUE vy1=%lf vy2=%lf wz1=%lf wz2=%lf", vy1, vy2, wz1, wz2) == 4; /* NaN as read */
}

/* The command line of one collision (its files in workdir), its text in a. */
typedef struct LammpsRun {
  const char *argv[7 + 3 * 32 + 10]; /* lmp and its 6 options, 3 entries per variable, ps, pc and gapfile, NULL */
  char num[32][64];
  char text[640], style[640], log[4096], out[4096], gapfile[4096], gapword[4100];
} LammpsRun;

/* The deck's model variables: a pair's `pair_style ${ps}` and `pair_coeff * * ${pc}`, a wall's
 * `fix wall/gran ${pc}`; pair_style granular and its model text, or a legacy style (style set)
 * and its arguments (lammps_legacy.c). */
static bool lammps_model_vars(const EngineCase *c, bool wall, LammpsRun *a, char *why, size_t why_size) {
  char model[512];
  const bool ok = c->style ? lammps_legacy_args(c, model, sizeof model) : lammps_model_text(c, model, sizeof model);
  if (!ok) {
    engine_msgf(why, why_size, "%s", model);
    return false;
  }
  if (c->style) { /* gran/hooke/history ARGS as a pair style, hooke/history ARGS as a wall's */
    const char *wall_style = c->style + strlen("gran/");
    snprintf(a->style, sizeof a->style, "%s %s", c->style, model);
    if (wall) snprintf(a->text, sizeof a->text, "%s %s", wall_style, model);
    else a->text[0] = '\0';
  } else {
    snprintf(a->style, sizeof a->style, "granular");
    snprintf(a->text, sizeof a->text, "%s%s", wall ? "granular " : "", model);
  }
  return true;
}

static bool lammps_run_args(const EngineCase *c, const char *workdir, LammpsRun *a, char *why, size_t why_size) {
  const bool wall = isinf(c->Rj);
  if (!lammps_model_vars(c, wall, a, why, why_size)) return false;
  const char *deck = engine_deck_path(wall ? "lammps_wall.in" : "lammps_pair.in", why, why_size);
  if (!deck) return false;
  double mi, mj, meff;
  engine_case_masses(c, &mi, &mj, &meff);
  /* Contact begins 2.3 steps in; the box holds the flight apart over the whole run. */
  const double gap = 2.3 * c->v0 * c->dt, reach = (wall ? c->Ri : c->Ri + c->Rj) + gap;
  const double L = 2.0 * reach + 2.0 * c->v0 * c->t_run + 2.0 * c->Ri;
  const double steps = ceil(c->t_run / c->dt);
  snprintf(a->log, sizeof a->log, "%s/log.lammps", workdir);
  snprintf(a->out, sizeof a->out, "%s/lmp.out", workdir);
  snprintf(a->gapfile, sizeof a->gapfile, "%s/gap.txt", workdir);
  if (!engine_path_word(a->gapfile, a->gapword, sizeof a->gapword, why, why_size)) return false;
  const char **argv = a->argv;
  int k = 0;
  argv[k++] = "lmp", argv[k++] = "-in", argv[k++] = deck, argv[k++] = "-log", argv[k++] = a->log;
  argv[k++] = "-screen", argv[k++] = "none";
  int nv = 0;
#define VAR(name, value) (snprintf(a->num[nv], 64, "%.17g", (double)(value)), argv[k++] = "-var", argv[k++] = (name), argv[k++] = a->num[nv++])
  VAR("L", L);
  VAR("d1", 2.0 * c->Ri);
  VAR("m1", mi);
  VAR("dt", c->dt);
  VAR("n", steps);
  VAR("w1", c->wi0);
  if (wall) {
    VAR("xw", 0.0);
    VAR("x1", c->Ri + gap);
    VAR("v1", -c->v0);
    VAR("vy1", c->vt0);
  } else {
    const double M = mi + mj, t_free = 2.3 * c->dt; /* an oblique pair meets with its centres along x */
    VAR("x1", -(c->Ri + 0.5 * gap));
    VAR("x2", c->Rj + 0.5 * gap);
    VAR("y1", -c->vt0 * mj / M * t_free);
    VAR("y2", c->vt0 * mi / M * t_free);
    VAR("d2", 2.0 * c->Rj);
    VAR("m2", mj);
    VAR("v1", c->v0 * mj / M);
    VAR("v2", -c->v0 * mi / M);
    VAR("vy1", c->vt0 * mj / M);
    VAR("vy2", -c->vt0 * mi / M);
    VAR("w2", c->wj0);
    VAR("skin", c->Ri);
  }
#undef VAR
  if (!wall) argv[k++] = "-var", argv[k++] = "ps", argv[k++] = a->style;
  argv[k++] = "-var", argv[k++] = "pc", argv[k++] = a->text;
  argv[k++] = "-var", argv[k++] = "gapfile", argv[k++] = a->gapword; /* quoted: the deck's ${gapfile} is one word */
  argv[k] = NULL;
  return true;
}

/* A finished run's result from its log and gap file (a single run's or a batch case's). */
static bool lammps_read_case(const EngineCase *c, const char *log, const char *gapfile, EngineResult *r, char *why,
                             size_t why_size) {
  const bool wall = isinf(c->Rj);
  double mi, mj, meff;
  engine_case_masses(c, &mi, &mj, &meff);
  double v1, v2;
  if (!lammps_read_log(log, &v1, &v2, r->version, sizeof r->version, why, why_size)) return false;
  double vy1, vy2, wz1, wz2;
  if (!lammps_read_oblique(log, &vy1, &vy2, &wz1, &wz2)) {
    engine_msgf(why, why_size, "lmp wrote no GRANDAMP_OBLIQUE line (%.200s)", log);
    return false;
  }
  r->vt = wall ? vy1 : vy1 - vy2;
  r->wi = wz1, r->wj = wall ? 0.0 : wz2;
  const long contact = lammps_contact_steps(gapfile);
  r->e = wall ? v1 / c->v0 : (v2 - v1) / c->v0;
  r->t_c = contact >= 0 ? (double)contact * c->dt : NAN;
  r->ke_in = 0.5 * meff * c->v0 * c->v0;
  r->ke_out = 0.5 * meff * (r->e * c->v0) * (r->e * c->v0);
  return true;
}

static bool lammps_collide(const EngineCase *c, const char *workdir, EngineResult *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  LammpsRun a;
  if (!lammps_run_args(c, workdir, &a, why, why_size)) return false;
  const int rc = proc_spawn(a.argv, a.out, c->timeout_s > 0.0 ? c->timeout_s : TIMEOUT_S, why, why_size);
  if (rc < 0) return false;
  double v1, v2;
  if (!lammps_read_log(a.log, &v1, &v2, r->version, sizeof r->version, why, why_size)) return false;
  if (rc != 0) {
    engine_msgf(why, why_size, "lmp exited with status %d after its result line", rc);
    return false;
  }
  return lammps_read_case(c, a.log, a.gapfile, r, why, why_size);
}

/* ---- several collisions in one start (src/engines/batch.h): each case's deck after `clear` ---- */

static void lammps_batch_command(const char *input, const char *log, const char *argv[16]) {
  int k = 0;
  argv[k++] = "lmp", argv[k++] = "-in", argv[k++] = input, argv[k++] = "-log", argv[k++] = log;
  argv[k++] = "-screen", argv[k++] = "none", argv[k] = NULL;
}

static bool lammps_batch_case(FILE *in, const EngineCase *c, const char *dir) {
  LammpsRun a;
  char why[256];
  return lammps_run_args(c, dir, &a, why, sizeof why) && engine_batch_lmp_case(in, a.argv, dir);
}

static bool lammps_batch_read(const EngineCase *c, const char *dir, const char *log, const char *screen,
                              EngineResult *r, char *why, size_t why_size) {
  (void)screen; /* -screen none: its errors are in its log */
  memset(r, 0, sizeof *r);
  char clog[4200], gapfile[4200];
  snprintf(clog, sizeof clog, "%s/log.lammps", dir);
  snprintf(gapfile, sizeof gapfile, "%s/gap.txt", dir);
  const bool ok = lammps_read_case(c, clog, gapfile, r, why, why_size);
  char line[1024]; /* the version line heads the batch's log, not the case's */
  if (engine_file_line(log, "LAMMPS (", line, sizeof line)) {
    const char *open = strchr(line, '('), *close = strrchr(line, ')');
    if (open && close > open) engine_msgf(r->version, sizeof r->version, "%.*s", (int)(close - open - 1), open + 1);
  }
  return ok;
}

static const EngineBatch LAMMPS_BATCH = {
    .command = lammps_batch_command, .write_case = lammps_batch_case, .read_case = lammps_batch_read};

/* ---- timing runs (src/engines/decks/lammps_bench.in) ---- */

static bool lammps_bench_supports(const char *normal, const char *damping, const char *tangential,
                                  const char **native) {
  if (strcmp(tangential, "nohistory") && strcmp(tangential, "mindlin")) {
    if (native) *native = "only the benchmark's tangential models (nohistory, mindlin)";
    return false;
  }
  return lammps_supports(normal, damping, native);
}

bool lammps_bench_text(const EngineBench *b, char *out, size_t size) {
  const char *native;
  if (!lammps_bench_supports(b->normal, b->damping, b->tangential, &native)) {
    engine_msgf(out, size, "%s", native);
    return false;
  }
  /* grandamp's text as written, but for the two spellings 29Sep2021 lacks. */
  static const struct { const char *from, *to; } SPELL[] = {{"damping tsuji/legacy", "damping tsuji"},
                                                           {"damping none", "damping velocity"}};
  const char *src = b->pair_coeff;
  size_t n = 0;
  while (*src && n + 1 < size) {
    bool swapped = false;
    for (size_t k = 0; k < sizeof SPELL / sizeof SPELL[0] && !swapped; k++) {
      const size_t len = strlen(SPELL[k].from);
      if (strncmp(src, SPELL[k].from, len) == 0 && (src[len] == '\0' || src[len] == ' ')) {
        const int w = snprintf(out + n, size - n, "%s", SPELL[k].to);
        if (w < 0 || (size_t)w >= size - n) return false;
        n += (size_t)w, src += len, swapped = true;
      }
    }
    if (!swapped) out[n++] = *src++;
  }
  out[n] = '\0';
  if (*src) return false;
  if (!strcmp(b->damping, "none")) { /* velocity with coefficient 0: the damping number is 0 already */
    if (b->damp != 0.0) return false;
  }
  return true;
}

/* The version in a log's "LAMMPS (...)" line into version; false with why when the log has an
 * ERROR line. */
static bool lammps_log_head(const char *log_path, char *version, size_t version_size, char *why, size_t why_size) {
  char line[1024];
  if (engine_file_line(log_path, "LAMMPS (", line, sizeof line)) {
    const char *open = strchr(line, '('), *close = strrchr(line, ')');
    if (open && close > open) engine_msgf(version, version_size, "%.*s", (int)(close - open - 1), open + 1);
  }
  if (engine_file_line(log_path, "ERROR", line, sizeof line)) {
    engine_msgf(why, why_size, "lmp: %.300s", line);
    return false;
  }
  return true;
}

bool lammps_read_timing(const char *log_path, EngineTiming *t, char *why, size_t why_size) {
  if (!lammps_log_head(log_path, t->version, sizeof t->version, why, why_size)) return false;
  /* The last "Loop time" and "Pair" lines are the timed run's (run 0 comes first). */
  TextFile f;
  if (!engine_log_open(&f, log_path, why, why_size)) return false;
  bool loop = false, pair = false, counts = false;
  for (int rc; (rc = textfile_next(&f)) != 0;) {
    if (rc < 0) {
      engine_msgf(why, why_size, "lmp log refused: %s", f.why);
      textfile_close(&f);
      return false;
    }
    const char *text = f.text;
    const bool timing = !strncmp(text, "Loop time of ", 13) || !strncmp(text, "Pair |", 6) ||
                        !strncmp(text, "GRANDAMP_BENCH ", 15);
    if (timing && !engine_line_decimal(text)) { /* sscanf would read "0x10" as 16 */
      engine_msgf(why, why_size, "%.200s:%ld: lmp printed a number that is not decimal: %.100s", log_path, f.line, text);
      textfile_close(&f);
      return false;
    }
    double lt;
    int procs;
    long steps, atoms;
    if (sscanf(text, "Loop time of %lf on %d procs for %ld steps with %ld atoms", &lt, &procs, &steps, &atoms) == 4) {
      t->loop_time_s = lt, t->ranks = procs, t->steps = steps, t->atoms = atoms, loop = true, pair = false;
      continue;
    }
    double mn, avg;
    if (loop && sscanf(text, "Pair | %lf | %lf |", &mn, &avg) == 2) t->pair_time_s = avg, pair = true;
    double d0, d1;
    if (sscanf(text, "GRANDAMP_BENCH contacts0=%lf contacts=%lf", &d0, &d1) == 2) {
      if (!engine_count_field(d0, &t->contacts0) || !engine_count_field(d1, &t->contacts)) {
        engine_msgf(why, why_size, "%.200s:%ld: lmp counted %g and %g contacts", log_path, f.line, d0, d1);
        textfile_close(&f);
        return false;
      }
      counts = true;
    }
  }
  textfile_close(&f);
  if (!loop || !pair || !counts) {
    engine_msgf(why, why_size, "lmp log lacks its %s line (%.200s)",
                !loop ? "\"Loop time\"" : !pair ? "timing breakdown's Pair" : "GRANDAMP_BENCH", log_path);
    return false;
  }
  return engine_timing_check("lmp", "Pair", t, why, why_size);
}

static bool lammps_bench(const EngineBench *b, const char *workdir, EngineTiming *t, char *why, size_t why_size) {
  memset(t, 0, sizeof *t);
  char text[1024];
  if (!lammps_bench_text(b, text, sizeof text)) {
    engine_msgf(why, why_size, "no LAMMPS 29Sep2021 text for %s/%s: %s", b->normal, b->damping, text);
    return false;
  }
  engine_msgf(t->native, sizeof t->native, "pair_style granular, pair_coeff * * %s", text);
  const char *deck = engine_deck_path("lammps_bench.in", why, why_size);
  if (!deck) return false;
  char log[4096], out[4096], steps[32], dt[32], skin[32], nbuf[16], data[4100];
  if (!engine_path_word(b->data_file, data, sizeof data, why, why_size)) return false;
  snprintf(log, sizeof log, "%s/log.lammps", workdir);
  snprintf(out, sizeof out, "%s/lmp.out", workdir);
  snprintf(steps, sizeof steps, "%ld", b->steps);
  snprintf(dt, sizeof dt, "%.17g", b->dt);
  snprintf(skin, sizeof skin, "%.17g", b->skin);
  const char *argv[40];
  int k = engine_mpi_argv(argv, b->ranks, "lmp", nbuf);
  const char *rest[] = {"-in", deck, "-log", log, "-screen", "none", "-var", "data", data, "-var", "pc", text,
                        "-var", "steps", steps, "-var", "dt", dt, "-var", "skin", skin, NULL};
  for (int i = 0; rest[i]; i++) argv[k++] = rest[i];
  argv[k] = NULL;
  const int rc = proc_spawn(argv, out, b->timeout_s, why, why_size);
  if (rc < 0) return false;
  if (!lammps_read_timing(log, t, why, why_size)) {
    char last[512];
    if (rc != 0 && engine_file_line(out, NULL, last, sizeof last))
      engine_msgf(why, why_size, "lmp exited with status %d: %.300s", rc, last);
    return false;
  }
  if (rc != 0) {
    engine_msgf(why, why_size, "lmp exited with status %d after its timing", rc);
    return false;
  }
  return true;
}

/* ---- a cooling gas (src/engines/decks/lammps_gas.in) ---- */

/* The thermo rows "step ke" after the "Step c_ke" header (run.h), after the log's version and
 * ERROR lines. */
static bool lammps_read_gas(const char *log_path, const EngineGas *g, EngineGasResult *r, char *why, size_t why_size) {
  if (!lammps_log_head(log_path, r->version, sizeof r->version, why, why_size)) return false;
  return engine_read_ke_table(log_path, "lmp", g, r, why, why_size);
}

static bool lammps_gas(const EngineGas *g, const char *workdir, EngineGasResult *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (g->every <= 0 || g->steps / g->every > ENGINE_GAS_MAX) {
    engine_msgf(why, why_size, "gas: %ld steps in outputs of %ld: more than %d outputs", g->steps, g->every,
                ENGINE_GAS_MAX);
    return false;
  }
  const char *deck = engine_deck_path("lammps_gas.in", why, why_size);
  if (!deck) return false;
  char log[4096], out[4096], steps[32], every[32], dt[32], skin[32], data[4100];
  if (!engine_path_word(g->data_file, data, sizeof data, why, why_size)) return false;
  snprintf(log, sizeof log, "%s/log.lammps", workdir);
  snprintf(out, sizeof out, "%s/lmp.out", workdir);
  snprintf(steps, sizeof steps, "%ld", g->steps);
  snprintf(every, sizeof every, "%ld", g->every);
  snprintf(dt, sizeof dt, "%.17g", g->dt);
  snprintf(skin, sizeof skin, "%.17g", g->skin);
  const char *argv[] = {"lmp", "-in", deck, "-log", log, "-screen", "none", "-var", "data", data,
                        "-var", "pc", g->pair_coeff, "-var", "steps", steps, "-var", "every", every,
                        "-var", "dt", dt, "-var", "skin", skin, NULL};
  const int rc = proc_spawn(argv, out, g->timeout_s, why, why_size);
  if (rc < 0) return false;
  if (!lammps_read_gas(log, g, r, why, why_size)) return false;
  if (rc != 0) {
    engine_msgf(why, why_size, "lmp exited with status %d after its gas run", rc);
    return false;
  }
  return true;
}

/* Debian's 29Sep2021: its tsuji is grandamp's tsuji/legacy, it has no coeff_restitution, and its
 * fix wall/gran takes E* = E/(2(1 - nu)) for the material models (docs/engines.md): a wall gets
 * E/(1 + nu) to give E/(2(1 - nu^2)). */
static bool lammps_calibrated(const EngineCase *c, double e, char *buf, size_t size) {
  (void)e;
  if (!strcmp(c->damping, "tsuji")) {
    engine_msgf(buf, size, "29Sep2021's tsuji lacks the sqrt 2 of 2Sep2026: give its damping tsuji the "
                "coefficient calibrated for tsuji/legacy (--models tsuji/legacy)");
    return false;
  }
  EngineCase k = *c;
  const bool wall = isinf(c->Rj), material = !strcmp(c->normal, "hertz/material");
  if (wall && material) k.E = c->E / (1.0 + c->nu);
  char text[512];
  if (!lammps_model_text(&k, text, sizeof text)) {
    engine_msgf(buf, size, "%s", text);
    return false;
  }
  if (wall)
    engine_msgf(buf, size, "fix wall all wall/gran granular %s xplane 0.0 NULL%s", text,
                material ? "  (E/(1 + nu): its wall's E* is E/(2(1 - nu)))" : "");
  else engine_msgf(buf, size, "pair_coeff * * %s", text);
  return true;
}

static const char *const LAMMPS_PROBE[] = {"lmp", "-in", "/dev/null", "-log", "none", "-screen", "none", NULL};

const Engine ENGINE_LAMMPS = {.name = "lammps",
                              .probe = LAMMPS_PROBE,
                              .command = "lmp",
                              .package = "lammps",
                              .supports = lammps_supports,
                              .collide = lammps_collide,
                              .batch = &LAMMPS_BATCH,
                              .styles = LAMMPS_LEGACY_STYLES,
                              .style_supports = lammps_style_supports,
                              .oblique_supports = lammps_oblique_supports,
                              .oblique_same_law = true,
                              .oblique_spins = true,
                              .bench_supports = lammps_bench_supports,
                              .bench = lammps_bench,
                              .calibrated = lammps_calibrated,
                              .gas = lammps_gas};
