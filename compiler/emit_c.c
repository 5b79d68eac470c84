/* emit_c.c — prints the C mapping chosen by sema_cmap.c as <module>.h/.c:
 * what every encoding rule shares. The files' banners and includes, each
 * type's ASN.1 text, C type, constants and T_init / T_check / T_equal /
 * T_print, the values, and the open-type declarations; at fixed points of
 * each type's block it calls every requested encoding's emitter (DER's is
 * emit_der.c) for that rule's declarations and functions (emit.h).
 *
 * Nothing is decided here: every C name, C type, tag word, bound and
 * DEFAULT expression comes from cmap.h. Every type block is in the same
 * order: ASN.1 text, C type, functions. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* open_memstream, vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#ifndef ASN1CC_VERSION
#define ASN1CC_VERSION "0.0.0"
#endif

FILE *emit_out;          /* current output (a memory stream) */
bool emit_rc_used;
bool emit_size;          /* --size (emit.h) */
static Arena *g_arena;   /* the compilation's arena */
/* DER is among the rules printed (always, unless --size leaves it out):
 * a list's raw DER is then read by DER's item decoder. */
static bool g_der;

void emit_vline(int ind, const char *fmt, va_list ap)
{
    fprintf(emit_out, "%*s", ind, "");
    vfprintf(emit_out, fmt, ap);
    fputc('\n', emit_out);
}

char *emit_vstr(const char *fmt, va_list ap)
{
    /* Small expressions, kept in the compiler's arena (freed once at exit). */
    char *s = NULL, *r;
    if (vasprintf(&s, fmt, ap) < 0)
        abort();
    r = arena_strdup(g_arena, s);
    free(s);
    return r;
}


static bool is_struct_kind(CKind k) { return k >= CK_SEQ || k == CK_ENUM; }

const char *emit_addr(const char *lv)
{
    /* "(*out)" is what a pointer parameter holds: its address is out. */
    size_t n = strlen(lv);
    if (n > 3 && lv[0] == '(' && lv[1] == '*' && lv[n - 1] == ')' && strcspn(lv + 2, "()*&.-[ ") == n - 3)
        return S("%.*s", (int)(n - 3), lv + 2);
    return S("&(%s)", lv);
}

/* Whether v reads as one operand without parentheses: a path of
 * identifiers (a, a.b, a->b, a[i].b) or "(*p)". */
static bool is_operand(const char *v)
{
    size_t n = strlen(v);
    if (n > 3 && v[0] == '(' && v[1] == '*' && v[n - 1] == ')' && strcspn(v + 2, "()*&.-[ ") == n - 3)
        return true;
    for (const char *p = v; *p; p++) {
        if (*p == '-' && p[1] == '>')
            p++;
        else if (!(*p == '_' || *p == '.' || *p == '[' || *p == ']' || (*p >= '0' && *p <= '9') ||
                   (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            return false;
    }
    return n > 0;
}

const char *emit_par(const char *v) { return is_operand(v) ? v : S("(%s)", v); }

const char *emit_dot(const char *v, const char *field)
{
    size_t n = strlen(v);
    if (n > 3 && v[0] == '(' && v[1] == '*' && v[n - 1] == ')' && strcspn(v + 2, "()*&.-[ ") == n - 3)
        return S("%.*s->%s", (int)(n - 3), v + 2, field);
    return S("%s.%s", emit_par(v), field);
}

const char *emit_qname(const char *nm) { return nm ? S("\"%s\"", nm) : "NULL"; }

/* ---------------------------------------------------------------- SIZE */

const char *emit_size_measure(CType *ct, const char *v)
{
    switch (ct->kind) {
    case CK_STRING: return S("asn1g_string_size(%s, %s)", ct->universal_name, emit_addr(v));
    case CK_BITS: return S("asn1g_bits_count(%s)", emit_addr(v));
    default: return emit_dot(v, "len");
    }
}

/* "a || b" of the conditions given (NULL: none). */
static const char *either(const char *a, const char *b)
{
    if (a && b)
        return S("%s || %s", a, b);
    return a ? a : b;
}

/* Condition that v is outside an exact set (cmap's interval list, a bound
 * NULL where the range check covers it): !(v <= 10 || v >= 20). */
static const char *set_violation(int n, const char *const *lo, const char *const *hi, const char *v)
{
    if (n == 0)
        return NULL;
    const char *in = NULL;
    for (int i = 0; i < n; i++) {
        const char *l = lo[i] ? S("(%s) >= %s", v, lo[i]) : NULL, *h = hi[i] ? S("(%s) <= %s", v, hi[i]) : NULL;
        const char *one = l && h ? S("(%s && %s)", l, h) : l ? l : h;
        in = in ? S("%s || %s", in, one) : one;
    }
    return S("!(%s)", in);
}

/* Condition (on a size_t n) that the SIZE constraint is violated, or NULL. */
const char *emit_size_violation(CType *ct, const char *n)
{
    const char *exact = NULL;
    if (ct->nsize_set) {
        const char **lo = arena_alloc(g_arena, sizeof(char *) * (size_t)ct->nsize_set);
        const char **hi = arena_alloc(g_arena, sizeof(char *) * (size_t)ct->nsize_set);
        for (int i = 0; i < ct->nsize_set; i++) {
            lo[i] = ct->size_set_lo[i] == UINT64_MAX ? NULL : S("%lluu", (unsigned long long)ct->size_set_lo[i]);
            hi[i] = ct->size_set_hi[i] == UINT64_MAX ? NULL : S("%lluu", (unsigned long long)ct->size_set_hi[i]);
        }
        exact = set_violation(ct->nsize_set, lo, hi, n);
    }
    if (ct->size_lo_set && ct->size_hi_set && ct->size_lo == ct->size_hi)
        return S("%s != %lluu", n, (unsigned long long)ct->size_lo);
    const char *lo = ct->size_lo_set && ct->size_lo > 0 ? S("%s < %lluu", n, (unsigned long long)ct->size_lo) : NULL;
    const char *hi = ct->size_hi_set ? S("%s > %lluu", n, (unsigned long long)ct->size_hi) : NULL;
    return either(either(lo, hi), exact);
}

/* Condition that v is outside the range, or, inside it, outside the exact set. */
const char *emit_range_violation(CType *ct, const char *v)
{
    const char *lo = ct->check_lo ? S("%s < %s", emit_par(v), ct->lo) : NULL;
    const char *hi = ct->check_hi ? S("%s > %s", emit_par(v), ct->hi) : NULL;
    return either(either(lo, hi), emit_set_violation(ct, v));
}

const char *emit_set_violation(CType *ct, const char *v)
{
    return set_violation(ct->nset, ct->set_lo, ct->set_hi, v);
}

/* Condition that v is none of the type's single values (X.680 51.2). */
const char *emit_single_violation(CType *ct, const char *v)
{
    if (ct->npresence > 0) {     /* WITH COMPONENTS presence (X.680 51.8) */
        const char *out = NULL;
        for (int i = 0; i < ct->npresence; i++) {
            const char *one = S("%s%s", ct->presence_want[i] ? "!" : "", emit_dot(v, ct->presence[i]));
            out = out ? S("%s || %s", out, one) : one;
        }
        return out;
    }
    if (!ct->has_single)
        return NULL;
    if (ct->nsingle == 0)
        return "true";       /* the constraints leave no value */
    const char *in = NULL;
    for (int i = 0; i < ct->nsingle; i++) {
        const char *one;
        if (ct->kind == CK_BOOL || ct->kind == CK_ENUM)
            one = S("%s == %s", emit_par(v), ct->single[i]);
        else if (ct->single_len[i] == 0)
            one = S("%s == 0", emit_dot(v, "len"));
        else
            one = S("(%s == %zu && memcmp(%s, %s, %zu) == 0)", emit_dot(v, "len"), ct->single_len[i], emit_dot(v, "ptr"),
                    ct->single[i], ct->single_len[i]);
        if (ct->kind == CK_BITS)
            one = S("(%s && %s == %uu)", one, emit_dot(v, "unused"), ct->single_unused[i]);
        in = in ? S("%s || %s", in, one) : one;
    }
    return S("!(%s)", in);
}

/* ---------------------------------------------------------------- check, equal, print */

static bool chk_value_own(int ind, CType *ct, const char *rv);
static bool views_only_der(void);

/* Prints the checks of value rv beyond its C type; false when there are none. */
static bool chk_value(int ind, CType *ct, const char *rv)
{
    bool any = chk_value_own(ind, ct, rv);
    const char *single = emit_single_violation(ct, rv);
    if (single) {
        P(ind, "if (%s)", single);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
    }
    return any || single;
}

static bool chk_value_own(int ind, CType *ct, const char *rv)
{
    const char *viol;
    switch (ct->kind) {
    case CK_INT: case CK_UINT:
        viol = emit_range_violation(ct, rv);
        if (!viol)
            return false;
        P(ind, "if (%s)", viol);
        P(ind + 4, "return ASN1RT_E_VALUE_CONSTRAINT;");
        return true;
    case CK_BIGINT:
        P(ind, "ASN1G_TRY(asn1rt_check_integer(%s, %s, 0));", emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        break;
    case CK_OCTETS: case CK_STRING: case CK_BITS:
        viol = emit_size_violation(ct, "n");
        if (viol) {
            P(ind, "{");
            P(ind + 4, "size_t n = %s;", emit_size_measure(ct, rv));
            P(ind + 4, "if (%s)", viol);
            P(ind + 8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(ind, "}");
        }
        if (ct->kind == CK_STRING && ct->universal != 7)
            P(ind, "ASN1G_TRY(asn1rt_check_string(%s, %s, %s));", ct->universal_name, emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        if (ct->kind == CK_BITS) {
            P(ind, "if (%s > 7 || (%s == 0 && %s != 0))", emit_dot(rv, "unused"), emit_dot(rv, "len"), emit_dot(rv, "unused"));
            P(ind + 4, "return ASN1RT_E_BITSTRING_UNUSED;");
        }
        return viol || ct->kind == CK_BITS || (ct->kind == CK_STRING && ct->universal != 7);
    case CK_TIME:
        P(ind, "{");
        P(ind + 4, "asn1rt_time t;");
        P(ind + 4, "ASN1G_TRY(asn1rt_time_parse(%s, %s, &t));", ct->universal_name, emit_addr(rv));
        P(ind, "}");
        break;
    case CK_OID:
        P(ind, "ASN1G_TRY(asn1rt_check_oid(%s, %s));", emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        break;
    case CK_ANY:
        if (!views_only_der())
            return false;
        P(ind, "ASN1G_TRY(asn1g_check_any(%s, %s));", emit_dot(rv, "ptr"), emit_dot(rv, "len"));
        break;
    case CK_BOOL: case CK_NULL: case CK_U128: case CK_I128:
        return false;
    default:
        P(ind, "ASN1G_TRY(%s(%s));", ct->owner->fn[FN_CHECK], emit_addr(rv));
        break;
    }
    return true;
}

const char *emit_eq(CType *ct, const char *a, const char *b)
{
    switch (ct->kind) {
    case CK_BOOL: case CK_INT: case CK_UINT: case CK_ENUM: return S("%s == %s", emit_par(a), emit_par(b));
    case CK_NULL: return "true";
    case CK_U128: case CK_I128: return S("%s == %s && %s == %s", emit_dot(a, "hi"), emit_dot(b, "hi"), emit_dot(a, "lo"), emit_dot(b, "lo"));
    case CK_BITS: return S("asn1g_bits_eq(%s, %s)", emit_addr(a), emit_addr(b));
    case CK_BIGINT: case CK_OCTETS: case CK_STRING: case CK_TIME: case CK_OID: case CK_ANY:
        return S("asn1g_view_eq(%s, %s)", emit_addr(a), emit_addr(b));
    default: return S("%s(%s, %s)", ct->owner->fn[FN_EQUAL], emit_addr(a), emit_addr(b));
    }
}

static void print_value(int ind, CType *ct, const char *rv)
{
    switch (ct->kind) {
    case CK_BOOL: P(ind, "asn1jer_bool(f, %s);", rv); break;
    case CK_NULL: P(ind, "asn1jer_null(f);"); break;
    case CK_INT: P(ind, "asn1jer_int(f, (int64_t)%s);", emit_par(rv)); break;
    case CK_UINT: P(ind, "asn1jer_uint(f, (uint64_t)%s);", emit_par(rv)); break;
    case CK_BIGINT: P(ind, "asn1jer_bigint(f, %s);", emit_addr(rv)); break;
    case CK_U128: P(ind, "asn1jer_u128(f, %s);", rv); break;
    case CK_I128: P(ind, "asn1jer_i128(f, %s);", rv); break;
    case CK_OCTETS: case CK_ANY: P(ind, "asn1jer_hex(f, %s, %s);", emit_dot(rv, "ptr"), emit_dot(rv, "len")); break;
    case CK_STRING: case CK_TIME: P(ind, "asn1jer_string(f, %s, %s);", emit_addr(rv), ct->universal_name); break;
    case CK_OID: P(ind, "asn1jer_oid(f, %s);", emit_addr(rv)); break;
    case CK_BITS: P(ind, "asn1jer_bits(f, %s, %s);", emit_addr(rv), ct->fixed_size_bits ? "true" : "false"); break;
    default: P(ind, "(void)%s(f, %s);", ct->owner->fn[FN_PRINT], emit_addr(rv)); break;
    }
}

/* ---------------------------------------------------------------- function bodies */

/* Captures a body so that `int rc;` is declared only when used. */
FILE *emit_body_begin(char **buf, size_t *len)
{
    FILE *saved = emit_out;
    emit_rc_used = false;
    emit_out = open_memstream(buf, len);
    if (!emit_out)
        abort();
    return saved;
}

void emit_body_end(FILE *saved, char **bufp, const char *decls)
{
    fclose(emit_out);                  /* sets *bufp */
    emit_out = saved;
    char *buf = *bufp;
    if (emit_rc_used)
        P(4, "int rc;");
    emit_rc_used = false;
    if (decls)
        fputs(decls, emit_out);
    fputs(buf, emit_out);
    free(buf);
}

const char *emit_member(const CComp *cc, const char *base) { return S("%s%s", base, cc->name); }

const char *emit_fn_sig(const CNamed *cn, CFn f)
{
    const char *T = cn->cname, *n = cn->fn[f];
    switch (f) {
    case FN_INIT: return S("void %s(%s *out)", n, T);
    case FN_CHECK: return S("int %s(const %s *in)", n, T);
    case FN_EQUAL: return S("bool %s(const %s *a, const %s *b)", n, T, T);
    case FN_PRINT: return S("int %s(FILE *f, const %s *in)", n, T);
    case FN_ITER_INIT: return S("void %s(%s *it, const %s *list)", n, cn->fn[FN_ITER], T);
    case FN_ITER_NEXT: return S("bool %s(%s *it, %s *out)", n, cn->fn[FN_ITER], cn->ct->elem->ctype);
    case FN_LOAD_ITEMS: return S("int %s(%s *list, asn1rt_arena *arena)", n, T);
    default: return NULL;
    }
}

void emit_fn_close(void)
{
    P(0, "}");
    P(0, "%s", "");
}

/* T_init is a memset alone (no DEFAULT to set, no member's T_init to
 * call): under --size the header defines it inline instead. */
static bool init_is_memset(const CNamed *cn)
{
    const CType *ct = cn->ct;
    if (!cn->defines)
        return is_struct_kind(ct->kind) ? init_is_memset(ct->owner) : true;
    for (int k = 0; (ct->kind == CK_SEQ || ct->kind == CK_SET) && k < cn->ncomps; k++) {
        const CComp *cc = cn->comps[k];
        if (cc->has_default || (!cc->optional && (cc->ct->kind == CK_SEQ || cc->ct->kind == CK_SET)))
            return false;
    }
    return true;
}

static bool init_inline(const CNamed *cn) { return emit_size && init_is_memset(cn); }

static void fn_open(const CNamed *cn, CFn f);

static void emit_plain_init(const CNamed *cn)
{
    if (init_inline(cn))
        return;
    fn_open(cn, FN_INIT);
    P(4, "memset(out, 0, sizeof *out);");
    emit_fn_close();
}

static void fn_open(const CNamed *cn, CFn f)
{
    /* --size: the functions off the codec path are compiled for size
     * (gcc and clang optimise a cold function as with -Os). */
    if (emit_size && (f == FN_CHECK || f == FN_EQUAL || f == FN_PRINT))
        P(0, "ASN1G_COLD %s", emit_fn_sig(cn, f));
    else
        P(0, "%s", emit_fn_sig(cn, f));
    P(0, "{");
}

static void emit_seq_misc(CNamed *cn)
{
    char *buf;
    size_t len;

    /* check */
    fn_open(cn, FN_CHECK);
    FILE *saved = emit_body_begin(&buf, &len);
    bool used = false;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *rv = emit_member(cc, "in->");
        if (cc->optional) {
            P(4, "if (in->%s) {", cc->present);
            chk_value(8, cc->ct, rv);
            P(4, "}");
            used = true;
        } else {
            used |= chk_value(4, cc->ct, rv);
        }
    }
    if (!used)
        P(4, "(void)in;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();

    /* equal */
    fn_open(cn, FN_EQUAL);
    bool any = false;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        const char *a = emit_member(cc, "a->"), *b = emit_member(cc, "b->");
        if (cc->optional) {
            P(4, "if (a->%s != b->%s)", cc->present, cc->present);
            P(8, "return false;");
            if (cc->has_member) {
                P(4, "if (a->%s && !(%s))", cc->present, emit_eq(cc->ct, a, b));
                P(8, "return false;");
            }
            any = true;
        } else if (cc->has_member) {
            P(4, "if (!(%s))", emit_eq(cc->ct, a, b));
            P(8, "return false;");
            any |= cc->ct->kind != CK_NULL;   /* NULL DEFAULT NULL's member: one value, not read */
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
    emit_fn_close();

    /* print */
    fn_open(cn, FN_PRINT);
    /* A comma goes before every member but the first printed: known here
     * unless only OPTIONAL members come before, then kept in sep. */
    enum { NONE_YET, SOME, MAYBE } before = NONE_YET;
    bool need_sep = false;
    for (int k = 0; k < cn->ncomps; k++) {
        need_sep |= before == MAYBE;
        before = !cn->comps[k]->optional || before == SOME ? SOME : MAYBE;
    }
    if (need_sep)
        P(4, "const char *sep = \"\";");
    P(4, "fputc('{', f);");
    bool used_in = false;
    before = NONE_YET;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        int in = 4;
        if (cc->optional) {
            P(4, "if (in->%s) {", cc->present);
            in = 8;
            used_in = true;
        }
        if (before == SOME)
            P(in, "fputc(',', f);");
        else if (before == MAYBE)
            P(in, "fputs(sep, f);");
        if (cc->optional && before != SOME && need_sep && k + 1 < cn->ncomps)
            P(in, "sep = \",\";");
        P(in, "asn1jer_name(f, \"%s\");", cc->asn1);
        P(in, "fputc(':', f);");
        print_value(in, cc->ct, emit_member(cc, "in->"));
        if (cc->has_member && cc->ct->kind != CK_NULL)
            used_in = true;
        if (cc->optional)
            P(4, "}");
        before = !cc->optional || before == SOME ? SOME : MAYBE;
    }
    if (!used_in)
        P(4, "(void)in;");
    P(4, "fputc('}', f);");
    P(4, "return asn1jer_status(f);");
    emit_fn_close();

    /* init */
    if (init_inline(cn))
        return;
    fn_open(cn, FN_INIT);
    P(4, "memset(out, 0, sizeof *out);");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        if (cc->has_default)
            P(4, "out->%s = %s;", cc->name, cc->default_expr);
        else if (!cc->optional && (cc->ct->kind == CK_SEQ || cc->ct->kind == CK_SET))
            P(4, "%s(&out->%s);", cc->ct->owner->fn[FN_INIT], cc->name);
    }
    emit_fn_close();
}

static void emit_choice_misc(CNamed *cn)
{
    fn_open(cn, FN_CHECK);
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", cc->pr);
        chk_value(8, cc->ct, emit_member(cc, "in->u."));
        P(8, "return ASN1RT_OK;");
    }
    if (cn->extensible) {
        P(4, "case %s:", cn->pr_unknown);
        if (views_only_der())
            P(8, "return asn1g_check_any(in->u.unknown.ptr, in->u.unknown.len);");
        else
            P(8, "return ASN1RT_OK;");
    }
    P(4, "default:");
    P(8, "return ASN1RT_E_BAD_CHOICE;");
    P(4, "}");
    emit_fn_close();

    fn_open(cn, FN_EQUAL);
    P(4, "if (a->present != b->present)");
    P(8, "return false;");
    P(4, "switch (a->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", cc->pr);
        P(8, "return %s;", emit_eq(cc->ct, emit_member(cc, "a->u."), emit_member(cc, "b->u.")));
    }
    if (cn->extensible) {
        P(4, "case %s:", cn->pr_unknown);
        P(8, "return asn1g_view_eq(&a->u.unknown, &b->u.unknown);");
    }
    P(4, "default:");
    P(8, "return true;");
    P(4, "}");
    emit_fn_close();

    fn_open(cn, FN_PRINT);
    P(4, "fputc('{', f);");
    P(4, "switch (in->present) {");
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        P(4, "case %s:", cc->pr);
        P(8, "asn1jer_name(f, \"%s\");", cc->asn1);
        P(8, "fputc(':', f);");
        print_value(8, cc->ct, emit_member(cc, "in->u."));
        P(8, "break;");
    }
    if (cn->extensible) {
        /* X.697 has no text for an unknown alternative: its DER in hex. */
        P(4, "case %s:", cn->pr_unknown);
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
    emit_fn_close();

    emit_plain_init(cn);
}

static void emit_enum_misc(CNamed *cn)
{
    fn_open(cn, FN_CHECK);
    if (cn->extensible) {
        P(4, "(void)in;");
        P(4, "return ASN1RT_OK;");
    } else {
        P(4, "switch ((int)*in) {");
        for (int i = 0; i < cn->nitems; i++)
            P(4, "case %s:", cn->items[i].number);
        P(8, "return ASN1RT_OK;");
        P(4, "default:");
        P(8, "return ASN1RT_E_ENUM_VALUE;");
        P(4, "}");
    }
    emit_fn_close();
    fn_open(cn, FN_EQUAL);
    P(4, "return *a == *b;");
    emit_fn_close();
    fn_open(cn, FN_PRINT);
    P(4, "switch ((int)*in) {");
    for (int i = 0; i < cn->nitems; i++) {
        P(4, "case %s:", cn->items[i].number);
        P(8, "asn1jer_name(f, \"%s\");", cn->items[i].asn1);
        P(8, "break;");
    }
    P(4, "default:");
    P(8, "asn1jer_int(f, (int64_t)*in);");
    P(8, "break;");
    P(4, "}");
    P(4, "return asn1jer_status(f);");
    emit_fn_close();
    emit_plain_init(cn);
}

static void emit_of_misc(CNamed *cn)
{
    CType *ct = cn->ct;
    CType *el = ct->elem;
    bool array = ct->kind == CK_ARRAY;
    const char *viol;

    /* check / equal / print */
    fn_open(cn, FN_CHECK);
    if (array) {
        P(4, "size_t i;");
        viol = emit_size_violation(ct, "in->count");  /* an array's SIZE has an upper bound */
        P(4, "if (%s)", viol);
        P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
        P(4, "for (i = 0; i < in->count; i++) {");
        if (!chk_value(8, el, "in->items[i]"))
            P(8, "(void)i;");
        P(4, "}");
        P(4, "return ASN1RT_OK;");
    } else {
        if (g_der) {
            P(4, "asn1rt_reader r;");
            P(4, "%s item;", el->ctype);
            P(4, "size_t n = 0;");
        }
        viol = emit_size_violation(ct, "in->count");
        if (viol) {
            P(4, "if (%s)", viol);
            P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
        }
        P(4, "if (in->items != NULL) {");
        P(8, "size_t i;");   /* chk_value's blocks declare their own n */
        P(8, "for (i = 0; i < in->count; i++) {");
        if (!chk_value(12, el, "in->items[i]"))
            P(12, "(void)i;");
        P(8, "}");
        P(8, "return ASN1RT_OK;");
        P(4, "}");
        if (g_der) {
            P(4, "asn1g_reader_init(&r, in->raw.ptr, in->raw.len, 0);");
            P(4, "while (!asn1rt_at_end(&r)) {");
            /* A list holds its elements' DER (the mapping is DER's view): read them as DER. */
            P(8, "ASN1G_TRY(%s(&item, &r, NULL));", cn->enc_fn[ENC_DER][DER_ITEM]);
            P(8, "n++;");
            P(4, "}");
            P(4, "if (n != in->count)");
            P(8, "return ASN1RT_E_SIZE_CONSTRAINT;");
            P(4, "return ASN1RT_OK;");
        } else {
            /* No DER in this run (--size): nothing can read raw elements. */
            P(4, "return in->count == 0 && in->raw.len == 0 ? ASN1RT_OK : ASN1RT_E_ARG;");
        }
    }
    emit_fn_close();

    fn_open(cn, FN_EQUAL);
    if (array && ct->set_of) {
        /* SET OF is unordered (X.680 28.1; BER sends it in any order,
         * X.690 8.12.3): in order first, else every element must occur as
         * often in b as in a. Quadratic only when the orders differ; no
         * memory. */
        unsigned long long hi = (unsigned long long)ct->size_hi;
        P(4, "size_t i, j, n = a->count < %llu ? a->count : %llu;", hi, hi);
        P(4, "if (a->count != b->count)");
        P(8, "return false;");
        P(4, "for (i = 0; i < n; i++)");
        P(8, "if (!(%s))", emit_eq(el, "a->items[i]", "b->items[i]"));
        P(12, "break;");
        P(4, "for (; i < n; i++) {");
        P(8, "size_t na = 0, nb = 0;");
        P(8, "for (j = 0; j < n; j++) {");
        P(12, "if (%s)", emit_eq(el, "a->items[i]", "a->items[j]"));
        P(16, "na++;");
        P(12, "if (%s)", emit_eq(el, "a->items[i]", "b->items[j]"));
        P(16, "nb++;");
        P(8, "}");
        P(8, "if (na != nb)");
        P(12, "return false;");
        P(4, "}");
        P(4, "return true;");
    } else if (array) {
        P(4, "size_t i;");
        P(4, "if (a->count != b->count)");
        P(8, "return false;");
        P(4, "for (i = 0; i < a->count && i < %llu; i++)", (unsigned long long)ct->size_hi);
        P(8, "if (!(%s))", emit_eq(el, "a->items[i]", "b->items[i]"));
        P(12, "return false;");
        P(4, "return true;");
    } else if (ct->set_of) {
        /* As above, over the lists' iterators. Two raw lists hold DER,
         * sorted (X.690 11.6): they compare as bytes. */
        P(4, "%s ia, ib;", cn->fn[FN_ITER]);
        P(4, "%s x, y;", el->ctype);
        P(4, "bool more;");
        P(4, "if (a->count != b->count)");
        P(8, "return false;");
        P(4, "if (a->items == NULL && b->items == NULL)");
        P(8, "return asn1g_view_eq(&a->raw, &b->raw);");
        P(4, "%s(&ia, a);", cn->fn[FN_ITER_INIT]);
        P(4, "%s(&ib, b);", cn->fn[FN_ITER_INIT]);
        P(4, "while ((more = %s(&ia, &x)) && %s(&ib, &y))", cn->fn[FN_ITER_NEXT], cn->fn[FN_ITER_NEXT]);
        P(8, "if (!(%s))", emit_eq(el, "x", "y"));
        P(12, "break;");
        P(4, "if (!more)");
        P(8, "return !%s(&ib, &y);", cn->fn[FN_ITER_NEXT]);
        P(4, "%s(&ia, a);", cn->fn[FN_ITER_INIT]);
        P(4, "while (%s(&ia, &x)) {", cn->fn[FN_ITER_NEXT]);
        P(8, "%s ja;", cn->fn[FN_ITER]);
        P(8, "size_t na = 0, nb = 0;");
        P(8, "%s(&ja, a);", cn->fn[FN_ITER_INIT]);
        P(8, "while (%s(&ja, &y))", cn->fn[FN_ITER_NEXT]);
        P(12, "if (%s)", emit_eq(el, "x", "y"));
        P(16, "na++;");
        P(8, "%s(&ib, b);", cn->fn[FN_ITER_INIT]);
        P(8, "while (%s(&ib, &y))", cn->fn[FN_ITER_NEXT]);
        P(12, "if (%s)", emit_eq(el, "x", "y"));
        P(16, "nb++;");
        P(8, "if (na != nb)");
        P(12, "return false;");
        P(4, "}");
        P(4, "return true;");
    } else {
        /* DER is canonical: equal values have equal encodings, so two
         * raw lists compare as bytes; typed items, element by element. */
        P(4, "%s ia, ib;", cn->fn[FN_ITER]);
        P(4, "%s x, y;", el->ctype);
        P(4, "if (a->count != b->count)");
        P(8, "return false;");
        P(4, "if (a->items == NULL && b->items == NULL)");
        P(8, "return asn1g_view_eq(&a->raw, &b->raw);");
        P(4, "%s(&ia, a);", cn->fn[FN_ITER_INIT]);
        P(4, "%s(&ib, b);", cn->fn[FN_ITER_INIT]);
        P(4, "while (%s(&ia, &x)) {", cn->fn[FN_ITER_NEXT]);
        P(8, "if (!%s(&ib, &y) || !(%s))", cn->fn[FN_ITER_NEXT], emit_eq(el, "x", "y"));
        P(12, "return false;");
        P(4, "}");
        P(4, "return !%s(&ib, &y);", cn->fn[FN_ITER_NEXT]);
    }
    emit_fn_close();

    fn_open(cn, FN_PRINT);
    if (array) {
        P(4, "size_t i;");
        P(4, "fputc('[', f);");
        P(4, "for (i = 0; i < in->count && i < %llu; i++) {", (unsigned long long)ct->size_hi);
        P(8, "if (i)");
        P(12, "fputc(',', f);");
        print_value(8, el, "in->items[i]");
        P(4, "}");
    } else {
        P(4, "%s it;", cn->fn[FN_ITER]);
        P(4, "%s item;", el->ctype);
        P(4, "bool first = true;");
        P(4, "fputc('[', f);");
        P(4, "%s(&it, in);", cn->fn[FN_ITER_INIT]);
        P(4, "while (%s(&it, &item)) {", cn->fn[FN_ITER_NEXT]);
        P(8, "if (!first)");
        P(12, "fputc(',', f);");
        P(8, "first = false;");
        print_value(8, el, "item");
        P(4, "}");
    }
    P(4, "fputc(']', f);");
    P(4, "return asn1jer_status(f);");
    emit_fn_close();

    emit_plain_init(cn);

}

/* A list's iterator and T_load_items when no DER is printed (--size
 * without der): the typed items are the only elements there are. */
static void emit_items_iter(CNamed *cn)
{
    fn_open(cn, FN_ITER_INIT);
    P(4, "memset(&it->r, 0, sizeof it->r);");
    P(4, "it->items = list->items;");
    P(4, "it->i = 0;");
    P(4, "it->n = list->items != NULL ? list->count : 0;");
    emit_fn_close();
    fn_open(cn, FN_ITER_NEXT);
    P(4, "if (it->i == it->n)");
    P(8, "return false;");
    P(4, "*out = it->items[it->i++];");
    P(4, "return true;");
    emit_fn_close();
    fn_open(cn, FN_LOAD_ITEMS);
    P(4, "if (list == NULL || arena == NULL)");
    P(8, "return ASN1RT_E_ARG;");
    P(4, "return list->items != NULL || (list->count == 0 && list->raw.len == 0) ? ASN1RT_OK : ASN1RT_E_ARG;");
    emit_fn_close();
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

/* T_check, T_equal, T_print, T_init of a type that defines no C type of its own. */
static void emit_alias_misc(CNamed *cn)
{
    CType *ct = cn->ct;
    char *buf;
    size_t len;
    FILE *saved;

    fn_open(cn, FN_CHECK);
    saved = emit_body_begin(&buf, &len);
    if (!chk_value(4, ct, "(*in)"))
        P(4, "(void)in;");
    P(4, "return ASN1RT_OK;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
    fn_open(cn, FN_EQUAL);
    if (ct->kind == CK_NULL) {
        P(4, "(void)a;");
        P(4, "(void)b;");
    }
    P(4, "return %s;", emit_eq(ct, "(*a)", "(*b)"));
    emit_fn_close();
    fn_open(cn, FN_PRINT);
    if (ct->kind == CK_NULL)
        P(4, "(void)in;");
    print_value(4, ct, "(*in)");
    P(4, "return asn1jer_status(f);");
    emit_fn_close();
    if (init_inline(cn))
        return;
    fn_open(cn, FN_INIT);
    if (is_struct_kind(ct->kind))
        P(4, "%s(out);", ct->owner->fn[FN_INIT]);
    else
        P(4, "memset(out, 0, sizeof *out);");
    emit_fn_close();
}

/* ---------------------------------------------------------------- header */

static void comment_text(const char *text)
{
    /* The ASN.1 text as a block comment; comment delimiters neutralised. */
    fputs("/*\n", emit_out);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        fputs(" * ", emit_out);
        for (size_t i = 0; i < n; i++) {
            if ((p[i] == '*' && i + 1 < n && p[i + 1] == '/') || (p[i] == '/' && i + 1 < n && p[i + 1] == '*')) {
                fputc(p[i], emit_out);
                fputc(' ', emit_out);
                continue;
            }
            if (p[i] == '\r' || (p[i] == '\\' && i + 1 == n))
                continue;
            fputc(p[i], emit_out);
        }
        fputc('\n', emit_out);
        p = e ? e + 1 : p + n;
    }
    fputs(" */\n", emit_out);
}

static const EmitRule *const *g_rules;  /* the encodings requested */
static int g_nrules;

/* A view (open type, ANY, unknown CHOICE alternative) holds the octets of
 * the encoding it was read in; T_check can validate them as DER only when
 * no rule of this run reads OER or PER (a UPER-decoded CAM's unknown
 * alternative is UPER, which T_check would call truncated DER). */
static bool views_only_der(void)
{
    for (int r = 0; r < g_nrules; r++)
        if (g_rules[r]->enc == ENC_OER || g_rules[r]->enc == ENC_PER)
            return false;
    return true;
}

/* The ASN.1 text a type comes from, above its block in the .h and the .c. */
static void type_comment(const CNamed *cn)
{
    if (cn->src)
        comment_text(cn->src);
    else
        P(0, "/* %s: the inner type of %s */", cn->cname, cn->path ? cn->path : "its parent");
}

static void emit_type_decl(CNamed *cn)
{
    CType *ct = cn->ct;
    const char *T = cn->cname;
    P(0, "%s", "");
    P(0, "/* ------------------------------------------------------------------ */");
    type_comment(cn);

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
                    P(4, "bool %s;", cc->present);
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
            P(0, "typedef enum %s {", cn->pr_type);
            P(4, "%s = 0,", cn->pr_nothing);
            for (int k = 0; k < cn->ncomps; k++)
                P(4, "%s = %d,", cn->comps[k]->pr, k + 1);
            if (cn->extensible)
                P(4, "%s = %d  /* an extension alternative this version does not know */", cn->pr_unknown, cn->ncomps + 1);
            P(0, "} %s;", cn->pr_type);
            P(0, "typedef struct %s {", T);
            P(4, "%s present;", cn->pr_type);
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
            P(0, "typedef enum %s {", T);
            for (int i = 0; i < cn->nitems; i++)
                P(4, "%s = %s%s", cn->items[i].cname, cn->items[i].number, i + 1 < cn->nitems ? "," : "");
            if (cn->enum_empty)
                P(4, "%s = 0", cn->enum_empty);
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
            /* One struct for every encoding: raw is the elements' DER
             * (DER decoding keeps this view), items the typed elements
             * (the caller's for encoding; T_load_items or a decoder that
             * cannot keep views fills them from an asn1rt_arena). */
            P(4, "asn1rt_view raw;  /* content octets: the elements' DER, validated on decode */");
            P(4, "size_t count;     /* number of elements */");
            P(4, "const %s *items;  /* NULL, or count typed elements: encoded instead of raw */", ct->elem->ctype);
            P(0, "} %s;", T);
            P(0, "typedef struct %s {", cn->fn[FN_ITER]);
            P(4, "asn1rt_reader r;");
            P(4, "const %s *items;", ct->elem->ctype);
            P(4, "size_t i, n;");
            P(0, "} %s;", cn->fn[FN_ITER]);
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
    for (int i = 0; cn->items_kind != ITEMS_ENUM && i < cn->nitems; i++) {
        if (cn->items_kind == ITEMS_NUMBERS)
            P(0, "#define %s INT64_C(%s)", cn->items[i].cname, cn->items[i].number);
        else
            P(0, "#define %s %su  /* bit number */", cn->items[i].cname, cn->items[i].number);
    }
    if (cn->max_total_known)
        P(0, "#define %s %lluu", cn->fn[FN_MAX_ENCODED_SIZE], (unsigned long long)cn->max_total);

    if (init_inline(cn))
        P(0, "static inline %s { memset(out, 0, sizeof *out); }", emit_fn_sig(cn, FN_INIT));
    else
        P(0, "%s;", emit_fn_sig(cn, FN_INIT));
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->decl_public(cn);
    P(0, "ASN1RT_MUST_USE %s;", emit_fn_sig(cn, FN_CHECK));
    P(0, "%s;", emit_fn_sig(cn, FN_EQUAL));
    P(0, "%s;", emit_fn_sig(cn, FN_PRINT));
    if (cn->fn[FN_ITER]) {
        P(0, "%s;", emit_fn_sig(cn, FN_ITER_INIT));
        P(0, "%s;", emit_fn_sig(cn, FN_ITER_NEXT));
        P(0, "ASN1RT_MUST_USE %s;", emit_fn_sig(cn, FN_LOAD_ITEMS));
    }
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->decl_internal(cn);
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

static int emit_module(const CModule *cm, const char *outdir)
{
    char *hbuf, *cbuf;
    size_t hlen, clen;
    const char *src = cm->src_file;

    /* ---- header */
    emit_out = open_memstream(&hbuf, &hlen);
    P(0, "/* %s — generated by asn1cc %s from %s (module %s) — do not edit. */", cm->header, ASN1CC_VERSION,
      src, cm->asn1);
    P(0, "#ifndef %s", cm->guard);
    P(0, "#define %s", cm->guard);
    P(0, "%s", "");
    P(0, "#include <asn1rt/asn1rt.h>");
    if (emit_size)
        P(0, "#include <string.h>  /* the inline T_init */");
    for (int i = 0; i < cm->nimports; i++)
        P(0, "#include \"%s\"", cm->imports[i]->header);
    P(0, "%s", "");
    P(0, "#ifdef __cplusplus");
    P(0, "extern \"C\" {");
    P(0, "#endif");
    P(0, "%s", "");
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->header_doc();
    for (int i = 0; i < cm->ntypes; i++)
        emit_type_decl(cm->types[i]);
    for (int i = 0; i < cm->nopens; i++) {
        COpen *op = cm->opens[i];
        bool any = false;
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        P(0, "/* %s.%s: the open type decoded by the object of its table constraint", op->owner->asn1,
          op->open->asn1);
        P(0, " * whose identifier %s holds. */", op->id->asn1);
        P(0, "typedef enum %s {", op->kind_type);
        P(0, "    %s = 0,", op->kind_none);
        for (int k = 0; k < op->nalts; k++)
            P(0, "    %s = %d%s", op->alts[k]->kind, k + 1, k + 1 < op->nalts ? "," : "");
        P(0, "} %s;", op->kind_type);
        P(0, "typedef struct %s {", op->open_type);
        P(0, "    %s kind;", op->kind_type);
        P(0, "    union {");
        for (int k = 0; k < op->nalts; k++)
            if (op->alts[k]->member) {
                P(0, "        %s %s;", op->alts[k]->ct->ctype, op->alts[k]->member);
                any = true;
            }
        if (!any)
            P(0, "        uint8_t unused_;");
        P(0, "    } u;");
        P(0, "} %s;", op->open_type);
        for (int r = 0; r < g_nrules; r++)
            g_rules[r]->decl_open(op);
    }
    if (cm->nvalues)
        P(0, "\n/* ------------------------------------------------------------------ */\n/* Values. */");
    for (int i = 0; i < cm->nvalues; i++) {
        CValue *v = cm->values[i];
        const char *n = v->cname;
        if (v->is_oid) {
            P(0, "extern const asn1rt_view %s;  /* %s */", n, v->oid_text);
            P(0, "static inline bool %s(const asn1rt_view *v_) { return asn1rt_oid_equal(v_, %s.ptr, %s.len); }",
              v->equal_fn, n, n);
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
    fclose(emit_out);

    /* ---- source */
    emit_out = open_memstream(&cbuf, &clen);
    P(0, "/* %s — generated by asn1cc %s from %s (module %s) — do not edit. */", cm->source, ASN1CC_VERSION,
      src, cm->asn1);
    P(0, "#include \"%s\"", cm->header);
    P(0, "%s", "");
    P(0, "#include <string.h>");
    P(0, "%s", "");
    P(0, "#include <asn1rt/gen.h>");
    P(0, "#include <asn1rt/jer.h>");
    /* The body is kept apart so that the rules' declarations come first. */
    FILE *file = emit_out;
    char *bbuf;
    size_t blen;
    emit_out = open_memstream(&bbuf, &blen);
    if (!emit_out)
        abort();
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->file_begin(cm);
    for (int i = 0; i < cm->ntypes; i++) {
        CNamed *cn = cm->types[i];
        P(0, "%s", "");
        P(0, "/* ------------------------------------------------------------------ */");
        type_comment(cn);
        P(0, "%s", "");
        for (int k = 0; k < cn->ncomps; k++)
            if (cn->comps[k]->default_decl)
                fputs(cn->comps[k]->default_decl, emit_out);
        for (int r = 0; cn->defines && r < g_nrules; r++)
            g_rules[r]->codec(cm, cn);
        if (cn->defines)
            emit_misc(cn);
        for (int r = 0; cn->defines && r < g_nrules; r++)
            g_rules[r]->codec_late(cm, cn);
        if (cn->defines && !g_der && cn->ct->kind == CK_LIST)
            emit_items_iter(cn);
        for (int r = 0; r < g_nrules; r++)
            g_rules[r]->entry(cm, cn);
        if (!cn->defines)
            emit_alias_misc(cn);
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
        P(0, "static const uint8_t %s[] = { %s };", v->bytes_name, init);
        P(0, "const asn1rt_view %s = { %s, %zu };", v->cname, v->bytes_name, v->oid_len);
        free(init);
    }
    for (int r = 0; r < g_nrules; r++)
        for (int i = 0; i < cm->nopens; i++)
            g_rules[r]->open(cm, cm->opens[i]);
    fclose(emit_out);
    emit_out = file;
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->file_preamble();
    fputs(bbuf, emit_out);
    free(bbuf);
    for (int r = 0; r < g_nrules; r++)
        g_rules[r]->file_end();
    fclose(emit_out);
    emit_out = NULL;

    int rc = write_file(outdir, cm->header, hbuf, hlen);
    rc |= write_file(outdir, cm->source, cbuf, clen);
    free(hbuf);
    free(cbuf);
    return rc;
}

int emit_module_files(const CMap *map, const char *outdir, const EmitRule *const *rules, int nrules)
{
    int rc = 0;
    g_arena = map->arena;
    g_rules = rules;
    g_nrules = nrules;
    g_der = false;
    for (int r = 0; r < nrules; r++)
        g_der |= rules[r]->enc == ENC_DER;
    for (int i = 0; i < map->nmodules; i++)
        if (map->modules[i]->emit)
            rc |= emit_module(map->modules[i], outdir);
    return rc;
}

const char *emit_fail_fn = "asn1g_fail";

void emit_fail_line(int ind, const char *code, const char *off, const char *nm)
{
    P(ind, "return %s(err, %s, %s, %s);", emit_fail_fn, code, off, nm);
}

const char *emit_open_sig(const COpen *op, const char *fn)
{
    return S("int %s(const %s *in, %s *out, asn1rt_arena *arena)", fn, op->owner->cname, op->open_type);
}

void emit_open_decoder(const COpen *op, const EmitOpenDec *d)
{
    char *buf;
    size_t len;
    FILE *saved;
    /* Each alternative's value in a function of its own, so that the
     * decoder's early returns end it. */
    for (int k = 0; k < op->nalts; k++) {
        COpenAlt *a = op->alts[k];
        P(0, "static int %s(%s *out, %s *r, asn1rt_arena *arena)", d->alt_fn(a), op->open_type, d->reader_type);
        P(0, "{");
        P(4, "asn1rt_error *err = NULL;");
        saved = emit_body_begin(&buf, &len);
        if (a->member)
            d->dec_value(4, a->ct, S("out->u.%s", a->member));
        P(4, "(void)out;");
        P(4, "(void)r;");
        P(4, "(void)arena;");
        P(4, "(void)err;");
        P(4, "return ASN1RT_OK;");
        emit_body_end(saved, &buf, NULL);
        emit_fn_close();
    }
    P(0, "%s", "");
    P(0, "/* %s: %s.%s as the type its %s selects (%s) */", d->fn, op->owner->asn1, op->open->asn1, op->id->asn1,
      d->rule);
    P(0, "%s", emit_open_sig(op, d->fn));
    P(0, "{");
    P(4, "%s rd;", d->reader_type);
    P(4, "%s *r = &rd;", d->reader_type);
    P(4, "asn1rt_error *err = NULL;");
    P(4, "size_t mark = arena ? asn1rt_arena_mark(arena) : 0;");
    saved = emit_body_begin(&buf, &len);
    emit_rc_used = true;
    /* *out is not zeroed first: the union's largest alternative can be
     * megabytes (NGAP's IEs), and the alternative decoded is set whole. */
    if (op->open->optional) {
        P(4, "if (!in->%s) {", op->open->present);
        P(8, "memset(out, 0, sizeof *out);");
        P(8, "return ASN1RT_E_MISSING_COMPONENT;");
        P(4, "}");
    }
    d->init(4, S("in->%s", op->open->name));
    P(4, "rc = ASN1RT_E_UNKNOWN_OPEN_TYPE;");
    P(4, "do {");
    for (int k = 0; k < op->nalts; k++) {
        COpenAlt *a = op->alts[k];
        P(8, "%sif (%s) {", k ? "} else " : "", a->id_expr);
        P(12, "out->kind = %s;", a->kind);
        P(12, "rc = %s(out, r, arena);", d->alt_fn(a));
    }
    if (op->nalts)
        P(8, "}");
    P(4, "} while (0);");
    P(4, "if (rc == 0)");
    P(8, "rc = %s;", d->finish);
    P(4, "if (rc != 0) {");
    P(8, "memset(out, 0, sizeof *out);");
    P(8, "if (arena != NULL)");
    P(12, "asn1rt_arena_reset(arena, mark);");
    P(4, "}");
    P(4, "(void)err;");
    P(4, "return rc;");
    emit_body_end(saved, &buf, NULL);
    emit_fn_close();
}

const char *emit_rfield(const char *rd, const char *field)
{
    if (rd[0] == '&')
        return S("%s.%s", rd + 1, field);
    return S("%s->%s", rd, field);
}

void emit_try(int ind, const char *call, const char *rd, const char *off_field, const char *nm)
{
    emit_rc_used = true;
    P(ind, "if (ASN1G_UNLIKELY((rc = %s) != 0))", call);
    emit_fail_line(ind + 4, "rc", emit_rfield(rd, off_field), nm);
}

/* Runs before emit_module_files, so without the emitters' S() strings. */
static bool decline(const CNamed *cn, const char *rule, const char *what, const char *comp)
{
    if (comp)
        diag(DIAG_ERROR, cn->loc, "code generation: %s encoding of %s (%s.%s) is not supported", rule, what, cn->asn1,
             comp);
    else
        diag(DIAG_ERROR, cn->loc, "code generation: %s encoding of %s (%s) is not supported", rule, what, cn->asn1);
    return false;
}

bool emit_check_types(const CMap *map, const char *rule, const char *(*why_ct)(const CType *ct),
                      const char *(*why_comp)(const CNamed *cn, const CComp *cc))
{
    bool ok = true;
    for (int i = 0; i < map->nmodules; i++) {
        const CModule *cm = map->modules[i];
        if (!cm->emit)
            continue;
        for (int j = 0; j < cm->ntypes; j++) {
            const CNamed *cn = cm->types[j];
            const char *why = why_ct(cn->ct);
            if (why) {
                ok = decline(cn, rule, why, NULL);
                continue;
            }
            if (!cn->defines)
                continue;
            for (int k = 0; k < cn->ncomps; k++) {
                const CComp *cc = cn->comps[k];
                if ((why = why_ct(cc->ct)) != NULL || (why_comp && (why = why_comp(cn, cc)) != NULL))
                    ok = decline(cn, rule, why, cc->asn1);
            }
        }
    }
    return ok;
}

int emit_root_comps(const CNamed *cn, CComp **out)
{
    int n = 0;
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[cn->set_order ? cn->set_order[k] : k];
        if (cc->ext_index < 0)
            out[n++] = cc;
    }
    return n;
}

int emit_n_ext(const CNamed *cn)
{
    int n = 0;
    for (int k = 0; k < cn->ncomps; k++)
        if (cn->comps[k]->ext_index >= n)
            n = cn->comps[k]->ext_index + 1;
    return n;
}

int emit_slot_comps(const CNamed *cn, int e, CComp **out)
{
    int n = 0;
    for (int k = 0; k < cn->ncomps; k++)
        if (cn->comps[k]->ext_index == e)
            out[n++] = cn->comps[k];
    return n;
}

void emit_ext_cases(int ind, CNamed *cn, void (*slot)(int ind, CNamed *cn, int e), const char *skip,
                    const char *off_field)
{
    int next = emit_n_ext(cn);
    if (next == 0) {
        emit_try(ind, skip, "r", off_field, "NULL");
        return;
    }
    P(ind, "switch (i) {");
    for (int e = 0; e < next; e++) {
        P(ind, "case %d:", e);
        slot(ind + 4, cn, e);
        P(ind + 4, "break;");
    }
    P(ind, "default:");
    emit_try(ind + 4, skip, "r", off_field, "NULL");
    P(ind + 4, "break;");
    P(ind, "}");
}

void emit_codec_by_kind(CNamed *cn, const EmitKindFns *f)
{
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET: f->seq_dec(cn); f->seq_enc(cn); break;
    case CK_CHOICE: f->choice_dec(cn); f->choice_enc(cn); break;
    case CK_ENUM: f->enum_dec(cn); f->enum_enc(cn); break;
    case CK_ARRAY: case CK_LIST: f->of_dec(cn); f->of_enc(cn); break;
    default: break;
    }
}

void emit_size_check(int ind, CType *ct, const char *lv, const char *off, const char *nm)
{
    const char *viol = emit_size_violation(ct, "n");
    if (!viol)
        return;
    P(ind, "{");
    P(ind + 4, "size_t n = %s;", emit_size_measure(ct, lv));
    P(ind + 4, "if (ASN1G_UNLIKELY(%s))", viol);
    emit_fail_line(ind + 8, "ASN1RT_E_SIZE_CONSTRAINT", off, nm);
    P(ind, "}");
}

void emit_list_items(int ind, const char *items)
{
    P(ind, "out->raw.ptr = NULL;");
    P(ind, "out->raw.len = 0;");
    P(ind, "out->items = %s;", items);
}
