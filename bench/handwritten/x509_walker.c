/* x509_walker.c — see x509_walker.h. Written as a careful engineer would
 * for speed: one inline header reader, no tables, no copies. */
#include "x509_walker.h"

/* Reads one identifier (single octet) and a definite length of at most
 * four octets; the content must fit [p, end). */
static inline int tlv(const uint8_t **pp, const uint8_t *end, uint8_t *id, x509w_span *content)
{
    const uint8_t *p = *pp;
    size_t n;
    if (end - p < 2 || (p[0] & 0x1F) == 0x1F)
        return -1;
    *id = p[0];
    n = p[1];
    p += 2;
    if (n & 0x80) {
        size_t k = n & 0x7F;
        if (k == 0 || k > 4 || (size_t)(end - p) < k)
            return -1;
        n = 0;
        while (k--)
            n = (n << 8) | *p++;
    }
    if ((size_t)(end - p) < n)
        return -1;
    content->ptr = p;
    content->len = n;
    *pp = p + n;
    return 0;
}

/* Every header below a constructed element, recursively (bounded depth). */
static int walk_tree(x509w_span s, int depth)
{
    const uint8_t *p = s.ptr, *end = s.ptr + s.len;
    if (depth > 16)
        return -1;
    while (p < end) {
        x509w_span c;
        uint8_t id;
        if (tlv(&p, end, &id, &c))
            return -1;
        if ((id & 0x20) && walk_tree(c, depth + 1))
            return -1;
    }
    return 0;
}

int x509w_walk(const uint8_t *der, size_t len, x509w_cert *c)
{
    const uint8_t *p = der, *end = der + len;
    x509w_span cert;
    uint8_t id;
    if (tlv(&p, end, &id, &cert) || id != 0x30 || p != end)
        return -1;
    p = cert.ptr;
    end = cert.ptr + cert.len;
    if (tlv(&p, end, &id, &c->tbs) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->outer_alg) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->signature) || id != 0x03 || p != end)
        return -1;

    p = c->tbs.ptr;
    end = c->tbs.ptr + c->tbs.len;
    if (tlv(&p, end, &id, &c->version))
        return -1;
    if (id == 0xA0) {
        if (tlv(&p, end, &id, &c->serial))
            return -1;
    } else {
        c->serial = c->version;
        c->version.ptr = NULL;
        c->version.len = 0;
    }
    if (id != 0x02)
        return -1;
    if (tlv(&p, end, &id, &c->sig_alg) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->issuer) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->validity) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->subject) || id != 0x30)
        return -1;
    if (tlv(&p, end, &id, &c->spki) || id != 0x30)
        return -1;
    c->extensions.ptr = NULL;
    c->extensions.len = 0;
    while (p < end) {
        x509w_span s;
        if (tlv(&p, end, &id, &s))
            return -1;
        if (id == 0xA3)
            c->extensions = s;
        else if (id != 0x81 && id != 0x82)
            return -1;
    }
    /* Headers of everything inside: names, validity, key info, extensions. */
    if (walk_tree(c->sig_alg, 0) || walk_tree(c->issuer, 0) || walk_tree(c->validity, 0) ||
        walk_tree(c->subject, 0) || walk_tree(c->spki, 0) || walk_tree(c->extensions, 0) ||
        walk_tree(c->outer_alg, 0))
        return -1;
    return 0;
}
