/*
 * asn1rt/oer.h — OER and canonical OER (X.696) for asn1cc-generated code.
 *
 * The pieces a T_oer_decode / T_oer_encode is made of: the length
 * determinant, fixed-size and length-prefixed integers, ENUMERATED, the
 * SEQUENCE preamble and the extension addition presence bitmap, CHOICE
 * tags, the SEQUENCE OF quantity, BIT STRING, strings with and without a
 * length, open types. The schema decides which piece applies (a fixed-size
 * integer or a length-prefixed one, a fixed-size string or not): that is
 * the emitter's work; each function here encodes exactly one X.696 form.
 *
 * Same contract as asn1rt.h:
 *  - Reading uses asn1rt_reader and its cursor discipline: a read consumes
 *    octets only when it succeeds; on failure the output is untouched,
 *    nothing is consumed and r->err_offset is set (where it points:
 *    docs/runtime.md, "OER"). OER has no tags or lengths of its own around
 *    a value, so a reader is not "inside" anything but an open type
 *    (asn1oer_enter_open) and the outermost input.
 *  - Strict canonical OER (COER) is the default (lax == 0). BASIC-OER
 *    forms that are valid but not canonical are accepted only under the
 *    ASN1RT_LAX_OER_* flag that names them, each relaxing one rule.
 *  - Writing uses asn1oer_writer, front to back (unlike DER's
 *    asn1rt_writer): every piece is put at w->pos, which moves up towards
 *    w->end, so that an encoding starts at the buffer's first octet and
 *    needs no move at the end. The one length OER does not know before
 *    its content, an open type's, is reserved as one octet and filled in
 *    after (asn1oer_open_begin / asn1oer_open_end), the content moved up
 *    in the rare case its length needs the long form. Every put writes
 *    nothing on failure; a short buffer is ASN1RT_E_BUFFER_TOO_SMALL, an
 *    in-memory value no canonical encoding exists for is refused with its
 *    data code, never repaired.
 *  - No malloc; strings, bit strings, big integers and open types are
 *    views into the input.
 *
 * Hot paths are static inline here; the long forms and the rest are in
 * runtime/oer.c (asn1oer_i_* are internal and may change).
 */
#ifndef ASN1RT_OER_H
#define ASN1RT_OER_H

#include "asn1rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Leniency: BASIC-OER forms that COER forbids. 0 = strict COER. They  */
/* share r->lax with the DER flags: ASN1RT_LAX_BOOLEAN (any non-zero   */
/* octet is TRUE, X.696 9) and ASN1RT_LAX_TRAILING also apply here.     */

#define ASN1RT_LAX_OER_LENGTH  0x100u /* length determinants in the long form below 128 or with leading 0x00 octets */
#define ASN1RT_LAX_OER_INTEGER 0x200u /* length-prefixed INTEGER / quantity with redundant leading octets; ENUMERATED long form for 0..127 */
#define ASN1RT_LAX_OER_PADDING 0x400u /* non-zero padding bits in a preamble, presence bitmap or BIT STRING (the view keeps them) */
/* Not a leniency but the opposite, for tests and fuzz harnesses: an
 * extension addition the schema does not know, which the decoder skips
 * (so its value re-encodes without it), is refused instead with
 * ASN1RT_E_UNKNOWN_COMPONENT at its open type. */
#define ASN1RT_OER_KNOWN_ONLY  0x800u

/* ------------------------------------------------------------------ */
/* The writer.                                                          */

/* The forward writer: [buffer start, pos) is written, [pos, end) is
 * room. A NULL buffer has pos == end == NULL (no room). */
typedef struct asn1oer_writer {
    uint8_t *pos;   /* the next octet to write; moves up */
    uint8_t *end;   /* one past the last octet the writer may write */
} asn1oer_writer;

ASN1RT_INLINE void asn1oer_writer_init(asn1oer_writer *w, uint8_t *buf, size_t cap)
{
    w->pos = buf;
    w->end = buf == NULL ? NULL : buf + cap;
}
/* Octets of room left. */
ASN1RT_INLINE size_t asn1oer_i_wroom(const asn1oer_writer *w) { return (size_t)(w->end - w->pos); }
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_fixed_octets(asn1oer_writer *w, const uint8_t *p, size_t n);

/* ------------------------------------------------------------------ */
/* Out-of-line halves (runtime/oer.c; not for direct use).             */

ASN1RT_MUST_USE int asn1oer_i_slow_length(asn1rt_reader *r, size_t *len);
ASN1RT_MUST_USE int asn1oer_i_slow_put_length(asn1oer_writer *w, size_t n);
ASN1RT_MUST_USE int asn1oer_i_slow_enum(asn1rt_reader *r, int64_t *out);
ASN1RT_MUST_USE int asn1oer_i_slow_tag(asn1rt_reader *r, uint32_t *tag);
ASN1RT_MUST_USE int asn1oer_i_slow_put_tag(asn1oer_writer *w, uint32_t tag);
/* A generated OER decoder's failure: gen.h's asn1g_fail, without the call
 * when err is NULL (T_oer_decode's constant NULL), so that the flattened
 * decoder's exits keep nothing alive across a call and compute no offsets
 * (docs/perf-findings.md 22, 25; DER keeps the call, whose block layout was
 * faster there). err is a plain name in generated code (read twice). */
#define ASN1OER_FAIL(err, code, offset, component) \
    ((err) == NULL ? (code) : asn1g_fail((err), (code), (offset), (component)))

/* An inline writer's out-of-line half, f(&copy, ...), on a copy of *w,
 * its cursor taken back (failures leave it as it was): the reason is
 * asn1rt/inline.h's ASN1RT_I_RETURN_ON_COPY. */
#define ASN1OER_I_RETURN_ON_COPY(w, f, ...) \
    do { \
        asn1oer_writer asn1oer_i_c_ = *(w); \
        int asn1oer_i_rc_ = f(&asn1oer_i_c_, __VA_ARGS__); \
        (w)->pos = asn1oer_i_c_.pos; \
        return asn1oer_i_rc_; \
    } while (0)

/* For generated encoders: fn(&copy, ...) on a copy of *w for an
 * out-of-line writer, returning its code on failure, taking the copy back
 * on success (the reason: asn1rt/inline.h's ASN1RT_I_RETURN_ON_COPY). */
#define ASN1OER_TRY_ON_COPY(w, fn, ...) \
    do { \
        asn1oer_writer asn1oer_i_t_ = *(w); \
        int asn1oer_i_rc_ = fn(&asn1oer_i_t_, __VA_ARGS__); \
        if (ASN1RT_I_UNLIKELY(asn1oer_i_rc_ != ASN1RT_OK)) \
            return asn1oer_i_rc_; \
        *(w) = asn1oer_i_t_; \
    } while (0)

ASN1RT_MUST_USE int asn1oer_i_int_content(asn1rt_reader *r, const uint8_t *at, const uint8_t *p, size_t n,
                                          int64_t lo, int64_t hi, int64_t *out);
ASN1RT_MUST_USE int asn1oer_i_uint_content(asn1rt_reader *r, const uint8_t *at, const uint8_t *p, size_t n,
                                           uint64_t lo, uint64_t hi, uint64_t *out);

/* The inline readers below make these calls on a copy of the reader
 * (t = *r; call(&t); *r = t), and their outputs through locals: were the
 * caller's reader's address to reach a function the compiler cannot see,
 * a flattened decoder would keep the reader in memory and store and
 * reload the cursor at every field, a chain of store-to-load forwards.
 * On a copy, the cursor stays in a register; only the cold call goes
 * through memory. The same holds for generated code's out-of-line calls
 * (emit_oer.c) and asn1oer_i_enter_open / asn1oer_i_expect_end below. */

/* After such a call: what an out-of-line reader changes (the cursor and
 * err_offset), field by field. The whole struct back would be loaded in
 * vector halves that span the callee's scalar stores, which the CPU
 * cannot forward (a stall of ~12 cycles each; the SPDU decode, whose
 * recursive references are extern calls, lost 20% to it). */
ASN1RT_INLINE void asn1oer_i_copy_back(asn1rt_reader *r, const asn1rt_reader *t)
{
    r->cur = t->cur;
    r->err_offset = t->err_offset;
}

/* For the inline readers: call(...) with asn1oer_i_r_ (a copy of *r) and
 * &asn1oer_i_v_ (a local of type ty, first zero), then the copy's cursor
 * and err_offset back into *r and, on success, the local into *out; returns
 * the code. */
#define ASN1OER_I_READ_ON_COPY(r, ty, zero, out, call) \
    do { \
        asn1rt_reader asn1oer_i_t_ = *(r); \
        asn1rt_reader *const asn1oer_i_r_ = &asn1oer_i_t_; \
        ty asn1oer_i_v_ = zero; \
        int asn1oer_i_rc_ = (call); \
        asn1oer_i_copy_back((r), asn1oer_i_r_); \
        if (asn1oer_i_rc_ == ASN1RT_OK) \
            *(out) = asn1oer_i_v_; \
        return asn1oer_i_rc_; \
    } while (0)

/* ------------------------------------------------------------------ */
/* Reader set-up.                                                       */

/* A reader over [p, p + len) with flags lax (ASN1RT_LAX_*), depth 0. */
ASN1RT_INLINE void asn1oer_reader_init(asn1rt_reader *r, const uint8_t *p, size_t len, unsigned lax)
{
    asn1rt_i_reader_set(r, p, p == NULL ? NULL : p + len, lax);
}

/* Bit i (0 = the most significant bit of bits[0]) of a bitmap. */
ASN1RT_INLINE bool asn1oer_bit(const uint8_t *bits, size_t i)
{
    return (((unsigned)bits[i >> 3] >> (7u - (i & 7u))) & 1u) != 0;
}
/* The first n (<= 8) octets of a bitmap as one word, bit i at bit 63 - i,
 * for a decoder to test its preamble in a register: through the pointer,
 * each test reloads the octet, as the bool stored for the bit before may
 * alias the input. */
ASN1RT_INLINE uint64_t asn1oer_i_bits_word(const uint8_t *bits, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)   /* n is a constant: no loop is left */
        v = v << 8 | bits[i];
    return n == 0 ? 0 : v << (8 * (8 - n));
}
/* Sets bit i of a bitmap the caller zeroed. */
ASN1RT_INLINE void asn1oer_set_bit(uint8_t *bits, size_t i)
{
    bits[i >> 3] = (uint8_t)(bits[i >> 3] | (0x80u >> (i & 7u)));
}

/* The n (1..8) low octets of v big-endian in the n octets from p.
 * A local cursor: a store through w->pos (uint8_t) may alias w->pos
 * itself, which would reload and store it after every octet. */
ASN1RT_INLINE void asn1oer_i_put_be(uint8_t *p, size_t n, uint64_t v)
{
    for (size_t i = n; i-- > 0; v >>= 8)
        p[i] = (uint8_t)v;
}

/* Whether n (a constant in generated code) octets remain at p before
 * end. Up to 64 as p + n <= end on the addresses: the sum is the cursor
 * after them, which the reader computes anyway, so the test is one compare
 * where end - p >= n is a subtraction and a compare. It cannot wrap where
 * no input lies in the last 64 octets of the address space, as on hosts
 * with an MMU (the top page is the kernel's, or past the user range): a
 * platform assumption of this runtime, which docs/runtime.md states. */
ASN1RT_INLINE bool asn1oer_i_room(const uint8_t *p, const uint8_t *end, size_t n)
{
    if (n <= 64)
        return (uintptr_t)p + n <= (uintptr_t)end;
    return (size_t)(end - p) >= n;
}

/* The fixed sizes (1, 2, 4, 8 octets: a constant in generated code) as
 * one load or store each: the loops above are left as loops by gcc -O2
 * for 4 and 8 octets. The shifts below are the pattern gcc and clang
 * turn into a load (store) and a byte swap. */
ASN1RT_INLINE uint64_t asn1oer_i_get_fixed(const uint8_t *p, unsigned octets)
{
    switch (octets) {
    case 1:
        return p[0];
    case 2:
        return (uint64_t)p[0] << 8 | p[1];
    case 4:
        return (uint64_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
    default:
        return asn1rt_i_load_be64(p);
    }
}
/* gcc 12 merges the octet stores of 2 and 4 octets into one store only
 * some of the time (inside the CAM's long functions it leaves shifts and
 * single octets), so on GNU little-endian hosts the swap is explicit. */
ASN1RT_INLINE void asn1oer_i_put_fixed(uint8_t *p, unsigned octets, uint64_t v)
{
    switch (octets) {
    case 1:
        p[0] = (uint8_t)v;
        break;
    case 2: {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint16_t x = __builtin_bswap16((uint16_t)v);
        memcpy(p, &x, 2);
#else
        p[0] = (uint8_t)(v >> 8);
        p[1] = (uint8_t)v;
#endif
        break;
    }
    case 4: {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint32_t x = __builtin_bswap32((uint32_t)v);
        memcpy(p, &x, 4);
#else
        p[0] = (uint8_t)(v >> 24);
        p[1] = (uint8_t)(v >> 16);
        p[2] = (uint8_t)(v >> 8);
        p[3] = (uint8_t)v;
#endif
        break;
    }
    default:
        asn1rt_i_store_be64(p, v);
        break;
    }
}

/* Whether the n octets at p are all below 0x80 (ASCII). base is the
 * start of the input. From 8 octets on, the loads never leave [p, p + n):
 * up to 16 two loads (overlapping), longer eight at a time and one last
 * load ending at p + n. Below 8, one load ending at p + n (the octets
 * before p masked off) when the input has 8 octets there, else octet by
 * octet. */
ASN1RT_INLINE bool asn1oer_i_ascii(const uint8_t *base, const uint8_t *p, size_t n)
{
    const uint64_t hi = UINT64_C(0x8080808080808080);
    uint64_t acc = 0;
    size_t i = 0;
    if (n >= 8) {
        uint64_t last = asn1rt_i_load_le64(p + n - 8);
        if (n <= 16)   /* no loop for a host name */
            return ((asn1rt_i_load_le64(p) | last) & hi) == 0;
        for (; i + 8 < n; i += 8)
            acc |= asn1rt_i_load_le64(p + i);
        return ((acc | last) & hi) == 0;
    }
    if (n == 0)
        return true;
    if (ASN1RT_I_LIKELY((size_t)(p - base) + n >= 8))
        return (asn1rt_i_load_le64(p + n - 8) & (hi << (8 * (8 - n)))) == 0;
    for (; i < n; i++)
        acc |= p[i];
    return (acc & 0x80u) == 0;
}

/* ------------------------------------------------------------------ */
/* Length determinant (X.696 8.6): short form, one octet 0..127; long   */
/* form, 0x80 | k then k octets of unsigned length. COER: short form    */
/* below 128, else the fewest length octets (ASN1RT_LAX_OER_LENGTH      */
/* accepts both non-canonical forms). 0x80 (no length octets) is never  */
/* accepted: ASN1RT_E_LENGTH_NOT_MINIMAL.                               */

/* The length of what follows, checked against the reader's end: on
 * success the cursor is after the determinant and *len octets remain at
 * least. Failures (at the determinant's first octet): TRUNCATED (no
 * determinant, length octets missing, or *len octets not there),
 * LENGTH_NOT_MINIMAL, LENGTH_TOO_LARGE (beyond size_t). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_length(asn1rt_reader *r, size_t *len)
{
    const uint8_t *p;
    if (r == NULL || len == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end && p[0] < 0x80 && (size_t)(r->end - p) - 1 >= p[0])) {
        *len = p[0];
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    ASN1OER_I_READ_ON_COPY(r, size_t, 0, len, asn1oer_i_slow_length(asn1oer_i_r_, &asn1oer_i_v_));
}

/* Octets of the determinant of n (1 below 128, else 1 + the fewest octets). */
ASN1RT_INLINE size_t asn1oer_length_len(size_t n)
{
    size_t k = 1;
    if (n < 0x80)
        return 1;
    while (k < sizeof n && (n >> (8 * k)) != 0)
        k++;
    return 1 + k;
}

/* Puts the canonical determinant of n. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_length(asn1oer_writer *w, size_t n)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(n < 0x80 && w->pos < w->end)) {
        *w->pos++ = (uint8_t)n;
        return ASN1RT_OK;
    }
    ASN1OER_I_RETURN_ON_COPY(w, asn1oer_i_slow_put_length, n);
}

/* ------------------------------------------------------------------ */
/* Integers (X.696 10). With both bounds in one of the ranges below the */
/* value is fixed-size, big-endian, with no length: lb >= 0 (10.2)      */
/* unsigned in 1, 2, 4 or 8 octets for ub <= 255, 65535, 2^32-1, 2^64-1;*/
/* lb < 0 (10.3) two's complement in 1, 2, 4 or 8 octets for            */
/* -2^7..2^7-1, -2^15..2^15-1, -2^31..2^31-1, -2^63..2^63-1. Otherwise  */
/* (no upper bound, no lower bound, or a wider range) it is a length    */
/* determinant and the fewest octets: unsigned when lb >= 0, two's      */
/* complement otherwise (10.4..10.9). An extensible constraint is not   */
/* OER-visible: such a type is length-prefixed signed (the emitter's).  */

/* The fixed size for lb >= 0 and upper bound ub: 1, 2, 4 or 8. */
ASN1RT_INLINE unsigned asn1oer_fixed_unsigned_octets(uint64_t ub)
{
    return ub <= 0xFFu ? 1u : ub <= 0xFFFFu ? 2u : ub <= 0xFFFFFFFFu ? 4u : 8u;
}
/* The fixed size for lb < 0 and [lb, ub]: 1, 2, 4 or 8. */
ASN1RT_INLINE unsigned asn1oer_fixed_signed_octets(int64_t lb, int64_t ub)
{
    if (lb >= INT8_MIN && ub <= INT8_MAX) return 1;
    if (lb >= INT16_MIN && ub <= INT16_MAX) return 2;
    if (lb >= INT32_MIN && ub <= INT32_MAX) return 4;
    return 8;
}

/* A fixed-size unsigned integer of `octets` (1, 2, 4, 8) octets, checked
 * against [lo, hi]. Failures: ASN1RT_E_ARG (other sizes), TRUNCATED (at
 * the cursor), VALUE_CONSTRAINT (at the first octet). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_fixed_uint(asn1rt_reader *r, unsigned octets, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const uint8_t *p;
    uint64_t v = 0;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (octets != 1 && octets != 2 && octets != 4 && octets != 8)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(!asn1oer_i_room(p, r->end, octets)))
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    v = asn1oer_i_get_fixed(p, octets);
    if (ASN1RT_I_UNLIKELY(v < lo || v > hi))
        return asn1rt_i_fail_at(r, ASN1RT_E_VALUE_CONSTRAINT, p);
    *out = v;
    r->cur = p + octets;
    return ASN1RT_OK;
}

/* A fixed-size two's-complement integer; as asn1oer_read_fixed_uint. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_fixed_int(asn1rt_reader *r, unsigned octets, int64_t lo, int64_t hi, int64_t *out)
{
    const uint8_t *p;
    uint64_t u;
    int64_t v;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (octets != 1 && octets != 2 && octets != 4 && octets != 8)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(!asn1oer_i_room(p, r->end, octets)))
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    u = asn1oer_i_get_fixed(p, octets);
    if (octets < 8 && (p[0] & 0x80u))
        u |= UINT64_MAX << (8 * (octets & 7u));
    v = (int64_t)u;
    if (ASN1RT_I_UNLIKELY(v < lo || v > hi))
        return asn1rt_i_fail_at(r, ASN1RT_E_VALUE_CONSTRAINT, p);
    *out = v;
    r->cur = p + octets;
    return ASN1RT_OK;
}

/* Puts v in `octets` octets. ASN1RT_E_VALUE_CONSTRAINT when v does not
 * fit them, ASN1RT_E_ARG for other sizes. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_fixed_uint(asn1oer_writer *w, unsigned octets, uint64_t v)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (octets != 1 && octets != 2 && octets != 4 && octets != 8)
        return ASN1RT_E_ARG;
    if (octets < 8 && (v >> (8 * octets)) != 0)
        return ASN1RT_E_VALUE_CONSTRAINT;
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) < octets))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    asn1oer_i_put_fixed(w->pos, octets, v);
    w->pos += octets;
    return ASN1RT_OK;
}

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_fixed_int(asn1oer_writer *w, unsigned octets, int64_t v)
{
    uint64_t u = (uint64_t)v;
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (octets != 1 && octets != 2 && octets != 4 && octets != 8)
        return ASN1RT_E_ARG;
    if (octets < 8 && asn1rt_int64_len(v) > octets)
        return ASN1RT_E_VALUE_CONSTRAINT;
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) < octets))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    asn1oer_i_put_fixed(w->pos, octets, u);
    w->pos += octets;
    return ASN1RT_OK;
}

/* Content octets of the canonical unsigned form (no leading 0x00; 0 is one
 * octet) and of the canonical two's-complement form. */
ASN1RT_INLINE size_t asn1oer_uint_octets(uint64_t v)
{
    size_t n = 1;
    while (n < 8 && (v >> (8 * n)) != 0)
        n++;
    return n;
}

/* Whole length-prefixed encodings: determinant and content. */
ASN1RT_INLINE size_t asn1oer_uint_len(uint64_t v) { return 1 + asn1oer_uint_octets(v); }
ASN1RT_INLINE size_t asn1oer_int_len(int64_t v) { return 1 + asn1rt_int64_len(v); }

/* A length-prefixed integer into [lo, hi]: unsigned (lb >= 0) or two's
 * complement. Failures: the determinant's (asn1oer_read_length);
 * INTEGER_EMPTY (length 0, at the determinant); INTEGER_NOT_MINIMAL
 * (a redundant leading octet, unless ASN1RT_LAX_OER_INTEGER),
 * INTEGER_RANGE (beyond 64 bits), VALUE_CONSTRAINT (outside [lo, hi]),
 * all three at the first content octet. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_uint(asn1rt_reader *r, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const uint8_t *at;
    size_t n;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    at = r->cur;
    int rc = asn1oer_read_length(r, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    {
        /* The canonical case, 1..8 octets in range, without a call. */
        const uint8_t *c = r->cur;
        if (ASN1RT_I_LIKELY(n - 1 < 8 && (n == 1 || c[0] != 0))) {
            uint64_t v = 0;
            for (size_t i = 0; i < n; i++)
                v = (v << 8) | c[i];
            if (ASN1RT_I_LIKELY(v >= lo && v <= hi)) {
                *out = v;
                r->cur = c + n;
                return ASN1RT_OK;
            }
        }
    }
    {
        asn1rt_reader t = *r;
        uint64_t v = 0;
        rc = asn1oer_i_uint_content(&t, at, t.cur, n, lo, hi, &v);
        asn1oer_i_copy_back(r, &t);
        if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
            r->cur = at;
        else
            *out = v;
    }
    return rc;
}

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_int(asn1rt_reader *r, int64_t lo, int64_t hi, int64_t *out)
{
    const uint8_t *at;
    size_t n;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    at = r->cur;
    int rc = asn1oer_read_length(r, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    {
        const uint8_t *c = r->cur;
        if (ASN1RT_I_LIKELY(n - 1 < 8 && (n == 1 || !asn1rt_i_int_redundant(c)))) {
            uint64_t u = (c[0] & 0x80u) ? UINT64_MAX : 0;
            int64_t v;
            for (size_t i = 0; i < n; i++)
                u = (u << 8) | c[i];
            v = (int64_t)u;
            if (ASN1RT_I_LIKELY(v >= lo && v <= hi)) {
                *out = v;
                r->cur = c + n;
                return ASN1RT_OK;
            }
        }
    }
    {
        asn1rt_reader t = *r;
        int64_t v = 0;
        rc = asn1oer_i_int_content(&t, at, t.cur, n, lo, hi, &v);
        asn1oer_i_copy_back(r, &t);
        if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
            r->cur = at;
        else
            *out = v;
    }
    return rc;
}

/* Puts the canonical length-prefixed form. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_uint(asn1oer_writer *w, uint64_t v)
{
    size_t n = asn1oer_uint_octets(v);
    uint8_t *p;
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) < n + 1))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    p = w->pos;
    p[0] = (uint8_t)n;
    asn1oer_i_put_be(p + 1, n, v);
    w->pos = p + 1 + n;
    return ASN1RT_OK;
}

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_int(asn1oer_writer *w, int64_t v)
{
    size_t n = asn1rt_int64_len(v);
    uint8_t *p;
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) < n + 1))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    p = w->pos;
    p[0] = (uint8_t)n;
    asn1oer_i_put_be(p + 1, n, (uint64_t)v);
    w->pos = p + 1 + n;
    return ASN1RT_OK;
}

/* Integers of any size, as views of their canonical content octets:
 * bigint is two's complement (an asn1rt_bigint, so asn1rt_bigint_to_int64
 * applies), biguint unsigned (no leading 0x00 but for the value 0).
 * Failures as asn1oer_read_int but no range checks; under
 * ASN1RT_LAX_OER_INTEGER the view is the minimal part of the content.
 * The writers refuse a view that is empty (INTEGER_EMPTY) or not
 * canonical (INTEGER_NOT_MINIMAL). */
ASN1RT_MUST_USE int asn1oer_i_read_big(asn1rt_reader *r, bool is_signed, asn1rt_view *out);
ASN1RT_MUST_USE int asn1oer_i_put_big(asn1oer_writer *w, bool is_signed, const asn1rt_view *v);

/* The canonical case (a short determinant, content there and minimal)
 * without a call; the rest, and every failure, out of line. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_read_big_fast(asn1rt_reader *r, bool is_signed, asn1rt_view *out)
{
    const uint8_t *p;
    size_t n;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end && p[0] - 1u < 0x7Fu && (size_t)(r->end - p) - 1 >= p[0])) {
        n = p[0];
        if (ASN1RT_I_LIKELY(n == 1 || (is_signed ? !asn1rt_i_int_redundant(p + 1) : p[1] != 0))) {
            out->ptr = p + 1;
            out->len = n;
            r->cur = p + 1 + n;
            return ASN1RT_OK;
        }
    }
    ASN1OER_I_READ_ON_COPY(r, asn1rt_view, ((asn1rt_view){ NULL, 0 }), out,
                           asn1oer_i_read_big(asn1oer_i_r_, is_signed, &asn1oer_i_v_));
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_bigint(asn1rt_reader *r, asn1rt_bigint *out)
{
    return asn1oer_i_read_big_fast(r, true, out);
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_biguint(asn1rt_reader *r, asn1rt_view *out)
{
    return asn1oer_i_read_big_fast(r, false, out);
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_put_big_fast(asn1oer_writer *w, bool is_signed, const asn1rt_view *v)
{
    size_t n;
    if (ASN1RT_I_LIKELY(w != NULL && v != NULL && v->ptr != NULL && (n = v->len) - 1 < 0x7F &&
                        asn1oer_i_wroom(w) > n &&
                        (n == 1 || (is_signed ? !asn1rt_i_int_redundant(v->ptr) : v->ptr[0] != 0)))) {
        uint8_t *p = w->pos;
        p[0] = (uint8_t)n;
        asn1rt_i_copy(p + 1, v->ptr, n);
        w->pos = p + 1 + n;
        return ASN1RT_OK;
    }
    if (w == NULL)
        return ASN1RT_E_ARG;
    ASN1OER_I_RETURN_ON_COPY(w, asn1oer_i_put_big, is_signed, v);
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_bigint(asn1oer_writer *w, const asn1rt_bigint *v)
{
    return asn1oer_i_put_big_fast(w, true, v);
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_biguint(asn1oer_writer *w, const asn1rt_view *v)
{
    return asn1oer_i_put_big_fast(w, false, v);
}

/* INTEGER ranges beyond 64 bits (cmap's asn1rt_u128 / asn1rt_i128):
 * always length-prefixed (the fixed sizes stop at 8 octets), unsigned or
 * two's complement, at most 16 content octets once minimal. Failures as
 * asn1oer_read_uint; INTEGER_RANGE beyond 128 bits. */
ASN1RT_MUST_USE int asn1oer_read_u128(asn1rt_reader *r, asn1rt_u128 *out);
ASN1RT_MUST_USE int asn1oer_read_i128(asn1rt_reader *r, asn1rt_i128 *out);
ASN1RT_MUST_USE int asn1oer_put_u128(asn1oer_writer *w, asn1rt_u128 v);
ASN1RT_MUST_USE int asn1oer_put_i128(asn1oer_writer *w, asn1rt_i128 v);

/* ------------------------------------------------------------------ */
/* BOOLEAN (X.696 9): one octet, FALSE 0x00, TRUE 0xFF in COER (any     */
/* non-zero octet under ASN1RT_LAX_BOOLEAN). Failures at the octet:     */
/* TRUNCATED, BOOLEAN_VALUE.                                            */

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_bool(asn1rt_reader *r, bool *out)
{
    const uint8_t *p;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_UNLIKELY(p >= r->end))
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    if (ASN1RT_I_UNLIKELY(p[0] != 0x00 && p[0] != 0xFF && !(r->lax & ASN1RT_LAX_BOOLEAN)))
        return asn1rt_i_fail_at(r, ASN1RT_E_BOOLEAN_VALUE, p);
    *out = p[0] != 0;
    r->cur = p + 1;
    return ASN1RT_OK;
}

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_bool(asn1oer_writer *w, bool v)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(w->pos == w->end))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    *w->pos++ = v ? 0xFF : 0x00;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* ENUMERATED (X.696 11): 0..127 in one octet (short form); any other   */
/* value as 0x80 | n and n octets of minimal two's complement (long     */
/* form). The list check is the caller's (ASN1RT_E_ENUM_VALUE).         */
/* Failures: TRUNCATED, OER_ENUM_FORM (long form for 0..127, unless     */
/* ASN1RT_LAX_OER_INTEGER), INTEGER_EMPTY (0x80) at the first octet;    */
/* INTEGER_NOT_MINIMAL (unless ASN1RT_LAX_OER_INTEGER) and              */
/* INTEGER_RANGE (beyond int64_t) at the first value octet.             */

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_enum(asn1rt_reader *r, int64_t *out)
{
    const uint8_t *p;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end && p[0] < 0x80)) {
        *out = p[0];
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    ASN1OER_I_READ_ON_COPY(r, int64_t, 0, out, asn1oer_i_slow_enum(asn1oer_i_r_, &asn1oer_i_v_));
}

ASN1RT_INLINE size_t asn1oer_enum_len(int64_t v)
{
    return v >= 0 && v < 0x80 ? 1 : 1 + asn1rt_int64_len(v);
}

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_enum(asn1oer_writer *w, int64_t v)
{
    size_t n;
    uint8_t *p;
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(v >= 0 && v < 0x80 && w->pos < w->end)) {
        *w->pos++ = (uint8_t)v;
        return ASN1RT_OK;
    }
    if (v >= 0 && v < 0x80)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    n = asn1rt_int64_len(v);
    if (asn1oer_i_wroom(w) < n + 1)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    p = w->pos;
    p[0] = (uint8_t)(0x80u | n);
    asn1oer_i_put_be(p + 1, n, (uint64_t)v);
    w->pos = p + 1 + n;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* CHOICE tags (X.696 20, tag encoding of 8.7): bits 8-7 of the first   */
/* octet the class (as X.690), bits 6-1 the number when below 63; else  */
/* 0x3F and the number in base 128, bit 8 set on all but the last octet,*/
/* the fewest octets. Tag words are ASN1RT_TAG(class, 0, number),      */
/* numbers up to 2^28-1 as the DER reader. Failures at the tag's first  */
/* octet: TRUNCATED, TAG_NOT_MINIMAL (long form below 63, leading 0x80),*/
/* TAG_TOO_LARGE.                                                       */

ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_tag(asn1rt_reader *r, uint32_t *tag)
{
    const uint8_t *p;
    if (r == NULL || tag == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end && (p[0] & 0x3Fu) != 0x3Fu)) {
        *tag = ASN1RT_TAG(p[0] >> 6, 0, p[0] & 0x3Fu);
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    ASN1OER_I_READ_ON_COPY(r, uint32_t, 0, tag, asn1oer_i_slow_tag(asn1oer_i_r_, &asn1oer_i_v_));
}

/* The key a CHOICE switches on: the tag's one octet itself for numbers
 * below 63 (class in bits 8-7, number in bits 6-1), so the common case
 * is the octet as read, with no tag word built from it; for a larger
 * number, (number << 8) | class << 6 | 0x3F, which no one-octet key
 * equals. ASN1RT_OER_TAG_KEY gives the key of a tag word (its
 * constructed bit ignored), a constant expression for a constant tag.
 * asn1oer_read_tag_key reads and fails as asn1oer_read_tag. */
#define ASN1RT_OER_TAG_KEY(tag)                                                                   \
    (ASN1RT_TAG_NUMBER(tag) < 63u                                                                 \
         ? (uint64_t)(ASN1RT_TAG_CLASS(tag) << 6 | ASN1RT_TAG_NUMBER(tag))                        \
         : (uint64_t)ASN1RT_TAG_NUMBER(tag) << 8 | (uint64_t)(ASN1RT_TAG_CLASS(tag) << 6 | 0x3Fu))
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_tag_key(asn1rt_reader *r, uint64_t *key)
{
    const uint8_t *p;
    uint32_t tag;
    int rc;
    if (r == NULL || key == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end && (p[0] & 0x3Fu) != 0x3Fu)) {
        *key = p[0];
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    {
        asn1rt_reader t = *r;
        rc = asn1oer_i_slow_tag(&t, &tag);
        asn1oer_i_copy_back(r, &t);
    }
    if (rc == ASN1RT_OK)
        *key = ASN1RT_OER_TAG_KEY(tag);
    return rc;
}

/* A CHOICE's first tag octet alone as its key, for a decoder whose
 * switch sends an octet of the long form (ASN1RT_OER_TAG_OCTET_LONG) from
 * its default back to asn1oer_read_tag_key, the cursor put back first:
 * the common, one-octet tag then costs no test before the switch. Fails
 * as asn1oer_read_tag (TRUNCATED with no octet). */
#define ASN1RT_OER_TAG_OCTET_LONG(key) ((key) < 0x100u && ((key) & 0x3Fu) == 0x3Fu)
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_read_tag_octet(asn1rt_reader *r, uint64_t *key)
{
    const uint8_t *p;
    if (r == NULL || key == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY(p < r->end)) {
        *key = p[0];
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    return asn1oer_read_tag_key(r, key);
}

ASN1RT_INLINE size_t asn1oer_tag_len(uint32_t tag)
{
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    size_t n = 2;
    if (num < 63)
        return 1;
    while (num >= 0x80u) {
        num >>= 7;
        n++;
    }
    return n;
}

/* Puts a tag word's OER tag (its constructed bit is ignored).
 * ASN1RT_E_TAG_TOO_LARGE beyond 2^28-1. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_tag(asn1oer_writer *w, uint32_t tag)
{
    if (w == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_LIKELY(ASN1RT_TAG_NUMBER(tag) < 63 && w->pos < w->end)) {
        *w->pos++ = (uint8_t)((ASN1RT_TAG_CLASS(tag) << 6) | ASN1RT_TAG_NUMBER(tag));
        return ASN1RT_OK;
    }
    ASN1OER_I_RETURN_ON_COPY(w, asn1oer_i_slow_put_tag, tag);
}

/* ------------------------------------------------------------------ */
/* The SEQUENCE / SET preamble (X.696 16.2, 18): the extension bit when */
/* the type is extensible, then one bit per OPTIONAL or DEFAULT root    */
/* component, padded with zero bits to whole octets. nbits counts both. */

/* *bits points at the ceil(nbits / 8) octets (read bit i with
 * asn1oer_bit); nbits == 0 consumes nothing. Failures: TRUNCATED (at the
 * cursor), OER_PADDING (a padding bit set, at the last octet, unless
 * ASN1RT_LAX_OER_PADDING). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_preamble(asn1rt_reader *r, size_t nbits, const uint8_t **bits)
{
    const uint8_t *p;
    size_t n = (nbits + 7) / 8;
    if (r == NULL || bits == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_UNLIKELY((size_t)(r->end - p) < n))
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    if (ASN1RT_I_UNLIKELY((nbits & 7u) != 0 && (p[n - 1] & (0xFFu >> (nbits & 7u))) != 0 &&
                          !(r->lax & ASN1RT_LAX_OER_PADDING)))
        return asn1rt_i_fail_at(r, ASN1RT_E_OER_PADDING, p + n - 1);
    *bits = p;
    r->cur = p + n;
    return ASN1RT_OK;
}

/* Puts the ceil(nbits / 8) octets at bits. OER_PADDING when a padding
 * bit is set (nothing written). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_preamble(asn1oer_writer *w, const uint8_t *bits, size_t nbits)
{
    size_t n = (nbits + 7) / 8;
    if (w == NULL || (bits == NULL && nbits != 0))
        return ASN1RT_E_ARG;
    if ((nbits & 7u) != 0 && (bits[n - 1] & (0xFFu >> (nbits & 7u))) != 0)
        return ASN1RT_E_OER_PADDING;
    return asn1oer_put_fixed_octets(w, bits, n);
}

/* The extension addition presence bitmap (X.696 16.4): a length         */
/* determinant, an unused-bits octet and one bit per extension addition  */
/* (group) of the sender's type, as a BIT STRING. It follows the root    */
/* components when the preamble's extension bit is set, and each addition */
/* whose bit is set follows it as an open type (asn1oer_read_open; one   */
/* the receiver does not know is skipped with asn1oer_skip_open).        */
/* Failures: the determinant's; OER_EXTENSIONS (no bits, or no bit set:  */
/* the extension bit is set only when an addition is present, 16.2.2) at */
/* the determinant; BITSTRING_UNUSED (> 7) at the unused-bits octet;     */
/* OER_PADDING at the last octet (unless ASN1RT_LAX_OER_PADDING).        */
ASN1RT_MUST_USE int asn1oer_read_ext_bitmap(asn1rt_reader *r, asn1rt_bits *out);
/* Refuses what the reader refuses (same codes), writing nothing. */
ASN1RT_MUST_USE int asn1oer_put_ext_bitmap(asn1oer_writer *w, const asn1rt_bits *v);
/* Whole encoding of an nbits-bit bitmap (or of a BIT STRING). */
ASN1RT_INLINE size_t asn1oer_bits_len(size_t nbits)
{
    size_t n = 1 + (nbits + 7) / 8;
    return asn1oer_length_len(n) + n;
}

/* ------------------------------------------------------------------ */
/* SEQUENCE OF / SET OF quantity (X.696 17, 19): the number of items as  */
/* a length-prefixed unsigned integer.                                   */

/* Failures as asn1oer_read_uint, plus (when min_item > 0: the fewest
 * octets one item takes, 0 when an item can be empty) TRUNCATED at the
 * quantity when *n items cannot fit what is left of the input — a hostile
 * quantity is refused before any loop or arena allocation — and
 * INTEGER_RANGE when it exceeds SIZE_MAX. */
ASN1RT_MUST_USE int asn1oer_i_read_quantity(asn1rt_reader *r, size_t min_item, size_t *n);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_quantity(asn1rt_reader *r, size_t min_item, size_t *n)
{
    /* The usual quantity: one octet, 1..255 items (0 is canonical too). */
    const uint8_t *p;
    if (r == NULL || n == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if (ASN1RT_I_LIKELY((size_t)(r->end - p) >= 2 && p[0] == 1 &&
                        (min_item == 0 || p[1] <= (size_t)(r->end - p - 2) / min_item))) {
        *n = p[1];
        r->cur = p + 2;
        return ASN1RT_OK;
    }
    ASN1OER_I_READ_ON_COPY(r, size_t, 0, n, asn1oer_i_read_quantity(asn1oer_i_r_, min_item, &asn1oer_i_v_));
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_quantity(asn1oer_writer *w, size_t n)
{
    return asn1oer_put_uint(w, (uint64_t)n);
}

/* SET OF in canonical OER is in DER's order (X.690 11.6: the items'
 * encodings compared as octet strings, the shorter padded with zeros).
 * Call this after each item is put, the first item first: k counts the
 * items written before it, top is w->end before the first call, item is
 * w->pos before this item. The new item [item, w->pos) is moved into
 * order among the ones written before it (insertion by block rotation,
 * no memory: O(n^2) moves, fine for the few items SETs OF carry). Their
 * lengths are kept below top, in the writer's free room, which shrinks by
 * sizeof(size_t) per item until asn1oer_set_of_end(w, top) gives it back.
 * BUFFER_TOO_SMALL when there is no room for a length (nothing moved).
 * Reading, the order is checked with asn1rt_check_set_order (SET_ORDER
 * unless ASN1RT_LAX_SET_ORDER). */
ASN1RT_MUST_USE int asn1oer_set_of_insert(asn1oer_writer *w, uint8_t *top, size_t k, uint8_t *item);
ASN1RT_INLINE void asn1oer_set_of_end(asn1oer_writer *w, uint8_t *top)
{
    w->end = top;
}

/* ------------------------------------------------------------------ */
/* Strings (X.696 14, 26): a length determinant in octets then the      */
/* octets, or the octets alone when the type has a fixed size (SIZE (n) */
/* not extensible; n characters of a known-multiplier string are n, 2n  */
/* or 4n octets, which the caller passes).                              */

/* A view of the octets. Failures: the determinant's. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_octets(asn1rt_reader *r, asn1rt_view *out)
{
    size_t n;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    int rc = asn1oer_read_length(r, &n);
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK))
        return rc;
    return asn1rt_i_take_view(r, r->cur, n, out);
}

/* n octets with no length. Failure: TRUNCATED at the cursor. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_fixed_octets(asn1rt_reader *r, size_t n, asn1rt_view *out)
{
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(!asn1oer_i_room(r->cur, r->end, n)))
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, r->cur);
    return asn1rt_i_take_view(r, r->cur, n, out);
}

/* A restricted character string (universal: its ASN1RT_UT_* type) with
 * the alphabet check of asn1rt_check_string: STRING_ALPHABET / _UTF8 at
 * the offending character, STRING_LENGTH at the determinant (or at the
 * first octet when fixed). ASN1RT_E_ARG for a type that is not a string. */
ASN1RT_MUST_USE int asn1oer_i_read_string(asn1rt_reader *r, unsigned universal, asn1rt_view *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_string(asn1rt_reader *r, unsigned universal, asn1rt_view *out)
{
    /* UTF8String and IA5String that are all ASCII, with a short length:
     * valid without the character-by-character check. */
    const uint8_t *p;
    if (r != NULL && out != NULL && (universal == ASN1RT_UT_UTF8STRING || universal == ASN1RT_UT_IA5STRING)) {
        size_t n;
        p = r->cur;
        /* n read once: after the store to out->ptr, p[0] would be loaded again */
        if (ASN1RT_I_LIKELY(p < r->end && (n = p[0]) < 0x80 && (size_t)(r->end - p) - 1 >= n &&
                            asn1oer_i_ascii(r->base, p + 1, n))) {
            out->ptr = p + 1;
            out->len = n;
            r->cur = p + 1 + n;
            return ASN1RT_OK;
        }
    }
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    ASN1OER_I_READ_ON_COPY(r, asn1rt_view, ((asn1rt_view){ NULL, 0 }), out,
                           asn1oer_i_read_string(asn1oer_i_r_, universal, &asn1oer_i_v_));
}
ASN1RT_MUST_USE int asn1oer_read_fixed_string(asn1rt_reader *r, unsigned universal, size_t n, asn1rt_view *out);

/* UTCTime / GeneralizedTime (X.696 26: VisibleString, a length and the
 * characters), in the DER form asn1rt_read_time accepts: TIME_FORMAT /
 * TIME_VALUE at the first character. */
ASN1RT_MUST_USE int asn1oer_read_time(asn1rt_reader *r, unsigned universal, asn1rt_view *out);

/* OBJECT IDENTIFIER / RELATIVE-OID (X.696 21, 22): a length determinant
 * and the X.690 content octets, checked by asn1rt_check_oid (codes at the
 * offending octet). */
ASN1RT_MUST_USE int asn1oer_read_oid(asn1rt_reader *r, asn1rt_view *out);

/* Puts (not _fixed) the determinant of n, then the octets. _fixed also
 * puts encodings made elsewhere as they are. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_fixed_octets(asn1oer_writer *w, const uint8_t *p, size_t n)
{
    if (w == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) < n))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    if (n != 0) {
        asn1rt_i_copy(w->pos, p, n);
        w->pos += n;
    }
    return ASN1RT_OK;
}
ASN1RT_MUST_USE int asn1oer_i_put_octets(asn1oer_writer *w, const uint8_t *p, size_t n);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_put_octets(asn1oer_writer *w, const uint8_t *p, size_t n)
{
    uint8_t *q;
    if (w == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(n >= 0x80))
        ASN1OER_I_RETURN_ON_COPY(w, asn1oer_i_put_octets, p, n);
    if (ASN1RT_I_UNLIKELY(asn1oer_i_wroom(w) <= n))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    q = w->pos;
    q[0] = (uint8_t)n;
    if (n != 0)
        asn1rt_i_copy(q + 1, p, n);
    w->pos = q + 1 + n;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* BIT STRING (X.696 13): a length determinant, the unused-bits octet,  */
/* the bits; with a fixed size (SIZE (n) not extensible) the            */
/* ceil(n / 8) octets alone. Padding bits are zero (unless              */
/* ASN1RT_LAX_OER_PADDING). Failures: the determinant's; BITSTRING_EMPTY */
/* (length 0: no unused-bits octet) at the determinant; BITSTRING_UNUSED */
/* (> 7, or > 0 with no bits) at the unused-bits octet; BITSTRING_PADDING */
/* at the last octet; fixed: TRUNCATED at the cursor.                    */
/* A named-bit list's COER form has no trailing 0 bits: the caller       */
/* checks it with asn1rt_check_named_bits, as for DER.                   */

ASN1RT_MUST_USE int asn1oer_read_bits(asn1rt_reader *r, asn1rt_bits *out);
ASN1RT_MUST_USE int asn1oer_read_fixed_bits(asn1rt_reader *r, size_t nbits, asn1rt_bits *out);
/* The writers refuse what the readers refuse (same codes); the fixed one
 * also refuses a value that does not have nbits bits (SIZE_CONSTRAINT). */
ASN1RT_MUST_USE int asn1oer_put_bits(asn1oer_writer *w, const asn1rt_bits *v);
ASN1RT_MUST_USE int asn1oer_put_fixed_bits(asn1oer_writer *w, const asn1rt_bits *v, size_t nbits);

/* ------------------------------------------------------------------ */
/* Open types (X.696 30): a length determinant and the complete          */
/* encoding of the value. Also the wrapping of each extension addition   */
/* and of CHOICE alternatives after the extension marker.               */

/* The encoding as a view. Failures: the determinant's. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_read_open(asn1rt_reader *r, asn1rt_view *out)
{
    return asn1oer_read_octets(r, out);
}
/* child covers the open type's encoding, one level deeper (DEPTH at the
 * determinant beyond r->max_depth); r moves past it. The caller decodes
 * the value from child and ends with asn1rt_expect_end(child)
 * (TRAILING_DATA: an encoding longer than its value). */
ASN1RT_MUST_USE int asn1oer_enter_open(asn1rt_reader *r, asn1rt_reader *child);
/* The same inline (generated code calls this one, runtime/oer.c's is a
 * call of it): neither reader's address leaves the caller. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_enter_open(asn1rt_reader *r, asn1rt_reader *child)
{
    size_t n;
    int rc;
    if (r == NULL || child == NULL)
        return ASN1RT_E_ARG;
    if (ASN1RT_I_UNLIKELY(r->depth >= r->max_depth))
        return asn1rt_i_fail_at(r, ASN1RT_E_DEPTH, r->cur);
    if (ASN1RT_I_UNLIKELY((rc = asn1oer_read_length(r, &n)) != ASN1RT_OK))
        return rc;
    asn1rt_i_enter_content(r, r->cur, n, child);
    return ASN1RT_OK;
}
/* asn1rt_expect_end, its call (input left over) on a copy of the reader. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_expect_end(asn1rt_reader *r)
{
    asn1rt_reader t;
    int rc;
    if (ASN1RT_I_LIKELY(r != NULL && r->cur >= r->end))
        return ASN1RT_OK;
    if (r == NULL)
        return ASN1RT_E_ARG;
    t = *r;
    rc = asn1rt_expect_end(&t);
    asn1oer_i_copy_back(r, &t);
    return rc;
}
/* Skips one open type (an unknown extension addition or alternative). */
ASN1RT_MUST_USE int asn1oer_skip_open(asn1rt_reader *r);
/* Skips the open type of an unknown extension addition; under
 * ASN1RT_OER_KNOWN_ONLY refuses it (UNKNOWN_COMPONENT, r unmoved). */
ASN1RT_MUST_USE int asn1oer_skip_ext(asn1rt_reader *r);
/* The same on a copy of the reader (see "Out-of-line halves"). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_i_skip_ext(asn1rt_reader *r)
{
    asn1rt_reader t;
    int rc;
    if (r == NULL)
        return ASN1RT_E_ARG;
    t = *r;
    rc = asn1oer_skip_ext(&t);
    asn1oer_i_copy_back(r, &t);
    return rc;
}
/* Writing: asn1oer_open_begin(w, &mark) reserves the determinant's
 * first octet (BUFFER_TOO_SMALL when there is none); the caller puts the
 * value; asn1oer_open_end(w, mark) writes the canonical determinant of
 * [mark + 1, w->pos). Below 128 octets that is the reserved octet; from
 * 128 on the value is moved up by the long form's extra octets, out of
 * line (BUFFER_TOO_SMALL, the value left where it is, when they do not
 * fit). */
ASN1RT_MUST_USE int asn1oer_i_open_end_long(asn1oer_writer *w, uint8_t *mark);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_open_begin(asn1oer_writer *w, uint8_t **mark)
{
    if (ASN1RT_I_UNLIKELY(w->pos == w->end))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    *mark = w->pos++;
    return ASN1RT_OK;
}
ASN1RT_MUST_USE ASN1RT_INLINE int asn1oer_open_end(asn1oer_writer *w, uint8_t *mark)
{
    size_t n = (size_t)(w->pos - mark) - 1;
    if (ASN1RT_I_LIKELY(n < 0x80)) {
        *mark = (uint8_t)n;
        return ASN1RT_OK;
    }
    ASN1OER_I_RETURN_ON_COPY(w, asn1oer_i_open_end_long, mark);
}
/* An extension alternative that is itself an untagged CHOICE: [mark,
 * w->pos) is that CHOICE's encoding, which begins with its alternative's
 * tag; puts that tag and the encoding's determinant in front of it (the
 * encoding moved up). Fails as asn1oer_read_tag on the encoding's tag
 * (no reader: its offset is not kept) and BUFFER_TOO_SMALL, writing
 * nothing. */
ASN1RT_MUST_USE int asn1oer_tag_open_end(asn1oer_writer *w, uint8_t *mark);

#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_OER_H */
