/* A/B (perf-findings section 19): generated Certificate_encode builds and the
 * forward prototypes in one program, interleaved rounds, byte-checked first
 * (the last four are timing only: final move skipped, length passes alone). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pkix1explicit88.h"
#include "x509_bench.h"
typedef int (*encfn)(const Certificate *, uint8_t *, size_t, size_t *);
#define V(n) int enc##n(const Certificate *, uint8_t *, size_t, size_t *);
V(0) V(1) V(3) int fwd3(const Certificate *, uint8_t *, size_t, size_t *); int fwd1(const Certificate *, uint8_t *, size_t, size_t *); int fwdx(const Certificate *, uint8_t *, size_t, size_t *);
/* The public API sized first: the writer then starts at buf + len, and the
 * final move is skipped (s == buf). */
static int sized(const Certificate *c, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = Certificate_encoded_len(c);
    return Certificate_encode(c, buf, n <= cap ? n : cap, len);
}
static int lenonly(const Certificate *c, uint8_t *buf, size_t cap, size_t *len)
{
    (void)buf; (void)cap;
    *len = Certificate_encoded_len(c);
    return 0;
}
size_t lenF(const Certificate *); size_t lenS(const Certificate *); V(F) V(S)
static int sizedF(const Certificate *c, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = lenF(c);
    return encF(c, buf, n <= cap ? n : cap, len);
}
static int sizedS(const Certificate *c, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = lenS(c);
    return encS(c, buf, n <= cap ? n : cap, len);
}
static int lenonlyF(const Certificate *c, uint8_t *buf, size_t cap, size_t *len) { (void)buf; (void)cap; *len = lenF(c); return 0; }
static int lenonlyS(const Certificate *c, uint8_t *buf, size_t cap, size_t *len) { (void)buf; (void)cap; *len = lenS(c); return 0; }
static encfn fns[] = { enc0, enc1, fwdx, sized, sizedF, sizedS, enc3, lenonly, lenonlyF, lenonlyS };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv)
{
    int nv = argc > 1 ? atoi(argv[1]) : 2, rounds = argc > 2 ? atoi(argv[2]) : 201;
    uint8_t **der; size_t *len, n;
    if (xb_load_bundle("/etc/ssl/certs/ca-certificates.crt", &der, &len, &n)) return 1;
    Certificate *c = calloc(n, sizeof *c);
    size_t cap = 1 << 16; uint8_t *buf = malloc(cap);
    for (size_t i = 0; i < n; i++) {
        if (Certificate_decode(&c[i], der[i], len[i])) return 2;
        for (int v = 0; v < nv; v++) {
            size_t m = 0;
            if (fns[v](&c[i], buf, cap, &m) || m != len[i] || (v < 6 &&  memcmp(buf, der[i], m))) { printf("variant %d differs on %zu\n", v, i); return 3; }
        }
    }
    double *t = calloc((size_t)rounds * nv, sizeof *t), *r = calloc(rounds, sizeof *r);
    for (int k = 0; k < rounds; k++)
        for (int j = 0; j < nv; j++) {
            int v = (j + k) % nv;
            double t0 = now();
            for (int rep = 0; rep < 20; rep++)
                for (size_t i = 0; i < n; i++) { size_t m; fns[v](&c[i], buf, cap, &m); __asm__ volatile("" ::"r"(buf) : "memory"); }
            t[k * nv + v] = (now() - t0) / (20.0 * n);
        }
    for (int v = 0; v < nv; v++) {
        for (int k = 0; k < rounds; k++) r[k] = t[k * nv + v] / t[k * nv];
        qsort(r, rounds, sizeof *r, cmpd);
        double ab = r[rounds / 2];
        for (int k = 0; k < rounds; k++) r[k] = t[k * nv + v];
        qsort(r, rounds, sizeof *r, cmpd);
        printf("variant %d: median %.2f ns/cert, ratio to 0: %.3f\n", v, r[rounds / 2], ab);
    }
    return 0;
}
