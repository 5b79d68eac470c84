/* ast.c — node constructors called by parser.y actions, and the stable
 * text dump of the (resolved) AST used by --dump-ast and golden tests. */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

struct CompItem {
    enum { CI_COMP, CI_ELLIPSIS, CI_GROUP } kind;
    Loc loc;
    Component *comp;
    Value *exception;        /* CI_ELLIPSIS */
    Value *version;          /* CI_GROUP */
    Vec *items;              /* CI_GROUP */
};

#define NEW(T) ((T *)arena_alloc(P->a, sizeof(T)))

static const char *tok_str(Parser *P, const Token *t)
{
    return arena_strndup(P->a, t->text, (size_t)t->len);
}

static void *vec_finish(const Vec *v, int *n)
{
    *n = v ? v->len : 0;
    return v ? v->items : NULL;
}

Type *ast_new_type(Arena *a, TypeKind k, Loc loc)
{
    Type *t = arena_alloc(a, sizeof *t);
    t->kind = k;
    t->loc = loc;
    return t;
}

Value *ast_new_value(Arena *a, ValueKind k, Loc loc)
{
    Value *v = arena_alloc(a, sizeof *v);
    v->kind = k;
    v->loc = loc;
    return v;
}

/* ------------------------------------------------------------ lists */

Vec *ast_vec0(Parser *P)
{
    return NEW(Vec);
}

Vec *ast_vec1(Parser *P, void *item)
{
    Vec *v = NEW(Vec);
    vec_push(P->a, v, item);
    return v;
}

Vec *ast_vec_push(Parser *P, Vec *v, void *item)
{
    vec_push(P->a, v, item);
    return v;
}

/* ------------------------------------------------------------ modules */

Module *ast_module_new(Parser *P, Token *name, Value *oid)
{
    Module *m = NEW(Module);
    m->loc = name->loc;
    m->name = tok_str(P, name);
    m->oid = oid;
    m->file = name->loc.file;
    m->from_cmdline = P->from_cmdline;
    m->exports_all = true;
    P->mod = m;
    Compilation *c = P->c;
    Module **mods = arena_alloc(P->a, sizeof(Module *) * (size_t)(c->nmodules + 1));
    if (c->nmodules)
        memcpy(mods, c->modules, sizeof(Module *) * (size_t)c->nmodules);
    mods[c->nmodules++] = m;
    c->modules = mods;
    return m;
}

void ast_module_finish(Parser *P, Module *m, int tag_default, int ext_implied)
{
    m->tag_default = (TagDefault)tag_default;
    m->extensibility_implied = ext_implied != 0;
    P->mod = NULL;
}

void ast_module_exports(Parser *P, Vec *symbols, bool all)
{
    Module *m = P->mod;
    m->exports_all = all;
    m->exports = vec_finish(symbols, &m->nexports);
}

void ast_module_import(Parser *P, Vec *symbols, Token *module, Value *oid)
{
    Module *m = P->mod;
    Import *imp = NEW(Import);
    imp->loc = module->loc;
    imp->module_name = tok_str(P, module);
    imp->module_oid = oid;
    imp->symbols = vec_finish(symbols, &imp->nsymbols);
    Import **imps = arena_alloc(P->a, sizeof(Import *) * (size_t)(m->nimports + 1));
    if (m->nimports)
        memcpy(imps, m->imports, sizeof(Import *) * (size_t)m->nimports);
    imps[m->nimports++] = imp;
    m->imports = imps;
}

ImportSymbol *ast_symbol(Parser *P, Token *name, bool parameterized)
{
    ImportSymbol *s = NEW(ImportSymbol);
    s->loc = name->loc;
    s->name = tok_str(P, name);
    s->parameterized = parameterized;
    return s;
}

/* ------------------------------------------------------------ assignments */

static void add_assignment(Parser *P, Assignment *as)
{
    Module *m = P->mod;
    as->module = m;
    /* Module.assigns grows by doubling; the capacity lives in symtab until sema. */
    Vec *v = m->symtab;
    if (!v) {
        v = NEW(Vec);
        m->symtab = v;
    }
    vec_push(P->a, v, as);
    m->assigns = (Assignment **)v->items;
    m->nassigns = v->len;
}

static Assignment *new_assignment(Parser *P, AssignKind k, Token *name, Vec *params, Token *assign, int end)
{
    Assignment *as = NEW(Assignment);
    as->kind = k;
    as->loc = name->loc;
    as->name = tok_str(P, name);
    as->params = vec_finish(params, &as->nparams);
    int begin = (int)(assign - P->ta->toks) + 1;
    as->rhs = (TokRange){P->ta, begin, end > begin ? end : begin, assign->loc};
    return as;
}

void ast_assign_type(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *t)
{
    Assignment *as = new_assignment(P, A_TYPE, name, params, assign, end);
    as->type = t;
    add_assignment(P, as);
}

void ast_assign_set(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *governor, Value *braced)
{
    Assignment *as = new_assignment(P, A_VALUE_SET, name, params, assign, end);
    as->type = governor;
    as->set = braced->braced;
    as->value = braced;
    add_assignment(P, as);
}

void ast_assign_value(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *governor, Value *v)
{
    Assignment *as = new_assignment(P, A_VALUE, name, params, assign, end);
    as->type = governor;
    as->value = v;
    if (!params && governor->kind == TY_REF && !governor->ref_module && !governor->nref_actuals) {
        Loc n = P->macro_name_loc;
        governor->macro_use = n.file == governor->loc.file && n.line == governor->loc.line &&
                                      n.col == governor->loc.col
                                  ? 2
                                  : 1;
    }
    add_assignment(P, as);
}

static bool tok_text_is(const Token *t, int kind, const char *text)
{
    return t->kind == kind && t->len == (int)strlen(text) && memcmp(t->text, text, (size_t)t->len) == 0;
}

/* X.208 MacroDefinition: only the type its VALUE NOTATION gives values,
 * "value(VALUE Type)", matters to asn1cc (as->rhs, parsed by sema when an
 * instance uses it); the notations themselves are not interpreted. */
void ast_assign_macro(Parser *P, Token *name, Token *macro, int end)
{
    Assignment *as = NEW(Assignment);
    as->kind = A_MACRO;
    as->loc = name->loc;
    as->name = tok_str(P, name);
    const TokenArray *ta = P->ta;
    int i = (int)(macro - ta->toks);
    as->rhs = (TokRange){ta, i, i, macro->loc};
    for (; i + 6 < end; i++) {
        const Token *t = &ta->toks[i];
        if (!(tok_text_is(t, T_TYPEREF, "VALUE") && tok_text_is(t + 1, T_TYPEREF, "NOTATION") &&
              t[2].kind == T_ASSIGN && tok_text_is(t + 3, T_IDENTIFIER, "value") && t[4].kind == '(' &&
              tok_text_is(t + 5, T_TYPEREF, "VALUE")))
            continue;
        int begin = i + 6, j = begin, depth = 0;
        for (; j < end; j++) {
            int k = ta->toks[j].kind;
            if (k == '(' || k == '{')
                depth++;
            else if ((k == ')' || k == '}') && depth-- == 0)
                break;
        }
        if (j < end && j > begin)
            as->rhs = (TokRange){ta, begin, j, ta->toks[begin].loc};
        break;
    }
    add_assignment(P, as);
}

Param *ast_param(Parser *P, Type *governor, Token *name)
{
    Param *p = NEW(Param);
    p->loc = governor ? governor->loc : name->loc;
    p->governor = governor;
    p->name = tok_str(P, name);
    return p;
}

/* ------------------------------------------------------------ types */

Type *ast_type(Parser *P, TypeKind k, Loc loc)
{
    return ast_new_type(P->a, k, loc);
}

Type *ast_type_constrain(Parser *P, Type *t, Constraint *c)
{
    (void)P;
    Constraint **tail = &t->constraints;
    while (*tail)
        tail = &(*tail)->next_serial;
    *tail = c;
    return t;
}

Type *ast_type_named(Parser *P, TypeKind k, Loc loc, Vec *named)
{
    Type *t = ast_type(P, k, loc);
    t->named = vec_finish(named, &t->nnamed);
    return t;
}

/* X.680 20: items after "..." are additions; the ellipsis itself is dropped. */
Type *ast_type_enum(Parser *P, Loc loc, Vec *items)
{
    Type *t = ast_type(P, TY_ENUMERATED, loc);
    Vec out = {0};
    int ellipses = 0;
    for (int i = 0; i < items->len; i++) {
        NamedNumber *nn = items->items[i];
        if (nn->is_extension && !nn->name) {
            if (++ellipses > 1)
                diag(DIAG_ERROR, nn->loc, "more than one extension marker in ENUMERATED");
            t->enum_extensible = true;
            t->ext_exception = nn->value;
            continue;
        }
        nn->is_extension = ellipses > 0;
        vec_push(P->a, &out, nn);
    }
    t->named = vec_finish(&out, &t->nnamed);
    return t;
}

Type *ast_type_string(Parser *P, StringKind sk, Loc loc)
{
    Type *t = ast_type(P, TY_STRING, loc);
    t->str_kind = sk;
    return t;
}

Type *ast_type_any(Parser *P, Loc loc, Token *defined_by)
{
    Type *t = ast_type(P, TY_ANY, loc);
    if (defined_by)
        t->any_defined_by = tok_str(P, defined_by);
    return t;
}

/* X.680 25.1: root, "...", additions (single or [[ ]] groups), "...", root.
 * Flattens the item list into Components flagged by position. */
Type *ast_type_struct(Parser *P, TypeKind k, Loc loc, Vec *items)
{
    Type *t = ast_type(P, k, loc);
    Vec out = {0};
    int ellipses = 0, groups = 0;
    for (int i = 0; i < items->len; i++) {
        CompItem *it = items->items[i];
        switch (it->kind) {
        case CI_ELLIPSIS:
            if (++ellipses > 2)
                diag(DIAG_ERROR, it->loc, "more than two extension markers");
            t->extensible = true;
            if (it->exception)
                t->ext_exception = it->exception;
            break;
        case CI_COMP:
            it->comp->is_extension = ellipses == 1;
            vec_push(P->a, &out, it->comp);
            break;
        case CI_GROUP:
            if (ellipses != 1) {
                diag(DIAG_ERROR, it->loc, "an extension addition group [[ ]] must follow the extension marker \"...\"");
            }
            groups++;
            for (int j = 0; j < it->items->len; j++) {
                CompItem *g = it->items->items[j];
                if (g->kind != CI_COMP) {
                    diag(DIAG_ERROR, g->loc, "an extension addition group holds components only");
                    continue;
                }
                g->comp->is_extension = ellipses == 1;
                g->comp->ext_group = groups;
                g->comp->group_version = it->version;
                vec_push(P->a, &out, g->comp);
            }
            break;
        }
    }
    /* X.680 29.1: RootAlternativeTypeList is not empty. A CHOICE without a
     * root alternative has no value to encode (no C for it either). */
    if (k == TY_CHOICE && (items->len == 0 || ((CompItem *)items->items[0])->kind != CI_COMP))
        diag(DIAG_ERROR, loc, "a CHOICE needs at least one alternative before any extension marker");
    t->comps = vec_finish(&out, &t->ncomps);
    return t;
}

Type *ast_type_of(Parser *P, TypeKind k, Loc loc, Constraint *c, Token *elem_name, Type *elem)
{
    Type *t = ast_type(P, k, loc);
    t->inner = elem;
    if (elem_name)
        t->elem_name = tok_str(P, elem_name);
    t->constraints = c;
    return t;
}

Type *ast_type_tagged(Parser *P, TagSpec *tag, int mode, Type *inner)
{
    Type *t = ast_type(P, TY_TAGGED, tag->loc);
    t->tag = *tag;
    t->tag.mode = (TagMode)mode;
    t->inner = inner;
    return t;
}

TagSpec *ast_tag(Parser *P, Loc loc, int cls, Value *number)
{
    TagSpec *ts = NEW(TagSpec);
    ts->loc = loc;
    ts->cls = (TagClass)cls;
    ts->number = number;
    return ts;
}

Type *ast_type_instance_of(Parser *P, Loc loc, Type *cls)
{
    Type *t = ast_type(P, TY_INSTANCE_OF, loc);
    t->instance_class = cls;
    return t;
}

Type *ast_type_class(Parser *P, Loc loc, Vec *fields, Vec *syntax)
{
    Type *t = ast_type(P, TY_CLASS, loc);
    ClassDef *cd = NEW(ClassDef);
    cd->loc = loc;
    cd->fields = vec_finish(fields, &cd->nfields);
    cd->has_syntax = syntax != NULL;
    cd->syntax = vec_finish(syntax, &cd->nsyntax);
    t->cls = cd;
    return t;
}

int tokrange_split(Arena *a, TokRange r, TokRange **out)
{
    Vec parts = {0};
    int depth = 0, begin = r.begin;
    for (int i = r.begin; i < r.end; i++) {
        int k = r.ta->toks[i].kind;
        if (k == '{' || k == '(' || k == '[')
            depth++;
        else if (k == '}' || k == ')' || k == ']')
            depth--;
        else if (k == ',' && depth == 0) {
            TokRange *p = arena_alloc(a, sizeof *p);
            *p = (TokRange){r.ta, begin, i, r.ta->toks[begin < i ? begin : i].loc};
            vec_push(a, &parts, p);
            begin = i + 1;
        }
    }
    if (r.end > r.begin) {
        TokRange *p = arena_alloc(a, sizeof *p);
        *p = (TokRange){r.ta, begin, r.end, r.ta->toks[begin < r.end ? begin : r.end].loc};
        vec_push(a, &parts, p);
    }
    TokRange *arr = arena_alloc(a, sizeof(TokRange) * (size_t)(parts.len ? parts.len : 1));
    for (int i = 0; i < parts.len; i++)
        arr[i] = *(TokRange *)parts.items[i];
    *out = arr;
    return parts.len;
}

Type *ast_type_ref(Parser *P, Token *module, Token *name, Value *actuals)
{
    Type *t = ast_type(P, TY_REF, module ? module->loc : name->loc);
    if (module)
        t->ref_module = tok_str(P, module);
    t->ref_name = tok_str(P, name);
    if (actuals)
        t->nref_actuals = tokrange_split(P->a, actuals->braced, &t->ref_actuals);
    return t;
}

Type *ast_type_field(Parser *P, Type *cls, Vec *path)
{
    Type *t = ast_type(P, TY_FIELD, cls->loc);
    t->field_class = cls;
    t->nfield_path = path->len;
    t->field_path = arena_alloc(P->a, sizeof(char *) * (size_t)path->len);
    for (int i = 0; i < path->len; i++)
        t->field_path[i] = tok_str(P, path->items[i]);
    return t;
}

/* X.681 15.1 TypeFromObject: a reference to the object, with the path of
 * fields; sema binds it to the type the object gives the last field. */
Type *ast_type_from_object(Parser *P, Token *module, Token *object, Vec *path)
{
    Type *t = ast_type_field(P, ast_type_ref(P, module, object, NULL), path);
    Type *ref = t->field_class;
    ref->nfield_path = t->nfield_path;
    ref->field_path = t->field_path;
    return ref;
}

/* X.680 31.3: the type an encoding prefix stands before; the instructions
 * (X.693 XER, X.692 ECN) do not change BER/DER, and asn1cc does not apply
 * them. Noted once per file read, not per re-parse of a range. */
Type *ast_type_encoding_prefixed(Parser *P, Token *encoding, Type *t)
{
    if (P->start_token == START_MODULES)
        diag_note(encoding->loc, "the %.*s encoding instructions of this prefix are not applied", encoding->len,
                  encoding->text);
    return t;
}

Type *ast_type_selection(Parser *P, Token *name, Type *inner)
{
    Type *t = ast_type(P, TY_SELECTION, name->loc);
    t->sel_name = tok_str(P, name);
    t->inner = inner;
    return t;
}

NamedNumber *ast_named_number(Parser *P, Token *name, Value *v, bool is_extension)
{
    NamedNumber *nn = NEW(NamedNumber);
    nn->loc = name->loc;
    /* An ENUMERATED "..." item carries no name; its value is the exception. */
    nn->name = is_extension ? NULL : tok_str(P, name);
    nn->value = v;
    nn->is_extension = is_extension;
    return nn;
}

CompItem *ast_citem_comp(Parser *P, Component *c)
{
    CompItem *it = NEW(CompItem);
    it->kind = CI_COMP;
    it->loc = c->loc;
    it->comp = c;
    return it;
}

CompItem *ast_citem_ellipsis(Parser *P, Token *tok, Value *exception)
{
    CompItem *it = NEW(CompItem);
    it->kind = CI_ELLIPSIS;
    it->loc = tok->loc;
    it->exception = exception;
    return it;
}

CompItem *ast_citem_group(Parser *P, Token *tok, Value *version, Vec *items)
{
    CompItem *it = NEW(CompItem);
    it->kind = CI_GROUP;
    it->loc = tok->loc;
    it->version = version;
    it->items = items;
    return it;
}

Component *ast_component(Parser *P, Token *name, Type *t, bool optional, Value *def)
{
    Component *c = NEW(Component);
    c->loc = name->loc;
    c->name = tok_str(P, name);
    c->type = t;
    c->optional = optional;
    c->default_value = def;
    return c;
}

/* X.208 (1988) NamedType: an element may omit its identifier (RFC 3416's
 * VarBind does). X.680:1994 removed that form; the element is named after
 * its type -- "objectSyntax" for ObjectSyntax, "choice" for a CHOICE -- and
 * the name is announced, since users will meet it in C. */
Component *ast_component_unnamed(Parser *P, Type *t, bool optional, Value *def)
{
    const Type *u = t;
    while (u->kind == TY_TAGGED && u->inner)
        u = u->inner;
    const char *src = u->kind == TY_REF ? u->ref_name
                      : u->kind == TY_STRING ? ast_string_kind_name(u->str_kind)
                                             : ast_type_kind_name(u->kind);
    char *name = arena_printf(P->a, "%s", src);
    bool all_upper = true;
    for (const char *q = name; *q; q++)
        all_upper &= !(*q >= 'a' && *q <= 'z');
    for (char *q = name; *q; q++) {
        if (*q == ' ')
            *q = '-';
        else if (*q >= 'A' && *q <= 'Z' && (q == name || all_upper))
            *q = (char)(*q - 'A' + 'a');
    }
    Component *c = NEW(Component);
    c->loc = t->loc;
    c->name = name;
    c->type = t;
    c->optional = optional;
    c->default_value = def;
    if (P->start_token == START_MODULES && diag_warning_enabled("unnamed-component"))
        diag(DIAG_WARNING, t->loc,
             "element without an identifier (X.208 syntax, removed in 1994); it is named '%s' [-Wunnamed-component]",
             name);
    return c;
}

Component *ast_components_of(Parser *P, Loc loc, Type *t)
{
    Component *c = NEW(Component);
    c->loc = loc;
    c->type = t;
    c->components_of = true;
    return c;
}

ClassField *ast_field(Parser *P, Token *name, FieldKind k, Type *t, Token *type_field,
                      bool unique, bool optional, Type *default_type, Value *default_value)
{
    ClassField *f = NEW(ClassField);
    f->loc = name->loc;
    f->name = tok_str(P, name);
    f->kind = k;
    f->type = t;
    if (type_field)
        f->type_field = tok_str(P, type_field);
    f->unique = unique;
    f->optional = optional;
    f->default_type = default_type;
    if (k == FK_FIXED_VALUE_SET && default_value)
        f->default_set = default_value->braced;
    else
        f->default_value = default_value;
    return f;
}

SyntaxItem *ast_syntax(Parser *P, int kind, Token *tok, Vec *items)
{
    SyntaxItem *s = NEW(SyntaxItem);
    s->loc = tok->loc;
    s->kind = kind;
    s->text = tok_str(P, tok);
    s->items = vec_finish(items, &s->nitems);
    return s;
}

/* ------------------------------------------------------------ constraints */

static Constraint *new_cons(Parser *P, ConstraintKind k, Loc loc)
{
    Constraint *c = NEW(Constraint);
    c->kind = k;
    c->loc = loc;
    return c;
}

Constraint *ast_cons_exception(Parser *P, Constraint *c, Value *exception)
{
    (void)P;
    c->exception = exception;
    return c;
}

Constraint *ast_cons_braced(Parser *P, ConstraintKind k, Loc loc, Value *braced, Value *relation)
{
    Constraint *c = new_cons(P, k, loc);
    c->braced = braced->braced;
    if (relation)
        c->relation = relation->braced;
    return c;
}

Constraint *ast_cons_op(Parser *P, ConstraintKind k, Loc loc, Constraint *a, Constraint *b)
{
    Constraint *c = new_cons(P, k, loc);
    c->sub = a;
    c->sub2 = b;
    return c;
}

Constraint *ast_cons_relation(Parser *P, Value *set, Value *relation)
{
    return ast_cons_braced(P, C_RELATION, set->loc, set, relation);
}

Constraint *ast_cons_value(Parser *P, Value *v)
{
    Constraint *c = new_cons(P, v->kind == V_BRACED ? C_BRACED : C_SINGLE_VALUE, v->loc);
    c->lo = v;
    if (v->kind == V_BRACED)
        c->braced = v->braced;
    return c;
}

Constraint *ast_endpoint(Parser *P, Value *v, bool open)
{
    Constraint *c = new_cons(P, C_SINGLE_VALUE, v ? v->loc : (Loc){0});
    c->lo = v;
    c->lo_open = open;
    return c;
}

Constraint *ast_cons_range(Parser *P, Loc loc, Constraint *lo, Constraint *hi)
{
    Constraint *c = new_cons(P, C_RANGE, lo->lo ? lo->loc : loc);
    c->lo = lo->lo;
    c->lo_open = lo->lo_open;
    c->hi = hi->lo;
    c->hi_open = hi->lo_open;
    return c;
}

Constraint *ast_cons_size(Parser *P, Loc loc, Constraint *inner)
{
    return ast_cons_op(P, C_SIZE, loc, inner, NULL);
}

Constraint *ast_cons_type(Parser *P, ConstraintKind k, Loc loc, Type *t, Value *v)
{
    Constraint *c = new_cons(P, k, loc);
    c->type = t;
    c->value = v;
    return c;
}

/* X.680 51.10 PropertySettings: the settings string, kept as a cstring. */
Constraint *ast_cons_settings(Parser *P, Loc loc, Token *settings)
{
    return ast_cons_type(P, C_SETTINGS, loc, NULL, ast_value_text(P, V_CSTRING, settings));
}

Constraint *ast_cons_components(Parser *P, Loc loc, bool partial, Vec *named)
{
    Constraint *c = new_cons(P, C_WITH_COMPONENTS, loc);
    c->partial = partial;
    c->named = vec_finish(named, &c->nnamed);
    return c;
}

NamedConstraint *ast_named_constraint(Parser *P, Token *name, Constraint *c, int presence)
{
    NamedConstraint *nc = NEW(NamedConstraint);
    nc->loc = name->loc;
    nc->name = tok_str(P, name);
    nc->value_constraint = c;
    nc->presence = presence;
    return nc;
}

/* ------------------------------------------------------------ values */

bool parse_number(const char *text, int len, AsnInt *out)
{
    bool neg = len > 0 && text[0] == '-';
    AsnUInt v = 0;
    const AsnUInt limit = ((AsnUInt)1 << 127); /* |min| of AsnInt */
    for (int i = neg ? 1 : 0; i < len; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        if (v > (limit - d) / 10)
            return false;
        v = v * 10 + d;
    }
    if (!neg && v > limit - 1)
        return false;
    *out = neg ? (AsnInt)(0 - v) : (AsnInt)v;
    return true;
}

bool parse_unsigned(const char *text, int len, AsnUInt *out)
{
    AsnUInt v = 0;
    const AsnUInt max = ~(AsnUInt)0;
    for (int i = 0; i < len; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        if (d > 9 || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

Value *ast_value_number(Parser *P, Token *tok)
{
    Value *v = ast_new_value(P->a, V_INTEGER, tok->loc);
    v->text = tok_str(P, tok);
    if (!parse_number(tok->text, tok->len, &v->ival) && tok->text[0] != '-' &&
        parse_unsigned(tok->text, tok->len, &v->uval)) {
        /* Only an upper range bound may be this large (u128 ranges). */
        v->big = true;
        v->ival = (AsnInt)(((AsnUInt)1 << 127) - 1);
    } else if (!parse_number(tok->text, tok->len, &v->ival)) {
        /* Not a syntax error: parsing goes on and sema still reports. */
        diag(DIAG_ERROR, tok->loc, "number does not fit in 128 bits (the limit of asn1cc)");
    }
    return v;
}

/* bstring/hstring: the digits alone; cstring: the characters, with "" undoubled
 * and line breaks plus their surrounding blanks removed (X.680 12.14). */
Value *ast_value_text(Parser *P, ValueKind k, Token *tok)
{
    Value *v = ast_new_value(P->a, k, tok->loc);
    char *buf = arena_alloc(P->a, (size_t)tok->len + 1);
    size_t n = 0;
    if (k == V_BSTRING || k == V_HSTRING) {
        for (int i = 1; i < tok->len - 2; i++)
            if (!strchr(" \t\r\n\v\f", tok->text[i]))
                buf[n++] = tok->text[i];
    } else if (k == V_CSTRING) {
        const char *s = tok->text + 1, *e = tok->text + tok->len - 1;
        while (s < e) {
            if (*s == '"' && s + 1 < e && s[1] == '"') {
                buf[n++] = '"';
                s += 2;
            } else if (*s == '\n' || *s == '\r') {
                while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
                    n--;
                while (s < e && strchr(" \t\r\n", *s))
                    s++;
            } else {
                buf[n++] = *s++;
            }
        }
    } else {
        memcpy(buf, tok->text, (size_t)tok->len);
        n = (size_t)tok->len;
    }
    buf[n] = '\0';
    v->text = buf;
    v->nbytes = n;
    return v;
}

Value *ast_value_bool(Parser *P, Loc loc, bool b)
{
    Value *v = ast_new_value(P->a, V_BOOLEAN, loc);
    v->bval = b;
    return v;
}

Value *ast_value_simple(Parser *P, ValueKind k, Loc loc)
{
    return ast_new_value(P->a, k, loc);
}

Value *ast_value_ref(Parser *P, Token *module, Token *name)
{
    Value *v = ast_new_value(P->a, V_REF, module ? module->loc : name->loc);
    if (module)
        v->ref_module = tok_str(P, module);
    v->ref_name = tok_str(P, name);
    return v;
}

Value *ast_value_from_object(Parser *P, Token *module, Token *object, Vec *path)
{
    Value *v = ast_value_ref(P, module, object);
    v->kind = V_FROM_OBJECT;
    v->nfields = path->len;
    v->fields = arena_alloc(P->a, sizeof(char *) * (size_t)path->len);
    v->field_locs = arena_alloc(P->a, sizeof(Loc) * (size_t)path->len);
    for (int i = 0; i < path->len; i++) {
        v->fields[i] = tok_str(P, path->items[i]);
        v->field_locs[i] = ((Token *)path->items[i])->loc;
    }
    return v;
}

Value *ast_value_param_ref(Parser *P, Token *name, Value *actuals)
{
    Value *v = ast_new_value(P->a, V_PARAM_REF, name->loc);
    v->ref_name = tok_str(P, name);
    v->nactuals = tokrange_split(P->a, actuals->braced, &v->actuals);
    return v;
}

Value *ast_value_containing(Parser *P, Loc loc, Value *inner)
{
    Value *v = ast_new_value(P->a, V_CONTAINING, loc);
    v->inner = inner;
    return v;
}

Value *ast_value_open(Parser *P, Type *t, Value *inner)
{
    Value *v = ast_new_value(P->a, V_OPEN_TYPE, t->loc);
    v->open_type = t;
    v->inner = inner;
    return v;
}

Value *ast_value_choice(Parser *P, Token *name, Value *inner)
{
    Value *v = ast_new_value(P->a, V_CHOICE, name->loc);
    v->alt_name = tok_str(P, name);
    v->inner = inner;
    return v;
}

Value *ast_value_braced(Parser *P, Token *lbrace, Token *rbrace)
{
    Value *v = ast_new_value(P->a, V_BRACED, lbrace->loc);
    const Token *base = P->ta->toks;
    v->braced = (TokRange){P->ta, (int)(lbrace - base) + 1, (int)(rbrace - base), lbrace->loc};
    return v;
}

/* ------------------------------------------------------------ names */

const char *ast_type_kind_name(TypeKind k)
{
    static const char *const names[] = {
        [TY_BOOLEAN] = "BOOLEAN", [TY_INTEGER] = "INTEGER", [TY_ENUMERATED] = "ENUMERATED",
        [TY_REAL] = "REAL", [TY_BIT_STRING] = "BIT STRING", [TY_OCTET_STRING] = "OCTET STRING",
        [TY_NULL] = "NULL", [TY_OID] = "OBJECT IDENTIFIER", [TY_RELATIVE_OID] = "RELATIVE-OID",
        [TY_OID_IRI] = "OID-IRI", [TY_RELATIVE_OID_IRI] = "RELATIVE-OID-IRI",
        [TY_STRING] = "STRING", [TY_UTC_TIME] = "UTCTime", [TY_GENERALIZED_TIME] = "GeneralizedTime",
        [TY_DATE] = "DATE", [TY_TIME_OF_DAY] = "TIME-OF-DAY", [TY_DATE_TIME] = "DATE-TIME",
        [TY_DURATION] = "DURATION", [TY_TIME] = "TIME", [TY_SEQUENCE] = "SEQUENCE",
        [TY_SET] = "SET", [TY_CHOICE] = "CHOICE", [TY_SEQUENCE_OF] = "SEQUENCE OF",
        [TY_SET_OF] = "SET OF", [TY_ANY] = "ANY", [TY_OPEN] = "OPEN TYPE",
        [TY_EXTERNAL] = "EXTERNAL", [TY_EMBEDDED_PDV] = "EMBEDDED PDV",
        [TY_CHARACTER_STRING] = "CHARACTER STRING", [TY_INSTANCE_OF] = "INSTANCE OF",
        [TY_TAGGED] = "TAGGED", [TY_REF] = "REF", [TY_SELECTION] = "SELECTION",
        [TY_FIELD] = "FIELD", [TY_CLASS] = "CLASS", [TY_TYPE_IDENTIFIER] = "TYPE-IDENTIFIER",
        [TY_ABSTRACT_SYNTAX] = "ABSTRACT-SYNTAX",
    };
    return (unsigned)k < sizeof names / sizeof names[0] && names[k] ? names[k] : "?";
}

const char *ast_string_kind_name(StringKind k)
{
    static const char *const names[] = {
        [STR_BMP] = "BMPString", [STR_GENERAL] = "GeneralString", [STR_GRAPHIC] = "GraphicString",
        [STR_IA5] = "IA5String", [STR_ISO646] = "ISO646String", [STR_NUMERIC] = "NumericString",
        [STR_PRINTABLE] = "PrintableString", [STR_TELETEX] = "TeletexString", [STR_T61] = "T61String",
        [STR_UNIVERSAL] = "UniversalString", [STR_UTF8] = "UTF8String",
        [STR_VIDEOTEX] = "VideotexString", [STR_VISIBLE] = "VisibleString",
        [STR_OBJECT_DESCRIPTOR] = "ObjectDescriptor",
    };
    return (unsigned)k < sizeof names / sizeof names[0] && names[k] ? names[k] : "?";
}

const char *asn_int_str(char buf[48], AsnInt v)
{
    char tmp[48];
    int n = 0;
    AsnUInt u = v < 0 ? (AsnUInt)0 - (AsnUInt)v : (AsnUInt)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int i = 0;
    if (v < 0)
        buf[i++] = '-';
    while (n)
        buf[i++] = tmp[--n];
    buf[i] = '\0';
    return buf;
}

/* ------------------------------------------------------------ dump */

/* The --dump-ast format: one node per line, children indented by two
 * spaces; "key=value" attributes in a fixed order; locations as @line:col.
 * Only resolved facts are printed, so golden tests pin sema's decisions. */

static void dump_indent(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputs("  ", out);
}

static const char *tag_class_name(TagClass c)
{
    switch (c) {
    case TAG_UNIVERSAL: return "UNIVERSAL ";
    case TAG_APPLICATION: return "APPLICATION ";
    case TAG_PRIVATE: return "PRIVATE ";
    case TAG_CONTEXT: return "";
    }
    return "";
}

static void dump_range(FILE *out, const char *key, const Range *r)
{
    char a[48], b[48];
    if (!r->present)
        return;
    const char *hi = r->has_hi ? asn_int_str(b, r->hi) : "MAX";
    if (r->has_hi && r->hi_above) {
        /* Print the exact unsigned bound. */
        char tmp[48];
        int n = 0;
        AsnUInt u = r->hi_u;
        do {
            tmp[n++] = (char)('0' + (int)(u % 10));
            u /= 10;
        } while (u);
        int i = 0;
        while (n)
            b[i++] = tmp[--n];
        b[i] = '\0';
        hi = b;
    }
    fprintf(out, " %s=%s..%s%s", key, r->has_lo ? asn_int_str(a, r->lo) : "MIN", hi,
            r->extensible ? ",..." : "");
}

static void dump_value_inline(FILE *out, const Value *v);

static void dump_tokens(FILE *out, TokRange r)
{
    fputc('{', out);
    for (int i = r.begin; i < r.end; i++)
        fprintf(out, " %.*s", r.ta->toks[i].len, r.ta->toks[i].text);
    fputs(" }", out);
}

static void dump_value_inline(FILE *out, const Value *v)
{
    char buf[48];
    if (!v) {
        fputs("?", out);
        return;
    }
    if (v->eval && v->eval != v) {
        dump_value_inline(out, v->eval);
        return;
    }
    switch (v->kind) {
    case V_INTEGER:
        if (v->big)
            fputs(v->text, out);     /* above AsnInt: the digits as written */
        else
            fputs(asn_int_str(buf, v->ival), out);
        break;
    case V_REAL: fputs(v->text, out); break;
    case V_BOOLEAN: fputs(v->bval ? "TRUE" : "FALSE", out); break;
    case V_NULL: fputs("NULL", out); break;
    case V_BSTRING: fprintf(out, "'%s'B", v->text); break;
    case V_HSTRING: fprintf(out, "'%s'H", v->text); break;
    case V_CSTRING:
        fputc('"', out);
        for (const char *p = v->text; *p; p++)
            fputs(*p == '"' ? "\"\"" : (char[]){*p, 0}, out);
        fputc('"', out);
        break;
    case V_REF: fprintf(out, "%s%s%s", v->ref_module ? v->ref_module : "", v->ref_module ? "." : "", v->ref_name); break;
    case V_CHOICE: fprintf(out, "%s: ", v->alt_name); dump_value_inline(out, v->inner); break;
    case V_OPEN_TYPE:
        if (v->open_type->kind == TY_REF)
            fprintf(out, "%s%s%s : ", v->open_type->ref_module ? v->open_type->ref_module : "",
                    v->open_type->ref_module ? "." : "", v->open_type->ref_name);
        else
            fprintf(out, "%s : ", v->open_type->kind == TY_STRING ? ast_string_kind_name(v->open_type->str_kind)
                                                                  : ast_type_kind_name(v->open_type->kind));
        dump_value_inline(out, v->inner);
        break;
    case V_BRACED: dump_tokens(out, v->braced); break;
    case V_PLUS_INF: fputs("PLUS-INFINITY", out); break;
    case V_MINUS_INF: fputs("MINUS-INFINITY", out); break;
    case V_NAN: fputs("NOT-A-NUMBER", out); break;
    case V_PARAM_REF: fprintf(out, "%s{...}", v->ref_name); break;
    case V_CONTAINING:
        fputs("CONTAINING ", out);
        dump_value_inline(out, v->inner->eval ? v->inner->eval : v->inner);
        break;
    case V_FROM_OBJECT:
        fprintf(out, "%s%s%s", v->ref_module ? v->ref_module : "", v->ref_module ? "." : "", v->ref_name);
        for (int i = 0; i < v->nfields; i++)
            fprintf(out, ".%s", v->fields[i]);
        break;
    case V_OID:
        fputc('{', out);
        for (int i = 0; i < v->narcs; i++)
            fprintf(out, " %s", asn_int_str(buf, v->arcs[i]));
        fputs(" }", out);
        break;
    case V_BITS:
        fputc('\'', out);
        for (size_t i = 0; i < v->nbits; i++)
            fputc(v->bytes[i / 8] & (0x80 >> (i % 8)) ? '1' : '0', out);
        fputs("'B", out);
        break;
    case V_OCTETS:
        fputc('\'', out);
        for (size_t i = 0; i < v->nbytes; i++)
            fprintf(out, "%02X", v->bytes[i]);
        fputs("'H", out);
        break;
    case V_ENUM: fprintf(out, "%s(%s)", v->text, asn_int_str(buf, v->ival)); break;
    case V_SEQUENCE:
        fputc('{', out);
        for (int i = 0; i < v->nitems; i++) {
            fprintf(out, "%s %s ", i ? "," : "", v->item_names[i]);
            dump_value_inline(out, v->items[i]);
        }
        fputs(" }", out);
        break;
    case V_SEQUENCE_OF:
        fputc('{', out);
        for (int i = 0; i < v->nitems; i++) {
            fputs(i ? ", " : " ", out);
            dump_value_inline(out, v->items[i]);
        }
        fputs(" }", out);
        break;
    case V_QUADRUPLE: fputs("{quadruple}", out); break;
    }
}

/* Constraints as notation rebuilt from the tree, so golden tests pin how
 * they were parsed (grouping, extensibility, every kind of element). */
static void dump_constraint(FILE *out, const Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING) {
        fputs("?", out);
        return;
    }
    switch (c->kind) {
    case C_SINGLE_VALUE:
        dump_value_inline(out, c->lo);
        break;
    case C_RANGE:
        if (c->lo)
            dump_value_inline(out, c->lo);
        else
            fputs("MIN", out);
        fprintf(out, "%s..%s", c->lo_open ? "<" : "", c->hi_open ? "<" : "");
        if (c->hi)
            dump_value_inline(out, c->hi);
        else
            fputs("MAX", out);
        break;
    case C_SIZE:
    case C_FROM:
    case C_WITH_COMPONENT:
        fputs(c->kind == C_SIZE ? "SIZE(" : c->kind == C_FROM ? "FROM(" : "WITH COMPONENT(", out);
        dump_constraint(out, c->sub, depth + 1);
        fputc(')', out);
        break;
    case C_TYPE:
        fputs("INCLUDES ", out);
        fputs(c->type && c->type->kind == TY_REF ? c->type->ref_name
              : c->type && c->type->kind == TY_STRING ? ast_string_kind_name(c->type->str_kind)
              : c->type ? ast_type_kind_name(c->type->kind) : "?", out);
        break;
    case C_PATTERN:
        fputs("PATTERN ", out);
        dump_value_inline(out, c->value);
        break;
    case C_SETTINGS:
        fputs("SETTINGS ", out);
        dump_value_inline(out, c->value);
        break;
    case C_CONTAINING:
        fprintf(out, "CONTAINING %s", c->type && c->type->kind == TY_REF ? c->type->ref_name
                                       : c->type ? ast_type_kind_name(c->type->kind) : "?");
        if (c->value) {
            fputs(" ENCODED BY ", out);
            dump_value_inline(out, c->value);
        }
        break;
    case C_ENCODED_BY:
        fputs("ENCODED BY ", out);
        dump_value_inline(out, c->value);
        break;
    case C_WITH_COMPONENTS:
        fputs("WITH COMPONENTS {", out);
        if (c->partial)
            fputs(" ...,", out);
        for (int i = 0; i < c->nnamed; i++) {
            const NamedConstraint *nc = c->named[i];
            fprintf(out, "%s %s", i ? "," : "", nc->name);
            if (nc->value_constraint) {
                fputc('(', out);
                dump_constraint(out, nc->value_constraint, depth + 1);
                fputc(')', out);
            }
            static const char *const pres[] = {"", " PRESENT", " ABSENT", " OPTIONAL"};
            fputs(pres[nc->presence], out);
        }
        fputs(" }", out);
        break;
    case C_UNION:
    case C_INTERSECTION:
    case C_EXCEPT:
        fputc('(', out);
        dump_constraint(out, c->sub, depth + 1);
        fputs(c->kind == C_UNION ? " | " : c->kind == C_INTERSECTION ? " ^ " : " EXCEPT ", out);
        dump_constraint(out, c->sub2, depth + 1);
        fputc(')', out);
        break;
    case C_ALL_EXCEPT:
        fputs("ALL EXCEPT ", out);
        dump_constraint(out, c->sub, depth + 1);
        break;
    case C_EXTENSIBLE:
        if (c->sub) {
            dump_constraint(out, c->sub, depth + 1);
            fputs(", ", out);
        }
        fputs("...", out);
        if (c->sub2) {
            fputs(", ", out);
            dump_constraint(out, c->sub2, depth + 1);
        }
        break;
    case C_BRACED:
        dump_tokens(out, c->braced);
        break;
    case C_RELATION:
        dump_tokens(out, c->braced);
        dump_tokens(out, c->relation);
        break;
    case C_USER:
        fputs("CONSTRAINED BY ", out);
        dump_tokens(out, c->braced);
        break;
    }
    if (c->exception) {
        fputs(" ! ", out);
        dump_value_inline(out, c->exception);
    }
}

static void dump_tags(FILE *out, const Type *t)
{
    if (!t->ntags)
        return;
    fputs(" tags=", out);
    for (int i = 0; i < t->ntags; i++)
        fprintf(out, "[%s%u]%s", tag_class_name(t->tags[i].cls), t->tags[i].number,
                t->tags[i].explicit_wrap ? "E" : "");
}

static void dump_type(FILE *out, const Type *t, int ind);

static void dump_named(FILE *out, const Type *t)
{
    char buf[48];
    if (!t->nnamed && !t->enum_extensible)
        return;
    fputs(" {", out);
    bool ext = false;
    for (int i = 0; i < t->nnamed; i++) {
        const NamedNumber *nn = t->named[i];
        if (nn->is_extension && !ext) {
            fputs(i ? ", ..." : " ...", out);
            ext = true;
        }
        fprintf(out, "%s %s(%s)", i || ext ? "," : "", nn->name, asn_int_str(buf, nn->number));
    }
    if (t->enum_extensible && !ext)
        fputs(t->nnamed ? ", ..." : " ...", out);
    fputs(" }", out);
}

static void dump_component(FILE *out, const Component *c, int ind)
{
    dump_indent(out, ind);
    fprintf(out, "%s @%d:%d", c->name ? c->name : "COMPONENTS OF", c->loc.line, c->loc.col);
    if (c->optional)
        fputs(" OPTIONAL", out);
    if (c->default_value) {
        fputs(" DEFAULT ", out);
        dump_value_inline(out, c->default_value);
    }
    if (c->is_extension)
        fputs(" extension", out);
    if (c->ext_group)
        fprintf(out, " group=%d", c->ext_group);
    if (c->group_version) {
        fputs(" version=", out);
        dump_value_inline(out, c->group_version);
    }
    if (c->from_components_of)
        fputs(" from-components-of", out);
    fputc('\n', out);
    dump_type(out, c->type, ind + 1);
}

static void dump_type(FILE *out, const Type *t, int ind)
{
    dump_indent(out, ind);
    if (!t) {
        fputs("(null)\n", out);
        return;
    }
    if (t->kind == TY_STRING)
        fputs(ast_string_kind_name(t->str_kind), out);
    else
        fputs(ast_type_kind_name(t->kind), out);
    switch (t->kind) {
    case TY_REF:
        fprintf(out, " %s%s%s", t->ref_module ? t->ref_module : "", t->ref_module ? "." : "", t->ref_name);
        if (t->nref_actuals)
            fputs("{...}", out);
        for (int i = 0; i < t->nfield_path; i++)
            fprintf(out, ".%s", t->field_path[i]);
        if (t->nfield_path)
            fputs(t->inner ? " -> object field" : "", out);
        else if (t->ref_assign)
            fprintf(out, " -> %s.%s", t->ref_assign->module->name, t->ref_assign->name);
        else if (t->inner && t->macro_use)
            fputs(" -> macro value notation", out);
        else if (t->inner)
            fputs(" -> parameter", out);
        break;
    case TY_TAGGED:
        fprintf(out, " [%s", tag_class_name(t->tag.cls));
        dump_value_inline(out, t->tag.number);
        fprintf(out, "]%s", t->tag.mode == TAGMODE_IMPLICIT ? " IMPLICIT" : t->tag.mode == TAGMODE_EXPLICIT ? " EXPLICIT" : "");
        break;
    case TY_SELECTION: fprintf(out, " %s", t->sel_name); break;
    case TY_FIELD:
        fputc(' ', out);
        for (int i = 0; i < t->nfield_path; i++)
            fprintf(out, "%s%s", i ? "." : "", t->field_path[i]);
        break;
    case TY_ANY:
        if (t->any_defined_by)
            fprintf(out, " DEFINED BY %s", t->any_defined_by);
        break;
    default:
        break;
    }
    if (t->base && t->base != t) {
        const Type *b = t->base;
        fprintf(out, " base=%s", b->kind == TY_STRING ? ast_string_kind_name(b->str_kind) : ast_type_kind_name(b->kind));
    }
    dump_tags(out, t);
    for (const Constraint *c = t->constraints; c; c = c->next_serial) {
        fputs(" (", out);
        dump_constraint(out, c, 0);
        fputc(')', out);
    }
    dump_range(out, "value", &t->value_range);
    dump_range(out, "size", &t->size_range);
    if (t->has_alphabet) {
        /* Runs of permitted characters: "0-9a-z" */
        fputs(" alphabet=\"", out);
        for (int ch = 0; ch < 128; ch++) {
            if (!alphabet_has(t->alphabet, (unsigned)ch))
                continue;
            int end = (int)alphabet_run_end(t->alphabet, (unsigned)ch);
            for (int k = 0; k < (end > ch + 1 ? 2 : end - ch + 1); k++) {
                int c = k == 0 ? ch : end;
                if (k == 1 && end > ch + 1)
                    fputc('-', out);
                if (c >= 32 && c < 127 && c != '"' && c != '\\' && c != '-')
                    fputc(c, out);
                else
                    fprintf(out, "\\x%02X", (unsigned)c);
            }
            ch = end;
        }
        fputc('"', out);
    }
    if ((t->kind == TY_SEQUENCE || t->kind == TY_SET || t->kind == TY_CHOICE) && t->extensible)
        fputs(" extensible", out);
    if (t->recursive)
        fputs(" recursive", out);
    if (t->table_set)
        fprintf(out, " table=%s%s%s", t->table_set->name, t->table_at ? " @" : "", t->table_at ? t->table_at : "");
    if (t->kind == TY_INTEGER || t->kind == TY_ENUMERATED || t->kind == TY_BIT_STRING)
        dump_named(out, t);
    if (t->elem_name)
        fprintf(out, " item=%s", t->elem_name);
    fputc('\n', out);
    switch (t->kind) {
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++)
            dump_component(out, t->comps[i], ind + 1);
        break;
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
    case TY_TAGGED:
    case TY_SELECTION:
        dump_type(out, t->inner, ind + 1);
        break;
    case TY_CLASS:
        for (int i = 0; i < t->cls->nfields; i++) {
            const ClassField *f = t->cls->fields[i];
            dump_indent(out, ind + 1);
            static const char *const fk[] = {"type", "value", "variable-value", "value-set",
                                             "variable-value-set", "object", "object-set"};
            fprintf(out, "field %s %s%s%s\n", f->name, fk[f->kind], f->unique ? " UNIQUE" : "",
                    f->optional ? " OPTIONAL" : f->default_type || f->default_value || f->default_set.ta ? " DEFAULT" : "");
            if (f->type)
                dump_type(out, f->type, ind + 2);
        }
        break;
    default:
        break;
    }
}

static void dump_object(FILE *out, const Object *o, int ind)
{
    for (int i = 0; i < o->nsettings; i++) {
        const FieldSetting *fs = o->settings[i];
        if (!fs)
            continue;
        dump_indent(out, ind);
        fprintf(out, "%s =", fs->field->name);
        if (fs->value) {
            fputc(' ', out);
            dump_value_inline(out, fs->value);
            fputc('\n', out);
        } else if (fs->type) {
            fputc('\n', out);
            dump_type(out, fs->type, ind + 1);
        } else {
            fputc(' ', out);
            dump_tokens(out, fs->set);
            fputc('\n', out);
        }
    }
}

static const char *assign_kind_name(AssignKind k)
{
    switch (k) {
    case A_TYPE: return "type";
    case A_VALUE: return "value";
    case A_VALUE_SET: return "valueset";
    case A_CLASS: return "class";
    case A_OBJECT: return "object";
    case A_OBJECT_SET: return "objectset";
    case A_MACRO: return "macro";
    }
    return "?";
}

void ast_dump(FILE *out, const Compilation *c)
{
    static const char *const tagdef[] = {"EXPLICIT", "IMPLICIT", "AUTOMATIC"};
    for (int i = 0; i < c->nmodules; i++) {
        const Module *m = c->modules[i];
        if (!m->from_cmdline)
            continue;
        fprintf(out, "module %s @%d:%d tags=%s%s", m->name, m->loc.line, m->loc.col,
                tagdef[m->tag_default], m->extensibility_implied ? " extensibility-implied" : "");
        if (m->oid) {
            fputs(" oid=", out);
            dump_value_inline(out, m->oid);
        }
        fputs(m->exports_all ? " exports=ALL\n" : "\n", out);
        if (!m->exports_all) {
            fputs("  exports", out);
            for (int j = 0; j < m->nexports; j++)
                fprintf(out, " %s", m->exports[j]->name);
            fputc('\n', out);
        }
        for (int j = 0; j < m->nimports; j++) {
            const Import *im = m->imports[j];
            fprintf(out, "  import from %s:", im->module_name);
            for (int k = 0; k < im->nsymbols; k++)
                fprintf(out, " %s", im->symbols[k]->name);
            fputc('\n', out);
        }
        int total = m->nassigns + c->ninstances;
        for (int j = 0; j < total; j++) {
            const Assignment *as = j < m->nassigns ? m->assigns[j] : c->instances[j - m->nassigns];
            if (j >= m->nassigns && as->module != m)
                continue;
            fprintf(out, "  %s%s %s", j >= m->nassigns ? "instance " : "", assign_kind_name(as->kind), as->name);
            if (as->nparams) {
                fputc('{', out);
                for (int k = 0; k < as->nparams; k++)
                    fprintf(out, "%s%s", k ? ", " : "", as->params[k]->name);
                fputc('}', out);
            }
            fprintf(out, " @%d:%d", as->loc.line, as->loc.col);
            switch (as->kind) {
            case A_VALUE:
            case A_OBJECT:
                fputs(" = ", out);
                dump_value_inline(out, as->value);
                fputc('\n', out);
                if (as->type)
                    dump_type(out, as->type, 2);
                if (as->object)
                    dump_object(out, as->object, 2);
                break;
            case A_VALUE_SET:
            case A_OBJECT_SET:
                fputs(" = ", out);
                dump_tokens(out, as->set);
                fputc('\n', out);
                if (as->type)
                    dump_type(out, as->type, 2);
                if (as->kind == A_OBJECT_SET) {
                    dump_indent(out, 2);
                    fprintf(out, "objects (%d)%s\n", as->nobjects, as->objects_extensible ? " extensible" : "");
                    for (int k = 0; k < as->nobjects; k++) {
                        const Object *o = as->objects[k];
                        dump_indent(out, 3);
                        fprintf(out, "%s\n", o->assign ? o->assign->name : "(inline)");
                        if (!o->assign)
                            dump_object(out, o, 4);
                    }
                }
                break;
            case A_TYPE:
            case A_CLASS:
                fputc('\n', out);
                if (!as->nparams)
                    dump_type(out, as->type, 2);
                break;
            case A_MACRO:
                if (as->rhs.end > as->rhs.begin) {
                    fputs(" value-notation ", out);
                    dump_tokens(out, as->rhs);
                }
                fputc('\n', out);
                break;
            }
        }
    }
}
