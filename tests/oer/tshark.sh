#!/bin/sh
# tests/oer/tshark.sh DIR — Wireshark's IEEE 1609.2 dissector on the signed
# SPDU test-oer-ieee wrote (DIR/spdu.txt): it must decode with no expert
# info and no malformed packet, and each field in DIR/expect.txt must show
# the value asn1cc encoded. The SPDU is raw COER: text2pcap puts it in a
# USER0 (DLT 147) frame, and the uat:user_dlts preference hands that DLT to
# the ieee1609dot2.data dissector.
dir=$1
if ! command -v tshark >/dev/null 2>&1 || ! command -v text2pcap >/dev/null 2>&1; then
    echo "check-oer tshark: SKIPPED (tshark or text2pcap not installed)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
pass=0 fail=0
text2pcap -q -l 147 "$dir/spdu.txt" "$dir/spdu.pcap" || { echo "text2pcap failed"; exit 1; }
uat='uat:user_dlts:"User 0 (DLT=147)","ieee1609dot2.data","0","","0",""'
show() { tshark -r "$dir/spdu.pcap" -o "$uat" -T fields -E occurrence=a -E separator=, "$@" 2>/dev/null; }
proto=$(show -e frame.protocols)
case $proto in
*ieee1609dot2*) pass=$((pass + 1)) ;;
*) echo "FAIL: the frame is not dissected as IEEE 1609.2 (protocols: $proto)"; fail=$((fail + 1)) ;;
esac
expert=$(show -e _ws.expert -e _ws.malformed | tr -d ',\t\n ')
if [ -n "$expert" ]; then
    echo "FAIL: expert info or malformed packet:"
    tshark -r "$dir/spdu.pcap" -o "$uat" -V 2>/dev/null | grep -i -B2 -A2 "expert\|malformed" | head -20
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi
while read -r field want; do
    got=$(show -e "$field" | tr -d '\n' | sed 's/://g')
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL: $field: tshark shows '$got', encoded '$want'"
        fail=$((fail + 1))
    fi
done < "$dir/expect.txt"
echo "check-oer tshark: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
