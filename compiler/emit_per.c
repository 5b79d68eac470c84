/* emit_per.c — PER (X.691) functions of each type, both variants, printed
 * into the files emit_c.c writes: T_uper_decode, T_uper_decode_ex,
 * T_uper_encode, the same with aper, T_PER_MAX_OCTETS, on the runtime's
 * asn1rt/per.h. The C structs are DER's (cmap.h).
 *
 * One body per type serves both variants: T_per_dec_ / T_per_enc_ read and
 * write through asn1rt_per_reader / asn1rt_per_writer, whose `aligned` flag
 * the entry points set, and every per.h primitive already takes the
 * alignment from it. Printing each body twice with the flag constant would
 * save a predictable branch per field at the price of twice the text (S1AP
 * and NGAP are mostly encoding code); --encodings uper,aper costs only the
 * second set of entry points. So emit_uper and emit_aper are two EmitRules
 * over one printer: whichever comes first in a file prints the shared
 * bodies and declarations, the other only its entry points.
 *
 *  - decode: straight-line calls of asn1rt_per_read_*, each failure
 *    returned through asn1g_fail() (code, BIT offset, component path);
 *    strict unless a caller's ASN1RT_PER_LAX_* / ASN1RT_LAX_* flag relaxes
 *    one rule. Octet-aligned strings are views into the input, the others
 *    copies in the arena; lists are typed items in the arena.
 *  - encode: front to back (asn1rt_per_writer); open types (extension
 *    additions) are written in place behind room for their length.
 * What X.691 asks that this file does not print is refused by
 * emit_per_supported() before anything is written, with a diagnostic at
 * the type: the output is either right or not there.
 * Every name and expression comes from cmap.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* open_memstream */
#endif
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

static int g_tmp;                 /* unique local names within one function */
/* The first PER rule of a run prints what both variants share. */
static const EmitRule *g_first;
static bool g_uper_on;       /* the uper rule runs for this schema (per_header_doc) */
static uint64_t lit_span(const char *lo, const char *hi);
static int enum_order(const CNamed *cn, bool ext, int *out);

static const char *per_fn(const CNamed *cn, CPerFn f) { return cn->enc_fn[ENC_PER][f]; }

static const char *per_sig(const CNamed *cn, CPerFn f)
{
    const char *T = cn->cname, *n = per_fn(cn, f);
    switch (f) {
    case UPER_DECODE: case APER_DECODE:
        return S("int %s(%s *out, const uint8_t *in, size_t len, asn1rt_arena *arena)", n, T);
    case UPER_DECODE_EX: case APER_DECODE_EX:
        return S("int %s(%s *out, const uint8_t *in, size_t len, unsigned lax, asn1rt_arena *arena, asn1rt_error *err)",
                 n, T);
    case UPER_ENCODE: case APER_ENCODE: return S("int %s(const %s *in, uint8_t *buf, size_t cap, size_t *len)", n, T);
    case PER_READ: return S("int %s(void *vout, asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_error *err)", n);
    case PER_WRITE: return S("int %s(const void *vin, asn1rt_per_writer *w)", n);
    /* struct tags: the headers declare these without including asn1rt/per.h */
    case PER_DEC: return S("int %s(%s *out, struct asn1rt_per_reader *r, asn1rt_arena *arena, asn1rt_error *err)", n, T);
    case PER_ENC: return S("int %s(const %s *in, struct asn1rt_per_writer *w)", n, T);
    default: return NULL;
    }
}

/* ---------------------------------------------------------------- what PER can print */

/* Octets per character of a known-multiplier string (X.691 30), 0 for the others. */
static unsigned str_mult(unsigned universal)
{
    switch (universal) {
    case 18: case 19: case 22: case 26: return 1;  /* Numeric, Printable, IA5, Visible */
    case 30: return 2;                             /* BMPString */
    case 28: return 4;                             /* UniversalString */
    default: return 0;
    }
}

/* Bits for 0..span (X.691 11.5.6), as asn1rt_per_bits_for. */
static unsigned bits_for_span(uint64_t span)
{
    unsigned n = 0;
    while (span) {
        n++;
        span >>= 1;
    }
    return n;
}

static bool lit_neg(const char *s) { return s && (strcmp(s, "INT64_MIN") == 0 || strchr(s, '-') != NULL); }
static bool lit_unsigned(const char *s) { return s && (strncmp(s, "UINT64", 6) == 0); }

/* NULL when PER of a value of ct (its own kind; a structured kind's
 * components are its owner's) is printed here, else what is not. */
static const char *ct_unsupported(const CType *ct)
{
    switch (ct->kind) {
    case CK_BOOL: case CK_NULL: case CK_ENUM: case CK_OID: case CK_SEQ: case CK_SET: case CK_CHOICE: case CK_TIME:
        return NULL;
    case CK_INT: case CK_UINT: case CK_BIGINT:
        if (ct->per_wide) return "an INTEGER bound beyond 64 bits";
        if (ct->kind == CK_BIGINT && (lit_unsigned(ct->per_lo) || lit_unsigned(ct->per_hi)))
            return "a big INTEGER with a bound above INT64_MAX";
        return NULL;
    case CK_U128: case CK_I128: return "an INTEGER range beyond 64 bits";
    case CK_OCTETS:   /* REAL and RELATIVE-OID are unconstrained octet strings of their content */
        return ct->octet_string || ct->per_content ? NULL : "DATE, TIME-OF-DAY, DATE-TIME, DURATION, TIME or an IRI type";
    case CK_STRING:
        return NULL;
    case CK_BITS:
        /* X.691 16.3 with X.680 22.7: trailing 0 bits go down to the lower bound only. */
        if (ct->named_bits && ct->per_size_lo > 0 && !(ct->per_size_has_hi && ct->per_size_hi == ct->per_size_lo))
            return "a named-bit BIT STRING with a SIZE lower bound";
        return NULL;
    case CK_ANY:
        return ct->open_type ? NULL : "a recursive reference, EXTERNAL, EMBEDDED PDV, CHARACTER STRING or INSTANCE OF";
    case CK_ARRAY: case CK_LIST:
        return ct->elem ? ct_unsupported(ct->elem) : NULL;
    }
    return "this type";
}

bool emit_per_supported(const CMap *map)
{
    return emit_check_types(map, "PER", ct_unsupported, NULL);
}

/* ---------------------------------------------------------------- decode */

static void try_dec(int ind, const char *call, const char *rd, const char *nm)
{
    emit_try(ind, call, rd, "err_bit", nm);
}

/* The root SIZE bounds as C arguments (ub ASN1RT_PER_NO_UB without one). */
static const char *size_lb(const CType *ct) { return S("%" PRIu64 "u", ct->per_size_lo); }
static const char *size_ub(const CType *ct)
{
    return ct->per_size_has_hi ? S("%" PRIu64 "u", ct->per_size_hi) : "ASN1RT_PER_NO_UB";
}

/* SIZE (n) with no extension: the fixed-size readers of per.h, inline. */
static bool fixed_size(const CType *ct)
{
    return !ct->per_size_ext && ct->per_size_has_hi && ct->per_size_lo == ct->per_size_hi;
}

/* An extensible SIZE: the extension bit, then the root bounds or none
 * (X.691 16.6, 17.3, 20.4, 30.4). Prints the bit's read and declares e. */
static void size_ext_dec(int ind, const CType *ct, const char *rd, const char *nm, const char **lb, const char **ub)
{
    *lb = size_lb(ct);
    *ub = size_ub(ct);
    if (!ct->per_size_ext)
        return;
    int id = ++g_tmp;
    P(ind, "bool e%d;", id);
    try_dec(ind, S("asn1rt_per_read_bit(%s, &e%d)", rd, id), rd, nm);
    *lb = S("e%d ? 0u : %s", id, *lb);
    *ub = S("e%d ? ASN1RT_PER_NO_UB : %s", id, *ub);
}

/* The SIZE check after a string's read; none after an octet string read
 * with its fixed size, whose reader took exactly the one size allowed. */
static void size_check_dec(int ind, CType *ct, const char *lv, const char *nm, const char *start)
{
    if (ct->kind == CK_OCTETS && fixed_size(ct) && ct->nsize_set == 0 && ct->size_lo_set && ct->size_hi_set &&
        ct->size_lo == ct->per_size_lo && ct->size_hi == ct->per_size_hi)
        return;
    emit_size_check(ind, ct, lv, start, nm);
}

/* The alphabet constant of a known-multiplier string: a FROM's ranges,
 * printed once per use as a static (they are small), or the whole one. */
static const char *whole_alphabet(const CType *ct)
{
    switch (ct->universal) {
    case 18: return "&asn1rt_per_alpha_numeric";
    case 19: return "&asn1rt_per_alpha_printable";
    case 22: return "&asn1rt_per_alpha_ia5";
    case 26: return "&asn1rt_per_alpha_visible";
    case 30: return "&asn1rt_per_alpha_bmp";
    case 28: return "&asn1rt_per_alpha_universal";
    default: return "&asn1rt_per_alpha_visible";  /* the time types: VisibleString (X.691 33) */
    }
}

static const char *alphabet_of(int ind, const CType *ct)
{
    unsigned w = str_mult(ct->universal);
    if (!ct->alphabet)
        return whole_alphabet(ct);
    int id = ++g_tmp;
    char *ranges = S("%s", "");
    unsigned n = 0, count = 0;
    for (unsigned c = 0; c < 128; c++) {
        if (!alphabet_has(ct->alphabet, c))
            continue;
        unsigned lo = c;
        c = alphabet_run_end(ct->alphabet, c);
        ranges = S("%s%s{%u, %u}", ranges, n ? ", " : "", lo, c);
        count += c - lo + 1;
        n++;
    }
    if (n == 0)
        ranges = "{0, 0}";
    P(ind, "static const uint32_t a%d_r[][2] = { %s };", id, ranges);
    P(ind, "static const asn1rt_per_alphabet a%d = { a%d_r, %u, %u, %u };", id, id, n, count, w);
    return S("&a%d", id);
}

/* X.691 30.5 for the strings asn1rt_per_read_chars1 / _write_chars1 take
 * inline: one-octet characters of one range *lo..*hi, and the bits per
 * character of each variant (*ubits UPER, *abits APER, 30.5.2). False for
 * the others (PrintableString, NumericString, BMPString, a FROM of several
 * ranges, the extension's alphabet of 30.3). */
static bool one_range(const CType *ct, unsigned *lo, unsigned *hi, unsigned *ubits, unsigned *abits)
{
    unsigned n = 0;
    if (ct->kind == CK_TIME) {
        *lo = 32;              /* VisibleString (X.691 33) */
        *hi = 126;
    } else if (str_mult(ct->universal) != 1 || (ct->per_size_ext && ct->alphabet)) {
        return false;
    } else if (!ct->alphabet) {
        if (ct->universal != 22 && ct->universal != 26)
            return false;
        *lo = ct->universal == 22 ? 0 : 32;   /* IA5String, VisibleString */
        *hi = ct->universal == 22 ? 127 : 126;
    } else {
        for (unsigned c = 0; c < 128; c++) {
            if (!alphabet_has(ct->alphabet, c))
                continue;
            *lo = c;
            *hi = c = alphabet_run_end(ct->alphabet, c);
            n++;
        }
        if (n != 1)
            return false;
    }
    *ubits = bits_for_span(*hi - *lo);
    for (*abits = 1; *abits < *ubits; *abits *= 2)
        ;
    return *ubits >= 1;
}

/* X.691 30.3: a length outside an extensible SIZE's root is encoded as if
 * there were no size constraint and with the characters of the unconstrained
 * type (A.3's Date: 4 bits a digit in the root, 7 (UPER) or 8 (APER) bits in
 * the extension). Right after size_ext_dec/size_enc: e<g_tmp> is the bit. */
static const char *ext_alphabet(const CType *ct, const char *alpha)
{
    if (!ct->per_size_ext || !ct->alphabet)
        return alpha;
    return S("(e%d ? %s : %s)", g_tmp, whole_alphabet(ct), alpha);
}

static void dec_int(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    bool big = ct->kind == CK_BIGINT;
    bool uns = lit_unsigned(ct->per_hi) || (!big && ct->is_unsigned && ct->per_has_lo && !lit_neg(ct->per_lo));
    const char *vt = uns ? "uint64_t" : "int64_t";
    int id = ++g_tmp;
    P(ind, "{");
    P(ind + 4, "size_t s%d = %s;", id, emit_rfield(rd, "pos"));
    if (ct->per_ext)
        P(ind + 4, "bool e = false;");
    if (!big || ct->per_has_lo)
        P(ind + 4, "%s v;", vt);
    if (ct->per_ext)
        try_dec(ind + 4, S("asn1rt_per_read_bit(%s, &e)", rd), rd, nm);
    int in = ind + 4;
    if (ct->per_ext) {
        /* X.691 13.1: outside the root, the unconstrained form. */
        P(in, "if (e) {");
        if (big)
            try_dec(in + 4, S("asn1rt_per_read_bigint(%s, arena, %s)", rd, emit_addr(lv)), rd, nm);
        else {
            P(in + 4, "int64_t x;");
            try_dec(in + 4, S("asn1rt_per_read_int(%s, &x)", rd), rd, nm);
            if (uns) {
                P(in + 4, "if (ASN1G_UNLIKELY(x < 0))");
                emit_fail_line(in + 8, "ASN1RT_E_INTEGER_RANGE", S("s%d", id), nm);
            }
            P(in + 4, "v = (%s)x;", vt);
        }
        P(in, "} else {");
        in += 4;
    }
    if (ct->per_has_lo && ct->per_has_hi)
        try_dec(in, S("asn1rt_per_read_%s_range(%s, %s, %s, &v)", uns ? "uint" : "int", rd, ct->per_lo, ct->per_hi),
                rd, nm);
    else if (ct->per_has_lo)
        try_dec(in, S("asn1rt_per_read_semi_%s(%s, %s, &v)", uns ? "uint" : "int", rd, ct->per_lo), rd, nm);
    else if (big)
        try_dec(in, S("asn1rt_per_read_bigint(%s, arena, %s)", rd, emit_addr(lv)), rd, nm);
    else
        try_dec(in, S("asn1rt_per_read_int(%s, &v)", rd), rd, nm);
    if (big && ct->per_has_lo)
        try_dec(in, S("asn1rt_per_bigint_from_%s(arena, v, %s)", uns ? "uint" : "int", emit_addr(lv)), rd, nm);
    if (ct->per_ext)
        P(ind + 4, "}");
    if (!big) {
        const char *viol = emit_range_violation(ct, "v");
        if (viol) {
            P(ind + 4, "if (ASN1G_UNLIKELY(%s)) {", viol);
            P(ind + 8, "%s = s%d;", emit_rfield(rd, "pos"), id);
            emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", S("s%d", id), nm);
            P(ind + 4, "}");
        }
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
    }
    P(ind + 4, "(void)s%d;", id);
    P(ind, "}");
}

static void dec_value_own(int ind, CType *ct, const char *lv, const char *rd, const char *nm);

/* Decodes one value of ct into lvalue lv from reader rd, then refuses one
 * that is none of its single values (X.680 51.2, as DER's dec_plain). */
static void dec_value(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *single = emit_single_violation(ct, lv);
    if (!single) {
        dec_value_own(ind, ct, lv, rd, nm);
        return;
    }
    int id = ++g_tmp;
    P(ind, "{");
    P(ind + 4, "const size_t s%d = %s;", id, emit_rfield(rd, "pos"));
    dec_value_own(ind + 4, ct, lv, rd, nm);
    P(ind + 4, "if (ASN1G_UNLIKELY(%s)) {", single);
    P(ind + 8, "%s = s%d;", emit_rfield(rd, "pos"), id);
    emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", S("s%d", id), nm);
    P(ind + 4, "}");
    P(ind, "}");
}

static void dec_value_own(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *lb, *ub;
    switch (ct->kind) {
    case CK_BOOL:
        try_dec(ind, S("asn1rt_per_read_bit(%s, %s)", rd, emit_addr(lv)), rd, nm);
        break;
    case CK_NULL:
        break;
    case CK_INT: case CK_UINT: case CK_BIGINT:
        dec_int(ind, ct, lv, rd, nm);
        break;
    case CK_OCTETS:
        P(ind, "{");
        P(ind + 4, "size_t s = %s;", emit_rfield(rd, "pos"));
        size_ext_dec(ind + 4, ct, rd, nm, &lb, &ub);
        if (fixed_size(ct))   /* --size: per.c's copy, not inline */
            try_dec(ind + 4, S("asn1rt_per_read_octets_fixed%s(%s, %s, arena, %s)", emit_size ? "_outline" : "", rd, lb,
                               emit_addr(lv)), rd, nm);
        else
            try_dec(ind + 4, S("asn1rt_per_read_octets(%s, %s, %s, arena, %s)", rd, lb, ub, emit_addr(lv)), rd, nm);
        size_check_dec(ind + 4, ct, lv, nm, "s");
        P(ind + 4, "(void)s;");
        P(ind, "}");
        break;
    case CK_STRING: case CK_TIME:
        P(ind, "{");
        P(ind + 4, "size_t s = %s;", emit_rfield(rd, "pos"));
        if (ct->kind == CK_TIME || str_mult(ct->universal)) {
            const char *alpha = alphabet_of(ind + 4, ct);
            if (ct->kind == CK_TIME) {
                lb = "0u";
                ub = "ASN1RT_PER_NO_UB";
            } else {
                size_ext_dec(ind + 4, ct, rd, nm, &lb, &ub);
                alpha = ext_alphabet(ct, alpha);
            }
            unsigned lo, hi, ubits, abits;
            if (!emit_size && one_range(ct, &lo, &hi, &ubits, &abits))
                try_dec(ind + 4, S("asn1rt_per_read_chars1(%s, %s, %s, %uu, %uu, %u, %u, %s, arena, %s)", rd, lb, ub, lo,
                                   hi, ubits, abits, alpha, emit_addr(lv)), rd, nm);
            else
                try_dec(ind + 4, S("asn1rt_per_read_chars(%s, %s, %s, %s, arena, %s)", rd, lb, ub, alpha, emit_addr(lv)),
                        rd, nm);
        } else {
            /* X.691 30.6: the other strings are octets; SIZE is not PER-visible. */
            try_dec(ind + 4, S("asn1rt_per_read_octets(%s, 0u, ASN1RT_PER_NO_UB, arena, %s)", rd, emit_addr(lv)), rd, nm);
            emit_rc_used = true;
            P(ind + 4, "if (ASN1G_UNLIKELY((rc = asn1rt_check_string(%s, (%s).ptr, (%s).len)) != 0))",
              ct->universal_name, lv, lv);
            emit_fail_line(ind + 8, "rc", "s", nm);
        }
        if (ct->kind == CK_TIME) {
            P(ind + 4, "asn1rt_time t;");
            emit_rc_used = true;
            P(ind + 4, "if (ASN1G_UNLIKELY((rc = asn1rt_time_parse(%s, %s, &t)) != 0))", ct->universal_name,
              emit_addr(lv));
            emit_fail_line(ind + 8, "rc", "s", nm);
        }
        if (ct->kind == CK_STRING)
            size_check_dec(ind + 4, ct, lv, nm, "s");
        P(ind + 4, "(void)s;");
        P(ind, "}");
        break;
    case CK_BITS:
        P(ind, "{");
        P(ind + 4, "size_t s = %s;", emit_rfield(rd, "pos"));
        size_ext_dec(ind + 4, ct, rd, nm, &lb, &ub);
        if (fixed_size(ct))
            try_dec(ind + 4, S("asn1rt_per_read_bits_fixed%s(%s, %s, arena, %s)", emit_size ? "_outline" : "", rd, lb,
                               emit_addr(lv)), rd, nm);
        else
            try_dec(ind + 4, S("asn1rt_per_read_bitstring(%s, %s, %s, arena, %s)", rd, lb, ub, emit_addr(lv)), rd, nm);
        size_check_dec(ind + 4, ct, lv, nm, "s");
        if (ct->named_bits && !ct->fixed_size_bits) {
            /* X.691 16.2 with X.680 22.7: a named-bit value has no trailing 0 bits. */
            P(ind + 4, "if (ASN1G_UNLIKELY((%s).len > 0 && ((%s).ptr[(%s).len - 1] & (1u << (%s).unused)) == 0))",
              lv, lv, lv, lv);
            emit_fail_line(ind + 8, "ASN1RT_E_BITSTRING_TRAILING_ZERO", "s", nm);
        }
        P(ind + 4, "(void)s;");
        P(ind, "}");
        break;
    case CK_OID:
        /* X.691 24: the BER content octets behind an unconstrained length. */
        P(ind, "{");
        P(ind + 4, "size_t s = %s;", emit_rfield(rd, "pos"));
        try_dec(ind + 4, S("asn1rt_per_read_octets(%s, 0u, ASN1RT_PER_NO_UB, arena, %s)", rd, emit_addr(lv)), rd, nm);
        emit_rc_used = true;
        P(ind + 4, "if (ASN1G_UNLIKELY((rc = asn1rt_check_oid((%s).ptr, (%s).len)) != 0))", lv, lv);
        emit_fail_line(ind + 8, "rc", "s", nm);
        P(ind, "}");
        break;
    case CK_ANY:
        /* An open type: the octets of its PER encoding (X.691 11.2). */
        try_dec(ind, S("asn1rt_per_read_open(%s, arena, %s)", rd, emit_addr(lv)), rd, nm);
        break;
    default:
        emit_rc_used = true;
        P(ind, "if (ASN1G_UNLIKELY((rc = %s(%s, %s, arena, err)) != 0))", per_fn(ct->owner, PER_DEC), emit_addr(lv), rd);
        emit_fail_line(ind + 4, "rc", "0", nm);
        break;
    }
}

/* An extension addition or alternative: the value inside an open type
 * (X.691 19.9, 23.9), decoded with its own reader of the same variant. */
static void open_reader_begin(int ind, const char *rd, const char *nm, int id)
{
    P(ind, "asn1rt_view o%d;", id);
    P(ind, "asn1rt_per_reader x%d;", id);
    try_dec(ind, S("asn1rt_per_read_open(%s, arena, &o%d)", rd, id), rd, nm);
    try_dec(ind, S("asn1rt_per_reader_init(&x%d, o%d.ptr, o%d.len, %s)", id, id, id, emit_rfield(rd, "aligned")), rd, nm);
    P(ind, "x%d.lax = %s;", id, emit_rfield(rd, "lax"));
}

static void open_reader_end(int ind, const char *nm, int id)
{
    try_dec(ind, S("asn1rt_per_reader_finish(&x%d)", id), S("&x%d", id), nm);
}

static void dec_open_wrapped(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    int id = ++g_tmp;
    P(ind, "{");
    open_reader_begin(ind + 4, rd, nm, id);
    dec_value(ind + 4, ct, lv, S("&x%d", id), nm);
    open_reader_end(ind + 4, nm, id);
    P(ind, "}");
}

/* ---------------------------------------------------------------- encode */

static void enc_root_int(int ind, const CType *ct, bool uns, const char *v)
{
    const char *sfx = uns ? "uint" : "int";
    if (ct->per_has_lo && ct->per_has_hi)
        P(ind, "ASN1G_TRY(asn1rt_per_write_%s_range(w, %s, %s, %s));", sfx, ct->per_lo, ct->per_hi, v);
    else if (ct->per_has_lo)
        P(ind, "ASN1G_TRY(asn1rt_per_write_semi_%s(w, %s, %s));", sfx, ct->per_lo, v);
    else
        P(ind, "ASN1G_TRY(asn1rt_per_write_int(w, %s));", v);
}

static const char *root_cond(const CType *ct, const char *v)
{
    const char *lo = ct->per_has_lo ? S("%s >= %s", v, ct->per_lo) : NULL;
    const char *hi = ct->per_has_hi ? S("%s <= %s", v, ct->per_hi) : NULL;
    if (lo && hi)
        return S("%s && %s", lo, hi);
    return lo ? lo : hi ? hi : "true";
}

/* An extensible whole number in its constrained root: the 0 bit and the
 * root's bit field as one field (UPER, or APER below 255 values), before
 * the general form. Leaves "} else" open for it, or prints nothing. */
static bool enc_ext_root_fast(int ind, const CType *ct, const char *vt)
{
    if (emit_size || !ct->per_has_lo || !ct->per_has_hi)
        return false;
    uint64_t span = lit_span(ct->per_lo, ct->per_hi);
    if (span >= (UINT64_C(1) << 55) || (span >= 255 && !g_uper_on))
        return false;
    P(ind, "if (root%s) {", span >= 255 ? " && !w->aligned" : "");
    P(ind + 4, "ASN1G_TRY(asn1rt_per_write_bits(w, %u, (uint64_t)v - (uint64_t)(%s)(%s)));", bits_for_span(span) + 1u, vt,
      ct->per_lo);
    P(ind, "} else {");
    return true;
}

static void enc_int(int ind, CType *ct, const char *rv)
{
    bool big = ct->kind == CK_BIGINT;
    bool uns = lit_unsigned(ct->per_hi) || (!big && ct->is_unsigned && ct->per_has_lo && !lit_neg(ct->per_lo));
    const char *vt = uns ? "uint64_t" : "int64_t";
    P(ind, "{");
    if (big) {
        if (!ct->per_has_lo && !ct->per_has_hi) {
            P(ind + 4, "ASN1G_TRY(asn1rt_per_write_bigint(w, %s));", emit_addr(rv));
            P(ind, "}");
            return;
        }
        P(ind + 4, "int64_t v = 0;");
        P(ind + 4, "bool root = asn1rt_bigint_to_int64(%s, &v) == 0 && %s;", emit_addr(rv), root_cond(ct, "v"));
        if (ct->per_ext) {
            bool fast = enc_ext_root_fast(ind + 4, ct, "int64_t");
            int in = fast ? ind + 8 : ind + 4;
            P(in, "ASN1G_TRY(asn1rt_per_write_bit(w, !root));");
            P(in, "if (!root) {");
            P(in + 4, "ASN1G_TRY(asn1rt_per_write_bigint(w, %s));", emit_addr(rv));
            P(in, "} else {");
            enc_root_int(in + 4, ct, false, "v");
            P(in, "}");
            if (fast)
                P(ind + 4, "}");
        } else {
            P(ind + 4, "if (ASN1G_UNLIKELY(!root))");
            P(ind + 8, "return ASN1RT_E_VALUE_CONSTRAINT;");
            enc_root_int(ind + 4, ct, false, "v");
        }
        P(ind, "}");
        return;
    }
    const char *viol = emit_range_violation(ct, rv);
    if (viol) {
        P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
        P(ind + 8, "return ASN1RT_E_VALUE_CONSTRAINT;");
    }
    P(ind + 4, "%s v = (%s)%s;", vt, vt, emit_par(rv));
    if (ct->per_ext) {
        P(ind + 4, "bool root = %s;", root_cond(ct, "v"));
        bool fast = enc_ext_root_fast(ind + 4, ct, vt);
        int in = fast ? ind + 8 : ind + 4;
        P(in, "ASN1G_TRY(asn1rt_per_write_bit(w, !root));");
        P(in, "if (!root) {");
        if (uns) {
            P(in + 4, "if (ASN1G_UNLIKELY(v > (uint64_t)INT64_MAX))");
            P(in + 8, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        P(in + 4, "ASN1G_TRY(asn1rt_per_write_int(w, (int64_t)v));");
        P(in, "} else {");
        enc_root_int(in + 4, ct, uns, "v");
        P(in, "}");
        if (fast)
            P(ind + 4, "}");
    } else {
        if (!ct->per_has_lo && !ct->per_has_hi && uns) {
            P(ind + 4, "if (ASN1G_UNLIKELY(v > (uint64_t)INT64_MAX))");
            P(ind + 8, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        enc_root_int(ind + 4, ct, uns, "v");
    }
    P(ind, "}");
}

/* The SIZE check of the exact set, then the extension bit of an extensible
 * SIZE; *lb / *ub the bounds to write with. n: the measure. */
static void size_enc(int ind, CType *ct, const char *n, const char **lb, const char **ub)
{
    const char *viol = emit_size_violation(ct, n);
    *lb = size_lb(ct);
    *ub = size_ub(ct);
    if (viol) {
        P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
        P(ind + 4, "return ASN1RT_E_SIZE_CONSTRAINT;");
    }
    if (!ct->per_size_ext)
        return;
    int id = ++g_tmp;
    P(ind, "bool e%d = !(%s >= %s && %s <= %s);", id, n, *lb, n, *ub);
    P(ind, "ASN1G_TRY(asn1rt_per_write_bit(w, e%d));", id);
    *lb = S("e%d ? 0u : %s", id, *lb);
    *ub = S("e%d ? ASN1RT_PER_NO_UB : %s", id, *ub);
}

typedef struct Run Run;
static bool run_single(Run *run, CType *ct, const char *rv);
static Run *run_scratch(void);
static void run_emit_fast(int ind, const Run *run);
static bool g_in_run;        /* printing a run's general path */
static void enc_value_general(int ind, CType *ct, const char *rv);

/* A SIZE (n) BIT STRING or OCTET STRING of a few bits is one field: a run
 * of its own, its general path the string writer. */
static void enc_value(int ind, CType *ct, const char *rv)
{
    if (!g_in_run && (ct->kind == CK_BITS || ct->kind == CK_OCTETS)) {
        Run *scratch = run_scratch();
        if (run_single(scratch, ct, rv)) {
            run_emit_fast(ind, scratch);
            enc_value_general(ind + 4, ct, rv);
            P(ind, "}");
            return;
        }
    }
    enc_value_general(ind, ct, rv);
}

static void enc_value_general(int ind, CType *ct, const char *rv)
{
    const char *lb, *ub;
    const char *single = emit_single_violation(ct, rv);
    if (single) {            /* X.680 51.2, as DER's enc_plain */
        P(ind, "if (ASN1G_UNLIKELY(%s))", single);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
    }
    switch (ct->kind) {
    case CK_BOOL: P(ind, "ASN1G_TRY(asn1rt_per_write_bit(w, %s));", rv); break;
    case CK_NULL: break;
    case CK_INT: case CK_UINT: case CK_BIGINT: enc_int(ind, ct, rv); break;
    case CK_OCTETS:
        P(ind, "{");
        size_enc(ind + 4, ct, emit_dot(rv, "len"), &lb, &ub);
        P(ind + 4, "ASN1G_TRY(asn1rt_per_write_octets(w, %s, %s, %s, %s));", lb, ub, emit_dot(rv, "ptr"),
          emit_dot(rv, "len"));
        P(ind, "}");
        break;
    case CK_STRING: case CK_TIME:
        P(ind, "{");
        if (ct->kind == CK_TIME || str_mult(ct->universal)) {
            const char *alpha = alphabet_of(ind + 4, ct);
            if (ct->kind == CK_TIME) {
                lb = "0u";
                ub = "ASN1RT_PER_NO_UB";
            } else {
                size_enc(ind + 4, ct, S("(%s / %uu)", emit_dot(rv, "len"), str_mult(ct->universal)), &lb, &ub);
                alpha = ext_alphabet(ct, alpha);
            }
            unsigned lo, hi, ubits, abits;
            if (one_range(ct, &lo, &hi, &ubits, &abits))
                P(ind + 4, "ASN1G_TRY(asn1rt_per_write_chars1(w, %s, %s, %uu, %uu, %u, %u, %s, %s, %s));", lb, ub, lo, hi,
                  ubits, abits, alpha, emit_dot(rv, "ptr"), emit_dot(rv, "len"));
            else
                P(ind + 4, "ASN1G_TRY(asn1rt_per_write_chars(w, %s, %s, %s, %s, %s));", lb, ub, alpha,
                  emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        } else {
            const char *viol = emit_size_violation(ct, "n");
            if (viol) {
                P(ind + 4, "size_t n = %s;", emit_size_measure(ct, rv));
                P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
                P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            }
            P(ind + 4, "ASN1G_TRY(asn1rt_per_write_octets(w, 0u, ASN1RT_PER_NO_UB, %s, %s));", emit_dot(rv, "ptr"),
              emit_dot(rv, "len"));
        }
        P(ind, "}");
        break;
    case CK_BITS: {
        P(ind, "{");
        if (ct->named_bits && !ct->fixed_size_bits)
            P(ind + 4, "asn1rt_bits b = asn1g_bits_trim(%s);  /* X.680 22.7 */", emit_addr(rv));
        else
            P(ind + 4, "asn1rt_bits b = %s;", rv);
        if (emit_size_violation(ct, "n") || ct->per_size_ext)   /* size_enc reads n */
            P(ind + 4, "size_t n = b.len * 8u - b.unused;");
        size_enc(ind + 4, ct, "n", &lb, &ub);
        P(ind + 4, "ASN1G_TRY(asn1rt_per_write_bitstring(w, %s, %s, &b));", lb, ub);
        P(ind, "}");
        break;
    }
    case CK_OID:
        P(ind, "ASN1G_TRY(asn1rt_per_write_octets(w, 0u, ASN1RT_PER_NO_UB, %s, %s));", emit_dot(rv, "ptr"),
          emit_dot(rv, "len"));
        break;
    case CK_ANY:
        P(ind, "ASN1G_TRY(asn1rt_per_write_open(w, %s, %s));", emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        break;
    default: P(ind, "ASN1G_TRY(%s(%s, w));", per_fn(ct->owner, PER_ENC), emit_addr(rv)); break;
    }
}

/* An open type written in place (X.691 11.2): the value into an inner
 * writer past room for the length, then moved behind it. */
static void enc_open_begin(int ind, int id)
{
    P(ind, "asn1rt_per_writer x%d;", id);
    P(ind, "asn1rt_per_write_open_begin(w, &x%d);", id);
}

static void enc_open_end(int ind, int id)
{
    P(ind, "ASN1G_TRY(asn1rt_per_write_open_end(w, &x%d));", id);
}

static void enc_open_wrapped(int ind, CType *ct, const char *rv)
{
    int id = ++g_tmp;
    P(ind, "{");
    enc_open_begin(ind + 4, id);
    P(ind + 4, "{");
    P(ind + 8, "asn1rt_per_writer *w = &x%d;", id);
    enc_value(ind + 8, ct, rv);
    if (ct->kind == CK_NULL)
        P(ind + 8, "(void)w;  /* a NULL writes no bits */");
    P(ind + 4, "}");
    enc_open_end(ind + 4, id);
    P(ind, "}");
}

/* ---------------------------------------------------------------- SEQUENCE, SET */

static bool has_bit(const CComp *cc) { return cc->optional || cc->has_default; }

/* A preamble bit of a group member: its own OPTIONAL or DEFAULT (X.691 19.9
 * encodes a group as a SEQUENCE of its members). */
static bool group_bit(const CComp *cc) { return cc->own_optional || cc->has_default; }

/* A run of fixed-width fields (decode): a mandatory component that is a
 * BOOLEAN or a constrained whole number with no extension marker, whose
 * bits *bits are the same in every value (X.691 12, 13.2.2 bit-field). *both:
 * APER writes it the same way (a range of at most 255, 11.5.7.1), so the
 * run does not depend on the variant. */
static bool run_field(const CComp *cc, unsigned *bits, bool *both)
{
    const CType *ct = cc->ct;
    if (cc->optional || cc->has_default || emit_single_violation((CType *)ct, "v") != NULL)
        return false;
    if (ct->kind == CK_ENUM) {   /* X.691 14.2: the root index, constrained to 0..n-1 */
        int n = 0;
        if (ct->owner == NULL || ct->owner->extensible)
            return false;
        for (int i = 0; i < ct->owner->nitems; i++)
            n += !ct->owner->items[i].ext;
        if (n < 2)
            return false;
        *bits = bits_for_span((uint64_t)n - 1u);
        *both = n - 1 < 255;
        return true;
    }
    if (ct->kind == CK_BOOL) {
        *bits = 1;
        *both = true;
        return true;
    }
    if ((ct->kind != CK_INT && ct->kind != CK_UINT) || ct->per_ext || !ct->per_has_lo || !ct->per_has_hi ||
        lit_unsigned(ct->per_hi))
        return false;
    uint64_t span = lit_span(ct->per_lo, ct->per_hi);
    if (span == 0 || span >= (UINT64_C(1) << 56))
        return false;
    *bits = bits_for_span(span);
    *both = span < 255;
    return true;
}

/* Components cs[0..n) that are a run of run_field()s, from one 8-octet load:
 * one bounds test, each field a shift and a compare, the position moved
 * once. Anything else (the input's last 8 octets, APER where a field is
 * octet-aligned there, a value outside its range) takes the per-field
 * reads from the run's start, so codes and bit offsets are theirs. */
static void dec_run(int ind, CComp **cs, int n, unsigned total, bool both, const char *rd)
{
    int id = ++g_tmp;
    unsigned at = 0;
    P(ind, "{");
    P(ind + 4, "bool ok%d = false;", id);
    P(ind + 4, "const size_t p%d = %s;", id, emit_rfield(rd, "pos"));
    P(ind + 4, "if (ASN1G_LIKELY(%s(p%d >> 3) + 8u <= (%s >> 3))) {", both ? "" : S("!%s && ", emit_rfield(rd, "aligned")),
      id, emit_rfield(rd, "end"));
    P(ind + 8, "const uint64_t w%d = asn1rt_i_load_be64(%s + (p%d >> 3)) << (p%d & 7u);", id, emit_rfield(rd, "base"),
      id, id);
    const char *bad = NULL;
    for (int k = 0; k < n; k++) {
        CType *ct = cs[k]->ct;
        unsigned b;
        bool unused;
        (void)run_field(cs[k], &b, &unused);
        const char *f = S("((w%d << %u) >> %u)", id, at, 64u - b);
        at += b;
        if (ct->kind == CK_BOOL) {
            P(ind + 8, "const bool f%d_%d = %s != 0;", id, k, f);
            continue;
        }
        if (ct->kind == CK_ENUM) {
            const CNamed *en = ct->owner;
            int *ord = malloc(sizeof *ord * (size_t)(en->nitems + 1)), ne = enum_order(en, false, ord);
            bool same = en->root_dense == ne;   /* each enumerator's number is its index: no table */
            char *tab = S("%s", "");
            for (int i = 0; i < ne; i++)
                tab = S("%s%s%s", tab, i ? ", " : "", en->items[ord[i]].cname);
            P(ind + 8, "const uint64_t u%d_%d = %s;", id, k, f);
            if (same)
                P(ind + 8, "const %s f%d_%d = (%s)u%d_%d;", ct->ctype, id, k, ct->ctype, id, k);
            else {
                P(ind + 8, "static const %s t%d_%d[%d] = { %s };", ct->ctype, id, k, ne, tab);
                P(ind + 8, "const %s f%d_%d = t%d_%d[u%d_%d < %du ? u%d_%d : 0];", ct->ctype, id, k, id, k, id, k, ne,
                  id, k);
            }
            if ((unsigned)ne != 1u << b)
                bad = S("%s%su%d_%d > %du", bad ? bad : "", bad ? " || " : "", id, k, ne - 1);
            free(ord);
            continue;
        }
        bool uns = ct->is_unsigned && !lit_neg(ct->per_lo);
        uint64_t span = lit_span(ct->per_lo, ct->per_hi);
        P(ind + 8, "const uint64_t u%d_%d = %s;", id, k, f);
        if (span + 1u != (UINT64_C(1) << b))    /* a field of all b bits cannot exceed the span */
            bad = S("%s%su%d_%d > %" PRIu64 "u", bad ? bad : "", bad ? " || " : "", id, k, span);
        if (uns)
            P(ind + 8, "const uint64_t f%d_%d = (uint64_t)(%s) + u%d_%d;", id, k, ct->per_lo, id, k);
        else
            P(ind + 8, "const int64_t f%d_%d = (int64_t)(%s) + (int64_t)u%d_%d;", id, k, ct->per_lo, id, k);
        const char *viol = emit_range_violation(ct, S("f%d_%d", id, k));
        if (viol)
            bad = S("%s%s(%s)", bad ? bad : "", bad ? " || " : "", viol);
    }
    P(ind + 8, "if (ASN1G_LIKELY(!(%s))) {", bad ? bad : "false");
    for (int k = 0; k < n; k++) {
        if (cs[k]->ct->kind == CK_BOOL || cs[k]->ct->kind == CK_ENUM)
            P(ind + 12, "%s = f%d_%d;", emit_member(cs[k], "out->"), id, k);
        else
            P(ind + 12, "%s = (%s)f%d_%d;", emit_member(cs[k], "out->"), cs[k]->ct->ctype, id, k);
    }
    P(ind + 12, "%s = p%d + %uu;", emit_rfield(rd, "pos"), id, total);
    P(ind + 12, "ok%d = true;", id);
    P(ind + 8, "}");
    P(ind + 4, "}");
    P(ind + 4, "if (!ok%d) {", id);
    for (int k = 0; k < n; k++)
        dec_value(ind + 8, cs[k]->ct, emit_member(cs[k], "out->"), rd, emit_qname(cs[k]->asn1));
    P(ind + 4, "}");
    P(ind, "}");
}

/* Decodes components cs[0..n) behind their preamble, from reader rd;
 * in_group: members of an extension group, whose mandatory ones are
 * present whenever the group is. */
static void dec_comps(int ind, CComp **cs, int n, bool in_group, const char *rd)
{
    int nbits = 0, bit = 0, id = ++g_tmp;
    for (int k = 0; k < n; k++)
        nbits += in_group ? group_bit(cs[k]) : has_bit(cs[k]);
    if (nbits) {
        P(ind, "uint64_t pre%d;", id);
        try_dec(ind, S("asn1rt_per_read_bits(%s, %d, &pre%d)", rd, nbits, id), rd, "NULL");
    }
    for (int k = 0; k < n; k++) {
        CComp *cc = cs[k];
        const char *lv = emit_member(cc, "out->");
        const char *nm = emit_qname(cc->asn1);
        bool opt = in_group ? cc->own_optional : cc->optional;
        unsigned fb, total = 0;
        bool both = true, one;
        int m = 0;
        while (!emit_size && !in_group && k + m < n && run_field(cs[k + m], &fb, &one) && total + fb <= 57) {
            total += fb;
            both &= one;
            m++;
        }
        if (m >= 2) {
            dec_run(ind, cs + k, m, total, both, rd);
            k += m - 1;
            continue;
        }
        const char *b = S("((pre%d >> %d) & 1u)", id, nbits - 1 - bit);
        if (opt) {
            bit++;
            P(ind, "out->%s = %s != 0;", cc->present, b);
            P(ind, "if (out->%s) {", cc->present);
            dec_value(ind + 4, cc->ct, lv, rd, nm);
            P(ind, "}");
        } else if (cc->has_default) {
            bit++;
            P(ind, "if (%s) {", b);
            P(ind + 4, "size_t s = %s;", emit_rfield(rd, "pos"));
            dec_value(ind + 4, cc->ct, lv, rd, nm);
            /* X.691 10.2 (canonical): a value equal to the DEFAULT is not encoded. */
            P(ind + 4, "if (ASN1G_UNLIKELY((%s) && !(%s & ASN1RT_LAX_DEFAULT)))", emit_eq(cc->ct, lv, cc->default_expr),
              emit_rfield(rd, "lax"));
            emit_fail_line(ind + 8, "ASN1RT_E_DEFAULT_ENCODED", "s", nm);
            P(ind, "} else {");
            P(ind + 4, "%s = %s;", lv, cc->default_expr);
            P(ind, "}");
        } else {
            if (in_group && cc->present)
                P(ind, "out->%s = true;", cc->present);
            dec_value(ind, cc->ct, lv, rd, nm);
        }
    }
}

/* Extension addition slot e (X.691 19.9): one addition in an open type,
 * or a group [[ ]] as a SEQUENCE of its members in one. */
static void dec_ext_slot(int ind, CNamed *cn, int e)
{
    CComp **grp = malloc(sizeof *grp * (size_t)(cn->ncomps + 1));
    int ng = emit_slot_comps(cn, e, grp);
    if (!grp[0]->ext_group) {
        CComp *cc = grp[0];
        const char *lv = emit_member(cc, "out->");
        if (cc->present)
            P(ind, "out->%s = true;", cc->present);
        if (cc->has_default) {
            P(ind, "{");
            P(ind + 4, "size_t s = r->pos;");
            dec_open_wrapped(ind + 4, cc->ct, lv, "r", emit_qname(cc->asn1));
            P(ind + 4, "if (ASN1G_UNLIKELY((%s) && !(r->lax & ASN1RT_LAX_DEFAULT)))",
              emit_eq(cc->ct, lv, cc->default_expr));
            emit_fail_line(ind + 8, "ASN1RT_E_DEFAULT_ENCODED", "s", emit_qname(cc->asn1));
            P(ind, "}");
        } else {
            dec_open_wrapped(ind, cc->ct, lv, "r", emit_qname(cc->asn1));
        }
    } else {
        int id = ++g_tmp;
        P(ind, "{");
        open_reader_begin(ind + 4, "r", "NULL", id);
        dec_comps(ind + 4, grp, ng, true, S("&x%d", id));
        open_reader_end(ind + 4, "NULL", id);
        P(ind, "}");
    }
    free(grp);
}

static void emit_seq_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    CComp **root = malloc(sizeof *root * (size_t)(cn->ncomps + 1));
    int nroot = emit_root_comps(cn, root);

    P(0, "%s", per_sig(cn, PER_DEC));
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    if (cn->extensible) {
        P(4, "bool ext;");
        try_dec(4, "asn1rt_per_read_bit(r, &ext)", "r", "NULL");
    }
    dec_comps(4, root, nroot, false, "r");
    if (cn->extensible) {
        /* unknown_ext is DER's and stays empty; unknown additions are skipped. */
        P(4, "out->unknown_ext.ptr = NULL;");
        P(4, "out->unknown_ext.len = 0;");
        for (int k = 0; k < cn->ncomps; k++) {
            CComp *cc = cn->comps[k];
            if (cc->ext_index < 0)
                continue;
            if (cc->present)
                P(4, "out->%s = false;", cc->present);
            else if (cc->has_default && !cc->ext_group)
                P(4, "%s = %s;", emit_member(cc, "out->"), cc->default_expr);
        }
        P(4, "if (ext) {");
        /* X.691 19.8: a normally small length (n - 1), then n presence bits. */
        P(8, "uint64_t n;");
        P(8, "size_t bm, i;");
        try_dec(8, "asn1rt_per_read_small(r, &n)", "r", "NULL");
        P(8, "n++;");
        P(8, "bm = r->pos;");
        try_dec(8, "asn1rt_per_skip_bits(r, n)", "r", "NULL");
        P(8, "for (i = 0; i < n; i++) {");
        P(12, "if (!asn1rt_per_bit_at(r, bm + i))");
        P(16, "continue;");
        emit_ext_cases(12, cn, dec_ext_slot, "asn1rt_per_skip_open(r)", "err_bit");
        P(8, "}");
        P(4, "}");
    }
    P(4, "(void)out;");
    P(4, "(void)arena;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    free(root);
}

/* The condition that component cc is in the encoding (from value in). */
static const char *present_cond(const CComp *cc)
{
    if (cc->has_default)
        return S("!(%s)", emit_eq(cc->ct, emit_member(cc, "in->"), cc->default_expr));
    if (cc->present)
        return S("in->%s", cc->present);
    return "true";
}

/* ---------------------------------------------------------------- fixed-width runs (encode) */

/* A run: consecutive fields that UPER writes as bit fields of a width known
 * here (the extension bit, the preamble, BOOLEANs, constrained whole
 * numbers, SEQUENCEs of nothing else), written as one field of their sum
 * when every value is within its constraint and the bits fit, else field by
 * field as before: the octets and every failure are those of the general
 * path, which also serves APER wherever a field is aligned there. */
#define RUN_MAX_FIELDS 24
#define RUN_MAX_BITS 56u     /* asn1rt_per_write_bits' one-shift form */
typedef struct RunField {
    const char *val;         /* the field's bits as a uint64_t expression */
    const char *cond;        /* when the field may be written so, or NULL */
    unsigned bits;
} RunField;
struct Run {
    RunField f[RUN_MAX_FIELDS];
    int n;
    unsigned bits;
    bool aligned_differs;    /* some field is aligned (octets) in APER */
};
static Run *run_scratch(void) { static Run r; return &r; }


static bool run_add(Run *run, const char *val, const char *cond, unsigned bits)
{
    if (run->n == RUN_MAX_FIELDS || run->bits + bits > RUN_MAX_BITS)
        return false;
    run->f[run->n++] = (RunField){ val, cond, bits };
    run->bits += bits;
    return true;
}

/* Appends the fields of the value rv of ct to run; false (run unusable)
 * when ct is not written as bit fields of fixed width or they do not fit. */
static bool run_value(Run *run, CType *ct, const char *rv, int depth)
{
    const char *single = emit_single_violation(ct, rv);
    const char *scond = single ? S("!(%s)", single) : NULL;
    if (depth > 8)
        return false;
    switch (ct->kind) {
    case CK_BOOL: return run_add(run, S("((%s) ? 1u : 0u)", rv), scond, 1);
    case CK_NULL: return scond == NULL || run_add(run, NULL, scond, 0);
    case CK_BITS: case CK_OCTETS: {
        /* SIZE (n): no length; aligned in APER above 16 bits (16.9, 17.6) */
        bool bits = ct->kind == CK_BITS;
        if (!fixed_size(ct) || (bits && ct->named_bits && !ct->fixed_size_bits) || (!bits && !ct->octet_string))
            return false;
        uint64_t nb = bits ? ct->per_size_lo : 8u * ct->per_size_lo;
        if (nb == 0 || nb > RUN_MAX_BITS)
            return false;
        unsigned octets = (unsigned)(nb + 7u) / 8u;
        const char *cond = bits ? S("%s == %uu && %s == %uu", emit_dot(rv, "len"), octets, emit_dot(rv, "unused"),
                                    8u * octets - (unsigned)nb)
                                : S("%s == %uu", emit_dot(rv, "len"), octets);
        if (scond)
            cond = S("%s && %s", scond, cond);
        if (nb > 16)
            run->aligned_differs = true;
        return run_add(run, S("asn1rt_per_bits_value(%s, %u)", emit_dot(rv, "ptr"), (unsigned)nb), cond, (unsigned)nb);
    }
    case CK_INT: case CK_UINT: {
        if (!ct->per_has_lo || !ct->per_has_hi)
            return false;
        bool uns = lit_unsigned(ct->per_hi) || (ct->is_unsigned && !lit_neg(ct->per_lo));
        const char *vt = uns ? "uint64_t" : "int64_t";
        uint64_t span = lit_span(ct->per_lo, ct->per_hi);
        const char *off = S("((uint64_t)(%s)%s - (uint64_t)(%s)(%s))", vt, emit_par(rv), vt, ct->per_lo);
        const char *viol = emit_range_violation(ct, rv);
        const char *cond = S("%s <= UINT64_C(%" PRIu64 ")", off, span);
        if (viol)
            cond = S("!(%s) && %s", viol, cond);
        if (scond)
            cond = S("%s && %s", scond, cond);
        if (span >= 255)
            run->aligned_differs = true;
        /* extensible: a value in the root is its 0 bit and the root's field */
        return run_add(run, off, cond, bits_for_span(span) + (ct->per_ext ? 1u : 0u));
    }
    case CK_ENUM: {
        /* a root numbered 0..n-1 (the C values are the numbers): the value
         * is its index (X.691 14), after a 0 bit when extensible */
        CNamed *cn = ct->owner;
        int n = cn ? cn->root_dense : 0;
        if (n == 0 || single)
            return false;
        if (n - 1 >= 255)
            run->aligned_differs = true;
        const char *idx = S("(uint64_t)%s", emit_par(rv));
        return run_add(run, idx, S("%s <= %du", idx, n - 1),
                       bits_for_span((uint64_t)n - 1) + (cn->extensible ? 1u : 0u));
    }
    case CK_SEQ: case CK_SET: {
        CNamed *cn = ct->owner;
        if (cn == NULL || cn->extensible || single)
            return false;
        CComp **root = malloc(sizeof *root * (size_t)(cn->ncomps + 1));
        int nroot = emit_root_comps(cn, root);
        bool ok = nroot == cn->ncomps;
        for (int k = 0; ok && k < nroot; k++)
            ok = !has_bit(root[k]) && run_value(run, root[k]->ct, emit_dot(rv, root[k]->name), depth + 1);
        free(root);
        return ok;
    }
    default:
        return false;
    }
}

/* The run's fields as one write, when they may be (see above), else gen(). */
static void run_emit_fast(int ind, const Run *run)
{
    int id = ++g_tmp;
    const char *c = S("%sasn1rt_per_write_room(w, %uu)", run->aligned_differs ? "!w->aligned && " : "", run->bits);
    for (int k = 0; k < run->n; k++)
        if (run->f[k].cond)
            c = S("%s\n%*s&& %s", c, ind + 4, "", run->f[k].cond);
    P(ind, "if (%s) {", c);
    P(ind + 4, "uint64_t acc%d = 0;", id);
    for (int k = 0; k < run->n; k++)
        if (run->f[k].bits)
            P(ind + 4, "acc%d = (acc%d << %u) | %s;", id, id, run->f[k].bits, run->f[k].val);
    P(ind + 4, "ASN1G_TRY(asn1rt_per_write_bits(w, %u, acc%d));", run->bits, id);
    P(ind, "} else {");
}

/* rv of ct as a run of one field, for enc_value. */
static bool run_single(Run *run, CType *ct, const char *rv)
{
    *run = (Run){ .n = 0 };
    return !emit_size && run_value(run, ct, rv, 0) && run->bits > 0 && (g_uper_on || !run->aligned_differs);
}

/* Whether a run is worth its second copy: two writes or more become one. */
static bool run_worth(const Run *run)
{
    int writes = 0;
    for (int k = 0; k < run->n; k++)
        writes += run->f[k].bits > 0;
    return !emit_size && writes >= 2 && (g_uper_on || !run->aligned_differs);
}

/* One component, as written outside a run. */
static void enc_comp(int ind, CComp *cc, bool in_group)
{
    const char *rv = emit_member(cc, "in->");
    if (in_group ? group_bit(cc) : has_bit(cc)) {
        P(ind, "if (%s) {", present_cond(cc));
        enc_value(ind + 4, cc->ct, rv);
        P(ind, "}");
        return;
    }
    if (in_group && cc->present) {
        /* a mandatory member of a present group */
        P(ind, "if (ASN1G_UNLIKELY(!in->%s))", cc->present);
        P(ind + 4, "return ASN1RT_E_ARG;");
    }
    enc_value(ind, cc->ct, rv);
}

/* The components of a root (or of a group, in_group), after the
 * extension bit lead when not NULL; consecutive fixed-width fields as runs. */
static void enc_comps(int ind, CComp **cs, int n, bool in_group, const char *lead)
{
    int nbits = 0, id = 0, k = 0;
    Run run = { .n = 0 };
    for (int j = 0; j < n; j++)
        nbits += in_group ? group_bit(cs[j]) : has_bit(cs[j]);
    if (nbits) {
        id = ++g_tmp;
        P(ind, "{");
        ind += 4;
        P(ind, "uint64_t pre%d = 0;", id);
        for (int j = 0; j < n; j++)
            if (in_group ? group_bit(cs[j]) : has_bit(cs[j]))
                P(ind, "pre%d = (pre%d << 1) | ((%s) ? 1u : 0u);", id, id, present_cond(cs[j]));
    }
    /* The lead run: the extension bit, the preamble, the fixed fields after them. */
    bool ok = !in_group && (!lead || run_add(&run, S("(uint64_t)%s", lead), NULL, 1)) &&
              (!nbits || run_add(&run, S("pre%d", id), NULL, (unsigned)nbits));
    for (bool first = true;; first = false) {
        int m = k;
        for (; ok && m < n && !has_bit(cs[m]); m++) {
            Run save = run;
            if (!run_value(&run, cs[m]->ct, emit_member(cs[m], "in->"), 0)) {
                run = save;
                break;
            }
        }
        bool fast = ok && run_worth(&run);
        int in = fast ? ind + 4 : ind;
        if (fast)
            run_emit_fast(ind, &run);
        if (first && lead)
            P(in, "ASN1G_TRY(asn1rt_per_write_bit(w, %s));", lead);
        if (first && nbits)
            P(in, "ASN1G_TRY(asn1rt_per_write_bits(w, %d, pre%d));", nbits, id);
        g_in_run = fast;
        for (; k < m; k++)
            enc_comp(in, cs[k], in_group);
        g_in_run = false;
        if (fast)
            P(ind, "}");
        if (k == n)
            break;
        /* cs[k] ends the run: written alone, or the start of the next one. */
        Run probe = { .n = 0 };
        run = probe;
        ok = !in_group;
        if (!ok || has_bit(cs[k]) || !run_value(&probe, cs[k]->ct, emit_member(cs[k], "in->"), 0))
            enc_comp(ind, cs[k++], in_group);
    }
    if (nbits) {
        ind -= 4;
        P(ind, "}");
    }
}

static void emit_seq_enc(CNamed *cn)
{
    char *buf;
    size_t len;
    CComp **root = malloc(sizeof *root * (size_t)(cn->ncomps + 1));
    CComp **grp = malloc(sizeof *grp * (size_t)(cn->ncomps + 1));
    int nroot = emit_root_comps(cn, root), next = emit_n_ext(cn);

    P(0, "%s", per_sig(cn, PER_ENC));
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    if (cn->extensible) {
        /* unknown_ext holds DER (a value decoded from DER): no PER for it. */
        P(4, "if (ASN1G_UNLIKELY(in->unknown_ext.len != 0))");
        P(8, "return ASN1RT_E_ARG;");
        P(4, "bool add[%d] = {false};", next > 0 ? next : 1);
        for (int e = 0; e < next; e++) {
            const char *c = NULL;
            for (int k = 0; k < cn->ncomps; k++)
                if (cn->comps[k]->ext_index == e)
                    c = c ? S("%s || %s", c, present_cond(cn->comps[k])) : present_cond(cn->comps[k]);
            P(4, "add[%d] = %s;", e, c);
        }
        P(4, "bool ext = false;");
        for (int e = 0; e < next; e++)
            P(4, "ext |= add[%d];", e);
    }
    enc_comps(4, root, nroot, false, cn->extensible ? "ext" : NULL);
    if (cn->extensible && next > 0) {
        P(4, "if (ext) {");
        P(8, "ASN1G_TRY(asn1rt_per_write_small(w, %du));", next - 1);
        for (int e = 0; e < next; e++)
            P(8, "ASN1G_TRY(asn1rt_per_write_bit(w, add[%d]));", e);
        for (int e = 0; e < next; e++) {
            int ng = emit_slot_comps(cn, e, grp);
            P(8, "if (add[%d]) {", e);
            if (!grp[0]->ext_group) {
                enc_open_wrapped(12, grp[0]->ct, emit_member(grp[0], "in->"));
            } else {
                int id = ++g_tmp;
                enc_open_begin(12, id);
                P(12, "{");
                P(16, "asn1rt_per_writer *w = &x%d;", id);
                enc_comps(16, grp, ng, true, NULL);
                P(12, "}");
                enc_open_end(12, id);
            }
            P(8, "}");
        }
        P(4, "}");
    } else if (cn->extensible) {
        P(4, "(void)add;");
    }
    P(4, "(void)in;");
    P(4, "(void)w;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    free(root);
    free(grp);
}

/* ---------------------------------------------------------------- CHOICE */

static int n_root_alts(const CNamed *cn)
{
    int n = 0;
    for (int k = 0; k < cn->ncomps; k++)
        n += cn->comps[k]->ext_index < 0;
    return n;
}

static void emit_choice_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    int nroot = n_root_alts(cn);
    P(0, "%s", per_sig(cn, PER_DEC));
    P(0, "{");
    P(4, "size_t s = r->pos;");
    P(4, "uint64_t i = 0;");
    FILE *saved = emit_body_begin(&buf, &len);
    if (cn->extensible) {
        P(4, "bool ext;");
        try_dec(4, "asn1rt_per_read_bit(r, &ext)", "r", "NULL");
        P(4, "if (ext) {");
        /* X.691 23.8: a normally small index, the value as an open type. */
        try_dec(8, "asn1rt_per_read_small(r, &i)", "r", "NULL");
        P(8, "switch (i) {");
        for (int k = 0; k < cn->ncomps; k++) {
            CComp *cc = cn->comps[k];
            if (cc->ext_index < 0)
                continue;
            P(8, "case %d:", cc->alt_index);
            P(12, "out->present = %s;", cc->pr);
            dec_open_wrapped(12, cc->ct, emit_member(cc, "out->u."), "r", emit_qname(cc->asn1));
            P(12, "return ASN1RT_OK;");
        }
        P(8, "default:");
        /* An alternative this schema does not know: its open type's octets,
         * kept in u.unknown (which T_per encode cannot write back). */
        try_dec(12, "asn1rt_per_read_open(r, arena, &out->u.unknown)", "r", "NULL");
        P(12, "out->present = %s;", cn->pr_unknown);
        P(12, "return ASN1RT_OK;");
        P(8, "}");
        P(4, "}");
    }
    if (nroot > 1)
        try_dec(4, S("asn1rt_per_read_constrained(r, %du, &i)", nroot - 1), "r", "NULL");
    P(4, "(void)arena;");
    P(4, "switch (i) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->ext_index >= 0)
            continue;
        P(4, "case %d:", cc->alt_index);
        P(8, "out->present = %s;", cc->pr);
        dec_value(8, cc->ct, emit_member(cc, "out->u."), "r", emit_qname(cc->asn1));
        P(8, "return ASN1RT_OK;");
    }
    P(4, "default:");
    P(8, "r->pos = s;");
    emit_fail_line(8, "ASN1RT_E_NO_ALTERNATIVE", "s", "NULL");
    P(4, "}");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_choice_enc(CNamed *cn)
{
    int nroot = n_root_alts(cn);
    P(0, "%s", per_sig(cn, PER_ENC));
    P(0, "{");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = emit_member(cc, "in->u.");
        P(4, "case %s:", cc->pr);
        if (cc->ext_index >= 0) {
            P(8, "ASN1G_TRY(asn1rt_per_write_bit(w, true));");
            P(8, "ASN1G_TRY(asn1rt_per_write_small(w, %du));", cc->alt_index);
            enc_open_wrapped(8, cc->ct, rv);
        } else {
            if (cn->extensible)
                P(8, "ASN1G_TRY(asn1rt_per_write_bit(w, false));");
            if (nroot > 1)
                P(8, "ASN1G_TRY(asn1rt_per_write_constrained(w, %du, %du));", nroot - 1, cc->alt_index);
            enc_value(8, cc->ct, rv);
        }
        P(8, "return ASN1RT_OK;");
    }
    if (cn->extensible) {
        /* u.unknown holds the octets, not the index: no PER form (header doc). */
        P(4, "case %s:", cn->pr_unknown);
        P(8, "return ASN1RT_E_ARG;");
    }
    P(4, "default:");
    P(8, "(void)w;");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    emit_fn_close();
}

/* ---------------------------------------------------------------- ENUMERATED */

static const CItem *g_sort_items;
static int cmp_items(const void *a, const void *b)
{
    long long x = strtoll(g_sort_items[*(const int *)a].number, NULL, 10);
    long long y = strtoll(g_sort_items[*(const int *)b].number, NULL, 10);
    return x < y ? -1 : x > y;
}

/* Enumerators of the root (ext false) or the additions in value order:
 * their PER indexes (X.691 14). */
static int enum_order(const CNamed *cn, bool ext, int *out)
{
    int n = 0;
    for (int i = 0; i < cn->nitems; i++)
        if (cn->items[i].ext == ext)
            out[n++] = i;
    g_sort_items = cn->items;
    qsort(out, (size_t)n, sizeof *out, cmp_items);
    return n;
}

static void emit_enum_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    int *ord = malloc(sizeof *ord * (size_t)(cn->nitems + 1));
    P(0, "%s", per_sig(cn, PER_DEC));
    P(0, "{");
    P(4, "size_t s = r->pos;");
    P(4, "uint64_t i = 0;");
    FILE *saved = emit_body_begin(&buf, &len);  /* rc only where a read can fail */
    P(4, "(void)arena;");
    if (cn->extensible) {
        int n = enum_order(cn, true, ord);
        P(4, "bool ext;");
        try_dec(4, "asn1rt_per_read_bit(r, &ext)", "r", "NULL");
        P(4, "if (ext) {");
        try_dec(8, "asn1rt_per_read_small(r, &i)", "r", "NULL");
        P(8, "switch (i) {");
        for (int k = 0; k < n; k++)
            P(8, "case %d: *out = %s; return ASN1RT_OK;", k, cn->items[ord[k]].cname);
        P(8, "default:");
        /* An enumerator this schema does not know: the C enum cannot hold it. */
        P(12, "r->pos = s;");
        emit_fail_line(12, "ASN1RT_E_ENUM_VALUE", "s", "NULL");
        P(8, "}");
        P(4, "}");
    }
    int n = enum_order(cn, false, ord);
    if (n > 1)
        try_dec(4, S("asn1rt_per_read_constrained(r, %du, &i)", n - 1), "r", "NULL");
    P(4, "switch (i) {");
    for (int k = 0; k < n; k++)
        P(4, "case %d: *out = %s; return ASN1RT_OK;", k, cn->items[ord[k]].cname);
    P(4, "default:");
    P(8, "r->pos = s;");
    emit_fail_line(8, "ASN1RT_E_ENUM_VALUE", "s", "NULL");
    P(4, "}");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    free(ord);
}

static void emit_enum_enc(CNamed *cn)
{
    int *ord = malloc(sizeof *ord * (size_t)(cn->nitems + 1));
    int n = enum_order(cn, false, ord);
    P(0, "%s", per_sig(cn, PER_ENC));
    P(0, "{");
    if (emit_size) {
        /* --size: the switch only chooses the index (a table to the
         * compiler), one write after it; additions follow the root's n. */
        P(4, "uint64_t k;");
        P(4, "switch (*in) {");
        for (int k = 0; k < n; k++)
            P(4, "case %s: k = %du; break;", cn->items[ord[k]].cname, k);
        int m = cn->extensible ? enum_order(cn, true, ord) : 0;
        for (int k = 0; k < m; k++)
            P(4, "case %s: k = %du; break;", cn->items[ord[k]].cname, n + k);
        P(4, "default:");
        P(8, "(void)w;");
        P(8, "return ASN1RT_E_ENUM_VALUE;");
        P(4, "}");
        if (cn->extensible) {
            P(4, "ASN1G_TRY(asn1rt_per_write_bit(w, k >= %du));", n);
            P(4, "if (k >= %du)", n);
            P(8, "return asn1rt_per_write_small(w, k - %du);", n);
        }
        P(4, "return asn1rt_per_write_constrained(w, %du, k);", n > 0 ? n - 1 : 0);
        emit_fn_close();
        free(ord);
        return;
    }
    P(4, "switch (*in) {");
    for (int k = 0; k < n; k++) {
        P(4, "case %s:", cn->items[ord[k]].cname);
        if (cn->extensible)
            P(8, "ASN1G_TRY(asn1rt_per_write_bit(w, false));");
        P(8, "return asn1rt_per_write_constrained(w, %du, %du);", n > 0 ? n - 1 : 0, k);
    }
    if (cn->extensible) {
        int m = enum_order(cn, true, ord);
        for (int k = 0; k < m; k++) {
            P(4, "case %s:", cn->items[ord[k]].cname);
            P(8, "ASN1G_TRY(asn1rt_per_write_bit(w, true));");
            P(8, "return asn1rt_per_write_small(w, %du);", k);
        }
    }
    P(4, "default:");
    P(8, "(void)w;");
    P(8, "return ASN1RT_E_ENUM_VALUE;");
    P(4, "}");
    emit_fn_close();
    free(ord);
}

/* ---------------------------------------------------------------- SEQUENCE OF */

static void emit_of_dec(CNamed *cn)
{
    CType *ct = cn->ct, *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    char *buf;
    size_t len;
    const char *lb, *ub;
    P(0, "%s", per_sig(cn, PER_DEC));
    P(0, "{");
    P(4, "size_t s = r->pos;");
    P(4, "size_t n, i = 0;");
    P(4, "asn1rt_per_length st;");
    if (!array) {
        P(4, "size_t cap = 0;");
        P(4, "%s *items = NULL;", el->ctype);
    }
    FILE *saved = emit_body_begin(&buf, &len);
    size_ext_dec(4, ct, "r", "NULL", &lb, &ub);
    try_dec(4, S("asn1rt_per_read_length(r, %s, %s, &st, &n)", lb, ub), "r", "NULL");
    P(4, "for (;;) {");
    if (array) {
        P(8, "if (ASN1G_UNLIKELY(n > %" PRIu64 "u - i))", ct->size_hi);
        emit_fail_line(12, "ASN1RT_E_SIZE_CONSTRAINT", "s", "NULL");
        P(8, "for (; n > 0; n--, i++) {");
        dec_value(12, el, "out->items[i]", "r", "NULL");
        P(8, "}");
    } else {
        /* The typed items in the caller's arena, grown by doubling across
         * fragments (X.691 11.9.3.8) so that the copies stay linear; the
         * last piece takes only what it needs. */
        P(8, "if (n > cap - i) {");
        P(12, "size_t want = st.more && cap * 2 > i + n ? cap * 2 : i + n;");
        P(12, "void *p;");
        P(12, "if (arena == NULL)");
        emit_fail_line(16, "ASN1RT_E_ARENA_FULL", "s", "NULL");
        emit_rc_used = true;
        P(12, "if ((rc = asn1rt_arena_array(arena, want, sizeof *items, sizeof *items & ((size_t)0 - sizeof *items), &p)) != 0)");
        emit_fail_line(16, "rc", "s", "NULL");
        /* arena memory is not zeroed: the items' unset members must be */
        P(12, "memset((char *)p + i * sizeof *items, 0, (want - i) * sizeof *items);");
        P(12, "if (i > 0)");
        P(16, "memcpy(p, items, i * sizeof *items);");
        P(12, "items = p;");
        P(12, "cap = want;");
        P(8, "}");
        P(8, "for (; n > 0; n--, i++) {");
        dec_value(12, el, "items[i]", "r", "NULL");
        P(8, "}");
    }
    P(8, "if (!st.more)");
    P(12, "break;");
    try_dec(8, "asn1rt_per_read_length_next(r, &st, &n)", "r", "NULL");
    P(4, "}");
    const char *viol = emit_size_violation(ct, "i");
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        emit_fail_line(8, "ASN1RT_E_SIZE_CONSTRAINT", "s", "NULL");
    }
    if (!array) {
        emit_list_items(4, "items");
    }
    P(4, "out->count = i;");
    P(4, "(void)arena;");
    P(4, "(void)s;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_of_enc(CNamed *cn)
{
    CType *ct = cn->ct, *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    const char *lb, *ub;
    P(0, "%s", per_sig(cn, PER_ENC));
    P(0, "{");
    P(4, "size_t i = 0, k;");
    P(4, "asn1rt_per_length st;");
    if (!array) {
        /* A list decoded from DER holds DER in raw: its items are loaded
         * first (T_load_items), as PER is written from typed values. */
        P(4, "if (ASN1G_UNLIKELY(in->items == NULL && in->count != 0))");
        P(8, "return ASN1RT_E_ARG;");
    }
    size_enc(4, ct, "in->count", &lb, &ub);
    /* One piece, the usual case, without the out-of-line length writer:
     * a constrained count, or the one-octet form (X.691 11.9.3.6) after
     * the alignment, when it fits (so nothing is written on failure). */
    if (!emit_size && !ct->per_size_ext && ct->per_size_has_hi && ct->per_size_hi < 65536) {
        if (ct->per_size_lo > 0)
            P(4, "if (in->count >= %s && in->count <= %s) {", lb, ub);
        else
            P(4, "if (in->count <= %s) {", ub);
        if (ct->per_size_lo != ct->per_size_hi)
            P(8, "ASN1G_TRY(asn1rt_per_write_constrained(w, %" PRIu64 "u, in->count - %s));",
              ct->per_size_hi - ct->per_size_lo, lb);
        P(8, "k = in->count;");
        P(8, "st.more = false;");
        P(4, "} else {");
        P(8, "ASN1G_TRY(asn1rt_per_write_length(w, %s, %s, in->count, &st, &k));", lb, ub);
        P(4, "}");
    } else if (!emit_size && !ct->per_size_ext) {
        P(4, "if (%sin->count < 128u && asn1rt_per_write_room(w, 15u)) {",
          ct->per_size_lo > 0 ? S("in->count >= %s && ", lb) : "");
        P(8, "ASN1G_TRY(asn1rt_per_write_align(w));");
        P(8, "ASN1G_TRY(asn1rt_per_write_bits(w, 8, in->count));");
        P(8, "k = in->count;");
        P(8, "st.more = false;");
        P(4, "} else {");
        P(8, "ASN1G_TRY(asn1rt_per_write_length(w, %s, %s, in->count, &st, &k));", lb, ub);
        P(4, "}");
    } else {
        P(4, "ASN1G_TRY(asn1rt_per_write_length(w, %s, %s, in->count, &st, &k));", lb, ub);
    }
    P(4, "for (;;) {");
    P(8, "for (; k > 0; k--, i++) {");
    enc_value(12, el, "in->items[i]");
    P(8, "}");
    P(8, "if (!st.more)");
    P(12, "return ASN1RT_OK;");
    P(8, "ASN1G_TRY(asn1rt_per_write_length_next(w, &st, &k));");
    P(4, "}");
    emit_fn_close();
}

/* ---------------------------------------------------------------- entry points */

/* The value's codec behind the runtime's entry (asn1rt_per_decode_set,
 * asn1rt_per_encode_whole: reader set-up, X.691 11.1 end, *out zeroed and
 * arena given back on failure), which both variants share. *out is not
 * zeroed first: the codec sets every member the value has, as DER's does. */
static void emit_shared_entry(CNamed *cn)
{
    char *buf;
    size_t len;
    CType *ct = cn->ct;
    P(0, "static %s", per_sig(cn, PER_READ));
    P(0, "{");
    P(4, "%s *out = vout;", cn->cname);
    FILE *saved = emit_body_begin(&buf, &len);
    dec_value(4, ct, "(*out)", "r", "NULL");
    P(4, "(void)out;");
    P(4, "(void)r;");
    P(4, "(void)arena;");
    P(4, "(void)err;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();

    P(0, "static %s", per_sig(cn, PER_WRITE));
    P(0, "{");
    P(4, "const %s *in = vin;", cn->cname);
    saved = emit_body_begin(&buf, &len);
    enc_value(4, ct, "(*in)");
    P(4, "(void)in;");
    P(4, "(void)w;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_variant(CNamed *cn, bool aligned)
{
    CPerFn dec = aligned ? APER_DECODE : UPER_DECODE, ex = aligned ? APER_DECODE_EX : UPER_DECODE_EX;
    CPerFn enc = aligned ? APER_ENCODE : UPER_ENCODE;
    const char *flag = aligned ? "true" : "false";
    if (!emit_size) {   /* --size: inline in the header (per_decl_public) */
        P(0, "%s", per_sig(cn, dec));
        P(0, "{");
        P(4, "return asn1rt_per_decode_set(out, sizeof *out, %s, in, len, %s, 0, arena, NULL);", per_fn(cn, PER_READ),
          flag);
        emit_fn_close();
    }
    P(0, "%s", per_sig(cn, ex));
    P(0, "{");
    P(4, "return asn1rt_per_decode_set(out, sizeof *out, %s, in, len, %s, lax, arena, err);", per_fn(cn, PER_READ),
      flag);
    emit_fn_close();
    P(0, "%s", per_sig(cn, enc));
    P(0, "{");
    P(4, "return asn1rt_per_encode_whole(in, %s, buf, cap, len, %s);", per_fn(cn, PER_WRITE), flag);
    emit_fn_close();
}

/* ---------------------------------------------------------------- T_PER_MAX_OCTETS */

/* An upper bound on the bits of a value of ct in either variant (APER's
 * padding counted as 7 bits before each aligned field), or false when the
 * encoding is unbounded (an extension, an unbounded size or number). */
static bool max_bits(const CType *ct, uint64_t *out, int depth);

/* The number of a C literal of cmap's (decimal, INT64_C(..), UINT64_C(..),
 * INT64_MIN/MAX, UINT64_MAX), as its two's-complement bits. */
static uint64_t lit_bits(const char *s)
{
    if (strcmp(s, "UINT64_MAX") == 0) return UINT64_MAX;
    if (strcmp(s, "INT64_MAX") == 0) return (uint64_t)INT64_MAX;
    if (strcmp(s, "INT64_MIN") == 0) return (uint64_t)1 << 63;
    const char *p = strchr(s, '(');
    p = p ? p + 1 : s;
    return *p == '-' ? (uint64_t)strtoll(p, NULL, 10) : strtoull(p, NULL, 10);
}

/* hi - lo of a range given as two such literals (hi >= lo). */
static uint64_t lit_span(const char *lo, const char *hi) { return lit_bits(hi) - lit_bits(lo); }

/* A constrained whole number or length of 0..span, as APER writes it at worst. */
static uint64_t constrained_bits(uint64_t span)
{
    if (span == 0)
        return 0;
    if (span < 255)
        return bits_for_span(span);
    if (span < 65536)
        return 7 + 16;
    unsigned octets = (bits_for_span(span) + 7) / 8;
    return bits_for_span(octets - 1) + 7 + 8u * octets;
}

/* A string of lb..ub units of unit bits, with its length (16, 17, 30). */
static bool string_bits(const CType *ct, uint64_t unit, uint64_t *out)
{
    if (ct->per_size_ext || !ct->per_size_has_hi || ct->per_size_hi >= 65536)
        return false;
    *out = constrained_bits(ct->per_size_hi - ct->per_size_lo) + 7 + ct->per_size_hi * unit;
    return true;
}

static bool named_max_bits(const CNamed *cn, uint64_t *out, int depth)
{
    uint64_t sum = 0, best = 0, x;
    if (cn->extensible || depth > 32)
        return false;
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET:
        for (int k = 0; k < cn->ncomps; k++) {
            if (!max_bits(cn->comps[k]->ct, &x, depth + 1))
                return false;
            sum += x + has_bit(cn->comps[k]);
        }
        *out = sum;
        return true;
    case CK_CHOICE:
        for (int k = 0; k < cn->ncomps; k++) {
            if (!max_bits(cn->comps[k]->ct, &x, depth + 1))
                return false;
            if (x > best)
                best = x;
        }
        *out = constrained_bits(cn->ncomps > 0 ? (uint64_t)cn->ncomps - 1 : 0) + best;
        return true;
    case CK_ENUM:
        *out = constrained_bits(cn->nitems > 0 ? (uint64_t)cn->nitems - 1 : 0);
        return true;
    case CK_ARRAY: case CK_LIST:
        if (!max_bits(cn->ct->elem, &x, depth + 1) || !string_bits(cn->ct, x, out))
            return false;
        return true;
    default:
        return false;
    }
}

static bool max_bits(const CType *ct, uint64_t *out, int depth)
{
    switch (ct->kind) {
    case CK_BOOL: *out = 1; return true;
    case CK_NULL: *out = 0; return true;
    case CK_INT: case CK_UINT:
        if (ct->per_ext || !ct->per_has_lo || !ct->per_has_hi)
            return false;
        *out = constrained_bits(lit_span(ct->per_lo, ct->per_hi));
        return true;
    case CK_OCTETS: return ct->octet_string && string_bits(ct, 8, out);
    case CK_BITS: return string_bits(ct, 1, out);
    case CK_STRING: return str_mult(ct->universal) && string_bits(ct, 8u * str_mult(ct->universal), out);
    case CK_SEQ: case CK_SET: case CK_CHOICE: case CK_ENUM: case CK_ARRAY: case CK_LIST:
        return ct->owner && named_max_bits(ct->owner, out, depth);
    default:
        return false;
    }
}

/* ---------------------------------------------------------------- the rules */

/* One variant's rule, or both sharing what the first prints. */
static bool is_first(const EmitRule *self)
{
    return g_first == NULL || g_first == self;
}

static void per_header_doc(const EmitRule *self, bool aligned)
{
    if (g_first == NULL)
        g_first = self;
    if (!aligned)
        g_uper_on = true;
    if (g_first == self)
        fputs("/*\n"
              " * PER (X.691): T_uper_* are UNALIGNED PER, T_aper_* ALIGNED PER, for\n"
              " * every type T below (the variants asked for with --encodings):\n"
              " *   int T_uper_decode(T *out, const uint8_t *in, size_t len, asn1rt_arena *arena);\n"
              " *       strict (BASIC-PER with canonical DEFAULTs); the whole input is one\n"
              " *       T, padded to an octet with zero bits (X.691 11.1); 0 or an\n"
              " *       asn1rt_code, *out zeroed and the arena reset on failure. As for\n"
              " *       T_decode, *out is not zeroed first: an absent OPTIONAL's value, the\n"
              " *       alternatives not chosen and SEQUENCE OF items past count keep what\n"
              " *       they held (T_init clears them). Strings\n"
              " *       standing octet-aligned in the input are views into it, the others\n"
              " *       copies in arena; SEQUENCE OF without a small SIZE bound is decoded\n"
              " *       into items in arena (raw stays empty); no arena, or a full one:\n"
              " *       ASN1RT_E_ARENA_FULL. An open type (and an unknown CHOICE\n"
              " *       alternative, in u.unknown) is the view of its PER encoding: decode\n"
              " *       it with the T_?per_decode of its type. Unknown extension additions\n"
              " *       are skipped; an unknown ENUMERATED extension is ASN1RT_E_ENUM_VALUE.\n"
              " *   int T_uper_decode_ex(..., unsigned lax, asn1rt_arena *arena, asn1rt_error *err);\n"
              " *       with ASN1RT_PER_LAX_PADDING (<asn1rt/per.h>) and ASN1RT_LAX_DEFAULT;\n"
              " *       err gets the code, the BIT offset and the component path.\n"
              " *   int T_uper_encode(const T *in, uint8_t *buf, size_t cap, size_t *len);\n"
              " *       into buf[0..*len), padded to an octet; a value equal to its DEFAULT\n"
              " *       is omitted; ASN1RT_E_ARG for what has no PER form here: unknown_ext\n"
              " *       or a list holding only DER (call T_load_items first), an unknown\n"
              " *       CHOICE alternative. Open types are written as given (PER ones).\n"
              " *       An extension addition takes 3 octets of slack in buf while written.\n"
              " *   T_aper_decode, T_aper_decode_ex, T_aper_encode: the same, ALIGNED.\n"
              " */\n"
              "struct asn1rt_per_reader;  /* <asn1rt/per.h>, for the internal declarations */\n"
              "struct asn1rt_per_writer;\n", emit_out);
    (void)aligned;
}

static void uper_header_doc(void);
static void aper_header_doc(void);

static void per_decl_public(const EmitRule *self, const CNamed *cn, bool aligned)
{
    uint64_t bits;
    if (is_first(self) && max_bits(cn->ct, &bits, 0))
        P(0, "#define %s %" PRIu64 "u  /* a bound on the octets of T_uper_encode and T_aper_encode */",
          per_fn(cn, PER_MAX_OCTETS), bits ? (bits + 7) / 8 : 1);
    if (emit_size) {
        /* --size: T_?per_decode is T_?per_decode_ex without leniency or
         * error detail, inline here rather than one more function per type. */
        P(0, "ASN1RT_MUST_USE %s;", per_sig(cn, aligned ? APER_DECODE_EX : UPER_DECODE_EX));
        P(0, "ASN1RT_MUST_USE static inline %s", per_sig(cn, aligned ? APER_DECODE : UPER_DECODE));
        P(0, "{");
        P(4, "return %s(out, in, len, 0, arena, NULL);", per_fn(cn, aligned ? APER_DECODE_EX : UPER_DECODE_EX));
        P(0, "}");
    } else {
        P(0, "ASN1RT_MUST_USE %s;", per_sig(cn, aligned ? APER_DECODE : UPER_DECODE));
        P(0, "ASN1RT_MUST_USE %s;", per_sig(cn, aligned ? APER_DECODE_EX : UPER_DECODE_EX));
    }
    P(0, "ASN1RT_MUST_USE %s;", per_sig(cn, aligned ? APER_ENCODE : UPER_ENCODE));
}

static bool has_codec(const CNamed *cn)
{
    CKind k = cn->ct->kind;
    return cn->defines && (k == CK_SEQ || k == CK_SET || k == CK_CHOICE || k == CK_ENUM || k == CK_ARRAY || k == CK_LIST);
}

static void per_decl_internal(const EmitRule *self, const CNamed *cn)
{
    if (!is_first(self) || !has_codec(cn))
        return;
    P(0, "/* internal: the PER value (both variants) */");
    P(0, "%s;", per_sig(cn, PER_DEC));
    P(0, "%s;", per_sig(cn, PER_ENC));
}

static bool g_preamble_done;

static void per_file_begin(const CModule *cm)
{
    (void)cm;
    g_preamble_done = false;
}

static void per_file_preamble(void)
{
    if (g_preamble_done)
        return;
    g_preamble_done = true;
    if (emit_size)   /* constrained whole numbers through per.c's calls, not inline */
        P(0, "#define ASN1RT_PER_OUTLINE 1");
    P(0, "#include <asn1rt/per.h>");
}

static void per_codec(const EmitRule *self, CNamed *cn)
{
    if (!is_first(self))
        return;
    static const EmitKindFns fns = { emit_seq_dec, emit_seq_enc, emit_choice_dec, emit_choice_enc,
                                     emit_enum_dec, emit_enum_enc, emit_of_dec, emit_of_enc };
    g_tmp = 0;
    emit_codec_by_kind(cn, &fns);
}

static void per_entry(const EmitRule *self, CNamed *cn, bool aligned)
{
    if (is_first(self)) {
        g_tmp = 0;
        emit_shared_entry(cn);
    }
    emit_variant(cn, aligned);
}

/* The decoder of an open type selected by a sibling through a table
 * constraint (S1AP's ProtocolIE-Field value): the object whose identifier
 * the id component holds gives the type its view is decoded as
 * (emit_open_decoder, shared with OER). */
static void per_decl_open(const COpen *op, bool aligned)
{
    P(0, "ASN1RT_MUST_USE %s;", emit_open_sig(op, op->per_decode_open[aligned]));
}

static bool g_open_aligned;   /* the rule per_open_init sets up */

static void per_open_init(int ind, const char *v)
{
    P(ind, "if ((rc = asn1rt_per_reader_init(r, %s.ptr, %s.len, %s)) != 0) {", v, v, g_open_aligned ? "true" : "false");
    P(ind + 4, "memset(out, 0, sizeof *out);");
    P(ind + 4, "return rc;");
    P(ind, "}");
}

static void per_open_value(int ind, CType *ct, const char *lv)
{
    g_tmp = 0;
    dec_value(ind, ct, lv, "r", "NULL");
}

static const char *per_open_alt_fn(const COpenAlt *a)
{
    return a->per_fn[g_open_aligned];
}

static void per_open(const COpen *op, bool aligned)
{
    EmitOpenDec d = { op->per_decode_open[aligned], aligned ? "APER" : "UPER", "asn1rt_per_reader", per_open_init,
                      "asn1rt_per_reader_finish(r)", per_open_value, per_open_alt_fn };
    g_open_aligned = aligned;
    emit_open_decoder(op, &d);
}

static void uper_open(const CModule *cm, const COpen *op) { (void)cm; per_open(op, false); }
static void aper_open(const CModule *cm, const COpen *op) { (void)cm; per_open(op, true); }
static void uper_decl_open(const COpen *op) { per_decl_open(op, false); }
static void aper_decl_open(const COpen *op) { per_decl_open(op, true); }
static void per_nothing_end(void) {}
static void per_nothing_late(const CModule *cm, CNamed *cn) { (void)cm; (void)cn; }

static void uper_header_doc(void) { per_header_doc(&emit_uper, false); }
static void aper_header_doc(void) { per_header_doc(&emit_aper, true); }
static void uper_decl_public(const CNamed *cn) { per_decl_public(&emit_uper, cn, false); }
static void aper_decl_public(const CNamed *cn) { per_decl_public(&emit_aper, cn, true); }
static void uper_decl_internal(const CNamed *cn) { per_decl_internal(&emit_uper, cn); }
static void aper_decl_internal(const CNamed *cn) { per_decl_internal(&emit_aper, cn); }
static void uper_codec(const CModule *cm, CNamed *cn) { (void)cm; per_codec(&emit_uper, cn); }
static void aper_codec(const CModule *cm, CNamed *cn) { (void)cm; per_codec(&emit_aper, cn); }
static void uper_entry(const CModule *cm, CNamed *cn) { (void)cm; per_entry(&emit_uper, cn, false); }
static void aper_entry(const CModule *cm, CNamed *cn) { (void)cm; per_entry(&emit_aper, cn, true); }

const EmitRule emit_uper = {
    .enc = ENC_PER,
    .header_doc = uper_header_doc,
    .decl_public = uper_decl_public,
    .decl_internal = uper_decl_internal,
    .decl_open = uper_decl_open,
    .file_begin = per_file_begin,
    .file_preamble = per_file_preamble,
    .file_end = per_nothing_end,
    .codec = uper_codec,
    .codec_late = per_nothing_late,
    .entry = uper_entry,
    .open = uper_open,
};

const EmitRule emit_aper = {
    .enc = ENC_PER,
    .header_doc = aper_header_doc,
    .decl_public = aper_decl_public,
    .decl_internal = aper_decl_internal,
    .decl_open = aper_decl_open,
    .file_begin = per_file_begin,
    .file_preamble = per_file_preamble,
    .file_end = per_nothing_end,
    .codec = aper_codec,
    .codec_late = per_nothing_late,
    .entry = aper_entry,
    .open = aper_open,
};
