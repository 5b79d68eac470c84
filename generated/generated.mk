# generated/ — asn1cc output for schemas/*.asn, committed, never edited by hand.
#
#   make generate          rewrite generated/ from schemas/ with $(B)/asn1cc
#   make check-generated   (in `make test`) fails when generated/ is stale, and
#                          compiles every generated file with -Werror under gcc
#                          and clang (when present), headers also under g++
#
# All schemas go through one asn1cc run: C names that clash across modules
# are decided over the whole set, so the result is the same every time.

GEN_SCHEMAS := $(sort $(wildcard schemas/*.asn))
GEN_SRCS    := $(sort $(wildcard generated/*.c))
GEN_HDRS    := $(sort $(wildcard generated/*.h))
GEN_OBJS    := $(GEN_SRCS:%.c=$(B)/%.o)
# The discipline users of other generators ask for (issue 3).
GEN_WARN    := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror
GEN_CLANG   := $(shell command -v clang 2>/dev/null)
GEN_CXX     := $(shell command -v g++ 2>/dev/null)
# The warning-only compilations need no optimiser: `make` already builds every
# generated file at -O2 -Werror (flow-based warnings), and -Wconversion and
# -Wpedantic do not depend on it. gcc -O2 on the largest module takes ~30 s.
GEN_CHECK_OPT ?= -O0 -fsyntax-only

PROGRAMS += $(GEN_OBJS)
CHECKS   += check-generated

$(GEN_OBJS): CPPFLAGS_ALL += -Igenerated

.PHONY: generate check-generated

generate: $(B)/asn1cc
	rm -f generated/*.c generated/*.h
	$(B)/asn1cc -Ischemas $(GEN_SCHEMAS) -o generated

check-generated: $(B)/asn1cc $(B)/libasn1rt.a
	@set -e; tmp=$(B)/generated-check; rm -rf $$tmp; mkdir -p $$tmp/out $$tmp/obj; \
	$(B)/asn1cc -Ischemas $(GEN_SCHEMAS) -o $$tmp/out; \
	if ! diff -r -q generated $$tmp/out --exclude=generated.mk >/dev/null; then \
	  diff -r generated $$tmp/out --exclude=generated.mk | head -40; \
	  echo "check-generated: generated/ is stale: run 'make generate' and commit"; exit 1; fi; \
	n=0; jobs=$$(nproc 2>/dev/null || echo 2); \
	for f in $(GEN_SRCS); do \
	  echo "gcc $(GEN_WARN) $(GEN_CHECK_OPT) -Iruntime/include -Igenerated -c $$f -o $$tmp/obj/$$(basename $$f).gcc.o"; n=$$((n+1)); \
	  if [ -n "$(GEN_CLANG)" ]; then echo "clang $(GEN_WARN) $(GEN_CHECK_OPT) -Iruntime/include -Igenerated -c $$f -o $$tmp/obj/$$(basename $$f).clang.o"; n=$$((n+1)); fi; \
	done > $$tmp/jobs; \
	for h in $(GEN_HDRS); do \
	  b=$$(basename $$h .h); printf '#include "%s"\nint main() { return 0; }\n' $$b.h > $$tmp/obj/$$b.cc; \
	  if [ -n "$(GEN_CXX)" ]; then echo "g++ -Wall -Wextra -Werror -Iruntime/include -Igenerated -c $$tmp/obj/$$b.cc -o $$tmp/obj/$$b.cc.o"; n=$$((n+1)); fi; \
	done >> $$tmp/jobs; \
	if ! xargs -P $$jobs -I{} sh -c '{}' < $$tmp/jobs; then echo "check-generated: a compilation failed"; exit 1; fi; \
	echo "check-generated: generated/ is up to date; $$n compilations clean (gcc$(if $(GEN_CLANG), + clang) -Wconversion -Werror$(if $(GEN_CXX), + g++ headers)): 1 passed, 0 failed"
