# bench/crypto — make bench-crypto: the crypto_primitives table over
# liblez.a, its CSV through bench/common's writer. Included from
# bench/bench.mk (after runtime/crypto/crypto.mk).

.PHONY: bench-crypto
LEZ_BENCH := $(B)/bench/crypto/bench_crypto

$(B)/bench/crypto/%.o: CPPFLAGS_ALL += $(LEZ_CPPFLAGS) -Ibench/common

$(LEZ_BENCH): $(B)/bench/crypto/bench_crypto.o $(B)/bench/common/csv.o $(LEZ_LIB)
	$(CC) $(LDFLAGS_ALL) $(filter %.o,$^) -o $@ $(LEZ_LIBS) -lm

bench-crypto: $(LEZ_BENCH)
	@mkdir -p bench/results
	@$(LEZ_BENCH) --csv bench/results/crypto.csv --cc "$(CC) $(OPT)"
