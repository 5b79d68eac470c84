# examples/ — `make demo`. Until asn1cc exists, the demo prints the DER
# tree of a real certificate with the runtime's generic walker.

ASN1DUMP := $(B)/examples/asn1dump
PROGRAMS += $(ASN1DUMP)
# The certificate shown: ISRG Root X1 if present, else the bundle (its first).
DEMO_CERT ?= $(firstword $(wildcard /etc/ssl/certs/ISRG_Root_X1.pem) /etc/ssl/certs/ca-certificates.crt)

$(ASN1DUMP): $(B)/examples/asn1dump.o $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^

demo: deps
	@$(MAKE) --no-print-directory -s build
	@echo "== $(DEMO_CERT): DER tree by asn1rt_dump (strict DER checked) =="
	@$(ASN1DUMP) $(DEMO_CERT)
