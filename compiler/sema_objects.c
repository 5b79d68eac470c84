/* sema_objects.c — information objects (X.681 11) and object sets (X.681
 * 12). Each object's braces are read against its class, in the default
 * syntax ({ &field setting, ... }) or the class's WITH SYNTAX (X.681 10);
 * settings become resolved types and evaluated values. Object sets are
 * flattened into the objects a table constraint selects from. Above the
 * types/values/constraints group (see asn1cc.h, "sema: layers"): it calls
 * into it; the calls back are sema_object (a value taken from an object's
 * field, X.681 14.6 ValueFromObject), sema_object_type_field (TypeFromObject)
 * and sema_object_set_flatten (the objects of a ValueSetFromObjects). */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

typedef struct Matcher {
    Sema *S;
    Module *m;
    ClassDef *cls;
    const char *cls_name;
    TokRange r;
    int pos;
    Object *obj;
    Vec words;               /* every literal of the WITH SYNTAX, for setting ends */
    bool failed;
} Matcher;

static const Token *tok(const Matcher *M, int i)
{
    return &M->r.ta->toks[i];
}

static bool tok_is(const Matcher *M, int i, const char *text)
{
    if (i >= M->r.end)
        return false;
    const Token *t = tok(M, i);
    return (int)strlen(text) == t->len && memcmp(t->text, text, (size_t)t->len) == 0;
}

static Loc loc_at(const Matcher *M, int i)
{
    if (i < M->r.end)
        return tok(M, i)->loc;
    return M->r.end > M->r.begin ? tok(M, M->r.end - 1)->loc : M->r.loc;
}

static ClassField *class_field(ClassDef *cls, const char *name, size_t len)
{
    for (int i = 0; i < cls->nfields; i++)
        if (strlen(cls->fields[i]->name) == len && memcmp(cls->fields[i]->name, name, len) == 0)
            return cls->fields[i];
    return NULL;
}

/* Stores the setting of field f written in tokens [begin, end). */
static void set_field(Matcher *M, ClassField *f, int begin, int end)
{
    Sema *S = M->S;
    int idx;
    for (idx = 0; idx < M->cls->nfields && M->cls->fields[idx] != f; idx++)
        ;
    if (M->obj->settings[idx]) {
        diag(DIAG_ERROR, loc_at(M, begin), "field %s is set twice in this object", f->name);
        M->failed = true;
        return;
    }
    FieldSetting *fs = arena_alloc(S->a, sizeof *fs);
    fs->loc = loc_at(M, begin);
    fs->field = f;
    TokRange span = {M->r.ta, begin, end, loc_at(M, begin)};
    switch (f->kind) {
    case FK_TYPE:
        fs->type = parse_type_range(S->c, span);
        if (!fs->type) {
            M->failed = true;
            return;
        }
        sema_resolve_type(S, M->m, NULL, fs->type);
        sema_finish_type(S, fs->type);
        sema_values_in_type(S, fs->type);
        break;
    case FK_FIXED_VALUE:
    case FK_VARIABLE_VALUE:
    case FK_OBJECT:
        fs->value = parse_value_range(S->c, span);
        if (!fs->value) {
            M->failed = true;
            return;
        }
        if (f->kind == FK_FIXED_VALUE && f->type)
            sema_eval_value(S, M->m, NULL, fs->value, f->type);
        break;
    default:
        /* Sets: kept as written, without the braces when braced. */
        if (end - begin >= 2 && tok(M, begin)->kind == '{' && tok(M, end - 1)->kind == '}')
            span = (TokRange){M->r.ta, begin + 1, end - 1, loc_at(M, begin)};
        fs->set = span;
        break;
    }
    M->obj->settings[idx] = fs;
}

/* End of a field setting in defined syntax: the first token at nesting
 * depth 0 that is a literal of the class's syntax (or the end). */
static int setting_end(Matcher *M, int pos)
{
    int depth = 0;
    for (int i = pos; i < M->r.end; i++) {
        int k = tok(M, i)->kind;
        if (k == '{' || k == '(' || k == '[' || k == T_LBRACK2)
            depth++;
        else if (k == '}' || k == ')' || k == ']' || k == T_RBRACK2)
            depth--;
        else if (depth == 0 && i > pos)
            for (int w = 0; w < M->words.len; w++)
                if (tok_is(M, i, M->words.items[w]))
                    return i;
    }
    return M->r.end;
}

static void collect_words(Matcher *M, SyntaxItem **items, int n)
{
    for (int i = 0; i < n; i++) {
        if (items[i]->kind == SYN_WORD || items[i]->kind == SYN_COMMA)
            vec_push(M->S->a, &M->words, (void *)items[i]->text);
        else if (items[i]->kind == SYN_OPTIONAL_GROUP)
            collect_words(M, items[i]->items, items[i]->nitems);
    }
}

/* X.681 10.7-10.12: literals must appear as written; a field takes the
 * tokens up to the next literal; an optional group is present when its
 * first literal is the next token. */
static void match_items(Matcher *M, SyntaxItem **items, int n)
{
    for (int i = 0; i < n && !M->failed; i++) {
        SyntaxItem *it = items[i];
        switch (it->kind) {
        case SYN_WORD:
        case SYN_COMMA:
            if (!tok_is(M, M->pos, it->text)) {
                diag(DIAG_ERROR, loc_at(M, M->pos), "this object does not follow the syntax of class %s: expected '%s'",
                     M->cls_name, it->text);
                M->failed = true;
                return;
            }
            M->pos++;
            break;
        case SYN_FIELD: {
            ClassField *f = class_field(M->cls, it->text, strlen(it->text));
            int end = setting_end(M, M->pos);
            if (!f || end == M->pos) {
                diag(DIAG_ERROR, loc_at(M, M->pos), "this object lacks a setting for %s", it->text);
                M->failed = true;
                return;
            }
            set_field(M, f, M->pos, end);
            M->pos = end;
            break;
        }
        case SYN_OPTIONAL_GROUP:
            if (it->nitems && (it->items[0]->kind == SYN_WORD || it->items[0]->kind == SYN_COMMA) &&
                tok_is(M, M->pos, it->items[0]->text))
                match_items(M, it->items, it->nitems);
            break;
        }
    }
}

/* X.681 11.5 DefaultSyntax: { &field setting, ... } */
static void match_default(Matcher *M)
{
    TokRange *parts;
    int n = tokrange_split(M->S->a, M->r, &parts);
    for (int i = 0; i < n && !M->failed; i++) {
        TokRange p = parts[i];
        const Token *t = p.end > p.begin ? &p.ta->toks[p.begin] : NULL;
        if (!t || (t->kind != T_TYPEFIELDREF && t->kind != T_VALUEFIELDREF) || p.end - p.begin < 2) {
            diag(DIAG_ERROR, p.loc, "expected '&field setting' in an object of class %s", M->cls_name);
            M->failed = true;
            return;
        }
        ClassField *f = class_field(M->cls, t->text, (size_t)t->len);
        if (!f) {
            diag(DIAG_ERROR, t->loc, "class %s has no field %.*s", M->cls_name, t->len, t->text);
            M->failed = true;
            return;
        }
        set_field(M, f, p.begin + 1, p.end);
    }
}

static Object *build_object(Sema *S, Module *m, ClassDef *cls, const char *cls_name, TokRange r, Assignment *as)
{
    Object *o = arena_alloc(S->a, sizeof *o);
    o->loc = r.loc;
    o->cls = cls;
    o->assign = as;
    o->nsettings = cls->nfields;
    o->settings = arena_alloc(S->a, sizeof(FieldSetting *) * (size_t)(cls->nfields + 1));
    Matcher M = {S, m, cls, cls_name, r, r.begin, o, {0}, false};
    bool default_syntax = r.end > r.begin && (r.ta->toks[r.begin].kind == T_TYPEFIELDREF ||
                                              r.ta->toks[r.begin].kind == T_VALUEFIELDREF);
    if (!cls->has_syntax || default_syntax) {
        match_default(&M);
    } else {
        collect_words(&M, cls->syntax, cls->nsyntax);
        match_items(&M, cls->syntax, cls->nsyntax);
        if (!M.failed && M.pos < r.end) {
            diag(DIAG_ERROR, loc_at(&M, M.pos), "unexpected '%.*s' in an object of class %s", tok(&M, M.pos)->len,
                 tok(&M, M.pos)->text, cls_name);
            M.failed = true;
        }
    }
    if (!M.failed)
        for (int i = 0; i < cls->nfields; i++) {
            ClassField *f = cls->fields[i];
            bool has_default = f->default_type || f->default_value || f->default_set.ta;
            if (!o->settings[i] && !f->optional && !has_default)
                diag(DIAG_ERROR, r.loc, "this object of class %s lacks field %s", cls_name, f->name);
        }
    return o;
}

static const char *class_name(const Type *g)
{
    return g->kind == TY_REF ? g->ref_name : ast_type_kind_name(g->kind);
}

Object *sema_object(Sema *S, Assignment *as)
{
    if (as->object || as->kind != A_OBJECT || as->nparams || !as->value || as->objects_state)
        return as->object;
    as->objects_state = 1;
    ClassDef *cls = sema_class_of(S, as->type);
    /* Finishing the class tells object fields from value fields (X.681
     * 9.4); a type or value read from an object may get here first. */
    Type *ct = as->type;
    for (int guard = 0; ct && ct->kind == TY_REF && ct->ref_assign && guard < 64; guard++)
        ct = sema_assignment_type(S, ct->ref_assign);
    if (cls && ct && ct->kind == TY_CLASS)
        sema_finish_type(S, ct);
    if (cls && as->value->kind == V_BRACED)
        as->object = build_object(S, as->module, cls, class_name(as->type), as->value->braced, as);
    else if (cls && as->value->kind == V_REF) {
        Assignment *other = sema_lookup(S, as->module, as->value->ref_module, as->value->ref_name, as->value->loc, true);
        if (other && other->kind == A_OBJECT)
            as->object = sema_object(S, other);
    }
    as->objects_state = 2;
    return as->object;
}

Type *sema_object_type_field(Sema *S, Assignment *as, Type *t)
{
    for (int i = 0; i < t->nfield_path; i++) {
        Object *o = sema_object(S, as);
        if (!o)
            return NULL;     /* reported where the object is defined */
        ClassField *f = sema_class_field(o->cls, t->field_path[i]);
        bool last = i + 1 == t->nfield_path;
        if (!f) {
            diag(DIAG_ERROR, t->loc, "the class of %s has no field %s", as->name, t->field_path[i]);
            return NULL;
        }
        if (last ? f->kind != FK_TYPE : f->kind != FK_OBJECT) {
            diag(DIAG_ERROR, t->loc, "field %s of %s is not %s", f->name, as->name, last ? "a type field" : "an object field");
            return NULL;
        }
        FieldSetting *fs = object_field(o, f->name);
        if (last) {
            Type *ft = fs ? fs->type : f->default_type;
            if (!ft)
                diag(DIAG_ERROR, t->loc, "object %s does not set field %s", as->name, f->name);
            return ft;
        }
        if (!fs || !fs->value || fs->value->kind != V_REF) {
            diag(DIAG_ERROR, t->loc, "field %s of %s is not an object given by reference", f->name, as->name);
            return NULL;
        }
        as = sema_lookup(S, as->module, fs->value->ref_module, fs->value->ref_name, fs->value->loc, true);
        if (!as)
            return NULL;
        if (as->kind != A_OBJECT) {
            diag(DIAG_ERROR, fs->value->loc, "'%s' is not an information object", as->name);
            return NULL;
        }
    }
    return NULL;
}

static void flatten(Sema *S, Assignment *set);

/* An object set's objects with where each was written (locs: Loc*). */
static void push_object(Sema *S, Vec *out, Vec *locs, Object *o, Loc loc)
{
    Loc *l = arena_alloc(S->a, sizeof *l);
    *l = loc;
    vec_push(S->a, out, o);
    vec_push(S->a, locs, l);
}

static void add_element(Sema *S, Assignment *set, ClassDef *cls, Constraint *c, Vec *out, Vec *locs, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    switch (c->kind) {
    case C_UNION:
    case C_INTERSECTION:
        add_element(S, set, cls, c->sub, out, locs, depth + 1);
        add_element(S, set, cls, c->sub2, out, locs, depth + 1);
        break;
    case C_EXCEPT:
        add_element(S, set, cls, c->sub, out, locs, depth + 1);
        break;
    case C_EXTENSIBLE:
        set->objects_extensible = true;
        add_element(S, set, cls, c->sub, out, locs, depth + 1);
        add_element(S, set, cls, c->sub2, out, locs, depth + 1);
        break;
    case C_SINGLE_VALUE:
    case C_BRACED: {
        Value *v = c->lo;
        if (!v)
            break;
        if (v->kind == V_BRACED) {
            push_object(S, out, locs, build_object(S, set->module, cls, class_name(set->type), v->braced, NULL), v->loc);
        } else if (v->kind == V_REF) {
            Assignment *as = sema_lookup(S, set->module, v->ref_module, v->ref_name, v->loc, true);
            if (as && as->kind != A_OBJECT) {
                diag(DIAG_ERROR, v->loc, "'%s' is not an object", v->ref_name);
            } else if (as) {
                Object *o = sema_object(S, as);
                /* X.681 12.2: the objects of a set are of its class. */
                if (o && o->cls != cls) {
                    diag(DIAG_ERROR, v->loc, "'%s' is an object of class %s, not of %s, the class of %s", as->name,
                         class_name(as->type), class_name(set->type), set->name);
                    diag_note(as->loc, "'%s' is defined here", as->name);
                } else if (o) {
                    push_object(S, out, locs, o, v->loc);
                }
            }
        }
        break;
    }
    case C_TYPE: {
        Type *t = c->type;
        if (!t || t->kind != TY_REF)
            break;
        Assignment *as = t->ref_assign ? t->ref_assign
                         : sema_lookup(S, set->module, t->ref_module, t->ref_name, t->loc, true);
        if (as && as->kind == A_OBJECT_SET) {
            flatten(S, as);
            if (as->nobjects && as->objects[0]->cls != cls) {
                diag(DIAG_ERROR, t->loc, "'%s' is an object set of class %s, not of %s, the class of %s", as->name,
                     class_name(as->type), class_name(set->type), set->name);
                diag_note(as->loc, "'%s' is defined here", as->name);
                break;
            }
            for (int i = 0; i < as->nobjects; i++)
                push_object(S, out, locs, as->objects[i], t->loc);
            if (as->objects_extensible)
                set->objects_extensible = true;
        } else if (as) {
            diag(DIAG_ERROR, t->loc, "'%s' is not an object set", t->ref_name);
        }
        break;
    }
    default:
        break;
    }
}

static bool same_value(const Value *a, const Value *b)
{
    a = a && a->eval ? a->eval : a;
    b = b && b->eval ? b->eval : b;
    if (!a || !b || a->kind != b->kind)
        return false;
    switch (a->kind) {
    case V_INTEGER:
    case V_ENUM:
        return !a->big && !b->big && a->ival == b->ival;
    case V_BOOLEAN:
        return a->bval == b->bval;
    case V_OID:
        return a->narcs == b->narcs && memcmp(a->arcs, b->arcs, sizeof(AsnInt) * (size_t)a->narcs) == 0;
    case V_CSTRING:
        return a->text && b->text && strcmp(a->text, b->text) == 0;
    case V_BITS:
    case V_OCTETS:
        return a->nbits == b->nbits && a->nbytes == b->nbytes && memcmp(a->bytes, b->bytes, a->nbytes) == 0;
    default:
        return false;
    }
}

/* X.681 9.8 (UNIQUE): the objects of one set differ in each UNIQUE field.
 * Two objects reached through one nested set reference were compared when
 * that set was flattened. */
static void check_unique(Assignment *set, ClassDef *cls, Vec *locs)
{
    for (int f = 0; f < cls->nfields; f++) {
        ClassField *cf = cls->fields[f];
        if (!cf->unique)
            continue;
        for (int j = 0; j < set->nobjects; j++)
            for (int i = 0; i < j; i++) {
                Object *a = set->objects[i], *b = set->objects[j];
                Loc *la = locs->items[i], *lb = locs->items[j];
                if (a == b || (la->file == lb->file && la->line == lb->line && la->col == lb->col))
                    continue;
                FieldSetting *fa = object_field(a, cf->name), *fb = object_field(b, cf->name);
                if (!fa || !fb || !same_value(fa->value, fb->value))
                    continue;
                diag(DIAG_ERROR, *lb, "%s and %s in %s have the same %s, which is UNIQUE in their class",
                     b->assign ? b->assign->name : "this object", a->assign ? a->assign->name : "an object written earlier",
                     set->name, cf->name);
                diag_note(*la, "%s is here", a->assign ? a->assign->name : "the other object");
                i = j;       /* one report per object */
            }
    }
}

static void flatten(Sema *S, Assignment *set)
{
    if (set->objects_state || set->nparams)
        return;
    set->objects_state = 1;  /* a set naming itself stops here */
    ClassDef *cls = sema_class_of(S, set->type);
    if (cls && sema_set_elements(S, set)) {
        Vec out = {0}, locs = {0};
        add_element(S, set, cls, set->set_elements, &out, &locs, 0);
        set->objects = (Object **)out.items;
        set->nobjects = out.len;
        check_unique(set, cls, &locs);
    }
    set->objects_state = 2;
}

void sema_object_set_flatten(Sema *S, Assignment *set) { flatten(S, set); }

void sema_objects_run(Sema *S, Module *m)
{
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        if (as->kind == A_OBJECT)
            sema_object(S, as);
        else if (as->kind == A_OBJECT_SET)
            flatten(S, as);
    }
}
