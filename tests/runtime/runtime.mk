# tests/runtime — CUnit suites of the runtime (make check-runtime).
# Included from tests/tests.mk.

RT_TEST_SRCS := $(sort $(wildcard tests/runtime/*.c))
RT_TEST_BIN  := $(B)/tests/runtime/test-runtime

CHECKS += check-runtime
.PHONY: check-runtime

$(RT_TEST_BIN): $(RT_TEST_SRCS:%.c=$(B)/%.o) $(CUNIT_RUN) $(TEST_HEX) $(B)/generated/pkix1explicit88.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

# test_ber.c decodes BER with the generated Certificate code (BER mode shares it).
$(B)/tests/runtime/test_ber.o: CPPFLAGS_ALL += -Igenerated

check-runtime: $(RT_TEST_BIN)
	$(RT_TEST_BIN)

# The walker's dump against an independent parser, on every certificate.
CHECKS += check-runtime-asn1parse
.PHONY: check-runtime-asn1parse
check-runtime-asn1parse: $(B)/examples/asn1dump
	tests/runtime/asn1parse.sh $(B)/examples/asn1dump
