/* sema.c — the driver of semantic analysis: the order of the passes, and
 * nothing else. The layers it runs, and who may call whom, are described
 * in asn1cc.h ("sema: layers"). */
#include "asn1cc.h"

int sema_instance_rounds = LIMIT_INSTANCE_ROUNDS;

bool sema_run(Compilation *c)
{
    int errors_before = diag_error_count();
    diag_defer(true);
    Sema sema = {0};
    Sema *S = &sema;
    S->c = c;
    S->a = c->arena;
    sema_scope_init(S);
    /* Modules loaded through -I while resolving are appended to c->modules
     * and handled by the same loops. */
    for (int i = 0; i < c->nmodules; i++)
        sema_bind_imports(S, c->modules[i]);
    for (int i = 0; i < c->nmodules; i++)
        sema_classify(S, c->modules[i]);
    for (int i = 0; i < c->nmodules; i++)
        sema_types_run(S, c->modules[i]);
    sema_types_instances(S);
    for (int i = 0; i < c->nmodules; i++)
        sema_values_run(S, c->modules[i]);
    for (int i = 0; i < c->nmodules; i++)
        sema_objects_run(S, c->modules[i]);
    /* Values and objects may have instantiated more parameterized types;
     * each round finishes and values the ones the last round made. A
     * module whose instances still multiply after the last round is an
     * error at the first one left, not a silent stop. */
    int round = 0;
    for (; round < sema_instance_rounds && (S->inst_typed < S->instances.len || S->inst_valued < S->instances.len); round++) {
        sema_types_instances(S);
        sema_values_instances(S);
    }
    if (S->inst_typed < S->instances.len || S->inst_valued < S->instances.len) {
        int first = S->inst_typed < S->inst_valued ? S->inst_typed : S->inst_valued;
        Assignment *as = S->instances.items[first];
        diag(DIAG_ERROR, as->loc,
             "instances of parameterized assignments still appear after %d round%s of resolution; '%s' is left "
             "unresolved (asn1cc limit, --instance-rounds N raises it)",
             round, round == 1 ? "" : "s", as->name);
    }
    for (int i = 0; i < c->nmodules; i++)
        sema_checks_run(S, c->modules[i]);
    sema_checks_instances(S);
    for (int i = 0; i < c->nmodules; i++)
        sema_warn_unused_imports(c->modules[i]);
    sema_check_recursion(S);
    c->instances = (Assignment **)S->instances.items;
    c->ninstances = S->instances.len;
    diag_flush();
    return diag_error_count() == errors_before;
}
