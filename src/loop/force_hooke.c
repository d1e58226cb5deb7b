/* force_hooke.c - the specialised pair loops of normal model hooke (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(HOOKE)
