/* per_oracle.h — the boundary between asn1c's side of the UPER comparison
 * (tests/per/asn1c_box.c, built once per schema against that schema's asn1c
 * output) and the driver that links asn1cc's generated code
 * (tests/per/test_per_asn1c.c). Nothing of asn1c's types crosses it: each
 * box is linked into one relocatable object whose only global symbol is its
 * per_asn1c_box, so asn1c's names (PersonnelRecord, NativeInteger_...)
 * never meet asn1cc's. */
#ifndef PER_ORACLE_H
#define PER_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#define PER_ORACLE_CAP 65536   /* the largest encoding either side writes here */

typedef struct per_bytes {
    size_t len;
    uint8_t b[PER_ORACLE_CAP];
} per_bytes;

typedef struct per_asn1c_box {
    const char *schema;     /* the .asn asn1c compiled */
    int npdus;
    const char *const *pdus; /* the ASN.1 names of the types it can make */
    /* A value of pdu from the seeded generator (asn1c's structs, within the
     * PER-visible constraints, passing asn_check_constraints), then asn1c's
     * DER and UPER of it. 0, or -1 with the reason in why. */
    int (*make)(int pdu, uint64_t seed, per_bytes *der, per_bytes *uper, char *why, size_t whylen);
    /* asn1c decodes a complete UPER encoding and writes its DER; 0 or -1 with why. */
    int (*uper_to_der)(int pdu, const uint8_t *in, size_t len, per_bytes *der, char *why, size_t whylen);
    /* asn1c's UPER of the value it reads from DER (for the benchmark's rows). */
    int (*der_to_uper)(int pdu, const uint8_t *in, size_t len, per_bytes *uper, char *why, size_t whylen);
    /* For the benchmark (bench/per/): a value asn1c decodes from DER, kept
     * behind an opaque pointer; iters UPER encodings of it into buf; iters
     * UPER decodes (each freed) of in. Each returns 0, or 1 when an
     * iteration failed (bench/common's contract). */
    void *(*load_der)(int pdu, const uint8_t *in, size_t len);
    void (*release)(int pdu, void *value);
    uint64_t (*encode_n)(int pdu, void *value, uint8_t *buf, size_t cap, uint64_t iters);
    uint64_t (*decode_n)(int pdu, const uint8_t *in, size_t len, uint64_t iters);
} per_asn1c_box;

#endif /* PER_ORACLE_H */
