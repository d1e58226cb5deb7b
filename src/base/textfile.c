/* textfile.c - the bounded line reader (see textfile.h). */
#include "textfile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TEXTFILE_CHUNK 65536

static void say(TextFile *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(TextFile *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->why, sizeof t->why, fmt, ap); /* a message: cut when longer */
  va_end(ap);
}

/* The names of the standard input: a terminal or a device behind it is read as the user asked. */
static bool is_stdin_name(const char *path) {
  return !strcmp(path, "/dev/stdin") || !strcmp(path, "/dev/fd/0") || !strcmp(path, "/proc/self/fd/0");
}

static bool open_as(TextFile *t, const char *path, long long max_bytes, size_t max_line, bool regular_only) {
  memset(t, 0, sizeof *t);
  t->path = path ? path : "(null)";
  t->max_bytes = max_bytes, t->max_line = max_line, t->size = -1;
  if (!path || !*path) {
    say(t, "an empty file name");
    return false;
  }
  struct stat pre;
  if (regular_only && stat(path, &pre) == 0 && !S_ISREG(pre.st_mode)) { /* before an open that could block */
    say(t, "%.300s: %s, not a regular file", path, S_ISDIR(pre.st_mode) ? "a directory" : "a pipe or device");
    return false;
  }
  t->f = fopen(path, "r");
  if (!t->f) {
    say(t, "cannot read %.300s: %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  const char *kind = NULL;
  if (fstat(fileno(t->f), &st) != 0) kind = "a file that cannot be examined";
  else if (S_ISDIR(st.st_mode)) kind = "a directory";
  else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) kind = is_stdin_name(path) ? NULL : "a device";
  else if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode)) kind = "not a file";
  if (kind) {
    say(t, "%.300s: %s, not a file or a pipe", path, kind);
    fclose(t->f);
    t->f = NULL;
    return false;
  }
  if (S_ISREG(st.st_mode)) {
    t->size = (long long)st.st_size;
    if (t->size > max_bytes) {
      say(t, "%.300s: %lld bytes, more than the %lld this file may have", path, t->size, max_bytes);
      fclose(t->f);
      t->f = NULL;
      return false;
    }
  }
  t->chunk = malloc(TEXTFILE_CHUNK);
  t->text = malloc(max_line + 1);
  if (!t->chunk || !t->text) {
    say(t, "%.300s: out of memory for its reader", path);
    textfile_close(t);
    return false;
  }
  t->text[0] = '\0';
  return true;
}

bool textfile_open(TextFile *t, const char *path, long long max_bytes, size_t max_line) {
  return open_as(t, path, max_bytes, max_line, false);
}

bool textfile_open_regular(TextFile *t, const char *path, long long max_bytes, size_t max_line) {
  return open_as(t, path, max_bytes, max_line, true);
}

bool textfile_give_up(TextFile *t) {
  if (++t->errors < TEXTFILE_MAX_ERRORS) return false;
  say(t, "%.300s: %d bad lines; stopped reading at line %ld", t->path, t->errors, t->line);
  t->fatal = true;
  return true;
}

int textfile_next(TextFile *t) {
  if (!t->f || t->fatal) return 0;
  t->len = 0;
  t->text[0] = '\0';
  bool any = false, nul = false, long_line = false;
  for (;;) {
    if (t->pos == t->end) {
      if (t->eof) break;
      const size_t n = fread(t->chunk, 1, TEXTFILE_CHUNK, t->f);
      if (n == 0) {
        if (ferror(t->f)) {
          say(t, "%.300s:%ld: read error: %s", t->path, t->line + 1, strerror(errno));
          t->fatal = true;
          return -1;
        }
        t->eof = true;
        break;
      }
      t->pos = 0, t->end = n;
      if ((t->bytes += (long long)n) > t->max_bytes) {
        say(t, "%.300s: more than %lld bytes; stopped reading at line %ld", t->path, t->max_bytes, t->line + 1);
        t->fatal = true;
        return -1;
      }
    }
    any = true;
    const char *s = t->chunk + t->pos;
    const size_t avail = t->end - t->pos;
    const char *nl = memchr(s, '\n', avail);
    const size_t seg = nl ? (size_t)(nl - s) : avail;
    if (memchr(s, '\0', seg)) nul = true;
    if (!long_line && t->len + seg > t->max_line) long_line = true;
    if (!long_line) memcpy(t->text + t->len, s, seg), t->len += seg;
    t->pos += seg + (nl ? 1 : 0);
    if (nl || nul) break;
  }
  if (!any) return 0;
  t->line++;
  if (nul) {
    say(t, "%.300s:%ld: a NUL byte: not a text file", t->path, t->line);
    t->fatal = true;
    t->len = 0, t->text[0] = '\0';
    return -1;
  }
  if (long_line) {
    say(t, "%.300s:%ld: a line longer than %zu bytes", t->path, t->line, t->max_line);
    t->len = 0, t->text[0] = '\0';
    if (textfile_give_up(t)) {
      say(t, "%.300s:%ld: a line longer than %zu bytes (and %d bad lines: stopped reading)", t->path, t->line,
          t->max_line, t->errors);
    }
    return -1;
  }
  if (t->len && t->text[t->len - 1] == '\r') t->len--;
  t->text[t->len] = '\0';
  return 1;
}

void textfile_close(TextFile *t) {
  if (t->f) fclose(t->f);
  free(t->chunk);
  free(t->text);
  t->f = NULL, t->chunk = NULL, t->text = NULL;
}
