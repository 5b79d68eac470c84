/* asn1rt/oer.h (X.696): exact encodings both ways, every rejection with
 * its code and offset and nothing consumed, each leniency relaxing its
 * one rule, and whole values encoded and decoded piece by piece as
 * generated code will.
 *
 * Where the bytes come from (the "src" column):
 *   asn1tools  eerimoq/asn1tools tests/test_oer.py (an independent OER
 *              codec's own test vectors, taken as facts)
 *   overview   the same suite's test_overview_of_oer (types of OSS's
 *              "Overview of OER")
 *   x691a1     the same suite's test_x691_a1: X.691 A.1's PersonnelRecord
 *              value in OER
 *   asn1c      vlm/asn1c skeletons/tests/check-OER-INTEGER.c
 *   wireshark  written here, then decoded by tshark 4.0.17's IEEE 1609.2
 *              (OER) dissector to the same field values
 *   derived    worked out here from the X.696 rule named in the row */
#include <stdlib.h>

#include "asn1rt/oer.h"
#include "testutil.h"

/* Encoders return the first failure, as generated ones do. */
#define TRY(e) do { int rc_ = (e); if (rc_ != ASN1RT_OK) return rc_; } while (0)

enum op {
    OP_LEN, OP_FIXED_UINT, OP_FIXED_INT, OP_UINT, OP_INT, OP_ENUM, OP_BOOL, OP_TAG,
    OP_QUANTITY, OP_BIGINT, OP_BIGUINT, OP_BITS, OP_FIXED_BITS, OP_EXT_BITMAP,
    OP_PREAMBLE, OP_STRING, OP_FIXED_STRING, OP_OID, OP_OPEN, OP_OCTETS, OP_FIXED_OCTETS
};

/* ------------------------------------------------------------------ */
/* Scalars: decode the bytes to the value, encode the value to the bytes. */

typedef struct scalar_row {
    const char *name, *src;
    enum op op;
    unsigned octets;        /* OP_FIXED_*: 1, 2, 4, 8 */
    int64_t lo, hi;         /* range (unsigned ops read them as uint64_t) */
    int64_t value;          /* OP_U* / OP_LEN / OP_TAG: as uint64_t */
    const char *hex;
} scalar_row;

#define U(x) ((int64_t)(uint64_t)(x))
#define ANY_U 0, U(UINT64_MAX)
#define ANY_I INT64_MIN, INT64_MAX

static const scalar_row scalars[] = {
    /* Length determinant (X.696 8.6). */
    { "length 0", "derived 8.6 short", OP_LEN, 0, 0, 0, 0, "00" },
    { "length 127", "derived 8.6 short", OP_LEN, 0, 0, 0, 127, "7F" },
    { "length 128", "derived 8.6 long", OP_LEN, 0, 0, 0, 128, "81 80" },
    { "length 255", "derived 8.6 long", OP_LEN, 0, 0, 0, 255, "81 FF" },
    { "length 256", "derived 8.6 long", OP_LEN, 0, 0, 0, 256, "82 01 00" },
    { "length 999", "asn1tools OCTET STRING", OP_LEN, 0, 0, 0, 999, "82 03 E7" },
    { "length 65536", "derived 8.6 long", OP_LEN, 0, 0, 0, 65536, "83 01 00 00" },
    /* Fixed-size integers (X.696 10.2, 10.3). */
    { "(0..100) 4", "overview a1", OP_FIXED_UINT, 1, 0, 100, 4, "04" },
    { "(0..255) 255", "asn1c", OP_FIXED_UINT, 1, 0, 255, 255, "FF" },
    { "(0..60000) 4", "overview a3", OP_FIXED_UINT, 2, 0, 60000, 4, "00 04" },
    { "(0..65535) 65535", "asn1c", OP_FIXED_UINT, 2, 0, 65535, 65535, "FF FF" },
    { "(0..2^32-1) 4100000000", "asn1c", OP_FIXED_UINT, 4, 0, U(UINT32_MAX), U(4100000000u), "F4 61 09 00" },
    { "(0..2^64-1) max", "derived 10.2", OP_FIXED_UINT, 8, ANY_U, U(UINT64_MAX), "FF FF FF FF FF FF FF FF" },
    { "(-128..127) -2", "asn1tools B", OP_FIXED_INT, 1, -128, 127, -2, "FE" },
    { "(-128..127) 1", "asn1tools B", OP_FIXED_INT, 1, -128, 127, 1, "01" },
    { "(-128..127) 127", "asn1tools B", OP_FIXED_INT, 1, -128, 127, 127, "7F" },
    { "(-128..127) -1", "asn1c", OP_FIXED_INT, 1, -128, 127, -1, "FF" },
    { "(-32768..32767) -2", "asn1tools C", OP_FIXED_INT, 2, INT16_MIN, INT16_MAX, -2, "FF FE" },
    { "(-32768..32767) 127", "asn1tools C", OP_FIXED_INT, 2, INT16_MIN, INT16_MAX, 127, "00 7F" },
    { "(-290..399) 4", "overview a2", OP_FIXED_INT, 2, -290, 399, 4, "00 04" },
    { "(-2^31..2^31-1) -2", "asn1tools D", OP_FIXED_INT, 4, INT32_MIN, INT32_MAX, -2, "FF FF FF FE" },
    { "(-2^31..2^31-1) 1", "asn1tools D", OP_FIXED_INT, 4, INT32_MIN, INT32_MAX, 1, "00 00 00 01" },
    { "(-5000000..5000000) 4", "overview a4", OP_FIXED_INT, 4, -5000000, 5000000, 4, "00 00 00 04" },
    { "(-2^63..2^63-1) -2", "asn1tools E", OP_FIXED_INT, 8, ANY_I, -2, "FF FF FF FF FF FF FF FE" },
    { "(-2^63..2^63-1) 127", "asn1tools E", OP_FIXED_INT, 8, ANY_I, 127, "00 00 00 00 00 00 00 7F" },
    { "(-2^63..2^63-1) min", "derived 10.3", OP_FIXED_INT, 8, ANY_I, INT64_MIN, "80 00 00 00 00 00 00 00" },
    /* Length-prefixed integers (X.696 10.4..10.9). */
    { "INTEGER 0", "asn1tools A", OP_INT, 0, ANY_I, 0, "01 00" },
    { "INTEGER 128", "asn1tools A", OP_INT, 0, ANY_I, 128, "02 00 80" },
    { "INTEGER 100000", "asn1tools A", OP_INT, 0, ANY_I, 100000, "03 01 86 A0" },
    { "INTEGER -1234567", "asn1tools A", OP_INT, 0, ANY_I, -1234567, "03 ED 29 79" },
    { "INTEGER -1", "asn1c", OP_INT, 0, ANY_I, -1, "01 FF" },
    { "INTEGER 255", "asn1c", OP_INT, 0, ANY_I, 255, "02 00 FF" },
    { "(-1..MAX) 4", "overview a6", OP_INT, 0, -1, INT64_MAX, 4, "01 04" },
    { "INTEGER min", "derived 10.8", OP_INT, 0, ANY_I, INT64_MIN, "08 80 00 00 00 00 00 00 00" },
    { "(0..2^64) 1", "asn1tools J", OP_UINT, 0, ANY_U, 1, "01 01" },
    { "(0..MAX) 255", "asn1c", OP_UINT, 0, ANY_U, 255, "01 FF" },
    { "(1000..MAX) 1024", "overview a5", OP_UINT, 0, 1000, U(UINT64_MAX), 1024, "02 04 00" },
    { "(0..MAX) 128", "derived 10.4 unsigned", OP_UINT, 0, ANY_U, 128, "01 80" },
    { "(0..MAX) 0", "derived 10.4", OP_UINT, 0, ANY_U, 0, "01 00" },
    { "(0..MAX) 2^64-1", "derived 10.4", OP_UINT, 0, ANY_U, U(UINT64_MAX), "08 FF FF FF FF FF FF FF FF" },
    /* ENUMERATED (X.696 11). */
    { "ENUMERATED a(1)", "asn1tools A", OP_ENUM, 0, 0, 0, 1, "01" },
    { "ENUMERATED a(0)", "asn1tools C", OP_ENUM, 0, 0, 0, 0, "00" },
    { "ENUMERATED b(127)", "asn1tools C", OP_ENUM, 0, 0, 0, 127, "7F" },
    { "ENUMERATED a(128)", "asn1tools B", OP_ENUM, 0, 0, 0, 128, "82 00 80" },
    { "ENUMERATED a(-1)", "asn1tools E", OP_ENUM, 0, 0, 0, -1, "81 FF" },
    { "ENUMERATED b(1234)", "asn1tools E", OP_ENUM, 0, 0, 0, 1234, "82 04 D2" },
    { "ENUMERATED min", "derived 11.4", OP_ENUM, 0, 0, 0, INT64_MIN, "88 80 00 00 00 00 00 00 00" },
    /* BOOLEAN (X.696 9). */
    { "TRUE", "asn1tools", OP_BOOL, 0, 0, 0, 1, "FF" },
    { "FALSE", "asn1tools", OP_BOOL, 0, 0, 0, 0, "00" },
    /* CHOICE tags (X.696 20, 8.7). */
    { "[0]", "asn1tools CHOICE A", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 0), "80" },
    { "[3]", "asn1tools CHOICE C", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 3), "83" },
    { "[APPLICATION 5]", "derived 8.7", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_APPLICATION, 0, 5), "45" },
    { "[UNIVERSAL 1]", "derived 8.7", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, 1), "01" },
    { "[PRIVATE 62]", "derived 8.7", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_PRIVATE, 0, 62), "FE" },
    { "[63]", "derived 8.7 long", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 63), "BF 3F" },
    { "[127]", "derived 8.7 long", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 127), "BF 7F" },
    { "[128]", "derived 8.7 long", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 128), "BF 81 00" },
    { "[444]", "derived 8.7 long", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 444), "BF 83 3C" },
    { "[APPLICATION 2^28-1]", "derived 8.7 long", OP_TAG, 0, 0, 0, ASN1RT_TAG(ASN1RT_CLASS_APPLICATION, 0, 0x0FFFFFFF), "7F FF FF FF 7F" },
    /* SEQUENCE OF quantity (X.696 17). */
    { "quantity 0", "asn1tools SEQUENCE OF", OP_QUANTITY, 0, 0, 0, 0, "01 00" },
    { "quantity 2", "asn1tools SEQUENCE OF", OP_QUANTITY, 0, 0, 0, 2, "01 02" },
    { "quantity 1000", "asn1tools SEQUENCE OF", OP_QUANTITY, 0, 0, 0, 1000, "02 03 E8" },
};

/* Decodes row r from [in, in + n) (OP_LEN: the determinant, followed by
 * that many octets in the buffer); the value in *v. */
static int decode_scalar(const scalar_row *row, asn1rt_reader *r, int64_t *v)
{
    uint64_t u = 0;
    bool b = false;
    uint32_t t = 0;
    size_t z = 0;
    int rc;
    switch (row->op) {
    case OP_LEN: rc = asn1oer_read_length(r, &z); *v = (int64_t)z; return rc;
    case OP_FIXED_UINT: rc = asn1oer_read_fixed_uint(r, row->octets, (uint64_t)row->lo, (uint64_t)row->hi, &u); break;
    case OP_FIXED_INT: return asn1oer_read_fixed_int(r, row->octets, row->lo, row->hi, v);
    case OP_UINT: rc = asn1oer_read_uint(r, (uint64_t)row->lo, (uint64_t)row->hi, &u); break;
    case OP_INT: return asn1oer_read_int(r, row->lo, row->hi, v);
    case OP_ENUM: return asn1oer_read_enum(r, v);
    case OP_BOOL: rc = asn1oer_read_bool(r, &b); *v = b; return rc;
    case OP_TAG: rc = asn1oer_read_tag(r, &t); *v = t; return rc;
    case OP_QUANTITY: rc = asn1oer_read_quantity(r, 0, &z); *v = (int64_t)z; return rc;
    default: abort();
    }
    *v = (int64_t)u;
    return rc;
}

static int encode_scalar(const scalar_row *row, asn1oer_writer *w, size_t *len_fn)
{
    int64_t v = row->value;
    switch (row->op) {
    case OP_LEN: *len_fn = asn1oer_length_len((size_t)v); return asn1oer_put_length(w, (size_t)v);
    case OP_FIXED_UINT: *len_fn = row->octets; return asn1oer_put_fixed_uint(w, row->octets, (uint64_t)v);
    case OP_FIXED_INT: *len_fn = row->octets; return asn1oer_put_fixed_int(w, row->octets, v);
    case OP_UINT: *len_fn = asn1oer_uint_len((uint64_t)v); return asn1oer_put_uint(w, (uint64_t)v);
    case OP_INT: *len_fn = asn1oer_int_len(v); return asn1oer_put_int(w, v);
    case OP_ENUM: *len_fn = asn1oer_enum_len(v); return asn1oer_put_enum(w, v);
    case OP_BOOL: *len_fn = 1; return asn1oer_put_bool(w, v != 0);
    case OP_TAG: *len_fn = asn1oer_tag_len((uint32_t)v); return asn1oer_put_tag(w, (uint32_t)v);
    case OP_QUANTITY: *len_fn = asn1oer_uint_len((uint64_t)v); return asn1oer_put_quantity(w, (size_t)v);
    default: abort();
    }
}

static void test_scalars(void)
{
    static uint8_t in[70000];
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        const scalar_row *row = &scalars[i];
        uint8_t want[16], out[16];
        size_t n = unhex(row->hex, want, sizeof want), extra = 0, len_fn = 0;
        asn1rt_reader r;
        asn1oer_writer w;
        int64_t v = 0;
        int rc;
        if (row->op == OP_LEN)
            extra = (size_t)row->value;      /* the octets it counts */
        memset(in, 0xA5, n + extra);
        memcpy(in, want, n);
        asn1oer_reader_init(&r, in, n + extra, 0);
        rc = decode_scalar(row, &r, &v);
        CHECK_ROW(rc == ASN1RT_OK && v == row->value && asn1rt_offset(&r) == n, row->name);
        /* Exactly those octets: one fewer is TRUNCATED (the determinant
         * rows count their content too). */
        asn1oer_reader_init(&r, in, n + extra - 1, 0);
        CHECK_ROW(decode_scalar(row, &r, &v) == ASN1RT_E_TRUNCATED && asn1rt_offset(&r) == 0, row->name);
        asn1oer_writer_init(&w, out, sizeof out);
        rc = encode_scalar(row, &w, &len_fn);
        CHECK_ROW(rc == ASN1RT_OK && len_fn == n, row->name);
        ASSERT_BYTES(row->name, out, (size_t)(w.pos - out), want, n);
        /* One octet short: nothing written. */
        memset(out, 0x5A, sizeof out);
        asn1oer_writer_init(&w, out, n - 1);
        CHECK_ROW(encode_scalar(row, &w, &len_fn) == ASN1RT_E_BUFFER_TOO_SMALL && w.pos == out && out[0] == 0x5A, row->name);
    }
}

/* ------------------------------------------------------------------ */
/* Views: bit strings, bitmaps, strings, big integers, open types.      */

typedef struct view_row {
    const char *name, *src;
    enum op op;
    size_t param;          /* fixed size (bits or octets), preamble bits, universal */
    const char *hex;       /* the encoding */
    const char *content;   /* what the view holds */
    uint8_t unused;        /* bits: unused count */
} view_row;

static const view_row views[] = {
    { "BIT STRING '0100'B", "asn1tools A", OP_BITS, 0, "02 04 40", "40", 4 },
    { "BIT STRING 8 bits", "asn1tools A", OP_BITS, 0, "02 00 41", "41", 0 },
    { "BIT STRING (SIZE (5..7)) 6 bits", "asn1tools D", OP_BITS, 0, "02 02 34", "34", 2 },
    { "BIT STRING '0101'B", "overview b6", OP_BITS, 0, "02 04 50", "50", 4 },
    { "BIT STRING empty", "derived 13", OP_BITS, 0, "01 00", "", 0 },
    { "BIT STRING (SIZE (9, ...))", "asn1tools C", OP_BITS, 0, "03 07 12 80", "12 80", 7 },
    { "BIT STRING (SIZE (9))", "asn1tools B", OP_FIXED_BITS, 9, "12 80", "12 80", 7 },
    { "BIT STRING (SIZE (4))", "overview b5", OP_FIXED_BITS, 4, "50", "50", 4 },
    { "BIT STRING (SIZE (16))", "derived 13.1", OP_FIXED_BITS, 16, "AB CD", "AB CD", 0 },
    { "extension bitmap, 1 of 1", "asn1tools E", OP_EXT_BITMAP, 0, "02 07 80", "80", 7 },
    { "extension bitmap, 9 bits", "derived 16.4", OP_EXT_BITMAP, 0, "03 07 00 80", "00 80", 7 },
    { "preamble 2 of 7", "overview A", OP_PREAMBLE, 2, "C0", "C0", 0 },
    { "preamble ext + 1", "asn1tools E", OP_PREAMBLE, 1, "80", "80", 0 },
    { "preamble 9 bits", "derived 16.2", OP_PREAMBLE, 9, "FF 80", "FF 80", 0 },
    { "IA5String \"ABC\"", "overview b3", OP_STRING, ASN1RT_UT_IA5STRING, "03 41 42 43", "41 42 43", 0 },
    { "IA5String (SIZE (3))", "overview b2", OP_FIXED_STRING, ASN1RT_UT_IA5STRING, "41 42 43", "41 42 43", 0 },
    { "UTF8String \"foo\"", "asn1tools A", OP_STRING, ASN1RT_UT_UTF8STRING, "03 66 6F 6F", "66 6F 6F", 0 },
    { "NumericString (SIZE (3))", "asn1tools B", OP_FIXED_STRING, ASN1RT_UT_NUMERICSTRING, "31 32 33", "31 32 33", 0 },
    { "OBJECT IDENTIFIER 1.2", "asn1tools", OP_OID, 0, "01 2A", "2A", 0 },
    { "OBJECT IDENTIFIER 1.2.3321", "asn1tools", OP_OID, 0, "03 2A 99 79", "2A 99 79", 0 },
    { "big INTEGER 128", "asn1tools A", OP_BIGINT, 0, "02 00 80", "00 80", 0 },
    { "big INTEGER 2^64", "derived 10.8", OP_BIGINT, 0, "09 01 00 00 00 00 00 00 00 00", "01 00 00 00 00 00 00 00 00", 0 },
    { "big (0..MAX) 2^64", "derived 10.4", OP_BIGUINT, 0, "09 01 00 00 00 00 00 00 00 00", "01 00 00 00 00 00 00 00 00", 0 },
    { "big (0..MAX) 128", "derived 10.4", OP_BIGUINT, 0, "01 80", "80", 0 },
    { "open type BOOLEAN", "asn1tools E", OP_OPEN, 0, "01 FF", "FF", 0 },
    { "OCTET STRING", "asn1tools A", OP_OCTETS, 0, "02 12 34", "12 34", 0 },
    { "OCTET STRING (SIZE (3, ...))", "asn1tools C", OP_OCTETS, 0, "03 12 34 56", "12 34 56", 0 },
    { "OCTET STRING '01020304'H", "overview b4", OP_OCTETS, 0, "04 01 02 03 04", "01 02 03 04", 0 },
    { "OCTET STRING (SIZE (3))", "asn1tools B", OP_FIXED_OCTETS, 3, "12 34 56", "12 34 56", 0 },
};

static int decode_view(const view_row *row, asn1rt_reader *r, asn1rt_view *v, uint8_t *unused)
{
    asn1rt_bits b = { NULL, 0, 0 };
    const uint8_t *pre = NULL;
    int rc;
    switch (row->op) {
    case OP_BITS: rc = asn1oer_read_bits(r, &b); break;
    case OP_FIXED_BITS: rc = asn1oer_read_fixed_bits(r, row->param, &b); break;
    case OP_EXT_BITMAP: rc = asn1oer_read_ext_bitmap(r, &b); break;
    case OP_PREAMBLE:
        rc = asn1oer_read_preamble(r, row->param, &pre);
        v->ptr = pre;
        v->len = (row->param + 7) / 8;
        *unused = 0;
        return rc;
    case OP_STRING: *unused = 0; return asn1oer_read_string(r, (unsigned)row->param, v);
    case OP_FIXED_STRING: *unused = 0; return asn1oer_read_fixed_string(r, (unsigned)row->param, unhex(row->content, (uint8_t[32]){0}, 32), v);
    case OP_OID: *unused = 0; return asn1oer_read_oid(r, v);
    case OP_BIGINT: *unused = 0; return asn1oer_read_bigint(r, v);
    case OP_BIGUINT: *unused = 0; return asn1oer_read_biguint(r, v);
    case OP_OPEN: *unused = 0; return asn1oer_read_open(r, v);
    case OP_OCTETS: *unused = 0; return asn1oer_read_octets(r, v);
    case OP_FIXED_OCTETS: *unused = 0; return asn1oer_read_fixed_octets(r, row->param, v);
    default: abort();
    }
    v->ptr = b.ptr;
    v->len = b.len;
    *unused = b.unused;
    return rc;
}

static int encode_view(const view_row *row, asn1oer_writer *w, const uint8_t *c, size_t n)
{
    asn1rt_bits b = { c, n, row->unused };
    asn1rt_view v = { c, n };
    switch (row->op) {
    case OP_BITS: return asn1oer_put_bits(w, &b);
    case OP_FIXED_BITS: return asn1oer_put_fixed_bits(w, &b, row->param);
    case OP_EXT_BITMAP: return asn1oer_put_ext_bitmap(w, &b);
    case OP_PREAMBLE: return asn1oer_put_preamble(w, c, row->param);
    case OP_STRING: case OP_OID: case OP_OPEN: case OP_OCTETS: return asn1oer_put_octets(w, c, n);
    case OP_FIXED_STRING: case OP_FIXED_OCTETS: return asn1oer_put_fixed_octets(w, c, n);
    case OP_BIGINT: return asn1oer_put_bigint(w, &v);
    case OP_BIGUINT: return asn1oer_put_biguint(w, &v);
    default: abort();
    }
}

static void test_views(void)
{
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        const view_row *row = &views[i];
        uint8_t in[32], content[32], out[32];
        size_t n = unhex(row->hex, in, sizeof in), cn = unhex(row->content, content, sizeof content);
        asn1rt_reader r;
        asn1oer_writer w;
        asn1rt_view v = { NULL, 0 };
        uint8_t unused = 0xEE;
        int rc;
        asn1oer_reader_init(&r, in, n, 0);
        rc = decode_view(row, &r, &v, &unused);
        CHECK_ROW(rc == ASN1RT_OK && asn1rt_offset(&r) == n && unused == row->unused, row->name);
        ASSERT_BYTES(row->name, v.ptr, v.len, content, cn);
        /* A view into the input, not a copy. */
        CHECK_ROW(cn == 0 || (v.ptr >= in && v.ptr + v.len <= in + n), row->name);
        asn1oer_reader_init(&r, in, n - 1, 0);
        CHECK_ROW(decode_view(row, &r, &v, &unused) == ASN1RT_E_TRUNCATED && asn1rt_offset(&r) == 0, row->name);
        asn1oer_writer_init(&w, out, sizeof out);
        CHECK_ROW(encode_view(row, &w, content, cn) == ASN1RT_OK, row->name);
        ASSERT_BYTES(row->name, out, (size_t)(w.pos - out), in, n);
        if (row->op == OP_BITS || row->op == OP_EXT_BITMAP)
            CHECK_ROW(asn1oer_bits_len(8 * cn - row->unused) == n, row->name);
        memset(out, 0x5A, sizeof out);
        asn1oer_writer_init(&w, out, n - 1);
        CHECK_ROW(encode_view(row, &w, content, cn) == ASN1RT_E_BUFFER_TOO_SMALL && w.pos == out && out[0] == 0x5A, row->name);
    }
}

/* ------------------------------------------------------------------ */
/* Rejections: code, offset, nothing consumed; and the lax flag that    */
/* accepts the form (when one does), with every other flag not.         */

typedef struct reject_row {
    const char *name;
    enum op op;
    size_t param;          /* fixed size / preamble bits / universal / min item */
    int64_t lo, hi;
    const char *hex;
    int code;
    size_t offset;
    unsigned lax;          /* the one flag that accepts it (0: none) */
    int64_t lax_value;     /* the value read then (scalars) */
} reject_row;

#define LEN ASN1RT_LAX_OER_LENGTH
#define INT ASN1RT_LAX_OER_INTEGER
#define PAD ASN1RT_LAX_OER_PADDING
#define BOOL ASN1RT_LAX_BOOLEAN

static const reject_row rejects[] = {
    /* Length determinant (X.696 8.6). */
    { "length: empty input", OP_LEN, 0, 0, 0, "", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "length: long form, octets missing", OP_LEN, 0, 0, 0, "82 01", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "length: content past the end", OP_LEN, 0, 0, 0, "05 01 02", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "length: long content past the end", OP_LEN, 0, 0, 0, "81 80 00", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "length: 0x80 counts no octets", OP_LEN, 0, 0, 0, "80", ASN1RT_E_LENGTH_NOT_MINIMAL, 0, 0, 0 },
    { "length: long form below 128", OP_LEN, 0, 0, 0, "81 02 AA BB", ASN1RT_E_LENGTH_NOT_MINIMAL, 0, LEN, 2 },
    { "length: leading zero octet", OP_LEN, 0, 0, 0, "82 00 01 AA", ASN1RT_E_LENGTH_NOT_MINIMAL, 0, LEN, 1 },
    { "length: beyond size_t", OP_LEN, 0, 0, 0, "89 01 00 00 00 00 00 00 00 00", ASN1RT_E_LENGTH_TOO_LARGE, 0, 0, 0 },
    { "length: 2^64-1 octets not there", OP_LEN, 0, 0, 0, "88 FF FF FF FF FF FF FF FF", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    /* Fixed-size integers (X.696 10.2, 10.3). */
    { "fixed: 2 octets, 1 there", OP_FIXED_UINT, 2, 0, 65535, "01", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "fixed: 101 in (0..100)", OP_FIXED_UINT, 1, 0, 100, "65", ASN1RT_E_VALUE_CONSTRAINT, 0, 0, 0 },
    { "fixed: -6 in (-5..5)", OP_FIXED_INT, 1, -5, 5, "FA", ASN1RT_E_VALUE_CONSTRAINT, 0, 0, 0 },
    { "fixed: 400 in (-290..399)", OP_FIXED_INT, 2, -290, 399, "01 90", ASN1RT_E_VALUE_CONSTRAINT, 0, 0, 0 },
    /* Length-prefixed integers (X.696 10.4..10.9). */
    { "uint: no content", OP_UINT, 0, ANY_U, "00", ASN1RT_E_INTEGER_EMPTY, 0, 0, 0 },
    { "int: no content", OP_INT, 0, ANY_I, "00", ASN1RT_E_INTEGER_EMPTY, 0, 0, 0 },
    { "uint: leading 00", OP_UINT, 0, ANY_U, "02 00 01", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, 1 },
    { "uint: 9 octets, leading 00", OP_UINT, 0, ANY_U, "09 00 FF FF FF FF FF FF FF FF", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, U(UINT64_MAX) },
    { "int: leading 00", OP_INT, 0, ANY_I, "02 00 7F", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, 127 },
    { "int: leading FF", OP_INT, 0, ANY_I, "02 FF 80", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, -128 },
    { "int: beyond int64", OP_INT, 0, ANY_I, "09 01 00 00 00 00 00 00 00 00", ASN1RT_E_INTEGER_RANGE, 1, 0, 0 },
    { "uint: beyond uint64", OP_UINT, 0, ANY_U, "09 01 00 00 00 00 00 00 00 00", ASN1RT_E_INTEGER_RANGE, 1, 0, 0 },
    { "uint: 999 in (1000..MAX)", OP_UINT, 0, 1000, U(UINT64_MAX), "02 03 E7", ASN1RT_E_VALUE_CONSTRAINT, 1, 0, 0 },
    { "int: -2 in (-1..MAX)", OP_INT, 0, -1, INT64_MAX, "01 FE", ASN1RT_E_VALUE_CONSTRAINT, 1, 0, 0 },
    { "int: content past the end", OP_INT, 0, ANY_I, "03 01 02", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "int: determinant not minimal", OP_INT, 0, ANY_I, "81 01 05", ASN1RT_E_LENGTH_NOT_MINIMAL, 0, LEN, 5 },
    { "bigint: leading 00", OP_BIGINT, 0, 0, 0, "02 00 01", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, 0 },
    { "bigint: empty", OP_BIGINT, 0, 0, 0, "00", ASN1RT_E_INTEGER_EMPTY, 0, 0, 0 },
    { "biguint: leading 00 (minimal signed)", OP_BIGUINT, 0, 0, 0, "02 00 80", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, 0 },
    /* SEQUENCE OF quantity (X.696 17). */
    { "quantity: 5 items, 2 octets left", OP_QUANTITY, 1, 0, 0, "01 05 01 02", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "quantity: leading 00", OP_QUANTITY, 0, 0, 0, "02 00 05", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, 5 },
    /* ENUMERATED (X.696 11). */
    { "enum: empty input", OP_ENUM, 0, 0, 0, "", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "enum: long form, no octets", OP_ENUM, 0, 0, 0, "80", ASN1RT_E_INTEGER_EMPTY, 0, 0, 0 },
    { "enum: 5 in the long form", OP_ENUM, 0, 0, 0, "81 05", ASN1RT_E_OER_ENUM_FORM, 0, INT, 5 },
    { "enum: -1 not minimal", OP_ENUM, 0, 0, 0, "82 FF FF", ASN1RT_E_INTEGER_NOT_MINIMAL, 1, INT, -1 },
    { "enum: value octets missing", OP_ENUM, 0, 0, 0, "82 00", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "enum: beyond int64", OP_ENUM, 0, 0, 0, "89 01 00 00 00 00 00 00 00 00", ASN1RT_E_INTEGER_RANGE, 1, 0, 0 },
    /* BOOLEAN (X.696 9). */
    { "bool: empty input", OP_BOOL, 0, 0, 0, "", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "bool: 0x01", OP_BOOL, 0, 0, 0, "01", ASN1RT_E_BOOLEAN_VALUE, 0, BOOL, 1 },
    /* Tags (X.696 8.7). */
    { "tag: empty input", OP_TAG, 0, 0, 0, "", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "tag: long form, nothing after", OP_TAG, 0, 0, 0, "BF", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "tag: long form for 62", OP_TAG, 0, 0, 0, "BF 3E", ASN1RT_E_TAG_NOT_MINIMAL, 0, 0, 0 },
    { "tag: leading 0x80", OP_TAG, 0, 0, 0, "BF 80 7F", ASN1RT_E_TAG_NOT_MINIMAL, 0, 0, 0 },
    { "tag: ends inside the number", OP_TAG, 0, 0, 0, "BF 81", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "tag: beyond 2^28-1", OP_TAG, 0, 0, 0, "BF 81 80 80 80 00", ASN1RT_E_TAG_TOO_LARGE, 0, 0, 0 },
    /* Preamble (X.696 16.2). */
    { "preamble: 3 bits, padding set", OP_PREAMBLE, 3, 0, 0, "E1", ASN1RT_E_OER_PADDING, 0, PAD, 0 },
    { "preamble: 9 bits, padding set", OP_PREAMBLE, 9, 0, 0, "FF C0", ASN1RT_E_OER_PADDING, 1, PAD, 0 },
    { "preamble: 9 bits, 1 octet", OP_PREAMBLE, 9, 0, 0, "FF", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    /* Extension addition presence bitmap (X.696 16.4). */
    { "ext bitmap: no octets", OP_EXT_BITMAP, 0, 0, 0, "00", ASN1RT_E_OER_EXTENSIONS, 0, 0, 0 },
    { "ext bitmap: no bits", OP_EXT_BITMAP, 0, 0, 0, "01 00", ASN1RT_E_OER_EXTENSIONS, 0, 0, 0 },
    { "ext bitmap: no bit set", OP_EXT_BITMAP, 0, 0, 0, "02 07 00", ASN1RT_E_OER_EXTENSIONS, 0, 0, 0 },
    { "ext bitmap: unused 8", OP_EXT_BITMAP, 0, 0, 0, "02 08 80", ASN1RT_E_BITSTRING_UNUSED, 1, 0, 0 },
    { "ext bitmap: padding set", OP_EXT_BITMAP, 0, 0, 0, "02 07 81", ASN1RT_E_OER_PADDING, 2, PAD, 0 },
    { "ext bitmap: past the end", OP_EXT_BITMAP, 0, 0, 0, "03 07 80", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    /* BIT STRING (X.696 13). */
    { "bits: no unused-bits octet", OP_BITS, 0, 0, 0, "00", ASN1RT_E_BITSTRING_EMPTY, 0, 0, 0 },
    { "bits: unused 1, no bits", OP_BITS, 0, 0, 0, "01 01", ASN1RT_E_BITSTRING_UNUSED, 1, 0, 0 },
    { "bits: unused 8", OP_BITS, 0, 0, 0, "02 08 00", ASN1RT_E_BITSTRING_UNUSED, 1, 0, 0 },
    { "bits: padding set", OP_BITS, 0, 0, 0, "02 04 41", ASN1RT_E_BITSTRING_PADDING, 2, PAD, 0 },
    { "fixed bits: padding set", OP_FIXED_BITS, 9, 0, 0, "12 81", ASN1RT_E_BITSTRING_PADDING, 1, PAD, 0 },
    { "fixed bits: 1 of 2 octets", OP_FIXED_BITS, 9, 0, 0, "12", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    /* Strings and OIDs (X.696 14, 21, 26). */
    { "IA5String 0x80", OP_STRING, ASN1RT_UT_IA5STRING, 0, 0, "03 41 42 80", ASN1RT_E_STRING_ALPHABET, 3, 0, 0 },
    { "BMPString odd length", OP_STRING, ASN1RT_UT_BMPSTRING, 0, 0, "03 00 41 00", ASN1RT_E_STRING_LENGTH, 0, 0, 0 },
    { "fixed VisibleString 0x7F", OP_FIXED_STRING, ASN1RT_UT_VISIBLESTRING, 2, 0, "41 7F", ASN1RT_E_STRING_ALPHABET, 1, 0, 0 },
    { "fixed string: 3 octets, 2 there", OP_FIXED_STRING, ASN1RT_UT_IA5STRING, 3, 0, "41 42", ASN1RT_E_TRUNCATED, 0, 0, 0 },
    { "OID: empty", OP_OID, 0, 0, 0, "00", ASN1RT_E_OID_EMPTY, 0, 0, 0 },
    { "OID: arc led by 0x80", OP_OID, 0, 0, 0, "03 2A 80 01", ASN1RT_E_OID_NOT_MINIMAL, 2, 0, 0 },
    /* Open types (X.696 30). */
    { "open: past the end", OP_OPEN, 0, 0, 0, "03 01 02", ASN1RT_E_TRUNCATED, 0, 0, 0 },
};

/* Runs a rejection row's read with flags lax; *value gets scalars. */
static int run_reject(const reject_row *row, const uint8_t *in, size_t n, unsigned lax, int64_t *value, asn1rt_reader *r)
{
    asn1rt_bits b;
    asn1rt_view v;
    const uint8_t *pre;
    uint64_t u = 0;
    uint32_t t = 0;
    size_t z = 0;
    bool bo = false;
    int rc;
    asn1oer_reader_init(r, in, n, lax);
    *value = 0;
    switch (row->op) {
    case OP_LEN: rc = asn1oer_read_length(r, &z); *value = (int64_t)z; return rc;
    case OP_FIXED_UINT: rc = asn1oer_read_fixed_uint(r, (unsigned)row->param, (uint64_t)row->lo, (uint64_t)row->hi, &u); *value = (int64_t)u; return rc;
    case OP_FIXED_INT: return asn1oer_read_fixed_int(r, (unsigned)row->param, row->lo, row->hi, value);
    case OP_UINT: rc = asn1oer_read_uint(r, (uint64_t)row->lo, (uint64_t)row->hi, &u); *value = (int64_t)u; return rc;
    case OP_INT: return asn1oer_read_int(r, row->lo, row->hi, value);
    case OP_ENUM: return asn1oer_read_enum(r, value);
    case OP_BOOL: rc = asn1oer_read_bool(r, &bo); *value = bo; return rc;
    case OP_TAG: rc = asn1oer_read_tag(r, &t); *value = t; return rc;
    case OP_QUANTITY: rc = asn1oer_read_quantity(r, row->param, &z); *value = (int64_t)z; return rc;
    case OP_BIGINT: return asn1oer_read_bigint(r, &v);
    case OP_BIGUINT: return asn1oer_read_biguint(r, &v);
    case OP_BITS: return asn1oer_read_bits(r, &b);
    case OP_FIXED_BITS: return asn1oer_read_fixed_bits(r, row->param, &b);
    case OP_EXT_BITMAP: return asn1oer_read_ext_bitmap(r, &b);
    case OP_PREAMBLE: return asn1oer_read_preamble(r, row->param, &pre);
    case OP_STRING: return asn1oer_read_string(r, (unsigned)row->param, &v);
    case OP_FIXED_STRING: return asn1oer_read_fixed_string(r, (unsigned)row->param, (size_t)row->lo, &v);
    case OP_OID: return asn1oer_read_oid(r, &v);
    case OP_OPEN: return asn1oer_skip_open(r);
    default: break;
    }
    abort();
}

static const unsigned all_lax = ASN1RT_LAX_BOOLEAN | ASN1RT_LAX_INTEGER | ASN1RT_LAX_LENGTH | ASN1RT_LAX_SET_ORDER |
                                ASN1RT_LAX_DEFAULT | ASN1RT_LAX_TRAILING | LEN | INT | PAD;

static void test_rejects(void)
{
    for (size_t i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
        const reject_row *row = &rejects[i];
        uint8_t in[32];
        size_t n = unhex(row->hex, in, sizeof in);
        asn1rt_reader r;
        int64_t v;
        int rc = run_reject(row, in, n, 0, &v, &r);
        CHECK_ROW(rc == row->code && r.err_offset == row->offset && asn1rt_offset(&r) == 0, row->name);
        if (rc != row->code || r.err_offset != row->offset)
            fprintf(stderr, "    got code %d offset %zu\n", rc, r.err_offset);
        /* Every flag but the one that names the rule: still refused. */
        rc = run_reject(row, in, n, all_lax & ~row->lax, &v, &r);
        CHECK_ROW(rc == row->code && asn1rt_offset(&r) == 0, row->name);
        if (row->lax != 0) {
            /* A determinant alone stops before what it counts. */
            size_t end = row->op == OP_LEN ? n - (size_t)row->lax_value : n;
            rc = run_reject(row, in, n, row->lax, &v, &r);
            CHECK_ROW(rc == ASN1RT_OK && asn1rt_offset(&r) == end, row->name);
            if (row->op <= OP_QUANTITY)
                CHECK_ROW(v == row->lax_value, row->name);
        }
    }
}

/* In-memory values the writers refuse (nothing written). */
static void test_write_refusals(void)
{
    static const uint8_t o80[] = { 0x80 }, o00[] = { 0x00, 0x80 }, o41[] = { 0x41 }, z[] = { 0x00 };
    uint8_t out[16];
    asn1oer_writer w;
    asn1rt_bits pad = { o41, 1, 4 }, unused8 = { o80, 1, 8 }, none = { z, 1, 7 }, empty = { NULL, 0, 0 };
    asn1rt_bigint big00 = { o00, 2 }, bigempty = { NULL, 0 };
    asn1rt_view u00 = { o00, 2 };
    uint8_t pre[1] = { 0xE1 };
    struct { const char *name; int rc, want; } rows[8];
    size_t k = 0;
#define REFUSE(nm, call, code) do { asn1oer_writer_init(&w, out, sizeof out); \
        rows[k].name = (nm); rows[k].rc = (call); rows[k].want = (code); \
        CHECK_ROW(rows[k].rc == rows[k].want && w.pos == out, rows[k].name); k++; } while (0)
    REFUSE("fixed uint 256 in 1 octet", asn1oer_put_fixed_uint(&w, 1, 256), ASN1RT_E_VALUE_CONSTRAINT);
    REFUSE("fixed int -129 in 1 octet", asn1oer_put_fixed_int(&w, 1, -129), ASN1RT_E_VALUE_CONSTRAINT);
    REFUSE("bits with padding set", asn1oer_put_bits(&w, &pad), ASN1RT_E_BITSTRING_PADDING);
    REFUSE("bits unused 8", asn1oer_put_bits(&w, &unused8), ASN1RT_E_BITSTRING_UNUSED);
    REFUSE("ext bitmap with no bit set", asn1oer_put_ext_bitmap(&w, &none), ASN1RT_E_OER_EXTENSIONS);
    REFUSE("ext bitmap empty", asn1oer_put_ext_bitmap(&w, &empty), ASN1RT_E_OER_EXTENSIONS);
    REFUSE("preamble padding set", asn1oer_put_preamble(&w, pre, 3), ASN1RT_E_OER_PADDING);
    REFUSE("fixed bits, 1 bit for SIZE (9)", asn1oer_put_fixed_bits(&w, &none, 9), ASN1RT_E_SIZE_CONSTRAINT);
    (void)k;
    asn1oer_writer_init(&w, out, sizeof out);
    CHECK_ROW(asn1oer_put_bigint(&w, &big00) == ASN1RT_OK, "bigint 00 80 is minimal");
    asn1oer_writer_init(&w, out, sizeof out);
    CHECK_ROW(asn1oer_put_biguint(&w, &u00) == ASN1RT_E_INTEGER_NOT_MINIMAL && w.pos == out, "biguint 00 80");
    CHECK_ROW(asn1oer_put_bigint(&w, &bigempty) == ASN1RT_E_INTEGER_EMPTY, "bigint empty");
    CHECK_ROW(asn1oer_put_tag(&w, ASN1RT_TAG(2, 0, 0x10000000u)) == ASN1RT_E_TAG_TOO_LARGE, "tag 2^28");
    CHECK_ROW(asn1oer_read_fixed_uint(NULL, 1, 0, 1, NULL) == ASN1RT_E_ARG, "NULL reader");
    CHECK_ROW(asn1oer_put_fixed_uint(&w, 3, 0) == ASN1RT_E_ARG, "3-octet fixed size");
}

/* ------------------------------------------------------------------ */
/* Fixed sizes by bounds (X.696 10.2, 10.3).                            */

static void test_fixed_sizes(void)
{
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(100), 1);       /* overview a1 */
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(255), 1);
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(256), 2);
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(60000), 2);     /* overview a3 */
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(65536), 4);     /* asn1tools G */
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets(UINT32_MAX), 4);
    CU_ASSERT_EQUAL(asn1oer_fixed_unsigned_octets((uint64_t)UINT32_MAX + 1), 8); /* asn1tools H */
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(-128, 127), 1);
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(-129, 127), 2);
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(-1, 128), 2);
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(-290, 399), 2);   /* overview a2 */
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(-5000000, 5000000), 4); /* overview a4 */
    CU_ASSERT_EQUAL(asn1oer_fixed_signed_octets(INT32_MIN, (int64_t)INT32_MAX + 1), 8);
}

/* ------------------------------------------------------------------ */
/* Whole values, as generated code will encode and decode them.        */

typedef struct name3 { asn1rt_view given, initial, family; } name3;

/* Name ::= SEQUENCE { givenName, initial, familyName VisibleString } */
static int put_name(asn1oer_writer *w, const name3 *n)
{
    TRY(asn1oer_put_octets(w, n->given.ptr, n->given.len));
    TRY(asn1oer_put_octets(w, n->initial.ptr, n->initial.len));
    return asn1oer_put_octets(w, n->family.ptr, n->family.len);
}

static int get_name(asn1rt_reader *r, name3 *n)
{
    int rc;
    if ((rc = asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &n->given)) != ASN1RT_OK ||
        (rc = asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &n->initial)) != ASN1RT_OK)
        return rc;
    return asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &n->family);
}

#define V(s) { (const uint8_t *)(s), sizeof(s) - 1 }

/* X.691 A.1 PersonnelRecord: a SET, so in OER its components go in tag
 * order (name [APPLICATION 1], number [APPLICATION 2], title [0],
 * dateOfHire [1], nameOfSpouse [2], children [3] DEFAULT {}: one preamble
 * bit). number is an unconstrained INTEGER. */
static const name3 john = { V("John"), V("P"), V("Smith") }, mary = { V("Mary"), V("T"), V("Smith") };
static const name3 kids[2] = { { V("Ralph"), V("T"), V("Smith") }, { V("Susan"), V("B"), V("Jones") } };
static const asn1rt_view kid_born[2] = { V("19571111"), V("19590717") };

static int encode_personnel(asn1oer_writer *w)
{
    uint8_t pre[1] = { 0 };
    asn1oer_set_bit(pre, 0);                       /* children present */
    TRY(asn1oer_put_preamble(w, pre, 1));
    TRY(put_name(w, &john));
    TRY(asn1oer_put_int(w, 51));
    TRY(asn1oer_put_octets(w, (const uint8_t *)"Director", 8));
    TRY(asn1oer_put_octets(w, (const uint8_t *)"19710917", 8));
    TRY(put_name(w, &mary));
    TRY(asn1oer_put_quantity(w, 2));
    for (size_t i = 0; i < 2; i++) {
        TRY(put_name(w, &kids[i]));
        TRY(asn1oer_put_octets(w, kid_born[i].ptr, kid_born[i].len));
    }
    return ASN1RT_OK;
}

static int decode_personnel(asn1rt_reader *r)
{
    const uint8_t *pre;
    name3 n;
    asn1rt_view t, d;
    int64_t num;
    size_t q;
    int rc;
    if ((rc = asn1oer_read_preamble(r, 1, &pre)) != ASN1RT_OK) return rc;
    if ((rc = get_name(r, &n)) != ASN1RT_OK) return rc;
    if (n.family.len != 5 || memcmp(n.family.ptr, "Smith", 5) != 0) return -1;
    if ((rc = asn1oer_read_int(r, INT64_MIN, INT64_MAX, &num)) != ASN1RT_OK) return rc;
    if (num != 51) return -1;
    if ((rc = asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &t)) != ASN1RT_OK) return rc;
    if ((rc = asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &d)) != ASN1RT_OK) return rc;
    if (t.len != 8 || memcmp(t.ptr, "Director", 8) != 0 || d.len != 8) return -1;
    if ((rc = get_name(r, &n)) != ASN1RT_OK) return rc;
    if (!asn1oer_bit(pre, 0)) return -1;
    if ((rc = asn1oer_read_quantity(r, 4, &q)) != ASN1RT_OK) return rc;
    if (q != 2) return -1;
    for (size_t i = 0; i < q; i++) {
        if ((rc = get_name(r, &n)) != ASN1RT_OK) return rc;
        if ((rc = asn1oer_read_string(r, ASN1RT_UT_VISIBLESTRING, &d)) != ASN1RT_OK) return rc;
        if (d.len != 8 || memcmp(d.ptr, kid_born[i].ptr, 8) != 0) return -1;
    }
    return asn1rt_expect_end(r);
}

/* overview A: a1 (0..100), a2 (-290..399), a3 (0..60000) OPTIONAL,
 * a4 (-5000000..5000000), a5 (1000..MAX), a6 (-1..MAX), a7 INTEGER
 * OPTIONAL; all 4 but a5 = 1024. */
static int encode_overview_a(asn1oer_writer *w)
{
    uint8_t pre[1] = { 0 };
    asn1oer_set_bit(pre, 0);
    asn1oer_set_bit(pre, 1);
    TRY(asn1oer_put_preamble(w, pre, 2));
    TRY(asn1oer_put_fixed_uint(w, 1, 4));            /* a1 */
    TRY(asn1oer_put_fixed_int(w, 2, 4));             /* a2 */
    TRY(asn1oer_put_fixed_uint(w, 2, 4));            /* a3 */
    TRY(asn1oer_put_fixed_int(w, 4, 4));             /* a4 */
    TRY(asn1oer_put_uint(w, 1024));                  /* a5 */
    TRY(asn1oer_put_int(w, 4));                      /* a6 */
    return asn1oer_put_int(w, 4);                    /* a7 */
}

static int decode_overview_a(asn1rt_reader *r)
{
    const uint8_t *pre;
    uint64_t u;
    int64_t s;
    int rc;
    if ((rc = asn1oer_read_preamble(r, 2, &pre)) != ASN1RT_OK) return rc;
    if (!asn1oer_bit(pre, 0) || !asn1oer_bit(pre, 1)) return -1;
    if ((rc = asn1oer_read_fixed_uint(r, 1, 0, 100, &u)) != ASN1RT_OK || u != 4) return rc ? rc : -1;
    if ((rc = asn1oer_read_fixed_int(r, 2, -290, 399, &s)) != ASN1RT_OK || s != 4) return rc ? rc : -1;
    if ((rc = asn1oer_read_fixed_uint(r, 2, 0, 60000, &u)) != ASN1RT_OK || u != 4) return rc ? rc : -1;
    if ((rc = asn1oer_read_fixed_int(r, 4, -5000000, 5000000, &s)) != ASN1RT_OK || s != 4) return rc ? rc : -1;
    if ((rc = asn1oer_read_uint(r, 1000, UINT64_MAX, &u)) != ASN1RT_OK || u != 1024) return rc ? rc : -1;
    if ((rc = asn1oer_read_int(r, -1, INT64_MAX, &s)) != ASN1RT_OK || s != 4) return rc ? rc : -1;
    if ((rc = asn1oer_read_int(r, INT64_MIN, INT64_MAX, &s)) != ASN1RT_OK || s != 4) return rc ? rc : -1;
    return asn1rt_expect_end(r);
}

/* overview C: CHOICE { c1 BOOLEAN, c2 SEQUENCE OF ENUMERATED
 * { a, b, c, d, e } }, c2 : { b, c, d, e }. */
static int encode_overview_c(asn1oer_writer *w)
{
    TRY(asn1oer_put_tag(w, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 1)));
    TRY(asn1oer_put_quantity(w, 4));
    for (int64_t e = 1; e <= 4; e++)
        TRY(asn1oer_put_enum(w, e));
    return ASN1RT_OK;
}

static int decode_overview_c(asn1rt_reader *r)
{
    uint32_t t;
    size_t q;
    int64_t e;
    int rc;
    if ((rc = asn1oer_read_tag(r, &t)) != ASN1RT_OK) return rc;
    if (t != ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 1)) return -1;
    if ((rc = asn1oer_read_quantity(r, 1, &q)) != ASN1RT_OK || q != 4) return rc ? rc : -1;
    for (size_t i = 0; i < q; i++)
        if ((rc = asn1oer_read_enum(r, &e)) != ASN1RT_OK || e != (int64_t)i + 1) return rc ? rc : -1;
    return asn1rt_expect_end(r);
}

/* asn1tools E: SEQUENCE { a BOOLEAN, ..., b BOOLEAN }, { a TRUE, b TRUE }:
 * preamble with the extension bit, a, the presence bitmap, b wrapped as
 * an open type (X.696 16.4, 16.5). */
static int encode_ext_seq(asn1oer_writer *w)
{
    static const uint8_t one = 0x80;
    asn1rt_bits present = { &one, 1, 7 };
    uint8_t pre[1] = { 0 };
    uint8_t *mark;
    asn1oer_set_bit(pre, 0);
    TRY(asn1oer_put_preamble(w, pre, 1));
    TRY(asn1oer_put_bool(w, true));                          /* a */
    TRY(asn1oer_put_ext_bitmap(w, &present));
    TRY(asn1oer_open_begin(w, &mark));                       /* open type */
    TRY(asn1oer_put_bool(w, true));                          /* b */
    return asn1oer_open_end(w, mark);
}

static int decode_ext_seq(asn1rt_reader *r)
{
    const uint8_t *pre;
    asn1rt_bits present;
    asn1rt_reader child;
    bool a, b;
    int rc;
    if ((rc = asn1oer_read_preamble(r, 1, &pre)) != ASN1RT_OK) return rc;
    if ((rc = asn1oer_read_bool(r, &a)) != ASN1RT_OK) return rc;
    if (!asn1oer_bit(pre, 0)) return -1;
    if ((rc = asn1oer_read_ext_bitmap(r, &present)) != ASN1RT_OK) return rc;
    if (!asn1rt_bits_test(&present, 0)) return -1;
    if ((rc = asn1oer_enter_open(r, &child)) != ASN1RT_OK) return rc;
    if ((rc = asn1oer_read_bool(&child, &b)) != ASN1RT_OK) return rc;
    if ((rc = asn1rt_expect_end(&child)) != ASN1RT_OK) return rc;
    if (!a || !b) return -1;
    return asn1rt_expect_end(r);
}

/* asn1tools CHOICE B { a BOOLEAN, ..., b BOOLEAN, c INTEGER }, c : 1000:
 * an alternative after the marker is an open type (X.696 20.2). */
static int encode_ext_choice(asn1oer_writer *w)
{
    uint8_t *mark;
    TRY(asn1oer_put_tag(w, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 2)));
    TRY(asn1oer_open_begin(w, &mark));
    TRY(asn1oer_put_int(w, 1000));
    return asn1oer_open_end(w, mark);
}

static int decode_ext_choice(asn1rt_reader *r)
{
    asn1rt_reader child;
    uint32_t t;
    int64_t v;
    int rc;
    if ((rc = asn1oer_read_tag(r, &t)) != ASN1RT_OK) return rc;
    if (t != ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 2)) return -1;
    if ((rc = asn1oer_enter_open(r, &child)) != ASN1RT_OK) return rc;
    if ((rc = asn1oer_read_int(&child, INT64_MIN, INT64_MAX, &v)) != ASN1RT_OK) return rc;
    if ((rc = asn1rt_expect_end(&child)) != ASN1RT_OK || v != 1000) return rc ? rc : -1;
    return asn1rt_expect_end(r);
}

/* A TS 103 097 / IEEE 1609.2 signed SPDU (IEEE1609dot2.asn of the issue's
 * modules): Ieee1609Dot2Data { 3, signedData { sha256, tbsData { payload
 * { data { 3, unsecuredData '0102030405'H } }, headerInfo { psid 36,
 * generationTime 20000000000, inlineP2pcdRequest { 'AABBCC'H } } },
 * signer digest 'A1..A8'H, signature ecdsaNistP256Signature { x-only
 * 10..2F, sSig 80..9F } } }. It has CHOICE tags of extensible CHOICEs,
 * an ENUMERATED, fixed-size Uint8/Uint64 and OCTET STRINGs, a
 * length-prefixed Psid, two preambles, and an extension addition with
 * its bitmap and open type. The bytes, written by these functions, were
 * decoded by tshark 4.0.17's IEEE 1609.2 dissector (behind a
 * GeoNetworking secured-packet header) to exactly these field values,
 * with no expert info in the 1609.2 part. */
#define CTX(n) ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, (n))
static const uint8_t spdu_cam[5] = { 1, 2, 3, 4, 5 };
static const uint8_t spdu_digest[8] = { 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8 };
static const uint8_t spdu_p2pcd[3] = { 0xAA, 0xBB, 0xCC };

static void spdu_sig(uint8_t r[32], uint8_t s[32])
{
    for (int i = 0; i < 32; i++) {
        r[i] = (uint8_t)(0x10 + i);
        s[i] = (uint8_t)(0x80 + i);
    }
}

static int encode_spdu(asn1oer_writer *w)
{
    static const uint8_t first = 0x80;
    asn1rt_bits present = { &first, 1, 6 };   /* 2 additions, the first present */
    uint8_t pre[1], *mark, rsig[32], ssig[32];
    spdu_sig(rsig, ssig);
    TRY(asn1oer_put_fixed_uint(w, 1, 3));
    TRY(asn1oer_put_tag(w, CTX(1)));                  /* signedData */
    TRY(asn1oer_put_enum(w, 0));                      /* sha256 */
    pre[0] = 0;
    asn1oer_set_bit(pre, 1);                          /* payload.data */
    TRY(asn1oer_put_preamble(w, pre, 3));
    TRY(asn1oer_put_fixed_uint(w, 1, 3));
    TRY(asn1oer_put_tag(w, CTX(0)));                  /* unsecuredData */
    TRY(asn1oer_put_octets(w, spdu_cam, sizeof spdu_cam));
    pre[0] = 0;
    asn1oer_set_bit(pre, 0);                          /* extension bit */
    asn1oer_set_bit(pre, 1);                          /* generationTime */
    TRY(asn1oer_put_preamble(w, pre, 7));
    TRY(asn1oer_put_uint(w, 36));                                /* psid */
    TRY(asn1oer_put_fixed_uint(w, 8, UINT64_C(20000000000)));   /* generationTime */
    TRY(asn1oer_put_ext_bitmap(w, &present));
    TRY(asn1oer_open_begin(w, &mark));                /* inlineP2pcdRequest */
    TRY(asn1oer_put_quantity(w, 1));
    TRY(asn1oer_put_fixed_octets(w, spdu_p2pcd, 3));
    TRY(asn1oer_open_end(w, mark));
    TRY(asn1oer_put_tag(w, CTX(0)));                  /* signer: digest */
    TRY(asn1oer_put_fixed_octets(w, spdu_digest, 8));
    TRY(asn1oer_put_tag(w, CTX(0)));                  /* ecdsaNistP256Signature */
    TRY(asn1oer_put_tag(w, CTX(0)));                  /* x-only */
    TRY(asn1oer_put_fixed_octets(w, rsig, 32));
    return asn1oer_put_fixed_octets(w, ssig, 32);
}

#define EXPECT(c) do { if (!(c)) return -1; } while (0)

static int decode_spdu(asn1rt_reader *r)
{
    const uint8_t *pre;
    asn1rt_bits present;
    asn1rt_reader open;
    asn1rt_view v;
    uint8_t rsig[32], ssig[32];
    uint64_t u;
    uint32_t t;
    int64_t e;
    size_t q;
    spdu_sig(rsig, ssig);
    TRY(asn1oer_read_fixed_uint(r, 1, 3, 3, &u));
    TRY(asn1oer_read_tag(r, &t));
    EXPECT(t == CTX(1));
    TRY(asn1oer_read_enum(r, &e));
    EXPECT(e == 0);
    TRY(asn1oer_read_preamble(r, 3, &pre));
    EXPECT(!asn1oer_bit(pre, 0) && asn1oer_bit(pre, 1) && !asn1oer_bit(pre, 2));
    TRY(asn1oer_read_fixed_uint(r, 1, 3, 3, &u));
    TRY(asn1oer_read_tag(r, &t));
    EXPECT(t == CTX(0));
    TRY(asn1oer_read_octets(r, &v));
    EXPECT(v.len == 5 && memcmp(v.ptr, spdu_cam, 5) == 0);
    TRY(asn1oer_read_preamble(r, 7, &pre));
    TRY(asn1oer_read_uint(r, 0, UINT64_MAX, &u));
    EXPECT(u == 36 && asn1oer_bit(pre, 1));
    TRY(asn1oer_read_fixed_uint(r, 8, 0, UINT64_MAX, &u));
    EXPECT(u == UINT64_C(20000000000));
    for (size_t i = 2; i < 7; i++)
        EXPECT(!asn1oer_bit(pre, i));
    EXPECT(asn1oer_bit(pre, 0));
    TRY(asn1oer_read_ext_bitmap(r, &present));
    EXPECT(present.len * 8 - present.unused == 2 && asn1rt_bits_test(&present, 0) && !asn1rt_bits_test(&present, 1));
    TRY(asn1oer_enter_open(r, &open));
    TRY(asn1oer_read_quantity(&open, 3, &q));
    EXPECT(q == 1);
    TRY(asn1oer_read_fixed_octets(&open, 3, &v));
    EXPECT(memcmp(v.ptr, spdu_p2pcd, 3) == 0);
    TRY(asn1rt_expect_end(&open));
    TRY(asn1oer_read_tag(r, &t));
    EXPECT(t == CTX(0));
    TRY(asn1oer_read_fixed_octets(r, 8, &v));
    EXPECT(memcmp(v.ptr, spdu_digest, 8) == 0);
    TRY(asn1oer_read_tag(r, &t));
    EXPECT(t == CTX(0));
    TRY(asn1oer_read_tag(r, &t));
    EXPECT(t == CTX(0));
    TRY(asn1oer_read_fixed_octets(r, 32, &v));
    EXPECT(memcmp(v.ptr, rsig, 32) == 0);
    TRY(asn1oer_read_fixed_octets(r, 32, &v));
    EXPECT(memcmp(v.ptr, ssig, 32) == 0);
    return asn1rt_expect_end(r);
}

typedef struct value_row {
    const char *name, *src, *hex;
    int (*encode)(asn1oer_writer *w);
    int (*decode)(asn1rt_reader *r);
} value_row;

static const value_row values[] = {
    { "PersonnelRecord", "x691a1",
      "80 04 4A 6F 68 6E 01 50 05 53 6D 69 74 68 01 33 08 44 69 72 65 63 74 6F 72 08 31 39 37 31 30 39"
      "31 37 04 4D 61 72 79 01 54 05 53 6D 69 74 68 01 02 05 52 61 6C 70 68 01 54 05 53 6D 69 74 68 08"
      "31 39 35 37 31 31 31 31 05 53 75 73 61 6E 01 42 05 4A 6F 6E 65 73 08 31 39 35 39 30 37 31 37",
      encode_personnel, decode_personnel },
    { "overview A", "overview", "C0 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01 04", encode_overview_a, decode_overview_a },
    { "overview C", "overview", "81 01 04 01 02 03 04", encode_overview_c, decode_overview_c },
    { "extension addition b", "asn1tools E", "80 FF 02 07 80 01 FF", encode_ext_seq, decode_ext_seq },
    { "extension alternative c", "asn1tools B", "82 03 02 03 E8", encode_ext_choice, decode_ext_choice },
    { "TS 103 097 signed SPDU", "wireshark",
      "03 81 00 40 03 80 05 01 02 03 04 05 C0 01 24 00 00 00 04 A8 17 C8 00 02 06 80 05 01 01 AA BB CC"
      "80 A1 A2 A3 A4 A5 A6 A7 A8 80 80 10 11 12 13 14 15 16 17 18 19 1A 1B 1C 1D 1E 1F 20 21 22 23 24"
      "25 26 27 28 29 2A 2B 2C 2D 2E 2F 80 81 82 83 84 85 86 87 88 89 8A 8B 8C 8D 8E 8F 90 91 92 93 94"
      "95 96 97 98 99 9A 9B 9C 9D 9E 9F", encode_spdu, decode_spdu },
};

static void test_values(void)
{
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        const value_row *row = &values[i];
        uint8_t want[128], out[128];
        size_t n = unhex(row->hex, want, sizeof want);
        asn1oer_writer w;
        asn1rt_reader r;
        asn1oer_writer_init(&w, out, sizeof out);
        CHECK_ROW(row->encode(&w) == ASN1RT_OK, row->name);
        ASSERT_BYTES(row->name, out, (size_t)(w.pos - out), want, n);
        asn1oer_reader_init(&r, want, n, 0);
        CHECK_ROW(row->decode(&r) == ASN1RT_OK, row->name);
        /* Every proper prefix fails as truncated (or, for the open type's
         * content, as a length past its end), never reads beyond it. */
        for (size_t k = 0; k < n; k++) {
            asn1oer_reader_init(&r, want, k, 0);
            CHECK_ROW(row->decode(&r) == ASN1RT_E_TRUNCATED, row->name);
        }
    }
}

/* An open type whose value does not fill it; the depth limit. */
static void test_open_types(void)
{
    uint8_t in[] = { 0x02, 0xFF, 0x00 };
    asn1rt_reader r, child;
    bool b;
    asn1oer_reader_init(&r, in, sizeof in, 0);
    CU_ASSERT_EQUAL(asn1oer_enter_open(&r, &child), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_offset(&r), 3);
    CU_ASSERT_EQUAL(child.depth, 1);
    CU_ASSERT_EQUAL(asn1oer_read_bool(&child, &b), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&child), ASN1RT_E_TRAILING_DATA);
    CU_ASSERT_EQUAL(child.err_offset, 2);
    asn1oer_reader_init(&r, in, sizeof in, 0);
    r.max_depth = 0;
    CU_ASSERT_EQUAL(asn1oer_enter_open(&r, &child), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(r.err_offset, 0);
    CU_ASSERT_EQUAL(asn1rt_offset(&r), 0);
    asn1oer_reader_init(&r, in, sizeof in, 0);
    CU_ASSERT_EQUAL(asn1oer_skip_open(&r), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_offset(&r), 3);
}

/* Long lengths both ways, with the content they count; the same content
 * as an open type, whose reserved length octet grows into the long form
 * (the content moved up), and refused where the long form does not fit. */
static void test_long_lengths(void)
{
    static uint8_t buf[70000], out[70010], open[70010];
    static const size_t lens[] = { 127, 128, 255, 256, 65535, 65536, 69999 - 3 };
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        asn1oer_writer w;
        asn1rt_reader r;
        asn1rt_view v = { NULL, 0 };
        size_t n = lens[i], hl = asn1oer_length_len(n), whole = hl + n;
        uint8_t *mark = NULL;
        memset(buf, (int)(i + 1), n);
        asn1oer_writer_init(&w, out, sizeof out);
        CU_ASSERT_EQUAL(asn1oer_put_octets(&w, buf, n), ASN1RT_OK);
        CU_ASSERT_EQUAL((size_t)(w.pos - out), whole);
        asn1oer_reader_init(&r, out, (size_t)(w.pos - out), 0);
        CU_ASSERT_EQUAL(asn1oer_read_octets(&r, &v), ASN1RT_OK);
        CU_ASSERT(v.len == n && memcmp(v.ptr, buf, n) == 0 && asn1rt_at_end(&r));
        asn1oer_writer_init(&w, open, whole);
        CU_ASSERT_EQUAL(asn1oer_open_begin(&w, &mark), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1oer_put_fixed_octets(&w, buf, n), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1oer_open_end(&w, mark), ASN1RT_OK);
        CU_ASSERT(w.pos == open + whole && memcmp(open, out, whole) == 0);
        if (hl > 1) {
            asn1oer_writer_init(&w, open, whole - 1);
            CU_ASSERT_EQUAL(asn1oer_open_begin(&w, &mark), ASN1RT_OK);
            CU_ASSERT_EQUAL(asn1oer_put_fixed_octets(&w, buf, n), ASN1RT_OK);
            CU_ASSERT_EQUAL(asn1oer_open_end(&w, mark), ASN1RT_E_BUFFER_TOO_SMALL);
            CU_ASSERT(w.pos == open + 1 + n);
        }
    }
}

/* SET OF order written front to back (asn1oer_set_of_insert): each item
 * moved among the ones before it, their lengths kept below top and the
 * room given back at the end; no room for a length is refused. */
static void test_set_of_insert(void)
{
    static const char *const items[] = { "03 33 33 33", "01 11", "02 22 22", "01 11", "00" };
    static const char *const want = "00 01 11 01 11 02 22 22 03 33 33 33";
    uint8_t out[64], exp[16];
    size_t n = unhex(want, exp, sizeof exp);
    asn1oer_writer w;
    uint8_t *top;
    asn1oer_writer_init(&w, out, sizeof out);
    top = w.end;
    for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) {
        uint8_t *item = w.pos;
        w.pos += unhex(items[k], w.pos, (size_t)(w.end - w.pos));   /* the item as written */
        CU_ASSERT_EQUAL(asn1oer_set_of_insert(&w, top, k, item), ASN1RT_OK);
    }
    asn1oer_set_of_end(&w, top);
    CU_ASSERT(w.end == out + sizeof out);
    ASSERT_BYTES("SET OF order", out, (size_t)(w.pos - out), exp, n);
    asn1oer_writer_init(&w, out, 2 + sizeof(size_t) - 1);
    CU_ASSERT_EQUAL(asn1oer_put_fixed_octets(&w, exp + 1, 2), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1oer_set_of_insert(&w, w.end, 0, out), ASN1RT_E_BUFFER_TOO_SMALL);
}

void register_oer_suite(void)
{
    static const cunit_test tests[] = {
        { "scalars: exact bytes both ways", test_scalars },
        { "views: exact bytes both ways", test_views },
        { "rejections: code, offset, leniency", test_rejects },
        { "writers refuse non-canonical values", test_write_refusals },
        { "fixed sizes from bounds", test_fixed_sizes },
        { "whole values piece by piece", test_values },
        { "open types", test_open_types },
        { "long lengths, an open type's long form", test_long_lengths },
        { "SET OF order, front to back", test_set_of_insert },
    };
    CUNIT_SUITE("oer", tests);
}
