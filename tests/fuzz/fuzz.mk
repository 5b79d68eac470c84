# tests/fuzz — libFuzzer targets (clang) and their corpus replay (any CC).
# Included from tests/tests.mk.
#
#   make fuzz FUZZ_SECONDS=N   every target for N s (default 60); fails on a finding
#   make check-fuzz            short run of every target (in `make test` with clang)
#   make check-fuzz-replay     every committed corpus and regression input through
#                              every target, built with $(CC) without libFuzzer
#   make fuzz-compile-corpus   the C that asn1cc writes for fuzz_compile's corpus
#                              compiles (gcc -Werror)
#   make fuzz-gen-reach        how far asngen's modules get (--check, code
#                              generation, gcc -Werror), failures grouped
#   make check-fuzz-gen        generated modules and tests/fuzz/known/ against
#                              tests/fuzz/known-failures (in make test)
#   make valgrind              memcheck over the unit test binaries and the replay
#
# Fuzz binaries live in their own tree ($(FUZZ_B)), built by a sub-make with
# clang, -fsanitize=fuzzer-no-link,address,undefined, so they never mix with
# the gcc objects of $(B).

FUZZ_CC      ?= clang
FUZZ_B       ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
                -DASN1G_NO_INLINE_TREE
HAVE_FUZZ_CC := $(shell command -v $(FUZZ_CC) >/dev/null 2>&1 && echo yes)

# Targets by what they link. Each is tests/fuzz/fuzz_<name>.c with seeds in
# tests/fuzz/corpus/<name>/ (and optionally tests/fuzz/<name>.dict).
FUZZ_RT_TARGETS  := read walk text
FUZZ_LEZ_TARGETS := mnemonic epk note
# The front end: tests/fuzz/fuzz_frontend.c (lexer, parser, sema and the
# AST dump over the sources of $(ASN1CC_FRONTEND)), seeds in corpus/frontend/.
# This is the one fuzz build of the front end (make fuzz runs it).
FUZZ_FE_TARGETS  := frontend
# The whole compiler: tests/fuzz/fuzz_compile.c (front end, sema_cmap,
# emit_c, emit_fuzz into a scratch directory), seeds in corpus/compile/.
FUZZ_CC_TARGETS  := compile
# Generated decoders: one harness per top-level type of schemas/, written
# at build time by `asn1cc --emit-fuzz T` (all schemas in one run, as
# generated/ is made, so the C names match) and linked with generated/*.c.
FUZZ_GEN_TYPES := Certificate CertificateList \
                  AS-REQ AS-REP TGS-REQ TGS-REP AP-REQ AP-REP KRB-SAFE KRB-PRIV KRB-CRED KRB-ERROR \
                  ComplexSequence NestedSequence DeriveMessage \
                  EncryptedNote ViewingKeys Account
fuzz_gen_name     = gen_$(subst -,_,$(1))
FUZZ_GEN_TARGETS := $(foreach t,$(FUZZ_GEN_TYPES),$(call fuzz_gen_name,$(t)))
# BER decoders: tests/fuzz/fuzz_ber.c over tests/codegen/ber.asn through
# --encodings der,ber (T_ber_decode against T_decode, BER -> DER -> BER).
FUZZ_BER_TARGETS := ber
# PER decoders (issue 14): asn1cc --emit-fuzz T --encoding uper|aper for
# X.691 A.1's PersonnelRecord, the module generated and compiled once for
# both harnesses. Not the CAM: its extensible types make the harness fail
# in seconds on what the decoder does by design (unknown extension
# additions skipped, so the re-encoding differs; an unknown CHOICE
# alternative kept without its index, so it does not re-encode).
FUZZ_PER_SETS    := a1
fuzz_per_in_a1   := tests/codegen/per_x691.asn
fuzz_per_opt_a1  :=
fuzz_per_type_a1 := PersonnelRecord
fuzz_per_mods_a1 := x691_a1
FUZZ_PER_TARGETS := $(foreach s,$(FUZZ_PER_SETS),per_$(s)_uper per_$(s)_aper)
# A per-type BER harness: `asn1cc --emit-fuzz LDAPMessage --encoding ber`
# over RFC 4511 (schemas/ldap/), seeds the LDAP messages of tests/ber/ldap/
# (Active Directory's 0x84 lengths, slapd's replies) one a file, and a
# BindRequest with indefinite lengths and a constructed name. make fuzz
# runs it and check-fuzz-replay replays its corpus; check-fuzz leaves it
# out, so make test's fuzz time stays what it was.
FUZZ_BER_GEN_TARGETS := ber_LDAPMessage
# OER decoders (issue 16): `asn1cc --emit-fuzz T --encoding oer` for IEEE
# 1609.2's Certificate and its SPDU, Ieee1609Dot2Data, over the unedited
# IEEE 1609.2 / TS 103 097 modules (tests/oer's command line). Their corpus
# is tests/oer/corpus (check-oer-fuzz-replay's, which also replays it
# through tests/oer/fuzz_oer_ieee.c with every bit flip). Like the LDAP
# harness: make fuzz runs them, check-fuzz-replay replays the corpus,
# check-fuzz leaves them out (its time is spent).
FUZZ_OER_TYPES   := Certificate Ieee1609Dot2Data
FUZZ_OER_TARGETS := $(FUZZ_OER_TYPES:%=oer_%)
FUZZ_TARGETS      = $(FUZZ_RT_TARGETS) $(FUZZ_LEZ_TARGETS) $(FUZZ_FE_TARGETS) $(FUZZ_CC_TARGETS) $(FUZZ_GEN_TARGETS) \
                    $(FUZZ_BER_TARGETS) $(FUZZ_BER_GEN_TARGETS) $(FUZZ_PER_TARGETS) $(FUZZ_OER_TARGETS)

FUZZ_OBJ = $(B)/tests/fuzz
FUZZ_GEN_DIR = $(B)/tests/fuzz/gen
# The asn1cc that writes the harnesses: the ordinary build's (the fuzz
# sub-make is told which), so it is not itself an instrumented binary.
FUZZ_ASN1CC ?= $(B)/asn1cc
FUZZ_FE_OBJS = $(patsubst %.c,$(B)/%.o,$(filter-out compiler/main.c,$(ASN1CC_FRONTEND))) $(ASN1CC_GEN:.c=.o)
FUZZ_CC_OBJS = $(FUZZ_FE_OBJS) $(patsubst %.c,$(B)/%.o,$(ASN1CC_BACKEND))
# fuzz_compile's libFuzzer binary links its own copy of the front end built
# without coverage feedback (ASan+UBSan still on): libFuzzer then keeps an
# input for what it makes the back end do, not for one more way of writing
# a module the front end rejects (fuzz_frontend's ground, and without this
# nearly all of the corpus).
FUZZ_CC_FE      = $(FUZZ_OBJ)/compile-fe
FUZZ_CC_FE_OBJS = $(patsubst %.c,$(FUZZ_CC_FE)/%.o,$(filter-out compiler/main.c,$(ASN1CC_FRONTEND))) \
                  $(patsubst $(B)/%.c,$(FUZZ_CC_FE)/%.o,$(ASN1CC_GEN))
FUZZ_COMMA := ,
# Inside the clang sub-make (B is the fuzz tree), the largest C is
# compiled at -O0: clang 14 -O1 with ASan+UBSan and coverage spends most of
# check-fuzz's build on it, for harnesses that run 2 s each in make test.
# CPU seconds, -O1 against -O0 (2026-12-02): the re2c lexer 31.8 / 0.8 (it
# is built twice, with and without coverage), generated/ 2 MB of C
# (pkix1explicit88.c 45 / 15.5, bench.c 9.9 / 2.9). Coverage
# instrumentation and the sanitizers are the same at -O0. lld, where
# installed, links the 29 ASan binaries instead of GNU ld.
ifeq ($(B),$(FUZZ_B))
$(GEN_OBJS) $(B)/compiler/lexer.o $(FUZZ_CC_FE)/compiler/lexer.o: CFLAGS_ALL += -O0
LDFLAGS_ALL += $(if $(shell command -v ld.lld 2>/dev/null),-fuse-ld=lld)
endif
FUZZ_NOCOV_CFLAGS = $(subst fuzzer-no-link$(FUZZ_COMMA),,$(CFLAGS_ALL))
FUZZ_SCHEMAS = $(sort $(wildcard schemas/*.asn))

define FUZZ_GEN_RULE
$(FUZZ_GEN_DIR)/$(call fuzz_gen_name,$(1)).c: $(FUZZ_SCHEMAS) $(FUZZ_ASN1CC)
	@mkdir -p $(FUZZ_GEN_DIR)/$(call fuzz_gen_name,$(1))
	$(FUZZ_ASN1CC) -Ischemas $(FUZZ_SCHEMAS) --emit-fuzz $(1) -o $(FUZZ_GEN_DIR)/$(call fuzz_gen_name,$(1))
	cp $(FUZZ_GEN_DIR)/$(call fuzz_gen_name,$(1))/fuzz_$(subst -,_,$(1)).c $$@
endef
$(foreach t,$(FUZZ_GEN_TYPES),$(eval $(call FUZZ_GEN_RULE,$(t))))

# Harnesses include the committed generated/ headers (check-generated keeps
# them equal to what asn1cc writes).
$(FUZZ_GEN_DIR)/%.o: $(FUZZ_GEN_DIR)/%.c
	$(CC) $(CPPFLAGS_ALL) -Igenerated $(CFLAGS_ALL) -MMD -MP -c $< -o $@

FUZZ_BER_GEN = $(FUZZ_OBJ)/ber-gen
$(FUZZ_BER_GEN)/bertest.c $(FUZZ_BER_GEN)/bertest.h &: tests/codegen/ber.asn $(FUZZ_ASN1CC)
	@mkdir -p $(FUZZ_BER_GEN)
	$(FUZZ_ASN1CC) --encodings der,ber tests/codegen/ber.asn -o $(FUZZ_BER_GEN)
$(FUZZ_BER_GEN)/bertest.o: $(FUZZ_BER_GEN)/bertest.c
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@
$(FUZZ_OBJ)/fuzz_ber.o: $(FUZZ_BER_GEN)/bertest.h
$(FUZZ_OBJ)/fuzz_ber.o: CPPFLAGS_ALL += -I$(FUZZ_BER_GEN)

FUZZ_PER_DIR = $(FUZZ_OBJ)/per
define FUZZ_PER_RULES
$(FUZZ_PER_DIR)/$(1)/.stamp: $(fuzz_per_in_$(1)) $(FUZZ_ASN1CC)
	@rm -rf $(FUZZ_PER_DIR)/$(1) && mkdir -p $(FUZZ_PER_DIR)/$(1)/aper
	$(FUZZ_ASN1CC) --encodings uper,aper $(fuzz_per_opt_$(1)) $(fuzz_per_in_$(1)) \
	  --emit-fuzz $(fuzz_per_type_$(1)) --encoding uper -o $(FUZZ_PER_DIR)/$(1)
	$(FUZZ_ASN1CC) --encodings uper,aper $(fuzz_per_opt_$(1)) $(fuzz_per_in_$(1)) \
	  --emit-fuzz $(fuzz_per_type_$(1)) --encoding aper -o $(FUZZ_PER_DIR)/$(1)/aper
	@mv $(FUZZ_PER_DIR)/$(1)/fuzz_$(fuzz_per_type_$(1)).c $(FUZZ_PER_DIR)/$(1)/fuzz_uper.c
	@mv $(FUZZ_PER_DIR)/$(1)/aper/fuzz_$(fuzz_per_type_$(1)).c $(FUZZ_PER_DIR)/$(1)/fuzz_aper.c
	@rm -rf $(FUZZ_PER_DIR)/$(1)/aper
	@touch $$@
$(FUZZ_PER_DIR)/$(1)/%.o: $(FUZZ_PER_DIR)/$(1)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(FUZZ_PER_DIR)/$(1) $(CFLAGS_ALL) -MMD -MP -c $(FUZZ_PER_DIR)/$(1)/$$*.c -o $$@
FUZZ_PER_OBJS_$(1) = $(fuzz_per_mods_$(1):%=$(FUZZ_PER_DIR)/$(1)/%.o) $(B)/libasn1rt.a
$(FUZZ_OBJ)/fuzz_per_$(1)_%: $(FUZZ_PER_DIR)/$(1)/fuzz_%.o $$(FUZZ_PER_OBJS_$(1))
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $$@ $$^
$(FUZZ_OBJ)/replay_per_$(1)_%: $(FUZZ_PER_DIR)/$(1)/fuzz_%.o $(FUZZ_OBJ)/driver.o $$(FUZZ_PER_OBJS_$(1))
	$(CC) $(LDFLAGS_ALL) -o $$@ $$^
endef
$(foreach s,$(FUZZ_PER_SETS),$(eval $(call FUZZ_PER_RULES,$(s))))
# Reached only through the pattern rules above: kept, not rebuilt each run.
.SECONDARY: $(foreach s,$(FUZZ_PER_SETS),$(fuzz_per_mods_$(s):%=$(FUZZ_PER_DIR)/$(s)/%.o) \
              $(FUZZ_PER_DIR)/$(s)/fuzz_uper.o $(FUZZ_PER_DIR)/$(s)/fuzz_aper.o)
# The LDAP module's C (0.7 MB) at -O0 without the inlined type trees, as
# examples/ldap builds it: seconds instead of minutes of compiler time.
FUZZ_BER_LDAP   = $(FUZZ_OBJ)/ber-ldap
FUZZ_BER_LDAP_C = $(FUZZ_BER_LDAP)/lightweight_directory_access_protocol_v3.c
$(FUZZ_BER_LDAP)/fuzz_LDAPMessage.c $(FUZZ_BER_LDAP_C) $(FUZZ_BER_LDAP_C:.c=.h) &: schemas/ldap/rfc4511.asn $(FUZZ_ASN1CC)
	@mkdir -p $(FUZZ_BER_LDAP)
	$(FUZZ_ASN1CC) -Wno-unenforced-constraint --encodings der,ber --emit-fuzz LDAPMessage --encoding ber \
	  schemas/ldap/rfc4511.asn -o $(FUZZ_BER_LDAP)
$(FUZZ_BER_LDAP_C:.c=.o): $(FUZZ_BER_LDAP_C)
	$(CC) $(CPPFLAGS_ALL) -I$(FUZZ_BER_LDAP) $(CFLAGS_ALL) -O0 -DASN1G_NO_INLINE_TREE -MMD -MP -c $< -o $@
$(FUZZ_BER_LDAP)/fuzz_LDAPMessage.o: $(FUZZ_BER_LDAP)/fuzz_LDAPMessage.c $(FUZZ_BER_LDAP_C:.c=.h)
	$(CC) $(CPPFLAGS_ALL) -I$(FUZZ_BER_LDAP) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

# The IEEE modules (1.2 MB of C) are written once beside the harnesses and
# built at -O0 without the inlined type trees, as the LDAP module is.
# (tests/oer/oer.mk is included after this file: its names are not set yet.)
FUZZ_OER_SCHEMAS := schemas/ieee/IEEE1609dot2BaseTypes.asn schemas/ieee/IEEE1609dot2.asn schemas/ieee/TS103097v131.asn
FUZZ_OER_DIR  = $(FUZZ_OBJ)/oer-ieee
FUZZ_OER_MODS = $(patsubst %,$(FUZZ_OER_DIR)/%.o,ieee1609dot2basetypes ieee1609dot2 etsits103097module)
$(FUZZ_OER_DIR)/.stamp: $(FUZZ_OER_SCHEMAS) $(FUZZ_ASN1CC)
	@rm -rf $(FUZZ_OER_DIR) && mkdir -p $(FUZZ_OER_DIR)/t
	@set -e; for t in $(FUZZ_OER_TYPES); do \
	  echo "$(FUZZ_ASN1CC) --encodings der,oer -Wno-unenforced-constraint $(FUZZ_OER_SCHEMAS) --emit-fuzz $$t --encoding oer"; \
	  $(FUZZ_ASN1CC) --encodings der,oer -Wno-unenforced-constraint $(FUZZ_OER_SCHEMAS) --emit-fuzz $$t --encoding oer -o $(FUZZ_OER_DIR)/t; \
	  mv $(FUZZ_OER_DIR)/t/fuzz_$$t.c $(FUZZ_OER_DIR)/fuzz_oer_$$t.c; \
	done
	@mv $(FUZZ_OER_DIR)/t/*.[ch] $(FUZZ_OER_DIR)/ && rmdir $(FUZZ_OER_DIR)/t && touch $@
$(FUZZ_OER_MODS): $(FUZZ_OER_DIR)/%.o: $(FUZZ_OER_DIR)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(FUZZ_OER_DIR) $(CFLAGS_ALL) -O0 -DASN1G_NO_INLINE_TREE -MMD -MP -c $(FUZZ_OER_DIR)/$*.c -o $@
$(FUZZ_OER_TARGETS:%=$(FUZZ_OER_DIR)/fuzz_%.o): $(FUZZ_OER_DIR)/fuzz_%.o: $(FUZZ_OER_DIR)/.stamp
	$(CC) $(CPPFLAGS_ALL) -I$(FUZZ_OER_DIR) $(CFLAGS_ALL) -MMD -MP -c $(FUZZ_OER_DIR)/fuzz_$*.c -o $@
.SECONDARY: $(FUZZ_OER_MODS) $(FUZZ_OER_TARGETS:%=$(FUZZ_OER_DIR)/fuzz_%.o)

$(FUZZ_OBJ)/fuzz_frontend.o: CPPFLAGS_ALL += -Icompiler -I$(B)/compiler
$(FUZZ_OBJ)/fuzz_frontend.o: $(B)/compiler/parser.h
$(FUZZ_OBJ)/fuzz_compile.o: CPPFLAGS_ALL += -Icompiler
$(FUZZ_LEZ_TARGETS:%=$(FUZZ_OBJ)/fuzz_%.o): CPPFLAGS_ALL += $(LEZ_CPPFLAGS)

# ---- libFuzzer binaries (inside the clang sub-make) ----------------------
$(FUZZ_RT_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_OBJ)/fuzz_%.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_LEZ_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_OBJ)/fuzz_%.o $(B)/liblez.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^ $(SECP_LIBS) $(CRYPTO_LIBS)

$(FUZZ_OBJ)/fuzz_frontend: $(FUZZ_OBJ)/fuzz_frontend.o $(FUZZ_FE_OBJS)
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_CC_FE)/compiler/%.o: compiler/%.c $(B)/compiler/parser.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Icompiler -I$(B)/compiler $(FUZZ_NOCOV_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_CC_FE)/compiler/%.o: $(B)/compiler/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Icompiler -I$(B)/compiler $(FUZZ_NOCOV_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_OBJ)/fuzz_compile: $(FUZZ_OBJ)/fuzz_compile.o $(FUZZ_OBJ)/asngen.o $(FUZZ_CC_FE_OBJS) $(patsubst %.c,$(B)/%.o,$(ASN1CC_BACKEND))
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_GEN_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_GEN_DIR)/%.o $(GEN_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_OBJ)/fuzz_ber: $(FUZZ_OBJ)/fuzz_ber.o $(FUZZ_BER_GEN)/bertest.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_OBJ)/fuzz_ber_LDAPMessage: $(FUZZ_BER_LDAP)/fuzz_LDAPMessage.o $(FUZZ_BER_LDAP_C:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

$(FUZZ_OER_TARGETS:%=$(FUZZ_OBJ)/fuzz_%): $(FUZZ_OBJ)/fuzz_%: $(FUZZ_OER_DIR)/fuzz_%.o $(FUZZ_OER_MODS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $^

.PHONY: fuzz fuzz-bins fuzz-build check-fuzz check-fuzz-replay valgrind
# FUZZ_BUILD: the targets whose libFuzzer binaries fuzz-build makes.
FUZZ_BUILD ?= $(FUZZ_TARGETS)
fuzz-bins: $(FUZZ_BUILD:%=$(FUZZ_OBJ)/fuzz_%)

fuzz-build:
	@if [ "$(HAVE_FUZZ_CC)" != yes ]; then echo "fuzz: $(FUZZ_CC) not found (libFuzzer needs clang)" >&2; exit 1; fi
	@$(MAKE) --no-print-directory $(B)/asn1cc
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=$(FUZZ_CC) OPT='-O1 -g' SAN='$(FUZZ_SAN)' \
	  FUZZ_ASN1CC=$(B)/asn1cc fuzz-bins

fuzz: fuzz-build
	@tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_B) $(FUZZ_TARGETS)

# In `make test`: a short run, FUZZ_CHECK_TOTAL s shared by the targets
# (2..20 s a target: 2 s for the 29 targets, 58 s in all; 27 targets at the
# earlier 3 s took 81; the first clang build adds about three minutes), a
# smoke test within make test's 20-minute budget; `make fuzz` is the real
# run. The per-type LDAP BER harness is left out of it (its corpus is
# replayed by check-fuzz-replay). FUZZ_CHECK_SECONDS overrides. The targets
# run $(NPROC) at a time (FUZZ_JOBS of run.sh): each still gets its seconds
# of wall time, and the run takes half of the 58 s on two cores.
FUZZ_CHECK_TARGETS = $(filter-out $(FUZZ_BER_GEN_TARGETS) $(FUZZ_OER_TARGETS),$(FUZZ_TARGETS))
FUZZ_NTARGETS = $(words $(FUZZ_CHECK_TARGETS))
FUZZ_CHECK_TOTAL ?= 60
FUZZ_CHECK_SECONDS ?= $(shell n=$(FUZZ_NTARGETS); s=$$(($(FUZZ_CHECK_TOTAL) / (n ? n : 1))); [ $$s -gt 20 ] && s=20; [ $$s -lt 2 ] && s=2; echo $$s)

ifeq ($(HAVE_FUZZ_CC),yes)
CHECKS += check-fuzz
endif
# It first replays every committed input of its targets through their
# libFuzzer binaries (ASan+UBSan), the replay make test's sanitizer pass
# would otherwise build a second tree for (see FUZZ_REPLAY_TARGETS).
check-fuzz:
	@if [ "$(SANITIZE_RUN)" = 1 ]; then echo "check-fuzz: skipped in make sanitize (the fuzz build is ASan+UBSan already; check-fuzz-replay runs)"; exit 0; fi; \
	$(MAKE) --no-print-directory -j$(NPROC) fuzz-build FUZZ_BUILD='$(FUZZ_CHECK_TARGETS)' && \
	tests/fuzz/run.sh --replay $(FUZZ_B) $(FUZZ_CHECK_TARGETS) && \
	FUZZ_JOBS=$(NPROC) tests/fuzz/run.sh $(FUZZ_CHECK_SECONDS) $(FUZZ_B) $(FUZZ_CHECK_TARGETS)

# What fuzz_compile cannot check at speed: the C written for its corpus
# (committed, and what `make fuzz` found) compiles with gcc -Werror.
# Generator inputs (NUL first) are turned into their modules by asngen.
.PHONY: fuzz-compile-corpus
fuzz-compile-corpus: $(B)/asn1cc $(ASNGEN)
	@ASNGEN=$(ASNGEN) tests/fuzz/compile-corpus.sh $(B)/asn1cc tests/fuzz/corpus/compile tests/fuzz/regress/compile \
	  $(wildcard $(FUZZ_B)/corpus/compile)

# ---- asngen: modules from the grammar (tests/fuzz/asngen.c) --------------
# fuzz_compile links the generator; the asngen program writes modules for
# compile-corpus.sh and gen-reach.sh, and decodes a fuzz input.
#   make fuzz-gen-reach [FUZZ_GEN_N=2000 FUZZ_GEN_SEED=1]
#       the share of FUZZ_GEN_N generated modules that pass --check, that
#       code generation writes or declines, whose C compiles (gcc -Werror),
#       and the failures grouped by their first message (minutes: gcc
#       runs on each module)
#   make check-fuzz-gen   (in make test, a few seconds) 150 generated
#       modules through asn1cc --check and code generation: no crash, and
#       every rejection one that tests/fuzz/known-failures lists; then
#       each reproducer in tests/fuzz/known/ still fails as listed there
#       (an entry that starts passing fails the check: remove it)
ASNGEN := $(B)/tests/fuzz/asngen
FUZZ_GEN_N ?= 2000
FUZZ_GEN_SEED ?= 1
$(ASNGEN): $(FUZZ_OBJ)/asngen.o $(FUZZ_OBJ)/asngen_main.o
	$(CC) $(LDFLAGS_ALL) -o $@ $^

.PHONY: fuzz-gen-reach check-fuzz-gen
fuzz-gen-reach: $(B)/asn1cc $(ASNGEN)
	@rm -rf $(B)/fuzz-gen && $(ASNGEN) -n $(FUZZ_GEN_N) -s $(FUZZ_GEN_SEED) -o $(B)/fuzz-gen
	@tests/fuzz/gen-reach.sh reach $(B)/asn1cc $(B)/fuzz-gen

CHECKS += check-fuzz-gen
check-fuzz-gen: $(B)/asn1cc $(ASNGEN)
	@rm -rf $(B)/fuzz-gen-check && $(ASNGEN) -n 150 -s 7 -o $(B)/fuzz-gen-check
	@GEN_REACH_NO_CC=1 GEN_REACH_KNOWN=tests/fuzz/known-failures tests/fuzz/gen-reach.sh reach $(B)/asn1cc $(B)/fuzz-gen-check
	@tests/fuzz/gen-reach.sh known $(B)/asn1cc tests/fuzz/known-failures

# ---- replay: same harnesses, plain main (driver.c), any compiler ---------
# make test's sanitizer pass (SANITIZE_BESIDE=1, from check-sanitize) with
# clang present: check-fuzz has replayed FUZZ_CHECK_TARGETS' inputs under
# ASan+UBSan in the same make test, so this replays only the others
# (ber_LDAPMessage, oer_*). make sanitize on its own replays them all.
FUZZ_REPLAY_TARGETS = $(if $(filter 1,$(SANITIZE_RUN)),$(if $(filter 1,$(SANITIZE_BESIDE)),$(if $(HAVE_FUZZ_CC),\
                        $(filter-out $(FUZZ_CHECK_TARGETS),$(FUZZ_TARGETS)),$(FUZZ_TARGETS)),$(FUZZ_TARGETS)),$(FUZZ_TARGETS))
FUZZ_REPLAY_BINS = $(FUZZ_TARGETS:%=$(FUZZ_OBJ)/replay_%)

$(FUZZ_RT_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/driver.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

$(FUZZ_LEZ_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/driver.o $(B)/liblez.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(SECP_LIBS) $(CRYPTO_LIBS)

$(FUZZ_OBJ)/replay_frontend: $(FUZZ_OBJ)/fuzz_frontend.o $(FUZZ_OBJ)/driver.o $(FUZZ_FE_OBJS)
	$(CC) $(LDFLAGS_ALL) -o $@ $^

$(FUZZ_OBJ)/replay_compile: $(FUZZ_OBJ)/fuzz_compile.o $(FUZZ_OBJ)/asngen.o $(FUZZ_OBJ)/driver.o $(FUZZ_CC_OBJS)
	$(CC) $(LDFLAGS_ALL) -o $@ $^

$(FUZZ_GEN_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_GEN_DIR)/%.o $(FUZZ_OBJ)/driver.o $(GEN_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

# These three replays link the module objects that another suite of the
# same tree already builds from the same C (asn1cc writes a module the same
# with and without --emit-fuzz): bertest.o of tests/codegen/ber.mk, the LDAP
# module of examples/ldap/ldap.mk, the IEEE modules of tests/oer/oer.mk.
# Those fragments come later and add the objects as prerequisites (hence the
# objects before the archives here); the harnesses still include the
# headers written beside them. The libFuzzer binaries keep their own copies.
FUZZ_REPLAY_LINK = $(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^) $(filter %.a,$^)
$(FUZZ_OBJ)/replay_ber: $(FUZZ_OBJ)/fuzz_ber.o $(FUZZ_OBJ)/driver.o $(B)/libasn1rt.a
	$(FUZZ_REPLAY_LINK)

$(FUZZ_OBJ)/replay_ber_LDAPMessage: $(FUZZ_BER_LDAP)/fuzz_LDAPMessage.o $(FUZZ_OBJ)/driver.o $(B)/libasn1rt.a
	$(FUZZ_REPLAY_LINK)

$(FUZZ_OER_TARGETS:%=$(FUZZ_OBJ)/replay_%): $(FUZZ_OBJ)/replay_%: $(FUZZ_OER_DIR)/fuzz_%.o $(FUZZ_OBJ)/driver.o \
  $(B)/libasn1rt.a
	$(FUZZ_REPLAY_LINK)

CHECKS += check-fuzz-replay
check-fuzz-replay: $(FUZZ_REPLAY_TARGETS:%=$(FUZZ_OBJ)/replay_%)
	@set -e; for t in $(FUZZ_REPLAY_TARGETS); do \
	  dirs=""; for d in tests/fuzz/corpus/$$t tests/fuzz/regress/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  case $$t in oer_*) dirs="$$dirs tests/oer/corpus";; esac; \
	  [ -n "$$dirs" ] || { echo "check-fuzz-replay: no corpus for $$t" >&2; exit 1; }; \
	  $(FUZZ_OBJ)/replay_$$t $$dirs; \
	done$(if $(filter-out $(FUZZ_REPLAY_TARGETS),$(FUZZ_TARGETS)),; \
	echo "check-fuzz-replay: $(words $(filter-out $(FUZZ_REPLAY_TARGETS),$(FUZZ_TARGETS))) other targets' inputs ran under ASan+UBSan in check-fuzz")

# ---- valgrind: memcheck over the unit test binaries and the replay -------
# Each binary that exists in the build is run; the runtime and crypto suites
# are always built first. Any memcheck error fails the target.
FUZZ_VALGRIND := valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q
VALGRIND_UNIT = $(wildcard $(B)/tests/runtime/test-runtime $(B)/tests/crypto/test_lez $(B)/tests/der/test-der \
                  $(B)/tests/codegen/test-constructs $(B)/tests/codegen/test-x509)
valgrind: $(FUZZ_REPLAY_BINS) $(RT_TEST_BIN) $(LEZ_TEST) $(DER_TEST_BIN) $(B)/asn1cc
	@command -v valgrind >/dev/null || { echo "valgrind: not installed (scripts/deps.sh)" >&2; exit 1; }
	@set -e; for t in $(VALGRIND_UNIT); do echo "valgrind: $$t"; DER_WORSTCASE_SMALL=1 $(FUZZ_VALGRIND) $$t >/dev/null; done; \
	echo "valgrind: asn1cc on schemas/"; rm -rf $(B)/valgrind-gen; mkdir -p $(B)/valgrind-gen; \
	$(FUZZ_VALGRIND) $(B)/asn1cc -Ischemas $(FUZZ_SCHEMAS) -o $(B)/valgrind-gen; \
	for t in $(FUZZ_TARGETS); do \
	  dirs=""; for d in tests/fuzz/corpus/$$t tests/fuzz/regress/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  case $$t in oer_*) dirs="$$dirs tests/oer/corpus";; esac; \
	  echo "valgrind: replay_$$t"; $(FUZZ_VALGRIND) $(FUZZ_OBJ)/replay_$$t $$dirs >/dev/null; \
	done; echo "valgrind: clean"

# ---- seeds ---------------------------------------------------------------
# Rewrites the generated seeds (seed-init of each gen_* corpus) and the
# hand-made ones (seeds.py), and copies real certificates, CRLs and schema
# files in (seeds.sh). The results are committed; run after schema changes.
.PHONY: fuzz-seeds
$(FUZZ_OBJ)/seedgen: $(FUZZ_OBJ)/seedgen.o $(GEN_OBJS) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^
$(FUZZ_OBJ)/seedgen.o: CPPFLAGS_ALL += -Igenerated
fuzz-seeds: $(FUZZ_OBJ)/seedgen
	$(FUZZ_OBJ)/seedgen tests/fuzz/corpus
	python3 tests/fuzz/seeds.py
	tests/fuzz/seeds.sh
