# tests/codegen/ber.mk — the BER decoders (--encodings ber, issue 15),
# included from codegen.mk. check-codegen-ber:
#   test-ber-codegen  tests/codegen/ber.asn: every BER form against the exact
#                     DER T_encode writes, every BER error with its code and
#                     offset (ber_test.c)
#   test-ber-cms      the CMS module (tests/compiler/real) over OpenSSL's
#                     streamed (indefinite-length) SignedData and EnvelopedData
#                     and amazon-roots.p7b: content, certificates and signers
#                     against libcrypto's parse, the DER re-encoding against
#                     i2d_CMS_ContentInfo (ber_cms.c)
CODEGEN_BER := $(B)/tests/codegen/ber
$(CODEGEN_BER)/bertest.c $(CODEGEN_BER)/bertest.h &: tests/codegen/ber.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_BER)
	$(B)/asn1cc --encodings der,ber tests/codegen/ber.asn -o $(CODEGEN_BER)
$(CODEGEN_BER)/bertest.o: $(CODEGEN_BER)/bertest.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_BER) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/ber_test.o: $(CODEGEN_BER)/bertest.h
$(B)/tests/codegen/ber_test.o: CPPFLAGS_ALL += -I$(CODEGEN_BER) -Itests/common
$(B)/tests/codegen/test-ber-codegen: $(B)/tests/codegen/ber_test.o $(CODEGEN_BER)/bertest.o $(CUNIT_RUN) $(TEST_HEX) \
  $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)

CODEGEN_BER_CMS := $(B)/tests/codegen/ber-cms
CODEGEN_BER_CMS_C := $(addprefix $(CODEGEN_BER_CMS)/,cryptographicmessagesyntax2004.c attributecertificateversion1.c \
                       pkixattributecertificate.c pkix1explicit88.c pkix1implicit88.c)
$(CODEGEN_BER_CMS_C) $(CODEGEN_BER_CMS_C:.c=.h) &: $(CODEGEN_REAL) $(B)/asn1cc
	@mkdir -p $(CODEGEN_BER_CMS)
	$(B)/asn1cc --encodings der,ber --emit-imports -Ischemas -Itests/compiler/real \
	  tests/compiler/real/CryptographicMessageSyntax2004.asn1 -o $(CODEGEN_BER_CMS) 2>/dev/null
$(CODEGEN_BER_CMS)/%.o: $(CODEGEN_BER_CMS)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_BER_CMS) $(CODEGEN_REAL_CFLAGS) -MMD -MP -c $< -o $@
$(B)/tests/codegen/ber_cms.o: $(CODEGEN_BER_CMS_C:.c=.h)
$(B)/tests/codegen/ber_cms.o: CPPFLAGS_ALL += -I$(CODEGEN_BER_CMS) -Itests/common
$(B)/tests/codegen/test-ber-cms: $(B)/tests/codegen/ber_cms.o $(CODEGEN_BER_CMS_C:.c=.o) $(CUNIT_RUN) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

PROGRAMS += $(B)/tests/codegen/test-ber-codegen $(B)/tests/codegen/test-ber-cms
CHECKS += check-codegen-ber
.PHONY: check-codegen-ber
check-codegen-ber: $(B)/tests/codegen/test-ber-codegen $(B)/tests/codegen/test-ber-cms
	$(B)/tests/codegen/test-ber-codegen
	$(B)/tests/codegen/test-ber-cms
