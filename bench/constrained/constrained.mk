# make bench-constrained: the seed's constrained-INTEGER tables (sizes,
# per-field decode/encode, three-field structs) on generated code.

$(eval $(call bench_table_program,constrained,$(B)/bench/constrained/bench_constrained.o))
