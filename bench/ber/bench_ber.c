/* bench-ber: one indefinite-length CMS SignedData with a certificate
 * (tests/runtime/ber/signed-stream.ber, `openssl cms -sign -stream`)
 * decoded as BER by asn1cc (ContentInfo_ber_decode, then SignedData_ber_decode
 * of its content: the whole message, certificate included, into structs),
 * by OpenSSL's d2i_CMS_ContentInfo and by libtasn1's asn1_der_decoding (which
 * reads BER; bench/peers/peer_tasn1.c), beside the same value as DER (i2d_CMS_ContentInfo's bytes)
 * through asn1cc's strict T_decode. One interleaved run (bench/common), heap
 * calls of one decode each counted (bench/peers/countalloc.c). */
#include <openssl/cms.h>
#include <openssl/opensslv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptographicmessagesyntax2004.h"
#include "harness.h"
#include "peers.h"

typedef struct ber_ctx {
    const uint8_t *ber, *der;
    size_t ber_len, der_len;
    asn1rt_arena arena;
} ber_ctx;

/* The message, and the same with definite lengths on its EXPLICIT tags
 * (defexplicit.py), the form libtasn1 reads. */
static ber_ctx msg, var;

static _Alignas(64) uint8_t arena_buf[1 << 16];

/* The user's two steps: the ContentInfo, then the SignedData it carries. */
static int asn1cc_ber_once(ber_ctx *c, SignedData *sd)
{
    ContentInfo ci;
    asn1rt_arena_reset(&c->arena, 0);
    if (ContentInfo_ber_decode(&ci, c->ber, c->ber_len, &c->arena) != 0)
        return 1;
    return SignedData_ber_decode(sd, ci.content.ptr, ci.content.len, &c->arena) != 0;
}

static int asn1cc_der_once(const ber_ctx *c, SignedData *sd)
{
    ContentInfo ci;
    if (ContentInfo_decode(&ci, c->der, c->der_len) != 0)
        return 1;
    return SignedData_decode(sd, ci.content.ptr, ci.content.len) != 0;
}

static int openssl_once(const ber_ctx *c)
{
    const unsigned char *p = c->ber;
    CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &p, (long)c->ber_len);
    if (cms == NULL)
        return 1;
    CMS_ContentInfo_free(cms);
    return 0;
}

static int tasn1_once(const ber_ctx *c) { return peers_libtasn1_decode("BerTasn1.ContentInfo", c->ber, c->ber_len); }

/* static uint64_t name(void *ctx, uint64_t iters): `once` (an expression
 * of ctx and sd) iters times; every implementation's loop is this one, sd
 * (asn1cc's output) kept alive each time. */
#define DECODE_LOOP(name, once)                                 \
    static uint64_t name(void *ctx, uint64_t iters)             \
    {                                                           \
        uint64_t bad = 0;                                       \
        SignedData *sd = bench_slot(0, sizeof *sd);             \
        for (uint64_t i = 0; i < iters; i++) {                  \
            bad |= (uint64_t)(once);                            \
            bench_escape(sd);                                   \
        }                                                       \
        return bad;                                             \
    }

DECODE_LOOP(run_asn1cc_ber, asn1cc_ber_once(ctx, sd))
DECODE_LOOP(run_asn1cc_der, asn1cc_der_once(ctx, sd))
DECODE_LOOP(run_openssl, openssl_once(ctx))
DECODE_LOOP(run_tasn1, tasn1_once(ctx))

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n)) != NULL)
        *len = fread(buf, 1, (size_t)n, f);
    if (f)
        fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/runtime/ber/signed-stream.ber";
    const char *vpath = argc > 2 ? argv[2] : "build/bench/ber/signed-defexplicit.ber";
    const char *defs = argc > 3 ? argv[3] : "bench/ber/cms_tasn1.asn";
    unsigned char *der = NULL;
    const unsigned char *p;
    CMS_ContentInfo *cms;
    SignedData sd;
    bench_config cfg;
    peers_alloc_count al[5];
    int n;

    if ((msg.ber = slurp(path, &msg.ber_len)) == NULL || (var.ber = slurp(vpath, &var.ber_len)) == NULL) {
        fprintf(stderr, "bench-ber: cannot read %s or %s\n", path, vpath);
        return 1;
    }
    p = msg.ber;
    if ((cms = d2i_CMS_ContentInfo(NULL, &p, (long)msg.ber_len)) == NULL || (n = i2d_CMS_ContentInfo(cms, &der)) <= 0) {
        fprintf(stderr, "bench-ber: OpenSSL does not read %s\n", path);
        return 1;
    }
    CMS_ContentInfo_free(cms);
    msg.der = der;
    msg.der_len = (size_t)n;
    if (asn1rt_arena_init(&msg.arena, arena_buf, sizeof arena_buf) != 0 ||
        asn1rt_arena_init(&var.arena, arena_buf, sizeof arena_buf) != 0 || peers_libtasn1_init(defs) != 0)
        return 1;
    /* Every implementation must read its input before it is timed. */
    if (asn1cc_ber_once(&msg, &sd) || asn1cc_der_once(&msg, &sd) || openssl_once(&msg) || asn1cc_ber_once(&var, &sd) ||
        tasn1_once(&var)) {
        fprintf(stderr, "bench-ber: an implementation rejects its input (asn1cc %d, DER %d, OpenSSL %d, asn1cc on %s %d, "
                "libtasn1 %d)\n", asn1cc_ber_once(&msg, &sd), asn1cc_der_once(&msg, &sd), openssl_once(&msg), vpath,
                asn1cc_ber_once(&var, &sd), tasn1_once(&var));
        return 1;
    }
    bench_case cases[] = {
        { "ber", "BER", "asn1cc T_ber_decode", run_asn1cc_ber, &msg, 0, NULL, 0, 0, 0 },
        { "ber", "DER", "asn1cc T_decode", run_asn1cc_der, &msg, 0, NULL, 0, 0, 0 },
        { "ber", "BER", "OpenSSL d2i_CMS_ContentInfo", run_openssl, &msg, 0, NULL, 0, 0, 0 },
        { "ber", "BER, definite EXPLICIT", "asn1cc T_ber_decode", run_asn1cc_ber, &var, 0, NULL, 0, 0, 0 },
        { "ber", "BER, definite EXPLICIT", "libtasn1 asn1_der_decoding", run_tasn1, &var, 0, NULL, 0, 0, 0 },
    };
    size_t nc = sizeof cases / sizeof cases[0];
    for (size_t i = 0; i < nc; i++) {
        peers_alloc_start();
        (void)cases[i].fn(cases[i].ctx, 1);
        al[i] = peers_alloc_stop();
    }
    (void)asn1cc_ber_once(&msg, &sd);
    bench_config_default(&cfg);
    bench_banner(stdout, "bench-ber: indefinite-length CMS SignedData decode", &cfg);
    printf("\n%s: %zu B as BER (`openssl cms -sign -stream`: indefinite lengths, eContent in segments), %zu B as DER "
           "(i2d_CMS_ContentInfo), %zu B with definite EXPLICIT lengths (%s); SignedData with %zu certificate(s), "
           "%zu signer(s), arena used %zu B; %s, %s\n\n",
           path, msg.ber_len, msg.der_len, var.ber_len, vpath, sd.certificates.count, sd.signerInfos.count,
           msg.arena.used, OPENSSL_VERSION_TEXT, peers_libtasn1.version);
    if (bench_run(cases, nc, &cfg) != 0)
        return 1;
    bench_ratio r_der = bench_paired_ratio(&cases[0], &cases[1]);
    bench_ratio r_ossl = bench_paired_ratio(&cases[2], &cases[0]);
    bench_ratio r_tasn1 = bench_paired_ratio(&cases[4], &cases[3]);

    printf("| input | implementation | median ns | min ns | heap calls / decode |\n|---|---|---:|---:|---:|\n");
    for (size_t i = 0; i < nc; i++)
        printf("| %s | %s | %.0f | %.0f | %zu |\n", cases[i].row, cases[i].impl, cases[i].median_ns, cases[i].min_ns,
               (size_t)al[i].calls);
    printf("\n| ratio (per-round medians, 95%% interval) | value | goal |\n|---|---:|---|\n");
    printf("| asn1cc BER / asn1cc DER (same value) | %.2fx [%.2f, %.2f] | <= 1.5x |\n", r_der.median, r_der.lo, r_der.hi);
    printf("| OpenSSL / asn1cc BER | %.1fx [%.1f, %.1f] | >= 20x |\n", r_ossl.median, r_ossl.lo, r_ossl.hi);
    printf("| libtasn1 / asn1cc BER (definite EXPLICIT) | %.1fx [%.1f, %.1f] | >= 20x |\n", r_tasn1.median, r_tasn1.lo,
           r_tasn1.hi);
    printf("| asn1cc BER heap calls | %zu | 0 |\n", (size_t)al[0].calls);
    bench_free(cases, nc);
    peers_libtasn1_done();
    OPENSSL_free(der);
    free((void *)msg.ber);
    free((void *)var.ber);
    return 0;
}
