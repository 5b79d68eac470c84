#!/usr/bin/env bash
# X.680-X.683 conformance suite (issue 13). Each NNN-name.asn here starts with
#   -- conformance: valid|invalid  X.68N CLAUSE  what it exercises
# and an invalid one has, on the next line,
#   -- expect: LINE:COL: error[: substring of the message]
# (a valid one may have "-- expect: LINE:COL: warning[: substring]" there,
# COL may be *).
# A valid module must pass `asn1cc --check`, generate C, and that C must
# compile with gcc and clang under -Wall -Wextra -Wpedantic -Werror. An
# invalid one must make asn1cc exit 1 with `file:LINE:COL: error` (and the
# substring) in its output. Modules named in known-failures.txt are expected
# to fail (XFAIL); one that passes (XPASS) is a failure, so the list stays true.
# Usage: run.sh path/to/asn1cc [module.asn...]   (from the repository root)
set -u
dir=tests/compiler/conformance

if [ "${1:-}" = "--one" ]; then
    # One module: prints "PASS" or "FAIL reason" (the first reason only).
    asn1cc=$2; f=$3; out=$4; shift 4
    ccs=("$@")
    hdr=$(sed -n '1p' "$f")
    re='^-- conformance: +(valid|invalid) +X\.68[0-3] +[0-9A-Z][0-9A-Za-z.]* +[^ ].*$'
    if ! [[ $hdr =~ $re ]]; then echo "FAIL malformed conformance header"; exit 0; fi
    kind=${BASH_REMATCH[1]}
    # A second "--" would end the comment and turn the rest into ASN.1.
    case ${hdr#--} in *--*) echo "FAIL the header holds '--', which ends the comment"; exit 0;; esac
    mkdir -p "$out"
    if [ "$kind" = invalid ]; then
        exp=$(sed -n '2p' "$f")
        re='^-- expect: +([0-9]+):([0-9]+): error(: (.*))?$'
        if ! [[ $exp =~ $re ]]; then echo "FAIL malformed expect line"; exit 0; fi
        loc="$f:${BASH_REMATCH[1]}:${BASH_REMATCH[2]}: error: "
        want=${BASH_REMATCH[4]}
        NO_COLOR=1 "$asn1cc" --check "$f" > "$out/log" 2>&1
        rc=$?
        if [ "$rc" -ne 1 ]; then
            if [ "$rc" -eq 0 ]; then echo "FAIL accepted (exit 0), expected ${loc% }"
            else echo "FAIL exit status $rc, expected 1"; fi
            exit 0
        fi
        line=$(grep -F -- "$loc" "$out/log" | head -1)
        if [ -z "$line" ]; then
            echo "FAIL no '${loc% }' in: $(grep -m1 ': error: ' "$out/log")"; exit 0
        fi
        if [ -n "$want" ] && ! grep -F -- "$loc" "$out/log" | grep -qF -- "$want"; then
            echo "FAIL message lacks '$want': $line"; exit 0
        fi
        echo PASS; exit 0
    fi
    NO_COLOR=1 "$asn1cc" --check "$f" > "$out/log" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then echo "FAIL --check exit $rc: $(grep -m1 -E 'error|fault' "$out/log")"; exit 0; fi
    NO_COLOR=1 "$asn1cc" "$f" -o "$out" > "$out/gen.log" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then echo "FAIL generation exit $rc: $(grep -m1 -E 'error|fault' "$out/gen.log")"; exit 0; fi
    # A valid module may expect a warning (a constraint asn1cc does not
    # enforce must be named, never widened silently).
    exp=$(sed -n '2p' "$f")
    # The column may be "*": where on the line a warning points is left open.
    re='^-- expect: +([0-9]+):([0-9]+|\*): warning(: (.*))?$'
    if [[ $exp =~ $re ]]; then
        line=${BASH_REMATCH[1]} col=${BASH_REMATCH[2]} want=${BASH_REMATCH[4]}
        [ "$col" = "*" ] && col='[0-9]*'
        if ! cat "$out/log" "$out/gen.log" | grep -- "^$f:$line:$col: warning: " | grep -qF -- "$want"; then
            echo "FAIL no '$f:$line:$col: warning: ${want}'"; exit 0
        fi
    fi
    n=0
    for c in "$out"/*.c; do
        [ -f "$c" ] || continue
        n=$((n + 1))
        for cc in "${ccs[@]}"; do
            if ! "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -O0 -fsyntax-only \
                 -Iruntime/include -I"$out" "$c" > "$out/cc.log" 2>&1; then
                echo "FAIL $cc: $(grep -m1 'error' "$out/cc.log")"; exit 0
            fi
        done
    done
    if [ "$n" -eq 0 ]; then echo "FAIL no C file generated"; exit 0; fi
    echo PASS; exit 0
fi

asn1cc=${1:?usage: run.sh path/to/asn1cc [module.asn...]}; shift
if [ $# -gt 0 ]; then files=("$@"); else files=("$dir"/[0-9]*.asn); fi
ccs=(gcc)
if command -v clang > /dev/null; then ccs+=(clang); else echo "conformance: clang not found, generated C compiled with gcc only"; fi
# CONF_NO_CC=1 (make test's sanitizer pass): asn1cc, built with ASan+UBSan,
# still reads and generates every module, but the C is not compiled again:
# the compilers' verdict does not depend on how asn1cc was built.
if [ "${CONF_NO_CC:-0}" = 1 ]; then ccs=(); echo "conformance: generation only (CONF_NO_CC=1), the C was compiled in the plain run"; fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

# At most two modules at a time (the machines are shared); each writes its
# verdict to its own file, so the report's order does not depend on timing.
export CONF_ASN1CC=$asn1cc CONF_TMP=$tmp CONF_CCS="${ccs[*]}"
# shellcheck disable=SC2016 # the inner script expands its own arguments
for i in "${!files[@]}"; do echo "$i ${files[$i]}"; done |
    xargs -P2 -L1 bash -c '"$0" --one "$CONF_ASN1CC" "$2" "$CONF_TMP/$1" $CONF_CCS > "$CONF_TMP/$1.verdict" 2>&1' "$0"

known=$dir/known-failures.txt
pass=0; fail=0; xfail=0; valid=0; invalid=0; failed=""
for i in "${!files[@]}"; do
    f=${files[$i]}; base=$(basename "$f")
    case $(sed -n '1p' "$f") in *"conformance: valid"*) valid=$((valid + 1));; *) invalid=$((invalid + 1));; esac
    v=$(head -1 "$tmp/$i.verdict" 2>/dev/null); [ -n "$v" ] || v="FAIL no verdict"
    why=$(grep -v '^#' "$known" 2>/dev/null | awk -v b="$base" '$1 == b { $1 = ""; sub(/^ +/, ""); print; exit }')
    if [ -n "$why" ]; then
        if [ "$v" = PASS ]; then
            echo "XPASS $base: listed in known-failures.txt ($why) but passes; remove it from the list"
            fail=$((fail + 1)); failed="$failed $base"
        else
            echo "XFAIL $base: $why"; xfail=$((xfail + 1))
        fi
    elif [ "$v" = PASS ]; then
        pass=$((pass + 1))
    else
        echo "${v%% *} $base: ${v#FAIL }"; fail=$((fail + 1)); failed="$failed $base"
    fi
done
# A listed module that no longer exists is a stale entry.
while read -r name _; do
    case $name in ''|'#'*) continue;; esac
    [ -f "$dir/$name" ] || { echo "FAIL known-failures.txt names $name, which does not exist"; fail=$((fail + 1)); }
done < "$known"
echo "conformance: ${#files[@]} modules ($valid valid, $invalid invalid) in $(( $(date +%s) - start ))s"
echo "$pass passed, $fail failed, $xfail expected failures${failed:+ (failed:}${failed}${failed:+)}"
[ "$fail" -eq 0 ]
