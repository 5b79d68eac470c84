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
CODEGEN_BER_OPTIONS := --encodings der,ber
$(eval $(call codegen_c,$(CODEGEN_BER),bertest,tests/codegen/ber.asn,$(CODEGEN_BER_OPTIONS),CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-ber-codegen,ber_test,$(CODEGEN_BER),bertest,$(TEST_HEX) $(TEST_REFUSED)))
# check-fuzz-replay's replay_ber links this bertest.o (tests/fuzz/fuzz.mk).
$(FUZZ_OBJ)/replay_ber: $(CODEGEN_BER)/bertest.o

# The CMS module set is test-cms's (codegen.mk), compiled with BER too.
$(eval $(call codegen_test,test-ber-cms,ber_cms,$(CODEGEN_CMS),$(CODEGEN_CMS_MODS),,$$(CRYPTO_LIBS)))

CHECKS += check-codegen-ber
.PHONY: check-codegen-ber
check-codegen-ber: $(B)/tests/codegen/test-ber-codegen $(B)/tests/codegen/test-ber-cms
	$(B)/tests/codegen/test-ber-codegen
	$(B)/tests/codegen/test-ber-cms
