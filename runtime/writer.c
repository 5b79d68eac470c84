/*
 * The DER writer: back to front into [start, end) (docs/runtime.md says
 * why). Every prepend checks the room first and writes nothing on failure.
 */
#include <string.h>

#include "internal.h"

#define TAG_NUMBER_MAX 0x0FFFFFFFu   /* what the reader accepts: 4 base-128 octets */

static size_t tag_octets(uint32_t tag)
{
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    size_t k = 1;
    if (num < 31)
        return 1;
    while (num >>= 7)
        k++;
    return 1 + k;
}

static size_t length_octets(size_t n)
{
    size_t k = 0;
    if (n < 0x80)
        return 1;                                 /* X.690 10.1: short form */
    while (n) {
        k++;
        n >>= 8;
    }
    return 1 + k;
}

size_t asn1rt_i_slow_header_len(uint32_t tag, size_t content_len)
{
    return tag_octets(tag) + length_octets(content_len);
}

int asn1rt_i_slow_prepend_header(asn1rt_writer *w, uint32_t tag, size_t n)
{
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    size_t hl;
    uint8_t *p;
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (num > TAG_NUMBER_MAX)
        return ASN1RT_E_ARG;
    hl = asn1rt_i_slow_header_len(tag, n);
    if (asn1rt_i_room(w) < hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    p = w->pos;
    if (n < 0x80) {
        *--p = (uint8_t)n;
    } else {
        uint8_t *len_end = p;
        for (size_t v = n; v != 0; v >>= 8)
            *--p = (uint8_t)v;
        --p;
        *p = (uint8_t)(0x80u | (size_t)(len_end - p - 1));
    }
    if (num < 31) {
        *--p = asn1rt_i_id_octet(tag);
    } else {
        /* X.690 8.1.2.4: 0x1F, then base 128, most significant first. */
        bool last = true;
        do {
            *--p = (uint8_t)((num & 0x7Fu) | (last ? 0 : 0x80u));
            last = false;
            num >>= 7;
        } while (num != 0);
        *--p = (uint8_t)(((tag >> 24) & 0xE0u) | 0x1Fu);
    }
    w->pos = p;
    return ASN1RT_OK;
}

/* Content already built in a small local buffer, then the header. */
static int prepend_element(asn1rt_writer *w, uint32_t tag, const uint8_t *p, size_t n)
{
    if (ASN1RT_TAG_NUMBER(tag) > TAG_NUMBER_MAX)
        return ASN1RT_E_ARG;
    return asn1rt_prepend_octets(w, tag, p, n);
}

int asn1rt_prepend_bool(asn1rt_writer *w, uint32_t tag, bool v)
{
    uint8_t b = v ? 0xFF : 0x00;                  /* X.690 11.1 */
    if (w == NULL)
        return ASN1RT_E_ARG;
    return prepend_element(w, tag, &b, 1);
}

int asn1rt_prepend_null(asn1rt_writer *w, uint32_t tag)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    return asn1rt_prepend_header(w, tag, 0);
}

int asn1rt_prepend_bigint(asn1rt_writer *w, uint32_t tag, const asn1rt_bigint *v)
{
    int rc;
    if (w == NULL || v == NULL)
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_check_integer(v->ptr, v->len, 0)) != ASN1RT_OK)
        return rc == ASN1RT_E_INTEGER_EMPTY ? ASN1RT_E_ARG : rc;
    return prepend_element(w, tag, v->ptr, v->len);
}

int asn1rt_prepend_bits(asn1rt_writer *w, uint32_t tag, const asn1rt_bits *v)
{
    size_t hl;
    if (w == NULL || v == NULL || (v->ptr == NULL && v->len != 0))
        return ASN1RT_E_ARG;
    /* The in-memory value must already be DER: X.690 8.6.2.2/3, 11.2.1. */
    if (v->unused > 7 || (v->len == 0 && v->unused != 0))
        return ASN1RT_E_BITSTRING_UNUSED;
    if (v->len != 0 && (v->ptr[v->len - 1] & ((1u << v->unused) - 1u)) != 0)
        return ASN1RT_E_BITSTRING_PADDING;
    if (ASN1RT_TAG_NUMBER(tag) > TAG_NUMBER_MAX || v->len == SIZE_MAX)
        return ASN1RT_E_ARG;
    hl = asn1rt_header_len(tag, v->len + 1);
    if (asn1rt_i_room(w) < v->len + 1 || asn1rt_i_room(w) - v->len - 1 < hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    if (v->len != 0) {
        w->pos -= v->len;
        memcpy(w->pos, v->ptr, v->len);
    }
    *--w->pos = v->unused;
    return asn1rt_prepend_header(w, tag, v->len + 1);  /* room checked above */
}

int asn1rt_prepend_time(asn1rt_writer *w, uint32_t tag, unsigned universal, const asn1rt_time *t)
{
    size_t n, hl, len;
    int rc;
    if (w == NULL || t == NULL || ASN1RT_TAG_NUMBER(tag) > TAG_NUMBER_MAX)
        return ASN1RT_E_ARG;
    n = asn1rt_time_len(universal, t);
    if (n == 0)
        return universal == ASN1RT_UT_UTCTIME || universal == ASN1RT_UT_GENERALIZEDTIME
                   ? ASN1RT_E_TIME_VALUE : ASN1RT_E_ARG;
    hl = asn1rt_header_len(tag, n);
    if (asn1rt_i_room(w) < n + hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    /* Formatted in place: the text is written once, where it stays. */
    rc = asn1rt_time_format(universal, t, (char *)w->pos - n, n, &len);
    if (rc != ASN1RT_OK)
        return rc;
    w->pos -= n;
    return asn1rt_prepend_header(w, tag, n);
}

/* ------------------------------------------------------------------ */
/* BIT STRING helpers.                                                  */

bool asn1rt_bits_test(const asn1rt_bits *b, size_t i)
{
    if (b == NULL || b->ptr == NULL || i / 8 >= b->len)
        return false;
    if (i / 8 == b->len - 1 && i % 8 >= 8u - b->unused)
        return false;                             /* a padding bit */
    return (b->ptr[i / 8] >> (7 - i % 8)) & 1u;
}

void asn1rt_bits_from_named(uint64_t flags, uint8_t buf[8], asn1rt_bits *out)
{
    size_t nbits = 0;
    memset(buf, 0, 8);
    for (size_t i = 0; i < 64; i++) {
        if ((flags >> i) & 1u) {
            buf[i / 8] |= (uint8_t)(0x80u >> (i % 8));
            nbits = i + 1;                        /* X.690 11.2.2: ends at the last 1 */
        }
    }
    out->ptr = buf;
    out->len = (nbits + 7) / 8;
    out->unused = (uint8_t)(out->len * 8 - nbits);
}

int asn1rt_bits_to_named(const asn1rt_bits *b, uint64_t *flags)
{
    uint64_t f = 0;
    if (b == NULL || flags == NULL || (b->ptr == NULL && b->len != 0))
        return ASN1RT_E_ARG;
    for (size_t i = 0; i < b->len; i++) {
        uint8_t o = b->ptr[i];
        if (i == b->len - 1 && b->unused <= 7)
            o &= (uint8_t)(0xFFu << b->unused);
        if (o == 0)
            continue;
        if (i >= 8)
            return ASN1RT_E_VALUE_CONSTRAINT;
        for (size_t j = 0; j < 8; j++)
            if ((o >> (7 - j)) & 1u)
                f |= UINT64_C(1) << (i * 8 + j);
    }
    *flags = f;
    return ASN1RT_OK;
}

int asn1rt_check_named_bits(const asn1rt_bits *b)
{
    if (b == NULL || (b->ptr == NULL && b->len != 0) || b->unused > 7)
        return ASN1RT_E_ARG;
    if (b->len == 0)
        return ASN1RT_OK;
    if (((b->ptr[b->len - 1] >> b->unused) & 1u) == 0)
        return ASN1RT_E_BITSTRING_TRAILING_ZERO;
    return ASN1RT_OK;
}
