/*
 * make bench-sequence: the seed's sequence table on asn1cc-generated code.
 * The seed decodes lazily (header only); ours decodes and validates every
 * element into a struct, and must still be faster.
 */
#include <string.h>

#include "bench.h" /* generated/bench.h */
#include "codec_loops.h"
#include "harness.h"

/* SimpleSequence { id 12345, flag TRUE, payload "ABCDEFGHIJKLMNOP" } */
static const uint8_t der_simple[27] = {
    0x30, 0x19, 0x80, 0x02, 0x30, 0x39, 0x81, 0x01, 0xff, 0x82, 0x10, 0x41,
    0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d,
    0x4e, 0x4f, 0x50
};

/* NestedSequence { header <the simple one>, body { count 3, inner <the same> } } */
static const uint8_t der_nested[61] = {
    0x30, 0x3b, 0xa0, 0x19, 0x80, 0x02, 0x30, 0x39, 0x81, 0x01, 0xff, 0x82,
    0x10, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b,
    0x4c, 0x4d, 0x4e, 0x4f, 0x50, 0xa1, 0x1e, 0x80, 0x01, 0x03, 0xa1, 0x19,
    0x80, 0x02, 0x30, 0x39, 0x81, 0x01, 0xff, 0x82, 0x10, 0x41, 0x42, 0x43,
    0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x50
};

/* ComplexSequence { version 2, name "complex", value text "hello",
 * items { 1, 2, 3, 4000000000 } } (note absent) */
static const uint8_t der_complex[41] = {
    0x30, 0x27, 0x80, 0x01, 0x02, 0x81, 0x07, 0x63, 0x6f, 0x6d, 0x70, 0x6c,
    0x65, 0x78, 0xa3, 0x07, 0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0xa4,
    0x10, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x02, 0x01, 0x03, 0x02, 0x05,
    0x00, 0xee, 0x6b, 0x28, 0x00
};

#define CAP 256

static SimpleSequence value_simple;
static NestedSequence value_nested;
static ComplexSequence value_complex;

BENCH_ENCODE(encode_simple, SimpleSequence)
BENCH_ENCODE(encode_nested, NestedSequence)
BENCH_DECODE(decode_simple, SimpleSequence)

/* Encode the value, then decode those bytes eagerly into a struct. */
static uint64_t roundtrip_complex(void *vctx, uint64_t iters)
{
    const bench_vec *v = vctx;
    uint8_t *buf = bench_slot(0, CAP);
    ComplexSequence *out = bench_slot(1, sizeof(ComplexSequence));
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        size_t len = 0;
        acc |= (uint64_t)ComplexSequence_encode(v->value, buf, CAP, &len);
        acc |= (uint64_t)ComplexSequence_decode(out, buf, len);
        bench_escape(out);
    }
    return acc;
}

/* The value each bench starts from is decoded from its vector, and must
 * encode back to the vector byte for byte. */
#define PREPARE(T, value, der) BENCH_PREPARE("bench-sequence", T, value, der)

int main(int argc, char **argv)
{
    const char *csv = argc > 1 ? argv[1] : "bench/results/sequence.csv";
    const char *svg = argc > 2 ? argv[2] : "bench/results/sequence.svg";

    PREPARE(SimpleSequence, value_simple, der_simple);
    PREPARE(NestedSequence, value_nested, der_nested);
    PREPARE(ComplexSequence, value_complex, der_complex);
    bench_vec v_simple = { der_simple, sizeof der_simple, &value_simple };
    bench_vec v_nested = { der_nested, sizeof der_nested, &value_nested };
    bench_vec v_complex = { der_complex, sizeof der_complex, &value_complex };

    bench_case cases[] = {
        { "sequence", "encode_simple", "asn1cc", encode_simple, &v_simple, 0, 0, 0, 0, 0 },
        { "sequence", "encode_nested", "asn1cc", encode_nested, &v_nested, 0, 0, 0, 0, 0 },
        { "sequence", "decode_simple", "asn1cc", decode_simple, &v_simple, 0, 0, 0, 0, 0 },
        { "sequence", "roundtrip_complex", "asn1cc", roundtrip_complex, &v_complex, 0, 0, 0, 0, 0 },
    };
    static const struct { const char *label; double seed; double goal; } rows[4] = {
        { "Encode simple (3 elements, 27 B)", 87.9, 12 },
        { "Encode nested (2 levels, 61 B)", 140.8, 20 },
        { "Decode simple (3 elements, eager into a struct)", 12.8, 8 },
        { "Roundtrip complex sequence (encode + eager decode, 41 B)", 149.2, 40 },
    };
    size_t n = sizeof cases / sizeof cases[0];

    bench_config cfg;
    if (bench_measure(&cfg, "Sequence encode/decode (make bench-sequence)", cases, n) != 0)
        return 1;

    printf("### Sequence encode/decode\n\n| Benchmark | seed | asn1cc median | min | goal |\n"
           "|---|---|---|---|---|\n");
    for (size_t i = 0; i < n; i++)
        printf("| %s | %.1f ns | %.2f ns | %.2f ns | ≤ %.0f ns %s |\n", rows[i].label, rows[i].seed,
               cases[i].median_ns, cases[i].min_ns, rows[i].goal,
               cases[i].median_ns <= rows[i].goal ? "(met)" : "(missed)");
    printf("\nThe seed's decode is lazy (O(1): header only); ours validates and decodes"
           " every element into the struct.\n\n");

    int rc = bench_csv_write(csv, cases, n);
    static const char *const series[2] = { "seed (Rust, reported)", "asn1cc generated (median)" };
    bench_svg_panel panel;
    memset(&panel, 0, sizeof panel);
    panel.title = "Sequence encode/decode";
    panel.unit = "ns";
    panel.nrows = n;
    for (size_t i = 0; i < n; i++) {
        panel.rows[i].label = cases[i].row;
        panel.rows[i].value[0] = rows[i].seed;
        panel.rows[i].value[1] = cases[i].median_ns;
    }
    rc |= bench_svg_write(svg, "Sequence: seed vs asn1cc", series, 2, &panel, 1);
    bench_free(cases, n);
    if (rc == 0)
        printf("Wrote %s and %s.\n", csv, svg);
    return rc == 0 ? 0 : 1;
}
