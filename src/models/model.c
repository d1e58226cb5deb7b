/*
 * model.c - parser, checks, setup and mixing for one pair_coeff model text (see model.h).
 *
 * Spec: docs/models.md §7 (grammar), §2/§3/§5 (coefficients and their
 * ranges), §3.5 and §4 (incompatibilities), §2.7 (mixing). Where grandamp is stricter than
 * LAMMPS (nu and gamma are range-checked, e must lie in (0, 1]) the message says so.
 */
#include "model.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "mdr.h"
#include "numparse.h"
#include "usertext.h"

/* ---- name tables expanded from the model lists ------------------------------------------ */

static const char *const NORMAL_NAMES[] = {
#define X(ID, id, name, nc, fl, cn, kern) name,
    NORMAL_MODELS(X)
#undef X
};
static const int NORMAL_NCOEFF[] = {
#define X(ID, id, name, nc, fl, cn, kern) nc,
    NORMAL_MODELS(X)
#undef X
};
static const char *const NORMAL_COEFF_NAMES[] = {
#define X(ID, id, name, nc, fl, cn, kern) cn,
    NORMAL_MODELS(X)
#undef X
};
static const char *const DAMPING_NAMES[] = {
#define X(ID, id, name, nc, fl, form) name,
    DAMPING_MODELS(X)
#undef X
};
static const int DAMPING_NCOEFF[] = {
#define X(ID, id, name, nc, fl, form) nc,
    DAMPING_MODELS(X)
#undef X
};
static const char *const TANGENTIAL_NAMES[] = {
#define X(ID, id, name, nc, nh, fl, cn) name,
    TANGENTIAL_MODELS(X)
#undef X
};
static const int TANGENTIAL_NCOEFF[] = {
#define X(ID, id, name, nc, nh, fl, cn) nc,
    TANGENTIAL_MODELS(X)
#undef X
};
static const int TANGENTIAL_NHIST[] = {
#define X(ID, id, name, nc, nh, fl, cn) nh,
    TANGENTIAL_MODELS(X)
#undef X
};
static const unsigned TANGENTIAL_FLAGS[] = {
#define X(ID, id, name, nc, nh, fl, cn) fl,
    TANGENTIAL_MODELS(X)
#undef X
};
static const char *const TANGENTIAL_COEFF_NAMES[] = {
#define X(ID, id, name, nc, nh, fl, cn) cn,
    TANGENTIAL_MODELS(X)
#undef X
};

const char *normal_name(NormalModel m) { return m < N_NORMAL ? NORMAL_NAMES[m] : "?"; }
const char *damping_name(DampingModel m) { return m < N_DAMPING ? DAMPING_NAMES[m] : "?"; }
const char *tangential_name(TangentialModel m) { return m < N_TANGENTIAL ? TANGENTIAL_NAMES[m] : "?"; }
unsigned tangential_flags(TangentialModel m) { return TANGENTIAL_FLAGS[m]; }
int tangential_history_size(TangentialModel m) { return TANGENTIAL_NHIST[m]; }

static int lookup(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

/* Writes the idx-th space-separated word of names into buf. */
static const char *word_of(const char *names, int idx, char *buf, size_t size) {
  const char *p = names;
  for (int i = 0; i < idx && p; i++) {
    p = strchr(p, ' ');
    if (p) p++;
  }
  size_t len = p ? strcspn(p, " ") : 0;
  if (len >= size) len = size - 1;
  memcpy(buf, p ? p : "", len);
  buf[len] = '\0';
  return buf;
}

static void list_names(const char *const *names, int n, char *buf, size_t size) {
  buf[0] = '\0';
  for (int i = 0; i < n; i++) {
    strncat(buf, names[i], size - strlen(buf) - 1);
    if (i + 1 < n) strncat(buf, ", ", size - strlen(buf) - 1);
  }
}

/* ---- tokens and the parser state --------------------------------------------------------- */

#define MAX_COEFF 6

/* One parsed block of numbers: values and the 1-based word index of each (0 = missing). */
typedef struct Block {
  double v[MAX_COEFF];
  int word[MAX_COEFF];
  bool null[MAX_COEFF];
  int n; /* numbers read */
} Block;

typedef struct Parser {
  char **tok;
  int ntok;
  int pos;
  ErrList *err;
  int nwarn; /* warnings of this text, printed or not */
} Parser;

/* Warnings and errors of one model text shown at most; the rest are counted in one line, so a
 * text that repeats a mistake thousands of times gives a screenful, not megabytes. */
#define MODEL_MAX_WARNINGS 5
#define MODEL_MAX_ERRORS 20

static void model_warn(Parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void model_warn(Parser *ps, const char *fmt, ...) {
  if (ps->nwarn++ >= MODEL_MAX_WARNINGS) return;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  gd_warn("%s", msg);
}

static const char *const KEYWORDS[] = {"tangential", "damping", "rolling", "twisting", "heat",
                                       "cutoff", "limit_damping", "synchronized_verlet"};
#define N_KEYWORDS ((int)(sizeof KEYWORDS / sizeof *KEYWORDS))

static bool is_keyword(const char *s) { return lookup(KEYWORDS, N_KEYWORDS, s) >= 0; }

static void tokenize(const char *text, Parser *ps) {
  ps->tok = NULL;
  ps->ntok = 0;
  int cap = 0;
  const char *p = text;
  for (;;) {
    while (*p && isspace((unsigned char)*p)) p++;
    if (!*p) break;
    const char *q = p;
    while (*q && !isspace((unsigned char)*q)) q++;
    if (ps->ntok == cap) {
      cap = cap ? 2 * cap : 16;
      ps->tok = gd_xrealloc(ps->tok, (size_t)cap * sizeof *ps->tok);
    }
    char *t = gd_xmalloc((size_t)(q - p) + 1);
    memcpy(t, p, (size_t)(q - p));
    t[q - p] = '\0';
    ps->tok[ps->ntok++] = t;
    p = q;
  }
}

/* Reads nc numbers for `what` (e.g. "normal hooke"); `names` names them. A keyword or the end
 * of the text where a number belongs is reported once as too few numbers. */
static void read_numbers(Parser *ps, const char *what, int nc, const char *names, Block *b) {
  memset(b, 0, sizeof *b);
  char name[32];
  for (int i = 0; i < nc; i++) {
    if (ps->pos >= ps->ntok || is_keyword(ps->tok[ps->pos])) {
      errlist_add(ps->err, "%s: needs %d number%s (%s), got %d%s", what, nc, nc == 1 ? "" : "s",
                  names, i, ps->pos < ps->ntok ? " before the next keyword" : "");
      return;
    }
    const int w = ps->pos + 1;
    const char *t = ps->tok[ps->pos++];
    b->word[i] = w;
    b->n = i + 1;
    if (strcmp(t, "NULL") == 0) {
      b->v[i] = -1.0; /* LAMMPS holds NULL as -1 (§7) */
      b->null[i] = true;
      continue;
    }
    enum NumStatus st = num_parse_double(t, false, &b->v[i]);
    if (st != NUM_OK) {
      errlist_add(ps->err, "word %d '%s': %s %s %s", w, user_text(t).s, what,
                  word_of(names, i, name, sizeof name), num_status_str(st));
      b->v[i] = NAN;
    }
  }
}

/* Skips to the next keyword (after an unknown word or model, whose arity is unknown). */
static void skip_to_keyword(Parser *ps) {
  while (ps->pos < ps->ntok && !is_keyword(ps->tok[ps->pos])) ps->pos++;
}

/* ---- range checks ------------------------------------------------------------------------ */

enum Range { GE0, GT0, NU_RANGE, UNIT_INTERVAL, RESTITUTION };

static bool in_range(double v, enum Range r) {
  switch (r) {
  case GE0: return v >= 0.0;
  case GT0: return v > 0.0;
  case NU_RANGE:
  case UNIT_INTERVAL: return v >= 0.0 && v <= (r == NU_RANGE ? 0.5 : 1.0);
  case RESTITUTION: return v > 0.0 && v <= 1.0;
  }
  return false;
}

static const char *range_text(enum Range r) {
  switch (r) {
  case GE0: return ">= 0";
  case GT0: return "> 0";
  case NU_RANGE: return "in [0, 0.5]";
  case UNIT_INTERVAL: return "in [0, 1]";
  case RESTITUTION: return "in (0, 1]";
  }
  return "valid";
}

/* Checks coefficient i of block b; NaN marks a number error already reported. */
static void check_coeff(Parser *ps, const Block *b, int i, const char *what, const char *names,
                        enum Range r, const char *why) {
  if (i >= b->n || isnan(b->v[i])) return;
  char name[32];
  const char *t = ps->tok[b->word[i] - 1];
  if (b->null[i]) {
    errlist_add(ps->err, "word %d 'NULL': %s %s cannot be NULL (NULL is only allowed for the k_t "
                "of the mindlin family)", b->word[i], what, word_of(names, i, name, sizeof name));
  } else if (!in_range(b->v[i], r)) {
    errlist_add(ps->err, "word %d '%s': %s %s must be %s%s", b->word[i], user_text(t).s, what,
                word_of(names, i, name, sizeof name), range_text(r), why ? why : "");
  }
}

static void check_normal(Parser *ps, NormalModel nm, const Block *b) {
  char what[48];
  snprintf(what, sizeof what, "normal %s", NORMAL_NAMES[nm]);
  const char *cn = NORMAL_COEFF_NAMES[nm];
  const char *nu_note = " (grandamp is stricter than LAMMPS, which does not check nu)";
  switch (nm) {
  case NORMAL_HOOKE:
  case NORMAL_HERTZ:
    check_coeff(ps, b, 0, what, cn, GE0, NULL);
    check_coeff(ps, b, 1, what, cn, GE0, NULL);
    break;
  case NORMAL_HERTZ_MATERIAL:
  case NORMAL_DMT:
  case NORMAL_JKR:
    check_coeff(ps, b, 0, what, cn, GT0, NULL);
    check_coeff(ps, b, 1, what, cn, GE0, NULL);
    check_coeff(ps, b, 2, what, cn, NU_RANGE, nu_note);
    if (nm == NORMAL_DMT)
      check_coeff(ps, b, 3, what, cn, GE0, " (LAMMPS does not check gamma)");
    if (nm == NORMAL_JKR)
      check_coeff(ps, b, 3, what, cn, GT0,
                  " (gamma = 0 makes the JKR inversion 0/0 at contact; use hertz/material)");
    break;
  case NORMAL_MDR: /* §6.1: the ranges, LAMMPS's messages and grandamp's caveats are mdr.c's */
    for (int k = 0; k < b->n && k < MDR_NCOEFF; k++) {
      if (isnan(b->v[k])) continue; /* a number error, already reported */
      char name[32];
      word_of(cn, k, name, sizeof name);
      const char *t = ps->tok[b->word[k] - 1];
      const char *msg = mdr_coeff_error(k, b->v[k]);
      bool fatal;
      const char *caveat = msg ? NULL : mdr_coeff_caveat(k, b->v[k], &fatal);
      if (b->null[k])
        check_coeff(ps, b, k, what, cn, GE0, NULL); /* the NULL message */
      else if (msg)
        errlist_add(ps->err, "word %d '%s': %s %s must be %s (LAMMPS: %s)", b->word[k], user_text(t).s, what, name,
                    mdr_coeff_range(k), msg);
      else if (caveat && fatal)
        errlist_add(ps->err, "word %d '%s': %s %s: %s", b->word[k], user_text(t).s, what, name, caveat);
      else if (caveat)
        model_warn(ps, "model word %d '%s': %s %s: %s", b->word[k], user_text(t).s, what, name, caveat);
    }
    break;
  case N_NORMAL: break;
  }
}

static void check_tangential(Parser *ps, TangentialModel tm, const Block *b) {
  char what[48];
  snprintf(what, sizeof what, "tangential %s", TANGENTIAL_NAMES[tm]);
  const char *cn = TANGENTIAL_COEFF_NAMES[tm];
  const int nc = TANGENTIAL_NCOEFF[tm];
  for (int i = 0; i < nc; i++) {
    const bool null_ok = i == 0 && (TANGENTIAL_FLAGS[tm] & TFLAG_MINDLIN);
    if (null_ok && i < b->n && b->null[i]) continue;
    check_coeff(ps, b, i, what, cn, GE0, NULL);
  }
}

/* ---- the parser -------------------------------------------------------------------------- */

/* Where each keyword was given, to warn once about a repeated one (LAMMPS: the last wins,
 * silently). */
typedef struct Repeat {
  int first, last, count; /* 1-based words; count 0: not given */
} Repeat;
typedef struct Seen {
  Repeat tangential, damping, rolling, twisting, heat, cutoff, limit_damping;
} Seen;

static void note_repeat(Repeat *r, int word) {
  if (r->count++ == 0) r->first = word;
  r->last = word;
}

/* One warning per repeated keyword, after the whole text is read. */
static void warn_repeats(Parser *ps, const Seen *seen) {
  const struct {
    const char *kw;
    const Repeat *r;
  } all[] = {{"tangential", &seen->tangential}, {"damping", &seen->damping},     {"rolling", &seen->rolling},
             {"twisting", &seen->twisting},     {"heat", &seen->heat},           {"cutoff", &seen->cutoff},
             {"limit_damping", &seen->limit_damping}};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++) {
    const Repeat *r = all[k].r;
    if (r->count < 2) continue;
    if (r->count == 2)
      model_warn(ps, "model word %d: '%s' given again (first at word %d); the later one wins, as in LAMMPS",
                 r->last, all[k].kw, r->first);
    else
      model_warn(ps, "model: '%s' given %d times (first at word %d, last at word %d); the last one wins, as in "
                 "LAMMPS", all[k].kw, r->count, r->first, r->last);
  }
}

/* Keeps the first MODEL_MAX_ERRORS errors this text appended (from nerr0 on) and counts the rest. */
static void cap_errors(ErrList *err, int nerr0) {
  const int n = err->n - nerr0;
  if (n <= MODEL_MAX_ERRORS) return;
  for (int i = nerr0 + MODEL_MAX_ERRORS; i < err->n; i++) free(err->msg[i]);
  err->n = nerr0 + MODEL_MAX_ERRORS;
  errlist_add(err, "model text: %d more errors not shown (fix the ones above first)", n - MODEL_MAX_ERRORS);
}

/* rolling/twisting/heat: `none` is the no-op LAMMPS also accepts; the rest is not supported. */
static void parse_unsupported_block(Parser *ps, const char *kw, const char *const *models,
                                    const int *ncoeff, int nmodels) {
  const int w = ps->pos;
  if (ps->pos >= ps->ntok || is_keyword(ps->tok[ps->pos])) {
    errlist_add(ps->err, "word %d '%s': needs a model name", w, kw);
    return;
  }
  const char *name = ps->tok[ps->pos++];
  if (strcmp(name, "none") == 0) return;
  int idx = lookup(models, nmodels, name);
  if (idx < 0) {
    char buf[128];
    list_names(models, nmodels, buf, sizeof buf);
    errlist_add(ps->err, "word %d '%s': unknown %s model; expected none (or, not supported here, %s)",
                w + 1, user_text(name).s, kw, buf);
    skip_to_keyword(ps);
    return;
  }
  errlist_add(ps->err, "word %d '%s': %s %s is not supported by grandamp (normal damping only; "
              "only '%s none' is accepted)", w + 1, name, kw, name, kw);
  for (int i = 0; i < ncoeff[idx] && ps->pos < ps->ntok && !is_keyword(ps->tok[ps->pos]); i++) ps->pos++;
}

int model_parse(const char *text, ContactModel *m, ErrList *err) {
  const int nerr0 = err->n;
  Parser ps = {.err = err};
  tokenize(text ? text : "", &ps);
  memset(m, 0, sizeof *m);
  char names[256];

  Block nb = {0}, tb = {0}, db = {0};
  int normal = -1, damping = DAMPING_DEFAULT, tangential = -1;
  int damping_word = 0, tangential_word = 0;
  bool tangential_none = false;
  Seen seen = {0};

  if (ps.ntok == 0) {
    errlist_add(err, "empty model text; expected e.g. 'hooke 1000 50 tangential linear_nohistory 1 0.4'");
    goto done;
  }
  /* The normal block comes first (§7). */
  normal = lookup(NORMAL_NAMES, N_NORMAL, ps.tok[0]);
  ps.pos = 1;
  if (normal < 0) {
    list_names(NORMAL_NAMES, N_NORMAL, names, sizeof names);
    errlist_add(err, "word 1 '%s': unknown normal model; expected one of %s", user_text(ps.tok[0]).s, names);
    skip_to_keyword(&ps);
  } else {
    char what[48];
    snprintf(what, sizeof what, "normal %s", NORMAL_NAMES[normal]);
    read_numbers(&ps, what, NORMAL_NCOEFF[normal], NORMAL_COEFF_NAMES[normal], &nb);
  }

  while (ps.pos < ps.ntok) {
    const int w = ps.pos + 1;
    const char *kw = ps.tok[ps.pos++];
    if (strcmp(kw, "tangential") == 0) {
      note_repeat(&seen.tangential, w);
      tangential = -1;
      tangential_none = false;
      if (ps.pos >= ps.ntok || is_keyword(ps.tok[ps.pos])) {
        errlist_add(err, "word %d 'tangential': needs a model name", w);
        continue;
      }
      const char *name = ps.tok[ps.pos++];
      tangential_word = w + 1;
      tangential = lookup(TANGENTIAL_NAMES, N_TANGENTIAL, name);
      if (tangential < 0) {
        if (strcmp(name, "none") == 0) {
          tangential_none = true;
        } else if (strcmp(name, "linear_history_classic") == 0 || strcmp(name, "mindlin_classic") == 0) {
          errlist_add(err, "word %d '%s': tangential %s (for the classic wall styles) is not supported",
                      w + 1, name, name);
        } else {
          list_names(TANGENTIAL_NAMES, N_TANGENTIAL, names, sizeof names);
          errlist_add(err, "word %d '%s': unknown tangential model; expected one of %s", w + 1, user_text(name).s,
                      names);
        }
        skip_to_keyword(&ps);
        continue;
      }
      char what[48];
      snprintf(what, sizeof what, "tangential %s", name);
      read_numbers(&ps, what, TANGENTIAL_NCOEFF[tangential], TANGENTIAL_COEFF_NAMES[tangential], &tb);
    } else if (strcmp(kw, "damping") == 0) {
      note_repeat(&seen.damping, w);
      if (ps.pos >= ps.ntok || is_keyword(ps.tok[ps.pos])) {
        errlist_add(err, "word %d 'damping': needs a model name", w);
        damping = -1;
        continue;
      }
      const char *name = ps.tok[ps.pos++];
      damping_word = w + 1;
      damping = lookup(DAMPING_NAMES, N_DAMPING, name);
      if (damping < 0) {
        list_names(DAMPING_NAMES, N_DAMPING, names, sizeof names);
        errlist_add(err, "word %d '%s': unknown damping model; expected one of %s", w + 1, user_text(name).s, names);
        skip_to_keyword(&ps);
        continue;
      }
      char what[48];
      snprintf(what, sizeof what, "damping %s", name);
      read_numbers(&ps, what, DAMPING_NCOEFF[damping], "d_type", &db);
    } else if (strcmp(kw, "rolling") == 0) {
      static const char *const R[] = {"sds"};
      static const int RN[] = {3};
      note_repeat(&seen.rolling, w);
      parse_unsupported_block(&ps, kw, R, RN, 1);
    } else if (strcmp(kw, "twisting") == 0) {
      static const char *const T[] = {"marshall", "sds"};
      static const int TN[] = {0, 3};
      note_repeat(&seen.twisting, w);
      parse_unsupported_block(&ps, kw, T, TN, 2);
    } else if (strcmp(kw, "heat") == 0) {
      static const char *const H[] = {"radius", "area"};
      static const int HN[] = {1, 1};
      note_repeat(&seen.heat, w);
      parse_unsupported_block(&ps, kw, H, HN, 2);
    } else if (strcmp(kw, "cutoff") == 0) {
      note_repeat(&seen.cutoff, w);
      Block cb;
      read_numbers(&ps, "cutoff", 1, "value", &cb);
      if (cb.n == 1 && !isnan(cb.v[0])) {
        if (cb.null[0] || !(cb.v[0] > 0.0))
          errlist_add(err, "word %d '%s': cutoff must be > 0", cb.word[0], user_text(ps.tok[cb.word[0] - 1]).s);
        m->has_cutoff = true;
        m->cutoff = cb.v[0];
      }
    } else if (strcmp(kw, "limit_damping") == 0) {
      note_repeat(&seen.limit_damping, w);
      m->limit_damping = true;
    } else if (strcmp(kw, "synchronized_verlet") == 0) {
      errlist_add(err, "word %d 'synchronized_verlet': not supported (its half-step normal is "
                  "unverified, spec §4)", w);
    } else {
      errlist_add(err, "word %d '%s': unexpected word; expected a keyword (tangential, damping, "
                  "rolling, twisting, heat, cutoff, limit_damping)", w, user_text(kw).s);
      skip_to_keyword(&ps);
    }
  }

  /* Coefficient ranges. */
  if (normal >= 0) check_normal(&ps, (NormalModel)normal, &nb);
  if (tangential >= 0) check_tangential(&ps, (TangentialModel)tangential, &tb);
  if (tangential_none)
    errlist_add(err, "word %d 'none': tangential none is not allowed; LAMMPS requires a tangential "
                "model (for no friction use 'tangential linear_nohistory 0 0')", tangential_word);
  else if (!seen.tangential.count)
    errlist_add(err, "tangential: missing; LAMMPS requires a tangential model (for no friction "
                "use 'tangential linear_nohistory 0 0')");

  /* Compatibility (§3.5, §4, §5). */
  if (normal >= 0 && damping >= 0) {
    const unsigned nf = normal_model_flags(normal), df = damping_model_flags(damping);
    const char *dn = DAMPING_NAMES[damping], *nn = NORMAL_NAMES[normal];
    if (!model_combo_allowed((NormalModel)normal, (DampingModel)damping)) { /* say which rule */
      if ((df & DFLAG_NO_COHESION) && (nf & NFLAG_COHESIVE))
        errlist_add(err, "damping %s: not allowed with cohesive normal model %s", dn, nn);
      if ((df & DFLAG_NEEDS_MDR) && !(nf & NFLAG_MDR))
        errlist_add(err, "damping mdr: only allowed with normal model mdr, not %s (LAMMPS: %s)", nn,
                    MDR_MSG_DAMPING_NEEDS_MDR);
      if ((nf & NFLAG_MDR) && !(df & DFLAG_NEEDS_MDR))
        errlist_add(err, "normal mdr: only damping mdr may be used with it, not %s%s (LAMMPS: %s)", dn,
                    damping_word ? "" : " (the default)", MDR_MSG_NORMAL_NEEDS_DAMPING);
    }
    if (m->limit_damping && (nf & NFLAG_COHESIVE))
      errlist_add(err, "limit_damping: not allowed with cohesive normal model %s", nn);
    /* The restitution-based models read the normal damp as e; e = 0 gives NaN in LAMMPS. */
    if ((df & DFLAG_RESTITUTION) && nb.n > 1 && !isnan(nb.v[1]) && !nb.null[1] &&
        !in_range(nb.v[1], RESTITUTION))
      errlist_add(err, "word %d '%s': damping %s reads the normal damp as the restitution "
                  "coefficient e, which must be in (0, 1]", nb.word[1], user_text(ps.tok[nb.word[1] - 1]).s, dn);
  }
  if (damping == DAMPING_MDR && db.n == 1 && !isnan(db.v[0])) {
    /* §3.4: d_type is the coefficient truncated toward zero; NULL (-1) is refused. */
    const double t = trunc(db.v[0]);
    if (db.null[0] || (t != 1.0 && t != 2.0))
      errlist_add(err, "word %d '%s': damping mdr d_type must be 1 or 2 (LAMMPS: %s)", db.word[0],
                  user_text(ps.tok[db.word[0] - 1]).s, MDR_MSG_DAMPING_TYPE);
    else if (t != db.v[0])
      model_warn(&ps, "model word %d '%s': damping mdr d_type truncated to %d, as in LAMMPS", db.word[0],
                 user_text(ps.tok[db.word[0] - 1]).s, (int)t);
  }
  if (tangential >= 0 && (TANGENTIAL_FLAGS[tangential] & TFLAG_MINDLIN) && tb.n > 0 && tb.null[0] &&
      normal >= 0 && !(normal_model_flags(normal) & NFLAG_MATERIAL))
    errlist_add(err, "word %d 'NULL': tangential %s k_t NULL needs a material normal model "
                "(hertz/material, dmt, jkr or mdr) to derive it from, not %s", tb.word[0],
                TANGENTIAL_NAMES[tangential], NORMAL_NAMES[normal]);

  if (err->n == nerr0) {
    m->normal.model = (NormalModel)normal;
    memcpy(m->normal.coeff, nb.v, sizeof nb.v);
    m->damping.model = (DampingModel)damping;
    m->damping.coeff[0] = trunc(db.v[0]);
    m->tangential.model = (TangentialModel)tangential;
    memcpy(m->tangential.coeff, tb.v, sizeof m->tangential.coeff);
    m->tangential.kt_is_null = (TANGENTIAL_FLAGS[tangential] & TFLAG_MINDLIN) && tb.null[0];
    model_setup(m);
  }
done:
  warn_repeats(&ps, &seen);
  if (ps.nwarn > MODEL_MAX_WARNINGS)
    gd_warn("model: %d more warnings not shown", ps.nwarn - MODEL_MAX_WARNINGS);
  cap_errors(err, nerr0);
  for (int i = 0; i < ps.ntok; i++) free(ps.tok[i]);
  free(ps.tok);
  return err->n - nerr0;
}

void model_setup(ContactModel *m) {
  normal_setup(&m->normal);
  damping_setup(&m->damping, &m->normal);
  tangential_setup(&m->tangential, &m->normal);
  m->contact_radius = (normal_model_flags(m->normal.model) & NFLAG_CONTACT_RADIUS) ||
                      (damping_model_flags(m->damping.model) & DFLAG_CONTACT_RADIUS) ||
                      (TANGENTIAL_FLAGS[m->tangential.model] & TFLAG_MINDLIN);
  m->beyond_contact = normal_model_flags(m->normal.model) & NFLAG_BEYOND_CONTACT;
  m->history_size = TANGENTIAL_NHIST[m->tangential.model];
  if (m->normal.model == NORMAL_MDR) m->history_size += MDR_NHIST; /* MDR's 27 first (§6.2) */
}

/* ---- mixing (§2.7) ----------------------------------------------------------------------- */

bool model_mix(const ContactModel *mi, const ContactModel *mj, int ti, int tj, ContactModel *out,
               ErrList *err) {
  if (mi->normal.model != mj->normal.model || mi->damping.model != mj->damping.model ||
      mi->tangential.model != mj->tangential.model) {
    errlist_add(err, "types %d and %d: the sub-models differ (%s/%s/%s and %s/%s/%s), so their "
                "coefficients cannot be mixed; set this pair explicitly with its own pair_coeff",
                ti, tj, NORMAL_NAMES[mi->normal.model], DAMPING_NAMES[mi->damping.model],
                TANGENTIAL_NAMES[mi->tangential.model], NORMAL_NAMES[mj->normal.model],
                DAMPING_NAMES[mj->damping.model], TANGENTIAL_NAMES[mj->tangential.model]);
    return false;
  }
  *out = *mi;
  const NormalModel nm = mi->normal.model;
  const int nn = NORMAL_NCOEFF[nm];
  const double *ci = mi->normal.coeff, *cj = mj->normal.coeff;
  for (int k = 0; k < nn; k++) out->normal.coeff[k] = mix_geom(ci[k], cj[k]);
  if (nm == NORMAL_HERTZ_MATERIAL || nm == NORMAL_DMT || nm == NORMAL_JKR) {
    /* Coefficient 0 becomes E* itself; setup must not self-mix it again. */
    out->normal.coeff[0] = mix_stiffnessE(ci[0], cj[0], ci[2], cj[2]);
    out->normal.emod_is_mixed = true;
  }
  out->damping.coeff[0] = mix_geom(mi->damping.coeff[0], mj->damping.coeff[0]);
  const int nt = TANGENTIAL_NCOEFF[mi->tangential.model];
  for (int k = 0; k < nt; k++)
    out->tangential.coeff[k] = mix_geom(mi->tangential.coeff[k], mj->tangential.coeff[k]);
  /* Unverified (§2.7): the mixed k_t is NULL when either type's is; it is then derived from
   * the mixed E* and the geometric-mean nu. */
  out->tangential.kt_is_null = mi->tangential.kt_is_null || mj->tangential.kt_is_null;
  out->limit_damping = mi->limit_damping || mj->limit_damping;
  /* The spec does not cover cutoff mixing; grandamp keeps the larger one. */
  out->has_cutoff = mi->has_cutoff || mj->has_cutoff;
  out->cutoff = fmax(mi->has_cutoff ? mi->cutoff : 0.0, mj->has_cutoff ? mj->cutoff : 0.0);
  model_setup(out);
  return true;
}

/* ---- JSON -------------------------------------------------------------------------------- */

void model_write_json(FILE *f, const ContactModel *m) {
  Json j;
  char name[32];
  const NormalParams *np = &m->normal;
  const DampingParams *dp = &m->damping;
  const TangentialParams *tp = &m->tangential;
  json_begin(&j, f);

  json_object(&j, "normal");
  json_str(&j, "model", NORMAL_NAMES[np->model]);
  for (int k = 0; k < NORMAL_NCOEFF[np->model]; k++)
    json_num(&j, word_of(NORMAL_COEFF_NAMES[np->model], k, name, sizeof name), np->coeff[k]);
  if (normal_model_flags(np->model) & NFLAG_MATERIAL) json_num(&j, "Estar", np->Estar);
  json_num(&j, "k", np->k);
  json_bool(&j, "cohesive", normal_model_flags(np->model) & NFLAG_COHESIVE);
  json_bool(&j, "emod_is_mixed", np->emod_is_mixed);
  json_close(&j);

  json_object(&j, "damping");
  json_str(&j, "model", DAMPING_NAMES[dp->model]);
  if (dp->model == DAMPING_MDR) json_int(&j, "d_type", dp->d_type);
  if (damping_model_flags(dp->model) & DFLAG_RESTITUTION) json_num(&j, "e", dp->d);
  else if (!(damping_model_flags(dp->model) & DFLAG_ELASTIC)) json_num(&j, "damp", dp->d);
  if (dp->model == DAMPING_TSUJI || dp->model == DAMPING_TSUJI_LEGACY) {
    json_num(&j, "polynomial", dp->alpha);
    json_bool(&j, "sqrt2", dp->model == DAMPING_TSUJI);
  }
  if (dp->model == DAMPING_COEFF_RESTITUTION)
    json_str(&j, "branch", np->model == NORMAL_HOOKE ? "hooke" : "hertz");
  json_num(&j, "D", dp->D);
  /* the per-pair form's eta_n (damping.h); the elastic baseline says 0, mdr's depends on d_type */
  static const char *const FORM_ETA[N_DFORM] = {
#define X(FORM, form, rep, eta, stamp) eta,
      DAMPING_FORMS(X)
#undef X
  };
  const DampingForm form = damping_form(dp->model);
  const char *eta = (damping_model_flags(dp->model) & DFLAG_ELASTIC) ? "0"
                    : form == DFORM_MDR && dp->d_type != 1 ? "D if DAMP_SCALE != 0"
                                                           : FORM_ETA[form];
  json_str(&j, "eta_n", eta);
  json_bool(&j, "grandamp_extension", damping_model_flags(dp->model) & DFLAG_EXTENSION);
  json_close(&j);

  json_object(&j, "tangential");
  json_str(&j, "model", TANGENTIAL_NAMES[tp->model]);
  if (tp->model == TANGENTIAL_LINEAR_NOHISTORY) {
    json_num(&j, "x_gamma_t", tp->xt);
  } else {
    if (tp->kt_is_null) json_null(&j, "k_t_given");
    else json_num(&j, "k_t_given", tp->coeff[0]);
    json_num(&j, "k_t", tp->kt);
    json_num(&j, "x_gamma_t", tp->xt);
  }
  json_num(&j, "mu_t", tp->mu);
  json_int(&j, "history_size", m->history_size);
  json_close(&j);

  json_str(&j, "rolling", "none");
  json_str(&j, "twisting", "none");
  json_str(&j, "heat", "none");
  json_bool(&j, "limit_damping", m->limit_damping);
  if (m->has_cutoff) json_num(&j, "cutoff", m->cutoff);
  else json_null(&j, "cutoff");
  json_bool(&j, "contact_radius_flag", m->contact_radius);
  json_bool(&j, "beyond_contact", m->beyond_contact);
  json_end(&j);
}
