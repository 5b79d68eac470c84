/*
 * asn1rt — the strict DER runtime that asn1cc-generated code links against.
 *
 * Contract, in short:
 *  - No malloc, no global state. Decoded strings, OIDs, big integers and
 *    raw elements are views into the caller's input buffer; values that
 *    cannot be views go into a caller-supplied asn1rt_arena.
 *  - Three kinds of failure are kept apart: a caller's misuse (NULL, bad
 *    size) returns ASN1RT_E_ARG; bad input bytes return a stable data error
 *    code (enum asn1rt_code) and record the byte offset in the reader; an
 *    internal invariant is an assert() in debug builds only. Wire data never
 *    reaches an assert.
 *  - Reading follows the cursor discipline: a read consumes bytes only when
 *    it succeeds; child readers are bounded to their element; nothing reads
 *    past the end.
 *  - Writing is back to front into a caller-provided buffer whose exact size
 *    is known up front (see docs/runtime.md): every byte is written once,
 *    nothing is written outside [start, end), a short buffer is an error.
 *  - Strict DER is the default; each ASN1RT_LAX_* flag relaxes exactly one
 *    rule for real-world data that is not DER.
 *
 * Every function returning int returns ASN1RT_OK (0) or an asn1rt_code.
 */
#ifndef ASN1RT_H
#define ASN1RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ASN1RT_MUST_USE __attribute__((warn_unused_result))
#define ASN1RT_INLINE static inline __attribute__((always_inline))
#else
#define ASN1RT_MUST_USE
#define ASN1RT_INLINE static inline
#endif

/* ------------------------------------------------------------------ */
/* Status codes. The numbers are stable: never renumber, only append.   */

typedef enum asn1rt_code {
    ASN1RT_OK = 0,

    /* Caller errors (not data errors). */
    ASN1RT_E_ARG = 1,              /* NULL pointer, bad size, bad flag */
    ASN1RT_E_BUFFER_TOO_SMALL = 2, /* writer capacity or text buffer too small */
    ASN1RT_E_ARENA_FULL = 3,       /* the caller's asn1rt_arena has no room left (added 2026-12-01) */

    /* Identifier and length octets (X.690 8.1.2, 8.1.3, 10.1). */
    ASN1RT_E_TRUNCATED = 10,           /* header or content runs past the input */
    ASN1RT_E_INDEFINITE_LENGTH = 11,   /* 0x80 length: BER only (X.690 10.1) */
    ASN1RT_E_LENGTH_NOT_MINIMAL = 12,  /* long form < 128 or leading 0x00 (X.690 10.1) */
    ASN1RT_E_LENGTH_TOO_LARGE = 13,    /* does not fit size_t / reserved 0xFF */
    ASN1RT_E_TAG_NOT_MINIMAL = 14,     /* high-tag form for < 31, or leading 0x80 (X.690 8.1.2.4) */
    ASN1RT_E_TAG_TOO_LARGE = 15,       /* tag number beyond 2^28-1 */
    ASN1RT_E_UNEXPECTED_TAG = 16,      /* not the tag the schema asks for here */
    ASN1RT_E_DEPTH = 17,               /* nesting deeper than the reader's limit */
    ASN1RT_E_TRAILING_DATA = 18,       /* bytes after the outermost value or inside a constructed one */
    ASN1RT_E_CONSTRUCTED = 19,         /* constructed form where DER requires primitive (X.690 10.2) */
    ASN1RT_E_PRIMITIVE = 20,           /* primitive form where constructed is required */

    /* Primitive contents. */
    ASN1RT_E_INTEGER_EMPTY = 30,       /* X.690 8.3.1 */
    ASN1RT_E_INTEGER_NOT_MINIMAL = 31, /* redundant leading 0x00/0xFF (X.690 8.3.2) */
    ASN1RT_E_INTEGER_RANGE = 32,       /* does not fit the native type */
    ASN1RT_E_BOOLEAN_LENGTH = 33,      /* X.690 8.2.1 */
    ASN1RT_E_BOOLEAN_VALUE = 34,       /* not 0x00/0xFF (X.690 11.1) */
    ASN1RT_E_NULL_CONTENT = 35,        /* X.690 8.8.2 */
    ASN1RT_E_BITSTRING_EMPTY = 36,     /* no unused-bits octet (X.690 8.6.2) */
    ASN1RT_E_BITSTRING_UNUSED = 37,    /* unused > 7, or > 0 with no bits (X.690 8.6.2.2/3) */
    ASN1RT_E_BITSTRING_PADDING = 38,   /* padding bits not zero (X.690 11.2.1) */
    ASN1RT_E_OID_EMPTY = 39,           /* X.690 8.19.2 */
    ASN1RT_E_OID_NOT_MINIMAL = 40,     /* arc starts with 0x80 (X.690 8.19.2) */
    ASN1RT_E_OID_TRUNCATED = 41,       /* last octet has bit 8 set */
    ASN1RT_E_OID_ARC_TOO_LARGE = 42,   /* arc does not fit 64 bits (runtime limit) */
    ASN1RT_E_TIME_FORMAT = 43,         /* not the DER form (X.690 11.7, 11.8) */
    ASN1RT_E_TIME_VALUE = 44,          /* calendar field out of range */
    ASN1RT_E_STRING_ALPHABET = 45,     /* character outside the type's alphabet */
    ASN1RT_E_STRING_UTF8 = 46,         /* invalid/overlong UTF-8 or surrogate */
    ASN1RT_E_STRING_LENGTH = 47,       /* BMPString/UniversalString length not a multiple of 2/4 */
    ASN1RT_E_ENUM_VALUE = 48,          /* ENUMERATED value not in a non-extensible list */
    ASN1RT_E_REAL = 49,                /* REAL encoding not supported or not DER */
    ASN1RT_E_BITSTRING_TRAILING_ZERO = 50, /* named-bit list ends in a 0 bit (X.690 11.2.2) */

    /* Structure (used by generated code). */
    ASN1RT_E_MISSING_COMPONENT = 60,   /* required component absent */
    ASN1RT_E_UNKNOWN_COMPONENT = 61,   /* unexpected element in a non-extensible type */
    ASN1RT_E_DEFAULT_ENCODED = 62,     /* DEFAULT value encoded explicitly (X.690 11.5) */
    ASN1RT_E_SET_ORDER = 63,           /* SET / SET OF not in DER order (X.690 10.3, 11.6) */
    ASN1RT_E_DUPLICATE_COMPONENT = 64, /* a SET component twice */
    ASN1RT_E_NO_ALTERNATIVE = 65,      /* no CHOICE alternative has this tag */
    ASN1RT_E_SIZE_CONSTRAINT = 66,     /* SIZE outside the effective constraint */
    ASN1RT_E_VALUE_CONSTRAINT = 67,    /* value outside the effective constraint */
    ASN1RT_E_TOO_MANY_ITEMS = 68,      /* SEQUENCE OF beyond the generated array */
    ASN1RT_E_BAD_CHOICE = 69,          /* in-memory CHOICE discriminant invalid (encode/check) */
    ASN1RT_E_UNKNOWN_OPEN_TYPE = 70,   /* open type id not in the object set */

    /* PER (X.691; asn1rt/per.h, added 2026-12-01). */
    ASN1RT_E_PER_PADDING = 71,         /* non-zero padding bit before an aligned field or after the last bit */
    ASN1RT_E_PER_FRAGMENT = 72,        /* length fragment not 16K..64K, or a sequence of fragments X.691 11.9.3.8 does not produce */

    /* OER (X.696; asn1rt/oer.h, added 2026-12-01). */
    ASN1RT_E_OER_PADDING = 73,         /* padding bits of a preamble or presence bitmap not zero */
    ASN1RT_E_OER_ENUM_FORM = 74,       /* ENUMERATED 0..127 in the long form (COER: short form) */
    ASN1RT_E_OER_EXTENSIONS = 75,      /* extension bitmap with no bit, or with no bit set */

    /* BER (X.690 8; runtime/ber.c, added 2026-12-01). */
    ASN1RT_E_NEED_MORE = 76,           /* asn1rt_element_size: the element is not whole yet (not a data error) */
    ASN1RT_E_INDEFINITE_PRIMITIVE = 77, /* 0x80 length on a primitive encoding (X.690 8.1.3.2 a) */
    ASN1RT_E_UNEXPECTED_EOC = 78,      /* end-of-contents where no indefinite length is open, or a malformed one (X.690 8.1.5) */
    ASN1RT_E_SEGMENT_TAG = 79          /* segment of a constructed string with the wrong tag (X.690 8.6.4.1, 8.7.3.2, 8.23.6) */
} asn1rt_code;

/* A short English description; never NULL ("unknown error" for others). */
const char *asn1rt_strerror(int code);

/* ------------------------------------------------------------------ */
/* Leniency flags: each relaxes exactly one DER rule. 0 = strict DER.  */

#define ASN1RT_LAX_BOOLEAN    0x01u /* any non-zero BOOLEAN octet is TRUE */
#define ASN1RT_LAX_INTEGER    0x02u /* INTEGER/ENUMERATED with redundant leading octets */
#define ASN1RT_LAX_LENGTH     0x04u /* long-form or zero-padded lengths (never indefinite) */
#define ASN1RT_LAX_SET_ORDER  0x08u /* SET OF elements in any order */
#define ASN1RT_LAX_DEFAULT    0x10u /* DEFAULT components encoded with their default value */
#define ASN1RT_LAX_TRAILING   0x20u /* bytes after the outermost value are ignored */
/* BER (X.690 8) beyond the rules above; see "BER mode" in docs/runtime.md. */
#define ASN1RT_LAX_INDEFINITE  0x40u  /* indefinite lengths on constructed elements, ended by end-of-contents */
#define ASN1RT_LAX_CONSTRUCTED 0x80u  /* constructed strings, joined by asn1rt_ber_read_* into an arena */
#define ASN1RT_LAX_PADDING     0x2000u /* BIT STRING unused bits not zero (asn1rt_ber_read_bits clears them in a copy); 0x100-0x1000 are OER/PER flags */
/* Everything BER allows and DER does not (non-minimal INTEGERs and trailing
 * bytes are not among it): the flags of a BER-mode reader. */
#define ASN1RT_BER (ASN1RT_LAX_BOOLEAN | ASN1RT_LAX_LENGTH | ASN1RT_LAX_SET_ORDER | ASN1RT_LAX_DEFAULT | \
                    ASN1RT_LAX_INDEFINITE | ASN1RT_LAX_CONSTRUCTED | ASN1RT_LAX_PADDING)

/* ------------------------------------------------------------------ */
/* Errors carried to the user: code, byte offset and field path.       */

#define ASN1RT_PATH_MAX 16

typedef struct asn1rt_error {
    int code;            /* asn1rt_code */
    size_t offset;       /* byte offset from the start of the input */
    unsigned path_len;   /* entries used in path[], innermost first */
    const char *path[ASN1RT_PATH_MAX]; /* static strings: component names */
    bool path_truncated; /* outer names were dropped (added 2026-11-29) */
} asn1rt_error;

/* Clears err (if not NULL). */
void asn1rt_error_clear(asn1rt_error *err);
/* Records a component name while unwinding from the innermost failure;
 * entries beyond ASN1RT_PATH_MAX are dropped (the path is then prefixed "..."). */
void asn1rt_error_push(asn1rt_error *err, const char *component);
/* Writes the path outermost-first, dot-separated ("tbsCertificate.validity").
 * Returns the length it needed (like snprintf); buf is always NUL-terminated when cap > 0. */
size_t asn1rt_error_path(const asn1rt_error *err, char *buf, size_t cap);

/* ------------------------------------------------------------------ */
/* Tags. A tag word packs class, constructed bit and number:           */
/*   bits 31..30 class, bit 29 constructed, bits 28..0 number.         */

#define ASN1RT_CLASS_UNIVERSAL   0u
#define ASN1RT_CLASS_APPLICATION 1u
#define ASN1RT_CLASS_CONTEXT     2u
#define ASN1RT_CLASS_PRIVATE     3u
#define ASN1RT_TAG(cls, constructed, num) \
    ((uint32_t)(((uint32_t)(cls) << 30) | ((constructed) ? 0x20000000u : 0u) | ((uint32_t)(num) & 0x1FFFFFFFu)))
#define ASN1RT_TAG_CLASS(t)       ((unsigned)((t) >> 30))
#define ASN1RT_TAG_CONSTRUCTED(t) (((t) & 0x20000000u) != 0)
#define ASN1RT_TAG_NUMBER(t)      ((t) & 0x1FFFFFFFu)

/* Universal tag numbers (X.680 8.4). */
enum {
    ASN1RT_UT_BOOLEAN = 1, ASN1RT_UT_INTEGER = 2, ASN1RT_UT_BIT_STRING = 3,
    ASN1RT_UT_OCTET_STRING = 4, ASN1RT_UT_NULL = 5, ASN1RT_UT_OID = 6,
    ASN1RT_UT_OBJECT_DESCRIPTOR = 7, ASN1RT_UT_EXTERNAL = 8, ASN1RT_UT_REAL = 9,
    ASN1RT_UT_ENUMERATED = 10, ASN1RT_UT_EMBEDDED_PDV = 11, ASN1RT_UT_UTF8STRING = 12,
    ASN1RT_UT_RELATIVE_OID = 13, ASN1RT_UT_TIME = 14, ASN1RT_UT_SEQUENCE = 16,
    ASN1RT_UT_SET = 17, ASN1RT_UT_NUMERICSTRING = 18, ASN1RT_UT_PRINTABLESTRING = 19,
    ASN1RT_UT_T61STRING = 20, ASN1RT_UT_VIDEOTEXSTRING = 21, ASN1RT_UT_IA5STRING = 22,
    ASN1RT_UT_UTCTIME = 23, ASN1RT_UT_GENERALIZEDTIME = 24, ASN1RT_UT_GRAPHICSTRING = 25,
    ASN1RT_UT_VISIBLESTRING = 26, ASN1RT_UT_GENERALSTRING = 27,
    ASN1RT_UT_UNIVERSALSTRING = 28, ASN1RT_UT_CHARACTER_STRING = 29,
    ASN1RT_UT_BMPSTRING = 30, ASN1RT_UT_DATE = 31, ASN1RT_UT_TIME_OF_DAY = 32,
    ASN1RT_UT_DATE_TIME = 33, ASN1RT_UT_DURATION = 34
};

/* ------------------------------------------------------------------ */
/* Views: zero-copy slices of the input.                               */

typedef struct asn1rt_view {
    const uint8_t *ptr;
    size_t len;
} asn1rt_view;

/* INTEGER of any size: the minimal two's-complement content octets. */
typedef asn1rt_view asn1rt_bigint;

/* BIT STRING: content after the unused-bits octet, plus that count. */
typedef struct asn1rt_bits {
    const uint8_t *ptr;
    size_t len;        /* octets */
    uint8_t unused;    /* 0..7 unused bits in the last octet */
} asn1rt_bits;

/* 128-bit integers for ranges beyond 64 bits (portable: two halves). */
typedef struct asn1rt_u128 { uint64_t hi, lo; } asn1rt_u128;
typedef struct asn1rt_i128 { int64_t hi; uint64_t lo; } asn1rt_i128;

/* ------------------------------------------------------------------ */
/* Reader.                                                              */

#define ASN1RT_DEFAULT_MAX_DEPTH 64

typedef struct asn1rt_reader {
    const uint8_t *cur;    /* next unread byte */
    const uint8_t *end;    /* one past the last byte this reader may read */
    const uint8_t *base;   /* start of the whole input: offsets are relative to it */
    unsigned depth;        /* constructed elements entered so far */
    unsigned max_depth;    /* ASN1RT_E_DEPTH beyond this */
    unsigned lax;          /* ASN1RT_LAX_* flags */
    size_t err_offset;     /* set by a failing read: where the problem is */
} asn1rt_reader;

/* Where err_offset points for each failure: docs/runtime.md. In short,
 * header-level failures at the element's identifier octet, content
 * failures at the offending content octet, trailing data at its first byte. */

/* A reader over [der, der+len) with the default depth limit and no leniency. */
ASN1RT_INLINE void asn1rt_reader_init(asn1rt_reader *r, const uint8_t *der, size_t len);
/* Identifier + length of the next element. On success the cursor is at the
 * content; *len is the content length, checked against the reader's end.
 * On failure nothing is consumed, *tag and *len are untouched and
 * r->err_offset is set. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_header(asn1rt_reader *r, uint32_t *tag, size_t *len);
/* The tag of the next element without consuming anything. */
ASN1RT_MUST_USE int asn1rt_peek_tag(const asn1rt_reader *r, uint32_t *tag);
/* Like read_header, but fails with ASN1RT_E_UNEXPECTED_TAG unless the tag is `tag`. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_expect(asn1rt_reader *r, uint32_t tag, size_t *len);
/* Enters a constructed element with tag `tag`: child covers its content,
 * the parent's cursor moves past the whole element, depth is checked. */
ASN1RT_MUST_USE int asn1rt_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child);
/* Skips one whole element (validating its header only). */
ASN1RT_MUST_USE int asn1rt_skip(asn1rt_reader *r);
/* One whole element (header and content) as a view; tag optional (NULL). */
ASN1RT_MUST_USE int asn1rt_read_raw(asn1rt_reader *r, uint32_t *tag, asn1rt_view *whole);
/* ASN1RT_E_TRAILING_DATA unless the reader is at its end. */
ASN1RT_MUST_USE int asn1rt_expect_end(asn1rt_reader *r);
/* True when nothing is left to read. */
static inline bool asn1rt_at_end(const asn1rt_reader *r) { return r->cur >= r->end; }
/* Byte offset of the cursor from the start of the input. */
static inline size_t asn1rt_offset(const asn1rt_reader *r) { return (size_t)(r->cur - r->base); }

/* Element readers: each expects `tag` (the universal tag, or the IMPLICIT
 * one the schema gives), validates the content strictly (per r->lax) and,
 * on success, stores the value and moves past the element. On failure the
 * output is untouched and nothing is consumed. */
ASN1RT_MUST_USE int asn1rt_read_bool(asn1rt_reader *r, uint32_t tag, bool *out);
ASN1RT_MUST_USE int asn1rt_read_null(asn1rt_reader *r, uint32_t tag);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_int64(asn1rt_reader *r, uint32_t tag, int64_t *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_uint64(asn1rt_reader *r, uint32_t tag, uint64_t *out);
/* INTEGER checked against [lo, hi] (ASN1RT_E_VALUE_CONSTRAINT outside). */
ASN1RT_MUST_USE int asn1rt_read_int_range(asn1rt_reader *r, uint32_t tag, int64_t lo, int64_t hi, int64_t *out);
ASN1RT_MUST_USE int asn1rt_read_uint_range(asn1rt_reader *r, uint32_t tag, uint64_t lo, uint64_t hi, uint64_t *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_u128(asn1rt_reader *r, uint32_t tag, asn1rt_u128 *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_i128(asn1rt_reader *r, uint32_t tag, asn1rt_i128 *out);
ASN1RT_MUST_USE int asn1rt_read_bigint(asn1rt_reader *r, uint32_t tag, asn1rt_bigint *out);
/* The value of a big-integer view when it fits int64_t: ASN1RT_E_INTEGER_RANGE
 * when it does not, the asn1rt_check_integer code when the view is not a
 * minimal INTEGER, ASN1RT_E_ARG on NULL. *out untouched on failure. */
ASN1RT_MUST_USE int asn1rt_bigint_to_int64(const asn1rt_bigint *v, int64_t *out);
/* Primitive string-like element as a view, with no alphabet check. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_view *out);
/* Restricted character string; `universal` is its ASN1RT_UT_* type, which
 * selects the alphabet check (tag may differ when IMPLICIT). */
ASN1RT_MUST_USE int asn1rt_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out);
ASN1RT_MUST_USE int asn1rt_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_bits *out);
ASN1RT_MUST_USE int asn1rt_read_oid(asn1rt_reader *r, uint32_t tag, asn1rt_view *out);
/* UTCTime / GeneralizedTime text checked for the DER form; the view is the text. */
ASN1RT_MUST_USE int asn1rt_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_view *out);

/* Content validators for a content view already isolated (offset-free;
 * the caller adds the element's content offset to report errors). */
ASN1RT_MUST_USE int asn1rt_check_string(unsigned universal, const uint8_t *p, size_t n);
ASN1RT_MUST_USE int asn1rt_check_oid(const uint8_t *p, size_t n);
ASN1RT_MUST_USE int asn1rt_check_integer(const uint8_t *p, size_t n, unsigned lax);

/* ------------------------------------------------------------------ */
/* Writer: back to front into [start, end).                            */

typedef struct asn1rt_writer {
    uint8_t *start;   /* first byte the writer may write */
    uint8_t *pos;     /* everything in [pos, end) is written; moves down */
} asn1rt_writer;

/* pos = buf + cap: the encoding ends exactly at buf + cap. */
ASN1RT_INLINE void asn1rt_writer_init(asn1rt_writer *w, uint8_t *buf, size_t cap);
/* Bytes written so far (they start at w->pos). */
static inline size_t asn1rt_written(const asn1rt_writer *w, const uint8_t *end) { return (size_t)(end - w->pos); }

/* Exact lengths, for sizing buffers before writing. */
ASN1RT_INLINE size_t asn1rt_header_len(uint32_t tag, size_t content_len);
ASN1RT_INLINE size_t asn1rt_int64_len(int64_t v);          /* content octets */
ASN1RT_INLINE size_t asn1rt_uint64_len(uint64_t v);
ASN1RT_INLINE size_t asn1rt_u128_len(asn1rt_u128 v);
ASN1RT_INLINE size_t asn1rt_i128_len(asn1rt_i128 v);
size_t asn1rt_oid_len(const asn1rt_view *oid);

/* Prepend functions write in front of what is already written. Each fails
 * with ASN1RT_E_BUFFER_TOO_SMALL (writing nothing) when it does not fit. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_header(asn1rt_writer *w, uint32_t tag, size_t content_len);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_bytes(asn1rt_writer *w, const uint8_t *p, size_t n);
/* Whole elements: content and header. */
ASN1RT_MUST_USE int asn1rt_prepend_bool(asn1rt_writer *w, uint32_t tag, bool v);
ASN1RT_MUST_USE int asn1rt_prepend_null(asn1rt_writer *w, uint32_t tag);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_int64(asn1rt_writer *w, uint32_t tag, int64_t v);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_uint64(asn1rt_writer *w, uint32_t tag, uint64_t v);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_u128(asn1rt_writer *w, uint32_t tag, asn1rt_u128 v);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_i128(asn1rt_writer *w, uint32_t tag, asn1rt_i128 v);
/* bigint content must be minimal (asn1rt_check_integer), else ASN1RT_E_INTEGER_NOT_MINIMAL. */
ASN1RT_MUST_USE int asn1rt_prepend_bigint(asn1rt_writer *w, uint32_t tag, const asn1rt_bigint *v);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_prepend_octets(asn1rt_writer *w, uint32_t tag, const uint8_t *p, size_t n);
ASN1RT_MUST_USE int asn1rt_prepend_bits(asn1rt_writer *w, uint32_t tag, const asn1rt_bits *v);

/* ------------------------------------------------------------------ */
/* OBJECT IDENTIFIER helpers.                                          */

/* Arcs of an OID content view; *n receives the count. ASN1RT_E_BUFFER_TOO_SMALL if > max. */
ASN1RT_MUST_USE int asn1rt_oid_to_arcs(const asn1rt_view *oid, uint64_t *arcs, size_t max, size_t *n);
/* Content octets from arcs into buf; *len receives the length. */
ASN1RT_MUST_USE int asn1rt_oid_from_arcs(const uint64_t *arcs, size_t n, uint8_t *buf, size_t cap, size_t *len);
/* Dotted text ("1.2.840.113549.1.1.11"), NUL-terminated; on failure buf
 * holds "" (when cap > 0). Arcs beyond 64 bits: ASN1RT_E_OID_ARC_TOO_LARGE.
 * from_text takes the same form (no leading zeros, first arc 0..2, second
 * below 40 under 0 and 1) and fails with ASN1RT_E_ARG otherwise. */
ASN1RT_MUST_USE int asn1rt_oid_to_text(const asn1rt_view *oid, char *buf, size_t cap);
ASN1RT_MUST_USE int asn1rt_oid_from_text(const char *text, uint8_t *buf, size_t cap, size_t *len);
bool asn1rt_oid_equal(const asn1rt_view *a, const uint8_t *content, size_t len);

/* ------------------------------------------------------------------ */
/* Times.                                                               */

typedef struct asn1rt_time {
    int year;          /* full year (UTCTime: 1950..2049 per RFC 5280) */
    int month, day;    /* 1..12, 1..31 */
    int hour, minute, second;  /* 0..23, 0..59, 0..59 (60 not accepted) */
    uint32_t nanos;    /* GeneralizedTime fraction, 0 otherwise */
} asn1rt_time;

ASN1RT_MUST_USE int asn1rt_time_parse(unsigned universal, const asn1rt_view *text, asn1rt_time *out);
/* Writes the DER text form into buf (no NUL); *len receives the length. */
ASN1RT_MUST_USE int asn1rt_time_format(unsigned universal, const asn1rt_time *t, char *buf, size_t cap, size_t *len);
ASN1RT_MUST_USE int asn1rt_time_to_epoch(const asn1rt_time *t, int64_t *seconds);
ASN1RT_MUST_USE int asn1rt_time_from_epoch(int64_t seconds, asn1rt_time *out);

/* Writes a UTCTime/GeneralizedTime element (header and DER text). */
ASN1RT_MUST_USE int asn1rt_prepend_time(asn1rt_writer *w, uint32_t tag, unsigned universal, const asn1rt_time *t);
/* Length of the DER text of t, or 0 when t cannot be written in that type. */
size_t asn1rt_time_len(unsigned universal, const asn1rt_time *t);

/* ------------------------------------------------------------------ */
/* BIT STRING helpers. Bit 0 is the most significant bit of the first  */
/* octet (X.680 22.2); a named-bit list maps bit i to (1 << i).         */

/* Bit i of b; false beyond its last bit. */
bool asn1rt_bits_test(const asn1rt_bits *b, size_t i);
/* The DER form of a named-bit list (X.690 11.2.2: trailing 0 bits removed)
 * in buf (8 octets suffice); *out views buf. Never fails. */
void asn1rt_bits_from_named(uint64_t flags, uint8_t buf[8], asn1rt_bits *out);
/* Flags of a named-bit list. ASN1RT_E_VALUE_CONSTRAINT if a bit beyond 63
 * is set (*flags untouched); trailing zero bits are accepted here, see
 * asn1rt_check_named_bits for the DER rule. */
ASN1RT_MUST_USE int asn1rt_bits_to_named(const asn1rt_bits *b, uint64_t *flags);
/* ASN1RT_E_BITSTRING_TRAILING_ZERO unless b is empty or its last bit is 1
 * (X.690 11.2.2, for types with a NamedBitList). */
ASN1RT_MUST_USE int asn1rt_check_named_bits(const asn1rt_bits *b);

/* ------------------------------------------------------------------ */
/* Arena: caller-supplied storage for decoded values that cannot be     */
/* views into the input (UPER strings that are not octet-aligned, BER   */
/* constructed strings joined, SEQUENCE OF decoded into a typed array)  */
/* and for scratch space. A bump allocator over [buf, buf + cap): it    */
/* never calls malloc, never frees one allocation alone, and a full     */
/* arena is its own error, ASN1RT_E_ARENA_FULL. See docs/runtime.md.    */

typedef struct asn1rt_arena {
    uint8_t *buf;   /* first octet of the storage */
    size_t cap;     /* octets in the storage */
    size_t used;    /* octets handed out so far, alignment padding included */
} asn1rt_arena;

/* An empty arena over [buf, buf + cap). buf may be NULL only with cap 0 (an
 * arena in which only empty allocations succeed). ASN1RT_E_ARG when a is
 * NULL or buf is NULL with cap > 0; *a is then untouched. The caller keeps
 * buf alive while anything allocated from it is in use. */
ASN1RT_MUST_USE int asn1rt_arena_init(asn1rt_arena *a, void *buf, size_t cap);

/* n octets whose address is a multiple of align (a power of two; 1 for
 * octet strings, _Alignof(T) for a T), not zeroed, into *out. n == 0
 * always succeeds, takes nothing and gives a pointer that must not be
 * dereferenced (NULL from a cap-0 arena). Failures write
 * nothing (a and *out untouched): ASN1RT_E_ARENA_FULL when the padding and
 * n octets do not fit what is left; ASN1RT_E_ARG when a or out is NULL or
 * align is not a power of two. */
ASN1RT_MUST_USE int asn1rt_arena_alloc(asn1rt_arena *a, size_t n, size_t align, void **out);

/* An array of count elements of size octets each, aligned to align, as
 * asn1rt_arena_alloc; count * size overflowing size_t is ASN1RT_E_ARENA_FULL
 * (no arena could hold it). */
ASN1RT_MUST_USE int asn1rt_arena_array(asn1rt_arena *a, size_t count, size_t size, size_t align, void **out);

/* A copy of [p, p + n) in the arena, as a view in *out. Failures as
 * asn1rt_arena_alloc (ASN1RT_E_ARG also when p is NULL with n > 0). */
ASN1RT_MUST_USE int asn1rt_arena_copy(asn1rt_arena *a, const uint8_t *p, size_t n, asn1rt_view *out);

/* Appends [p, p + n) to *v, which is empty or the arena's last allocation
 * (so a BER constructed string is joined segment by segment without a
 * second copy): *v then views the joined octets. ASN1RT_E_ARG when *v is
 * neither (or on NULL arguments); ASN1RT_E_ARENA_FULL when the segment does
 * not fit. On failure a and *v are untouched. */
ASN1RT_MUST_USE int asn1rt_arena_append(asn1rt_arena *a, asn1rt_view *v, const uint8_t *p, size_t n);

/* Octets still free (before any alignment padding). */
static inline size_t asn1rt_arena_left(const asn1rt_arena *a) { return a->cap - a->used; }
/* The arena's state, for asn1rt_arena_reset: a decoder that fails after
 * allocating gives back what it took, as a failed read consumes nothing. */
static inline size_t asn1rt_arena_mark(const asn1rt_arena *a) { return a->used; }
/* Releases everything allocated since mark (a value from
 * asn1rt_arena_mark of this arena, not above its use now). */
static inline void asn1rt_arena_reset(asn1rt_arena *a, size_t mark)
{
    if (mark <= a->used)
        a->used = mark;
}

/* ------------------------------------------------------------------ */
/* DER ordering (X.690 11.6), for SET OF.                              */

/* <0, 0, >0 as a < b, a == b, a > b in DER SET OF order: octet by octet,
 * the shorter padded with zero octets at its end. */
int asn1rt_der_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
/* Checks one neighbour pair of a SET OF: `cur` (whole encoding) must not
 * sort before `prev`. Comparing neighbours keeps the check linear. Honours
 * ASN1RT_LAX_SET_ORDER; on failure r->err_offset is set to cur->ptr. */
ASN1RT_MUST_USE int asn1rt_check_set_order(asn1rt_reader *r, const asn1rt_view *prev, const asn1rt_view *cur);
/* Puts the whole DER elements that fill [p, p + len) (a SET OF's content,
 * encoded from typed elements in any order) into DER SET OF order
 * (X.690 11.6, as asn1rt_der_compare; equal encodings keep their order),
 * in place. With scratch (not NULL) it takes O(n log n) comparisons and
 * one move of the octets, using an index of the n elements and a copy of
 * the len octets from the arena, which it releases before returning.
 * Without scratch it sorts in place with no memory at all, in O(n^2)
 * comparisons and moves: fine for the few elements of most SETs OF.
 * Returns ASN1RT_E_ARG when p is NULL with len > 0 or [p, p + len) is not
 * a sequence of whole DER elements, ASN1RT_E_ARENA_FULL when scratch has
 * too little room; on any failure the octets and the arena are untouched. */
ASN1RT_MUST_USE int asn1rt_sort_set_of(uint8_t *p, size_t len, asn1rt_arena *scratch);

/* For generated code that decoded a DEFAULT component equal to its
 * default value (X.690 11.5 forbids encoding it): ASN1RT_E_DEFAULT_ENCODED
 * with r->err_offset = at (the element), or OK under ASN1RT_LAX_DEFAULT. */
ASN1RT_MUST_USE int asn1rt_default_encoded(asn1rt_reader *r, const uint8_t *at);

/* ------------------------------------------------------------------ */
/* Generic walker: every element of one DER value, in document order.  */

typedef struct asn1rt_walk_item {
    uint32_t tag;
    size_t offset;          /* of the identifier octet, from the start */
    size_t header_len;
    size_t len;             /* content length */
    const uint8_t *content;
    unsigned depth;         /* 0 for the outermost element */
} asn1rt_walk_item;

/* Called once per element, parents before children. A non-zero return
 * stops the walk and is returned by asn1rt_walk (err gets the item's offset). */
typedef int (*asn1rt_walk_fn)(void *ctx, const asn1rt_walk_item *item);

/* Walks one DER value: every header is checked, every universal primitive
 * content is validated by its type (INTEGER, BOOLEAN, NULL, BIT STRING,
 * OID, strings, times), universal string and scalar types must be
 * primitive, SEQUENCE/SET constructed, each constructed content must be
 * used exactly, depth <= ASN1RT_DEFAULT_MAX_DEPTH, and nothing may follow
 * the value (unless lax has ASN1RT_LAX_TRAILING). Non-recursive, linear.
 * On failure err (if not NULL) gets the code and offset. fn may be NULL. */
ASN1RT_MUST_USE int asn1rt_walk(const uint8_t *der, size_t len, unsigned lax,
                                asn1rt_walk_fn fn, void *ctx, asn1rt_error *err);

/* Prints the DER tree like `openssl asn1parse` (offset, depth, header and
 * content lengths, type and value), after asn1rt_walk's checks. On a data
 * error the lines up to the bad element are printed and the code returned. */
ASN1RT_MUST_USE int asn1rt_dump(FILE *f, const uint8_t *der, size_t len, asn1rt_error *err);

/* ------------------------------------------------------------------ */
/* BER mode (X.690 8; runtime/ber.c, docs/runtime.md "BER mode").       */
/* A reader whose lax flags hold ASN1RT_BER: every function above works  */
/* on it; asn1rt_enter, asn1rt_skip and asn1rt_read_raw also take        */
/* indefinite lengths (the child ends before the end-of-contents, the    */
/* parent moves past it). asn1rt_read_header and the primitive element   */
/* readers cannot describe an indefinite element and fail on it with     */
/* ASN1RT_E_INDEFINITE_LENGTH (ASN1RT_E_INDEFINITE_PRIMITIVE on a        */
/* primitive one). Strings use the asn1rt_ber_read_* functions below.    */

/* A reader over [ber, ber+len) with ASN1RT_BER and the default depth limit. */
void asn1rt_ber_reader_init(asn1rt_reader *r, const uint8_t *ber, size_t len);

/* Header of the next element, consuming nothing: *hl identifier and
 * length octets, *len content octets, *eoc 2 when the length is
 * indefinite (the content is followed by end-of-contents; its length is
 * found by walking to it) and 0 otherwise; the element is *hl + *len +
 * *eoc octets. On failure the outputs are untouched and r->err_offset is
 * set (for an error inside an indefinite content, at that header). */
ASN1RT_MUST_USE int asn1rt_ber_peek_header(asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len, size_t *eoc);

/* OCTET STRING (or one IMPLICIT tagged as `tag`): a primitive encoding is a
 * view into the input, as asn1rt_read_octets; a constructed one (with
 * ASN1RT_LAX_CONSTRUCTED) has its segments, each an OCTET STRING
 * primitive or itself constructed, joined in order into arena (NULL
 * allowed when no constructed encoding is met: ASN1RT_E_ARG otherwise).
 * Failures: as asn1rt_read_octets, and ASN1RT_E_SEGMENT_TAG,
 * ASN1RT_E_UNEXPECTED_EOC, ASN1RT_E_DEPTH (segments count as levels) at
 * the offending segment; ASN1RT_E_ARENA_FULL at the string. On failure
 * *out and the arena are untouched and nothing is consumed. */
ASN1RT_MUST_USE int asn1rt_ber_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_view *out);
/* Restricted character string: as asn1rt_ber_read_octets (X.690 8.23.6:
 * its segments are OCTET STRINGs), then the alphabet check of `universal`
 * on the joined octets, its error at the input octet of the first bad one
 * (ASN1RT_E_STRING_LENGTH at the string). */
ASN1RT_MUST_USE int asn1rt_ber_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena,
                                           asn1rt_view *out);
/* BIT STRING: segments are BIT STRINGs, each with its unused-bits octet,
 * only the last with unused bits (X.690 8.6.4; ASN1RT_E_BITSTRING_UNUSED at
 * the earlier segment's octet otherwise), joined into the arena. With
 * ASN1RT_LAX_PADDING, unused bits that are not zero (allowed by BER,
 * X.690 8.6.2.3) are cleared in the arena copy, so the value is its DER;
 * a primitive encoding with zero padding stays a view. */
ASN1RT_MUST_USE int asn1rt_ber_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_bits *out);

/* UTCTime / GeneralizedTime (`universal`) in any form BER allows (X.680
 * 46.3, 47.3; X.690 11.7 and 11.8 bind DER and CER only): minutes (UTCTime:
 * seconds) absent, a fraction of the hour, minute or second after "." or
 * ",", a differential +hhmm/-hhmm (GeneralizedTime also +hh) instead of Z,
 * a constructed encoding. The DER form is a view into the input; any other
 * is rewritten into arena as the DER text of the same instant (UTC, Z,
 * seconds present, "." and no trailing zeros; the fraction's digits kept
 * exactly), so T_encode writes DER. Local time (no Z, no differential)
 * names no instant: ASN1RT_E_TIME_FORMAT, as is any other form;
 * ASN1RT_E_TIME_VALUE for a field out of range, or a UTCTime whose UTC
 * year leaves 1950..2049. Errors at the content (a constructed one at the
 * element); ASN1RT_E_ARG when a copy is needed and arena is NULL. On
 * failure *out and the arena are untouched and nothing is consumed. */
ASN1RT_MUST_USE int asn1rt_ber_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena,
                                         asn1rt_view *out);

/* Stream framing: the total size of the BER element that starts at in,
 * when have octets of it have arrived. Returns
 *  - ASN1RT_OK: *total = its size (identifier, length, content and, for
 *    an indefinite length, everything up to the matching end-of-contents);
 *    may be below have (the next element follows);
 *  - ASN1RT_E_NEED_MORE: *total = the length of the shortest input that
 *    starts with in[0..have) and could hold a whole element, always
 *    > have: read until have >= *total, then call again. For a definite
 *    length whose header has arrived it is the element's exact size;
 *  - a data error in a header on the way (tag rules, 0xFF length, a length
 *    beyond size_t, indefinite primitive, end-of-contents out of place,
 *    indefinite nesting beyond ASN1RT_DEFAULT_MAX_DEPTH): *total = the
 *    offset of that header's identifier octet.
 * Only headers are read: definite-length content is skipped unread, in
 * time linear in the headers walked. ASN1RT_E_ARG on NULL total, or NULL
 * in with have > 0 (*total untouched). */
ASN1RT_MUST_USE int asn1rt_element_size(const uint8_t *in, size_t have, size_t *total);

/* Hot paths as static inline functions (same names as declared above). */
#include "inline.h"

#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_H */
