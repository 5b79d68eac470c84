#!/usr/bin/env bash
# tests/ber/ldap.sh — examples/ldap's ldap-search against a real slapd.
#   ldap.sh LDAP_SEARCH BER_WIDEN
# Starts slapd (Debian's) with a throwaway slapd.conf and an mdb database
# in a temporary directory, loaded from ldap/directory.ldif by slapadd,
# listening only on ldap://127.0.0.1:<free port>; daemon_tmp's trap stops
# it (that one process, by its pid) and removes the directory, however the
# script ends. Then ldap-search's entries are compared with ldapsearch's
# (ldap-utils), byte for byte. Without slapd, its mdb module or ldapsearch,
# the cases print why and count as skipped.
#
# The Active Directory case: the replies slapd sent (ldap-search -o) are
# rewritten by ber-widen 4 with every constructed length in the 4-octet
# long form (0x84), as Active Directory writes them, and decoded again
# from the file (--decode, also one octet per read so that framing meets
# every partial header), and re-encoded: DER out. ldap/ad-0x84.ber is such
# a stream made once the same way from ldap/slapd-replies.ber (README.md);
# they are decoded even when slapd is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
search=$1 widen=$2
# ldapsearch reads no ldap.conf or .ldaprc: only the arguments given here count.
export LDAPNOINIT=1

echo "== fixture: Active Directory style 0x84 lengths (ldap/ad-0x84.ber)"
fixture_decodes "$search" "$here/ldap/ad-0x84.ber" "$here/ldap/ad-0x84.ldif" "the LDIF ldapsearch printed for it" 2 "30 84"
# BER in, DER out: both forms re-encode to the same DER (only alice's SET
# OF differs from what slapd sent), and that is strict DER throughout.
reencoded_same() {  # reencoded_same WHAT BER1 BER2
  local a b
  a=$(mktemp) b=$(mktemp)
  if "$search" --decode "$2" -e "$a" > /dev/null 2>&1 && "$search" --decode "$3" -e "$b" > /dev/null 2>&1 &&
     cmp -s "$a" "$b" && "$search" -v --decode "$a" 2>&1 >/dev/null | grep -q '(\([0-9]*\) strict DER, 0 BER only)'; then
    pass "$1: re-encoded (LDAPMessage_encode) to the same octets, all strict DER, $(cmp -l "$a" "$3" | wc -l) octets moved from slapd's"
  else
    fail "$1: re-encodings differ or are not DER"
  fi
  rm -f "$a" "$b"
}
reencoded_same "ad-0x84.ber and slapd-replies.ber (the replies it was widened from)" \
  "$here/ldap/ad-0x84.ber" "$here/ldap/slapd-replies.ber"

echo "== slapd on 127.0.0.1"
slapd=$(command -v slapd || echo /usr/sbin/slapd)
slapadd=$(command -v slapadd || echo /usr/sbin/slapadd)
why=
[ -x "$slapd" ] || why="slapd is not installed (Debian package slapd; scripts/deps.sh test installs it)"
[ -z "$why" ] && [ ! -x "$slapadd" ] && why="slapadd is not installed (package slapd)"
[ -z "$why" ] && ! command -v ldapsearch >/dev/null 2>&1 && why="ldapsearch is not installed (package ldap-utils)"
[ -z "$why" ] && [ ! -e /usr/lib/ldap/back_mdb.so ] && why="slapd's mdb backend /usr/lib/ldap/back_mdb.so is missing"
[ -z "$why" ] && [ ! -r /etc/ldap/schema/inetorgperson.schema ] && why="/etc/ldap/schema/inetorgperson.schema is missing"
if [ -n "$why" ]; then
  skip "all slapd cases: $why"
  tally ldap; exit
fi

daemon_tmp
mkdir -p "$tmp/db"
cat > "$tmp/slapd.conf" <<EOF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile $tmp/slapd.pid
argsfile $tmp/slapd.args
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 1048576
suffix "dc=example,dc=org"
rootdn "cn=admin,dc=example,dc=org"
rootpw secret
directory $tmp/db
EOF
if ! "$slapadd" -q -f "$tmp/slapd.conf" -l "$here/ldap/directory.ldif" > "$tmp/slapadd.log" 2>&1; then
  skip "all slapd cases: slapadd could not load the directory: $(tail -n 3 "$tmp/slapadd.log" | tr '\n' ' ')"
  tally ldap; exit
fi

# slapd -d 0 stays in the foreground.
slapd_run() { exec "$slapd" -f "$tmp/slapd.conf" -h "ldap://127.0.0.1:$port/" -d 0 > "$tmp/slapd.log" 2>&1; }
slapd_up() { ldapsearch -x -LLL -H "ldap://127.0.0.1:$port" -s base -b "" "(objectClass=*)" 1.1 > /dev/null 2>&1; }
if ! daemon_start tcp 50 0.2 slapd_run slapd_up; then
  skip "all slapd cases: slapd did not start: $(tail -n 3 "$tmp/slapd.log" | tr '\n' ' ')"
  tally ldap; exit
fi
echo "  slapd pid $daemon_pid on ldap://127.0.0.1:$port"
url=ldap://127.0.0.1:$port

# One case: the same search through ldap-search and ldapsearch.
#   compare NAME BINDARGS SCOPE BASE FILTER [ATTR...]
compare() {
  local name=$1 bind=$2 scope=$3 base=$4 filter=$5; shift 5
  local ours=$tmp/$name.ours theirs=$tmp/$name.theirs
  # shellcheck disable=SC2086
  if ! ldapsearch -x $bind -LLL -o ldif-wrap=no -H "$url" -s "$scope" -b "$base" "$filter" "$@" > "$theirs" 2> "$theirs.err"; then
    fail "$name: ldapsearch failed: $(cat "$theirs.err")"; return
  fi
  # shellcheck disable=SC2086
  if ! "$search" -v -o "$tmp/$name.raw" $bind -s "$scope" 127.0.0.1 "$port" "$base" "$filter" "$@" > "$ours" 2> "$ours.err"; then
    fail "$name: ldap-search failed: $(cat "$ours.err")"; return
  fi
  same "$name: $(grep -c '^dn:' "$theirs") entries as ldapsearch prints them ($(sed 's/^ldap-search: //' "$ours.err"))" "$ours" "$theirs"
}

compare all-anonymous "" sub "dc=example,dc=org" "(objectClass=*)"
compare alice-bound "-D cn=admin,dc=example,dc=org -w secret" sub "dc=example,dc=org" "(uid=alice)" cn mail description
compare people-one "" one "ou=people,dc=example,dc=org" "(objectClass=*)"
compare base-present "" base "uid=bob,ou=people,dc=example,dc=org" "(cn=*)" cn sn

# slapd sends alice's mail values in stored order, not DER's: the BER
# path must have been needed for at least one real reply.
if grep -q ' [1-9][0-9]* BER only' "$tmp/all-anonymous.ours.err"; then
  pass "slapd sent replies that are not DER (SET OF order) and they were read as BER"
else
  fail "every reply of slapd was strict DER: the fixture no longer exercises BER ($(cat "$tmp/all-anonymous.ours.err"))"
fi

# A rejected bind fails both clients.
if "$search" -D cn=admin,dc=example,dc=org -w wrong 127.0.0.1 "$port" dc=example,dc=org > /dev/null 2> "$tmp/bad.err"; then
  fail "a wrong password was accepted"
elif grep -q 'invalidCredentials (49)' "$tmp/bad.err" &&
     ! ldapsearch -x -D cn=admin,dc=example,dc=org -w wrong -H "$url" -b dc=example,dc=org > /dev/null 2>&1; then
  pass "wrong password: invalidCredentials (49), as ldapsearch is refused"
else
  fail "wrong password: $(cat "$tmp/bad.err")"
fi

# slapd's own replies with 4-octet lengths, as Active Directory sends them.
if "$widen" 4 < "$tmp/all-anonymous.raw" > "$tmp/ad.ber" && [ "$(head_hex "$tmp/ad.ber" 2)" = "30 84" ]; then
  for chunk in 0 1 7; do
    if "$search" --decode "$tmp/ad.ber" --chunk "$chunk" > "$tmp/ad.ours" 2>&1; then
      same "slapd's replies with 0x84 lengths, read ${chunk/#0/all} octets at a time" "$tmp/ad.ours" "$tmp/all-anonymous.theirs"
    else
      fail "0x84 replies (chunk $chunk): $(cat "$tmp/ad.ours")"
    fi
  done
  reencoded_same "slapd's replies and their 0x84 form" "$tmp/ad.ber" "$tmp/all-anonymous.raw"
else
  fail "ber-widen 4 on slapd's replies"
fi

tally ldap
