/* Fuzz target: the generic walker, the dump built on it, and the raw
 * element validation generated code uses for ANY and extensions.
 *
 * Input: one flags byte (leniency, callback stop point), then DER.
 * Properties: every reported element lies inside the input and inside its
 * parent, parents come before children, depth stays within the limit;
 * dump and walk agree; the ANY validator (asn1g_check_any) accepts exactly
 * what the strict walker accepts; a callback's non-zero return stops the
 * walk and is returned unchanged. */
#include <string.h>

#include "asn1rt/gen.h"
#include "fuzz.h"

typedef struct walk_state {
    const uint8_t *der;
    size_t len;
    size_t items, stop_at;
    unsigned lax;
    size_t ends[ASN1RT_DEFAULT_MAX_DEPTH + 2];
    unsigned depth;                 /* depth the next item may have at most */
} walk_state;

static int on_item(void *ctx, const asn1rt_walk_item *it)
{
    walk_state *s = ctx;
    size_t end = it->offset + it->header_len + it->len;
    /* Identifier <= 5 octets (tag < 2^28), length <= 1 + sizeof(size_t)
     * unless ASN1RT_LAX_LENGTH admits zero padding. */
    FUZZ_REQUIRE(it->header_len >= 2);
    if (!(s->lax & ASN1RT_LAX_LENGTH))
        FUZZ_REQUIRE(it->header_len <= 5 + 1 + sizeof(size_t));
    FUZZ_REQUIRE(end <= s->len && end > it->offset);
    FUZZ_REQUIRE(it->content == s->der + it->offset + it->header_len);
    FUZZ_REQUIRE(it->depth <= ASN1RT_DEFAULT_MAX_DEPTH);
    FUZZ_REQUIRE(it->depth <= s->depth);
    /* Inside its parent: the parent's end is recorded at depth. */
    if (it->depth > 0)
        FUZZ_REQUIRE(end <= s->ends[it->depth]);
    if (ASN1RT_TAG_CONSTRUCTED(it->tag)) {
        s->ends[it->depth + 1] = end;
        s->depth = it->depth + 1;
    } else {
        s->depth = it->depth;
    }
    if (++s->items == s->stop_at)
        return 1000 + (int)s->items;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    walk_state s;
    asn1rt_error err, err2;
    unsigned lax;
    int rc, rc2;

    if (size < 1)
        return 0;
    lax = (data[0] & 0x80) ? (data[0] & 0x3Fu) : 0;
    memset(&s, 0, sizeof s);
    s.der = data + 1;
    s.len = size - 1;
    s.lax = lax;
    s.stop_at = (data[0] & 0x40) ? (size_t)(data[0] & 0x0F) + 1 : 0;

    rc = asn1rt_walk(s.der, s.len, lax, on_item, &s, &err);
    if (s.stop_at != 0 && s.items == s.stop_at) {
        FUZZ_REQUIRE(rc == 1000 + (int)s.stop_at);
        return 0;
    }
    if (rc != ASN1RT_OK) {
        FUZZ_REQUIRE(rc > ASN1RT_E_BUFFER_TOO_SMALL && err.code == rc);
        FUZZ_REQUIRE(err.offset <= s.len);
    } else {
        FUZZ_REQUIRE(s.items >= 1);
    }

    /* Without a callback: same result. */
    rc2 = asn1rt_walk(s.der, s.len, lax, NULL, NULL, &err2);
    FUZZ_REQUIRE(rc2 == rc && (rc == 0 || err2.offset == err.offset));

    if (lax == 0) {
        asn1rt_error derr;
        int drc = asn1rt_dump(fuzz_devnull(), s.der, s.len, &derr);
        FUZZ_REQUIRE(drc == rc && (rc == 0 || derr.offset == err.offset));
        /* Raw-element validation used for ANY agrees with the walker. */
        {
            int arc = asn1g_check_any(s.der, s.len);
            if ((arc == ASN1RT_OK) != (rc == ASN1RT_OK))
                fprintf(stderr, "walk %d (%s) at %zu, check_any %d (%s)\n", rc, asn1rt_strerror(rc),
                        err.offset, arc, asn1rt_strerror(arc));
            FUZZ_REQUIRE((arc == ASN1RT_OK) == (rc == ASN1RT_OK));
        }
        /* read_rest over a sequence of elements never consumes on failure. */
        {
            asn1rt_reader r;
            asn1rt_view rest = { NULL, 0 };
            asn1g_reader_init(&r, s.der, s.len, 0);
            if (asn1g_read_rest(&r, &rest) == ASN1RT_OK)
                FUZZ_REQUIRE(rest.ptr == s.der && rest.len == s.len && r.cur == r.end);
            else
                FUZZ_REQUIRE(r.cur == s.der && r.err_offset <= s.len);
        }
    }
    return 0;
}
