/*
 * A table-driven generic DER codec over the same runtime: one interpreter
 * walks a per-type descriptor (fields, tags, offsets, constraints) instead
 * of straight-line code. It is the third column of the derive table and
 * shows what the generator's straight-line code buys; it supports exactly
 * the component kinds the derive messages use.
 */
#ifndef DERIVE_GENERIC_H
#define DERIVE_GENERIC_H

#include "bench.h" /* generated/bench.h: the struct types */

typedef enum generic_kind {
    GENERIC_BOOL,     /* bool */
    GENERIC_UINT,     /* unsigned native integer of `width` bytes, [lo, hi] */
    GENERIC_INT,      /* signed native integer of `width` bytes, [lo, hi] */
    GENERIC_ENUM,     /* C enum (int), values [lo, hi] */
    GENERIC_OCTETS,   /* asn1rt_view, SIZE [lo, hi] */
    GENERIC_BITS,     /* asn1rt_bits, SIZE [lo, hi] in bits */
    GENERIC_SEQUENCE, /* nested struct described by `sub` */
    GENERIC_SEQ_OF    /* { count of `width` bytes; item[max]; } of `elem` */
} generic_kind;

#define GENERIC_OPTIONAL 0x1u /* presence flag at `present` */
#define GENERIC_DEFAULT  0x2u /* absent means `dflt`; equal to it is not encoded */

typedef struct generic_type generic_type;

typedef struct generic_field {
    uint32_t tag;
    uint8_t kind;            /* generic_kind */
    uint8_t width;           /* native size of integers */
    uint8_t flags;           /* GENERIC_OPTIONAL, GENERIC_DEFAULT */
    uint16_t offset;         /* of the value (SEQUENCE OF: of its count) */
    uint16_t present;        /* of the bool presence flag (OPTIONAL) */
    int64_t lo, hi;          /* value range, or SIZE range */
    int64_t dflt;            /* DEFAULT value */
    const generic_type *sub; /* GENERIC_SEQUENCE */
    const struct generic_field *elem; /* GENERIC_SEQ_OF element */
    uint16_t items;          /* GENERIC_SEQ_OF: offset of item[0] from the count */
    uint16_t max;            /* GENERIC_SEQ_OF: array size */
} generic_field;

struct generic_type {
    const char *name;
    uint32_t tag;            /* outer tag when used at top level */
    size_t nfields;
    const generic_field *fields;
};

extern const generic_type generic_DeriveSimple;
extern const generic_type generic_DeriveMessage;

/* Same contracts as the generated T_decode / T_encode. */
ASN1RT_MUST_USE int generic_decode(const generic_type *t, void *out, const uint8_t *der, size_t len);
ASN1RT_MUST_USE int generic_encode(const generic_type *t, const void *v, uint8_t *buf, size_t cap, size_t *len);

#endif
