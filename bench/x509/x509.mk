# make bench-x509: X.509 decode/encode on generated code beside a hand-written
# walker and OpenSSL (issue 3). Included from bench/bench.mk.

.PHONY: bench-x509

BENCH_X509 := $(B)/bench/x509/bench-x509
BENCH_X509_OBJS := $(B)/bench/x509/bench_x509.o $(B)/bench/x509/x509_openssl.o \
                   $(B)/bench/common/openssl_cert.o \
                   $(B)/bench/handwritten/x509_walker.o \
                   $(BENCH_GEN_DIR)/pkix1explicit88.o

# The generated code is bench/common's aligned build (BENCH_GEN_DIR), as
# every other table builds the code it times: without it, where the linker
# puts the encoder moves its time by several percent between builds
# (docs/perf-findings.md, sections 1 and 19).

$(B)/bench/x509/%.o: CPPFLAGS_ALL += -Igenerated -Ibench/common -Ibench/handwritten -Ibench/x509

$(BENCH_X509): $(BENCH_X509_OBJS) $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CRYPTO_LIBS) -lm

bench-x509: $(BENCH_X509)
	@mkdir -p $(BENCH_RESULTS)
	$(BENCH_X509) $(BENCH_RESULTS)/x509.csv
