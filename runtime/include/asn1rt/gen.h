/*
 * asn1rt/gen.h — inline fast paths used by asn1cc-generated code.
 *
 * Generated decoders and encoders are straight-line: each field is a call to
 * one of the always-inline helpers below, which handles the common, valid
 * DER case in a few instructions (single-octet identifier, short or 1-2
 * octet length, small contents). Whatever the fast path does not accept —
 * invalid data, leniency flags, multi-octet tags, long lengths, a short
 * buffer — is passed unchanged to the matching asn1rt.h function, which
 * produces the exact error code and offset. A fast path therefore never
 * consumes bytes or writes output unless it succeeds, so falling back is
 * always from the original state, and the result (value or error) is the
 * same as the runtime's.
 *
 * Tags are asn1rt tag words (ASN1RT_TAG); in generated code they are
 * constants, so the "single-octet identifier" test folds away.
 *
 * Built on inline.h: the header parse and write, the room check, the
 * identifier octet and the branch hints are asn1rt_i_* / ASN1RT_I_* there,
 * shared with asn1rt's own inline functions; what is here is only what
 * generated code needs beyond them (a tag known at compile time, range
 * checks, SET OF order, views).
 *
 * Not a public API for hand-written code: names may change with asn1cc.
 */
#ifndef ASN1RT_GEN_H
#define ASN1RT_GEN_H

#include <string.h>

#include "asn1rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The names generated code uses for inline.h's branch hints. */
#define ASN1G_LIKELY(x)   ASN1RT_I_LIKELY(x)
#define ASN1G_UNLIKELY(x) ASN1RT_I_UNLIKELY(x)
#define ASN1G_COLD        ASN1RT_I_COLD

#if defined(__GNUC__) || defined(__clang__)
#ifndef ASN1G_NO_INLINE_TREE
/* Public entry points inline the whole type tree below them. */
#define ASN1G_FLATTEN     __attribute__((flatten))
/* The inline copy of a type's codec (T_dec_inl_, ...): always inlined, so
 * an entry point is one function whatever the compiler's inlining depth. */
#define ASN1G_BODY        static inline __attribute__((always_inline, unused))
#else
/* Build option: the same code, inlined where the compiler likes. The
 * sanitizer and fuzzing builds use it: instrumenting one function per type
 * tree took clang -O1 with ASan+UBSan 172 s on the Kerberos module (30 s
 * without the forced inlining). */
#define ASN1G_FLATTEN
#define ASN1G_BODY        static inline __attribute__((unused))
#endif
#else
#define ASN1G_FLATTEN
#define ASN1G_BODY        static inline
#endif

/* ------------------------------------------------------------------ */
/* Error reporting (gen_support.c; out of line, on the failure path).  */

/* Records the failure in err (when not NULL): the code and offset of the
 * innermost failure are kept, the component name is pushed on the path.
 * component may be NULL (nothing pushed). Returns code. */
ASN1G_COLD int asn1g_fail(asn1rt_error *err, int code, size_t offset, const char *component);

/* Encoders return the first failure unchanged. */
#define ASN1G_TRY(expr) \
    do { int asn1g_rc_ = (expr); if (ASN1G_UNLIKELY(asn1g_rc_ != 0)) return asn1g_rc_; } while (0)

/* ------------------------------------------------------------------ */
/* Reading.                                                             */

ASN1RT_INLINE void asn1g_reader_init(asn1rt_reader *r, const uint8_t *der, size_t len, unsigned lax)
{
    asn1rt_i_reader_set(r, der, der ? der + len : der, lax);  /* NULL + 0 is undefined in C */
}

ASN1RT_INLINE int asn1g_expect(asn1rt_reader *r, uint32_t tag, size_t *len)
{
    const uint8_t *c;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, len))) {
        r->cur = c;
        return ASN1RT_OK;
    }
    return asn1rt_expect(r, tag, len);
}

/* Enters a constructed element; child is bounded to its content. */
ASN1RT_INLINE int asn1g_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(r->depth < r->max_depth && asn1rt_i_expect_fast(r, tag, &c, &n))) {
        asn1rt_i_enter_content(r, c, n, child);
        return ASN1RT_OK;
    }
    return asn1rt_enter(r, tag, child);
}

/* Whether the next element has identifier `tag` (false at the end). */
ASN1RT_INLINE bool asn1g_next_is(const asn1rt_reader *r, uint32_t tag)
{
    uint32_t t;
    if (ASN1RT_I_SHORT_TAG(tag))
        return r->cur < r->end && r->cur[0] == asn1rt_i_id_octet(tag);
    return asn1rt_peek_tag(r, &t) == ASN1RT_OK && t == tag;
}

/* Tag word of the next element, or 0xFFFFFFFF at the end or on a bad tag
 * (the element read that follows reports the error). */
ASN1RT_INLINE uint32_t asn1g_peek(const asn1rt_reader *r)
{
    uint32_t t;
    if (r->cur < r->end && (r->cur[0] & 0x1Fu) != 0x1Fu)
        return asn1rt_i_tag_of_id(r->cur[0]);
    if (asn1rt_peek_tag(r, &t) != ASN1RT_OK)
        return 0xFFFFFFFFu;
    return t;
}

ASN1RT_INLINE int asn1g_expect_end(asn1rt_reader *r)
{
    if (ASN1G_LIKELY(r->cur == r->end))
        return ASN1RT_OK;
    return asn1rt_expect_end(r);
}

/* The end of a SEQUENCE or SET body: an element left over is one the
 * type does not have (UNKNOWN_COMPONENT, at its identifier octet).
 * Out of line but not ASN1G_COLD: with the cold attribute gcc laid out
 * every SEQUENCE body of a Certificate decode worse (bench-x509: 1.50x the
 * walker against 1.42x with a plain call, same run). */
int asn1g_unknown_component(asn1rt_reader *r);
ASN1RT_INLINE int asn1g_expect_body_end(asn1rt_reader *r)
{
    if (ASN1G_LIKELY(r->cur == r->end))
        return ASN1RT_OK;
    if ((r->lax & ASN1RT_LAX_INDEFINITE) && r->cur[0] == 0x00)
        return asn1rt_i_fail_at(r, ASN1RT_E_UNEXPECTED_EOC, r->cur);   /* BER: X.690 8.1.5 */
    return asn1g_unknown_component(r);
}

/* No CHOICE alternative has the next element's tag: NO_ALTERNATIVE; when
 * there is no next element, what the reader says of a header read there
 * (MISSING_COMPONENT inside a constructed value, TRUNCATED outermost). */
ASN1RT_INLINE int asn1g_no_alternative(const asn1rt_reader *r)
{
    uint32_t t;
    size_t hl, n;
    if (r->cur != r->end)
        return ASN1RT_E_NO_ALTERNATIVE;
    return asn1rt_i_slow_parse_header(r, &t, &hl, &n);
}

/* INTEGER into [lo, hi] (one range compare after the sign-extending load). */
/* Content octets of the longest minimal encoding in [lo, hi]; a constant
 * in generated code, so the loop below is unrolled to that length. */
ASN1RT_INLINE size_t asn1g_range_octets(int64_t lo, int64_t hi)
{
    size_t n = 1;
    while (n < 8 && (lo < -(INT64_C(1) << (8 * n - 1)) || hi >= (INT64_C(1) << (8 * n - 1))))
        n++;
    return n;
}

ASN1RT_INLINE int asn1g_read_int(asn1rt_reader *r, uint32_t tag, int64_t lo, int64_t hi, int64_t *out)
{
    const uint8_t *c;
    size_t n, i;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n >= 1 && n <= asn1g_range_octets(lo, hi))) {
        uint64_t u = (uint64_t)(int64_t)(int8_t)c[0];
        int64_t v;
        /* X.690 8.3.2: the first nine bits are not all equal. */
        if (n > 1 && asn1rt_i_int_redundant(c))
            return asn1rt_read_int_range(r, tag, lo, hi, out);
        for (i = 1; i < n; i++)
            u = (u << 8) | c[i];
        v = (int64_t)u;
        if (ASN1G_LIKELY(v >= lo && v <= hi)) {
            *out = v;
            r->cur = c + n;
            return ASN1RT_OK;
        }
    }
    return asn1rt_read_int_range(r, tag, lo, hi, out);
}

/* INTEGER into [lo, hi] for ranges above INT64_MAX. */
ASN1RT_INLINE int asn1g_read_uint(asn1rt_reader *r, uint32_t tag, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const uint8_t *c;
    size_t n, i;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n >= 1 && n <= 9 && c[0] < 0x80)) {
        uint64_t u = 0;
        if (n > 1 && c[0] == 0x00 && c[1] < 0x80)     /* X.690 8.3.2 */
            return asn1rt_read_uint_range(r, tag, lo, hi, out);
        if (n == 9 && c[0] != 0)
            return asn1rt_read_uint_range(r, tag, lo, hi, out);
        for (i = 0; i < n; i++)
            u = (u << 8) | c[i];
        if (ASN1G_LIKELY(u >= lo && u <= hi)) {
            *out = u;
            r->cur = c + n;
            return ASN1RT_OK;
        }
    }
    return asn1rt_read_uint_range(r, tag, lo, hi, out);
}

/* INTEGER of any size as a view of its minimal content octets. */
ASN1RT_INLINE int asn1g_read_bigint(asn1rt_reader *r, uint32_t tag, asn1rt_bigint *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n >= 1 && (n == 1 || !asn1rt_i_int_redundant(c))))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_bigint(r, tag, out);
}

ASN1RT_INLINE int asn1g_read_bool(asn1rt_reader *r, uint32_t tag, bool *out)
{
    const uint8_t *c;
    size_t n;
    /* X.690 11.1: TRUE is 0xFF in DER. */
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n == 1 && (c[0] == 0x00 || c[0] == 0xFF))) {
        *out = c[0] != 0;
        r->cur = c + 1;
        return ASN1RT_OK;
    }
    return asn1rt_read_bool(r, tag, out);
}

ASN1RT_INLINE int asn1g_read_null(asn1rt_reader *r, uint32_t tag)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n == 0)) {
        r->cur = c;
        return ASN1RT_OK;
    }
    return asn1rt_read_null(r, tag);
}

ASN1RT_INLINE int asn1g_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_octets(r, tag, out);
}

/* X.680 41.4 PrintableString alphabet: 1 for each allowed octet (gen_support.c). */
extern const uint8_t asn1g_printable_tab[256];

/* No octet has bit 8 set. Word loads; the tail is one overlapping load. */
ASN1RT_INLINE bool asn1g_ascii(const uint8_t *p, size_t n)
{
    uint64_t acc = 0, w;
    uint32_t h, t;
    size_t i = 0;
    if (n >= 8) {
        for (; i + 8 <= n; i += 8) {
            memcpy(&w, p + i, 8);
            acc |= w;
        }
        memcpy(&w, p + n - 8, 8);
        acc |= w;
    } else if (n >= 4) {
        memcpy(&h, p, 4);
        memcpy(&t, p + n - 4, 4);
        acc = h | t;
    } else {
        for (; i < n; i++)
            acc |= p[i];
    }
    return (acc & UINT64_C(0x8080808080808080)) == 0;
}

/* True when [p, p+n) is certainly valid content of the string type; false
 * means "ask the runtime" (which decides the error, or accepts). */
ASN1RT_INLINE bool asn1g_string_fast_ok(unsigned universal, const uint8_t *p, size_t n)
{
    size_t i;
    switch (universal) {
    case ASN1RT_UT_PRINTABLESTRING: {
        /* No early exit and four chains: loads and ANDs pipeline well. */
        unsigned a = 1, b = 1, c = 1, d = 1;
        for (i = 0; i + 4 <= n; i += 4) {
            a &= asn1g_printable_tab[p[i]];
            b &= asn1g_printable_tab[p[i + 1]];
            c &= asn1g_printable_tab[p[i + 2]];
            d &= asn1g_printable_tab[p[i + 3]];
        }
        for (; i < n; i++)
            a &= asn1g_printable_tab[p[i]];
        return (a & b & c & d) != 0;
    }
    case ASN1RT_UT_IA5STRING:
    case ASN1RT_UT_UTF8STRING:          /* ASCII is valid UTF-8 */
        return asn1g_ascii(p, n);
    default:
        return false;
    }
}

/* X.690 8.19.2: at least one octet, no subidentifier starting with 0x80,
 * the last octet ends a subidentifier. */
ASN1RT_INLINE bool asn1g_oid_fast_ok(const uint8_t *p, size_t n)
{
    bool start = true;
    size_t i;
    if (n == 0 || (p[n - 1] & 0x80u))
        return false;
    for (i = 0; i < n; i++) {
        if (start && p[i] == 0x80)
            return false;
        start = (p[i] & 0x80u) == 0;
    }
    return true;
}

ASN1RT_INLINE int asn1g_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_string_fast_ok(universal, c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_string(r, tag, universal, out);
}

ASN1RT_INLINE int asn1g_read_oid(asn1rt_reader *r, uint32_t tag, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_oid_fast_ok(c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_oid(r, tag, out);
}

ASN1RT_INLINE int asn1g_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_bits *out)
{
    const uint8_t *c;
    size_t n;
    /* X.690 8.6.2: unused-bits octet 0..7, 0 when empty; 11.2.1: padding zero. */
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n >= 1 && c[0] <= 7 && (n > 1 || c[0] == 0) &&
                     (c[n - 1] & ((1u << c[0]) - 1u)) == 0)) {
        out->ptr = c + 1;
        out->len = n - 1;
        out->unused = c[0];
        r->cur = c + n;
        return ASN1RT_OK;
    }
    return asn1rt_read_bits(r, tag, out);
}

/* ENUMERATED / INTEGER into an int (range check by the caller's switch). */
ASN1RT_INLINE int asn1g_read_enum(asn1rt_reader *r, uint32_t tag, int *out)
{
    int64_t v;
    int rc = asn1g_read_int(r, tag, -2147483647 - 1, 2147483647, &v);
    if (rc == ASN1RT_OK)
        *out = (int)v;
    return rc;
}

/* One whole element of any tag as a view (ANY, open types, extension
 * additions), its DER structure validated recursively (gen_support.c). */
ASN1RT_MUST_USE int asn1g_read_any_slow(asn1rt_reader *r, asn1rt_view *whole);

/* The common ANY values (a short string, OID, NULL, BOOLEAN, INTEGER) are
 * checked inline; anything else, or anything doubtful, goes to the slow
 * path, which decides the exact result. Tests are ordered by how often
 * they occur in certificates (names: PrintableString, UTF8String). */
ASN1RT_INLINE int asn1g_read_any(asn1rt_reader *r, asn1rt_view *whole)
{
    const uint8_t *p = r->cur;
    size_t avail = (size_t)(r->end - p), n;
    const uint8_t *c;
    bool ok;
    if (avail < 2 || p[1] >= 0x80 || (size_t)p[1] > avail - 2)
        return asn1g_read_any_slow(r, whole);
    n = p[1];
    c = p + 2;
    if (p[0] == 0x13)
        ok = asn1g_string_fast_ok(ASN1RT_UT_PRINTABLESTRING, c, n);
    else if (p[0] == 0x0C || p[0] == 0x16)
        ok = asn1g_ascii(c, n);
    else if (p[0] == 0x05)
        ok = n == 0;
    else if (p[0] == 0x06)
        ok = asn1g_oid_fast_ok(c, n);
    else if (p[0] == 0x01)
        ok = n == 1 && (c[0] == 0 || c[0] == 0xFF);
    else if (p[0] == 0x02)
        ok = n >= 1 && (n == 1 || !asn1rt_i_int_redundant(c));
    else
        ok = false;
    if (!ok)
        return asn1g_read_any_slow(r, whole);
    whole->ptr = p;
    whole->len = n + 2;
    r->cur = c + n;
    return ASN1RT_OK;
}

/* DER UTCTime (YYMMDDhhmmssZ) or GeneralizedTime without fraction
 * (YYYYMMDDhhmmssZ) with every field in range (X.690 11.7, 11.8); false
 * means "ask the runtime". */
ASN1RT_INLINE bool asn1g_time_fast_ok(unsigned universal, const uint8_t *p, size_t n)
{
    static const uint8_t dim[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    size_t y = universal == ASN1RT_UT_UTCTIME ? 2 : 4, i;
    unsigned bad = 0;
    int year, month, day;
    if (n != y + 11 || p[n - 1] != 'Z')
        return false;
    for (i = 0; i + 1 < n; i++)
        bad |= (unsigned)(p[i] - '0') > 9u;
    if (bad)
        return false;
#define ASN1G_D2(k) ((p[k] - '0') * 10 + (p[(k) + 1] - '0'))
    year = y == 2 ? ASN1G_D2(0) : ASN1G_D2(0) * 100 + ASN1G_D2(2);
    if (y == 2)
        year += year >= 50 ? 1900 : 2000;        /* RFC 5280 4.1.2.5.1 */
    month = ASN1G_D2(y);
    day = ASN1G_D2(y + 2);
    if (month < 1 || month > 12 || day < 1 || ASN1G_D2(y + 4) > 23 || ASN1G_D2(y + 6) > 59 ||
        ASN1G_D2(y + 8) > 59)
        return false;
#undef ASN1G_D2
    return day <= dim[month - 1] ||
           (month == 2 && day == 29 && ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0));
}

ASN1RT_INLINE int asn1g_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_time_fast_ok(universal, c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_time(r, tag, universal, out);
}
/* BER mode (T_ber_decode): the reader has ASN1RT_BER and every asn1g_*
 * reader above works on it, falling back to the runtime for what is not
 * DER (indefinite lengths, long-form lengths, BOOLEAN TRUE as any non-zero
 * octet). Strings may be constructed in BER: these take the primitive case
 * inline, as a view, and leave the constructed one to the runtime, which
 * joins it into the arena. */
ASN1RT_INLINE void asn1g_ber_reader_init(asn1rt_reader *r, const uint8_t *ber, size_t len)
{
    asn1rt_i_reader_set(r, ber, ber + len, ASN1RT_BER);
}

ASN1RT_INLINE int asn1g_ber_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_ber_read_octets(r, tag, arena, out);
}

ASN1RT_INLINE int asn1g_ber_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena,
                                        asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_string_fast_ok(universal, c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_ber_read_string(r, tag, universal, arena, out);
}

ASN1RT_INLINE int asn1g_ber_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_bits *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && n >= 1 && c[0] <= 7 && (n > 1 || c[0] == 0) &&
                     (c[n - 1] & ((1u << c[0]) - 1u)) == 0)) {
        out->ptr = c + 1;
        out->len = n - 1;
        out->unused = c[0];
        r->cur = c + n;
        return ASN1RT_OK;
    }
    return asn1rt_ber_read_bits(r, tag, arena, out);
}

/* BER's time forms (asn1rt_ber_read_time): the DER one inline, as a view. */
ASN1RT_INLINE int asn1g_ber_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena,
                                      asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_time_fast_ok(universal, c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_ber_read_time(r, tag, universal, arena, out);
}

/* BER mode, elements kept whole (ANY, open types, unknown extensions):
 * the view is the input when it is DER already, else the element's DER
 * copied into the arena (runtime/ber.c), so that T_encode writes DER and
 * the DER open-type decoders read it. ASN1RT_E_ARENA_FULL when the copy
 * does not fit (arena NULL: no room); on failure the arena is as it was
 * and nothing is consumed. _append_any adds one element's DER to *v,
 * which is empty or ends at the arena's end (SET extensions met out of
 * order). */
ASN1RT_MUST_USE int asn1g_ber_read_any(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *whole);
ASN1RT_MUST_USE int asn1g_ber_read_rest(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *rest);
ASN1RT_MUST_USE int asn1g_ber_append_any(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *v);

/* BER may send a string constructed, with its identifier's bit 6 set
 * (X.690 8.1.2.5): a tag is class and number (X.680 8.1), so BER's code
 * tells components and alternatives apart with that bit cleared. */
#define ASN1G_BER_TAG(t) ((uint32_t)(t) & ~ASN1RT_I_CONSTRUCTED_BIT)
ASN1RT_INLINE bool asn1g_ber_next_is(const asn1rt_reader *r, uint32_t tag)
{
    uint32_t t;
    if (ASN1RT_I_SHORT_TAG(tag))
        return r->cur < r->end && (r->cur[0] & 0xDFu) == (asn1rt_i_id_octet(tag) & 0xDFu);
    return asn1rt_peek_tag(r, &t) == ASN1RT_OK && ASN1G_BER_TAG(t) == ASN1G_BER_TAG(tag);
}
ASN1RT_INLINE uint32_t asn1g_ber_peek(const asn1rt_reader *r) { return ASN1G_BER_TAG(asn1g_peek(r)); }

/* Every remaining element of r as one view (unknown extension additions). */
ASN1RT_MUST_USE int asn1g_read_rest(asn1rt_reader *r, asn1rt_view *rest);
/* Validates [p, p+n) as exactly one DER element (ANY values built by the
 * caller, in T_check). */
ASN1RT_MUST_USE int asn1g_check_any(const uint8_t *p, size_t n);

/* SIZE of a character string in characters (X.680 51.4 counts abstract
 * characters: UTF-8 sequences, BMP pairs, Universal quadruples). */
ASN1RT_INLINE size_t asn1g_string_size(unsigned universal, const asn1rt_view *v)
{
    size_t n = 0, i;
    if (universal == ASN1RT_UT_UTF8STRING) {
        if (asn1g_ascii(v->ptr, v->len))
            return v->len;
        for (i = 0; i < v->len; i++)
            n += (v->ptr[i] & 0xC0u) != 0x80u;
        return n;
    }
    if (universal == ASN1RT_UT_BMPSTRING)
        return v->len / 2;
    if (universal == ASN1RT_UT_UNIVERSALSTRING)
        return v->len / 4;
    return v->len;
}
/* X.690 11.6: SET OF elements in ascending order of their encodings
 * (the shorter padded with zero octets at its end). */
bool asn1g_der_order_le(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);

/* asn1rt_arena_array for a list's typed items, its common case inline:
 * size and align are constants at the call (sizeof, its lowest set bit),
 * so the room test is a multiply, not a call. count 0, a full or cap-0
 * arena, a bad align and a NULL argument go to asn1rt_arena_array, which
 * decides them as before. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1g_arena_items(asn1rt_arena *a, size_t count, size_t size, size_t align, void **out)
{
    if (ASN1G_LIKELY(a != NULL && out != NULL && a->buf != NULL && count != 0 && size != 0 && align != 0 &&
                     (align & (align - 1)) == 0)) {
        size_t room = a->cap - a->used;
        size_t pad = (size_t)(-(uintptr_t)(a->buf + a->used)) & (align - 1);
        if (ASN1G_LIKELY(pad <= room && count <= (room - pad) / size)) {
            *out = a->buf + a->used + pad;
            a->used += pad + count * size;
            return ASN1RT_OK;
        }
    }
    return asn1rt_arena_array(a, count, size, align, out);
}

/* ------------------------------------------------------------------ */
/* Lengths (exact DER sizes).                                           */

/* The exact DER length of an element of `tag` with n content octets
 * (asn1rt_header_len: inline up to 0xFFFF, out of line beyond). */
ASN1RT_INLINE size_t asn1g_tlv_len(uint32_t tag, size_t n) { return asn1rt_header_len(tag, n) + n; }

/* INTEGER content octets (X.690 8.3.2), as asn1rt_int64_len/uint64_len. */
ASN1RT_INLINE size_t asn1g_int_len(int64_t v) { return asn1rt_int64_len(v); }
ASN1RT_INLINE size_t asn1g_uint_len(uint64_t v) { return asn1rt_uint64_len(v); }

/* ------------------------------------------------------------------ */
/* Writing, back to front (asn1rt_writer).                             */

/* memcpy for the short strings of typical messages without a library call. */
ASN1RT_INLINE void asn1g_copy(uint8_t *d, const uint8_t *s, size_t n)
{
    if (!asn1rt_i_copy_small(d, s, n))
        memcpy(d, s, n);
}

ASN1RT_INLINE int asn1g_put_header(asn1rt_writer *w, uint32_t tag, size_t n)
{
    if (ASN1G_LIKELY(ASN1RT_I_HEADER_FAST(w, tag, n))) {
        w->pos = asn1rt_i_put_header_fast(w->pos, tag, n);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_header(w, tag, n);
}

/* Content end of a constructed element: call before writing its content,
 * then asn1g_close() with the same mark. */
ASN1RT_INLINE uint8_t *asn1g_mark(const asn1rt_writer *w) { return w->pos; }
ASN1RT_INLINE int asn1g_close(asn1rt_writer *w, uint32_t tag, const uint8_t *mark)
{
    return asn1g_put_header(w, tag, (size_t)(mark - w->pos));
}

ASN1RT_INLINE int asn1g_put_int(asn1rt_writer *w, uint32_t tag, int64_t v)
{
    if (ASN1G_LIKELY(ASN1RT_I_INT64_FAST(w, tag))) {
        asn1rt_i_put_int64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_int64(w, tag, v);
}

ASN1RT_INLINE int asn1g_put_uint(asn1rt_writer *w, uint32_t tag, uint64_t v)
{
    if (ASN1G_LIKELY(ASN1RT_I_UINT64_FAST(w, tag))) {
        asn1rt_i_put_uint64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_uint64(w, tag, v);
}

ASN1RT_INLINE int asn1g_put_bool(asn1rt_writer *w, uint32_t tag, bool v)
{
    if (ASN1G_LIKELY(ASN1RT_I_SHORT_TAG(tag) && asn1rt_i_room(w) >= 3)) {
        uint8_t *p = w->pos;
        p[-1] = v ? 0xFF : 0x00;   /* X.690 11.1 */
        p[-2] = 1;
        p[-3] = asn1rt_i_id_octet(tag);
        w->pos = p - 3;
        return ASN1RT_OK;
    }
    return asn1rt_prepend_bool(w, tag, v);
}

ASN1RT_INLINE int asn1g_put_null(asn1rt_writer *w, uint32_t tag)
{
    return asn1g_put_header(w, tag, 0);
}

ASN1RT_INLINE int asn1g_put_octets(asn1rt_writer *w, uint32_t tag, const uint8_t *p, size_t n)
{
    if (ASN1G_LIKELY(ASN1RT_I_SHORT_TAG(tag) && n < 0x10000 && asn1rt_i_room(w) >= n + 4)) {
        w->pos -= n;
        asn1g_copy(w->pos, p, n);
        w->pos = asn1rt_i_put_header_fast(w->pos, tag, n);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_octets(w, tag, p, n);
}

ASN1RT_INLINE int asn1g_put_bits(asn1rt_writer *w, uint32_t tag, const asn1rt_bits *v)
{
    size_t n = v->len;
    /* X.690 8.6.2.2/3: unused 0..7, and 0 when there are no octets;
     * 11.2.1: the unused bits are zero. Anything else takes the runtime's
     * path, which reports it. */
    if (ASN1G_LIKELY(ASN1RT_I_SHORT_TAG(tag) && n < 0xFFFF && asn1rt_i_room(w) >= n + 5 &&
                     v->unused <= 7 && (n > 0 || v->unused == 0) &&
                     (n == 0 || (v->ptr[n - 1] & ((1u << v->unused) - 1u)) == 0))) {
        w->pos -= n;
        asn1g_copy(w->pos, v->ptr, n);
        *--w->pos = v->unused;
        w->pos = asn1rt_i_put_header_fast(w->pos, tag, n + 1);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_bits(w, tag, v);
}

/* A named-bit BIT STRING value with its trailing zero bits removed, as DER
 * encodes it (X.690 11.2.2); a view into the same octets. */
ASN1RT_INLINE asn1rt_bits asn1g_bits_trim(const asn1rt_bits *v)
{
    asn1rt_bits t = *v;
    unsigned u = 0;
    while (t.len > 0 && t.ptr[t.len - 1] == 0)
        t.len--;
    if (t.len == 0) {
        t.unused = 0;
        return t;
    }
    while (u < 7 && !(t.ptr[t.len - 1] & (1u << u)))
        u++;
    t.unused = (uint8_t)u;
    return t;
}

/* Raw bytes (a whole element kept as a view), no header. */
ASN1RT_INLINE int asn1g_put_raw(asn1rt_writer *w, const uint8_t *p, size_t n)
{
    if (ASN1G_LIKELY(asn1rt_i_room(w) >= n)) {
        w->pos -= n;
        asn1g_copy(w->pos, p, n);
        return ASN1RT_OK;
    }
    return asn1rt_prepend_bytes(w, p, n);
}

ASN1RT_INLINE int asn1g_put_bigint(asn1rt_writer *w, uint32_t tag, const asn1rt_bigint *v)
{
    const uint8_t *c = v->ptr;
    size_t n = v->len;
    if (ASN1G_LIKELY(n >= 1 && (n == 1 || !asn1rt_i_int_redundant(c))))
        return asn1g_put_octets(w, tag, c, n);
    return asn1rt_prepend_bigint(w, tag, v);
}

/* Moves the n bytes written at the writer's end to the start of buf.
 * Up to 16 octets: two loads, then two stores (overlap-safe because both
 * loads come first); a call to memmove costs about 3.5 ns more on a 3-octet
 * INTEGER (bench-constrained encode). Longer: memmove, whose vector moves
 * beat an inline 8-octet loop (DeriveSimple, 44 octets: 10.5 ns against
 * 11.8 ns; bench-proposals P3). */
ASN1RT_INLINE size_t asn1g_finish(const asn1rt_writer *w, uint8_t *buf, size_t cap)
{
    size_t n = (size_t)(buf + cap - w->pos);
    const uint8_t *s = w->pos;
    if (s != buf && !asn1rt_i_copy_small(buf, s, n))   /* buf < s: a forward move */
        memmove(buf, s, n);
    return n;
}

/* SET OF in DER order (X.690 11.6): sorts the n consecutive encodings that
 * start at start (lengths in lens[], in place, no allocation). */
void asn1g_sort_set_of(uint8_t *start, size_t *lens, size_t n);

/* ------------------------------------------------------------------ */
/* Equality of views.                                                   */

ASN1RT_INLINE bool asn1g_view_eq(const asn1rt_view *a, const asn1rt_view *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->ptr, b->ptr, a->len) == 0);
}

ASN1RT_INLINE bool asn1g_bits_eq(const asn1rt_bits *a, const asn1rt_bits *b)
{
    return a->len == b->len && a->unused == b->unused && (a->len == 0 || memcmp(a->ptr, b->ptr, a->len) == 0);
}

/* Length in bits of a BIT STRING value. */
ASN1RT_INLINE size_t asn1g_bits_count(const asn1rt_bits *b) { return b->len * 8 - (b->len ? b->unused : 0); }

#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_GEN_H */
