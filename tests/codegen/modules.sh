#!/usr/bin/env bash
# Every valid module of tests/compiler (and its real/ modules) through
# `asn1cc -o`: the output must compile clean with gcc and clang (if present)
# at -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror, and the headers
# with g++. A module the generator declines must say so with a
# "code generation:" diagnostic (exit 1); anything else is a failure.
# Usage: modules.sh ASN1CC BUILD_DIR
set -u
asn1cc=$1; out=$2/codegen-modules
rm -rf "$out"; mkdir -p "$out"
warn="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1"
ccs="gcc"; command -v clang >/dev/null 2>&1 && ccs="gcc clang"
pass=0; fail=0; declined=0
for f in tests/compiler/*.asn tests/compiler/real/*.asn tests/compiler/real/*.asn1; do
  [ -f "$f" ] || continue
  case $(basename "$f") in err-*) continue;; esac
  d=$out/$(basename "$f"); mkdir -p "$d"
  "$asn1cc" -Ischemas -Itests/compiler -Itests/compiler/real "$f" -o "$d" >"$d.log" 2>&1
  rc=$?
  if [ $rc -eq 1 ] && grep -q "code generation:" "$d.log"; then
    declined=$((declined + 1)); echo "declined: $f: $(grep -m1 'code generation:' "$d.log")"; continue
  elif [ $rc -eq 1 ] && ! grep -q "error:" "$d.log"; then
    :
  elif [ $rc -ne 0 ]; then
    # schema errors the front end reports (e.g. a module not found) are not ours
    if [ $rc -eq 1 ]; then echo "skipped (schema error): $f"; continue; fi
    fail=$((fail + 1)); echo "FAIL: $f: asn1cc exit $rc"; continue
  fi
  ok=1
  for c in "$d"/*.c; do
    for cc in $ccs; do
      $cc $warn -Iruntime/include -I"$d" -Igenerated -c "$c" -o "$d/x.o" 2>"$d/cc.log" || { ok=0; echo "FAIL: $cc $c"; head -5 "$d/cc.log"; }
    done
  done
  for h in "$d"/*.h; do
    printf '#include "%s"\nint main() { return 0; }\n' "$(basename "$h")" >"$d/inc.cc"
    g++ -Wall -Wextra -Werror -Iruntime/include -I"$d" -Igenerated -c "$d/inc.cc" -o "$d/inc.o" 2>"$d/cxx.log" || { ok=0; echo "FAIL: g++ $h"; head -5 "$d/cxx.log"; }
  done
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "codegen-modules: $pass modules compiled clean, $declined declined with a diagnostic: $pass passed, $fail failed"
[ $fail -eq 0 ]
