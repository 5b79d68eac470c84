/* test_constructs.c — generated code for tests/codegen/constructs.asn, one
 * construct per row: exact DER for hand-checked values, the error code for
 * bytes that must be rejected, and the round trip decode -> check ->
 * encode -> same bytes -> decode -> equal. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* open_memstream, scandir */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asn1rt/gen.h>

#include "cunit_run.h"
#include "refused.h"
#include "hex.h"
#include "codegenauto.h"
#include "codegenopen.h"
#include "codegentags.h"

/* ------------------------------------------------------------------ */
/* Hex helpers.                                                         */

static const char *tohex(const uint8_t *p, size_t n)
{
    static char buf[1024];
    for (size_t i = 0; i < n && 2 * i + 2 < sizeof buf; i++)
        snprintf(buf + 2 * i, 3, "%02X", p[i]);
    buf[n ? 2 * n : 0] = 0;
    return buf;
}

/* ------------------------------------------------------------------ */
/* Decode rows: bytes in, expected code out; on success the value must
 * survive check and re-encode to the same bytes.                       */

#define RT_ERR_CHECK 1000
#define RT_ERR_ENCODE 2000
#define RT_ERR_LEN 3000
#define RT_ERR_BYTES 4000
#define RT_ERR_EQUAL 5000

#define ROUNDTRIP(T)                                                                      \
    static int rt_##T(const uint8_t *der, size_t n, unsigned lax)                        \
    {                                                                                     \
        static T v, v2;                                                                   \
        uint8_t out[512];                                                                 \
        size_t olen;                                                                      \
        int rc = lax ? T##_decode_ex(&v, der, n, lax, NULL) : T##_decode(&v, der, n);     \
        if (rc != 0)                                                                      \
            return rc;                                                                    \
        if (T##_check(&v) != 0)                                                           \
            return RT_ERR_CHECK + T##_check(&v);                                          \
        rc = T##_encode(&v, out, sizeof out, &olen);                                      \
        if (rc != 0)                                                                      \
            return RT_ERR_ENCODE + rc;                                                    \
        if (T##_encoded_len(&v) != olen)                                                  \
            return RT_ERR_LEN;                                                            \
        if (!lax && (olen != n || memcmp(out, der, n) != 0))                              \
            return RT_ERR_BYTES;                                                          \
        /* (a lax decode may be re-encoded in another order: not compared) */            \
        if (T##_decode(&v2, out, olen) != 0 || (!lax && !T##_equal(&v, &v2)))             \
            return RT_ERR_EQUAL;                                                          \
        return 0;                                                                         \
    }

ROUNDTRIP(U8) ROUNDTRIP(U16) ROUNDTRIP(U32) ROUNDTRIP(U64) ROUNDTRIP(I8) ROUNDTRIP(I16)
ROUNDTRIP(I32) ROUNDTRIP(I64) ROUNDTRIP(Odd) ROUNDTRIP(Big) ROUNDTRIP(WithDefaults)
ROUNDTRIP(Flags) ROUNDTRIP(Alt) ROUNDTRIP(ExtV1) ROUNDTRIP(ExtV2) ROUNDTRIP(ChoiceV1)
ROUNDTRIP(ChoiceV2) ROUNDTRIP(Set1) ROUNDTRIP(SetOfBounded) ROUNDTRIP(SetOfList)
ROUNDTRIP(Bounded) ROUNDTRIP(Strings) ROUNDTRIP(Opt) ROUNDTRIP(Ex) ROUNDTRIP(Tagged)
ROUNDTRIP(Imp) ROUNDTRIP(Chosen) ROUNDTRIP(HighTag) ROUNDTRIP(WithAlg) ROUNDTRIP(WithInline)
ROUNDTRIP(MoreDefaults) ROUNDTRIP(WithNullDefault)

typedef struct decode_case {
    const char *name;
    int (*rt)(const uint8_t *der, size_t n, unsigned lax);
    const char *hex;
    unsigned lax;
    int expect;
} decode_case;

static const decode_case decode_cases[] = {
    /* every integer width: lo, hi accepted; lo-1, hi+1 rejected */
    { "U8 lo", rt_U8, "020100", 0, 0 },
    { "U8 hi", rt_U8, "020200FF", 0, 0 },
    { "U8 lo-1", rt_U8, "0201FF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U8 hi+1", rt_U8, "02020100", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U8 not minimal", rt_U8, "02020001", 0, ASN1RT_E_INTEGER_NOT_MINIMAL },
    { "U8 empty", rt_U8, "0200", 0, ASN1RT_E_INTEGER_EMPTY },
    { "U16 lo", rt_U16, "020100", 0, 0 },
    { "U16 hi", rt_U16, "020300FFFF", 0, 0 },
    { "U16 lo-1", rt_U16, "0201FF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U16 hi+1", rt_U16, "0203010000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U32 lo", rt_U32, "020100", 0, 0 },
    { "U32 hi", rt_U32, "020500FFFFFFFF", 0, 0 },
    { "U32 lo-1", rt_U32, "0201FF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U32 hi+1", rt_U32, "02050100000000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U64 lo", rt_U64, "020100", 0, 0 },
    { "U64 hi", rt_U64, "020900FFFFFFFFFFFFFFFF", 0, 0 },
    { "U64 lo-1", rt_U64, "0201FF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "U64 hi+1", rt_U64, "0209010000000000000000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I8 lo", rt_I8, "020180", 0, 0 },
    { "I8 hi", rt_I8, "02017F", 0, 0 },
    { "I8 lo-1", rt_I8, "0202FF7F", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I8 hi+1", rt_I8, "02020080", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I16 lo", rt_I16, "02028000", 0, 0 },
    { "I16 hi", rt_I16, "02027FFF", 0, 0 },
    { "I16 lo-1", rt_I16, "0203FF7FFF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I16 hi+1", rt_I16, "0203008000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I32 lo", rt_I32, "020480000000", 0, 0 },
    { "I32 hi", rt_I32, "02047FFFFFFF", 0, 0 },
    { "I32 lo-1", rt_I32, "0205FF7FFFFFFF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I32 hi+1", rt_I32, "02050080000000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I64 lo", rt_I64, "02088000000000000000", 0, 0 },
    { "I64 hi", rt_I64, "02087FFFFFFFFFFFFFFF", 0, 0 },
    { "I64 lo-1", rt_I64, "0209FF7FFFFFFFFFFFFFFF", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "I64 hi+1", rt_I64, "0209008000000000000000", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "Odd lo", rt_Odd, "0201FB", 0, 0 },
    { "Odd hi", rt_Odd, "0202012C", 0, 0 },
    { "Odd lo-1", rt_Odd, "0201FA", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "Odd hi+1", rt_Odd, "0202012D", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "Big 2^64", rt_Big, "0209010000000000000000", 0, 0 },
    { "Big -1", rt_Big, "0201FF", 0, 0 },
    /* DEFAULT: absent is the default; present with the default is not DER */
    { "defaults all absent", rt_WithDefaults, "3000", 0, 0 },
    { "default a present", rt_WithDefaults, "3003800104", 0, 0 },
    { "default b FALSE", rt_WithDefaults, "3003810100", 0, 0 },
    { "default c 5", rt_WithDefaults, "3003820105", 0, 0 },
    { "default d x", rt_WithDefaults, "3003830100", 0, 0 },
    { "default a encoded", rt_WithDefaults, "3003800103", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "default c encoded", rt_WithDefaults, "3003820107", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "default a encoded, lax", rt_WithDefaults, "3003800103", ASN1RT_LAX_DEFAULT, 0 },
    { "NULL DEFAULT NULL absent", rt_WithNullDefault, "3003810100", 0, 0 },
    { "NULL DEFAULT NULL encoded", rt_WithNullDefault, "30058000810100", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "NULL DEFAULT NULL encoded, lax", rt_WithNullDefault, "30058000810100", ASN1RT_LAX_DEFAULT, 0 },
    { "NULL DEFAULT NULL with content", rt_WithNullDefault, "3006800100810100", ASN1RT_LAX_DEFAULT, ASN1RT_E_NULL_CONTENT },
    { "default a out of range", rt_WithDefaults, "300380010B", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "enum d unknown", rt_WithDefaults, "3003830102", 0, ASN1RT_E_ENUM_VALUE },
    /* named bits */
    { "flags a,c", rt_Flags, "03020284", 0, 0 },
    { "flags empty", rt_Flags, "030100", 0, 0 },
    { "flags trailing zero", rt_Flags, "03020184", 0, ASN1RT_E_BITSTRING_TRAILING_ZERO },
    { "flags padding set", rt_Flags, "03020285", 0, ASN1RT_E_BITSTRING_PADDING },
    /* CHOICE alternatives */
    { "alt n", rt_Alt, "800105", 0, 0 },
    { "alt s", rt_Alt, "81026869", 0, 0 },
    { "alt q", rt_Alt, "A2038001FF", 0, 0 },
    { "alt e", rt_Alt, "8300", 0, 0 },
    { "alt unknown tag", rt_Alt, "8400", 0, ASN1RT_E_NO_ALTERNATIVE },
    { "alt empty input", rt_Alt, "", 0, ASN1RT_E_TRUNCATED },
    { "alt s not IA5", rt_Alt, "810180", 0, ASN1RT_E_STRING_ALPHABET },
    /* extension additions, known and unknown */
    { "extV2 with b", rt_ExtV2, "30068001018101FF", 0, 0 },
    { "extV2 without b", rt_ExtV2, "3003800101", 0, 0 },
    { "extV2 with b, c", rt_ExtV2, "300A8001018101FF82026869", 0, 0 },
    { "extV1 keeps unknown b", rt_ExtV1, "30068001018101FF", 0, 0 },
    { "extV1 keeps unknown b, c", rt_ExtV1, "300A8001018101FF82026869", 0, 0 },
    { "extV1 bad unknown", rt_ExtV1, "30058001018101", 0, ASN1RT_E_TRUNCATED },
    { "choiceV1 unknown alternative", rt_ChoiceV1, "8101FF", 0, 0 },
    { "choiceV2 known b", rt_ChoiceV2, "8101FF", 0, 0 },
    /* SET in tag order, SET OF in DER order */
    { "set in order", rt_Set1, "310A8001FF8102AABB820105", 0, 0 },
    { "set out of order", rt_Set1, "310A8201058001FF8102AABB", 0, ASN1RT_E_SET_ORDER },
    { "set component twice", rt_Set1, "310D8001FF8001FF8102AABB820105", 0, ASN1RT_E_DUPLICATE_COMPONENT },
    { "set last component twice", rt_Set1, "310D8001FF8102AABB820105820106", 0, ASN1RT_E_DUPLICATE_COMPONENT },
    { "set component missing", rt_Set1, "31078001FF8102AABB", 0, ASN1RT_E_MISSING_COMPONENT },
    { "set of sorted", rt_SetOfBounded, "310A04010104010204020101", 0, 0 },
    { "set of unsorted", rt_SetOfBounded, "310A04010204010104020101", 0, ASN1RT_E_SET_ORDER },
    { "set of unsorted, lax", rt_SetOfBounded, "310A04010204010104020101", ASN1RT_LAX_SET_ORDER, 0 },
    { "set of list sorted", rt_SetOfList, "3106020101020102", 0, 0 },
    { "set of list duplicate", rt_SetOfList, "3106020101020101", 0, 0 },
    { "set of list unsorted", rt_SetOfList, "3106020102020101", 0, ASN1RT_E_SET_ORDER },
    /* SEQUENCE OF: empty, maximal, too many, bad element */
    { "bounded empty", rt_Bounded, "3000", 0, 0 },
    { "bounded max", rt_Bounded, "3009020101020102020164", 0, 0 },
    { "bounded too many", rt_Bounded, "300C020101020102020164020100", 0, ASN1RT_E_SIZE_CONSTRAINT },
    { "bounded element range", rt_Bounded, "3003020165", 0, ASN1RT_E_VALUE_CONSTRAINT },
    { "strings empty", rt_Strings, "3000", 0, ASN1RT_E_SIZE_CONSTRAINT },
    { "strings one", rt_Strings, "30040C026869", 0, 0 },
    { "strings two UTF-8", rt_Strings, "30090C04C3A9C3A90C0178", 0, 0 },
    { "strings too long", rt_Strings, "30070C0568656C6C6F", 0, ASN1RT_E_SIZE_CONSTRAINT },
    { "strings bad UTF-8", rt_Strings, "30030C01FF", 0, ASN1RT_E_STRING_UTF8 },
    /* OPTIONAL */
    { "opt none", rt_Opt, "3000", 0, 0 },
    { "opt a", rt_Opt, "3003800105", 0, 0 },
    { "opt b (explicit CHOICE)", rt_Opt, "3005A103800105", 0, 0 },
    { "opt c", rt_Opt, "30048202AABB", 0, 0 },
    { "opt c size", rt_Opt, "30058203AABBCC", 0, ASN1RT_E_SIZE_CONSTRAINT },
    { "opt trailing element", rt_Opt, "3002 0500", 0, ASN1RT_E_UNKNOWN_COMPONENT },
    /* EXPLICIT / IMPLICIT tags */
    { "explicit and implicit", rt_Ex, "3008A0030201058101FF", 0, 0 },
    { "required component missing", rt_Ex, "3005A003020105", 0, ASN1RT_E_MISSING_COMPONENT },
    { "explicit wrapper empty", rt_Ex, "3005A0008101FF", 0, ASN1RT_E_MISSING_COMPONENT },
    { "explicit with application", rt_Ex, "300EA0030201058101FF65040402AABB", 0, 0 },
    { "tagged type", rt_Tagged, "630A3008A0030201058101FF", 0, 0 },
    { "implicit sequence", rt_Imp, "A403020107", 0, 0 },
    { "tagged choice i", rt_Chosen, "A203020105", 0, 0 },
    { "tagged choice b", rt_Chosen, "A2030101FF", 0, 0 },
    { "high tag number", rt_HighTag, "DF822C0107", 0, 0 },
    /* SEQUENCE-valued DEFAULT: absent, another value, the default itself */
    { "struct default absent", rt_WithAlg, "3000", 0, 0 },
    { "struct default other", rt_WithAlg, "300CA00A8003 2B6570 A103 020105", 0, 0 },
    { "struct default encoded", rt_WithAlg, "3011A00F8009 2A864886F70D010101 A102 0500", 0,
      ASN1RT_E_DEFAULT_ENCODED },
    { "inline default absent", rt_WithInline, "3000", 0, 0 },
    { "inline default other big", rt_WithInline, "300EA00C 8002012D 81026162 82020640", 0, 0 },
    { "inline default other bits", rt_WithInline, "300EA00C 8002012C 81026162 82020780", 0, 0 },
    { "inline default encoded", rt_WithInline, "300EA00C 8002012C 81026162 82020640", 0,
      ASN1RT_E_DEFAULT_ENCODED },
    /* DEFAULTs of every other kind: absent, the default itself (not DER), another value */
    { "more defaults absent", rt_MoreDefaults, "3000", 0, 0 },
    { "real 0 encoded", rt_MoreDefaults, "3002 8000", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "real 2.5 encoded (NR3 25.E-1)", rt_MoreDefaults, "3009 8107 033235 2E452D31", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "real 2.5 lax", rt_MoreDefaults, "3009 8107 033235 2E452D31", ASN1RT_LAX_DEFAULT, 0 },
    { "real other (1.E+0)", rt_MoreDefaults, "3008 8106 03312E452B30", 0, 0 },
    { "real base 2 encoded (3*2^3)", rt_MoreDefaults, "3005 8203 800303", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "generalized time encoded", rt_MoreDefaults, "3011 830F 3230303030313031303030303030 5A", 0,
      ASN1RT_E_DEFAULT_ENCODED },
    { "generalized time other", rt_MoreDefaults, "3011 830F 3230303130313031303030303030 5A", 0, 0 },
    { "utc time encoded", rt_MoreDefaults, "300F 840D 303030313031303030303030 5A", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "relative oid encoded", rt_MoreDefaults, "3004 8502 0304", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "relative oid other", rt_MoreDefaults, "3004 8502 0305", 0, 0 },
    { "choice encoded", rt_MoreDefaults, "3005 A603 800100", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "choice other alternative", rt_MoreDefaults, "3005 A603 810161", 0, 0 },
    { "array encoded", rt_MoreDefaults, "3008 A706 020101 020102", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "array other", rt_MoreDefaults, "3005 A703 020101", 0, 0 },
    { "list encoded", rt_MoreDefaults, "300B A809 020101 020102 020103", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "list other (empty)", rt_MoreDefaults, "3002 A800", 0, 0 },
    { "set of encoded (DER order)", rt_MoreDefaults, "3009 A907 020104 0202012C", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "set of other", rt_MoreDefaults, "3005 A903 020104", 0, 0 },
    { "128-bit encoded", rt_MoreDefaults, "300B 8A09 010000000000000000", 0, ASN1RT_E_DEFAULT_ENCODED },
    { "128-bit other", rt_MoreDefaults, "3003 8A01 01", 0, 0 },
    { "wrong tag", rt_Imp, "A503020107", 0, ASN1RT_E_UNEXPECTED_TAG },
    { "trailing bytes", rt_U8, "02010500", 0, ASN1RT_E_TRAILING_DATA },
    { "trailing bytes, lax", rt_U8, "02010500", ASN1RT_LAX_TRAILING, 0 },
};

static void test_decode_table(void)
{
    for (size_t i = 0; i < sizeof decode_cases / sizeof decode_cases[0]; i++) {
        const decode_case *c = &decode_cases[i];
        uint8_t der[256];
        size_t n = unhex(c->hex, der, sizeof der);
        int rc = c->rt(der, n, c->lax);
        if (rc != c->expect)
            printf("\n  %s: got %d, expected %d", c->name, rc, c->expect);
        CU_ASSERT_EQUAL(rc, c->expect);
    }
}

/* ------------------------------------------------------------------ */
/* Encode rows: values built in C, exact bytes (or error) out.          */

typedef int (*build_fn)(uint8_t *buf, size_t cap, size_t *len);

static const uint8_t b_aabb[] = { 0xAA, 0xBB }, b_aabbcc[] = { 0xAA, 0xBB, 0xCC }, b_01[] = { 0x01 },
                     b_02[] = { 0x02 }, b_0101[] = { 0x01, 0x01 }, b_84[] = { 0x84 }, b_8400[] = { 0x84, 0x00 },
                     b_05[] = { 0x05 };

static int enc_defaults_all(uint8_t *b, size_t c, size_t *l)
{
    WithDefaults v;
    WithDefaults_init(&v);
    return WithDefaults_encode(&v, b, c, l);
}
static int enc_defaults_some(uint8_t *b, size_t c, size_t *l)
{
    WithDefaults v;
    WithDefaults_init(&v);
    v.a = 10;
    v.d = WithDefaults_d_x;
    return WithDefaults_encode(&v, b, c, l);
}
static int enc_enum_unknown(uint8_t *b, size_t c, size_t *l)
{
    WithDefaults v;
    WithDefaults_init(&v);
    v.d = (WithDefaults_d)5;      /* not in the closed list */
    return WithDefaults_encode(&v, b, c, l);
}
/* The SEQUENCE-valued DEFAULT: init fills it in, encode omits it. */
static int enc_struct_default(uint8_t *b, size_t c, size_t *l)
{
    WithAlg v;
    WithAlg_init(&v);
    return WithAlg_encode(&v, b, c, l);
}
/* Every kind of DEFAULT: init fills each in, encode omits each. */
static int enc_more_defaults(uint8_t *b, size_t c, size_t *l)
{
    MoreDefaults v;
    MoreDefaults_init(&v);
    return MoreDefaults_encode(&v, b, c, l);
}
static const uint8_t b_ed25519[] = { 0x2B, 0x65, 0x70 };
static int enc_struct_other(uint8_t *b, size_t c, size_t *l)
{
    WithAlg v;
    WithAlg_init(&v);
    v.alg.algorithm = (asn1rt_view){ b_ed25519, sizeof b_ed25519 };
    v.alg.parameters_present = false;
    v.n = 2;
    return WithAlg_encode(&v, b, c, l);
}
static const uint8_t b_c1[] = { 0xC1 };
static int enc_bits_padding(uint8_t *b, size_t c, size_t *l)
{
    RawBits v = { b_c1, 1, 1 };   /* unused bit set */
    return RawBits_encode(&v, b, c, l);
}
static int enc_bits_clean(uint8_t *b, size_t c, size_t *l)
{
    RawBits v = { b_c1, 1, 0 };
    return RawBits_encode(&v, b, c, l);
}
static int enc_defaults_range(uint8_t *b, size_t c, size_t *l)
{
    WithDefaults v;
    WithDefaults_init(&v);
    v.a = 11;
    return WithDefaults_encode(&v, b, c, l);
}
static int enc_flags_trim(uint8_t *b, size_t c, size_t *l)
{
    Flags v = { b_8400, 2, 0 };   /* a and c set, then eleven zero bits */
    return Flags_encode(&v, b, c, l);
}
static int enc_flags_plain(uint8_t *b, size_t c, size_t *l)
{
    Flags v = { b_84, 1, 0 };
    return Flags_encode(&v, b, c, l);
}
static int enc_u8_range(uint8_t *b, size_t c, size_t *l)
{
    U8 v = 255;
    return U8_encode(&v, b, c, l);
}
static int enc_odd_lo(uint8_t *b, size_t c, size_t *l)
{
    Odd v = -5;
    return Odd_encode(&v, b, c, l);
}
static int enc_odd_below(uint8_t *b, size_t c, size_t *l)
{
    Odd v = -6;
    return Odd_encode(&v, b, c, l);
}
static int enc_i64_lo(uint8_t *b, size_t c, size_t *l)
{
    I64 v = INT64_MIN;
    return I64_encode(&v, b, c, l);
}
static int enc_u64_hi(uint8_t *b, size_t c, size_t *l)
{
    U64 v = UINT64_MAX;
    return U64_encode(&v, b, c, l);
}
static int enc_set(uint8_t *b, size_t c, size_t *l)
{
    Set1 v;
    Set1_init(&v);
    v.z.ptr = b_05;
    v.z.len = 1;
    v.a = true;
    v.m.ptr = b_aabb;
    v.m.len = 2;
    return Set1_encode(&v, b, c, l);
}
static int enc_set_of(uint8_t *b, size_t c, size_t *l)
{
    SetOfBounded v;
    SetOfBounded_init(&v);
    v.count = 3;
    v.items[0].ptr = b_02;
    v.items[0].len = 1;
    v.items[1].ptr = b_0101;
    v.items[1].len = 2;
    v.items[2].ptr = b_01;
    v.items[2].len = 1;
    return SetOfBounded_encode(&v, b, c, l);
}
static int enc_bounded_max(uint8_t *b, size_t c, size_t *l)
{
    Bounded v = { 3, { 1, 2, 100 } };
    return Bounded_encode(&v, b, c, l);
}
static int enc_bounded_empty(uint8_t *b, size_t c, size_t *l)
{
    Bounded v = { 0, { 0, 0, 0 } };
    return Bounded_encode(&v, b, c, l);
}
static int enc_bounded_over(uint8_t *b, size_t c, size_t *l)
{
    Bounded v = { 4, { 1, 2, 3 } };
    return Bounded_encode(&v, b, c, l);
}
static int enc_alt_none(uint8_t *b, size_t c, size_t *l)
{
    Alt v;
    Alt_init(&v);                 /* no alternative chosen */
    return Alt_encode(&v, b, c, l);
}
static int enc_alt_q(uint8_t *b, size_t c, size_t *l)
{
    Alt v;
    Alt_init(&v);
    v.present = Alt_PR_q;
    v.u.q.x = true;
    return Alt_encode(&v, b, c, l);
}
static int enc_opt_size(uint8_t *b, size_t c, size_t *l)
{
    Opt v;
    Opt_init(&v);
    v.c_present = true;
    v.c.ptr = b_aabbcc;
    v.c.len = 3;
    return Opt_encode(&v, b, c, l);
}
static int enc_opt_b(uint8_t *b, size_t c, size_t *l)
{
    Opt v;
    Opt_init(&v);
    v.b_present = true;
    v.b.present = Alt_PR_e;
    return Opt_encode(&v, b, c, l);
}
static int enc_tagged(uint8_t *b, size_t c, size_t *l)
{
    Tagged v;
    Tagged_init(&v);
    v.a.ptr = b_05;
    v.a.len = 1;
    v.b = true;
    v.c_present = true;
    v.c.ptr = b_aabb;
    v.c.len = 2;
    return Tagged_encode(&v, b, c, l);
}
static int enc_hightag(uint8_t *b, size_t c, size_t *l)
{
    HighTag v = 300;
    return HighTag_encode(&v, b, c, l);
}
static int enc_short_buffer(uint8_t *b, size_t c, size_t *l)
{
    Tagged v;
    (void)c;
    Tagged_init(&v);
    v.a.ptr = b_05;
    v.a.len = 1;
    return Tagged_encode(&v, b, 5, l);
}

typedef struct encode_case {
    const char *name;
    build_fn build;
    const char *hex;   /* expected bytes when expect == 0 */
    int expect;
} encode_case;

static const encode_case encode_cases[] = {
    { "defaults omitted", enc_defaults_all, "3000", 0 },
    { "non-defaults written", enc_defaults_some, "300680010A830100", 0 },
    { "struct default omitted", enc_struct_default, "3000", 0 },
    { "every kind of default omitted", enc_more_defaults, "3000", 0 },
    { "struct non-default written", enc_struct_other, "300AA00580032B6570810102", 0 },
    { "integer over range", enc_defaults_range, NULL, ASN1RT_E_VALUE_CONSTRAINT },
    { "enumerated not in list", enc_enum_unknown, NULL, ASN1RT_E_ENUM_VALUE },
    { "bit string padding set", enc_bits_padding, NULL, ASN1RT_E_BITSTRING_PADDING },
    { "bit string padding clear", enc_bits_clean, "030200C1", 0 },
    { "named bits trimmed", enc_flags_trim, "03020284", 0 },
    { "named bits", enc_flags_plain, "03020284", 0 },
    { "u8 255", enc_u8_range, "020200FF", 0 },
    { "odd -5", enc_odd_lo, "0201FB", 0 },
    { "odd -6", enc_odd_below, NULL, ASN1RT_E_VALUE_CONSTRAINT },
    { "i64 min", enc_i64_lo, "02088000000000000000", 0 },
    { "u64 max", enc_u64_hi, "020900FFFFFFFFFFFFFFFF", 0 },
    { "set in tag order", enc_set, "310A8001FF8102AABB820105", 0 },
    { "set of sorted", enc_set_of, "310A04010104010204020101", 0 },
    { "sequence of max", enc_bounded_max, "3009020101020102020164", 0 },
    { "sequence of empty", enc_bounded_empty, "3000", 0 },
    { "sequence of over", enc_bounded_over, NULL, ASN1RT_E_SIZE_CONSTRAINT },
    { "choice unset", enc_alt_none, NULL, ASN1RT_E_BAD_CHOICE },
    { "choice q", enc_alt_q, "A2038001FF", 0 },
    { "size constraint", enc_opt_size, NULL, ASN1RT_E_SIZE_CONSTRAINT },
    { "explicit tag on CHOICE", enc_opt_b, "3004A1028300", 0 },
    { "application tags", enc_tagged, "6310300EA0030201058101FF65040402AABB", 0 },
    { "high tag number", enc_hightag, "DF822C02012C", 0 },
    { "buffer too small", enc_short_buffer, NULL, ASN1RT_E_BUFFER_TOO_SMALL },
};

static void test_encode_table(void)
{
    for (size_t i = 0; i < sizeof encode_cases / sizeof encode_cases[0]; i++) {
        const encode_case *c = &encode_cases[i];
        uint8_t buf[256];
        size_t len = 0;
        int rc = c->build(buf, sizeof buf, &len);
        if (rc != c->expect)
            printf("\n  %s: got %d, expected %d", c->name, rc, c->expect);
        CU_ASSERT_EQUAL(rc, c->expect);
        if (rc == 0 && c->hex) {
            const char *got = tohex(buf, len);
            if (strcmp(got, c->hex) != 0)
                printf("\n  %s: got %s, expected %s", c->name, got, c->hex);
            CU_ASSERT_STRING_EQUAL(got, c->hex);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Error reports: code, offset and component path.                     */

typedef struct error_case {
    const char *name;
    int (*decode_ex)(const uint8_t *der, size_t n, asn1rt_error *err);
    const char *hex;
    int code;
    size_t offset;
    const char *path;
} error_case;

static int ex_opt(const uint8_t *d, size_t n, asn1rt_error *e)
{
    Opt v;
    return Opt_decode_ex(&v, d, n, 0, e);
}
static int ex_tagged(const uint8_t *d, size_t n, asn1rt_error *e)
{
    Tagged v;
    return Tagged_decode_ex(&v, d, n, 0, e);
}
static int ex_strings(const uint8_t *d, size_t n, asn1rt_error *e)
{
    Strings v;
    return Strings_decode_ex(&v, d, n, 0, e);
}

static const error_case error_cases[] = {
    { "choice inside optional", ex_opt, "3005A103840105", ASN1RT_E_NO_ALTERNATIVE, 4, "b" },
    { "alternative content", ex_opt, "3006A1048102FF00", ASN1RT_E_STRING_ALPHABET, 6, "b.s" },
    { "explicit component", ex_tagged, "630A3008A1030201058101FF", ASN1RT_E_UNEXPECTED_TAG, 4, "a" },
    { "boolean value", ex_tagged, "630A3008A0030201058101AA", ASN1RT_E_BOOLEAN_VALUE, 11, "b" },
    { "element of list", ex_strings, "30030C01FF", ASN1RT_E_STRING_UTF8, 4, "" },
};

static void test_error_table(void)
{
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        const error_case *c = &error_cases[i];
        uint8_t der[256];
        size_t n = unhex(c->hex, der, sizeof der);
        asn1rt_error err;
        ASSERT_REFUSED(c->name, c->decode_ex(der, n, &err), &err, c->code, c->offset, c->path);
    }
}

/* ------------------------------------------------------------------ */
/* JER text.                                                            */

static void test_print(void)
{
    static const struct { const char *name; const char *hex; const char *jer; } cases[] = {
        { "defaults", "3003800104", "{\"a\":4,\"b\":true,\"c\":7,\"d\":\"y\"}" },
        { "opt b", "3005A103800105", "{\"b\":{\"n\":5}}" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t der[64];
        size_t n = unhex(cases[i].hex, der, sizeof der);
        char *text = NULL;
        size_t tl = 0;
        FILE *f = open_memstream(&text, &tl);
        int rc;
        if (i == 0) {
            WithDefaults v;
            rc = WithDefaults_decode(&v, der, n);
            CU_ASSERT_EQUAL(WithDefaults_print(f, &v), 0);
        } else {
            Opt v;
            rc = Opt_decode(&v, der, n);
            CU_ASSERT_EQUAL(Opt_print(f, &v), 0);
        }
        fclose(f);
        CU_ASSERT_EQUAL(rc, 0);
        if (strcmp(text, cases[i].jer) != 0)
            printf("\n  %s: got %s", cases[i].name, text);
        CU_ASSERT_STRING_EQUAL(text, cases[i].jer);
        free(text);
    }
}


/* ------------------------------------------------------------------ */
/* The inline fast paths of asn1rt/gen.h may only accept what the runtime
 * accepts (they hand everything else to it). Random and edge inputs.   */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint8_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint8_t)rng_state;
}

static void test_fast_paths(void)
{
    static const unsigned types[] = { ASN1RT_UT_PRINTABLESTRING, ASN1RT_UT_IA5STRING, ASN1RT_UT_UTF8STRING };
    static const char *const times[] = {
        "491231235959Z", "500101000000Z", "000229120000Z", "010229120000Z", "991231235960Z",
        "991331235959Z", "990431000000Z", "99043000000Z", "9904300000000", "20000229000000Z",
        "21000229000000Z", "19000228235959Z", "20240229000000Z", "20230229000000Z", "2023022900000Z",
        "20231131000000Z", "20231130240000Z", "20231130236000Z", "00000101000000Z", "99991231235959Z",
        "000229000000Z", "040229000000Z", "480229000000Z", "500229000000Z", "520229235959Z", "000000000000Z",
        "991200000000Z", "99123123595:Z", "9912312359/9Z", "99123123 959Z", "9:1231235959Z", "99:231235959Z",
        "00000229000000Z", "19000229000000Z", "24000229000000Z", "20240228000000Z", "2O231130000000Z",
        "2:231130000000Z", "20231130000000z", "20231131000000Z", "20230931000000Z", "20231232000000Z",
        "20231200000000Z", "20230012000000Z", "20231301000000Z", "2023123123595.9Z", "20231231235959",
    };
    uint8_t area[96], *buf;
    int fast_strings = 0, fast_oids = 0, fast_times = 0;
    /* Each octet value at each place of strings of 1..40 octets, the rest
     * valid: the word-at-a-time checks must see every octet, whatever the
     * length (short packs, overlapping tails, the loop), and are exact for
     * PrintableString and IA5String. */
    for (size_t n = 1; n <= 40; n++) {
        for (size_t off = 0; off <= 16; off += 8) {          /* how much input precedes */
            uint8_t *s = area + off;
            for (size_t at = 0; at < n; at++) {
                for (unsigned b = 0; b < 256; b++) {
                    memset(area, 0x80, sizeof area);          /* neither printable nor ASCII */
                    memset(s, 'a', n);
                    s[at] = (uint8_t)b;
                    for (size_t t = 0; t < 2; t++) {
                        bool fast = asn1g_string_fast_ok(types[t], area, s, n);
                        if (fast != (asn1rt_check_string(types[t], s, n) == 0))
                            CU_FAIL("string fast path not exact");
                    }
                }
            }
        }
    }
    for (int iter = 0; iter < 200000; iter++) {
        size_t n = rnd() % 41;
        buf = area + iter % 24;
        memset(area, 0x80, sizeof area);
        for (size_t i = 0; i < n; i++) {
            uint8_t b = rnd();
            /* bias towards the interesting region */
            buf[i] = (iter & 1) ? (uint8_t)(b & 0x7F) : (iter & 2) ? (uint8_t)(0x20 + b % 0x60) : b;
        }
        for (size_t t = 0; t < 3; t++) {
            if (asn1g_string_fast_ok(types[t], area, buf, n)) {
                fast_strings++;
                CU_ASSERT_EQUAL(asn1rt_check_string(types[t], buf, n), 0);
            } else if (t < 2) {
                CU_ASSERT_NOT_EQUAL(asn1rt_check_string(types[t], buf, n), 0);
            }
        }
        /* OIDs: mostly small arcs, some 0x80 octets */
        for (size_t i = 0; i < n; i++)
            buf[i] = (rnd() & 3) ? (uint8_t)(rnd() & 0x7F) : (uint8_t)(0x80 | (rnd() & 3));
        if (asn1g_oid_fast_ok(area, buf, n)) {
            fast_oids++;
            CU_ASSERT_EQUAL(asn1rt_check_oid(buf, n), 0);
        } else if (n > 0) {
            CU_ASSERT_NOT_EQUAL(asn1rt_check_oid(buf, n), 0);   /* the fast check is exact */
        }
    }
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        asn1rt_view v = { (const uint8_t *)times[i], strlen(times[i]) };
        asn1rt_time t;
        unsigned u = v.len <= 13 ? ASN1RT_UT_UTCTIME : ASN1RT_UT_GENERALIZEDTIME;
        bool fast = asn1g_time_fast_ok(u, v.ptr, v.len);
        int rc = asn1rt_time_parse(u, &v, &t);
        if (fast != (rc == 0))
            printf("\n  time %s: fast %d, runtime %d", times[i], fast, rc);
        CU_ASSERT_EQUAL(fast, rc == 0);
        fast_times += fast;
    }
    /* ANY: the inline path and the slow path give the same answer. */
    for (int iter = 0; iter < 200000; iter++) {
        static const uint8_t ids[] = { 0x13, 0x0C, 0x16, 0x05, 0x06, 0x01, 0x02, 0x30, 0x04 };
        size_t n = rnd() % 8;
        asn1rt_reader r1, r2;
        asn1rt_view v1, v2;
        int rc1, rc2;
        buf[0] = ids[rnd() % sizeof ids];
        buf[1] = (uint8_t)((rnd() & 7) == 0 ? rnd() : n);
        for (size_t i = 0; i < n; i++)
            buf[2 + i] = (iter & 1) ? (uint8_t)(0x20 + rnd() % 0x60) : rnd();
        asn1g_reader_init(&r1, buf, n + 2, 0);
        asn1g_reader_init(&r2, buf, n + 2, 0);
        rc1 = asn1g_read_any(&r1, &v1);
        rc2 = asn1g_read_any_slow(&r2, &v2);
        CU_ASSERT_EQUAL(rc1, rc2);
        if (rc1 == 0 && rc2 == 0)
            CU_ASSERT(v1.ptr == v2.ptr && v1.len == v2.len && r1.cur == r2.cur);
    }
    printf("\n  fast paths taken: %d strings, %d OIDs, %d of %zu times ", fast_strings, fast_oids, fast_times,
           sizeof times / sizeof times[0]);
    CU_ASSERT(fast_strings > 1000 && fast_oids > 1000 && fast_times >= 8);
}

/* ------------------------------------------------------------------ */
/* Open type under a table constraint: decoded by its identifier.       */

static void test_open_type(void)
{
    static const struct {
        const char *name, *hex;
        int rc;
        AlgorithmIdentifier_parameters_KIND kind;
    } cases[] = {
        { "ec named curve", "30158007 2A8648CE3D0201 A10A 8008 2A8648CE3D030107", 0, AlgorithmIdentifier_parameters_KIND_ec },
        { "rsa NULL", "300F8009 2A864886F70D010101 A102 0500", 0, AlgorithmIdentifier_parameters_KIND_rsa },
        { "inline INTEGER", "300A8003 2B6570 A103 020105", 0, AlgorithmIdentifier_parameters_KIND_object3 },
        { "inline INTEGER range", "300B8003 2B6570 A104 0202012C", ASN1RT_E_VALUE_CONSTRAINT,
          AlgorithmIdentifier_parameters_KIND_object3 },
        { "rsa with wrong type", "30108009 2A864886F70D010101 A103 020100", ASN1RT_E_UNEXPECTED_TAG,
          AlgorithmIdentifier_parameters_KIND_rsa },
        { "unknown identifier", "30098002 2A03 A103 020105", ASN1RT_E_UNKNOWN_OPEN_TYPE,
          AlgorithmIdentifier_parameters_KIND_NONE },
        { "absent", "30058003 2B6570", ASN1RT_E_MISSING_COMPONENT, AlgorithmIdentifier_parameters_KIND_NONE },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t der[64];
        size_t n = unhex(cases[i].hex, der, sizeof der);
        AlgorithmIdentifier ai;
        AlgorithmIdentifier_parameters_open p;
        int rc;
        CU_ASSERT_EQUAL_FATAL(AlgorithmIdentifier_decode(&ai, der, n), 0);
        rc = AlgorithmIdentifier_parameters_decode_open(&ai, &p);
        if (rc != cases[i].rc)
            printf("\n  %s: got %d, expected %d", cases[i].name, rc, cases[i].rc);
        CU_ASSERT_EQUAL(rc, cases[i].rc);
        if (rc == 0 || cases[i].rc != ASN1RT_E_UNKNOWN_OPEN_TYPE)
            CU_ASSERT_EQUAL(p.kind, cases[i].kind);
        if (i == 0)
            CU_ASSERT(p.u.ec.present == ECParams_PR_named && p.u.ec.u.named.len == 8);
        if (i == 2)
            CU_ASSERT_EQUAL(p.u.object3, 5);
    }
}

/* The writer fast paths of gen.h must produce the runtime's bytes:
 * asn1g_put_int (octet count from the leading sign bits, no loop) against
 * asn1rt_prepend_int64 at every power-of-two edge and on random values,
 * and asn1g_finish (inline moves up to 16 octets, memmove beyond) for every
 * length and a few start offsets. */
static int64_t rnd64(void)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = (v << 8) | rnd();
    return (int64_t)(v >> (rnd() % 64));   /* every magnitude */
}

static void check_put_int(int64_t v)
{
    uint8_t a[32], b[32];
    asn1rt_writer wa, wb;
    asn1rt_writer_init(&wa, a, sizeof a);
    asn1rt_writer_init(&wb, b, sizeof b);
    CU_ASSERT_EQUAL_FATAL(asn1g_put_int(&wa, ASN1RT_TAG(2, 0, 5), v), ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_prepend_int64(&wb, ASN1RT_TAG(2, 0, 5), v), ASN1RT_OK);
    size_t na = (size_t)(a + sizeof a - wa.pos), nb = (size_t)(b + sizeof b - wb.pos);
    CU_ASSERT_EQUAL(na, nb);
    if (na != nb || memcmp(wa.pos, wb.pos, na) != 0) {
        CU_FAIL("asn1g_put_int differs from asn1rt_prepend_int64");
        fprintf(stderr, "  value %lld\n", (long long)v);
    }
}

static void test_writer_fast_paths(void)
{
    for (int k = 0; k < 63; k++) {
        int64_t p = (int64_t)1 << k;
        const int64_t edges[] = { p - 1, p, p + 1, -p - 1, -p, -p + 1 };
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            check_put_int(edges[i]);
    }
    check_put_int(INT64_MIN);
    check_put_int(INT64_MIN + 1);
    check_put_int(INT64_MAX);
    for (int i = 0; i < 100000; i++)
        check_put_int(rnd64());

    for (size_t n = 0; n <= 64; n++) {
        for (size_t gap = 0; gap <= 9; gap++) {
            uint8_t buf[128], want[64];
            asn1rt_writer w;
            size_t cap = n + gap;
            for (size_t i = 0; i < sizeof buf; i++)
                buf[i] = (uint8_t)(0xA5 ^ i);
            for (size_t i = 0; i < n; i++)
                want[i] = buf[cap - n + i];
            w.start = buf;
            w.pos = buf + cap - n;
            CU_ASSERT_EQUAL(asn1g_finish(&w, buf, cap), n);
            CU_ASSERT(memcmp(buf, want, n) == 0);
            CU_ASSERT_EQUAL(buf[cap], (uint8_t)(0xA5 ^ cap));  /* nothing past the end */
        }
    }
}

int main(void)
{
    static const cunit_test tests[] = {
        { "decode table (exact bytes, codes, round trip)", test_decode_table },
        { "encode table (values to exact bytes)", test_encode_table },
        { "error reports (code, offset, path)", test_error_table },
        { "JER print", test_print },
        { "open type decoded by its table constraint", test_open_type },
        { "gen.h fast paths accept only what the runtime accepts", test_fast_paths },
        { "gen.h writer fast paths write the runtime's bytes", test_writer_fast_paths },
    };
    return CUNIT_MAIN("codegen-constructs", tests, CU_BRM_VERBOSE);
}
