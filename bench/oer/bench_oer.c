/* bench_oer.c — make bench-oer: asn1cc's canonical OER (X.696) on V2X
 * messages, in one run, interleaved (bench/common):
 *  - an explicit IEEE 1609.2 / TS 103 097 certificate, encode and decode,
 *    against a hand-written OER codec of the same certificate profile
 *    (hand_cert_*, below: the floor — fixed layout, no generality);
 *  - the CAM of EN 302 637-2 (same value), asn1cc OER against asn1cc UPER;
 *  - a TS 103 097 signed SPDU carrying that CAM (UPER) with a digest
 *    signer: every nested layer encoded / decoded (its recursive views).
 * Allocations: malloc/calloc/realloc are wrapped at link time
 * (-Wl,--wrap) and counted while the cases run; the count is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "cam_pdu_descriptions.h"
#include "ieee1609dot2.h"

/* ------------------------------------------------------------------ allocation count */

static unsigned long g_allocs;
static bool g_counting;      /* set only inside the timed loops, not the harness's own work */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { g_allocs += g_counting; return __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t m) { g_allocs += g_counting; return __real_calloc(n, m); }
void *__wrap_realloc(void *p, size_t n) { g_allocs += g_counting; return __real_realloc(p, n); }

/* ------------------------------------------------------------------ the values */

static const char HOST[] = "asn1cc.example";
static const uint8_t PSID_CAM[] = { 0x24 };
static uint8_t g_key[32], g_r[32], g_s[32], g_craca[3] = { 0xA1, 0xB2, 0xC3 }, g_ssp[] = { 0x01, 0xFF, 0xFC };

static void cert_value(Certificate *c, PsidSsp perms[2])
{
    CertificateBase_init(c);
    c->version = 3;
    c->type = CertificateType_explicit;
    c->issuer.present = IssuerIdentifier_PR_self;
    c->issuer.u.self = HashAlgorithm_sha256;
    ToBeSignedCertificate *t = &c->toBeSigned;
    t->id.present = CertificateId_PR_name;
    t->id.u.name = (asn1rt_view){ (const uint8_t *)HOST, sizeof HOST - 1 };
    t->cracaId = (asn1rt_view){ g_craca, 3 };
    t->crlSeries = 4;
    t->validityPeriod.start = 600000000u;
    t->validityPeriod.duration.present = Duration_PR_hours;
    t->validityPeriod.duration.u.hours = 168;
    PsidSsp_init(&perms[0]);
    perms[0].psid = (asn1rt_bigint){ PSID_CAM, 1 };
    perms[0].ssp_present = true;
    perms[0].ssp.present = ServiceSpecificPermissions_PR_opaque;
    perms[0].ssp.u.opaque = (asn1rt_view){ g_ssp, sizeof g_ssp };
    PsidSsp_init(&perms[1]);
    perms[1].psid = (asn1rt_bigint){ (const uint8_t *)"\x25", 1 };
    t->appPermissions_present = true;
    t->appPermissions.items = perms;
    t->appPermissions.count = 2;
    t->verifyKeyIndicator.present = VerificationKeyIndicator_PR_verificationKey;
    t->verifyKeyIndicator.u.verificationKey.present = PublicVerificationKey_PR_ecdsaNistP256;
    t->verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256.present = EccP256CurvePoint_PR_compressed_y_0;
    t->verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256.u.compressed_y_0 = (asn1rt_view){ g_key, 32 };
    c->signature_present = true;
    c->signature.present = Signature_PR_ecdsaNistP256Signature;
    c->signature.u.ecdsaNistP256Signature.rSig.present = EccP256CurvePoint_PR_x_only;
    c->signature.u.ecdsaNistP256Signature.rSig.u.x_only = (asn1rt_view){ g_r, 32 };
    c->signature.u.ecdsaNistP256Signature.sSig = (asn1rt_view){ g_s, 32 };
}

static void cam_value(cam_CAM *m)
{
    cam_CAM_init(m);
    m->header.protocolVersion = 2;
    m->header.messageID = 2;
    m->header.stationID = 1234567;
    m->cam.generationDeltaTime = 30000;
    cam_BasicContainer *b = &m->cam.camParameters.basicContainer;
    b->stationType = 5;
    b->referencePosition.latitude = 487654321;
    b->referencePosition.longitude = 113456789;
    b->referencePosition.positionConfidenceEllipse.semiMajorConfidence = 120;
    b->referencePosition.positionConfidenceEllipse.semiMinorConfidence = 80;
    b->referencePosition.positionConfidenceEllipse.semiMajorOrientation = 900;
    b->referencePosition.altitude.altitudeValue = 52000;
    b->referencePosition.altitude.altitudeConfidence = cam_AltitudeConfidence_outOfRange;
    m->cam.camParameters.highFrequencyContainer.present = cam_HighFrequencyContainer_PR_basicVehicleContainerHighFrequency;
    cam_BasicVehicleContainerHighFrequency *h = &m->cam.camParameters.highFrequencyContainer.u.basicVehicleContainerHighFrequency;
    h->heading.headingValue = 1800;
    h->heading.headingConfidence = 10;
    h->speed.speedValue = 1389;
    h->speed.speedConfidence = 5;
    h->driveDirection = cam_DriveDirection_forward;
    h->vehicleLength.vehicleLengthValue = 45;
    h->vehicleLength.vehicleLengthConfidenceIndication = cam_VehicleLengthConfidenceIndication_noTrailerPresent;
    h->vehicleWidth = 18;
    h->longitudinalAcceleration.longitudinalAccelerationValue = -5;
    h->longitudinalAcceleration.longitudinalAccelerationConfidence = 10;
    h->curvature.curvatureValue = 12;
    h->curvature.curvatureConfidence = cam_CurvatureConfidence_outOfRange;
    h->curvatureCalculationMode = cam_CurvatureCalculationMode_yawRateUsed;
    h->yawRate.yawRateValue = -150;
    h->yawRate.yawRateConfidence = cam_YawRateConfidence_outOfRange;
}

/* ------------------------------------------------------------------ the hand-written floor */

/* The certificate profile above, by hand: fixed positions where X.696
 * makes them fixed, short lengths only, the alternatives this profile
 * uses only. It checks what the structure needs to be read safely and no
 * more; anything else is refused. */
typedef struct hand_view { const uint8_t *p; size_t n; } hand_view;
typedef struct hand_perm { hand_view psid, ssp; bool has_ssp; } hand_perm;
typedef struct hand_cert {
    uint8_t version, type, alg, dur_kind;
    hand_view name, craca, key, r, s;
    uint16_t crl, dur;
    uint32_t start;
    size_t nperm;
    hand_perm perm[4];
} hand_cert;

static int hand_cert_decode(hand_cert *c, const uint8_t *p, size_t n)
{
    const uint8_t *e = p + n;
#define NEED(k) do { if ((size_t)(e - p) < (size_t)(k)) return -1; } while (0)
    NEED(8);
    if (p[0] != 0x80 || p[2] > 1 || p[3] != 0x81 || p[4] > 1 || p[5] != 0x10 || p[6] != 0x81 || p[7] >= 0x80)
        return -1;
    c->version = p[1];
    c->type = p[2];
    c->alg = p[4];
    c->name = (hand_view){ p + 8, p[7] };
    p += 8;
    NEED(c->name.n + 3 + 2 + 4 + 3);
    p += c->name.n;
    c->craca = (hand_view){ p, 3 };
    c->crl = (uint16_t)(p[3] << 8 | p[4]);
    c->start = (uint32_t)p[5] << 24 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 8 | p[8];
    if (p[9] < 0x80 || p[9] > 0x86)
        return -1;
    c->dur_kind = (uint8_t)(p[9] & 0x3F);
    c->dur = (uint16_t)(p[10] << 8 | p[11]);
    p += 12;
    NEED(2);
    if (p[0] != 1 || p[1] == 0 || p[1] > 4)
        return -1;
    c->nperm = p[1];
    p += 2;
    for (size_t i = 0; i < c->nperm; i++) {
        hand_perm *m = &c->perm[i];
        NEED(2);
        if ((p[0] & 0x7F) != 0 || p[1] == 0 || p[1] > 8)
            return -1;
        m->has_ssp = p[0] != 0;
        NEED(2 + p[1]);
        m->psid = (hand_view){ p + 2, p[1] };
        if ((m->psid.p[0] & 0x80) || (m->psid.n > 1 && m->psid.p[0] == 0 && !(m->psid.p[1] & 0x80)))
            return -1;
        p += 2 + p[1];
        if (m->has_ssp) {
            NEED(2);
            if (p[0] != 0x80 || p[1] >= 0x80)
                return -1;
            NEED(2 + p[1]);
            m->ssp = (hand_view){ p + 2, p[1] };
            p += 2 + p[1];
        }
    }
    NEED(3 + 32 + 2 + 32 + 32);
    if (p[0] != 0x80 || p[1] != 0x80 || (p[2] != 0x82 && p[2] != 0x83))
        return -1;
    c->key = (hand_view){ p + 3, 32 };
    p += 35;
    if (p[0] != 0x80 || p[1] != 0x80)
        return -1;
    c->r = (hand_view){ p + 2, 32 };
    c->s = (hand_view){ p + 34, 32 };
    p += 66;
#undef NEED
    return p == e ? 0 : -1;
}

static int hand_cert_encode(const hand_cert *c, uint8_t *buf, size_t cap, size_t *len)
{
    size_t need = 8 + c->name.n + 12 + 2 + 35 + 66;
    for (size_t i = 0; i < c->nperm; i++)
        need += 2 + c->perm[i].psid.n + (c->perm[i].has_ssp ? 2 + c->perm[i].ssp.n : 0);
    if (need > cap || c->name.n >= 0x80 || c->nperm == 0 || c->nperm > 4)
        return -1;
    uint8_t *p = buf;
    p[0] = 0x80; p[1] = c->version; p[2] = c->type; p[3] = 0x81; p[4] = c->alg; p[5] = 0x10; p[6] = 0x81;
    p[7] = (uint8_t)c->name.n;
    memcpy(p + 8, c->name.p, c->name.n);
    p += 8 + c->name.n;
    memcpy(p, c->craca.p, 3);
    p[3] = (uint8_t)(c->crl >> 8); p[4] = (uint8_t)c->crl;
    p[5] = (uint8_t)(c->start >> 24); p[6] = (uint8_t)(c->start >> 16); p[7] = (uint8_t)(c->start >> 8); p[8] = (uint8_t)c->start;
    p[9] = (uint8_t)(0x80 | c->dur_kind); p[10] = (uint8_t)(c->dur >> 8); p[11] = (uint8_t)c->dur;
    p += 12;
    p[0] = 1; p[1] = (uint8_t)c->nperm;
    p += 2;
    for (size_t i = 0; i < c->nperm; i++) {
        const hand_perm *m = &c->perm[i];
        p[0] = m->has_ssp ? 0x80 : 0x00;
        p[1] = (uint8_t)m->psid.n;
        memcpy(p + 2, m->psid.p, m->psid.n);
        p += 2 + m->psid.n;
        if (m->has_ssp) {
            p[0] = 0x80;
            p[1] = (uint8_t)m->ssp.n;
            memcpy(p + 2, m->ssp.p, m->ssp.n);
            p += 2 + m->ssp.n;
        }
    }
    p[0] = 0x80; p[1] = 0x80; p[2] = 0x82;
    memcpy(p + 3, c->key.p, 32);
    p += 35;
    p[0] = 0x80; p[1] = 0x80;
    memcpy(p + 2, c->r.p, 32);
    memcpy(p + 34, c->s.p, 32);
    p += 66;
    *len = (size_t)(p - buf);
    return 0;
}

/* ------------------------------------------------------------------ a general hand-written decoder */

/* The floor above reads one layout. This decoder is written by hand as a
 * library would be: it decodes every Certificate, into asn1cc's own
 * Certificate and arena, as strictly as asn1cc (X.696's canonical forms,
 * the schema's constraints, UTF-8, an unbounded SEQUENCE OF). Every
 * CHOICE switches over its alternatives (alternatives of one type share
 * their code, as a person would write them) and every OPTIONAL is tested
 * by its own bit. What this certificate does not use -- GeographicRegion,
 * the group permissions, encryption keys, LinkageData, extension
 * alternatives and additions, long length forms, non-ASCII host names --
 * is decoded out of line by asn1cc's prefix decoder of its type, as a
 * library would put it in functions of its own; so the instructions that
 * run for this certificate are all hand-written. The row measures what
 * decoding the whole type costs over reading one layout. */
#define GEN_PREFIX(T, outp, p, e, a)                                              \
    do {                                                                           \
        size_t used_;                                                              \
        if (T##_oer_decode_prefix((outp), (p), (size_t)((e) - (p)), (a), &used_)) \
            return -1;                                                             \
        (p) += used_;                                                              \
    } while (0)

static uint16_t gen_be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t gen_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* n octets at p all below 0x80 (then they are UTF-8): from 8 octets on,
 * 8-octet loads, the last one overlapping. */
static bool gen_ascii(const uint8_t *p, size_t n)
{
    uint64_t a, b, acc = 0;
    if (n < 8) {
        uint8_t o = 0;
        for (size_t i = 0; i < n; i++)
            o |= p[i];
        return o < 0x80;
    }
    for (size_t i = 0; i + 16 <= n; i += 8) {
        memcpy(&a, p + i, 8);
        acc |= a;
    }
    memcpy(&a, p + (n >= 16 ? n - 16 : 0), 8);
    memcpy(&b, p + n - 8, 8);
    return ((acc | a | b) & UINT64_C(0x8080808080808080)) == 0;
}

/* EccP256CurvePoint (no extension marker): x-only, compressed-y-0 and -1
 * are OCTET STRING (SIZE (32)), fill NULL, uncompressedP256 two of them. */
static inline int gen_point(EccP256CurvePoint *o, const uint8_t **pp, const uint8_t *e)
{
    const uint8_t *p = *pp;
    if (p == e)
        return -1;
    switch (*p) {
    case 0x80:
    case 0x82:
    case 0x83:
        if (e - p < 33)
            return -1;
        o->present = *p == 0x80 ? EccP256CurvePoint_PR_x_only
                                : (EccP256CurvePoint_PR)(*p - 0x82 + EccP256CurvePoint_PR_compressed_y_0);
        o->u.x_only = (asn1rt_view){ p + 1, 32 };
        *pp = p + 33;
        return 0;
    case 0x81:
        o->present = EccP256CurvePoint_PR_fill;
        *pp = p + 1;
        return 0;
    case 0x84:
        if (e - p < 65)
            return -1;
        o->present = EccP256CurvePoint_PR_uncompressedP256;
        o->u.uncompressedP256.x = (asn1rt_view){ p + 1, 32 };
        o->u.uncompressedP256.y = (asn1rt_view){ p + 33, 32 };
        *pp = p + 65;
        return 0;
    default:
        return -1;
    }
}

/* One PsidSsp: its preamble, the PSID (INTEGER (0..MAX): a length, then
 * minimal unsigned octets; asn1cc keeps one with its top bit set behind a
 * zero octet in the arena, done here by the general decoder), the SSP. */
static inline int gen_psid_ssp(PsidSsp *o, const uint8_t **pp, const uint8_t *e, asn1rt_arena *a)
{
    const uint8_t *p = *pp;
    size_t n;
    if (e - p < 3 || (p[0] & 0x7F) != 0)
        return -1;
    n = p[1];
    if (n == 0 || n >= 0x80 || (size_t)(e - p - 2) < n || p[2] >= 0x80) {
        GEN_PREFIX(PsidSsp, o, p, e, a);
        *pp = p;
        return 0;
    }
    if (n > 1 && p[2] == 0 && p[3] < 0x80)
        return -1;
    o->ssp_present = p[0] != 0;
    o->psid = (asn1rt_bigint){ p + 2, n };
    p += 2 + n;
    if (o->ssp_present) {
        if (p == e)
            return -1;
        switch (*p) { /* ServiceSpecificPermissions */
        case 0x80:
            if (e - p < 2 || p[1] >= 0x80 || (size_t)(e - p - 2) < p[1]) {
                GEN_PREFIX(ServiceSpecificPermissions, &o->ssp, p, e, a);
                break;
            }
            o->ssp.present = ServiceSpecificPermissions_PR_opaque;
            o->ssp.u.opaque = (asn1rt_view){ p + 2, p[1] };
            p += 2 + p[1];
            break;
        default:
            GEN_PREFIX(ServiceSpecificPermissions, &o->ssp, p, e, a);
            break;
        }
    }
    *pp = p;
    return 0;
}

static int gen_tbs(ToBeSignedCertificate *t, const uint8_t **pp, const uint8_t *e, asn1rt_arena *a)
{
    const uint8_t *p = *pp;
    unsigned pre;
    if (e - p < 2)
        return -1;
    pre = p[0];
    if (pre & 0x80) { /* extension additions */
        GEN_PREFIX(ToBeSignedCertificate, t, p, e, a);
        *pp = p;
        return 0;
    }
    p++;
    switch (*p) { /* CertificateId */
    case 0x80:
        t->id.present = CertificateId_PR_linkageData;
        p++;
        GEN_PREFIX(LinkageData, &t->id.u.linkageData, p, e, a);
        break;
    case 0x81: { /* Hostname: UTF8String (SIZE (0..255)) */
        size_t n;
        if (e - p < 2 || p[1] >= 0x80 || (size_t)(e - p - 2) < (n = p[1]) || !gen_ascii(p + 2, n)) {
            GEN_PREFIX(CertificateId, &t->id, p, e, a);
            break;
        }
        t->id.present = CertificateId_PR_name;
        t->id.u.name = (asn1rt_view){ p + 2, n };
        p += 2 + n;
        break;
    }
    case 0x82: /* binaryId: OCTET STRING (SIZE (1..64)) */
        if (e - p < 2 || p[1] == 0 || p[1] > 64 || (size_t)(e - p - 2) < p[1])
            return -1;
        t->id.present = CertificateId_PR_binaryId;
        t->id.u.binaryId = (asn1rt_view){ p + 2, p[1] };
        p += 2 + p[1];
        break;
    case 0x83:
        t->id.present = CertificateId_PR_none;
        p++;
        break;
    default:
        GEN_PREFIX(CertificateId, &t->id, p, e, a);
        break;
    }
    if (e - p < 12)
        return -1;
    t->cracaId = (asn1rt_view){ p, 3 };
    t->crlSeries = gen_be16(p + 3);
    t->validityPeriod.start = gen_be32(p + 5);
    if (p[9] < 0x80 || p[9] > 0x86) /* Duration: seven Uint16 alternatives */
        return -1;
    t->validityPeriod.duration.present = (Duration_PR)(p[9] - 0x80 + Duration_PR_microseconds);
    t->validityPeriod.duration.u.microseconds = gen_be16(p + 10);
    p += 12;
    if ((t->region_present = (pre & 0x40) != 0))
        GEN_PREFIX(GeographicRegion, &t->region, p, e, a);
    if ((t->assuranceLevel_present = (pre & 0x20) != 0)) {
        if (p == e)
            return -1;
        t->assuranceLevel = (asn1rt_view){ p, 1 };
        p++;
    }
    if ((t->appPermissions_present = (pre & 0x10) != 0)) {
        if (e - p < 2 || p[0] != 1) { /* a quantity of more than one octet */
            GEN_PREFIX(SequenceOfPsidSsp, &t->appPermissions, p, e, a);
        } else {
            size_t n = p[1];
            PsidSsp *items = NULL;
            p += 2;
            if (n != 0) { /* each item takes 3 octets at least */
                size_t pad;
                if (a == NULL || a->buf == NULL || n > (size_t)(e - p) / 3)
                    return -1;
                pad = (size_t)(-(uintptr_t)(a->buf + a->used)) & (_Alignof(PsidSsp) - 1);
                if (a->cap - a->used < pad + n * sizeof *items)
                    return -1;
                items = (PsidSsp *)(void *)(a->buf + a->used + pad);
                a->used += pad + n * sizeof *items;
                for (size_t i = 0; i < n; i++)
                    if (gen_psid_ssp(&items[i], &p, e, a))
                        return -1;
            }
            t->appPermissions.raw = (asn1rt_view){ NULL, 0 };
            t->appPermissions.items = items;
            t->appPermissions.count = n;
        }
    }
    if ((t->certIssuePermissions_present = (pre & 0x08) != 0))
        GEN_PREFIX(SequenceOfPsidGroupPermissions, &t->certIssuePermissions, p, e, a);
    if ((t->certRequestPermissions_present = (pre & 0x04) != 0))
        GEN_PREFIX(SequenceOfPsidGroupPermissions, &t->certRequestPermissions, p, e, a);
    t->canRequestRollover_present = (pre & 0x02) != 0;
    if ((t->encryptionKey_present = (pre & 0x01) != 0))
        GEN_PREFIX(PublicEncryptionKey, &t->encryptionKey, p, e, a);
    if (e - p < 2)
        return -1;
    switch (*p) { /* VerificationKeyIndicator */
    case 0x80:
        t->verifyKeyIndicator.present = VerificationKeyIndicator_PR_verificationKey;
        p++;
        switch (*p) { /* PublicVerificationKey: two EccP256CurvePoint alternatives in the root */
        case 0x80:
        case 0x81:
            t->verifyKeyIndicator.u.verificationKey.present =
                *p == 0x80 ? PublicVerificationKey_PR_ecdsaNistP256 : PublicVerificationKey_PR_ecdsaBrainpoolP256r1;
            p++;
            if (gen_point(&t->verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256, &p, e))
                return -1;
            break;
        default:
            GEN_PREFIX(PublicVerificationKey, &t->verifyKeyIndicator.u.verificationKey, p, e, a);
            break;
        }
        break;
    case 0x81:
        t->verifyKeyIndicator.present = VerificationKeyIndicator_PR_reconstructionValue;
        p++;
        if (gen_point(&t->verifyKeyIndicator.u.reconstructionValue, &p, e))
            return -1;
        break;
    default:
        GEN_PREFIX(VerificationKeyIndicator, &t->verifyKeyIndicator, p, e, a);
        break;
    }
    t->unknown_ext = (asn1rt_view){ NULL, 0 };
    *pp = p;
    return 0;
}

static int gen_cert_body(Certificate *c, const uint8_t *p, const uint8_t *e, asn1rt_arena *a)
{
    unsigned pre;
    if (e - p < 4 || (p[0] & 0x7F) != 0 || p[1] != 3 || p[2] >= 0x80)
        return -1;
    pre = p[0];
    c->version = 3;
    c->type = (CertificateType)p[2]; /* extensible: any short-form value */
    p += 3;
    switch (*p) { /* IssuerIdentifier */
    case 0x80:
        if (e - p < 9)
            return -1;
        c->issuer.present = IssuerIdentifier_PR_sha256AndDigest;
        c->issuer.u.sha256AndDigest = (asn1rt_view){ p + 1, 8 };
        p += 9;
        break;
    case 0x81:
        if (e - p < 2 || p[1] >= 0x80)
            return -1;
        c->issuer.present = IssuerIdentifier_PR_self;
        c->issuer.u.self = (HashAlgorithm)p[1];
        p += 2;
        break;
    default:
        GEN_PREFIX(IssuerIdentifier, &c->issuer, p, e, a);
        break;
    }
    if (gen_tbs(&c->toBeSigned, &p, e, a))
        return -1;
    if ((c->signature_present = (pre & 0x80) != 0)) {
        if (e - p < 2)
            return -1;
        switch (*p) { /* Signature: two EcdsaP256Signature alternatives in the root */
        case 0x80:
        case 0x81:
            c->signature.present =
                *p == 0x80 ? Signature_PR_ecdsaNistP256Signature : Signature_PR_ecdsaBrainpoolP256r1Signature;
            p++;
            if (gen_point(&c->signature.u.ecdsaNistP256Signature.rSig, &p, e) || e - p < 32)
                return -1;
            c->signature.u.ecdsaNistP256Signature.sSig = (asn1rt_view){ p, 32 };
            p += 32;
            break;
        default:
            GEN_PREFIX(Signature, &c->signature, p, e, a);
            break;
        }
    }
    return p == e ? 0 : -1;
}

static int gen_cert_decode(Certificate *c, const uint8_t *in, size_t n, asn1rt_arena *a)
{
    size_t mark = a ? a->used : 0;
    if (gen_cert_body(c, in, in + n, a) == 0)
        return 0;
    if (a)
        a->used = mark;
    if (n >= 3 && in[2] >= 0x80) /* a CertificateType in the long form */
        return Certificate_oer_decode(c, in, n, a);
    return -1;
}
#undef GEN_PREFIX

/* The same for encoding: by hand, every Certificate from asn1cc's
 * Certificate, canonical OER front to back, with asn1cc's checks of the
 * value (the single value of version, fixed sizes, Hostname's SIZE, a
 * PSID's sign); every CHOICE switched, every OPTIONAL by its flag, what
 * this certificate does not use written by asn1cc's encoder of its type. */
#define GENC_TYPE(T, v, p, e)                                        \
    do {                                                             \
        size_t used_;                                                \
        if (T##_oer_encode((v), (p), (size_t)((e) - (p)), &used_)) \
            return -1;                                               \
        (p) += used_;                                                \
    } while (0)

static inline void genc_be16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

/* A view of exactly n octets after a one-octet tag. */
static inline int genc_tagged(uint8_t **pp, uint8_t *e, uint8_t tag, asn1rt_view v, size_t n)
{
    uint8_t *p = *pp;
    if (v.len != n || v.ptr == NULL || (size_t)(e - p) < n + 1)
        return -1;
    p[0] = tag;
    memcpy(p + 1, v.ptr, n);
    *pp = p + 1 + n;
    return 0;
}

/* A one-octet length (below 128) and the octets. */
static inline int genc_short(uint8_t **pp, uint8_t *e, asn1rt_view v)
{
    uint8_t *p = *pp;
    if (v.len >= 0x80 || (v.ptr == NULL && v.len != 0) || (size_t)(e - p) < v.len + 1)
        return -1;
    p[0] = (uint8_t)v.len;
    if (v.len != 0)
        memcpy(p + 1, v.ptr, v.len);
    *pp = p + 1 + v.len;
    return 0;
}

static inline int genc_point(const EccP256CurvePoint *o, uint8_t **pp, uint8_t *e)
{
    switch (o->present) {
    case EccP256CurvePoint_PR_x_only:
    case EccP256CurvePoint_PR_compressed_y_0:
    case EccP256CurvePoint_PR_compressed_y_1:
        return genc_tagged(pp, e, (uint8_t)(0x80 + o->present - EccP256CurvePoint_PR_x_only), o->u.x_only, 32);
    case EccP256CurvePoint_PR_fill:
        if (*pp == e)
            return -1;
        *(*pp)++ = 0x81;
        return 0;
    case EccP256CurvePoint_PR_uncompressedP256:
        if (o->u.uncompressedP256.y.len != 32 || o->u.uncompressedP256.y.ptr == NULL ||
            genc_tagged(pp, e, 0x84, o->u.uncompressedP256.x, 32) || e - *pp < 32)
            return -1;
        memcpy(*pp, o->u.uncompressedP256.y.ptr, 32);
        *pp += 32;
        return 0;
    default:
        return -1;
    }
}

static inline int genc_psid_ssp(const PsidSsp *o, uint8_t **pp, uint8_t *e)
{
    uint8_t *p = *pp;
    asn1rt_view u = o->psid;
    if (u.len == 0 || u.len >= 0x80 || u.ptr == NULL || (u.ptr[0] == 0 && u.len > 1) || u.ptr[0] >= 0x80) {
        GENC_TYPE(PsidSsp, o, p, e); /* a sign, a leading zero, a long PSID */
        *pp = p;
        return 0;
    }
    if ((size_t)(e - p) < u.len + 2)
        return -1;
    p[0] = o->ssp_present ? 0x80 : 0;
    p[1] = (uint8_t)u.len;
    memcpy(p + 2, u.ptr, u.len);
    p += 2 + u.len;
    if (o->ssp_present) {
        switch (o->ssp.present) {
        case ServiceSpecificPermissions_PR_opaque:
            if (o->ssp.u.opaque.len < 0x80) {
                if (p == e)
                    return -1;
                *p++ = 0x80;
                if (genc_short(&p, e, o->ssp.u.opaque))
                    return -1;
                break;
            }
            GENC_TYPE(ServiceSpecificPermissions, &o->ssp, p, e);
            break;
        default:
            GENC_TYPE(ServiceSpecificPermissions, &o->ssp, p, e);
            break;
        }
    }
    *pp = p;
    return 0;
}

static int genc_tbs(const ToBeSignedCertificate *t, uint8_t **pp, uint8_t *e)
{
    uint8_t *p = *pp;
    if (t->unknown_ext.len != 0 || p == e)
        return -1;
    *p++ = (uint8_t)(t->region_present << 6 | t->assuranceLevel_present << 5 | t->appPermissions_present << 4 |
                     t->certIssuePermissions_present << 3 | t->certRequestPermissions_present << 2 |
                     t->canRequestRollover_present << 1 | t->encryptionKey_present);
    switch (t->id.present) {
    case CertificateId_PR_name: /* Hostname: UTF8String (SIZE (0..255)), characters never more than octets */
        if (t->id.u.name.len >= 0x80 || p == e) {
            GENC_TYPE(CertificateId, &t->id, p, e);
            break;
        }
        *p++ = 0x81;
        if (genc_short(&p, e, t->id.u.name))
            return -1;
        break;
    case CertificateId_PR_binaryId:
        if (t->id.u.binaryId.len == 0 || t->id.u.binaryId.len > 64 || p == e)
            return -1;
        *p++ = 0x82;
        if (genc_short(&p, e, t->id.u.binaryId))
            return -1;
        break;
    case CertificateId_PR_none:
        if (p == e)
            return -1;
        *p++ = 0x83;
        break;
    default:
        GENC_TYPE(CertificateId, &t->id, p, e);
        break;
    }
    if (t->cracaId.len != 3 || t->cracaId.ptr == NULL || e - p < 12)
        return -1;
    memcpy(p, t->cracaId.ptr, 3);
    genc_be16(p + 3, t->crlSeries);
    genc_be16(p + 5, (uint16_t)(t->validityPeriod.start >> 16));
    genc_be16(p + 7, (uint16_t)t->validityPeriod.start);
    if (t->validityPeriod.duration.present < Duration_PR_microseconds || t->validityPeriod.duration.present > Duration_PR_years)
        return -1;
    p[9] = (uint8_t)(0x80 + t->validityPeriod.duration.present - Duration_PR_microseconds);
    genc_be16(p + 10, t->validityPeriod.duration.u.microseconds);
    p += 12;
    if (t->region_present)
        GENC_TYPE(GeographicRegion, &t->region, p, e);
    if (t->assuranceLevel_present) {
        if (t->assuranceLevel.len != 1 || t->assuranceLevel.ptr == NULL || p == e)
            return -1;
        *p++ = t->assuranceLevel.ptr[0];
    }
    if (t->appPermissions_present) {
        const SequenceOfPsidSsp *l = &t->appPermissions;
        if (l->items == NULL && l->count != 0)
            return -1;
        if (l->count > 255) {
            GENC_TYPE(SequenceOfPsidSsp, l, p, e);
        } else {
            if (e - p < 2)
                return -1;
            p[0] = 1;
            p[1] = (uint8_t)l->count;
            p += 2;
            for (size_t i = 0; i < l->count; i++)
                if (genc_psid_ssp(&l->items[i], &p, e))
                    return -1;
        }
    }
    if (t->certIssuePermissions_present)
        GENC_TYPE(SequenceOfPsidGroupPermissions, &t->certIssuePermissions, p, e);
    if (t->certRequestPermissions_present)
        GENC_TYPE(SequenceOfPsidGroupPermissions, &t->certRequestPermissions, p, e);
    if (t->encryptionKey_present)
        GENC_TYPE(PublicEncryptionKey, &t->encryptionKey, p, e);
    switch (t->verifyKeyIndicator.present) {
    case VerificationKeyIndicator_PR_verificationKey: {
        const PublicVerificationKey *k = &t->verifyKeyIndicator.u.verificationKey;
        switch (k->present) {
        case PublicVerificationKey_PR_ecdsaNistP256:
        case PublicVerificationKey_PR_ecdsaBrainpoolP256r1:
            if (e - p < 2)
                return -1;
            p[0] = 0x80;
            p[1] = k->present == PublicVerificationKey_PR_ecdsaNistP256 ? 0x80 : 0x81;
            p += 2;
            if (genc_point(&k->u.ecdsaNistP256, &p, e))
                return -1;
            break;
        default:
            if (p == e)
                return -1;
            *p++ = 0x80;
            GENC_TYPE(PublicVerificationKey, k, p, e);
            break;
        }
        break;
    }
    case VerificationKeyIndicator_PR_reconstructionValue:
        if (p == e)
            return -1;
        *p++ = 0x81;
        if (genc_point(&t->verifyKeyIndicator.u.reconstructionValue, &p, e))
            return -1;
        break;
    default:
        GENC_TYPE(VerificationKeyIndicator, &t->verifyKeyIndicator, p, e);
        break;
    }
    *pp = p;
    return 0;
}

static int genc_cert_encode(const Certificate *c, uint8_t *buf, size_t cap, size_t *len)
{
    uint8_t *p = buf, *e = buf + cap;
    if (c->version != 3 || (uint32_t)c->type >= 0x80)
        return Certificate_oer_encode(c, buf, cap, len); /* a refusal, or the long form of an enumeration */
    if (cap < 3)
        return -1;
    p[0] = c->signature_present ? 0x80 : 0;
    p[1] = 3;
    p[2] = (uint8_t)c->type;
    p += 3;
    switch (c->issuer.present) {
    case IssuerIdentifier_PR_sha256AndDigest:
        if (genc_tagged(&p, e, 0x80, c->issuer.u.sha256AndDigest, 8))
            return -1;
        break;
    case IssuerIdentifier_PR_self:
        if ((uint32_t)c->issuer.u.self >= 0x80) { /* the long form */
            GENC_TYPE(IssuerIdentifier, &c->issuer, p, e);
            break;
        }
        if (e - p < 2)
            return -1;
        p[0] = 0x81;
        p[1] = (uint8_t)c->issuer.u.self;
        p += 2;
        break;
    default:
        GENC_TYPE(IssuerIdentifier, &c->issuer, p, e);
        break;
    }
    if (genc_tbs(&c->toBeSigned, &p, e))
        return -1;
    if (c->signature_present) {
        const Signature *s = &c->signature;
        switch (s->present) {
        case Signature_PR_ecdsaNistP256Signature:
        case Signature_PR_ecdsaBrainpoolP256r1Signature:
            if (p == e)
                return -1;
            *p++ = s->present == Signature_PR_ecdsaNistP256Signature ? 0x80 : 0x81;
            if (genc_point(&s->u.ecdsaNistP256Signature.rSig, &p, e) || s->u.ecdsaNistP256Signature.sSig.len != 32 ||
                s->u.ecdsaNistP256Signature.sSig.ptr == NULL || e - p < 32)
                return -1;
            memcpy(p, s->u.ecdsaNistP256Signature.sSig.ptr, 32);
            p += 32;
            break;
        default:
            GENC_TYPE(Signature, s, p, e);
            break;
        }
    }
    *len = (size_t)(p - buf);
    return 0;
}
#undef GENC_TYPE

/* ------------------------------------------------------------------ the SPDU */

static uint8_t g_cam_uper[128];
static size_t g_cam_uper_len;
static const uint8_t DIGEST[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

/* Every layer, innermost first, each into its own part of buf. */
static int spdu_encode(uint8_t *buf, size_t cap, size_t *len)
{
    uint8_t *content = buf, *inner = buf + 160, *sdp = buf + 320, *tbsd = buf + 480, *sd = buf + 640, *c2 = buf + 800,
            *out = buf + 960;
    size_t cn, in_n, sdp_n, tbsd_n, sd_n, c2_n;
    Ieee1609Dot2Content ct;
    Ieee1609Dot2Data d;
    SignedDataPayload p;
    ToBeSignedData t;
    SignedData s;
    int rc = 0;
    if (cap < 1120)
        return -1;
    ct.present = Ieee1609Dot2Content_PR_unsecuredData;
    ct.u.unsecuredData = (asn1rt_view){ g_cam_uper, g_cam_uper_len };
    rc |= Ieee1609Dot2Content_oer_encode(&ct, content, 160, &cn);
    d.protocolVersion = 3;
    d.content = (asn1rt_view){ content, cn };
    rc |= Ieee1609Dot2Data_oer_encode(&d, inner, 160, &in_n);
    SignedDataPayload_init(&p);
    p.data_present = true;
    p.data = (asn1rt_view){ inner, in_n };
    rc |= SignedDataPayload_oer_encode(&p, sdp, 160, &sdp_n);
    ToBeSignedData_init(&t);
    t.payload = (asn1rt_view){ sdp, sdp_n };
    t.headerInfo.psid = (asn1rt_bigint){ PSID_CAM, 1 };
    t.headerInfo.generationTime_present = true;
    t.headerInfo.generationTime = UINT64_C(600000000000000);
    rc |= ToBeSignedData_oer_encode(&t, tbsd, 160, &tbsd_n);
    SignedData_init(&s);
    s.hashId = HashAlgorithm_sha256;
    s.tbsData = (asn1rt_view){ tbsd, tbsd_n };
    s.signer.present = SignerIdentifier_PR_digest;
    s.signer.u.digest = (asn1rt_view){ DIGEST, 8 };
    s.signature.present = Signature_PR_ecdsaNistP256Signature;
    s.signature.u.ecdsaNistP256Signature.rSig.present = EccP256CurvePoint_PR_x_only;
    s.signature.u.ecdsaNistP256Signature.rSig.u.x_only = (asn1rt_view){ g_r, 32 };
    s.signature.u.ecdsaNistP256Signature.sSig = (asn1rt_view){ g_s, 32 };
    rc |= SignedData_oer_encode(&s, sd, 160, &sd_n);
    ct.present = Ieee1609Dot2Content_PR_signedData;
    ct.u.signedData = (asn1rt_view){ sd, sd_n };
    rc |= Ieee1609Dot2Content_oer_encode(&ct, c2, 160, &c2_n);
    d.content = (asn1rt_view){ c2, c2_n };
    rc |= Ieee1609Dot2Data_oer_encode(&d, out, 160, len);
    return rc;
}

/* The receiver's walk: every layer down to the CAM's octets. */
static int spdu_decode(const uint8_t *in, size_t n, asn1rt_view *cam)
{
    Ieee1609Dot2Data d, di;
    Ieee1609Dot2Content c, ci;
    SignedData s;
    ToBeSignedData t;
    SignedDataPayload p;
    int rc = Ieee1609Dot2Data_oer_decode(&d, in, n, NULL);
    rc |= Ieee1609Dot2Content_oer_decode(&c, d.content.ptr, d.content.len, NULL);
    if (rc || c.present != Ieee1609Dot2Content_PR_signedData)
        return -1;
    rc |= SignedData_oer_decode(&s, c.u.signedData.ptr, c.u.signedData.len, NULL);
    rc |= ToBeSignedData_oer_decode(&t, s.tbsData.ptr, s.tbsData.len, NULL);
    rc |= SignedDataPayload_oer_decode(&p, t.payload.ptr, t.payload.len, NULL);
    if (rc || !p.data_present)
        return -1;
    rc |= Ieee1609Dot2Data_oer_decode(&di, p.data.ptr, p.data.len, NULL);
    rc |= Ieee1609Dot2Content_oer_decode(&ci, di.content.ptr, di.content.len, NULL);
    if (rc || ci.present != Ieee1609Dot2Content_PR_unsecuredData)
        return -1;
    *cam = ci.u.unsecuredData;
    return 0;
}

/* ------------------------------------------------------------------ the cases */

static Certificate g_cert;
static PsidSsp g_perms[2];
static hand_cert g_hand;
static cam_CAM g_cam;
static uint8_t g_cert_oer[256], g_cam_oer[128], g_spdu[256];
static size_t g_cert_len, g_cam_oer_len, g_spdu_len;
static uint8_t g_arena_buf[1024];

/* One timed case: expr, iters times, on o (bench_slot kind, so that where
 * the output lives varies by round alike for every case); a non-zero
 * result marks a failure. Allocations are counted only in here. */
#define TIMED(name, kind, type, size, expr)                                    \
    static uint64_t name(void *ctx, uint64_t iters)                           \
    {                                                                         \
        uint64_t acc = 0;                                                     \
        type *o = bench_slot(kind, size);                                     \
        size_t len;                                                           \
        (void)ctx;                                                            \
        g_counting = true;                                                    \
        for (uint64_t i = 0; i < iters; i++) {                                \
            acc |= (uint64_t)((expr) != 0);                                   \
            bench_escape(o);                                                  \
        }                                                                     \
        g_counting = false;                                                   \
        (void)len;                                                            \
        return acc;                                                           \
    }

/* A decoded certificate's appPermissions take the arena: a fresh one each time. */
static int cert_decode_asn1cc(Certificate *c)
{
    asn1rt_arena a;
    int rc = asn1rt_arena_init(&a, g_arena_buf, sizeof g_arena_buf);
    return rc | Certificate_oer_decode(c, g_cert_oer, g_cert_len, &a);
}

TIMED(cert_enc_asn1cc, 0, uint8_t, 256, Certificate_oer_encode(&g_cert, o, 256, &len))
TIMED(cert_enc_general, 0, uint8_t, 256, genc_cert_encode(&g_cert, o, 256, &len))
TIMED(cert_enc_hand, 0, uint8_t, 256, hand_cert_encode(&g_hand, o, 256, &len))
TIMED(cert_dec_asn1cc, 1, Certificate, sizeof(Certificate), cert_decode_asn1cc(o))
static int cert_decode_general(Certificate *c)
{
    asn1rt_arena a;
    int rc = asn1rt_arena_init(&a, g_arena_buf, sizeof g_arena_buf);
    return rc | gen_cert_decode(c, g_cert_oer, g_cert_len, &a);
}

TIMED(cert_dec_general, 1, Certificate, sizeof(Certificate), cert_decode_general(o))
TIMED(cert_dec_hand, 1, hand_cert, sizeof(hand_cert), hand_cert_decode(o, g_cert_oer, g_cert_len))
TIMED(cam_enc_oer, 0, uint8_t, 128, cam_CAM_oer_encode(&g_cam, o, 128, &len))
TIMED(cam_enc_uper, 0, uint8_t, 128, cam_CAM_uper_encode(&g_cam, o, 128, &len))
TIMED(cam_dec_oer, 1, cam_CAM, sizeof(cam_CAM), cam_CAM_oer_decode(o, g_cam_oer, g_cam_oer_len, NULL))
TIMED(cam_dec_uper, 1, cam_CAM, sizeof(cam_CAM), cam_CAM_uper_decode(o, g_cam_uper, g_cam_uper_len, NULL))
TIMED(spdu_enc, 0, uint8_t, 1200, spdu_encode(o, 1200, &len))
TIMED(spdu_dec, 1, asn1rt_view, sizeof(asn1rt_view), spdu_decode(g_spdu, g_spdu_len, o))

/* The whole-type decoder gives asn1cc's value for the certificate and for
 * variants that take its other paths (every one of its own alternatives
 * and the general decoder's), and refuses what asn1cc refuses: every
 * truncation, and every single-octet change that asn1cc refuses. */
static bool decoders_agree(const uint8_t *in, size_t len)
{
    static Certificate want, got;
    asn1rt_arena a, b;
    int w, g;
    memset(&want, 0, sizeof want);
    memset(&got, 0, sizeof got);
    if (asn1rt_arena_init(&a, g_arena_buf, sizeof g_arena_buf / 2) ||
        asn1rt_arena_init(&b, g_arena_buf + sizeof g_arena_buf / 2, sizeof g_arena_buf / 2))
        return false;
    w = Certificate_oer_decode(&want, in, len, &a);
    g = gen_cert_decode(&got, in, len, &b);
    return (w != 0) == (g != 0) && (w != 0 || Certificate_equal(&want, &got));
}

static int general_agrees(void)
{
    static const struct { uint8_t id, key, sig, issuer; } shapes[] = {
        { CertificateId_PR_name, EccP256CurvePoint_PR_compressed_y_0, EccP256CurvePoint_PR_x_only, IssuerIdentifier_PR_self },
        { CertificateId_PR_binaryId, EccP256CurvePoint_PR_compressed_y_1, EccP256CurvePoint_PR_fill, IssuerIdentifier_PR_sha256AndDigest },
        { CertificateId_PR_none, EccP256CurvePoint_PR_uncompressedP256, EccP256CurvePoint_PR_compressed_y_1, IssuerIdentifier_PR_self },
        { CertificateId_PR_name, EccP256CurvePoint_PR_x_only, EccP256CurvePoint_PR_uncompressedP256, IssuerIdentifier_PR_sha384AndDigest },
    };
    static const char long_name[] = "a-host-name-of-more-than-sixteen-octets.example";
    static const char utf8_name[] = "h\xC3\xB4te.example";
    uint8_t buf[256], mut[256];
    size_t n, len_g;
    PsidSsp perms[2];
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0] * 2; k++) {
        Certificate c;
        cert_value(&c, perms);
        ToBeSignedCertificate *t = &c.toBeSigned;
        t->id.present = (CertificateId_PR)shapes[k / 2].id;
        if (t->id.present == CertificateId_PR_binaryId)
            t->id.u.binaryId = (asn1rt_view){ g_key, 9 };
        else if (t->id.present == CertificateId_PR_name && k % 2)
            t->id.u.name = (asn1rt_view){ (const uint8_t *)(k == 1 ? long_name : utf8_name), k == 1 ? sizeof long_name - 1 : sizeof utf8_name - 1 };
        EccP256CurvePoint *key = &t->verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256, *r = &c.signature.u.ecdsaNistP256Signature.rSig;
        key->present = (EccP256CurvePoint_PR)shapes[k / 2].key;
        r->present = (EccP256CurvePoint_PR)shapes[k / 2].sig;
        key->u.uncompressedP256 = (EccP256CurvePoint_uncompressedP256){ { g_key, 32 }, { g_r, 32 } };
        r->u.uncompressedP256 = (EccP256CurvePoint_uncompressedP256){ { g_r, 32 }, { g_s, 32 } };
        c.issuer.present = (IssuerIdentifier_PR)shapes[k / 2].issuer;
        if (c.issuer.present != IssuerIdentifier_PR_self)
            c.issuer.u.sha256AndDigest = (asn1rt_view){ g_key, 8 };
        if (k % 2) { /* the other components: assurance, rollover, no ssp, the verification key of the other curve */
            t->assuranceLevel_present = true;
            t->assuranceLevel = (asn1rt_view){ g_ssp, 1 };
            t->canRequestRollover_present = true;
            perms[0].ssp_present = false;
            t->verifyKeyIndicator.u.verificationKey.present = PublicVerificationKey_PR_ecdsaBrainpoolP256r1;
            c.signature.present = Signature_PR_ecdsaBrainpoolP256r1Signature;
        }
        if (Certificate_oer_encode(&c, buf, sizeof buf, &n) || genc_cert_encode(&c, mut, sizeof mut, &len_g) ||
            len_g != n || memcmp(mut, buf, n) != 0)
            return -1;
        for (size_t cap = 0; cap < n; cap++)
            if (genc_cert_encode(&c, mut, cap, &len_g) == 0)
                return -1;
        for (unsigned spoil = 0; spoil < 6; spoil++) { /* values asn1cc refuses to encode */
            Certificate bad = c;
            PsidSsp bad_perm = perms[0];
            bad.toBeSigned.appPermissions.items = &bad_perm;
            bad.toBeSigned.appPermissions.count = 1;
            switch (spoil) {
            case 0: bad.version = 2; break;
            case 1: bad.toBeSigned.cracaId.len = 2; break;
            case 2: bad.toBeSigned.verifyKeyIndicator.u.verificationKey.u.ecdsaNistP256.u.x_only.len = 31; break;
            case 3: bad_perm.psid = (asn1rt_bigint){ g_key + 8, 1 }; break; /* 0x8B: negative */
            case 4: bad.signature.u.ecdsaNistP256Signature.sSig.len = 33; break;
            default: bad.toBeSigned.validityPeriod.duration.present = (Duration_PR)9; break;
            }
            if (Certificate_oer_encode(&bad, mut, sizeof mut, &len_g) == 0 || genc_cert_encode(&bad, mut, sizeof mut, &len_g) == 0)
                return -1;
        }
        for (size_t len = 0; len <= n; len++)
            if (!decoders_agree(buf, len))
                return -1;
        for (size_t i = 0; i < n; i++) /* one octet changed at a time */
            for (unsigned bit = 0; bit < 8; bit++) {
                memcpy(mut, buf, n);
                mut[i] ^= (uint8_t)(1u << bit);
                if (!decoders_agree(mut, n)) {
                    fprintf(stderr, "shape %zu octet %zu bit %u: asn1cc and the whole-type decoder disagree\n", k, i, bit);
                    return -1;
                }
            }
    }
    return 0;
}

/* The values, their encodings, and the floor's agreement with asn1cc. */
static int setup(void)
{
    uint8_t hbuf[256], sbuf[1200];
    size_t hn, sn;
    asn1rt_view cam;
    cam_CAM back;
    for (int i = 0; i < 32; i++) {
        g_key[i] = (uint8_t)(0x11 * i + 3);
        g_r[i] = (uint8_t)(0x35 * i + 1);
        g_s[i] = (uint8_t)(0x5B * i + 7);
    }
    cert_value(&g_cert, g_perms);
    cam_value(&g_cam);
    if (Certificate_check(&g_cert) || Certificate_oer_encode(&g_cert, g_cert_oer, sizeof g_cert_oer, &g_cert_len) ||
        hand_cert_decode(&g_hand, g_cert_oer, g_cert_len) || hand_cert_encode(&g_hand, hbuf, sizeof hbuf, &hn) ||
        hn != g_cert_len || memcmp(hbuf, g_cert_oer, hn) != 0) {
        fprintf(stderr, "bench-oer: the hand-written certificate codec disagrees with asn1cc\n");
        return -1;
    }
    if (general_agrees() != 0) {
        fprintf(stderr, "bench-oer: the whole-type hand-written decoder disagrees with asn1cc\n");
        return -1;
    }
    if (cam_CAM_check(&g_cam) || cam_CAM_oer_encode(&g_cam, g_cam_oer, sizeof g_cam_oer, &g_cam_oer_len) ||
        cam_CAM_uper_encode(&g_cam, g_cam_uper, sizeof g_cam_uper, &g_cam_uper_len) ||
        cam_CAM_uper_decode(&back, g_cam_uper, g_cam_uper_len, NULL) || !cam_CAM_equal(&back, &g_cam) ||
        cam_CAM_oer_decode(&back, g_cam_oer, g_cam_oer_len, NULL) || !cam_CAM_equal(&back, &g_cam)) {
        fprintf(stderr, "bench-oer: the cam_CAM does not round-trip\n");
        return -1;
    }
    if (spdu_encode(sbuf, sizeof sbuf, &sn) || sn > sizeof g_spdu)
        return -1;
    memcpy(g_spdu, sbuf + 960, sn);
    g_spdu_len = sn;
    if (spdu_decode(g_spdu, g_spdu_len, &cam) || cam.len != g_cam_uper_len || memcmp(cam.ptr, g_cam_uper, cam.len) != 0) {
        fprintf(stderr, "bench-oer: the SPDU does not decode to its CAM\n");
        return -1;
    }
    return 0;
}

int main(void)
{
    bench_config cfg;
    bench_case cases[] = {
        { "certificate", "encode", "asn1cc OER", cert_enc_asn1cc, NULL, 0, NULL, 0, 0, 0 },
        { "certificate", "encode", "hand-written OER", cert_enc_hand, NULL, 0, NULL, 0, 0, 0 },
        { "certificate", "encode", "hand-written OER, whole type", cert_enc_general, NULL, 0, NULL, 0, 0, 0 },
        { "certificate", "decode", "asn1cc OER", cert_dec_asn1cc, NULL, 0, NULL, 0, 0, 0 },
        { "certificate", "decode", "hand-written OER", cert_dec_hand, NULL, 0, NULL, 0, 0, 0 },
        { "certificate", "decode", "hand-written OER, whole type", cert_dec_general, NULL, 0, NULL, 0, 0, 0 },
        { "CAM", "encode", "asn1cc OER", cam_enc_oer, NULL, 0, NULL, 0, 0, 0 },
        { "CAM", "encode", "asn1cc UPER", cam_enc_uper, NULL, 0, NULL, 0, 0, 0 },
        { "CAM", "decode", "asn1cc OER", cam_dec_oer, NULL, 0, NULL, 0, 0, 0 },
        { "CAM", "decode", "asn1cc UPER", cam_dec_uper, NULL, 0, NULL, 0, 0, 0 },
        { "signed CAM SPDU", "encode", "asn1cc OER", spdu_enc, NULL, 0, NULL, 0, 0, 0 },
        { "signed CAM SPDU", "decode", "asn1cc OER", spdu_dec, NULL, 0, NULL, 0, 0, 0 },
    };
    size_t n = sizeof cases / sizeof cases[0];
    if (setup() != 0)
        return 1;
    bench_config_default(&cfg);
    bench_banner(stdout, "bench-oer: canonical OER (X.696) on IEEE 1609.2 / TS 103 097 and the CAM", &cfg);
    printf("\nSizes: certificate %zu octets (OER), CAM %zu octets OER / %zu UPER, SPDU %zu octets.\n\n", g_cert_len,
           g_cam_oer_len, g_cam_uper_len, g_spdu_len);
    if (bench_run(cases, n, &cfg) != 0)
        return 1;
    unsigned long allocs = g_allocs;
    printf("| table | operation | implementation | median ns | min ns |\n|---|---|---|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        printf("| %s | %s | %s | %.1f | %.1f |\n", cases[i].table, cases[i].row, cases[i].impl, cases[i].median_ns,
               cases[i].min_ns);
    printf("\n| ratio (median of per-round ratios, 95%% interval) | value | goal |\n|---|---:|---|\n");
    static const struct { const char *table, *row, *a, *b, *goal; } ratios[] = {
        { "certificate", "encode", "asn1cc OER", "hand-written OER", "<= 1.3" },
        { "certificate", "encode", "hand-written OER, whole type", "hand-written OER", "(none)" },
        { "certificate", "encode", "asn1cc OER", "hand-written OER, whole type", "(none)" },
        { "certificate", "decode", "asn1cc OER", "hand-written OER", "<= 1.3" },
        { "certificate", "decode", "hand-written OER, whole type", "hand-written OER", "(none)" },
        { "certificate", "decode", "asn1cc OER", "hand-written OER, whole type", "(none)" },
        { "CAM", "encode", "asn1cc UPER", "asn1cc OER", ">= 2" },
        { "CAM", "decode", "asn1cc UPER", "asn1cc OER", ">= 2" },
    };
    for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; i++) {
        bench_ratio r = bench_paired_ratio(bench_find(cases, n, ratios[i].table, ratios[i].row, ratios[i].a),
                                           bench_find(cases, n, ratios[i].table, ratios[i].row, ratios[i].b));
        printf("| %s %s: %s / %s | %.2f [%.2f, %.2f] | %s |\n", ratios[i].table, ratios[i].row, ratios[i].a, ratios[i].b,
               r.median, r.lo, r.hi, ratios[i].goal);
    }
    printf("\nAllocations (malloc/calloc/realloc, wrapped at link time) during the timed runs: %lu\n", allocs);
    bench_free(cases, n);
    return 0;
}
