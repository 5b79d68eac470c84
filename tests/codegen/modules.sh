#!/usr/bin/env bash
# Every valid module of tests/compiler through `asn1cc -o`: the output must
# compile clean with gcc and clang (if present) at -std=c99 -Wall -Wextra
# -Wpedantic -Wconversion -Werror, and the headers with g++. These modules
# are all meant to generate: a "code generation:" decline is a failure too
# (counting it as a pass hid a regression that loaded a module twice and
# declined 18 of them). Modules that test a decline are err-codegen-*.
#
# The golden-test modules go one file per run, compiled at -O1. The real
# modules of tests/compiler/real (RFC 5912's import each other, CMS imports
# PKIX) go through one `asn1cc --emit-imports` run, as a program using them
# would, so every header they include comes from the same run; that C
# (3 MB) is checked at -O0 -fsyntax-only in parallel, like check-generated.
# Usage: modules.sh ASN1CC BUILD_DIR
set -u
asn1cc=$1; out=$2/codegen-modules
rm -rf "$out"; mkdir -p "$out"
warn="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1"
ccs="gcc"; command -v clang >/dev/null 2>&1 && ccs="gcc clang"
pass=0; fail=0
for f in tests/compiler/*.asn; do
  [ -f "$f" ] || continue
  case $(basename "$f") in err-*) continue;; esac
  d=$out/$(basename "$f"); mkdir -p "$d"
  "$asn1cc" -Ischemas -Itests/compiler -Itests/compiler/real "$f" -o "$d" >"$d.log" 2>&1
  rc=$?
  if [ $rc -eq 1 ] && grep -q "code generation:" "$d.log"; then
    fail=$((fail + 1)); echo "FAIL (declined): $f: $(grep -m1 'code generation:' "$d.log")"; continue
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

# Real modules: one run, imports included; one pass per real file given.
d=$out/real; mkdir -p "$d"
real=$(ls tests/compiler/real/*.asn tests/compiler/real/*.asn1 2>/dev/null)
nreal=$(echo "$real" | wc -w)
# shellcheck disable=SC2086 # one word per file
"$asn1cc" --emit-imports -Ischemas -Itests/compiler/real $real -o "$d" >"$d.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "code generation:" "$d.log"; then
  fail=$((fail + nreal)); echo "FAIL (declined): tests/compiler/real: $(grep -m1 'code generation:' "$d.log")"
elif [ $rc -ne 0 ]; then
  fail=$((fail + nreal)); echo "FAIL: tests/compiler/real: asn1cc exit $rc"; head -20 "$d.log"
else
  jobs=$(nproc 2>/dev/null || echo 2)
  for c in "$d"/*.c; do
    for cc in $ccs; do
      echo "$cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O0 -fsyntax-only -Iruntime/include -I$d -c $c"
    done
  done >"$d.jobs"
  for h in "$d"/*.h; do
    b=$(basename "$h" .h)
    printf '#include "%s.h"\nint main() { return 0; }\n' "$b" >"$d/$b.cc"
    echo "g++ -Wall -Wextra -Werror -fsyntax-only -Iruntime/include -I$d -c $d/$b.cc"
  done >>"$d.jobs"
  if xargs -P "$jobs" -I{} sh -c 'o=$({} 2>&1) || { echo "FAIL: {}"; echo "$o" | head -5; exit 1; }' <"$d.jobs"; then
    pass=$((pass + nreal))
  else
    fail=$((fail + nreal))
  fi
  echo "real modules: $nreal files, $(ls "$d"/*.c | wc -l) modules written (imports included), $(wc -l <"$d.jobs") compilations"
fi
echo "codegen-modules: $pass modules compiled clean: $pass passed, $fail failed"
[ $fail -eq 0 ]
