# make bench-ber: an indefinite-length CMS SignedData decoded as BER by
# asn1cc (--encodings ber), OpenSSL and libtasn1, beside the same value as
# DER through asn1cc's T_decode (issue 15). Included from bench/bench.mk.

.PHONY: bench-ber

BENCH_BER := $(B)/bench/ber/bench-ber
BENCH_BER_GEN := $(B)/bench/ber/cms
BENCH_BER_GEN_C := $(addprefix $(BENCH_BER_GEN)/,cryptographicmessagesyntax2004.c attributecertificateversion1.c \
                     pkixattributecertificate.c pkix1explicit88.c pkix1implicit88.c)

$(BENCH_BER_GEN_C) $(BENCH_BER_GEN_C:.c=.h) &: $(CODEGEN_REAL) $(B)/asn1cc
	@mkdir -p $(BENCH_BER_GEN)
	$(B)/asn1cc --encodings der,ber --emit-imports -Ischemas -Itests/compiler/real \
	  tests/compiler/real/CryptographicMessageSyntax2004.asn1 -o $(BENCH_BER_GEN) 2>/dev/null
$(BENCH_BER_GEN)/%.o: $(BENCH_BER_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(BENCH_BER_GEN) $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@

$(B)/bench/ber/bench_ber.o: $(BENCH_BER_GEN_C:.c=.h)
$(B)/bench/ber/bench_ber.o: CPPFLAGS_ALL += -I$(BENCH_BER_GEN) -Ibench/common -Ibench/peers
$(B)/bench/ber/bench_ber.o: CFLAGS_ALL += $(BENCH_ALIGN)

# libtasn1 through bench-peers' wrapper (its header and OpenSSL's both
# define asn1_node, so it lives in a file of its own).
$(BENCH_BER): $(B)/bench/ber/bench_ber.o $(B)/bench/peers/peer_tasn1.o $(BENCH_BER_GEN_C:.c=.o) $(B)/bench/peers/countalloc.o \
  $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CRYPTO_LIBS) -ltasn1 -lm

# libtasn1 refuses indefinite lengths on EXPLICIT tags: it reads the message
# with those made definite (defexplicit.py), asn1cc is timed on both.
$(B)/bench/ber/signed-defexplicit.ber: tests/runtime/ber/signed-stream.ber bench/ber/defexplicit.py
	@mkdir -p $(dir $@)
	python3 bench/ber/defexplicit.py $< $@

bench-ber: $(BENCH_BER) $(B)/bench/ber/signed-defexplicit.ber
	$(BENCH_BER) tests/runtime/ber/signed-stream.ber $(B)/bench/ber/signed-defexplicit.ber bench/ber/cms_tasn1.asn
