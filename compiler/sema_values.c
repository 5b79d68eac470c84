/* sema_values.c — values, in the recursive group with sema_types.c and
 * sema_constraints.c (see asn1cc.h, "sema: layers"): evaluates value
 * references, named numbers and enumerators, OBJECT IDENTIFIER values built
 * through references (X.680 32), bit/octet strings, SEQUENCE/SET/CHOICE
 * values; checks DEFAULT values and value assignments against their types
 * and constraints. A governor is resolved and finished (sema_types.c) before
 * a value is read against it. */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

static Value *eval(Sema *S, Module *m, Env *env, Value *v, Type *gov, int depth);

static const char *kind_text(const Type *b)
{
    if (!b)
        return "?";
    return b->kind == TY_STRING ? ast_string_kind_name(b->str_kind) : ast_type_kind_name(b->kind);
}

static Value *new_value(Sema *S, ValueKind k, Loc loc)
{
    return ast_new_value(S->a, k, loc);
}

/* Finds the value a reference names: a parameter, a named number or
 * enumerator of the governor, or a value assignment. */
static Value *deref(Sema *S, Module *m, Env *env, Value *v, Type *gov, int depth, Module **vm, Env **venv, Type **vgov)
{
    int pi = v->ref_module ? -1 : sema_param_index(env, v->ref_name);
    if (pi >= 0) {
        Type *pgov = env->def->params[pi]->governor;
        /* The governor is written in the definition's parameter list and
         * resolved there (a type reference, or another parameter), before
         * the actual value is evaluated against it in the caller. */
        if (pgov) {
            sema_resolve_type(S, env->def->module, env, pgov);
            sema_finish_type(S, pgov);   /* its base: an unfinished INTEGER governs nothing */
        }
        *vm = env->caller;
        *venv = env->caller_env;
        *vgov = pgov ? pgov : gov;
        if (!pgov)
            return sema_param_value(S, env, pi);
        /* X.683 9.2: the actual is a value of its governor, checked (range
         * included) where it is written, once for every use. */
        *vgov = NULL;
        return eval(S, env->caller, env->caller_env, sema_param_value(S, env, pi), pgov, 0);
    }
    Type *b = gov ? gov->base : NULL;
    if (b && !v->ref_module && (b->kind == TY_INTEGER || b->kind == TY_ENUMERATED)) {
        for (int i = 0; i < b->nnamed; i++)
            if (strcmp(b->named[i]->name, v->ref_name) == 0) {
                Value *r = new_value(S, b->kind == TY_ENUMERATED ? V_ENUM : V_INTEGER, v->loc);
                r->ival = b->named[i]->number;
                r->text = b->named[i]->name;
                *vgov = NULL;
                return r;
            }
        /* X.680 20.8: an enumerator, or else a DefinedValue of the type. */
        if (b->kind == TY_ENUMERATED && !sema_lookup(S, m, NULL, v->ref_name, v->loc, false)) {
            diag(DIAG_ERROR, v->loc, "'%s' is not an item of this ENUMERATED type", v->ref_name);
            return NULL;
        }
    }
    Assignment *as = sema_lookup(S, m, v->ref_module, v->ref_name, v->loc, true);
    if (!as)
        return NULL;
    if (as->kind != A_VALUE || as->nparams) {
        diag(DIAG_ERROR, v->loc, "'%s' is not a value", v->ref_name);
        diag_note(as->loc, "'%s' is defined here", as->name);
        return NULL;
    }
    if (as->value_busy) {
        diag(DIAG_ERROR, v->loc, "the value of '%s' depends on itself", as->name);
        return NULL;
    }
    as->value_busy = true;
    if (as->type) {
        sema_resolve_type(S, as->module, NULL, as->type);
        sema_finish_type(S, as->type);
    }
    /* A reference hop is not nesting: depth 1 only skips the range check,
     * which the referencing site makes against its own governor. */
    Value *r = eval(S, as->module, NULL, as->value, as->type, 1);
    (void)depth;
    as->value_busy = false;
    /* X.680 17.7: the value a reference names is a value of the governor. */
    Type *ab = as->type ? as->type->base : NULL;
    if (r && b && ab && !sema_types_compatible(ab, b)) {
        diag(DIAG_ERROR, v->loc, "'%s' is a value of type %s, not of type %s", as->name, kind_text(ab), kind_text(b));
        diag_note(as->loc, "'%s' is defined here", as->name);
        r = NULL;
    }
    *vgov = NULL;            /* already evaluated */
    return r;
}

bool sema_int_value(Sema *S, Module *m, Env *env, Value *v, Type *gov, AsnInt *out)
{
    static Type int_type = {.kind = TY_INTEGER};
    if (!gov) {
        int_type.base = &int_type;
        gov = &int_type;
    }
    /* Depth 1: an endpoint or tag number is not range-checked against gov. */
    Value *r = eval(S, m, env, v, gov, 1);
    if (!r)
        return false;
    if (r->kind != V_INTEGER && r->kind != V_ENUM) {
        diag(DIAG_ERROR, v->loc, "an integer value is needed here");
        return false;
    }
    if (r->big) {
        diag(DIAG_ERROR, v->loc, "number does not fit in 128 bits (only an upper range bound may reach 2^128-1)");
        return false;
    }
    *out = r->ival;
    return true;
}

/* ------------------------------------------------------------ OIDs */

static const Token *tok_at(TokRange r, int i)
{
    return &r.ta->toks[i];
}

static char *tok_text(Sema *S, const Token *t)
{
    return arena_strndup(S->a, t->text, (size_t)t->len);
}

/* X.680 32.3 ObjIdComponents: NameForm | NumberForm | NameAndNumberForm |
 * DefinedValue (an OID or RELATIVE-OID value, first position only). */
static Value *eval_oid(Sema *S, Module *m, Env *env, Value *v, bool relative, int depth)
{
    TokRange r = v->braced;
    Vec arcs = {0};
    int pos = 0;
    for (int i = r.begin; i < r.end; pos++) {
        const Token *t = tok_at(r, i);
        AsnInt arc = 0;
        if (t->kind == T_NUMBER) {
            if (!parse_number(t->text, t->len, &arc) || arc < 0) {
                diag(DIAG_ERROR, t->loc, "OID arc must be a non-negative number");
                return NULL;
            }
            i++;
        } else if (t->kind == T_IDENTIFIER && i + 1 < r.end && tok_at(r, i + 1)->kind == '(') {
            /* name(number) or name(valueref) */
            if (i + 3 >= r.end + 1 || tok_at(r, i + 3)->kind != ')') {
                diag(DIAG_ERROR, t->loc, "malformed OID component: expected name(number)");
                return NULL;
            }
            const Token *n = tok_at(r, i + 2);
            if (n->kind == T_NUMBER) {
                if (!parse_number(n->text, n->len, &arc) || arc < 0) {
                    diag(DIAG_ERROR, n->loc, "OID arc must be a non-negative number");
                    return NULL;
                }
            } else if (n->kind == T_IDENTIFIER) {
                Value ref = {.kind = V_REF, .loc = n->loc, .ref_name = tok_text(S, n)};
                if (!sema_int_value(S, m, env, &ref, NULL, &arc))
                    return NULL;
            } else {
                diag(DIAG_ERROR, n->loc, "malformed OID component: expected a number");
                return NULL;
            }
            i += 4;
        } else if (t->kind == T_IDENTIFIER || t->kind == T_TYPEREF) {
            const char *mod = NULL;
            const Token *nt = t;
            if (t->kind == T_TYPEREF) {
                if (i + 2 >= r.end + 1 || tok_at(r, i + 1)->kind != '.' || tok_at(r, i + 2)->kind != T_IDENTIFIER) {
                    diag(DIAG_ERROR, t->loc, "malformed OID component");
                    return NULL;
                }
                mod = tok_text(S, t);
                nt = tok_at(r, i + 2);
                i += 2;
            }
            char *name = tok_text(S, nt);
            i++;
            AsnInt first = arcs.len ? *(AsnInt *)arcs.items[0] : -1;
            if (!mod && pos < 2 && !relative && (pos == 0 || arcs.len == 1) &&
                sema_param_index(env, name) < 0 && !sema_lookup(S, m, NULL, name, nt->loc, false) &&
                sema_well_known_arc(pos, first, name, &arc)) {
                /* fall through to push */
            } else {
                Value ref = {.kind = V_REF, .loc = nt->loc, .ref_module = mod, .ref_name = name};
                Module *vm = m;
                Env *venv = env;
                Type *vgov = NULL;
                Value *target = deref(S, m, env, &ref, NULL, depth + 1, &vm, &venv, &vgov);
                if (!target)
                    return NULL;
                if (vgov)
                    target = eval(S, vm, venv, target, vgov, depth + 1);
                if (target && target->eval)
                    target = target->eval;
                if (target && target->kind == V_OID && pos == 0) {
                    if (target->narcs > LIMIT_OID_ARCS)
                        return NULL;
                    for (int k = 0; k < target->narcs; k++) {
                        AsnInt *a = arena_alloc(S->a, sizeof *a);
                        *a = target->arcs[k];
                        vec_push(S->a, &arcs, a);
                    }
                    continue;
                }
                if (target && target->kind == V_INTEGER && target->ival >= 0) {
                    arc = target->ival;
                } else {
                    diag(DIAG_ERROR, nt->loc, "'%s' is not an OBJECT IDENTIFIER value%s", name,
                         pos ? " or arc number (only the first component may be an OID)" : "");
                    return NULL;
                }
            }
        } else {
            diag(DIAG_ERROR, t->loc, "unexpected '%.*s' in an OBJECT IDENTIFIER value", t->len, t->text);
            return NULL;
        }
        AsnInt *a = arena_alloc(S->a, sizeof *a);
        *a = arc;
        vec_push(S->a, &arcs, a);
        if (arcs.len > LIMIT_OID_ARCS) {
            diag(DIAG_ERROR, v->loc, "OBJECT IDENTIFIER value with more than %d arcs (asn1cc limit)", LIMIT_OID_ARCS);
            return NULL;
        }
    }
    Value *o = new_value(S, V_OID, v->loc);
    o->narcs = arcs.len;
    o->arcs = arena_alloc(S->a, sizeof(AsnInt) * (size_t)(arcs.len + 1));
    for (int i = 0; i < arcs.len; i++)
        o->arcs[i] = *(AsnInt *)arcs.items[i];
    if (!relative && o->narcs >= 1) {
        if (o->narcs < 2)
            diag(DIAG_ERROR, v->loc, "an OBJECT IDENTIFIER value has at least two arcs");
        else if (o->arcs[0] > 2 || (o->arcs[0] < 2 && o->arcs[1] > 39))
            diag(DIAG_ERROR, v->loc, "invalid first arcs (X.660: first arc 0..2, second 0..39 under 0 and 1)");
    }
    return o;
}

/* ------------------------------------------------------------ strings */

static Value *bits_from(Sema *S, Value *v)
{
    Value *r = new_value(S, V_BITS, v->loc);
    size_t n = strlen(v->text);
    size_t nbits = v->kind == V_BSTRING ? n : n * 4;
    r->bytes = arena_alloc(S->a, nbits / 8 + 1);
    r->nbits = nbits;
    for (size_t i = 0; i < n; i++) {
        unsigned d = v->kind == V_BSTRING ? (unsigned)(v->text[i] - '0')
                     : (unsigned)(v->text[i] <= '9' ? v->text[i] - '0' : v->text[i] - 'A' + 10);
        for (int k = 0; k < (v->kind == V_BSTRING ? 1 : 4); k++) {
            size_t bit = v->kind == V_BSTRING ? i : i * 4 + (size_t)k;
            unsigned on = v->kind == V_BSTRING ? d : (d >> (3 - k)) & 1;
            if (on)
                r->bytes[bit / 8] |= (uint8_t)(0x80 >> (bit % 8));
        }
    }
    r->nbytes = (nbits + 7) / 8;
    return r;
}

/* X.680 23.3: a bstring or hstring that is not whole octets gets zero bits
 * appended ('1'H is the octet 0x10); bits_from left them zero. */
static Value *octets_from(Sema *S, Value *v)
{
    Value *bits = bits_from(S, v);
    bits->kind = V_OCTETS;
    bits->nbits = bits->nbytes * 8;
    return bits;
}

/* { a, b } for a BIT STRING with named bits: the named positions set. */
static Value *named_bits(Sema *S, Value *v, Type *b)
{
    TokRange *parts;
    int n = tokrange_split(S->a, v->braced, &parts);
    Value *r = new_value(S, V_BITS, v->loc);
    AsnInt max = -1;
    AsnInt *pos = arena_alloc(S->a, sizeof(AsnInt) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        if (parts[i].end - parts[i].begin != 1 || tok_at(parts[i], parts[i].begin)->kind != T_IDENTIFIER) {
            diag(DIAG_ERROR, parts[i].loc, "expected a named bit");
            return NULL;
        }
        const Token *t = tok_at(parts[i], parts[i].begin);
        bool found = false;
        for (int k = 0; k < b->nnamed && !found; k++)
            if ((int)strlen(b->named[k]->name) == t->len && memcmp(b->named[k]->name, t->text, (size_t)t->len) == 0) {
                pos[i] = b->named[k]->number;
                found = true;
            }
        if (!found) {
            diag(DIAG_ERROR, t->loc, "'%.*s' is not a named bit of this BIT STRING", t->len, t->text);
            return NULL;
        }
        if (pos[i] > max)
            max = pos[i];
    }
    if (max > 1 << 20) {
        diag(DIAG_ERROR, v->loc, "named bit position too large");
        return NULL;
    }
    r->nbits = (size_t)(max + 1);
    r->nbytes = (r->nbits + 7) / 8;
    r->bytes = arena_alloc(S->a, r->nbytes + 1);
    for (int i = 0; i < n; i++)
        r->bytes[pos[i] / 8] |= (uint8_t)(0x80 >> (pos[i] % 8));
    return r;
}

/* ------------------------------------------------------------ structured */

static Component *find_comp(Type *b, const char *name, size_t len)
{
    for (int i = 0; i < b->ncomps; i++)
        if (b->comps[i]->name && strlen(b->comps[i]->name) == len && memcmp(b->comps[i]->name, name, len) == 0)
            return b->comps[i];
    return NULL;
}

static void check_range(Type *gov, Value *r, Loc loc);

/* A component, element or alternative value against its own type's
 * constraints, as a value assignment is (X.680 51: { b 9 } of
 * SEQUENCE { b INTEGER (0..5) } is not a value of the type). */
static void check_item(Sema *S, Type *t, Value *r, Loc loc)
{
    if (!r || !t)
        return;
    check_range(t, r, loc);
    sema_check_value_constraints(S, t, r, loc);
}

static Value *eval_sequence(Sema *S, Module *m, Env *env, Value *v, Type *b, int depth)
{
    TokRange *parts;
    int n = tokrange_split(S->a, v->braced, &parts);
    Value *r = new_value(S, V_SEQUENCE, v->loc);
    r->items = arena_alloc(S->a, sizeof(Value *) * (size_t)(n + 1));
    r->item_names = arena_alloc(S->a, sizeof(char *) * (size_t)(n + 1));
    Loc *given_at = arena_alloc(S->a, sizeof(Loc) * (size_t)(n + 1));
    int last = -1;           /* index in b->comps of the component given last */
    for (int i = 0; i < n; i++) {
        TokRange p = parts[i];
        const Token *t = p.end > p.begin ? tok_at(p, p.begin) : NULL;
        if (!t || t->kind != T_IDENTIFIER || p.end - p.begin < 2) {
            diag(DIAG_ERROR, p.loc, "expected 'component value' in a %s value", kind_text(b));
            return NULL;
        }
        Component *c = find_comp(b, t->text, (size_t)t->len);
        if (!c) {
            diag(DIAG_ERROR, t->loc, "the %s has no component '%.*s'", kind_text(b), t->len, t->text);
            return NULL;
        }
        /* X.680 25.18, 27.5: each component at most once; in a SEQUENCE, in
         * the order of the type. */
        for (int k = 0; k < r->nitems; k++)
            if (r->item_names[k] == c->name) {
                diag(DIAG_ERROR, t->loc, "'%s' is given twice in this %s value", c->name, kind_text(b));
                diag_note(given_at[k], "first given here");
                return NULL;
            }
        int ci = 0;
        while (b->comps[ci] != c)
            ci++;
        if (b->kind == TY_SEQUENCE && ci < last) {
            diag(DIAG_ERROR, t->loc, "'%s' is given after '%s', but comes before it in the SEQUENCE", c->name,
                 b->comps[last]->name);
            diag_note(c->loc, "'%s' is defined here", c->name);
            return NULL;
        }
        last = ci;
        given_at[r->nitems] = t->loc;
        TokRange vr = {p.ta, p.begin + 1, p.end, tok_at(p, p.begin + 1)->loc};
        Value *cv = parse_value_range(S->c, vr);
        if (!cv)
            return NULL;
        r->item_names[r->nitems] = c->name;
        r->items[r->nitems++] = eval(S, m, env, cv, c->type, depth + 1);
        check_item(S, c->type, r->items[r->nitems - 1], cv->loc);
    }
    for (int i = 0; i < b->ncomps; i++) {
        Component *c = b->comps[i];
        bool given = false;
        for (int k = 0; k < r->nitems; k++)
            given |= strcmp(r->item_names[k], c->name ? c->name : "") == 0;
        if (!given && !c->optional && !c->default_value && !c->is_extension && c->name)
            diag(DIAG_ERROR, v->loc, "the value gives no '%s', which is not OPTIONAL", c->name);
    }
    return r;
}

static Value *eval_sequence_of(Sema *S, Module *m, Env *env, Value *v, Type *b, int depth)
{
    TokRange *parts;
    int n = tokrange_split(S->a, v->braced, &parts);
    Value *r = new_value(S, V_SEQUENCE_OF, v->loc);
    r->items = arena_alloc(S->a, sizeof(Value *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        Value *ev = parse_value_range(S->c, parts[i]);
        if (!ev)
            return NULL;
        r->items[r->nitems++] = eval(S, m, env, ev, b->inner, depth + 1);
        check_item(S, b->inner, r->items[r->nitems - 1], ev->loc);
    }
    return r;
}

/* ------------------------------------------------------------ evaluation */

static void check_range(Type *gov, Value *r, Loc loc)
{
    if (!gov || !r)
        return;
    char a[48], b[48], c[48];
    const Range *vr = &gov->value_range;
    if (r->kind == V_INTEGER && vr->present && !vr->extensible &&
        ((vr->has_lo && r->ival < vr->lo) || (vr->has_hi && r->ival > vr->hi)))
        diag(DIAG_ERROR, loc, "value %s is outside the type's range %s..%s", asn_int_str(a, r->ival),
             vr->has_lo ? asn_int_str(b, vr->lo) : "MIN", vr->has_hi ? asn_int_str(c, vr->hi) : "MAX");
    else if (r->kind == V_INTEGER && !sema_set_contains(&gov->value_set, r->ival))
        diag(DIAG_ERROR, loc, "value %s is not permitted by the type's constraint (X.680 50: the exact set, "
             "not its hull)", asn_int_str(a, r->ival));
    /* X.680 51.7: every character of a string value in the permitted alphabet. */
    if (r->kind == V_CSTRING && r->text && gov->has_alphabet)
        for (const unsigned char *p = (const unsigned char *)r->text; *p; p++)
            if (*p >= 128 || !(gov->alphabet[*p / 8] & (1u << (*p % 8)))) {
                diag(DIAG_ERROR, loc, "'%c' is not in the type's permitted alphabet (FROM)", *p < 128 ? *p : '?');
                break;
            }
    const Range *sr = &gov->size_range;
    size_t len = 0;
    bool has_len = true;
    if (r->kind == V_CSTRING)
        len = r->nbytes;
    else if (r->kind == V_OCTETS)
        len = r->nbytes;
    else if (r->kind == V_BITS)
        len = r->nbits;
    else if (r->kind == V_SEQUENCE_OF)
        len = (size_t)r->nitems;
    else
        has_len = false;
    if (has_len && sr->present && !sr->extensible &&
        ((sr->has_lo && (AsnInt)len < sr->lo) || (sr->has_hi && (AsnInt)len > sr->hi)) &&
        !(r->kind == V_BITS && gov->base && gov->base->nnamed))
        diag(DIAG_ERROR, loc, "value has size %zu, outside the type's SIZE %s..%s", len,
             sr->has_lo ? asn_int_str(b, sr->lo) : "0", sr->has_hi ? asn_int_str(c, sr->hi) : "MAX");
    else if (has_len && !(r->kind == V_BITS && gov->base && gov->base->nnamed) &&
             !sema_set_contains(&gov->size_set, (AsnInt)len))
        diag(DIAG_ERROR, loc, "value has size %zu, which the type's SIZE constraint does not permit", len);
}

/* X.680 21.5: { mantissa m, base 2 | 10, exponent e }, in that order. */
static bool real_parts_ok(Sema *S, Module *m, Env *env, Value *v)
{
    static const char *const names[] = {"mantissa", "base", "exponent"};
    TokRange *parts;
    int n = tokrange_split(S->a, v->braced, &parts);
    AsnInt *mbe = arena_alloc(S->a, sizeof *mbe * 3);
    for (int i = 0; i < n && i < 3; i++) {
        TokRange p = parts[i];
        const Token *t = p.end > p.begin ? tok_at(p, p.begin) : NULL;
        if (!t || t->kind != T_IDENTIFIER || p.end - p.begin < 2 || (size_t)t->len != strlen(names[i]) ||
            memcmp(t->text, names[i], (size_t)t->len) != 0) {
            diag(DIAG_ERROR, t ? t->loc : p.loc, "expected '%s' here: a REAL value is { mantissa m, base 2 or 10, exponent e }",
                 names[i]);
            return false;
        }
        Value *cv = parse_value_range(S->c, (TokRange){p.ta, p.begin + 1, p.end, tok_at(p, p.begin + 1)->loc});
        AsnInt x;
        if (!cv || !sema_int_value(S, m, env, cv, NULL, &x))
            return false;
        if (i == 1 && x != 2 && x != 10) {
            char buf[48];
            diag(DIAG_ERROR, cv->loc, "a REAL value's base is 2 or 10, not %s", asn_int_str(buf, x));
            return false;
        }
        mbe[i] = x;
    }
    if (n != 3) {
        diag(DIAG_ERROR, v->loc, "a REAL value is { mantissa m, base 2 or 10, exponent e }: %d component%s given", n,
             n == 1 ? "" : "s");
        return false;
    }
    /* The braced value keeps its parts for the code generator (a DEFAULT's DER). */
    v->arcs = mbe;
    v->narcs = 3;
    return true;
}

static Value *mismatch(Value *v, Type *b)
{
    diag(DIAG_ERROR, v->loc, "this value does not fit type %s", kind_text(b));
    return NULL;
}

static Value *eval_inner(Sema *S, Module *m, Env *env, Value *v, Type *gov, int depth);

/* X.680 34.3, 35.3: an OID-IRI value is "/arc/arc...", a RELATIVE-OID-IRI
 * one "arc/arc..."; each arc is a non-empty Unicode label without spaces,
 * and one of digits only is an integer label without a leading zero. */
static bool iri_value_ok(const char *s, bool relative, Loc loc)
{
    const char *p = s;
    if (!relative && *p++ != '/') {
        diag(DIAG_ERROR, loc, "an OID-IRI value begins with '/'");
        return false;
    }
    if (relative && *p == '/') {
        diag(DIAG_ERROR, loc, "a RELATIVE-OID-IRI value does not begin with '/'");
        return false;
    }
    for (;;) {
        const char *arc = p;
        bool digits = true;
        for (; *p && *p != '/'; p++) {
            if ((unsigned char)*p <= ' ' || *p == 0x7f) {
                diag(DIAG_ERROR, loc, "an IRI arc holds no spaces or control characters");
                return false;
            }
            digits &= *p >= '0' && *p <= '9';
        }
        if (p == arc) {
            diag(DIAG_ERROR, loc, "an IRI value has an empty arc");
            return false;
        }
        if (digits && *arc == '0' && p - arc > 1) {
            diag(DIAG_ERROR, loc, "an integer IRI arc has no leading zero");
            return false;
        }
        if (!*p)
            return true;
        p++;
    }
}

/* X.683 8.1: name{actuals} is the value of the parameterized value
 * assignment instantiated with them, evaluated under its parameters. */
static Value *param_value(Sema *S, Module *m, Env *env, Value *v, Type *gov)
{
    Assignment *def = sema_lookup(S, m, v->ref_module, v->ref_name, v->loc, true);
    if (!def)
        return NULL;
    if (def->kind != A_VALUE || !def->nparams) {
        diag(DIAG_ERROR, v->loc, "'%s' is not a parameterized value", v->ref_name);
        diag_note(def->loc, "'%s' is defined here", def->name);
        return NULL;
    }
    Assignment *inst = sema_instantiate(S, m, env, def, v->actuals, v->nactuals, v->loc);
    if (!inst || !inst->value || !inst->type)
        return NULL;
    if (inst->value_busy) {
        diag(DIAG_ERROR, v->loc, "the value of '%s' depends on itself", inst->name);
        return NULL;
    }
    inst->value_busy = true;
    sema_resolve_type(S, def->module, inst->inst_env, inst->type);
    sema_finish_type(S, inst->type);
    Value *r = eval(S, def->module, inst->inst_env, inst->value, inst->type, 1);
    inst->value_busy = false;
    Type *ib = inst->type->base, *b = gov ? gov->base : NULL;
    if (r && b && ib && !sema_types_compatible(ib, b)) {
        diag(DIAG_ERROR, v->loc, "'%s' is a value of type %s, not of type %s", inst->name, kind_text(ib), kind_text(b));
        diag_note(def->loc, "'%s' is defined here", def->name);
        return NULL;
    }
    return r;
}

/* The type a contents constraint (CONTAINING Type) of t or of the types
 * it refers to names, or NULL. */
static Type *contained_type(Type *t)
{
    for (int guard = 0; t && guard < 64; guard++) {
        for (Constraint *c = t->constraints; c; c = c->next_serial)
            if (c->kind == C_CONTAINING && c->type)
                return c->type;
        t = t->kind == TY_REF && t->ref_assign ? t->ref_assign->type : t->inner;
    }
    return NULL;
}

/* X.680 22.11, 23.4: CONTAINING v is a value of the contained type. */
static Value *containing_value(Sema *S, Module *m, Env *env, Value *v, Type *gov)
{
    Type *b = gov ? gov->base : NULL;
    if (b && b->kind != TY_BIT_STRING && b->kind != TY_OCTET_STRING) {
        diag(DIAG_ERROR, v->loc, "CONTAINING value notation is for BIT STRING and OCTET STRING, not %s", kind_text(b));
        return NULL;
    }
    Type *ct = contained_type(gov);
    if (!ct) {
        diag(DIAG_ERROR, v->loc, "CONTAINING value notation needs a contents constraint (CONTAINING Type) on the type");
        return NULL;
    }
    Value *inner = eval(S, m, env, v->inner, ct, 0);
    if (!inner)
        return NULL;
    Value *r = new_value(S, V_CONTAINING, v->loc);
    r->inner = inner;
    return r;
}

/* X.681 14.6 ValueFromObject: obj.&f is what the object sets its fixed-type
 * value field &f to (or the class's DEFAULT), obj.&o.&f goes through object
 * fields first. The field's type must be the governor's built-in type. */
static Value *from_object(Sema *S, Module *m, Value *v, Type *gov, int depth)
{
    Assignment *as = sema_lookup(S, m, v->ref_module, v->ref_name, v->loc, true);
    for (int i = 0; as && i < v->nfields; i++) {
        if (as->kind != A_OBJECT) {
            diag(DIAG_ERROR, i ? v->field_locs[i - 1] : v->loc, "'%s' is not an information object", as->name);
            diag_note(as->loc, "'%s' is defined here", as->name);
            return NULL;
        }
        Object *o = sema_object(S, as);
        if (!o)
            return NULL;     /* reported where the object is defined */
        ClassField *f = sema_class_field(o->cls, v->fields[i]);
        bool last = i + 1 == v->nfields;
        if (!f || (last ? f->kind != FK_FIXED_VALUE || !f->type : f->kind != FK_OBJECT)) {
            if (f)
                diag(DIAG_ERROR, v->field_locs[i], "field %s of %s is not %s", f->name, as->name,
                     last ? "a value field of a fixed type" : "an object field");
            else
                diag(DIAG_ERROR, v->field_locs[i], "the class of %s has no field %s", as->name, v->fields[i]);
            return NULL;
        }
        FieldSetting *fs = object_field(o, v->fields[i]);
        Value *fv = fs ? fs->value : f->default_value;
        if (!fv) {
            diag(DIAG_ERROR, v->field_locs[i], "object %s does not set field %s", as->name, f->name);
            return NULL;
        }
        if (!last) {
            if (fv->kind != V_REF) {
                diag(DIAG_ERROR, v->field_locs[i], "field %s of %s is not an object given by reference", f->name, as->name);
                return NULL;
            }
            as = sema_lookup(S, as->module, fv->ref_module, fv->ref_name, fv->loc, true);
            continue;
        }
        Type *fb = sema_base_of(S, f->type), *b = gov ? gov->base : NULL;
        if (fb && b && b->kind != TY_OPEN && b->kind != TY_ANY &&
            (fb->kind != b->kind || (b->kind == TY_STRING && fb->str_kind != b->str_kind))) {
            diag(DIAG_ERROR, v->field_locs[i], "field %s of %s is of type %s, not %s", f->name, as->name,
                 kind_text(fb), kind_text(b));
            return NULL;
        }
        return eval(S, as->module, NULL, fv, f->type, depth + 1);
    }
    return NULL;
}

/* Evaluates once: a value that failed is not evaluated (or reported) again. */
static Value *eval(Sema *S, Module *m, Env *env, Value *v, Type *gov, int depth)
{
    if (!v)
        return NULL;
    if (v->eval_done || v->eval)
        return v->eval;
    if (!sema_enter(S, v->loc))
        return NULL;
    Value *r = eval_inner(S, m, env, v, gov, depth);
    sema_leave(S);
    /* Values inside parameterized bodies are evaluated per instance. */
    if (!env)
        v->eval_done = true;
    return r;
}

static Value *eval_inner(Sema *S, Module *m, Env *env, Value *v, Type *gov, int depth)
{
    if (depth > LIMIT_NESTING && v->kind != V_REF) {
        diag(DIAG_ERROR, v->loc, "value nests too deeply (asn1cc limit)");
        return NULL;
    }
    Type *b = gov ? gov->base : NULL;
    if (gov && !b && !(gov->sema_flags & TF_BROKEN) && gov->kind != TY_INTEGER) {
        sema_finish_type(S, gov);
        b = gov->base;
    }
    Value *r = NULL;
    if (v->kind == V_OPEN_TYPE) {
        /* X.681 14.6: "Type : Value" is the value of an open type only */
        if (b && b->kind != TY_OPEN && b->kind != TY_ANY) {
            diag(DIAG_ERROR, v->loc, "'Type : value' is the value of an open type, not of type %s", kind_text(b));
            return NULL;
        }
        sema_resolve_type(S, m, env, v->open_type);
        sema_finish_type(S, v->open_type);
        r = new_value(S, V_OPEN_TYPE, v->loc);
        r->open_type = v->open_type;
        r->inner = eval(S, m, env, v->inner, v->open_type, depth + 1);
        if (!r->inner)
            r = NULL;
    } else if (v->kind == V_REF) {
        Module *vm = m;
        Env *venv = env;
        Type *vgov = gov;
        Value *target = deref(S, m, env, v, gov, depth, &vm, &venv, &vgov);
        if (!target)
            return NULL;
        r = vgov ? eval(S, vm, venv, target, vgov, depth + 1) : target;
        if (r && b && r->kind == V_ENUM && b->kind != TY_ENUMERATED)
            r = mismatch(v, b);
    } else if (v->kind == V_FROM_OBJECT) {
        r = from_object(S, m, v, gov, depth);
    } else if (v->kind == V_PARAM_REF) {
        r = param_value(S, m, env, v, gov);
    } else if (v->kind == V_CONTAINING) {
        r = containing_value(S, m, env, v, gov);
    } else if (!b) {
        r = v;               /* no governor known (open type): keep as written */
    } else {
        switch (b->kind) {
        case TY_INTEGER:
            r = v->kind == V_INTEGER ? v : mismatch(v, b);
            break;
        case TY_ENUMERATED:
            r = mismatch(v, b);
            break;
        case TY_BOOLEAN:
            r = v->kind == V_BOOLEAN ? v : mismatch(v, b);
            break;
        case TY_NULL:
            r = v->kind == V_NULL ? v : mismatch(v, b);
            break;
        case TY_REAL:
            r = v->kind == V_INTEGER || v->kind == V_REAL || v->kind == V_PLUS_INF ||
                v->kind == V_MINUS_INF || v->kind == V_NAN || v->kind == V_BRACED ? v : mismatch(v, b);
            if (r && v->kind == V_BRACED && !real_parts_ok(S, m, env, v))
                r = NULL;
            break;
        case TY_OID:
        case TY_RELATIVE_OID:
            r = v->kind == V_BRACED ? eval_oid(S, m, env, v, b->kind == TY_RELATIVE_OID, depth) : mismatch(v, b);
            break;
        case TY_BIT_STRING:
            if (v->kind == V_BSTRING || v->kind == V_HSTRING)
                r = bits_from(S, v);
            else if (v->kind == V_BRACED)
                r = named_bits(S, v, b);
            else
                r = mismatch(v, b);
            break;
        case TY_OCTET_STRING:
            r = v->kind == V_BSTRING || v->kind == V_HSTRING ? octets_from(S, v) : mismatch(v, b);
            break;
        case TY_STRING:
        case TY_UTC_TIME:
        case TY_GENERALIZED_TIME:
        case TY_DATE:
        case TY_TIME_OF_DAY:
        case TY_DATE_TIME:
        case TY_DURATION:
        case TY_TIME:
            if (v->kind == V_CSTRING) {
                r = sema_check_string_value(b, v->text, strlen(v->text), v->loc) ? v : NULL;
                v->bytes = (uint8_t *)v->text;
            } else if (v->kind == V_BRACED && b->kind == TY_STRING) {
                r = v;       /* { "abc", {0,0,1,2} } character string lists: kept as written */
            } else {
                r = mismatch(v, b);
            }
            break;
        case TY_OID_IRI:
        case TY_RELATIVE_OID_IRI:
            if (v->kind == V_CSTRING) {
                r = iri_value_ok(v->text, b->kind == TY_RELATIVE_OID_IRI, v->loc) ? v : NULL;
                v->bytes = (uint8_t *)v->text;
                v->nbytes = strlen(v->text);
            } else {
                r = mismatch(v, b);
            }
            break;
        case TY_SEQUENCE:
        case TY_SET:
            r = v->kind == V_BRACED ? eval_sequence(S, m, env, v, b, depth) : mismatch(v, b);
            break;
        case TY_SEQUENCE_OF:
        case TY_SET_OF:
            r = v->kind == V_BRACED ? eval_sequence_of(S, m, env, v, b, depth) : mismatch(v, b);
            break;
        case TY_CHOICE:
            if (v->kind == V_CHOICE) {
                Component *alt = find_comp(b, v->alt_name, strlen(v->alt_name));
                if (!alt) {
                    diag(DIAG_ERROR, v->loc, "the CHOICE has no alternative '%s'", v->alt_name);
                    return NULL;
                }
                r = new_value(S, V_CHOICE, v->loc);
                r->alt_name = v->alt_name;
                r->inner = eval(S, m, env, v->inner, alt->type, depth + 1);
                check_item(S, alt->type, r->inner, v->inner ? v->inner->loc : v->loc);
            } else {
                r = mismatch(v, b);
            }
            break;
        default:
            r = v;           /* EXTERNAL, EMBEDDED PDV, open types...: kept as written */
            break;
        }
    }
    if (r && gov && depth == 0) {
        check_range(gov, r, v->loc);
        sema_check_value_constraints(S, gov, r, v->loc);
    }
    v->eval = r;
    v->governor = gov;
    return r;
}

Value *sema_eval_value(Sema *S, Module *m, Env *env, Value *v, Type *governor)
{
    return eval(S, m, env, v, governor, 0);
}

Value *sema_eval_constraint_value(Sema *S, Module *m, Env *env, Value *v, Type *b)
{
    /* Depth 1: a constraint's own value is not checked against that constraint. */
    return eval(S, m, env, v, b, 1);
}

static void values_in_type(Sema *S, Type *t, int depth)
{
    if (!t || depth > LIMIT_NESTING * 4)
        return;
    switch (t->kind) {
    case TY_SEQUENCE:
    case TY_SET:
    case TY_CHOICE:
        for (int i = 0; i < t->ncomps; i++) {
            Component *c = t->comps[i];
            if (c->default_value && !c->from_components_of)
                eval(S, t->sema_module, t->sema_env, c->default_value, c->type, 0);
            values_in_type(S, c->type, depth + 1);
        }
        break;
    case TY_TAGGED:
    case TY_SEQUENCE_OF:
    case TY_SET_OF:
        values_in_type(S, t->inner, depth + 1);
        break;
    case TY_REF:
        /* a dummy inside an instance: its actual may be an inline type */
        if (!t->ref_assign)
            values_in_type(S, t->inner, depth + 1);
        break;
    default:
        break;
    }
}

void sema_values_in_type(Sema *S, Type *t)
{
    values_in_type(S, t, 0);
}

void sema_values_run(Sema *S, Module *m)
{
    if (m->oid && m->oid->kind == V_BRACED) {
        static Type oid_type = {.kind = TY_OID};
        oid_type.base = &oid_type;
        /* The module's own OID may use names defined in the module (X.680 13.5 forbids
         * only references to other modules); evaluate quietly-tolerant. */
        eval(S, m, NULL, m->oid, &oid_type, 0);
    }
    for (int i = 0; i < m->nassigns; i++) {
        Assignment *as = m->assigns[i];
        if (as->nparams)
            continue;
        if (as->kind == A_VALUE && as->value && as->type)
            eval(S, m, NULL, as->value, as->type, 0);
        if (as->kind == A_TYPE)
            values_in_type(S, as->type, 0);
    }
}

void sema_values_instances(Sema *S)
{
    for (; S->inst_valued < S->instances.len; S->inst_valued++) {
        Assignment *as = S->instances.items[S->inst_valued];
        if (as->kind == A_TYPE)
            values_in_type(S, as->type, 0);
    }
}
