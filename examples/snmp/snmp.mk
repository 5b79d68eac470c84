# examples/snmp — snmp-get, an SNMP GetRequest over UDP on the C that asn1cc
# writes for RFC 1157's module and the RFC 1155 SMI it imports
# (schemas/snmp/) with --encodings der,ber. tests/ber (check-ber-peers)
# runs it against a throwaway snmpd.

SNMP_GEN  := $(B)/examples/snmp/gen
SNMP_GENC := $(SNMP_GEN)/rfc1157_snmp.c $(SNMP_GEN)/rfc1155_smi.c
SNMP_GET  := $(B)/examples/snmp/snmp-get

# --int64: RFC 1157's INTEGERs are unconstrained; int64_t holds every value
# an agent sends (request-id is 32-bit), and decoding refuses anything wider.
$(SNMP_GENC) $(SNMP_GENC:.c=.h) &: schemas/snmp/rfc1157.asn schemas/snmp/rfc1155.asn $(B)/asn1cc
	@mkdir -p $(SNMP_GEN)
	$(B)/asn1cc --int64 --encodings der,ber -Ischemas/snmp --emit-imports schemas/snmp/rfc1157.asn -o $(SNMP_GEN)

$(eval $(call example_client,$(SNMP_GET),$(SNMP_GEN),$(SNMP_GENC)))
