/* Prototype, measurement only: Certificate written front to back with 3
 * reserved length octets per constructed element (0x82 form), content
 * shifted down after the fact when its length needs fewer. */
#include "asn1rt/gen.h"
#include "pkix1explicit88.h"
typedef struct { uint8_t *pos, *end; } fw;
#define T(x) do { if (__builtin_expect((x) != 0, 0)) return -1; } while (0)
#ifndef RES
#define RES 3
#endif
static inline int f_open(fw *w, uint8_t id, uint8_t **c)
{
    if (w->end - w->pos < 1 + RES) return -1;
    w->pos[0] = id;
    w->pos += 1 + RES;
    *c = w->pos;
    return 0;
}
/* d < s: forward 16-octet steps, each loaded before its store (the tail first). */
static inline void f_shift(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n <= 16) { if (!asn1rt_i_copy_small(d, s, n)) memmove(d, s, n); return; }
    if (n <= 128) {
        __m128i last = asn1g_load16(s + n - 16);
        for (size_t i = 0; i + 16 < n; i += 16)
            _mm_storeu_si128((__m128i *)(void *)(d + i), asn1g_load16(s + i));
        _mm_storeu_si128((__m128i *)(void *)(d + n - 16), last);
        return;
    }
    memmove(d, s, n);
}
static inline int f_close(fw *w, uint8_t *c)
{
    size_t n = (size_t)(w->pos - c);
    uint8_t *h = c - RES;
    if (RES == 3 && n >= 256 && n < 65536) { h[0] = 0x82; h[1] = (uint8_t)(n >> 8); h[2] = (uint8_t)n; return 0; }
    if (RES == 1 && n < 128) { h[0] = (uint8_t)n; return 0; }
    {
        unsigned L = n < 128 ? 1 : n < 256 ? 2 : n < 65536 ? 3 : 0;
        if (L == 0) return -1;
        if ((int)L > RES && (size_t)(w->end - w->pos) < L - RES) return -1;
        if ((int)L < RES) f_shift(h + L, c, n); else memmove(h + L, c, n);
        if (L == 1) h[0] = (uint8_t)n;
        else if (L == 2) { h[0] = 0x81; h[1] = (uint8_t)n; }
        else { h[0] = 0x82; h[1] = (uint8_t)(n >> 8); h[2] = (uint8_t)n; }
        w->pos = h + L + n;
    }
    return 0;
}
static inline int f_hdr(fw *w, uint8_t id, size_t n)
{
    uint8_t *p = w->pos;
    if ((size_t)(w->end - p) < n + 4 || n >= 65536) return -1;
    p[0] = id;
    if (n < 128) { p[1] = (uint8_t)n; w->pos = p + 2; }
    else if (n < 256) { p[1] = 0x81; p[2] = (uint8_t)n; w->pos = p + 3; }
    else { p[1] = 0x82; p[2] = (uint8_t)(n >> 8); p[3] = (uint8_t)n; w->pos = p + 4; }
    return 0;
}
static inline int f_octets(fw *w, uint8_t id, const uint8_t *s, size_t n)
{
    T(f_hdr(w, id, n));
    asn1g_copy(w->pos, s, n);
    w->pos += n;
    return 0;
}
static inline int f_raw(fw *w, const uint8_t *s, size_t n)
{
    if ((size_t)(w->end - w->pos) < n) return -1;
    asn1g_copy(w->pos, s, n);
    w->pos += n;
    return 0;
}
static inline int f_bits(fw *w, uint8_t id, const asn1rt_bits *b)
{
    T(f_hdr(w, id, b->len + 1));
    *w->pos++ = b->unused;
    asn1g_copy(w->pos, b->ptr, b->len);
    w->pos += b->len;
    return 0;
}
static inline int f_alg(fw *w, const AlgorithmIdentifier *a)
{
    uint8_t *c;
    T(f_open(w, 0x30, &c));
    T(f_octets(w, 0x06, a->algorithm.ptr, a->algorithm.len));
    if (a->parameters_present) T(f_raw(w, a->parameters.ptr, a->parameters.len));
    return f_close(w, c);
}
static inline int f_name(fw *w, const Name *n)
{
    uint8_t *c;
    if (n->present != Name_PR_rdnSequence || n->u.rdnSequence.items != NULL) return -1;
    T(f_open(w, 0x30, &c));
    T(f_raw(w, n->u.rdnSequence.raw.ptr, n->u.rdnSequence.raw.len));
    return f_close(w, c);
}
static inline int f_time(fw *w, const Time *t)
{
    if (t->present == Time_PR_utcTime) return f_octets(w, 23, t->u.utcTime.ptr, t->u.utcTime.len);
    return f_octets(w, 24, t->u.generalTime.ptr, t->u.generalTime.len);
}
static int f_cert(fw *w, const Certificate *in)
{
    const TBSCertificate *t = &in->tbsCertificate;
    uint8_t *c, *ct, *cx;
    T(f_open(w, 0x30, &c));
    T(f_open(w, 0x30, &ct));
    if (!(t->version.len == 1 && t->version.ptr[0] == 0)) {
        T(f_open(w, 0xA0, &cx));
        T(f_octets(w, 0x02, t->version.ptr, t->version.len));
        T(f_close(w, cx));
    }
    T(f_octets(w, 0x02, t->serialNumber.ptr, t->serialNumber.len));
    T(f_alg(w, &t->signature));
    T(f_name(w, &t->issuer));
    T(f_open(w, 0x30, &cx));
    T(f_time(w, &t->validity.notBefore));
    T(f_time(w, &t->validity.notAfter));
    T(f_close(w, cx));
    T(f_name(w, &t->subject));
    T(f_open(w, 0x30, &cx));
    T(f_alg(w, &t->subjectPublicKeyInfo.algorithm));
    T(f_bits(w, 0x03, &t->subjectPublicKeyInfo.subjectPublicKey));
    T(f_close(w, cx));
    if (t->issuerUniqueID_present) T(f_bits(w, 0x81, &t->issuerUniqueID));
    if (t->subjectUniqueID_present) T(f_bits(w, 0x82, &t->subjectUniqueID));
    if (t->extensions_present) {
        uint8_t *ce;
        if (t->extensions.items != NULL) return -1;
        T(f_open(w, 0xA3, &cx));
        T(f_open(w, 0x30, &ce));
        T(f_raw(w, t->extensions.raw.ptr, t->extensions.raw.len));
        T(f_close(w, ce));
        T(f_close(w, cx));
    }
    T(f_close(w, ct));
    T(f_alg(w, &in->signatureAlgorithm));
    T(f_bits(w, 0x03, &in->signature));
    return f_close(w, c);
}
int FNAME(const Certificate *in, uint8_t *buf, size_t cap, size_t *len)
{
    fw w;
    if (in == NULL || buf == NULL || len == NULL) return ASN1RT_E_ARG;
    w.pos = buf;
    w.end = buf + cap;
    if (f_cert(&w, in) != 0) return -1;
    *len = (size_t)(w.pos - buf);
    return 0;
}
