/* Shared by the runtime's own files only; not installed. */
#ifndef ASN1RT_INTERNAL_H
#define ASN1RT_INTERNAL_H

#include "asn1rt/asn1rt.h"

/* The check_* validators, also telling where the first bad octet is
 * (index into p; only meaningful on failure). */
int asn1rt_i_check_string(unsigned universal, const uint8_t *p, size_t n, size_t *bad);
int asn1rt_i_check_oid(const uint8_t *p, size_t n, size_t *bad);
/* Validates the DER text of a time and fills *out (may be NULL). */
int asn1rt_i_time_parse(unsigned universal, const uint8_t *p, size_t n, asn1rt_time *out);
/* The DER text of a time in any of BER's forms (X.680 46.3, 47.3), into
 * out (n + 8 octets): *out_len its length. ASN1RT_E_TIME_FORMAT when it is
 * none of them (local time included), ASN1RT_E_TIME_VALUE when a field or,
 * once in UTC, a UTCTime's year is out of range. */
int asn1rt_i_time_from_ber(unsigned universal, const uint8_t *p, size_t n, uint8_t *out, size_t *out_len);
/* True for the universal types asn1rt_check_string knows. */
bool asn1rt_i_is_string_type(unsigned universal);

/* Validates the universal primitive element at r->cur (tag is its
 * header's) with the element reader of its type, so codes and offsets
 * are the readers' own; types with no reader (REAL, TIME, DATE...) are
 * accepted unchecked. Consumes nothing; sets r->err_offset on failure.
 * Shared by asn1rt_walk and the ANY validation of gen_support.c. */
int asn1rt_i_check_universal(asn1rt_reader *r, uint32_t tag);

/* Swaps the adjacent blocks [p, p + a) and [p + a, p + a + b) in place, with
 * no memory (three reversals): the SET OF sorts move elements with it. */
void asn1rt_i_rotate_blocks(uint8_t *p, size_t a, size_t b);

/* Universal types whose DER encoding is always primitive (X.690 10.2): all
 * but SEQUENCE, SET, EXTERNAL, EMBEDDED PDV and CHARACTER STRING (8.9.1,
 * 8.11.1, 8.18.1, 8.19, 8.21.x). The walker and ANY validation share it, so
 * they accept the same elements. */
static inline bool asn1rt_i_universal_primitive(uint32_t num)
{
    switch (num) {
    case ASN1RT_UT_SEQUENCE: case ASN1RT_UT_SET: case ASN1RT_UT_EXTERNAL:
    case ASN1RT_UT_EMBEDDED_PDV: case ASN1RT_UT_CHARACTER_STRING:
        return false;
    default:
        return true;
    }
}

/* The identifier octets at p, avail octets readable (X.690 8.1.2), for the
 * DER and BER header parsers: *tag the tag word, *used how many octets it
 * takes. ASN1RT_E_TRUNCATED when they run past avail; nothing is written on
 * failure. */
static inline int asn1rt_i_parse_identifier(const uint8_t *p, size_t avail, uint32_t *tag, size_t *used)
{
    size_t i = 0;
    uint32_t num, cls_cons;
    if (avail < 1)
        return ASN1RT_E_TRUNCATED;
    cls_cons = (uint32_t)(p[0] & 0xE0u) << 24;
    num = p[i++] & 0x1Fu;
    if (num == 0x1F) {
        unsigned k = 0;
        num = 0;
        for (;;) {
            uint8_t c;
            if (i >= avail)
                return ASN1RT_E_TRUNCATED;
            c = p[i++];
            /* X.690 8.1.2.4.2 c): the first subsequent octet's bits 7..1
             * are not all zero. */
            if (k == 0 && c == 0x80)
                return ASN1RT_E_TAG_NOT_MINIMAL;
            if (k == 4)
                return ASN1RT_E_TAG_TOO_LARGE;   /* runtime limit: 2^28-1 */
            num = (num << 7) | (c & 0x7Fu);
            k++;
            if ((c & 0x80) == 0)
                break;
        }
        /* X.690 8.1.2.2/8.1.2.4: numbers 0..30 use the one-octet form. */
        if (num < 31)
            return ASN1RT_E_TAG_NOT_MINIMAL;
    }
    *tag = cls_cons | num;
    *used = i;
    return ASN1RT_OK;
}

#endif
