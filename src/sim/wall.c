/* wall.c - flat walls and their contacts (see wall.h). */
#include "wall.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "blocksum.h"
#include "contact.h"
#include "error.h"
#include "plan.h"

bool walls_add(Walls *ws, int axis, bool hi, double pos) {
  if (ws->n >= WALLS_MAX) return false;
  ws->w[ws->n++] = (Wall){.axis = axis, .hi = hi, .pos = pos};
  return true;
}

void walls_alloc(Walls *ws, int64_t np, int hsize) {
  free(ws->hist);
  free(ws->touch);
  ws->np = np;
  ws->hsize = hsize;
  const size_t contacts = (size_t)(np > 0 ? np : 1) * (size_t)(ws->n > 0 ? ws->n : 1);
  ws->hist = gd_xmalloc(contacts * (size_t)(hsize > 0 ? hsize : 1) * sizeof *ws->hist);
  ws->touch = gd_xmalloc(contacts);
  memset(ws->hist, 0, contacts * (size_t)(hsize > 0 ? hsize : 1) * sizeof *ws->hist);
  memset(ws->touch, 0, contacts);
}

void walls_permute(Walls *ws, const int64_t *order) {
  if (ws->n == 0 || ws->np == 0) return;
  const size_t per = (size_t)ws->n, hper = per * (size_t)ws->hsize;
  double *hist = gd_xmalloc((size_t)ws->np * (hper > 0 ? hper : 1) * sizeof *hist);
  unsigned char *touch = gd_xmalloc((size_t)ws->np * per);
  for (int64_t k = 0; k < ws->np; k++) {
    memcpy(hist + (size_t)k * hper, ws->hist + (size_t)order[k] * hper, hper * sizeof *hist);
    memcpy(touch + (size_t)k * per, ws->touch + (size_t)order[k] * per, per);
  }
  free(ws->hist);
  free(ws->touch);
  ws->hist = hist;
  ws->touch = touch;
}

void walls_free(Walls *ws) {
  free(ws->hist);
  free(ws->touch);
  memset(ws, 0, sizeof *ws);
}

/* Block b's partial sums (blocksum.h): the three powers, then each wall's force. */
static void block_store(double *part, int64_t b, int nw, double pn, double pt, double pf, const double *fw) {
  double *pb = part + b * (3 + nw);
  pb[0] = pn, pb[1] = pt, pb[2] = pf;
  for (int w = 0; w < nw; w++) pb[3 + w] = fw[w];
}

/* The blocks' partials added in block order (the same bits for any thread count) into the
 * wall forces and the pass's statistics; frees part. */
static void block_total(double *part, int64_t nb, Walls *ws, int64_t contacts, double excess, ForceStats *stats) {
  double sum[3 + WALLS_MAX] = {0};
  blocksum_total(part, nb, 3 + ws->n, sum);
  free(part);
  for (int w = 0; w < ws->n; w++) ws->force[w] = sum[3 + w];
  stats->contacts += contacts;
  stats->power_normal += sum[0];
  stats->power_tangential += sum[1];
  stats->power_friction += sum[2];
  stats->overlap_excess = gd_max(stats->overlap_excess, excess);
}

/* Centre-to-wall distance r_c of particle i from wall wl: a centre behind the wall (gap < 0, a
 * contact deeper than the radius, reported by the caller through overlap_excess) is kept at a
 * tiny positive distance, so the force stays finite and points back inside. */
static double wall_gap(const Wall *wl, const double xi[3], double *excess) {
  const double d = xi[wl->axis] - wl->pos;
  const double gap = wl->hi ? -d : d;
  *excess = -gap;
  return gap > 0.0 ? gap : 1e-150;
}

/* The one wall pass (§6.0 step 5, after the pair forces, as fix wall/gran): every particle
 * against every wall in blocks of rows, the blocks' partials added in block order. ms NULL: the
 * contact law of the model (contact_compute); else MDR's (force_mdr_contact), with its
 * accumulators, its first fault in (particle, wall) order and its warning (a test of ms per
 * particle and wall: the pass is a small part of a step). */
void walls_force(Walls *ws, Particles *p, const ContactModel *models, int ntypes, double dt, bool history_update,
                 MdrSystem *ms, int threads, ForceStats *stats) {
  const int nth = sysmem_threads(threads);
  if (ws->n == 0) return;
  GD_ASSERT(ws->np == p->n && (!ms || ms->on));
  const int nw = ws->n, hs = ws->hsize;
  int64_t contacts = 0, bad = INT64_MAX;
  MdrError bad_err = MDR_OK;
  double excess = 0.0;
  bool warn = false;
  const int64_t nb = blocksum_blocks(p->n);
  double *part = gd_xmalloc((size_t)(nb > 0 ? nb : 1) * (size_t)(3 + nw) * sizeof *part); /* block_store */
#pragma omp parallel for schedule(static) num_threads(nth) reduction(+ : contacts) reduction(max : excess) \
    reduction(|| : warn)
  for (int64_t b = 0; b < nb; b++) {
    double pn = 0.0, pt = 0.0, pf = 0.0, fw[WALLS_MAX] = {0};
    const int64_t i1 = (b + 1) * BLOCKSUM_ROWS < p->n ? (b + 1) * BLOCKSUM_ROWS : p->n;
    for (int64_t i = b * BLOCKSUM_ROWS; i < i1; i++) {
      const ContactModel *m = &models[(p->type[i] - 1) * ntypes + (p->type[i] - 1)];
      const double xi[3] = {p->x[i], p->y[i], p->z[i]};
      for (int w = 0; w < nw; w++) {
        const Wall *wl = &ws->w[w];
        const size_t c = (size_t)i * (size_t)nw + (size_t)w;
        double ex;
        const double rc = wall_gap(wl, xi, &ex);
        excess = gd_max(excess, ex);
        /* x_i minus the nearest wall point: along the wall normal only (§1.3). */
        PairInput in = {.Ri = p->radius[i], .Rj = INFINITY, .meff = contact_meff(p->mass[i], INFINITY),
                        .dt = dt, .history_update = history_update, .wall = true};
        in.dx[wl->axis] = wl->hi ? -rc : rc;
        in.vr[0] = p->vx[i], in.vr[1] = p->vy[i], in.vr[2] = p->vz[i];
        in.vr[wl->axis] -= wl->vel; /* relative to a moving wall */
        in.wi[0] = p->wx[i], in.wi[1] = p->wy[i], in.wi[2] = p->wz[i];
        double *hist = hs ? &ws->hist[c * (size_t)hs] : NULL;
        ContactOutput o;
        MdrContactOutput mo;
        bool on;
        if (!ms) {
          bool touch = ws->touch[c];
          on = contact_compute(m, &in, hist, &touch, &o);
          ws->touch[c] = touch;
        } else {
          on = force_mdr_contact(m->tangential.model, m, ms, &in, i, -1, p->id[i], p->id[i], hist, hs, &o, &mo);
          ws->touch[c] = on;
        }
        if (!on) continue;
        if (ms && mo.err != MDR_OK) {
#pragma omp critical(gd_wall_mdr_fault)
          if ((int64_t)c < bad) { /* the first (particle, wall) in index order */
            bad = (int64_t)c;
            bad_err = mo.err;
          }
          continue;
        }
        if (ms) warn = warn || mo.warn_preexisting;
        contacts++;
        pn += o.power_normal_damping;
        pt += o.t.power_damping;
        pf += o.t.power_friction;
        p->fx[i] += o.force[0], p->fy[i] += o.force[1], p->fz[i] += o.force[2];
        p->tx[i] += o.torque_i[0], p->ty[i] += o.torque_i[1], p->tz[i] += o.torque_i[2];
        if (ms && history_update) mdr_accum_add(&ms->s, i, &mo.acc_i); /* one writer per particle */
        fw[w] += o.force[wl->axis];
      }
    }
    block_store(part, b, nw, pn, pt, pf, fw);
  }
  block_total(part, nb, ws, contacts, excess, stats);
  if (!ms) return;
  if (bad != INT64_MAX && ms->fault.err == MDR_OK)
    ms->fault = (MdrFault){.err = bad_err, .i = bad / nw, .j = -1, .wall = (int)(bad % nw)};
  ms->warn_preexisting = ms->warn_preexisting || warn;
}

void walls_mdr_ddelta(const Walls *ws, const Particles *p, MdrSystem *ms, int threads) {
  const int nth = sysmem_threads(threads);
  if (ws->n == 0) return;
  GD_ASSERT(ws->np == p->n);
  const int nw = ws->n, hs = ws->hsize;
#pragma omp parallel for schedule(static) num_threads(nth)
  for (int64_t i = 0; i < p->n; i++) {
    const double xi[3] = {p->x[i], p->y[i], p->z[i]}, R = p->radius[i];
    double sum = 0.0;
    for (int w = 0; w < nw; w++) {
      double ex;
      const double rc = wall_gap(&ws->w[w], xi, &ex);
      const size_t c = (size_t)i * (size_t)nw + (size_t)w;
      if (rc < R) sum += mdr_wall_ddelta(&ms->s, i, R - rc, &ws->hist[c * (size_t)hs]);
    }
    ms->s.ddelta_bar[i] += sum;
  }
}
