/* A CRL built and signed by OpenSSL, for test_biglen.c (its own translation
 * unit: OpenSSL's macros must not meet the generated PKIX headers). */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/x509.h>

#include "crl_openssl.h"

int crl_openssl_build(size_t entries, uint8_t **der, size_t *len)
{
    EVP_PKEY *key = EVP_EC_gen("P-256");
    X509_CRL *crl = X509_CRL_new();
    X509_NAME *name = X509_NAME_new();
    ASN1_TIME *when = ASN1_TIME_set(NULL, 1700000000);
    unsigned char *out = NULL;
    int ok = key != NULL && crl != NULL && name != NULL && when != NULL &&
             X509_CRL_set_version(crl, X509_CRL_VERSION_2) == 1 &&
             X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)"biglen CA", -1, -1, 0) == 1 &&
             X509_CRL_set_issuer_name(crl, name) == 1 && X509_CRL_set1_lastUpdate(crl, when) == 1 &&
             X509_CRL_set1_nextUpdate(crl, when) == 1;
    for (size_t i = 0; ok && i < entries; i++) {
        X509_REVOKED *rv = X509_REVOKED_new();
        ASN1_INTEGER *serial = ASN1_INTEGER_new();
        /* Serials of 1..4 octets, so entries are not all the same size. */
        ok = rv != NULL && serial != NULL && ASN1_INTEGER_set_uint64(serial, crl_openssl_serial(i)) == 1 &&
             X509_REVOKED_set_serialNumber(rv, serial) == 1 && X509_REVOKED_set_revocationDate(rv, when) == 1 &&
             X509_CRL_add0_revoked(crl, rv) == 1;
        if (!ok)
            X509_REVOKED_free(rv);
        ASN1_INTEGER_free(serial);
    }
    ok = ok && X509_CRL_sign(crl, key, EVP_sha256()) > 0;
    int n = ok ? i2d_X509_CRL(crl, &out) : -1;
    if (n > 0) {
        *der = malloc((size_t)n);
        if (*der != NULL)
            memcpy(*der, out, (size_t)n);
        *len = (size_t)n;
    }
    OPENSSL_free(out);
    ASN1_TIME_free(when);
    X509_NAME_free(name);
    X509_CRL_free(crl);
    EVP_PKEY_free(key);
    return n > 0 && *der != NULL ? 0 : -1;
}

int rdn_openssl_der(const char *const *oids, const char *const *values, size_t n, uint8_t *out, size_t cap, size_t *len)
{
    X509_NAME *name = X509_NAME_new();
    unsigned char *der = NULL;
    int ok = name != NULL, k;
    /* set = -1 after the first: every AVA joins the same (multi-valued) RDN */
    for (size_t i = 0; ok && i < n; i++)
        ok = X509_NAME_add_entry_by_txt(name, oids[i], V_ASN1_PRINTABLESTRING, (const unsigned char *)values[i], -1,
                                        -1, i == 0 ? 0 : -1) == 1;
    k = ok ? i2d_X509_NAME(name, &der) : -1;
    ok = k > 0 && (size_t)k <= cap;
    if (ok) {
        memcpy(out, der, (size_t)k);
        *len = (size_t)k;
    }
    OPENSSL_free(der);
    X509_NAME_free(name);
    return ok ? 0 : -1;
}
