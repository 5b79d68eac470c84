#!/bin/sh
# Not part of `make`: the A/B of docs/perf-findings.md section 19, as run.
# Run from the top of the tree after `make B=$B build/.../bench-x509`.
#   variants: 0, 1  generated Certificate_encode today (two identical builds)
#             2     front-to-back prototype, exact lengths summed first
#             3     Certificate_encoded_len, then Certificate_encode from buf + len
#             4     the same, both flattened (F)
#             5     the same, flattened, asn1g_tlv_len branch-free (S)
#             6     generated, final move skipped (timing only)
#             7-9   the length passes of 3, 4, 5 alone (timing only)
# (fwd_reserved.c, 3 or 1 reserved length octets, is linked but not timed
# here: swap fwd3/fwd1 into fns[] in ab.c.)
set -e
B=${B:-build}
O=$B/x509proto
mkdir -p $O/inc3
CF="-std=c11 -O2 -g -Wall -Wextra -Wpedantic -Werror -falign-functions=64"
gen() {   # gen IDX INCDIR
    gcc $CF -I$2 -Igenerated -c generated/pkix1explicit88.c -o $O/v$1.o
    objcopy --redefine-sym Certificate_encode=enc$1 $O/v$1.o
    objcopy -G enc$1 $O/v$1.o
}
cp -r runtime/include/. $O/inc3/
python3 - $O/inc3/asn1rt/gen.h <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
old = "    if (s != buf && !asn1rt_i_copy_small(buf, s, n))   /* buf < s: a forward move */\n        memmove(buf, s, n);"
assert old in s
open(p, "w").write(s.replace(old, "    (void)s;"))
PY
gen 0 runtime/include
gen 1 runtime/include
gen 3 $O/inc3
mkdir -p $O/incS
cp -r runtime/include/. $O/incS/
python3 - $O/incS/asn1rt/gen.h <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
old = "ASN1RT_INLINE size_t asn1g_tlv_len(uint32_t tag, size_t n) { return asn1rt_header_len(tag, n) + n; }"
assert old in s
open(p, "w").write(s.replace(old, "ASN1RT_INLINE size_t asn1g_tlv_len(uint32_t tag, size_t n)\n{\n"
    "    if (ASN1G_LIKELY(ASN1RT_I_SHORT_TAG(tag) && n < 0x10000))\n"
    "        return 2 + (size_t)(n >= 0x80) + (size_t)(n >= 0x100) + n;\n"
    "    return asn1rt_header_len(tag, n) + n;\n}"))
PY
sed 's/^size_t Certificate_encoded_len(const Certificate \*in)$/ASN1G_FLATTEN &/' generated/pkix1explicit88.c >$O/genF.c
for v in F S; do
    inc=runtime/include; [ $v = S ] && inc=$O/incS
    gcc $CF -I$inc -Igenerated -c $O/genF.c -o $O/v$v.o
    objcopy --redefine-sym Certificate_encode=enc$v --redefine-sym Certificate_encoded_len=len$v $O/v$v.o
    objcopy -G enc$v -G len$v $O/v$v.o
done
P=bench/x509/proto
gcc $CF -Iruntime/include -Igenerated -DRES=3 -DFNAME=fwd3 -c $P/fwd_reserved.c -o $O/fwd3.o
gcc $CF -Iruntime/include -Igenerated -DRES=1 -DFNAME=fwd1 -c $P/fwd_reserved.c -o $O/fwd1.o
gcc $CF -Iruntime/include -Igenerated -c $P/fwd_exact.c -o $O/fwdx.o
gcc -std=c11 -O2 -Iruntime/include -Igenerated -Ibench/x509 -c $P/ab.c -o $O/ab.o
gcc -o $O/ab $O/ab.o $O/v0.o $O/v1.o $O/v3.o $O/vF.o $O/vS.o $O/fwd3.o $O/fwd1.o $O/fwdx.o \
    $B/bench/x509/x509_openssl.o $B/bench/common/openssl_cert.o $B/bench/x509/pkix1explicit88.o $B/libasn1rt.a -lcrypto
cat /proc/loadavg
$O/ab 10 301
