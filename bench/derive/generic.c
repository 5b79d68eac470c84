/* The table-driven generic codec; see generic.h. */
#include "generic.h"

#include <string.h>

#define TRY(expr) do { int rc_ = (expr); if (rc_ != ASN1RT_OK) return rc_; } while (0)

/* Native integers of any width, through memcpy so no alignment or
 * aliasing assumption is made about the struct. */
static uint64_t load_uint(const uint8_t *p, unsigned width)
{
    switch (width) {
    case 1: return *p;
    case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
    default: { uint64_t x; memcpy(&x, p, 8); return x; }
    }
}

static int64_t load_int(const uint8_t *p, unsigned width)
{
    switch (width) {
    case 1: return (int8_t)*p;
    case 2: { int16_t x; memcpy(&x, p, 2); return x; }
    case 4: { int32_t x; memcpy(&x, p, 4); return x; }
    default: { int64_t x; memcpy(&x, p, 8); return x; }
    }
}

static void store_uint(uint8_t *p, unsigned width, uint64_t v)
{
    switch (width) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static void store_int(uint8_t *p, unsigned width, int64_t v)
{
    switch (width) {
    case 1: { int8_t x = (int8_t)v; memcpy(p, &x, 1); break; }
    case 2: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
    case 4: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static bool next_is(const asn1rt_reader *r, uint32_t tag)
{
    uint32_t t;
    return !asn1rt_at_end(r) && asn1rt_peek_tag(r, &t) == ASN1RT_OK && t == tag;
}

static int size_in(size_t n, int64_t lo, int64_t hi)
{
    return ((int64_t)n < lo || (int64_t)n > hi) ? ASN1RT_E_SIZE_CONSTRAINT : ASN1RT_OK;
}

static size_t bit_count(const asn1rt_bits *b)
{
    return b->len ? b->len * 8 - b->unused : 0;
}

static int decode_fields(const generic_type *t, asn1rt_reader *r, uint8_t *out);

/* Scalar value of field f (not SEQUENCE / SEQUENCE OF) into p. */
static int decode_value(const generic_field *f, asn1rt_reader *r, uint8_t *p)
{
    uint64_t u;
    int64_t i;
    switch ((generic_kind)f->kind) {
    case GENERIC_BOOL: {
        bool b;
        TRY(asn1rt_read_bool(r, f->tag, &b));
        memcpy(p, &b, sizeof b);
        return ASN1RT_OK;
    }
    case GENERIC_UINT:
        TRY(asn1rt_read_uint_range(r, f->tag, (uint64_t)f->lo, (uint64_t)f->hi, &u));
        if ((f->flags & GENERIC_DEFAULT) && (int64_t)u == f->dflt && !(r->lax & ASN1RT_LAX_DEFAULT))
            return ASN1RT_E_DEFAULT_ENCODED;
        store_uint(p, f->width, u);
        return ASN1RT_OK;
    case GENERIC_INT:
    case GENERIC_ENUM:
        if (f->kind == GENERIC_ENUM) {
            TRY(asn1rt_read_int64(r, f->tag, &i));
            if (i < f->lo || i > f->hi)
                return ASN1RT_E_ENUM_VALUE;
        } else {
            TRY(asn1rt_read_int_range(r, f->tag, f->lo, f->hi, &i));
        }
        if ((f->flags & GENERIC_DEFAULT) && i == f->dflt && !(r->lax & ASN1RT_LAX_DEFAULT))
            return ASN1RT_E_DEFAULT_ENCODED;
        store_int(p, f->width, i);
        return ASN1RT_OK;
    case GENERIC_OCTETS: {
        asn1rt_view v;
        TRY(asn1rt_read_octets(r, f->tag, &v));
        TRY(size_in(v.len, f->lo, f->hi));
        memcpy(p, &v, sizeof v);
        return ASN1RT_OK;
    }
    case GENERIC_BITS: {
        asn1rt_bits b;
        TRY(asn1rt_read_bits(r, f->tag, &b));
        TRY(size_in(bit_count(&b), f->lo, f->hi));
        memcpy(p, &b, sizeof b);
        return ASN1RT_OK;
    }
    case GENERIC_SEQUENCE: {
        asn1rt_reader child;
        TRY(asn1rt_enter(r, f->tag, &child));
        TRY(decode_fields(f->sub, &child, p));
        return asn1rt_expect_end(&child);
    }
    case GENERIC_SEQ_OF: {
        asn1rt_reader child;
        TRY(asn1rt_enter(r, f->tag, &child));
        size_t n = 0;
        while (!asn1rt_at_end(&child)) {
            if (n == f->max)
                return ASN1RT_E_SIZE_CONSTRAINT;
            TRY(decode_value(f->elem, &child, p + f->items + n * f->elem->width));
            n++;
        }
        store_uint(p, f->width, n);
        return ASN1RT_OK;
    }
    }
    return ASN1RT_E_ARG;
}

static int decode_fields(const generic_type *t, asn1rt_reader *r, uint8_t *out)
{
    for (size_t k = 0; k < t->nfields; k++) {
        const generic_field *f = &t->fields[k];
        uint8_t *p = out + f->offset;
        if (f->flags & (GENERIC_OPTIONAL | GENERIC_DEFAULT)) {
            bool here = next_is(r, f->tag);
            if (f->flags & GENERIC_OPTIONAL)
                memcpy(out + f->present, &here, sizeof here);
            if (!here) {
                if (f->flags & GENERIC_DEFAULT) {
                    if (f->kind == GENERIC_UINT)
                        store_uint(p, f->width, (uint64_t)f->dflt);
                    else
                        store_int(p, f->width, f->dflt);
                }
                continue;
            }
        }
        TRY(decode_value(f, r, p));
    }
    return ASN1RT_OK;
}

int generic_decode(const generic_type *t, void *out, const uint8_t *der, size_t len)
{
    if (t == NULL || out == NULL || (der == NULL && len != 0))
        return ASN1RT_E_ARG;
    asn1rt_reader top, r;
    asn1rt_reader_init(&top, der, len);
    TRY(asn1rt_enter(&top, t->tag, &r));
    TRY(decode_fields(t, &r, out));
    TRY(asn1rt_expect_end(&r));
    return asn1rt_expect_end(&top);
}

static int encode_fields(const generic_type *t, asn1rt_writer *w, const uint8_t *v);

static int encode_value(const generic_field *f, asn1rt_writer *w, const uint8_t *p)
{
    switch ((generic_kind)f->kind) {
    case GENERIC_BOOL: {
        bool b;
        memcpy(&b, p, sizeof b);
        return asn1rt_prepend_bool(w, f->tag, b);
    }
    case GENERIC_UINT: {
        uint64_t u = load_uint(p, f->width);
        if ((int64_t)u < f->lo || u > (uint64_t)f->hi)
            return ASN1RT_E_VALUE_CONSTRAINT;
        return asn1rt_prepend_uint64(w, f->tag, u);
    }
    case GENERIC_INT:
    case GENERIC_ENUM: {
        int64_t i = load_int(p, f->width);
        if (i < f->lo || i > f->hi)
            return f->kind == GENERIC_ENUM ? ASN1RT_E_ENUM_VALUE : ASN1RT_E_VALUE_CONSTRAINT;
        return asn1rt_prepend_int64(w, f->tag, i);
    }
    case GENERIC_OCTETS: {
        asn1rt_view v;
        memcpy(&v, p, sizeof v);
        TRY(size_in(v.len, f->lo, f->hi));
        return asn1rt_prepend_octets(w, f->tag, v.ptr, v.len);
    }
    case GENERIC_BITS: {
        asn1rt_bits b;
        memcpy(&b, p, sizeof b);
        TRY(size_in(bit_count(&b), f->lo, f->hi));
        return asn1rt_prepend_bits(w, f->tag, &b);
    }
    case GENERIC_SEQUENCE: {
        uint8_t *mark = w->pos;
        TRY(encode_fields(f->sub, w, p));
        return asn1rt_prepend_header(w, f->tag, (size_t)(mark - w->pos));
    }
    case GENERIC_SEQ_OF: {
        size_t n = (size_t)load_uint(p, f->width);
        if (n > f->max)
            return ASN1RT_E_SIZE_CONSTRAINT;
        uint8_t *mark = w->pos;
        while (n-- > 0)
            TRY(encode_value(f->elem, w, p + f->items + n * f->elem->width));
        return asn1rt_prepend_header(w, f->tag, (size_t)(mark - w->pos));
    }
    }
    return ASN1RT_E_ARG;
}

static int encode_fields(const generic_type *t, asn1rt_writer *w, const uint8_t *v)
{
    for (size_t k = t->nfields; k-- > 0;) {
        const generic_field *f = &t->fields[k];
        const uint8_t *p = v + f->offset;
        if (f->flags & GENERIC_OPTIONAL) {
            bool here;
            memcpy(&here, v + f->present, sizeof here);
            if (!here)
                continue;
        }
        if (f->flags & GENERIC_DEFAULT) {
            int64_t x = f->kind == GENERIC_UINT ? (int64_t)load_uint(p, f->width)
                                                : load_int(p, f->width);
            if (x == f->dflt)
                continue;
        }
        TRY(encode_value(f, w, p));
    }
    return ASN1RT_OK;
}

int generic_encode(const generic_type *t, const void *v, uint8_t *buf, size_t cap, size_t *len)
{
    if (t == NULL || v == NULL || buf == NULL || len == NULL)
        return ASN1RT_E_ARG;
    asn1rt_writer w;
    asn1rt_writer_init(&w, buf, cap);
    TRY(encode_fields(t, &w, v));
    TRY(asn1rt_prepend_header(&w, t->tag, (size_t)(buf + cap - w.pos)));
    size_t n = (size_t)(buf + cap - w.pos);
    if (w.pos != buf)
        memmove(buf, w.pos, n);
    *len = n;
    return ASN1RT_OK;
}
