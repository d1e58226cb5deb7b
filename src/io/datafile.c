/*
 * datafile.c - LAMMPS data files for atom_style sphere (see datafile.h for the format).
 *
 * Reading is one pass over the file, line by line (rd_getline). LAMMPS itself reads a section as exactly
 * N lines after one skipped line; here blank lines and '#' comments may appear anywhere, and a
 * section ends where a line names the next section (a line that starts with a letter after the
 * header, or any known LAMMPS section keyword). That lets the reader say "3 atoms declared,
 * 2 Atoms lines found" instead of misreading the next section as atoms.
 *
 * Every problem is reported with its file and line ("in.data:12: Atoms: density '0' must be
 * > 0"), up to DF_MAX_ERRORS; then reading stops. Nothing a line says is trusted before the
 * header is complete, and memory follows what the file really holds: the atom count is checked
 * against what the file's size can hold (DF_MIN_ATOM_LINE bytes per Atoms line) and against the
 * memory this machine has available before anything is allocated; the arrays then start at
 * what the file's allocated blocks can hold (a sparse file has few) and grow as Atoms lines
 * arrive, up to the declared count. Lines are read through a fixed chunk, never longer than
 * DF_MAX_LINE bytes: a NUL byte or an over-long line (binary data, a sparse file's hole) stops
 * the reading with one error instead of filling memory with one "line".
 * Duplicate ids are found by sorting (id, index) pairs once the Atoms section is complete,
 * O(N log N); the sorted table also maps Velocities ids to atoms, so Velocities may come before
 * or after Atoms (LAMMPS accepts both orders).
 *
 * Mass from density follows LAMMPS AtomVecSphere::data_atom_post() operation for operation,
 * mass = density * (4 pi / 3 * r * r * r), so a file gives the masses LAMMPS computes.
 */
#include "datafile.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "numparse.h"
#include "output.h"
#include "sysmem.h"
#include "usertext.h"
#include "common.h"

#define DF_MAX_ERRORS 20
#define DF_MAX_FIELDS 16                         /* fields kept per line; more are only counted */
#define DF_MAX_ATOMS ((int64_t)1 << 31)          /* LAMMPS tagint is 32-bit by default */
#define DF_MIN_ATOM_LINE 14 /* bytes of the shortest Atoms line, "1 1 0 1 0 0 0" and its newline */
/* Longest line read. LAMMPS reads data lines into 256-byte buffers (read_data MAXLINE); full
 * precision Atoms lines with image flags take about 200; the rest is room for comments. */
#define DF_MAX_LINE 4096
#define DF_MAX_TITLE 256       /* bytes of a title written; LAMMPS reads 256 */
#define DF_CHUNK 65536         /* bytes read from the file at a time */
#define DF_GROW_START 65536    /* atoms held at first when the file's size is unknown (a pipe) */

/* ---- reader state ----------------------------------------------------------------------- */

typedef enum Section { SEC_HEADER, SEC_ATOMS, SEC_VELOCITIES, SEC_SKIP } Section;

/* Header keywords: the first HK_ZERO_ONLY are used, the rest only accepted when 0. */
enum {
  HK_ATOMS,
  HK_ATOM_TYPES,
  HK_XLO,
  HK_YLO,
  HK_ZLO,
  HK_TILT,
  HK_ZERO_ONLY
};
static const struct {
  const char *name;
  int nnum; /* numbers before the keyword */
} header_kw[] = {
    {"atoms", 1},
    {"atom types", 1},
    {"xlo xhi", 2},
    {"ylo yhi", 2},
    {"zlo zhi", 2},
    {"xy xz yz", 3},
    {"bonds", 1},
    {"angles", 1},
    {"dihedrals", 1},
    {"impropers", 1},
    {"bond types", 1},
    {"angle types", 1},
    {"dihedral types", 1},
    {"improper types", 1},
    {"extra bond per atom", 1},
    {"extra angle per atom", 1},
    {"extra dihedral per atom", 1},
    {"extra improper per atom", 1},
    {"extra special per atom", 1},
    {"ellipsoids", 1},
    {"lines", 1},
    {"triangles", 1},
    {"bodies", 1},
};
#define N_HEADER_KW ((int)(sizeof header_kw / sizeof *header_kw))

/* Section keywords of LAMMPS read_data (29Sep2021) other than Atoms, Velocities and Masses. */
static const char *const other_sections[] = {
    "Ellipsoids", "Lines", "Triangles", "Bodies", "Bonds", "Angles", "Dihedrals", "Impropers",
    "Pair Coeffs", "PairIJ Coeffs", "Bond Coeffs", "Angle Coeffs", "Dihedral Coeffs",
    "Improper Coeffs", "BondBond Coeffs", "BondAngle Coeffs", "MiddleBondTorsion Coeffs",
    "EndBondTorsion Coeffs", "AngleTorsion Coeffs", "AngleAngleTorsion Coeffs",
    "BondBond13 Coeffs", "AngleAngle Coeffs"};

typedef struct IdIndex {
  int64_t id;  /* atom id */
  int64_t idx; /* storage index */
} IdIndex;

/* Memory per atom while reading: the particle arrays, the line of each atom and of its velocity,
 * and the sorted id index. */
#define DF_BYTES_PER_ATOM (PARTICLES_BYTES_PER_ATOM + 2 * sizeof(long) + sizeof(IdIndex))

/* A Velocities line seen before the Atoms section, applied once the ids are known. */
typedef struct VelRecord {
  int64_t id;
  double v[6]; /* vx vy vz [m/s], wx wy wz [1/s] */
  long line;
} VelRecord;

typedef struct Fields {
  int n;                    /* number of fields on the line */
  char *f[DF_MAX_FIELDS];   /* the first DF_MAX_FIELDS of them */
} Fields;

typedef struct Reader {
  const char *path;
  FILE *f;
  int64_t file_size;  /* bytes, for a regular file; -1 when unknown (a pipe) */
  int64_t disk_bytes; /* bytes allocated on disk (st_blocks), less than file_size when sparse; -1 unknown */
  char buf[DF_MAX_LINE + 1]; /* the current line, NUL-terminated */
  char *chunk;        /* DF_CHUNK bytes read ahead */
  size_t chunk_pos, chunk_len;
  long lineno;
  ErrList *err;
  int nerr;  /* errors appended by this read */
  bool stop; /* DF_MAX_ERRORS reached */
  Section sec;

  /* header */
  long hline[N_HEADER_KW]; /* line of each header keyword, 0 if absent */
  int64_t natoms;
  int ntypes;
  double lo[3], hi[3];
  bool natoms_ok; /* the atom count is known and allocatable */

  /* atoms */
  Particles *p;
  bool allocated;
  int64_t capacity;    /* atoms *p and aline hold, <= natoms */
  long atoms_line;     /* line of the Atoms keyword, 0 if none yet */
  int64_t atom_lines;  /* data lines in the Atoms section */
  int64_t stored;      /* valid atoms stored in *p */
  bool atoms_bad;      /* some Atoms line had an error */
  long *aline;         /* line of each stored atom */
  IdIndex *index;      /* sorted by id, built when the Atoms section ends */

  /* velocities */
  long vel_line;       /* line of the Velocities keyword, 0 if none yet */
  int64_t vel_lines;
  long *vline;         /* line that set each atom's velocity, 0 if none */
  VelRecord *pending;  /* Velocities lines read before Atoms */
  size_t npending, cap_pending;

  long masses_line;
} Reader;

/* ---- messages --------------------------------------------------------------------------- */

static void rd_error(Reader *r, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Appends "<path>:<line>: <message>" (line 0: "<path>: <message>"); stops at DF_MAX_ERRORS. */
static void rd_error(Reader *r, long line, const char *fmt, ...) {
  if (r->stop) return;
  va_list ap, aq;
  va_start(ap, fmt);
  va_copy(aq, ap);
  int len = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  char *msg = gd_xmalloc(len > 0 ? (size_t)len + 1 : 1);
  vsnprintf(msg, len > 0 ? (size_t)len + 1 : 1, fmt, ap);
  va_end(ap);
  if (line > 0)
    errlist_add(r->err, "%s:%ld: %s", user_text(r->path).s, line, msg);
  else
    errlist_add(r->err, "%s: %s", user_text(r->path).s, msg);
  free(msg);
  if (++r->nerr >= DF_MAX_ERRORS) {
    errlist_add(r->err, "%s: stopping after %d errors", user_text(r->path).s, DF_MAX_ERRORS);
    r->stop = true;
  }
}

/* ---- lines and fields ------------------------------------------------------------------- */

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Splits s in place at blanks. */
static void split_fields(char *s, Fields *fl) {
  fl->n = 0;
  for (;;) {
    while (is_blank(*s)) s++;
    if (!*s) return;
    if (fl->n < DF_MAX_FIELDS) fl->f[fl->n] = s;
    fl->n++;
    while (*s && !is_blank(*s)) s++;
    if (!*s) return;
    *s++ = '\0';
  }
}

/* Joins fields [from, min(n, DF_MAX_FIELDS)) with single blanks into out (truncated). */
static void join_fields(const Fields *fl, int from, char *out, size_t size) {
  size_t k = 0;
  out[0] = '\0';
  const int n = fl->n < DF_MAX_FIELDS ? fl->n : DF_MAX_FIELDS;
  for (int i = from; i < n; i++) {
    int w = snprintf(out + k, size - k, "%s%s", i > from ? " " : "", fl->f[i]);
    if (w < 0 || (size_t)w >= size - k) return;
    k += (size_t)w;
  }
}

/* Refills the chunk: true if it holds bytes again, false at the end of the file or on a read
 * error (then reported). */
static bool rd_fill(Reader *r) {
  errno = 0;
  r->chunk_len = fread(r->chunk, 1, DF_CHUNK, r->f);
  r->chunk_pos = 0;
  if (r->chunk_len > 0) return true;
  if (ferror(r->f)) {
    errlist_add(r->err, "cannot read %s: %s", user_text(r->path).s, strerror(errno ? errno : EIO));
    r->nerr++;
    r->stop = true;
  }
  return false;
}

/* Stops the reading at line r->lineno with the reason why the file is not text. */
static int rd_not_text(Reader *r, const char *why) {
  rd_error(r, r->lineno, "%s; this is not a LAMMPS data file (binary data, or a sparse or damaged file?)", why);
  r->stop = true;
  return -1;
}

/* Reads the next line into r->buf (without its newline): 1 read, 0 end of file, -1 error
 * (reported: a read error, a NUL byte, a line over DF_MAX_LINE bytes). */
static int rd_getline(Reader *r) {
  size_t len = 0;
  bool any = false;
  for (;;) {
    if (r->chunk_pos == r->chunk_len && !rd_fill(r)) {
      if (r->stop) return -1;
      if (!any) return 0;
      break; /* a last line without a newline */
    }
    if (!any) r->lineno++;
    any = true;
    const char *start = r->chunk + r->chunk_pos;
    const size_t avail = r->chunk_len - r->chunk_pos;
    const char *nl = memchr(start, '\n', avail);
    const size_t take = nl ? (size_t)(nl - start) : avail, room = DF_MAX_LINE - len;
    const size_t keep = take < room ? take : room;
    memcpy(r->buf + len, start, keep);
    /* A NUL first: a hole of a sparse file is also a line without end. */
    if (memchr(r->buf + len, '\0', keep)) return rd_not_text(r, "NUL byte");
    len += keep;
    if (take > room) {
      char why[64];
      snprintf(why, sizeof why, "line longer than %d bytes", DF_MAX_LINE);
      return rd_not_text(r, why);
    }
    r->chunk_pos += take + (nl ? 1 : 0);
    if (nl) break;
  }
  r->buf[len] = '\0';
  return 1;
}

/* ---- numbers ---------------------------------------------------------------------------- */

/* Parses an integer field in [min, max]; reports "<what>: <name> '<s>' ..." otherwise. */
static bool get_long(Reader *r, const char *what, const char *name, const char *s, long min, long max,
                     long *out) {
  enum NumStatus st = num_parse_long(s, out);
  if (st == NUM_NOT_A_NUMBER) {
    rd_error(r, r->lineno, "%s: %s '%s' is not an integer", what, name, user_text(s).s);
    return false;
  }
  if (st != NUM_OK || *out < min || *out > max) { /* NUM_OVERFLOW: beyond a long, so beyond max too */
    if (max == LONG_MAX && st == NUM_OK)
      rd_error(r, r->lineno, "%s: %s '%s' must be >= %ld", what, name, user_text(s).s, min);
    else
      rd_error(r, r->lineno, "%s: %s '%s' must be in %ld..%ld", what, name, user_text(s).s, min, max);
    return false;
  }
  return true;
}

/* Parses a finite number field. */
static bool get_double(Reader *r, const char *what, const char *name, const char *s, double *out) {
  enum NumStatus st = num_parse_double(s, false, out);
  if (st != NUM_OK) {
    rd_error(r, r->lineno, "%s: %s '%s' %s", what, name, user_text(s).s, num_status_str(st));
    return false;
  }
  return true;
}

/* ---- header ----------------------------------------------------------------------------- */

static void header_line(Reader *r, Fields *fl) {
  int k = 0; /* first keyword field */
  const int nkept = fl->n < DF_MAX_FIELDS ? fl->n : DF_MAX_FIELDS;
  while (k < nkept && !isalpha((unsigned char)fl->f[k][0])) k++;
  char key[128], whole[128];
  join_fields(fl, k, key, sizeof key);
  join_fields(fl, 0, whole, sizeof whole);
  int kw = -1;
  for (int i = 0; i < N_HEADER_KW && k < nkept && fl->n <= DF_MAX_FIELDS; i++)
    if (strcmp(key, header_kw[i].name) == 0) kw = i;
  if (kw < 0) {
    rd_error(r, r->lineno, "unknown header line '%s'", user_text(whole).s);
    return;
  }
  if (k != header_kw[kw].nnum) {
    rd_error(r, r->lineno, "header: '%s' needs %d number%s before it, got %d", key, header_kw[kw].nnum,
             header_kw[kw].nnum > 1 ? "s" : "", k);
    return;
  }
  if (r->hline[kw]) {
    rd_error(r, r->lineno, "header: '%s' given twice (first on line %ld)", key, r->hline[kw]);
    return;
  }
  r->hline[kw] = r->lineno;
  long v;
  switch (kw) {
  case HK_ATOMS:
    if (!get_long(r, "header", "atoms", fl->f[0], 0, LONG_MAX, &v)) return;
    if ((int64_t)v > DF_MAX_ATOMS) {
      rd_error(r, r->lineno, "header: %ld atoms is more than 2^31", v);
      return;
    }
    /* A count the file cannot hold (a truncated file, a typo) must not allocate: a 100-byte
     * file declaring 3e8 atoms would otherwise ask for 44 GiB before its first Atoms line. */
    if (r->file_size >= 0 && v > (r->file_size + 1) / DF_MIN_ATOM_LINE) {
      rd_error(r, r->lineno,
               "header: %ld atoms cannot be in this file of %lld bytes (an Atoms line takes at least %d bytes)", v,
               (long long)r->file_size, DF_MIN_ATOM_LINE);
      return;
    }
    const double need = (double)v * (double)DF_BYTES_PER_ATOM;
    const size_t avail = sysmem_available();
    if (need > (double)avail) {
      char a[32], b[32];
      rd_error(r, r->lineno,
               "header: %ld atoms need %s to read (%zu bytes per atom); this machine has %s available; "
               "use a machine with more memory, or split the system",
               v, sysmem_format(need, a, sizeof a), (size_t)DF_BYTES_PER_ATOM, sysmem_format((double)avail, b, sizeof b));
      return;
    }
    r->natoms = v;
    r->natoms_ok = true;
    return;
  case HK_ATOM_TYPES:
    if (get_long(r, "header", "atom types", fl->f[0], 1, INT_MAX, &v)) r->ntypes = (int)v;
    return;
  case HK_XLO:
  case HK_YLO:
  case HK_ZLO: {
    const int d = kw - HK_XLO;
    double lo, hi;
    bool ok = get_double(r, "header", d == 0 ? "xlo" : d == 1 ? "ylo" : "zlo", fl->f[0], &lo);
    ok = get_double(r, "header", d == 0 ? "xhi" : d == 1 ? "yhi" : "zhi", fl->f[1], &hi) && ok;
    if (!ok) return;
    if (!(lo < hi)) {
      rd_error(r, r->lineno, "header: %s: lo '%s' must be < hi '%s'", key, user_text(fl->f[0]).s,
               user_text(fl->f[1]).s);
      return;
    }
    r->lo[d] = lo;
    r->hi[d] = hi;
    return;
  }
  case HK_TILT: {
    double t[3];
    bool ok = true;
    static const char *const names[3] = {"xy", "xz", "yz"};
    for (int i = 0; i < 3; i++) ok = get_double(r, "header", names[i], fl->f[i], &t[i]) && ok;
    if (ok && (t[0] != 0.0 || t[1] != 0.0 || t[2] != 0.0))
      rd_error(r, r->lineno, "header: triclinic boxes are not supported (xy xz yz must be 0 0 0, got %s %s %s)",
               user_text(fl->f[0]).s, user_text(fl->f[1]).s, user_text(fl->f[2]).s);
    return;
  }
  default:
    if (get_long(r, "header", key, fl->f[0], 0, LONG_MAX, &v) && v != 0)
      rd_error(r, r->lineno, "header: '%s' is not supported (atom_style sphere accepts only 0 %s)",
               user_text(whole).s, key);
    return;
  }
}

/* Called at the first section keyword (or end of file): checks the header and, if it is
 * complete and free of errors (only header errors can precede this), allocates. Without the
 * allocation the sections are still checked line by line, but nothing is stored. */
static void header_finish(Reader *r) {
  for (int i = HK_ATOMS; i <= HK_ZLO; i++)
    if (r->hline[i] == 0) rd_error(r, 0, "header has no '%s' line", header_kw[i].name);
  if (r->nerr == 0) {
    /* Room for the atoms the file's allocated blocks can hold; more as lines arrive. */
    int64_t cap = r->natoms;
    const int64_t held = r->disk_bytes >= 0 ? r->disk_bytes / DF_MIN_ATOM_LINE + 1 : DF_GROW_START;
    if (held < cap) cap = held;
    particles_alloc(r->p, cap, r->ntypes);
    r->aline = gd_xmalloc((size_t)cap * sizeof *r->aline);
    r->capacity = cap;
    r->allocated = true;
  }
}

/* Doubles the atom arrays (up to the declared count) when the file holds more lines than its
 * allocated size promised (a compressed file system, a pipe); the stored atoms move over. */
static void grow_atoms(Reader *r) {
  int64_t cap = r->capacity < DF_GROW_START ? DF_GROW_START : 2 * r->capacity;
  if (cap > r->natoms) cap = r->natoms;
  Particles q;
  particles_alloc(&q, cap, r->ntypes);
  const Particles *p = r->p;
  const size_t n = (size_t)r->stored;
  memcpy(q.id, p->id, n * sizeof *p->id);
  memcpy(q.type, p->type, n * sizeof *p->type);
#define MOVE(f) memcpy(q.f, p->f, n * sizeof *p->f);
  MOVE(radius) MOVE(mass) MOVE(x) MOVE(y) MOVE(z)
#undef MOVE
  particles_free(r->p);
  *r->p = q;
  r->aline = gd_xrealloc(r->aline, (size_t)cap * sizeof *r->aline);
  r->capacity = cap;
}

/* ---- Atoms ------------------------------------------------------------------------------ */

static void atoms_line(Reader *r, const Fields *fl) {
  r->atom_lines++;
  if (fl->n != 7 && fl->n != 10) {
    rd_error(r, r->lineno, "Atoms: expected 7 or 10 fields (id type diameter density x y z [ix iy iz]), got %d",
             fl->n);
    r->atoms_bad = true;
    return;
  }
  static const char *const names[10] = {"id", "type", "diameter", "density", "x", "y", "z", "ix", "iy", "iz"};
  long id = 0, type = 0, img[3] = {0, 0, 0};
  double d = 0, rho = 0, x[3] = {0, 0, 0};
  bool ok = get_long(r, "Atoms", names[0], fl->f[0], 1, LONG_MAX, &id);
  ok = get_long(r, "Atoms", names[1], fl->f[1], 1, r->ntypes > 0 ? r->ntypes : INT_MAX, &type) && ok;
  bool ok_d = get_double(r, "Atoms", names[2], fl->f[2], &d);
  if (ok_d && !(d >= 0.0)) {
    rd_error(r, r->lineno, "Atoms: diameter '%s' must be >= 0", user_text(fl->f[2]).s);
    ok_d = false;
  }
  ok = ok && ok_d;
  bool ok_rho = get_double(r, "Atoms", names[3], fl->f[3], &rho);
  if (ok_rho && !(rho > 0.0)) {
    rd_error(r, r->lineno, "Atoms: density '%s' must be > 0", user_text(fl->f[3]).s);
    ok_rho = false;
  }
  ok = ok && ok_rho;
  for (int c = 0; c < 3; c++) ok = get_double(r, "Atoms", names[4 + c], fl->f[4 + c], &x[c]) && ok;
  if (fl->n == 10)
    for (int c = 0; c < 3; c++) ok = get_long(r, "Atoms", names[7 + c], fl->f[7 + c], LONG_MIN, LONG_MAX, &img[c]) && ok;
  if (!ok) {
    r->atoms_bad = true;
    return;
  }
  const double radius = 0.5 * d;
  const double mass = radius > 0.0 ? rho * (4.0 * GD_PI / 3.0 * radius * radius * radius) : rho;
  if (!(mass > 0.0) || !isfinite(mass)) {
    rd_error(r, r->lineno, "Atoms: mass from diameter '%s' and density '%s' is %g, not a positive finite number",
             user_text(fl->f[2]).s, user_text(fl->f[3]).s, mass);
    ok = false;
  }
  for (int c = 0; c < 3; c++) {
    if (img[c] == 0) continue; /* the box is known: header lines precede every section */
    x[c] += (double)img[c] * (r->hi[c] - r->lo[c]);
    if (!isfinite(x[c])) {
      rd_error(r, r->lineno, "Atoms: %s '%s' with image flag '%s' is out of range", names[4 + c],
               user_text(fl->f[4 + c]).s, user_text(fl->f[7 + c]).s);
      ok = false;
    }
  }
  if (!ok) {
    r->atoms_bad = true;
    return;
  }
  if (!r->allocated || r->stored >= r->natoms) return; /* header bad or too many lines: reported */
  if (r->stored == r->capacity) grow_atoms(r);
  Particles *p = r->p;
  const int64_t i = r->stored++;
  p->id[i] = id;
  p->type[i] = (int)type;
  p->radius[i] = radius;
  p->mass[i] = mass;
  p->x[i] = x[0];
  p->y[i] = x[1];
  p->z[i] = x[2];
  r->aline[i] = r->lineno;
}

static int cmp_id_index(const void *a, const void *b) {
  const IdIndex *u = a, *v = b;
  if (u->id != v->id) return u->id < v->id ? -1 : 1;
  return (u->idx > v->idx) - (u->idx < v->idx);
}

static void vel_apply(Reader *r, int64_t id, const double v[6], long line);

/* End of the Atoms section: count check, duplicate ids, then pending Velocities lines. */
static void atoms_finish(Reader *r) {
  if (r->natoms_ok && r->atom_lines != r->natoms)
    rd_error(r, 0, "%lld atoms declared, %lld Atoms lines found", (long long)r->natoms, (long long)r->atom_lines);
  if (!r->allocated) return;
  const int64_t n = r->stored;
  r->index = gd_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *r->index);
  for (int64_t i = 0; i < n; i++) r->index[i] = (IdIndex){r->p->id[i], i};
  qsort(r->index, (size_t)n, sizeof *r->index, cmp_id_index);
  int64_t first = 0; /* first entry of the current run of equal ids */
  for (int64_t k = 1; k < n && !r->stop; k++) {
    if (r->index[k].id != r->index[first].id) {
      first = k;
      continue;
    }
    r->atoms_bad = true;
    rd_error(r, r->aline[r->index[k].idx], "Atoms: duplicate atom id %lld (first on line %ld)",
             (long long)r->index[k].id, r->aline[r->index[first].idx]);
  }
  r->vline = gd_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *r->vline);
  memset(r->vline, 0, (size_t)(n > 0 ? n : 1) * sizeof *r->vline);
  for (size_t k = 0; k < r->npending; k++) vel_apply(r, r->pending[k].id, r->pending[k].v, r->pending[k].line);
  free(r->pending);
  r->pending = NULL;
  r->npending = 0;
}

/* ---- Velocities ------------------------------------------------------------------------- */

/* Stores one velocity line by id (the Atoms section is complete). */
static void vel_apply(Reader *r, int64_t id, const double v[6], long line) {
  if (r->atoms_bad) return; /* ids may be missing because of reported Atoms errors */
  const IdIndex key = {id, 0};
  const int64_t n = r->stored;
  /* lower bound of id in the sorted index */
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (r->index[mid].id < key.id) lo = mid + 1;
    else hi = mid;
  }
  if (lo == n || r->index[lo].id != id) {
    rd_error(r, line, "Velocities: atom id %lld is not in the Atoms section", (long long)id);
    return;
  }
  const int64_t i = r->index[lo].idx;
  if (r->vline[i]) {
    rd_error(r, line, "Velocities: atom id %lld listed twice (first on line %ld)", (long long)id, r->vline[i]);
    return;
  }
  r->vline[i] = line;
  Particles *p = r->p;
  p->vx[i] = v[0];
  p->vy[i] = v[1];
  p->vz[i] = v[2];
  p->wx[i] = v[3];
  p->wy[i] = v[4];
  p->wz[i] = v[5];
}

static void velocities_line(Reader *r, const Fields *fl) {
  r->vel_lines++;
  if (fl->n != 7) {
    rd_error(r, r->lineno, "Velocities: expected 7 fields (id vx vy vz wx wy wz), got %d", fl->n);
    return;
  }
  static const char *const names[7] = {"id", "vx", "vy", "vz", "wx", "wy", "wz"};
  long id;
  double v[6];
  bool ok = get_long(r, "Velocities", names[0], fl->f[0], 1, LONG_MAX, &id);
  for (int c = 0; c < 6; c++) ok = get_double(r, "Velocities", names[1 + c], fl->f[1 + c], &v[c]) && ok;
  if (!ok) return;
  if (r->index) {
    vel_apply(r, id, v, r->lineno);
  } else if (r->atoms_line == 0) { /* Atoms not read yet: keep for later */
    if (r->npending == r->cap_pending) {
      r->cap_pending = r->cap_pending ? 2 * r->cap_pending : 1024;
      r->pending = gd_xrealloc(r->pending, r->cap_pending * sizeof *r->pending);
    }
    VelRecord *rec = &r->pending[r->npending++];
    rec->id = id;
    memcpy(rec->v, v, sizeof rec->v);
    rec->line = r->lineno;
  }
}

static void velocities_finish(Reader *r) {
  if (r->natoms_ok && r->vel_lines != r->natoms)
    rd_error(r, 0, "%lld atoms declared, %lld Velocities lines found", (long long)r->natoms,
             (long long)r->vel_lines);
}

/* ---- sections --------------------------------------------------------------------------- */

static void section_finish(Reader *r) {
  if (r->sec == SEC_HEADER) header_finish(r);
  else if (r->sec == SEC_ATOMS) atoms_finish(r);
  else if (r->sec == SEC_VELOCITIES) velocities_finish(r);
  r->sec = SEC_SKIP;
}

static bool is_known_section(const char *name) {
  if (!strcmp(name, "Atoms") || !strcmp(name, "Velocities") || !strcmp(name, "Masses")) return true;
  for (size_t i = 0; i < sizeof other_sections / sizeof *other_sections; i++)
    if (!strcmp(name, other_sections[i])) return true;
  return false;
}

/* A section keyword line: name (fields joined), comment (text after '#', or NULL). */
static void section_start(Reader *r, const char *name, const char *comment) {
  section_finish(r);
  if (!strcmp(name, "Atoms")) {
    if (r->atoms_line) {
      rd_error(r, r->lineno, "second Atoms section (first on line %ld)", r->atoms_line);
      return;
    }
    r->atoms_line = r->lineno;
    if (comment) { /* LAMMPS write_data: "Atoms # <style>" */
      char style[64] = "";
      Fields cf;
      char tmp[256];
      snprintf(tmp, sizeof tmp, "%s", comment);
      split_fields(tmp, &cf);
      if (cf.n > 0) snprintf(style, sizeof style, "%s", cf.f[0]);
      if (style[0] && strcmp(style, "sphere") != 0) {
        rd_error(r, r->lineno,
                 "Atoms: atom style '%s' is not 'sphere' (grandamp reads atom_style sphere: id type diameter "
                 "density x y z)",
                 user_text(style).s);
        r->atoms_bad = true;
        return; /* its lines are in another layout: skip them */
      }
    }
    r->sec = SEC_ATOMS;
  } else if (!strcmp(name, "Velocities")) {
    if (r->vel_line) {
      rd_error(r, r->lineno, "second Velocities section (first on line %ld)", r->vel_line);
      return;
    }
    r->vel_line = r->lineno;
    r->sec = SEC_VELOCITIES;
  } else if (!strcmp(name, "Masses")) {
    if (!r->masses_line)
      gd_warn("%s:%ld: Masses section ignored (atom_style sphere takes each atom's mass from its diameter and "
              "density)",
              user_text(r->path).s, r->lineno);
    r->masses_line = r->lineno;
  } else if (is_known_section(name)) {
    rd_error(r, r->lineno, "section '%s' is not supported (grandamp reads Atoms, Velocities and Masses of "
             "atom_style sphere)", name);
  } else {
    rd_error(r, r->lineno, "unknown section '%s' (grandamp reads Atoms, Velocities and Masses)", user_text(name).s);
  }
}

/* ---- datafile_read ---------------------------------------------------------------------- */

bool datafile_read(const char *path, Particles *p, Box *b, ErrList *err) {
  memset(p, 0, sizeof *p);
  Reader r;
  memset(&r, 0, sizeof r);
  r.path = path;
  r.err = err;
  r.p = p;
  r.sec = SEC_HEADER;
  r.f = fopen(path, "r");
  if (!r.f) {
    errlist_add(err, "cannot open %s: %s", user_text(path).s, strerror(errno));
    return false;
  }
  struct stat st;
  const bool known = fstat(fileno(r.f), &st) == 0, regular = known && S_ISREG(st.st_mode);
  if (known && S_ISDIR(st.st_mode)) {
    errlist_add(err, "cannot read %s: it is a directory, not a LAMMPS data file", user_text(path).s);
    fclose(r.f);
    return false;
  }
  r.file_size = regular ? (int64_t)st.st_size : -1;
  r.disk_bytes = regular ? (int64_t)st.st_blocks * 512 : -1;
  r.chunk = gd_xmalloc(DF_CHUNK);
  int got = rd_getline(&r); /* line 1: the title */
  if (got == 0) rd_error(&r, 0, "empty file (a LAMMPS data file starts with a title line)");
  while (got > 0 && !r.stop) {
    got = rd_getline(&r);
    if (got <= 0) break;
    char *line = r.buf;
    char *hash = strchr(line, '#');
    const char *comment = NULL;
    if (hash) {
      *hash = '\0';
      comment = hash + 1;
    }
    Fields fl;
    split_fields(line, &fl);
    if (fl.n == 0) continue;
    char name[128];
    join_fields(&fl, 0, name, sizeof name);
    /* A section keyword: a line of words only (LAMMPS keywords have no numbers; fix sections
     * may have any name); outside Atoms and Velocities any line that starts with a word. Inside
     * them "abc 1 0.5 ..." is an Atoms line with a bad id, reported as such. */
    bool all_words = fl.n <= DF_MAX_FIELDS;
    for (int i = 0; i < fl.n && i < DF_MAX_FIELDS; i++) all_words = all_words && isalpha((unsigned char)fl.f[i][0]);
    const bool word = isalpha((unsigned char)fl.f[0][0]);
    const bool is_section =
        all_words || (word && (is_known_section(name) || (r.sec != SEC_ATOMS && r.sec != SEC_VELOCITIES)));
    if (is_section) section_start(&r, name, comment);
    else if (r.sec == SEC_HEADER) header_line(&r, &fl);
    else if (r.sec == SEC_ATOMS) atoms_line(&r, &fl);
    else if (r.sec == SEC_VELOCITIES) velocities_line(&r, &fl);
    /* SEC_SKIP: lines of an ignored or refused section */
  }
  if (!r.stop && got == 0) {
    section_finish(&r);
    if (!r.atoms_line && r.natoms_ok && r.natoms > 0) rd_error(&r, 0, "no Atoms section");
  }
  fclose(r.f);
  free(r.chunk);
  free(r.aline);
  free(r.index);
  free(r.vline);
  free(r.pending);
  if (r.nerr > 0) {
    if (r.allocated) particles_free(p);
    memset(p, 0, sizeof *p);
    return false;
  }
  for (int d = 0; d < 3; d++) {
    b->lo[d] = r.lo[d];
    b->hi[d] = r.hi[d];
  }
  return true;
}

/* ---- datafile_write --------------------------------------------------------------------- */

/* Subnormal values become zero of the same sign: numparse refuses them (strtod ERANGE). */
static double no_subnormal(double v) {
  return fpclassify(v) == FP_SUBNORMAL ? copysign(0.0, v) : v;
}

/* Checks everything a reader would refuse; reports up to DF_MAX_ERRORS atoms. */
static bool write_check(const char *path, const Particles *p, const Box *b) {
  int bad = 0;
  if (p->ntypes < 1) {
    gd_error("cannot write %s: %d atom types (must be >= 1)", path, p->ntypes);
    bad++;
  }
  static const char dim[3] = {'x', 'y', 'z'};
  for (int d = 0; d < 3; d++)
    if (!(isfinite(b->lo[d]) && isfinite(b->hi[d]) && b->lo[d] < b->hi[d])) {
      gd_error("cannot write %s: box %clo %g, %chi %g (must be finite with lo < hi)", path, dim[d], b->lo[d],
                  dim[d], b->hi[d]);
      bad++;
    }
  for (int64_t i = 0; i < p->n && bad < DF_MAX_ERRORS; i++) {
    const double vals[11] = {p->x[i],  p->y[i],  p->z[i],  p->vx[i],     p->vy[i],  p->vz[i],
                             p->wx[i], p->wy[i], p->wz[i], p->radius[i], p->mass[i]};
    bool finite = true;
    for (int c = 0; c < 11; c++) finite = finite && isfinite(vals[c]);
    const char *why = NULL;
    if (p->id[i] < 1) why = "id must be >= 1";
    else if (p->type[i] < 1 || p->type[i] > p->ntypes) why = "type must be in 1..ntypes";
    else if (!finite) why = "position, velocity, angular velocity, radius and mass must be finite";
    else if (!(p->radius[i] >= 0.0)) why = "radius must be >= 0";
    else if (!(p->mass[i] > 0.0)) why = "mass must be > 0";
    else if (p->radius[i] > 0.0) {
      const double r = p->radius[i];
      const double rho = p->mass[i] / (4.0 * GD_PI / 3.0 * r * r * r);
      if (!(isfinite(rho) && rho > 0.0 && fpclassify(rho) != FP_SUBNORMAL) || !isfinite(2.0 * r))
        why = "density mass / (4 pi / 3 radius^3) is not a positive normal number";
    }
    if (why) {
      gd_error("cannot write %s: atom %lld (id %lld, type %d, radius %g, mass %g): %s", path, (long long)i,
                  (long long)p->id[i], p->type[i], p->radius[i], p->mass[i], why);
      bad++;
    }
  }
  return bad == 0;
}

#define W(...)                                                                                 \
  do {                                                                                         \
    if (fprintf(o.f, __VA_ARGS__) < 0) goto fail;                                              \
  } while (0)

bool datafile_write(const char *path, const Particles *p, const Box *b, const char *title) {
  if (!write_check(path, p, b)) return false;
  OutFile o;
  if (!out_open(&o, path)) return false;
  if (!title) title = "LAMMPS data file written by grandamp (atom_style sphere)";
  for (const char *c = title; *c && c - title < DF_MAX_TITLE; c++) /* the reader's lines are bounded */
    if (fputc(*c == '\n' || *c == '\r' ? ' ' : *c, o.f) == EOF) goto fail;
  W("\n\n%lld atoms\n%d atom types\n\n", (long long)p->n, p->ntypes);
  W("%.17g %.17g xlo xhi\n", b->lo[0], b->hi[0]);
  W("%.17g %.17g ylo yhi\n", b->lo[1], b->hi[1]);
  W("%.17g %.17g zlo zhi\n", b->lo[2], b->hi[2]);
  if (p->n > 0) {
    W("\nAtoms # sphere\n\n");
    for (int64_t i = 0; i < p->n; i++) {
      const double r = p->radius[i];
      const double rho = r > 0.0 ? p->mass[i] / (4.0 * GD_PI / 3.0 * r * r * r) : p->mass[i];
      W("%lld %d %.17g %.17g %.17g %.17g %.17g\n", (long long)p->id[i], p->type[i], no_subnormal(2.0 * r),
        no_subnormal(rho), no_subnormal(p->x[i]), no_subnormal(p->y[i]), no_subnormal(p->z[i]));
    }
    W("\nVelocities\n\n");
    for (int64_t i = 0; i < p->n; i++)
      W("%lld %.17g %.17g %.17g %.17g %.17g %.17g\n", (long long)p->id[i], no_subnormal(p->vx[i]),
        no_subnormal(p->vy[i]), no_subnormal(p->vz[i]), no_subnormal(p->wx[i]), no_subnormal(p->wy[i]),
        no_subnormal(p->wz[i]));
  }
  return out_commit(&o);
fail:
  gd_error("writing %s failed: %s; %s left unchanged", path, strerror(errno ? errno : EIO), path);
  out_abort(&o);
  return false;
}
#undef W
