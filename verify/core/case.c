/* case.c - the verifier's case bookkeeping, its threads and the progress line (verify.h). */
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "sysmem.h"
#include "usertext.h"
#include "verify.h"

/* Whether text holds the filter: anywhere, or at its start when the filter begins with '^'. */
static bool filter_in(const char *text, const char *filter) {
  return filter[0] == '^' ? strncmp(text, filter + 1, strlen(filter + 1)) == 0 : strstr(text, filter) != NULL;
}

bool case_matches(const Verifier *v, const char *group, const char *prefix) {
  if (!v->filter) return true;
  const char *f = v->filter;
  /* ... or the filter names a case under prefix */
  const bool under = f[0] == '^' ? strncmp(f + 1, prefix, strlen(prefix)) == 0 : strstr(f, prefix) != NULL;
  return filter_in(prefix, f) || filter_in(group, f) || under;
}

bool case_wanted(const Verifier *v, const char *group, const char *fmt, ...) {
  char name[sizeof v->cur.name];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  return !v->dry && (!v->filter || filter_in(name, v->filter) || filter_in(group, v->filter));
}

void case_key_set(char *field, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(field, size, fmt, ap);
  va_end(ap);
}

bool case_begin(Verifier *v, const char *group, const char *fmt, ...) {
  char name[sizeof v->cur.name];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  if (v->filter && !filter_in(name, v->filter) && !filter_in(group, v->filter)) return false;
  if (v->dry) {
    v->total++;
    if (v->list) printf("%s %s\n", group, name);
    return false;
  }
  memset(&v->cur, 0, sizeof v->cur);
  v->cur.key = v->key;
  snprintf(v->cur.group, sizeof v->cur.group, "%s", group);
  snprintf(v->cur.name, sizeof v->cur.name, "%s", name);
  v->t0 = omp_get_wtime();
  return true;
}

/* text made printable (control bytes and bytes that are not UTF-8 as \xNN: an engine's log
 * excerpt must not break the CSV, the XML or the terminal), cut to size at a whole character */
static void printable(char *text, size_t size) {
  char buf[4 * sizeof((CaseResult *)0)->source + 1];
  user_text_escape(buf, sizeof buf, text);
  size_t n = strlen(buf);
  if (n >= size) {
    n = size - 1;
    while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80) n--; /* not inside a UTF-8 sequence */
    const char *esc = n >= 3 ? memchr(buf + n - 3, '\\', 3) : NULL;  /* nor inside a \xNN */
    if (esc && esc[1] == 'x') n = (size_t)(esc - buf);
  }
  memcpy(text, buf, n);
  text[n] = '\0';
}

static void finish(Verifier *v) {
  CaseResult *c = &v->cur;
  if (v->planning) return; /* the planning pass only notes the engine's collisions */
  /* the run's time cut into the cases' own and the gaps before them, so that they add up */
  const double now = omp_get_wtime();
  c->seconds = now - v->t0;
  c->setup_seconds = v->t0 > v->mark ? v->t0 - v->mark : 0.0;
  v->mark = now;
  v->done++;
  printable(c->source, sizeof c->source);
  printable(c->known, sizeof c->known);
  if (c->skipped) v->skipped++;
  else if (!c->pass) v->failed++;
  else if (c->xfail) v->xfailed++;
  const char *tag = case_status(c);
  const int w = v->total >= 1000 ? 4 : 3;
  if (c->skipped)
    printf("[%*d/%d] %s %s  (%s)\n", w, v->done, v->total, tag, c->name, c->source);
  else {
    printf("[%*d/%d] %s %s  ", w, v->done, v->total, tag, c->name);
    case_print_judgement(c, stdout);
    printf("  (%s)\n", c->source);
  }
  fflush(stdout);
  if (v->nres == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 256;
    v->res = realloc(v->res, (size_t)v->cap * sizeof *v->res);
    if (!v->res) gd_die(GD_EXIT_RUNTIME, "out of memory");
  }
  v->res[v->nres++] = *c;
}

void case_end(Verifier *v, double measured, double expected, double tol, const char *src, ...) {
  CaseResult *c = &v->cur;
  c->measured = measured;
  c->expected = expected;
  c->tol = tol;
  c->pass = fabs(measured - expected) <= tol; /* false for NaN */
  va_list ap;
  va_start(ap, src);
  vsnprintf(c->source, sizeof c->source, src, ap);
  va_end(ap);
  finish(v);
}

void case_end_outcome(Verifier *v, CaseOutcome outcome, const char *known, double measured, double expected, double tol,
                      const char *src, ...) {
  CaseResult *c = &v->cur;
  c->measured = measured;
  c->expected = expected;
  c->tol = tol;
  c->pass = outcome == OUTCOME_PASS || outcome == OUTCOME_XFAIL;
  c->xfail = outcome == OUTCOME_XFAIL || outcome == OUTCOME_XPASS;
  snprintf(c->known, sizeof c->known, "%s", known ? known : "");
  va_list ap;
  va_start(ap, src);
  vsnprintf(c->source, sizeof c->source, src, ap);
  va_end(ap);
  finish(v);
}

void case_end_bool(Verifier *v, bool cond, double measured, double expected, const char *src) {
  CaseResult *c = &v->cur;
  c->measured = measured;
  c->expected = expected;
  c->tol = 0.0;
  c->pass = cond;
  snprintf(c->source, sizeof c->source, "%s", src);
  finish(v);
}

void case_skip(Verifier *v, const char *why) { case_skip_detail(v, why, "%s", ""); }

void case_skip_detail(Verifier *v, const char *reason, const char *fmt, ...) {
  v->cur.skipped = true;
  v->cur.pass = true;
  char detail[sizeof v->cur.source];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  CaseResult *c = &v->cur;
  snprintf(c->reason, sizeof c->reason, "%s", reason);
  printable(c->reason, sizeof c->reason);
  char full[sizeof c->reason + sizeof detail + 2]; /* "reason: detail", then cut to size */
  snprintf(full, sizeof full, "%s%s%s", c->reason, detail[0] ? ": " : "", detail);
  size_t n = strlen(full);
  if (n >= sizeof c->source) n = sizeof c->source - 1;
  memcpy(c->source, full, n);
  c->source[n] = '\0';
  finish(v);
}

void case_check_one_sided(Verifier *v, CaseCheck check) { v->cur.check = check; }

/* ---- threads and progress of the long cases ---- */

int verify_threads_for(const Verifier *v, int64_t spheres) { return sysmem_threads_for(v->threads_asked, spheres); }

/* Seconds between progress lines: GRANDAMP_VERIFY_PROGRESS_S (for tests: 0 prints at every
 * step), else 20, so that a line comes within 30 s even when a step ends late. */
static double progress_interval(void) {
  static double interval = -1.0;
  if (interval < 0.0) {
    const char *s = getenv("GRANDAMP_VERIFY_PROGRESS_S");
    char *end = NULL;
    const double x = s ? strtod(s, &end) : NAN;
    interval = s && *s && end && !*end && x >= 0.0 ? x : VERIFY_PROGRESS_S;
  }
  return interval;
}

void case_progress(Verifier *v, const char *what, double since, int threads, int64_t done, int64_t total) {
  if (v->dry) return;
  const double now = omp_get_wtime();
  if (v->progress_last < since) v->progress_last = since; /* a new piece of work: count from its start */
  if (now - v->progress_last < progress_interval()) return;
  v->progress_last = now;
  /* stderr: stdout's case lines are what tests and tools/report.sh parse */
  fprintf(stderr, "grandamp-verify: [%d/%d] %s: %.0f s so far on %d thread%s, step %lld of %lld (%.0f %%)\n",
          v->done + 1, v->total, what, now - since, threads, threads == 1 ? "" : "s", (long long)done,
          (long long)total, total > 0 ? 100.0 * (double)done / (double)total : 0.0);
}
