/*
 * textfile.h - one bounded line reader for every text file the tools read (calibrate's points,
 * engines bench's rows, the verifier's previous CSV, the engines' logs), so that the rules are
 * written once:
 *
 *   - only a regular file, a pipe (FIFO or socket) or the standard input is read: a directory
 *     or a device such as /dev/zero (which never ends) is refused before reading;
 *   - at most max_bytes in all (a regular file's size is checked before reading), and at most
 *     max_line bytes per line: a longer line is refused (its rest skipped), never cut;
 *   - a NUL byte ends the reading: the file is not text;
 *   - every message names the file and, for a line, its number ("PATH:LINE: ...").
 *
 *   TextFile t;
 *   if (!textfile_open(&t, path, 16 << 20, 4096)) report(t.why);
 *   for (int rc; (rc = textfile_next(&t)) != 0;) {
 *     if (rc < 0) { report(t.why); if (t.fatal) break; continue; }
 *     use(t.text, t.len, t.line);
 *   }
 *   textfile_close(&t);
 *
 * The reader holds one chunk and one line (max_line + 1 bytes): its memory does not grow with
 * the file. Lines end at '\n'; a '\r' before it is dropped; the last line needs no '\n'.
 * POSIX only, nothing else of grandamp (the engine adapters use it too).
 */
#ifndef GD_TEXTFILE_H
#define GD_TEXTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Bad lines a reader reports before it stops listing them (the caller's own content errors
 *  are meant to count against the same budget: see textfile_give_up). */
#define TEXTFILE_MAX_ERRORS 20

typedef struct TextFile {
  const char *path;    /**< as given, for the messages */
  FILE *f;
  long long max_bytes; /**< the whole file's limit */
  size_t max_line;     /**< one line's limit, without its line end */
  long long size;      /**< a regular file's size in bytes; -1 for a pipe */
  long long bytes;     /**< read so far */
  long line;           /**< the number of the line last returned (1 for the first) */
  char *text;          /**< that line, NUL-terminated (max_line + 1 bytes); valid until the next call */
  size_t len;          /**< its length */
  bool fatal;          /**< the file cannot be read further (why says why) */
  int errors;          /**< bad lines so far (the reader's and the caller's) */
  char why[640];       /**< the last problem, "PATH[:LINE]: ..." */
  /* the read buffer */
  char *chunk;
  size_t pos, end;
  bool eof;
} TextFile;

/** Opens path for reading; false with t->why (and nothing to close) when it cannot be opened,
 *  is a directory or a device other than the standard input, or is a regular file over
 *  max_bytes. */
bool textfile_open(TextFile *t, const char *path, long long max_bytes, size_t max_line);
/** textfile_open for a file some other program wrote (an engine's log): only a regular file
 *  (a pipe is refused before the open, which would wait for a writer). */
bool textfile_open_regular(TextFile *t, const char *path, long long max_bytes, size_t max_line);
/** The next line into t->text: 1; 0 at the end of the file; -1 with t->why for a line that is
 *  too long (skipped: the next call goes on after it) or, with t->fatal set, a NUL byte, more
 *  than max_bytes, a read error or too many bad lines (the next call returns 0). */
int textfile_next(TextFile *t);
/** Counts one bad line of the caller's; true (with t->why, t->fatal set) when TEXTFILE_MAX_ERRORS
 *  are reached and the caller should stop listing them. */
bool textfile_give_up(TextFile *t);
void textfile_close(TextFile *t);

#ifdef __cplusplus
}
#endif
#endif
