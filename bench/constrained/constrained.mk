# make bench-constrained: the seed's constrained-INTEGER tables (sizes,
# per-field decode/encode, three-field structs) on generated code.

.PHONY: bench-constrained

BENCH_CONSTRAINED := $(B)/bench/constrained/bench-constrained

$(BENCH_CONSTRAINED): $(B)/bench/constrained/bench_constrained.o $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-constrained: $(BENCH_CONSTRAINED)
	@mkdir -p $(BENCH_RESULTS)
	$(BENCH_CONSTRAINED) $(BENCH_RESULTS)/constrained.csv $(BENCH_RESULTS)/constrained.svg >$(BENCH_RESULTS)/constrained.md.tmp \
	  || { cat $(BENCH_RESULTS)/constrained.md.tmp; rm -f $(BENCH_RESULTS)/constrained.md.tmp; exit 1; }
	@mv $(BENCH_RESULTS)/constrained.md.tmp $(BENCH_RESULTS)/constrained.md && cat $(BENCH_RESULTS)/constrained.md
