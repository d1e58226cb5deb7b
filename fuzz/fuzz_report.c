/*
 * fuzz_report.c - fuzz harness: the nightly report's inputs (tools/report.sh, run from the
 * repository root). The input is split into the files the report reads at lines "@@ NAME"
 * (what comes before the first such line is verify.csv): verify.csv, verify-changes.txt,
 * bench.csv, bench.json, compare.csv, history-verify, history-bench. Whatever they hold, the
 * report ends within its limit, and either writes a page that is UTF-8, holds no control byte,
 * no script and no infinite or NaN ratio, or exits 1 or 2 with its error and no page.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "proc.h"

enum { REPORT_LIMIT_S = 60 };

/* The input's sections and where each goes (relative to the work folder). */
static const struct {
  const char *section, *file;
} REPORT_FILES[] = {
    {"verify.csv", "data/verify.csv"},
    {"verify-changes.txt", "data/verify-changes.txt"},
    {"bench.csv", "data/bench-fuzz-20261207-000000.csv"},
    {"bench.json", "data/bench-fuzz-20261207-000000.json"},
    {"compare.csv", "data/compare-fuzz-20261207-000000.csv"},
    {"history-verify", "out/history/verify-20261101T000000Z.tsv"},
    {"history-bench", "out/history/bench-20261101-000000-fuzz.tsv"},
};
enum { N_REPORT_FILES = sizeof REPORT_FILES / sizeof *REPORT_FILES };

static char report_work[64];

static void write_file(const char *name, const uint8_t *data, size_t size) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", report_work, name);
  FILE *f = fopen(path, "wb");
  FUZZ_CHECK(f != NULL, "cannot write %s", path);
  FUZZ_CHECK(fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s", path);
}

/* Which file a "@@ NAME" line names (-1: none, the line is data). */
static int section_of(const uint8_t *line, size_t n) {
  if (n < 3 || memcmp(line, "@@ ", 3) != 0) return -1;
  for (int k = 0; k < N_REPORT_FILES; k++)
    if (n - 3 == strlen(REPORT_FILES[k].section) && !memcmp(line + 3, REPORT_FILES[k].section, n - 3)) return k;
  return -1;
}

static void split_input(const uint8_t *data, size_t size) {
  int current = 0;
  size_t start = 0;
  for (size_t at = 0; at <= size;) {
    const uint8_t *nl = at < size ? memchr(data + at, '\n', size - at) : NULL;
    const size_t end = nl ? (size_t)(nl - data) : size;
    const int next = section_of(data + at, end - at);
    if (next >= 0 || end == size) {
      const size_t stop = next >= 0 ? at : size;
      if (stop > start || current == 0) write_file(REPORT_FILES[current].file, data + start, stop - start);
      if (next < 0) break;
      current = next, start = end + 1 < size ? end + 1 : size;
    }
    at = end + 1;
  }
}

/* Whether s[0..n) is well-formed UTF-8 (RFC 3629 section 4) without a control character other
 * than tab and newline (C0, DEL and C1 are not allowed in HTML). */
static bool clean_utf8(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    const unsigned c = s[i];
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) return false;
      i++;
      continue;
    }
    const size_t need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
    if (need == 0 || i + need >= n) return false;
    const unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : c == 0xC2 ? 0xA0 : 0x80; /* C2 80-9F: C1 */
    const unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (s[i + 1] < lo || s[i + 1] > hi) return false;
    for (size_t k = 2; k <= need; k++)
      if ((s[i + k] & 0xC0) != 0x80) return false;
    i += need + 1;
  }
  return true;
}

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = malloc(8 << 20);
  FUZZ_CHECK(buf != NULL, "out of memory");
  *n = fread(buf, 1, (8 << 20) - 1, f);
  buf[*n] = '\0';
  fclose(f);
  return buf;
}

int fuzz_report(const uint8_t *data, size_t size) {
  char why[512];
  snprintf(report_work, sizeof report_work, "/tmp/grandamp-fuzz-report-XXXXXX");
  FUZZ_CHECK(mkdtemp(report_work) != NULL, "cannot make a work folder");
  char dir[128], out[128], page[160], log[160];
  snprintf(dir, sizeof dir, "%s/data", report_work);
  snprintf(out, sizeof out, "%s/out", report_work);
  FUZZ_CHECK(mkdir(dir, 0700) == 0 && mkdir(out, 0700) == 0, "cannot make the folders");
  snprintf(page, sizeof page, "%s/out/history", report_work);
  FUZZ_CHECK(mkdir(page, 0700) == 0, "cannot make the history folder");
  split_input(data, size);
  snprintf(page, sizeof page, "%s/index.html", out);
  snprintf(log, sizeof log, "%s/report.log", report_work);
  const char *argv[] = {"tools/report.sh", "--data", dir, "--bench", dir, "--plots", dir, "--bench-plots", dir, "--out",
                        out, NULL};
  const int rc = proc_spawn(argv, log, REPORT_LIMIT_S, why, sizeof why);
  FUZZ_CHECK(proc_last_fault() == PROC_FAULT_NONE, "the report did not end by itself: %s", why);
  size_t n = 0;
  char *text = slurp(page, &n);
  if (rc != 0) {
    FUZZ_CHECK(rc == 1 || rc == 2, "the report exited %d", rc);
    FUZZ_CHECK(text == NULL, "a failed report (exit %d) left a page", rc);
    char *said = slurp(log, &n);
    FUZZ_CHECK(said && strstr(said, "grandamp: error: report: "), "exit %d without its error", rc);
    free(said);
    proc_scratch_remove(report_work);
    return 0;
  }
  FUZZ_CHECK(text != NULL, "exit 0 and no page");
  FUZZ_CHECK(clean_utf8((const unsigned char *)text, n), "the page is not clean UTF-8");
  FUZZ_CHECK(!strstr(text, "inf×") && !strstr(text, "nan×") && !strstr(text, "inf ×"), "a non-finite ratio on the page");
  FUZZ_CHECK(!strstr(text, "<script"), "a script on the page");
  FUZZ_CHECK(strstr(text, "</html>") != NULL, "the page is cut");
  free(text);
  proc_scratch_remove(report_work);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_report(data, size); }
#endif
