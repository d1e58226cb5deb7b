/*
 * verdict.c - the engines' verdicts in a few lines: per engine and model row (its own interface and
 * each legacy style it has), per Chung & Ooi test and per gas row, as the text table at the end of
 * a run and as the README's markdown matrix (engines_verdict), and the Chung & Ooi table
 * (chung_ooi_table). Each known defect seen is named (src/engines/decks/known-defects.txt).
 */
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "rows.h"
#include "cases.h"
#include "engine_cases.h"

/* One engine's model row in the verdict table: its cases by outcome. */
typedef struct Verdict {
  int judged, passed, xfail, failed, skipped;
  const char *reasons[8]; /* the known defects seen, each once */
  int nreasons;
} Verdict;

/* Which cases a verdict counts: an engine's ("" for grandamp's own), in a style (own: "", a
 * legacy style's name, STYLE_LEGACY any of those, NULL any at all), of a row and a family where
 * not NULL, but not of the claim, pair-wall and energy families when styled_matrix (a legacy
 * style's own judgement: the matrix's rows and the Chung & Ooi tests). */
#define STYLE_LEGACY "*"
typedef struct Sel {
  const char *engine, *style, *row, *family;
  bool styled_matrix;
} Sel;

static bool selected(const CaseResult *c, const Sel *s) {
  if (strcmp(c->key.engine, s->engine)) return false;
  if (s->style && (strcmp(s->style, STYLE_LEGACY) ? strcmp(c->key.style, s->style) != 0 : !c->key.style[0]))
    return false;
  if (s->styled_matrix && (!strcmp(c->key.family, "seed-claim") || !strcmp(c->key.family, "energy-gain") ||
                           !strcmp(c->key.family, "pair-wall")))
    return false;
  return !(s->row && strcmp(c->key.row, s->row)) && !(s->family && strcmp(c->key.family, s->family));
}

static Verdict verdict_sel(const Verifier *v, const Sel *s) {
  Verdict d = {0};
  for (int k = 0; k < v->nres; k++) {
    const CaseResult *c = &v->res[k];
    if (!selected(c, s)) continue;
    if (c->skipped) {
      d.skipped++;
      continue;
    }
    d.judged++;
    if (c->xfail && c->pass) { /* XFAIL: the known defect seen */
      d.xfail++;
      bool seen = false;
      for (int r = 0; r < d.nreasons; r++) seen = seen || !strcmp(d.reasons[r], c->known);
      if (!seen && d.nreasons < 8) d.reasons[d.nreasons++] = c->known;
    } else if (c->pass && !c->xfail) {
      d.passed++;
    } else {
      d.failed++; /* FAIL, or XPASS: a listed defect that no longer shows */
    }
  }
  return d;
}
static Verdict verdict_in(const Verifier *v, const char *engine, const char *style, const char *row,
                          const char *family) {
  return verdict_sel(v, &(Sel){.engine = engine, .style = style, .row = row, .family = family});
}
static Verdict verdict_of(const Verifier *v, const char *engine, const char *row, const char *family) {
  return verdict_in(v, engine, "", row, family);
}

/* The verdict of one engine's row in a word or two. */
static void verdict_text(const Verdict *d, char *buf, size_t size) {
  if (d->failed) snprintf(buf, size, "FAIL");
  else if (d->xfail) snprintf(buf, size, "known defect: %s%s", d->reasons[0], d->nreasons > 1 ? " (and another)" : "");
  else if (d->passed) snprintf(buf, size, "PASS");
  else snprintf(buf, size, "not judged");
}

/* Chung & Ooi (2011)'s tests, what each checks (cases_chung_ooi*.c), one line each. */
static const struct {
  const char *family, *what;
} CHUNG_OOI[] = {
    {"chung-ooi/1", "test 1: two spheres, elastic: delta_max, F_max, t_c, e against Hertz"},
    {"chung-ooi/2", "test 2: sphere on a plane, elastic: the same against Hertz"},
    {"chung-ooi/3", "test 3: e_out against e_in, every e-input damping model"},
    {"chung-ooi/4", "test 4: oblique impact, 5-85 deg: V_t', w' against the reference"},
    {"chung-ooi/5", "test 5: tangential speed: the same, and gross sliding in closed form"},
    {"chung-ooi/6", "test 6: spin on a plane: V_t', w' against the reference"},
    {"chung-ooi/7", "test 7: two spheres, opposite spins: no slip, exactly"},
    {"chung-ooi/8", "test 8: spin, R on 5R 1000x denser: against the reference"},
    {"chung-ooi/mixed", "mixed pairs: two materials' e, size ratio 1-10, sqrt(e1 e2)"},
    {"energy-gain", "energy never created: tests 4-8 and a 5-89.9 deg sweep, E_out <= E_in + bound"},
    {"kharaz", "Kharaz et al. (2001)'s measurement, test 4's impact: judged in gross sliding (verify-kharaz.md)"},
};
#define N_CHUNG_OOI ((int)(sizeof CHUNG_OOI / sizeof CHUNG_OOI[0]))

/* The legacy styles' lines (Engine.styles): what each was judged on, one label and its verdict per
 * (engine, style, row or family) that ran; visit gets each with the engine's index. */
typedef void (*LegacyVisit)(const Verifier *v, int e, const char *style, const char *row, const char *family,
                            const char *label, void *arg);
static void legacy_lines(const Verifier *v, LegacyVisit visit, void *arg) {
  for (int e = 0; e < v->nengines; e++) {
    const Engine *eng = engine_find(v->engines[e]);
    for (const char *const *s = eng ? eng->styles : NULL; s && *s; s++) {
      for (int k = 0; k < row_count(); k++) {
        const Row *r = row_at(k);
        char id[64], label[128];
        row_id(r, id, sizeof id);
        const Verdict d = verdict_in(v, v->engines[e], *s, id, "restitution");
        if (!d.judged && !d.skipped) continue;
        snprintf(label, sizeof label, "%s as %s + %s", *s, r->normal, r->damping);
        visit(v, e, *s, id, "restitution", label, arg);
      }
      for (int t = 0; t < N_CHUNG_OOI; t++) {
        char label[128];
        const Verdict d = verdict_in(v, v->engines[e], *s, NULL, CHUNG_OOI[t].family);
        if (!d.judged && !d.skipped) continue;
        snprintf(label, sizeof label, "%s, %s/", *s, CHUNG_OOI[t].family);
        visit(v, e, *s, NULL, CHUNG_OOI[t].family, label, arg);
      }
      static const struct {
        const char *family, *label;
      } MORE[] = {{"seed-claim", "seed's claim: %s = pair granular's"},
                  {"pair-wall", "%s, pair-wall/"}};
      for (size_t m = 0; m < sizeof MORE / sizeof MORE[0]; m++) {
        const Verdict d = verdict_in(v, v->engines[e], *s, NULL, MORE[m].family);
        if (!d.judged && !d.skipped) continue;
        char label[128];
        snprintf(label, sizeof label, MORE[m].label, *s);
        visit(v, e, *s, NULL, MORE[m].family, label, arg);
      }
    }
  }
}



/* One line of the text table, its header first (*header). */
static void text_line(const Verifier *v, FILE *out, int e, const char *label, const Verdict *d, bool *header) {
  if (!*header)
    fprintf(out, "grandamp-verify: engine verdicts (e and t_c cases per model; known defects: "
                 "src/engines/decks/known-defects.txt):\n  %-9s %-24s %-44s %6s %6s %6s %6s %6s  %s\n",
            "engine", "version", "model", "judged", "passed", "XFAIL", "failed", "n.j.", "verdict");
  *header = true;
  char verdict[200];
  verdict_text(d, verdict, sizeof verdict);
  fprintf(out, "  %-9s %-24s %-44s %6d %6d %6d %6d %6d  %s\n", v->engines[e], v->engine_versions[e], label, d->judged,
          d->passed, d->xfail, d->failed, d->skipped, verdict);
}

/* One legacy line of the text table (legacy_lines' visitor). */
typedef struct TextTable {
  FILE *out;
  bool header;
} TextTable;
static void legacy_text_line(const Verifier *v, int e, const char *style, const char *row, const char *family,
                             const char *label, void *arg) {
  TextTable *t = arg;
  const Verdict d = verdict_in(v, v->engines[e], style, row, family);
  text_line(v, t->out, e, label, &d, &t->header);
}

/* The text table at the end of a run: one line per engine and model, Chung & Ooi test, gas row
 * and legacy style. */
static void verdict_lines(const Verifier *v, FILE *out) {
  TextTable t = {out, false};
  for (int e = 0; e < v->nengines; e++)
    for (int k = 0; k < row_count(); k++) {
      const Row *r = row_at(k);
      char id[64], model[80];
      row_id(r, id, sizeof id);
      const Verdict d = verdict_of(v, v->engines[e], id, "restitution");
      if (!d.judged && !d.skipped) continue;
      snprintf(model, sizeof model, "%s + %s", r->normal, r->damping);
      text_line(v, out, e, model, &d, &t.header);
    }
  for (int e = 0; e < v->nengines; e++)
    for (int c = 0; c < N_CHUNG_OOI; c++) {
      char label[64];
      const Verdict d = verdict_of(v, v->engines[e], NULL, CHUNG_OOI[c].family);
      if (!d.judged && !d.skipped) continue;
      snprintf(label, sizeof label, "%s/", CHUNG_OOI[c].family);
      text_line(v, out, e, label, &d, &t.header);
    }
  for (int e = 0; e < v->nengines; e++)
    for (int k = 0; k < row_count(); k++) {
      char id[64], label[96];
      row_id(row_at(k), id, sizeof id);
      const Verdict d = verdict_of(v, v->engines[e], id, "gas");
      if (!d.judged && !d.skipped) continue;
      snprintf(label, sizeof label, "gas/%s/", id);
      text_line(v, out, e, label, &d, &t.header);
    }
  for (int e = 0; e < v->nengines; e++) {
    const Verdict d = verdict_of(v, v->engines[e], NULL, "pair-wall");
    if (d.judged || d.skipped) text_line(v, out, e, "pair-wall/", &d, &t.header);
  }
  legacy_lines(v, legacy_text_line, &t);
}

/* The cell of one engine ("": grandamp) for the cases of a row or a family (verdict_of): its
 * verdict, each known defect a note number (notes gathers them). False when the engine ran no
 * such case. */
static bool verdict_cell_sel(const Verifier *v, const Sel *sel, const char **notes, int *nnotes, char *cell,
                             size_t size) {
  const Verdict d = verdict_sel(v, sel);
  if (!d.judged && !d.skipped) {
    snprintf(cell, size, "–");
    return false;
  }
  char refs[64] = "";
  for (int i = 0; i < d.nreasons; i++) {
    int note = 0;
    for (int q = 0; q < *nnotes && !note; q++)
      if (!strcmp(notes[q], d.reasons[i])) note = q + 1;
    if (!note && *nnotes < 32) notes[(*nnotes)++] = d.reasons[i], note = *nnotes;
    const size_t len = strlen(refs);
    snprintf(refs + len, sizeof refs - len, "[%d]", note);
  }
  if (d.failed) snprintf(cell, size, "**FAIL** %d of %d", d.failed, d.judged);
  else if (d.xfail) snprintf(cell, size, "known defect %s: %d XFAIL, %d pass", refs, d.xfail, d.passed);
  else if (d.passed) snprintf(cell, size, "PASS %d/%d", d.passed, d.judged);
  else snprintf(cell, size, "not judged");
  return true;
}
static bool verdict_cell(const Verifier *v, const char *engine, const char *row, const char *family,
                         const char **notes, int *nnotes, char *cell, size_t size) {
  return verdict_cell_sel(v, &(Sel){.engine = engine, .style = "", .row = row, .family = family}, notes, nnotes, cell,
                          size);
}

/* The markdown matrix's header, once (*header). */
static void matrix_header(const Verifier *v, FILE *out, bool *header) {
  if (*header) return;
  *header = true;
  fprintf(out, "| grandamp model |");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s %s |", v->engines[e], v->engine_versions[e]);
  fprintf(out, " gas cooling: grandamp");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " · %s", v->engines[e]);
  fprintf(out, " |\n|---|");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, "---|");
  fprintf(out, "---|\n");
}

/* The markdown matrix's rows beyond the models, one each: the legacy styles judged as the matrix
 * (its rows and Chung & Ooi's), the seed's claim, and energy never created (every style; grandamp's
 * own verdict in the label). A row no engine ran is left out. */
static void matrix_extra_rows(const Verifier *v, FILE *out, const char **notes, int *nnotes, bool *header) {
  static const struct {
    const char *label, *style, *family;
    bool styled_matrix;
  } ROWS[] = {
      {"legacy styles (LAMMPS gran/hooke, gran/hooke/history, gran/hertz/history): their rows and Chung & Ooi tests",
       STYLE_LEGACY, NULL, true},
      {"the seed's claim: gran/hooke/* = hooke + damping mass_velocity", NULL, "seed-claim", false},
      {"pair = wall: a partner of R_j = 1e4 R_i against a flat wall, every row and style", NULL, "pair-wall", false},
      {"energy never created: Chung & Ooi 4-8, a 5-89.9 deg sweep, every style", NULL, "energy-gain", false},
  };
  for (size_t k = 0; k < sizeof ROWS / sizeof ROWS[0]; k++) {
    char cells[8][160];
    bool any = false;
    for (int e = 0; e < v->nengines && e < 8; e++) {
      const Sel sel = {.engine = v->engines[e], .style = ROWS[k].style, .family = ROWS[k].family,
                       .styled_matrix = ROWS[k].styled_matrix};
      any = verdict_cell_sel(v, &sel, notes, nnotes, cells[e], sizeof cells[e]) || any;
    }
    if (!any) continue;
    char own[64] = "";
    if (ROWS[k].family && !strcmp(ROWS[k].family, "energy-gain")) {
      const Verdict d = verdict_sel(v, &(Sel){.engine = "", .family = ROWS[k].family});
      if (d.judged) snprintf(own, sizeof own, " (grandamp: %s %d/%d)", d.failed ? "**FAIL**" : "PASS", d.passed, d.judged);
    }
    matrix_header(v, out, header);
    fprintf(out, "| %s%s |", ROWS[k].label, own);
    for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s |", cells[e]);
    fprintf(out, " – |\n");
  }
}

/* The markdown matrix (the README's): one row per model, one column per engine, each known
 * defect a numbered note under the table. */
static void verdict_matrix(const Verifier *v, FILE *out) {
  const char *notes[32];
  int nnotes = 0;
  bool header = false;
  for (int k = 0; k < row_count(); k++) {
    const Row *r = row_at(k);
    char id[64], cells[8][160];
    row_id(r, id, sizeof id);
    bool any = false;
    for (int e = 0; e < v->nengines && e < 8; e++) {
      any = verdict_cell(v, v->engines[e], id, "restitution", notes, &nnotes, cells[e], sizeof cells[e]) || any;
    }
    /* the gas cooling column: grandamp's verdict, then each engine's, in a word */
    char gas[160] = "";
    bool any_gas = false;
    for (int e = -1; e < v->nengines && e < 8; e++) {
      const Verdict d = verdict_of(v, e < 0 ? "" : v->engines[e], id, "gas");
      any_gas = any_gas || d.judged || d.skipped;
      const char *w = d.failed ? "**FAIL**" : d.passed ? "PASS" : d.skipped ? "not judged" : "–";
      const size_t len = strlen(gas);
      snprintf(gas + len, sizeof gas - len, "%s%s", e < 0 ? "" : " · ", w);
    }
    if (!any && !any_gas) continue;
    matrix_header(v, out, &header);
    fprintf(out, "| %s + %s |", r->normal, r->damping);
    for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s |", cells[e]);
    fprintf(out, " %s |\n", any_gas ? gas : "–");
  }
  matrix_extra_rows(v, out, notes, &nnotes, &header);
  if (nnotes) fprintf(out, "\n");
  for (int q = 0; q < nnotes; q++) fprintf(out, "[%d] %s%s\n", q + 1, notes[q], q + 1 < nnotes ? "  " : "");
}

void chung_ooi_table(const Verifier *v, FILE *out) {
  const char *notes[32];
  int nnotes = 0;
  fprintf(out, "| Chung & Ooi (2011) | grandamp (every model) |");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, " %s %s |", v->engines[e], v->engine_versions[e]);
  fprintf(out, "\n|---|---|");
  for (int e = 0; e < v->nengines && e < 8; e++) fprintf(out, "---|");
  fprintf(out, "\n");
  for (int t = 0; t < N_CHUNG_OOI; t++) {
    char cell[160];
    verdict_cell(v, "", NULL, CHUNG_OOI[t].family, notes, &nnotes, cell, sizeof cell);
    fprintf(out, "| %s | %s |", CHUNG_OOI[t].what, cell);
    for (int e = 0; e < v->nengines && e < 8; e++) {
      verdict_cell(v, v->engines[e], NULL, CHUNG_OOI[t].family, notes, &nnotes, cell, sizeof cell);
      fprintf(out, " %s |", cell);
    }
    fprintf(out, "\n");
  }
  if (nnotes) fprintf(out, "\n");
  for (int q = 0; q < nnotes; q++) fprintf(out, "[%d] %s%s\n", q + 1, notes[q], q + 1 < nnotes ? "  " : "");
}

void engines_verdict(const Verifier *v, FILE *out, bool markdown) {
  if (markdown) verdict_matrix(v, out);
  else verdict_lines(v, out);
}

