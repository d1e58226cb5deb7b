/*
 * common.h - what every layer of grandamp writes the same way: pi, the forced inline of the
 * per-contact kernels, MAX and MIN as LAMMPS writes them, and the X-macro row helper of the
 * model lists.
 */
#ifndef GD_COMMON_H
#define GD_COMMON_H

#ifdef __cplusplus
extern "C" {
#endif

#define GD_PI 3.14159265358979323846 /* M_PI is not part of strict C11 */

/* Per-contact kernels are always inlined, so a caller passing literal model ids gets one
 * straight-line specialisation (the pair loops in force.c). */
#define GD_INLINE static inline __attribute__((always_inline))

/* The model lists are X-macros with a context argument, so they can be nested:
 * LIST_EX(X, ctx) expands to X(ctx, row...) for each row; LIST(X) to X(row...). */
#define GD_APPLY_ROW(X, ...) X(__VA_ARGS__)

/* MAX and MIN as LAMMPS writes them ((a) > (b) ? (a) : (b)): inlined, unlike libm's fmax/fmin
 * with their NaN rules, and with the same result for every non-NaN input. */
GD_INLINE double gd_max(double a, double b) { return a > b ? a : b; }
GD_INLINE double gd_min(double a, double b) { return a < b ? a : b; }

#ifdef __cplusplus
}
#endif

#endif
