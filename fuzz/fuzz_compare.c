/*
 * fuzz_compare.c - fuzz harness: the verifier's previous CSV (previous_load of
 * verify/report/compare_load.c, the input held in a memfd). A refusal gives a reason; an accepted file
 * gives at least one case, sorted by name without a repeat, each with a known status, and costs
 * a bounded multiple of its size.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "compare.h"
#include "fuzz.h"

static int compare_fd = -1;
static char compare_path[64];

int fuzz_compare(const uint8_t *data, size_t size) {
  FUZZ_MEMFD_FILE(compare_fd, compare_path, data, size);
  Previous prev;
  char why[4200];
  why[0] = 'x', why[1] = '\0';
  const bool ok = previous_load(&prev, compare_path, why, sizeof why);
  if (!ok) {
    FUZZ_CHECK(why[0] && strcmp(why, "x") != 0, "refused without a reason");
    FUZZ_CHECK(prev.c == NULL && prev.names == NULL && prev.n == 0, "a refusal kept %d cases", prev.n);
    return 0;
  }
  FUZZ_CHECK(prev.n >= 1, "accepted with no case");
  for (int k = 0; k < prev.n; k++) {
    FUZZ_CHECK(prev.c[k].status < 5, "status %d", prev.c[k].status);
    FUZZ_CHECK(prev.c[k].name < prev.names_len, "name offset %u of %zu", prev.c[k].name, prev.names_len);
    FUZZ_CHECK(previous_name(&prev, &prev.c[k])[0] != '\0', "an empty name");
    if (k) FUZZ_CHECK(strcmp(previous_name(&prev, &prev.c[k - 1]), previous_name(&prev, &prev.c[k])) < 0, "not sorted");
  }
  /* every case comes from a record of at least "n,PASS,0,0" and a header line */
  FUZZ_CHECK(previous_bytes(&prev) <= 8 * size + 16384, "%zu bytes held for %zu bytes of input", previous_bytes(&prev),
             size);
  previous_free(&prev);
  return 0;
}

#ifdef GD_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_compare(data, size); }
#endif
