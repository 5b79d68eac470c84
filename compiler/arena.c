/* arena.c — compiler memory: bump allocation in large chunks, freed once at
 * exit, so no pass keeps free() bookkeeping. */
#include "asn1cc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK_SIZE = 1 << 20 };

typedef struct Chunk {
    struct Chunk *prev;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
    Chunk *top;
    size_t total;
};

/* calloc: fresh chunks are zero (large ones straight from the kernel), so
 * arena_alloc never clears memory itself; nothing is ever reused. */
static Chunk *chunk_new(size_t cap)
{
    Chunk *c = calloc(1, sizeof(Chunk) + cap);
    if (!c) {
        fputs("asn1cc: out of memory\n", stderr);
        exit(2);
    }
    c->prev = NULL;
    c->used = 0;
    c->cap = cap;
    return c;
}

Arena *arena_new(void)
{
    Arena *a = calloc(1, sizeof *a);
    if (!a) {
        fputs("asn1cc: out of memory\n", stderr);
        exit(2);
    }
    return a;
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (!a->top || a->top->cap - a->top->used < n) {
        Chunk *c = chunk_new(n > CHUNK_SIZE / 4 ? n : CHUNK_SIZE);
        /* A big one-off block goes below the current chunk so the
         * remaining space of the current chunk stays usable. */
        if (a->top && n > CHUNK_SIZE / 4) {
            c->prev = a->top->prev;
            a->top->prev = c;
        } else {
            c->prev = a->top;
            a->top = c;
        }
        a->total += c->cap;
        if (c != a->top) {
            c->used = n;
            return c->data;
        }
    }
    void *p = a->top->data + a->top->used;
    a->top->used += n;
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void arena_free(Arena *a)
{
    if (!a)
        return;
    for (Chunk *c = a->top; c;) {
        Chunk *prev = c->prev;
        free(c);
        c = prev;
    }
    free(a);
}

size_t arena_bytes(const Arena *a)
{
    return a->total;
}

void vec_push(Arena *a, Vec *v, void *item)
{
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void **items = arena_alloc(a, sizeof(void *) * (size_t)cap);
        if (v->len)
            memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = item;
}
