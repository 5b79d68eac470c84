/*
 * per.c — the out-of-line half of the PER runtime (asn1rt/per.h): whole
 * numbers beyond a bit field, length determinants and their fragments,
 * strings, character strings, open types and the complete encoding.
 * Clause numbers are X.691 (02/2021).
 */
#define ASN1RT_I_PER_OUTLINE 1   /* the range functions out of line too (per.h says why) */
#define ASN1RT_I_PER_NARROW_STORES 1   /* write_bits stores only the octets it covers (per.h says why) */
#include "asn1rt/per.h"

static int per_fail(asn1rt_per_reader *r, size_t at, int code)
{
    r->err_bit = at;
    return code;
}

/* A failure after part of a field was read: back to its start. */
static int fail_at(asn1rt_per_reader *r, size_t start, size_t at, int code)
{
    r->pos = start;
    r->err_bit = at;
    return code;
}

/* The position stays where the failing read left it (it never moves on
 * failure), but a read made of several steps rewinds its earlier ones. */
static int rewind_rc(asn1rt_per_reader *r, size_t start, int rc)
{
    r->pos = start;
    return rc;
}

int asn1rt_per_reader_init(asn1rt_per_reader *r, const uint8_t *in, size_t len, bool aligned)
{
    if (r == NULL || (in == NULL && len > 0) || len > SIZE_MAX / 8)
        return ASN1RT_E_ARG;
    r->base = in;
    r->pos = 0;
    r->end = len * 8;
    r->aligned = aligned;
    r->lax = 0;
    r->err_bit = 0;
    return ASN1RT_OK;
}

int asn1rt_per_writer_init(asn1rt_per_writer *w, uint8_t *buf, size_t cap, bool aligned)
{
    if (w == NULL || (buf == NULL && cap > 0) || cap > SIZE_MAX / 8)
        return ASN1RT_E_ARG;
    w->buf = buf;
    w->cap = cap;
    w->pos = 0;
    w->aligned = aligned;
    if (cap > 0)
        buf[0] = 0;   /* the invariant on buf[pos / 8] */
    return ASN1RT_OK;
}

int asn1rt_per_reader_finish(asn1rt_per_reader *r)
{
    size_t left;
    if (r->end == 0)                      /* 11.1.3: at least one octet */
        return per_fail(r, 0, ASN1RT_E_TRUNCATED);
    left = r->end - r->pos;
    if (r->pos == 0 && r->end == 8) {
        /* the empty encoding: its one octet is all padding */
    } else if (left >= 8) {
        if (!(r->lax & ASN1RT_LAX_TRAILING))
            return per_fail(r, (r->pos + 7u) & ~(size_t)7u, ASN1RT_E_TRAILING_DATA);
        r->pos = r->end;
        return ASN1RT_OK;
    }
    if (asn1rt_i_per_peek(r->base, r->pos, (unsigned)left) != 0 &&
        !(r->lax & ASN1RT_PER_LAX_PADDING)) {
        /* 11.1.2: the last octet is completed with zero bits (and 11.1.3:
         * the empty encoding is the one octet 0x00). */
        size_t at = r->pos;
        while (asn1rt_i_per_peek(r->base, at, 1) == 0)
            at++;
        return per_fail(r, at, ASN1RT_E_PER_PADDING);
    }
    r->pos = r->end;
    return ASN1RT_OK;
}

int asn1rt_per_writer_finish(asn1rt_per_writer *w, size_t *len)
{
    if (w->pos == 0) {                    /* 11.1.3: one zero octet */
        if (w->cap == 0)
            return ASN1RT_E_BUFFER_TOO_SMALL;
        w->buf[0] = 0;
        w->pos = 8;
    }
    w->pos = (w->pos + 7u) & ~(size_t)7u;  /* the padding bits are already 0 */
    *len = w->pos / 8;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* Whole numbers.                                                       */

static unsigned octets_for(uint64_t v)
{
    unsigned n = (asn1rt_per_bits_for(v) + 7u) / 8u;
    return n == 0 ? 1u : n;
}

/* int64_t from its two's-complement bits, without implementation-defined casts. */
static int64_t to_int64(uint64_t x)
{
    return x <= (uint64_t)INT64_MAX ? (int64_t)x : -(int64_t)(~x) - 1;
}

/* 11.5.7.4: a range above 64K in APER: the octet count (1..octets(span)) as
 * a constrained number in a bit field, then the minimal octets, aligned. */
int asn1rt_i_per_read_constrained_octets(asn1rt_per_reader *r, uint64_t span, uint64_t *off)
{
    size_t start = r->pos;
    unsigned nmax = octets_for(span);
    uint64_t x, v;
    int rc = asn1rt_per_read_bits(r, asn1rt_per_bits_for(nmax - 1u), &x);
    if (rc != ASN1RT_OK)
        return rc;
    if (x + 1u > nmax)
        return fail_at(r, start, start, ASN1RT_E_VALUE_CONSTRAINT);
    rc = asn1rt_per_read_align(r);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_read_bits(r, (unsigned)(x + 1u) * 8u, &v);
    if (rc != ASN1RT_OK)
        return rewind_rc(r, start, rc);
    if (x > 0 && (v >> (8u * x)) == 0)   /* 11.5.7.4: the minimum number of octets */
        return fail_at(r, start, start, ASN1RT_E_INTEGER_NOT_MINIMAL);
    if (v > span)
        return fail_at(r, start, start, ASN1RT_E_VALUE_CONSTRAINT);
    *off = v;
    return ASN1RT_OK;
}

int asn1rt_i_per_write_constrained_octets(asn1rt_per_writer *w, uint64_t span, uint64_t off)
{
    size_t start = w->pos;
    unsigned nmax = octets_for(span), n = octets_for(off);
    int rc = asn1rt_per_write_bits(w, asn1rt_per_bits_for(nmax - 1u), n - 1u);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_write_align(w);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_write_bits(w, n * 8u, off);
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

/* The four range forms share one body: lb..ub as offsets 0..span in
 * uint64_t arithmetic (two's complement for the signed ones). */
static int read_range(asn1rt_per_reader *r, bool ordered, uint64_t lb, uint64_t span, uint64_t *out)
{
    uint64_t off;
    int rc;
    if (!ordered)
        return ASN1RT_E_ARG;
    rc = asn1rt_per_read_constrained(r, span, &off);
    if (rc == ASN1RT_OK)
        *out = lb + off;
    return rc;
}

static int write_range(asn1rt_per_writer *w, bool ordered, bool inside, uint64_t span, uint64_t off)
{
    if (!ordered)
        return ASN1RT_E_ARG;
    if (!inside)
        return ASN1RT_E_VALUE_CONSTRAINT;
    return asn1rt_per_write_constrained(w, span, off);
}

int asn1rt_i_per_read_int_range(asn1rt_per_reader *r, int64_t lb, int64_t ub, int64_t *out)
{
    uint64_t u;
    int rc = read_range(r, lb <= ub, (uint64_t)lb, (uint64_t)ub - (uint64_t)lb, &u);
    if (rc == ASN1RT_OK)
        *out = to_int64(u);
    return rc;
}

int asn1rt_i_per_write_int_range(asn1rt_per_writer *w, int64_t lb, int64_t ub, int64_t v)
{
    return write_range(w, lb <= ub, v >= lb && v <= ub, (uint64_t)ub - (uint64_t)lb, (uint64_t)v - (uint64_t)lb);
}

int asn1rt_i_per_read_uint_range(asn1rt_per_reader *r, uint64_t lb, uint64_t ub, uint64_t *out)
{
    return read_range(r, lb <= ub, lb, ub - lb, out);
}

int asn1rt_i_per_write_uint_range(asn1rt_per_writer *w, uint64_t lb, uint64_t ub, uint64_t v)
{
    return write_range(w, lb <= ub, v >= lb && v <= ub, ub - lb, v - lb);
}

/* per.h has these inline; these copies are for objects that call them by symbol. */
int asn1rt_per_read_int_range(asn1rt_per_reader *r, int64_t lb, int64_t ub, int64_t *out)
{
    return asn1rt_i_per_read_int_range(r, lb, ub, out);
}

int asn1rt_per_write_int_range(asn1rt_per_writer *w, int64_t lb, int64_t ub, int64_t v)
{
    return asn1rt_i_per_write_int_range(w, lb, ub, v);
}

int asn1rt_per_read_uint_range(asn1rt_per_reader *r, uint64_t lb, uint64_t ub, uint64_t *out)
{
    return asn1rt_i_per_read_uint_range(r, lb, ub, out);
}

int asn1rt_per_write_uint_range(asn1rt_per_writer *w, uint64_t lb, uint64_t ub, uint64_t v)
{
    return asn1rt_i_per_write_uint_range(w, lb, ub, v);
}

/* ------------------------------------------------------------------ */
/* Length determinants.                                                 */

/* One unconstrained determinant (11.9.3.6 - 11.9.3.8; aligned in APER):
 * *n items, and *m the multiple of 16K when it is a fragment, else 0. */
static int read_len_form(asn1rt_per_reader *r, size_t *n, unsigned *m)
{
    size_t start = r->pos, at;
    uint64_t b0, b1;
    int rc = asn1rt_per_read_align(r);
    if (rc != ASN1RT_OK)
        return rc;
    at = r->pos;
    rc = asn1rt_per_read_bits(r, 8, &b0);
    if (rc != ASN1RT_OK)
        return rewind_rc(r, start, rc);
    if (b0 < 0x80) {                      /* 11.9.3.6: 0..127 in one octet */
        *n = (size_t)b0;
        *m = 0;
        return ASN1RT_OK;
    }
    if (b0 < 0xC0) {                      /* 11.9.3.7: 128..16383 in two */
        rc = asn1rt_per_read_bits(r, 8, &b1);
        if (rc != ASN1RT_OK)
            return rewind_rc(r, start, rc);
        b1 |= (b0 & 0x3Fu) << 8;
        if (b1 < 128 && !(r->lax & ASN1RT_LAX_LENGTH))
            return fail_at(r, start, at, ASN1RT_E_LENGTH_NOT_MINIMAL);
        *n = (size_t)b1;
        *m = 0;
        return ASN1RT_OK;
    }
    if ((b0 & 0x3Fu) == 0 || (b0 & 0x3Fu) > 4)   /* 11.9.3.8.1: m is 1 to 4 */
        return fail_at(r, start, at, ASN1RT_E_PER_FRAGMENT);
    *m = (unsigned)(b0 & 0x3Fu);
    *n = (size_t)*m * ASN1RT_PER_16K;
    return ASN1RT_OK;
}

int asn1rt_per_read_length(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_per_length *st, size_t *n)
{
    return asn1rt_i_per_read_length(r, lb, ub, st, n);
}

int asn1rt_i_per_read_length(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_per_length *st, size_t *n)
{
    asn1rt_per_length s = { lb, ub, 0, r->pos, 0, false };
    size_t got;
    unsigned m;
    int rc;
    if (lb > ub)
        return ASN1RT_E_ARG;
    if (lb == ub && ub < 65536) {         /* 11.9.3.3 / 11.9.4.1: fixed, no bits */
        got = lb;
    } else if (ub < 65536) {              /* 11.9.3.3 / 11.9.4.1: a constrained number */
        uint64_t off;
        rc = asn1rt_per_read_constrained(r, ub - lb, &off);
        if (rc == ASN1RT_E_VALUE_CONSTRAINT)   /* a length beyond SIZE */
            rc = ASN1RT_E_SIZE_CONSTRAINT;
        if (rc != ASN1RT_OK)
            return rc;
        got = lb + (size_t)off;
    } else {
        rc = read_len_form(r, &got, &m);
        if (rc != ASN1RT_OK)
            return rc;
        if (got > ub || (m == 0 && got < lb))
            return fail_at(r, s.start_bit, s.start_bit, ASN1RT_E_SIZE_CONSTRAINT);
        s.last_m = m;
        s.more = m != 0;
    }
    s.total = got;
    *st = s;
    *n = got;
    return ASN1RT_OK;
}

int asn1rt_per_read_length_next(asn1rt_per_reader *r, asn1rt_per_length *st, size_t *n)
{
    size_t start = r->pos, got;
    unsigned m;
    int rc;
    if (!st->more)
        return ASN1RT_E_ARG;
    rc = read_len_form(r, &got, &m);
    if (rc != ASN1RT_OK)
        return rc;
    /* 11.9.3.8: 64K fragments while 64K remain, then one of 48K, 32K or
     * 16K, then the rest below 16K; so only a 64K fragment is followed by
     * another fragment. */
    if (m != 0 && st->last_m != 4)
        return fail_at(r, start, start, ASN1RT_E_PER_FRAGMENT);
    if (got > st->ub - st->total || (m == 0 && st->total + got < st->lb))
        return fail_at(r, start, st->start_bit, ASN1RT_E_SIZE_CONSTRAINT);
    st->total += got;
    st->last_m = m;
    st->more = m != 0;
    *n = got;
    return ASN1RT_OK;
}

/* One unconstrained determinant for `left` items; *k those it announces. */
static int write_len_form(asn1rt_per_writer *w, asn1rt_per_length *st, size_t left, size_t *k)
{
    size_t start = w->pos;
    size_t piece;
    int rc = asn1rt_per_write_align(w);
    if (rc != ASN1RT_OK)
        return rc;
    if (left < 128) {
        piece = left;
        rc = asn1rt_per_write_bits(w, 8, left);
    } else if (left < ASN1RT_PER_16K) {
        piece = left;
        rc = asn1rt_per_write_bits(w, 16, 0x8000u | left);
    } else {
        size_t m = left / ASN1RT_PER_16K;
        if (m > 4)
            m = 4;
        piece = m * ASN1RT_PER_16K;
        rc = asn1rt_per_write_bits(w, 8, 0xC0u | m);
    }
    if (rc != ASN1RT_OK) {
        asn1rt_i_per_rewind(w, start);
        return rc;
    }
    st->more = piece >= ASN1RT_PER_16K;
    st->last_m = st->more ? (unsigned)(piece / ASN1RT_PER_16K) : 0;
    st->total = left - piece;
    *k = piece;
    return ASN1RT_OK;
}

int asn1rt_per_write_length(asn1rt_per_writer *w, size_t lb, size_t ub, size_t count, asn1rt_per_length *st, size_t *k)
{
    asn1rt_per_length s = { lb, ub, 0, w->pos, 0, false };
    int rc;
    if (lb > ub)
        return ASN1RT_E_ARG;
    if (count < lb || count > ub)
        return ASN1RT_E_SIZE_CONSTRAINT;
    if (ub < 65536) {
        rc = lb == ub ? ASN1RT_OK : asn1rt_per_write_constrained(w, ub - lb, count - lb);
        if (rc != ASN1RT_OK)
            return rc;
        *st = s;
        *k = count;
        return ASN1RT_OK;
    }
    rc = write_len_form(w, &s, count, k);
    if (rc == ASN1RT_OK)
        *st = s;
    return rc;
}

int asn1rt_per_write_length_next(asn1rt_per_writer *w, asn1rt_per_length *st, size_t *k)
{
    if (!st->more)
        return ASN1RT_E_ARG;
    return write_len_form(w, st, st->total, k);
}

/* ------------------------------------------------------------------ */
/* Semi-constrained, unconstrained and normally small numbers.         */

/* 11.7 / 11.8: an unconstrained octet count, then the octets (<= 8). */
static int read_number_octets(asn1rt_per_reader *r, bool twos, uint64_t *out)
{
    size_t start = r->pos, n;
    unsigned m;
    uint64_t v;
    int rc = read_len_form(r, &n, &m);
    if (rc != ASN1RT_OK)
        return rc;
    if (n == 0)
        return fail_at(r, start, start, ASN1RT_E_INTEGER_EMPTY);
    if (n > 8)
        return fail_at(r, start, start, ASN1RT_E_INTEGER_RANGE);
    rc = asn1rt_per_read_bits(r, (unsigned)n * 8u, &v);
    if (rc != ASN1RT_OK)
        return rewind_rc(r, start, rc);
    if (n > 1) {
        /* 11.7.3 minimal octets; 11.4.6 minimal two's complement: the first
         * nine bits are not all equal. */
        uint64_t top9 = v >> (8u * n - 9u);
        if (twos ? (top9 == 0 || top9 == 0x1FF) : (v >> (8u * (n - 1u))) == 0)
            return fail_at(r, start, start, ASN1RT_E_INTEGER_NOT_MINIMAL);
    }
    if (twos && n < 8 && (v >> (8u * n - 1u)))   /* sign-extend */
        v |= ~(uint64_t)0 << (8u * n);
    *out = v;
    return ASN1RT_OK;
}

static int write_number_octets(asn1rt_per_writer *w, unsigned n, uint64_t v)
{
    size_t start = w->pos;
    int rc = asn1rt_per_write_align(w);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_write_bits(w, 8, n);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_write_bits(w, n * 8u, n == 8 ? v : v & ((UINT64_C(1) << (n * 8u)) - 1u));
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

/* The semi-constrained forms: the offset from lb, at most max_off. */
static int read_semi(asn1rt_per_reader *r, uint64_t lb, uint64_t max_off, uint64_t *out)
{
    size_t start = r->pos;
    uint64_t off;
    int rc = read_number_octets(r, false, &off);
    if (rc != ASN1RT_OK)
        return rc;
    if (off > max_off)
        return fail_at(r, start, start, ASN1RT_E_INTEGER_RANGE);
    *out = lb + off;
    return ASN1RT_OK;
}

static int write_semi(asn1rt_per_writer *w, bool inside, uint64_t off)
{
    if (!inside)
        return ASN1RT_E_VALUE_CONSTRAINT;
    return write_number_octets(w, octets_for(off), off);
}

int asn1rt_per_read_semi_uint(asn1rt_per_reader *r, uint64_t lb, uint64_t *out)
{
    return read_semi(r, lb, UINT64_MAX - lb, out);
}

int asn1rt_per_write_semi_uint(asn1rt_per_writer *w, uint64_t lb, uint64_t v)
{
    return write_semi(w, v >= lb, v - lb);
}

int asn1rt_per_read_semi_int(asn1rt_per_reader *r, int64_t lb, int64_t *out)
{
    uint64_t u;
    int rc = read_semi(r, (uint64_t)lb, (uint64_t)INT64_MAX - (uint64_t)lb, &u);
    if (rc == ASN1RT_OK)
        *out = to_int64(u);
    return rc;
}

int asn1rt_per_write_semi_int(asn1rt_per_writer *w, int64_t lb, int64_t v)
{
    return write_semi(w, v >= lb, (uint64_t)v - (uint64_t)lb);
}

int asn1rt_per_read_int(asn1rt_per_reader *r, int64_t *out)
{
    uint64_t v;
    int rc = read_number_octets(r, true, &v);
    if (rc == ASN1RT_OK)
        *out = to_int64(v);
    return rc;
}

int asn1rt_per_write_int(asn1rt_per_writer *w, int64_t v)
{
    /* 11.4.6: the fewest octets whose two's complement holds v. */
    unsigned n = 1;
    while (n < 8 && (v < -(INT64_C(1) << (8 * n - 1)) || v >= (INT64_C(1) << (8 * n - 1))))
        n++;
    return write_number_octets(w, n, (uint64_t)v);
}

int asn1rt_per_read_small(asn1rt_per_reader *r, uint64_t *out)
{
    size_t start = r->pos;
    bool big;
    uint64_t v;
    int rc = asn1rt_per_read_bit(r, &big);
    if (rc != ASN1RT_OK)
        return rc;
    rc = big ? read_number_octets(r, false, &v) : asn1rt_per_read_bits(r, 6, &v);
    if (rc != ASN1RT_OK)
        return rewind_rc(r, start, rc);
    if (big && v <= 63)                   /* 11.6.1: 0..63 take the short form */
        return fail_at(r, start, start, ASN1RT_E_INTEGER_NOT_MINIMAL);
    *out = v;
    return ASN1RT_OK;
}

int asn1rt_per_write_small(asn1rt_per_writer *w, uint64_t v)
{
    size_t start = w->pos;
    int rc;
    if (v <= 63)
        return asn1rt_per_write_bits(w, 7, v);
    rc = asn1rt_per_write_bit(w, true);
    if (rc == ASN1RT_OK)
        rc = write_number_octets(w, octets_for(v), v);
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Bulk bits.                                                           */

/* n whole octets starting at bit pos of the input into dst. */
static void copy_in(const uint8_t *base, size_t pos, uint8_t *dst, size_t n)
{
    const uint8_t *s = base + (pos >> 3);
    unsigned sh = (unsigned)(pos & 7u);
    if (sh == 0) {
        memcpy(dst, s, n);
        return;
    }
    /* The bits end inside s[n], which the caller's bound check covers:
     * 8 octets a shift while s[i + 8] is at most s[n], then one at a time
     * (UPER's unaligned open types and octet strings, NGAP's IEs). */
    size_t i = 0;
    for (; i + 8u <= n; i += 8)
        asn1rt_i_store_be64(dst + i, (asn1rt_i_load_be64(s + i) << sh) | (uint64_t)(s[i + 8] >> (8u - sh)));
    for (; i < n; i++)
        dst[i] = (uint8_t)((s[i] << sh) | (s[i + 1] >> (8u - sh)));
}

/* n whole octets from src at the writer's position. src may lie in w's
 * buffer at or after the octet being written (open types move their
 * content back this way): each source octet is read before its place is
 * written. */
static int write_octets_raw(asn1rt_per_writer *w, const uint8_t *src, size_t n)
{
    size_t b = w->pos >> 3;
    unsigned sh = (unsigned)(w->pos & 7u);
    if ((w->cap * 8u - w->pos) / 8u < n)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    if (n == 0)
        return ASN1RT_OK;
    if (sh == 0) {
        memmove(w->buf + b, src, n);
        if (b + n < w->cap)
            w->buf[b + n] = 0;
    } else {
        uint8_t keep = (uint8_t)(w->buf[b] & (0xFFu << (8u - sh)));
        for (size_t i = 0; i < n; i++) {
            uint8_t c = src[i];
            w->buf[b + i] = (uint8_t)(keep | (c >> sh));
            keep = (uint8_t)(c << (8u - sh));
        }
        w->buf[b + n] = keep;
    }
    w->pos += n * 8u;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* OCTET STRING and BIT STRING, and the pieces of a fragmented field.  */

/* Reads a field of `items` units of `unit` bits (8 or 1), in pieces as the
 * length determinants give them. store: where the octets go (NULL: skip). */
typedef struct piece_out {
    asn1rt_arena *arena;
    bool store;
    const uint8_t *ptr;   /* the view or the start of the arena copy */
    size_t nbits;
    bool copied;
} piece_out;

/* One piece of nbits at the reader's position: a view when it is the first
 * piece, aligned, whole octets; else appended to the arena copy. */
static int take_piece(asn1rt_per_reader *r, size_t nbits, bool first, bool view_ok, piece_out *o)
{
    size_t start = r->pos;
    if (r->end - r->pos < nbits)
        return per_fail(r, start, ASN1RT_E_TRUNCATED);
    if (nbits == 0 && !first)             /* an empty last piece adds nothing */
        return ASN1RT_OK;
    if (!o->store || nbits == 0) {
        r->pos += nbits;
        return ASN1RT_OK;
    }
    if (first && view_ok && (r->pos & 7u) == 0 && (nbits & 7u) == 0) {
        o->ptr = r->base + (r->pos >> 3);
        o->nbits = nbits;
        o->copied = false;
        r->pos += nbits;
        return ASN1RT_OK;
    }
    if (!first && !o->copied) {
        /* A second piece: the first, a view so far, moves to the arena. */
        const uint8_t *v = o->ptr;
        size_t n = o->nbits / 8;
        void *p;
        if (o->arena == NULL || asn1rt_arena_alloc(o->arena, n, 1, &p) != ASN1RT_OK)
            return per_fail(r, start, ASN1RT_E_ARENA_FULL);
        if (n)
            memcpy(p, v, n);
        o->ptr = p;
        o->copied = true;
    }
    {
        /* Only whole octets join (fragments are 16K multiples of octets or
         * of bits, so every piece but the last is whole octets). */
        size_t n = (nbits + 7u) / 8u, whole = nbits / 8u;
        void *p;
        uint8_t *d;
        if (o->arena == NULL || asn1rt_arena_alloc(o->arena, n, 1, &p) != ASN1RT_OK)
            return per_fail(r, start, ASN1RT_E_ARENA_FULL);
        d = p;
        if (first) {
            o->ptr = d;
            o->nbits = 0;
            o->copied = true;
        }
        copy_in(r->base, r->pos, d, whole);
        if (nbits & 7u) {
            unsigned rem = (unsigned)(nbits & 7u);
            d[whole] = (uint8_t)(asn1rt_i_per_peek(r->base, r->pos + whole * 8u, rem) << (8u - rem));
        }
        o->nbits += nbits;
        r->pos += nbits;
    }
    return ASN1RT_OK;
}

/* What reads one piece of n items of a string: octets or bits (o) or
 * characters (a). */
typedef struct piece_reader {
    unsigned unit;                 /* bits per item of o */
    piece_out *o;
    const asn1rt_per_alphabet *a;  /* characters, when not NULL */
    unsigned b;
    bool map;
    asn1rt_arena *arena;
    asn1rt_view *v;
} piece_reader;

static int take_chars(asn1rt_per_reader *r, const asn1rt_per_alphabet *a, unsigned b, bool map, size_t n,
                      bool first, asn1rt_arena *arena, asn1rt_view *out);

/* The length determinant of lb..ub items and the pieces it announces
 * (11.9.3.8 fragments): each non-empty piece aligned in APER when align.
 * Inline, so that each caller's pr folds to a direct call. The caller
 * rewinds on failure. */
ASN1RT_INLINE int read_pieces(asn1rt_per_reader *r, size_t lb, size_t ub, bool align, const piece_reader *pr)
{
    asn1rt_per_length st;
    size_t n;
    int rc = asn1rt_per_read_length(r, lb, ub, &st, &n);
    if (rc != ASN1RT_OK)
        return rc;
    for (bool first = true;; first = false) {
        if (n > 0 && align && (rc = asn1rt_per_read_align(r)) != ASN1RT_OK)
            return rc;
        rc = pr->a ? take_chars(r, pr->a, pr->b, pr->map, n, first, pr->arena, pr->v)
                   : take_piece(r, n * pr->unit, first, true, pr->o);
        if (rc != ASN1RT_OK)
            return rc;
        if (!st.more)
            return ASN1RT_OK;
        if ((rc = asn1rt_per_read_length_next(r, &st, &n)) != ASN1RT_OK)
            return rc;
    }
}

/* X.691 16 and 17 in one: unit 8 for octets, 1 for bits; fixed_max the
 * largest fixed size with no alignment (2 octets, 16 bits). */
static int read_string(asn1rt_per_reader *r, size_t lb, size_t ub, unsigned unit, size_t fixed_max,
                       piece_out *o)
{
    size_t start = r->pos, mark = o->arena ? asn1rt_arena_mark(o->arena) : 0;
    int rc;
    if (lb > ub)
        return ASN1RT_E_ARG;
    o->ptr = r->base;
    o->nbits = 0;
    o->copied = false;
    if (ub == 0)
        return ASN1RT_OK;
    if (lb == ub) {
        if (ub > fixed_max && ub < 65536) {   /* 16.10, 17.7: aligned, no length */
            rc = asn1rt_per_read_align(r);
            if (rc != ASN1RT_OK)
                return rc;
        }
        if (ub < 65536) {                     /* 16.9, 17.6: no length */
            rc = take_piece(r, ub * unit, true, true, o);
            if (rc != ASN1RT_OK)
                goto fail;
            return ASN1RT_OK;
        }
    }
    piece_reader pr = { unit, o, NULL, 0, false, NULL, NULL };
    rc = read_pieces(r, lb, ub, true, &pr);   /* 16.11, 17.8: the bits aligned in APER */
    if (rc == ASN1RT_OK)
        return ASN1RT_OK;
fail:
    if (o->arena)
        asn1rt_arena_reset(o->arena, mark);
    r->pos = start;
    return rc;
}

/* read_string's result as a view of whole octets (the last one's low bits
 * unused) and its length in bits; *v untouched on failure. */
static int read_string_view(asn1rt_per_reader *r, size_t lb, size_t ub, unsigned unit, size_t fixed_max,
                            asn1rt_arena *arena, asn1rt_view *v, size_t *nbits)
{
    piece_out o = { arena, true, NULL, 0, false };
    int rc = read_string(r, lb, ub, unit, fixed_max, &o);
    if (rc == ASN1RT_OK) {
        v->ptr = o.ptr;
        v->len = (o.nbits + 7u) / 8u;
        *nbits = o.nbits;
    }
    return rc;
}

int asn1rt_per_read_octets(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_arena *arena, asn1rt_view *out)
{
    size_t nbits;
    return read_string_view(r, lb, ub, 8, 2, arena, out, &nbits);
}

int asn1rt_per_read_bitstring(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_arena *arena, asn1rt_bits *out)
{
    asn1rt_view v;
    size_t nbits;
    int rc = read_string_view(r, lb, ub, 1, 16, arena, &v, &nbits);
    if (rc == ASN1RT_OK) {
        out->ptr = v.ptr;
        out->len = v.len;
        out->unused = (uint8_t)(v.len * 8u - nbits);
    }
    return rc;
}

/* Writes nbits from src (whole octets, then the top bits of the last). */
static int put_piece(asn1rt_per_writer *w, const uint8_t *src, size_t nbits)
{
    size_t whole = nbits / 8u;
    unsigned rem = (unsigned)(nbits & 7u);
    int rc;
    if (w->cap * 8u - w->pos < nbits)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    rc = write_octets_raw(w, src, whole);
    if (rc == ASN1RT_OK && rem)
        rc = asn1rt_per_write_bits(w, rem, (uint64_t)(src[whole] >> (8u - rem)));
    return rc;
}

/* count items (lb..ub of them) by put(w, ctx, first, k), which writes
 * items [first, first + k): a fixed count below 64K without a length
 * (X.691 16.9-16.10, 17.6-17.7 for the strings), aligned when align_fixed; else
 * a length determinant, in fragments of 16K when it needs them (11.9),
 * each fragment's items aligned when align_frag. Nothing is left written
 * on failure. */
typedef int (*put_items_fn)(asn1rt_per_writer *w, const void *ctx, size_t first, size_t k);

static int write_items(asn1rt_per_writer *w, size_t lb, size_t ub, size_t count, bool align_fixed, bool align_frag,
                       put_items_fn put, const void *ctx)
{
    size_t start = w->pos, k, done = 0;
    asn1rt_per_length st;
    int rc;
    if (ub == 0)
        return ASN1RT_OK;
    if (lb == ub && ub < 65536) {
        rc = align_fixed ? asn1rt_per_write_align(w) : ASN1RT_OK;
        if (rc == ASN1RT_OK)
            rc = put(w, ctx, 0, count);
    } else {
        rc = asn1rt_per_write_length(w, lb, ub, count, &st, &k);
        while (rc == ASN1RT_OK) {
            if (k > 0 && align_frag)
                rc = asn1rt_per_write_align(w);
            if (rc == ASN1RT_OK)
                rc = put(w, ctx, done, k);
            done += k;
            if (rc != ASN1RT_OK || !st.more)
                break;
            rc = asn1rt_per_write_length_next(w, &st, &k);
        }
    }
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

typedef struct {
    const uint8_t *src;
    unsigned unit;
} string_items;

static int put_string_items(asn1rt_per_writer *w, const void *ctx, size_t first, size_t k)
{
    const string_items *s = ctx;
    return put_piece(w, s->src + first * s->unit / 8u, k * s->unit);
}

static int write_string(asn1rt_per_writer *w, size_t lb, size_t ub, unsigned unit, size_t fixed_max,
                        const uint8_t *src, size_t count)
{
    string_items s = { src, unit };
    if (lb > ub || count > SIZE_MAX / 8 || (src == NULL && count > 0))
        return ASN1RT_E_ARG;
    if (count < lb || count > ub)
        return ASN1RT_E_SIZE_CONSTRAINT;
    return write_items(w, lb, ub, count, ub > fixed_max, true, put_string_items, &s);
}

int asn1rt_per_write_octets(asn1rt_per_writer *w, size_t lb, size_t ub, const uint8_t *p, size_t n)
{
    return write_string(w, lb, ub, 8, 2, p, n);
}

int asn1rt_per_write_bitstring(asn1rt_per_writer *w, size_t lb, size_t ub, const asn1rt_bits *v)
{
    if (v == NULL || v->unused > 7 || (v->len == 0 && v->unused != 0) || v->len > SIZE_MAX / 8)
        return ASN1RT_E_ARG;
    return write_string(w, lb, ub, 1, 16, v->ptr, v->len * 8u - v->unused);
}

/* ------------------------------------------------------------------ */
/* Known-multiplier character strings (X.691 30.5).                    */

static const uint32_t ranges_ia5[][2] = { { 0, 127 } };
static const uint32_t ranges_visible[][2] = { { 32, 126 } };
/* X.680 41.4 Table 10: space ' ( ) + , - . / 0-9 : = ? A-Z a-z */
static const uint32_t ranges_printable[][2] = { { 32, 32 }, { 39, 41 }, { 43, 58 }, { 61, 61 },
                                                { 63, 63 }, { 65, 90 }, { 97, 122 } };
static const uint32_t ranges_numeric[][2] = { { 32, 32 }, { 48, 57 } };
static const uint32_t ranges_bmp[][2] = { { 0, 65535 } };
static const uint32_t ranges_universal[][2] = { { 0, UINT32_MAX } };

const asn1rt_per_alphabet asn1rt_per_alpha_ia5 = { ranges_ia5, 1, 128, 1 };
const asn1rt_per_alphabet asn1rt_per_alpha_visible = { ranges_visible, 1, 95, 1 };
const asn1rt_per_alphabet asn1rt_per_alpha_printable = { ranges_printable, 7, 74, 1 };
const asn1rt_per_alphabet asn1rt_per_alpha_numeric = { ranges_numeric, 2, 11, 1 };
const asn1rt_per_alphabet asn1rt_per_alpha_bmp = { ranges_bmp, 1, 65536, 2 };
const asn1rt_per_alphabet asn1rt_per_alpha_universal = { ranges_universal, 1, UINT64_C(1) << 32, 4 };

unsigned asn1rt_per_char_bits(const asn1rt_per_alphabet *a, bool aligned)
{
    unsigned b = asn1rt_per_bits_for(a->count - 1u), p = 1;
    if (!aligned)
        return b;
    while (p < b)
        p *= 2;
    return p;
}

/* 30.5.4: index mapping when the largest value does not fit b bits. */
static bool needs_index(const asn1rt_per_alphabet *a, unsigned b)
{
    return b < 32 && a->ranges[a->nranges - 1][1] > (UINT32_C(1) << b) - 1u;
}

/* The index of c in the alphabet, or false when c is not in it. */
static inline bool char_index(const asn1rt_per_alphabet *a, uint32_t c, uint64_t *idx)
{
    uint64_t base = 0;
    if (a->nranges == 1) {                /* the whole-alphabet types and FROM ("a".."z") */
        *idx = (uint64_t)c - a->ranges[0][0];
        return c >= a->ranges[0][0] && c <= a->ranges[0][1];
    }
    for (unsigned i = 0; i < a->nranges; i++) {
        if (c < a->ranges[i][0])
            return false;
        if (c <= a->ranges[i][1]) {
            *idx = base + (c - a->ranges[i][0]);
            return true;
        }
        base += (uint64_t)a->ranges[i][1] - a->ranges[i][0] + 1u;
    }
    return false;
}

static uint32_t char_at(const asn1rt_per_alphabet *a, uint64_t idx)
{
    for (unsigned i = 0;; i++) {
        uint64_t n = (uint64_t)a->ranges[i][1] - a->ranges[i][0] + 1u;
        if (idx < n)
            return (uint32_t)(a->ranges[i][0] + idx);
        idx -= n;
    }
}

static void store_char(uint8_t *d, unsigned width, uint32_t c)
{
    for (unsigned i = width; i-- > 0; c >>= 8)
        d[i] = (uint8_t)c;
}

static uint32_t load_char(const uint8_t *s, unsigned width)
{
    uint32_t c = 0;
    for (unsigned i = 0; i < width; i++)
        c = c << 8 | s[i];
    return c;
}

/* One piece of n characters: checked, and a view or appended to the copy. */
static int take_chars(asn1rt_per_reader *r, const asn1rt_per_alphabet *a, unsigned b, bool map, size_t n,
                      bool first, asn1rt_arena *arena, asn1rt_view *out)
{
    size_t start = r->pos;
    uint8_t *d;
    void *p;
    /* n < 64K + 1 for every caller (a fixed size or one piece), b <= 32: no overflow, no division. */
    if ((uint64_t)n * b > r->end - r->pos)
        return per_fail(r, start, ASN1RT_E_TRUNCATED);
    if (n == 0)                           /* out keeps what it has */
        return ASN1RT_OK;
    if (first && r->aligned && !map && b == 8u * a->width && (r->pos & 7u) == 0) {
        /* The wire form is the in-memory form: check it in place. */
        const uint8_t *s = r->base + (r->pos >> 3);
        uint64_t idx;
        if (!(a->width == 1 && a->nranges == 1 && !asn1rt_i_per_octets_outside(s, n, a->ranges[0][0], a->ranges[0][1])))
            for (size_t i = 0; i < n; i++)
                if (!char_index(a, load_char(s + i * a->width, a->width), &idx))
                    return per_fail(r, start + i * b, ASN1RT_E_STRING_ALPHABET);
        out->ptr = s;
        out->len = n * a->width;
        r->pos += n * b;
        return ASN1RT_OK;
    }
    if (!first && out->len > 0 && (arena == NULL || out->ptr + out->len != arena->buf + arena->used)) {
        /* The first piece was a view: move it to the arena. */
        asn1rt_view v;
        if (arena == NULL || asn1rt_arena_copy(arena, out->ptr, out->len, &v) != ASN1RT_OK)
            return per_fail(r, start, ASN1RT_E_ARENA_FULL);
        *out = v;
    }
    if (arena != NULL && arena->cap - arena->used >= n * a->width) {   /* asn1rt_arena_alloc's bump, inline */
        p = arena->buf + arena->used;
        arena->used += n * a->width;
    } else if (arena == NULL || asn1rt_arena_alloc(arena, n * a->width, 1, &p) != ASN1RT_OK) {
        return per_fail(r, start, ASN1RT_E_ARENA_FULL);
    }
    d = p;
    if (first || out->len == 0)
        out->ptr = d;
    if (a->width == 1 && a->nranges == 1 && b - 1u < 8u && asn1rt_i_per_unpack_chars1(r, b, map, n, a->ranges[0][0], a->ranges[0][1], d, n)) {
        out->len += n;
        r->pos += n * b;
        return ASN1RT_OK;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t v = b ? asn1rt_i_per_peek_r(r, r->pos + i * b, b) : 0, idx;
        uint32_t c;
        if (map) {
            if (v >= a->count)
                return per_fail(r, r->pos + i * b, ASN1RT_E_STRING_ALPHABET);
            c = char_at(a, v);
        } else {
            c = (uint32_t)v;
            if (!char_index(a, c, &idx))
                return per_fail(r, r->pos + i * b, ASN1RT_E_STRING_ALPHABET);
        }
        if (a->width == 1)
            d[i] = (uint8_t)c;
        else
            store_char(d + i * a->width, a->width, c);
    }
    out->len += n * a->width;
    r->pos += n * b;
    return ASN1RT_OK;
}

int asn1rt_per_read_chars(asn1rt_per_reader *r, size_t lb, size_t ub, const asn1rt_per_alphabet *a,
                          asn1rt_arena *arena, asn1rt_view *out)
{
    size_t start = r->pos, mark = arena ? asn1rt_arena_mark(arena) : 0;
    asn1rt_view v = { r->base, 0 };
    unsigned b;
    bool map, align_var;
    int rc;
    if (a == NULL || a->count == 0 || lb > ub || (a->width != 1 && a->width != 2 && a->width != 4))
        return ASN1RT_E_ARG;
    b = asn1rt_per_char_bits(a, r->aligned);
    map = needs_index(a, b);
    align_var = b != 0 && (ub > 16u || ub * b > 16u);   /* ub * b > 16, without a division */
    if (ub == 0) {
        *out = v;
        return ASN1RT_OK;
    }
    if (a->width == 1 && a->nranges == 1 && b - 1u < 8u) {
        /* The common strings, flat: one-octet characters of a one-range
         * alphabet in one piece. Anything else, and any failure, goes the
         * general way below from the start, which reports it. */
        size_t n = ub;
        uint64_t off;
        if (ub >= 65536) {                /* 11.9.3.6: 0..127 in one octet, aligned in APER */
            if (asn1rt_per_read_align(r) != ASN1RT_OK || r->end - r->pos < 8)
                goto general;
            off = asn1rt_i_per_peek_r(r, r->pos, 8);
            if (off >= 0x80 || off < lb || off > ub)
                goto general;
            r->pos += 8;
            n = (size_t)off;
        } else if (lb != ub) {
            if (asn1rt_per_read_constrained(r, ub - lb, &off) != ASN1RT_OK)
                goto general;
            n = lb + (size_t)off;
        }
        if (n == 0) {
            *out = v;
            return ASN1RT_OK;
        }
        if ((align_var && asn1rt_per_read_align(r) != ASN1RT_OK) || (uint64_t)n * b > r->end - r->pos)
            goto general;
        if (r->aligned && b == 8 && !map && (r->pos & 7u) == 0) {   /* APER: a view, checked in place */
            const uint8_t *sv = r->base + (r->pos >> 3);
            if (asn1rt_i_per_octets_outside(sv, n, a->ranges[0][0], a->ranges[0][1]))
                goto general;
            out->ptr = sv;
            out->len = n;
            r->pos += 8u * n;
            return ASN1RT_OK;
        }
        if (arena == NULL || arena->cap - arena->used < n || !asn1rt_i_per_unpack_chars1(r, b, map, n, a->ranges[0][0], a->ranges[0][1], arena->buf + arena->used, arena->cap - arena->used))
            goto general;
        out->ptr = arena->buf + arena->used;
        out->len = n;
        arena->used += n;
        r->pos += (size_t)n * b;
        return ASN1RT_OK;
    general:
        r->pos = start;
    }
    {
        /* One piece: a fixed size, a constrained length, or the one-octet
         * unconstrained form (what nearly every string has). Fragments and
         * every failure of the determinant go the general way below, which
         * reads it again and reports it. */
        size_t n = ub;
        uint64_t off;
        bool one = lb == ub && ub < 65536;   /* 30.5.7: fixed, no length */
        if (!one && ub < 65536) {
            one = asn1rt_per_read_constrained(r, ub - lb, &off) == ASN1RT_OK;
            n = lb + (size_t)off;
        } else if (!one && asn1rt_per_read_align(r) == ASN1RT_OK && r->end - r->pos >= 8) {
            off = asn1rt_i_per_peek_r(r, r->pos, 8);   /* 11.9.3.6: 0..127 in one octet */
            one = off < 0x80 && off >= lb && off <= ub;
            n = (size_t)off;
            if (one)
                r->pos += 8;
        }
        if (one) {
            /* 30.5.7: ub * b <= 16 bits: no alignment; else aligned in APER. */
            rc = n > 0 && align_var ? asn1rt_per_read_align(r) : ASN1RT_OK;
            if (rc == ASN1RT_OK)
                rc = take_chars(r, a, b, map, n, true, arena, &v);
            if (rc != ASN1RT_OK)
                goto fail;
            *out = v;
            return ASN1RT_OK;
        }
        r->pos = start;
    }
    piece_reader pr = { 0, NULL, a, b, map, arena, &v };
    rc = read_pieces(r, lb, ub, align_var, &pr);
    if (rc == ASN1RT_OK) {
        *out = v;
        return ASN1RT_OK;
    }
fail:
    if (arena)
        asn1rt_arena_reset(arena, mark);
    r->pos = start;
    return rc;
}

static int put_chars(asn1rt_per_writer *w, const asn1rt_per_alphabet *a, unsigned b, bool map, const uint8_t *p,
                     size_t n)
{
    if (a->width == 1 && a->nranges == 1 && b - 1u < 8u && (w->cap * 8u - w->pos) / b >= n)
        return asn1rt_i_per_pack_chars1(w, b, map, p, n, a->ranges[0][0], a->ranges[0][1]);
    for (size_t i = 0; i < n; i++) {
        uint32_t c = a->width == 1 ? p[i] : load_char(p + i * a->width, a->width);
        uint64_t idx;
        int rc;
        if (!char_index(a, c, &idx))
            return ASN1RT_E_STRING_ALPHABET;
        rc = asn1rt_per_write_bits(w, b, map ? idx : c);
        if (rc != ASN1RT_OK)
            return rc;
    }
    return ASN1RT_OK;
}

typedef struct {
    const asn1rt_per_alphabet *a;
    unsigned b;
    bool map;
    const uint8_t *p;
} char_items;

static int put_char_items(asn1rt_per_writer *w, const void *ctx, size_t first, size_t k)
{
    const char_items *c = ctx;
    return put_chars(w, c->a, c->b, c->map, c->p + first * c->a->width, k);
}

int asn1rt_per_write_chars(asn1rt_per_writer *w, size_t lb, size_t ub, const asn1rt_per_alphabet *a,
                           const uint8_t *p, size_t n)
{
    size_t start = w->pos, count;
    unsigned b;
    bool map, align_var;
    int rc;
    if (a == NULL || a->count == 0 || lb > ub || (a->width != 1 && a->width != 2 && a->width != 4) ||
        (n & (a->width - 1u)) != 0 || (p == NULL && n > 0))
        return ASN1RT_E_ARG;
    count = n >> (a->width >> 1);   /* width 1, 2, 4: no division */
    if (count < lb || count > ub)
        return ASN1RT_E_SIZE_CONSTRAINT;
    b = asn1rt_per_char_bits(a, w->aligned);
    map = needs_index(a, b);
    align_var = b != 0 && (ub > 16u || ub * b > 16u);
    if (ub == 0)
        return ASN1RT_OK;
    if (a->width == 1 && a->nranges == 1 && b - 1u < 8u && (ub < 65536 || count < 128)) {
        /* The common strings, flat: a length (or a fixed size), then
         * one-octet characters of a one-range alphabet in one piece. */
        if (lb == ub && ub < 65536)
            rc = ASN1RT_OK;
        else if (ub < 65536)
            rc = asn1rt_per_write_constrained(w, ub - lb, count - lb);
        else if ((rc = asn1rt_per_write_align(w)) == ASN1RT_OK)
            rc = asn1rt_per_write_bits(w, 8, count);   /* 11.9.3.6 */
        if (rc == ASN1RT_OK && count > 0 && align_var)
            rc = asn1rt_per_write_align(w);
        if (rc == ASN1RT_OK)
            rc = (uint64_t)count * b <= w->cap * 8u - w->pos ? asn1rt_i_per_pack_chars1(w, b, map, p, count, a->ranges[0][0], a->ranges[0][1])
                                                              : put_chars(w, a, b, map, p, count);
        if (rc != ASN1RT_OK)
            asn1rt_i_per_rewind(w, start);
        return rc;
    }
    if (ub < 65536 || count < 128) {
        /* One piece (asn1rt_per_write_length's forms, without its state):
         * 30.5.7 fixed size, no length; a constrained length; 11.9.3.6 one
         * octet, aligned in APER. */
        if (lb == ub && ub < 65536)
            rc = ASN1RT_OK;
        else if (ub < 65536)
            rc = asn1rt_per_write_constrained(w, ub - lb, count - lb);
        else if ((rc = asn1rt_per_write_align(w)) == ASN1RT_OK)
            rc = asn1rt_per_write_bits(w, 8, count);
        if (rc == ASN1RT_OK && count > 0 && align_var)
            rc = asn1rt_per_write_align(w);
        if (rc == ASN1RT_OK)
            rc = put_chars(w, a, b, map, p, count);
        goto out;
    }
    {
        /* Fragments (11.9), as OCTET and BIT STRING's. */
        char_items c = { a, b, map, p };
        return write_items(w, lb, ub, count, align_var, align_var, put_char_items, &c);
    }
out:
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Open types and big integers.                                         */

int asn1rt_per_read_open(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_view *out)
{
    return asn1rt_per_read_octets(r, 0, ASN1RT_PER_NO_UB, arena, out);
}

int asn1rt_per_skip_open(asn1rt_per_reader *r)
{
    piece_out o = { NULL, false, NULL, 0, false };
    return read_string(r, 0, ASN1RT_PER_NO_UB, 8, 2, &o);
}

int asn1rt_per_write_open(asn1rt_per_writer *w, const uint8_t *p, size_t n)
{
    if (n == 0)                           /* 11.1.3: a complete encoding has an octet */
        return ASN1RT_E_ARG;
    return asn1rt_per_write_octets(w, 0, ASN1RT_PER_NO_UB, p, n);
}

void asn1rt_per_write_open_begin(asn1rt_per_writer *w, asn1rt_per_writer *inner)
{
    size_t q = (w->pos >> 3) + 3u;
    if (q > w->cap)
        q = w->cap;
    inner->buf = w->buf + q;
    inner->cap = w->cap - q;
    inner->pos = 0;
    inner->aligned = w->aligned;
    if (inner->cap > 0)
        inner->buf[0] = 0;
}

int asn1rt_per_write_open_end(asn1rt_per_writer *w, asn1rt_per_writer *inner)
{
    size_t len;
    const uint8_t *src = inner->buf;
    int rc = asn1rt_per_writer_finish(inner, &len);
    if (rc != ASN1RT_OK)
        return rc;
    if (len >= ASN1RT_PER_16K) {
        /* Fragments put a determinant inside the octets: move them to the
         * end of the buffer first, so that the writer, never more than the
         * determinants behind them, reads each octet before it overwrites it. */
        size_t at = w->cap - len, need = (w->pos >> 3) + len / 65536u + 5u;
        if (w->cap - len < need)
            return ASN1RT_E_BUFFER_TOO_SMALL;
        memmove(w->buf + at, inner->buf, len);
        src = w->buf + at;
    }
    return asn1rt_per_write_open(w, src, len);
}

int asn1rt_per_read_bigint(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_bigint *out)
{
    return asn1rt_i_per_read_bigint(r, arena, out);
}

int asn1rt_per_write_bigint(asn1rt_per_writer *w, const asn1rt_bigint *v)
{
    return asn1rt_i_per_write_bigint(w, v);
}

int asn1rt_i_per_read_bigint(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_bigint *out)
{
    size_t start = r->pos, mark = arena ? asn1rt_arena_mark(arena) : 0;
    asn1rt_view v;
    int rc = asn1rt_per_read_octets(r, 0, ASN1RT_PER_NO_UB, arena, &v);
    if (rc != ASN1RT_OK)
        return rc;
    rc = v.len == 0 ? ASN1RT_E_INTEGER_EMPTY : asn1rt_check_integer(v.ptr, v.len, r->lax);
    if (rc != ASN1RT_OK) {
        if (arena)
            asn1rt_arena_reset(arena, mark);
        return fail_at(r, start, start, rc);
    }
    *out = v;
    return ASN1RT_OK;
}

int asn1rt_i_per_write_bigint(asn1rt_per_writer *w, const asn1rt_bigint *v)
{
    int rc;
    if (v == NULL)
        return ASN1RT_E_ARG;
    if (v->len == 0)
        return ASN1RT_E_INTEGER_EMPTY;
    rc = asn1rt_check_integer(v->ptr, v->len, 0);
    if (rc != ASN1RT_OK)
        return rc;
    return asn1rt_per_write_octets(w, 0, ASN1RT_PER_NO_UB, v->ptr, v->len);
}

/* ------------------------------------------------------------------ */
/* Generated code's entry points and helpers.                          */

static int decode_whole(void *out, size_t size, bool zero_first, asn1rt_per_dec_fn dec, const uint8_t *in,
                        size_t len, bool aligned, unsigned lax, asn1rt_arena *arena, asn1rt_error *err)
{
    asn1rt_per_reader r;
    size_t mark = arena ? asn1rt_arena_mark(arena) : 0;
    int rc;
    asn1rt_error_clear(err);
    if (out == NULL || dec == NULL || asn1rt_per_reader_init(&r, in, len, aligned) != ASN1RT_OK) {
        if (err)
            err->code = ASN1RT_E_ARG;
        return ASN1RT_E_ARG;
    }
    r.lax = lax;
    if (zero_first)
        memset(out, 0, size);
    rc = dec(out, &r, arena, err);
    if (rc == ASN1RT_OK && (rc = asn1rt_per_reader_finish(&r)) != ASN1RT_OK && err && err->code == ASN1RT_OK) {
        err->code = rc;
        err->offset = r.err_bit;
    }
    if (rc != ASN1RT_OK) {
        memset(out, 0, size);
        if (arena)
            asn1rt_arena_reset(arena, mark);
    }
    return rc;
}

int asn1rt_per_decode_whole(void *out, size_t size, asn1rt_per_dec_fn dec, const uint8_t *in, size_t len,
                            bool aligned, unsigned lax, asn1rt_arena *arena, asn1rt_error *err)
{
    return decode_whole(out, size, true, dec, in, len, aligned, lax, arena, err);
}

int asn1rt_per_decode_set(void *out, size_t size, asn1rt_per_dec_fn dec, const uint8_t *in, size_t len,
                          bool aligned, unsigned lax, asn1rt_arena *arena, asn1rt_error *err)
{
    return decode_whole(out, size, false, dec, in, len, aligned, lax, arena, err);
}

int asn1rt_per_encode_whole(const void *in, asn1rt_per_enc_fn enc, uint8_t *buf, size_t cap, size_t *len,
                            bool aligned)
{
    asn1rt_per_writer w;
    int rc;
    if (in == NULL || enc == NULL || len == NULL || asn1rt_per_writer_init(&w, buf, cap, aligned) != ASN1RT_OK)
        return ASN1RT_E_ARG;
    rc = enc(in, &w);
    if (rc != ASN1RT_OK)
        return rc;
    return asn1rt_per_writer_finish(&w, len);
}

/* per.h has it inline; this copy is for objects that call it by symbol. */
int asn1rt_per_bigint_from_int(asn1rt_arena *arena, int64_t v, asn1rt_bigint *out)
{
    return asn1rt_i_per_bigint_from_int(arena, v, out);
}

int asn1rt_i_per_bigint_from_int(asn1rt_arena *arena, int64_t v, asn1rt_bigint *out)
{
    uint8_t tmp[8];
    unsigned n = 8, i = 0;
    uint64_t u = (uint64_t)v;
    asn1rt_view copy;
    int rc;
    for (unsigned k = 0; k < 8; k++)
        tmp[k] = (uint8_t)(u >> (56u - 8u * k));
    /* X.690 8.3.2: drop an octet that only repeats the next one's sign bit. */
    while (n - i > 1 && ((tmp[i] == 0x00 && !(tmp[i + 1] & 0x80u)) || (tmp[i] == 0xFF && (tmp[i + 1] & 0x80u))))
        i++;
    if (arena == NULL)
        return ASN1RT_E_ARENA_FULL;
    rc = asn1rt_arena_copy(arena, tmp + i, n - i, &copy);
    if (rc != ASN1RT_OK)
        return rc;
    *out = copy;
    return ASN1RT_OK;
}

int asn1rt_per_read_bits_fixed_outline(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena, asn1rt_bits *out)
{
    return asn1rt_per_read_bits_fixed(r, n, arena, out);
}

int asn1rt_per_read_octets_fixed_outline(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena, asn1rt_view *out)
{
    return asn1rt_per_read_octets_fixed(r, n, arena, out);
}
