#!/bin/sh
# bench_size.sh ASN1CC SCHEMA BENCH CC CPPFLAGS... — make bench-size.
# SCHEMA (S1AP Rel-17) through --encodings aper in the default mode and
# with --size: octets of C written, object text (size(1), .text of every
# object), the gcc build of every file (wall time with 2 jobs, as the
# 2-core machine builds it, and the CPU time of all compiles, which load
# from other processes does not inflate), and the peak memory of the
# largest compiler process (/usr/bin/time's maximum RSS). Then BENCH, the
# decode of one message by both builds in one run. SIZE_CFLAGS overrides
# the compile flags (default -std=c11 -O2); SIZE_ENCODINGS the rules.
asn1cc=$1; schema=$2; bench=$3; cc=$4; shift 4
cppflags="$*"
cflags=${SIZE_CFLAGS:--std=c11 -O2}
encodings=${SIZE_ENCODINGS:-aper}
if [ ! -x /usr/bin/time ]; then
    echo "bench-size: /usr/bin/time not found (apt-get install time)"; exit 1
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

echo "# bench-size: $(basename "$schema") --encodings $encodings, default vs --size"
echo
echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores"
echo "- compiler: $($cc --version | head -1), flags: $cflags"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# build MODE DIR OPTS...: generate, compile every .c (2 at a time), and
# leave "c_octets text wall cpu rss_kb" in $tmp/MODE.row
build() {
    mode=$1; dir=$2; shift 2
    mkdir -p "$dir"
    "$asn1cc" --encodings "$encodings" "$@" "$schema" -o "$dir" || exit 1
    c_octets=$(cat "$dir"/*.c "$dir"/*.h | wc -c)
    t0=$(date +%s.%N)
    # the largest files first, so that the two jobs finish together
    ls -S "$dir"/*.c | xargs -P 2 -I{} /usr/bin/time -o {}.time -f '%U %S %M' \
        $cc $cflags $cppflags -I"$dir" -c {} -o {}.o || { echo "bench-size: $mode build failed"; exit 1; }
    t1=$(date +%s.%N)
    text=$(size "$dir"/*.o | awk 'NR > 1 { t += $1 } END { print t + 0 }')
    cpu=$(cat "$dir"/*.time | awk '{ t += $1 + $2 } END { printf "%.1f", t }')
    rss=$(cat "$dir"/*.time | awk '$3 > m { m = $3 } END { print m + 0 }')
    wall=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")
    echo "$c_octets $text $wall $cpu $rss" > "$tmp/$mode.row"
    echo "- $mode: built with 2 jobs, load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
}
build default "$tmp/default"
build size "$tmp/size" --size
set -- $(cat "$tmp/default.row"); d_c=$1 d_t=$2 d_w=$3 d_u=$4 d_m=$5
set -- $(cat "$tmp/size.row"); s_c=$1 s_t=$2 s_w=$3 s_u=$4 s_m=$5
echo
echo "| measure | default | --size | --size / default |"
echo "|---|---:|---:|---:|"
awk -v dc="$d_c" -v sc="$s_c" -v dt="$d_t" -v st="$s_t" -v dw="$d_w" -v sw="$s_w" -v du="$d_u" -v su="$s_u" \
    -v dm="$d_m" -v sm="$s_m" 'BEGIN {
    printf "| C written (.c + .h) | %.2f MB | %.2f MB | %.2f |\n", dc / 1e6, sc / 1e6, sc / dc
    printf "| object text | %.2f MB | %.2f MB | %.2f |\n", dt / 1e6, st / 1e6, st / dt
    printf "| build wall time, 2 jobs | %.1f s | %.1f s | %.2f |\n", dw, sw, sw / dw
    printf "| build CPU time (user + sys) | %.1f s | %.1f s | %.2f |\n", du, su, su / du
    printf "| peak compiler memory (max RSS) | %.0f MB | %.0f MB | %.2f |\n", dm / 1024, sm / 1024, sm / dm
}'
echo
"$bench"
