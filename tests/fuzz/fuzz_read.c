/* Fuzz target: every asn1rt read_* primitive and its gen.h fast path.
 *
 * Input: op, flags, tag selector, parameter, then the DER bytes.
 * Properties checked for every input, beyond "no crash, no UB, no read
 * outside the input":
 *  - cursor discipline: a failed read consumes nothing, leaves its output
 *    untouched and reports an offset inside the input; a successful one
 *    consumes a whole element and nothing past the reader's end;
 *  - the gen.h fast path gives exactly the runtime's result (code, value,
 *    cursor, offset);
 *  - integers agree with an independent two's-complement decoding;
 *  - in strict mode every accepted value re-encodes to the identical
 *    bytes (DER has one encoding per value), through asn1rt_prepend_* and
 *    through the gen.h writers. */
#include <string.h>

#include "asn1rt/gen.h"
#include "asn1rt/jer.h"
#include "fuzz.h"

enum op {
    OP_HEADER, OP_INT64, OP_UINT64, OP_INT_RANGE, OP_UINT_RANGE, OP_I128, OP_U128,
    OP_BIGINT, OP_BOOL, OP_NULL, OP_OCTETS, OP_STRING, OP_BITS, OP_OID, OP_TIME,
    OP_ENTER, OP_SKIP, OP_RAW, OP_COUNT
};

static const unsigned string_types[] = {
    ASN1RT_UT_UTF8STRING, ASN1RT_UT_NUMERICSTRING, ASN1RT_UT_PRINTABLESTRING,
    ASN1RT_UT_T61STRING, ASN1RT_UT_VIDEOTEXSTRING, ASN1RT_UT_IA5STRING,
    ASN1RT_UT_GRAPHICSTRING, ASN1RT_UT_VISIBLESTRING, ASN1RT_UT_GENERALSTRING,
    ASN1RT_UT_UNIVERSALSTRING, ASN1RT_UT_BMPSTRING,
};

/* Ranges for OP_INT_RANGE / OP_UINT_RANGE, including the edges. */
static const int64_t ranges[][2] = {
    { 0, 0 }, { 0, 255 }, { -128, 127 }, { 1, 100 }, { -1, -1 }, { INT64_MIN, INT64_MAX },
    { INT64_MIN, 0 }, { 0, INT64_MAX }, { -32768, 32767 }, { 1000, 1000000 },
};
static const uint64_t uranges[][2] = {
    { 0, 0 }, { 0, 255 }, { 0, UINT64_MAX }, { UINT64_MAX, UINT64_MAX },
    { (uint64_t)1 << 63, UINT64_MAX }, { 5, 10 },
};

/* Two's-complement content (minimal, n >= 1) as a 128-bit value, or false
 * when it does not fit: the independent model the integer readers must match. */
static bool ref_int128(const uint8_t *p, size_t n, uint64_t *hi, uint64_t *lo)
{
    uint64_t h = (p[0] & 0x80) ? UINT64_MAX : 0, l = h;
    if (n > 16)
        return false;
    for (size_t i = 0; i < n; i++) {
        h = (h << 8) | (l >> 56);
        l = (l << 8) | p[i];
    }
    *hi = h;
    *lo = l;
    return true;
}

/* Encodes with fn into a fresh writer and requires the bytes [a, b). */
#define REQUIRE_REENCODES(a, b, expr) do { \
        uint8_t buf_[4096]; \
        asn1rt_writer w_; \
        size_t want_ = (size_t)((b) - (a)); \
        if (want_ + 16 <= sizeof buf_) { \
            asn1rt_writer *w = &w_; \
            asn1rt_writer_init(w, buf_, sizeof buf_); \
            FUZZ_REQUIRE((expr) == ASN1RT_OK); \
            FUZZ_REQUIRE(asn1rt_written(w, buf_ + sizeof buf_) == want_); \
            FUZZ_REQUIRE(memcmp(w->pos, (a), want_) == 0); \
        } \
    } while (0)

static uint32_t pick_tag(uint8_t sel, uint32_t universal, bool constructed)
{
    if (sel == 0)
        return ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, constructed, universal);
    /* Class from the top bits; numbers up to 63 reach the high-tag form. */
    return ASN1RT_TAG((sel >> 6) ? (sel >> 6) : ASN1RT_CLASS_CONTEXT, constructed, sel & 0x3Fu);
}

typedef union out {
    int64_t i;
    uint64_t u;
    asn1rt_i128 i128;
    asn1rt_u128 u128;
    asn1rt_view v;
    asn1rt_bits bits;
    bool b;
    asn1rt_reader child;
    struct { uint32_t tag; size_t len; } hdr;
    unsigned char raw[64];
} out;

/* The runtime reader (slow = false: asn1rt_*, true: gen.h where it has one). */
static int do_op(enum op op, bool gen, asn1rt_reader *r, uint32_t tag, unsigned universal,
                 unsigned param, out *o)
{
    switch (op) {
    case OP_HEADER: return asn1rt_read_header(r, &o->hdr.tag, &o->hdr.len);
    case OP_INT64:
        return gen ? asn1g_read_int(r, tag, INT64_MIN, INT64_MAX, &o->i) : asn1rt_read_int64(r, tag, &o->i);
    case OP_UINT64:
        return gen ? asn1g_read_uint(r, tag, 0, UINT64_MAX, &o->u) : asn1rt_read_uint64(r, tag, &o->u);
    case OP_INT_RANGE: {
        const int64_t *rg = ranges[param % (sizeof ranges / sizeof ranges[0])];
        return gen ? asn1g_read_int(r, tag, rg[0], rg[1], &o->i) : asn1rt_read_int_range(r, tag, rg[0], rg[1], &o->i);
    }
    case OP_UINT_RANGE: {
        const uint64_t *rg = uranges[param % (sizeof uranges / sizeof uranges[0])];
        return gen ? asn1g_read_uint(r, tag, rg[0], rg[1], &o->u) : asn1rt_read_uint_range(r, tag, rg[0], rg[1], &o->u);
    }
    case OP_I128: return asn1rt_read_i128(r, tag, &o->i128);
    case OP_U128: return asn1rt_read_u128(r, tag, &o->u128);
    case OP_BIGINT: return gen ? asn1g_read_bigint(r, tag, &o->v) : asn1rt_read_bigint(r, tag, &o->v);
    case OP_BOOL: return gen ? asn1g_read_bool(r, tag, &o->b) : asn1rt_read_bool(r, tag, &o->b);
    case OP_NULL: return gen ? asn1g_read_null(r, tag) : asn1rt_read_null(r, tag);
    case OP_OCTETS: return gen ? asn1g_read_octets(r, tag, &o->v) : asn1rt_read_octets(r, tag, &o->v);
    case OP_STRING: return asn1rt_read_string(r, tag, universal, &o->v);
    case OP_BITS: return asn1rt_read_bits(r, tag, &o->bits);
    case OP_OID: return asn1rt_read_oid(r, tag, &o->v);
    case OP_TIME: return asn1rt_read_time(r, tag, universal, &o->v);
    case OP_ENTER: return gen ? asn1g_enter(r, tag, &o->child) : asn1rt_enter(r, tag, &o->child);
    case OP_SKIP: return asn1rt_skip(r);
    case OP_RAW: return asn1rt_read_raw(r, &o->hdr.tag, &o->v);
    case OP_COUNT: break;
    }
    return -1;
}

static bool has_gen(enum op op)
{
    switch (op) {
    case OP_INT64: case OP_UINT64: case OP_INT_RANGE: case OP_UINT_RANGE: case OP_BIGINT:
    case OP_BOOL: case OP_NULL: case OP_OCTETS: case OP_ENTER:
        return true;
    default:
        return false;
    }
}

/* Strict-mode round trip of an accepted element [a, b). */
static void reencode(enum op op, uint32_t tag, unsigned universal, const out *o,
                     const uint8_t *a, const uint8_t *b)
{
    FILE *jf = fuzz_devnull();
    switch (op) {
    case OP_INT64: case OP_INT_RANGE:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_int64(w, tag, o->i));
        REQUIRE_REENCODES(a, b, asn1g_put_int(w, tag, o->i));
        FUZZ_REQUIRE(asn1g_tlv_len(tag, asn1g_int_len(o->i)) == (size_t)(b - a));
        asn1jer_int(jf, o->i);
        break;
    case OP_UINT64: case OP_UINT_RANGE:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_uint64(w, tag, o->u));
        REQUIRE_REENCODES(a, b, asn1g_put_uint(w, tag, o->u));
        FUZZ_REQUIRE(asn1g_tlv_len(tag, asn1g_uint_len(o->u)) == (size_t)(b - a));
        asn1jer_uint(jf, o->u);
        break;
    case OP_I128:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_i128(w, tag, o->i128));
        asn1jer_i128(jf, o->i128);
        break;
    case OP_U128:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_u128(w, tag, o->u128));
        asn1jer_u128(jf, o->u128);
        break;
    case OP_BIGINT:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_bigint(w, tag, &o->v));
        asn1jer_bigint(jf, &o->v);
        break;
    case OP_BOOL:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_bool(w, tag, o->b));
        break;
    case OP_NULL:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_null(w, tag));
        break;
    case OP_OCTETS: case OP_STRING:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_octets(w, tag, o->v.ptr, o->v.len));
        asn1jer_string(jf, &o->v, op == OP_STRING ? universal : ASN1RT_UT_OCTET_STRING);
        break;
    case OP_BITS:
        REQUIRE_REENCODES(a, b, asn1rt_prepend_bits(w, tag, &o->bits));
        asn1jer_bits(jf, &o->bits, false);
        break;
    case OP_OID: {
        uint64_t arcs[128];
        size_t n = 0, len = 0;
        uint8_t content[4096];
        char text[4096];
        REQUIRE_REENCODES(a, b, asn1rt_prepend_octets(w, tag, o->v.ptr, o->v.len));
        /* Arcs and dotted text convert back to the same content octets. */
        if (asn1rt_oid_to_arcs(&o->v, arcs, 128, &n) == ASN1RT_OK) {
            FUZZ_REQUIRE(n >= 2);
            FUZZ_REQUIRE(asn1rt_oid_from_arcs(arcs, n, content, sizeof content, &len) == ASN1RT_OK);
            FUZZ_REQUIRE(len == o->v.len && memcmp(content, o->v.ptr, len) == 0);
        }
        if (asn1rt_oid_to_text(&o->v, text, sizeof text) == ASN1RT_OK) {
            FUZZ_REQUIRE(asn1rt_oid_from_text(text, content, sizeof content, &len) == ASN1RT_OK);
            FUZZ_REQUIRE(len == o->v.len && memcmp(content, o->v.ptr, len) == 0);
        }
        asn1jer_oid(jf, &o->v);
        break;
    }
    case OP_TIME: {
        asn1rt_time t;
        int64_t secs;
        FUZZ_REQUIRE(asn1rt_time_parse(universal, &o->v, &t) == ASN1RT_OK);
        /* Fractions past nanoseconds are dropped by the parser: not identity. */
        if (o->v.len <= 25)
            REQUIRE_REENCODES(a, b, asn1rt_prepend_time(w, tag, universal, &t));
        if (asn1rt_time_to_epoch(&t, &secs) == ASN1RT_OK) {
            asn1rt_time back;
            FUZZ_REQUIRE(asn1rt_time_from_epoch(secs, &back) == ASN1RT_OK);
            FUZZ_REQUIRE(back.year == t.year && back.month == t.month && back.day == t.day &&
                         back.hour == t.hour && back.minute == t.minute && back.second == t.second);
        }
        asn1jer_string(jf, &o->v, universal);
        break;
    }
    case OP_ENTER: {
        size_t clen = (size_t)(o->child.end - o->child.cur);
        const uint8_t *content = o->child.cur;
        REQUIRE_REENCODES(a, b, (asn1rt_prepend_bytes(w, content, clen) ||
                                 asn1rt_prepend_header(w, tag | ASN1RT_TAG(0, 1, 0), clen)));
        break;
    }
    case OP_HEADER:
        /* Only the header was consumed. */
        REQUIRE_REENCODES(a, b, asn1rt_prepend_header(w, o->hdr.tag, o->hdr.len));
        break;
    default:
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum op op;
    unsigned lax, universal, param;
    uint32_t tag;
    const uint8_t *der;
    size_t len;
    asn1rt_reader r0, r;
    out o, sentinel;
    int rc;

    if (size < 4)
        return 0;
    op = (enum op)(data[0] % OP_COUNT);
    lax = (data[1] & 0x80) ? (data[1] & 0x3Fu) : 0;
    param = data[3];
    der = data + 4;
    len = size - 4;

    switch (op) {
    case OP_STRING: universal = string_types[param % (sizeof string_types / sizeof string_types[0])]; break;
    case OP_TIME: universal = (param & 1) ? ASN1RT_UT_GENERALIZEDTIME : ASN1RT_UT_UTCTIME; break;
    case OP_INT64: case OP_UINT64: case OP_INT_RANGE: case OP_UINT_RANGE: case OP_I128: case OP_U128:
    case OP_BIGINT: universal = ASN1RT_UT_INTEGER; break;
    case OP_BOOL: universal = ASN1RT_UT_BOOLEAN; break;
    case OP_NULL: universal = ASN1RT_UT_NULL; break;
    case OP_BITS: universal = ASN1RT_UT_BIT_STRING; break;
    case OP_OID: universal = ASN1RT_UT_OID; break;
    case OP_ENTER: universal = (param & 1) ? ASN1RT_UT_SET : ASN1RT_UT_SEQUENCE; break;
    default: universal = ASN1RT_UT_OCTET_STRING; break;
    }
    tag = pick_tag(data[2], universal, op == OP_ENTER);

    asn1rt_reader_init(&r0, der, len);
    r0.lax = lax;
    r0.max_depth = (data[1] & 0x40) ? 0 : ASN1RT_DEFAULT_MAX_DEPTH;
    r = r0;
    memset(&o, 0xA5, sizeof o);
    sentinel = o;

    rc = do_op(op, false, &r, tag, universal, param, &o);
    if (rc != ASN1RT_OK) {
        FUZZ_REQUIRE(rc > ASN1RT_E_BUFFER_TOO_SMALL);   /* a data error, never ARG */
        FUZZ_REQUIRE(r.cur == r0.cur && r.end == r0.end && r.depth == r0.depth);
        FUZZ_REQUIRE(r.err_offset <= len);
        FUZZ_REQUIRE(memcmp(&o, &sentinel, sizeof o) == 0);
    } else {
        FUZZ_REQUIRE(r.cur > r0.cur && r.cur <= r0.end);
        FUZZ_REQUIRE((size_t)(r.cur - r0.cur) >= 2);
    }

    /* The fast path must be indistinguishable from the runtime. */
    if (has_gen(op)) {
        asn1rt_reader g = r0;
        out go;
        int grc;
        memset(&go, 0xA5, sizeof go);
        grc = do_op(op, true, &g, tag, universal, param, &go);
        /* asn1g_read_int/uint are range reads: beyond 64 bits is reported
         * as outside the range, as asn1rt_read_int_range does. */
        if ((op == OP_INT64 || op == OP_UINT64) && rc == ASN1RT_E_INTEGER_RANGE)
            FUZZ_REQUIRE(grc == ASN1RT_E_VALUE_CONSTRAINT);
        else
            FUZZ_REQUIRE(grc == rc);
        FUZZ_REQUIRE(g.cur == r.cur);
        if (rc != ASN1RT_OK)
            FUZZ_REQUIRE(g.err_offset == r.err_offset);
        else if (op == OP_ENTER)
            FUZZ_REQUIRE(go.child.cur == o.child.cur && go.child.end == o.child.end &&
                         go.child.depth == o.child.depth && go.child.lax == o.child.lax);
        else
            FUZZ_REQUIRE(memcmp(&go, &o, sizeof o) == 0);
    }

    /* Integers against the independent model, via the bigint view. */
    if (op >= OP_INT64 && op <= OP_U128) {
        asn1rt_reader b = r0;
        asn1rt_bigint bi;
        int brc = asn1rt_read_bigint(&b, tag, &bi);
        uint64_t hi = 0, lo = 0;
        bool fits = brc == ASN1RT_OK && ref_int128(bi.ptr, bi.len, &hi, &lo);
        bool neg = brc == ASN1RT_OK && (bi.ptr[0] & 0x80);
        if (brc != ASN1RT_OK)
            FUZZ_REQUIRE(rc == brc || (rc == ASN1RT_E_VALUE_CONSTRAINT && brc == ASN1RT_E_INTEGER_RANGE));
        switch (op) {
        case OP_INT64:
            if (brc == ASN1RT_OK) {
                bool in = fits && hi == (neg ? UINT64_MAX : 0) && ((lo >> 63) != 0) == neg;
                FUZZ_REQUIRE((rc == ASN1RT_OK) == in);
                if (in)
                    FUZZ_REQUIRE(o.i == (int64_t)lo);
            }
            break;
        case OP_UINT64:
            if (brc == ASN1RT_OK) {
                bool in = fits && !neg && hi == 0;
                FUZZ_REQUIRE((rc == ASN1RT_OK) == in);
                if (in)
                    FUZZ_REQUIRE(o.u == lo);
            }
            break;
        case OP_I128:
            if (brc == ASN1RT_OK) {
                FUZZ_REQUIRE((rc == ASN1RT_OK) == fits);
                if (fits)
                    FUZZ_REQUIRE((uint64_t)o.i128.hi == hi && o.i128.lo == lo);
            }
            break;
        case OP_U128:
            if (brc == ASN1RT_OK) {
                bool in = !neg && (fits || (bi.len == 17 && bi.ptr[0] == 0));
                FUZZ_REQUIRE((rc == ASN1RT_OK) == in);
                if (in && bi.len <= 16)
                    FUZZ_REQUIRE(o.u128.hi == hi && o.u128.lo == lo);
            }
            break;
        default:
            break;
        }
    }

    if (rc == ASN1RT_OK && lax == 0)
        reencode(op, tag, universal, &o, r0.cur, r.cur);
    return 0;
}
