/*
 * test_lists.c - neighbour lists and particle storage: the dilute cell grid, interior rows and the
 * particle arrays' aligned slots.
 */
#include <omp.h>
#include <stdlib.h>

#include "contact.h"
#include "force_simd.h"
#include "packing.h"
#include "sim.h"
#include "tests.h"

/* A dilute periodic system gets a coarsened cell grid: 64 x 4 x 4 cells must not become
 * 32 x 2 x 2, where the stencil visits the neighbouring y and z cells twice. */
static void test_dilute_list(void **state) {
  (void)state;
  Particles p;
  particles_alloc(&p, 3, 1);
  const double pos[3][3] = {{1.0, 2.0, 2.0}, {1.0, 2.5, 2.0}, {40.0, 2.0, 2.0}}; /* 0-1 in y cells 0, 1 */
  for (int i = 0; i < 3; i++) {
    p.x[i] = pos[i][0], p.y[i] = pos[i][1], p.z[i] = pos[i][2];
    p.radius[i] = 0.5, p.mass[i] = 1.0;
  }
  Box b = {.lo = {0, 0, 0}, .hi = {71, 4.5, 4.5}, .periodic = {true, true, true}};
  for (int full = 0; full <= 1; full++) {
    NeighborList nl;
    nbr_init(&nl, full, 0, 0.1, 0.0, 0);
    const char *why = NULL;
    assert_true(nbr_build(&nl, &p, &b, &why));
    assert_int_equal(nl.npairs, full ? 2 : 1);
    nbr_free(&nl);
  }
  particles_free(&p);
}

/* NeighborList.interior: a flagged row's partners need no minimum image along any periodic
 * dimension after every particle has moved by up to half a skin in the worst directions (the
 * rebuild limit), for half and full lists; rows next to a periodic boundary are not flagged. */
static void test_interior_rows(void **state) {
  (void)state;
  Particles p0;
  Box b;
  small_packing(&p0, &b, 1500, 31);
  double rmax = 0.0;
  for (int64_t i = 0; i < p0.n; i++) rmax = fmax(rmax, p0.radius[i]);
  const double skin = 0.3 * rmax;
  double len[3], half[3];
  box_images(&b, len, half);
  for (int full = 0; full <= 1; full++)
    for (int sign = -1; sign <= 1; sign += 2) {
      Particles p;
      particles_copy(&p, &p0);
      NeighborList nl;
      nbr_init(&nl, full, 0, skin, 0.0, 0);
      const char *why = NULL;
      assert_true(nbr_build(&nl, &p, &b, &why));
      /* each particle half a skin along +-(1,1,1)/sqrt(3), the sign by id parity: pairs close
       * in or move apart by a skin along every axis */
      const double h = 0.5 * skin / sqrt(3.0) * (1.0 - 1e-12);
      for (int64_t i = 0; i < p.n; i++) {
        const double s = (p.id[i] % 2 ? 1.0 : -1.0) * sign * h;
        p.x[i] += s, p.y[i] += s, p.z[i] += s;
      }
      assert_false(nbr_needs_rebuild(&nl, &p));
      int64_t inside = 0, boundary = 0;
      double *c[3] = {p.x, p.y, p.z};
      for (int64_t i = 0; i < p.n; i++) {
        bool crosses = false; /* a partner beyond half a box along some dimension, raw */
        for (int64_t k = nl.start[i]; k < nl.start[i + 1]; k++)
          for (int d = 0; d < 3; d++) {
            const double dd = c[d][i] - c[d][nl.j[k]];
            crosses = crosses || box_min_image(dd, len[d], half[d]) != dd;
          }
        if (nl.interior[i] && crosses) fail_msg("row %lld is flagged, with a partner across a boundary", (long long)i);
        inside += nl.interior[i], boundary += crosses;
      }
      assert_true(inside > p.n / 4 && boundary > 0); /* both kinds of row */
      nbr_free(&nl);
      particles_free(&p);
    }
  particles_free(&p0);
}

/* The particle arrays' slots (particles.c): 64-byte aligned, each (and the spare) at its own
 * offset modulo 4096, also after particles_permute, which moves every value with its particle. */
static void test_particle_slots(void **state) {
  (void)state;
  const int64_t sizes[] = {1, 512, 1000};
  for (int s = 0; s < 3; s++) {
    const int64_t n = sizes[s];
    Particles p;
    particles_alloc(&p, n, 1);
    double *const *field[] = {&p.x,  &p.y,  &p.z,  &p.vx, &p.vy, &p.vz, &p.wx, &p.wy,    &p.wz,
                              &p.fx, &p.fy, &p.fz, &p.tx, &p.ty, &p.tz, &p.radius, &p.mass};
    enum { NF = sizeof field / sizeof *field };
    for (int f = 0; f < NF; f++)
      for (int64_t i = 0; i < n; i++) (*field[f])[i] = 1000.0 * f + (double)i;
    int64_t *order = malloc((size_t)n * sizeof *order);
    for (int64_t k = 0; k < n; k++) order[k] = (k * 7 + 3) % n; /* a permutation for these n */
    for (int pass = 0; pass < 2; pass++) {
      uintptr_t off[NF + 1];
      for (int f = 0; f < NF; f++) off[f] = (uintptr_t)*field[f];
      off[NF] = (uintptr_t)p.spare;
      for (int f = 0; f <= NF; f++) {
        assert_int_equal(off[f] % 64, 0);
        for (int g = 0; g < f; g++) assert_true(off[f] % 4096 != off[g] % 4096);
      }
      if (pass == 0) particles_permute(&p, order, 0);
    }
    for (int f = 0; f < NF; f++)
      for (int64_t k = 0; k < n; k++) assert_true((*field[f])[k] == 1000.0 * f + (double)order[k]);
    free(order);
    particles_free(&p);
  }
}

const struct CMUnitTest lists_tests[] = {
    cmocka_unit_test(test_dilute_list),
    cmocka_unit_test(test_interior_rows),
    cmocka_unit_test(test_particle_slots),
};
const size_t lists_ntests = sizeof lists_tests / sizeof *lists_tests;
