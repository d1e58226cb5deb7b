/* force_dmt.c - the specialised pair loops of normal model dmt (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(DMT)
