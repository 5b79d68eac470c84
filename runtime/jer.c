/* jer.c — JER (X.697) value printers used by generated T_print functions. */
#include <inttypes.h>
#include <string.h>

#include "asn1rt/jer.h"

void asn1jer_int(FILE *f, int64_t v) { fprintf(f, "%" PRId64, v); }
void asn1jer_uint(FILE *f, uint64_t v) { fprintf(f, "%" PRIu64, v); }
void asn1jer_bool(FILE *f, bool v) { fputs(v ? "true" : "false", f); }
void asn1jer_null(FILE *f) { fputs("null", f); }

void asn1jer_bigint(FILE *f, const asn1rt_bigint *v)
{
    /* Decimal by repeated division of a magnitude held in base 2^32 limbs;
     * INTEGER values in schemas that reach here are at most a few kB. */
    enum { MAXLIMBS = 1024 };
    uint32_t mag[MAXLIMBS];
    char digits[MAXLIMBS * 10 + 2];
    size_t n = v->len, nl, nd = 0;
    bool neg = n > 0 && (v->ptr[0] & 0x80u);
    if (n == 0) {
        fputs("0", f);
        return;
    }
    if (n > MAXLIMBS * 4) {            /* beyond the printer's limit: hex, as a string */
        asn1jer_hex(f, v->ptr, n);
        return;
    }
    nl = (n + 3) / 4;
    memset(mag, 0, nl * sizeof mag[0]);
    for (size_t i = 0; i < n; i++) {   /* limb 0 is the most significant */
        size_t bytepos = n - 1 - i;    /* from the least significant octet */
        uint8_t b = neg ? (uint8_t)~v->ptr[i] : v->ptr[i];
        mag[nl - 1 - bytepos / 4] |= (uint32_t)b << (8 * (bytepos % 4));
    }
    if (neg) {                         /* magnitude = ~x + 1 */
        for (size_t i = nl; i-- > 0;) {
            if (++mag[i] != 0)
                break;
        }
    }
    for (;;) {
        uint64_t rem = 0;
        bool zero = true;
        for (size_t i = 0; i < nl; i++) {
            uint64_t cur = (rem << 32) | mag[i];
            mag[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
            if (mag[i])
                zero = false;
        }
        digits[nd++] = (char)('0' + rem);
        if (zero)
            break;
    }
    if (neg)
        fputc('-', f);
    while (nd > 0)
        fputc(digits[--nd], f);
}

void asn1jer_hex(FILE *f, const uint8_t *p, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        fputc(hex[p[i] >> 4], f);
        fputc(hex[p[i] & 15], f);
    }
    fputc('"', f);
}

void asn1jer_bits(FILE *f, const asn1rt_bits *v, bool fixed_size)
{
    if (fixed_size) {
        asn1jer_hex(f, v->ptr, v->len);
        return;
    }
    fputs("{\"value\":", f);
    asn1jer_hex(f, v->ptr, v->len);
    fprintf(f, ",\"length\":%zu}", v->len * 8 - (v->len ? v->unused : 0));
}

static void put_codepoint(FILE *f, uint32_t c)
{
    if (c == '"' || c == '\\') {
        fputc('\\', f);
        fputc((int)c, f);
    } else if (c < 0x20) {
        fprintf(f, "\\u%04X", (unsigned)c);
    } else if (c < 0x80) {
        fputc((int)c, f);
    } else if (c < 0x800) {
        fputc((int)(0xC0 | (c >> 6)), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    } else if (c < 0x10000) {
        fputc((int)(0xE0 | (c >> 12)), f);
        fputc((int)(0x80 | ((c >> 6) & 0x3F)), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    } else {
        fputc((int)(0xF0 | (c >> 18)), f);
        fputc((int)(0x80 | ((c >> 12) & 0x3F)), f);
        fputc((int)(0x80 | ((c >> 6) & 0x3F)), f);
        fputc((int)(0x80 | (c & 0x3F)), f);
    }
}

void asn1jer_string(FILE *f, const asn1rt_view *v, unsigned universal)
{
    const uint8_t *p = v->ptr;
    size_t n = v->len;
    fputc('"', f);
    if (universal == ASN1RT_UT_BMPSTRING) {
        for (size_t i = 0; i + 1 < n; i += 2)
            put_codepoint(f, (uint32_t)p[i] << 8 | p[i + 1]);
    } else if (universal == ASN1RT_UT_UNIVERSALSTRING) {
        for (size_t i = 0; i + 3 < n; i += 4)
            put_codepoint(f, (uint32_t)p[i] << 24 | (uint32_t)p[i + 1] << 16 | (uint32_t)p[i + 2] << 8 | p[i + 3]);
    } else if (universal == ASN1RT_UT_UTF8STRING) {
        /* Already UTF-8 (validated on decode): escape only. */
        for (size_t i = 0; i < n; i++) {
            if (p[i] < 0x80)
                put_codepoint(f, p[i]);
            else
                fputc(p[i], f);
        }
    } else {
        for (size_t i = 0; i < n; i++)
            put_codepoint(f, p[i]);
    }
    fputc('"', f);
}

void asn1jer_oid(FILE *f, const asn1rt_view *oid)
{
    char text[512];
    if (asn1rt_oid_to_text(oid, text, sizeof text) == ASN1RT_OK) {
        fprintf(f, "\"%s\"", text);
        return;
    }
    asn1jer_hex(f, oid->ptr, oid->len);   /* arcs beyond the runtime's limits */
}

void asn1jer_name(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        put_codepoint(f, (uint8_t)*s);
    fputc('"', f);
}

int asn1jer_status(FILE *f) { return ferror(f) ? -1 : 0; }

void asn1jer_u128(FILE *f, asn1rt_u128 v)
{
    uint8_t be[17];
    asn1rt_bigint b = { be, 17 };
    be[0] = 0;                        /* non-negative two's complement */
    for (int i = 0; i < 8; i++) {
        be[1 + i] = (uint8_t)(v.hi >> (56 - 8 * i));
        be[9 + i] = (uint8_t)(v.lo >> (56 - 8 * i));
    }
    asn1jer_bigint(f, &b);
}

void asn1jer_i128(FILE *f, asn1rt_i128 v)
{
    uint8_t be[16];
    asn1rt_bigint b = { be, 16 };
    uint64_t hi = (uint64_t)v.hi;
    for (int i = 0; i < 8; i++) {
        be[i] = (uint8_t)(hi >> (56 - 8 * i));
        be[8 + i] = (uint8_t)(v.lo >> (56 - 8 * i));
    }
    asn1jer_bigint(f, &b);
}
