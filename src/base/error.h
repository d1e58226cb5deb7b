/*
 * error.h - exit codes, error lists and checked allocation.
 *
 * grandamp reports every problem of an input in one run (CoMD's failCode idea, on stderr):
 * checks append to an ErrList, the caller prints the whole list and exits with
 * GD_EXIT_USAGE. Nothing is written before the list is known to be empty.
 */
#ifndef GD_ERROR_H
#define GD_ERROR_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Process exit codes, documented in --help and the README. */
enum GdExit {
  GD_EXIT_OK = 0,      /**< success */
  GD_EXIT_RUNTIME = 1, /**< I/O or memory failure */
  GD_EXIT_USAGE = 2,   /**< bad command line or bad model text */
  GD_EXIT_VERIFY = 3   /**< a verification check failed */
};

/** A growable list of one-line messages (without the "grandamp: error: " prefix). */
typedef struct ErrList {
  char **msg; /**< messages, each malloc'd */
  int n;      /**< number of messages */
  int cap;    /**< allocated slots */
} ErrList;

/** Appends a printf-formatted message. */
void errlist_add(ErrList *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Prints each message as "grandamp: error: <msg>" to f. */
void errlist_print(const ErrList *e, FILE *f);
/** Frees the messages; the list is empty and reusable afterwards. */
void errlist_free(ErrList *e);

/** Internal invariant check (Box2D style), on with DEBUG=1; never for user input. */
#ifdef GD_DEBUG
#define GD_ASSERT(c) ((c) ? (void)0 : gd_die(GD_EXIT_RUNTIME, "internal error: %s (%s:%d)", #c, __FILE__, __LINE__))
#else
#define GD_ASSERT(c) ((void)0)
#endif

/** Prints "grandamp: error: <msg>" to stderr (and does not exit). */
void gd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/** Prints "grandamp: <msg>" to stderr (a note of what was done), escaped and cut as errors are. */
void gd_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/** Prints "grandamp: warning: <msg>" to stderr. */
void gd_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/** Prints "grandamp: error: <msg>" to stderr and exits with code. */
void gd_die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/** malloc that exits with GD_EXIT_RUNTIME, naming the size, when memory is short. */
void *gd_xmalloc(size_t size);
/** 64-byte aligned allocation (size rounded up to a multiple of 64; free() releases it) with the
 *  same failure behaviour. */
void *gd_xmalloc_aligned(size_t size);
/** realloc with the same failure behaviour. */
void *gd_xrealloc(void *p, size_t size);

#ifdef __cplusplus
}
#endif
#endif
