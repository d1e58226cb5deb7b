/*
 * type_table.h - contact models per pair of atom types, set with LAMMPS pair_coeff lines.
 *
 * A line is "I J <model text>", where I and J are a type or a LAMMPS range (*, n*, *n, m*n).
 * As in LAMMPS, a line sets the pairs (i, j) with i in I, j in J and i <= j. Unset cross pairs
 * are mixed from the two self pairs at resolve time (spec §2.7); every self pair must be set.
 *
 * Memory follows the pair_coeff lines, not the declared type count: the ends of the lines'
 * ranges cut 1..ntypes into at most 4 * lines + 1 classes of consecutive types, and every line
 * sets, for two classes, all their type pairs or none. One model per pair of classes therefore
 * holds the whole table exactly (including which pairs are set and which are mixed), whether
 * the data file declares 2 atom types or 2e9. type_table_bind then gives the particles dense
 * types 1..nt, one per class their atoms use, and the table nt x nt models in that order.
 */
#ifndef GD_TYPE_TABLE_H
#define GD_TYPE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "model.h"
#include "particles.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CoeffLine CoeffLine; /* one accepted pair_coeff line (type_table.c) */

typedef struct TypeTable {
  int ntypes;          /**< types 1..ntypes: the data file's, or after bind the dense ones */
  int nclass;          /**< classes of types, after resolve (0 before) */
  int64_t *class_lo;   /**< nclass + 1 ascending bounds: class c holds types [class_lo[c], class_lo[c + 1]) */
  ContactModel *model; /**< nclass x nclass, symmetric, after resolve */
  CoeffLine *line;     /**< the pair_coeff lines in the order given (the later one wins) */
  int nline, cap_line;
} TypeTable;

void type_table_init(TypeTable *t, int ntypes);
void type_table_free(TypeTable *t);
/** Applies one "I J <text>" line; returns the number of errors appended (nothing is set then). */
int type_table_coeff(TypeTable *t, const char *line, ErrList *err);
/** Builds the class table, checks every self pair is set and mixes every unset cross pair;
 *  returns the number of errors appended. May be called again after more lines. */
int type_table_resolve(TypeTable *t, ErrList *err);
/** The model of types i and j (1-based), after resolve. */
const ContactModel *type_table_get(const TypeTable *t, int i, int j);
/** After a successful resolve: renumbers p's types densely (1..nt, one per class its atoms use,
 *  in type order), sets p->ntypes = nt, and makes the table the nt x nt models of those types
 *  (t->ntypes = nt, t->model indexed (type_i - 1) * nt + type_j - 1), as the force loops read it. */
void type_table_bind(TypeTable *t, Particles *p);

#ifdef __cplusplus
}
#endif
#endif
