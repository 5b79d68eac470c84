#!/usr/bin/env bash
# What fuzz_compile cannot check at fuzzing speed: that the C asn1cc writes
# for a fuzzed schema compiles. Every input (files, or directories one level
# deep) goes through `asn1cc -o` with the options of its first line, as
# fuzz_compile reads them; when asn1cc succeeds, each .c must compile with
# gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror (the warnings
# tests/codegen/modules.sh asks of real modules; CC_CHECK=clang for clang),
# and a second run must write identical files. asn1cc dying (a signal,
# exit status above 2) fails the input too. An input whose first byte is
# NUL holds asngen choices: with ASNGEN=path/to/asngen it is turned into its
# modules first (fuzz_compile does the same), without it left out.
# Usage: compile-corpus.sh ASN1CC input...      (from the repository root)
# Prints one line per failing input and a tally; exits 1 on any failure.
set -u
asn1cc=${1:?usage: compile-corpus.sh ASN1CC input...}; shift
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cc=${CC_CHECK:-gcc}
# -fsyntax-only: a few times faster than -O1 over thousands of inputs, and
# modules.sh compiles the real modules at -O1 for the flow-based warnings.
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -fsyntax-only -Iruntime/include"
n=0; emitted=0; failed=0

# The options fuzz_compile honours, from "... asn1cc: OPTIONS [*/]" on line 1.
options() {
  local line w out=() want=
  line=$(head -n1 "$1" | tr -d '\r\0' | sed -n 's/.*asn1cc:\(.*\)/\1/p' | sed 's|\*/.*||')
  for w in $line; do
    if [ -n "$want" ]; then
      case $want in
        --array-limit) [[ $w =~ ^[0-9]{1,5}$ ]] && [ "$w" -le 65536 ] && out+=("$want" "$w") ;;
        --prefix) w=${w%%[!A-Za-z0-9_]*}; [[ $w =~ ^[A-Za-z_] ]] && out+=("$want" "${w:0:31}") ;;
        --emit-fuzz) [[ $w =~ ^[A-Za-z0-9_-]+$ ]] && out+=("$want" "${w:0:63}") ;;
      esac
      want=; continue
    fi
    case $w in
      --int64|-Werror) out+=("$w") ;;
      --array-limit|--prefix|--emit-fuzz) want=$w ;;
    esac
  done
  [ ${#out[@]} -eq 0 ] || printf '%s\n' "${out[@]}"
}

check_one() {
  local f=$1 d1=$tmp/a d2=$tmp/b opts rc bad= name=$1
  rm -rf "$d1" "$d2"; mkdir -p "$d1" "$d2"
  if [ "$(head -c1 "$f" | od -An -tx1 | tr -d ' ')" = 00 ]; then
    [ -n "${ASNGEN:-}" ] || return 0
    "$ASNGEN" -d "$f" >"$tmp/gen.asn" || { failed=$((failed + 1)); echo "FAIL $name: asngen -d failed"; return 0; }
    f=$tmp/gen.asn
  fi
  mapfile -t opts < <(options "$f")
  "$asn1cc" "${opts[@]}" "$f" -o "$d1" >"$tmp/log" 2>&1; rc=$?
  if [ $rc -gt 2 ]; then failed=$((failed + 1)); echo "FAIL $name: asn1cc exit $rc"; return 0; fi
  [ $rc -eq 0 ] || return 0
  emitted=$((emitted + 1))
  "$asn1cc" "${opts[@]}" "$f" -o "$d2" >/dev/null 2>&1
  diff -r "$d1" "$d2" >/dev/null || bad="output differs between two runs"
  for c in "$d1"/*.c; do
    [ -n "$bad" ] && break
    $cc $flags -I"$d1" "$c" >"$tmp/cc.log" 2>&1 || bad="$cc: $(grep -m1 'error' "$tmp/cc.log")"
  done
  if [ -n "$bad" ]; then
    failed=$((failed + 1)); echo "FAIL $name: $bad"
  fi
}

for a in "$@"; do
  if [ -d "$a" ]; then
    for f in "$a"/*; do [ -f "$f" ] && { n=$((n + 1)); check_one "$f"; }; done
  else
    n=$((n + 1)); check_one "$a"
  fi
done
echo "compile-corpus: $n inputs, $emitted emitted, $failed failed"
[ $failed -eq 0 ]
