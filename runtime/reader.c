/*
 * The DER reader: headers, bounded child readers and the element readers.
 *
 * Error offsets (see docs/runtime.md): header-level failures (tag, length,
 * truncation, wrong tag, wrong form, depth) and length-only content
 * failures (empty INTEGER/OID/BIT STRING, BOOLEAN length) point at the
 * element's identifier octet; value failures point at the offending
 * content octet; trailing data at its first byte.
 */
#include <string.h>

#include "internal.h"

int asn1rt_i_slow_parse_header(const asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len)
{
    const uint8_t *p = r->cur, *end = r->end;
    uint32_t id;
    size_t n;
    uint8_t b;
    int rc;

    /* Nothing left where an element is required: inside a constructed
     * value the value lacks a component (X.680 25); at the outermost level
     * the input ended. */
    if (p == NULL || p >= end)
        return p != NULL && r->depth > 0 ? ASN1RT_E_MISSING_COMPONENT : ASN1RT_E_TRUNCATED;
    if ((rc = asn1rt_i_parse_identifier(p, (size_t)(end - p), &id, &n)) != ASN1RT_OK)
        return rc;
    p += n;
    if (p >= end)
        return ASN1RT_E_TRUNCATED;
    b = *p++;
    if (b < 0x80) {
        n = b;
    } else if (b == 0x80) {
        /* X.690 10.1: definite form only. A BER reader takes it on
         * constructed elements where it can (asn1rt_i_ber_header), never on
         * primitive ones (X.690 8.1.3.2 a). */
        if ((r->lax & ASN1RT_LAX_INDEFINITE) && !(id & ASN1RT_I_CONSTRUCTED_BIT))
            return ASN1RT_E_INDEFINITE_PRIMITIVE;
        return ASN1RT_E_INDEFINITE_LENGTH;
    } else if (b == 0xFF) {
        return ASN1RT_E_LENGTH_TOO_LARGE;        /* X.690 8.1.3.5 c): reserved */
    } else {
        unsigned k = b & 0x7Fu;
        const uint8_t *q = p;
        if ((size_t)(end - p) < k)
            return ASN1RT_E_TRUNCATED;
        p += k;
        /* X.690 10.1: the length is encoded in the minimum number of octets. */
        if (q[0] == 0) {
            if (!(r->lax & ASN1RT_LAX_LENGTH))
                return ASN1RT_E_LENGTH_NOT_MINIMAL;
            while (k > 0 && *q == 0) {
                q++;
                k--;
            }
        }
        if (k > sizeof(size_t))
            return ASN1RT_E_LENGTH_TOO_LARGE;
        n = 0;
        while (k-- > 0)
            n = (n << 8) | *q++;
        if (n < 0x80 && !(r->lax & ASN1RT_LAX_LENGTH))
            return ASN1RT_E_LENGTH_NOT_MINIMAL;  /* X.690 10.1: short form */
    }
    if (n > (size_t)(end - p))
        return ASN1RT_E_TRUNCATED;
    *tag = id;
    *hl = (size_t)(p - r->cur);
    *len = n;
    return ASN1RT_OK;
}

/* A BER reader hands over a header the DER parse refused (0x80 length)
 * or took for an ordinary element though it is universal 0 (end-of-contents)
 * to runtime/ber.c; a DER reader pays one test of its flags. */
#define BER_RETRY(r, rc, t) \
    (((r)->lax & ASN1RT_LAX_INDEFINITE) && ((rc) == ASN1RT_E_INDEFINITE_LENGTH || ((rc) == ASN1RT_OK && (t) == 0)))

int asn1rt_peek_tag(const asn1rt_reader *r, uint32_t *tag)
{
    size_t hl, n;
    uint32_t t;
    int rc;
    if (r == NULL || tag == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_parse_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(BER_RETRY(r, rc, t))) {
        size_t eoc, off;
        rc = asn1rt_i_ber_header(r, false, &t, &hl, &n, &eoc, &off);   /* the tag needs no walk */
    }
    if (rc == ASN1RT_OK)
        *tag = t;
    return rc;
}

int asn1rt_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    if (r == NULL || child == NULL)
        return ASN1RT_E_ARG;
    tag |= ASN1RT_I_CONSTRUCTED_BIT;               /* implied: only constructed elements are entered */
    rc = asn1rt_i_parse_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(BER_RETRY(r, rc, t)))
        return asn1rt_i_ber_enter(r, tag, child);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->cur);
    if (t != tag)
        return asn1rt_i_fail_at(r, asn1rt_i_tag_mismatch(t, tag), r->cur);
    if (r->depth >= r->max_depth)
        return asn1rt_i_fail_at(r, ASN1RT_E_DEPTH, r->cur);
    asn1rt_i_enter_content(r, r->cur + hl, n, child);
    return ASN1RT_OK;
}

int asn1rt_skip(asn1rt_reader *r)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    if (r == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_parse_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(BER_RETRY(r, rc, t)))
        return asn1rt_i_ber_element(r, NULL, NULL);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->cur);
    r->cur += hl + n;
    return ASN1RT_OK;
}

int asn1rt_read_raw(asn1rt_reader *r, uint32_t *tag, asn1rt_view *whole)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    if (r == NULL || whole == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_parse_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(BER_RETRY(r, rc, t)))
        return asn1rt_i_ber_element(r, tag, whole);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->cur);
    if (tag != NULL)
        *tag = t;
    whole->ptr = r->cur;
    whole->len = hl + n;
    r->cur += hl + n;
    return ASN1RT_OK;
}

int asn1rt_expect_end(asn1rt_reader *r)
{
    if (r == NULL)
        return ASN1RT_E_ARG;
    if (r->cur >= r->end)
        return ASN1RT_OK;
    /* Only bytes after the outermost value may be excused. */
    if (r->depth == 0 && (r->lax & ASN1RT_LAX_TRAILING))
        return ASN1RT_OK;
    return asn1rt_i_fail_at(r, ASN1RT_E_TRAILING_DATA, r->cur);
}

/* ------------------------------------------------------------------ */
/* Scalars.                                                             */

int asn1rt_read_bool(asn1rt_reader *r, uint32_t tag, bool *out)
{
    const uint8_t *p;
    size_t n;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    if (n != 1)                                   /* X.690 8.2.1 */
        return asn1rt_i_fail_at(r, ASN1RT_E_BOOLEAN_LENGTH, r->cur);
    if (p[0] != 0x00 && p[0] != 0xFF && !(r->lax & ASN1RT_LAX_BOOLEAN))
        return asn1rt_i_fail_at(r, ASN1RT_E_BOOLEAN_VALUE, p);   /* X.690 11.1 */
    *out = p[0] != 0;
    r->cur = p + 1;
    return ASN1RT_OK;
}

int asn1rt_read_null(asn1rt_reader *r, uint32_t tag)
{
    const uint8_t *p;
    size_t n;
    int rc;
    if (r == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    if (n != 0)                                   /* X.690 8.8.2 */
        return asn1rt_i_fail_at(r, ASN1RT_E_NULL_CONTENT, p);
    r->cur = p;
    return ASN1RT_OK;
}

int asn1rt_check_integer(const uint8_t *p, size_t n, unsigned lax)
{
    if (p == NULL && n != 0)
        return ASN1RT_E_ARG;
    if (n == 0)
        return ASN1RT_E_INTEGER_EMPTY;            /* X.690 8.3.1 */
    if (n >= 2 && asn1rt_i_int_redundant(p) && !(lax & ASN1RT_LAX_INTEGER))
        return ASN1RT_E_INTEGER_NOT_MINIMAL;      /* X.690 8.3.2 */
    return ASN1RT_OK;
}

/* Validates INTEGER content and, under ASN1RT_LAX_INTEGER, drops the
 * redundant leading octets so that callers see minimal content. */
static int integer_content(asn1rt_reader *r, const uint8_t **pp, size_t *pn)
{
    const uint8_t *p = *pp;
    size_t n = *pn;
    int rc = asn1rt_check_integer(p, n, r->lax);
    if (rc == ASN1RT_E_INTEGER_EMPTY)
        return asn1rt_i_fail_at(r, rc, r->cur);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, p);
    while (n >= 2 && asn1rt_i_int_redundant(p)) {
        p++;
        n--;
    }
    *pp = p;
    *pn = n;
    return ASN1RT_OK;
}

int asn1rt_i_slow_int64(asn1rt_reader *r, const uint8_t *p, size_t n, int64_t *out)
{
    const uint8_t *content = p, *end = p + n;
    uint64_t u;
    int rc = integer_content(r, &p, &n);
    if (rc != ASN1RT_OK)
        return rc;
    if (n > 8)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, content);
    u = (p[0] & 0x80) ? UINT64_MAX : 0;
    for (size_t i = 0; i < n; i++)
        u = (u << 8) | p[i];
    *out = (int64_t)u;
    r->cur = end;
    return ASN1RT_OK;
}

int asn1rt_i_slow_uint64(asn1rt_reader *r, const uint8_t *p, size_t n, uint64_t *out)
{
    const uint8_t *content = p, *end = p + n;
    uint64_t u = 0;
    int rc = integer_content(r, &p, &n);
    if (rc != ASN1RT_OK)
        return rc;
    if ((p[0] & 0x80) || n > 9 || (n == 9 && p[0] != 0))
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, content);
    for (size_t i = 0; i < n; i++)
        u = (u << 8) | p[i];
    *out = u;
    r->cur = end;
    return ASN1RT_OK;
}

int asn1rt_i_slow_i128(asn1rt_reader *r, const uint8_t *p, size_t n, asn1rt_i128 *out)
{
    const uint8_t *content = p, *end = p + n;
    uint64_t hi, lo;
    int rc = integer_content(r, &p, &n);
    if (rc != ASN1RT_OK)
        return rc;
    if (n > 16)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, content);
    hi = lo = (p[0] & 0x80) ? UINT64_MAX : 0;
    for (size_t i = 0; i < n; i++) {
        hi = (hi << 8) | (lo >> 56);
        lo = (lo << 8) | p[i];
    }
    out->hi = (int64_t)hi;
    out->lo = lo;
    r->cur = end;
    return ASN1RT_OK;
}

int asn1rt_i_slow_u128(asn1rt_reader *r, const uint8_t *p, size_t n, asn1rt_u128 *out)
{
    const uint8_t *content = p, *end = p + n;
    uint64_t hi = 0, lo = 0;
    int rc = integer_content(r, &p, &n);
    if (rc != ASN1RT_OK)
        return rc;
    if ((p[0] & 0x80) || n > 17 || (n == 17 && p[0] != 0))
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, content);
    for (size_t i = 0; i < n; i++) {
        hi = (hi << 8) | (lo >> 56);
        lo = (lo << 8) | p[i];
    }
    out->hi = hi;
    out->lo = lo;
    r->cur = end;
    return ASN1RT_OK;
}

/* The ranged readers' common end, once the value is read into probe:
 * beyond 64 bits is beyond [lo, hi] too; a value outside the range fails
 * at its content; on success r moves past the element. */
static int range_result(asn1rt_reader *r, const asn1rt_reader *probe, int rc, bool in_range)
{
    if (rc == ASN1RT_E_INTEGER_RANGE)
        rc = ASN1RT_E_VALUE_CONSTRAINT;
    if (rc != ASN1RT_OK) {
        r->err_offset = probe->err_offset;
        return rc;
    }
    if (!in_range) {
        size_t hl, n;
        uint32_t t;
        (void)asn1rt_i_parse_header(r, &t, &hl, &n);
        return asn1rt_i_fail_at(r, ASN1RT_E_VALUE_CONSTRAINT, r->cur + hl);
    }
    r->cur = probe->cur;
    return ASN1RT_OK;
}

int asn1rt_read_int_range(asn1rt_reader *r, uint32_t tag, int64_t lo, int64_t hi, int64_t *out)
{
    asn1rt_reader probe;
    int64_t v = 0;  /* read even when rc fails */
    int rc;
    if (r == NULL || out == NULL || lo > hi)
        return ASN1RT_E_ARG;
    probe = *r;
    rc = asn1rt_read_int64(&probe, tag, &v);
    rc = range_result(r, &probe, rc, v >= lo && v <= hi);
    if (rc == ASN1RT_OK)
        *out = v;
    return rc;
}

int asn1rt_read_uint_range(asn1rt_reader *r, uint32_t tag, uint64_t lo, uint64_t hi, uint64_t *out)
{
    asn1rt_reader probe;
    uint64_t v = 0; /* read even when rc fails */
    int rc;
    if (r == NULL || out == NULL || lo > hi)
        return ASN1RT_E_ARG;
    probe = *r;
    rc = asn1rt_read_uint64(&probe, tag, &v);
    rc = range_result(r, &probe, rc, v >= lo && v <= hi);
    if (rc == ASN1RT_OK)
        *out = v;
    return rc;
}

int asn1rt_read_bigint(asn1rt_reader *r, uint32_t tag, asn1rt_bigint *out)
{
    const uint8_t *p;
    size_t n;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    {
        const uint8_t *end = p + n;
        if ((rc = integer_content(r, &p, &n)) != ASN1RT_OK)
            return rc;
        out->ptr = p;
        out->len = n;
        r->cur = end;
    }
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* Strings, bits, OIDs, times.                                          */

int asn1rt_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out)
{
    const uint8_t *p;
    size_t n, bad = 0;
    int rc;
    if (r == NULL || out == NULL || !asn1rt_i_is_string_type(universal))
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    rc = asn1rt_i_check_string(universal, p, n, &bad);
    if (rc == ASN1RT_E_STRING_LENGTH)
        return asn1rt_i_fail_at(r, rc, r->cur);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, p + bad);
    out->ptr = p;
    out->len = n;
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1rt_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_bits *out)
{
    const uint8_t *p;
    size_t n;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    if (n == 0)                                   /* X.690 8.6.2: the initial octet */
        return asn1rt_i_fail_at(r, ASN1RT_E_BITSTRING_EMPTY, r->cur);
    if (p[0] > 7 || (n == 1 && p[0] != 0))        /* X.690 8.6.2.2, 8.6.2.3 */
        return asn1rt_i_fail_at(r, ASN1RT_E_BITSTRING_UNUSED, p);
    if (n > 1 && (p[n - 1] & ((1u << p[0]) - 1u)) != 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_BITSTRING_PADDING, p + n - 1);  /* X.690 11.2.1 */
    out->unused = p[0];
    out->ptr = p + 1;
    out->len = n - 1;
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1rt_read_oid(asn1rt_reader *r, uint32_t tag, asn1rt_view *out)
{
    const uint8_t *p;
    size_t n, bad = 0;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    rc = asn1rt_i_check_oid(p, n, &bad);
    if (rc == ASN1RT_E_OID_EMPTY)
        return asn1rt_i_fail_at(r, rc, r->cur);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, p + bad);
    out->ptr = p;
    out->len = n;
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1rt_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out)
{
    const uint8_t *p;
    size_t n;
    int rc;
    if (r == NULL || out == NULL ||
        (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME))
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_prim_content(r, tag, &p, &n)) != ASN1RT_OK)
        return rc;
    if ((rc = asn1rt_i_time_parse(universal, p, n, NULL)) != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, p);
    out->ptr = p;
    out->len = n;
    r->cur = p + n;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* SET OF order (X.690 11.6).                                          */

int asn1rt_der_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    size_t m = alen < blen ? alen : blen;
    int c = m ? memcmp(a, b, m) : 0;
    if (c != 0)
        return c;
    /* The shorter is padded with zero octets: it sorts first unless the
     * longer one's extra octets are all zero. */
    if (alen > blen) {
        for (size_t i = m; i < alen; i++)
            if (a[i] != 0)
                return 1;
    } else {
        for (size_t i = m; i < blen; i++)
            if (b[i] != 0)
                return -1;
    }
    return 0;
}

int asn1rt_check_set_order(asn1rt_reader *r, const asn1rt_view *prev, const asn1rt_view *cur)
{
    if (r == NULL || prev == NULL || cur == NULL)
        return ASN1RT_E_ARG;
    if (r->lax & ASN1RT_LAX_SET_ORDER)
        return ASN1RT_OK;
    if (asn1rt_der_compare(prev->ptr, prev->len, cur->ptr, cur->len) > 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_SET_ORDER, cur->ptr);
    return ASN1RT_OK;
}

int asn1rt_default_encoded(asn1rt_reader *r, const uint8_t *at)
{
    if (r == NULL || at == NULL)
        return ASN1RT_E_ARG;
    if (r->lax & ASN1RT_LAX_DEFAULT)
        return ASN1RT_OK;
    return asn1rt_i_fail_at(r, ASN1RT_E_DEFAULT_ENCODED, at);  /* X.690 11.5 */
}

int asn1rt_bigint_to_int64(const asn1rt_bigint *v, int64_t *out)
{
    if (v == NULL || out == NULL || (v->ptr == NULL && v->len != 0))
        return ASN1RT_E_ARG;
    int rc = asn1rt_check_integer(v->ptr, v->len, 0);
    if (rc != ASN1RT_OK)
        return rc;
    if (v->len > 8)
        return ASN1RT_E_INTEGER_RANGE;
    /* Sign-extend from the first content octet (X.690 8.3.3: two's complement). */
    uint64_t u = (v->ptr[0] & 0x80) ? UINT64_MAX : 0;
    for (size_t i = 0; i < v->len; i++)
        u = (u << 8) | v->ptr[i];
    *out = (int64_t)u;
    return ASN1RT_OK;
}
