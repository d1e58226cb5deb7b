/* edmd.c - event-driven smooth hard spheres in a periodic cube (edmd.h). */
#include "edmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EV_NONE = -2, EV_CROSS = -1 };

struct Edmd {
  int n, nc;        /* spheres; cells per side */
  double L, sigma, e, cs, t;
  int64_t collisions;
  double *m, *r, *v, *tr; /* r: position at the sphere's own time tr (lazy advance) */
  int *cell, *head, *next, *prev;
  double *et;       /* the sphere's next event time */
  int *ep;          /* partner sphere, EV_CROSS or EV_NONE */
  int64_t *pc;      /* the partner's collision count when predicted */
  int64_t *cnt;     /* collisions of each sphere */
  int *heap, *pos;  /* a min-heap of spheres by et */
};

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "edmd: out of memory\n");
    exit(1);
  }
  return p;
}

static double wrap(double x, double L) {
  x = fmod(x, L);
  if (x < 0.0) x += L;
  return x >= L ? 0.0 : x;
}

static double image(double d, double L) { return d > 0.5 * L ? d - L : d < -0.5 * L ? d + L : d; }

/* Sphere i's position at the current time (unwrapped from its stored one). */
static void pos_now(const Edmd *s, int i, double out[3]) {
  const double dt = s->t - s->tr[i];
  for (int d = 0; d < 3; d++) out[d] = s->r[3 * i + d] + s->v[3 * i + d] * dt;
}

static void advance(Edmd *s, int i) {
  double p[3];
  pos_now(s, i, p);
  for (int d = 0; d < 3; d++) s->r[3 * i + d] = wrap(p[d], s->L);
  s->tr[i] = s->t;
}

static int cell_of(const Edmd *s, const double *x) {
  int c[3];
  for (int d = 0; d < 3; d++) {
    c[d] = (int)(x[d] / s->cs);
    if (c[d] >= s->nc) c[d] = s->nc - 1;
    if (c[d] < 0) c[d] = 0;
  }
  return (c[2] * s->nc + c[1]) * s->nc + c[0];
}

static void cell_insert(Edmd *s, int i, int c) {
  s->cell[i] = c;
  s->prev[i] = -1;
  s->next[i] = s->head[c];
  if (s->head[c] >= 0) s->prev[s->head[c]] = i;
  s->head[c] = i;
}

static void cell_remove(Edmd *s, int i) {
  const int c = s->cell[i];
  if (s->prev[i] >= 0) s->next[s->prev[i]] = s->next[i];
  else s->head[c] = s->next[i];
  if (s->next[i] >= 0) s->prev[s->next[i]] = s->prev[i];
}

/* ---- the heap ---- */
static void heap_swap(Edmd *s, int a, int b) {
  const int ia = s->heap[a], ib = s->heap[b];
  s->heap[a] = ib, s->heap[b] = ia;
  s->pos[ib] = a, s->pos[ia] = b;
}

static void heap_fix(Edmd *s, int i) {
  int k = s->pos[i];
  while (k > 0 && s->et[s->heap[(k - 1) / 2]] > s->et[s->heap[k]]) {
    heap_swap(s, k, (k - 1) / 2);
    k = (k - 1) / 2;
  }
  for (;;) {
    const int l = 2 * k + 1, r = l + 1;
    int m = k;
    if (l < s->n && s->et[s->heap[l]] < s->et[s->heap[m]]) m = l;
    if (r < s->n && s->et[s->heap[r]] < s->et[s->heap[m]]) m = r;
    if (m == k) break;
    heap_swap(s, k, m);
    k = m;
  }
}

/* Time from now until i and j touch on their straight paths (INFINITY: never): the smaller root
 * of |r + v t| = sigma, written as (r^2 - sigma^2) / (-b + sqrt(disc)) for its accuracy. */
static double contact_time(const Edmd *s, const double *ri, int i, int j) {
  double rj[3], dr[3], dv[3];
  pos_now(s, j, rj);
  double b = 0.0, v2 = 0.0, r2 = 0.0;
  for (int d = 0; d < 3; d++) {
    dr[d] = image(rj[d] - ri[d], s->L);
    dv[d] = s->v[3 * j + d] - s->v[3 * i + d];
    b += dr[d] * dv[d], v2 += dv[d] * dv[d], r2 += dr[d] * dr[d];
  }
  if (b >= 0.0) return INFINITY;
  const double c = r2 - s->sigma * s->sigma, disc = b * b - v2 * c;
  if (disc <= 0.0) return INFINITY;
  const double t = c / (-b + sqrt(disc));
  return t > 0.0 ? t : 0.0;
}

/* Sphere i's next event from now: the first contact with a sphere of the 27 cells around its own,
 * or its leaving its cell. */
static void predict(Edmd *s, int i) {
  double ri[3];
  pos_now(s, i, ri);
  const int nc = s->nc, c = s->cell[i];
  const int cx = c % nc, cy = (c / nc) % nc, cz = c / (nc * nc);
  double best = INFINITY;
  int partner = EV_NONE;
  for (int d = 0; d < 3; d++) { /* leaving the cell along d */
    const double vd = s->v[3 * i + d];
    if (vd == 0.0) continue;
    const int cd = d == 0 ? cx : d == 1 ? cy : cz;
    const double u = image(ri[d] - cd * s->cs, s->L); /* position within the cell */
    double dt = vd > 0.0 ? (s->cs - u) / vd : -u / vd;
    if (dt < 0.0) dt = 0.0;
    if (dt < best) best = dt, partner = EV_CROSS;
  }
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        const int nb = (((cz + dz + nc) % nc) * nc + (cy + dy + nc) % nc) * nc + (cx + dx + nc) % nc;
        for (int j = s->head[nb]; j >= 0; j = s->next[j]) {
          if (j == i) continue;
          const double dt = contact_time(s, ri, i, j);
          if (dt < best) best = dt, partner = j;
        }
      }
  s->et[i] = s->t + best;
  s->ep[i] = partner;
  s->pc[i] = partner >= 0 ? s->cnt[partner] : 0;
  heap_fix(s, i);
}

/* The collision rule: smooth spheres, constant normal restitution e; momentum kept. */
static void collide(Edmd *s, int i, int j) {
  double nrm[3], dv = 0.0, len = 0.0;
  for (int d = 0; d < 3; d++) {
    nrm[d] = image(s->r[3 * j + d] - s->r[3 * i + d], s->L);
    len += nrm[d] * nrm[d];
  }
  len = sqrt(len);
  for (int d = 0; d < 3; d++) {
    nrm[d] /= len;
    dv += (s->v[3 * j + d] - s->v[3 * i + d]) * nrm[d];
  }
  if (dv >= 0.0) return; /* already separating (a grazing round-off): nothing to apply */
  const double mi = s->m[i], mj = s->m[j], k = (1.0 + s->e) * dv / (mi + mj);
  for (int d = 0; d < 3; d++) {
    s->v[3 * i + d] += k * mj * nrm[d];
    s->v[3 * j + d] -= k * mi * nrm[d];
  }
}

static bool positive(double x) { return x > 0.0 && isfinite(x); }

Edmd *edmd_new(int n, double L, double sigma, const double *mass, const double *x, const double *v, double e,
               char *why, size_t why_size) {
  if (n < 2 || !positive(L) || !positive(sigma) || !(e > 0.0 && e <= 1.0)) {
    snprintf(why, why_size, "n %d, box %g, diameter %g, restitution %g: need n >= 2, positive sizes, e in (0, 1]", n,
             L, sigma, e);
    return NULL;
  }
  const int nc = (int)floor(L / sigma);
  if (nc < 3) {
    snprintf(why, why_size, "the box %g is narrower than 3 diameters (%g)", L, sigma);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    bool ok = positive(mass[i]);
    for (int d = 0; d < 3; d++) ok = ok && isfinite(x[3 * i + d]) && isfinite(v[3 * i + d]);
    if (!ok) {
      snprintf(why, why_size, "sphere %d: a mass that is not positive, or a position or velocity not finite", i);
      return NULL;
    }
  }
  Edmd *s = xcalloc(1, sizeof *s);
  s->n = n, s->nc = nc, s->L = L, s->sigma = sigma, s->e = e, s->cs = L / nc;
  s->m = xcalloc((size_t)n, sizeof *s->m), s->r = xcalloc(3 * (size_t)n, sizeof *s->r);
  s->v = xcalloc(3 * (size_t)n, sizeof *s->v), s->tr = xcalloc((size_t)n, sizeof *s->tr);
  s->cell = xcalloc((size_t)n, sizeof *s->cell), s->next = xcalloc((size_t)n, sizeof *s->next);
  s->prev = xcalloc((size_t)n, sizeof *s->prev);
  s->head = xcalloc((size_t)nc * nc * nc, sizeof *s->head);
  s->et = xcalloc((size_t)n, sizeof *s->et), s->ep = xcalloc((size_t)n, sizeof *s->ep);
  s->pc = xcalloc((size_t)n, sizeof *s->pc), s->cnt = xcalloc((size_t)n, sizeof *s->cnt);
  s->heap = xcalloc((size_t)n, sizeof *s->heap), s->pos = xcalloc((size_t)n, sizeof *s->pos);
  for (int c = 0; c < nc * nc * nc; c++) s->head[c] = -1;
  for (int i = 0; i < n; i++) {
    s->m[i] = mass[i];
    for (int d = 0; d < 3; d++) s->r[3 * i + d] = wrap(x[3 * i + d], L), s->v[3 * i + d] = v[3 * i + d];
    cell_insert(s, i, cell_of(s, &s->r[3 * i]));
    s->heap[i] = i, s->pos[i] = i, s->et[i] = 0.0;
  }
  if (edmd_overlap(s, 1e-10)) {
    snprintf(why, why_size, "two spheres overlap at the start");
    edmd_free(s);
    return NULL;
  }
  for (int i = 0; i < n; i++) predict(s, i);
  return s;
}

void edmd_free(Edmd *s) {
  if (!s) return;
  free(s->m), free(s->r), free(s->v), free(s->tr), free(s->cell), free(s->next), free(s->prev), free(s->head);
  free(s->et), free(s->ep), free(s->pc), free(s->cnt), free(s->heap), free(s->pos);
  free(s);
}

bool edmd_run_to(Edmd *s, double t_end, double max_per_sphere, char *why, size_t why_size) {
  const int64_t start = s->collisions;
  const double t0 = s->t;
  while (s->et[s->heap[0]] < t_end) {
    const int i = s->heap[0];
    const int j = s->ep[i];
    if (j >= 0 && s->cnt[j] != s->pc[i]) { /* the partner has collided since: predict again */
      predict(s, i);
      continue;
    }
    s->t = s->et[i];
    if (j == EV_CROSS) {
      advance(s, i);
      const int nc = s->nc, c = s->cell[i];
      int cc[3] = {c % nc, (c / nc) % nc, c / (nc * nc)};
      double best = INFINITY;
      int dim = 0;
      for (int d = 0; d < 3; d++) { /* the face it reached: the one whose crossing time is now */
        const double vd = s->v[3 * i + d];
        if (vd == 0.0) continue;
        const double u = image(s->r[3 * i + d] - cc[d] * s->cs, s->L);
        const double left = fabs(vd > 0.0 ? (s->cs - u) / vd : -u / vd);
        if (left < best) best = left, dim = d;
      }
      cc[dim] = (cc[dim] + (s->v[3 * i + dim] > 0.0 ? 1 : nc - 1)) % nc;
      cell_remove(s, i);
      cell_insert(s, i, (cc[2] * nc + cc[1]) * nc + cc[0]);
      predict(s, i);
      continue;
    }
    if (j == EV_NONE) { /* at rest: nothing will happen to it */
      s->et[i] = INFINITY;
      heap_fix(s, i);
      continue;
    }
    advance(s, i);
    advance(s, j);
    collide(s, i, j);
    s->cnt[i]++, s->cnt[j]++, s->collisions++;
    predict(s, i);
    predict(s, j);
    if (max_per_sphere > 0.0 && (double)(s->collisions - start) > max_per_sphere * s->n * fmax(s->t - t0, 1e-300) + 10.0 * s->n) {
      snprintf(why, why_size, "more than %g collisions per sphere per unit time by t = %.17g: inelastic collapse",
               max_per_sphere, s->t);
      return false;
    }
  }
  s->t = t_end;
  return true;
}

double edmd_time(const Edmd *s) { return s->t; }
int64_t edmd_collisions(const Edmd *s) { return s->collisions; }

void edmd_momentum(const Edmd *s, double p[3]) {
  p[0] = p[1] = p[2] = 0.0;
  for (int i = 0; i < s->n; i++)
    for (int d = 0; d < 3; d++) p[d] += s->m[i] * s->v[3 * i + d];
}

double edmd_temperature(const Edmd *s) {
  double p[3], M = 0.0, sum = 0.0;
  edmd_momentum(s, p);
  for (int i = 0; i < s->n; i++) M += s->m[i];
  for (int i = 0; i < s->n; i++)
    for (int d = 0; d < 3; d++) {
      const double w = s->v[3 * i + d] - p[d] / M;
      sum += s->m[i] * w * w;
    }
  return sum / (3.0 * s->n);
}

double edmd_kinetic_energy(const Edmd *s) {
  double sum = 0.0;
  for (int i = 0; i < s->n; i++)
    for (int d = 0; d < 3; d++) sum += 0.5 * s->m[i] * s->v[3 * i + d] * s->v[3 * i + d];
  return sum;
}

bool edmd_overlap(const Edmd *s, double tol) {
  const double lim = s->sigma * (1.0 - tol);
  for (int i = 0; i < s->n; i++) {
    double ri[3];
    pos_now(s, i, ri);
    for (int j = i + 1; j < s->n; j++) {
      double rj[3], r2 = 0.0;
      pos_now(s, j, rj);
      for (int d = 0; d < 3; d++) {
        const double dd = image(rj[d] - ri[d], s->L);
        r2 += dd * dd;
      }
      if (r2 < lim * lim) return true;
    }
  }
  return false;
}
