/* sema_params.c — parameterized assignments (X.683): the bindings of formal
 * to actual parameters (Env), and instances, made by re-parsing the
 * definition's right-hand side once per distinct list of actuals. It parses
 * and shares instances; binding their names is the types layer's work
 * (sema_types.c calls here, never the other way), so it sits below the
 * types/values/constraints group and uses only the parser. */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

enum { T_TYPEREF_KIND = T_TYPEREF, T_IDENTIFIER_KIND = T_IDENTIFIER };

/* ------------------------------------------------------------ parameters */

int sema_param_index(const Env *env, const char *name)
{
    if (!env)
        return -1;
    for (int i = 0; i < env->def->nparams; i++)
        if (strcmp(env->def->params[i]->name, name) == 0)
            return i;
    return -1;
}

/* Actual i of env is parsed once, as a type or a value as its use asks;
 * one that does not parse is reported and replaced by a NULL stand-in. */
static void not_an_actual(const Env *env, int i, const char *what)
{
    diag(DIAG_ERROR, env->actuals[i].loc, "actual parameter %d of %s is not a %s", i + 1, env->def->name, what);
}

Type *sema_param_type(Sema *S, Env *env, int i)
{
    if (!env->atypes[i] && !(env->atypes[i] = parse_type_range(S->c, env->actuals[i]))) {
        not_an_actual(env, i, "type");
        env->atypes[i] = ast_new_type(S->a, TY_NULL, env->actuals[i].loc);
    }
    return env->atypes[i];
}

Value *sema_param_value(Sema *S, Env *env, int i)
{
    if (!env->avalues[i] && !(env->avalues[i] = parse_value_range(S->c, env->actuals[i]))) {
        not_an_actual(env, i, "value");
        env->avalues[i] = ast_new_value(S->a, V_NULL, env->actuals[i].loc);
    }
    return env->avalues[i];
}

static const char *range_text(Arena *a, TokRange r)
{
    if (r.end <= r.begin)
        return "";
    const char *s = r.ta->toks[r.begin].text;
    const Token *last = &r.ta->toks[r.end - 1];
    size_t n = (size_t)(last->text + last->len - s);
    /* Collapse whitespace so the name is stable and one line. */
    char *out = arena_alloc(a, n + 1);
    size_t k = 0;
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            space = true;
            continue;
        }
        if (space && k)
            out[k++] = ' ';
        space = false;
        out[k++] = ch;
    }
    out[k] = '\0';
    return out;
}

/* Actual parameters as text, with each token naming a parameter of env
 * replaced by its own actual (recursively, bounded). */
static const char *canonical_args(Sema *S, Env *env, TokRange *actuals, int n, int depth)
{
    const char *out = "";
    for (int i = 0; i < n; i++) {
        const char *one = "";
        for (int k = actuals[i].begin; k < actuals[i].end; k++) {
            const Token *t = &actuals[i].ta->toks[k];
            char *word = arena_strndup(S->a, t->text, (size_t)t->len);
            int pi = (t->kind == T_TYPEREF_KIND || t->kind == T_IDENTIFIER_KIND) ? sema_param_index(env, word) : -1;
            if (pi >= 0 && depth < LIMIT_INSTANTIATE)
                one = arena_printf(S->a, "%s%s", one,
                                   canonical_args(S, env->caller_env, &env->actuals[pi], 1, depth + 1));
            else
                one = arena_printf(S->a, "%s %s", one, word);
        }
        out = arena_printf(S->a, "%s%s%s", out, i ? "," : "", one);
    }
    return out;
}

Assignment *sema_instantiate(Sema *S, Module *m, Env *env, Assignment *def, TokRange *actuals, int nactuals, Loc loc)
{
    if (nactuals != def->nparams) {
        diag(DIAG_ERROR, loc, "%s takes %d parameter%s, %d given", def->name, def->nparams,
             def->nparams == 1 ? "" : "s", nactuals);
        diag_note(def->loc, "'%s' is defined here", def->name);
        return NULL;
    }
    int depth = env ? env->depth + 1 : 1;
    if (depth > LIMIT_INSTANTIATE) {
        diag(DIAG_ERROR, loc, "parameterized types nest more than %d deep (asn1cc limit)", LIMIT_INSTANTIATE);
        return NULL;
    }
    const char *args = "";
    for (int i = 0; i < nactuals; i++)
        args = arena_printf(S->a, "%s%s%s", args, i ? ", " : "", range_text(S->a, actuals[i]));
    const char *name = arena_printf(S->a, "%s{%s}", def->name, args);
    /* Instances with the same meaning are shared: the key spells the actuals
     * with enclosing parameters replaced by what they are bound to, so a
     * recursive P{X} ::= SEQUENCE { a P{X} OPTIONAL } closes on itself. */
    const char *key = arena_printf(S->a, "%s.%s{%s}@%s", def->module->name, def->name,
                                   canonical_args(S, env, actuals, nactuals, 0),
                                   m ? m->name : "");
    for (int i = 0; i < S->instances.len; i++) {
        Assignment *as = S->instances.items[i];
        if (strcmp(as->inst_key, key) == 0)
            return as;
    }
    Env *e = arena_alloc(S->a, sizeof *e);
    e->def = def;
    e->actuals = actuals;
    e->nactuals = nactuals;
    e->caller = m;
    e->caller_env = env;
    e->atypes = arena_alloc(S->a, sizeof(Type *) * (size_t)nactuals);
    e->avalues = arena_alloc(S->a, sizeof(Value *) * (size_t)nactuals);
    e->depth = depth;

    Assignment *as = arena_alloc(S->a, sizeof *as);
    *as = *def;
    as->name = name;
    as->params = NULL;
    as->nparams = 0;
    as->instance = true;
    as->inst_key = key;
    as->inst_env = e;
    as->class_busy = as->value_busy = false;
    as->graph_node = 0;
    vec_push(S->a, &S->instances, as);
    switch (def->kind) {
    case A_TYPE:
    case A_CLASS:
        as->type = parse_type_range(S->c, def->rhs);
        if (!as->type)
            as->type = ast_new_type(S->a, TY_NULL, def->loc);
        break;
    case A_VALUE:
    case A_OBJECT:
        as->value = parse_value_range(S->c, def->rhs);
        if (!as->value)
            as->value = ast_new_value(S->a, V_NULL, def->loc);
        break;
    case A_VALUE_SET:
    case A_OBJECT_SET:
    case A_MACRO:
        break;
    }
    return as;
}

