# make bench-constrained: the seed's constrained-INTEGER tables (sizes,
# per-field decode/encode, three-field structs) on generated code.

.PHONY: bench-constrained

BENCH_CONSTRAINED := $(B)/bench/constrained/bench-constrained

$(BENCH_CONSTRAINED): $(B)/bench/constrained/bench_constrained.o $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-constrained: $(BENCH_CONSTRAINED)
	$(call bench_table,$(BENCH_CONSTRAINED),constrained)
