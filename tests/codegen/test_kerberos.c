/* test_kerberos.c — generated/kerberosv5spec2.c against an independent
 * encoder: OpenSSL's ASN1_generate_nconf builds an AS-REQ and an
 * EncryptedData from a text description; our decoder must read the fields
 * the text says, re-encode the same bytes, and our encoder, given the same
 * values in C, must produce OpenSSL's bytes. */
#include <stdio.h>
#include <string.h>

#include "cunit_run.h"
#include "kerberosv5spec2.h"
#include "x509_facts.h"

static const char as_req_conf[] =
    "asn1 = EXP:10A,SEQUENCE:kdc_req\n"
    "[kdc_req]\n"
    "pvno = EXP:1,INT:5\n"
    "msg_type = EXP:2,INT:10\n"
    "req_body = EXP:4,SEQUENCE:body\n"
    "[body]\n"
    "kdc_options = EXP:0,FORMAT:HEX,BITSTRING:50810011\n"
    "cname = EXP:1,SEQUENCE:cname\n"
    "realm = EXP:2,GENSTR:EXAMPLE.COM\n"
    "sname = EXP:3,SEQUENCE:sname\n"
    "till = EXP:5,GENTIME:20370913024805Z\n"
    "nonce = EXP:7,INT:4000000000\n"
    "etype = EXP:8,SEQUENCE:etypes\n"
    "[cname]\n"
    "name_type = EXP:0,INT:1\n"
    "name_string = EXP:1,SEQUENCE:cnames\n"
    "[cnames]\n"
    "s1 = GENSTR:alice\n"
    "[sname]\n"
    "name_type = EXP:0,INT:2\n"
    "name_string = EXP:1,SEQUENCE:snames\n"
    "[snames]\n"
    "s1 = GENSTR:krbtgt\n"
    "s2 = GENSTR:EXAMPLE.COM\n"
    "[etypes]\n"
    "e1 = INT:18\n"
    "e2 = INT:-17\n";

static const char enc_data_conf[] =
    "asn1 = SEQUENCE:ed\n"
    "[ed]\n"
    "etype = EXP:0,INT:18\n"
    "kvno = EXP:1,INT:2\n"
    "cipher = EXP:2,FORMAT:HEX,OCTETSTRING:00112233445566778899AABBCCDDEEFF\n";

static int view_is(const asn1rt_view *v, const char *s)
{
    return v->len == strlen(s) && memcmp(v->ptr, s, v->len) == 0;
}

static void test_as_req(void)
{
    uint8_t der[1024], out[1024];
    size_t n, m;
    AS_REQ req;
    KerberosString s;
    PrincipalName_name_string_iter it;
    Int32 e;
    KDC_REQ_BODY_etype_iter eit;
    CU_ASSERT_FATAL(der_from_genconf(as_req_conf, der, sizeof der, &n) == 0);
    CU_ASSERT_EQUAL_FATAL(AS_REQ_decode(&req, der, n), 0);
    CU_ASSERT_EQUAL(req.pvno, 5);
    CU_ASSERT_EQUAL(req.msg_type, 10);
    CU_ASSERT_FALSE(req.padata_present);
    CU_ASSERT(req.req_body.kdc_options.len == 4 && req.req_body.kdc_options.unused == 0 &&
              req.req_body.kdc_options.ptr[0] == 0x50);
    CU_ASSERT(req.req_body.cname_present && req.req_body.cname.name_type == 1);
    PrincipalName_name_string_iter_init(&it, &req.req_body.cname.name_string);
    CU_ASSERT(PrincipalName_name_string_iter_next(&it, &s) && view_is(&s, "alice"));
    CU_ASSERT_FALSE(PrincipalName_name_string_iter_next(&it, &s));
    CU_ASSERT(view_is(&req.req_body.realm, "EXAMPLE.COM"));
    CU_ASSERT(req.req_body.sname_present && req.req_body.sname.name_string.count == 2);
    CU_ASSERT(view_is(&req.req_body.till, "20370913024805Z"));
    CU_ASSERT_FALSE(req.req_body.from_present);
    CU_ASSERT_EQUAL(req.req_body.nonce, 4000000000u);
    KDC_REQ_BODY_etype_iter_init(&eit, &req.req_body.etype);
    CU_ASSERT(KDC_REQ_BODY_etype_iter_next(&eit, &e) && e == 18);
    CU_ASSERT(KDC_REQ_BODY_etype_iter_next(&eit, &e) && e == -17);
    CU_ASSERT_EQUAL(AS_REQ_check(&req), 0);
    CU_ASSERT_EQUAL_FATAL(AS_REQ_encode(&req, out, sizeof out, &m), 0);
    CU_ASSERT(m == n && memcmp(out, der, n) == 0);
    CU_ASSERT_EQUAL(AS_REQ_encoded_len(&req), n);
}

static void test_encrypted_data(void)
{
    static const uint8_t cipher[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                        0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF };
    uint8_t der[256], out[256];
    size_t n, m;
    EncryptedData ed;
    CU_ASSERT_FATAL(der_from_genconf(enc_data_conf, der, sizeof der, &n) == 0);
    /* our encoder from values built in C gives OpenSSL's bytes */
    EncryptedData_init(&ed);
    ed.etype = 18;
    ed.kvno_present = true;
    ed.kvno = 2;
    ed.cipher.ptr = cipher;
    ed.cipher.len = sizeof cipher;
    CU_ASSERT_EQUAL_FATAL(EncryptedData_encode(&ed, out, sizeof out, &m), 0);
    CU_ASSERT(m == n && memcmp(out, der, n) == 0);
    /* and reads them back */
    CU_ASSERT_EQUAL_FATAL(EncryptedData_decode(&ed, der, n), 0);
    CU_ASSERT(ed.etype == 18 && ed.kvno_present && ed.kvno == 2 && ed.cipher.len == 16);
    /* a negative kvno is outside UInt32 (0..4294967295) */
    CU_ASSERT_EQUAL(der[11], 0x02);   /* 30 1B A0 03 02 01 12 A1 03 02 01 [02] */
    der[11] = 0xFE;                   /* kvno 2 -> -2 */
    CU_ASSERT_EQUAL(EncryptedData_decode(&ed, der, n), ASN1RT_E_VALUE_CONSTRAINT);
}

int main(void)
{
    static const cunit_test tests[] = {
        { "AS-REQ built by OpenSSL: fields, re-encoding", test_as_req },
        { "EncryptedData: our encoding equals OpenSSL's", test_encrypted_data },
    };
    return CUNIT_MAIN("codegen-kerberos", tests, CU_BRM_VERBOSE);
}
