/* a1_hand.c — the floor for the X.691 A.1 row of bench-per: a hand-written
 * UPER codec for exactly PersonnelRecord (X.691 A.1, children OPTIONAL as
 * tests/per/x691-a1.asn has it), the least a program must do. A 64-bit
 * accumulator packs bits; strings are length octets and 7-bit characters
 * (VisibleString has 95 characters: 7 bits each in UNALIGNED PER), the number a length and two's complement
 * octets, the SET the SEQUENCE of its canonical order (name, number, title,
 * dateOfHire, nameOfSpouse, children). Decoded strings are copied into the
 * record's own arrays (UPER leaves them unaligned), as asn1cc copies them
 * into its arena. No checks beyond lengths: it is a floor, not a codec. */
#include "a1_hand.h"

#include <string.h>

typedef struct bw { uint8_t *p, *end; uint64_t acc; unsigned n; } bw;   /* n bits pending in acc's top */

static inline void put(bw *w, uint64_t v, unsigned bits)
{
    w->acc |= (bits ? v << (64 - bits) : 0) >> w->n;
    w->n += bits;
    while (w->n >= 8) {
        if (w->p < w->end)
            *w->p = (uint8_t)(w->acc >> 56);
        w->p++;
        w->acc <<= 8;
        w->n -= 8;
    }
}

static inline void put_str(bw *w, const a1h_str *s)
{
    put(w, s->len, 8);
    for (unsigned i = 0; i < s->len; i++)
        put(w, (uint8_t)s->s[i], 7);
}

static void put_name(bw *w, const a1h_name *n)
{
    put_str(w, &n->given);
    put_str(w, &n->initial);
    put_str(w, &n->family);
}

int a1h_encode(const a1h_record *r, uint8_t *buf, size_t cap, size_t *len)
{
    bw w = {buf, buf + cap, 0, 0};
    put(&w, r->nchildren > 0, 1);
    put_name(&w, &r->name);
    /* number: the fewest two's complement octets */
    unsigned octets = 1;
    while (octets < 8 && (r->number >> (8 * octets - 1)) != 0 && (r->number >> (8 * octets - 1)) != -1)
        octets++;
    put(&w, octets, 8);
    put(&w, (uint64_t)r->number & (octets == 8 ? ~0ull : (1ull << (8 * octets)) - 1), 8 * octets);
    put_str(&w, &r->title);
    put_str(&w, &r->date_of_hire);
    put_name(&w, &r->spouse);
    if (r->nchildren > 0) {
        put(&w, r->nchildren, 8);
        for (unsigned i = 0; i < r->nchildren; i++) {
            put_name(&w, &r->children[i].name);
            put_str(&w, &r->children[i].date_of_birth);
        }
    }
    put(&w, 0, (8 - w.n % 8) % 8);
    if (w.p > w.end)
        return -1;
    *len = (size_t)(w.p - buf);
    return 0;
}

typedef struct br { const uint8_t *p, *end; uint64_t acc; unsigned n; } br;   /* n bits valid in acc's top */

static inline uint64_t get(br *r, unsigned bits)
{
    while (r->n < bits) {
        r->acc |= (uint64_t)(r->p < r->end ? *r->p : 0) << (56 - r->n);
        r->p++;
        r->n += 8;
    }
    uint64_t v = bits ? r->acc >> (64 - bits) : 0;
    r->acc = bits < 64 ? r->acc << bits : 0;
    r->n -= bits;
    return v;
}

static inline int get_str(br *r, a1h_str *s)
{
    s->len = (unsigned)get(r, 8);
    if (s->len > A1H_STR_MAX)
        return -1;
    for (unsigned i = 0; i < s->len; i++)
        s->s[i] = (char)get(r, 7);
    return 0;
}

static int get_name(br *r, a1h_name *n)
{
    return get_str(r, &n->given) | get_str(r, &n->initial) | get_str(r, &n->family);
}

int a1h_decode(a1h_record *out, const uint8_t *in, size_t len)
{
    br r = {in, in + len, 0, 0};
    int bad = 0;
    unsigned has_children = (unsigned)get(&r, 1);
    bad |= get_name(&r, &out->name);
    unsigned octets = (unsigned)get(&r, 8);
    if (octets == 0 || octets > 8)
        return -1;
    uint64_t u = get(&r, 8 * octets);
    out->number = octets == 8 ? (int64_t)u : (int64_t)(u << (64 - 8 * octets)) >> (64 - 8 * octets);
    bad |= get_str(&r, &out->title);
    bad |= get_str(&r, &out->date_of_hire);
    bad |= get_name(&r, &out->spouse);
    out->nchildren = 0;
    if (has_children) {
        out->nchildren = (unsigned)get(&r, 8);
        if (out->nchildren > A1H_CHILDREN_MAX)
            return -1;
        for (unsigned i = 0; i < out->nchildren; i++) {
            bad |= get_name(&r, &out->children[i].name);
            bad |= get_str(&r, &out->children[i].date_of_birth);
        }
    }
    /* consumed whole octets: the rest of the last one is padding */
    if (bad || r.p - r.n / 8 > r.end)
        return -1;
    return 0;
}
