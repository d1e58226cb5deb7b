/* force_jkr.c - the specialised pair loops of normal model jkr (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(JKR)
