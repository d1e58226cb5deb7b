/*
 * test_layout.c - the house's walls, read from the sources: src/'s layers include only
 * themselves and the layers before them (the Makefile's SRC_DIRS order), the verifier's rooms
 * likewise (oracle, then VERIFY_ROOMS), and the oracle (verify/oracle/) includes only itself and
 * the C library, so that it cannot take a formula from the code it judges. The build enforces the second (the oracle's only include
 * folder is its own); this test also catches a relative path around it. The commands (src/cli)
 * may call the oracle (run --theory), as the verifier does: the oracle still sees nothing of src/.
 * Run from the repository root (make test does).
 */
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"

enum { MAX_LAYERS = 16 };

/* The words of the Makefile's "VAR := ..." line, in order, after those already in names. */
static int makefile_list(const char *var, char names[MAX_LAYERS][32], int n) {
  FILE *f = fopen("Makefile", "r");
  assert_non_null(f);
  char line[512], head[64];
  snprintf(head, sizeof head, "%s := ", var);
  const int n0 = n;
  while (fgets(line, sizeof line, f))
    if (!strncmp(line, head, strlen(head))) {
      for (char *save = NULL, *w = strtok_r(line + strlen(head), " \n", &save); w && n < MAX_LAYERS;
           w = strtok_r(NULL, " \n", &save))
        snprintf(names[n++], sizeof names[0], "%s", w);
      break;
    }
  fclose(f);
  if (n < n0 + 2) fail_msg("Makefile: no %s line with the layers", var);
  return n;
}

/* The layers of the Makefile's SRC_DIRS, in order. */
static int src_layers(char names[MAX_LAYERS][32]) { return makefile_list("SRC_DIRS", names, 0); }

static bool exists_in(const char *dir, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (f) fclose(f);
  return f != NULL;
}

/* Calls check(dir, file, included, quoted, ctx) for every #include of every .c and .h of dir. */
static void each_include(const char *dir, void (*check)(const char *, const char *, const char *, bool, void *),
                         void *ctx) {
  DIR *d = opendir(dir);
  if (!d) fail_msg("cannot open %s (run from the repository root)", dir);
  for (struct dirent *e; (e = readdir(d));) {
    const size_t len = strlen(e->d_name);
    if (len < 3 || (strcmp(e->d_name + len - 2, ".c") && strcmp(e->d_name + len - 2, ".h"))) continue;
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
      const char *p = line + strspn(line, " \t");
      if (strncmp(p, "#include", 8)) continue;
      p += 8 + strspn(p + 8, " \t");
      const char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
      if (!close) continue; /* a macro include: none here */
      char name[256];
      const size_t n = strcspn(p + 1, close == '"' ? "\"" : ">");
      snprintf(name, sizeof name, "%.*s", (int)n, p + 1);
      check(dir, e->d_name, name, close == '"', ctx);
    }
    fclose(f);
  }
  closedir(d);
}

typedef struct LayerCtx {
  const char *root; /* src or verify */
  char (*names)[32];
  int n, self;
  int checked;
} LayerCtx;

static void check_layer(const char *dir, const char *file, const char *inc, bool quoted, void *ctx) {
  LayerCtx *c = ctx;
  if (!quoted) return;
  if (strchr(inc, '/')) fail_msg("%s/%s includes \"%s\": a path, not a name of an include folder", dir, file, inc);
  if (!strcmp(inc, "build_info.h")) return; /* generated into the build folder */
  c->checked++;
  for (int k = 0; k <= c->self; k++) {
    char d[64];
    snprintf(d, sizeof d, "%s/%s", c->root, c->names[k]);
    if (exists_in(d, inc)) return;
  }
  for (int k = c->self + 1; k < c->n; k++) {
    char d[64];
    snprintf(d, sizeof d, "%s/%s", c->root, c->names[k]);
    if (exists_in(d, inc))
      fail_msg("%s/%s includes %s of %s/%s, above %s/%s (the Makefile's order)", dir, file, inc, c->root, c->names[k],
               c->root, c->names[c->self]);
  }
  if (!strcmp(c->root, "src") && !strcmp(c->names[c->self], "cli") && exists_in("verify/oracle", inc)) return;
  if (!strcmp(c->root, "verify")) { /* the verifier's rooms above the oracle use src/ too */
    char src[MAX_LAYERS][32];
    const int ns = src_layers(src);
    for (int k = 0; k < ns; k++) {
      char d[64];
      snprintf(d, sizeof d, "src/%.31s", src[k]);
      if (exists_in(d, inc)) return;
    }
  }
  fail_msg("%s/%s includes \"%s\", found in no layer it may use", dir, file, inc);
}

static void test_src_layers_include_downward(void **state) {
  (void)state;
  char names[MAX_LAYERS][32];
  LayerCtx c = {.root = "src", .names = names, .n = src_layers(names)};
  for (c.self = 0; c.self < c.n; c.self++) {
    char dir[64];
    snprintf(dir, sizeof dir, "src/%s", names[c.self]);
    each_include(dir, check_layer, &c);
  }
  assert_true(c.checked > 100); /* the walk saw the tree */
}

/* verify/: the oracle, then the Makefile's VERIFY_ROOMS in order, each including only itself, the
 * rooms before it and src/; the oracle only itself (below). */
static void test_verify_rooms_include_downward(void **state) {
  (void)state;
  char names[MAX_LAYERS][32] = {"oracle"};
  LayerCtx c = {.root = "verify", .names = names, .n = makefile_list("VERIFY_ROOMS", names, 1)};
  for (c.self = 1; c.self < c.n; c.self++) {
    char dir[64];
    snprintf(dir, sizeof dir, "verify/%s", names[c.self]);
    each_include(dir, check_layer, &c);
  }
  assert_true(c.checked > 50);
}

static void check_oracle(const char *dir, const char *file, const char *inc, bool quoted, void *ctx) {
  int *checked = ctx;
  ++*checked;
  if (quoted) {
    if (strchr(inc, '/') || !exists_in(dir, inc))
      fail_msg("%s/%s includes \"%s\": the oracle includes only its own headers", dir, file, inc);
    return;
  }
  /* the C library and POSIX only: a system header is a name, or sys/NAME */
  static const char *const allowed[] = {"assert.h", "complex.h", "errno.h", "float.h", "limits.h", "math.h",
                                        "stdarg.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h",
                                        "string.h"};
  for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
    if (!strcmp(inc, allowed[k])) return;
  fail_msg("%s/%s includes <%s>: the oracle uses the C library only", dir, file, inc);
}

static void test_oracle_includes_only_itself(void **state) {
  (void)state;
  int checked = 0;
  each_include("verify/oracle", check_oracle, &checked);
  assert_true(checked > 10);
}

/* Every tests/<concern>/test_<area>.c is run: its X(concern, area) line is in tests.h's
 * TEST_GROUPS (a file left out would compile, link and never run), and every line names a file. */
static void test_every_test_file_is_registered(void **state) {
  (void)state;
  static const struct {
    const char *concern, *area;
  } GROUPS[] = {
#define TEST_NAME(concern, area) {#concern, #area},
      TEST_GROUPS(TEST_NAME)
#undef TEST_NAME
  };
  const int ng = (int)(sizeof GROUPS / sizeof *GROUPS);
  for (int g = 0; g < ng; g++) {
    char path[256];
    snprintf(path, sizeof path, "tests/%s/test_%s.c", GROUPS[g].concern, GROUPS[g].area);
    if (access(path, R_OK) != 0) fail_msg("tests.h's TEST_GROUPS names %s/%s, but there is no %s", GROUPS[g].concern,
                                          GROUPS[g].area, path);
  }
  DIR *top = opendir("tests");
  assert_non_null(top);
  int files = 0;
  for (struct dirent *c; (c = readdir(top));) {
    if (c->d_name[0] == '.') continue;
    char dir[300];
    snprintf(dir, sizeof dir, "tests/%s", c->d_name);
    DIR *d = opendir(dir);
    if (!d) continue; /* a file of tests/ itself */
    for (struct dirent *e; (e = readdir(d));) {
      const size_t n = strlen(e->d_name);
      if (strncmp(e->d_name, "test_", 5) || n < 8 || strcmp(e->d_name + n - 2, ".c")) continue;
      files++;
      bool found = false;
      for (int g = 0; g < ng && !found; g++)
        found = !strcmp(GROUPS[g].concern, c->d_name) && strlen(GROUPS[g].area) == n - 7 &&
                !strncmp(GROUPS[g].area, e->d_name + 5, n - 7);
      if (!found) fail_msg("%s/%s is not in tests.h's TEST_GROUPS: its tests never run", dir, e->d_name);
    }
    closedir(d);
  }
  closedir(top);
  assert_int_equal(files, ng);
}

const struct CMUnitTest layout_tests[] = {
    cmocka_unit_test(test_every_test_file_is_registered),
    cmocka_unit_test(test_src_layers_include_downward),
    cmocka_unit_test(test_verify_rooms_include_downward),
    cmocka_unit_test(test_oracle_includes_only_itself),
};
const size_t layout_ntests = sizeof layout_tests / sizeof *layout_tests;
