/* bench_per.c — make bench-per: PER encode and decode, ns per operation,
 * one process run, all cases interleaved (bench/common/harness.h).
 * Rows: X.691 A.1 PersonnelRecord (the standard's value), an ETSI CAM
 * (a value of tests/per's seeded generator). Columns: asn1cc UPER, asn1cc
 * APER, asn1c 0.9.28 UPER (the boxes tests/per builds), and for A.1 a
 * hand-written bit-packing floor (a1_hand.c). Heap calls per operation
 * are counted by bench/peers/countalloc.c. Every implementation's bytes are
 * checked equal before anything is timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a1_hand.h"
#include "harness.h"
#include "peers.h"
#include "per_oracle.h"

#include "cam_pdu_descriptions.h"
#include "x691_a1.h"

extern const per_asn1c_box per_asn1c_a1, per_asn1c_cam;

/* X.691 A.1's value (John Smith's record). */
static a1h_str S(const char *s) { a1h_str r; r.len = (unsigned)strlen(s); memcpy(r.s, s, r.len); return r; }
static void a1_value(a1h_record *r)
{
    memset(r, 0, sizeof *r);
    r->name = (a1h_name){S("John"), S("P"), S("Smith")};
    r->title = S("Director");
    r->number = 51;
    r->date_of_hire = S("19710917");
    r->spouse = (a1h_name){S("Mary"), S("T"), S("Smith")};
    r->nchildren = 2;
    r->children[0] = (a1h_child){{S("Ralph"), S("T"), S("Smith")}, S("19571111")};
    r->children[1] = (a1h_child){{S("Susan"), S("B"), S("Jones")}, S("19590717")};
}

typedef struct row_ctx {
    const per_asn1c_box *box;
    int pdu;
    void *asn1c_value;         /* asn1c's struct, from DER */
    const void *value;         /* asn1cc's struct */
    size_t value_size;
    uint8_t uper[1024], aper[1024];
    size_t uper_len, aper_len;
    a1h_record hand;
} row_ctx;

static row_ctx a1, cam;
static uint8_t arena_storage[1 << 16];
static uint8_t out_buf[4096];

/* asn1cc: T_<rule>_decode of the row's <rule> octets, each decode with a
 * fresh arena (asn1rt_arena_init is a few stores), as T_name. */
#define CC_DEC(T, name, rule)                                                              \
    static uint64_t T##_##name(void *c, uint64_t n)                                       \
    {                                                                                     \
        row_ctx *x = c; uint64_t acc = 0; static T out; asn1rt_arena a;                   \
        for (uint64_t i = 0; i < n; i++) {                                                \
            acc |= (uint64_t)asn1rt_arena_init(&a, arena_storage, sizeof arena_storage);   \
            acc |= (uint64_t)T##_##rule##_decode(&out, x->rule, x->rule##_len, &a) ? 1 : 0; \
            bench_escape(&out);                                                           \
        }                                                                                 \
        return acc;                                                                       \
    }
/* asn1cc: T_<rule>_encode of the row's value, as T_name. */
#define CC_ENC(T, name, rule)                                                              \
    static uint64_t T##_##name(void *c, uint64_t n)                                       \
    {                                                                                     \
        row_ctx *x = c; uint64_t acc = 0; size_t len;                                     \
        for (uint64_t i = 0; i < n; i++) {                                                \
            acc |= T##_##rule##_encode(x->value, out_buf, sizeof out_buf, &len) ? 1u : 0u; \
            bench_escape(out_buf);                                                        \
        }                                                                                 \
        return acc;                                                                       \
    }
#define CC_FNS(T) CC_DEC(T, udec, uper) CC_DEC(T, adec, aper) CC_ENC(T, uenc, uper) CC_ENC(T, aenc, aper)
CC_FNS(a1_PersonnelRecord)
CC_FNS(cam_CAM)

static uint64_t asn1c_dec(void *c, uint64_t n)
{
    row_ctx *x = c;
    return x->box->decode_n(x->pdu, x->uper, x->uper_len, n);
}
static uint64_t asn1c_enc(void *c, uint64_t n)
{
    row_ctx *x = c;
    return x->box->encode_n(x->pdu, x->asn1c_value, out_buf, sizeof out_buf, n);
}
static uint64_t hand_dec(void *c, uint64_t n)
{
    row_ctx *x = c; uint64_t acc = 0; static a1h_record out;
    for (uint64_t i = 0; i < n; i++) {
        acc |= a1h_decode(&out, x->uper, x->uper_len) ? 1u : 0;
        bench_escape(&out);
    }
    return acc;
}
static uint64_t hand_enc(void *c, uint64_t n)
{
    row_ctx *x = c; uint64_t acc = 0; size_t len;
    for (uint64_t i = 0; i < n; i++) {
        acc |= a1h_encode(&x->hand, out_buf, sizeof out_buf, &len) ? 1u : 0u;
        bench_escape(out_buf);
    }
    return acc;
}

static int die(const char *what)
{
    fprintf(stderr, "bench-per: %s\n", what);
    return 1;
}

static int pdu_index(const per_asn1c_box *box, const char *name)
{
    for (int i = 0; i < box->npdus; i++)
        if (strcmp(box->pdus[i], name) == 0)
            return i;
    return -1;
}

/* Heap calls of one operation. */
static unsigned long allocs(bench_fn fn, void *ctx)
{
    peers_alloc_start();
    uint64_t r = fn(ctx, 1);
    peers_alloc_count c = peers_alloc_stop();
    bench_use(r);
    return (unsigned long)c.calls;
}

static per_bytes der, uper_tmp;

int main(int argc, char **argv)
{
    const char *csv = argc > 1 ? argv[1] : "bench/results/per.csv";
    static a1_PersonnelRecord a1_v;
    static cam_CAM cam_v;
    static uint8_t a1_store[4096];   /* the A.1 value's strings (UPER copies them) */
    asn1rt_arena arena;
    char why[256];

    /* A.1: the hand floor writes the standard's value; asn1cc must read it
     * and write the same octets, asn1c must too. */
    a1_value(&a1.hand);
    if (a1h_encode(&a1.hand, a1.uper, sizeof a1.uper, &a1.uper_len) != 0 ||
        asn1rt_arena_init(&arena, a1_store, sizeof a1_store) != 0 ||
        a1_PersonnelRecord_uper_decode(&a1_v, a1.uper, a1.uper_len, &arena) != 0)
        return die("asn1cc does not read the hand floor's A.1");
    size_t n;
    if (a1_PersonnelRecord_uper_encode(&a1_v, out_buf, sizeof out_buf, &n) != 0 || n != a1.uper_len ||
        memcmp(out_buf, a1.uper, n) != 0)
        return die("asn1cc's A.1 UPER differs from the hand floor's");
    if (a1_PersonnelRecord_aper_encode(&a1_v, a1.aper, sizeof a1.aper, &a1.aper_len) != 0 ||
        a1_PersonnelRecord_encode(&a1_v, der.b, sizeof der.b, &der.len) != 0)
        return die("asn1cc's A.1 APER or DER encode failed");
    a1.box = &per_asn1c_a1;
    a1.pdu = pdu_index(a1.box, "PersonnelRecord");
    a1.value = &a1_v;
    if (a1.pdu < 0 || (a1.asn1c_value = a1.box->load_der(a1.pdu, der.b, der.len)) == NULL ||
        a1.box->der_to_uper(a1.pdu, der.b, der.len, &uper_tmp, why, sizeof why) != 0 ||
        uper_tmp.len != a1.uper_len || memcmp(uper_tmp.b, a1.uper, a1.uper_len) != 0)
        return die("asn1c's A.1 differs");

    /* CAM: seed 11 of the generator (79 octets, a realistic size), through DER into asn1cc's struct. */
    cam.box = &per_asn1c_cam;
    cam.pdu = pdu_index(cam.box, "CAM");
    if (cam.pdu < 0 || cam.box->make(cam.pdu, 11, &der, &uper_tmp, why, sizeof why) != 0 ||
        cam_CAM_decode_ex(&cam_v, der.b, der.len, ASN1RT_LAX_DEFAULT, NULL) != 0 ||
        cam_CAM_uper_encode(&cam_v, cam.uper, sizeof cam.uper, &cam.uper_len) != 0 ||
        cam.uper_len != uper_tmp.len || memcmp(cam.uper, uper_tmp.b, cam.uper_len) != 0 ||
        cam_CAM_aper_encode(&cam_v, cam.aper, sizeof cam.aper, &cam.aper_len) != 0 ||
        (cam.asn1c_value = cam.box->load_der(cam.pdu, der.b, der.len)) == NULL)
        return die("the CAM row's value differs between asn1c and asn1cc");
    cam.value = &cam_v;

    bench_case cases[] = {
        {"decode", "A.1", "asn1cc UPER", a1_PersonnelRecord_udec, &a1, 0, 0, 0, 0, 0},
        {"decode", "A.1", "asn1cc APER", a1_PersonnelRecord_adec, &a1, 0, 0, 0, 0, 0},
        {"decode", "A.1", "asn1c UPER", asn1c_dec, &a1, 0, 0, 0, 0, 0},
        {"decode", "A.1", "hand UPER", hand_dec, &a1, 0, 0, 0, 0, 0},
        {"decode", "CAM", "asn1cc UPER", cam_CAM_udec, &cam, 0, 0, 0, 0, 0},
        {"decode", "CAM", "asn1cc APER", cam_CAM_adec, &cam, 0, 0, 0, 0, 0},
        {"decode", "CAM", "asn1c UPER", asn1c_dec, &cam, 0, 0, 0, 0, 0},
        {"encode", "A.1", "asn1cc UPER", a1_PersonnelRecord_uenc, &a1, 0, 0, 0, 0, 0},
        {"encode", "A.1", "asn1cc APER", a1_PersonnelRecord_aenc, &a1, 0, 0, 0, 0, 0},
        {"encode", "A.1", "asn1c UPER", asn1c_enc, &a1, 0, 0, 0, 0, 0},
        {"encode", "A.1", "hand UPER", hand_enc, &a1, 0, 0, 0, 0, 0},
        {"encode", "CAM", "asn1cc UPER", cam_CAM_uenc, &cam, 0, 0, 0, 0, 0},
        {"encode", "CAM", "asn1cc APER", cam_CAM_aenc, &cam, 0, 0, 0, 0, 0},
        {"encode", "CAM", "asn1c UPER", asn1c_enc, &cam, 0, 0, 0, 0, 0},
    };
    size_t nc = sizeof cases / sizeof cases[0];
    unsigned long heap[sizeof cases / sizeof cases[0]];
    for (size_t i = 0; i < nc; i++)
        heap[i] = allocs(cases[i].fn, cases[i].ctx);

    bench_config cfg;
    bench_config_default(&cfg);
    bench_banner_flags(stdout, "PER encode/decode (make bench-per)", &cfg,
                       BENCH_PER_FLAGS "; asn1c's code: " BENCH_PER_ASN1C_FLAGS);
    if (bench_run_cputime(cases, nc, &cfg) != 0)
        return 1;

    printf("### PER: ns per operation (median), heap calls per operation\n\n"
           "A.1: X.691 A.1's value, %zu octets UPER, %zu APER. CAM: generator seed 11, %zu octets UPER, %zu APER.\n\n",
           a1.uper_len, a1.aper_len, cam.uper_len, cam.aper_len);
    printf("| op | row | asn1cc UPER | asn1cc APER | asn1c UPER | hand UPER | asn1c / asn1cc UPER | asn1cc UPER / hand |\n"
           "|---|---|---|---|---|---|---|---|\n");
    static const char *const ops[2] = {"decode", "encode"}, *const rowsn[2] = {"A.1", "CAM"};
    for (int o = 0; o < 2; o++)
        for (int r = 0; r < 2; r++) {
            bench_case *cu = bench_find(cases, nc, ops[o], rowsn[r], "asn1cc UPER");
            bench_case *ca = bench_find(cases, nc, ops[o], rowsn[r], "asn1cc APER");
            bench_case *cc = bench_find(cases, nc, ops[o], rowsn[r], "asn1c UPER");
            bench_case *ch = bench_find(cases, nc, ops[o], rowsn[r], "hand UPER");
            char hand[64] = "—", floor_ratio[64] = "—";
            #define HEAP(c) heap[(c) - cases]
            if (ch) {
                snprintf(hand, sizeof hand, "%.0f ns (%lu)", ch->median_ns, HEAP(ch));
                bench_ratio q = bench_paired_ratio(cu, ch);
                snprintf(floor_ratio, sizeof floor_ratio, "%.2f× [%.2f, %.2f]", q.median, q.lo, q.hi);
            }
            bench_ratio q = bench_paired_ratio(cc, cu);
            printf("| %s | %s | %.0f ns (%lu) | %.0f ns (%lu) | %.0f ns (%lu) | %s | %.1f× [%.1f, %.1f] | %s |\n",
                   ops[o], rowsn[r], cu->median_ns, HEAP(cu), ca->median_ns, HEAP(ca), cc->median_ns, HEAP(cc),
                   hand, q.median, q.lo, q.hi, floor_ratio);
        }
    printf("\n(n): heap calls in one operation. Ratios: median of per-round ratios, 95%% interval.\n");
    int rc = bench_csv_write(csv, cases, nc);
    a1.box->release(a1.pdu, a1.asn1c_value);
    cam.box->release(cam.pdu, cam.asn1c_value);
    bench_free(cases, nc);
    return rc == 0 ? 0 : 1;
}
