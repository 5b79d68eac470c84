# runtime/crypto — liblez.a, the LEZ wallet crypto (separate from
# libasn1rt.a so that DER-only users need not link libsecp256k1), and its
# public header runtime/crypto/include/lez.h (installed as include/lez.h).
# Its users keep their rules beside them: tools/lez-wallet/lez-wallet.mk,
# tests/crypto/crypto.mk (check-crypto, ctgrind), bench/crypto/crypto.mk.

LEZ_SRCS := runtime/crypto/bip39.c runtime/crypto/hmac512.c runtime/crypto/keys.c runtime/crypto/note.c runtime/crypto/seed.c
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

# Every object that includes lez.h (the library's, its tests', tools',
# benches' and fuzz targets') adds this; libasn1rt's users never see it.
LEZ_CPPFLAGS := -Iruntime/crypto/include

PROGRAMS += $(LEZ_LIB)
INSTALL_TARGETS += install-crypto

.PHONY: install-crypto
$(LEZ_OBJS): CPPFLAGS_ALL += $(LEZ_CPPFLAGS)

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

install-crypto: $(LEZ_LIB)
	install -D -m 644 $(LEZ_LIB) $(DESTDIR)$(PREFIX)/lib/liblez.a
	install -D -m 644 runtime/crypto/include/lez.h $(DESTDIR)$(PREFIX)/include/lez.h
