/* Alphabet checks of the restricted character string types (X.680 41). */
#include "internal.h"

bool asn1rt_i_is_string_type(unsigned u)
{
    switch (u) {
    case ASN1RT_UT_OCTET_STRING: case ASN1RT_UT_OBJECT_DESCRIPTOR:
    case ASN1RT_UT_UTF8STRING: case ASN1RT_UT_NUMERICSTRING:
    case ASN1RT_UT_PRINTABLESTRING: case ASN1RT_UT_T61STRING:
    case ASN1RT_UT_VIDEOTEXSTRING: case ASN1RT_UT_IA5STRING:
    case ASN1RT_UT_GRAPHICSTRING: case ASN1RT_UT_VISIBLESTRING:
    case ASN1RT_UT_GENERALSTRING: case ASN1RT_UT_UNIVERSALSTRING:
    case ASN1RT_UT_BMPSTRING:
        return true;
    default:
        return false;
    }
}

/* X.680 41.4 table 10: A-Z a-z 0-9 space ' ( ) + , - . / : = ? */
static bool printable(uint8_t c)
{
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case ' ': case '\'': case '(': case ')': case '+': case ',':
    case '-': case '.': case '/': case ':': case '=': case '?':
        return true;
    default:
        return false;
    }
}

/* RFC 3629: shortest form, no surrogates, at most U+10FFFF. */
static int check_utf8(const uint8_t *p, size_t n, size_t *bad)
{
    size_t i = 0;
    while (i < n) {
        uint8_t c = p[i];
        uint32_t cp, min;
        size_t k;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {             /* 0xC0/0xC1 would be overlong */
            k = 1; cp = c & 0x1Fu; min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            k = 2; cp = c & 0x0Fu; min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            k = 3; cp = c & 0x07u; min = 0x10000;
        } else {
            *bad = i;
            return ASN1RT_E_STRING_UTF8;
        }
        if (n - i - 1 < k) {
            *bad = i;
            return ASN1RT_E_STRING_UTF8;
        }
        for (size_t j = 1; j <= k; j++) {
            if ((p[i + j] & 0xC0) != 0x80) {
                *bad = i;
                return ASN1RT_E_STRING_UTF8;
            }
            cp = (cp << 6) | (p[i + j] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            *bad = i;
            return ASN1RT_E_STRING_UTF8;
        }
        i += k + 1;
    }
    return ASN1RT_OK;
}

int asn1rt_i_check_string(unsigned universal, const uint8_t *p, size_t n, size_t *bad)
{
    size_t i;
    if (p == NULL && n != 0)
        return ASN1RT_E_ARG;
    switch (universal) {
    case ASN1RT_UT_PRINTABLESTRING:
        for (i = 0; i < n; i++)
            if (!printable(p[i]))
                goto alphabet;
        return ASN1RT_OK;
    case ASN1RT_UT_IA5STRING:                     /* ISO 646 / ASCII, controls included */
        for (i = 0; i < n; i++)
            if (p[i] > 0x7F)
                goto alphabet;
        return ASN1RT_OK;
    case ASN1RT_UT_NUMERICSTRING:                 /* X.680 41.2: digits and space */
        for (i = 0; i < n; i++)
            if (!(p[i] == ' ' || (p[i] >= '0' && p[i] <= '9')))
                goto alphabet;
        return ASN1RT_OK;
    case ASN1RT_UT_VISIBLESTRING:                 /* printing ASCII, no controls */
        for (i = 0; i < n; i++)
            if (p[i] < 0x20 || p[i] > 0x7E)
                goto alphabet;
        return ASN1RT_OK;
    case ASN1RT_UT_UTF8STRING:
        return check_utf8(p, n, bad);
    case ASN1RT_UT_BMPSTRING:                     /* UCS-2: the BMP without surrogates */
        if (n % 2 != 0)
            return ASN1RT_E_STRING_LENGTH;
        for (i = 0; i < n; i += 2)
            if (p[i] >= 0xD8 && p[i] <= 0xDF)
                goto alphabet;
        return ASN1RT_OK;
    case ASN1RT_UT_UNIVERSALSTRING:               /* UCS-4 up to U+10FFFF */
        if (n % 4 != 0)
            return ASN1RT_E_STRING_LENGTH;
        for (i = 0; i < n; i += 4) {
            uint32_t cp = ((uint32_t)p[i] << 24) | ((uint32_t)p[i + 1] << 16) |
                          ((uint32_t)p[i + 2] << 8) | p[i + 3];
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                goto alphabet;
        }
        return ASN1RT_OK;
    default:
        /* OCTET STRING, ObjectDescriptor, T61, Videotex, Graphic and General
         * strings: escape-sequence character sets with no checkable
         * alphabet; taken as octets. */
        return asn1rt_i_is_string_type(universal) ? ASN1RT_OK : ASN1RT_E_ARG;
    }
alphabet:
    *bad = i;
    return ASN1RT_E_STRING_ALPHABET;
}

int asn1rt_check_string(unsigned universal, const uint8_t *p, size_t n)
{
    size_t bad;
    return asn1rt_i_check_string(universal, p, n, &bad);
}
