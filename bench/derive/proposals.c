/*
 * make bench-proposals: the changes docs/perf-findings.md proposes for the
 * generator and gen.h, each written out by hand for one type and timed
 * against what asn1cc generates today, in one interleaved run. Every
 * proposal falls back to the generated function for anything off its fast
 * path, so it decodes/encodes exactly what the generated code does; the
 * program checks that before timing.
 */
#include <string.h>

#include "bench.h" /* generated/bench.h */
#include "harness.h"

#include <asn1rt/gen.h>

static const uint8_t der_u8[3] = { 0x02, 0x01, 0x64 };
static uint8_t der_simple[44] = { 0x30, 0x2a, 0x80, 0x03, 0x12, 0xd6, 0x87, 0x81, 0x01, 0xff, 0x82, 0x20 };
static DeriveSimple simple;
static ConstrainedI16 i16_value = 100;

/* P1: a single constrained INTEGER decoded from locals; the reader (whose
 * address the generic path hands to out-of-line fallbacks, so it lives on
 * the stack) is only built on the cold path. */
__attribute__((noinline)) static int p1_u8_decode(ConstrainedU8 *out, const uint8_t *der, size_t len)
{
    if (ASN1G_LIKELY(out != NULL && der != NULL && len >= 3 && der[0] == 0x02)) {
        if (der[1] == 1 && len == 3 && der[2] <= 200) {
            *out = der[2];
            return ASN1RT_OK;
        }
        /* 128..200 take two octets, 0x00 first (X.690 8.3.2). */
        if (der[1] == 2 && len == 4 && der[2] == 0 && der[3] >= 0x80 && der[3] <= 200) {
            *out = der[3];
            return ASN1RT_OK;
        }
    }
    return ConstrainedU8_decode(out, der, len);
}

/* P2: a SEQUENCE decoded with the cursor in locals and the outputs stored
 * last. Stores of bool/uint8_t members may alias the reader, so generated
 * code that keeps the cursor in an asn1rt_reader reloads it after each. */
__attribute__((noinline)) static int p2_simple_decode(DeriveSimple *out, const uint8_t *der, size_t len)
{
    const uint8_t *p = der, *end = der + len, *c;
    uint64_t id = 0;
    size_t n;
    if (ASN1G_UNLIKELY(out == NULL || der == NULL || len < 2 || p[0] != 0x30 || p[1] >= 0x80 ||
                       (size_t)p[1] != len - 2))
        return DeriveSimple_decode(out, der, len);
    p += 2;
    /* id [0] INTEGER (0..4294967295): 1..5 content octets, minimal. */
    if (ASN1G_UNLIKELY(end - p < 2 || p[0] != 0x80 || p[1] == 0 || p[1] > 5 || (size_t)(end - p - 2) < p[1]))
        return DeriveSimple_decode(out, der, len);
    n = p[1];
    c = p + 2;
    if (ASN1G_UNLIKELY((c[0] & 0x80) || (n > 1 && c[0] == 0 && c[1] < 0x80) || (n == 5 && c[0] != 0)))
        return DeriveSimple_decode(out, der, len);
    for (size_t i = 0; i < n; i++)
        id = (id << 8) | c[i];
    p = c + n;
    /* active [1] BOOLEAN, 0x00 or 0xFF (X.690 11.1). */
    if (ASN1G_UNLIKELY(end - p < 3 || p[0] != 0x81 || p[1] != 1 || (p[2] != 0 && p[2] != 0xFF)))
        return DeriveSimple_decode(out, der, len);
    bool active = p[2] != 0;
    p += 3;
    /* payload [2] OCTET STRING, ending exactly at the end of the SEQUENCE. */
    if (ASN1G_UNLIKELY(end - p < 2 || p[0] != 0x82 || p[1] >= 0x80 || (size_t)(end - p - 2) != p[1]))
        return DeriveSimple_decode(out, der, len);
    out->id = (uint32_t)id;
    out->active = active;
    out->payload.ptr = p + 2;
    out->payload.len = p[1];
    return ASN1RT_OK;
}

/* P3: finishing an encoding with memmove instead of asn1g_finish's 8-octet
 * loop (both call the generated DeriveSimple_enc_ out of line). */
__attribute__((noinline)) static int p3_simple_encode_finish(const DeriveSimple *in, uint8_t *buf, size_t cap, size_t *len)
{
    asn1rt_writer w = { buf, buf + cap };
    ASN1G_TRY(DeriveSimple_enc_(in, &w, ASN1RT_TAG(0, 1, 16)));
    *len = asn1g_finish(&w, buf, cap);
    return ASN1RT_OK;
}

__attribute__((noinline)) static int p3_simple_encode_memmove(const DeriveSimple *in, uint8_t *buf, size_t cap, size_t *len)
{
    asn1rt_writer w = { buf, buf + cap };
    ASN1G_TRY(DeriveSimple_enc_(in, &w, ASN1RT_TAG(0, 1, 16)));
    size_t n = (size_t)(buf + cap - w.pos);
    memmove(buf, w.pos, n);
    *len = n;
    return ASN1RT_OK;
}

/* P4: a type whose MAX_ENCODED_SIZE is a few octets written forward in
 * place: no writer, no minimal-length loop, nothing to move. */
__attribute__((noinline)) static int p4_i16_encode(const ConstrainedI16 *in, uint8_t *buf, size_t cap, size_t *len)
{
    int v = in != NULL ? *in : 0;
    if (ASN1G_UNLIKELY(in == NULL || buf == NULL || len == NULL || cap < 4 || v < -1000 || v > 1000))
        return ConstrainedI16_encode(in, buf, cap, len);
    buf[0] = 0x02;
    if (v >= -128 && v <= 127) {
        buf[1] = 1;
        buf[2] = (uint8_t)v;
        *len = 3;
    } else {
        buf[1] = 2;
        buf[2] = (uint8_t)((unsigned)v >> 8);
        buf[3] = (uint8_t)v;
        *len = 4;
    }
    return ASN1RT_OK;
}

#define DECODE_BENCH(name, T, F, der)                                          \
    static uint64_t name(void *ctx, uint64_t iters)                            \
    {                                                                          \
        T *out = bench_slot(1, sizeof(T));                                     \
        uint64_t acc = 0;                                                      \
        (void)ctx;                                                             \
        for (uint64_t i = 0; i < iters; i++) {                                 \
            acc |= (uint64_t)F(out, der, sizeof der);                          \
            bench_escape(out);                                                 \
        }                                                                      \
        return acc;                                                            \
    }
#define ENCODE_BENCH(name, F, value)                                           \
    static uint64_t name(void *ctx, uint64_t iters)                            \
    {                                                                          \
        uint8_t *buf = bench_slot(0, 256);                                     \
        uint64_t acc = 0;                                                      \
        (void)ctx;                                                             \
        for (uint64_t i = 0; i < iters; i++) {                                 \
            size_t len;                                                        \
            acc |= (uint64_t)F(&value, buf, 256, &len);                        \
            bench_escape(buf);                                                 \
        }                                                                      \
        return acc;                                                            \
    }

DECODE_BENCH(b_u8_gen, ConstrainedU8, ConstrainedU8_decode, der_u8)
DECODE_BENCH(b_u8_p1, ConstrainedU8, p1_u8_decode, der_u8)
DECODE_BENCH(b_simple_gen, DeriveSimple, DeriveSimple_decode, der_simple)
DECODE_BENCH(b_simple_p2, DeriveSimple, p2_simple_decode, der_simple)
ENCODE_BENCH(b_finish, p3_simple_encode_finish, simple)
ENCODE_BENCH(b_memmove, p3_simple_encode_memmove, simple)
ENCODE_BENCH(b_i16_gen, ConstrainedI16_encode, i16_value)
ENCODE_BENCH(b_i16_p4, p4_i16_encode, i16_value)

/* Each proposal must give the generated code's result on the vector. */
static int agree(void)
{
    ConstrainedU8 a, b;
    DeriveSimple x, y;
    uint8_t e1[64], e2[64];
    size_t l1, l2;
    int ok = ConstrainedU8_decode(&a, der_u8, sizeof der_u8) == 0 && p1_u8_decode(&b, der_u8, sizeof der_u8) == 0 && a == b;
    ok &= DeriveSimple_decode(&x, der_simple, sizeof der_simple) == 0 &&
          p2_simple_decode(&y, der_simple, sizeof der_simple) == 0 && DeriveSimple_equal(&x, &y);
    ok &= p3_simple_encode_finish(&x, e1, sizeof e1, &l1) == 0 && p3_simple_encode_memmove(&x, e2, sizeof e2, &l2) == 0 &&
          l1 == sizeof der_simple && l2 == l1 && memcmp(e1, der_simple, l1) == 0 && memcmp(e2, der_simple, l2) == 0;
    for (int v = -1000; v <= 1000; v++) {
        ConstrainedI16 s = (ConstrainedI16)v;
        ok &= ConstrainedI16_encode(&s, e1, sizeof e1, &l1) == 0 && p4_i16_encode(&s, e2, sizeof e2, &l2) == 0 &&
              l1 == l2 && memcmp(e1, e2, l1) == 0;
    }
    return ok;
}

int main(void)
{
    for (int i = 12; i < 44; i++)
        der_simple[i] = (uint8_t)(i - 12);
    if (DeriveSimple_decode(&simple, der_simple, sizeof der_simple) != 0 || !agree()) {
        fprintf(stderr, "bench-proposals: a proposal disagrees with the generated code\n");
        return 1;
    }
    bench_case cases[] = {
        { "P1", "ConstrainedU8_decode", "generated", b_u8_gen, NULL, 0, 0, 0, 0, 0 },
        { "P1", "ConstrainedU8_decode", "locals fast path", b_u8_p1, NULL, 0, 0, 0, 0, 0 },
        { "P2", "DeriveSimple_decode", "generated", b_simple_gen, NULL, 0, 0, 0, 0, 0 },
        { "P2", "DeriveSimple_decode", "cursor in locals, outputs last", b_simple_p2, NULL, 0, 0, 0, 0, 0 },
        { "P3", "DeriveSimple enc_ + finish", "asn1g_finish", b_finish, NULL, 0, 0, 0, 0, 0 },
        { "P3", "DeriveSimple enc_ + finish", "memmove", b_memmove, NULL, 0, 0, 0, 0, 0 },
        { "P4", "ConstrainedI16_encode", "generated", b_i16_gen, NULL, 0, 0, 0, 0, 0 },
        { "P4", "ConstrainedI16_encode", "forward, in place", b_i16_p4, NULL, 0, 0, 0, 0, 0 },
    };
    size_t n = sizeof cases / sizeof cases[0];
    bench_config cfg;
    if (bench_measure(&cfg, "Generator proposals (make bench-proposals; see docs/perf-findings.md)", cases, n) != 0)
        return 1;
    printf("| Proposal | Function | Variant | median | min | vs today, 95%% CI |\n|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < n; i++) {
        bench_ratio r = bench_paired_ratio(&cases[i], &cases[i & ~(size_t)1]);
        printf("| %s | %s | %s | %.2f ns | %.2f ns | %+.0f%% [%+.0f, %+.0f] |\n", cases[i].table, cases[i].row,
               cases[i].impl, cases[i].median_ns, cases[i].min_ns, 100 * (r.median - 1), 100 * (r.lo - 1),
               100 * (r.hi - 1));
    }
    bench_free(cases, n);
    return 0;
}
