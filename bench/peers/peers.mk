# bench/peers: asn1cc side by side with asn1c, OpenSSL, libtasn1 and the Rust
# asn1 crate (issue 6). Included from bench/bench.mk.
#
#   make bench-peers    dependency step (bench mode), build, run; prints the
#                       tables, writes bench/results/peers.csv and peers.svg
#
# Everything generated (asn1c's C, the Rust static library) goes to the
# build directory; nothing here is part of `make` or `make test`.

.PHONY: bench-peers

PEERS_DIR := bench/peers
PEERS_B   := $(B)/bench/peers
PEERS_BIN := $(PEERS_B)/peers-bench
PEERS_CA  ?= /etc/ssl/certs/ca-certificates.crt

# --- asn1c: generated into the build directory from the edited RFC 5280
# copy (bench/peers/asn1c/edits.diff) and schemas/bench.asn ---
ASN1C           ?= asn1c
PEERS_ASN1C_GEN := $(PEERS_B)/asn1c-gen
PEERS_ASN1C_IN  := $(PEERS_DIR)/asn1c/rfc5280-PKIX1Explicit88.asn \
                   $(PEERS_DIR)/asn1c/rfc5280-PKIX1Implicit88.asn schemas/bench.asn
# converter-sample.c is asn1c's example main(); ComplexSequence.c does not
# compile (asn1c 0.9.28 refers to an undeclared asn_DEF_Member_10 for the
# inline SEQUENCE OF INTEGER (0..4294967295)), and no workload uses it.
PEERS_ASN1C_SKIP := converter-sample.c ComplexSequence.c

$(PEERS_ASN1C_GEN)/.stamp: $(PEERS_ASN1C_IN)
	@rm -rf $(PEERS_ASN1C_GEN) && mkdir -p $(PEERS_ASN1C_GEN)
	cd $(PEERS_ASN1C_GEN) && $(ASN1C) -fwide-types $(addprefix $(CURDIR)/,$(PEERS_ASN1C_IN)) >asn1c.log 2>&1 \
	  || { cat asn1c.log; exit 1; }
	@touch $@

# asn1c's objects and the wrapper become one relocatable object whose only
# global symbol is peers_asn1c: asn1c names types as we do (Certificate,
# Version_print, ...), and this keeps the two from meeting at link time.
$(PEERS_B)/asn1c-peer.o: $(PEERS_DIR)/peer_asn1c.c $(PEERS_DIR)/peers.h $(PEERS_ASN1C_GEN)/.stamp
	@mkdir -p $(PEERS_B)/asn1c-obj
	@echo "CC asn1c generated code and skeletons -> $@"
	@cd $(PEERS_ASN1C_GEN) && ls *.c | grep -v -x $(addprefix -e ,$(PEERS_ASN1C_SKIP)) \
	  | xargs -P "$$(nproc)" -I{} $(CC) $(OPT) -w -I. -c {} -o $(abspath $(PEERS_B))/asn1c-obj/{}.o
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -DPEERS_ASN1C_VERSION='"$(shell $(ASN1C) -v 2>&1 | sed -n 's/^ASN\.1 Compiler, v\([0-9.]*\).*/\1/p' | head -1)"' \
	  -isystem $(PEERS_ASN1C_GEN) -c $< -o $(PEERS_B)/asn1c-obj/peer_asn1c.o
	ld -r -o $@.tmp $(PEERS_B)/asn1c-obj/*.o
	objcopy --keep-global-symbol=peers_asn1c $@.tmp $@ && rm -f $@.tmp

# --- Rust asn1 crate: Debian's cargo and rustc, offline, from
# /usr/share/cargo/registry. Built from a copy in the build directory so the
# source tree gets no Cargo.lock or target/. If it cannot be built, the
# reason is kept and the column says so. ---
PEERS_CARGO ?= /usr/bin/cargo
PEERS_RUSTC ?= /usr/bin/rustc
PEERS_RUST_B   := $(PEERS_B)/rust
PEERS_RUST_LIB := $(PEERS_RUST_B)/target/release/libpeers_rust_asn1.a
PEERS_RUST_SRC := $(PEERS_DIR)/rust/Cargo.toml $(PEERS_DIR)/rust/.cargo/config.toml \
                  $(PEERS_DIR)/rust/src/lib.rs

$(PEERS_RUST_B)/.stamp: $(PEERS_RUST_SRC)
	@rm -rf $(PEERS_RUST_B)/crate $(PEERS_RUST_B)/error && mkdir -p $(PEERS_RUST_B)/crate
	@cp -r $(PEERS_DIR)/rust/Cargo.toml $(PEERS_DIR)/rust/src $(PEERS_DIR)/rust/.cargo $(PEERS_RUST_B)/crate/
	@echo "CARGO $(PEERS_RUST_LIB)"
	@cd $(PEERS_RUST_B)/crate && CARGO_HOME=$(abspath $(PEERS_RUST_B))/cargo-home \
	  CARGO_TARGET_DIR=$(abspath $(PEERS_RUST_B))/target RUSTC=$(PEERS_RUSTC) \
	  $(PEERS_CARGO) build --release --offline --quiet >$(abspath $(PEERS_RUST_B))/cargo.log 2>&1 \
	  || { grep -m1 -E '^error' $(abspath $(PEERS_RUST_B))/cargo.log >$(abspath $(PEERS_RUST_B))/error \
	       || echo "cargo build failed" >$(abspath $(PEERS_RUST_B))/error; \
	       echo "peers: Rust peer not built: $$(cat $(abspath $(PEERS_RUST_B))/error) (see $(PEERS_RUST_B)/cargo.log)"; \
	       rm -f $(abspath $(PEERS_RUST_LIB)); }
	@touch $@

# --- asn1cc (ours): the generated code's rows only when it is there ---
PEERS_OURS_SRCS := $(wildcard generated/pkix1explicit88.c generated/pkix1implicit88.c generated/bench.c)
PEERS_OURS_DEFS := $(if $(wildcard generated/pkix1explicit88.h),-DPEERS_ASN1CC_X509) \
                   $(if $(wildcard generated/bench.h),-DPEERS_ASN1CC_BENCH)
# The generated code from bench/common's aligned build (its BENCH_GEN_DIR,
# spelled out: common.mk comes after this file), as bench-x509 and every
# other table time it.
PEERS_OURS_OBJS := $(PEERS_B)/peer_asn1cc.o $(patsubst generated/%.c,$(B)/bench/asn1cc/%.o,$(PEERS_OURS_SRCS)) \
                   $(B)/libasn1rt.a
$(PEERS_B)/peer_asn1cc.o: CPPFLAGS_ALL += -Igenerated $(PEERS_OURS_DEFS)
# Rebuild when the generated headers appear or go.
$(PEERS_B)/peer_asn1cc.o: $(wildcard generated/pkix1explicit88.h generated/bench.h) $(PEERS_B)/ours.flags
$(PEERS_B)/ours.flags: FORCE_PEERS
	@mkdir -p $(dir $@)
	@echo '$(PEERS_OURS_DEFS)' | cmp -s - $@ || echo '$(PEERS_OURS_DEFS)' >$@
.PHONY: FORCE_PEERS

# --- the program: bench/common's harness and the Certificate template it
# shares with bench-x509 (common.mk is included after this file, so the
# objects are named here, not by its variables) ---
PEERS_COMMON_OBJS := $(B)/bench/common/harness.o $(B)/bench/common/csv.o $(B)/bench/common/openssl_cert.o
# The banner names the flags the peers' own objects are built with (the
# harness and asn1cc's generated code have bench/common's alignment flag
# on top; BENCH_ALIGN is spelled out here, as common.mk comes later).
$(PEERS_B)/bench_peers.o: CPPFLAGS_ALL += -DPEERS_CFLAGS='"$(CFLAGS_ALL); asn1cc generated code: -falign-functions=64"'
$(PEERS_B)/bench_peers.o $(PEERS_B)/peer_openssl.o: CPPFLAGS_ALL += -Ibench/common
$(PEERS_B)/peer_rust.o: CPPFLAGS_ALL += \
  -DPEERS_RUST_ASN1_VERSION='"$(shell dpkg-query -W -f='$${Version}' librust-asn1-dev 2>/dev/null)"' \
  -DPEERS_RUSTC_VERSION='"$(shell $(PEERS_RUSTC) --version 2>/dev/null)"'

PEERS_C_OBJS := $(addprefix $(PEERS_B)/,bench_peers.o countalloc.o peer_openssl.o peer_tasn1.o \
                peer_rust.o) $(PEERS_COMMON_OBJS)
$(filter $(PEERS_B)/%,$(PEERS_C_OBJS)) $(PEERS_B)/peer_asn1cc.o: $(PEERS_DIR)/peers.h

# Without the Rust static library, peers_missing.c stands in for the Rust
# peer with the reason, which the recipe writes into peers-missing.h.
$(PEERS_BIN): $(PEERS_C_OBJS) $(PEERS_B)/asn1c-peer.o $(PEERS_OURS_OBJS) $(PEERS_RUST_B)/.stamp \
              $(PEERS_DIR)/peers_missing.c
	@if [ -f $(PEERS_RUST_LIB) ]; then \
	  rust="$(PEERS_B)/peer_rust.o $(PEERS_RUST_LIB) -lgcc_s -lutil -lrt -lpthread -lm -ldl"; \
	else \
	  echo "#define PEERS_NO_RUST \"$$(tr -d '\"\\' <$(PEERS_RUST_B)/error)\"" >$(PEERS_B)/peers-missing.h && \
	  $(CC) $(CPPFLAGS_ALL) -I$(PEERS_B) $(CFLAGS_ALL) -MMD -MP -c $(PEERS_DIR)/peers_missing.c \
	    -o $(PEERS_B)/peers_missing.o || exit 1; \
	  rust="$(PEERS_B)/peers_missing.o"; \
	fi; \
	echo "LD $@ ($$rust)"; \
	$(CC) $(LDFLAGS_ALL) -o $@ $(filter-out $(PEERS_B)/peer_rust.o,$(PEERS_C_OBJS)) \
	  $(PEERS_B)/asn1c-peer.o $(PEERS_OURS_OBJS) $$rust -ltasn1 $(CRYPTO_LIBS) -lm

bench-peers:
	@scripts/deps.sh bench
	@$(MAKE) --no-print-directory $(PEERS_BIN)
	@mkdir -p bench/results
	@rc=0; $(PEERS_BIN) $(PEERS_DIR)/tasn1/peers.asn $(PEERS_CA) bench/results/peers.csv \
	  $(PEERS_B)/peers.dat >$(PEERS_B)/peers.md || rc=$$?; cat $(PEERS_B)/peers.md; exit $$rc
	gnuplot -e "dat='$(PEERS_B)/peers.dat'" $(PEERS_DIR)/peers.gp > bench/results/peers.svg
	@echo "peers: wrote bench/results/peers.csv, bench/results/peers.svg, $(PEERS_B)/peers.md"
