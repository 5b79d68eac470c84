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
VERSION := 0.1.0

CC      ?= cc
OPT     ?= -O2 -g
SAN     ?=
# B is the build directory; sanitizer and fuzz builds use their own.
B       ?= build
WARN    := -Wall -Wextra -Wpedantic -Werror
CPPFLAGS_ALL := -Iruntime/include -I$(B) -DASN1CC_VERSION='"$(VERSION)"' $(CPPFLAGS)
CFLAGS_ALL   := -std=c11 $(WARN) $(OPT) $(SAN) $(CFLAGS)
LDFLAGS_ALL  := $(SAN) $(LDFLAGS)

PKG_CONFIG ?= pkg-config
CUNIT_LIBS  = $(shell $(PKG_CONFIG) --libs cunit 2>/dev/null || echo -lcunit)
CRYPTO_LIBS = $(shell $(PKG_CONFIG) --libs libcrypto 2>/dev/null || echo -lcrypto)
SECP_LIBS   = $(shell $(PKG_CONFIG) --libs libsecp256k1 2>/dev/null || echo -lsecp256k1)

# Fragments append to these.
PROGRAMS :=          # binaries built by `make`
CHECKS   :=          # phony targets run by `make test`, each exits non-zero on failure
INSTALL_TARGETS :=   # phony targets run by `make install`
CLEAN_FILES :=

.DEFAULT_GOAL := all
.PHONY: all build deps deps-bench test checks sanitize install clean demo

all: deps
	@$(MAKE) --no-print-directory build

deps:
	@scripts/deps.sh

deps-bench:
	@scripts/deps.sh bench

-include runtime/runtime.mk
-include runtime/crypto/crypto.mk
-include compiler/compiler.mk
-include generated/generated.mk
-include tests/tests.mk
-include bench/bench.mk
-include examples/examples.mk

build: $(PROGRAMS)

# One line per check, then the total; the last line is what CI reads.
test: deps
	@$(MAKE) --no-print-directory build
	@scripts/run-checks.sh $(MAKE) -- $(CHECKS)

# Same suite, separate build tree, ASan+UBSan, aborting on the first report.
sanitize: deps
	@$(MAKE) --no-print-directory B=build/san OPT='-O1 -g' \
	  SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
	  ASAN_OPTIONS=detect_leaks=1 SANITIZE_RUN=1 test

install: all $(INSTALL_TARGETS)

clean:
	rm -rf build out $(CLEAN_FILES)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

-include $(shell find $(B) -name '*.d' 2>/dev/null)
