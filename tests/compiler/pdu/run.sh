#!/bin/sh
# --pdu (compiler/cmap_pdu.c): for each row, the C types asn1cc writes for
# tests/compiler/pdu/pdu.asn must be exactly the expected list (in print
# order), and the output must compile with -Wall -Wextra -Wpedantic -Werror
# (gcc, and clang when present); then the errors for unknown names, a
# qualified name of the wrong module and an empty name, exactly.
# Usage: run.sh path/to/asn1cc     (run from the repository root)
set -u
asn1cc=${1:?usage: run.sh path/to/asn1cc}
dir=tests/compiler/pdu
pass=0; fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The typedef names of a header, one line each: "} T;" closes a struct or
# enum, "typedef X T;" names a scalar.
types_of() {
    sed -n 's/^} \([A-Za-z0-9_]*\);$/\1/p; s/^typedef [^{]* \([A-Za-z0-9_]*\);$/\1/p' "$1" | tr '\n' ' '
}

check() { # name ok-condition message
    if [ "$2" = 0 ]; then pass=$((pass + 1)); else echo "FAIL $1: $3"; fail=$((fail + 1)); fi
}

compilers=gcc
command -v clang >/dev/null 2>&1 && compilers="gcc clang" || echo "pdu: clang not installed, compiling with gcc only"

# pdus|expected types. The first row is the whole module (no --pdu).
while IFS='|' read -r pdus want; do
    out=$tmp/out$pass$fail
    mkdir -p "$out"
    # "pdus;views": --pdu pdus --pdu-view views (views' open types stay views)
    case $pdus in
    *\;*) set -- --pdu "${pdus%;*}" --pdu-view "${pdus#*;}" ;;
    ?*) set -- --pdu "$pdus" ;;
    *) set -- ;;
    esac
    if ! "$asn1cc" "$@" -o "$out" "$dir/pdu.asn" > "$out/log" 2>&1; then
        check "${pdus:-all}" 1 "asn1cc failed: $(head -3 "$out/log")"; continue
    fi
    got=$(types_of "$out/pdutest.h")
    check "${pdus:-all}" "$([ "$got" = "$want " ] && echo 0 || echo 1)" "types: got '$got', want '$want '"
    for cc in $compilers; do
        $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O0 -Iruntime/include -I"$out" -c "$out/pdutest.c" -o "$out/pdutest.o" > "$out/cc.log" 2>&1
        check "${pdus:-all} ($cc)" $? "does not compile: $(head -5 "$out/cc.log")"
    done
done <<'ROWS'
|Envelope Counter Note Ping Level Inner Label Items Items_iter Item_PR Item Pong_items Pong Flag Unused Other Request_ies_item Request_ies Request Name Envelope_body_KIND Envelope_body_open Request_ies_item_value_KIND Request_ies_item_value_open
Envelope|Envelope Counter Note Ping Level Inner Label Items Items_iter Item_PR Item Pong_items Pong Envelope_body_KIND Envelope_body_open
Item|Label Items Items_iter Item_PR Item
PduTest.Other,Counter|Counter Label Other
Ping|Counter Note Ping Level Inner
Request|Level Request_ies_item Request_ies Request Name Request_ies_item_value_KIND Request_ies_item_value_open
Ping;Envelope|Envelope Counter Note Ping Level Inner
ROWS

# Errors: located at the name in the option, exit status 1, nothing written.
NO_COLOR=1 "$asn1cc" -Wno-unenforced-constraint --pdu Envelope,Nope,PduTest.Other,X.Item, -o "$tmp/err" "$dir/pdu.asn" > "$tmp/err.out" 2>&1
echo "exit status $?" >> "$tmp/err.out"
cat > "$tmp/err.want" <<'WANT'
<command line>:1:16: error: unknown PDU type 'Nope': no type assignment of that name in the loaded modules
     1 | --pdu Envelope,Nope,PduTest.Other,X.Item,
       |                ^
<command line>:1:35: error: unknown PDU type 'X.Item': no type assignment of that name in the loaded modules
     1 | --pdu Envelope,Nope,PduTest.Other,X.Item,
       |                                   ^
<command line>:1:42: error: empty PDU type name in --pdu
     1 | --pdu Envelope,Nope,PduTest.Other,X.Item,
       |                                          ^
exit status 1
WANT
if cmp -s "$tmp/err.out" "$tmp/err.want" && [ ! -e "$tmp/err/pdutest.h" ]; then pass=$((pass + 1)); else
    echo "FAIL errors:"; diff -u "$tmp/err.want" "$tmp/err.out"; fail=$((fail + 1)); fi

NO_COLOR=1 "$asn1cc" -Wno-unenforced-constraint --pdu-view Envelope,Nope -o "$tmp/err2" "$dir/pdu.asn" > "$tmp/err2.out" 2>&1
echo "exit status $?" >> "$tmp/err2.out"
cat > "$tmp/err2.want" <<'WANT'
<command line>:1:21: error: unknown PDU type 'Nope': no type assignment of that name in the loaded modules
     1 | --pdu-view Envelope,Nope
       |                     ^
exit status 1
WANT
if cmp -s "$tmp/err2.out" "$tmp/err2.want" && [ ! -e "$tmp/err2/pdutest.h" ]; then pass=$((pass + 1)); else
    echo "FAIL --pdu-view errors:"; diff -u "$tmp/err2.want" "$tmp/err2.out"; fail=$((fail + 1)); fi

echo "pdu: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
