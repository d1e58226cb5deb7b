/*
 * datafile.h - LAMMPS data files (read_data / write_data) for atom_style sphere.
 *
 * The subset of the LAMMPS data format that spheres need (LAMMPS docs, read_data):
 *
 *   <title line>                                  line 1, ignored
 *   <N> atoms                                     header: counts and box, before any section
 *   <T> atom types
 *   <xlo> <xhi> xlo xhi                           (likewise ylo yhi, zlo zhi)
 *   [0 0 0 xy xz yz]                              tilt factors; only 0 0 0 (no triclinic box)
 *   Atoms # sphere                                id type diameter density x y z [ix iy iz]
 *   Velocities                                    id vx vy vz wx wy wz (optional, else 0)
 *   Masses                                        accepted and ignored (per-atom mass)
 *
 * As in LAMMPS atom_style sphere, radius = diameter / 2 and, for diameter > 0, the density
 * column gives mass = 4 pi / 3 * radius^3 * density; for diameter == 0 it is the mass itself.
 * Image flags are applied on reading (x += ix * (xhi - xlo), ...), so positions come back
 * unwrapped; the periodic flags of the box are not part of a data file (LAMMPS `boundary`).
 *
 * Units: whatever the file uses (LAMMPS `units si`: m, kg/m^3, m/s, 1/s), nothing converted.
 */
#ifndef GD_DATAFILE_H
#define GD_DATAFILE_H

#include <stdbool.h>

#include "error.h"
#include "particles.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Reads a LAMMPS data file (atom_style sphere) into *p and *b (box periodic flags are NOT set
 *  by the file: the caller sets them). Every problem is appended to err as
 *  "<path>:<line>: <problem>", as many as can be found in one pass (stop after 20). The atom
 *  count must fit in the file's size and in this machine's available memory; a NUL byte or a
 *  line over 4096 bytes stops the reading (not a text file).
 *  Returns true on success; on failure *p is freed/zeroed.
 *
 *  In: path. Out: *p (overwritten, not freed first: pass an empty Particles), allocated with
 *  particles_alloc and holding the atoms in file order (p->id their LAMMPS ids); b->lo, b->hi
 *  (b->periodic is left as it was; *b is untouched on failure). */
bool datafile_read(const char *path, Particles *p, Box *b, ErrList *err);

/** Writes *p and *b as a LAMMPS data file, atomically via out_open/out_commit (output.h).
 *  Returns false (message already on stderr) on failure; the old file is then untouched.
 *
 *  title: the first line (NULL for a default; line breaks become blanks; cut at 256 bytes). Every value must be
 *  finite, radius >= 0, mass > 0, 1 <= type <= p->ntypes, id >= 1, lo < hi; otherwise nothing
 *  is written. Numbers use %.17g, so a read gives back the same doubles, except mass, which
 *  goes through density (within a few ulp), and subnormal values, written as 0 because the
 *  strict reader refuses them. */
bool datafile_write(const char *path, const Particles *p, const Box *b, const char *title);

#ifdef __cplusplus
}
#endif
#endif
