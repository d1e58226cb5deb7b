/* helpers.c - helpers shared by the test files: run the binary, read its JSON, parse models. */
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests.h"

#include "datafile.h"
#include "model.h"
#include "packing.h"

extern char **environ;

void run_grandamp(CmdResult *r, const char *const *args) {
  const char *bin = getenv("GRANDAMP_BIN");
  run_program(r, bin ? bin : "build/grandamp", args);
}

void run_program(CmdResult *r, const char *bin, const char *const *args) {
  const char *argv[64];
  int argc = 0;
  argv[argc++] = bin;
  for (; args[argc - 1] && argc < 63; argc++) argv[argc] = args[argc - 1];
  argv[argc] = NULL;

  int po[2], pe[2];
  if (pipe(po) || pipe(pe)) fail_msg("pipe failed");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, po[1], 1);
  posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
  posix_spawn_file_actions_addclose(&fa, po[0]);
  posix_spawn_file_actions_addclose(&fa, pe[0]);
  pid_t pid;
  if (posix_spawn(&pid, bin, &fa, NULL, (char *const *)argv, environ) != 0)
    fail_msg("cannot run %s", bin);
  posix_spawn_file_actions_destroy(&fa);
  close(po[1]);
  close(pe[1]);

  size_t no = 0, ne = 0;
  struct pollfd fds[2] = {{.fd = po[0], .events = POLLIN}, {.fd = pe[0], .events = POLLIN}};
  int open_fds = 2;
  while (open_fds > 0) {
    if (poll(fds, 2, -1) < 0) break;
    for (int k = 0; k < 2; k++) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP))) continue;
      char *buf = k == 0 ? r->out : r->err;
      size_t *len = k == 0 ? &no : &ne;
      char spill[4096]; /* output past the buffer is read and dropped, never left to block */
      const size_t room = sizeof r->out - 1 - *len;
      ssize_t got = room > 0 ? read(fds[k].fd, buf + *len, room) : read(fds[k].fd, spill, sizeof spill);
      if (room == 0 && got > 0) continue;
      if (got <= 0) {
        close(fds[k].fd);
        fds[k].fd = -1;
        open_fds--;
      } else {
        *len += (size_t)got;
      }
    }
  }
  r->out[no] = '\0';
  r->err[ne] = '\0';
  int st;
  waitpid(pid, &st, 0);
  r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

double json_value(const char *json, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  const char *p = strstr(json, pat);
  if (!p) fail_msg("no \"%s\" in output:\n%s", key, json);
  return strtod(p + strlen(pat), NULL);
}

ContactModel parse_ok(const char *text) {
  ErrList err = {0};
  ContactModel m;
  if (model_parse(text, &m, &err)) {
    errlist_print(&err, stderr);
    fail_msg("model text refused: %s", text);
  }
  errlist_free(&err);
  return m;
}

/* One private directory at a time, for the groups whose tests write files. */
static char test_dir[64];

int test_dir_setup(void **state) {
  (void)state;
  strcpy(test_dir, "/tmp/grandamp_test_XXXXXX");
  return mkdtemp(test_dir) ? 0 : -1;
}

int test_dir_teardown(void **state) {
  (void)state;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
  return system(cmd);
}

const char *test_path(const char *name) {
  static char buf[4][128];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", test_dir, name);
  return buf[k];
}

const char *verify_bin(void) {
  const char *b = getenv("GRANDAMP_VERIFY_BIN");
  return b ? b : "build/grandamp_verify";
}

void run_verify_quick(CmdResult *r, const char *const *extra, char *dir, size_t n) {
  snprintf(dir, n, "/tmp/grandamp-test-verify-XXXXXX");
  assert_non_null(mkdtemp(dir));
  const char *args[16] = {"--quick", "--no-lammps", "--data", dir};
  int k = 4;
  for (; *extra && k < 15; extra++) args[k++] = *extra;
  args[k] = NULL;
  run_program(r, verify_bin(), args);
}

void write_fcc_data(const char *path, long n) {
  PackingSpec s = packing_defaults();
  s.type = PACKING_FCC;
  s.n = n;
  s.threads = 1;
  Particles p = {0};
  Box box = {0};
  packing_make(&s, &p, &box);
  assert_int_equal(p.n, n);
  assert_true(datafile_write(path, &p, &box, NULL));
  particles_free(&p);
}

void write_gas_data(const char *path, long n) {
  char nbuf[32];
  snprintf(nbuf, sizeof nbuf, "%ld", n);
  CmdResult r;
  run_grandamp(&r, (const char *const[]){"packing", "--type", "gas", "--n", nbuf, "--density", "1.909859317102744",
                                         "--out", path, NULL});
  if (r.status != 0) fail_msg("packing --type gas: %s", r.err);
}

EngineGas live_gas_spec(void) {
  return (EngineGas){.atoms = 1000, .pair_coeff = LIVE_GAS_MODEL, .normal = "hooke", .damping = "velocity",
                     .kn = 2e4, .damp = 14.17, .dt = 3e-4, .skin = 0.3, .steps = 400, .every = 100, .timeout_s = 120};
}

bool live_gas(const Engine *eng, EngineGas g, const char *own_model, EngineGasResult *res, double *own, char *why,
              size_t why_size) {
  char dir[] = "/tmp/grandamp-test-gas-XXXXXX", data[128], cmd[256];
  assert_non_null(mkdtemp(dir));
  snprintf(data, sizeof data, "%s/gas.data", dir);
  write_gas_data(data, g.atoms);
  g.data_file = data;
  const bool ok = eng->gas(&g, dir, res, why, why_size);
  *own = own_gas_ke(data, own_model, g.steps);
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) fail_msg("cannot remove %s", dir);
  if (ok) { /* a row per output from t = 0, and the file's Maxwellian read to its 17 digits */
    assert_int_equal(res->n, g.steps / g.every + 1);
    assert_rel(res->ke[0], 1.5 * (double)g.atoms, 1e-12);
  }
  return ok;
}

double own_gas_ke(const char *path, const char *pc, long steps) {
  char sbuf[32];
  snprintf(sbuf, sizeof sbuf, "%ld", steps);
  static CmdResult r;
  run_grandamp(&r, (const char *const[]){"run", "--packing", path, "--model", pc, "--steps", sbuf, "--dt", "3e-4",
                                         "--skin", "0.3", NULL});
  if (r.status != 0) fail_msg("run: %s", r.err);
  return json_value(strstr(r.out, "\"energy_final\""), "kinetic_translational");
}

int64_t test_size(int64_t n, int64_t small) {
  const char *s = getenv("GRANDAMP_TEST_SMALL");
  return s && strcmp(s, "1") == 0 ? small : n;
}
