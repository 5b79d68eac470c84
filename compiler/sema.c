/* sema.c — the driver of semantic analysis: the order of the passes, and
 * nothing else. The layers it runs, and who may call whom, are described
 * in asn1cc.h ("sema: layers"). */
#include "asn1cc.h"

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
    /* Values and objects may have instantiated more parameterized types. */
    for (int guard = 0; guard < 64 && (S->inst_typed < S->instances.len || S->inst_valued < S->instances.len); guard++) {
        sema_types_instances(S);
        sema_values_instances(S);
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
