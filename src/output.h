/*
 * output.h - atomic output files: write to "<path>.tmp", check every write, rename on success.
 *
 * A reader of <path> sees either the previous complete file or the new complete file, never a
 * partial one; a failure removes the temporary file and leaves <path> untouched.
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
  char *tmp_path; /**< "<path>.tmp" */
} OutFile;

/** Opens <path>.tmp for writing; on failure prints the reason and returns false. */
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
