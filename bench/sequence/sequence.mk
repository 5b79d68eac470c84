# make bench-sequence: the seed's sequence table on generated code.

.PHONY: bench-sequence

BENCH_SEQUENCE := $(B)/bench/sequence/bench-sequence

$(BENCH_SEQUENCE): $(B)/bench/sequence/bench_sequence.o $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-sequence: $(BENCH_SEQUENCE)
	$(call bench_table,$(BENCH_SEQUENCE),sequence)
