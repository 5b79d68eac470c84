/* The arena (asn1rt_arena_*) and asn1rt_sort_set_of: tables of allocation
 * sequences with the exact offsets, padding and codes expected, failures
 * that must leave the arena and the outputs untouched, and SET OF sorting
 * against a reference sort (qsort by asn1rt_der_compare). */
#include <CUnit/CUnit.h>
#include <stdlib.h>

#include "testutil.h"

/* 64-aligned, so a skew gives a known misalignment of the arena's start. */
static _Alignas(64) uint8_t storage[1024];

typedef struct arena_step {
    size_t n, align;
    int rc;
    size_t off;    /* of the pointer from the arena's buf, when rc is OK */
    size_t used;   /* a.used after the step, whatever rc */
} arena_step;

typedef struct arena_case {
    const char *name;
    size_t skew, cap;
    size_t nsteps;
    arena_step steps[6];
} arena_case;

static const arena_case arena_cases[] = {
    { "octets fill it exactly", 0, 8, 4,
      { { 3, 1, ASN1RT_OK, 0, 3 }, { 5, 1, ASN1RT_OK, 3, 8 },
        { 1, 1, ASN1RT_E_ARENA_FULL, 0, 8 }, { 0, 1, ASN1RT_OK, 8, 8 } } },
    { "each alignment pads to its multiple", 0, 32, 4,
      { { 1, 1, ASN1RT_OK, 0, 1 }, { 4, 4, ASN1RT_OK, 4, 8 },
        { 8, 8, ASN1RT_OK, 8, 16 }, { 1, 16, ASN1RT_OK, 16, 17 } } },
    { "misaligned storage: padding from the address", 3, 32, 3,
      { { 4, 4, ASN1RT_OK, 1, 5 }, { 1, 1, ASN1RT_OK, 5, 6 }, { 8, 8, ASN1RT_OK, 13, 21 } } },
    { "padding and octets just fit", 0, 10, 2,
      { { 1, 1, ASN1RT_OK, 0, 1 }, { 2, 8, ASN1RT_OK, 8, 10 } } },
    { "padding fits, octets do not: nothing taken", 0, 9, 3,
      { { 1, 1, ASN1RT_OK, 0, 1 }, { 2, 8, ASN1RT_E_ARENA_FULL, 0, 1 }, { 1, 8, ASN1RT_OK, 8, 9 } } },
    { "padding alone does not fit", 0, 6, 2,
      { { 5, 1, ASN1RT_OK, 0, 5 }, { 1, 8, ASN1RT_E_ARENA_FULL, 0, 5 } } },
    { "alignment not a power of two", 0, 16, 4,
      { { 1, 0, ASN1RT_E_ARG, 0, 0 }, { 1, 3, ASN1RT_E_ARG, 0, 0 },
        { 1, 6, ASN1RT_E_ARG, 0, 0 }, { 1, 2, ASN1RT_OK, 0, 1 } } },
    { "more than the arena, and SIZE_MAX", 0, 16, 3,
      { { 17, 1, ASN1RT_E_ARENA_FULL, 0, 0 }, { SIZE_MAX, 1, ASN1RT_E_ARENA_FULL, 0, 0 },
        { 16, 1, ASN1RT_OK, 0, 16 } } },
    { "empty allocations from a full arena", 0, 4, 3,
      { { 4, 1, ASN1RT_OK, 0, 4 }, { 0, 8, ASN1RT_OK, 4, 4 }, { 1, 1, ASN1RT_E_ARENA_FULL, 0, 4 } } },
};

static void test_arena_alloc(void)
{
    for (size_t i = 0; i < sizeof arena_cases / sizeof arena_cases[0]; i++) {
        const arena_case *c = &arena_cases[i];
        asn1rt_arena a;
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, storage + c->skew, c->cap), ASN1RT_OK);
        for (size_t k = 0; k < c->nsteps; k++) {
            const arena_step *s = &c->steps[k];
            void *p = storage;                 /* a sentinel: must survive a failure */
            int rc = asn1rt_arena_alloc(&a, s->n, s->align, &p);
            CHECK_ROW(rc == s->rc, c->name);
            CHECK_ROW(a.used == s->used, c->name);
            if (s->rc == ASN1RT_OK)
                CHECK_ROW(p == storage + c->skew + s->off, c->name);
            else
                CHECK_ROW(p == storage, c->name);
        }
    }
}

static void test_arena_init(void)
{
    asn1rt_arena a = { storage, 7, 3 }, want = a;
    CU_ASSERT_EQUAL(asn1rt_arena_init(NULL, storage, 4), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_arena_init(&a, NULL, 4), ASN1RT_E_ARG);
    CU_ASSERT(a.buf == want.buf && a.cap == want.cap && a.used == want.used);   /* untouched */
    /* The cap-0 arena: empty allocations only. */
    CU_ASSERT_EQUAL(asn1rt_arena_init(&a, NULL, 0), ASN1RT_OK);
    void *p = storage;
    CU_ASSERT_EQUAL(asn1rt_arena_alloc(&a, 0, 1, &p), ASN1RT_OK);
    CU_ASSERT_PTR_NULL(p);
    p = storage;
    CU_ASSERT_EQUAL(asn1rt_arena_alloc(&a, 1, 1, &p), ASN1RT_E_ARENA_FULL);
    CU_ASSERT(p == storage && a.used == 0);
    CU_ASSERT_EQUAL(asn1rt_arena_alloc(NULL, 1, 1, &p), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(asn1rt_arena_alloc(&a, 1, 1, NULL), ASN1RT_E_ARG);
    CU_ASSERT_STRING_EQUAL(asn1rt_strerror(ASN1RT_E_ARENA_FULL), "arena full");
}

/* Typed arrays: count * size with overflow, alignment of the type. */
typedef struct array_case {
    const char *name;
    size_t cap, count, size, align;
    int rc;
    size_t used;
} array_case;

static const array_case array_cases[] = {
    { "3 x uint32_t after 1 octet", 64, 3, 4, 4, ASN1RT_OK, 16 },
    { "0 elements", 64, 0, 16, 8, ASN1RT_OK, 1 },
    { "exactly the rest", 24, 2, 8, 8, ASN1RT_OK, 24 },    /* 1 + 7 padding + 16 */
    { "count * size overflows", 64, SIZE_MAX / 2 + 1, 2, 1, ASN1RT_E_ARENA_FULL, 1 },
    { "count * size too large", 64, 8, 8, 8, ASN1RT_E_ARENA_FULL, 1 },
};

static void test_arena_array(void)
{
    for (size_t i = 0; i < sizeof array_cases / sizeof array_cases[0]; i++) {
        const array_case *c = &array_cases[i];
        asn1rt_arena a;
        void *one, *p = NULL;
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, storage, c->cap), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_alloc(&a, 1, 1, &one), ASN1RT_OK);
        int rc = asn1rt_arena_array(&a, c->count, c->size, c->align, &p);
        int want = c->rc;
        size_t used = c->used;
        CHECK_ROW(rc == want, c->name);
        CHECK_ROW(a.used == used, c->name);
        if (want == ASN1RT_OK && c->count != 0)
            CHECK_ROW((uintptr_t)p % c->align == 0 && (uint8_t *)p == storage + used - c->count * c->size, c->name);
        if (want != ASN1RT_OK)
            CHECK_ROW(p == NULL, c->name);
    }
}

/* Copies, joined segments (BER constructed strings), marks. */
static void test_arena_copy_append(void)
{
    asn1rt_arena a;
    asn1rt_view v = { NULL, 0 }, w, keep;
    uint8_t buf[16];
    void *p;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, buf, sizeof buf), ASN1RT_OK);
    /* append to an empty view copies */
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &v, (const uint8_t *)"abc", 3), ASN1RT_OK);
    CU_ASSERT(v.ptr == buf && v.len == 3 && memcmp(buf, "abc", 3) == 0);
    /* then grows in place */
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &v, (const uint8_t *)"de", 2), ASN1RT_OK);
    CU_ASSERT(v.ptr == buf && v.len == 5 && memcmp(buf, "abcde", 5) == 0 && a.used == 5);
    /* an empty segment is fine */
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &v, NULL, 0), ASN1RT_OK);
    CU_ASSERT(v.len == 5);
    /* a copy after it: v is no longer the last allocation */
    CU_ASSERT_EQUAL(asn1rt_arena_copy(&a, (const uint8_t *)"XY", 2, &w), ASN1RT_OK);
    CU_ASSERT(w.ptr == buf + 5 && w.len == 2 && a.used == 7);
    keep = v;
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &v, (const uint8_t *)"f", 1), ASN1RT_E_ARG);
    CU_ASSERT(v.ptr == keep.ptr && v.len == keep.len && a.used == 7);
    /* a view from elsewhere */
    keep = (asn1rt_view){ (const uint8_t *)"zz", 2 };
    w = keep;
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &w, (const uint8_t *)"f", 1), ASN1RT_E_ARG);
    /* full: untouched */
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_copy(&a, (const uint8_t *)"0123456", 7, &w), ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_arena_left(&a), 2);
    keep = w;
    CU_ASSERT_EQUAL(asn1rt_arena_append(&a, &w, (const uint8_t *)"789", 3), ASN1RT_E_ARENA_FULL);
    CU_ASSERT(w.ptr == keep.ptr && w.len == 7 && a.used == 14);
    CU_ASSERT_EQUAL(asn1rt_arena_copy(&a, (const uint8_t *)"789", 3, &w), ASN1RT_E_ARENA_FULL);
    CU_ASSERT(w.ptr == keep.ptr && w.len == 7);
    CU_ASSERT_EQUAL(asn1rt_arena_copy(&a, NULL, 1, &w), ASN1RT_E_ARG);
    /* mark and reset give the same storage back */
    size_t m = asn1rt_arena_mark(&a);
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_alloc(&a, 2, 1, &p), ASN1RT_OK);
    CU_ASSERT(p == buf + 14 && asn1rt_arena_left(&a) == 0);
    asn1rt_arena_reset(&a, m);
    CU_ASSERT_EQUAL(a.used, 14);
    asn1rt_arena_reset(&a, 15);                /* above the use: ignored */
    CU_ASSERT_EQUAL(a.used, 14);
    CU_ASSERT_EQUAL(asn1rt_arena_alloc(&a, 2, 1, &p), ASN1RT_OK);
    CU_ASSERT(p == buf + 14);
}

/* ------------------------------------------------------------------ */
/* asn1rt_sort_set_of.                                                  */

typedef struct sort_case {
    const char *name;
    const char *in, *want;   /* hex; want NULL: must be rejected, bytes untouched */
    size_t scratch;          /* arena capacity, 0: no arena (in-place sort) */
    int rc;
} sort_case;

static const sort_case sort_cases[] = {
    { "empty", "", "", 0, ASN1RT_OK },
    { "one element", "020105", "020105", 0, ASN1RT_OK },
    { "sorted stays", "020101 020102 020103", "020101 020102 020103", 0, ASN1RT_OK },
    { "reversed, in place", "020103 020102 020101", "020101 020102 020103", 0, ASN1RT_OK },
    { "reversed, with scratch", "020103 020102 020101", "020101 020102 020103", 256, ASN1RT_OK },
    /* X.690 11.6: compared as octet strings, the shorter padded with 0s */
    { "lengths decide after the tag", "040100 0400", "0400 040100", 0, ASN1RT_OK },
    { "tags first", "300100 0101FF 020100", "0101FF 020100 300100", 256, ASN1RT_OK },
    { "duplicates", "020102 020101 020102", "020101 020102 020102", 0, ASN1RT_OK },
    { "a long-form length",
      "0481800000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "000000 0401FF",
      "0401FF 0481800000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000"
      "000000", 512, ASN1RT_OK },
    { "not whole elements", "020102 0203", NULL, 0, ASN1RT_E_ARG },
    { "not DER (long form below 128)", "02810101 020100", NULL, 256, ASN1RT_E_ARG },
    { "scratch too small", "020103 020102 020101", NULL, 16, ASN1RT_E_ARENA_FULL },
};

static void test_sort_table(void)
{
    static uint8_t scratch[1024];
    for (size_t i = 0; i < sizeof sort_cases / sizeof sort_cases[0]; i++) {
        const sort_case *c = &sort_cases[i];
        uint8_t in[512], orig[512], want[512];
        size_t n = unhex(c->in, in, sizeof in), wn;
        asn1rt_arena a;
        memcpy(orig, in, n);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, scratch, c->scratch), ASN1RT_OK);
        a.used = c->scratch != 0 ? 1 : 0;         /* something allocated before */
        int rc = asn1rt_sort_set_of(n ? in : NULL, n, c->scratch ? &a : NULL);
        CHECK_ROW(rc == c->rc, c->name);
        CHECK_ROW(a.used == (c->scratch != 0 ? 1u : 0u), c->name);   /* scratch released */
        if (c->want != NULL) {
            wn = unhex(c->want, want, sizeof want);
            ASSERT_BYTES(c->name, in, n, want, wn);
        } else {
            ASSERT_BYTES(c->name, in, n, orig, n);
        }
    }
}

/* Random SETs OF: both sorts give the reference order. */
static uint32_t rng = 12345;
static uint32_t rnd(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8;
}

static int cmp_views(const void *x, const void *y)
{
    const asn1rt_view *a = x, *b = y;
    int c = asn1rt_der_compare(a->ptr, a->len, b->ptr, b->len);
    /* equal encodings: by position, as a stable sort leaves them */
    return c != 0 ? c : (a->ptr < b->ptr ? -1 : a->ptr > b->ptr);
}

static void test_sort_random(void)
{
    static uint8_t in[40000], ref[40000], s1[40000], s2[40000], scratch[80000];
    asn1rt_view views[200];
    for (int round = 0; round < 200; round++) {
        size_t n = 1 + rnd() % 200, len = 0;
        asn1rt_writer w;
        asn1rt_arena a;
        asn1rt_writer_init(&w, in, sizeof in);
        for (size_t i = 0; i < n; i++) {
            /* few tags and short contents, so that prefixes and ties occur */
            uint8_t content[200];
            size_t clen = rnd() % 4 == 0 ? rnd() % 200 : rnd() % 3;
            for (size_t k = 0; k < clen; k++)
                content[k] = (uint8_t)(rnd() % 3);
            CU_ASSERT_EQUAL_FATAL(asn1rt_prepend_octets(&w, ASN1RT_TAG(rnd() % 2 ? 0 : 2, 0, 1 + rnd() % 3), content, clen), 0);
        }
        len = asn1rt_written(&w, in + sizeof in);
        memmove(in, w.pos, len);
        /* the reference: qsort of the element views, stable by position */
        {
            asn1rt_reader r;
            size_t k = 0;
            asn1rt_reader_init(&r, in, len);
            while (!asn1rt_at_end(&r))
                CU_ASSERT_EQUAL_FATAL(asn1rt_read_raw(&r, NULL, &views[k++]), 0);
            CU_ASSERT_EQUAL_FATAL(k, n);
            qsort(views, n, sizeof views[0], cmp_views);
            size_t off = 0;
            for (k = 0; k < n; k++) {
                memcpy(ref + off, views[k].ptr, views[k].len);
                off += views[k].len;
            }
        }
        memcpy(s1, in, len);
        memcpy(s2, in, len);
        CU_ASSERT_EQUAL(asn1rt_sort_set_of(s1, len, NULL), 0);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, scratch, sizeof scratch), 0);
        CU_ASSERT_EQUAL(asn1rt_sort_set_of(s2, len, &a), 0);
        CU_ASSERT_EQUAL(a.used, 0);
        ASSERT_BYTES("in place vs reference", s1, len, ref, len);
        ASSERT_BYTES("with scratch vs reference", s2, len, ref, len);
    }
}

void register_arena_suite(void)
{
    static const cunit_test tests[] = {
        { "allocation table: offsets, padding, codes", test_arena_alloc },
        { "init and the cap-0 arena", test_arena_init },
        { "typed arrays: count * size, alignment, overflow", test_arena_array },
        { "copy, append (joined segments), mark and reset", test_arena_copy_append },
        { "SET OF sort table", test_sort_table },
        { "SET OF sort: random sets against a reference", test_sort_random },
    };
    CUNIT_SUITE("arena", tests);
}
