/* csr_facts.c — OpenSSL's reading of a certificate request (csr_facts.h). */
#include "csr_facts.h"
#include "der_file.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/x509.h>

static size_t oid_content(const ASN1_OBJECT *obj, uint8_t *out, size_t cap)
{
    unsigned char buf[80], *p = buf;
    int n = obj ? i2d_ASN1_OBJECT(obj, NULL) : 0;
    if (n <= 2 || n > (int)sizeof buf || (size_t)(n - 2) > cap)
        return 0;
    i2d_ASN1_OBJECT(obj, &p);
    memcpy(out, buf + 2, (size_t)(n - 2));
    return (size_t)(n - 2);
}

int csr_facts_get(const uint8_t *der, size_t len, csr_facts *f)
{
    const unsigned char *p = der;
    X509_REQ *req = d2i_X509_REQ(NULL, &p, (long)len);
    int rc = -1;
    memset(f, 0, sizeof *f);
    if (!req)
        return -1;
    if (p != der + len)
        goto out;
    f->version = X509_REQ_get_version(req);
    unsigned char *subj = NULL;
    int slen = i2d_X509_NAME(X509_REQ_get_subject_name(req), &subj);
    if (slen <= 0 || (size_t)slen > sizeof f->subject) {
        OPENSSL_free(subj);
        goto out;
    }
    memcpy(f->subject, subj, (size_t)slen);
    f->subject_len = (size_t)slen;
    OPENSSL_free(subj);
    ASN1_OBJECT *pkalg = NULL;
    if (X509_PUBKEY_get0_param(&pkalg, NULL, NULL, NULL, X509_REQ_get_X509_PUBKEY(req)) != 1)
        goto out;
    f->pk_oid_len = oid_content(pkalg, f->pk_oid, sizeof f->pk_oid);
    const ASN1_BIT_STRING *sig = NULL;
    const X509_ALGOR *salg = NULL;
    const ASN1_OBJECT *sobj = NULL;
    X509_REQ_get0_signature(req, &sig, &salg);
    X509_ALGOR_get0(&sobj, NULL, NULL, salg);
    f->sig_oid_len = oid_content(sobj, f->sig_oid, sizeof f->sig_oid);
    if (!sig || (size_t)ASN1_STRING_length(sig) > sizeof f->sig)
        goto out;
    memcpy(f->sig, ASN1_STRING_get0_data(sig), (size_t)ASN1_STRING_length(sig));
    f->sig_len = (size_t)ASN1_STRING_length(sig);
    f->attr_count = X509_REQ_get_attr_count(req);
    rc = 0;
out:
    X509_REQ_free(req);
    return rc;
}

uint8_t *csr_load(const char *path, size_t *len)
{
    size_t n = strlen(path);
    return der_file_read(path, n > 4 && strcmp(path + n - 4, ".pem") == 0, len);
}
