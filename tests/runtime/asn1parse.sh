#!/bin/sh
# check-runtime-asn1parse: the dump of every certificate in /etc/ssl/certs
# against `openssl asn1parse`, an independent DER parser. Every line must
# match (offset, depth, header and content lengths, form, type, value);
# only OBJECT values are compared as "named or dotted", since the two name
# tables differ. Usage: asn1parse.sh ASN1DUMP
set -u
dump=$1
command -v openssl >/dev/null 2>&1 || { echo "asn1parse: openssl not found (scripts/deps.sh installs it)"; exit 1; }
norm() { sed -E 's/^(.*prim: OBJECT +):.*$/\1:<oid>/'; }
pass=0; fail=0
for f in /etc/ssl/certs/*.pem; do
  if "$dump" "$f" | norm > /tmp/asn1rt-ours.$$ && openssl asn1parse -in "$f" | norm > /tmp/asn1rt-theirs.$$ &&
     cmp -s /tmp/asn1rt-ours.$$ /tmp/asn1rt-theirs.$$; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $f"; diff /tmp/asn1rt-ours.$$ /tmp/asn1rt-theirs.$$ | head -4
  fi
done
rm -f /tmp/asn1rt-ours.$$ /tmp/asn1rt-theirs.$$
echo "asn1parse: $pass passed, $fail failed (certificates dumped identically to openssl asn1parse)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
