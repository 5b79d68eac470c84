/* asngen — ASN.1 modules from a stream of choices (see asngen.h).
 *
 * Every type the generator writes is also kept as a small tree (Ty), so
 * that a DEFAULT or a value assignment can be given a value of exactly that
 * type, and COMPONENTS OF knows the components it brings in. Names carry a
 * per-module prefix and a counter, so they never clash, even when
 * COMPONENTS OF copies components from the other module. */
#include "asngen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum {
    K_BOOL, K_NULL, K_INT, K_ENUM, K_BITS, K_OCTETS, K_STR, K_OID, K_TIME, K_REAL,
    K_SEQ, K_SET, K_CHOICE, K_SEQOF, K_SETOF,
    K_NOVAL /* open types, instances: no value is generated for them */
};

enum { MAXITEMS = 6, MAXCOMPS = 16, MAXTYPES = 1024, MAXNAMED = 48, MAXDEPTH = 3 };

typedef struct Ty Ty;

typedef struct Comp {
    char name[32];
    Ty *t;
    int presence; /* 0 mandatory, 1 OPTIONAL, 2 DEFAULT */
    bool ext;     /* an extension addition: left out of values */
} Comp;

struct Ty {
    int k;
    long long lo, hi;       /* INTEGER: the values a DEFAULT may take */
    int nitems;             /* named numbers, enumerators, named bits */
    char items[MAXITEMS][32];
    long long vals[MAXITEMS];
    int slo, shi;           /* SIZE (slo..shi), shi < 0: none */
    int strk;               /* K_STR: index into str_types */
    int ncomps;             /* SEQUENCE, SET, CHOICE (COMPONENTS OF expanded) */
    Comp comps[MAXCOMPS];
    bool has_ext;
    Ty *elem;               /* SEQUENCE OF, SET OF */
    bool manual_tags;       /* a component carries a tag written here */
    bool utc;               /* K_TIME: UTCTime, else GeneralizedTime */
    int named;              /* 1 + index in Gen.types when it has a name */
};

/* A named type or value the rest of the module may use. */
typedef struct Named {
    char name[64];          /* as written where it is used (may be Mod.T) */
    Ty *t;
    int module;
} Named;

typedef struct Buf {
    char *p;
    size_t len, cap;
} Buf;

typedef struct Gen {
    const uint8_t *d;
    size_t n, pos;
    Ty pool[MAXTYPES];
    int npool;
    int counter;
    int module;             /* 0: GenA, 1: GenB */
    char prefix;            /* component and value names: x (GenA), c (GenB) */
    Buf *out, *aux;         /* aux: assignments a type needs, written after it */
    Named types[MAXNAMED];  /* SEQUENCE/SET types usable by COMPONENTS OF and references */
    int ntypes;
    Named values[MAXNAMED]; /* value assignments usable as DEFAULT */
    int nvalues;
    bool have_class_a;      /* GenA defined CLS-A and Set-A (exported) */
    bool have_param_a;      /* GenA defined PA{T} */
} Gen;

static const char *const str_types[] = {"IA5String", "PrintableString", "UTF8String", "VisibleString",
                                        "NumericString"};

/* ---- output ----------------------------------------------------------- */

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Buf *b, const char *fmt, ...)
{
    if (b->len + 1 >= b->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->len = b->len + (size_t)n < b->cap ? b->len + (size_t)n : b->cap - 1;
}

/* ---- choices ---------------------------------------------------------- */

/* 0..n-1 from the next byte; 0 once the bytes run out. */
static unsigned pick(Gen *g, unsigned n)
{
    if (n <= 1)
        return 0;
    if (g->pos >= g->n)
        return 0;
    return g->d[g->pos++] % n;
}

/* True with probability about num/256 (false once the bytes run out). */
static bool chance(Gen *g, unsigned num)
{
    if (g->pos >= g->n)
        return false;
    return g->d[g->pos++] < num;
}

static Ty *new_ty(Gen *g, int k)
{
    static Ty spare;
    Ty *t = g->npool < MAXTYPES ? &g->pool[g->npool++] : &spare;
    memset(t, 0, sizeof *t);
    t->k = k;
    t->shi = -1;
    return t;
}

static void fresh(Gen *g, char *buf, size_t cap, const char *stem)
{
    snprintf(buf, cap, "%s%d", stem, ++g->counter);
}

/* ---- values ----------------------------------------------------------- */

static bool value(Gen *g, Buf *b, const Ty *t, int depth);
static bool has_value(const Ty *t, int depth);

static int size_pick(Gen *g, const Ty *t, int dflt_hi)
{
    int lo = t->shi >= 0 ? t->slo : 0, hi = t->shi >= 0 ? t->shi : dflt_hi;
    if (hi > lo + 4)
        hi = lo + 4;
    return lo + (int)pick(g, (unsigned)(hi - lo + 1));
}

static bool value(Gen *g, Buf *b, const Ty *t, int depth)
{
    if (depth > 4)
        return false;
    switch (t->k) {
    case K_BOOL:
        put(b, pick(g, 2) ? "TRUE" : "FALSE");
        return true;
    case K_NULL:
        put(b, "NULL");
        return true;
    case K_INT: {
        /* a named number, when one lies inside the constraint */
        if (t->nitems > 0 && pick(g, 2)) {
            int i = (int)pick(g, (unsigned)t->nitems);
            if (t->vals[i] >= t->lo && t->vals[i] <= t->hi) {
                put(b, "%s", t->items[i]);
                return true;
            }
        }
        unsigned long long span = (unsigned long long)(t->hi - t->lo);
        long long v = t->lo + (long long)(span < 200 ? pick(g, (unsigned)span + 1) : pick(g, 200));
        put(b, "%lld", v);
        return true;
    }
    case K_ENUM:
        put(b, "%s", t->items[pick(g, (unsigned)t->nitems)]);
        return true;
    case K_BITS: {
        if (t->nitems > 0 && pick(g, 2)) {
            put(b, "{");
            int n = 0;
            for (int i = 0; i < t->nitems; i++)
                if (pick(g, 2))
                    put(b, "%s%s", n++ ? ", " : " ", t->items[i]);
            put(b, n ? " }" : "}");
            return true;
        }
        int n = size_pick(g, t, 12);
        put(b, "'");
        for (int i = 0; i < n; i++)
            put(b, "%c", pick(g, 2) ? '1' : '0');
        put(b, "'B");
        return true;
    }
    case K_OCTETS: {
        int n = size_pick(g, t, 4);
        /* '1'H (half an octet) and '101'B: valid (X.680 22.x pads with
         * zero bits: one octet), which asn1cc rejected until 7da4dd3
         * (issue 13); written only where SIZE allows one octet */
        if ((t->shi < 0 || (t->slo <= 1 && t->shi >= 1)) && chance(g, 8)) {
            put(b, pick(g, 2) ? "'1'H" : "'101'B");
            return true;
        }
        put(b, "'");
        for (int i = 0; i < n; i++)
            put(b, "%02X", pick(g, 256));
        put(b, "'H");
        return true;
    }
    case K_STR: {
        int n = size_pick(g, t, 6);
        put(b, "\"");
        for (int i = 0; i < n; i++)
            put(b, "%c", t->strk == 4 ? (char)('0' + pick(g, 10)) : (char)('a' + pick(g, 26)));
        put(b, "\"");
        return true;
    }
    case K_OID:
        if (pick(g, 2))
            put(b, "{ iso(1) member-body(2) us(840) %u }", pick(g, 200));
        else
            put(b, "{ 1 3 6 1 4 1 %u %u }", pick(g, 100) + 1, pick(g, 10));
        return true;
    case K_TIME:
        put(b, "\"%s%02u%02u120000Z\"", t->utc ? "26" : "2026", pick(g, 12) + 1, pick(g, 28) + 1);
        return true;
    case K_REAL:
        switch (pick(g, 3)) {
        case 0: put(b, "0"); break;
        case 1: put(b, "{ mantissa %u, base 2, exponent -%u }", pick(g, 100) + 1, pick(g, 8)); break;
        default: put(b, "PLUS-INFINITY"); break;
        }
        return true;
    case K_SEQ:
    case K_SET: {
        put(b, "{");
        int n = 0;
        for (int i = 0; i < t->ncomps; i++) {
            const Comp *c = &t->comps[i];
            if (c->ext || (c->presence != 0 && (!has_value(c->t, depth + 1) || pick(g, 2) == 0)))
                continue;
            put(b, "%s%s ", n++ ? ", " : " ", c->name);
            if (!value(g, b, c->t, depth + 1))
                return false;
        }
        put(b, n ? " }" : "}");
        return true;
    }
    case K_CHOICE: {
        int roots = 0;
        for (int i = 0; i < t->ncomps; i++)
            roots += !t->comps[i].ext && has_value(t->comps[i].t, depth + 1);
        if (roots == 0)
            return false;
        int want = (int)pick(g, (unsigned)roots);
        for (int i = 0; i < t->ncomps; i++) {
            if (t->comps[i].ext || !has_value(t->comps[i].t, depth + 1))
                continue;
            if (want-- == 0) {
                put(b, "%s : ", t->comps[i].name);
                return value(g, b, t->comps[i].t, depth + 1);
            }
        }
        return false;
    }
    case K_SEQOF:
    case K_SETOF: {
        int n = size_pick(g, t, 3);
        put(b, "{");
        for (int i = 0; i < n; i++) {
            put(b, i ? ", " : " ");
            if (!value(g, b, t->elem, depth + 1))
                return false;
        }
        put(b, n ? " }" : "}");
        return true;
    }
    default:
        return false;
    }
}

/* Whether value() can write a value of t. */
static bool has_value(const Ty *t, int depth)
{
    if (depth > 4)
        return false;
    switch (t->k) {
    case K_NOVAL:
        return false;
    case K_SEQ:
    case K_SET:
    case K_CHOICE: {
        bool any = t->k != K_CHOICE;
        for (int i = 0; i < t->ncomps; i++) {
            if (t->comps[i].ext)
                continue;
            bool ok = has_value(t->comps[i].t, depth + 1);
            if (!ok && (t->k != K_CHOICE && t->comps[i].presence == 0))
                return false;
            any |= ok && t->k == K_CHOICE;
        }
        return any;
    }
    case K_SEQOF:
    case K_SETOF:
        return has_value(t->elem, depth + 1);
    default:
        return true;
    }
}

/* ---- types ------------------------------------------------------------ */

enum { F_NOTAGS = 1 }; /* no tags written inside (a COMPONENTS OF source) */

static Ty *type(Gen *g, Buf *b, int depth, int flags);

static void size_constraint(Gen *g, Buf *b, Ty *t, bool lists)
{
    if (!chance(g, 140))
        return;
    /* a value reference as the upper bound, where one exists */
    unsigned lo = pick(g, 3), hi = lo + pick(g, lists ? 4 : 8);
    t->slo = (int)lo;
    t->shi = (int)hi;
    if (lo == hi && pick(g, 2))
        put(b, " (SIZE (%u))", lo);
    else
        put(b, " (SIZE (%u..%u%s))", lo, hi, chance(g, 40) ? ", ..." : "");
}

static Ty *int_type(Gen *g, Buf *b)
{
    Ty *t = new_ty(g, K_INT);
    put(b, "INTEGER");
    t->lo = -1000;
    t->hi = 1000;
    if (chance(g, 80)) {
        t->nitems = 1 + (int)pick(g, 3);
        put(b, " {");
        for (int i = 0; i < t->nitems; i++) {
            fresh(g, t->items[i], sizeof t->items[i], g->prefix == 'x' ? "xn" : "n");
            t->vals[i] = (long long)pick(g, 20) * 3 + i;
            put(b, "%s %s(%lld)", i ? "," : "", t->items[i], t->vals[i]);
        }
        put(b, " }");
    }
    switch (pick(g, 6)) {
    case 0: break;
    case 1: t->lo = 0; t->hi = 255; put(b, " (0..255)"); break;
    case 2: t->lo = -5; t->hi = 5; put(b, " (-5..5, ...)"); break;
    case 3: t->lo = 0; t->hi = 4294967295LL; put(b, " (0..4294967295)"); break;
    case 4: t->lo = 1; t->hi = 1000; put(b, " (1..MAX)"); break;
    default:
        /* a union: only the values of its first part are used as DEFAULT */
        t->lo = 0; t->hi = 10; put(b, " (0..10 | 20..30000)"); break;
    }
    if (t->nitems > 0 && t->k == K_INT && (t->lo > 0 || t->hi < 60))
        t->nitems = 0; /* named numbers may lie outside; keep DEFAULTs to ranges */
    return t;
}

static Ty *enum_type(Gen *g, Buf *b)
{
    Ty *t = new_ty(g, K_ENUM);
    t->nitems = 1 + (int)pick(g, MAXITEMS);
    bool numbered = pick(g, 2);
    int ext = pick(g, 3) == 0 ? (int)pick(g, (unsigned)t->nitems + 1) : -1;
    put(b, "ENUMERATED {");
    for (int i = 0; i < t->nitems; i++) {
        fresh(g, t->items[i], sizeof t->items[i], g->prefix == 'x' ? "xe" : "e");
        if (i == ext && i > 0)
            put(b, ", ...");
        if (numbered)
            put(b, "%s %s(%d)", i ? "," : "", t->items[i], i * 2 + 1);
        else
            put(b, "%s %s", i ? "," : "", t->items[i]);
    }
    if (ext == t->nitems || ext == 0)
        put(b, ", ...");
    put(b, " }");
    return t;
}

/* Whether asn1cc's code generation declines a DEFAULT of this type today
 * (NULL, REAL, the time types, SEQUENCE OF / SET OF, an inline SEQUENCE,
 * SET or CHOICE, and values holding one). Such DEFAULTs are still written,
 * but rarely: a declined module stops before the rest of the back end. */
static bool declined_default(const Ty *t, int depth)
{
    if (depth > 4)
        return false;
    switch (t->k) {
    case K_NULL: case K_REAL: case K_TIME: case K_SEQOF: case K_SETOF:
        return true;
    case K_SEQ: case K_SET: case K_CHOICE:
        if (!t->named && depth == 0)
            return true;
        for (int i = 0; i < t->ncomps; i++)
            if (declined_default(t->comps[i].t, depth + 1))
                return true;
        return false;
    default:
        return false;
    }
}

/* A type that denotes exactly t's values, for a value assignment's
 * governor: t's name, or the builtin type for the kinds whose values
 * value() writes without named numbers, bits or items. */
static bool governor(const Gen *g, const Ty *t, char *buf, size_t cap)
{
    const char *s = NULL;
    if (t->named)
        s = g->types[t->named - 1].name;
    else if (t->k == K_BOOL) s = "BOOLEAN";
    else if (t->k == K_NULL) s = "NULL";
    else if (t->k == K_INT && t->nitems == 0) s = "INTEGER";
    else if (t->k == K_BITS && t->nitems == 0) s = "BIT STRING";
    else if (t->k == K_OCTETS) s = "OCTET STRING";
    else if (t->k == K_STR) s = str_types[t->strk];
    else if (t->k == K_OID) s = "OBJECT IDENTIFIER";
    else if (t->k == K_TIME) s = t->utc ? "UTCTime" : "GeneralizedTime";
    else if (t->k == K_REAL) s = "REAL";
    if (s == NULL)
        return false;
    snprintf(buf, cap, "%s", s);
    return true;
}

/* The components of a SEQUENCE, SET or CHOICE body, between the braces. */
static void components(Gen *g, Buf *b, Ty *t, int depth, int flags, bool choice, const char *self)
{
    int n = (choice ? 1 : 0) + (int)pick(g, 5);
    bool tags = !(flags & F_NOTAGS) && chance(g, 50);
    int tagno = 0;
    bool ext_done = false;
    t->manual_tags = tags;
    put(b, "{");
    int written = 0;
    for (int i = 0; i < n && t->ncomps < MAXCOMPS; i++) {
        /* COMPONENTS OF a SEQUENCE (SET) type of this module or the other one */
        if (!choice && !tags && !ext_done && g->ntypes > 0 && chance(g, 50)) {
            Named *src = &g->types[pick(g, (unsigned)g->ntypes)];
            if (src->t->k == t->k) {
                bool ok = t->ncomps + src->t->ncomps <= MAXCOMPS;
                /* no addition brought in, and no name twice (the same
                 * source again, or one built from the other) */
                for (int k = 0; ok && k < src->t->ncomps; k++) {
                    ok = !src->t->comps[k].ext;
                    for (int m = 0; ok && m < t->ncomps; m++)
                        ok = strcmp(t->comps[m].name, src->t->comps[k].name) != 0;
                }
                if (ok) {
                    put(b, "%s\n    COMPONENTS OF %s", written++ ? "," : "", src->name);
                    for (int k = 0; k < src->t->ncomps; k++)
                        t->comps[t->ncomps++] = src->t->comps[k];
                    continue;
                }
            }
        }
        Comp *c = &t->comps[t->ncomps];
        memset(c, 0, sizeof *c);
        char stem[3] = {g->prefix, 0, 0};
        fresh(g, c->name, sizeof c->name, stem);
        put(b, "%s\n    %s ", written++ ? "," : "", c->name);
        if (tags)
            put(b, "[%d] ", tagno++);
        if (self && depth < MAXDEPTH && !choice && chance(g, 20)) {
            /* recursion through an OPTIONAL component */
            put(b, "%s OPTIONAL", self);
            c->t = new_ty(g, K_NOVAL);
            c->presence = 1;
            t->ncomps++;
            continue;
        }
        c->t = type(g, b, depth + 1, flags);
        t->ncomps++;
        if (!choice) {
            unsigned p = pick(g, 4);
            if (p == 1) {
                put(b, " OPTIONAL");
                c->presence = 1;
            } else if (p >= 2 && has_value(c->t, 0) && (!declined_default(c->t, 0) || chance(g, 24))) {
                /* DEFAULT: a literal, or a value assignment (written after
                 * this one) whose governor names the same type */
                char gov[48];
                if (g->nvalues < MAXNAMED && governor(g, c->t, gov, sizeof gov) && chance(g, 90)) {
                    Named *v = &g->values[g->nvalues++];
                    fresh(g, v->name, sizeof v->name, g->prefix == 'x' ? "xdv" : "dv");
                    v->t = c->t;
                    v->module = g->module;
                    put(g->aux, "%s %s ::= ", v->name, gov);
                    value(g, g->aux, c->t, 0);
                    put(g->aux, "\n");
                    put(b, " DEFAULT %s", v->name);
                } else {
                    put(b, " DEFAULT ");
                    value(g, b, c->t, 0);
                }
                c->presence = 2;
            }
        }
        if (!ext_done && i + 1 < n && chance(g, 40)) {
            ext_done = true;
            t->has_ext = true;
            put(b, ",\n    ...");
            written++;
            /* additions: single components or a group [[ ]] */
            int nadd = (int)pick(g, 3);
            for (int a = 0; a < nadd && t->ncomps < MAXCOMPS; a++) {
                bool group = pick(g, 2); /* CHOICE too: X.680 29.1 */
                if (group) {
                    put(b, ",\n    [[");
                    if (chance(g, 60))
                        put(b, "%u: ", 2 + (unsigned)a);
                }
                int ng = group ? 1 + (int)pick(g, 2) : 1;
                for (int k = 0; k < ng && t->ncomps < MAXCOMPS; k++) {
                    Comp *e = &t->comps[t->ncomps++];
                    memset(e, 0, sizeof *e);
                    fresh(g, e->name, sizeof e->name, stem);
                    e->ext = true;
                    put(b, "%s%s ", group ? (k ? ", " : " ") : ",\n    ", e->name);
                    if (tags)
                        put(b, "[%d] ", tagno++);
                    e->t = type(g, b, depth + 1, flags);
                    if (!choice && pick(g, 2))
                        put(b, " OPTIONAL");
                }
                if (group)
                    put(b, " ]]");
            }
            n = i + 1; /* nothing after the additions: no closing marker */
        }
    }
    put(b, written ? "\n  }" : " }");
}

static Ty *type(Gen *g, Buf *b, int depth, int flags)
{
    unsigned k = pick(g, depth >= MAXDEPTH ? 10 : 16);
    Ty *t;
    switch (k) {
    case 0: put(b, "BOOLEAN"); return new_ty(g, K_BOOL);
    case 1: return int_type(g, b);
    case 2: return enum_type(g, b);
    case 3: put(b, "NULL"); return new_ty(g, K_NULL);
    case 4:
        t = new_ty(g, K_OCTETS);
        put(b, "OCTET STRING");
        size_constraint(g, b, t, false);
        return t;
    case 5:
        t = new_ty(g, K_BITS);
        put(b, "BIT STRING");
        if (chance(g, 100)) {
            t->nitems = 1 + (int)pick(g, 4);
            put(b, " {");
            for (int i = 0; i < t->nitems; i++) {
                fresh(g, t->items[i], sizeof t->items[i], g->prefix == 'x' ? "xb" : "b");
                t->vals[i] = i * 3;
                put(b, "%s %s(%lld)", i ? "," : "", t->items[i], t->vals[i]);
            }
            put(b, " }");
        } else {
            size_constraint(g, b, t, false);
        }
        return t;
    case 6:
        t = new_ty(g, K_STR);
        t->strk = (int)pick(g, 5);
        put(b, "%s", str_types[t->strk]);
        if (t->strk != 4 && chance(g, 40))
            put(b, " (FROM (\"a\"..\"z\"))");
        size_constraint(g, b, t, false);
        return t;
    case 7: put(b, "OBJECT IDENTIFIER"); return new_ty(g, K_OID);
    case 8:
        t = new_ty(g, K_TIME);
        t->utc = pick(g, 2);
        put(b, t->utc ? "UTCTime" : "GeneralizedTime");
        return t;
    case 9:
        /* a reference to an earlier type (of either module) */
        if (g->ntypes > 0) {
            Named *n = &g->types[pick(g, (unsigned)g->ntypes)];
            put(b, "%s", n->name);
            return n->t;
        }
        put(b, "REAL");
        return new_ty(g, K_REAL);
    case 10:
    case 11:
        t = new_ty(g, k == 10 ? K_SEQ : K_SET);
        put(b, k == 10 ? "SEQUENCE " : "SET ");
        components(g, b, t, depth, flags, false, NULL);
        return t;
    case 12:
        t = new_ty(g, K_CHOICE);
        put(b, "CHOICE ");
        components(g, b, t, depth, flags, true, NULL);
        return t;
    case 13:
    case 14:
        t = new_ty(g, k == 13 ? K_SEQOF : K_SETOF);
        put(b, k == 13 ? "SEQUENCE" : "SET");
        if (chance(g, 120)) {
            unsigned lo = pick(g, 2), hi = lo + 1 + pick(g, 3);
            t->slo = (int)lo;
            t->shi = (int)hi;
            put(b, " SIZE (%u..%u)", lo, hi);
        }
        put(b, " OF ");
        if (chance(g, 60)) {
            char nm[32];
            fresh(g, nm, sizeof nm, g->prefix == 'x' ? "xi" : "i");
            put(b, "%s ", nm);
        }
        t->elem = type(g, b, depth + 1, flags);
        return t;
    default:
        /* a parameterized instance of GenA's PA{T}, imported */
        if (g->module == 1 && g->have_param_a) {
            put(b, "PA { ");
            type(g, b, depth + 1, flags);
            put(b, " }");
            return new_ty(g, K_NOVAL);
        }
        put(b, "BOOLEAN");
        return new_ty(g, K_BOOL);
    }
}

/* ---- assignments ------------------------------------------------------ */

static void flush_aux(Gen *g)
{
    put(g->out, "%s", g->aux->p);
    g->aux->len = 0;
    g->aux->p[0] = '\0';
}

static void remember_type(Gen *g, const char *name, Ty *t)
{
    if (g->ntypes >= MAXNAMED || t->named || t->k == K_NOVAL)
        return;
    t->named = g->ntypes + 1;
    Named *n = &g->types[g->ntypes++];
    snprintf(n->name, sizeof n->name, "%s", name);
    n->t = t;
    n->module = g->module;
}

static void type_assignment(Gen *g, bool constructed)
{
    char name[32];
    fresh(g, name, sizeof name, g->module ? "T" : "TA");
    Buf *b = g->out;
    put(b, "%s ::= ", name);
    if (chance(g, 30))
        put(b, "[APPLICATION %d] ", g->counter);
    Ty *t;
    if (constructed) {
        t = new_ty(g, pick(g, 4) == 0 ? K_SET : K_SEQ);
        put(b, t->k == K_SEQ ? "SEQUENCE " : "SET ");
        /* GenA's types are COMPONENTS OF sources for GenB: no tags inside */
        components(g, b, t, 0, g->module == 0 ? F_NOTAGS : 0, false, name);
    } else {
        t = type(g, b, 0, 0);
    }
    put(b, "\n");
    flush_aux(g);
    if (!t->manual_tags)
        remember_type(g, name, t);
}

/* A value assignment, used as a bound and a DEFAULT; its type is written
 * aside first, as one without values (an open type, an instance) gets none. */
static void value_assignment(Gen *g)
{
    static char tbuf[8192];
    Buf tb = {tbuf, 0, sizeof tbuf};
    tbuf[0] = '\0';
    int nvalues = g->nvalues;
    Ty *t = type(g, &tb, MAXDEPTH, F_NOTAGS);
    if (!has_value(t, 0)) {
        g->nvalues = nvalues; /* the DEFAULT values its text needed go too */
        g->aux->len = 0;
        g->aux->p[0] = '\0';
        return;
    }
    Named *v = g->nvalues < MAXNAMED ? &g->values[g->nvalues] : NULL;
    char name[32];
    fresh(g, name, sizeof name, g->prefix == 'x' ? "xv" : "v");
    Buf *b = g->out;
    put(b, "%s %s ::= ", name, tbuf);
    value(g, b, t, 0);
    put(b, "\n");
    flush_aux(g);
    if (v) {
        snprintf(v->name, sizeof v->name, "%s", name);
        v->t = t;
        v->module = g->module;
        g->nvalues++;
    }
}

/* Parameterized types with their instances: type, value and mixed
 * parameters; actuals inline, by reference, as instances and values. */
static void parameterized(Gen *g)
{
    char p[32], inst[32];
    fresh(g, p, sizeof p, "P");
    Buf *b = g->out;
    unsigned form = pick(g, 7);
    /* form 6 takes a SEQUENCE with no additions as its actual */
    int base_src = -1;
    if (form == 6)
        for (int k = g->ntypes - 1; k >= 0 && base_src < 0; k--) {
            const Ty *bt = g->types[k].t;
            bool ok = bt->k == K_SEQ && bt->ncomps + 1 <= MAXCOMPS;
            for (int m = 0; ok && m < bt->ncomps; m++)
                ok = !bt->comps[m].ext;
            if (ok)
                base_src = k;
        }
    if (form == 6 && base_src < 0)
        form = 0;
    switch (form) {
    case 0:
        put(b, "%s { Type } ::= SEQUENCE { %c%d Type, %c%d INTEGER OPTIONAL }\n", p, g->prefix, g->counter,
            g->prefix, g->counter + 1);
        break;
    case 1:
        put(b, "%s { INTEGER : ub } ::= OCTET STRING (SIZE (1..ub))\n", p);
        break;
    case 2:
        put(b, "%s { Type, INTEGER : n } ::= SEQUENCE (SIZE (1..n)) OF Type\n", p);
        break;
    case 3:
        put(b, "%s { A, B } ::= CHOICE { %c%d A, %c%d B }\n", p, g->prefix, g->counter, g->prefix, g->counter + 1);
        break;
    case 4:
        put(b, "%s { INTEGER : d } ::= SEQUENCE { %c%d INTEGER DEFAULT d, %c%d BOOLEAN }\n", p, g->prefix,
            g->counter, g->prefix, g->counter + 1);
        break;
    case 6:
        /* COMPONENTS OF a dummy reference: the actual's components */
        put(b, "%s { Base } ::= SEQUENCE { COMPONENTS OF Base, %c%d BOOLEAN }\n", p, g->prefix, g->counter);
        break;
    default:
        /* X.509's SIGNED { ToBeSigned } */
        put(b, "%s { ToBeSigned } ::= SEQUENCE { %c%d ToBeSigned, %c%d OBJECT IDENTIFIER, %c%d BIT STRING }\n", p,
            g->prefix, g->counter, g->prefix, g->counter + 1, g->prefix, g->counter + 2);
        break;
    }
    int base = g->counter;
    g->counter += 3;
    int ninst = 1 + (int)pick(g, 3);
    for (int i = 0; i < ninst; i++) {
        fresh(g, inst, sizeof inst, "I");
        put(b, "%s ::= %s { ", inst, p);
        for (int a = 0; a < (form == 3 ? 2 : 1); a++) {
            if (a)
                put(b, ", ");
            if (form == 1 || form == 4) {
                /* a literal or a value reference */
                int ub = -1;
                for (int k = 0; k < g->nvalues; k++)
                    if (g->values[k].t->k == K_INT && g->values[k].t->lo >= 1 && chance(g, 100)) {
                        ub = k;
                        break;
                    }
                if (ub >= 0 && form == 1)
                    put(b, "%s", g->values[ub].name);
                else
                    put(b, "%u", 1 + pick(g, 16));
                break;
            }
            if (form == 6)
                put(b, "%s", g->types[base_src].name);
            else if (g->ntypes > 0 && pick(g, 3) == 0)
                put(b, "%s", g->types[pick(g, (unsigned)g->ntypes)].name);
            else
                type(g, b, 1, F_NOTAGS);
        }
        if (form == 2)
            put(b, ", %u", 1 + pick(g, 8));
        put(b, " }\n");
        flush_aux(g);
        if (form == 6) {
            Ty *t = new_ty(g, K_SEQ);
            const Ty *bt = g->types[base_src].t;
            for (int m = 0; m < bt->ncomps; m++)
                t->comps[t->ncomps++] = bt->comps[m];
            Comp *cp = &t->comps[t->ncomps++];
            memset(cp, 0, sizeof *cp);
            snprintf(cp->name, sizeof cp->name, "%c%d", g->prefix, base);
            cp->t = new_ty(g, K_BOOL);
            remember_type(g, inst, t);
        } else if (form == 0 || form == 4 || form == 5) {
            /* an instance of a SEQUENCE: a COMPONENTS OF source too */
            Ty *t = new_ty(g, K_SEQ);
            static const int kinds[3][3] = {{K_NOVAL, K_INT, -1}, {K_INT, K_BOOL, -1}, {K_NOVAL, K_OID, K_BITS}};
            const int *kk = kinds[form == 0 ? 0 : form == 4 ? 1 : 2];
            for (int c = 0; c < 3 && kk[c] >= 0; c++) {
                Comp *cp = &t->comps[t->ncomps++];
                snprintf(cp->name, sizeof cp->name, "%c%d", g->prefix, base + c);
                cp->t = new_ty(g, kk[c]);
                cp->t->lo = -1000;
                cp->t->hi = 1000;
                cp->presence = (form == 0 && c == 1) ? 1 : (form == 4 && c == 0) ? 2 : 0;
            }
            remember_type(g, inst, t);
        }
    }
}

/* Issue 13's Flag { Color }: a type parameter's DEFAULT names an
 * enumerator (or named number) that each actual must define. */
static void flag_pattern(Gen *g)
{
    char p[32], nm[32];
    fresh(g, p, sizeof p, "Flag");
    fresh(g, nm, sizeof nm, g->prefix == 'x' ? "xcolor" : "color");
    Buf *b = g->out;
    put(b, "%s { Color } ::= SEQUENCE { %c%d Color DEFAULT %s%s }\n", p, g->prefix, g->counter, nm,
        pick(g, 2) ? ", ..." : "");
    int ninst = 1 + (int)pick(g, 3);
    for (int i = 0; i < ninst; i++) {
        char inst[32];
        fresh(g, inst, sizeof inst, "I");
        unsigned pos = pick(g, 3), m = 3;
        put(b, "%s ::= %s { ", inst, p);
        bool en = pick(g, 2);
        put(b, en ? "ENUMERATED {" : "INTEGER {");
        for (unsigned k = 0; k < m; k++) {
            char other[48];
            if (k == pos)
                snprintf(other, sizeof other, "%s", nm);
            else
                snprintf(other, sizeof other, "%s%c", nm, 'a' + k);
            if (en && pick(g, 2))
                put(b, "%s %s", k ? "," : "", other);
            else
                put(b, "%s %s(%u)", k ? "," : "", other, k * (en ? 1u : 2u) + (unsigned)i * 3);
        }
        put(b, " } }\n");
    }
}

/* A class, objects, an object set and a SEQUENCE constrained by it. */
static void objects(Gen *g)
{
    Buf *b = g->out;
    char cls[32], set[32];
    unsigned form = pick(g, 3);
    bool use_a = g->module == 1 && g->have_class_a && pick(g, 2);
    if (use_a) {
        snprintf(cls, sizeof cls, "CLS-A");
        snprintf(set, sizeof set, "Set-A");
        form = 0;
    } else {
        fresh(g, cls, sizeof cls, "CLS-");
        fresh(g, set, sizeof set, "Set");
        if (g->module == 0 && form == 0 && !g->have_class_a) {
            /* exported under fixed names for GenB */
            snprintf(cls, sizeof cls, "CLS-A");
            snprintf(set, sizeof set, "Set-A");
            g->have_class_a = true;
        }
        if (form == 2)
            snprintf(cls, sizeof cls, "TYPE-IDENTIFIER");
        else if (form == 0)
            put(b, "%s ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type OPTIONAL }\n"
                   "  WITH SYNTAX { IDENTIFIED BY &id [TYPE &Type] }\n", cls);
        else
            put(b, "%s ::= CLASS { &code INTEGER UNIQUE, &Type }\n", cls);
        int nobj = 1 + (int)pick(g, 3);
        char objs[4][32];
        for (int i = 0; i < nobj; i++) {
            fresh(g, objs[i], sizeof objs[i], g->prefix == 'x' ? "xobj" : "obj");
            put(b, "%s %s ::= ", objs[i], cls);
            switch (form) {
            case 0:
                put(b, "{ IDENTIFIED BY { 1 3 6 1 4 1 %d %d }", 99 + g->module, g->counter);
                if (pick(g, 3)) {
                    put(b, " TYPE ");
                    type(g, b, 1, F_NOTAGS);
                }
                put(b, " }\n");
                break;
            case 1:
                put(b, "{ &code %d, &Type ", g->counter);
                type(g, b, 1, F_NOTAGS);
                put(b, " }\n");
                break;
            default:
                put(b, "{ ");
                type(g, b, 1, F_NOTAGS);
                put(b, " IDENTIFIED BY { 1 3 6 1 4 1 %d %d } }\n", 199 + g->module, g->counter);
                break;
            }
            flush_aux(g);
        }
        put(b, "%s %s ::= { ", set, cls);
        for (int i = 0; i < nobj; i++)
            put(b, "%s%s", i ? " | " : "", objs[i]);
        if (form == 1 && pick(g, 2)) /* an inline object too */
            put(b, " | { &code %d, &Type BOOLEAN }", ++g->counter + 1000);
        put(b, "%s }\n", pick(g, 2) ? ", ..." : "");
    }
    const char *idf = form == 1 ? "&code" : "&id", *tyf = "&Type";
    char t[32], id[32], val[32];
    fresh(g, t, sizeof t, g->module ? "T" : "TA");
    fresh(g, id, sizeof id, (char[]){g->prefix, 0});
    fresh(g, val, sizeof val, (char[]){g->prefix, 0});
    if (pick(g, 2)) {
        put(b, "%s ::= SEQUENCE { %s %s.%s ({%s}), %s %s.%s ({%s}{@%s})%s }\n", t, id, cls, idf, set, val, cls, tyf,
            set, id, form == 0 && pick(g, 2) ? " OPTIONAL" : "");
    } else {
        /* RFC 5912's AlgorithmIdentifier { ALGORITHM, AlgorithmSet } */
        char p[32];
        fresh(g, p, sizeof p, "AlgId");
        put(b, "%s { %s : Set } ::= SEQUENCE { %s %s.%s ({Set}), %s %s.%s ({Set}{@%s}) OPTIONAL }\n", p, cls, id,
            cls, idf, val, cls, tyf, id);
        put(b, "%s ::= %s { {%s} }\n", t, p, set);
    }
}

static void module(Gen *g, int which, bool two)
{
    Buf *b = g->out;
    g->module = which;
    g->prefix = which ? 'c' : 'x';
    const char *name = which ? "GenB" : "GenA";
    put(b, "%s { 1 3 6 1 4 1 99999 %d } DEFINITIONS %s TAGS%s ::= BEGIN\n", name, which + 1,
        "AUTOMATIC", chance(g, 20) ? " EXTENSIBILITY IMPLIED" : "");
    if (which == 1 && two && pick(g, 4) == 0) {
        /* no IMPORTS: GenA's types only as GenA.T (external references to a
         * module this one does not import; its values, class and PA {}
         * are out of reach then) */
        for (int i = 0; i < g->ntypes; i++) {
            char ext[48];
            snprintf(ext, sizeof ext, "GenA.%s", g->types[i].name);
            snprintf(g->types[i].name, sizeof g->types[i].name, "%s", ext);
        }
        g->nvalues = 0;
        g->have_class_a = g->have_param_a = false;
    } else if (which == 1 && two) {
        /* GenA's types by import or as GenA.T (its first always imported,
         * so GenA is named in IMPORTS), its values, class and PA {} */
        put(b, "IMPORTS");
        int n = 0;
        for (int i = 0; i < g->ntypes; i++) {
            if (g->types[i].module != 0)
                continue;
            if (n == 0 || pick(g, 3)) {
                put(b, "%s %s", n++ ? "," : "", g->types[i].name);
            } else {
                char ext[48];
                snprintf(ext, sizeof ext, "GenA.%s", g->types[i].name);
                snprintf(g->types[i].name, sizeof g->types[i].name, "%s", ext);
            }
        }
        for (int i = 0; i < g->nvalues; i++)
            put(b, "%s %s", n++ ? "," : "", g->values[i].name);
        if (g->have_class_a)
            put(b, "%s CLS-A, Set-A", n++ ? "," : "");
        if (g->have_param_a)
            put(b, "%s PA {}", n++ ? "," : "");
        put(b, "%s;\n", n ? " FROM GenA" : "");
    }
    type_assignment(g, true);
    if (which == 0 && pick(g, 2)) {
        put(b, "PA { T } ::= SEQUENCE { xpa T, xpb INTEGER OPTIONAL }\n");
        g->have_param_a = true;
    }
    int n = 1 + (int)pick(g, 8);
    for (int i = 0; i < n; i++) {
        switch (pick(g, 8)) {
        case 0: type_assignment(g, false); break;
        case 1: value_assignment(g); break;
        case 2: parameterized(g); break;
        case 3: objects(g); break;
        case 4: flag_pattern(g); break;
        default: type_assignment(g, true); break;
        }
    }
    put(b, "END\n");
}

size_t asngen_modules(const uint8_t *data, size_t size, char *out, size_t cap)
{
    static Gen g;
    static char auxbuf[1 << 16];
    Buf main_buf = {out, 0, cap}, aux = {auxbuf, 0, sizeof auxbuf};
    if (cap == 0)
        return 0;
    out[0] = '\0';
    auxbuf[0] = '\0';
    memset(&g, 0, sizeof g);
    g.d = data;
    g.n = size;
    g.out = &main_buf;
    g.aux = &aux;
    /* the options line, as fuzz_compile and compile-corpus.sh read it */
    /* a comment the lexer skips whole: "--" would end at "--int64" */
    put(&main_buf, "/* asn1cc:");
    switch (pick(&g, 8)) {
    case 1: put(&main_buf, " --int64"); break;
    case 2: put(&main_buf, " --array-limit 2"); break;
    case 3: put(&main_buf, " --prefix p_"); break;
    default: break;
    }
    put(&main_buf, " */\n");
    bool two = pick(&g, 4) != 0;
    if (two)
        module(&g, 0, true);
    module(&g, 1, two);
    return main_buf.len;
}
