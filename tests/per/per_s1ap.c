/* per_s1ap.c — an S1AP (3GPP TS 36.413) S1SetupRequest in an S1AP-PDU,
 * built from asn1cc's structs and APER-encoded, its octets printed in hex
 * for check-per-tshark (tests/per/tshark.sh checks that tshark's s1ap
 * dissector shows the values below). The C comes from
 *   asn1cc --encodings aper --pdu S1AP-PDU,S1SetupRequest \
 *          --pdu-view InitiatingMessage,SuccessfulOutcome,UnsuccessfulOutcome \
 *          schemas/3gpp/3gpp-36413-h30-S1AP.asn
 * Each IE's value is an open type: encoded on its own with its type's
 * T_aper_encode, the container holds those octets. Before printing, the
 * PDU is decoded again and each IE read back through the generated
 * T_aper_decode_open, so that what tshark reads is also what asn1cc reads. */
#include <stdio.h>
#include <string.h>

#include "s1ap_constants.h"
#include "s1ap_ies.h"
#include "s1ap_pdu_contents.h"
#include "s1ap_pdu_descriptions.h"

static const uint8_t plmn[3] = {0x00, 0xf1, 0x10};   /* MCC 001, MNC 01 */
static const uint8_t enb_id[3] = {0xab, 0xcd, 0xe0}; /* 20-bit macro eNB-ID ABCDE */
static const char enb_name[] = "asn1cc-eNB";
static const uint8_t tac[2] = {0x00, 0x01};

static int fail(const char *what, int rc)
{
    fprintf(stderr, "per_s1ap: %s: %s\n", what, asn1rt_strerror(rc));
    return 1;
}

/* Every step succeeds, or the program ends saying which did not. */
#define TRY(what, call)                  \
    do {                                 \
        int rc_ = (call);                \
        if (rc_ != 0)                    \
            return fail((what), rc_);    \
    } while (0)

int main(void)
{
    static uint8_t ie_buf[4][64], msg[256], pdu_buf[256], mem[4096];
    Global_ENB_ID g;
    ENBname name = {(const uint8_t *)enb_name, strlen(enb_name)};
    SupportedTAs tas;
    SupportedTAs_Item ta;
    PagingDRX drx = PagingDRX_v128;
    size_t len[4], ml, pl;

    Global_ENB_ID_init(&g);
    g.pLMNidentity = (asn1rt_view){plmn, sizeof plmn};
    g.eNB_ID.present = ENB_ID_PR_macroENB_ID;
    g.eNB_ID.u.macroENB_ID = (asn1rt_bits){enb_id, sizeof enb_id, 4};
    SupportedTAs_Item_init(&ta);
    ta.tAC = (asn1rt_view){tac, sizeof tac};
    ta.broadcastPLMNs.count = 1;
    ta.broadcastPLMNs.items[0] = (asn1rt_view){plmn, sizeof plmn};
    SupportedTAs_init(&tas);
    tas.count = 1;
    tas.items = &ta;
    TRY("Global-ENB-ID", Global_ENB_ID_aper_encode(&g, ie_buf[0], sizeof ie_buf[0], &len[0]));
    TRY("ENBname", ENBname_aper_encode(&name, ie_buf[1], sizeof ie_buf[1], &len[1]));
    TRY("SupportedTAs", SupportedTAs_aper_encode(&tas, ie_buf[2], sizeof ie_buf[2], &len[2]));
    TRY("PagingDRX", PagingDRX_aper_encode(&drx, ie_buf[3], sizeof ie_buf[3], &len[3]));

    /* TS 36.413 9.1.8.4: the IEs, their ids and criticalities. */
    S1SetupRequest_protocolIEs_item ies[4] = {
        {id_Global_ENB_ID, Criticality_reject, {ie_buf[0], len[0]}},
        {id_eNBname, Criticality_ignore, {ie_buf[1], len[1]}},
        {id_SupportedTAs, Criticality_reject, {ie_buf[2], len[2]}},
        {id_DefaultPagingDRX, Criticality_ignore, {ie_buf[3], len[3]}},
    };
    S1SetupRequest req;
    S1SetupRequest_init(&req);
    req.protocolIEs.count = 4;
    req.protocolIEs.items = ies;
    TRY("S1SetupRequest", S1SetupRequest_aper_encode(&req, msg, sizeof msg, &ml));
    S1AP_PDU pdu;
    S1AP_PDU_init(&pdu);
    pdu.present = S1AP_PDU_PR_initiatingMessage;
    pdu.u.initiatingMessage.procedureCode = id_S1Setup;
    pdu.u.initiatingMessage.criticality = Criticality_reject;
    pdu.u.initiatingMessage.value = (asn1rt_view){msg, ml};
    TRY("S1AP-PDU", S1AP_PDU_aper_encode(&pdu, pdu_buf, sizeof pdu_buf, &pl));

    /* Read back: the PDU, the message, each IE by the type its id selects. */
    asn1rt_arena arena;
    S1AP_PDU back;
    S1SetupRequest rq;
    TRY("arena", asn1rt_arena_init(&arena, mem, sizeof mem));
    TRY("decoding S1AP-PDU", S1AP_PDU_aper_decode(&back, pdu_buf, pl, &arena));
    if (back.present != S1AP_PDU_PR_initiatingMessage || back.u.initiatingMessage.procedureCode != id_S1Setup)
        return fail("not an S1SetupRequest", ASN1RT_E_UNKNOWN_OPEN_TYPE);
    const asn1rt_view *v = &back.u.initiatingMessage.value;
    TRY("decoding S1SetupRequest", S1SetupRequest_aper_decode(&rq, v->ptr, v->len, &arena));
    if (rq.protocolIEs.count != 4)
        return fail("IE count", ASN1RT_E_SIZE_CONSTRAINT);
    for (size_t i = 0; i < rq.protocolIEs.count; i++) {
        S1SetupRequest_protocolIEs_item_value_open o;
        TRY("decoding an IE",
            S1SetupRequest_protocolIEs_item_value_aper_decode_open(&rq.protocolIEs.items[i], &o, &arena));
    }
    for (size_t i = 0; i < pl; i++)
        printf("%02x", pdu_buf[i]);
    printf("\n");
    return 0;
}
