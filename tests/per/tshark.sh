#!/usr/bin/env bash
# tests/per/tshark.sh OUTDIR NGSETUP|- PER_CAM PER_S1AP — check-per-tshark: messages
# asn1cc encodes, read by Wireshark's dissectors (an implementation no one
# here wrote). Each message is framed by text2pcap as DLT 147 (USER0), and a
# user-DLT preference names the dissector: ngap for the APER NGSetupRequest
# of examples/ngap, s1ap for the APER S1SetupRequest of tests/per/per_s1ap.c,
# its for the UPER CAM of tests/per/per_cam.c. tshark must
# report no malformed packet and no expert error or warning, and the field
# values in its -T json output must be the values encoded.
set -u
out=$1; ngsetup=$2; per_cam=$3; per_s1ap=$4
mkdir -p "$out"
passed=0; failed=0; skipped=0

check() {   # name dissector hex field=value...
  local name=$1 proto=$2 hex=$3; shift 3
  printf '%s\n' "$hex" | sed 's/../& /g' | awk '{printf "%06x %s\n", 0, $0}' > "$out/$name.txt"
  if ! text2pcap -q -l 147 "$out/$name.txt" "$out/$name.pcap" ||
     ! tshark -n -o "uat:user_dlts:\"User 0 (DLT=147)\",\"$proto\",\"0\",\"\",\"0\",\"\"" \
          -r "$out/$name.pcap" -T json > "$out/$name.json" 2> "$out/$name.err" ||
     ! tshark -n -o "uat:user_dlts:\"User 0 (DLT=147)\",\"$proto\",\"0\",\"\",\"0\",\"\"" \
          -r "$out/$name.pcap" -V > "$out/$name.txt.V" 2>> "$out/$name.err"; then
    echo "FAIL $name: text2pcap or tshark failed"; cat "$out/$name.err"; failed=$((failed + 1)); return
  fi
  if grep -q -e 'Malformed' -e 'Expert Info (Error' -e 'Expert Info (Warning' "$out/$name.txt.V"; then
    echo "FAIL $name: tshark reports a malformed packet or an expert error:"
    grep -e 'Malformed' -e 'Expert Info' "$out/$name.txt.V" | head -5
    failed=$((failed + 1)); return
  fi
  echo "$name ($proto, ${#hex} hex digits):"
  if python3 tests/per/tshark_fields.py "$out/$name.json" "$@"; then
    passed=$((passed + 1))
  else
    echo "FAIL $name: fields differ (tshark -V output: $out/$name.txt.V)"; failed=$((failed + 1))
  fi
}

if [ "$ngsetup" = - ]; then
  echo "ngap-ngsetup: SKIPPED: examples/ngap is not built in this tree"; skipped=$((skipped + 1))
elif hex=$("$ngsetup" --hex); then
  check ngap-ngsetup ngap "$hex" \
    ngap.procedureCode=21 ngap.criticality=0 \
    ngap.id=27 ngap.id=82 ngap.id=102 ngap.id=21 \
    ngap.pLMNIdentity=00:f1:10 ngap.gNB_ID=00:00:01:02 \
    ngap.RANNodeName=asn1cc-gNB ngap.tAC=1 \
    ngap.sST=01 ngap.sD=01:02:03 ngap.PagingDRX=2
else
  echo "FAIL ngap-ngsetup: $ngsetup failed"; failed=$((failed + 1))
fi

if hex=$("$per_s1ap"); then
  check s1ap-s1setup s1ap "$hex" \
    s1ap.procedureCode=17 s1ap.criticality=0 s1ap.protocolIEs=4 \
    s1ap.id=59 s1ap.id=60 s1ap.id=64 s1ap.id=137 \
    s1ap.pLMNidentity=00:f1:10 s1ap.eNB_ID=0 s1ap.macroENB_ID=ab:cd:e0 \
    s1ap.ENBname=asn1cc-eNB s1ap.tAC=1 s1ap.PLMNidentity=00:f1:10 s1ap.PagingDRX=2
else
  echo "FAIL s1ap-s1setup: $per_s1ap failed"; failed=$((failed + 1))
fi

if hex=$("$per_cam"); then
  check cam its "$hex" \
    its.protocolVersion=2 its.messageID=2 its.stationID=12345 \
    cam.generationDeltaTime=4242 cam.stationType=15 \
    its.latitude=487654321 its.longitude=91234567 \
    its.semiMajorConfidence=100 its.semiMinorConfidence=50 its.semiMajorOrientation=900 \
    its.altitudeValue=12000 its.altitudeConfidence=2 cam.highFrequencyContainer=1
else
  echo "FAIL cam: $per_cam failed"; failed=$((failed + 1))
fi

if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"; else echo "$passed passed, $failed failed"; fi
[ "$failed" -eq 0 ]
