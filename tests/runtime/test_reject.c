/* One minimal bad input per DER rule: the exact code and byte offset,
 * and nothing consumed. Then each leniency flag relaxing its one rule. */
#include "testutil.h"

enum op {
    OP_HEADER, OP_INT64, OP_UINT64, OP_ENUM, OP_INT_RANGE, OP_BIGINT, OP_BOOL,
    OP_NULL, OP_BITS, OP_OID, OP_OCTETS, OP_STRING, OP_TIME, OP_WALK, OP_SEQ_END
};

typedef struct row {
    const char *name;
    const char *der;
    enum op op;
    unsigned type;      /* ASN1RT_UT_* for OP_STRING / OP_TIME */
    unsigned lax;
    int code;
    size_t offset;
} row;

#define UTC ASN1RT_UT_UTCTIME
#define GEN ASN1RT_UT_GENERALIZEDTIME

static const row rows[] = {
    /* Identifier and length (X.690 8.1.2, 8.1.3, 10.1). */
    { "empty input", "", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "identifier only", "30", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "indefinite length", "30 80 00 00", OP_HEADER, 0, 0, ASN1RT_E_INDEFINITE_LENGTH, 0 },
    { "long form below 128", "04 81 01 41", OP_HEADER, 0, 0, ASN1RT_E_LENGTH_NOT_MINIMAL, 0 },
    { "long form leading zero", "04 82 00 80", OP_HEADER, 0, 0, ASN1RT_E_LENGTH_NOT_MINIMAL, 0 },
    { "length 0xFF reserved", "04 FF", OP_HEADER, 0, 0, ASN1RT_E_LENGTH_TOO_LARGE, 0 },
    { "length beyond size_t", "04 89 01 00 00 00 00 00 00 00 00", OP_HEADER, 0, 0, ASN1RT_E_LENGTH_TOO_LARGE, 0 },
    { "length octets missing", "04 82 01", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "length past the input", "04 05 01 02", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "long length past the input", "04 81 80 00", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "high-tag form for 30", "9F 1E 00", OP_HEADER, 0, 0, ASN1RT_E_TAG_NOT_MINIMAL, 0 },
    { "high-tag leading 0x80", "9F 80 3F 00", OP_HEADER, 0, 0, ASN1RT_E_TAG_NOT_MINIMAL, 0 },
    { "high tag truncated", "9F 81", OP_HEADER, 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "tag beyond 2^28-1", "9F 81 80 80 80 00 00", OP_HEADER, 0, 0, ASN1RT_E_TAG_TOO_LARGE, 0 },
    { "unexpected tag", "04 01 00", OP_INT64, 0, 0, ASN1RT_E_UNEXPECTED_TAG, 0 },
    /* INTEGER / ENUMERATED (X.690 8.3). */
    { "INTEGER empty", "02 00", OP_INT64, 0, 0, ASN1RT_E_INTEGER_EMPTY, 0 },
    { "INTEGER leading 00", "02 02 00 7F", OP_INT64, 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 2 },
    { "INTEGER leading FF", "02 02 FF 80", OP_INT64, 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 2 },
    { "INTEGER bigint leading 00", "02 03 00 00 80", OP_BIGINT, 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 2 },
    { "ENUMERATED empty", "0A 00", OP_ENUM, 0, 0, ASN1RT_E_INTEGER_EMPTY, 0 },
    { "ENUMERATED leading 00", "0A 02 00 01", OP_ENUM, 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 2 },
    { "INTEGER beyond int64", "02 09 01 00 00 00 00 00 00 00 00", OP_INT64, 0, 0, ASN1RT_E_INTEGER_RANGE, 2 },
    { "negative into uint64", "02 01 FF", OP_UINT64, 0, 0, ASN1RT_E_INTEGER_RANGE, 2 },
    { "beyond uint64", "02 09 01 00 00 00 00 00 00 00 00", OP_UINT64, 0, 0, ASN1RT_E_INTEGER_RANGE, 2 },
    { "outside 0..100", "02 01 65", OP_INT_RANGE, 0, 0, ASN1RT_E_VALUE_CONSTRAINT, 2 },
    { "INTEGER constructed", "22 03 02 01 00", OP_INT64, 0, 0, ASN1RT_E_CONSTRUCTED, 0 },
    /* BOOLEAN (X.690 8.2, 11.1). */
    { "BOOLEAN 0x01", "01 01 01", OP_BOOL, 0, 0, ASN1RT_E_BOOLEAN_VALUE, 2 },
    { "BOOLEAN length 2", "01 02 FF FF", OP_BOOL, 0, 0, ASN1RT_E_BOOLEAN_LENGTH, 0 },
    { "BOOLEAN length 0", "01 00", OP_BOOL, 0, 0, ASN1RT_E_BOOLEAN_LENGTH, 0 },
    /* NULL (X.690 8.8.2). */
    { "NULL with content", "05 01 00", OP_NULL, 0, 0, ASN1RT_E_NULL_CONTENT, 2 },
    /* BIT STRING (X.690 8.6, 11.2). */
    { "BIT STRING empty", "03 00", OP_BITS, 0, 0, ASN1RT_E_BITSTRING_EMPTY, 0 },
    { "BIT STRING unused 8", "03 02 08 00", OP_BITS, 0, 0, ASN1RT_E_BITSTRING_UNUSED, 2 },
    { "BIT STRING unused, no bits", "03 01 01", OP_BITS, 0, 0, ASN1RT_E_BITSTRING_UNUSED, 2 },
    { "BIT STRING padding set", "03 03 01 FF 01", OP_BITS, 0, 0, ASN1RT_E_BITSTRING_PADDING, 4 },
    { "BIT STRING constructed", "23 04 03 02 00 FF", OP_BITS, 0, 0, ASN1RT_E_CONSTRUCTED, 0 },
    /* Strings: constructed (X.690 10.2) and alphabets (X.680 41). */
    { "OCTET STRING constructed", "24 03 04 01 41", OP_OCTETS, 0, 0, ASN1RT_E_CONSTRUCTED, 0 },
    { "UTF8String constructed", "2C 03 0C 01 41", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_CONSTRUCTED, 0 },
    { "PrintableString constructed", "33 03 13 01 41", OP_STRING, ASN1RT_UT_PRINTABLESTRING, 0, ASN1RT_E_CONSTRUCTED, 0 },
    { "PrintableString '@'", "13 02 41 40", OP_STRING, ASN1RT_UT_PRINTABLESTRING, 0, ASN1RT_E_STRING_ALPHABET, 3 },
    { "PrintableString '*'", "13 01 2A", OP_STRING, ASN1RT_UT_PRINTABLESTRING, 0, ASN1RT_E_STRING_ALPHABET, 2 },
    { "PrintableString '&'", "13 01 26", OP_STRING, ASN1RT_UT_PRINTABLESTRING, 0, ASN1RT_E_STRING_ALPHABET, 2 },
    { "IA5String 0x80", "16 02 41 80", OP_STRING, ASN1RT_UT_IA5STRING, 0, ASN1RT_E_STRING_ALPHABET, 3 },
    { "NumericString 'a'", "12 02 31 61", OP_STRING, ASN1RT_UT_NUMERICSTRING, 0, ASN1RT_E_STRING_ALPHABET, 3 },
    { "VisibleString 0x7F", "1A 01 7F", OP_STRING, ASN1RT_UT_VISIBLESTRING, 0, ASN1RT_E_STRING_ALPHABET, 2 },
    { "VisibleString 0x1F", "1A 01 1F", OP_STRING, ASN1RT_UT_VISIBLESTRING, 0, ASN1RT_E_STRING_ALPHABET, 2 },
    { "UTF8 overlong C0 80", "0C 03 41 C0 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 3 },
    { "UTF8 overlong E0 80 80", "0C 03 E0 80 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "UTF8 overlong F0 80 80 80", "0C 04 F0 80 80 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "UTF8 surrogate D800", "0C 03 ED A0 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "UTF8 beyond 10FFFF", "0C 04 F4 90 80 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "UTF8 truncated", "0C 02 41 E2", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 3 },
    { "UTF8 bad continuation", "0C 02 C2 41", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "UTF8 lone continuation", "0C 01 80", OP_STRING, ASN1RT_UT_UTF8STRING, 0, ASN1RT_E_STRING_UTF8, 2 },
    { "BMPString odd length", "1E 03 00 41 00", OP_STRING, ASN1RT_UT_BMPSTRING, 0, ASN1RT_E_STRING_LENGTH, 0 },
    { "BMPString surrogate", "1E 04 00 41 D8 00", OP_STRING, ASN1RT_UT_BMPSTRING, 0, ASN1RT_E_STRING_ALPHABET, 4 },
    { "UniversalString length 3", "1C 03 00 00 41", OP_STRING, ASN1RT_UT_UNIVERSALSTRING, 0, ASN1RT_E_STRING_LENGTH, 0 },
    { "UniversalString 110000", "1C 04 00 11 00 00", OP_STRING, ASN1RT_UT_UNIVERSALSTRING, 0, ASN1RT_E_STRING_ALPHABET, 2 },
    /* OBJECT IDENTIFIER (X.690 8.19). */
    { "OID empty", "06 00", OP_OID, 0, 0, ASN1RT_E_OID_EMPTY, 0 },
    { "OID arc led by 0x80", "06 03 2A 80 01", OP_OID, 0, 0, ASN1RT_E_OID_NOT_MINIMAL, 3 },
    { "OID first arc led by 0x80", "06 02 80 01", OP_OID, 0, 0, ASN1RT_E_OID_NOT_MINIMAL, 2 },
    { "OID truncated arc", "06 02 2A 86", OP_OID, 0, 0, ASN1RT_E_OID_TRUNCATED, 3 },
    { "OID constructed", "26 03 06 01 2A", OP_OID, 0, 0, ASN1RT_E_CONSTRUCTED, 0 },
    /* UTCTime (X.690 11.8) and GeneralizedTime (X.690 11.7). */
    { "UTCTime no Z", "17 0D 32 35 30 31 30 31 30 30 30 30 30 30 2B", OP_TIME, UTC, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "UTCTime offset", "17 11 32 35 30 31 30 31 30 30 30 30 30 30 2B 30 31 30 30", OP_TIME, UTC, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "UTCTime no seconds", "17 0B 32 35 30 31 30 31 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "UTCTime fraction", "17 0F 32 35 30 31 30 31 30 30 30 30 30 30 2E 35 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "UTCTime letter", "17 0D 32 35 30 31 30 31 30 30 30 30 30 41 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "UTCTime month 13", "17 0D 32 35 31 33 30 31 30 30 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime month 00", "17 0D 32 35 30 30 30 31 30 30 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime Feb 29 2023", "17 0D 32 33 30 32 32 39 30 30 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime Apr 31", "17 0D 32 35 30 34 33 31 30 30 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime hour 24", "17 0D 32 35 30 31 30 31 32 34 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime minute 60", "17 0D 32 35 30 31 30 31 30 30 36 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime second 60", "17 0D 32 35 30 31 30 31 30 30 30 30 36 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "UTCTime day 00", "17 0D 32 35 30 31 30 30 30 30 30 30 30 30 5A", OP_TIME, UTC, 0, ASN1RT_E_TIME_VALUE, 2 },
    { "GeneralizedTime no Z", "18 0E 32 30 32 35 30 31 30 31 30 30 30 30 30 30", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime no seconds", "18 0D 32 30 32 35 30 31 30 31 30 30 30 30 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime trailing zero", "18 12 32 30 32 35 30 31 30 31 30 30 30 30 30 30 2E 31 30 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime fraction .0", "18 11 32 30 32 35 30 31 30 31 30 30 30 30 30 30 2E 30 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime dot only", "18 10 32 30 32 35 30 31 30 31 30 30 30 30 30 30 2E 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime comma", "18 11 32 30 32 35 30 31 30 31 30 30 30 30 30 30 2C 35 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_FORMAT, 2 },
    { "GeneralizedTime Feb 29 2100", "18 0F 32 31 30 30 30 32 32 39 30 30 30 30 30 30 5A", OP_TIME, GEN, 0, ASN1RT_E_TIME_VALUE, 2 },
    /* Structure. */
    { "trailing byte after the value", "05 00 00", OP_WALK, 0, 0, ASN1RT_E_TRAILING_DATA, 2 },
    { "trailing byte inside SEQUENCE", "30 03 05 00 FF", OP_SEQ_END, 0, 0, ASN1RT_E_TRAILING_DATA, 4 },
    { "child longer than parent", "30 03 04 05 00 00 00 00 00", OP_WALK, 0, 0, ASN1RT_E_TRUNCATED, 2 },
    { "SEQUENCE primitive", "10 00", OP_WALK, 0, 0, ASN1RT_E_PRIMITIVE, 0 },
    { "walker: INTEGER inside", "30 04 02 02 00 01", OP_WALK, 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 4 },
    { "walker: time inside", "30 0F 17 0D 32 35 30 31 30 31 30 30 30 30 30 30 2B", OP_WALK, 0, 0, ASN1RT_E_TIME_FORMAT, 4 },
    { "walker: constructed string", "30 05 24 03 04 01 41", OP_WALK, 0, 0, ASN1RT_E_CONSTRUCTED, 2 },
    { "walker: end-of-contents", "30 02 00 00", OP_WALK, 0, 0, ASN1RT_E_UNEXPECTED_TAG, 2 },
    { "walker: end-of-contents on top", "00 00", OP_WALK, 0, 0, ASN1RT_E_UNEXPECTED_TAG, 0 },
    /* Leniency: each flag relaxes exactly its own rule. */
    { "LAX_BOOLEAN 0x01", "01 01 01", OP_BOOL, 0, ASN1RT_LAX_BOOLEAN, ASN1RT_OK, 0 },
    { "LAX_INTEGER leading 00", "02 02 00 7F", OP_INT64, 0, ASN1RT_LAX_INTEGER, ASN1RT_OK, 0 },
    { "LAX_INTEGER leading FF", "02 03 FF FF 80", OP_INT64, 0, ASN1RT_LAX_INTEGER, ASN1RT_OK, 0 },
    { "LAX_LENGTH long form", "04 81 01 41", OP_OCTETS, 0, ASN1RT_LAX_LENGTH, ASN1RT_OK, 0 },
    { "LAX_LENGTH leading zero", "04 82 00 01 41", OP_OCTETS, 0, ASN1RT_LAX_LENGTH, ASN1RT_OK, 0 },
    { "LAX_LENGTH never indefinite", "30 80 00 00", OP_HEADER, 0, ASN1RT_LAX_LENGTH, ASN1RT_E_INDEFINITE_LENGTH, 0 },
    { "LAX_TRAILING after the value", "05 00 00", OP_WALK, 0, ASN1RT_LAX_TRAILING, ASN1RT_OK, 0 },
    { "LAX_TRAILING not inside", "30 03 05 00 FF", OP_SEQ_END, 0, ASN1RT_LAX_TRAILING, ASN1RT_E_TRAILING_DATA, 4 },
};

/* Runs one row's operation; returns its code. */
static int run(const row *t, asn1rt_reader *r)
{
    union { int64_t i; uint64_t u; bool b; asn1rt_view v; asn1rt_bits bits; } out;
    switch (t->op) {
    case OP_HEADER: { uint32_t tag; size_t len; return asn1rt_read_header(r, &tag, &len); }
    case OP_INT64: return asn1rt_read_int64(r, ASN1RT_TAG(0, 0, 2), &out.i);
    case OP_UINT64: return asn1rt_read_uint64(r, ASN1RT_TAG(0, 0, 2), &out.u);
    case OP_ENUM: return asn1rt_read_int64(r, ASN1RT_TAG(0, 0, 10), &out.i);
    case OP_INT_RANGE: return asn1rt_read_int_range(r, ASN1RT_TAG(0, 0, 2), 0, 100, &out.i);
    case OP_BIGINT: return asn1rt_read_bigint(r, ASN1RT_TAG(0, 0, 2), &out.v);
    case OP_BOOL: return asn1rt_read_bool(r, ASN1RT_TAG(0, 0, 1), &out.b);
    case OP_NULL: return asn1rt_read_null(r, ASN1RT_TAG(0, 0, 5));
    case OP_BITS: return asn1rt_read_bits(r, ASN1RT_TAG(0, 0, 3), &out.bits);
    case OP_OID: return asn1rt_read_oid(r, ASN1RT_TAG(0, 0, 6), &out.v);
    case OP_OCTETS: return asn1rt_read_octets(r, ASN1RT_TAG(0, 0, 4), &out.v);
    case OP_STRING: return asn1rt_read_string(r, ASN1RT_TAG(0, 0, t->type), t->type, &out.v);
    case OP_TIME: return asn1rt_read_time(r, ASN1RT_TAG(0, 0, t->type), t->type, &out.v);
    case OP_WALK: {
        asn1rt_error err;
        int rc = asn1rt_walk(r->base, (size_t)(r->end - r->base), t->lax, NULL, NULL, &err);
        r->err_offset = err.offset;
        if (rc != err.code)
            return -1;
        return rc;
    }
    case OP_SEQ_END: {
        asn1rt_reader child;
        int rc = asn1rt_enter(r, ASN1RT_TAG(0, 1, 16), &child);
        if (rc != ASN1RT_OK)
            return rc;
        if ((rc = asn1rt_skip(&child)) != ASN1RT_OK || (rc = asn1rt_expect_end(&child)) != ASN1RT_OK)
            r->err_offset = child.err_offset;
        return rc;
    }
    }
    return -1;
}

static void test_rejections(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row *t = &rows[i];
        uint8_t der[64];
        size_t n = unhex(t->der, der, sizeof der);
        asn1rt_reader r;
        int rc;
        asn1rt_reader_init(&r, n ? der : (const uint8_t *)"", n);
        r.lax = t->lax;
        r.err_offset = 12345;
        rc = run(t, &r);
        if (rc != t->code)
            fprintf(stderr, "\n  %s: got %d (%s), want %d\n", t->name, rc, asn1rt_strerror(rc), t->code);
        CHECK_ROW(rc == t->code, t->name);
        if (t->code != ASN1RT_OK) {
            if (r.err_offset != t->offset)
                fprintf(stderr, "\n  %s: offset %zu, want %zu\n", t->name, r.err_offset, t->offset);
            CHECK_ROW(r.err_offset == t->offset, t->name);
            /* A failed read consumes nothing (OP_SEQ_END moved past the
             * SEQUENCE it entered before its child failed). */
            if (t->op != OP_SEQ_END)
                CHECK_ROW(r.cur == r.base, t->name);
        } else if (t->op != OP_WALK) {
            CHECK_ROW(asn1rt_at_end(&r), t->name);
        }
        /* A row that passes under a flag fails without it, and under every
         * other flag together: each flag relaxes only its own rule. */
        if (t->code == ASN1RT_OK && t->lax != 0) {
            asn1rt_reader_init(&r, der, n);
            r.lax = 0x3Fu & ~t->lax;
            row strict = *t;
            strict.lax = r.lax;
            CHECK_ROW(run(&strict, &r) != ASN1RT_OK, t->name);
        }
    }
}

/* Nesting: 64 levels pass, 65 fail at the 65th identifier. */
static void test_depth(void)
{
    /* The 65th SEQUENCE is the innermost "30 00", two octets from the end. */
    static const struct { unsigned levels; int code; } cases[] = {
        { 64, ASN1RT_OK }, { 65, ASN1RT_E_DEPTH },
    };
    for (size_t c = 0; c < 2; c++) {
        uint8_t space[256], *der;
        unsigned L = cases[c].levels;
        size_t n;
        asn1rt_error err;
        asn1rt_reader r, child[70];
        asn1rt_writer w;
        int rc = ASN1RT_OK;
        asn1rt_writer_init(&w, space, sizeof space);
        for (unsigned i = 0; i < L; i++)
            CU_ASSERT_EQUAL(asn1rt_prepend_header(&w, ASN1RT_TAG(0, 1, 16), (size_t)(space + sizeof space - w.pos)), ASN1RT_OK);
        der = w.pos;
        n = asn1rt_written(&w, space + sizeof space);
        CU_ASSERT_EQUAL(asn1rt_walk(der, n, 0, NULL, NULL, &err), cases[c].code);
        if (cases[c].code != ASN1RT_OK)
            CU_ASSERT_EQUAL(err.offset, n - 2);
        /* The same limit through the reader's enter. */
        asn1rt_reader_init(&r, der, n);
        for (unsigned i = 0; i < L && rc == ASN1RT_OK; i++) {
            asn1rt_reader *parent = i == 0 ? &r : &child[i - 1];
            rc = asn1rt_enter(parent, ASN1RT_TAG(0, 1, 16), &child[i]);
            if (rc != ASN1RT_OK)
                CU_ASSERT_EQUAL(parent->err_offset, n - 2);
        }
        CU_ASSERT_EQUAL(rc, cases[c].code);
    }
}

/* SET OF order and DEFAULT are checked by generated code with these. */
static void test_set_default(void)
{
    uint8_t der[16];
    size_t n = unhex("31 06 02 01 05 02 01 03", der, sizeof der);
    asn1rt_reader r, c;
    asn1rt_view a, b;
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, 17), &c), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_raw(&c, NULL, &a), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_raw(&c, NULL, &b), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_check_set_order(&c, &a, &b), ASN1RT_E_SET_ORDER);
    CU_ASSERT_EQUAL(c.err_offset, 5);
    CU_ASSERT_EQUAL(asn1rt_check_set_order(&c, &b, &a), ASN1RT_OK);
    c.lax = ASN1RT_LAX_SET_ORDER;
    CU_ASSERT_EQUAL(asn1rt_check_set_order(&c, &a, &b), ASN1RT_OK);
    /* X.690 11.6: the shorter is padded with zeros. */
    {
        static const uint8_t x[2] = { 1, 2 }, y[3] = { 1, 2, 0 }, z[3] = { 1, 2, 1 };
        CU_ASSERT_EQUAL(asn1rt_der_compare(x, 2, y, 3), 0);
        CU_ASSERT(asn1rt_der_compare(x, 2, z, 3) < 0);
        CU_ASSERT(asn1rt_der_compare(z, 3, x, 2) > 0);
    }
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL(asn1rt_default_encoded(&r, der + 2), ASN1RT_E_DEFAULT_ENCODED);
    CU_ASSERT_EQUAL(r.err_offset, 2);
    r.lax = ASN1RT_LAX_DEFAULT;
    CU_ASSERT_EQUAL(asn1rt_default_encoded(&r, der + 2), ASN1RT_OK);
}

/* Every code has its own text. */
static void test_strerror(void)
{
    static const int codes[] = { 0, 1, 2, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 31, 32, 33, 34,
                                 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 60, 61,
                                 62, 63, 64, 65, 66, 67, 68, 69, 70 };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        CU_ASSERT_STRING_NOT_EQUAL(asn1rt_strerror(codes[i]), "unknown error");
        for (size_t j = 0; j < i; j++)
            CU_ASSERT_STRING_NOT_EQUAL(asn1rt_strerror(codes[i]), asn1rt_strerror(codes[j]));
    }
    CU_ASSERT_STRING_EQUAL(asn1rt_strerror(9999), "unknown error");
}

void register_reject_suite(void)
{
    static const cunit_test tests[] = {
        { "one bad input per rule, code and offset", test_rejections },
        { "nesting limit", test_depth },
        { "SET OF order and DEFAULT", test_set_default },
        { "strerror", test_strerror },
    };
    CUNIT_SUITE("rejections", tests);
}
