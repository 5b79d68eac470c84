#ifndef CRL_OPENSSL_H
#define CRL_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

/* A v2 CRL with `entries` revoked certificates, signed with a fresh P-256
 * key by OpenSSL; *der is malloc'ed (the caller frees it). 0 on success. */
int crl_openssl_build(size_t entries, uint8_t **der, size_t *len);

#endif
