# tests/codegen — the code generator's suites (issue 3), run by `make test`:
#   test-constructs  tests/codegen/constructs.asn, compiled by $(B)/asn1cc at
#                    build time: exact bytes, codes and round trips per construct
#   test-x509        generated/pkix1explicit88.c over every CA certificate and
#                    the cryptography_vectors x509 samples, differential vs OpenSSL
#   test-cms, test-pkcs10  real modules of tests/compiler/real (see below)

CODEGEN_GEN  := $(B)/tests/codegen/gen
CODEGEN_GENC := $(CODEGEN_GEN)/codegenauto.c $(CODEGEN_GEN)/codegentags.c $(CODEGEN_GEN)/codegenopen.c

CHECKS += check-codegen
PROGRAMS += $(B)/tests/codegen/test-constructs $(B)/tests/codegen/test-x509 $(B)/tests/codegen/test-prefix \
            $(B)/tests/codegen/test-kerberos $(B)/tests/codegen/test-cms $(B)/tests/codegen/test-pkcs10

$(CODEGEN_GENC) $(CODEGEN_GENC:.c=.h) &: tests/codegen/constructs.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_GEN)
	$(B)/asn1cc tests/codegen/constructs.asn -o $(CODEGEN_GEN)

$(CODEGEN_GEN)/%.o: $(CODEGEN_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_GEN) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@

$(B)/tests/codegen/test_constructs.o: $(CODEGEN_GENC:.c=.h)
$(B)/tests/codegen/test_constructs.o: CPPFLAGS_ALL += -I$(CODEGEN_GEN)
$(B)/tests/codegen/test_x509.o: CPPFLAGS_ALL += -Igenerated -Itests/codegen

$(B)/tests/codegen/test-constructs: $(B)/tests/codegen/test_constructs.o $(CUNIT_RUN) $(TEST_HEX) $(CODEGEN_GENC:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)

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
CODEGEN_CMS := $(B)/tests/codegen/cms
CODEGEN_CMS_C := $(addprefix $(CODEGEN_CMS)/,cryptographicmessagesyntax2004.c attributecertificateversion1.c \
                   pkixattributecertificate.c pkix1explicit88.c pkix1implicit88.c)
CODEGEN_P10 := $(B)/tests/codegen/pkcs10
CODEGEN_P10_C := $(addprefix $(CODEGEN_P10)/,pkcs_10.c algorithminformation_2009.c pkix1explicit_2009.c \
                   pkix1implicit_2009.c pkixalgs_2009.c pkix1_pss_oaep_algorithms_2009.c \
                   pkix_x400address_2009.c pkix_commontypes_2009.c)
CODEGEN_REAL := tests/compiler/real/CryptographicMessageSyntax2004.asn1 tests/compiler/real/PKIXAttributeCertificate.asn1 \
                tests/compiler/real/PKCS-10.asn1 tests/compiler/real/PKIX-CommonTypes-2009.asn1 \
                $(wildcard tests/compiler/real/*-2009.asn1) schemas/rfc5280-PKIX1Explicit88.asn \
                schemas/rfc5280-PKIX1Implicit88.asn

$(CODEGEN_CMS_C) $(CODEGEN_CMS_C:.c=.h) &: $(CODEGEN_REAL) $(B)/asn1cc
	@mkdir -p $(CODEGEN_CMS)
	$(B)/asn1cc --emit-imports -Ischemas -Itests/compiler/real tests/compiler/real/CryptographicMessageSyntax2004.asn1 \
	  -o $(CODEGEN_CMS)
$(CODEGEN_P10_C) $(CODEGEN_P10_C:.c=.h) &: $(CODEGEN_REAL) $(B)/asn1cc
	@mkdir -p $(CODEGEN_P10)
	$(B)/asn1cc --emit-imports -Ischemas -Itests/compiler/real tests/compiler/real/PKCS-10.asn1 -o $(CODEGEN_P10)

CODEGEN_REAL_CFLAGS = $(filter-out $(SAN),$(CFLAGS_ALL)) $(if $(SAN),-fsanitize=address -fno-omit-frame-pointer) -O0
$(CODEGEN_CMS)/%.o: $(CODEGEN_CMS)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_CMS) $(CODEGEN_REAL_CFLAGS) -MMD -MP -c $< -o $@
$(CODEGEN_P10)/%.o: $(CODEGEN_P10)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_P10) $(CODEGEN_REAL_CFLAGS) -MMD -MP -c $< -o $@

$(B)/tests/codegen/test_cms.o: $(CODEGEN_CMS_C:.c=.h)
$(B)/tests/codegen/test_cms.o: CPPFLAGS_ALL += -I$(CODEGEN_CMS)
$(B)/tests/codegen/test-cms: $(B)/tests/codegen/test_cms.o $(CUNIT_RUN) $(TEST_DER_FILE) $(CODEGEN_CMS_C:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)
$(B)/tests/codegen/test_pkcs10.o: $(CODEGEN_P10_C:.c=.h)
$(B)/tests/codegen/test_pkcs10.o: CPPFLAGS_ALL += -I$(CODEGEN_P10)
$(B)/tests/codegen/test-pkcs10: $(B)/tests/codegen/test_pkcs10.o $(CUNIT_RUN) $(TEST_DER_FILE) $(B)/tests/codegen/csr_facts.o \
  $(CODEGEN_P10_C:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

# --prefix: two copies of one schema in one program.
CODEGEN_PFX := $(B)/tests/codegen/prefix
$(CODEGEN_PFX)/%/bench.c $(CODEGEN_PFX)/%/bench.h: schemas/bench.asn $(B)/asn1cc
	@mkdir -p $(dir $@)
	$(B)/asn1cc --prefix $*_ schemas/bench.asn -o $(dir $@)
$(CODEGEN_PFX)/%/bench.o: $(CODEGEN_PFX)/%/bench.c
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_prefix.o: $(CODEGEN_PFX)/p1/bench.h $(CODEGEN_PFX)/p2/bench.h
$(B)/tests/codegen/test_prefix.o: CPPFLAGS_ALL += -I$(CODEGEN_PFX)
$(B)/tests/codegen/test-prefix: $(B)/tests/codegen/test_prefix.o $(CODEGEN_PFX)/p1/bench.o $(CODEGEN_PFX)/p2/bench.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

# test-exact: constraints with holes (issue 13) enforced by decode, encode
# and T_check, tests/codegen/exact.asn.
CODEGEN_EXACT := $(B)/tests/codegen/exact
$(CODEGEN_EXACT)/codegen_exact.c $(CODEGEN_EXACT)/codegen_exact.h &: tests/codegen/exact.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_EXACT)
	$(B)/asn1cc tests/codegen/exact.asn -o $(CODEGEN_EXACT)
$(CODEGEN_EXACT)/codegen_exact.o: $(CODEGEN_EXACT)/codegen_exact.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_EXACT) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_exact.o: $(CODEGEN_EXACT)/codegen_exact.h
$(B)/tests/codegen/test_exact.o: CPPFLAGS_ALL += -I$(CODEGEN_EXACT)
$(B)/tests/codegen/test-exact: $(B)/tests/codegen/test_exact.o $(CUNIT_RUN) $(CODEGEN_EXACT)/codegen_exact.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-exact

# test-exact-wire: the same exact sets through UPER, APER and OER,
# tests/codegen/exact_wire.asn (test_exact_wire.c).
CODEGEN_EXACTW := $(B)/tests/codegen/exact-wire
$(CODEGEN_EXACTW)/codegen_exact_wire.c $(CODEGEN_EXACTW)/codegen_exact_wire.h &: tests/codegen/exact_wire.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_EXACTW)
	$(B)/asn1cc --encodings der,uper,aper,oer tests/codegen/exact_wire.asn -o $(CODEGEN_EXACTW)
$(CODEGEN_EXACTW)/codegen_exact_wire.o: $(CODEGEN_EXACTW)/codegen_exact_wire.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_EXACTW) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_exact_wire.o: $(CODEGEN_EXACTW)/codegen_exact_wire.h
$(B)/tests/codegen/test_exact_wire.o: CPPFLAGS_ALL += -I$(CODEGEN_EXACTW)
$(B)/tests/codegen/test-exact-wire: $(B)/tests/codegen/test_exact_wire.o $(CUNIT_RUN) $(CODEGEN_EXACTW)/codegen_exact_wire.o \
  $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-exact-wire

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
PROGRAMS += $(B)/tests/codegen/test-biglen
$(CODEGEN_BIG)/codegenbiglen.c $(CODEGEN_BIG)/codegenbiglen.h &: tests/codegen/biglen.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_BIG)
	$(B)/asn1cc tests/codegen/biglen.asn -o $(CODEGEN_BIG)
$(CODEGEN_BIG)/%.o: $(CODEGEN_BIG)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_BIG) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_biglen.o: $(CODEGEN_BIG)/codegenbiglen.h
$(B)/tests/codegen/test_biglen.o: CPPFLAGS_ALL += -I$(CODEGEN_BIG) -Igenerated
$(B)/tests/codegen/test-biglen: $(B)/tests/codegen/test_biglen.o $(CUNIT_RUN) $(B)/tests/codegen/crl_openssl.o \
  $(CODEGEN_BIG)/codegenbiglen.o $(B)/generated/pkix1explicit88.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)
.PHONY: check-codegen-biglen
check-codegen-biglen: $(B)/tests/codegen/test-biglen
	$(B)/tests/codegen/test-biglen
check-codegen: check-codegen-biglen

# test-oer-codegen: the OER emitter (compiler/emit_oer.c, issue 16) on
# tests/codegen/oer.asn compiled with --encodings der,oer: asn1tools' OER
# vectors and X.691 A.1 in OER to exact bytes, codes and leniencies, the
# round trip through DER. (h16's block.)
CODEGEN_OER := $(B)/tests/codegen/oer
$(CODEGEN_OER)/codegenoer.c $(CODEGEN_OER)/codegenoer.h &: tests/codegen/oer.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_OER)
	$(B)/asn1cc --encodings der,oer tests/codegen/oer.asn -o $(CODEGEN_OER)
$(CODEGEN_OER)/codegenoer.o: $(CODEGEN_OER)/codegenoer.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_OER) $(CFLAGS_ALL) -Wconversion -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_oer_codegen.o: $(CODEGEN_OER)/codegenoer.h
$(B)/tests/codegen/test_oer_codegen.o: CPPFLAGS_ALL += -I$(CODEGEN_OER)
$(B)/tests/codegen/test-oer-codegen: $(B)/tests/codegen/test_oer_codegen.o $(CUNIT_RUN) $(CODEGEN_OER)/codegenoer.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-oer-codegen
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
CODEGEN_S1AP_C := $(addprefix $(CODEGEN_S1AP)/,s1ap_commondatatypes.c s1ap_constants.c s1ap_containers.c \
                    s1ap_ies.c s1ap_pdu_contents.c s1ap_pdu_descriptions.c)
$(CODEGEN_S1AP_C) $(CODEGEN_S1AP_C:.c=.h) &: schemas/3gpp/3gpp-36413-h30-S1AP.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_S1AP)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings der,aper --pdu S1SetupRequest schemas/3gpp/3gpp-36413-h30-S1AP.asn -o $(CODEGEN_S1AP)
$(CODEGEN_S1AP)/%.o: $(CODEGEN_S1AP)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_S1AP) $(CODEGEN_REAL_CFLAGS) -MMD -MP -c $< -o $@
$(B)/tests/codegen/test_s1ap_open.o: $(CODEGEN_S1AP_C:.c=.h)
$(B)/tests/codegen/test_s1ap_open.o: CPPFLAGS_ALL += -I$(CODEGEN_S1AP)
$(B)/tests/codegen/test-s1ap-open: $(B)/tests/codegen/test_s1ap_open.o $(CUNIT_RUN) $(TEST_HEX) $(CODEGEN_S1AP_C:.c=.o) \
  $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-s1ap-open
.PHONY: check-codegen-s1ap
check-codegen-s1ap: $(B)/tests/codegen/test-s1ap-open
	$(B)/tests/codegen/test-s1ap-open
check-codegen: check-codegen-s1ap
