# tests/oer/ — OER (X.696) against oracles no one here wrote (issue 16):
# IEEE 1609.2 / TS 103 097 (schemas/ieee/, unedited) compiled with
# --encodings der,oer; the signature over the encoding (OpenSSL ECDSA
# P-256), cross-encoding DER/OER of random certificates, and Wireshark's
# IEEE 1609.2 dissector on a signed SPDU asn1cc encodes (skipped, with the
# reason, when tshark or text2pcap is missing).
OER_IEEE_SCHEMAS := schemas/ieee/IEEE1609dot2BaseTypes.asn schemas/ieee/IEEE1609dot2.asn schemas/ieee/TS103097v131.asn
OER_IEEE_GEN := $(B)/tests/oer/gen
OER_IEEE_MODS := ieee1609dot2basetypes ieee1609dot2 etsits103097module
OER_IEEE_SRCS := $(OER_IEEE_MODS:%=$(OER_IEEE_GEN)/%.c)
OER_IEEE_OBJS := $(OER_IEEE_SRCS:.c=.o)

$(OER_IEEE_SRCS) $(OER_IEEE_MODS:%=$(OER_IEEE_GEN)/%.h) &: $(OER_IEEE_SCHEMAS) $(B)/asn1cc
	@mkdir -p $(OER_IEEE_GEN)
	$(B)/asn1cc --encodings der,oer -Wno-unenforced-constraint $(OER_IEEE_SCHEMAS) -o $(OER_IEEE_GEN)
$(OER_IEEE_GEN)/%.o: $(OER_IEEE_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(OER_IEEE_GEN) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
# check-fuzz-replay's replay_oer_* link these objects (tests/fuzz/fuzz.mk).
$(FUZZ_OER_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(OER_IEEE_OBJS)
$(B)/tests/oer/test_ieee.o: $(OER_IEEE_SRCS)
$(B)/tests/oer/test_ieee.o: private CPPFLAGS_ALL += -I$(OER_IEEE_GEN)
$(B)/tests/oer/test-oer-ieee: $(B)/tests/oer/test_ieee.o $(CUNIT_RUN) $(OER_IEEE_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS) $(CRYPTO_LIBS)

# The CAM (schemas/etsi/) in DER, OER and UPER: the three-way property.
OER_CAM_SCHEMAS := schemas/etsi/TS102894-2v131-CDD.asn schemas/etsi/EN302637-2v141-CAM.asn
OER_CAM_GEN := $(B)/tests/oer/cam
OER_CAM_SRCS := $(OER_CAM_GEN)/its_container.c $(OER_CAM_GEN)/cam_pdu_descriptions.c
$(OER_CAM_SRCS) &: $(OER_CAM_SCHEMAS) $(B)/asn1cc
	@mkdir -p $(OER_CAM_GEN)
	$(B)/asn1cc --encodings der,oer,uper --prefix cam_ -Wno-unenforced-constraint $(OER_CAM_SCHEMAS) -o $(OER_CAM_GEN)
$(OER_CAM_GEN)/%.o: $(OER_CAM_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(OER_CAM_GEN) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(B)/tests/oer/test_cam.o: $(OER_CAM_SRCS)
$(B)/tests/oer/test_cam.o: private CPPFLAGS_ALL += -I$(OER_CAM_GEN)
$(B)/tests/oer/test-oer-cam: $(B)/tests/oer/test_cam.o $(CUNIT_RUN) $(OER_CAM_SRCS:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)

PROGRAMS += $(B)/tests/oer/test-oer-ieee $(B)/tests/oer/test-oer-cam
CHECKS += check-oer
.PHONY: check-oer
check-oer: $(B)/tests/oer/test-oer-ieee $(B)/tests/oer/test-oer-cam
	@mkdir -p $(B)/tests/oer/tshark
	$(B)/tests/oer/test-oer-ieee $(B)/tests/oer/tshark
	$(B)/tests/oer/test-oer-cam
	tests/oer/tshark.sh $(B)/tests/oer/tshark

# The hand fuzz harness (fuzz_oer_ieee.c): replayed in make test over the
# seeds test-oer-ieee writes and tests/oer/corpus/ (inputs a libFuzzer run
# kept, reduced with -merge=1), each with every bit flip and truncation;
# under libFuzzer (clang) with `make fuzz-oer FUZZ_SECONDS=N`.
OER_FUZZ_CORPUS := $(sort $(wildcard tests/oer/corpus/*))
# corpus/headerinfo-negative-enum.oer: libFuzzer's finding (a negative
# unknown value of an extensible ENUMERATED, SymmAlgorithm, was re-encoded
# as a large positive one through the unsigned C enum: 195 -> 197 octets).
$(B)/tests/oer/fuzz_oer_ieee.o: $(OER_IEEE_SRCS)
$(B)/tests/oer/fuzz_oer_ieee.o: private CPPFLAGS_ALL += -I$(OER_IEEE_GEN) -Itests/fuzz -DFUZZ_ONE_MUTATIONS
$(B)/tests/oer/replay-oer-ieee: $(B)/tests/oer/fuzz_oer_ieee.o $(B)/tests/fuzz/driver.o $(OER_IEEE_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^
PROGRAMS += $(B)/tests/oer/replay-oer-ieee
CHECKS += check-oer-fuzz-replay
.PHONY: check-oer-fuzz-replay fuzz-oer
check-oer-fuzz-replay: $(B)/tests/oer/replay-oer-ieee $(B)/tests/oer/test-oer-ieee
	@mkdir -p $(B)/tests/oer/tshark
	@$(B)/tests/oer/test-oer-ieee $(B)/tests/oer/tshark >/dev/null
	$(B)/tests/oer/replay-oer-ieee $(B)/tests/oer/tshark/seed-cert.oer $(B)/tests/oer/tshark/seed-spdu.oer $(OER_FUZZ_CORPUS) \
	  && echo "check-oer-fuzz-replay: $(words x x $(OER_FUZZ_CORPUS)) passed, 0 failed (2 seeds and $(words $(OER_FUZZ_CORPUS)) corpus inputs, every bit flip and truncation, 8 decoders)"
OER_FUZZ_B = $(B)/fuzz-oer
fuzz-oer:
	@if ! command -v clang >/dev/null 2>&1; then echo "fuzz-oer: clang not found (libFuzzer)"; exit 1; fi
	@$(MAKE) --no-print-directory $(B)/asn1cc $(B)/tests/oer/test-oer-ieee
	@mkdir -p $(OER_FUZZ_B)/corpus && $(B)/tests/oer/test-oer-ieee $(OER_FUZZ_B)/corpus >/dev/null && rm -f $(OER_FUZZ_B)/corpus/*.txt
	clang -O1 -g -fsanitize=fuzzer,address,undefined -Iruntime/include -I$(OER_IEEE_GEN) -Itests/fuzz \
	  tests/oer/fuzz_oer_ieee.c $(OER_IEEE_SRCS) runtime/*.c -o $(OER_FUZZ_B)/fuzz-oer-ieee
	$(OER_FUZZ_B)/fuzz-oer-ieee -max_total_time=$(FUZZ_SECONDS) $(OER_FUZZ_B)/corpus
