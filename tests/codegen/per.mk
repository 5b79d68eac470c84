# tests/codegen/per.mk — the PER emitter (compiler/emit_per.c, issue 14),
# included from codegen.mk. check-codegen-per: tests/codegen/per_x691.asn
# through --encodings der,uper,aper, X.691 Annex A's encodings through the
# generated code both ways, strictness rejects, and random values of
# tests/codegen/per_props.asn through DER, UPER and APER (test_per_codegen.c).
CODEGEN_PER := $(B)/tests/codegen/per
CODEGEN_PER_MODS := x691_a1 x691_a2 x691_a3 x691_a4 per_props
CODEGEN_PER_INPUTS := tests/codegen/per_x691.asn tests/codegen/per_props.asn
CODEGEN_PER_OPTIONS := --encodings der,uper,aper
$(eval $(call codegen_c,$(CODEGEN_PER),$(CODEGEN_PER_MODS),$(CODEGEN_PER_INPUTS),$(CODEGEN_PER_OPTIONS),CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-per-codegen,test_per_codegen,$(CODEGEN_PER),$(CODEGEN_PER_MODS),$(TEST_HEX)))
CHECKS += check-codegen-per
.PHONY: check-codegen-per
check-codegen-per: $(B)/tests/codegen/test-per-codegen
	$(B)/tests/codegen/test-per-codegen

# check-codegen-per-3gpp: S1AP and NGAP through --encodings aper, no
# decline; the C of a few PDUs compiled at -O0 without -g (PER_3GPP_FULL=1: all of it; per_3gpp.sh prints the
# times; NGAP is ~29 MB of C).
CHECKS += check-codegen-per-3gpp
.PHONY: check-codegen-per-3gpp
check-codegen-per-3gpp: $(B)/asn1cc
	PER_3GPP_NO_CC=$(if $(filter 1,$(SANITIZE_RUN)),1,0) tests/codegen/per_3gpp.sh $(B)/asn1cc "$(CC)" $(CPPFLAGS_ALL) -std=c11 -Wall -Wextra -Wpedantic -Werror
