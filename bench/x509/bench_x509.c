/* make bench-x509 — full strict decode and re-encode of every certificate of
 * the ca-certificates bundle by asn1cc's generated code, side by side (one
 * process, interleaved rounds) with a minimal hand-written header walker
 * (the floor), OpenSSL's ASN.1 template engine on a plain Certificate
 * template (the fair anchor) and d2i_X509. One operation is one certificate;
 * each batch cycles through the whole set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pkix1explicit88.h"
#include "x509_bench.h"
#include "x509_walker.h"

typedef struct certset {
    uint8_t **der;
    size_t *len;
    size_t n;
    Certificate *decoded;   /* for the encode rows */
    void **tpl;             /* OpenSSL template values, for its encode row */
    uint8_t *buf;
    size_t cap;
} certset;

#define LOOP(FN_BODY)                                                   \
    certset *s = ctx;                                                   \
    uint64_t acc = 0;                                                   \
    size_t i = 0;                                                       \
    for (uint64_t k = 0; k < iters; k++) {                              \
        FN_BODY;                                                        \
        if (++i == s->n)                                                \
            i = 0;                                                      \
    }                                                                   \
    return acc;

static uint64_t run_asn1cc_decode(void *ctx, uint64_t iters)
{
    Certificate c;
    LOOP({
        int rc = Certificate_decode(&c, s->der[i], s->len[i]);
        bench_escape(&c);
        acc |= (uint64_t)(rc != 0);
    })
}

static uint64_t run_walker_decode(void *ctx, uint64_t iters)
{
    x509w_cert c;
    LOOP({
        int rc = x509w_walk(s->der[i], s->len[i], &c);
        bench_escape(&c);
        acc |= (uint64_t)(rc != 0);
    })
}

static uint64_t run_tpl_decode(void *ctx, uint64_t iters)
{
    LOOP({ acc |= (uint64_t)(xb_tpl_decode(s->der[i], s->len[i]) < 0); })
}

static uint64_t run_d2i_decode(void *ctx, uint64_t iters)
{
    LOOP({ acc |= (uint64_t)(xb_d2i_decode(s->der[i], s->len[i]) < 0); })
}

static uint64_t run_asn1cc_encode(void *ctx, uint64_t iters)
{
    LOOP({
        size_t n;
        int rc = Certificate_encode(&s->decoded[i], s->buf, s->cap, &n);
        bench_escape(s->buf);
        acc |= (uint64_t)(rc != 0 || n != s->len[i]);
    })
}

static uint64_t run_tpl_encode(void *ctx, uint64_t iters)
{
    LOOP({
        size_t n;
        int rc = xb_tpl_encode(s->tpl[i], s->buf, s->cap, &n);
        bench_escape(s->buf);
        acc |= (uint64_t)(rc != 0 || n != s->len[i]);
    })
}

int main(int argc, char **argv)
{
    const char *bundle = getenv("X509_BUNDLE") ? getenv("X509_BUNDLE") : "/etc/ssl/certs/ca-certificates.crt";
    const char *csv = argc > 1 ? argv[1] : NULL;
    certset s = {0};
    bench_config cfg;
    size_t total = 0;

    if (xb_load_bundle(bundle, &s.der, &s.len, &s.n) != 0) {
        fprintf(stderr, "bench-x509: no certificates in %s\n", bundle);
        return 1;
    }
    s.cap = 1 << 16;
    s.buf = malloc(s.cap);
    s.decoded = calloc(s.n, sizeof *s.decoded);
    s.tpl = calloc(s.n, sizeof *s.tpl);
    /* Every implementation must accept every certificate, and both encoders
     * must give back the input bytes, before anything is timed. */
    for (size_t i = 0; i < s.n; i++) {
        size_t n;
        x509w_cert w;
        total += s.len[i];
        if (Certificate_decode(&s.decoded[i], s.der[i], s.len[i]) != 0 ||
            Certificate_encode(&s.decoded[i], s.buf, s.cap, &n) != 0 || n != s.len[i] ||
            memcmp(s.buf, s.der[i], n) != 0) {
            fprintf(stderr, "bench-x509: asn1cc does not round-trip certificate %zu\n", i);
            return 1;
        }
        if (x509w_walk(s.der[i], s.len[i], &w) != 0 || xb_d2i_decode(s.der[i], s.len[i]) < 0) {
            fprintf(stderr, "bench-x509: walker or d2i_X509 rejects certificate %zu\n", i);
            return 1;
        }
        s.tpl[i] = xb_tpl_load(s.der[i], s.len[i]);
        if (s.tpl[i] == NULL || xb_tpl_encode(s.tpl[i], s.buf, s.cap, &n) != 0 || n != s.len[i] ||
            memcmp(s.buf, s.der[i], n) != 0) {
            fprintf(stderr, "bench-x509: OpenSSL template does not round-trip certificate %zu\n", i);
            return 1;
        }
    }

    bench_case cases[] = {
        { "x509", "decode", "asn1cc", run_asn1cc_decode, &s, 0, NULL, 0, 0, 0 },
        { "x509", "decode", "walker", run_walker_decode, &s, 0, NULL, 0, 0, 0 },
        { "x509", "decode", "openssl-template", run_tpl_decode, &s, 0, NULL, 0, 0, 0 },
        { "x509", "decode", "openssl-d2i", run_d2i_decode, &s, 0, NULL, 0, 0, 0 },
        { "x509", "encode", "asn1cc", run_asn1cc_encode, &s, 0, NULL, 0, 0, 0 },
        { "x509", "encode", "openssl-template", run_tpl_encode, &s, 0, NULL, 0, 0, 0 },
    };
    size_t nc = sizeof cases / sizeof cases[0];
    bench_config_default(&cfg);
    bench_banner(stdout, "bench-x509: X.509 certificate decode/encode", &cfg);
    printf("\n%zu certificates from %s, %zu bytes in all (mean %zu B); sizeof(Certificate) = %zu B, "
           "sizeof(TBSCertificate) = %zu B, sizeof(Name) = %zu B, sizeof(Extensions) = %zu B\n\n",
           s.n, bundle, total, total / s.n, sizeof(Certificate), sizeof(TBSCertificate), sizeof(Name),
           sizeof(Extensions));
    if (bench_run(cases, nc, &cfg) != 0)
        return 1;

    bench_case *dec = bench_find(cases, nc, "x509", "decode", "asn1cc");
    bench_case *walk = bench_find(cases, nc, "x509", "decode", "walker");
    bench_case *tpl = bench_find(cases, nc, "x509", "decode", "openssl-template");
    bench_case *d2i = bench_find(cases, nc, "x509", "decode", "openssl-d2i");
    bench_case *enc = bench_find(cases, nc, "x509", "encode", "asn1cc");
    bench_case *tenc = bench_find(cases, nc, "x509", "encode", "openssl-template");
    bench_ratio r_walk = bench_paired_ratio(dec, walk);
    bench_ratio r_tpl = bench_paired_ratio(tpl, dec);
    bench_ratio r_d2i = bench_paired_ratio(d2i, dec);
    bench_ratio r_enc = bench_paired_ratio(tenc, enc);

    printf("| operation | implementation | median ns/cert | min ns/cert |\n|---|---|---:|---:|\n");
    for (size_t i = 0; i < nc; i++)
        printf("| %s | %s | %.1f | %.1f |\n", cases[i].row, cases[i].impl, cases[i].median_ns, cases[i].min_ns);
    printf("\n| ratio (per-round medians, 95%% interval) | value | goal |\n|---|---:|---|\n");
    printf("| asn1cc decode / walker decode | %.2fx [%.2f, %.2f] | <= 1.15x (issue 17) |\n", r_walk.median, r_walk.lo, r_walk.hi);
    printf("| template decode / asn1cc decode | %.1fx [%.1f, %.1f] | >= 30x |\n", r_tpl.median, r_tpl.lo, r_tpl.hi);
    printf("| d2i_X509 / asn1cc decode | %.1fx [%.1f, %.1f] | (reported) |\n", r_d2i.median, r_d2i.lo, r_d2i.hi);
    printf("| template encode / asn1cc encode | %.1fx [%.1f, %.1f] | >= 100x (issue 17) |\n", r_enc.median, r_enc.lo, r_enc.hi);
    if (csv && bench_csv_write(csv, cases, nc) != 0) {
        fprintf(stderr, "bench-x509: cannot write %s\n", csv);
        return 1;
    }
    if (csv)
        printf("\nCSV: %s\n", csv);
    for (size_t i = 0; i < s.n; i++) {
        xb_tpl_free(s.tpl[i]);
        xb_free(s.der[i]);
    }
    bench_free(cases, nc);
    free(s.tpl);
    free(s.decoded);
    free(s.buf);
    free(s.der);
    free(s.len);
    return 0;
}
