/* timer.h - phase timers (CoMD): an enum and a same-order name table; wall-clock seconds. */
#ifndef GD_TIMER_H
#define GD_TIMER_H

#define TIMER_LIST(X) X(SORT, "sort") X(NEIGHBOR, "neighbor") X(FORCE, "force") X(INTEGRATE, "integrate")

typedef enum TimerId {
#define X(id, name) TIMER_##id,
  TIMER_LIST(X)
#undef X
  N_TIMERS
} TimerId;

extern const char *const TIMER_NAMES[N_TIMERS];

/** Wall-clock time in seconds (omp_get_wtime). */
double timer_now(void);

#endif
