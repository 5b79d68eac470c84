/* decode_msg.c — one S1AP message decoded whole in APER: the
 * S1SetupRequest, then each IE's value by the type its id selects
 * (T_aper_decode_open). Compiled twice by bench/size/size.mk: against the
 * default output (PFX empty) and against --size output generated with
 * --prefix SZ_ (PFX SZ_), so both live in one program. */
#include <stdint.h>
#include <string.h>

#include "s1ap_pdu_contents.h"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define N(x) CAT(PFX, x)

/* Decodes in (len octets) with an arena of cap octets at mem; returns the
 * number of IEs decoded, or -1 on any failure. sum collects a byte of each
 * value so that nothing is optimised away. */
int CAT(FNPFX, decode_msg)(const uint8_t *in, size_t len, uint8_t *mem, size_t cap, unsigned *sum)
{
    asn1rt_arena arena;
    N(S1SetupRequest) req;
    N(S1SetupRequest_protocolIEs_iter) it;
    N(S1SetupRequest_protocolIEs_item) ie;
    N(S1SetupRequest_protocolIEs_item_value_open) v;
    int n = 0;
    if (asn1rt_arena_init(&arena, mem, cap) != ASN1RT_OK)
        return -1;
    if (N(S1SetupRequest_aper_decode)(&req, in, len, &arena) != ASN1RT_OK)
        return -1;
    N(S1SetupRequest_protocolIEs_iter_init)(&it, &req.protocolIEs);
    while (N(S1SetupRequest_protocolIEs_iter_next)(&it, &ie)) {
        if (N(S1SetupRequest_protocolIEs_item_value_aper_decode_open)(&ie, &v, &arena) != ASN1RT_OK)
            return -1;
        *sum += (unsigned)v.kind + ((const uint8_t *)&v.u)[0];
        n++;
    }
    return n;
}

/* The message both builds decode: the IEs of test_s1ap_open.c's APER
 * S1SetupRequest (the octets tshark's s1ap dissector reads as these
 * values), plus SupportedTAs with 16 tracking areas of 6 PLMNs each,
 * APER-encoded by this build (bench_size.c checks that both builds write
 * the same octets). Returns the length, 0 on failure. */
size_t CAT(FNPFX, build_msg)(uint8_t *out, size_t cap)
{
    static const uint8_t g[] = { 0x00, 0x00, 0xF1, 0x10, 0x00, 0xAB, 0xCD, 0xE0 };
    static const uint8_t name[] = { 0x01, 0x80, 0x65, 0x4E, 0x42, 0x31 };
    static const uint8_t drx[] = { 0x20 };
    static uint8_t tac[16][2], plmn[16][6][3], tas[1024];
    static N(SupportedTAs_Item) items[16];
    N(SupportedTAs) list;
    size_t tl = 0, len = 0;
    for (int i = 0; i < 16; i++) {
        memset(&items[i], 0, sizeof items[i]);
        tac[i][0] = 0x10;
        tac[i][1] = (uint8_t)i;
        items[i].tAC = (N(TAC)){ tac[i], 2 };
        items[i].broadcastPLMNs.count = 6;
        for (int k = 0; k < 6; k++) {
            plmn[i][k][0] = 0x00;
            plmn[i][k][1] = (uint8_t)(0xF1 - k);
            plmn[i][k][2] = (uint8_t)(0x10 + i);
            items[i].broadcastPLMNs.items[k] = (N(PLMNidentity)){ plmn[i][k], 3 };
        }
    }
    memset(&list, 0, sizeof list);
    list.count = 16;
    list.items = items;
    if (N(SupportedTAs_aper_encode)(&list, tas, sizeof tas, &tl) != ASN1RT_OK)
        return 0;
    const N(S1SetupRequest_protocolIEs_item) ies[] = {
        { 59, N(Criticality_reject), { g, sizeof g } },
        { 60, N(Criticality_ignore), { name, sizeof name } },
        { 64, N(Criticality_reject), { tas, tl } },
        { 137, N(Criticality_ignore), { drx, sizeof drx } },
    };
    N(S1SetupRequest) req;
    memset(&req, 0, sizeof req);
    req.protocolIEs.count = 4;
    req.protocolIEs.items = ies;
    if (N(S1SetupRequest_aper_encode)(&req, out, cap, &len) != ASN1RT_OK)
        return 0;
    return len;
}
