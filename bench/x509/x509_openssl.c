/* x509_openssl.c — OpenSSL's side of `make bench-x509`:
 *  - its ASN.1 template engine (ASN1_item_d2i / ASN1_item_i2d) on a plain
 *    RFC 5280 Certificate template written here (ANY stays ANY, Name is a
 *    SEQUENCE OF SET OF, the key stays a BIT STRING): the fair anchor;
 *  - d2i_X509 as applications call it (it also builds the key object). */
#include "x509_bench.h"

#include <openssl/asn1.h>
#include <openssl/asn1t.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { ASN1_OBJECT *algorithm; ASN1_TYPE *parameters; } XB_ALGOR;
ASN1_SEQUENCE(XB_ALGOR) = {
    ASN1_SIMPLE(XB_ALGOR, algorithm, ASN1_OBJECT),
    ASN1_OPT(XB_ALGOR, parameters, ASN1_ANY),
} static_ASN1_SEQUENCE_END(XB_ALGOR)

typedef struct { ASN1_OBJECT *type; ASN1_TYPE *value; } XB_ATV;
ASN1_SEQUENCE(XB_ATV) = {
    ASN1_SIMPLE(XB_ATV, type, ASN1_OBJECT),
    ASN1_SIMPLE(XB_ATV, value, ASN1_ANY),
} static_ASN1_SEQUENCE_END(XB_ATV)

ASN1_ITEM_TEMPLATE(XB_RDN) = ASN1_EX_TEMPLATE_TYPE(ASN1_TFLG_SET_OF, 0, RDN, XB_ATV)
static_ASN1_ITEM_TEMPLATE_END(XB_RDN)

ASN1_ITEM_TEMPLATE(XB_NAME) = ASN1_EX_TEMPLATE_TYPE(ASN1_TFLG_SEQUENCE_OF, 0, Name, XB_RDN)
static_ASN1_ITEM_TEMPLATE_END(XB_NAME)

typedef struct { ASN1_TIME *notBefore, *notAfter; } XB_VALIDITY;
ASN1_SEQUENCE(XB_VALIDITY) = {
    ASN1_SIMPLE(XB_VALIDITY, notBefore, ASN1_TIME),
    ASN1_SIMPLE(XB_VALIDITY, notAfter, ASN1_TIME),
} static_ASN1_SEQUENCE_END(XB_VALIDITY)

typedef struct { XB_ALGOR *algorithm; ASN1_BIT_STRING *subjectPublicKey; } XB_SPKI;
ASN1_SEQUENCE(XB_SPKI) = {
    ASN1_SIMPLE(XB_SPKI, algorithm, XB_ALGOR),
    ASN1_SIMPLE(XB_SPKI, subjectPublicKey, ASN1_BIT_STRING),
} static_ASN1_SEQUENCE_END(XB_SPKI)

typedef struct { ASN1_OBJECT *extnID; ASN1_BOOLEAN critical; ASN1_OCTET_STRING *extnValue; } XB_EXT;
ASN1_SEQUENCE(XB_EXT) = {
    ASN1_SIMPLE(XB_EXT, extnID, ASN1_OBJECT),
    ASN1_OPT(XB_EXT, critical, ASN1_FBOOLEAN),
    ASN1_SIMPLE(XB_EXT, extnValue, ASN1_OCTET_STRING),
} static_ASN1_SEQUENCE_END(XB_EXT)

typedef struct {
    ASN1_INTEGER *version, *serialNumber;
    XB_ALGOR *signature;
    ASN1_VALUE *issuer;
    XB_VALIDITY *validity;
    ASN1_VALUE *subject;
    XB_SPKI *subjectPublicKeyInfo;
    ASN1_BIT_STRING *issuerUniqueID, *subjectUniqueID;
    ASN1_VALUE *extensions;
} XB_TBS;
ASN1_SEQUENCE(XB_TBS) = {
    ASN1_EXP_OPT(XB_TBS, version, ASN1_INTEGER, 0),
    ASN1_SIMPLE(XB_TBS, serialNumber, ASN1_INTEGER),
    ASN1_SIMPLE(XB_TBS, signature, XB_ALGOR),
    ASN1_SIMPLE(XB_TBS, issuer, XB_NAME),
    ASN1_SIMPLE(XB_TBS, validity, XB_VALIDITY),
    ASN1_SIMPLE(XB_TBS, subject, XB_NAME),
    ASN1_SIMPLE(XB_TBS, subjectPublicKeyInfo, XB_SPKI),
    ASN1_IMP_OPT(XB_TBS, issuerUniqueID, ASN1_BIT_STRING, 1),
    ASN1_IMP_OPT(XB_TBS, subjectUniqueID, ASN1_BIT_STRING, 2),
    ASN1_EXP_SEQUENCE_OF_OPT(XB_TBS, extensions, XB_EXT, 3),
} static_ASN1_SEQUENCE_END(XB_TBS)

typedef struct { XB_TBS *tbsCertificate; XB_ALGOR *signatureAlgorithm; ASN1_BIT_STRING *signatureValue; } XB_CERT;
ASN1_SEQUENCE(XB_CERT) = {
    ASN1_SIMPLE(XB_CERT, tbsCertificate, XB_TBS),
    ASN1_SIMPLE(XB_CERT, signatureAlgorithm, XB_ALGOR),
    ASN1_SIMPLE(XB_CERT, signatureValue, ASN1_BIT_STRING),
} static_ASN1_SEQUENCE_END(XB_CERT)

int64_t xb_tpl_decode(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    XB_CERT *c = (XB_CERT *)ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(XB_CERT));
    int64_t r;
    if (c == NULL)
        return -1;
    r = ASN1_STRING_length(c->tbsCertificate->serialNumber) + ASN1_STRING_length(c->signatureValue);
    ASN1_item_free((ASN1_VALUE *)c, ASN1_ITEM_rptr(XB_CERT));
    return r;
}

void *xb_tpl_load(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    return ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(XB_CERT));
}

void xb_tpl_free(void *h) { ASN1_item_free(h, ASN1_ITEM_rptr(XB_CERT)); }

int xb_tpl_encode(const void *h, uint8_t *buf, size_t cap, size_t *len)
{
    /* One call, as applications make it (it sizes, then writes); the
     * bench's buffer is larger than any certificate of the set. */
    unsigned char *p = buf;
    int n = ASN1_item_i2d((const ASN1_VALUE *)h, &p, ASN1_ITEM_rptr(XB_CERT));
    if (n <= 0 || (size_t)n > cap)
        return -1;
    *len = (size_t)n;
    return 0;
}

int64_t xb_d2i_decode(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    X509 *x = d2i_X509(NULL, &p, (long)len);
    int64_t r;
    if (x == NULL)
        return -1;
    r = X509_get_version(x) + ASN1_STRING_length(X509_get0_serialNumber(x));
    X509_free(x);
    return r;
}

int xb_load_bundle(const char *path, uint8_t ***der, size_t **len, size_t *n)
{
    FILE *f = fopen(path, "r");
    char *name = NULL, *header = NULL;
    unsigned char *data = NULL;
    long dlen;
    size_t cap = 0;
    *der = NULL;
    *len = NULL;
    *n = 0;
    if (!f)
        return -1;
    while (PEM_read(f, &name, &header, &data, &dlen)) {
        if (strcmp(name, "CERTIFICATE") == 0) {
            if (*n == cap) {
                cap = cap ? 2 * cap : 256;
                *der = realloc(*der, cap * sizeof **der);
                *len = realloc(*len, cap * sizeof **len);
                if (!*der || !*len)
                    abort();
            }
            (*der)[*n] = data;
            (*len)[*n] = (size_t)dlen;
            (*n)++;
            data = NULL;
        }
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
        name = header = NULL;
        data = NULL;
    }
    fclose(f);
    return *n ? 0 : -1;
}

void xb_free(void *p) { OPENSSL_free(p); }
