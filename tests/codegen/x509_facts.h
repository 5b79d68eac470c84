/* What OpenSSL reports about a certificate, for the differential test
 * (its own translation unit: OpenSSL's macros such as ub_name must not
 * meet the generated PKIX headers). */
#ifndef X509_FACTS_H
#define X509_FACTS_H

#include <stddef.h>
#include <stdint.h>

typedef struct x509_facts {
    uint8_t serial[256];      /* INTEGER content octets */
    size_t serial_len;
    uint8_t issuer[8192];     /* Name DER */
    size_t issuer_len;
    uint8_t subject[8192];
    size_t subject_len;
    char not_before[64], not_after[64];  /* time text as encoded */
    int not_before_utc, not_after_utc;   /* 1 UTCTime, 0 GeneralizedTime */
    char sig_oid[256];        /* signatureAlgorithm, dotted */
    int ext_count;
} x509_facts;

/* 0 when d2i_X509 accepts exactly [der, der+len) and the facts are filled. */
int x509_facts_get(const uint8_t *der, size_t len, x509_facts *f);

/* Certificates of a PEM file (blocks named CERTIFICATE), or the file itself
 * when it is not PEM. Calls fn for each; returns how many, -1 on I/O error. */
typedef void (*x509_each_fn)(const char *file, int index, const uint8_t *der, size_t len, void *ctx);
int x509_for_each_cert(const char *path, x509_each_fn fn, void *ctx);

/* DER of the value OpenSSL's ASN1_generate_nconf builds from a config text
 * whose [default] section has "asn1 = ..." (an encoder independent of ours);
 * 0 on success. */
int der_from_genconf(const char *conf_text, uint8_t *out, size_t cap, size_t *len);

#endif
