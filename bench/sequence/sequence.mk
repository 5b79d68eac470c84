# make bench-sequence: the seed's sequence table on generated code.

$(eval $(call bench_table_program,sequence,$(B)/bench/sequence/bench_sequence.o))
