/* fatalsig.c - the chain of fatal-signal clean-ups (see fatalsig.h). */
#include "fatalsig.h"

#include <string.h>

void fatalsig_install(const int *sigs, int n, void (*handler)(int), struct sigaction *previous) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigfillset(&sa.sa_mask);
  for (int k = 0; k < n; k++) {
    struct sigaction old;
    if (sigaction(sigs[k], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler == SIG_IGN) continue;
    previous[sigs[k]] = old;
    sigaction(sigs[k], &sa, NULL);
  }
}

void fatalsig_pass_on(int sig, const struct sigaction *previous) {
  const struct sigaction *old = &previous[sig];
  if (!(old->sa_flags & SA_SIGINFO) && old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
    old->sa_handler(sig); /* another module's clean-up, which passes it on in turn */
  } else {
    signal(sig, SIG_DFL);
    raise(sig); /* pending until the handler returns (it blocks every signal), then fatal */
  }
}
