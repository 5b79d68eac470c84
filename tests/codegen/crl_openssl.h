#ifndef CRL_OPENSSL_H
#define CRL_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

/* A v2 CRL with `entries` revoked certificates, signed with a fresh P-256
 * key by OpenSSL; *der is malloc'ed (the caller frees it). 0 on success. */
int crl_openssl_build(size_t entries, uint8_t **der, size_t *len);

/* The serial number of entry i of that CRL (1..4 octets, so that entries
 * are not all the same size); each is revoked at 1700000000 (UTCTime
 * 231114221320Z) with no entry extensions. */
static inline uint64_t crl_openssl_serial(size_t i) { return (uint64_t)i * 2654435761u % 0x7FFFFFFFu; }

/* DER of a Name with one RDN of n AVAs (dotted OIDs, PrintableString
 * values), added in that order; OpenSSL sorts the SET OF on encoding. */
int rdn_openssl_der(const char *const *oids, const char *const *values, size_t n, uint8_t *out, size_t cap, size_t *len);

#endif
