/* OBJECT IDENTIFIER conversions and times: known values (RFC 5280). */
#include "testutil.h"

static const struct { const char *text; const char *content; size_t narcs; } oid_rows[] = {
    { "1.2.840.113549.1.1.11", "2A 86 48 86 F7 0D 01 01 0B", 7 },   /* sha256WithRSAEncryption */
    { "2.5.4.3", "55 04 03", 4 },                                     /* id-at-commonName */
    { "1.3.6.1.5.5.7.1.1", "2B 06 01 05 05 07 01 01", 9 },           /* id-pe-authorityInfoAccess */
    { "0.0", "00", 2 },
    { "0.39", "27", 2 },
    { "1.0", "28", 2 },
    { "2.999", "88 37", 2 },                                          /* X.690 8.19.5 example */
    { "2.25.18446744073709551615", "69 81 FF FF FF FF FF FF FF FF 7F", 3 },
};

static void test_oid(void)
{
    for (size_t i = 0; i < sizeof oid_rows / sizeof oid_rows[0]; i++) {
        uint8_t want[32], got[32];
        size_t n = unhex(oid_rows[i].content, want, sizeof want), len = 0, narcs = 0;
        uint64_t arcs[16];
        char text[64];
        asn1rt_view v = { want, n };
        CHECK_ROW(asn1rt_check_oid(want, n) == ASN1RT_OK, oid_rows[i].text);
        CHECK_ROW(asn1rt_oid_from_text(oid_rows[i].text, got, sizeof got, &len) == ASN1RT_OK, oid_rows[i].text);
        ASSERT_BYTES(oid_rows[i].text, got, len, want, n);
        CHECK_ROW(asn1rt_oid_to_text(&v, text, sizeof text) == ASN1RT_OK, oid_rows[i].text);
        CU_ASSERT_STRING_EQUAL(text, oid_rows[i].text);
        CHECK_ROW(asn1rt_oid_to_arcs(&v, arcs, 16, &narcs) == ASN1RT_OK && narcs == oid_rows[i].narcs,
                  oid_rows[i].text);
        CHECK_ROW(asn1rt_oid_from_arcs(arcs, narcs, got, sizeof got, &len) == ASN1RT_OK, oid_rows[i].text);
        ASSERT_BYTES(oid_rows[i].text, got, len, want, n);
        CU_ASSERT(asn1rt_oid_equal(&v, want, n));
        CU_ASSERT(!asn1rt_oid_equal(&v, want, n - 1));
    }
}

static void test_oid_errors(void)
{
    static const char *const bad_text[] = {
        "", "1", "3.1", "1.40", "0.40", "1..2", "1.2.", ".1.2", "1.02", "1.2a", "1.2.18446744073709551616",
    };
    uint8_t buf[32];
    size_t len, n;
    char small[8];
    uint64_t arcs[2];
    for (size_t i = 0; i < sizeof bad_text / sizeof bad_text[0]; i++)
        CHECK_ROW(asn1rt_oid_from_text(bad_text[i], buf, sizeof buf, &len) == ASN1RT_E_ARG, bad_text[i]);
    CU_ASSERT_EQUAL(asn1rt_oid_from_text("1.2.840.113549", buf, 3, &len), ASN1RT_E_BUFFER_TOO_SMALL);
    n = unhex("2A 86 48 86 F7 0D 01 01 0B", buf, sizeof buf);
    {
        asn1rt_view v = { buf, n };
        CU_ASSERT_EQUAL(asn1rt_oid_to_text(&v, small, sizeof small), ASN1RT_E_BUFFER_TOO_SMALL);
        CU_ASSERT_STRING_EQUAL(small, "");
        CU_ASSERT_EQUAL(asn1rt_oid_to_arcs(&v, arcs, 2, &len), ASN1RT_E_BUFFER_TOO_SMALL);
    }
    /* An arc of 2^64 does not fit the runtime's arcs. */
    n = unhex("2A 82 80 80 80 80 80 80 80 80 00", buf, sizeof buf);
    {
        asn1rt_view v = { buf, n };
        uint64_t many[8];
        CU_ASSERT_EQUAL(asn1rt_check_oid(buf, n), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_oid_to_arcs(&v, many, 8, &len), ASN1RT_E_OID_ARC_TOO_LARGE);
    }
}

/* RFC 5280 4.1.2.5: UTCTime YY >= 50 is 19YY, < 50 is 20YY; dates in 2050
 * or later are GeneralizedTime; 99991231235959Z means no expiry. */
static const struct {
    const char *name; unsigned type; const char *text;
    int y, mo, d, h, mi, s; uint32_t nanos; int64_t epoch;
} time_rows[] = {
    { "UTCTime 1950", ASN1RT_UT_UTCTIME, "500101000000Z", 1950, 1, 1, 0, 0, 0, 0, -631152000 },
    { "UTCTime 2049", ASN1RT_UT_UTCTIME, "491231235959Z", 2049, 12, 31, 23, 59, 59, 0, 2524607999 },
    { "UTCTime 1970", ASN1RT_UT_UTCTIME, "700101000000Z", 1970, 1, 1, 0, 0, 0, 0, 0 },
    { "UTCTime leap day", ASN1RT_UT_UTCTIME, "000229120000Z", 2000, 2, 29, 12, 0, 0, 0, 951825600 },
    { "GeneralizedTime 2050", ASN1RT_UT_GENERALIZEDTIME, "20500101000000Z", 2050, 1, 1, 0, 0, 0, 0, 2524608000 },
    { "GeneralizedTime no expiry", ASN1RT_UT_GENERALIZEDTIME, "99991231235959Z", 9999, 12, 31, 23, 59, 59, 0, 253402300799 },
    { "GeneralizedTime fraction", ASN1RT_UT_GENERALIZEDTIME, "19700101000000.5Z", 1970, 1, 1, 0, 0, 0, 500000000, 0 },
    { "GeneralizedTime nanos", ASN1RT_UT_GENERALIZEDTIME, "20000101000000.000000001Z", 2000, 1, 1, 0, 0, 0, 1, 946684800 },
};

static void test_times(void)
{
    for (size_t i = 0; i < sizeof time_rows / sizeof time_rows[0]; i++) {
        const char *text = time_rows[i].text;
        size_t n = strlen(text), len = 0;
        asn1rt_view v = { (const uint8_t *)text, n };
        asn1rt_time t, e;
        int64_t secs = 1;
        char buf[40];
        uint8_t der[48], out[48];
        asn1rt_writer w;
        asn1rt_reader r;
        CHECK_ROW(asn1rt_time_parse(time_rows[i].type, &v, &t) == ASN1RT_OK, time_rows[i].name);
        CHECK_ROW(t.year == time_rows[i].y && t.month == time_rows[i].mo && t.day == time_rows[i].d &&
                  t.hour == time_rows[i].h && t.minute == time_rows[i].mi && t.second == time_rows[i].s &&
                  t.nanos == time_rows[i].nanos, time_rows[i].name);
        CHECK_ROW(asn1rt_time_to_epoch(&t, &secs) == ASN1RT_OK && secs == time_rows[i].epoch, time_rows[i].name);
        CHECK_ROW(asn1rt_time_from_epoch(secs, &e) == ASN1RT_OK, time_rows[i].name);
        CHECK_ROW(e.year == t.year && e.month == t.month && e.day == t.day && e.hour == t.hour &&
                  e.minute == t.minute && e.second == t.second, time_rows[i].name);
        CHECK_ROW(asn1rt_time_format(time_rows[i].type, &t, buf, sizeof buf, &len) == ASN1RT_OK, time_rows[i].name);
        ASSERT_BYTES(time_rows[i].name, (const uint8_t *)buf, len, (const uint8_t *)text, n);
        CHECK_ROW(asn1rt_time_len(time_rows[i].type, &t) == n, time_rows[i].name);
        /* As a whole element, both ways. */
        der[0] = (uint8_t)time_rows[i].type;
        der[1] = (uint8_t)n;
        memcpy(der + 2, text, n);
        asn1rt_writer_init(&w, out, n + 2);
        CHECK_ROW(asn1rt_prepend_time(&w, ASN1RT_TAG(0, 0, time_rows[i].type), time_rows[i].type, &t) == ASN1RT_OK,
                  time_rows[i].name);
        ASSERT_BYTES(time_rows[i].name, w.pos, asn1rt_written(&w, out + n + 2), der, n + 2);
        asn1rt_reader_init(&r, der, n + 2);
        CHECK_ROW(asn1rt_read_time(&r, ASN1RT_TAG(0, 0, time_rows[i].type), time_rows[i].type, &v) == ASN1RT_OK &&
                  v.ptr == der + 2 && v.len == n, time_rows[i].name);
    }
}

static void test_time_limits(void)
{
    asn1rt_time t = { 2050, 1, 1, 0, 0, 0, 0 };
    char buf[32];
    size_t len;
    CU_ASSERT_EQUAL(asn1rt_time_format(ASN1RT_UT_UTCTIME, &t, buf, sizeof buf, &len), ASN1RT_E_TIME_VALUE);
    CU_ASSERT_EQUAL(asn1rt_time_len(ASN1RT_UT_UTCTIME, &t), 0);
    t.year = 1949;
    CU_ASSERT_EQUAL(asn1rt_time_format(ASN1RT_UT_UTCTIME, &t, buf, sizeof buf, &len), ASN1RT_E_TIME_VALUE);
    t.year = 2024; t.month = 2; t.day = 30;
    CU_ASSERT_EQUAL(asn1rt_time_format(ASN1RT_UT_GENERALIZEDTIME, &t, buf, sizeof buf, &len), ASN1RT_E_TIME_VALUE);
    t.day = 29; t.second = 60;
    CU_ASSERT_EQUAL(asn1rt_time_format(ASN1RT_UT_GENERALIZEDTIME, &t, buf, sizeof buf, &len), ASN1RT_E_TIME_VALUE);
    t.second = 0;
    CU_ASSERT_EQUAL(asn1rt_time_format(ASN1RT_UT_GENERALIZEDTIME, &t, buf, 14, &len), ASN1RT_E_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(asn1rt_time_from_epoch(INT64_C(253402300800), &t), ASN1RT_E_TIME_VALUE);
    CU_ASSERT_EQUAL(asn1rt_time_from_epoch(INT64_C(-62167219201), &t), ASN1RT_E_TIME_VALUE);
    CU_ASSERT_EQUAL(asn1rt_time_from_epoch(INT64_C(-62167219200), &t), ASN1RT_OK);
    CU_ASSERT(t.year == 0 && t.month == 1 && t.day == 1);
    CU_ASSERT_EQUAL(asn1rt_time_from_epoch(-1, &t), ASN1RT_OK);
    CU_ASSERT(t.year == 1969 && t.month == 12 && t.day == 31 && t.hour == 23 && t.second == 59);
}

/* Every day from 1900 to 2100 round-trips through the epoch. */
static void test_epoch_days(void)
{
    int64_t s;
    asn1rt_time t, back;
    int64_t start, prev;
    t = (asn1rt_time){ 1900, 1, 1, 12, 0, 0, 0 };
    CU_ASSERT_EQUAL(asn1rt_time_to_epoch(&t, &start), ASN1RT_OK);
    prev = start - 86400;
    for (s = start; s < start + INT64_C(86400) * 73049; s += 86400) {
        if (asn1rt_time_from_epoch(s, &back) != ASN1RT_OK || asn1rt_time_to_epoch(&back, &prev) != ASN1RT_OK ||
            prev != s) {
            CU_FAIL("epoch round trip");
            break;
        }
    }
    CU_ASSERT(back.year == 2099 && back.month == 12 && back.day == 31);
}

void register_oid_time_suite(void)
{
    static const cunit_test tests[] = {
        { "OID text, arcs and content", test_oid },
        { "OID errors", test_oid_errors },
        { "RFC 5280 times", test_times },
        { "time limits", test_time_limits },
        { "epoch days 1900-2099", test_epoch_days },
    };
    CUNIT_SUITE("oid and time", tests);
}
