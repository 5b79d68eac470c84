/* Worst-case inputs: the bug classes that hit libtasn1, OpenSSL and
 * asn1c-generated code.
 *  - many SET OF / SEQUENCE OF elements: time per element at 1,000,000
 *    against 10,000 (printed, never asserted: a test does not fail on a
 *    time on a shared machine; a quadratic check over 1M elements, some
 *    10^12 steps, would not finish within make test at all);
 *  - nesting 10,000 deep: rejected at the depth limit, with the offset of
 *    the first element past it, on a thread with a 256 KiB stack;
 *  - a 2 GiB (and 2^63) length on a 10-byte input: rejected at once;
 *  - OID to text: a 1 MB OID into a bounded buffer, linear, never more
 *    output than the buffer holds.
 * The times printed are CPU time, median of several runs: this machine has no
 * hardware instruction counters (perf_event_open fails) and is shared.
 * DER_WORSTCASE_SMALL=1 (make valgrind) uses 100,000 elements instead. */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/CUnit.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asn1rt/gen.h"
#include "asn1rt/jer.h"
#include "derrules.h"
#include "dertest.h"

static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median CPU time of fn(ctx) over `runs` runs of `reps` calls, per call. */
static double median_ns(void (*fn)(void *), void *ctx, int runs, int reps)
{
    double t[15];
    for (int i = 0; i < runs && i < 15; i++) {
        double t0 = cpu_ns();
        for (int k = 0; k < reps; k++)
            fn(ctx);
        t[i] = (cpu_ns() - t0) / reps;
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    return t[runs / 2];
}

/* n INTEGER elements of 4 content octets, ascending (DER SET OF order,
 * X.690 11.6), inside tag `outer`. Returns the malloc'd encoding. */
static uint8_t *many_ints(uint8_t outer, size_t n, size_t *len)
{
    size_t content = 6 * n, k = 0, hl;
    uint8_t *buf, *p;
    for (size_t c = content; c != 0; c >>= 8)
        k++;
    hl = 2 + k;                           /* content >= 128 here: long form, minimal (X.690 10.1) */
    buf = malloc(content + hl);
    CU_ASSERT_FATAL(buf != NULL && content >= 128);
    p = buf;
    *p++ = outer;
    *p++ = (uint8_t)(0x80 | k);
    for (size_t i = k; i-- > 0;)
        *p++ = (uint8_t)(content >> (8 * i));
    for (size_t i = 0; i < n; i++) {
        uint32_t v = 0x01000000u + (uint32_t)i;
        *p++ = 0x02; *p++ = 4;
        *p++ = (uint8_t)(v >> 24); *p++ = (uint8_t)(v >> 16); *p++ = (uint8_t)(v >> 8); *p++ = (uint8_t)v;
    }
    *len = content + hl;
    CU_ASSERT_FATAL((size_t)(p - buf) == *len);
    return buf;
}

typedef struct list_ctx {
    const uint8_t *der;
    size_t len, n;
    bool set;          /* SET OF (Numbers) or SEQUENCE OF (Ints) */
    bool walk;         /* the generic walker instead */
    int rc;
} list_ctx;

/* Decode c's DER as the list type T, then visit every element: what a
 * user of the iterator does. Returns the decode's code, -1 on a wrong count. */
#define COUNT_LIST(T)                                                         \
    static int count_##T(const list_ctx *c, size_t *seen)                     \
    {                                                                         \
        T l;                                                                  \
        T##_iter it;                                                          \
        asn1rt_bigint v;                                                      \
        int rc = T##_decode(&l, c->der, c->len);                              \
        if (rc != ASN1RT_OK || l.count != c->n)                               \
            return rc ? rc : -1;                                              \
        T##_iter_init(&it, &l);                                               \
        while (T##_iter_next(&it, &v))                                        \
            ++*seen;                                                          \
        return ASN1RT_OK;                                                     \
    }
COUNT_LIST(Numbers)
COUNT_LIST(Ints)

static void decode_list(void *p)
{
    list_ctx *c = p;
    size_t seen = 0;
    if (c->walk) {
        c->rc = asn1rt_walk(c->der, c->len, 0, NULL, NULL, NULL);
        return;
    }
    c->rc = c->set ? count_Numbers(c, &seen) : count_Ints(c, &seen);
    if (c->rc == ASN1RT_OK && seen != c->n)
        c->rc = -1;
}

static size_t big_n(void)
{
    const char *s = getenv("DER_WORSTCASE_SMALL");
    return s && *s == '1' ? 100000 : 1000000;
}

static void linear_case(const char *what, bool set, bool walk)
{
    size_t small = 10000, big = big_n(), ls, lb;
    uint8_t *ds = many_ints(set ? 0x31 : 0x30, small, &ls), *db = many_ints(set ? 0x31 : 0x30, big, &lb);
    list_ctx cs = { ds, ls, small, set, walk, -1 }, cb = { db, lb, big, set, walk, -1 };
    double ts, tb, ratio;
    decode_list(&cs);
    decode_list(&cb);
    CU_ASSERT_EQUAL(cs.rc, ASN1RT_OK);
    CU_ASSERT_EQUAL(cb.rc, ASN1RT_OK);
    ts = median_ns(decode_list, &cs, 7, (int)(big / small)) / (double)small;
    tb = median_ns(decode_list, &cb, 7, 1) / (double)big;
    ratio = tb / ts;
    printf("\n  worst-case %-34s %7zu: %6.2f ns/elem, %7zu: %6.2f ns/elem, ratio %.2f",
           what, small, ts, big, tb, ratio);
    free(ds);
    free(db);
}

static void test_set_of_linear(void) { linear_case("SET OF INTEGER decode+iterate", true, false); }
static void test_seq_of_linear(void) { linear_case("SEQUENCE OF INTEGER decode+iterate", false, false); }
static void test_walk_linear(void) { linear_case("asn1rt_walk over SET OF", true, true); }

/* The order check still finds the one element out of order after a
 * million sorted ones, at its offset. */
static void test_set_of_order_late(void)
{
    size_t len;
    uint8_t *d = many_ints(0x31, big_n(), &len);
    asn1rt_error err;
    Numbers l;
    d[len - 4] = 0x00;                    /* last element now 0x0080xxxx: minimal, and smaller */
    d[len - 3] = 0x80;
    CU_ASSERT_EQUAL(Numbers_decode_ex(&l, d, len, 0, &err), ASN1RT_E_SET_ORDER);
    CU_ASSERT_EQUAL(err.offset, len - 6);
    free(d);
}

/* ---- nesting ---------------------------------------------------------- */

typedef struct nest_ctx {
    uint8_t *der;
    size_t len;
    size_t limit_offset;    /* identifier of the element at depth 64 (0-based) */
    int walk_rc, chain_rc, any_rc;
    asn1rt_error walk_err, chain_err;
} nest_ctx;

/* `depth` nested SEQUENCEs, built back to front with the runtime's writer. */
static uint8_t *nested(size_t depth, size_t *len, size_t *limit_offset)
{
    size_t cap = depth * 6 + 16;
    uint8_t *buf = malloc(cap);
    asn1rt_writer w;
    size_t content = 0;
    CU_ASSERT_FATAL(buf != NULL);
    asn1rt_writer_init(&w, buf, cap);
    for (size_t i = 0; i < depth; i++) {
        CU_ASSERT_FATAL(asn1rt_prepend_header(&w, ASN1RT_TAG(0, 1, 16), content) == ASN1RT_OK);
        content = asn1rt_written(&w, buf + cap);
    }
    *len = content;
    memmove(buf, w.pos, content);
    /* Walk down 64 headers to find the first element past the limit. */
    {
        asn1rt_reader r;
        asn1rt_reader_init(&r, buf, content);
        for (int k = 0; k < ASN1RT_DEFAULT_MAX_DEPTH; k++) {
            uint32_t tag;
            size_t n;
            CU_ASSERT_FATAL(asn1rt_read_header(&r, &tag, &n) == ASN1RT_OK);
        }
        *limit_offset = asn1rt_offset(&r);
    }
    return buf;
}

static void *nest_thread(void *p)
{
    nest_ctx *c = p;
    Chain ch;
    asn1rt_view any;
    asn1rt_reader r;
    c->walk_rc = asn1rt_walk(c->der, c->len, 0, NULL, NULL, &c->walk_err);
    c->chain_rc = Chain_decode_ex(&ch, c->der, c->len, 0, &c->chain_err);
    asn1g_reader_init(&r, c->der, c->len, 0);
    c->any_rc = asn1g_read_any(&r, &any);
    return NULL;
}

static void test_nesting_10000(void)
{
    nest_ctx c;
    pthread_t th;
    pthread_attr_t at;
    memset(&c, 0, sizeof c);
    c.der = nested(10000, &c.len, &c.limit_offset);
    /* A small stack: recursion that followed the input would overflow it. */
    CU_ASSERT_FATAL(pthread_attr_init(&at) == 0);
    CU_ASSERT_FATAL(pthread_attr_setstacksize(&at, 256 * 1024) == 0);
    CU_ASSERT_FATAL(pthread_create(&th, &at, nest_thread, &c) == 0);
    pthread_join(th, NULL);
    pthread_attr_destroy(&at);
    printf("\n  worst-case nesting 10000 deep (%zu bytes): walk %s at %zu, Chain %s at %zu",
           c.len, asn1rt_strerror(c.walk_rc), c.walk_err.offset, asn1rt_strerror(c.chain_rc), c.chain_err.offset);
    CU_ASSERT_EQUAL(c.walk_rc, ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(c.walk_err.offset, c.limit_offset);
    CU_ASSERT_EQUAL(c.chain_rc, ASN1RT_E_DEPTH);
    CU_ASSERT_EQUAL(c.any_rc, ASN1RT_E_DEPTH);
    /* Generated code counts its own SEQUENCE as a level, as the walker does. */
    CU_ASSERT_EQUAL(c.chain_err.offset, c.limit_offset);
    free(c.der);
}

/* ---- huge lengths ------------------------------------------------------ */

static void test_huge_length(void)
{
    /* 10 bytes claiming 2 GiB, and 8 length octets claiming 2^63. */
    static const uint8_t two_gib[10] = { 0x31, 0x84, 0x80, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00 };
    static const uint8_t two_63[10] = { 0x30, 0x88, 0x80, 0, 0, 0, 0, 0, 0, 0 };
    const uint8_t *inputs[2] = { two_gib, two_63 };
    for (int i = 0; i < 2; i++) {
        asn1rt_error err;
        asn1rt_reader r;
        uint32_t tag;
        size_t n;
        Numbers l;
        Ints li;
        double t0 = cpu_ns(), dt;
        CU_ASSERT_EQUAL(asn1rt_walk(inputs[i], 10, 0, NULL, NULL, &err), ASN1RT_E_TRUNCATED);
        CU_ASSERT_EQUAL(err.offset, 0);
        asn1rt_reader_init(&r, inputs[i], 10);
        CU_ASSERT_EQUAL(asn1rt_read_header(&r, &tag, &n), ASN1RT_E_TRUNCATED);
        /* The header is refused before its tag is compared. */
        CU_ASSERT_EQUAL(Numbers_decode_ex(&l, inputs[i], 10, 0, &err), ASN1RT_E_TRUNCATED);
        CU_ASSERT_EQUAL(Ints_decode_ex(&li, inputs[i], 10, 0, &err), ASN1RT_E_TRUNCATED);
        dt = cpu_ns() - t0;
        /* "At once": refused from the header alone (the 10-byte input cannot
         * be read past without ASan reporting it); the time is printed. */
        printf("\n  worst-case %s length on 10 bytes: rejected in %.1f us", i ? "2^63" : "2 GiB", dt / 1e3);
    }
}

/* ---- OID text ---------------------------------------------------------- */

typedef struct oid_ctx {
    asn1rt_view oid;
    int rc;
} oid_ctx;

static void oid_to_text_bounded(void *p)
{
    oid_ctx *c = p;
    char text[512];
    c->rc = asn1rt_oid_to_text(&c->oid, text, sizeof text);
}

/* "2A" (1.2), then n arcs of 16383 (FF 7F). */
static uint8_t *long_oid(size_t n, size_t *len)
{
    uint8_t *p = malloc(1 + 2 * n);
    CU_ASSERT_FATAL(p != NULL);
    p[0] = 0x2A;
    for (size_t i = 0; i < n; i++) {
        p[1 + 2 * i] = 0xFF;
        p[2 + 2 * i] = 0x7F;
    }
    *len = 1 + 2 * n;
    return p;
}

static void test_oid_text(void)
{
    size_t ls, lb;
    uint8_t *s = long_oid(5000, &ls), *b = long_oid(500000, &lb);
    oid_ctx cs = { { s, ls }, -1 }, cb = { { b, lb }, -1 };
    double ts, tb;
    FILE *null = tmpfile();
    long before, after;
    CU_ASSERT_FATAL(null != NULL);
    oid_to_text_bounded(&cs);
    oid_to_text_bounded(&cb);
    CU_ASSERT_EQUAL(cs.rc, ASN1RT_E_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(cb.rc, ASN1RT_E_BUFFER_TOO_SMALL);
    ts = median_ns(oid_to_text_bounded, &cs, 7, 100) / (double)ls;
    tb = median_ns(oid_to_text_bounded, &cb, 7, 1) / (double)lb;
    printf("\n  worst-case OID to text, %zu B: %.3f ns/B, %zu B: %.3f ns/B, ratio %.2f", ls, ts, lb, tb, tb / ts);
    /* JER falls back to a hex string: 2 characters per octet and quotes, no more. */
    before = ftell(null);
    asn1jer_oid(null, &cb.oid);
    after = ftell(null);
    CU_ASSERT(after - before == (long)(2 * lb + 2));
    fclose(null);
    /* An arc beyond 64 bits is refused as soon as it is read. */
    {
        static const uint8_t huge_arc[] = { 0x2A, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 };
        asn1rt_view v = { huge_arc, sizeof huge_arc };
        char text[64];
        CU_ASSERT_EQUAL(asn1rt_oid_to_text(&v, text, sizeof text), ASN1RT_E_OID_ARC_TOO_LARGE);
        CU_ASSERT_EQUAL(text[0], '\0');
    }
    free(s);
    free(b);
}

void register_worst_suite(void)
{
    static const cunit_test tests[] = {
        { "SET OF: 1,000,000 elements linear", test_set_of_linear },
        { "SEQUENCE OF: 1,000,000 elements linear", test_seq_of_linear },
        { "walker: 1,000,000 elements linear", test_walk_linear },
        { "SET OF order checked after 1,000,000 elements", test_set_of_order_late },
        { "nesting 10,000 deep rejected at the limit", test_nesting_10000 },
        { "2 GiB length on 10 bytes rejected at once", test_huge_length },
        { "OID text: linear, bounded output", test_oid_text },
    };
    CUNIT_SUITE("der-worst-case", tests);
}
