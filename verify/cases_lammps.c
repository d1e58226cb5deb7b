/* cases_lammps.c - cross-check with Debian's LAMMPS (lmp) when it is installed (issue 5 item 7). */
#include "verify.h"

void cases_lammps(Verifier *v) {
  if (!v->have_lmp) {
    if (case_begin(v, "lammps", "lammps/collisions")) case_skip(v, "lmp not installed (apt-get install lammps): skipped");
    return;
  }
  if (case_begin(v, "lammps", "lammps/collisions")) case_skip(v, "LAMMPS cross-check not implemented yet");
}
