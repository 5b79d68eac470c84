/* sema_constraints.c — constraints, in the recursive group with
 * sema_types.c and sema_values.c (see asn1cc.h, "sema: layers"): folds a
 * type's constraints and everything it references into the effective value
 * range, SIZE range (X.680 49-51) and permitted alphabet (X.680 51.7), binds
 * table constraints to their object sets (X.682 10), and checks that inner
 * subtyping applies to the type it constrains (X.680 51.8-51.9). Bounds are
 * values (sema_values.c) of types it asks sema_types.c for. */
#include "asn1cc.h"
#include "parser.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

static void size_range_of(Sema *S, Type *t);
static void exact_set(Sema *S, Type *t, bool size, Type *gov, const Range *hull, IntSet *out, const IntSet *inherited);

static bool endpoint(Sema *S, Type *owner, Value *v, Type *gov, AsnInt *out)
{
    return sema_int_value(S, owner->sema_module, owner->sema_env, v, gov, out);
}

/* A single value or value range of INTEGER type gov; report: diagnose an
 * empty range (once: the exact set reads it again). */
static Range leaf_range(Sema *S, Type *owner, Constraint *c, Type *gov, bool report)
{
    if (c->kind == C_SINGLE_VALUE) {
        AsnInt v;
        return endpoint(S, owner, c->lo, gov, &v) ? range_point(v) : range_universe();
    }
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
        if (report)
            diag(DIAG_ERROR, c->loc, "empty range: the lower bound exceeds the upper bound");
        r.empty = true;
    }
    return r;
}

/* Folds one constraint into a range. size: fold for SIZE (only SIZE(...)
 * elements contribute); otherwise for values of the integer type gov. */
static Range fold(Sema *S, Type *owner, Constraint *c, bool size, Type *gov, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return range_universe();
    switch (c->kind) {
    case C_SINGLE_VALUE:
    case C_RANGE:
        if (size || !gov || gov->kind != TY_INTEGER)
            return range_universe();
        return leaf_range(S, owner, c, gov, true);
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
        sema_value_range(S, c->type);
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
        return t->inner ? t->inner : t->ref_assign ? sema_assignment_type(S, t->ref_assign) : NULL;
    case TY_TAGGED:
        return t->inner;
    case TY_FIELD:
        return t->field && t->field->kind == FK_FIXED_VALUE ? t->field->type : NULL;
    default:
        return NULL;
    }
}

/* The type the body of the value set t names is read on: t itself, or, for
 * an instance of a parameterized value set (Upto { 9 } of Upto { INTEGER :
 * n } INTEGER ::= { 0..n }), a copy of t bound to the instance's actuals. */
static Type *set_owner(Sema *S, Type *t)
{
    Assignment *as = t->ref_assign;
    if (!as->inst_env)
        return t;
    if (!as->sema_set_owner) {
        Type *o = arena_alloc(S->a, sizeof *o);
        *o = *t;
        o->sema_env = as->inst_env;
        o->sema_module = as->module;
        as->sema_set_owner = o;
    }
    return as->sema_set_owner;
}

/* ValueSetFromObjects (X.681 15.1, Cs.&code): the values the objects of
 * set Cs give fixed-type value field &code (its DEFAULT where one leaves it
 * out), as the union of single values; extensible when the set is. */
static Constraint *field_values(Sema *S, Type *t)
{
    Assignment *set = t->field_class->ref_assign;
    sema_object_set_flatten(S, set);
    Constraint *u = NULL;
    for (int i = 0; i < set->nobjects; i++) {
        FieldSetting *fs = object_field(set->objects[i], t->field->name);
        Value *v = fs && fs->value ? fs->value : t->field->default_value;
        if (!v)
            continue;        /* an OPTIONAL field this object leaves out gives no value */
        Constraint *one = arena_alloc(S->a, sizeof *one);
        one->kind = C_SINGLE_VALUE;
        one->loc = t->loc;
        one->lo = v;         /* evaluated with the object: eval() returns v->eval */
        if (u) {
            Constraint *both = arena_alloc(S->a, sizeof *both);
            both->kind = C_UNION;
            both->loc = t->loc;
            both->sub = u;
            both->sub2 = one;
            one = both;
        }
        u = one;
    }
    if (!u)
        return NULL;         /* no value: an error of field_base (sema_types.c) */
    if (set->objects_extensible) {
        Constraint *e = arena_alloc(S->a, sizeof *e);
        e->kind = C_EXTENSIBLE;
        e->loc = t->loc;
        e->sub = u;
        u = e;
    }
    return u;
}

/* The elements of the value set t names, read on *owner: a reference to a
 * value set assignment, or ValueSetFromObjects; NULL when t names none. */
static Constraint *named_set(Sema *S, Type *t, Type **owner)
{
    *owner = t;
    if (t->kind == TY_REF && t->ref_assign && t->ref_assign->kind == A_VALUE_SET) {
        *owner = set_owner(S, t);
        return sema_set_elements(S, t->ref_assign);
    }
    if (t->kind == TY_FIELD && t->field && t->field->kind == FK_FIXED_VALUE && t->field_class->kind == TY_REF &&
        t->field_class->ref_assign && t->field_class->ref_assign->kind == A_OBJECT_SET)
        return field_values(S, t);
    return NULL;
}

static Range value_set_range(Sema *S, Type *t, bool size, Type *gov)
{
    /* A value set named by t: its body constrains the governor. */
    Type *owner;
    Constraint *elements = named_set(S, t, &owner);
    if (!elements)
        return range_universe();
    return fold(S, owner, elements, size, gov, 0);
}

/* What t's own constraints (and a value set it names) leave of the range it
 * inherits: extensible as its own constraints are, or, without any, as the
 * inherited range is. */
static Range narrow(Sema *S, Type *t, Range inherited, bool size, Type *gov)
{
    Range own = range_intersect(fold_serial(S, t, size, gov), value_set_range(S, t, size, gov));
    Range r = range_intersect(inherited, own);
    r.extensible = own.present ? own.extensible : inherited.extensible;
    if (r.empty && own.present && !inherited.empty)
        diag(DIAG_ERROR, t->loc, size ? "SIZE constraints on this type exclude every size"
                                      : "constraints on this type exclude every value");
    return r;
}

/* The types named inside constraints (INCLUDES T, CONTAINING T), bound to
 * their base types for sema_check_constraints. */
static void base_constraint_types(Sema *S, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    if (c->type && (c->kind == C_TYPE || c->kind == C_CONTAINING))
        sema_base_of(S, c->type);
    base_constraint_types(S, c->sub, depth + 1);
    base_constraint_types(S, c->sub2, depth + 1);
}

void sema_value_range(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & TF_RANGE))
        return;
    if (t->sema_flags & TF_RANGE_BUSY)
        return;
    if (!sema_enter(S, t->loc)) {
        t->sema_flags |= TF_RANGE;
        return;
    }
    t->sema_flags |= TF_RANGE_BUSY;
    Type *b = sema_base_of(S, t);
    for (Constraint *c = t->constraints; c; c = c->next_serial)
        base_constraint_types(S, c, 0);
    Range inherited = range_universe();
    Type *p = parent_type(S, t);
    if (p) {
        sema_value_range(S, p);
        size_range_of(S, p);
        inherited = p->value_range;
    }
    if (b && b->kind == TY_INTEGER) {
        t->value_range = narrow(S, t, inherited, false, b);
        static const IntSet none;
        exact_set(S, t, false, b, &t->value_range, &t->value_set, p ? &p->value_set : &none);
    }
    t->sema_flags = (t->sema_flags & ~(unsigned)TF_RANGE_BUSY) | TF_RANGE;
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
    if (!t || !has_size(b) || (t->sema_flags & TF_SIZE))
        return;
    t->sema_flags |= TF_SIZE;
    Range inherited = range_universe();
    Type *p = parent_type(S, t);
    if (p) {
        sema_value_range(S, p);
        inherited = p->size_range;
    }
    t->size_range = narrow(S, t, inherited, true, NULL);
    static const IntSet none;
    exact_set(S, t, true, NULL, &t->size_range, &t->size_set, p ? &p->size_set : &none);
}

/* ------------------------------------------------------------ exact sets */

/* The exact set of values (or sizes) a constraint permits, beside the hull
 * above, which chooses the C type. A set is read along one dimension (the
 * INTEGER value, or the SIZE); `other` says the constraint also restricts
 * something else (characters, string values, ...), so that its projection on
 * this dimension is only exact where the two are intersected. */
typedef struct XSet {
    bool all;                /* no restriction on this dimension */
    int n;
    AsnInt *lo, *hi;
    bool other;              /* restricts another dimension too */
    bool inexact;            /* the projection accepts more than the constraint */
    bool extensible;
} XSet;

#define ASN_INT_MAX ((AsnInt)(((AsnUInt)1 << 127) - 1))
#define ASN_INT_MIN (-ASN_INT_MAX - 1)

static XSet xs_all(void)
{
    XSet x = {.all = true};
    return x;
}

static XSet xs_alloc(Sema *S, int cap)
{
    XSet x = {0};
    x.lo = arena_alloc(S->a, sizeof(AsnInt) * (size_t)(cap > 0 ? cap : 1));
    x.hi = arena_alloc(S->a, sizeof(AsnInt) * (size_t)(cap > 0 ? cap : 1));
    return x;
}

static XSet xs_interval(Sema *S, AsnInt lo, AsnInt hi)
{
    XSet x = xs_alloc(S, 1);
    if (lo <= hi) {
        x.lo[0] = lo;
        x.hi[0] = hi;
        x.n = 1;
    }
    return x;
}

/* Appends lo..hi (lo at or above the last interval's lo), merging overlap and adjacency. */
static void xs_push(XSet *x, AsnInt lo, AsnInt hi)
{
    if (x->n && (lo <= x->hi[x->n - 1] || (x->hi[x->n - 1] != ASN_INT_MAX && lo == x->hi[x->n - 1] + 1))) {
        if (hi > x->hi[x->n - 1])
            x->hi[x->n - 1] = hi;
        return;
    }
    x->lo[x->n] = lo;
    x->hi[x->n] = hi;
    x->n++;
}

static XSet xs_flags(XSet r, XSet a, XSet b)
{
    r.other = a.other || b.other;
    r.inexact = a.inexact || b.inexact;
    return r;
}

static XSet xs_union(Sema *S, XSet a, XSet b)
{
    XSet r = a.all || b.all ? xs_all() : xs_alloc(S, a.n + b.n);
    if (!r.all) {
        int i = 0, j = 0;
        while (i < a.n || j < b.n)
            if (j >= b.n || (i < a.n && a.lo[i] <= b.lo[j])) {
                xs_push(&r, a.lo[i], a.hi[i]);
                i++;
            } else {
                xs_push(&r, b.lo[j], b.hi[j]);
                j++;
            }
    }
    r = xs_flags(r, a, b);
    /* (SIZE (1) ^ FROM ("a")) | SIZE (2): each dimension alone accepts "b";
     * a union is exact when both operands restrict the same one dimension. */
    r.inexact |= (a.other && !(a.all && b.all)) || (b.other && !(a.all && b.all));
    return r;
}

static XSet xs_inter(Sema *S, XSet a, XSet b)
{
    XSet r;
    if (a.all || b.all) {
        r = a.all ? b : a;
    } else {
        r = xs_alloc(S, a.n + b.n);
        for (int i = 0, j = 0; i < a.n && j < b.n;) {
            AsnInt lo = a.lo[i] > b.lo[j] ? a.lo[i] : b.lo[j], hi = a.hi[i] < b.hi[j] ? a.hi[i] : b.hi[j];
            if (lo <= hi)
                xs_push(&r, lo, hi);
            if (a.hi[i] < b.hi[j])
                i++;
            else
                j++;
        }
    }
    return xs_flags(r, a, b);
}

static XSet xs_complement(Sema *S, XSet a)
{
    XSet r = xs_alloc(S, a.n + 1);
    AsnInt next = ASN_INT_MIN;
    bool open = true;        /* next is a value not yet covered */
    for (int i = 0; i < a.n; i++) {
        if (open && a.lo[i] > next)
            xs_push(&r, next, a.lo[i] - 1);
        open = a.hi[i] != ASN_INT_MAX;
        if (open)
            next = a.hi[i] + 1;
    }
    if (open)
        xs_push(&r, next, ASN_INT_MAX);
    return r;
}

/* a EXCEPT b. b's projection is subtracted only when it is exact and b
 * restricts nothing else: SIZE (1..5) EXCEPT FROM ("a") removes no size. */
static XSet xs_except(Sema *S, XSet a, XSet b)
{
    if (b.other || b.inexact) {
        a.inexact = true;
        a.other |= b.other;
        return a;
    }
    if (b.all)
        return xs_flags(xs_alloc(S, 0), a, b);
    XSet r = xs_inter(S, a.all ? xs_interval(S, ASN_INT_MIN, ASN_INT_MAX) : a, xs_complement(S, b));
    return xs_flags(r, a, b);
}

/* What a constraint leaves of the values (size false) or sizes (size true). */
static XSet xfold(Sema *S, Type *owner, Constraint *c, bool size, Type *gov, int depth);

static XSet xs_other(void)
{
    XSet x = xs_all();
    x.other = true;
    return x;
}

static XSet xfold(Sema *S, Type *owner, Constraint *c, bool size, Type *gov, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return xs_all();
    switch (c->kind) {
    case C_SINGLE_VALUE:
    case C_RANGE: {
        if (size || !gov || gov->kind != TY_INTEGER)
            return xs_other();
        Range r = leaf_range(S, owner, c, gov, false);
        if (!r.present)
            return xs_all();
        if (r.empty)
            return xs_alloc(S, 0);
        return xs_interval(S, r.has_lo ? r.lo : ASN_INT_MIN, r.has_hi ? r.hi : ASN_INT_MAX);
    }
    case C_UNION:
        return xs_union(S, xfold(S, owner, c->sub, size, gov, depth + 1), xfold(S, owner, c->sub2, size, gov, depth + 1));
    case C_INTERSECTION:
        return xs_inter(S, xfold(S, owner, c->sub, size, gov, depth + 1), xfold(S, owner, c->sub2, size, gov, depth + 1));
    case C_EXCEPT:
        return xs_except(S, xfold(S, owner, c->sub, size, gov, depth + 1), xfold(S, owner, c->sub2, size, gov, depth + 1));
    case C_ALL_EXCEPT:
        return xs_except(S, xs_all(), xfold(S, owner, c->sub, size, gov, depth + 1));
    case C_EXTENSIBLE: {
        XSet x = c->sub ? xfold(S, owner, c->sub, size, gov, depth + 1) : xs_all();
        x.extensible = true;
        return x;
    }
    case C_SIZE: {
        if (!size)
            return xs_other();
        static Type size_gov = {.kind = TY_INTEGER};
        XSet x = xfold(S, owner, c->sub, false, &size_gov, depth + 1);
        x = xs_inter(S, x, xs_interval(S, 0, ASN_INT_MAX));
        x.other = false;     /* inside SIZE, everything is about the size */
        return x;
    }
    case C_TYPE: {
        if (!c->type)
            return xs_all();
        sema_value_range(S, c->type);
        size_range_of(S, c->type);
        const Range *r = size ? &c->type->size_range : &c->type->value_range;
        const IntSet *is = size ? &c->type->size_set : &c->type->value_set;
        if (!r->present || r->extensible)
            return xs_all();
        if (is->n) {
            XSet x = {.n = is->n, .lo = is->lo, .hi = is->hi};
            return x;
        }
        return r->empty ? xs_alloc(S, 0)
                        : xs_interval(S, r->has_lo ? r->lo : ASN_INT_MIN, r->has_hi ? r->hi : ASN_INT_MAX);
    }
    case C_BRACED:
        /* A braced value ({} is the empty BIT STRING, {a, b} a SEQUENCE OF
         * value): it restricts the values, so on the SIZE dimension it is
         * "other", and ALL EXCEPT {} removes that one value, never every
         * size. On INTEGER values it can only be a table constraint's
         * object set, which bounds no value. */
        return size || !gov || gov->kind != TY_INTEGER ? xs_other() : xs_all();
    case C_FROM:
    case C_PATTERN:
    case C_CONTAINING:
    case C_ENCODED_BY:
    case C_WITH_COMPONENT:
    case C_WITH_COMPONENTS:
        return xs_other();
    default:
        return xs_all();     /* table constraints, CONSTRAINED BY: not about values */
    }
}

/* t's exact set, from its own serial constraints, a value set it names and
 * the set it inherits (X.680 49.8: serial constraints intersect; the last
 * one's extensibility counts). Stored only where it is narrower than the
 * hull; an inexact projection is warned, never silently widened. */
static void exact_set(Sema *S, Type *t, bool size, Type *gov, const Range *hull, IntSet *out, const IntSet *inherited)
{
    XSet x = xs_all();
    bool any = false, ext = false;
    for (Constraint *c = t->constraints; c; c = c->next_serial) {
        XSet one = xfold(S, t, c, size, gov, 0);
        if (!one.all || one.other) {
            any = true;
            ext = one.extensible;
        }
        x = xs_inter(S, x, one);
    }
    Type *set_on;
    Constraint *elements = named_set(S, t, &set_on);
    if (elements)
        x = xs_inter(S, x, xfold(S, set_on, elements, size, gov, 0));
    /* On INTEGER values, what restricts another dimension (SIZE, FROM)
     * does not apply, an error of check_applies. */
    if (x.inexact && size && any && !ext && diag_warning_enabled("unenforced-constraint") && t->constraints)
        diag(DIAG_WARNING, t->constraints->loc, "this constraint is not enforced exactly: the generated code checks "
             "its SIZE apart from its other parts, which accepts more [-Wunenforced-constraint]");
    if (any && ext)
        return;              /* an extensible constraint bounds nothing (as the hull) */
    if (inherited->n && !x.all)
        x = xs_inter(S, x, (XSet){.n = inherited->n, .lo = inherited->lo, .hi = inherited->hi});
    else if (inherited->n)
        x = (XSet){.n = inherited->n, .lo = inherited->lo, .hi = inherited->hi};
    if (x.all || hull->extensible || hull->empty)
        return;              /* (ALL EXCEPT 0 has no hull but an exact set) */
    if (x.n == 0) {
        diag(DIAG_ERROR, t->loc, size ? "SIZE constraints on this type exclude every size"
                                      : "constraints on this type exclude every value");
        return;
    }
    AsnInt hlo = hull->present && hull->has_lo ? hull->lo : ASN_INT_MIN;
    AsnInt hhi = hull->present && hull->has_hi ? hull->hi : ASN_INT_MAX;
    if (x.n == 1 && x.lo[0] <= hlo && x.hi[0] >= hhi)
        return;              /* the hull is exact */
    /* Clip to the hull, which may be narrower (a value beyond AsnInt). */
    x = xs_inter(S, x, xs_interval(S, hlo, hhi));
    out->n = x.n;
    out->lo = x.lo;
    out->hi = x.hi;
}

bool sema_set_contains(const IntSet *s, AsnInt v)
{
    if (!s->n)
        return true;
    for (int i = 0; i < s->n; i++)
        if (v >= s->lo[i] && v <= s->hi[i])
            return true;
    return false;
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
            sema_base_of(S, c->type);
            sema_alphabet(S, c->type);
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

void sema_alphabet(Sema *S, Type *t)
{
    if (!t || (t->sema_flags & TF_ALPHABET) || !t->base || t->base->kind != TY_STRING)
        return;
    t->sema_flags |= TF_ALPHABET;
    CharSet s = cs_all();
    Type *p = parent_type(S, t);
    if (p) {
        sema_alphabet(S, p);
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

/* ------------------------------------------------------------ table constraints */

/* X.682 10: the object set a table constraint on an open type or &id field
 * names, and the '@' path of a component relation. */
void sema_table_constraint(Sema *S, Type *t)
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
            /* An object set parameter: the actual names the set, or, where
             * the actual is itself a parameter of the caller (the 3GPP
             * ProtocolIE-Container {{Set}} handing its set to
             * ProtocolIE-Field {{Set}}), that caller's actual, and so on up. */
            Module *m = NULL;
            const Token *in = tok;
            for (int depth = 0; pi >= 0 && depth <= LIMIT_INSTANTIATE; depth++) {
                TokRange ar = env->actuals[pi];
                in = &ar.ta->toks[ar.begin];
                if (in->kind == '{' && ar.end - ar.begin == 3)
                    in++;
                name = arena_strndup(S->a, in->text, (size_t)in->len);
                m = env->caller;
                env = env->caller_env;
                pi = sema_param_index(env, name);
            }
            t->table_set = pi >= 0 ? NULL : sema_lookup(S, m, NULL, name, in->loc, false);
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

/* ------------------------------------------------------------ applicability */

/* What a constraint constrains (X.680 51): values of the type itself, the
 * sizes of its values (inside SIZE: non-negative integers), or its
 * characters (inside FROM: strings of the parent type, read per character). */
typedef enum { ON_TYPE, ON_SIZE, ON_CHARS } Target;

/* Restricted character strings, with the useful time types, which X.680 47
 * defines as VisibleString subtypes. */
static bool char_string(const Type *b)
{
    return b->kind == TY_STRING || b->kind == TY_UTC_TIME || b->kind == TY_GENERALIZED_TIME;
}

static bool sized(const Type *b)
{
    return has_size(b) || char_string(b);
}

/* X.680 Table 9: a value range applies to INTEGER, REAL and the time types
 * (and to characters inside FROM, below). */
static bool ranged(const Type *b)
{
    switch (b->kind) {
    case TY_INTEGER: case TY_REAL: case TY_DATE: case TY_TIME_OF_DAY: case TY_DATE_TIME:
    case TY_DURATION: case TY_TIME:
        return true;
    default:
        return false;
    }
}

/* X.680 51.8: inner subtyping applies to constructed types and to the
 * types defined through an associated SEQUENCE (see associated_components). */
static bool has_components(const Type *b)
{
    switch (b->kind) {
    case TY_SEQUENCE: case TY_SET: case TY_CHOICE: case TY_REAL: case TY_EXTERNAL:
    case TY_EMBEDDED_PDV: case TY_CHARACTER_STRING:
        return true;
    default:
        return false;
    }
}

static const char *type_name(const Type *b)
{
    return b->kind == TY_STRING ? ast_string_kind_name(b->str_kind) : ast_type_kind_name(b->kind);
}

/* Synonyms are one type (X.680 41: ISO646String is VisibleString, T61String TeletexString). */
static int string_identity(StringKind k)
{
    return k == STR_ISO646 ? STR_VISIBLE : k == STR_T61 ? STR_TELETEX : (int)k;
}

static bool same_type(const Type *a, const Type *b)
{
    if (a->kind != b->kind)
        return false;
    return a->kind != TY_STRING || string_identity(a->str_kind) == string_identity(b->str_kind);
}

/* The value of a character constraint inside FROM: a cstring, or NULL when
 * it is not known (a reference not evaluated). */
static const Value *char_value(const Value *v)
{
    if (v && v->eval)
        v = v->eval;
    return v && v->kind == V_CSTRING && v->text ? v : NULL;
}

/* Characters (not bytes) of a cstring, which is UTF-8. */
static size_t utf8_length(const char *text)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

/* X.680 51.7.2: a character inside FROM is a character of the parent type. */
static void check_chars_of(const Type *b, const Value *v, Loc loc)
{
    CharSet in = inherent_chars(b);
    if (in.all || !v)
        return;
    for (const unsigned char *p = (const unsigned char *)v->text; *p; p++)
        if (*p >= 128 || !(in.bits[*p / 8] & (1u << (*p % 8)))) {
            diag(DIAG_ERROR, loc, "'%c' is not a %s character", *p >= 32 && *p < 127 ? *p : '?', type_name(b));
            return;
        }
}

static void unenforced(Loc loc, const char *what, const Type *b)
{
    if (diag_warning_enabled("unenforced-constraint"))
        diag(DIAG_WARNING, loc, "%s on %s is not enforced by the generated code [-Wunenforced-constraint]", what,
             type_name(b));
}

/* Component names of the associated SEQUENCE types (X.680 21 REAL,
 * 36 EMBEDDED PDV, 37 EXTERNAL, 44 CHARACTER STRING), NULL-terminated, or
 * NULL for a type with components of its own. */
static const char *const *associated_components(const Type *b)
{
    static const char *const real[] = {"mantissa", "base", "exponent", NULL};
    static const char *const external[] = {"identification", "data-value-descriptor", "data-value", NULL};
    static const char *const character[] = {"identification", "data-value-descriptor", "string-value", NULL};
    switch (b->kind) {
    case TY_REAL: return real;
    case TY_EXTERNAL: case TY_EMBEDDED_PDV: return external;
    case TY_CHARACTER_STRING: return character;
    default: return NULL;
    }
}

static void check_with_components(Type *b, Constraint *c)
{
    const char *const *assoc = associated_components(b);
    if (assoc) {
        for (int i = 0; i < c->nnamed; i++) {
            const char *const *n = assoc;
            while (*n && strcmp(*n, c->named[i]->name) != 0)
                n++;
            if (!*n)
                diag(DIAG_ERROR, c->named[i]->loc, "WITH COMPONENTS names '%s', which is not a component of %s's "
                     "associated type", c->named[i]->name, type_name(b));
        }
        return;
    }
    for (int i = 0; i < c->nnamed; i++) {
        NamedConstraint *nc = c->named[i];
        Component *comp = sema_find_component(b, nc->name);
        if (!comp) {
            diag(DIAG_ERROR, nc->loc, "WITH COMPONENTS names '%s', which is not a component of the %s", nc->name,
                 ast_type_kind_name(b->kind));
            sema_did_you_mean_component(b, nc->name);
        } else if (nc->presence == PRESENCE_ABSENT && b->kind != TY_CHOICE && !comp->optional &&
                   !comp->default_value) {
            diag(DIAG_ERROR, nc->loc, "'%s' is not OPTIONAL and cannot be ABSENT", nc->name);
            diag_note(comp->loc, "'%s' is here", comp->name);
        }
    }
    /* X.680 51.8.5: a full specification makes every component it does not
     * list ABSENT, so it must list each mandatory one. */
    for (int i = 0; !c->partial && b->kind != TY_CHOICE && i < b->ncomps; i++) {
        Component *comp = b->comps[i];
        if (!comp->name || comp->components_of || comp->optional || comp->default_value || comp->is_extension)
            continue;
        int k = 0;
        while (k < c->nnamed && strcmp(c->named[k]->name, comp->name) != 0)
            k++;
        if (k == c->nnamed) {
            diag(DIAG_ERROR, c->loc, "this full WITH COMPONENTS specification makes '%s' ABSENT, but it is not "
                 "OPTIONAL: list it, or write '...,' for a partial specification (X.680 51.8.5)", comp->name);
            diag_note(comp->loc, "'%s' is here", comp->name);
        }
    }
}

/* Inside an extensible constraint's root (check_applies); warned already
 * in this serial constraint (one warning for ("yes" | "no"), not two). */
static int in_extensible;
static bool value_warned;

/* A constraint on values the generated code does not check (only INTEGER
 * values, SIZE and FROM are): warned, never silently widened; value
 * notation is checked in sema all the same (sema_check_value_constraints). */
/* The node being checked has its single values enforced (has_singles). */
static bool singles_enforced;

static void unenforced_value(Loc loc, const char *what, const Type *b)
{
    if (singles_enforced && strcmp(what, "a single value constraint") == 0)
        return;
    if (!in_extensible && !value_warned) {
        unenforced(loc, what, b);
        value_warned = true;
    }
}

static bool braced_has_number(const Constraint *c)
{
    for (int i = c->braced.begin; c->braced.ta && i < c->braced.end; i++)
        if (c->braced.ta->toks[i].kind == T_NUMBER)
            return true;
    return false;
}

/* X.680 51, Table 9: each kind of constraint applies to some types only;
 * one that does not apply is an error where it is written. b is the type
 * constrained, on what of it the constraint is read. */
static void check_applies(Type *b, Constraint *c, Target on, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    /* Inside SIZE the values are sizes: INTEGER (0..MAX). */
    static const Type size_type = {.kind = TY_INTEGER};
    const Type *vt = on == ON_SIZE ? &size_type : b;
    switch (c->kind) {
    case C_UNION:
    case C_INTERSECTION:
    case C_EXCEPT:
    case C_ALL_EXCEPT:
        check_applies(b, c->sub, on, depth + 1);
        check_applies(b, c->sub2, on, depth + 1);
        return;
    case C_EXTENSIBLE:
        /* X.680 50.3: a value outside the root may be an extension's, so
         * leaving the root unchecked widens nothing. */
        in_extensible++;
        check_applies(b, c->sub, on, depth + 1);
        check_applies(b, c->sub2, on, depth + 1);
        in_extensible--;
        return;
    case C_BRACED:
        /* { 1 2 3 }: an OBJECT IDENTIFIER value (arcs are numbers; an
         * object set of a table constraint has none). */
        if (on == ON_TYPE && (b->kind == TY_OID || b->kind == TY_RELATIVE_OID) && braced_has_number(c))
            unenforced_value(c->loc, "a single value constraint", b);
        return;
    case C_SIZE:
        if (on != ON_TYPE || !sized(b))
            diag(DIAG_ERROR, c->loc, "SIZE applies to strings and to SEQUENCE OF and SET OF, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            check_applies(b, c->sub, ON_SIZE, depth + 1);
        return;
    case C_FROM:
        if (on != ON_TYPE || b->kind != TY_STRING)
            diag(DIAG_ERROR, c->loc, "FROM applies to restricted character strings, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            check_applies(b, c->sub, ON_CHARS, depth + 1);
        return;
    case C_RANGE:
        if (on == ON_CHARS) {
            /* X.680 51.7.2: "a".."z": each endpoint one character. */
            Value *ends[2] = {c->lo, c->hi};
            for (int i = 0; i < 2; i++) {
                const Value *ev = char_value(ends[i]);
                if (ev && utf8_length(ev->text) != 1)
                    diag(DIAG_ERROR, ends[i]->loc, "a character range in FROM has one-character endpoints, not \"%s\"",
                         ev->text);
                else
                    check_chars_of(b, ev, ends[i] ? ends[i]->loc : c->loc);
            }
        } else if (!ranged(vt)) {
            diag(DIAG_ERROR, c->loc, "a value range applies to INTEGER, REAL and time types%s, not %s",
                 char_string(vt) ? " (to characters only inside FROM)" : "", type_name(vt));
        } else if (vt->kind != TY_INTEGER) {
            unenforced_value(c->loc, "a value range", b);
        }
        return;
    case C_SINGLE_VALUE:
        if (on == ON_CHARS)
            check_chars_of(b, char_value(c->lo), c->lo ? c->lo->loc : c->loc);
        else if (vt->kind != TY_INTEGER)
            unenforced_value(c->loc, "a single value constraint", b);
        return;
    case C_TYPE: {
        Type *tb = c->type ? c->type->base : NULL;
        if (!tb || tb->kind == TY_OPEN || tb->kind == TY_ANY || vt->kind == TY_OPEN || vt->kind == TY_ANY)
            return;
        /* X.680 51.3: a contained subtype is of the parent's type. Of
         * character strings, any other is taken for its characters: inside
         * FROM, and as RFC 4120 writes GeneralString (IA5String). */
        if (char_string(tb) && (on == ON_CHARS || char_string(vt)))
            return;
        if (on == ON_CHARS)
            diag(DIAG_ERROR, c->type->loc, "a contained subtype inside FROM is a character string type, not %s",
                 type_name(tb));
        else if (!same_type(tb, vt))
            diag(DIAG_ERROR, c->type->loc, "a contained subtype of %s is of the same type, not %s", type_name(vt),
                 type_name(tb));
        return;
    }
    case C_SETTINGS:
        /* X.680 51.10: property settings select TIME values. */
        if (on != ON_TYPE || b->kind != TY_TIME)
            diag(DIAG_ERROR, c->loc, "SETTINGS applies to TIME, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            unenforced(c->loc, "SETTINGS", b);
        return;
    case C_PATTERN:
        if (on != ON_TYPE || !char_string(b))
            diag(DIAG_ERROR, c->loc, "PATTERN applies to restricted character strings, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            unenforced(c->loc, "PATTERN", b);
        return;
    case C_CONTAINING:
    case C_ENCODED_BY:
        if (on != ON_TYPE || (b->kind != TY_BIT_STRING && b->kind != TY_OCTET_STRING))
            diag(DIAG_ERROR, c->loc, "%s applies to BIT STRING and OCTET STRING, not %s",
                 c->kind == C_CONTAINING ? "CONTAINING" : "ENCODED BY",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            unenforced(c->loc, c->kind == C_CONTAINING ? "CONTAINING" : "ENCODED BY", b);
        return;
    case C_WITH_COMPONENT:
        if (on != ON_TYPE || (b->kind != TY_SEQUENCE_OF && b->kind != TY_SET_OF))
            diag(DIAG_ERROR, c->loc, "WITH COMPONENT applies to SEQUENCE OF and SET OF, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else
            unenforced_value(c->loc, "WITH COMPONENT", b);
        return;
    case C_WITH_COMPONENTS:
        if (on != ON_TYPE || !has_components(b))
            diag(DIAG_ERROR, c->loc, "WITH COMPONENTS applies to SEQUENCE, SET, CHOICE and the types with an "
                 "associated SEQUENCE, not %s",
                 on == ON_TYPE ? type_name(b) : on == ON_SIZE ? "a size" : "characters");
        else {
            check_with_components(b, c);
            if (!c->sema_enforced)
                unenforced_value(c->loc, "WITH COMPONENTS", b);
        }
        return;
    default:
        return;
    }
}

static void type_singles(Sema *S, Type *t);

/* A WITH COMPONENTS the generated code can check: presence only, on
 * components that have a presence flag (OPTIONAL, not DEFAULT). */
static bool presence_only(const Type *b, const Constraint *c)
{
    if (b->kind != TY_SEQUENCE && b->kind != TY_SET)
        return false;
    for (int i = 0; i < c->nnamed; i++) {
        const NamedConstraint *nc = c->named[i];
        Component *comp = sema_find_component((Type *)b, nc->name);
        if (!comp || nc->value_constraint || comp->default_value)
            return false;
    }
    return true;
}

/* Fills t->presence_names from the presence-only WITH COMPONENTS of t's
 * chain (X.680 51.8: a full specification makes each OPTIONAL component it
 * does not list ABSENT) and marks them enforced. */
static void type_presence(Sema *S, Type *t)
{
    if (t->sema_flags & TF_PRESENCE)
        return;
    t->sema_flags |= TF_PRESENCE;
    Vec names = {0};
    Vec want = {0};
    for (Type *u = t; u; u = parent_type(S, u)) {
        Type *b = sema_base_of(S, u);
        for (Constraint *c = u->constraints; b && c; c = c->next_serial) {
            if (c->kind != C_WITH_COMPONENTS || !presence_only(b, c))
                continue;
            for (int i = 0; i < b->ncomps; i++) {
                Component *comp = b->comps[i];
                if (!comp->name || comp->components_of || comp->default_value || !(comp->optional || comp->is_extension))
                    continue;
                int w = c->partial ? -1 : 0;      /* full: not listed is ABSENT */
                for (int k = 0; k < c->nnamed; k++)
                    if (strcmp(c->named[k]->name, comp->name) == 0)
                        w = c->named[k]->presence == PRESENCE_PRESENT ? 1 : c->named[k]->presence == PRESENCE_ABSENT ? 0 : -1;
                if (w < 0)
                    continue;
                vec_push(S->a, &names, (void *)comp->name);
                vec_push(S->a, &want, w ? (void *)&want : NULL);
            }
            c->sema_enforced = true;
        }
        if (u == parent_type(S, u))
            break;
    }
    t->npresence = names.len;
    t->presence_names = (const char **)names.items;
    t->presence_want = arena_alloc(S->a, (size_t)(names.len ? names.len : 1));
    for (int i = 0; i < names.len; i++)
        t->presence_want[i] = want.items[i] != NULL;
}

void sema_check_constraints(Sema *S, Type *t)
{
    Type *b = t->base;
    if (!b || b->kind == TY_OPEN || b->kind == TY_ANY)
        return;
    type_singles(S, t);
    type_presence(S, t);
    singles_enforced = t->has_singles;
    for (Constraint *c = t->constraints; c; c = c->next_serial) {
        value_warned = false;
        check_applies(b, c, ON_TYPE, 0);
    }
}

/* ------------------------------------------------------------ values of other types */

/* Whether a value satisfies a constraint, where the exact sets above do not
 * reach (X.680 51.2 single values of strings, OBJECT IDENTIFIERs,
 * ENUMERATED and BOOLEAN; 51.4 REAL ranges; 51.8 WITH COMPONENT(S)).
 * UNKNOWN where this cannot tell (SIZE and FROM, checked apart; values kept
 * as written): only a definite NO is an error, so nothing valid is refused. */
typedef enum { PV_NO, PV_YES, PV_UNKNOWN } Permit;

static Permit pv_not(Permit p)
{
    return p == PV_UNKNOWN ? p : p == PV_YES ? PV_NO : PV_YES;
}

static Permit pv_and(Permit a, Permit b)
{
    return a == PV_NO || b == PV_NO ? PV_NO : a == PV_YES && b == PV_YES ? PV_YES : PV_UNKNOWN;
}

static Permit pv_or(Permit a, Permit b)
{
    return a == PV_YES || b == PV_YES ? PV_YES : a == PV_NO && b == PV_NO ? PV_NO : PV_UNKNOWN;
}

/* A REAL value as a double; false for { mantissa, base, exponent } and the like. */
static bool real_of(const Value *v, double *out)
{
    if (!v)
        return false;
    switch (v->kind) {
    case V_INTEGER: *out = (double)v->ival; return !v->big;
    case V_REAL: *out = v->text ? strtod(v->text, NULL) : 0; return v->text != NULL;
    case V_PLUS_INF: *out = HUGE_VAL; return true;
    case V_MINUS_INF: *out = -HUGE_VAL; return true;
    default: return false;
    }
}

/* v (evaluated) equals w (evaluated, of the same base type). */
static Permit same_value(const Value *v, const Value *w)
{
    if (!v || !w)
        return PV_UNKNOWN;
    double a, b;
    if (real_of(v, &a) && real_of(w, &b) && (v->kind == V_REAL || w->kind == V_REAL))
        return a == b ? PV_YES : PV_NO;
    if (v->kind != w->kind)
        return PV_UNKNOWN;
    switch (v->kind) {
    case V_BOOLEAN: return v->bval == w->bval ? PV_YES : PV_NO;
    case V_ENUM: return v->ival == w->ival ? PV_YES : PV_NO;
    case V_CSTRING:
        if (!v->text || !w->text)
            return PV_UNKNOWN;
        return strcmp(v->text, w->text) == 0 ? PV_YES : PV_NO;
    case V_OCTETS:
        return v->nbytes == w->nbytes && (!v->nbytes || memcmp(v->bytes, w->bytes, v->nbytes) == 0) ? PV_YES : PV_NO;
    case V_BITS: {
        /* as values of the type: trailing zero bits are the type's matter (named bits), compared as written */
        if (v->nbits != w->nbits)
            return PV_NO;
        size_t n = (v->nbits + 7) / 8;
        return !n || memcmp(v->bytes, w->bytes, n) == 0 ? PV_YES : PV_NO;
    }
    case V_OID:
        if (v->narcs != w->narcs)
            return PV_NO;
        for (int i = 0; i < v->narcs; i++)
            if (v->arcs[i] != w->arcs[i])
                return PV_NO;
        return PV_YES;
    default:
        return PV_UNKNOWN;
    }
}

static Permit type_permits(Sema *S, Type *t, Value *v, int depth);

/* Where a NO comes from, when it is one element of a list value. */
static Loc pv_where;
static bool pv_where_set;

/* v against one constraint c written on owner, whose base type is b. */
static Permit permits(Sema *S, Type *owner, Type *b, Constraint *c, Value *v, int depth)
{
    if (!c || !v || !b || depth > LIMIT_NESTING)
        return PV_UNKNOWN;
    switch (c->kind) {
    case C_SINGLE_VALUE:
    case C_RANGE:
        if (b->kind == TY_INTEGER) {
            if (v->kind != V_INTEGER || v->big)
                return PV_UNKNOWN;
            Range r = leaf_range(S, owner, c, b, false);
            if (!r.present || r.empty)
                return r.empty ? PV_NO : PV_UNKNOWN;
            return (r.has_lo && v->ival < r.lo) || (r.has_hi && !r.hi_above && v->ival > r.hi) ? PV_NO : PV_YES;
        }
        if (b->kind != TY_BOOLEAN && b->kind != TY_ENUMERATED && b->kind != TY_REAL && b->kind != TY_OID &&
            b->kind != TY_RELATIVE_OID && b->kind != TY_STRING && b->kind != TY_OCTET_STRING &&
            b->kind != TY_BIT_STRING)
            return PV_UNKNOWN;
        if (c->kind == C_SINGLE_VALUE)
            return same_value(v, sema_eval_constraint_value(S, owner->sema_module, owner->sema_env, c->lo, b));
        if (b->kind == TY_REAL) {
            double x, lo = -HUGE_VAL, hi = HUGE_VAL;
            if (!real_of(v, &x) || isnan(x))
                return PV_UNKNOWN;
            if (c->lo && !real_of(sema_eval_constraint_value(S, owner->sema_module, owner->sema_env, c->lo, b), &lo))
                return PV_UNKNOWN;
            if (c->hi && !real_of(sema_eval_constraint_value(S, owner->sema_module, owner->sema_env, c->hi, b), &hi))
                return PV_UNKNOWN;
            bool below = c->lo_open ? x <= lo : x < lo, above = c->hi_open ? x >= hi : x > hi;
            return below || above ? PV_NO : PV_YES;
        }
        return PV_UNKNOWN;   /* ranges of character strings: per character (FROM) */
    case C_BRACED:
        /* { 1 2 3 }: a single OBJECT IDENTIFIER value (else an object set, or a value kept as written). */
        if ((b->kind != TY_OID && b->kind != TY_RELATIVE_OID) || !braced_has_number(c))
            return PV_UNKNOWN;
        return same_value(v, sema_eval_constraint_value(S, owner->sema_module, owner->sema_env, c->lo, b));
    case C_UNION:
        return pv_or(permits(S, owner, b, c->sub, v, depth + 1), permits(S, owner, b, c->sub2, v, depth + 1));
    case C_INTERSECTION:
        return pv_and(permits(S, owner, b, c->sub, v, depth + 1), permits(S, owner, b, c->sub2, v, depth + 1));
    case C_EXCEPT:
        return pv_and(permits(S, owner, b, c->sub, v, depth + 1), pv_not(permits(S, owner, b, c->sub2, v, depth + 1)));
    case C_ALL_EXCEPT:
        return pv_not(permits(S, owner, b, c->sub, v, depth + 1));
    case C_EXTENSIBLE:
        /* X.680 50.3 (49.7): a value may be one of an extension. */
        return PV_UNKNOWN;
    case C_TYPE:
        return c->type ? type_permits(S, c->type, v, depth + 1) : PV_UNKNOWN;
    case C_WITH_COMPONENT: {
        Type *eb = b->inner ? sema_base_of(S, b->inner) : NULL;
        if (v->kind != V_SEQUENCE_OF || !eb || (b->kind != TY_SEQUENCE_OF && b->kind != TY_SET_OF))
            return PV_UNKNOWN;
        Permit p = PV_YES;
        for (int i = 0; i < v->nitems; i++) {
            Permit one = permits(S, b->inner, eb, c->sub, v->items[i], depth + 1);
            if (one == PV_NO && !pv_where_set && v->items[i]) {
                pv_where = v->items[i]->loc;    /* the element at fault */
                pv_where_set = true;
            }
            p = pv_and(p, one);
        }
        return p;
    }
    case C_WITH_COMPONENTS: {
        if (v->kind != V_SEQUENCE || (b->kind != TY_SEQUENCE && b->kind != TY_SET))
            return PV_UNKNOWN;
        Permit p = PV_YES;
        for (int i = 0; i < c->nnamed; i++) {
            NamedConstraint *nc = c->named[i];
            Value *iv = NULL;
            for (int k = 0; k < v->nitems; k++)
                if (v->item_names[k] && strcmp(v->item_names[k], nc->name) == 0)
                    iv = v->items[k];
            if ((nc->presence == PRESENCE_ABSENT && iv) || (nc->presence == PRESENCE_PRESENT && !iv))
                return PV_NO;
            Component *comp = NULL;
            for (int k = 0; k < b->ncomps; k++)
                if (b->comps[k]->name && strcmp(b->comps[k]->name, nc->name) == 0)
                    comp = b->comps[k];
            if (iv && comp && nc->value_constraint) {
                Type *cb = sema_base_of(S, comp->type);
                p = pv_and(p, permits(S, comp->type, cb, nc->value_constraint, iv, depth + 1));
            }
        }
        return p;
    }
    default:
        return PV_UNKNOWN;   /* SIZE, FROM: the sets above; PATTERN, CONTAINING: warned */
    }
}

/* v against every constraint of t and of the types t constrains further. */
static Permit type_permits(Sema *S, Type *t, Value *v, int depth)
{
    Permit p = PV_YES;
    for (int n = 0; t && n < LIMIT_NESTING && depth <= LIMIT_NESTING; n++, t = parent_type(S, t)) {
        Type *b = sema_base_of(S, t);
        if (!b)
            return PV_UNKNOWN;
        for (Constraint *c = t->constraints; c; c = c->next_serial)
            p = pv_and(p, permits(S, t, b, c, v, depth));
        Type *set_on;
        Constraint *set = named_set(S, t, &set_on);
        if (set)
            p = pv_and(p, permits(S, set_on, b, set, v, depth));
    }
    return p;
}

/* ------------------------------------------------------------ single values for the code generator */

/* Whether c admits only values it names (X.680 51.2 single values, folded
 * over unions, intersections, EXCEPT and contained subtypes). */
static bool closed_set(Sema *S, Type *b, Constraint *c, int depth);

static bool type_closed(Sema *S, Type *t, int depth)
{
    for (int n = 0; t && n < LIMIT_NESTING && depth <= LIMIT_NESTING; n++, t = parent_type(S, t)) {
        Type *b = sema_base_of(S, t);
        for (Constraint *c = t->constraints; b && c; c = c->next_serial)
            if (closed_set(S, b, c, depth + 1))
                return true;
        Type *set_on;
        Constraint *set = named_set(S, t, &set_on);
        if (b && set && closed_set(S, b, set, depth + 1))
            return true;
    }
    return false;
}

static bool closed_set(Sema *S, Type *b, Constraint *c, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return false;
    switch (c->kind) {
    case C_SINGLE_VALUE: return true;
    case C_BRACED: return (b->kind == TY_OID || b->kind == TY_RELATIVE_OID) && braced_has_number(c);
    case C_UNION: return closed_set(S, b, c->sub, depth + 1) && closed_set(S, b, c->sub2, depth + 1);
    case C_INTERSECTION: return closed_set(S, b, c->sub, depth + 1) || closed_set(S, b, c->sub2, depth + 1);
    case C_EXCEPT: return closed_set(S, b, c->sub, depth + 1);
    case C_TYPE: return c->type && type_closed(S, c->type, depth + 1);
    default: return false;
    }
}

/* The single values c and what it contains name: the candidates. */
static void type_candidates(Sema *S, Type *t, Vec *out, int depth);

static void candidates(Sema *S, Type *owner, Type *b, Constraint *c, Vec *out, int depth)
{
    if (!c || depth > LIMIT_NESTING)
        return;
    switch (c->kind) {
    case C_SINGLE_VALUE:
    case C_BRACED: {
        if (c->kind == C_BRACED && !closed_set(S, b, c, depth))
            return;
        Value *v = sema_eval_constraint_value(S, owner->sema_module, owner->sema_env, c->lo, b);
        if (v)
            vec_push(S->a, out, v);
        return;
    }
    case C_UNION: case C_INTERSECTION: case C_EXCEPT:
        candidates(S, owner, b, c->sub, out, depth + 1);
        candidates(S, owner, b, c->sub2, out, depth + 1);
        return;
    case C_TYPE:
        if (c->type)
            type_candidates(S, c->type, out, depth + 1);
        return;
    default:
        return;
    }
}

static void type_candidates(Sema *S, Type *t, Vec *out, int depth)
{
    for (int n = 0; t && n < LIMIT_NESTING && depth <= LIMIT_NESTING; n++, t = parent_type(S, t)) {
        Type *b = sema_base_of(S, t);
        for (Constraint *c = t->constraints; b && c; c = c->next_serial)
            candidates(S, t, b, c, out, depth + 1);
        Type *set_on;
        Constraint *set = named_set(S, t, &set_on);
        if (b && set)
            candidates(S, set_on, b, set, out, depth + 1);
    }
}

/* v against every constraint of t's chain but SIZE and FROM (the generated
 * code checks those apart): NO, YES, or UNKNOWN when one cannot tell. */
static Permit singles_permit(Sema *S, Type *t, Value *v)
{
    Permit p = PV_YES;
    for (int n = 0; t && n < LIMIT_NESTING; n++, t = parent_type(S, t)) {
        Type *b = sema_base_of(S, t);
        if (!b)
            return PV_UNKNOWN;
        for (Constraint *c = t->constraints; c; c = c->next_serial)
            if (c->kind != C_SIZE && c->kind != C_FROM)
                p = pv_and(p, permits(S, t, b, c, v, 0));
        Type *set_on;
        Constraint *set = named_set(S, t, &set_on);
        if (set)
            p = pv_and(p, permits(S, set_on, b, set, v, 0));
    }
    return p;
}

/* Fills t->singles: the values the code generator checks for (X.680 51.2).
 * Only when every constraint is known for each candidate: a value that
 * passes is then exactly a value the constraints permit. */
static void type_singles(Sema *S, Type *t)
{
    if (t->sema_flags & TF_SINGLES)
        return;
    t->sema_flags |= TF_SINGLES;
    Type *b = t->base;
    if (!b)
        return;
    switch (b->kind) {
    case TY_BOOLEAN: case TY_ENUMERATED: case TY_OID: case TY_RELATIVE_OID:
    case TY_OCTET_STRING:
        break;
    case TY_BIT_STRING:
        /* a named-bit value may come with trailing zero bits: not compared as octets */
        if (b->nnamed > 0)
            return;
        break;
    case TY_STRING:
        /* their content octets are not the UTF-8 the values hold */
        if (b->str_kind == STR_BMP || b->str_kind == STR_UNIVERSAL)
            return;
        break;
    default:
        return;
    }
    if (!type_closed(S, t, 0))
        return;
    Vec cand = {0}, kept = {0};
    type_candidates(S, t, &cand, 0);
    for (int i = 0; i < cand.len; i++) {
        Value *v = cand.items[i];
        bool dup = false;
        for (int k = 0; k < kept.len && !dup; k++)
            dup = same_value(v, kept.items[k]) == PV_YES;
        if (dup)
            continue;
        Permit p = singles_permit(S, t, v);
        if (p == PV_UNKNOWN)
            return;
        if (p == PV_YES)
            vec_push(S->a, &kept, v);
    }
    t->singles = (Value **)kept.items;
    t->nsingles = kept.len;
    t->has_singles = true;
}

void sema_check_value_constraints(Sema *S, Type *gov, Value *v, Loc loc)
{
    Type *b = gov ? sema_base_of(S, gov) : NULL;
    /* INTEGER values: the exact set (check_range) says it already. */
    if (!b || !v || (b->kind == TY_INTEGER && v->kind == V_INTEGER))
        return;
    pv_where_set = false;
    if (type_permits(S, gov, v, 0) == PV_NO)
        diag(DIAG_ERROR, pv_where_set ? pv_where : loc, "this value is not permitted by the type's constraint (X.680 51)");
}
