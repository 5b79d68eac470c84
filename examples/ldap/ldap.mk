# examples/ldap — ldap-search, an LDAP client on the C that asn1cc writes
# for RFC 4511's module (schemas/ldap/rfc4511.asn) with --encodings der,ber:
# it frames replies with asn1rt_element_size and decodes them as BER.
# tests/ber (check-ber-peers) runs it against a throwaway slapd.

LDAP_GEN    := $(B)/examples/ldap/gen
LDAP_GENC   := $(LDAP_GEN)/lightweight_directory_access_protocol_v3.c
LDAP_SEARCH := $(B)/examples/ldap/ldap-search

# -Wno-unenforced-constraint: RFC 4511's Attribute (WITH COMPONENTS) is
# not checked by generated code, which this client does not need.
$(LDAP_GENC) $(LDAP_GENC:.c=.h) &: schemas/ldap/rfc4511.asn $(B)/asn1cc
	@mkdir -p $(LDAP_GEN)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings der,ber schemas/ldap/rfc4511.asn -o $(LDAP_GEN)

$(eval $(call example_client,$(LDAP_SEARCH),$(LDAP_GEN),$(LDAP_GENC)))
# check-fuzz-replay's replay_ber_LDAPMessage links this module's object
# (tests/fuzz/fuzz.mk): the same options, so the same C and flags.
$(FUZZ_OBJ)/replay_ber_LDAPMessage: $(LDAP_GENC:.c=.o)
