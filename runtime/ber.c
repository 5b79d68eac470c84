/*
 * BER mode of the reader (X.690 8): indefinite lengths, constructed
 * strings joined into an arena, and stream framing (asn1rt_element_size).
 *
 * A BER-mode reader is an asn1rt_reader whose lax flags hold ASN1RT_BER.
 * Every DER function works on it unchanged; the out-of-line ones in
 * reader.c come here only when the DER parse refuses a header (0x80
 * length) or sees an identifier 0x00, so DER's paths stay as they were.
 *
 * Indefinite lengths are resolved when an element is entered or skipped:
 * the walk to its end-of-contents gives the child reader an exact end, so
 * everything built on bounded child readers (generated code included)
 * needs no change. The walk skips definite-length elements by their
 * length and keeps only a count of open levels, so it is linear in the
 * element; each indefinite level is walked once per enclosing indefinite
 * level entered, which the depth limit bounds (docs/runtime.md, BER mode).
 * T_ber_decode skips the walk of an element whose end is known (ber_enter).
 */
#include <string.h>

#include "asn1rt/gen.h"
#include "internal.h"

/* The result of one identifier and length. */
typedef struct ber_tl {
    uint32_t tag;
    size_t hl;          /* identifier and length octets */
    size_t len;         /* content octets; 0 when indefinite */
    bool indefinite;
} ber_tl;

#define UNIVERSAL_0_ID 0x00u

/* Identifier and length octets at p, avail octets readable (X.690 8.1.2,
 * 8.1.3 as BER has them: any long form, indefinite on constructed only).
 * ASN1RT_E_NEED_MORE with *need = the octets from p a whole header takes
 * at least. The content is not checked against avail. */
static int ber_parse_tl_slow(const uint8_t *p, size_t avail, ber_tl *out, size_t *need)
{
    size_t i, n;
    uint32_t id;
    uint8_t b;
    int rc;

    rc = asn1rt_i_parse_identifier(p, avail, &id, &i);
    if (rc == ASN1RT_E_TRUNCATED) {
        *need = avail + 2;                 /* one more identifier octet at least, then a length */
        return ASN1RT_E_NEED_MORE;
    }
    if (rc != ASN1RT_OK)
        return rc;
    if (i >= avail) {
        *need = i + 1;
        return ASN1RT_E_NEED_MORE;
    }
    b = p[i++];
    out->indefinite = false;
    if (b < 0x80) {
        n = b;
    } else if (b == 0x80) {
        /* X.690 8.1.3.2 a): the indefinite form is for constructed encodings. */
        if (!(id & ASN1RT_I_CONSTRUCTED_BIT))
            return ASN1RT_E_INDEFINITE_PRIMITIVE;
        out->indefinite = true;
        n = 0;
    } else if (b == 0xFF) {
        return ASN1RT_E_LENGTH_TOO_LARGE;          /* X.690 8.1.3.5 c): reserved */
    } else {
        /* X.690 8.1.3.5: BER allows leading zero octets and long forms of
         * small lengths (Active Directory's 0x84, Net-SNMP's 0x82). */
        size_t k = b & 0x7Fu;
        if (avail - i < k) {
            *need = i + k;
            return ASN1RT_E_NEED_MORE;
        }
        n = 0;
        for (; k > 0; k--, i++) {
            if (n > (SIZE_MAX >> 8))
                return ASN1RT_E_LENGTH_TOO_LARGE;
            n = (n << 8) | p[i];
        }
    }
    out->tag = id;
    out->hl = i;
    out->len = n;
    return ASN1RT_OK;
}

/* ber_parse_tl_slow's result for the headers the walks meet most: a
 * one-octet identifier and a length in one, two or three octets, or
 * indefinite on a constructed element; the rest, errors included, there. */
static inline int ber_parse_tl(const uint8_t *p, size_t avail, ber_tl *out, size_t *need)
{
    size_t b;
    if (avail >= 4 && (p[0] & 0x1Fu) != 0x1Fu) {
        out->tag = asn1rt_i_tag_of_id(p[0]);
        out->indefinite = false;
        b = p[1];
        if (b < 0x80) {
            out->hl = 2;
            out->len = b;
            return ASN1RT_OK;
        }
        if (b == 0x80 && (p[0] & 0x20u)) {
            out->indefinite = true;
            out->hl = 2;
            out->len = 0;
            return ASN1RT_OK;
        }
        if (b == 0x81) {
            out->hl = 3;
            out->len = p[2];
            return ASN1RT_OK;
        }
        if (b == 0x82) {
            out->hl = 4;
            out->len = ((size_t)p[2] << 8) | p[3];
            return ASN1RT_OK;
        }
    }
    return ber_parse_tl_slow(p, avail, out, need);
}

/* Walks from p, just after the header of an indefinite-length element, to
 * the end-of-contents that closes it. Definite-length elements inside are
 * skipped by their length; nested indefinite ones are counted, at most
 * max_open levels open at once (the element's own included).
 * OK: *used = octets from p up to and including the closing EOC.
 * ASN1RT_E_NEED_MORE: *used = the least octets from p that could close it.
 * Data errors: *used = offset from p of the offending header. */
static int ber_walk_to_eoc(const uint8_t *p, size_t avail, size_t max_open, size_t *used)
{
    size_t pos = 0, open = 1;
    for (;;) {
        ber_tl h;
        size_t need = 0, left = avail - pos;
        const uint8_t *q = p + pos;
        int rc;
        /* The common headers, skipped in place: a one-octet identifier that
         * is not universal 0, a short, 0x81 or 0x82 length within the input,
         * an indefinite length below the limit, or end-of-contents 00 00. */
        if (left >= 4 && (q[0] & 0xDFu) != 0 && (q[0] & 0x1Fu) != 0x1Fu) {
            size_t b = q[1];
            if (b < 0x80 && b <= left - 2) {
                pos += 2 + b;
                continue;
            }
            if (b == 0x80 && (q[0] & 0x20u) && open < max_open) {
                open++;
                pos += 2;
                continue;
            }
            if (b == 0x81 && q[2] <= left - 3) {
                pos += 3 + (size_t)q[2];
                continue;
            }
            if (b == 0x82 && (((size_t)q[2] << 8) | q[3]) <= left - 4) {
                pos += 4 + (((size_t)q[2] << 8) | q[3]);
                continue;
            }
        } else if (left >= 2 && q[0] == UNIVERSAL_0_ID && q[1] == 0) {
            pos += 2;
            if (--open == 0) {
                *used = pos;
                return ASN1RT_OK;
            }
            continue;
        }
        rc = ber_parse_tl(q, left, &h, &need);
        if (rc == ASN1RT_E_NEED_MORE) {
            /* Shortest completion: an EOC here if this could be one, else
             * this header with no content; then an EOC per open level. */
            bool eoc_here = pos == avail || p[pos] == UNIVERSAL_0_ID;
            *used = eoc_here ? pos + 2 + 2 * (open - 1) : pos + need + 2 * open;
            return rc;
        }
        if (rc != ASN1RT_OK) {
            *used = pos;
            return rc;
        }
        if ((h.tag & ~ASN1RT_I_CONSTRUCTED_BIT) == 0) {
            /* X.690 8.1.5: end-of-contents is exactly 00 00; universal 0
             * is reserved for it (X.680 8.4). */
            if (p[pos] != UNIVERSAL_0_ID || h.len != 0) {
                *used = pos;
                return ASN1RT_E_UNEXPECTED_EOC;
            }
            pos += h.hl;
            if (--open == 0) {
                *used = pos;
                return ASN1RT_OK;
            }
            continue;
        }
        if (h.indefinite) {
            if (open >= max_open) {
                *used = pos;
                return ASN1RT_E_DEPTH;
            }
            open++;
            pos += h.hl;
            continue;
        }
        if (h.len > avail - pos - h.hl) {
            if (h.len > SIZE_MAX - pos - h.hl - 2 * open) {
                *used = pos;
                return ASN1RT_E_LENGTH_TOO_LARGE;
            }
            *used = pos + h.hl + h.len + 2 * open;
            return ASN1RT_E_NEED_MORE;
        }
        pos += h.hl + h.len;
    }
}

int asn1rt_element_size(const uint8_t *in, size_t have, size_t *total)
{
    ber_tl h;
    size_t need = 0, used = 0;
    int rc;
    if (total == NULL || (in == NULL && have != 0))
        return ASN1RT_E_ARG;
    rc = ber_parse_tl(in, have, &h, &need);
    if (rc == ASN1RT_E_NEED_MORE) {
        *total = need;
        return rc;
    }
    if (rc != ASN1RT_OK) {
        *total = 0;
        return rc;
    }
    if ((h.tag & ~ASN1RT_I_CONSTRUCTED_BIT) == 0) {
        *total = 0;                                /* no indefinite length is open */
        return ASN1RT_E_UNEXPECTED_EOC;
    }
    if (!h.indefinite) {
        if (h.len > SIZE_MAX - h.hl) {
            *total = 0;
            return ASN1RT_E_LENGTH_TOO_LARGE;
        }
        *total = h.hl + h.len;
        return h.hl + h.len > have ? ASN1RT_E_NEED_MORE : ASN1RT_OK;
    }
    rc = ber_walk_to_eoc(in + h.hl, have - h.hl, ASN1RT_DEFAULT_MAX_DEPTH, &used);
    *total = h.hl + used;
    return rc;
}

/* The levels an indefinite element at r->cur may open, itself included:
 * a level entered at depth d must have d < max_depth. */
static size_t open_limit(const asn1rt_reader *r)
{
    return r->max_depth > r->depth ? (size_t)(r->max_depth - r->depth) : 1;
}

/* The content length of the indefinite element at r->cur whose header
 * takes hl octets: its walk to the matching end-of-contents. On failure
 * *err_offset says where (the element itself when its EOC is missing). */
static int ber_content_len(const asn1rt_reader *r, size_t hl, size_t *len, size_t *err_offset)
{
    size_t used = 0;
    int rc = ber_walk_to_eoc(r->cur + hl, (size_t)(r->end - r->cur) - hl, open_limit(r), &used);
    if (rc == ASN1RT_E_NEED_MORE)
        return ASN1RT_E_TRUNCATED;                 /* at the element whose EOC is missing */
    if (rc != ASN1RT_OK) {
        *err_offset += hl + used;
        return rc;
    }
    *len = used - 2;
    return ASN1RT_OK;
}

int asn1rt_i_ber_header(const asn1rt_reader *r, bool walk, uint32_t *tag, size_t *hl, size_t *len,
                        size_t *eoc, size_t *err_offset)
{
    const uint8_t *p = r->cur;
    size_t avail, need = 0;
    ber_tl h;
    int rc;

    *err_offset = (size_t)(p - r->base);
    if (p == NULL || p >= r->end)
        return p != NULL && r->depth > 0 ? ASN1RT_E_MISSING_COMPONENT : ASN1RT_E_TRUNCATED;
    avail = (size_t)(r->end - p);
    rc = ber_parse_tl(p, avail, &h, &need);
    if (rc == ASN1RT_E_NEED_MORE)
        return ASN1RT_E_TRUNCATED;
    if (rc != ASN1RT_OK)
        return rc;
    /* Children of an indefinite element end before its end-of-contents, so
     * a reader never meets one legitimately (X.690 8.1.5). */
    if ((h.tag & ~ASN1RT_I_CONSTRUCTED_BIT) == 0)
        return ASN1RT_E_UNEXPECTED_EOC;
    *tag = h.tag;
    *hl = h.hl;
    if (!h.indefinite) {
        if (h.len > avail - h.hl)
            return ASN1RT_E_TRUNCATED;
        *len = h.len;
        *eoc = 0;
        return ASN1RT_OK;
    }
    *len = 0;
    *eoc = 2;
    return walk ? ber_content_len(r, h.hl, len, err_offset) : ASN1RT_OK;
}

/* asn1rt_i_ber_enter; last: nothing may follow the element in r. */
static int ber_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child, bool last)
{
    uint32_t t;
    size_t hl, n, eoc, off;
    int rc = asn1rt_i_ber_header(r, false, &t, &hl, &n, &eoc, &off);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    if (t != tag)
        return asn1rt_i_fail_at(r, asn1rt_i_tag_mismatch(t, tag), r->cur);
    if (r->depth >= r->max_depth)
        return asn1rt_i_fail_at(r, ASN1RT_E_DEPTH, r->cur);
    /* Tag and depth first, so a wrong element is not walked to its end.
     * The last element of r ends where r does (T_ber_decode's input is one
     * element): under ASN1G_BER_LAST_EOC, r's last two octets, if they are
     * an end-of-contents, are taken as this element's without the walk
     * (gen.h: a wrong guess fails the decode, which runs again with it). */
    last = last || (r->depth == 0 && r->cur == r->base);
    if (eoc != 0 && last && (r->lax & ASN1G_BER_LAST_EOC) && (size_t)(r->end - r->cur) >= hl + 2 &&
        r->end[-2] == UNIVERSAL_0_ID && r->end[-1] == 0)
        n = (size_t)(r->end - r->cur) - hl - 2;
    else if (eoc != 0 && (rc = ber_content_len(r, hl, &n, &off)) != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    asn1rt_i_enter_content(r, r->cur + hl, n, child);
    r->cur += eoc;                                 /* past the end-of-contents */
    return ASN1RT_OK;
}

int asn1rt_i_ber_enter(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    return ber_enter(r, tag, child, false);
}

int asn1rt_i_ber_enter_last(asn1rt_reader *r, uint32_t tag, asn1rt_reader *child)
{
    /* An indefinite header with a one-octet identifier here; anything else
     * as asn1g_enter takes it. */
    if ((r->lax & ASN1G_BER_LAST_EOC) && r->cur != NULL && r->end - r->cur >= 2 && (r->cur[0] & 0x1Fu) != 0x1Fu &&
        r->cur[1] == 0x80)
        return ber_enter(r, tag | ASN1RT_I_CONSTRUCTED_BIT, child, true);
    return asn1rt_enter(r, tag, child);
}

int asn1rt_i_ber_element(asn1rt_reader *r, uint32_t *tag, asn1rt_view *whole)
{
    uint32_t t;
    size_t hl, n, eoc, off;
    int rc = asn1rt_i_ber_header(r, true, &t, &hl, &n, &eoc, &off);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    if (tag != NULL)
        *tag = t;
    if (whole != NULL) {
        whole->ptr = r->cur;
        whole->len = hl + n + eoc;
    }
    r->cur += hl + n + eoc;
    return ASN1RT_OK;
}

void asn1rt_ber_reader_init(asn1rt_reader *r, const uint8_t *ber, size_t len)
{
    if (r == NULL)
        return;
    asn1rt_i_reader_set(r, ber, ber == NULL ? NULL : ber + len, ASN1RT_BER);
}

int asn1rt_ber_peek_header(asn1rt_reader *r, uint32_t *tag, size_t *hl, size_t *len, size_t *eoc)
{
    uint32_t t;
    size_t h, n, e, off;
    int rc;
    if (r == NULL || tag == NULL || hl == NULL || len == NULL || eoc == NULL)
        return ASN1RT_E_ARG;
    rc = asn1rt_i_ber_header(r, true, &t, &h, &n, &e, &off);
    if (rc != ASN1RT_OK) {
        r->err_offset = off;
        return rc;
    }
    *tag = t;
    *hl = h;
    *len = n;
    *eoc = e;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* Constructed strings.                                                 */

/* How the segments of one constructed string are read. */
typedef struct join_job {
    uint32_t segment;      /* universal tag word of a primitive segment */
    bool bits;             /* BIT STRING: each segment starts with its unused-bits octet */
    asn1rt_arena *arena;   /* NULL: locate joined octet `locate` instead of joining */
    size_t locate;
    const uint8_t *found;  /* the input octet of joined octet `locate` */
    asn1rt_view joined;
    uint8_t unused;
    const uint8_t *bad;    /* where a failure is */
} join_job;

/* One open level of segments: its bound, and whether it ends by an EOC. */
typedef struct join_level {
    const uint8_t *end;
    bool indefinite;
} join_level;

/* Appends (or, when locating, counts) the octets of one primitive segment. */
static int join_take(join_job *j, const uint8_t *p, size_t n)
{
    if (j->arena == NULL) {
        if (j->found == NULL && j->locate < j->joined.len + n)
            j->found = p + (j->locate - j->joined.len);
        j->joined.len += n;
        return ASN1RT_OK;
    }
    return asn1rt_arena_append(j->arena, &j->joined, p, n);
}

/* The segments in [c, c + n), the exact content of the constructed string
 * at r->cur (r->depth < r->max_depth), in one pass: X.690 8.6.4.1 and
 * 8.7.3.2 (8.23.6 for character strings: their segments are OCTET
 * STRINGs), segments themselves constructed at any depth the reader
 * allows, each ended by its length or its EOC. */
static int join_segments(const asn1rt_reader *r, const uint8_t *c, size_t n, join_job *j)
{
    join_level st[ASN1RT_DEFAULT_MAX_DEPTH];
    const uint8_t *pos = c, *pending_unused = NULL;
    size_t lvl = 0;
    st[0].end = c + n;
    st[0].indefinite = false;
    for (;;) {
        join_level *top = &st[lvl];
        ber_tl h;
        size_t need = 0;
        int rc;
        if (!top->indefinite && pos == top->end) {
            if (lvl == 0)
                return ASN1RT_OK;
            lvl--;
            continue;
        }
        j->bad = pos;
        rc = ber_parse_tl(pos, (size_t)(top->end - pos), &h, &need);
        if (rc == ASN1RT_E_NEED_MORE)
            return ASN1RT_E_TRUNCATED;
        if (rc != ASN1RT_OK)
            return rc;
        if ((h.tag & ~ASN1RT_I_CONSTRUCTED_BIT) == 0) {
            if (!top->indefinite || pos[0] != UNIVERSAL_0_ID || h.len != 0)
                return ASN1RT_E_UNEXPECTED_EOC;
            pos += h.hl;
            lvl--;
            continue;
        }
        if ((h.tag & ~ASN1RT_I_CONSTRUCTED_BIT) != j->segment)
            return ASN1RT_E_SEGMENT_TAG;
        if (!h.indefinite && h.len > (size_t)(top->end - pos) - h.hl)
            return ASN1RT_E_TRUNCATED;
        if (h.indefinite && !(r->lax & ASN1RT_LAX_INDEFINITE))
            return ASN1RT_E_INDEFINITE_LENGTH;
        if (h.tag & ASN1RT_I_CONSTRUCTED_BIT) {
            /* The string is one level below the reader; segment level
             * lvl + 1 is entered at depth + lvl + 1. */
            if (r->depth + lvl + 2 > r->max_depth || lvl + 1 >= ASN1RT_DEFAULT_MAX_DEPTH)
                return ASN1RT_E_DEPTH;
            st[lvl + 1].end = h.indefinite ? top->end : pos + h.hl + h.len;
            st[lvl + 1].indefinite = h.indefinite;
            lvl++;
            pos += h.hl;
            continue;
        }
        if (j->bits) {
            const uint8_t *u = pos + h.hl;
            if (h.len == 0)
                return ASN1RT_E_BITSTRING_EMPTY;           /* X.690 8.6.2 */
            /* X.690 8.6.4: only the last segment may end inside an octet. */
            if (pending_unused != NULL) {
                j->bad = pending_unused;
                return ASN1RT_E_BITSTRING_UNUSED;
            }
            if (u[0] > 7 || (h.len == 1 && u[0] != 0)) {   /* X.690 8.6.2.2, 8.6.2.3 */
                j->bad = u;
                return ASN1RT_E_BITSTRING_UNUSED;
            }
            if (u[0] != 0)
                pending_unused = u;
            j->unused = u[0];
            rc = join_take(j, u + 1, h.len - 1);
        } else {
            rc = join_take(j, pos + h.hl, h.len);
        }
        if (rc != ASN1RT_OK)
            return rc;
        pos += h.hl + h.len;
    }
}

/* The common part of the asn1rt_ber_read_* functions for a constructed
 * encoding of `tag` at r->cur: *c and *n its content, *whole the element's
 * length, after the header, form and depth checks. */
static int constructed_string(asn1rt_reader *r, uint32_t tag, const uint8_t **c, size_t *n, size_t *whole)
{
    uint32_t t;
    size_t hl, len, eoc, off;
    int rc = asn1rt_i_ber_header(r, false, &t, &hl, &len, &eoc, &off);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    if (t != (tag | ASN1RT_I_CONSTRUCTED_BIT))
        return asn1rt_i_fail_at(r, asn1rt_i_tag_mismatch(t, tag), r->cur);
    if (!(r->lax & ASN1RT_LAX_CONSTRUCTED))
        return asn1rt_i_fail_at(r, ASN1RT_E_CONSTRUCTED, r->cur);   /* X.690 10.2 */
    if (r->depth >= r->max_depth)
        return asn1rt_i_fail_at(r, ASN1RT_E_DEPTH, r->cur);
    if (eoc != 0 && !(r->lax & ASN1RT_LAX_INDEFINITE))
        return asn1rt_i_fail_at(r, ASN1RT_E_INDEFINITE_LENGTH, r->cur);    /* X.690 10.1 */
    if (eoc != 0 && (rc = ber_content_len(r, hl, &len, &off)) != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    *c = r->cur + hl;
    *n = len;
    *whole = hl + len + eoc;
    return ASN1RT_OK;
}

/* Joins the constructed string at r->cur into the arena (job->joined). On
 * failure the arena is as it was and r->err_offset is set. */
static int join_string(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, join_job *job, size_t *whole,
                       const uint8_t **content, size_t *content_len)
{
    size_t mark;
    int rc;
    if (arena == NULL)
        return ASN1RT_E_ARG;
    if ((rc = constructed_string(r, tag, content, content_len, whole)) != ASN1RT_OK)
        return rc;
    mark = asn1rt_arena_mark(arena);
    job->arena = arena;
    job->joined.ptr = NULL;
    job->joined.len = 0;
    rc = join_segments(r, *content, *content_len, job);
    if (rc != ASN1RT_OK) {
        asn1rt_arena_reset(arena, mark);
        /* A full arena is no fault of the input: the element is named. */
        return asn1rt_i_fail_at(r, rc, rc == ASN1RT_E_ARENA_FULL || rc == ASN1RT_E_ARG ? r->cur : job->bad);
    }
    return ASN1RT_OK;
}

/* A constructed encoding is one whose identifier octet has bit 6 set; a
 * high tag's identifier octet carries it too. */
static bool next_constructed(const asn1rt_reader *r)
{
    return r->cur != NULL && r->cur < r->end && (r->cur[0] & 0x20u) != 0;
}

int asn1rt_ber_read_octets(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_view *out)
{
    join_job job = { ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING), false, NULL, 0, NULL,
                     { NULL, 0 }, 0, NULL };
    const uint8_t *c;
    size_t whole, n;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if (!next_constructed(r))
        return asn1rt_read_octets(r, tag, out);    /* a primitive string stays a view */
    if ((rc = join_string(r, tag, arena, &job, &whole, &c, &n)) != ASN1RT_OK)
        return rc;
    *out = job.joined;
    r->cur += whole;
    return ASN1RT_OK;
}

int asn1rt_ber_read_string(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena,
                           asn1rt_view *out)
{
    join_job job = { ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING), false, NULL, 0, NULL,
                     { NULL, 0 }, 0, NULL };
    const uint8_t *c;
    size_t whole, n, bad = 0, mark;
    int rc;
    if (r == NULL || out == NULL || !asn1rt_i_is_string_type(universal))
        return ASN1RT_E_ARG;
    if (!next_constructed(r))
        return asn1rt_read_string(r, tag, universal, out);
    if (arena == NULL)
        return ASN1RT_E_ARG;
    mark = asn1rt_arena_mark(arena);
    if ((rc = join_string(r, tag, arena, &job, &whole, &c, &n)) != ASN1RT_OK)
        return rc;
    rc = asn1rt_i_check_string(universal, job.joined.ptr, job.joined.len, &bad);
    if (rc != ASN1RT_OK) {
        join_job where = job;
        asn1rt_arena_reset(arena, mark);
        if (rc == ASN1RT_E_STRING_LENGTH)
            return asn1rt_i_fail_at(r, rc, r->cur);
        /* A second pass finds the input octet of the bad joined octet
         * (the failure path only; it cannot fail where the first did not). */
        where.arena = NULL;
        where.locate = bad;
        where.found = NULL;
        where.joined.len = 0;
        (void)join_segments(r, c, n, &where);
        return asn1rt_i_fail_at(r, rc, where.found != NULL ? where.found : r->cur);
    }
    *out = job.joined;
    r->cur += whole;
    return ASN1RT_OK;
}

int asn1rt_ber_read_bits(asn1rt_reader *r, uint32_t tag, asn1rt_arena *arena, asn1rt_bits *out)
{
    join_job job = { ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_BIT_STRING), true, NULL, 0, NULL,
                     { NULL, 0 }, 0, NULL };
    const uint8_t *c;
    size_t whole, n, mark;
    int rc;
    if (r == NULL || out == NULL)
        return ASN1RT_E_ARG;
    if (!next_constructed(r)) {
        asn1rt_reader probe = *r;
        uint32_t t;
        size_t hl, len;
        asn1rt_view copy;
        rc = asn1rt_read_bits(&probe, tag, out);
        if (rc != ASN1RT_E_BITSTRING_PADDING || !(r->lax & ASN1RT_LAX_PADDING)) {
            if (rc != ASN1RT_OK)
                r->err_offset = probe.err_offset;
            else
                r->cur = probe.cur;
            return rc;
        }
        /* X.690 8.6.2.3: BER leaves the unused bits to the sender; the
         * value's DER has them zero (11.2.1), so a copy clears them. The
         * header parsed for the probe, so it parses again. */
        if (arena == NULL)
            return ASN1RT_E_ARG;
        (void)asn1rt_i_parse_header(r, &t, &hl, &len);
        if (asn1rt_arena_copy(arena, r->cur + hl + 1, len - 1, &copy) != ASN1RT_OK)
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur);
        arena->buf[(size_t)(copy.ptr - arena->buf) + copy.len - 1] &= (uint8_t)~((1u << r->cur[hl]) - 1u);
        out->ptr = copy.ptr;
        out->len = copy.len;
        out->unused = r->cur[hl];
        r->cur += hl + len;
        return ASN1RT_OK;
    }
    if (arena == NULL)
        return ASN1RT_E_ARG;
    mark = asn1rt_arena_mark(arena);
    if ((rc = join_string(r, tag, arena, &job, &whole, &c, &n)) != ASN1RT_OK)
        return rc;
    if (job.joined.len == 0)
        job.unused = 0;
    else if (job.unused != 0 && (r->lax & ASN1RT_LAX_PADDING))
        arena->buf[(size_t)(job.joined.ptr - arena->buf) + job.joined.len - 1] &= (uint8_t)~((1u << job.unused) - 1u);
    else if ((job.joined.ptr[job.joined.len - 1] & ((1u << job.unused) - 1u)) != 0) {
        asn1rt_arena_reset(arena, mark);
        return asn1rt_i_fail_at(r, ASN1RT_E_BITSTRING_PADDING, r->cur);  /* X.690 11.2.1 */
    }
    out->ptr = job.joined.ptr;
    out->len = job.joined.len;
    out->unused = job.unused;
    r->cur += whole;
    return ASN1RT_OK;
}

int asn1rt_ber_read_time(asn1rt_reader *r, uint32_t tag, unsigned universal, asn1rt_arena *arena, asn1rt_view *out)
{
    join_job job = { ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING), false, NULL, 0, NULL,
                     { NULL, 0 }, 0, NULL };
    asn1rt_reader probe;
    const uint8_t *text = NULL, *at, *c;
    size_t n = 0, whole, mark, len;
    void *p;
    int rc;
    if (r == NULL || out == NULL || (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME))
        return ASN1RT_E_ARG;
    if (!next_constructed(r)) {
        /* The DER form stays a view; any other is rewritten below. */
        probe = *r;
        rc = asn1rt_read_time(&probe, tag, universal, out);
        if (rc != ASN1RT_E_TIME_FORMAT) {
            if (rc != ASN1RT_OK)
                r->err_offset = probe.err_offset;
            else
                r->cur = probe.cur;
            return rc;
        }
        probe = *r;
        (void)asn1rt_i_prim_content(&probe, tag, &text, &n);   /* parsed by the read above */
        at = text;
        whole = (size_t)(text - r->cur) + n;
        mark = arena != NULL ? asn1rt_arena_mark(arena) : 0;
    } else {
        /* X.680 46.1, 47.1: a time is a VisibleString, so BER may send it
         * constructed of OCTET STRING segments (X.690 8.23.6). */
        if (arena == NULL)
            return ASN1RT_E_ARG;
        mark = asn1rt_arena_mark(arena);
        if ((rc = join_string(r, tag, arena, &job, &whole, &c, &n)) != ASN1RT_OK)
            return rc;
        text = job.joined.ptr;
        n = job.joined.len;
        at = r->cur;
    }
    if (arena == NULL)
        return ASN1RT_E_ARG;
    if (n > SIZE_MAX - 8 || asn1rt_arena_alloc(arena, n + 8, 1, &p) != ASN1RT_OK) {
        asn1rt_arena_reset(arena, mark);
        return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur);
    }
    if ((rc = asn1rt_i_time_from_ber(universal, text, n, p, &len)) != ASN1RT_OK) {
        asn1rt_arena_reset(arena, mark);
        return asn1rt_i_fail_at(r, rc, at);
    }
    /* The DER text goes where the value starts (over a joined copy), the
     * arena keeps only it. */
    memmove(arena->buf + mark, p, len);
    arena->used = mark + len;
    out->ptr = arena->buf + mark;
    out->len = len;
    r->cur += whole;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* BER to DER for generated code (gen.h: asn1g_ber_read_any, _rest,     */
/* _append_any): an element kept as raw bytes (ANY, an open type, an    */
/* unknown extension) is copied into the arena as its DER, so that      */
/* T_encode, which writes such views as they are, gives DER, and the    */
/* DER open-type decoders read it.                                      */

/* The DER identifier and length octets of tag with n content octets, at
 * p (asn1rt_header_len(tag, n) octets, X.690 8.1.2, 10.1). */
static void der_header_at(uint8_t *p, uint32_t tag, size_t n)
{
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    uint8_t id = (uint8_t)((tag >> 24) & 0xE0u);
    size_t i = 0;
    if (num < 31) {
        p[i++] = (uint8_t)(id | num);
    } else {
        int g = 0;
        p[i++] = (uint8_t)(id | 0x1Fu);
        while (g < 4 && (num >> (7 * (g + 1))) != 0)
            g++;
        for (; g >= 0; g--)
            p[i++] = (uint8_t)(((num >> (7 * g)) & 0x7Fu) | (g > 0 ? 0x80u : 0u));
    }
    if (n < 0x80) {
        p[i] = (uint8_t)n;
    } else {
        int k = 0;
        for (size_t t = n; t != 0; t >>= 8)
            k++;
        p[i++] = (uint8_t)(0x80u | (unsigned)k);
        for (; k > 0; k--)
            p[i++] = (uint8_t)(n >> (8 * (k - 1)));
    }
}

/* Appends the DER element of tag whose content is [c, c + n) (NULL: n
 * zero octets to be filled by the caller) plus `lead` octets before it,
 * *at = where the content starts in the arena. */
static int put_element(asn1rt_arena *a, uint32_t tag, const uint8_t *c, size_t n, size_t lead, uint8_t **at)
{
    size_t hl = asn1rt_header_len(tag, n + lead);
    void *p;
    if (asn1rt_arena_alloc(a, hl + lead + n, 1, &p) != ASN1RT_OK)
        return ASN1RT_E_ARENA_FULL;
    der_header_at(p, tag, n + lead);
    *at = (uint8_t *)p + hl;
    if (c != NULL && n > 0)
        memcpy(*at + lead, c, n);
    return ASN1RT_OK;
}

/* The string v, just joined at the arena's end (or a view elsewhere),
 * becomes the DER element of tag with `lead` octets (the BIT STRING
 * unused-bits octet, value *lead_octet) before its octets. */
static int put_joined(asn1rt_arena *a, uint32_t tag, asn1rt_view v, size_t lead, uint8_t lead_octet)
{
    uint8_t *at;
    int rc;
    if (v.len > 0 && v.ptr == a->buf + a->used - v.len) {
        /* In place: room for the header, then the octets move up once. */
        size_t start = (size_t)(v.ptr - a->buf), hl = asn1rt_header_len(tag, v.len + lead);
        void *p;
        if (asn1rt_arena_alloc(a, hl + lead, 1, &p) != ASN1RT_OK)
            return ASN1RT_E_ARENA_FULL;
        memmove(a->buf + start + hl + lead, a->buf + start, v.len);
        der_header_at(a->buf + start, tag, v.len + lead);
        if (lead)
            a->buf[start + hl] = lead_octet;
        return ASN1RT_OK;
    }
    if ((rc = put_element(a, tag, v.ptr, v.len, lead, &at)) != ASN1RT_OK)
        return rc;
    if (lead)
        at[0] = lead_octet;
    return ASN1RT_OK;
}

/* The element at r copied whole into the arena if the strict reader
 * accepts it (true, *rc the result), else nothing done (false). */
static bool copy_if_der(asn1rt_reader *r, asn1rt_arena *a, int *rc)
{
    asn1rt_reader d = *r;
    asn1rt_view v;
    void *p;
    d.lax = 0;
    if (asn1g_read_any(&d, &v) != ASN1RT_OK)
        return false;
    if (asn1rt_arena_alloc(a, v.len, 1, &p) != ASN1RT_OK) {
        *rc = asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur);
        return true;
    }
    memcpy(p, v.ptr, v.len);
    r->cur = d.cur;
    *rc = ASN1RT_OK;
    return true;
}

/* The DER of the element at r, appended to the arena (no other allocation
 * in between), r moved past it. Universal strings are joined (X.690 10.2),
 * BOOLEAN TRUE is 0xFF (11.1), INTEGERs minimal, BIT STRING padding zero
 * (11.2.1), lengths definite and minimal (10.1), and the elements of a
 * universal SET in ascending order of their encodings (11.6; the order of
 * a SET's components by tag is the same for the one-octet identifiers of
 * distinct tags of one form). Untagged content cannot be interpreted:
 * an IMPLICIT string stays as the sender framed it, which is DER unless it
 * was constructed. try_der: a definite element may be checked by the
 * strict reader and copied as it is. On failure r->err_offset is set and
 * the arena may hold a partial copy (the caller resets it). */
static int canon_element(asn1rt_reader *r, asn1rt_arena *a, bool try_der)
{
    uint32_t tag, num;
    size_t hl, len, eoc, off;
    bool univ, cons;
    uint8_t *at;
    int rc;
    /* A definite element the strict reader accepts is its own DER:
     * validated once and copied whole, not rebuilt element by element (a
     * streamed CMS message's certificates and signer infos). If it is not
     * DER, nothing below it tries again, so each octet is validated
     * strictly at most once: linear. A one-octet identifier before 0x80 is
     * an indefinite length, which cannot be DER; any other header is tried
     * before the BER parse below, which then runs only if it is not DER. */
    if (try_der && r->cur != NULL && r->end - r->cur >= 2 && ((r->cur[0] & 0x1Fu) == 0x1Fu || r->cur[1] != 0x80)) {
        if (copy_if_der(r, a, &rc))
            return rc;
        try_der = false;
    }
    /* No walk to an indefinite element's end-of-contents: its children are
     * rebuilt one by one up to it below, and the string readers find their
     * own; a walk would read every header under it once more per level. */
    rc = asn1rt_i_ber_header(r, false, &tag, &hl, &len, &eoc, &off);
    if (rc != ASN1RT_OK)
        return asn1rt_i_fail_at(r, rc, r->base + off);
    num = ASN1RT_TAG_NUMBER(tag);
    univ = ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL;
    cons = ASN1RT_TAG_CONSTRUCTED(tag);
    if (univ && (num == ASN1RT_UT_BIT_STRING)) {
        asn1rt_bits b;
        asn1rt_view v;
        if ((rc = asn1rt_ber_read_bits(r, tag & ~ASN1RT_I_CONSTRUCTED_BIT, a, &b)) != ASN1RT_OK)
            return rc;
        v.ptr = b.ptr;
        v.len = b.len;
        return put_joined(a, tag & ~ASN1RT_I_CONSTRUCTED_BIT, v, 1, b.unused) != ASN1RT_OK
                   ? asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur) : ASN1RT_OK;
    }
    if (univ && cons && num == ASN1RT_UT_OCTET_STRING) {
        /* The joined length is below the content's: room for the header
         * that length takes, the octets joined after it in one pass, the
         * header written in front, the octets moved down only when the
         * joined length takes fewer length octets (an 11 KB eContent
         * moved a second time cost more than its walk). */
        join_job job = { ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING), false, NULL, SIZE_MAX, NULL,
                         { NULL, 0 }, 0, NULL };
        const uint8_t *c;
        size_t cl, whole, h0, mark = a->used;
        uint32_t prim = tag & ~ASN1RT_I_CONSTRUCTED_BIT;
        void *p;
        if ((rc = constructed_string(r, prim, &c, &cl, &whole)) != ASN1RT_OK)
            return rc;
        h0 = asn1rt_header_len(prim, cl);
        if (asn1rt_arena_alloc(a, h0, 1, &p) != ASN1RT_OK)
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur);
        job.arena = a;
        if ((rc = join_segments(r, c, cl, &job)) != ASN1RT_OK) {
            asn1rt_arena_reset(a, mark);
            return asn1rt_i_fail_at(r, rc, rc == ASN1RT_E_ARENA_FULL || rc == ASN1RT_E_ARG ? r->cur : job.bad);
        }
        hl = asn1rt_header_len(prim, job.joined.len);
        if (hl != h0) {
            memmove(a->buf + mark + hl, a->buf + mark + h0, job.joined.len);
            a->used = mark + hl + job.joined.len;
        }
        der_header_at(a->buf + mark, prim, job.joined.len);
        r->cur += whole;
        return ASN1RT_OK;
    }
    if (univ && (num == ASN1RT_UT_OCTET_STRING || num == ASN1RT_UT_OBJECT_DESCRIPTOR || asn1rt_i_is_string_type(num))) {
        asn1rt_view v;
        const uint8_t *s = r->cur;
        uint32_t prim = tag & ~ASN1RT_I_CONSTRUCTED_BIT;
        rc = asn1rt_i_is_string_type(num) ? asn1rt_ber_read_string(r, prim, num, a, &v)
                                          : asn1rt_ber_read_octets(r, prim, a, &v);
        if (rc != ASN1RT_OK)
            return rc;
        if (put_joined(a, prim, v, 0, 0) != ASN1RT_OK) {
            r->cur = s;
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, s);
        }
        return ASN1RT_OK;
    }
    if (univ && (num == ASN1RT_UT_UTCTIME || num == ASN1RT_UT_GENERALIZEDTIME)) {
        asn1rt_view v;
        const uint8_t *s = r->cur;
        uint32_t prim = tag & ~ASN1RT_I_CONSTRUCTED_BIT;
        if ((rc = asn1rt_ber_read_time(r, prim, num, a, &v)) != ASN1RT_OK)
            return rc;
        if (put_joined(a, prim, v, 0, 0) != ASN1RT_OK) {
            r->cur = s;
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, s);
        }
        return ASN1RT_OK;
    }
    if (univ && cons && asn1rt_i_universal_primitive(num))
        return asn1rt_i_fail_at(r, ASN1RT_E_CONSTRUCTED, r->cur);       /* X.690 8.2.1, 8.3.1, ... */
    if (univ && !cons && !asn1rt_i_universal_primitive(num))
        return asn1rt_i_fail_at(r, ASN1RT_E_PRIMITIVE, r->cur);         /* X.690 8.9.1, 8.11.1 */
    if (!cons) {
        const uint8_t *c = r->cur + hl;
        if (univ && num == ASN1RT_UT_BOOLEAN) {
            bool v;
            if ((rc = asn1rt_read_bool(r, tag, &v)) != ASN1RT_OK)
                return rc;
            if (put_element(a, tag, NULL, 1, 0, &at) != ASN1RT_OK)
                return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, c - hl);
            at[0] = v ? 0xFF : 0x00;
            return ASN1RT_OK;
        }
        if (univ && (num == ASN1RT_UT_INTEGER || num == ASN1RT_UT_ENUMERATED)) {
            asn1rt_bigint v;                                           /* minimal, or an error */
            if ((rc = asn1rt_read_bigint(r, tag, &v)) != ASN1RT_OK)
                return rc;
            c = v.ptr;
            len = v.len;
        } else if (univ && (rc = asn1rt_i_check_universal(r, tag)) != ASN1RT_OK) {
            return rc;
        } else {
            r->cur += hl + len;
        }
        if (put_element(a, tag, c, len, 0, &at) != ASN1RT_OK) {
            r->cur = r->base + off;
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, r->cur);
        }
        return ASN1RT_OK;
    }
    {
        asn1rt_reader child;
        const uint8_t *s = r->cur;
        size_t start = a->used, h0, n, h1;
        void *p;
        if (r->depth >= r->max_depth)
            return asn1rt_i_fail_at(r, ASN1RT_E_DEPTH, s);
        /* An indefinite element's content runs to its end-of-contents,
         * which lies before the reader's end (X.690 8.1.3.6). */
        if (eoc != 0)
            len = (size_t)(r->end - s) - hl;
        /* Room for the header its input length would take; fixed below. */
        h0 = asn1rt_header_len(tag, len);
        if (asn1rt_arena_alloc(a, h0, 1, &p) != ASN1RT_OK)
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, s);
        asn1rt_i_enter_content(r, s + hl, len, &child);
        for (;;) {
            if (eoc != 0 && child.end - child.cur >= 2 && child.cur[0] == UNIVERSAL_0_ID && child.cur[1] == 0)
                break;
            if (asn1rt_at_end(&child)) {
                if (eoc == 0)
                    break;
                r->cur = s;                        /* no end-of-contents before the input's end */
                return asn1rt_i_fail_at(r, ASN1RT_E_TRUNCATED, s);
            }
            if ((rc = canon_element(&child, a, try_der)) != ASN1RT_OK) {
                r->cur = s;
                r->err_offset = child.err_offset;
                return rc;
            }
        }
        r->cur = child.cur + eoc;
        n = a->used - start - h0;
        if (univ && num == ASN1RT_UT_SET && n > 0 && asn1rt_sort_set_of(a->buf + start + h0, n, NULL) != ASN1RT_OK) {
            r->cur = s;
            return asn1rt_i_fail_at(r, ASN1RT_E_SET_ORDER, s);
        }
        h1 = asn1rt_header_len(tag, n);
        if (h1 > h0 && asn1rt_arena_alloc(a, h1 - h0, 1, &p) != ASN1RT_OK) {
            r->cur = s;
            return asn1rt_i_fail_at(r, ASN1RT_E_ARENA_FULL, s);
        }
        if (h1 != h0) {
            memmove(a->buf + start + h1, a->buf + start + h0, n);
            a->used = start + h1 + n;
        }
        der_header_at(a->buf + start, tag, n);
        return ASN1RT_OK;
    }
}

/* A zero-capacity arena stands for "none": anything to copy is ARENA_FULL. */
static asn1rt_arena *arena_or_none(asn1rt_arena *a, asn1rt_arena *none)
{
    if (a != NULL)
        return a;
    none->buf = NULL;
    none->cap = 0;
    none->used = 0;
    return none;
}

int asn1g_ber_read_any(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *whole)
{
    asn1rt_reader d = *r;
    asn1rt_arena none, *a = arena_or_none(arena, &none);
    size_t mark = asn1rt_arena_mark(a);
    uint32_t t;
    size_t hl, n, eoc, off;
    bool indefinite = asn1rt_i_ber_header(r, false, &t, &hl, &n, &eoc, &off) == ASN1RT_OK && eoc != 0;
    int rc;
    /* Already DER (the strict reader accepts it): the value is its bytes.
     * An indefinite length cannot be; its definite parts may be. */
    d.lax = 0;
    if (!indefinite && asn1g_read_any(&d, whole) == ASN1RT_OK) {
        r->cur = d.cur;
        return ASN1RT_OK;
    }
    if ((rc = canon_element(r, a, indefinite)) != ASN1RT_OK) {
        asn1rt_arena_reset(a, mark);
        return rc;
    }
    whole->ptr = a->buf + mark;
    whole->len = a->used - mark;
    return ASN1RT_OK;
}

int asn1g_ber_read_rest(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *rest)
{
    asn1rt_reader d = *r;
    asn1rt_arena none, *a = arena_or_none(arena, &none);
    const uint8_t *s = r->cur;
    size_t mark = asn1rt_arena_mark(a);
    int rc;
    d.lax = 0;
    if (asn1g_read_rest(&d, rest) == ASN1RT_OK) {
        r->cur = d.cur;
        return ASN1RT_OK;
    }
    while (!asn1rt_at_end(r)) {
        if ((rc = canon_element(r, a, true)) != ASN1RT_OK) {
            asn1rt_arena_reset(a, mark);
            r->cur = s;
            return rc;
        }
    }
    rest->ptr = a->buf + mark;
    rest->len = a->used - mark;
    return ASN1RT_OK;
}

int asn1g_ber_append_any(asn1rt_reader *r, asn1rt_arena *arena, asn1rt_view *v)
{
    asn1rt_arena none, *a = arena_or_none(arena, &none);
    size_t mark = asn1rt_arena_mark(a);
    int rc;
    if (v->len > 0 && v->ptr + v->len != a->buf + a->used)
        return ASN1RT_E_ARG;                       /* not the arena's last allocation */
    if ((rc = canon_element(r, a, true)) != ASN1RT_OK) {
        asn1rt_arena_reset(a, mark);
        return rc;
    }
    if (v->len == 0)
        v->ptr = a->buf + mark;
    v->len += a->used - mark;
    return ASN1RT_OK;
}
