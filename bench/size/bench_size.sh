#!/bin/sh
# bench_size.sh ASN1CC BENCH CC CPPFLAGS... — make bench-size (issue 17).
# For the RFC 5280 pair and Kerberos (DER) and S1AP and NGAP Rel-17
# (APER), asn1cc's default output against --size: octets of C written,
# object text (size(1)'s text column summed over every object), the gcc
# build of every .c (wall time with 2 jobs, as the 2-core machine builds
# it; the CPU time of all compiles, and of the longest one, which other
# processes' load does not inflate) and the peak memory of the largest
# compiler process (/usr/bin/time's maximum RSS). Beside them asn1c
# 0.9.28's output of the same schema, where asn1c parses it. Then BENCH,
# the decode of one S1AP message by both builds in one run.
#
# The default 3GPP builds are compiled with -DASN1G_NO_INLINE_TREE: with
# the inline copies, S1AP's largest file alone needs over 1.9 GB and 25
# minutes (docs/perf-findings.md section 8). SIZE_SCHEMAS picks rows
# (default "rfc5280 kerberos s1ap ngap"), SIZE_CFLAGS the compile flags
# (default -std=c11 -O2), SIZE_JOBS the parallel compiles (default 2).
asn1cc=$1; bench=$2; cc=$3; shift 3
cppflags="$*"
cflags=${SIZE_CFLAGS:--std=c11 -O2}
jobs=${SIZE_JOBS:-2}
schemas=${SIZE_SCHEMAS:-rfc5280 kerberos s1ap ngap}
asn1c=${ASN1C:-asn1c}
for tool in /usr/bin/time size; do
    command -v "$tool" >/dev/null || { echo "bench-size: $tool not found (apt-get install time binutils)"; exit 1; }
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
top=$(pwd)

# schema NAME: label, encodings, the default build's extra flags, asn1cc's
# inputs and asn1c's (bench-peers' edited RFC 5280 copy: asn1c refuses the
# module's own definitions of UniversalString, BMPString and UTF8String).
schema() {
    case $1 in
    rfc5280) label="RFC 5280 pair"; enc=der; dflags=
        inputs="schemas/rfc5280-PKIX1Explicit88.asn schemas/rfc5280-PKIX1Implicit88.asn"
        c_inputs="bench/peers/asn1c/rfc5280-PKIX1Explicit88.asn bench/peers/asn1c/rfc5280-PKIX1Implicit88.asn"
        c_flags="-fwide-types -fcompound-names" ;;
    kerberos) label="Kerberos (RFC 4120)"; enc=der; dflags=
        inputs="schemas/rfc4120-KerberosV5Spec2.asn"; c_inputs=$inputs
        c_flags="-fwide-types -fcompound-names" ;;
    s1ap) label="S1AP Rel-17"; enc=aper; dflags=-DASN1G_NO_INLINE_TREE
        inputs="schemas/3gpp/3gpp-36413-h30-S1AP.asn"; c_inputs=$inputs
        c_flags="-fwide-types -fcompound-names -gen-PER" ;;
    ngap) label="NGAP Rel-17"; enc=aper; dflags=-DASN1G_NO_INLINE_TREE
        inputs="schemas/3gpp/3gpp-38413-h30-NGAP.asn"; c_inputs=$inputs
        c_flags="-fwide-types -fcompound-names -gen-PER" ;;
    *) echo "bench-size: unknown schema $1"; exit 2 ;;
    esac
}

echo "# bench-size: asn1cc default vs --size (and asn1c 0.9.28)"
echo
echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores"
echo "- compiler: $($cc --version | head -1), flags: $cflags, $jobs jobs"
echo "- asn1c: $($asn1c -v 2>&1 | head -1)"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# compile DIR FLAGS...: every .c of DIR (but those listed in DIR/.skip),
# the largest first so that the jobs finish together; prints
# "text wall cpu longest_cpu rss_kb", or "failed".
compile() {
    dir=$1; shift
    t0=$(date +%s.%N)
    ls -S "$dir"/*.c | grep -v -x -F -f "$dir/.skip" |
        xargs -P "$jobs" -I{} /usr/bin/time -o {}.time -f '%U %S %M' \
        $cc $cflags "$@" -I"$dir" -c {} -o {}.o 2>"$dir/.cc.log" || { echo failed; return; }
    t1=$(date +%s.%N)
    text=$(size "$dir"/*.o | awk 'NR > 1 { t += $1 } END { print t + 0 }')
    cat "$dir"/*.time | awk -v text="$text" -v wall="$(awk "BEGIN { print $t1 - $t0 }")" '
        { c = $1 + $2; t += c; if (c > l) l = c; if ($3 > m) m = $3 }
        END { printf "%d %.1f %.1f %.1f %d\n", text, wall, t, l, m }'
}

# row SCHEMA MODE C_OCTETS RESULT: one table line
row() {
    set -- "$1" "$2" "$3" $4
    if [ "$4" = failed ]; then
        printf '| %s | %s | %.2f MB | build failed | | | | |\n' "$1" "$2" "$(awk "BEGIN { print $3 / 1e6 }")"
        return
    fi
    awk -v s="$1" -v m="$2" -v c="$3" -v t="$4" -v w="$5" -v u="$6" -v l="$7" -v r="$8" -v l0="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
        printf "| %s | %s | %.2f MB | %.3f MB | %.1f s | %.1f s | %.1f s | %.0f MB | %s |\n",
            s, m, c / 1e6, t / 1e6, w, u, l, r / 1024, l0 }'
}

lines=
for s in $schemas; do
    schema "$s"
    for mode in default size; do
        d=$tmp/$s-$mode
        mkdir -p "$d" && : >"$d/.skip"
        opt=; fl=$dflags
        [ $mode = size ] && { opt=--size; fl=; }
        # shellcheck disable=SC2086
        "$asn1cc" $opt --encodings $enc $inputs -o "$d" || exit 1
        c_octets=$(cat "$d"/*.c "$d"/*.h | wc -c)
        # shellcheck disable=SC2086
        res=$(compile "$d" $cppflags $fl)
        [ $mode = size ] && m="--size" || m="default${fl:+ ($fl)}"
        lines="$lines$(row "$label" "$m" "$c_octets" "$res")
"
        echo "- $label $m: done, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
        rm -f "$d"/*.o
    done
    # asn1c: its C for the schema's types, and the skeletons it copies (its runtime)
    d=$tmp/$s-asn1c
    mkdir -p "$d"
    # shellcheck disable=SC2086
    if (cd "$d" && $asn1c $c_flags $(for f in $c_inputs; do echo "$top/$f"; done) >asn1c.log 2>&1); then
        # converter-sample.c is asn1c's example main()
        echo "$d/converter-sample.c" >"$d/.skip"
        c_octets=$(ls "$d"/*.c "$d"/*.h | grep -v -x -F -f "$d/.skip" | xargs cat | wc -c)
        res=$(compile "$d" -w)
        lines="$lines$(row "$label" "asn1c 0.9.28, with its skeletons" "$c_octets" "$res")
"
        if [ "$res" != failed ]; then
            sed -n 's|^Copied /usr/share/asn1c/\(.*\.c\)\t.*|\1|p' "$d/asn1c.log" |
                while read -r f; do [ ! -f "$d/$f.o" ] || size "$d/$f.o"; done | awk '$1 ~ /^[0-9]+$/ { t += $1 } END { print t + 0 }' >"$d/.skel"
            lines="$lines$(printf '| %s | asn1c 0.9.28, skeletons alone | | %.3f MB | | | | | |' "$label" \
                "$(awk "BEGIN { print $(cat "$d/.skel") / 1e6 }")")
"
        fi
    else
        why=$(grep -m1 -i 'error' "$d/asn1c.log" | cut -c1-90 | tr '|' '/')
        lines="$lines| $label | asn1c 0.9.28 | does not compile: $why | | | | | | |
"
    fi
    echo "- $label asn1c: done, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    rm -rf "$d"
done

echo
echo "| schema | mode | C written | object text | build wall | build CPU | longest compile (CPU) | peak compiler RSS | load after |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
printf '%s' "$lines"
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
"$bench"
