/* force_simd_hertz.c - the vectorised pair loops of normal model hertz (see force_simd.h). */
#include "force_simd.h"

FORCE_SIMD_DEFINE_NORMAL(HERTZ)
