#!/usr/bin/env bash
# The one dependency step behind `make`, `make demo` and `make test`.
# Checks what the build needs; as root on Debian it installs what is missing
# with apt-get, otherwise it prints the exact apt-get line and stops.
# `deps.sh bench` adds the peer libraries and tools that only benchmarks use.
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
