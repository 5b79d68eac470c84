# tests/codegen/size.mk — asn1cc --size (issue 17), included from codegen.mk.
# check-codegen-size runs two programs on --size output:
#   test-per-codegen-size  test_per_codegen.c (the PER suite: X.691 Annex A
#       both ways, strictness rows, random values through DER/UPER/APER,
#       open types, fragments) built on --size --encodings der,uper,aper
#       output instead of the default one: DER without inline copies;
#   test-per-size  test_per_size.c on --size --encodings uper,aper (no DER:
#       the headers must declare no T_decode_prefix, T_encoded_len).
CODEGEN_SIZE := $(B)/tests/codegen/size
CODEGEN_SIZE_SRCS := $(CODEGEN_PER_MODS:%=$(CODEGEN_SIZE)/der/%.c)
$(eval $(call codegen_c,$(CODEGEN_SIZE)/der,$(CODEGEN_PER_MODS),$(CODEGEN_PER_INPUTS),--size $(CODEGEN_PER_OPTIONS),\
  CODEGEN_CFLAGS))
CODEGEN_SIZE_NODER_MODS := x691_a1 x691_a2 x691_a3 x691_a4
CODEGEN_SIZE_NODER_SRCS := $(CODEGEN_SIZE_NODER_MODS:%=$(CODEGEN_SIZE)/per/%.c)
$(CODEGEN_SIZE_NODER_SRCS) $(CODEGEN_SIZE_NODER_MODS:%=$(CODEGEN_SIZE)/per/%.h) &: tests/codegen/per_x691.asn \
  $(B)/asn1cc
	@mkdir -p $(CODEGEN_SIZE)/per
	$(B)/asn1cc --size --encodings uper,aper tests/codegen/per_x691.asn -o $(CODEGEN_SIZE)/per
	@if grep -l '_decode_prefix\|_encoded_len' $(CODEGEN_SIZE)/per/*.h; then \
	  echo "size.mk: --size --encodings uper,aper declared DER functions"; rm -f $(CODEGEN_SIZE_NODER_SRCS); exit 1; fi
$(CODEGEN_SIZE)/per/%.o: $(CODEGEN_SIZE)/per/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_SIZE)/per $(CFLAGS_ALL) -Wconversion -c $< -o $@
# The same test source as check-codegen-per, against the --size headers.
$(CODEGEN_SIZE)/test_per_codegen.o: tests/codegen/test_per_codegen.c $(CODEGEN_SIZE_SRCS)
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_SIZE)/der -Itests/common $(CFLAGS_ALL) -c $< -o $@
$(B)/tests/codegen/test-per-codegen-size: $(CODEGEN_SIZE)/test_per_codegen.o $(CODEGEN_SIZE_SRCS:.c=.o) $(CUNIT_RUN) \
  $(TEST_HEX) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
$(CODEGEN_SIZE)/test_per_size.o: tests/codegen/test_per_size.c $(CODEGEN_SIZE_NODER_SRCS)
	$(CC) $(CPPFLAGS_ALL) -I$(CODEGEN_SIZE)/per -Itests/common $(CFLAGS_ALL) -c $< -o $@
$(B)/tests/codegen/test-per-size: $(CODEGEN_SIZE)/test_per_size.o $(CODEGEN_SIZE_NODER_SRCS:.c=.o) $(CUNIT_RUN) \
  $(TEST_HEX) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CUNIT_LIBS)
PROGRAMS += $(B)/tests/codegen/test-per-codegen-size $(B)/tests/codegen/test-per-size
CHECKS += check-codegen-size
.PHONY: check-codegen-size
check-codegen-size: $(B)/tests/codegen/test-per-codegen-size $(B)/tests/codegen/test-per-size
	$(B)/tests/codegen/test-per-codegen-size
	$(B)/tests/codegen/test-per-size
