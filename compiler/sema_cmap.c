/* sema_cmap.c — the last sema pass: chooses the C mapping of every type.
 *
 * Decisions made here and nowhere else (emit_c.c only prints them):
 *  - C names: the ASN.1 name with '-' -> '_', C/C++ keywords suffixed '_',
 *    --prefix prepended; a type name defined in more than one loaded module
 *    gets "<module>_" in front in every module that defines it; inner
 *    anonymous SEQUENCE/SET/CHOICE/OF/ENUMERATED types are hoisted as
 *    "<Outer>_<component>" ("<Outer>_item" for OF elements).
 *  - C types: INTEGER with a finite, non-extensible effective range -> the
 *    smallest of uint8/16/32/64_t or int8/16/32/64_t holding it, otherwise
 *    the runtime's big-integer view; SEQUENCE/SET OF with SIZE upper bound
 *    <= cmap_array_limit -> { count; items[MAX]; }, otherwise a raw view and
 *    an iterator; recursive references -> raw DER views.
 *  - Wire tags as asn1rt tag words; the tags that announce each component;
 *    SET components in DER tag order (X.690 10.3); DEFAULT values as C.
 */
#include <stdlib.h>
#include <string.h>

#include "cmap.h"

unsigned cmap_array_limit = 64;
bool cmap_int64 = false;

static Arena *A;
static const char *g_prefix;
static bool g_ok;
static Vec g_defaults;       /* (CComp *, CNamed *) pairs whose DEFAULT is still to map */

/* ---------------------------------------------------------------- names */

static const char *const reserved_words[] = {
    /* C11 */
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
    "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
    "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
    "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool",
    "true", "false",
    /* C++ (headers are included from C++) */
    "alignas", "alignof", "and", "asm", "catch", "class", "const_cast", "delete",
    "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new",
    "noexcept", "not", "operator", "or", "private", "protected", "public",
    "reinterpret_cast", "static_assert", "static_cast", "template", "this", "throw",
    "try", "typeid", "typename", "using", "virtual", "xor", "nullptr", "decltype",
    "constexpr", "thread_local", "char16_t", "char32_t", "wchar_t",
};

/* The one rule that turns an ASN.1 name into C: '-' is not a C identifier
 * character, '_' is not an ASN.1 one. */
static char *c_spelling(const char *asn1)
{
    char *s = arena_strdup(A, asn1);
    for (char *p = s; *p; p++)
        if (*p == '-')
            *p = '_';
    return s;
}

static const char *c_ident(const char *asn1)
{
    char *s = c_spelling(asn1);
    for (size_t i = 0; i < sizeof reserved_words / sizeof reserved_words[0]; i++)
        if (strcmp(s, reserved_words[i]) == 0)
            return arena_printf(A, "%s_", s);
    return s;
}

/* Headers the generated files (or the system headers they include) name
 * in <...>: outdir is on the user's -I path, so a module written to one of
 * these names would shadow it (module String -> string.h). C11's, POSIX's
 * and the ones glibc's own headers include. */
static const char *const system_headers[] = {
    "aio", "alloca", "assert", "byteswap", "complex", "cpio", "ctype", "dirent", "dlfcn", "elf", "endian",
    "errno", "error", "fcntl", "features", "fenv", "float", "fmtmsg", "fnmatch", "ftw", "getopt", "glob",
    "grp", "iconv", "inttypes", "iso646", "langinfo", "libgen", "limits", "link", "locale", "malloc", "math",
    "memory", "monetary", "mqueue", "ndbm", "netdb", "nl_types", "paths", "poll", "pthread", "pwd", "regex",
    "sched", "search", "semaphore", "setjmp", "signal", "spawn", "stdalign", "stdarg", "stdatomic",
    "stdbool", "stddef", "stdint", "stdio", "stdlib", "stdnoreturn", "string", "strings",
    "syslog", "tar", "termios", "tgmath", "threads", "time", "uchar", "ulimit", "unistd", "utime", "utmpx",
    "values", "wchar", "wctype", "wordexp",
};

/* The module's file name: lower case, '-' as '_', and "_asn1" after a
 * name that is a system header's. */
static const char *module_file_base(const char *name)
{
    char *s = c_spelling(name);
    for (char *p = s; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    for (size_t i = 0; i < sizeof system_headers / sizeof system_headers[0]; i++)
        if (strcmp(s, system_headers[i]) == 0)
            return arena_printf(A, "%s_asn1", s);
    return s;
}

static const char *upper(const char *s)
{
    char *u = arena_strdup(A, s);
    for (char *p = u; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    return u;
}

/* ---------------------------------------------------------------- helpers */

static Type *strip_tagged(Type *t)
{
    while (t && t->kind == TY_TAGGED)
        t = t->inner;
    return t;
}

static Type *base_of(Type *t)
{
    if (t->base)
        return t->base;
    return type_base(t);
}

static bool kind_constructed(TypeKind k)
{
    return k == TY_SEQUENCE || k == TY_SET || k == TY_SEQUENCE_OF || k == TY_SET_OF ||
           k == TY_EXTERNAL || k == TY_EMBEDDED_PDV || k == TY_CHARACTER_STRING || k == TY_INSTANCE_OF;
}

static uint32_t tag_word(const Tag *t, bool constructed)
{
    return ((uint32_t)t->cls << 30) | (constructed ? 0x20000000u : 0u) | (t->number & 0x1FFFFFFFu);
}

/* The runtime's names of the universal tag numbers (asn1rt.h, X.680 8.4). */
static const char *const universal_names[] = {
    [1] = "BOOLEAN", [2] = "INTEGER", [3] = "BIT_STRING", [4] = "OCTET_STRING", [5] = "NULL", [6] = "OID",
    [7] = "OBJECT_DESCRIPTOR", [8] = "EXTERNAL", [9] = "REAL", [10] = "ENUMERATED", [11] = "EMBEDDED_PDV",
    [12] = "UTF8STRING", [13] = "RELATIVE_OID", [14] = "TIME", [16] = "SEQUENCE", [17] = "SET",
    [18] = "NUMERICSTRING", [19] = "PRINTABLESTRING", [20] = "T61STRING", [21] = "VIDEOTEXSTRING",
    [22] = "IA5STRING", [23] = "UTCTIME", [24] = "GENERALIZEDTIME", [25] = "GRAPHICSTRING",
    [26] = "VISIBLESTRING", [27] = "GENERALSTRING", [28] = "UNIVERSALSTRING", [29] = "CHARACTER_STRING",
    [30] = "BMPSTRING", [31] = "DATE", [32] = "TIME_OF_DAY", [33] = "DATE_TIME", [34] = "DURATION",
};

/* ASN1RT_UT_<name> for universal tag number n, or the number. */
static const char *universal_const(unsigned n)
{
    if (n < sizeof universal_names / sizeof universal_names[0] && universal_names[n])
        return arena_printf(A, "ASN1RT_UT_%s", universal_names[n]);
    return arena_printf(A, "%u", n);
}

static const char *tag_expr(uint32_t w)
{
    unsigned cls = (unsigned)(w >> 30), cons = (unsigned)((w >> 29) & 1u), num = (unsigned)(w & 0x1FFFFFFFu);
    if (cls == 0)
        return arena_printf(A, "ASN1RT_TAG(0, %u, %s)", cons, universal_const(num));
    return arena_printf(A, "ASN1RT_TAG(%u, %u, %u)", cls, cons, num);
}

static const char *int_literal(AsnInt v, bool as_unsigned)
{
    char buf[48];
    if (as_unsigned) {
        if ((AsnUInt)v == (AsnUInt)UINT64_MAX)
            return "UINT64_MAX";
        return arena_printf(A, "UINT64_C(%s)", asn_int_str(buf, v));
    }
    if (v == (AsnInt)INT64_MIN)
        return "INT64_MIN";
    if (v == (AsnInt)INT64_MAX)
        return "INT64_MAX";
    if (v >= -2147483647 && v <= 2147483647)
        return arena_strdup(A, asn_int_str(buf, v));
    return arena_printf(A, "INT64_C(%s)", asn_int_str(buf, v));
}

static unsigned string_universal(StringKind k)
{
    switch (k) {
    case STR_BMP: return 30;
    case STR_GENERAL: return 27;
    case STR_GRAPHIC: return 25;
    case STR_IA5: return 22;
    case STR_ISO646: return 26;
    case STR_NUMERIC: return 18;
    case STR_PRINTABLE: return 19;
    case STR_TELETEX: case STR_T61: return 20;
    case STR_UNIVERSAL: return 28;
    case STR_UTF8: return 12;
    case STR_VIDEOTEX: return 21;
    case STR_VISIBLE: return 26;
    case STR_OBJECT_DESCRIPTOR: return 7;
    }
    return 0;
}

/* Minimal two's complement octets of v (X.690 8.3.2). */
static size_t int_bytes(AsnInt v, uint8_t out[17])
{
    uint8_t tmp[17];
    size_t n = 0;
    AsnInt x = v;
    do {
        tmp[n++] = (uint8_t)(x & 0xFF);
        x >>= 8;
    } while (!((x == 0 && !(tmp[n - 1] & 0x80)) || (x == -1 && (tmp[n - 1] & 0x80))) && n < 17);
    for (size_t i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}

static const char *bytes_init(const uint8_t *p, size_t n)
{
    size_t cap = n * 6 + 8, len = 0;
    char *s = arena_alloc(A, cap);
    if (n == 0)
        return "0";
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len, "%s0x%02X", i ? ", " : "", p[i]);
    return s;
}

static size_t der_len_len(uint64_t n)
{
    size_t k = 1;
    if (n < 0x80)
        return 1;
    while (n) {
        k++;
        n >>= 8;
    }
    return k;
}

static size_t tag_id_len(uint32_t w)
{
    uint32_t num = w & 0x1FFFFFFFu;
    size_t k = 1;
    if (num < 31)
        return 1;
    while (num) {
        k++;
        num >>= 7;
    }
    return k;
}

static size_t uint_len(uint64_t v)
{
    size_t n = 1;
    while (n < 8 && (v >> (8 * n - 1)) != 0)
        n++;
    if (n == 8 && (v >> 63))
        n = 9;
    return n;
}

static size_t sint_len(int64_t v)
{
    size_t n = 1;
    while (n < 8 && (v < -(INT64_C(1) << (8 * n - 1)) || v >= (INT64_C(1) << (8 * n - 1))))
        n++;
    return n;
}

/* ---------------------------------------------------------------- mapping */

static CType *map_type(Type *t, const char *path, Module *m);

static CNamed *new_named(const char *cname, Type *type, Module *m, Assignment *a)
{
    CNamed *cn = arena_alloc(A, sizeof *cn);
    cn->cname = cname;
    cn->type = type;
    cn->module = m;
    cn->assign = a;
    return cn;
}

/* Per-module list of named types, in creation order (ordered later). */
typedef struct ModState {
    CModule cm;
    Vec types, values, opens;
    Module *host;            /* modules that import each other: the one whose files hold them all */
} ModState;

static void add_named(CNamed *cn)
{
    ModState *ms = cn->module->cinfo;
    vec_push(A, &ms->types, cn);
}

static bool is_structured(TypeKind k)
{
    return k == TY_SEQUENCE || k == TY_SET || k == TY_CHOICE || k == TY_SEQUENCE_OF ||
           k == TY_SET_OF || k == TY_ENUMERATED;
}

static bool ref_is_recursive(Type *t)
{
    Type *u = strip_tagged(t);
    return t->recursive || (u && u->recursive);
}

static void map_components(CNamed *cn, Type *b, Module *m);

/* ASN.1 path of the component being mapped ("PrincipalName.name-string"),
 * recorded on a type hoisted from it (for its block comment). */
static const char *g_asn1_path;

static const char *display_of(const CNamed *cn)
{
    return cn->path ? cn->path : cn->assign ? cn->assign->name : cn->cname;
}

/* The named C type whose functions handle t's base. */
static CNamed *owner_for(Type *t, const char *path, Module *m)
{
    Type *u = strip_tagged(t);
    Type *b = base_of(t);
    if (u->kind == TY_REF && u->ref_assign && u->ref_assign->cinfo) {
        CNamed *cn = u->ref_assign->cinfo;
        if (cn->defines)
            return cn;
        return owner_for(cn->type, cn->cname, cn->module);
    }
    if (b->cinfo && ((CType *)b->cinfo)->owner)
        return ((CType *)b->cinfo)->owner;
    /* An inline type: hoisted under its path name. */
    CNamed *cn = new_named(path, b, m, NULL);
    CType *bct = arena_alloc(A, sizeof *bct);
    cn->path = g_asn1_path;
    cn->defines = true;
    bct->owner = cn;
    b->cinfo = bct;
    add_named(cn);
    cn->ct = map_type(b, path, m);
    map_components(cn, b, m);
    return cn;
}

static void compute_first_words(CType *ct);

/* The first tags, as words and as the expressions the emitters print. */
static void compute_first(CType *ct)
{
    compute_first_words(ct);
    ct->first_expr = arena_alloc(A, sizeof(char *) * (size_t)(ct->nfirst ? ct->nfirst : 1));
    for (int i = 0; i < ct->nfirst; i++)
        ct->first_expr[i] = tag_expr(ct->first[i]);
}

static void compute_first_words(CType *ct)
{
    if (ct->node->ntags > 0) {
        const Tag *t0 = &ct->node->tags[0];
        bool cons = t0->explicit_wrap || kind_constructed(ct->base->kind);
        ct->first = arena_alloc(A, sizeof(uint32_t));
        ct->first[0] = tag_word(t0, cons);
        ct->nfirst = 1;
        return;
    }
    if (ct->base->kind == TY_CHOICE) {
        Vec v = {0};
        Type *b = ct->base;
        for (int i = 0; i < b->ncomps; i++) {
            Component *c = b->comps[i];
            if (!c->type || c->components_of)
                continue;
            CType *at = c->cinfo ? ((CComp *)c->cinfo)->ct : NULL;
            if (!at)
                at = map_type(c->type, "", NULL);
            if (at->any_first) {
                ct->any_first = true;
                continue;
            }
            for (int k = 0; k < at->nfirst; k++) {
                uint32_t *w = arena_alloc(A, sizeof *w);
                *w = at->first[k];
                vec_push(A, &v, w);
            }
        }
        ct->nfirst = v.len;
        ct->first = arena_alloc(A, sizeof(uint32_t) * (size_t)(v.len ? v.len : 1));
        for (int k = 0; k < v.len; k++)
            ct->first[k] = *(uint32_t *)v.items[k];
        if (b->extensible)
            ct->any_first = true;   /* unknown alternatives may carry any tag */
        return;
    }
    ct->any_first = true;           /* ANY, open type */
}

static void unsupported(Type *t, const char *what)
{
    diag(DIAG_ERROR, t->loc, "code generation: %s is not supported", what);
    g_ok = false;
}

static void map_int(CType *ct, const Range *r)
{
    bool fin = r->present && r->has_lo && r->has_hi && !r->extensible && !r->empty;
    AsnInt lo = r->lo, hi = r->hi;
    ct->int_bounded = fin;
    ct->int_nonneg = r->present && r->has_lo && r->lo >= 0 && !r->extensible && !r->empty;
    ct->kind = CK_BIGINT;
    ct->ctype = "asn1rt_bigint";
    if (!fin && cmap_int64) {
        /* --int64: what does not fit is a decode error, not a wider type */
        lo = (AsnInt)INT64_MIN;
        hi = (AsnInt)INT64_MAX;
        fin = true;
    }
    if (!fin)
        return;
    struct { const char *name; AsnInt min; AsnInt max; bool uns; } cand[] = {
        { "uint8_t", 0, 0xFF, true }, { "uint16_t", 0, 0xFFFF, true },
        { "uint32_t", 0, 0xFFFFFFFF, true }, { "uint64_t", 0, (AsnInt)(AsnUInt)UINT64_MAX, true },
        { "int8_t", -128, 127, false }, { "int16_t", -32768, 32767, false },
        { "int32_t", -(AsnInt)2147483648, 2147483647, false },
        { "int64_t", (AsnInt)INT64_MIN, (AsnInt)INT64_MAX, false },
    };
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++) {
        if (lo >= 0 && !cand[i].uns)
            continue;               /* non-negative ranges prefer unsigned types */
        if (lo < cand[i].min || hi > cand[i].max)
            continue;
        ct->ctype = cand[i].name;
        ct->is_unsigned = cand[i].uns;
        ct->kind = (hi > (AsnInt)INT64_MAX) ? CK_UINT : CK_INT;
        ct->lo = int_literal(lo, ct->kind == CK_UINT);
        ct->hi = int_literal(hi, ct->kind == CK_UINT);
        ct->check_lo = lo > cand[i].min;
        ct->check_hi = hi < cand[i].max;
        ct->max_known = true;
        if (ct->kind == CK_UINT)
            ct->max_size = uint_len((uint64_t)hi);
        else {
            size_t a = sint_len((int64_t)lo), b = sint_len((int64_t)hi);
            ct->max_size = a > b ? a : b;
        }
        return;
    }
    /* Beyond 64 bits: the runtime's fixed-width 128-bit integers. Their
     * readers check the type's full range; narrower ranges are not narrowed. */
    ct->kind = lo >= 0 ? CK_U128 : CK_I128;
    ct->ctype = lo >= 0 ? "asn1rt_u128" : "asn1rt_i128";
    ct->max_known = true;
    ct->max_size = 17;
}

/* The exact set of an INTEGER within its range (Type.value_set), for the
 * emitters' checks after the range's. */
static void map_int_set(CType *ct, const Type *t)
{
    const IntSet *is = &t->value_set;
    if ((ct->kind != CK_INT && ct->kind != CK_UINT) || is->n == 0)
        return;
    const Range *r = &t->value_range;
    bool uns = ct->kind == CK_UINT;
    /* The range map_int checks (--int64 gives an unbounded one int64_t's). */
    AsnInt lo = r->present && r->has_lo ? r->lo : (AsnInt)INT64_MIN;
    AsnInt hi = r->present && r->has_hi ? r->hi : (AsnInt)INT64_MAX;
    ct->set_lo = arena_alloc(A, sizeof(char *) * (size_t)is->n);
    ct->set_hi = arena_alloc(A, sizeof(char *) * (size_t)is->n);
    ct->nset = 0;
    for (int i = 0; i < is->n; i++) {
        if (is->hi[i] < lo || is->lo[i] > hi)
            continue;
        ct->set_lo[ct->nset] = is->lo[i] > lo ? int_literal(is->lo[i], uns) : NULL;
        ct->set_hi[ct->nset] = is->hi[i] < hi ? int_literal(is->hi[i], uns) : NULL;
        ct->nset++;
    }
    if (ct->nset == 1 && !ct->set_lo[0] && !ct->set_hi[0])
        ct->nset = 0;        /* the range itself */
}

static void map_size_set(CType *ct, const Type *t)
{
    const IntSet *is = &t->size_set;
    if (is->n == 0 || !t->size_range.present || t->size_range.extensible)
        return;
    const Range *r = &t->size_range;
    ct->size_set_lo = arena_alloc(A, sizeof(uint64_t) * (size_t)is->n);
    ct->size_set_hi = arena_alloc(A, sizeof(uint64_t) * (size_t)is->n);
    for (int i = 0; i < is->n; i++) {
        bool own_lo = !r->has_lo || is->lo[i] <= r->lo, own_hi = !r->has_hi || is->hi[i] >= r->hi;
        ct->size_set_lo[i] = own_lo || is->lo[i] < 0 ? UINT64_MAX : (uint64_t)is->lo[i];
        ct->size_set_hi[i] = own_hi || is->hi[i] >= (AsnInt)UINT32_MAX ? UINT64_MAX : (uint64_t)is->hi[i];
    }
    ct->nsize_set = is->n;
}

static void map_size(CType *ct, const Range *r)
{
    if (!r->present || r->extensible || r->empty)
        return;
    if (r->has_lo && r->lo > 0) {
        ct->size_lo_set = true;
        ct->size_lo = (uint64_t)r->lo;
    }
    if (r->has_hi && r->hi >= 0 && r->hi < (AsnInt)UINT32_MAX) {
        ct->size_hi_set = true;
        ct->size_hi = (uint64_t)r->hi;
    }
}

/* PER's view of t's constraints (X.691 10.3-10.9): the root of an
 * extensible constraint still bounds the encoding of a value inside it. */
static void map_per(CType *ct, const Type *t)
{
    const Range *r = &t->value_range, *z = &t->size_range;
    if (r->present && !r->empty) {
        bool uns = r->has_hi && r->hi > (AsnInt)INT64_MAX;
        ct->per_ext = r->extensible;
        ct->per_has_lo = r->has_lo;
        ct->per_has_hi = r->has_hi;
        ct->per_wide = (r->has_lo && r->lo < (AsnInt)INT64_MIN) || (r->has_hi && (r->hi_above ||
                       r->hi > (AsnInt)(AsnUInt)UINT64_MAX)) || (uns && r->has_lo && r->lo < 0);
        if (!ct->per_wide && r->has_lo)
            ct->per_lo = int_literal(r->lo, uns);
        if (!ct->per_wide && r->has_hi)
            ct->per_hi = int_literal(r->hi, uns);
    }
    if (z->present && !z->empty) {
        ct->per_size_ext = z->extensible;
        ct->per_size_lo = z->has_lo && z->lo > 0 ? (uint64_t)z->lo : 0;
        ct->per_size_has_hi = z->has_hi && z->hi >= 0 && z->hi < (AsnInt)INT64_MAX;
        ct->per_size_hi = ct->per_size_has_hi ? (uint64_t)z->hi : 0;
    }
    if (t->has_alphabet)
        ct->alphabet = t->alphabet;
}

/* n octets as a C string literal, every octet but letters and digits in
 * octal (three digits: no escape runs into the next character). */
static const char *c_bytes_literal(const uint8_t *p, size_t n)
{
    char *s = arena_alloc(A, n * 4 + 3), *o = s;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
            *o++ = (char)c;
        else
            o += sprintf(o, "\\%03o", c);
    }
    *o++ = '"';
    *o = 0;
    return s;
}

static const char *enum_const(CNamed *owner, const char *asn1);
static size_t reloid_encode(const Value *v, uint8_t *buf, size_t cap);
static size_t oid_encode(const Value *v, uint8_t *buf, size_t cap);

/* The single values sema found (Type.singles) as C: constants of BOOLEAN
 * and ENUMERATED, content octets of the others. */
static void map_singles(CType *ct, const Type *t)
{
    if (!t->has_singles)
        return;
    int n = t->nsingles;
    ct->single = arena_alloc(A, sizeof(char *) * (size_t)(n ? n : 1));
    ct->single_len = arena_alloc(A, sizeof(size_t) * (size_t)(n ? n : 1));
    ct->single_unused = arena_alloc(A, sizeof(unsigned) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        const Value *v = t->singles[i];
        uint8_t buf[512];
        const uint8_t *p = buf;
        size_t len = 0;
        switch (ct->kind) {
        case CK_BOOL:
            if (v->kind != V_BOOLEAN)
                return;
            ct->single[i] = v->bval ? "true" : "false";
            continue;
        case CK_ENUM:
            if (v->kind != V_ENUM || !ct->owner || !(ct->single[i] = enum_const(ct->owner, v->text)))
                return;
            continue;
        case CK_OID:
            if (v->kind != V_OID || !(len = oid_encode(v, buf, sizeof buf)))
                return;
            break;
        case CK_OCTETS:
            if (v->kind == V_OCTETS) {
                p = v->bytes;
                len = v->nbytes;
            } else if (ct->base->kind != TY_RELATIVE_OID || v->kind != V_OID ||
                       !(len = reloid_encode(v, buf, sizeof buf))) {
                return;
            }
            break;
        case CK_STRING:
            if (v->kind != V_CSTRING)
                return;
            p = v->bytes ? v->bytes : (const uint8_t *)v->text;
            len = v->bytes ? v->nbytes : strlen(v->text);
            break;
        case CK_BITS:
            if (v->kind != V_BITS)
                return;
            p = v->bytes;
            len = (v->nbits + 7) / 8;
            ct->single_unused[i] = (unsigned)(len * 8 - v->nbits);
            break;
        default:
            return;
        }
        ct->single[i] = c_bytes_literal(p, len);
        ct->single_len[i] = len;
    }
    ct->nsingle = n;
    ct->has_single = true;
}

static CType *map_type(Type *t, const char *path, Module *m)
{
    CType *ct = t->cinfo;
    if (ct && ct->ctype)
        return ct;
    if (!ct) {
        ct = arena_alloc(A, sizeof *ct);
        t->cinfo = ct;
    }
    Type *b = base_of(t);
    Type *u = strip_tagged(t);
    ct->node = t;
    ct->base = b;

    /* Wire tags: explicit wrappers first, then the value's own tag. */
    int nw = 0;
    for (int i = 0; i < t->ntags; i++)
        if (t->tags[i].explicit_wrap)
            nw++;
    ct->wraps = arena_alloc(A, sizeof(char *) * (size_t)(nw ? nw : 1));
    ct->nwraps = 0;
    ct->vtag = "0";
    for (int i = 0; i < t->ntags; i++) {
        if (t->tags[i].explicit_wrap)
            ct->wraps[ct->nwraps++] = tag_expr(tag_word(&t->tags[i], true));
        else
            ct->vtag = tag_expr(tag_word(&t->tags[i], kind_constructed(b->kind)));
    }

    bool recursive_ref = u && u->kind == TY_REF && ref_is_recursive(t) && is_structured(b->kind);
    switch (recursive_ref ? TY_ANY : b->kind) {
    case TY_BOOLEAN: ct->kind = CK_BOOL; ct->ctype = "bool"; ct->max_known = true; ct->max_size = 1; break;
    case TY_NULL: ct->kind = CK_NULL; ct->ctype = "uint8_t"; ct->max_known = true; ct->max_size = 0; break;
    case TY_INTEGER: map_int(ct, &t->value_range); map_int_set(ct, t); break;
    case TY_REAL: case TY_RELATIVE_OID: case TY_DATE: case TY_TIME_OF_DAY:
    case TY_DATE_TIME: case TY_DURATION: case TY_TIME: case TY_OID_IRI: case TY_RELATIVE_OID_IRI:
        ct->kind = CK_OCTETS; ct->ctype = "asn1rt_view";
        ct->x690_content = !(b->kind == TY_DATE || b->kind == TY_TIME_OF_DAY || b->kind == TY_DATE_TIME || b->kind == TY_DURATION);
        ct->per_content = b->kind == TY_REAL || b->kind == TY_RELATIVE_OID;
        break;
    case TY_OCTET_STRING:
        ct->kind = CK_OCTETS; ct->ctype = "asn1rt_view";
        ct->octet_string = true;
        map_size(ct, &t->size_range);
        map_size_set(ct, t);
        if (ct->size_hi_set) { ct->max_known = true; ct->max_size = ct->size_hi; }
        break;
    case TY_STRING:
        ct->kind = CK_STRING; ct->ctype = "asn1rt_view";
        ct->universal = string_universal(b->str_kind);
        map_size(ct, &t->size_range);
        map_size_set(ct, t);
        if (ct->size_hi_set) {
            unsigned per = ct->universal == 12 || ct->universal == 28 ? 4 : ct->universal == 30 ? 2 : 1;
            ct->max_known = true;
            ct->max_size = ct->size_hi * per;
        }
        break;
    case TY_UTC_TIME: ct->kind = CK_TIME; ct->ctype = "asn1rt_view"; ct->universal = 23; break;
    case TY_GENERALIZED_TIME: ct->kind = CK_TIME; ct->ctype = "asn1rt_view"; ct->universal = 24; break;
    case TY_BIT_STRING:
        ct->kind = CK_BITS; ct->ctype = "asn1rt_bits";
        ct->named_bits = b->nnamed > 0;
        map_size(ct, &t->size_range);
        map_size_set(ct, t);
        ct->fixed_size_bits = ct->size_lo_set && ct->size_hi_set && ct->size_lo == ct->size_hi;
        if (ct->size_hi_set) { ct->max_known = true; ct->max_size = (ct->size_hi + 7) / 8 + 1; }
        break;
    case TY_OID: ct->kind = CK_OID; ct->ctype = "asn1rt_view"; break;
    case TY_ANY: case TY_OPEN: case TY_EXTERNAL: case TY_EMBEDDED_PDV:
    case TY_CHARACTER_STRING: case TY_INSTANCE_OF:
        ct->kind = CK_ANY; ct->ctype = "asn1rt_view";
        ct->open_type = !recursive_ref && (b->kind == TY_ANY || b->kind == TY_OPEN);
        if (recursive_ref)
            ct->recursive = u->ref_assign ? u->ref_assign->cinfo : NULL;
        break;
    case TY_SEQUENCE: case TY_SET: case TY_CHOICE: case TY_ENUMERATED:
    case TY_SEQUENCE_OF: case TY_SET_OF: {
        ct->kind = b->kind == TY_SEQUENCE ? CK_SEQ : b->kind == TY_SET ? CK_SET :
                   b->kind == TY_CHOICE ? CK_CHOICE : b->kind == TY_ENUMERATED ? CK_ENUM : CK_LIST;
        if (b->kind == TY_SEQUENCE_OF || b->kind == TY_SET_OF) {
            map_size(ct, &t->size_range);
            map_size_set(ct, t);
            ct->set_of = b->kind == TY_SET_OF;
            if (ct->size_hi_set && ct->size_hi >= 1 && ct->size_hi <= cmap_array_limit)
                ct->kind = CK_ARRAY;
        }
        ct->ctype = "?";            /* set below; guards recursion through owner_for */
        if (!m) {                   /* only the first tags were asked for */
            ct->ctype = NULL;
            compute_first(ct);
            return ct;
        }
        ct->owner = owner_for(t, path, m);
        if (u->kind == TY_REF && u->ref_assign && u->ref_assign->cinfo)
            ct->ctype = ((CNamed *)u->ref_assign->cinfo)->cname;
        else
            ct->ctype = ct->owner->cname;
        if (ct->kind == CK_ARRAY || ct->kind == CK_LIST) {
            CType *oct = ct->owner->ct;
            /* The owner maps the element; views of it share that mapping. */
            if (oct && oct != ct && oct->elem)
                ct->elem = oct->elem;
            /* The SIZE that chose the kind is the owner's; keep both the same. */
            if (oct && oct != ct) {
                ct->kind = oct->kind;
                ct->size_lo_set = oct->size_lo_set; ct->size_lo = oct->size_lo;
                ct->size_hi_set = oct->size_hi_set; ct->size_hi = oct->size_hi;
            }
        }
        if (ct->kind == CK_ENUM && !b->enum_extensible) {
            ct->max_known = true;
            ct->max_size = 4;
        }
        break;
    }
    default:
        ct->kind = CK_ANY; ct->ctype = "asn1rt_view";
        unsupported(t, ast_type_kind_name(b->kind));
        break;
    }
    if (ct->universal)
        ct->universal_name = universal_const(ct->universal);
    map_per(ct, t);
    map_singles(ct, t);
    if (t->npresence > 0 && (ct->kind == CK_SEQ || ct->kind == CK_SET)) {
        /* the members name_type gives the presence flags: x_present */
        ct->npresence = t->npresence;
        ct->presence = arena_alloc(A, sizeof(char *) * (size_t)t->npresence);
        ct->presence_want = arena_alloc(A, sizeof(bool) * (size_t)t->npresence);
        for (int i = 0; i < t->npresence; i++) {
            ct->presence[i] = arena_printf(A, "%s_present", c_ident(t->presence_names[i]));
            ct->presence_want[i] = t->presence_want[i];
        }
    }
    if (ct->kind != CK_ENUM && ct->kind < CK_SEQ && u && u->kind == TY_REF && u->ref_assign &&
        u->ref_assign->cinfo && !recursive_ref) {
        /* A member of a named primitive type has that type's C type; a
         * narrower constraint at the reference keeps it (checks still apply). */
        CNamed *rn = u->ref_assign->cinfo;
        CType *rt = map_type(rn->type, rn->cname, rn->module);
        if (rt->kind != ct->kind || strcmp(rt->ctype, ct->ctype) != 0) {
            /* Its own bounded range (R (5..25) of R ::= INTEGER (0..30000))
             * is checked within the named C type, never widened to R's. */
            bool own = ct->int_bounded && (ct->kind == CK_INT || ct->kind == CK_UINT) && (rt->kind == CK_INT || rt->kind == CK_UINT);
            const Range *r = &t->value_range, *rr = &rn->type->value_range;
            ct->kind = rt->kind;
            ct->lo = rt->lo; ct->hi = rt->hi;
            ct->check_lo = rt->check_lo; ct->check_hi = rt->check_hi;
            ct->is_unsigned = rt->is_unsigned;
            ct->max_known = rt->max_known; ct->max_size = rt->max_size;
            if (own) {
                ct->lo = int_literal(r->lo, ct->kind == CK_UINT);
                ct->hi = int_literal(r->hi, ct->kind == CK_UINT);
                ct->check_lo |= !rr->has_lo || r->lo > rr->lo;
                ct->check_hi |= !rr->has_hi || r->hi < rr->hi;
            } else if (ct->kind == CK_BIGINT && t->value_range.present && !t->value_range.extensible &&
                       diag_warning_enabled("unenforced-constraint")) {
                Constraint *c = t->constraints ? t->constraints : u->constraints;
                diag(DIAG_WARNING, c ? c->loc : t->loc, "this constraint is not enforced: the generated code checks "
                     "only the big-integer type it names [-Wunenforced-constraint]");
            }
        }
        ct->ctype = rn->cname;
    }
    compute_first(ct);
    return ct;
}

/* Content octets of an OID value (X.690 8.19); 0 when it does not fit or
 * has fewer than two arcs. */
static size_t oid_encode(const Value *v, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    if (v->narcs < 2)
        return 0;
    for (int i = 1; i < v->narcs; i++) {
        AsnUInt arc = (AsnUInt)v->arcs[i];
        uint8_t tmp[20];
        size_t k = 0;
        if (i == 1)
            arc = (AsnUInt)v->arcs[0] * 40 + (AsnUInt)v->arcs[1];
        do {
            tmp[k++] = (uint8_t)(arc & 0x7F);
            arc >>= 7;
        } while (arc && k < sizeof tmp);
        if (n + k > cap)
            return 0;
        while (k > 0) {
            k--;
            buf[n++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0));
        }
    }
    return n;
}

/* Content octets of a RELATIVE-OID value (X.690 8.20): every arc on its own;
 * 0 when it does not fit or is empty. */
static size_t reloid_encode(const Value *v, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    for (int i = 0; i < v->narcs; i++) {
        AsnUInt arc = (AsnUInt)v->arcs[i];
        uint8_t tmp[20];
        size_t k = 0;
        do {
            tmp[k++] = (uint8_t)(arc & 0x7F);
            arc >>= 7;
        } while (arc && k < sizeof tmp);
        if (n + k > cap)
            return 0;
        while (k > 0) {
            k--;
            buf[n++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0));
        }
    }
    return n;
}

/* DER content of the base-10 REAL value (-1)^neg * digits * 10^exp
 * (X.690 8.5.8 decimal encoding, NR3 form as DER 11.3.2 restricts it:
 * no leading or trailing zero in the mantissa, "." then "E", exponent
 * "+0" or without a plus sign or leading zero). digits are ASCII. */
static size_t real_nr3(bool neg, const char *digits, size_t nd, long exp, uint8_t *out, size_t cap)
{
    while (nd > 0 && *digits == '0')
        digits++, nd--;
    while (nd > 0 && digits[nd - 1] == '0')
        nd--, exp++;
    if (nd == 0)
        return 0;            /* zero: no content octets (X.690 8.5.2) */
    char e[32];
    snprintf(e, sizeof e, exp == 0 ? "+0" : "%ld", exp);
    size_t n = 1 + (neg ? 1 : 0) + nd + 2 + strlen(e);
    if (n > cap)
        return (size_t)-1;
    size_t k = 0;
    out[k++] = 0x03;         /* NR3 */
    if (neg)
        out[k++] = '-';
    memcpy(out + k, digits, nd);
    k += nd;
    out[k++] = '.';
    out[k++] = 'E';
    memcpy(out + k, e, strlen(e));
    return n;
}

/* DER content of a REAL value (X.690 8.5, DER 11.3): a number written in
 * decimal (realnumber, an integer) is a base-10 value, { mantissa m, base
 * 2, exponent e } a base-2 one (binary encoding, m odd, F = 0). Returns
 * the length, or (size_t)-1 when v is not such a value or does not fit. */
static size_t real_content(const Value *v, uint8_t *out, size_t cap)
{
    char digits[64];
    size_t nd = 0;
    long exp = 0;
    bool neg = false;
    switch (v->kind) {
    case V_PLUS_INF: case V_MINUS_INF: case V_NAN:
        if (cap < 1)
            return (size_t)-1;
        out[0] = v->kind == V_PLUS_INF ? 0x40 : v->kind == V_MINUS_INF ? 0x41 : 0x42;  /* X.690 8.5.9 */
        return 1;
    case V_INTEGER: {
        if (v->big)
            return (size_t)-1;
        char buf[48];
        const char *t = asn_int_str(buf, v->ival);
        neg = *t == '-';
        return real_nr3(neg, t + neg, strlen(t + neg), 0, out, cap);
    }
    case V_REAL: {
        const char *t = v->text;
        if (!t)
            return (size_t)-1;
        neg = *t == '-';
        t += neg;
        for (; *t && *t != 'e' && *t != 'E'; t++) {
            if (*t == '.')
                continue;
            if (*t < '0' || *t > '9' || nd == sizeof digits)
                return (size_t)-1;
            if (strchr(v->text, '.') && t > strchr(v->text, '.'))
                exp--;
            digits[nd++] = *t;
        }
        if (*t) {
            char *end;
            long x = strtol(t + 1, &end, 10);
            if (*end || x > 100000 || x < -100000)
                return (size_t)-1;
            exp += x;
        }
        return real_nr3(neg, digits, nd, exp, out, cap);
    }
    case V_BRACED: {
        /* { mantissa, base, exponent }, read by sema into arcs[0..2] */
        if (v->narcs != 3)
            return (size_t)-1;
        AsnInt m = v->arcs[0], e = v->arcs[2];
        if (m == 0)
            return 0;
        neg = m < 0;
        AsnUInt um = neg ? (AsnUInt)0 - (AsnUInt)m : (AsnUInt)m;
        if (v->arcs[1] == 10) {
            const char *t = asn_int_str(digits, (AsnInt)um);
            if (e > 100000 || e < -100000)
                return (size_t)-1;
            return real_nr3(neg, t, strlen(t), (long)e, out, cap);
        }
        while (!(um & 1)) {  /* DER 11.3.1: the mantissa is odd */
            um >>= 1;
            e++;
        }
        uint8_t eb[17], mb[17];
        size_t ne = int_bytes(e, eb), nm = 0;
        for (AsnUInt x = um; x; x >>= 8)
            nm++;
        for (size_t i = 0; i < nm; i++)
            mb[i] = (uint8_t)(um >> (8 * (nm - 1 - i)));
        size_t hdr = ne <= 3 ? 1 : 2;
        if (hdr + ne + nm > cap)
            return (size_t)-1;
        out[0] = (uint8_t)(0x80 | (neg ? 0x40 : 0) | (ne <= 3 ? ne - 1 : 3));  /* base 2, F = 0 */
        if (ne > 3)
            out[1] = (uint8_t)ne;
        memcpy(out + hdr, eb, ne);
        memcpy(out + hdr + ne, mb, nm);
        return hdr + ne + nm;
    }
    default:
        return (size_t)-1;
    }
}

/* A GeneralizedTime or UTCTime value in the form DER writes (X.690 11.7,
 * 11.8): "YYYYMMDDHHMMSS[.f]Z" without a trailing zero in the fraction,
 * "YYMMDDHHMMSSZ". Decoded values are compared with the DEFAULT as text, so
 * another form of the same time would never compare equal. */
static bool time_der_form(const char *t, unsigned universal)
{
    size_t digits = universal == 23 ? 12 : 14, n = strlen(t), i = 0;
    for (; i < digits; i++)
        if (i >= n || t[i] < '0' || t[i] > '9')
            return false;
    if (universal == 24 && t[i] == '.') {
        size_t f = ++i;
        while (t[i] >= '0' && t[i] <= '9')
            i++;
        if (i == f || t[i - 1] == '0')
            return false;
    }
    return t[i] == 'Z' && t[i + 1] == 0;
}

/* ---------------------------------------------------------------- named items */

/* The C constants of a type's enumerators (a defining CK_ENUM) or of the
 * named numbers or bits of an INTEGER / BIT STRING assignment. */

/* n when the root enumerators of b are numbered exactly 0..n-1 (each its
 * own root index: PER's index and OER's value are the number), else 0. */
static int root_dense(const Type *b)
{
    int n = 0;
    for (int i = 0; i < b->nnamed; i++)
        n += !b->named[i]->is_extension;
    uint8_t *seen = arena_alloc(A, (size_t)n + 1);
    memset(seen, 0, (size_t)n + 1);
    for (int i = 0; i < b->nnamed; i++) {
        if (b->named[i]->is_extension)
            continue;
        AsnInt v = b->named[i]->number;
        if (v < 0 || v >= n || seen[v])
            return 0;
        seen[v] = 1;
    }
    return n;
}
static void name_items(CNamed *cn)
{
    Type *b = cn->ct ? cn->ct->base : NULL;
    if (cn->items_kind != ITEMS_NONE || !b)
        return;
    if (cn->defines && cn->ct->kind == CK_ENUM)
        cn->items_kind = ITEMS_ENUM;
    else if (cn->assign && (b->kind == TY_INTEGER || b->kind == TY_BIT_STRING))
        cn->items_kind = b->kind == TY_INTEGER ? ITEMS_NUMBERS : ITEMS_BITS;
    else
        return;
    cn->items = arena_alloc(A, sizeof(CItem) * (size_t)(b->nnamed ? b->nnamed : 1));
    cn->nitems = b->nnamed;
    for (int i = 0; i < b->nnamed; i++) {
        char nb[48];
        cn->items[i].cname = arena_printf(A, "%s_%s", cn->cname, c_spelling(b->named[i]->name));
        cn->items[i].asn1 = b->named[i]->name;
        cn->items[i].number = arena_strdup(A, asn_int_str(nb, b->named[i]->number));
        cn->items[i].ext = b->named[i]->is_extension;
    }
    if (cn->items_kind == ITEMS_ENUM)
        cn->root_dense = root_dense(b);
    if (cn->items_kind == ITEMS_ENUM && b->nnamed == 0)
        cn->enum_empty = arena_printf(A, "%s_NONE_", cn->cname);
}

/* The C constant of enumerator `asn1` of the enumerated type owner. */
static const char *enum_const(CNamed *owner, const char *asn1)
{
    name_items(owner);
    for (int i = 0; asn1 && i < owner->nitems; i++)
        if (strcmp(owner->items[i].asn1, asn1) == 0)
            return owner->items[i].cname;
    return NULL;
}

/* ---------------------------------------------------------------- DEFAULT values of structured types
 * A SEQUENCE-valued DEFAULT (RFC 4055's RSASSA-PSS-params: hashAlgorithm
 * DEFAULT sha1Identifier) becomes a static const object of the member's C
 * type: the emitter assigns it when the component is absent and compares
 * with T_equal() before encoding, as for any structured member. Open-type
 * members hold DER, so the value is DER-encoded here (X.690 DER). */

typedef struct DerBuf {
    uint8_t b[1024];
    size_t n;
    bool ok;
} DerBuf;

static void der_put(DerBuf *d, const uint8_t *p, size_t n)
{
    if (!d->ok || n > sizeof d->b - d->n) {
        d->ok = false;
        return;
    }
    memcpy(d->b + d->n, p, n);
    d->n += n;
}

/* Wraps d->b[from..] in identifier and length octets (X.690 8.1.2, 8.1.3; DER 10.1). */
static void der_wrap(DerBuf *d, size_t from, const Tag *tag, bool constructed)
{
    uint8_t hdr[16];
    size_t h = 0, len = d->n - from;
    uint32_t num = tag->number;
    uint8_t id = (uint8_t)((unsigned)tag->cls << 6 | (constructed ? 0x20u : 0u));
    if (num < 31) {
        hdr[h++] = (uint8_t)(id | num);
    } else {
        hdr[h++] = (uint8_t)(id | 0x1F);
        size_t k = 0;
        uint8_t tmp[5];
        do {
            tmp[k++] = (uint8_t)(num & 0x7F);
            num >>= 7;
        } while (num);
        while (k > 0) {
            k--;
            hdr[h++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0));
        }
    }
    if (len < 0x80) {
        hdr[h++] = (uint8_t)len;
    } else {
        size_t k = der_len_len(len) - 1;
        hdr[h++] = (uint8_t)(0x80 | k);
        while (k > 0) {
            k--;
            hdr[h++] = (uint8_t)(len >> (8 * k));
        }
    }
    if (!d->ok || h > sizeof d->b - d->n) {
        d->ok = false;
        return;
    }
    memmove(d->b + from + h, d->b + from, len);
    memcpy(d->b + from, hdr, h);
    d->n += h;
}

/* DER of value v (evaluated) of type t, appended to d; d->ok false when a
 * kind is not handled here. */
static void der_value(DerBuf *d, Type *t, const Value *v, int depth)
{
    if (!t || !v || depth > 32) {
        d->ok = false;
        return;
    }
    if (v->kind == V_OPEN_TYPE) {
        der_value(d, v->open_type, v->inner, depth + 1);
        return;
    }
    Type *b = base_of(t);
    size_t from = d->n;
    if (!b) {
        d->ok = false;
        return;
    }
    switch (b->kind) {
    case TY_NULL:
        break;
    case TY_BOOLEAN:
        der_put(d, (const uint8_t[]){v->bval ? 0xFF : 0x00}, 1);
        break;
    case TY_INTEGER:
    case TY_ENUMERATED: {
        uint8_t ib[17];
        if ((v->kind != V_INTEGER && v->kind != V_ENUM) || v->big) {
            d->ok = false;
            return;
        }
        der_put(d, ib, int_bytes(v->ival, ib));
        break;
    }
    case TY_OID: {
        uint8_t ob[512];
        size_t n = v->kind == V_OID ? oid_encode(v, ob, sizeof ob) : 0;
        if (n == 0) {
            d->ok = false;
            return;
        }
        der_put(d, ob, n);
        break;
    }
    case TY_OCTET_STRING:
        if (v->kind != V_OCTETS) {
            d->ok = false;
            return;
        }
        der_put(d, v->bytes, v->nbytes);
        break;
    case TY_BIT_STRING: {
        if (v->kind != V_BITS) {
            d->ok = false;
            return;
        }
        /* Named-bit lists are trimmed of trailing zero bits (X.690 11.2.2). */
        size_t nbits = v->nbits;
        while (b->nnamed > 0 && nbits > 0 && !(v->bytes[(nbits - 1) / 8] & (0x80u >> ((nbits - 1) % 8))))
            nbits--;
        size_t n = (nbits + 7) / 8;
        der_put(d, (const uint8_t[]){(uint8_t)(n * 8 - nbits)}, 1);
        der_put(d, v->bytes, n);
        break;
    }
    case TY_SEQUENCE:
        if (v->kind != V_SEQUENCE) {
            d->ok = false;
            return;
        }
        for (int i = 0; i < b->ncomps; i++) {
            Component *c = b->comps[i];
            for (int k = 0; c->name && k < v->nitems; k++)
                if (strcmp(v->item_names[k], c->name) == 0) {
                    /* DER 11.5 omits a value equal to the DEFAULT: not decided here */
                    if (c->default_value)
                        d->ok = false;
                    der_value(d, c->type, v->items[k], depth + 1);
                }
        }
        break;
    case TY_CHOICE:
        for (int i = 0; v->kind == V_CHOICE && i < b->ncomps; i++)
            if (b->comps[i]->name && strcmp(b->comps[i]->name, v->alt_name) == 0) {
                der_value(d, b->comps[i]->type, v->inner, depth + 1);
                break;
            }
        if (d->n == from)
            d->ok = false;
        break;
    default:
        d->ok = false;
        return;
    }
    /* Innermost tag first: the value's own identifier, then EXPLICIT wrappers. */
    for (int i = t->ntags - 1; i >= 0; i--)
        der_wrap(d, from, &t->tags[i], t->tags[i].explicit_wrap || kind_constructed(b->kind));
}

/* X.690 11.6: SET OF elements in ascending order of their encodings, the
 * shorter one as if padded with zero octets. */
static int cmp_der(const void *pa, const void *pb)
{
    const DerBuf *a = pa, *b = pb;
    size_t n = a->n < b->n ? a->n : b->n;
    int c = memcmp(a->b, b->b, n);
    if (c != 0)
        return c;
    for (size_t i = n; i < a->n; i++)
        if (a->b[i])
            return 1;
    for (size_t i = n; i < b->n; i++)
        if (b->b[i])
            return -1;
    return 0;
}

/* A C initializer (constant expression) of a member of type ct holding v;
 * decls receives the static arrays it points to. NULL when unsupported. */
static const char *c_init(CType *ct, const Value *v, const char *id, const char **decls, int depth)
{
    if (!v || depth > 32)
        return NULL;
    switch (ct->kind) {
    case CK_BOOL:
        return v->kind == V_BOOLEAN ? (v->bval ? "true" : "false") : NULL;
    case CK_INT: case CK_UINT:
        return v->kind == V_INTEGER && !v->big ? arena_printf(A, "(%s)%s", ct->ctype, int_literal(v->ival, ct->kind == CK_UINT))
                                               : NULL;
    case CK_ENUM:
        return v->kind == V_ENUM ? enum_const(ct->owner, v->text) : NULL;
    case CK_OID: case CK_OCTETS: case CK_ANY: {
        DerBuf d = {.ok = true};
        if (ct->kind == CK_OID) {
            d.n = v->kind == V_OID ? oid_encode(v, d.b, sizeof d.b) : 0;
            d.ok = d.n > 0;
        } else if (ct->kind == CK_OCTETS) {
            if (v->kind == V_OCTETS) {
                der_put(&d, v->bytes, v->nbytes);
            } else if (ct->base && ct->base->kind == TY_REAL) {
                d.n = real_content(v, d.b, sizeof d.b);
                d.ok = d.n != (size_t)-1;
            } else if (ct->base && ct->base->kind == TY_RELATIVE_OID && v->kind == V_OID) {
                d.n = reloid_encode(v, d.b, sizeof d.b);
                d.ok = d.n > 0;
            } else {
                d.ok = false;
            }
        } else if (v->kind == V_OPEN_TYPE) {
            /* the element itself: explicit wrappers of the member are the emitter's */
            der_value(&d, v->open_type, v->inner, depth);
        } else {
            d.ok = false;
        }
        if (!d.ok)
            return NULL;
        if (d.n == 0)
            return "{ NULL, 0 }";
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id, bytes_init(d.b, d.n));
        return arena_printf(A, "{ %sbytes_, %zu }", id, d.n);
    }
    case CK_BIGINT: {
        uint8_t ib[17];
        if (v->kind != V_INTEGER || v->big)
            return NULL;
        size_t n = int_bytes(v->ival, ib);
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id, bytes_init(ib, n));
        return arena_printf(A, "{ %sbytes_, %zu }", id, n);
    }
    case CK_STRING: {
        if (v->kind != V_CSTRING)
            return NULL;
        const uint8_t *p = v->bytes ? v->bytes : (const uint8_t *)v->text;
        size_t n = v->bytes ? v->nbytes : strlen(v->text);
        if (n == 0)
            return "{ NULL, 0 }";
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id, bytes_init(p, n));
        return arena_printf(A, "{ %sbytes_, %zu }", id, n);
    }
    case CK_BITS: {
        if (v->kind != V_BITS)
            return NULL;
        /* Named-bit lists are trimmed of trailing zero bits (X.690 11.2.2). */
        size_t nbits = v->nbits;
        while (ct->named_bits && nbits > 0 && !(v->bytes[(nbits - 1) / 8] & (0x80u >> ((nbits - 1) % 8))))
            nbits--;
        size_t n = (nbits + 7) / 8;
        if (n == 0)
            return "{ NULL, 0, 0 }";
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id, bytes_init(v->bytes, n));
        return arena_printf(A, "{ %sbytes_, %zu, %u }", id, n, (unsigned)(n * 8 - nbits));
    }
    case CK_SEQ: case CK_SET: {
        CNamed *o = ct->owner;
        if (v->kind != V_SEQUENCE || !o)
            return NULL;
        const char *init = "{";
        for (int i = 0; i < o->ncomps; i++) {
            CComp *k = o->comps[i];
            const Value *item = NULL;
            for (int j = 0; j < v->nitems; j++)
                if (strcmp(v->item_names[j], k->comp->name) == 0)
                    item = v->items[j];
            if (!item && k->comp->default_value)
                item = k->comp->default_value->eval;
            if (!item) {
                if (!k->optional)
                    return NULL;
                continue;
            }
            if (k->has_member) {
                const char *mi = c_init(k->ct, item, arena_printf(A, "%s%s_", id, k->name), decls, depth + 1);
                if (!mi)
                    return NULL;
                init = arena_printf(A, "%s .%s = %s,", init, k->name, mi);
            }
            if (k->optional)
                init = arena_printf(A, "%s .%s_present = true,", init, k->name);
        }
        /* A struct without components has one placeholder member: ISO C has no "{ }". */
        return strcmp(init, "{") == 0 ? "{ 0 }" : arena_printf(A, "%s }", init);
    }
    case CK_TIME:
        if (v->kind != V_CSTRING || !v->text || !time_der_form(v->text, ct->universal))
            return NULL;
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id,
                              bytes_init((const uint8_t *)v->text, strlen(v->text)));
        return arena_printf(A, "{ %sbytes_, %zu }", id, strlen(v->text));
    case CK_U128: case CK_I128: {
        if (v->kind != V_INTEGER)
            return NULL;
        AsnUInt x = v->big ? v->uval : (AsnUInt)v->ival;
        uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
        if (ct->kind == CK_U128)
            return arena_printf(A, "{ UINT64_C(0x%016llX), UINT64_C(0x%016llX) }", (unsigned long long)hi,
                                (unsigned long long)lo);
        return arena_printf(A, "{ %s, UINT64_C(0x%016llX) }", int_literal((AsnInt)(int64_t)hi, false),
                            (unsigned long long)lo);
    }
    case CK_CHOICE: {
        CNamed *o = ct->owner;
        if (v->kind != V_CHOICE || !o)
            return NULL;
        for (int i = 0; i < o->ncomps; i++) {
            CComp *k = o->comps[i];
            if (!v->alt_name || strcmp(k->comp->name, v->alt_name) != 0)
                continue;
            /* (name_type spells k->pr the same way, after the DEFAULTs are mapped) */
            const char *pr = k->pr ? k->pr : arena_printf(A, "%s_PR_%s", o->cname, k->name);
            if (!k->has_member)
                return arena_printf(A, "{ .present = %s }", pr);
            const char *mi = c_init(k->ct, v->inner && v->inner->eval ? v->inner->eval : v->inner,
                                    arena_printf(A, "%s%s_", id, k->name), decls, depth + 1);
            return mi ? arena_printf(A, "{ .present = %s, .u.%s = %s }", pr, k->name, mi) : NULL;
        }
        return NULL;
    }
    case CK_ARRAY: {
        if (v->kind != V_SEQUENCE_OF || !ct->elem || (uint64_t)v->nitems > ct->size_hi)
            return NULL;
        if (v->nitems == 0)
            return "{ .count = 0 }";
        const char *init = arena_printf(A, "{ .count = %d, .items = {", v->nitems);
        for (int i = 0; i < v->nitems; i++) {
            const char *mi = c_init(ct->elem, v->items[i], arena_printf(A, "%s%d_", id, i), decls, depth + 1);
            if (!mi)
                return NULL;
            init = arena_printf(A, "%s%s %s", init, i ? "," : "", mi);
        }
        return arena_printf(A, "%s } }", init);
    }
    case CK_LIST: {
        /* raw holds the elements' DER (what a decoder keeps), in DER order
         * for SET OF (X.690 11.6), so that T_equal compares it as bytes. */
        if (v->kind != V_SEQUENCE_OF || !ct->elem || !ct->elem->node)
            return NULL;
        if (v->nitems == 0)
            return "{ { NULL, 0 }, 0, NULL }";
        DerBuf *el = arena_alloc(A, sizeof *el * (size_t)v->nitems);
        for (int i = 0; i < v->nitems; i++) {
            el[i].ok = true;
            el[i].n = 0;
            der_value(&el[i], ct->elem->node, v->items[i], depth + 1);
            if (!el[i].ok)
                return NULL;
        }
        if (ct->set_of)
            qsort(el, (size_t)v->nitems, sizeof *el, cmp_der);
        DerBuf d = {.ok = true};
        for (int i = 0; i < v->nitems; i++)
            der_put(&d, el[i].b, el[i].n);
        if (!d.ok)
            return NULL;
        *decls = arena_printf(A, "%sstatic const uint8_t %sbytes_[] = { %s };\n", *decls, id, bytes_init(d.b, d.n));
        return arena_printf(A, "{ { %sbytes_, %zu }, %d, NULL }", id, d.n, v->nitems);
    }
    default:
        return NULL;
    }
}

static const char *default_for(CComp *cc, CNamed *cn)
{
    Value *v = cc->comp->default_value->eval ? cc->comp->default_value->eval : cc->comp->default_value;
    CType *ct = cc->ct;
    const char *id = arena_printf(A, "%s_%s_default_", cn->cname, cc->name);
    switch (ct->kind) {
    case CK_NULL:
        return "0";          /* NULL's one value (X.680 24); its member holds no more */
    case CK_BOOL:
        if (v->kind == V_BOOLEAN)
            return v->bval ? "true" : "false";
        break;
    case CK_INT: case CK_UINT:
        if (v->kind == V_INTEGER)
            return arena_printf(A, "(%s)%s", ct->ctype, int_literal(v->ival, ct->kind == CK_UINT));
        break;
    case CK_ENUM:
        if (v->kind == V_ENUM || (v->kind == V_REF && v->ref_name)) {
            const char *c = enum_const(ct->owner, v->kind == V_ENUM ? v->text : v->ref_name);
            if (c)
                return c;
        }
        break;
    case CK_BIGINT:
        if (v->kind == V_INTEGER) {
            uint8_t b[17];
            size_t n = int_bytes(v->ival, b);
            cc->default_decl = arena_printf(A,
                "static const uint8_t %sbytes_[] = { %s };\nstatic const asn1rt_bigint %s = { %sbytes_, %zu };\n",
                id, bytes_init(b, n), id, id, n);
            return id;
        }
        break;
    case CK_STRING:
        if (v->kind == V_CSTRING) {
            const uint8_t *b = v->bytes ? v->bytes : (const uint8_t *)v->text;
            size_t n = v->bytes ? v->nbytes : strlen(v->text);
            if (n == 0)
                cc->default_decl = arena_printf(A, "static const asn1rt_view %s = { NULL, 0 };\n", id);
            else
                cc->default_decl = arena_printf(A,
                    "static const uint8_t %sbytes_[] = { %s };\nstatic const asn1rt_view %s = { %sbytes_, %zu };\n",
                    id, bytes_init(b, n), id, id, n);
            return id;
        }
        break;
    case CK_OID:
        if (v->kind == V_OID) {
            uint8_t buf[512];
            size_t n = oid_encode(v, buf, sizeof buf);
            if (n == 0)
                break;
            cc->default_decl = arena_printf(A,
                "static const uint8_t %sbytes_[] = { %s };\nstatic const asn1rt_view %s = { %sbytes_, %zu };\n",
                id, bytes_init(buf, n), id, id, n);
            return id;
        }
        break;
    case CK_OCTETS:
        if (v->kind == V_OCTETS) {
            cc->default_decl = arena_printf(A,
                "static const uint8_t %sbytes_[] = { %s };\nstatic const asn1rt_view %s = { %sbytes_, %zu };\n",
                id, bytes_init(v->bytes, v->nbytes), id, v->nbytes ? id : "NULL", v->nbytes);
            if (!v->nbytes)
                cc->default_decl = arena_printf(A, "static const asn1rt_view %s = { NULL, 0 };\n", id);
            return id;
        }
        break;
    case CK_SEQ: case CK_SET: {
        const char *decls = "";
        const char *init = c_init(ct, v, id, &decls, 0);
        if (init) {
            cc->default_decl = arena_printf(A, "%sstatic const %s %s = %s;\n", decls, ct->ctype, id, init);
            return id;
        }
        break;
    }
    case CK_BITS:
        if (v->kind == V_BITS) {
            /* Named-bit lists are trimmed of trailing zero bits (X.690
             * 11.2.2), but not below the SIZE's lower bound: the value a
             * decoder delivers satisfies the constraint (11.2.2 NOTE 1),
             * so EndEntityType ::= BIT STRING {...} (SIZE (8)) DEFAULT
             * '00'H is 8 zero bits, as OER's fixed size carries them. */
            size_t nbits = v->nbits;
            while (ct->named_bits && nbits > 0 && !(v->bytes[(nbits - 1) / 8] & (0x80u >> ((nbits - 1) % 8))))
                nbits--;
            size_t keep = nbits;
            if (ct->named_bits && ct->size_lo_set && nbits < ct->size_lo && ct->size_lo <= 8 * 4096)
                nbits = (size_t)ct->size_lo;
            size_t n = (nbits + 7) / 8;
            unsigned unused = (unsigned)(n * 8 - nbits);
            uint8_t *bytes = arena_alloc(A, n ? n : 1);   /* zeroed */
            memcpy(bytes, v->bytes, (keep + 7) / 8);
            if (n == 0)
                cc->default_decl = arena_printf(A, "static const asn1rt_bits %s = { NULL, 0, 0 };\n", id);
            else
                cc->default_decl = arena_printf(A,
                    "static const uint8_t %sbytes_[] = { %s };\nstatic const asn1rt_bits %s = { %sbytes_, %zu, %u };\n",
                    id, bytes_init(bytes, n), id, id, n, unused);
            return id;
        }
        break;
    default:
        break;
    }
    /* Any other kind: a static const object of the member's C type. */
    const char *decls = "";
    const char *init = c_init(ct, v, id, &decls, 0);
    if (init) {
        cc->default_decl = arena_printf(A, "%sstatic const %s %s = %s;\n", decls, ct->ctype, id, init);
        return id;
    }
    if (ct->kind == CK_TIME && v->kind == V_CSTRING)
        diag(DIAG_ERROR, cc->comp->default_value->loc,
             "code generation: DEFAULT value of component '%s' is not in the form DER writes (X.690 11.7, 11.8: "
             "%s): a decoded value is compared with it as text", cc->comp->name,
             ct->universal == 23 ? "YYMMDDHHMMSSZ" : "YYYYMMDDHHMMSS[.fff]Z, no trailing zero in the fraction");
    else
        diag(DIAG_ERROR, cc->comp->loc, "code generation: DEFAULT value of component '%s' is not supported",
             cc->comp->name);
    g_ok = false;
    return "0";
}

static CComp **sort_ctx;
static int cmp_set(const void *pa, const void *pb)
{
    int ia = *(const int *)pa, ib = *(const int *)pb;
    CType *a = sort_ctx[ia]->ct, *b = sort_ctx[ib]->ct;
    uint64_t ka = UINT64_MAX, kb = UINT64_MAX;
    /* X.690 10.3: by tag class then number; an untagged CHOICE sorts by its
     * smallest alternative tag (X.680 8.6). Constructed bit ignored. */
    for (int i = 0; i < a->nfirst; i++) {
        uint64_t k = a->first[i] & ~0x20000000u;
        if (k < ka) ka = k;
    }
    for (int i = 0; i < b->nfirst; i++) {
        uint64_t k = b->first[i] & ~0x20000000u;
        if (k < kb) kb = k;
    }
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return ia - ib;
}

static void map_components(CNamed *cn, Type *b, Module *m)
{
    if (b->kind == TY_SEQUENCE || b->kind == TY_SET || b->kind == TY_CHOICE) {
        Vec v = {0};
        int next_ext = 0;
        cn->extensible = b->extensible;
        for (int i = 0; i < b->ncomps; i++) {
            Component *c = b->comps[i];
            if (c->components_of || !c->name || !c->type)
                continue;
            CComp *cc = arena_alloc(A, sizeof *cc);
            cc->comp = c;
            cc->name = c_ident(c->name);
            c->cname = cc->name;
            c->cinfo = cc;
            g_asn1_path = arena_printf(A, "%s.%s", display_of(cn), c->name);
            cc->ct = map_type(c->type, arena_printf(A, "%s_%s", cn->cname, cc->name), m);
            cc->optional = b->kind != TY_CHOICE && (c->optional || (c->is_extension && !c->default_value));
            /* A NULL keeps no member, but one with a DEFAULT does (always
             * 0), for the emitters' DEFAULT paths to fill in and compare. */
            cc->has_member = cc->ct->kind != CK_NULL || (c->default_value && b->kind != TY_CHOICE);
            cc->own_optional = c->optional;
            /* OER's presence bitmap: one bit per addition, one per group. */
            cc->ext_index = -1;
            if (c->is_extension) {
                bool same_group = c->ext_group && i > 0 && b->comps[i - 1]->is_extension &&
                                  b->comps[i - 1]->ext_group == c->ext_group;
                cc->ext_index = same_group ? next_ext - 1 : next_ext++;
                cc->ext_group = c->ext_group != 0;
                cc->group_optional = cc->ext_group && (c->optional || c->default_value);
            }
            vec_push(A, &v, cc);
        }
        cn->comps = (CComp **)v.items;
        cn->ncomps = v.len;
        for (int i = 0; i < cn->ncomps; i++) {
            CComp *cc = cn->comps[i];
            if (cc->comp->default_value && b->kind != TY_CHOICE) {
                /* computed once every type is mapped: a structured default
                 * needs its members' mappings */
                cc->has_default = true;
                vec_push(A, &g_defaults, cc);
                vec_push(A, &g_defaults, cn);
            }
        }
        if (b->kind == TY_SET) {
            cn->set_order = arena_alloc(A, sizeof(int) * (size_t)(cn->ncomps ? cn->ncomps : 1));
            for (int i = 0; i < cn->ncomps; i++)
                cn->set_order[i] = i;
            sort_ctx = cn->comps;
            qsort(cn->set_order, (size_t)cn->ncomps, sizeof(int), cmp_set);
        }
        /* CHOICE first tags need the alternatives: recompute now they exist. */
        if (b->kind == TY_CHOICE) {
            /* PER's index (X.691 23): canonical tag order, the root and the
             * additions counted apart. */
            int *order = arena_alloc(A, sizeof(int) * (size_t)(cn->ncomps ? cn->ncomps : 1));
            for (int i = 0; i < cn->ncomps; i++)
                order[i] = i;
            sort_ctx = cn->comps;
            qsort(order, (size_t)cn->ncomps, sizeof(int), cmp_set);
            int nroot = 0, nadd = 0;
            for (int i = 0; i < cn->ncomps; i++) {
                CComp *alt = cn->comps[order[i]];
                alt->alt_index = alt->ext_index >= 0 ? nadd++ : nroot++;
            }
            cn->ct->nfirst = 0;
            cn->ct->any_first = false;
            compute_first(cn->ct);
        }
    } else if (b->kind == TY_SEQUENCE_OF || b->kind == TY_SET_OF) {
        const char *ename = arena_printf(A, "%s_%s", cn->cname, b->elem_name ? c_ident(b->elem_name) : "item");
        g_asn1_path = arena_printf(A, "%s.%s", display_of(cn), b->elem_name ? b->elem_name : "*");
        cn->ct->elem = map_type(b->inner, ename, m);
    } else if (b->kind == TY_ENUMERATED) {
        cn->extensible = b->enum_extensible;
    }
}

/* Bound on the encoding of ct (tags included), when finite. */
static bool max_encoded(CType *ct, uint64_t *out, int depth);

static bool max_of_named(CNamed *cn, uint64_t *out, int depth)
{
    uint64_t sum = 0, best = 0, x;
    if (depth > 32)
        return false;
    switch (cn->ct->kind) {
    case CK_SEQ: case CK_SET:
        if (cn->extensible)
            return false;
        for (int i = 0; i < cn->ncomps; i++) {
            if (!max_encoded(cn->comps[i]->ct, &x, depth + 1))
                return false;
            sum += x;
        }
        *out = sum;
        return true;
    case CK_CHOICE:
        if (cn->extensible)
            return false;
        for (int i = 0; i < cn->ncomps; i++) {
            if (!max_encoded(cn->comps[i]->ct, &x, depth + 1))
                return false;
            if (x > best)
                best = x;
        }
        *out = best;
        return true;
    case CK_ARRAY: case CK_LIST:
        if (!cn->ct->size_hi_set || !max_encoded(cn->ct->elem, &x, depth + 1))
            return false;
        *out = x * cn->ct->size_hi;
        return true;
    case CK_ENUM:
        if (cn->extensible)
            return false;
        *out = 4;
        return true;
    default:
        return false;
    }
}

static bool max_encoded(CType *ct, uint64_t *out, int depth)
{
    uint64_t content;
    if (ct->kind >= CK_SEQ || ct->kind == CK_ENUM) {
        if (!ct->owner || !max_of_named(ct->owner, &content, depth))
            return false;
    } else {
        if (!ct->max_known)
            return false;
        content = ct->max_size;
    }
    uint64_t total = content;
    /* value tag (untagged CHOICE contributes only its alternative) */
    if (strcmp(ct->vtag, "0") != 0 || ct->node->ntags > ct->nwraps) {
        const Tag *vt = &ct->node->tags[ct->node->ntags - 1];
        total += tag_id_len(tag_word(vt, false)) + der_len_len(total);
    }
    for (int i = ct->nwraps - 1; i >= 0; i--) {
        total += tag_id_len(tag_word(&ct->node->tags[i], true)) + der_len_len(total);
    }
    *out = total;
    return true;
}

/* ---------------------------------------------------------------- open types */

static CComp *find_comp(CNamed *cn, const char *asn1_name)
{
    for (int i = 0; i < cn->ncomps; i++)
        if (strcmp(cn->comps[i]->comp->name, asn1_name) == 0)
            return cn->comps[i];
    return NULL;
}

/* For each component that is an open type under a table constraint whose
 * identifier is a sibling component ("{Set}{@id}"), the alternatives the
 * object set gives. Paths into other components ("@.a.b") are left as views. */
static void map_opens(CNamed *cn, ModState *ms)
{
    for (int i = 0; i < cn->ncomps; i++) {
        CComp *oc = cn->comps[i];
        Type *u = strip_tagged(oc->comp->type);
        if (!u || !u->table_set || !u->table_at || oc->ct->kind != CK_ANY || !u->field)
            continue;
        const char *at = u->table_at[0] == '.' ? u->table_at + 1 : u->table_at;
        if (strchr(at, '.'))
            continue;
        CComp *ic = find_comp(cn, at);
        Type *iu = ic ? strip_tagged(ic->comp->type) : NULL;
        if (!ic || !iu || !iu->field || (ic->ct->kind != CK_OID && ic->ct->kind != CK_INT))
            continue;
        COpen *op = arena_alloc(A, sizeof *op);
        Vec alts = {0};
        op->owner = cn;
        op->open = oc;
        op->id = ic;
        op->cname = arena_printf(A, "%s_%s", cn->cname, oc->name);
        Assignment *set = u->table_set;
        for (int k = 0; k < set->nobjects; k++) {
            Object *o = set->objects[k];
            FieldSetting *idf = object_field(o, iu->field->name);
            FieldSetting *tf = object_field(o, u->field->name);
            Value *iv = idf && idf->value ? (idf->value->eval ? idf->value->eval : idf->value) : NULL;
            if (!iv || !tf || !tf->type)
                continue;             /* no type for this identifier: the view stays raw */
            COpenAlt *alt = arena_alloc(A, sizeof *alt);
            /* An inline object (the 3GPP IEs: { ID id-Global-ENB-ID ... })
             * is named after the value reference of its identifier, which
             * is what protocol code knows it by; else by its position. */
            Value *idv = idf->value;
            alt->name = o->assign            ? c_ident(o->assign->name)
                        : idv->kind == V_REF ? c_ident(idv->ref_name)
                                             : arena_printf(A, "object%d", k + 1);
            for (int j = 0; j < alts.len; j++)
                if (strcmp(((COpenAlt *)alts.items[j])->name, alt->name) == 0)
                    alt->name = arena_printf(A, "object%d", k + 1);
            const char *path = arena_printf(A, "%s_%s", op->cname, alt->name);
            g_asn1_path = arena_printf(A, "%s.%s (%s)", display_of(cn), oc->comp->name,
                                       o->assign ? o->assign->name : "object");
            alt->ct = map_type(tf->type, path, cn->module);
            alt->member = alt->ct->kind == CK_NULL ? NULL : alt->name;
            if (ic->ct->kind == CK_OID && iv->kind == V_OID) {
                uint8_t buf[512];
                size_t n = oid_encode(iv, buf, sizeof buf);
                if (n == 0)
                    continue;
                const char *id = arena_printf(A, "%s_id_", path);
                alt->id_decl = arena_printf(A, "static const uint8_t %s[] = { %s };\n", id, bytes_init(buf, n));
                alt->id_expr = arena_printf(A, "in->%s.len == %zu && memcmp(in->%s.ptr, %s, %zu) == 0", ic->name,
                                            n, ic->name, id, n);
            } else if (ic->ct->kind == CK_INT && iv->kind == V_INTEGER) {
                alt->id_expr = arena_printf(A, "in->%s == %s", ic->name, int_literal(iv->ival, false));
            } else {
                continue;
            }
            vec_push(A, &alts, alt);
        }
        if (alts.len == 0)
            continue;
        op->alts = (COpenAlt **)alts.items;
        op->nalts = alts.len;
        vec_push(A, &ms->opens, op);
    }
}

/* ---------------------------------------------------------------- ordering */

static void order_visit(CNamed *cn, Vec *out);

static void visit_ct(CType *ct, CNamed *from, Vec *out)
{
    if (ct && ct->owner && ct->owner != from && ct->owner->module == from->module)
        order_visit(ct->owner, out);
    /* A typedef name used for a member must be declared first too. */
    if (ct && ct->node) {
        Type *u = strip_tagged(ct->node);
        if (u && u->kind == TY_REF && u->ref_assign && u->ref_assign->cinfo) {
            CNamed *r = u->ref_assign->cinfo;
            if (r != from && r->module == from->module)
                order_visit(r, out);
        }
    }
}

static void order_visit(CNamed *cn, Vec *out)
{
    if (cn->state == 2)
        return;
    if (cn->state == 1)
        return;                     /* only through views (recursion): no by-value need */
    cn->state = 1;
    if (!cn->defines)
        visit_ct(cn->ct, cn, out);
    for (int i = 0; i < cn->ncomps; i++)
        visit_ct(cn->comps[i]->ct, cn, out);
    if (cn->ct && cn->ct->elem)
        visit_ct(cn->ct->elem, cn, out);
    cn->state = 2;
    vec_push(A, out, cn);
}

/* Modules that import each other (RFC 5912's PKIX1Explicit-2009 and
 * PKIX1Implicit-2009 do) cannot each have a header holding their own types:
 * each needs the other's types by value. All their types, values and
 * open-type decoders go to the files of the first of them in load order (the
 * host), which includes what any of them imports; the others' headers just
 * include the host's. C names do not change. */
static void host_import_cycles(Compilation *c)
{
    int n = c->nmodules;
    bool *reach = arena_alloc(A, (size_t)n * (size_t)n * sizeof(bool));
    int *stack = arena_alloc(A, (size_t)(n + 1) * sizeof(int));
    for (int i = 0; i < n; i++) {
        int top = 0;
        stack[top++] = i;
        while (top) {
            Module *m = c->modules[stack[--top]];
            for (int j = 0; j < m->nimports; j++)
                for (int k = 0; k < n; k++)
                    if (c->modules[k] == m->imports[j]->module && !reach[i * n + k]) {
                        reach[i * n + k] = true;
                        stack[top++] = k;
                    }
        }
    }
    for (int i = 0; i < n; i++) {
        ModState *ms = c->modules[i]->cinfo;
        for (int h = 0; h < i && !ms->host; h++)
            if (reach[i * n + h] && reach[h * n + i])
                ms->host = c->modules[h];
        if (!ms->host)
            continue;
        ModState *hs = ms->host->cinfo;
        for (int j = 0; j < ms->types.len; j++) {
            ((CNamed *)ms->types.items[j])->module = ms->host;
            vec_push(A, &hs->types, ms->types.items[j]);
        }
        for (int j = 0; j < ms->values.len; j++)
            vec_push(A, &hs->values, ms->values.items[j]);
        for (int j = 0; j < ms->opens.len; j++)
            vec_push(A, &hs->opens, ms->opens.items[j]);
        ms->types = ms->values = ms->opens = (Vec){0};
    }
}

/* ---------------------------------------------------------------- headers included */

/* The module whose header declares the C type a member of type ct has. */
static void add_module_of(CNamed *used, Module *self, Vec *imps)
{
    if (!used)
        return;
    ModState *us = used->module->cinfo;
    Module *um = us->host ? us->host : used->module;
    if (um == self)
        return;
    for (int q = 0; q < imps->len; q++)
        if (imps->items[q] == (void *)um || ((ModState *)((Module *)imps->items[q])->cinfo)->host == um)
            return;
    vec_push(A, imps, um);
}

static void add_used_ct(CType *ct, Module *self, Vec *imps)
{
    if (!ct)
        return;
    add_module_of(ct->owner, self, imps);
    Type *u = ct->node ? strip_tagged(ct->node) : NULL;
    if (u && u->kind == TY_REF && u->ref_assign && u->ref_assign->cinfo)
        add_module_of(u->ref_assign->cinfo, self, imps);
    if (ct->elem && ct->elem != ct)
        add_used_ct(ct->elem, self, imps);
}

static void add_used_modules(CNamed *cn, Module *self, Vec *imps)
{
    add_used_ct(cn->ct, self, imps);
    for (int i = 0; i < cn->ncomps; i++)
        add_used_ct(cn->comps[i]->ct, self, imps);
}

/* ---------------------------------------------------------------- source text */

static const char *assignment_text(Assignment *a, Assignment *next)
{
    const SrcFile *f = a->loc.file;
    if (!f || !f->line_start || a->loc.line < 1)
        return NULL;
    size_t start = (size_t)f->line_start[a->loc.line - 1] + (size_t)(a->loc.col - 1);
    size_t end = f->len;
    if (next && next->loc.file == f && next->loc.line >= 1)
        end = (size_t)f->line_start[next->loc.line - 1] + (size_t)(next->loc.col - 1);
    else {
        /* last assignment: up to the module's END */
        const char *e = strstr(f->text + start, "\nEND");
        if (e)
            end = (size_t)(e - f->text);
    }
    if (end < start)
        return NULL;
    /* Drop trailing blank lines and comment lines that belong to the next one. */
    while (end > start) {
        size_t ls = end;
        while (ls > start && f->text[ls - 1] != '\n')
            ls--;
        const char *p = f->text + ls;
        while (p < f->text + end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p == f->text + end || (p + 1 < f->text + end && p[0] == '-' && p[1] == '-')) {
            if (ls == start)
                break;
            end = ls - 1;
            continue;
        }
        break;
    }
    /* The text goes into a C block comment (emit_c.c neutralises comment
     * delimiters there). The trigraph ??/ is a backslash in C99/C11: at the
     * end of a comment line gcc -Wtrigraphs (-Wall) reports it, so -Werror
     * builds of the header fail. "?? /" reads the same. */
    size_t n = end - start, extra = 0;
    const char *src = f->text + start;
    for (size_t i = 0; i + 2 < n; i++)
        extra += src[i] == '?' && src[i + 1] == '?' && src[i + 2] == '/';
    char *text = arena_alloc(A, n + extra + 1);
    for (size_t i = 0, k = 0; i < n; i++) {
        text[k++] = src[i];
        if (i >= 1 && i + 1 < n && src[i - 1] == '?' && src[i] == '?' && src[i + 1] == '/')
            text[k++] = ' ';
    }
    return text;
}

/* ---------------------------------------------------------------- values */

static void map_value(Assignment *a, ModState *ms)
{
    Value *v = a->value ? (a->value->eval ? a->value->eval : a->value) : NULL;
    Type *b = a->type ? base_of(a->type) : NULL;
    if (!v || !b)
        return;
    CValue *cv = arena_alloc(A, sizeof *cv);
    cv->assign = a;
    if (b->kind == TY_OID && v->kind == V_OID && v->narcs >= 2) {
        uint8_t buf[512];
        size_t n = 0;
        char text[1024];
        size_t tl = 0;
        bool ok = true;
        for (int i = 0; i < v->narcs && ok; i++) {
            char nb[48];
            tl += (size_t)snprintf(text + tl, sizeof text - tl, "%s%s", i ? "." : "", asn_int_str(nb, v->arcs[i]));
            if (tl >= sizeof text)
                ok = false;
        }
        for (int i = 1; i < v->narcs && ok; i++) {
            AsnUInt arc = (AsnUInt)v->arcs[i];
            if (i == 1)
                arc = (AsnUInt)v->arcs[0] * 40 + (AsnUInt)v->arcs[1];
            uint8_t tmp[20];
            size_t k = 0;
            do {
                tmp[k++] = (uint8_t)(arc & 0x7F);
                arc >>= 7;
            } while (arc && k < sizeof tmp);
            if (n + k > sizeof buf) {
                ok = false;
                break;
            }
            while (k > 0) {
                k--;
                buf[n++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0));
            }
        }
        if (!ok)
            return;
        cv->is_oid = true;
        cv->oid_bytes = arena_alloc(A, n);
        memcpy(cv->oid_bytes, buf, n);
        cv->oid_len = n;
        cv->oid_text = arena_strndup(A, text, tl);
    } else if (b->kind == TY_INTEGER && v->kind == V_INTEGER) {
        if (v->ival < (AsnInt)INT64_MIN || v->ival > (AsnInt)INT64_MAX)
            return;
        cv->int_literal = int_literal(v->ival, false);
        cv->int_small = v->ival >= -2147483647 && v->ival <= 2147483647;
    } else {
        return;
    }
    vec_push(A, &ms->values, cv);
}

/* ---------------------------------------------------------------- C names of the output */

/* Which types have a function. */
enum { FOR_ALL, FOR_DEFINES, FOR_OF, FOR_LIST };

typedef struct FnName {
    const char *suffix;      /* T_<suffix> */
    unsigned char scope;     /* FOR_* */
} FnName;

static const FnName common_fns[FN_COUNT] = {
    [FN_INIT] = {"init", FOR_ALL},
    [FN_CHECK] = {"check", FOR_ALL},
    [FN_EQUAL] = {"equal", FOR_ALL},
    [FN_PRINT] = {"print", FOR_ALL},
    [FN_MAX_ENCODED_SIZE] = {"MAX_ENCODED_SIZE", FOR_ALL},
    [FN_ITER] = {"iter", FOR_LIST},
    [FN_ITER_INIT] = {"iter_init", FOR_LIST},
    [FN_ITER_NEXT] = {"iter_next", FOR_LIST},
    [FN_LOAD_ITEMS] = {"load_items", FOR_LIST},
};

static const FnName der_fns[DER_FN_COUNT] = {
    [DER_DECODE] = {"decode", FOR_ALL},
    [DER_DECODE_PREFIX] = {"decode_prefix", FOR_ALL},
    [DER_DECODE_EX] = {"decode_ex", FOR_ALL},
    [DER_ENCODED_LEN] = {"encoded_len", FOR_ALL},
    [DER_ENCODE] = {"encode", FOR_ALL},
    [DER_READ] = {"read_", FOR_ALL},
    [DER_READ_INL] = {"read_inl_", FOR_ALL},
    [DER_WRITE] = {"write_", FOR_ALL},
    [DER_DEC] = {"dec_", FOR_DEFINES},
    [DER_DEC_INL] = {"dec_inl_", FOR_DEFINES},
    [DER_ENC] = {"enc_", FOR_DEFINES},
    [DER_ENC_INL] = {"enc_inl_", FOR_DEFINES},
    [DER_LEN] = {"len_", FOR_DEFINES},
    [DER_ITEM] = {"item_", FOR_OF},
    [DER_ITEM_INL] = {"item_inl_", FOR_OF},
};

static const FnName oer_fns[OER_FN_COUNT] = {
    [OER_DECODE] = {"oer_decode", FOR_ALL},
    [OER_DECODE_PREFIX] = {"oer_decode_prefix", FOR_ALL},
    [OER_DECODE_EX] = {"oer_decode_ex", FOR_ALL},
    [OER_ENCODE] = {"oer_encode", FOR_ALL},
    [OER_READ] = {"oer_read_", FOR_ALL},
    [OER_READ_INL] = {"oer_read_inl_", FOR_ALL},
    [OER_WRITE] = {"oer_write_", FOR_ALL},
    [OER_DEC] = {"oer_dec_", FOR_DEFINES},
    [OER_DEC_BODY] = {"oer_dec_body_", FOR_DEFINES},
    [OER_ENC] = {"oer_enc_", FOR_DEFINES},
    [OER_DEC_INL] = {"oer_dec_inl_", FOR_DEFINES},
    [OER_ENC_INL] = {"oer_enc_inl_", FOR_DEFINES},
};

static const FnName per_fns[PER_FN_COUNT] = {
    [UPER_DECODE] = {"uper_decode", FOR_ALL},
    [UPER_DECODE_EX] = {"uper_decode_ex", FOR_ALL},
    [UPER_ENCODE] = {"uper_encode", FOR_ALL},
    [APER_DECODE] = {"aper_decode", FOR_ALL},
    [APER_DECODE_EX] = {"aper_decode_ex", FOR_ALL},
    [APER_ENCODE] = {"aper_encode", FOR_ALL},
    [PER_MAX_OCTETS] = {"PER_MAX_OCTETS", FOR_ALL},
    [PER_READ] = {"per_read_", FOR_ALL},
    [PER_WRITE] = {"per_write_", FOR_ALL},
    [PER_DEC] = {"per_dec_", FOR_DEFINES},
    [PER_ENC] = {"per_enc_", FOR_DEFINES},
};

static const FnName ber_fns[BER_FN_COUNT] = {
    [BER_DECODE] = {"ber_decode", FOR_ALL},
    [BER_DECODE_PREFIX] = {"ber_decode_prefix", FOR_ALL},
    [BER_DECODE_EX] = {"ber_decode_ex", FOR_ALL},
    [BER_READ] = {"ber_read_", FOR_ALL},
    [BER_READ_INL] = {"ber_read_inl_", FOR_ALL},
    [BER_DEC] = {"ber_dec_", FOR_DEFINES},
    [BER_DEC_INL] = {"ber_dec_inl_", FOR_DEFINES},
    [BER_ITEM] = {"ber_item_", FOR_OF},
    [BER_ITEM_INL] = {"ber_item_inl_", FOR_OF},
};

/* The functions of each encoding: a new rule adds its row. */
static const struct {
    const FnName *fns;
    int nfns;
} enc_fns[ENC_COUNT] = {
    [ENC_DER] = {der_fns, DER_FN_COUNT},
    [ENC_OER] = {oer_fns, OER_FN_COUNT},
    [ENC_PER] = {per_fns, PER_FN_COUNT},
    [ENC_BER] = {ber_fns, BER_FN_COUNT},
};

static const char *fn_name(const CNamed *cn, const FnName *f)
{
    bool of = cn->defines && (cn->ct->kind == CK_ARRAY || cn->ct->kind == CK_LIST);
    bool ok = f->scope == FOR_ALL || (f->scope == FOR_DEFINES && cn->defines) || (f->scope == FOR_OF && of) ||
              (f->scope == FOR_LIST && of && cn->ct->kind == CK_LIST);
    return ok ? arena_printf(A, "%s_%s", cn->cname, f->suffix) : NULL;
}

static void name_type(CNamed *cn)
{
    cn->home = cn->module->cinfo;
    cn->asn1 = display_of(cn);
    cn->loc = cn->assign ? cn->assign->loc : cn->type->loc;
    cn->fuzz_base = cn->assign ? c_spelling(cn->assign->name) : cn->cname;
    for (int k = 0; k < FN_COUNT; k++)
        cn->fn[k] = fn_name(cn, &common_fns[k]);
    for (int e = 0; e < ENC_COUNT; e++) {
        cn->enc_fn[e] = arena_alloc(A, sizeof(char *) * (size_t)enc_fns[e].nfns);
        for (int k = 0; k < enc_fns[e].nfns; k++)
            cn->enc_fn[e][k] = fn_name(cn, &enc_fns[e].fns[k]);
    }
    bool choice = cn->defines && cn->ct->kind == CK_CHOICE;
    if (choice) {
        cn->pr_type = arena_printf(A, "%s_PR", cn->cname);
        cn->pr_nothing = arena_printf(A, "%s_PR_NOTHING", cn->cname);
        if (cn->extensible)
            cn->pr_unknown = arena_printf(A, "%s_PR_UNKNOWN", cn->cname);
    }
    for (int k = 0; k < cn->ncomps; k++) {
        CComp *cc = cn->comps[k];
        cc->asn1 = cc->comp->name;
        if (cc->optional)
            cc->present = arena_printf(A, "%s_present", cc->name);
        if (choice)
            cc->pr = arena_printf(A, "%s_PR_%s", cn->cname, cc->name);
    }
    name_items(cn);
}

static void name_module(Module *m)
{
    CModule *cm = m->cinfo;
    const char *path = m->file ? m->file->path : "?";
    const char *slash = strrchr(path, '/');
    cm->asn1 = m->name;
    cm->src_file = slash ? slash + 1 : path;
    cm->emit = m->from_cmdline;
    cm->header = arena_printf(A, "%s.h", cm->file_base);
    cm->source = arena_printf(A, "%s.c", cm->file_base);
    for (int j = 0; j < cm->ntypes; j++)
        name_type(cm->types[j]);
    for (int j = 0; j < cm->nvalues; j++) {
        CValue *cv = cm->values[j];
        cv->cname = cv->assign->cname;
        if (cv->is_oid) {
            cv->equal_fn = arena_printf(A, "%s_equal", cv->cname);
            cv->bytes_name = arena_printf(A, "%s_bytes_", cv->cname);
        }
    }
    for (int j = 0; j < cm->nopens; j++) {
        COpen *op = cm->opens[j];
        op->kind_type = arena_printf(A, "%s_KIND", op->cname);
        op->kind_none = arena_printf(A, "%s_KIND_NONE", op->cname);
        op->open_type = arena_printf(A, "%s_open", op->cname);
        op->decode_open = arena_printf(A, "%s_decode_open", op->cname);
        op->per_decode_open[0] = arena_printf(A, "%s_uper_decode_open", op->cname);
        op->per_decode_open[1] = arena_printf(A, "%s_aper_decode_open", op->cname);
        op->oer_decode_open = arena_printf(A, "%s_oer_decode_open", op->cname);
        for (int k = 0; k < op->nalts; k++) {
            COpenAlt *a = op->alts[k];
            a->kind = arena_printf(A, "%s_KIND_%s", op->cname, a->name);
            a->oer_fn = arena_printf(A, "%s_alt%d_", op->oer_decode_open, k);
            for (int al = 0; al < 2; al++)
                a->per_fn[al] = arena_printf(A, "%s_alt%d_", op->per_decode_open[al], k);
        }
    }
}

/* '-' -> '_' joins names, so distinct ASN.1 names can meet in C: a type
 * A-b and the inner type hoisted from A's component b are both A_b, an
 * enumerator check of E is E_check like E's check function. One C name
 * with two meanings is declined here rather than emitted as C that does
 * not compile. The names are every file-scope name the output holds (the
 * records name_module filled), across all modules, as one translation
 * unit may include every header. */
typedef struct CName {
    const char *name;
    const char *what;        /* for the diagnostic: "type A", "enumerator b of E", ... */
    const void *owner;       /* the CNamed / CValue / COpen it comes from */
    Loc loc;
    int seq;                 /* creation order: the later one is reported */
} CName;

static void add_name(Vec *v, const void *owner, Loc loc, const char *what, const char *name)
{
    if (!name)
        return;
    CName *n = arena_alloc(A, sizeof *n);
    n->name = name;
    n->what = what;
    n->owner = owner;
    n->loc = loc;
    n->seq = v->len;
    vec_push(A, v, n);
}

static int cmp_cname(const void *pa, const void *pb)
{
    const CName *a = *(CName *const *)pa, *b = *(CName *const *)pb;
    int d = strcmp(a->name, b->name);
    return d ? d : (a->seq > b->seq) - (a->seq < b->seq);
}

static void check_names(Compilation *c)
{
    Vec v = {0};
    for (int i = 0; i < c->nmodules; i++) {
        CModule *cm = c->modules[i]->cinfo;
        for (int j = 0; j < cm->ntypes; j++) {
            CNamed *cn = cm->types[j];
            const char *D = cn->asn1;
            Loc loc = cn->assign ? cn->assign->loc : cn->type->loc;
            const char *fn = arena_printf(A, "a function or constant of %s", D);
            add_name(&v, cn, loc, arena_printf(A, "%s %s", cn->assign ? "type" : "inner type", D), cn->cname);
            for (int k = 0; k < FN_COUNT; k++)
                add_name(&v, cn, loc, fn, cn->fn[k]);
            for (int e = 0; e < ENC_COUNT; e++)
                for (int k = 0; k < enc_fns[e].nfns; k++)
                    add_name(&v, cn, loc, fn, cn->enc_fn[e][k]);
            add_name(&v, cn, loc, fn, cn->pr_type);
            add_name(&v, cn, loc, fn, cn->pr_nothing);
            add_name(&v, cn, loc, fn, cn->pr_unknown);
            for (int k = 0; k < cn->ncomps; k++)
                add_name(&v, cn, cn->comps[k]->comp->loc,
                         arena_printf(A, "the constant of alternative %s of %s", cn->comps[k]->asn1, D),
                         cn->comps[k]->pr);
            Type *b = cn->ct->base;
            for (int k = 0; k < cn->nitems; k++)
                add_name(&v, cn, b->named[k]->loc,
                         cn->items_kind == ITEMS_ENUM
                             ? arena_printf(A, "enumerator %s of %s", cn->items[k].asn1, D)
                             : arena_printf(A, "named %s %s of %s", cn->items_kind == ITEMS_NUMBERS ? "number" : "bit",
                                            cn->items[k].asn1, D),
                         cn->items[k].cname);
            add_name(&v, cn, loc, fn, cn->enum_empty);
        }
        for (int j = 0; j < cm->nvalues; j++) {
            CValue *cv = cm->values[j];
            const char *what = arena_printf(A, "value %s", cv->assign->name);
            add_name(&v, cv, cv->assign->loc, what, cv->cname);
            const char *fwhat = arena_printf(A, "the function of value %s", cv->assign->name);
            add_name(&v, cv, cv->assign->loc, fwhat, cv->equal_fn);
            add_name(&v, cv, cv->assign->loc, fwhat, cv->bytes_name);
        }
        for (int j = 0; j < cm->nopens; j++) {
            COpen *op = cm->opens[j];
            Loc loc = op->open->comp->loc;
            const char *what = arena_printf(A, "the decoder of open type %s.%s", op->owner->asn1,
                                            op->open->asn1);
            add_name(&v, op, loc, what, op->kind_type);
            add_name(&v, op, loc, what, op->open_type);
            add_name(&v, op, loc, what, op->decode_open);
            add_name(&v, op, loc, what, op->per_decode_open[0]);
            add_name(&v, op, loc, what, op->per_decode_open[1]);
            add_name(&v, op, loc, what, op->oer_decode_open);
            add_name(&v, op, loc, what, op->kind_none);
            for (int k = 0; k < op->nalts; k++) {
                add_name(&v, op, loc, what, op->alts[k]->kind);
                add_name(&v, op, loc, what, op->alts[k]->oer_fn);
                add_name(&v, op, loc, what, op->alts[k]->per_fn[0]);
                add_name(&v, op, loc, what, op->alts[k]->per_fn[1]);
            }
        }
    }
    if (v.len > 1)
        qsort(v.items, (size_t)v.len, sizeof v.items[0], cmp_cname);
    /* One error per pair of clashing types (two types called A_b clash in
     * every function name too); each enumerator that meets its own type's
     * functions is reported. */
    Vec reported = {0};
    diag_defer(true);        /* printed in source order */
    for (int i = 1; i < v.len; i++) {
        CName *a = v.items[i - 1], *b = v.items[i];
        if (strcmp(a->name, b->name) != 0)
            continue;
        bool seen = false;
        for (int k = a->owner == b->owner ? reported.len : 0; k + 1 < reported.len && !seen; k += 2)
            seen = (reported.items[k] == a->owner && reported.items[k + 1] == b->owner) ||
                   (reported.items[k] == b->owner && reported.items[k + 1] == a->owner);
        if (seen)
            continue;
        vec_push(A, &reported, (void *)a->owner);
        vec_push(A, &reported, (void *)b->owner);
        /* By design: C names are the ASN.1 names as the README says, so a
         * program can predict them; renaming one would change it silently. */
        diag(DIAG_ERROR, b->loc, "code generation: C name %s of %s is also that of %s; asn1cc renames no C name "
             "(README, Names): rename one of them in the schema", b->name, b->what, a->what);
        diag_note(a->loc, "%s is here", a->what);
        g_ok = false;
    }
    diag_flush();
}

/* ---------------------------------------------------------------- entry */

/* Components copied by COMPONENTS OF share their type nodes with the
 * source: false while an inline structured one has no C name yet. */
static bool copies_ready(Type *b)
{
    for (int i = 0; b && i < b->ncomps; i++) {
        Component *c = b->comps[i];
        if (!c->from_components_of || !c->type)
            continue;
        Type *u = strip_tagged(c->type), *cb = base_of(c->type);
        if (u && u->kind != TY_REF && cb && is_structured(cb->kind) && !(cb->cinfo && ((CType *)cb->cinfo)->owner))
            return false;
    }
    return true;
}

static void map_assignment(CNamed *cn)
{
    Assignment *a = cn->assign;
    Module *m = cn->module;
    cn->ct = map_type(a->type, cn->cname, m);
    if (cn->defines) {
        Type *b = base_of(a->type);
        CType *bct = map_type(b, cn->cname, m);
        if (cn->ct != bct && !cn->ct->elem)
            cn->ct->elem = bct->elem;
        map_components(cn, b, m);
        if (bct != cn->ct) {
            bct->elem = cn->ct->elem;
            if (b->kind == TY_CHOICE) {
                bct->nfirst = 0;
                bct->any_first = false;
                compute_first(bct);
            }
        }
    }
}

CMap *sema_cmap(Compilation *c)
{
    A = c->arena;
    g_prefix = c->prefix ? c->prefix : "";
    g_ok = true;
    g_defaults = (Vec){0};

    for (int i = 0; i < c->nmodules; i++) {
        Module *m = c->modules[i];
        ModState *ms = arena_alloc(A, sizeof *ms);
        m->cname = module_file_base(m->name);
        ms->cm.file_base = m->cname;
        ms->cm.guard = arena_printf(A, "%s%s_H", upper(g_prefix), upper(m->cname));
        m->cinfo = ms;
        /* Names differing only in case would share <base>.h/.c (the later
         * overwriting the earlier) and the include guard. */
        for (int k = 0; k < i; k++)
            if (strcmp(c->modules[k]->cname, m->cname) == 0) {
                diag(DIAG_ERROR, m->loc, "code generation: modules %s and %s both map to the file name %s.h",
                     c->modules[k]->name, m->name, m->cname);
                diag_note(c->modules[k]->loc, "module %s defined here", c->modules[k]->name);
                g_ok = false;
                break;
            }
    }

    /* Names of type and value assignments; clashes across modules get the module prefix. */
    for (int i = 0; i < c->nmodules; i++) {
        Module *m = c->modules[i];
        for (int j = 0; j < m->nassigns; j++) {
            Assignment *a = m->assigns[j];
            if (a->nparams > 0 || (a->kind != A_TYPE && a->kind != A_VALUE))
                continue;
            bool clash = false;
            for (int k = 0; k < c->nmodules && !clash; k++) {
                Module *o = c->modules[k];
                if (o == m)
                    continue;
                for (int l = 0; l < o->nassigns; l++) {
                    Assignment *b = o->assigns[l];
                    if (b->nparams == 0 && (b->kind == A_TYPE || b->kind == A_VALUE) &&
                        strcmp(b->name, a->name) == 0) {
                        clash = true;
                        break;
                    }
                }
            }
            a->cname = arena_printf(A, "%s%s%s%s", g_prefix, clash ? m->cname : "", clash ? "_" : "",
                                    c_ident(a->name));
            if (a->kind == A_TYPE) {
                CNamed *cn = new_named(a->cname, a->type, m, a);
                Type *u = strip_tagged(a->type);
                Type *b = base_of(a->type);
                /* An alias only when it names another (plain) type assignment;
                 * a parameterized instance or a selection defines its own C type. */
                bool alias = (u->kind == TY_REF && u->ref_assign && !u->ref_assign->instance &&
                              u->ref_assign->nparams == 0) ||
                             ((u->kind == TY_SELECTION || u->kind == TY_FIELD) && b->cinfo &&
                              ((CType *)b->cinfo)->owner);
                /* Two assignments of one shared instance (A ::= P{1}  B ::= P{1}):
                 * the first defines its C type, the second is a typedef of it. */
                bool taken = b->cinfo && ((CType *)b->cinfo)->owner;
                cn->defines = !alias && !taken && is_structured(b->kind);
                if (cn->defines) {
                    CType *bct = b->cinfo ? b->cinfo : arena_alloc(A, sizeof *bct);
                    bct->owner = cn;
                    b->cinfo = bct;
                }
                a->cinfo = cn;
            }
        }
    }

    /* C types, components and hoisted inner types. A type whose
     * COMPONENTS OF copies share inline types with their source waits until
     * the source is mapped, so those types keep the source's names (and
     * module) wherever the source is. */
    Vec pending = {0};
    for (int i = 0; i < c->nmodules; i++) {
        Module *m = c->modules[i];
        ModState *ms = m->cinfo;
        for (int j = 0; j < m->nassigns; j++) {
            Assignment *a = m->assigns[j];
            if (a->kind != A_TYPE || !a->cinfo)
                continue;
            CNamed *cn = a->cinfo;
            vec_push(A, &ms->types, cn);
            cn->src = assignment_text(a, j + 1 < m->nassigns ? m->assigns[j + 1] : NULL);
            if (cn->defines && !copies_ready(base_of(a->type)))
                vec_push(A, &pending, cn);
            else
                map_assignment(cn);
        }
        for (int j = 0; j < m->nassigns; j++)
            if (m->assigns[j]->kind == A_VALUE && m->assigns[j]->nparams == 0)
                map_value(m->assigns[j], ms);
    }
    while (pending.len > 0) {
        Vec later = {0};
        for (int i = 0; i < pending.len; i++) {
            CNamed *cn = pending.items[i];
            if (copies_ready(base_of(cn->assign->type)))
                map_assignment(cn);
            else
                vec_push(A, &later, cn);
        }
        if (later.len == pending.len) {  /* no progress: map them as they come */
            for (int i = 0; i < later.len; i++)
                map_assignment(later.items[i]);
            break;
        }
        pending = later;
    }

    /* Open-type decoders (may hoist the objects' inner types). */
    for (int i = 0; i < c->nmodules; i++) {
        ModState *ms = c->modules[i]->cinfo;
        for (int j = 0; j < ms->types.len; j++) {
            CNamed *cn = ms->types.items[j];
            if (cn->defines && (cn->ct->kind == CK_SEQ || cn->ct->kind == CK_SET))
                map_opens(cn, ms);
        }
    }

    for (int i = 0; i + 1 < g_defaults.len; i += 2) {
        CComp *cc = g_defaults.items[i];
        cc->default_expr = default_for(cc, g_defaults.items[i + 1]);
    }

    host_import_cycles(c);

    /* Print order and bounds. */
    for (int i = 0; i < c->nmodules; i++) {
        Module *m = c->modules[i];
        ModState *ms = m->cinfo;
        Vec order = {0};
        for (int j = 0; j < ms->types.len; j++)
            order_visit(ms->types.items[j], &order);
        ms->cm.types = (CNamed **)order.items;
        ms->cm.ntypes = order.len;
        ms->cm.values = (CValue **)ms->values.items;
        ms->cm.nvalues = ms->values.len;
        ms->cm.opens = (COpen **)ms->opens.items;
        ms->cm.nopens = ms->opens.len;
        /* Headers included: a hosted module's, its host's only; a host's,
         * what its group imports from outside the group. */
        Vec imps = {0};
        if (ms->host) {
            vec_push(A, &imps, ms->host);
        } else {
            for (int k = 0; k < c->nmodules; k++) {
                Module *o = c->modules[k];
                if (o != m && ((ModState *)o->cinfo)->host != m)
                    continue;
                for (int j = 0; j < o->nimports; j++) {
                    Module *im = o->imports[j]->module;
                    if (!im || im == m || ((ModState *)im->cinfo)->host == m)
                        continue;
                    bool dup = false;
                    for (int q = 0; q < imps.len; q++)
                        dup |= imps.items[q] == (void *)im;
                    if (!dup)
                        vec_push(A, &imps, im);
                }
            }
        }
        /* External type references (ModB.T, COMPONENTS OF ModB.T) need
         * ModB's header without naming it in IMPORTS: after the imported
         * ones, every other module whose C types these types use. */
        if (!ms->host) {
            for (int j = 0; j < ms->cm.ntypes; j++)
                add_used_modules(ms->cm.types[j], m, &imps);
            /* and the objects' types an open-type decoder names (&Type ModA.A) */
            for (int j = 0; j < ms->cm.nopens; j++)
                for (int k = 0; k < ms->cm.opens[j]->nalts; k++)
                    add_used_ct(ms->cm.opens[j]->alts[k]->ct, m, &imps);
        }
        ms->cm.imports = arena_alloc(A, sizeof(CModule *) * (size_t)(imps.len ? imps.len : 1));
        for (int q = 0; q < imps.len; q++)
            ms->cm.imports[q] = ((Module *)imps.items[q])->cinfo;
        ms->cm.nimports = imps.len;
        for (int j = 0; j < ms->cm.ntypes; j++) {
            CNamed *cn = ms->cm.types[j];
            uint64_t mx;
            if (max_encoded(cn->ct, &mx, 0)) {
                cn->max_total_known = true;
                cn->max_total = mx;
            }
        }
    }
    for (int i = 0; i < c->nmodules; i++)
        name_module(c->modules[i]);
    if (g_ok)
        check_names(c);
    if (!g_ok)
        return NULL;
    CMap *map = arena_alloc(A, sizeof *map);
    map->arena = A;
    map->nmodules = c->nmodules;
    map->modules = arena_alloc(A, sizeof(CModule *) * (size_t)(c->nmodules ? c->nmodules : 1));
    for (int i = 0; i < c->nmodules; i++)
        map->modules[i] = c->modules[i]->cinfo;
    return map;
}
