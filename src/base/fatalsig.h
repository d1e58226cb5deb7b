/*
 * fatalsig.h - clean-up on the fatal signals, shared by the modules that need it (output files'
 * temporaries, the engines' process groups and scratch folders): each module's handler does its
 * own async-signal-safe clean-up, then passes the signal on to the handler installed before it,
 * or dies of it, so that the modules chain in whatever order they were installed. POSIX only.
 */
#ifndef GD_FATALSIG_H
#define GD_FATALSIG_H

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Installs handler (every signal blocked while it runs) for each of the n signals that has its
 *  default action or a plain handler, keeping that one in previous[sig] (previous has NSIG
 *  entries); an ignored signal (a background job's SIGINT) stays ignored, a handler that takes
 *  siginfo is left in place. */
void fatalsig_install(const int *sigs, int n, void (*handler)(int), struct sigaction *previous);
/** The end of a handler installed so: the handler that was there before, else the default action
 *  (the process dies of sig, so its exit status still says so). Async-signal-safe. */
void fatalsig_pass_on(int sig, const struct sigaction *previous);

#ifdef __cplusplus
}
#endif
#endif
