/* force_hertz.c - the specialised pair loops of normal model hertz (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(HERTZ)
