/* test_cms.c — the CMS module of tests/compiler/real (CryptographicMessageSyntax2004,
 * RFC 3852 = RFC 5652) compiled with its imports by one `asn1cc --emit-imports`
 * run, over the PKCS#7 / CMS samples of python3-cryptography-vectors. Each
 * sample is decoded as ContentInfo and its content as the type its
 * contentType names; what we read must agree with OpenSSL's CMS parser
 * (content type, certificates byte for byte, signer and recipient counts,
 * recipient serial numbers, the encrypted content), and every DER sample
 * must re-encode to its own bytes. A BER sample must be refused with the
 * code the table says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/cms.h>
#include <openssl/x509.h>

#include "cunit_run.h"
#include "der_file.h"
#include "cryptographicmessagesyntax2004.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/pkcs7/"

typedef enum content_kind { SIGNED, ENVELOPED } content_kind;

typedef struct cms_case {
    const char *file;
    bool pem;
    int expect;              /* ContentInfo_decode result */
    content_kind kind;
    int certs, signers, recipients; /* what the sample holds */
} cms_case;

static const cms_case cases[] = {
    /* certificates-only SignedData, DER */
    { "amazon-roots.der", false, 0, SIGNED, 2, 0, 0 },
    /* the same, BER: indefinite lengths (X.690 10.1 forbids them in DER) */
    { "amazon-roots.p7b", false, ASN1RT_E_INDEFINITE_LENGTH, SIGNED, 2, 0, 0 },
    /* certificates-only SignedData with an empty OCTET STRING eContent */
    { "isrg.pem", true, 0, SIGNED, 1, 0, 0 },
    /* EnvelopedData to two key-transport recipients, unprotected attributes */
    { "enveloped.pem", true, 0, ENVELOPED, 0, 0, 2 },
};

static uint8_t *read_sample(const cms_case *c, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", VECTORS, c->file);
    return der_file_read(path, c->pem, len);
}

/* Content octets of an OBJECT IDENTIFIER as OpenSSL encodes it. */
static bool oid_equal(const asn1rt_view *ours, const ASN1_OBJECT *obj)
{
    unsigned char buf[64], *p = buf;
    int n = i2d_ASN1_OBJECT(obj, NULL);
    if (n <= 2 || n > (int)sizeof buf)
        return false;
    i2d_ASN1_OBJECT(obj, &p);
    return ours->len == (size_t)(n - 2) && memcmp(ours->ptr, buf + 2, ours->len) == 0;
}

static void check_signed(const cms_case *c, const asn1rt_view *content, CMS_ContentInfo *cms)
{
    SignedData sd;
    CU_ASSERT_EQUAL_FATAL(SignedData_decode(&sd, content->ptr, content->len), 0);
    CU_ASSERT_EQUAL(SignedData_check(&sd), 0);
    CU_ASSERT_TRUE(oid_equal(&sd.encapContentInfo.eContentType, CMS_get0_eContentType(cms)));
    CU_ASSERT_EQUAL((int)sd.signerInfos.count, c->signers);
    CU_ASSERT_EQUAL(sk_CMS_SignerInfo_num(CMS_get0_SignerInfos(cms)), c->signers);

    /* the certificates, in order, byte for byte with OpenSSL's */
    STACK_OF(X509) *certs = CMS_get1_certs(cms);
    int n = 0;
    CU_ASSERT_EQUAL(sd.certificates_present, c->certs > 0);
    CU_ASSERT_EQUAL(sk_X509_num(certs), c->certs);
    if (sd.certificates_present) {
        CertificateSet_iter it;
        CertificateChoices cc;
        CertificateSet_iter_init(&it, &sd.certificates);
        while (CertificateSet_iter_next(&it, &cc)) {
            static uint8_t ours[8192];
            unsigned char *theirs = NULL;
            size_t olen = 0;
            CU_ASSERT_EQUAL_FATAL(cc.present, CertificateChoices_PR_certificate);
            CU_ASSERT_EQUAL_FATAL(Certificate_encode(&cc.u.certificate, ours, sizeof ours, &olen), 0);
            int tlen = n < sk_X509_num(certs) ? i2d_X509(sk_X509_value(certs, n), &theirs) : -1;
            CU_ASSERT_TRUE(tlen > 0 && (size_t)tlen == olen && memcmp(ours, theirs, olen) == 0);
            OPENSSL_free(theirs);
            n++;
        }
    }
    CU_ASSERT_EQUAL(n, c->certs);
    CU_ASSERT_EQUAL((int)sd.certificates.count, c->certs);
    sk_X509_pop_free(certs, X509_free);
}

static void check_enveloped(const cms_case *c, const asn1rt_view *content, CMS_ContentInfo *cms)
{
    EnvelopedData ed;
    CU_ASSERT_EQUAL_FATAL(EnvelopedData_decode(&ed, content->ptr, content->len), 0);
    CU_ASSERT_EQUAL(EnvelopedData_check(&ed), 0);
    CU_ASSERT_TRUE(oid_equal(&ed.encryptedContentInfo.contentType, CMS_get0_eContentType(cms)));
    STACK_OF(CMS_RecipientInfo) *ris = CMS_get0_RecipientInfos(cms);
    CU_ASSERT_EQUAL((int)ed.recipientInfos.count, c->recipients);
    CU_ASSERT_EQUAL(sk_CMS_RecipientInfo_num(ris), c->recipients);

    RecipientInfos_iter it;
    RecipientInfo ri;
    int i = 0;
    RecipientInfos_iter_init(&it, &ed.recipientInfos);
    while (RecipientInfos_iter_next(&it, &ri) && i < sk_CMS_RecipientInfo_num(ris)) {
        CMS_RecipientInfo *theirs = sk_CMS_RecipientInfo_value(ris, i++);
        ASN1_OCTET_STRING *keyid = NULL;
        X509_NAME *issuer = NULL;
        ASN1_INTEGER *sno = NULL;
        CU_ASSERT_EQUAL_FATAL(ri.present, RecipientInfo_PR_ktri);
        CU_ASSERT_EQUAL_FATAL(CMS_RecipientInfo_type(theirs), CMS_RECIPINFO_TRANS);
        CU_ASSERT_EQUAL_FATAL(CMS_RecipientInfo_ktri_get0_signer_id(theirs, &keyid, &issuer, &sno), 1);
        CU_ASSERT_EQUAL_FATAL(ri.u.ktri.rid.present, RecipientIdentifier_PR_issuerAndSerialNumber);
        /* serial: our INTEGER content octets against OpenSSL's */
        const CertificateSerialNumber *s = &ri.u.ktri.rid.u.issuerAndSerialNumber.serialNumber;
        unsigned char sbuf[64], *p = sbuf;
        int sn = i2d_ASN1_INTEGER(sno, NULL);
        CU_ASSERT_TRUE_FATAL(sn > 2 && sn <= (int)sizeof sbuf);
        i2d_ASN1_INTEGER(sno, &p);
        CU_ASSERT_TRUE(s->len == (size_t)(sn - 2) && memcmp(s->ptr, sbuf + 2, s->len) == 0);
        /* issuer Name DER */
        static uint8_t ours[4096];
        size_t olen = 0;
        unsigned char *in = NULL;
        int ilen = i2d_X509_NAME(issuer, &in);
        CU_ASSERT_EQUAL(Name_encode(&ri.u.ktri.rid.u.issuerAndSerialNumber.issuer, ours, sizeof ours, &olen), 0);
        CU_ASSERT_TRUE(ilen > 0 && (size_t)ilen == olen && memcmp(ours, in, olen) == 0);
        OPENSSL_free(in);
    }
    CU_ASSERT_EQUAL(i, c->recipients);

    /* the encrypted content, the same octets */
    ASN1_OCTET_STRING **oc = CMS_get0_content(cms);
    CU_ASSERT_TRUE_FATAL(oc && *oc);
    CU_ASSERT_TRUE(ed.encryptedContentInfo.encryptedContent_present);
    CU_ASSERT_TRUE(ed.encryptedContentInfo.encryptedContent.len == (size_t)ASN1_STRING_length(*oc) &&
                   memcmp(ed.encryptedContentInfo.encryptedContent.ptr, ASN1_STRING_get0_data(*oc),
                          ed.encryptedContentInfo.encryptedContent.len) == 0);
}

static void test_samples(void)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const cms_case *c = &cases[k];
        size_t len = 0;
        uint8_t *der = read_sample(c, &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(der);
        const unsigned char *p = der;
        CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &p, (long)len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(cms);

        ContentInfo ci;
        int rc = ContentInfo_decode(&ci, der, len);
        if (rc != c->expect)
            printf("\n  %s: decode gave %d, expected %d", c->file, rc, c->expect);
        CU_ASSERT_EQUAL(rc, c->expect);
        if (rc == 0) {
            static uint8_t out[1 << 16];
            size_t olen = 0;
            CU_ASSERT_EQUAL(ContentInfo_check(&ci), 0);
            CU_ASSERT_EQUAL(ContentInfo_encode(&ci, out, sizeof out, &olen), 0);
            CU_ASSERT_TRUE(olen == len && memcmp(out, der, len) == 0);
            CU_ASSERT_TRUE(oid_equal(&ci.contentType, CMS_get0_type(cms)));
            CU_ASSERT_TRUE(c->kind == SIGNED ? id_signedData_equal(&ci.contentType)
                                             : id_envelopedData_equal(&ci.contentType));
            if (c->kind == SIGNED)
                check_signed(c, &ci.content, cms);
            else
                check_enveloped(c, &ci.content, cms);
        }
        CMS_ContentInfo_free(cms);
        free(der);
    }
}

int main(void)
{
    static const cunit_test tests[] = {
        { "CMS samples: decode, re-encode, differential vs OpenSSL", test_samples },
    };
    return CUNIT_MAIN("codegen-cms", tests, CU_BRM_VERBOSE);
}
