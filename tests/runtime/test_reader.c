/* Cursor discipline, bounded children, argument errors, the error path. */
#include "testutil.h"

static void test_cursor(void)
{
    uint8_t der[32];
    /* SEQUENCE { INTEGER 5, [0] { NULL }, OCTET STRING "hi" } */
    size_t n = unhex("30 0B 02 01 05 A0 02 05 00 04 02 68 69 FF", der, sizeof der);
    asn1rt_reader r, seq, ctx0;
    uint32_t tag = 0;
    int64_t v = 0;
    asn1rt_view view, raw;
    asn1rt_reader_init(&r, der, n - 1);
    CU_ASSERT_EQUAL(asn1rt_peek_tag(&r, &tag), ASN1RT_OK);
    CU_ASSERT_EQUAL(tag, ASN1RT_TAG(0, 1, 16));
    CU_ASSERT_EQUAL(asn1rt_offset(&r), 0);                 /* peek consumes nothing */
    CU_ASSERT_EQUAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, 16), &seq), ASN1RT_OK);
    CU_ASSERT(asn1rt_at_end(&r));                           /* parent moved past it all */
    CU_ASSERT_EQUAL(seq.depth, 1);
    CU_ASSERT_EQUAL(asn1rt_offset(&seq), 2);
    /* Wrong tag: nothing consumed, offset at the element. */
    CU_ASSERT_EQUAL(asn1rt_read_octets(&seq, ASN1RT_TAG(0, 0, 4), &view), ASN1RT_E_UNEXPECTED_TAG);
    CU_ASSERT_EQUAL(seq.err_offset, 2);
    CU_ASSERT_EQUAL(asn1rt_offset(&seq), 2);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&seq, ASN1RT_TAG(0, 0, 2), &v), ASN1RT_OK);
    CU_ASSERT_EQUAL(v, 5);
    /* Entering without the constructed bit: it is implied. */
    CU_ASSERT_EQUAL(asn1rt_enter(&seq, ASN1RT_TAG(2, 0, 0), &ctx0), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_null(&ctx0, ASN1RT_TAG(0, 0, 5)), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_expect_end(&ctx0), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_raw(&seq, &tag, &raw), ASN1RT_OK);
    CU_ASSERT(raw.ptr == der + 9 && raw.len == 4 && tag == ASN1RT_TAG(0, 0, 4));
    CU_ASSERT_EQUAL(asn1rt_expect_end(&seq), ASN1RT_OK);
    /* The child cannot read past its element even though bytes follow:
     * inside a constructed value, nothing left is a missing component. */
    CU_ASSERT_EQUAL(asn1rt_skip(&seq), ASN1RT_E_MISSING_COMPONENT);
    CU_ASSERT_EQUAL(seq.err_offset, 13);
}

static void test_child_bounds(void)
{
    uint8_t der[16];
    /* SEQUENCE of length 3 holding an OCTET STRING that claims 4 octets. */
    size_t n = unhex("30 03 04 04 41 42 43 44", der, sizeof der);
    asn1rt_reader r, c;
    asn1rt_view v;
    size_t len;
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, 16), &c), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_read_octets(&c, ASN1RT_TAG(0, 0, 4), &v), ASN1RT_E_TRUNCATED);
    CU_ASSERT_EQUAL(c.err_offset, 2);
    CU_ASSERT_EQUAL(asn1rt_expect(&c, ASN1RT_TAG(0, 0, 4), &len), ASN1RT_E_TRUNCATED);
    /* The parent then sees the trailing bytes after the outermost value. */
    CU_ASSERT_EQUAL(asn1rt_expect_end(&r), ASN1RT_E_TRAILING_DATA);
    CU_ASSERT_EQUAL(r.err_offset, 5);
    /* enter with a primitive element of the same number. */
    n = unhex("10 00", der, sizeof der);
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, 16), &c), ASN1RT_E_PRIMITIVE);
}

static void test_ranges(void)
{
    static const struct { const char *der; int64_t lo, hi; int code; int64_t v; } rows[] = {
        { "02 01 00", 0, 200, ASN1RT_OK, 0 },
        { "02 02 00 C8", 0, 200, ASN1RT_OK, 200 },
        { "02 02 00 C9", 0, 200, ASN1RT_E_VALUE_CONSTRAINT, 0 },
        { "02 01 FF", 0, 200, ASN1RT_E_VALUE_CONSTRAINT, 0 },
        { "02 02 FC 18", -1000, 1000, ASN1RT_OK, -1000 },
        { "02 09 00 80 00 00 00 00 00 00 00", INT64_MIN, INT64_MAX, ASN1RT_E_VALUE_CONSTRAINT, 0 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t der[16];
        size_t n = unhex(rows[i].der, der, sizeof der);
        asn1rt_reader r;
        int64_t v = 77;
        asn1rt_reader_init(&r, der, n);
        CU_ASSERT_EQUAL(asn1rt_read_int_range(&r, ASN1RT_TAG(0, 0, 2), rows[i].lo, rows[i].hi, &v), rows[i].code);
        if (rows[i].code == ASN1RT_OK) {
            CU_ASSERT(v == rows[i].v && asn1rt_at_end(&r));
        } else {
            CU_ASSERT(v == 77 && asn1rt_offset(&r) == 0 && r.err_offset == 2);
        }
    }
    {
        uint8_t der[16];
        size_t n = unhex("02 09 00 FF FF FF FF FF FF FF FF", der, sizeof der);
        asn1rt_reader r;
        uint64_t v = 0;
        asn1rt_reader_init(&r, der, n);
        CU_ASSERT_EQUAL(asn1rt_read_uint_range(&r, ASN1RT_TAG(0, 0, 2), 1, UINT64_MAX - 1, &v), ASN1RT_E_VALUE_CONSTRAINT);
        CU_ASSERT_EQUAL(asn1rt_read_uint_range(&r, ASN1RT_TAG(0, 0, 2), 1, UINT64_MAX, &v), ASN1RT_OK);
        CU_ASSERT_EQUAL(v, UINT64_MAX);
    }
}

static void test_arguments(void)
{
    asn1rt_reader r;
    asn1rt_writer w;
    uint8_t buf[4] = { 0, 0, 0, 0 };
    int64_t v;
    asn1rt_view view;
    size_t len;
    asn1rt_reader_init(&r, buf, 0);
    asn1rt_writer_init(&w, buf, sizeof buf);
    CU_ASSERT_EQUAL(asn1rt_read_int64(NULL, 0, &v), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_read_int64(&r, 0, NULL), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_read_header(&r, NULL, &len), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_read_string(&r, 0x13, ASN1RT_UT_INTEGER, &view), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_read_time(&r, 0x17, ASN1RT_UT_PRINTABLESTRING, &view), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_read_int_range(&r, 0x02, 5, 4, &v), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_prepend_octets(&w, 4, NULL, 3), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_prepend_header(&w, ASN1RT_TAG(2, 0, 0x1FFFFFFF), 0), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_prepend_int64(NULL, 2, 0), ASN1RT_E_ARG);
    CU_ASSERT_PTR_EQUAL(w.pos, buf + sizeof buf);
    CU_ASSERT_EQUAL(asn1rt_check_string(ASN1RT_UT_SEQUENCE, buf, 0), ASN1RT_E_ARG);
    /* An in-memory BIT STRING that is not DER is refused, not repaired. */
    {
        static const uint8_t b1[1] = { 0x01 };
        asn1rt_bits bad_pad = { b1, 1, 1 }, bad_unused = { b1, 1, 8 }, bad_empty = { b1, 0, 1 };
        CU_ASSERT_EQUAL(asn1rt_prepend_bits(&w, 3, &bad_pad), ASN1RT_E_BITSTRING_PADDING);
        CU_ASSERT_EQUAL(asn1rt_prepend_bits(&w, 3, &bad_unused), ASN1RT_E_BITSTRING_UNUSED);
        CU_ASSERT_EQUAL(asn1rt_prepend_bits(&w, 3, &bad_empty), ASN1RT_E_BITSTRING_UNUSED);
    }
}

static void test_error_path(void)
{
    asn1rt_error err;
    char buf[64];
    asn1rt_error_clear(&err);
    CU_ASSERT_EQUAL(asn1rt_error_path(&err, buf, sizeof buf), 0);
    CU_ASSERT_STRING_EQUAL(buf, "");
    asn1rt_error_push(&err, "notBefore");
    asn1rt_error_push(&err, "validity");
    asn1rt_error_push(&err, "tbsCertificate");
    CU_ASSERT_EQUAL(asn1rt_error_path(&err, buf, sizeof buf), strlen("tbsCertificate.validity.notBefore"));
    CU_ASSERT_STRING_EQUAL(buf, "tbsCertificate.validity.notBefore");
    /* Too small: truncated, NUL-terminated, the full length returned. */
    CU_ASSERT_EQUAL(asn1rt_error_path(&err, buf, 6), strlen("tbsCertificate.validity.notBefore"));
    CU_ASSERT_STRING_EQUAL(buf, "tbsCe");
    asn1rt_error_clear(&err);
    for (int i = 0; i < ASN1RT_PATH_MAX + 3; i++)
        asn1rt_error_push(&err, "a");
    CU_ASSERT_EQUAL(err.path_len, ASN1RT_PATH_MAX);
    asn1rt_error_path(&err, buf, sizeof buf);
    CU_ASSERT_EQUAL(strncmp(buf, "...a.a", 6), 0);
}

void register_reader_suite(void)
{
    static const cunit_test tests[] = {
        { "cursor discipline", test_cursor },
        { "child readers are bounded", test_child_bounds },
        { "range-checked INTEGER", test_ranges },
        { "argument errors", test_arguments },
        { "error path", test_error_path },
    };
    CUNIT_SUITE("reader", tests);
}
