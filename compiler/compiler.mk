# compiler/compiler.mk — builds $(B)/asn1cc from the front end, the back end
# and the re2c lexer / bison parser. The code generator joins the build by
# listing its files on the ASN1CC_BACKEND line (a one-line change).

RE2C  ?= re2c
BISON ?= bison

ASN1CC_FRONTEND := compiler/main.c compiler/diag.c compiler/arena.c compiler/ast.c compiler/source.c \
                   compiler/sema.c compiler/sema_scope.c compiler/sema_params.c compiler/sema_types.c \
                   compiler/sema_constraints.c compiler/sema_values.c compiler/sema_objects.c compiler/sema_checks.c
ASN1CC_BACKEND  := compiler/sema_cmap.c compiler/emit_c.c compiler/emit_der.c compiler/emit_oer.c compiler/emit_per.c compiler/emit_fuzz.c compiler/cmap_pdu.c
ASN1CC_SRCS := $(ASN1CC_FRONTEND) $(ASN1CC_BACKEND)
ASN1CC_GEN  := $(B)/compiler/lexer.c $(B)/compiler/parser.c
ASN1CC_OBJS := $(ASN1CC_SRCS:%.c=$(B)/%.o) $(ASN1CC_GEN:.c=.o)

PROGRAMS += $(B)/asn1cc
CHECKS   += check-compiler check-compiler-pdu
INSTALL_TARGETS += install-compiler

# One bison run writes both files. Written as `parser.c parser.h: ...` this
# was two rules, and a parallel build could run bison twice at once and
# compile a half-written parser.c (seen in the fuzz build).
$(B)/compiler/parser.c: compiler/parser.y
	@mkdir -p $(dir $@)
	$(BISON) -Wall -Werror -o $(B)/compiler/parser.c --header=$(B)/compiler/parser.h $<
$(B)/compiler/parser.h: $(B)/compiler/parser.c ;

$(B)/compiler/lexer.c: compiler/lexer.re
	@mkdir -p $(dir $@)
	$(RE2C) -W -Werror -c --no-generation-date -o $@ $<

# Generated sources include their own headers from compiler/ and build/.
$(B)/compiler/%.o: $(B)/compiler/%.c
	$(CC) $(CPPFLAGS_ALL) -Icompiler -I$(B)/compiler $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(B)/compiler/%.o: compiler/%.c $(B)/compiler/parser.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Icompiler -I$(B)/compiler $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(B)/compiler/lexer.o: $(B)/compiler/parser.h

$(B)/asn1cc: $(ASN1CC_OBJS)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -pthread

.PHONY: check-compiler refresh-compiler-tests install-compiler
check-compiler: $(B)/asn1cc
	@tests/compiler/run.sh $(B)/asn1cc

# --pdu: exactly which types are written for tests/compiler/pdu/pdu.asn, and that they compile.
.PHONY: check-compiler-pdu
check-compiler-pdu: $(B)/asn1cc
	@tests/compiler/pdu/run.sh $(B)/asn1cc

refresh-compiler-tests: $(B)/asn1cc
	@tests/compiler/refresh.sh $(B)/asn1cc

install-compiler: $(B)/asn1cc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(B)/asn1cc $(DESTDIR)$(PREFIX)/bin/asn1cc
	install -m 644 compiler/asn1cc.1 $(DESTDIR)$(PREFIX)/share/man/man1/asn1cc.1
