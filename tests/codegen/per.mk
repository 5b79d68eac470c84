# tests/codegen/per.mk — the PER emitter (compiler/emit_per.c, issue 14),
# included from codegen.mk. check-codegen-per: tests/codegen/per_x691.asn
# through --encodings der,uper,aper, X.691 Annex A's encodings through the
# generated code both ways, strictness rejects, and random values of
# tests/codegen/per_props.asn through DER, UPER and APER (test_per_codegen.c).
CODEGEN_PER := $(B)/tests/codegen/per
CODEGEN_PER_MODS := x691_a1 x691_a2 x691_a3 x691_a4 per_props
CODEGEN_PER_SRCS := $(CODEGEN_PER_MODS:%=$(CODEGEN_PER)/%.c)
CODEGEN_PER_OBJS := $(CODEGEN_PER_MODS:%=$(CODEGEN_PER)/%.o)
$(CODEGEN_PER_SRCS) $(CODEGEN_PER_MODS:%=$(CODEGEN_PER)/%.h) &: tests/codegen/per_x691.asn tests/codegen/per_props.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_PER)
	$(B)/asn1cc --encodings der,uper,aper tests/codegen/per_x691.asn tests/codegen/per_props.asn -o $(CODEGEN_PER)
$(CODEGEN_PER)/%.o: $(CODEGEN_PER)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_PER) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_per_codegen.o: $(CODEGEN_PER_SRCS)
$(B)/tests/codegen/test_per_codegen.o: CPPFLAGS_ALL += -I$(CODEGEN_PER)
$(B)/tests/codegen/test-per-codegen: $(B)/tests/codegen/test_per_codegen.o $(CODEGEN_PER_OBJS) $(CUNIT_RUN) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-per-codegen
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
