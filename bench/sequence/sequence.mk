# make bench-sequence: the seed's sequence table on generated code.

.PHONY: bench-sequence

BENCH_SEQUENCE := $(B)/bench/sequence/bench-sequence

$(BENCH_SEQUENCE): $(B)/bench/sequence/bench_sequence.o $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-sequence: $(BENCH_SEQUENCE)
	@mkdir -p $(BENCH_RESULTS)
	$(BENCH_SEQUENCE) $(BENCH_RESULTS)/sequence.csv $(BENCH_RESULTS)/sequence.svg >$(BENCH_RESULTS)/sequence.md.tmp \
	  || { cat $(BENCH_RESULTS)/sequence.md.tmp; rm -f $(BENCH_RESULTS)/sequence.md.tmp; exit 1; }
	@mv $(BENCH_RESULTS)/sequence.md.tmp $(BENCH_RESULTS)/sequence.md && cat $(BENCH_RESULTS)/sequence.md
