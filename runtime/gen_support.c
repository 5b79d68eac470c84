/* gen_support.c — out-of-line helpers for asn1cc-generated code (gen.h):
 * error recording, raw-element validation, SET OF ordering. */
#include <string.h>

#include "asn1rt/gen.h"
#include "internal.h"

int asn1g_fail(asn1rt_error *err, int code, size_t offset, const char *component)
{
    if (err == NULL)
        return code;
    /* The innermost failure records code and offset; callers unwinding
     * outwards only add their component name. */
    if (err->code == ASN1RT_OK) {
        err->code = code;
        err->offset = offset;
    }
    if (component != NULL)
        asn1rt_error_push(err, component);
    return code;
}

int asn1g_unknown_component(asn1rt_reader *r)
{
    return asn1rt_i_fail_at(r, ASN1RT_E_UNKNOWN_COMPONENT, r->cur);
}

int asn1g_put_int_slow(asn1rt_writer *w, uint32_t tag, int64_t v)
{
    return asn1rt_prepend_int64(w, tag, v);
}

int asn1g_put_uint_slow(asn1rt_writer *w, uint32_t tag, uint64_t v)
{
    return asn1rt_prepend_uint64(w, tag, v);
}

static int validate_element(asn1rt_reader *r);

/* validate_element for the elements its one-pass path does not take: the
 * whole rule set through the runtime's readers, which decide every error
 * code and offset. Children go back to validate_element. */
static int validate_element_slow(asn1rt_reader *r)
{
    asn1rt_reader save = *r;
    uint32_t tag;
    size_t len;
    int rc = asn1rt_read_header(r, &tag, &len);
    if (rc != ASN1RT_OK)
        return rc;
    if (ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL && ASN1RT_TAG_NUMBER(tag) == 0) {
        save.err_offset = asn1rt_offset(&save);   /* end-of-contents: BER only (X.690 8.1.5, 10.1) */
        *r = save;
        return ASN1RT_E_UNEXPECTED_TAG;
    }
    if (ASN1RT_TAG_CONSTRUCTED(tag)) {
        asn1rt_reader child;
        if (ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL && asn1rt_i_universal_primitive(ASN1RT_TAG_NUMBER(tag))) {
            save.err_offset = asn1rt_offset(&save);
            *r = save;
            return ASN1RT_E_CONSTRUCTED;
        }
        *r = save;
        rc = asn1rt_enter(r, tag, &child);
        if (rc != ASN1RT_OK)
            return rc;
        while (!asn1rt_at_end(&child)) {
            rc = validate_element(&child);
            if (rc != ASN1RT_OK) {
                save.err_offset = child.err_offset;
                *r = save;
                return rc;
            }
        }
        return ASN1RT_OK;
    }
    if (ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL) {
        const uint8_t *next = r->cur + len;
        if (!asn1rt_i_universal_primitive(ASN1RT_TAG_NUMBER(tag))) {
            save.err_offset = asn1rt_offset(&save);   /* X.690 8.9.1, 8.11.1 */
            *r = save;
            return ASN1RT_E_PRIMITIVE;
        }
        /* The walker's check: the runtime's strict element readers. */
        *r = save;
        if ((rc = asn1rt_i_check_universal(r, tag)) != ASN1RT_OK)
            return rc;
        r->cur = next;
        return ASN1RT_OK;
    }
    r->cur += len;
    return ASN1RT_OK;
}

/* The content of a primitive universal element passes the checks of
 * asn1rt_i_check_universal in their common, valid case; false means "ask
 * validate_element_slow", which decides. */
static bool universal_content_fast_ok(unsigned num, const uint8_t *base, const uint8_t *c, size_t n)
{
    switch (num) {
    case ASN1RT_UT_BOOLEAN: return n == 1 && (c[0] == 0x00 || c[0] == 0xFF);   /* X.690 11.1 */
    case ASN1RT_UT_INTEGER:
    case ASN1RT_UT_ENUMERATED: return n == 1 || (n > 1 && !asn1rt_i_int_redundant(c));   /* 8.3.2 */
    case ASN1RT_UT_BIT_STRING:                  /* 8.6.2, 11.2.1 */
        return n >= 1 && c[0] <= 7 && (n > 1 || c[0] == 0) && (c[n - 1] & ((1u << c[0]) - 1u)) == 0;
    case ASN1RT_UT_NULL: return n == 0;          /* 8.8.2 */
    case ASN1RT_UT_OID:
    case ASN1RT_UT_RELATIVE_OID: return asn1g_oid_fast_ok(base, c, n);   /* 8.19.2, 8.20.2 */
    case ASN1RT_UT_UTCTIME:
    case ASN1RT_UT_GENERALIZEDTIME: return asn1g_time_fast_ok(num, c, n);
    case ASN1RT_UT_PRINTABLESTRING:
    case ASN1RT_UT_IA5STRING:
    case ASN1RT_UT_UTF8STRING: return asn1g_string_fast_ok(num, base, c, n);
    case ASN1RT_UT_NUMERICSTRING:
    case ASN1RT_UT_VISIBLESTRING:
    case ASN1RT_UT_BMPSTRING:
    case ASN1RT_UT_UNIVERSALSTRING: return false;
    default: return true;           /* no alphabet to check (asn1rt_i_check_string), or no reader */
    }
}

/* Validates one element at r (consuming it on success): header rules
 * everywhere, constructed contents recursively (bounded by r's depth limit),
 * and the contents of universal primitive types the runtime can check.
 * One pass: each header is parsed once here, in the forms DER's fast paths
 * take, and its content checked in place; anything else (a high tag number,
 * a long length, an error, an unusual value) is handed, from the element's
 * start, to validate_element_slow, so the result and error offset are the
 * runtime readers' own. On failure r->cur is unchanged. */
static int validate_element(asn1rt_reader *r)
{
    const uint8_t *p = r->cur, *c;
    size_t avail = (size_t)(r->end - p), n;
    uint8_t id;
    if (avail < 2 || ((id = p[0]) & 0xDFu) == 0x00 || (id & 0x1Fu) == 0x1Fu ||
        (c = asn1rt_i_length_fast(p, avail, &n)) == NULL)
        return validate_element_slow(r);
    if (id & 0x20u) {
        asn1rt_reader child;
        int rc;
        if (((id & 0xC0u) == 0 && asn1rt_i_universal_primitive(id & 0x1Fu)) || r->depth >= r->max_depth)
            return validate_element_slow(r);
        asn1rt_i_enter_content(r, c, n, &child);
        r->cur = p;
        while (child.cur < child.end) {
            if ((rc = validate_element(&child)) != ASN1RT_OK) {
                r->err_offset = child.err_offset;
                return rc;
            }
        }
        r->cur = c + n;
        return ASN1RT_OK;
    }
    if ((id & 0xC0u) == 0 &&
        (!asn1rt_i_universal_primitive(id) || !universal_content_fast_ok(id, r->base, c, n)))
        return validate_element_slow(r);
    r->cur = c + n;
    return ASN1RT_OK;
}

int asn1g_read_any_slow(asn1rt_reader *r, asn1rt_view *whole)
{
    const uint8_t *start = r->cur;
    int rc = validate_element(r);
    if (rc != ASN1RT_OK)
        return rc;
    whole->ptr = start;
    whole->len = (size_t)(r->cur - start);
    return ASN1RT_OK;
}

int asn1g_read_rest(asn1rt_reader *r, asn1rt_view *rest)
{
    const uint8_t *start = r->cur;
    while (!asn1rt_at_end(r)) {
        int rc = validate_element(r);
        if (rc != ASN1RT_OK) {
            size_t off = r->err_offset;
            r->cur = start;
            r->err_offset = off;
            return rc;
        }
    }
    rest->ptr = start;
    rest->len = (size_t)(r->cur - start);
    return ASN1RT_OK;
}

bool asn1g_der_order_le(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen;
    int c = n ? memcmp(a, b, n) : 0;
    if (c != 0)
        return c < 0;
    /* Equal prefix: the shorter is padded with zeros (X.690 11.6), so the
     * longer is greater unless its tail is all zeros (then they compare equal). */
    if (alen <= blen)
        return true;
    for (size_t i = n; i < alen; i++)
        if (a[i] != 0)
            return false;
    return true;
}

void asn1g_sort_set_of(uint8_t *start, size_t *lens, size_t n)
{
    /* Insertion sort by block rotation: SET OF values with a bounded item
     * array are small, and no scratch buffer is available. */
    for (size_t i = 1; i < n; i++) {
        size_t off_i = 0;
        for (size_t k = 0; k < i; k++)
            off_i += lens[k];
        size_t j = i;
        size_t off_j = off_i;
        while (j > 0) {
            size_t off_prev = off_j - lens[j - 1];
            if (asn1g_der_order_le(start + off_prev, lens[j - 1], start + off_j, lens[j]))
                break;
            asn1rt_i_rotate_blocks(start + off_prev, lens[j - 1], lens[j]);
            size_t t = lens[j - 1];
            lens[j - 1] = lens[j];
            lens[j] = t;
            off_j = off_prev;
            j--;
        }
    }
}

int asn1g_check_any(const uint8_t *p, size_t n)
{
    asn1rt_reader r;
    asn1rt_view v;
    int rc;
    if (p == NULL && n != 0)
        return ASN1RT_E_ARG;
    asn1g_reader_init(&r, p, n, 0);
    rc = asn1g_read_any(&r, &v);
    if (rc != ASN1RT_OK)
        return rc;
    return asn1rt_expect_end(&r);
}
