# examples/ngap — an NGAP NGSetupRequest built, APER-encoded, decoded and
# printed as JER (ngsetup.c). Included from examples/examples.mk.
#
#   make                 builds $(B)/examples/ngap/ngsetup
#   make check-examples-ngap   runs it; its output must be ngsetup.expected
#
# The C for NGAP is generated into the build directory the way a user would:
# asn1cc --encodings aper over the vendored, unedited TS 38.413 module, with
# --pdu naming NGAP-PDU and the one message the program handles, and
# --pdu-view keeping the PDU's own open types (InitiatingMessage.value and
# its siblings) as views, so that not every procedure's message is emitted.
# That is 101 types of NGAP-IEs (0.8 MB of C) instead of the whole module
# (22 MB, which did not compile within a session on the shared machine);
# NGAP-IEs takes 15 s of CPU at -O2 with ASN1G_NO_INLINE_TREE (asn1rt/gen.h:
# DER's decoders are not forced into one function per type tree), measured
# 2026-12-02 at load 13.

NGAP_B      := $(B)/examples/ngap
NGAP_GEN    := $(NGAP_B)/gen
NGAP_SCHEMA := schemas/3gpp/3gpp-38413-h30-NGAP.asn
NGAP_PDUS   := NGAP-PDU,NGSetupRequest
NGAP_VIEWS  := InitiatingMessage,SuccessfulOutcome,UnsuccessfulOutcome
NGAP_OPT    ?= $(OPT) -DASN1G_NO_INLINE_TREE
NGAP_MODULES := ngap_commondatatypes ngap_constants ngap_containers ngap_ies ngap_pdu_contents ngap_pdu_descriptions
NGAP_OBJS   := $(NGAP_MODULES:%=$(NGAP_GEN)/%.o)
NGSETUP     := $(NGAP_B)/ngsetup

# Only once the tree has a PER emitter (compiler/emit_per.c).
ifneq ($(wildcard compiler/emit_per.c),)
PROGRAMS += $(NGSETUP)
CHECKS   += check-examples-ngap
endif

$(NGAP_GEN)/.stamp: $(NGAP_SCHEMA) $(B)/asn1cc
	@rm -rf $(NGAP_GEN) && mkdir -p $(NGAP_GEN)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings aper --pdu $(NGAP_PDUS) --pdu-view $(NGAP_VIEWS) $(NGAP_SCHEMA) -o $(NGAP_GEN)
	@touch $@

$(NGAP_GEN)/%.o: $(NGAP_GEN)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(NGAP_GEN) -std=c11 $(WARN) $(NGAP_OPT) $(SAN) $(CFLAGS) -MMD -MP -c $(NGAP_GEN)/$*.c -o $@

$(NGAP_B)/ngsetup.o: examples/ngap/ngsetup.c $(NGAP_GEN)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(NGAP_GEN) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(NGSETUP): $(NGAP_B)/ngsetup.o $(NGAP_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

.PHONY: check-examples-ngap
check-examples-ngap: $(NGSETUP)
	@$(NGSETUP) > $(NGAP_B)/ngsetup.out && diff -u examples/ngap/ngsetup.expected $(NGAP_B)/ngsetup.out \
	  && echo "1 passed, 0 failed" || { echo "0 passed, 1 failed"; exit 1; }
