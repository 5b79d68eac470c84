/*
 * bench/common — the RFC 5280 Certificate as an OpenSSL ASN.1 template, for
 * the benches that run OpenSSL's template engine as the fair anchor
 * (bench-x509, bench-peers). It is plain as the RFC defines it: ANY stays
 * ANY, Name is a SEQUENCE OF SET OF, the key stays a BIT STRING and
 * extnValue an OCTET STRING, so the engine does the work a generated decoder
 * does. Include it only from OpenSSL-side translation units: its names must
 * not meet the generated code's Certificate.
 */
#ifndef BENCH_OPENSSL_CERT_H
#define BENCH_OPENSSL_CERT_H

#include <stdint.h>

#include <openssl/asn1.h>

typedef struct {
    ASN1_OBJECT *algorithm;
    ASN1_TYPE *parameters;
} BENCH_ALGOR;

typedef struct {
    ASN1_TIME *notBefore;
    ASN1_TIME *notAfter;
} BENCH_VALIDITY;

typedef struct {
    BENCH_ALGOR *algorithm;
    ASN1_BIT_STRING *subjectPublicKey;
} BENCH_SPKI;

typedef struct {
    ASN1_INTEGER *version;
    ASN1_INTEGER *serialNumber;
    BENCH_ALGOR *signature;
    ASN1_VALUE *issuer;              /* Name: SEQUENCE OF SET OF ATV */
    BENCH_VALIDITY *validity;
    ASN1_VALUE *subject;
    BENCH_SPKI *subjectPublicKeyInfo;
    ASN1_BIT_STRING *issuerUniqueID;
    ASN1_BIT_STRING *subjectUniqueID;
    ASN1_VALUE *extensions;          /* SEQUENCE OF Extension */
} BENCH_TBS;

typedef struct {
    BENCH_TBS *tbsCertificate;
    BENCH_ALGOR *signatureAlgorithm;
    ASN1_BIT_STRING *signatureValue;
} BENCH_CERT;

/* The Certificate item, for ASN1_item_d2i / ASN1_item_i2d / ASN1_item_free
 * as ASN1_ITEM_rptr(BENCH_CERT). */
DECLARE_ASN1_ITEM(BENCH_CERT)

/* A value read back from a decoded certificate, so a timed decode cannot be
 * dropped; the same for every bench that uses the template. */
static inline int64_t bench_cert_probe(const BENCH_CERT *c)
{
    return ASN1_STRING_length(c->tbsCertificate->serialNumber) +
           ASN1_STRING_length(c->signatureValue);
}

#endif /* BENCH_OPENSSL_CERT_H */
