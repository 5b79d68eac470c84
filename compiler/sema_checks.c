/* sema_checks.c — checks made once every type is finished, reading what
 * sema_types.c and sema_constraints.c computed: distinct component names,
 * distinct tags where a decoder must tell components apart (X.680 25.5,
 * 27.3, 29.2), inner subtyping that applies (sema_constraints.c), and
 * recursion: which types are recursive, and which describe no finite value.
 * Nothing below calls back here. */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

/* ------------------------------------------------------------ names and tags */

/* Tags that can begin an encoding of t; -1 when any tag can: ANY, an open
 * type, or an untagged CHOICE with such an alternative (X.680 31.2.7 leaves
 * their tag to the value). *unknown names what made it so. */
static int first_tags(Sema *S, Type *t, Tag *out, int max, int depth, Type **unknown)
{
    if (!t || depth > 32)
        return 0;
    sema_tags_of(S, t);
    if (t->ntags > 0) {
        if (max > 0)
            out[0] = t->tags[0];
        return 1;
    }
    Type *b = t->base;
    if (b && (b->kind == TY_ANY || b->kind == TY_OPEN)) {
        *unknown = b;
        return -1;
    }
    if (!b || b->kind != TY_CHOICE)
        return 0;            /* broken (already reported) */
    int n = 0;
    for (int i = 0; i < b->ncomps; i++) {
        int k = first_tags(S, b->comps[i]->type, out + n, max - n, depth + 1, unknown);
        if (k < 0) {
            *unknown = b;
            return -1;
        }
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

static const char *unknown_text(const Type *u)
{
    return u->kind == TY_ANY ? "ANY" : u->kind == TY_OPEN ? "an open type"
                                                          : "an untagged CHOICE with an ANY or open type alternative";
}

/* Reports the first tag shared by components a and b (b written after a).
 * A tag that cannot be known clashes with every tag (X.680 25.5, 27.3, 29.2:
 * the decoder could not tell which of the two it reads). */
static bool clash(Sema *S, Type *owner, Component *a, Component *b)
{
    Tag ta[64], tb[64];
    Type *ua = NULL, *ub = NULL;
    int na = first_tags(S, a->type, ta, 64, 0, &ua);
    int nb = first_tags(S, b->type, tb, 64, 0, &ub);
    const char *kind = ast_type_kind_name(owner->kind);
    if (na < 0 || nb < 0) {
        Component *u = nb < 0 ? b : a;
        diag(DIAG_ERROR, b->loc,
             "'%s' and '%s' in this %s cannot be told apart: the tag of '%s' (%s) cannot be known; tag it, e.g. [0]",
             a->name, b->name, kind, u->name, unknown_text(nb < 0 ? ub : ua));
        if (owner->kind == TY_SEQUENCE)
            diag_note(a->loc, "'%s' is %s, so either may come next", a->name, a->optional ? "OPTIONAL" : "DEFAULT");
        else
            diag_note(a->loc, "'%s' is here", a->name);
        return true;
    }
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ta[i].cls == tb[j].cls && ta[i].number == tb[j].number) {
                diag(DIAG_ERROR, b->loc, "'%s' and '%s' in this %s have the same tag %s", a->name, b->name, kind,
                     tag_text(S->a, ta[i]));
                diag_note(a->loc, "'%s' is here", a->name);
                return true;
            }
    return false;
}

/* Extension addition groups "[[n: ...]]": a version number is at least 2
 * and above the one of every group before it (X.680 25). */
static void check_versions(Sema *S, Type *t)
{
    Value *prev = NULL;
    AsnInt prev_n = 0;
    int group = 0;
    for (int i = 0; i < t->ncomps; i++) {
        Component *c = t->comps[i];
        if (!c->ext_group || c->ext_group == group || c->from_components_of)
            continue;
        group = c->ext_group;
        AsnInt n;
        if (!c->group_version || !sema_int_value(S, t->sema_module, t->sema_env, c->group_version, NULL, &n))
            continue;
        char a[48], b[48];
        if (n < 2) {
            diag(DIAG_ERROR, c->group_version->loc, "an extension group's version number is at least 2, not %s",
                 asn_int_str(a, n));
        } else if (prev && n <= prev_n) {
            diag(DIAG_ERROR, c->group_version->loc,
                 "version number %s is not above %s: each extension group's number is above the one before",
                 asn_int_str(a, n), asn_int_str(b, prev_n));
            diag_note(prev->loc, "the group before has version number %s", b);
        }
        prev = c->group_version;
        prev_n = n;
    }
}

/* ------------------------------------------------------------ component relations */

/* The SEQUENCE, SET and CHOICE types textually around a component, the
 * outermost first: what "@a.b" (from the outermost) and "@.a" (from the
 * innermost, one more "." per level up) count from (X.682 10.7). */
typedef struct Outer {
    Type *t[64];
    int n;
} Outer;

static Type *field_under_tags(Type *t)
{
    while (t && t->kind == TY_TAGGED)
        t = t->inner;
    return t && t->kind == TY_FIELD ? t : NULL;
}

static bool has_table_constraint(const Type *t)
{
    for (const Constraint *c = t->constraints; c; c = c->next_serial) {
        const Constraint *e = c->kind == C_EXTENSIBLE ? c->sub : c;
        if (e && (e->kind == C_BRACED || e->kind == C_RELATION))
            return true;
    }
    return false;
}

/* X.682 10.7: each "@" of a component relation constraint names a
 * component, and that component is constrained by the same object set. */
static void check_relations(Sema *S, Component *comp, const Outer *o)
{
    Type *f = field_under_tags(comp->type);
    if (!f || !o->n)
        return;
    for (Constraint *c = f->constraints; c; c = c->next_serial) {
        Constraint *e = c->kind == C_EXTENSIBLE ? c->sub : c;
        if (!e || e->kind != C_RELATION || !e->relation.ta)
            continue;
        TokRange r = e->relation;
        for (int i = r.begin; i < r.end;) {
            const Token *at = &r.ta->toks[i++];
            if (at->kind != '@')
                continue;
            int up = 0;
            for (; i < r.end; i++) {
                int k = r.ta->toks[i].kind;
                if (k != '.' && k != T_RANGE && k != T_ELLIPSIS)
                    break;
                up += k == '.' ? 1 : k == T_RANGE ? 2 : 3;
            }
            Type *cur = up == 0 ? o->t[0] : up <= o->n ? o->t[o->n - up] : NULL;
            if (!cur) {
                diag(DIAG_ERROR, at->loc, "this '@' goes up %d levels, but only %d types enclose '%s'", up, o->n, comp->name);
                continue;
            }
            Component *ref = NULL;
            while (i < r.end && r.ta->toks[i].kind == T_IDENTIFIER) {
                const Token *id = &r.ta->toks[i++];
                const char *name = arena_strndup(S->a, id->text, (size_t)id->len);
                Type *cb = cur ? cur->base : NULL;
                ref = cb && (cb->kind == TY_SEQUENCE || cb->kind == TY_SET || cb->kind == TY_CHOICE)
                          ? sema_find_component(cb, name) : NULL;
                if (!ref) {
                    if (cb && cb->ncomps)
                        diag(DIAG_ERROR, at->loc, "component relation names '%s', which is not a component of the %s it "
                             "refers to", name, ast_type_kind_name(cb->kind));
                    else
                        diag(DIAG_ERROR, at->loc, "component relation names '%s' inside a type that has no components", name);
                    if (cb && cb->ncomps)
                        sema_did_you_mean_component(cb, name);
                    break;
                }
                cur = ref->type;
                if (i < r.end && r.ta->toks[i].kind == '.')
                    i++;
                else
                    break;
            }
            if (!ref)
                continue;
            Type *rf = field_under_tags(ref->type);
            if (!rf || !has_table_constraint(rf)) {
                diag(DIAG_ERROR, at->loc, "'%s' has no table constraint: a component relation refers to a component "
                     "constrained by the same object set", ref->name);
                diag_note(ref->loc, "'%s' is here", ref->name);
            } else if (f->table_set && rf->table_set && f->table_set != rf->table_set) {
                diag(DIAG_ERROR, at->loc, "'%s' is constrained by object set %s, not by %s", ref->name,
                     rf->table_set->name, f->table_set->name);
                diag_note(ref->loc, "'%s' is here", ref->name);
            }
        }
    }
}

static void check_type(Sema *S, Type *t, int depth, Outer *o)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    sema_check_constraints(S, t);
    switch (t->kind) {
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        if (o->n == 64)
            return;          /* deeper than any real relation constraint */
        o->t[o->n++] = t;
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
            if (b && b->kind == TY_ANY && b->any_defined_by && !sema_find_component(t, b->any_defined_by)) {
                diag(DIAG_ERROR, c->loc, "ANY DEFINED BY names '%s', which is not a component of this %s",
                     b->any_defined_by, ast_type_kind_name(t->kind));
                sema_did_you_mean_component(t, b->any_defined_by);
            }
            check_relations(S, c, o);
            check_type(S, c->type, depth + 1, o);
        }
        o->n--;
        check_versions(S, t);
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
        check_type(S, t->inner, depth + 1, o);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------ classes */

/* Where `word` is next written at or after loc (a name inside a field). */
static Loc loc_of_word(Loc from, const char *word)
{
    const SrcFile *f = from.file;
    if (!f || from.line < 1 || from.line > f->nlines)
        return from;
    size_t off = (size_t)f->line_start[from.line - 1] + (size_t)from.col - 1;
    const char *p = off < f->len ? strstr(f->text + off, word) : NULL;
    if (!p)
        return from;
    int at = (int)(p - f->text), line = from.line - 1;
    while (line + 1 < f->nlines && f->line_start[line + 1] <= at)
        line++;
    return (Loc){f, line + 1, at - f->line_start[line] + 1};
}

static const SyntaxItem *syntax_field(SyntaxItem **items, int n, const char *name, const SyntaxItem *before)
{
    for (int i = 0; i < n; i++) {
        if (items[i] == before)
            return NULL;
        if (items[i]->kind == SYN_FIELD && strcmp(items[i]->text, name) == 0)
            return items[i];
        if (items[i]->kind == SYN_OPTIONAL_GROUP) {
            const SyntaxItem *s = syntax_field(items[i]->items, items[i]->nitems, name, before);
            if (s)
                return s;
        }
    }
    return NULL;
}

/* WITH SYNTAX names each field at most once (X.681 10.9). */
static void check_syntax(SyntaxItem **all, int nall, SyntaxItem **items, int n)
{
    for (int i = 0; i < n; i++) {
        SyntaxItem *it = items[i];
        if (it->kind == SYN_OPTIONAL_GROUP) {
            check_syntax(all, nall, it->items, it->nitems);
        } else if (it->kind == SYN_FIELD) {
            const SyntaxItem *first = syntax_field(all, nall, it->text, it);
            if (first && first != it) {
                diag(DIAG_ERROR, it->loc, "WITH SYNTAX names field %s twice", it->text);
                diag_note(first->loc, "first named here");
            }
        }
    }
}

/* X.681 7.1: an object class reference has no lower-case letters; 9.4:
 * field names are distinct; 9.9: a variable-type value (set) field is
 * governed by a type field of the class. */
static void check_class(Assignment *as)
{
    for (const char *p = as->name; *p; p++)
        if (*p >= 'a' && *p <= 'z') {
            diag(DIAG_ERROR, as->loc, "'%s' names a class, so it has no lower-case letters (X.681 7.1)", as->name);
            break;
        }
    if (!as->type || as->type->kind != TY_CLASS || !as->type->cls)
        return;
    ClassDef *cd = as->type->cls;
    for (int i = 0; i < cd->nfields; i++) {
        ClassField *f = cd->fields[i];
        const ClassField *first = sema_class_field(cd, f->name);
        if (first != f) {
            diag(DIAG_ERROR, f->loc, "field %s is defined twice in this class", f->name);
            diag_note(first->loc, "first defined here");
        }
        if ((f->kind == FK_VARIABLE_VALUE || f->kind == FK_VARIABLE_VALUE_SET) && f->type_field) {
            const ClassField *g = sema_class_field(cd, f->type_field);
            Loc at = loc_of_word((Loc){f->loc.file, f->loc.line, f->loc.col + (int)strlen(f->name)}, f->type_field);
            if (!g) {
                diag(DIAG_ERROR, at, "field %s takes its type from %s, which is not a field of this class", f->name,
                     f->type_field);
            } else if (g->kind != FK_TYPE) {
                diag(DIAG_ERROR, at, "field %s takes its type from %s, which is not a type field", f->name, f->type_field);
                diag_note(g->loc, "%s is defined here", g->name);
            }
        }
    }
    check_syntax(cd->syntax, cd->nsyntax, cd->syntax, cd->nsyntax);
}

void sema_checks_run(Sema *S, Module *m)
{
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        Outer o = {.n = 0};
        if (as->kind == A_CLASS)
            check_class(as);
        if (!as->nparams && as->kind == A_TYPE)
            check_type(S, as->type, 0, &o);
    }
}

/* X.683 9.3: the actual for an object set parameter (a dummy governed by
 * a class, written in upper case) is an object set: braces, or a reference
 * to an object set or to such a parameter of the caller. */
static void check_set_actuals(Sema *S, Assignment *inst)
{
    Env *e = inst->inst_env;
    if (!e || !e->def)
        return;
    for (int i = 0; i < e->def->nparams && i < e->nactuals; i++) {
        Param *p = e->def->params[i];
        if (!p->governor || p->name[0] < 'A' || p->name[0] > 'Z')
            continue;
        sema_resolve_type(S, e->def->module, e, p->governor);
        if (!sema_class_of(S, p->governor))
            continue;
        TokRange r = e->actuals[i];
        if (r.end <= r.begin)
            continue;
        const Token *t = &r.ta->toks[r.begin];
        if (t->kind == '{')
            continue;
        const char *what = NULL;
        Assignment *as = NULL;
        if ((t->kind == T_TYPEREF || t->kind == T_IDENTIFIER) && r.end - r.begin == 1) {
            char *name = arena_strndup(S->a, t->text, (size_t)t->len);
            if (sema_param_index(e->caller_env, name) >= 0)
                continue;
            as = sema_lookup(S, e->caller, NULL, name, t->loc, false);
            if (!as || as->kind == A_OBJECT_SET)
                continue;    /* an undefined name is reported where it is bound */
            what = as->kind == A_CLASS ? "a class" : as->kind == A_OBJECT ? "an object (write { name } for a set of one)"
                   : as->kind == A_VALUE ? "a value" : as->kind == A_VALUE_SET ? "a value set" : "a type";
        } else if (t->kind == T_TYPEREF || t->kind == T_IDENTIFIER) {
            continue;        /* Module.Set or a value: left to binding */
        }
        diag(DIAG_ERROR, t->loc, "the actual for '%s' of %s is %s, not an object set of its class", p->name, e->def->name,
             what ? what : "a type");
        diag_note(p->loc, "'%s' is an object set parameter", p->name);
        if (as)
            diag_note(as->loc, "'%s' is defined here", as->name);
    }
}

void sema_checks_instances(Sema *S)
{
    for (int i = 0; i < S->instances.len; i++) {
        Assignment *as = S->instances.items[i];
        Outer o = {.n = 0};
        check_set_actuals(S, as);
        if (as->kind == A_TYPE)
            check_type(S, as->type, 0, &o);
    }
}

/* ------------------------------------------------------------ recursion */

/* Assignments form a graph through the references in their types. A cycle
 * marks the types recursive (the emitter then uses raw views). A type on a
 * cycle with no finite value is an error: one whose every value would
 * contain a value of itself, through mandatory components and through every
 * alternative of a CHOICE (no SEQUENCE OF, OPTIONAL, DEFAULT or finite
 * alternative on the way). */
typedef struct Node {
    Assignment *as;
    int index, low;
    bool on_stack;
    Vec edges;               /* Assignment* (any reference) */
    bool finite;             /* has a finite value (fixpoint in sema_check_recursion) */
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
    int k = as ? as->graph_node - 1 : -1;
    return k >= 0 && k < g->n && g->nodes[k].as == as ? k : -1;
}

static void collect(Graph *g, Node *n, Type *t, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    switch (t->kind) {
    case TY_REF:
        if (t->ref_assign && node_of(g, t->ref_assign) >= 0)
            vec_push(g->S->a, &n->edges, t->ref_assign);
        else if (t->inner)
            collect(g, n, t->inner, depth + 1);
        break;
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++)
            collect(g, n, t->comps[i]->type, depth + 1);
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        collect(g, n, t->inner, depth + 1);
        break;
    default:
        break;
    }
}

/* Whether t has a finite value, given what is known of the assignments so
 * far (Node.finite): a SEQUENCE or SET when every mandatory component has
 * one, a CHOICE when some alternative has one, a list when it may be empty
 * (or its element has one). */
static bool has_finite(Graph *g, Type *t, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return true;
    switch (t->kind) {
    case TY_REF: {
        int k = node_of(g, t->ref_assign);
        if (k >= 0)
            return g->nodes[k].finite;
        return t->inner ? has_finite(g, t->inner, depth + 1) : true;
    }
    case TY_SEQUENCE:
    case TY_SET:
        for (int i = 0; i < t->ncomps; i++) {
            Component *c = t->comps[i];
            if (!c->optional && !c->default_value && !has_finite(g, c->type, depth + 1))
                return false;
        }
        return true;
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++)
            if (has_finite(g, t->comps[i]->type, depth + 1))
                return true;
        return t->ncomps == 0;
    case TY_TAGGED:
        return has_finite(g, t->inner, depth + 1);
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        if (t->size_range.present && t->size_range.has_lo && t->size_range.lo > 0)
            return has_finite(g, t->inner, depth + 1);
        return true;
    default:
        return true;
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
static void tarjan(Graph *g, int root)
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
        Vec *ev = &v->edges;
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
    for (int i = 0; i < g.n; i++) {
        Assignment *as = all.items[i];
        g.nodes[i].as = as;
        as->graph_node = 1 + i;
    }
    for (int i = 0; i < g.n; i++)
        collect(&g, &g.nodes[i], g.nodes[i].as->type, 0);
    for (int i = 0; i < g.n; i++)
        if (!g.nodes[i].index)
            tarjan(&g, i);
    int *size = arena_alloc(S->a, sizeof(int) * (size_t)(g.nscc + 1));
    for (int i = 0; i < g.n; i++)
        size[g.scc[i]]++;
    for (int i = 0; i < g.n; i++) {
        Node *n = &g.nodes[i];
        if (size[g.scc[i]] > 1 || self_edge(&n->edges, n->as)) {
            n->as->type->recursive = true;
            mark_recursive_refs(&g, n->as->type, g.scc[i], 0);
        }
    }
    /* Least fixpoint: an assignment has a finite value once its type does
     * with what is known so far; what never gets one has none. */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < g.n; i++)
            if (!g.nodes[i].finite && has_finite(&g, g.nodes[i].as->type, 0))
                g.nodes[i].finite = changed = true;
    }
    /* One report per cycle; a type that is infinite only because it uses
     * one of these is not reported again. */
    for (int i = 0; i < g.n; i++) {
        Node *n = &g.nodes[i];
        if (n->finite || !n->as->type->recursive || !size[g.scc[i]])
            continue;
        Type *b = n->as->type->base;
        diag(DIAG_ERROR, n->as->loc, "'%s' contains itself through %s: no value is finite", n->as->name,
             b && b->kind == TY_CHOICE ? "every alternative" : "mandatory components");
        if (b && b->kind == TY_CHOICE)
            diag_note(n->as->loc, "give it an alternative that does not contain it, or make a component on the cycle OPTIONAL");
        else
            diag_note(n->as->loc, "make a component on the cycle OPTIONAL, or use SEQUENCE OF or CHOICE");
        size[g.scc[i]] = 0;
    }
    for (int i = 0; i < g.n; i++)
        g.nodes[i].as->graph_node = 0;
}
