# bench/per: make bench-per — PER encode and decode side by side (issue 14):
# X.691 A.1 and an ETSI CAM; asn1cc UPER and APER, asn1c 0.9.28 UPER, and a
# hand-written floor for A.1. Included from bench/bench.mk. It links what
# tests/per/per.mk builds (asn1c's boxes, asn1cc's code for the schemas),
# and bench/peers/countalloc.c for the heap calls. Prints the Markdown table
# and writes bench/results/per.csv.

PER_BENCH_B := $(B)/bench/per
PER_BENCH   := $(PER_BENCH_B)/bench-per

$(PER_BENCH_B)/bench_per.o: bench/per/bench_per.c bench/per/a1_hand.h $(PER_B)/cc-a1/.stamp $(PER_B)/cc-cam/.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Ibench/common -Ibench/peers -Ibench/per -Itests/per -I$(PER_B)/cc-a1 -I$(PER_B)/cc-cam \
	  -DBENCH_PER_FLAGS='"$(CFLAGS_ALL)"' -DBENCH_PER_ASN1C_FLAGS='"$(OPT) -w"' $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(PER_BENCH_B)/a1_hand.o: bench/per/a1_hand.c bench/per/a1_hand.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(BENCH_ALIGN) -MMD -MP -c $< -o $@
$(PER_BENCH_B)/countalloc.o: bench/peers/countalloc.c bench/peers/peers.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(PER_BENCH): $(PER_BENCH_B)/bench_per.o $(PER_BENCH_B)/a1_hand.o $(PER_BENCH_B)/countalloc.o \
              $(PER_B)/asn1c-a1.o $(PER_B)/asn1c-cam.o $(PER_B)/libcc-a1.a $(PER_B)/libcc-cam.a $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

.PHONY: bench-per
bench-per: deps-bench
	@if [ "$(HAVE_PER_ASN1C)" != yes ]; then echo "bench-per: $(PER_ASN1C) not found (apt-get install asn1c)"; exit 1; fi
	@$(MAKE) --no-print-directory $(PER_BENCH)
	@mkdir -p $(BENCH_RESULTS)
	$(PER_BENCH) $(BENCH_RESULTS)/per.csv
