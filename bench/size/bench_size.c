/* bench_size.c — the decode column of make bench-size: one APER S1AP
 * message (build_msg in decode_msg.c, written alike by both) decoded whole by the default output
 * and by the --size output, side by side in one run (bench/common's
 * interleaved rounds, medians, paired ratio). The sizes, build times and
 * compiler memory are measured by bench_size.sh, which runs this last. */
#include <stdio.h>
#include <string.h>

#include "harness.h"

size_t dflt_build_msg(uint8_t *out, size_t cap);
size_t size_build_msg(uint8_t *out, size_t cap);
int dflt_decode_msg(const uint8_t *in, size_t len, uint8_t *mem, size_t cap, unsigned *sum);
int size_decode_msg(const uint8_t *in, size_t len, uint8_t *mem, size_t cap, unsigned *sum);

typedef int (*decode_fn)(const uint8_t *, size_t, uint8_t *, size_t, unsigned *);
typedef struct msg_ctx { const uint8_t *in; size_t len; decode_fn fn; } msg_ctx;

static uint64_t run_decode(void *vctx, uint64_t iters)
{
    const msg_ctx *c = vctx;
    uint8_t *mem = bench_slot(0, 8192);
    uint64_t acc = 0;
    unsigned sum = 0;
    for (uint64_t i = 0; i < iters; i++) {
        acc |= c->fn(c->in, c->len, mem, 8192, &sum) != 4;
        bench_escape(mem);
    }
    bench_use(sum);
    return acc;
}

int main(void)
{
    static uint8_t msg[2048], again[2048], mem[8192];
    size_t len = dflt_build_msg(msg, sizeof msg);
    unsigned s1 = 0, s2 = 0;
    if (len == 0 || size_build_msg(again, sizeof again) != len || memcmp(msg, again, len) != 0) {
        fprintf(stderr, "bench-size: the two builds do not encode the message alike\n");
        return 1;
    }
    if (dflt_decode_msg(msg, len, mem, sizeof mem, &s1) != 4 ||
        size_decode_msg(msg, len, mem, sizeof mem, &s2) != 4 || s1 != s2) {
        fprintf(stderr, "bench-size: the two builds do not decode the message alike\n");
        return 1;
    }
    msg_ctx d = { msg, len, dflt_decode_msg }, s = { msg, len, size_decode_msg };
    bench_case cases[] = {
        { "decode", "S1SetupRequest", "default", run_decode, &d, 0, NULL, 0, 0, 0 },
        { "decode", "S1SetupRequest", "size", run_decode, &s, 0, NULL, 0, 0, 0 },
    };
    bench_config cfg;
    if (bench_measure(&cfg, "bench-size: APER decode, default vs --size", cases, 2) != 0)
        return 1;
    bench_ratio r = bench_paired_ratio(&cases[1], &cases[0]);
    printf("\n| op | message | default ns/op | --size ns/op | --size / default |\n|---|---|---:|---:|---:|\n");
    printf("| APER decode, all IEs | S1SetupRequest, %zu octets, 4 IEs | %.1f | %.1f | %.2fx [%.2f, %.2f] |\n", len,
           cases[0].median_ns, cases[1].median_ns, r.median, r.lo, r.hi);
    bench_free(cases, 2);
    return 0;
}
