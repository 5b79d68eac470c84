/* sema_types.c — types, in the recursive group with sema_values.c and
 * sema_constraints.c (see asn1cc.h, "sema: layers"): binds references
 * (instantiating parameterized ones through sema_params.c), computes each
 * node's base type, resolves class fields (X.681 14), expands COMPONENTS OF,
 * applies AUTOMATIC tagging (X.680 25.3), computes the wire tag chain
 * (X.680 31) and numbers named numbers and enumerators (X.680 19-22).
 * Finishing a type also folds its constraints (sema_constraints.c); tag
 * numbers and named numbers are values (sema_values.c). */
#include "asn1cc.h"

#include <string.h>

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

static void resolve_constraint(Sema *S, Module *m, Env *env, Constraint *c, int depth);

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
        t->sema_flags |= TF_BROKEN;
        return;
    }
    if (as->nparams) {
        if (!t->nref_actuals) {
            diag(DIAG_ERROR, t->loc, "'%s' is parameterized: write %s{...}", t->ref_name, t->ref_name);
            diag_note(as->loc, "'%s' is defined here", as->name);
            t->sema_flags |= TF_BROKEN;
            return;
        }
        as = sema_instantiate(S, m, env, as, t->ref_actuals, t->nref_actuals, t->loc);
        if (!as) {
            t->sema_flags |= TF_BROKEN;
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
    if (as->kind == A_OBJECT && t->nfield_path) {
        /* X.681 15.1 TypeFromObject: obj.&T stands for the type obj gives &T. */
        t->inner = sema_object_type_field(S, as, t);
        if (!t->inner)
            t->sema_flags |= TF_BROKEN;
        return;
    }
    if (as->kind == A_VALUE || as->kind == A_OBJECT) {
        diag(DIAG_ERROR, t->loc, "'%s' is a value, not a type", t->ref_name);
        diag_note(as->loc, "'%s' is defined here", as->name);
        t->sema_flags |= TF_BROKEN;
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
            t->sema_flags |= TF_BROKEN;
            return;
        }
        t->inner = vt;
        return;
    }
    t->ref_assign = as;
}

void sema_resolve_type(Sema *S, Module *m, Env *env, Type *t)
{
    if (!t || (t->sema_flags & TF_RESOLVED))
        return;
    t->sema_flags |= TF_RESOLVED;
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
Type *sema_assignment_type(Sema *S, Assignment *as)
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
ClassDef *sema_class_of(Sema *S, Type *t)
{
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
                t = sema_assignment_type(S, t->ref_assign);
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

static Type *field_base(Sema *S, Type *t);

/* ------------------------------------------------------------ base */

Component *sema_find_component(Type *t, const char *name)
{
    for (int i = 0; i < t->ncomps; i++)
        if (t->comps[i]->name && strcmp(t->comps[i]->name, name) == 0)
            return t->comps[i];
    return NULL;
}

Type *sema_base_of(Sema *S, Type *t)
{
    if (!t)
        return NULL;
    if (t->sema_flags & TF_BASE)
        return t->base;
    if (t->sema_flags & TF_BASE_BUSY) {
        diag(DIAG_ERROR, t->loc, "circular type definition: this reference leads back to itself");
        t->sema_flags |= TF_BROKEN;
        return NULL;
    }
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= TF_BASE | TF_BROKEN;
        return NULL;
    }
    t->sema_flags |= TF_BASE_BUSY;
    if (!(t->sema_flags & TF_RESOLVED))
        sema_resolve_type(S, t->sema_module, t->sema_env, t);
    Type *b = t;
    switch (t->kind) {
    case TY_REF:
        if (t->inner)
            b = sema_base_of(S, t->inner);
        else if (t->ref_assign)
            b = sema_base_of(S, sema_assignment_type(S, t->ref_assign));
        else
            b = NULL;
        break;
    case TY_TAGGED:
        b = sema_base_of(S, t->inner);
        break;
    case TY_SELECTION: {
        Type *cb = sema_base_of(S, t->inner);
        b = NULL;
        if (cb && cb->kind == TY_CHOICE) {
            Component *alt = sema_find_component(cb, t->sel_name);
            if (alt)
                b = sema_base_of(S, alt->type);
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
    t->sema_flags = (t->sema_flags & ~(unsigned)TF_BASE_BUSY) | TF_BASE;
    sema_leave(S);
    return b;
}

/* X.681 14: CLASS.&field denotes an open type (type fields, variable-type
 * value fields) or the type of a fixed-type value field. */
static Type *field_base(Sema *S, Type *t)
{
    ClassDef *cd = sema_class_of(S, t->field_class);
    if (!cd) {
        if (!(t->field_class->sema_flags & TF_BROKEN))
            diag(DIAG_ERROR, t->loc, "'%s' is not an information object class",
                 t->field_class->kind == TY_REF ? t->field_class->ref_name : ast_type_kind_name(t->field_class->kind));
        return NULL;
    }
    Type *fc = t->field_class;
    /* ValueSetFromObjects (X.681 15.1): one fixed-type value field of a
     * set's objects is the field's type constrained to the values they give
     * it (sema_constraints.c reads them); types and sets from a set's
     * objects, or a path through object fields, are not read. */
    bool from_set = fc->kind == TY_REF && fc->ref_assign && fc->ref_assign->kind == A_OBJECT_SET;
    if (from_set && t->nfield_path == 1) {
        ClassField *sf = sema_class_field(cd, t->field_path[0]);
        from_set = !sf || sf->kind != FK_FIXED_VALUE;
    }
    if (from_set) {
        /* Read as its class's field, it would permit every value of the field's type. */
        diag(DIAG_ERROR, t->loc, "%s.%s names the types, sets or objects the objects of set %s give that field "
             "(X.681 15.1): not supported (only a fixed-type value field is); list them, or use the class's field %s",
             fc->ref_name, t->field_path[0], fc->ref_name, t->field_path[0]);
        return NULL;
    }
    ClassField *sf = sema_class_field(cd, t->field_path[0]);
    if (sf && fc->kind == TY_REF && fc->ref_assign && fc->ref_assign->kind == A_OBJECT_SET && !fc->ref_assign->nparams) {
        Assignment *set = fc->ref_assign;
        sema_object_set_flatten(S, set);
        bool any = set->objects_extensible || sf->default_value;
        for (int i = 0; i < set->nobjects && !any; i++) {
            FieldSetting *fs = object_field(set->objects[i], sf->name);
            any = fs && fs->value;
        }
        if (!any) {          /* the type would have no value */
            diag(DIAG_ERROR, t->loc, "no object of set %s gives field %s a value", fc->ref_name, sf->name);
            return NULL;
        }
    }
    ClassField *f = NULL;
    for (int i = 0; i < t->nfield_path; i++) {
        f = sema_class_field(cd, t->field_path[i]);
        if (!f) {
            diag(DIAG_ERROR, t->loc, "the class has no field '%s'", t->field_path[i]);
            return NULL;
        }
        if (i + 1 < t->nfield_path) {
            cd = sema_class_of(S, f->type);
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
        return sema_base_of(S, f->type);
    case FK_OBJECT:
    case FK_OBJECT_SET:
        diag(DIAG_ERROR, t->loc, "field '%s' holds objects, not values", f->name);
        return NULL;
    default: {
        Type *open = ast_new_type(S->a, TY_OPEN, t->loc);
        open->sema_flags = TF_RESOLVED | TF_BASE | TF_TAGS | TF_RANGE | TF_EXPANDED | TF_FINISHED;
        open->base = open;
        return open;
    }
    }
}

Type *type_base(Type *t)
{
    return t ? t->base : NULL;
}

/* ------------------------------------------------------------ COMPONENTS OF */

/* X.680 25.4: COMPONENTS OF T copies T's root components (not its extension
 * additions); T must be a SEQUENCE (in a SEQUENCE) or SET (in a SET). */
static void expand_components(Sema *S, Type *t)
{
    if (t->sema_flags & TF_EXPANDED)
        return;
    if (t->sema_flags & TF_EXPAND_BUSY) {
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
        t->sema_flags |= TF_EXPANDED;
        return;
    }
    t->sema_flags |= TF_EXPAND_BUSY;
    Vec out = {0};
    for (int i = 0; i < t->ncomps; i++) {
        Component *c = t->comps[i];
        if (!c->components_of) {
            vec_push(S->a, &out, c);
            continue;
        }
        Type *src = sema_base_of(S, c->type);
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
            if (copy->type && (copy->type->sema_flags & TF_AUTOTAG))
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
    t->sema_flags = (t->sema_flags & ~(unsigned)TF_EXPAND_BUSY) | TF_EXPANDED;
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
            tagged->sema_flags = TF_RESOLVED | TF_AUTOTAG;
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
    case TY_OID_IRI: return 35;
    case TY_RELATIVE_OID_IRI: return 36;
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

static void copy_tags(Type *t, const Type *from)
{
    if (!from)
        return;
    t->ntags = from->ntags;
    t->tags = from->tags;
}

void sema_tags_of(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & TF_TAGS))
        return;
    if (t->sema_flags & TF_TAGS_BUSY)
        return;              /* a cycle: reported as a circular definition */
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= TF_TAGS;
        return;
    }
    t->sema_flags |= TF_TAGS_BUSY;
    Type *b = sema_base_of(S, t);
    switch (t->kind) {
    case TY_REF:
        if (t->inner) {
            sema_tags_of(S, t->inner);
            copy_tags(t, t->inner);
        } else if (t->ref_assign) {
            Type *target = sema_assignment_type(S, t->ref_assign);
            sema_tags_of(S, target);
            copy_tags(t, target);
        }
        break;
    case TY_TAGGED: {
        Type *in = t->inner;
        sema_tags_of(S, in);
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
        /* X.680 31.2.7: an untagged CHOICE, open type or ANY can only be
         * tagged explicitly: the decoder needs the tag of the alternative or
         * of the value inside. IMPLICIT written on one is an error; a
         * default or automatic tag becomes explicit. */
        if (!explicit_tag && in && in->ntags == 0) {
            if (t->tag.mode == TAGMODE_IMPLICIT && !(t->sema_flags & TF_AUTOTAG) && b) {
                const char *what = b->kind == TY_OPEN ? "open type" : ast_type_kind_name(b->kind);
                diag(DIAG_ERROR, t->tag.loc,
                     "IMPLICIT cannot tag an untagged %s: the decoder needs the tag inside it (X.680 31.2.7); "
                     "write EXPLICIT or leave IMPLICIT out", what);
                if (b->loc.file && (b->loc.file != t->tag.loc.file || b->loc.line != t->tag.loc.line))
                    diag_note(b->loc, "the %s is defined here", what);
                t->sema_flags |= TF_BROKEN;
            }
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
            Type *cb = sema_base_of(S, t->inner);
            Component *alt = cb && cb->kind == TY_CHOICE ? sema_find_component(cb, t->sel_name) : NULL;
            src = alt ? alt->type : NULL;
        } else if (t->field && (t->field->kind == FK_FIXED_VALUE || t->field->kind == FK_FIXED_VALUE_SET)) {
            src = t->field->type;
        }
        sema_tags_of(S, src);
        copy_tags(t, src);
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
    t->sema_flags = (t->sema_flags & ~(unsigned)TF_TAGS_BUSY) | TF_TAGS;
    sema_leave(S);
}

/* ------------------------------------------------------------ named numbers */

/* X.680 19 (INTEGER), 20.2-20.4 (ENUMERATED numbering), 22 (named bits). */
static void number_named(Sema *S, Type *t)
{
    if (t->sema_flags & TF_NAMED)
        return;
    t->sema_flags |= TF_NAMED;
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
        /* X.680 20.3-20.5: the root is unordered; each addition is above
         * the additions before it (not the root), and one without a number
         * takes the smallest value above them that the root leaves free, so
         * { a, z(25), ..., d } gives d = 1. Clashes with the root are the
         * distinctness check's below. */
        AsnInt last = -1;
        for (int i = 0; i < t->nnamed; i++) {
            NamedNumber *nn = t->named[i];
            if (!nn->is_extension)
                continue;
            if (!nn->value) {
                AsnInt next = last + 1;
                for (int j = 0; j < t->nnamed; j++)
                    if (!t->named[j]->is_extension && t->named[j]->number == next) {
                        next++;
                        j = -1;
                    }
                nn->number = next;
            } else if (nn->number <= last)
                diag(DIAG_ERROR, nn->loc, "extension addition '%s' must be numbered above the additions before it",
                     nn->name);
            last = nn->number;
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

void sema_finish_type(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & TF_FINISHED))
        return;
    t->sema_flags |= TF_FINISHED;
    if (!(t->sema_flags & TF_RESOLVED))
        sema_resolve_type(S, t->sema_module, t->sema_env, t);
    sema_base_of(S, t);
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
        sema_table_constraint(S, t);
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
    sema_tags_of(S, t);
    sema_value_range(S, t);
    sema_alphabet(S, t);
}

/* A value set's or object set's body parsed as ElementSetSpecs, once it
 * parses; a value set's is bound as well (an object set's elements are read
 * by sema_objects.c against the class). */
Constraint *sema_set_elements(Sema *S, Assignment *as)
{
    if (!as->set_elements && as->set.end > as->set.begin) {
        as->set_elements = parse_elements_range(S->c, as->set);
        if (as->kind == A_VALUE_SET && as->set_elements)
            resolve_constraint(S, as->module, as->inst_env, as->set_elements, 0);
    }
    return as->set_elements;
}

static void finish_assignment(Sema *S, Assignment *as)
{
    if (as->nparams)
        return;              /* checked through its instances */
    Type *t = sema_assignment_type(S, as);
    if (as->kind == A_VALUE_SET || as->kind == A_OBJECT_SET)
        sema_set_elements(S, as);
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


/* ------------------------------------------------------------ values of a type */

/* X.680 Annex B: a value of one type is a value of another when a value
 * mapping relates them. Identical built-in types are mapped (structure is
 * not compared here); among the restricted character string types, B.5.2
 * maps only the known-multiplier types and UTF8String to each other, so a
 * GeneralString or TeletexString value is a value of its own type alone.
 * Open types and ANY take any value. */
bool sema_types_compatible(const Type *a, const Type *b)
{
    if (!a || !b || a->kind == TY_OPEN || a->kind == TY_ANY || b->kind == TY_OPEN || b->kind == TY_ANY)
        return true;
    if (a->kind != b->kind)
        return false;
    if (a->kind != TY_STRING || a->str_kind == b->str_kind)
        return true;
    static const StringKind mapped[] = {STR_BMP, STR_IA5, STR_ISO646, STR_NUMERIC, STR_PRINTABLE,
                                        STR_UNIVERSAL, STR_UTF8, STR_VISIBLE};
    bool ma = false, mb = false;
    for (size_t i = 0; i < sizeof mapped / sizeof mapped[0]; i++) {
        ma |= a->str_kind == mapped[i];
        mb |= b->str_kind == mapped[i];
    }
    return ma && mb;
}

/* X.680 41, Table 10 for PrintableString. */
static bool printable_char(uint32_t c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr(" '()+,-./:=?", (int)c) != NULL);
}

/* Whether a character string type holds character c (a code point), for the
 * types whose character set X.680 41 fixes; the ISO 2022 types (Teletex,
 * Videotex, Graphic, General, ObjectDescriptor) are not checked. */
static bool string_has_char(StringKind k, uint32_t c)
{
    switch (k) {
    case STR_NUMERIC: return c == ' ' || (c >= '0' && c <= '9');
    case STR_PRINTABLE: return printable_char(c);
    case STR_IA5: return c < 0x80;
    case STR_VISIBLE: case STR_ISO646: return c >= 0x20 && c < 0x7f;
    case STR_BMP: return c < 0x10000;
    default: return true;
    }
}

/* Next code point of UTF-8 text; false (after 1 byte) when malformed. */
static bool utf8_next(const uint8_t *s, size_t n, size_t *i, uint32_t *out)
{
    uint8_t b = s[*i];
    int len = b < 0x80 ? 1 : (b & 0xe0) == 0xc0 ? 2 : (b & 0xf0) == 0xe0 ? 3 : (b & 0xf8) == 0xf0 ? 4 : 0;
    if (!len || *i + (size_t)len > n) {
        (*i)++;
        return false;
    }
    uint32_t c = len == 1 ? b : (uint32_t)(b & (0x7f >> len));
    for (int k = 1; k < len; k++) {
        if ((s[*i + (size_t)k] & 0xc0) != 0x80) {
            (*i)++;
            return false;
        }
        c = c << 6 | (s[*i + (size_t)k] & 0x3f);
    }
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    *i += (size_t)len;
    *out = c;
    return c >= min[len] && c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff);
}

static bool digits_at(const char *s, size_t n, size_t at, size_t count, int *out)
{
    int v = 0;
    for (size_t i = at; i < at + count; i++) {
        if (i >= n || s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

/* Month 1..12 and day 1..31 at s[at], width 2 each (sep between when not 0). */
static bool month_day(const char *s, size_t n, size_t at, char sep)
{
    int mo, d;
    size_t d_at = at + 2 + (sep != 0);
    return digits_at(s, n, at, 2, &mo) && (!sep || (d_at - 1 < n && s[d_at - 1] == sep)) &&
           digits_at(s, n, d_at, 2, &d) && mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
}

/* hh, mm, ss with their limits (a leap second is 60). */
static bool time_part(const char *s, size_t n, size_t at, int which)
{
    int v;
    static const int max[] = {23, 59, 60};
    return digits_at(s, n, at, 2, &v) && v <= max[which];
}

/* "Z", or "+hhmm"/"-hhmm" (hh alone when hh_alone) at s[at], ending the text. */
static bool time_zone(const char *s, size_t n, size_t at, bool hh_alone)
{
    if (at == n)
        return false;
    if (s[at] == 'Z')
        return at + 1 == n;
    if (s[at] != '+' && s[at] != '-')
        return false;
    if (!time_part(s, n, at + 1, 0))
        return false;
    if (hh_alone && at + 3 == n)
        return true;
    return time_part(s, n, at + 3, 1) && at + 5 == n;
}

/* X.680 47.3 UTCTime: YYMMDDhhmm[ss] then Z or a difference from UTC. */
static bool utc_time_ok(const char *s, size_t n)
{
    int yy;
    if (!digits_at(s, n, 0, 2, &yy) || !month_day(s, n, 2, 0) || !time_part(s, n, 6, 0) || !time_part(s, n, 8, 1))
        return false;
    size_t at = 10;
    if (at < n && s[at] >= '0' && s[at] <= '9') {
        if (!time_part(s, n, at, 2))
            return false;
        at += 2;
    }
    return time_zone(s, n, at, false);
}

static size_t skip_digits(const char *s, size_t n, size_t at)
{
    while (at < n && s[at] >= '0' && s[at] <= '9')
        at++;
    return at;
}

/* An optional ISO 8601 fraction at *at: "." or "," then at least one digit.
 * False when the digits are missing; *had says whether one was read. */
static bool skip_fraction(const char *s, size_t n, size_t *at, bool *had)
{
    *had = false;
    if (*at < n && (s[*at] == '.' || s[*at] == ',')) {
        size_t f = *at + 1;
        *at = skip_digits(s, n, f);
        if (*at == f)
            return false;
        *had = true;
    }
    return true;
}

/* X.680 46.3 GeneralizedTime (ISO 8601 basic form): YYYYMMDDHH[MM[SS]],
 * a fraction of the last element given ("." or ","), then nothing (local
 * time), Z, or a difference from UTC of hours [and minutes]. */
static bool generalized_time_ok(const char *s, size_t n)
{
    int y;
    if (!digits_at(s, n, 0, 4, &y) || !month_day(s, n, 4, 0) || !time_part(s, n, 8, 0))
        return false;
    size_t at = 10;
    for (int which = 1; which <= 2 && at < n && s[at] >= '0' && s[at] <= '9'; which++) {
        if (!time_part(s, n, at, which))
            return false;
        at += 2;
    }
    bool fraction;
    if (!skip_fraction(s, n, &at, &fraction))
        return false;
    return at == n || time_zone(s, n, at, true);
}

/* X.680 38.4 DATE (YYYY-MM-DD), TIME-OF-DAY (hh:mm:ss), DATE-TIME (both
 * joined by T): the ISO 8601 extended forms their property settings fix. */
static bool date_ok(const char *s, size_t n, size_t at)
{
    int y;
    return digits_at(s, n, at, 4, &y) && at + 4 < n && s[at + 4] == '-' && month_day(s, n, at + 5, '-');
}

static bool time_of_day_ok(const char *s, size_t n, size_t at)
{
    return time_part(s, n, at, 0) && at + 2 < n && s[at + 2] == ':' && time_part(s, n, at + 3, 1) && at + 5 < n &&
           s[at + 5] == ':' && time_part(s, n, at + 6, 2);
}

/* ISO 8601 duration: P then nY nM nD [T nH nM nS] in that order (at least
 * one, the last may have a fraction), or PnW. */
static bool duration_ok(const char *s, size_t n)
{
    if (n < 3 || s[0] != 'P')
        return false;
    const char *units = "YMDTHMS";
    size_t at = 1, u = 0;
    bool any = false, in_time = false, frac = false;
    if (n >= 3 && s[n - 1] == 'W')
        return skip_digits(s, n, 1) == n - 1;
    while (at < n) {
        if (s[at] == 'T') {
            if (in_time || at + 1 == n)
                return false;
            in_time = true;
            u = 4;
            at++;
            continue;
        }
        if (frac)
            return false;    /* only the last element has a fraction */
        size_t d = at;
        at = skip_digits(s, n, at);
        if (at == d || !skip_fraction(s, n, &at, &frac))
            return false;
        if (at == n)
            return false;
        while (units[u] && (units[u] != s[at] || (u == 3)))
            u++;
        if (!units[u] || (u < 3) == in_time)
            return false;
        u++;
        at++;
        any = true;
    }
    return any;
}

/* The value syntax of time type `kind` that text does not have, as a
 * message names it; NULL when it has it, or kind is no time type checked
 * here (TIME: any ISO 8601 form its settings allow). */
static const char *time_form_broken(TypeKind kind, const char *text, size_t n)
{
    switch (kind) {
    case TY_UTC_TIME:
        return utc_time_ok(text, n) ? NULL : "UTCTime value: YYMMDDhhmm[ss] then Z, +hhmm or -hhmm (X.680 47.3)";
    case TY_GENERALIZED_TIME:
        return generalized_time_ok(text, n) ? NULL
               : "GeneralizedTime value: YYYYMMDDhh[mm[ss]][.fraction] then nothing, Z or +hh[mm] (X.680 46.3)";
    case TY_DATE:
        return date_ok(text, n, 0) && n == 10 ? NULL : "DATE value: YYYY-MM-DD (X.680 38.4.1)";
    case TY_TIME_OF_DAY:
        return time_of_day_ok(text, n, 0) && n == 8 ? NULL : "TIME-OF-DAY value: hh:mm:ss (X.680 38.4.2)";
    case TY_DATE_TIME:
        return n == 19 && date_ok(text, n, 0) && text[10] == 'T' && time_of_day_ok(text, n, 11)
               ? NULL : "DATE-TIME value: YYYY-MM-DDThh:mm:ss (X.680 38.4.3)";
    case TY_DURATION:
        return duration_ok(text, n) ? NULL : "DURATION value: PnYnMnDTnHnMnS or PnW (X.680 38.4.4)";
    default:
        return NULL;
    }
}

/* Checks a character string value (UTF-8 text) against its type b: the
 * characters the type can hold (X.680 41) and, for the time types, their
 * value syntax. Diagnoses at loc and returns false when it does not fit. */
bool sema_check_string_value(const Type *b, const char *text, size_t n, Loc loc)
{
    const char *form;
    if (!b || !text)
        return true;
    switch (b->kind) {
    case TY_STRING:
        for (size_t i = 0; i < n;) {
            uint32_t c = 0;
            size_t at = i;
            if (!utf8_next((const uint8_t *)text, n, &i, &c)) {
                if (b->str_kind == STR_NUMERIC || b->str_kind == STR_PRINTABLE || b->str_kind == STR_IA5 ||
                    b->str_kind == STR_VISIBLE || b->str_kind == STR_ISO646 || b->str_kind == STR_BMP) {
                    diag(DIAG_ERROR, loc, "character string value is not valid UTF-8 (byte %zu)", at + 1);
                    return false;
                }
                continue;
            }
            if (!string_has_char(b->str_kind, c)) {
                if (c >= 0x20 && c < 0x7f)
                    diag(DIAG_ERROR, loc, "'%c' is not a character of %s (X.680 41)", (int)c, ast_string_kind_name(b->str_kind));
                else
                    diag(DIAG_ERROR, loc, "U+%04X is not a character of %s (X.680 41)", (unsigned)c,
                         ast_string_kind_name(b->str_kind));
                return false;
            }
        }
        return true;
    default:
        if ((form = time_form_broken(b->kind, text, n)) == NULL)
            return true;
        diag(DIAG_ERROR, loc, "\"%s\" is not a %s", text, form);
        return false;
    }
}
