/* The inline fast paths against the one full implementation: same codes,
 * same values, for every header prefix and for many integers. */
#include "testutil.h"

/* Every identifier and first length octet, with a set of next octets and
 * input lengths: read_header (fast then slow) equals the full parser. */
static void test_header_paths(void)
{
    static const uint8_t next[] = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, 0x1F };
    uint8_t buf[8 + 300];
    unsigned mismatches = 0;
    memset(buf, 0, sizeof buf);
    for (unsigned b0 = 0; b0 < 256; b0++)
        for (unsigned b1 = 0; b1 < 256; b1++)
            for (size_t k = 0; k < sizeof next; k++)
                for (size_t avail = 0; avail <= 5; avail++) {
                    asn1rt_reader r, s;
                    uint32_t t1 = 1, t2 = 2;
                    size_t l1 = 1, l2 = 2, hl = 0;
                    int rc1, rc2;
                    buf[0] = (uint8_t)b0;
                    buf[1] = (uint8_t)b1;
                    buf[2] = next[k];
                    buf[3] = next[(k + 3) % sizeof next];
                    asn1rt_reader_init(&r, buf, avail == 5 ? sizeof buf : avail);
                    s = r;
                    rc1 = asn1rt_read_header(&r, &t1, &l1);
                    rc2 = asn1rt_i_slow_parse_header(&s, &t2, &hl, &l2);
                    if (rc1 != rc2 || (rc1 == ASN1RT_OK && (t1 != t2 || l1 != l2 || asn1rt_offset(&r) != hl)) ||
                        (rc1 != ASN1RT_OK && (asn1rt_offset(&r) != 0 || r.err_offset != 0)))
                        mismatches++;
                }
    CU_ASSERT_EQUAL(mismatches, 0);
}

/* A reference encoder: the fewest octets whose sign is v's (X.690 8.3.2). */
static size_t ref_int(int64_t v, uint8_t out[8])
{
    uint8_t all[8];
    size_t skip = 0;
    for (int i = 7; i >= 0; i--)
        all[7 - i] = (uint8_t)((uint64_t)v >> (8 * i));
    while (skip < 7 && ((all[skip] == 0x00 && all[skip + 1] < 0x80) || (all[skip] == 0xFF && all[skip + 1] >= 0x80)))
        skip++;
    memcpy(out, all + skip, 8 - skip);
    return 8 - skip;
}

static void test_integer_paths(void)
{
    uint64_t x = 0x9E3779B97F4A7C15u;
    unsigned bad = 0;
    for (int i = 0; i < 200000; i++) {
        uint8_t ref[8], big[40], exact[16], space[64];
        size_t n;
        int64_t v, got1 = 0, got2 = 0;
        asn1rt_writer w;
        asn1rt_reader r;
        /* xorshift, then keep a random number of low bits: all magnitudes. */
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        v = (int64_t)(x >> (x % 64));
        if (i & 1)
            v = -v - 1;
        n = ref_int(v, ref);
        if (asn1rt_int64_len(v) != n)
            bad++;
        asn1rt_writer_init(&w, big, sizeof big);                 /* fast path */
        if (asn1rt_prepend_int64(&w, 0x02, v) != ASN1RT_OK || w.pos[1] != n || memcmp(w.pos + 2, ref, n) != 0)
            bad++;
        asn1rt_writer_init(&w, exact, n + 2);                    /* byte path */
        if (asn1rt_prepend_int64(&w, 0x02, v) != ASN1RT_OK || w.pos != exact || memcmp(exact + 2, ref, n) != 0)
            bad++;
        exact[0] = 0x02;
        exact[1] = (uint8_t)n;
        memcpy(exact + 2, ref, n);
        asn1rt_reader_init(&r, exact, n + 2);                   /* byte loop */
        if (asn1rt_read_int64(&r, 0x02, &got1) != ASN1RT_OK || got1 != v)
            bad++;
        memset(space, 0x55, 16);
        memcpy(space + 16, exact, n + 2);
        asn1rt_reader_init(&r, space, n + 18);                  /* 8-octet load */
        r.cur = space + 16;
        if (asn1rt_read_int64(&r, 0x02, &got2) != ASN1RT_OK || got2 != v)
            bad++;
        if (v >= 0) {
            uint64_t u = 0;
            asn1rt_reader_init(&r, space, n + 18);
            r.cur = space + 16;
            if (asn1rt_read_uint64(&r, 0x02, &u) != ASN1RT_OK || u != (uint64_t)v)
                bad++;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

void register_paths_suite(void)
{
    static const cunit_test tests[] = {
        { "read_header equals the full parser on every prefix", test_header_paths },
        { "INTEGER fast and byte paths against a reference", test_integer_paths },
    };
    CUNIT_SUITE("fast paths", tests);
}
