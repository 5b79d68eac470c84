/* emit_c.c — prints the C mapping chosen by sema_cmap.c as <module>.h/.c.
 *
 * Nothing is decided here: every C name, C type, tag word, bound and
 * DEFAULT expression comes from cmap.h. The printing follows one pattern
 * per construct, chosen for speed of the generated code:
 *  - decode: straight-line calls to the inline fast paths of asn1rt/gen.h,
 *    one per field, each failure returned through asn1g_fail() which fills
 *    the optional asn1rt_error (code, offset, component path);
 *  - encode: back to front into the caller's buffer (asn1rt_writer), each
 *    constructed length known when its header is written, no length pass;
 *  - every type block in the same order: ASN.1 text, C type, functions. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* open_memstream, vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmap.h"

#ifndef ASN1CC_VERSION
#define ASN1CC_VERSION "0.0.0"
#endif

static FILE *o;          /* current output (a memory stream) */
static Arena *g_arena;   /* the compilation's arena */
static int g_tmp;        /* unique local names within one function */
static Module *g_module; /* module being printed */

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

static char *S(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *fn_ret(const char *ret) { return g_deep ? S("ASN1G_BODY %s", ret) : ret; }
static const char *fn_sfx(void) { return g_deep ? "inl_" : ""; }
static const char *call_sfx(const CNamed *owner) { return g_deep && owner->module == g_module ? "inl_" : ""; }

static void P(int ind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void P(int ind, const char *fmt, ...)
{
    va_list ap;
    fprintf(o, "%*s", ind, "");
    va_start(ap, fmt);
    vfprintf(o, fmt, ap);
    va_end(ap);
    fputc('\n', o);
}

static char *S(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *S(const char *fmt, ...)
{
    /* Small expressions, kept in the compiler's arena (freed once at exit). */
    va_list ap;
    char *s = NULL, *r;
    va_start(ap, fmt);
    if (vasprintf(&s, fmt, ap) < 0)
        abort();
    va_end(ap);
    r = arena_strdup(g_arena, s);
    free(s);
    return r;
}

static bool is_struct_kind(CKind k) { return k >= CK_SEQ || k == CK_ENUM; }

/* "(&c)->err_offset" reads better as "c.err_offset". */
static const char *rfield(const char *rd, const char *field)
{
    if (rd[0] == '&')
        return S("%s.%s", rd + 1, field);
    return S("%s->%s", rd, field);
}

static const char *qname(const char *nm) { return nm ? S("\"%s\"", nm) : "NULL"; }

/* ---------------------------------------------------------------- SIZE */

static const char *size_measure(CType *ct, const char *v)
{
    switch (ct->kind) {
    case CK_STRING: return S("asn1g_string_size(%u, &(%s))", ct->universal, v);
    case CK_BITS: return S("asn1g_bits_count(&(%s))", v);
    default: return S("(%s).len", v);
    }
}

/* Condition (on a size_t n) that the SIZE constraint is violated, or NULL. */
static const char *size_violation(CType *ct, const char *n)
{
    const char *lo = ct->size_lo_set && ct->size_lo > 0 ? S("%s < %lluu", n, (unsigned long long)ct->size_lo) : NULL;
    const char *hi = ct->size_hi_set ? S("%s > %lluu", n, (unsigned long long)ct->size_hi) : NULL;
    if (lo && hi)
        return S("%s || %s", lo, hi);
    return lo ? lo : hi;
}

static const char *range_violation(CType *ct, const char *v)
{
    const char *lo = ct->check_lo ? S("(%s) < %s", v, ct->lo) : NULL;
    const char *hi = ct->check_hi ? S("(%s) > %s", v, ct->hi) : NULL;
    if (lo && hi)
        return S("%s || %s", lo, hi);
    return lo ? lo : hi;
}

/* ---------------------------------------------------------------- decode */

static void fail_line(int ind, const char *code, const char *off, const char *nm)
{
    P(ind, "return asn1g_fail(err, %s, %s, %s);", code, off, nm);
}

static void try_dec(int ind, const char *call, const char *rd, const char *nm)
{
    P(ind, "if (ASN1G_UNLIKELY((rc = %s) != 0))", call);
    fail_line(ind + 4, "rc", rfield(rd, "err_offset"), nm);
}

static void dec_plain(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
{
    const char *vt = ct->vtag;
    const char *viol;
    switch (ct->kind) {
    case CK_BOOL:
        try_dec(ind, S("asn1g_read_bool(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        break;
    case CK_NULL:
        try_dec(ind, S("asn1g_read_null(%s, %s)", rd, vt), rd, nm);
        break;
    case CK_INT:
        P(ind, "{");
        P(ind + 4, "int64_t v;");
        try_dec(ind + 4, S("asn1g_read_int(%s, %s, %s, %s, &v)", rd, vt, ct->lo, ct->hi), rd, nm);
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
        P(ind, "}");
        break;
    case CK_UINT:
        P(ind, "{");
        P(ind + 4, "uint64_t v;");
        try_dec(ind + 4, S("asn1g_read_uint(%s, %s, %s, %s, &v)", rd, vt, ct->lo, ct->hi), rd, nm);
        P(ind + 4, "%s = (%s)v;", lv, ct->ctype);
        P(ind, "}");
        break;
    case CK_BIGINT:
        try_dec(ind, S("asn1g_read_bigint(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        break;
    case CK_U128:
        try_dec(ind, S("asn1rt_read_u128(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        break;
    case CK_I128:
        try_dec(ind, S("asn1rt_read_i128(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        break;
    case CK_OCTETS: case CK_STRING: case CK_BITS:
        if (ct->kind == CK_OCTETS || ct->universal == 7)
            try_dec(ind, S("asn1g_read_octets(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        else if (ct->kind == CK_STRING)
            try_dec(ind, S("asn1g_read_string(%s, %s, %u, &(%s))", rd, vt, ct->universal, lv), rd, nm);
        else
            try_dec(ind, S("asn1g_read_bits(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        viol = size_violation(ct, "n");
        if (viol) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", size_measure(ct, lv));
            P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
            fail_line(ind + 8, "ASN1RT_E_SIZE_CONSTRAINT", S("(size_t)((%s).ptr - %s)", lv, rfield(rd, "base")), nm);
            P(ind, "}");
        }
        if (ct->kind == CK_BITS && ct->named_bits) {
            /* X.690 11.2.2: a named-bit list ends in a 1 bit. */
            P(ind, "if (ASN1G_UNLIKELY((%s).len > 0 && ((%s).ptr[(%s).len - 1] & (1u << (%s).unused)) == 0))",
              lv, lv, lv, lv);
            fail_line(ind + 4, "ASN1RT_E_BITSTRING_TRAILING_ZERO", S("(size_t)((%s).ptr - %s)", lv, rfield(rd, "base")), nm);
        }
        break;
    case CK_TIME:
        try_dec(ind, S("asn1g_read_time(%s, %s, %u, &(%s))", rd, vt, ct->universal, lv), rd, nm);
        break;
    case CK_OID:
        try_dec(ind, S("asn1g_read_oid(%s, %s, &(%s))", rd, vt, lv), rd, nm);
        break;
    case CK_ANY:
        if (strcmp(vt, "0") != 0) {
            P(ind, "if (ASN1G_UNLIKELY(!asn1g_next_is(%s, %s)))", rd, vt);
            fail_line(ind + 4, "ASN1RT_E_UNEXPECTED_TAG", S("asn1rt_offset(%s)", rd), nm);
        }
        try_dec(ind, S("asn1g_read_any(%s, &(%s))", rd, lv), rd, nm);
        break;
    default:
        P(ind, "if (ASN1G_UNLIKELY((rc = %s_dec_%s(&(%s), %s, %s, err)) != 0))", ct->owner->cname, call_sfx(ct->owner), lv,
          rd, vt);
        fail_line(ind + 4, "rc", "0", nm);
        break;
    }
}

/* Decodes one value with its explicit wrappers into lvalue lv from reader rd. */
static void dec_value(int ind, CType *ct, const char *lv, const char *rd, const char *nm)
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
        try_dec(in, S("asn1g_enter(%s, %s, &x%d)", cur, ct->wraps[i], ids[i]), cur, nm);
        cur = S("&x%d", ids[i]);
    }
    dec_plain(in, ct, lv, cur, nm);
    for (int i = ct->nwraps - 1; i >= 0; i--)
        try_dec(in, S("asn1g_expect_end(&x%d)", ids[i]), S("&x%d", ids[i]), nm);
    if (ct->nwraps > 0)
        P(ind, "}");
}

static const char *present_test(CType *ct, const char *rd)
{
    if (ct->any_first || ct->nfirst == 0)
        return S("!asn1rt_at_end(%s)", rd);
    char *s = S("asn1g_next_is(%s, ASN1RT_TAG(%u, %u, %u))", rd, ct->first[0] >> 30, (ct->first[0] >> 29) & 1u,
                ct->first[0] & 0x1FFFFFFFu);
    for (int i = 1; i < ct->nfirst; i++)
        s = S("%s || asn1g_next_is(%s, ASN1RT_TAG(%u, %u, %u))", s, rd, ct->first[i] >> 30,
              (ct->first[i] >> 29) & 1u, ct->first[i] & 0x1FFFFFFFu);
    return s;
}

/* ---------------------------------------------------------------- encode */

static void enc_plain(int ind, CType *ct, const char *rv)
{
    const char *vt = ct->vtag;
    const char *viol;
    switch (ct->kind) {
    case CK_BOOL: P(ind, "ASN1G_TRY(asn1g_put_bool(w, %s, %s));", vt, rv); break;
    case CK_NULL: P(ind, "ASN1G_TRY(asn1g_put_null(w, %s));", vt); break;
    case CK_INT: case CK_UINT:
        viol = range_violation(ct, rv);
        if (viol) {
            P(ind, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        if (ct->kind == CK_INT)
            P(ind, "ASN1G_TRY(asn1g_put_int(w, %s, (int64_t)(%s)));", vt, rv);
        else
            P(ind, "ASN1G_TRY(asn1g_put_uint(w, %s, (uint64_t)(%s)));", vt, rv);
        break;
    case CK_BIGINT: P(ind, "ASN1G_TRY(asn1g_put_bigint(w, %s, &(%s)));", vt, rv); break;
    case CK_U128: P(ind, "ASN1G_TRY(asn1rt_prepend_u128(w, %s, %s));", vt, rv); break;
    case CK_I128: P(ind, "ASN1G_TRY(asn1rt_prepend_i128(w, %s, %s));", vt, rv); break;
    case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID: case CK_BITS:
        viol = size_violation(ct, "n");
        if (viol) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", size_measure(ct, rv));
            P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
            P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(ind, "}");
        }
        if (ct->kind == CK_BITS && ct->named_bits) {
            P(ind, "{");
            P(ind + 4, "asn1rt_bits t = asn1g_bits_trim(&(%s));  /* X.690 11.2.2 */", rv);
            P(ind + 4, "ASN1G_TRY(asn1g_put_bits(w, %s, &t));", vt);
            P(ind, "}");
        } else if (ct->kind == CK_BITS)
            P(ind, "ASN1G_TRY(asn1g_put_bits(w, %s, &(%s)));", vt, rv);
        else
            P(ind, "ASN1G_TRY(asn1g_put_octets(w, %s, (%s).ptr, (%s).len));", vt, rv, rv);
        break;
    case CK_ANY: P(ind, "ASN1G_TRY(asn1g_put_raw(w, (%s).ptr, (%s).len));", rv, rv); break;
    default: P(ind, "ASN1G_TRY(%s_enc_%s(&(%s), w, %s));", ct->owner->cname, call_sfx(ct->owner), rv, vt); break;
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

static const char *len_expr(CType *ct, const char *rv)
{
    const char *vt = ct->vtag;
    const char *e;
    switch (ct->kind) {
    case CK_BOOL: e = S("asn1g_tlv_len(%s, 1)", vt); break;
    case CK_NULL: e = S("asn1g_tlv_len(%s, 0)", vt); break;
    case CK_INT: e = S("asn1g_tlv_len(%s, asn1g_int_len((int64_t)(%s)))", vt, rv); break;
    case CK_UINT: e = S("asn1g_tlv_len(%s, asn1g_uint_len((uint64_t)(%s)))", vt, rv); break;
    case CK_BITS:
        e = ct->named_bits ? S("asn1g_tlv_len(%s, asn1g_bits_trim(&(%s)).len + 1)", vt, rv)
                           : S("asn1g_tlv_len(%s, (%s).len + 1)", vt, rv);
        break;
    case CK_U128: e = S("asn1g_tlv_len(%s, asn1rt_u128_len(%s))", vt, rv); break;
    case CK_I128: e = S("asn1g_tlv_len(%s, asn1rt_i128_len(%s))", vt, rv); break;
    case CK_BIGINT: case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID:
        e = S("asn1g_tlv_len(%s, (%s).len)", vt, rv); break;
    case CK_ANY: e = S("(%s).len", rv); break;
    default: e = S("%s_len_(&(%s), %s)", ct->owner->cname, rv, vt); break;
    }
    for (int i = ct->nwraps - 1; i >= 0; i--)
        e = S("asn1g_tlv_len(%s, %s)", ct->wraps[i], e);
    return e;
}

/* ---------------------------------------------------------------- check, equal, print */

static void chk_value(int ind, CType *ct, const char *rv)
{
    const char *viol;
    switch (ct->kind) {
    case CK_INT: case CK_UINT:
        viol = range_violation(ct, rv);
        if (viol) {
            P(ind, "if (%s)", viol);
            P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        }
        break;
    case CK_BIGINT:
        P(ind, "ASN1G_TRY(asn1rt_check_integer((%s).ptr, (%s).len, 0));", rv, rv);
        break;
    case CK_OCTETS: case CK_STRING: case CK_BITS:
        viol = size_violation(ct, "n");
        if (viol) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", size_measure(ct, rv));
            P(ind + 4, "if (%s)", viol);
            P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(ind, "}");
        }
        if (ct->kind == CK_STRING && ct->universal != 7)
            P(ind, "ASN1G_TRY(asn1rt_check_string(%u, (%s).ptr, (%s).len));", ct->universal, rv, rv);
        if (ct->kind == CK_BITS) {
            P(ind, "if ((%s).unused > 7 || ((%s).len == 0 && (%s).unused != 0))", rv, rv, rv);
            P(ind + 4, "return ASN1RT_E_BITSTRING_UNUSED;");
        }
        break;
    case CK_TIME:
        P(ind, "{");
        P(ind + 4, "asn1rt_time t;");
        P(ind + 4, "ASN1G_TRY(asn1rt_time_parse(%u, &(%s), &t));", ct->universal, rv);
        P(ind, "}");
        break;
    case CK_OID:
        P(ind, "ASN1G_TRY(asn1rt_check_oid((%s).ptr, (%s).len));", rv, rv);
        break;
    case CK_ANY:
        P(ind, "ASN1G_TRY(asn1g_check_any((%s).ptr, (%s).len));", rv, rv);
        break;
    case CK_BOOL: case CK_NULL: case CK_U128: case CK_I128:
        break;
    default:
        P(ind, "ASN1G_TRY(%s_check(&(%s)));", ct->owner->cname, rv);
        break;
    }
}

static const char *eq_expr(CType *ct, const char *a, const char *b)
{
    switch (ct->kind) {
    case CK_BOOL: case CK_INT: case CK_UINT: case CK_ENUM: return S("(%s) == (%s)", a, b);
    case CK_NULL: return "true";
    case CK_U128: case CK_I128: return S("(%s).hi == (%s).hi && (%s).lo == (%s).lo", a, b, a, b);
    case CK_BITS: return S("asn1g_bits_eq(&(%s), &(%s))", a, b);
    case CK_BIGINT: case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID: case CK_ANY:
        return S("asn1g_view_eq(&(%s), &(%s))", a, b);
    default: return S("%s_equal(&(%s), &(%s))", ct->owner->cname, a, b);
    }
}

static void print_value(int ind, CType *ct, const char *rv)
{
    switch (ct->kind) {
    case CK_BOOL: P(ind, "asn1jer_bool(f, %s);", rv); break;
    case CK_NULL: P(ind, "asn1jer_null(f);"); break;
    case CK_INT: P(ind, "asn1jer_int(f, (int64_t)(%s));", rv); break;
    case CK_UINT: P(ind, "asn1jer_uint(f, (uint64_t)(%s));", rv); break;
    case CK_BIGINT: P(ind, "asn1jer_bigint(f, &(%s));", rv); break;
    case CK_U128: P(ind, "asn1jer_u128(f, %s);", rv); break;
    case CK_I128: P(ind, "asn1jer_i128(f, %s);", rv); break;
    case CK_OCTETS: case CK_ANY: P(ind, "asn1jer_hex(f, (%s).ptr, (%s).len);", rv, rv); break;
    case CK_STRING: case CK_TIME: P(ind, "asn1jer_string(f, &(%s), %u);", rv, ct->universal); break;
    case CK_OID: P(ind, "asn1jer_oid(f, &(%s));", rv); break;
    case CK_BITS: P(ind, "asn1jer_bits(f, &(%s), %s);", rv, ct->fixed_size_bits ? "true" : "false"); break;
    default: P(ind, "(void)%s_print(f, &(%s));", ct->owner->cname, rv); break;
    }
}

/* ---------------------------------------------------------------- function bodies */

/* Captures a body so that `int rc;` is declared only when used. */
static FILE *body_begin(char **buf, size_t *len)
{
    FILE *saved = o;
    o = open_memstream(buf, len);
    if (!o)
        abort();
    return saved;
}

static void body_end(FILE *saved, char **bufp, const char *decls)
{
    fclose(o);                  /* sets *bufp */
    o = saved;
    char *buf = *bufp;
    if (strstr(buf, "rc = ") || strstr(buf, "(rc)") || strstr(buf, ", rc,"))
        P(4, "int rc;");
    if (decls)
        fputs(decls, o);
    fputs(buf, o);
    free(buf);
}

static const char *member(CComp *cc, const char *base) { return S("%s%s", base, cc->name); }

/* Condition that tag word t starts component k of cn; NULL when no tag is known. */
static const char *tag_is(CNamed *cn, int k)
{
    CType *ct = cn->comps[k]->ct;
    const char *any = NULL;
    for (int i = 0; i < ct->nfirst; i++) {
        const char *t = S("t == ASN1RT_TAG(%u, %u, %u)", ct->first[i] >> 30, (ct->first[i] >> 29) & 1u,
                          ct->first[i] & 0x1FFFFFFFu);
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
            P(ind, "if ((%s) && out->%s_present)", is, oc->name);
            fail_line(ind + 4, "ASN1RT_E_DUPLICATE_COMPONENT", "asn1rt_offset(&c)", qname(oc->comp->name));
            read = false;
        }
        P(ind, "if (%s)", is);
        fail_line(ind + 4, read ? "ASN1RT_E_DUPLICATE_COMPONENT" : "ASN1RT_E_SET_ORDER", "asn1rt_offset(&c)",
                  read ? qname(oc->comp->name) : nm);
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
    set_misplaced(8, cn, pos, qname(cc->comp->name));
    P(4, "}");
}

static void emit_seq_dec(CNamed *cn)
{
    char *buf;
    size_t len;
    P(0, "%s %s_dec_%s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err)", fn_ret("int"), cn->cname, fn_sfx(),
      cn->cname);
    P(0, "{");
    P(4, "asn1rt_reader c;");
    FILE *saved = body_begin(&buf, &len);
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[cn->set_order ? cn->set_order[k] : k];
        const char *lv = member(cc, "out->");
        const char *nm = qname(cc->comp->name);
        if (cc->optional) {
            P(4, "if (%s) {", present_test(cc->ct, "&c"));
            P(8, "out->%s_present = true;", cc->name);
            dec_value(8, cc->ct, lv, "&c", nm);
            P(4, "} else {");
            P(8, "out->%s_present = false;", cc->name);
            P(4, "}");
        } else if (cc->has_default) {
            P(4, "if (%s) {", present_test(cc->ct, "&c"));
            P(8, "const uint8_t *s = c.cur;");
            dec_value(8, cc->ct, lv, "&c", nm);
            /* X.690 11.5: a DEFAULT value is not encoded in DER. */
            P(8, "if (ASN1G_UNLIKELY((%s) && !(c.lax & ASN1RT_LAX_DEFAULT)))", eq_expr(cc->ct, lv, cc->default_expr));
            fail_line(12, "ASN1RT_E_DEFAULT_ENCODED", "(size_t)(s - c.base)", nm);
            P(4, "} else {");
            P(8, "%s = %s;", lv, cc->default_expr);
            P(4, "}");
        } else {
            if (cn->set_order && !cc->ct->any_first && cc->ct->nfirst > 0)
                set_order_guard(cn, cc, k);
            dec_value(4, cc->ct, lv, "&c", nm);
        }
    }
    if (cn->extensible) {
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
    fflush(o);
    if (!strstr(buf, "out->"))
        P(4, "(void)out;  /* no component carries a value */");
    P(4, "return ASN1RT_OK;");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");
}

static void emit_seq_enc(CNamed *cn)
{
    char *buf;
    size_t len;
    P(0, "%s %s_enc_%s(const %s *in, asn1rt_writer *w, uint32_t tag)", fn_ret("int"), cn->cname, fn_sfx(), cn->cname);
    P(0, "{");
    P(4, "uint8_t *m = asn1g_mark(w);");
    FILE *saved = body_begin(&buf, &len);
    if (cn->extensible)
        P(4, "ASN1G_TRY(asn1g_put_raw(w, in->unknown_ext.ptr, in->unknown_ext.len));");
    for (int k = cn->ncomps - 1; k >= 0; k--) {
        CComp *cc = cn->comps[cn->set_order ? cn->set_order[k] : k];
        const char *rv = member(cc, "in->");
        if (cc->optional) {
            P(4, "if (in->%s_present) {", cc->name);
            enc_value(8, cc->ct, rv);
            P(4, "}");
        } else if (cc->has_default) {
            P(4, "if (!(%s)) {", eq_expr(cc->ct, rv, cc->default_expr));
            enc_value(8, cc->ct, rv);
            P(4, "}");
        } else {
            enc_value(4, cc->ct, rv);
        }
    }
    fflush(o);
    if (!strstr(buf, "in->"))
        P(4, "(void)in;  /* no component carries a value */");
    P(4, "return asn1g_close(w, tag, m);");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

}

static void emit_seq_misc(CNamed *cn)
{
    char *buf;
    size_t len;
    P(0, "size_t %s_len_(const %s *in, uint32_t tag)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "size_t n = 0;");
    FILE *saved = body_begin(&buf, &len);
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = member(cc, "in->");
        if (cc->optional)
            P(4, "if (in->%s_present)", cc->name);
        else if (cc->has_default)
            P(4, "if (!(%s))", eq_expr(cc->ct, rv, cc->default_expr));
        P(cc->optional || cc->has_default ? 8 : 4, "n += %s;", len_expr(cc->ct, rv));
    }
    if (cn->extensible)
        P(4, "n += in->unknown_ext.len;");
    fflush(o);
    if (!strstr(buf, "in->"))
        P(4, "(void)in;");
    P(4, "return asn1g_tlv_len(tag, n);");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

    /* check */
    P(0, "int %s_check(const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    saved = body_begin(&buf, &len);
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = member(cc, "in->");
        if (cc->optional) {
            P(4, "if (in->%s_present) {", cc->name);
            chk_value(8, cc->ct, rv);
            P(4, "}");
        } else {
            chk_value(4, cc->ct, rv);
        }
    }
    fflush(o);
    if (strstr(buf, "in->") == NULL)
        P(4, "(void)in;");
    P(4, "return ASN1RT_OK;");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

    /* equal */
    P(0, "bool %s_equal(const %s *a, const %s *b)", cn->cname, cn->cname, cn->cname);
    P(0, "{");
    bool any = false;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *a = member(cc, "a->"), *b = member(cc, "b->");
        if (cc->optional) {
            P(4, "if (a->%s_present != b->%s_present)", cc->name, cc->name);
            P(8, "return false;");
            if (cc->has_member) {
                P(4, "if (a->%s_present && !(%s))", cc->name, eq_expr(cc->ct, a, b));
                P(8, "return false;");
            }
            any = true;
        } else if (cc->has_member) {
            P(4, "if (!(%s))", eq_expr(cc->ct, a, b));
            P(8, "return false;");
            any = true;
        }
    }
    if (cn->extensible) {
        P(4, "return asn1g_view_eq(&a->unknown_ext, &b->unknown_ext);");
    } else {
        if (!any) {
            P(4, "(void)a;");
            P(4, "(void)b;");
        }
        P(4, "return true;");
    }
    P(0, "}");
    P(0, "%s", "");

    /* print */
    P(0, "int %s_print(FILE *f, const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "const char *sep = \"\";");
    P(4, "fputc('{', f);");
    bool used_in = false;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        int in = 4;
        if (cc->optional) {
            P(4, "if (in->%s_present) {", cc->name);
            in = 8;
            used_in = true;
        }
        P(in, "fputs(sep, f);");
        P(in, "sep = \",\";");
        P(in, "asn1jer_name(f, \"%s\");", cc->comp->name);
        P(in, "fputc(':', f);");
        print_value(in, cc->ct, member(cc, "in->"));
        if (cc->has_member)
            used_in = true;
        if (cc->optional)
            P(4, "}");
    }
    if (!used_in)
        P(4, "(void)in;");
    P(4, "(void)sep;");
    P(4, "fputc('}', f);");
    P(4, "return asn1jer_status(f);");
    P(0, "}");
    P(0, "%s", "");

    /* init */
    P(0, "void %s_init(%s *out)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "memset(out, 0, sizeof *out);");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->has_default)
            P(4, "out->%s = %s;", cc->name, cc->default_expr);
        else if (!cc->optional && (cc->ct->kind == CK_SEQ || cc->ct->kind == CK_SET))
            P(4, "%s_init(&out->%s);", cc->ct->owner->cname, cc->name);
    }
    P(0, "}");
    P(0, "%s", "");
}

static const char *alt_const(CNamed *cn, CComp *cc) { return S("%s_PR_%s", cn->cname, cc->name); }

static void emit_choice(CNamed *cn)
{
    char *buf;
    size_t len;
    CComp *any_alt = NULL;
    P(0, "%s %s_dec_%s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err)", fn_ret("int"), cn->cname, fn_sfx(),
      cn->cname);
    P(0, "{");
    FILE *saved = body_begin(&buf, &len);
    P(4, "(void)tag;");
    P(4, "switch (asn1g_peek(r)) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->ct->any_first && cc->ct->nfirst == 0) {
            any_alt = cc;
            continue;
        }
        for (int i = 0; i < cc->ct->nfirst; i++)
            P(4, "case ASN1RT_TAG(%u, %u, %u):", cc->ct->first[i] >> 30, (cc->ct->first[i] >> 29) & 1u,
              cc->ct->first[i] & 0x1FFFFFFFu);
        P(8, "out->present = %s;", alt_const(cn, cc));
        dec_value(8, cc->ct, member(cc, "out->u."), "r", qname(cc->comp->name));
        P(8, "return ASN1RT_OK;");
    }
    P(4, "default:");
    if (any_alt) {
        P(8, "out->present = %s;", alt_const(cn, any_alt));
        dec_value(8, any_alt->ct, member(any_alt, "out->u."), "r", qname(any_alt->comp->name));
        P(8, "return ASN1RT_OK;");
    } else if (cn->extensible) {
        P(8, "out->present = %s_PR_UNKNOWN;", cn->cname);
        try_dec(8, "asn1g_read_any(r, &out->u.unknown)", "r", "NULL");
        P(8, "return ASN1RT_OK;");
    } else {
        fail_line(8, "asn1g_no_alternative(r)", "asn1rt_offset(r)", "NULL");
    }
    P(4, "}");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

    P(0, "%s %s_enc_%s(const %s *in, asn1rt_writer *w, uint32_t tag)", fn_ret("int"), cn->cname, fn_sfx(), cn->cname);
    P(0, "{");
    P(4, "(void)tag;");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", alt_const(cn, cc));
        enc_value(8, cc->ct, member(cc, "in->u."));
        P(8, "return ASN1RT_OK;");
    }
    if (cn->extensible) {
        P(4, "case %s_PR_UNKNOWN:", cn->cname);
        P(8, "return asn1g_put_raw(w, in->u.unknown.ptr, in->u.unknown.len);");
    }
    P(4, "default:");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    P(0, "}");
    P(0, "%s", "");


}

static void emit_choice_misc(CNamed *cn)
{
    P(0, "size_t %s_len_(const %s *in, uint32_t tag)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "(void)tag;");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", alt_const(cn, cc));
        P(8, "return %s;", len_expr(cc->ct, member(cc, "in->u.")));
    }
    if (cn->extensible) {
        P(4, "case %s_PR_UNKNOWN:", cn->cname);
        P(8, "return in->u.unknown.len;");
    }
    P(4, "default:");
    P(8, "return 0;");
    P(4, "}");
    P(0, "}");
    P(0, "%s", "");
    P(0, "int %s_check(const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", alt_const(cn, cc));
        chk_value(8, cc->ct, member(cc, "in->u."));
        P(8, "return ASN1RT_OK;");
    }
    if (cn->extensible) {
        P(4, "case %s_PR_UNKNOWN:", cn->cname);
        P(8, "return asn1g_check_any(in->u.unknown.ptr, in->u.unknown.len);");
    }
    P(4, "default:");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    P(0, "}");
    P(0, "%s", "");

    P(0, "bool %s_equal(const %s *a, const %s *b)", cn->cname, cn->cname, cn->cname);
    P(0, "{");
    P(4, "if (a->present != b->present)");
    P(8, "return false;");
    P(4, "switch (a->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", alt_const(cn, cc));
        P(8, "return %s;", eq_expr(cc->ct, member(cc, "a->u."), member(cc, "b->u.")));
    }
    if (cn->extensible) {
        P(4, "case %s_PR_UNKNOWN:", cn->cname);
        P(8, "return asn1g_view_eq(&a->u.unknown, &b->u.unknown);");
    }
    P(4, "default:");
    P(8, "return true;");
    P(4, "}");
    P(0, "}");
    P(0, "%s", "");

    P(0, "int %s_print(FILE *f, const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "fputc('{', f);");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", alt_const(cn, cc));
        P(8, "asn1jer_name(f, \"%s\");", cc->comp->name);
        P(8, "fputc(':', f);");
        print_value(8, cc->ct, member(cc, "in->u."));
        P(8, "break;");
    }
    if (cn->extensible) {
        /* X.697 has no text for an unknown alternative: its DER in hex. */
        P(4, "case %s_PR_UNKNOWN:", cn->cname);
        P(8, "asn1jer_name(f, \"unknown\");");
        P(8, "fputc(':', f);");
        P(8, "asn1jer_hex(f, in->u.unknown.ptr, in->u.unknown.len);");
        P(8, "break;");
    }
    P(4, "default:");
    P(8, "break;");
    P(4, "}");
    P(4, "fputc('}', f);");
    P(4, "return asn1jer_status(f);");
    P(0, "}");
    P(0, "%s", "");

    P(0, "void %s_init(%s *out)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "memset(out, 0, sizeof *out);");
    P(0, "}");
    P(0, "%s", "");
}

static void emit_enum(CNamed *cn)
{
    Type *b = cn->ct->base;
    P(0, "%s %s_dec_%s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err)", fn_ret("int"), cn->cname, fn_sfx(),
      cn->cname);
    P(0, "{");
    P(4, "const uint8_t *s = r->cur;");
    P(4, "int v;");
    P(4, "int rc = asn1g_read_enum(r, tag, &v);");
    P(4, "if (ASN1G_UNLIKELY(rc != 0))");
    P(8, "return asn1g_fail(err, rc, r->err_offset, NULL);");
    if (!cn->extensible) {
        P(4, "switch (v) {");
        for (int i = 0; i < b->nnamed; i++) {
            char nb[48];
            P(4, "case %s:", asn_int_str(nb, b->named[i]->number));
        }
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
    P(0, "}");
    P(0, "%s", "");
    P(0, "%s %s_enc_%s(const %s *in, asn1rt_writer *w, uint32_t tag)", fn_ret("int"), cn->cname, fn_sfx(), cn->cname);
    P(0, "{");
    if (!cn->extensible) {
        /* A value outside a closed list must not reach the wire. */
        P(4, "int rc = %s_check(in);", cn->cname);
        P(4, "if (ASN1G_UNLIKELY(rc != 0))");
        P(8, "return rc;");
    }
    P(4, "return asn1g_put_int(w, tag, (int64_t)*in);");
    P(0, "}");
    P(0, "%s", "");
}

static void emit_enum_misc(CNamed *cn)
{
    Type *b = cn->ct->base;
    P(0, "size_t %s_len_(const %s *in, uint32_t tag)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "return asn1g_tlv_len(tag, asn1g_int_len((int64_t)*in));");
    P(0, "}");
    P(0, "%s", "");
    P(0, "int %s_check(const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    if (cn->extensible) {
        P(4, "(void)in;");
        P(4, "return ASN1RT_OK;");
    } else {
        P(4, "switch ((int)*in) {");
        for (int i = 0; i < b->nnamed; i++) {
            char nb[48];
            P(4, "case %s:", asn_int_str(nb, b->named[i]->number));
        }
        P(8, "return ASN1RT_OK;");
        P(4, "default:");
        P(8, "return ASN1RT_E_ENUM_VALUE;");
        P(4, "}");
    }
    P(0, "}");
    P(0, "%s", "");
    P(0, "bool %s_equal(const %s *a, const %s *b)", cn->cname, cn->cname, cn->cname);
    P(0, "{");
    P(4, "return *a == *b;");
    P(0, "}");
    P(0, "%s", "");
    P(0, "int %s_print(FILE *f, const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "switch ((int)*in) {");
    for (int i = 0; i < b->nnamed; i++) {
        char nb[48];
        P(4, "case %s:", asn_int_str(nb, b->named[i]->number));
        P(8, "asn1jer_name(f, \"%s\");", b->named[i]->name);
        P(8, "break;");
    }
    P(4, "default:");
    P(8, "asn1jer_int(f, (int64_t)*in);");
    P(8, "break;");
    P(4, "}");
    P(4, "return asn1jer_status(f);");
    P(0, "}");
    P(0, "%s", "");
    P(0, "void %s_init(%s *out)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "memset(out, 0, sizeof *out);");
    P(0, "}");
    P(0, "%s", "");
}

static void set_order_check(int ind, bool set_of)
{
    if (!set_of)
        return;
    /* X.690 11.6: each element's encoding >= the previous one's. */
    P(ind, "if (ASN1G_UNLIKELY(prev != NULL && !(c.lax & ASN1RT_LAX_SET_ORDER) &&");
    P(ind, "                   !asn1g_der_order_le(prev, prev_len, s, (size_t)(c.cur - s))))");
    fail_line(ind + 4, "ASN1RT_E_SET_ORDER", "(size_t)(s - c.base)", "NULL");
    P(ind, "prev = s;");
    P(ind, "prev_len = (size_t)(c.cur - s);");
}

static void emit_of(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    char *buf;
    size_t len;
    const char *viol;

    P(0, "%s %s_item_%s(%s *out, asn1rt_reader *r, asn1rt_error *err)", g_deep ? "ASN1G_BODY int" : "static int",
      cn->cname, fn_sfx(), el->ctype);
    P(0, "{");
    FILE *saved = body_begin(&buf, &len);
    dec_value(4, el, "(*out)", "r", "NULL");
    fflush(o);
    if (el->kind == CK_NULL)
        P(4, "(void)out;");
    P(4, "return ASN1RT_OK;");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

    P(0, "%s %s_dec_%s(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err)", fn_ret("int"), cn->cname, fn_sfx(),
      cn->cname);
    P(0, "{");
    P(4, "asn1rt_reader c;");
    if (!array)
        P(4, "%s item;", el->ctype);
    if (ct->set_of) {
        P(4, "const uint8_t *prev = NULL;");
        P(4, "size_t prev_len = 0;");
    }
    saved = body_begin(&buf, &len);
    try_dec(4, "asn1g_enter(r, tag, &c)", "r", "NULL");
    if (!array) {
        P(4, "out->raw.ptr = c.cur;");
        P(4, "out->raw.len = (size_t)(c.end - c.cur);");
    }
    /* The count lives in a local: out->count++ would be a store and a
     * reload per element, since the element stores may alias it. */
    P(4, "size_t n = 0;");
    P(4, "while (!asn1rt_at_end(&c)) {");
    P(8, "const uint8_t *s = c.cur;");
    if (array) {
        P(8, "if (ASN1G_UNLIKELY(n == %llu))", (unsigned long long)ct->size_hi);
        fail_line(12, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(s - c.base)", "NULL");
        try_dec(8, S("%s_item_%s(&out->items[n], &c, err)", cn->cname, fn_sfx()), "&c", "NULL");
    } else {
        try_dec(8, S("%s_item_%s(&item, &c, err)", cn->cname, fn_sfx()), "&c", "NULL");
    }
    if (!ct->set_of)
        P(8, "(void)s;");
    set_order_check(8, ct->set_of);
    P(8, "n++;");
    P(4, "}");
    P(4, "out->count = n;");
    viol = array ? (ct->size_lo_set && ct->size_lo > 0 ? S("n < %lluu", (unsigned long long)ct->size_lo) : NULL)
                 : size_violation(ct, "n");
    if (viol) {
        P(4, "if (ASN1G_UNLIKELY(%s))", viol);
        fail_line(8, "ASN1RT_E_SIZE_CONSTRAINT", "(size_t)(c.cur - c.base)", "NULL");
    }
    P(4, "return ASN1RT_OK;");
    body_end(saved, &buf, NULL);
    P(0, "}");
    P(0, "%s", "");

    /* encode */
    P(0, "%s %s_enc_%s(const %s *in, asn1rt_writer *w, uint32_t tag)", fn_ret("int"), cn->cname, fn_sfx(), cn->cname);
    P(0, "{");
    P(4, "uint8_t *m = asn1g_mark(w);");
    if (array) {
        P(4, "size_t i;");
        if (ct->set_of)
            P(4, "size_t lens[%llu];", (unsigned long long)ct->size_hi);
        viol = ct->size_lo_set && ct->size_lo > 0
                   ? S("in->count < %lluu || in->count > %lluu", (unsigned long long)ct->size_lo, (unsigned long long)ct->size_hi)
                   : S("in->count > %lluu", (unsigned long long)ct->size_hi);
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
        /* Already DER (validated on decode, or built by the caller): as is. */
        P(4, "ASN1G_TRY(asn1g_put_raw(w, in->raw.ptr, in->raw.len));");
    }
    P(4, "return asn1g_close(w, tag, m);");
    P(0, "}");
    P(0, "%s", "");


}

static void emit_of_misc(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    char *buf;
    size_t len;
    const char *viol;
    FILE *saved;

    P(0, "size_t %s_len_(const %s *in, uint32_t tag)", cn->cname, cn->cname);
    P(0, "{");
    if (array) {
        P(4, "size_t n = 0, i;");
        P(4, "for (i = 0; i < in->count && i < %llu; i++)", (unsigned long long)ct->size_hi);
        P(8, "n += %s;", len_expr(el, "in->items[i]"));
        P(4, "return asn1g_tlv_len(tag, n);");
    } else {
        P(4, "return asn1g_tlv_len(tag, in->raw.len);");
    }
    P(0, "}");
    P(0, "%s", "");
    /* check / equal / print */
    P(0, "int %s_check(const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    if (array) {
        P(4, "size_t i;");
        viol = ct->size_lo_set && ct->size_lo > 0
                   ? S("in->count < %lluu || in->count > %lluu", (unsigned long long)ct->size_lo, (unsigned long long)ct->size_hi)
                   : S("in->count > %lluu", (unsigned long long)ct->size_hi);
        P(4, "if (%s)", viol);
        P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
        P(4, "for (i = 0; i < in->count; i++) {");
        saved = body_begin(&buf, &len);
        chk_value(8, el, "in->items[i]");
        fflush(o);
        if (!strstr(buf, "in->"))
            P(8, "(void)i;");
        body_end(saved, &buf, NULL);
        P(4, "}");
        P(4, "return ASN1RT_OK;");
    } else {
        P(4, "asn1rt_reader r;");
        P(4, "%s item;", el->ctype);
        P(4, "size_t n = 0;");
        P(4, "asn1g_reader_init(&r, in->raw.ptr, in->raw.len, 0);");
        P(4, "while (!asn1rt_at_end(&r)) {");
        P(8, "ASN1G_TRY(%s_item_(&item, &r, NULL));", cn->cname);
        P(8, "n++;");
        P(4, "}");
        viol = size_violation(ct, "n");
        P(4, "if (n != in->count%s%s)", viol ? " || " : "", viol ? viol : "");
        P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
        P(4, "return ASN1RT_OK;");
    }
    P(0, "}");
    P(0, "%s", "");

    P(0, "bool %s_equal(const %s *a, const %s *b)", cn->cname, cn->cname, cn->cname);
    P(0, "{");
    if (array) {
        P(4, "size_t i;");
        P(4, "if (a->count != b->count)");
        P(8, "return false;");
        P(4, "for (i = 0; i < a->count && i < %llu; i++)", (unsigned long long)ct->size_hi);
        P(8, "if (!(%s))", eq_expr(el, "a->items[i]", "b->items[i]"));
        P(12, "return false;");
        P(4, "return true;");
    } else {
        /* DER is canonical: equal values have equal encodings. */
        P(4, "return a->count == b->count && asn1g_view_eq(&a->raw, &b->raw);");
    }
    P(0, "}");
    P(0, "%s", "");

    P(0, "int %s_print(FILE *f, const %s *in)", cn->cname, cn->cname);
    P(0, "{");
    if (array) {
        P(4, "size_t i;");
        P(4, "fputc('[', f);");
        P(4, "for (i = 0; i < in->count && i < %llu; i++) {", (unsigned long long)ct->size_hi);
        P(8, "if (i)");
        P(12, "fputc(',', f);");
        print_value(8, el, "in->items[i]");
        P(4, "}");
    } else {
        P(4, "%s_iter it;", cn->cname);
        P(4, "%s item;", el->ctype);
        P(4, "bool first = true;");
        P(4, "fputc('[', f);");
        P(4, "%s_iter_init(&it, in);", cn->cname);
        P(4, "while (%s_iter_next(&it, &item)) {", cn->cname);
        P(8, "if (!first)");
        P(12, "fputc(',', f);");
        P(8, "first = false;");
        print_value(8, el, "item");
        P(4, "}");
    }
    P(4, "fputc(']', f);");
    P(4, "return asn1jer_status(f);");
    P(0, "}");
    P(0, "%s", "");

    P(0, "void %s_init(%s *out)", cn->cname, cn->cname);
    P(0, "{");
    P(4, "memset(out, 0, sizeof *out);");
    P(0, "}");
    P(0, "%s", "");

    if (!array) {
        P(0, "void %s_iter_init(%s_iter *it, const %s *list)", cn->cname, cn->cname, cn->cname);
        P(0, "{");
        /* Validated when decoded (under the caller's leniency): accept it again. */
        P(4, "asn1g_reader_init(&it->r, list->raw.ptr, list->raw.len,");
        P(4, "                  ASN1RT_LAX_BOOLEAN | ASN1RT_LAX_INTEGER | ASN1RT_LAX_LENGTH | ASN1RT_LAX_SET_ORDER | ASN1RT_LAX_DEFAULT);");
        P(0, "}");
        P(0, "%s", "");
        P(0, "bool %s_iter_next(%s_iter *it, %s *out)", cn->cname, cn->cname, el->ctype);
        P(0, "{");
        P(4, "if (asn1rt_at_end(&it->r))");
        P(8, "return false;");
        P(4, "return %s_item_(out, &it->r, NULL) == ASN1RT_OK;", cn->cname);
        P(0, "}");
        P(0, "%s", "");
    }
}

static void emit_codec(CNamed *cn)
{
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET:
        emit_seq_dec(cn);
        emit_seq_enc(cn);
        break;
    case CK_CHOICE: emit_choice(cn); break;
    case CK_ENUM: emit_enum(cn); break;
    case CK_ARRAY: case CK_LIST: emit_of(cn); break;
    default: break;
    }
}

static void emit_misc(CNamed *cn)
{
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET: emit_seq_misc(cn); break;
    case CK_CHOICE: emit_choice_misc(cn); break;
    case CK_ENUM: emit_enum_misc(cn); break;
    case CK_ARRAY: case CK_LIST: emit_of_misc(cn); break;
    default: break;
    }
}

/* Public entry points of any named type: its own tags around the value. */
static void emit_public(CNamed *cn)
{
    CType *ct = cn->ct;
    const char *T = cn->cname;
    char *buf;
    size_t len;
    FILE *saved;

    /* T_decode and T_encode, the fast entry points, run the inline bodies;
     * T_decode_ex, T_decode_prefix and T_encoded_len call the externs. */
    for (int deep = 0; deep <= 1; deep++) {
        g_deep = deep;
        P(0, "%s %s_read_%s(%s *out, asn1rt_reader *r, asn1rt_error *err)", deep ? "ASN1G_BODY int" : "static int", T,
          fn_sfx(), T);
        P(0, "{");
        saved = body_begin(&buf, &len);
        dec_value(4, ct, "(*out)", "r", "NULL");
        fflush(o);
        if (ct->kind == CK_NULL)
            P(4, "(void)out;");
        P(4, "return ASN1RT_OK;");
        body_end(saved, &buf, NULL);
        P(0, "}");
        P(0, "%s", "");
    }

    P(0, "ASN1G_FLATTEN int %s_decode(%s *out, const uint8_t *der, size_t len)", T, T);
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "int rc;");
    P(4, "if (out == NULL || (der == NULL && len != 0))");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "asn1g_reader_init(&r, der, len, 0);");
    P(4, "rc = %s_read_inl_(out, &r, NULL);", T);
    P(4, "if (ASN1G_LIKELY(rc == ASN1RT_OK))");
    P(8, "rc = asn1g_expect_end(&r);");
    P(4, "if (ASN1G_UNLIKELY(rc != ASN1RT_OK))");
    P(8, "memset(out, 0, sizeof *out);");
    P(4, "return rc;");
    P(0, "}");
    P(0, "%s", "");

    P(0, "int %s_decode_prefix(%s *out, const uint8_t *der, size_t len, size_t *consumed)", T, T);
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "int rc;");
    P(4, "if (out == NULL || consumed == NULL || (der == NULL && len != 0))");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "asn1g_reader_init(&r, der, len, 0);");
    P(4, "rc = %s_read_(out, &r, NULL);", T);
    P(4, "if (ASN1G_UNLIKELY(rc != ASN1RT_OK)) {");
    P(8, "memset(out, 0, sizeof *out);");
    P(8, "return rc;");
    P(4, "}");
    P(4, "*consumed = (size_t)(r.cur - der);");
    P(4, "return ASN1RT_OK;");
    P(0, "}");
    P(0, "%s", "");

    P(0, "int %s_decode_ex(%s *out, const uint8_t *der, size_t len, unsigned lax, asn1rt_error *err)", T, T);
    P(0, "{");
    P(4, "asn1rt_reader r;");
    P(4, "int rc;");
    P(4, "asn1rt_error_clear(err);");
    P(4, "if (out == NULL || (der == NULL && len != 0))");
    P(8, "return asn1g_fail(err, ASN1RT_E_ARG, 0, NULL);");
    P(4, "asn1g_reader_init(&r, der, len, lax);");
    P(4, "rc = %s_read_(out, &r, err);", T);
    P(4, "if (rc == ASN1RT_OK && !(lax & ASN1RT_LAX_TRAILING) && (rc = asn1rt_expect_end(&r)) != ASN1RT_OK)");
    P(8, "(void)asn1g_fail(err, rc, r.err_offset, NULL);");
    P(4, "if (rc != ASN1RT_OK)");
    P(8, "memset(out, 0, sizeof *out);");
    P(4, "return rc;");
    P(0, "}");
    P(0, "%s", "");

    g_deep = true;
    P(0, "static int %s_write_(const %s *in, asn1rt_writer *w)", T, T);
    P(0, "{");
    enc_value(4, ct, "(*in)");
    g_deep = false;
    if (ct->kind == CK_NULL)
        P(4, "(void)in;");
    P(4, "return ASN1RT_OK;");
    P(0, "}");
    P(0, "%s", "");

    P(0, "ASN1G_FLATTEN int %s_encode(const %s *in, uint8_t *buf, size_t cap, size_t *len)", T, T);
    P(0, "{");
    P(4, "asn1rt_writer w;");
    P(4, "if (in == NULL || buf == NULL || len == NULL)");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "w.start = buf;");
    P(4, "w.pos = buf + cap;");
    P(4, "ASN1G_TRY(%s_write_(in, &w));", T);
    P(4, "*len = asn1g_finish(&w, buf, cap);");
    P(4, "return ASN1RT_OK;");
    P(0, "}");
    P(0, "%s", "");

    P(0, "size_t %s_encoded_len(const %s *in)", T, T);
    P(0, "{");
    if (!strstr(len_expr(ct, "(*in)"), "(*in)"))
        P(4, "(void)in;");
    P(4, "return %s;", len_expr(ct, "(*in)"));
    P(0, "}");
    P(0, "%s", "");

    if (!cn->defines) {
        P(0, "int %s_check(const %s *in)", T, T);
        P(0, "{");
        saved = body_begin(&buf, &len);
        chk_value(4, ct, "(*in)");
        fflush(o);
        if (!strstr(buf, "in)"))
            P(4, "(void)in;");
        P(4, "return ASN1RT_OK;");
        body_end(saved, &buf, NULL);
        P(0, "}");
        P(0, "%s", "");
        P(0, "bool %s_equal(const %s *a, const %s *b)", T, T, T);
        P(0, "{");
        if (ct->kind == CK_NULL) {
            P(4, "(void)a;");
            P(4, "(void)b;");
        }
        P(4, "return %s;", eq_expr(ct, "(*a)", "(*b)"));
        P(0, "}");
        P(0, "%s", "");
        P(0, "int %s_print(FILE *f, const %s *in)", T, T);
        P(0, "{");
        if (ct->kind == CK_NULL)
            P(4, "(void)in;");
        print_value(4, ct, "(*in)");
        P(4, "return asn1jer_status(f);");
        P(0, "}");
        P(0, "%s", "");
        P(0, "void %s_init(%s *out)", T, T);
        P(0, "{");
        if (is_struct_kind(ct->kind))
            P(4, "%s_init(out);", ct->owner->cname);
        else
            P(4, "memset(out, 0, sizeof *out);");
        P(0, "}");
        P(0, "%s", "");
    }
}

/* ---------------------------------------------------------------- header */

static void comment_text(const char *text)
{
    /* The ASN.1 text as a block comment; comment delimiters neutralised. */
    fputs("/*\n", o);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        fputs(" * ", o);
        for (size_t i = 0; i < n; i++) {
            if ((p[i] == '*' && i + 1 < n && p[i + 1] == '/') || (p[i] == '/' && i + 1 < n && p[i + 1] == '*')) {
                fputc(p[i], o);
                fputc(' ', o);
                continue;
            }
            if (p[i] == '\r' || (p[i] == '\\' && i + 1 == n))
                continue;
            fputc(p[i], o);
        }
        fputc('\n', o);
        p = e ? e + 1 : p + n;
    }
    fputs(" */\n", o);
}

static void emit_type_decl(CNamed *cn)
{
    CType *ct = cn->ct;
    const char *T = cn->cname;
    P(0, "%s", "");
    P(0, "/* ------------------------------------------------------------------ */");
    if (cn->src)
        comment_text(cn->src);
    else
        P(0, "/* %s: the inner type of %s */", T, cn->path ? cn->path : "its parent");

    if (cn->defines) {
        switch (ct->kind) {
        case CK_SEQ: case CK_SET: {
            bool any = false;
            P(0, "typedef struct %s {", T);
            for (int k = 0; k < cn->ncomps; k++) {
                CComp *cc = cn->comps[k];
                if (cc->has_member) {
                    P(4, "%s %s;%s", cc->ct->ctype, cc->name, cc->has_default ? "  /* DEFAULT: filled in when absent */" : "");
                    any = true;
                }
                if (cc->optional) {
                    P(4, "bool %s_present;", cc->name);
                    any = true;
                }
            }
            if (cn->extensible) {
                P(4, "asn1rt_view unknown_ext;  /* unknown extension additions, re-encoded as received */");
                any = true;
            }
            if (!any)
                P(4, "uint8_t unused_;  /* C needs a member; the type has no components */");
            P(0, "} %s;", T);
            break;
        }
        case CK_CHOICE: {
            bool any = false;
            P(0, "typedef enum %s_PR {", T);
            P(4, "%s_PR_NOTHING = 0,", T);
            for (int k = 0; k < cn->ncomps; k++)
                P(4, "%s = %d,", alt_const(cn, cn->comps[k]), k + 1);
            if (cn->extensible)
                P(4, "%s_PR_UNKNOWN = %d  /* an extension alternative this version does not know */", T, cn->ncomps + 1);
            P(0, "} %s_PR;", T);
            P(0, "typedef struct %s {", T);
            P(4, "%s_PR present;", T);
            P(4, "union {");
            for (int k = 0; k < cn->ncomps; k++) {
                CComp *cc = cn->comps[k];
                if (cc->has_member) {
                    P(8, "%s %s;", cc->ct->ctype, cc->name);
                    any = true;
                }
            }
            if (cn->extensible) {
                P(8, "asn1rt_view unknown;  /* whole element, as received */");
                any = true;
            }
            if (!any)
                P(8, "uint8_t unused_;");
            P(4, "} u;");
            P(0, "} %s;", T);
            break;
        }
        case CK_ENUM: {
            Type *b = ct->base;
            P(0, "typedef enum %s {", T);
            for (int i = 0; i < b->nnamed; i++) {
                char nb[48];
                const char *id = b->named[i]->name;
                char *cid = S("%s", id);
                for (char *p = cid; *p; p++)
                    if (*p == '-')
                        *p = '_';
                P(4, "%s_%s = %s%s", T, cid, asn_int_str(nb, b->named[i]->number), i + 1 < b->nnamed ? "," : "");
            }
            if (b->nnamed == 0)
                P(4, "%s_NONE_ = 0", T);
            P(0, "} %s;", T);
            break;
        }
        case CK_ARRAY:
            P(0, "typedef struct %s {", T);
            P(4, "size_t count;");
            P(4, "%s items[%llu];", ct->elem->ctype, (unsigned long long)ct->size_hi);
            P(0, "} %s;", T);
            break;
        case CK_LIST:
            P(0, "typedef struct %s {", T);
            P(4, "asn1rt_view raw;  /* content octets: the elements' DER, validated on decode */");
            P(4, "size_t count;     /* number of elements */");
            P(0, "} %s;", T);
            P(0, "typedef struct %s_iter {", T);
            P(4, "asn1rt_reader r;");
            P(0, "} %s_iter;", T);
            break;
        default:
            break;
        }
    } else if (is_struct_kind(ct->kind)) {
        P(0, "typedef %s %s;", ct->owner->cname, T);
    } else {
        P(0, "typedef %s %s;", strcmp(ct->ctype, T) == 0 ? "asn1rt_view" : ct->ctype, T);
    }

    /* Named numbers and bits: constants. */
    if (cn->assign && ct->base && (ct->base->kind == TY_INTEGER || ct->base->kind == TY_BIT_STRING)) {
        Type *b = ct->base;
        for (int i = 0; i < b->nnamed; i++) {
            char nb[48];
            char *cid = S("%s", b->named[i]->name);
            for (char *p = cid; *p; p++)
                if (*p == '-')
                    *p = '_';
            if (b->kind == TY_INTEGER)
                P(0, "#define %s_%s INT64_C(%s)", T, cid, asn_int_str(nb, b->named[i]->number));
            else
                P(0, "#define %s_%s %su  /* bit number */", T, cid, asn_int_str(nb, b->named[i]->number));
        }
    }
    if (cn->max_total_known)
        P(0, "#define %s_MAX_ENCODED_SIZE %lluu", T, (unsigned long long)cn->max_total);

    P(0, "void %s_init(%s *out);", T, T);
    P(0, "ASN1RT_MUST_USE int %s_decode(%s *out, const uint8_t *der, size_t len);", T, T);
    P(0, "ASN1RT_MUST_USE int %s_decode_prefix(%s *out, const uint8_t *der, size_t len, size_t *consumed);", T, T);
    P(0, "ASN1RT_MUST_USE int %s_decode_ex(%s *out, const uint8_t *der, size_t len, unsigned lax, asn1rt_error *err);", T, T);
    P(0, "size_t %s_encoded_len(const %s *in);", T, T);
    P(0, "ASN1RT_MUST_USE int %s_encode(const %s *in, uint8_t *buf, size_t cap, size_t *len);", T, T);
    P(0, "ASN1RT_MUST_USE int %s_check(const %s *in);", T, T);
    P(0, "bool %s_equal(const %s *a, const %s *b);", T, T, T);
    P(0, "int %s_print(FILE *f, const %s *in);", T, T);
    if (cn->defines && ct->kind == CK_LIST) {
        P(0, "void %s_iter_init(%s_iter *it, const %s *list);", T, T, T);
        P(0, "bool %s_iter_next(%s_iter *it, %s *out);", T, T, ct->elem->ctype);
    }
    if (cn->defines) {
        P(0, "/* internal: value with identifier `tag` (explicit wrappers are the caller's) */");
        P(0, "int %s_dec_(%s *out, asn1rt_reader *r, uint32_t tag, asn1rt_error *err);", T, T);
        P(0, "int %s_enc_(const %s *in, asn1rt_writer *w, uint32_t tag);", T, T);
        P(0, "size_t %s_len_(const %s *in, uint32_t tag);", T, T);
    }
}

static const char *display_name(const CNamed *cn)
{
    return cn->path ? cn->path : cn->assign ? cn->assign->name : cn->cname;
}

static void emit_open(COpen *op)
{
    char *buf;
    size_t len;
    P(0, "%s", "");
    P(0, "/* ------------------------------------------------------------------ */");
    P(0, "/* %s_decode_open */", op->cname);
    P(0, "%s", "");
    for (int k = 0; k < op->nalts; k++)
        if (op->alts[k]->id_decl)
            fputs(op->alts[k]->id_decl, o);
    P(0, "int %s_decode_open(const %s *in, %s_open *out)", op->cname, op->owner->cname, op->cname);
    P(0, "{");
    P(4, "asn1rt_reader rd;");
    P(4, "asn1rt_reader *r = &rd;");
    P(4, "asn1rt_error *err = NULL;");
    FILE *saved = body_begin(&buf, &len);
    P(4, "memset(out, 0, sizeof *out);");
    if (op->open->optional) {
        P(4, "if (!in->%s_present)", op->open->name);
        P(8, "return ASN1RT_E_MISSING_COMPONENT;");
    }
    P(4, "asn1g_reader_init(r, in->%s.ptr, in->%s.len, 0);", op->open->name, op->open->name);
    for (int k = 0; k < op->nalts; k++) {
        COpenAlt *a = op->alts[k];
        P(4, "%sif (%s) {", k ? "} else " : "", a->id_expr);
        P(8, "out->kind = %s_KIND_%s;", op->cname, a->name);
        dec_value(8, a->ct, a->member ? S("out->u.%s", a->member) : "out->u.unused_", "r", "NULL");
    }
    P(4, "} else {");
    P(8, "return ASN1RT_E_UNKNOWN_OPEN_TYPE;");
    P(4, "}");
    P(4, "(void)err;");
    try_dec(4, "asn1g_expect_end(r)", "r", "NULL");
    P(4, "return ASN1RT_OK;");
    body_end(saved, &buf, NULL);
    P(0, "}");
}

static const char *basename_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

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
        " * Decoding is linear in the input size; nesting is limited to\n"
        " * ASN1RT_DEFAULT_MAX_DEPTH (ASN1RT_E_DEPTH beyond). No function allocates.\n"
        " */\n";
    fputs(doc, o);
}

static int write_file(const char *dir, const char *name, const char *data, size_t len)
{
    char *path = S("%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        diag_plain(DIAG_ERROR, "cannot write %s: %s", path, strerror(errno));
        return 1;
    }
    fwrite(data, 1, len, f);
    if (fclose(f) != 0) {
        diag_plain(DIAG_ERROR, "cannot write %s: %s", path, strerror(errno));
        return 1;
    }
    return 0;
}

static int emit_module(Module *m, const char *outdir)
{
    CModule *cm = m->cinfo;
    char *hbuf, *cbuf;
    size_t hlen, clen;
    const char *src = m->file ? basename_of(m->file->path) : "?";

    /* ---- header */
    o = open_memstream(&hbuf, &hlen);
    P(0, "/* %s.h — generated by asn1cc %s from %s (module %s) — do not edit. */", cm->file_base, ASN1CC_VERSION,
      src, m->name);
    P(0, "#ifndef %s", cm->guard);
    P(0, "#define %s", cm->guard);
    P(0, "%s", "");
    P(0, "#include <asn1rt/asn1rt.h>");
    for (int i = 0; i < cm->nimports; i++)
        P(0, "#include \"%s.h\"", ((CModule *)cm->imports[i]->cinfo)->file_base);
    P(0, "%s", "");
    P(0, "#ifdef __cplusplus");
    P(0, "extern \"C\" {");
    P(0, "#endif");
    P(0, "%s", "");
    header_doc();
    for (int i = 0; i < cm->ntypes; i++)
        emit_type_decl(cm->types[i]);
    for (int i = 0; i < cm->nopens; i++) {
        COpen *op = cm->opens[i];
        bool any = false;
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        P(0, "/* %s.%s: the open type decoded by the object of its table constraint", display_name(op->owner),
          op->open->comp->name);
        P(0, " * whose identifier %s holds. */", op->id->comp->name);
        P(0, "typedef enum %s_KIND {", op->cname);
        P(0, "    %s_KIND_NONE = 0,", op->cname);
        for (int k = 0; k < op->nalts; k++)
            P(0, "    %s_KIND_%s = %d%s", op->cname, op->alts[k]->name, k + 1, k + 1 < op->nalts ? "," : "");
        P(0, "} %s_KIND;", op->cname);
        P(0, "typedef struct %s_open {", op->cname);
        P(0, "    %s_KIND kind;", op->cname);
        P(0, "    union {");
        for (int k = 0; k < op->nalts; k++)
            if (op->alts[k]->member) {
                P(0, "        %s %s;", op->alts[k]->ct->ctype, op->alts[k]->member);
                any = true;
            }
        if (!any)
            P(0, "        uint8_t unused_;");
        P(0, "    } u;");
        P(0, "} %s_open;", op->cname);
        P(0, "/* ASN1RT_E_MISSING_COMPONENT when absent, ASN1RT_E_UNKNOWN_OPEN_TYPE when the");
        P(0, " * identifier is not in the set, else the decoding result. */");
        P(0, "ASN1RT_MUST_USE int %s_decode_open(const %s *in, %s_open *out);", op->cname, op->owner->cname,
          op->cname);
    }
    if (cm->nvalues)
        P(0, "\n/* ------------------------------------------------------------------ */\n/* Values. */");
    for (int i = 0; i < cm->nvalues; i++) {
        CValue *v = cm->values[i];
        const char *n = v->assign->cname;
        if (v->is_oid) {
            P(0, "extern const asn1rt_view %s;  /* %s */", n, v->oid_text);
            P(0, "static inline bool %s_equal(const asn1rt_view *v_) { return asn1rt_oid_equal(v_, %s.ptr, %s.len); }",
              n, n, n);
        } else {
            /* A macro of the same name wins (OpenSSL's asn1.h defines the
             * RFC 5280 ub_* bounds with the same values). */
            P(0, "#ifndef %s", n);
            if (v->int_small)
                P(0, "enum { %s = %s };", n, v->int_literal);
            else
                P(0, "static const int64_t %s = %s;", n, v->int_literal);
            P(0, "#endif");
        }
    }
    P(0, "%s", "");
    P(0, "#ifdef __cplusplus");
    P(0, "}");
    P(0, "#endif");
    P(0, "#endif /* %s */", cm->guard);
    fclose(o);

    /* ---- source */
    g_module = m;
    o = open_memstream(&cbuf, &clen);
    P(0, "/* %s.c — generated by asn1cc %s from %s (module %s) — do not edit. */", cm->file_base, ASN1CC_VERSION,
      src, m->name);
    P(0, "#include \"%s.h\"", cm->file_base);
    P(0, "%s", "");
    P(0, "#include <string.h>");
    P(0, "%s", "");
    P(0, "#include <asn1rt/gen.h>");
    P(0, "#include <asn1rt/jer.h>");
    for (int i = 0; i < cm->ntypes; i++) {
        CNamed *cn = cm->types[i];
        g_tmp = 0;
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        P(0, "/* %s */", cn->cname);
        P(0, "%s", "");
        for (int k = 0; k < cn->ncomps; k++)
            if (cn->comps[k]->default_decl)
                fputs(cn->comps[k]->default_decl, o);
        if (cn->defines) {
            for (int deep = 0; deep <= 1; deep++) {
                g_deep = deep;
                emit_codec(cn);
                if (!deep)
                    emit_misc(cn);
            }
        }
        emit_public(cn);
    }
    for (int i = 0; i < cm->nvalues; i++) {
        CValue *v = cm->values[i];
        if (!v->is_oid)
            continue;
        char *init = NULL;
        size_t il = 0;
        FILE *t = open_memstream(&init, &il);
        for (size_t k = 0; k < v->oid_len; k++)
            fprintf(t, "%s0x%02X", k ? ", " : "", v->oid_bytes[k]);
        fclose(t);
        P(0, "static const uint8_t %s_bytes_[] = { %s };", v->assign->cname, init);
        P(0, "const asn1rt_view %s = { %s_bytes_, %zu };", v->assign->cname, v->assign->cname, v->oid_len);
        free(init);
    }
    for (int i = 0; i < cm->nopens; i++)
        emit_open(cm->opens[i]);
    fclose(o);
    o = NULL;

    int rc = write_file(outdir, S("%s.h", cm->file_base), hbuf, hlen);
    rc |= write_file(outdir, S("%s.c", cm->file_base), cbuf, clen);
    free(hbuf);
    free(cbuf);
    return rc;
}

int emit_c(Compilation *c, const char *outdir)
{
    int rc = 0;
    g_arena = c->arena;
    if (!sema_cmap(c))
        return 1;
    for (int i = 0; i < c->nmodules; i++)
        if (c->modules[i]->from_cmdline)
            rc |= emit_module(c->modules[i], outdir);
    return rc;
}
