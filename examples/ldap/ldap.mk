# examples/ldap — ldap-search, an LDAP client on the C that asn1cc writes
# for RFC 4511's module (schemas/ldap/rfc4511.asn) with --encodings der,ber:
# it frames replies with asn1rt_element_size and decodes them as BER.
# tests/ber (check-ber-peers) runs it against a throwaway slapd.

LDAP_GEN    := $(B)/examples/ldap/gen
LDAP_GENC   := $(LDAP_GEN)/lightweight_directory_access_protocol_v3.c
LDAP_SEARCH := $(B)/examples/ldap/ldap-search
PROGRAMS += $(LDAP_SEARCH)

# -Wno-unenforced-constraint: RFC 4511's Attribute (WITH COMPONENTS) is
# not checked by generated code, which this client does not need.
$(LDAP_GENC) $(LDAP_GENC:.c=.h) &: schemas/ldap/rfc4511.asn $(B)/asn1cc
	@mkdir -p $(LDAP_GEN)
	$(B)/asn1cc -Wno-unenforced-constraint --encodings der,ber schemas/ldap/rfc4511.asn -o $(LDAP_GEN)

# The generated C (0.7 MB for RFC 4511) at -O0 without the inlined type
# trees (asn1rt/gen.h): 6 s of compiler time instead of 108 s at -O2
# (gcc 12, measured 2026-12-02); a client waiting on the network does not
# need the speed, the build does.
PEER_GEN_CFLAGS = $(CFLAGS_ALL) -O0 -DASN1G_NO_INLINE_TREE
$(LDAP_GEN)/%.o: $(LDAP_GEN)/%.c
	$(CC) $(CPPFLAGS_ALL) -I$(LDAP_GEN) $(PEER_GEN_CFLAGS) -MMD -MP -c $< -o $@

$(B)/examples/ldap/ldap-search.o: $(LDAP_GENC:.c=.h)
$(B)/examples/ldap/ldap-search.o: CPPFLAGS_ALL += -I$(LDAP_GEN)
$(LDAP_SEARCH): $(B)/examples/ldap/ldap-search.o $(LDAP_GENC:.c=.o) $(B)/libasn1rt.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^
