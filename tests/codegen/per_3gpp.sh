#!/bin/sh
# per_3gpp.sh ASN1CC CC CFLAGS... — S1AP and NGAP Rel-17 (../shared/asn1,
# vendored unedited) through --encodings aper: generation must succeed with
# no diagnostic (a decline is a failure). The C written for the whole
# module is ~15 MB (S1AP) and ~29 MB (NGAP), more than make test's budget can
# compile on a 2-core machine, so by default the compile step takes the
# types reachable from a few real PDUs (--pdu, the same emitter code paths:
# containers, open-type decoders, both PER variants); PER_3GPP_FULL=1
# compiles every file of the whole module instead. Every file must compile
# clean at -O0. Prints the time of each step and a last line
# "N passed, N failed".
asn1cc=$1; cc=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
schemas=${PER_3GPP_DIR:-$here/../../schemas/3gpp}
[ -d "$schemas" ] || schemas=$here/../../../shared/asn1
pass=0; fail=0; skip=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
for s in 3gpp-36413-h30-S1AP 3gpp-38413-h30-NGAP; do
    f=$schemas/$s.asn
    if [ ! -f "$f" ]; then
        echo "SKIPPED $s: $f not found"; skip=$((skip + 1)); continue
    fi
    out=$tmp/$s; mkdir -p "$out"
    t0=$(now)
    if ! "$asn1cc" --encodings aper "$f" -o "$out" > "$tmp/log" 2>&1 || grep -q ": error:" "$tmp/log"; then
        echo "FAIL $s: generation"; sed 's/^/    /' "$tmp/log" | head -20; fail=$((fail + 1)); continue
    fi
    t1=$(now)
    ok=1
    if [ "${PER_3GPP_FULL:-0}" != 1 ]; then
        case $s in
            *S1AP) pdus=S1SetupRequest,Paging ;;
            *) pdus=NGSetupRequest,NGSetupResponse ;;
        esac
        rm -rf "$out"; mkdir -p "$out"
        if ! "$asn1cc" --encodings der,uper,aper --pdu "$pdus" "$f" -o "$out" > "$tmp/log" 2>&1; then
            echo "FAIL $s: generation with --pdu $pdus"; sed 's/^/    /' "$tmp/log" | head -20; fail=$((fail + 1)); continue
        fi
        echo "$s: compiling the types reachable from $pdus (PER_3GPP_FULL=1 compiles the whole module)"
    fi
    # PER_3GPP_NO_CC=1 (make test's sanitizer pass): the generation above ran
    # under ASan+UBSan; compiling the C again would give the same verdict.
    [ "${PER_3GPP_NO_CC:-0}" = 1 ] && { echo "PASS $s (generation only, PER_3GPP_NO_CC=1)"; pass=$((pass + 1)); continue; }
    for c in "$out"/*.c; do
        if ! $cc "$@" -O0 -I"$out" -c "$c" -o "$c.o" > "$tmp/log" 2>&1; then
            echo "FAIL $s: $(basename "$c") does not compile"; sed 's/^/    /' "$tmp/log" | head -20; ok=0
        fi
    done
    t2=$(now)
    size=$(cat "$out"/*.c "$out"/*.h | wc -c)
    text=$(size "$out"/*.o 2>/dev/null | awk 'NR > 1 { t += $1 } END { print t + 0 }')
    printf '%s: generated in %.1f s (%s octets of C), compiled at -O0 in %.1f s (text %s octets at -O0)\n' "$s" \
        "$(awk "BEGIN { print $t1 - $t0 }")" "$size" "$(awk "BEGIN { print $t2 - $t1 }")" "$text"
    if [ $ok = 1 ]; then pass=$((pass + 1)); echo "PASS $s"; else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
