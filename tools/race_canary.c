/* race_canary.c - an OpenMP loop with a deliberate data race on `sum`. `make race` runs it first
 * and requires ThreadSanitizer to report it (exit 66), so a silent race run means no races, not
 * a detector that is not listening. */
#include <stdio.h>

int main(void) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < 100000; i++) sum += i; /* the race */
  printf("%g\n", sum);
  return 0;
}
