#!/usr/bin/env bash
# The one dependency step behind `make`, `make demo` and `make test`.
# Checks what the build needs; as root on Debian it installs what is missing
# with apt-get, otherwise it prints the exact apt-get line and stops.
# `deps.sh bench` adds the peer libraries and tools that only benchmarks use.
# `deps.sh test` (make test) adds the peer tools that only oracle tests use
# (asn1c, tshark): installed when it can be; when it cannot, the tests that
# need them print why and count as skipped, so their absence is not an error.
set -u

missing=()
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need_pc()  { pkg-config --exists "$1" 2>/dev/null || missing+=("$2"); }
need_file() { [ -e "$1" ] || missing+=("$2"); }

need_cmd cc gcc
need_cmd make make
need_cmd re2c re2c
need_cmd bison bison
need_cmd pkg-config pkg-config
if command -v pkg-config >/dev/null 2>&1; then
  need_pc libsecp256k1 libsecp256k1-dev
  need_pc libcrypto libssl-dev
  need_pc cunit libcunit1-dev
else
  missing+=(libsecp256k1-dev libssl-dev libcunit1-dev)
fi
need_file /usr/include/secp256k1_ecdh.h libsecp256k1-dev
need_file /usr/include/uninorm.h libunistring-dev   # NFKD of BIP-39 text; Debian 12 ships no .pc for it
need_file /etc/ssl/certs/ca-certificates.crt ca-certificates
need_file /usr/include/openssl/ssl.h libssl-dev
need_cmd valgrind valgrind
need_cmd openssl openssl   # check-runtime-asn1parse compares the dump with `openssl asn1parse`

if [ "${1:-}" = bench ]; then
  need_cmd asn1c asn1c
  need_pc libtasn1 libtasn1-6-dev
  need_cmd gnuplot gnuplot-nox
  need_file /usr/lib/python3/dist-packages/cryptography_vectors python3-cryptography-vectors
  # bench-peers: the Rust asn1 crate, built offline with Debian's own toolchain
  # (checked by path: a rustup cargo on PATH is not Debian's).
  need_file /usr/bin/cargo cargo
  need_file /usr/bin/rustc rustc
  need_file /usr/share/doc/librust-asn1-dev librust-asn1-dev
fi

optional=()
if [ "${1:-}" = test ]; then
  # tests/per: asn1c's UPER is the oracle for ours, tshark's NGAP, S1AP
  # and ITS dissectors for APER and UPER (text2pcap is wireshark-common's).
  command -v asn1c >/dev/null 2>&1 || optional+=(asn1c)
  command -v tshark >/dev/null 2>&1 || optional+=(tshark)
  command -v text2pcap >/dev/null 2>&1 || optional+=(wireshark-common)
  # tests/packaging: the CMake and Meson consumers and `make deb`.
  command -v cmake >/dev/null 2>&1 || optional+=(cmake)
  command -v meson >/dev/null 2>&1 || optional+=(meson)
  command -v ninja >/dev/null 2>&1 || optional+=(ninja-build)
  command -v dpkg-buildpackage >/dev/null 2>&1 || optional+=(dpkg-dev)
  command -v dh >/dev/null 2>&1 || optional+=(debhelper)
  command -v lintian >/dev/null 2>&1 || optional+=(lintian)
  command -v fakeroot >/dev/null 2>&1 || optional+=(fakeroot)
  # tests/ber: the real peers slapd and snmpd, and ldapsearch and snmpget.
  [ -x /usr/sbin/slapd ] || optional+=(slapd)
  command -v ldapsearch >/dev/null 2>&1 || optional+=(ldap-utils)
  [ -x /usr/sbin/snmpd ] || optional+=(snmpd)
  command -v snmpget >/dev/null 2>&1 || optional+=(snmp)
fi
if [ ${#optional[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing for the oracle tests: ${optional[*]}"
    # slapd's and snmpd's postinst would start them system-wide; the tests
    # start their own. policy-rc.d exit 101 stops invoke-rc.d, for this install only.
    policy=
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      policy=/usr/sbin/policy-rc.d; printf '#!/bin/sh\nexit 101\n' > "$policy"; chmod +x "$policy"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null || \
      echo "deps: could not install ${optional[*]}; the tests that need them will be skipped" >&2
    if [ -n "$policy" ]; then rm -f "$policy"; fi
  else
    echo "deps: ${optional[*]} missing; the tests that need them will be skipped. To run them, as root:" >&2
    echo "  apt-get update && apt-get install -y ${optional[*]}" >&2
  fi
fi

# Deduplicate while keeping order.
pkgs=$(printf '%s\n' "${missing[@]+"${missing[@]}"}" | awk 'NF && !seen[$0]++' | tr '\n' ' ')
[ -z "${pkgs// /}" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing: $pkgs"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && \
    apt-get install -y -qq --no-install-recommends $pkgs >/dev/null || {
      echo "deps: apt-get failed; run: apt-get install -y $pkgs" >&2; exit 1; }
  exit 0
fi
echo "deps: missing packages. Run as root:" >&2
echo "  apt-get update && apt-get install -y $pkgs" >&2
exit 1
