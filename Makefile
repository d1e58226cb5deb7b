# grandamp - one non-recursive Makefile.
#
#   make            build build/grandamp
#   make test       unit tests (the README's test command); installs what it needs via `make deps`
#   make deps       install missing Debian packages (apt-get as root, else print the command)
#   make clean
#
# User knobs (override on the command line: make OPT=-O2 NATIVE=1):
CC      ?= gcc
OPT     ?= -O3
NATIVE  ?= 0
DEBUG   ?= 0
GNUPLOT ?= gnuplot
CXX     ?= g++
QUICK   ?= 0
FILTER  ?=

# ------------------------------------------------------------------------------------------
BUILD := build

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes
CFLAGS  := -std=c11 $(WARN) -fopenmp -D_POSIX_C_SOURCE=200809L -fno-math-errno -fno-trapping-math
ifeq ($(DEBUG),1)
  CFLAGS += -O0 -g -DGD_DEBUG
else
  CFLAGS += $(OPT) -g
endif
ifeq ($(NATIVE),1)
  CFLAGS += -march=native
endif
CPPFLAGS := -Isrc -I$(BUILD)
LDFLAGS  := -fopenmp
LDLIBS   := -lm

LIB_SRC  := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ := $(BUILD)/src/main.o
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
DEPS     := $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

TEST_PACKAGES := gcc make libcmocka-dev pkg-config
BENCH_PACKAGES := g++ libbenchmark-dev gnuplot-nox jq
CXXFLAGS := -std=c++17 -Wall -Wextra -Wshadow -fopenmp $(OPT) -g

.DELETE_ON_ERROR:
.PHONY: all test bench plots verify deps clean FORCE

all: $(BUILD)/grandamp

$(BUILD)/grandamp: $(MAIN_OBJ) $(BUILD)/libgrandamp.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libgrandamp.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# Build information (compiler, flags, revision) for every output; rewritten only on change.
$(BUILD)/build_info.h: FORCE
	@mkdir -p $(@D)
	@tools/build_info.sh "$(CC)" "$(CFLAGS)" > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(MAIN_OBJ): $(BUILD)/build_info.h

# ---- tests -------------------------------------------------------------------------------
# The verifier modules the unit tests call directly (compiled by the verifier's rules below).
TEST_VERIFY_OBJ := $(BUILD)/verify/expect.o $(BUILD)/verify/ode_ref.o
$(BUILD)/test_grandamp: $(TEST_OBJ) $(TEST_VERIFY_OBJ) $(BUILD)/libgrandamp.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcmocka $(LDLIBS)
$(TEST_OBJ): CFLAGS += -Wno-missing-prototypes
$(TEST_OBJ): CPPFLAGS += -Iverify

# The unit tests, after a smoke run of the benchmark harness (two tiny benchmarks).
test:
	@tools/deps.sh $(TEST_PACKAGES) g++ libbenchmark-dev
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/test_grandamp $(BUILD)/grandamp_bench \
	  $(BUILD)/grandamp_verify
	$(BUILD)/grandamp_bench --quick --benchmark_repetitions=1 --benchmark_min_time=0.01 \
	  --benchmark_filter='^(model/hertz_material/tsuji/mindlin/fcc/half-reduce|geometry/none/none/none/fcc/full/n:4000/threads:1/)' >/dev/null
	GRANDAMP_BIN=$(BUILD)/grandamp GRANDAMP_VERIFY_BIN=$(BUILD)/grandamp_verify $(BUILD)/test_grandamp

# ---- benchmark ---------------------------------------------------------------------------
$(BUILD)/bench/bench.o: bench/bench.cpp $(BUILD)/build_info.h
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/grandamp_bench: $(BUILD)/bench/bench.o $(BUILD)/libgrandamp.a
	$(CXX) $(LDFLAGS) -o $@ $^ -lbenchmark -lpthread $(LDLIBS)
DEPS += $(BUILD)/bench/bench.d

# The main job: the benchmark matrix to data/, then plots/ (QUICK=1: the smoke matrix;
# FILTER=regex: --benchmark_filter).
bench:
	@tools/deps.sh $(TEST_PACKAGES) $(BENCH_PACKAGES)
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp_bench
	@QUICK=$(QUICK) FILTER='$(FILTER)' GNUPLOT=$(GNUPLOT) tools/bench.sh $(BUILD)/grandamp_bench

plots:
	@tools/deps.sh gnuplot-nox
	plots/all.sh "$$(ls -t data/bench-*.csv | head -n 1)" "$$(ls -t data/lammps-*.csv 2>/dev/null | head -n 1)" plots/

# ---- verifier ----------------------------------------------------------------------------
# verify/*.c: the case generators, the analytic expectations and the continuous-time
# reference integrator, linked against the same library the benchmark times.
VERIFY_SRC := $(wildcard verify/*.c)
VERIFY_OBJ := $(VERIFY_SRC:%.c=$(BUILD)/%.o)
DEPS += $(VERIFY_OBJ:.o=.d)
$(VERIFY_OBJ): CPPFLAGS += -Iverify
$(VERIFY_OBJ): $(BUILD)/build_info.h
$(BUILD)/grandamp_verify: $(VERIFY_OBJ) $(BUILD)/libgrandamp.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The nightly run: every case, data/verify.csv, data/verify-junit.xml, plots/verify-*.
# Exit 3 when a case fails (the plots are still drawn). VERIFY_ARGS passes options through.
VERIFY_ARGS ?=
verify:
	@tools/deps.sh $(TEST_PACKAGES) gnuplot-nox
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/grandamp_verify
	@tools/verify.sh $(BUILD)/grandamp_verify $(VERIFY_ARGS)

deps:
	@tools/deps.sh $(TEST_PACKAGES) $(BENCH_PACKAGES)

clean:
	rm -rf $(BUILD)

-include $(DEPS)
