/* force_hertz_material.c - the specialised pair loops of normal model hertz_material (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(HERTZ_MATERIAL)
