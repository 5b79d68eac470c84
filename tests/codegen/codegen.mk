# tests/codegen — the code generator's suites (issue 3), run by `make test`:
#   test-constructs  tests/codegen/constructs.asn, compiled by $(B)/asn1cc at
#                    build time: exact bytes, codes and round trips per construct
#   test-x509        generated/pkix1explicit88.c over every CA certificate and
#                    the cryptography_vectors x509 samples, differential vs OpenSSL

CODEGEN_GEN  := $(B)/tests/codegen/gen
CODEGEN_GENC := $(CODEGEN_GEN)/codegenauto.c $(CODEGEN_GEN)/codegentags.c $(CODEGEN_GEN)/codegenopen.c

CHECKS += check-codegen
PROGRAMS += $(B)/tests/codegen/test-constructs $(B)/tests/codegen/test-x509 $(B)/tests/codegen/test-prefix \
            $(B)/tests/codegen/test-kerberos

$(CODEGEN_GENC) $(CODEGEN_GENC:.c=.h) &: tests/codegen/constructs.asn $(B)/asn1cc
	@mkdir -p $(CODEGEN_GEN)
	$(B)/asn1cc tests/codegen/constructs.asn -o $(CODEGEN_GEN)

$(CODEGEN_GEN)/%.o: $(CODEGEN_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_GEN) $(CFLAGS_ALL) -Wconversion -c $< -o $@

$(B)/tests/codegen/test_constructs.o: $(CODEGEN_GENC:.c=.h)
$(B)/tests/codegen/test_constructs.o: CPPFLAGS_ALL += -I$(CODEGEN_GEN)
$(B)/tests/codegen/test_x509.o: CPPFLAGS_ALL += -Igenerated -Itests/codegen

$(B)/tests/codegen/test-constructs: $(B)/tests/codegen/test_constructs.o $(CODEGEN_GENC:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)

$(B)/tests/codegen/test_kerberos.o: CPPFLAGS_ALL += -Igenerated -Itests/codegen
$(B)/tests/codegen/test-kerberos: $(B)/tests/codegen/test_kerberos.o $(B)/tests/codegen/x509_facts.o \
  $(B)/generated/kerberosv5spec2.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

$(B)/tests/codegen/test-x509: $(B)/tests/codegen/test_x509.o $(B)/tests/codegen/x509_facts.o \
  $(B)/generated/pkix1explicit88.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

.PHONY: check-codegen
check-codegen: $(B)/tests/codegen/test-constructs $(B)/tests/codegen/test-x509 $(B)/tests/codegen/test-prefix \
  $(B)/tests/codegen/test-kerberos
	$(B)/tests/codegen/test-constructs
	$(B)/tests/codegen/test-x509
	$(B)/tests/codegen/test-kerberos
	$(B)/tests/codegen/test-prefix

# --prefix: two copies of one schema in one program.
CODEGEN_PFX := $(B)/tests/codegen/prefix
$(CODEGEN_PFX)/%/bench.c $(CODEGEN_PFX)/%/bench.h: schemas/bench.asn $(B)/asn1cc
	@mkdir -p $(dir $@)
	$(B)/asn1cc --prefix $*_ schemas/bench.asn -o $(dir $@)
$(CODEGEN_PFX)/%/bench.o: $(CODEGEN_PFX)/%/bench.c
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c $< -o $@
$(B)/tests/codegen/test_prefix.o: $(CODEGEN_PFX)/p1/bench.h $(CODEGEN_PFX)/p2/bench.h
$(B)/tests/codegen/test_prefix.o: CPPFLAGS_ALL += -I$(CODEGEN_PFX)
$(B)/tests/codegen/test-prefix: $(B)/tests/codegen/test_prefix.o $(CODEGEN_PFX)/p1/bench.o $(CODEGEN_PFX)/p2/bench.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

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
