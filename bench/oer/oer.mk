# make bench-oer: canonical OER on IEEE 1609.2 / TS 103 097 certificates and
# SPDUs and on the EN 302 637-2 CAM (against asn1cc UPER of the same CAM and
# a hand-written OER floor for the certificate). One program, one run.
BENCH_OER_DIR := $(B)/bench/oer
BENCH_OER_GEN := $(BENCH_OER_DIR)/gen
BENCH_OER_IEEE := schemas/ieee/IEEE1609dot2BaseTypes.asn schemas/ieee/IEEE1609dot2.asn schemas/ieee/TS103097v131.asn
BENCH_OER_CAM := schemas/etsi/TS102894-2v131-CDD.asn schemas/etsi/EN302637-2v141-CAM.asn
BENCH_OER_MODS := ieee1609dot2basetypes ieee1609dot2 etsits103097module its_container cam_pdu_descriptions
BENCH_OER_SRCS := $(BENCH_OER_MODS:%=$(BENCH_OER_GEN)/%.c)

# IEEE 1609.2 has recursive references, which the PER emitter declines:
# UPER is for the CAM only. The CAM's C names get cam_ (the two define
# Latitude, Longitude, ...).
$(BENCH_OER_SRCS) &: $(BENCH_OER_IEEE) $(BENCH_OER_CAM) $(B)/asn1cc
	@mkdir -p $(BENCH_OER_GEN)
	$(B)/asn1cc --encodings der,oer -Wno-unenforced-constraint $(BENCH_OER_IEEE) -o $(BENCH_OER_GEN)
	$(B)/asn1cc --encodings der,oer,uper --prefix cam_ -Wno-unenforced-constraint $(BENCH_OER_CAM) -o $(BENCH_OER_GEN)
$(BENCH_OER_GEN)/%.o: $(BENCH_OER_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(BENCH_OER_GEN) $(CFLAGS_ALL) $(BENCH_ALIGN) -MMD -MP -c $< -o $@
$(B)/bench/oer/bench_oer.o: $(BENCH_OER_SRCS)
$(B)/bench/oer/bench_oer.o: private CPPFLAGS_ALL += -I$(BENCH_OER_GEN) -Ibench/common
$(B)/bench/oer/bench_oer.o: private CFLAGS_ALL += $(BENCH_ALIGN)
$(BENCH_OER_DIR)/bench-oer: $(B)/bench/oer/bench_oer.o $(BENCH_OER_SRCS:.c=.o) $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc -o $@ $^ -lm

.PHONY: bench-oer
bench-oer: $(BENCH_OER_DIR)/bench-oer
	$(BENCH_OER_DIR)/bench-oer
