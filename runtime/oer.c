/* OER / canonical OER (X.696): the long forms and the less frequent
 * pieces behind asn1rt/oer.h. Each canonical rule is checked where the
 * octets are read, with the clause it comes from. */
#include "asn1rt/oer.h"
#include "internal.h"

/* ------------------------------------------------------------------ */
/* Length determinant (X.696 8.6).                                      */

/* The determinant at r->cur without consuming it: its value and size. */
static int parse_length(const asn1rt_reader *r, size_t *len, size_t *hl)
{
    const uint8_t *p = r->cur;
    size_t avail = (size_t)(r->end - p), k, i, v = 0;
    if (avail == 0)
        return ASN1RT_E_TRUNCATED;
    if (p[0] < 0x80) {
        v = p[0];
        k = 0;
    } else {
        k = p[0] & 0x7Fu;
        if (k == 0)                     /* a long form counting no octets */
            return ASN1RT_E_LENGTH_NOT_MINIMAL;
        if (avail - 1 < k)
            return ASN1RT_E_TRUNCATED;
        i = 0;
        /* COER: the fewest length octets, so no leading 0x00 (8.6.5). */
        if (p[1] == 0 && !(r->lax & ASN1RT_LAX_OER_LENGTH))
            return ASN1RT_E_LENGTH_NOT_MINIMAL;
        while (i < k && p[1 + i] == 0)
            i++;
        if (k - i > sizeof(size_t))
            return ASN1RT_E_LENGTH_TOO_LARGE;
        for (; i < k; i++)
            v = (v << 8) | p[1 + i];
        /* COER: the short form whenever the length is below 128 (8.6.4). */
        if (v < 0x80 && !(r->lax & ASN1RT_LAX_OER_LENGTH))
            return ASN1RT_E_LENGTH_NOT_MINIMAL;
    }
    if (avail - 1 - k < v)
        return ASN1RT_E_TRUNCATED;
    *len = v;
    *hl = 1 + k;
    return ASN1RT_OK;
}

int asn1oer_i_slow_length(asn1rt_reader *r, size_t *len)
{
    size_t v, hl;
    int rc = parse_length(r, &v, &hl);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->cur);
    *len = v;
    r->cur += hl;
    return ASN1RT_OK;
}

/* The determinant of n at p, hl (asn1oer_length_len(n)) octets. */
static void length_at(uint8_t *p, size_t hl, size_t n)
{
    if (hl == 1) {
        p[0] = (uint8_t)n;
        return;
    }
    p[0] = (uint8_t)(0x80u | (hl - 1));
    for (size_t i = hl - 1; i > 0; i--, n >>= 8)
        p[i] = (uint8_t)n;
}

int asn1oer_i_slow_put_length(asn1oer_writer *w, size_t n)
{
    size_t hl = asn1oer_length_len(n);
    if (asn1oer_i_wroom(w) < hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    length_at(w->pos, hl, n);
    w->pos += hl;
    return ASN1RT_OK;
}

/* asn1oer_put_octets from 128 octets on. */
int asn1oer_i_put_octets(asn1oer_writer *w, const uint8_t *p, size_t n)
{
    size_t hl = asn1oer_length_len(n);
    if (w == NULL || (p == NULL && n != 0))
        return ASN1RT_E_ARG;
    if (asn1oer_i_wroom(w) < n || asn1oer_i_wroom(w) - n < hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    length_at(w->pos, hl, n);
    if (n != 0)
        memcpy(w->pos + hl, p, n);
    w->pos += hl + n;
    return ASN1RT_OK;
}

int asn1oer_i_open_end_long(asn1oer_writer *w, uint8_t *mark)
{
    size_t n = (size_t)(w->pos - mark) - 1, hl = asn1oer_length_len(n);
    if (asn1oer_i_wroom(w) < hl - 1)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    memmove(mark + hl, mark + 1, n);
    length_at(mark, hl, n);
    w->pos += hl - 1;
    return ASN1RT_OK;
}

/* A reader's argument check (ASN1RT_E_ARG: r NULL or not args_ok), then
 * the length determinant of a length-prefixed value: *at where it starts,
 * *n the content's length, the cursor past the determinant. */
static int length_prefixed(asn1rt_reader *r, bool args_ok, const uint8_t **at, size_t *n)
{
    if (r == NULL || !args_ok)
        return ASN1RT_E_ARG;
    *at = r->cur;
    return asn1oer_read_length(r, n);
}

/* ------------------------------------------------------------------ */
/* Integers (X.696 10).                                                 */

/* Redundant leading octets of n >= 1 content octets: the minimal
 * two's-complement (signed) or unsigned form starts `skip` octets in. */
static size_t redundant_signed(const uint8_t *p, size_t n)
{
    size_t skip = 0;
    while (n - skip >= 2 && ((p[skip] == 0x00 && p[skip + 1] < 0x80) || (p[skip] == 0xFF && p[skip + 1] >= 0x80)))
        skip++;
    return skip;
}

static size_t redundant_unsigned(const uint8_t *p, size_t n)
{
    size_t skip = 0;
    while (n - skip >= 2 && p[skip] == 0x00)
        skip++;
    return skip;
}

/* n >= 1 integer content octets at p in the fewest octets (COER, X.696
 * 10.4, 10.8, 11.4), unless ASN1RT_LAX_OER_INTEGER: the minimal form
 * starts *skip octets in. INTEGER_NOT_MINIMAL at p. */
static int check_minimal(asn1rt_reader *r, const uint8_t *p, size_t n, bool is_signed, size_t *skip)
{
    *skip = is_signed ? redundant_signed(p, n) : redundant_unsigned(p, n);
    if (*skip != 0 && !(r->lax & ASN1RT_LAX_OER_INTEGER))
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_NOT_MINIMAL, p);
    return ASN1RT_OK;
}

/* Their value, within 64 bits (INTEGER_RANGE at p), two's complement
 * sign-extended when is_signed. */
static int content_u64(asn1rt_reader *r, const uint8_t *p, size_t n, bool is_signed, uint64_t *out)
{
    size_t skip;
    uint64_t u;
    int rc = check_minimal(r, p, n, is_signed, &skip);
    if (rc != ASN1RT_OK)
        return rc;
    if (n - skip > 8)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, p);
    u = is_signed && (p[skip] & 0x80u) ? UINT64_MAX : 0;
    for (size_t i = skip; i < n; i++)
        u = (u << 8) | p[i];
    *out = u;
    return ASN1RT_OK;
}

/* The content octets [p, p + n) of a length-prefixed integer whose
 * determinant is at `at`: canonical form, then 64 bits, then [lo, hi].
 * On success the cursor moves past them. */
int asn1oer_i_int_content(asn1rt_reader *r, const uint8_t *at, const uint8_t *p, size_t n,
                          int64_t lo, int64_t hi, int64_t *out)
{
    uint64_t u;
    int64_t v;
    int rc;
    if (n == 0)                         /* at least one octet (10.4) */
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_EMPTY, at);
    if ((rc = content_u64(r, p, n, true, &u)) != ASN1RT_OK)
        return rc;
    v = (int64_t)u;
    if (v < lo || v > hi)
        return asn1rt_i_fail_at(r, ASN1RT_E_VALUE_CONSTRAINT, p);
    *out = v;
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1oer_i_uint_content(asn1rt_reader *r, const uint8_t *at, const uint8_t *p, size_t n,
                           uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    int rc;
    if (n == 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_EMPTY, at);
    if ((rc = content_u64(r, p, n, false, &v)) != ASN1RT_OK)
        return rc;
    if (v < lo || v > hi)
        return asn1rt_i_fail_at(r, ASN1RT_E_VALUE_CONSTRAINT, p);
    *out = v;
    r->cur = p + n;
    return ASN1RT_OK;
}

/* The content of a length-prefixed integer of any size as its minimal
 * view; signed selects two's complement. */
int asn1oer_i_read_big(asn1rt_reader *r, bool is_signed, asn1rt_view *out)
{
    const uint8_t *at, *p;
    size_t n, skip;
    int rc;
    if ((rc = length_prefixed(r, out != NULL, &at, &n)) != ASN1RT_OK)
        return rc;
    p = r->cur;
    r->cur = at;
    if (n == 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_EMPTY, at);
    if ((rc = check_minimal(r, p, n, is_signed, &skip)) != ASN1RT_OK)
        return rc;
    out->ptr = p + skip;
    out->len = n - skip;
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1oer_i_put_big(asn1oer_writer *w, bool is_signed, const asn1rt_view *v)
{
    if (w == NULL || v == NULL || (v->ptr == NULL && v->len != 0))
        return ASN1RT_E_ARG;
    if (v->len == 0)
        return ASN1RT_E_INTEGER_EMPTY;
    if ((is_signed ? redundant_signed(v->ptr, v->len) : redundant_unsigned(v->ptr, v->len)) != 0)
        return ASN1RT_E_INTEGER_NOT_MINIMAL;
    return asn1oer_put_octets(w, v->ptr, v->len);
}


/* The minimal content of a 128-bit integer, sign-extended to 16 octets. */
static int read_128(asn1rt_reader *r, bool is_signed, uint64_t *hi, uint64_t *lo)
{
    const uint8_t *at = r == NULL ? NULL : r->cur;
    asn1rt_view v;
    uint8_t b[16];
    int rc = asn1oer_i_read_big(r, is_signed, &v);
    if (rc != ASN1RT_OK)
        return rc;
    if (v.len > 16) {
        r->cur = at;
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, v.ptr);
    }
    memset(b, is_signed && (v.ptr[0] & 0x80u) ? 0xFF : 0x00, sizeof b);
    memcpy(b + 16 - v.len, v.ptr, v.len);
    uint64_t h = 0, l = 0;
    for (size_t i = 0; i < 8; i++) {
        h = (h << 8) | b[i];
        l = (l << 8) | b[8 + i];
    }
    *hi = h;   /* written only on success: a failed read leaves out untouched */
    *lo = l;
    return ASN1RT_OK;
}

int asn1oer_read_u128(asn1rt_reader *r, asn1rt_u128 *out)
{
    return out == NULL ? ASN1RT_E_ARG : read_128(r, false, &out->hi, &out->lo);
}

int asn1oer_read_i128(asn1rt_reader *r, asn1rt_i128 *out)
{
    uint64_t hi;
    int rc;
    if (out == NULL)
        return ASN1RT_E_ARG;
    if ((rc = read_128(r, true, &hi, &out->lo)) == ASN1RT_OK)
        out->hi = (int64_t)hi;
    return rc;
}

/* 16 octets big-endian, then the fewest of them (unsigned: no leading
 * 0x00; signed: no redundant sign octet), as a length-prefixed integer. */
static int put_128(asn1oer_writer *w, bool is_signed, uint64_t hi, uint64_t lo)
{
    uint8_t b[16];
    asn1rt_view v;
    size_t skip;
    if (w == NULL)
        return ASN1RT_E_ARG;
    for (size_t i = 0; i < 8; i++) {
        b[7 - i] = (uint8_t)(hi >> (8 * i));
        b[15 - i] = (uint8_t)(lo >> (8 * i));
    }
    skip = is_signed ? redundant_signed(b, 16) : redundant_unsigned(b, 16);
    if (skip > 15)   /* never: at least one octet is kept; tells the compiler v.len <= 16 */
        skip = 15;
    v.ptr = b + skip;
    v.len = 16 - skip;
    return asn1oer_put_octets(w, v.ptr, v.len);
}

int asn1oer_put_u128(asn1oer_writer *w, asn1rt_u128 v) { return put_128(w, false, v.hi, v.lo); }
int asn1oer_put_i128(asn1oer_writer *w, asn1rt_i128 v) { return put_128(w, true, (uint64_t)v.hi, v.lo); }

int asn1oer_i_read_quantity(asn1rt_reader *r, size_t min_item, size_t *n)
{
    const uint8_t *at;
    uint64_t q;
    int rc;
    if (r == NULL || n == NULL)
        return ASN1RT_E_ARG;
    at = r->cur;
    if ((rc = asn1oer_read_uint(r, 0, UINT64_MAX, &q)) != ASN1RT_OK)
        return rc;
    if (q > SIZE_MAX) {
        r->cur = at;
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_RANGE, at);
    }
    /* More items than the octets left could hold, whatever they are. */
    if (min_item != 0 && (size_t)q > (size_t)(r->end - r->cur) / min_item) {
        r->cur = at;
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, at);
    }
    *n = (size_t)q;
    return ASN1RT_OK;
}

int asn1oer_set_of_insert(asn1oer_writer *w, uint8_t *top, size_t k, uint8_t *item)
{
    uint8_t *cur;
    size_t len, prev;
    if (w == NULL || top == NULL || item == NULL || item > w->pos || w->end != top - k * sizeof(size_t))
        return ASN1RT_E_ARG;
    if (asn1oer_i_wroom(w) < sizeof(size_t))
        return ASN1RT_E_BUFFER_TOO_SMALL;
    cur = item;
    len = (size_t)(w->pos - cur);
    w->end -= sizeof len;
    /* The length of the item in place j (0 the first) at top - (j + 1) * sizeof(size_t). */
    memcpy(top - (k + 1) * sizeof len, &len, sizeof len);
    for (size_t j = k; j > 0; j--) {
        memcpy(&prev, top - j * sizeof prev, sizeof prev);
        if (asn1rt_der_compare(cur - prev, prev, cur, len) <= 0)
            break;
        cur -= prev;
        asn1rt_i_rotate_blocks(cur, prev, len);
        memcpy(top - j * sizeof len, &len, sizeof len);
        memcpy(top - (j + 1) * sizeof prev, &prev, sizeof prev);
    }
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* ENUMERATED (X.696 11).                                               */

int asn1oer_i_slow_enum(asn1rt_reader *r, int64_t *out)
{
    const uint8_t *p = r->cur, *c;
    size_t n;
    uint64_t u;
    int64_t v;
    int rc;
    if (p >= r->end)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    n = p[0] & 0x7Fu;             /* the inline part took the short form */
    if (n == 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_INTEGER_EMPTY, p);
    if ((size_t)(r->end - p) - 1 < n)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    c = p + 1;
    /* The long form's value is in the fewest octets (11.4). */
    if ((rc = content_u64(r, c, n, true, &u)) != ASN1RT_OK)
        return rc;
    v = (int64_t)u;
    /* 0..127 take the short form (11.3); the long form is for the rest. */
    if (v >= 0 && v < 0x80 && !(r->lax & ASN1RT_LAX_OER_INTEGER))
        return asn1rt_i_fail_at(r, ASN1RT_E_OER_ENUM_FORM, p);
    *out = v;
    r->cur = c + n;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* Tags (X.696 8.7, for CHOICE: 20).                                    */

int asn1oer_i_slow_tag(asn1rt_reader *r, uint32_t *tag)
{
    const uint8_t *p = r->cur;
    size_t avail = (size_t)(r->end - p), i;
    uint32_t num = 0;
    if (avail == 0)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    if ((p[0] & 0x3Fu) != 0x3Fu) {
        *tag = ASN1RT_TAG(p[0] >> 6, 0, p[0] & 0x3Fu);
        r->cur = p + 1;
        return ASN1RT_OK;
    }
    if (avail < 2)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    /* The fewest subsequent octets: none starts with 0x80. */
    if (p[1] == 0x80)
        return asn1rt_i_fail_at(r, ASN1RT_E_TAG_NOT_MINIMAL, p);
    for (i = 1;; i++) {
        if (i >= avail)
            return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
        if (i > 4)                      /* beyond 28 bits (runtime limit) */
            return asn1rt_i_fail_at(r, ASN1RT_E_TAG_TOO_LARGE, p);
        num = (num << 7) | (p[i] & 0x7Fu);
        if ((p[i] & 0x80u) == 0)
            break;
    }
    /* Numbers below 63 fit the first octet. */
    if (num < 63)
        return asn1rt_i_fail_at(r, ASN1RT_E_TAG_NOT_MINIMAL, p);
    *tag = ASN1RT_TAG(p[0] >> 6, 0, num);
    r->cur = p + i + 1;
    return ASN1RT_OK;
}

/* The OER tag of a tag word at p, n (asn1oer_tag_len) octets. */
static void tag_at(uint8_t *p, size_t n, uint32_t tag)
{
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    uint8_t cls = (uint8_t)(ASN1RT_TAG_CLASS(tag) << 6);
    if (n == 1) {
        p[0] = (uint8_t)(cls | num);
        return;
    }
    p[0] = (uint8_t)(cls | 0x3Fu);
    p[n - 1] = (uint8_t)(num & 0x7Fu);
    for (size_t i = n - 1; i-- > 1;) {
        num >>= 7;
        p[i] = (uint8_t)(0x80u | (num & 0x7Fu));
    }
}

int asn1oer_i_slow_put_tag(asn1oer_writer *w, uint32_t tag)
{
    size_t n = asn1oer_tag_len(tag);
    if (ASN1RT_TAG_NUMBER(tag) > 0x0FFFFFFFu)
        return ASN1RT_E_TAG_TOO_LARGE;
    if (asn1oer_i_wroom(w) < n)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    tag_at(w->pos, n, tag);
    w->pos += n;
    return ASN1RT_OK;
}

int asn1oer_tag_open_end(asn1oer_writer *w, uint8_t *mark)
{
    asn1rt_reader r;
    uint32_t tag;
    size_t n, tl, hl;
    int rc;
    if (w == NULL || mark == NULL || mark > w->pos)
        return ASN1RT_E_ARG;
    n = (size_t)(w->pos - mark);
    asn1oer_reader_init(&r, mark, n, 0);
    if ((rc = asn1oer_read_tag(&r, &tag)) != ASN1RT_OK)
        return rc;
    tl = asn1oer_tag_len(tag);
    hl = asn1oer_length_len(n);
    if (asn1oer_i_wroom(w) < tl + hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    memmove(mark + tl + hl, mark, n);
    tag_at(mark, tl, tag);
    length_at(mark + tl, hl, n);
    w->pos += tl + hl;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* BIT STRING (X.696 13) and the extension presence bitmap (16.4).     */

/* Checks [p, p + n) as unused-bits octet and bits, for the reader:
 * the code, and in *bad where it points. */
static int check_bits(const uint8_t *p, size_t n, unsigned lax, int padding_code, const uint8_t **bad)
{
    if (p[0] > 7 || (n == 1 && p[0] != 0)) {
        *bad = p;
        return ASN1RT_E_BITSTRING_UNUSED;
    }
    if (n > 1 && (p[n - 1] & ((1u << p[0]) - 1u)) != 0 && !(lax & ASN1RT_LAX_OER_PADDING)) {
        *bad = p + n - 1;
        return padding_code;
    }
    return ASN1RT_OK;
}

/* Any bit set among the first nbits of [p, ...). */
static bool any_bit(const uint8_t *p, size_t len, unsigned unused)
{
    for (size_t i = 0; i + 1 < len; i++)
        if (p[i] != 0)
            return true;
    return len != 0 && (p[len - 1] >> unused) != 0;
}

/* A length-prefixed BIT STRING (13.3) or extension bitmap (16.4): one
 * body, since they differ only in the least length, the codes and the
 * bitmap's rule that some bit be set. */
static int read_bits_common(asn1rt_reader *r, asn1rt_bits *out, bool bitmap)
{
    const uint8_t *at, *p, *bad = NULL;
    size_t n;
    int rc;
    if ((rc = length_prefixed(r, out != NULL, &at, &n)) != ASN1RT_OK)
        return rc;
    p = r->cur;
    r->cur = at;
    /* A bitmap has an unused-bits octet and at least one bit (16.4). */
    if (n < (bitmap ? 2u : 1u))
        return asn1rt_i_fail_at(r, bitmap ? ASN1RT_E_OER_EXTENSIONS : ASN1RT_E_BITSTRING_EMPTY, at);
    rc = check_bits(p, n, r->lax, bitmap ? ASN1RT_E_OER_PADDING : ASN1RT_E_BITSTRING_PADDING, &bad);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, bad);
    /* The extension bit is set only when an addition is present (16.2.2). */
    if (bitmap && !any_bit(p + 1, n - 1, p[0]))
        return asn1rt_i_fail_at(r, ASN1RT_E_OER_EXTENSIONS, at);
    out->ptr = p + 1;
    out->len = n - 1;
    out->unused = p[0];
    r->cur = p + n;
    return ASN1RT_OK;
}

int asn1oer_read_bits(asn1rt_reader *r, asn1rt_bits *out)
{
    return read_bits_common(r, out, false);
}

int asn1oer_read_fixed_bits(asn1rt_reader *r, size_t nbits, asn1rt_bits *out)
{
    const uint8_t *p;
    size_t n = nbits / 8 + (nbits % 8 != 0);
    unsigned unused = (unsigned)(8 * n - nbits);
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    p = r->cur;
    if ((size_t)(r->end - p) < n)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, p);
    if (unused != 0 && (p[n - 1] & ((1u << unused) - 1u)) != 0 && !(r->lax & ASN1RT_LAX_OER_PADDING))
        return asn1rt_i_fail_at(r, ASN1RT_E_BITSTRING_PADDING, p + n - 1);
    out->ptr = p;
    out->len = n;
    out->unused = (uint8_t)unused;
    r->cur = p + n;
    return ASN1RT_OK;
}

/* An in-memory BIT STRING the writers accept: the readers' rules. */
static int check_bits_value(const asn1rt_bits *v, int padding_code)
{
    if (v->ptr == NULL && v->len != 0)
        return ASN1RT_E_ARG;
    if (v->unused > 7 || (v->len == 0 && v->unused != 0))
        return ASN1RT_E_BITSTRING_UNUSED;
    if (v->len != 0 && (v->ptr[v->len - 1] & ((1u << v->unused) - 1u)) != 0)
        return padding_code;
    return ASN1RT_OK;
}

static int put_bits_body(asn1oer_writer *w, const asn1rt_bits *v)
{
    size_t n = v->len + 1, hl = asn1oer_length_len(n);
    if (asn1oer_i_wroom(w) < n || asn1oer_i_wroom(w) - n < hl)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    length_at(w->pos, hl, n);
    w->pos[hl] = v->unused;
    if (v->len != 0)
        memcpy(w->pos + hl + 1, v->ptr, v->len);
    w->pos += hl + n;
    return ASN1RT_OK;
}

/* A bits writer's argument check (ASN1RT_E_ARG), then check_bits_value. */
static int bits_args(const asn1oer_writer *w, const asn1rt_bits *v, int padding_code)
{
    if (w == NULL || v == NULL)
        return ASN1RT_E_ARG;
    return check_bits_value(v, padding_code);
}

int asn1oer_put_bits(asn1oer_writer *w, const asn1rt_bits *v)
{
    int rc = bits_args(w, v, ASN1RT_E_BITSTRING_PADDING);
    return rc != ASN1RT_OK ? rc : put_bits_body(w, v);
}

int asn1oer_put_fixed_bits(asn1oer_writer *w, const asn1rt_bits *v, size_t nbits)
{
    int rc = bits_args(w, v, ASN1RT_E_BITSTRING_PADDING);
    if (rc != ASN1RT_OK)
        return rc;
    if (v->len * 8 - v->unused != nbits || (v->len == 0 && nbits != 0))
        return ASN1RT_E_SIZE_CONSTRAINT;
    return asn1oer_put_fixed_octets(w, v->ptr, v->len);
}

int asn1oer_read_ext_bitmap(asn1rt_reader *r, asn1rt_bits *out)
{
    return read_bits_common(r, out, true);
}

int asn1oer_put_ext_bitmap(asn1oer_writer *w, const asn1rt_bits *v)
{
    int rc = bits_args(w, v, ASN1RT_E_OER_PADDING);
    if (rc != ASN1RT_OK)
        return rc;
    if (v->len == 0 || !any_bit(v->ptr, v->len, v->unused))
        return ASN1RT_E_OER_EXTENSIONS;
    return put_bits_body(w, v);
}

/* ------------------------------------------------------------------ */
/* Strings, OIDs (X.696 14, 21, 22, 26).                               */

static int check_string_at(asn1rt_reader *r, unsigned universal, const uint8_t *at, const uint8_t *p, size_t n)
{
    size_t bad = 0;
    int rc = asn1rt_i_check_string(universal, p, n, &bad);
    if (rc == ASN1RT_E_STRING_LENGTH)
        return asn1rt_i_fail_at(r, rc, at);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, p + bad);
    return ASN1RT_OK;
}

int asn1oer_i_read_string(asn1rt_reader *r, unsigned universal, asn1rt_view *out)
{
    const uint8_t *at;
    size_t n;
    int rc;
    if ((rc = length_prefixed(r, out != NULL && asn1rt_i_is_string_type(universal), &at, &n)) != ASN1RT_OK)
        return rc;
    if ((rc = check_string_at(r, universal, at, r->cur, n)) != ASN1RT_OK) {
        r->cur = at;
        return rc;
    }
    return asn1rt_i_take_view(r, r->cur, n, out);
}

int asn1oer_read_fixed_string(asn1rt_reader *r, unsigned universal, size_t n, asn1rt_view *out)
{
    int rc;
    if (r == NULL || out == NULL || !asn1rt_i_is_string_type(universal))
        return ASN1RT_E_ARG;
    if ((size_t)(r->end - r->cur) < n)
        return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, r->cur);
    if ((rc = check_string_at(r, universal, r->cur, r->cur, n)) != ASN1RT_OK)
        return rc;
    return asn1rt_i_take_view(r, r->cur, n, out);
}

int asn1oer_read_time(asn1rt_reader *r, unsigned universal, asn1rt_view *out)
{
    const uint8_t *at;
    size_t n;
    int rc;
    rc = length_prefixed(r, out != NULL && (universal == ASN1RT_UT_UTCTIME || universal == ASN1RT_UT_GENERALIZEDTIME), &at, &n);
    if (rc != ASN1RT_OK)
        return rc;
    if ((rc = asn1rt_i_time_parse(universal, r->cur, n, NULL)) != ASN1RT_OK) {
        const uint8_t *where = r->cur;
        r->cur = at;
        return asn1rt_i_fail_at(r, rc, where);
    }
    return asn1rt_i_take_view(r, r->cur, n, out);
}

int asn1oer_read_oid(asn1rt_reader *r, asn1rt_view *out)
{
    const uint8_t *at;
    size_t n, bad = 0;
    int rc;
    if ((rc = length_prefixed(r, out != NULL, &at, &n)) != ASN1RT_OK)
        return rc;
    if ((rc = asn1rt_i_check_oid(r->cur, n, &bad)) != ASN1RT_OK) {
        const uint8_t *where = rc == ASN1RT_E_OID_EMPTY ? at : r->cur + bad;
        r->cur = at;
        return asn1rt_i_fail_at(r, rc, where);
    }
    return asn1rt_i_take_view(r, r->cur, n, out);
}

/* ------------------------------------------------------------------ */
/* Open types (X.696 30).                                               */

int asn1oer_enter_open(asn1rt_reader *r, asn1rt_reader *child)
{
    return asn1oer_i_enter_open(r, child);
}

int asn1oer_skip_open(asn1rt_reader *r)
{
    asn1rt_view v;
    if (r == NULL)
        return ASN1RT_E_ARG;
    return asn1oer_read_open(r, &v);
}

int asn1oer_skip_ext(asn1rt_reader *r)
{
    if (r != NULL && (r->lax & ASN1RT_OER_KNOWN_ONLY))
        return asn1rt_i_fail_at(r, ASN1RT_E_UNKNOWN_COMPONENT, r->cur);
    return asn1oer_skip_open(r);
}
