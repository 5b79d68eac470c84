/* emit_der.c — DER's functions of each type (X.690 distinguished
 * encoding rules), printed into the files emit_c.c writes: T_decode,
 * T_decode_prefix, T_decode_ex, T_encode, T_encoded_len and their helpers,
 * and the open-type decoders. The printing follows one pattern per
 * construct, chosen for speed of the generated code:
 *  - decode: straight-line calls to the inline fast paths of asn1rt/gen.h,
 *    one per field, each failure returned through asn1g_fail() which fills
 *    the optional asn1rt_error (code, offset, component path);
 *  - encode: back to front into the caller's buffer (asn1rt_writer), each
 *    constructed length known when its header is written, no length pass.
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
static const CModule *g_cmodule;  /* module being printed */

/* Each type's codec functions (_dec_, _enc_, _len_, and _item_ of an OF)
 * are printed twice. The extern T_dec_ calls its children's extern
 * functions: one level, for other modules and for callers of the header.
 * The static T_dec_inl_ (ASN1G_BODY: always inlined) calls the _inl_
 * bodies of its same-module children, so a public entry point such as
 * T_decode is one straight-line function under any compiler (gcc's
 * `flatten` alone did this; clang's inlines a single level and left every
 * entry point calling its body out of line, with the reader in memory).
 * Two versions rather than always_inline on the externs: that would put
 * the whole subtree into every extern too (+55% object size on Kerberos). */
static bool g_deep;

static bool g_inline_calls;       /* the function being printed calls an inline copy */
static const char *g_sig;         /* its signature */

/* BER (emit_ber, --encodings ber) prints DER's decode bodies a second time
 * under BER's names: the reader is in BER mode (ASN1RT_BER), so every
 * asn1g_* read takes BER's forms on its slow path, and the few constructs
 * where BER's value needs other code (constructed strings into the arena,
 * SET components in any order, lists and raw elements made DER for
 * T_encode) print it when g_ber is set. DER's output does not change. */
static bool g_ber;

/* The inline copies of one rule, printed at the end of the file, and
 * their declarations, printed before the types. */
typedef struct Copies {
    FILE *copies, *protos;
    char *copies_buf, *protos_buf;
    size_t copies_len, protos_len;
} Copies;
static Copies g_rule_copies[2];   /* DER's, BER's */
static Copies *g_cp = &g_rule_copies[0];

static void set_rule(bool ber)
{
    g_ber = ber;
    g_cp = &g_rule_copies[ber];
}

/* BER's function standing for DER function f (decoders only). */
static CBerFn ber_of(CDerFn f)
{
    switch (f) {
    case DER_DECODE: return BER_DECODE;
    case DER_DECODE_PREFIX: return BER_DECODE_PREFIX;
    case DER_DECODE_EX: return BER_DECODE_EX;
    case DER_READ: return BER_READ;
    case DER_READ_INL: return BER_READ_INL;
    case DER_DEC: return BER_DEC;
    case DER_DEC_INL: return BER_DEC_INL;
    case DER_ITEM: return BER_ITEM;
    case DER_ITEM_INL: return BER_ITEM_INL;
    default: abort();   /* BER prints no encoder */
    }
}

static const char *der_fn(const CNamed *cn, CDerFn f)
{
    return g_ber ? cn->enc_fn[ENC_BER][ber_of(f)] : cn->enc_fn[ENC_DER][f];
}

/* The arena argument BER's internal decoders pass down. */
static const char *arena_arg(void) { return g_ber ? ", arena" : ""; }

static void fn_head(const char *sig)
{
    g_sig = sig;
    P(0, "%s", sig);
}

/* The signature of DER function f of cn, as declared and as defined. */
static const char *der_sig(const CNamed *cn, CDerFn f)
{
    const char *T = cn->cname, *n = der_fn(cn, f);
    if (g_ber) {
        switch (f) {
        case DER_DECODE: return S("int %s(%s *out, const uint8_t *ber, size_t len, asn1rt_arena *arena)", n, T);
        case DER_DECODE_PREFIX:
            return S("int %s(%s *out, const uint8_t *ber, size_t len, asn1rt_arena *arena, size_t *consumed)", n, T);
        case DER_DECODE_EX:
            return S("int %s(%s *out, const uint8_t *ber, size_t len, asn1rt_arena *arena, unsigned lax, asn1rt_error *err)",
                     n, T);
        case DER_READ: case DER_READ_INL:
            return S("int %s(%s *out, asn1rt_reader *r, asn1rt_error *err, asn1rt_arena *arena)", n, T);
        case DER_DEC: case DER_DEC_INL:
            return S("int %s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err, asn1rt_arena *arena)", n, T);
        case DER_ITEM: case DER_ITEM_INL:
            return S("int %s(%s *out, asn1rt_reader *r, asn1rt_error *err, asn1rt_arena *arena)", n, cn->ct->elem->ctype);
        default: abort();
        }
    }
    switch (f) {
    case DER_DECODE: return S("int %s(%s *out, const uint8_t *der, size_t len)", n, T);
    case DER_DECODE_PREFIX: return S("int %s(%s *out, const uint8_t *der, size_t len, size_t *consumed)", n, T);
    case DER_DECODE_EX: return S("int %s(%s *out, const uint8_t *der, size_t len, unsigned lax, asn1rt_error *err)", n, T);
    case DER_ENCODED_LEN: return S("size_t %s(const %s *in)", n, T);
    case DER_ENCODE: return S("int %s(const %s *in, uint8_t *buf, size_t cap, size_t *len)", n, T);
    case DER_READ: case DER_READ_INL: return S("int %s(%s *out, asn1rt_reader *r, asn1rt_error *err)", n, T);
    case DER_WRITE: return S("int %s(const %s *in, asn1rt_writer *w)", n, T);
    case DER_DEC: case DER_DEC_INL: return S("int %s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err)", n, T);
    case DER_ENC: case DER_ENC_INL: return S("int %s(const %s *in, asn1rt_writer *w, uint32_t tag)", n, T);
    case DER_LEN: return S("size_t %s(const %s *in, uint32_t tag)", n, T);
    case DER_ITEM: case DER_ITEM_INL:
        return S("int %s(%s *out, asn1rt_reader *r, asn1rt_error *err)", n, cn->ct->elem->ctype);
    default: return NULL;
    }
}

static const char *open_sig(const COpen *op)
{
    return S("int %s(const %s *in, %s *out)", op->decode_open, op->owner->cname, op->open_type);
}

static CDerFn inline_copy(CDerFn f)
{
    if (emit_size)   /* --size: no copies, the externs stand for them */
        return f;
    switch (f) {
    case DER_READ: return DER_READ_INL;
    case DER_DEC: return DER_DEC_INL;
    case DER_ENC: return DER_ENC_INL;
    case DER_ITEM: return DER_ITEM_INL;
    default: return f;
    }
}

/* The attribute of the fast entry points: the whole type tree inlined, but
 * not under --size, which has no inline copies to flatten. */
static const char *flatten(void) { return emit_size ? "" : "ASN1G_FLATTEN "; }

/* The head of the function being printed: the inline copy in the second
 * pass; the extern (static when internal to the file) in the first. */
static void own_head(const CNamed *cn, CDerFn f, bool file_local)
{
    fn_head(S("%s%s", g_deep ? "ASN1G_BODY " : file_local ? "static " : "", der_sig(cn, g_deep ? inline_copy(f) : f)));
}

/* A child's function: in the second pass, its inline copy when this file has it. */
static const char *call(const CNamed *owner, CDerFn f)
{
    bool copy = g_deep && owner->home == g_cmodule;
    g_inline_calls |= copy;
    return der_fn(owner, copy ? inline_copy(f) : f);
}

/* ---------------------------------------------------------------- decode */

static void try_dec(int ind, const char *call, const char *rd, const char *nm)
{
    emit_rc_used = true;
    P(ind, "if (ASN1G_UNLIKELY((rc = %s) != 0))", call);
    emit_fail_line(ind + 4, "rc", emit_rfield(rd, "err_offset"), nm);
}

/* X.680 50: an INTEGER inside its range (which the read checks) but in a
 * hole of its exact set is refused at the value's identifier octet. */
static void dec_int_exact_begin(int ind, CType *ct, const char *rd)
{
    if (ct->nset)
        P(ind, "const size_t at = (size_t)(%s - %s);", emit_rfield(rd, "cur"), emit_rfield(rd, "base"));
}

static void dec_int_exact_end(int ind, CType *ct, const char *nm)
{
    const char *viol = emit_set_violation(ct, "v");
    if (!viol)
        return;
    P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
    emit_fail_line(ind + 4, "ASN1RT_E_VALUE_CONSTRAINT", "at", nm);
}

static void dec_plain_value(int ind, CType *ct, const char *lv, const char *rd, const char *nm);

/* The value, then its single values (X.680 51.2), refused at its identifier octet. */
static void dec_plain(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *single = emit_single_violation(ct, lv);
    if (!single) {
        dec_plain_value(ind, ct, lv, rd, nm);
        return;
    }
    P(ind, "{");
    P(ind + 4, "const size_t at_single = (size_t)(%s - %s);", emit_rfield(rd, "cur"), emit_rfield(rd, "base"));
    dec_plain_value(ind + 4, ct, lv, rd, nm);
    P(ind + 4, "if (ASN1G_UNLIKELY(%s))", single);
    emit_fail_line(ind + 8, "ASN1RT_E_VALUE_CONSTRAINT", "at_single", nm);
    P(ind, "}");
}

static void dec_plain_value(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *vt = ct->vtag;
    switch (ct->kind) {
    case CK_BOOL:
        try_dec(ind, S("asn1g_read_bool(%s, %s, %s)", rd, vt, emit_addr(lv)), rd, nm);
        break;
    case CK_NULL:
        try_dec(ind, S("asn1g_read_null(%s, %s)", rd, vt), rd, nm);
        break;
    case CK_INT:
        P(ind, "{");
        P(ind + 4, "int64_t v;");
        dec_int_exact_begin(ind + 4, ct, rd);
        try_dec(ind + 4, S("asn1g_read_int(%s, %s, %s, %s, &v)", rd, vt, ct->lo, ct->hi), rd, nm);
        dec_int_exact_end(ind + 4, ct, nm);
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
        P(ind, "}");
        break;
    case CK_UINT:
        P(ind, "{");
        P(ind + 4, "uint64_t v;");
        dec_int_exact_begin(ind + 4, ct, rd);
        try_dec(ind + 4, S("asn1g_read_uint(%s, %s, %s, %s, &v)", rd, vt, ct->lo, ct->hi), rd, nm);
        dec_int_exact_end(ind + 4, ct, nm);
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
        P(ind, "}");
        break;
    case CK_BIGINT:
        try_dec(ind, S("asn1g_read_bigint(%s, %s, %s)", rd, vt, emit_addr(lv)), rd, nm);
        break;
    case CK_U128:
        try_dec(ind, S("asn1rt_read_u128(%s, %s, %s)", rd, vt, emit_addr(lv)), rd, nm);
        break;
    case CK_I128:
        try_dec(ind, S("asn1rt_read_i128(%s, %s, %s)", rd, vt, emit_addr(lv)), rd, nm);
        break;
    case CK_OCTETS: case CK_STRING: case CK_BITS:
        /* BER: a constructed string is joined into the arena (X.690 8.6.4, 8.7.3, 8.23.6). */
        if (ct->kind == CK_OCTETS || ct->universal == 7)
            try_dec(ind, S("asn1g_%sread_octets(%s, %s%s, %s)", g_ber ? "ber_" : "", rd, vt, arena_arg(), emit_addr(lv)),
                    rd, nm);
        else if (ct->kind == CK_STRING)
            try_dec(ind, S("asn1g_%sread_string(%s, %s, %s%s, %s)", g_ber ? "ber_" : "", rd, vt, ct->universal_name,
                           arena_arg(), emit_addr(lv)), rd, nm);
        else
            try_dec(ind, S("asn1g_%sread_bits(%s, %s%s, %s)", g_ber ? "ber_" : "", rd, vt, arena_arg(), emit_addr(lv)),
                    rd, nm);
        /* BER may end a named-bit list in 0 bits (X.690 11.2.2 is DER's):
         * the value is the list without them, as DER has it. */
        if (g_ber && ct->kind == CK_BITS && ct->named_bits)
            P(ind, "%s = asn1g_bits_trim(%s);", lv, emit_addr(lv));
        if (ct->kind == CK_BITS && ct->named_bits && !g_ber) {
            /* X.690 11.2.2: a named-bit list ends in a 1 bit. */
            P(ind, "if (ASN1G_UNLIKELY((%s).len > 0 && ((%s).ptr[(%s).len - 1] & (1u << (%s).unused)) == 0))",
              lv, lv, lv, lv);
            emit_fail_line(ind + 4, "ASN1RT_E_BITSTRING_TRAILING_ZERO", S("(size_t)(%s - %s)", emit_dot(lv, "ptr"), emit_rfield(rd, "base")), nm);
        }
        /* Its trailing zero bits back up to the SIZE's lower bound (11.2.2 NOTE 1). */
        if (ct->kind == CK_BITS && ct->named_bits && ct->size_lo_set && ct->size_lo > 0)
            P(ind, "%s = asn1g_bits_pad(%s, %" PRIu64 "u);", lv, emit_addr(lv), ct->size_lo);
        emit_size_check(ind, ct, lv, S("(size_t)(%s - %s)", emit_dot(lv, "ptr"), emit_rfield(rd, "base")), nm);
        break;
    case CK_TIME:
        /* BER: the time forms DER forbids are rewritten to DER in the arena (X.680 46.3, 47.3). */
        if (g_ber)
            try_dec(ind, S("asn1g_ber_read_time(%s, %s, %s, arena, %s)", rd, vt, ct->universal_name, emit_addr(lv)), rd,
                    nm);
        else
            try_dec(ind, S("asn1g_read_time(%s, %s, %s, %s)", rd, vt, ct->universal_name, emit_addr(lv)), rd, nm);
        break;
    case CK_OID:
        try_dec(ind, S("asn1g_read_oid(%s, %s, %s)", rd, vt, emit_addr(lv)), rd, nm);
        break;
    case CK_ANY:
        if (strcmp(vt, "0") != 0) {
            P(ind, "if (ASN1G_UNLIKELY(!%s(%s, %s)))", g_ber ? "asn1g_ber_next_is" : "asn1g_next_is", rd, vt);
            emit_fail_line(ind + 4, "ASN1RT_E_UNEXPECTED_TAG", S("asn1rt_offset(%s)", rd), nm);
        }
        if (g_ber)
            try_dec(ind, S("asn1g_ber_read_any(%s, arena, %s)", rd, emit_addr(lv)), rd, nm);
        else
            try_dec(ind, S("asn1g_read_any(%s, %s)", rd, emit_addr(lv)), rd, nm);
        break;
    default:
        emit_rc_used = true;
        P(ind, "if (ASN1G_UNLIKELY((rc = %s(%s, %s, %s, err%s)) != 0))", call(ct->owner, DER_DEC), emit_addr(lv),
          rd, vt, arena_arg());
        emit_fail_line(ind + 4, "rc", "0", nm);
        break;
    }
}

/* Decodes one value with its explicit wrappers into lvalue lv from reader rd;
 * last: nothing may follow it in rd (BER enters it with asn1g_ber_enter_last,
 * as it does each wrapper's content). */
static void dec_value_at(int ind, CType *ct, const char *lv, const char *rd, const char *nm, bool last)
{
    int ids[64];
    const char *cur = rd;
    if (ct->nwraps > 0)
        P(ind, "{");
    int in = ct->nwraps > 0 ? ind + 4 : ind;
    for (int i = 0; i < ct->nwraps && i < 64; i++) {
        ids[i] = ++g_tmp;
        P(in, "asn1rt_reader x%d;", ids[i]);
    }
    for (int i = 0; i < ct->nwraps && i < 64; i++) {
        try_dec(in, S("%s(%s, %s, &x%d)", g_ber && (last || i > 0) ? "asn1g_ber_enter_last" : "asn1g_enter", cur,
                      ct->wraps[i], ids[i]), cur, nm);
        cur = S("&x%d", ids[i]);
    }
    dec_plain(in, ct, lv, cur, nm);
    for (int i = ct->nwraps - 1; i >= 0; i--)
        try_dec(in, S("asn1g_expect_end(&x%d)", ids[i]), S("&x%d", ids[i]), nm);
    if (ct->nwraps > 0)
        P(ind, "}");
}

static void dec_value(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    dec_value_at(ind, ct, lv, rd, nm, false);
}

static const char *present_test(CType *ct, const char *rd)
{
    const char *is = g_ber ? "asn1g_ber_next_is" : "asn1g_next_is";
    if (ct->any_first || ct->nfirst == 0)
        return S("!asn1rt_at_end(%s)", rd);
    char *s = S("%s(%s, %s)", is, rd, ct->first_expr[0]);
    for (int i = 1; i < ct->nfirst; i++)
        s = S("%s || %s(%s, %s)", s, is, rd, ct->first_expr[i]);
    return s;
}

/* ---------------------------------------------------------------- encode */

static void enc_plain(int ind, CType *ct, const char *rv)
{
    const char *vt = ct->vtag;
    const char *viol = emit_single_violation(ct, rv);
    if (viol) {              /* X.680 51.2 */
        P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
    }
    switch (ct->kind) {
    case CK_BOOL: P(ind, "ASN1G_TRY(asn1g_put_bool(w, %s, %s));", vt, rv); break;
    case CK_NULL: P(ind, "ASN1G_TRY(asn1g_put_null(w, %s));", vt); break;
    case CK_INT: case CK_UINT:
        viol = emit_range_violation(ct, rv);
        if (viol) {
            P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        if (ct->kind == CK_INT)
            P(ind, "ASN1G_TRY(asn1g_put_int(w, %s, (int64_t)%s));", vt, emit_par(rv));
        else
            P(ind, "ASN1G_TRY(asn1g_put_uint(w, %s, (uint64_t)%s));", vt, emit_par(rv));
        break;
    case CK_BIGINT: P(ind, "ASN1G_TRY(asn1g_put_bigint(w, %s, %s));", vt, emit_addr(rv)); break;
    case CK_U128: P(ind, "ASN1G_TRY(asn1rt_prepend_u128(w, %s, %s));", vt, rv); break;
    case CK_I128: P(ind, "ASN1G_TRY(asn1rt_prepend_i128(w, %s, %s));", vt, rv); break;
    case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID: case CK_BITS:
        viol = emit_size_violation(ct, "n");
        if (viol) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", emit_size_measure(ct, rv));
            P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(ind, "}");
        }
        if (ct->kind == CK_BITS && ct->named_bits) {
            P(ind, "{");
            P(ind + 4, "asn1rt_bits t = asn1g_bits_trim(%s);  /* X.690 11.2.2 */", emit_addr(rv));
            P(ind + 4, "ASN1G_TRY(asn1g_put_bits(w, %s, &t));", vt);
            P(ind, "}");
        } else if (ct->kind == CK_BITS)
            P(ind, "ASN1G_TRY(asn1g_put_bits(w, %s, %s));", vt, emit_addr(rv));
        else
            P(ind, "ASN1G_TRY(asn1g_put_octets(w, %s, %s, %s));", vt, emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        break;
    case CK_ANY: P(ind, "ASN1G_TRY(asn1g_put_raw(w, %s, %s));", emit_dot(rv, "ptr"), emit_dot(rv, "len")); break;
    default: P(ind, "ASN1G_TRY(%s(%s, w, %s));", call(ct->owner, DER_ENC), emit_addr(rv), vt); break;
    }
}

static void enc_value(int ind, CType *ct, const char *rv)
{
    int ids[64];
    if (ct->nwraps > 0)
        P(ind, "{");
    int in = ct->nwraps > 0 ? ind + 4 : ind;
    for (int i = 0; i < ct->nwraps && i < 64; i++) {
        ids[i] = ++g_tmp;
        P(in, "uint8_t *m%d = asn1g_mark(w);", ids[i]);
    }
    enc_plain(in, ct, rv);
    for (int i = ct->nwraps - 1; i >= 0; i--)
        P(in, "ASN1G_TRY(asn1g_close(w, %s, m%d));", ct->wraps[i], ids[i]);
    if (ct->nwraps > 0)
        P(ind, "}");
}

/* The length of a BOOLEAN or NULL does not depend on the value. */
static bool len_reads_value(const CType *ct) { return ct->kind != CK_BOOL && ct->kind != CK_NULL; }

static const char *len_expr(CType *ct, const char *rv)
{
    const char *vt = ct->vtag;
    const char *e;
    switch (ct->kind) {
    case CK_BOOL: e = S("asn1g_tlv_len(%s, 1)", vt); break;
    case CK_NULL: e = S("asn1g_tlv_len(%s, 0)", vt); break;
    case CK_INT: e = S("asn1g_tlv_len(%s, asn1g_int_len((int64_t)%s))", vt, emit_par(rv)); break;
    case CK_UINT: e = S("asn1g_tlv_len(%s, asn1g_uint_len((uint64_t)%s))", vt, emit_par(rv)); break;
    case CK_BITS:
        e = ct->named_bits ? S("asn1g_tlv_len(%s, asn1g_bits_trim(%s).len + 1)", vt, emit_addr(rv))
                           : S("asn1g_tlv_len(%s, %s + 1)", vt, emit_dot(rv, "len"));
        break;
    case CK_U128: e = S("asn1g_tlv_len(%s, asn1rt_u128_len(%s))", vt, rv); break;
    case CK_I128: e = S("asn1g_tlv_len(%s, asn1rt_i128_len(%s))", vt, rv); break;
    case CK_BIGINT: case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID:
        e = S("asn1g_tlv_len(%s, %s)", vt, emit_dot(rv, "len")); break;
    case CK_ANY: e = emit_dot(rv, "len"); break;
    default: e = S("%s(%s, %s)", der_fn(ct->owner, DER_LEN), emit_addr(rv), vt); break;
    }
    for (int i = ct->nwraps - 1; i >= 0; i--)
        e = S("asn1g_tlv_len(%s, %s)", ct->wraps[i], e);
    return e;
}

/* ---------------------------------------------------------------- SEQUENCE, SET */

/* Condition that tag word t starts component k of cn; NULL when no tag is known. */
static const char *tag_is(CNamed *cn, int k)
{
    CType *ct = cn->comps[k]->ct;
    const char *any = NULL;
    for (int i = 0; i < ct->nfirst; i++) {
        const char *t = g_ber ? S("t == ASN1G_BER_TAG(%s)", ct->first_expr[i]) : S("t == %s", ct->first_expr[i]);
        any = any ? S("%s || %s", any, t) : t;
    }
    return any;
}

/* SET, element with tag t found where component set_order[pos] must be (or
 * after the last one, pos == ncomps): the tag of a component already read
 * means it came twice (DUPLICATE_COMPONENT); of a later one, or of an
 * earlier OPTIONAL/DEFAULT one that was absent, the components are not in
 * DER order (SET_ORDER). Printed on failure paths only. */
static void set_misplaced(int ind, CNamed *cn, int pos, const char *nm)
{
    for (int j = 0; j < cn->ncomps; j++) {
        int k = cn->set_order[j];
        CComp *oc = cn->comps[k];
        const char *is = tag_is(cn, k);
        if (j == pos || !is)
            continue;
        bool read = j < pos && !oc->has_default;
        if (read && oc->optional) {
            P(ind, "if ((%s) && out->%s)", is, oc->present);
            emit_fail_line(ind + 4, "ASN1RT_E_DUPLICATE_COMPONENT", "asn1rt_offset(&c)", emit_qname(oc->asn1));
            read = false;
        }
        P(ind, "if (%s)", is);
        emit_fail_line(ind + 4, read ? "ASN1RT_E_DUPLICATE_COMPONENT" : "ASN1RT_E_SET_ORDER", "asn1rt_offset(&c)",
                  read ? emit_qname(oc->asn1) : nm);
    }
}

/* SET: when a required component is not next but another component's tag
 * is, the sender broke the tag order (X.690 10.3) or repeated a component,
 * which is worth saying. */
static void set_order_guard(CNamed *cn, CComp *cc, int pos)
{
    if (cn->ncomps < 2)
        return;
    P(4, "if (ASN1G_UNLIKELY(!(%s))) {", present_test(cc->ct, "&c"));
    P(8, "uint32_t t = asn1g_peek(&c);");
    set_misplaced(8, cn, pos, emit_qname(cc->asn1));
    P(4, "}");
}

/* The condition that an unknown addition's tag t sorts below a root
 * component that is there (X.690 10.3), appended to `low` with ||. DER
 * knows presence from the flags already set and skips a DEFAULT (it may be
 * absent unseen); BER has read the whole SET and knows it from seen[]. */
static const char *below_root(CNamed *cn, const char *low, bool ber)
{
    for (int j = 0; j < cn->ncomps; j++) {
        int k = cn->set_order[j];
        CComp *oc = cn->comps[k];
        if ((!ber && oc->has_default) || oc->ct->any_first || oc->ct->nfirst != 1)
            continue;
        const char *below = S("(t & ~0x20000000u) < (%s & ~0x20000000u)", oc->ct->first_expr[0]);
        const char *there = ber ? S("seen[%d] && ", k) : oc->optional ? S("out->%s && ", oc->present) : "";
        low = S("%s || (%s%s)", low, there, below);
    }
    return low;
}

/* DER, extensible SET: the elements after the root are unknown additions,
 * each with a tag of no root component (one of those is a component met
 * twice, or out of order: set_misplaced), above every root component's
 * that was there and above the previous one's (X.690 10.3: DER sorts the
 * whole SET by tag; tags compared without the constructed bit). A root
 * component whose tag is not known at one value (an untagged CHOICE) or
 * that may be absent unseen (DEFAULT) bounds nothing here. */
static void set_unknown_ext(CNamed *cn)
{
    P(4, "{");
    P(8, "const uint8_t *ext = c.cur;");
    P(8, "uint32_t prev = 0;");
    P(8, "while (!asn1rt_at_end(&c)) {");
    P(12, "uint32_t t = asn1g_peek(&c);");
    P(12, "asn1rt_view one;");
    set_misplaced(12, cn, cn->ncomps, "NULL");
    const char *low = below_root(cn, "(ext != c.cur && (t & ~0x20000000u) <= prev)", false);
    P(12, "if (ASN1G_UNLIKELY(t != 0xFFFFFFFFu && (%s)))   /* a bad tag: read_any says so */", low);
    emit_fail_line(16, "ASN1RT_E_SET_ORDER", "asn1rt_offset(&c)", "NULL");
    P(12, "prev = t & ~0x20000000u;");
    try_dec(12, "asn1g_read_any(&c, &one)", "&c", "NULL");
    P(8, "}");
    P(8, "out->unknown_ext = (asn1rt_view){ ext, (size_t)(c.cur - ext) };");
    P(4, "}");
}

/* Whether a SEQUENCE/SET's decode, encode (or, for len, its length)
 * touches the struct: a presence flag, a member with a value, the unknown
 * extensions. */
static bool seq_reads_members(const CNamed *cn, bool len)
{
    bool any = cn->extensible;
    for (int k = 0; k < cn->ncomps; k++) {
        const CComp *cc = cn->comps[k];
        /* NULL DEFAULT NULL's member is never read (there is one value) */
        any |= cc->optional || (cc->ct->kind != CK_NULL && (cc->has_default || (cc->has_member && (!len || len_reads_value(cc->ct)))));
    }
    return any;
}

static void emit_seq_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    own_head(cn, DER_DEC, false);
    P(0, "{");
    P(4, "asn1rt_reader c;");
    FILE *saved = emit_body_begin(&buf, &len);
    if (g_ber)
        P(4, "(void)arena;");
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[cn->set_order ? cn->set_order[k] : k];
        const char *lv = emit_member(cc, "out->");
        const char *nm = emit_qname(cc->asn1);
        if (cc->optional) {
            P(4, "if (%s) {", present_test(cc->ct, "&c"));
            P(8, "out->%s = true;", cc->present);
            dec_value(8, cc->ct, lv, "&c", nm);
            P(4, "} else {");
            P(8, "out->%s = false;", cc->present);
            P(4, "}");
        } else if (cc->has_default && g_ber) {
            P(4, "if (%s) {", present_test(cc->ct, "&c"));
            dec_value(8, cc->ct, lv, "&c", nm);   /* BER may encode the default value */
            P(4, "} else {");
            P(8, "%s = %s;", lv, cc->default_expr);
            P(4, "}");
        } else if (cc->has_default) {
            P(4, "if (%s) {", present_test(cc->ct, "&c"));
            P(8, "const uint8_t *s = c.cur;");
            dec_value(8, cc->ct, lv, "&c", nm);
            /* X.690 11.5: a DEFAULT value is not encoded in DER. */
            P(8, "if (ASN1G_UNLIKELY((%s) && !(c.lax & ASN1RT_LAX_DEFAULT)))", emit_eq(cc->ct, lv, cc->default_expr));
            emit_fail_line(12, "ASN1RT_E_DEFAULT_ENCODED", "(size_t)(s - c.base)", nm);
            P(4, "} else {");
            P(8, "%s = %s;", lv, cc->default_expr);
            P(4, "}");
        } else {
            if (cn->set_order && !cc->ct->any_first && cc->ct->nfirst > 0)
                set_order_guard(cn, cc, k);
            /* The last component of a SEQUENCE without extensions ends the body. */
            dec_value_at(4, cc->ct, lv, "&c", nm, k == cn->ncomps - 1 && !cn->extensible && !cn->set_order);
        }
    }
    if (cn->extensible && cn->set_order && !g_ber) {
        set_unknown_ext(cn);
    } else if (cn->extensible) {
        if (g_ber)
            try_dec(4, "asn1g_ber_read_rest(&c, arena, &out->unknown_ext)", "&c", "NULL");
        else
            try_dec(4, "asn1g_read_rest(&c, &out->unknown_ext)", "&c", "NULL");
    } else {
        if (cn->set_order && cn->ncomps > 0) {
            P(4, "if (ASN1G_UNLIKELY(!asn1rt_at_end(&c))) {");
            P(8, "uint32_t t = asn1g_peek(&c);");
            set_misplaced(8, cn, cn->ncomps, "NULL");
            P(4, "}");
        }
        try_dec(4, "asn1g_expect_body_end(&c)", "&c", "NULL");
    }
    if (!seq_reads_members(cn, false))
        P(4, "(void)out;  /* no component carries a value */");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_seq_enc(CNamed *cn)
{
    char *buf;
    size_t len;
    own_head(cn, DER_ENC, false);
    P(0, "{");
    P(4, "uint8_t *m = asn1g_mark(w);");
    FILE *saved = emit_body_begin(&buf, &len);
    if (cn->extensible)
        P(4, "ASN1G_TRY(asn1g_put_raw(w, in->unknown_ext.ptr, in->unknown_ext.len));");
    for (int k = cn->ncomps - 1; k >= 0; k--) {
        CComp *cc = cn->comps[cn->set_order ? cn->set_order[k] : k];
        const char *rv = emit_member(cc, "in->");
        if (cc->optional) {
            P(4, "if (in->%s) {", cc->present);
            enc_value(8, cc->ct, rv);
            P(4, "}");
        } else if (cc->has_default) {
            P(4, "if (!(%s)) {", emit_eq(cc->ct, rv, cc->default_expr));
            enc_value(8, cc->ct, rv);
            P(4, "}");
        } else {
            enc_value(4, cc->ct, rv);
        }
    }
    if (!seq_reads_members(cn, false))
        P(4, "(void)in;  /* no component carries a value */");
    P(4, "return asn1g_close(w, tag, m);");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();

}

static void emit_seq_len(CNamed *cn)
{
    char *buf;
    size_t len;
    P(0, "%s", der_sig(cn, DER_LEN));
    P(0, "{");
    P(4, "size_t n = 0;");
    FILE *saved = emit_body_begin(&buf, &len);
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = emit_member(cc, "in->");
        if (cc->optional)
            P(4, "if (in->%s)", cc->present);
        else if (cc->has_default)
            P(4, "if (!(%s))", emit_eq(cc->ct, rv, cc->default_expr));
        P(cc->optional || cc->has_default ? 8 : 4, "n += %s;", len_expr(cc->ct, rv));
    }
    if (cn->extensible)
        P(4, "n += in->unknown_ext.len;");
    if (!seq_reads_members(cn, true))
        P(4, "(void)in;");
    P(4, "return asn1g_tlv_len(tag, n);");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

/* ---------------------------------------------------------------- CHOICE */

static void emit_choice_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    CComp *any_alt = NULL;
    own_head(cn, DER_DEC, false);
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    P(4, "(void)tag;");
    if (g_ber)
        P(4, "(void)arena;");
    P(4, "switch (%s(r)) {", g_ber ? "asn1g_ber_peek" : "asn1g_peek");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->ct->any_first && cc->ct->nfirst == 0) {
            any_alt = cc;
            continue;
        }
        for (int i = 0; i < cc->ct->nfirst; i++)
            P(4, g_ber ? "case ASN1G_BER_TAG(%s):" : "case %s:", cc->ct->first_expr[i]);
        P(8, "out->present = %s;", cc->pr);
        dec_value(8, cc->ct, emit_member(cc, "out->u."), "r", emit_qname(cc->asn1));
        P(8, "return ASN1RT_OK;");
    }
    P(4, "default:");
    if (any_alt) {
        P(8, "out->present = %s;", any_alt->pr);
        dec_value(8, any_alt->ct, emit_member(any_alt, "out->u."), "r", emit_qname(any_alt->asn1));
        P(8, "return ASN1RT_OK;");
    } else if (cn->extensible) {
        P(8, "out->present = %s;", cn->pr_unknown);
        try_dec(8, g_ber ? "asn1g_ber_read_any(r, arena, &out->u.unknown)" : "asn1g_read_any(r, &out->u.unknown)", "r", "NULL");
        P(8, "return ASN1RT_OK;");
    } else {
        emit_fail_line(8, "asn1g_no_alternative(r)", "asn1rt_offset(r)", "NULL");
    }
    P(4, "}");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_choice_enc(CNamed *cn)
{
    own_head(cn, DER_ENC, false);
    P(0, "{");
    P(4, "(void)tag;");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", cc->pr);
        enc_value(8, cc->ct, emit_member(cc, "in->u."));
        P(8, "return ASN1RT_OK;");
    }
    if (cn->extensible) {
        P(4, "case %s:", cn->pr_unknown);
        P(8, "return asn1g_put_raw(w, in->u.unknown.ptr, in->u.unknown.len);");
    }
    P(4, "default:");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    emit_fn_close();

}

static void emit_choice_len(CNamed *cn)
{
    P(0, "%s", der_sig(cn, DER_LEN));
    P(0, "{");
    P(4, "(void)tag;");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", cc->pr);
        P(8, "return %s;", len_expr(cc->ct, emit_member(cc, "in->u.")));
    }
    if (cn->extensible) {
        P(4, "case %s:", cn->pr_unknown);
        P(8, "return in->u.unknown.len;");
    }
    P(4, "default:");
    P(8, "return 0;");
    P(4, "}");
    emit_fn_close();
}

/* ---------------------------------------------------------------- ENUMERATED */

static void emit_enum_dec(CNamed *cn)
{
    own_head(cn, DER_DEC, false);
    P(0, "{");
    P(4, "const uint8_t *s = r->cur;");
    P(4, "int v;");
    P(4, "int rc = asn1g_read_enum(r, tag, &v);");
    if (g_ber)
        P(4, "(void)arena;");
    P(4, "if (ASN1G_UNLIKELY(rc != 0))");
    P(8, "return asn1g_fail(err, rc, r->err_offset, NULL);");
    if (!cn->extensible) {
        P(4, "switch (v) {");
        for (int i = 0; i < cn->nitems; i++)
            P(4, "case %s:", cn->items[i].number);
        P(8, "break;");
        P(4, "default:");
        P(8, "r->cur = s;");
        P(8, "return asn1g_fail(err, ASN1RT_E_ENUM_VALUE, (size_t)(s - r->base), NULL);");
        P(4, "}");
    } else {
        P(4, "(void)s;  /* extensible: unknown values are kept */");
    }
    P(4, "*out = (%s)v;", cn->cname);
    P(4, "return ASN1RT_OK;");
    emit_fn_close();
}

static void emit_enum_enc(CNamed *cn)
{
    own_head(cn, DER_ENC, false);
    P(0, "{");
    if (!cn->extensible) {
        /* A value outside a closed list must not reach the wire. */
        P(4, "int rc = %s(in);", cn->fn[FN_CHECK]);
        P(4, "if (ASN1G_UNLIKELY(rc != 0))");
        P(8, "return rc;");
    }
    P(4, "return asn1g_put_int(w, tag, (int64_t)*in);");
    emit_fn_close();
}

static void emit_enum_len(CNamed *cn)
{
    P(0, "%s", der_sig(cn, DER_LEN));
    P(0, "{");
    P(4, "return asn1g_tlv_len(tag, asn1g_int_len((int64_t)*in));");
    emit_fn_close();
}

/* ---------------------------------------------------------------- SEQUENCE OF, SET OF */

static void set_order_check(int ind, bool set_of)
{
    if (!set_of || g_ber)
        return;
    /* X.690 11.6: each element's encoding >= the previous one's. */
    P(ind, "if (ASN1G_UNLIKELY(prev != NULL && !(c.lax & ASN1RT_LAX_SET_ORDER) &&");
    P(ind, "                   !asn1g_der_order_le(prev, prev_len, s, (size_t)(c.cur - s))))");
    emit_fail_line(ind + 4, "ASN1RT_E_SET_ORDER", "(size_t)(s - c.base)", "NULL");
    P(ind, "prev = s;");
    P(ind, "prev_len = (size_t)(c.cur - s);");
}

static void emit_of_item(CNamed *cn)
{
    CType *el = cn->ct->elem;
    char *buf;
    size_t len;

    own_head(cn, DER_ITEM, true);
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    if (g_ber)
        P(4, "(void)arena;");
    dec_value(4, el, "(*out)", "r", "NULL");
    fflush(emit_out);
    if (el->kind == CK_NULL)
        P(4, "(void)out;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_of_dec(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    char *buf;
    size_t len;
    const char *viol;
    FILE *saved;

    own_head(cn, DER_DEC, false);
    P(0, "{");
    P(4, "asn1rt_reader c;");
    if (!array)
        P(4, "%s item;", el->ctype);
    if (ct->set_of && !g_ber) {
        P(4, "const uint8_t *prev = NULL;");
        P(4, "size_t prev_len = 0;");
    }
    saved = emit_body_begin(&buf, &len);
    if (g_ber)
        P(4, "(void)arena;");
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    if (!array) {
        P(4, "out->raw.ptr = c.cur;");
        P(4, "out->raw.len = (size_t)(c.end - c.cur);");
        P(4, "out->items = NULL;");
    }
    /* The count lives in a local: out->count++ would be a store and a
     * reload per element, since the element stores may alias it. */
    P(4, "size_t n = 0;");
    P(4, "while (!asn1rt_at_end(&c)) {");
    P(8, "const uint8_t *s = c.cur;");
    if (array) {
        P(8, "if (ASN1G_UNLIKELY(n == %llu))", (unsigned long long)ct->size_hi);
        emit_fail_line(12, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(s - c.base)", "NULL");
        try_dec(8, S("%s(&out->items[n], &c, err%s)", call(cn, DER_ITEM), arena_arg()), "&c", "NULL");
    } else {
        try_dec(8, S("%s(&item, &c, err)", call(cn, DER_ITEM)), "&c", "NULL");
    }
    if (!ct->set_of || g_ber)
        P(8, "(void)s;");
    set_order_check(8, ct->set_of);
    P(8, "n++;");
    P(4, "}");
    P(4, "out->count = n;");
    /* An array cannot pass its upper bound (checked per element above),
     * but SIZE (1 | 3) has a hole below it. */
    viol = array && !ct->nsize_set ? (ct->size_lo_set && ct->size_lo > 0 ? S("n < %lluu", (unsigned long long)ct->size_lo) : NULL)
                                   : emit_size_violation(ct, "n");
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        emit_fail_line(8, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(c.cur - c.base)", "NULL");
    }
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void emit_of_enc(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    const char *viol;

    /* encode */
    own_head(cn, DER_ENC, false);
    P(0, "{");
    P(4, "uint8_t *m = asn1g_mark(w);");
    if (array) {
        P(4, "size_t i;");
        if (ct->set_of)
            P(4, "size_t lens[%llu];", (unsigned long long)ct->size_hi);
        viol = emit_size_violation(ct, "in->count");  /* an array's SIZE has an upper bound */
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
        P(4, "for (i = in->count; i-- > 0;) {");
        if (ct->set_of)
            P(8, "uint8_t *e = w->pos;");
        enc_value(8, el, "in->items[i]");
        if (ct->set_of)
            P(8, "lens[i] = (size_t)(e - w->pos);");
        P(4, "}");
        if (ct->set_of)
            P(4, "asn1g_sort_set_of(w->pos, lens, in->count);");
    } else {
        P(4, "if (in->items != NULL) {");
        P(8, "size_t i;");
        viol = emit_size_violation(ct, "in->count");
        if (viol) {
            P(8, "if (ASN1G_UNLIKELY(%s))", viol);
            P(12, "return ASN1RT_E_SIZE_CONSTRAINT;");
        }
        P(8, "for (i = in->count; i-- > 0;) {");
        enc_value(12, el, "in->items[i]");
        P(8, "}");
        if (ct->set_of) {
            /* X.690 11.6. The writer's free room below w->pos is scratch
             * for the O(n log n) sort; without enough of it, the sort in
             * place (no memory, O(n^2)). */
            P(8, "{");
            P(12, "asn1rt_arena scratch;");
            P(12, "size_t n = (size_t)(m - w->pos);");
            P(12, "if (asn1rt_arena_init(&scratch, w->start, (size_t)(w->pos - w->start)) != ASN1RT_OK ||");
            P(12, "    asn1rt_sort_set_of(w->pos, n, &scratch) != ASN1RT_OK)");
            P(16, "ASN1G_TRY(asn1rt_sort_set_of(w->pos, n, NULL));");
            P(8, "}");
        }
        P(4, "} else {");
        /* Already DER (validated on decode, or built by the caller): as is. */
        P(8, "ASN1G_TRY(asn1g_put_raw(w, in->raw.ptr, in->raw.len));");
        P(4, "}");
    }
    P(4, "return asn1g_close(w, tag, m);");
    emit_fn_close();
}

static void emit_of_len(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    P(0, "%s", der_sig(cn, DER_LEN));
    P(0, "{");
    if (array) {
        P(4, "size_t n = 0, i;");
        P(4, "for (i = 0; i < in->count && i < %llu; i++)", (unsigned long long)ct->size_hi);
        P(8, "n += %s;", len_expr(el, "in->items[i]"));
        P(4, "return asn1g_tlv_len(tag, n);");
    } else {
        P(4, "size_t n = 0, i;");
        P(4, "if (in->items == NULL)");
        P(8, "return asn1g_tlv_len(tag, in->raw.len);");
        P(4, "for (i = 0; i < in->count; i++)");
        P(8, "n += %s;", len_expr(el, "in->items[i]"));
        P(4, "return asn1g_tlv_len(tag, n);");
    }
    emit_fn_close();
}

/* The iterator over a list's elements, as DER. */
static void emit_of_iter(CNamed *cn)
{
    bool array = cn->ct->kind == CK_ARRAY;
    if (!array) {
        P(0, "%s", emit_fn_sig(cn, FN_ITER_INIT));
        P(0, "{");
        /* Validated when decoded (under the caller's leniency): accept it again. */
        P(4, "asn1g_reader_init(&it->r, list->raw.ptr, list->raw.len,");
        P(4, "                  ASN1RT_LAX_BOOLEAN | ASN1RT_LAX_INTEGER | ASN1RT_LAX_LENGTH | ASN1RT_LAX_SET_ORDER | ASN1RT_LAX_DEFAULT);");
        P(4, "it->items = list->items;");
        P(4, "it->i = 0;");
        P(4, "it->n = list->count;");
        emit_fn_close();
        P(0, "%s", emit_fn_sig(cn, FN_ITER_NEXT));
        P(0, "{");
        P(4, "if (it->items != NULL) {");
        P(8, "if (it->i == it->n)");
        P(12, "return false;");
        P(8, "*out = it->items[it->i++];");
        P(8, "return true;");
        P(4, "}");
        P(4, "if (asn1rt_at_end(&it->r))");
        P(8, "return false;");
        P(4, "return %s(out, &it->r, NULL) == ASN1RT_OK;", der_fn(cn, DER_ITEM));
        emit_fn_close();
        /* The typed array from the DER view: raw was validated when it
         * was decoded, so only the arena can fail. */
        P(0, "%s", emit_fn_sig(cn, FN_LOAD_ITEMS));
        P(0, "{");
        P(4, "%s it;", cn->fn[FN_ITER]);
        P(4, "%s *items;", cn->ct->elem->ctype);
        P(4, "void *p;");
        P(4, "size_t i = 0, mark;");
        P(4, "if (list == NULL || arena == NULL)");
        P(8, "return ASN1RT_E_ARG;");
        P(4, "if (list->items != NULL)");
        P(8, "return ASN1RT_OK;");
        P(4, "mark = asn1rt_arena_mark(arena);");
        /* C99 has no _Alignof: the largest power of two dividing the size
         * is a multiple of the alignment. */
        P(4, "ASN1G_TRY(asn1rt_arena_array(arena, list->count, sizeof *items, sizeof *items & ((size_t)0 - sizeof *items), &p));");
        P(4, "items = p;");
        P(4, "%s(&it, list);", cn->fn[FN_ITER_INIT]);
        P(4, "while (i < list->count && %s(&it, &items[i]))", cn->fn[FN_ITER_NEXT]);
        P(8, "i++;");
        P(4, "if (i != list->count) {");
        P(8, "asn1rt_arena_reset(arena, mark);");
        P(8, "return ASN1RT_E_ARG;  /* raw does not hold count elements */");
        P(4, "}");
        P(4, "list->items = items;");
        P(4, "return ASN1RT_OK;");
        emit_fn_close();
    }
}

/* Prints function pr (whose extern is f) twice: the inline copy, with the
 * inline copies of its same-module children, to the end of the file; the
 * extern here, calling the children's externs (one level), or, when the copy
 * calls no other copy, as a call to the copy. args: the parameters' names. */
static void print_twice(CNamed *cn, void (*pr)(CNamed *), CDerFn f, const char *args)
{
    if (emit_size) {   /* --size: the extern alone */
        pr(cn);
        return;
    }
    FILE *file = emit_out;
    emit_out = g_cp->copies;
    g_deep = true;
    g_inline_calls = false;
    pr(cn);
    g_deep = false;
    bool calls = g_inline_calls;
    fprintf(g_cp->protos, "%s;\n", g_sig);
    emit_out = file;
    if (calls) {
        pr(cn);
        return;
    }
    bool file_local = f == DER_ITEM || f == DER_READ;
    P(0, "%s%s", file_local ? "static " : "", der_sig(cn, f));
    P(0, "{");
    P(4, "return %s(%s%s);", der_fn(cn, inline_copy(f)), args, arena_arg());
    emit_fn_close();
}

static void emit_set_dec_ber(CNamed *cn);
static void emit_list_dec_ber(CNamed *cn);

/* The codec of a defining type; BER prints the decoder only, its own for
 * SET (any order) and unbounded SEQUENCE / SET OF (typed items). */
static void emit_codec(CNamed *cn)
{
    static const char dec_args[] = "out, r, tag, err", enc_args[] = "in, w, tag";
    void (*dec)(CNamed *), (*enc)(CNamed *);
    switch (cn->ct->kind) {
    case CK_SEQ: dec = emit_seq_dec; enc = emit_seq_enc; break;
    case CK_SET: dec = g_ber ? emit_set_dec_ber : emit_seq_dec; enc = emit_seq_enc; break;
    case CK_CHOICE: dec = emit_choice_dec; enc = emit_choice_enc; break;
    case CK_ENUM: dec = emit_enum_dec; enc = emit_enum_enc; break;
    case CK_ARRAY: case CK_LIST:
        print_twice(cn, emit_of_item, DER_ITEM, "out, r, err");
        dec = g_ber && cn->ct->kind == CK_LIST ? emit_list_dec_ber : emit_of_dec;
        enc = emit_of_enc;
        break;
    default: return;
    }
    print_twice(cn, dec, DER_DEC, dec_args);
    if (!g_ber)
        print_twice(cn, enc, DER_ENC, enc_args);
}

static void emit_len(CNamed *cn)
{
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET: emit_seq_len(cn); break;
    case CK_CHOICE: emit_choice_len(cn); break;
    case CK_ENUM: emit_enum_len(cn); break;
    case CK_ARRAY: case CK_LIST: emit_of_len(cn); break;
    default: break;
    }
}

/* ---------------------------------------------------------------- entry points */

/* The value with the type's own tags (explicit wrappers included). */
static void emit_read(CNamed *cn)
{
    char *buf;
    size_t len;
    own_head(cn, DER_READ, true);
    P(0, "{");
    FILE *saved = emit_body_begin(&buf, &len);
    if (g_ber)
        P(4, "(void)arena;");
    dec_value(4, cn->ct, "(*out)", "r", "NULL");
    if (cn->ct->kind == CK_NULL)
        P(4, "(void)out;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

/* BER's decoders hold a BER-mode reader and give the arena back on
 * failure (a NULL arena is one with no room). */
static void arena_locals(void)
{
    if (!g_ber)
        return;
    P(4, "asn1rt_arena none = { NULL, 0, 0 };");
    P(4, "size_t mark;");
}

static void arena_setup(void)
{
    if (!g_ber)
        return;
    P(4, "if (arena == NULL)");
    P(8, "arena = &none;");
    P(4, "mark = asn1rt_arena_mark(arena);");
}

/* *out zeroed (and BER's arena reset) when rc is not ASN1RT_OK; ret: then returns rc. */
static void fail_reset(const char *cond, bool ret)
{
    if (!g_ber && !ret) {
        P(4, "if (%s)", cond);
        P(8, "memset(out, 0, sizeof *out);");
        return;
    }
    P(4, "if (%s) {", cond);
    P(8, "memset(out, 0, sizeof *out);");
    if (g_ber)
        P(8, "asn1rt_arena_reset(arena, mark);");
    if (ret)
        P(8, "return rc;");
    P(4, "}");
}

/* T_decode, T_decode_prefix and T_decode_ex (BER: T_ber_decode ...). */
static void emit_decoders(CNamed *cn)
{
    const char *in = g_ber ? "ber" : "der";
    const char *init = g_ber ? "asn1g_ber_reader_init(&r, ber, len);" : "asn1g_reader_init(&r, der, len, 0);";
    const char *init_whole = g_ber ? "asn1g_ber_reader_init_whole(&r, ber, len);" : init;

    P(0, "%s%s", flatten(), der_sig(cn, DER_DECODE));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    arena_locals();
    P(4, "int rc;");
    P(4, "if (out == NULL || (%s == NULL && len != 0))", in);
    P(8, "return ASN1RT_E_ARG;");
    arena_setup();
    P(4, "%s", init_whole);
    P(4, "rc = %s(out, &r, NULL%s);", der_fn(cn, inline_copy(DER_READ)), arena_arg());
    P(4, "if (ASN1G_LIKELY(rc == ASN1RT_OK))");
    P(8, "rc = asn1g_expect_end(&r);");
    if (g_ber) {
        /* Failed under ASN1G_BER_LAST_EOC: again with the walks (gen.h). */
        P(4, "if (ASN1G_UNLIKELY(rc != ASN1RT_OK)) {");
        P(8, "asn1rt_arena_reset(arena, mark);");
        P(8, "return %s(out, ber, len, arena, 0, NULL);", der_fn(cn, DER_DECODE_EX));
        P(4, "}");
    } else {
        fail_reset("ASN1G_UNLIKELY(rc != ASN1RT_OK)", false);
    }
    P(4, "return rc;");
    emit_fn_close();

    P(0, "%s", der_sig(cn, DER_DECODE_PREFIX));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    arena_locals();
    P(4, "int rc;");
    P(4, "if (out == NULL || consumed == NULL || (%s == NULL && len != 0))", in);
    P(8, "return ASN1RT_E_ARG;");
    arena_setup();
    P(4, "%s", init);
    P(4, "rc = %s(out, &r, NULL%s);", der_fn(cn, DER_READ), arena_arg());
    fail_reset("ASN1G_UNLIKELY(rc != ASN1RT_OK)", true);
    P(4, "*consumed = (size_t)(r.cur - %s);", in);
    P(4, "return ASN1RT_OK;");
    emit_fn_close();

    P(0, "%s", der_sig(cn, DER_DECODE_EX));
    P(0, "{");
    P(4, "asn1rt_reader r;");
    arena_locals();
    P(4, "int rc;");
    P(4, "asn1rt_error_clear(err);");
    P(4, "if (out == NULL || (%s == NULL && len != 0))", in);
    P(8, "return asn1g_fail(err, ASN1RT_E_ARG, 0, NULL);");
    arena_setup();
    P(4, "asn1g_reader_init(&r, %s, len, %slax);", in, g_ber ? "ASN1RT_BER | " : "");
    P(4, "rc = %s(out, &r, err%s);", der_fn(cn, DER_READ), arena_arg());
    P(4, "if (rc == ASN1RT_OK && !(lax & ASN1RT_LAX_TRAILING) && (rc = asn1rt_expect_end(&r)) != ASN1RT_OK)");
    P(8, "(void)asn1g_fail(err, rc, r.err_offset, NULL);");
    fail_reset("rc != ASN1RT_OK", false);
    P(4, "return rc;");
    emit_fn_close();
}

/* Public entry points of any named type: its own tags around the value. */
static void emit_public(CNamed *cn)
{
    CType *ct = cn->ct;

    /* T_decode and T_encode, the fast entry points, run the inline bodies;
     * T_decode_ex, T_decode_prefix and T_encoded_len call the externs. */
    print_twice(cn, emit_read, DER_READ, "out, r, err");
    emit_decoders(cn);
    if (g_ber)
        return;   /* BER is read, DER written */

    g_deep = !emit_size;
    P(0, "static %s", der_sig(cn, DER_WRITE));
    P(0, "{");
    enc_value(4, ct, "(*in)");
    g_deep = false;
    if (ct->kind == CK_NULL)
        P(4, "(void)in;");
    P(4, "return ASN1RT_OK;");
    emit_fn_close();

    P(0, "%s%s", flatten(), der_sig(cn, DER_ENCODE));
    P(0, "{");
    P(4, "asn1rt_writer w;");
    P(4, "if (in == NULL || buf == NULL || len == NULL)");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "w.start = buf;");
    P(4, "w.pos = buf + cap;");
    P(4, "ASN1G_TRY(%s(in, &w));", der_fn(cn, DER_WRITE));
    P(4, "*len = asn1g_finish(&w, buf, cap);");
    P(4, "return ASN1RT_OK;");
    emit_fn_close();

    P(0, "%s", der_sig(cn, DER_ENCODED_LEN));
    P(0, "{");
    if (!len_reads_value(ct))
        P(4, "(void)in;");
    P(4, "return %s;", len_expr(ct, "(*in)"));
    emit_fn_close();
}

/* ---------------------------------------------------------------- open types */

static void emit_open(const COpen *op)
{
    char *buf;
    size_t len;
    P(0, "%s", "");
    P(0, "/* ------------------------------------------------------------------ */");
    P(0, "/* %s */", op->decode_open);
    P(0, "%s", "");
    for (int k = 0; k < op->nalts; k++)
        if (op->alts[k]->id_decl)
            fputs(op->alts[k]->id_decl, emit_out);
    P(0, "%s", open_sig(op));
    P(0, "{");
    P(4, "asn1rt_reader rd;");
    P(4, "asn1rt_reader *r = &rd;");
    P(4, "asn1rt_error *err = NULL;");
    FILE *saved = emit_body_begin(&buf, &len);
    P(4, "memset(out, 0, sizeof *out);");
    if (op->open->optional) {
        P(4, "if (!in->%s)", op->open->present);
        P(8, "return ASN1RT_E_MISSING_COMPONENT;");
    }
    P(4, "asn1g_reader_init(r, in->%s.ptr, in->%s.len, 0);", op->open->name, op->open->name);
    for (int k = 0; k < op->nalts; k++) {
        COpenAlt *a = op->alts[k];
        P(4, "%sif (%s) {", k ? "} else " : "", a->id_expr);
        P(8, "out->kind = %s;", a->kind);
        dec_value(8, a->ct, a->member ? S("out->u.%s", a->member) : "out->u.unused_", "r", "NULL");
    }
    P(4, "} else {");
    P(8, "return ASN1RT_E_UNKNOWN_OPEN_TYPE;");
    P(4, "}");
    P(4, "(void)err;");
    try_dec(4, "asn1g_expect_end(r)", "r", "NULL");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    P(0, "}");
}

/* ---------------------------------------------------------------- header */

static void header_doc(void)
{
    static const char *const doc =
        "/*\n"
        " * For every type T below:\n"
        " *   void   T_init(T *out);        zero, then DEFAULT values filled in\n"
        " *   int    T_decode(T *out, const uint8_t *der, size_t len);\n"
        " *          strict DER; the whole input must be one T (no trailing bytes);\n"
        " *          returns 0 or an asn1rt_code; *out is zeroed on failure.\n"
        " *          Strings, OIDs, big integers, open types and unbounded SEQUENCE OF\n"
        " *          are views into der: keep der alive while *out is used. Everything\n"
        " *          behind a view is validated here, so later iteration cannot fail.\n"
        " *   int    T_decode_prefix(T *out, const uint8_t *der, size_t len, size_t *consumed);\n"
        " *          as T_decode, but bytes after the value are allowed and *consumed is set.\n"
        " *   int    T_decode_ex(T *out, const uint8_t *der, size_t len, unsigned lax, asn1rt_error *err);\n"
        " *          as T_decode with ASN1RT_LAX_* leniencies; err (may be NULL) gets\n"
        " *          the code, the byte offset and the component path of the failure.\n"
        " *   size_t T_encoded_len(const T *in);   exact DER length\n"
        " *   int    T_encode(const T *in, uint8_t *buf, size_t cap, size_t *len);\n"
        " *          DER into buf[0..*len); ASN1RT_E_BUFFER_TOO_SMALL when cap is short\n"
        " *          (buf contents then unspecified); value ranges, SIZE and CHOICE\n"
        " *          discriminants are checked (ASN1RT_E_VALUE_CONSTRAINT, ...).\n"
        " *   int    T_check(const T *in);  every constraint, plus string alphabets,\n"
        " *          OID, time and raw-element validity: 0 when T_encode output decodes.\n"
        " *   bool   T_equal(const T *a, const T *b);\n"
        " *   int    T_print(FILE *f, const T *in);   JER (X.697) text; -1 on stream error\n"
        " * A SEQUENCE OF / SET OF without a small SIZE bound is { raw, count, items }:\n"
        " *   decoding sets raw (a view of the elements' DER) and count, items = NULL;\n"
        " *   int T_load_items(T *list, asn1rt_arena *arena);  fills items with count\n"
        " *          typed elements from the arena (ASN1RT_E_ARENA_FULL: list and\n"
        " *          arena untouched); nested lists stay views.\n"
        " *   encoding writes items[0..count) when items is not NULL (SET OF in DER\n"
        " *   order), else raw as is; T_iter_init/T_iter_next walk either.\n"
        " * Decoding is linear in the input size; nesting is limited to\n"
        " * ASN1RT_DEFAULT_MAX_DEPTH (ASN1RT_E_DEPTH beyond). Nothing calls malloc.\n"
        " */\n";
    fputs(doc, emit_out);
}

/* The hooks of both rules: each sets its rule (g_ber), prints, and leaves
 * DER's set; BER's print the decoders only. */
static void decl_public(const CNamed *cn, bool ber)
{
    set_rule(ber);
    P(0, "ASN1RT_MUST_USE %s;", der_sig(cn, DER_DECODE));
    P(0, "ASN1RT_MUST_USE %s;", der_sig(cn, DER_DECODE_PREFIX));
    P(0, "ASN1RT_MUST_USE %s;", der_sig(cn, DER_DECODE_EX));
    if (!ber) {
        P(0, "%s;", der_sig(cn, DER_ENCODED_LEN));
        P(0, "ASN1RT_MUST_USE %s;", der_sig(cn, DER_ENCODE));
    }
    set_rule(false);
}

static void decl_internal(const CNamed *cn, bool ber)
{
    if (!cn->defines)
        return;
    set_rule(ber);
    if (!ber)
        P(0, "/* internal: value with identifier `tag` (explicit wrappers are the caller's) */");
    P(0, "%s;", der_sig(cn, DER_DEC));
    if (!ber) {
        P(0, "%s;", der_sig(cn, DER_ENC));
        P(0, "%s;", der_sig(cn, DER_LEN));
    }
    set_rule(false);
}

static void der_decl_public(const CNamed *cn) { decl_public(cn, false); }
static void der_decl_internal(const CNamed *cn) { decl_internal(cn, false); }

static void der_decl_open(const COpen *op)
{
    P(0, "/* ASN1RT_E_MISSING_COMPONENT when absent, ASN1RT_E_UNKNOWN_OPEN_TYPE when the");
    P(0, " * identifier is not in the set, else the decoding result. */");
    P(0, "ASN1RT_MUST_USE %s;", open_sig(op));
}

/* ---------------------------------------------------------------- the rule */

static void copies_begin(const CModule *cm)
{
    g_cmodule = cm;
    g_cp->copies = open_memstream(&g_cp->copies_buf, &g_cp->copies_len);
    g_cp->protos = open_memstream(&g_cp->protos_buf, &g_cp->protos_len);
    if (!g_cp->copies || !g_cp->protos)
        abort();
}

/* The inline copies are declared before the types and defined at the end. */
static void copies_preamble(void)
{
    fclose(g_cp->protos);
    if (g_cp->protos_len > 0) {
        P(0, "%s", "");
        P(0, "/* Inline copies of the %s (see the end of the file). */", g_ber ? "BER decoders" : "codecs");
        fputs(g_cp->protos_buf, emit_out);
    }
    free(g_cp->protos_buf);
}

static void copies_end(void)
{
    fclose(g_cp->copies);
    if (g_cp->copies_len > 0) {
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        if (g_ber) {
            P(0, "/* Inline copies of the BER decoders: what T_ber_decode runs as one");
            P(0, " * straight-line function (ASN1G_BODY). */");
        } else {
            P(0, "/* Inline copies of the codecs: what T_decode and T_encode run as one");
            P(0, " * straight-line function (ASN1G_BODY). */");
        }
        P(0, "%s", "");
        fputs(g_cp->copies_buf, emit_out);
    }
    free(g_cp->copies_buf);
}

static void file_begin(const CModule *cm, bool ber)
{
    set_rule(ber);
    copies_begin(cm);
    set_rule(false);
}

static void file_preamble(bool ber)
{
    set_rule(ber);
    copies_preamble();
    set_rule(false);
}

static void file_end(bool ber)
{
    set_rule(ber);
    copies_end();
    set_rule(false);
}

static void codec(const CModule *cm, CNamed *cn, bool ber)
{
    set_rule(ber);
    g_cmodule = cm;
    g_tmp = 0;
    emit_codec(cn);
    if (!ber)
        emit_len(cn);
    set_rule(false);
}

static void entry(const CModule *cm, CNamed *cn, bool ber)
{
    set_rule(ber);
    g_cmodule = cm;
    if (!cn->defines)
        g_tmp = 0;
    emit_public(cn);
    set_rule(false);
}

static void der_file_begin(const CModule *cm) { file_begin(cm, false); }
static void der_file_preamble(void) { file_preamble(false); }
static void der_file_end(void) { file_end(false); }
static void der_codec(const CModule *cm, CNamed *cn) { codec(cm, cn, false); }

static void der_codec_late(const CModule *cm, CNamed *cn)
{
    set_rule(false);
    g_cmodule = cm;
    if (cn->ct->kind == CK_LIST)
        emit_of_iter(cn);
}

static void der_entry(const CModule *cm, CNamed *cn) { entry(cm, cn, false); }

static void der_open(const CModule *cm, const COpen *op)
{
    set_rule(false);
    g_cmodule = cm;
    emit_open(op);
}

const EmitRule emit_der = {
    .enc = ENC_DER,
    .header_doc = header_doc,
    .decl_public = der_decl_public,
    .decl_internal = der_decl_internal,
    .decl_open = der_decl_open,
    .file_begin = der_file_begin,
    .file_preamble = der_file_preamble,
    .file_end = der_file_end,
    .codec = der_codec,
    .codec_late = der_codec_late,
    .entry = der_entry,
    .open = der_open,
};
/* ---------------------------------------------------------------- BER */

/* SET in BER (X.690 8.11.2): components in any order, each at most once;
 * absent ones are OPTIONAL or DEFAULT. Unknown elements of an extensible
 * SET are skipped, then collected in a second pass as DER (out of order,
 * they are not one range of the input). */
static void emit_set_dec_ber(CNamed *cn)
{
    char *buf;
    size_t len;
    const CComp *catch_all = NULL;
    own_head(cn, DER_DEC, false);
    P(0, "{");
    P(4, "asn1rt_reader c;");
    if (cn->ncomps > 0)
        P(4, "bool seen[%d] = { false };", cn->ncomps);
    if (cn->extensible)
        P(4, "bool unknown = false;");
    FILE *saved = emit_body_begin(&buf, &len);
    P(4, "(void)arena;");
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    if (cn->extensible)
        P(4, "asn1rt_reader u = c;");
    P(4, "while (!asn1rt_at_end(&c)) {");
    P(8, "uint32_t t = asn1g_ber_peek(&c);");
    P(8, "const uint8_t *s = c.cur;");
    P(8, "(void)t;");
    bool first = true;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *is = tag_is(cn, k);
        const char *nm = emit_qname(cc->asn1);
        if (!is || cc->ct->any_first) {
            catch_all = catch_all ? catch_all : cc;
            continue;
        }
        P(8, "%sif (%s) {", first ? "" : "} else ", is);
        first = false;
        P(12, "if (ASN1G_UNLIKELY(seen[%d]))", k);
        emit_fail_line(16, "ASN1RT_E_DUPLICATE_COMPONENT", "(size_t)(s - c.base)", nm);
        P(12, "seen[%d] = true;", k);
        dec_value(12, cc->ct, emit_member(cc, "out->"), "&c", nm);
    }
    if (!first)
        P(8, "} else {");
    int in = first ? 8 : 12;
    if (catch_all) {
        int k;
        for (k = 0; k < cn->ncomps && cn->comps[k] != catch_all; k++)
            ;
        P(in, "if (ASN1G_UNLIKELY(seen[%d]))", k);
        emit_fail_line(in + 4, "ASN1RT_E_DUPLICATE_COMPONENT", "(size_t)(s - c.base)", emit_qname(catch_all->asn1));
        P(in, "seen[%d] = true;", k);
        dec_value(in, catch_all->ct, emit_member(catch_all, "out->"), "&c", emit_qname(catch_all->asn1));
    } else if (cn->extensible) {
        P(in, "unknown = true;");
        try_dec(in, "asn1rt_skip(&c)", "&c", "NULL");
    } else {
        emit_fail_line(in, "ASN1RT_E_UNKNOWN_COMPONENT", "(size_t)(s - c.base)", "NULL");
    }
    if (!first)
        P(8, "}");
    P(4, "}");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->optional) {
            P(4, "out->%s = seen[%d];", cc->present, k);
        } else if (cc->has_default) {
            P(4, "if (!seen[%d])", k);
            P(8, "%s = %s;", emit_member(cc, "out->"), cc->default_expr);
        } else {
            P(4, "if (ASN1G_UNLIKELY(!seen[%d]))", k);
            emit_fail_line(8, "ASN1RT_E_MISSING_COMPONENT", "(size_t)(c.cur - c.base)", emit_qname(cc->asn1));
        }
    }
    if (cn->extensible) {
        /* The unknown additions are kept as one run that T_encode writes
         * after the root components, so DER's order (X.690 10.3, as
         * set_unknown_ext checks it) must hold among them and above every
         * root component present: BER's other orders are refused with
         * ASN1RT_E_SET_ORDER (a documented limitation), never re-encoded
         * out of order. */
        const char *low = below_root(cn, "(any_unknown && tt <= prev)", true);
        P(4, "out->unknown_ext.ptr = NULL;");
        P(4, "out->unknown_ext.len = 0;");
        P(4, "uint32_t prev = 0;");
        P(4, "bool any_unknown = false;");
        P(4, "while (unknown && !asn1rt_at_end(&u)) {");
        P(8, "uint32_t t = asn1g_ber_peek(&u);");
        P(8, "uint32_t tt = t & ~0x20000000u;");
        const char *known = NULL;
        for (int k = 0; k < cn->ncomps; k++) {
            const char *is = tag_is(cn, k);
            if (is && !cn->comps[k]->ct->any_first)
                known = known ? S("%s || %s", known, is) : is;
        }
        int in = 8;
        if (known) {
            P(8, "if (%s) {", known);
            try_dec(12, "asn1rt_skip(&u)", "&u", "NULL");
            P(8, "} else {");
            in = 12;
        }
        P(in, "if (ASN1G_UNLIKELY(t != 0xFFFFFFFFu && (%s)))", low);
        emit_fail_line(in + 4, "ASN1RT_E_SET_ORDER", "asn1rt_offset(&u)", "NULL");
        P(in, "prev = tt;");
        P(in, "any_unknown = true;");
        try_dec(in, "asn1g_ber_append_any(&u, arena, &out->unknown_ext)", "&u", "NULL");
        if (known)
            P(8, "}");
        P(4, "}");
    }
    if (!seq_reads_members(cn, false))
        P(4, "(void)out;  /* no component carries a value */");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

/* SEQUENCE OF / SET OF without a small bound, in BER: when its bytes are
 * DER already (the strict decoder accepts them) it is a view, as T_decode
 * leaves it; otherwise its elements are decoded into typed items in the
 * arena, which T_encode writes as DER (SET OF sorted, X.690 11.6). */
static void emit_list_dec_ber(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    char *buf;
    size_t len;
    const char *viol;
    FILE *saved;

    own_head(cn, DER_DEC, false);
    P(0, "{");
    P(4, "asn1rt_reader c, k, d = *r;");
    P(4, "%s *items;", el->ctype);
    P(4, "void *p;");
    P(4, "size_t n = 0, i;");
    saved = emit_body_begin(&buf, &len);
    P(4, "d.lax = 0;");
    P(4, "if (%s(out, &d, tag, NULL) == ASN1RT_OK) {", cn->enc_fn[ENC_DER][DER_DEC]);
    P(8, "r->cur = d.cur;");
    P(8, "return ASN1RT_OK;");
    P(4, "}");
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    P(4, "k = c;");
    P(4, "while (!asn1rt_at_end(&k)) {");
    try_dec(8, "asn1rt_skip(&k)", "&k", "NULL");
    P(8, "n++;");
    P(4, "}");
    viol = emit_size_violation(ct, "n");
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        emit_fail_line(8, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(c.end - c.base)", "NULL");
    }
    P(4, "if (ASN1G_UNLIKELY(asn1rt_arena_array(arena, n, sizeof *items, sizeof *items & ((size_t)0 - sizeof *items), &p) != ASN1RT_OK))");
    emit_fail_line(8, "ASN1RT_E_ARENA_FULL", "(size_t)(c.cur - c.base)", "NULL");
    P(4, "items = p;");
    P(4, "out->raw.ptr = c.cur;");
    P(4, "out->raw.len = (size_t)(c.end - c.cur);");
    P(4, "for (i = 0; i < n; i++) {");
    try_dec(8, S("%s(&items[i], &c, err, arena)", call(cn, DER_ITEM)), "&c", "NULL");
    P(4, "}");
    P(4, "out->count = n;");
    P(4, "out->items = items;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

static void ber_header_doc(void)
{
    static const char *const doc =
        "/*\n"
        " * BER (X.690 8, --encodings ber), for every type T below:\n"
        " *   int T_ber_decode(T *out, const uint8_t *ber, size_t len, asn1rt_arena *arena);\n"
        " *          as T_decode, reading everything BER allows and DER does not:\n"
        " *          indefinite and non-minimal lengths, constructed strings (joined\n"
        " *          into arena), BOOLEAN TRUE as any non-zero octet, SET components\n"
        " *          and SET OF elements in any order, DEFAULT values present, BIT\n"
        " *          STRING padding not zero. Views point into ber where its bytes\n"
        " *          are the value's DER, else into arena; a list that is not DER\n"
        " *          gets typed items from arena, a raw element (ANY, open type,\n"
        " *          unknown extension) its DER copied there. So T_encode of the\n"
        " *          result writes the value's DER. arena may be NULL (no room):\n"
        " *          then input needing a copy is ASN1RT_E_ARENA_FULL. On failure\n"
        " *          *out is zeroed and the arena is as it was.\n"
        " *   int T_ber_decode_prefix(T *out, const uint8_t *ber, size_t len, asn1rt_arena *arena,\n"
        " *                           size_t *consumed);   bytes after the value allowed\n"
        " *   int T_ber_decode_ex(T *out, const uint8_t *ber, size_t len, asn1rt_arena *arena,\n"
        " *                       unsigned lax, asn1rt_error *err);\n"
        " *          lax: ASN1RT_LAX_* beyond BER (ASN1RT_LAX_INTEGER, _TRAILING);\n"
        " *          err (may be NULL): code, byte offset and component path.\n"
        " */\n";
    fputs(doc, emit_out);
}

static void ber_decl_public(const CNamed *cn) { decl_public(cn, true); }
static void ber_decl_internal(const CNamed *cn) { decl_internal(cn, true); }

static void ber_decl_open(const COpen *op) { (void)op; }  /* the open types' DER decoders read BER's DER copies */

static void ber_file_begin(const CModule *cm) { file_begin(cm, true); }
static void ber_file_preamble(void) { file_preamble(true); }
static void ber_file_end(void) { file_end(true); }
static void ber_codec(const CModule *cm, CNamed *cn) { codec(cm, cn, true); }

static void ber_codec_late(const CModule *cm, CNamed *cn) { (void)cm; (void)cn; }

static void ber_entry(const CModule *cm, CNamed *cn) { entry(cm, cn, true); }

static void ber_open(const CModule *cm, const COpen *op) { (void)cm; (void)op; }

const EmitRule emit_ber = {
    .enc = ENC_BER,
    .header_doc = ber_header_doc,
    .decl_public = ber_decl_public,
    .decl_internal = ber_decl_internal,
    .decl_open = ber_decl_open,
    .file_begin = ber_file_begin,
    .file_preamble = ber_file_preamble,
    .file_end = ber_file_end,
    .codec = ber_codec,
    .codec_late = ber_codec_late,
    .entry = ber_entry,
    .open = ber_open,
};
