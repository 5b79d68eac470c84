# bench/common: the measurement harness, and `make bench`, which runs every
# benchmark table in turn. Included from bench/bench.mk.
#
#   make bench   bench-primitives, bench-constrained, bench-sequence and
#                bench-derive, one after the other (never in parallel: they
#                would measure each other)

.PHONY: bench

BENCH_HARNESS := $(B)/bench/common/harness.o
# The generated code and runtime every table measures.
BENCH_ASN1CC  := $(B)/generated/bench.o $(B)/libasn1rt.a
BENCH_RESULTS := bench/results

# The banner prints the compiler flags the tables were measured with.
$(BENCH_HARNESS): CPPFLAGS_ALL += -DBENCH_FLAGS='"$(CFLAGS_ALL)"'
# Bench programs include generated/bench.h and the harness by name.
$(B)/bench/common/%.o $(B)/bench/constrained/%.o $(B)/bench/sequence/%.o \
$(B)/bench/derive/%.o $(B)/bench/handwritten/%.o: \
  CPPFLAGS_ALL += -Igenerated -Ibench/common -Ibench/handwritten -Ibench/derive

bench:
	@$(MAKE) --no-print-directory bench-primitives
	@$(MAKE) --no-print-directory bench-constrained
	@$(MAKE) --no-print-directory bench-sequence
	@$(MAKE) --no-print-directory bench-derive
