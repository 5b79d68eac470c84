/* ngap_icsr.c — bench-per's NGAP row (see ngap_icsr.h). The message is an
 * InitialContextSetupRequest at registration, the IEs an AMF sends then
 * (TS 38.413 9.2.2.1: no PDU session yet): the two UE NGAP IDs, the UE
 * aggregate maximum bit rate, GUAMI, two allowed S-NSSAIs, the UE security
 * capabilities, the 256-bit security key, the masked IMEISV and a NAS-PDU
 * (a Registration Accept; its 48 octets are NAS, opaque to NGAP). Each IE's
 * value is an open type: encoded on its own with its type's codec and
 * carried as octets, decoded again by the type its id selects. */
#include <stdio.h>
#include <string.h>

#include "ngap_icsr.h"

#include "ngap_constants.h"
#include "ngap_ies.h"
#include "ngap_pdu_contents.h"
#include "ngap_pdu_descriptions.h"

enum { ICSR_IES = 9 };

static const uint8_t plmn[3] = { 0x00, 0xf1, 0x10 };          /* MCC 001, MNC 01 */
static const uint8_t region[1] = { 0x02 }, set_id[2] = { 0x01, 0x00 }, pointer[1] = { 0x04 };
static const uint8_t dl[4] = { 0x3b, 0x9a, 0xca, 0x00 };      /* 1 000 000 000 bit/s */
static const uint8_t ul[4] = { 0x1d, 0xcd, 0x65, 0x00 };      /* 500 000 000 bit/s */
static const uint8_t sst[2][1] = { { 0x01 }, { 0x02 } }, sd[3] = { 0x00, 0x00, 0x01 };
static const uint8_t nr_alg[2] = { 0xe0, 0x00 }, eutra_alg[2] = { 0xe0, 0x00 };
static const uint8_t imeisv[8] = { 0x35, 0x30, 0x00, 0xff, 0xff, 0x12, 0x34, 0xf0 };
static uint8_t key[32], nas[48];

/* The typed values of the IEs (what a sender has before encoding). */
static struct {
    AMF_UE_NGAP_ID amf;
    RAN_UE_NGAP_ID ran;
    UEAggregateMaximumBitRate ambr;
    GUAMI guami;
    AllowedNSSAI nssai;
    UESecurityCapabilities sec;
    SecurityKey key;
    MaskedIMEISV imeisv;
    NAS_PDU nas;
} V;

#define ENC(T, v)                                                                              \
    static int enc_##T(bool al, uint8_t *buf, size_t cap, size_t *len)                         \
    {                                                                                          \
        return al ? T##_aper_encode(&(v), buf, cap, len) : T##_uper_encode(&(v), buf, cap, len); \
    }
ENC(AMF_UE_NGAP_ID, V.amf)
ENC(RAN_UE_NGAP_ID, V.ran)
ENC(UEAggregateMaximumBitRate, V.ambr)
ENC(GUAMI, V.guami)
ENC(AllowedNSSAI, V.nssai)
ENC(UESecurityCapabilities, V.sec)
ENC(SecurityKey, V.key)
ENC(MaskedIMEISV, V.imeisv)
ENC(NAS_PDU, V.nas)

/* TS 38.413 9.2.2.1: the ids and criticalities, in the order sent. */
static const struct {
    uint16_t id;
    Criticality crit;
    int (*enc)(bool al, uint8_t *buf, size_t cap, size_t *len);
} ies[ICSR_IES] = {
    { id_AMF_UE_NGAP_ID, Criticality_reject, enc_AMF_UE_NGAP_ID },
    { id_RAN_UE_NGAP_ID, Criticality_reject, enc_RAN_UE_NGAP_ID },
    { id_UEAggregateMaximumBitRate, Criticality_reject, enc_UEAggregateMaximumBitRate },
    { id_GUAMI, Criticality_reject, enc_GUAMI },
    { id_AllowedNSSAI, Criticality_reject, enc_AllowedNSSAI },
    { id_UESecurityCapabilities, Criticality_reject, enc_UESecurityCapabilities },
    { id_SecurityKey, Criticality_reject, enc_SecurityKey },
    { id_MaskedIMEISV, Criticality_ignore, enc_MaskedIMEISV },
    { id_NAS_PDU, Criticality_ignore, enc_NAS_PDU },
};

static void build_values(void)
{
    for (unsigned i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(0x5a ^ (i * 37u));
    nas[0] = 0x7e;   /* 5GMM, then a Registration Accept's octets (not decoded here) */
    nas[1] = 0x02;
    for (unsigned i = 2; i < sizeof nas; i++)
        nas[i] = (uint8_t)(i * 11u);

    V.amf = 0x0000000102;
    V.ran = 1;
    UEAggregateMaximumBitRate_init(&V.ambr);
    V.ambr.uEAggregateMaximumBitRateDL = (asn1rt_bigint){ dl, sizeof dl };
    V.ambr.uEAggregateMaximumBitRateUL = (asn1rt_bigint){ ul, sizeof ul };
    GUAMI_init(&V.guami);
    V.guami.pLMNIdentity = (asn1rt_view){ plmn, sizeof plmn };
    V.guami.aMFRegionID = (asn1rt_bits){ region, 1, 0 };
    V.guami.aMFSetID = (asn1rt_bits){ set_id, 2, 6 };
    V.guami.aMFPointer = (asn1rt_bits){ pointer, 1, 2 };
    AllowedNSSAI_init(&V.nssai);
    V.nssai.count = 2;
    for (unsigned i = 0; i < 2; i++) {
        AllowedNSSAI_Item_init(&V.nssai.items[i]);
        V.nssai.items[i].s_NSSAI.sST = (asn1rt_view){ sst[i], 1 };
    }
    V.nssai.items[1].s_NSSAI.sD = (asn1rt_view){ sd, sizeof sd };
    V.nssai.items[1].s_NSSAI.sD_present = true;
    UESecurityCapabilities_init(&V.sec);
    V.sec.nRencryptionAlgorithms = (asn1rt_bits){ nr_alg, 2, 0 };
    V.sec.nRintegrityProtectionAlgorithms = (asn1rt_bits){ nr_alg, 2, 0 };
    V.sec.eUTRAencryptionAlgorithms = (asn1rt_bits){ eutra_alg, 2, 0 };
    V.sec.eUTRAintegrityProtectionAlgorithms = (asn1rt_bits){ eutra_alg, 2, 0 };
    V.key = (asn1rt_bits){ key, sizeof key, 0 };
    V.imeisv = (asn1rt_bits){ imeisv, sizeof imeisv, 0 };
    V.nas = (asn1rt_view){ nas, sizeof nas };
}

int icsr_encode(bool al, uint8_t *out, size_t cap, size_t *len)
{
    static uint8_t ie_buf[ICSR_IES][128], msg[1024];
    InitialContextSetupRequest_protocolIEs_item items[ICSR_IES];
    InitialContextSetupRequest req;
    NGAP_PDU pdu;
    size_t n, msg_len;
    int rc;
    for (unsigned i = 0; i < ICSR_IES; i++) {
        if ((rc = ies[i].enc(al, ie_buf[i], sizeof ie_buf[i], &n)) != 0)
            return rc;
        items[i].id = ies[i].id;
        items[i].criticality = ies[i].crit;
        items[i].value = (asn1rt_view){ ie_buf[i], n };
    }
    req.protocolIEs.raw = (asn1rt_view){ NULL, 0 };
    req.protocolIEs.count = ICSR_IES;
    req.protocolIEs.items = items;
    req.unknown_ext = (asn1rt_view){ NULL, 0 };
    rc = al ? InitialContextSetupRequest_aper_encode(&req, msg, sizeof msg, &msg_len)
            : InitialContextSetupRequest_uper_encode(&req, msg, sizeof msg, &msg_len);
    if (rc != 0)
        return rc;
    pdu.present = NGAP_PDU_PR_initiatingMessage;
    pdu.u.initiatingMessage.procedureCode = id_InitialContextSetup;
    pdu.u.initiatingMessage.criticality = Criticality_reject;
    pdu.u.initiatingMessage.value = (asn1rt_view){ msg, msg_len };
    return al ? NGAP_PDU_aper_encode(&pdu, out, cap, len) : NGAP_PDU_uper_encode(&pdu, out, cap, len);
}

/* The decoded IEs of the last icsr_decode (icsr_setup compares them). */
static InitialContextSetupRequest_protocolIEs_item_value_open got[ICSR_IES];
static size_t got_n;

int icsr_decode(const icsr_bench *b, bool al, uint8_t *abuf, size_t cap)
{
    asn1rt_arena arena;
    NGAP_PDU pdu;
    InitialContextSetupRequest req;
    int rc;
    if ((rc = asn1rt_arena_init(&arena, abuf, cap)) != 0)
        return rc;
    rc = al ? NGAP_PDU_aper_decode(&pdu, b->aper, b->aper_len, &arena)
            : NGAP_PDU_uper_decode(&pdu, b->uper, b->uper_len, &arena);
    if (rc != 0)
        return rc;
    if (pdu.present != NGAP_PDU_PR_initiatingMessage || pdu.u.initiatingMessage.procedureCode != id_InitialContextSetup)
        return ASN1RT_E_NO_ALTERNATIVE;
    const asn1rt_view *v = &pdu.u.initiatingMessage.value;
    rc = al ? InitialContextSetupRequest_aper_decode(&req, v->ptr, v->len, &arena)
            : InitialContextSetupRequest_uper_decode(&req, v->ptr, v->len, &arena);
    if (rc != 0)
        return rc;
    if (req.protocolIEs.count > ICSR_IES)
        return ASN1RT_E_SIZE_CONSTRAINT;
    for (size_t i = 0; i < req.protocolIEs.count; i++) {
        const InitialContextSetupRequest_protocolIEs_item *ie = &req.protocolIEs.items[i];
        rc = al ? InitialContextSetupRequest_protocolIEs_item_value_aper_decode_open(ie, &got[i], &arena)
                : InitialContextSetupRequest_protocolIEs_item_value_uper_decode_open(ie, &got[i], &arena);
        if (rc != 0)
            return rc;
    }
    got_n = req.protocolIEs.count;
    return 0;
}

/* Whether got[] holds the values built, in order. */
static bool got_equal(void)
{
    typedef InitialContextSetupRequest_protocolIEs_item_value_open O;
    const O *g = got;
    if (got_n != ICSR_IES)
        return false;
#define KIND(k) InitialContextSetupRequest_protocolIEs_item_value_KIND_##k
    return g[0].kind == KIND(id_AMF_UE_NGAP_ID) && g[0].u.id_AMF_UE_NGAP_ID == V.amf &&
           g[1].kind == KIND(id_RAN_UE_NGAP_ID) && g[1].u.id_RAN_UE_NGAP_ID == V.ran &&
           g[2].kind == KIND(id_UEAggregateMaximumBitRate) &&
           UEAggregateMaximumBitRate_equal(&g[2].u.id_UEAggregateMaximumBitRate, &V.ambr) &&
           g[3].kind == KIND(id_GUAMI) && GUAMI_equal(&g[3].u.id_GUAMI, &V.guami) &&
           g[4].kind == KIND(id_AllowedNSSAI) && AllowedNSSAI_equal(&g[4].u.id_AllowedNSSAI, &V.nssai) &&
           g[5].kind == KIND(id_UESecurityCapabilities) &&
           UESecurityCapabilities_equal(&g[5].u.id_UESecurityCapabilities, &V.sec) &&
           g[6].kind == KIND(id_SecurityKey) && SecurityKey_equal(&g[6].u.id_SecurityKey, &V.key) &&
           g[7].kind == KIND(id_MaskedIMEISV) && MaskedIMEISV_equal(&g[7].u.id_MaskedIMEISV, &V.imeisv) &&
           g[8].kind == KIND(id_NAS_PDU) && NAS_PDU_equal(&g[8].u.id_NAS_PDU, &V.nas);
#undef KIND
}

int icsr_setup(icsr_bench *b, char *why, size_t cap)
{
    static uint8_t abuf[16384];
    const char *what = NULL;
    build_values();
    b->nies = ICSR_IES;
    if (icsr_encode(false, b->uper, sizeof b->uper, &b->uper_len) != 0)
        what = "UPER encode";
    else if (icsr_encode(true, b->aper, sizeof b->aper, &b->aper_len) != 0)
        what = "APER encode";
    else if (icsr_decode(b, false, abuf, sizeof abuf) != 0 || !got_equal())
        what = "UPER decode";
    else if (icsr_decode(b, true, abuf, sizeof abuf) != 0 || !got_equal())
        what = "APER decode";
    if (what != NULL) {
        snprintf(why, cap, "NGAP InitialContextSetupRequest: %s failed or differs", what);
        return 1;
    }
    return 0;
}
