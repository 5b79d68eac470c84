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
#if defined(__SSE2__) && !defined(ASN1G_NO_SSE2)
#include <emmintrin.h>
#endif

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

/* An OER decoder of a type a recursive reference names is what each level
 * of the recursion calls. With ASN1G_REC_TREE it runs the type's inline
 * copy, the whole tree below it, on a copy of the reader; otherwise it
 * calls its children's externs, one level, which gcc's flatten inlines
 * into the entry point through the recursion's first turn. clang's
 * flatten inlines one level (docs/perf-findings.md F1, 26), so there the
 * one-level form would leave every type below a call. */
#ifndef ASN1G_REC_TREE
#if defined(__clang__) && !defined(ASN1G_NO_INLINE_TREE)
#define ASN1G_REC_TREE 1
#else
#define ASN1G_REC_TREE 0
#endif
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

/* The fast half of entering a constructed element: a definite, strict
 * header of the expected tag, with depth to spare; child is bounded to its
 * content. False leaves r as it was, for the caller's slow path. */
ASN1RT_INLINE bool asn1g_i_enter_fast(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(r->depth < r->max_depth && asn1rt_i_expect_fast(r, tag, &c, &n))) {
        asn1rt_i_enter_content(r, c, n, child);
        return true;
    }
    return false;
}

/* Enters a constructed element; child is bounded to its content. */
ASN1RT_INLINE int asn1g_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    if (ASN1G_LIKELY(asn1g_i_enter_fast(r, tag, child)))
        return ASN1RT_OK;
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

/* Octet-lane arithmetic on a word of eight octets, octet k in bits 8k..8k+7
 * (asn1rt_i_load_le64): ASN1G_OCTETS(x) repeats x in every octet,
 * ASN1G_LANES16 puts four 16-bit values side by side. */
#define ASN1G_OCTETS(x) (UINT64_C(0x0101010101010101) * (uint64_t)(x))
#define ASN1G_LANES16(a, b, c, d) \
    ((uint64_t)(a) | (uint64_t)(b) << 16 | (uint64_t)(c) << 32 | (uint64_t)(d) << 48)

/* The content checks below take `base` with the content [p, p+n): the
 * octets from base up to p are readable too (the element's header and
 * what precedes it in the input: base is the reader's base). A 16-octet
 * window that ends at the content's end may then start before it: one
 * load whatever the length, the octets before p ignored. Contents near
 * the input's start, and hosts without SSE2, use eight-octet words. */

/* The n octets at p (n <= 8) and 8 - n octets of `fill` as one word,
 * without reading outside them: two overlapping loads whose common octets
 * coincide, or octet by octet below 4. The octets keep their order, fill
 * after them. */
ASN1RT_INLINE uint64_t asn1g_word8(const uint8_t *p, size_t n, uint64_t fill)
{
    uint64_t w;
    if (n >= 4)
        w = asn1rt_i_load_le32(p) | (uint64_t)asn1rt_i_load_le32(p + n - 4) << (8 * (n - 4));
    else if (n > 0)
        w = p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) | (uint64_t)p[n - 1] << (8 * (n - 1));
    else
        w = 0;
    return n == 8 ? w : w | fill << (8 * n);             /* here n < 8 */
}

/* Bit 8 of every octet of w that is not in X.680 41.4's PrintableString
 * alphabet (A-Z a-z 0-9 space ' ( ) + , - . / : = ?). Every sum stays
 * inside its octet when no octet has bit 8 set; one that has is flagged
 * by itself (the final "| w"), so a carry it causes cannot hide it. */
ASN1RT_INLINE uint64_t asn1g_unprintable8(uint64_t w)
{
    const uint64_t hi = ASN1G_OCTETS(0x80), lo = ASN1G_OCTETS(0x7F);
    uint64_t y = w | ASN1G_OCTETS(0x20);                 /* A-Z onto a-z */
    uint64_t letter = (y + ASN1G_OCTETS(0x80 - 0x61)) & ~(y + ASN1G_OCTETS(0x80 - 0x7B));
    uint64_t punct = (w + ASN1G_OCTETS(0x80 - 0x27)) & ~(w + ASN1G_OCTETS(0x80 - 0x3B)) &
                     ((w ^ ASN1G_OCTETS(0x2A)) + lo);    /* 0x27..0x3A but '*' */
    uint64_t space = ~((w ^ ASN1G_OCTETS(0x20)) + lo);
    uint64_t eq_q = ~(((w | ASN1G_OCTETS(0x02)) ^ ASN1G_OCTETS(0x3F)) + lo);   /* '=' and '?' */
    return (~(letter | punct | space | eq_q) | w) & hi;
}

/* Bit 8 of every octet of w that starts a subidentifier with 0x80 (X.690
 * 8.19.2): it is 0x80 and the octet before it (for octet 0, bit 8 of
 * prev_hi) has bit 8 clear. */
ASN1RT_INLINE uint64_t asn1g_oid_bad8(uint64_t w, uint64_t prev_hi)
{
    const uint64_t hi = ASN1G_OCTETS(0x80), lo = ASN1G_OCTETS(0x7F);
    uint64_t x = w ^ hi;                                 /* 0 where the octet is 0x80 */
    uint64_t not80 = (((x & lo) + lo) | x) & hi;
    uint64_t after_cont = ((w & hi) << 8) | prev_hi;
    return ~(not80 | after_cont) & hi;
}

#if defined(__SSE2__) && !defined(ASN1G_NO_SSE2)
#define ASN1G_SSE2 1
/* The same tests on sixteen octets at a time (SSE2 is part of x86-64).
 * The window of a content of up to 16 octets ends at its end and starts
 * before it when base allows; the octets before p are then ignored. */
ASN1RT_INLINE __m128i asn1g_load16(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* One bit per octet of v, set where it is a PrintableString character.
 * Each range is one add and one signed compare: adding 0x80 - lo moves
 * [lo, lo + k) onto [-128, -128 + k), where no other octet lands. An
 * octet with bit 8 set lands outside every range. */
ASN1RT_INLINE unsigned asn1g_printable16(__m128i v)
{
    __m128i y = _mm_or_si128(v, _mm_set1_epi8(0x20));                /* A-Z onto a-z */
    __m128i letter = _mm_cmplt_epi8(_mm_add_epi8(y, _mm_set1_epi8(0x80 - 0x61)), _mm_set1_epi8(-128 + 26));
    __m128i punct = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x2A)),   /* 0x27..0x3A but '*' */
                                     _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x80 - 0x27)), _mm_set1_epi8(-128 + 20)));
    __m128i space = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x20));
    __m128i eq_q = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x02)), _mm_set1_epi8(0x3F));   /* '=' and '?' */
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, punct), _mm_or_si128(space, eq_q)));
}
#endif

/* Whether every one of the n octets at p is a PrintableString character. */
ASN1RT_INLINE bool asn1g_printable(const uint8_t *base, const uint8_t *p, size_t n)
{
    size_t i;
#ifdef ASN1G_SSE2
    unsigned ok;
    if (ASN1G_LIKELY(n <= 16 && (size_t)(p - base) + n >= 16))
        return (asn1g_printable16(asn1g_load16(p + n - 16)) | (0xFFFFu >> n)) == 0xFFFFu;
    if (n >= 16) {
        ok = asn1g_printable16(asn1g_load16(p + n - 16));
        for (i = 0; i + 16 < n; i += 16)
            ok &= asn1g_printable16(asn1g_load16(p + i));
        return ok == 0xFFFFu;
    }
#endif
    uint64_t bad;
    if (n <= 8)
        return asn1g_unprintable8(asn1g_word8(p, n, ASN1G_OCTETS('A'))) == 0;
    bad = asn1g_unprintable8(asn1rt_i_load_le64(p + n - 8));
    for (i = 0; i + 8 < n; i += 8)
        bad |= asn1g_unprintable8(asn1rt_i_load_le64(p + i));
    return bad == 0;
}

/* No octet has bit 8 set. */
ASN1RT_INLINE bool asn1g_ascii(const uint8_t *base, const uint8_t *p, size_t n)
{
    uint64_t acc;
    size_t i;
#ifdef ASN1G_SSE2
    if (ASN1G_LIKELY(n <= 16 && (size_t)(p - base) + n >= 16))
        return ((unsigned)_mm_movemask_epi8(asn1g_load16(p + n - 16)) >> (16 - n)) == 0;
#endif
    if (n <= 8)
        return (asn1g_word8(p, n, 0) & ASN1G_OCTETS(0x80)) == 0;
    acc = asn1rt_i_load_le64(p + n - 8);
    for (i = 0; i + 8 < n; i += 8)
        acc |= asn1rt_i_load_le64(p + i);
    return (acc & ASN1G_OCTETS(0x80)) == 0;
}

/* True when [p, p+n) is certainly valid content of the string type; false
 * means "ask the runtime" (which decides the error, or accepts). */
ASN1RT_INLINE bool asn1g_string_fast_ok(unsigned universal, const uint8_t *base, const uint8_t *p, size_t n)
{
    switch (universal) {
    case ASN1RT_UT_PRINTABLESTRING:
        return asn1g_printable(base, p, n);
    case ASN1RT_UT_IA5STRING:
    case ASN1RT_UT_UTF8STRING:          /* ASCII is valid UTF-8 */
        return asn1g_ascii(base, p, n);
    default:
        return false;
    }
}

/* X.690 8.19.2: at least one octet, no subidentifier starting with 0x80,
 * the last octet ends a subidentifier. No loop up to 16 octets. */
ASN1RT_INLINE bool asn1g_oid_fast_ok(const uint8_t *base, const uint8_t *p, size_t n)
{
    uint64_t bad;
    size_t i;
#ifdef ASN1G_SSE2
    if (ASN1G_LIKELY(n - 1 < 16 && (size_t)(p - base) + n >= 16)) {
        /* The content's lanes are 16 - n .. 15: 0xFF in `mine`, from a
         * sliding window over sixteen 0x00 then sixteen 0xFF. */
        static const uint8_t lanes[32] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                           255, 255, 255, 255, 255, 255, 255, 255,
                                           255, 255, 255, 255, 255, 255, 255, 255 };
        __m128i mine = asn1g_load16(lanes + n);
        __m128i v = _mm_and_si128(asn1g_load16(p + n - 16), mine);
        /* 0x80 where the octet before (0 before the content) has bit 8 clear, and bit 8 of the last octet */
        __m128i starts80 = _mm_andnot_si128(_mm_slli_si128(v, 1), _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0x80)));
        __m128i last = _mm_and_si128(v, _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (char)0x80));
        return _mm_movemask_epi8(_mm_or_si128(starts80, last)) == 0;
    }
#endif
    if (n == 0 || (p[n - 1] & 0x80u))
        return false;
    if (n <= 8)
        return asn1g_oid_bad8(asn1g_word8(p, n, 0), 0) == 0;
    bad = asn1g_oid_bad8(asn1rt_i_load_le64(p), 0) |
          asn1g_oid_bad8(asn1rt_i_load_le64(p + n - 8), (uint64_t)(p[n - 9] & 0x80u));
    for (i = 8; i + 8 < n; i += 8)
        bad |= asn1g_oid_bad8(asn1rt_i_load_le64(p + i), (uint64_t)(p[i - 1] & 0x80u));
    return bad == 0;
}

ASN1RT_INLINE int asn1g_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_string_fast_ok(universal, r->base, c, n)))
        return asn1rt_i_take_view(r, c, n, out);
    return asn1rt_read_string(r, tag, universal, out);
}

ASN1RT_INLINE int asn1g_read_oid(asn1rt_reader *r, uint32_t tag, asn1rt_view *out)
{
    const uint8_t *c;
    size_t n;
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_oid_fast_ok(r->base, c, n)))
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
        ok = asn1g_printable(r->base, c, n);
    else if (p[0] == 0x0C || p[0] == 0x16)
        ok = asn1g_ascii(r->base, c, n);
    else if (p[0] == 0x05)
        ok = n == 0;
    else if (p[0] == 0x06)
        ok = asn1g_oid_fast_ok(r->base, c, n);
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

/* Octet-lane helpers of asn1g_time_fast_ok. Non-zero unless all eight
 * octets of w are ASCII digits: a high nibble other than 3, or a low one
 * above 9 (adding 6 carries it out of the nibble). A carry out of an octet
 * comes only from an octet the first test flags. */
ASN1RT_INLINE uint64_t asn1g_nondigit8(uint64_t w)
{
    const uint64_t nib = ASN1G_OCTETS(0xF0), three = ASN1G_OCTETS(0x30);
    return ((w & nib) ^ three) | (((w + ASN1G_OCTETS(6)) & nib) ^ three);
}

/* Eight digits as four two-digit values, one per 16-bit lane (tens from
 * the lower octet). Garbage in, garbage out, but never above 255 a lane. */
ASN1RT_INLINE uint64_t asn1g_pairs8(uint64_t w)
{
    uint64_t d = w - ASN1G_OCTETS('0');
    return (d * 10 + (d >> 8)) & ASN1G_LANES16(0xFF, 0xFF, 0xFF, 0xFF);
}

/* Bit 16 of each lane of v (lanes <= 255) that is above its lane of lim. */
ASN1RT_INLINE uint64_t asn1g_lanes_over(uint64_t v, uint64_t lim)
{
    return (v + (ASN1G_LANES16(0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF) - lim)) &
           ASN1G_LANES16(0x8000, 0x8000, 0x8000, 0x8000);
}

/* DER UTCTime (YYMMDDhhmmssZ) or GeneralizedTime without fraction
 * (YYYYMMDDhhmmssZ) with every field in range (X.690 11.7, 11.8); false
 * means "ask the runtime". Straight-line:
 * YYMMDDhh and DDhhmmss as two words of digits, their fields compared
 * with their limits lane by lane. */
ASN1RT_INLINE bool asn1g_time_fast_ok(unsigned universal, const uint8_t *p, size_t n)
{
    /* Days per month, indexed by month & 15: 0 for what is not a month. */
    static const uint8_t dim[16] = { 0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 0, 0, 0 };
    size_t y = universal == ASN1RT_UT_UTCTIME ? 2 : 4;
    uint64_t ymdh, dhms, bad;
    unsigned month, day, year;
    if (n != y + 11 || p[n - 1] != 'Z')
        return false;
    ymdh = asn1rt_i_load_le64(p + y - 2);
    dhms = asn1rt_i_load_le64(p + y + 2);
    bad = asn1g_nondigit8(ymdh) | asn1g_nondigit8(dhms);
    if (y == 4)                                          /* the century digits */
        bad |= ((unsigned)(p[0] - '0') > 9u) | ((unsigned)(p[1] - '0') > 9u);
    ymdh = asn1g_pairs8(ymdh);
    dhms = asn1g_pairs8(dhms);
    bad |= asn1g_lanes_over(ymdh, ASN1G_LANES16(99, 12, 31, 23)) |
           asn1g_lanes_over(dhms, ASN1G_LANES16(31, 23, 59, 59));
    month = (unsigned)(ymdh >> 16) & 0xFFu;
    day = (unsigned)(ymdh >> 32) & 0xFFu;
    if (ASN1G_LIKELY(bad == 0 && day - 1u < dim[month & 15u]))
        return true;
    if (bad != 0 || month != 2 || day != 29)
        return false;
    /* 29 February: UTCTime's years 1950..2049 leap when YY is; a
     * GeneralizedTime's century year only when its century is. */
    year = (unsigned)ymdh & 0xFFu;
    if (y == 4 && year == 0)
        year = (unsigned)((p[0] - '0') * 10 + (p[1] - '0'));
    return year % 4u == 0;
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

/* T_ber_decode's reader. Under ASN1G_BER_LAST_EOC an indefinite element
 * that must be the last its reader holds (the outermost one, which is the
 * whole input; one entered by asn1g_ber_enter_last) takes the reader's
 * last two octets as its end-of-contents when they are 00 00, without the
 * walk to find it (runtime/ber.c, ber_enter). If they are not its own, the
 * element's content holds an end-of-contents no read accepts and the
 * decode fails; T_ber_decode then runs again without the bit
 * (T_ber_decode_ex), so what it accepts, its values and its errors are the
 * walk's. */
#define ASN1G_BER_LAST_EOC 0x80000000u
ASN1RT_INLINE void asn1g_ber_reader_init_whole(asn1rt_reader *r, const uint8_t *ber, size_t len)
{
    asn1rt_i_reader_set(r, ber, ber + len, ASN1RT_BER | ASN1G_BER_LAST_EOC);
}

/* asn1g_enter of an element nothing may follow in r (the last component
 * of a SEQUENCE without extensions, the content of an explicit tag). */
ASN1RT_MUST_USE int asn1rt_i_ber_enter_last(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child);
ASN1RT_INLINE int asn1g_ber_enter_last(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    if (ASN1G_LIKELY(asn1g_i_enter_fast(r, tag, child)))
        return ASN1RT_OK;
    return asn1rt_i_ber_enter_last(r, tag, child);
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
    if (ASN1G_LIKELY(asn1rt_i_expect_fast(r, tag, &c, &n) && asn1g_string_fast_ok(universal, r->base, c, n)))
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
        if (asn1g_ascii(v->ptr, v->ptr, v->len))
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

/* memcpy without a library call up to 128 octets: with SSE2, 17..128 in
 * 16-octet steps, the last 16 loaded first and stored last (overlapping the
 * step before). A Certificate encode makes about seven copies above 16
 * octets (serial number, names, keys, extensions); inline up to 128 it took
 * 10-12% less time than with glibc's memcpy for them (docs/perf-findings.md,
 * section 14). d and s do not overlap. */
ASN1RT_INLINE void asn1g_copy(uint8_t *d, const uint8_t *s, size_t n)
{
#ifdef ASN1G_SSE2
    if (n > 16 && n <= 128) {
        __m128i last = asn1g_load16(s + n - 16);
        for (size_t i = 0; i + 16 < n; i += 16)
            _mm_storeu_si128((__m128i *)(void *)(d + i), asn1g_load16(s + i));
        _mm_storeu_si128((__m128i *)(void *)(d + n - 16), last);
        return;
    }
#endif
    asn1rt_i_copy(d, s, n);
}

ASN1RT_INLINE int asn1g_put_header(asn1rt_writer *w, uint32_t tag, size_t n)
{
    if (ASN1G_LIKELY(ASN1RT_I_HEADER_FAST(w, tag, n))) {
        w->pos = asn1rt_i_put_header_fast(w->pos, tag, n);
        return ASN1RT_OK;
    }
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_header, tag, n);
}

/* Content end of a constructed element: call before writing its content,
 * then asn1g_close() with the same mark. */
ASN1RT_INLINE uint8_t *asn1g_mark(const asn1rt_writer *w) { return w->pos; }
ASN1RT_INLINE int asn1g_close(asn1rt_writer *w, uint32_t tag, const uint8_t *mark)
{
    return asn1g_put_header(w, tag, (size_t)(mark - w->pos));
}

/* asn1rt_prepend_int64/_uint64 out of line, for asn1g_put_int/_uint's slow
 * paths: inlined there, with the writer in registers, their octet loops
 * made clang 14 lay out a SEQUENCE OF INTEGER's loop worse (DeriveMessage
 * encode +4.6% against the hand-written codec, section 20). */
ASN1RT_MUST_USE int asn1g_put_int_slow(asn1rt_writer *w, uint32_t tag, int64_t v);
ASN1RT_MUST_USE int asn1g_put_uint_slow(asn1rt_writer *w, uint32_t tag, uint64_t v);

ASN1RT_INLINE int asn1g_put_int(asn1rt_writer *w, uint32_t tag, int64_t v)
{
    if (ASN1G_LIKELY(ASN1RT_I_INT64_FAST(w, tag))) {
        asn1rt_i_put_int64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    ASN1RT_I_RETURN_ON_COPY(w, asn1g_put_int_slow, tag, v);
}

ASN1RT_INLINE int asn1g_put_uint(asn1rt_writer *w, uint32_t tag, uint64_t v)
{
    if (ASN1G_LIKELY(ASN1RT_I_UINT64_FAST(w, tag))) {
        asn1rt_i_put_uint64_fast(w, tag, v);
        return ASN1RT_OK;
    }
    ASN1RT_I_RETURN_ON_COPY(w, asn1g_put_uint_slow, tag, v);
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
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_bool, tag, v);
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
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_octets, tag, p, n);
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
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_bits, tag, v);
}

/* Length in bits of a BIT STRING value. */
ASN1RT_INLINE size_t asn1g_bits_count(const asn1rt_bits *b) { return b->len * 8 - (b->len ? b->unused : 0); }

/* A named-bit BIT STRING read without its trailing zero bits (X.690
 * 11.2.2) under a SIZE lower bound lo: given back the zero bits up to lo,
 * as 11.2.2 NOTE 1 has a decoder deliver, where that needs no octet beyond
 * the value's own (whose unused bits are zero: the DER reader's check, or
 * asn1g_bits_trim's for BER) or the value has no octet (then a run of
 * zeros, 64 octets at most). Otherwise as it was, for the SIZE check to
 * refuse. */
ASN1RT_INLINE asn1rt_bits asn1g_bits_pad(const asn1rt_bits *v, size_t lo)
{
    static const uint8_t zeros[64];
    asn1rt_bits t = *v;
    size_t n = (lo + 7) / 8;
    if (asn1g_bits_count(&t) >= lo)
        return t;
    if (t.len == 0 && n <= sizeof zeros) {
        t.ptr = zeros;
        t.len = n;
    } else if (n != t.len) {
        return t;
    }
    t.unused = (uint8_t)(n * 8 - lo);
    return t;
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
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_bytes, p, n);
}

ASN1RT_INLINE int asn1g_put_bigint(asn1rt_writer *w, uint32_t tag, const asn1rt_bigint *v)
{
    const uint8_t *c = v->ptr;
    size_t n = v->len;
    if (ASN1G_LIKELY(n >= 1 && (n == 1 || !asn1rt_i_int_redundant(c))))
        return asn1g_put_octets(w, tag, c, n);
    ASN1RT_I_RETURN_ON_COPY(w, asn1rt_prepend_bigint, tag, v);
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


#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_GEN_H */
