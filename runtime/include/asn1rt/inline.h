/*
 * asn1rt/inline.h — the hot paths of asn1rt.h, as static inline functions,
 * and the one fast-path layer that gen.h (generated code) builds on.
 *
 * Included by asn1rt.h; do not include it directly. Two kinds of names:
 *  - asn1rt_* functions are the ones asn1rt.h declares and documents, with
 *    the same name and semantics;
 *  - asn1rt_i_* functions and ASN1RT_I_* macros are internal: the shared
 *    pieces of those fast paths (header parse and write, room, identifier
 *    octet, byte order) and the out-of-line slow halves. They are not part
 *    of the contract and may change with any release.
 * The inline part accepts only the common, valid DER case (identifier in
 * one octet, length in at most three, enough room); everything else goes to
 * an out-of-line asn1rt_i_slow_* function (runtime/reader.c, writer.c) which
 * is the single place that decides every error code and offset. A fast path
 * consumes or writes nothing unless it succeeds, so falling back always
 * starts from the original state.
 *
 * Why inline: a DER decoder's inner loop is tag + length + a few content
 * octets; a call and return would cost as much as the work itself.
 */
#ifndef ASN1RT_INLINE_H
#define ASN1RT_INLINE_H

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define ASN1RT_I_LIKELY(x)   __builtin_expect(!!(x), 1)
#define ASN1RT_I_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ASN1RT_I_COLD        __attribute__((cold, noinline))
#else
#define ASN1RT_I_LIKELY(x)   (x)
#define ASN1RT_I_UNLIKELY(x) (x)
#define ASN1RT_I_COLD
#endif

#define ASN1RT_I_CONSTRUCTED_BIT 0x20000000u

/* `return f(w, ...)` for a writer's out-of-line halves, made on a copy of
 * *w whose cursor (the one field they change, and only on success) is
 * taken back: no writer's address then leaves a flattened encoder, whose
 * writer stays in registers instead of being stored and reloaded around
 * every octet written through a uint8_t pointer, which may alias it
 * (gen.h's DER writers; oer.h's ASN1OER_I_RETURN_ON_COPY is the same for
 * its asn1oer_writer; docs/perf-findings.md 16, 20 and 27). */
#define ASN1RT_I_RETURN_ON_COPY(w, f, ...) \
    do { \
        asn1rt_writer asn1rt_i_t_ = *(w); \
        int asn1rt_i_rc_ = f(&asn1rt_i_t_, __VA_ARGS__); \
        (w)->pos = asn1rt_i_t_.pos; \
        return asn1rt_i_rc_; \
    } while (0)

/* ------------------------------------------------------------------ */
/* Out-of-line halves (not for direct use; names may change).          */

/* Full header parse at r->cur: no side effects, every error code. */
ASN1RT_MUST_USE int asn1rt_i_slow_parse_header(const asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len);
ASN1RT_I_COLD int asn1rt_i_slow_int64(asn1rt_reader *r, const uint8_t *p, size_t n, int64_t *out);
ASN1RT_I_COLD int asn1rt_i_slow_uint64(asn1rt_reader *r, const uint8_t *p, size_t n, uint64_t *out);
ASN1RT_I_COLD int asn1rt_i_slow_i128(asn1rt_reader *r, const uint8_t *p, size_t n, asn1rt_i128 *out);
ASN1RT_I_COLD int asn1rt_i_slow_u128(asn1rt_reader *r, const uint8_t *p, size_t n, asn1rt_u128 *out);
ASN1RT_MUST_USE int asn1rt_i_slow_prepend_header(asn1rt_writer *w, uint32_t tag, size_t content_len);
ASN1RT_MUST_USE size_t asn1rt_i_slow_header_len(uint32_t tag, size_t content_len);
/* BER header at r->cur (runtime/ber.c), for a reader with
 * ASN1RT_LAX_INDEFINITE: *eoc is 2 for an indefinite length (content
 * followed by end-of-contents) and 0 for a definite one. With walk, the
 * content of an indefinite element is walked to find *len; without it,
 * *len is 0 then. No side effects; on failure *err_offset says where. */
ASN1RT_MUST_USE int asn1rt_i_ber_header(const asn1rt_reader *r, bool walk, uint32_t *tag, size_t *hl, size_t *len,
                                        size_t *eoc, size_t *err_offset);
/* asn1rt_enter, and asn1rt_skip / asn1rt_read_raw (whole NULL: skip), of
 * a BER reader for the headers the DER parse does not take. */
ASN1RT_MUST_USE int asn1rt_i_ber_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child);
ASN1RT_MUST_USE int asn1rt_i_ber_element(asn1rt_reader *r, uint32_t *tag, asn1rt_view *whole);

/* ------------------------------------------------------------------ */
/* Byte order helpers.                                                  */

ASN1RT_INLINE uint64_t asn1rt_i_load_be64(const uint8_t *p)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, p, 8);
    return __builtin_bswap64(x);
#else
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x = (x << 8) | p[i];
    return x;
#endif
}

/* Octet k of p[0..7] in bits 8k..8k+7 (the layout the octet-lane tests of
 * gen.h assume, on any host). */
ASN1RT_INLINE uint64_t asn1rt_i_load_le64(const uint8_t *p)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
#else
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = (x << 8) | p[i];
    return x;
#endif
}

ASN1RT_INLINE uint32_t asn1rt_i_load_le32(const uint8_t *p)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

ASN1RT_INLINE void asn1rt_i_store_be64(uint8_t *p, uint64_t x)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    x = __builtin_bswap64(x);
    memcpy(p, &x, 8);
#else
    for (int i = 7; i >= 0; i--) {
        p[i] = (uint8_t)x;
        x >>= 8;
    }
#endif
}

/* ------------------------------------------------------------------ */
/* Identifier octets (X.690 8.1.2).                                    */

/* The tag number fits the identifier octet (below 31: X.690 8.1.2.2). With a
 * constant tag, as in generated code, the test folds away. */
#define ASN1RT_I_SHORT_TAG(tag) (ASN1RT_TAG_NUMBER(tag) < 31u)

/* Identifier octet of a tag whose number is below 31 (X.690 8.1.2.2):
 * class and constructed bits sit at the same place in the tag word. */
ASN1RT_INLINE uint8_t asn1rt_i_id_octet(uint32_t tag)
{
    return (uint8_t)(((tag >> 24) & 0xE0u) | (tag & 0x1Fu));
}

/* Tag word of a one-octet identifier (its low five bits are not 0x1F). */
ASN1RT_INLINE uint32_t asn1rt_i_tag_of_id(uint8_t id)
{
    return ((uint32_t)(id & 0xE0u) << 24) | (id & 0x1Fu);
}

/* ------------------------------------------------------------------ */
/* Octets.                                                              */

/* Copies up to 16 octets without a library call: two fixed-size loads of
 * the (possibly overlapping) head and tail, then two stores, so it is also
 * a correct move whatever the overlap; below 4 octets, forwards, which is a
 * correct move when d < s. False (nothing copied) above 16 octets. */
ASN1RT_INLINE bool asn1rt_i_copy_small(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n < 4) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        return false;
    }
    return true;
}

/* n octets from s to d, no overlap: short ones (asn1rt_i_copy_small)
 * without a library call, longer ones through memcpy. */
ASN1RT_INLINE void asn1rt_i_copy(uint8_t *d, const uint8_t *s, size_t n)
{
    if (!asn1rt_i_copy_small(d, s, n))
        memcpy(d, s, n);
}

/* X.690 8.3.2: the first nine bits of a multi-octet INTEGER are not all
 * equal. p points at two or more content octets. */
ASN1RT_INLINE bool asn1rt_i_int_redundant(const uint8_t *p)
{
    return (p[0] == 0x00 && p[1] < 0x80) || (p[0] == 0xFF && p[1] >= 0x80);
}

/* ------------------------------------------------------------------ */
/* Reader.                                                              */

/* An outermost reader over [der, end) with the default depth limit. */
ASN1RT_INLINE void asn1rt_i_reader_set(asn1rt_reader *r, const uint8_t *der, const uint8_t *end, unsigned lax)
{
    r->cur = der;
    r->end = end;
    r->base = der;
    r->depth = 0;
    r->max_depth = ASN1RT_DEFAULT_MAX_DEPTH;
    r->lax = lax;
    r->err_offset = 0;
}

/* child covers the content [c, c + n) of the element at r->cur, one level
 * deeper with r's limits and flags; r moves past the element. */
ASN1RT_INLINE void asn1rt_i_enter_content(asn1rt_reader *r, const uint8_t *c, size_t n, asn1rt_reader *child)
{
    child->cur = c;
    child->end = c + n;
    child->base = r->base;
    child->depth = r->depth + 1;
    child->max_depth = r->max_depth;
    child->lax = r->lax;
    child->err_offset = 0;
    r->cur = c + n;
}

ASN1RT_INLINE void asn1rt_reader_init(asn1rt_reader *r, const uint8_t *der, size_t len)
{
    if (r == NULL)
        return;
    asn1rt_i_reader_set(r, der, der == NULL ? NULL : der + len, 0);   /* no input: at its end at once */
}

/* The length octets at p[1] of an element with a one-octet identifier, in
 * the forms the fast paths take: short, or minimal 0x81 / 0x82 (X.690
 * 10.1). avail (>= 2) octets are readable from p. When the whole element
 * fits them, returns its content start and sets *len; NULL means "ask the
 * slow path". */
ASN1RT_INLINE const uint8_t *asn1rt_i_length_fast(const uint8_t *p, size_t avail, size_t *len)
{
    size_t n = p[1];
    if (ASN1RT_I_LIKELY(n < 0x80)) {
        p += 2;
        avail -= 2;
    } else if (n == 0x81 && avail >= 3 && p[2] >= 0x80) {
        n = p[2];
        p += 3;
        avail -= 3;
    } else if (n == 0x82 && avail >= 4 && p[2] != 0) {
        n = ((size_t)p[2] << 8) | p[3];
        p += 4;
        avail -= 4;
    } else {
        return NULL;
    }
    if (n > avail)
        return NULL;
    *len = n;
    return p;
}

/* The next element has identifier `tag` and a length the fast path takes.
 * On success *content and *len describe its content; nothing is consumed
 * in any case, and false leaves the outputs untouched. */
ASN1RT_INLINE bool asn1rt_i_expect_fast(const asn1rt_reader *r, uint32_t tag, const uint8_t **content, size_t *len)
{
    const uint8_t *p = r->cur, *c;
    size_t avail = (size_t)(r->end - p);
    if (!ASN1RT_I_SHORT_TAG(tag) || avail < 2 || p[0] != asn1rt_i_id_octet(tag) ||
        (c = asn1rt_i_length_fast(p, avail, len)) == NULL)
        return false;
    *content = c;
    return true;
}

/* The success of a read whose value is the view [c, c + n): *out views it
 * and the cursor moves past it. */
ASN1RT_INLINE int asn1rt_i_take_view(asn1rt_reader *r, const uint8_t *c, size_t n, asn1rt_view *out)
{
    out->ptr = c;
    out->len = n;
    r->cur = c + n;
    return ASN1RT_OK;
}

/* Header at r->cur; consumes nothing. The fast path takes a one-octet
 * identifier and a length asn1rt_i_length_fast takes. */
ASN1RT_INLINE int asn1rt_i_parse_header(const asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len)
{
    const uint8_t *p = r->cur, *c;
    size_t avail = (size_t)(r->end - p);
    if (ASN1RT_I_LIKELY(avail >= 2 && (p[0] & 0x1Fu) != 0x1Fu && (c = asn1rt_i_length_fast(p, avail, len)) != NULL)) {
        *tag = asn1rt_i_tag_of_id(p[0]);
        *hl = (size_t)(c - p);
        return ASN1RT_OK;
    }
    return asn1rt_i_slow_parse_header(r, tag, hl, len);
}

/* The code for a tag that is not `want`: when only the constructed bit
 * differs the more precise code is given (X.690 10.2: DER strings are
 * primitive). */
ASN1RT_INLINE int asn1rt_i_tag_mismatch(uint32_t got, uint32_t want)
{
    if ((got ^ want) == ASN1RT_I_CONSTRUCTED_BIT)
        return (got & ASN1RT_I_CONSTRUCTED_BIT) ? ASN1RT_E_CONSTRUCTED : ASN1RT_E_PRIMITIVE;
    return ASN1RT_E_UNEXPECTED_TAG;
}

/* Records a failure at `at` (a pointer into the input) and returns code. */
ASN1RT_INLINE int asn1rt_i_fail_at(asn1rt_reader *r, int code, const uint8_t *at)
{
    r->err_offset = (size_t)(at - r->base);
    return code;
}

/* The header at r->cur, consuming nothing; a failure is recorded at r->cur. */
ASN1RT_INLINE int asn1rt_i_header(asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len)
{
    int rc = asn1rt_i_parse_header(r, tag, hl, len);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return asn1rt_i_fail_at(r, rc, r->cur);
    return ASN1RT_OK;
}

/* The next element must be primitive with tag `tag`; its content is
 * returned without consuming anything. */
ASN1RT_INLINE int asn1rt_i_prim_content(asn1rt_reader *r, uint32_t tag, const uint8_t **content, size_t *len)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    /* With a constant tag this folds to one compare of the identifier. */
    if (ASN1RT_I_LIKELY(asn1rt_i_expect_fast(r, tag, content, len)))
        return ASN1RT_OK;
    rc = asn1rt_i_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    /* A BER reader names a stray end-of-contents as such (X.690 8.1.5). */
    if (ASN1RT_I_UNLIKELY(t != tag))
        return asn1rt_i_fail_at(r, t == 0 && (r->lax & ASN1RT_LAX_INDEFINITE) ? ASN1RT_E_UNEXPECTED_EOC
                                                                                : asn1rt_i_tag_mismatch(t, tag), r->cur);
    *content = r->cur + hl;
    *len = n;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_read_header(asn1rt_reader *r, uint32_t *tag, size_t *len)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    if (r == NULL || tag == NULL || len == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    r->cur += hl;
    *tag = t;
    *len = n;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_expect(asn1rt_reader *r, uint32_t tag, size_t *len)
{
    uint32_t t;
    size_t hl, n;
    int rc;
    if (r == NULL || len == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_header(r, &t, &hl, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    if (ASN1RT_I_UNLIKELY(t != tag))
        return asn1rt_i_fail_at(r, ASN1RT_E_UNEXPECTED_TAG, r->cur);
    r->cur += hl;
    *len = n;
    return ASN1RT_OK;
}

/* A reader's argument check (ASN1RT_E_ARG: r or its output out NULL),
 * then asn1rt_i_prim_content. */
ASN1RT_INLINE int asn1rt_i_arg_content(asn1rt_reader *r, const void *out, uint32_t tag, const uint8_t **content,
                                       size_t *len)
{
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    return asn1rt_i_prim_content(r, tag, content, len);
}

ASN1RT_INLINE int asn1rt_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_view *out)
{
    const uint8_t *p;
    size_t n;
    int rc = asn1rt_i_arg_content(r, out, tag, &p, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    return asn1rt_i_take_view(r, p, n, out);
}

/* The n (1..8) content octets at p as the top of a 64-bit word, the rest
 * zero: one 8-octet load ending at the content's end. It may start before
 * the content but never before the input: the element's header (>= 2
 * octets) and everything before it lie between base and p. */
ASN1RT_INLINE uint64_t asn1rt_i_load_top(const asn1rt_reader *r, const uint8_t *p, size_t n)
{
    unsigned shift = (unsigned)(64 - 8 * n);
    uint64_t u = 0;
    if (ASN1RT_I_LIKELY((size_t)(p - r->base) + n >= 8))
        return asn1rt_i_load_be64(p + n - 8) << shift;
    for (size_t i = 0; i < n; i++)
        u = (u << 8) | p[i];
    return u << shift;
}

ASN1RT_INLINE int asn1rt_read_int64(asn1rt_reader *r, uint32_t tag, int64_t *out)
{
    const uint8_t *p;
    size_t n;
    int rc = asn1rt_i_arg_content(r, out, tag, &p, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    if (ASN1RT_I_LIKELY(n - 1 < 8 && (n == 1 || !asn1rt_i_int_redundant(p)))) {
        unsigned shift = (unsigned)(64 - 8 * n);
        uint64_t u = asn1rt_i_load_top(r, p, n);
        /* Arithmetic right shift, written portably. */
        if (shift != 0)
            u = (u >> 63) != 0 ? (u >> shift) | ~(UINT64_MAX >> shift) : u >> shift;
        *out = (int64_t)u;
        r->cur = p + n;
        return ASN1RT_OK;
    }
    return asn1rt_i_slow_int64(r, p, n, out);
}

ASN1RT_INLINE int asn1rt_read_uint64(asn1rt_reader *r, uint32_t tag, uint64_t *out)
{
    const uint8_t *p;
    size_t n;
    int rc = asn1rt_i_arg_content(r, out, tag, &p, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    if (ASN1RT_I_LIKELY(n - 1 < 8 && p[0] < 0x80 && (n == 1 || !asn1rt_i_int_redundant(p)))) {
        *out = asn1rt_i_load_top(r, p, n) >> (64 - 8 * n);
        r->cur = p + n;
        return ASN1RT_OK;
    }
    return asn1rt_i_slow_uint64(r, p, n, out);
}

ASN1RT_INLINE int asn1rt_read_i128(asn1rt_reader *r, uint32_t tag, asn1rt_i128 *out)
{
    const uint8_t *p;
    size_t n;
    int rc = asn1rt_i_arg_content(r, out, tag, &p, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    /* Fast path: 9..16 octets, two loads ending at the content's end,
     * when the 16 octets before that end are all within the input. */
    if (ASN1RT_I_LIKELY(n - 9 < 8 && (size_t)(p - r->base) + n >= 16 && !asn1rt_i_int_redundant(p))) {
        unsigned shift = (unsigned)(128 - 8 * n);      /* 0..56 */
        uint64_t lo = asn1rt_i_load_be64(p + n - 8);
        uint64_t hi = asn1rt_i_load_be64(p + n - 16) << shift;
        int64_t h = (int64_t)(hi >> shift);
        if (shift != 0 && (hi >> 63) != 0)
            h = (int64_t)((hi >> shift) | ~(UINT64_MAX >> shift));
        out->hi = h;
        out->lo = lo;
        r->cur = p + n;
        return ASN1RT_OK;
    }
    return asn1rt_i_slow_i128(r, p, n, out);
}

ASN1RT_INLINE int asn1rt_read_u128(asn1rt_reader *r, uint32_t tag, asn1rt_u128 *out)
{
    const uint8_t *p;
    size_t n;
    int rc = asn1rt_i_arg_content(r, out, tag, &p, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    return asn1rt_i_slow_u128(r, p, n, out);
}

/* ------------------------------------------------------------------ */
/* Writer.                                                              */

ASN1RT_INLINE void asn1rt_writer_init(asn1rt_writer *w, uint8_t *buf, size_t cap)
{
    if (w == NULL)
        return;
    w->start = buf;
    w->pos = buf == NULL ? NULL : buf + cap;
}

ASN1RT_INLINE size_t asn1rt_header_len(uint32_t tag, size_t content_len)
{
    if (ASN1RT_I_LIKELY(ASN1RT_I_SHORT_TAG(tag))) {
        if (content_len < 0x80) return 2;
        if (content_len < 0x100) return 3;
        if (content_len < 0x10000) return 4;
    }
    return asn1rt_i_slow_header_len(tag, content_len);
}

ASN1RT_INLINE size_t asn1rt_int64_len(int64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    /* Significant bits including one sign bit, rounded up to octets. */
    return (size_t)(64 - __builtin_clrsbll(v) + 7) / 8;
#else
    size_t n = 1;
    while (n < 8 && (v < -(INT64_C(1) << (8 * n - 1)) || v >= (INT64_C(1) << (8 * n - 1))))
        n++;
    return n;
#endif
}

ASN1RT_INLINE size_t asn1rt_uint64_len(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    /* A set top bit needs a leading 0x00 octet (X.690 8.3.3). */
    return v == 0 ? 1 : (size_t)(64 - __builtin_clzll(v) + 8) / 8;
#else
    size_t n = 1;
    while (n < 9 && (n == 8 ? (v >> 63) != 0 : (v >> (8 * n - 1)) != 0))
        n++;
    return n;
#endif
}

ASN1RT_INLINE size_t asn1rt_i_room(const asn1rt_writer *w) { return (size_t)(w->pos - w->start); }

/* Writes the header of a short tag and a length below 0x10000 in front of
 * p (X.690 10.1: short form below 128, else the fewest length octets),
 * returning the new start; the caller has checked 4 octets of room. */
ASN1RT_INLINE uint8_t *asn1rt_i_put_header_fast(uint8_t *p, uint32_t tag, size_t n)
{
    if (ASN1RT_I_LIKELY(n < 0x80)) {
        p[-1] = (uint8_t)n;
        p -= 1;
    } else if (n < 0x100) {
        p[-1] = (uint8_t)n;
        p[-2] = 0x81;
        p -= 2;
    } else {
        p[-1] = (uint8_t)n;
        p[-2] = (uint8_t)(n >> 8);
        p[-3] = 0x82;
        p -= 3;
    }
    p[-1] = asn1rt_i_id_octet(tag);
    return p - 1;
}

/* The case asn1rt_i_put_header_fast takes. */
#define ASN1RT_I_HEADER_FAST(w, tag, n) (ASN1RT_I_SHORT_TAG(tag) && (n) < 0x10000 && asn1rt_i_room(w) >= 4)

ASN1RT_INLINE int asn1rt_prepend_header(asn1rt_writer *w, uint32_t tag, size_t content_len)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(ASN1RT_I_HEADER_FAST(w, tag, content_len))) {
        w->pos = asn1rt_i_put_header_fast(w->pos, tag, content_len);
        return ASN1RT_OK;
    }
    return asn1rt_i_slow_prepend_header(w, tag, content_len);
}

ASN1RT_INLINE int asn1rt_prepend_bytes(asn1rt_writer *w, const uint8_t *p, size_t n)
{
    if (w == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(asn1rt_i_room(w) < n))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    if (n != 0) {
        w->pos -= n;
        memcpy(w->pos, p, n);
    }
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_prepend_octets(asn1rt_writer *w, uint32_t tag, const uint8_t *p, size_t n)
{
    size_t hl;
    uint8_t *saved;
    int rc;
    if (w == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    hl = asn1rt_header_len(tag, n);
    if (ASN1RT_I_UNLIKELY(asn1rt_i_room(w) < n || asn1rt_i_room(w) - n < hl))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    saved = w->pos;
    if (n != 0) {
        w->pos -= n;
        memcpy(w->pos, p, n);
    }
    rc = asn1rt_prepend_header(w, tag, n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        w->pos = saved;           /* only for a tag beyond 2^28-1 */
    return rc;
}

/* Integers are stored with one 8-octet store that ends at w->pos; the
 * octets below the value land in the free space [start, pos), which the
 * following prepends overwrite (hence the room check of 10). */
/* The case asn1rt_i_put_int64_fast takes. */
#define ASN1RT_I_INT64_FAST(w, tag) (ASN1RT_I_SHORT_TAG(tag) && asn1rt_i_room(w) >= 10)

/* A whole INTEGER element of a short tag; the caller has checked 10 octets
 * of room (ASN1RT_I_INT64_FAST). */
ASN1RT_INLINE void asn1rt_i_put_int64_fast(asn1rt_writer *w, uint32_t tag, int64_t v)
{
    /* A local cursor: a store through w->pos could alias w->pos itself
     * (uint8_t), which would reload it after every octet. */
    uint8_t *p = w->pos;
    size_t n = asn1rt_int64_len(v);
    asn1rt_i_store_be64(p - 8, (uint64_t)v);
    p -= n;
    p[-1] = (uint8_t)n;
    p[-2] = asn1rt_i_id_octet(tag);
    w->pos = p - 2;
}

ASN1RT_INLINE int asn1rt_prepend_int64(asn1rt_writer *w, uint32_t tag, int64_t v)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(ASN1RT_I_INT64_FAST(w, tag))) {
        asn1rt_i_put_int64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    {
        size_t n = asn1rt_int64_len(v), hl = asn1rt_header_len(tag, n);
        uint64_t u = (uint64_t)v;
        uint8_t *saved = w->pos;
        int rc;
        if (asn1rt_i_room(w) < n + hl)
            return ASN1RT_E_BUFFER_TOO_SMALL;
        for (size_t i = 0; i < n; i++, u >>= 8)
            *--w->pos = (uint8_t)u;
        rc = asn1rt_prepend_header(w, tag, n);
        if (rc != ASN1RT_OK)
            w->pos = saved;
        return rc;
    }
}

/* The case asn1rt_i_put_uint64_fast takes. */
#define ASN1RT_I_UINT64_FAST(w, tag) (ASN1RT_I_SHORT_TAG(tag) && asn1rt_i_room(w) >= 11)

/* A whole non-negative INTEGER element of a short tag; the caller has
 * checked 11 octets of room (ASN1RT_I_UINT64_FAST). */
ASN1RT_INLINE void asn1rt_i_put_uint64_fast(asn1rt_writer *w, uint32_t tag, uint64_t v)
{
    uint8_t *p = w->pos;      /* local cursor, as in asn1rt_i_put_int64_fast */
    size_t n = asn1rt_uint64_len(v);
    asn1rt_i_store_be64(p - 8, v);
    p[-9] = 0;                /* the leading 0x00 when n == 9 */
    p -= n;
    p[-1] = (uint8_t)n;
    p[-2] = asn1rt_i_id_octet(tag);
    w->pos = p - 2;
}

ASN1RT_INLINE int asn1rt_prepend_uint64(asn1rt_writer *w, uint32_t tag, uint64_t v)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(ASN1RT_I_UINT64_FAST(w, tag))) {
        asn1rt_i_put_uint64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    {
        size_t n = asn1rt_uint64_len(v), hl = asn1rt_header_len(tag, n);
        uint8_t *saved = w->pos;
        int rc;
        if (asn1rt_i_room(w) < n + hl)
            return ASN1RT_E_BUFFER_TOO_SMALL;
        for (size_t i = 0; i < n; i++, v = (i < 8 ? v >> 8 : 0))
            *--w->pos = (uint8_t)v;
        rc = asn1rt_prepend_header(w, tag, n);
        if (rc != ASN1RT_OK)
            w->pos = saved;
        return rc;
    }
}

ASN1RT_INLINE size_t asn1rt_i128_len(asn1rt_i128 v)
{
    /* When hi is only the sign extension of lo, lo alone decides. */
    if ((v.hi == 0 && v.lo < 0x8000000000000000u) || (v.hi == -1 && v.lo >= 0x8000000000000000u))
        return asn1rt_int64_len((int64_t)v.lo);
    return 8 + asn1rt_int64_len(v.hi);
}

ASN1RT_INLINE size_t asn1rt_u128_len(asn1rt_u128 v)
{
    if (v.hi == 0)
        return asn1rt_uint64_len(v.lo);
    return 8 + asn1rt_uint64_len(v.hi);
}

ASN1RT_INLINE int asn1rt_prepend_i128(asn1rt_writer *w, uint32_t tag, asn1rt_i128 v)
{
    size_t n, hl;
    uint8_t tmp[16];
    int rc;
    uint8_t *saved;
    if (w == NULL)
        return ASN1RT_E_ARG;
    n = asn1rt_i128_len(v);
    if (ASN1RT_I_LIKELY(ASN1RT_I_SHORT_TAG(tag) && asn1rt_i_room(w) >= 18)) {
        asn1rt_i_store_be64(w->pos - 8, v.lo);
        asn1rt_i_store_be64(w->pos - 16, (uint64_t)v.hi);
        w->pos -= n;
        w->pos[-1] = (uint8_t)n;
        w->pos[-2] = asn1rt_i_id_octet(tag);
        w->pos -= 2;
        return ASN1RT_OK;
    }
    hl = asn1rt_header_len(tag, n);
    if (asn1rt_i_room(w) < n + hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    asn1rt_i_store_be64(tmp + 8, v.lo);
    asn1rt_i_store_be64(tmp, (uint64_t)v.hi);
    saved = w->pos;
    w->pos -= n;
    memcpy(w->pos, tmp + 16 - n, n);
    rc = asn1rt_prepend_header(w, tag, n);
    if (rc != ASN1RT_OK)
        w->pos = saved;
    return rc;
}

ASN1RT_INLINE int asn1rt_prepend_u128(asn1rt_writer *w, uint32_t tag, asn1rt_u128 v)
{
    size_t n, hl;
    uint8_t tmp[17];
    int rc;
    uint8_t *saved;
    if (w == NULL)
        return ASN1RT_E_ARG;
    n = asn1rt_u128_len(v);
    hl = asn1rt_header_len(tag, n);
    if (asn1rt_i_room(w) < n + hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    tmp[0] = 0;
    asn1rt_i_store_be64(tmp + 9, v.lo);
    asn1rt_i_store_be64(tmp + 1, v.hi);
    saved = w->pos;
    w->pos -= n;
    memcpy(w->pos, tmp + 17 - n, n);
    rc = asn1rt_prepend_header(w, tag, n);
    if (rc != ASN1RT_OK)
        w->pos = saved;
    return rc;
}

#endif /* ASN1RT_INLINE_H */
