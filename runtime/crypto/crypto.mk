# LEZ wallet crypto: liblez.a (separate from libasn1rt.a so that DER-only
# users need not link libsecp256k1), the lez-wallet tool, its tests, the
# ctgrind check and the bench-crypto table.

LEZ_SRCS := runtime/crypto/bip39.c runtime/crypto/keys.c runtime/crypto/note.c runtime/crypto/seed.c
LEZ_OBJS := $(LEZ_SRCS:%.c=$(B)/%.o)
LEZ_LIB  := $(B)/liblez.a
# libunistring: NFKD of BIP-39 text (seed.c only; programs that use only DH
# and notes do not pull seed.o and need not link it). Debian 12's package
# has no .pc file, hence the fallback.
UNISTRING_LIBS = $(shell $(PKG_CONFIG) --libs libunistring 2>/dev/null || echo -lunistring)
LEZ_DEP_LIBS = $(SECP_LIBS) $(CRYPTO_LIBS) $(UNISTRING_LIBS)
LEZ_LIBS := $(LEZ_LIB) $(LEZ_DEP_LIBS)
LEZ_WORDLIST := runtime/crypto/bip39-english.txt
LEZ_WORDLIST_H := $(B)/runtime/crypto/bip39_wordlist.h
# The wordlist's published SHA-256 (BIP-39, English).
LEZ_WORDLIST_SHA256 := 2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda
LEZ_WALLET := $(B)/lez-wallet

PROGRAMS += $(LEZ_LIB) $(LEZ_WALLET)
CHECKS += check-crypto
INSTALL_TARGETS += install-crypto

.PHONY: check-crypto install-crypto ctgrind bench-crypto

# The table is generated only from a wordlist whose hash matches, and each
# word is checked to be 3-8 lower-case letters, which the packing relies on.
$(LEZ_WORDLIST_H): $(LEZ_WORDLIST) runtime/crypto/crypto.mk
	@mkdir -p $(dir $@)
	@echo "$(LEZ_WORDLIST_SHA256)  $(LEZ_WORDLIST)" | sha256sum -c --status - || \
	  { echo "$(LEZ_WORDLIST): SHA-256 differs from the BIP-39 English list" >&2; exit 1; }
	@LC_ALL=C awk -v src=$(LEZ_WORDLIST) ' \
	  BEGIN { print "/* generated from " src " by runtime/crypto/crypto.mk, do not edit */"; \
	          print "static const uint64_t lez_bip39_packed[2048] = {" } \
	  !/^[a-z][a-z][a-z][a-z]?[a-z]?[a-z]?[a-z]?[a-z]?$$/ { print src ":" NR ": bad word" > "/dev/stderr"; exit 1 } \
	  { hex = ""; for (i = length($$0); i >= 1; i--) hex = hex sprintf("%02x", index("abcdefghijklmnopqrstuvwxyz", substr($$0, i, 1)) + 96); \
	    printf "    UINT64_C(0x%s), /* %d %s */\n", hex, NR - 1, $$0 } \
	  END { if (NR != 2048) { print src ": " NR " words, not 2048" > "/dev/stderr"; exit 1 }; print "};" }' \
	  $(LEZ_WORDLIST) > $@.tmp && mv $@.tmp $@

$(B)/runtime/crypto/bip39.o: $(LEZ_WORDLIST_H)

$(LEZ_LIB): $(LEZ_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# lez-wallet --der uses the LEZ-Wire codec asn1cc generates from
# schemas/lez.asn (committed in generated/); without it, --der is an error.
ifneq ($(wildcard generated/lez_wire.h),)
LEZ_WIRE_OBJS := $(B)/generated/lez_wire.o $(B)/libasn1rt.a
$(B)/tools/lez-wallet/lez-wallet.o: CPPFLAGS_ALL += -DLEZ_WALLET_DER -Igenerated
$(B)/tools/lez-wallet/lez-wallet.o: generated/lez_wire.h
endif

$(LEZ_WALLET): $(B)/tools/lez-wallet/lez-wallet.o $(LEZ_LIB) $(LEZ_WIRE_OBJS)
	$(CC) $(LDFLAGS_ALL) $< $(LEZ_WIRE_OBJS) -o $@ $(LEZ_LIBS)

install-crypto: $(LEZ_WALLET) $(LEZ_LIB)
	install -D -m 755 $(LEZ_WALLET) $(DESTDIR)$(PREFIX)/bin/lez-wallet
	install -D -m 644 tools/lez-wallet/lez-wallet.1 $(DESTDIR)$(PREFIX)/share/man/man1/lez-wallet.1
	install -D -m 644 $(LEZ_LIB) $(DESTDIR)$(PREFIX)/lib/liblez.a
	install -D -m 644 runtime/include/asn1rt/lez.h $(DESTDIR)$(PREFIX)/include/asn1rt/lez.h

# ---- tests --------------------------------------------------------------
LEZ_TEST := $(B)/tests/crypto/test_lez

ifneq ($(LEZ_WIRE_OBJS),)
$(B)/tests/crypto/test_lez.o: CPPFLAGS_ALL += -DLEZ_TEST_WIRE -Igenerated
$(B)/tests/crypto/test_lez.o: generated/lez_wire.h
endif

$(LEZ_TEST): $(B)/tests/crypto/test_lez.o $(LEZ_LIB) $(LEZ_WIRE_OBJS)
	$(CC) $(LDFLAGS_ALL) $< $(LEZ_WIRE_OBJS) -o $@ $(LEZ_LIBS) $(CUNIT_LIBS)

check-crypto: $(LEZ_TEST) $(LEZ_WALLET)
	@$(LEZ_TEST)
	@tests/crypto/lez-wallet.sh $(LEZ_WALLET) $(if $(LEZ_WIRE_OBJS),der,no-der)

# ---- ctgrind: secrets undefined to valgrind memcheck --------------------
# The library is rebuilt with -DLEZ_CTGRIND, which declares the values the
# design makes public (see lez_internal.h); any other use of a secret in a
# branch or an address is a memcheck error and fails the target.
LEZ_CT := $(B)/ctgrind
LEZ_CT_OBJS := $(LEZ_SRCS:%.c=$(LEZ_CT)/%.o) $(LEZ_CT)/tests/crypto/ctgrind.o

$(LEZ_CT)/%.o: %.c $(LEZ_WORDLIST_H)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -DLEZ_CTGRIND $(CFLAGS_ALL) -gdwarf-4 -MMD -MP -c $< -o $@

$(LEZ_CT)/ctgrind: $(LEZ_CT_OBJS)
	$(CC) $(LDFLAGS_ALL) $^ -o $@ $(LEZ_DEP_LIBS)

# No suppressions: OpenSSL's SHA-2/HMAC/PBKDF2/ChaCha20 and libsecp256k1's
# keygen/ECDH/scalar code run clean with undefined secrets. The canary run
# proves the instrument works: a deliberate secret branch must be reported.
LEZ_VALGRIND := valgrind --tool=memcheck --error-exitcode=1 --track-origins=yes --num-callers=30 -q

.PHONY: ctgrind-run
ctgrind-run: $(LEZ_CT)/ctgrind
	@command -v valgrind >/dev/null || { echo "ctgrind: valgrind not installed (scripts/deps.sh)" >&2; exit 1; }
	@echo "ctgrind: $(CC) $(OPT)"
	$(LEZ_VALGRIND) $(LEZ_CT)/ctgrind
	@if $(LEZ_VALGRIND) $(LEZ_CT)/ctgrind --canary >/dev/null 2>&1; then \
	  echo "ctgrind: canary not detected: secrets are not reaching memcheck" >&2; exit 1; \
	else echo "ctgrind: canary secret branch detected, as it must be"; fi

# Constant time is a property of the machine code, so each compiler at hand
# is checked (clang -O2 once turned a masked table scan into jumps).
ctgrind: ctgrind-run
	@if command -v clang >/dev/null && [ "$(CC)" != clang ]; then \
	  $(MAKE) --no-print-directory -s B=$(B)/ctgrind-clang CC=clang ctgrind-run; fi
	@echo "ctgrind: clean"

# ---- bench-crypto -------------------------------------------------------
LEZ_BENCH := $(B)/bench/crypto/bench_crypto

$(LEZ_BENCH): $(B)/bench/crypto/bench_crypto.o $(LEZ_LIB)
	$(CC) $(LDFLAGS_ALL) $< -o $@ $(LEZ_LIBS) -lm

bench-crypto: $(LEZ_BENCH)
	@mkdir -p bench/results
	@$(LEZ_BENCH) --csv bench/results/crypto.csv --cc "$(CC) $(OPT)"
