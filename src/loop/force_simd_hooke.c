/* force_simd_hooke.c - the vectorised pair loops of normal model hooke (see force_simd.h). */
#include "force_simd.h"

FORCE_SIMD_DEFINE_NORMAL(HOOKE)
