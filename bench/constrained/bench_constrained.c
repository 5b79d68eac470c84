/*
 * make bench-constrained: the seed's constrained-INTEGER tables on
 * asn1cc-generated code. Struct sizes, decode and encode cost per field
 * (unconstrained INTEGER vs each constrained native type) and the two
 * three-field structs, all measured interleaved in one run.
 */
#include <string.h>

#include "bench.h" /* generated/bench.h */
#include "codec_loops.h"
#include "harness.h"

/* INTEGER 100: a value every constrained type admits, so every per-field
 * row decodes and encodes exactly the same bytes. */
static const uint8_t der_integer[3] = {
    0x02, 0x01, 0x64
};

/* { a 100, b 5000, c -1000000000 }: IntegerStruct and ConstrainedStruct
 * have the same tags, so both decode these bytes. */
static const uint8_t der_struct[15] = {
    0x30, 0x0d, 0x80, 0x01, 0x64, 0x81, 0x02, 0x13, 0x88, 0x82, 0x04, 0xc4,
    0x65, 0x36, 0x00
};

#define CAP 64

/* One decode and one encode bench function per type, with direct calls. */
#define DEFINE_BENCH(T)                                                       \
    BENCH_DECODE(decode_##T, T)                                               \
    BENCH_ENCODE(encode_##T, T)                                               \
    static T value_##T;

DEFINE_BENCH(UnconstrainedInteger)
DEFINE_BENCH(ConstrainedU8)
DEFINE_BENCH(ConstrainedU16)
DEFINE_BENCH(ConstrainedI16)
DEFINE_BENCH(ConstrainedI64)
DEFINE_BENCH(IntegerStruct)
DEFINE_BENCH(ConstrainedStruct)

/* Decodes the vector into the value the encode bench starts from, and
 * checks that encoding it gives the vector back byte for byte. */
#define PREPARE(T, der) BENCH_PREPARE("bench-constrained", T, value_##T, der)

typedef struct row {
    const char *name;      /* the seed's row name (CSV) */
    const char *label;     /* Markdown label */
    const char *seed_dec;  /* the seed's figures, as reported */
    const char *seed_enc;
    double seed_dec_ns, seed_enc_ns;
    size_t size;
    bench_fn decode, encode;
    bench_vec vec;         /* what both time */
} row;

int main(int argc, char **argv)
{
    const char *csv = argc > 1 ? argv[1] : "bench/results/constrained.csv";
    const char *svg = argc > 2 ? argv[2] : "bench/results/constrained.svg";

    PREPARE(UnconstrainedInteger, der_integer);
    PREPARE(ConstrainedU8, der_integer);
    PREPARE(ConstrainedU16, der_integer);
    PREPARE(ConstrainedI16, der_integer);
    PREPARE(ConstrainedI64, der_integer);
    PREPARE(IntegerStruct, der_struct);
    PREPARE(ConstrainedStruct, der_struct);

    /* T's row: its decode and encode functions, of vector der (an array). */
#define ROW(T, der) sizeof(T), decode_##T, encode_##T, { der, sizeof der, &value_##T }
    static row rows[7] = {
        { "Integer", "`UnconstrainedInteger` (INTEGER → `asn1rt_bigint` view)",
          "13.7 / 14.2 ns", "39.5 ns", 13.7, 39.5, ROW(UnconstrainedInteger, der_integer) },
        { "u8_constrained", "`ConstrainedU8` (0..200)", "20.6 / 20.9 ns", "41.9 ns", 20.6, 41.9,
          ROW(ConstrainedU8, der_integer) },
        { "u16_constrained", "`ConstrainedU16` (0..10000)", "21.9 / 22.5 ns", "42.9 ns", 21.9, 42.9,
          ROW(ConstrainedU16, der_integer) },
        { "i16_constrained", "`ConstrainedI16` (−1000..1000)", "21.9 / 23.0 ns", "41.7 ns", 21.9, 41.7,
          ROW(ConstrainedI16, der_integer) },
        { "i64_constrained", "`ConstrainedI64` (±1e9, `int32_t`)", "20.7 / 22.0 ns", "42.6 ns", 20.7, 42.6,
          ROW(ConstrainedI64, der_integer) },
        { "IntegerStruct", "`IntegerStruct` (3 × INTEGER)", "62.5 ns", "87.0 ns", 62.5, 87.0,
          ROW(IntegerStruct, der_struct) },
        { "ConstrainedStruct", "`ConstrainedStruct` (u8 + u16 + i32)", "80.3 ns", "105.2 ns", 80.3, 105.2,
          ROW(ConstrainedStruct, der_struct) },
    };
#undef ROW
    static const double seed_size[7] = { 32, 1, 2, 2, 8, 96, 16 };  /* B */

    /* Every decode row, then every encode row. */
    bench_case cases[14];
    size_t n = sizeof cases / sizeof cases[0];
    for (int i = 0; i < 7; i++) {
        cases[i] = (bench_case){ .table = "decode", .row = rows[i].name, .impl = "asn1cc",
                                 .fn = rows[i].decode, .ctx = &rows[i].vec };
        cases[7 + i] = (bench_case){ .table = "encode", .row = rows[i].name, .impl = "asn1cc",
                                     .fn = rows[i].encode, .ctx = &rows[i].vec };
    }

    bench_config cfg;
    if (bench_measure(&cfg, "Constrained INTEGER — native types (make bench-constrained)", cases, n) != 0)
        return 1;

    printf("### Struct size\n\n| Type | seed | asn1cc (`sizeof`) |\n|---|---|---|\n");
    for (int i = 0; i < 7; i++)
        printf("| %s | %.0f B | %zu B |\n", rows[i].label, seed_size[i], rows[i].size);
    double shrink = (double)sizeof(IntegerStruct) / (double)sizeof(ConstrainedStruct);
    printf("\nConstrainedStruct is %.1f× smaller than IntegerStruct (seed: 96 B / 16 B = 6×;"
           " goal ≥ 6×: %s). `ConstrainedI64`'s range ±1e9 fits `int32_t`, which sema picks.\n\n",
           shrink, shrink >= 6 ? "met" : "missed");

    printf("### Decode overhead per field\n\nEvery row decodes the same 3 bytes (`02 01 64`).\n\n"
           "| Type | seed | asn1cc median | min | vs Integer, 95%% CI |\n|---|---|---|---|---|\n");
    for (int i = 0; i < 5; i++) {
        bench_ratio r = bench_paired_ratio(&cases[i], &cases[0]);
        printf("| %s | %s | %.2f ns | %.2f ns | %+.2f ns (%+.0f%% [%+.0f, %+.0f]) |\n",
               rows[i].label, rows[i].seed_dec, cases[i].median_ns, cases[i].min_ns,
               cases[i].median_ns - cases[0].median_ns, 100 * (r.median - 1),
               100 * (r.lo - 1), 100 * (r.hi - 1));
    }
    printf("\nGoal: no constrained row above the Integer row (the seed pays +7 ns).\n");
    printf("\n### Encode overhead per field\n\n"
           "| Type | seed | asn1cc median | min | vs Integer, 95%% CI |\n|---|---|---|---|---|\n");
    for (int i = 0; i < 5; i++) {
        bench_ratio r = bench_paired_ratio(&cases[7 + i], &cases[7]);
        printf("| %s | %s | %.2f ns | %.2f ns | %+.2f ns (%+.0f%% [%+.0f, %+.0f]) |\n",
               rows[i].label, rows[i].seed_enc, cases[7 + i].median_ns, cases[7 + i].min_ns,
               cases[7 + i].median_ns - cases[7].median_ns, 100 * (r.median - 1),
               100 * (r.lo - 1), 100 * (r.hi - 1));
    }
    printf("\nGoal: no constrained row above the Integer row (the seed pays +3 ns).\n");
    printf("\n### Three-field struct decode/encode\n\nBoth decode the same 15 bytes"
           " (a = 100, b = 5000, c = −1000000000).\n\n"
           "| Type | seed decode | seed encode | asn1cc decode | asn1cc encode |\n|---|---|---|---|---|\n");
    for (int i = 5; i < 7; i++)
        printf("| %s | %s | %s | %.2f ns (min %.2f) | %.2f ns (min %.2f) |\n", rows[i].label,
               rows[i].seed_dec, rows[i].seed_enc, cases[i].median_ns, cases[i].min_ns,
               cases[7 + i].median_ns, cases[7 + i].min_ns);
    int met = 1;
    for (int i = 5; i < 7; i++)
        met &= cases[i].median_ns <= 10 && cases[7 + i].median_ns <= 15;
    printf("\nGoal: decode ≤ 10 ns and encode ≤ 15 ns for both structs: %s.\n\n",
           met ? "met" : "missed");

    int rc = bench_csv_write(csv, cases, n);

    static const char *const series[2] = { "seed (Rust, reported)", "asn1cc generated (median)" };
    bench_svg_panel panels[3];
    memset(panels, 0, sizeof panels);
    panels[0].title = "Decode per field and three-field struct";
    panels[1].title = "Encode per field and three-field struct";
    panels[2].title = "Struct size";
    panels[0].unit = panels[1].unit = "ns";
    panels[2].unit = "B";
    for (int i = 0; i < 7; i++) {
        for (int p = 0; p < 3; p++)
            panels[p].rows[i].label = rows[i].name;
        panels[0].rows[i].value[0] = rows[i].seed_dec_ns;
        panels[0].rows[i].value[1] = cases[i].median_ns;
        panels[1].rows[i].value[0] = rows[i].seed_enc_ns;
        panels[1].rows[i].value[1] = cases[7 + i].median_ns;
        panels[2].rows[i].value[0] = seed_size[i];
        panels[2].rows[i].value[1] = (double)rows[i].size;
    }
    panels[0].nrows = panels[1].nrows = panels[2].nrows = 7;
    rc |= bench_svg_write(svg, "Constrained INTEGER: seed vs asn1cc", series, 2, panels, 3);
    bench_free(cases, n);
    if (rc == 0)
        printf("Wrote %s and %s.\n", csv, svg);
    return rc == 0 ? 0 : 1;
}
