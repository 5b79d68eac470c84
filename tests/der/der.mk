# tests/der — rejection corpus, worst-case inputs, differential vs OpenSSL
# (make check-der). Included from tests/tests.mk.
#
# tests/der/rules.asn is compiled by $(B)/asn1cc at build time; the
# differential links the committed generated/pkix1explicit88.c.

DER_GEN      := $(B)/tests/der/gen
DER_TEST_BIN := $(B)/tests/der/test-der
DER_TEST_OBJS := $(addprefix $(B)/tests/der/,test_der.o test_worst.o test_diff.o diff_openssl.o) \
                 $(DER_GEN)/derrules.o $(B)/generated/pkix1explicit88.o

CHECKS += check-der
.PHONY: check-der

$(DER_GEN)/derrules.c $(DER_GEN)/derrules.h &: tests/der/rules.asn $(B)/asn1cc
	@mkdir -p $(DER_GEN)
	$(B)/asn1cc tests/der/rules.asn -o $(DER_GEN)

$(DER_GEN)/derrules.o: $(DER_GEN)/derrules.c
	$(CC) $(CPPFLAGS_ALL) -I$(DER_GEN) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(addprefix $(B)/tests/der/,test_der.o test_worst.o test_diff.o): $(DER_GEN)/derrules.h
$(addprefix $(B)/tests/der/,test_der.o test_worst.o test_diff.o): CPPFLAGS_ALL += -I$(DER_GEN) -Igenerated

$(DER_TEST_BIN): $(DER_TEST_OBJS) $(CUNIT_RUN) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS) -lpthread

check-der: $(DER_TEST_BIN)
	$(DER_TEST_BIN)
