/* x509_facts.c — OpenSSL's view of a certificate (see x509_facts.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* memmem */
#endif
#include "x509_facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/conf.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

static int copy_time(const ASN1_TIME *t, char *out, size_t cap, int *utc)
{
    int n = ASN1_STRING_length(t);
    if (n < 0 || (size_t)n >= cap)
        return -1;
    memcpy(out, ASN1_STRING_get0_data(t), (size_t)n);
    out[n] = 0;
    *utc = ASN1_STRING_type(t) == V_ASN1_UTCTIME;
    return 0;
}

static int name_der(const X509_NAME *name, uint8_t *out, size_t cap, size_t *len)
{
    const unsigned char *p;
    size_t n;
    if (!X509_NAME_get0_der((X509_NAME *)name, &p, &n) || n > cap)
        return -1;
    memcpy(out, p, n);
    *len = n;
    return 0;
}

int x509_facts_get(const uint8_t *der, size_t len, x509_facts *f)
{
    const unsigned char *p = der;
    X509 *x = d2i_X509(NULL, &p, (long)len);
    int rc = -1;
    if (x == NULL)
        return -1;
    if (p != der + len)
        goto out;
    {
        unsigned char *q = NULL;
        int n = i2d_ASN1_INTEGER(X509_get0_serialNumber(x), &q);
        /* strip the identifier and length octets */
        size_t hl = (n > 1 && (q[1] & 0x80)) ? 2 + (size_t)(q[1] & 0x7F) : 2;
        if (n <= 0 || (size_t)n - hl > sizeof f->serial) {
            OPENSSL_free(q);
            goto out;
        }
        f->serial_len = (size_t)n - hl;
        memcpy(f->serial, q + hl, f->serial_len);
        OPENSSL_free(q);
    }
    if (name_der(X509_get_issuer_name(x), f->issuer, sizeof f->issuer, &f->issuer_len) ||
        name_der(X509_get_subject_name(x), f->subject, sizeof f->subject, &f->subject_len))
        goto out;
    if (copy_time(X509_get0_notBefore(x), f->not_before, sizeof f->not_before, &f->not_before_utc) ||
        copy_time(X509_get0_notAfter(x), f->not_after, sizeof f->not_after, &f->not_after_utc))
        goto out;
    {
        const X509_ALGOR *alg;
        const ASN1_OBJECT *obj;
        X509_get0_signature(NULL, &alg, x);
        X509_ALGOR_get0(&obj, NULL, NULL, alg);
        if (OBJ_obj2txt(f->sig_oid, sizeof f->sig_oid, obj, 1) <= 0)
            goto out;
    }
    f->ext_count = X509_get_ext_count(x);
    rc = 0;
out:
    X509_free(x);
    return rc;
}

int x509_for_each_cert(const char *path, x509_each_fn fn, void *ctx)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long size;
    int count = 0;
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(size > 0 ? (size_t)size : 1);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (size > 10 && memmem(buf, (size_t)size, "-----BEGIN", 10)) {
        BIO *bio = BIO_new_mem_buf(buf, (int)size);
        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long len;
        while (PEM_read_bio(bio, &name, &header, &data, &len)) {
            if (strcmp(name, "CERTIFICATE") == 0)
                fn(path, count++, data, (size_t)len, ctx);
            OPENSSL_free(name);
            OPENSSL_free(header);
            OPENSSL_free(data);
        }
        ERR_clear_error();
        BIO_free(bio);
    } else {
        fn(path, count++, buf, (size_t)size, ctx);
    }
    free(buf);
    return count;
}

int der_from_genconf(const char *conf_text, uint8_t *out, size_t cap, size_t *len)
{
    BIO *bio = BIO_new_mem_buf(conf_text, -1);
    CONF *conf = NCONF_new(NULL);
    long errline = -1;
    ASN1_TYPE *t = NULL;
    unsigned char *der = NULL;
    int n = -1, rc = -1;
    if (!bio || !conf || NCONF_load_bio(conf, bio, &errline) <= 0)
        goto out;
    t = ASN1_generate_nconf(NCONF_get_string(conf, "default", "asn1"), conf);
    if (!t)
        goto out;
    n = i2d_ASN1_TYPE(t, &der);
    if (n <= 0 || (size_t)n > cap)
        goto out;
    memcpy(out, der, (size_t)n);
    *len = (size_t)n;
    rc = 0;
out:
    OPENSSL_free(der);
    ASN1_TYPE_free(t);
    NCONF_free(conf);
    BIO_free(bio);
    return rc;
}
