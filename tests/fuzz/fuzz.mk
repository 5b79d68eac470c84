# tests/fuzz — libFuzzer targets (clang) and their corpus replay (any CC).
# Included from tests/tests.mk.
#
#   make fuzz FUZZ_SECONDS=N   every target for N s (default 60); fails on a finding
#   make check-fuzz            short run of every target (in `make test` with clang)
#   make check-fuzz-replay     every committed corpus and regression input through
#                              every target, built with $(CC) without libFuzzer
#   make valgrind              memcheck over the unit test binaries and the replay
#
# Fuzz binaries live in their own tree ($(FUZZ_B)), built by a sub-make with
# clang, -fsanitize=fuzzer-no-link,address,undefined, so they never mix with
# the gcc objects of $(B).

FUZZ_CC      ?= clang
FUZZ_B       ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HAVE_FUZZ_CC := $(shell command -v $(FUZZ_CC) >/dev/null 2>&1 && echo yes)

# Targets by what they link. Each is tests/fuzz/fuzz_<name>.c with seeds in
# tests/fuzz/corpus/<name>/ (and optionally tests/fuzz/<name>.dict).
FUZZ_RT_TARGETS  := read walk text
FUZZ_LEZ_TARGETS := mnemonic epk note
FUZZ_TARGETS      = $(FUZZ_RT_TARGETS) $(FUZZ_LEZ_TARGETS) $(FUZZ_FE_TARGETS) $(FUZZ_GEN_TARGETS)

FUZZ_OBJ = $(B)/tests/fuzz

# ---- libFuzzer binaries (inside the clang sub-make) ----------------------
$(FUZZ_RT_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_OBJ)/fuzz_%.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_LEZ_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_OBJ)/fuzz_%.o $(B)/liblez.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^ $(SECP_LIBS) $(CRYPTO_LIBS)

.PHONY: fuzz fuzz-bins fuzz-build check-fuzz check-fuzz-replay valgrind
fuzz-bins: $(FUZZ_TARGETS:%=$(FUZZ_OBJ)/fuzz_%)

fuzz-build:
	@if [ "$(HAVE_FUZZ_CC)" != yes ]; then echo "fuzz: $(FUZZ_CC) not found (libFuzzer needs clang)" >&2; exit 1; fi
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=$(FUZZ_CC) OPT='-O1 -g' SAN='$(FUZZ_SAN)' fuzz-bins

fuzz: fuzz-build
	@tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_B) $(FUZZ_TARGETS)

# In `make test`: a short run, proportionate to the number of targets (about
# four minutes in all, 3..20 s a target). FUZZ_CHECK_SECONDS overrides.
FUZZ_NTARGETS = $(words $(FUZZ_TARGETS))
FUZZ_CHECK_SECONDS ?= $(shell n=$(FUZZ_NTARGETS); s=$$((240 / (n ? n : 1))); [ $$s -gt 20 ] && s=20; [ $$s -lt 3 ] && s=3; echo $$s)

ifeq ($(HAVE_FUZZ_CC),yes)
CHECKS += check-fuzz
endif
check-fuzz:
	@if [ "$(SANITIZE_RUN)" = 1 ]; then echo "check-fuzz: skipped in make sanitize (the fuzz build is ASan+UBSan already; check-fuzz-replay runs)"; exit 0; fi; \
	$(MAKE) --no-print-directory fuzz-build && \
	tests/fuzz/run.sh $(FUZZ_CHECK_SECONDS) $(FUZZ_B) $(FUZZ_TARGETS)

# ---- replay: same harnesses, plain main (driver.c), any compiler ---------
FUZZ_REPLAY_BINS = $(FUZZ_TARGETS:%=$(FUZZ_OBJ)/replay_%)

$(FUZZ_RT_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/driver.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

$(FUZZ_LEZ_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/driver.o $(B)/liblez.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(SECP_LIBS) $(CRYPTO_LIBS)

CHECKS += check-fuzz-replay
check-fuzz-replay: $(FUZZ_REPLAY_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  dirs=""; for d in tests/fuzz/corpus/$$t tests/fuzz/regress/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  [ -n "$$dirs" ] || { echo "check-fuzz-replay: no corpus for $$t" >&2; exit 1; }; \
	  $(FUZZ_OBJ)/replay_$$t $$dirs; \
	done

# ---- valgrind: memcheck over the unit test binaries and the replay -------
# Each binary that exists in the build is run; the runtime and crypto suites
# are always built first. Any memcheck error fails the target.
FUZZ_VALGRIND := valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q
VALGRIND_UNIT = $(wildcard $(B)/tests/runtime/test-runtime $(B)/tests/crypto/test_lez $(B)/tests/der/test-der \
                  $(B)/tests/codegen/test-codegen $(B)/tests/compiler/test-compiler)
valgrind: $(FUZZ_REPLAY_BINS) $(RT_TEST_BIN) $(LEZ_TEST) $(DER_TEST_BIN)
	@command -v valgrind >/dev/null || { echo "valgrind: not installed (scripts/deps.sh)" >&2; exit 1; }
	@set -e; for t in $(VALGRIND_UNIT); do echo "valgrind: $$t"; DER_WORSTCASE_SMALL=1 $(FUZZ_VALGRIND) $$t >/dev/null; done; \
	for t in $(FUZZ_TARGETS); do \
	  dirs=""; for d in tests/fuzz/corpus/$$t tests/fuzz/regress/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  echo "valgrind: replay_$$t"; $(FUZZ_VALGRIND) $(FUZZ_OBJ)/replay_$$t $$dirs >/dev/null; \
	done; echo "valgrind: clean"
