/* force_simd_hertz_material.c - the vectorised pair loops of normal model hertz_material (see force_simd.h). */
#include "force_simd.h"

FORCE_SIMD_DEFINE_NORMAL(HERTZ_MATERIAL)
