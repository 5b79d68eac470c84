# examples/ — `make demo`: asn1cc compiles the shipped RFC 5280 modules into
# out/, a small program is built against that output and libasn1rt, and a
# real certificate from /etc/ssl/certs is decoded, summarised and re-encoded.
# asn1dump (the runtime's generic walker, like `openssl asn1parse`) is built too.

ASN1DUMP := $(B)/examples/asn1dump
PROGRAMS += $(ASN1DUMP)
# The certificate shown: ISRG Root X1 if present, else the bundle's first.
DEMO_CERT ?= $(firstword $(wildcard /etc/ssl/certs/ISRG_Root_X1.pem) /etc/ssl/certs/ca-certificates.crt)
DEMO_OUT  ?= out
DEMO_SCHEMAS := schemas/rfc5280-PKIX1Explicit88.asn schemas/rfc5280-PKIX1Implicit88.asn

$(ASN1DUMP): $(B)/examples/asn1dump.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

demo: deps
	@$(MAKE) --no-print-directory -s -j$(NPROC) build
	@echo "== asn1cc $(DEMO_SCHEMAS) -o $(DEMO_OUT)/"
	@$(B)/asn1cc $(DEMO_SCHEMAS) -o $(DEMO_OUT)/
	@ls $(DEMO_OUT)
	@echo "== cc examples/certinfo.c $(DEMO_OUT)/*.c libasn1rt.a -> $(DEMO_OUT)/certinfo"
	@$(CC) -std=c99 -Wall -Wextra -Wpedantic -Werror $(OPT) -Iruntime/include -I$(DEMO_OUT) \
	  examples/certinfo.c $(DEMO_OUT)/pkix1explicit88.c $(DEMO_OUT)/pkix1implicit88.c \
	  $(B)/libasn1rt.a $(CRYPTO_LIBS) -o $(DEMO_OUT)/certinfo
	@echo "== $(DEMO_OUT)/certinfo $(DEMO_CERT)"
	@$(DEMO_OUT)/certinfo $(DEMO_CERT)

# The demo program over the whole CA bundle: every certificate decodes, and
# re-encodes byte-identically; the ISRG root's summary is compared exactly.
# It links the committed generated/ objects that `make` builds (check-generated
# proves they are what asn1cc writes today), so no large module is compiled twice.
CERTINFO := $(B)/examples/certinfo
$(B)/examples/certinfo.o: CPPFLAGS_ALL += -Igenerated
$(CERTINFO): $(B)/examples/certinfo.o $(B)/generated/pkix1explicit88.o $(B)/generated/pkix1implicit88.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CRYPTO_LIBS)

CHECKS += check-examples
check-examples: $(CERTINFO)
	@mkdir -p $(B)/examples
	@$(CERTINFO) /etc/ssl/certs/ca-certificates.crt > $(B)/examples/bundle.txt
	@n=$$(grep -c 'byte-identical' $(B)/examples/bundle.txt); \
	  total=$$(grep -c 'BEGIN CERTIFICATE' /etc/ssl/certs/ca-certificates.crt); \
	  echo "certinfo: $$n of $$total CA certificates decoded and re-encoded byte-identically"; \
	  [ "$$n" = "$$total" ]
	@$(CERTINFO) tests/examples/isrg-root-x1.der > $(B)/examples/isrg.txt
	@diff -u tests/examples/isrg-root-x1.expected $(B)/examples/isrg.txt && echo "certinfo: ISRG Root X1 summary matches"
	@$(CERTINFO) --json tests/examples/isrg-root-x1.der | tail -n 1 | grep -q '^{"tbsCertificate":' \
	  && echo "certinfo: JER output starts as expected"

# Clients of real peers (issue 15): ldap-search and snmp-get.
#
# $(eval $(call example_client,PROGRAM,GEN,GENC)): PROGRAM (and PROGRAM.o,
# from PROGRAM's .c) linked with the generated files GENC of directory GEN.
# The generated C (0.7 MB for RFC 4511) is built at -O0 without the inlined
# type trees (asn1rt/gen.h): 6 s of compiler time instead of 108 s at -O2
# (gcc 12, measured 2026-12-02); a client waiting on the network does not
# need the speed, the build does.
PEER_GEN_CFLAGS = $(CFLAGS_ALL) -O0 -DASN1G_NO_INLINE_TREE
define example_client
PROGRAMS += $(1)
$(2)/%.o: $(2)/%.c
	$$(CC) $$(CPPFLAGS_ALL) -I$(2) $$(PEER_GEN_CFLAGS) -c $$< -o $$@
$(1).o: $(3:.c=.h)
$(1).o: CPPFLAGS_ALL += -I$(2)
$(1): $(1).o $(3:.c=.o) $(B)/libasn1rt.a
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$^
endef
include examples/ldap/ldap.mk
include examples/snmp/snmp.mk

# NGAP over APER (issue 14): an NGSetupRequest built, encoded, decoded, printed.
include examples/ngap/ngap.mk
