/* OBJECT IDENTIFIER content (X.690 8.19): checks and conversions. */
#include <string.h>

#include "internal.h"

int asn1rt_i_check_oid(const uint8_t *p, size_t n, size_t *bad)
{
    bool arc_start = true;
    if (p == NULL && n != 0)
        return ASN1RT_E_ARG;
    if (n == 0)
        return ASN1RT_E_OID_EMPTY;                /* X.690 8.19.2: at least one subidentifier */
    for (size_t i = 0; i < n; i++) {
        /* X.690 8.19.2: each subidentifier in the fewest octets, so its
         * first octet is never 0x80. */
        if (arc_start && p[i] == 0x80) {
            *bad = i;
            return ASN1RT_E_OID_NOT_MINIMAL;
        }
        arc_start = (p[i] & 0x80) == 0;
    }
    if (!arc_start) {                             /* last octet has bit 8 set */
        *bad = n - 1;
        return ASN1RT_E_OID_TRUNCATED;
    }
    return ASN1RT_OK;
}

int asn1rt_check_oid(const uint8_t *p, size_t n)
{
    size_t bad;
    return asn1rt_i_check_oid(p, n, &bad);
}

size_t asn1rt_oid_len(const asn1rt_view *oid)
{
    return oid == NULL ? 0 : oid->len;
}

/* Next subidentifier at p[*i]; content already checked. */
static int next_subid(const uint8_t *p, size_t n, size_t *i, uint64_t *out)
{
    uint64_t v = 0;
    while (*i < n) {
        uint8_t c = p[(*i)++];
        if (v >> 57)
            return ASN1RT_E_OID_ARC_TOO_LARGE;
        v = (v << 7) | (c & 0x7Fu);
        if ((c & 0x80) == 0) {
            *out = v;
            return ASN1RT_OK;
        }
    }
    return ASN1RT_E_OID_TRUNCATED;
}

int asn1rt_oid_to_arcs(const asn1rt_view *oid, uint64_t *arcs, size_t max, size_t *n)
{
    size_t i = 0, count = 0, bad;
    uint64_t tmp[2] = { 0, 0 };
    int rc;
    if (oid == NULL || n == NULL || (arcs == NULL && max != 0))
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_i_check_oid(oid->ptr, oid->len, &bad)) != ASN1RT_OK)
        return rc;
    /* Count and convert in one pass; arcs are written only when all fit. */
    while (i < oid->len) {
        uint64_t v;
        if ((rc = next_subid(oid->ptr, oid->len, &i, &v)) != ASN1RT_OK)
            return rc;
        if (count == 0) {
            /* X.690 8.19.4: the first subidentifier is 40 * X + Y. */
            tmp[0] = v < 40 ? 0 : v < 80 ? 1 : 2;
            tmp[1] = v - 40 * tmp[0];
            count = 2;
            continue;
        }
        count++;
    }
    if (count > max)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    arcs[0] = tmp[0];
    arcs[1] = tmp[1];
    i = 0;
    {
        uint64_t v = 0;
        size_t k = 2;
        (void)next_subid(oid->ptr, oid->len, &i, &v);
        while (i < oid->len) {
            (void)next_subid(oid->ptr, oid->len, &i, &v);
            arcs[k++] = v;
        }
    }
    *n = count;
    return ASN1RT_OK;
}

static size_t subid_len(uint64_t v)
{
    size_t k = 1;
    while (v >>= 7)
        k++;
    return k;
}

static void put_subid(uint8_t *p, uint64_t v, size_t k)
{
    for (size_t j = k; j-- > 0; v >>= 7)
        p[j] = (uint8_t)((v & 0x7F) | (j + 1 == k ? 0 : 0x80));
}

int asn1rt_oid_from_arcs(const uint64_t *arcs, size_t n, uint8_t *buf, size_t cap, size_t *len)
{
    size_t total, pos = 0;
    uint64_t first;
    if (arcs == NULL || len == NULL || (buf == NULL && cap != 0))
        return ASN1RT_E_ARG;
    /* X.660: two arcs at least, root 0..2, second below 40 under roots 0 and 1. */
    if (n < 2 || arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40) || arcs[1] > UINT64_MAX - 80)
        return ASN1RT_E_ARG;
    first = arcs[0] * 40 + arcs[1];
    total = subid_len(first);
    for (size_t i = 2; i < n; i++)
        total += subid_len(arcs[i]);
    if (total > cap)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    put_subid(buf, first, subid_len(first));
    pos = subid_len(first);
    for (size_t i = 2; i < n; i++) {
        size_t k = subid_len(arcs[i]);
        put_subid(buf + pos, arcs[i], k);
        pos += k;
    }
    *len = total;
    return ASN1RT_OK;
}

int asn1rt_oid_to_text(const asn1rt_view *oid, char *buf, size_t cap)
{
    size_t i = 0, pos = 0, bad;
    bool first = true;
    int rc;
    if (oid == NULL || buf == NULL || cap == 0)
        return ASN1RT_E_ARG;
    buf[0] = '\0';                               /* the empty string on any failure */
    if ((rc = asn1rt_i_check_oid(oid->ptr, oid->len, &bad)) != ASN1RT_OK)
        return rc;
    while (i < oid->len) {
        uint64_t v, parts[2];
        size_t nparts = 1;
        if ((rc = next_subid(oid->ptr, oid->len, &i, &v)) != ASN1RT_OK) {
            buf[0] = '\0';
            return rc;
        }
        parts[0] = v;
        if (first) {
            parts[0] = v < 40 ? 0 : v < 80 ? 1 : 2;
            parts[1] = v - 40 * parts[0];
            nparts = 2;
            first = false;
        }
        for (size_t j = 0; j < nparts; j++) {
            char digits[24];
            size_t d = 0;
            uint64_t x = parts[j];
            do {
                digits[d++] = (char)('0' + x % 10);
                x /= 10;
            } while (x != 0);
            if (pos + d + (pos != 0) + 1 > cap) {
                buf[0] = '\0';
                return ASN1RT_E_BUFFER_TOO_SMALL;
            }
            if (pos != 0)
                buf[pos++] = '.';
            while (d > 0)
                buf[pos++] = digits[--d];
        }
    }
    buf[pos] = '\0';
    return ASN1RT_OK;
}

int asn1rt_oid_from_text(const char *text, uint8_t *buf, size_t cap, size_t *len)
{
    uint64_t arcs[2];
    size_t n = 0, total = 0, pos;
    const char *s;
    if (text == NULL || len == NULL || (buf == NULL && cap != 0))
        return ASN1RT_E_ARG;
    /* Two passes over the text: syntax and size, then the octets. The
     * first two arcs combine, so they are kept aside. */
    for (int pass = 0; pass < 2; pass++) {
        s = text;
        n = 0;
        pos = 0;
        for (;;) {
            uint64_t v = 0;
            const char *d = s;
            while (*s >= '0' && *s <= '9') {
                uint64_t d = (uint64_t)(*s++ - '0');
                if (v > UINT64_MAX / 10 || (v == UINT64_MAX / 10 && d > UINT64_MAX % 10))
                    return ASN1RT_E_ARG;          /* beyond 64 bits */
                v = v * 10 + d;
            }
            if (s == d || (s - d > 1 && *d == '0'))   /* empty arc or leading zero */
                return ASN1RT_E_ARG;
            if (n < 2) {
                arcs[n] = v;
                if (n == 1) {
                    uint64_t first;
                    if (arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40) || arcs[1] > UINT64_MAX - 80)
                        return ASN1RT_E_ARG;
                    first = arcs[0] * 40 + arcs[1];
                    if (pass == 1)
                        put_subid(buf, first, subid_len(first));
                    pos += subid_len(first);
                }
            } else {
                if (pass == 1)
                    put_subid(buf + pos, v, subid_len(v));
                pos += subid_len(v);
            }
            n++;
            if (*s == '\0')
                break;
            if (*s++ != '.')
                return ASN1RT_E_ARG;
        }
        if (n < 2)
            return ASN1RT_E_ARG;
        if (pass == 0) {
            total = pos;
            if (total > cap)
                return ASN1RT_E_BUFFER_TOO_SMALL;
        }
    }
    *len = total;
    return ASN1RT_OK;
}

bool asn1rt_oid_equal(const asn1rt_view *a, const uint8_t *content, size_t len)
{
    if (a == NULL || (content == NULL && len != 0))
        return false;
    return a->len == len && (len == 0 || memcmp(a->ptr, content, len) == 0);
}
