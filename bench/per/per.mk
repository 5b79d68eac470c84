# bench/per: make bench-per — PER encode and decode side by side (issue 14):
# X.691 A.1, an ETSI CAM and an NGAP InitialContextSetupRequest; asn1cc UPER
# and APER, asn1c 0.9.28 UPER, and a hand-written floor for A.1. Included from bench/bench.mk. It links
# asn1cc's code for the schemas as tests/per/per.mk builds it, asn1c's boxes
# from the same rules at $(OPT) (below),
# and bench/peers/countalloc.c for the heap calls. Prints the Markdown table
# and writes bench/results/per.csv.

PER_BENCH_B := $(B)/bench/per
PER_BENCH   := $(PER_BENCH_B)/bench-per

# NGAP (TS 38.413, vendored unedited) as examples/ngap generates it, with the
# one message this row handles: --pdu-view keeps the PDU's open types as
# views, so only InitialContextSetupRequest's IE types are emitted (8 MB of
# C; the whole module is 29 MB). asn1c 0.9.28 is run on the same file and
# its log kept: it does not parse NGAP (bench-per prints its first line).
PER_NGAP_SCHEMA  := schemas/3gpp/3gpp-38413-h30-NGAP.asn
PER_NGAP_GEN     := $(PER_BENCH_B)/ngap
PER_NGAP_MODULES := ngap_commondatatypes ngap_constants ngap_containers ngap_ies ngap_pdu_contents ngap_pdu_descriptions
PER_NGAP_OBJS    := $(PER_NGAP_MODULES:%=$(PER_NGAP_GEN)/%.o)
$(PER_NGAP_GEN)/.stamp: $(PER_NGAP_SCHEMA) $(B)/asn1cc
	@rm -rf $(PER_NGAP_GEN) && mkdir -p $(PER_NGAP_GEN)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings uper,aper --pdu NGAP-PDU,InitialContextSetupRequest \
	  --pdu-view InitiatingMessage,SuccessfulOutcome,UnsuccessfulOutcome $< -o $(PER_NGAP_GEN)
	@touch $@
$(PER_NGAP_GEN)/%.o: $(PER_NGAP_GEN)/.stamp $(B)/libasn1rt.a   # the runtime's headers, as libcc-* (tests/per/per.mk)
	$(CC) $(CPPFLAGS_ALL) -I$(PER_NGAP_GEN) $(CFLAGS_ALL) -DASN1G_NO_INLINE_TREE -c $(PER_NGAP_GEN)/$*.c -o $@
$(PER_BENCH_B)/ngap_icsr.o: bench/per/ngap_icsr.c bench/per/ngap_icsr.h $(PER_NGAP_GEN)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(PER_NGAP_GEN) $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(PER_BENCH_B)/asn1c-ngap.log: $(PER_NGAP_SCHEMA)
	@rm -rf $(PER_BENCH_B)/asn1c-ngap && mkdir -p $(PER_BENCH_B)/asn1c-ngap
	@cd $(PER_BENCH_B)/asn1c-ngap && { $(PER_ASN1C) -gen-PER -fcompound-names $(CURDIR)/$< >../asn1c-ngap.log 2>&1; \
	  echo "asn1c exit status $$?" >>../asn1c-ngap.log; }

# asn1c's code for the rows at $(OPT), as asn1cc's: check-per-asn1c builds
# its oracle copy at PER_ASN1C_OPT (-O0), which would flatter every ratio
# 2-4x (perf-findings 17).
PER_BENCH_ASN1C_B := $(PER_BENCH_B)/asn1c
$(eval $(call PER_SKEL_RULES,$(PER_BENCH_ASN1C_B)/skel,$(OPT)))
$(foreach s,a1 cam,$(eval $(call PER_ASN1C_RULES,$(s),$(PER_BENCH_ASN1C_B),$(OPT),$(PER_BENCH_ASN1C_B)/skel)))

$(PER_BENCH_B)/bench_per.o: bench/per/bench_per.c bench/per/a1_hand.h bench/per/ngap_icsr.h $(PER_B)/cc-a1/.stamp $(PER_B)/cc-cam/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Ibench/common -Ibench/peers -Ibench/per -Itests/per -I$(PER_B)/cc-a1 -I$(PER_B)/cc-cam \
	  -DBENCH_PER_FLAGS='"$(CFLAGS_ALL)"' -DBENCH_PER_ASN1C_FLAGS='"$(OPT) -w"' $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(PER_BENCH_B)/a1_hand.o: bench/per/a1_hand.c bench/per/a1_hand.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(BENCH_ALIGN) -MMD -MP -c $< -o $@
$(PER_BENCH_B)/countalloc.o: bench/peers/countalloc.c bench/peers/peers.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(PER_BENCH): $(PER_BENCH_B)/bench_per.o $(PER_BENCH_B)/a1_hand.o $(PER_BENCH_B)/countalloc.o $(PER_BENCH_B)/ngap_icsr.o $(PER_NGAP_OBJS) \
              $(PER_BENCH_ASN1C_B)/asn1c-a1.o $(PER_BENCH_ASN1C_B)/asn1c-cam.o $(PER_B)/libcc-a1.a $(PER_B)/libcc-cam.a $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

.PHONY: bench-per
bench-per: deps-bench
	@if [ "$(HAVE_PER_ASN1C)" != yes ]; then echo "bench-per: $(PER_ASN1C) not found (apt-get install asn1c)"; exit 1; fi
	@$(MAKE) --no-print-directory $(PER_BENCH) $(PER_BENCH_B)/asn1c-ngap.log
	@mkdir -p $(BENCH_RESULTS)
	$(PER_BENCH) $(BENCH_RESULTS)/per.csv $(PER_BENCH_B)/asn1c-ngap.log
