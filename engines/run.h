/*
 * run.h - what every engine adapter needs of the operating system: start a program found on
 * PATH with a time limit, its output captured in a log file; find a line of that log; tell
 * whether a program is installed. POSIX only, nothing of grandamp.
 */
#ifndef GD_ENGINE_RUN_H
#define GD_ENGINE_RUN_H

#include <stdbool.h>
#include <stddef.h>

/** Runs argv[0] (searched in PATH) with stdin from /dev/null and stdout+stderr to out_path;
 *  kills it after timeout_s. Returns its exit status, or -1 with *why (spawn failure, signal,
 *  timeout). */
int engine_spawn(const char *const argv[], const char *out_path, double timeout_s, char *why, size_t why_size);
/** The first line of a file that starts with prefix (NULL: the last non-empty line), into buf.
 *  False when there is none. */
bool engine_file_line(const char *path, const char *prefix, char *buf, size_t size);
/** printf into a message buffer of size n; longer messages are cut (they are excerpts). */
void engine_msgf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** argv for running prog on ranks MPI ranks: prog itself for 1, else "mpirun -np N
 *  --oversubscribe [--allow-run-as-root when root] prog" (Open MPI, Debian's default). Fills
 *  argv[0..] and returns how many entries it wrote; nbuf holds the rank count's text. */
int engine_mpi_argv(const char **argv, int ranks, const char *prog, char nbuf[16]);
/** Whether an executable of that name is on PATH. */
bool engine_installed(const char *command);
/** The folder of this executable (from /proc/self/exe) into dir; false when unknown. */
bool engine_exe_dir(char *dir, size_t size);
/** The path of one of this project's engine decks (engines/decks/NAME): $GRANDAMP_ENGINE_DECKS/NAME,
 *  else engines/decks/NAME beside the folder of this executable (build/..). NULL with *why
 *  when it is not readable. The returned buffer is static. */
const char *engine_deck_path(const char *name, char *why, size_t why_size);

#endif
