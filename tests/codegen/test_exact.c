/* test_exact.c — generated code for tests/codegen/exact.asn: values in the
 * holes of a constraint (X.680 50) are ASN1RT_E_VALUE_CONSTRAINT (or
 * ASN1RT_E_SIZE_CONSTRAINT) on decode, on encode and from T_check; values
 * at the edges of each interval pass all three. One table per type. */
#include <string.h>

#include <asn1rt/gen.h>

#include "cunit_run.h"
#include "refused.h"
#include "codegen_exact.h"

/* An INTEGER value, its DER, and the code decode/encode/check give (0: ok). */
typedef struct IntCase {
    long long v;
    uint8_t der[4];
    size_t len;
    int rc;
} IntCase;

#define VC ASN1RT_E_VALUE_CONSTRAINT

static const IntCase r_cases[] = {
    {0, {0x02, 0x01, 0x00}, 3, 0},
    {10, {0x02, 0x01, 0x0a}, 3, 0},
    {11, {0x02, 0x01, 0x0b}, 3, VC},
    {15, {0x02, 0x01, 0x0f}, 3, VC},
    {19, {0x02, 0x01, 0x13}, 3, VC},
    {20, {0x02, 0x01, 0x14}, 3, 0},
    {30000, {0x02, 0x02, 0x75, 0x30}, 4, 0},
    {30001, {0x02, 0x02, 0x75, 0x31}, 4, VC},
};

static const IntCase nonzero_cases[] = {
    {-5, {0x02, 0x01, 0xfb}, 3, 0},
    {-1, {0x02, 0x01, 0xff}, 3, 0},
    {0, {0x02, 0x01, 0x00}, 3, VC},
    {1, {0x02, 0x01, 0x01}, 3, 0},
    {5, {0x02, 0x01, 0x05}, 3, 0},
    {6, {0x02, 0x01, 0x06}, 3, VC},
};

/* Narrow ::= R (5..25): R's C type, its own exact set (26 passed R's). */
static const IntCase narrow_cases[] = {
    {4, {0x02, 0x01, 0x04}, 3, VC},
    {5, {0x02, 0x01, 0x05}, 3, 0},
    {10, {0x02, 0x01, 0x0a}, 3, 0},
    {15, {0x02, 0x01, 0x0f}, 3, VC},
    {20, {0x02, 0x01, 0x14}, 3, 0},
    {25, {0x02, 0x01, 0x19}, 3, 0},
    {26, {0x02, 0x01, 0x1a}, 3, VC},
    {30000, {0x02, 0x02, 0x75, 0x30}, 4, VC},
};

/* FromObjects ::= INTEGER (Codes.&code): 1, 5 and 9, what the objects give. */
static const IntCase from_objects_cases[] = {
    {0, {0x02, 0x01, 0x00}, 3, VC},
    {1, {0x02, 0x01, 0x01}, 3, 0},
    {4, {0x02, 0x01, 0x04}, 3, VC},
    {5, {0x02, 0x01, 0x05}, 3, 0},
    {9, {0x02, 0x01, 0x09}, 3, 0},
    {10, {0x02, 0x01, 0x0a}, 3, VC},
};

/* Decode, encode (when the value fits the C type) and check, per row. */
#define RUN_INT_TABLE(T, cases)                                                             \
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {                           \
        const IntCase *c = &cases[i];                                                       \
        T out;                                                                              \
        CU_ASSERT_EQUAL(T##_decode(&out, c->der, c->len), c->rc);                           \
        if (c->rc == 0)                                                                     \
            CU_ASSERT_EQUAL((long long)out, c->v);                                          \
        T in = (T)c->v;                                                                     \
        uint8_t buf[8];                                                                     \
        size_t len = 0;                                                                     \
        CU_ASSERT_EQUAL(T##_encode(&in, buf, sizeof buf, &len), c->rc);                     \
        if (c->rc == 0)                                                                     \
            CU_ASSERT_TRUE(len == c->len && memcmp(buf, c->der, len) == 0);                 \
        CU_ASSERT_EQUAL(T##_check(&in), c->rc);                                             \
    }

static void test_r(void)
{
    RUN_INT_TABLE(R, r_cases)
}

static void test_narrow(void)
{
    RUN_INT_TABLE(Narrow, narrow_cases)
}

static void test_from_objects(void)
{
    RUN_INT_TABLE(FromObjects, from_objects_cases)
}

static void test_nonzero(void)
{
    RUN_INT_TABLE(NonZero, nonzero_cases)
}

/* Code ::= IA5String (SIZE (2 | 4)): sizes 2 and 4 only. */
static const struct {
    const char *text;
    int rc;
} code_cases[] = {
    {"a", ASN1RT_E_SIZE_CONSTRAINT},
    {"ab", 0},
    {"abc", ASN1RT_E_SIZE_CONSTRAINT},
    {"abcd", 0},
    {"abcde", ASN1RT_E_SIZE_CONSTRAINT},
};

static void test_code(void)
{
    for (size_t i = 0; i < sizeof code_cases / sizeof code_cases[0]; i++) {
        size_t n = strlen(code_cases[i].text);
        uint8_t der[16] = {0x16, (uint8_t)n};
        memcpy(der + 2, code_cases[i].text, n);
        Code out;
        CU_ASSERT_EQUAL(Code_decode(&out, der, n + 2), code_cases[i].rc);
        Code in = {(const uint8_t *)code_cases[i].text, n};
        uint8_t buf[16];
        size_t len = 0;
        CU_ASSERT_EQUAL(Code_encode(&in, buf, sizeof buf, &len), code_cases[i].rc);
        if (code_cases[i].rc == 0)
            CU_ASSERT_TRUE(len == n + 2 && memcmp(buf, der, len) == 0);
        CU_ASSERT_EQUAL(Code_check(&in), code_cases[i].rc);
    }
}

/* OneOrThree ::= SEQUENCE SIZE (1 | 3) OF INTEGER: an array of up to 3,
 * and 2 elements fall in the hole. */
static const struct {
    size_t count;
    int rc;
} list_cases[] = {
    {1, 0},
    {2, ASN1RT_E_SIZE_CONSTRAINT},
    {3, 0},
};

static void test_list(void)
{
    for (size_t i = 0; i < sizeof list_cases / sizeof list_cases[0]; i++) {
        size_t n = list_cases[i].count;
        uint8_t der[16] = {0x30, (uint8_t)(3 * n)};
        for (size_t k = 0; k < n; k++) {
            der[2 + 3 * k] = 0x02;
            der[3 + 3 * k] = 0x01;
            der[4 + 3 * k] = (uint8_t)k;
        }
        OneOrThree out;
        CU_ASSERT_EQUAL(OneOrThree_decode(&out, der, 2 + 3 * n), list_cases[i].rc);
        OneOrThree in;
        OneOrThree_init(&in);
        in.count = n;
        for (size_t k = 0; k < n; k++)
            in.items[k] = (uint8_t)k;
        uint8_t buf[16];
        size_t len = 0;
        CU_ASSERT_EQUAL(OneOrThree_encode(&in, buf, sizeof buf, &len), list_cases[i].rc);
        if (list_cases[i].rc == 0)
            CU_ASSERT_TRUE(len == 2 + 3 * n && memcmp(buf, der, len) == 0);
        CU_ASSERT_EQUAL(OneOrThree_check(&in), list_cases[i].rc);
    }
}

/* Single values (X.680 51.2) of ENUMERATED, BOOLEAN, strings, OIDs, BIT
 * STRING: decode(der), encode of the value der holds (same bytes back) and
 * T_check of it give rc. The value is built from der's content octets. */
#define SINGLE(T, FROM)                                                               \
    static int single_##T(const uint8_t *d, size_t n, int what)                       \
    {                                                                                 \
        T v = FROM, out;                                                              \
        uint8_t b[32];                                                                \
        size_t l = 0;                                                                 \
        if (what == 0)                                                                \
            return T##_decode(&out, d, n);                                            \
        if (what == 2)                                                                \
            return T##_check(&v);                                                     \
        int rc = T##_encode(&v, b, sizeof b, &l);                                     \
        return rc != 0 ? rc : l == n && memcmp(b, d, n) == 0 ? 0 : -1;                \
    }
/* a string's value: the content octets */
#define SINGLE_VIEW(T) SINGLE(T, ((T){d + 2, n - 2}))
SINGLE(Warm, (Warm)d[2])
SINGLE(Yes, d[2] != 0)
SINGLE_VIEW(Word) SINGLE_VIEW(Word2) SINGLE_VIEW(Tag2) SINGLE_VIEW(Alg) SINGLE_VIEW(Rel)
SINGLE(Bits3, ((Bits3){d + 3, n - 3, d[2]}))

static const struct {
    const char *name;
    int (*fn)(const uint8_t *d, size_t n, int what);
    uint8_t der[8];
    size_t n;
    int rc;
} single_cases[] = {
    {"Warm red", single_Warm, {0x0a, 0x01, 0x00}, 3, 0},
    {"Warm green", single_Warm, {0x0a, 0x01, 0x01}, 3, 0},
    {"Warm blue", single_Warm, {0x0a, 0x01, 0x02}, 3, VC},
    {"Yes TRUE", single_Yes, {0x01, 0x01, 0xff}, 3, 0},
    {"Yes FALSE", single_Yes, {0x01, 0x01, 0x00}, 3, VC},
    {"Word ab", single_Word, {0x16, 0x02, 'a', 'b'}, 4, 0},
    {"Word cd", single_Word, {0x16, 0x02, 'c', 'd'}, 4, 0},
    {"Word ef", single_Word, {0x16, 0x02, 'e', 'f'}, 4, VC},
    {"Word a", single_Word, {0x16, 0x01, 'a'}, 3, VC},
    {"Word2 ab", single_Word2, {0x16, 0x02, 'a', 'b'}, 4, 0},
    {"Word2 cd (not in its own)", single_Word2, {0x16, 0x02, 'c', 'd'}, 4, VC},
    {"Word2 zz (not in Word)", single_Word2, {0x16, 0x02, 'z', 'z'}, 4, VC},
    {"Tag2 0102", single_Tag2, {0x04, 0x02, 0x01, 0x02}, 4, 0},
    {"Tag2 empty", single_Tag2, {0x04, 0x00}, 2, 0},
    {"Tag2 03", single_Tag2, {0x04, 0x01, 0x03}, 3, VC},
    {"Alg 1.2.3", single_Alg, {0x06, 0x02, 0x2a, 0x03}, 4, 0},
    {"Alg 1.2.4", single_Alg, {0x06, 0x02, 0x2a, 0x04}, 4, 0},
    {"Alg 1.2.5", single_Alg, {0x06, 0x02, 0x2a, 0x05}, 4, VC},
    {"Bits3 101", single_Bits3, {0x03, 0x02, 0x05, 0xa0}, 4, 0},
    {"Bits3 111", single_Bits3, {0x03, 0x02, 0x05, 0xe0}, 4, VC},
    {"Bits3 10100000", single_Bits3, {0x03, 0x02, 0x00, 0xa0}, 4, VC},
    {"Rel 3.4", single_Rel, {0x0d, 0x02, 0x03, 0x04}, 4, 0},
    {"Rel 3.5", single_Rel, {0x0d, 0x02, 0x03, 0x05}, 4, VC},
};

static void test_single(void)
{
    for (size_t i = 0; i < sizeof single_cases / sizeof single_cases[0]; i++)
        for (int what = 0; what < 3; what++) {
            int rc = single_cases[i].fn(single_cases[i].der, single_cases[i].n, what);
            if (rc != single_cases[i].rc)
                fprintf(stderr, "%s (%s): %d, expected %d\n", single_cases[i].name,
                        what == 0 ? "decode" : what == 1 ? "encode" : "check", rc, single_cases[i].rc);
            CU_ASSERT_EQUAL(rc, single_cases[i].rc);
        }
}

/* Inside a SEQUENCE the single value is refused at the component's
 * identifier octet, with its path. */
static void test_single_path(void)
{
    /* Pair { w green, s "ef" }: 30 07 80 01 01 81 02 65 66 */
    static const uint8_t der[] = {0x30, 0x07, 0x80, 0x01, 0x01, 0x81, 0x02, 0x65, 0x66};
    Pair out;
    asn1rt_error err;
    ASSERT_REFUSED("Pair", Pair_decode_ex(&out, der, sizeof der, 0, &err), &err, VC, 5, "s");
}

/* WITH COMPONENTS presence: decode of der, encode and T_check of the value
 * it holds (a 1, b FALSE and c TRUE when given) give rc. */
static const struct {
    const char *name;
    bool only_a;             /* OnlyA, else WithB */
    bool b, c;
    uint8_t der[12];
    size_t n;
    int rc;
} presence_cases[] = {
    {"WithB a b", false, true, false, {0x30, 0x06, 0x80, 0x01, 0x01, 0x81, 0x01, 0x00}, 8, 0},
    {"WithB a", false, false, false, {0x30, 0x03, 0x80, 0x01, 0x01}, 5, VC},
    {"WithB a b c", false, true, true, {0x30, 0x09, 0x80, 0x01, 0x01, 0x81, 0x01, 0x00, 0x82, 0x01, 0xff}, 11, VC},
    {"OnlyA a", true, false, false, {0x30, 0x03, 0x80, 0x01, 0x01}, 5, 0},
    {"OnlyA a b", true, true, false, {0x30, 0x06, 0x80, 0x01, 0x01, 0x81, 0x01, 0x00}, 8, VC},
    {"OnlyA a c", true, false, true, {0x30, 0x06, 0x80, 0x01, 0x01, 0x82, 0x01, 0xff}, 8, VC},
};

static void test_presence(void)
{
    for (size_t i = 0; i < sizeof presence_cases / sizeof presence_cases[0]; i++) {
        Rec3 v, out;
        Rec3_init(&v);
        v.a = 1;
        v.b_present = presence_cases[i].b;
        v.b = false;
        v.c_present = presence_cases[i].c;
        v.c = true;
        uint8_t buf[16];
        size_t len = 0;
        int dec, enc, chk;
        if (presence_cases[i].only_a) {
            dec = OnlyA_decode(&out, presence_cases[i].der, presence_cases[i].n);
            enc = OnlyA_encode(&v, buf, sizeof buf, &len);
            chk = OnlyA_check(&v);
        } else {
            dec = WithB_decode(&out, presence_cases[i].der, presence_cases[i].n);
            enc = WithB_encode(&v, buf, sizeof buf, &len);
            chk = WithB_check(&v);
        }
        CU_ASSERT_EQUAL(dec, presence_cases[i].rc);
        CU_ASSERT_EQUAL(enc, presence_cases[i].rc);
        CU_ASSERT_EQUAL(chk, presence_cases[i].rc);
        if (presence_cases[i].rc == 0)
            CU_ASSERT_TRUE(len == presence_cases[i].n && memcmp(buf, presence_cases[i].der, len) == 0);
        /* the unconstrained type takes every one of them */
        CU_ASSERT_EQUAL(Rec3_decode(&out, presence_cases[i].der, presence_cases[i].n), 0);
    }
}

/* Inside a SEQUENCE: the failing component is named with its offset. */
static void test_rec_path(void)
{
    /* Rec { r 15, c "ab" }: 30 07 80 01 0f 81 02 61 62 */
    static const uint8_t der[] = {0x30, 0x07, 0x80, 0x01, 0x0f, 0x81, 0x02, 0x61, 0x62};
    Rec out;
    asn1rt_error err;
    ASSERT_REFUSED("Rec", Rec_decode_ex(&out, der, sizeof der, 0, &err), &err, VC, 2, "r");
}

int main(void)
{
    static const cunit_test tests[] = {
        { "R (0..10 | 20..30000): decode, encode, check", test_r },
        { "NonZero (-5..5 EXCEPT 0)", test_nonzero },
        { "Narrow ::= R (5..25): its own set, not R's", test_narrow },
        { "Code SIZE (2 | 4)", test_code },
        { "SEQUENCE SIZE (1 | 3) OF: decode, encode, check", test_list },
        { "a hole inside a SEQUENCE: code, offset, path", test_rec_path },
        { "single values of ENUMERATED, BOOLEAN, strings, OIDs, BIT STRING", test_single },
        { "a single value inside a SEQUENCE: code, offset, path", test_single_path },
        { "WITH COMPONENTS presence, partial and full", test_presence },
        { "ValueSetFromObjects: the values the objects give", test_from_objects },
    };
    return CUNIT_MAIN("codegen-exact", tests, CU_BRM_VERBOSE);
}
