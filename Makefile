# asn1cc — top-level build.  Each component keeps its rules in a fragment
# (<dir>/*.mk) included below; this file holds only what they share.
#
#   make            dependency check, then libasn1rt.a, asn1cc and tools
#   make demo       build, compile a shipped schema, decode a real certificate
#   make test       every test; output ends with "N passed, N failed"
#   make sanitize   the whole test suite under ASan+UBSan
#   make install    PREFIX=/usr/local DESTDIR=

PREFIX  ?= /usr/local
DESTDIR ?=
# The one version number: --version, banners, asn1rt.pc, the CMake package, debian/changelog (checked).
VERSION := $(shell cat VERSION)
# The objects that print it are rebuilt when it changes.
$(B)/compiler/main.o $(B)/compiler/emit_c.o $(B)/compiler/emit_fuzz.o: VERSION

CC      ?= cc
OPT     ?= -O2 -g
SAN     ?=
# B is the build directory; sanitizer and fuzz builds use their own.
B       ?= build
WARN    := -Wall -Wextra -Wpedantic -Werror
CPPFLAGS_ALL := -Iruntime/include -I$(B) -DASN1CC_VERSION='"$(VERSION)"' $(CPPFLAGS)
CFLAGS_ALL   := -std=c11 $(WARN) $(OPT) $(SAN) $(CFLAGS)
LDFLAGS_ALL  := $(SAN) $(LDFLAGS)

SHELL := /bin/bash
PKG_CONFIG ?= pkg-config
# Builds run in parallel on every core; the checks themselves run one by one.
NPROC := $(shell nproc 2>/dev/null || echo 2)
CUNIT_LIBS  = $(shell $(PKG_CONFIG) --libs cunit 2>/dev/null || echo -lcunit)
CRYPTO_LIBS = $(shell $(PKG_CONFIG) --libs libcrypto 2>/dev/null || echo -lcrypto)
SECP_LIBS   = $(shell $(PKG_CONFIG) --libs libsecp256k1 2>/dev/null || echo -lsecp256k1)

# Fragments append to these.
PROGRAMS :=          # binaries built by `make`
CHECKS   :=          # phony targets run by `make test`, each exits non-zero on failure
INSTALL_TARGETS :=   # phony targets run by `make install`
CLEAN_FILES :=

.DEFAULT_GOAL := all
.PHONY: all build deps deps-bench deps-test test checks sanitize install clean demo

all: deps
	@$(MAKE) --no-print-directory -j$(NPROC) build

deps:
	@scripts/deps.sh

deps-bench:
	@scripts/deps.sh bench

# make test also wants the oracle tests' peer tools (asn1c, tshark); without them those tests skip.
deps-test:
	@scripts/deps.sh test

# A missing fragment is an error, not a build with fewer targets. Order
# matters: a fragment may use the variables of those above it (tools and
# tests link liblez.a from runtime/crypto; tests/fuzz uses compiler/'s lists).
include runtime/runtime.mk
include runtime/crypto/crypto.mk
include compiler/compiler.mk
include generated/generated.mk
include tools/tools.mk
include tests/tests.mk
include bench/bench.mk
include examples/examples.mk
include cmake/cmake.mk
include debian/deb.mk

build: $(PROGRAMS)

# One line per check, then the total; the last line is what CI reads.
# check-sanitize runs the test programs again under ASan+UBSan, in its own
# build tree, beside the other checks ('&': see scripts/run-checks.sh); its
# report comes last. check-packaging-deb goes first in that lane: it builds
# in its own copy of the tree and writes only its own directory, and the
# other lane, the longer one, is then shorter by its minute.
TEST_BESIDE := check-packaging-deb check-sanitize
test: deps-test
	@$(MAKE) --no-print-directory -j$(NPROC) build
	@scripts/run-checks.sh $(MAKE) -- $(TEST_BESIDE:%='&%') $(filter-out $(TEST_BESIDE),$(CHECKS))

# The whole suite, separate build tree, ASan+UBSan, aborting on the first report.
# ASN1G_NO_INLINE_TREE: generated code is not forced into one function per
# type tree here (same code; see asn1rt/gen.h), which keeps this build short.
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -DASN1G_NO_INLINE_TREE
# There the committed generated/ C (2 MB) is compiled at -O0: the sanitizers
# check the same code at -O0, and gcc -O1 with them spent 90 of the tree's
# first 163 CPU seconds on it (kerberosv5spec2.c 47.7 s, 31.5 s at -O0).
# The -O2 build of it is the default tree's.
ifeq ($(SANITIZE_RUN),1)
$(GEN_OBJS): CFLAGS_ALL += -O0
endif
sanitize: deps
	@$(MAKE) --no-print-directory B=build/san OPT='-O1 -g' SAN='$(SAN_FLAGS)' \
	  ASAN_OPTIONS=detect_leaks=1 SANITIZE_RUN=1 -j$(NPROC) build
	@$(MAKE) --no-print-directory B=build/san OPT='-O1 -g' SAN='$(SAN_FLAGS)' \
	  ASAN_OPTIONS=detect_leaks=1 SANITIZE_RUN=1 sanitize-checks

# Inside `make test`: every check that runs our code on inputs, under
# ASan+UBSan. Left out, to keep make test within its budget:
#  - check-generated (a staleness and -Werror compile check, no code runs),
#    check-fuzz (its build is ASan+UBSan already), check-runtime-asn1parse
#    (the same walker as check-runtime);
#  - the peer comparisons check-per-asn1c, check-per-tshark and
#    check-ber-peers: they compare our octets with asn1c's, tshark's and the
#    servers', which the sanitizers do not change; the same generated code
#    and runtime run under ASan in check-codegen-per's and
#    check-codegen-ber's round trips and strictness rows.
# check-conformance and check-codegen-per-3gpp run asn1cc under ASan on every
# module but do not compile its C a second time (SANITIZE_RUN=1).
# check-fuzz-replay replays here only the targets check-fuzz does not run
# (SANITIZE_BESIDE=1, with clang): check-fuzz replays the others' committed
# inputs through its ASan+UBSan libFuzzer binaries (tests/fuzz/fuzz.mk).
SANITIZE_SKIP := check-generated check-fuzz check-runtime-asn1parse check-per-asn1c check-per-tshark check-ber-peers
SANITIZE_CHECKS ?= $(filter-out $(SANITIZE_SKIP),$(CHECKS))
.PHONY: sanitize-checks check-sanitize
sanitize-checks:
	@scripts/run-checks.sh $(MAKE) -- $(SANITIZE_CHECKS)
check-sanitize:
	@$(MAKE) --no-print-directory -s sanitize SANITIZE_BESIDE=1 2>&1 | sed 's/^/  [asan] /'; exit $${PIPESTATUS[0]}

install: all $(INSTALL_TARGETS)

clean:
	rm -rf build out $(CLEAN_FILES)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

-include $(shell find $(B) -name '*.d' 2>/dev/null)
