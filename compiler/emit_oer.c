/* emit_oer.c — canonical OER (X.696) functions of each type, printed into
 * the files emit_c.c writes: T_oer_decode, T_oer_decode_prefix,
 * T_oer_decode_ex, T_oer_encode and their helpers, on the runtime's
 * asn1rt/oer.h. The C structs are DER's (cmap.h): strings, bit strings,
 * big integers and open types are views into the input, since OER is
 * octet-aligned; unbounded SEQUENCE OF is decoded into typed items in the
 * caller's arena (raw, the DER view, stays empty).
 *  - decode: straight-line calls of the asn1oer_read_* functions, each
 *    failure returned through asn1g_fail() (code, offset, component path);
 *    strict COER unless a caller's ASN1RT_LAX_* flag relaxes one rule;
 *  - encode: front to back into the caller's buffer (asn1oer_writer): a
 *    preamble's bits are known from the value before anything is written;
 *    an open type's length octet is reserved and filled in after it.
 * What X.696 asks that this file does not print is refused by
 * emit_oer_supported() before anything is written, with a diagnostic at the
 * type: the output is either right or not there.
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

/* Each type's _dec_ and _enc_ are printed twice, as DER's (emit_der.c):
 * the extern calls its children's externs, one level; the static copy
 * (T_oer_dec_inl_, ASN1G_BODY: always inlined) calls its children's
 * copies, so T_oer_decode and T_oer_encode are one straight-line function
 * each, with the reader and writer in registers. Unlike DER, a child of
 * another module gets a copy in this file too (printed on demand, static,
 * so the names do not meet): IEEE 1609.2's certificate is half
 * Ieee1609Dot2BaseTypes, which would otherwise stay about ten calls. */
static bool g_deep;               /* printing a copy */
static bool g_inline_calls;       /* the function being printed calls a copy */
static const char *g_sig;         /* its signature */
static const CModule *g_cmodule;  /* the module being printed */

typedef struct Copies {
    FILE *copies, *protos;
    char *copies_buf, *protos_buf;
    size_t copies_len, protos_len;
} Copies;
static Copies g_cp;

/* The copies of other modules' types this file calls, printed by
 * oer_file_preamble once every caller is known (each may ask for more). */
typedef struct Foreign {
    const CNamed *cn;
    bool enc;
} Foreign;
static Foreign *g_foreign;
static int g_nforeign, g_foreign_cap;

static const char *oer_fn(const CNamed *cn, COerFn f) { return cn->enc_fn[ENC_OER][f]; }

static const char *oer_sig(const CNamed *cn, COerFn f)
{
    const char *T = cn->cname, *n = oer_fn(cn, f);
    switch (f) {
    case OER_DECODE: return S("int %s(%s *out, const uint8_t *in, size_t len, asn1rt_arena *arena)", n, T);
    case OER_DECODE_PREFIX:
        return S("int %s(%s *out, const uint8_t *in, size_t len, asn1rt_arena *arena, size_t *consumed)", n, T);
    case OER_DECODE_EX:
        return S("int %s(%s *out, const uint8_t *in, size_t len, unsigned lax, asn1rt_arena *arena, asn1rt_error *err)",
                 n, T);
    case OER_ENCODE: return S("int %s(const %s *in, uint8_t *buf, size_t cap, size_t *len)", n, T);
    case OER_READ: case OER_READ_INL: case OER_DEC: case OER_DEC_BODY: case OER_DEC_INL:
        return S("int %s(%s *out, asn1rt_reader *r, asn1rt_arena *arena, asn1rt_error *err)", n, T);
    case OER_WRITE: case OER_ENC: case OER_ENC_INL: return S("int %s(const %s *in, asn1oer_writer *w)", n, T);
    default: return NULL;
    }
}

static COerFn inline_copy(COerFn f)
{
    switch (f) {
    case OER_READ: return OER_READ_INL;
    case OER_DEC: return OER_DEC_INL;
    case OER_ENC: return OER_ENC_INL;
    default: return f;
    }
}

/* The head of the function being printed: its copy, or the extern (the
 * entry points' bodies are static). */
static void own_head(const CNamed *cn, COerFn f)
{
    g_sig = S("%s%s", g_deep ? "ASN1G_BODY " : f == OER_READ || f == OER_WRITE ? "static " : "",
              oer_sig(cn, g_deep ? inline_copy(f) : f));
    P(0, "%s", g_sig);
}

/* A type of another module can be copied here unless its codec reads a
 * DEFAULT's constant, which is static in that module's file. */
static bool copyable(const CNamed *cn)
{
    if (cn->home == g_cmodule)
        return true;
    for (int k = 0; k < cn->ncomps; k++)
        if (cn->comps[k]->default_decl)
            return false;
    return true;
}

/* A child's _dec_ or _enc_: in a copy, the child's copy where there is one. */
static const char *call(const CNamed *owner, COerFn f)
{
    bool copy = g_deep && copyable(owner);
    if (copy && owner->home != g_cmodule) {
        bool enc = f == OER_ENC, known = false;
        for (int i = 0; i < g_nforeign && !known; i++)
            known = g_foreign[i].cn == owner && g_foreign[i].enc == enc;
        if (!known) {
            if (g_nforeign == g_foreign_cap) {
                g_foreign_cap = g_foreign_cap ? 2 * g_foreign_cap : 16;
                g_foreign = realloc(g_foreign, sizeof *g_foreign * (size_t)g_foreign_cap);
                if (!g_foreign)
                    abort();
            }
            g_foreign[g_nforeign++] = (Foreign){ owner, enc };
        }
    }
    g_inline_calls |= copy;
    return oer_fn(owner, copy ? inline_copy(f) : f);
}

/* ---------------------------------------------------------------- what OER can print */

/* A C integer literal of cmap's (decimal, INT64_C(..), UINT64_C(..),
 * INT64_MIN/MAX, UINT64_MAX) as a number: the fixed sizes of X.696 10 are
 * decided from the bounds here. */
static bool lit_is_neg(const char *s)
{
    return strcmp(s, "INT64_MIN") == 0 || strchr(s, '-') != NULL;
}

static uint64_t lit_u(const char *s)
{
    if (strcmp(s, "UINT64_MAX") == 0) return UINT64_MAX;
    if (strcmp(s, "INT64_MAX") == 0) return (uint64_t)INT64_MAX;
    const char *p = strchr(s, '(');
    return strtoull(p ? p + 1 : s, NULL, 10);
}

static int64_t lit_i(const char *s)
{
    if (strcmp(s, "INT64_MIN") == 0) return INT64_MIN;
    if (strcmp(s, "INT64_MAX") == 0) return INT64_MAX;
    const char *p = strchr(s, '(');
    return strtoll(p ? p + 1 : s, NULL, 10);
}

/* X.696 10: 1, 2, 4 or 8 octets for a bounded INTEGER, 0 when it is
 * length-prefixed. */
static unsigned int_fixed(const CType *ct)
{
    if (!ct->int_bounded || !ct->lo || !ct->hi)
        return 0;
    if (!lit_is_neg(ct->lo)) {
        uint64_t hi = lit_u(ct->hi);
        return hi <= 0xFFu ? 1 : hi <= 0xFFFFu ? 2 : hi <= 0xFFFFFFFFu ? 4 : 8;
    }
    int64_t lo = lit_i(ct->lo), hi = lit_i(ct->hi);
    if (lo >= INT8_MIN && hi <= INT8_MAX) return 1;
    if (lo >= INT16_MIN && hi <= INT16_MAX) return 2;
    if (lo >= INT32_MIN && hi <= INT32_MAX) return 4;
    return 8;
}

/* X.696 10.2 / 10.4: the unsigned forms for a lower bound >= 0. */
static bool int_unsigned(const CType *ct)
{
    return ct->int_bounded && ct->lo && !lit_is_neg(ct->lo);
}

/* Octets per character of a known-multiplier string (X.696 26), 0 for the others. */
static unsigned str_mult(const CType *ct)
{
    switch (ct->universal) {
    case 18: case 19: case 22: case 26: return 1;  /* Numeric, Printable, IA5, Visible */
    case 30: return 2;                             /* BMPString */
    case 28: return 4;                             /* UniversalString */
    default: return 0;
    }
}

/* SIZE (n), not extensible, with no other size: X.696 13.2, 14.2, 26.2 fixed forms. */
static bool size_fixed(const CType *ct)
{
    return ct->size_lo_set && ct->size_hi_set && ct->size_lo == ct->size_hi && ct->nsize_set == 0;
}

/* SIZE (0) alone would be a fixed size cmap records as no lower bound. */
static bool size_zero_only(const CType *ct)
{
    return !ct->size_lo_set && ct->size_hi_set && ct->size_hi == 0;
}

/* The defining type a recursive reference names (its OER functions), or NULL. */
static const CNamed *rec_target(const CType *ct)
{
    const CNamed *n = ct->recursive;
    if (n && !n->defines)
        n = n->ct ? n->ct->owner : NULL;
    return n && n->enc_fn[ENC_OER][OER_DEC] ? n : NULL;
}

/* NULL when OER of a value of ct (its own kind; a structured kind's
 * components are its owner's) is printed here, else what is not. */
static const char *ct_unsupported(const CType *ct)
{
    switch (ct->kind) {
    case CK_BOOL: case CK_NULL: case CK_ENUM: case CK_OID: case CK_SEQ: case CK_SET: case CK_CHOICE:
        return NULL;
    case CK_INT: case CK_UINT:
        /* --int64 replaced the bounds by int64_t's: a lower bound >= 0 is lost. */
        return !ct->int_bounded && ct->int_nonneg ? "a semi-bounded INTEGER under --int64" : NULL;
    case CK_U128: case CK_I128: case CK_BIGINT: case CK_TIME:
        return NULL;
    case CK_OCTETS:
        if (!ct->octet_string && !ct->x690_content) return "DATE, TIME-OF-DAY, DATE-TIME or DURATION (X.696's own time forms)";
        return size_zero_only(ct) ? "SIZE (0)" : NULL;
    case CK_STRING:
        return size_zero_only(ct) ? "SIZE (0)" : NULL;
    case CK_BITS:
        if (size_zero_only(ct)) return "SIZE (0)";
        /* X.696 13.3 with X.680 22.7: trailing 0 bits go down to the lower bound only. */
        if (ct->named_bits && !size_fixed(ct) && ct->size_lo_set) return "a named-bit BIT STRING with a SIZE lower bound";
        return NULL;
    case CK_ANY:
        return ct->open_type || rec_target(ct) ? NULL : "EXTERNAL, EMBEDDED PDV, CHARACTER STRING or INSTANCE OF";
    case CK_ARRAY: case CK_LIST:
        return ct->elem ? ct_unsupported(ct->elem) : NULL;
    }
    return "this type";
}

/* The outermost tag of a CHOICE alternative (X.696 20), NULL when it has none of its own. */
static const char *alt_tag(const CType *ct)
{
    if (ct->nwraps > 0)
        return ct->wraps[0];
    return strcmp(ct->vtag, "0") == 0 ? NULL : ct->vtag;
}

/* An untagged CHOICE alternative (X.696 20.1): its tag is the tag of the
 * alternative chosen inside it, which its own encoding starts with. */
static bool untagged_choice(const CType *ct)
{
    return ct->kind == CK_CHOICE && ct->nwraps == 0 && strcmp(ct->vtag, "0") == 0 && ct->nfirst > 0 && !ct->any_first;
}

/* A CHOICE alternative OER cannot tell from the others. */
static const char *comp_unsupported(const CNamed *cn, const CComp *cc)
{
    if (cn->ct->kind == CK_CHOICE && !alt_tag(cc->ct) && !untagged_choice(cc->ct))
        /* X.680 forbids it (an open type has no tag of its own); kept as a guard. */
        return "an untagged open type alternative";
    return NULL;
}

bool emit_oer_supported(const CMap *map)
{
    return emit_check_types(map, "OER", ct_unsupported, comp_unsupported);
}

/* ---------------------------------------------------------------- decode */

static void try_dec(int ind, const char *call, const char *rd, const char *nm)
{
    emit_try(ind, call, rd, "err_offset", nm);
}

/* A runtime function out of line, fn(reader rest), called on a copy of
 * the reader rd: the reader's address never leaves the decoder, so a
 * flattened one keeps the cursor in a register (oer.h, "Out-of-line
 * halves"). rest is the arguments after the reader, each with its comma. */
static void try_dec_cold(int ind, const char *fn, const char *rest, const char *rd, const char *nm)
{
    int id = ++g_tmp;
    const char *obj = rd[0] == '&' ? rd + 1 : S("*%s", rd);
    emit_rc_used = true;
    P(ind, "{");
    P(ind + 4, "asn1rt_reader c%d = %s;", id, obj);
    P(ind + 4, "rc = %s(&c%d%s);", fn, id, rest);
    P(ind + 4, "asn1oer_i_copy_back(%s, &c%d);", rd, id);
    P(ind + 4, "if (ASN1G_UNLIKELY(rc != 0))");
    emit_fail_line(ind + 8, "rc", S("c%d.err_offset", id), nm);
    P(ind, "}");
}

static void size_check_dec(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *off = S("(size_t)((%s).ptr - %s)", lv, emit_rfield(rd, "base"));
    if (ct->kind == CK_STRING && ct->universal == 12 /* UTF8String */ && ct->size_hi_set &&
        !(ct->size_lo_set && ct->size_lo > 0) && ct->nsize_set == 0) {
        /* A UTF8String has no more characters than octets: with only an
         * upper bound, they are counted only when the octets exceed it. */
        P(ind, "if (ASN1G_UNLIKELY((%s).len > %lluu && %s > %lluu))", lv, (unsigned long long)ct->size_hi,
          emit_size_measure(ct, lv), (unsigned long long)ct->size_hi);
        emit_fail_line(ind + 4, "ASN1RT_E_SIZE_CONSTRAINT", off, nm);
        return;
    }
    emit_size_check(ind, ct, lv, off, nm);
}

/* A recursive reference is a view of its OER encoding, as in DER of its
 * TLV. OER does not delimit a value, so its extent is found by decoding it
 * into a temporary (the view is validated too); the arena it used is given
 * back, and the nesting counts against the reader's depth limit. */
static void dec_recursive(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const CNamed *t = rec_target(ct);
    emit_rc_used = true;
    P(ind, "{");
    P(ind + 4, "const uint8_t *s = %s;", emit_rfield(rd, "cur"));
    P(ind + 4, "size_t mark = arena ? asn1rt_arena_mark(arena) : 0;");
    P(ind + 4, "%s tmp;", t->cname);
    P(ind + 4, "if (ASN1G_UNLIKELY(%s >= %s))", emit_rfield(rd, "depth"), emit_rfield(rd, "max_depth"));
    emit_fail_line(ind + 8, "ASN1RT_E_DEPTH", S("(size_t)(s - %s)", emit_rfield(rd, "base")), nm);
    {
        /* On a copy, as try_dec_cold: the extern call is out of line. */
        int id = ++g_tmp;
        const char *obj = rd[0] == '&' ? rd + 1 : S("*%s", rd);
        P(ind + 4, "{");
        P(ind + 8, "asn1rt_reader c%d = %s;", id, obj);
        P(ind + 8, "c%d.depth++;", id);
        P(ind + 8, "rc = %s(&tmp, &c%d, arena, err);", oer_fn(t, OER_DEC), id);
        P(ind + 8, "c%d.depth--;", id);
        P(ind + 8, "asn1oer_i_copy_back(%s, &c%d);", rd, id);
        P(ind + 4, "}");
    }
    P(ind + 4, "if (ASN1G_UNLIKELY(rc != 0))");
    emit_fail_line(ind + 8, "rc", "0", nm);
    P(ind + 4, "if (arena != NULL)");
    P(ind + 8, "asn1rt_arena_reset(arena, mark);");
    P(ind + 4, "%s = (asn1rt_view){ s, (size_t)(%s - s) };", lv, emit_rfield(rd, "cur"));
    P(ind, "}");
}

/* ENUMERATED (X.696 11) of the defining type en into lv: read at the
 * use site, as a call per enumeration costs more than the read itself.
 * Unknown values of an extensible type are kept, as far as the C enum
 * holds them; otherwise the value must be one of the list. */
static void dec_enum(int ind, const CNamed *en, const char *lv, const char *rd, const char *nm)
{
    P(ind, "{");
    P(ind + 4, "const uint8_t *s = %s;", emit_rfield(rd, "cur"));
    P(ind + 4, "int64_t v;");
    try_dec(ind + 4, S("asn1oer_read_enum(%s, &v)", rd), rd, nm);
    if (en->extensible) {
        P(ind + 4, "if (ASN1G_UNLIKELY(v < INT32_MIN || v > INT32_MAX)) {");
    } else {
        const char *cond = NULL;
        for (int i = 0; i < en->nitems; i++)
            cond = cond ? S("%s && v != %s", cond, en->items[i].number) : S("v != %s", en->items[i].number);
        P(ind + 4, "if (ASN1G_UNLIKELY(%s)) {", cond ? cond : "true");
    }
    P(ind + 8, "%s = s;", emit_rfield(rd, "cur"));
    emit_fail_line(ind + 8, en->extensible ? "ASN1RT_E_INTEGER_RANGE" : "ASN1RT_E_ENUM_VALUE",
                   S("(size_t)(s - %s)", emit_rfield(rd, "base")), nm);
    P(ind + 4, "}");
    P(ind + 4, "%s = (%s)v;", lv, en->cname);
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
    P(ind, "{");
    P(ind + 4, "const size_t at_single = (size_t)(%s - %s);", emit_rfield(rd, "cur"), emit_rfield(rd, "base"));
    dec_value_own(ind + 4, ct, lv, rd, nm);
    P(ind + 4, "if (ASN1G_UNLIKELY(%s))", single);
    emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", "at_single", nm);
    P(ind, "}");
}

/* One value of ct (explicit tags have no octets in OER). */
static void dec_value_own(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    unsigned fx;
    switch (ct->kind) {
    case CK_BOOL:
        try_dec(ind, S("asn1oer_read_bool(%s, %s)", rd, emit_addr(lv)), rd, nm);
        break;
    case CK_NULL:
        break;
    case CK_INT: case CK_UINT: {
        bool uns = int_unsigned(ct);
        const char *lo = ct->int_bounded ? ct->lo : "INT64_MIN", *hi = ct->int_bounded ? ct->hi : "INT64_MAX";
        const char *hole = emit_set_violation(ct, "v");
        fx = int_fixed(ct);
        P(ind, "{");
        P(ind + 4, "%s v;", uns ? "uint64_t" : "int64_t");
        if (hole)
            P(ind + 4, "const uint8_t *s = %s;", emit_rfield(rd, "cur"));
        if (fx)
            try_dec(ind + 4, S("asn1oer_read_fixed_%s(%s, %u, %s, %s, &v)", uns ? "uint" : "int", rd, fx, lo, hi), rd, nm);
        else
            try_dec(ind + 4, S("asn1oer_read_%s(%s, %s, %s, &v)", uns ? "uint" : "int", rd, lo, hi), rd, nm);
        if (hole) {
            /* X.680 50: inside the range, in a hole of the exact set. */
            P(ind + 4, "if (ASN1G_UNLIKELY(%s))", hole);
            emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", S("(size_t)(s - %s)", emit_rfield(rd, "base")), nm);
        }
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
        P(ind, "}");
        break;
    }
    case CK_BIGINT:
        if (!ct->int_nonneg) {
            try_dec(ind, S("asn1oer_read_bigint(%s, %s)", rd, emit_addr(lv)), rd, nm);
            break;
        }
        /* X.696 10.4: unsigned on the wire. The C value is two's complement:
         * a value whose first octet has bit 8 set gets a 0x00 in front,
         * which makes it a copy in the arena. */
        P(ind, "{");
        P(ind + 4, "asn1rt_view u;");
        try_dec(ind + 4, S("asn1oer_read_biguint(%s, &u)", rd), rd, nm);
        P(ind + 4, "if (ASN1G_UNLIKELY((u.ptr[0] & 0x80u) != 0)) {");
        P(ind + 8, "void *p;");
        P(ind + 8, "if (arena == NULL)");
        emit_fail_line(ind + 12, "ASN1RT_E_ARENA_FULL", S("(size_t)(u.ptr - %s)", emit_rfield(rd, "base")), nm);
        P(ind + 8, "if ((rc = asn1rt_arena_alloc(arena, u.len + 1, 1, &p)) != 0)");
        emit_fail_line(ind + 12, "rc", S("(size_t)(u.ptr - %s)", emit_rfield(rd, "base")), nm);
        P(ind + 8, "((uint8_t *)p)[0] = 0;");
        P(ind + 8, "memcpy((uint8_t *)p + 1, u.ptr, u.len);");
        P(ind + 8, "u.ptr = p;");
        P(ind + 8, "u.len++;");
        P(ind + 4, "}");
        P(ind + 4, "%s = u;", lv);
        P(ind, "}");
        emit_rc_used = true;
        break;
    case CK_U128:
        if (!ct->int_nonneg) {
            /* An extensible range: X.696 10 takes the signed form. */
            P(ind, "{");
            P(ind + 4, "asn1rt_i128 t;");
            P(ind + 4, "const uint8_t *s = %s;", emit_rfield(rd, "cur"));
            try_dec_cold(ind + 4, "asn1oer_read_i128", ", &t", rd, nm);
            P(ind + 4, "if (ASN1G_UNLIKELY(t.hi < 0))");
            emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", S("(size_t)(s - %s)", emit_rfield(rd, "base")), nm);
            P(ind + 4, "%s.hi = (uint64_t)t.hi;", emit_par(lv));
            P(ind + 4, "%s.lo = t.lo;", emit_par(lv));
            P(ind, "}");
            break;
        }
        try_dec_cold(ind, "asn1oer_read_u128", S(", %s", emit_addr(lv)), rd, nm);
        break;
    case CK_I128:
        try_dec_cold(ind, "asn1oer_read_i128", S(", %s", emit_addr(lv)), rd, nm);
        break;
    case CK_TIME:
        try_dec_cold(ind, "asn1oer_read_time", S(", %s, %s", ct->universal_name, emit_addr(lv)), rd, nm);
        break;
    case CK_OCTETS: case CK_STRING: {
        /* CK_OCTETS also holds REAL, RELATIVE-OID, TIME and the IRIs: a
         * length and X.690's content octets (X.696 12, 22, ...). */
        unsigned mult = ct->kind == CK_OCTETS ? 1 : str_mult(ct);
        bool fixed = size_fixed(ct) && mult > 0;
        if (fixed && ct->kind == CK_OCTETS)
            try_dec(ind, S("asn1oer_read_fixed_octets(%s, %" PRIu64 ", %s)", rd, ct->size_lo, emit_addr(lv)), rd, nm);
        else if (fixed)
            try_dec_cold(ind, "asn1oer_read_fixed_string",
                         S(", %s, %" PRIu64 ", %s", ct->universal_name, ct->size_lo * mult, emit_addr(lv)), rd, nm);
        else if (ct->kind == CK_OCTETS || ct->universal == 7)
            try_dec(ind, S("asn1oer_read_octets(%s, %s)", rd, emit_addr(lv)), rd, nm);
        else
            try_dec(ind, S("asn1oer_read_string(%s, %s, %s)", rd, ct->universal_name, emit_addr(lv)), rd, nm);
        if (!fixed || ct->kind == CK_STRING)
            size_check_dec(ind, ct, lv, rd, nm);
        break;
    }
    case CK_BITS:
        if (size_fixed(ct)) {
            try_dec_cold(ind, "asn1oer_read_fixed_bits", S(", %" PRIu64 ", %s", ct->size_lo, emit_addr(lv)), rd, nm);
            break;
        }
        try_dec_cold(ind, "asn1oer_read_bits", S(", %s", emit_addr(lv)), rd, nm);
        size_check_dec(ind, ct, lv, rd, nm);
        if (ct->named_bits) {
            /* X.680 22.7: the canonical value of a named-bit list has no trailing 0 bits. */
            P(ind, "if (ASN1G_UNLIKELY((%s).len > 0 && ((%s).ptr[(%s).len - 1] & (1u << (%s).unused)) == 0))",
              lv, lv, lv, lv);
            emit_fail_line(ind + 4, "ASN1RT_E_BITSTRING_TRAILING_ZERO", S("(size_t)((%s).ptr - %s)", lv, emit_rfield(rd, "base")),
                      nm);
        }
        break;
    case CK_OID:
        try_dec_cold(ind, "asn1oer_read_oid", S(", %s", emit_addr(lv)), rd, nm);
        break;
    case CK_ANY:
        if (ct->open_type) {
            try_dec(ind, S("asn1oer_read_open(%s, %s)", rd, emit_addr(lv)), rd, nm);
            break;
        }
        dec_recursive(ind, ct, lv, rd, nm);
        break;
    case CK_ENUM:
        dec_enum(ind, ct->owner, lv, rd, nm);
        break;
    default:
        emit_rc_used = true;
        P(ind, "if (ASN1G_UNLIKELY((rc = %s(%s, %s, arena, err)) != 0))", call(ct->owner, OER_DEC), emit_addr(lv), rd);
        emit_fail_line(ind + 4, "rc", "0", nm);
        break;
    }
}

/* An extension addition or alternative: the value inside an open type (X.696 16.5, 20.2). */
static void dec_open_wrapped(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    int id = ++g_tmp;
    P(ind, "{");
    P(ind + 4, "asn1rt_reader x%d;", id);
    try_dec(ind + 4, S("asn1oer_i_enter_open(%s, &x%d)", rd, id), rd, nm);
    dec_value(ind + 4, ct, lv, S("&x%d", id), nm);
    try_dec(ind + 4, S("asn1oer_i_expect_end(&x%d)", id), S("&x%d", id), nm);
    P(ind, "}");
}

/* ---------------------------------------------------------------- encode */

/* A call of an out-of-line writer fn(w, args). In a copy, on a copy of
 * the writer (ASN1OER_TRY_ON_COPY), so that the flattened encoder's own
 * writer stays in registers. */
static void enc_slow(int ind, const char *fn, const char *args)
{
    if (g_deep)
        P(ind, "ASN1OER_TRY_ON_COPY(w, %s, %s);", fn, args);
    else
        P(ind, "ASN1G_TRY(%s(w, %s));", fn, args);
}

/* ---------------------------------------------------------------- fixed-width runs (encode) */

/* A run: consecutive values whose OER is a fixed number of octets (X.696
 * 10 fixed-size integers, 11 BOOLEAN, 12 an ENUMERATED value's short
 * form, 13 SIZE (n) OCTET STRING, a SEQUENCE of only those). When every
 * field's condition holds and the run fits, it is written with one room
 * check, its integers packed into 8-octet big-endian stores; otherwise
 * the field-by-field code runs, so a bad value or a short buffer gives
 * the code it always gave. */
enum { ORUN_MAX_FIELDS = 64, ORUN_MAX_OCTETS = 4096 };
typedef struct OerRunField {
    const char *val;         /* integer: its octets as a uint64_t; bytes: their address */
    const char *cond;        /* when the field may be written so, or NULL */
    unsigned octets;
    bool bytes;
} OerRunField;
typedef struct OerRun {
    OerRunField f[ORUN_MAX_FIELDS];
    int n;
    unsigned octets;
} OerRun;

static bool g_in_fallback;        /* printing a run's field-by-field copy */

static bool orun_add(OerRun *run, const char *val, const char *cond, unsigned octets, bool bytes)
{
    if (run->n == ORUN_MAX_FIELDS || run->octets + octets > ORUN_MAX_OCTETS)
        return false;
    run->f[run->n++] = (OerRunField){ val, cond, octets, bytes };
    run->octets += octets;
    return true;
}

static const char *and_cond(const char *a, const char *b) { return !a ? b : !b ? a : S("%s && %s", a, b); }

/* Appends rv of ct to run; false (the run is unusable) when its OER is not
 * of fixed width or does not fit. */
static bool orun_value(OerRun *run, CType *ct, const char *rv, int depth)
{
    const char *single = emit_single_violation(ct, rv);
    const char *cond = single ? S("!(%s)", single) : NULL;
    if (depth > 8)
        return false;
    switch (ct->kind) {
    case CK_NULL:
        return orun_add(run, NULL, cond, 0, false);
    case CK_BOOL:
        return orun_add(run, S("(uint64_t)((%s) ? 0xFFu : 0u)", rv), cond, 1, false);
    case CK_INT: case CK_UINT: {
        unsigned fx = int_fixed(ct);
        const char *viol = emit_range_violation(ct, rv);
        if (fx == 0)
            return false;
        if (viol)
            cond = and_cond(cond, S("!(%s)", viol));
        if (int_unsigned(ct)) {
            /* asn1oer_put_fixed_uint's own test, which the range implies */
            if (fx < 8)
                cond = and_cond(cond, S("((uint64_t)%s >> %u) == 0", emit_par(rv), 8 * fx));
            return orun_add(run, S("(uint64_t)%s", emit_par(rv)), cond, fx, false);
        }
        if (fx == 8)
            return orun_add(run, S("(uint64_t)(int64_t)%s", emit_par(rv)), cond, fx, false);
        int64_t lim = (int64_t)1 << (8 * fx - 1);
        cond = and_cond(cond, S("(int64_t)%s >= -%" PRId64 " && (int64_t)%s <= %" PRId64, emit_par(rv), lim, emit_par(rv),
                                lim - 1));
        return orun_add(run, S("((uint64_t)(int64_t)%s & 0x%" PRIx64 "u)", emit_par(rv), ((uint64_t)1 << (8 * fx)) - 1),
                        cond, fx, false);
    }
    case CK_ENUM: {
        /* Extensible: any value below 128 is written as is (no list check,
         * as enc_value); else a dense root. Through int32_t as enc_value. */
        const CNamed *en = ct->owner;
        int n = en->extensible ? 128 : en->root_dense <= 128 ? en->root_dense : 0;   /* short form: below 128 */
        if (n == 0)
            return false;
        const char *v = S("(uint64_t)(int64_t)(int32_t)%s", emit_par(rv));
        return orun_add(run, v, and_cond(cond, S("%s < %du", v, n)), 1, false);
    }
    case CK_OCTETS:
        if (!ct->octet_string || !size_fixed(ct) || ct->size_lo == 0 || ct->size_lo > ORUN_MAX_OCTETS)
            return false;
        /* a NULL ptr takes the field-by-field path's ASN1RT_E_ARG */
        return orun_add(run, emit_dot(rv, "ptr"),
                        and_cond(cond, S("%s == %" PRIu64 "u && %s != NULL", emit_dot(rv, "len"), ct->size_lo,
                                         emit_dot(rv, "ptr"))),
                        (unsigned)ct->size_lo, true);
    case CK_SEQ: case CK_SET: {
        CNamed *cn = ct->owner;
        if (cn == NULL || cn->extensible || ct->npresence > 0)
            return false;
        CComp **root = malloc(sizeof *root * (size_t)(cn->ncomps + 1));
        int nroot = emit_root_comps(cn, root);
        bool ok = nroot == cn->ncomps;
        if (ok && cond)
            ok = orun_add(run, NULL, cond, 0, false);
        for (int k = 0; ok && k < nroot; k++)
            ok = !root[k]->optional && !root[k]->has_default &&
                 orun_value(run, root[k]->ct, emit_dot(rv, root[k]->name), depth + 1);
        free(root);
        return ok;
    }
    default:
        return false;
    }
}

static int orun_writes(const OerRun *run)
{
    int n = 0;
    for (int k = 0; k < run->n; k++)
        n += run->f[k].octets > 0;
    return n;
}

/* The octets a group of fields i..*j-1 (at most 8, no bytes field) of a
 * run takes from field i on. */
static unsigned orun_group(const OerRun *run, int i, int *j)
{
    unsigned g = 0;
    for (*j = i; *j < run->n && !run->f[*j].bytes && g + run->f[*j].octets <= 8; ++*j)
        g += run->f[*j].octets;
    return g;
}

/* Prints "if (the run may be written whole) {", its stores, "} else {"; the
 * caller prints the field-by-field copy and the closing brace. The stores
 * go from the run's start up, each group of integers packed into one
 * 8-octet store (or an exact 1, 2 or 4): the extra octets of a group
 * shorter than 8 land on the fields after it, whose own stores overwrite
 * them, or, at the run's end, past it, where the room check asks for them
 * too (a buffer with less room left takes the field-by-field copy, which
 * writes the same octets). */
static void orun_emit_fast(int ind, const OerRun *run)
{
    int id = ++g_tmp;
    unsigned off[ORUN_MAX_FIELDS + 1], room = run->octets;
    const char *c = NULL;
    bool ints = false;
    off[0] = 0;
    for (int k = 0; k < run->n; k++) {
        off[k + 1] = off[k] + run->f[k].octets;
        ints |= !run->f[k].bytes && run->f[k].octets > 0;
        if (run->f[k].cond)
            c = c ? S("%s\n%*s&& %s", c, ind + 4, "", run->f[k].cond) : run->f[k].cond;
    }
    for (int i = 0, j; i < run->n; i = j) {
        if (run->f[i].bytes || run->f[i].octets == 0) {
            j = i + 1;
            continue;
        }
        unsigned g = orun_group(run, i, &j);
        if (g != 1 && g != 2 && g != 4 && off[i] + 8 > room)
            room = off[i] + 8;
    }
    const char *rc = S("asn1oer_i_room(w->pos, w->end, %u)", room);
    c = c ? S("%s\n%*s&& %s", c, ind + 4, "", rc) : rc;
    P(ind, "if (ASN1G_LIKELY(%s)) {", c);
    P(ind + 4, "uint8_t *s%d = w->pos;", id);
    if (ints)
        P(ind + 4, "uint64_t a%d;", id);
    for (int i = 0, j; i < run->n; i = j) {
        const OerRunField *f = &run->f[i];
        const char *at = off[i] ? S("s%d + %u", id, off[i]) : S("s%d", id);
        j = i + 1;
        if (f->octets == 0)
            continue;
        if (f->bytes) {
            P(ind + 4, "memcpy(%s, %s, %u);", at, f->val, f->octets);
            continue;
        }
        unsigned g = orun_group(run, i, &j);
        bool first = true;
        for (int m = i; m < j; m++) {
            if (run->f[m].octets == 0)
                continue;
            if (first)
                P(ind + 4, "a%d = %s;", id, run->f[m].val);
            else
                P(ind + 4, "a%d = (a%d << %u) | %s;", id, id, 8 * run->f[m].octets, run->f[m].val);
            first = false;
        }
        if (g == 1 || g == 2 || g == 4 || g == 8)
            P(ind + 4, "asn1oer_i_put_fixed(%s, %u, a%d);", at, g, id);
        else
            P(ind + 4, "asn1oer_i_put_fixed(%s, 8, a%d << %u);", at, id, 64 - 8 * g);
    }
    P(ind + 4, "w->pos = s%d + %u;", id, run->octets);
    P(ind, "} else {");
}

static void enc_value_fields(int ind, CType *ct, const char *rv);

/* A SEQUENCE value made of fixed-width fields is a run of its own. */
static void enc_value(int ind, CType *ct, const char *rv)
{
    OerRun *run = malloc(sizeof *run);
    run->n = 0;
    run->octets = 0;
    if (!emit_size && !g_in_fallback && (ct->kind == CK_SEQ || ct->kind == CK_SET) && orun_value(run, ct, rv, 0) &&
        orun_writes(run) >= 2) {
        orun_emit_fast(ind, run);
        g_in_fallback = true;
        enc_value_fields(ind + 4, ct, rv);
        g_in_fallback = false;
        P(ind, "}");
    } else {
        enc_value_fields(ind, ct, rv);
    }
    free(run);
}

static void enc_value_fields(int ind, CType *ct, const char *rv)
{
    const char *viol = emit_single_violation(ct, rv);
    unsigned fx;
    if (viol) {              /* X.680 51.2, as DER's enc_plain */
        P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
    }
    switch (ct->kind) {
    case CK_BOOL: P(ind, "ASN1G_TRY(asn1oer_put_bool(w, %s));", rv); break;
    case CK_NULL: break;
    case CK_INT: case CK_UINT: {
        bool uns = int_unsigned(ct);
        viol = emit_range_violation(ct, rv);  /* the exact set's holes included */
        if (viol) {
            P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        fx = int_fixed(ct);
        if (fx)
            P(ind, "ASN1G_TRY(asn1oer_put_fixed_%s(w, %u, (%s)(%s)));", uns ? "uint" : "int", fx,
              uns ? "uint64_t" : "int64_t", rv);
        else
            P(ind, "ASN1G_TRY(asn1oer_put_%s(w, (%s)(%s)));", uns ? "uint" : "int", uns ? "uint64_t" : "int64_t", rv);
        break;
    }
    case CK_BIGINT:
        if (!ct->int_nonneg) {
            P(ind, "ASN1G_TRY(asn1oer_put_bigint(w, %s));", emit_addr(rv));
            break;
        }
        /* The unsigned form of a non-negative two's complement value: its
         * leading 0x00 (there when bit 8 of the next octet is set) dropped. */
        P(ind, "{");
        P(ind + 4, "asn1rt_view u = %s;", rv);
        P(ind + 4, "if (ASN1G_UNLIKELY(u.len > 0 && (u.ptr[0] & 0x80u) != 0))");
        P(ind + 8, "return ASN1RT_E_VALUE_CONSTRAINT;");
        P(ind + 4, "if (u.len > 1 && u.ptr[0] == 0 && (u.ptr[1] & 0x80u) != 0) {");
        P(ind + 8, "u.ptr++;");
        P(ind + 8, "u.len--;");
        P(ind + 4, "}");
        P(ind + 4, "ASN1G_TRY(asn1oer_put_biguint(w, &u));");
        P(ind, "}");
        break;
    case CK_U128:
        if (ct->int_nonneg) {
            enc_slow(ind, "asn1oer_put_u128", rv);
            break;
        }
        P(ind, "if (ASN1G_UNLIKELY((%s).hi > (uint64_t)INT64_MAX))", rv);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        enc_slow(ind, "asn1oer_put_i128", S("(asn1rt_i128){ (int64_t)(%s).hi, (%s).lo }", rv, rv));
        break;
    case CK_I128: enc_slow(ind, "asn1oer_put_i128", rv); break;
    case CK_OCTETS: case CK_STRING: case CK_BITS: case CK_OID: case CK_TIME: {
        unsigned mult = ct->kind == CK_STRING ? str_mult(ct) : 1;
        bool fixed = ct->kind != CK_OID && ct->kind != CK_TIME && size_fixed(ct) && mult > 0;
        viol = ct->kind == CK_OID || ct->kind == CK_TIME ? NULL : emit_size_violation(ct, "n");
        if (viol && !(fixed && ct->kind == CK_BITS)) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", emit_size_measure(ct, rv));
            P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(ind, "}");
        }
        if (ct->kind == CK_BITS) {
            if (fixed)
                enc_slow(ind, "asn1oer_put_fixed_bits", S("%s, %" PRIu64, emit_addr(rv), ct->size_lo));
            else if (ct->named_bits) {
                P(ind, "{");
                P(ind + 4, "asn1rt_bits t = asn1g_bits_trim(%s);  /* X.680 22.7 */", emit_addr(rv));
                enc_slow(ind + 4, "asn1oer_put_bits", "&t");
                P(ind, "}");
            } else
                enc_slow(ind, "asn1oer_put_bits", emit_addr(rv));
        } else if (fixed) {
            /* The octets alone: their number is the type's. */
            P(ind, "if (ASN1G_UNLIKELY((%s).len != %" PRIu64 "))", rv, ct->size_lo * mult);
            P(ind + 4, "return ASN1RT_E_SIZE_CONSTRAINT;");
            /* A constant count: the copy is a few moves, not a memcpy call. */
            P(ind, "ASN1G_TRY(asn1oer_put_fixed_octets(w, (%s).ptr, %" PRIu64 "));", rv, ct->size_lo * mult);
        } else {
            P(ind, "ASN1G_TRY(asn1oer_put_octets(w, (%s).ptr, (%s).len));", rv, rv);
        }
        break;
    }
    case CK_ANY:
        if (ct->open_type)
            P(ind, "ASN1G_TRY(asn1oer_put_octets(w, (%s).ptr, (%s).len));", rv, rv);
        else  /* a recursive reference: its OER encoding, as decoded */
            P(ind, "ASN1G_TRY(asn1oer_put_fixed_octets(w, (%s).ptr, (%s).len));", rv, rv);
        break;
    case CK_ENUM:
        /* As T_oer_enc_ does, without the call. */
        if (!ct->owner->extensible)
            P(ind, "ASN1G_TRY(%s(%s));", ct->owner->fn[FN_CHECK], emit_addr(rv));
        /* Through int32_t: a C enum with no negative enumerator may be
         * unsigned, and a negative unknown value kept in it would
         * otherwise be written as a large positive one. */
        P(ind, "ASN1G_TRY(asn1oer_put_enum(w, (int64_t)(int32_t)(%s)));", rv);
        break;
    default:
        if (g_deep && !copyable(ct->owner)) {
            /* An extern, on a copy of the writer (enc_slow). */
            int id = ++g_tmp;
            P(ind, "{");
            P(ind + 4, "asn1oer_writer wc%d = *w;", id);
            P(ind + 4, "ASN1G_TRY(%s(%s, &wc%d));", call(ct->owner, OER_ENC), emit_addr(rv), id);
            P(ind + 4, "*w = wc%d;", id);
            P(ind, "}");
        } else {
            P(ind, "ASN1G_TRY(%s(%s, w));", call(ct->owner, OER_ENC), emit_addr(rv));
        }
        break;
    }
}

static void enc_open_wrapped(int ind, CType *ct, const char *rv)
{
    int id = ++g_tmp;
    P(ind, "{");
    P(ind + 4, "uint8_t *m%d;", id);
    P(ind + 4, "ASN1G_TRY(asn1oer_open_begin(w, &m%d));", id);
    enc_value(ind + 4, ct, rv);
    P(ind + 4, "ASN1G_TRY(asn1oer_open_end(w, m%d));", id);
    P(ind, "}");
}

/* Extension additions (X.696 16.4, 16.5): slot e of the presence bitmap is
 * one addition, or one group [[ ]] whose components are encoded as a
 * SEQUENCE (a preamble for its OPTIONAL and DEFAULT ones, no extension
 * bit) inside the open type (emit_slot_comps). */

/* One component inside a group's SEQUENCE, read from rd (preamble gp). */
static void dec_group_comp(int ind, CComp *cc, const char *rd, int *bit)
{
    const char *lv = emit_member(cc, "out->"), *nm = emit_qname(cc->asn1);
    if (cc->has_default) {
        P(ind, "if (asn1oer_bit(gp, %d)) {", (*bit)++);
        P(ind + 4, "const uint8_t *s = %s;", emit_rfield(rd, "cur"));
        dec_value(ind + 4, cc->ct, lv, rd, nm);
        P(ind + 4, "if (ASN1G_UNLIKELY((%s) && !(r->lax & ASN1RT_LAX_DEFAULT)))", emit_eq(cc->ct, lv, cc->default_expr));
        emit_fail_line(ind + 8, "ASN1RT_E_DEFAULT_ENCODED", S("(size_t)(s - %s)", emit_rfield(rd, "base")), nm);
        P(ind, "}");
        return;
    }
    if (cc->group_optional) {
        P(ind, "out->%s = asn1oer_bit(gp, %d);", cc->present, (*bit)++);
        P(ind, "if (out->%s) {", cc->present);
        dec_value(ind + 4, cc->ct, lv, rd, nm);
        P(ind, "}");
        return;
    }
    P(ind, "out->%s = true;", cc->present);
    dec_value(ind, cc->ct, lv, rd, nm);
}

static void dec_ext_slot(int ind, CNamed *cn, int e)
{
    CComp **cs = malloc(sizeof *cs * (size_t)(cn->ncomps + 1));
    int n = emit_slot_comps(cn, e, cs);
    CComp *cc = cs[0];
    if (!cc->ext_group) {
        const char *lv = emit_member(cc, "out->"), *nm = emit_qname(cc->asn1);
        if (cc->has_default) {
            P(ind, "{");
            P(ind + 4, "const uint8_t *s = r->cur;");
            dec_open_wrapped(ind + 4, cc->ct, lv, "r", nm);
            /* X.696 16.3 (COER) holds for additions too. */
            P(ind + 4, "if (ASN1G_UNLIKELY((%s) && !(r->lax & ASN1RT_LAX_DEFAULT)))", emit_eq(cc->ct, lv, cc->default_expr));
            emit_fail_line(ind + 8, "ASN1RT_E_DEFAULT_ENCODED", "(size_t)(s - r->base)", nm);
            P(ind, "}");
        } else {
            P(ind, "out->%s = true;", cc->present);
            dec_open_wrapped(ind, cc->ct, lv, "r", nm);
        }
        free(cs);
        return;
    }
    int nopt = 0, bit = 0, id = ++g_tmp;
    for (int i = 0; i < n; i++)
        nopt += cs[i]->group_optional;
    const char *x = S("&x%d", id);
    P(ind, "{");
    P(ind + 4, "asn1rt_reader x%d;", id);
    if (nopt)
        P(ind + 4, "const uint8_t *gp;");
    try_dec(ind + 4, S("asn1oer_i_enter_open(r, %s)", x), "r", "NULL");
    if (nopt)
        try_dec(ind + 4, S("asn1oer_read_preamble(%s, %d, &gp)", x, nopt), x, "NULL");
    for (int i = 0; i < n; i++)
        dec_group_comp(ind + 4, cs[i], x, &bit);
    try_dec(ind + 4, S("asn1oer_i_expect_end(%s)", x), x, "NULL");
    P(ind, "}");
    free(cs);
}

/* Whether the value holds component c, an encoder's test: its presence
 * flag, or, with a DEFAULT, a value other than the default. */
static const char *comp_given(const CComp *c)
{
    if (c->has_default)
        return S("!(%s)", emit_eq(c->ct, emit_member(c, "in->"), c->default_expr));
    return S("in->%s", c->present);
}

/* Whether slot e of the presence bitmap is present: its addition, or any
 * component of its group. */
static const char *ext_slot_present(CNamed *cn, int e)
{
    CComp **cs = malloc(sizeof *cs * (size_t)(cn->ncomps + 1));
    int n = emit_slot_comps(cn, e, cs);
    const char *cond = NULL;
    for (int i = 0; i < n; i++) {
        const char *c = comp_given(cs[i]);
        cond = cond ? S("%s || %s", cond, c) : c;
        if (!cs[0]->ext_group)
            break;
    }
    free(cs);
    return cond ? cond : "false";
}

/* Slot e's open type, its bit in bm set (ext_slot_present). */
static void enc_ext_slot(int ind, CNamed *cn, int e)
{
    CComp **cs = malloc(sizeof *cs * (size_t)(cn->ncomps + 1));
    int n = emit_slot_comps(cn, e, cs);
    CComp *cc = cs[0];
    P(ind, "if (asn1oer_bit(bm, %d)) {", e);
    if (!cc->ext_group) {
        enc_open_wrapped(ind + 4, cc->ct, emit_member(cc, "in->"));
    } else {
        /* The group's SEQUENCE: its preamble first, as emit_seq_enc. */
        int nopt = 0, id = ++g_tmp, bit = 0;
        for (int i = 0; i < n; i++)
            nopt += cs[i]->group_optional;
        P(ind + 4, "uint8_t *m%d;", id);
        if (nopt)
            P(ind + 4, "uint8_t gp[%d] = {0};", (nopt + 7) / 8);
        for (int i = 0; i < n; i++) {
            if (cs[i]->has_default || cs[i]->group_optional) {
                P(ind + 4, "if (%s)", comp_given(cs[i]));
                P(ind + 8, "asn1oer_set_bit(gp, %d);", bit++);
            }
        }
        P(ind + 4, "ASN1G_TRY(asn1oer_open_begin(w, &m%d));", id);
        if (nopt)
            P(ind + 4, "ASN1G_TRY(asn1oer_put_preamble(w, gp, %d));", nopt);
        bit = 0;
        for (int i = 0; i < n; i++) {
            CComp *c = cs[i];
            const char *rv = emit_member(c, "in->");
            if (c->has_default || c->group_optional) {
                P(ind + 4, "if (asn1oer_bit(gp, %d)) {", bit++);
                enc_value(ind + 8, c->ct, rv);
                P(ind + 4, "}");
            } else {
                /* A group that is there has all its mandatory components. */
                P(ind + 4, "if (ASN1G_UNLIKELY(!in->%s))", c->present);
                P(ind + 8, "return ASN1RT_E_MISSING_COMPONENT;");
                enc_value(ind + 4, c->ct, rv);
            }
        }
        P(ind + 4, "ASN1G_TRY(asn1oer_open_end(w, m%d));", id);
    }
    P(ind, "}");
    free(cs);
}

/* ---------------------------------------------------------------- SEQUENCE, SET */

/* What both directions of a SEQUENCE / SET need: the root components in
 * encoding order, the preamble's bits (X.696 16.2), the bitmap's slots. */
typedef struct SeqLayout {
    CComp **root;            /* malloc'd; the caller frees it */
    int nroot, nbits, next;
} SeqLayout;

static SeqLayout seq_layout(const CNamed *cn)
{
    SeqLayout L;
    L.root = malloc(sizeof *L.root * (size_t)(cn->ncomps + 1));
    L.nroot = emit_root_comps(cn, L.root);
    L.nbits = cn->extensible ? 1 : 0;
    L.next = emit_n_ext(cn);
    for (int k = 0; k < L.nroot; k++)
        L.nbits += L.root[k]->optional || L.root[k]->has_default;
    return L;
}

/* Bit i of the preamble as the decoder tests it: of pv, the preamble's
 * first eight octets read once into a register (asn1oer_i_bits_word), when
 * it has no more; through the pointer otherwise. Up to four octets pv is
 * 32 bits wide, so that each test's mask is an immediate operand (a
 * 64-bit mask takes a move of its own first). */
static const char *pre_bit(int nbits, int i)
{
    if (nbits <= 32)
        return S("((pv >> %d) & 1u) != 0", 31 - i);
    if (nbits <= 64)
        return S("((pv >> %d) & 1u) != 0", 63 - i);
    return S("asn1oer_bit(pre, %d)", i);
}

static void emit_seq_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    SeqLayout L = seq_layout(cn);
    CComp **root = L.root;
    int nroot = L.nroot, nbits = L.nbits;
    bool touches = cn->extensible;

    own_head(cn, OER_DEC);
    P(0, "{");
    if (nbits)
        P(4, "const uint8_t *pre;");
    if (nbits && nbits <= 64)
        P(4, "%s pv;", nbits <= 32 ? "uint32_t" : "uint64_t");
    FILE *saved = emit_body_begin(&buf, &len);
    if (nbits)
        try_dec(4, S("asn1oer_read_preamble(r, %d, &pre)", nbits), "r", "NULL");
    if (nbits && nbits <= 32)
        P(4, "pv = (uint32_t)(asn1oer_i_bits_word(pre, %d) >> 32);", (nbits + 7) / 8);
    else if (nbits && nbits <= 64)
        P(4, "pv = asn1oer_i_bits_word(pre, %d);", (nbits + 7) / 8);
    int bit = cn->extensible ? 1 : 0;
    for (int k = 0; k < nroot; k++) {
        CComp *cc = root[k];
        const char *lv = emit_member(cc, "out->");
        const char *nm = emit_qname(cc->asn1);
        touches |= cc->optional || cc->has_default || cc->has_member;
        if (cc->optional) {
            P(4, "out->%s = %s;", cc->present, pre_bit(nbits, bit++));
            P(4, "if (out->%s) {", cc->present);
            dec_value(8, cc->ct, lv, "r", nm);
            P(4, "}");
        } else if (cc->has_default) {
            P(4, "if (%s) {", pre_bit(nbits, bit++));
            P(8, "const uint8_t *s = r->cur;");
            dec_value(8, cc->ct, lv, "r", nm);
            /* X.696 16.3 (COER): a value equal to the DEFAULT is not encoded. */
            P(8, "if (ASN1G_UNLIKELY((%s) && !(r->lax & ASN1RT_LAX_DEFAULT)))", emit_eq(cc->ct, lv, cc->default_expr));
            emit_fail_line(12, "ASN1RT_E_DEFAULT_ENCODED", "(size_t)(s - r->base)", nm);
            P(4, "} else {");
            P(8, "%s = %s;", lv, cc->default_expr);
            P(4, "}");
        } else {
            dec_value(4, cc->ct, lv, "r", nm);
        }
    }
    if (cn->extensible) {
        /* Unknown additions are skipped (refused under ASN1RT_OER_KNOWN_ONLY):
         * unknown_ext is DER's and stays empty. */
        P(4, "out->unknown_ext.ptr = NULL;");
        P(4, "out->unknown_ext.len = 0;");
        for (int k = 0; k < cn->ncomps; k++) {
            CComp *cc = cn->comps[k];
            if (cc->ext_index >= 0 && cc->optional)
                P(4, "out->%s = false;", cc->present);
            else if (cc->ext_index >= 0 && cc->has_default)
                P(4, "%s = %s;", emit_member(cc, "out->"), cc->default_expr);
        }
        P(4, "if (%s) {", pre_bit(nbits, 0));
        P(8, "asn1rt_bits bm;");
        P(8, "size_t i, nb;");
        try_dec_cold(8, "asn1oer_read_ext_bitmap", ", &bm", "r", "NULL");
        P(8, "nb = bm.len * 8 - bm.unused;");
        P(8, "for (i = 0; i < nb; i++) {");
        P(12, "if (!asn1rt_bits_test(&bm, i))");
        P(16, "continue;");
        emit_ext_cases(12, cn, dec_ext_slot, "asn1oer_i_skip_ext(r)", "err_offset");
        P(8, "}");
        P(4, "}");
    }
    if (!touches)
        P(4, "(void)out;  /* no component carries a value */");
    P(4, "(void)arena;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    free(root);
}

/* The preamble's octets as a register (pre, bit 0 its first octet's top
 * bit) when they are 1, 2, 4 or 8: written by one store, or as the first
 * field of the run of leading components. */
static bool pre_in_register(int nbits)
{
    int n = (nbits + 7) / 8;
    return nbits > 0 && (n == 1 || n == 2 || n == 4 || n == 8);
}

/* Bit `bit` of a preamble in a register, as a C literal: its first
 * octet is the word's top one. */
static const char *pre_mask(int nbits, int bit)
{
    int n = (nbits + 7) / 8;
    uint64_t m = (uint64_t)1 << (8 * n - 1 - bit);
    return n <= 4 ? S("0x%" PRIx64 "u", m) : S("UINT64_C(0x%" PRIx64 ")", m);
}

static void pre_set(int ind, int nbits, int bit)
{
    if (!pre_in_register(nbits))
        P(ind, "asn1oer_set_bit(pre, %d);", bit);
    else
        P(ind, "pre |= %s;", pre_mask(nbits, bit));
}

/* Whether bit `bit` of the preamble is set (pre_set). */
static const char *pre_test(int nbits, int bit)
{
    if (!pre_in_register(nbits))
        return S("asn1oer_bit(pre, %d)", bit);
    return S("(pre & %s) != 0", pre_mask(nbits, bit));
}

/* asn1oer_put_preamble, of the register form (no padding bit is ever set). */
static void pre_write(int ind, int nbits)
{
    if (pre_in_register(nbits))
        P(ind, "ASN1G_TRY(asn1oer_put_fixed_uint(w, %d, pre));", (nbits + 7) / 8);
    else
        P(ind, "ASN1G_TRY(asn1oer_put_preamble(w, pre, %d));", nbits);
}

/* Front to back (X.696 16): every presence bit is known from the value,
 * so the preamble is set first and written first, then the root
 * components, then the extension bitmap and the additions' open types. */
static void emit_seq_enc(CNamed *cn)
{
    char *buf;
    size_t len;
    SeqLayout L = seq_layout(cn);
    CComp **root = L.root;
    int nroot = L.nroot, nbits = L.nbits, next = L.next;
    bool touches = cn->extensible, reg = pre_in_register(nbits), pre_done = false;
    bool *runnable = malloc(sizeof *runnable * (size_t)(nroot + 1));
    int *bitof = malloc(sizeof *bitof * (size_t)(nroot + 1));
    OerRun *run = malloc(sizeof *run);

    for (int k = 0, bit = cn->extensible ? 1 : 0; k < nroot; k++) {
        CComp *cc = root[k];
        touches |= cc->optional || ((cc->has_default || cc->has_member) && cc->ct->kind != CK_NULL);  /* NULL DEFAULT NULL: never read */
        bitof[k] = cc->optional || cc->has_default ? bit++ : -1;
        run->n = 0;
        run->octets = 0;
        runnable[k] = !emit_size && !cc->optional && !cc->has_default &&
                      orun_value(run, cc->ct, emit_member(cc, "in->"), 0);
    }
    own_head(cn, OER_ENC);
    P(0, "{");
    if (reg)
        P(4, "uint64_t pre = 0;");
    else if (nbits)
        P(4, "uint8_t pre[%d] = {0};", (nbits + 7) / 8);
    if (next > 0)
        P(4, "uint8_t bm[%d] = {0};", (next + 7) / 8);
    FILE *saved = emit_body_begin(&buf, &len);
    if (cn->extensible) {
        /* unknown_ext holds DER (a value decoded from DER): no OER for it. */
        P(4, "if (ASN1G_UNLIKELY(in->unknown_ext.len != 0))");
        P(8, "return ASN1RT_E_ARG;");
    }
    for (int k = 0; k < nroot; k++) {
        if (bitof[k] < 0)
            continue;
        P(4, "if (%s)", comp_given(root[k]));
        pre_set(8, nbits, bitof[k]);
    }
    if (next > 0) {
        /* X.696 16.2.2: the extension bit says an addition is present. */
        P(4, "{");
        P(8, "bool any = false;");
        for (int e = 0; e < next; e++) {
            P(8, "if (%s) {", ext_slot_present(cn, e));
            P(12, "asn1oer_set_bit(bm, %d);", e);
            P(12, "any = true;");
            P(8, "}");
        }
        P(8, "if (any)");
        pre_set(12, nbits, 0);
        P(4, "}");
    }
    for (int k = 0; k < nroot;) {
        CComp *cc = root[k];
        const char *rv = emit_member(cc, "in->");
        if (runnable[k]) {
            /* Components k..b as one run; with the preamble in front when
             * they lead. */
            int b = k;
            while (b + 1 < nroot && runnable[b + 1])
                b++;
            bool lead = k == 0 && reg;
            bool ok = true;
            if (nbits && !pre_done && !lead) {
                pre_write(4, nbits);
                pre_done = true;
            }
            run->n = 0;
            run->octets = 0;
            if (lead)
                ok = orun_add(run, "pre", NULL, (unsigned)(nbits + 7) / 8, false);
            for (int m = k; ok && m <= b; m++)
                ok = orun_value(run, root[m]->ct, emit_member(root[m], "in->"), 0);
            if (ok && orun_writes(run) >= 2) {
                orun_emit_fast(4, run);
                g_in_fallback = true;
                if (lead)
                    pre_write(8, nbits);
                for (int m = k; m <= b; m++)
                    enc_value(8, root[m]->ct, emit_member(root[m], "in->"));
                g_in_fallback = false;
                P(4, "}");
                pre_done |= lead;
            } else {
                if (lead) {
                    pre_write(4, nbits);
                    pre_done = true;
                }
                for (int m = k; m <= b; m++)
                    enc_value(4, root[m]->ct, emit_member(root[m], "in->"));
            }
            k = b + 1;
            continue;
        }
        if (nbits && !pre_done) {
            pre_write(4, nbits);
            pre_done = true;
        }
        if (cc->optional || cc->has_default) {
            P(4, "if (%s) {", pre_test(nbits, bitof[k]));
            enc_value(8, cc->ct, rv);
            P(4, "}");
        } else {
            enc_value(4, cc->ct, rv);
        }
        k++;
    }
    if (nbits && !pre_done)
        pre_write(4, nbits);
    if (next > 0) {
        P(4, "if (%s) {", pre_test(nbits, 0));
        P(8, "asn1rt_bits b = { bm, %d, %d };", (next + 7) / 8, (8 - next % 8) % 8);
        enc_slow(8, "asn1oer_put_ext_bitmap", "&b");
        for (int e = 0; e < next; e++)
            enc_ext_slot(8, cn, e);
        P(4, "}");
    }
    if (!touches)
        P(4, "(void)in;  /* no component carries a value */");
    if (!nbits)
        P(4, "(void)w;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    free(run);
    free(bitof);
    free(runnable);
    free(root);
}

/* ---------------------------------------------------------------- CHOICE */

/* The switch key asn1oer_read_tag_key gives for a tag word: its octet
 * for numbers below 63, so the switch compares the octet as read. */
static const char *tag_key(const char *expr) { return S("ASN1RT_OER_TAG_KEY(%s)", expr); }

static void emit_choice_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    own_head(cn, OER_DEC);
    P(0, "{");
    P(4, "const uint8_t *s = r->cur;");
    P(4, "uint64_t t;");
    FILE *saved = emit_body_begin(&buf, &len);
    /* The first octet is the key of every tag below 63; a long form's
     * first octet falls to the default, which reads the whole tag and
     * switches again (asn1oer_i_read_tag_octet). */
    try_dec(4, "asn1oer_i_read_tag_octet(r, &t)", "r", "NULL");
    P(4, "(void)arena;");
    P(0, "dispatch:");
    P(4, "switch (t) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *lv = emit_member(cc, "out->u.");
        const char *tag = alt_tag(cc->ct);
        if (tag)
            P(4, "case %s:", tag_key(tag));
        else  /* an untagged CHOICE: the tags it starts with */
            for (int f = 0; f < cc->ct->nfirst; f++)
                P(4, "case %s:", tag_key(cc->ct->first_expr[f]));
        P(8, "out->present = %s;", cc->pr);
        if (cc->ext_index >= 0) {
            dec_open_wrapped(8, cc->ct, lv, "r", emit_qname(cc->asn1));
        } else {
            if (!tag)  /* its tag is its own value's: read again */
                P(8, "r->cur = s;");
            dec_value(8, cc->ct, lv, "r", emit_qname(cc->asn1));
        }
        P(8, "return ASN1RT_OK;");
    }
    P(4, "default:");
    P(8, "if (ASN1G_UNLIKELY(ASN1RT_OER_TAG_OCTET_LONG(t))) {");
    P(12, "r->cur = s;");
    try_dec(12, "asn1oer_read_tag_key(r, &t)", "r", "NULL");
    P(12, "goto dispatch;");
    P(8, "}");
    if (cn->extensible) {
        /* An alternative after the marker that this schema does not know:
         * kept whole (tag and open type), as OER, for re-encoding as is. */
        try_dec_cold(8, "asn1oer_skip_open", "", "r", "NULL");
        P(8, "out->present = %s;", cn->pr_unknown);
        P(8, "out->u.unknown.ptr = s;");
        P(8, "out->u.unknown.len = (size_t)(r->cur - s);");
        P(8, "return ASN1RT_OK;");
    } else {
        P(8, "r->cur = s;");
        emit_fail_line(8, "ASN1RT_E_NO_ALTERNATIVE", "(size_t)(s - r->base)", "NULL");
    }
    P(4, "}");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

/* A root alternative's tag octet and value as a run: the tag's number
 * below 63 (one octet, X.696 8.7.2.2) is the run's first condition, a
 * constant the compiler folds. */
static bool choice_alt_run(OerRun *run, CComp *cc)
{
    const CType *ct = cc->ct;
    const char *tag = alt_tag(ct);
    run->n = 0;
    run->octets = 0;
    /* X.696 8.7.2: a tag number below 63 is one octet (the number is the
     * low 29 bits of the tag word, asn1rt.h's ASN1RT_TAG_NUMBER) */
    return !emit_size && tag && ct->nfirst == 1 && !ct->any_first && (ct->first[0] & 0x1FFFFFFFu) < 63u &&
           orun_add(run, S("ASN1RT_OER_TAG_KEY(%s)", tag), NULL, 1, false) &&
           orun_value(run, cc->ct, emit_member(cc, "in->u."), 0) && orun_writes(run) >= 2;
}

static void emit_choice_enc(CNamed *cn)
{
    OerRun *run = malloc(sizeof *run);
    own_head(cn, OER_ENC);
    P(0, "{");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = emit_member(cc, "in->u.");
        P(4, "case %s:", cc->pr);
        if (!alt_tag(cc->ct) && cc->ext_index < 0) {
            /* An untagged CHOICE writes the tag of its own alternative. */
            enc_value(8, cc->ct, rv);
            P(8, "return ASN1RT_OK;");
        } else if (!alt_tag(cc->ct)) {
            /* After the marker: that tag, then the whole CHOICE as an open type. */
            int id = ++g_tmp;
            P(8, "{");
            P(12, "uint8_t *m%d = w->pos;", id);
            enc_value(12, cc->ct, rv);
            enc_slow(12, "asn1oer_tag_open_end", S("m%d", id));
            P(12, "return ASN1RT_OK;");
            P(8, "}");
        } else if (cc->ext_index < 0 && choice_alt_run(run, cc)) {
            /* The tag's octet (number below 63) and a fixed-width value: one run. */
            orun_emit_fast(8, run);
            g_in_fallback = true;
            P(12, "ASN1G_TRY(asn1oer_put_tag(w, %s));", alt_tag(cc->ct));
            enc_value(12, cc->ct, rv);
            g_in_fallback = false;
            P(8, "}");
            P(8, "return ASN1RT_OK;");
        } else {
            P(8, "ASN1G_TRY(asn1oer_put_tag(w, %s));", alt_tag(cc->ct));
            if (cc->ext_index >= 0)
                enc_open_wrapped(8, cc->ct, rv);
            else
                enc_value(8, cc->ct, rv);
            P(8, "return ASN1RT_OK;");
        }
    }
    if (cn->extensible) {
        P(4, "case %s:", cn->pr_unknown);
        P(8, "return asn1oer_put_fixed_octets(w, in->u.unknown.ptr, in->u.unknown.len);");
    }
    P(4, "default:");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    emit_fn_close();
    free(run);
}

/* ---------------------------------------------------------------- ENUMERATED */

static void emit_enum_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    own_head(cn, OER_DEC);
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    dec_enum(4, cn, "*out", "r", "NULL");
    P(4, "(void)arena;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_enum_enc(CNamed *cn)
{
    own_head(cn, OER_ENC);
    P(0, "{");
    if (!cn->extensible) {
        P(4, "int rc = %s(in);", cn->fn[FN_CHECK]);
        P(4, "if (ASN1G_UNLIKELY(rc != 0))");
        P(8, "return rc;");
    }
    P(4, "return asn1oer_put_enum(w, (int64_t)(int32_t)*in);  /* as at the use site */");
    emit_fn_close();
}

/* ---------------------------------------------------------------- SEQUENCE OF */

/* The fewest octets an element takes (asn1oer_read_quantity refuses a
 * quantity the input cannot hold, before any loop or allocation). */
static unsigned min_item(const CType *el)
{
    switch (el->kind) {
    case CK_NULL: case CK_SEQ: case CK_SET: return 0;
    case CK_OCTETS: case CK_STRING: case CK_BITS:
        return size_fixed(el) && el->size_lo == 0 ? 0 : 1;
    default: return 1;
    }
}

/* SET OF: each item's encoding sorts at or after the one before
 * (canonical OER, DER's order; ASN1RT_LAX_SET_ORDER accepts any). */
static void set_of_item_begin(int ind, const CType *ct)
{
    if (ct->set_of)
        P(ind, "const uint8_t *is = r->cur;");
}

static void set_of_item_end(int ind, const CType *ct)
{
    if (!ct->set_of)
        return;
    emit_rc_used = true;
    P(ind, "{");
    P(ind + 4, "asn1rt_view cur = { is, (size_t)(r->cur - is) };");
    P(ind + 4, "if (prev.ptr != NULL) {");
    {
        /* On a copy, as try_dec_cold. */
        int id = ++g_tmp;
        P(ind + 8, "asn1rt_reader c%d = *r;", id);
        P(ind + 8, "rc = asn1rt_check_set_order(&c%d, &prev, &cur);", id);
        P(ind + 8, "asn1oer_i_copy_back(r, &c%d);", id);
    }
    P(ind + 8, "if (ASN1G_UNLIKELY(rc != 0)) {");
    P(ind + 12, "r->cur = is;");
    emit_fail_line(ind + 12, "rc", "r->err_offset", "NULL");
    P(ind + 8, "}");
    P(ind + 4, "}");
    P(ind + 4, "prev = cur;");
    P(ind, "}");
}

static void emit_of_dec(CNamed *cn)
{
    CType *ct = cn->ct, *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    char *buf;
    size_t len;
    const char *viol = emit_size_violation(ct, "n");
    own_head(cn, OER_DEC);
    P(0, "{");
    P(4, "const uint8_t *s = r->cur;");
    P(4, "size_t n, i;");
    if (!array)
        P(4, "%s *items = NULL;", el->ctype);
    FILE *saved = emit_body_begin(&buf, &len);
    try_dec(4, S("asn1oer_read_quantity(r, %u, &n)", min_item(el)), "r", "NULL");
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s)) {", viol);
        P(8, "r->cur = s;");
        emit_fail_line(8, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(s - r->base)", "NULL");
        P(4, "}");
    }
    if (ct->set_of)
        P(4, "asn1rt_view prev = { NULL, 0 };");
    if (array) {
        P(4, "for (i = 0; i < n; i++) {");
        set_of_item_begin(8, ct);
        dec_value(8, el, "out->items[i]", "r", "NULL");
        set_of_item_end(8, ct);
        P(4, "}");
        P(4, "(void)arena;");
    } else {
        /* The typed items in the caller's arena; no arena holds nothing. */
        P(4, "if (n > 0) {");
        P(8, "void *p;");
        P(8, "if (arena == NULL)");
        emit_fail_line(12, "ASN1RT_E_ARENA_FULL", "(size_t)(s - r->base)", "NULL");
        emit_rc_used = true;
        P(8, "if (ASN1G_UNLIKELY((rc = asn1g_arena_items(arena, n, sizeof *items, sizeof *items & ((size_t)0 - sizeof *items), &p)) != 0))");
        emit_fail_line(12, "rc", "(size_t)(s - r->base)", "NULL");
        P(8, "items = p;");
        P(4, "}");
        P(4, "for (i = 0; i < n; i++) {");
        set_of_item_begin(8, ct);
        dec_value(8, el, "items[i]", "r", "NULL");
        set_of_item_end(8, ct);
        P(4, "}");
        emit_list_items(4, "items");
    }
    P(4, "out->count = n;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_of_enc(CNamed *cn)
{
    CType *ct = cn->ct, *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    const char *viol = emit_size_violation(ct, "in->count");
    own_head(cn, OER_ENC);
    P(0, "{");
    P(4, "size_t i;");
    if (!array) {
        /* A list decoded from DER holds DER in raw: its items are loaded
         * first (T_load_items), as OER is written from typed values. */
        P(4, "if (ASN1G_UNLIKELY(in->items == NULL && in->count != 0))");
        P(8, "return ASN1RT_E_ARG;");
    }
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
    }
    P(4, "ASN1G_TRY(asn1oer_put_quantity(w, in->count));");
    if (ct->set_of)
        P(4, "uint8_t *top = w->end;  /* the items' lengths go below here while they are sorted */");
    P(4, "for (i = 0; i < in->count; i++) {");
    if (ct->set_of)
        P(8, "uint8_t *item = w->pos;");
    enc_value(8, el, "in->items[i]");
    if (ct->set_of)  /* canonical OER: DER's order (X.690 11.6) */
        enc_slow(8, "asn1oer_set_of_insert", "top, i, item");
    P(4, "}");
    if (ct->set_of)
        P(4, "asn1oer_set_of_end(w, top);");
    P(4, "return ASN1RT_OK;");
    emit_fn_close();
}

/* ---------------------------------------------------------------- entry points */

/* Prints function pr (whose extern is f) twice: its copy, calling the
 * children's copies, into the copies at the end of the file; then the
 * extern here, calling the children's externs, or, when the copy calls no
 * other copy, as a call to the copy. args: the parameters' names.
 * tree: a type a recursive reference names, whose extern each level of
 * the recursion calls. Its extern is printed both ways: the one-level
 * body, which gcc's flatten inlines through the recursion's first turn,
 * and, #if ASN1G_REC_TREE (gen.h: clang, whose flatten inlines one level),
 * a call of its copy on a copy of the reader, so that the types below are
 * not each one more call with the reader in memory. */
static void print_twice(CNamed *cn, void (*pr)(CNamed *), COerFn f, const char *args, bool tree)
{
    if (emit_size) {   /* --size: the extern alone */
        pr(cn);
        return;
    }
    FILE *file = emit_out;
    emit_out = g_cp.copies;
    g_deep = true;
    g_inline_calls = false;
    pr(cn);
    g_deep = false;
    bool calls = g_inline_calls;
    fprintf(g_cp.protos, "%s;\n", g_sig);
    emit_out = file;
    if (calls && tree) {
        P(0, "#if ASN1G_REC_TREE");
        P(0, "%s", oer_sig(cn, f));
        P(0, "{");
        P(4, "asn1rt_reader c = *r;");
        P(4, "int rc = %s(out, &c, arena, err);", oer_fn(cn, inline_copy(f)));
        P(4, "asn1oer_i_copy_back(r, &c);");
        P(4, "return rc;");
        P(0, "}");
        P(0, "#else");
        pr(cn);
        P(0, "#endif");
        P(0, "%s", "");
        return;
    }
    if (calls) {
        pr(cn);
        return;
    }
    P(0, "%s%s", f == OER_READ ? "static " : "", oer_sig(cn, f));
    P(0, "{");
    P(4, "return %s(%s);", oer_fn(cn, inline_copy(f)), args);
    emit_fn_close();
}

/* The types of this module a recursive reference names (print_twice's
 * trees), found once per file. */
static const CNamed **g_rec;
static int g_nrec;

static void rec_note(const CType *ct)
{
    const CNamed *t = ct ? rec_target(ct) : NULL;
    if (!t || t->home != g_cmodule)
        return;
    for (int i = 0; i < g_nrec; i++)
        if (g_rec[i] == t)
            return;
    g_rec = realloc(g_rec, sizeof *g_rec * (size_t)(g_nrec + 1));
    if (!g_rec)
        abort();
    g_rec[g_nrec++] = t;
}

static void rec_find(const CModule *cm)
{
    g_nrec = 0;
    for (int i = 0; i < cm->ntypes; i++) {
        const CNamed *cn = cm->types[i];
        rec_note(cn->ct);
        if (cn->ct && cn->ct->elem)
            rec_note(cn->ct->elem);
        for (int k = 0; k < cn->ncomps; k++)
            rec_note(cn->comps[k]->ct);
    }
}

static bool rec_named(const CNamed *cn)
{
    for (int i = 0; i < g_nrec; i++)
        if (g_rec[i] == cn)
            return true;
    return false;
}

/* The fast entry points run the copies as one function. */
static const char *flatten(void) { return emit_size ? "" : "ASN1G_FLATTEN "; }

static void emit_read(CNamed *cn)
{
    char *buf;
    size_t len;
    CType *ct = cn->ct;
    own_head(cn, OER_READ);
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    dec_value(4, ct, "(*out)", "r", "NULL");
    if (ct->kind == CK_NULL)
        P(4, "(void)out;");
    if (ct->kind < CK_SEQ)
        P(4, "(void)arena;");
    P(4, "(void)err;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_public(CNamed *cn)
{
    char *buf;
    size_t len;
    CType *ct = cn->ct;

    /* T_oer_decode and T_oer_encode run the copies; T_oer_decode_ex and
     * T_oer_decode_prefix call the externs. */
    print_twice(cn, emit_read, OER_READ, "out, r, arena, err", false);

    /* T_oer_decode_ex with lax 0 and no err, as one function. */
    P(0, "%s%s", flatten(), oer_sig(cn, OER_DECODE));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "size_t mark = arena ? asn1rt_arena_mark(arena) : 0;");
    P(4, "int rc;");
    P(4, "if (out == NULL || (in == NULL && len != 0))");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "asn1oer_reader_init(&r, in, len, 0);");
    P(4, "rc = %s(out, &r, arena, NULL);", oer_fn(cn, emit_size ? OER_READ : OER_READ_INL));
    P(4, "if (ASN1G_LIKELY(rc == ASN1RT_OK) && r.cur != r.end)");
    P(8, "rc = asn1oer_i_expect_end(&r);");
    P(4, "if (ASN1G_UNLIKELY(rc != ASN1RT_OK)) {");
    P(8, "memset(out, 0, sizeof *out);");
    P(8, "if (arena != NULL)");
    P(12, "asn1rt_arena_reset(arena, mark);");
    P(4, "}");
    P(4, "return rc;");
    emit_fn_close();

    P(0, "%s", oer_sig(cn, OER_DECODE_PREFIX));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "size_t mark = arena ? asn1rt_arena_mark(arena) : 0;");
    P(4, "int rc;");
    P(4, "if (out == NULL || consumed == NULL || (in == NULL && len != 0))");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "asn1oer_reader_init(&r, in, len, 0);");
    P(4, "rc = %s(out, &r, arena, NULL);", oer_fn(cn, OER_READ));
    P(4, "if (ASN1G_UNLIKELY(rc != ASN1RT_OK)) {");
    P(8, "memset(out, 0, sizeof *out);");
    P(8, "if (arena != NULL)");
    P(12, "asn1rt_arena_reset(arena, mark);");
    P(8, "return rc;");
    P(4, "}");
    P(4, "*consumed = (size_t)(r.cur - in);");
    P(4, "return ASN1RT_OK;");
    emit_fn_close();

    P(0, "%s", oer_sig(cn, OER_DECODE_EX));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "size_t mark = arena ? asn1rt_arena_mark(arena) : 0;");
    P(4, "int rc;");
    P(4, "if (err != NULL)");
    P(8, "asn1rt_error_clear(err);");
    P(4, "if (out == NULL || (in == NULL && len != 0))");
    P(8, "return asn1g_fail(err, ASN1RT_E_ARG, 0, NULL);");
    P(4, "asn1oer_reader_init(&r, in, len, lax);");
    P(4, "rc = %s(out, &r, arena, err);", oer_fn(cn, OER_READ));
    /* r.cur != r.end first: the whole input read is the usual case, without a call. */
    P(4, "if (rc == ASN1RT_OK && r.cur != r.end && !(lax & ASN1RT_LAX_TRAILING) && (rc = asn1rt_expect_end(&r)) != ASN1RT_OK)");
    P(8, "(void)asn1g_fail(err, rc, r.err_offset, NULL);");
    P(4, "if (rc != ASN1RT_OK) {");
    P(8, "memset(out, 0, sizeof *out);");
    P(8, "if (arena != NULL)");
    P(12, "asn1rt_arena_reset(arena, mark);");
    P(4, "}");
    P(4, "return rc;");
    emit_fn_close();

    /* Called only by T_oer_encode: its children's copies. */
    g_deep = !emit_size;
    P(0, "static %s", oer_sig(cn, OER_WRITE));
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    enc_value(4, ct, "(*in)");
    g_deep = false;
    if (ct->kind == CK_NULL)
        P(4, "(void)in;");
    if (ct->kind == CK_NULL)
        P(4, "(void)w;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();

    P(0, "%s%s", flatten(), oer_sig(cn, OER_ENCODE));
    P(0, "{");
    P(4, "asn1oer_writer w;");
    P(4, "if (in == NULL || buf == NULL || len == NULL)");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "asn1oer_writer_init(&w, buf, cap);");
    P(4, "ASN1G_TRY(%s(in, &w));", oer_fn(cn, OER_WRITE));
    P(4, "*len = (size_t)(w.pos - buf);");
    P(4, "return ASN1RT_OK;");
    emit_fn_close();
}

/* ---------------------------------------------------------------- the rule */

static void oer_header_doc(void)
{
    /* The leniency flags (ASN1RT_LAX_OER_*) are part of the interface. */
    P(0, "#include <asn1rt/oer.h>");
    P(0, "%s", "");
    static const char *const doc =
        "/*\n"
        " * OER (X.696), for every type T below:\n"
        " *   int T_oer_decode(T *out, const uint8_t *in, size_t len, asn1rt_arena *arena);\n"
        " *       strict canonical OER (COER); the whole input is one T; 0 or an\n"
        " *       asn1rt_code, *out zeroed and the arena reset on failure. Strings, bit\n"
        " *       strings, big integers and open types are views into in; SEQUENCE OF\n"
        " *       without a small SIZE bound is decoded into items in arena (raw stays\n"
        " *       empty; no arena, or a full one: ASN1RT_E_ARENA_FULL). Unknown\n"
        " *       extension additions are skipped; an unknown CHOICE alternative is\n"
        " *       kept whole (its OER tag and open type) in u.unknown. A recursive\n"
        " *       reference is a view of its OER encoding (decode it with its\n"
        " *       T_oer_decode), validated here up to the reader's depth limit.\n"
        " *       The DER _decode_open helpers read open types as DER (T_check\n"
        " *       leaves views unchecked); an open type a sibling selects (table\n"
        " *       constraint) is decoded from OER by its Owner_comp_oer_decode_open.\n"
        " *   int T_oer_decode_prefix(..., asn1rt_arena *arena, size_t *consumed);\n"
        " *       bytes after the value are allowed, *consumed is set.\n"
        " *   int T_oer_decode_ex(..., unsigned lax, asn1rt_arena *arena, asn1rt_error *err);\n"
        " *       with ASN1RT_LAX_OER_* (<asn1rt/oer.h>; also ASN1RT_LAX_BOOLEAN, _DEFAULT, _TRAILING)\n"
        " *       leniencies; err gets the code, the octet offset and the path.\n"
        " *   int T_oer_encode(const T *in, uint8_t *buf, size_t cap, size_t *len);\n"
        " *       canonical OER into buf[0..*len); ASN1RT_E_ARG for what has no OER\n"
        " *       form here: unknown_ext decoded from DER, a list holding only DER\n"
        " *       (call T_load_items first). Views of an unknown alternative and of a\n"
        " *       recursive reference are written as they are: OER ones only.\n"
        " */\n";
    fputs(doc, emit_out);
}

static void oer_decl_public(const CNamed *cn)
{
    P(0, "ASN1RT_MUST_USE %s;", oer_sig(cn, OER_DECODE));
    P(0, "ASN1RT_MUST_USE %s;", oer_sig(cn, OER_DECODE_PREFIX));
    P(0, "ASN1RT_MUST_USE %s;", oer_sig(cn, OER_DECODE_EX));
    P(0, "ASN1RT_MUST_USE %s;", oer_sig(cn, OER_ENCODE));
}

static bool has_codec(const CNamed *cn)
{
    CKind k = cn->ct->kind;
    return cn->defines && (k == CK_SEQ || k == CK_SET || k == CK_CHOICE || k == CK_ENUM || k == CK_ARRAY || k == CK_LIST);
}

static void oer_decl_internal(const CNamed *cn)
{
    if (!has_codec(cn))
        return;
    P(0, "/* internal: the OER value */");
    P(0, "%s;", oer_sig(cn, OER_DEC));
    P(0, "%s;", oer_sig(cn, OER_ENC));
}

static void oer_decl_open(const COpen *op)
{
    P(0, "ASN1RT_MUST_USE %s;", emit_open_sig(op, op->oer_decode_open));
}

static void oer_file_begin(const CModule *cm)
{
    g_cmodule = cm;
    g_nforeign = 0;
    rec_find(cm);
    g_cp.copies = open_memstream(&g_cp.copies_buf, &g_cp.copies_len);
    g_cp.protos = open_memstream(&g_cp.protos_buf, &g_cp.protos_len);
    if (!g_cp.copies || !g_cp.protos)
        abort();
}

/* The printers of a defining type's decoder and encoder. */
static void codec_printers(const CNamed *cn, void (**dec)(CNamed *), void (**enc)(CNamed *))
{
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET: *dec = emit_seq_dec; *enc = emit_seq_enc; break;
    case CK_CHOICE: *dec = emit_choice_dec; *enc = emit_choice_enc; break;
    case CK_ENUM: *dec = emit_enum_dec; *enc = emit_enum_enc; break;
    case CK_ARRAY: case CK_LIST: *dec = emit_of_dec; *enc = emit_of_enc; break;
    default: *dec = *enc = NULL; break;
    }
}

/* The other modules' copies (each may ask for more), then every copy's
 * declaration; the header includes asn1rt/oer.h. */
static void oer_file_preamble(void)
{
    FILE *file = emit_out;
    const char *fail = emit_fail_fn;
    emit_fail_fn = "ASN1OER_FAIL";
    emit_out = g_cp.copies;
    for (int i = 0; i < g_nforeign; i++) {
        void (*dec)(CNamed *), (*enc)(CNamed *);
        CNamed *cn = (CNamed *)g_foreign[i].cn;
        codec_printers(cn, &dec, &enc);
        g_tmp = 0;
        g_deep = true;
        (g_foreign[i].enc ? enc : dec)(cn);
        g_deep = false;
        fprintf(g_cp.protos, "%s;\n", g_sig);
    }
    emit_out = file;
    emit_fail_fn = fail;
    fclose(g_cp.protos);
    if (g_cp.protos_len > 0) {
        P(0, "%s", "");
        P(0, "/* Inline copies of the OER codecs (see the end of the file). */");
        fputs(g_cp.protos_buf, emit_out);
    }
    free(g_cp.protos_buf);
}

static void oer_file_end(void)
{
    fclose(g_cp.copies);
    if (g_cp.copies_len > 0) {
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        P(0, "/* Inline copies of the OER codecs: what T_oer_decode and T_oer_encode");
        P(0, " * run as one straight-line function (ASN1G_BODY); those of other");
        P(0, " * modules' types too. */");
        P(0, "%s", "");
        fputs(g_cp.copies_buf, emit_out);
    }
    free(g_cp.copies_buf);
}

static void oer_codec(const CModule *cm, CNamed *cn)
{
    void (*dec)(CNamed *), (*enc)(CNamed *);
    g_cmodule = cm;
    g_tmp = 0;
    codec_printers(cn, &dec, &enc);
    if (!dec)
        return;
    emit_fail_fn = "ASN1OER_FAIL";
    print_twice(cn, dec, OER_DEC, "out, r, arena, err", rec_named(cn));
    emit_fail_fn = "asn1g_fail";
    print_twice(cn, enc, OER_ENC, "in, w", false);
}

static void oer_codec_late(const CModule *cm, CNamed *cn) { (void)cm; (void)cn; }

static void oer_entry(const CModule *cm, CNamed *cn)
{
    (void)cm;
    if (!cn->defines)
        g_tmp = 0;
    emit_fail_fn = "ASN1OER_FAIL";
    emit_public(cn);
    emit_fail_fn = "asn1g_fail";
}

/* T_oer_decode_open: the open type's view (an OER-decoded value holds the
 * OER of the contained value) decoded as the type its id selects. */
static void oer_open_init(int ind, const char *v)
{
    P(ind, "asn1oer_reader_init(r, %s.ptr, %s.len, 0);", v, v);
}

static void oer_open_value(int ind, CType *ct, const char *lv)
{
    g_tmp = 0;
    dec_value(ind, ct, lv, "r", "NULL");
}

static const char *oer_open_alt_fn(const COpenAlt *a)
{
    return a->oer_fn;
}

static void oer_open(const CModule *cm, const COpen *op)
{
    EmitOpenDec d = { op->oer_decode_open, "OER", "asn1rt_reader", oer_open_init, "asn1rt_expect_end(r)",
                      oer_open_value, oer_open_alt_fn };
    (void)cm;
    emit_fail_fn = "ASN1OER_FAIL";
    emit_open_decoder(op, &d);
    emit_fail_fn = "asn1g_fail";
}

const EmitRule emit_oer = {
    .enc = ENC_OER,
    .header_doc = oer_header_doc,
    .decl_public = oer_decl_public,
    .decl_internal = oer_decl_internal,
    .decl_open = oer_decl_open,
    .file_begin = oer_file_begin,
    .file_preamble = oer_file_preamble,
    .file_end = oer_file_end,
    .codec = oer_codec,
    .codec_late = oer_codec_late,
    .entry = oer_entry,
    .open = oer_open,
};
