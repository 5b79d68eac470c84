/* BER mode (runtime/ber.c): one hand-built vector per rule X.690 8 adds to
 * DER or keeps, with the exact value, code and offset; stream framing cut
 * at every offset; real BER from OpenSSL (cms/smime -stream, -indef) and
 * python3-cryptography-vectors walked and compared with `openssl asn1parse`;
 * linear time over 1M indefinite-length segments. */
#define _GNU_SOURCE               /* popen, clock_gettime, memmem */

#include <stdlib.h>
#include <time.h>

#include "asn1rt/gen.h"
#include "pkix1explicit88.h"
#include "testutil.h"

#define OCTETS ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING)
#define BITS   ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_BIT_STRING)
#define INT    ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_INTEGER)
#define BOOL   ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_BOOLEAN)
#define SEQ    ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 1, ASN1RT_UT_SEQUENCE)
#define CTX1   ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 1)
#define STR(u) ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, (u))

/* ------------------------------------------------------------------ */
/* A generic walk with the BER reader: one line per element as `openssl
 * asn1parse -i` prints it (offset, depth, header length, content length or
 * "inf", and an EOC line closing each indefinite length).                */

typedef struct walk_line {
    size_t offset, hl;
    unsigned depth;
    long len;          /* -1: inf */
    bool cons;
} walk_line;

typedef struct walk_out {
    walk_line *lines;
    size_t n, cap;
} walk_out;

static void walk_add(walk_out *w, size_t off, unsigned depth, size_t hl, long len, bool cons)
{
    if (w->lines == NULL)
        return;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        w->lines = realloc(w->lines, w->cap * sizeof *w->lines);
        if (w->lines == NULL)
            abort();
    }
    w->lines[w->n++] = (walk_line){ off, hl, depth, len, cons };
}

/* Walks every element of r (recursing into constructed ones); returns the
 * first failure. Counts elements in w->n when w->lines is NULL. */
static int ber_walk(asn1rt_reader *r, unsigned depth, walk_out *w)
{
    while (!asn1rt_at_end(r)) {
        uint32_t tag;
        size_t hl, len, eoc, off = asn1rt_offset(r);
        int rc = asn1rt_ber_peek_header(r, &tag, &hl, &len, &eoc);
        if (rc != ASN1RT_OK)
            return rc;
        if (w->lines == NULL)
            w->n++;
        walk_add(w, off, depth, hl, eoc ? -1 : (long)len, ASN1RT_TAG_CONSTRUCTED(tag));
        if (ASN1RT_TAG_CONSTRUCTED(tag)) {
            asn1rt_reader child;
            if ((rc = asn1rt_enter(r, tag, &child)) != ASN1RT_OK)
                return rc;
            rc = ber_walk(&child, depth + 1, w);
            if (rc != ASN1RT_OK) {
                r->err_offset = child.err_offset;
                return rc;
            }
            if (eoc)
                walk_add(w, off + hl + len, depth + 1, 2, 0, false);
        } else if ((rc = asn1rt_skip(r)) != ASN1RT_OK) {
            return rc;
        }
    }
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* Hand-built vectors.                                                  */

enum op { OP_OCTETS, OP_STRING, OP_BITS, OP_BOOL, OP_INT, OP_SEQ_INT, OP_WALK, OP_SKIP };

typedef struct row {
    const char *name;
    const char *in;
    enum op op;
    uint32_t tag;       /* OP_OCTETS, OP_STRING, OP_BITS */
    unsigned universal; /* OP_STRING */
    unsigned lax;       /* reader flags: ASN1RT_BER, or 0 for strict DER */
    int code;
    size_t offset;      /* err_offset on failure; octets consumed on success */
    const char *want;   /* joined octets (OCTETS/STRING/BITS); value (BOOL/INT/SEQ_INT); count (WALK) */
    int extra;          /* BITS: unused bits; OCTETS/STRING/BITS: 1 = the result is a view into the input */
} row;

#define BER ASN1RT_BER
#define UTF8 ASN1RT_UT_UTF8STRING
#define PRINTABLE ASN1RT_UT_PRINTABLESTRING

static const row rows[] = {
    /* What BER allows. X.690 8.1.3.6: indefinite lengths, nested. */
    { "indefinite SEQUENCE", "30 80 02 01 05 00 00", OP_SEQ_INT, 0, 0, BER, ASN1RT_OK, 7, "5", 0 },
    { "indefinite in indefinite", "30 80 30 80 02 01 05 00 00 00 00", OP_WALK, 0, 0, BER, ASN1RT_OK, 11, "3", 0 },
    { "definite in indefinite in definite", "30 09 30 80 30 03 02 01 05 00 00", OP_WALK, 0, 0, BER, ASN1RT_OK, 11, "4", 0 },
    { "skip over indefinite", "30 80 04 02 41 42 30 80 00 00 00 00 05 00", OP_SKIP, 0, 0, BER, ASN1RT_OK, 12, "", 0 },
    /* X.690 8.1.3.5: long forms with leading zeros, as Active Directory
     * (0x84) and Net-SNMP (0x82 00 xx) write them, and for small lengths. */
    { "length 84 00 00 00 05", "04 84 00 00 00 05 68 65 6C 6C 6F", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 11, "68656C6C6F", 1 },
    { "length 82 00 05", "04 82 00 05 68 65 6C 6C 6F", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 9, "68656C6C6F", 1 },
    { "length 81 05", "04 81 05 68 65 6C 6C 6F", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 8, "68656C6C6F", 1 },
    { "INTEGER length 84", "02 84 00 00 00 01 2A", OP_INT, 0, 0, BER, ASN1RT_OK, 7, "42", 0 },
    /* X.690 8.7.3: constructed OCTET STRING, segments constructed too. */
    { "primitive stays a view", "04 03 41 42 43", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 5, "414243", 1 },
    { "constructed, definite", "24 08 04 02 41 42 04 02 43 44", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 10, "41424344", 0 },
    { "constructed, indefinite", "24 80 04 02 41 42 04 01 43 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 11, "414243", 0 },
    { "segments constructed", "24 80 24 80 04 01 41 00 00 24 04 04 02 42 43 04 00 00 00", OP_OCTETS, OCTETS, 0, BER,
      ASN1RT_OK, 19, "414243", 0 },
    { "constructed, empty", "24 80 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_OK, 4, "", 0 },
    { "IMPLICIT [1], segments 04", "A1 80 04 01 41 04 01 42 00 00", OP_OCTETS, CTX1, 0, BER, ASN1RT_OK, 10, "4142", 0 },
    /* X.690 8.6.4.2's own example: '0A3B5F291CD'H in two segments. */
    { "BIT STRING X.690 8.6.4.2", "23 80 03 03 00 0A 3B 03 05 04 5F 29 1C D0 00 00", OP_BITS, BITS, 0, BER, ASN1RT_OK,
      16, "0A3B5F291CD0", 4 },
    { "BIT STRING padding not zero", "03 02 04 FF", OP_BITS, BITS, 0, BER, ASN1RT_OK, 4, "F0", 4 },
    { "BIT STRING primitive view", "03 02 04 F0", OP_BITS, BITS, 0, BER, ASN1RT_OK, 4, "F0", 4 | 0x100 },
    /* X.690 8.23.6: character strings, segments are OCTET STRINGs; a
     * UTF-8 sequence may span them. */
    { "UTF8String split e-acute", "2C 80 04 01 C3 04 01 A9 00 00", OP_STRING, STR(UTF8), UTF8, BER, ASN1RT_OK, 10, "C3A9", 0 },
    { "PrintableString constructed", "33 06 04 01 41 04 01 42", OP_STRING, STR(PRINTABLE), PRINTABLE, BER, ASN1RT_OK, 8,
      "4142", 0 },
    /* X.690 8.2.2: TRUE is any non-zero octet. */
    { "BOOLEAN 01 is TRUE", "01 01 01", OP_BOOL, 0, 0, BER, ASN1RT_OK, 3, "1", 0 },
    { "BOOLEAN 00 is FALSE", "01 01 00", OP_BOOL, 0, 0, BER, ASN1RT_OK, 3, "0", 0 },

    /* What BER still forbids. */
    { "high tag, leading 0x80", "9F 80 3F 00", OP_SKIP, 0, 0, BER, ASN1RT_E_TAG_NOT_MINIMAL, 0, NULL, 0 },
    { "high tag inside indefinite", "30 80 9F 80 3F 00 00 00", OP_SKIP, 0, 0, BER, ASN1RT_E_TAG_NOT_MINIMAL, 2, NULL, 0 },
    { "primitive indefinite", "04 80 41 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_INDEFINITE_PRIMITIVE, 0, NULL, 0 },
    { "INTEGER indefinite", "02 80 01 00 00", OP_INT, 0, 0, BER, ASN1RT_E_INDEFINITE_PRIMITIVE, 0, NULL, 0 },
    { "primitive indefinite nested", "30 80 04 80 00 00 00 00", OP_SKIP, 0, 0, BER, ASN1RT_E_INDEFINITE_PRIMITIVE, 2, NULL, 0 },
    { "EOC outermost", "00 00", OP_SKIP, 0, 0, BER, ASN1RT_E_UNEXPECTED_EOC, 0, NULL, 0 },
    { "EOC in definite SEQUENCE", "30 02 00 00", OP_WALK, 0, 0, BER, ASN1RT_E_UNEXPECTED_EOC, 2, NULL, 0 },
    { "EOC in definite string", "24 02 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_UNEXPECTED_EOC, 2, NULL, 0 },
    { "EOC with a length", "30 80 00 01 00 00 00", OP_SKIP, 0, 0, BER, ASN1RT_E_UNEXPECTED_EOC, 2, NULL, 0 },
    { "segment UTF8String in OCTET STRING", "24 80 0C 01 41 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_SEGMENT_TAG, 2, NULL, 0 },
    { "UTF8String segment tagged 0C", "2C 04 0C 02 41 42", OP_STRING, STR(UTF8), UTF8, BER, ASN1RT_E_SEGMENT_TAG, 2, NULL, 0 },
    { "BIT STRING segment 04", "23 80 04 02 00 41 00 00", OP_BITS, BITS, 0, BER, ASN1RT_E_SEGMENT_TAG, 2, NULL, 0 },
    { "nested segment A1 in [1]", "A1 80 A1 80 04 01 41 00 00 00 00", OP_OCTETS, CTX1, 0, BER, ASN1RT_E_SEGMENT_TAG, 2, NULL, 0 },
    { "EOC missing", "30 80 02 01 05", OP_SEQ_INT, 0, 0, BER, ASN1RT_E_TRUNCATED, 0, NULL, 0 },
    { "segment past the input", "24 80 04 05 41 00 00", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_TRUNCATED, 0, NULL, 0 },
    { "segment past its definite parent", "24 03 04 02 41 42", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_TRUNCATED, 2, NULL, 0 },
    { "length 84 past the input", "04 84 00 00 01 00 41", OP_OCTETS, OCTETS, 0, BER, ASN1RT_E_TRUNCATED, 0, NULL, 0 },
    { "INTEGER 00 05 (X.690 8.3.2)", "02 02 00 05", OP_INT, 0, 0, BER, ASN1RT_E_INTEGER_NOT_MINIMAL, 2, NULL, 0 },
    { "INTEGER FF 80, length 82", "02 82 00 02 FF 80", OP_INT, 0, 0, BER, ASN1RT_E_INTEGER_NOT_MINIMAL, 4, NULL, 0 },
    { "BIT STRING unused not last", "23 80 03 02 04 F0 03 02 00 FF 00 00", OP_BITS, BITS, 0, BER, ASN1RT_E_BITSTRING_UNUSED,
      4, NULL, 0 },
    { "BIT STRING segment empty", "23 80 03 00 00 00", OP_BITS, BITS, 0, BER, ASN1RT_E_BITSTRING_EMPTY, 2, NULL, 0 },
    { "PrintableString '@' in segment 2", "33 80 04 01 41 04 01 40 00 00", OP_STRING, STR(PRINTABLE), PRINTABLE, BER,
      ASN1RT_E_STRING_ALPHABET, 7, NULL, 0 },
    { "UTF-8 cut by the last segment", "2C 80 04 01 41 04 01 C3 00 00", OP_STRING, STR(UTF8), UTF8, BER, ASN1RT_E_STRING_UTF8,
      7, NULL, 0 },
    { "wrong outer tag", "24 80 04 01 41 00 00", OP_STRING, STR(UTF8), UTF8, BER, ASN1RT_E_UNEXPECTED_TAG, 0, NULL, 0 },

    /* Strict DER is unchanged: the same inputs without ASN1RT_BER. */
    { "DER: indefinite", "30 80 02 01 05 00 00", OP_SEQ_INT, 0, 0, 0, ASN1RT_E_INDEFINITE_LENGTH, 0, NULL, 0 },
    { "DER: 82 00 05", "04 82 00 05 68 65 6C 6C 6F", OP_OCTETS, OCTETS, 0, 0, ASN1RT_E_LENGTH_NOT_MINIMAL, 0, NULL, 0 },
    { "DER: constructed", "24 08 04 02 41 42 04 02 43 44", OP_OCTETS, OCTETS, 0, 0, ASN1RT_E_CONSTRUCTED, 0, NULL, 0 },
    { "DER: BOOLEAN 01", "01 01 01", OP_BOOL, 0, 0, 0, ASN1RT_E_BOOLEAN_VALUE, 2, NULL, 0 },
    { "DER: padding", "03 02 04 FF", OP_BITS, BITS, 0, 0, ASN1RT_E_BITSTRING_PADDING, 3, NULL, 0 },
    /* One flag relaxes one rule: constructed strings alone keep lengths definite. */
    { "LAX_CONSTRUCTED only: indefinite", "24 80 04 01 41 00 00", OP_OCTETS, OCTETS, 0, ASN1RT_LAX_CONSTRUCTED,
      ASN1RT_E_INDEFINITE_LENGTH, 0, NULL, 0 },
    { "LAX_CONSTRUCTED only: indefinite segment", "24 06 24 80 04 00 00 00", OP_OCTETS, OCTETS, 0, ASN1RT_LAX_CONSTRUCTED,
      ASN1RT_E_INDEFINITE_LENGTH, 2, NULL, 0 },
    { "LAX_CONSTRUCTED only: definite", "24 03 04 01 41", OP_OCTETS, OCTETS, 0, ASN1RT_LAX_CONSTRUCTED, ASN1RT_OK, 5, "41", 0 },
};

static void test_rows(void)
{
    static uint8_t in[256], want[256], store[64];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row *t = &rows[i];
        size_t n = unhex(t->in, in, sizeof in), wn = 0, before = 0;
        asn1rt_reader r;
        asn1rt_arena arena;
        asn1rt_view v = { NULL, 0 };
        asn1rt_bits b = { NULL, 0, 0 };
        int rc = ASN1RT_E_ARG;
        bool val_ok = true;
        CU_ASSERT_FATAL(asn1rt_arena_init(&arena, store, sizeof store) == ASN1RT_OK);
        asn1rt_reader_init(&r, in, n);
        r.lax = t->lax;
        switch (t->op) {
        case OP_OCTETS:
            rc = asn1rt_ber_read_octets(&r, t->tag, &arena, &v);
            break;
        case OP_STRING:
            rc = asn1rt_ber_read_string(&r, t->tag, t->universal, &arena, &v);
            break;
        case OP_BITS:
            rc = asn1rt_ber_read_bits(&r, t->tag, &arena, &b);
            v.ptr = b.ptr;
            v.len = b.len;
            if (rc == ASN1RT_OK)
                val_ok = b.unused == (t->extra & 0xFF);
            break;
        case OP_BOOL: {
            bool x = false;
            rc = asn1rt_read_bool(&r, BOOL, &x);
            if (rc == ASN1RT_OK)
                val_ok = x == (t->want[0] == '1');
            break;
        }
        case OP_INT: {
            int64_t x = 0;
            rc = asn1rt_read_int64(&r, INT, &x);
            if (rc == ASN1RT_OK)
                val_ok = x == strtoll(t->want, NULL, 10);
            break;
        }
        case OP_SEQ_INT: {
            asn1rt_reader c;
            int64_t x = 0;
            rc = asn1rt_enter(&r, SEQ, &c);
            if (rc == ASN1RT_OK && (rc = asn1rt_read_int64(&c, INT, &x)) == ASN1RT_OK)
                rc = asn1rt_expect_end(&c);
            if (rc != ASN1RT_OK && c.err_offset != 0)
                r.err_offset = c.err_offset;
            if (rc == ASN1RT_OK)
                val_ok = x == strtoll(t->want, NULL, 10);
            break;
        }
        case OP_WALK: {
            walk_out w = { NULL, 0, 0 };
            rc = ber_walk(&r, 0, &w);
            if (rc == ASN1RT_OK)
                val_ok = w.n == (size_t)strtoul(t->want, NULL, 10);
            break;
        }
        case OP_SKIP:
            rc = asn1rt_skip(&r);
            break;
        }
        CHECK_ROW(rc == t->code, t->name);
        if (rc != t->code) {
            fprintf(stderr, "    got %d (%s) at %zu\n", rc, asn1rt_strerror(rc), r.err_offset);
            continue;
        }
        if (rc != ASN1RT_OK) {
            CHECK_ROW(r.err_offset == t->offset, t->name);
            if (t->op != OP_WALK)                             /* the walk enters before it fails */
                CHECK_ROW(asn1rt_offset(&r) == 0, t->name);   /* nothing consumed */
            CHECK_ROW(arena.used == before, t->name);         /* the arena given back */
            continue;
        }
        CHECK_ROW(asn1rt_offset(&r) == t->offset, t->name);
        CHECK_ROW(val_ok, t->name);
        if (t->op == OP_OCTETS || t->op == OP_STRING || t->op == OP_BITS) {
            bool is_view = v.ptr != NULL && v.ptr >= in && v.ptr <= in + n;
            wn = unhex(t->want, want, sizeof want);
            ASSERT_BYTES(t->name, v.ptr, v.len, want, wn);
            CHECK_ROW(is_view == ((t->extra & 0x100) != 0 || (t->op != OP_BITS && t->extra == 1)), t->name);
            /* a join takes exactly its octets from the arena */
            CHECK_ROW(is_view ? arena.used == 0 : arena.used == wn, t->name);
        }
    }
}

/* A full arena is its own error, at the string; nothing is kept. */
static void test_arena_full(void)
{
    uint8_t in[16], store[2];
    size_t n = unhex("24 80 04 02 41 42 04 01 43 00 00", in, sizeof in);
    asn1rt_arena a;
    asn1rt_reader r;
    asn1rt_view v = { NULL, 0 };
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, sizeof store) == ASN1RT_OK);
    asn1rt_ber_reader_init(&r, in, n);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&r, OCTETS, &a, &v), ASN1RT_E_ARENA_FULL);
    CU_ASSERT_EQUAL(r.err_offset, 0);
    CU_ASSERT_EQUAL(a.used, 0);
    CU_ASSERT_EQUAL(asn1rt_offset(&r), 0);
    CU_ASSERT_PTR_NULL(v.ptr);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&r, OCTETS, NULL, &v), ASN1RT_E_ARG);
}

/* ------------------------------------------------------------------ */
/* Times in BER's forms (X.680 46.3, 47.3) become their DER text.        */

#define UTC ASN1RT_UT_UTCTIME
#define GEN ASN1RT_UT_GENERALIZEDTIME

typedef struct time_row {
    unsigned universal;
    const char *text;   /* a primitive element of this text, or NULL: hex */
    const char *hex;    /* the whole element (constructed forms) */
    int code;
    const char *want;   /* the DER text; NULL on failure */
    bool view;          /* the result points into the input */
} time_row;

static const time_row time_rows[] = {
    { UTC, "991231235959Z", NULL, ASN1RT_OK, "991231235959Z", true },
    { UTC, "9912312359Z", NULL, ASN1RT_OK, "991231235900Z", false },
    { UTC, "991231235959+0100", NULL, ASN1RT_OK, "991231225959Z", false },
    { UTC, "000101003000+0100", NULL, ASN1RT_OK, "991231233000Z", false },
    { UTC, "9912312330-0045", NULL, ASN1RT_OK, "000101001500Z", false },
    { UTC, "4912312330-0100", NULL, ASN1RT_E_TIME_VALUE, NULL, false },    /* 2050 in UTC */
    { UTC, "500101003000+0100", NULL, ASN1RT_E_TIME_VALUE, NULL, false },  /* 1949 in UTC */
    { UTC, "991231235959", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },      /* local time */
    { UTC, "991231235959.5Z", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },   /* no fraction in UTCTime */
    { UTC, "991231235959+01", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },
    { UTC, "99123123Z", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },         /* minutes required */
    { UTC, "991331235959Z", NULL, ASN1RT_E_TIME_VALUE, NULL, false },
    { GEN, "20240229120000Z", NULL, ASN1RT_OK, "20240229120000Z", true },
    { GEN, "2024022912Z", NULL, ASN1RT_OK, "20240229120000Z", false },
    { GEN, "202402291230Z", NULL, ASN1RT_OK, "20240229123000Z", false },
    { GEN, "20240229120000,5Z", NULL, ASN1RT_OK, "20240229120000.5Z", false },
    { GEN, "20240229120000.50Z", NULL, ASN1RT_OK, "20240229120000.5Z", false },
    { GEN, "20240229120000.000Z", NULL, ASN1RT_OK, "20240229120000Z", false },
    { GEN, "2024022912.5Z", NULL, ASN1RT_OK, "20240229123000Z", false },
    { GEN, "202402291230.25Z", NULL, ASN1RT_OK, "20240229123015Z", false },
    { GEN, "2024022912,0001Z", NULL, ASN1RT_OK, "20240229120000.36Z", false },
    { GEN, "20240229120000.123456789123Z", NULL, ASN1RT_OK, "20240229120000.123456789123Z", true },
    { GEN, "20240301003000+0100", NULL, ASN1RT_OK, "20240229233000Z", false },
    { GEN, "20240229233000-01", NULL, ASN1RT_OK, "20240301003000Z", false },
    { GEN, "20240229120000.5+0530", NULL, ASN1RT_OK, "20240229063000.5Z", false },
    { GEN, "20240229120000", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },    /* local time */
    { GEN, "2024022912,Z", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },
    { GEN, "20240229120000+01000", NULL, ASN1RT_E_TIME_FORMAT, NULL, false },
    { GEN, "20230229120000Z", NULL, ASN1RT_E_TIME_VALUE, NULL, false },
    { GEN, "20240229120000+2400", NULL, ASN1RT_E_TIME_VALUE, NULL, false },
    { GEN, "00000101000000+0100", NULL, ASN1RT_E_TIME_VALUE, NULL, false }, /* before year 0 in UTC */
    { GEN, NULL, "38 80 04 06 32 30 32 34 30 32 04 05 32 39 31 32 5A 00 00", ASN1RT_OK, "20240229120000Z", false },
    { GEN, NULL, "38 13 04 08 32 30 32 34 30 32 32 39 04 07 31 32 30 30 30 30 5A", ASN1RT_OK, "20240229120000Z", false },
    { UTC, NULL, "37 80 04 03 39 39 31 04 02 32 33 00 00", ASN1RT_E_TIME_FORMAT, NULL, false },
};

static void test_time_rows(void)
{
    for (size_t i = 0; i < sizeof time_rows / sizeof time_rows[0]; i++) {
        const time_row *t = &time_rows[i];
        uint8_t in[128], store[64];
        size_t n;
        asn1rt_reader r;
        asn1rt_arena a;
        asn1rt_view v = { NULL, 0 };
        uint32_t tag = ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, t->universal);
        const char *name = t->text != NULL ? t->text : t->hex;
        int rc;
        if (t->text != NULL) {
            n = strlen(t->text);
            in[0] = (uint8_t)t->universal;
            in[1] = (uint8_t)n;
            memcpy(in + 2, t->text, n);
            n += 2;
        } else {
            n = unhex(t->hex, in, sizeof in);
        }
        CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, sizeof store) == ASN1RT_OK);
        asn1rt_ber_reader_init(&r, in, n);
        rc = asn1rt_ber_read_time(&r, tag, t->universal, &a, &v);
        CHECK_ROW(rc == t->code, name);
        if (rc != t->code) {
            fprintf(stderr, "    got %d (%s)\n", rc, asn1rt_strerror(rc));
            continue;
        }
        if (rc != ASN1RT_OK) {
            CHECK_ROW(r.err_offset == (t->text != NULL ? 2u : 0u), name);   /* at the text, or the element */
            CHECK_ROW(asn1rt_offset(&r) == 0 && a.used == 0, name);
            continue;
        }
        ASSERT_BYTES(name, v.ptr, v.len, (const uint8_t *)t->want, strlen(t->want));
        CHECK_ROW(asn1rt_offset(&r) == n, name);
        CHECK_ROW((v.ptr >= in && v.ptr < in + n) == t->view, name);
        CHECK_ROW(a.used == (t->view ? 0 : v.len), name);                /* only the DER text is kept */
        /* The DER text is what the strict reader takes. */
        CHECK_ROW(asn1rt_time_parse(t->universal, &v, &(asn1rt_time){ 0, 0, 0, 0, 0, 0, 0 }) == ASN1RT_OK, name);
    }
}

/* ------------------------------------------------------------------ */
/* Peers' encodings, hand-built from their specifications.              */

/* LDAP (RFC 4511 4.2, 4.1.9, 4.5.2) as Active Directory writes it: every
 * length in the 4-octet long form 0x84 (X.690 8.1.3.5 allows it). A simple
 * BindRequest (messageID 1, version 3, "cn=admin", password "secret"),
 * then the SearchResultDone (messageID 2, success, "" and "") that AD
 * answers with. */
static const char ldap_bind[] =
    "30 84 00 00 00 26 02 01 01 60 84 00 00 00 1D 02 01 03"
    " 04 84 00 00 00 08 63 6E 3D 61 64 6D 69 6E 80 84 00 00 00 06 73 65 63 72 65 74";
static const char ldap_done[] = "30 84 00 00 00 10 02 01 02 65 84 00 00 00 07 0A 01 00 04 00 04 00";

/* SNMPv2c (RFC 3416 3, RFC 1157 4) GetRequest for sysDescr.0
 * (1.3.6.1.2.1.1.1.0), request-id 0x12345678, with the fixed two-octet
 * long form 0x82 00 xx that Net-SNMP's asn_build_sequence writes on every
 * SEQUENCE and PDU. */
static const char snmp_get[] =
    "30 82 00 2F 02 01 01 04 06 70 75 62 6C 69 63 A0 82 00 20 02 04 12 34 56 78 02 01 00 02 01 00"
    " 30 82 00 10 30 82 00 0C 06 08 2B 06 01 02 01 01 01 00 05 00";

static void test_ldap(void)
{
    uint8_t in[128];
    size_t n = unhex(ldap_bind, in, sizeof in), total = 0;
    asn1rt_reader r, msg, op;
    int64_t id = 0, version = 0;
    asn1rt_view name = { NULL, 0 }, pass = { NULL, 0 };
    CU_ASSERT_EQUAL(asn1rt_element_size(in, n, &total), ASN1RT_OK);
    CU_ASSERT_EQUAL(total, n);
    asn1rt_ber_reader_init(&r, in, n);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, SEQ, &msg), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&msg, INT, &id), ASN1RT_OK);
    CU_ASSERT_EQUAL(id, 1);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&msg, ASN1RT_TAG(ASN1RT_CLASS_APPLICATION, 1, 0), &op), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&op, INT, &version), ASN1RT_OK);
    CU_ASSERT_EQUAL(version, 3);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&op, OCTETS, NULL, &name), ASN1RT_OK);
    ASSERT_BYTES("name", name.ptr, name.len, (const uint8_t *)"cn=admin", 8);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&op, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 0), NULL, &pass), ASN1RT_OK);
    ASSERT_BYTES("password", pass.ptr, pass.len, (const uint8_t *)"secret", 6);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&op), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&msg), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&r), ASN1RT_OK);
    /* A strict DER reader refuses the first length. */
    asn1rt_reader_init(&r, in, n);
    CU_ASSERT_EQUAL(asn1rt_enter(&r, SEQ, &msg), ASN1RT_E_LENGTH_NOT_MINIMAL);
    CU_ASSERT_EQUAL(r.err_offset, 0);

    n = unhex(ldap_done, in, sizeof in);
    {
        int64_t code = -1;
        asn1rt_view dn = { NULL, 0 }, text = { NULL, 0 };
        asn1rt_ber_reader_init(&r, in, n);
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, SEQ, &msg), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_read_int64(&msg, INT, &id), ASN1RT_OK);
        CU_ASSERT_EQUAL(id, 2);
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&msg, ASN1RT_TAG(ASN1RT_CLASS_APPLICATION, 1, 5), &op), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_read_int64(&op, ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_ENUMERATED), &code),
                        ASN1RT_OK);
        CU_ASSERT_EQUAL(code, 0);
        CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&op, OCTETS, NULL, &dn), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&op, OCTETS, NULL, &text), ASN1RT_OK);
        CU_ASSERT_EQUAL(dn.len + text.len, 0);
        CU_ASSERT_EQUAL(asn1rt_expect_end(&op), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_offset(&r), n);
    }
}

static void test_snmp(void)
{
    static const uint8_t sysdescr[] = { 0x2B, 0x06, 0x01, 0x02, 0x01, 0x01, 0x01, 0x00 };
    uint8_t in[128];
    size_t n = unhex(snmp_get, in, sizeof in), total = 0;
    asn1rt_reader r, msg, pdu, list, bind;
    int64_t version = -1, reqid = 0, status = -1, index = -1;
    asn1rt_view community = { NULL, 0 }, oid = { NULL, 0 };
    CU_ASSERT_EQUAL(asn1rt_element_size(in, n, &total), ASN1RT_OK);
    CU_ASSERT_EQUAL(total, 51);
    CU_ASSERT_EQUAL(n, 51);
    asn1rt_ber_reader_init(&r, in, n);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, SEQ, &msg), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&msg, INT, &version), ASN1RT_OK);
    CU_ASSERT_EQUAL(version, 1);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&msg, OCTETS, NULL, &community), ASN1RT_OK);
    ASSERT_BYTES("community", community.ptr, community.len, (const uint8_t *)"public", 6);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&msg, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 1, 0), &pdu), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&pdu, INT, &reqid), ASN1RT_OK);
    CU_ASSERT_EQUAL(reqid, 0x12345678);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&pdu, INT, &status), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&pdu, INT, &index), ASN1RT_OK);
    CU_ASSERT_EQUAL(status + index, 0);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&pdu, SEQ, &list), ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&list, SEQ, &bind), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_oid(&bind, ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OID), &oid), ASN1RT_OK);
    ASSERT_BYTES("sysDescr.0", oid.ptr, oid.len, sysdescr, sizeof sysdescr);
    CU_ASSERT_EQUAL(asn1rt_read_null(&bind, ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_NULL)), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&bind), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&list), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&pdu), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&msg), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_offset(&r), n);
}

/* ------------------------------------------------------------------ */
/* Stream framing.                                                      */

typedef struct size_row {
    const char *name;
    const char *in;
    int code;
    size_t total;
} size_row;

static const size_row size_rows[] = {
    { "definite", "30 03 02 01 05", ASN1RT_OK, 5 },
    { "definite, more follows", "30 03 02 01 05 30", ASN1RT_OK, 5 },
    { "84 length", "30 84 00 00 00 03 02 01 05", ASN1RT_OK, 9 },
    { "indefinite", "30 80 02 01 05 00 00", ASN1RT_OK, 7 },
    { "indefinite, more follows", "30 80 02 01 05 00 00 FF", ASN1RT_OK, 7 },
    { "nested indefinite", "30 80 24 80 04 01 41 00 00 00 00", ASN1RT_OK, 11 },
    { "definite content unread", "30 80 04 03 00 00 00 00 00", ASN1RT_OK, 9 },
    { "nothing", "", ASN1RT_E_NEED_MORE, 2 },
    { "identifier only", "30", ASN1RT_E_NEED_MORE, 2 },
    { "high tag cut", "3F 81", ASN1RT_E_NEED_MORE, 4 },
    { "long length cut", "30 84 00", ASN1RT_E_NEED_MORE, 6 },
    { "definite content cut", "30 05 02", ASN1RT_E_NEED_MORE, 7 },
    { "indefinite, no content", "30 80", ASN1RT_E_NEED_MORE, 4 },
    { "two open", "30 80 30 80", ASN1RT_E_NEED_MORE, 8 },
    { "inner definite cut", "30 80 02 01", ASN1RT_E_NEED_MORE, 7 },
    { "inner high tag cut", "30 80 1F", ASN1RT_E_NEED_MORE, 7 },
    { "inner EOC cut", "30 80 00", ASN1RT_E_NEED_MORE, 4 },
    { "EOC outermost", "00 00", ASN1RT_E_UNEXPECTED_EOC, 0 },
    { "EOC with a length", "30 80 00 01 00", ASN1RT_E_UNEXPECTED_EOC, 2 },
    { "primitive indefinite", "04 80 00 00", ASN1RT_E_INDEFINITE_PRIMITIVE, 0 },
    { "primitive indefinite inside", "30 80 04 80", ASN1RT_E_INDEFINITE_PRIMITIVE, 2 },
    { "high tag leading 0x80", "9F 80 01 00", ASN1RT_E_TAG_NOT_MINIMAL, 0 },
    { "high tag for 30", "30 80 9F 1E 00 00 00", ASN1RT_E_TAG_NOT_MINIMAL, 2 },
    { "length FF", "04 FF", ASN1RT_E_LENGTH_TOO_LARGE, 0 },
    { "length beyond size_t", "04 89 01 00 00 00 00 00 00 00 00", ASN1RT_E_LENGTH_TOO_LARGE, 0 },
};

static void test_element_size_rows(void)
{
    uint8_t in[64];
    for (size_t i = 0; i < sizeof size_rows / sizeof size_rows[0]; i++) {
        const size_row *t = &size_rows[i];
        size_t n = unhex(t->in, in, sizeof in), total = 12345;
        int rc = asn1rt_element_size(in, n, &total);
        CHECK_ROW(rc == t->code, t->name);
        CHECK_ROW(total == t->total, t->name);
        if (rc != t->code || total != t->total)
            fprintf(stderr, "    got %d total %zu\n", rc, total);
    }
    {
        size_t total = 7;
        CU_ASSERT_EQUAL(asn1rt_element_size(NULL, 1, &total), ASN1RT_E_ARG);
        CU_ASSERT_EQUAL(total, 7);
        CU_ASSERT_EQUAL(asn1rt_element_size(in, 1, NULL), ASN1RT_E_ARG);
    }
}

/* Every prefix of a whole element: NEED_MORE with a bound above the cut
 * and not above the element (the promise a stream reader relies on), then
 * the exact size; exact at once for a definite length whose header is in. */
static void check_cuts(const char *name, const uint8_t *in, size_t len)
{
    size_t total = 0, bad = 0;
    CU_ASSERT_EQUAL(asn1rt_element_size(in, len, &total), ASN1RT_OK);
    CU_ASSERT_EQUAL(total, len);
    for (size_t cut = 0; cut < len; cut++) {
        size_t t = 0;
        int rc = asn1rt_element_size(in, cut, &t);
        if (rc != ASN1RT_E_NEED_MORE || t <= cut || t > len) {
            if (bad++ == 0)
                fprintf(stderr, "\n  %s cut at %zu: %d, total %zu of %zu\n", name, cut, rc, t, len);
        }
        if (in[1] != 0x80 && cut >= 2 + (in[1] > 0x80 ? (size_t)(in[1] & 0x7F) : 0) && t != len && bad++ == 0)
            fprintf(stderr, "\n  %s cut at %zu: definite total %zu of %zu\n", name, cut, t, len);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_element_size_cuts(void)
{
    static const char *vectors[] = { ldap_bind, ldap_done, snmp_get, "30 80 30 80 02 01 05 00 00 24 80 04 01 41 00 00 00 00",
                                     "23 80 03 03 00 0A 3B 03 05 04 5F 29 1C D0 00 00" };
    uint8_t in[128];
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        size_t n = unhex(vectors[i], in, sizeof in);
        check_cuts(vectors[i], in, n);
    }
}

/* ------------------------------------------------------------------ */
/* Real BER from OpenSSL and python3-cryptography-vectors.              */

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* `openssl asn1parse -i` of the file, its element lines only. */
static size_t asn1parse_lines(const char *path, walk_line *out, size_t cap)
{
    char cmd[512], line[8192];
    size_t n = 0;
    FILE *p;
    snprintf(cmd, sizeof cmd, "openssl asn1parse -inform DER -i -in '%s' 2>/dev/null", path);
    if ((p = popen(cmd, "r")) == NULL)
        return 0;
    while (fgets(line, sizeof line, p) != NULL) {
        size_t off, hl;
        unsigned depth;
        char len[16], form[8];
        if (sscanf(line, "%zu:d=%u hl=%zu l=%15s %7s", &off, &depth, &hl, len, form) != 5)
            continue;                          /* content text printed on its own lines */
        if (n < cap)
            out[n] = (walk_line){ off, hl, depth, strcmp(len, "inf") == 0 ? -1 : atol(len), strcmp(form, "cons:") == 0 };
        n++;
    }
    if (pclose(p) != 0)
        return 0;
    return n;
}

/* Walks a file with the BER reader and compares every element line with
 * what openssl asn1parse reports; returns the walk (caller frees). */
static walk_out walk_and_compare(const char *path, const uint8_t *der, size_t len, size_t *indefinite)
{
    walk_out w = { malloc(256 * sizeof(walk_line)), 0, 256 };
    walk_line *ref = malloc(20000 * sizeof *ref);
    asn1rt_reader r;
    size_t nref, mismatch = 0, total = 0;
    CU_ASSERT_FATAL(w.lines != NULL && ref != NULL);
    asn1rt_ber_reader_init(&r, der, len);
    CU_ASSERT_EQUAL(ber_walk(&r, 0, &w), ASN1RT_OK);
    nref = asn1parse_lines(path, ref, 20000);
    CU_ASSERT(nref > 0);
    CU_ASSERT_EQUAL(nref, w.n);
    *indefinite = 0;
    for (size_t i = 0; i < w.n && i < nref; i++) {
        const walk_line *a = &w.lines[i], *b = &ref[i];
        if (a->offset != b->offset || a->depth != b->depth || a->hl != b->hl || a->len != b->len || a->cons != b->cons) {
            if (mismatch++ == 0)
                fprintf(stderr, "\n  %s line %zu: %zu:d=%u hl=%zu l=%ld against asn1parse %zu:d=%u hl=%zu l=%ld\n", path,
                        i, a->offset, a->depth, a->hl, a->len, b->offset, b->depth, b->hl, b->len);
        }
        *indefinite += a->len < 0;
    }
    CU_ASSERT_EQUAL(mismatch, 0);
    CU_ASSERT_EQUAL(asn1rt_element_size(der, len, &total), ASN1RT_OK);
    CU_ASSERT_EQUAL(total, len);
    free(ref);
    return w;
}

enum peer_kind { SIGNED_TEXT, SIGNED_CERTS, ENVELOPED };

typedef struct peer_file {
    const char *path;
    const char *made_by;      /* the command that wrote it (tests/runtime/ber/README.md) */
    enum peer_kind kind;      /* SIGNED_TEXT: its eContent is tests/runtime/ber/content.txt */
} peer_file;

static const peer_file peers[] = {
    { "tests/runtime/ber/signed-stream.ber", "openssl cms -sign -stream -outform DER -nodetach", SIGNED_TEXT },
    { "tests/runtime/ber/signed-indef.ber", "openssl cms -sign -indef -outform DER -nodetach", SIGNED_TEXT },
    { "tests/runtime/ber/smime-signed-stream.ber", "openssl smime -sign -stream -outform DER -nodetach", SIGNED_TEXT },
    { "tests/runtime/ber/enveloped-stream.ber", "openssl cms -encrypt -stream -outform DER", ENVELOPED },
    { "/usr/lib/python3/dist-packages/cryptography_vectors/pkcs7/amazon-roots.p7b", "python3-cryptography-vectors",
      SIGNED_CERTS },
};

/* ContentInfo { contentType, [0] EXPLICIT SignedData/EnvelopedData } (RFC
 * 5652 3, 5.1, 6.1) down to the eContent / encryptedContent OCTET STRING,
 * joined; *at = its offset. For SignedData, *certs = the number of
 * certificates. */
static int cms_content(const uint8_t *der, size_t len, enum peer_kind kind, asn1rt_arena *a, asn1rt_view *out,
                       size_t *at, size_t *certs)
{
    asn1rt_reader r, ci, x, sd, eci, e, set;
    asn1rt_view oid;
    int rc;
    const uint32_t OID = ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OID);
    const uint32_t C0 = ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 1, 0);
    asn1rt_ber_reader_init(&r, der, len);
    if ((rc = asn1rt_enter(&r, SEQ, &ci)) || (rc = asn1rt_skip(&ci)) || (rc = asn1rt_enter(&ci, C0, &x)) ||
        (rc = asn1rt_enter(&x, SEQ, &sd)) || (rc = asn1rt_skip(&sd)) || (rc = asn1rt_skip(&sd)) ||
        (rc = asn1rt_enter(&sd, SEQ, &eci)) || (rc = asn1rt_read_oid(&eci, OID, &oid)))
        return rc;
    if (kind == ENVELOPED) {
        /* encryptedContentInfo { contentType, algorithm, [0] IMPLICIT OCTET STRING } */
        if ((rc = asn1rt_skip(&eci)) != ASN1RT_OK)
            return rc;
        *at = asn1rt_offset(&eci);
        return asn1rt_ber_read_octets(&eci, ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, 0), a, out);
    }
    if ((rc = asn1rt_enter(&eci, C0, &e)) != ASN1RT_OK)
        return rc;
    *at = asn1rt_offset(&e);
    if ((rc = asn1rt_ber_read_octets(&e, OCTETS, a, out)) != ASN1RT_OK ||
        (rc = asn1rt_enter(&sd, C0, &set)) != ASN1RT_OK)           /* certificates [0] IMPLICIT SET OF */
        return rc;
    for (*certs = 0; !asn1rt_at_end(&set); ++*certs)
        if ((rc = asn1rt_skip(&set)) != ASN1RT_OK)
            return rc;
    return ASN1RT_OK;
}

static void test_peers(void)
{
    size_t text_len = 0;
    uint8_t *text = read_file("tests/runtime/ber/content.txt", &text_len);
    CU_ASSERT_FATAL(text != NULL);
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++) {
        const peer_file *p = &peers[i];
        static uint8_t store[1 << 16];
        size_t len = 0, indefinite = 0, at = 0, certs = 0, k = 0, joined = 0, bad = 0, listed = 0;
        uint8_t *der = read_file(p->path, &len);
        asn1rt_arena a;
        asn1rt_view v = { NULL, 0 };
        walk_out w;
        int rc;
        if (der == NULL) {
            fprintf(stderr, "\n  SKIPPED %s (%s): not installed\n", p->path, p->made_by);
            continue;
        }
        w = walk_and_compare(p->path, der, len, &indefinite);
        CHECK_ROW(indefinite > 0, p->path);        /* it is BER, not DER */
        check_cuts(p->path, der, len);
        CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, sizeof store) == ASN1RT_OK);
        rc = cms_content(der, len, p->kind, &a, &v, &at, &certs);
        CHECK_ROW(rc == ASN1RT_OK, p->path);
        /* The joined string against the primitive segments the walk (equal
         * to asn1parse's lines) lists under it, and against its source. */
        while (k < w.n && w.lines[k].offset != at)
            k++;
        CHECK_ROW(k < w.n && w.lines[k].cons, p->path);
        for (size_t j = k + 1; j < w.n && w.lines[j].depth > w.lines[k].depth; j++) {
            const walk_line *s = &w.lines[j];
            if (s->cons || s->len == 0)
                continue;                          /* constructed segments and EOCs */
            if (joined + (size_t)s->len > v.len || memcmp(v.ptr + joined, der + s->offset + s->hl, (size_t)s->len))
                bad++;
            joined += (size_t)s->len;
        }
        CHECK_ROW(joined == v.len && bad == 0, p->path);
        if (p->kind == SIGNED_TEXT)
            ASSERT_BYTES(p->path, v.ptr, v.len, text, text_len);
        if (p->kind != ENVELOPED) {
            /* certificates: asn1parse's lines one level below the [0] at depth 3 after the content */
            for (size_t j = 0; j < w.n; j++)
                if (w.lines[j].depth == 3 && w.lines[j].cons && der[w.lines[j].offset] == 0xA0) {
                    for (size_t m = j + 1; m < w.n && w.lines[m].depth > 3; m++)
                        listed += w.lines[m].depth == 4 && w.lines[m].len != 0;
                    break;
                }
            CHECK_ROW(certs > 0 && certs == listed, p->path);
            fprintf(stderr, "%s  %s: %zu elements, %zu indefinite, %zu content octets, %zu certificates\n",
                    i == 0 ? "\n" : "", p->path, w.n, indefinite, v.len, certs);
        } else {
            fprintf(stderr, "  %s: %zu elements, %zu indefinite, %zu content octets\n", p->path, w.n, indefinite, v.len);
        }
        free(w.lines);
        free(der);
    }
    free(text);
}

/* ------------------------------------------------------------------ */
/* BER in, DER out, through the generated DER decoder in BER mode.      */

/* The DER element list [p, p + n) rewritten as BER: every constructed
 * element with an indefinite length, every BOOLEAN, INTEGER, BIT STRING and
 * OCTET STRING with a 4-octet length (84 xx xx xx xx); other primitives
 * (strings, OIDs, times: what ANY values hold in certificates) as they are.
 * Returns the octets written to out; *indefinite counts the rewritten. */
static size_t berify(const uint8_t *p, size_t n, uint8_t *out, size_t *indefinite)
{
    asn1rt_reader r;
    size_t o = 0;
    asn1rt_reader_init(&r, p, n);
    while (!asn1rt_at_end(&r)) {
        const uint8_t *start = r.cur;
        uint32_t tag = 0;
        size_t len = 0, idl = 1;
        if (asn1rt_read_header(&r, &tag, &len) != ASN1RT_OK) {
            CU_FAIL("berify: not DER");
            return o;
        }
        if ((start[0] & 0x1F) == 0x1F)
            while (start[idl++] & 0x80)
                ;
        memcpy(out + o, start, idl);
        o += idl;
        if (ASN1RT_TAG_CONSTRUCTED(tag)) {
            out[o++] = 0x80;
            o += berify(r.cur, len, out + o, indefinite);
            out[o++] = 0;
            out[o++] = 0;
            ++*indefinite;
        } else if (ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL && ASN1RT_TAG_NUMBER(tag) >= ASN1RT_UT_BOOLEAN &&
                   ASN1RT_TAG_NUMBER(tag) <= ASN1RT_UT_OCTET_STRING) {
            out[o++] = 0x84;
            for (int k = 3; k >= 0; k--)
                out[o++] = (uint8_t)(len >> (8 * k));
            memcpy(out + o, r.cur, len);
            o += len;
        } else {
            memcpy(out + o, start + idl, (size_t)(r.cur - start) - idl + len);
            o += (size_t)(r.cur - start) - idl + len;
        }
        r.cur += len;
    }
    return o;
}

/* The certificates OpenSSL wrote into the fixtures (the test signer's, and
 * amazon-roots.p7b's two), made BER, decoded by the generated Certificate
 * decoder with a BER-mode reader (the DER code, shared): every typed field
 * equals the DER decode's, and re-encodes to the DER OpenSSL wrote. The
 * fields the DER code keeps as raw views (Name's and Extensions' SEQUENCE
 * OF iterators) hold the BER they came from: a BER emitter decodes those
 * into the arena instead (docs/runtime.md, BER mode). */
static void test_generated_der_code(void)
{
    static const char *files[] = { "tests/runtime/ber/signed-stream.ber",
                                   "/usr/lib/python3/dist-packages/cryptography_vectors/pkcs7/amazon-roots.p7b" };
    size_t done = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t len = 0;
        uint8_t *der = read_file(files[i], &len);
        asn1rt_reader r, ci, x, sd, set;
        const uint32_t C0 = ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 1, 0);
        if (der == NULL) {
            fprintf(stderr, "\n  SKIPPED %s: not installed\n", files[i]);
            continue;
        }
        asn1rt_ber_reader_init(&r, der, len);
        /* SignedData: version, digestAlgorithms, encapContentInfo, certificates [0] */
        CU_ASSERT_FATAL(asn1rt_enter(&r, SEQ, &ci) == ASN1RT_OK && asn1rt_skip(&ci) == ASN1RT_OK &&
                        asn1rt_enter(&ci, C0, &x) == ASN1RT_OK && asn1rt_enter(&x, SEQ, &sd) == ASN1RT_OK &&
                        asn1rt_skip(&sd) == ASN1RT_OK && asn1rt_skip(&sd) == ASN1RT_OK && asn1rt_skip(&sd) == ASN1RT_OK &&
                        asn1rt_enter(&sd, C0, &set) == ASN1RT_OK);
        while (!asn1rt_at_end(&set)) {
            asn1rt_view cert;
            size_t indefinite = 0, n, elen = 0;
            uint8_t *ber, *re;
            Certificate c, d;
            asn1rt_error err;
            uint8_t spki[600];
            size_t spki_len = 0;
            CU_ASSERT_FATAL(asn1rt_read_raw(&set, NULL, &cert) == ASN1RT_OK);
            ber = malloc(4 * cert.len);
            re = malloc(cert.len);
            CU_ASSERT_FATAL(ber != NULL && re != NULL);
            n = berify(cert.ptr, cert.len, ber, &indefinite);
            CU_ASSERT(indefinite > 10 && n > cert.len);
            CU_ASSERT_EQUAL(Certificate_decode_ex(&c, ber, n, 0, &err), ASN1RT_E_INDEFINITE_LENGTH);
            CU_ASSERT_EQUAL(err.offset, 0);
            CU_ASSERT_EQUAL_FATAL(Certificate_decode_ex(&c, ber, n, ASN1RT_BER, &err), ASN1RT_OK);
            CU_ASSERT_EQUAL_FATAL(Certificate_decode(&d, cert.ptr, cert.len), ASN1RT_OK);
            CU_ASSERT(asn1g_view_eq(&c.tbsCertificate.serialNumber, &d.tbsCertificate.serialNumber));
            CU_ASSERT(asn1g_view_eq(&c.tbsCertificate.version, &d.tbsCertificate.version));
            CU_ASSERT(AlgorithmIdentifier_equal(&c.tbsCertificate.signature, &d.tbsCertificate.signature));
            CU_ASSERT(AlgorithmIdentifier_equal(&c.signatureAlgorithm, &d.signatureAlgorithm));
            CU_ASSERT(Validity_equal(&c.tbsCertificate.validity, &d.tbsCertificate.validity));
            CU_ASSERT(SubjectPublicKeyInfo_equal(&c.tbsCertificate.subjectPublicKeyInfo, &d.tbsCertificate.subjectPublicKeyInfo));
            CU_ASSERT(asn1g_bits_eq(&c.signature, &d.signature));
            CU_ASSERT(c.tbsCertificate.extensions_present == d.tbsCertificate.extensions_present);
            /* DER again: the public key info (no raw views below it) as OpenSSL wrote it */
            CU_ASSERT_EQUAL(SubjectPublicKeyInfo_encode(&c.tbsCertificate.subjectPublicKeyInfo, spki, sizeof spki, &spki_len),
                            ASN1RT_OK);
            CU_ASSERT_EQUAL(SubjectPublicKeyInfo_encode(&d.tbsCertificate.subjectPublicKeyInfo, re, cert.len, &elen),
                            ASN1RT_OK);
            ASSERT_BYTES(files[i], spki, spki_len, re, elen);
            CU_ASSERT(spki_len > 0 && memmem(cert.ptr, cert.len, spki, spki_len) != NULL);
            fprintf(stderr, "%s  certificate of %zu octets as %zu octets of BER (%zu indefinite lengths): decoded\n",
                    done == 0 ? "\n" : "", cert.len, n, indefinite);
            done++;
            free(re);
            free(ber);
        }
        free(der);
    }
}

/* ------------------------------------------------------------------ */
/* Linear time and the nesting bound.                                   */

#define MANY 1000000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A constructed OCTET STRING of `segments` indefinite-length constructed
 * segments, each holding one primitive segment of one octet (depth 2). */
static size_t build_flat(uint8_t *p, size_t segments)
{
    size_t n = 0;
    p[n++] = 0x24;
    p[n++] = 0x80;
    for (size_t i = 0; i < segments; i++) {
        static const uint8_t seg[7] = { 0x24, 0x80, 0x04, 0x01, 0, 0x00, 0x00 };
        memcpy(p + n, seg, 7);
        p[n + 4] = (uint8_t)i;
        n += 7;
    }
    p[n++] = 0;
    p[n++] = 0;
    return n;
}

static double time_flat(uint8_t *in, size_t segments, asn1rt_arena *a, int *rc, asn1rt_view *v, size_t *total)
{
    size_t n = build_flat(in, segments);
    asn1rt_reader r;
    double t0 = now();
    asn1rt_ber_reader_init(&r, in, n);
    a->used = 0;
    *rc = asn1rt_ber_read_octets(&r, OCTETS, a, v);
    if (*rc == ASN1RT_OK && asn1rt_offset(&r) != n)
        *rc = -1;
    if (*rc == ASN1RT_OK && (asn1rt_element_size(in, n, total) != ASN1RT_OK || *total != n))
        *rc = -2;
    return now() - t0;
}

static void test_linear_flat(void)
{
    uint8_t *in = malloc(7 * (size_t)MANY + 4), *store = malloc(MANY);
    asn1rt_arena a;
    asn1rt_view v = { NULL, 0 };
    size_t total = 0, bad = 0;
    int rc = 0;
    double small, big;
    CU_ASSERT_FATAL(in != NULL && store != NULL);
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, MANY) == ASN1RT_OK);
    small = time_flat(in, MANY / 10, &a, &rc, &v, &total);
    CU_ASSERT_EQUAL(rc, ASN1RT_OK);
    big = time_flat(in, MANY, &a, &rc, &v, &total);
    CU_ASSERT_EQUAL(rc, ASN1RT_OK);
    CU_ASSERT_EQUAL(v.len, MANY);
    CU_ASSERT_EQUAL(total, 7 * (size_t)MANY + 4);
    for (size_t i = 0; i < v.len; i++)
        bad += v.ptr[i] != (uint8_t)i;
    CU_ASSERT_EQUAL(bad, 0);
    /* Linear: ten times the segments, about ten times the time. The times
     * are printed, never asserted (a test does not fail on a time on a
     * shared machine); a quadratic walk over 1M segments, some 10^12 steps,
     * would not finish within make test at all. */
    fprintf(stderr, "\n  BER flat: 100k segments %.1f ms, 1M segments %.1f ms (%.1fx)\n", small * 1e3, big * 1e3,
            big / small);
    free(store);
    free(in);
}

/* 1M indefinite-length constructed segments nested in each other: the
 * nesting bound (ASN1RT_DEFAULT_MAX_DEPTH levels) stops the read at the
 * 65th level, offset 128, before anything is joined; framing stops there
 * too. With the reader's limit raised past 1M, the walk to the end runs
 * once and the join's fixed stack of segment levels stops it at the same
 * place. */
static void test_deep(void)
{
    size_t n = 0, total = 0;
    uint8_t *in = malloc(4 * (size_t)MANY + 8), store[16];
    asn1rt_arena a;
    asn1rt_reader r;
    asn1rt_view v = { NULL, 0 };
    double t0, t1;
    CU_ASSERT_FATAL(in != NULL);
    for (size_t i = 0; i < MANY; i++) {
        in[n++] = 0x24;
        in[n++] = 0x80;
    }
    in[n++] = 0x04;
    in[n++] = 0x01;
    in[n++] = 0x41;
    for (size_t i = 0; i < MANY; i++) {
        in[n++] = 0;
        in[n++] = 0;
    }
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, sizeof store) == ASN1RT_OK);
    asn1rt_ber_reader_init(&r, in, n);
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&r, OCTETS, &a, &v), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(r.err_offset, 2 * ASN1RT_DEFAULT_MAX_DEPTH);
    CU_ASSERT_EQUAL(asn1rt_skip(&r), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(r.err_offset, 2 * ASN1RT_DEFAULT_MAX_DEPTH);
    CU_ASSERT_EQUAL(asn1rt_element_size(in, n, &total), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(total, 2 * ASN1RT_DEFAULT_MAX_DEPTH);
    r.max_depth = 2 * MANY;
    t0 = now();
    CU_ASSERT_EQUAL(asn1rt_skip(&r), ASN1RT_OK);                 /* one walk to the last EOC */
    CU_ASSERT_EQUAL(asn1rt_offset(&r), n);
    r.cur = in;
    CU_ASSERT_EQUAL(asn1rt_ber_read_octets(&r, OCTETS, &a, &v), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(r.err_offset, 2 * ASN1RT_DEFAULT_MAX_DEPTH);
    t1 = now();
    fprintf(stderr, "  BER deep: 1M levels walked and refused in %.1f ms\n", (t1 - t0) * 1e3);
    CU_ASSERT_EQUAL(a.used, 0);
    free(in);
}

/* The same limits through asn1rt_enter: an indefinite SEQUENCE whose
 * content nests one level too deep fails at that level's header. */
static void test_enter_depth(void)
{
    uint8_t in[4 * ASN1RT_DEFAULT_MAX_DEPTH + 8];
    size_t n = 0;
    asn1rt_reader r, c;
    for (unsigned i = 0; i < ASN1RT_DEFAULT_MAX_DEPTH; i++) {
        in[n++] = 0x30;
        in[n++] = 0x80;
    }
    for (unsigned i = 0; i < ASN1RT_DEFAULT_MAX_DEPTH; i++) {
        in[n++] = 0;
        in[n++] = 0;
    }
    asn1rt_ber_reader_init(&r, in, n);
    CU_ASSERT_EQUAL(asn1rt_enter(&r, SEQ, &c), ASN1RT_OK);     /* 64 levels: the limit itself */
    r.cur = in;
    r.max_depth = ASN1RT_DEFAULT_MAX_DEPTH - 1;
    CU_ASSERT_EQUAL(asn1rt_enter(&r, SEQ, &c), ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(r.err_offset, 2 * (ASN1RT_DEFAULT_MAX_DEPTH - 1));
}

void register_ber_suite(void)
{
    static const cunit_test tests[] = {
        { "BER rules: values, codes, offsets", test_rows },
        { "constructed string into a full arena", test_arena_full },
        { "BER time forms to their DER text", test_time_rows },
        { "LDAP with 0x84 lengths (Active Directory)", test_ldap },
        { "SNMP with 0x82 00 xx lengths (Net-SNMP)", test_snmp },
        { "element_size rows", test_element_size_rows },
        { "element_size at every cut", test_element_size_cuts },
        { "OpenSSL and cryptography-vectors BER against asn1parse", test_peers },
        { "BER certificates through the generated DER decoder", test_generated_der_code },
        { "1M indefinite segments, linear", test_linear_flat },
        { "1M nested indefinite segments, bounded", test_deep },
        { "enter at the depth limit", test_enter_depth },
    };
    CUNIT_SUITE("ber", tests);
}
