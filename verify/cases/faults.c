/* faults.c - the table of deliberate faults (see faults.h; docs/verification.md, "Fault injection"). */
#include "faults.h"

#include <math.h>
#include <string.h>

/* Each changes only the derived constant that the per-pair kernel reads (DampingParams.D) or
 * the end criterion, for the one model it names, as the imitated bug would. */
static void velocity_1pct(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  if (m->damping.model == DAMPING_VELOCITY) m->damping.D *= 1.01;
}

static void mass_velocity_particle_mass(ContactModel *m, double mass_ratio) {
  if (m->damping.model == DAMPING_MASS_VELOCITY) m->damping.D *= mass_ratio; /* D m_i = D meff (m_i/meff) */
}

static void viscoelastic_1pct(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  if (m->damping.model == DAMPING_VISCOELASTIC) m->damping.D *= 1.01;
}

static void tsuji_without_sqrt2(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  if (m->damping.model == DAMPING_TSUJI) m->damping.D = m->damping.alpha; /* what tsuji/legacy derives */
}

static void coeff_restitution_without_sqrt3_2(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  const double SQRT_3_2 = 1.22474487139158894067;
  if (m->damping.model == DAMPING_COEFF_RESTITUTION && m->normal.model != NORMAL_HOOKE) m->damping.D /= SQRT_3_2;
}

/* The MDR pass reads eta_n0 from the sixth normal coefficient when it sets up its own
 * parameters (mdr_setup), not from DampingParams.D: scaled there and in the copies. */
static void mdr_eta_1pct(ContactModel *m, int d_type) {
  if (m->damping.model != DAMPING_MDR || m->damping.d_type != d_type) return;
  m->normal.coeff[5] *= 1.01;
  m->normal.damp = m->damping.d = m->damping.D = m->normal.coeff[5];
}

static void mdr1_1pct(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  mdr_eta_1pct(m, 1);
}

static void mdr2_1pct(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  mdr_eta_1pct(m, 2);
}

static void delta_end_gets_limit(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  m->limit_damping = true;
}

static void force_end_loses_limit(ContactModel *m, double mass_ratio) {
  (void)mass_ratio;
  m->limit_damping = false;
}

static void list_trigger_unsquared(NeighborList *nl) { nl->trigger = 1.0 / sqrt(nl->skin); }

static const Fault FAULTS[] = {
    {"velocity-1pct-high", "velocity", "eta_n 1 % too large: a rounded or mistyped prefactor", velocity_1pct, NULL},
    {"mass_velocity-particle-mass", "mass_velocity",
     "eta_n = damp m_i instead of damp meff (twice as large for equal spheres, right on a wall)",
     mass_velocity_particle_mass, NULL},
    {"viscoelastic-1pct-high", "viscoelastic", "eta_n 1 % too large: a rounded or mistyped prefactor",
     viscoelastic_1pct, NULL},
    {"tsuji-without-sqrt2", "tsuji", "alpha = P(e) without the sqrt 2 of LAMMPS 2Sep2026 (what tsuji/legacy does)",
     tsuji_without_sqrt2, NULL},
    {"coeff_restitution-without-sqrt3_2", "coeff_restitution",
     "Hertz branch 2 sqrt(5/6) beta without sqrt(3/2) (hooke unchanged): e = 0.5 gives 0.570",
     coeff_restitution_without_sqrt3_2, NULL},
    {"mdr1-1pct-high", "mdr (d_type 1)", "eta_n0 1 % too large in damping mdr 1", mdr1_1pct, NULL},
    {"mdr2-1pct-high", "mdr (d_type 2)", "eta_n0 1 % too large in damping mdr 2", mdr2_1pct, NULL},
    {"delta-end-gets-limit_damping", "delta-end",
     "contact ends at the force zero instead of delta = 0: limit_damping on where it was not asked for",
     delta_end_gets_limit, NULL},
    {"force-end-loses-limit_damping", "force-end",
     "limit_damping ignored: the clamp at F_n = 0 missing, contact ends at delta = 0", force_end_loses_limit, NULL},
    {"list-trigger-unsquared", "neighbour list",
     "the rebuild test compares the squared displacement with the skin, not with (skin/2)^2: pairs go unlisted",
     NULL, list_trigger_unsquared},
};
#define N_FAULTS ((int)(sizeof FAULTS / sizeof FAULTS[0]))

static const Fault *SELECTED;

int fault_count(void) { return N_FAULTS; }

const Fault *fault_at(int k) { return k >= 0 && k < N_FAULTS ? &FAULTS[k] : NULL; }

const Fault *fault_find(const char *name) {
  for (int k = 0; name && k < N_FAULTS; k++)
    if (strcmp(FAULTS[k].name, name) == 0) return &FAULTS[k];
  return NULL;
}

void fault_print_table(FILE *f) {
  for (int k = 0; k < N_FAULTS; k++)
    fprintf(f, "  %-34s %-18s %s\n", FAULTS[k].name, FAULTS[k].breaks, FAULTS[k].imitates);
}

bool fault_select(const char *name) {
  SELECTED = name ? fault_find(name) : NULL;
  return !name || SELECTED;
}

const Fault *fault_selected(void) { return SELECTED; }

void fault_apply(ContactModel *m, double mi, double mj) {
  if (!SELECTED || !SELECTED->apply) return;
  const double meff = isinf(mj) ? mi : mi * mj / (mi + mj);
  SELECTED->apply(m, mi / meff);
}

void fault_apply_list(NeighborList *nl) {
  if (SELECTED && SELECTED->apply_list) SELECTED->apply_list(nl);
}
