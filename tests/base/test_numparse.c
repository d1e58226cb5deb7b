/* test_numparse.c - strict number parsing. */
#include "numparse.h"
#include "tests.h"

#include <stdlib.h>

static void test_accepts_decimal_literals(void **state) {
  (void)state;
  const char *ok[] = {"0", "1", "-2", "+3", "1.5", ".5", "5.", "1e8", "1.0E-3", "-2.5e+2", "1000.0"};
  const double val[] = {0, 1, -2, 3, 1.5, 0.5, 5, 1e8, 1e-3, -250, 1000};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    double v = -99;
    assert_int_equal(num_parse_double(ok[i], false, &v), NUM_OK);
    assert_true(v == val[i]);
  }
}

static void test_refuses_everything_else(void **state) {
  (void)state;
  const char *bad[] = {"", " 1", "1 ", "1x", "1e", "e5", "--1", "0x10", "nan", "NaN", "1,5", ".", "+", "1e+"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    double v;
    assert_int_equal(num_parse_double(bad[i], true, &v), NUM_NOT_A_NUMBER);
  }
  double v;
  assert_int_equal(num_parse_double("1e999", false, &v), NUM_OVERFLOW);
  assert_int_equal(num_parse_double("-1e999", false, &v), NUM_OVERFLOW);
  assert_int_equal(num_parse_double("1e-999", false, &v), NUM_UNDERFLOW);
}

static void test_inf_only_when_allowed(void **state) {
  (void)state;
  double v = 0;
  assert_int_equal(num_parse_double("inf", false, &v), NUM_INF_REFUSED);
  assert_int_equal(num_parse_double("inf", true, &v), NUM_OK);
  assert_true(isinf(v) && v > 0);
  assert_int_equal(num_parse_double("Infinity", true, &v), NUM_OK);
  assert_int_equal(num_parse_double("-inf", true, &v), NUM_NOT_A_NUMBER);
}

static void test_integers(void **state) {
  (void)state;
  long v = 0;
  assert_int_equal(num_parse_long("42", &v), NUM_OK);
  assert_int_equal(v, 42);
  assert_int_equal(num_parse_long("-7", &v), NUM_OK);
  assert_int_equal(v, -7);
  assert_int_equal(num_parse_long("1.0", &v), NUM_NOT_A_NUMBER);
  assert_int_equal(num_parse_long("99999999999999999999999", &v), NUM_OVERFLOW);
}

/* Numbers for lines users paste: the shortest text that reads back to the same double. */
static void test_num_text_is_shortest_round_trip(void **state) {
  (void)state;
  assert_string_equal(num_text(0.2).s, "0.2");
  assert_string_equal(num_text(-0.0).s, "0");
  assert_string_equal(num_text(48e9).s, "48000000000");
  assert_string_equal(num_text(1e-5).s, "1e-05");
  assert_string_equal(num_text(1.0 / 3.0).s, "0.3333333333333333"); /* 16 digits suffice, not 17 */
  assert_string_equal(num_text(0.1 + 0.2).s, "0.30000000000000004"); /* 17 needed */
  assert_string_equal(num_text(1e300).s, "1e+300");
  uint64_t z = 12345; /* splitmix64: doubles over many decades, each read back exactly */
  for (int k = 0; k < 20000; k++) {
    z += 0x9E3779B97F4A7C15ull;
    uint64_t r = z;
    r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ull;
    r = (r ^ (r >> 27)) * 0x94D049BB133111EBull;
    r ^= r >> 31;
    const double x = ldexp((double)(r >> 11) / 9007199254740992.0 + 0.5, (int)(r % 200) - 100) * (r & 1 ? -1 : 1);
    const NumText t = num_text(x);
    if (strtod(t.s, NULL) != x) fail_msg("%.17g printed as %s", x, t.s);
    char shorter[32];
    const char *e = strpbrk(t.s, "eE");
    if (!e && strchr(t.s, '.')) { /* one digit fewer does not read back */
      snprintf(shorter, sizeof shorter, "%.*s", (int)strlen(t.s) - 1, t.s);
      if (strtod(shorter, NULL) == x && shorter[strlen(shorter) - 1] != '.') fail_msg("%s is not the shortest", t.s);
    }
  }
}

const struct CMUnitTest numparse_tests[] = {
    cmocka_unit_test(test_num_text_is_shortest_round_trip),
    cmocka_unit_test(test_accepts_decimal_literals),
    cmocka_unit_test(test_refuses_everything_else),
    cmocka_unit_test(test_inf_only_when_allowed),
    cmocka_unit_test(test_integers),
};
const size_t numparse_ntests = sizeof numparse_tests / sizeof *numparse_tests;
