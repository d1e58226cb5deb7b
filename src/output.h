/*
 * output.h - atomic output files: write to an unnamed or temporary file, check every write,
 * rename onto the final name on success.
 *
 * A reader of <path> sees either the previous complete file or the new complete file, never a
 * partial one; a failure leaves <path> untouched and no temporary file behind.
 *
 * Where the file system supports it (Linux O_TMPFILE: ext4, xfs, btrfs, tmpfs), the content is
 * written to an unnamed file in the target's directory, which the kernel discards if the
 * process dies, even by SIGKILL; on success it is linked as "<path>.<pid>.tmp" and renamed
 * onto <path> at once. Elsewhere the content goes to "<path>.<pid>.tmp" directly (removed on
 * any failure the process survives).
 *
 * Test hook: GRANDAMP_TEST_WRITE_FAULT=enospc:<N> makes every output file fail with ENOSPC
 * (disk full) once N bytes are written; kill:<N> makes the process kill itself with SIGKILL
 * at that point (a crash mid-write). It exists for the tests of this contract.
 */
#ifndef GD_OUTPUT_H
#define GD_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct OutFile {
  FILE *f;        /**< write here */
  char *path;     /**< final name */
  char *tmp_path; /**< "<path>.<pid>.tmp": the temporary name (linked only at commit when unnamed) */
  int fd;         /**< descriptor under f */
  bool unnamed;   /**< an O_TMPFILE file, linked at commit */
} OutFile;

/** Opens the temporary file for writing; on failure prints the reason and returns false. */
bool out_open(OutFile *o, const char *path);
/** Flushes, checks for write errors, closes and renames onto path. Returns false (with a
 *  message on stderr, temporary file removed) on any failure. */
bool out_commit(OutFile *o);
/** Closes and removes the temporary file (after an error while producing the content). */
void out_abort(OutFile *o);

#ifdef __cplusplus
}
#endif
#endif
