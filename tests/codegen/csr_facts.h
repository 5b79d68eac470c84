/* What OpenSSL reports about a certificate request, for test_pkcs10.c (its
 * own translation unit: OpenSSL's ECParameters_print must not meet the one
 * generated from RFC 5912's PKIXAlgs-2009). */
#ifndef CSR_FACTS_H
#define CSR_FACTS_H

#include <stddef.h>
#include <stdint.h>

typedef struct csr_facts {
    long version;
    uint8_t subject[8192];    /* Name DER */
    size_t subject_len;
    uint8_t pk_oid[64];       /* OBJECT IDENTIFIER content octets */
    size_t pk_oid_len;
    uint8_t sig_oid[64];
    size_t sig_oid_len;
    uint8_t sig[4096];        /* signature BIT STRING content, unused-bits octet excluded */
    size_t sig_len;
    int attr_count;
} csr_facts;

/* 0 when d2i_X509_REQ accepts exactly [der, der+len) and f is filled. */
int csr_facts_get(const uint8_t *der, size_t len, csr_facts *f);

/* The DER of a file: the first PEM block when it is PEM, else the bytes;
 * malloc'd (free it), NULL on error. */
uint8_t *csr_load(const char *path, size_t *len);

#endif
