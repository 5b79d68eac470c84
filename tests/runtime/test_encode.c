/* Exact X.690 encodings of every primitive, both directions. */
#include "testutil.h"

#define T_INT   ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_INTEGER)
#define T_BOOL  ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_BOOLEAN)
#define T_NULL  ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_NULL)
#define T_OCT   ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING)
#define T_BITS  ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_BIT_STRING)
#define T_OID   ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OID)

/* Decodes `der` placed at offset `at` of a larger buffer: offset 0 takes
 * the byte-loop paths, offset 16 the 8-octet-load fast paths. */
static asn1rt_reader reader_at(uint8_t *space, size_t at, const uint8_t *der, size_t n)
{
    asn1rt_reader r;
    memset(space, 0xAA, at);
    memcpy(space + at, der, n);
    asn1rt_reader_init(&r, space, at + n);
    r.cur = space + at;
    return r;
}

/* Writes one row's value twice, into a generous buffer (the fast paths) and
 * into one of exactly n bytes (the byte paths); both must give want, and
 * the exact one must end at the start of its buffer. */
typedef int (*prepend_fn)(asn1rt_writer *w, const void *value);
static void check_prepend(const char *name, prepend_fn prepend, const void *value, const uint8_t *want, size_t n)
{
    uint8_t buf[40];
    asn1rt_writer w;
    asn1rt_writer_init(&w, buf, sizeof buf);
    CHECK_ROW(prepend(&w, value) == ASN1RT_OK, name);
    ASSERT_BYTES(name, w.pos, asn1rt_written(&w, buf + sizeof buf), want, n);
    asn1rt_writer_init(&w, buf, n);
    CHECK_ROW(prepend(&w, value) == ASN1RT_OK, name);
    ASSERT_BYTES(name, w.pos, asn1rt_written(&w, buf + n), want, n);
    CU_ASSERT_PTR_EQUAL(w.pos, buf);
}

/* prepend_fn for the writer asn1rt_prepend_<fn> of values of type T. */
#define PREPEND_FN(fn, T)                                                     \
    static int prepend_##fn(asn1rt_writer *w, const void *v)                  \
    {                                                                         \
        return asn1rt_prepend_##fn(w, T_INT, *(const T *)v);                  \
    }
PREPEND_FN(int64, int64_t)
PREPEND_FN(uint64, uint64_t)
PREPEND_FN(i128, asn1rt_i128)

static const struct { const char *name; int64_t v; const char *der; } int64_rows[] = {
    { "0", 0, "02 01 00" },
    { "127", 127, "02 01 7F" },
    { "128", 128, "02 02 00 80" },
    { "256", 256, "02 02 01 00" },
    { "-1", -1, "02 01 FF" },
    { "-128", -128, "02 01 80" },
    { "-129", -129, "02 02 FF 7F" },
    { "32767", 32767, "02 02 7F FF" },
    { "32768", 32768, "02 03 00 80 00" },
    { "-32769", -32769, "02 03 FF 7F FF" },
    { "INT64_MIN", INT64_MIN, "02 08 80 00 00 00 00 00 00 00" },
    { "INT64_MAX", INT64_MAX, "02 08 7F FF FF FF FF FF FF FF" },
    { "2^55", INT64_C(1) << 55, "02 08 00 80 00 00 00 00 00 00" },
};

static const struct { const char *name; uint64_t v; const char *der; } uint64_rows[] = {
    { "0", 0, "02 01 00" },
    { "127", 127, "02 01 7F" },
    { "128", 128, "02 02 00 80" },
    { "256", 256, "02 02 01 00" },
    { "INT64_MAX", INT64_MAX, "02 08 7F FF FF FF FF FF FF FF" },
    { "2^63", UINT64_C(1) << 63, "02 09 00 80 00 00 00 00 00 00 00" },
    { "UINT64_MAX", UINT64_MAX, "02 09 00 FF FF FF FF FF FF FF FF" },
};

/* test_<fn>: the rows of a 64-bit C type T through asn1rt_<fn>_len, both
 * write paths and the read at both offsets; the read's output starts as
 * the complement of the row's value, so a read that writes nothing fails. */
#define INT64_ROWS_TEST(fn, T, rows)                                          \
    static void test_##fn(void)                                               \
    {                                                                         \
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {           \
            uint8_t want[16], space[64];                                      \
            size_t n = unhex(rows[i].der, want, sizeof want);                 \
            CU_ASSERT_EQUAL(asn1rt_##fn##_len(rows[i].v), n - 2);             \
            check_prepend(rows[i].name, prepend_##fn, &rows[i].v, want, n);   \
            for (size_t at = 0; at <= 16; at += 16) {                         \
                asn1rt_reader r = reader_at(space, at, want, n);              \
                T v = (T)~rows[i].v;                                          \
                CHECK_ROW(asn1rt_read_##fn(&r, T_INT, &v) == ASN1RT_OK && v == rows[i].v, rows[i].name); \
                CU_ASSERT(asn1rt_at_end(&r));                                 \
            }                                                                 \
        }                                                                     \
    }
INT64_ROWS_TEST(int64, int64_t, int64_rows)
INT64_ROWS_TEST(uint64, uint64_t, uint64_rows)

static const struct { const char *name; int64_t hi; uint64_t lo; const char *der; } i128_rows[] = {
    { "0", 0, 0, "02 01 00" },
    { "-1", -1, UINT64_MAX, "02 01 FF" },
    { "2^63", 0, UINT64_C(1) << 63, "02 09 00 80 00 00 00 00 00 00 00" },
    { "-2^63-1", -1, INT64_MAX, "02 09 FF 7F FF FF FF FF FF FF FF" },
    { "INT128_MAX", INT64_MAX, UINT64_MAX, "02 10 7F FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF" },
    { "INT128_MIN", INT64_MIN, 0, "02 10 80 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" },
    { "2^64", 1, 0, "02 09 01 00 00 00 00 00 00 00 00" },
};

static void test_i128(void)
{
    for (size_t i = 0; i < sizeof i128_rows / sizeof i128_rows[0]; i++) {
        uint8_t want[24], space[64];
        size_t n = unhex(i128_rows[i].der, want, sizeof want);
        asn1rt_i128 v = { i128_rows[i].hi, i128_rows[i].lo }, got = { 5, 5 };
        CHECK_ROW(asn1rt_i128_len(v) == n - 2, i128_rows[i].name);
        check_prepend(i128_rows[i].name, prepend_i128, &v, want, n);
        for (size_t at = 0; at <= 16; at += 16) {
            asn1rt_reader r = reader_at(space, at, want, n);
            CHECK_ROW(asn1rt_read_i128(&r, T_INT, &got) == ASN1RT_OK && got.hi == v.hi && got.lo == v.lo,
                      i128_rows[i].name);
        }
    }
}

static const struct { const char *name; uint64_t hi, lo; const char *der; } u128_rows[] = {
    { "0", 0, 0, "02 01 00" },
    { "UINT64_MAX", 0, UINT64_MAX, "02 09 00 FF FF FF FF FF FF FF FF" },
    { "2^64", 1, 0, "02 09 01 00 00 00 00 00 00 00 00" },
    { "UINT128_MAX", UINT64_MAX, UINT64_MAX,
      "02 11 00 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF" },
};

static void test_u128(void)
{
    for (size_t i = 0; i < sizeof u128_rows / sizeof u128_rows[0]; i++) {
        uint8_t want[24], buf[40];
        size_t n = unhex(u128_rows[i].der, want, sizeof want);
        asn1rt_u128 v = { u128_rows[i].hi, u128_rows[i].lo }, got = { 5, 5 };
        asn1rt_writer w;
        asn1rt_reader r;
        CHECK_ROW(asn1rt_u128_len(v) == n - 2, u128_rows[i].name);
        asn1rt_writer_init(&w, buf, n);
        CHECK_ROW(asn1rt_prepend_u128(&w, T_INT, v) == ASN1RT_OK, u128_rows[i].name);
        ASSERT_BYTES(u128_rows[i].name, w.pos, asn1rt_written(&w, buf + n), want, n);
        asn1rt_reader_init(&r, want, n);
        CHECK_ROW(asn1rt_read_u128(&r, T_INT, &got) == ASN1RT_OK && got.hi == v.hi && got.lo == v.lo,
                  u128_rows[i].name);
    }
}

static void test_bigint(void)
{
    uint8_t der[32], buf[32];
    size_t n = unhex("02 11 00 FF EE DD CC BB AA 99 88 77 66 55 44 33 22 11 00", der, sizeof der);
    asn1rt_reader r;
    asn1rt_bigint v;
    asn1rt_writer w;
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL(asn1rt_read_bigint(&r, T_INT, &v), ASN1RT_OK);
    CU_ASSERT_PTR_EQUAL(v.ptr, der + 2);      /* a view, not a copy */
    CU_ASSERT_EQUAL(v.len, 17);
    asn1rt_writer_init(&w, buf, n);
    CU_ASSERT_EQUAL(asn1rt_prepend_bigint(&w, T_INT, &v), ASN1RT_OK);
    ASSERT_BYTES("bigint", w.pos, n, der, n);
    /* Non-minimal in-memory content is refused. */
    {
        static const uint8_t bad[2] = { 0x00, 0x01 };
        asn1rt_bigint b = { bad, 2 };
        asn1rt_writer_init(&w, buf, sizeof buf);
        CU_ASSERT_EQUAL(asn1rt_prepend_bigint(&w, T_INT, &b), ASN1RT_E_INTEGER_NOT_MINIMAL);
        CU_ASSERT_PTR_EQUAL(w.pos, buf + sizeof buf);
    }
}

static void test_bool_null(void)
{
    static const struct { bool v; const char *der; } rows[] = {
        { true, "01 01 FF" }, { false, "01 01 00" },
    };
    for (size_t i = 0; i < 2; i++) {
        uint8_t want[4], buf[4];
        size_t n = unhex(rows[i].der, want, sizeof want);
        asn1rt_writer w;
        asn1rt_reader r;
        bool v = !rows[i].v;
        asn1rt_writer_init(&w, buf, n);
        CU_ASSERT_EQUAL(asn1rt_prepend_bool(&w, T_BOOL, rows[i].v), ASN1RT_OK);
        ASSERT_BYTES("bool", w.pos, n, want, n);
        asn1rt_reader_init(&r, want, n);
        CU_ASSERT(asn1rt_read_bool(&r, T_BOOL, &v) == ASN1RT_OK && v == rows[i].v);
    }
    {
        uint8_t buf[2];
        static const uint8_t want[2] = { 0x05, 0x00 };
        asn1rt_writer w;
        asn1rt_reader r;
        asn1rt_writer_init(&w, buf, 2);
        CU_ASSERT_EQUAL(asn1rt_prepend_null(&w, T_NULL), ASN1RT_OK);
        ASSERT_BYTES("null", w.pos, 2, want, 2);
        asn1rt_reader_init(&r, want, 2);
        CU_ASSERT_EQUAL(asn1rt_read_null(&r, T_NULL), ASN1RT_OK);
        CU_ASSERT(asn1rt_at_end(&r));
    }
}

/* Headers: high tag numbers and every length form. */
static const struct { const char *name; uint32_t tag; size_t len; const char *hdr; } header_rows[] = {
    { "SEQUENCE 0", ASN1RT_TAG(0, 1, 16), 0, "30 00" },
    { "[0] cons 127", ASN1RT_TAG(2, 1, 0), 127, "A0 7F" },
    { "len 128", ASN1RT_TAG(0, 0, 4), 128, "04 81 80" },
    { "len 255", ASN1RT_TAG(0, 0, 4), 255, "04 81 FF" },
    { "len 256", ASN1RT_TAG(0, 0, 4), 256, "04 82 01 00" },
    { "len 65535", ASN1RT_TAG(0, 0, 4), 65535, "04 82 FF FF" },
    { "len 65536", ASN1RT_TAG(0, 0, 4), 65536, "04 83 01 00 00" },
    { "[APPLICATION 1] cons", ASN1RT_TAG(1, 1, 1), 3, "61 03" },
    { "[PRIVATE 30]", ASN1RT_TAG(3, 0, 30), 0, "DE 00" },
    { "[31]", ASN1RT_TAG(2, 0, 31), 0, "9F 1F 00" },
    { "[127]", ASN1RT_TAG(2, 0, 127), 0, "9F 7F 00" },
    { "[128]", ASN1RT_TAG(2, 0, 128), 0, "9F 81 00 00" },
    { "[2^28-1] cons", ASN1RT_TAG(2, 1, 0x0FFFFFFF), 1, "BF FF FF FF 7F 01" },
};

static void test_headers(void)
{
    static uint8_t data[70000];
    for (size_t i = 0; i < sizeof header_rows / sizeof header_rows[0]; i++) {
        uint8_t want[16], buf[16];
        size_t hl = unhex(header_rows[i].hdr, want, sizeof want), len, got_len = 0;
        uint32_t tag = 0;
        asn1rt_writer w;
        asn1rt_reader r;
        CHECK_ROW(asn1rt_header_len(header_rows[i].tag, header_rows[i].len) == hl, header_rows[i].name);
        asn1rt_writer_init(&w, buf, hl);
        CHECK_ROW(asn1rt_prepend_header(&w, header_rows[i].tag, header_rows[i].len) == ASN1RT_OK,
                  header_rows[i].name);
        ASSERT_BYTES(header_rows[i].name, w.pos, asn1rt_written(&w, buf + hl), want, hl);
        /* Read back with the content present. */
        len = header_rows[i].len;
        memcpy(data, want, hl);
        memset(data + hl, 0, len);
        asn1rt_reader_init(&r, data, hl + len);
        CHECK_ROW(asn1rt_read_header(&r, &tag, &got_len) == ASN1RT_OK, header_rows[i].name);
        CHECK_ROW(tag == header_rows[i].tag && got_len == len && asn1rt_offset(&r) == hl,
                  header_rows[i].name);
    }
}

static void test_octets_bits(void)
{
    uint8_t payload[200], buf[256], want[256];
    asn1rt_writer w;
    asn1rt_reader r;
    asn1rt_view v;
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)i;
    asn1rt_writer_init(&w, buf, 203);
    CU_ASSERT_EQUAL(asn1rt_prepend_octets(&w, T_OCT, payload, 200), ASN1RT_OK);
    want[0] = 0x04; want[1] = 0x81; want[2] = 200;
    memcpy(want + 3, payload, 200);
    ASSERT_BYTES("octets 200", w.pos, 203, want, 203);
    asn1rt_reader_init(&r, want, 203);
    CU_ASSERT_EQUAL(asn1rt_read_octets(&r, T_OCT, &v), ASN1RT_OK);
    CU_ASSERT(v.ptr == want + 3 && v.len == 200);

    /* BIT STRING: named bits (KeyUsage) in their DER form, X.690 11.2.2. */
    {
        static const struct { uint64_t flags; const char *der; } rows[] = {
            { 0, "03 01 00" },
            { 1u << 0, "03 02 07 80" },                 /* digitalSignature */
            { (1u << 5) | (1u << 6), "03 02 01 06" },   /* keyCertSign, cRLSign */
            { 1u << 8, "03 03 07 00 80" },              /* decipherOnly */
            { 0xFFu, "03 02 00 FF" },
        };
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            uint8_t nb[8], exp[8];
            size_t n = unhex(rows[i].der, exp, sizeof exp);
            asn1rt_bits bits, back;
            uint64_t flags = 99;
            asn1rt_bits_from_named(rows[i].flags, nb, &bits);
            asn1rt_writer_init(&w, buf, n);
            CU_ASSERT_EQUAL(asn1rt_prepend_bits(&w, T_BITS, &bits), ASN1RT_OK);
            ASSERT_BYTES("named bits", w.pos, asn1rt_written(&w, buf + n), exp, n);
            asn1rt_reader_init(&r, exp, n);
            CU_ASSERT_EQUAL(asn1rt_read_bits(&r, T_BITS, &back), ASN1RT_OK);
            CU_ASSERT_EQUAL(asn1rt_check_named_bits(&back), ASN1RT_OK);
            CU_ASSERT(asn1rt_bits_to_named(&back, &flags) == ASN1RT_OK && flags == rows[i].flags);
            for (size_t b = 0; b < 16; b++)
                CU_ASSERT_EQUAL(asn1rt_bits_test(&back, b), (b < 64 && ((rows[i].flags >> b) & 1u)) != 0);
        }
    }
    /* A named-bit list with a trailing 0 bit is valid BIT STRING but not DER for that type. */
    {
        static const uint8_t oct[1] = { 0x80 };
        asn1rt_bits b = { oct, 1, 0 };
        CU_ASSERT_EQUAL(asn1rt_check_named_bits(&b), ASN1RT_E_BITSTRING_TRAILING_ZERO);
        b.unused = 7;
        CU_ASSERT_EQUAL(asn1rt_check_named_bits(&b), ASN1RT_OK);
    }
}

/* Strings at each alphabet's edges: accepted, as views, byte for byte. */
static const struct { const char *name; unsigned type; const char *content; } string_ok[] = {
    { "Printable all", ASN1RT_UT_PRINTABLESTRING, "41 5A 61 7A 30 39 20 27 28 29 2B 2C 2D 2E 2F 3A 3D 3F" },
    { "Printable empty", ASN1RT_UT_PRINTABLESTRING, "" },
    { "IA5 00 and 7F", ASN1RT_UT_IA5STRING, "00 7F" },
    { "Numeric", ASN1RT_UT_NUMERICSTRING, "30 20 39" },
    { "Visible 20..7E", ASN1RT_UT_VISIBLESTRING, "20 7E" },
    { "UTF8 U+007F", ASN1RT_UT_UTF8STRING, "7F" },
    { "UTF8 U+0080", ASN1RT_UT_UTF8STRING, "C2 80" },
    { "UTF8 U+07FF", ASN1RT_UT_UTF8STRING, "DF BF" },
    { "UTF8 U+0800", ASN1RT_UT_UTF8STRING, "E0 A0 80" },
    { "UTF8 U+D7FF", ASN1RT_UT_UTF8STRING, "ED 9F BF" },
    { "UTF8 U+E000", ASN1RT_UT_UTF8STRING, "EE 80 80" },
    { "UTF8 U+FFFF", ASN1RT_UT_UTF8STRING, "EF BF BF" },
    { "UTF8 U+10000", ASN1RT_UT_UTF8STRING, "F0 90 80 80" },
    { "UTF8 U+10FFFF", ASN1RT_UT_UTF8STRING, "F4 8F BF BF" },
    { "BMP 0000 D7FF E000 FFFF", ASN1RT_UT_BMPSTRING, "00 00 D7 FF E0 00 FF FF" },
    { "Universal 0 and 10FFFF", ASN1RT_UT_UNIVERSALSTRING, "00 00 00 00 00 10 FF FF" },
    { "T61 any octet", ASN1RT_UT_T61STRING, "00 FF" },
    { "OCTET STRING any", ASN1RT_UT_OCTET_STRING, "80 FF" },
};

static void test_strings(void)
{
    for (size_t i = 0; i < sizeof string_ok / sizeof string_ok[0]; i++) {
        uint8_t content[32], der[40], buf[40];
        size_t n = unhex(string_ok[i].content, content, sizeof content);
        uint32_t tag = ASN1RT_TAG(0, 0, string_ok[i].type);
        asn1rt_reader r;
        asn1rt_writer w;
        asn1rt_view v = { NULL, 99 };
        der[0] = (uint8_t)string_ok[i].type;
        der[1] = (uint8_t)n;
        memcpy(der + 2, content, n);
        CHECK_ROW(asn1rt_check_string(string_ok[i].type, content, n) == ASN1RT_OK, string_ok[i].name);
        asn1rt_reader_init(&r, der, n + 2);
        CHECK_ROW(asn1rt_read_string(&r, tag, string_ok[i].type, &v) == ASN1RT_OK, string_ok[i].name);
        CHECK_ROW(v.ptr == der + 2 && v.len == n, string_ok[i].name);
        asn1rt_writer_init(&w, buf, n + 2);
        CHECK_ROW(asn1rt_prepend_octets(&w, tag, content, n) == ASN1RT_OK, string_ok[i].name);
        ASSERT_BYTES(string_ok[i].name, w.pos, asn1rt_written(&w, buf + n + 2), der, n + 2);
    }
}

/* Writes the value of test_short_buffer's row kind (its rc column). */
static int prepend_short_row(asn1rt_writer *w, int kind)
{
    static const uint8_t payload[4] = { 1, 2, 3, 4 };
    static const asn1rt_bits bits = { payload, 4, 0 };
    static const asn1rt_time t = { 2025, 1, 2, 3, 4, 5, 0 };
    static const asn1rt_i128 i128 = { INT64_MAX, 0 };
    switch (kind) {
    case 0: return asn1rt_prepend_int64(w, T_INT, INT64_MIN);
    case 1: return asn1rt_prepend_octets(w, T_OCT, payload, 4);
    case 2: return asn1rt_prepend_bits(w, T_BITS, &bits);
    case 3: return asn1rt_prepend_header(w, T_OCT, 256);
    case 4: return asn1rt_prepend_bool(w, T_BOOL, true);
    case 5: return asn1rt_prepend_time(w, ASN1RT_TAG(0, 0, 23), ASN1RT_UT_UTCTIME, &t);
    case 6: return asn1rt_prepend_uint64(w, T_INT, UINT64_MAX);
    case 7: return asn1rt_prepend_i128(w, T_INT, i128);
    }
    return -1;
}

/* A short buffer is an error, never a truncation, and nothing is written. */
static void test_short_buffer(void)
{
    uint8_t buf[32];
    asn1rt_writer w;
    struct { const char *name; size_t cap; int rc; } rows[] = {
        { "int64 needs 10", 9, 0 }, { "octets needs 6", 5, 1 }, { "bits needs 7", 6, 2 },
        { "header needs 4", 3, 3 }, { "bool needs 3", 2, 4 }, { "time needs 15", 14, 5 },
        { "uint64 needs 11", 10, 6 }, { "i128 needs 18", 17, 7 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int rc;
        memset(buf, 0xEE, sizeof buf);
        asn1rt_writer_init(&w, buf, rows[i].cap);
        rc = prepend_short_row(&w, rows[i].rc);
        CHECK_ROW(rc == ASN1RT_E_BUFFER_TOO_SMALL, rows[i].name);
        CHECK_ROW(w.pos == buf + rows[i].cap, rows[i].name);
        for (size_t k = 0; k < sizeof buf; k++)
            CHECK_ROW(buf[k] == 0xEE, rows[i].name);
        /* One more octet and it fits exactly. */
        asn1rt_writer_init(&w, buf, rows[i].cap + 1);
        rc = prepend_short_row(&w, rows[i].rc);
        CHECK_ROW(rc == ASN1RT_OK && w.pos == buf, rows[i].name);
    }
}

/* SEQUENCE built back to front: children last to first, then the header
 * with the length just written; no byte is moved afterwards. */
static void test_sequence(void)
{
    uint8_t want[32], buf[32];
    size_t n = unhex("30 0B 02 01 2A 04 03 61 62 63 01 01 FF", want, sizeof want);
    asn1rt_writer w;
    uint8_t *mark;
    size_t exact = asn1rt_header_len(ASN1RT_TAG(0, 1, 16), 11);
    exact += 11;
    CU_ASSERT_EQUAL(exact, n);
    asn1rt_writer_init(&w, buf, exact);
    mark = w.pos;
    CU_ASSERT_EQUAL(asn1rt_prepend_bool(&w, T_BOOL, true), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_prepend_octets(&w, T_OCT, (const uint8_t *)"abc", 3), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_prepend_int64(&w, T_INT, 42), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_prepend_header(&w, ASN1RT_TAG(0, 1, 16), (size_t)(mark - w.pos)), ASN1RT_OK);
    CU_ASSERT_PTR_EQUAL(w.pos, buf);
    ASSERT_BYTES("sequence", buf, exact, want, n);
}

void register_encode_suite(void)
{
    static const cunit_test tests[] = {
        { "INTEGER int64", test_int64 },
        { "INTEGER uint64", test_uint64 },
        { "INTEGER i128", test_i128 },
        { "INTEGER u128", test_u128 },
        { "INTEGER bigint view", test_bigint },
        { "BOOLEAN and NULL", test_bool_null },
        { "identifier and length", test_headers },
        { "OCTET STRING and BIT STRING", test_octets_bits },
        { "strings at alphabet edges", test_strings },
        { "short buffer", test_short_buffer },
        { "SEQUENCE back to front", test_sequence },
    };
    CUNIT_SUITE("encodings", tests);
}
