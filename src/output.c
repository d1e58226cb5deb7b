/* output.c - atomic output files (see output.h). */
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

bool out_open(OutFile *o, const char *path) {
  memset(o, 0, sizeof *o);
  size_t len = strlen(path);
  o->path = gd_xmalloc(len + 1);
  memcpy(o->path, path, len + 1);
  o->tmp_path = gd_xmalloc(len + 5);
  memcpy(o->tmp_path, path, len);
  memcpy(o->tmp_path + len, ".tmp", 5);
  o->f = fopen(o->tmp_path, "w");
  if (!o->f) {
    fprintf(stderr, "grandamp: error: cannot write %s: %s\n", o->tmp_path, strerror(errno));
    free(o->path);
    free(o->tmp_path);
    o->path = o->tmp_path = NULL;
    return false;
  }
  return true;
}

static void release(OutFile *o) {
  free(o->path);
  free(o->tmp_path);
  o->path = o->tmp_path = NULL;
  o->f = NULL;
}

bool out_commit(OutFile *o) {
  int err = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
  if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
  if (!err && rename(o->tmp_path, o->path) != 0) err = errno;
  if (err) {
    fprintf(stderr, "grandamp: error: writing %s failed: %s; %s left unchanged\n", o->tmp_path, strerror(err),
            o->path);
    remove(o->tmp_path);
  }
  release(o);
  return !err;
}

void out_abort(OutFile *o) {
  if (o->f) fclose(o->f);
  if (o->tmp_path) remove(o->tmp_path);
  release(o);
}
