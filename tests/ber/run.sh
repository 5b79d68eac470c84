#!/usr/bin/env bash
# tests/ber/run.sh — check-ber-peers: ldap.sh and snmp.sh, then their sum.
#   run.sh LDAP_SEARCH SNMP_GET BER_WIDEN
set -u
here=$(cd "$(dirname "$0")" && pwd)
ldap_search=$1 snmp_get=$2 widen=$3
p=0 f=0 s=0 rc=0
run() {  # run SCRIPT CLIENT: its output, and its tally added to ours
  local out line np nf ns
  out=$("$here/$1" "$2" "$widen") || rc=1
  echo "$out"
  line=$(echo "$out" | tail -n 1)
  read -r np nf ns <<<"$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p')"
  if [ -z "${np:-}" ]; then echo "$1: no tally line"; rc=1; return; fi
  p=$((p + np)) f=$((f + nf)) s=$((s + ns))
}
run ldap.sh "$ldap_search"
run snmp.sh "$snmp_get"
echo "ber peers: $p passed, $f failed, $s skipped"
[ "$rc" -eq 0 ] && [ "$f" -eq 0 ]
