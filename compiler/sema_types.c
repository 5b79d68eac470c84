/* sema_types.c — types: binds references, computes each node's base type,
 * expands COMPONENTS OF, applies AUTOMATIC tagging (X.680 25.3), computes the
 * wire tag chain (X.680 31), folds constraints into effective value and SIZE
 * ranges (X.680 49-51), and resolves class fields (X.681 14). */
#include "asn1cc.h"

#include <string.h>

enum {
    F_RESOLVED = 1 << 0,
    F_BASE = 1 << 1, F_BASE_BUSY = 1 << 2,
    F_EXPANDED = 1 << 3, F_EXPAND_BUSY = 1 << 4,
    F_TAGS = 1 << 5, F_TAGS_BUSY = 1 << 6,
    F_RANGE = 1 << 7, F_RANGE_BUSY = 1 << 8,
    F_AUTOTAG = 1 << 9,      /* TY_TAGGED made by automatic tagging */
    F_FINISHED = 1 << 10,
    F_BROKEN = 1 << 11,      /* an error was reported for this node */
    F_NAMED = 1 << 12,
    F_ALPHABET = 1 << 13,
};

static void resolve_constraint(Sema *S, Module *m, Env *env, Constraint *c, int depth);
static void check_type(Sema *S, Type *t, int depth);

/* The type of an X.208 macro's values, parsed from its VALUE NOTATION when
 * an instance first needs it (notations of unused macros may name their
 * own productions, which are not types); NULL when it gives none. */
static Type *macro_value_type(Sema *S, Assignment *as)
{
    if (!as->macro_parsed) {
        as->macro_parsed = true;
        if (as->rhs.end > as->rhs.begin) {
            as->type = parse_type_range(S->c, as->rhs);
            if (as->type) {
                sema_resolve_type(S, as->module, NULL, as->type);
                sema_finish_type(S, as->type);
            }
        }
    }
    return as->type;
}

/* ------------------------------------------------------------ binding */

static void resolve_ref(Sema *S, Module *m, Env *env, Type *t)
{
    int pi = t->ref_module ? -1 : sema_param_index(env, t->ref_name);
    if (pi >= 0) {
        Param *p = env->def->params[pi];
        if (t->nref_actuals)
            diag(DIAG_ERROR, t->loc, "parameter '%s' takes no actual parameters", p->name);
        if (p->governor) {
            /* A value set parameter used as a type: its governor. */
            t->inner = p->governor;
            sema_resolve_type(S, env->def->module, env, p->governor);
        } else {
            /* The actual is written in the caller: bound there. */
            t->inner = sema_param_type(S, env, pi);
            sema_resolve_type(S, env->caller, env->caller_env, t->inner);
        }
        return;
    }
    Assignment *as = sema_lookup(S, m, t->ref_module, t->ref_name, t->loc, true);
    if (!as) {
        t->sema_flags |= F_BROKEN;
        return;
    }
    if (as->nparams) {
        if (!t->nref_actuals) {
            diag(DIAG_ERROR, t->loc, "'%s' is parameterized: write %s{...}", t->ref_name, t->ref_name);
            diag_note(as->loc, "'%s' is defined here", as->name);
            t->sema_flags |= F_BROKEN;
            return;
        }
        as = sema_instantiate(S, m, env, as, t->ref_actuals, t->nref_actuals, t->loc);
        if (!as) {
            t->sema_flags |= F_BROKEN;
            return;
        }
        /* The instance's body is bound where it is defined, under its
         * parameters (a no-op for an instance already shared). */
        if (as->kind == A_TYPE || as->kind == A_CLASS)
            sema_resolve_type(S, as->module, as->inst_env, as->type);
    } else if (t->nref_actuals) {
        diag(DIAG_ERROR, t->loc, "'%s' is not parameterized", t->ref_name);
        diag_note(as->loc, "'%s' is defined here", as->name);
    }
    if (as->kind == A_VALUE || as->kind == A_OBJECT) {
        diag(DIAG_ERROR, t->loc, "'%s' is a value, not a type", t->ref_name);
        diag_note(as->loc, "'%s' is defined here", as->name);
        t->sema_flags |= F_BROKEN;
        return;
    }
    if (as->kind == A_MACRO || t->macro_use == 2) {
        Type *vt = as->kind == A_MACRO && t->macro_use ? macro_value_type(S, as) : NULL;
        if (!vt) {
            if (as->kind != A_MACRO)
                diag(DIAG_ERROR, t->loc, "'%s' is followed by a macro notation but is not an X.208 macro", t->ref_name);
            else if (!t->macro_use)
                diag(DIAG_ERROR, t->loc,
                     "'%s' is an X.208 macro; asn1cc reads only its value notation, 'name %s ... ::= value'",
                     t->ref_name, t->ref_name);
            else
                diag(DIAG_ERROR, t->loc, "macro '%s' gives its values no type (VALUE NOTATION ::= value(VALUE Type))",
                     t->ref_name);
            diag_note(as->loc, "'%s' is defined here", as->name);
            t->sema_flags |= F_BROKEN;
            return;
        }
        t->inner = vt;
        return;
    }
    t->ref_assign = as;
}

void sema_resolve_type(Sema *S, Module *m, Env *env, Type *t)
{
    if (!t || (t->sema_flags & F_RESOLVED))
        return;
    t->sema_flags |= F_RESOLVED;
    t->sema_module = m;
    t->sema_env = env;
    switch (t->kind) {
    case TY_REF:
        resolve_ref(S, m, env, t);
        break;
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        if (m->extensibility_implied)
            t->extensible = true;
        for (int i = 0; i < t->ncomps; i++)
            sema_resolve_type(S, m, env, t->comps[i]->type);
        break;
    case TY_ENUMERATED:
        if (m->extensibility_implied)
            t->enum_extensible = true;
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
    case TY_SELECTION:
        sema_resolve_type(S, m, env, t->inner);
        break;
    case TY_FIELD:
        sema_resolve_type(S, m, env, t->field_class);
        break;
    case TY_INSTANCE_OF:
        sema_resolve_type(S, m, env, t->instance_class);
        break;
    case TY_CLASS:
        for (int i = 0; i < t->cls->nfields; i++) {
            sema_resolve_type(S, m, env, t->cls->fields[i]->type);
            sema_resolve_type(S, m, env, t->cls->fields[i]->default_type);
        }
        break;
    default:
        break;
    }
    for (Constraint *c = t->constraints; c; c = c->next_serial)
        resolve_constraint(S, m, env, c, 0);
}

static void resolve_constraint(Sema *S, Module *m, Env *env, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    if (c->type)
        sema_resolve_type(S, m, env, c->type);
    resolve_constraint(S, m, env, c->sub, depth + 1);
    resolve_constraint(S, m, env, c->sub2, depth + 1);
    for (int i = 0; i < c->nnamed; i++)
        resolve_constraint(S, m, env, c->named[i]->value_constraint, depth + 1);
}

/* The type an assignment denotes, resolved (governor for value sets). */
static Type *assignment_type(Sema *S, Assignment *as)
{
    if (!as || !as->type)
        return NULL;
    sema_resolve_type(S, as->module, as->instance ? as->inst_env : NULL, as->type);
    return as->type;
}

/* ------------------------------------------------------------ classes */

static ClassDef *predefined_class(Sema *S, TypeKind k)
{
    ClassDef **slot = k == TY_TYPE_IDENTIFIER ? &S->type_identifier : &S->abstract_syntax;
    if (*slot)
        return *slot;
    /* X.681 Annex A: TYPE-IDENTIFIER ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }
     * WITH SYNTAX { &Type IDENTIFIED BY &id }; ABSTRACT-SYNTAX (Annex B) adds &property. */
    ClassDef *cd = arena_alloc(S->a, sizeof *cd);
    int n = k == TY_TYPE_IDENTIFIER ? 2 : 3;
    cd->fields = arena_alloc(S->a, sizeof(ClassField *) * (size_t)n);
    const char *names[] = {"&id", "&Type", "&property"};
    for (int i = 0; i < n; i++) {
        ClassField *f = arena_alloc(S->a, sizeof *f);
        f->name = names[i];
        if (i == 0) {
            f->kind = FK_FIXED_VALUE;
            f->unique = true;
            f->type = ast_new_type(S->a, TY_OID, (Loc){0});
        } else if (i == 1) {
            f->kind = FK_TYPE;
        } else {
            f->kind = FK_FIXED_VALUE;
            f->type = ast_new_type(S->a, TY_BIT_STRING, (Loc){0});
            f->optional = true;
        }
        sema_resolve_type(S, NULL, NULL, f->type);
        cd->fields[i] = f;
    }
    cd->nfields = n;
    /* WITH SYNTAX { &Type IDENTIFIED BY &id [HAS PROPERTY &property] } */
    const char *words[][2] = {{"&Type", NULL}, {"IDENTIFIED", NULL}, {"BY", NULL}, {"&id", NULL}};
    int nsyn = 4 + (k == TY_ABSTRACT_SYNTAX);
    cd->syntax = arena_alloc(S->a, sizeof(SyntaxItem *) * (size_t)nsyn);
    for (int i = 0; i < 4; i++) {
        SyntaxItem *it = arena_alloc(S->a, sizeof *it);
        it->kind = words[i][0][0] == '&' ? SYN_FIELD : SYN_WORD;
        it->text = words[i][0];
        cd->syntax[i] = it;
    }
    if (k == TY_ABSTRACT_SYNTAX) {
        SyntaxItem *grp = arena_alloc(S->a, sizeof *grp);
        grp->kind = SYN_OPTIONAL_GROUP;
        grp->items = arena_alloc(S->a, sizeof(SyntaxItem *) * 3);
        const char *g[] = {"HAS", "PROPERTY", "&property"};
        for (int i = 0; i < 3; i++) {
            SyntaxItem *it = arena_alloc(S->a, sizeof *it);
            it->kind = i == 2 ? SYN_FIELD : SYN_WORD;
            it->text = g[i];
            grp->items[i] = it;
        }
        grp->nitems = 3;
        cd->syntax[4] = grp;
    }
    cd->nsyntax = nsyn;
    cd->has_syntax = true;
    *slot = cd;
    return cd;
}

/* The class a (resolved) type denotes, through references and parameters. */
ClassDef *sema_class_of(Sema *S, Module *m, Env *env, Type *t)
{
    (void)m;                 /* references were bound when t was resolved */
    (void)env;
    for (int guard = 0; t && guard < 64; guard++) {
        switch (t->kind) {
        case TY_CLASS:
            return t->cls;
        case TY_TYPE_IDENTIFIER:
        case TY_ABSTRACT_SYNTAX:
            return predefined_class(S, t->kind);
        case TY_REF:
            if (t->inner) {
                t = t->inner;
            } else if (t->ref_assign) {
                t = assignment_type(S, t->ref_assign);
            } else {
                return NULL;
            }
            break;
        default:
            return NULL;
        }
    }
    return NULL;
}

static ClassField *find_field(ClassDef *cd, const char *name)
{
    for (int i = 0; cd && i < cd->nfields; i++)
        if (strcmp(cd->fields[i]->name, name) == 0)
            return cd->fields[i];
    return NULL;
}

/* X.681 14: CLASS.&field denotes an open type (type fields, variable-type
 * value fields) or the type of a fixed-type value field. */
static Type *field_base(Sema *S, Type *t);

/* ------------------------------------------------------------ base */

static Type *base_of(Sema *S, Type *t);

static Component *find_component(Type *t, const char *name)
{
    for (int i = 0; i < t->ncomps; i++)
        if (t->comps[i]->name && strcmp(t->comps[i]->name, name) == 0)
            return t->comps[i];
    return NULL;
}

static Type *base_of(Sema *S, Type *t)
{
    if (!t)
        return NULL;
    if (t->sema_flags & F_BASE)
        return t->base;
    if (t->sema_flags & F_BASE_BUSY) {
        diag(DIAG_ERROR, t->loc, "circular type definition: this reference leads back to itself");
        t->sema_flags |= F_BROKEN;
        return NULL;
    }
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= F_BASE | F_BROKEN;
        return NULL;
    }
    t->sema_flags |= F_BASE_BUSY;
    if (!(t->sema_flags & F_RESOLVED))
        sema_resolve_type(S, t->sema_module, t->sema_env, t);
    Type *b = t;
    switch (t->kind) {
    case TY_REF:
        if (t->inner)
            b = base_of(S, t->inner);
        else if (t->ref_assign)
            b = base_of(S, assignment_type(S, t->ref_assign));
        else
            b = NULL;
        break;
    case TY_TAGGED:
        b = base_of(S, t->inner);
        break;
    case TY_SELECTION: {
        Type *cb = base_of(S, t->inner);
        b = NULL;
        if (cb && cb->kind == TY_CHOICE) {
            Component *alt = find_component(cb, t->sel_name);
            if (alt)
                b = base_of(S, alt->type);
            else
                diag(DIAG_ERROR, t->loc, "the CHOICE has no alternative '%s'", t->sel_name);
        } else if (cb) {
            diag(DIAG_ERROR, t->loc, "selection type '%s <' needs a CHOICE type", t->sel_name);
        }
        break;
    }
    case TY_FIELD:
        b = field_base(S, t);
        break;
    default:
        break;
    }
    t->base = b;
    t->sema_flags = (t->sema_flags & ~(unsigned)F_BASE_BUSY) | F_BASE;
    sema_leave(S);
    return b;
}

static Type *field_base(Sema *S, Type *t)
{
    ClassDef *cd = sema_class_of(S, t->sema_module, t->sema_env, t->field_class);
    if (!cd) {
        if (!(t->field_class->sema_flags & F_BROKEN))
            diag(DIAG_ERROR, t->loc, "'%s' is not an information object class",
                 t->field_class->kind == TY_REF ? t->field_class->ref_name : ast_type_kind_name(t->field_class->kind));
        return NULL;
    }
    ClassField *f = NULL;
    for (int i = 0; i < t->nfield_path; i++) {
        f = find_field(cd, t->field_path[i]);
        if (!f) {
            diag(DIAG_ERROR, t->loc, "the class has no field '%s'", t->field_path[i]);
            return NULL;
        }
        if (i + 1 < t->nfield_path) {
            cd = sema_class_of(S, t->sema_module, t->sema_env, f->type);
            if (!cd) {
                diag(DIAG_ERROR, t->loc, "field '%s' is not an object field", f->name);
                return NULL;
            }
        }
    }
    t->field = f;
    switch (f->kind) {
    case FK_FIXED_VALUE:
    case FK_FIXED_VALUE_SET:
        return base_of(S, f->type);
    case FK_OBJECT:
    case FK_OBJECT_SET:
        diag(DIAG_ERROR, t->loc, "field '%s' holds objects, not values", f->name);
        return NULL;
    default: {
        Type *open = ast_new_type(S->a, TY_OPEN, t->loc);
        open->sema_flags = F_RESOLVED | F_BASE | F_TAGS | F_RANGE | F_EXPANDED | F_FINISHED;
        open->base = open;
        return open;
    }
    }
}

Type *type_base(Type *t)
{
    return t ? t->base : NULL;
}

bool type_is_string(const Type *t)
{
    return t && t->kind == TY_STRING;
}

/* ------------------------------------------------------------ COMPONENTS OF */

static void expand_components(Sema *S, Type *t);

/* X.680 25.4: COMPONENTS OF T copies T's root components (not its extension
 * additions); T must be a SEQUENCE (in a SEQUENCE) or SET (in a SET). */
static void expand_components(Sema *S, Type *t)
{
    if (t->sema_flags & F_EXPANDED)
        return;
    if (t->sema_flags & F_EXPAND_BUSY) {
        diag(DIAG_ERROR, t->loc, "COMPONENTS OF includes the type it is written in");
        return;
    }
    bool any = false;
    for (int i = 0; i < t->ncomps; i++)
        any |= t->comps[i]->components_of;
    if (!any || (t->kind != TY_SEQUENCE && t->kind != TY_SET)) {
        for (int i = 0; i < t->ncomps; i++)
            if (t->comps[i]->components_of)
                diag(DIAG_ERROR, t->comps[i]->loc, "COMPONENTS OF is allowed in SEQUENCE and SET only");
        t->sema_flags |= F_EXPANDED;
        return;
    }
    t->sema_flags |= F_EXPAND_BUSY;
    Vec out = {0};
    for (int i = 0; i < t->ncomps; i++) {
        Component *c = t->comps[i];
        if (!c->components_of) {
            vec_push(S->a, &out, c);
            continue;
        }
        Type *src = base_of(S, c->type);
        if (!src)
            continue;
        if (src->kind != t->kind) {
            diag(DIAG_ERROR, c->loc, "COMPONENTS OF in a %s needs a %s type, not %s",
                 ast_type_kind_name(t->kind), ast_type_kind_name(t->kind), ast_type_kind_name(src->kind));
            continue;
        }
        expand_components(S, src);
        for (int j = 0; j < src->ncomps; j++) {
            Component *sc = src->comps[j];
            if (sc->is_extension)
                continue;
            Component *copy = arena_alloc(S->a, sizeof *copy);
            *copy = *sc;
            /* The includer decides automatic tagging anew (X.680 25.3). */
            if (copy->type && (copy->type->sema_flags & F_AUTOTAG))
                copy->type = copy->type->inner;
            copy->from_components_of = true;
            copy->is_extension = c->is_extension;
            copy->cname = NULL;
            copy->cinfo = NULL;
            vec_push(S->a, &out, copy);
        }
    }
    t->comps = (Component **)out.items;
    t->ncomps = out.len;
    t->sema_flags = (t->sema_flags & ~(unsigned)F_EXPAND_BUSY) | F_EXPANDED;
}

/* ------------------------------------------------------------ automatic tags */

/* X.680 25.3, 27.3, 29.3: in an AUTOMATIC TAGS module, when no component
 * written in the type is tagged, components get [0], [1], ... in order:
 * root components first, then extension additions. */
static void auto_tag(Sema *S, Type *t)
{
    Module *m = t->sema_module;
    if (!m || m->tag_default != TAGS_AUTOMATIC || t->ncomps == 0)
        return;
    for (int i = 0; i < t->ncomps; i++) {
        Component *c = t->comps[i];
        if (!c->from_components_of && c->type && c->type->kind == TY_TAGGED)
            return;
    }
    uint32_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < t->ncomps; i++) {
            Component *c = t->comps[i];
            if (c->is_extension != (pass == 1) || !c->type)
                continue;
            Type *tagged = ast_new_type(S->a, TY_TAGGED, c->loc);
            tagged->tag.loc = c->loc;
            tagged->tag.cls = TAG_CONTEXT;
            tagged->tag.number = ast_new_value(S->a, V_INTEGER, c->loc);
            tagged->tag.number->ival = n++;
            tagged->tag.mode = TAGMODE_IMPLICIT;
            tagged->inner = c->type;
            tagged->sema_flags = F_RESOLVED | F_AUTOTAG;
            tagged->sema_module = m;
            tagged->sema_env = c->type->sema_env;
            c->type = tagged;
        }
    }
}

/* ------------------------------------------------------------ tags */

static uint32_t universal_tag(const Type *b)
{
    switch (b->kind) {
    case TY_BOOLEAN: return 1;
    case TY_INTEGER: return 2;
    case TY_BIT_STRING: return 3;
    case TY_OCTET_STRING: return 4;
    case TY_NULL: return 5;
    case TY_OID: return 6;
    case TY_EXTERNAL: case TY_INSTANCE_OF: return 8;
    case TY_REAL: return 9;
    case TY_ENUMERATED: return 10;
    case TY_EMBEDDED_PDV: return 11;
    case TY_RELATIVE_OID: return 13;
    case TY_TIME: return 14;
    case TY_SEQUENCE: case TY_SEQUENCE_OF: return 16;
    case TY_SET: case TY_SET_OF: return 17;
    case TY_UTC_TIME: return 23;
    case TY_GENERALIZED_TIME: return 24;
    case TY_CHARACTER_STRING: return 29;
    case TY_DATE: return 31;
    case TY_TIME_OF_DAY: return 32;
    case TY_DATE_TIME: return 33;
    case TY_DURATION: return 34;
    case TY_STRING:
        switch (b->str_kind) {
        case STR_OBJECT_DESCRIPTOR: return 7;
        case STR_UTF8: return 12;
        case STR_NUMERIC: return 18;
        case STR_PRINTABLE: return 19;
        case STR_TELETEX: case STR_T61: return 20;
        case STR_VIDEOTEX: return 21;
        case STR_IA5: return 22;
        case STR_GRAPHIC: return 25;
        case STR_VISIBLE: case STR_ISO646: return 26;
        case STR_GENERAL: return 27;
        case STR_UNIVERSAL: return 28;
        case STR_BMP: return 30;
        }
        return 0;
    default:
        return 0;            /* CHOICE, ANY, open type: no tag of their own */
    }
}

static void tags_of(Sema *S, Type *t);

static void copy_tags(Sema *S, Type *t, const Type *from)
{
    if (!from)
        return;
    t->ntags = from->ntags;
    t->tags = from->tags;
    (void)S;
}

static void tags_of(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & F_TAGS))
        return;
    if (t->sema_flags & F_TAGS_BUSY)
        return;              /* a cycle: reported as a circular definition */
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= F_TAGS;
        return;
    }
    t->sema_flags |= F_TAGS_BUSY;
    Type *b = base_of(S, t);
    switch (t->kind) {
    case TY_REF:
        if (t->inner) {
            tags_of(S, t->inner);
            copy_tags(S, t, t->inner);
        } else if (t->ref_assign) {
            Type *target = assignment_type(S, t->ref_assign);
            tags_of(S, target);
            copy_tags(S, t, target);
        }
        break;
    case TY_TAGGED: {
        Type *in = t->inner;
        tags_of(S, in);
        AsnInt num = 0;
        if (t->tag.number && !sema_int_value(S, t->sema_module, t->sema_env, t->tag.number, NULL, &num))
            num = 0;
        if (num < 0 || num > 0x7fffffff) {
            diag(DIAG_ERROR, t->tag.loc, "tag number out of range (0..2147483647)");
            num = 0;
        }
        Module *m = t->sema_module;
        bool explicit_tag;
        if (t->tag.mode == TAGMODE_EXPLICIT)
            explicit_tag = true;
        else if (t->tag.mode == TAGMODE_IMPLICIT)
            explicit_tag = false;
        else
            explicit_tag = !m || m->tag_default == TAGS_EXPLICIT;
        /* X.680 31.2.7: a tag on a parameter of a parameterized type
         * (DummyReference) is explicit unless written IMPLICIT. */
        if (!explicit_tag && t->tag.mode == TAGMODE_DEFAULT && in && in->kind == TY_REF && !in->ref_assign && in->inner)
            explicit_tag = true;
        /* X.680 31.2.7: an untagged CHOICE, open type or ANY can only be tagged explicitly. */
        if (!explicit_tag && in && in->ntags == 0) {
            if (t->tag.mode == TAGMODE_IMPLICIT && !(t->sema_flags & F_AUTOTAG) && b &&
                diag_warning_enabled("implicit-choice"))
                diag(DIAG_WARNING, t->tag.loc, "IMPLICIT tag on an untagged %s is EXPLICIT (X.680 31.2.7) [-Wimplicit-choice]",
                     ast_type_kind_name(b->kind));
            explicit_tag = true;
        }
        int inner_n = in ? in->ntags : 0;
        int n = explicit_tag ? inner_n + 1 : (inner_n ? inner_n : 1);
        if (n > LIMIT_TAGS) {
            diag(DIAG_ERROR, t->tag.loc, "more than %d tags on one type (asn1cc limit)", LIMIT_TAGS);
            n = LIMIT_TAGS;
        }
        Tag *tags = arena_alloc(S->a, sizeof(Tag) * (size_t)n);
        tags[0].cls = t->tag.cls;
        tags[0].number = (uint32_t)num;
        if (explicit_tag) {
            tags[0].explicit_wrap = true;
            for (int i = 1; i < n; i++)
                tags[i] = in->tags[i - 1];
        } else {
            /* The new tag replaces the outermost one and takes over its role. */
            tags[0].explicit_wrap = inner_n ? in->tags[0].explicit_wrap : false;
            for (int i = 1; i < n; i++)
                tags[i] = in->tags[i];
        }
        t->tags = tags;
        t->ntags = n;
        break;
    }
    case TY_SELECTION:
    case TY_FIELD: {
        /* Tags of what it denotes: the alternative's or the field's type. */
        Type *src = NULL;
        if (t->kind == TY_SELECTION) {
            Type *cb = base_of(S, t->inner);
            Component *alt = cb && cb->kind == TY_CHOICE ? find_component(cb, t->sel_name) : NULL;
            src = alt ? alt->type : NULL;
        } else if (t->field && (t->field->kind == FK_FIXED_VALUE || t->field->kind == FK_FIXED_VALUE_SET)) {
            src = t->field->type;
        }
        tags_of(S, src);
        copy_tags(S, t, src);
        break;
    }
    default: {
        uint32_t u = universal_tag(t);
        if (u) {
            t->tags = arena_alloc(S->a, sizeof(Tag));
            t->tags[0].cls = TAG_UNIVERSAL;
            t->tags[0].number = u;
            t->ntags = 1;
        }
        break;
    }
    }
    t->sema_flags = (t->sema_flags & ~(unsigned)F_TAGS_BUSY) | F_TAGS;
    sema_leave(S);
}

/* ------------------------------------------------------------ ranges */

static Range range_universe(void)
{
    Range r = {0};
    return r;
}

static Range range_point(AsnInt v)
{
    Range r = {.present = true, .has_lo = true, .has_hi = true, .lo = v, .hi = v};
    return r;
}

/* Hull of two ranges (a union's effective range). */
static Range range_union(Range a, Range b)
{
    if (!a.present || !b.present)
        return range_universe();
    Range r = {.present = true};
    r.has_lo = a.has_lo && b.has_lo;
    r.lo = a.lo < b.lo ? a.lo : b.lo;
    r.has_hi = a.has_hi && b.has_hi;
    r.hi = a.hi > b.hi ? a.hi : b.hi;
    r.hi_above = r.has_hi && (a.hi_above || b.hi_above);
    r.hi_u = a.hi_u > b.hi_u ? a.hi_u : b.hi_u;
    return r;
}

static Range range_intersect(Range a, Range b)
{
    if (!a.present)
        return b;
    if (!b.present)
        return a;
    Range r = {.present = true};
    r.has_lo = a.has_lo || b.has_lo;
    r.lo = !a.has_lo ? b.lo : !b.has_lo ? a.lo : a.lo > b.lo ? a.lo : b.lo;
    r.has_hi = a.has_hi || b.has_hi;
    r.hi = !a.has_hi ? b.hi : !b.has_hi ? a.hi : a.hi < b.hi ? a.hi : b.hi;
    /* Both above AsnInt: the smaller exact bound; one above: the other wins. */
    bool a_big = a.has_hi && a.hi_above, b_big = b.has_hi && b.hi_above;
    if (a_big && b_big) {
        r.hi_above = true;
        r.hi_u = a.hi_u < b.hi_u ? a.hi_u : b.hi_u;
    } else if ((a_big && !b.has_hi) || (b_big && !a.has_hi)) {
        r.hi_above = true;
        r.hi_u = a_big ? a.hi_u : b.hi_u;
    }
    r.empty = a.empty || b.empty || (r.has_lo && r.has_hi && r.lo > r.hi);
    return r;
}

static void value_range_of(Sema *S, Type *t);
static void size_range_of(Sema *S, Type *t);

static bool endpoint(Sema *S, Type *owner, Value *v, Type *gov, AsnInt *out)
{
    return sema_int_value(S, owner->sema_module, owner->sema_env, v, gov, out);
}

/* Folds one constraint into a range. size: fold for SIZE (only SIZE(...)
 * elements contribute); otherwise for values of the integer type gov. */
static Range fold(Sema *S, Type *owner, Constraint *c, bool size, Type *gov, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return range_universe();
    switch (c->kind) {
    case C_SINGLE_VALUE: {
        if (size || !gov || gov->kind != TY_INTEGER)
            return range_universe();
        AsnInt v;
        return endpoint(S, owner, c->lo, gov, &v) ? range_point(v) : range_universe();
    }
    case C_RANGE: {
        if (size || !gov || gov->kind != TY_INTEGER)
            return range_universe();
        Range r = {.present = true};
        if (c->lo) {
            if (!endpoint(S, owner, c->lo, gov, &r.lo))
                return range_universe();
            r.has_lo = true;
            if (c->lo_open)
                r.lo++;
        }
        if (c->hi) {
            Value *hv = c->hi->kind == V_INTEGER ? c->hi : NULL;
            if (hv && hv->big) {
                r.hi = hv->ival;
                r.hi_above = true;
                r.hi_u = hv->uval - (c->hi_open ? 1 : 0);
            } else if (!endpoint(S, owner, c->hi, gov, &r.hi)) {
                return range_universe();
            } else if (c->hi_open) {
                r.hi--;
            }
            r.has_hi = true;
        }
        if (r.has_lo && r.has_hi && r.lo > r.hi) {
            diag(DIAG_ERROR, c->loc, "empty range: the lower bound exceeds the upper bound");
            r.empty = true;
        }
        return r;
    }
    case C_UNION:
        return range_union(fold(S, owner, c->sub, size, gov, depth + 1), fold(S, owner, c->sub2, size, gov, depth + 1));
    case C_INTERSECTION:
        return range_intersect(fold(S, owner, c->sub, size, gov, depth + 1), fold(S, owner, c->sub2, size, gov, depth + 1));
    case C_EXCEPT:
        return fold(S, owner, c->sub, size, gov, depth + 1);
    case C_EXTENSIBLE: {
        Range r = c->sub ? fold(S, owner, c->sub, size, gov, depth + 1) : range_universe();
        if (r.present)
            r.extensible = true;
        return r;
    }
    case C_SIZE: {
        if (!size)
            return range_universe();
        static Type size_gov = {.kind = TY_INTEGER};
        Range r = fold(S, owner, c->sub, false, &size_gov, depth + 1);
        if (r.present && r.has_lo && r.lo < 0) {
            diag(DIAG_ERROR, c->loc, "SIZE cannot be negative");
            r.lo = 0;
        }
        if (r.present && !r.has_lo) {
            r.has_lo = true;
            r.lo = 0;
        }
        return r;
    }
    case C_TYPE: {
        if (!c->type)
            return range_universe();
        if (size) {
            size_range_of(S, c->type);
            return c->type->size_range;
        }
        value_range_of(S, c->type);
        return c->type->value_range;
    }
    default:
        return range_universe();
    }
}

/* Serial constraints intersect; the result is extensible only when the
 * last one is (X.680 49.8: a later constraint replaces the extensibility). */
static Range fold_serial(Sema *S, Type *t, bool size, Type *gov)
{
    Range r = range_universe();
    bool ext = false, any = false;
    for (Constraint *c = t->constraints; c; c = c->next_serial) {
        Range one = fold(S, t, c, size, gov, 0);
        if (one.present) {
            any = true;
            ext = one.extensible;
        }
        r = range_intersect(r, one);
    }
    if (any)
        r.extensible = ext;
    return r;
}

/* The type this one constrains further (for inherited ranges). */
static Type *parent_type(Sema *S, Type *t)
{
    switch (t->kind) {
    case TY_REF:
        return t->inner ? t->inner : t->ref_assign ? assignment_type(S, t->ref_assign) : NULL;
    case TY_TAGGED:
        return t->inner;
    case TY_FIELD:
        return t->field && t->field->kind == FK_FIXED_VALUE ? t->field->type : NULL;
    default:
        return NULL;
    }
}

static Range value_set_range(Sema *S, Type *t, bool size, Type *gov)
{
    /* A reference to a value set assignment: its body constrains the governor. */
    if (t->kind != TY_REF || !t->ref_assign || t->ref_assign->kind != A_VALUE_SET)
        return range_universe();
    Assignment *as = t->ref_assign;
    if (!as->set_elements && as->set.end > as->set.begin) {
        as->set_elements = parse_elements_range(S->c, as->set);
        if (as->set_elements)
            resolve_constraint(S, as->module, as->inst_env, as->set_elements, 0);
    }
    if (!as->set_elements)
        return range_universe();
    return fold(S, t, as->set_elements, size, gov, 0);
}

static void value_range_of(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & F_RANGE))
        return;
    if (t->sema_flags & F_RANGE_BUSY)
        return;
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= F_RANGE;
        return;
    }
    t->sema_flags |= F_RANGE_BUSY;
    Type *b = base_of(S, t);
    Range inherited = range_universe();
    Type *p = parent_type(S, t);
    if (p) {
        value_range_of(S, p);
        size_range_of(S, p);
        inherited = p->value_range;
    }
    if (b && b->kind == TY_INTEGER) {
        Range own = range_intersect(fold_serial(S, t, false, b), value_set_range(S, t, false, b));
        Range r = range_intersect(inherited, own);
        r.extensible = own.present ? own.extensible : inherited.extensible;
        if (r.empty && own.present && !inherited.empty)
            diag(DIAG_ERROR, t->loc, "constraints on this type exclude every value");
        t->value_range = r;
    }
    t->sema_flags = (t->sema_flags & ~(unsigned)F_RANGE_BUSY) | F_RANGE;
    size_range_of(S, t);
    sema_leave(S);
}

static bool has_size(const Type *b)
{
    return b && (b->kind == TY_STRING || b->kind == TY_OCTET_STRING || b->kind == TY_BIT_STRING ||
                 b->kind == TY_SEQUENCE_OF || b->kind == TY_SET_OF || b->kind == TY_CHARACTER_STRING);
}

static void size_range_of(Sema *S, Type *t)
{
    Type *b = t ? t->base : NULL;
    if (!t || !has_size(b) || t->size_range.present)
        return;
    Range inherited = range_universe();
    Type *p = parent_type(S, t);
    if (p) {
        value_range_of(S, p);
        inherited = p->size_range;
    }
    Range own = range_intersect(fold_serial(S, t, true, NULL), value_set_range(S, t, true, NULL));
    Range r = range_intersect(inherited, own);
    r.extensible = own.present ? own.extensible : inherited.extensible;
    if (r.empty && own.present && !inherited.empty)
        diag(DIAG_ERROR, t->loc, "SIZE constraints on this type exclude every size");
    t->size_range = r;
}

/* ------------------------------------------------------------ alphabets */

typedef struct CharSet {
    bool all;                /* no restriction */
    uint8_t bits[16];
} CharSet;

static CharSet cs_all(void)
{
    CharSet s = {.all = true};
    return s;
}

static CharSet cs_union(CharSet a, CharSet b)
{
    if (a.all || b.all)
        return cs_all();
    for (int i = 0; i < 16; i++)
        a.bits[i] |= b.bits[i];
    return a;
}

static CharSet cs_inter(CharSet a, CharSet b)
{
    if (a.all)
        return b;
    if (b.all)
        return a;
    for (int i = 0; i < 16; i++)
        a.bits[i] &= b.bits[i];
    return a;
}

static void alphabet_of(Sema *S, Type *t);

static void cs_add_range(CharSet *s, int lo, int hi)
{
    for (int ch = lo; ch <= hi; ch++)
        s->bits[ch / 8] |= (uint8_t)(1u << (ch % 8));
}

/* Characters of the ASCII-only string types (X.680 41, Table 8), used when
 * a type is a contained subtype: GeneralString (IA5String) permits ASCII. */
static CharSet inherent_chars(const Type *b)
{
    CharSet s = {0};
    if (!b || b->kind != TY_STRING)
        return cs_all();
    switch (b->str_kind) {
    case STR_IA5:
        cs_add_range(&s, 0, 127);
        return s;
    case STR_VISIBLE:
    case STR_ISO646:
        cs_add_range(&s, 32, 126);
        return s;
    case STR_NUMERIC:
        cs_add_range(&s, '0', '9');
        cs_add_range(&s, ' ', ' ');
        return s;
    case STR_PRINTABLE:
        cs_add_range(&s, 'A', 'Z');
        cs_add_range(&s, 'a', 'z');
        cs_add_range(&s, '0', '9');
        for (const char *p = " '()+,-./:=?"; *p; p++)
            cs_add_range(&s, *p, *p);
        return s;
    default:
        return cs_all();
    }
}

/* One character of a cstring range endpoint ("a".."z"), or -1. */
static int single_char(const Value *v)
{
    if (v && v->eval)
        v = v->eval;
    if (!v || v->kind != V_CSTRING || !v->text || strlen(v->text) != 1)
        return -1;
    unsigned char c = (unsigned char)v->text[0];
    return c < 128 ? c : -1;
}

/* The characters a constraint inside FROM permits (X.680 51.7). */
static CharSet fold_chars(Sema *S, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return cs_all();
    switch (c->kind) {
    case C_SINGLE_VALUE: {
        const Value *v = c->lo && c->lo->eval ? c->lo->eval : c->lo;
        if (v && v->kind == V_REF)
            return cs_all();
        if (!v || v->kind != V_CSTRING || !v->text)
            return cs_all();
        CharSet s = {0};
        for (const unsigned char *p = (const unsigned char *)v->text; *p; p++) {
            if (*p >= 128)
                return cs_all();
            s.bits[*p / 8] |= (uint8_t)(1u << (*p % 8));
        }
        return s;
    }
    case C_RANGE: {
        int lo = c->lo ? single_char(c->lo) : 0, hi = c->hi ? single_char(c->hi) : 127;
        if (lo < 0 || hi < 0)
            return cs_all();
        if (c->lo_open)
            lo++;
        if (c->hi_open)
            hi--;
        CharSet s = {0};
        for (int ch = lo; ch <= hi; ch++)
            s.bits[ch / 8] |= (uint8_t)(1u << (ch % 8));
        return s;
    }
    case C_UNION:
        return cs_union(fold_chars(S, c->sub, depth + 1), fold_chars(S, c->sub2, depth + 1));
    case C_INTERSECTION:
        return cs_inter(fold_chars(S, c->sub, depth + 1), fold_chars(S, c->sub2, depth + 1));
    case C_EXCEPT: {
        CharSet a = fold_chars(S, c->sub, depth + 1), b = fold_chars(S, c->sub2, depth + 1);
        if (!a.all && !b.all)
            for (int i = 0; i < 16; i++)
                a.bits[i] &= (uint8_t)~b.bits[i];
        return a;
    }
    case C_TYPE:
        if (c->type) {
            base_of(S, c->type);
            alphabet_of(S, c->type);
            if (c->type->has_alphabet) {
                CharSet s = {0};
                memcpy(s.bits, c->type->alphabet, 16);
                return s;
            }
            return inherent_chars(c->type->base);
        }
        return cs_all();
    default:
        return cs_all();     /* extensible, SIZE inside FROM, ...: no restriction */
    }
}

/* The alphabet a constraint on a string type permits: FROM elements
 * restrict, SIZE and others do not. */
static CharSet fold_alphabet(Sema *S, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return cs_all();
    switch (c->kind) {
    case C_FROM:
        return fold_chars(S, c->sub, depth + 1);
    case C_UNION:
        return cs_union(fold_alphabet(S, c->sub, depth + 1), fold_alphabet(S, c->sub2, depth + 1));
    case C_INTERSECTION:
        return cs_inter(fold_alphabet(S, c->sub, depth + 1), fold_alphabet(S, c->sub2, depth + 1));
    case C_EXCEPT:
        return fold_alphabet(S, c->sub, depth + 1);
    case C_TYPE:
        return fold_chars(S, c, depth + 1);
    default:
        return cs_all();     /* extensible (X.680 51.7.?: not enforced), SIZE, PATTERN, ... */
    }
}

static void alphabet_of(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & F_ALPHABET) || !t->base || t->base->kind != TY_STRING)
        return;
    t->sema_flags |= F_ALPHABET;
    CharSet s = cs_all();
    Type *p = parent_type(S, t);
    if (p) {
        alphabet_of(S, p);
        if (p->has_alphabet) {
            s.all = false;
            memcpy(s.bits, p->alphabet, 16);
        }
    }
    for (Constraint *c = t->constraints; c; c = c->next_serial)
        s = cs_inter(s, fold_alphabet(S, c, 0));
    if (!s.all) {
        t->has_alphabet = true;
        memcpy(t->alphabet, s.bits, 16);
    }
}

/* ------------------------------------------------------------ named numbers */

/* X.680 19 (INTEGER), 20.2-20.4 (ENUMERATED numbering), 22 (named bits). */
static void number_named(Sema *S, Type *t)
{
    if (t->sema_flags & F_NAMED)
        return;
    t->sema_flags |= F_NAMED;
    Module *m = t->sema_module;
    for (int i = 0; i < t->nnamed; i++) {
        NamedNumber *nn = t->named[i];
        for (int j = 0; j < i; j++)
            if (strcmp(t->named[j]->name, nn->name) == 0) {
                diag(DIAG_ERROR, nn->loc, "'%s' is named twice", nn->name);
                diag_note(t->named[j]->loc, "first named here");
            }
        if (nn->value && !sema_int_value(S, m, t->sema_env, nn->value, NULL, &nn->number))
            nn->number = 0;
        if (t->kind == TY_BIT_STRING && nn->number < 0)
            diag(DIAG_ERROR, nn->loc, "named bit '%s' has a negative position", nn->name);
    }
    if (t->kind == TY_ENUMERATED) {
        /* Root items without a number take the smallest unused non-negative
         * values in order; additions without one follow the largest so far. */
        AsnInt next = 0;
        for (int i = 0; i < t->nnamed; i++) {
            NamedNumber *nn = t->named[i];
            if (nn->is_extension || nn->value)
                continue;
            for (;;) {
                bool used = false;
                for (int j = 0; j < t->nnamed && !used; j++)
                    used = t->named[j]->value && !t->named[j]->is_extension && t->named[j]->number == next;
                if (!used)
                    break;
                next++;
            }
            nn->number = next++;
        }
        AsnInt max = -1;
        bool any = false;
        for (int i = 0; i < t->nnamed; i++) {
            NamedNumber *nn = t->named[i];
            if (!nn->is_extension) {
                if (!any || nn->number > max)
                    max = nn->number;
                any = true;
                continue;
            }
            if (!nn->value)
                nn->number = any ? max + 1 : 0;
            else if (any && nn->number <= max)
                diag(DIAG_ERROR, nn->loc, "extension addition '%s' must be numbered above every earlier item", nn->name);
            max = nn->number;
            any = true;
        }
    }
    /* X.680 19.5, 20.3, 22.4: distinct numbers (and bit positions). */
    for (int i = 0; i < t->nnamed; i++)
        for (int j = 0; j < i; j++)
            if (t->named[j]->number == t->named[i]->number) {
                char buf[48];
                diag(DIAG_ERROR, t->named[i]->loc, "'%s' and '%s' have the same value %s", t->named[j]->name,
                     t->named[i]->name, asn_int_str(buf, t->named[i]->number));
                diag_note(t->named[j]->loc, "'%s' is here", t->named[j]->name);
                break;
            }
}

/* ------------------------------------------------------------ finishing */

static void table_constraint(Sema *S, Type *t)
{
    for (Constraint *c = t->constraints; c; c = c->next_serial) {
        Constraint *e = c->kind == C_EXTENSIBLE ? c->sub : c;
        if (!e || (e->kind != C_RELATION && e->kind != C_BRACED))
            continue;
        TokRange r = e->braced;
        if (r.end - r.begin != 1)
            continue;
        const Token *tok = &r.ta->toks[r.begin];
        char *name = arena_strndup(S->a, tok->text, (size_t)tok->len);
        Env *env = t->sema_env;
        int pi = sema_param_index(env, name);
        if (pi >= 0) {
            /* An object set parameter: the actual names the set. */
            TokRange ar = env->actuals[pi];
            const Token *in = &ar.ta->toks[ar.begin];
            if (in->kind == '{' && ar.end - ar.begin == 3)
                in++;
            name = arena_strndup(S->a, in->text, (size_t)in->len);
            Assignment *as = sema_lookup(S, env->caller, NULL, name, in->loc, false);
            t->table_set = as;
        } else {
            t->table_set = sema_lookup(S, t->sema_module, NULL, name, tok->loc, true);
        }
        if (e->kind == C_RELATION && e->relation.end > e->relation.begin) {
            /* "@a.b" or "@.a": the path after '@' (first one when several). */
            const char *path = "";
            for (int i = e->relation.begin; i < e->relation.end; i++) {
                const Token *rt = &e->relation.ta->toks[i];
                if (rt->kind == ',')
                    break;
                if (rt->kind != '@')
                    path = arena_printf(S->a, "%s%.*s", path, rt->len, rt->text);
            }
            t->table_at = path;
        }
    }
}

void sema_finish_type(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & F_FINISHED))
        return;
    t->sema_flags |= F_FINISHED;
    if (!(t->sema_flags & F_RESOLVED))
        sema_resolve_type(S, t->sema_module, t->sema_env, t);
    base_of(S, t);
    switch (t->kind) {
    case TY_SEQUENCE:
    case TY_SET:
        expand_components(S, t);
        /* fall through */
    case TY_CHOICE:
        auto_tag(S, t);
        for (int i = 0; i < t->ncomps; i++)
            sema_finish_type(S, t->comps[i]->type);
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
    case TY_SELECTION:
        sema_finish_type(S, t->inner);
        break;
    case TY_INTEGER:
    case TY_ENUMERATED:
    case TY_BIT_STRING:
        number_named(S, t);
        break;
    case TY_FIELD:
        table_constraint(S, t);
        break;
    case TY_REF:
        /* A formal parameter: the actual (an inline type, parsed once per
         * instance) is finished through its use, as no assignment holds it. */
        if (!t->ref_assign)
            sema_finish_type(S, t->inner);
        break;
    case TY_CLASS:
        for (int i = 0; i < t->cls->nfields; i++) {
            ClassField *f = t->cls->fields[i];
            sema_finish_type(S, f->type);
            /* X.681 9.4: a field governed by a class holds objects. */
            Type *fb = f->type ? f->type->base : NULL;
            bool cls = fb && (fb->kind == TY_CLASS || fb->kind == TY_TYPE_IDENTIFIER || fb->kind == TY_ABSTRACT_SYNTAX);
            if (cls && f->kind == FK_FIXED_VALUE)
                f->kind = FK_OBJECT;
            else if (cls && f->kind == FK_FIXED_VALUE_SET)
                f->kind = FK_OBJECT_SET;
        }
        break;
    default:
        break;
    }
    tags_of(S, t);
    value_range_of(S, t);
    alphabet_of(S, t);
}

static void finish_assignment(Sema *S, Assignment *as)
{
    if (as->nparams)
        return;              /* checked through its instances */
    Type *t = assignment_type(S, as);
    if ((as->kind == A_VALUE_SET || as->kind == A_OBJECT_SET) && !as->set_elements && as->set.end > as->set.begin) {
        as->set_elements = parse_elements_range(S->c, as->set);
        if (as->kind == A_VALUE_SET && as->set_elements)
            resolve_constraint(S, as->module, as->inst_env, as->set_elements, 0);
    }
    if (t && as->kind != A_OBJECT && as->kind != A_OBJECT_SET)
        sema_finish_type(S, t);
    if (t && (as->kind == A_TYPE) && t->base) {
        TypeKind k = t->base->kind;
        if (k == TY_CLASS || k == TY_TYPE_IDENTIFIER || k == TY_ABSTRACT_SYNTAX)
            as->kind = A_CLASS;
    }
}

void sema_types_run(Sema *S, Module *m)
{
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        if (!as->nparams && as->type)
            sema_resolve_type(S, m, NULL, as->type);
    }
    for (int i = 0; i < m->nassigns; i++)
        finish_assignment(S, m->assigns[i]);
}

/* Instances appear whenever a parameterized reference is resolved (types,
 * values, objects): each pass takes the ones it has not seen yet. */
void sema_types_instances(Sema *S)
{
    for (; S->inst_typed < S->instances.len; S->inst_typed++)
        finish_assignment(S, S->instances.items[S->inst_typed]);
}

void sema_checks_instances(Sema *S)
{
    for (int i = 0; i < S->instances.len; i++) {
        Assignment *as = S->instances.items[i];
        if (as->kind == A_TYPE)
            check_type(S, as->type, 0);
    }
}

/* ------------------------------------------------------------ checks */

/* Tags that can begin an encoding of t; -1 when any tag can (open type, ANY). */
static int first_tags(Sema *S, Type *t, Tag *out, int max, int depth)
{
    if (!t || depth > 32)
        return 0;
    tags_of(S, t);
    if (t->ntags > 0) {
        if (max > 0)
            out[0] = t->tags[0];
        return 1;
    }
    Type *b = t->base;
    if (!b || b->kind != TY_CHOICE)
        return b ? -1 : 0;
    int n = 0;
    for (int i = 0; i < b->ncomps; i++) {
        int k = first_tags(S, b->comps[i]->type, out + n, max - n, depth + 1);
        if (k < 0)
            return -1;
        n += k;
        if (n >= max)
            return n;
    }
    return n;
}

static const char *tag_text(Arena *a, Tag t)
{
    static const char *const cls[] = {"UNIVERSAL ", "APPLICATION ", "", "PRIVATE "};
    return arena_printf(a, "[%s%u]", cls[t.cls], t.number);
}

/* Reports the first tag shared by components a and b. */
static bool clash(Sema *S, Type *owner, Component *a, Component *b)
{
    Tag ta[64], tb[64];
    int na = first_tags(S, a->type, ta, 64, 0);
    int nb = first_tags(S, b->type, tb, 64, 0);
    if (na < 0 || nb < 0)
        return false;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ta[i].cls == tb[j].cls && ta[i].number == tb[j].number) {
                diag(DIAG_ERROR, b->loc, "'%s' and '%s' in this %s have the same tag %s", a->name, b->name,
                     ast_type_kind_name(owner->kind), tag_text(S->a, ta[i]));
                diag_note(a->loc, "'%s' is here", a->name);
                return true;
            }
    return false;
}

/* A note naming the component closest in spelling to name, if any. */
static void sema_did_you_mean_in(Type *t, const char *name)
{
    const Component *best = NULL;
    int best_d = (int)strlen(name) / 3 + 1;
    if (best_d > 3)
        best_d = 3;
    for (int i = 0; i < t->ncomps; i++) {
        const Component *c = t->comps[i];
        int d = c->name ? sema_edit_distance(name, c->name) : 99;
        if (d <= best_d && (!best || d < best_d)) {
            best = c;
            best_d = d;
        }
    }
    if (best)
        diag_note(best->loc, "did you mean '%s'?", best->name);
}

/* X.680 51.8-51.9: inner subtyping names components of the constrained
 * type; ABSENT is for OPTIONAL components only. */
static void check_inner(Type *t, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    Type *b = t->base;
    if (c->kind == C_WITH_COMPONENT && b && b->kind != TY_SEQUENCE_OF && b->kind != TY_SET_OF)
        diag(DIAG_ERROR, c->loc, "WITH COMPONENT applies to SEQUENCE OF and SET OF, not %s", ast_type_kind_name(b->kind));
    if (c->kind == C_WITH_COMPONENTS && b) {
        if (b->kind != TY_SEQUENCE && b->kind != TY_SET && b->kind != TY_CHOICE) {
            diag(DIAG_ERROR, c->loc, "WITH COMPONENTS applies to SEQUENCE, SET and CHOICE, not %s",
                 ast_type_kind_name(b->kind));
        } else {
            for (int i = 0; i < c->nnamed; i++) {
                NamedConstraint *nc = c->named[i];
                Component *comp = find_component(b, nc->name);
                if (!comp) {
                    diag(DIAG_ERROR, nc->loc, "WITH COMPONENTS names '%s', which is not a component of the %s",
                         nc->name, ast_type_kind_name(b->kind));
                    sema_did_you_mean_in(b, nc->name);
                } else if (nc->presence == PRESENCE_ABSENT && b->kind != TY_CHOICE && !comp->optional &&
                           !comp->default_value) {
                    diag(DIAG_ERROR, nc->loc, "'%s' is not OPTIONAL and cannot be ABSENT", nc->name);
                    diag_note(comp->loc, "'%s' is here", comp->name);
                }
            }
        }
    }
    if (c->kind == C_WITH_COMPONENTS || c->kind == C_WITH_COMPONENT)
        return;
    check_inner(t, c->sub, depth + 1);
    check_inner(t, c->sub2, depth + 1);
}

static void check_type(Sema *S, Type *t, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    for (Constraint *c = t->constraints; c; c = c->next_serial)
        check_inner(t, c, 0);
    switch (t->kind) {
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++) {
            Component *c = t->comps[i];
            for (int j = 0; j < i; j++)
                if (c->name && t->comps[j]->name && strcmp(c->name, t->comps[j]->name) == 0) {
                    diag(DIAG_ERROR, c->loc, "'%s' is defined twice in this %s", c->name, ast_type_kind_name(t->kind));
                    diag_note(t->comps[j]->loc, "first defined here");
                    break;
                }
            if (t->kind == TY_CHOICE && (c->optional || c->default_value))
                diag(DIAG_ERROR, c->loc, "a CHOICE alternative cannot be OPTIONAL or DEFAULT");
            Type *b = c->type ? c->type->base : NULL;
            if (b && (b->kind == TY_CLASS || b->kind == TY_TYPE_IDENTIFIER || b->kind == TY_ABSTRACT_SYNTAX))
                diag(DIAG_ERROR, c->loc, "'%s' has a class as its type", c->name);
            /* X.208 (1988): ANY DEFINED BY names a sibling component. */
            if (b && b->kind == TY_ANY && b->any_defined_by && !find_component(t, b->any_defined_by)) {
                diag(DIAG_ERROR, c->loc, "ANY DEFINED BY names '%s', which is not a component of this %s",
                     b->any_defined_by, ast_type_kind_name(t->kind));
                sema_did_you_mean_in(t, b->any_defined_by);
            }
            check_type(S, c->type, depth + 1);
        }
        if (t->kind == TY_SET || t->kind == TY_CHOICE) {
            /* X.680 27.3, 29.2: every component's tags distinct. */
            for (int i = 0; i < t->ncomps; i++)
                for (int j = 0; j < i; j++)
                    if (clash(S, t, t->comps[j], t->comps[i]))
                        break;
        } else {
            /* X.680 25.5: an OPTIONAL/DEFAULT run and the next mandatory
             * component must have tags distinct from each other. */
            for (int i = 0; i < t->ncomps; i++) {
                Component *c = t->comps[i];
                if (!c->optional && !c->default_value)
                    continue;
                for (int j = i + 1; j < t->ncomps; j++) {
                    if (clash(S, t, c, t->comps[j]))
                        break;
                    if (!t->comps[j]->optional && !t->comps[j]->default_value)
                        break;
                }
            }
        }
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        check_type(S, t->inner, depth + 1);
        break;
    default:
        break;
    }
}

void sema_checks_run(Sema *S, Module *m)
{
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        if (!as->nparams && as->kind == A_TYPE)
            check_type(S, as->type, 0);
    }
}

/* ------------------------------------------------------------ recursion */

/* Assignments form a graph through the references in their types. A cycle
 * marks the types recursive (the emitter then uses raw views); a cycle made
 * only of mandatory containment (no SEQUENCE OF, OPTIONAL, DEFAULT or CHOICE
 * on the way) describes no finite value and is an error. */
typedef struct Node {
    Assignment *as;
    int index, low;
    bool on_stack;
    Vec edges;               /* Assignment* (any reference) */
    Vec must;                /* Assignment* (mandatory containment) */
} Node;

typedef struct Frame { int v, edge; } Frame;

typedef struct Graph {
    Sema *S;
    Frame *frames;
    Node *nodes;
    int n;
    int counter;
    Vec stack;
    int *scc;                /* node -> scc number */
    int nscc;
} Graph;

static int node_of(Graph *g, Assignment *as)
{
    int k = as ? as->state - 1000 : -1;
    return k >= 0 && k < g->n && g->nodes[k].as == as ? k : -1;
}

static void collect(Graph *g, Node *n, Type *t, bool must, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    switch (t->kind) {
    case TY_REF:
        if (t->ref_assign && node_of(g, t->ref_assign) >= 0) {
            vec_push(g->S->a, &n->edges, t->ref_assign);
            if (must)
                vec_push(g->S->a, &n->must, t->ref_assign);
        } else if (t->inner) {
            collect(g, n, t->inner, must, depth + 1);
        }
        break;
    case TY_SEQUENCE:
    case TY_SET:
        for (int i = 0; i < t->ncomps; i++) {
            Component *c = t->comps[i];
            collect(g, n, c->type, must && !c->optional && !c->default_value, depth + 1);
        }
        break;
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++)
            collect(g, n, t->comps[i]->type, false, depth + 1);
        break;
    case TY_TAGGED:
        collect(g, n, t->inner, must, depth + 1);
        break;
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        collect(g, n, t->inner, false, depth + 1);
        break;
    default:
        break;
    }
}

static void mark_recursive_refs(Graph *g, Type *t, int scc, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    switch (t->kind) {
    case TY_REF: {
        int k = node_of(g, t->ref_assign);
        if (k >= 0 && g->scc[k] == scc)
            t->recursive = true;
        break;
    }
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++)
            mark_recursive_refs(g, t->comps[i]->type, scc, depth + 1);
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        mark_recursive_refs(g, t->inner, scc, depth + 1);
        break;
    default:
        break;
    }
}

/* Tarjan's strongly connected components, iterative (schemas can be long chains). */
static void tarjan(Graph *g, int root, bool use_must)
{
    Frame *stack = g->frames;    /* shared by all roots: each node is pushed once */
    int sp = 0;
    stack[sp++] = (Frame){root, 0};
    g->nodes[root].index = g->nodes[root].low = ++g->counter;
    vec_push(g->S->a, &g->stack, (void *)(intptr_t)root);
    g->nodes[root].on_stack = true;
    while (sp) {
        Frame *f = &stack[sp - 1];
        Node *v = &g->nodes[f->v];
        Vec *ev = use_must ? &v->must : &v->edges;
        if (f->edge < ev->len) {
            int w = node_of(g, ev->items[f->edge++]);
            if (w < 0)
                continue;
            if (!g->nodes[w].index) {
                g->nodes[w].index = g->nodes[w].low = ++g->counter;
                vec_push(g->S->a, &g->stack, (void *)(intptr_t)w);
                g->nodes[w].on_stack = true;
                stack[sp++] = (Frame){w, 0};
            } else if (g->nodes[w].on_stack && g->nodes[w].index < v->low) {
                v->low = g->nodes[w].index;
            }
            continue;
        }
        if (v->low == v->index) {
            int id = g->nscc++;
            for (;;) {
                int w = (int)(intptr_t)g->stack.items[--g->stack.len];
                g->nodes[w].on_stack = false;
                g->scc[w] = id;
                if (w == f->v)
                    break;
            }
        }
        int child = f->v;
        sp--;
        if (sp) {
            Node *parent = &g->nodes[stack[sp - 1].v];
            if (g->nodes[child].low < parent->low)
                parent->low = g->nodes[child].low;
        }
    }
}

static bool self_edge(Vec *e, Assignment *as)
{
    for (int i = 0; i < e->len; i++)
        if (e->items[i] == as)
            return true;
    return false;
}

void sema_check_recursion(Sema *S)
{
    Compilation *c = S->c;
    Vec all = {0};
    for (int i = 0; i < c->nmodules; i++)
        for (int j = 0; j < c->modules[i]->nassigns; j++) {
            Assignment *as = c->modules[i]->assigns[j];
            if (as->kind == A_TYPE && !as->nparams && as->type && as->type->base)
                vec_push(S->a, &all, as);
        }
    for (int i = 0; i < S->instances.len; i++) {
        Assignment *as = S->instances.items[i];
        if (as->kind == A_TYPE && as->type && as->type->base)
            vec_push(S->a, &all, as);
    }
    Graph g = {0};
    g.S = S;
    g.n = all.len;
    g.nodes = arena_alloc(S->a, sizeof(Node) * (size_t)(g.n + 1));
    g.scc = arena_alloc(S->a, sizeof(int) * (size_t)(g.n + 1));
    g.frames = arena_alloc(S->a, sizeof(Frame) * (size_t)(g.n + 1));
    int *saved = arena_alloc(S->a, sizeof(int) * (size_t)(g.n + 1));
    for (int i = 0; i < g.n; i++) {
        Assignment *as = all.items[i];
        g.nodes[i].as = as;
        saved[i] = as->state;
        as->state = 1000 + i;
    }
    for (int i = 0; i < g.n; i++)
        collect(&g, &g.nodes[i], g.nodes[i].as->type, true, 0);
    for (int pass = 0; pass < 2; pass++) {
        bool use_must = pass == 1;
        g.counter = 0;
        g.nscc = 0;
        g.stack.len = 0;
        for (int i = 0; i < g.n; i++) {
            g.nodes[i].index = g.nodes[i].low = 0;
            g.nodes[i].on_stack = false;
        }
        for (int i = 0; i < g.n; i++)
            if (!g.nodes[i].index)
                tarjan(&g, i, use_must);
        int *size = arena_alloc(S->a, sizeof(int) * (size_t)(g.nscc + 1));
        for (int i = 0; i < g.n; i++)
            size[g.scc[i]]++;
        for (int i = 0; i < g.n; i++) {
            Node *n = &g.nodes[i];
            Vec *ev = use_must ? &n->must : &n->edges;
            bool cyclic = size[g.scc[i]] > 1 || self_edge(ev, n->as);
            if (!cyclic)
                continue;
            if (!use_must) {
                n->as->type->recursive = true;
                mark_recursive_refs(&g, n->as->type, g.scc[i], 0);
            } else {
                diag(DIAG_ERROR, n->as->loc, "'%s' contains itself through mandatory components: no value is finite",
                     n->as->name);
                diag_note(n->as->loc, "make a component on the cycle OPTIONAL, or use SEQUENCE OF or CHOICE");
                size[g.scc[i]] = 0;  /* one report per cycle */
            }
        }
    }
    for (int i = 0; i < g.n; i++)
        g.nodes[i].as->state = saved[i];
}
