/* test_numparse.c - strict number parsing. */
#include "numparse.h"
#include "tests.h"

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

const struct CMUnitTest numparse_tests[] = {
    cmocka_unit_test(test_accepts_decimal_literals),
    cmocka_unit_test(test_refuses_everything_else),
    cmocka_unit_test(test_inf_only_when_allowed),
    cmocka_unit_test(test_integers),
};
const size_t numparse_ntests = sizeof numparse_tests / sizeof *numparse_tests;
