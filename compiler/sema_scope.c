/* sema_scope.c — the bottom layer of sema: names. Per-module symbol tables,
 * modules found through -I directories, IMPORTS/EXPORTS, lookup of a name as
 * seen from a module, "did you mean" notes, which assignments are classes,
 * objects and object sets (X.681 needs that before any type is read), the
 * field accessors of classes and objects, and the guard on reference-chain
 * depth every layer above uses. It calls nothing of sema above it: only
 * source.c (to load a module), ast.c and diag.c. */
#define _POSIX_C_SOURCE 200809L
#include "asn1cc.h"
#include "parser.h"

#include <ctype.h>
#include <dirent.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ symbol table */

typedef struct SymEntry {
    const char *key;
    Assignment *as;          /* local definition, or NULL */
    ImportSymbol *sym;       /* imported symbol, or NULL */
    Import *from;
    Import *also_from;       /* a second module it is imported from: then
                              * only Module.name may refer to it */
} SymEntry;

typedef struct SymTab {
    SymEntry *slots;
    int cap, n;
} SymTab;

static unsigned hash_str(const char *s)
{
    unsigned h = 2166136261u;    /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static SymEntry *symtab_slot(SymTab *t, const char *key)
{
    unsigned i = hash_str(key) & (unsigned)(t->cap - 1);
    while (t->slots[i].key && strcmp(t->slots[i].key, key) != 0)
        i = (i + 1) & (unsigned)(t->cap - 1);
    return &t->slots[i];
}

static SymEntry *symtab_find(SymTab *t, const char *key)
{
    if (!t || !t->cap)
        return NULL;
    SymEntry *e = symtab_slot(t, key);
    return e->key ? e : NULL;
}

static SymEntry *symtab_add(Arena *a, SymTab *t, const char *key)
{
    if (2 * (t->n + 1) > t->cap) {
        SymTab bigger = {0};
        bigger.cap = t->cap ? t->cap * 2 : 64;
        bigger.slots = arena_alloc(a, sizeof(SymEntry) * (size_t)bigger.cap);
        for (int i = 0; i < t->cap; i++)
            if (t->slots[i].key)
                *symtab_slot(&bigger, t->slots[i].key) = t->slots[i];
        bigger.n = t->n;
        *t = bigger;
    }
    SymEntry *e = symtab_slot(t, key);
    if (!e->key) {
        e->key = key;
        t->n++;
    }
    return e;
}

/* Builds the table of module i: local assignments and imported symbols;
 * duplicates are reported with a note at the first definition. */
static void build_symtab(Sema *S, Module *m)
{
    SymTab *t = arena_alloc(S->a, sizeof *t);
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        SymEntry *e = symtab_find(t, as->name);
        if (e && e->as) {
            diag(DIAG_ERROR, as->loc, "'%s' is already defined in module %s", as->name, m->name);
            diag_note(e->as->loc, "previous definition of '%s' is here", as->name);
            continue;
        }
        e = symtab_add(S->a, t, as->name);
        e->as = as;
        /* X.683 8.3: the dummy references of one parameter list are distinct. */
        for (int p = 0; p < as->nparams; p++)
            for (int q = 0; q < p; q++)
                if (strcmp(as->params[p]->name, as->params[q]->name) == 0) {
                    diag(DIAG_ERROR, as->params[p]->loc, "'%s' is a parameter of %s twice", as->params[p]->name,
                         as->name);
                    diag_note(as->params[q]->loc, "first here");
                    break;
                }
    }
    for (int i = 0; i < m->nimports; i++) {
        Import *im = m->imports[i];
        for (int j = 0; j < im->nsymbols; j++) {
            ImportSymbol *sym = im->symbols[j];
            SymEntry *e = symtab_find(t, sym->name);
            if (e && e->as) {
                diag(DIAG_ERROR, e->as->loc, "'%s' is both defined here and imported from %s",
                     sym->name, im->module_name);
                diag_note(sym->loc, "imported here");
                continue;
            }
            if (e && e->sym) {
                /* X.680 13.13: the same name may come from two modules; the
                 * module then refers to it only by external references. */
                if (strcmp(e->from->module_name, im->module_name) != 0 && !e->also_from)
                    e->also_from = im;
                continue;
            }
            e = symtab_add(S->a, t, sym->name);
            e->sym = sym;
            e->from = im;
        }
    }
    m->symtab = t;
}

/* Modules loaded through -I are appended to c->modules: their tables are
 * built as they arrive. */
static void build_pending_symtabs(Sema *S)
{
    while (S->nbuilt < S->c->nmodules)
        build_symtab(S, S->c->modules[S->nbuilt++]);
}

void sema_scope_init(Sema *S)
{
    Compilation *c = S->c;
    build_pending_symtabs(S);
    for (int i = 0; i < c->nmodules; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(c->modules[i]->name, c->modules[j]->name) == 0) {
                diag(DIAG_ERROR, c->modules[i]->loc, "module %s is defined twice", c->modules[i]->name);
                diag_note(c->modules[j]->loc, "first defined here");
                break;
            }
}

/* ------------------------------------------------------------ modules */

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0)
        return true;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A file already read: through -I, or given on the command line (whose
 * modules a search by OID must not read a second time). */
static bool path_loaded(Sema *S, const char *path)
{
    for (int i = 0; i < S->loaded_paths.len; i++)
        if (strcmp(S->loaded_paths.items[i], path) == 0)
            return true;
    for (int i = 0; i < S->c->nmodules; i++)
        if (S->c->modules[i]->from_cmdline && S->c->modules[i]->file &&
            same_file(S->c->modules[i]->file->path, path))
            return true;
    return false;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* True when the file plausibly defines module `name`: the name followed,
 * within a few hundred bytes, by DEFINITIONS. Avoids parsing every file. */
static bool file_mentions_module(const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    static char buf[1 << 16];
    bool found = false;
    size_t nl = strlen(name), keep = 0;
    for (;;) {
        size_t n = fread(buf + keep, 1, sizeof buf - 1 - keep, f);
        size_t len = keep + n;
        buf[len] = '\0';
        for (char *p = buf; (p = strstr(p, name)) != NULL; p++) {
            char *d = strstr(p + nl, "DEFINITIONS");
            if ((p == buf || !(p[-1] == '-' || (p[-1] >= '0' && p[-1] <= '9') || ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'))) &&
                d && d - p < 400) {
                found = true;
                break;
            }
        }
        if (found || n == 0)
            break;
        keep = len > 512 ? 512 : len;
        memmove(buf, buf + len - keep, keep);
    }
    fclose(f);
    return found;
}

static Module *find_loaded(Sema *S, const char *name)
{
    for (int i = 0; i < S->c->nmodules; i++)
        if (strcmp(S->c->modules[i]->name, name) == 0)
            return S->c->modules[i];
    return NULL;
}

/* X.680 Annex A/B: names usable for the first two arcs without a number. */
bool sema_well_known_arc(int position, AsnInt first, const char *name, AsnInt *out)
{
    static const struct { int pos; int first; const char *name; int value; } arcs[] = {
        {0, -1, "itu-t", 0}, {0, -1, "ccitt", 0}, {0, -1, "iso", 1},
        {0, -1, "joint-iso-itu-t", 2}, {0, -1, "joint-iso-ccitt", 2},
        {1, 0, "recommendation", 0}, {1, 0, "question", 1}, {1, 0, "administration", 2},
        {1, 0, "network-operator", 3}, {1, 0, "identified-organization", 4},
        {1, 1, "standard", 0}, {1, 1, "registration-authority", 1}, {1, 1, "member-body", 2},
        {1, 1, "identified-organization", 3},
    };
    for (size_t i = 0; i < sizeof arcs / sizeof arcs[0]; i++)
        if (arcs[i].pos == position && (arcs[i].first < 0 || arcs[i].first == first) &&
            strcmp(arcs[i].name, name) == 0) {
            *out = arcs[i].value;
            return true;
        }
    return false;
}

/* A module OID as arcs, before any value is known: numbers, name(number)
 * and the well-known names, which is all a DefinitiveIdentifier may hold
 * (X.680 13.8). False for anything else (an AssignedIdentifier naming
 * values), which then identifies no module. */
typedef struct OidArcs {
    AsnInt arc[LIMIT_OID_ARCS];
    int n;
} OidArcs;

static bool literal_oid(const Value *v, OidArcs *o)
{
    o->n = 0;
    if (!v || v->kind != V_BRACED)
        return false;
    const TokRange r = v->braced;
    for (int i = r.begin; i < r.end; i++) {
        const Token *t = &r.ta->toks[i];
        AsnInt arc;
        if (o->n == LIMIT_OID_ARCS)
            return false;
        if (t->kind == T_NUMBER) {
            if (!parse_number(t->text, t->len, &arc))
                return false;
        } else if (t->kind == T_IDENTIFIER && i + 3 < r.end + 1 && r.ta->toks[i + 1].kind == '(' &&
                   r.ta->toks[i + 2].kind == T_NUMBER && r.ta->toks[i + 3].kind == ')') {
            if (!parse_number(r.ta->toks[i + 2].text, r.ta->toks[i + 2].len, &arc))
                return false;
            i += 3;
        } else if (t->kind == T_IDENTIFIER && o->n < 2) {
            char name[32];
            if (t->len >= (int)sizeof name)
                return false;
            memcpy(name, t->text, (size_t)t->len);
            name[t->len] = '\0';
            if (!sema_well_known_arc(o->n, o->n ? o->arc[0] : -1, name, &arc))
                return false;
        } else
            return false;
        o->arc[o->n++] = arc;
    }
    return o->n > 0;
}

static bool same_oid(const OidArcs *a, const OidArcs *b)
{
    return a->n == b->n && memcmp(a->arc, b->arc, sizeof(AsnInt) * (size_t)a->n) == 0;
}

static Module *find_loaded_oid(Sema *S, const OidArcs *want)
{
    OidArcs have;
    for (int i = 0; i < S->c->nmodules; i++)
        if (literal_oid(S->c->modules[i]->oid, &have) && same_oid(&have, want))
            return S->c->modules[i];
    return NULL;
}

/* The arcs of a DefinitiveOID written as text, "{ iso(1) 3 dod(6) ... }"
 * between open and close (exclusive): name(number), number, or a well-known
 * name. false for anything else. */
static bool text_oid(const char *open, const char *close, OidArcs *o)
{
    o->n = 0;
    const char *p = open;
    for (;;) {
        while (p < close && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
            p++;
        if (p == close)
            return o->n > 0;
        if (o->n == LIMIT_OID_ARCS)
            return false;
        const char *w = p;
        while (p < close && (isalnum((unsigned char)*p) || *p == '-'))
            p++;
        if (p == w)
            return false;
        AsnInt arc = 0;
        const char *digits = w, *digits_end = p;
        if (!isdigit((unsigned char)*w)) {          /* a name, alone or with (number) */
            if (p < close && *p == '(') {
                digits = ++p;
                while (p < close && isdigit((unsigned char)*p))
                    p++;
                digits_end = p;
                if (p == close || *p != ')' || digits == digits_end)
                    return false;
                p++;
            } else {
                char name[64];
                if ((size_t)(p - w) >= sizeof name)
                    return false;
                memcpy(name, w, (size_t)(p - w));
                name[p - w] = '\0';
                if (!sema_well_known_arc(o->n, o->n ? o->arc[0] : -1, name, &arc))
                    return false;
                o->arc[o->n++] = arc;
                continue;
            }
        }
        if (digits_end - digits > 18)
            return false;
        for (const char *d = digits; d < digits_end; d++) {
            if (!isdigit((unsigned char)*d))
                return false;
            arc = arc * 10 + (*d - '0');
        }
        o->arc[o->n++] = arc;
    }
}

/* True when a module header in the file (the braces right before a
 * DEFINITIONS, an IRI between them allowed) spells exactly the OID wanted:
 * the cheap test before parsing a file that may define a module known only
 * by its OID. Exact, so that a search by OID parses no file whose modules
 * it then does not use (they would join the program and its C names). */
static bool file_mentions_oid(const char *path, const OidArcs *want)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    static char buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    for (char *d = buf; (d = strstr(d, "DEFINITIONS")) != NULL; d++) {
        const char *p = d;
        while (p > buf && isspace((unsigned char)p[-1]))
            p--;
        if (p > buf && p[-1] == '"') {             /* DefinitiveOIDandIRI: skip the IRI */
            for (p--; p > buf && p[-1] != '"'; p--)
                ;
            if (p == buf)
                continue;
            p--;
            while (p > buf && isspace((unsigned char)p[-1]))
                p--;
        }
        if (p == buf || p[-1] != '}')
            continue;
        const char *close = p - 1, *open = close;
        while (open > buf && open[-1] != '{' && open[-1] != '}')
            open--;
        if (open == buf || open[-1] != '{')
            continue;
        OidArcs have;
        if (text_oid(open, close, &have) && same_oid(&have, want))
            return true;
    }
    return false;
}

/* What a search of the -I directories looks for: a module by name, or (name
 * NULL) by its OID (X.680 13.9: the AssignedIdentifier identifies the module
 * whatever it is called). */
typedef struct Wanted {
    const char *name;
    const OidArcs *oid;
} Wanted;

/* Looks in the -I directories (in order, files sorted by name) for a file
 * defining the module wanted, parses it, and returns the module. Files that
 * do not mention it are not parsed. */
static Module *load_from_dirs(Sema *S, Wanted w)
{
    Compilation *c = S->c;
    for (int d = 0; d < c->ninclude_dirs; d++) {
        DIR *dir = opendir(c->include_dirs[d]);
        if (!dir)
            continue;
        Vec files = {0};
        struct dirent *ent;
        while ((ent = readdir(dir)) != NULL) {
            const char *dot = strrchr(ent->d_name, '.');
            if (dot && (strcmp(dot, ".asn") == 0 || strcmp(dot, ".asn1") == 0))
                vec_push(S->a, &files, arena_printf(S->a, "%s/%s", c->include_dirs[d], ent->d_name));
        }
        closedir(dir);
        if (files.len)
            qsort(files.items, (size_t)files.len, sizeof(void *), cmp_str);
        for (int i = 0; i < files.len; i++) {
            const char *path = files.items[i];
            if (path_loaded(S, path) ||
                !(w.name ? file_mentions_module(path, w.name) : file_mentions_oid(path, w.oid)))
                continue;
            vec_push(S->a, &S->loaded_paths, (void *)path);
            bool schema_err = false;
            compile_file(c, path, false, &schema_err);
            build_pending_symtabs(S);
            Module *m = w.name ? find_loaded(S, w.name) : find_loaded_oid(S, w.oid);
            if (m)
                return m;
        }
    }
    return NULL;
}

static Module *module_named(Sema *S, const char *name, Loc loc, bool report)
{
    Module *m = find_loaded(S, name);
    if (!m)
        m = load_from_dirs(S, (Wanted){name, NULL});
    if (!m && report) {
        diag(DIAG_ERROR, loc, "module '%s' not found", name);
        diag_note(loc, "give the file that defines it on the command line, or its directory with -I");
    }
    return m;
}

/* The module an IMPORTS clause names. With an OID written out, the OID
 * identifies it (X.680 13.9), so a module renamed since is still found;
 * a module found only by its name while the OIDs differ is used, with a
 * note (a definition without an OID matches by name). Without one, the
 * name does. */
static Module *import_module(Sema *S, Import *im, bool report)
{
    if (im->module)
        return im->module;
    OidArcs want, have;
    if (!literal_oid(im->module_oid, &want))
        return im->module = module_named(S, im->module_name, im->loc, report);
    Module *m = find_loaded_oid(S, &want), *by_name = NULL;
    if (!m) {
        by_name = find_loaded(S, im->module_name);
        if (!by_name)
            by_name = load_from_dirs(S, (Wanted){im->module_name, NULL});
        m = find_loaded_oid(S, &want);  /* the files read may hold it */
    }
    /* A definition without an OID is matched by its name alone. */
    if (!m && !(by_name && !literal_oid(by_name->oid, &have)))
        m = load_from_dirs(S, (Wanted){NULL, &want});
    if (!m && by_name) {
        m = by_name;
        if (report && literal_oid(by_name->oid, &have)) {
            diag_note(im->loc, "module %s is found by its name; its OID differs from the one given here",
                      im->module_name);
            diag_note(by_name->oid->loc, "%s's OID is here", by_name->name);
        }
    }
    if (!m && report) {
        diag(DIAG_ERROR, im->loc, "module '%s' not found, by name or by OID", im->module_name);
        diag_note(im->loc, "give the file that defines it on the command line, or its directory with -I");
    }
    return im->module = m;
}

/* ------------------------------------------------------------ lookup */

static int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    int prev[65], cur[65];
    for (int j = 0; j <= lb; j++)
        prev[j] = j;
    for (int i = 1; i <= la; i++) {
        cur[0] = i;
        for (int j = 1; j <= lb; j++) {
            int sub = prev[j - 1] + ((a[i - 1] | 32) != (b[j - 1] | 32));
            int del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, sizeof(int) * (size_t)(lb + 1));
    }
    return prev[lb];
}

/* How far a suggestion may be from the name written: a third of its length,
 * at most 3. */
static int suggestion_distance(const char *name)
{
    int d = (int)strlen(name) / 3 + 1;
    return d > 3 ? 3 : d;
}

static void did_you_mean(Sema *S, Module *m, const char *name)
{
    (void)S;
    SymTab *t = m->symtab;
    if (!t)
        return;
    const SymEntry *best = NULL;
    int best_d = suggestion_distance(name);
    for (int i = 0; i < t->cap; i++) {
        const SymEntry *e = &t->slots[i];
        if (!e->key)
            continue;
        int d = edit_distance(name, e->key);
        /* Ties go to the name first in the source, for deterministic output. */
        if (d < best_d || (d == best_d && best && d <= 3 &&
                           (e->as ? e->as->loc.line : e->sym->loc.line) <
                               (best->as ? best->as->loc.line : best->sym->loc.line))) {
            best = e;
            best_d = d;
        }
    }
    if (best)
        diag_note(best->as ? best->as->loc : best->sym->loc, "did you mean '%s'?", best->key);
}

/* A note naming the component closest in spelling to name, if any. */
void sema_did_you_mean_component(Type *t, const char *name)
{
    const Component *best = NULL;
    int best_d = suggestion_distance(name);
    for (int i = 0; i < t->ncomps; i++) {
        const Component *c = t->comps[i];
        int d = c->name ? edit_distance(name, c->name) : 99;
        if (d <= best_d && (!best || d < best_d)) {
            best = c;
            best_d = d;
        }
    }
    if (best)
        diag_note(best->loc, "did you mean '%s'?", best->name);
}

static bool is_exported(const Module *m, const char *name)
{
    if (m->exports_all)
        return true;
    for (int i = 0; i < m->nexports; i++)
        if (strcmp(m->exports[i]->name, name) == 0)
            return true;
    return false;
}

/* Resolves `name` as seen from inside module m (local, then imports). */
static Assignment *lookup_in(Sema *S, Module *m, const char *name, Loc loc, bool report, int depth)
{
    SymEntry *e = symtab_find(m->symtab, name);
    if (e && e->as)
        return e->as;
    if (e && e->sym && e->also_from && !S->checking_imports) {
        if (report) {
            diag(DIAG_ERROR, loc, "'%s' is imported from both %s and %s: write %s.%s or %s.%s", name,
                 e->from->module_name, e->also_from->module_name, e->from->module_name, name,
                 e->also_from->module_name, name);
            diag_note(e->sym->loc, "first imported here");
        }
        return NULL;
    }
    if (e && e->sym) {
        ImportSymbol *sym = e->sym;
        if (depth == 0 && !S->checking_imports)
            sym->used = true;
        if (sym->target)
            return sym->target;
        if (sym->sema_failed)
            return NULL;     /* reported once, at the IMPORTS clause */
        if (depth > 32) {
            if (report)
                diag(DIAG_ERROR, loc, "'%s' is imported in a cycle that never reaches a definition", name);
            return NULL;
        }
        Import *im = e->from;
        if (!import_module(S, im, false))
            return NULL;        /* reported at the IMPORTS clause */
        Assignment *as = lookup_in(S, im->module, name, sym->loc, false, depth + 1);
        if (!as) {
            if (report) {
                diag(DIAG_ERROR, sym->loc, "module %s does not define '%s'", im->module_name, name);
                did_you_mean(S, im->module, name);
                sym->sema_failed = true;
            }
            return NULL;
        }
        if (!is_exported(im->module, name) && report) {
            diag(DIAG_ERROR, sym->loc, "module %s does not export '%s'", im->module_name, name);
            diag_note(as->loc, "'%s' is defined here", name);
        }
        sym->target = as;
        return as;
    }
    if (report) {
        diag(DIAG_ERROR, loc, "undefined reference to '%s'", name);
        did_you_mean(S, m, name);
    }
    return NULL;
}

Assignment *sema_lookup(Sema *S, Module *m, const char *module_name, const char *name, Loc loc, bool report)
{
    if (module_name) {
        /* Module.name: the module as its IMPORTS clause names it, if one does. */
        Module *other = NULL;
        for (int i = 0; i < m->nimports && !other; i++)
            if (strcmp(m->imports[i]->module_name, module_name) == 0)
                other = import_module(S, m->imports[i], false);
        if (!other)
            other = module_named(S, module_name, loc, report);
        if (!other)
            return NULL;
        SymEntry *e = symtab_find(other->symtab, name);
        if (e && e->as)
            return e->as;
        if (report) {
            diag(DIAG_ERROR, loc, "module %s does not define '%s'", module_name, name);
            did_you_mean(S, other, name);
        }
        return NULL;
    }
    return lookup_in(S, m, name, loc, report, 0);
}

/* Binds every IMPORTS clause to its module and every symbol to its definition. */
void sema_bind_imports(Sema *S, Module *m)
{
    for (int i = 0; i < m->nimports; i++) {
        Import *im = m->imports[i];
        if (!import_module(S, im, true))
            continue;
        if (im->module == m) {
            diag(DIAG_ERROR, im->loc, "module %s imports from itself", m->name);
            continue;
        }
        S->checking_imports = true;
        for (int j = 0; j < im->nsymbols; j++) {
            ImportSymbol *sym = im->symbols[j];
            SymEntry *e = symtab_find(m->symtab, sym->name);
            if (!e || !e->sym || e->sym == sym) {
                lookup_in(S, m, sym->name, sym->loc, true, 0);
            } else if (e->from != im && !sym->target) {
                /* the same name from a second module: check it there */
                sym->target = lookup_in(S, im->module, sym->name, sym->loc, false, 1);
                if (!sym->target) {
                    diag(DIAG_ERROR, sym->loc, "module %s does not define '%s'", im->module_name, sym->name);
                    did_you_mean(S, im->module, sym->name);
                }
            }
        }
        S->checking_imports = false;
    }
    for (int i = 0; i < m->nexports; i++) {
        ImportSymbol *ex = m->exports[i];
        if (!symtab_find(m->symtab, ex->name)) {
            diag(DIAG_ERROR, ex->loc, "module %s exports '%s', which it neither defines nor imports",
                 m->name, ex->name);
            did_you_mean(S, m, ex->name);
        }
    }
}

/* ------------------------------------------------------------ depth guard */

bool sema_enter(Sema *S, Loc loc)
{
    if (S->depth >= LIMIT_REF_CHAIN) {
        if (!S->depth_reported)
            diag(DIAG_ERROR, loc, "chain of references longer than %d (asn1cc limit)", LIMIT_REF_CHAIN);
        S->depth_reported = true;
        return false;
    }
    S->depth++;
    return true;
}

void sema_leave(Sema *S)
{
    S->depth--;
}

/* ------------------------------------------------------------ classes */

static bool is_class(Sema *S, Assignment *as)
{
    if (as->kind == A_CLASS)
        return true;
    if (as->sema_class)
        return as->sema_class > 0;
    if (as->kind != A_TYPE || !as->type || as->class_busy)
        return false;
    Type *t = as->type;
    while (t->kind == TY_TAGGED && t->inner)
        t = t->inner;
    bool cls = false;
    if (t->kind == TY_CLASS || t->kind == TY_TYPE_IDENTIFIER || t->kind == TY_ABSTRACT_SYNTAX) {
        cls = true;
    } else if (t->kind == TY_REF && !t->constraints && !t->nref_actuals) {
        as->class_busy = true;
        Assignment *target = sema_lookup(S, as->module, t->ref_module, t->ref_name, t->loc, false);
        if (target && sema_enter(S, t->loc)) {
            cls = is_class(S, target);
            sema_leave(S);
        }
        as->class_busy = false;
    }
    if (cls)
        as->kind = A_CLASS;
    as->sema_class = cls ? 1 : -1;
    return cls;
}

/* An assignment's governor names a class when it is a (possibly imported)
 * class reference, one of the predefined classes, or a class parameter. */
static bool governor_is_class(Sema *S, Assignment *as)
{
    Type *g = as->type;
    if (!g)
        return false;
    if (g->kind == TY_TYPE_IDENTIFIER || g->kind == TY_ABSTRACT_SYNTAX || g->kind == TY_CLASS)
        return true;
    if (g->kind != TY_REF)
        return false;
    for (int i = 0; i < as->nparams; i++)
        if (!as->params[i]->governor && strcmp(as->params[i]->name, g->ref_name) == 0) {
            /* X.681 7.1: an objectclassreference is written in upper case only. */
            for (const char *p = g->ref_name; *p; p++)
                if (*p >= 'a' && *p <= 'z')
                    return false;
            return true;
        }
    Assignment *target = sema_lookup(S, as->module, g->ref_module, g->ref_name, g->loc, false);
    return target && is_class(S, target);
}

void sema_classify(Sema *S, Module *m)
{
    for (int i = 0; i < m->nassigns; i++)
        is_class(S, m->assigns[i]);
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        if (as->kind == A_VALUE && governor_is_class(S, as))
            as->kind = A_OBJECT;
        else if (as->kind == A_VALUE_SET && governor_is_class(S, as))
            as->kind = A_OBJECT_SET;
    }
}

ClassField *sema_class_field(const ClassDef *cd, const char *name)
{
    for (int i = 0; cd && i < cd->nfields; i++)
        if (strcmp(cd->fields[i]->name, name) == 0)
            return cd->fields[i];
    return NULL;
}

FieldSetting *object_field(const Object *o, const char *name)
{
    for (int i = 0; o && i < o->nsettings; i++)
        if (o->settings[i] && strcmp(o->settings[i]->field->name, name) == 0)
            return o->settings[i];
    return NULL;
}

/* ------------------------------------------------------------ unused imports */

/* An imported symbol nothing in the module refers to (modules given on the
 * command line only; a re-exported symbol counts as used). */
void sema_warn_unused_imports(Module *m)
{
    if (!m->from_cmdline || !diag_warning_enabled("unused-import"))
        return;
    for (int i = 0; i < m->nimports; i++)
        for (int j = 0; j < m->imports[i]->nsymbols; j++) {
            ImportSymbol *sym = m->imports[i]->symbols[j];
            /* Only a name in EXPORTS re-exports (with EXPORTS ALL, or no
             * EXPORTS, every import would count as used). */
            bool exported = !m->exports_all && is_exported(m, sym->name);
            /* Pre-1994 modules import BMPString & co; the keyword is what they use. */
            bool keyword = false;
            for (int k = STR_BMP; k <= STR_OBJECT_DESCRIPTOR; k++)
                keyword |= strcmp(sym->name, ast_string_kind_name((StringKind)k)) == 0;
            if (!sym->used && !exported && !keyword && sym->target)
                diag(DIAG_WARNING, sym->loc, "'%s' is imported from %s but not used [-Wunused-import]", sym->name,
                     m->imports[i]->module_name);
        }
}

