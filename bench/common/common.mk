# bench/common: the measurement harness, and `make bench`, which runs every
# benchmark table in turn. Included from bench/bench.mk.
#
#   make bench   bench-primitives, bench-constrained, bench-sequence and
#                bench-derive, one after the other (never in parallel: they
#                would measure each other)

.PHONY: bench

# Every function the tables time starts on a 64-byte boundary. Without it,
# where the linker happens to put a function moves its time by up to 7.5%:
# two identical copies of the hand-written codec in one binary measured
# +6.4% / +7.5% / -5.2% apart at the default alignment, within 0.5% with
# this flag (docs/perf-findings.md). The derive table resolves 3%.
BENCH_ALIGN   := -falign-functions=64
BENCH_HARNESS := $(B)/bench/common/harness.o $(B)/bench/common/csv.o
# The generated code (its own aligned build) and the runtime. Every table
# times generated/*.c from one aligned build in BENCH_GEN_DIR (bench-x509's
# and bench-peers' files too; peers.mk, read before this file, spells the
# directory out).
BENCH_GEN_DIR := $(B)/bench/asn1cc
BENCH_GEN_OBJ := $(BENCH_GEN_DIR)/bench.o
BENCH_ASN1CC  := $(BENCH_GEN_OBJ) $(B)/libasn1rt.a
BENCH_RESULTS := bench/results

# The banner prints the compiler flags the tables were measured with.
$(B)/bench/common/harness.o: CPPFLAGS_ALL += -DBENCH_FLAGS='"$(CFLAGS_ALL)"'
# Bench programs include generated/bench.h and the harness by name.
$(B)/bench/common/%.o $(B)/bench/constrained/%.o $(B)/bench/sequence/%.o \
$(B)/bench/derive/%.o $(B)/bench/handwritten/%.o: \
  CPPFLAGS_ALL += -Igenerated -Ibench/common -Ibench/handwritten -Ibench/derive
$(B)/bench/common/%.o $(B)/bench/constrained/%.o $(B)/bench/sequence/%.o \
$(B)/bench/derive/%.o $(B)/bench/handwritten/%.o $(B)/bench/primitives/%.o: CFLAGS_ALL += $(BENCH_ALIGN)

$(BENCH_GEN_DIR)/%.o: generated/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Igenerated $(CFLAGS_ALL) $(BENCH_ALIGN) -MMD -MP -c $< -o $@

# make bench: every row of both seed documents in ../shared/seeds/ (the six
# tables of asn1-primitive-performance.md, then crypto-primitives-bench.md).
bench:
	@$(MAKE) --no-print-directory bench-primitives
	@$(MAKE) --no-print-directory bench-constrained
	@$(MAKE) --no-print-directory bench-sequence
	@$(MAKE) --no-print-directory bench-derive
	@$(MAKE) --no-print-directory bench-crypto

# $(call bench_table,PROGRAM,NAME): the recipe of a table program. PROGRAM
# writes bench/results/NAME.csv and NAME.svg and prints its Markdown, which
# becomes NAME.md only when the program succeeds (else it is shown, and the
# target fails).
define bench_table
	@mkdir -p $(BENCH_RESULTS)
	$(1) $(BENCH_RESULTS)/$(2).csv $(BENCH_RESULTS)/$(2).svg >$(BENCH_RESULTS)/$(2).md.tmp \
	  || { cat $(BENCH_RESULTS)/$(2).md.tmp; rm -f $(BENCH_RESULTS)/$(2).md.tmp; exit 1; }
	@mv $(BENCH_RESULTS)/$(2).md.tmp $(BENCH_RESULTS)/$(2).md && cat $(BENCH_RESULTS)/$(2).md
endef

# $(eval $(call bench_table_program,NAME,OBJECTS)): the program
# $(B)/bench/NAME/bench-NAME, linked from OBJECTS, the harness and the
# generated code, and `make bench-NAME`, which runs it through bench_table.
define bench_table_program
.PHONY: bench-$(1)
$(B)/bench/$(1)/bench-$(1): $(2) $(BENCH_HARNESS) $(BENCH_ASN1CC)
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$^ -lm
bench-$(1): $(B)/bench/$(1)/bench-$(1)
	$$(call bench_table,$(B)/bench/$(1)/bench-$(1),$(1))
endef

# The flags above are part of what these objects measure: rebuild on change.
$(BENCH_HARNESS) $(BENCH_GEN_OBJ) $(B)/bench/constrained/bench_constrained.o \
$(B)/bench/sequence/bench_sequence.o $(B)/bench/derive/bench_derive.o \
$(B)/bench/derive/generic.o $(B)/bench/derive/generic_types.o \
$(B)/bench/derive/proposals.o $(B)/bench/handwritten/derive_handwritten.o \
$(B)/bench/handwritten/derive_public.o: bench/common/common.mk

# check-bench-csv (in make test): the CSV writer's quoting, byte for byte,
# and every committed bench/results/*.csv read back by Python's csv module
# (an independent RFC 4180 reader) as records of the same six fields.
BENCH_CSV_TEST := $(B)/bench/common/test_csv
CHECKS += check-bench-csv
.PHONY: check-bench-csv
$(B)/bench/common/test_csv.o: CPPFLAGS_ALL += -Itests/common
$(BENCH_CSV_TEST): $(B)/bench/common/test_csv.o $(B)/bench/common/csv.o $(CUNIT_RUN)
	$(CC) $(LDFLAGS_ALL) $^ -o $@ $(CUNIT_LIBS)
check-bench-csv: $(BENCH_CSV_TEST)
	@$(BENCH_CSV_TEST)
	@python3 bench/common/check_csv.py $(sort $(wildcard $(BENCH_RESULTS)/*.csv))
