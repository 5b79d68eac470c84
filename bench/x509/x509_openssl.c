/* x509_openssl.c — OpenSSL's side of `make bench-x509`:
 *  - its ASN.1 template engine (ASN1_item_d2i / ASN1_item_i2d) on the plain
 *    RFC 5280 Certificate template of bench/common/openssl_cert.c (ANY
 *    stays ANY, Name is a SEQUENCE OF SET OF, the key stays a BIT STRING):
 *    the fair anchor;
 *  - d2i_X509 as applications call it (it also builds the key object). */
#include "openssl_cert.h"
#include "x509_bench.h"

#include <openssl/asn1.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t xb_tpl_decode(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    BENCH_CERT *c = (BENCH_CERT *)ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(BENCH_CERT));
    int64_t r;
    if (c == NULL)
        return -1;
    r = bench_cert_probe(c);
    ASN1_item_free((ASN1_VALUE *)c, ASN1_ITEM_rptr(BENCH_CERT));
    return r;
}

void *xb_tpl_load(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    return ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(BENCH_CERT));
}

void xb_tpl_free(void *h) { ASN1_item_free(h, ASN1_ITEM_rptr(BENCH_CERT)); }

int xb_tpl_encode(const void *h, uint8_t *buf, size_t cap, size_t *len)
{
    /* One call, as applications make it (it sizes, then writes); the
     * bench's buffer is larger than any certificate of the set. */
    unsigned char *p = buf;
    int n = ASN1_item_i2d((const ASN1_VALUE *)h, &p, ASN1_ITEM_rptr(BENCH_CERT));
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
