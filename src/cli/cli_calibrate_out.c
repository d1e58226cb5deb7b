/* cli_calibrate_out.c - `grandamp calibrate`'s results as text, JSON and plots (cli_calibrate.h). */
#include "cli_calibrate.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_args.h"

#include "engine.h"
#include "json.h"
#include "model.h"
#include "numparse.h"
#include "output.h"
#include "run.h"

/* The speeds of the table: every other of the sweep's (seven across the three decades). */
enum { TABLE_SPEED_STEP = 2 };

static void describe(const CalibrateReport *r, char *buf, size_t size) {
  const CalibrateSpec *s = &r->s;
  char mat[128], bodies[96];
  if (s->normal == NORMAL_HOOKE) snprintf(mat, sizeof mat, "hooke k_n %g N/m, rho %g", s->kn, s->rho);
  else snprintf(mat, sizeof mat, "hertz/material E %g, nu %g, rho %g", s->E, s->nu, s->rho);
  if (isinf(s->Rj)) snprintf(bodies, sizeof bodies, "a sphere of R %g m on a wall", s->Ri);
  else snprintf(bodies, sizeof bodies, "two spheres of R %g and %g m", s->Ri, s->Rj);
  snprintf(buf, size, "%s; %s; %s", mat, bodies, s->limit_damping ? "force-end" : "delta-end");
}

static void print_e(FILE *f, double e) {
  if (isfinite(e)) fprintf(f, " %8.4f", e);
  else fprintf(f, " %8s", "-");
}

/* The engine's lines for model m (false: why in buf); NULL callback: false with "". */
static bool engine_lines(const CalibrateReport *r, int m, const Engine *eng, char *buf, size_t size) {
  const CalibrateSpec *s = &r->s;
  const CalibrateResult *res = &r->res[m];
  buf[0] = '\0';
  if (!eng->calibrated) return false;
  const EngineCase c = {.normal = s->normal == NORMAL_HOOKE ? "hooke" : "hertz/material",
                        .damping = damping_name(res->model), .kn = s->kn, .E = s->E, .nu = s->nu,
                        .damp = res->coeff, .Ri = s->Ri, .Rj = s->Rj, .rho = s->rho, .v0 = s->v_ref};
  return eng->calibrated(&c, res->e, buf, size);
}

/* The engines' spellings of the calibrated models, those run with the same end criterion. */
static void print_engines(const CalibrateReport *r, FILE *f) {
  fprintf(f, "#\n# the same law in the engines grandamp verifies (Debian's builds, docs/engines.md):\n");
  for (int k = 0; k < engine_count(); k++) {
    const Engine *eng = engine_at(k);
    if (!eng->calibrated) continue;
    if (eng->force_end != r->s.limit_damping) {
      fprintf(f, "# %s: its contacts are %s: run calibrate %s --limit-damping for its lines\n", eng->name,
              eng->force_end ? "force-end" : "delta-end", eng->force_end ? "with" : "without");
      continue;
    }
    for (int j = 0; j < r->nmodels; j++) {
      const int m = r->fit_mode ? r->rank[j] : j;
      if (!r->res[m].reachable) continue;
      char buf[2048];
      const bool ok = engine_lines(r, m, eng, buf, sizeof buf);
      fprintf(f, "# %s%s, %s:%s", eng->name, strcmp(eng->name, "lammps") ? "" : " 29Sep2021", damping_name(r->res[m].model), ok ? "\n#   " : " none: ");
      for (const char *p = buf; *p; p++) { /* each line of the engine's text commented and indented */
        if (*p == '\n') fputs("\n#   ", f);
        else fputc(*p, f);
      }
      fputc('\n', f);
    }
  }
}

void calibrate_print_text(const CalibrateReport *r, FILE *f) {
  const CalibrateSpec *s = &r->s;
  const double n = s->steps > 0 ? s->steps : 2000, tol = s->tol > 0 ? s->tol : 1e-7;
  const double bound = s->dt_error > 0 ? s->dt_error : 0.01;
  char what[320];
  describe(r, what, sizeof what);
  fprintf(f, "# %s\n", what);
  if (r->fit_mode)
    fprintf(f, "# each line: the coefficient whose collisions through grandamp's loops at dt = t_c/%g fit the %d\n"
            "# measured (v, e) points best (least squares: each point's own coefficient to %g in e brackets it,\n"
            "# a golden section finds it to 1e-6), best first\n", n, r->npts, tol);
  else
    fprintf(f, "# e = %g at %g m/s; each line: the coefficient whose collision through grandamp's loops at\n"
            "# dt = t_c/%g gives e within %g of the target (the run's own error, f dt/t_c, is on top)\n",
            s->e_target, s->v_ref, n, tol);
  for (int k = 0; k < r->nmodels; k++) {
    const int m = r->fit_mode ? r->rank[k] : k;
    const CalibrateResult *res = &r->res[m];
    if (r->fit_mode)
      fprintf(f, "pair_coeff * * %s  # rms %.3g, max %.3g\n", res->text, r->fit[m].rms, r->fit[m].max_abs);
    else if (res->reachable) fprintf(f, "pair_coeff * * %s\n", res->text);
    else fprintf(f, "# %s: %s\n", damping_name(res->model), res->why);
  }
  print_engines(r, f);
  /* the table: e across speeds, on the other contacts, and the largest step */
  const CalibrateBehaviour *b0 = NULL;
  for (int m = 0; m < r->nmodels && !b0; m++)
    if (r->has_behaviour[m]) b0 = &r->beh[m];
  if (!b0) return;
  fprintf(f, "#\n# how each coefficient behaves: e at the impact speed [m/s]; e at %g m/s on other contacts "
          "(%s: the calibrated one);\n# the largest dt/t_c whose e stays within %g %% of its dt -> 0 limit whatever the phase of the onset, and "
          "that step at %g m/s\n", s->v_ref, b0->geom[0], 100.0 * bound, s->v_ref);
  fprintf(f, "# %-17s", "model");
  for (int k = 0; k < CAL_NSPEED; k += TABLE_SPEED_STEP) fprintf(f, " %8.3g", b0->v[k]);
  fprintf(f, " |");
  for (int g = 1; g < b0->ngeom; g++) fprintf(f, " %11s", isinf(b0->geom_Rj[g]) ? "wall" : "pair");
  fprintf(f, " | dt_max/t_c dt_max [s]\n");
  fprintf(f, "# %-17s", "");
  for (int k = 0; k < CAL_NSPEED; k += TABLE_SPEED_STEP) fprintf(f, " %8s", "");
  fprintf(f, " |");
  for (int g = 1; g < b0->ngeom; g++) {
    char rr[32];
    if (isinf(b0->geom_Rj[g])) snprintf(rr, sizeof rr, "%g", b0->geom_Ri[g]);
    else snprintf(rr, sizeof rr, "%g:%g", b0->geom_Ri[g], b0->geom_Rj[g]);
    fprintf(f, " %11s", rr);
  }
  fprintf(f, " |\n");
  for (int k = 0; k < r->nmodels; k++) {
    const int m = r->fit_mode ? r->rank[k] : k;
    if (!r->has_behaviour[m]) continue;
    const CalibrateBehaviour *b = &r->beh[m];
    fprintf(f, "# %-17s", damping_name(r->res[m].model));
    for (int j = 0; j < CAL_NSPEED; j += TABLE_SPEED_STEP) print_e(f, b->e_v[j]);
    fprintf(f, " |");
    for (int g = 1; g < b->ngeom; g++) fprintf(f, "   "), print_e(f, b->e_geom[g]);
    if (isfinite(b->dt_max_tc))
      fprintf(f, " | %s1/%-7.4g %.3g\n", b->dt_max_capped ? ">=" : "  ", 1.0 / b->dt_max_tc, b->dt_max);
    else fprintf(f, " | < 1/%g: raise --steps\n", n);
  }
  fprintf(f, "# (-: the contact cannot run there: it tunnels, or the step is unstable)\n");
  if (r->fit_mode) {
    fprintf(f, "#\n# residuals e_model - e_measured per point:\n# %-17s", "v [m/s]");
    for (int p = 0; p < r->npts && p < 12; p++) fprintf(f, " %8.3g", r->pts[p].v);
    fprintf(f, "%s\n# %-17s", r->npts > 12 ? " ... (all in --json)" : "", "e measured");
    for (int p = 0; p < r->npts && p < 12; p++) fprintf(f, " %8.4f", r->pts[p].e);
    fprintf(f, "\n");
    for (int k = 0; k < r->nmodels; k++) {
      const int m = r->rank[k];
      fprintf(f, "# %-17s", damping_name(r->res[m].model));
      for (int p = 0; p < r->npts && p < 12; p++) fprintf(f, " %+8.4f", r->fit[m].resid[p]);
      fprintf(f, "\n");
    }
  }
}

void calibrate_print_json(const CalibrateReport *r, FILE *f) {
  const CalibrateSpec *s = &r->s;
  Json j;
  json_begin(&j, f);
  json_str(&j, "normal", s->normal == NORMAL_HOOKE ? "hooke" : "hertz/material");
  if (s->normal == NORMAL_HOOKE) json_num(&j, "kn", s->kn);
  else json_num(&j, "E", s->E), json_num(&j, "nu", s->nu);
  json_num(&j, "rho", s->rho);
  json_num(&j, "Ri", s->Ri), json_num(&j, "Rj", s->Rj), json_bool(&j, "wall", isinf(s->Rj));
  if (!r->fit_mode) json_num(&j, "e_target", s->e_target);
  json_num(&j, "v", s->v_ref);
  json_str(&j, "criterion", s->limit_damping ? "force-end" : "delta-end");
  json_num(&j, "tolerance", s->tol > 0 ? s->tol : 1e-7), json_num(&j, "steps_per_tc", s->steps > 0 ? s->steps : 2000);
  json_num(&j, "dt_error", s->dt_error > 0 ? s->dt_error : 0.01);
  if (r->fit_mode) {
    json_object(&j, "data");
    double v[CAL_MAX_POINTS], e[CAL_MAX_POINTS];
    for (int p = 0; p < r->npts; p++) v[p] = r->pts[p].v, e[p] = r->pts[p].e;
    json_array(&j, "v", v, r->npts);
    json_array(&j, "e", e, r->npts);
    json_close(&j);
  }
  json_object(&j, "models");
  for (int k = 0; k < r->nmodels; k++) {
    const int m = r->fit_mode ? r->rank[k] : k;
    const CalibrateResult *res = &r->res[m];
    json_object(&j, damping_name(res->model));
    json_bool(&j, "reachable", res->reachable);
    if (!res->reachable) {
      json_str(&j, "why", res->why);
      json_close(&j);
      continue;
    }
    json_num(&j, "coefficient", res->coeff);
    json_num(&j, "e", res->e);
    json_num(&j, "dt_over_tc", res->dt_over_tc);
    json_str(&j, "pair_coeff", res->text);
    if (r->fit_mode) {
      json_object(&j, "fit");
      json_int(&j, "rank", k + 1);
      json_num(&j, "rms", r->fit[m].rms), json_num(&j, "max_abs", r->fit[m].max_abs);
      json_array(&j, "residuals", r->fit[m].resid, r->npts);
      json_close(&j);
    }
    json_object(&j, "engines");
    for (int x = 0; x < engine_count(); x++) {
      const Engine *eng = engine_at(x);
      char buf[2048];
      if (!eng->calibrated) continue;
      json_object(&j, eng->name);
      const bool same = eng->force_end == s->limit_damping, ok = same && engine_lines(r, m, eng, buf, sizeof buf);
      json_bool(&j, "same_law", ok);
      json_str(&j, ok ? "lines" : "why", !same ? (eng->force_end ? "force-end engine: calibrate with --limit-damping"
                                                                 : "delta-end engine: calibrate without --limit-damping")
                                               : buf);
      json_close(&j);
    }
    json_close(&j);
    if (r->has_behaviour[m]) {
      const CalibrateBehaviour *b = &r->beh[m];
      json_object(&j, "speed");
      json_array(&j, "v", b->v, CAL_NSPEED);
      json_array(&j, "e", b->e_v, CAL_NSPEED);
      json_close(&j);
      json_object(&j, "contacts");
      for (int g = 0; g < b->ngeom; g++) {
        json_object(&j, b->geom[g]);
        json_num(&j, "Ri", b->geom_Ri[g]), json_bool(&j, "wall", isinf(b->geom_Rj[g]));
        if (!isinf(b->geom_Rj[g])) json_num(&j, "Rj", b->geom_Rj[g]);
        json_num(&j, "e", b->e_geom[g]);
        json_close(&j);
      }
      json_close(&j);
      json_object(&j, "time_step");
      json_array(&j, "dt_over_tc", b->dt_tc, b->ndt);
      json_array(&j, "e", b->e_dt, b->ndt);
      json_array(&j, "e_min_over_phases", b->e_dt_min, b->ndt);
      json_array(&j, "e_max_over_phases", b->e_dt_max, b->ndt);
      json_num(&j, "e_limit", b->e_zero);
      json_num(&j, "dt_max_over_tc", b->dt_max_tc), json_num(&j, "dt_max", b->dt_max);
      json_bool(&j, "dt_max_is_largest_tried", b->dt_max_capped);
      json_close(&j);
    }
    json_close(&j);
  }
  json_close(&j);
  json_end(&j);
}

bool calibrate_plot_script(char *buf, size_t size) {
  return proc_runtime_file("plots/calibrate.gp", "plots/calibrate.gp", buf, size);
}

/* A number for gnuplot ('?' marks a missing point: set datafile missing). */
static void num(FILE *f, double x, const char *sep) {
  if (isfinite(x)) fprintf(f, "%s%s", num_csv(x).s, sep);
  else fprintf(f, "?%s", sep);
}

/* The plot data: per model a block of e against v, one of e against dt/t_c and one of e per
 * contact (the first line of each block is its title); in fit mode the points last. */
static void write_dat(const CalibrateReport *r, FILE *f) {
  char what[320];
  describe(r, what, sizeof what);
  fprintf(f, "# grandamp calibrate: %s\n", what);
  const char *sections[3] = {"speed", "dt", "contacts"};
  for (int sec = 0; sec < 3; sec++)
    for (int k = 0; k < r->nmodels; k++) {
      const int m = r->fit_mode ? r->rank[k] : k;
      if (!r->has_behaviour[m]) continue;
      const CalibrateBehaviour *b = &r->beh[m];
      fprintf(f, "\n\n\"%s\" %s\n", damping_name(r->res[m].model), sections[sec]);
      if (sec == 0)
        for (int j = 0; j < CAL_NSPEED; j++) num(f, b->v[j], " "), num(f, b->e_v[j], "\n");
      else if (sec == 1)
        for (int j = 0; j < b->ndt; j++)
          num(f, b->dt_tc[j], " "), num(f, b->e_dt[j], " "), num(f, b->e_zero, " "), num(f, b->e_dt_min[j], " "),
              num(f, b->e_dt_max[j], "\n");
      else
        for (int g = 0; g < b->ngeom; g++) fprintf(f, "%d ", g), num(f, b->e_geom[g], " "), fprintf(f, "\"%s\"\n", b->geom[g]);
    }
  if (r->fit_mode) {
    fprintf(f, "\n\n\"measured\" points\n");
    for (int p = 0; p < r->npts; p++) fprintf(f, "%s %s\n", num_csv(r->pts[p].v).s, num_csv(r->pts[p].e).s);
  }
}

/* ---- the plots: a set, all new or none ------------------------------------------------------
 * Everything (calibrate.dat and the images) is made in a scratch folder under TMPDIR by this
 * process and a gnuplot in its own process group; every piece is checked (an image must be a
 * whole PNG: its signature first, its IEND chunk last) and read into memory, the scratch folder
 * is removed, and only then are the destinations written, all opened before any is committed.
 * The scratch folder and gnuplot's run are the engine layer's (src/engines/run.h): gnuplot in its own
 * process group, killed as one at its time limit; SIGINT, SIGTERM, SIGHUP and SIGQUIT while they
 * exist kill the group and remove the folder (by this process, no rm), then the signal goes on. */

enum { PLOT_MAX_FILES = 5, PLOT_MAX_BYTES = 64 << 20 };
static const char *const PLOT_FILES[PLOT_MAX_FILES] = {"calibrate.dat", "calibrate-speed.png", "calibrate-dt.png",
                                                       "calibrate-contacts.png", "calibrate-fit.png"};
static int plot_nfiles(bool fit_mode) { return fit_mode ? 5 : 4; }

/* The last lines of gnuplot's log, printable and bounded, into buf ("" when none). */
static void log_excerpt(const char *log, char *buf, size_t size) {
  buf[0] = '\0';
  FILE *f = fopen(log, "rb");
  if (!f) return;
  char raw[600];
  fseek(f, 0, SEEK_END);
  const long end = ftell(f);
  fseek(f, end > (long)sizeof raw - 1 ? end - (long)sizeof raw + 1 : 0, SEEK_SET);
  const size_t n = fread(raw, 1, sizeof raw - 1, f);
  fclose(f);
  raw[n] = '\0';
  size_t k = 0;
  for (size_t i = 0; i < n && k + 3 < size; i++) {
    const unsigned char c = (unsigned char)raw[i];
    if (c == '\n') buf[k++] = '|', buf[k++] = ' ';
    else if (c >= 0x20 && c < 0x7f) buf[k++] = (char)c;
  }
  while (k > 0 && (buf[k - 1] == ' ' || buf[k - 1] == '|')) k--;
  buf[k] = '\0';
}

/* The whole of a scratch file into memory (*data, *len); false with why. */
static bool slurp(const char *path, const char *name, bool png, char **data, size_t *len, char *why, size_t why_size) {
  static const unsigned char SIG[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  static const unsigned char IEND[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
  struct stat st;
  *data = NULL, *len = 0;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
    snprintf(why, why_size, "gnuplot drew no %s", name);
    return false;
  }
  if (st.st_size <= 0 || st.st_size > PLOT_MAX_BYTES) {
    snprintf(why, why_size, "%s is %lld bytes", name, (long long)st.st_size);
    return false;
  }
  FILE *f = fopen(path, "rb");
  char *buf = f ? malloc((size_t)st.st_size) : NULL;
  const size_t n = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  if (f) fclose(f);
  if (!buf || n != (size_t)st.st_size) {
    free(buf);
    snprintf(why, why_size, "cannot read %s back from the scratch folder", name);
    return false;
  }
  if (png && (n < sizeof SIG + sizeof IEND || memcmp(buf, SIG, sizeof SIG) || memcmp(buf + n - sizeof IEND, IEND, sizeof IEND))) {
    free(buf);
    snprintf(why, why_size, "%s is not a whole PNG image (%zu bytes; cut short?)", name, n);
    return false;
  }
  *data = buf, *len = n;
  return true;
}

/* The nearest folder of dir that exists (dir itself, or the parent --plots will create it in),
 * into out; false when that is no writable folder (msg says why). */
static bool plots_anchor(const char *dir, char *out, size_t size, char *msg, size_t msg_size) {
  snprintf(out, size, "%s", dir);
  struct stat st;
  while (stat(out, &st) != 0) {
    if (errno != ENOENT) break;
    char *slash = strrchr(out, '/');
    while (slash && slash > out && slash[1] == '\0') *slash = '\0', slash = strrchr(out, '/'); /* "a/b/" */
    if (!slash) snprintf(out, size, ".");
    else if (slash == out) out[1] = '\0';
    else *slash = '\0';
  }
  if (stat(out, &st) != 0) snprintf(msg, msg_size, "%s: %s", out, strerror(errno));
  else if (!S_ISDIR(st.st_mode)) snprintf(msg, msg_size, "%s is not a folder", out);
  else if (access(out, W_OK | X_OK) != 0) snprintf(msg, msg_size, "%s: the folder is not writable", out);
  else return true;
  return false;
}

/* mkdir -p dir (the folders --plots names that do not exist yet); false with errno set. */
static bool make_folders(const char *dir) {
  char path[4096];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return errno = ENAMETOOLONG, false;
  for (char *p = path + 1;; p++) {
    const bool end = *p == '\0';
    if (*p != '/' && !end) continue;
    *p = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return false;
    if (end) return true;
    *p = '/';
  }
}

bool calibrate_plots_check(const char *dir, bool fit_mode, const char *const *inputs, int ninputs, ErrList *err) {
  const int n0 = err->n;
  char path[4200], msg[4400], script[4096], anchor[4096];
  struct stat st;
  const bool exists = stat(dir, &st) == 0;
  if (!exists && !plots_anchor(dir, anchor, sizeof anchor, msg, sizeof msg)) /* created at the end: */
    errlist_add(err, "calibrate: --plots %s: cannot create it in %s", dir, msg);     /* its parent must be there */
  for (int k = 0; k < plot_nfiles(fit_mode) && exists; k++) {
    snprintf(path, sizeof path, "%.4000s/%s", dir, PLOT_FILES[k]);
    if (!out_check(path, msg, sizeof msg)) errlist_add(err, "calibrate: --plots: %s", msg);
    for (int i = 0; i < ninputs; i++)
      if (inputs[i]) cli_refuse_input("--plots", path, "an input file,", inputs[i], err);
  }
  if (!calibrate_plot_script(script, sizeof script))
    errlist_add(err, "calibrate: --plots: plots/calibrate.gp not found beside the build folder nor in share/grandamp (make install; or set GRANDAMP_SHARE)");
  else
    for (int k = 0; k < plot_nfiles(fit_mode); k++) {
      snprintf(path, sizeof path, "%.4000s/%s", dir, PLOT_FILES[k]);
      cli_refuse_input("--plots", path, "the gnuplot script", script, err);
    }
  if (!proc_installed("gnuplot")) errlist_add(err, "calibrate: --plots needs gnuplot (apt-get install gnuplot-nox)");
  const char *tmp = getenv("TMPDIR");
  const char *where = tmp && *tmp ? tmp : "/tmp";
  if (stat(where, &st) != 0)
    errlist_add(err, "calibrate: --plots draws in a scratch folder under %s (TMPDIR): %s", where, strerror(errno));
  else if (!S_ISDIR(st.st_mode))
    errlist_add(err, "calibrate: --plots draws in a scratch folder under %s (TMPDIR): not a directory", where);
  else if (access(where, W_OK | X_OK) != 0)
    errlist_add(err, "calibrate: --plots draws in a scratch folder under %s (TMPDIR): not writable", where);
  if (strchr(where, '\'') || strlen(where) > 3000)
    errlist_add(err, "calibrate: --plots: TMPDIR %s holds a ' or is too long for gnuplot's script", where);
  return err->n == n0;
}

bool calibrate_write_plots(const CalibrateReport *r, const char *dir) {
  char script[4096], why[1024] = "", log[4400];
  if (!calibrate_plot_script(script, sizeof script)) {
    fprintf(stderr, "grandamp: error: calibrate: no plots written: plots/calibrate.gp not found beside the build folder nor in share/grandamp (make install; or set GRANDAMP_SHARE)\n");
    return false;
  }
  /* the plot data, in memory first */
  char *dat_mem = NULL;
  size_t dat_len = 0;
  FILE *mem = open_memstream(&dat_mem, &dat_len);
  if (!mem) {
    fprintf(stderr, "grandamp: error: calibrate: no plots written: out of memory\n");
    return false;
  }
  write_dat(r, mem);
  fclose(mem);
  const int nfiles = plot_nfiles(r->fit_mode);
  char *data[PLOT_MAX_FILES] = {0};
  size_t len[PLOT_MAX_FILES] = {0};
  signal(SIGXFSZ, SIG_IGN); /* this process's own writes past `ulimit -f` fail with EFBIG (output.h) */
  char scratch_dir[4096];
  const bool made = proc_scratch_make(scratch_dir, sizeof scratch_dir, "grandamp-calibrate", why, sizeof why);
  bool ok = made;
  char path[4400];
  if (ok) { /* calibrate.dat for gnuplot */
    snprintf(path, sizeof path, "%s/%s", scratch_dir, PLOT_FILES[0]);
    FILE *f = fopen(path, "wb");
    const bool wrote = f && fwrite(dat_mem, 1, dat_len, f) == dat_len;
    if (!(f && fclose(f) == 0 && wrote)) {
      snprintf(why, sizeof why, "cannot write %.900s: %s", path, strerror(errno));
      ok = false;
    }
  }
  data[0] = dat_mem, len[0] = dat_len;
  snprintf(log, sizeof log, "%s/gnuplot.log", scratch_dir);
  if (ok) {
    int ngood = 0;
    for (int m = 0; m < r->nmodels; m++) ngood += r->has_behaviour[m];
    char vars[8400];
    snprintf(vars, sizeof vars, "dat='%s/%s'; out='%s/'; nmodels=%d; fit=%d; v_ref=%.9g; bound=%.9g", scratch_dir,
             PLOT_FILES[0], scratch_dir, ngood, r->fit_mode, r->s.v_ref, r->s.dt_error > 0 ? r->s.dt_error : 0.01);
    const char *argv[] = {"gnuplot", "-e", vars, script, NULL};
    const char *env = getenv("GRANDAMP_TEST_GNUPLOT_TIMEOUT"); /* test hook: a hung gnuplot in seconds */
    const double timeout = env && atof(env) > 0 ? atof(env) : 120.0;
    ok = proc_spawn(argv, log, timeout, why, sizeof why) == 0;
    if (!ok && !why[0]) snprintf(why, sizeof why, "gnuplot failed (exit status not 0)");
    if (!ok) { /* gnuplot's own words */
      char excerpt[512];
      log_excerpt(log, excerpt, sizeof excerpt);
      if (*excerpt) snprintf(why + strlen(why), sizeof why - strlen(why), "; it said: %s", excerpt);
    }
  }
  for (int k = 1; k < nfiles && ok; k++) {
    snprintf(path, sizeof path, "%s/%s", scratch_dir, PLOT_FILES[k]);
    ok = slurp(path, PLOT_FILES[k], true, &data[k], &len[k], why, sizeof why);
    if (!ok) {
      char excerpt[512];
      log_excerpt(log, excerpt, sizeof excerpt);
      if (*excerpt) snprintf(why + strlen(why), sizeof why - strlen(why), "; gnuplot said: %s", excerpt);
    }
  }
  if (made) proc_scratch_remove(scratch_dir);
  /* install: the folder made when it was missing, every destination opened (a temporary beside
   * each) before any is committed */
  OutFile o[PLOT_MAX_FILES];
  int opened = 0;
  struct stat st;
  if (ok && stat(dir, &st) != 0 && !make_folders(dir)) {
    snprintf(why, sizeof why, "cannot create the folder %.900s: %s", dir, strerror(errno));
    ok = false;
  }
  if (ok) {
    for (; opened < nfiles; opened++) {
      snprintf(path, sizeof path, "%s/%s", dir, PLOT_FILES[opened]);
      if (!out_open(&o[opened], path)) break;
      if (fwrite(data[opened], 1, len[opened], o[opened].f) != len[opened]) {
        opened++;
        break;
      }
    }
    ok = opened == nfiles;
    if (!ok) {
      for (int k = 0; k < opened; k++) out_abort(&o[k]);
      snprintf(why, sizeof why, "cannot write %s/%s (above)", dir, PLOT_FILES[opened > 0 ? opened - 1 : 0]);
    }
  }
  int committed = 0;
  if (ok) {
    for (int k = 0; k < nfiles; k++) {
      if (ok && out_commit(&o[k])) committed++;
      else if (ok) ok = false, snprintf(why, sizeof why, "cannot write %s/%s (above)", dir, PLOT_FILES[k]);
      else out_abort(&o[k]);
    }
  }
  for (int k = 0; k < nfiles; k++) free(data[k]);
  if (!ok) {
    if (committed)
      fprintf(stderr, "grandamp: error: calibrate: plots: %s; %d of the %d files were already replaced\n", why,
              committed, nfiles);
    else fprintf(stderr, "grandamp: error: calibrate: no plots written (none changed in %s): %s\n", dir, why);
    return false;
  }
  fprintf(stderr, "grandamp: plots written: %s/calibrate-{speed,dt,contacts%s}.png (data: %s/calibrate.dat)\n", dir,
          r->fit_mode ? ",fit" : "", dir);
  return true;
}
