/* engine_plan.c - the verifier's engine collisions run in batches (see engine_plan.h). */
#include "engine_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "run.h"

/* A batch: at most this many cases and this much work (seconds of its limit): a hang costs at
 * most that, and a start-up (0.4 to 1.3 s) is shared by dozens of collisions. */
#define BATCH_CASES 48
#define BATCH_WORK_S 20.0

/* A case's text, kept in the plan (the caller's buffers do not outlive the call). */
static const char *keep(char *buf, size_t size, const char *s) {
  if (!s) return NULL;
  snprintf(buf, size, "%s", s);
  return buf;
}

static void point_at_own_text(PlannedCase *pc) {
  pc->c.normal = pc->c.normal ? pc->normal : NULL;
  pc->c.damping = pc->c.damping ? pc->damping : NULL;
  pc->c.tangential = pc->c.tangential ? pc->tangential : NULL;
  pc->c.style = pc->c.style ? pc->style : NULL;
}

void plan_add(EnginePlan *p, const EngineCase *c, double work_s) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 256;
    p->cases = gd_xrealloc(p->cases, (size_t)p->cap * sizeof *p->cases);
    for (int k = 0; k < p->n; k++) point_at_own_text(&p->cases[k]); /* moved with the array */
  }
  PlannedCase *pc = &p->cases[p->n++];
  memset(pc, 0, sizeof *pc);
  pc->c = *c;
  keep(pc->normal, sizeof pc->normal, c->normal);
  keep(pc->damping, sizeof pc->damping, c->damping);
  keep(pc->tangential, sizeof pc->tangential, c->tangential);
  keep(pc->style, sizeof pc->style, c->style);
  point_at_own_text(pc);
  pc->work_s = work_s;
}

static bool same_text(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* Whether two cases are the same collision (every number bit for bit, NaN included; not the limit,
 * which the engine's health lowers after a time-out, EngineHealth). */
static bool same_case(const EngineCase *a, const EngineCase *b) {
  const double x[] = {a->kn, a->E, a->nu, a->surface_energy, a->damp, a->Ri, a->Rj, a->rho, a->rho_j, a->v0,
                      a->kt, a->xt, a->mu, a->vt0, a->wi0, a->wj0, a->dt, a->t_run};
  const double y[] = {b->kn, b->E, b->nu, b->surface_energy, b->damp, b->Ri, b->Rj, b->rho, b->rho_j, b->v0,
                      b->kt, b->xt, b->mu, b->vt0, b->wi0, b->wj0, b->dt, b->t_run};
  return same_text(a->normal, b->normal) && same_text(a->damping, b->damping) &&
         same_text(a->tangential, b->tangential) && same_text(a->style, b->style) && !memcmp(x, y, sizeof x);
}

const PlannedCase *plan_take(EnginePlan *p, const EngineCase *c) {
  if (p->next >= p->n || !same_case(&p->cases[p->next].c, c)) return NULL;
  return &p->cases[p->next++];
}

static void make_folder(const char *workdir, const char *kind, int *serial, char *path, size_t size) {
  snprintf(path, size, "%s/%s%05d", workdir, kind, (*serial)++);
  if (mkdir(path, 0777) != 0) gd_die(GD_EXIT_RUNTIME, "verify: cannot create %s", path);
}

/* The line of one batch on stderr while the batches run (the real pass prints the cases after). */
static void batch_line(const Engine *eng, const EnginePlan *p, int at, int n, int reached, double limit,
                       const EngineBatchCase *bc) {
  const EngineBatchCase *last = &bc[reached - 1];
  fprintf(stderr, "grandamp-verify: %s batch: cases %d-%d of %d, limit %.3g s: %d reached%s%.200s\n", eng->name,
          at + 1, at + n, p->n, limit, reached, last->ran ? "" : "; ", last->ran ? "" : last->why);
}

void plan_run(EnginePlan *p, const Engine *eng, const char *workdir, int *serial, double slack_s, EngineHealth *h) {
  EngineBatchCase bc[BATCH_CASES];
  char dirs[BATCH_CASES][4200], batchdir[4200];
  for (int at = 0; at < p->n;) {
    if (h->dead[0]) { /* unresponsive: the rest fail at once, as single runs do */
      for (; at < p->n; at++) p->cases[at].ran = false, snprintf(p->cases[at].why, sizeof p->cases[at].why, "%s", h->dead);
      break;
    }
    int n = 0;
    double work = 0.0;
    while (at + n < p->n && n < BATCH_CASES && (n == 0 || work + p->cases[at + n].work_s <= BATCH_WORK_S)) {
      make_folder(workdir, "case", serial, dirs[n], sizeof dirs[n]);
      bc[n] = (EngineBatchCase){.c = &p->cases[at + n].c, .dir = dirs[n]};
      work += p->cases[at + n].work_s;
      n++;
    }
    make_folder(workdir, "batch", serial, batchdir, sizeof batchdir);
    const double limit = engine_health_limit(h, slack_s, work, n);
    EngineStart start;
    const int reached = engine_batch_run(eng, bc, n, batchdir, limit, &start);
    batch_line(eng, p, at, n, reached, limit, bc);
    for (int k = 0; k < reached; k++) {
      PlannedCase *pc = &p->cases[at + k];
      pc->ran = bc[k].ran, pc->r = bc[k].r;
      snprintf(pc->why, sizeof pc->why, "%s", bc[k].why);
    }
    engine_health_note(h, &start);
    for (int k = 0; k < n; k++) proc_scratch_remove(dirs[k]); /* read: nothing piles up */
    proc_scratch_remove(batchdir);
    at += reached;
  }
}

void plan_free(EnginePlan *p) {
  free(p->cases);
  memset(p, 0, sizeof *p);
}
