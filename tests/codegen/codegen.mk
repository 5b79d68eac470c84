# tests/codegen — the code generator's suites (issue 3), run by `make test`:
#   test-constructs  tests/codegen/constructs.asn, compiled by $(B)/asn1cc at
#                    build time: exact bytes, codes and round trips per construct
#   test-x509        generated/pkix1explicit88.c over every CA certificate and
#                    the cryptography_vectors x509 samples, differential vs OpenSSL
#   test-cms, test-pkcs10  real modules of tests/compiler/real (see below)

# Most suites here are one schema that asn1cc compiles at build time and one
# CUnit program on its C; these two write their rules.
#
# $(call codegen_c,DIR,MODULES,INPUTS,OPTIONS,CFLAGS-VARIABLE[,PREREQUISITES]):
# the C that `asn1cc OPTIONS INPUTS -o DIR` writes, DIR/M.c and DIR/M.h for
# each M of MODULES (one grouped target, remade when INPUTS, PREREQUISITES or
# asn1cc change), and DIR/%.o compiled from it with the flags the variable
# named CFLAGS-VARIABLE holds when the recipe runs.
define codegen_c
$(foreach m,$(2),$(1)/$(m).c $(1)/$(m).h) &: $(3) $(6) $(B)/asn1cc
	@mkdir -p $(1)
	$$(B)/asn1cc $(4) $(3) -o $(1)
$(1)/%.o: $(1)/%.c
	$$(CC) $$(CPPFLAGS_ALL) -I$(1) $$($(strip $(5))) -MMD -MP -c $$< -o $$@
endef
# $(call codegen_test,PROGRAM,SOURCE,DIR,MODULES[,OBJECTS[,LIBS]]): the CUnit
# program $(B)/tests/codegen/PROGRAM from tests/codegen/SOURCE.c, which
# includes the headers of codegen_c's DIR and MODULES; it links their
# objects, OBJECTS, cunit_run, the runtime and LIBS.
define codegen_test
$(B)/tests/codegen/$(2).o: $(4:%=$(3)/%.h)
$(B)/tests/codegen/$(2).o: CPPFLAGS_ALL += -I$(3)
$(B)/tests/codegen/$(1): $(B)/tests/codegen/$(2).o $(4:%=$(3)/%.o) $(5) $(CUNIT_RUN) $(B)/libasn1rt.a
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$^ $$(CUNIT_LIBS) $(6)
PROGRAMS += $(B)/tests/codegen/$(1)
endef
# The -Wconversion of the project's own schemas' C.
CODEGEN_CFLAGS = $(CFLAGS_ALL) -Wconversion

CODEGEN_GEN  := $(B)/tests/codegen/gen
CODEGEN_GEN_MODS := codegenauto codegentags codegenopen
$(eval $(call codegen_c,$(CODEGEN_GEN),$(CODEGEN_GEN_MODS),tests/codegen/constructs.asn,,CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-constructs,test_constructs,$(CODEGEN_GEN),$(CODEGEN_GEN_MODS),$(TEST_HEX) $(TEST_REFUSED)))

CHECKS += check-codegen
PROGRAMS += $(B)/tests/codegen/test-x509 $(B)/tests/codegen/test-prefix $(B)/tests/codegen/test-kerberos

$(B)/tests/codegen/test_x509.o: CPPFLAGS_ALL += -Igenerated -Itests/codegen

$(B)/tests/codegen/test_kerberos.o: CPPFLAGS_ALL += -Igenerated -Itests/codegen
$(B)/tests/codegen/test-kerberos: $(B)/tests/codegen/test_kerberos.o $(CUNIT_RUN) $(B)/tests/codegen/x509_facts.o \
  $(B)/generated/kerberosv5spec2.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

$(B)/tests/codegen/test-x509: $(B)/tests/codegen/test_x509.o $(CUNIT_RUN) $(B)/tests/codegen/x509_facts.o \
  $(B)/generated/pkix1explicit88.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

.PHONY: check-codegen
check-codegen: $(B)/tests/codegen/test-constructs $(B)/tests/codegen/test-x509 $(B)/tests/codegen/test-prefix \
  $(B)/tests/codegen/test-kerberos $(B)/tests/codegen/test-cms $(B)/tests/codegen/test-pkcs10 $(B)/tests/codegen/test-exact \
  $(B)/tests/codegen/test-exact-wire
	$(B)/tests/codegen/test-constructs
	$(B)/tests/codegen/test-exact
	$(B)/tests/codegen/test-exact-wire
	$(B)/tests/codegen/test-x509
	$(B)/tests/codegen/test-kerberos
	$(B)/tests/codegen/test-prefix
	$(B)/tests/codegen/test-cms
	$(B)/tests/codegen/test-pkcs10

# Real modules through generated code, each module set (a module and its
# imports) from one `asn1cc --emit-imports` run, as a program would use it:
#   test-cms     CMS (tests/compiler/real, RFC 3852 = RFC 5652) over the
#                PKCS#7 samples of python3-cryptography-vectors
#   test-pkcs10  RFC 5912's PKCS-10 over its certificate requests
# both differential against OpenSSL. Their 2 MB of generated C is compiled at
# -O0 (the optimiser would add a minute to the build; these tests do not
# measure speed) and, in the sanitizer pass, with ASan but not UBSan, which
# would add another half minute there.
CODEGEN_REAL := tests/compiler/real/CryptographicMessageSyntax2004.asn1 tests/compiler/real/PKIXAttributeCertificate.asn1 \
                tests/compiler/real/PKCS-10.asn1 tests/compiler/real/PKIX-CommonTypes-2009.asn1 \
                $(wildcard tests/compiler/real/*-2009.asn1) schemas/rfc5280-PKIX1Explicit88.asn \
                schemas/rfc5280-PKIX1Implicit88.asn
CODEGEN_REAL_OPTIONS := --emit-imports -Ischemas -Itests/compiler/real
CODEGEN_REAL_CFLAGS = $(filter-out $(SAN),$(CFLAGS_ALL)) $(if $(SAN),-fsanitize=address -fno-omit-frame-pointer) -O0

# CMS with BER as well, for test-ber-cms (ber.mk).
CODEGEN_CMS := $(B)/tests/codegen/cms
CODEGEN_CMS_MODS := cryptographicmessagesyntax2004 attributecertificateversion1 pkixattributecertificate \
                    pkix1explicit88 pkix1implicit88
CODEGEN_CMS_OPTIONS := --encodings der,ber $(CODEGEN_REAL_OPTIONS)
$(eval $(call codegen_c,$(CODEGEN_CMS),$(CODEGEN_CMS_MODS),tests/compiler/real/CryptographicMessageSyntax2004.asn1,\
  $(CODEGEN_CMS_OPTIONS),CODEGEN_REAL_CFLAGS,$(CODEGEN_REAL)))
$(eval $(call codegen_test,test-cms,test_cms,$(CODEGEN_CMS),$(CODEGEN_CMS_MODS),$(TEST_DER_FILE),$$(CRYPTO_LIBS)))

CODEGEN_P10 := $(B)/tests/codegen/pkcs10
CODEGEN_P10_MODS := pkcs_10 algorithminformation_2009 pkix1explicit_2009 pkix1implicit_2009 pkixalgs_2009 \
                    pkix1_pss_oaep_algorithms_2009 pkix_x400address_2009 pkix_commontypes_2009
$(eval $(call codegen_c,$(CODEGEN_P10),$(CODEGEN_P10_MODS),tests/compiler/real/PKCS-10.asn1,$(CODEGEN_REAL_OPTIONS),\
  CODEGEN_REAL_CFLAGS,$(CODEGEN_REAL)))
$(eval $(call codegen_test,test-pkcs10,test_pkcs10,$(CODEGEN_P10),$(CODEGEN_P10_MODS),\
  $(TEST_DER_FILE) $(B)/tests/codegen/csr_facts.o,$$(CRYPTO_LIBS)))

# --prefix: two copies of one schema in one program.
CODEGEN_PFX := $(B)/tests/codegen/prefix
$(CODEGEN_PFX)/%/bench.c $(CODEGEN_PFX)/%/bench.h: schemas/bench.asn $(B)/asn1cc
	@mkdir -p $(dir $@)
	$(B)/asn1cc --prefix $*_ schemas/bench.asn -o $(dir $@)
# Both copies at -O0: this test is about names (generated/bench.o is the
# -O2 build of the same C); with ASan+UBSan at -O1 they took 11.7 CPU s.
$(CODEGEN_PFX)/%/bench.o: $(CODEGEN_PFX)/%/bench.c
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -O0 -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_prefix.o: $(CODEGEN_PFX)/p1/bench.h $(CODEGEN_PFX)/p2/bench.h
$(B)/tests/codegen/test_prefix.o: CPPFLAGS_ALL += -I$(CODEGEN_PFX)
$(B)/tests/codegen/test-prefix: $(B)/tests/codegen/test_prefix.o $(CODEGEN_PFX)/p1/bench.o $(CODEGEN_PFX)/p2/bench.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

# test-exact: constraints with holes (issue 13) enforced by decode, encode
# and T_check, tests/codegen/exact.asn.
CODEGEN_EXACT := $(B)/tests/codegen/exact
$(eval $(call codegen_c,$(CODEGEN_EXACT),codegen_exact,tests/codegen/exact.asn,,CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-exact,test_exact,$(CODEGEN_EXACT),codegen_exact,$(TEST_REFUSED)))

# test-exact-wire: the same exact sets through UPER, APER and OER,
# tests/codegen/exact_wire.asn (test_exact_wire.c).
CODEGEN_EXACTW := $(B)/tests/codegen/exact-wire
CODEGEN_EXACTW_OPTIONS := --encodings der,uper,aper,oer
$(eval $(call codegen_c,$(CODEGEN_EXACTW),codegen_exact_wire,tests/codegen/exact_wire.asn,$(CODEGEN_EXACTW_OPTIONS),\
  CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-exact-wire,test_exact_wire,$(CODEGEN_EXACTW),codegen_exact_wire,$(TEST_REFUSED)))

# Golden output of a small schema: exact generated text, reviewed in git diff.
CODEGEN_GOLDEN := tests/codegen/golden
.PHONY: check-codegen-golden refresh-codegen-golden
check-codegen-golden: $(B)/asn1cc
	@rm -rf $(B)/tests/codegen/golden && mkdir -p $(B)/tests/codegen/golden
	@$(B)/asn1cc $(CODEGEN_GOLDEN)/golden.asn -o $(B)/tests/codegen/golden
	@for f in golden.h golden.c; do \
	  diff -u $(CODEGEN_GOLDEN)/$$f.expected $(B)/tests/codegen/golden/$$f || \
	  { echo "check-codegen-golden: $$f differs (make refresh-codegen-golden)"; exit 1; }; done
	@echo "check-codegen-golden: golden.h, golden.c as expected: 2 passed, 0 failed"
refresh-codegen-golden: $(B)/asn1cc
	$(B)/asn1cc $(CODEGEN_GOLDEN)/golden.asn -o $(CODEGEN_GOLDEN)
	mv $(CODEGEN_GOLDEN)/golden.h $(CODEGEN_GOLDEN)/golden.h.expected
	mv $(CODEGEN_GOLDEN)/golden.c $(CODEGEN_GOLDEN)/golden.c.expected
check-codegen: check-codegen-golden

# Every valid module of tests/compiler through asn1cc -o and the compilers.
.PHONY: check-codegen-modules
check-codegen-modules: $(B)/asn1cc
	@if [ "$(SANITIZE_RUN)" = 1 ]; then echo "check-codegen-modules: compile-only, skipped in the sanitizer pass"; exit 0; fi; \
	tests/codegen/modules.sh $(B)/asn1cc $(B)
check-codegen: check-codegen-modules

# T_encoded_len at every DER length boundary (issue 13): tests/codegen/biglen.asn,
# one construct per row, each level's length swept across 0x80, 0x100, 0x10000
# and 0x1000000; then a 10 000-entry CRL from OpenSSL through generated/pkix1explicit88.
CODEGEN_BIG := $(B)/tests/codegen/biglen
$(eval $(call codegen_c,$(CODEGEN_BIG),codegenbiglen,tests/codegen/biglen.asn,,CODEGEN_CFLAGS))
$(eval $(call codegen_test,test-biglen,test_biglen,$(CODEGEN_BIG),codegenbiglen,\
  $(B)/tests/codegen/crl_openssl.o $(B)/generated/pkix1explicit88.o,$$(CRYPTO_LIBS)))
$(B)/tests/codegen/test_biglen.o: CPPFLAGS_ALL += -Igenerated
.PHONY: check-codegen-biglen
check-codegen-biglen: $(B)/tests/codegen/test-biglen
	$(B)/tests/codegen/test-biglen
check-codegen: check-codegen-biglen

# test-oer-codegen: the OER emitter (compiler/emit_oer.c, issue 16) on
# tests/codegen/oer.asn compiled with --encodings der,oer: asn1tools' OER
# vectors and X.691 A.1 in OER to exact bytes, codes and leniencies, the
# round trip through DER. (h16's block.) Built with ASN1G_REC_TREE=1, the
# form of a recursion's decoders that clang builds (gen.h): check-oer's
# IEEE 1609.2 modules build gcc's.
CODEGEN_OER := $(B)/tests/codegen/oer
CODEGEN_OER_OPTIONS := --encodings der,oer
CODEGEN_OER_CFLAGS = $(CODEGEN_CFLAGS) -DASN1G_REC_TREE=1
$(eval $(call codegen_c,$(CODEGEN_OER),codegenoer,tests/codegen/oer.asn,$(CODEGEN_OER_OPTIONS),CODEGEN_OER_CFLAGS))
$(eval $(call codegen_test,test-oer-codegen,test_oer_codegen,$(CODEGEN_OER),codegenoer,$(TEST_HEX)))
CHECKS += check-codegen-oer
.PHONY: check-codegen-oer
check-codegen-oer: $(B)/tests/codegen/test-oer-codegen
	$(B)/tests/codegen/test-oer-codegen

# PER (pA): its own fragment.
include tests/codegen/per.mk
include tests/codegen/ber.mk
include tests/codegen/size.mk

# test-s1ap-open: S1AP's ProtocolIE-Field value, whose object set reaches it
# through two parameter levels, decoded by type from a hand-written DER
# S1SetupRequest and from APER octets tshark's s1ap dissector agrees with.
# Only the types S1SetupRequest reaches (--pdu), at -O0.
CODEGEN_S1AP := $(B)/tests/codegen/s1ap
CODEGEN_S1AP_MODS := s1ap_commondatatypes s1ap_constants s1ap_containers s1ap_ies s1ap_pdu_contents s1ap_pdu_descriptions
CODEGEN_S1AP_OPTIONS := -Wno-unenforced-constraint --encodings der,aper --pdu S1SetupRequest
$(eval $(call codegen_c,$(CODEGEN_S1AP),$(CODEGEN_S1AP_MODS),schemas/3gpp/3gpp-36413-h30-S1AP.asn,$(CODEGEN_S1AP_OPTIONS),\
  CODEGEN_REAL_CFLAGS))
$(eval $(call codegen_test,test-s1ap-open,test_s1ap_open,$(CODEGEN_S1AP),$(CODEGEN_S1AP_MODS),$(TEST_HEX)))
.PHONY: check-codegen-s1ap
check-codegen-s1ap: $(B)/tests/codegen/test-s1ap-open
	$(B)/tests/codegen/test-s1ap-open
check-codegen: check-codegen-s1ap
