/* Prototype, measurement only: Certificate written front to back with
 * exact headers, the lengths summed first (inline, per element). */
#include "asn1rt/gen.h"
#include "pkix1explicit88.h"
typedef struct { uint8_t *pos, *end; } fw;
#define T(x) do { if (__builtin_expect((x) != 0, 0)) return -1; } while (0)
static inline size_t hl(size_t n) { return n < 128 ? 2 : n < 256 ? 3 : 4; }
static inline size_t tlv(size_t n) { return hl(n) + n; }
static inline void f_hdr(fw *w, uint8_t id, size_t n)
{
    uint8_t *p = w->pos;
    p[0] = id;
    if (n < 128) { p[1] = (uint8_t)n; w->pos = p + 2; }
    else if (n < 256) { p[1] = 0x81; p[2] = (uint8_t)n; w->pos = p + 3; }
    else { p[1] = 0x82; p[2] = (uint8_t)(n >> 8); p[3] = (uint8_t)n; w->pos = p + 4; }
}
static inline void f_raw(fw *w, const uint8_t *s, size_t n) { asn1g_copy(w->pos, s, n); w->pos += n; }
static inline void f_octets(fw *w, uint8_t id, const uint8_t *s, size_t n) { f_hdr(w, id, n); f_raw(w, s, n); }
static inline void f_bits(fw *w, uint8_t id, const asn1rt_bits *b)
{
    f_hdr(w, id, b->len + 1);
    *w->pos++ = b->unused;
    f_raw(w, b->ptr, b->len);
}
static inline size_t alg_c(const AlgorithmIdentifier *a)
{
    return tlv(a->algorithm.len) + (a->parameters_present ? a->parameters.len : 0);
}
static inline void f_alg(fw *w, const AlgorithmIdentifier *a, size_t c)
{
    f_hdr(w, 0x30, c);
    f_octets(w, 0x06, a->algorithm.ptr, a->algorithm.len);
    if (a->parameters_present) f_raw(w, a->parameters.ptr, a->parameters.len);
}
static inline const asn1rt_view *tv(const Time *t) { return t->present == Time_PR_utcTime ? &t->u.utcTime : &t->u.generalTime; }
static int f_cert(fw *w, const Certificate *in)
{
    const TBSCertificate *t = &in->tbsCertificate;
    if (t->issuer.u.rdnSequence.items || t->subject.u.rdnSequence.items || t->extensions.items) return -1;
    int ver = !(t->version.len == 1 && t->version.ptr[0] == 0);
    size_t c_sig = alg_c(&t->signature), c_val = tlv(tv(&t->validity.notBefore)->len) + tlv(tv(&t->validity.notAfter)->len);
    size_t c_ka = alg_c(&t->subjectPublicKeyInfo.algorithm);
    size_t c_spki = tlv(c_ka) + tlv(t->subjectPublicKeyInfo.subjectPublicKey.len + 1);
    size_t c_ext = t->extensions.raw.len;
    size_t tbs = (ver ? tlv(tlv(t->version.len)) : 0) + tlv(t->serialNumber.len) + tlv(c_sig) +
                 tlv(t->issuer.u.rdnSequence.raw.len) + tlv(c_val) + tlv(t->subject.u.rdnSequence.raw.len) + tlv(c_spki) +
                 (t->issuerUniqueID_present ? tlv(t->issuerUniqueID.len + 1) : 0) +
                 (t->subjectUniqueID_present ? tlv(t->subjectUniqueID.len + 1) : 0) +
                 (t->extensions_present ? tlv(tlv(c_ext)) : 0);
    size_t c_sa = alg_c(&in->signatureAlgorithm);
    size_t all = tlv(tbs) + tlv(c_sa) + tlv(in->signature.len + 1);
    if (all >= 65536 || tlv(all) > (size_t)(w->end - w->pos)) return -1;
    f_hdr(w, 0x30, all);
    f_hdr(w, 0x30, tbs);
    if (ver) { f_hdr(w, 0xA0, tlv(t->version.len)); f_octets(w, 0x02, t->version.ptr, t->version.len); }
    f_octets(w, 0x02, t->serialNumber.ptr, t->serialNumber.len);
    f_alg(w, &t->signature, c_sig);
    f_octets(w, 0x30, t->issuer.u.rdnSequence.raw.ptr, t->issuer.u.rdnSequence.raw.len);
    f_hdr(w, 0x30, c_val);
    f_octets(w, (uint8_t)(t->validity.notBefore.present == Time_PR_utcTime ? 23 : 24), tv(&t->validity.notBefore)->ptr, tv(&t->validity.notBefore)->len);
    f_octets(w, (uint8_t)(t->validity.notAfter.present == Time_PR_utcTime ? 23 : 24), tv(&t->validity.notAfter)->ptr, tv(&t->validity.notAfter)->len);
    f_octets(w, 0x30, t->subject.u.rdnSequence.raw.ptr, t->subject.u.rdnSequence.raw.len);
    f_hdr(w, 0x30, c_spki);
    f_alg(w, &t->subjectPublicKeyInfo.algorithm, c_ka);
    f_bits(w, 0x03, &t->subjectPublicKeyInfo.subjectPublicKey);
    if (t->issuerUniqueID_present) f_bits(w, 0x81, &t->issuerUniqueID);
    if (t->subjectUniqueID_present) f_bits(w, 0x82, &t->subjectUniqueID);
    if (t->extensions_present) { f_hdr(w, 0xA3, tlv(c_ext)); f_octets(w, 0x30, t->extensions.raw.ptr, c_ext); }
    f_alg(w, &in->signatureAlgorithm, c_sa);
    f_bits(w, 0x03, &in->signature);
    return 0;
}
int fwdx(const Certificate *in, uint8_t *buf, size_t cap, size_t *len)
{
    fw w;
    if (in == NULL || buf == NULL || len == NULL) return ASN1RT_E_ARG;
    w.pos = buf;
    w.end = buf + cap;
    if (f_cert(&w, in) != 0) return -1;
    *len = (size_t)(w.pos - buf);
    return 0;
}
