/* test_datafile.c - LAMMPS data files (atom_style sphere): round trip, format, every error. */
#define _DEFAULT_SOURCE /* wait4: the peak memory of one child */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "datafile.h"
#include "tests.h"

#define PI 3.14159265358979323846

/* ---- a temporary directory per test ----------------------------------------------------- */

typedef struct TmpDir {
  char path[64];
  char file[256]; /* scratch for tmp_path() */
} TmpDir;

static int tmp_setup(void **state) {
  TmpDir *t = calloc(1, sizeof *t);
  if (!t) return -1;
  snprintf(t->path, sizeof t->path, "/tmp/grandamp_datafile_XXXXXX");
  if (!mkdtemp(t->path)) {
    free(t);
    return -1;
  }
  *state = t;
  return 0;
}

static int tmp_teardown(void **state) {
  TmpDir *t = *state;
  DIR *d = opendir(t->path);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char p[512];
      snprintf(p, sizeof p, "%s/%s", t->path, e->d_name);
      if (remove(p) != 0) rmdir(p);
    }
    closedir(d);
  }
  int rc = rmdir(t->path);
  free(t);
  return rc;
}

static const char *tmp_path(TmpDir *t, const char *name) {
  snprintf(t->file, sizeof t->file, "%s/%s", t->path, name);
  return t->file;
}

/* Writes text to <dir>/<name> and returns the path (valid until the next tmp_path call). */
static const char *write_text(TmpDir *t, const char *name, const char *text) {
  const char *path = tmp_path(t, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  assert_int_equal(fputs(text, f) >= 0, 1);
  assert_int_equal(fclose(f), 0);
  return path;
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* ---- helpers ---------------------------------------------------------------------------- */

static bool has_msg(const ErrList *e, const char *msg) {
  for (int i = 0; i < e->n; i++)
    if (!strcmp(e->msg[i], msg)) return true;
  return false;
}

/* Reads text, expects failure with exactly the message "<path>:<line>: <msg>" (line 0: none)
 * among the errors, and a zeroed *p. */
static void expect_error(TmpDir *t, const char *text, int line, const char *msg) {
  char path[256];
  snprintf(path, sizeof path, "%s", write_text(t, "bad.data", text));
  char want[1024];
  if (line > 0) snprintf(want, sizeof want, "%s:%d: %s", path, line, msg);
  else snprintf(want, sizeof want, "%s: %s", path, msg);
  Particles p;
  Box b = {{-7, -7, -7}, {7, 7, 7}, {true, false, true}};
  ErrList err = {0};
  const bool ok = datafile_read(path, &p, &b, &err);
  if (ok || !has_msg(&err, want)) {
    for (int i = 0; i < err.n; i++) fprintf(stderr, "  got: %s\n", err.msg[i]);
    fail_msg("expected the error \"%s\"", want);
  }
  assert_null(p.x);
  assert_null(p.id);
  assert_int_equal(p.n, 0);
  assert_true(b.lo[0] == -7 && b.hi[2] == 7); /* box untouched on failure */
  errlist_free(&err);
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A valid file with 3 atoms; pieces are spliced into it by the error tests. */
#define HEAD3                                                                                  \
  "title\n"                                                                                    \
  "3 atoms\n"                                                                                  \
  "2 atom types\n"                                                                             \
  "0 10 xlo xhi\n"                                                                             \
  "0 10 ylo yhi\n"                                                                             \
  "0 10 zlo zhi\n"                                                                             \
  "\n"                                                                                         \
  "Atoms # sphere\n"                                                                           \
  "\n" /* line 10 is the first Atoms line */

/* ---- round trip ------------------------------------------------------------------------- */

static uint64_t lcg(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 11;
}
static double urand(uint64_t *s) { return (double)lcg(s) / 9007199254740992.0; }

static void test_round_trip_bit_exact(void **state) {
  TmpDir *t = *state;
  const int64_t n = 257;
  Particles p;
  particles_alloc(&p, n, 3);
  uint64_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    p.id[i] = 1000 + (i * 37) % n; /* ids in no particular order, unique */
    p.type[i] = 1 + (int)(i % 3);
    p.x[i] = -1.0 + 3.0 * urand(&s);
    p.y[i] = 1e-3 * urand(&s);
    p.z[i] = 2.0 + urand(&s) / 3.0;
    p.vx[i] = urand(&s) - 0.5;
    p.vy[i] = -0.0;
    p.vz[i] = 1e5 * urand(&s);
    p.wx[i] = 1.0 / 3.0 * urand(&s);
    p.wy[i] = -7e-9 * urand(&s);
    p.wz[i] = 0.0;
    p.radius[i] = 1e-3 * (0.5 + urand(&s));
    p.mass[i] = 2500.0 * 4.0 * PI / 3.0 * pow(p.radius[i], 3) * (1.0 + 0.1 * urand(&s));
  }
  p.radius[5] = 0.0; /* a point particle: the density column is its mass */
  p.mass[5] = 0.125;
  const Box b = {{-1.0, 0.0, 2.0}, {2.0, 1e-3, 1.0 / 3.0 + 2.0}, {true, true, false}};
  char path[256];
  snprintf(path, sizeof path, "%s", tmp_path(t, "rt.data"));
  assert_true(datafile_write(path, &p, &b, "round trip\nwith a line break"));
  assert_false(exists(tmp_path(t, "rt.data.tmp")));

  Particles q;
  Box c = {{0, 0, 0}, {0, 0, 0}, {false, true, false}};
  ErrList err = {0};
  const bool ok = datafile_read(path, &q, &c, &err);
  errlist_print(&err, stderr);
  assert_true(ok);
  assert_int_equal(err.n, 0);
  assert_int_equal(q.n, n);
  assert_int_equal(q.ntypes, 3);
  for (int d = 0; d < 3; d++) {
    assert_true(same_bits(c.lo[d], b.lo[d]));
    assert_true(same_bits(c.hi[d], b.hi[d]));
  }
  assert_true(!c.periodic[0] && c.periodic[1] && !c.periodic[2]); /* not set by the file */
  for (int64_t i = 0; i < n; i++) {
    assert_int_equal(q.id[i], p.id[i]);
    assert_int_equal(q.type[i], p.type[i]);
    assert_true(same_bits(q.radius[i], p.radius[i]));
    assert_true(same_bits(q.x[i], p.x[i]) && same_bits(q.y[i], p.y[i]) && same_bits(q.z[i], p.z[i]));
    assert_true(same_bits(q.vx[i], p.vx[i]) && same_bits(q.vy[i], p.vy[i]) && same_bits(q.vz[i], p.vz[i]));
    assert_true(same_bits(q.wx[i], p.wx[i]) && same_bits(q.wy[i], p.wy[i]) && same_bits(q.wz[i], p.wz[i]));
    assert_rel(q.mass[i], p.mass[i], 1e-15);
    assert_true(q.fx[i] == 0.0 && q.tz[i] == 0.0);
  }
  assert_true(q.mass[5] == 0.125);
  particles_free(&q);

  /* The second write replaces the file atomically and with the same content. */
  assert_true(datafile_write(path, &p, &b, NULL));
  assert_true(datafile_read(path, &q, &c, &err));
  assert_int_equal(q.n, n);
  particles_free(&q);
  particles_free(&p);
  errlist_free(&err);
}

static void test_write_format(void **state) {
  TmpDir *t = *state;
  Particles p;
  particles_alloc(&p, 2, 2);
  p.id[0] = 2;
  p.id[1] = 1;
  p.type[0] = 2;
  p.radius[0] = 0.25;
  p.mass[0] = 1.0;
  p.radius[1] = 0.0;
  p.mass[1] = 0.5;
  p.x[0] = 1.5;
  p.vx[1] = 2.0;
  p.wz[1] = -3.0;
  const Box b = {{0, 0, 0}, {2, 3, 4}, {true, true, true}};
  const char *path = tmp_path(t, "fmt.data");
  assert_true(datafile_write(path, &p, &b, "my title"));
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char text[2048];
  size_t len = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[len] = '\0';
  char want[2048];
  snprintf(want, sizeof want,
           "my title\n\n2 atoms\n2 atom types\n\n0 2 xlo xhi\n0 3 ylo yhi\n0 4 zlo zhi\n\n"
           "Atoms # sphere\n\n2 2 0.5 %.17g 1.5 0 0\n1 1 0 0.5 0 0 0\n\n"
           "Velocities\n\n2 0 0 0 0 0 0\n1 2 0 0 0 0 -3\n",
           1.0 / (4.0 * PI / 3.0 * 0.25 * 0.25 * 0.25));
  assert_string_equal(text, want);
  particles_free(&p);
}

/* ---- reading ---------------------------------------------------------------------------- */

static void test_read_known_values(void **state) {
  TmpDir *t = *state;
  /* As LAMMPS 29Sep2021 write_data writes it, with image flags. */
  const char *path = write_text(t, "lmp.data",
                                "LAMMPS data file via write_data, version 29 Sep 2021, timestep = 0\n"
                                "\n"
                                "2 atoms\n"
                                "2 atom types\n"
                                "\n"
                                "0 2 xlo xhi\n"
                                "-1 2 ylo yhi\n"
                                "0 2.5 zlo zhi\n"
                                "\n"
                                "Atoms # sphere\n"
                                "\n"
                                "7 1 0.4 2500 0.5 0.5 0.5 0 0 0\n"
                                "3 2 0 3 1.5 1.5 1.5 0 0 0\n"
                                "\n"
                                "Velocities\n"
                                "\n"
                                "3 0.1 0.2 0.3 4 5 6\n"
                                "7 -1 -2 -3 0 0 1e-3\n");
  Particles p;
  Box b = {{0}, {0}, {false, false, false}};
  ErrList err = {0};
  assert_true(datafile_read(path, &p, &b, &err));
  assert_int_equal(err.n, 0);
  assert_int_equal(p.n, 2);
  assert_int_equal(p.ntypes, 2);
  assert_true(b.lo[0] == 0 && b.hi[0] == 2 && b.lo[1] == -1 && b.hi[1] == 2 && b.lo[2] == 0 && b.hi[2] == 2.5);
  assert_int_equal(p.id[0], 7); /* file order */
  assert_int_equal(p.id[1], 3);
  assert_int_equal(p.type[0], 1);
  assert_int_equal(p.type[1], 2);
  assert_true(p.radius[0] == 0.2);
  assert_rel(p.mass[0], 2500.0 * 4.0 / 3.0 * PI * 0.008, 1e-15); /* 83.775804095727821 */
  assert_true(p.radius[1] == 0.0);
  assert_true(p.mass[1] == 3.0); /* diameter 0: the density column is the mass */
  assert_true(p.x[0] == 0.5 && p.y[1] == 1.5 && p.z[1] == 1.5);
  assert_true(p.vx[1] == 0.1 && p.vy[1] == 0.2 && p.vz[1] == 0.3);
  assert_true(p.wx[1] == 4 && p.wy[1] == 5 && p.wz[1] == 6);
  assert_true(p.vx[0] == -1 && p.vz[0] == -3 && p.wz[0] == 1e-3);
  particles_free(&p);
}

static void test_read_image_flags_unwrap(void **state) {
  TmpDir *t = *state;
  const char *path = write_text(t, "img.data",
                                "t\n2 atoms\n1 atom types\n0 2 xlo xhi\n-1 2 ylo yhi\n10 15 zlo zhi\n"
                                "Atoms\n"
                                "1 1 1 1 0.5 0.5 11 1 -2 3\n"
                                "2 1 1 1 1.5 -0.5 12 0 0 -1\n");
  Particles p;
  Box b;
  ErrList err = {0};
  assert_true(datafile_read(path, &p, &b, &err));
  assert_true(p.x[0] == 0.5 + 2.0 && p.y[0] == 0.5 - 2 * 3.0 && p.z[0] == 11.0 + 3 * 5.0);
  assert_true(p.x[1] == 1.5 && p.y[1] == -0.5 && p.z[1] == 12.0 - 5.0);
  assert_true(p.vx[0] == 0 && p.wz[1] == 0); /* no Velocities section */
  particles_free(&p);
}

static void test_read_comments_blank_lines(void **state) {
  TmpDir *t = *state;
  const char *path = write_text(t, "c.data",
                                "# a title that looks like a comment\n"
                                "# a comment line\n"
                                "\n"
                                "  \t\n"
                                "2 atoms   # two of them\n"
                                "\t1 atom types\r\n"
                                "0 bonds\n"
                                "0 0 0 xy xz yz\n"
                                "0 1 xlo xhi\n0 1 ylo yhi\n0 1 zlo zhi # end of header\n"
                                "\n\n"
                                "Masses\n\n1 99.0\n\n"
                                "Velocities # ids before their Atoms\n"
                                "\n"
                                "2 1 2 3 4 5 6 # comment\n"
                                "\n"
                                "1 0 0 0 0 0 -1\n"
                                "Atoms   #   sphere   extra words\n"
                                "\n"
                                "# a comment in a section\n"
                                "2\t1 0.2 1 0.5 0.5 0.5\r\n"
                                "\n"
                                "   1 1 0.2 1 0.25 0.25 0.25 # last\n"
                                "\n");
  Particles p;
  Box b;
  ErrList err = {0};
  const bool ok = datafile_read(path, &p, &b, &err);
  errlist_print(&err, stderr);
  assert_true(ok);
  assert_int_equal(p.n, 2);
  assert_int_equal(p.id[0], 2);
  assert_int_equal(p.id[1], 1);
  assert_true(p.x[0] == 0.5 && p.x[1] == 0.25);
  assert_true(p.vx[0] == 1 && p.wz[0] == 6 && p.wz[1] == -1 && p.vx[1] == 0);
  assert_rel(p.mass[0], 4.0 / 3.0 * PI * 0.001, 1e-15);
  particles_free(&p);
}

/* ---- errors ----------------------------------------------------------------------------- */

static void test_error_bad_number(void **state) {
  expect_error(*state, HEAD3 "1 1 1 2.5x 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: density '2.5x' is not a number");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1.0 1 1 1 1 1\n", 12,
               "Atoms: type '1.0' is not an integer");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 nan 1\n3 1 1 1 1 1 1\n", 11,
               "Atoms: y 'nan' is not a number");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 inf\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: z 'inf' must be finite");
  expect_error(*state, HEAD3 "1 1 1 0 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: density '0' must be > 0");
  expect_error(*state, HEAD3 "1 1 -1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: diameter '-1' must be >= 0");
  expect_error(*state, HEAD3 "0 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10, "Atoms: id '0' must be >= 1");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1 0 0 x\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: iz 'x' is not an integer");
  expect_error(*state, "t\n3 atoms\n2 atom types\n0 1e999 xlo xhi\n", 4, "header: xhi '1e999' overflows: its magnitude exceeds 1.8e308, the largest double");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nVelocities\n1 0 0 0 0 0 0\n2 0 0 0 0 0 0\n3 0 0 0 1,5 0 0\n",
               16, "Velocities: wx '1,5' is not a number");
}

static void test_error_field_count(void **state) {
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1\n3 1 1 1 1 1 1\n", 11,
               "Atoms: expected 7 or 10 fields (id type diameter density x y z [ix iy iz]), got 6");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1 0 0\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10,
               "Atoms: expected 7 or 10 fields (id type diameter density x y z [ix iy iz]), got 9");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n\nVelocities\n\n1 0 0 0\n", 16,
               "Velocities: expected 7 fields (id vx vy vz wx wy wz), got 4");
  expect_error(*state, "t\n3 atoms 4\n", 2, "unknown header line '3 atoms 4'");
  expect_error(*state, "t\n3 4 atoms\n", 2, "header: 'atoms' needs 1 number before it, got 2");
}

static void test_error_duplicate_id(void **state) {
  expect_error(*state, HEAD3 "5 1 1 1 1 1 1\n2 1 1 1 1 1 1\n5 1 1 1 1 1 1\n", 12,
               "Atoms: duplicate atom id 5 (first on line 10)");
  expect_error(*state,
               HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nVelocities\n1 0 0 0 0 0 0\n3 0 0 0 0 0 0\n"
                     "1 0 0 0 0 0 0\n",
               16, "Velocities: atom id 1 listed twice (first on line 14)");
  expect_error(*state,
               HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nVelocities\n1 0 0 0 0 0 0\n4 0 0 0 0 0 0\n"
                     "3 0 0 0 0 0 0\n",
               15, "Velocities: atom id 4 is not in the Atoms section");
}

static void test_error_type_out_of_range(void **state) {
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 3 1 1 1 1 1\n3 1 1 1 1 1 1\n", 11, "Atoms: type '3' must be in 1..2");
  expect_error(*state, HEAD3 "1 0 1 1 1 1 1\n2 2 1 1 1 1 1\n3 1 1 1 1 1 1\n", 10, "Atoms: type '0' must be in 1..2");
}

static void test_error_count_mismatch(void **state) {
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n", 0, "3 atoms declared, 2 Atoms lines found");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n4 1 1 1 1 1 1\n", 0,
               "3 atoms declared, 4 Atoms lines found");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nVelocities\n1 0 0 0 0 0 0\n", 0,
               "3 atoms declared, 1 Velocities lines found");
  expect_error(*state, "t\n3 atoms\n2 atom types\n0 1 xlo xhi\n0 1 ylo yhi\n0 1 zlo zhi\n", 0, "no Atoms section");
  expect_error(*state, "t\n3 atoms\n0 1 xlo xhi\n0 1 zlo zhi\nAtoms\n", 0, "header has no 'ylo yhi' line");
}

static void test_error_unknown_section(void **state) {
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\n\nBonds\n\n1 1 1 2\n", 14,
               "section 'Bonds' is not supported (grandamp reads Atoms, Velocities and Masses of atom_style sphere)");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nFrobnicate # x\n1 2 3\n", 13,
               "unknown section 'Frobnicate' (grandamp reads Atoms, Velocities and Masses)");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\nabc 1 1 1 1 1 1\n3 1 1 1 1 1 1\n", 11, "Atoms: id 'abc' is not an integer");
  expect_error(*state, HEAD3 "1 1 1 1 1 1 1\n2 1 1 1 1 1 1\n3 1 1 1 1 1 1\nAtoms\n", 13,
               "second Atoms section (first on line 8)");
  expect_error(*state, "t\n3 atoms\n2 atom types\nfoo 1 xlo xhi\n", 4,
               "unknown section 'foo 1 xlo xhi' (grandamp reads Atoms, Velocities and Masses)");
  expect_error(*state, "t\n3 atoms\n2 bonds\n", 3,
               "header: '2 bonds' is not supported (atom_style sphere accepts only 0 bonds)");
  expect_error(*state, "t\n3 atoms\n2 atom types\n3 atom types\n", 4, "header: 'atom types' given twice (first on line 3)");
}

static void test_error_atom_style(void **state) {
  expect_error(*state,
               "t\n\n3 atoms\n2 atom types\n0 10 xlo xhi\n0 10 ylo yhi\n0 10 zlo zhi\n\nAtoms # atomic\n\n"
               "1 1 1 1 1\n2 1 1 1 1\n3 1 1 1 1\n",
               9, "Atoms: atom style 'atomic' is not 'sphere' (grandamp reads atom_style sphere: id type diameter density x y z)");
}

static void test_error_missing_file(void **state) {
  TmpDir *t = *state;
  char path[256];
  snprintf(path, sizeof path, "%s", tmp_path(t, "nonexistent.data"));
  Particles p;
  Box b;
  ErrList err = {0};
  assert_false(datafile_read(path, &p, &b, &err));
  char want[512];
  snprintf(want, sizeof want, "cannot open %s: No such file or directory", path);
  assert_int_equal(err.n, 1);
  assert_string_equal(err.msg[0], want);
  assert_null(p.x);
  errlist_free(&err);
  /* A directory opens but cannot be read. */
  assert_false(datafile_read(t->path, &p, &b, &err));
  snprintf(want, sizeof want, "cannot read %s: it is a directory, not a LAMMPS data file", t->path);
  assert_int_equal(err.n, 1);
  assert_string_equal(err.msg[0], want);
  errlist_free(&err);
  expect_error(t, "", 0, "empty file (a LAMMPS data file starts with a title line)");
}

static void test_error_triclinic(void **state) {
  expect_error(*state, "t\n3 atoms\n2 atom types\n0 10 xlo xhi\n0 10 ylo yhi\n0 10 zlo zhi\n0.5 0 0 xy xz yz\n", 7,
               "header: triclinic boxes are not supported (xy xz yz must be 0 0 0, got 0.5 0 0)");
  expect_error(*state, "t\n3 atoms\n2 atom types\n10 0 xlo xhi\n", 4, "header: xlo xhi: lo '10' must be < hi '0'");
}

static void test_error_huge_count(void **state) {
  expect_error(*state, "t\n1000000000 atoms\n", 2,
               "header: 1000000000 atoms cannot be in this file of 19 bytes (an Atoms line takes at least 14 bytes)");
  expect_error(*state, "t\n3000000000 atoms\n", 2, "header: 3000000000 atoms is more than 2^31");
  expect_error(*state, "t\n-1 atoms\n", 2, "header: atoms '-1' must be >= 0");
}

/* Every problem of a file in one pass, and no more than 20 of them. */
static void test_errors_all_in_one_pass(void **state) {
  TmpDir *t = *state;
  const char *path = write_text(t, "many.data",
                                HEAD3 "1 1 1 0 1 1 1\n"  /* 10 density */
                                      "2 9 1 1 1 1 1\n"  /* 11 type */
                                      "3 1 1 1 1 1\n"); /* 12 fields */
  Particles p;
  Box b;
  ErrList err = {0};
  assert_false(datafile_read(path, &p, &b, &err));
  assert_int_equal(err.n, 3);
  assert_non_null(strstr(err.msg[0], ":10: Atoms: density '0' must be > 0"));
  assert_non_null(strstr(err.msg[1], ":11: Atoms: type '9' must be in 1..2"));
  assert_non_null(strstr(err.msg[2], ":12: Atoms: expected 7 or 10 fields"));
  errlist_free(&err);

  char text[8192] = HEAD3;
  for (int i = 0; i < 40; i++) strcat(text, "1 1 1 x 1 1 1\n");
  path = write_text(t, "many.data", text);
  assert_false(datafile_read(path, &p, &b, &err));
  assert_int_equal(err.n, 21);
  assert_non_null(strstr(err.msg[19], ":29: Atoms: density 'x' is not a number"));
  assert_non_null(strstr(err.msg[20], ": stopping after 20 errors"));
  errlist_free(&err);
}

/* ---- write failures --------------------------------------------------------------------- */

static void test_write_failures(void **state) {
  TmpDir *t = *state;
  Particles p;
  particles_alloc(&p, 1, 1);
  p.radius[0] = 0.5;
  p.mass[0] = 1.0;
  const Box b = {{0, 0, 0}, {1, 1, 1}, {true, true, true}};
  char path[256];

  /* into a directory that does not exist */
  snprintf(path, sizeof path, "%s/no/such/dir/x.data", t->path);
  assert_false(datafile_write(path, &p, &b, NULL));
  assert_false(exists(path));

  /* onto a directory: the rename fails and the temporary file is removed */
  snprintf(path, sizeof path, "%s", tmp_path(t, "adir"));
  assert_int_equal(mkdir(path, 0700), 0);
  assert_false(datafile_write(path, &p, &b, NULL));
  assert_false(exists(tmp_path(t, "adir.tmp")));
  snprintf(path, sizeof path, "%s", tmp_path(t, "adir"));
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_true(S_ISDIR(st.st_mode));

  /* invalid particles: nothing written, the old file untouched */
  snprintf(path, sizeof path, "%s", tmp_path(t, "old.data"));
  assert_true(datafile_write(path, &p, &b, "old"));
  p.mass[0] = 0.0;
  assert_false(datafile_write(path, &p, &b, "new"));
  p.mass[0] = 1.0;
  p.type[0] = 2;
  assert_false(datafile_write(path, &p, &b, "new"));
  p.type[0] = 1;
  p.x[0] = NAN;
  assert_false(datafile_write(path, &p, &b, "new"));
  assert_false(exists(tmp_path(t, "old.data.tmp")));
  snprintf(path, sizeof path, "%s", tmp_path(t, "old.data"));
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char first[16] = "";
  assert_non_null(fgets(first, sizeof first, f));
  fclose(f);
  assert_string_equal(first, "old\n");
  particles_free(&p);
}


/* ---- issue 26: memory follows what the file holds --------------------------------------- */

extern char **environ;

/* Runs $GRANDAMP_BIN (default build/grandamp) with args, its output into files of the test's
 * directory; returns the exit status (-1: killed), its peak resident memory in *peak and the
 * start of its stderr in err. */
static int run_measured(TmpDir *t, const char *const *args, size_t *peak, char *err, size_t errsize) {
  const char *bin = getenv("GRANDAMP_BIN");
  if (!bin) bin = "build/grandamp";
  const char *argv[32] = {bin};
  int argc = 1;
  for (; args[argc - 1] && argc < 31; argc++) argv[argc] = args[argc - 1];
  argv[argc] = NULL;
  char out_path[256], err_path[256];
  snprintf(out_path, sizeof out_path, "%s/stdout.txt", t->path);
  snprintf(err_path, sizeof err_path, "%s/stderr.txt", t->path);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid;
  if (posix_spawn(&pid, bin, &fa, NULL, (char *const *)argv, environ) != 0) fail_msg("cannot run %s", bin);
  posix_spawn_file_actions_destroy(&fa);
  int st;
  struct rusage ru;
  if (wait4(pid, &st, 0, &ru) != pid) fail_msg("wait4 failed");
  *peak = (size_t)ru.ru_maxrss * 1024;
  FILE *f = fopen(err_path, "r");
  assert_non_null(f);
  const size_t n = fread(err, 1, errsize - 1, f);
  err[n] = '\0';
  fclose(f);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Peak memory is judged against a control run on a two-atom, two-type file (a few MB; some
 * hundred MB under AddressSanitizer): the runs below may take at most PEAK_MARGIN more. */
#define PEAK_MARGIN ((size_t)200 << 20)
#define MODEL_TEXT "hooke 1000 50 tangential linear_nohistory 0 0 damping velocity"

/* Two touching atoms of types 1 and <top>, in a file that declares <ntypes> types. */
static const char *two_atoms(TmpDir *t, const char *name, long ntypes, long top) {
  char text[512];
  snprintf(text, sizeof text,
           "t\n\n2 atoms\n%ld atom types\n0 10 xlo xhi\n0 10 ylo yhi\n0 10 zlo zhi\n\nAtoms # sphere\n\n"
           "1 1 1 1000 1 1 1\n2 %ld 1 1000 1.9 1 1\n",
           ntypes, top);
  return write_text(t, name, text);
}

static size_t peak_limit;

/* The control run's peak plus PEAK_MARGIN (measured once). */
static size_t control_limit(TmpDir *t) {
  if (peak_limit) return peak_limit;
  char data[256], out[256];
  snprintf(data, sizeof data, "%s", two_atoms(t, "control.data", 2, 2));
  snprintf(out, sizeof out, "%s", tmp_path(t, "control.csv"));
  size_t peak;
  static char err[8192];
  const int got = run_measured(t, (const char *const[]){"forces", "--data", data, "--coeff", "* * " MODEL_TEXT, "--out",
                                                        out, NULL},
                               &peak, err, sizeof err);
  if (got != 0) fail_msg("the control run failed (exit %d):\n%s", got, err);
  peak_limit = peak + PEAK_MARGIN;
  return peak_limit;
}

static void expect_small_run(TmpDir *t, const char *const *args, int status) {
  size_t peak;
  static char err[8192];
  const size_t limit = control_limit(t);
  const int got = run_measured(t, args, &peak, err, sizeof err);
  if (got != status || peak > limit)
    fail_msg("%s %s: exit %d (expected %d), peak memory %.1f MB (limit %.0f MB)\n%s", args[0], args[2], got, status,
             (double)peak / 1e6, (double)limit / 1e6, err);
}

static void read_text(TmpDir *t, const char *name, char *buf, size_t size) {
  FILE *f = fopen(tmp_path(t, name), "r");
  assert_non_null(f);
  const size_t n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
}

/* 2000, 1e4 and 2e9 declared atom types: forces and run use a few MB, and the same forces. */
static void test_many_types_small_memory(void **state) {
  TmpDir *t = *state;
  char data[256], out[256], ref[4096], got[4096];
  snprintf(out, sizeof out, "%s", tmp_path(t, "f.csv"));
  snprintf(data, sizeof data, "%s", two_atoms(t, "two.data", 2, 2));
  expect_small_run(t, (const char *const[]){"forces", "--data", data, "--coeff", "* * " MODEL_TEXT, "--out", out, NULL}, 0);
  read_text(t, "f.csv", ref, sizeof ref);
  static const long ntypes[] = {2000, 10000, 2000000000};
  for (int k = 0; k < 3; k++) {
    snprintf(data, sizeof data, "%s", two_atoms(t, "many.data", ntypes[k], ntypes[k] - 1));
    expect_small_run(t, (const char *const[]){"forces", "--data", data, "--coeff", "* * " MODEL_TEXT, "--out", out, NULL}, 0);
    read_text(t, "f.csv", got, sizeof got);
    assert_string_equal(got, ref);
    expect_small_run(t, (const char *const[]){"run", "--packing", data, "--model", MODEL_TEXT, "--steps", "1", NULL}, 0);
  }
}

/* A sparse file: 1 GB long, a few kB on disk, header for 1e7 atoms, then a hole of NUL bytes. */
static void test_sparse_file_small_memory(void **state) {
  TmpDir *t = *state;
  char data[256];
  snprintf(data, sizeof data, "%s",
           write_text(t, "sparse.data",
                      "t\n\n10000000 atoms\n1 atom types\n0 10 xlo xhi\n0 10 ylo yhi\n0 10 zlo zhi\n\nAtoms # sphere\n\n"));
  const int fd = open(data, O_WRONLY);
  assert_true(fd >= 0);
  assert_int_equal(ftruncate(fd, (off_t)1 << 30), 0);
  close(fd);
  size_t peak;
  static char err[8192];
  const size_t limit = control_limit(t);
  const int got = run_measured(t, (const char *const[]){"forces", "--data", data, "--coeff", "* * " MODEL_TEXT, "--out",
                                                        tmp_path(t, "f.csv"), NULL},
                               &peak, err, sizeof err);
  char want[512];
  snprintf(want, sizeof want, "grandamp: error: %s:11: NUL byte; this is not a LAMMPS data file (binary data, or a "
           "sparse or damaged file?)\n", data);
  if (got != 2 || peak > limit || !strstr(err, want))
    fail_msg("exit %d, peak memory %.1f MB, stderr:\n%s", got, (double)peak / 1e6, err);
}

/* More atoms than this machine can hold are refused before any allocation, with both sizes. */
static void test_memory_refused_up_front(void **state) {
  TmpDir *t = *state;
  const double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE);
  if (phys > 400e9) skip(); /* the machine could hold them */
  char path[256];
  snprintf(path, sizeof path, "%s", write_text(t, "huge.data", "t\n\n2147483648 atoms\n"));
  const int fd = open(path, O_WRONLY);
  assert_true(fd >= 0);
  if (ftruncate(fd, (off_t)1 << 40) != 0) { /* 1 TB, sparse: the file size check passes */
    close(fd);
    skip();
  }
  close(fd);
  Particles p;
  Box b;
  ErrList err = {0};
  assert_false(datafile_read(path, &p, &b, &err));
  char want[512];
  snprintf(want, sizeof want, "%s:3: header: 2147483648 atoms need 403.7 GB to read (188 bytes per atom); this "
           "machine has ", path);
  assert_true(err.n >= 1); /* then the hole of the file: a NUL byte */
  if (strncmp(err.msg[0], want, strlen(want)) != 0 ||
      !strstr(err.msg[0], " available; use a machine with more memory, or split the system"))
    fail_msg("got: %s", err.msg[0]);
  errlist_free(&err);
}

/* Binary input: one error at the first NUL byte or over-long line, control bytes escaped. */
static void test_binary_input(void **state) {
  TmpDir *t = *state;
  const char *path = tmp_path(t, "nul.data");
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  static const char nul_text[] = HEAD3 "1 1 1 1 1 1 1\n2 1 1\0 1 1 1 1\n";
  fwrite(nul_text, 1, sizeof nul_text - 1, f); /* the NUL inside, not the terminating one */
  fclose(f);
  Particles p;
  Box b;
  ErrList err = {0};
  assert_false(datafile_read(path, &p, &b, &err));
  assert_int_equal(err.n, 1);
  char want[512];
  snprintf(want, sizeof want, "%s:11: NUL byte; this is not a LAMMPS data file (binary data, or a sparse or damaged "
           "file?)", path);
  assert_string_equal(err.msg[0], want);
  errlist_free(&err);
  static char text[140000] = HEAD3 "1 1 1 1 1 1 1 #";
  memset(text + strlen(text), 'c', 130000);
  strcat(text, "\n");
  expect_error(t, text, 10, "line longer than 4096 bytes; this is not a LAMMPS data file (binary data, or a sparse "
               "or damaged file?)");
  expect_error(t, "t\nfoo\x1b[2J\xff bar\n", 2,
               "unknown section 'foo\\x1B[2J\\xFF bar' (grandamp reads Atoms, Velocities and Masses)");
  expect_error(t, HEAD3 "1 1 1 1 1 1 \x1b\n", 10, "Atoms: z '\\x1B' is not a number");
}

/* From a pipe, whose size is unknown, the arrays grow as the lines arrive. */
static void test_read_pipe_grows(void **state) {
  TmpDir *t = *state;
  char fifo[256];
  snprintf(fifo, sizeof fifo, "%s", tmp_path(t, "pipe.data"));
  assert_int_equal(mkfifo(fifo, 0600), 0);
  const int n = 70000; /* more than the first allocation */
  const pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) { /* the writer */
    FILE *f = fopen(fifo, "w");
    if (!f) _exit(1);
    fprintf(f, "t\n\n%d atoms\n3 atom types\n0 100 xlo xhi\n0 100 ylo yhi\n0 100 zlo zhi\n\nAtoms # sphere\n\n", n);
    for (int i = 0; i < n; i++) fprintf(f, "%d %d 0.5 1000 %d 1 2\n", n - i, 1 + i % 3, i % 97);
    _exit(fclose(f) == 0 ? 0 : 1);
  }
  Particles p;
  Box b;
  ErrList err = {0};
  const bool ok = datafile_read(fifo, &p, &b, &err);
  int st;
  waitpid(pid, &st, 0);
  if (!ok) {
    errlist_print(&err, stderr);
    fail_msg("read from a pipe failed");
  }
  assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  assert_int_equal(p.n, n);
  for (int i = 0; i < n; i += 997) {
    assert_int_equal(p.id[i], n - i);
    assert_int_equal(p.type[i], 1 + i % 3);
    assert_true(p.x[i] == i % 97 && p.y[i] == 1 && p.z[i] == 2 && p.radius[i] == 0.25);
  }
  assert_true(p.x[n - 1] == (n - 1) % 97);
  particles_free(&p);
}

#define T(f) cmocka_unit_test_setup_teardown(f, tmp_setup, tmp_teardown)
const struct CMUnitTest datafile_tests[] = {
    T(test_round_trip_bit_exact),    T(test_write_format),          T(test_read_known_values),
    T(test_read_image_flags_unwrap), T(test_read_comments_blank_lines), T(test_error_bad_number),
    T(test_error_field_count),       T(test_error_duplicate_id),    T(test_error_type_out_of_range),
    T(test_error_count_mismatch),    T(test_error_unknown_section), T(test_error_atom_style),
    T(test_error_missing_file),      T(test_error_triclinic),       T(test_error_huge_count),
    T(test_errors_all_in_one_pass),  T(test_write_failures),        T(test_many_types_small_memory),
    T(test_sparse_file_small_memory), T(test_memory_refused_up_front), T(test_binary_input),
    T(test_read_pipe_grows),
};
#undef T
const size_t datafile_ntests = sizeof datafile_tests / sizeof *datafile_tests;
