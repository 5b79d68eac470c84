/* cmap_pdu.c — --pdu T[,T...]: keep, of the C mapping sema_cmap() made,
 * only the types reachable from the named PDU types, so that a protocol
 * user (S1AP-PDU, NGAP-PDU) does not compile the whole 3GPP schema.
 *
 * Reachable means through the edges the generated code itself follows: a
 * typedef's or member's named type (CType.owner, the referenced
 * assignment), a SEQUENCE OF / SET OF element, a recursive reference's
 * target, and, for an open type constrained by a table ({Set}{@id}), every
 * object type of the set (the owner's COpen alternatives, or, where cmap
 * made no decoder and the value stays a view the user decodes, the types
 * the set's objects name), and the type an OCTET STRING or BIT STRING
 * (CONTAINING T) holds (NGAP's ...Transfer types, which its users decode
 * from such strings themselves). Value
 * assignments are all kept: they are constants, and protocol code names
 * them (id-... values) whichever PDU it handles. */
#include "asn1cc.h"
#include "cmap.h"

#include <string.h>

/* A set of CNamed pointers: open addressing, sized once for every type. */
typedef struct Marks {
    const CNamed **slot;
    size_t mask;
} Marks;

static size_t mark_hash(const CNamed *cn, size_t mask)
{
    uintptr_t p = (uintptr_t)cn;
    return (size_t)((p >> 4) * UINT64_C(0x9e3779b97f4a7c15) >> 17) & mask;
}

static bool marked(const Marks *m, const CNamed *cn)
{
    for (size_t i = mark_hash(cn, m->mask);; i = (i + 1) & m->mask) {
        if (m->slot[i] == cn)
            return true;
        if (m->slot[i] == NULL)
            return false;
    }
}

/* true when cn was not marked before. */
static bool mark(Marks *m, const CNamed *cn)
{
    for (size_t i = mark_hash(cn, m->mask);; i = (i + 1) & m->mask) {
        if (m->slot[i] == cn)
            return false;
        if (m->slot[i] == NULL) {
            m->slot[i] = cn;
            return true;
        }
    }
}

typedef struct Walk {
    Arena *a;
    Marks marks;
    Vec todo;                /* marked CNamed whose edges are not yet followed */
} Walk;

static void reach(Walk *w, CNamed *cn)
{
    if (cn && mark(&w->marks, cn))
        vec_push(w->a, &w->todo, cn);
}

static Type *untagged(Type *t)
{
    while (t && t->kind == TY_TAGGED)
        t = t->inner;
    return t;
}

/* CONTAINING T anywhere in a constraint tree. */
static void reach_containing(Walk *w, Constraint *k, int depth)
{
    for (; k && depth < 1000; k = k->next_serial) {
        if (k->kind == C_CONTAINING && k->type) {
            Type *t = untagged(k->type);
            if (t && t->kind == TY_REF && t->ref_assign && t->ref_assign->cinfo)
                reach(w, t->ref_assign->cinfo);
        }
        reach_containing(w, k->sub, depth + 1);
        reach_containing(w, k->sub2, depth + 1);
    }
}

static void reach_ct(Walk *w, CType *ct, int depth)
{
    /* elem chains are as deep as the schema's nesting of OF types. */
    for (; ct && depth < 10000; ct = ct->elem != ct ? ct->elem : NULL, depth++) {
        reach(w, ct->owner);
        reach(w, ct->recursive);
        for (Type *t = ct->node; t; t = t->kind == TY_TAGGED ? t->inner : NULL)
            reach_containing(w, t->constraints, 0);
        Type *u = untagged(ct->node);
        if (u && u->kind == TY_REF && u->ref_assign && u->ref_assign->cinfo)
            reach(w, u->ref_assign->cinfo);
    }
}

/* An open type component: the types its table's objects give it (sema
 * resolves the set, also one handed down through parameters). */
static void reach_open(Walk *w, Component *comp)
{
    Type *u = untagged(comp->type);
    if (!u || !u->field)
        return;
    Assignment *set = u->table_set;
    for (int k = 0; set && k < set->nobjects; k++) {
        FieldSetting *tf = object_field(set->objects[k], u->field->name);
        Type *t = tf ? untagged(tf->type) : NULL;
        if (t && t->kind == TY_REF && t->ref_assign && t->ref_assign->cinfo)
            reach(w, t->ref_assign->cinfo);
    }
}

/* How many types are named T (or Module.T) in the loaded modules; the first
 * cap of them in found. Instances of parameterized types are not PDUs. */
static int find_pdu(CMap *map, const char *name, size_t len, CNamed **found, int cap)
{
    const char *dot = memchr(name, '.', len);
    size_t mlen = dot ? (size_t)(dot - name) : 0;
    const char *tname = dot ? dot + 1 : name;
    size_t tlen = dot ? len - mlen - 1 : len;
    int n = 0;
    for (int i = 0; i < map->nmodules; i++)
        for (int j = 0; j < map->modules[i]->ntypes; j++) {
            CNamed *cn = map->modules[i]->types[j];
            Assignment *as = cn->assign;
            if (!as || as->instance || strlen(as->name) != tlen || strncmp(as->name, tname, tlen) != 0)
                continue;
            if (dot && (strlen(as->module->name) != mlen || strncmp(as->module->name, name, mlen) != 0))
                continue;
            if (n < cap)
                found[n] = cn;
            n++;
        }
    return n;
}

/* Marks the types a comma-separated list names (diagnosing the others). */
static bool mark_list(CMap *map, Walk *w, Marks *into, const char *opt, const char *list)
{
    /* Errors point into the option as a one-line source of its own. */
    const char *text = arena_printf(w->a, "%s %s", opt, list);
    SrcFile *sf = srcfile_new(w->a, "<command line>", (char *)text, strlen(text));
    bool ok = true;
    for (const char *p = list;;) {
        size_t n = strcspn(p, ",");
        Loc loc = {sf, 1, (int)(p - list) + (int)strlen(opt) + 2};
        CNamed *found[8];
        int nfound = find_pdu(map, p, n, found, 8);
        if (n == 0) {
            diag(DIAG_ERROR, loc, "empty PDU type name in %s", opt);
            ok = false;
        } else if (nfound == 0) {
            diag(DIAG_ERROR, loc, "unknown PDU type '%.*s': no type assignment of that name in the loaded modules",
                 (int)n, p);
            ok = false;
        } else if (nfound > 1) {
            diag(DIAG_ERROR, loc, "PDU type '%.*s' is defined in %d modules; write Module.%.*s", (int)n, p, nfound,
                 (int)n, p);
            for (int k = 0; k < nfound && k < 8; k++)
                diag(DIAG_NOTE, found[k]->assign->loc, "in module %s", found[k]->assign->module->name);
            ok = false;
        } else {
            mark(into, found[0]);
            reach(w, found[0]);
        }
        if (p[n] == '\0')
            break;
        p += n + 1;
    }
    return ok;
}

bool cmap_keep_pdus(CMap *map, const char *list, const char *views)
{
    Walk w = {.a = map->arena};
    int total = 0, nopens = 0;
    for (int i = 0; i < map->nmodules; i++) {
        total += map->modules[i]->ntypes;
        nopens += map->modules[i]->nopens;
    }
    size_t cap = 16;
    while (cap < 2 * (size_t)total + 2)
        cap *= 2;
    w.marks.slot = arena_alloc(w.a, cap * sizeof *w.marks.slot);
    w.marks.mask = cap - 1;

    /* --pdu-view types: their own open types stay views (no decoder), so
     * the object sets those name are not followed from them. */
    Marks view = {arena_alloc(w.a, cap * sizeof *view.slot), cap - 1};
    Marks named = {arena_alloc(w.a, cap * sizeof *named.slot), cap - 1};
    bool ok = !list || mark_list(map, &w, &named, "--pdu", list);
    if (views && !mark_list(map, &w, &view, "--pdu-view", views))
        ok = false;
    if (!ok)
        return false;

    /* Follow edges until nothing new: an open type's alternatives become
     * reachable once its owner is. */
    COpen **opens = arena_alloc(w.a, sizeof(COpen *) * (size_t)(nopens + 1));
    bool *opened = arena_alloc(w.a, sizeof(bool) * (size_t)(nopens + 1));
    nopens = 0;
    for (int i = 0; i < map->nmodules; i++)
        for (int j = 0; j < map->modules[i]->nopens; j++)
            opens[nopens++] = map->modules[i]->opens[j];
    for (bool more = true; more;) {
        while (w.todo.len > 0) {
            CNamed *cn = w.todo.items[--w.todo.len];
            reach_ct(&w, cn->ct, 0);
            for (int i = 0; i < cn->ncomps; i++) {
                reach_ct(&w, cn->comps[i]->ct, 0);
                if (cn->comps[i]->ct && cn->comps[i]->ct->open_type && cn->comps[i]->comp && !marked(&view, cn))
                    reach_open(&w, cn->comps[i]->comp);
            }
        }
        more = false;
        for (int i = 0; i < nopens; i++)
            if (!opened[i] && marked(&w.marks, opens[i]->owner) && !marked(&view, opens[i]->owner)) {
                opened[i] = true;
                for (int k = 0; k < opens[i]->nalts; k++)
                    reach_ct(&w, opens[i]->alts[k]->ct, 0);
                more = true;
            }
    }

    /* Print order is kept: a subset of a dependency order is one. */
    for (int i = 0; i < map->nmodules; i++) {
        CModule *cm = map->modules[i];
        int nt = 0, no = 0;
        for (int j = 0; j < cm->ntypes; j++)
            if (marked(&w.marks, cm->types[j]))
                cm->types[nt++] = cm->types[j];
        for (int j = 0; j < cm->nopens; j++)
            if (marked(&w.marks, cm->opens[j]->owner) && !marked(&view, cm->opens[j]->owner))
                cm->opens[no++] = cm->opens[j];
        cm->ntypes = nt;
        cm->nopens = no;
    }
    return true;
}
