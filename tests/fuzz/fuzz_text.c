/* Fuzz target: the runtime's text and helper functions — OID text and
 * arcs, time text, named bits, DER ordering, error paths.
 *
 * Input: a selector byte, then the bytes (used as text or content).
 * Outputs go to exact-size heap buffers so that a write past cap is an
 * ASan report, and every conversion that succeeds must convert back. */
#include <string.h>

#include "asn1rt/asn1rt.h"
#include "asn1rt/gen.h"
#include "fuzz.h"

static void oid_text(const uint8_t *p, size_t n, size_t cap)
{
    char *text = malloc(n + 1);
    uint8_t *buf = malloc(cap ? cap : 1);
    size_t len = 12345;
    int rc;
    FUZZ_REQUIRE(text && buf);
    memcpy(text, p, n);
    text[n] = '\0';
    rc = asn1rt_oid_from_text(text, buf, cap, &len);
    if (rc == ASN1RT_OK) {
        asn1rt_view v = { buf, len };
        char *back = malloc(n + 2);
        FUZZ_REQUIRE(back != NULL);
        FUZZ_REQUIRE(len <= cap && asn1rt_check_oid(buf, len) == ASN1RT_OK);
        /* Canonical text (no leading zeros, which from_text rejects) comes back. */
        FUZZ_REQUIRE(asn1rt_oid_to_text(&v, back, n + 1) == ASN1RT_OK);
        FUZZ_REQUIRE(strcmp(back, text) == 0);
        free(back);
    } else {
        FUZZ_REQUIRE(len == 12345);
        FUZZ_REQUIRE(rc == ASN1RT_E_ARG || rc == ASN1RT_E_BUFFER_TOO_SMALL);
    }
    free(buf);
    free(text);
}

static void oid_content(const uint8_t *p, size_t n, size_t cap)
{
    asn1rt_view v = { p, n };
    char *text = malloc(cap ? cap : 1);
    uint64_t *arcs = malloc((cap ? cap : 1) * sizeof *arcs);
    size_t count = 0;
    int rc, crc = asn1rt_check_oid(p, n);
    FUZZ_REQUIRE(text && arcs);
    rc = cap ? asn1rt_oid_to_text(&v, text, cap) : ASN1RT_E_ARG;
    if (rc == ASN1RT_OK) {
        uint8_t *back = malloc(n ? n : 1);
        size_t len = 0;
        FUZZ_REQUIRE(back != NULL);
        FUZZ_REQUIRE(crc == ASN1RT_OK && strlen(text) < cap);
        FUZZ_REQUIRE(asn1rt_oid_from_text(text, back, n, &len) == ASN1RT_OK);
        FUZZ_REQUIRE(len == n && memcmp(back, p, n) == 0);
        free(back);
    } else if (cap) {
        FUZZ_REQUIRE(text[0] == '\0' || crc != ASN1RT_OK);
    }
    rc = asn1rt_oid_to_arcs(&v, arcs, cap, &count);
    if (rc == ASN1RT_OK) {
        uint8_t *back = malloc(n ? n : 1);
        size_t len = 0;
        FUZZ_REQUIRE(back != NULL && count >= 2 && count <= cap);
        FUZZ_REQUIRE(asn1rt_oid_from_arcs(arcs, count, back, n, &len) == ASN1RT_OK);
        FUZZ_REQUIRE(len == n && memcmp(back, p, n) == 0);
        free(back);
    }
    free(arcs);
    free(text);
}

static void time_text(const uint8_t *p, size_t n, unsigned universal)
{
    asn1rt_view v = { p, n };
    asn1rt_time t;
    if (asn1rt_time_parse(universal, &v, &t) == ASN1RT_OK) {
        size_t want = asn1rt_time_len(universal, &t), len = 0;
        char *buf = malloc(want ? want : 1);
        FUZZ_REQUIRE(buf != NULL && want > 0);
        FUZZ_REQUIRE(asn1rt_time_format(universal, &t, buf, want, &len) == ASN1RT_OK);
        FUZZ_REQUIRE(len == want);
        /* Identity unless digits beyond nanoseconds were dropped. */
        if (n <= 25)
            FUZZ_REQUIRE(len == n && memcmp(buf, p, n) == 0);
        free(buf);
    }
}

static void named_bits(const uint8_t *p, size_t n)
{
    asn1rt_bits b;
    uint64_t flags;
    if (n == 0)
        return;
    b.unused = p[0] & 7;
    b.ptr = p + 1;
    b.len = n - 1;
    if (b.len == 0)
        b.unused = 0;
    if (asn1rt_bits_to_named(&b, &flags) == ASN1RT_OK) {
        uint8_t buf[8];
        asn1rt_bits back;
        asn1rt_bits_from_named(flags, buf, &back);
        FUZZ_REQUIRE(asn1rt_check_named_bits(&back) == ASN1RT_OK);
        for (size_t i = 0; i < 64; i++)
            FUZZ_REQUIRE(asn1rt_bits_test(&back, i) == (((flags >> i) & 1) != 0));
        /* A DER named-bit string (padding zero, no trailing zero bit) is its own canonical form. */
        if (asn1rt_check_named_bits(&b) == ASN1RT_OK &&
            (b.len == 0 || (b.ptr[b.len - 1] & ((1u << b.unused) - 1u)) == 0))
            FUZZ_REQUIRE(back.len == b.len && back.unused == b.unused &&
                         (b.len == 0 || memcmp(back.ptr, b.ptr, b.len) == 0));
    }
}

static void order(const uint8_t *p, size_t n)
{
    size_t k = n ? p[0] % n : 0;
    const uint8_t *a = p, *b = p + k;
    size_t alen = k, blen = n - k;
    int ab = asn1rt_der_compare(a, alen, b, blen), ba = asn1rt_der_compare(b, blen, a, alen);
    FUZZ_REQUIRE((ab > 0) == (ba < 0) && (ab == 0) == (ba == 0));
    FUZZ_REQUIRE(asn1g_der_order_le(a, alen, b, blen) == (ab <= 0));
}

static void error_path(const uint8_t *p, size_t n)
{
    static const char *const names[] = { "a", "tbsCertificate", "validity", "", "x.y" };
    asn1rt_error e;
    char *buf;
    size_t need, cap = n ? p[0] : 0;
    asn1rt_error_clear(&e);
    for (size_t i = 1; i < n; i++)
        asn1rt_error_push(&e, names[p[i] % 5]);
    FUZZ_REQUIRE(e.path_len <= ASN1RT_PATH_MAX);
    need = asn1rt_error_path(&e, NULL, 0);
    buf = malloc(cap ? cap : 1);
    FUZZ_REQUIRE(buf != NULL);
    FUZZ_REQUIRE(asn1rt_error_path(&e, buf, cap) == need);
    if (cap > 0)
        FUZZ_REQUIRE(strlen(buf) == (need < cap ? need : cap - 1));
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    switch (data[0] % 8) {
    case 0: oid_text(data + 2, size - 2, data[1]); break;
    case 1: oid_content(data + 2, size - 2, data[1]); break;
    case 2: oid_text(data + 2, size - 2, 4096); break;
    case 3: time_text(data + 2, size - 2, (data[1] & 1) ? ASN1RT_UT_GENERALIZEDTIME : ASN1RT_UT_UTCTIME); break;
    case 4: named_bits(data + 1, size - 1); break;
    case 5: order(data + 1, size - 1); break;
    case 6: error_path(data + 1, size - 1); break;
    case 7: oid_content(data + 2, size - 2, 4096); break;
    }
    return 0;
}
