/* The hand-written codecs again, on the public asn1rt.h only (no gen.h):
 * what the same code costs without the generator's fast paths. See
 * derive_handwritten.h. */
#include "derive_handwritten.h"

#include <string.h>

/* AUTOMATIC TAGS: component i is [i] IMPLICIT, constructed when the
 * component is a SEQUENCE or SEQUENCE OF. */
#define CTX(n)      ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, n)
#define CTX_CONS(n) ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 1, n)
#define SEQ_TAG     ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 1, ASN1RT_UT_SEQUENCE)
#define INT_TAG     ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_INTEGER)

#define TRY(expr) do { int rc_ = (expr); if (rc_ != ASN1RT_OK) return rc_; } while (0)

/* The helpers below keep the hot path on the runtime's inline functions
 * (asn1rt_expect, asn1rt_read_uint64, asn1rt_read_octets, asn1rt_prepend_*),
 * as an engineer tuning a hand-written codec would: the remaining
 * out-of-line calls (asn1rt_enter, asn1rt_read_bool, asn1rt_peek_tag, ...)
 * cost as much as the work they do on messages this small. */

/* True when the next element has the one-octet identifier `id` (every tag
 * in these messages is below 31, so the identifier is one octet). */
ASN1RT_INLINE bool next_is(const asn1rt_reader *r, uint8_t id)
{
    return r->cur < r->end && r->cur[0] == id;
}

/* asn1rt_enter for a constructed element: child covers its content, the
 * parent moves past it. */
ASN1RT_INLINE int enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    size_t len;
    if (r->depth >= r->max_depth)
        return ASN1RT_E_DEPTH;
    TRY(asn1rt_expect(r, tag, &len));
    /* Field by field: copying *r whole right after asn1rt_expect stored
     * r->cur makes a wide load of a narrow store, which the CPU cannot
     * forward (a ~10-cycle stall per SEQUENCE, measured). */
    child->cur = r->cur;
    child->end = r->cur + len;
    child->base = r->base;
    child->depth = r->depth + 1;
    child->max_depth = r->max_depth;
    child->lax = r->lax;
    child->err_offset = 0;
    r->cur += len;
    return ASN1RT_OK;
}

ASN1RT_INLINE int expect_end(const asn1rt_reader *r)
{
    return r->cur == r->end ? ASN1RT_OK : ASN1RT_E_TRAILING_DATA;
}

ASN1RT_INLINE int read_uint_range(asn1rt_reader *r, uint32_t tag, uint64_t hi, uint64_t *out)
{
    TRY(asn1rt_read_uint64(r, tag, out));
    return *out <= hi ? ASN1RT_OK : ASN1RT_E_VALUE_CONSTRAINT;
}

/* BOOLEAN: one content octet, 0x00 or 0xFF in DER (X.690 8.2.1, 11.1). */
ASN1RT_INLINE int read_bool(asn1rt_reader *r, uint32_t tag, bool *out)
{
    size_t len;
    const uint8_t *start = r->cur;
    TRY(asn1rt_expect(r, tag, &len));
    if (len != 1) {
        r->cur = start;
        return ASN1RT_E_BOOLEAN_LENGTH;
    }
    uint8_t b = r->cur[0];
    if (b != 0x00 && b != 0xFF && !(r->lax & ASN1RT_LAX_BOOLEAN)) {
        r->cur = start;
        return ASN1RT_E_BOOLEAN_VALUE;
    }
    *out = b != 0;
    r->cur++;
    return ASN1RT_OK;
}

ASN1RT_INLINE int prepend_bool(asn1rt_writer *w, uint32_t tag, bool v)
{
    const uint8_t b = v ? 0xFF : 0x00;
    return asn1rt_prepend_octets(w, tag, &b, 1);
}

/* BIT STRING: the unused-bits octet, then the octets (X.690 8.6.2). */
ASN1RT_INLINE int prepend_bits(asn1rt_writer *w, uint32_t tag, const asn1rt_bits *b)
{
    /* X.690 8.6.2.2/3: 0..7 unused bits, none when empty; 11.2.1: zero. */
    if (b->unused > 7 || (b->len == 0 && b->unused != 0))
        return ASN1RT_E_BITSTRING_UNUSED;
    if (b->len > 0 && (b->ptr[b->len - 1] & ((1u << b->unused) - 1u)) != 0)
        return ASN1RT_E_BITSTRING_PADDING;
    TRY(asn1rt_prepend_bytes(w, b->ptr, b->len));
    TRY(asn1rt_prepend_bytes(w, &b->unused, 1));
    return asn1rt_prepend_header(w, tag, b->len + 1);
}

/* Moves the finished encoding from the writer's position to buf[0]. */
ASN1RT_INLINE int finish(asn1rt_writer *w, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = (size_t)(buf + cap - w->pos);
    if (w->pos != buf)
        memmove(buf, w->pos, n);
    *len = n;
    return ASN1RT_OK;
}

/* ---- DeriveSimple ::= SEQUENCE { id INTEGER (0..4294967295),
 *                                   active BOOLEAN, payload OCTET STRING } */

int handwritten_public_DeriveSimple_decode(DeriveSimple *out, const uint8_t *der, size_t len)
{
    if (out == NULL || (der == NULL && len != 0))
        return ASN1RT_E_ARG;
    asn1rt_reader top, seq;
    asn1rt_reader_init(&top, der, len);
    TRY(enter(&top, SEQ_TAG, &seq));
    uint64_t id;
    TRY(read_uint_range(&seq, CTX(0), UINT32_MAX, &id));
    out->id = (uint32_t)id;
    TRY(read_bool(&seq, CTX(1), &out->active));
    TRY(asn1rt_read_octets(&seq, CTX(2), &out->payload));
    TRY(expect_end(&seq));
    return expect_end(&top);
}

int handwritten_public_DeriveSimple_encode(const DeriveSimple *v, uint8_t *buf, size_t cap, size_t *len)
{
    if (v == NULL || buf == NULL || len == NULL)
        return ASN1RT_E_ARG;
    asn1rt_writer w;
    asn1rt_writer_init(&w, buf, cap);
    TRY(asn1rt_prepend_octets(&w, CTX(2), v->payload.ptr, v->payload.len));
    TRY(prepend_bool(&w, CTX(1), v->active));
    TRY(asn1rt_prepend_uint64(&w, CTX(0), v->id));
    TRY(asn1rt_prepend_header(&w, SEQ_TAG, (size_t)(buf + cap - w.pos)));
    return finish(&w, buf, cap, len);
}

/* ---- DeriveMessage (schemas/bench.asn) ---- */

enum { VERSION_DEFAULT = 0, PRIORITY_DEFAULT = 1, TTL_DEFAULT = 3600, TAGS_MAX = 8 };

/* X.690 11.5: a DEFAULT component equal to its default is absent in DER. */
static int check_not_default(const asn1rt_reader *r, int64_t v, int64_t dflt)
{
    return (v == dflt && !(r->lax & ASN1RT_LAX_DEFAULT)) ? ASN1RT_E_DEFAULT_ENCODED : ASN1RT_OK;
}

static int size_in(size_t n, size_t lo, size_t hi)
{
    return (n < lo || n > hi) ? ASN1RT_E_SIZE_CONSTRAINT : ASN1RT_OK;
}

static int decode_header(asn1rt_reader *parent, DeriveMessage_header *h)
{
    asn1rt_reader r;
    TRY(enter(parent, CTX_CONS(6), &r));
    uint64_t u;
    TRY(read_uint_range(&r, CTX(0), 65535, &u));
    h->kind = (uint16_t)u;
    h->flags_present = next_is(&r, 0x80 | 1);
    if (h->flags_present) {
        TRY(asn1rt_read_bits(&r, CTX(1), &h->flags));
        if ((h->flags.len ? h->flags.len * 8 - h->flags.unused : 0) > 32)
            return ASN1RT_E_SIZE_CONSTRAINT;
    }
    h->ttl = TTL_DEFAULT;
    if (next_is(&r, 0x80 | 2)) {
        TRY(read_uint_range(&r, CTX(2), 86400, &u));
        TRY(check_not_default(&r, (int64_t)u, TTL_DEFAULT));
        h->ttl = (uint32_t)u;
    }
    return expect_end(&r);
}

int handwritten_public_DeriveMessage_decode(DeriveMessage *out, const uint8_t *der, size_t len)
{
    if (out == NULL || (der == NULL && len != 0))
        return ASN1RT_E_ARG;
    asn1rt_reader top, r;
    asn1rt_reader_init(&top, der, len);
    TRY(enter(&top, SEQ_TAG, &r));
    uint64_t u;
    int64_t i;

    out->version = VERSION_DEFAULT;
    if (next_is(&r, 0x80 | 0)) {
        TRY(read_uint_range(&r, CTX(0), 255, &u));
        TRY(check_not_default(&r, (int64_t)u, VERSION_DEFAULT));
        out->version = (uint8_t)u;
    }
    TRY(read_uint_range(&r, CTX(1), UINT32_MAX, &u));
    out->messageId = (uint32_t)u;
    TRY(asn1rt_read_octets(&r, CTX(2), &out->sender));
    TRY(size_in(out->sender.len, 1, 64));
    TRY(asn1rt_read_octets(&r, CTX(3), &out->recipient));
    TRY(size_in(out->recipient.len, 1, 64));
    TRY(asn1rt_read_int64(&r, CTX(4), &out->timestamp));

    out->priority = (DeriveMessage_priority)PRIORITY_DEFAULT;
    if (next_is(&r, 0x80 | 5)) {
        TRY(asn1rt_read_int64(&r, CTX(5), &i));
        if (i < 0 || i > 2)
            return ASN1RT_E_ENUM_VALUE;
        TRY(check_not_default(&r, i, PRIORITY_DEFAULT));
        out->priority = (DeriveMessage_priority)i;
    }
    TRY(decode_header(&r, &out->header));
    TRY(asn1rt_read_octets(&r, CTX(7), &out->body));

    out->signature_present = next_is(&r, 0x80 | 8);
    if (out->signature_present) {
        TRY(asn1rt_read_octets(&r, CTX(8), &out->signature));
        TRY(size_in(out->signature.len, 64, 64));
    }

    asn1rt_reader items;
    TRY(enter(&r, CTX_CONS(9), &items));
    size_t n = 0;
    while (!asn1rt_at_end(&items)) {
        if (n == TAGS_MAX)
            return ASN1RT_E_SIZE_CONSTRAINT;
        TRY(read_uint_range(&items, INT_TAG, 65535, &u));
        out->tags.items[n++] = (uint16_t)u;
    }
    out->tags.count = n;
    TRY(expect_end(&r));
    return expect_end(&top);
}

int handwritten_public_DeriveMessage_encode(const DeriveMessage *v, uint8_t *buf, size_t cap, size_t *len)
{
    if (v == NULL || buf == NULL || len == NULL)
        return ASN1RT_E_ARG;
    /* Constraints the C types do not already enforce. */
    TRY(size_in(v->sender.len, 1, 64));
    TRY(size_in(v->recipient.len, 1, 64));
    if ((unsigned)v->priority > 2)
        return ASN1RT_E_ENUM_VALUE;
    if (v->header.ttl > 86400)
        return ASN1RT_E_VALUE_CONSTRAINT;
    if (v->header.flags_present && (v->header.flags.len ? v->header.flags.len * 8 - v->header.flags.unused : 0) > 32)
        return ASN1RT_E_SIZE_CONSTRAINT;
    if (v->signature_present)
        TRY(size_in(v->signature.len, 64, 64));
    if (v->tags.count > TAGS_MAX)
        return ASN1RT_E_SIZE_CONSTRAINT;

    asn1rt_writer w;
    asn1rt_writer_init(&w, buf, cap);
    uint8_t *end = buf + cap, *mark;

    mark = w.pos;
    for (size_t k = v->tags.count; k-- > 0;)
        TRY(asn1rt_prepend_uint64(&w, INT_TAG, v->tags.items[k]));
    TRY(asn1rt_prepend_header(&w, CTX_CONS(9), (size_t)(mark - w.pos)));
    if (v->signature_present)
        TRY(asn1rt_prepend_octets(&w, CTX(8), v->signature.ptr, v->signature.len));
    TRY(asn1rt_prepend_octets(&w, CTX(7), v->body.ptr, v->body.len));

    mark = w.pos;
    if (v->header.ttl != TTL_DEFAULT)
        TRY(asn1rt_prepend_uint64(&w, CTX(2), v->header.ttl));
    if (v->header.flags_present)
        TRY(prepend_bits(&w, CTX(1), &v->header.flags));
    TRY(asn1rt_prepend_uint64(&w, CTX(0), v->header.kind));
    TRY(asn1rt_prepend_header(&w, CTX_CONS(6), (size_t)(mark - w.pos)));

    if ((int)v->priority != PRIORITY_DEFAULT)
        TRY(asn1rt_prepend_int64(&w, CTX(5), v->priority));
    TRY(asn1rt_prepend_int64(&w, CTX(4), v->timestamp));
    TRY(asn1rt_prepend_octets(&w, CTX(3), v->recipient.ptr, v->recipient.len));
    TRY(asn1rt_prepend_octets(&w, CTX(2), v->sender.ptr, v->sender.len));
    TRY(asn1rt_prepend_uint64(&w, CTX(1), v->messageId));
    if (v->version != VERSION_DEFAULT)
        TRY(asn1rt_prepend_uint64(&w, CTX(0), v->version));
    TRY(asn1rt_prepend_header(&w, SEQ_TAG, (size_t)(end - w.pos)));
    return finish(&w, buf, cap, len);
}
