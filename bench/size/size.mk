# bench/size: make bench-size — asn1cc --size against the default output
# (issue 17) on the RFC 5280 pair, Kerberos (DER), S1AP and NGAP Rel-17
# (APER): bench_size.sh prints C size, object text, gcc build time and
# peak compiler memory of the whole schema in both modes and asn1c
# 0.9.28's where it parses the schema, then runs bench-size, the APER
# decode of one S1SetupRequest by both builds side by side. Included from
# bench/bench.mk. The whole-schema builds take many minutes (SIZE_SCHEMAS
# picks rows: bench_size.sh).

SIZE_BENCH_B := $(B)/bench/size
SIZE_S1AP    := schemas/3gpp/3gpp-36413-h30-S1AP.asn
SIZE_BENCH   := $(SIZE_BENCH_B)/bench-size

# The types of the benchmarked message only (--pdu: the same code per type),
# the --size build with --prefix SZ_ so that both link into one program.
$(SIZE_BENCH_B)/libdflt.a: $(SIZE_S1AP) $(B)/asn1cc bench/size/size.mk
	@rm -rf $(SIZE_BENCH_B)/dflt && mkdir -p $(SIZE_BENCH_B)/dflt
	$(B)/asn1cc --encodings aper --pdu S1SetupRequest $(SIZE_S1AP) -o $(SIZE_BENCH_B)/dflt
	for c in $(SIZE_BENCH_B)/dflt/*.c; do \
	  $(CC) $(CPPFLAGS_ALL) -I$(SIZE_BENCH_B)/dflt $(CFLAGS_ALL) $(BENCH_ALIGN) -c $$c -o $$c.o || exit 1; done
	rm -f $@ && ar rcs $@ $(SIZE_BENCH_B)/dflt/*.o
$(SIZE_BENCH_B)/libsmall.a: $(SIZE_S1AP) $(B)/asn1cc bench/size/size.mk
	@rm -rf $(SIZE_BENCH_B)/small && mkdir -p $(SIZE_BENCH_B)/small
	$(B)/asn1cc --size --encodings aper --prefix SZ_ --pdu S1SetupRequest $(SIZE_S1AP) -o $(SIZE_BENCH_B)/small
	for c in $(SIZE_BENCH_B)/small/*.c; do \
	  $(CC) $(CPPFLAGS_ALL) -I$(SIZE_BENCH_B)/small $(CFLAGS_ALL) $(BENCH_ALIGN) -c $$c -o $$c.o || exit 1; done
	rm -f $@ && ar rcs $@ $(SIZE_BENCH_B)/small/*.o
$(SIZE_BENCH_B)/decode_dflt.o: bench/size/decode_msg.c $(SIZE_BENCH_B)/libdflt.a
	$(CC) $(CPPFLAGS_ALL) -I$(SIZE_BENCH_B)/dflt -DPFX= -DFNPFX=dflt_ $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(SIZE_BENCH_B)/decode_small.o: bench/size/decode_msg.c $(SIZE_BENCH_B)/libsmall.a
	$(CC) $(CPPFLAGS_ALL) -I$(SIZE_BENCH_B)/small -DPFX=SZ_ -DFNPFX=size_ $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(SIZE_BENCH_B)/bench_size.o: bench/size/bench_size.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Ibench/common $(CFLAGS_ALL) $(BENCH_ALIGN) -c $< -o $@
$(SIZE_BENCH): $(SIZE_BENCH_B)/bench_size.o $(SIZE_BENCH_B)/decode_dflt.o $(SIZE_BENCH_B)/decode_small.o \
  $(SIZE_BENCH_B)/libdflt.a $(SIZE_BENCH_B)/libsmall.a $(BENCH_HARNESS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

.PHONY: bench-size
bench-size: $(B)/asn1cc $(SIZE_BENCH)
	bench/size/bench_size.sh $(B)/asn1cc $(SIZE_BENCH) "$(CC)" $(CPPFLAGS_ALL)
