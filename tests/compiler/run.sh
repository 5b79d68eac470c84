#!/bin/sh
# Compiler golden tests. For each tests/compiler/NAME.asn, runs asn1cc with
# the arguments on its first line ("/* asn1cc: ARGS */", default --dump-ast)
# and compares stdout+stderr and the exit status with NAME.expected. Then
# every real module (schemas/, tests/compiler/real/) must pass --check.
# Usage: run.sh path/to/asn1cc     (run from the repository root)
set -u
asn1cc=${1:?usage: run.sh path/to/asn1cc}
dir=tests/compiler
pass=0; fail=0; failed=""
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

run_one() { # file -> prints what the .expected file holds
    f=$1
    args=$(sed -n '1s|^/\* asn1cc: *\(.*\) \*/$|\1|p' "$f")
    [ -n "$args" ] || args=--dump-ast
    # shellcheck disable=SC2086 # args is a list of words
    NO_COLOR=1 "$asn1cc" $args "$f" 2>&1
    echo "exit status $?"
}

for f in "$dir"/*.asn; do
    name=${f%.asn}
    if [ ! -f "$name.expected" ]; then
        echo "MISSING $name.expected"; fail=$((fail + 1)); failed="$failed $(basename "$name")"; continue
    fi
    run_one "$f" > "$tmp/out"
    if cmp -s "$tmp/out" "$name.expected"; then
        pass=$((pass + 1))
    else
        echo "FAIL $(basename "$name")"
        diff -u "$name.expected" "$tmp/out" | head -40
        fail=$((fail + 1)); failed="$failed $(basename "$name")"
    fi
done

# Real modules: each file checked with every real-module directory on -I.
for f in schemas/*.asn "$dir"/real/*.asn "$dir"/real/*.asn1; do
    [ -f "$f" ] || continue
    if NO_COLOR=1 "$asn1cc" --check -I schemas -I "$dir/real" "$f" > "$tmp/out" 2>&1; then
        pass=$((pass + 1))
    else
        echo "FAIL --check $f"; head -20 "$tmp/out"
        fail=$((fail + 1)); failed="$failed $f"
    fi
done

echo "compiler golden tests: $pass passed, $fail failed${failed:+ (}${failed# }${failed:+)}"
[ "$fail" -eq 0 ]
