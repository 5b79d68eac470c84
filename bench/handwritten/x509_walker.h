/* x509_walker — a minimal hand-written zero-copy walker over an X.509
 * certificate: the floor for `make bench-x509`. It checks identifiers and
 * lengths (definite, within bounds) and records where each TBSCertificate
 * field is; it validates no contents (no INTEGER, OID, string or time rules,
 * no DER minimality). Any real decoder does at least this much work. */
#ifndef X509_WALKER_H
#define X509_WALKER_H

#include <stddef.h>
#include <stdint.h>

typedef struct x509w_span {
    const uint8_t *ptr;   /* content octets */
    size_t len;
} x509w_span;

typedef struct x509w_cert {
    x509w_span tbs, version, serial, sig_alg, issuer, validity, subject, spki,
               extensions, outer_alg, signature;
} x509w_cert;

/* 0 on success, -1 when the structure is not a certificate. */
int x509w_walk(const uint8_t *der, size_t len, x509w_cert *out);

#endif
