/* ber_test.c — T_ber_decode of tests/codegen/ber.asn (asn1cc --encodings
 * der,ber): one row per BER form X.690 8 allows and DER does not, with the
 * exact DER that T_encode must write for the decoded value, and one row per
 * form BER still forbids, with its code and offset. For every accepted row
 * the DER decodes (T_decode) to a value T_equal to the BER one, and
 * T_ber_decode of the DER gives it too (BER -> DER -> BER). T_equal on SET
 * OF ignores the order the elements came in. */
#include <stdio.h>
#include <string.h>

#include "bertest.h"
#include "cunit_run.h"
#include "refused.h"
#include "hex.h"

/* The functions of one generated type, over void pointers. */
typedef struct ber_type {
    const char *name;
    size_t size;
    int (*ber_ex)(void *out, const uint8_t *in, size_t len, asn1rt_arena *a, asn1rt_error *err);
    int (*ber)(void *out, const uint8_t *in, size_t len, asn1rt_arena *a);
    int (*der)(void *out, const uint8_t *in, size_t len);
    int (*enc)(const void *in, uint8_t *buf, size_t cap, size_t *len);
    bool (*eq)(const void *a, const void *b);
} ber_type;

#define BER_TYPE(T)                                                                                     \
    static int T##_bx(void *o, const uint8_t *in, size_t n, asn1rt_arena *a, asn1rt_error *e)           \
    { return T##_ber_decode_ex(o, in, n, a, 0, e); }                                                   \
    static int T##_bp(void *o, const uint8_t *in, size_t n, asn1rt_arena *a) { return T##_ber_decode(o, in, n, a); } \
    static int T##_dx(void *o, const uint8_t *in, size_t n) { return T##_decode(o, in, n); }            \
    static int T##_ex(const void *v, uint8_t *b, size_t c, size_t *l) { return T##_encode(v, b, c, l); } \
    static bool T##_qx(const void *a, const void *b) { return T##_equal(a, b); }                        \
    static const ber_type T##_t = { #T, sizeof(T), T##_bx, T##_bp, T##_dx, T##_ex, T##_qx };

BER_TYPE(Rec)
BER_TYPE(Unordered)
BER_TYPE(Ext)
BER_TYPE(ExtSet)
BER_TYPE(Ch)
BER_TYPE(Small)
BER_TYPE(Nested)
BER_TYPE(Times)
BER_TYPE(Bag)
BER_TYPE(Tail)

/* Rec's DER: flag TRUE, num 5, data "ab", name "x", bits '1'B, opts {a, c},
 * ver absent (DEFAULT 1), list {1, 2}, set {"a", "b"}. */
#define REC_DER_BODY "01 01 FF 02 01 05 04 02 61 62 80 01 78 03 02 07 80 81 02 05 A0 " \
                     "30 06 02 01 01 02 01 02 31 06 04 01 61 04 01 62"
#define REC_DER "30 25 " REC_DER_BODY

/* 126 octets "a": a string whose constructed form needs a longer length than its DER. */
#define A126 "61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 " \
             "61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 " \
             "61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 " \
             "61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61"

typedef struct ber_case {
    const ber_type *type;
    const char *what;
    const char *ber;
    int rc;             /* T_ber_decode's result */
    size_t offset;      /* its error offset, when rc != 0 */
    const char *der;    /* T_encode of the value, when rc == 0 */
} ber_case;

static const ber_case cases[] = {
    { &Rec_t, "DER as it is", REC_DER, 0, 0, REC_DER },
    { &Rec_t, "every leniency at once (X.690 8.1.3.6, 8.1.3.5, 8.2.2, 8.6.4, 8.7.3, 8.23.6, 11.2.2, 8.11)",
      "30 80 01 01 01 02 81 01 05 24 80 04 01 61 04 01 62 00 00 A0 03 04 01 78 "
      "23 80 03 01 00 03 02 07 80 00 00 A1 80 03 03 00 A0 00 00 00 A2 80 02 01 01 00 00 "
      "30 80 02 01 01 02 01 02 00 00 31 06 04 01 62 04 01 61 00 00", 0, 0, REC_DER },
    { &Rec_t, "four-octet lengths (Active Directory's 0x84)",
      "30 84 00 00 00 2D 01 01 FF 02 84 00 00 00 01 05 04 02 61 62 80 01 78 03 02 07 80 81 02 05 A0 "
      "30 84 00 00 00 06 02 01 01 02 01 02 31 06 04 01 61 04 01 62", 0, 0, REC_DER },
    { &Rec_t, "BIT STRING padding not zero (X.690 8.6.2.3)",
      "30 25 01 01 FF 02 01 05 04 02 61 62 80 01 78 03 02 07 FF 81 02 05 A0 "
      "30 06 02 01 01 02 01 02 31 06 04 01 61 04 01 62", 0, 0, REC_DER },
    { &Rec_t, "segments nested in segments",
      "30 31 01 01 FF 02 01 05 24 0E 24 80 04 01 61 00 00 24 80 04 01 62 00 00 80 01 78 03 02 07 80 "
      "81 02 05 A0 30 06 02 01 01 02 01 02 31 06 04 01 61 04 01 62", 0, 0, REC_DER },
    { &Rec_t, "ANY made DER: indefinite SEQUENCE, BOOLEAN 01",
      "30 2C " REC_DER_BODY " 30 80 01 01 01 00 00", 0, 0, "30 2A " REC_DER_BODY " 30 03 01 01 FF" },
    { &Rec_t, "ANY made DER: constructed OCTET STRING joined, SET sorted",
      "30 80 " REC_DER_BODY " 31 80 24 80 04 01 62 00 00 04 01 61 00 00 00 00", 0, 0,
      "30 2D " REC_DER_BODY " 31 06 04 01 61 04 01 62" },
    { &Rec_t, "ANY made DER: constructed OCTET STRING of 128 content octets joined to 126",
      "30 81 A8 " REC_DER_BODY " 24 81 80 04 7E " A126, 0, 0, "30 81 A5 " REC_DER_BODY " 04 7E " A126 },
    { &Rec_t, "non-minimal INTEGER (X.690 8.3.2 holds in BER)",
      "30 26 01 01 FF 02 02 00 05 04 02 61 62 80 01 78 03 02 07 80 81 02 05 A0 "
      "30 06 02 01 01 02 01 02 31 06 04 01 61 04 01 62", ASN1RT_E_INTEGER_NOT_MINIMAL, 7, NULL },
    { &Rec_t, "primitive with indefinite length (X.690 8.1.3.2 a)",
      "30 80 01 01 FF 02 01 05 04 80 61 62 00 00 00 00", ASN1RT_E_INDEFINITE_PRIMITIVE, 8, NULL },
    { &Rec_t, "end-of-contents inside a definite length (X.690 8.1.5)",
      "30 08 01 01 FF 00 00 02 01 05", ASN1RT_E_UNEXPECTED_EOC, 5, NULL },
    { &Rec_t, "segment of the wrong tag (X.690 8.7.3.2)",
      "30 80 01 01 FF 02 01 05 24 80 02 01 61 00 00 00 00", ASN1RT_E_SEGMENT_TAG, 10, NULL },
    { &Rec_t, "length past the input", "30 26 " REC_DER_BODY, ASN1RT_E_TRUNCATED, 0, NULL },
    { &Rec_t, "end-of-contents missing", "30 80 " REC_DER_BODY, ASN1RT_E_TRUNCATED, 0, NULL },
    { &Rec_t, "ANY with a high tag number led by 0x80 (X.690 8.1.2.4.2 c)",
      "30 80 " REC_DER_BODY " 1F 80 01 00 00 00", ASN1RT_E_TAG_NOT_MINIMAL, 39, NULL },
    { &Rec_t, "reserved length 0xFF (X.690 8.1.3.5 c)",
      "30 80 01 01 FF 02 FF 00 00", ASN1RT_E_LENGTH_TOO_LARGE, 5, NULL },
    { &Unordered_t, "DER", "31 0C 80 01 05 81 01 7A 82 01 FF 83 01 71", 0, 0,
      "31 0C 80 01 05 81 01 7A 82 01 FF 83 01 71" },
    { &Unordered_t, "components in any order (X.690 8.11.2), constructed [1], TRUE as 01",
      "31 80 83 01 71 82 01 01 A1 80 04 01 7A 00 00 80 01 05 00 00", 0, 0,
      "31 0C 80 01 05 81 01 7A 82 01 FF 83 01 71" },
    { &Unordered_t, "DEFAULT value present", "31 09 83 01 71 80 01 05 82 01 00", 0, 0, "31 06 80 01 05 83 01 71" },
    { &Unordered_t, "a component twice", "31 09 80 01 05 83 01 71 80 01 06", ASN1RT_E_DUPLICATE_COMPONENT, 8, NULL },
    { &Unordered_t, "a required component missing", "31 03 80 01 05", ASN1RT_E_MISSING_COMPONENT, 5, NULL },
    { &Unordered_t, "an element the SET does not have", "31 09 80 01 05 83 01 71 84 01 00", ASN1RT_E_UNKNOWN_COMPONENT,
      8, NULL },
    { &Ext_t, "unknown extension made DER", "30 80 02 01 01 30 80 01 01 05 00 00 00 00", 0, 0,
      "30 08 02 01 01 30 03 01 01 FF" },
    { &ExtSet_t, "unknown extensions before and after the root component",
      "31 80 81 01 07 80 01 01 82 01 09 00 00", 0, 0, "31 09 80 01 01 81 01 07 82 01 09" },
    { &Ch_t, "constructed [0] alternative", "A0 80 04 01 61 04 01 62 00 00", 0, 0, "80 02 61 62" },
    { &Ch_t, "constructed UTF8String alternative", "2C 80 04 01 61 00 00", 0, 0, "0C 01 61" },
    { &Ch_t, "UTF8String joined, then checked", "2C 06 04 01 C3 04 01 28", ASN1RT_E_STRING_UTF8, 4, NULL },
    { &Small_t, "SET OF in any order (X.690 8.12)", "31 80 02 01 03 02 01 01 00 00", 0, 0, "31 06 02 01 01 02 01 03" },
    { &Times_t, "times in BER's forms: no seconds, a fraction of the hour after a comma, +0100 (X.680 46.3, 47.3)",
      "30 80 17 0B 39 39 31 32 33 31 32 33 35 39 5A 18 11 32 30 32 34 30 32 32 39 31 32 2C 35 2B 30 31 30 30 00 00", 0, 0,
      "30 20 17 0D 39 39 31 32 33 31 32 33 35 39 30 30 5A 18 0F 32 30 32 34 30 32 32 39 31 31 33 30 30 30 5A" },
    { &Times_t, "local time has no DER", "30 80 17 0C 39 39 31 32 33 31 32 33 35 39 35 39 18 0F "
      "32 30 32 34 30 32 32 39 31 31 33 30 30 30 5A 00 00", ASN1RT_E_TIME_FORMAT, 4, NULL },
    { &Rec_t, "ANY made DER: UTCTime +0100 in UTC",
      "30 80 " REC_DER_BODY " 17 11 39 39 31 32 33 31 32 33 35 39 35 39 2B 30 31 30 30 00 00", 0, 0,
      "30 34 " REC_DER_BODY " 17 0D 39 39 31 32 33 31 32 32 35 39 35 39 5A" },
    { &Nested_t, "lists of lists made DER",
      "30 80 31 80 " REC_DER " 30 80 01 01 01 02 01 05 04 02 61 62 80 01 78 03 02 07 80 81 02 05 A0 "
      "30 06 02 01 01 02 01 02 31 06 04 01 62 04 01 61 00 00 00 00 00 00", 0, 0,
      "30 50 31 4E " REC_DER " " REC_DER },
    /* T_ber_decode takes the input's last two octets as the outermost EOC
     * and Tail's last two as b's, without walks; where they are not, it
     * decodes again with the walks (gen.h, ASN1G_BER_LAST_EOC), so the
     * code is _ex's. */
    { &Tail_t, "last component and outermost element indefinite",
      "30 80 02 01 01 A0 80 30 80 02 01 05 00 00 00 00 00 00", 0, 0, "30 0A 02 01 01 A0 05 30 03 02 01 05" },
    { &Tail_t, "an element after the last component, its EOC last",
      "30 80 02 01 01 A0 80 30 03 02 01 05 00 00 30 80 00 00 00 00", ASN1RT_E_UNKNOWN_COMPONENT, 14, NULL },
    { &Tail_t, "an element after the outermost one, its EOC last",
      "30 80 02 01 01 A0 80 30 03 02 01 05 00 00 00 00 30 80 00 00", ASN1RT_E_TRAILING_DATA, 16, NULL },
    { &Tail_t, "an EOC inside the last component's first element",
      "30 80 02 01 01 A0 80 30 80 02 01 05 00 00 00 00", ASN1RT_E_TRUNCATED, 0, NULL },
};

static uint8_t arena_buf[1 << 16];

static void run_case(const ber_case *c)
{
    uint8_t in[512], want[512], out[512];
    _Alignas(16) uint8_t v1[2048], v2[2048], v3[2048];
    size_t n = unhex(c->ber, in, sizeof in), wn, on = 0;
    asn1rt_arena a;
    asn1rt_error err;
    int rc;
    CU_ASSERT_FATAL(c->type->size <= sizeof v1);
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf) == ASN1RT_OK);
    rc = c->type->ber_ex(v1, in, n, &a, &err);
    if (rc != c->rc || (rc != 0 && err.offset != c->offset))
        fprintf(stderr, "\n  %s, %s: rc %d offset %zu, want %d at %zu\n", c->type->name, c->what, rc, err.offset,
                c->rc, c->offset);
    CU_ASSERT_EQUAL(rc, c->rc);
    /* T_ber_decode, which skips the walks it can, says the same. */
    CU_ASSERT_EQUAL(c->type->ber(v2, in, n, &a), c->rc);
    if (rc == 0) {
        CU_ASSERT(c->type->eq(v1, v2));
    } else {
        CU_ASSERT_EQUAL(a.used, 0);
    }
    if (rc != 0) {
        CU_ASSERT_EQUAL(err.offset, c->offset);
        CU_ASSERT_EQUAL(a.used, 0);                /* the arena is as it was */
        return;
    }
    wn = unhex(c->der, want, sizeof want);
    CU_ASSERT_EQUAL_FATAL(c->type->enc(v1, out, sizeof out, &on), 0);
    if (on != wn || memcmp(out, want, wn) != 0)
        fprintf(stderr, "\n  %s, %s: DER differs (%zu octets, want %zu)\n", c->type->name, c->what, on, wn);
    CU_ASSERT_EQUAL(on, wn);
    CU_ASSERT(memcmp(out, want, wn) == 0);
    /* The DER is the same value, strictly and as BER. */
    CU_ASSERT_EQUAL_FATAL(c->type->der(v2, want, wn), 0);
    CU_ASSERT_EQUAL_FATAL(c->type->ber_ex(v3, want, wn, &a, &err), 0);
    if (!c->type->eq(v1, v2) || !c->type->eq(v1, v3))
        fprintf(stderr, "\n  %s, %s: the value differs from its DER's\n", c->type->name, c->what);
    CU_ASSERT(c->type->eq(v1, v2));
    CU_ASSERT(c->type->eq(v1, v3));
}

static void test_cases(void)
{
    for (size_t i = 0; i < CUNIT_COUNT(cases); i++)
        run_case(&cases[i]);
}

/* T_equal on SET OF is the multiset's: the order does not count, how often
 * an element occurs does. Both sides decoded as BER (arrival order kept in
 * the typed items; DER input stays a sorted view). */
typedef struct eq_case {
    const ber_type *type;
    const char *a, *b;
    bool equal;
} eq_case;

static const eq_case eq_cases[] = {
    { &Small_t, "31 09 02 01 01 02 01 01 02 01 03", "31 80 02 01 03 02 01 01 02 01 01 00 00", true },
    { &Small_t, "31 09 02 01 01 02 01 01 02 01 03", "31 80 02 01 03 02 01 03 02 01 01 00 00", false },
    { &Small_t, "31 80 02 01 03 02 01 01 00 00", "31 80 02 01 01 02 01 03 00 00", true },
    { &Small_t, "31 80 02 01 03 02 01 01 00 00", "31 80 02 01 01 02 01 02 00 00", false },
    { &Small_t, "31 03 02 01 01", "31 06 02 01 01 02 01 01", false },
    { &Bag_t, "31 09 04 01 61 04 01 61 04 01 62", "31 80 04 01 62 04 01 61 04 01 61 00 00", true },
    { &Bag_t, "31 09 04 01 61 04 01 61 04 01 62", "31 80 04 01 62 04 01 62 04 01 61 00 00", false },
    { &Bag_t, "31 80 04 01 62 24 80 04 01 61 00 00 00 00", "31 80 04 01 61 04 01 62 00 00", true },
    { &Bag_t, "31 80 04 01 62 04 01 63 00 00", "31 06 04 01 61 04 01 62", false },
};

static void test_set_of_equal(void)
{
    for (size_t i = 0; i < CUNIT_COUNT(eq_cases); i++) {
        const eq_case *c = &eq_cases[i];
        uint8_t in_a[64], in_b[64];
        _Alignas(16) uint8_t va[2048], vb[2048];
        size_t na = unhex(c->a, in_a, sizeof in_a), nb = unhex(c->b, in_b, sizeof in_b);
        asn1rt_arena a;
        asn1rt_error err;
        CU_ASSERT_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf) == ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(c->type->ber_ex(va, in_a, na, &a, &err), 0);
        CU_ASSERT_EQUAL_FATAL(c->type->ber_ex(vb, in_b, nb, &a, &err), 0);
        if (c->type->eq(va, vb) != c->equal || c->type->eq(vb, va) != c->equal)
            fprintf(stderr, "\n  %s: %s vs %s: T_equal is not %d\n", c->type->name, c->a, c->b, c->equal);
        CU_ASSERT_EQUAL(c->type->eq(va, vb), c->equal);
        CU_ASSERT_EQUAL(c->type->eq(vb, va), c->equal);
        CU_ASSERT(c->type->eq(va, va) && c->type->eq(vb, vb));
    }
}

/* DER input needs no arena: strings and lists stay views. */
static void test_der_no_arena(void)
{
    uint8_t in[128];
    size_t n = unhex(REC_DER, in, sizeof in), used;
    Rec r;
    CU_ASSERT_EQUAL(Rec_ber_decode(&r, in, n, NULL), 0);
    CU_ASSERT(r.list.items == NULL && r.list.raw.ptr == in + 25);
    CU_ASSERT(r.data.ptr == in + 10);
    CU_ASSERT_EQUAL(Rec_ber_decode_prefix(&r, in, n, NULL, &used), 0);
    CU_ASSERT_EQUAL(used, n);
}

/* What needs a copy without room for it is ARENA_FULL, *out zeroed. */
static void test_arena_full(void)
{
    uint8_t in[64], small[3];
    size_t n = unhex("A0 80 04 01 61 04 01 62 00 00", in, sizeof in);
    asn1rt_arena a;
    Ch c;
    CU_ASSERT_EQUAL(Ch_ber_decode(&c, in, n, NULL), ASN1RT_E_ARENA_FULL);
    CU_ASSERT_EQUAL(c.present, 0);
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, small, 1), 0);
    CU_ASSERT_EQUAL(Ch_ber_decode(&c, in, n, &a), ASN1RT_E_ARENA_FULL);
    CU_ASSERT_EQUAL(a.used, 0);
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, small, 2), 0);
    CU_ASSERT_EQUAL(Ch_ber_decode(&c, in, n, &a), 0);
    CU_ASSERT(c.u.s.len == 2 && memcmp(c.u.s.ptr, "ab", 2) == 0 && c.u.s.ptr == small);
}

/* The component path of a failure (T_ber_decode_ex). */
static void test_error_path(void)
{
    uint8_t in[64];
    size_t n = unhex("31 80 83 01 71 A1 80 02 01 7A 00 00 80 01 05 00 00", in, sizeof in);
    asn1rt_error err;
    Unordered u;
    _Alignas(16) uint8_t buf[64];
    asn1rt_arena a;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, buf, sizeof buf), 0);
    ASSERT_REFUSED("Unordered", Unordered_ber_decode_ex(&u, in, n, &a, 0, &err), &err, ASN1RT_E_SEGMENT_TAG, 7, "b");
}

/* Strict T_decode of an extensible SET: unknown additions after the root
 * are kept; one with a root component's tag is that component twice, and
 * they follow DER's tag order (X.690 10.3) after the root and among
 * themselves (regress/ber/dup-ext-set was the duplicate). */
static const struct {
    const char *what, *der;
    int rc;
    size_t offset;
} ext_set_cases[] = {
    { "unknown additions after the root", "31 0A 80 01 05 83 01 71 A4 02 05 00", 0, 0 },
    { "the root component again among them", "31 09 80 01 05 83 01 71 80 01 06", ASN1RT_E_DUPLICATE_COMPONENT, 8 },
    { "out of tag order", "31 09 80 01 05 84 01 00 83 01 71", ASN1RT_E_SET_ORDER, 8 },
    { "one tag twice", "31 09 80 01 05 83 01 71 83 01 72", ASN1RT_E_SET_ORDER, 8 },
    { "constructed and primitive of one tag", "31 0A 80 01 05 83 01 71 A3 02 05 00", ASN1RT_E_SET_ORDER, 8 },
};

static void test_der_ext_set(void)
{
    for (size_t i = 0; i < CUNIT_COUNT(ext_set_cases); i++) {
        uint8_t in[64], out[64];
        size_t n = unhex(ext_set_cases[i].der, in, sizeof in), on = 0;
        asn1rt_error err;
        ExtSet v;
        int rc = ExtSet_decode_ex(&v, in, n, 0, &err);
        if (rc != ext_set_cases[i].rc || (rc != 0 && err.offset != ext_set_cases[i].offset))
            fprintf(stderr, "\n  ExtSet, %s: rc %d offset %zu\n", ext_set_cases[i].what, rc, err.offset);
        CU_ASSERT_EQUAL(rc, ext_set_cases[i].rc);
        if (rc != 0) {
            CU_ASSERT_EQUAL(err.offset, ext_set_cases[i].offset);
            continue;
        }
        CU_ASSERT_EQUAL_FATAL(ExtSet_encode(&v, out, sizeof out, &on), 0);   /* the same DER back */
        CU_ASSERT(on == n && memcmp(out, in, n) == 0);
    }
}

static const cunit_test tests[] = {
    { "BER forms, DER out, errors", test_cases },
    { "SET OF equality ignores order", test_set_of_equal },
    { "strict decode of an extensible SET's unknown additions", test_der_ext_set },
    { "DER input: views, no arena", test_der_no_arena },
    { "arena full", test_arena_full },
    { "error path", test_error_path },
};

int main(void)
{
    return CUNIT_MAIN("codegen BER", tests, CU_BRM_NORMAL);
}
