/* OpenSSL side of the differential (see test_diff.c). */
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>

#include "dertest.h"

bool openssl_accepts(enum der_kind k, const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    bool ok = false;
    switch (k) {
    case K_CRL: { X509_CRL *x = d2i_X509_CRL(NULL, &p, (long)len); ok = x != NULL; X509_CRL_free(x); break; }
    case K_CSR: { X509_REQ *x = d2i_X509_REQ(NULL, &p, (long)len); ok = x != NULL; X509_REQ_free(x); break; }
    case K_PKCS7: { PKCS7 *x = d2i_PKCS7(NULL, &p, (long)len); ok = x != NULL; PKCS7_free(x); break; }
    }
    ERR_clear_error();
    /* Bytes after the value are a rejection for us; count them against OpenSSL too. */
    return ok && p == der + len;
}

size_t pem_blocks(const uint8_t *text, size_t len, const char *want, pem_block **out)
{
    BIO *bio = BIO_new_mem_buf(text, (int)len);
    char *name = NULL, *header = NULL;
    unsigned char *der = NULL;
    long n = 0;
    size_t count = 0;
    *out = NULL;
    if (bio == NULL)
        return 0;
    while (PEM_read_bio(bio, &name, &header, &der, &n)) {
        if (strcmp(name, want) == 0 ||
            (strcmp(want, "CERTIFICATE REQUEST") == 0 && strcmp(name, "NEW CERTIFICATE REQUEST") == 0)) {
            pem_block *b = realloc(*out, (count + 1) * sizeof **out);
            uint8_t *copy = malloc(n ? (size_t)n : 1);
            if (b == NULL || copy == NULL) {
                free(copy);
                *out = b;
                break;
            }
            *out = b;
            memcpy(copy, der, (size_t)n);
            b[count].der = copy;
            b[count].len = (size_t)n;
            count++;
        }
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(der);
    }
    ERR_clear_error();
    BIO_free(bio);
    return count;
}
