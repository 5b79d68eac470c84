/* Fuzz target: the BER decoders asn1cc generates (--encodings ber) for
 * tests/codegen/ber.asn, one type per BER leniency.
 *
 * Input: one byte choosing the type, then the encoding.
 * Properties: whenever strict T_decode accepts, T_ber_decode accepts and
 * gives an equal value (BER is a superset of DER); whenever T_ber_decode
 * accepts, T_encode writes DER that T_decode accepts, and that DER read
 * back as BER encodes to the same DER (BER -> DER -> BER); a failing
 * T_ber_decode leaves the arena as it was; T_ber_decode, which skips the
 * walks it can, and T_ber_decode_ex, which does not, agree. */
#include <string.h>

#include "bertest.h"
#include "fuzz.h"

static _Alignas(16) uint8_t arena_buf[1 << 16], arena_ex[1 << 16];
static uint8_t der1[1 << 17], der2[1 << 17];

#define CHECK_TYPE(T)                                                                        \
    static void check_##T(const uint8_t *in, size_t n)                                       \
    {                                                                                        \
        static T strict, ber, back, ex;                                                      \
        asn1rt_arena a, ax;                                                                  \
        size_t l1 = 0, l2 = 0;                                                               \
        int d, b;                                                                            \
        FUZZ_REQUIRE(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf) == 0);              \
        FUZZ_REQUIRE(asn1rt_arena_init(&ax, arena_ex, sizeof arena_ex) == 0);               \
        d = T##_decode(&strict, in, n);                                                      \
        b = T##_ber_decode(&ber, in, n, &a);                                                 \
        FUZZ_REQUIRE(T##_ber_decode_ex(&ex, in, n, &ax, 0, NULL) == b);                      \
        if (b == 0)                                                                          \
            FUZZ_REQUIRE(T##_equal(&ber, &ex));                                              \
        if (b != 0)                                                                          \
            FUZZ_REQUIRE(a.used == 0);                                                       \
        if (d == 0)                                                                          \
            FUZZ_REQUIRE(b == 0 && T##_equal(&strict, &ber));                                \
        if (b != 0)                                                                          \
            return;                                                                          \
        d = T##_encode(&ber, der1, sizeof der1, &l1);                                        \
        if (d == ASN1RT_E_BUFFER_TOO_SMALL)                                                  \
            return;                                                                          \
        FUZZ_REQUIRE(d == 0);                                                                \
        FUZZ_REQUIRE(T##_decode(&strict, der1, l1) == 0);                                    \
        FUZZ_REQUIRE(T##_ber_decode(&back, der1, l1, &a) == 0);                              \
        FUZZ_REQUIRE(T##_encode(&back, der2, sizeof der2, &l2) == 0);                        \
        FUZZ_REQUIRE(l1 == l2 && memcmp(der1, der2, l1) == 0);                               \
    }

CHECK_TYPE(Rec)
CHECK_TYPE(Unordered)
CHECK_TYPE(Ext)
CHECK_TYPE(ExtSet)
CHECK_TYPE(Ch)
CHECK_TYPE(Small)
CHECK_TYPE(Nested)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void (*const check[])(const uint8_t *, size_t) = {
        check_Rec, check_Unordered, check_Ext, check_ExtSet, check_Ch, check_Small, check_Nested,
    };
    if (size < 1)
        return 0;
    check[data[0] % (sizeof check / sizeof check[0])](data + 1, size - 1);
    return 0;
}
