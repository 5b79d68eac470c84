/*
 * The arena: a bump allocator over storage the caller supplies (asn1rt.h
 * says why). Nothing here calls malloc; a failed allocation changes
 * nothing, so a decoder can give up at any point and the arena is as it
 * was, or as far back as its asn1rt_arena_reset mark.
 */
#include <string.h>

#include "internal.h"

int asn1rt_arena_init(asn1rt_arena *a, void *buf, size_t cap)
{
    if (a == NULL || (buf == NULL && cap != 0))
        return ASN1RT_E_ARG;
    a->buf = buf;
    a->cap = cap;
    a->used = 0;
    return ASN1RT_OK;
}

int asn1rt_arena_alloc(asn1rt_arena *a, size_t n, size_t align, void **out)
{
    size_t pad;
    if (a == NULL || out == NULL || align == 0 || (align & (align - 1)) != 0)
        return ASN1RT_E_ARG;
    if (n == 0) {                         /* takes nothing, even from a full arena */
        *out = a->buf == NULL ? NULL : a->buf + a->used;
        return ASN1RT_OK;
    }
    if (a->buf == NULL)                   /* the cap-0 arena */
        return ASN1RT_E_ARENA_FULL;
    /* Padding up to the next multiple of align, from the address itself
     * (the storage need not be aligned). */
    pad = (size_t)(-(uintptr_t)(a->buf + a->used)) & (align - 1);
    if (pad > a->cap - a->used || n > a->cap - a->used - pad)
        return ASN1RT_E_ARENA_FULL;
    *out = a->buf + a->used + pad;
    a->used += pad + n;
    return ASN1RT_OK;
}

int asn1rt_arena_array(asn1rt_arena *a, size_t count, size_t size, size_t align, void **out)
{
    if (a == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if (size != 0 && count > SIZE_MAX / size)
        return ASN1RT_E_ARENA_FULL;
    return asn1rt_arena_alloc(a, count * size, align, out);
}

int asn1rt_arena_copy(asn1rt_arena *a, const uint8_t *p, size_t n, asn1rt_view *out)
{
    void *dst;
    int rc;
    if (out == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if ((rc = asn1rt_arena_alloc(a, n, 1, &dst)) != ASN1RT_OK)
        return rc;
    if (n != 0)
        memcpy(dst, p, n);
    out->ptr = dst;
    out->len = n;
    return ASN1RT_OK;
}

int asn1rt_arena_append(asn1rt_arena *a, asn1rt_view *v, const uint8_t *p, size_t n)
{
    if (a == NULL || v == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if (v->len == 0)
        return asn1rt_arena_copy(a, p, n, v);
    /* Only the last allocation can grow: it ends where the free space starts. */
    if (a->buf == NULL || v->ptr < a->buf || v->ptr + v->len != a->buf + a->used)
        return ASN1RT_E_ARG;
    if (n > a->cap - a->used)
        return ASN1RT_E_ARENA_FULL;
    if (n != 0)
        memcpy(a->buf + a->used, p, n);
    a->used += n;
    v->len += n;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* SET OF order of encodings written from typed elements (X.690 11.6).  */

typedef struct set_elem {
    size_t off, len;   /* of one whole element, from the start of the content */
} set_elem;

/* Whether [p, p + len) is whole DER elements; *count receives how many. */
static bool count_elements(const uint8_t *p, size_t len, size_t *count)
{
    asn1rt_reader r;
    asn1rt_view v;
    size_t n = 0;
    asn1rt_reader_init(&r, p, len);
    while (!asn1rt_at_end(&r)) {
        if (asn1rt_read_raw(&r, NULL, &v) != ASN1RT_OK)
            return false;
        n++;
    }
    *count = n;
    return true;
}

/* The length of the whole element at p (already checked by count_elements). */
static size_t element_len(const uint8_t *p, const uint8_t *end)
{
    asn1rt_reader r;
    asn1rt_view v;
    asn1rt_reader_init(&r, p, (size_t)(end - p));
    return asn1rt_read_raw(&r, NULL, &v) == ASN1RT_OK ? v.len : (size_t)(end - p);
}

static void reverse_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        uint8_t t = p[i];
        p[i] = p[j - 1];
        p[j - 1] = t;
    }
}

void asn1rt_i_rotate_blocks(uint8_t *p, size_t a, size_t b)
{
    reverse_bytes(p, a);
    reverse_bytes(p + a, b);
    reverse_bytes(p, a + b);
}

/* No memory at all: selection sort. The first smallest element of the
 * unsorted rest is rotated to its front, which keeps the others in order
 * (so equal encodings keep theirs). */
static void sort_in_place(uint8_t *p, size_t len)
{
    uint8_t *end = p + len, *cur = p;
    while (cur < end) {
        uint8_t *min = cur, *q;
        size_t min_len = element_len(cur, end), qlen;
        for (q = cur + min_len; q < end; q += qlen) {
            qlen = element_len(q, end);
            if (asn1rt_der_compare(q, qlen, min, min_len) < 0) {
                min = q;
                min_len = qlen;
            }
        }
        if (min != cur)
            asn1rt_i_rotate_blocks(cur, (size_t)(min - cur), min_len);
        cur += min_len;
    }
}

/* Stable bottom-up merge sort of the index: runs of width w are merged
 * from src into dst, then the two swap roles. Returns the sorted one. */
static set_elem *sort_index(const uint8_t *p, set_elem *src, set_elem *dst, size_t n)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                /* <= keeps equal elements in their order */
                if (asn1rt_der_compare(p + src[i].off, src[i].len, p + src[j].off, src[j].len) <= 0)
                    dst[k++] = src[i++];
                else
                    dst[k++] = src[j++];
            }
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        set_elem *t = src;
        src = dst;
        dst = t;
    }
    return src;
}

int asn1rt_sort_set_of(uint8_t *p, size_t len, asn1rt_arena *scratch)
{
    size_t n, mark, off = 0;
    void *idx, *tmp, *copy;
    set_elem *sorted;
    if (p == NULL && len != 0)
        return ASN1RT_E_ARG;
    if (len == 0)
        return ASN1RT_OK;
    if (!count_elements(p, len, &n))
        return ASN1RT_E_ARG;
    if (n < 2)
        return ASN1RT_OK;
    if (scratch == NULL) {
        sort_in_place(p, len);
        return ASN1RT_OK;
    }
    mark = asn1rt_arena_mark(scratch);
    if (asn1rt_arena_array(scratch, n, sizeof(set_elem), _Alignof(set_elem), &idx) != ASN1RT_OK ||
        asn1rt_arena_array(scratch, n, sizeof(set_elem), _Alignof(set_elem), &tmp) != ASN1RT_OK ||
        asn1rt_arena_alloc(scratch, len, 1, &copy) != ASN1RT_OK) {
        asn1rt_arena_reset(scratch, mark);
        return ASN1RT_E_ARENA_FULL;
    }
    for (size_t i = 0; i < n; i++) {
        set_elem *e = (set_elem *)idx + i;
        e->off = off;
        e->len = element_len(p + off, p + len);
        off += e->len;
    }
    sorted = sort_index(p, idx, tmp, n);
    off = 0;
    for (size_t i = 0; i < n; i++) {
        memcpy((uint8_t *)copy + off, p + sorted[i].off, sorted[i].len);
        off += sorted[i].len;
    }
    memcpy(p, copy, len);
    asn1rt_arena_reset(scratch, mark);
    return ASN1RT_OK;
}
