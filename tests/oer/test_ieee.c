/* test_ieee.c — asn1cc's OER on IEEE 1609.2 / ETSI TS 103 097 (the modules
 * in schemas/ieee/, unedited, compiled with --encodings der,oer):
 *  - the signature over the encoding: an explicit certificate signed with
 *    OpenSSL's ECDSA P-256 over the COER of its ToBeSignedCertificate
 *    (IEEE 1609.2 5.3.1: SHA-256(SHA-256(tbs) || SHA-256(signer input)),
 *    the signer input empty for a self-signed certificate), decoded back
 *    and verified over the re-encoded ToBeSignedCertificate; a changed
 *    octet must fail verification;
 *  - cross-encoding: random certificates, OER and DER decode(encode(v))
 *    equal to v and OER re-encoding to the same octets;
 *  - with an argument DIR: writes DIR/spdu.txt (text2pcap input of a signed
 *    SPDU whose signer is that certificate) and DIR/expect.txt (Wireshark
 *    field, value) for tests/oer/tshark.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/sha.h>

#include "cunit_run.h"
#include "ieee1609dot2.h"

/* ------------------------------------------------------------------ signing */

static EVP_PKEY *g_key;
static uint8_t g_pub[33];   /* compressed point: 02/03 || x */

static void key_init(void)
{
    size_t n = 0;
    g_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    if (g_key == NULL ||
        EVP_PKEY_set_utf8_string_param(g_key, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "compressed") != 1 ||
        EVP_PKEY_get_octet_string_param(g_key, OSSL_PKEY_PARAM_PUB_KEY, g_pub, sizeof g_pub, &n) != 1 || n != 33)
        abort();
}

/* IEEE 1609.2 5.3.1: the digest ECDSA signs. */
static void digest_1609(const uint8_t *tbs, size_t n, const uint8_t *signer, size_t sn, uint8_t out[32])
{
    uint8_t two[64];
    SHA256(tbs, n, two);
    SHA256(signer, sn, two + 32);
    SHA256(two, sizeof two, out);
}

static void sign_digest(const uint8_t e[32], uint8_t r[32], uint8_t s[32])
{
    uint8_t der[80];
    size_t dl = sizeof der;
    const uint8_t *p = der;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(g_key, NULL);
    ECDSA_SIG *sig;
    if (c == NULL || EVP_PKEY_sign_init(c) != 1 || EVP_PKEY_sign(c, der, &dl, e, 32) != 1)
        abort();
    EVP_PKEY_CTX_free(c);
    if ((sig = d2i_ECDSA_SIG(NULL, &p, (long)dl)) == NULL ||
        BN_bn2binpad(ECDSA_SIG_get0_r(sig), r, 32) != 32 || BN_bn2binpad(ECDSA_SIG_get0_s(sig), s, 32) != 32)
        abort();
    ECDSA_SIG_free(sig);
}

/* Verifies (r, s) over e with the public key given as a compressed point. */
static bool verify_digest(const uint8_t pub[33], const uint8_t e[32], const uint8_t r[32], const uint8_t s[32])
{
    OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *fc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL), *vc;
    EVP_PKEY *pk = NULL;
    ECDSA_SIG *sig = ECDSA_SIG_new();
    uint8_t der[80], *dp = der;
    int dl, ok;
    if (b == NULL || fc == NULL || sig == NULL ||
        OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, pub, 33) != 1 ||
        (params = OSSL_PARAM_BLD_to_param(b)) == NULL || EVP_PKEY_fromdata_init(fc) != 1 ||
        EVP_PKEY_fromdata(fc, &pk, EVP_PKEY_PUBLIC_KEY, params) != 1)
        abort();
    if (ECDSA_SIG_set0(sig, BN_bin2bn(r, 32, NULL), BN_bin2bn(s, 32, NULL)) != 1 || (dl = i2d_ECDSA_SIG(sig, &dp)) <= 0)
        abort();
    if ((vc = EVP_PKEY_CTX_new(pk, NULL)) == NULL || EVP_PKEY_verify_init(vc) != 1)
        abort();
    ok = EVP_PKEY_verify(vc, der, (size_t)dl, e, 32) == 1;
    EVP_PKEY_CTX_free(vc);
    EVP_PKEY_CTX_free(fc);
    EVP_PKEY_free(pk);
    ECDSA_SIG_free(sig);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(b);
    return ok;
}

/* ------------------------------------------------------------------ values */

static uint64_t g_rng = 0x9E3779B97F4A7C15u;
static uint32_t rnd(uint32_t n)   /* xorshift64*: the same values on every run */
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return (uint32_t)((g_rng * 0x2545F4914F6CDD1Du) >> 33) % n;
}

/* Storage a certificate's views and lists point into. */
typedef struct cert_store {
    uint8_t bytes[256];
    PsidSsp perms[4];
    uint8_t psid[4][3];
    uint8_t r[32], s[32];
} cert_store;

static const char HOST[] = "asn1cc.example";
static const uint8_t PSID_CAM[] = { 0x24 };  /* 36: CA basic service (ETSI TS 102 965) */

/* An explicit, self-signed certificate (TS 103 097 6: issuer self, a name,
 * an application permission, a P-256 verification key); random ones vary
 * every field whose type has a choice. */
static void cert_fill(Certificate *c, cert_store *st, bool random)
{
    CertificateBase_init(c);
    c->version = 3;
    c->type = CertificateType_explicit;
    c->issuer.present = IssuerIdentifier_PR_self;
    c->issuer.u.self = HashAlgorithm_sha256;
    ToBeSignedCertificate *t = &c->toBeSigned;
    if (!random || rnd(2)) {
        t->id.present = CertificateId_PR_name;
        t->id.u.name = (asn1rt_view){ (const uint8_t *)HOST, random ? rnd(sizeof HOST) : sizeof HOST - 1 };
    } else {
        t->id.present = CertificateId_PR_binaryId;
        t->id.u.binaryId = (asn1rt_view){ st->bytes, 1 + rnd(64) };   /* SIZE (1..64) */
    }
    for (size_t i = 0; i < sizeof st->bytes; i++)
        st->bytes[i] = random ? (uint8_t)rnd(256) : (uint8_t)i;
    memcpy(st->r, st->bytes + 128, 32);   /* signed later, or random */
    memcpy(st->s, st->bytes + 160, 32);
    t->cracaId = (asn1rt_view){ st->bytes + 100, 3 };
    t->crlSeries = random ? (uint16_t)rnd(65536) : 4;
    t->validityPeriod.start = random ? (uint32_t)rnd(0xFFFFFFFFu) : 600000000u;
    t->validityPeriod.duration.present = random ? (Duration_PR)(1 + rnd(7)) : Duration_PR_hours;
    t->validityPeriod.duration.u.hours = random ? (uint16_t)rnd(65536) : 168;   /* every alternative is a Uint16 */
    if (random && rnd(2)) {
        t->assuranceLevel_present = true;
        t->assuranceLevel = (asn1rt_view){ st->bytes + 10, 1 };
    }
    size_t np = random ? rnd(5) : 1;
    for (size_t i = 0; i < np; i++) {
        PsidSsp *p = &st->perms[i];
        PsidSsp_init(p);
        if (!random) {
            p->psid = (asn1rt_bigint){ PSID_CAM, 1 };
        } else {
            /* A minimal non-negative two's complement value of 1..3 octets. */
            size_t n = 1 + rnd(3);
            for (size_t k = 0; k < n; k++)
                st->psid[i][k] = (uint8_t)rnd(256);
            st->psid[i][0] &= 0x7F;
            if (n > 1 && st->psid[i][0] == 0)
                st->psid[i][0] = 1;
            p->psid = (asn1rt_bigint){ st->psid[i], n };
        }
        if (random && rnd(2)) {
            p->ssp_present = true;
            p->ssp.present = ServiceSpecificPermissions_PR_opaque;
            p->ssp.u.opaque = (asn1rt_view){ st->bytes + 20, rnd(20) };
        }
    }
    if (np > 0) {
        t->appPermissions_present = true;
        t->appPermissions.items = st->perms;
        t->appPermissions.count = np;
    }
    t->verifyKeyIndicator.present = VerificationKeyIndicator_PR_verificationKey;
    t->verifyKeyIndicator.u.verificationKey.present = PublicVerificationKey_PR_ecdsaNistP256;
    EccP256CurvePoint *k = &t->verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256;
    k->present = !random ? (g_pub[0] == 2 ? EccP256CurvePoint_PR_compressed_y_0 : EccP256CurvePoint_PR_compressed_y_1)
                         : (EccP256CurvePoint_PR)(1 + rnd(5));
    switch (k->present) {
    case EccP256CurvePoint_PR_x_only: k->u.x_only = (asn1rt_view){ st->bytes + 32, 32 }; break;
    case EccP256CurvePoint_PR_fill: break;
    case EccP256CurvePoint_PR_compressed_y_0: k->u.compressed_y_0 = (asn1rt_view){ random ? st->bytes : g_pub + 1, 32 }; break;
    case EccP256CurvePoint_PR_compressed_y_1: k->u.compressed_y_1 = (asn1rt_view){ random ? st->bytes : g_pub + 1, 32 }; break;
    default:
        k->u.uncompressedP256.x = (asn1rt_view){ st->bytes, 32 };
        k->u.uncompressedP256.y = (asn1rt_view){ st->bytes + 64, 32 };
        break;
    }
    c->signature_present = true;
    c->signature.present = Signature_PR_ecdsaNistP256Signature;
    c->signature.u.ecdsaNistP256Signature.rSig.present = EccP256CurvePoint_PR_x_only;
    c->signature.u.ecdsaNistP256Signature.rSig.u.x_only = (asn1rt_view){ st->r, 32 };
    c->signature.u.ecdsaNistP256Signature.sSig = (asn1rt_view){ st->s, 32 };
}

/* Signs c's ToBeSignedCertificate as 1609.2 says (self-signed). */
static void cert_sign(Certificate *c, cert_store *st)
{
    uint8_t tbs[512], e[32];
    size_t n;
    CU_ASSERT_EQUAL_FATAL(ToBeSignedCertificate_oer_encode(&c->toBeSigned, tbs, sizeof tbs, &n), ASN1RT_OK);
    digest_1609(tbs, n, NULL, 0, e);
    sign_digest(e, st->r, st->s);
}

static bool cert_verify(const uint8_t *oer, size_t n)
{
    Certificate d;
    uint8_t tbs[512], e[32];
    size_t tn;
    uint8_t pub[33], abuf[1024];
    asn1rt_arena a;   /* appPermissions' items */
    if (asn1rt_arena_init(&a, abuf, sizeof abuf) != ASN1RT_OK || Certificate_oer_decode(&d, oer, n, &a) != ASN1RT_OK)
        return false;
    const EccP256CurvePoint *k = &d.toBeSigned.verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256;
    if (k->present != EccP256CurvePoint_PR_compressed_y_0 && k->present != EccP256CurvePoint_PR_compressed_y_1)
        return false;
    pub[0] = k->present == EccP256CurvePoint_PR_compressed_y_0 ? 2 : 3;
    memcpy(pub + 1, k->u.compressed_y_0.ptr, 32);
    if (ToBeSignedCertificate_oer_encode(&d.toBeSigned, tbs, sizeof tbs, &tn) != ASN1RT_OK)
        return false;
    digest_1609(tbs, tn, NULL, 0, e);
    return verify_digest(pub, e, d.signature.u.ecdsaNistP256Signature.rSig.u.x_only.ptr,
                         d.signature.u.ecdsaNistP256Signature.sSig.ptr);
}

/* ------------------------------------------------------------------ tests */

static uint8_t g_cert[512];
static size_t g_cert_len;
static cert_store g_st;
static Certificate g_c;

static void test_signature(void)
{
    cert_fill(&g_c, &g_st, false);
    cert_sign(&g_c, &g_st);
    CU_ASSERT_EQUAL_FATAL(Certificate_oer_encode(&g_c, g_cert, sizeof g_cert, &g_cert_len), ASN1RT_OK);
    CU_ASSERT(cert_verify(g_cert, g_cert_len));
    /* The first octets as X.696 gives them: the preamble (signature
     * OPTIONAL, present: 80), version 3 (Uint8: one octet), type explicit
     * (ENUMERATED short form 00), issuer self ([1]: 81, sha256 00), the
     * ToBeSignedCertificate preamble (extension bit, 7 optional
     * components; appPermissions, the 3rd, present: 10), id name ([1]: 81,
     * UTF8String length 0E). */
    static const uint8_t head[] = { 0x80, 0x03, 0x00, 0x81, 0x00, 0x10, 0x81, 0x0E };
    CU_ASSERT(g_cert_len > sizeof head && memcmp(g_cert, head, sizeof head) == 0);
    /* The signature covers the name: one changed octet fails verification. */
    uint8_t bad[512];
    memcpy(bad, g_cert, g_cert_len);
    CU_ASSERT_EQUAL(memcmp(bad + sizeof head, HOST, 3), 0);
    bad[sizeof head] ^= 1;
    CU_ASSERT(!cert_verify(bad, g_cert_len));
}

static void test_cross_encoding(void)
{
    unsigned bad_oer = 0, bad_der = 0;
    static uint8_t arena_buf[8192];
    for (int i = 0; i < 300; i++) {
        cert_store st;
        Certificate c, o, d;
        uint8_t oer[512], oer2[512], der[1024];
        size_t on, on2, dn;
        asn1rt_arena a;
        cert_fill(&c, &st, true);
        if (asn1rt_arena_init(&a, arena_buf, sizeof arena_buf) != ASN1RT_OK)
            abort();
        /* OER: decode(encode(v)) == v, and the same octets again. */
        if (Certificate_oer_encode(&c, oer, sizeof oer, &on) != ASN1RT_OK || Certificate_oer_decode(&o, oer, on, &a) != ASN1RT_OK ||
            !Certificate_equal(&c, &o) || Certificate_oer_encode(&o, oer2, sizeof oer2, &on2) != ASN1RT_OK || on2 != on ||
            memcmp(oer, oer2, on) != 0)
            bad_oer++;
        /* DER: decode(encode(v)) == v; its items loaded, the same OER. */
        if (Certificate_encode(&c, der, sizeof der, &dn) != ASN1RT_OK || Certificate_decode(&d, der, dn) != ASN1RT_OK ||
            !Certificate_equal(&c, &d) ||
            (d.toBeSigned.appPermissions_present &&
             SequenceOfPsidSsp_load_items(&d.toBeSigned.appPermissions, &a) != ASN1RT_OK) ||
            Certificate_oer_encode(&d, oer2, sizeof oer2, &on2) != ASN1RT_OK || on2 != on || memcmp(oer, oer2, on) != 0)
            bad_der++;
    }
    if (bad_oer || bad_der)
        printf("\n  cross-encoding: %u OER, %u DER mismatches of 300\n", bad_oer, bad_der);
    CU_ASSERT_EQUAL(bad_oer, 0);
    CU_ASSERT_EQUAL(bad_der, 0);
}

/* ------------------------------------------------------------------ the SPDU for tshark */

static void hex_line(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

static const uint8_t CAM_PAYLOAD[] = { 0x02, 0x02, 0x00, 0x00, 0x00, 0x2A, 0x12, 0x34 };

/* Ieee1609Dot2Data { 3, signedData { sha256, tbsData { payload { data
 * { 3, unsecuredData CAM } }, headerInfo { psid 36, generationTime } },
 * signer certificate { the certificate }, signature } }: each recursive
 * view is the OER of the value below it. */
static int write_spdu(const char *dir)
{
    uint8_t inner[64], content[64], sdp[96], tbsd[160], sd[640], c2[700], spdu[720], e[32], r[32], s[32];
    size_t in_n, c_n, sdp_n, tbsd_n, sd_n, c2_n, spdu_n;
    Ieee1609Dot2Content ct;
    Ieee1609Dot2Data d;
    SignedDataPayload p;
    ToBeSignedData t;
    SignedData sdv;
    Certificate certs[1];

    memset(&ct, 0, sizeof ct);
    ct.present = Ieee1609Dot2Content_PR_unsecuredData;
    ct.u.unsecuredData = (asn1rt_view){ CAM_PAYLOAD, sizeof CAM_PAYLOAD };
    if (Ieee1609Dot2Content_oer_encode(&ct, content, sizeof content, &c_n) != ASN1RT_OK)
        return 1;
    d.protocolVersion = 3;
    d.content = (asn1rt_view){ content, c_n };
    if (Ieee1609Dot2Data_oer_encode(&d, inner, sizeof inner, &in_n) != ASN1RT_OK)
        return 1;
    SignedDataPayload_init(&p);
    p.data_present = true;
    p.data = (asn1rt_view){ inner, in_n };
    if (SignedDataPayload_oer_encode(&p, sdp, sizeof sdp, &sdp_n) != ASN1RT_OK)
        return 1;
    ToBeSignedData_init(&t);
    t.payload = (asn1rt_view){ sdp, sdp_n };
    t.headerInfo.psid = (asn1rt_bigint){ PSID_CAM, 1 };
    t.headerInfo.generationTime_present = true;
    t.headerInfo.generationTime = UINT64_C(600000000000000);
    if (ToBeSignedData_oer_encode(&t, tbsd, sizeof tbsd, &tbsd_n) != ASN1RT_OK)
        return 1;
    SignedData_init(&sdv);
    sdv.hashId = HashAlgorithm_sha256;
    sdv.tbsData = (asn1rt_view){ tbsd, tbsd_n };
    certs[0] = g_c;
    sdv.signer.present = SignerIdentifier_PR_certificate;
    sdv.signer.u.certificate.items = certs;
    sdv.signer.u.certificate.count = 1;
    digest_1609(tbsd, tbsd_n, g_cert, g_cert_len, e);   /* signer input: the certificate's COER */
    sign_digest(e, r, s);
    sdv.signature.present = Signature_PR_ecdsaNistP256Signature;
    sdv.signature.u.ecdsaNistP256Signature.rSig.present = EccP256CurvePoint_PR_x_only;
    sdv.signature.u.ecdsaNistP256Signature.rSig.u.x_only = (asn1rt_view){ r, 32 };
    sdv.signature.u.ecdsaNistP256Signature.sSig = (asn1rt_view){ s, 32 };
    if (SignedData_oer_encode(&sdv, sd, sizeof sd, &sd_n) != ASN1RT_OK)
        return 1;
    ct.present = Ieee1609Dot2Content_PR_signedData;
    ct.u.signedData = (asn1rt_view){ sd, sd_n };
    if (Ieee1609Dot2Content_oer_encode(&ct, c2, sizeof c2, &c2_n) != ASN1RT_OK)
        return 1;
    d.content = (asn1rt_view){ c2, c2_n };
    if (Ieee1609Dot2Data_oer_encode(&d, spdu, sizeof spdu, &spdu_n) != ASN1RT_OK)
        return 1;

    char path[4096];
    /* Seeds for the fuzz harness's replay (fuzz_oer_ieee.c). */
    snprintf(path, sizeof path, "%s/seed-spdu.oer", dir);
    FILE *sf = fopen(path, "wb");
    if (sf == NULL || fwrite(spdu, 1, spdu_n, sf) != spdu_n || fclose(sf) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/seed-cert.oer", dir);
    if ((sf = fopen(path, "wb")) == NULL || fwrite(g_cert, 1, g_cert_len, sf) != g_cert_len || fclose(sf) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/spdu.txt", dir);
    FILE *f = fopen(path, "w");   /* text2pcap's input: offset, then octets */
    if (f == NULL)
        return 1;
    for (size_t i = 0; i < spdu_n; i += 16) {
        fprintf(f, "%06zx", i);
        for (size_t k = i; k < i + 16 && k < spdu_n; k++)
            fprintf(f, " %02x", spdu[k]);
        fputc('\n', f);
    }
    fclose(f);

    /* The values encoded, as tshark -T fields prints them (one per field;
     * several occurrences comma-separated). */
    snprintf(path, sizeof path, "%s/expect.txt", dir);
    if ((f = fopen(path, "w")) == NULL)
        return 1;
    fprintf(f, "ieee1609dot2.protocolVersion 3,3\n");
    fprintf(f, "ieee1609dot2.hashId 0\n");
    fprintf(f, "ieee1609dot2.psid 36,36\n");          /* headerInfo, then the certificate's PsidSsp */
    fprintf(f, "ieee1609dot2.generationTime 600000000000000\n");
    fprintf(f, "ieee1609dot2.unsecuredData ");
    hex_line(f, CAM_PAYLOAD, sizeof CAM_PAYLOAD);
    fprintf(f, "\nieee1609dot2.version 3\n");
    fprintf(f, "ieee1609dot2.type 0\n");
    fprintf(f, "ieee1609dot2.self 0\n");
    fprintf(f, "ieee1609dot2.name %s\n", HOST);
    fprintf(f, "ieee1609dot2.cracaId ");
    hex_line(f, g_c.toBeSigned.cracaId.ptr, 3);
    fprintf(f, "\nieee1609dot2.crlSeries 4\n");
    fprintf(f, "ieee1609dot2.start 600000000\n");
    fprintf(f, "ieee1609dot2.hours 168\n");
    fprintf(f, "ieee1609dot2.%s ", g_pub[0] == 2 ? "compressed_y_0" : "compressed_y_1");
    hex_line(f, g_pub + 1, 32);
    fprintf(f, "\nieee1609dot2.sSig ");
    hex_line(f, g_st.s, 32);
    fputc(',', f);
    hex_line(f, s, 32);
    fprintf(f, "\nieee1609dot2.x_only ");
    hex_line(f, g_st.r, 32);
    fputc(',', f);
    hex_line(f, r, 32);
    fputc('\n', f);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    static const cunit_test tests[] = {
        { "explicit certificate: ECDSA P-256 over the COER of ToBeSignedCertificate, verified after decoding", test_signature },
        { "cross-encoding: 300 random certificates through OER and DER", test_cross_encoding },
    };
    key_init();
    CUNIT_SUITE("oer-ieee1609dot2", tests);
    int status = cunit_run(CU_BRM_VERBOSE);
    /* The SPDU carries the certificate test_signature made and signed. */
    if (status == 0 && argc > 1 && write_spdu(argv[1]) != 0) {
        fprintf(stderr, "test_ieee: could not write the SPDU into %s\n", argv[1]);
        status = 1;
    }
    EVP_PKEY_free(g_key);
    return status;
}
