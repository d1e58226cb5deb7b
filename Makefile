# grandamp - one non-recursive Makefile.
#
#   make            build build/grandamp (on every core)
#   make test       unit tests (the README's test command); installs what it needs via `make deps`
#   make bench      the benchmark matrix, data/ and plots/ (QUICK=1, FILTER=regex)
#   make verify     the nightly verifier (exit 0 pass, 3 fail)
#   make report     the nightly report as one page, report/index.html (also after bench and verify)
#   make mutation-check  a damping model changed by 1 % in src/ must fail the verifier
#   make test SAN=1 the unit suite under ASan + UBSan;  make race: under ThreadSanitizer
#   make fuzz       the libFuzzer harnesses (FUZZ_SECONDS=N each)
#   make deps       install missing Debian packages (apt-get as root, else print the command)
#   make install    grandamp and grandamp_verify on PATH: PREFIX/bin (PREFIX=/usr/local; DESTDIR too)
#   make uninstall  removes what make install put there
#   make clean
#
# User knobs (override on the command line: make OPT=-O2 NATIVE=0):
#   NATIVE=1 (default) compiles for this CPU (-march=native: AVX2 turns on the vector pair
#   loop); NATIVE=0 builds a portable x86-64 binary.
CC      ?= gcc
OPT     ?= -O3
NATIVE  ?= 1
DEBUG   ?= 0
GNUPLOT ?= gnuplot
CXX     ?= g++
QUICK   ?= 0
FILTER  ?=
PREFIX  ?= /usr/local

# ------------------------------------------------------------------------------------------
BUILD := build

# ---- SAN=1: AddressSanitizer + UndefinedBehaviorSanitizer build (begin) -----------------
# `make test SAN=1` builds into build-san (unless BUILD is given) at -O1 (unless OPT is given:
# the specialised kernels take a long time at -O3 under ASan) and runs the whole suite with
# the sanitized binaries. Reports go to $(BUILD)/san-logs/ and any report fails the target.
SAN ?= 0
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
ifeq ($(SAN),1)
  ifeq ($(origin BUILD),file)
    BUILD := build-san
  endif
  ifeq ($(origin OPT),file)
    OPT := -O1
  endif
endif
# ---- SAN=1 (end; the flags are added after CXXFLAGS below) ----------------------------

# ---- RACE=1: ThreadSanitizer with LLVM's OpenMP runtime (begin) ------------------------
# `make race` builds into build-race with clang, -fsanitize=thread and libomp, and runs the unit
# suite with 4 OpenMP threads under LLVM's Archer tool, which tells ThreadSanitizer about
# OpenMP's barriers, reductions and atomics. (valgrind's helgrind and DRD do not see GCC
# libgomp's futex-based barriers and report every parallel region as a race; see docs/developing.md.)
RACE ?= 0
ifeq ($(RACE),1)
  ifneq ($(origin CC),command line)
    CC := clang
  endif
  ifeq ($(origin BUILD),file)
    BUILD := build-race
  endif
  ifeq ($(origin OPT),file)
    OPT := -O1
  endif
endif
# ---- RACE=1 (end; the flags are added after CXXFLAGS below) ---------------------------

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes
# -ffp-contract=off: no fused multiply-adds the source does not write. GCC already keeps it off
# in ISO C mode, clang (make race) does not: contraction would break the bitwise equality of
# the vector and scalar kernels, the LAMMPS run-0 identities and a cancellation in mdr.c.
CFLAGS  := -std=c11 $(WARN) -fopenmp -D_POSIX_C_SOURCE=200809L -fno-math-errno -fno-trapping-math -ffp-contract=off
ifeq ($(DEBUG),1)
  CFLAGS += -O0 -g -DGD_DEBUG
else
  CFLAGS += $(OPT) -g
endif
ifeq ($(NATIVE),1)
  CFLAGS += -march=native
endif
# src/ by layer, each using only the ones before it: base (the particle store, errors, numbers,
# text, other programs), models (the contact laws), loop (lists, kernels, drivers), sim (time
# stepping, walls, packings), calibrate (coefficients for a target e), io (data files, outputs),
# engines (the adapters of LAMMPS, LIGGGHTS and Yade, and their decks), cli (the commands).
SRC_DIRS := base models loop sim calibrate io engines cli
SRC_INC  := $(SRC_DIRS:%=-Isrc/%)
CPPFLAGS := $(SRC_INC) -I$(BUILD)
LDFLAGS  := -fopenmp
LDLIBS   := -lm
# The verifier's rooms (below): its oracle and the folders above it.
VERIFY_ROOMS := report core cases engines
VERIFY_INC   := -Iverify/oracle $(VERIFY_ROOMS:%=-Iverify/%)
ORACLE_SRC   := $(wildcard verify/oracle/*.c)
ORACLE_OBJ   := $(ORACLE_SRC:%.c=$(BUILD)/%.o)

# The stamped pair loops: src/loop/kernel_stamp.c compiled once per normal model and kind, one
# object each (so the build parallelises): the ids of normal.h's NORMAL_MODELS whose kernels
# column is VECTOR (both kinds) or SCALAR, read from the list itself. kernels.c's tables
# reference every slice, so a normal missing here fails at link.
KERNEL_NORMALS := $(shell tools/normal_kernels.sh VECTOR SCALAR)
SIMD_NORMALS   := $(shell tools/normal_kernels.sh VECTOR)
KERNEL_STAMP   := src/loop/kernel_stamp.c
KERNEL_SCALAR_OBJ := $(KERNEL_NORMALS:%=$(BUILD)/src/loop/kernels_%.o)
KERNEL_SIMD_OBJ   := $(SIMD_NORMALS:%=$(BUILD)/src/loop/kernels_simd_%.o)
# The mixed-precision kernels (--precision mixed). MIXED=0 leaves them out (-DGD_NO_MIXED: the
# plan then runs double and says so), as the sanitized builds and the mutation check do: they
# would add a third to those builds' compile time, and the mixed loop's gathers and scatters are
# the double loop's, which those builds do check.
MIXED ?= $(if $(filter 1,$(SAN) $(RACE)),0,1)
KERNEL_MIXED_OBJ  := $(if $(filter 0,$(MIXED)),,$(SIMD_NORMALS:%=$(BUILD)/src/loop/kernels_mixed_%.o))
KERNEL_OBJ        := $(KERNEL_SCALAR_OBJ) $(KERNEL_SIMD_OBJ) $(KERNEL_MIXED_OBJ)

LIB_SRC  := $(filter-out src/cli/main.c $(KERNEL_STAMP),$(foreach d,$(SRC_DIRS),$(wildcard src/$(d)/*.c)))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(KERNEL_OBJ)
MAIN_OBJ := $(BUILD)/src/cli/main.o
TEST_SRC := $(wildcard tests/*.c tests/*/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
DEPS     := $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

# tidy and jq: the report's test validates the page with tidy; the report reads the bench's JSON with jq
TEST_PACKAGES := gcc make libcmocka-dev pkg-config tidy jq
BENCH_PACKAGES := g++ libbenchmark-dev gnuplot-nox jq
CXXFLAGS := -std=c++17 -Wall -Wextra -Wshadow -fopenmp -ffp-contract=off $(OPT) -g
ifeq ($(NATIVE),1)
  CXXFLAGS += -march=native
endif

# ---- SAN=1 flags and run environment (begin) --------------------------------------------
# Every binary (grandamp, the tests, the verifier, the bench harness) is sanitized; the
# sanitizer runtimes write their reports to $(SAN_LOGS)/<tool>.<pid> instead of stderr, so a
# report from a child process whose exit status a test does not look at is still caught:
# tools/san_check.sh fails when any report exists. UBSan is fatal through
# -fno-sanitize-recover (its halt_on_error=1 option would make GCC 12's runtime skip the log).
# No leak suppressions are needed (libgomp's thread pool is not reported); should one be, it
# goes in LSAN_OPTIONS=suppressions=FILE with a checked-in file.
SAN_LOGS := $(BUILD)/san-logs
ifeq ($(SAN),1)
  # -g1 (line tables, enough for symbolized reports) instead of -g: the specialised kernels
  # compile about 35 % faster without variable tracking (a kernel object: 67 s instead of 106 s).
  CFLAGS   += $(SAN_FLAGS) -g1
  CXXFLAGS += $(SAN_FLAGS) -g1
  LDFLAGS  += $(SAN_FLAGS)
  export ASAN_OPTIONS  := detect_leaks=1:strict_string_checks=1:check_initialization_order=1:log_path=$(abspath $(SAN_LOGS))/asan
  export UBSAN_OPTIONS := print_stacktrace=1:log_path=$(abspath $(SAN_LOGS))/ubsan
  SAN_BEGIN := rm -rf $(SAN_LOGS) && mkdir -p $(SAN_LOGS)
  SAN_END   := tools/san_check.sh $(SAN_LOGS)
else
  SAN_BEGIN := true
  SAN_END   := true
endif
# ---- SAN=1 flags and run environment (end) ----------------------------------------------
ifeq ($(RACE),1)
  CFLAGS  += -fsanitize=thread -g1
  LDFLAGS += -fsanitize=thread
endif

ifeq ($(MIXED),0)
  CFLAGS += -DGD_NO_MIXED
endif

STAMP_FLAGS := "$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS)" "$(CXX) $(CXXFLAGS)"

.DELETE_ON_ERROR:
.PHONY: all help test bench plots verify report mutation-check deps readme-check install install-share uninstall clean FORCE

# Plain `make` builds on every core (one translation unit per kernel: -j2 halves a clean build).
all:
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp

# The targets with what each does and how long it takes on 2 cores (docs/performance-log.md has
# the runs; tests/cli/test_first_hour.c checks that every phony target is named here).
help:
	@printf '%s\n' \
	  'make                 build/grandamp, on every core                                     ~4 min' \
	  'make test            the unit tests (installed engines add their live tests)           ~3 min' \
	  'make test SAN=1      the unit tests under ASan, UBSan and LSan (build-san/)            ~9 min' \
	  'make race            the unit tests under ThreadSanitizer with Archer (build-race/)    ~6 min' \
	  'make verify          every verifier case; exit 3 when one fails (VERIFY_ARGS=--quick)  ~16 min' \
	  'make bench           the benchmark matrix, data/ and plots/ (QUICK=1: a small one)     ~8 min' \
	  'make plots           the plots of the latest bench run again                           seconds' \
	  'make report          one page of verdicts, changes, bench and plots: report/index.html ~1 s' \
	  'make mutation-check  the verifier must fail a damping model changed by 1 %             ~2 min' \
	  'make readme-check    every command of README.md and docs/commands.md, as pasted        ~1 min' \
	  'make fuzz            the libFuzzer harnesses, FUZZ_SECONDS each (fuzz-build: build)    FUZZ_SECONDS each' \
	  'make deps            the Debian packages the targets need (DRY_RUN=1: say which)       seconds' \
	  'make install         grandamp and grandamp_verify into PREFIX/bin, their files into    seconds' \
	  '                     PREFIX/share/grandamp (install-share: the files only; uninstall)' \
	  'make clean           remove the build folders'

# The commands may call the oracle (run --theory: a gas's kinetic-theory expectation); the oracle
# itself still includes nothing of src/.
$(BUILD)/src/cli/cli_run.o: CPPFLAGS += -Iverify/oracle
$(BUILD)/grandamp: $(MAIN_OBJ) $(BUILD)/libgrandamp.a $(ORACLE_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libgrandamp.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: %.c $(BUILD)/flags.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# Static pattern rules: they apply to the listed objects only (a plain pattern would also offer
# make a way to remake the included .d files through its built-in link rule).
# The kernels carry line tables only (-g1: what perf and callgrind annotate with): the same
# machine code as -g, and some 27 % less compile time, which is most of a build's time.
KERNEL_G := $(if $(filter 1,$(DEBUG)),,-g1)
# Under SAN=1, ASan checks each access of the kernels by a call instead of inline code: a kernel
# then compiles in 54 s instead of 117 s (ASan's inline checks and UBSan's together), the
# same accesses checked.
KERNEL_G += $(if $(filter 1,$(SAN)),--param asan-instrumentation-with-call-threshold=0)
# And without UBSan, which triples a kernel's compile under SAN=1 (177 s against 61 s for
# hertz/material's vector kernels, Zen 3): the kernels stamp the same inline laws (normal.h,
# damping.h, tangential.h) that the reference loop and contact.c run under UBSan in every
# kernel-equality test, and ASan still checks each of their loads and stores.
KERNEL_G += $(if $(filter 1,$(SAN)),-fno-sanitize=undefined)
$(KERNEL_SIMD_OBJ): $(BUILD)/src/loop/kernels_simd_%.o: $(KERNEL_STAMP) $(BUILD)/flags.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(KERNEL_G) -DGD_STAMP_NORMAL=$* -DGD_STAMP_SIMD=1 -MMD -MP -c -o $@ $<
$(KERNEL_MIXED_OBJ): $(BUILD)/src/loop/kernels_mixed_%.o: $(KERNEL_STAMP) $(BUILD)/flags.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(KERNEL_G) -DGD_STAMP_NORMAL=$* -DGD_STAMP_SIMD=2 -MMD -MP -c -o $@ $<
$(KERNEL_SCALAR_OBJ): $(BUILD)/src/loop/kernels_%.o: $(KERNEL_STAMP) $(BUILD)/flags.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(KERNEL_G) -DGD_STAMP_NORMAL=$* -DGD_STAMP_SIMD=0 -MMD -MP -c -o $@ $<

# The compilers and flags of this build folder: every object depends on it, so a change of
# NATIVE, OPT, SAN, ... rebuilds everything instead of mixing old and new objects.
# STAMP_FLAGS is expanded here, once: a target-specific addition (the tests' verifier include folders) is a
# prerequisite's context in make, and must not flip the stamp when another target set is built.
$(BUILD)/flags.stamp: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(STAMP_FLAGS) > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# Build information (compiler, flags, revision) for every output; rewritten only on change.
$(BUILD)/build_info.h: FORCE
	@mkdir -p $(@D)
	@tools/build_info.sh "$(CC)" "$(CFLAGS)" > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(MAIN_OBJ): $(BUILD)/build_info.h

# ---- tests -------------------------------------------------------------------------------
# The verifier modules the unit tests call directly (compiled by the verifier's rules below): the
# whole oracle, and of the rest what the tests reach.
TEST_VERIFY_OBJ := $(ORACLE_OBJ) $(addprefix $(BUILD)/verify/,core/case.o cases/faults.o cases/rows.o cases/setup.o cases/oblique_tests.o engines/defects.o \
  report/compare_load.o report/results.o report/summary.o)
$(BUILD)/test_grandamp: $(TEST_OBJ) $(TEST_VERIFY_OBJ) $(BUILD)/libgrandamp.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcmocka $(LDLIBS)
$(TEST_OBJ): CFLAGS += -Wno-missing-prototypes
$(TEST_OBJ): CPPFLAGS += $(VERIFY_INC) -Itests

# The unit tests, after a smoke run of the benchmark harness (two tiny benchmarks).
# TEST_SKIP: tests left out by their tags (tests/tests.h): none in the normal suite; under the
# sanitizers the long sweeps whose code shorter tests run too and the thread-count repeats;
# under ThreadSanitizer (`make race`) also what has no parallel region of its own.
TEST_SKIP ?= $(if $(filter 1,$(SAN)),slow:*$(comma)repeat:*)
RACE_TEST_SKIP ?= slow:*,repeat:*,serial:*
# GRANDAMP_TEST_SMALL=1: the sanitized suites run the sweeps over every model on fewer spheres
# and steps (tests.h, test_size): the same code, a tenth of the sanitizers' time.
TEST_SMALL := $(if $(filter 1,$(SAN)),1,0)
comma := ,
test:
	@tools/deps.sh $(TEST_PACKAGES) g++ libbenchmark-dev
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/test_grandamp $(BUILD)/grandamp_bench \
	  $(BUILD)/grandamp_verify
	@$(SAN_BEGIN)
	@echo "grandamp test: the error lines below (disk full, a directory, bad input...) are provoked by the tests: expected"
	$(BUILD)/grandamp_bench --quick --benchmark_repetitions=1 --benchmark_min_time=0.01 \
	  --benchmark_filter='^(model/hertz_material/tsuji/mindlin/fcc/half-reduce|geometry/none/none/none/fcc/full/n:4000/threads:1/)' >/dev/null
	GRANDAMP_BIN=$(BUILD)/grandamp GRANDAMP_VERIFY_BIN=$(BUILD)/grandamp_verify GRANDAMP_BENCH_BIN=$(BUILD)/grandamp_bench \
	  GRANDAMP_TEST_SKIP='$(TEST_SKIP)' GRANDAMP_TEST_SMALL=$(TEST_SMALL) $(BUILD)/test_grandamp \
	  || { $(SAN_END); exit 1; }
	@$(SAN_END)

# The unit suite (and the grandamp and verifier binaries it starts) under ThreadSanitizer.
# halt_on_error: the first race report fails the run; Archer lives in LLVM's library folder.
CLANG_MAJOR = $(shell clang -dumpversion 2>/dev/null | cut -d. -f1)
ARCHER = /usr/lib/llvm-$(CLANG_MAJOR)/lib/libarcher.so
race:
	@tools/deps.sh $(TEST_PACKAGES) clang libomp-dev libclang-rt-dev
	@$(MAKE) --no-print-directory RACE=1 race-run
# Reports go to files (log_path), so a race in a child process the tests start is caught too.
RACE_LOGS = $(BUILD)/race-logs
# GRANDAMP_SPHERES_PER_THREAD=1: every run on all 4 threads, however small (the default gives a
# small test packing one thread, and ThreadSanitizer would see no second one).
RACE_ENV = OMP_NUM_THREADS=4 GRANDAMP_SPHERES_PER_THREAD=1 OMP_TOOL_LIBRARIES=$(ARCHER) \
  TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1 exitcode=66 log_path=$(abspath $(RACE_LOGS))/tsan $(TSAN_OPTIONS)"
$(BUILD)/race_canary: tools/race_canary.c
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $<
race-run:
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/test_grandamp $(BUILD)/grandamp_verify \
	  $(BUILD)/race_canary
	@test -f $(ARCHER) || { echo "grandamp: error: race: $(ARCHER) not found (Debian package libomp-$(CLANG_MAJOR)-dev)" >&2; exit 1; }
	@rm -rf $(RACE_LOGS) && mkdir -p $(RACE_LOGS)
	@rc=0; $(RACE_ENV) $(BUILD)/race_canary >/dev/null 2>&1 || rc=$$?; \
	  if [ $$rc = 66 ] && ls $(RACE_LOGS)/tsan.* >/dev/null 2>&1; then \
	    echo "grandamp: race: the detector reports the canary's deliberate race (as it must)"; \
	  else echo "grandamp: error: race: ThreadSanitizer missed the canary's race (exit $$rc): the run would prove nothing" >&2; exit 1; fi
	@rm -rf $(RACE_LOGS) && mkdir -p $(RACE_LOGS)
	$(RACE_ENV) GRANDAMP_BIN=$(BUILD)/grandamp GRANDAMP_VERIFY_BIN=$(BUILD)/grandamp_verify \
	  GRANDAMP_TEST_SKIP='$(RACE_TEST_SKIP)' GRANDAMP_TEST_SMALL=1 $(BUILD)/test_grandamp \
	  || { tools/san_check.sh $(RACE_LOGS) ThreadSanitizer; exit 1; }
	@tools/san_check.sh $(RACE_LOGS) ThreadSanitizer
.PHONY: race race-run

# ---- benchmark ---------------------------------------------------------------------------
$(BUILD)/bench/bench.o: bench/bench.cpp $(BUILD)/build_info.h $(BUILD)/flags.stamp
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/grandamp_bench: $(BUILD)/bench/bench.o $(BUILD)/libgrandamp.a
	$(CXX) $(LDFLAGS) -o $@ $^ -lbenchmark -lpthread $(LDLIBS)
DEPS += $(BUILD)/bench/bench.d

# The main job: the benchmark matrix to data/, then plots/ (QUICK=1: the smoke matrix;
# FILTER=regex: --benchmark_filter).
# ENGINES="lammps liggghts yade": the engines that also run the model rows; each must be installed
# (make deps ENGINES=...). Without it no engine joins, installed or not.
bench:
	@tools/deps.sh $(TEST_PACKAGES) $(BENCH_PACKAGES) $(ENGINES)
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp_bench $(BUILD)/grandamp $(BUILD)/grandamp_verify
	@QUICK=$(QUICK) FILTER='$(FILTER)' ENGINES='$(ENGINES)' GNUPLOT=$(GNUPLOT) bench/bench.sh $(BUILD)/grandamp_bench $(BUILD)/grandamp $(BUILD)/grandamp_verify

plots:
	@tools/deps.sh gnuplot-nox
	plots/all.sh "$$(ls -t data/bench-*.csv | head -n 1)" "$$(ls -t data/compare-*.csv 2>/dev/null | head -n 1)" plots/

# ---- verifier ----------------------------------------------------------------------------
# verify/ in five rooms, each using only the ones before it: oracle/ (the independent law, the two
# reference integrators, the oblique reference, the expectations), report/ (the results, the
# previous run compared), core/ (the framework: the Verifier, the case API, progress), cases/
# (grandamp's own case generators and their collision set-up), engines/ (the outside engines
# judged), with main.c above them (tests/base/test_layout.c checks the order); linked
# against the same library the benchmark times. The oracle compiles with its own folder as its
# only include path: it cannot include grandamp's code, so it cannot agree with it by
# construction (tests/models/test_model_lists.c also checks its includes).
VERIFY_SRC := verify/main.c $(foreach r,$(VERIFY_ROOMS),$(wildcard verify/$(r)/*.c))
VERIFY_OBJ := $(VERIFY_SRC:%.c=$(BUILD)/%.o)
DEPS += $(VERIFY_OBJ:.o=.d) $(ORACLE_OBJ:.o=.d)
$(ORACLE_OBJ): CPPFLAGS := -Iverify/oracle
$(VERIFY_OBJ): CPPFLAGS += $(VERIFY_INC)
$(VERIFY_OBJ): $(BUILD)/build_info.h
$(BUILD)/grandamp_verify: $(VERIFY_OBJ) $(ORACLE_OBJ) $(BUILD)/libgrandamp.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The nightly run: every case, data/verify.csv, data/verify-junit.xml, plots/verify-*.
# Exit 3 when a case fails (the plots are still drawn). VERIFY_ARGS passes options through.
# ENGINES="lammps liggghts yade": also run the matrix's collisions inside those engines (each
# must be installed: make deps ENGINES=...; the Debian packages have the engines' names).
VERIFY_ARGS ?=
ENGINES ?=
verify:
	@tools/deps.sh $(TEST_PACKAGES) gnuplot-nox $(ENGINES)
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/grandamp_verify
	@tools/verify.sh $(BUILD)/grandamp_verify $(ENGINES:%=--engine %) $(VERIFY_ARGS)

# The nightly report as one static page, report/index.html (tools/report.sh; make verify and
# make bench write it too): the verdict, what changed, the bench and engine ratios, the last runs,
# every plot. REPORT_ARGS passes options (--quick: the quick subset's, into report/quick/).
REPORT_ARGS ?=
report:
	@tools/deps.sh jq
	@tools/report.sh $(REPORT_ARGS)

# A copy of the tree with one damping model changed by 1 % in src/ must fail the verifier.
mutation-check:
	@tools/mutation-check.sh

# DRY_RUN=1: only say what would be installed.
deps:
	@GRANDAMP_DEPS_DRY_RUN=$(DRY_RUN) tools/deps.sh $(TEST_PACKAGES) $(BENCH_PACKAGES) $(ENGINES)

# Every command of README.md and docs/commands.md run as written, in a fresh copy of the tree
# (the long targets in their quick form): tools/readme-check.sh.
readme-check:
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp
	@tools/readme-check.sh

# The binaries into PREFIX/bin, and what they read at run time into PREFIX/share/grandamp: the
# engines' decks (src/engines/run.c, engine_deck_path) and calibrate's gnuplot script (calibrate
# --plots). An installed binary looks there, a built one beside its build folder. install-share
# alone installs those files (tests/cli/test_first_hour.c runs a copied binary against them);
# calibrate.gp loads models.gp and summary.gp from its own folder.
SHARE_DIR := $(DESTDIR)$(PREFIX)/share/grandamp
install: install-share
	@$(MAKE) --no-print-directory -j$$(nproc) $(BUILD)/grandamp $(BUILD)/grandamp_verify
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BUILD)/grandamp $(BUILD)/grandamp_verify $(DESTDIR)$(PREFIX)/bin/
install-share:
	install -d $(SHARE_DIR)/decks $(SHARE_DIR)/plots
	install -m 644 $(wildcard src/engines/decks/*) $(SHARE_DIR)/decks/
	install -m 644 plots/calibrate.gp plots/models.gp plots/summary.gp $(SHARE_DIR)/plots/
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/grandamp $(DESTDIR)$(PREFIX)/bin/grandamp_verify
	rm -rf $(SHARE_DIR)

clean:
	rm -rf $(BUILD)

# ---- fuzzing (begin) ---------------------------------------------------------------------
# `make fuzz FUZZ_SECONDS=N`: libFuzzer harnesses (fuzz/fuzz_<target>.c) built with clang,
# -fsanitize=fuzzer,address,undefined, into build-fuzz/, each run for N seconds in turn from its
# seed corpus fuzz/corpus/<target>/ (read only; new inputs go to build-fuzz/corpus/<target>/,
# crashes to build-fuzz/artifacts/). FUZZ_TARGETS picks harnesses, FUZZ_ARGS adds libFuzzer
# options. A crash stops the target with libFuzzer's exit code.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= model numparse datafile output cli englog points compare rows report gas
FUZZ_ARGS    ?=
FUZZ_BUILD   := build-fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 $(WARN) -fopenmp -D_POSIX_C_SOURCE=200809L -fno-math-errno -fno-trapping-math -ffp-contract=off \
                -O1 -g $(FUZZ_SAN) -DGD_LIBFUZZER
# The library objects the parsers and the write paths reach (not the pair loops).
FUZZ_LIB_SRC := $(addprefix src/,models/model.c models/mdr.c base/numparse.c cli/cli_args.c models/type_table.c \
                  io/datafile.c base/particles.c base/sysmem.c base/usertext.c io/output.c base/json.c base/error.c \
                  base/textfile.c base/fatalsig.c base/proc.c base/timer.c calibrate/calibrate_points.c cli/bench_rows.c) \
                $(wildcard src/engines/*.c)
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
# Outside src/: the verifier's previous-CSV reader.
FUZZ_EXTRA_SRC := verify/report/compare_load.c
FUZZ_EXTRA_OBJ := $(FUZZ_EXTRA_SRC:%.c=$(FUZZ_BUILD)/%.o)
# The command-line and gas harnesses run whole commands: the whole library, pair loops included (the
# first `make fuzz` with it compiles every specialised kernel under the sanitizers, some minutes).
FUZZ_ALL_OBJ := $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_KERNEL_OBJ := $(KERNEL_OBJ:$(BUILD)/%=$(FUZZ_BUILD)/%)
DEPS += $(FUZZ_ALL_OBJ:.o=.d) $(FUZZ_EXTRA_OBJ:.o=.d) $(FUZZ_KERNEL_OBJ:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz/fuzz_%.d)
$(FUZZ_KERNEL_OBJ): $(FUZZ_BUILD)/src/loop/kernels_%.o: $(KERNEL_STAMP) $(FUZZ_BUILD)/build_info.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(SRC_INC) -I$(FUZZ_BUILD) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	  -DGD_STAMP_NORMAL=$(patsubst mixed_%,%,$(patsubst simd_%,%,$*)) \
	  -DGD_STAMP_SIMD=$(if $(filter simd_%,$*),1,$(if $(filter mixed_%,$*),2,0)) -MMD -MP -c -o $@ $<

$(FUZZ_EXTRA_OBJ): $(FUZZ_BUILD)/%.o: %.c $(FUZZ_BUILD)/build_info.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(SRC_INC) $(VERIFY_INC) -I$(FUZZ_BUILD) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(FUZZ_ALL_OBJ): $(FUZZ_BUILD)/%.o: %.c $(FUZZ_BUILD)/build_info.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(SRC_INC) -I$(FUZZ_BUILD) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(FUZZ_BUILD)/build_info.h: FORCE
	@mkdir -p $(@D)
	@tools/build_info.sh "$(FUZZ_CC)" "$(FUZZ_CFLAGS)" > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(FUZZ_BUILD)/fuzz/fuzz_%.o: fuzz/fuzz_%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(SRC_INC) $(VERIFY_INC) -Ifuzz $(FUZZ_CFLAGS) -fsanitize=fuzzer -MMD -MP -c -o $@ $<
$(FUZZ_BUILD)/fuzz_cli $(FUZZ_BUILD)/fuzz_gas: $(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/fuzz/fuzz_%.o $(FUZZ_ALL_OBJ) $(FUZZ_KERNEL_OBJ) $(FUZZ_EXTRA_OBJ)
	$(FUZZ_CC) -fopenmp $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lm
$(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ) $(FUZZ_EXTRA_OBJ)
	$(FUZZ_CC) -fopenmp $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lm

fuzz-build:
	@tools/deps.sh clang libclang-rt-14-dev libomp-dev
	@$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

# One target at a time, one process each (-jobs would multiply the load); OpenMP on 1 thread.
# -malloc_limit_mb=64: no input of a few kB may make a parser ask for 64 MB at once (a count
# that the input cannot back is a bug: see fuzz/regress/datafile/).
fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/artifacts $(FUZZ_BUILD)/tmp; \
	  dict=; [ -f fuzz/$$t.dict ] && dict=-dict=fuzz/$$t.dict; \
	  echo "grandamp fuzz: $$t for $(FUZZ_SECONDS) s" >&2; \
	  TMPDIR=$(abspath $(FUZZ_BUILD))/tmp OMP_NUM_THREADS=1 $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -malloc_limit_mb=64 -print_final_stats=1 \
	    -close_fd_mask=3 -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$t- $$dict $(FUZZ_ARGS) \
	    $(FUZZ_BUILD)/corpus/$$t fuzz/corpus/$$t || exit $$?; \
	done

.PHONY: fuzz fuzz-build
.SECONDARY: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz/fuzz_%.o)
# ---- fuzzing (end) -----------------------------------------------------------------------

-include $(DEPS)
