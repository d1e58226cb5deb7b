/* force_simd_dmt.c - the vectorised pair loops of normal model dmt (see force_simd.h). */
#include "force_simd.h"

FORCE_SIMD_DEFINE_NORMAL(DMT)
