/* ber_cms.c — T_ber_decode of the CMS module (tests/compiler/real, RFC 5652)
 * over BER that OpenSSL writes: `openssl cms -sign -stream` / `-indef`,
 * `openssl smime -sign -stream` (indefinite-length SignedData, eContent in
 * constructed segments), `openssl cms -encrypt -stream` (EnvelopedData, the
 * encrypted content constructed under [0] IMPLICIT) from tests/runtime/ber/,
 * and python3-cryptography-vectors' amazon-roots.p7b. Each is compared with
 * libcrypto's own parse of the same bytes: content type, eContent, every
 * certificate (its DER re-encoding against i2d_X509), signer count and
 * signatures, recipient count, encrypted content; and the whole message,
 * re-encoded by T_encode, against what i2d_CMS_ContentInfo writes (DER). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/cms.h>
#include <openssl/x509.h>

#include "cryptographicmessagesyntax2004.h"
#include "cunit_run.h"

typedef struct cms_file {
    const char *path;
    bool optional;   /* a package's file: absent means skipped, said so */
} cms_file;

static const cms_file files[] = {
    { "tests/runtime/ber/signed-stream.ber", false },
    { "tests/runtime/ber/signed-indef.ber", false },
    { "tests/runtime/ber/smime-signed-stream.ber", false },
    { "tests/runtime/ber/enveloped-stream.ber", false },
    { "/usr/lib/python3/dist-packages/cryptography_vectors/pkcs7/amazon-roots.p7b", true },
};

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (buf = malloc((size_t)n + 1)) == NULL) {
        fclose(f);
        return NULL;
    }
    *len = fread(buf, 1, (size_t)n, f);
    fclose(f);
    return buf;
}

static bool same(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

static _Alignas(16) uint8_t arena_buf[1 << 20];
static uint8_t enc_buf[1 << 20], inner_buf[1 << 20];

/* Compares a decoded SignedData with OpenSSL's CMS_ContentInfo; the inner
 * DER re-encoding is written to inner_buf. */
static void check_signed(const SignedData *sd, CMS_ContentInfo *cms, size_t *inner_len)
{
    ASN1_OCTET_STRING **pos = CMS_get0_content(cms);
    STACK_OF(X509) *certs = CMS_get1_certs(cms);
    STACK_OF(CMS_SignerInfo) *sis = CMS_get0_SignerInfos(cms);
    CertificateSet_iter it;
    CertificateChoices cc;
    SignerInfos_iter sit;
    SignerInfo si;
    int i = 0;

    CU_ASSERT_EQUAL(sd->encapContentInfo.eContent_present, pos != NULL && *pos != NULL);
    if (pos && *pos)
        CU_ASSERT(same(sd->encapContentInfo.eContent.ptr, sd->encapContentInfo.eContent.len, (*pos)->data,
                       (size_t)(*pos)->length));
    CU_ASSERT_EQUAL(sd->certificates_present, certs != NULL);
    CU_ASSERT_EQUAL(sd->certificates.count, certs ? (size_t)sk_X509_num(certs) : 0);
    CertificateSet_iter_init(&it, &sd->certificates);
    while (certs && i < sk_X509_num(certs) && CertificateSet_iter_next(&it, &cc)) {
        unsigned char *der = NULL;
        int n = i2d_X509(sk_X509_value(certs, i), &der);
        size_t len = 0;
        CU_ASSERT_EQUAL(cc.present, CertificateChoices_PR_certificate);
        CU_ASSERT_EQUAL_FATAL(Certificate_encode(&cc.u.certificate, enc_buf, sizeof enc_buf, &len), 0);
        CU_ASSERT(n > 0 && same(enc_buf, len, der, (size_t)n));
        OPENSSL_free(der);
        i++;
    }
    sk_X509_pop_free(certs, X509_free);
    CU_ASSERT_EQUAL(sd->signerInfos.count, (size_t)sk_CMS_SignerInfo_num(sis));
    SignerInfos_iter_init(&sit, &sd->signerInfos);
    for (i = 0; i < sk_CMS_SignerInfo_num(sis) && SignerInfos_iter_next(&sit, &si); i++) {
        ASN1_OCTET_STRING *sig = CMS_SignerInfo_get0_signature(sk_CMS_SignerInfo_value(sis, i));
        CU_ASSERT(same(si.signature.ptr, si.signature.len, sig->data, (size_t)sig->length));
    }
    CU_ASSERT_EQUAL_FATAL(SignedData_encode(sd, inner_buf, sizeof inner_buf, inner_len), 0);
}

static void check_enveloped(const EnvelopedData *ed, CMS_ContentInfo *cms, size_t *inner_len)
{
    ASN1_OCTET_STRING **pos = CMS_get0_content(cms);
    STACK_OF(CMS_RecipientInfo) *ris = CMS_get0_RecipientInfos(cms);
    const EncryptedContentInfo *eci = &ed->encryptedContentInfo;
    CU_ASSERT_EQUAL(ed->recipientInfos.count, (size_t)sk_CMS_RecipientInfo_num(ris));
    CU_ASSERT_FATAL(pos != NULL && *pos != NULL);
    CU_ASSERT(eci->encryptedContent_present &&
              same(eci->encryptedContent.ptr, eci->encryptedContent.len, (*pos)->data, (size_t)(*pos)->length));
    CU_ASSERT_EQUAL_FATAL(EnvelopedData_encode(ed, inner_buf, sizeof inner_buf, inner_len), 0);
}

static void check_file(const cms_file *f)
{
    size_t len = 0, inner_len = 0, out_len = 0;
    uint8_t *ber = slurp(f->path, &len);
    const unsigned char *p;
    unsigned char *der = NULL;
    CMS_ContentInfo *cms;
    asn1rt_arena arena;
    asn1rt_error err;
    ContentInfo ci;
    int der_len, nid;

    if (ber == NULL) {
        CU_ASSERT(f->optional);
        fprintf(stderr, "\n  SKIPPED %s: not installed (python3-cryptography-vectors, scripts/deps.sh)\n", f->path);
        return;
    }
    p = ber;
    cms = d2i_CMS_ContentInfo(NULL, &p, (long)len);
    CU_ASSERT_FATAL(cms != NULL);
    der_len = i2d_CMS_ContentInfo(cms, &der);
    CU_ASSERT_FATAL(der_len > 0);
    /* The input is BER, not DER: the strict decoder refuses it. */
    CU_ASSERT_NOT_EQUAL(ContentInfo_decode(&ci, ber, len), 0);

    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&arena, arena_buf, sizeof arena_buf), 0);
    CU_ASSERT_EQUAL_FATAL(ContentInfo_ber_decode_ex(&ci, ber, len, &arena, 0, &err), 0);
    nid = OBJ_obj2nid(CMS_get0_type(cms));
    if (nid == NID_pkcs7_signed) {
        SignedData sd;
        CU_ASSERT(id_signedData_equal(&ci.contentType));
        CU_ASSERT_EQUAL_FATAL(SignedData_ber_decode(&sd, ci.content.ptr, ci.content.len, &arena), 0);
        check_signed(&sd, cms, &inner_len);
    } else {
        EnvelopedData ed;
        CU_ASSERT_FATAL(nid == NID_pkcs7_enveloped);
        CU_ASSERT(id_envelopedData_equal(&ci.contentType));
        CU_ASSERT_EQUAL_FATAL(EnvelopedData_ber_decode(&ed, ci.content.ptr, ci.content.len, &arena), 0);
        check_enveloped(&ed, cms, &inner_len);
    }
    /* BER in, DER out: the typed content's DER inside the ContentInfo is
     * what OpenSSL writes for the message. */
    ci.content.ptr = inner_buf;
    ci.content.len = inner_len;
    CU_ASSERT_EQUAL_FATAL(ContentInfo_encode(&ci, enc_buf, sizeof enc_buf, &out_len), 0);
    if (!same(enc_buf, out_len, der, (size_t)der_len))
        fprintf(stderr, "\n  %s: DER differs from i2d_CMS_ContentInfo's (%zu octets, OpenSSL %d)\n", f->path, out_len,
                der_len);
    CU_ASSERT(same(enc_buf, out_len, der, (size_t)der_len));
    /* And that DER decodes strictly. */
    CU_ASSERT_EQUAL(ContentInfo_decode(&ci, enc_buf, out_len), 0);
    OPENSSL_free(der);
    CMS_ContentInfo_free(cms);
    free(ber);
}

static void test_openssl_files(void)
{
    for (size_t i = 0; i < CUNIT_COUNT(files); i++)
        check_file(&files[i]);
}

/* A stream reader's view: the message arrives in pieces; asn1rt_element_size
 * says when it is whole, then T_ber_decode_prefix reads exactly it. */
static void test_framing(void)
{
    size_t len = 0, total = 0, used = 0;
    uint8_t *ber = slurp(files[0].path, &len), *two;
    asn1rt_arena arena;
    ContentInfo ci;
    CU_ASSERT_FATAL(ber != NULL);
    CU_ASSERT_EQUAL(asn1rt_element_size(ber, len / 2, &total), ASN1RT_E_NEED_MORE);
    CU_ASSERT(total > len / 2 && total <= len);
    CU_ASSERT_EQUAL(asn1rt_element_size(ber, len, &total), 0);
    CU_ASSERT_EQUAL(total, len);
    two = malloc(2 * len);
    CU_ASSERT_FATAL(two != NULL);
    memcpy(two, ber, len);
    memcpy(two + len, ber, len);
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&arena, arena_buf, sizeof arena_buf), 0);
    CU_ASSERT_EQUAL(ContentInfo_ber_decode_prefix(&ci, two, 2 * len, &arena, &used), 0);
    CU_ASSERT_EQUAL(used, len);
    CU_ASSERT_EQUAL(ContentInfo_ber_decode(&ci, two, 2 * len, &arena), ASN1RT_E_TRAILING_DATA);
    free(two);
    free(ber);
}

static const cunit_test tests[] = {
    { "OpenSSL's streamed CMS: values and DER", test_openssl_files },
    { "stream framing", test_framing },
};

int main(void)
{
    return CUNIT_MAIN("codegen BER CMS", tests, CU_BRM_NORMAL);
}
