/* timer.c - phase timer names and the clock (see timer.h). */
#include "timer.h"

#include <omp.h>

const char *const TIMER_NAMES[N_TIMERS] = {
#define X(id, name) name,
    TIMER_LIST(X)
#undef X
};

double timer_now(void) { return omp_get_wtime(); }
