#!/bin/sh
# Regenerates every tests/compiler/NAME.expected from the current asn1cc;
# review the result with `git diff tests/compiler`.
# Usage: refresh.sh path/to/asn1cc     (run from the repository root)
set -u
asn1cc=${1:?usage: refresh.sh path/to/asn1cc}
for f in tests/compiler/*.asn; do
    args=$(sed -n '1s|^/\* asn1cc: *\(.*\) \*/$|\1|p' "$f")
    [ -n "$args" ] || args=--dump-ast
    # shellcheck disable=SC2086
    { NO_COLOR=1 "$asn1cc" $args "$f" 2>&1; echo "exit status $?"; } > "${f%.asn}.expected"
done
echo "refreshed $(ls tests/compiler/*.asn | wc -l) expectations"
