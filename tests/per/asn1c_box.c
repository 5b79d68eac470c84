/* asn1c_box.c — asn1c 0.9.28's side of the UPER comparison: a seeded value
 * generator over asn1c's own type descriptors, and asn1c's DER and UPER
 * codecs. Built once per schema, at test time, against the C that
 * `asn1c -gen-PER` wrote into the build directory, with
 *   -DPER_BOX_NAME=per_asn1c_<schema>   the one symbol the object exports
 *   -DPER_BOX_SCHEMA='"<file>"'
 *   -DPER_BOX_PDUS='X(Type1) X(Type2)'  the types the driver asks for
 * The generator reads the PER-visible constraints asn1c compiled (value
 * ranges, SIZE, permitted alphabets, extensibility), so its values are the
 * ones PER encodes interestingly: bounds, both sides of an extensible
 * range, every CHOICE alternative, absent and present OPTIONALs. A value
 * that asn_check_constraints refuses (a constraint the generator does not
 * read) is drawn again from the next seed. Nothing here knows asn1cc. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asn_application.h>
#include <asn_SEQUENCE_OF.h>
#include <BOOLEAN.h>
#include <NULL.h>
#include <NativeEnumerated.h>
#include <INTEGER.h>
#include <NativeInteger.h>
#include <OCTET_STRING.h>
#include <BIT_STRING.h>
#include <constr_CHOICE.h>
#include <constr_SEQUENCE.h>
#include <constr_SEQUENCE_OF.h>
#include <constr_SET_OF.h>   /* asn_SET_OF_specifics_t; 0.9.28 has no UPER SET OF (declared only) */
#include <per_decoder.h>
#include <per_encoder.h>

#include "per_oracle.h"

/* The string types whose alphabet decides which characters are valid. */
asn_constr_check_f VisibleString_constraint, IA5String_constraint, NumericString_constraint,
    PrintableString_constraint, UTF8String_constraint;

#define X(T) extern asn_TYPE_descriptor_t asn_DEF_##T;
PER_BOX_PDUS
#undef X
#define X(T) &asn_DEF_##T,
static asn_TYPE_descriptor_t *const box_types[] = {PER_BOX_PDUS};
#undef X
#define X(T) #T,
static const char *const box_names[] = {PER_BOX_PDUS};
#undef X
#define NPDUS ((int)(sizeof box_types / sizeof box_types[0]))

typedef struct gen {
    uint64_t s;
    char *why;
    size_t whylen;
    int failed;
} gen;

static uint64_t next(gen *g)   /* splitmix64: fixed, so a seed means one value everywhere */
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static long pick(gen *g, long lo, long hi)   /* uniform in [lo, hi] */
{
    unsigned long span = (unsigned long)hi - (unsigned long)lo;
    if (span == ~0ul)
        return (long)next(g);
    return (long)((unsigned long)lo + next(g) % (span + 1));
}

static int chance(gen *g, int percent) { return (int)(next(g) % 100) < percent; }

static void fail(gen *g, const char *fmt, ...)
{
    va_list ap;
    if (g->failed++)
        return;
    va_start(ap, fmt);
    vsnprintf(g->why, g->whylen, fmt, ap);
    va_end(ap);
}

/* A derived type (Date ::= VisibleString) copies its base's functions into
 * its descriptor on first use; any call does it, and free(NULL) is harmless.
 * A chain of derivations settles in as many calls. */
static void settle(asn_TYPE_descriptor_t *td)
{
    for (int i = 0; i < 16; i++) {
        asn_struct_free_f *f = td->free_struct;
        f(td, NULL, 0);
        if (td->free_struct == f)
            break;
    }
}

static size_t type_size(gen *g, asn_TYPE_descriptor_t *td)
{
    settle(td);
    if (td->uper_encoder == NativeInteger_encode_uper || td->uper_encoder == NativeEnumerated_encode_uper)
        return sizeof(long);
    if (td->uper_encoder == INTEGER_encode_uper)
        return sizeof(INTEGER_t);
    if (td->uper_encoder == BOOLEAN_encode_uper)
        return sizeof(BOOLEAN_t);
    if (td->uper_encoder == NULL_encode_uper)
        return sizeof(NULL_t);
    if (td->uper_encoder == OCTET_STRING_encode_uper)
        return td->specifics ? (size_t)((const asn_OCTET_STRING_specifics_t *)td->specifics)->struct_size
                             : sizeof(OCTET_STRING_t);
    if (td->uper_encoder == SEQUENCE_encode_uper)
        return (size_t)((const asn_SEQUENCE_specifics_t *)td->specifics)->struct_size;
    if (td->uper_encoder == CHOICE_encode_uper)
        return (size_t)((const asn_CHOICE_specifics_t *)td->specifics)->struct_size;
    if (td->uper_encoder == SEQUENCE_OF_encode_uper)
        return (size_t)((const asn_SET_OF_specifics_t *)td->specifics)->struct_size;
    fail(g, "the generator has no case for type %s", td->name);
    return 0;
}

/* A count within the SIZE constraint: its bounds half the time, beyond an
 * extensible root now and then, a long run (length determinant forms)
 * when unbounded. */
static long pick_count(gen *g, const asn_per_constraint_t *sz, long unbounded_max, int depth)
{
    if (sz && (sz->flags & APC_CONSTRAINED)) {
        if ((sz->flags & APC_EXTENSIBLE) && chance(g, 15))
            return sz->upper_bound + pick(g, 1, 4);
        if (depth > 6)
            return sz->lower_bound;
        switch (next(g) % 4) {
        case 0: return sz->lower_bound;
        case 1: return sz->upper_bound;
        default: return pick(g, sz->lower_bound, sz->upper_bound);
        }
    }
    long lo = sz && (sz->flags & APC_SEMI_CONSTRAINED) ? sz->lower_bound : 0;
    if (depth > 6)
        return lo;
    if (chance(g, 70))
        return lo + pick(g, 0, 6);
    if (unbounded_max <= 300 || chance(g, 85))
        return lo + pick(g, 7, unbounded_max < 300 ? unbounded_max : 300);
    return lo + pick(g, 301, unbounded_max);
}

static int valid_char(asn_constr_check_f *alphabet, long c)
{
    static const char printable[] = " '()+,-./:=?";
    if (alphabet == NumericString_constraint)
        return (c >= '0' && c <= '9') || c == ' ';
    if (alphabet == PrintableString_constraint)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               (c != 0 && strchr(printable, (int)c) != NULL);
    if (alphabet == VisibleString_constraint)
        return c >= 0x20 && c <= 0x7e;
    if (alphabet == IA5String_constraint)
        return c >= 0 && c <= 0x7f;
    return c >= 0 && c <= 0xffff && !(c >= 0xd800 && c <= 0xdfff);
}

static long pick_char(gen *g, asn_per_constraints_t *pc, asn_constr_check_f *alphabet, int wide)
{
    for (int tries = 0; tries < 200; tries++) {
        long c;
        if (pc && (pc->value.flags & APC_CONSTRAINED) && pc->code2value) {
            c = pc->code2value((unsigned)pick(g, 0, (1l << pc->value.range_bits) - 1));
            if (c < 0)
                continue;
        } else if (pc && (pc->value.flags & APC_CONSTRAINED)) {
            c = pick(g, pc->value.lower_bound, pc->value.upper_bound);
        } else if (wide && chance(g, 30)) {
            c = pick(g, 0x80, 0xd7ff);
        } else {
            c = pick(g, 0, 0x7f);
        }
        if (valid_char(alphabet, c))
            return c;
    }
    fail(g, "no valid character found for a string");
    return ' ';
}

static void fill(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, void *p, int depth);

static void *fill_new(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, int depth)
{
    size_t n = type_size(g, td);
    void *p = calloc(1, n ? n : 1);
    if (p == NULL) {
        fail(g, "out of memory");
        return NULL;
    }
    fill(g, td, pc, p, depth);
    return p;
}

static void fill_integer(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, long *v)
{
    const asn_INTEGER_specifics_t *specs = td->specifics;
    const asn_per_constraint_t *ct = pc ? &pc->value : NULL;
    if (ct && (ct->flags & APC_CONSTRAINED)) {
        if ((ct->flags & APC_EXTENSIBLE) && chance(g, 15)) {
            *v = chance(g, 50) && !(specs && specs->field_unsigned && ct->lower_bound == 0)
                     ? ct->lower_bound - pick(g, 1, 1000) : ct->upper_bound + pick(g, 1, 1000);
            return;
        }
        switch (next(g) % 4) {
        case 0: *v = ct->lower_bound; return;
        case 1: *v = ct->upper_bound; return;
        default: *v = pick(g, ct->lower_bound, ct->upper_bound); return;
        }
    }
    long lo = ct && (ct->flags & APC_SEMI_CONSTRAINED) ? ct->lower_bound : 0;
    int bits = (int)pick(g, 0, 62);
    long mag = bits == 0 ? 0 : pick(g, 0, (1l << bits) - 1);
    if (ct && (ct->flags & APC_SEMI_CONSTRAINED))
        *v = lo + (mag > 0x3fffffffffffffffl - (lo > 0 ? lo : 0) ? 0 : mag);
    else
        *v = chance(g, 40) ? -mag - 1 : mag;
    if (specs && specs->field_unsigned && *v < 0)
        *v = -(*v + 1);
}

static void fill_string(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, void *p, int depth)
{
    const asn_OCTET_STRING_specifics_t *specs = td->specifics;
    enum asn_OS_Subvariant sub = specs ? specs->subvariant : ASN_OSUBV_STR;
    asn_constr_check_f *alphabet = td->check_constraints;
    int plain = alphabet != VisibleString_constraint && alphabet != IA5String_constraint &&
                alphabet != NumericString_constraint && alphabet != PrintableString_constraint &&
                alphabet != UTF8String_constraint && sub == ASN_OSUBV_STR;
    long n = pick_count(g, pc ? &pc->size : NULL, plain ? 20000 : 400, depth);
    if (sub == ASN_OSUBV_BIT) {
        BIT_STRING_t *bs = p;
        size_t octets = (size_t)(n + 7) / 8;
        bs->buf = calloc(1, octets ? octets : 1);
        bs->size = (int)octets;
        bs->bits_unused = (int)(octets * 8 - (size_t)n);
        for (size_t i = 0; i < octets; i++)
            bs->buf[i] = (uint8_t)next(g);
        /* DER drops a named-bit list's trailing 0 bits (X.690 11.2.2) and
         * asn1c's DER does not, so the last bit is 1: the value then has one
         * DER form on both sides (the descriptors do not say which BIT
         * STRINGs have named bits). */
        if (octets)
            bs->buf[octets - 1] = (uint8_t)((bs->buf[octets - 1] & (0xff << bs->bits_unused)) | (1u << bs->bits_unused));
        return;
    }
    OCTET_STRING_t *os = p;
    size_t unit = sub == ASN_OSUBV_U16 ? 2 : sub == ASN_OSUBV_U32 ? 4 : 1;
    os->buf = calloc(1, (size_t)n * unit * 2 + 1);   /* UTF-8 needs up to 2 octets a character here */
    os->size = 0;
    for (long i = 0; i < n; i++) {
        uint8_t *o = os->buf + os->size;
        if (plain) {
            o[0] = (uint8_t)next(g);
            os->size += 1;
        } else if (alphabet == UTF8String_constraint) {
            long c = chance(g, 80) ? pick(g, 0x20, 0x7e) : pick(g, 0x80, 0x7ff);
            if (c < 0x80) {
                o[0] = (uint8_t)c;
                os->size += 1;
            } else {
                o[0] = (uint8_t)(0xc0 | (c >> 6));
                o[1] = (uint8_t)(0x80 | (c & 0x3f));
                os->size += 2;
            }
        } else {
            long c = pick_char(g, pc, alphabet, unit > 1);
            for (size_t k = 0; k < unit; k++)
                o[k] = (uint8_t)(c >> (8 * (unit - 1 - k)));
            os->size += (int)unit;
        }
    }
}

static void fill_sequence(gen *g, asn_TYPE_descriptor_t *td, void *p, int depth)
{
    for (int i = 0; i < td->elements_count; i++) {
        asn_TYPE_member_t *elm = &td->elements[i];
        asn_per_constraints_t *pc = elm->per_constraints ? elm->per_constraints : NULL;
        void *memb = (char *)p + elm->memb_offset;
        settle(elm->type);
        if (pc == NULL)
            pc = elm->type->per_constraints;
        if (elm->flags & ATF_POINTER) {
            if (elm->optional && (depth > 6 || chance(g, 40))) {
                *(void **)memb = NULL;
                continue;
            }
            *(void **)memb = fill_new(g, elm->type, pc, depth + 1);
        } else {
            fill(g, elm->type, pc, memb, depth + 1);
        }
    }
}

static void fill_choice(gen *g, asn_TYPE_descriptor_t *td, void *p, int depth)
{
    const asn_CHOICE_specifics_t *specs = td->specifics;
    /* Deep inside, the first alternative: recursive types end there. */
    int k = depth > 6 ? 0 : (int)pick(g, 0, td->elements_count - 1);
    asn_TYPE_member_t *elm = &td->elements[k];
    asn_per_constraints_t *pc;
    void *memb = (char *)p + elm->memb_offset;
    settle(elm->type);
    pc = elm->per_constraints ? elm->per_constraints : elm->type->per_constraints;
    switch (specs->pres_size) {
    case 1: *(uint8_t *)((char *)p + specs->pres_offset) = (uint8_t)(k + 1); break;
    case 2: *(uint16_t *)((char *)p + specs->pres_offset) = (uint16_t)(k + 1); break;
    default: *(unsigned *)((char *)p + specs->pres_offset) = (unsigned)(k + 1); break;
    }
    if (elm->flags & ATF_POINTER)
        *(void **)memb = fill_new(g, elm->type, pc, depth + 1);
    else
        fill(g, elm->type, pc, memb, depth + 1);
}

static void fill_list(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, void *p, int depth)
{
    asn_TYPE_member_t *elm = &td->elements[0];
    asn_per_constraints_t *epc;
    long n = pick_count(g, pc ? &pc->size : NULL, 40, depth);
    settle(elm->type);
    epc = elm->per_constraints ? elm->per_constraints : elm->type->per_constraints;
    for (long i = 0; i < n && !g->failed; i++) {
        void *item = fill_new(g, elm->type, epc, depth + 1);
        if (item == NULL || asn_set_add(p, item) != 0)
            fail(g, "cannot add a list element");
    }
}

static void fill(gen *g, asn_TYPE_descriptor_t *td, asn_per_constraints_t *pc, void *p, int depth)
{
    if (g->failed)
        return;
    settle(td);
    if (pc == NULL)
        pc = td->per_constraints;
    if (td->uper_encoder == NativeInteger_encode_uper) {
        fill_integer(g, td, pc, p);
    } else if (td->uper_encoder == INTEGER_encode_uper) {
        /* INTEGER_t: ranges asn1c does not fit in a long's C type (0..4398046511103) */
        long x;
        fill_integer(g, td, pc, &x);
        if (asn_long2INTEGER(p, x) != 0)
            fail(g, "asn_long2INTEGER failed");
    } else if (td->uper_encoder == NativeEnumerated_encode_uper) {
        const asn_INTEGER_specifics_t *specs = td->specifics;
        *(long *)p = specs->value2enum[pick(g, 0, specs->map_count - 1)].nat_value;
    } else if (td->uper_encoder == BOOLEAN_encode_uper) {
        *(BOOLEAN_t *)p = (BOOLEAN_t)(next(g) & 1);
    } else if (td->uper_encoder == NULL_encode_uper) {
        *(NULL_t *)p = 0;
    } else if (td->uper_encoder == OCTET_STRING_encode_uper) {
        fill_string(g, td, pc, p, depth);
    } else if (td->uper_encoder == SEQUENCE_encode_uper) {
        fill_sequence(g, td, p, depth);
    } else if (td->uper_encoder == CHOICE_encode_uper) {
        fill_choice(g, td, p, depth);
    } else if (td->uper_encoder == SEQUENCE_OF_encode_uper) {
        fill_list(g, td, pc, p, depth);
    } else {
        fail(g, "the generator has no case for type %s", td->name);
    }
}

static int to_der(asn_TYPE_descriptor_t *td, void *v, per_bytes *der, char *why, size_t whylen)
{
    asn_enc_rval_t er = der_encode_to_buffer(td, v, der->b, sizeof der->b);
    if (er.encoded < 0) {
        snprintf(why, whylen, "asn1c der_encode failed at %s", er.failed_type ? er.failed_type->name : "?");
        return -1;
    }
    der->len = (size_t)er.encoded;
    return 0;
}

static int to_uper(asn_TYPE_descriptor_t *td, void *v, per_bytes *uper, char *why, size_t whylen)
{
    asn_enc_rval_t er = uper_encode_to_buffer(td, v, uper->b, sizeof uper->b);
    if (er.encoded < 0) {
        snprintf(why, whylen, "asn1c uper_encode failed at %s", er.failed_type ? er.failed_type->name : "?");
        return -1;
    }
    /* X.691 11.1: a complete encoding is whole octets, at least one. */
    uper->len = er.encoded == 0 ? 1 : ((size_t)er.encoded + 7) / 8;
    if (er.encoded == 0)
        uper->b[0] = 0;
    return 0;
}

static int box_make(int pdu, uint64_t seed, per_bytes *der, per_bytes *uper, char *why, size_t whylen)
{
    asn_TYPE_descriptor_t *td = box_types[pdu];
    char err[256];
    size_t errlen;
    for (int attempt = 0; attempt < 64; attempt++) {
        gen g = {seed * 64 + (uint64_t)attempt, why, whylen, 0};
        void *v = fill_new(&g, td, NULL, 0);
        if (g.failed) {
            ASN_STRUCT_FREE(*td, v);
            return -1;
        }
        errlen = sizeof err;
        if (asn_check_constraints(td, v, err, &errlen) != 0) {
            snprintf(why, whylen, "asn_check_constraints: %s", err);
            ASN_STRUCT_FREE(*td, v);
            continue;
        }
        int rc = to_der(td, v, der, why, whylen) || to_uper(td, v, uper, why, whylen) ? -1 : 0;
        ASN_STRUCT_FREE(*td, v);
        return rc;
    }
    return -1;
}

/* asn1c's value of the whole of in, read as UPER or as DER; NULL (and why,
 * when not NULL) when asn1c refuses it or leaves octets over. */
static void *box_decode(asn_TYPE_descriptor_t *td, bool uper, const uint8_t *in, size_t len, char *why, size_t whylen)
{
    void *v = NULL;
    asn_dec_rval_t rv = uper ? uper_decode_complete(NULL, td, &v, in, len) : ber_decode(NULL, td, &v, in, len);
    if (rv.code == RC_OK && rv.consumed == len)
        return v;
    if (why != NULL)
        snprintf(why, whylen, "asn1c %s: code %d, %zu of %zu octets", uper ? "uper_decode_complete" : "ber_decode",
                 (int)rv.code, rv.consumed, len);
    ASN_STRUCT_FREE(*td, v);
    return NULL;
}

/* in read as UPER and written as DER into out, or (!from_uper) the other way. */
static int box_convert(int pdu, bool from_uper, const uint8_t *in, size_t len, per_bytes *out, char *why,
                       size_t whylen)
{
    asn_TYPE_descriptor_t *td = box_types[pdu];
    void *v = box_decode(td, from_uper, in, len, why, whylen);
    int rc = v == NULL ? -1 : from_uper ? to_der(td, v, out, why, whylen) : to_uper(td, v, out, why, whylen);
    ASN_STRUCT_FREE(*td, v);
    return rc;
}

static int box_uper_to_der(int pdu, const uint8_t *in, size_t len, per_bytes *der, char *why, size_t whylen)
{
    return box_convert(pdu, true, in, len, der, why, whylen);
}

static int box_der_to_uper(int pdu, const uint8_t *in, size_t len, per_bytes *uper, char *why, size_t whylen)
{
    return box_convert(pdu, false, in, len, uper, why, whylen);
}

static void *box_load_der(int pdu, const uint8_t *in, size_t len)
{
    return box_decode(box_types[pdu], false, in, len, NULL, 0);
}

static void box_release(int pdu, void *v) { ASN_STRUCT_FREE(*box_types[pdu], v); }

static uint64_t box_encode_n(int pdu, void *v, uint8_t *buf, size_t cap, uint64_t iters)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        asn_enc_rval_t er = uper_encode_to_buffer(box_types[pdu], v, buf, cap);
        acc |= er.encoded < 0 ? 1u : 0u;
        __asm__ volatile("" : : "r"(buf) : "memory");
    }
    return acc;
}

static uint64_t box_decode_n(int pdu, const uint8_t *in, size_t len, uint64_t iters)
{
    asn_TYPE_descriptor_t *td = box_types[pdu];
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        void *v = NULL;
        asn_dec_rval_t rv = uper_decode_complete(NULL, td, &v, in, len);
        acc |= rv.code != RC_OK || rv.consumed != len ? 1u : 0u;
        __asm__ volatile("" : : "r"(v) : "memory");
        ASN_STRUCT_FREE(*td, v);
    }
    return acc;
}

const per_asn1c_box PER_BOX_NAME = {
    PER_BOX_SCHEMA, NPDUS, box_names, box_make, box_uper_to_der, box_der_to_uper,
    box_load_der, box_release, box_encode_n, box_decode_n,
};
