/* test_biglen.c — T_encoded_len against T_encode at every DER length
 * boundary (issue 13): each construct of tests/codegen/biglen.asn carries
 * one component whose size is chosen so that every enclosing level's
 * length crosses 0x7f/0x80, 0xff/0x100, 0xffff/0x10000 and
 * 0xffffff/0x1000000 (X.690 10.1: one to five length octets). Each sample
 * must give encoded_len == the length encode wrote, decode back to an
 * equal value, and the crossing itself is asserted from the encoding's own
 * headers (asn1rt_walk), so a row that misses a boundary fails.
 * Then a 10 000-entry CRL signed by OpenSSL: encoded_len of the decoded
 * value is its length, and encode gives OpenSSL's bytes back, also when
 * the entries are given as typed values (the list's items), and decoded
 * into a typed array from an arena; and a SET OF encoded from typed
 * elements (asn1rt_sort_set_of, and the generated encoder) is OpenSSL's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asn1rt/asn1rt.h>

#include "cunit_run.h"
#include "codegenbiglen.h"
#include "crl_openssl.h"
#include "pkix1explicit88.h"

#define MAX_L ((size_t)0x1000000 + 2)   /* the largest component a sample uses */
#define OUT_CAP (MAX_L + 4096)
#define RAW_HDR 16                      /* room for an element header before the payload */

static uint8_t *payload;  /* MAX_L octets of 'A': valid in every string type */
static uint8_t *rawbuf;   /* RAW_HDR free octets, then MAX_L of 'A' */
static uint8_t *out;
static const uint8_t one = 1;

static asn1rt_view big(size_t n) { return (asn1rt_view){ payload, n }; }
static asn1rt_bigint int1(void) { return (asn1rt_bigint){ &one, 1 }; }

/* One OCTET STRING element with n content octets: a list's raw content. */
static asn1rt_view big_tlv(size_t n)
{
    asn1rt_writer w;
    asn1rt_writer_init(&w, rawbuf, RAW_HDR);
    if (asn1rt_prepend_header(&w, ASN1RT_TAG(0, 0, ASN1RT_UT_OCTET_STRING), n) != ASN1RT_OK)
        abort();
    return (asn1rt_view){ w.pos, (size_t)(rawbuf + RAW_HDR - w.pos) + n };
}

/* What went wrong in one sample (0: nothing). */
#define BIG_ERR_LEN 1000
#define BIG_ERR_CHECK 2000
#define BIG_ERR_DECODE 3000
#define BIG_ERR_EQUAL 4000

/* ROW(NAME, T, fill statements over `v` and `L`): fill_NAME builds the
 * value, run_NAME checks it: check, encoded_len == encode's length, and
 * decode(encode(v)) == v. *olen is the length written. */
#define ROW(NAME, T, FILL)                                                          \
    static void fill_##NAME(T *v, size_t L) { FILL; }                               \
    static int run_##NAME(size_t L, size_t *elen, size_t *olen)                     \
    {                                                                               \
        static T v, v2;                                                             \
        int rc;                                                                     \
        memset(&v, 0, sizeof v);                                                    \
        fill_##NAME(&v, L);                                                         \
        if ((rc = T##_check(&v)) != 0)                                              \
            return BIG_ERR_CHECK + rc;                                              \
        *elen = T##_encoded_len(&v);                                                \
        if ((rc = T##_encode(&v, out, OUT_CAP, olen)) != 0)                         \
            return rc;                                                              \
        if (*elen != *olen)                                                         \
            return BIG_ERR_LEN;                                                     \
        if ((rc = T##_decode(&v2, out, *olen)) != 0)                                \
            return BIG_ERR_DECODE + rc;                                             \
        return T##_equal(&v, &v2) ? 0 : BIG_ERR_EQUAL;                              \
    }

ROW(octets, BigOctets, *v = big(L))
ROW(bits, BigBits, v->ptr = payload; v->len = L; v->unused = 0)
ROW(utf8, BigChars, *v = big(L))
ROW(ia5, BigIA5, *v = big(L))
ROW(seq, BigSeq, v->a = big(L); v->b = int1())
ROW(set, BigSet, v->a = big(L); v->b = true)
ROW(seqof_array, BigSeqOfArray, v->count = 2; v->items[0] = big(L); v->items[1] = big(0))
ROW(setof_array, BigSetOfArray, v->count = 1; v->items[0] = big(L))
ROW(seqof_list, BigSeqOfList, v->raw = big_tlv(L); v->count = 1)
ROW(setof_list, BigSetOfList, v->raw = big_tlv(L); v->count = 1)
ROW(choice, BigChoice, v->present = BigChoice_PR_o; v->u.o = big(L))
ROW(explicit, BigExplicit, *v = big(L))
ROW(hightag, BigHighTag, *v = big(L))
ROW(nested_items, BigNested,
    v->outer.items.count = 1; v->outer.items.items[0].a = big(L); v->outer.items.items[0].b = int1();
    v->outer.pick.present = BigChoice_PR_i; v->outer.pick.u.i = int1(); v->outer.set.a = big(0))
ROW(nested_pick, BigNested,
    v->outer.items.count = 0; v->outer.pick.present = BigChoice_PR_o; v->outer.pick.u.o = big(L);
    v->outer.set.a = big(1))
ROW(nested_set, BigNested,
    v->outer.items.count = 2; v->outer.items.items[0].a = big(3); v->outer.items.items[0].b = int1();
    v->outer.items.items[1] = v->outer.items.items[0];
    v->outer.pick.present = BigChoice_PR_i; v->outer.pick.u.i = int1(); v->outer.set.a = big(L))

typedef struct big_case {
    const char *name;
    int (*run)(size_t L, size_t *elen, size_t *olen);
} big_case;

static const big_case big_cases[] = {
    { "OCTET STRING", run_octets },
    { "BIT STRING", run_bits },
    { "UTF8String", run_utf8 },
    { "IA5String", run_ia5 },
    { "SEQUENCE", run_seq },
    { "SET", run_set },
    { "SEQUENCE OF (array)", run_seqof_array },
    { "SET OF (array)", run_setof_array },
    { "SEQUENCE OF (list)", run_seqof_list },
    { "SET OF (list)", run_setof_list },
    { "CHOICE", run_choice },
    { "[APPLICATION 7] EXPLICIT", run_explicit },
    { "[PRIVATE 300] EXPLICIT", run_hightag },
    { "nested, through SEQUENCE OF", run_nested_items },
    { "nested, through CHOICE", run_nested_pick },
    { "nested, through SET", run_nested_set },
};

/* The first long-form length of each width: the boundary is between
 * B - 1 and B. */
static const size_t boundaries[] = { 0x80, 0x100, 0x10000, 0x1000000 };

#define MAX_LEVELS 16

/* The largest content length at each depth of the last encoding. */
static size_t level_len[MAX_LEVELS];
static unsigned levels;

static int record_level(void *ctx, const asn1rt_walk_item *item)
{
    (void)ctx;
    if (item->depth < MAX_LEVELS) {
        if (item->depth >= levels) {
            levels = item->depth + 1;
            level_len[item->depth] = 0;
        }
        if (item->len > level_len[item->depth])
            level_len[item->depth] = item->len;
    }
    return 0;
}

/* One sample; on success level_len/levels describe its encoding. */
static bool sample(const big_case *c, size_t L)
{
    size_t elen = 0, olen = 0;
    int rc = c->run(L, &elen, &olen);
    CU_ASSERT_EQUAL(rc, 0);
    if (rc != 0)
        fprintf(stderr, "\n  %s, component of %zu octets: code %d (encoded_len %zu, encode wrote %zu)",
                c->name, L, rc, elen, olen);
    if (rc != 0 && rc != BIG_ERR_LEN)
        return false;
    /* (a wrong encoded_len still leaves an encoding to measure) */
    levels = 0;
    rc = asn1rt_walk(out, olen, 0, record_level, NULL, NULL);
    CU_ASSERT_EQUAL(rc, 0);
    return rc == 0;
}

static void test_boundaries(void)
{
    for (size_t i = 0; i < sizeof big_cases / sizeof big_cases[0]; i++) {
        const big_case *c = &big_cases[i];
        for (size_t b = 0; b < sizeof boundaries / sizeof boundaries[0]; b++) {
            size_t B = boundaries[b], probe[MAX_LEVELS];
            unsigned nlev;
            bool below[MAX_LEVELS] = { false }, above[MAX_LEVELS] = { false };
            size_t tried[MAX_LEVELS * (MAX_LEVELS + 4)];
            size_t ntried = 0;
            /* The overhead of each level over the component, at L = B... */
            if (!sample(c, B))
                continue;
            nlev = levels;
            memcpy(probe, level_len, sizeof probe);
            /* ...then components that put each level just below and just
             * above B. Below the boundary each inner header is up to one
             * octet shorter, so the overhead there is over - nlev..over. */
            for (unsigned d = 0; d < nlev; d++) {
                size_t over = probe[d] - B;
                if (probe[d] < B)
                    continue;
                for (size_t j = 0; j < nlev + 4; j++) {
                    size_t k = over + 2 - j, L = B - k, t;
                    if (j > over + 2 || k > B || L > MAX_L || ntried == sizeof tried / sizeof tried[0])
                        continue;
                    for (t = 0; t < ntried && tried[t] != L; t++)
                        ;
                    if (t < ntried)
                        continue;
                    tried[ntried++] = L;
                    if (!sample(c, L) || levels != nlev)
                        continue;
                    for (unsigned e = 0; e < nlev; e++) {
                        below[e] |= level_len[e] < B && level_len[e] + 8 >= B;
                        above[e] |= level_len[e] >= B && level_len[e] <= B + 8;
                    }
                }
            }
            for (unsigned d = 0; d < nlev; d++) {
                if (probe[d] < B)
                    continue;             /* a level beside the component, not above it */
                CU_ASSERT(below[d] && above[d]);
                if (!(below[d] && above[d]))
                    fprintf(stderr, "\n  %s: depth %u never crossed 0x%zx", c->name, d, B);
            }
        }
    }
}

/* The reproducer of issue 13: a CRL of 10 000 entries, three levels above
 * 64 KiB (revokedCertificates, tbsCertList, CertificateList). */
static void test_crl(void)
{
    static CertificateList crl;
    uint8_t *der = NULL, *enc;
    size_t n = 0, len = 0, tbs_len = 0;
    asn1rt_reader r, body;
    const uint8_t *tbs;
    uint32_t tag;
    CU_ASSERT_EQUAL_FATAL(crl_openssl_build(10000, &der, &n), 0);
    CU_ASSERT_FATAL(n > 0x10000);
    CU_ASSERT_EQUAL_FATAL(CertificateList_decode(&crl, der, n), 0);
    CU_ASSERT_EQUAL(crl.tbsCertList.revokedCertificates.count, 10000);
    /* The tbsCertList element as OpenSSL wrote it. */
    asn1rt_reader_init(&r, der, n);
    CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, ASN1RT_UT_SEQUENCE), &body), 0);
    tbs = body.cur;
    CU_ASSERT_EQUAL_FATAL(asn1rt_read_header(&body, &tag, &tbs_len), 0);
    tbs_len += (size_t)(body.cur - tbs);
    CU_ASSERT_EQUAL(TBSCertList_encoded_len(&crl.tbsCertList), tbs_len);
    CU_ASSERT_EQUAL(CertificateList_encoded_len(&crl), n);
    enc = malloc(n);
    CU_ASSERT_FATAL(enc != NULL);
    CU_ASSERT_EQUAL(CertificateList_encode(&crl, enc, n, &len), 0);
    CU_ASSERT(len == n && memcmp(enc, der, n) == 0);
    free(enc);
    free(der);
}

/* The same CRL with its entries given as typed values (`items`, `count`:
 * the encoder writes them, no element DER from the caller): it encodes to
 * OpenSSL's bytes exactly and equals the decoded CRL. Then the decoded
 * CRL's list loaded into a typed array from an arena (T_load_items) holds
 * the same entries, and an arena one octet short is ASN1RT_E_ARENA_FULL
 * with the list left a view. */
#define CRL_N 10000

static void test_crl_typed(void)
{
    static CertificateList crl, dec;
    static TBSCertList_revokedCertificates_item items[CRL_N];
    static uint8_t serials[CRL_N][9];
    uint8_t *der = NULL, *enc, *store;
    size_t n = 0, len = 0, need = sizeof items + 64;
    asn1rt_arena a;
    CU_ASSERT_EQUAL_FATAL(crl_openssl_build(CRL_N, &der, &n), 0);
    CU_ASSERT_EQUAL_FATAL(CertificateList_decode(&crl, der, n), 0);
    CU_ASSERT_EQUAL_FATAL(CertificateList_decode(&dec, der, n), 0);
    enc = malloc(n);
    store = malloc(need);
    CU_ASSERT_FATAL(enc != NULL && store != NULL);
    for (size_t i = 0; i < CRL_N; i++) {
        TBSCertList_revokedCertificates_item *item = &items[i];
        uint64_t v = crl_openssl_serial(i);
        size_t sl = asn1rt_uint64_len(v);
        for (size_t k = 0; k < sl; k++)          /* minimal, a leading 0x00 if the top bit is set */
            serials[i][sl - 1 - k] = k < 8 ? (uint8_t)(v >> (8 * k)) : 0;
        TBSCertList_revokedCertificates_item_init(item);
        item->userCertificate = (asn1rt_bigint){ serials[i], sl };
        item->revocationDate.present = Time_PR_utcTime;
        item->revocationDate.u.utcTime = (asn1rt_view){ (const uint8_t *)"231114221320Z", 13 };
        item->crlEntryExtensions_present = false;
    }
    crl.tbsCertList.revokedCertificates.raw = (asn1rt_view){ NULL, 0 };
    crl.tbsCertList.revokedCertificates.items = items;
    crl.tbsCertList.revokedCertificates.count = CRL_N;
    CU_ASSERT_EQUAL(CertificateList_check(&crl), 0);
    CU_ASSERT_EQUAL(CertificateList_encoded_len(&crl), n);
    CU_ASSERT_EQUAL(CertificateList_encode(&crl, enc, n, &len), 0);
    CU_ASSERT(len == n && memcmp(enc, der, n) == 0);
    CU_ASSERT(CertificateList_equal(&crl, &dec));          /* typed items against the view */
    /* A count that differs from the decoded list makes the values unequal. */
    crl.tbsCertList.revokedCertificates.count = CRL_N - 1;
    CU_ASSERT(!CertificateList_equal(&crl, &dec));
    crl.tbsCertList.revokedCertificates.count = CRL_N;

    /* Decoding into a typed array: too small an arena first. */
    TBSCertList_revokedCertificates *list = &dec.tbsCertList.revokedCertificates;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, store, sizeof items - 1), 0);
    CU_ASSERT_EQUAL(TBSCertList_revokedCertificates_load_items(list, &a), ASN1RT_E_ARENA_FULL);
    CU_ASSERT(list->items == NULL && asn1rt_arena_mark(&a) == 0);
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, store, need), 0);
    CU_ASSERT_EQUAL_FATAL(TBSCertList_revokedCertificates_load_items(list, &a), 0);
    CU_ASSERT_FATAL(list->items != NULL && list->count == CRL_N);
    size_t bad = 0;
    for (size_t i = 0; i < CRL_N; i++)
        if (!TBSCertList_revokedCertificates_item_equal(&list->items[i], &items[i]))
            bad++;
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(CertificateList_equal(&crl, &dec));          /* items against items */
    CU_ASSERT_EQUAL(CertificateList_encode(&dec, enc, n, &len), 0);
    CU_ASSERT(len == n && memcmp(enc, der, n) == 0);
    free(store);
    free(enc);
    free(der);
}

/* SET OF from typed elements: the AVAs of one multi-valued RDN encoded in
 * the order given, then asn1rt_sort_set_of (in place, and with a scratch
 * arena) must give the SET's content as OpenSSL's i2d_X509_NAME sorts it. */
#define RDN_MAX 64

typedef struct rdn_case {
    const char *name;
    size_t n;
    const char *const *oids, *const *values;   /* NULL: generated, n of them */
} rdn_case;

static const char *const rdn5_oids[] = { "2.5.4.3", "2.5.4.10", "2.5.4.11", "2.5.4.6", "2.5.4.7" };
static const char *const rdn5_values[] = { "zz", "a", "mmmmm", "US", "b" };

static const rdn_case rdn_cases[] = {
    { "CN, O, OU, C, L (sorted: L, O, CN, C, OU)", 5, rdn5_oids, rdn5_values },
    { "60 AVAs of 4 types, values of 1..60 octets", 60, NULL, NULL },
};

static void test_rdn_sorted(void)
{
    static const char *const types[] = { "2.5.4.3", "2.5.4.10", "2.5.4.11", "2.5.4.5" };
    static char gen_values[RDN_MAX][64];
    static uint8_t scratch[8192];
    for (size_t c = 0; c < sizeof rdn_cases / sizeof rdn_cases[0]; c++) {
        const rdn_case *rc = &rdn_cases[c];
        const char *oids[RDN_MAX], *values[RDN_MAX];
        uint8_t der[8192], cat[8192], s1[8192], s2[8192], oid_buf[RDN_MAX][16], val_buf[RDN_MAX][80];
        size_t der_len = 0, pos = 0;
        asn1rt_reader r, name, set;
        asn1rt_arena a;
        for (size_t i = 0; i < rc->n; i++) {
            if (rc->oids != NULL) {
                oids[i] = rc->oids[i];
                values[i] = rc->values[i];
            } else {
                size_t len = 1 + (i * 37) % 60;   /* lengths 1..60 in a scrambled order */
                memset(gen_values[i], 'A' + (int)(i % 26), len);
                gen_values[i][len] = 0;
                oids[i] = types[i % 4];
                values[i] = gen_values[i];
            }
        }
        CU_ASSERT_EQUAL_FATAL(rdn_openssl_der(oids, values, rc->n, der, sizeof der, &der_len), 0);
        AttributeTypeAndValue avas[RDN_MAX];
        for (size_t i = 0; i < rc->n; i++) {
            AttributeTypeAndValue ava;
            asn1rt_writer w;
            size_t ol = 0, len = 0;
            CU_ASSERT_EQUAL_FATAL(asn1rt_oid_from_text(oids[i], oid_buf[i], sizeof oid_buf[i], &ol), 0);
            asn1rt_writer_init(&w, val_buf[i], sizeof val_buf[i]);
            CU_ASSERT_EQUAL_FATAL(asn1rt_prepend_octets(&w, ASN1RT_TAG(0, 0, ASN1RT_UT_PRINTABLESTRING),
                                                        (const uint8_t *)values[i], strlen(values[i])), 0);
            ava.type = (asn1rt_view){ oid_buf[i], ol };
            ava.value = (asn1rt_view){ w.pos, asn1rt_written(&w, val_buf[i] + sizeof val_buf[i]) };
            CU_ASSERT_EQUAL_FATAL(AttributeTypeAndValue_encode(&ava, cat + pos, sizeof cat - pos, &len), 0);
            pos += len;
            avas[i] = ava;
        }
        /* OpenSSL's Name: SEQUENCE { SET { the sorted AVAs } } */
        asn1rt_reader_init(&r, der, der_len);
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, ASN1RT_UT_SEQUENCE), &name), 0);
        const uint8_t *set_start = name.cur;
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&name, ASN1RT_TAG(0, 1, ASN1RT_UT_SET), &set), 0);
        CU_ASSERT_EQUAL_FATAL((size_t)(set.end - set.cur), pos);
        CU_ASSERT(memcmp(cat, set.cur, pos) != 0);    /* the given order is not DER order */
        memcpy(s1, cat, pos);
        memcpy(s2, cat, pos);
        CU_ASSERT_EQUAL(asn1rt_sort_set_of(s1, pos, NULL), 0);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, scratch, sizeof scratch), 0);
        CU_ASSERT_EQUAL(asn1rt_sort_set_of(s2, pos, &a), 0);
        if (memcmp(s1, set.cur, pos) != 0 || memcmp(s2, set.cur, pos) != 0) {
            CU_FAIL("sorted AVAs differ from OpenSSL's SET");
            fprintf(stderr, "\n  %s", rc->name);
        }
        /* The generated encoder from typed AVAs: with room to spare (the
         * writer's free space is the sort's scratch) and with a buffer of
         * exactly the SET's size (sorted in place). */
        RelativeDistinguishedName rdn = { { NULL, 0 }, rc->n, avas };
        size_t set_len = (size_t)(set.end - set_start), elen = 0;
        CU_ASSERT_EQUAL(RelativeDistinguishedName_check(&rdn), 0);
        CU_ASSERT_EQUAL(RelativeDistinguishedName_encoded_len(&rdn), set_len);
        for (size_t cap = sizeof s1; ; cap = set_len) {
            elen = 0;
            CU_ASSERT_EQUAL(RelativeDistinguishedName_encode(&rdn, s1, cap, &elen), 0);
            if (elen != set_len || memcmp(s1, set_start, set_len) != 0) {
                CU_FAIL("generated SET OF encode differs from OpenSSL's SET");
                fprintf(stderr, "\n  %s, cap %zu", rc->name, cap);
            }
            if (cap == set_len)
                break;
        }
    }
}

int main(void)
{
    static const cunit_test tests[] = {
        { "encoded_len == encode's length across every length boundary", test_boundaries },
        { "10 000-entry CRL from OpenSSL: encoded_len and bytes", test_crl },
        { "the CRL's entries from typed values: OpenSSL's bytes", test_crl_typed },
        { "SET OF from typed AVAs, sorted: OpenSSL's RDN", test_rdn_sorted },
    };
    int status;
    payload = malloc(MAX_L);
    rawbuf = malloc(RAW_HDR + MAX_L);
    out = malloc(OUT_CAP);
    if (payload == NULL || rawbuf == NULL || out == NULL)
        return 1;
    memset(payload, 'A', MAX_L);
    memset(rawbuf + RAW_HDR, 'A', MAX_L);
    CUNIT_SUITE("codegen-biglen", tests);
    status = cunit_run(CU_BRM_VERBOSE);
    free(payload);
    free(rawbuf);
    free(out);
    return status;
}
