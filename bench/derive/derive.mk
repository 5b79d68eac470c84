# make bench-derive: the seed's derive-overhead table (Markdown on stdout and
# in bench/results/derive.md, CSV and SVG beside it). Generated code vs the
# hand-written codec (bench/handwritten/) vs a table-driven generic codec
# (bench/derive/generic*), same runtime, same structs, one interleaved run.

BENCH_DERIVE_OBJS := $(B)/bench/derive/bench_derive.o $(B)/bench/derive/generic.o \
                     $(B)/bench/derive/generic_types.o $(B)/bench/handwritten/derive_handwritten.o \
                     $(B)/bench/handwritten/derive_public.o
$(eval $(call bench_table_program,derive,$(BENCH_DERIVE_OBJS)))

# make bench-proposals: the generator changes docs/perf-findings.md proposes,
# hand-applied to one type each and timed against today's generated code.
.PHONY: bench-proposals

BENCH_PROPOSALS := $(B)/bench/derive/bench-proposals

$(BENCH_PROPOSALS): $(B)/bench/derive/proposals.o $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

bench-proposals: $(BENCH_PROPOSALS)
	$(BENCH_PROPOSALS)

# make bench-derive-agree: the four derive codecs must accept, reject and
# produce the same things (mutated vectors, random values); not part of
# `make test` because today it finds generator gaps (docs/perf-findings.md).
.PHONY: bench-derive-agree

BENCH_AGREE := $(B)/bench/derive/bench-derive-agree
BENCH_AGREE_OBJS := $(B)/bench/derive/agree.o $(B)/bench/derive/generic.o \
                    $(B)/bench/derive/generic_types.o $(B)/bench/handwritten/derive_handwritten.o \
                    $(B)/bench/handwritten/derive_public.o

$(BENCH_AGREE): $(BENCH_AGREE_OBJS) $(BENCH_ASN1CC)
	$(CC) $(LDFLAGS_ALL) -o $@ $^

bench-derive-agree: $(BENCH_AGREE)
	$(BENCH_AGREE)
