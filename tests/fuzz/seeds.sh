#!/bin/sh
# Copies real DER into the walk corpus: a few system CA certificates, and
# cryptography-vectors certificates, CRLs and CSRs (python3-cryptography-vectors).
# Each file gets the walk target's flags byte (0x00: strict, whole walk) in front.
set -eu
cd "$(dirname "$0")"
out=corpus/walk
mkdir -p "$out"
V=/usr/lib/python3/dist-packages/cryptography_vectors
add() { # $1 DER file, $2 name
  { printf '\000'; cat "$1"; } > "$out/$2"
}
tmp=$(mktemp)
for c in ISRG_Root_X1 DigiCert_Global_Root_G2 GlobalSign_Root_CA Amazon_Root_CA_3 Certum_EC-384_CA; do
  f=/etc/ssl/certs/$c.pem
  [ -f "$f" ] && openssl x509 -in "$f" -outform DER -out "$tmp" && add "$tmp" "cert-$c"
done
for f in x509/custom/ca/ca.pem x509/custom/bc_path_length_zero.pem x509/custom/crl_all_reasons.pem \
         x509/requests/rsa_sha256.pem x509/custom/unsupported_extension_2.pem x509/bigoid.pem; do
  [ -f "$V/$f" ] || continue
  case "$f" in
    *crl*) openssl crl -in "$V/$f" -outform DER -out "$tmp" ;;
    *requests*) openssl req -in "$V/$f" -outform DER -out "$tmp" ;;
    *) openssl x509 -in "$V/$f" -outform DER -out "$tmp" ;;
  esac && add "$tmp" "vec-$(basename "$f" .pem)"
done
rm -f "$tmp"

# The front end: the shipped schemas and the compiler's golden inputs.
mkdir -p corpus/frontend
cp ../../schemas/*.asn ../compiler/*.asn corpus/frontend/

# The whole compiler: every module that ships or is tested (golden inputs
# keep their "asn1cc:" option line), PKIX with its import in one input (the
# target has no -I), and a few with back-end options in front.
out=corpus/compile
mkdir -p "$out"
cp ../../schemas/*.asn ../compiler/*.asn ../compiler/real/*.asn* ../codegen/constructs.asn \
   ../codegen/golden/golden.asn "$out/"
# Comments and indentation dropped, so that the pair fits the run's max_len.
squeeze() { sed -E 's/--([^-]|-[^-])*(--|-?$)//g; s/[ \t]+/ /g; s/^ //; s/ $//' "$@" | tr -s '\n'; }
squeeze ../../schemas/rfc5280-PKIX1Explicit88.asn ../../schemas/rfc5280-PKIX1Implicit88.asn > "$out/pkix-explicit-implicit.asn"
for f in constructs.asn bench.asn golden.asn; do
  { echo "-- asn1cc: --int64 --array-limit 2 --prefix p_"; cat "$out/$f"; } > "$out/opts-$f"
done
{ echo "-- asn1cc: --array-limit 0 --emit-fuzz Certificate -Werror"; squeeze ../../schemas/rfc5280-PKIX1Explicit88.asn; } \
  > "$out/opts-pkix1explicit88.asn"
