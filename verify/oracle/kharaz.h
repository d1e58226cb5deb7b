/*
 * kharaz.h - the measurement behind Chung & Ooi's test 4: Kharaz, Gorham & Salman (2001), "An
 * experimental study of the elastic rebound of spheres", Powder Technology 120:281-291: 5 mm
 * aluminium oxide spheres on a thick soda-lime glass anvil at 3.9 m/s, the impact angle from the
 * normal. Their points are in public DEM test suites, read off the paper's figures twice,
 * independently (every angle and value differs between the two, by 0.0002-0.0007 in e_t, up to
 * 1.1 rad/s in the spin and 0.2 degrees in the rebound angle; the first rebound point is 0.24 degrees
 * in one and 0.016 in the other):
 *   A  MFiX's DEM05 verification test, tests/dem/DEM05/AUTOTEST/POST_COEFF.dat, POST_OMEGA.dat and
 *      POST_ALPHA.dat ("Experiment" columns; MFiX VVUQ manual, DEM-05);
 *   B  Lethe's oblique wall impact example, examples/dem/3d-oblique-wall-impact/
 *      oblique_wall_impact_postprocessing.py (its "Experimental data from A.H. Kharaz ..." lists).
 * Facts only: the numbers, paired point by point in angle order.
 */
#ifndef GD_KHARAZ_H
#define GD_KHARAZ_H

typedef enum KharazQuantity {
  KHARAZ_ET,      /**< tangential restitution V_t'/V_t of the centre */
  KHARAZ_SPIN,    /**< rebound spin |w'| [rad/s] */
  KHARAZ_REBOUND, /**< rebound angle of the centre from the normal, atan(V_t'/V_n') [deg] */
  N_KHARAZ
} KharazQuantity;

/** One measured point as the two digitisations read it: angle [deg] and value. */
typedef struct KharazPoint {
  double angle_a, value_a, angle_b, value_b;
} KharazPoint;

/** The quantity's points (*n of them) in angle order. */
const KharazPoint *kharaz_points(KharazQuantity q, int *n);
/** The point's angle and value: the two digitisations' mean. */
double kharaz_angle(const KharazPoint *p);
double kharaz_value(const KharazPoint *p);
/** The measurement's scatter of a quantity: the RMS of its points about the elastic microslip
 *  theory of Maw, Barber & Fawcett (mbf.h), which Kharaz et al. found their points to follow
 *  "very closely" (computed, at the experiment's parameters and each point's angle). */
double kharaz_scatter(KharazQuantity q);
/** A model follows the measurement at point p when within this of its value: three times the
 *  scatter (the RMS of 7 to 9 points is itself uncertain by about a quarter) plus the two
 *  digitisations' disagreement. */
double kharaz_tolerance(KharazQuantity q, const KharazPoint *p, double scatter);
/** The angle [deg] above which a rigid sphere slides throughout the contact, atan(3.5 mu (1 + e))
 *  (Maw et al. 1976; Chung & Ooi 2011): the gross-sliding regime, where every Coulomb model must
 *  meet the measurement. */
double kharaz_sliding_angle(void);
/** "e_t", "spin", "rebound". */
const char *kharaz_name(KharazQuantity q);

/** The experiment: sphere radius [m], density [kg/m^3], E [Pa], nu, speed [m/s], and the mu and
 *  normal e of Chung & Ooi's test 4 that models it. */
#define KHARAZ_R 0.0025
#define KHARAZ_RHO 4000.0
#define KHARAZ_E 380e9
#define KHARAZ_NU 0.23
#define KHARAZ_V 3.9
#define KHARAZ_MU 0.092
#define KHARAZ_EN 0.98

#endif
