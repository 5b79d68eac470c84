# make bench-primitives: the seed's Tag/Length, Integer and OctetString
# tables on the runtime, each row beside a floor (bench/primitives).
# Included from bench/bench.mk; uses the shared harness (bench/common).

.PHONY: bench-primitives

BENCH_PRIMITIVES := $(B)/bench/primitives/bench-primitives

$(B)/bench/primitives/%.o: CPPFLAGS_ALL += -Ibench/common

$(BENCH_PRIMITIVES): $(B)/bench/primitives/bench_primitives.o $(B)/bench/common/harness.o $(B)/bench/common/csv.o \
  $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-primitives: $(BENCH_PRIMITIVES)
	@mkdir -p bench/results
	$(BENCH_PRIMITIVES) bench/results/primitives.csv bench/results/primitives.svg
