/* force_mdr.c - the specialised pair loops of normal model mdr (see force_kernel.h). */
#include "force_kernel.h"

FORCE_DEFINE_NORMAL(MDR)
