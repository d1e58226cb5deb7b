/*
 * main.c - grandamp-verify: the nightly verification run (`make verify`).
 *
 *   grandamp-verify [--quick] [--filter TEXT] [--data DIR] [--threads T] [--precision double|mixed]
 *                   [--lammps | --no-lammps]
 *                   [--engine NAME]... [--broken FAULT|list] [--list-faults] [--compare PREVIOUS.csv] [--list]
 * One line per case on stdout (PASS/FAIL/SKIP, measured, expected, tolerance, source) with a
 * progress count, and on stderr a progress line of a long case at least every 30 s; DIR/verify.csv, DIR/verify-junit.xml and the plot data DIR/verify-*.dat,
 * all written atomically; with --compare, what changed also in DIR/verify-changes.txt. Exit 0 when every case passes, 3 when any fails, 2 on bad usage.
 * --broken FAULT injects one deliberate fault of verify/cases/faults.c into the production side; the
 * run must then fail (exit 3).
 */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "compare.h"
#include "results.h"
#include "engine.h"
#include "error.h"
#include "faults.h"
#include "kharaz_cases.h"
#include "output.h"
#include "rows.h"
#include "run.h"
#include "cases.h"
#include "engine_cases.h"

static const char USAGE[] =
    "usage: grandamp-verify [--quick] [--filter TEXT] [--data DIR] [--threads T] [--precision double|mixed]\n"
    "                       [--lammps | --no-lammps]\n"
    "                       [--engine NAME]... [--broken FAULT|list] [--list-faults] [--compare PREVIOUS.csv] [--list]\n"
    "  --quick     the make-test subset (well under a minute)\n"
    "  --filter    only cases whose name or group contains TEXT (^TEXT: begins with TEXT)\n"
    "  --data      where verify.csv, verify-junit.xml and the plot data go (default data)\n"
    "  --threads   threads of every pair loop (default: 1 for the two-body collisions; for the gases and\n"
    "              packings, as grandamp run: one per 4000 spheres, at most the cores other work leaves free;\n"
    "              the thread-count comparisons keep their own); a long case says how far it is on stderr\n"
    "  --precision double (default) or mixed: the pair collisions and the gas in the mixed-precision\n"
    "              loop (grandamp run --help), judged against the same expectations\n"
    "  --lammps    the LAMMPS cases must run: each fails when lmp is not on PATH\n"
    "  --no-lammps skip the LAMMPS cases (default: run them when lmp is on PATH, else skip)\n"
    "  --engine    NAME (repeatable: lammps, liggghts, yade): run the matrix's collisions inside that\n"
    "              outside engine and judge them against the same expectations (a known defect is\n"
    "              XFAIL only at the value it predicts); exit 2 when it is not installed;\n"
    "              --list-engines prints which rows each engine runs, under which native name\n"
    "  --broken    self-test: inject the deliberate fault FAULT into the production side (the\n"
    "              reference and the expectations see the model as written); the run must fail.\n"
    "              --broken list (or --list-faults) prints the faults and what each imitates\n"
    "  --compare   after the run, list what changed since PREVIOUS.csv (a verify.csv): status\n"
    "              changes, values moved by more than a tenth of the tolerance, new and gone cases\n"
    "              (also written to DIR/verify-changes.txt, for the nightly report)\n"
    "  --list      print the case names and exit\n"
    "exit codes: 0 all cases pass, 3 some case failed, 2 bad usage, 1 runtime failure\n";

/* The families in the order they run: a new family is one line here and its generator in the
 * room it belongs to (cases/cases.h, engines/engine_cases.h). Each generator declares its cases,
 * the quick subset among them (Verifier.quick) and their filter names itself. */
static const struct Family {
  const char *name;
  void (*run)(Verifier *v);
} FAMILIES[] = {
    {"theory", cases_theory},           {"restitution", cases_restitution},
    {"convergence", cases_convergence}, {"invariance", cases_invariance},
    {"packing", cases_packing},         {"lammps", cases_lammps},
    {"mdr", cases_mdr},                 {"chung-ooi", cases_chung_ooi},
    {"gas", cases_gas},                 {"chung-ooi-oblique", cases_chung_ooi_oblique},
    {"energy-gain", cases_energy_gain}, {"kharaz", cases_kharaz},
    {"engines", cases_engines},
};

#define N_FAMILIES (sizeof FAMILIES / sizeof *FAMILIES)

/* Every family's cases; the counting pass notes how many each declares (--list prints them). */
static void run_all(Verifier *v, int *counts) {
  for (size_t k = 0; k < N_FAMILIES; k++) {
    const int before = v->total;
    FAMILIES[k].run(v);
    if (counts) counts[k] = v->total - before;
  }
}

/* Which matrix row each engine runs, under which native name, or why not (docs/engines.md). */
static void print_engines(void) {
  for (int e = 0; e < engine_count(); e++) {
    const Engine *eng = engine_at(e);
    printf("%s (command %s, Debian package %s): %s\n", eng->name, eng->command, eng->package,
           proc_installed(eng->command) ? "installed" : "not installed");
    for (int k = 0; k < row_count(); k++) {
      const Row *r = row_at(k);
      const char *native = "";
      const bool ok = eng->supports(r->normal, r->damping, &native);
      char id[64];
      row_id(r, id, sizeof id);
      printf("  %-34s %-3s %s\n", id, ok ? "yes" : "no", native ? native : "");
    }
  }
}

/* DATA/verify-chung-ooi.md, when the run judged Chung & Ooi's tests (chung_ooi_table). */
static bool write_chung_ooi(const Verifier *v, const char *data) {
  bool any = false;
  for (int k = 0; k < v->nres && !any; k++) any = !strncmp(v->res[k].key.family, "chung-ooi/", 10);
  if (!any) return true;
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-chung-ooi.md", data);
  OutFile o;
  if (!out_open(&o, path)) return false;
  chung_ooi_table(v, o.f);
  return out_commit(&o);
}

/* DATA/verify-changes.txt: the comparison with the previous run, for the nightly report
 * (tools/report.sh). A run that compares with nothing removes an older one, which would
 * describe another run. */
static bool write_changes(Previous *prev, const Verifier *v, const char *data, bool compare) {
  char path[4096];
  snprintf(path, sizeof path, "%s/verify-changes.txt", data);
  if (!compare) {
    if (unlink(path) != 0 && errno != ENOENT) {
      fprintf(stderr, "grandamp-verify: error: cannot remove the stale %s: %s\n", path, strerror(errno));
      return false;
    }
    return true;
  }
  OutFile o;
  if (!out_open(&o, path)) return false;
  previous_report(prev, v->res, v->nres, v->filter != NULL, o.f);
  return out_commit(&o);
}

/* Standard output that could not be written (a full disk, /dev/full, a closed pipe) fails the
 * run: a case list or a summary that never arrived is no result. */
static int stdout_checked(int rc) {
  if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
  fprintf(stderr, "grandamp-verify: error: writing standard output failed: %s\n", strerror(errno));
  return rc == GD_EXIT_OK ? GD_EXIT_RUNTIME : rc;
}

int main(int argc, char **argv) {
  Verifier v = {0};
  const char *data = "data", *compare = NULL;
  bool list = false, no_lammps = false, lammps = false;
  int threads = 0; /* not asked for */
  const int machine_threads = omp_get_max_threads();
  for (int k = 1; k < argc; k++) {
    const char *a = argv[k];
    const bool has_val = k + 1 < argc;
    if (strcmp(a, "--quick") == 0) v.quick = true;
    else if (strcmp(a, "--list") == 0) list = true;
    else if (strcmp(a, "--no-lammps") == 0) no_lammps = true;
    else if (strcmp(a, "--lammps") == 0) lammps = true;
    else if (strcmp(a, "--engine") == 0 && has_val) {
      const char *name = argv[++k];
      if (!engine_find(name)) {
        fprintf(stderr, "grandamp-verify: error: --engine: '%s' is unknown; known:", name);
        for (int e = 0; e < engine_count(); e++) fprintf(stderr, " %s", engine_at(e)->name);
        fputc('\n', stderr);
        return GD_EXIT_USAGE;
      }
      if (v.nengines == (int)(sizeof v.engines / sizeof *v.engines)) {
        fprintf(stderr, "grandamp-verify: error: --engine: too many\n");
        return GD_EXIT_USAGE;
      }
      v.engines[v.nengines++] = name;
    }
    else if (strcmp(a, "--filter") == 0 && has_val) v.filter = argv[++k];
    else if ((strcmp(a, "--data") == 0 || strcmp(a, "--compare") == 0) && has_val && !argv[k + 1][0]) {
      fprintf(stderr, "grandamp-verify: error: %s: the name is empty (give a folder or file name)\n", a);
      return GD_EXIT_USAGE;
    }
    else if (strcmp(a, "--data") == 0 && has_val) data = argv[++k];
    else if (strcmp(a, "--compare") == 0 && has_val) compare = argv[++k];
    else if (strcmp(a, "--list-engines") == 0) {
      print_engines();
      return stdout_checked(GD_EXIT_OK);
    } else if (strcmp(a, "--list-faults") == 0 ||
             (strcmp(a, "--broken") == 0 && has_val && strcmp(argv[k + 1], "list") == 0)) {
      printf("grandamp-verify: the deliberate faults of --broken (name, what it breaks, the bug it imitates):\n");
      fault_print_table(stdout);
      return stdout_checked(GD_EXIT_OK);
    } else if (strcmp(a, "--broken") == 0 && has_val) {
      v.broken = argv[++k];
      if (!fault_select(v.broken)) {
        fprintf(stderr, "grandamp-verify: error: --broken: '%s' is unknown; the faults are:\n", v.broken);
        fault_print_table(stderr);
        return GD_EXIT_USAGE;
      }
    } else if (strcmp(a, "--threads") == 0 && has_val) {
      char *end;
      const long t = strtol(argv[++k], &end, 10);
      if (*end || t < 1 || t > 4096) {
        fprintf(stderr, "grandamp-verify: error: --threads: '%s' must be a whole number >= 1\n", argv[k]);
        return GD_EXIT_USAGE;
      }
      threads = (int)t;
    } else if (strcmp(a, "--precision") == 0 && has_val) {
      if (!loop_precision_parse(argv[++k], &v.precision)) {
        fprintf(stderr, "grandamp-verify: error: --precision: '%s' is unknown; expected double or mixed\n", argv[k]);
        return GD_EXIT_USAGE;
      }
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(USAGE, stdout);
      return stdout_checked(GD_EXIT_OK);
    } else {
      fprintf(stderr, "grandamp-verify: error: '%s': unknown option or missing value\n%s", a, USAGE);
      return GD_EXIT_USAGE;
    }
  }
  /* A two-body collision gains nothing from threads and loses to their barriers on a busy
   * machine: one thread unless --threads says otherwise (the thread-invariance cases set their
   * own counts). The many-body cases take --threads, else `grandamp run`'s rule: a thread per 4000
   * spheres, on the cores other work leaves free (verify_threads_for). */
  v.threads = threads ? threads : 1;
  v.threads_asked = threads;
  v.machine_threads = machine_threads;
  if (lammps && no_lammps) {
    fprintf(stderr, "grandamp-verify: error: --lammps and --no-lammps exclude each other\n");
    return GD_EXIT_USAGE;
  }
  /* An engine asked for must be there: a nightly run that names it cannot pass without it. */
  for (int e = 0; e < v.nengines && !list; e++) {
    const Engine *eng = engine_find(v.engines[e]);
    if (!proc_installed(eng->command)) {
      fprintf(stderr, "grandamp-verify: error: --engine %s: '%s' is not on PATH (apt-get install %s, or make deps ENGINES=%s)\n",
              eng->name, eng->command, eng->package, eng->name);
      return GD_EXIT_USAGE;
    }
  }
  char tmp_why[600]; /* the engines' scratch folders go there: checked (room, name) before any case runs */
  const bool runs_lmp = !no_lammps && proc_installed("lmp"); /* the LAMMPS comparisons' inputs go there too */
  if ((v.nengines || runs_lmp) && !list && !engine_scratch_check(tmp_why, sizeof tmp_why)) {
    fprintf(stderr, "grandamp-verify: error: %s%s\n", v.nengines ? "--engine: " : "", tmp_why);
    return GD_EXIT_USAGE;
  }
  v.lmp_required = lammps;
  v.have_lmp = runs_lmp;
  v.dry = true;
  v.list = list;
  int counts[N_FAMILIES];
  run_all(&v, counts);
  if (v.total == 0) {
    fprintf(stderr, "grandamp-verify: error: --filter '%s' selects no case\n", v.filter ? v.filter : "");
    return GD_EXIT_USAGE;
  }
  if (list) {
    for (size_t k = 0; k < N_FAMILIES; k++)
      if (counts[k]) printf("family %s: %d case%s\n", FAMILIES[k].name, counts[k], counts[k] == 1 ? "" : "s");
    printf("%d cases\n", v.total);
    return stdout_checked(GD_EXIT_OK);
  }
  /* The previous run is read before this one overwrites it (the same file, by default). */
  Previous prev = {0};
  if (compare) {
    char why[4200];
    if (!previous_load(&prev, compare, why, sizeof why)) {
      for (char *save = NULL, *line = strtok_r(why, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        fprintf(stderr, "grandamp-verify: error: --compare: %s\n", line); /* a problem a line */
      return GD_EXIT_USAGE;
    }
  }
  mkdir(data, 0777);
  char path[3][4096];
  const char *const PLOTS[3] = {"verify-tsuji.dat", "verify-viscoelastic.dat", "verify-convergence.dat"};
  OutFile plot[3];
  for (int k = 0; k < 3; k++) {
    snprintf(path[k], sizeof path[k], "%s/%s", data, PLOTS[k]);
    if (!out_open(&plot[k], path[k])) return GD_EXIT_RUNTIME;
  }
  fprintf(plot[0].f, "# target e_sqrt2(loop) e_sqrt2(table) e_legacy(loop) e_legacy(table) e_coeff_restitution(loop) eF_sqrt2(loop)\n");
  fprintf(plot[1].f, "# v0 b e_delta(loop) e_force(loop) pade-(4/15)b^2.5e^1.5 pade36\n");
  fprintf(plot[2].f, "# row dt/t_c worst|e-e_exact| bound(f dt/t_c) expected-order line; one block per row\n");
  v.plot_tsuji = plot[0].f, v.plot_visco = plot[1].f, v.plot_conv = plot[2].f;
  v.dry = false;
  v.data = data;
  printf("grandamp-verify %s: %d cases%s\n", GD_BUILD_REVISION, v.total, v.quick ? " (quick subset)" : "");
  if (v.broken) {
    const Fault *f = fault_selected();
    printf("grandamp-verify: WITH THE DELIBERATE FAULT %s (self-test; breaks %s: %s): the run must fail\n", f->name,
           f->breaks, f->imitates);
  }
  fflush(stdout);
  const RunId id = run_id(GD_BUILD_REVISION);
  const double t0 = omp_get_wtime();
  v.mark = t0;
  run_all(&v, NULL);
  const double seconds = omp_get_wtime() - t0;
  bool ok = true;
  for (int k = 0; k < 3; k++) ok = out_commit(&plot[k]) && ok;
  char csv[4096], junit[4096];
  snprintf(csv, sizeof csv, "%s/verify.csv", data);
  snprintf(junit, sizeof junit, "%s/verify-junit.xml", data);
  ok = results_write_csv(v.res, v.nres, &id, csv) && ok;
  ok = write_chung_ooi(&v, data) && ok;
  ok = kharaz_write_table(&v, data) && ok;
  ok = results_write_junit(v.res, v.nres, v.failed, v.skipped, v.quick, seconds, &id, junit) && ok;
  ok = write_changes(&prev, &v, data, compare != NULL) && ok;
  if (v.failed) { /* again at the end, so that a nightly log need not be searched for them */
    printf("grandamp-verify: the %d failed case%s:\n", v.failed, v.failed == 1 ? "" : "s");
    for (int k = 0; k < v.nres; k++) {
      const CaseResult *c = &v.res[k];
      if (c->pass || c->skipped) continue;
      printf("  %s %s  ", case_status(c), c->name);
      case_print_judgement(c, stdout);
      putchar('\n');
    }
  }
  results_print_skips(v.res, v.nres, stdout);
  results_print_times(v.res, v.nres, seconds, stdout);
  if (compare) {
    previous_report(&prev, v.res, v.nres, v.filter != NULL, stdout);
    previous_free(&prev);
  }
  engines_verdict(&v, stdout, false);
  free(v.res);
  const int passed = v.done - v.failed - v.skipped - v.xfailed;
  char xf[64] = "";
  if (v.xfailed) snprintf(xf, sizeof xf, ", %d known defects seen (XFAIL)", v.xfailed);
  printf("grandamp-verify: %d cases in %.1f s: %d passed, %d failed, %d skipped%s; %s %s, %s\n", v.done, seconds,
         passed, v.failed, v.skipped, xf, ok ? "wrote" : "FAILED TO WRITE some of (see the errors above)", csv, junit);
  printf("%d passed, %d failed\n", passed, v.failed);
  return stdout_checked(!ok ? GD_EXIT_RUNTIME : v.failed ? GD_EXIT_VERIFY : GD_EXIT_OK);
}
