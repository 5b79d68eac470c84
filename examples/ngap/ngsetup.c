/* ngsetup.c — an NGAP (3GPP TS 38.413) NGSetupRequest, as a gNB sends it
 * to an AMF: built from asn1cc's structs, APER-encoded, decoded again and
 * printed as JER. The C comes from
 *   asn1cc --encodings aper --pdu NGAP-PDU,NGSetupRequest \
 *          --pdu-view InitiatingMessage,SuccessfulOutcome,UnsuccessfulOutcome \
 *          schemas/3gpp/3gpp-38413-h30-NGAP.asn -o out/
 * (examples/ngap/ngap.mk). Each protocol IE's value is an open type: it is
 * encoded on its own with its type's T_aper_encode, and the container holds
 * those octets; reading back, each is decoded with the type its id names.
 *
 *   ngsetup          the JER of the decoded message, its IEs' values too
 *   ngsetup --hex    the APER octets in hex (tests/per feeds them to tshark)
 */
#include <stdio.h>
#include <string.h>

#include "ngap_constants.h"
#include "ngap_ies.h"
#include "ngap_pdu_contents.h"
#include "ngap_pdu_descriptions.h"

/* The values encoded (tests/per/tshark.sh checks tshark shows these). */
static const uint8_t plmn[3] = {0x00, 0xf1, 0x10};          /* MCC 001, MNC 01 */
static const uint8_t gnb_id[4] = {0x00, 0x00, 0x01, 0x02};  /* 32-bit gNB-ID 258 */
static const char ran_node_name[] = "asn1cc-gNB";
static const uint8_t tac[3] = {0x00, 0x00, 0x01};
static const uint8_t sst[1] = {0x01};
static const uint8_t sd[3] = {0x01, 0x02, 0x03};

static uint8_t ie_buf[3][256];
static uint8_t msg_buf[1024], pdu_buf[1024];

static int fail(const char *what, int rc)
{
    fprintf(stderr, "ngsetup: %s: %s\n", what, asn1rt_strerror(rc));
    return 1;
}

/* Builds the message into pdu_buf; returns its length, or 0 after a message. */
static size_t build(void)
{
    GlobalRANNodeID node;
    RANNodeName name;
    SupportedTAList tas;
    SupportedTAItem ta;
    SliceSupportItem slice;
    PagingDRX drx = PagingDRX_v128;
    NGSetupRequest_protocolIEs_item ies[4];
    NGSetupRequest req;
    NGAP_PDU pdu;
    size_t len[4], msg_len, pdu_len;
    int rc;

    GlobalRANNodeID_init(&node);
    node.present = GlobalRANNodeID_PR_globalGNB_ID;
    node.u.globalGNB_ID.pLMNIdentity = (asn1rt_view){plmn, sizeof plmn};
    node.u.globalGNB_ID.gNB_ID.present = GNB_ID_PR_gNB_ID;
    node.u.globalGNB_ID.gNB_ID.u.gNB_ID = (asn1rt_bits){gnb_id, sizeof gnb_id, 0};

    name = (asn1rt_view){(const uint8_t *)ran_node_name, strlen(ran_node_name)};

    SliceSupportItem_init(&slice);
    slice.s_NSSAI.sST = (asn1rt_view){sst, sizeof sst};
    slice.s_NSSAI.sD = (asn1rt_view){sd, sizeof sd};
    slice.s_NSSAI.sD_present = true;
    SupportedTAItem_init(&ta);
    ta.tAC = (asn1rt_view){tac, sizeof tac};
    ta.broadcastPLMNList.count = 1;
    ta.broadcastPLMNList.items[0].pLMNIdentity = (asn1rt_view){plmn, sizeof plmn};
    ta.broadcastPLMNList.items[0].tAISliceSupportList.count = 1;
    ta.broadcastPLMNList.items[0].tAISliceSupportList.items = &slice;
    SupportedTAList_init(&tas);
    tas.count = 1;
    tas.items = &ta;

    if ((rc = GlobalRANNodeID_aper_encode(&node, ie_buf[0], sizeof ie_buf[0], &len[0])) != 0)
        return fail("GlobalRANNodeID", rc), 0;
    if ((rc = RANNodeName_aper_encode(&name, ie_buf[1], sizeof ie_buf[1], &len[1])) != 0)
        return fail("RANNodeName", rc), 0;
    if ((rc = SupportedTAList_aper_encode(&tas, ie_buf[2], sizeof ie_buf[2], &len[2])) != 0)
        return fail("SupportedTAList", rc), 0;
    static uint8_t drx_buf[8];
    if ((rc = PagingDRX_aper_encode(&drx, drx_buf, sizeof drx_buf, &len[3])) != 0)
        return fail("PagingDRX", rc), 0;

    /* TS 38.413 9.2.6.1: the IEs, their ids and criticalities. */
    const struct { uint16_t id; Criticality crit; const uint8_t *v; size_t n; } rows[4] = {
        {id_GlobalRANNodeID, Criticality_reject, ie_buf[0], len[0]},
        {id_RANNodeName, Criticality_ignore, ie_buf[1], len[1]},
        {id_SupportedTAList, Criticality_reject, ie_buf[2], len[2]},
        {id_DefaultPagingDRX, Criticality_ignore, drx_buf, len[3]},
    };
    for (int i = 0; i < 4; i++) {
        NGSetupRequest_protocolIEs_item_init(&ies[i]);
        ies[i].id = rows[i].id;
        ies[i].criticality = rows[i].crit;
        ies[i].value = (asn1rt_view){rows[i].v, rows[i].n};
    }
    NGSetupRequest_init(&req);
    req.protocolIEs.count = 4;
    req.protocolIEs.items = ies;
    if ((rc = NGSetupRequest_aper_encode(&req, msg_buf, sizeof msg_buf, &msg_len)) != 0)
        return fail("NGSetupRequest", rc), 0;

    NGAP_PDU_init(&pdu);
    pdu.present = NGAP_PDU_PR_initiatingMessage;
    pdu.u.initiatingMessage.procedureCode = id_NGSetup;
    pdu.u.initiatingMessage.criticality = Criticality_reject;
    pdu.u.initiatingMessage.value = (asn1rt_view){msg_buf, msg_len};
    if ((rc = NGAP_PDU_aper_encode(&pdu, pdu_buf, sizeof pdu_buf, &pdu_len)) != 0)
        return fail("NGAP-PDU", rc), 0;
    return pdu_len;
}

/* The JER of one IE's value (X.697: an open type is written as the JER of
 * the value it holds), decoded with the type its id names in the object
 * set (asn1cc's _aper_decode_open). */
static int print_ie_value(const NGSetupRequest_protocolIEs_item *ie, asn1rt_arena *arena)
{
    NGSetupRequest_protocolIEs_item_value_open v;
    int rc = NGSetupRequest_protocolIEs_item_value_aper_decode_open(ie, &v, arena);
    if (rc != 0)
        return fail("decoding an IE", rc);
    switch (v.kind) {
    case NGSetupRequest_protocolIEs_item_value_KIND_id_GlobalRANNodeID:
        return GlobalRANNodeID_print(stdout, &v.u.id_GlobalRANNodeID);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_RANNodeName:
        return RANNodeName_print(stdout, &v.u.id_RANNodeName);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_SupportedTAList:
        return SupportedTAList_print(stdout, &v.u.id_SupportedTAList);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_DefaultPagingDRX:
        return PagingDRX_print(stdout, &v.u.id_DefaultPagingDRX);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_UERetentionInformation:
        return UERetentionInformation_print(stdout, &v.u.id_UERetentionInformation);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_NB_IoT_DefaultPagingDRX:
        return NB_IoT_DefaultPagingDRX_print(stdout, &v.u.id_NB_IoT_DefaultPagingDRX);
    case NGSetupRequest_protocolIEs_item_value_KIND_id_Extended_RANNodeName:
        return Extended_RANNodeName_print(stdout, &v.u.id_Extended_RANNodeName);
    case NGSetupRequest_protocolIEs_item_value_KIND_NONE:
        break;
    }
    return 1;
}

/* Decodes the message and prints it as JER, the open types as the JER of
 * what they hold: NGAP_PDU_print alone writes InitiatingMessage.value as
 * the hex of its APER octets, a view that --pdu-view keeps undecoded (and
 * T_print has no arena to decode into). */
static int show(const uint8_t *in, size_t len)
{
    static uint8_t storage[16384];
    asn1rt_arena arena;
    NGAP_PDU pdu;
    NGSetupRequest req;
    int rc;

    if (asn1rt_arena_init(&arena, storage, sizeof storage) != 0)
        return 1;
    if ((rc = NGAP_PDU_aper_decode(&pdu, in, len, &arena)) != 0)
        return fail("decoding NGAP-PDU", rc);
    if (pdu.present != NGAP_PDU_PR_initiatingMessage || pdu.u.initiatingMessage.procedureCode != id_NGSetup) {
        fprintf(stderr, "ngsetup: not an NGSetupRequest\n");
        return 1;
    }
    const InitiatingMessage *im = &pdu.u.initiatingMessage;
    if ((rc = NGSetupRequest_aper_decode(&req, im->value.ptr, im->value.len, &arena)) != 0)
        return fail("decoding NGSetupRequest", rc);
    printf("{\"initiatingMessage\":{\"procedureCode\":%u,\"criticality\":", (unsigned)im->procedureCode);
    if (Criticality_print(stdout, &im->criticality) != 0)
        return 1;
    printf(",\"value\":{\"protocolIEs\":[");
    for (size_t i = 0; i < req.protocolIEs.count; i++) {
        const NGSetupRequest_protocolIEs_item *ie = &req.protocolIEs.items[i];
        printf("%s{\"id\":%u,\"criticality\":", i ? "," : "", (unsigned)ie->id);
        if (Criticality_print(stdout, &ie->criticality) != 0)
            return 1;
        printf(",\"value\":");
        if (print_ie_value(ie, &arena) != 0)
            return 1;
        printf("}");
    }
    printf("]}}}\n");
    return 0;
}

int main(int argc, char **argv)
{
    size_t len = build();
    if (len == 0)
        return 1;
    if (argc > 1 && strcmp(argv[1], "--hex") == 0) {
        for (size_t i = 0; i < len; i++)
            printf("%02x", pdu_buf[i]);
        printf("\n");
        return 0;
    }
    printf("NGSetupRequest, %zu octets of APER\n", len);
    return show(pdu_buf, len);
}
