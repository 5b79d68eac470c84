# tests/per — asn1cc's PER against implementations no one here wrote (issue 14).
# Included from tests/tests.mk.
#
#   make check-per-asn1c   UPER, byte for byte both ways, against asn1c 0.9.28
#                          (-gen-PER) over X.691 A.1-A.4, schemas/bench.asn
#                          and the ETSI CAM, with values from a seeded
#                          generator over asn1c's own type descriptors
#   make check-per-tshark  APER NGAP and S1AP messages, and a UPER CAM, that
#                          asn1cc encodes, dissected by tshark: no malformed
#                          packet or expert error, field values as encoded
#
# asn1c's C and the asn1cc output for these schemas are generated into
# $(PER_B) at test time, never committed. Without asn1c (or tshark) the check
# prints why and counts as skipped. asn1c's code is the oracle, not ours: it
# is built at PER_ASN1C_OPT (-O0: the optimiser spent most of this check's
# time on C no test here measures; asn1cc's C keeps $(OPT)) and without the
# sanitizers of `make sanitize`.

PER_B      := $(B)/tests/per
PER_ASN1C  ?= asn1c
PER_TSHARK ?= tshark
HAVE_PER_ASN1C  := $(shell command -v $(PER_ASN1C) >/dev/null 2>&1 && echo yes)
HAVE_PER_TSHARK := $(shell command -v $(PER_TSHARK) >/dev/null 2>&1 && command -v text2pcap >/dev/null 2>&1 && echo yes)
PER_SKEL   := /usr/share/asn1c
PER_ASN1C_OPT ?= -O0
# What a check prints instead of running when its tool is not installed.
PER_ASN1C_MISSING  := $(PER_ASN1C) not found (Debian package asn1c; scripts/deps.sh test installs it)
PER_TSHARK_MISSING := $(PER_TSHARK) or text2pcap not found (Debian packages tshark, wireshark-common; \
                      scripts/deps.sh test installs them)
PER_SKIPPED = @echo "$@: SKIPPED: $(1)"; echo "0 passed, 0 failed, 1 skipped"

# One set per schema: asn1c's input (X.691's SETs rewritten as the
# SEQUENCEs asn1c can encode, see the files), asn1cc's input, the types.
PER_SETS := a1 a2 a3 a4 bench cam
per_asn1c_in_a1 := tests/per/x691-a1-asn1c.asn
per_asn1c_in_a2 := tests/per/x691-a2-asn1c.asn
per_asn1c_in_a3 := tests/per/x691-a3-asn1c.asn
per_asn1c_in_a4 := tests/per/x691-a4-asn1c.asn
per_asn1c_in_bench := schemas/bench.asn
per_asn1c_in_cam := schemas/etsi/EN302637-2v141-CAM.asn schemas/etsi/TS102894-2v131-CDD.asn
per_cc_in_a1 := tests/per/x691-a1.asn
per_cc_in_a2 := tests/per/x691-a2.asn
per_cc_in_a3 := tests/per/x691-a3.asn
per_cc_in_a4 := tests/per/x691-a4.asn
per_cc_in_bench := schemas/bench.asn
per_cc_in_cam := $(per_asn1c_in_cam)
per_pdus_a1 := PersonnelRecord
per_pdus_a2 := PersonnelRecord
per_pdus_a3 := PersonnelRecord
per_pdus_a4 := Ax
per_pdus_bench := IntegerStruct ConstrainedStruct SimpleSequence NestedSequence DeriveMessage
per_pdus_cam := CAM
# asn1c 0.9.28 writes a ComplexSequence.c that does not compile (an
# undeclared asn_DEF_Member_10); no row uses it.
per_asn1c_skip_bench := ComplexSequence.c

# asn1c's skeletons, built once per directory: they include only each other.
# $(1): directory, $(2): optimisation flags.
define PER_SKEL_RULES
$(1)/.stamp:
	@rm -rf $(1) && mkdir -p $(1)/src
	@cp $(PER_SKEL)/*.c $(PER_SKEL)/*.h $(1)/src/ && rm -f $(1)/src/converter-sample.c
	@echo "CC asn1c skeletons $(2) -> $(1)"
	@cd $(1)/src && ls *.c | xargs -P 2 -I{} $(CC) $(2) -w -I. -c {} -o ../{}.o
	@touch $$@
endef
PER_SKEL_B := $(PER_B)/asn1c-skel
$(eval $(call PER_SKEL_RULES,$(PER_SKEL_B),$(PER_ASN1C_OPT)))

# $(1): set, $(2): directory, $(3): optimisation flags, $(4): the skeletons'
# directory. asn1c's C for the set, compiled with the box into one object
# whose only global symbol is per_asn1c_$(1). bench-per builds its own at
# $(OPT) (bench/per/per.mk).
define PER_ASN1C_RULES
$(2)/asn1c-$(1)/.stamp: $(per_asn1c_in_$(1))
	@rm -rf $(2)/asn1c-$(1) && mkdir -p $(2)/asn1c-$(1)/gen
	cd $(2)/asn1c-$(1)/gen && $(PER_ASN1C) -gen-PER -fcompound-names $(addprefix $(CURDIR)/,$(per_asn1c_in_$(1))) \
	  >../asn1c.log 2>&1 || { cat ../asn1c.log; exit 1; }
	@cp -n $(PER_SKEL)/*.h $(2)/asn1c-$(1)/gen/
	@touch $$@

$(2)/asn1c-$(1)/.objs: $(2)/asn1c-$(1)/.stamp
	@echo "CC asn1c's $(1) -> $(2)/asn1c-$(1)"
	@cd $(2)/asn1c-$(1)/gen && ls *.c | grep -v -x $(addprefix -e ,converter-sample.c $(per_asn1c_skip_$(1)) $(notdir $(wildcard $(PER_SKEL)/*.c))) \
	  | xargs -P 2 -I{} $(CC) $(3) -w -I. -c {} -o ../{}.o
	@touch $$@

$(2)/asn1c-$(1).o: $(2)/asn1c-$(1)/.objs $(4)/.stamp tests/per/asn1c_box.c tests/per/per_oracle.h
	$(CC) $(3) -std=gnu11 -w -I$(2)/asn1c-$(1)/gen -Itests/per -DPER_BOX_NAME=per_asn1c_$(1) \
	  -DPER_BOX_SCHEMA='"$(notdir $(firstword $(per_asn1c_in_$(1))))"' -DPER_BOX_PDUS='$(foreach t,$(per_pdus_$(1)),X($(subst -,_,$(t))))' \
	  -c tests/per/asn1c_box.c -o $(2)/asn1c-$(1)/box.o
	ld -r -o $$@.tmp $(2)/asn1c-$(1)/*.o $(4)/*.o
	objcopy --keep-global-symbol=per_asn1c_$(1) $$@.tmp $$@ && rm -f $$@.tmp
endef
$(foreach s,$(PER_SETS),$(eval $(call PER_ASN1C_RULES,$(s),$(PER_B),$(PER_ASN1C_OPT),$(PER_SKEL_B))))

# asn1cc's C for the set, with a prefix so that the sets' types (three
# PersonnelRecords) do not meet.
define PER_SET_RULES
$(PER_B)/cc-$(1)/.stamp: $(per_cc_in_$(1)) $(B)/asn1cc
	@rm -rf $(PER_B)/cc-$(1) && mkdir -p $(PER_B)/cc-$(1)
	$(B)/asn1cc --prefix $(1)_ --encodings der,uper,aper $(addprefix -I,$(sort $(dir $(per_cc_in_$(1))))) \
	  $(per_cc_in_$(1)) -o $(PER_B)/cc-$(1)
	@touch $$@

$(PER_B)/libcc-$(1).a: $(PER_B)/cc-$(1)/.stamp $(B)/libasn1rt.a
	@echo "CC asn1cc's $(1) -> $$@"
	@set -e; for f in $(PER_B)/cc-$(1)/*.c; do \
	  $(CC) $(CPPFLAGS_ALL) -I$(PER_B)/cc-$(1) $(CFLAGS_ALL) -MMD -MP -c $$$$f -o $$$${f%.c}.o; done
	@rm -f $$@ && ar rcs $$@ $(PER_B)/cc-$(1)/*.o
endef
$(foreach s,$(PER_SETS),$(eval $(call PER_SET_RULES,$(s))))

PER_CC_INC := $(foreach s,$(PER_SETS),-I$(PER_B)/cc-$(s))
PER_ASN1C_TEST := $(PER_B)/test_per_asn1c
$(PER_B)/test_per_asn1c.o: tests/per/test_per_asn1c.c tests/per/per_oracle.h $(foreach s,$(PER_SETS),$(PER_B)/cc-$(s)/.stamp)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Itests/common -Itests/per $(PER_CC_INC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(PER_ASN1C_TEST): $(PER_B)/test_per_asn1c.o $(foreach s,$(PER_SETS),$(PER_B)/asn1c-$(s).o $(PER_B)/libcc-$(s).a) \
                   $(CUNIT_RUN) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) $^ -o $@ $(CUNIT_LIBS) -lm

.PHONY: check-per-asn1c
CHECKS += check-per-asn1c
check-per-asn1c:
ifeq ($(HAVE_PER_ASN1C),yes)
	@$(MAKE) --no-print-directory $(PER_ASN1C_TEST)
	@$(PER_ASN1C_TEST)
else
	$(call PER_SKIPPED,$(PER_ASN1C_MISSING))
endif

# check-per-tshark: the NGAP example's APER (examples/ngap/ngap.mk: NGSETUP),
# per_s1ap's APER and per_cam's UPER through tshark.
PER_TSHARK_NGSETUP = $(NGSETUP)
PER_CAM := $(PER_B)/per_cam
$(PER_B)/per_cam.o: tests/per/per_cam.c $(PER_B)/cc-cam/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -I$(PER_B)/cc-cam $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(PER_CAM): $(PER_B)/per_cam.o $(PER_B)/libcc-cam.a $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) $^ -o $@

# per_s1ap: an APER S1SetupRequest from the S1AP subset its PDUs reach
# (--pdu-view: the PDU's own open types stay views, so only this message's
# types are emitted: 37 of S1AP-IEs).
PER_S1AP_GEN := $(PER_B)/cc-s1ap
PER_S1AP_MODULES := s1ap_commondatatypes s1ap_constants s1ap_containers s1ap_ies s1ap_pdu_contents s1ap_pdu_descriptions
PER_S1AP := $(PER_B)/per_s1ap
$(PER_S1AP_GEN)/.stamp: schemas/3gpp/3gpp-36413-h30-S1AP.asn $(B)/asn1cc
	@rm -rf $(PER_S1AP_GEN) && mkdir -p $(PER_S1AP_GEN)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings aper --pdu S1AP-PDU,S1SetupRequest \
	  --pdu-view InitiatingMessage,SuccessfulOutcome,UnsuccessfulOutcome $< -o $(PER_S1AP_GEN)
	@touch $@
$(PER_S1AP_GEN)/%.o: $(PER_S1AP_GEN)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(PER_S1AP_GEN) $(CFLAGS_ALL) -DASN1G_NO_INLINE_TREE -MMD -MP -c $(PER_S1AP_GEN)/$*.c -o $@
$(PER_B)/per_s1ap.o: tests/per/per_s1ap.c $(PER_S1AP_GEN)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(PER_S1AP_GEN) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(PER_S1AP): $(PER_B)/per_s1ap.o $(PER_S1AP_MODULES:%=$(PER_S1AP_GEN)/%.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) $^ -o $@

.PHONY: check-per-tshark
CHECKS += check-per-tshark
check-per-tshark:
ifeq ($(HAVE_PER_TSHARK),yes)
	@$(MAKE) --no-print-directory $(PER_CAM) $(PER_S1AP) $(PER_TSHARK_NGSETUP)
	@tests/per/tshark.sh $(PER_B)/tshark $(if $(PER_TSHARK_NGSETUP),$(PER_TSHARK_NGSETUP),-) $(PER_CAM) $(PER_S1AP)
else
	$(call PER_SKIPPED,$(PER_TSHARK_MISSING))
endif
