#!/usr/bin/env bash
# tests/ber/snmp.sh — examples/snmp's snmp-get against a real snmpd.
#   snmp.sh SNMP_GET BER_WIDEN
# Starts snmpd (Debian's, Net-SNMP) in the foreground with a throwaway
# snmpd.conf (-C: no other configuration), its persistent state in a
# temporary directory, listening only on udp:127.0.0.1:<free port>;
# daemon_tmp's trap stops that process by its pid and removes the directory. Each
# GetRequest is built with the generated RFC 1157 code, sent over UDP, the
# GetResponse decoded as BER and printed as `snmpget -On` prints it; the
# two outputs are compared. Without snmpd or snmpget the cases print why
# and count as skipped.
#
# Net-SNMP's fixed two-octet lengths: its forward encoder
# (asn_build_sequence) writes every SEQUENCE length as 0x82 xx xx. Debian
# 12's Net-SNMP 5.9.3 encodes in reverse by default, and then both snmpd's
# replies and snmpget's requests are DER (measured: tests/ber/README.md);
# with `reverseEncodeBER no` it sends empty datagrams. So the form is made
# from snmpd's real reply by ber-widen 2, decoded from the file and
# re-encoded: DER out must be snmpd's reply. The fixture
# snmp/netsnmp-0x82.ber is such a reply, made once from snmp/snmpd-reply.ber.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
get=$1 widen=$2

echo "== fixture: Net-SNMP style 0x82 lengths (snmp/netsnmp-0x82.ber)"
fixture_decodes "$get" "$here/snmp/netsnmp-0x82.ber" "$here/snmp/netsnmp-0x82.txt" "what snmpget printed for it" 4 \
  "30 82 00 e1"
# BER in, DER out: the 0x82 form re-encodes to the octets snmpd sent.
out=$(mktemp)
if "$get" --decode "$here/snmp/netsnmp-0x82.ber" -e "$out" > /dev/null 2>&1 && cmp -s "$out" "$here/snmp/snmpd-reply.ber"; then
  pass "netsnmp-0x82.ber re-encodes (Message_encode) to snmpd's own reply, octet for octet"
else
  fail "netsnmp-0x82.ber does not re-encode to snmpd-reply.ber"
fi
rm -f "$out"

echo "== snmpd on 127.0.0.1"
snmpd=$(command -v snmpd || echo /usr/sbin/snmpd)
why=
[ -x "$snmpd" ] || why="snmpd is not installed (Debian package snmpd; scripts/deps.sh test installs it)"
[ -z "$why" ] && ! command -v snmpget >/dev/null 2>&1 && why="snmpget is not installed (package snmp)"
if [ -n "$why" ]; then
  skip "all snmpd cases: $why"
  tally snmp; exit
fi

daemon_tmp
community=asn1cc-ber-test
cat > "$tmp/snmpd.conf" <<EOF
rocommunity $community 127.0.0.1
sysDescr asn1cc BER peer test agent
sysContact tests@example.org
sysName ber-peer
sysLocation loopback only, \\ and "quotes"
sysServices 72
EOF
# snmpget: no MIBs (numeric output), state and configuration in $tmp only.
printf 'mibs :\n' > "$tmp/snmp.conf"
snmpget_() { SNMPCONFPATH=$tmp SNMP_PERSISTENT_DIR=$tmp/client MIBS= snmpget -On "$@"; }

# snmpget's -t 1 paces the polls.
snmpd_run() {
  SNMP_PERSISTENT_DIR=$tmp/agent SNMPCONFPATH=$tmp MIBS= \
    exec "$snmpd" -f -Lf "$tmp/snmpd.log" -C -c "$tmp/snmpd.conf" -p "$tmp/snmpd.pid" "udp:127.0.0.1:$port"
}
snmpd_up() { snmpget_ -v2c -c "$community" -r 0 -t 1 "127.0.0.1:$port" .1.3.6.1.2.1.1.5.0 > /dev/null 2>&1; }
if ! daemon_start udp 20 0 snmpd_run snmpd_up; then
  skip "all snmpd cases: snmpd did not answer: $(tail -n 3 "$tmp/snmpd.log" 2>/dev/null | tr '\n' ' ')"
  tally snmp; exit
fi
echo "  snmpd pid $daemon_pid on udp:127.0.0.1:$port"

# sysDescr, sysObjectID, sysContact, sysName, sysLocation, sysServices.
system=".1.3.6.1.2.1.1.1.0 .1.3.6.1.2.1.1.2.0 .1.3.6.1.2.1.1.4.0 .1.3.6.1.2.1.1.5.0 .1.3.6.1.2.1.1.6.0 .1.3.6.1.2.1.1.7.0"

for v in 1 2c; do
  # shellcheck disable=SC2086
  if ! snmpget_ -v "$v" -c "$community" "127.0.0.1:$port" $system > "$tmp/v$v.theirs" 2> "$tmp/v$v.theirs.err"; then
    fail "v$v: snmpget failed: $(cat "$tmp/v$v.theirs.err")"; continue
  fi
  # shellcheck disable=SC2086
  if ! "$get" -d -o "$tmp/v$v.raw" -v "$v" -c "$community" 127.0.0.1 "$port" $system > "$tmp/v$v.ours" 2> "$tmp/v$v.err"; then
    fail "v$v: snmp-get failed: $(cat "$tmp/v$v.err")"; continue
  fi
  same "v$v GetResponse: $(wc -l < "$tmp/v$v.theirs") variables as snmpget prints them ($(sed 's/^snmp-get: //' "$tmp/v$v.err"))" \
    "$tmp/v$v.ours" "$tmp/v$v.theirs"
done

# sysUpTime moves between two requests: the same form, not the same value.
sed_ticks='s/([0-9]*) [0-9a-z ,]*[0-9]*:[0-9][0-9]:[0-9][0-9]\.[0-9][0-9]$/(N) T/'
if snmpget_ -v2c -c "$community" "127.0.0.1:$port" .1.3.6.1.2.1.1.3.0 | sed "$sed_ticks" > "$tmp/up.theirs" &&
   "$get" -v 2c -c "$community" 127.0.0.1 "$port" .1.3.6.1.2.1.1.3.0 | sed "$sed_ticks" > "$tmp/up.ours" &&
   grep -q '^.1.3.6.1.2.1.1.3.0 = Timeticks: (N) T$' "$tmp/up.ours"; then
  same "sysUpTime: TimeTicks printed in snmpget's form" "$tmp/up.ours" "$tmp/up.theirs"
else
  fail "sysUpTime: $(cat "$tmp/up.ours" 2>/dev/null)"
fi

# SNMPv1 has no exception values: an unknown name is error-status noSuchName.
"$get" -v 1 -c "$community" 127.0.0.1 "$port" .1.3.6.1.2.1.1.5.0 .1.3.6.1.2.1.1.99.0 > "$tmp/nsn.ours" 2>&1
rc=$?
if [ "$rc" = 2 ] && grep -q 'noSuchName (index 2)' "$tmp/nsn.ours" &&
   snmpget_ -v1 -c "$community" "127.0.0.1:$port" .1.3.6.1.2.1.1.5.0 .1.3.6.1.2.1.1.99.0 2>&1 | grep -q 'noSuchName'; then
  pass "v1 unknown name: error-status noSuchName at index 2, as snmpget reports"
else
  fail "v1 unknown name: exit $rc, $(cat "$tmp/nsn.ours")"
fi

# A community the agent does not know gets no answer at all.
if "$get" -v 2c -c wrong-community -r 0 127.0.0.1 "$port" .1.3.6.1.2.1.1.5.0 > /dev/null 2>&1; then
  fail "a wrong community was answered"
else
  pass "wrong community: no response (snmpd drops it)"
fi

# snmpd's real reply with Net-SNMP's fixed two-octet lengths.
if [ -s "$tmp/v2c.raw" ] && "$widen" 2 < "$tmp/v2c.raw" > "$tmp/fwd.ber" && [ "$(head_hex "$tmp/fwd.ber" 2)" = "30 82" ]; then
  if "$get" -d --decode "$tmp/fwd.ber" > "$tmp/fwd.ours" 2> "$tmp/fwd.err" && grep -q 'BER, not DER' "$tmp/fwd.err"; then
    same "snmpd's reply with 0x82 lengths (not DER) decodes to the same values" "$tmp/fwd.ours" "$tmp/v2c.theirs"
    if "$get" --decode "$tmp/fwd.ber" -e "$tmp/fwd.der" > /dev/null 2>&1 && cmp -s "$tmp/fwd.der" "$tmp/v2c.raw"; then
      pass "its re-encoding (Message_encode) is snmpd's reply, octet for octet"
    else
      fail "the 0x82 reply does not re-encode to snmpd's reply"
    fi
  else
    fail "0x82 reply: $(cat "$tmp/fwd.ours" "$tmp/fwd.err")"
  fi
else
  fail "ber-widen 2 on snmpd's reply"
fi

tally snmp
