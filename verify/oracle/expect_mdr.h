/*
 * expect_mdr.h - the verifier's MDR material and what the MDR cases expect of it, written from
 * docs/models.md §6 and independent of src/ (no mdr.c, no model header): the yield onset of
 * §6.10 hook 5, the quasi-static force of one contact side (§6.5) and its loading-unloading
 * work ratio, and the interior bond force of a compacted fcc block (§6.3, §6.5).
 */
#ifndef GD_VERIFY_EXPECT_MDR_H
#define GD_VERIFY_EXPECT_MDR_H

#include <stdbool.h>
#include <stddef.h>

#define MDR_E 5.0e6
#define MDR_NU 0.4
#define MDR_Y 1.9e5 /* the seed/docs example material */
#define RAD 0.005   /* the verifier's spheres (setup_bodies): R = 5 mm, 2500 kg/m^3 */
#define RHO 2500.0


/** E/(1 - nu^2) of the material [Pa]. */
double mdr_eeff(void);
/** The mass of a sphere of radius R at density RHO [kg]. */
double mdr_sphere_mass(double R);
/** delta_Y/R, the root of hook 5's yield condition for Y/Eeff (bisection). */
double mdr_yield_ratio(double y_over_eeff);
/** The force of one side at its largest displacement d (monotone loading): elastic below dY,
 *  then the plastic area at the yield pressure (§6.5) [N]. */
double mdr_side_loading_force(double d, double R, double dY);
/** W_out/W_in of one side loaded to dm and unloaded to zero force, quasi-statically (§6.5);
 *  wall: with the wall's magnifier of §6.6. */
double mdr_side_loop_ratio(double R, double dY, double dm, bool wall);
/** The radius of an interior fcc particle with 8 caps of height d that keeps its volume (§6.3). */
double mdr_grown_radius(double d);
/** The force of a bond between two interior fcc particles at side displacement d, the bulk
 *  response on from db (§6.3, §6.5) [N]. */
double mdr_interior_bond_force(double d, double db, double R, double dY);
/** The model text of the material: mdr E nu Y 0 psi_b damp, damping mdr d_type. */
void mdr_text(char *buf, size_t n, double Y, double psi_b, double damp, int d_type);

#endif
