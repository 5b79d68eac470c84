/* fuzz_oer_ieee.c — a hand fuzz harness for the OER decoders of IEEE
 * 1609.2 / TS 103 097 (beside the generated per-type ones of
 * tests/fuzz/fuzz.mk, oer_*: this one tries 7 types and DER on each input
 * and every mutation of it): every input goes
 * through each type's T_oer_decode; what strict COER accepts must
 *  - re-encode to the identical octets (canonical: one encoding per value;
 *    unless it holds extension additions the schema does not know, which
 *    the decoder skips and ASN1RT_OER_KNOWN_ONLY refuses),
 *  - decode again to an equal value,
 *  - a Certificate (no recursive views, which hold OER) also survives DER:
 *    T_encode, T_decode, T_load_items, equal, and the same OER again.
 * FUZZ_ONE_MUTATIONS (the replay in make test): each input is also tried
 * with every single bit flipped and at every shorter length, so a seed
 * certificate gives a few thousand decodes of near-valid inputs. */
#include <string.h>

#include "fuzz.h"
#include "ieee1609dot2.h"

static uint8_t g_arena[3][16384];

#define OER_PROPS(T)                                                            \
    static void props_##T(const uint8_t *d, size_t n)                                          \
    {                                                                                          \
        T v, w;                                                                                \
        static uint8_t out[8192];                                                              \
        size_t len;                                                                            \
        asn1rt_arena a, b;                                                                     \
        FUZZ_REQUIRE(asn1rt_arena_init(&a, g_arena[0], sizeof g_arena[0]) == ASN1RT_OK);      \
        FUZZ_REQUIRE(asn1rt_arena_init(&b, g_arena[1], sizeof g_arena[1]) == ASN1RT_OK);      \
        if (T##_oer_decode(&v, d, n, &a) != ASN1RT_OK)                                         \
            return;                                                                            \
        FUZZ_REQUIRE(T##_oer_encode(&v, out, sizeof out, &len) == ASN1RT_OK);                  \
        /* Unknown extension additions are skipped: the one difference allowed. */             \
        if (len != n || memcmp(out, d, n) != 0)                                                \
            FUZZ_REQUIRE(T##_oer_decode_ex(&w, d, n, ASN1RT_OER_KNOWN_ONLY, &b, NULL) ==       \
                         ASN1RT_E_UNKNOWN_COMPONENT);                                          \
        FUZZ_REQUIRE(asn1rt_arena_init(&b, g_arena[1], sizeof g_arena[1]) == ASN1RT_OK);      \
        FUZZ_REQUIRE(T##_oer_decode(&w, out, len, &b) == ASN1RT_OK && T##_equal(&v, &w));      \
    }

static int load_cert(Certificate *c, asn1rt_arena *a)
{
    ToBeSignedCertificate *t = &c->toBeSigned;
    int rc = ASN1RT_OK;
    if (t->appPermissions_present && rc == ASN1RT_OK)
        rc = SequenceOfPsidSsp_load_items(&t->appPermissions, a);
    if (t->certIssuePermissions_present && rc == ASN1RT_OK)
        rc = SequenceOfPsidGroupPermissions_load_items(&t->certIssuePermissions, a);
    if (t->certRequestPermissions_present && rc == ASN1RT_OK)
        rc = SequenceOfPsidGroupPermissions_load_items(&t->certRequestPermissions, a);
    /* Deeper lists (regions, permissions' own lists) are left as DER:
     * re-encoding them to OER is refused, and that is not a finding. */
    return rc;
}

/* Certificate: its deeper DER lists cannot be loaded here, so its DER
 * leg runs only when the OER value has none of them. */
static bool cert_flat(const Certificate *c)
{
    const ToBeSignedCertificate *t = &c->toBeSigned;
    return !t->region_present && !t->certIssuePermissions_present && !t->certRequestPermissions_present;
}

OER_PROPS(Ieee1609Dot2Data)
OER_PROPS(Ieee1609Dot2Content)
OER_PROPS(SignedData)
OER_PROPS(ToBeSignedData)
OER_PROPS(HeaderInfo)
OER_PROPS(EncryptedData)
OER_PROPS(Certificate)

static void cert_der(const uint8_t *d, size_t n)
{
    Certificate v, w;
    static uint8_t der[16384], out[8192], oer[8192];
    size_t dn, len, on;
    asn1rt_arena a, c;
    FUZZ_REQUIRE(asn1rt_arena_init(&a, g_arena[0], sizeof g_arena[0]) == ASN1RT_OK);
    FUZZ_REQUIRE(asn1rt_arena_init(&c, g_arena[2], sizeof g_arena[2]) == ASN1RT_OK);
    /* An unknown CHOICE alternative is kept as its OER (tag and open
     * type), which has no DER form. With OER emitted T_check leaves views
     * unchecked, so such a value is written into the DER as it is and
     * strict DER decoding refuses it: the DER leg is for the values whose
     * DER decodes. */
    if (Certificate_oer_decode(&v, d, n, &a) != ASN1RT_OK || !cert_flat(&v) || Certificate_check(&v) != ASN1RT_OK)
        return;
    FUZZ_REQUIRE(Certificate_encode(&v, der, sizeof der, &dn) == ASN1RT_OK);
    if (Certificate_decode(&w, der, dn) != ASN1RT_OK)
        return;
    FUZZ_REQUIRE(Certificate_equal(&v, &w));
    FUZZ_REQUIRE(load_cert(&w, &c) == ASN1RT_OK);
    FUZZ_REQUIRE(Certificate_oer_encode(&w, out, sizeof out, &len) == ASN1RT_OK);
    /* The OER of v (the input, less any unknown extension additions). */
    FUZZ_REQUIRE(Certificate_oer_encode(&v, oer, sizeof oer, &on) == ASN1RT_OK);
    FUZZ_REQUIRE(len == on && memcmp(out, oer, on) == 0);
}

static void all_types(const uint8_t *d, size_t n)
{
    props_Ieee1609Dot2Data(d, n);
    props_Ieee1609Dot2Content(d, n);
    props_SignedData(d, n);
    props_ToBeSignedData(d, n);
    props_HeaderInfo(d, n);
    props_EncryptedData(d, n);
    props_Certificate(d, n);
    cert_der(d, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    all_types(data, size);
#ifdef FUZZ_ONE_MUTATIONS
    static uint8_t m[8192];
    if (size <= sizeof m) {
        memcpy(m, data, size);
        for (size_t i = 0; i < size * 8; i++) {
            m[i / 8] ^= (uint8_t)(1u << (i % 8));
            all_types(m, size);
            m[i / 8] ^= (uint8_t)(1u << (i % 8));
        }
        for (size_t k = 0; k < size; k++)
            all_types(m, k);
    }
#endif
    return 0;
}
