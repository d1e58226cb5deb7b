/*
 * output.h - output files that never destroy what is not theirs: atomic replacement of regular
 * files, streaming into everything else, cleanup on the usual fatal signals.
 *
 * What <path> names decides how it is written (out_open):
 *  - "-", "/dev/stdout", or any path that is the node of the process's standard output: the
 *    content goes to stdout (the stdio stream, in order with anything else printed there).
 *  - a regular file, a missing name, or a symbolic link (a chain of them, dangling or not) to
 *    either: atomic replacement. The link chain is resolved (relative links against the
 *    link's directory) and the new content is written next to the final target and renamed
 *    onto it, so a link stays a link and its target gets the content. A reader of the target
 *    sees either the previous complete file or the new complete file, never a partial one; a
 *    failure leaves it untouched and no temporary file behind. An existing file keeps its
 *    permission bits (and, where allowed, its owner and group); a file the user may not write
 *    (a read-only file) is refused, as the shell's `>` would refuse it.
 *  - an existing FIFO or character device (/dev/null, a terminal, a pipe given as /dev/fd/N):
 *    the content is streamed into it (opened for writing, never created, truncated or
 *    renamed onto). Such a node has no "previous content" to keep, and refusing it would
 *    forbid `--out /dev/null` and pipelines; a failure says the output there may be
 *    incomplete. The node itself is never replaced.
 *  - a directory, a block device (a disk: never streamed into), a socket, or a link through
 *    /proc that does not name a replaceable file: refused with a message.
 * Every message names the path the user gave (and the link's target as "(-> target)"), never
 * the temporary file.
 *
 * The temporary: where the file system supports it (Linux O_TMPFILE: ext4, xfs, btrfs, tmpfs),
 * the content is written to an unnamed file in the target's directory, which the kernel
 * discards if the process dies, even by SIGKILL; on success it is linked as
 * "<target>.<pid>.tmp" and renamed onto <target> at once. Elsewhere (or without /proc) the
 * content goes to "<target>.<pid>.tmp" directly. While a named temporary exists, SIGHUP,
 * SIGINT, SIGQUIT, SIGTERM and SIGPIPE remove it before the process dies of that signal (the
 * handlers are installed on the first out_open, only for signals left at their default
 * action); SIGXFSZ is ignored from then on, so a write past `ulimit -f` fails with EFBIG
 * (reported, temporary removed) instead of killing the process mid-write.
 *
 * Test hooks (for the tests of this contract; read at each out_open / out_commit):
 *  GRANDAMP_TEST_WRITE_FAULT=enospc:<N>  every output file fails with ENOSPC (disk full) once
 *                                        N bytes are written;
 *                            kill:<N>    the process SIGKILLs itself at that point (a crash);
 *                            term:<N>, int:<N>  it raises SIGTERM / SIGINT at that point;
 *                            term-at-commit, int-at-commit  it raises SIGTERM / SIGINT in
 *                                        out_commit once the temporary has its name, just
 *                                        before the rename.
 *  GRANDAMP_TEST_NO_TMPFILE=1            no O_TMPFILE: the named temporary from the start (as
 *                                        on a file system or a system without it).
 * The write faults apply to the files and nodes out_open opens, not to standard output.
 */
#ifndef GD_OUTPUT_H
#define GD_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** How an OutFile reaches its destination. */
typedef enum OutKind {
  OUT_ATOMIC, /**< temporary file renamed onto target */
  OUT_STDOUT, /**< the process's stdout stream */
  OUT_STREAM, /**< an existing FIFO or character device, written in place */
} OutKind;

typedef struct OutFile {
  FILE *f;        /**< write here */
  char *path;     /**< the name the user gave (for messages) */
  char *target;   /**< the final name after following symbolic links (OUT_ATOMIC; else a copy of path) */
  char *tmp_path; /**< "<target>.<pid>.tmp": the temporary name (linked only at commit when unnamed) */
  int fd;         /**< descriptor under f (-1 for OUT_STDOUT) */
  bool unnamed;   /**< an O_TMPFILE file, linked at commit */
  OutKind kind;
  int slot;       /**< its entry in the signal-cleanup table, or -1 */
} OutFile;

/** Opens the destination for writing (see above); on failure prints the reason and returns false. */
bool out_open(OutFile *o, const char *path);
/** Flushes, checks for write errors, closes and renames onto the target. Returns false (with a
 *  message on stderr, temporary file removed, target unchanged) on any failure. */
bool out_commit(OutFile *o);
/** Closes and removes the temporary file (after an error while producing the content). */
void out_abort(OutFile *o);
/** True when out_open would accept path, judged from the file system without writing
 *  anything (a command's check before its work); else false with "cannot write <path>: <why>"
 *  in msg, the message out_open would give. */
bool out_check(const char *path, char *msg, size_t size);
/** True when out_open would write path to standard output ("-", "/dev/stdout", or the node
 *  that stdout is): for an output that must not mix into a command's printed result. */
bool out_is_stdout(const char *path);
/** True when a and b name the same existing regular file (the same node after following links,
 *  or a hard link), so that a command can refuse to write its output over its own input. */
bool out_same_file(const char *a, const char *b);

#ifdef __cplusplus
}
#endif
#endif
