/* test_s1ap_open.c — S1AP's ProtocolIE-Field value (an open type whose
 * object set reaches it through two parameter levels: ProtocolIE-Container
 * {{S1SetupRequestIEs}} hands its set to ProtocolIE-Field {{IEsSetParam}})
 * decoded by type through the open-type API, in DER. The S1SetupRequest
 * below is written by hand from X.690 and the S1AP module's AUTOMATIC
 * TAGS (protocolIEs [0] IMPLICIT, id [0], criticality [1], value [2]
 * EXPLICIT as an open type), so the bytes are not this compiler's. The
 * same IEs in APER go through T_aper_decode_open; those bytes are the ones
 * tshark's s1ap dissector (wrapped in S1AP-PDU initiatingMessage
 * id-S1Setup, 00 11 00 1E) shows as exactly these IEs and values. */
#include <string.h>

#include "cunit_run.h"
#include "hex.h"
#include "s1ap_pdu_contents.h"

/* Global-ENB-ID { pLMNidentity '00F110'H, eNB-ID macroENB-ID 'ABCDE'H },
 * eNBname "eNB1", SupportedTAs { { tAC '0001'H, broadcastPLMNs { '00F110'H } } },
 * DefaultPagingDRX v64: ids 59, 60, 64, 137 (S1AP-Constants). */
#define IE_GLOBAL_ENB "3017 80013B 810100 A20F 300D 800300F110 A106 800404ABCDE0"
#define IE_ENBNAME    "300E 80013C 810101 A206 1304654E4231"
#define IE_TAS        "3017 800140 810100 A20F 300D 300B 80020001 A105 040300F110"
#define IE_DRX        "300C 80020089 810101 A203 0A0101"
static const char s1setup[] = "3052 A050 " IE_GLOBAL_ENB IE_ENBNAME IE_TAS IE_DRX;

typedef S1SetupRequest_protocolIEs_item_value_KIND Kind;
#define K(x) S1SetupRequest_protocolIEs_item_value_KIND_##x

/* The four IEs, in order, each by the type its id selects. */
static void test_s1setup_ies(void)
{
    static const struct { uint16_t id; Criticality crit; Kind kind; } want[] = {
        { 59, Criticality_reject, K(id_Global_ENB_ID) },
        { 60, Criticality_ignore, K(id_eNBname) },
        { 64, Criticality_reject, K(id_SupportedTAs) },
        { 137, Criticality_ignore, K(id_DefaultPagingDRX) },
    };
    uint8_t der[128];
    size_t n = unhex(s1setup, der, sizeof der);
    CU_ASSERT_EQUAL_FATAL(n, 84);
    S1SetupRequest req;
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_decode(&req, der, n), 0);
    CU_ASSERT_EQUAL_FATAL(req.protocolIEs.count, 4);
    S1SetupRequest_protocolIEs_iter it;
    S1SetupRequest_protocolIEs_iter_init(&it, &req.protocolIEs);
    S1SetupRequest_protocolIEs_item ie;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        CU_ASSERT_FATAL(S1SetupRequest_protocolIEs_iter_next(&it, &ie));
        CU_ASSERT_EQUAL(ie.id, want[i].id);
        CU_ASSERT_EQUAL(ie.criticality, want[i].crit);
        S1SetupRequest_protocolIEs_item_value_open v;
        CU_ASSERT_EQUAL_FATAL(S1SetupRequest_protocolIEs_item_value_decode_open(&ie, &v), 0);
        CU_ASSERT_EQUAL_FATAL(v.kind, want[i].kind);
        switch (v.kind) {
        case K(id_Global_ENB_ID): {
            const Global_ENB_ID *g = &v.u.id_Global_ENB_ID;
            CU_ASSERT(g->pLMNidentity.len == 3 && memcmp(g->pLMNidentity.ptr, "\x00\xF1\x10", 3) == 0);
            CU_ASSERT_EQUAL(g->eNB_ID.present, ENB_ID_PR_macroENB_ID);
            CU_ASSERT(g->eNB_ID.u.macroENB_ID.len == 3 && g->eNB_ID.u.macroENB_ID.unused == 4 &&
                      memcmp(g->eNB_ID.u.macroENB_ID.ptr, "\xAB\xCD\xE0", 3) == 0);
            CU_ASSERT(!g->iE_Extensions_present);
            break;
        }
        case K(id_eNBname):
            CU_ASSERT(v.u.id_eNBname.len == 4 && memcmp(v.u.id_eNBname.ptr, "eNB1", 4) == 0);
            break;
        case K(id_SupportedTAs): {
            CU_ASSERT_EQUAL_FATAL(v.u.id_SupportedTAs.count, 1);
            SupportedTAs_iter ti;
            SupportedTAs_Item ta;
            SupportedTAs_iter_init(&ti, &v.u.id_SupportedTAs);
            CU_ASSERT_FATAL(SupportedTAs_iter_next(&ti, &ta));
            CU_ASSERT(ta.tAC.len == 2 && memcmp(ta.tAC.ptr, "\x00\x01", 2) == 0);
            CU_ASSERT_EQUAL(ta.broadcastPLMNs.count, 1);
            break;
        }
        case K(id_DefaultPagingDRX):
            CU_ASSERT_EQUAL(v.u.id_DefaultPagingDRX, PagingDRX_v64);
            break;
        default:
            CU_FAIL("unexpected kind");
        }
    }
    CU_ASSERT(!S1SetupRequest_protocolIEs_iter_next(&it, &ie));
}

/* One IE alone in an S1SetupRequest: the code decode_open gives, and the
 * kind it reports, when the id is outside the set or the value is not of
 * the id's type. */
static void test_s1setup_bad_ies(void)
{
    static const struct { const char *name, *der; int rc; Kind kind; } cases[] = {
        { "Global-ENB-ID", "301B A019 " IE_GLOBAL_ENB, 0, K(id_Global_ENB_ID) },
        { "id 999 is not in S1SetupRequestIEs", "3012 A010 300E 800203E7 810101 A205 1303654E42",
          ASN1RT_E_UNKNOWN_OPEN_TYPE, K(NONE) },
        { "id-eNBname with an INTEGER", "3010 A00E 300C 80013C 810101 A204 02020100", ASN1RT_E_UNEXPECTED_TAG,
          K(id_eNBname) },
        { "id-DefaultPagingDRX v256", "3010 A00E 300C 80020089 810101 A203 0A0103", 0, K(id_DefaultPagingDRX) },
        { "Global-ENB-ID with a 21-bit macroENB-ID", "301B A019 3017 80013B 810100 A20F 300D 800300F110 "
          "A106 800403ABCDE8", ASN1RT_E_SIZE_CONSTRAINT, K(id_Global_ENB_ID) },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t der[64];
        size_t n = unhex(cases[i].der, der, sizeof der);
        S1SetupRequest req;
        CU_ASSERT_EQUAL_FATAL(S1SetupRequest_decode(&req, der, n), 0);
        S1SetupRequest_protocolIEs_iter it;
        S1SetupRequest_protocolIEs_item ie;
        S1SetupRequest_protocolIEs_iter_init(&it, &req.protocolIEs);
        CU_ASSERT_FATAL(S1SetupRequest_protocolIEs_iter_next(&it, &ie));
        S1SetupRequest_protocolIEs_item_value_open v;
        int rc = S1SetupRequest_protocolIEs_item_value_decode_open(&ie, &v);
        if (rc != cases[i].rc)
            printf("\n  %s: got %d, expected %d", cases[i].name, rc, cases[i].rc);
        CU_ASSERT_EQUAL(rc, cases[i].rc);
        if (rc != ASN1RT_E_UNKNOWN_OPEN_TYPE)
            CU_ASSERT_EQUAL(v.kind, cases[i].kind);
        if (i == 3 && rc == 0)
            CU_ASSERT_EQUAL(v.u.id_DefaultPagingDRX, PagingDRX_v256);
    }
}

/* APER: each IE value encoded by its own type, the request around them,
 * the exact octets, then back through T_aper_decode_open. */
static void test_s1setup_aper(void)
{
    static const char want_hex[] = "000003 003B 0008 0000F110 00ABCDE0 003C 4006 0180654E4231 0089 4001 20";
    uint8_t want[64], g_der[32], gbuf[32], nbuf[16], dbuf[8], msg[64];
    size_t wl = unhex(want_hex, want, sizeof want);
    size_t gl, nl, dl, ml;
    size_t gd = unhex("300D 800300F110 A106 800404ABCDE0", g_der, sizeof g_der);
    Global_ENB_ID g;
    CU_ASSERT_EQUAL_FATAL(Global_ENB_ID_decode(&g, g_der, gd), 0);
    CU_ASSERT_EQUAL_FATAL(Global_ENB_ID_aper_encode(&g, gbuf, sizeof gbuf, &gl), 0);
    ENBname name = { (const uint8_t *)"eNB1", 4 };
    CU_ASSERT_EQUAL_FATAL(ENBname_aper_encode(&name, nbuf, sizeof nbuf, &nl), 0);
    PagingDRX drx = PagingDRX_v64;
    CU_ASSERT_EQUAL_FATAL(PagingDRX_aper_encode(&drx, dbuf, sizeof dbuf, &dl), 0);
    const S1SetupRequest_protocolIEs_item items[] = {
        { 59, Criticality_reject, { gbuf, gl } },
        { 60, Criticality_ignore, { nbuf, nl } },
        { 137, Criticality_ignore, { dbuf, dl } },
    };
    S1SetupRequest req;
    memset(&req, 0, sizeof req);
    req.protocolIEs.count = 3;
    req.protocolIEs.items = items;
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_aper_encode(&req, msg, sizeof msg, &ml), 0);
    CU_ASSERT(ml == wl && memcmp(msg, want, wl) == 0);

    static uint8_t mem[1024];
    asn1rt_arena arena;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&arena, mem, sizeof mem), 0);
    S1SetupRequest back;
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_aper_decode(&back, want, wl, &arena), 0);
    S1SetupRequest_protocolIEs_iter it;
    S1SetupRequest_protocolIEs_item ie;
    S1SetupRequest_protocolIEs_item_value_open v;
    S1SetupRequest_protocolIEs_iter_init(&it, &back.protocolIEs);
    CU_ASSERT_FATAL(S1SetupRequest_protocolIEs_iter_next(&it, &ie));
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_protocolIEs_item_value_aper_decode_open(&ie, &v, &arena), 0);
    CU_ASSERT_EQUAL_FATAL(v.kind, K(id_Global_ENB_ID));
    CU_ASSERT(v.u.id_Global_ENB_ID.pLMNidentity.len == 3 &&
              memcmp(v.u.id_Global_ENB_ID.pLMNidentity.ptr, "\x00\xF1\x10", 3) == 0);
    CU_ASSERT(v.u.id_Global_ENB_ID.eNB_ID.present == ENB_ID_PR_macroENB_ID &&
              v.u.id_Global_ENB_ID.eNB_ID.u.macroENB_ID.len == 3 &&
              memcmp(v.u.id_Global_ENB_ID.eNB_ID.u.macroENB_ID.ptr, "\xAB\xCD\xE0", 3) == 0);
    CU_ASSERT_FATAL(S1SetupRequest_protocolIEs_iter_next(&it, &ie));
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_protocolIEs_item_value_aper_decode_open(&ie, &v, &arena), 0);
    CU_ASSERT_EQUAL_FATAL(v.kind, K(id_eNBname));
    CU_ASSERT(v.u.id_eNBname.len == 4 && memcmp(v.u.id_eNBname.ptr, "eNB1", 4) == 0);
    CU_ASSERT_FATAL(S1SetupRequest_protocolIEs_iter_next(&it, &ie));
    CU_ASSERT_EQUAL_FATAL(S1SetupRequest_protocolIEs_item_value_aper_decode_open(&ie, &v, &arena), 0);
    CU_ASSERT_EQUAL_FATAL(v.kind, K(id_DefaultPagingDRX));
    CU_ASSERT_EQUAL(v.u.id_DefaultPagingDRX, PagingDRX_v64);
    /* The eNBname's 6 octets read as the DefaultPagingDRX's type: its
     * 3 bits end in the first octet, and whole octets are left over. */
    ie.id = 137;
    ie.value = (asn1rt_view){ nbuf, nl };
    CU_ASSERT_EQUAL(S1SetupRequest_protocolIEs_item_value_aper_decode_open(&ie, &v, &arena), ASN1RT_E_TRAILING_DATA);
    CU_ASSERT_EQUAL(v.kind, K(NONE));
    CU_ASSERT(!S1SetupRequest_protocolIEs_iter_next(&it, &ie));
}

int main(void)
{
    static const cunit_test tests[] = {
        { "S1SetupRequest: each IE by the type its id selects", test_s1setup_ies },
        { "S1SetupRequest: unknown id, wrong type, constraint", test_s1setup_bad_ies },
        { "S1SetupRequest in APER: exact octets, IEs by type", test_s1setup_aper },
    };
    return CUNIT_MAIN("codegen-s1ap-open", tests, CU_BRM_VERBOSE);
}
