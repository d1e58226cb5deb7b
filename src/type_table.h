/*
 * type_table.h - contact models per pair of atom types, set with LAMMPS pair_coeff lines.
 *
 * A line is "I J <model text>", where I and J are a type or a LAMMPS range (*, n*, *n, m*n).
 * As in LAMMPS, a line sets the pairs (i, j) with i in I, j in J and i <= j. Unset cross pairs
 * are mixed from the two self pairs at resolve time (spec §2.7); every self pair must be set.
 */
#ifndef GD_TYPE_TABLE_H
#define GD_TYPE_TABLE_H

#include <stdbool.h>

#include "error.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TypeTable {
  int ntypes;
  ContactModel *model; /**< ntypes x ntypes, symmetric after type_table_resolve() */
  bool *is_set;        /**< explicitly given by a pair_coeff line */
} TypeTable;

void type_table_init(TypeTable *t, int ntypes);
void type_table_free(TypeTable *t);
/** Applies one "I J <text>" line; returns the number of errors appended (nothing is set then). */
int type_table_coeff(TypeTable *t, const char *line, ErrList *err);
/** Mixes every unset cross pair; returns the number of errors appended. */
int type_table_resolve(TypeTable *t, ErrList *err);
/** The model of types i and j (1-based), after resolve. */
const ContactModel *type_table_get(const TypeTable *t, int i, int j);

#ifdef __cplusplus
}
#endif
#endif
