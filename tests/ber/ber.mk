# tests/ber — BER from real peers (issue 15), run by `make test`:
#   check-ber-peers  examples/ldap's ldap-search against a throwaway slapd,
#                    compared with ldapsearch; examples/snmp's snmp-get
#                    against a throwaway snmpd, compared with snmpget; both
#                    on 127.0.0.1 only, started and stopped by the scripts.
#                    Plus Active Directory's 0x84 and Net-SNMP's 0x82 length
#                    forms, from the servers' own replies (ber-widen) and
#                    from committed fixtures (tests/ber/README.md).
# A peer that is not installed or does not start is reported SKIPPED.

BER_WIDEN := $(B)/tests/ber/ber-widen
PROGRAMS += $(BER_WIDEN)

$(BER_WIDEN): $(B)/tests/ber/ber-widen.o
	$(CC) $(LDFLAGS_ALL) -o $@ $^

CHECKS += check-ber-peers
.PHONY: check-ber-peers
# The clients' paths are spelled out: examples/examples.mk, which names
# them, is included after this file.
BER_CLIENTS := $(B)/examples/ldap/ldap-search $(B)/examples/snmp/snmp-get
check-ber-peers: $(BER_CLIENTS) $(BER_WIDEN)
	@tests/ber/run.sh $(BER_CLIENTS) $(BER_WIDEN)
