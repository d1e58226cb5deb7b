/*
 * fuzz.h - the bodies of the fuzz harnesses, shared by libFuzzer (make fuzz) and the
 * regression replay in the unit tests (tests/io/test_fuzz_regress.c, normal gcc build).
 *
 * Each fuzz/fuzz_<target>.c defines fuzz_<target>(data, size): it feeds one input to a parser
 * and checks properties a correct parser must have (no crash, no leak and no undefined
 * behaviour are checked by the sanitizers; the FUZZ_CHECKs add round trips and invariants).
 * Built with -DGD_LIBFUZZER, the file also defines LLVMFuzzerTestOneInput.
 *
 * FUZZ_CHECK(cond, ...) reports a broken property: abort() under libFuzzer (a crash it
 * records), fail_msg() in the cmocka replay (which defines FUZZ_FAIL before including).
 */
#ifndef GD_FUZZ_H
#define GD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_FAIL
#define FUZZ_FAIL(...) (fprintf(stderr, "fuzz check failed: " __VA_ARGS__), fputc('\n', stderr), abort())
#endif
#define FUZZ_CHECK(cond, ...)                                                                  \
  do {                                                                                         \
    if (!(cond)) FUZZ_FAIL(__VA_ARGS__);                                                       \
  } while (0)

/** The input as a NUL-terminated heap string (free it); the parsers take C strings. */
static inline char *fuzz_cstring(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  FUZZ_CHECK(text != NULL, "out of memory");
  memcpy(text, data, size);
  text[size] = '\0';
  return text;
}

/** Model text and pair_coeff lines: model_parse, model_setup, model_write_json, type tables
 *  with ranges and mixing. */
int fuzz_model(const uint8_t *data, size_t size);
/** Command-line numbers: num_parse_double, num_parse_long and cli_parse option tables. */
int fuzz_numparse(const uint8_t *data, size_t size);
/** LAMMPS data files: datafile_read, and for an accepted file a datafile_write round trip. */
int fuzz_datafile(const uint8_t *data, size_t size);
/** Command lines: every grandamp command run in-process on a fuzzed argument vector, with the
 *  rules of exit codes, messages and results every command keeps. */
int fuzz_cli(const uint8_t *data, size_t size);
/** Write paths: out_open, out_commit, out_abort and datafile_write over fuzzed destination
 *  kinds (files, links, FIFOs, directories, standard output) in a private directory. */
int fuzz_output(const uint8_t *data, size_t size);
/** The engines' log readers (LAMMPS, LIGGGHTS, Yade: collisions and timing runs). */
int fuzz_englog(const uint8_t *data, size_t size);
/** calibrate's points file (--data). */
int fuzz_points(const uint8_t *data, size_t size);
/** The verifier's previous CSV (--compare). */
int fuzz_compare(const uint8_t *data, size_t size);
/** engines bench's rows file (--rows). */
int fuzz_rows(const uint8_t *data, size_t size);
/** The nightly report's inputs (tools/report.sh): its CSVs, the bench's JSON, the history. */
int fuzz_report(const uint8_t *data, size_t size);
/** The gas packing's options: packing --type gas run in-process on fuzzed options (small N),
 *  every range checked before work (exit 0 or 2, never a failure after it). */
int fuzz_gas(const uint8_t *data, size_t size);

/** A memfd of its own per harness (*fd -1 at first) holding exactly the input, and its
 *  /proc/self/fd path in path: the reader sees a regular file with a size, as it does for a real
 *  file. Needs _GNU_SOURCE (memfd_create) and <sys/mman.h>, <unistd.h> in the harness. */
#define FUZZ_MEMFD_FILE(fd, path, data, size)                                                  \
  do {                                                                                         \
    if ((fd) < 0) {                                                                            \
      (fd) = memfd_create("grandamp-fuzz", 0);                                                 \
      FUZZ_CHECK((fd) >= 0, "memfd_create failed");                                            \
      snprintf((path), sizeof(path), "/proc/self/fd/%d", (fd));                                \
    }                                                                                          \
    FUZZ_CHECK(ftruncate((fd), 0) == 0, "ftruncate failed");                                   \
    for (size_t done_ = 0; done_ < (size);) {                                                  \
      const ssize_t w_ = pwrite((fd), (data) + done_, (size) - done_, (off_t)done_);            \
      FUZZ_CHECK(w_ > 0, "pwrite failed");                                                     \
      done_ += (size_t)w_;                                                                     \
    }                                                                                          \
  } while (0)

#endif
