/*
 * asn1rt/per.h — the Packed Encoding Rules runtime (X.691), both variants:
 * UNALIGNED (UPER) and ALIGNED (APER), chosen by a flag in the reader and
 * the writer. Generated T_uper_* / T_aper_* functions call these per field.
 *
 * Contract, as for DER (asn1rt.h):
 *  - No malloc. Decoded strings are views into the input when they stand
 *    there octet-aligned and whole; otherwise (UPER bit fields, fragmented
 *    strings, character strings whose in-memory form differs from the wire)
 *    they are copied into the caller's asn1rt_arena, and a full (or NULL)
 *    arena is ASN1RT_E_ARENA_FULL.
 *  - Cursor discipline: a read consumes bits only when it succeeds; on
 *    failure the reader's position and the outputs are untouched and
 *    r->err_bit is the bit offset (from the start of the input) of the
 *    field that failed (of the padding bit, for ASN1RT_E_PER_PADDING).
 *    Nothing is read past the end.
 *  - A write writes only when it succeeds: on failure the writer's position
 *    is unchanged (octets at and after it may have been scratched) and
 *    nothing is written at or beyond buf + cap.
 *  - Strict by default: every non-canonical form X.691 fixes is rejected
 *    (non-zero padding, redundant octets, long forms of short lengths,
 *    fragment sequences X.691 11.9.3.8 does not produce, values and sizes
 *    outside a constraint). ASN1RT_PER_LAX_* relax one rule each.
 *
 * Constraints are given by the caller as the effective root bounds
 * (generated code has them as constants). An extensible constraint is the
 * generated code's business: it reads the extension bit first and, when it
 * is set, calls the unconstrained form (X.691 11.5.4, 11.9.4.1).
 *
 * Clause numbers are those of X.691 (02/2021), the same as 08/2015.
 * Every function returning int returns ASN1RT_OK (0) or an asn1rt_code.
 */
#ifndef ASN1RT_PER_H
#define ASN1RT_PER_H

#include <limits.h>
#include <string.h>

#include "asn1rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Leniency (r->lax): outside the bits ASN1RT_LAX_* use. */
#define ASN1RT_PER_LAX_PADDING 0x1000u /* padding bits need not be zero (a bit no other ASN1RT_LAX_* uses) */

/* "No upper bound" for sizes (SIZE (lb..MAX) or no SIZE at all). */
#define ASN1RT_PER_NO_UB SIZE_MAX

/* 16K: the unit of length fragments (X.691 11.9.3.8). */
#define ASN1RT_PER_16K 16384u

/* ------------------------------------------------------------------ */
/* Reader and writer.                                                  */

typedef struct asn1rt_per_reader {
    const uint8_t *base;  /* the whole input */
    size_t pos;           /* bit offset of the next unread bit */
    size_t end;           /* bits in the input */
    bool aligned;         /* APER */
    unsigned lax;         /* ASN1RT_PER_LAX_* */
    size_t err_bit;       /* set by a failing read */
} asn1rt_per_reader;

typedef struct asn1rt_per_writer {
    uint8_t *buf;
    size_t cap;           /* octets */
    size_t pos;           /* bits written; every bit of buf[pos / 8] at and after pos is 0 */
    bool aligned;         /* APER */
} asn1rt_per_writer;

/* A reader over [in, in + len). ASN1RT_E_ARG when r is NULL, in is NULL
 * with len > 0, or len * 8 does not fit size_t (*r untouched). */
ASN1RT_MUST_USE int asn1rt_per_reader_init(asn1rt_per_reader *r, const uint8_t *in, size_t len, bool aligned);
/* A writer over [buf, buf + cap). ASN1RT_E_ARG as for the reader. */
ASN1RT_MUST_USE int asn1rt_per_writer_init(asn1rt_per_writer *w, uint8_t *buf, size_t cap, bool aligned);

/* X.691 11.1, the end of a complete encoding on the outermost reader: what
 * is left must be the zero padding of the last octet (ASN1RT_E_PER_PADDING
 * at the first 1 bit; ASN1RT_E_TRAILING_DATA at a whole octet left over);
 * an input of no octets is ASN1RT_E_TRUNCATED; when the value took no bits
 * the one octet must be 0x00. Also for the content of an open type. */
ASN1RT_MUST_USE int asn1rt_per_reader_finish(asn1rt_per_reader *r);
/* X.691 11.1: pads with zero bits to an octet and, when nothing was
 * written, writes one 0x00 octet; *len gets the octets. BUFFER_TOO_SMALL
 * when the 0x00 does not fit (*len untouched). */
ASN1RT_MUST_USE int asn1rt_per_writer_finish(asn1rt_per_writer *w, size_t *len);

/* ------------------------------------------------------------------ */
/* Bit fields (inline: the preamble, extension bits, CHOICE indexes).  */

/* n (0..64) bits as an unsigned number, first bit most significant.
 * ASN1RT_E_TRUNCATED when fewer than n bits are left. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_bits(asn1rt_per_reader *r, unsigned n, uint64_t *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_bit(asn1rt_per_reader *r, bool *out);
/* To the next octet boundary (APER only; UPER: no-op). Padding bits must
 * be zero (ASN1RT_E_PER_PADDING at the first 1 bit). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_align(asn1rt_per_reader *r);
/* The low n (0..64) bits of v. BUFFER_TOO_SMALL when they do not fit. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_write_bits(asn1rt_per_writer *w, unsigned n, uint64_t v);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_write_bit(asn1rt_per_writer *w, bool v);
/* Whether n more bits fit: generated code checks a run of fixed-width
 * fields once, then writes them as one field. */
ASN1RT_INLINE bool asn1rt_per_write_room(const asn1rt_per_writer *w, unsigned n);
/* The n (1..64) bits standing first in the (n + 7) / 8 octets at p, as a
 * number (a SIZE (n) BIT STRING's or OCTET STRING's field in such a run). */
ASN1RT_INLINE uint64_t asn1rt_per_bits_value(const uint8_t *p, unsigned n);
/* Zero bits to the next octet boundary (APER only; UPER: no-op). */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_write_align(asn1rt_per_writer *w);

/* Bits needed for 0..span (0 for span 0): the width of a constrained
 * whole number's bit field (X.691 11.5.6). */
ASN1RT_INLINE unsigned asn1rt_per_bits_for(uint64_t span);

/* ------------------------------------------------------------------ */
/* Whole numbers (X.691 11.5 - 11.8).                                  */

/* Constrained whole number (11.5) as its offset from lb: 0..span, span =
 * ub - lb (computed by the caller in uint64_t). UPER: the minimal bit
 * field (11.5.6). APER (11.5.7): a bit field for span < 255, one aligned
 * octet for 255, two for < 65536, otherwise the octet count as a
 * constrained number 1..octets(span) then the minimal aligned octets.
 * Reading: ASN1RT_E_VALUE_CONSTRAINT when the offset exceeds span (or the
 * APER octet count exceeds octets(span)), ASN1RT_E_INTEGER_NOT_MINIMAL for
 * a leading zero octet in the APER octet form. Writing: ASN1RT_E_VALUE_CONSTRAINT
 * when off > span, nothing written. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_constrained(asn1rt_per_reader *r, uint64_t span, uint64_t *off);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_write_constrained(asn1rt_per_writer *w, uint64_t span, uint64_t off);
/* The same with the bounds: INTEGER (lb..ub). Output untouched on failure.
 * ASN1RT_E_ARG when lb > ub. Inline: with the constant bounds generated
 * code passes, a bit field folds to one load and shift, and APER's one-
 * and two-octet forms (ranges 255..64K) to an alignment and a load. per.c also has
 * them out of line (ASN1RT_I_PER_OUTLINE), for objects built against the
 * earlier per.h that call them by symbol. Defining ASN1RT_PER_OUTLINE
 * before including per.h calls those instead (asn1cc --size does: about
 * 10% less object text on S1AP, at a call per constrained number). */
#if defined(ASN1RT_I_PER_OUTLINE) || defined(ASN1RT_PER_OUTLINE)
#define ASN1RT_I_PER_RANGE_FN
#else
#define ASN1RT_I_PER_RANGE_FN ASN1RT_INLINE
#endif
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_read_int_range(asn1rt_per_reader *r, int64_t lb, int64_t ub, int64_t *out);
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_write_int_range(asn1rt_per_writer *w, int64_t lb, int64_t ub, int64_t v);
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_read_uint_range(asn1rt_per_reader *r, uint64_t lb, uint64_t ub, uint64_t *out);
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_write_uint_range(asn1rt_per_writer *w, uint64_t lb, uint64_t ub, uint64_t v);

/* Semi-constrained whole number (11.7), INTEGER (lb..MAX): an unconstrained
 * length (octets, aligned in APER) and v - lb in minimal octets.
 * Reading: ASN1RT_E_INTEGER_EMPTY for length 0, ASN1RT_E_INTEGER_NOT_MINIMAL
 * for a leading zero octet, ASN1RT_E_INTEGER_RANGE when the value does not
 * fit the type, length errors as asn1rt_per_read_length. Writing:
 * ASN1RT_E_VALUE_CONSTRAINT when v < lb. */
ASN1RT_MUST_USE int asn1rt_per_read_semi_int(asn1rt_per_reader *r, int64_t lb, int64_t *out);
ASN1RT_MUST_USE int asn1rt_per_write_semi_int(asn1rt_per_writer *w, int64_t lb, int64_t v);
ASN1RT_MUST_USE int asn1rt_per_read_semi_uint(asn1rt_per_reader *r, uint64_t lb, uint64_t *out);
ASN1RT_MUST_USE int asn1rt_per_write_semi_uint(asn1rt_per_writer *w, uint64_t lb, uint64_t v);

/* Unconstrained whole number (11.8): an unconstrained length and the
 * minimal two's complement. Errors as the semi-constrained form, with
 * ASN1RT_E_INTEGER_NOT_MINIMAL for a redundant 0x00/0xFF octet. */
ASN1RT_MUST_USE int asn1rt_per_read_int(asn1rt_per_reader *r, int64_t *out);
ASN1RT_MUST_USE int asn1rt_per_write_int(asn1rt_per_writer *w, int64_t v);
/* Any size: the minimal two's-complement octets as an asn1rt_bigint, a
 * view when they stand aligned in the input, else copied into the arena.
 * Writing: v must be minimal (asn1rt_check_integer), else
 * ASN1RT_E_INTEGER_NOT_MINIMAL; longer than 16K octets is fragmented.
 * Inline (as the range functions above): 1..7 minimal octets in the
 * one-octet length form; anything else goes out of line. */
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_read_bigint(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_bigint *out);
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_write_bigint(asn1rt_per_writer *w, const asn1rt_bigint *v);
ASN1RT_MUST_USE int asn1rt_i_per_read_bigint(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_bigint *out);
ASN1RT_MUST_USE int asn1rt_i_per_write_bigint(asn1rt_per_writer *w, const asn1rt_bigint *v);

/* Normally small non-negative whole number (11.6): CHOICE and ENUMERATED
 * extension indexes, the extension-addition count. A 0 bit and 6 bits for
 * 0..63, else a 1 bit and a semi-constrained number with lb 0. Reading a
 * value <= 63 in the long form is ASN1RT_E_INTEGER_NOT_MINIMAL. */
ASN1RT_MUST_USE int asn1rt_per_read_small(asn1rt_per_reader *r, uint64_t *out);
ASN1RT_MUST_USE int asn1rt_per_write_small(asn1rt_per_writer *w, uint64_t v);

/* ------------------------------------------------------------------ */
/* Length determinants (X.691 11.9), with fragmentation.               */

/* State of one field's length across its fragments. */
typedef struct asn1rt_per_length {
    size_t lb, ub;        /* the effective SIZE (ub ASN1RT_PER_NO_UB when none) */
    size_t total;         /* reading: items in the pieces so far; writing: items left after this piece */
    size_t start_bit;     /* of the first determinant, for errors */
    unsigned last_m;      /* the previous fragment's multiple of 16K (1..4), 0 before any */
    bool more;            /* the piece just announced is a fragment: another determinant follows */
} asn1rt_per_length;

/* The first (often only) length determinant of a field of lb..ub items.
 * lb == ub: no bits, *n = lb (the caller decides whether the type encodes
 * a fixed size at all). ub < 64K: lb + a constrained number 0..ub-lb
 * (11.9.3.3 APER / 11.9.4.1 UPER). Otherwise the unconstrained form
 * (aligned in APER): one octet for < 128, two for < 16K, or a fragment
 * 11xxxxxx of m * 16K items, m 1..4, after which st->more is true and the
 * caller reads the n items then calls asn1rt_per_read_length_next.
 * Errors: ASN1RT_E_TRUNCATED, ASN1RT_E_LENGTH_NOT_MINIMAL (two-octet form
 * for < 128), ASN1RT_E_PER_FRAGMENT (m 0 or > 4; a fragment after one of
 * less than 64K), ASN1RT_E_SIZE_CONSTRAINT (total outside lb..ub, at the
 * first determinant). *n and *st untouched on failure. ASN1RT_E_ARG when
 * lb > ub.
 * Inline (as the range functions above) for a constrained length and the
 * one-octet form; the rest, and every failure, out of line. */
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_read_length(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_per_length *st, size_t *n);
ASN1RT_MUST_USE int asn1rt_i_per_read_length(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_per_length *st, size_t *n);
/* The next determinant after a fragment (st->more was true). */
ASN1RT_MUST_USE int asn1rt_per_read_length_next(asn1rt_per_reader *r, asn1rt_per_length *st, size_t *n);
/* Writing: the determinant of the first piece of `count` items, *k the
 * items of that piece (count unless fragmented: then 64K, 48K, 32K or 16K
 * as X.691 11.9.3.8 gives, st->more is true, and after the k items the
 * caller calls asn1rt_per_write_length_next, which may announce 0 items).
 * ASN1RT_E_SIZE_CONSTRAINT when count is outside lb..ub (nothing written). */
ASN1RT_MUST_USE int asn1rt_per_write_length(asn1rt_per_writer *w, size_t lb, size_t ub, size_t count, asn1rt_per_length *st, size_t *k);
ASN1RT_MUST_USE int asn1rt_per_write_length_next(asn1rt_per_writer *w, asn1rt_per_length *st, size_t *k);

/* ------------------------------------------------------------------ */
/* Strings.                                                             */

/* OCTET STRING (SIZE (lb..ub)), X.691 17: fixed size <= 2 octets: no
 * length, no alignment; fixed < 64K: no length, aligned (APER); otherwise
 * a length and the octets, aligned (APER) unless empty. *out is a view
 * into the input when the octets stand there octet-aligned in one piece,
 * else a copy in the arena (NULL arena: ASN1RT_E_ARENA_FULL). On failure
 * *out is untouched and the arena is given back what the read took. */
ASN1RT_MUST_USE int asn1rt_per_read_octets(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_arena *arena, asn1rt_view *out);
ASN1RT_MUST_USE int asn1rt_per_write_octets(asn1rt_per_writer *w, size_t lb, size_t ub, const uint8_t *p, size_t n);

/* BIT STRING (SIZE (lb..ub)) in bits, X.691 16: fixed <= 16 bits: no
 * length, no alignment; fixed <= 64K bits: aligned (APER); otherwise a
 * length in bits and the bits, aligned (APER) unless empty. A view when
 * aligned in the input and a whole number of octets (so a view never
 * shows the next field's bits as padding); else an arena copy with zero
 * padding bits. Writing: v's padding bits are not written. */
ASN1RT_MUST_USE int asn1rt_per_read_bitstring(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_arena *arena, asn1rt_bits *out);
ASN1RT_MUST_USE int asn1rt_per_write_bitstring(asn1rt_per_writer *w, size_t lb, size_t ub, const asn1rt_bits *v);

/* The effective permitted alphabet of a known-multiplier character string
 * (X.691 30.5): sorted disjoint ranges of character values, how many
 * values they hold, and the octets per character of the in-memory form
 * (1: IA5/Visible/Printable/Numeric, 2: BMPString as UCS-2 big-endian,
 * 4: UniversalString as UCS-4 big-endian, as DER gives them). */
typedef struct asn1rt_per_alphabet {
    const uint32_t (*ranges)[2];   /* {lo, hi}, ascending, disjoint */
    unsigned nranges;
    uint64_t count;                /* values in the ranges: N of 30.5.2 */
    unsigned width;                /* 1, 2 or 4 */
} asn1rt_per_alphabet;

/* The whole alphabets of X.680 41 (with no FROM constraint). */
extern const asn1rt_per_alphabet asn1rt_per_alpha_ia5, asn1rt_per_alpha_visible,
    asn1rt_per_alpha_printable, asn1rt_per_alpha_numeric, asn1rt_per_alpha_bmp,
    asn1rt_per_alpha_universal;

/* Bits per character: UPER the smallest b with 2^b >= N (30.5.2); APER
 * the smallest power of two >= that (30.5.2: 1, 2, 4, 8, 16 or 32). */
unsigned asn1rt_per_char_bits(const asn1rt_per_alphabet *a, bool aligned);

/* A character string of lb..ub characters (30.5): each character is its
 * own value when the alphabet's largest value fits b bits, else its index
 * in the alphabet (30.5.4). Fixed size with ub * b <= 16: no length, no
 * alignment; fixed < 64K: no length, aligned (APER); otherwise a length,
 * and the characters aligned (APER) when ub * b > 16 (30.5.7). *out holds
 * n * width octets: a view when APER puts them octet-aligned in their
 * in-memory form (b == 8 * width, no index mapping, one piece), else an
 * arena copy. Reading: ASN1RT_E_STRING_ALPHABET for a value outside the
 * alphabet (index >= N), at the string's first bit. Writing:
 * ASN1RT_E_STRING_ALPHABET for a character outside it, ASN1RT_E_ARG when
 * n is not a multiple of width. */
ASN1RT_MUST_USE int asn1rt_per_read_chars(asn1rt_per_reader *r, size_t lb, size_t ub, const asn1rt_per_alphabet *a,
                                          asn1rt_arena *arena, asn1rt_view *out);
ASN1RT_MUST_USE int asn1rt_per_write_chars(asn1rt_per_writer *w, size_t lb, size_t ub, const asn1rt_per_alphabet *a,
                                           const uint8_t *p, size_t n);

/* The same for the common strings, with what generated code knows as
 * constants: the alphabet is the one range lo..hi (hi <= 255) of one-octet
 * characters (IA5String, VisibleString, FROM ("a".."z"), ...), of ubits
 * bits per character in UPER and abits in APER (both 1..8, as
 * asn1rt_per_char_bits gives for a). Inline: a string of one piece (a
 * fixed size, a constrained length, the one-octet length) is read or
 * written straight here; anything else, and every failure, is
 * asn1rt_per_read_chars / asn1rt_per_write_chars with a, from the string's
 * start, so the codes, offsets and outputs are theirs. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_chars1(asn1rt_per_reader *r, size_t lb, size_t ub, uint32_t lo,
                                                         uint32_t hi, unsigned ubits, unsigned abits,
                                                         const asn1rt_per_alphabet *a, asn1rt_arena *arena,
                                                         asn1rt_view *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_write_chars1(asn1rt_per_writer *w, size_t lb, size_t ub, uint32_t lo,
                                                          uint32_t hi, unsigned ubits, unsigned abits,
                                                          const asn1rt_per_alphabet *a, const uint8_t *p, size_t n);

/* ------------------------------------------------------------------ */
/* Open types (X.691 11.2): a complete encoding inside an unconstrained */
/* OCTET STRING. Extension additions and table-constrained fields.     */

/* The octets of the open type (a view or an arena copy, as read_octets).
 * The caller decodes them with a new reader and asn1rt_per_reader_finish. */
ASN1RT_MUST_USE int asn1rt_per_read_open(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_view *out);
/* Skips an open type (an unknown extension addition), fragments included,
 * without storing it. */
ASN1RT_MUST_USE int asn1rt_per_skip_open(asn1rt_per_reader *r);
/* Writes an encoding made elsewhere (n octets, already complete). */
ASN1RT_MUST_USE int asn1rt_per_write_open(asn1rt_per_writer *w, const uint8_t *p, size_t n);
/* In place, with no second buffer: begin gives an inner writer over the
 * rest of w's buffer past 3 octets of room for the length; the caller
 * encodes the value with it, then end completes it (X.691 11.1), writes
 * the length and moves the octets into place behind it (fragmenting when
 * they are 16K or more). The 3 octets are slack the buffer needs beyond
 * the encoding. w must not be written between begin and end. */
void asn1rt_per_write_open_begin(asn1rt_per_writer *w, asn1rt_per_writer *inner);
ASN1RT_MUST_USE int asn1rt_per_write_open_end(asn1rt_per_writer *w, asn1rt_per_writer *inner);

/* ------------------------------------------------------------------ */
/* For generated code (T_uper_* / T_aper_*).                            */

/* A value's codec: out / in point to the generated C type. */
typedef int (*asn1rt_per_dec_fn)(void *out, asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_error *err);
typedef int (*asn1rt_per_enc_fn)(const void *in, asn1rt_per_writer *w);

/* Decodes one complete encoding (X.691 11.1, asn1rt_per_reader_finish) of
 * [in, in + len) with dec into out (size octets, zeroed first). On failure
 * out is zeroed again, the arena is reset to its state on entry and err
 * (when not NULL) holds the code, the bit offset and the path. ASN1RT_E_ARG
 * for NULL out or dec, or NULL in with len > 0. */
ASN1RT_MUST_USE int asn1rt_per_decode_whole(void *out, size_t size, asn1rt_per_dec_fn dec, const uint8_t *in,
                                            size_t len, bool aligned, unsigned lax, asn1rt_arena *arena,
                                            asn1rt_error *err);
/* The same without zeroing out first: dec sets every member the value has
 * (as DER's and OER's T_decode do), and what the value does not have (an
 * absent OPTIONAL's value, the alternatives not chosen, SEQUENCE OF items
 * past count) keeps what it held. Failure as above: out zeroed, arena
 * reset. What the generated T_uper_decode / T_aper_decode call: zeroing a
 * struct that holds a SIZE-bounded array was up to half of a decode. */
ASN1RT_MUST_USE int asn1rt_per_decode_set(void *out, size_t size, asn1rt_per_dec_fn dec, const uint8_t *in,
                                          size_t len, bool aligned, unsigned lax, asn1rt_arena *arena,
                                          asn1rt_error *err);
/* Encodes in with enc into buf[0..*len), completed (asn1rt_per_writer_finish).
 * ASN1RT_E_ARG for NULL in, enc or len; enc's code otherwise (*len untouched). */
ASN1RT_MUST_USE int asn1rt_per_encode_whole(const void *in, asn1rt_per_enc_fn enc, uint8_t *buf, size_t cap,
                                            size_t *len, bool aligned);
/* v as an asn1rt_bigint (minimal two's complement) copied into the arena,
 * for a big INTEGER read as a constrained number. NULL or full arena:
 * ASN1RT_E_ARENA_FULL, *out untouched. */
ASN1RT_MUST_USE ASN1RT_I_PER_RANGE_FN int asn1rt_per_bigint_from_int(asn1rt_arena *arena, int64_t v, asn1rt_bigint *out);
ASN1RT_MUST_USE int asn1rt_i_per_bigint_from_int(asn1rt_arena *arena, int64_t v, asn1rt_bigint *out);
/* A BIT STRING (SIZE (n)) or OCTET STRING (SIZE (n)) of the constant size
 * generated code passes: asn1rt_per_read_bitstring (r, n, n, ...) and
 * asn1rt_per_read_octets (r, n, n, ...), with the common cases inline (a
 * view at an octet boundary, a copy of up to 57 bits through one load);
 * the others, and every failure, are those functions from the start. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_bits_fixed(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena,
                                                             asn1rt_bits *out);
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_read_octets_fixed(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena,
                                                               asn1rt_view *out);
/* The same two out of line (per.c), for asn1cc --size: one call per
 * string, with the view and small-copy cases taken before the general
 * reader (that reader alone cost --size twice the default decode). */
ASN1RT_MUST_USE int asn1rt_per_read_bits_fixed_outline(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena,
                                                       asn1rt_bits *out);
ASN1RT_MUST_USE int asn1rt_per_read_octets_fixed_outline(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena,
                                                         asn1rt_view *out);
/* Steps over n bits (an extension presence bitmap, read afterwards with
 * asn1rt_per_bit_at): ASN1RT_E_TRUNCATED when fewer are left. */
ASN1RT_MUST_USE ASN1RT_INLINE int asn1rt_per_skip_bits(asn1rt_per_reader *r, uint64_t n);
/* The bit at offset pos (< r->pos, already stepped over). */
ASN1RT_INLINE bool asn1rt_per_bit_at(const asn1rt_per_reader *r, size_t pos);

/* ------------------------------------------------------------------ */
/* Inline implementations.                                              */

ASN1RT_INLINE unsigned asn1rt_per_bits_for(uint64_t span)
{
#if defined(__GNUC__) || defined(__clang__)
    return span == 0 ? 0u : 64u - (unsigned)__builtin_clzll(span);
#else
    unsigned n = 0;
    while (span) {
        n++;
        span >>= 1;
    }
    return n;
#endif
}

/* n (<= 64) bits at bit offset pos, which the caller checked are there. */
ASN1RT_INLINE uint64_t asn1rt_i_per_peek(const uint8_t *base, size_t pos, unsigned n)
{
    uint64_t v = 0;
    while (n > 0) {
        unsigned off = (unsigned)(pos & 7u);
        unsigned take = 8u - off;
        if (take > n)
            take = n;
        unsigned octet = base[pos >> 3];
        v = (v << take) | ((octet >> (8u - off - take)) & ((1u << take) - 1u));
        pos += take;
        n -= take;
    }
    return v;
}

/* The same from a reader, with one 8-octet load when they lie inside the
 * input (the common case): the generated code's per-field cost. */
ASN1RT_INLINE uint64_t asn1rt_i_per_peek_r(const asn1rt_per_reader *r, size_t pos, unsigned n)
{
    size_t byte = pos >> 3;
    if (n - 1u < 57u && byte + 8u <= (r->end >> 3)) {
        uint64_t word = asn1rt_i_load_be64(r->base + byte);
        return (word << (pos & 7u)) >> (64u - n);
    }
    return asn1rt_i_per_peek(r->base, pos, n);
}

ASN1RT_INLINE int asn1rt_per_read_bits(asn1rt_per_reader *r, unsigned n, uint64_t *out)
{
    if (ASN1RT_I_UNLIKELY(r->end - r->pos < n)) {
        r->err_bit = r->pos;   /* set here, not in a call: the compiler sees *out is set on OK */
        return ASN1RT_E_TRUNCATED;
    }
    *out = asn1rt_i_per_peek_r(r, r->pos, n);
    r->pos += n;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_per_read_bit(asn1rt_per_reader *r, bool *out)
{
    if (ASN1RT_I_UNLIKELY(r->pos >= r->end)) {
        r->err_bit = r->pos;
        return ASN1RT_E_TRUNCATED;
    }
    *out = ((unsigned)r->base[r->pos >> 3] >> (7u - (r->pos & 7u))) & 1u;
    r->pos++;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_per_read_align(asn1rt_per_reader *r)
{
    unsigned pad = (unsigned)(-r->pos & 7u);
    if (!r->aligned || pad == 0)
        return ASN1RT_OK;
    if (ASN1RT_I_UNLIKELY(r->end - r->pos < pad)) {
        r->err_bit = r->pos;
        return ASN1RT_E_TRUNCATED;
    }
    /* X.691 11.1.2 (3.7.x padding bits): zero, and strict PER rejects others. */
    if (ASN1RT_I_UNLIKELY(asn1rt_i_per_peek(r->base, r->pos, pad) != 0 && !(r->lax & ASN1RT_PER_LAX_PADDING))) {
        size_t at = r->pos;
        while (asn1rt_i_per_peek(r->base, at, 1) == 0)
            at++;
        r->err_bit = at;
        return ASN1RT_E_PER_PADDING;
    }
    r->pos += pad;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_per_write_bits(asn1rt_per_writer *w, unsigned n, uint64_t v)
{
#if !defined(ASN1RT_I_PER_NARROW_STORES) && !defined(ASN1RT_PER_OUTLINE)
    /* Generated code's fields, 8 octets or more of room: one test, the bits
     * shifted in under the ones of the first octet, one 8-octet store
     * (zeros past them: the invariant; see below for why here only). */
    if (ASN1RT_I_LIKELY(n - 1u < 56u && w->cap * 8u - w->pos >= 64u)) {
        size_t at = w->pos;
        unsigned have = (unsigned)(at & 7u);
        uint8_t *q = w->buf + (at >> 3);
        asn1rt_i_store_be64(q, ((uint64_t)(have ? q[0] : 0u) << 56) | ((v << (64u - n)) >> have));
        w->pos = at + n;
        return ASN1RT_OK;
    }
#endif
    if (ASN1RT_I_UNLIKELY(w->cap * 8u - w->pos < n))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    size_t pos = w->pos;
    unsigned off = (unsigned)(pos & 7u);
    if (n - 1u < 56u) {
        /* Up to 56 bits in one shift, stored octet by octet: only the
         * octets the bits cover are written (an open type's content may
         * follow), and no wide load follows a narrow store (that stalls
         * store forwarding). The bits after pos in the first octet are 0. */
        unsigned endbit = off + n, nbytes = (endbit + 7u) >> 3;
        uint8_t *p = w->buf + (pos >> 3);
        uint64_t word = ((uint64_t)(off ? p[0] : 0u) << 56) | ((v & ((UINT64_C(1) << n) - 1u)) << (64u - endbit));
#if !defined(ASN1RT_I_PER_NARROW_STORES) && !defined(ASN1RT_PER_OUTLINE)   /* --size: the octet stores, less code */
        /* Generated code's fields: one 8-octet store where 8 octets are
         * left, zeros past the bits (the invariant). Nothing valid lies
         * past a field's position then; per.c, which moves open types'
         * octets back behind their length inside the buffer, is compiled
         * with ASN1RT_I_PER_NARROW_STORES and keeps the octet stores. */
        if (w->cap - (pos >> 3) >= 8u) {
            asn1rt_i_store_be64(p, word);
            w->pos = pos + n;
            return ASN1RT_OK;
        }
#endif
        for (unsigned i = 0; i < nbytes; i++)
            p[i] = (uint8_t)(word >> (56u - 8u * i));
        w->pos = pos + n;
        return ASN1RT_OK;
    }
    while (n > 0) {
        off = (unsigned)(pos & 7u);
        unsigned take = 8u - off;
        if (take > n)
            take = n;
        unsigned chunk = (unsigned)(v >> (n - take)) & ((1u << take) - 1u);
        uint8_t *p = &w->buf[pos >> 3];
        /* Keeps the bits before pos, clears those after: the invariant. */
        *p = (uint8_t)((off ? (*p & (0xFFu << (8u - off))) : 0u) | (chunk << (8u - off - take)));
        pos += take;
        n -= take;
    }
    w->pos = pos;
    return ASN1RT_OK;
}

ASN1RT_INLINE bool asn1rt_per_write_room(const asn1rt_per_writer *w, unsigned n)
{
    return w->cap * 8u - w->pos >= n;
}

ASN1RT_INLINE uint64_t asn1rt_per_bits_value(const uint8_t *p, unsigned n)
{
    unsigned octets = (n + 7u) / 8u;
    uint64_t x = 0;
    for (unsigned i = 0; i < octets; i++)
        x = (x << 8) | p[i];
    return x >> (8u * octets - n);
}

ASN1RT_INLINE int asn1rt_per_write_bit(asn1rt_per_writer *w, bool v)
{
    return asn1rt_per_write_bits(w, 1, v ? 1u : 0u);
}

ASN1RT_INLINE int asn1rt_per_write_align(asn1rt_per_writer *w)
{
    unsigned pad = (unsigned)(-w->pos & 7u);
    if (!w->aligned || pad == 0)
        return ASN1RT_OK;
    return asn1rt_per_write_bits(w, pad, 0);
}

/* Back to bit start after a failed write: clears what was written since,
 * so the invariant on buf[pos / 8] holds again. */
ASN1RT_INLINE void asn1rt_i_per_rewind(asn1rt_per_writer *w, size_t start)
{
    if (start < w->pos && (start & 7u) != 0)
        w->buf[start >> 3] &= (uint8_t)(0xFFu << (8u - (start & 7u)));
    else if (start < w->pos)
        w->buf[start >> 3] = 0;
    w->pos = start;
}

ASN1RT_MUST_USE int asn1rt_i_per_read_constrained_octets(asn1rt_per_reader *r, uint64_t span, uint64_t *off);
ASN1RT_MUST_USE int asn1rt_i_per_write_constrained_octets(asn1rt_per_writer *w, uint64_t span, uint64_t off);

ASN1RT_INLINE int asn1rt_per_read_constrained(asn1rt_per_reader *r, uint64_t span, uint64_t *off)
{
    size_t start = r->pos;
    uint64_t v;
    int rc;
    if (span == 0) {            /* X.691 11.5.4: a range of one value takes no bits */
        *off = 0;
        return ASN1RT_OK;
    }
    if (!r->aligned || span < 255) {            /* 11.5.6, 11.5.7.1: bit field */
        rc = asn1rt_per_read_bits(r, asn1rt_per_bits_for(span), &v);
    } else if (span < 65536) {                  /* 11.5.7.2, 11.5.7.3: one or two aligned octets */
        rc = asn1rt_per_read_align(r);
        if (rc == ASN1RT_OK)
            rc = asn1rt_per_read_bits(r, span == 255 ? 8u : 16u, &v);
    } else {
        return asn1rt_i_per_read_constrained_octets(r, span, off);
    }
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK)) {
        r->pos = start;
        return rc;
    }
    if (ASN1RT_I_UNLIKELY(v > span)) {
        r->pos = start;
        r->err_bit = start;
        return ASN1RT_E_VALUE_CONSTRAINT;
    }
    *off = v;
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_per_write_constrained(asn1rt_per_writer *w, uint64_t span, uint64_t off)
{
    size_t start = w->pos;
    int rc;
    if (ASN1RT_I_UNLIKELY(off > span))
        return ASN1RT_E_VALUE_CONSTRAINT;
    if (span == 0)
        return ASN1RT_OK;
    if (!w->aligned || span < 255)
        return asn1rt_per_write_bits(w, asn1rt_per_bits_for(span), off);
    if (span >= 65536)
        return asn1rt_i_per_write_constrained_octets(w, span, off);
    rc = asn1rt_per_write_align(w);
    if (rc == ASN1RT_OK)
        rc = asn1rt_per_write_bits(w, span == 255 ? 8u : 16u, off);
    if (rc != ASN1RT_OK)
        asn1rt_i_per_rewind(w, start);
    return rc;
}

/* The general forms (APER octets, wide ranges, bad bounds), out of line. */
ASN1RT_MUST_USE int asn1rt_i_per_read_int_range(asn1rt_per_reader *r, int64_t lb, int64_t ub, int64_t *out);
ASN1RT_MUST_USE int asn1rt_i_per_write_int_range(asn1rt_per_writer *w, int64_t lb, int64_t ub, int64_t v);
ASN1RT_MUST_USE int asn1rt_i_per_read_uint_range(asn1rt_per_reader *r, uint64_t lb, uint64_t ub, uint64_t *out);
ASN1RT_MUST_USE int asn1rt_i_per_write_uint_range(asn1rt_per_writer *w, uint64_t lb, uint64_t ub, uint64_t v);

/* A bit field of a range 1..2^56-1 (UPER, or APER below 255, 11.5.6 /
 * 11.5.7.1): the offset from lb, checked against span. */
ASN1RT_INLINE int asn1rt_i_per_read_field(asn1rt_per_reader *r, uint64_t span, uint64_t *off)
{
    unsigned n = asn1rt_per_bits_for(span);
    uint64_t v;
    if (ASN1RT_I_UNLIKELY(r->end - r->pos < n)) {
        r->err_bit = r->pos;
        return ASN1RT_E_TRUNCATED;
    }
    v = asn1rt_i_per_peek_r(r, r->pos, n);
    if (ASN1RT_I_UNLIKELY(v > span)) {
        r->err_bit = r->pos;
        return ASN1RT_E_VALUE_CONSTRAINT;
    }
    r->pos += n;
    *off = v;
    return ASN1RT_OK;
}

#if !defined(ASN1RT_I_PER_OUTLINE) && !defined(ASN1RT_PER_OUTLINE)
ASN1RT_INLINE int asn1rt_per_read_uint_range(asn1rt_per_reader *r, uint64_t lb, uint64_t ub, uint64_t *out)
{
    uint64_t span = ub - lb, off;
    int rc;
    if (lb < ub && span < 65536u && r->aligned && span >= 255) {   /* 11.5.7.2, 11.5.7.3: APER's octet forms */
        if (ASN1RT_I_UNLIKELY((rc = asn1rt_per_read_constrained(r, span, &off)) != ASN1RT_OK))
            return rc;
        *out = lb + off;
        return ASN1RT_OK;
    }
    if (lb < ub && span < (UINT64_C(1) << 56) && (!r->aligned || span < 255)) {
        if (ASN1RT_I_UNLIKELY((rc = asn1rt_i_per_read_field(r, span, &off)) != ASN1RT_OK))
            return rc;
        *out = lb + off;
        return ASN1RT_OK;
    }
    return asn1rt_i_per_read_uint_range(r, lb, ub, out);
}

ASN1RT_INLINE int asn1rt_per_read_int_range(asn1rt_per_reader *r, int64_t lb, int64_t ub, int64_t *out)
{
    uint64_t span = (uint64_t)ub - (uint64_t)lb, off;
    int rc;
    if (lb < ub && span < 65536u && r->aligned && span >= 255) {   /* 11.5.7.2, 11.5.7.3: APER's octet forms */
        if (ASN1RT_I_UNLIKELY((rc = asn1rt_per_read_constrained(r, span, &off)) != ASN1RT_OK))
            return rc;
        *out = lb + (int64_t)off;
        return ASN1RT_OK;
    }
    if (lb < ub && span < (UINT64_C(1) << 56) && (!r->aligned || span < 255)) {
        if (ASN1RT_I_UNLIKELY((rc = asn1rt_i_per_read_field(r, span, &off)) != ASN1RT_OK))
            return rc;
        *out = lb + (int64_t)off;   /* off <= ub - lb: no overflow */
        return ASN1RT_OK;
    }
    return asn1rt_i_per_read_int_range(r, lb, ub, out);
}

ASN1RT_INLINE int asn1rt_per_write_uint_range(asn1rt_per_writer *w, uint64_t lb, uint64_t ub, uint64_t v)
{
    uint64_t span = ub - lb;
    if (lb < ub && span < (UINT64_C(1) << 56) && (!w->aligned || span < 255) && v >= lb && v <= ub)
        return asn1rt_per_write_bits(w, asn1rt_per_bits_for(span), v - lb);
    if (lb < ub && span < 65536u && v >= lb && v <= ub)   /* APER's octet forms */
        return asn1rt_per_write_constrained(w, span, v - lb);
    return asn1rt_i_per_write_uint_range(w, lb, ub, v);
}

ASN1RT_INLINE int asn1rt_per_write_int_range(asn1rt_per_writer *w, int64_t lb, int64_t ub, int64_t v)
{
    uint64_t span = (uint64_t)ub - (uint64_t)lb;
    if (lb < ub && span < (UINT64_C(1) << 56) && (!w->aligned || span < 255) && v >= lb && v <= ub)
        return asn1rt_per_write_bits(w, asn1rt_per_bits_for(span), (uint64_t)v - (uint64_t)lb);
    if (lb < ub && span < 65536u && v >= lb && v <= ub)   /* APER's octet forms */
        return asn1rt_per_write_constrained(w, span, (uint64_t)v - (uint64_t)lb);
    return asn1rt_i_per_write_int_range(w, lb, ub, v);
}

#endif

/* Whether an octet of s[0..n) lies outside lo..hi: one compare each, no
 * early exit, so the loop vectorises. */
ASN1RT_INLINE bool asn1rt_i_per_octets_outside(const uint8_t *s, size_t n, uint32_t lo, uint32_t hi)
{
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++)
        bad |= (unsigned)((uint32_t)s[i] - lo > hi - lo);
    return bad != 0;
}

/* The first k (1..8) 7-bit fields of top (from its top bit) as the top
 * k of 8 octets; *bad gets a bit set when one of the k is outside lo..hi
 * (hi <= 0x7F). Three shift-and-mask steps spread the fields, and the k
 * are range-checked at once: each octet is <= 0x7F, so adding to it
 * carries into no neighbour. */
ASN1RT_INLINE uint64_t asn1rt_i_per_split7(uint64_t top, size_t k, uint32_t lo, uint32_t hi, uint64_t *bad)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), tops = ones << 7;
    uint64_t x = top >> 8;
    x = ((x & (UINT64_C(0xFFFFFFF) << 28)) << 4) | (x & UINT64_C(0xFFFFFFF));
    x = ((x & UINT64_C(0x0FFFC0000FFFC000)) << 2) | (x & UINT64_C(0x00003FFF00003FFF));
    x = ((x & UINT64_C(0x3F803F803F803F80)) << 1) | (x & UINT64_C(0x007F007F007F007F));
    *bad |= (~(x + ones * (0x80u - lo)) | (x + ones * (0x7Fu - hi))) & tops & (~UINT64_C(0) << (64u - 8u * k));
    return x;
}

/* The fast form of a piece of n one-octet characters of b (1..8) bits
 * from a one-range alphabet lo..hi: as many characters as fit 57 bits from
 * each 8-octet load, one compare each, checked once at the end. False,
 * with d scratched and r untouched, when a character is outside the
 * alphabet: the caller's per-character loop then finds which. The caller
 * checked n * b bits are there. map: the wire has indices (value - lo).
 * room (>= n): octets d can take; d[n..room) may be scratched too. */
ASN1RT_INLINE bool asn1rt_i_per_unpack_chars1(const asn1rt_per_reader *r, unsigned b, bool map, size_t n, uint32_t lo,
                                              uint32_t hi, uint8_t *d, size_t room)
{
    /* 57 / b for b 1..8, without a division. */
    static const uint8_t chars_per_word[9] = { 0, 57, 28, 19, 14, 11, 9, 8, 7 };
    uint32_t span = hi - lo, add = map ? lo : 0u;
    size_t pos = r->pos, i = 0, words_end = r->end >> 3;
    unsigned per_word = chars_per_word[b], bad = 0;
    if (b == 7u && !map) {
        /* IA5 and Visible in UPER: 8 characters a load, stored as 8
         * octets (room >= i + 8). */
        uint64_t bad7 = 0;
        while (i < n && room - i >= 8u) {
            uint64_t word;
            if ((pos >> 3) + 8u <= words_end) {
                word = asn1rt_i_load_be64(r->base + (pos >> 3));
            } else {
                uint8_t tail[8] = { 0 };   /* the last octets of the input: the caller checked n * 7 bits are there */
                memcpy(tail, r->base + (pos >> 3), ((r->end + 7u) >> 3) - (pos >> 3));
                word = asn1rt_i_load_be64(tail);
            }
            size_t k = n - i < 8u ? n - i : 8u;
            asn1rt_i_store_be64(d + i, asn1rt_i_per_split7(word << (pos & 7u), k, lo, hi, &bad7));
            i += k;
            pos += 7u * k;
        }
        bad = bad7 != 0;
    }
    while (i < n && (pos >> 3) + 8u <= words_end) {
        uint64_t word = asn1rt_i_load_be64(r->base + (pos >> 3)) << (pos & 7u);
        size_t k = n - i < per_word ? n - i : per_word;
        for (size_t j = 0; j < k; j++) {
            uint32_t c = (uint32_t)(word >> (64u - b)) + add;
            word <<= b;
            bad |= (unsigned)(c - lo > span);
            d[i + j] = (uint8_t)c;
        }
        i += k;
        pos += k * b;
    }
    if (i < n) {
        /* The last octets of the input, fewer than 8: one padded load holds
         * every character left (the caller checked they are there). */
        uint8_t tail[8] = { 0 };
        memcpy(tail, r->base + (pos >> 3), ((r->end + 7u) >> 3) - (pos >> 3));
        uint64_t word = asn1rt_i_load_be64(tail) << (pos & 7u);
        for (; i < n; i++) {
            uint32_t c = (uint32_t)(word >> (64u - b)) + add;
            word <<= b;
            bad |= (unsigned)(c - lo > span);
            d[i] = (uint8_t)c;
        }
    }
    return bad == 0;
}

ASN1RT_INLINE uint32_t asn1rt_i_per_load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

ASN1RT_INLINE uint32_t asn1rt_i_per_load_be16(const uint8_t *p)
{
    return ((uint32_t)p[0] << 8) | p[1];
}

/* k (1..8) one-octet characters of lo..hi (hi <= 0x7F) joined as 7-bit
 * fields, the first at the top of the 7 * k bits returned; *bad gets a
 * bit set when one is outside lo..hi. All k at once: an octet with bit 7
 * set is out; the others are <= 0x7F, so adding to them carries into no
 * neighbour; three shift-and-mask steps join the fields. */
ASN1RT_INLINE uint64_t asn1rt_i_per_join7(const uint8_t *p, size_t k, uint32_t lo, uint32_t hi, uint64_t *bad)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), tops = ones << 7;
    uint64_t x;
    /* the k octets at x's top: two loads that overlap where k is not 8, 4 or 2 */
    if (k == 8u)
        x = asn1rt_i_load_be64(p);
    else if (k >= 4u)
        x = ((uint64_t)asn1rt_i_per_load_be32(p) << 32) | ((uint64_t)asn1rt_i_per_load_be32(p + k - 4u) << (64u - 8u * k));
    else if (k >= 2u)
        x = ((uint64_t)asn1rt_i_per_load_be16(p) << 48) | ((uint64_t)asn1rt_i_per_load_be16(p + k - 2u) << (64u - 8u * k));
    else
        x = (uint64_t)p[0] << 56;
    uint64_t y = x & ~tops;
    *bad |= ((x | ~(y + ones * (0x80u - lo)) | (y + ones * (0x7Fu - hi))) & tops) & (~UINT64_C(0) << (64u - 8u * k));
    y = (y & UINT64_C(0x007F007F007F007F)) | ((y & UINT64_C(0x7F007F007F007F00)) >> 1);
    y = (y & UINT64_C(0x00003FFF00003FFF)) | ((y & UINT64_C(0x3FFF00003FFF0000)) >> 2);
    y = (y & UINT64_C(0xFFFFFFF)) | ((y & UINT64_C(0x0FFFFFFF00000000)) >> 4);
    return y >> (56u - 7u * k);
}

/* The fast form of put_chars for one-octet characters of b (1..8) bits
 * from a one-range alphabet, when the n * b bits fit: as many characters
 * as fill 57 bits go into a top-aligned 64-bit accumulator, stored with
 * one 8-octet store where 8 octets are left in the buffer (the octets past
 * the new position get zeros: the writer's invariant), else octet by
 * octet; one compare a character, checked once at the end
 * (ASN1RT_E_STRING_ALPHABET, octets scratched: the caller rewinds). */
ASN1RT_INLINE int asn1rt_i_per_pack_chars1(asn1rt_per_writer *w, unsigned b, bool map, const uint8_t *p, size_t n,
                                           uint32_t lo, uint32_t hi)
{
    static const uint8_t chars_per_word[9] = { 0, 57, 28, 19, 14, 11, 9, 8, 7 };   /* 57 / b */
    uint32_t span = hi - lo, sub = map ? lo : 0u, mask = (1u << b) - 1u;
    if (b == 7u && !map) {   /* IA5 and Visible in UPER: 8 characters a field */
        uint64_t bad7 = 0;
        int rc = ASN1RT_OK;
        for (size_t i = 0, k; i < n; i += k) {
            k = n - i < 8u ? n - i : 8u;
            rc |= asn1rt_per_write_bits(w, 7u * (unsigned)k, asn1rt_i_per_join7(p + i, k, lo, hi, &bad7));
        }
        return bad7 ? ASN1RT_E_STRING_ALPHABET : rc;
    }
    uint8_t *d = w->buf + (w->pos >> 3), *end = w->buf + w->cap;
    unsigned have = (unsigned)(w->pos & 7u), bad = 0, per_word = chars_per_word[b];   /* bits held at acc's top */
    uint64_t acc = have ? (uint64_t)d[0] << 56 : 0u;   /* the bits after pos are 0 */
    for (size_t i = 0; i < n;) {
        size_t k = n - i < per_word ? n - i : per_word;
        for (size_t j = 0; j < k; j++) {
            uint32_t c = p[i + j];
            bad |= (unsigned)(c - lo > span);
            acc |= (uint64_t)((c - sub) & mask) << (64u - b - have);
            have += b;
        }
        i += k;
        if (end - d >= 8) {
            asn1rt_i_store_be64(d, acc);
        } else {
            for (unsigned q = 0; q < (have + 7u) / 8u; q++)
                d[q] = (uint8_t)(acc >> (56u - 8u * q));
        }
        d += have / 8u;
        acc = have >= 64u ? 0u : acc << (have & ~7u);
        have &= 7u;
    }
    w->pos += n * b;
    return bad ? ASN1RT_E_STRING_ALPHABET : ASN1RT_OK;
}

/* read_chars1 for one variant, b its bits per character: called with a
 * constant b, so each variant's copy folds the alphabet's tests. */
ASN1RT_INLINE int asn1rt_i_per_read_chars1_b(asn1rt_per_reader *r, size_t lb, size_t ub, uint32_t lo, uint32_t hi,
                                             unsigned b, const asn1rt_per_alphabet *a, asn1rt_arena *arena,
                                             asn1rt_view *out)
{
    const bool map = hi > (1u << b) - 1u;       /* 30.5.4: indices when hi does not fit b bits */
    const size_t start = r->pos;
    size_t n = ub;
    uint64_t off;
    if (ub == 0 || b - 1u >= 8u || lb > ub)
        goto general;
    if (b == 7u && !map && ub >= 65536 && !r->aligned && (r->pos >> 3) + 8u <= (r->end >> 3) && arena != NULL &&
        arena->cap - arena->used >= 8u) {
        /* 11.9.3.6's length octet and up to 7 characters from one load */
        uint64_t word = asn1rt_i_load_be64(r->base + (r->pos >> 3)) << (r->pos & 7u), bad7 = 0;
        n = (size_t)(word >> 56);
        if (n - 1u < 7u && n >= lb) {
            uint8_t *d = arena->buf + arena->used;
            asn1rt_i_store_be64(d, asn1rt_i_per_split7(word << 8, n, lo, hi, &bad7));
            if (bad7 != 0)
                goto general;
            out->ptr = d;
            out->len = n;
            arena->used += n;
            r->pos += 8u + 7u * n;
            return ASN1RT_OK;
        }
    }
    if (ub >= 65536) {                            /* 11.9.3.6: 0..127 in one octet, aligned in APER */
        if (asn1rt_per_read_align(r) != ASN1RT_OK || r->end - r->pos < 8)
            goto general;
        off = asn1rt_i_per_peek_r(r, r->pos, 8);
        if (off >= 0x80 || off < lb)
            goto general;
        r->pos += 8;
        n = (size_t)off;
    } else if (lb != ub) {                        /* 11.9.3.3, 11.9.4.1: a constrained length */
        if (asn1rt_per_read_constrained(r, ub - lb, &off) != ASN1RT_OK)
            goto general;
        n = lb + (size_t)off;
    }
    if (n == 0) {
        out->ptr = r->base;
        out->len = 0;
        return ASN1RT_OK;
    }
    /* 30.5.7: ub * b <= 16 bits: no alignment; else aligned in APER. */
    if (((ub > 16u || ub * b > 16u) && asn1rt_per_read_align(r) != ASN1RT_OK) || (uint64_t)n * b > r->end - r->pos)
        goto general;
    if (r->aligned && b == 8u && !map && (r->pos & 7u) == 0) {   /* the in-memory form: a view, checked in place */
        const uint8_t *s = r->base + (r->pos >> 3);
        if (asn1rt_i_per_octets_outside(s, n, lo, hi))
            goto general;
        out->ptr = s;
        out->len = n;
        r->pos += 8u * n;
        return ASN1RT_OK;
    }
    if (arena == NULL || arena->cap - arena->used < n ||
        !asn1rt_i_per_unpack_chars1(r, b, map, n, lo, hi, arena->buf + arena->used, arena->cap - arena->used))
        goto general;
    out->ptr = arena->buf + arena->used;
    out->len = n;
    arena->used += n;
    r->pos += n * b;
    return ASN1RT_OK;
general:
    r->pos = start;
    return asn1rt_per_read_chars(r, lb, ub, a, arena, out);
}

ASN1RT_INLINE int asn1rt_per_read_chars1(asn1rt_per_reader *r, size_t lb, size_t ub, uint32_t lo, uint32_t hi,
                                         unsigned ubits, unsigned abits, const asn1rt_per_alphabet *a,
                                         asn1rt_arena *arena, asn1rt_view *out)
{
    if (r->aligned)
        return asn1rt_i_per_read_chars1_b(r, lb, ub, lo, hi, abits, a, arena, out);
    return asn1rt_i_per_read_chars1_b(r, lb, ub, lo, hi, ubits, a, arena, out);
}

/* write_chars1 for one variant, b its bits per character (a constant). */
ASN1RT_INLINE int asn1rt_i_per_write_chars1_b(asn1rt_per_writer *w, size_t lb, size_t ub, uint32_t lo, uint32_t hi,
                                              unsigned b, const asn1rt_per_alphabet *a, const uint8_t *p, size_t n)
{
    const bool map = hi > (1u << b) - 1u;
    const size_t start = w->pos;
    int rc = ASN1RT_OK;
    if (n < lb || n > ub || ub == 0 || b - 1u >= 8u || (ub >= 65536 && n >= 128) || (p == NULL && n > 0))
        return asn1rt_per_write_chars(w, lb, ub, a, p, n);
    if (b == 7u && !map && ub >= 65536 && n - 1u < 6u && !w->aligned) {
        /* 11.9.3.6's length octet and up to 6 characters: one field */
        uint64_t bad7 = 0, x = ((uint64_t)n << (7u * n)) | asn1rt_i_per_join7(p, n, lo, hi, &bad7);
        if (bad7 == 0 && asn1rt_per_write_bits(w, 8u + 7u * (unsigned)n, x) == ASN1RT_OK)
            return ASN1RT_OK;
        return asn1rt_per_write_chars(w, lb, ub, a, p, n);
    }
    if (lb != ub && ub < 65536)
        rc = asn1rt_per_write_constrained(w, ub - lb, n - lb);
    else if (ub >= 65536 && (rc = asn1rt_per_write_align(w)) == ASN1RT_OK)
        rc = asn1rt_per_write_bits(w, 8, n);      /* 11.9.3.6 */
    if (rc == ASN1RT_OK && n > 0 && (ub > 16u || ub * b > 16u))
        rc = asn1rt_per_write_align(w);
    if (rc == ASN1RT_OK && n > 0)
        rc = (uint64_t)n * b <= w->cap * 8u - w->pos ? asn1rt_i_per_pack_chars1(w, b, map, p, n, lo, hi)
                                                    : ASN1RT_E_BUFFER_TOO_SMALL;
    if (ASN1RT_I_UNLIKELY(rc != ASN1RT_OK)) {
        asn1rt_i_per_rewind(w, start);
        return asn1rt_per_write_chars(w, lb, ub, a, p, n);
    }
    return ASN1RT_OK;
}

ASN1RT_INLINE int asn1rt_per_write_chars1(asn1rt_per_writer *w, size_t lb, size_t ub, uint32_t lo, uint32_t hi,
                                          unsigned ubits, unsigned abits, const asn1rt_per_alphabet *a,
                                          const uint8_t *p, size_t n)
{
    if (w->aligned)
        return asn1rt_i_per_write_chars1_b(w, lb, ub, lo, hi, abits, a, p, n);
    return asn1rt_i_per_write_chars1_b(w, lb, ub, lo, hi, ubits, a, p, n);
}

/* nbits (1..57) at the reader's position, which the caller checked are
 * there, as (nbits + 7) / 8 octets in the arena, the last padded with
 * zero bits; false when the arena has no room. */
ASN1RT_INLINE bool asn1rt_i_per_copy_small(asn1rt_per_reader *r, size_t nbits, asn1rt_arena *arena, asn1rt_view *out)
{
    size_t n = (nbits + 7u) >> 3;
    if (arena == NULL || arena->cap - arena->used < n)
        return false;
    uint8_t *d = arena->buf + arena->used;
    uint64_t v = asn1rt_i_per_peek_r(r, r->pos, (unsigned)nbits) << (64u - nbits);
    for (size_t i = 0; i < n; i++)
        d[i] = (uint8_t)(v >> (56u - 8u * i));
    arena->used += n;
    out->ptr = d;
    out->len = n;
    r->pos += nbits;
    return true;
}

ASN1RT_INLINE int asn1rt_per_read_bits_fixed(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena, asn1rt_bits *out)
{
    const size_t start = r->pos;
    asn1rt_view v;
    /* 16.9, 16.10: no length; aligned in APER above 16 bits. */
    if (n == 0 || n >= 65536 || (n > 16u && asn1rt_per_read_align(r) != ASN1RT_OK) || r->end - r->pos < n)
        goto general;
    if ((r->pos & 7u) == 0 && (n & 7u) == 0) {   /* a view of whole octets */
        out->ptr = r->base + (r->pos >> 3);
        out->len = n >> 3;
        out->unused = 0;
        r->pos += n;
        return ASN1RT_OK;
    }
    if (n > 57u || !asn1rt_i_per_copy_small(r, n, arena, &v))
        goto general;
    out->ptr = v.ptr;
    out->len = v.len;
    out->unused = (uint8_t)(v.len * 8u - n);
    return ASN1RT_OK;
general:
    r->pos = start;
    return asn1rt_per_read_bitstring(r, n, n, arena, out);
}

ASN1RT_INLINE int asn1rt_per_read_octets_fixed(asn1rt_per_reader *r, size_t n, asn1rt_arena *arena, asn1rt_view *out)
{
    const size_t start = r->pos;
    /* 17.6, 17.7: no length; aligned in APER above 2 octets. */
    if (n == 0 || n >= 65536 || (n > 2u && asn1rt_per_read_align(r) != ASN1RT_OK) || (r->end - r->pos) >> 3 < n)
        goto general;
    if ((r->pos & 7u) == 0) {                     /* a view */
        out->ptr = r->base + (r->pos >> 3);
        out->len = n;
        r->pos += n * 8u;
        return ASN1RT_OK;
    }
    if (n > 7u || !asn1rt_i_per_copy_small(r, n * 8u, arena, out))
        goto general;
    return ASN1RT_OK;
general:
    r->pos = start;
    return asn1rt_per_read_octets(r, n, n, arena, out);
}

#if !defined(ASN1RT_I_PER_OUTLINE) && !defined(ASN1RT_PER_OUTLINE)
ASN1RT_INLINE int asn1rt_per_read_length(asn1rt_per_reader *r, size_t lb, size_t ub, asn1rt_per_length *st, size_t *n)
{
    const size_t start = r->pos;
    size_t got;
    if (lb < ub && ub < 65536) {              /* 11.9.3.3 / 11.9.4.1: a constrained number */
        uint64_t off;
        if (asn1rt_per_read_constrained(r, ub - lb, &off) != ASN1RT_OK)
            goto general;
        got = lb + (size_t)off;
    } else if (lb <= ub && ub >= 65536) {     /* 11.9.3.6: 0..127 in one octet, aligned in APER */
        if (asn1rt_per_read_align(r) != ASN1RT_OK || r->end - r->pos < 8u)
            goto general;
        got = (size_t)asn1rt_i_per_peek_r(r, r->pos, 8);
        if (got >= 0x80u || got < lb)
            goto general;
        r->pos += 8u;
    } else {
        goto general;
    }
    st->lb = lb;
    st->ub = ub;
    st->total = got;
    st->start_bit = start;
    st->last_m = 0;
    st->more = false;
    *n = got;
    return ASN1RT_OK;
general:
    r->pos = start;
    return asn1rt_i_per_read_length(r, lb, ub, st, n);
}

/* 1..7 octets after a one-octet length (11.9.3.6, aligned in APER), whose
 * first 9 bits are not all equal (X.690 8.3.2: minimal): in the arena for
 * UPER, a view for APER. Anything else, and every failure, is decoded
 * again from the start out of line, which gives its code and offset. */
ASN1RT_INLINE int asn1rt_per_read_bigint(asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_bigint *out)
{
    const size_t start = r->pos;
    if (asn1rt_per_read_align(r) == ASN1RT_OK && r->end - r->pos >= 16u) {
        size_t n = (size_t)asn1rt_i_per_peek_r(r, r->pos, 8), pos = r->pos + 8u;
        if (n - 1u < 7u && r->end - pos >= 8u * n) {
            uint64_t v = asn1rt_i_per_peek_r(r, pos, 8u * (unsigned)n);
            unsigned top9 = n > 1u ? (unsigned)(v >> (8u * n - 9u)) : 1u;
            if (top9 != 0u && top9 != 0x1FFu) {
                if (r->aligned) {
                    out->ptr = r->base + (pos >> 3);
                } else if (arena != NULL && arena->cap - arena->used >= n) {
                    uint8_t *d = arena->buf + arena->used;
                    for (size_t i = 0; i < n; i++)
                        d[i] = (uint8_t)(v >> (8u * (n - 1u - i)));
                    arena->used += n;
                    out->ptr = d;
                } else {
                    goto general;
                }
                out->len = n;
                r->pos = pos + 8u * n;
                return ASN1RT_OK;
            }
        }
    }
general:
    r->pos = start;
    return asn1rt_i_per_read_bigint(r, arena, out);
}

/* UPER, 1..6 minimal octets: the length octet and the value as one
 * field. APER and everything else out of line. */
ASN1RT_INLINE int asn1rt_per_write_bigint(asn1rt_per_writer *w, const asn1rt_bigint *v)
{
    if (v != NULL && v->len - 1u < 6u && v->ptr != NULL && !w->aligned) {
        size_t n = v->len;
        uint64_t x = 0;
        for (size_t i = 0; i < n; i++)
            x = (x << 8) | v->ptr[i];
        unsigned top9 = n > 1u ? (unsigned)(x >> (8u * n - 9u)) : 1u;
        if (top9 != 0u && top9 != 0x1FFu)
            return asn1rt_per_write_bits(w, 8u * (unsigned)n + 8u, ((uint64_t)n << (8u * n)) | x);
    }
    return asn1rt_i_per_write_bigint(w, v);
}

/* The minimal two's complement of v (X.690 8.3.2) bumped inline from the
 * arena; a full or NULL arena goes out of line, which says so. */
ASN1RT_INLINE int asn1rt_per_bigint_from_int(asn1rt_arena *arena, int64_t v, asn1rt_bigint *out)
{
    uint64_t u = (uint64_t)v, m = v < 0 ? ~u : u;
    size_t n = (asn1rt_per_bits_for(m) + 8u) >> 3;   /* the value's bits and a sign bit, in octets */
    if (arena == NULL || arena->cap - arena->used < n)
        return asn1rt_i_per_bigint_from_int(arena, v, out);
    uint8_t *d = arena->buf + arena->used;
    if (arena->cap - arena->used >= 8u) {   /* n <= 8: one store, the octets after the n scratch */
        asn1rt_i_store_be64(d, u << (64u - 8u * n));
    } else {
        for (size_t i = 0; i < n; i++)
            d[i] = (uint8_t)(u >> (8u * (n - 1u - i)));
    }
    arena->used += n;
    out->ptr = d;
    out->len = n;
    return ASN1RT_OK;
}
#endif

ASN1RT_INLINE int asn1rt_per_skip_bits(asn1rt_per_reader *r, uint64_t n)
{
    if (ASN1RT_I_UNLIKELY(r->end - r->pos < n)) {
        r->err_bit = r->pos;
        return ASN1RT_E_TRUNCATED;
    }
    r->pos += (size_t)n;
    return ASN1RT_OK;
}

ASN1RT_INLINE bool asn1rt_per_bit_at(const asn1rt_per_reader *r, size_t pos)
{
    return ((unsigned)r->base[pos >> 3] >> (7u - (pos & 7u))) & 1u;
}

#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_PER_H */
