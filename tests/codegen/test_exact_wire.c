/* test_exact_wire.c — tests/codegen/exact_wire.asn through UPER, APER and
 * OER: a value inside what the encoding can carry (the hull type's bytes)
 * but outside T's exact set (a hole of a union, EXCEPT, a single value,
 * a SIZE set, WITH COMPONENTS presence) is refused by T's decoder and by
 * T's encoder, ASN1RT_E_VALUE_CONSTRAINT or ASN1RT_E_SIZE_CONSTRAINT; a
 * value inside it decodes to itself and encodes to the hull's bytes. */
#include <string.h>

#include <asn1rt/gen.h>

#include "cunit_run.h"
#include "refused.h"
#include "codegen_exact_wire.h"

#define VC ASN1RT_E_VALUE_CONSTRAINT
#define SC ASN1RT_E_SIZE_CONSTRAINT

enum { UPER, APER, OER, NENC };
static const char *const enc_name[NENC] = {"uper", "aper", "oer"};

/* The hull value h through ENC's hull encoder, then T's decoder of those
 * bytes (*dec) and T's encoder of t (*enc), which holds the same value as
 * h; -1 when the hull cannot encode h, -2 when T encodes t to other bytes,
 * -3 when T decodes them to another value. */
#define WIRE_ENC(T, H, ENC)                                                                      \
    static int T##_##ENC(const void *hv, const void *tv, int *dec, int *enc)                     \
    {                                                                                            \
        static uint8_t mem[1024];                                                                \
        asn1rt_arena a;                                                                          \
        uint8_t b[64], b2[64];                                                                   \
        size_t n = 0, n2 = 0;                                                                    \
        T out;                                                                                   \
        if (asn1rt_arena_init(&a, mem, sizeof mem) != 0 || H##_##ENC##_encode(hv, b, sizeof b, &n) != 0) \
            return -1;                                                                           \
        *dec = T##_##ENC##_decode(&out, b, n, &a);                                               \
        *enc = T##_##ENC##_encode(tv, b2, sizeof b2, &n2);                                       \
        if (*enc == 0 && (n2 != n || memcmp(b, b2, n) != 0))                                     \
            return -2;                                                                           \
        if (*dec == 0 && !T##_equal(&out, tv))                                                   \
            return -3;                                                                           \
        return 0;                                                                                \
    }
typedef int (*wire_fn)(const void *h, const void *t, int *dec, int *enc);
#define WIRE(T, H)                                                                               \
    WIRE_ENC(T, H, uper) WIRE_ENC(T, H, aper) WIRE_ENC(T, H, oer)                                \
    static const wire_fn T##_wire[NENC] = {T##_uper, T##_aper, T##_oer};

WIRE(R, R_Hull)
WIRE(NonZero, NonZero_Hull)
WIRE(Code, Code_Hull)
WIRE(OneOrThree, OneOrThree_Hull)
WIRE(Warm, Color)
WIRE(Yes, Yes_Hull)
WIRE(Word, Word_Hull)
WIRE(Word2, Word_Hull)
WIRE(Tag2, Tag2_Hull)
WIRE(Alg, Alg_Hull)
WIRE(Bits3, Bits3_Hull)
WIRE(Pair, Pair_Hull)
WIRE(WithB, Rec3)

#define V(s) { (const uint8_t *)(s), sizeof(s) - 1 }

static const struct {
    const char *name;
    const wire_fn *fn;
    const void *hull, *value;   /* the same value, as the hull type and as T */
    int rc;                     /* decode's and encode's */
} cases[] = {
    {"R 10", R_wire, &(R_Hull){10}, &(R){10}, 0},
    {"R 15", R_wire, &(R_Hull){15}, &(R){15}, VC},
    {"R 20", R_wire, &(R_Hull){20}, &(R){20}, 0},
    {"NonZero -1", NonZero_wire, &(NonZero_Hull){-1}, &(NonZero){-1}, 0},
    {"NonZero 0", NonZero_wire, &(NonZero_Hull){0}, &(NonZero){0}, VC},
    {"Code ab", Code_wire, &(Code_Hull)V("ab"), &(Code)V("ab"), 0},
    {"Code abc", Code_wire, &(Code_Hull)V("abc"), &(Code)V("abc"), SC},
    {"Code abcd", Code_wire, &(Code_Hull)V("abcd"), &(Code)V("abcd"), 0},
    {"OneOrThree 1", OneOrThree_wire, &(OneOrThree_Hull){1, {7}}, &(OneOrThree){1, {7}}, 0},
    {"OneOrThree 2", OneOrThree_wire, &(OneOrThree_Hull){2, {7, 8}}, &(OneOrThree){2, {7, 8}}, SC},
    {"OneOrThree 3", OneOrThree_wire, &(OneOrThree_Hull){3, {7, 8, 9}}, &(OneOrThree){3, {7, 8, 9}}, 0},
    {"Warm green", Warm_wire, &(Color){Color_green}, &(Warm){Color_green}, 0},
    {"Warm blue", Warm_wire, &(Color){Color_blue}, &(Warm){Color_blue}, VC},
    {"Yes TRUE", Yes_wire, &(Yes_Hull){true}, &(Yes){true}, 0},
    {"Yes FALSE", Yes_wire, &(Yes_Hull){false}, &(Yes){false}, VC},
    {"Word cd", Word_wire, &(Word_Hull)V("cd"), &(Word)V("cd"), 0},
    {"Word ef", Word_wire, &(Word_Hull)V("ef"), &(Word)V("ef"), VC},
    {"Word a", Word_wire, &(Word_Hull)V("a"), &(Word)V("a"), VC},
    {"Word2 ab", Word2_wire, &(Word_Hull)V("ab"), &(Word2)V("ab"), 0},
    {"Word2 cd (Word's, not its own)", Word2_wire, &(Word_Hull)V("cd"), &(Word2)V("cd"), VC},
    {"Word2 zz (its own, not Word's)", Word2_wire, &(Word_Hull)V("zz"), &(Word2)V("zz"), VC},
    {"Tag2 0102", Tag2_wire, &(Tag2_Hull)V("\x01\x02"), &(Tag2)V("\x01\x02"), 0},
    {"Tag2 empty", Tag2_wire, &(Tag2_Hull)V(""), &(Tag2)V(""), 0},
    {"Tag2 03", Tag2_wire, &(Tag2_Hull)V("\x03"), &(Tag2)V("\x03"), VC},
    {"Alg 1.2.4", Alg_wire, &(Alg_Hull)V("\x2a\x04"), &(Alg)V("\x2a\x04"), 0},
    {"Alg 1.2.5", Alg_wire, &(Alg_Hull)V("\x2a\x05"), &(Alg)V("\x2a\x05"), VC},
    {"Bits3 101", Bits3_wire, &(Bits3_Hull){(const uint8_t *)"\xa0", 1, 5}, &(Bits3){(const uint8_t *)"\xa0", 1, 5}, 0},
    {"Bits3 111", Bits3_wire, &(Bits3_Hull){(const uint8_t *)"\xe0", 1, 5}, &(Bits3){(const uint8_t *)"\xe0", 1, 5}, VC},
    {"Bits3 10100000", Bits3_wire, &(Bits3_Hull){(const uint8_t *)"\xa0", 1, 0}, &(Bits3){(const uint8_t *)"\xa0", 1, 0}, VC},
    {"Pair green ab", Pair_wire, &(Pair_Hull){Color_green, V("ab")}, &(Pair){Color_green, V("ab")}, 0},
    {"Pair blue ab", Pair_wire, &(Pair_Hull){Color_blue, V("ab")}, &(Pair){Color_blue, V("ab")}, VC},
    {"Pair green ef", Pair_wire, &(Pair_Hull){Color_green, V("ef")}, &(Pair){Color_green, V("ef")}, VC},
    {"WithB a b", WithB_wire, &(Rec3){.a = 1, .b_present = true}, &(WithB){.a = 1, .b_present = true}, 0},
    {"WithB a", WithB_wire, &(Rec3){.a = 1}, &(WithB){.a = 1}, VC},
    {"WithB a b c", WithB_wire, &(Rec3){.a = 1, .b_present = true, .c_present = true},
     &(WithB){.a = 1, .b_present = true, .c_present = true}, VC},
};

static void test_exact_wire(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int e = 0; e < NENC; e++) {
            int dec = -9, enc = -9;
            int rc = cases[i].fn[e](cases[i].hull, cases[i].value, &dec, &enc);
            if (rc != 0 || dec != cases[i].rc || enc != cases[i].rc)
                fprintf(stderr, "%s (%s): %d, decode %d, encode %d, expected %d\n", cases[i].name, enc_name[e], rc,
                        dec, enc, cases[i].rc);
            CU_ASSERT_EQUAL(rc, 0);
            CU_ASSERT_EQUAL(dec, cases[i].rc);
            CU_ASSERT_EQUAL(enc, cases[i].rc);
        }
}

/* The refusal names the component; its offset is where s's value starts:
 * in UPER the bit after w's 2 bits, in OER the octet after w's one (s's
 * length). */
static void test_wire_path(void)
{
    static const Pair_Hull h = {Color_green, V("ef")};
    static uint8_t mem[256];
    asn1rt_arena a;
    uint8_t b[16];
    size_t n = 0;
    Pair out;
    asn1rt_error err;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, mem, sizeof mem), 0);
    CU_ASSERT_EQUAL_FATAL(Pair_Hull_uper_encode(&h, b, sizeof b, &n), 0);
    ASSERT_REFUSED("Pair UPER", Pair_uper_decode_ex(&out, b, n, 0, &a, &err), &err, VC, 2, "s");
    CU_ASSERT_EQUAL_FATAL(Pair_Hull_oer_encode(&h, b, sizeof b, &n), 0);
    ASSERT_REFUSED("Pair OER", Pair_oer_decode_ex(&out, b, n, 0, NULL, &err), &err, VC, 1, "s");
}

int main(void)
{
    static const cunit_test tests[] = {
        { "exact sets through UPER, APER, OER: decode and encode refuse", test_exact_wire },
        { "a refused single value inside a SEQUENCE: path, offset", test_wire_path },
    };
    return CUNIT_MAIN("codegen-exact-wire", tests, CU_BRM_VERBOSE);
}
